//! signature-diff: two revisions' semantic signatures compared.
//!
//! Both explorations' conditions and symbolic outputs are imported into one expression
//! pool, inputs matched by name (names are positional: the same name is the same input
//! at both revisions). For every good partition G and bad partition B whose conditions
//! overlap (`φG ∧ φB` satisfiable), the outputs are compared: of the same shape (same
//! calls, formats and ending), z3 looks for an input in the overlap where an output
//! expression differs; of different shapes, the overlap's model is replayed and the
//! concrete outputs compared. A partition whose RSC is equivalent (syntactically, else
//! by z3) to none on the other side appeared or disappeared, unless it was only
//! reshaped: its condition is covered by the other side's partitions it overlaps (z3:
//! `φP ∧ ¬(φQ1 ∨ … ∨ φQk)` unsatisfiable), and on every such overlap the outputs were
//! proven equal (exact outputs: no concretisation, no input-dependent text) or the
//! pair is reported as changed. Then every input of the partition
//! is accounted for by a comparison, and the partition is listed as matched (with the
//! partitions that cover it) instead of appeared or disappeared. Every reported
//! partition carries a witness test replayed concretely at both revisions.

use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde::Serialize;

use super::{Exploration, Run, SignatureEntry};
use crate::cache::Cache;
use crate::darwin::compose;
use crate::exec::{self, Limits, RunInput};
use crate::ir::Program;
use crate::solver::{holds, Chain, Counts, Layers};
use crate::sym::{ExprId, ExprPool, Model, SolveResult};

/// One revision's exploration.
pub struct Side<'a> {
    pub rev: &'a str,
    pub prog: &'a Program,
    pub ex: &'a Exploration,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ChangeKind {
    /// Partitions of both revisions overlap and compute different outputs there.
    Changed,
    /// A bad partition whose condition no good partition has.
    Appeared,
    /// A good partition whose condition no bad partition has.
    Disappeared,
}

impl ChangeKind {
    pub fn name(self) -> &'static str {
        match self {
            ChangeKind::Changed => "changed",
            ChangeKind::Appeared => "appeared",
            ChangeKind::Disappeared => "disappeared",
        }
    }
}

/// What a revision did on the witness.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Observed {
    pub stdout: String,
    pub ending: String,
}

/// A witness test: argv[1..] and stdin.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Witness {
    pub args: Vec<String>,
    pub stdin: String,
    #[serde(skip)]
    pub input: RunInput,
}

#[derive(Clone, Debug, Serialize)]
pub struct Change {
    pub kind: ChangeKind,
    /// 1-based partition numbers as `explore` prints them.
    pub good_partition: Option<usize>,
    pub bad_partition: Option<usize>,
    pub good: Option<SignatureEntry>,
    pub bad: Option<SignatureEntry>,
    pub witness: Witness,
    pub good_output: Observed,
    pub bad_output: Observed,
    /// Whether the two revisions behave differently on the witness.
    pub differs: bool,
}

/// A partition equivalent to no partition of the other revision, but covered by the
/// ones it overlaps, each pair proven to compute the same output there or reported as
/// changed: a reshaping of conditions, not a new or lost behaviour.
#[derive(Clone, Debug, Serialize)]
pub struct Reshaped {
    /// The revision the partition belongs to: `good` or `bad`.
    pub side: &'static str,
    /// 1-based partition number of that revision.
    pub partition: usize,
    /// The other revision's partitions (1-based) that cover it.
    pub covered_by: Vec<usize>,
    /// Those of them whose overlap with it is reported as changed.
    pub changed_with: Vec<usize>,
}

/// Changed pairs whose outputs differ the same way: the same output calls (and ending)
/// removed and added between the good and the bad partition's symbolic output. One
/// wrong comparison changes many pairs of partitions alike; a reviewer reads it once.
#[derive(Clone, Debug, Serialize)]
pub struct ChangeGroup {
    /// The difference, one line each: `- ` the good partition's output call (or
    /// `ends ...`), `+ ` the bad one's.
    pub difference: Vec<String>,
    /// Indices into `changes` of the group's pairs.
    pub changes: Vec<usize>,
    /// Index into `changes` of the pair whose witness is shown: the first that behaves
    /// differently at the two revisions, else the first.
    pub witness: usize,
}

