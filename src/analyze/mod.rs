//! One root-cause analysis of `git regcause GOOD BAD -- TEST`. [`analyze`] runs the
//! stages in this order, each in one place:
//!
//! 1. **resolve** both revisions to their commit and tree ids; a cached report of the
//!    same trees, test and options is returned whole (nothing written out, run or solved);
//! 2. **load** each revision ([`RevisionRun`]): its tree written out, the program lowered,
//!    the test run concolically (traced for `--condition rsc`);
//! 3. the **verdict** of the oracle: anything but a regression ends here;
//! 4. the **divergence**, and per traced revision its slicing view ([`SliceView`]: static
//!    facts, slicer, criterion and relevant slice, built once and shared by every stage);
//! 5. **DARWIN**: the two conditions composed, flips replayed at both revisions;
//! 6. **values**: value-level candidates, exposed unchanged lines, the links between
//!    value lines, undefined-behaviour notes; then the changed `#define`s of candidates;
//! 7. the **hunk search** (ddmin on the diff's hunks);
//! 8. **corroboration** by the bad revision's explored suite, when `explore` cached one;
//! 9. the **naming** of the root cause, then the **chain** of the top candidate.
//!
//! Stages 5 to 9 are contained: an error or a panic in one becomes a note of the report
//! (and the report is not cached), never a lost report. Loading, the verdict and the
//! slicing views fail the analysis with a typed [`AnalyzeError`].

mod divergence;
pub mod naming;
mod revision;
mod stages;

use std::cell::RefCell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::Instant;

use crate::budget::Budget;
use crate::cache::{Cache, Key};
use crate::darwin::{self, ConditionKind, DarwinError, Side};
use crate::diffctx::TreeDiff;
use crate::exec::{self, ConcolicRun, FaultKind, Limits};
use crate::explain::TracedRun;
use crate::oracle::{self, Divergence, OracleError, Test, Verdict};
use crate::repo::{Repo, RepoError};
use crate::report::{self, Note, Report, Revision, TestDesc};

pub use revision::{RevisionRun, SliceView};

/// What to analyse, and how.
#[derive(Clone, Debug)]
pub struct Request {
    pub good: String,
    pub bad: String,
    pub test: Test,
    pub condition: ConditionKind,
    /// Per solver query; 0: no limit.
    pub timeout_secs: u64,
    pub limits: Limits,
    /// Run the hunk search (off with `--no-dd`).
    pub hunk_search: bool,
    pub expect: Expectation,
    /// Time budget of the stages after the two runs, in seconds (0: none).
    pub budget_secs: f64,
    /// Workers of the hunk search (at least 1).
    pub jobs: usize,
}

/// The machine's cores (1 when it cannot tell).
pub fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// What the test's output is judged against.
#[derive(Clone, Debug, Default)]
pub enum Expectation {
    /// The good revision's own output (the default).
    #[default]
    GoodOutput,
    /// These bytes, at both revisions (`--expect FILE`).
    Given(Vec<u8>),
    /// The file at this path inside each revision's own tree (`--expect-file`).
    InTree(String),
}

/// The stages, for progress and for the notes of a contained failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    Load,
    /// The runs' relevant slices (with `--condition rsc`); contained with the stage
    /// that reads them, so it has no failpoint of its own.
    Slicing,
    Darwin,
    Values,
    HunkSearch,
    Corroborate,
    Naming,
    Chain,
}

impl Stage {
    pub fn name(self) -> &'static str {
        match self {
            Stage::Load => "loading and running the test",
            Stage::Slicing => "slicing",
            Stage::Darwin => "DARWIN",
            Stage::Values => "value-level",
            Stage::HunkSearch => "hunk search",
            Stage::Corroborate => "explored-suite",
            Stage::Naming => "naming",
            Stage::Chain => "chain",
        }
    }

    /// The failpoint armed to plant a panic in this stage (see `crate::failpoint`).
    fn failpoint(self) -> &'static str {
        match self {
            Stage::Load => "stage-load",
            Stage::Slicing => "stage-darwin",
            Stage::Darwin => "stage-darwin",
            Stage::Values => "stage-values",
            Stage::HunkSearch => "stage-hunk-search",
            Stage::Corroborate => "stage-corroborate",
            Stage::Naming => "stage-naming",
            Stage::Chain => "stage-chain",
        }
    }
}

