//! The stages after DARWIN that need both revisions: the value-level explanations and
//! the hunk search. Each adds findings and notes to the analysis; neither decides the
//! naming.

use std::cell::RefCell;

use crate::cache::Cache;
use crate::darwin::value;
use crate::diffctx::TreeDiff;
use crate::explain as ex;
use crate::finding;
use crate::oracle::{Divergence, Test};
use crate::report::{Analysis, Note};

use super::{Request, RevisionRun, SliceView};

/// Value-level findings (from the data slices when both runs were traced), the
/// unchanged lines the change exposes, the links between value lines, and the
/// undefined-behaviour notes.
pub fn values(
    out: &mut Analysis,
    b: &RevisionRun,
    g: &RevisionRun,
    views: Option<(&SliceView, &SliceView)>,
    diff: &TreeDiff,
    crit: Option<crate::ir::Loc>,
    limits: crate::exec::Limits,
) {
    let trees = views.and_then(|(gv, bv)| match (gv.trees(), bv.trees()) {
        (Ok(gt), Ok(bt)) => Some((gv, gt, bv, bt)),
        (Err(e), _) | (_, Err(e)) => {
            out.notes.push(Note::NoDataSlice(e.to_string()));
            None
        }
    });
    let slices = trees.map(|(gv, gt, bv, bt)| ex::data_slices(&gv.run, gt, &bv.run, bt));
    let values = value::candidates(&b.prog, &g.prog, diff, crit, slices.as_ref());
    if out.findings.is_empty() {
        out.findings = values;
        out.notes.push(Note::ValuesOnly);
    } else {
        // Decisions in unchanged code only, or changed values the failing output reads:
        // a changed value may be what drives the decisions. Without data slices (path
        // conditions) the changed lines follow changed decisions too: a decision that
        // flips over input bytes (a comparison of an input word) may sit beside the
        // faulty value, which must stay a candidate.
        let all = slices.is_none() && !out.findings.iter().any(|c| c.changed);
        let before = finding::primary(&out.findings).len();
        out.findings
            .extend(values.into_iter().filter(|c| c.changed || all));
        if finding::primary(&out.findings).len() > before {
            out.notes.push(Note::ValuesFollow);
        }
    }
    if let Some((gv, gt, bv, bt)) = trees {
        // Last among the value findings: a fault in unchanged code the change exposes.
        // What a run traced only up to the divergence cannot say of its whole run: a
        // run of the test again answers it.
        let probes = std::cell::Cell::new(0);
        let probe = |r: &RevisionRun, asked: crate::exec::numbers::Questions| {
            if !asked.is_empty() {
                probes.set(probes.get() + 1);
            }
            crate::exec::numbers::probe(&r.prog, &r.input, limits, asked)
        };
        let (gp, bp) = (|asked| probe(g, asked), |asked| probe(b, asked));
        let first = ex::value_divergence(&gv.run, &bv.run, bt, diff, &out.findings, (&gp, &bp));
        out.findings
            .extend(ex::exposed(&gv.run, gt, &bv.run, bt, diff));
        out.findings.extend(first);
        let cands = finding::primary(&out.findings);
        let linked = match bv.slicer() {
            Some(slicer) => ex::link_values(&gv.run, &bv.run, slicer, bt, &cands, &gp),
            None => Err(anyhow::anyhow!("the bad run's index was released")),
        };
        match linked {
            Ok(origins) => ex::set_origins(&mut out.findings, origins),
            Err(e) => out.notes.push(Note::NotLinked(format!("{e:#}"))),
        }
        out.stats.executions += probes.get();
        let (gu, bu) = (ex::ub_in(&gv.run, &gt.full), ex::ub_in(&bv.run, &bt.full));
        if ex::note_ub(&mut out.findings, &mut out.notes, &gu, &bu) {
            out.ub_only = true;
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
    /// (file, line) of the bad run's relevant slice (empty without a trace).
    pub slice_lines: Vec<(String, u32)>,
    /// (file, line) of every statement the bad run executed (None without a trace).
    pub executed_lines: Option<std::collections::HashSet<(String, u32)>>,
}

/// Stage 7, delta debugging on the hunks GOOD -> BAD: the searched trees and what
/// subsets are judged by, taken from the two revisions so that the search itself can
/// run on a thread of its own (the revisions' runs hold what cannot be shared). Its
/// result goes into the report by [`merge_hunk_search`].
pub struct HunkTrees<'r> {
    good: crate::dd::Tree,
    bad: crate::dd::Tree,
    splicer: Result<crate::frontend::Splicer, String>,
    good_result: &'r crate::exec::RunResult,
    bad_class: crate::dd::FailClass,
    reference_steps: u64,
    ub_allowed: usize,
    main_file: Option<String>,
}

impl<'r> HunkTrees<'r> {
    pub fn of(g: &'r RevisionRun, b: &RevisionRun, h: &HunkSearch) -> HunkTrees<'r> {
        let good = crate::diffctx::tree_files(g.tree.path());
        let bad = crate::diffctx::tree_files(b.tree.path());
        // Most subsets are spliced from the revisions' preprocessed text instead of
        // running `cc -E` (the search's time includes making those texts); a pair of
        // revisions that cannot be spliced preprocesses every subset.
        let splicer = crate::frontend::Splicer::new(&good, &bad, &h.test.program, &h.test.config)
            .map(|s| {
                s.with_revisions(crate::frontend::Revisions {
                    good_root: g.tree.path().to_path_buf(),
                    good: g.units.clone(),
                    bad_root: b.tree.path().to_path_buf(),
                    bad: b.units.clone(),
                })
            });
        let main_file = plain_main_file(&b.prog, &good, &bad);
        HunkTrees {
            good,
            bad,
            splicer,
            good_result: &g.run.result,
            bad_class: crate::dd::FailClass::of(h.divergence, &b.run.result),
            reference_steps: g.run.result.steps.max(b.run.result.steps),
            ub_allowed: g.run.result.warnings.len().max(b.run.result.warnings.len()),
            main_file,
        }
    }

    /// The search, with subset outcomes kept in `cache`.
    pub fn search(
        &self,
        h: &HunkSearch,
        cache: &RefCell<Cache>,
    ) -> Result<crate::dd::Search, crate::dd::Impossible> {
        let mut judge = crate::dd::InterpJudge {
            run: crate::dd::SubsetRun {
                program: &h.test.program,
                test: h.test,
                limits: h.req.limits.relative_to(self.reference_steps),
                good: self.good_result,
                expect_good: h.expect.0,
                expect_bad: h.expect.1,
                bad: self.bad_class,
                ub_allowed: self.ub_allowed,
                splicer: self.splicer.as_ref().ok(),
                main_file: self.main_file.clone(),
            },
            cache,
            budget: h.budget,
            units: crate::dd::InterpJudge::workers(h.req.jobs),
        };
        crate::dd::search(&self.good, &self.bad, &mut judge)
    }
}

/// The hunk search's result into the report: the failure-inducing hunks merged with
/// the findings so far (the findings inside them first), or why it could not run (the
/// hunks applied together do not reproduce the failure).
pub fn merge_hunk_search(
    out: &mut Analysis,
    searched: Result<crate::dd::Search, crate::dd::Impossible>,
    h: &HunkSearch,
) {
    let tally = match &searched {
        Ok(s) => s.tally,
        Err(e) => e.tally,
    };
    if tally.unjudged > 0 {
        h.budget.not_done(format!(
            "the hunk search: {} subsets were not judged (the minimal hunks reported are not minimal)",
            tally.unjudged
        ));
    }
    match searched {
        Ok(s) => {
            let executed = h.executed_lines.as_ref();
            let (dd, notes) = crate::dd::merge(&mut out.findings, &s, &h.slice_lines, executed);
            out.dd = Some(dd);
            out.notes.extend(notes);
            if out.ub_only {
                blame_ub_change(out);
            }
        }
        Err(e) => out.notes.push(Note::HunkSearchImpossible(e.why)),
    }
    if tally.panicked > 0 {
        out.notes.push(Note::SubsetsPanicked(tally.panicked));
    }
}

/// When the runs differ only through the bad run's undefined-behaviour assumption (the
/// value findings were dropped as built on it), a change the hunk search isolated
/// alone (a declaration: a dropped initialiser, a smaller buffer; a deleted assignment;
/// a changed line outside the failing slice) is what introduces the undefined
/// behaviour: it is named so, and the note says so instead of "no line is blamed".
fn blame_ub_change(out: &mut Analysis) {
    use crate::finding::{Evidence, LineNote};
    let only = out.notes.iter().enumerate().find_map(|(k, n)| match n {
        Note::UbOnly(list) => Some((k, list.clone())),
        _ => None,
    });
    let Some((k, list)) = only else { return };
    let mut blamed = false;
    for f in &mut out.findings {
        if matches!(
            f.evidence,
            Evidence::Declaration | Evidence::Unread | Evidence::Deletion
        ) {
            f.notes.push(LineNote::IntroducesUb(list.clone()));
            blamed = true;
        }
    }
    if blamed {
        out.notes[k] = Note::UbIntroducedByChange(list);
    }
}

/// The file of the bad revision's `main`, when both revisions' text of it shows the
/// definition plainly (see `dd::InterpJudge::main_file`).
fn plain_main_file(
    prog: &crate::ir::Program,
    good: &std::collections::BTreeMap<String, String>,
    bad: &std::collections::BTreeMap<String, String>,
) -> Option<String> {
    let main = prog.functions.iter().find(|f| f.name == "main")?;
    let file = prog.file_name(main.loc).to_string();
    let plain = |t: &std::collections::BTreeMap<String, String>| {
        t.get(&file)
            .is_some_and(|s| crate::frontend::defines_main(s))
    };
    (plain(good) && plain(bad)).then_some(file)
}