/// How the good partition's output turns into the bad one's (see [`ChangeGroup`]).
pub fn output_difference(good: &SignatureEntry, bad: &SignatureEntry) -> Vec<String> {
    use similar::{ChangeTag, TextDiff};
    let lines = |e: &SignatureEntry| -> Vec<String> {
        let mut v = e.output.clone();
        v.push(format!("ends {}", e.ending));
        v
    };
    let (g, b) = (lines(good), lines(bad));
    let (gr, br): (Vec<&str>, Vec<&str>) = (
        g.iter().map(String::as_str).collect(),
        b.iter().map(String::as_str).collect(),
    );
    let d = TextDiff::from_slices(&gr, &br);
    d.iter_all_changes()
        .filter_map(|c| match c.tag() {
            ChangeTag::Delete => Some(format!("- {}", c.value())),
            ChangeTag::Insert => Some(format!("+ {}", c.value())),
            ChangeTag::Equal => None,
        })
        .collect()
}

/// The changed pairs grouped by [`output_difference`], groups in order of first pair.
fn group_changes(changes: &[Change]) -> Vec<ChangeGroup> {
    let mut groups: Vec<ChangeGroup> = Vec::new();
    for (i, c) in changes.iter().enumerate() {
        let (Some(g), Some(b)) = (&c.good, &c.bad) else {
            continue;
        };
        if c.kind != ChangeKind::Changed {
            continue;
        }
        let difference = output_difference(g, b);
        match groups.iter_mut().find(|x| x.difference == difference) {
            Some(x) => {
                x.changes.push(i);
                if !changes[x.witness].differs && c.differs {
                    x.witness = i;
                }
            }
            None => groups.push(ChangeGroup {
                difference,
                changes: vec![i],
                witness: i,
            }),
        }
    }
    groups
}

#[derive(Clone, Debug, Serialize)]
pub struct SigDiff {
    pub schema: &'static str,
    pub good_partitions: usize,
    pub bad_partitions: usize,
    pub changes: Vec<Change>,
    /// The `changed` entries of `changes` grouped by how their output differs.
    pub groups: Vec<ChangeGroup>,
    /// Partitions not reported as appeared or disappeared because they were reshaped.
    pub reshaped: Vec<Reshaped>,
    /// Questions sent to z3 (the analysis cache may have answered some).
    pub solver_calls: usize,
    /// How the comparison's satisfiability questions were answered.
    pub queries: Counts,
    /// Whether the comparison stopped at its time or question budget.
    pub bound_hit: bool,
    /// Why a difference may have been missed (either exploration incomplete, a query
    /// undecided).
    pub incomplete: Vec<String>,
}

impl SigDiff {
    /// Whether some witness shows the revisions behaving differently.
    pub fn behaviour_changed(&self) -> bool {
        self.changes.iter().any(|c| c.differs)
    }

    pub fn summary_line(&self) -> String {
        let n = |k: ChangeKind| self.changes.iter().filter(|c| c.kind == k).count();
        format!(
            "{} changed, {} appeared, {} disappeared, {} reshaped, {} change groups ({} good partitions, {} bad partitions, {} solver calls)",
            n(ChangeKind::Changed),
            n(ChangeKind::Appeared),
            n(ChangeKind::Disappeared),
            self.reshaped.len(),
            self.groups.len(),
            self.good_partitions,
            self.bad_partitions,
            self.solver_calls
        )
    }