/// What the analysis tells its caller while it works.
pub enum Progress {
    /// A stage begins.
    Stage(Stage),
    /// DARWIN solved `done` of `total` branch instances.
    Solving { done: usize, total: usize },
}

/// Failures that end an analysis before it has a report.
#[derive(Debug, thiserror::Error)]
pub enum AnalyzeError {
    #[error(transparent)]
    Repo(#[from] RepoError),
    #[error(transparent)]
    Oracle(#[from] OracleError),
    /// `--condition rsc` needs each run's relevant slice.
    #[error("at {rev}: {source}")]
    Condition { rev: String, source: DarwinError },
    /// A run stopped at something regcause does not support (an unmodelled library
    /// function, say) before the test's outcome was known there: whether the test passes
    /// or fails at that revision is not known, so there is no verdict to explain.
    #[error("at {rev}: the test cannot be judged: its run stops before {what}, with {fault}")]
    Unsupported {
        rev: String,
        /// What the run did not reach.
        what: &'static str,
        fault: String,
    },
}

/// A finished analysis: the report, and what the caller should tell the user beside it.
pub struct Analysis {
    pub report: Report,
    /// The front end's warnings (what gcc accepts with a warning), each prefixed with
    /// its revision.
    pub program_warnings: Vec<String>,
    /// A corrupt or locked cache is bypassed: said once, not per query.
    pub cache_warnings: Vec<String>,
    /// The time budget or the memory ceiling stopped the analysis before its end; the
    /// report's notes say what was not done.
    pub incomplete: bool,
}

/// Run the analysis `req` on `repo`, with `cache` for solver answers, hunk-search
/// subsets and whole reports.
pub fn analyze(
    repo: &Repo,
    req: &Request,
    cache: Cache,
    progress: &mut dyn FnMut(Progress),
) -> Result<Analysis, AnalyzeError> {
    let started = Instant::now();
    let cache = RefCell::new(cache);
    // Both revisions' commit and tree ids first, so a typo is reported before any work.
    let (gids, bids) = (repo.ids(&req.good)?, repo.ids(&req.bad)?);
    // The bad revision's explored suite, if `explore` cached one: the report counts its
    // failing tests, so it is part of the key.
    let suite = crate::explore::stored::suite_bytes(
        &mut cache.borrow_mut(),
        &bids.1,
        &req.test.cache_name(),
    );
    let key = report_key(req, &gids.1, &bids.1, &suite);
    let cached = crate::explain::cached_report(&mut cache.borrow_mut(), &key);
    if let Some(r) = cached {
        return Ok(from_cache(r, req, (gids.0, bids.0), started, &cache));
    }
    progress(Progress::Stage(Stage::Load));
    let budget = Budget::new(req.budget_secs, req.limits.max_memory);
    let traced = req.condition == ConditionKind::Rsc;
    let (mut g, mut b) = RevisionRun::load_pair(
        repo,
        (&req.good, &req.bad),
        &req.test,
        req.limits,
        traced,
        req.jobs,
    )?;
    let expect = expectations(req, &g, &b)?;
    if traced {
        // The first look was plain: traced now, when there is a regression to explain
        // (up to where the runs differ), or when the first look could not tell.
        let expected = (expect.0.as_deref(), expect.1.as_deref());
        // A test longer than a trace could hold whose bad run already wrote a wrong
        // byte: the good run is looked at to its end, and both are traced up to that
        // byte (traced whole, both filled the memory ceiling and nothing was judged).
        if !g.ended() && wrote_wrong_byte(&g, &b, expected.1) {
            g.look_whole(req.limits);
        }
        let whole = g.ended() && (b.ended() || wrote_wrong_byte(&g, &b, expected.1));
        let stops = match whole {
            true => trace_stops(req, &g, &b, expected),
            false => Some((None, None)),
        };
        if let Some(stops) = stops {
            RevisionRun::trace_pair(&mut g, &mut b, req.limits, stops, req.jobs);
        }
    }
    budget.after_runs(&[&g.run.result.outcome, &b.run.result.outcome]);
    let mut out = report::Analysis {
        good: revision(&req.good, g.tree.commit.clone()),
        bad: revision(&req.bad, b.tree.commit.clone()),
        test: test_desc(&req.test),
        condition: req.condition.name().to_string(),
        ..Default::default()
    };
    let expected = (expect.0.as_deref(), expect.1.as_deref());
    let (verdict, near) = judge(req, &mut g, &mut b, expected);
    if let Some((_, at)) = &near {
        out.notes.push(Note::NearReads { at: at.clone() });
    }
    let req = near.as_ref().map_or(req, |n| &n.0);
    unsupported_before_verdict(&verdict, &g, &b)?;
    let d = match verdict {
        Verdict::Regression(d) => d,
        other => {
            out.verdict = nothing_to_explain(&other, &g, &b, &budget);
            out.stats.executions += g.executions + b.executions;
            return Ok(finish(out, Vec::new(), &cache, Some(&budget)));
        }
    };
    // The traces were cut where the first look saw the runs differ; the runs traced
    // show the same difference unless something other than the program changed (the
    // trace's memory took a run to the ceiling), and then the cut may miss it.
    for r in [&mut g, &mut b] {
        if !r.covers(start_of(&d)) {
            r.trace_whole(req.limits);
        }
    }
    let part = |r: &RevisionRun| {
        let t = r.trace.as_ref().filter(|_| r.traced_in_part())?;
        Some((t.len() as u64, r.run.result.steps, r.ended()))
    };
    if part(&g).is_some() || part(&b).is_some() {
        out.notes.push(Note::TracedInPart {
            good: part(&g),
            bad: part(&b),
        });
    }
    let warnings = [&g, &b]
        .iter()
        .flat_map(|r| {
            r.prog
                .warnings
                .iter()
                .map(move |w| format!("{}: {w}", r.rev))
        })
        .collect();
    out.divergence = Some(divergence::describe(&d, &g, &b));
    let run = Run {
        req,
        g: &g,
        b: &b,
        d: &d,
        expect: expected,
        cache: &cache,
        budget: &budget,
    };
    let failed = run.stages(&mut out, &suite, progress)?;
    out.stats.total_ms = started.elapsed().as_millis() as u64;
    out.stats.executions += g.executions + b.executions;
    // Not cached after a failure, nor when incomplete: with more time or memory the
    // report would say more.
    let store = !failed && !budget.incomplete();
    let done = finish(out, warnings, &cache, Some(&budget));
    if store {
        crate::explain::store_report(&mut cache.borrow_mut(), &key, &done.report);
    }
    Ok(done)
}

/// The analysis of a report found in the cache for the same trees, test and options:
/// its revisions as the user named them now (`commits`: good's and bad's).
fn from_cache(
    mut r: Report,
    req: &Request,
    commits: (String, String),
    started: Instant,
    cache: &RefCell<Cache>,
) -> Analysis {
    // The trees match; the commits may not (a reworded or rebased commit).
    r.good = revision(&req.good, commits.0);
    r.bad = revision(&req.bad, commits.1);
    r.stats.total_ms = started.elapsed().as_millis() as u64;
    Analysis {
        report: r,
        program_warnings: Vec::new(),
        cache_warnings: cache.borrow().warnings().to_vec(),
        incomplete: false,
    }
}

/// The oracle's verdict on the two runs. When the good revision stops on an
/// out-of-bounds read just beside an object, which its native build survives (reading a
/// neighbour), both revisions run again continuing past such reads, and when that shows
/// the regression those runs and their verdict replace the first: the request they ran
/// under is returned with it (`Limits::near_reads` on), and where the good run stopped.
fn judge(
    req: &Request,
    g: &mut RevisionRun,
    b: &mut RevisionRun,
    expect: (Option<&[u8]>, Option<&[u8]>),
) -> (Verdict, Option<(Request, String)>) {
    let files = &req.test.config.compare_files;
    let judge = |g: &ConcolicRun, b: &ConcolicRun| {
        oracle::judge_files(&g.result, &b.result, expect.0, expect.1, files)
    };
    let verdict = judge(&g.run, &b.run);
    let Some(at) = stopped_on_near_read(&verdict, g, req) else {
        return (verdict, None);
    };
    let traced = req.condition == ConditionKind::Rsc;
    let limits = Limits {
        near_reads: true,
        ..req.limits
    };
    let (ga, ba) = (g.run_again(limits, traced), b.run_again(limits, traced));
    let again = judge(&ga.0, &ba.0);
    // Otherwise (no regression under the assumption either) the first runs and
    // verdict stand.
    if !matches!(again, Verdict::Regression(_)) {
        return (verdict, None);
    }
    g.replace_run(ga);
    b.replace_run(ba);
    let near = Request {
        limits,
        ..req.clone()
    };
    (again, Some((near, at)))
}

/// Where each run's slice starts: the first differing stdout byte (or byte of a
/// compared file) where the run has it, else how the run ended (the failing statement,
/// `exit`, `main`'s return).
fn start_of(d: &Divergence) -> crate::explain::Start<'_> {
    match d {
        Divergence::Stdout { offset, .. } => crate::explain::Start::Byte(*offset),
        Divergence::File { path, offset, .. } => {
            crate::explain::Start::FileByte(path.as_str(), *offset)
        }
        Divergence::Ending { .. } => crate::explain::Start::Ending,
    }
}

/// Whether the bad run's first look wrote a byte of stdout other than the reference's
/// (the expected output, else the good run's as far as it went): a regression, however
/// either run goes on.
fn wrote_wrong_byte(g: &RevisionRun, b: &RevisionRun, expect_bad: Option<&[u8]>) -> bool {
    let (good, bad) = (&g.run.result.stdout, &b.run.result.stdout);
    let reference: &[u8] = expect_bad.unwrap_or(good);
    let k = oracle::first_difference(reference, bad);
    k < bad.len() && k < reference.len()
}

/// Statements a run must have left after the divergence's byte for its trace to stop
/// there: below this, or below half the run, tracing the rest costs less than the
/// runs again that questions about the whole run then take (`exec::numbers`).
const CUT_AFTER_STEPS: u64 = 1_000_000;

/// Where to stop recording each revision's traced run, from the first look's plain
/// runs: after the first stdout byte that differs, in each run that writes it and goes
/// on long after (a slice from there reads nothing later). None when they show no
/// regression: nothing is traced then.
fn trace_stops(
    req: &Request,
    g: &RevisionRun,
    b: &RevisionRun,
    expect: (Option<&[u8]>, Option<&[u8]>),
) -> Option<(Option<usize>, Option<usize>)> {
    let files = &req.test.config.compare_files;
    let at = |r: &RevisionRun, k: usize| {
        let res = &r.run.result;
        let left = res.steps.saturating_sub(res.stdout_event_at(k)?.step_at(k));
        (left >= CUT_AFTER_STEPS && left >= res.steps / 2).then_some(k)
    };
    match oracle::judge_files(&g.run.result, &b.run.result, expect.0, expect.1, files) {
        Verdict::Regression(Divergence::Stdout { offset, .. }) => {
            Some((at(g, offset), at(b, offset)))
        }
        Verdict::Regression(_) => Some((None, None)),
        _ => None,
    }
}

/// What slicing a run allocates per trace entry, at most, for the memory ceiling's
/// check before it starts: the forward index and the trees (about 16 bytes at the peak
/// on the cost bench's ledger, 8 on crypto-algorithms' sha256 test), with room.
const SLICING_BYTES_PER_ENTRY: u64 = 24;

/// The analysis of one regression after the verdict: the two runs, the divergence
/// between them, and what the stages share.
struct Run<'a> {
    req: &'a Request,
    g: &'a RevisionRun,
    b: &'a RevisionRun,
    d: &'a Divergence,
    expect: (Option<&'a [u8]>, Option<&'a [u8]>),
    cache: &'a RefCell<Cache>,
    /// Checked between stages and inside DARWIN and the hunk search.
    budget: &'a Budget,
}

