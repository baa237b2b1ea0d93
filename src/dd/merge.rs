//! The hunk search's result combined with the report's candidates: candidates inside a
//! failure-inducing hunk rank first; a hunk without one is shown with its lines in the
//! bad run's relevant slice; when every candidate lies in unchanged code, the hunks only
//! expose the fault. A search that could not leave out any changed line adds nothing to
//! the diff: its hunks are shown, but they rank and report nothing, unless what it kept
//! is already as small as the search makes anything (a one-line change).
//!
//! A failure-inducing hunk that only deletes code (lines removed, or commented out) has
//! no line of the bad revision to blame: the place of the deletion (the line now where
//! the deleted code was, or the first line commented out) becomes a candidate that
//! shows the deleted code. When the whole failure-inducing change is code the bad run
//! never executed, or code it executed whose values the failing output never reads,
//! its first such line is a candidate too (a declaration; an unread change).

use std::collections::HashSet;

use crate::finding::{self, Evidence, Finding, Line, LineNote};
use crate::report::{DdSection, FailureHunk, Location, Note};

use super::{Search, LARGE_HUNK};

/// Whether the search's result points somewhere: it kept at most half of the changed
/// lines ([`Search::narrowed`]), or it kept at most [`LARGE_HUNK`] lines, which the
/// search does not cut further (a one-line change whose diff is that line is as narrow
/// as it gets, although nothing was left out).
pub fn narrowed(search: &Search) -> bool {
    search.narrowed() || (!search.minimal.is_empty() && search.lines_minimal() <= LARGE_HUNK)
}

/// The finding at the place of a failure-inducing deletion: the line of the bad
/// revision now where the deleted lines were, with the deleted code and the search's
/// evidence. `None` when the hunk adds code too (those lines are the place).
fn deletion(h: &super::Hunk) -> Option<Finding> {
    // Lines commented out are deleted code too; their place is the first of them.
    let no_code = |lines: &[String]| {
        crate::diffctx::code_lines(&lines.join("\n"))
            .iter()
            .all(|c| !c)
    };
    if h.old.is_empty() || no_code(&h.old) || !no_code(&h.new) {
        return None;
    }
    let (line, _) = h.bad_range();
    let code = h.old.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
    let note = LineNote::Deleted(code.clone());
    Some(hunk_finding(h, (line, &code), note, Evidence::Deletion))
}

/// The failure-inducing hunks of `search` (each in `ranges`, the bad revision's lines),
/// with the lines of each holding candidates (`cands`) and in the relevant slice.
fn failure_hunks(
    search: &Search,
    ranges: &[(String, u32, u32)],
    cands: &[&Finding],
    slice_lines: &[(String, u32)],
) -> Vec<FailureHunk> {
    search
        .minimal
        .iter()
        .zip(ranges)
        .map(|(h, (f, s, e))| FailureHunk {
            file: f.clone(),
            start: *s,
            end: *e,
            text: h.unified(),
            candidate_lines: cands
                .iter()
                .filter(|c| &c.line.file == f && (*s..=*e).contains(&c.line.line))
                .map(|c| c.line.line)
                .collect(),
            slice_lines: slice_lines
                .iter()
                .filter(|(sf, l)| sf == f && (*s..=*e).contains(l) && !h.new.is_empty())
                .map(|(_, l)| *l)
                .collect(),
        })
        .collect()
}

/// The code lines a hunk adds (comments and blank lines left out), with their line
/// numbers in the bad revision.
fn added_code(h: &super::Hunk) -> Vec<(u32, &str)> {
    let (start, _) = h.bad_range();
    let code = crate::diffctx::code_lines(&h.new.concat());
    (start..)
        .zip(&h.new)
        .zip(&code)
        .filter(|(_, c)| **c)
        .map(|((l, t), _)| (l, t.as_str()))
        .collect()
}

/// The finding at `line` of hunk `h` (its source `text`), with the hunk and `note`.
fn hunk_finding(
    h: &super::Hunk,
    (line, text): (u32, &str),
    note: LineNote,
    e: Evidence,
) -> Finding {
    Finding {
        hunk: Some(h.unified()),
        notes: vec![note],
        ..Finding::new(
            Line::new(h.path.clone(), line),
            true,
            text.trim().to_string(),
            e,
        )
    }
}

/// A failure-inducing hunk that adds code the bad run never executed, with no finding
/// inside (None for any other hunk): a declaration (an enumeration constant, an array's
/// size, a structure's field) whose effect is compiled into the lines using it. Its
/// first code line is the place; without `executed` (no trace) nothing can be said.
fn declaration(
    h: &super::Hunk,
    findings: &[Finding],
    executed: Option<&HashSet<(String, u32)>>,
) -> Option<Finding> {
    let executed = executed?;
    let lines = added_code(h);
    let ran = |l: u32| executed.contains(&(h.path.clone(), l));
    let first = *lines.first()?;
    if lines
        .iter()
        .any(|&(l, _)| ran(l) || findings.iter().any(|f| f.line.is(&h.path, l)))
    {
        return None;
    }
    Some(hunk_finding(
        h,
        first,
        LineNote::CompiledIn,
        Evidence::Declaration,
    ))
}

