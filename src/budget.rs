//! The analysis budget: a deadline for the whole main command and the memory ceiling,
//! looked at by each stage between its units of work (DARWIN between solver queries,
//! the hunk search between subsets, the value stage before it starts). A stage that
//! finds the budget spent stops where it is and says what it leaves undone; the report
//! then carries what was established and those notes, and the command its own exit
//! status (`cli::code::INCOMPLETE`).

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Default `--budget`: five minutes for the whole analysis.
pub const DEFAULT_BUDGET_SECS: f64 = 300.0;

/// Why the budget is spent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spent {
    Time,
    Memory,
}

/// Shared by the stages that run at once (the hunk search beside the value stage).
#[derive(Debug)]
pub struct Budget {
    started: Instant,
    limit: Option<Duration>,
    max_memory: u64,
    spent: Mutex<Option<Spent>>,
    not_done: Mutex<Vec<String>>,
    /// The ceiling left no room to slice the runs (`Budget::no_room_to_slice`); the
    /// stages that do not slice go on.
    unsliced: Mutex<bool>,
}

impl Budget {
    /// A budget of `secs` seconds from now (0: no time limit) under the memory ceiling
    /// `max_memory` (bytes of `exec::ceiling::live_bytes`).
    pub fn new(secs: f64, max_memory: u64) -> Budget {
        let limit = (secs > 0.0 && secs.is_finite()).then(|| Duration::from_secs_f64(secs));
        Budget {
            started: Instant::now(),
            limit,
            max_memory,
            spent: Mutex::new(None),
            not_done: Mutex::new(Vec::new()),
            unsliced: Mutex::new(false),
        }
    }

    /// No deadline, and no ceiling beyond the process's own.
    pub fn unlimited() -> Budget {
        Budget::new(0.0, u64::MAX)
    }

    /// Whether the time or the memory is spent (once spent, it stays so: a stage after
    /// the one that found it so does not start).
    pub fn spent(&self) -> Option<Spent> {
        if let Some(s) = *lock(&self.spent) {
            return Some(s);
        }
        let s = if self.limit.is_some_and(|l| self.started.elapsed() >= l) {
            Some(Spent::Time)
        } else if crate::exec::ceiling::live_bytes() > self.max_memory {
            Some(Spent::Memory)
        } else {
            None
        };
        let mut spent = lock(&self.spent);
        // Another thread may have found it spent meanwhile: the first reason stands.
        *spent = spent.or(s);
        *spent
    }

    /// Bytes the analysis may still allocate under the memory ceiling.
    pub fn room(&self) -> u64 {
        self.max_memory
            .saturating_sub(crate::exec::ceiling::live_bytes())
    }

    /// The runs are not sliced: their indexes would need `need` bytes where the
    /// ceiling leaves `room`. Not spent: the stages that do not slice (the hunk search)
    /// go on under the ceiling.
    pub fn no_room_to_slice(&self, need: u64, room: u64) {
        *lock(&self.unsliced) = true;
        self.not_done(format!(
            "slicing: a run's slicing index needs about {} MiB, {} MiB more than the \
             ceiling leaves",
            need >> 20,
            need.saturating_sub(room) >> 20
        ));
    }

    /// Mark the budget spent for `why`, found by other means (a run of the test that
    /// stopped at the memory ceiling).
    pub fn stop(&self, why: Spent) {
        *lock(&self.spent) = Some(why);
    }

    /// After the test's runs: one that stopped at the memory ceiling while what it
    /// recorded still holds more than half of it (a trace, not the program's freed
    /// heap) leaves no room for the stages after it, which are then not started.
    pub fn after_runs(&self, outcomes: &[&crate::exec::Outcome]) {
        if outcomes.iter().any(|o| ceiling_outcome(o))
            && crate::exec::ceiling::live_bytes() > self.max_memory / 2
        {
            self.stop(Spent::Memory);
        }
    }

    /// Record a piece of the analysis left undone because the budget was spent
    /// ("DARWIN: 120 of 400 branch instances not examined").
    pub fn not_done(&self, what: impl Into<String>) {
        lock(&self.not_done).push(what.into());
    }

    /// Whether some of the analysis was left undone.
    pub fn incomplete(&self) -> bool {
        !lock(&self.not_done).is_empty()
    }

    /// The report's notes: why the analysis stopped early and each piece left undone.
    pub fn notes(&self) -> Vec<String> {
        let items = lock(&self.not_done);
        if items.is_empty() {
            return Vec::new();
        }
        let why = match *lock(&self.spent) {
            Some(Spent::Memory) => format!(
                "the analysis stopped at the memory ceiling of {} MiB (--max-memory)",
                self.max_memory >> 20
            ),
            None if *lock(&self.unsliced) => format!(
                "the memory ceiling of {} MiB (--max-memory) left no room to slice the runs",
                self.max_memory >> 20
            ),
            _ => format!(
                "the analysis stopped at its time budget of {} s (--budget)",
                self.limit.map_or(0.0, |l| l.as_secs_f64())
            ),
        };
        let mut out = vec![format!(
            "{why}; what is reported above was established, this was not done:"
        )];
        out.extend(items.iter().map(|i| format!("not done: {i}")));
        out
    }
}

/// The data behind `m`; a thread that panicked holding it (a stage, contained as such)
/// left it whole, since every update is one assignment or push.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Whether a run ended on regcause's memory ceiling (not on a fault of the program).
pub fn ceiling_outcome(o: &crate::exec::Outcome) -> bool {
    matches!(o, crate::exec::Outcome::Fault(e) if e.kind == crate::exec::FaultKind::OutOfMemory)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_room_to_slice_leaves_the_budget_unspent_and_says_why() {
        let b = Budget::new(0.0, 64 << 20);
        b.no_room_to_slice(100 << 20, 30 << 20);
        assert_eq!(b.spent(), None);
        assert!(b.incomplete());
        let n = b.notes();
        assert!(
            n[0].contains("ceiling of 64 MiB (--max-memory) left no room to slice"),
            "{n:?}"
        );
        assert!(n[1].contains("about 100 MiB, 70 MiB more"), "{n:?}");
    }

    #[test]
    fn an_elapsed_budget_is_spent_and_says_what_was_not_done() {
        let b = Budget::new(1e-9, u64::MAX);
        std::thread::sleep(Duration::from_millis(1));
        assert_eq!(b.spent(), Some(Spent::Time));
        assert!(!b.incomplete());
        assert!(b.notes().is_empty());
        b.not_done("the hunk search");
        assert!(b.incomplete());
        let notes = b.notes();
        assert!(notes[0].contains("time budget"), "{notes:?}");
        assert_eq!(notes[1], "not done: the hunk search");
    }

    #[test]
    fn no_limit_is_never_spent_and_memory_counts() {
        assert_eq!(Budget::unlimited().spent(), None);
        assert_eq!(Budget::new(0.0, u64::MAX).spent(), None);
        // A ceiling below what the test process already holds is spent.
        let b = Budget::new(0.0, 1);
        assert_eq!(b.spent(), Some(Spent::Memory));
        assert!(b.notes().is_empty());
        b.not_done("DARWIN");
        assert!(b.notes()[0].contains("memory ceiling"));
    }
}