impl<'a> Run<'a> {
    /// Stages 4 to 9, in order, their findings and notes gathered in `out`. Returns
    /// whether a stage failed (its note is in `out`).
    fn stages(
        &self,
        out: &mut report::Analysis,
        suite: &[u8],
        progress: &mut dyn FnMut(Progress),
    ) -> Result<bool, AnalyzeError> {
        let (g, b) = (self.g, self.b);
        // The slicing criterion of each run: the first differing stdout byte (or byte of
        // a compared file) where the run has it, else how the run ended (the failing statement, `exit`, `main`'s
        // return).
        let start = start_of(self.d);
        if g.trace.is_some() || b.trace.is_some() {
            progress(Progress::Stage(Stage::Slicing));
        }
        // With a core for each revision, the value stage's slice trees are built beside
        // the other revision's too (unless the budget is gone: then nothing reads them).
        let warm = self.req.jobs >= 2 && self.budget.spent().is_none();
        // The traced runs, not the revisions: only they are shared with a thread.
        let view = |rev: &str,
                    run: Option<TracedRun<'a>>,
                    bad: bool|
         -> Result<Option<SliceView<'a>>, AnalyzeError> {
            let Some(run) = run else { return Ok(None) };
            let mut v = SliceView::new(run, start, bad).map_err(|e| AnalyzeError::Condition {
                rev: rev.to_string(),
                source: DarwinError::Slice(format!("{e:#}")),
            })?;
            if !bad && self.budget.spent().is_none() {
                // Nothing reads the good run's index after its trees: built now, on
                // this thread, and the index dropped before the bad run's trees.
                v.release_index();
            } else if warm {
                let _ = v.trees();
            }
            Ok(Some(v))
        };
        // The slicer allocates outside the interpreter's ceiling checks: its indexes and
        // trees are sized here, before they are built. Both at once when they fit, one
        // after the other when only one does (the good run's index is dropped before
        // the bad run's is built), none when neither does.
        let need = |r: &RevisionRun| {
            r.trace
                .as_ref()
                .map_or(0, |t| SLICING_BYTES_PER_ENTRY * t.len() as u64)
        };
        let (room, gn, bn) = (self.budget.room(), need(g), need(b));
        let unsliced = gn.max(bn) > room;
        if unsliced {
            self.budget.no_room_to_slice(gn.max(bn), room);
        }
        let (gv, bv) = if unsliced {
            (Ok(None), Ok(None))
        } else if self.req.jobs >= 2 && gn + bn <= room {
            let (brev, bt) = (b.rev.as_str(), b.traced());
            revision::at_once(|| view(&g.rev, g.traced(), false), || view(brev, bt, true))
        } else {
            (
                view(&g.rev, g.traced(), false),
                view(&b.rev, b.traced(), true),
            )
        };
        let (gv, bv) = (gv?, bv?);
        let diff = tree_diff(g, b);
        let sides = match self.budget.spent() {
            Some(_) => None,
            None if unsliced => None,
            None => Some((
                side(self.req.condition, g, gv.as_ref())?,
                side(self.req.condition, b, bv.as_ref())?,
            )),
        };
        let views = gv.as_ref().zip(bv.as_ref());
        // DARWIN, then the value stage (which reads DARWIN's findings).
        let mut darwin_and_values = |out: &mut report::Analysis| {
            let mut failed = false;
            progress(Progress::Stage(Stage::Darwin));
            match &sides {
                None => self.budget.not_done(
                    "DARWIN: the runs' conditions were not composed, no decision flipped",
                ),
                Some((gs, bs)) => {
                    failed |= contain(out, Stage::Darwin, |out| {
                        darwin_stage(out, gs, bs, &diff, self, progress)
                    });
                }
            }
            progress(Progress::Stage(Stage::Values));
            let values = self.budget.spent().is_none() && !unsliced;
            if !values {
                self.budget
                    .not_done("the value-level candidates and the chains of the candidates");
            }
            failed |= contain(out, Stage::Values, |out| {
                if values {
                    let crit = oracle::criterion_loc(self.d, &b.run.result);
                    stages::values(out, b, g, views, &diff, crit, self.req.limits);
                }
                // Before the hunk search's findings are merged, so a failure-inducing
                // hunk in a header holds findings.
                crate::explain::add_macro_definitions(&mut out.findings, &diff);
            });
            (failed, values)
        };
        let plan = self.hunk_search_plan(bv.as_ref());
        let (mut failed, values) = match &plan {
            Some(h) => {
                // What the search reads of the revisions is taken here (a revision's
                // run cannot go to another thread). A panic there or in the search is
                // the stage's, contained below after the value stage's findings, as in
                // order.
                let trees = catch_unwind(AssertUnwindSafe(|| stages::HunkTrees::of(g, b, h)));
                let ((failed, values), searched) = match trees {
                    Err(p) => (darwin_and_values(out), Err(p)),
                    // The search reads neither DARWIN's findings nor the value stage's,
                    // nor the slices: its subsets run beside both (DARWIN's solving
                    // often keeps one core), on a connection of their own to the cache.
                    Ok(trees) if self.req.jobs >= 2 => {
                        let other = self.cache.borrow().another();
                        let (done, (searched, other)) = revision::at_once(
                            || darwin_and_values(out),
                            || {
                                let cache = RefCell::new(other);
                                let r = catch_unwind(AssertUnwindSafe(|| trees.search(h, &cache)));
                                (r, cache.into_inner())
                            },
                        );
                        self.cache.borrow_mut().absorb(other);
                        (done, searched)
                    }
                    Ok(trees) => {
                        let done = darwin_and_values(out);
                        let searched =
                            catch_unwind(AssertUnwindSafe(|| trees.search(h, self.cache)));
                        (done, searched)
                    }
                };
                progress(Progress::Stage(Stage::HunkSearch));
                let merged = contain(out, Stage::HunkSearch, |out| match searched {
                    Ok(s) => stages::merge_hunk_search(out, s, h),
                    Err(p) => std::panic::resume_unwind(p),
                });
                (failed | merged, values)
            }
            None => {
                let done = darwin_and_values(out);
                if self.req.hunk_search {
                    // Spent before the stages began: said after theirs, in order.
                    self.budget
                        .not_done("the hunk search (delta debugging on the diff's hunks)");
                }
                done
            }
        };
        if !suite.is_empty() {
            progress(Progress::Stage(Stage::Corroborate));
            let lim = self
                .req
                .limits
                .relative_to(b.run.result.steps.max(g.run.result.steps));
            failed |= contain(out, Stage::Corroborate, |out| {
                let note = crate::explore::stored::corroborate(
                    suite, &g.prog, &b.prog, &g.input, &b.input, lim,
                );
                out.notes.extend(note.map(Note::Suite));
            });
        }
        progress(Progress::Stage(Stage::Naming));
        failed |= contain(out, Stage::Naming, |out| {
            out.naming = naming::name(&out.findings, out.dd.as_ref());
        });
        if let (Some(bv), true) = (&bv, values) {
            failed |= contain(out, Stage::Chain, |out| {
                let top = out.naming.top(&out.findings);
                if let (Ok(bt), Some(top)) = (bv.trees(), top) {
                    out.chain = crate::explain::chain(&bv.run, &bt.full, &diff, &top);
                }
            });
        }
        Ok(failed)
    }

    /// What stage 7, the hunk search, judges by; None when it is off or the budget is
    /// spent.
    fn hunk_search_plan(&self, bv: Option<&SliceView>) -> Option<stages::HunkSearch<'a>> {
        if !self.req.hunk_search || self.budget.spent().is_some() {
            return None;
        }
        Some(stages::HunkSearch {
            req: self.req,
            budget: self.budget,
            test: &self.req.test,
            divergence: self.d,
            expect: self.expect,
            slice_lines: bv.map(SliceView::lines).unwrap_or_default(),
            executed_lines: bv.map(SliceView::executed_lines),
        })
    }
}

