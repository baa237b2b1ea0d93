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
            // Terminators count too: a branch on a wrong computed value is a value fault
            // when the value does not depend on the inputs.
            let locs = b
                .stmts
                .iter()
                .map(|s| s.loc)
                .chain(std::iter::once(b.term_loc));
            for (si, loc) in locs.enumerate() {
                let id = StmtId {
                    func: fi as u32,
                    block: bi as u32,
                    index: si as u32,
                };
                if loc.line > 0 && keep(id) {
                    out.insert((prog.file_name(loc).to_string(), loc.line));
                }
            }
        }
    }
    out
}

/// Whether a source line holds code: not blank, not only a comment, brace or
/// preprocessor line other than a macro definition.
pub(crate) fn is_code(text: &str) -> bool {
    let t = text.trim();
    !(t.is_empty()
        || t.starts_with("//")
        || t.starts_with("/*")
        || t.starts_with('*')
        || t.chars().all(|c| "{}();".contains(c))
        || (t.starts_with('#') && !t.starts_with("#define")))
}

/// Value-level candidates of the bad revision, changed lines first. `criterion` is the
/// bad statement that wrote the first differing output (or failed).
pub fn candidates(
    bad: &Program,
    diff: &TreeDiff,
    criterion: Option<Loc>,
    data_slice: Option<&[StmtId]>,
) -> Vec<Candidate> {
    let mut keys: Vec<(String, u32)> = match data_slice {
        Some(slice) => {
            let mut k: Vec<_> = statement_lines(bad, |id| slice.contains(&id))
                .into_iter()
                .collect();
            // Changed lines first (stable: file and line order within each group).
            k.sort_by_key(|(f, l)| !diff.is_changed(f, *l));
            k
        }
        None => {
            // Without a slice: the changed lines holding code, statements first, then
            // data (initialisers of tables and constants have no statement).
            let stmts = statement_lines(bad, |_| true);
            let code: Vec<(String, u32)> = diff
                .changed_lines()
                .into_iter()
                .filter(|(f, l)| {
                    diff.file(f)
                        .and_then(|d| d.line_text(*l))
                        .is_some_and(is_code)
                })
                .collect();
            let mut k: Vec<_> = code
                .iter()
                .filter(|x| stmts.contains(*x))
                .cloned()
                .collect();
            k.extend(code.iter().filter(|x| !stmts.contains(*x)).cloned());
            k
        }
    };
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
            let is_criterion =
                criterion.is_some_and(|c| bad.file_name(c) == file && c.line == line);
            let mut notes = Vec::new();
            if is_criterion {
                notes.push("writes the first differing output".to_string());
            }
            if data_slice.is_none() && !is_criterion {
                notes.push(
                    "a changed line; without a data slice its flow into the output is not proven"
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
