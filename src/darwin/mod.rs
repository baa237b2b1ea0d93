//! DARWIN: from the two runs' conditions to root-cause candidates of the bad revision.
//!
//! The seam with the relevant slicer is [`condition`]: each side's condition is a list of
//! indices into its run's `SymState::branches`. Today `pc` takes all of them (the
//! original DARWIN); `rsc` is refused until the slicer is plugged in behind it.
//! Candidates are proven by replaying the solver's alternative input at both revisions.

pub mod compose;
pub mod value;

use std::collections::HashMap;

use crate::analysis::Facts;
use crate::diffctx::TreeDiff;
use crate::exec::concolic::InputVar;
use crate::exec::trace::Trace;
use crate::exec::{self, ConcolicRun, Limits, RunInput};
use crate::finding::{Decision, Evidence, Finding, Line, LineNote};
use crate::ir::{Loc, Program};
use crate::replay;
use crate::report::bytes::shown as exact_text;
use crate::report::{AltEnv, AltFile, Alternative, Note, Stats, SymbolicInputs};
use crate::slice::Criterion;
use crate::sym::{ExprPool, Model};

use compose::{Flip, Psi};

/// Which condition of each run DARWIN composes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ConditionKind {
    /// Relevant slice conditions (the branches the failure depends on).
    #[default]
    Rsc,
    /// Whole path conditions: the original DARWIN.
    Pc,
}

impl ConditionKind {
    pub fn name(self) -> &'static str {
        match self {
            ConditionKind::Rsc => "rsc",
            ConditionKind::Pc => "pc",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum DarwinError {
    #[error("--condition rsc needs the run's slicing trace, which was not recorded")]
    RscUnavailable,
    #[error("cannot compute the relevant slice condition: {0}")]
    Slice(String),
    #[error(transparent)]
    Compose(#[from] compose::ComposeError),
}

/// The indices of `run`'s branch records that form its condition: all of them (the
/// path condition), or those in the relevant slice of the criterion `crit` gives for
/// the run's trace (the relevant slice condition).
pub fn condition(
    kind: ConditionKind,
    prog: &Program,
    run: &ConcolicRun,
    trace: Option<&Trace>,
    crit: impl FnOnce(&crate::exec::RunResult, &Trace) -> anyhow::Result<Criterion>,
) -> Result<Vec<usize>, DarwinError> {
    match kind {
        ConditionKind::Pc => Ok((0..run.sym.branches.len()).collect()),
        ConditionKind::Rsc => {
            let trace = trace.ok_or(DarwinError::RscUnavailable)?;
            let slice = crit(&run.result, trace)
                .and_then(|c| crate::slice::slice(prog, &Facts::new(prog), trace, &c))
                .map_err(|e| DarwinError::Slice(format!("{e:#}")))?;
            Ok(slice.conditions(&run.sym.branches).rsc)
        }
    }
}

/// One revision's side of the analysis.
pub struct Side<'a> {
    pub prog: &'a Program,
    pub run: &'a ConcolicRun,
    /// The test as run at this revision (its `cwd` is the revision's tree).
    pub input: &'a RunInput,
    /// Indices into `run.sym.branches` (see [`condition`]).
    pub cond: Vec<usize>,
    /// Whether `cond` fixes the run's whole path (a path condition, or a slice
    /// condition holding every branch instance of a run traced to its end): a replay
    /// must then follow it branch by branch.
    pub whole_path: bool,
}

pub struct Options<'a> {
    pub timeout_ms: u32,
    pub limits: Limits,
    /// Where solver answers are looked up and stored (`Cache::disabled()`: nowhere);
    /// shared with the analysis's other stages.
    pub cache: &'a std::cell::RefCell<crate::cache::Cache>,
    /// The analysis budget: solving stops between queries once it is spent.
    pub budget: &'a crate::budget::Budget,
    /// Files the test writes that are outputs (`--compare-file`): the revisions agree
    /// on an alternative only when they leave these alike too.
    pub compare_files: &'a [String],
    /// Threads solving the flips (and replaying their models); the results do not
    /// depend on it.
    pub jobs: usize,
}

/// What a replay of an alternative input needs of [`Options`] (which a worker thread
/// cannot share: it holds the cache).
struct Replay<'a> {
    limits: Limits,
    compare_files: &'a [String],
}

/// What DARWIN found: decisions best first, lines the solver could not decide, notes.
#[derive(Debug, Default)]
pub struct Analysis {
    pub findings: Vec<Finding>,
    pub undecided: Vec<Line>,
    pub stats: Stats,
    pub notes: Vec<Note>,
}

