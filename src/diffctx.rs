//! The diff between the two revisions' trees, per file, as DARWIN's candidates need it:
//! which lines of the bad revision the change touched, and the hunk around a line.

use std::collections::{BTreeSet, HashMap};
use std::path::Path;

use similar::{ChangeTag, TextDiff};

/// Lines of context around a hunk.
const CONTEXT: usize = 3;

/// One file of the bad revision compared with the same path at the good revision.
#[derive(Debug, Default)]
pub struct FileDiff {
    /// 1-based lines of the bad revision that the diff inserted or replaced.
    pub changed: BTreeSet<u32>,
    /// The file's text at the bad revision, by line (for candidates' source lines).
    pub bad_lines: Vec<String>,
    /// Whether the file is new at the bad revision (every line counts as changed).
    pub added: bool,
    good_text: String,
    bad_text: String,
}

impl FileDiff {
    fn new(good: Option<String>, bad: String) -> FileDiff {
        let added = good.is_none();
        let good_text = good.unwrap_or_default();
        let mut changed = BTreeSet::new();
        {
            let diff = TextDiff::from_lines(&good_text, &bad);
            for ch in diff.iter_all_changes() {
                if ch.tag() == ChangeTag::Insert {
                    if let Some(n) = ch.new_index() {
                        changed.insert(n as u32 + 1);
                    }
                }
            }
        }
        FileDiff {
            changed,
            bad_lines: bad.lines().map(str::to_string).collect(),
            added,
            good_text,
            bad_text: bad,
        }
    }

    /// The source text of a 1-based line of the bad revision.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let i = (line as usize).checked_sub(1)?;
        self.bad_lines.get(i).map(String::as_str)
    }

    /// The part of the diff around `line` of the bad revision: up to `CONTEXT` diff
    /// lines either side, when the diff changed something that close (a rewrite of a
    /// whole function is cut to the window around the line).
    pub fn hunk_around(&self, line: u32, path: &str) -> Option<String> {
        let diff = TextDiff::from_lines(&self.good_text, &self.bad_text);
        let want = (line as usize).checked_sub(1)?;
        // (sign, text, old index, new index) of every line of the diff.
        let mut rows: Vec<(char, &str, Option<usize>, Option<usize>)> = Vec::new();
        for ch in diff.iter_all_changes() {
            let sign = match ch.tag() {
                ChangeTag::Delete => '-',
                ChangeTag::Insert => '+',
                ChangeTag::Equal => ' ',
            };
            rows.push((sign, ch.value(), ch.old_index(), ch.new_index()));
        }
        let at = rows.iter().position(|r| r.3 == Some(want))?;
        let lo = at.saturating_sub(CONTEXT + 1);
        let hi = (at + CONTEXT + 2).min(rows.len());
        let window = &rows[lo..hi];
        if window.iter().all(|r| r.0 == ' ') {
            return None;
        }
        let first_old = window.iter().find_map(|r| r.2).map_or(0, |i| i + 1);
        let first_new = window.iter().find_map(|r| r.3).map_or(0, |i| i + 1);
        let n_old = window.iter().filter(|r| r.2.is_some()).count();
        let n_new = window.iter().filter(|r| r.3.is_some()).count();
        let mut out = format!(
            "--- a/{path}\n+++ b/{path}\n@@ -{first_old},{n_old} +{first_new},{n_new} @@\n"
        );
        for (sign, text, _, _) in window {
            out.push(*sign);
            out.push_str(text);
            if !text.ends_with('\n') {
                out.push('\n');
            }
        }
        Some(out)
    }
}

/// The diffs of the files a candidate may name, keyed by path relative to the tree.
#[derive(Debug, Default)]
pub struct TreeDiff {
    files: HashMap<String, FileDiff>,
}

impl TreeDiff {
    /// Compare each of `paths` (relative to both trees) between the two trees. A path
    /// missing at the good revision is a new file; one missing or unreadable at the bad
    /// revision is left out (its candidates then carry no source line).
    pub fn between(good_root: &Path, bad_root: &Path, paths: &[String]) -> TreeDiff {
        let mut files = HashMap::new();
        for p in paths {
            let Ok(bad) = std::fs::read(bad_root.join(p)) else {
                continue;
            };
            let good = std::fs::read(good_root.join(p))
                .ok()
                .map(|b| String::from_utf8_lossy(&b).into_owned());
            let bad = String::from_utf8_lossy(&bad).into_owned();
            files.insert(p.clone(), FileDiff::new(good, bad));
        }
        TreeDiff { files }
    }

    pub fn file(&self, path: &str) -> Option<&FileDiff> {
        self.files.get(path)
    }

    pub fn is_changed(&self, path: &str, line: u32) -> bool {
        self.files
            .get(path)
            .is_some_and(|f| f.added || f.changed.contains(&line))
    }

    /// Every changed line of every compared file, in path order.
    pub fn changed_lines(&self) -> Vec<(String, u32)> {
        let mut out: Vec<(String, u32)> = self
            .files
            .iter()
            .flat_map(|(p, f)| f.changed.iter().map(move |l| (p.clone(), *l)))
            .collect();
        out.sort();
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changed_lines_and_hunks() {
        let good = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".to_string();
        let bad = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n".to_string();
        let d = FileDiff::new(Some(good), bad);
        assert_eq!(d.changed.iter().copied().collect::<Vec<_>>(), vec![4, 11]);
        assert_eq!(d.line_text(4), Some("D"));
        let h = d.hunk_around(4, "x.c").expect("hunk");
        assert!(h.contains("@@ -1,8 +1,8 @@"), "{h}");
        assert!(h.contains("-d\n+D\n"), "{h}");
        // Line 1 is within the window of the change at line 4, line 10 within that of
        // the addition at 11.
        assert!(d.hunk_around(1, "x.c").is_some());
        assert!(d.hunk_around(10, "x.c").is_some_and(|h| h.contains("+k")));
        let long_good: String = (0..30).map(|i| format!("{i}\n")).collect();
        let long_bad = long_good.replacen("3\n", "three\n", 1);
        let l = FileDiff::new(Some(long_good), long_bad);
        assert!(l.hunk_around(4, "x.c").is_some());
        assert!(l.hunk_around(20, "x.c").is_none());
        let far = FileDiff::new(Some("1\n".repeat(30)), "1\n".repeat(30));
        assert!(far.changed.is_empty());
        assert!(far.hunk_around(5, "x.c").is_none());
    }

    #[test]
    fn new_files_are_all_changed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let g = dir.path().join("g");
        let b = dir.path().join("b");
        std::fs::create_dir_all(&g).expect("mkdir");
        std::fs::create_dir_all(&b).expect("mkdir");
        std::fs::write(b.join("n.c"), "int x;\n").expect("write");
        let t = TreeDiff::between(&g, &b, &["n.c".to_string(), "gone.c".to_string()]);
        assert!(t.is_changed("n.c", 1));
        assert!(!t.is_changed("gone.c", 1));
        assert!(t.file("gone.c").is_none());
    }
}
