//! The naming of the root cause: one function, [`name`], over the stages' findings.
//!
//! The first kind of evidence that yields any line decides, at most [`NAMED`] lines of
//! it. The kinds, in this order:
//!
//! 1. **the hunk search**, when it narrowed the change or kept no more than a few
//!    lines: the findings inside the failure-inducing hunks (the place of a deletion
//!    among them), only their proven decisions when they hold any, else their
//!    non-decisions when they hold any; without a finding inside, the hunks' lines in
//!    the relevant slice, and the best finding when it only exposes a latent fault;
//!    when the hunks hold only unchanged decisions that skipped output, the first
//!    line of each hunk instead;
//! 2. **changed decisions** ([`Evidence::Decision`], each flip proved by a replayed
//!    alternative input) and changed decisions that skipped the good run's writer of
//!    the first differing byte ([`Evidence::MissingOutput`]);
//! 3. **changed values** (every other changed finding: values, macro definitions,
//!    deletions); but when none of them computed a number the good run never computed
//!    and the change exposes unchanged lines ([`Evidence::Exposed`],
//!    [`Evidence::LatentFault`]), those lines, each noted as a latent fault exposed by
//!    the first changed line, and that changed line after them when there is room;
//! 4. **the best finding** (a fault in unchanged code: only reached when no changed
//!    line is a finding, so a changed line is never named after an unchanged one but
//!    for the evidence of kinds 1 and 3 that the unchanged line is wrong).
//!
//! After kind 1, a latent fault ([`Evidence::LatentFault`]) comes first when no changed
//! line computed a new number. Decisions come before values because a flip is proved
//! by running an input; a value-level line is an inference from the slices. Within the
//! kind chosen, a value line computed from another of its lines and a macro definition
//! expanded on one of its lines are left out (the value arose upstream; the definition
//! is that line's statement), a definition whose macro text is all that changed on the
//! line expanding it brings that line in after it, and the lines holding a decision
//! whose alternative input makes both revisions agree (the flip undoes the
//! regression), when there are any, are named alone.

use std::collections::HashSet;

use crate::finding::{self, Evidence, Finding, Line, LineNote};
pub use crate::finding::{Naming, NAMED};
use crate::report::{DdSection, Evidence as Kind};

/// Whether a finding at `l` satisfies `p`.
fn any_at(cs: &[&Finding], l: &Line, p: impl Fn(&Finding) -> bool) -> bool {
    cs.iter().any(|c| c.is_at(l) && p(c))
}

/// The lines `f` accepts, in the findings' order.
fn pick(cs: &[&Finding], f: impl Fn(&Finding) -> bool) -> Vec<Line> {
    cs.iter().filter(|c| f(c)).map(|c| c.location()).collect()
}

fn is_missing(c: &Finding) -> bool {
    matches!(c.evidence, Evidence::MissingOutput { .. })
}

/// A decision whose replay took the predicted paths: a flip proved by running it.
fn is_proven(cs: &[&Finding], l: &Line) -> bool {
    any_at(cs, l, |c| {
        c.decision().is_some_and(|d| d.alternative.as_predicted)
    })
}

/// Name the root cause among `findings` (in rank order), with the hunk search's result.
pub fn name(findings: &[Finding], dd: Option<&DdSection>) -> Naming {
    let cs = finding::primary(findings);
    let cs = &cs[..];
    let from_dd = from_hunk_search(cs, dd);
    let tiers = [
        from_dd,
        pick(cs, |c| c.changed && (c.is_decision() || is_missing(c))),
        pick(cs, |c| c.changed),
        cs.first().map(|c| c.location()).into_iter().collect(),
    ];
    let (tier, mut named) = tiers
        .into_iter()
        .enumerate()
        .find(|(_, t)| !t.is_empty())
        .unwrap_or_default();
    let mut evidence = [
        Kind::HunkSearch,
        Kind::Decision,
        Kind::Value,
        Kind::Candidate,
    ][tier];
    if tier == 1 && named.first().is_some_and(|l| any_at(cs, l, is_missing)) {
        evidence = Kind::MissingOutput;
    }
    let exposed_by = latent_first(cs, tier, &mut named, &mut evidence);
    // A line can hold more than one finding (a decision and a value): named once.
    let mut seen = HashSet::new();
    named.retain(|l| seen.insert(l.clone()));
    with_expanding_lines(cs, &mut named);
    let mut notes = leave_out_carried(cs, &mut named);
    // A decision whose alternative input makes the revisions agree is proof the
    // regression passes through it; the tier's other lines are then only listed.
    let undoes = |l: &Line| {
        any_at(cs, l, |c| {
            c.decision()
                .is_some_and(|d| d.alternative.undoes_regression())
        })
    };
    if named.iter().any(undoes) {
        named.retain(undoes);
    }
    named.truncate(NAMED);
    if let Some(by) = &exposed_by {
        notes.extend(which_is_which(cs, &named, by));
    }
    Naming {
        evidence: (!named.is_empty()).then_some(evidence),
        lines: named,
        notes,
    }
}