/// Longest stdout shown for a replay.
const SHOWN_OUTPUT: usize = 400;

fn shown(bytes: &[u8]) -> String {
    let s = String::from_utf8_lossy(bytes);
    if s.chars().count() > SHOWN_OUTPUT {
        let mut t: String = s.chars().take(SHOWN_OUTPUT).collect();
        t.push('…');
        t
    } else {
        s.into_owned()
    }
}

/// A line of one revision: its path and number.
fn line_key(prog: &Program, loc: Loc) -> (String, u32) {
    (prog.file_name(loc).to_string(), loc.line)
}

/// Run DARWIN on the two sides and turn the satisfiable flips into candidates.
/// `progress(done, total)` is called while solving.
pub fn explain(
    good: &Side,
    bad: &Side,
    diff: &TreeDiff,
    opts: &Options<'_>,
    mut progress: impl FnMut(usize, usize),
) -> Result<Analysis, DarwinError> {
    let bsym = &bad.run.sym;
    let mut pool: ExprPool = bsym.pool.clone();
    let (f, psi) = conditions(good, bad, &mut pool)?;
    let total = psi.len();
    let near: Vec<_> = bsym.inputs.iter().map(|i| (i.var, i.value)).collect();
    let inputs = replay_inputs(good, bad, &pool);
    // Each satisfiable flip is replayed at once (on the thread that solved it): an
    // instance whose input makes the two revisions agree settles its line; otherwise a
    // later instance of the line is tried.
    let replay = Replay {
        limits: opts.limits,
        compare_files: opts.compare_files,
    };
    let (flips, cst, found) = compose::solve_flips(
        &mut pool,
        &f,
        &psi,
        &near,
        opts.timeout_ms,
        compose::Caps::default(),
        opts.jobs,
        opts.budget,
        &mut opts.cache.borrow_mut(),
        |i, model| {
            let alt = replay_alternative(good, bad, &inputs, model, psi[i].branch, &replay);
            (alt.undoes_regression(), alt)
        },
        |n| progress(n, total),
    );
    let mut alts: HashMap<usize, Alternative> = found.into_iter().collect();

    let mut a = Analysis {
        stats: stats(f.len(), psi.len(), &cst, alts.len(), bad),
        ..Analysis::default()
    };
    let lines = by_line(bad.prog, &psi, &flips, &alts);
    let mut ranked: Vec<(bool, bool, bool, usize, Finding)> = Vec::new();
    for (k, shown_k) in lines.chosen {
        let p = &psi[shown_k];
        let flipped = {
            let neg = pool.negate(p.cond);
            pool.to_c(neg)
        };
        let Some(alt) = alts.remove(&shown_k) else {
            continue;
        };
        let instances = lines
            .instances
            .get(&line_key(bad.prog, p.loc))
            .copied()
            .unwrap_or(1);
        let f = decision(bad, diff, p, flipped, alt, instances);
        let d = f.decision().map(|d| &d.alternative);
        let (predicted, agrees) = d.map_or((false, false), |a| (a.as_predicted, a.revisions_agree));
        ranked.push((!predicted, !f.changed, !agrees, k, f));
    }
    // Proven first, then changed lines, then those whose alternative input makes the
    // revisions agree (the flip undoes the regression), then the order of the bad run.
    ranked.sort_by_key(|x| (x.0, x.1, x.2, x.3));
    a.findings = ranked.into_iter().map(|r| r.4).collect();
    a.undecided = lines
        .undecided
        .into_iter()
        .filter(|(f, l)| !a.findings.iter().any(|c| c.line.is(f, *l)))
        .map(|(file, line)| Line { file, line })
        .collect();
    if cst.unexamined > 0 {
        opts.budget.not_done(format!(
            "DARWIN: {} of {} branch instances of the bad run were not examined",
            cst.unexamined,
            psi.len()
        ));
    }
    a.notes = notes(&cst, &a.stats, good, bad);
    Ok(a)
}

/// The good run's condition f, imported into `pool` (the bad run's), and the bad run's
/// branch instances ψ1..ψm.
fn conditions(
    good: &Side,
    bad: &Side,
    pool: &mut ExprPool,
) -> Result<(Vec<crate::sym::ExprId>, Vec<Psi>), DarwinError> {
    let (gsym, bsym) = (&good.run.sym, &bad.run.sym);
    let f_roots: Vec<_> = good
        .cond
        .iter()
        .filter_map(|&i| gsym.branches.get(i).map(|b| b.cond))
        .collect();
    let f = compose::import(&gsym.pool, pool, &f_roots)?;
    let psi: Vec<Psi> = bad
        .cond
        .iter()
        .filter_map(|&i| {
            bsym.branches.get(i).map(|b| Psi {
                branch: i,
                cond: b.cond,
                loc: b.loc,
            })
        })
        .collect();
    Ok((f, psi))
}

