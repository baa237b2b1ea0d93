//! What a run computes, asked of a whole run without recording it: which of some
//! numbers it computes, and the values it computes on some source lines (the values a
//! trace keeps, [`trace::keeps_value`]). An analysis traces its runs only up to where
//! their output differs; a question about the whole run ("did the good run ever
//! compute this number?", "what did this line compute in the good run?") is answered
//! by running the test again under this observer, at about a plain run's cost.

use super::hooks::{AddrOps, Lens, Observer};
use super::{trace, Limits, Machine, RunInput};
use crate::ir::{FileId, Loc, Operand, Program, Rvalue, Scalar};
use crate::slice::spread;
use crate::sym::{FxHashMap, FxHashSet};

/// What to collect of the values on one source line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    /// The first n, in run order.
    First(usize),
    /// Every distinct value.
    All,
}

/// The values a run computed on one source line ([`Want`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum LineValues {
    First(Vec<u64>),
    All(FxHashSet<u64>),
}

/// The questions of a probe: numbers (each [`spread`]), and source lines
/// ((file id, line) as in [`Loc`]).
#[derive(Default)]
pub(crate) struct Questions {
    pub numbers: FxHashSet<u64>,
    pub lines: FxHashMap<(FileId, u32), Want>,
}

impl Questions {
    pub fn is_empty(&self) -> bool {
        self.numbers.is_empty() && self.lines.is_empty()
    }
}

/// A probe's answers: the numbers asked that the run computed, and each line's values.
#[derive(Default)]
pub(crate) struct Answers {
    pub numbers: FxHashSet<u64>,
    pub lines: FxHashMap<(FileId, u32), LineValues>,
}

struct Probe {
    asked: Questions,
    found: Answers,
}

impl Probe {
    #[inline]
    fn saw(&mut self, v: u64, loc: Loc) {
        if !self.asked.numbers.is_empty() {
            let k = spread(v);
            if self.asked.numbers.contains(&k) {
                self.found.numbers.insert(k);
            }
        }
        if self.asked.lines.is_empty() {
            return;
        }
        let Some(&want) = self.asked.lines.get(&(loc.file, loc.line)) else {
            return;
        };
        let slot = self
            .found
            .lines
            .entry((loc.file, loc.line))
            .or_insert_with(|| match want {
                Want::First(_) => LineValues::First(Vec::new()),
                Want::All => LineValues::All(FxHashSet::default()),
            });
        match (slot, want) {
            (LineValues::First(vs), Want::First(n)) if vs.len() < n => vs.push(v),
            (LineValues::All(vs), _) => {
                vs.insert(v);
            }
            _ => {}
        }
    }
}

impl Observer for Probe {
    const ON: bool = true;
    type Extra = ();

    #[inline(always)]
    fn assign<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        _dst: usize,
        rv: &Rvalue,
        _rb: usize,
        loc: Loc,
        v: u64,
    ) {
        if trace::keeps_assigned(rv) {
            l.get(&mut m.obs).saw(v, loc);
        }
    }

    #[inline(always)]
    fn stored<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        addr: AddrOps<'_>,
        val: &Operand,
        ty: Scalar,
        _a: u64,
        _rb: usize,
        loc: Loc,
    ) -> Result<(), super::memory::MemFault> {
        if let (AddrOps::Direct(_), Operand::Const(c)) = (addr, val) {
            if trace::keeps_stored(val, ty) {
                l.get(&mut m.obs).saw(*c, loc);
            }
        }
        Ok(())
    }
}

/// A way to ask a whole run (a run of the test again, under [`probe`]).
pub(crate) type WholeRun<'a> = &'a dyn Fn(Questions) -> Answers;

/// The answers of a whole run of `prog` on `input` to `asked`.
pub(crate) fn probe(prog: &Program, input: &RunInput, limits: Limits, asked: Questions) -> Answers {
    if asked.is_empty() {
        return Answers::default();
    }
    let obs = Probe {
        asked,
        found: Answers::default(),
    };
    let mut m = Machine::new(prog, input, limits, obs);
    let _ = m.run_main();
    m.obs.found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::FileId;

    /// A probe sees the values a whole traced run keeps, and no others: the numbers
    /// asked that the trace holds, and each line's values in run order (the first n)
    /// or all of them.
    #[test]
    fn a_probe_answers_what_the_whole_trace_holds() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("t.c");
        std::fs::write(
            &f,
            "#include <stdio.h>\nint g;\nstatic int sq(int v) { return v * v; }\nint main(void) {\n  int t = 0;\n  for (int i = 0; i < 40; i++) {\n    t += sq(i) % 7;\n    g = 5;\n  }\n  printf(\"%d %d\\n\", t, g);\n  return 0;\n}\n",
        )
        .expect("write");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("load");
        let input = RunInput::default();
        let t = super::super::run_traced(&prog, &input, Limits::default(), false);
        let fid = prog
            .files
            .iter()
            .position(|f| f.ends_with("t.c"))
            .expect("the source's file id") as FileId;
        // Per line, the values the trace keeps, in order.
        let mut by_line: FxHashMap<(FileId, u32), Vec<u64>> = FxHashMap::default();
        for i in 0..t.trace.len() {
            let (Some(v), Some(loc)) = (
                t.trace.value(i),
                crate::darwin::value::stmt_loc(&prog, t.trace.entry(i).stmt),
            ) else {
                continue;
            };
            by_line.entry((loc.file, loc.line)).or_default().push(v);
        }
        // sq's product, the remainder and sum on line 7, the stored constant on line 8.
        for line in [3, 7, 8] {
            assert!(
                by_line.contains_key(&(fid, line)),
                "line {line}: {by_line:?}"
            );
        }
        let kept: FxHashSet<u64> = by_line.values().flatten().copied().collect();
        let mut asked = Questions::default();
        for v in [0u64, 5, 1521, 999_999] {
            asked.numbers.insert(spread(v));
        }
        asked.lines.insert((fid, 3), Want::First(10));
        asked.lines.insert((fid, 7), Want::All);
        asked.lines.insert((fid, 8), Want::First(1000));
        let a = probe(&prog, &input, Limits::default(), asked);
        let want: FxHashSet<u64> = [0u64, 5, 1521]
            .iter()
            .filter(|v| kept.contains(v))
            .map(|&v| spread(v))
            .collect();
        assert_eq!(want.len(), 3);
        assert_eq!(a.numbers, want);
        assert_eq!(
            a.lines.get(&(fid, 3)),
            Some(&LineValues::First(by_line[&(fid, 3)][..10].to_vec()))
        );
        assert_eq!(
            a.lines.get(&(fid, 7)),
            Some(&LineValues::All(
                by_line[&(fid, 7)].iter().copied().collect()
            ))
        );
        assert_eq!(
            a.lines.get(&(fid, 8)),
            Some(&LineValues::First(by_line[&(fid, 8)].clone()))
        );
        assert!(
            probe(&prog, &input, Limits::default(), Questions::default())
                .lines
                .is_empty()
        );
    }
}
