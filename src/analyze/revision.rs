//! One revision of an analysis: its tree, program, the test's run on it, and (for a
//! traced run) the slicing view every later stage shares, computed once.

use crate::analysis::Facts;
use crate::exec::{self, trace::Trace, ConcolicRun, Limits, RunInput};
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
    pub run: ConcolicRun,
    /// The run's slicing trace (recorded for `--condition rsc`).
    pub trace: Option<Trace>,
    /// Each unit's preprocessed text: the hunk search splices from it.
    pub units: UnitTexts,
}

impl RevisionRun {
    /// Write `rev`'s tree out, load the test's program from it and run the test,
    /// concolically, and traced when `traced`.
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
        let (run, trace) = execute(&prog, &input, limits, traced);
        Ok(RevisionRun {
            rev: rev.to_string(),
            tree,
            prog,
            input,
            run,
            trace,
            units,
        })
    }

    /// The test run again under other limits (the tree and the program stay), to put
    /// in place of `run` and `trace` when it is the one to analyse.
    pub fn run_again(&self, limits: Limits, traced: bool) -> (ConcolicRun, Option<Trace>) {
        execute(&self.prog, &self.input, limits, traced)
    }

    /// The run with its trace, when it was traced.
    pub fn traced(&self) -> Option<TracedRun<'_>> {
        self.trace.as_ref().map(|t| TracedRun {
            prog: &self.prog,
            trace: t,
            result: &self.run.result,
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

/// The test's concolic run of `prog`, traced too when `traced`.
fn execute(
    prog: &Program,
    input: &RunInput,
    limits: Limits,
    traced: bool,
) -> (ConcolicRun, Option<Trace>) {
    if traced {
        let t = exec::run_traced(prog, input, limits, true);
        let run = ConcolicRun {
            result: t.result,
            sym: t.sym.unwrap_or_default(),
        };
        (run, Some(t.trace))
    } else {
        (exec::run_concolic(prog, input, limits), None)
    }
}