/// DARWIN's figures: the two conditions' sizes, the solver chain's counts, and the
/// replays run (two per alternative input).
fn stats(f: usize, psi: usize, cst: &compose::ComposeStats, replays: usize, bad: &Side) -> Stats {
    Stats {
        good_constraints: f,
        bad_constraints: psi,
        solver_calls: cst.calls(),
        cache_hits: cst.layers.cache_hits,
        sat: cst.sat,
        unsat: cst.unsat,
        unknown: cst.unknown,
        skipped: cst.skipped,
        solving_ms: cst.time.as_millis() as u64,
        formula_bytes: cst.layers.formula_bytes,
        solver: cst.layers,
        total_ms: 0,
        executions: 2 * replays,
        from_cache: false,
        symbolic_inputs: SymbolicInputs::of(&bad.run.sym.inputs),
    }
}

/// The flips per source line: for each line with a satisfiable flip its first one (run
/// order) and the instance shown, the first whose replay made the revisions agree, else
/// the first; the instances per line; the lines the solver could not decide.
struct ByLine {
    chosen: Vec<(usize, usize)>,
    instances: HashMap<(String, u32), usize>,
    undecided: Vec<(String, u32)>,
}

fn by_line(
    prog: &Program,
    psi: &[Psi],
    flips: &[Flip],
    alts: &HashMap<usize, Alternative>,
) -> ByLine {
    let mut instances: HashMap<(String, u32), usize> = HashMap::new();
    for p in psi {
        *instances.entry(line_key(prog, p.loc)).or_default() += 1;
    }
    let mut chosen: Vec<(usize, usize)> = Vec::new();
    let mut line_of: HashMap<(String, u32), usize> = HashMap::new();
    let mut undecided: Vec<(String, u32)> = Vec::new();
    for (k, (p, fl)) in psi.iter().zip(flips).enumerate() {
        let key = line_key(prog, p.loc);
        match fl {
            Flip::Sat(_) => match line_of.get(&key) {
                None => {
                    line_of.insert(key, chosen.len());
                    chosen.push((k, k));
                }
                Some(&c) => {
                    let agrees =
                        |i: usize| alts.get(&i).is_some_and(Alternative::undoes_regression);
                    if !agrees(chosen[c].1) && agrees(k) {
                        chosen[c].1 = k;
                    }
                }
            },
            Flip::Unknown(_) => {
                if !undecided.contains(&key) {
                    undecided.push(key);
                }
            }
            Flip::Unsat | Flip::Skipped => {}
        }
    }
    ByLine {
        chosen,
        instances,
        undecided,
    }
}

/// The finding of the flip of `p` (shown for its line), proved by `alt`.
fn decision(
    bad: &Side,
    diff: &TreeDiff,
    p: &Psi,
    flipped: String,
    alt: Alternative,
    instances: usize,
) -> Finding {
    let bsym = &bad.run.sym;
    let (file, line) = line_key(bad.prog, p.loc);
    let mut notes = Vec::new();
    let rec = &bsym.branches[p.branch];
    if rec.concretised_before > 0 {
        let list: Vec<String> = bsym
            .concretisations
            .iter()
            .take(rec.concretised_before as usize)
            .map(|c| format!("{} at {}", c.what, bad.prog.fmt_loc(c.loc)))
            .collect();
        notes.push(LineNote::Concretised(list));
    }
    if let Some(s) = &alt.surprise {
        notes.push(LineNote::ReplaySurprise(s.clone()));
    }
    let evidence = Evidence::Decision(Box::new(Decision {
        flipped,
        alternative: alt,
        instances,
    }));
    Finding {
        notes,
        ..Finding::in_diff(diff, Line::new(file, line), evidence)
    }
}