/// A failure-inducing hunk that adds code the bad run executed, none of it in the bad
/// run's relevant slice (`slice_lines`) nor holding a finding (None for any other
/// hunk): no dependence the trace shows leads from it to the failing output, so what it
/// does matters by what it no longer writes where the output reads (a store gone to
/// another place) or by what the trace does not show (state kept inside the C
/// library). Its first executed code line is the place.
fn unread(
    h: &super::Hunk,
    findings: &[Finding],
    slice_lines: &[(String, u32)],
    executed: Option<&HashSet<(String, u32)>>,
) -> Option<Finding> {
    let executed = executed?;
    let lines = added_code(h);
    let at = |l: u32| (h.path.clone(), l);
    let first = *lines.iter().find(|(l, _)| executed.contains(&at(*l)))?;
    let sliced =
        |l: u32| slice_lines.contains(&at(l)) || findings.iter().any(|f| f.line.is(&h.path, l));
    if lines.iter().any(|&(l, _)| sliced(l)) {
        return None;
    }
    Some(hunk_finding(h, first, LineNote::Unread, Evidence::Unread))
}

/// The report's section of `search`, with the deletions and declarations it found
/// added to `findings` (a deletion merged with a finding already on its line by
/// `report::build`) and the findings inside the failure-inducing hunks moved first.
/// `slice_lines` are the (file, line) pairs of the bad run's relevant slice,
/// `executed` those of every statement the bad run executed.
pub fn merge(
    findings: &mut Vec<Finding>,
    search: &Search,
    slice_lines: &[(String, u32)],
    executed: Option<&HashSet<(String, u32)>>,
) -> (DdSection, Vec<Note>) {
    let ranges: Vec<(String, u32, u32)> = search
        .minimal
        .iter()
        .map(|h| {
            let (s, e) = h.bad_range();
            (h.path.clone(), s, e)
        })
        .collect();
    let narrowed = narrowed(search);
    if narrowed {
        // A finding already on a deletion's line (the statement now where the code
        // was) stays that line's candidate and says what was deleted before it.
        findings.extend(search.minimal.iter().filter_map(deletion));
        // Only when the whole failure-inducing change is such code: a prototype the
        // search kept beside a moved function is needed to compile it, not the cause.
        let declared: Option<Vec<Finding>> = search
            .minimal
            .iter()
            .map(|h| declaration(h, findings, executed))
            .collect();
        // Likewise only when every hunk is code that ran outside the failing slice:
        // else the slice's own lines in the hunks say more.
        let unread = || -> Option<Vec<Finding>> {
            search
                .minimal
                .iter()
                .map(|h| unread(h, findings, slice_lines, executed))
                .collect()
        };
        let added = declared.or_else(unread);
        findings.extend(added.into_iter().flatten());
    }
    let inside = |file: &str, line: u32| {
        narrowed
            && ranges
                .iter()
                .any(|(f, s, e)| f == file && (*s..=*e).contains(&line))
    };
    // Stable: inside first, each part in its old order.
    findings.sort_by_key(|c| !inside(&c.line.file, c.line.line));
    let cands = finding::primary(findings);
    let n_inside = cands
        .iter()
        .filter(|c| inside(&c.line.file, c.line.line))
        .count();
    let mut notes = Vec::new();
    let hunks = failure_hunks(search, &ranges, &cands, slice_lines);
    let mut reported: Vec<Location> = Vec::new();
    let mut push = |file: &str, line: u32| {
        if !reported.iter().any(|l| l.file == file && l.line == line) {
            reported.push(Location {
                file: file.to_string(),
                line,
            });
        }
    };
    for c in &cands[..n_inside] {
        push(&c.line.file, c.line.line);
    }
    if n_inside == 0 && narrowed {
        for h in &hunks {
            for l in &h.slice_lines {
                push(&h.file, *l);
            }
        }
    }
    let exposes_only = narrowed && n_inside == 0 && cands.first().is_some_and(|c| !c.changed);
    if exposes_only {
        if let Some(c) = cands.first() {
            push(&c.line.file, c.line.line);
            notes.push(Note::ExposesOnly(c.location()));
        }
    }
    if !narrowed && !search.minimal.is_empty() {
        notes.push(Note::NotNarrowed {
            kept: search.lines_minimal(),
            total: search.lines_total,
            unresolved: search.unresolved,
            tested: search.tested,
        });
    }
    let section = DdSection {
        narrowed,
        hunks,
        reported,
        exposes_only,
        ..figures(search)
    };
    (section, notes)
}

/// The search's figures, for its section of the report.
fn figures(search: &Search) -> DdSection {
    DdSection {
        hunks_total: search.hunks,
        changed_lines: search.lines_total,
        minimal_lines: search.lines_minimal(),
        groups: search.groups,
        subsets_tested: search.tested,
        unresolved: search.unresolved,
        cache_hits: search.tally.cache_hits,
        subsets_spliced: search.tally.spliced,
        workers: search.workers,
        subsets_judged_ahead: search.tally.ahead_unused,
        search_ms: search.ms,
        ..DdSection::default()
    }
}
