//! The diff between the two revisions' trees, per file, as DARWIN's candidates need it:
//! which lines of the bad revision the change touched, and the hunk around a line.

use std::collections::{BTreeMap, BTreeSet, HashMap};
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
    /// Per 0-based line of the bad revision: the 1-based line of the good revision it
    /// equals, for lines the diff kept.
    good_of: Vec<Option<u32>>,
    /// Per 0-based line of the bad revision: whether it holds code (see
    /// [`code_lines`]).
    code: Vec<bool>,
    good_text: String,
    bad_text: String,
}

impl FileDiff {
    fn new(good: Option<String>, bad: String) -> FileDiff {
        let added = good.is_none();
        let good_text = good.unwrap_or_default();
        let mut changed = BTreeSet::new();
        let mut good_of = Vec::new();
        {
            let diff = TextDiff::from_lines(&good_text, &bad);
            for ch in diff.iter_all_changes() {
                let Some(n) = ch.new_index() else { continue };
                if good_of.len() <= n {
                    good_of.resize(n + 1, None);
                }
                match ch.tag() {
                    ChangeTag::Insert => {
                        changed.insert(n as u32 + 1);
                    }
                    ChangeTag::Equal => good_of[n] = ch.old_index().map(|o| o as u32 + 1),
                    ChangeTag::Delete => {}
                }
            }
        }
        FileDiff {
            changed,
            bad_lines: bad.lines().map(str::to_string).collect(),
            added,
            good_of,
            code: code_lines(&bad),
            good_text,
            bad_text: bad,
        }
    }

    /// Whether a 1-based line of the bad revision holds code (see [`code_lines`]).
    pub fn is_code_line(&self, line: u32) -> bool {
        let i = (line as usize).wrapping_sub(1);
        self.code.get(i).copied().unwrap_or(false)
    }

    /// The source text of a 1-based line of the bad revision.
    pub fn line_text(&self, line: u32) -> Option<&str> {
        let i = (line as usize).checked_sub(1)?;
        self.bad_lines.get(i).map(String::as_str)
    }