/// DARWIN's notes on the whole analysis: queries capped or given up on, and the
/// concretisations of each run (precision lost).
fn notes(cst: &compose::ComposeStats, stats: &Stats, good: &Side, bad: &Side) -> Vec<Note> {
    let mut notes = Vec::new();
    if cst.capped > 0 {
        notes.push(Note::Capped {
            instances: cst.capped,
            per_line: compose::QUERIES_PER_LINE,
            unknown_per_line: compose::UNKNOWN_PER_LINE,
            hard_per_line: compose::HARD_PER_LINE,
            secs_per_line: compose::SOLVING_PER_LINE.as_secs(),
        });
    }
    if stats.unknown > 0 {
        notes.push(Note::SolverGaveUp {
            unknown: stats.unknown,
            calls: stats.solver_calls,
        });
    }
    for (side, run, prog) in [("good", good.run, good.prog), ("bad", bad.run, bad.prog)] {
        if run.sym.concretisations.is_empty() {
            continue;
        }
        let places: Vec<String> = run
            .sym
            .concretisations
            .iter()
            .map(|c| format!("{} at {}", c.what, prog.fmt_loc(c.loc)))
            .collect();
        // The library functions among them: those without a symbolic model.
        let mut functions: Vec<String> = run
            .sym
            .concretisations
            .iter()
            .filter_map(|c| c.what.strip_prefix('`')?.split('`').next())
            .map(str::to_string)
            .collect();
        functions.sort_unstable();
        functions.dedup();
        notes.push(Note::Concretised {
            side,
            places,
            functions,
        });
    }
    notes
}

/// The inputs a model gives values to: the bad run's, and those of the good run only
/// (absent at bad), which were imported into `pool` under their names.
fn replay_inputs(good: &Side, bad: &Side, pool: &ExprPool) -> Vec<InputVar> {
    let mut inputs = bad.run.sym.inputs.clone();
    for gi in &good.run.sym.inputs {
        if inputs
            .iter()
            .any(|b| b.name == gi.name && b.width == gi.width)
        {
            continue;
        }
        let name = if inputs.iter().any(|b| b.name == gi.name) {
            format!("{}@good", gi.name)
        } else {
            gi.name.clone()
        };
        if let Some(v) = pool.var_by_name(&name) {
            let mut i = gi.clone();
            i.var = v;
            inputs.push(i);
        }
    }
    inputs
}

/// The solver's model as a test, run at both revisions; checks the bad replay leaves
/// the path at `branch` (following it before) and the good replay keeps its condition.
fn replay_alternative(
    good: &Side,
    bad: &Side,
    inputs: &[InputVar],
    model: &Model,
    branch: usize,
    opts: &Replay,
) -> Alternative {
    let bad_in = replay::build_input(bad.input, inputs, model);
    let good_in = RunInput {
        cwd: good.input.cwd.clone(),
        root: good.input.root.clone(),
        ..bad_in.clone()
    };
    // An alternative input can make either revision loop: budget it by the test's runs.
    let limits = opts
        .limits
        .relative_to(good.run.result.steps.max(bad.run.result.steps));
    let rb = exec::run_concolic(bad.prog, &bad_in, limits);
    let rg = exec::run_concolic(good.prog, &good_in, limits);
    // A model that changes no input replays the test itself: it shows nothing, whatever
    // paths the replays take (a relevant slice's condition leaves most branches free).
    let unchanged = (bad_in == *bad.input)
        .then(|| "the alternative input is the test itself: the model changes no input".into());
    let surprise: Vec<String> = [
        unchanged,
        bad_surprise(bad, &rb, branch),
        good_surprise(good, &rg),
    ]
    .into_iter()
    .flatten()
    .collect();
    let shown_args = replay::args_as_passed(&bad_in);
    let (args, args_b64): (Vec<String>, Vec<Option<String>>) =
        shown_args.iter().map(|a| exact_text(a)).unzip();
    let args_base64 = args_b64.iter().any(Option::is_some).then(|| {
        shown_args
            .iter()
            .map(|a| crate::report::bytes::base64_encode(a))
            .collect()
    });
    let (stdin, stdin_base64) = exact_text(&bad_in.stdin);
    let good_ending = crate::diagnostic::outcome(good.prog, &rg.result.outcome);
    let bad_ending = crate::diagnostic::outcome(bad.prog, &rb.result.outcome);
    Alternative {
        args,
        args_base64,
        stdin,
        stdin_base64,
        files: changed_files(bad.input, &bad_in),
        env: changed_env(bad.input, &bad_in),
        good_stdout: shown(&rg.result.stdout),
        bad_stdout: shown(&rb.result.stdout),
        written: opts
            .compare_files
            .iter()
            .map(|f| crate::report::AltWritten {
                path: f.clone(),
                good: rg.result.written(f).flatten().map(shown),
                bad: rb.result.written(f).flatten().map(shown),
            })
            .collect(),
        revisions_agree: rg.result.stdout == rb.result.stdout
            && opts
                .compare_files
                .iter()
                .all(|f| rg.result.written(f) == rb.result.written(f))
            && good_ending == bad_ending,
        good_ending,
        bad_ending,
        as_predicted: surprise.is_empty(),
        surprise: if surprise.is_empty() {
            None
        } else {
            Some(surprise.join("; "))
        },
        literals: replay::literal_edits(inputs, &bad_in.literals)
            .into_iter()
            .map(|(at, from, to)| crate::report::LiteralEdit { at, from, to })
            .collect(),
    }
}