/// Run `stage` on the analysis so far; a panic inside it becomes a note (the report
/// then holds what the other stages found). Returns whether it panicked.
fn contain(
    out: &mut report::Analysis,
    stage: Stage,
    f: impl FnOnce(&mut report::Analysis),
) -> bool {
    let r = catch_unwind(AssertUnwindSafe(|| {
        crate::failpoint::hit(stage.failpoint());
        f(out)
    }));
    let Err(payload) = r else {
        return false;
    };
    out.notes.push(Note::StageFailed {
        stage: stage.name(),
        message: panic_message(payload.as_ref()),
    });
    true
}

/// DARWIN on the two sides: its findings, undecided lines, notes and statistics.
/// A composition it cannot make (an unsupported expression) is a note: the later
/// stages still explain the regression.
fn darwin_stage(
    out: &mut report::Analysis,
    gs: &Side,
    bs: &Side,
    diff: &TreeDiff,
    run: &Run,
    progress: &mut dyn FnMut(Progress),
) {
    let opts = darwin::Options {
        timeout_ms: run
            .req
            .timeout_secs
            .saturating_mul(1000)
            .min(u32::MAX as u64) as u32,
        limits: run.req.limits,
        cache: run.cache,
        budget: run.budget,
        compare_files: &run.req.test.config.compare_files,
        jobs: run.req.jobs,
    };
    let total = bs.cond.len();
    let found = darwin::explain(gs, bs, diff, &opts, |done, _| {
        progress(Progress::Solving { done, total })
    });
    match found {
        Ok(a) => {
            out.stats = a.stats;
            out.findings = a.findings;
            out.undecided = a.undecided;
            out.notes.extend(a.notes);
        }
        Err(e) => {
            out.stats.symbolic_inputs = crate::report::SymbolicInputs::of(&bs.run.sym.inputs);
            out.notes.push(Note::DarwinFailed(e.to_string()));
        }
    }
}