    pub fn render_text(&self, good: &str, bad: &str) -> String {
        let mut s = String::new();
        let w = good.len().max(bad.len());
        let which = |c: &Change| match (c.good_partition, c.bad_partition) {
            (Some(g), Some(b)) => format!("{good} #{g}, {bad} #{b}"),
            (Some(g), None) => format!("{good} #{g}"),
            (None, Some(b)) => format!("{bad} #{b}"),
            (None, None) => String::new(),
        };
        let conditions = |s: &mut String, c: &Change, outputs: bool| {
            for (rev, e) in [(good, &c.good), (bad, &c.bad)] {
                let Some(e) = e else { continue };
                let cond = if e.condition.is_empty() {
                    "true".to_string()
                } else {
                    e.condition.join(" && ")
                };
                s.push_str(&format!("  {rev:<w$} when   {cond}\n"));
                if outputs {
                    for o in &e.output {
                        s.push_str(&format!("  {:<w$} output {o}\n", ""));
                    }
                    s.push_str(&format!("  {:<w$} ends   {}\n", "", e.ending));
                }
            }
        };
        let observed = |s: &mut String, c: &Change| {
            s.push_str(&format!(
                "  witness: args {:?} stdin {:?}\n",
                c.witness.args, c.witness.stdin
            ));
            for (rev, o) in [(good, &c.good_output), (bad, &c.bad_output)] {
                s.push_str(&format!(
                    "  {rev:<w$} prints {:?}, {}\n",
                    o.stdout, o.ending
                ));
            }
            if !c.differs {
                s.push_str("  (both revisions behave the same on this witness)\n");
            }
        };
        for (k, gr) in self.groups.iter().enumerate() {
            let n = gr.changes.len();
            s.push_str(&format!(
                "Changed output, group {} ({n} pair{} of partitions)\n",
                k + 1,
                if n == 1 { "" } else { "s" }
            ));
            for d in &gr.difference {
                s.push_str(&format!("  {d}\n"));
            }
            let pairs: Vec<String> = gr
                .changes
                .iter()
                .map(|&i| which(&self.changes[i]))
                .collect();
            s.push_str(&format!("  pairs: {}\n", pairs.join("; ")));
            let c = &self.changes[gr.witness];
            s.push_str(&format!("  shown: {}\n", which(c)));
            conditions(&mut s, c, false);
            observed(&mut s, c);
        }
        for c in self
            .changes
            .iter()
            .filter(|c| c.kind != ChangeKind::Changed)
        {
            s.push_str(&format!(
                "{} partition ({})\n",
                title(c.kind.name()),
                which(c)
            ));
            conditions(&mut s, c, true);
            observed(&mut s, c);
        }
        for r in &self.reshaped {
            let (own, other) = if r.side == "good" {
                (good, bad)
            } else {
                (bad, good)
            };
            let list = |v: &[usize]| {
                v.iter()
                    .map(|p| format!("#{p}"))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut line = format!(
                "Reshaped partition ({own} #{}): covered by {other} {}, same output",
                r.partition,
                list(&r.covered_by)
            );
            if !r.changed_with.is_empty() {
                line.push_str(&format!(
                    " except where listed as changed with {}",
                    list(&r.changed_with)
                ));
            }
            s.push_str(&line);
            s.push('\n');
        }
        for i in &self.incomplete {
            s.push_str(&format!("incomplete: {i}\n"));
        }
        s.push_str(&self.summary_line());
        s.push('\n');
        s
    }
}

fn title(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// A partition's condition and output in the shared pool.
struct Imported {
    phi: ExprId,
    /// The RSC's constraints, one by one.
    parts: Vec<ExprId>,
    /// The values of the partition's own test, by shared variable.
    own: Model,
    /// The RSC's constraints as C, sorted: the syntactic identity across revisions.
    conds: Vec<String>,
    outs: Vec<ExprId>,
    shape: String,
    /// Some output argument is input-dependent text with no expression (`%s` of input
    /// bytes), or the run concretised a value: equal shapes and expressions then prove
    /// nothing beyond the partition's own test.
    inexact: bool,
}

fn import(run: &Run, pool: &mut ExprPool) -> Result<Imported> {
    let conds: Vec<ExprId> = run.rsc.iter().map(|&i| run.sym.branches[i].cond).collect();
    let outs = run.output_exprs();
    let mut roots = conds.clone();
    roots.extend(&outs);
    let imp = compose::import(&run.sym.pool, pool, &roots)?;
    let (c, o) = imp.split_at(conds.len());
    let phi = pool.all(c);
    let own = Model::from_pairs(
        run.sym
            .inputs
            .iter()
            .filter_map(|i| pool.var_by_name(&i.name).map(|v| (v, i.value)))
            .collect(),
    );
    let mut texts = run.rsc_text();
    texts.sort();
    texts.dedup();
    Ok(Imported {
        phi,
        parts: c.to_vec(),
        own,
        conds: texts,
        outs: o.to_vec(),
        shape: run.output_shape(),
        inexact: run.concretised()
            || run
                .outputs
                .iter()
                .any(|&i| run.sym.outputs[i].args.iter().any(|a| a.sym_text)),
    })
}

/// `run`'s test with the inputs the model (over the shared pool) assigns.
fn witness_input(run: &Run, pool: &ExprPool, m: &Model) -> RunInput {
    let pairs = run
        .sym
        .inputs
        .iter()
        .filter_map(|i| {
            pool.var_by_name(&i.name)
                .and_then(|v| m.get(v))
                .map(|x| (i.var, x))
        })
        .collect();
    crate::replay::build_input(&run.input, &run.sym.inputs, &Model::from_pairs(pairs))
}

/// Whether the two conjunctions are disjoint by a constraint and its negation.
fn clash(pool: &mut ExprPool, a: &[ExprId], b: &[ExprId]) -> bool {
    a.iter().any(|&x| {
        let n = pool.negate(x);
        b.contains(&n)
    })
}

/// How an overlapping pair of partitions compared.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pair {
    /// The outputs are proven equal on the overlap.
    Same,
    /// Reported as changed, with a witness.
    Changed,
    /// Neither: different output shapes whose witness behaved alike, or the solver gave
    /// up. A partition with such a pair cannot be called reshaped.
    Unproven,
}

/// Above this many questions the pairwise comparison stops (and says so).
const MAX_DIFF_QUERIES: usize = 20_000;

/// The longest one question may take; an undecided question leaves its pair unproven.
pub const QUERY_TIMEOUT_MS: u32 = 5_000;

/// Whether every input of `a` satisfies `b` (both conjunctions): `a ∧ ¬bi` is
/// unsatisfiable for each constraint `bi` of `b` that `a` does not have. One question
/// per such constraint, each smaller than `a ∧ ¬b` and often decided by bounds alone.
/// `None` when a question was undecided.
fn implies(
    dec: &mut Chain,
    pool: &mut ExprPool,
    a: &Imported,
    b: &Imported,
    hints: &[&Model],
    timeout_ms: u32,
) -> Option<bool> {
    for &bi in &b.parts {
        if a.parts.contains(&bi) {
            continue;
        }
        let n = pool.negate(bi);
        let mut cs = a.parts.clone();
        cs.push(n);
        match dec.check(pool, &cs, hints, timeout_ms) {
            SolveResult::Unsat => {}
            SolveResult::Sat(_) => return Some(false),
            SolveResult::Unknown(_) => return None,
        }
    }
    Some(true)
}

fn observe(prog: &Program, input: &RunInput, limits: Limits) -> Observed {
    let r = exec::run(prog, input, limits);
    Observed {
        stdout: String::from_utf8_lossy(&r.stdout).into_owned(),
        ending: crate::diagnostic::outcome(prog, &r.outcome),
    }
}

/// Why the comparison stopped early.
fn stop_reason(dec: &Chain, budget: Option<Duration>) -> String {
    if dec.counts.queries >= MAX_DIFF_QUERIES {
        format!("the comparison stopped after {MAX_DIFF_QUERIES} solver questions")
    } else {
        format!(
            "the comparison stopped at its time budget of {:.0}s",
            budget.unwrap_or_default().as_secs_f64()
        )
    }
}

/// Compares the signatures of `good` and `bad`. Each solver question takes at most
/// `timeout_ms`, and the whole comparison at most `budget`: past it, the pairs not yet
/// compared are left out and the result says so (`incomplete`, `bound_hit`).
pub fn diff(
    good: &Side,
    bad: &Side,
    limits: Limits,
    cache: &mut Cache,
    timeout_ms: u32,
    budget: Option<Duration>,
) -> Result<SigDiff> {
    // Witnesses can loop where the explored runs did not: budget them by the seeds.
    let seed_steps = |s: &Side| s.ex.runs.first().map_or(0, |r| r.result.steps);
    let limits = limits.relative_to(seed_steps(good).max(seed_steps(bad)));
    let mut pool = ExprPool::new();
    let gi: Vec<Imported> = good
        .ex
        .partitions
        .iter()
        .map(|p| import(&good.ex.runs[p.run], &mut pool))
        .collect::<Result<_>>()
        .with_context(|| format!("importing the conditions of {}", good.rev))?;
    let bi: Vec<Imported> = bad
        .ex
        .partitions
        .iter()
        .map(|p| import(&bad.ex.runs[p.run], &mut pool))
        .collect::<Result<_>>()
        .with_context(|| format!("importing the conditions of {}", bad.rev))?;
    // Every partition's own test: an input that satisfies a question needs no solving.
    let tests: Vec<Model> = gi.iter().chain(&bi).map(|p| p.own.clone()).collect();
    let hints: Vec<&Model> = tests.iter().collect();
    let mut dec = Chain::new(cache, Layers::ALL);
    let mut undecided = 0usize;
    let started = Instant::now();
    // Each question gets what is left of the budget, at most `timeout_ms`; `None` once
    // the budget is spent.
    let query_ms = |dec: &Chain| -> Option<u32> {
        if dec.counts.queries >= MAX_DIFF_QUERIES {
            return None;
        }
        match budget {
            None => Some(timeout_ms),
            Some(t) => {
                let left = t.saturating_sub(started.elapsed()).as_millis();
                (left > 0).then(|| left.min(timeout_ms as u128) as u32)
            }
        }
    };
    let mut matched_g = vec![false; gi.len()];
    let mut matched_b = vec![false; bi.len()];
    // How each overlapping pair (g, b) compared.
    let mut pairs: Vec<(usize, usize, Pair)> = Vec::new();
    let mut changes = Vec::new();
    // Runs of the other revision take their files from their own tree.
    let place_of = |s: &Side| {
        s.ex.runs
            .first()
            .map(|r| (r.input.cwd.clone(), r.input.root.clone()))
            .unwrap_or_default()
    };
    let ((gcwd, groot), (bcwd, broot)) = (place_of(good), place_of(bad));
    let replay = |input: &RunInput| {
        let g = observe(
            good.prog,
            &RunInput {
                cwd: gcwd.clone(),
                root: groot.clone(),
                ..input.clone()
            },
            limits,
        );
        let b = observe(
            bad.prog,
            &RunInput {
                cwd: bcwd.clone(),
                root: broot.clone(),
                ..input.clone()
            },
            limits,
        );
        (g, b)
    };
    let witness = |input: RunInput| Witness {
        args: input
            .argv
            .iter()
            .skip(1)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect(),
        stdin: String::from_utf8_lossy(&input.stdin).into_owned(),
        input,
    };

    let mut capped: Option<String> = None;
    'pairs: for (b, bp) in bi.iter().enumerate() {
        let brun = &bad.ex.runs[bad.ex.partitions[b].run];
        for (g, gp) in gi.iter().enumerate() {
            let Some(ms) = query_ms(&dec) else {
                capped = Some(stop_reason(&dec, budget));
                break 'pairs;
            };
            if clash(&mut pool, &gp.parts, &bp.parts) {
                continue;
            }
            // A partition's own test in the other's condition is a witness of the
            // overlap that needs no solving, and a natural one to show.
            let (m0, from_test) = if holds(&pool, &[bp.phi], &gp.own) {
                (gp.own.clone(), Some(g))
            } else if holds(&pool, &[gp.phi], &bp.own) {
                (bp.own.clone(), None)
            } else {
                match dec.check(&pool, &[gp.phi, bp.phi], &hints, ms) {
                    SolveResult::Sat(m) => (m, None),
                    SolveResult::Unsat => continue,
                    SolveResult::Unknown(_) => {
                        undecided += 1;
                        pairs.push((g, b, Pair::Unproven));
                        continue;
                    }
                }
            };
            if gp.conds == bp.conds {
                matched_g[g] = true;
                matched_b[b] = true;
            } else if !matched_b[b] || !matched_g[g] {
                let equivalent = implies(&mut dec, &mut pool, gp, bp, &hints, ms) == Some(true)
                    && implies(&mut dec, &mut pool, bp, gp, &hints, ms) == Some(true);
                if equivalent {
                    matched_g[g] = true;
                    matched_b[b] = true;
                }
            }
            let same_shape = gp.shape == bp.shape && gp.outs.len() == bp.outs.len();
            let mut from_test = from_test;
            // Inexact outputs are compared only on the witness.
            let text = if gp.inexact || bp.inexact {
                Pair::Unproven
            } else {
                Pair::Same
            };
            let model = if same_shape {
                if gp.outs == bp.outs {
                    pairs.push((g, b, text));
                    continue;
                }
                let evals = |m: &Model| {
                    let all: Vec<ExprId> = gp.outs.iter().chain(&bp.outs).copied().collect();
                    all.iter()
                        .all(|&e| pool.vars_of(e).iter().all(|v| m.get(*v).is_some()))
                        .then(|| {
                            gp.outs
                                .iter()
                                .zip(&bp.outs)
                                .any(|(&x, &y)| pool.eval(x, m) != pool.eval(y, m))
                        })
                };
                if evals(&m0) == Some(true) {
                    m0
                } else {
                    from_test = None;
                    // One question per differing output argument: each involves only
                    // the inputs that argument and its conditions share, so it is small
                    // and often the same for many pairs (the memo answers).
                    let mut found = None;
                    let mut open = false;
                    for (&x, &y) in gp.outs.iter().zip(&bp.outs) {
                        if x == y {
                            continue;
                        }
                        let w = pool.width(x).max(pool.width(y));
                        let (x, y) = (pool.zext(x, w), pool.zext(y, w));
                        let d = pool.ne(x, y);
                        match dec.check(&pool, &[gp.phi, bp.phi, d], &hints, ms) {
                            SolveResult::Sat(m) => {
                                found = Some(m);
                                break;
                            }
                            SolveResult::Unsat => {}
                            SolveResult::Unknown(_) => open = true,
                        }
                    }
                    match found {
                        Some(m) => m,
                        None if open => {
                            undecided += 1;
                            pairs.push((g, b, Pair::Unproven));
                            continue;
                        }
                        None => {
                            pairs.push((g, b, text));
                            continue;
                        }
                    }
                }
            } else {
                m0
            };
            let input = match from_test {
                Some(g) => good.ex.runs[good.ex.partitions[g].run].input.clone(),
                None => witness_input(brun, &pool, &model),
            };
            let (go, bo) = replay(&input);
            let differs = go != bo;
            // Different shapes prove nothing by themselves: only a witness that
            // behaves differently is a change.
            if !same_shape && !differs {
                pairs.push((g, b, Pair::Unproven));
                continue;
            }
            pairs.push((g, b, Pair::Changed));
            changes.push(Change {
                kind: ChangeKind::Changed,
                good_partition: Some(g + 1),
                bad_partition: Some(b + 1),
                good: Some(good.ex.entry(&good.ex.partitions[g])),
                bad: Some(bad.ex.entry(&bad.ex.partitions[b])),
                witness: witness(input),
                good_output: go,
                bad_output: bo,
                differs,
            });
        }
    }
    // Unmatched partitions that were only reshaped.
    let mut reshaped = Vec::new();
    if capped.is_none() {
        for (side, own, other, matched) in [
            ("good", &gi, &bi, &mut matched_g),
            ("bad", &bi, &gi, &mut matched_b),
        ] {
            for (p, ip) in own.iter().enumerate() {
                if matched[p] {
                    continue;
                }
                let mine: Vec<(usize, Pair)> = pairs
                    .iter()
                    .filter_map(|&(g, b, o)| match side {
                        "good" => (g == p).then_some((b, o)),
                        _ => (b == p).then_some((g, o)),
                    })
                    .collect();
                if mine.is_empty() || mine.iter().any(|(_, o)| *o == Pair::Unproven) {
                    continue;
                }
                let Some(ms) = query_ms(&dec) else {
                    capped = Some(stop_reason(&dec, budget));
                    break;
                };
                // Outside every overlapping partition: the negation of each, one by one.
                let mut cs = vec![ip.phi];
                for &(q, _) in &mine {
                    cs.push(pool.negate(other[q].phi));
                }
                cs.sort_unstable();
                cs.dedup();
                if matches!(dec.check(&pool, &cs, &[], ms), SolveResult::Unsat) {
                    matched[p] = true;
                    let mut covered_by: Vec<usize> = mine.iter().map(|(q, _)| q + 1).collect();
                    covered_by.sort_unstable();
                    covered_by.dedup();
                    let mut changed_with: Vec<usize> = mine
                        .iter()
                        .filter(|(_, o)| *o == Pair::Changed)
                        .map(|(q, _)| q + 1)
                        .collect();
                    changed_with.sort_unstable();
                    changed_with.dedup();
                    reshaped.push(Reshaped {
                        side,
                        partition: p + 1,
                        covered_by,
                        changed_with,
                    });
                }
            }
        }
    }
    for (b, m) in matched_b.iter().enumerate() {
        if *m {
            continue;
        }
        let p = &bad.ex.partitions[b];
        let input = bad.ex.runs[p.run].input.clone();
        let (go, bo) = replay(&input);
        changes.push(Change {
            kind: ChangeKind::Appeared,
            good_partition: None,
            bad_partition: Some(b + 1),
            good: None,
            bad: Some(bad.ex.entry(p)),
            differs: go != bo,
            witness: witness(input),
            good_output: go,
            bad_output: bo,
        });
    }
    for (g, m) in matched_g.iter().enumerate() {
        if *m {
            continue;
        }
        let p = &good.ex.partitions[g];
        let input = good.ex.runs[p.run].input.clone();
        let (go, bo) = replay(&input);
        changes.push(Change {
            kind: ChangeKind::Disappeared,
            good_partition: Some(g + 1),
            bad_partition: None,
            good: Some(good.ex.entry(p)),
            bad: None,
            differs: go != bo,
            witness: witness(input),
            good_output: go,
            bad_output: bo,
        });
    }
    let mut incomplete = Vec::new();
    for s in [good, bad] {
        for w in &s.ex.incomplete {
            incomplete.push(format!("{}: {w}", s.rev));
        }
    }
    if let Some(why) = &capped {
        incomplete.push(why.clone());
    }
    if undecided > 0 {
        incomplete.push(format!(
            "{undecided} comparisons were undecided by the solver"
        ));
    }
    Ok(SigDiff {
        schema: "regcause-signature-diff/1",
        good_partitions: gi.len(),
        bad_partitions: bi.len(),
        groups: group_changes(&changes),
        changes,
        reshaped,
        solver_calls: dec.counts.solver_calls,
        queries: dec.counts,
        bound_hit: capped.is_some(),
        incomplete,
    })
}

