//! One revision of an analysis: its tree, program, the test's run on it, and (for a
//! traced run) the slicing view every later stage shares, computed once.

use crate::analysis::Facts;
use crate::exec::{self, trace::Trace, ConcolicRun, Limits, RunInput, RunResult};
use crate::explain::{self as ex, TracedRun, Trees};
use crate::frontend::UnitTexts;
use crate::ir::Program;
use crate::oracle::{self, Test};
use crate::repo::{Materialised, Repo};
use crate::slice::{Criterion, Relevant, Slicer};

use super::AnalyzeError;

/// One revision, materialised, loaded and run concolically on the test.
pub struct RevisionRun {
    /// As the user named it.
    pub rev: String,
    pub tree: Materialised,
    pub prog: Program,
    /// The test as run here (its `cwd` is this revision's tree).
    pub input: RunInput,
    /// The test's run: its result is the whole run's; its symbolic state the traced
    /// run's when the test was traced (up to the cut, when the trace is cut).
    pub run: ConcolicRun,
    /// The run's slicing trace (recorded for `--condition rsc`).
    pub trace: Option<Trace>,
    /// When the trace is cut ([`Trace::cut`]): the traced run's own result, which
    /// stops at the cut (its output events name the trace's entries). Otherwise the
    /// traced run's result is `run.result`.
    cut_result: Option<RunResult>,
    /// How many times the test ran at this revision (the first look, the traced run).
    pub executions: usize,
    /// Whether `run.result` is a first look stopped at its shorter step limit
    /// ([`first_look_limits`]), standing for a run nobody followed to its end.
    short_look: bool,
    /// Each unit's preprocessed text: the hunk search splices from it.
    pub units: UnitTexts,
}

impl RevisionRun {
    /// Write `rev`'s tree out, load the test's program from it and run the test:
    /// concolically, or, when the analysis will trace it, plainly first (the first
    /// look: [`RevisionRun::trace_pair`] traces it once the verdict is known).
    pub fn load(
        repo: &Repo,
        rev: &str,
        test: &Test,
        limits: Limits,
        traced: bool,
    ) -> Result<RevisionRun, AnalyzeError> {
        let tree = repo.materialise(rev)?;
        RevisionRun::run_in(tree, rev, test, limits, traced)
    }

    /// [`load`](RevisionRun::load) for the good and the bad revision, the two loaded
    /// and run on their own threads when `jobs` allows (the trees are written first:
    /// the repository is not shared between threads). An error of the good revision
    /// is the one reported when both fail, as when they run one after the other.
    pub fn load_pair(
        repo: &Repo,
        (good, bad): (&str, &str),
        test: &Test,
        limits: Limits,
        traced: bool,
        jobs: usize,
    ) -> Result<(RevisionRun, RevisionRun), AnalyzeError> {
        if jobs < 2 {
            let g = RevisionRun::load(repo, good, test, limits, traced)?;
            return Ok((g, RevisionRun::load(repo, bad, test, limits, traced)?));
        }
        let gt = repo.materialise(good)?;
        let bt = repo.materialise(bad)?;
        let (g, b) = at_once(
            || RevisionRun::run_in(gt, good, test, limits, traced),
            || RevisionRun::run_in(bt, bad, test, limits, traced),
        );
        Ok((g?, b?))
    }

    fn run_in(
        tree: Materialised,
        rev: &str,
        test: &Test,
        limits: Limits,
        traced: bool,
    ) -> Result<RevisionRun, AnalyzeError> {
        // After the tree is written: a failure here must still remove it.
        crate::failpoint::hit(super::Stage::Load.failpoint());
        let (prog, units) = oracle::load_keeping_text(tree.path(), test, rev)?;
        let input = test.input(tree.path());
        let run = match traced {
            // The interpreter's fast path: a tenth of a traced run's cost or less.
            true => ConcolicRun {
                result: exec::run(&prog, &input, first_look_limits(limits)),
                sym: Default::default(),
            },
            false => exec::run_concolic(&prog, &input, limits),
        };
        let short_look = traced && stopped_short(&run.result, limits);
        Ok(RevisionRun {
            rev: rev.to_string(),
            tree,
            prog,
            input,
            run,
            trace: None,
            cut_result: None,
            executions: 1,
            short_look,
            units,
        })
    }

    /// Whether the run's result is the whole run's: not a first look that stopped at
    /// its shorter step limit ([`first_look_limits`]) and stands for a run followed no
    /// further. Such a look says nothing of how the test ends (the report does not say
    /// it stopped), and the traced run is the one to judge.
    pub fn ended(&self) -> bool {
        !self.short_look
    }

    /// The first look again, plainly, under the test's own limits: for a test longer than
    /// a trace could hold whose output already went wrong at the bad revision, the
    /// good run must end to say the test passes there (it is the revision expected to
    /// end; a bad one looping forever is why the first look stops short).
    pub fn look_whole(&mut self, limits: Limits) {
        self.run = ConcolicRun {
            result: exec::run(&self.prog, &self.input, limits),
            sym: Default::default(),
        };
        self.executions += 1;
        self.short_look = false;
    }