/// Kind 1: what the hunk search points at when it narrowed the change.
fn from_hunk_search(cs: &[&Finding], dd: Option<&DdSection>) -> Vec<Line> {
    let to_line = |l: &crate::report::Location| Line::new(l.file.clone(), l.line);
    let mut from_dd: Vec<Line> = dd
        .filter(|d| d.narrowed)
        .map(|d| d.reported.iter().map(to_line).collect())
        .unwrap_or_default();
    // The search points only at unchanged decisions that skipped output: they say where
    // output went missing, not that they are wrong; the narrowed change's own lines
    // (the first line of each failure-inducing hunk) are named instead.
    let only_missing = |l: &Line| {
        any_at(cs, l, |c| !c.changed && is_missing(c)) && !any_at(cs, l, |c| !is_missing(c))
    };
    if !from_dd.is_empty() && from_dd.iter().all(only_missing) {
        from_dd = dd
            .iter()
            .flat_map(|d| &d.hunks)
            .map(|h| Line::new(h.file.clone(), h.start))
            .collect();
    }
    // As for the whole change: proven decisions, when there are any, before and
    // instead of the values. Otherwise the values, when there are any: a decision
    // whose flip no replay bore out is weaker evidence than a value the slices trace
    // to the output.
    if from_dd.iter().any(|l| is_proven(cs, l)) {
        from_dd.retain(|l| is_proven(cs, l));
    } else if from_dd.iter().any(|l| !any_at(cs, l, Finding::is_decision)) {
        from_dd.retain(|l| !any_at(cs, l, Finding::is_decision));
    }
    from_dd
}

/// Latent faults before the change that exposes them (kinds 1 and 3): returns the
/// changed line that exposes them when they are named.
fn latent_first(
    cs: &[&Finding],
    tier: usize,
    named: &mut Vec<Line>,
    evidence: &mut Kind,
) -> Option<Line> {
    let arose = |l: &Line| any_at(cs, l, Finding::new_values);
    // Changed values of which none computed a number the good run never did, while
    // unchanged lines now reach the output: the change only routes an old value there
    // (a latent fault it exposes), so the exposed lines are named.
    let exposed = pick(cs, Finding::exposed);
    if tier == 2 && !exposed.is_empty() && !named.iter().any(arose) {
        // The exposed lines first, then, when there is room, the changed line that
        // exposes them: which is which is said in their notes.
        let by = named.first().cloned();
        *named = exposed;
        if named.len() < NAMED {
            named.extend(by.clone());
        }
        *evidence = Kind::Exposed;
        return by;
    }
    if tier == 0 && !cs.iter().any(|c| c.changed && c.new_values()) {
        // The hunk search found the change, which computes nothing new itself, while
        // unchanged code it calls computes numbers it never computed before (the first
        // value the runs compute differently, in a function the change did not touch):
        // a latent fault, named first, the change after it.
        let latent = pick(cs, |c| c.exposed() && c.new_values() && !c.changed);
        if !latent.is_empty() {
            let by = named.first().cloned();
            *named = latent.into_iter().chain(named.drain(..)).collect();
            *evidence = Kind::Exposed;
            return by;
        }
    }
    None
}

/// A line whose text did not change but expands a changed macro does not hold the
/// change: the definition does, so it stays named beside the line.
fn macro_only(cs: &[&Finding], l: &Line) -> bool {
    any_at(cs, l, |c| {
        c.notes
            .iter()
            .any(|n| matches!(n, LineNote::ExpandsChangedMacro(_)))
    })
}

/// A named definition of a macro whose text is all that changed acts on the line that
/// expands it: that line is named after it, never a line further on.
fn with_expanding_lines(cs: &[&Finding], named: &mut Vec<Line>) {
    let mut i = 0;
    while i < named.len() {
        let use_at = cs.iter().find_map(|c| {
            c.used_at()
                .filter(|u| c.is_at(&named[i]) && macro_only(cs, u) && !named.contains(u))
        });
        if let Some(u) = use_at {
            named.insert(i + 1, u.clone());
        }
        i += 1;
    }
}