/// Where and how two runs of a test part: the divergence kind and the statement of the
/// bad run that shows it (the output statement of the first differing byte, or the
/// failing statement), or `None` when the test does not regress.
pub fn failure_site(
    bad_prog: &Program,
    good: &exec::RunResult,
    bad: &exec::RunResult,
) -> Option<String> {
    use crate::oracle::{Divergence, Verdict};
    match crate::oracle::judge_each(good, bad, None, None) {
        Verdict::Regression(Divergence::Stdout {
            event, last_event, ..
        }) => {
            let at = event
                .or(last_event)
                .map(|e| crate::diagnostic::loc(bad_prog, e.loc))
                .unwrap_or_else(|| "nothing printed".into());
            Some(format!("stdout differs, written at {at}"))
        }
        Verdict::Regression(Divergence::Ending { bad, .. }) => Some(format!(
            "ending differs: {}",
            crate::diagnostic::outcome(bad_prog, &bad)
        )),
        _ => None,
    }
}

/// Whether `witness` fails at the two revisions the way `test` does (same divergence
/// kind at the same statement of the bad revision).
pub fn fails_alike(
    good: &Program,
    bad: &Program,
    test: &RunInput,
    witness: &RunInput,
    limits: Limits,
) -> bool {
    let site =
        |i: &RunInput| failure_site(bad, &exec::run(good, i, limits), &exec::run(bad, i, limits));
    match (site(test), site(witness)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    }
}