    /// The line of the good revision that 1-based `line` of the bad revision equals,
    /// when the diff kept it.
    pub fn good_line(&self, line: u32) -> Option<u32> {
        let i = (line as usize).checked_sub(1)?;
        self.good_of.get(i).copied().flatten()
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
    /// Per path: the code lines whose text did not change but that expand a changed
    /// macro (directly or through unchanged macros), each with that macro's name. The
    /// preprocessor puts the new definition on them, so they count as changed.
    macro_uses: HashMap<String, BTreeMap<u32, String>>,
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
            // Bytes that are not UTF-8 stay distinct, so a changed byte is a changed line.
            let good = std::fs::read(good_root.join(p))
                .ok()
                .map(|b| crate::frontend::source_text(&b));
            let bad = crate::frontend::source_text(&bad);
            files.insert(p.clone(), FileDiff::new(good, bad));
        }
        let mut t = TreeDiff {
            files,
            macro_uses: HashMap::new(),
        };
        t.macro_uses = t.find_macro_uses();
        t
    }

    /// The unchanged code lines that expand a changed macro (see `macro_uses`).
    fn find_macro_uses(&self) -> HashMap<String, BTreeMap<u32, String>> {
        let macros = self.macros();
        // Macro name -> the changed macro it expands to (itself when changed); an
        // unchanged macro whose body names an affected one is affected too.
        let mut affected: HashMap<&str, &str> = macros
            .iter()
            .filter(|m| m.changed())
            .map(|m| (m.name.as_str(), m.name.as_str()))
            .collect();
        if affected.is_empty() {
            return HashMap::new();
        }
        loop {
            let mut grew = false;
            for m in &macros {
                if affected.contains_key(m.name.as_str()) {
                    continue;
                }
                // `define NAME` are the first two identifiers.
                let ids = identifiers(&m.text);
                let root = ids.iter().skip(2).find_map(|n| affected.get(n.as_str()));
                if let Some(&root) = root {
                    affected.insert(&m.name, root);
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let mut out: HashMap<String, BTreeMap<u32, String>> = HashMap::new();
        for (p, f) in &self.files {
            if f.added {
                continue;
            }
            let blank = blank_comments_and_literals(&f.bad_text);
            let mut directive = false;
            for (i, l) in blank.lines().enumerate() {
                let line = i as u32 + 1;
                // Directives (a definition using the macro included), continuation lines
                // and all, are not statements.
                let continued = directive;
                directive =
                    (continued || l.trim_start().starts_with('#')) && l.trim_end().ends_with('\\');
                if continued
                    || l.trim_start().starts_with('#')
                    || f.changed.contains(&line)
                    || !f.is_code_line(line)
                {
                    continue;
                }
                if let Some(root) = identifiers_in(l).into_iter().find_map(|n| affected.get(n)) {
                    out.entry(p.clone())
                        .or_default()
                        .insert(line, root.to_string());
                }
            }
        }
        out
    }

    /// The changed macro that 1-based `line` of `path` expands when its own text did not
    /// change.
    pub fn macro_use(&self, path: &str, line: u32) -> Option<&str> {
        self.macro_uses.get(path)?.get(&line).map(String::as_str)
    }

    pub fn file(&self, path: &str) -> Option<&FileDiff> {
        self.files.get(path)
    }

    /// Whether the diff changed `line` of `path`, or the line expands a changed macro.
    pub fn is_changed(&self, path: &str, line: u32) -> bool {
        self.files
            .get(path)
            .is_some_and(|f| f.added || f.changed.contains(&line))
            || self.macro_use(path, line).is_some()
    }

    /// Every changed line of every compared file (lines expanding a changed macro
    /// included), in path order.
    pub fn changed_lines(&self) -> Vec<(String, u32)> {
        let mut out: Vec<(String, u32)> = self
            .files
            .iter()
            .flat_map(|(p, f)| f.changed.iter().map(move |l| (p.clone(), *l)))
            .chain(
                self.macro_uses
                    .iter()
                    .flat_map(|(p, ls)| ls.keys().map(move |l| (p.clone(), *l))),
            )
            .collect();
        out.sort();
        out
    }
}

/// How a candidate's note begins on a line counted as changed only because it expands
/// a changed macro (the naming keeps that macro's definition named beside it).
pub const EXPANDS_CHANGED_MACRO: &str = "expands the changed macro";

/// A macro defined in a compared file of the bad revision. Candidates' lines that use
/// a changed one get the definition's line too: the preprocessor puts every statement
/// on the line where the macro is used, so the run never sees the definition.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Macro {
    pub name: String,
    pub file: String,
    /// The `#define` line (the first, for a definition continued with `\\`).
    pub line: u32,
    /// The definition's text, continuation lines joined.
    pub text: String,
    /// The first line of the definition the diff inserted or replaced (a change in the
    /// body of a long definition is on one of its continuation lines).
    pub changed_line: Option<u32>,
}

impl Macro {
    /// Whether the diff inserted or replaced one of its lines.
    pub fn changed(&self) -> bool {
        self.changed_line.is_some()
    }
}

impl TreeDiff {
    /// The macros the compared files define at the bad revision, in path and line order.
    pub fn macros(&self) -> Vec<Macro> {
        let mut out = Vec::new();
        let mut paths: Vec<&String> = self.files.keys().collect();
        paths.sort();
        for p in paths {
            let f = &self.files[p];
            let mut i = 0;
            while i < f.bad_lines.len() {
                let start = i;
                let (mut text, mut changed_line) = (String::new(), None);
                // A directive runs on while its lines end in a backslash.
                while let Some(t) = f.bad_lines.get(i) {
                    if changed_line.is_none() && (f.added || f.changed.contains(&(i as u32 + 1))) {
                        changed_line = Some(i as u32 + 1);
                    }
                    text.push_str(t.trim_end().trim_end_matches('\\'));
                    text.push(' ');
                    i += 1;
                    if !t.trim_end().ends_with('\\') {
                        break;
                    }
                }
                if let Some(name) = defined_name(&text) {
                    out.push(Macro {
                        name: name.to_string(),
                        file: p.clone(),
                        line: start as u32 + 1,
                        text: text.trim_end().to_string(),
                        changed_line,
                    });
                }
            }
        }
        out
    }
}

/// The name a `#define` line defines.
fn defined_name(line: &str) -> Option<&str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix("define")?;
    if !rest.starts_with([' ', '\t']) {
        return None;
    }
    let rest = rest.trim_start();
    let end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    (end > 0).then(|| &rest[..end])
}