/// One revision's side of DARWIN: its condition under `kind` (the whole path
/// condition, or the branch records in the relevant slice of the view).
fn side<'a>(
    kind: ConditionKind,
    r: &'a RevisionRun,
    view: Option<&SliceView>,
) -> Result<Side<'a>, AnalyzeError> {
    let cond = match (kind, view) {
        (ConditionKind::Pc, _) => (0..r.run.sym.branches.len()).collect(),
        (ConditionKind::Rsc, Some(v)) => v.slice.rsc(&r.run.sym.branches),
        (ConditionKind::Rsc, None) => {
            return Err(AnalyzeError::Condition {
                rev: r.rev.clone(),
                source: DarwinError::RscUnavailable,
            })
        }
    };
    // A slice condition holding every branch of a run is its whole path, unless the
    // run was traced only up to the divergence: branches came after.
    let whole_path = kind == ConditionKind::Pc
        || (cond.len() == r.run.sym.branches.len() && !r.traced_in_part());
    Ok(Side {
        prog: &r.prog,
        run: &r.run,
        input: &r.input,
        cond,
        whole_path,
    })
}

/// The diff of the two trees over the program's files and the tree's headers: a
/// header holding only macros and declarations has no statement, so no location names
/// it.
fn tree_diff(g: &RevisionRun, b: &RevisionRun) -> TreeDiff {
    let mut paths = b.prog.files.clone();
    for h in crate::diffctx::tree_paths(b.tree.path()) {
        if h.ends_with(".h") && !paths.contains(&h) {
            paths.push(h);
        }
    }
    TreeDiff::between(g.tree.path(), b.tree.path(), &paths)
}