    /// The traced concolic runs of both revisions after their first look, on a thread
    /// each when `jobs` allows. Each records until the stdout byte of `stops` (its own;
    /// see [`exec::run_traced_until`]) and stops there, the first look's result
    /// standing for the whole run; or, with None, to its end, its result replacing the
    /// first look's.
    pub fn trace_pair(
        g: &mut RevisionRun,
        b: &mut RevisionRun,
        limits: Limits,
        stops: (Option<usize>, Option<usize>),
        jobs: usize,
    ) {
        let (gt, bt) = if jobs < 2 {
            (
                traced(&g.prog, &g.input, limits, stops.0),
                traced(&b.prog, &b.input, limits, stops.1),
            )
        } else {
            // The program and input only: a run's symbolic state stays on its thread.
            let (bp, bi) = (&b.prog, &b.input);
            at_once(
                || traced(&g.prog, &g.input, limits, stops.0),
                || traced(bp, bi, limits, stops.1),
            )
        };
        g.take_traced(gt);
        b.take_traced(bt);
    }

    /// A traced run `t` of the test in place of the run.
    fn take_traced(&mut self, t: exec::TracedRun) {
        let sym = t.sym.unwrap_or_default();
        self.executions += 1;
        if t.trace.cut {
            self.run.sym = sym;
            self.cut_result = Some(t.result);
        } else {
            self.run = ConcolicRun {
                result: t.result,
                sym,
            };
            self.cut_result = None;
            self.short_look = false;
        }
        self.trace = Some(t.trace);
    }

    /// Whether the run was traced only up to the divergence ([`Trace::cut`]): its
    /// symbolic state and trace stop there, its result does not.
    pub fn traced_in_part(&self) -> bool {
        self.cut_result.is_some()
    }

    /// Whether the run's trace reaches the slicing criterion at `start`: a trace cut
    /// after a stdout byte holds that byte's write and what came before, nothing else.
    pub fn covers(&self, start: ex::Start) -> bool {
        let Some(r) = &self.cut_result else {
            return true;
        };
        let entries = self.trace.as_ref().map_or(0, |t| t.len());
        match start {
            ex::Start::Byte(n) => r
                .stdout_event_at(n)
                .is_some_and(|e| (e.entry as usize) < entries),
            ex::Start::FileByte(..) | ex::Start::Ending => false,
        }
    }

    /// The test traced again to its end, for a criterion its cut trace does not reach.
    pub fn trace_whole(&mut self, limits: Limits) {
        self.take_traced(traced(&self.prog, &self.input, limits, None));
    }

    /// The test run again under other limits (the tree and the program stay), to put
    /// in place of `run` and `trace` when it is the one to analyse.
    pub fn run_again(&mut self, limits: Limits, traced: bool) -> (ConcolicRun, Option<Trace>) {
        self.executions += 1;
        execute(&self.prog, &self.input, limits, traced)
    }

    /// Put a run of [`RevisionRun::run_again`] in place of the run.
    pub fn replace_run(&mut self, (run, trace): (ConcolicRun, Option<Trace>)) {
        self.run = run;
        self.trace = trace;
        self.cut_result = None;
    }

    /// The traced run with its trace, when it was traced.
    pub fn traced(&self) -> Option<TracedRun<'_>> {
        self.trace.as_ref().map(|t| TracedRun {
            prog: &self.prog,
            trace: t,
            result: self.cut_result.as_ref().unwrap_or(&self.run.result),
        })
    }
}

/// What the stages read of one traced run's slices: the static facts and the slicer's
/// forward index are built once per revision, the criterion and its relevant slice
/// once, and the slice trees at the first stage that asks.
pub struct SliceView<'a> {
    pub run: TracedRun<'a>,
    /// The forward index (about twice the trace's size): `None` once released
    /// ([`SliceView::release_index`]).
    slicer: Option<Slicer<'a>>,
    pub criterion: Criterion,
    /// The relevant slice of the criterion: its conditions are the run's RSC.
    pub slice: Relevant,
    /// Whether [`Trees::full`] is built: the bad run's chains and undefined behaviour
    /// read it, the good run's only its undefined behaviour.
    full: bool,
    trees: std::cell::OnceCell<Result<Trees, String>>,
}