/// A value line computed from another named line only carries that value on, and a
/// macro definition expanded on a named line is part of that line's statement: the line
/// the value arose on is named, once. Returns the notes of the lines left out.
fn leave_out_carried(cs: &[&Finding], named: &mut Vec<Line>) -> Vec<(Line, LineNote)> {
    let arose = |l: &Line| any_at(cs, l, Finding::new_values);
    let carried_on = |c: &Finding| {
        let among = |u: &Line| named.contains(u);
        c.used_at().is_some_and(|u| among(u) && !macro_only(cs, u))
            || c.computed_from().iter().any(|u| among(u) && arose(u))
            // Or a line computing nothing new from one changed line alone, a named one.
            || (!c.new_values() && c.computed_from().len() == 1 && c.computed_from().iter().any(among))
    };
    let carried: Vec<Line> = named
        .iter()
        .filter(|l| any_at(cs, l, carried_on))
        .cloned()
        .collect();
    let mut notes = Vec::new();
    if carried.len() < named.len() {
        named.retain(|l| !carried.contains(l));
        for c in cs.iter().filter(|c| carried.iter().any(|l| c.is_at(l))) {
            let from = c
                .used_at()
                .into_iter()
                .chain(c.computed_from())
                .find(|u| named.contains(u));
            if let Some(u) = from {
                notes.push((c.location(), LineNote::NotNamed { from: u.clone() }));
            }
        }
    }
    notes
}