/// Expected stdout of the good and the bad revision (none: good's output is the
/// reference).
type Expected = (Option<Vec<u8>>, Option<Vec<u8>>);

/// The [`Expected`] outputs of `req` at the two revisions.
fn expectations(req: &Request, g: &RevisionRun, b: &RevisionRun) -> Result<Expected, AnalyzeError> {
    Ok(match &req.expect {
        Expectation::GoodOutput => (None, None),
        Expectation::Given(e) => (Some(e.clone()), Some(e.clone())),
        Expectation::InTree(p) => {
            let read = |r: &RevisionRun| oracle::read_expect_file(r.tree.path(), p, &r.rev);
            (Some(read(g)?), Some(read(b)?))
        }
    })
}

/// Where the good run stopped, when the verdict is "fails at good" because of an
/// out-of-bounds read the run could continue past (`Limits::near_reads`, not already on,
/// nor `--strict`).
fn stopped_on_near_read(v: &Verdict, g: &RevisionRun, req: &Request) -> Option<String> {
    let (Verdict::FailsAtGood(_), false, false) = (v, req.limits.strict, req.limits.near_reads)
    else {
        return None;
    };
    match &g.run.result.outcome {
        exec::Outcome::Fault(e) if e.kind == FaultKind::OutOfBounds => Some(g.prog.fmt_loc(e.loc)),
        _ => None,
    }
}

