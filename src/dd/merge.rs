//! The hunk search's result combined with the report's candidates: candidates inside a
//! failure-inducing hunk rank first; a hunk without one is shown with its lines in the
//! bad run's relevant slice; when every candidate lies in unchanged code, the hunks only
//! expose the fault. A search that could not leave out any changed line adds nothing to
//! the diff: its hunks are shown, but they rank and report nothing.

use crate::report::{DdSection, FailureHunk, Location, Report};

use super::Search;

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
    let narrowed = search.narrowed();
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