impl<'a> SliceView<'a> {
    /// The slicing view of a traced run from the divergence's criterion (`start`: a
    /// stdout byte where the run wrote it, a written file's byte, else how it ended);
    /// `bad` for the failing revision's run.
    pub(super) fn new(
        run: TracedRun<'a>,
        start: ex::Start,
        bad: bool,
    ) -> anyhow::Result<SliceView<'a>> {
        let criterion = ex::criterion_at(&run, start)?;
        // Every stage slices from this criterion (or from entries of its slices): the
        // index stops at it.
        let end = criterion
            .entries
            .iter()
            .max()
            .map_or(0, |&e| e as usize + 1);
        let slicer = Slicer::upto(run.prog, &Facts::new(run.prog), run.trace, end)?;
        let slice = slicer.relevant(&criterion)?;
        let full = bad || !run.result.warnings.is_empty();
        Ok(SliceView {
            run,
            slicer: Some(slicer),
            criterion,
            slice,
            full,
            trees: std::cell::OnceCell::new(),
        })
    }

    /// The data and full slice trees of the criterion (computed on first use).
    pub fn trees(&self) -> Result<&Trees, String> {
        self.trees
            .get_or_init(|| {
                // The relevant slice is the view's own: only the two trees are new work.
                let (set, data) = (&self.slice.set, self.slice.static_data.clone());
                let slicer = self.slicer.as_ref().ok_or("the run's index was released")?;
                ex::trees_of(slicer, &self.criterion, set, data, self.full)
                    .map_err(|e| format!("{e:#}"))
            })
            .as_ref()
            .map_err(Clone::clone)
    }

    /// The forward index, unless released.
    pub fn slicer(&self) -> Option<&Slicer<'a>> {
        self.slicer.as_ref()
    }

    /// Builds the trees and drops the forward index, for a view whose later readers
    /// want nothing else of it (the good run's: only the bad run's index is read after
    /// its trees). Both indexes together were the largest part of an analysis's memory.
    pub fn release_index(&mut self) {
        let _ = self.trees();
        self.slicer = None;
    }

    /// (file, line) of every line in the relevant slice.
    /// (file, line) of every statement the run executed, but for the start of a fixed
    /// size object's storage, which computes nothing (`char buf[8];`: its size is
    /// compiled into the lines using it).
    pub fn executed_lines(&self) -> std::collections::HashSet<(String, u32)> {
        let prog = self.run.prog;
        let ran = self.run.trace.executed();
        let computes = |id| {
            !matches!(
                prog.stmt(id).map(|s| &s.kind),
                Some(crate::ir::StmtKind::StorageLive(_))
            )
        };
        prog.stmt_locs()
            .zip(ran)
            .filter(|&((id, _), ran)| ran && computes(id))
            .filter_map(|((_, l), _)| Some((prog.files.get(l.file as usize)?.clone(), l.line)))
            .collect()
    }

    pub fn lines(&self) -> Vec<(String, u32)> {
        let prog = self.run.prog;
        self.slice
            .lines(prog, self.run.trace)
            .into_iter()
            .filter_map(|(l, _)| Some((prog.files.get(l.file as usize)?.clone(), l.line)))
            .collect()
    }
}

/// The good revision's work `g` here and the bad one's `b` on a thread of its own; a
/// panic of `b` goes on here, as it would have one after the other.
pub(super) fn at_once<G, B: Send>(g: impl FnOnce() -> G, b: impl FnOnce() -> B + Send) -> (G, B) {
    std::thread::scope(|sc| {
        let other = sc.spawn(b);
        let g = g();
        let b = other
            .join()
            .unwrap_or_else(|p| std::panic::resume_unwind(p));
        (g, b)
    })
}

/// Trace bytes per executed statement a traced run takes at least, about: the first
/// look's step limit is what a traced run would fill the memory ceiling with.
const FIRST_LOOK_BYTES_PER_STEP: u64 = 4;

/// Whether `r` is a first look stopped at its step limit, shorter than the test's own.
fn stopped_short(r: &exec::RunResult, limits: Limits) -> bool {
    let stopped = matches!(&r.outcome,
        exec::Outcome::Fault(e) if e.kind == exec::FaultKind::StepLimit);
    stopped && first_look_limits(limits).max_steps < limits.max_steps
}

/// The limits of the first look's plain run. A traced run stops at the memory ceiling
/// long before the step limit (an endless loop fills it in seconds): a plain run let go
/// to the step limit would take minutes where the analysis took seconds. Past what
/// a trace could hold, the first look gives up and the traced run decides.
fn first_look_limits(limits: Limits) -> Limits {
    Limits {
        max_steps: limits
            .max_steps
            .min(limits.max_memory / FIRST_LOOK_BYTES_PER_STEP),
        ..limits
    }
}

/// The test's concolic run of `prog`, traced too when `traced`.
fn execute(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    traced: bool,
) -> (ConcolicRun, Option<Trace>) {
    if !traced {
        return (exec::run_concolic(prog, input, limits), None);
    }
    let t = self::traced(prog, input, limits, None);
    let run = ConcolicRun {
        result: t.result,
        sym: t.sym.unwrap_or_default(),
    };
    (run, Some(t.trace))
}

/// The test's traced concolic run of `prog`, recording until stdout byte `stop` (None:
/// to the end).
fn traced(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    stop: Option<usize>,
) -> exec::TracedRun {
    exec::run_traced_until(prog, input, limits, true, stop)
}