/// Per line of `text`: whether it holds code, not only comments (which may span
/// lines), blanks, braces and `();`, or a preprocessor line other than `#define`. A
/// line starting with `*` is code unless a block comment covers it (`*a ^= *b;`).
pub(crate) fn code_lines(text: &str) -> Vec<bool> {
    blank_comments_and_literals(text)
        .lines()
        .map(|l| {
            let t = l.trim();
            !(t.is_empty()
                || t.chars().all(|c| "{}();".contains(c))
                || (t.starts_with('#') && !t.starts_with("#define")))
        })
        .collect()
}

/// `text` with comments blanked (a block comment keeps its line breaks, so lines keep
/// their numbers) and each string or character literal replaced by `0` (code, with no
/// identifier), so only the code's own tokens remain. A literal ends at the end of its
/// line at the latest (a hunk may cut one).
pub(crate) fn blank_comments_and_literals(text: &str) -> String {
    let b = text.as_bytes();
    let mut code = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                if b[i] == b'\n' {
                    code.push(b'\n');
                }
                i += 1;
            }
            i += 2;
            code.push(b' ');
        } else if b[i] == b'"' || b[i] == b'\'' {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q && b[i] != b'\n' {
                // An escape takes the next byte, but never the line break.
                let escapes = b[i] == b'\\' && b.get(i + 1).is_some_and(|&c| c != b'\n');
                i += if escapes { 2 } else { 1 };
            }
            // The closing quote; a literal cut at the end of its line keeps the break.
            if i < b.len() && b[i] == q {
                i += 1;
            }
            code.push(b'0');
        } else {
            code.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&code).into_owned()
}

/// The identifiers (keywords included) of `code`, in order; numbers, suffixes and hex
/// digits included, are skipped. Comments and literals must be blanked first
/// ([`blank_comments_and_literals`]).
pub(crate) fn identifiers_in(code: &str) -> Vec<&str> {
    let b = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphabetic() || c == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push(&code[s..i]);
        } else if c.is_ascii_digit() {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
        } else {
            i += 1;
        }
    }
    out
}

/// The identifiers of C text, outside string and character literals and comments.
pub fn identifiers(text: &str) -> Vec<String> {
    identifiers_in(&blank_comments_and_literals(text))
        .into_iter()
        .map(str::to_string)
        .collect()
}

/// How a hunk's file differs between the trees.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileChange {
    Modified,
    /// The file exists only at the bad revision; the hunk is its whole text.
    Added,
    /// The file exists only at the good revision; the hunk removes its whole text.
    Removed,
}

/// One hunk of the diff good -> bad with no context: `old` (lines of the good file from
/// 0-based `old_start`) becomes `new` (lines of the bad file from 0-based `new_start`).
/// Lines keep their terminators, so applying every hunk of a file gives the bad text
/// byte for byte.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hunk {
    pub path: String,
    pub old_start: usize,
    pub old: Vec<String>,
    pub new_start: usize,
    pub new: Vec<String>,
    pub file: FileChange,
}