/// A verdict that rests on a run regcause could not finish: the good run stopped at
/// something unsupported (it says nothing of the test under gcc), or the bad run did
/// before its output differed from the good run's (the difference may be only that
/// stop). A bad run that printed a wrong byte before it stopped is a regression.
fn unsupported_before_verdict(
    v: &Verdict,
    g: &RevisionRun,
    b: &RevisionRun,
) -> Result<(), AnalyzeError> {
    let unsupported = |r: &RevisionRun| match &r.run.result.outcome {
        exec::Outcome::Fault(e) if e.kind == FaultKind::Unsupported => {
            Some(crate::diagnostic::fault(&r.prog, e).to_string())
        }
        _ => None,
    };
    let (r, what) = match v {
        Verdict::FailsAtGood(oracle::GoodFailure::Fault(_)) => (g, "it passes or fails"),
        Verdict::Regression(
            Divergence::Ending { .. }
            | Divergence::Stdout { event: None, .. }
            | Divergence::File { event: None, .. },
        ) => (b, "its output differs from the good revision's"),
        _ => return Ok(()),
    };
    match unsupported(r) {
        Some(fault) => Err(AnalyzeError::Unsupported {
            rev: r.rev.clone(),
            what,
            fault,
        }),
        None => Ok(()),
    }
}

