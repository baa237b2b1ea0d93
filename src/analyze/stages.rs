//! The stages after DARWIN that need both revisions: the value-level explanations and
//! the hunk search. Each adds to the working report; neither decides the naming.

use std::cell::RefCell;

use crate::cache::Cache;
use crate::darwin::value;
use crate::diffctx::TreeDiff;
use crate::explain::{self as ex, Trees};
use crate::oracle::{Divergence, Test};
use crate::report::{rerank, Candidate, Report};

use super::{Request, RevisionRun, SliceView};

/// Whether `cs` holds a candidate on `c`'s line.
fn has_line(cs: &[Candidate], c: &Candidate) -> bool {
    cs.iter().any(|d| d.file == c.file && d.line == c.line)
}

/// Value-level candidates (from the data slices when both runs were traced), the
/// unchanged lines the change exposes, the links between value lines, and the
/// undefined-behaviour notes.
pub fn values(
    report: &mut Report,
    b: &RevisionRun,
    g: &RevisionRun,
    views: Option<(&SliceView, &SliceView)>,
    diff: &TreeDiff,
    crit: Option<crate::ir::Loc>,
) {
    let trees = views.and_then(|(gv, bv)| match (gv.trees(), bv.trees()) {
        (Ok(gt), Ok(bt)) => Some((gv, gt, bv, bt)),
        (Err(e), _) | (_, Err(e)) => {
            report.notes.push(format!(
                "no data slice for the value-level explanations: {e}"
            ));
            None
        }
    });
    let slices = trees.map(|(gv, gt, bv, bt)| ex::data_slices(&gv.run, gt, &bv.run, bt));
    let mut values = value::candidates(&b.prog, &g.prog, diff, crit, slices.as_ref());
    // Lines once: two statements of one line give one candidate.
    let mut seen = std::collections::HashSet::new();
    values.retain(|c| seen.insert((c.file.clone(), c.line)));
    if report.candidates.is_empty() {
        report.candidates = values;
        report.notes.push(
            "no decision of the bad run can be flipped while the good run keeps its condition: the fault is in a computed value; the candidates are value-level explanations".into(),
        );
    } else if !report.candidates.iter().any(|c| c.changed) || slices.is_some() {
        // Decisions in unchanged code only, or changed values the failing output reads:
        // a changed value may be what drives the decisions.
        let before = report.candidates.len();
        for c in values {
            if !has_line(&report.candidates, &c) && (c.changed || slices.is_none()) {
                report.candidates.push(c);
            }
        }
        if report.candidates.len() > before {
            report.notes.push(
                "changed lines whose values reach the failing output follow the decisions as value-level explanations".into(),
            );
        }
    }
    if let Some((gv, gt, bv, bt)) = trees {
        exposed(report, gv, gt, bv, bt, diff);
    }
    rerank(&mut report.candidates);
    if let Some((gv, gt, bv, bt)) = trees {
        let linked = ex::link_values(&gv.run, &bv.run, &bv.slicer, bt, &mut report.candidates);
        if let Err(e) = linked {
            report.notes.push(format!(
                "value-level lines are not linked to the lines they are computed from: {e:#}"
            ));
        }
        let (gu, bu) = (ex::ub_in(&gv.run, &gt.full), ex::ub_in(&bv.run, &bt.full));
        ex::note_ub(report, &gu, &bu);
    }
}

/// Last among the value candidates: a fault in unchanged code that the change exposes.
fn exposed(
    report: &mut Report,
    gv: &SliceView,
    gt: &Trees,
    bv: &SliceView,
    bt: &Trees,
    diff: &TreeDiff,
) {
    let first = ex::value_divergence(&gv.run, &bv.run, bt, diff, &report.candidates);
    for c in ex::exposed(&gv.run, gt, &bv.run, bt, diff)
        .into_iter()
        .chain(first)
    {
        if !has_line(&report.candidates, &c) {
            report.candidates.push(c);
        }
    }
}

/// What the hunk search judges subsets against.
pub struct HunkSearch<'a> {
    pub req: &'a Request,
    pub budget: &'a crate::budget::Budget,
    pub test: &'a Test,
    pub divergence: &'a Divergence,
    pub expect: (Option<&'a [u8]>, Option<&'a [u8]>),
    pub cache: &'a RefCell<Cache>,
    /// (file, line) of the bad run's relevant slice (empty without a trace).
    pub slice_lines: Vec<(String, u32)>,
}

/// Delta debugging on the hunks GOOD -> BAD, merged into the report: the
/// failure-inducing hunks, candidates inside them first. A search that cannot run (the
/// hunks applied together do not reproduce the failure) becomes a note.
pub fn hunk_search(report: &mut Report, g: &RevisionRun, b: &RevisionRun, h: HunkSearch) {
    let good = crate::diffctx::tree_files(g.tree.path());
    let bad = crate::diffctx::tree_files(b.tree.path());
    // Most subsets are spliced from the revisions' preprocessed text instead of running
    // `cc -E` (the search's time includes making those texts); a pair of revisions that
    // cannot be spliced preprocesses every subset.
    let splicer =
        crate::frontend::Splicer::new(&good, &bad, &h.test.program, &h.test.config).map(|s| {
            s.with_revisions(crate::frontend::Revisions {
                good_root: g.tree.path().to_path_buf(),
                good: g.units.clone(),
                bad_root: b.tree.path().to_path_buf(),
                bad: b.units.clone(),
            })
        });
    let reference_steps = g.run.result.steps.max(b.run.result.steps);
    let mut judge = crate::dd::InterpJudge {
        program: &h.test.program,
        test: h.test,
        limits: h.req.limits.relative_to(reference_steps),
        good: &g.run.result,
        expect_good: h.expect.0,
        expect_bad: h.expect.1,
        bad: crate::dd::FailClass::of(h.divergence, &b.run.result),
        ub_allowed: g.run.result.warnings.len().max(b.run.result.warnings.len()),
        cache: h.cache,
        cache_hits: 0,
        splicer: splicer.as_ref().ok(),
        spliced: 0,
        panicked: 0,
        units: Default::default(),
        budget: h.budget,
        unjudged: 0,
    };
    let searched = crate::dd::search(&good, &bad, &mut judge);
    if judge.unjudged > 0 {
        h.budget.not_done(format!(
            "the hunk search: {} subsets were not judged (the minimal hunks reported are not minimal)",
            judge.unjudged
        ));
    }
    match searched {
        Ok(s) => {
            crate::dd::merge(report, &s, &h.slice_lines, judge.cache_hits);
            if let Some(dd) = report.dd.as_mut() {
                dd.subsets_spliced = judge.spliced;
            }
        }
        Err(e) => report.notes.push(format!(
            "delta debugging on the hunks was not possible: {e}"
        )),
    }
    if judge.panicked > 0 {
        report.notes.push(format!(
            "{} subset(s) of the hunk search stopped on an internal error (a regcause bug; please report it) and count as unresolved",
            judge.panicked
        ));
    }
}