/// How the bad revision's replay `rb` of the flip at `branch` did not go as predicted.
fn bad_surprise(bad: &Side, rb: &ConcolicRun, branch: usize) -> Option<String> {
    let want = &bad.run.sym.branches;
    let got = &rb.sym.branches;
    // A path condition fixes the whole path, so the replay must follow it branch by
    // branch; a relevant slice condition leaves the other branches free, so the replay
    // must only take the other side of the flipped branch's statement somewhere.
    let whole_path = bad.whole_path;
    let same = |j: usize| {
        got.get(j)
            .is_some_and(|g| g.stmt == want[j].stmt && g.dest == want[j].dest)
    };
    if !whole_path {
        let w = &want[branch];
        if !got.iter().any(|g| g.stmt == w.stmt && g.dest != w.dest) {
            return Some(format!(
                "at the bad revision it did not take the other side of {}",
                bad.prog.fmt_loc(w.loc)
            ));
        }
    } else if let Some(j) = (0..branch).find(|&j| !same(j)) {
        return Some(format!(
            "at the bad revision it left the test's path earlier, at branch {} ({})",
            j + 1,
            bad.prog.fmt_loc(want[j].loc)
        ));
    } else if !got
        .get(branch)
        .is_some_and(|g| g.stmt == want[branch].stmt && g.dest != want[branch].dest)
    {
        return Some(format!(
            "at the bad revision it did not take the other side of {}",
            bad.prog.fmt_loc(want[branch].loc)
        ));
    }
    None
}

/// How the good revision's replay `rg` did not keep the test's condition.
fn good_surprise(good: &Side, rg: &ConcolicRun) -> Option<String> {
    let gwant = &good.run.sym.branches;
    let ggot = &rg.sym.branches;
    let good_whole = good.whole_path;
    let kept = |j: usize| {
        if good_whole {
            ggot.get(j)
                .is_some_and(|g| g.stmt == gwant[j].stmt && g.dest == gwant[j].dest)
        } else {
            ggot.iter()
                .any(|g| g.stmt == gwant[j].stmt && g.dest == gwant[j].dest)
        }
    };
    if let Some(&j) = good.cond.iter().find(|&&j| !kept(j)) {
        return Some(format!(
            "at the good revision it did not keep the test's condition (branch {} at {})",
            j + 1,
            good.prog.fmt_loc(gwant[j].loc)
        ));
    }
    None
}

/// The files of the tree `alt` gives other contents than the test's input has, each
/// with its diff against the original.
fn changed_files(orig: &RunInput, alt: &RunInput) -> Vec<AltFile> {
    alt.files
        .iter()
        .filter_map(|(path, bytes)| {
            let before = replay::source_contents(orig, &exec::InputSource::File(path.clone()))?;
            if &before == bytes {
                return None;
            }
            let (content, content_base64) = exact_text(bytes);
            Some(AltFile {
                path: path.clone(),
                diff: unified_diff(path, &before, bytes),
                content,
                content_base64,
            })
        })
        .collect()
}

/// A unified diff of `before` against `after` (lines shown as text), with the
/// `a/PATH` and `b/PATH` headers `git apply` reads.
pub fn unified_diff(path: &str, before: &[u8], after: &[u8]) -> String {
    let (b, a) = (
        String::from_utf8_lossy(before),
        String::from_utf8_lossy(after),
    );
    similar::TextDiff::from_lines(b.as_ref(), a.as_ref())
        .unified_diff()
        .context_radius(2)
        .header(&format!("a/{path}"), &format!("b/{path}"))
        .to_string()
}

/// The environment variables `alt` gives another value than the test's input.
fn changed_env(orig: &RunInput, alt: &RunInput) -> Vec<AltEnv> {
    alt.env
        .iter()
        .filter(|(n, v)| !orig.env.iter().any(|(on, ov)| on == n && ov == v))
        .map(|(n, v)| {
            let (value, value_base64) = exact_text(v);
            AltEnv {
                name: String::from_utf8_lossy(n).into_owned(),
                value,
                value_base64,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