/// Which is which: the unchanged lines named are a latent fault, the change at `by`
/// exposed it.
fn which_is_which(cs: &[&Finding], named: &[Line], by: &Line) -> Vec<(Line, LineNote)> {
    let mut notes: Vec<(Line, LineNote)> = cs
        .iter()
        .filter(|c| !c.changed && named.iter().any(|l| c.is_at(l)))
        .map(|c| (c.location(), LineNote::NamedLatentFault { by: by.clone() }))
        .collect();
    let faults: Vec<Line> = named
        .iter()
        .filter(|l| any_at(cs, l, |c| !c.changed))
        .cloned()
        .collect();
    if named.contains(by) && !faults.is_empty() {
        if let Some(c) = cs.iter().find(|c| c.is_at(by) && c.changed) {
            notes.push((c.location(), LineNote::NamedExposingChange { faults }));
        }
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finding::{Decision, Origin};
    use crate::report::{self, DdSection, FailureHunk, Location, Report};

    fn at(line: u32) -> Line {
        Line::new("p.c", line)
    }

    fn f(line: u32, evidence: Evidence, changed: bool) -> Finding {
        Finding::new(at(line), changed, String::new(), evidence)
    }

    fn value(line: u32, changed: bool) -> Finding {
        f(line, Evidence::Value(Origin::default()), changed)
    }

    /// A value line with its origin.
    fn linked(line: u32, computed_from: &[u32], new_values: bool) -> Finding {
        let origin = Origin {
            computed_from: computed_from.iter().map(|&l| at(l)).collect(),
            new_values,
        };
        f(line, Evidence::Value(origin), true)
    }

    fn alt(agree: bool, predicted: bool) -> report::Alternative {
        report::Alternative {
            good_stdout: "a".into(),
            good_ending: "exit status 0".into(),
            bad_stdout: if agree { "a" } else { "b" }.into(),
            bad_ending: "exit status 0".into(),
            as_predicted: predicted,
            revisions_agree: agree,
            ..Default::default()
        }
    }

    /// A decision whose replay is `a`.
    fn with(line: u32, changed: bool, a: report::Alternative) -> Finding {
        let d = Decision {
            flipped: "x > 1".into(),
            alternative: a,
            instances: 1,
        };
        f(line, Evidence::Decision(Box::new(d)), changed)
    }

    /// A decision no replay bore out.
    fn decision(line: u32, changed: bool) -> Finding {
        with(line, changed, alt(false, false))
    }

    fn missing(line: u32, changed: bool) -> Finding {
        f(line, Evidence::MissingOutput { writer: at(30) }, changed)
    }

    fn dd(reported: &[u32], hunk: (u32, u32)) -> DdSection {
        DdSection {
            narrowed: true,
            reported: reported
                .iter()
                .map(|&line| Location {
                    file: "p.c".into(),
                    line,
                })
                .collect(),
            hunks: vec![FailureHunk {
                file: "p.c".into(),
                start: hunk.0,
                end: hunk.1,
                ..Default::default()
            }],
            ..Default::default()
        }
    }

    /// The report of `findings` named with `dd`.
    fn report(findings: &[Finding], dd: Option<&DdSection>) -> Report {
        report::build(report::Analysis {
            findings: findings.to_vec(),
            naming: name(findings, dd),
            dd: dd.cloned(),
            ..Default::default()
        })
    }

    fn named(findings: &[Finding], dd: Option<&DdSection>) -> Vec<u32> {
        name(findings, dd).lines.iter().map(|l| l.line).collect()
    }

    #[test]
    fn a_decision_whose_flip_undoes_the_regression_is_named_alone() {
        let fs = [
            with(3, true, alt(false, true)),
            with(6, true, alt(true, true)),
        ];
        let r = report(&fs, None);
        assert_eq!(r.root_cause.iter().map(|l| l.line).collect::<Vec<_>>(), [6]);
        assert_eq!(r.candidates[0].line, 6);
        // Agreement from a replay that left the predicted path proves nothing.
        let fs = [
            with(3, true, alt(false, true)),
            with(6, true, alt(true, false)),
        ];
        assert_eq!(named(&fs, None), [3, 6]);
    }

    /// Issue 29's kinds in the naming rule: a changed decision that skipped output
    /// before changed values; unchanged decisions that skipped output are no evidence
    /// against themselves (the narrowed hunk is named); a latent fault (unchanged, new
    /// numbers) comes before the change the hunk search found, which follows it.
    #[test]
    fn missing_output_and_latent_faults_in_the_naming_order() {
        let fs = [value(9, true), missing(5, true)];
        let n = name(&fs, None);
        assert_eq!(n.lines, [at(5)]);
        assert_eq!(n.evidence, Some(Kind::MissingOutput));
        let fs = [missing(22, false)];
        let n = name(&fs, Some(&dd(&[22], (9, 9))));
        assert_eq!(n.lines, [at(9)]);
        assert_eq!(n.evidence, Some(Kind::HunkSearch));
        let latent = f(5, Evidence::LatentFault, false);
        let fs = [value(17, true), latent.clone()];
        let search = dd(&[17], (17, 17));
        let r = report(&fs, Some(&search));
        assert_eq!(
            r.root_cause,
            [at(5), at(17)].map(|l| report::build::location(&l))
        );
        assert_eq!(r.root_cause_evidence, Some(Kind::Exposed));
        assert!(r.candidates[0].notes[0].ends_with("exposed by the change at p.c:17"));
        assert_eq!(
            r.candidates[1].notes,
            ["named as the change that exposes the latent fault at p.c:5"]
        );
        // A change that computes a number of its own is no mere exposer.
        let fs = [linked(17, &[], true), latent];
        assert_eq!(named(&fs, Some(&search)), [17]);
    }

    #[test]
    fn the_first_kind_of_evidence_with_a_line_is_named() {
        // Changed decisions before changed values, unchanged lines left out.
        let fs = [
            value(5, true),
            decision(7, false),
            decision(9, true),
            value(11, true),
        ];
        let r = report(&fs, None);
        assert_eq!(r.root_cause.iter().map(|l| l.line).collect::<Vec<_>>(), [9]);
        let order: Vec<u32> = r.candidates.iter().map(|c| c.line).collect();
        assert_eq!(order, vec![9, 5, 7, 11], "named first, the rest in order");
        assert_eq!(
            r.candidates.iter().map(|c| c.rank).collect::<Vec<_>>(),
            vec![1, 2, 3, 4]
        );
        // No changed decision: changed values, at most three.
        let fs: Vec<Finding> = (1..=5).map(|l| value(l, true)).collect();
        assert_eq!(named(&fs, None), [1, 2, 3]);
        // Only unchanged code: the best finding.
        let fs = [value(4, false), decision(6, false)];
        assert_eq!(named(&fs, None), [4]);
        // A narrowed hunk search decides: its lines in its order, or only its proven
        // decisions when it holds any.
        let mut fs = vec![decision(3, true), value(8, true), decision(10, true)];
        let mut search = DdSection {
            hunks: Vec::new(),
            ..dd(&[8, 10], (0, 0))
        };
        assert_eq!(
            named(&fs, Some(&search)),
            [8],
            "an unproven flip yields to the values"
        );
        fs[2] = with(10, true, alt(false, true));
        assert_eq!(named(&fs, Some(&search)), [10]);
        // One that did not narrow the change is not evidence.
        search.narrowed = false;
        assert_eq!(named(&fs, Some(&search)), [3, 10]);
        // Nothing to name without findings.
        let n = name(&[], None);
        assert!(n.lines.is_empty() && n.evidence.is_none());
    }

    #[test]
    fn exposed_lines_are_named_when_no_changed_line_computed_a_new_number() {
        let e = f(30, Evidence::Exposed, false);
        let fs = [value(5, true), value(6, true), e.clone()];
        // The exposed line, then the first changed line, which exposes it.
        assert_eq!(named(&fs, None), [30, 5]);
        // A changed line where a new number arose is named instead.
        let fs = [linked(5, &[], true), value(6, true), e.clone()];
        assert_eq!(named(&fs, None), [5, 6]);
        // A changed decision comes first regardless.
        let fs = [decision(4, true), value(6, true), e];
        assert_eq!(named(&fs, None), [4]);
    }

    /// The rate is divided before it is multiplied (line 5): the pay on line 6 is
    /// computed from it and is wrong too, but the value arose on line 5.
    #[test]
    fn a_value_computed_from_a_named_line_where_it_arose_is_not_named() {
        let fs = [linked(6, &[5], true), linked(5, &[], true)];
        let r = report(&fs, None);
        assert_eq!(r.root_cause, [report::build::location(&at(5))]);
        assert!(
            r.candidates[1]
                .notes
                .iter()
                .any(|n| n == "not named: its value comes from p.c:5, which is named"),
            "{:?}",
            r.candidates[1].notes
        );
    }

    #[test]
    fn carried_lines_and_macro_definitions_leave_the_naming() {
        // 2 defines a macro expanded on 5; 6 computes nothing new from 5 alone; 8 is
        // computed from 5 and from 7, neither where a new number arose; 9 from 8, which
        // is.
        let def2 = f(
            2,
            Evidence::MacroDefinition {
                used_at: at(5),
                decision: false,
            },
            true,
        );
        let fs = [
            linked(5, &[], false),
            def2,
            linked(6, &[5], false),
            value(7, true),
            linked(8, &[5, 7], true),
            linked(9, &[8], true),
        ];
        assert_eq!(named(&fs, None), [5, 7, 8]);
        // Never all of them: a cycle of carried lines names its lines.
        let fs = [linked(1, &[3], false), linked(3, &[1], false)];
        assert_eq!(named(&fs, None), [1, 3]);
    }

    /// A definition whose use changed only by expanding it holds the change: it stays
    /// named, with that use right after it (even when the search named the definition
    /// alone), and a later printing line is not.
    #[test]
    fn a_changed_macro_is_named_with_the_line_expanding_it() {
        let mut use5 = value(5, true);
        use5.notes
            .push(LineNote::ExpandsChangedMacro("SCALE".into()));
        let def2 = f(
            2,
            Evidence::MacroDefinition {
                used_at: at(5),
                decision: false,
            },
            true,
        );
        let fs = [use5.clone(), def2.clone(), value(9, false)];
        assert_eq!(named(&fs, None), [5, 2]);
        // The hunk search named the definition only.
        let fs = [def2.clone(), use5.clone(), value(9, false)];
        assert_eq!(named(&fs, Some(&dd(&[2], (1, 3)))), [2, 5]);
        // A use whose own text changed holds the change: the definition is left out.
        use5.notes.clear();
        assert_eq!(named(&[use5, def2], None), [5]);
    }

    /// Several findings on one line name it once, as its first finding: a value on a
    /// decision's line adds nothing, a deletion there adds what was deleted.
    #[test]
    fn findings_on_one_line_are_one_candidate() {
        let mut del = f(9, Evidence::Deletion, true);
        del.source = "acc = 0;".into();
        let fs = [decision(9, true), value(9, true), del, value(4, true)];
        let r = report(&fs, None);
        assert_eq!(r.root_cause.iter().map(|l| l.line).collect::<Vec<_>>(), [9]);
        let lines: Vec<u32> = r.candidates.iter().map(|c| c.line).collect();
        assert_eq!(lines, [9, 4]);
        assert_eq!(r.candidates[0].explanation, report::Explanation::Decision);
        assert_eq!(r.candidates[0].notes.len(), 1);
        assert!(r.candidates[0].notes[0].starts_with("deleted here: `acc = 0;`"));
    }
}
