//! Dependent hunks grouped, so fewer subsets fail to lower: hunks that share a symbol
//! the change introduces (absent from the good tree: a new declaration and its uses, the
//! new name of a rename) or removes (absent from the bad tree: the old name), and the
//! two halves of a moved block (a deletion and an insertion of mostly the same lines).

use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::diffctx::{self, Hunk};
use crate::unionfind::UnionFind;

/// C identifiers (and keywords) of code already blanked by [`blanked`].
fn idents(text: &str) -> BTreeSet<&str> {
    diffctx::identifiers_in(text).into_iter().collect()
}

/// Each file with its comments and literals blanked, line for line
/// ([`diffctx::blank_comments_and_literals`]): whole files, so a comment spanning lines
/// is known as one wherever a hunk starts.
fn blanked(files: &BTreeMap<String, String>) -> BTreeMap<&str, Vec<String>> {
    files
        .iter()
        .map(|(p, t)| {
            let lines = diffctx::blank_comments_and_literals(t)
                .lines()
                .map(str::to_string)
                .collect();
            (p.as_str(), lines)
        })
        .collect()
}

fn tree_idents(files: &BTreeMap<&str, Vec<String>>) -> BTreeSet<String> {
    files
        .values()
        .flat_map(|ls| ls.iter().flat_map(|l| idents(l)).map(str::to_string))
        .collect()
}

/// The code of lines `start..start + n` of `path` in `files` (comments and literals
/// blanked); when the file is unknown, the hunk's own `text`, blanked alone.
fn code_of(
    files: &BTreeMap<&str, Vec<String>>,
    path: &str,
    start: usize,
    text: &[String],
) -> String {
    match files.get(path) {
        Some(ls) if start + text.len() <= ls.len() => ls[start..start + text.len()].join("\n"),
        _ => diffctx::blank_comments_and_literals(&text.concat()),
    }
}

/// Whether `a` deletes and `b` inserts mostly the same lines (or the reverse): a move.
pub(super) fn is_move(a: &Hunk, b: &Hunk) -> bool {
    let body = |ls: &[String]| -> BTreeSet<String> {
        ls.iter()
            .map(|l| l.trim().to_string())
            .filter(|l| l.len() > 1)
            .collect()
    };
    let half = |del: &Hunk, ins: &Hunk| {
        let (d, i) = (body(&del.old), body(&ins.new));
        let small = d.len().min(i.len());
        small >= 2 && 2 * d.intersection(&i).count() >= small
    };
    (a.new.is_empty() && b.old.is_empty() && half(a, b))
        || (b.new.is_empty() && a.old.is_empty() && half(b, a))
}

/// Groups of hunk indices (each sorted, groups in order of their first hunk).
pub fn group(
    hunks: &[Hunk],
    good: &BTreeMap<String, String>,
    bad: &BTreeMap<String, String>,
) -> Vec<Vec<usize>> {
    let (gb, bb) = (blanked(good), blanked(bad));
    let (gi, bi) = (tree_idents(&gb), tree_idents(&bb));
    let mut sets = UnionFind::new(hunks.len());
    let mut owner: HashMap<String, usize> = HashMap::new();
    // Per file, the hunks that add or remove an `#include`, and those that add or remove
    // a `#define` or `#undef`.
    let mut includes: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    let mut defines: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (k, h) in hunks.iter().enumerate() {
        let new = code_of(&bb, &h.path, h.new_start, &h.new);
        let old = code_of(&gb, &h.path, h.old_start, &h.old);
        for d in directives(&new).chain(directives(&old)) {
            let by_kind = if d == "include" {
                &mut includes
            } else {
                &mut defines
            };
            by_kind.entry(h.path.as_str()).or_default().push(k);
        }
        let mut keys: BTreeSet<String> = BTreeSet::new();
        keys.extend(
            idents(&new)
                .into_iter()
                .filter(|x| !gi.contains(*x))
                .map(str::to_string),
        );
        keys.extend(
            idents(&old)
                .into_iter()
                .filter(|x| !bi.contains(*x))
                .map(str::to_string),
        );
        for key in keys {
            sets.union_by_key(&mut owner, k, key);
        }
    }
    // A changed `#include` brings or takes names no file of the tree declares (a
    // system header's `INT_MAX`), so identifiers cannot tie it to the macros that use
    // them: it goes with the file's changed macro definitions. Apart, most of their
    // subsets do not build, and each needs the preprocessor.
    for (path, ks) in &includes {
        for &k in ks.iter().chain(defines.get(path).into_iter().flatten()) {
            sets.union(ks[0], k);
        }
    }
    for (a, ha) in hunks.iter().enumerate() {
        for (b, hb) in hunks.iter().enumerate().skip(a + 1) {
            if is_move(ha, hb) {
                sets.union(a, b);
            }
        }
    }
    sets.groups()
}