/// The report's verdict when the test did not regress (a good run stopped by
/// regcause's own memory ceiling says nothing of the test: the budget says so).
fn nothing_to_explain(
    v: &Verdict,
    g: &RevisionRun,
    b: &RevisionRun,
    budget: &Budget,
) -> report::Verdict {
    if crate::budget::ceiling_outcome(&g.run.result.outcome) {
        budget.stop(crate::budget::Spent::Memory);
        budget.not_done("the good revision's run (it reached the memory ceiling)");
        if let exec::Outcome::Fault(e) = &g.run.result.outcome {
            return report::Verdict::Unjudged {
                rev: g.rev.clone(),
                commit: g.tree.commit.clone(),
                why: format!(
                    "its run stopped at {} before the test's outcome was known: {}",
                    g.prog.fmt_loc(e.loc),
                    e.message
                ),
            };
        }
    }
    match v {
        Verdict::PassesAtBad => report::Verdict::PassesAtBad {
            rev: b.rev.clone(),
            commit: b.tree.commit.clone(),
            ending: crate::diagnostic::outcome(&b.prog, &b.run.result.outcome),
        },
        Verdict::FailsAtGood(why) => report::Verdict::FailsAtGood {
            rev: g.rev.clone(),
            commit: g.tree.commit.clone(),
            why: crate::diagnostic::good_failure(&g.prog, why),
        },
        Verdict::Regression(_) => report::Verdict::Regression,
    }
}

fn revision(rev: &str, commit: String) -> Revision {
    Revision {
        rev: rev.to_string(),
        commit,
    }
}

fn test_desc(t: &Test) -> TestDesc {
    let (stdin, stdin_base64) = crate::report::bytes::shown(&t.stdin);
    TestDesc {
        program: t.program.clone(),
        args: t.args.clone(),
        stdin,
        stdin_base64,
        config: (!t.config.is_empty()).then(|| (*t.config).clone()),
    }
}

/// The report of `out` (`report::build`), with the cache's warnings and, when the
/// budget was not met, the notes of what was not done.
fn finish(
    mut out: report::Analysis,
    program_warnings: Vec<String>,
    cache: &RefCell<Cache>,
    budget: Option<&Budget>,
) -> Analysis {
    let incomplete = budget.is_some_and(Budget::incomplete);
    if let (Some(b), true) = (budget, incomplete) {
        out.notes.extend(b.notes().into_iter().map(Note::NotDone));
    }
    Analysis {
        report: report::build(out),
        program_warnings,
        cache_warnings: cache.borrow().warnings().to_vec(),
        incomplete,
    }
}

/// The cache key of this analysis: both trees (`gh`, `bh`: their ids), the test, and
/// every option the report depends on.
fn report_key(req: &Request, gh: &str, bh: &str, suite: &[u8]) -> Key {
    let t = &req.test;
    let (expect, expect_file) = match &req.expect {
        Expectation::GoodOutput => (&[][..], None),
        Expectation::Given(e) => (e.as_slice(), None),
        Expectation::InTree(p) => (&[][..], Some(p.as_str())),
    };
    let args = t.args.join("\0");
    let env: Vec<u8> = t
        .env
        .iter()
        .flat_map(|(k, v)| [k.as_slice(), b"=", v.as_slice(), b"\0"].concat())
        .collect();
    let opts = format!(
        "{}|{}|{}|{}|{}|{:?}|{}",
        req.condition.name(),
        req.limits.max_steps,
        req.limits.max_output,
        req.limits.strict,
        req.timeout_secs,
        expect_file,
        !req.hunk_search
    );
    crate::explain::report_key(
        gh,
        bh,
        &[
            t.cache_name().as_bytes(),
            args.as_bytes(),
            &t.stdin,
            &env,
            expect,
            opts.as_bytes(),
            suite,
        ],
    )
}

/// The text of a panic's payload.
fn panic_message(p: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = p.downcast_ref::<&str>() {
        s.to_string()
    } else if let Some(s) = p.downcast_ref::<String>() {
        s.clone()
    } else {
        "a panic without a message".into()
    }
}
