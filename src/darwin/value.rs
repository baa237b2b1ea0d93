//! Value-level explanations: when no decision of the bad run can be flipped while the
//! good run keeps its condition, the fault is in a computed value (a wrong constant,
//! operator or initial value). The candidates are the bad revision's assignments whose
//! values reach the criterion.
//!
//! The seam for the slicer is `data_slice`: the statements of the bad run's data slice
//! from the criterion. Without it (today), the statements on lines the diff changed
//! stand in for the slice, and the criterion's own statement closes the list.

use std::collections::BTreeSet;

use crate::diffctx::TreeDiff;
use crate::ir::{Loc, Program, StmtId};
use crate::report::{Candidate, Explanation};

/// Lines holding statements (not terminators) of `prog`, with whether `keep` accepts
/// one of the line's statements.
fn statement_lines(prog: &Program, keep: impl Fn(StmtId) -> bool) -> BTreeSet<(String, u32)> {
    let mut out = BTreeSet::new();
    for (fi, f) in prog.functions.iter().enumerate() {
        for (bi, b) in f.blocks.iter().enumerate() {
            for (si, s) in b.stmts.iter().enumerate() {
                let id = StmtId {
                    func: fi as u32,
                    block: bi as u32,
                    index: si as u32,
                };
                if s.loc.line > 0 && keep(id) {
                    out.insert((prog.file_name(s.loc).to_string(), s.loc.line));
                }
            }
        }
    }
    out
}

/// Value-level candidates of the bad revision, changed lines first. `criterion` is the
/// bad statement that wrote the first differing output (or failed).
pub fn candidates(
    bad: &Program,
    diff: &TreeDiff,
    criterion: Option<Loc>,
    data_slice: Option<&[StmtId]>,
) -> Vec<Candidate> {
    let lines = match data_slice {
        Some(slice) => statement_lines(bad, |id| slice.contains(&id)),
        None => {
            let changed: BTreeSet<(String, u32)> = diff.changed_lines().into_iter().collect();
            statement_lines(bad, |_| true)
                .into_iter()
                .filter(|k| changed.contains(k))
                .collect()
        }
    };
    let mut keys: Vec<(String, u32)> = lines.into_iter().collect();
    // Changed lines first (stable: file and line order within each group).
    keys.sort_by_key(|(f, l)| !diff.is_changed(f, *l));
    if let Some(c) = criterion {
        let k = (bad.file_name(c).to_string(), c.line);
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.into_iter()
        .enumerate()
        .map(|(i, (file, line))| {
            let changed = diff.is_changed(&file, line);
            let is_criterion = criterion
                .is_some_and(|c| bad.file_name(c) == file && c.line == line);
            let mut notes = Vec::new();
            if is_criterion {
                notes.push("writes the first differing output".to_string());
            }
            if data_slice.is_none() && !is_criterion {
                notes.push(
                    "a statement on a changed line; without a data slice its flow into the output is not proven"
                        .to_string(),
                );
            }
            Candidate {
                rank: i + 1,
                source: diff
                    .file(&file)
                    .and_then(|d| d.line_text(line))
                    .unwrap_or("")
                    .to_string(),
                hunk: diff.file(&file).and_then(|d| d.hunk_around(line, &file)),
                file,
                line,
                explanation: Explanation::Value,
                changed,
                instances: 1,
                flipped: None,
                alternative: None,
                notes,
            }
        })
        .collect()
}
