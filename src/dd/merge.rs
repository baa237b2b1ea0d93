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
//! shows the deleted code.

use crate::report::{Candidate, DdSection, Explanation, FailureHunk, Location, Report};

use super::{Search, LARGE_HUNK};

/// Whether the search's result points somewhere: it kept at most half of the changed
/// lines ([`Search::narrowed`]), or it kept at most [`LARGE_HUNK`] lines, which the
/// search does not cut further (a one-line change whose diff is that line is as narrow
/// as it gets, although nothing was left out).
pub fn narrowed(search: &Search) -> bool {
    search.narrowed() || (!search.minimal.is_empty() && search.lines_minimal() <= LARGE_HUNK)
}

/// The candidate at the place of a failure-inducing deletion: the line of the bad
/// revision now where the deleted lines were, with the deleted code and the search's
/// evidence. `None` when the hunk adds code too (those lines are the place).
fn deletion(h: &super::Hunk) -> Option<Candidate> {
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
    let mut c = Candidate::new(h.path.clone(), line, Explanation::Deletion, true);
    c.hunk = Some(h.unified());
    c.notes.push(deletion_note(&code));
    c.source = code;
    Some(c)
}

fn deletion_note(code: &str) -> String {
    format!("deleted here: `{code}`; deleting these lines alone from the good revision makes the test fail the bad revision's way (hunk search)")
}

/// Fill `report.dd` from `search` and reorder `report.candidates`. `slice_lines` are the
/// (file, line) pairs of the bad run's relevant slice; `cache_hits` the subsets the
/// cache answered.
pub fn merge(
    report: &mut Report,
    search: &Search,
    slice_lines: &[(String, u32)],
    cache_hits: usize,
) {
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
        for c in search.minimal.iter().filter_map(deletion) {
            match report
                .candidates
                .iter_mut()
                .find(|d| d.file == c.file && d.line == c.line)
            {
                // A candidate already there (the statement now where the code was):
                // it says what was deleted before it.
                Some(d) => d.notes.push(deletion_note(&c.source)),
                None => report.candidates.push(c),
            }
        }
    }
    let inside = |file: &str, line: u32| {
        narrowed
            && ranges
                .iter()
                .any(|(f, s, e)| f == file && (*s..=*e).contains(&line))
    };
    // Stable: inside first, each part in its old order.
    let (mut first, rest): (Vec<_>, Vec<_>) = std::mem::take(&mut report.candidates)
        .into_iter()
        .partition(|c| inside(&c.file, c.line));
    let n_inside = first.len();
    first.extend(rest);
    crate::report::rerank(&mut first);
    report.candidates = first;
    let hunks: Vec<FailureHunk> = search
        .minimal
        .iter()
        .zip(&ranges)
        .map(|(h, (f, s, e))| FailureHunk {
            file: f.clone(),
            start: *s,
            end: *e,
            text: h.unified(),
            candidate_lines: report
                .candidates
                .iter()
                .filter(|c| &c.file == f && (*s..=*e).contains(&c.line))
                .map(|c| c.line)
                .collect(),
            slice_lines: slice_lines
                .iter()
                .filter(|(sf, l)| sf == f && (*s..=*e).contains(l) && !h.new.is_empty())
                .map(|(_, l)| *l)
                .collect(),
        })
        .collect();
    let mut reported: Vec<Location> = Vec::new();
    let mut push = |file: &str, line: u32| {
        if !reported.iter().any(|l| l.file == file && l.line == line) {
            reported.push(Location {
                file: file.to_string(),
                line,
            });
        }
    };
    for c in &report.candidates[..n_inside] {
        push(&c.file, c.line);
    }
    if n_inside == 0 && narrowed {
        for h in &hunks {
            for l in &h.slice_lines {
                push(&h.file, *l);
            }
        }
    }
    let exposes_only =
        narrowed && n_inside == 0 && report.candidates.first().is_some_and(|c| !c.changed);
    if exposes_only {
        if let Some(c) = report.candidates.first() {
            push(&c.file, c.line);
            report.notes.push(format!(
                "the failure-inducing hunks only expose the fault: no candidate lies inside them, and the best candidate, {}:{}, is in unchanged code",
                c.file, c.line
            ));
        }
    }
    if !narrowed && !search.minimal.is_empty() {
        report.notes.push(format!(
            "delta debugging could not narrow the change (it kept {} of {} changed lines; {} of {} subsets did not build or failed another way), so its hunks do not rank the candidates",
            search.lines_minimal(), search.lines_total, search.unresolved, search.tested
        ));
    }
    report.dd = Some(DdSection {
        hunks_total: search.hunks,
        changed_lines: search.lines_total,
        minimal_lines: search.lines_minimal(),
        narrowed,
        groups: search.groups,
        subsets_tested: search.tested,
        unresolved: search.unresolved,
        cache_hits,
        subsets_spliced: 0,
        search_ms: search.ms,
        hunks,
        reported,
        exposes_only,
    });
}