impl Hunk {
    /// 1-based first and last line of the bad revision the hunk covers; a pure deletion
    /// covers no line and gives the line after it twice.
    pub fn bad_range(&self) -> (u32, u32) {
        let first = self.new_start as u32 + 1;
        (first, first + (self.new.len() as u32).max(1) - 1)
    }

    /// Lines the hunk touches in either revision (its size for "large hunk").
    pub fn size(&self) -> usize {
        self.old.len().max(self.new.len())
    }

    /// The hunk in unified format (no context lines).
    pub fn unified(&self) -> String {
        let (a, b) = match self.file {
            FileChange::Added => ("/dev/null".to_string(), format!("b/{}", self.path)),
            FileChange::Removed => (format!("a/{}", self.path), "/dev/null".to_string()),
            FileChange::Modified => (format!("a/{}", self.path), format!("b/{}", self.path)),
        };
        // Unified format names the line before an empty side.
        let start = |s: usize, n: usize| if n == 0 { s } else { s + 1 };
        let mut out = format!(
            "--- {a}\n+++ {b}\n@@ -{},{} +{},{} @@\n",
            start(self.old_start, self.old.len()),
            self.old.len(),
            start(self.new_start, self.new.len()),
            self.new.len()
        );
        for (sign, lines) in [('-', &self.old), ('+', &self.new)] {
            for l in lines.iter() {
                out.push(sign);
                out.push_str(l);
                if !l.ends_with('\n') {
                    out.push('\n');
                }
            }
        }
        out
    }
}

/// A text split into lines that keep their terminators.
pub fn split_lines(text: &str) -> Vec<String> {
    text.split_inclusive('\n').map(str::to_string).collect()
}

/// Every file of a tree, by path relative to its root ('/'-separated), with its text
/// (lossy UTF-8). Unreadable entries are skipped: the tree is one regcause wrote.
pub fn tree_files(root: &Path) -> std::collections::BTreeMap<String, String> {
    tree_paths(root)
        .into_iter()
        .filter_map(|rel| {
            let bytes = std::fs::read(root.join(&rel)).ok()?;
            // Bytes that are not UTF-8 stay distinct (and are written back as they were).
            Some((rel, crate::frontend::source_text(&bytes)))
        })
        .collect()
}

/// The paths of the regular files under `root` (`.git` left out), relative to it with
/// `/` separators, sorted.
pub fn tree_paths(root: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mut stack = vec![root.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            let Ok(ft) = e.file_type() else { continue };
            if ft.is_dir() {
                if e.file_name() != ".git" {
                    stack.push(p);
                }
            } else if ft.is_file() {
                let Ok(rel) = p.strip_prefix(root) else {
                    continue;
                };
                let rel: Vec<String> = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect();
                out.push(rel.join("/"));
            }
        }
    }
    out.sort();
    out
}

/// The hunks of the diff from `good` to `bad` (path -> text), per file in path order:
/// changes not separated by an unchanged line form one hunk; a file present on one side
/// only is one hunk.
pub fn hunks(
    good: &std::collections::BTreeMap<String, String>,
    bad: &std::collections::BTreeMap<String, String>,
) -> Vec<Hunk> {
    let mut paths: BTreeSet<&String> = good.keys().collect();
    paths.extend(bad.keys());
    let mut out = Vec::new();
    for p in paths {
        match (good.get(p), bad.get(p)) {
            (Some(g), Some(b)) if g != b => {
                let diff = TextDiff::from_lines(g.as_str(), b.as_str());
                let old_lines = split_lines(g);
                let new_lines = split_lines(b);
                for group in diff.grouped_ops(0) {
                    let (Some(first), Some(last)) = (group.first(), group.last()) else {
                        continue;
                    };
                    let (os, oe) = (first.old_range().start, last.old_range().end);
                    let (ns, ne) = (first.new_range().start, last.new_range().end);
                    out.push(Hunk {
                        path: p.clone(),
                        old_start: os,
                        old: old_lines[os..oe].to_vec(),
                        new_start: ns,
                        new: new_lines[ns..ne].to_vec(),
                        file: FileChange::Modified,
                    });
                }
            }
            (None, Some(b)) => out.push(Hunk {
                path: p.clone(),
                old_start: 0,
                old: Vec::new(),
                new_start: 0,
                new: split_lines(b),
                file: FileChange::Added,
            }),
            (Some(g), None) => out.push(Hunk {
                path: p.clone(),
                old_start: 0,
                old: split_lines(g),
                new_start: 0,
                new: Vec::new(),
                file: FileChange::Removed,
            }),
            _ => {}
        }
    }
    out
}