/// The directives (`include`, `define`, `undef`) on the lines of blanked `code`.
fn directives(code: &str) -> impl Iterator<Item = &'static str> + '_ {
    code.lines().filter_map(|l| {
        let rest = l.trim_start().strip_prefix('#')?.trim_start();
        ["include", "define", "undef"]
            .into_iter()
            .find(|d| rest.starts_with(d))
    })
}

/// Tokens of a text: identifiers and numbers whole, every other non-space byte alone.
pub(super) fn tokens(text: &str) -> Vec<&str> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let s = i;
        if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
        } else if b[i].is_ascii_whitespace() {
            i += 1;
            continue;
        } else {
            i += 1;
            while i < b.len() && !text.is_char_boundary(i) {
                i += 1;
            }
        }
        out.push(&text[s..i]);
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.as_bytes()
        .first()
        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
}

/// The renames of the change: old name -> new name, from hunks whose lines differ only
/// in identifiers replaced by names new to the bad tree. A name renamed two ways is left
/// out.
pub fn renames(hunks: &[Hunk], good: &BTreeMap<String, String>) -> BTreeMap<String, String> {
    let gi = tree_idents(&blanked(good));
    let mut map: BTreeMap<String, Option<String>> = BTreeMap::new();
    for h in hunks {
        if h.old.len() != h.new.len() {
            continue;
        }
        for (o, n) in h.old.iter().zip(&h.new) {
            let (to, tn) = (tokens(o), tokens(n));
            if to.len() != tn.len() {
                continue;
            }
            let diffs: Vec<(&str, &str)> = to
                .iter()
                .zip(&tn)
                .filter(|(a, b)| a != b)
                .map(|(a, b)| (*a, *b))
                .collect();
            if diffs.is_empty()
                || !diffs
                    .iter()
                    .all(|(a, b)| is_ident(a) && is_ident(b) && !gi.contains(*b))
            {
                continue;
            }
            for (a, b) in diffs {
                let e = map
                    .entry(a.to_string())
                    .or_insert_with(|| Some(b.to_string()));
                if e.as_deref() != Some(b) {
                    *e = None;
                }
            }
        }
    }
    map.into_iter().filter_map(|(k, v)| Some((k, v?))).collect()
}

/// `text` with the identifiers of `map` renamed (everything else byte for byte).
pub fn rename(text: &str, map: &BTreeMap<String, String>) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_alphabetic() || b[i] == b'_' {
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            let w = &text[s..i];
            out.push_str(map.get(w).map_or(w, String::as_str));
        } else if b[i] == b'"' || b[i] == b'\'' {
            // Literals are copied as they are: `\n` is no use of a name `n`.
            let (s, q) = (i, b[i]);
            i += 1;
            while i < b.len() && b[i] != q && b[i] != b'\n' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            out.push_str(&text[s..i]);
        } else if b[i].is_ascii_digit() {
            // Suffixes and hex digits are part of the number.
            let s = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_') {
                i += 1;
            }
            out.push_str(&text[s..i]);
        } else {
            let s = i;
            i += 1;
            while i < b.len() && !text.is_char_boundary(i) {
                i += 1;
            }
            out.push_str(&text[s..i]);
        }
    }
    out
}