/// `good` with the hunks applied (any subset of [`hunks`]' result, or finer hunks cut
/// from them: they must not overlap in the good text). A removed file's hunk deletes the
/// file; an added file's creates it.
pub fn apply(
    good: &std::collections::BTreeMap<String, String>,
    hunks: &[&Hunk],
) -> std::collections::BTreeMap<String, String> {
    let mut out = good.clone();
    let mut by_file: std::collections::BTreeMap<&str, Vec<(usize, &Hunk)>> =
        std::collections::BTreeMap::new();
    for (i, h) in hunks.iter().enumerate() {
        by_file.entry(h.path.as_str()).or_default().push((i, h));
    }
    for (path, mut hs) in by_file {
        if hs.iter().any(|(_, h)| h.file == FileChange::Removed) {
            out.remove(path);
            continue;
        }
        let mut lines = good.get(path).map(|t| split_lines(t)).unwrap_or_default();
        // Back to front, so earlier positions stay valid; insertions at one position go
        // in reverse of their order so they end up in it.
        hs.sort_by_key(|h| std::cmp::Reverse((h.1.old_start, h.0)));
        for (_, h) in hs {
            let s = h.old_start.min(lines.len());
            let e = (h.old_start + h.old.len()).min(lines.len());
            lines.splice(s..e, h.new.iter().cloned());
        }
        out.insert(path.to_string(), lines.concat());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_lines_know_comments_across_lines() {
        let text = "  int r = q * 3;\n  [SL5] = { .tau = 20 },\n  /* pay */\n  }\n\n/*\n * a comment\n */\n    *a ^= *b;\n#include <x.h>\n#define N 3\nx = 1; // note\n// only\ns = \"/* not a comment */\";\n/* a */ y = 2; /* b\n   c */\n";
        let want = [
            true, true, false, false, false, false, false, false, true, false, true, true, false,
            true, true, false,
        ];
        assert_eq!(code_lines(text), want);
    }

    #[test]
    fn blanking_keeps_lines_and_drops_comments_and_literals() {
        let text = "a = 1; /* x\n y */ b = \"s /* t\";\nc = '\\''; // z\nd = \"cut\\\ne\n";
        let blank = blank_comments_and_literals(text);
        assert_eq!(blank.lines().count(), text.lines().count(), "{blank:?}");
        assert_eq!(identifiers_in(&blank), vec!["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn changed_lines_and_hunks() {
        let good = "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n".to_string();
        let bad = "a\nb\nc\nD\ne\nf\ng\nh\ni\nj\nk\n".to_string();
        let d = FileDiff::new(Some(good), bad);
        assert_eq!(d.changed.iter().copied().collect::<Vec<_>>(), vec![4, 11]);
        assert_eq!(d.line_text(4), Some("D"));
        assert_eq!(
            (d.good_line(3), d.good_line(4), d.good_line(5)),
            (Some(3), None, Some(5))
        );
        assert_eq!((d.good_line(11), d.good_line(12)), (None, None));
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
    fn macros_and_identifiers() {
        let good = "#define A 1\n#define B(x) \\\n  ((x) + 1)\nint y;\n#  define C 3\n".to_string();
        let bad = "#define A 2\n#define B(x) \\\n  ((x) + 2)\nint y;\n#  define C 3\n#define D\n#defineE 1\n"
            .to_string();
        let mut files = HashMap::new();
        files.insert("m.h".to_string(), FileDiff::new(Some(good), bad));
        let td = TreeDiff {
            files,
            macro_uses: HashMap::new(),
        };
        let got: Vec<(String, u32, bool)> = td
            .macros()
            .into_iter()
            .map(|m| (m.name.clone(), m.line, m.changed()))
            .collect();
        // B's continuation line changed: B is changed, named at its `#define` line;
        // `#defineE` is no definition.
        let want = [
            ("A", 1, true),
            ("B", 2, true),
            ("C", 5, false),
            ("D", 6, true),
        ];
        let want: Vec<(String, u32, bool)> = want
            .iter()
            .map(|(n, l, c)| (n.to_string(), *l, *c))
            .collect();
        assert_eq!(got, want);
        assert_eq!(
            identifiers("if (f & WF_X) printf(\"WF_Y %d\", 'a', 0x1fUL); // WF_Z /* */"),
            vec!["if", "f", "WF_X", "printf"]
        );
        assert_eq!(identifiers("a /* B */ c"), vec!["a", "c"]);
        assert_eq!(identifiers("a // b\nc /* d\ne */ f"), vec!["a", "c", "f"]);
    }

    /// A line whose text is the same but expands a changed macro (directly, or through
    /// an unchanged macro whose body names it) counts as changed; directives, comments,
    /// literals and the definitions themselves do not make a use.
    #[test]
    fn lines_expanding_a_changed_macro_count_as_changed() {
        let dir = tempfile::tempdir().expect("tempdir");
        let (g, b) = (dir.path().join("g"), dir.path().join("b"));
        std::fs::create_dir_all(&g).expect("mkdir");
        std::fs::create_dir_all(&b).expect("mkdir");
        let h = |body: &str| {
            format!("#define SCALE(x) \\\n  ((x) * {body})\n#define TWICE(x) \\\n  (SCALE(x) * 2)\n#define KEEP 1\n")
        };
        std::fs::write(g.join("m.h"), h("3")).expect("write");
        std::fs::write(b.join("m.h"), h("4")).expect("write");
        let c = "#include \"m.h\"\nint v = SCALE(4);\nint w = TWICE(1);\nint k = KEEP;\n/* SCALE */ int z = 0;\nchar *s = \"SCALE\";\n#if SCALE(1)\n#endif\nint SCALED = 2;\n";
        std::fs::write(g.join("p.c"), c).expect("write");
        std::fs::write(b.join("p.c"), c).expect("write");
        let t = TreeDiff::between(&g, &b, &["m.h".to_string(), "p.c".to_string()]);
        let changed: Vec<u32> = (1..=9).filter(|l| t.is_changed("p.c", *l)).collect();
        assert_eq!(changed, vec![2, 3]);
        assert_eq!(t.macro_use("p.c", 2), Some("SCALE"));
        // TWICE is unchanged: its use is a use of SCALE.
        assert_eq!(t.macro_use("p.c", 3), Some("SCALE"));
        // The continuation line changed; the definition of TWICE is no statement.
        assert!(t.is_changed("m.h", 2) && !t.is_changed("m.h", 3) && !t.is_changed("m.h", 4));
        assert_eq!(
            t.changed_lines(),
            vec![
                ("m.h".to_string(), 2),
                ("p.c".to_string(), 2),
                ("p.c".to_string(), 3)
            ]
        );
        // With no macro changed, nothing else is.
        std::fs::write(b.join("m.h"), h("3")).expect("write");
        let same = TreeDiff::between(&g, &b, &["m.h".to_string(), "p.c".to_string()]);
        assert!(same.changed_lines().is_empty());
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
