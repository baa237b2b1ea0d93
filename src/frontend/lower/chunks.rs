//! Parsing preprocessed text one top-level declaration at a time, keeping each result.
//!
//! The hunk search parses hundreds of trees that differ from each other in a few lines,
//! and lang-c's parser is most of what a subset costs. A top-level declaration parses
//! the same wherever it stands, given the typedef names declared before it (the only
//! file-scope state C's grammar depends on), so a [`ParseCache`] keeps the declarations
//! of earlier texts by their text and those names, and parses only what is new.
//!
//! lang-c parses whole translation units only, with no way to seed its typedef names:
//! a chunk is parsed after a preamble of `typedef int NAME;` lines, whose declarations
//! are then dropped, and its spans are read with the chunk's offset in the whole text
//! minus the preamble's length (`ParsedUnit::bases`).
//!
//! Chunk boundaries come from a scan for `;` and function bodies' closing `}` at depth
//! zero. A boundary in the wrong place makes a chunk fail to parse, and then the whole
//! text is parsed as usual, so a wrong guess costs time, never a different program.

use std::collections::{BTreeSet, HashMap};
use std::rc::Rc;

use lang_c::ast::{DeclarationSpecifier, ExternalDeclaration, StorageClassSpecifier};
use lang_c::span::Node;

use super::ParsedUnit;
use crate::frontend::{hash_of, lower, FrontendError, LineMap};

/// One chunk's declarations and the typedef names they declare. A span `x` of them is
/// at `x - origin + s` in a text where the chunk starts at `s`.
struct Chunk {
    decls: Vec<Rc<Node<ExternalDeclaration>>>,
    typedefs: Vec<String>,
    origin: isize,
}

/// A chunk's text, and its parse (None: it does not parse alone).
type Entry = (Box<str>, Option<Rc<Chunk>>);

/// Parsed chunks, by the typedef names declared before them and their text (found by
/// hashes, confirmed by comparing the text).
#[derive(Default)]
pub struct ParseCache {
    chunks: HashMap<(u64, u64), Vec<Entry>>,
    /// Chunks taken from the cache, and parsed alone.
    pub hits: usize,
    pub parsed: usize,
}

/// A text with more new chunks than this, and more than a quarter of its chunks new, is
/// parsed whole (one parse costs less than many small ones), and its chunks are stored
/// from that parse.
const MOST_NEW: usize = 8;

/// Byte ranges of the top-level chunks of preprocessed `text`.
fn boundaries(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let (mut brace, mut paren) = (0i32, 0i32);
    let mut out = Vec::new();
    let mut start = 0;
    let mut line_start = true;
    let mut last = b' ';
    // Whether the `{` that opened the current depth-one block follows a `)`: a
    // function body, which ends its declaration (a struct body or initialiser does not).
    let mut body = false;
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'#' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if !c.is_ascii_whitespace() {
            line_start = false;
        }
        match c {
            b'"' | b'\'' => {
                i += 1;
                while i < b.len() && b[i] != c && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' => paren += 1,
            b')' | b']' => paren -= 1,
            b'{' => {
                if brace == 0 && paren == 0 {
                    body = last == b')';
                }
                brace += 1;
            }
            b'}' => {
                brace -= 1;
                if brace == 0 && paren == 0 && body {
                    out.push((start, i + 1));
                    start = i + 1;
                }
            }
            b';' if brace == 0 && paren == 0 => {
                out.push((start, i + 1));
                start = i + 1;
            }
            _ => {}
        }
        if !c.is_ascii_whitespace() {
            last = c;
        }
        i += 1;
    }
    if text[start.min(text.len())..].trim().is_empty() {
        // Only whitespace and line markers remain.
    } else {
        out.push((start, text.len()));
    }
    out
}

/// The names a top-level declaration declares as typedefs.
fn typedef_names(d: &ExternalDeclaration) -> Vec<String> {
    let ExternalDeclaration::Declaration(d) = d else {
        return Vec::new();
    };
    let is_typedef = d.node.specifiers.iter().any(|s| {
        matches!(&s.node, DeclarationSpecifier::StorageClass(sc)
            if sc.node == StorageClassSpecifier::Typedef)
    });
    if !is_typedef {
        return Vec::new();
    }
    d.node
        .declarators
        .iter()
        .filter_map(|id| lower::declared_name(&id.node.declarator.node))
        .collect()
}

/// Parse `chunk` after typedefs of `names`; None when it does not parse alone.
fn parse_chunk(chunk: &str, names: &BTreeSet<String>) -> Option<Chunk> {
    let mut text = String::new();
    for n in names {
        text.push_str("typedef int ");
        text.push_str(n);
        text.push_str(";\n");
    }
    let origin = text.len() as isize;
    text.push_str(chunk);
    let config = lang_c::driver::Config::with_gcc();
    let parsed = lang_c::driver::parse_preprocessed(&config, text).ok()?;
    let mut decls = parsed.unit.0;
    if decls.len() < names.len() {
        return None;
    }
    let decls: Vec<Rc<Node<ExternalDeclaration>>> = decls
        .split_off(names.len())
        .into_iter()
        .map(Rc::new)
        .collect();
    let typedefs = decls.iter().flat_map(|d| typedef_names(&d.node)).collect();
    Some(Chunk {
        decls,
        typedefs,
        origin,
    })
}

/// The typedef names declared so far, with their hash (the part of a chunk's key that
/// stands for everything before it).
#[derive(Default)]
struct Declared {
    names: BTreeSet<String>,
    hash: u64,
}

impl Declared {
    fn add(&mut self, names: &[String]) {
        if names.iter().any(|n| !self.names.contains(n)) {
            self.names.extend(names.iter().cloned());
            self.hash = hash_of(&self.names);
        }
    }
}

impl ParseCache {
    /// Parse preprocessed `text` (marks already extracted) as `lower::parse` does, from
    /// the cache where its chunks were seen before.
    pub(crate) fn parse(
        &mut self,
        text: String,
        lines: LineMap,
        marks: lower::LayoutMarks,
    ) -> Result<ParsedUnit, FrontendError> {
        let bounds = boundaries(&text);
        if let Some((decls, bases)) = self.chunked(&text, &bounds) {
            return Ok(ParsedUnit {
                unit: decls,
                lines,
                marks,
                bases,
            });
        }
        let whole = lower::parse(text.clone(), lines, marks)?;
        self.store_whole(&text, &bounds, &whole.unit);
        Ok(whole)
    }

    /// The declarations of `text` from the cache and from chunks parsed alone; None
    /// when a chunk does not parse alone, or most are new.
    #[allow(clippy::type_complexity)]
    fn chunked(
        &mut self,
        text: &str,
        bounds: &[(usize, usize)],
    ) -> Option<(Vec<Rc<Node<ExternalDeclaration>>>, Vec<isize>)> {
        if self.mostly_new(text, bounds) {
            return None;
        }
        let mut declared = Declared::default();
        let (mut decls, mut bases) = (Vec::new(), Vec::new());
        for &(s, e) in bounds {
            let chunk = &text[s..e];
            let c = match self.get(declared.hash, chunk) {
                Some(c) => {
                    self.hits += 1;
                    c?
                }
                None => {
                    self.parsed += 1;
                    let c = parse_chunk(chunk, &declared.names).map(Rc::new);
                    self.put(declared.hash, chunk, c.clone());
                    c?
                }
            };
            let base = s as isize - c.origin;
            decls.extend(c.decls.iter().cloned());
            bases.extend(std::iter::repeat_n(base, c.decls.len()));
            declared.add(&c.typedefs);
        }
        Some((decls, bases))
    }

    /// The entry for `chunk` after the typedefs hashed `declared`, if any.
    fn get(&self, declared: u64, chunk: &str) -> Option<Option<Rc<Chunk>>> {
        self.chunks
            .get(&(declared, hash_of(chunk)))?
            .iter()
            .find(|(t, _)| &**t == chunk)
            .map(|(_, c)| c.clone())
    }

    fn put(&mut self, declared: u64, chunk: &str, c: Option<Rc<Chunk>>) {
        let bucket = self.chunks.entry((declared, hash_of(chunk))).or_default();
        if !bucket.iter().any(|(t, _)| &**t == chunk) {
            bucket.push((chunk.into(), c));
        }
    }

    /// Whether more than [`MOST_NEW`] chunks, and more than a quarter, are not in the
    /// cache (typedef names declared by new chunks are not known yet: a new chunk after
    /// one that declares a typedef may count as new wrongly, which only costs time).
    fn mostly_new(&self, text: &str, bounds: &[(usize, usize)]) -> bool {
        let mut declared = Declared::default();
        let mut new = 0;
        for &(s, e) in bounds {
            match self.get(declared.hash, &text[s..e]) {
                Some(Some(c)) => declared.add(&c.typedefs),
                Some(None) => return true,
                None => new += 1,
            }
        }
        new > MOST_NEW && new * 4 > bounds.len()
    }

    /// Store the chunks of `text` from its whole parse `decls` (each declaration in the
    /// chunk its span starts in); nothing when a chunk holds no declaration (a boundary
    /// the scan guessed wrong).
    fn store_whole(
        &mut self,
        text: &str,
        bounds: &[(usize, usize)],
        decls: &[Rc<Node<ExternalDeclaration>>],
    ) {
        let mut declared = Declared::default();
        let mut k = 0;
        let mut found = Vec::new();
        for &(s, e) in bounds {
            let mut c = Chunk {
                decls: Vec::new(),
                typedefs: Vec::new(),
                origin: s as isize,
            };
            while let Some(d) = decls.get(k).filter(|d| d.span.start < e) {
                if d.span.start < s {
                    return;
                }
                c.decls.push(d.clone());
                c.typedefs.extend(typedef_names(&d.node));
                k += 1;
            }
            if c.decls.is_empty() {
                return;
            }
            let hash = declared.hash;
            declared.add(&c.typedefs);
            found.push((hash, &text[s..e], c));
        }
        if k != decls.len() {
            return;
        }
        for (hash, chunk, c) in found {
            if self.get(hash, chunk).is_none() {
                self.put(hash, chunk, Some(Rc::new(c)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_end_at_top_level_semicolons_and_function_bodies() {
        let t = "# 1 \"a.c\"\ntypedef struct { int a; } S;\nint f(int x) { return x; }\nint a[2] = { 1, 2 };\nconst char *s = \";}\";\n";
        let got: Vec<&str> = boundaries(t).iter().map(|&(s, e)| t[s..e].trim()).collect();
        assert_eq!(
            got,
            [
                "# 1 \"a.c\"\ntypedef struct { int a; } S;",
                "int f(int x) { return x; }",
                "int a[2] = { 1, 2 };",
                "const char *s = \";}\";"
            ]
        );
    }

    #[test]
    fn typedef_names_carry_into_later_chunks() {
        let mut c = ParseCache::default();
        let t = "typedef unsigned long size; size n; int f(size k) { size m = k; return (int)(m * n); }\n";
        let (decls, bases) = c.chunked(t, &boundaries(t)).expect("parses");
        assert_eq!(decls.len(), 3);
        assert_eq!(bases.len(), 3);
        // Spans read with the base are offsets in the whole text.
        let off = (decls[2].span.start as isize + bases[2]) as usize;
        assert!(t[off..].starts_with("int f("), "{}", &t[off..]);
        assert_eq!(c.parsed, 3);
        let again = c.chunked(t, &boundaries(t)).expect("parses");
        assert_eq!(again.0, decls);
        assert_eq!(c.hits, 3);
    }

    #[test]
    fn a_chunk_that_does_not_parse_alone_gives_none() {
        let mut c = ParseCache::default();
        // A K&R definition: its parameter declarations end in `;` before the body.
        let t = "int f(a) int a; { return a; }\n";
        assert!(c.chunked(t, &boundaries(t)).is_none());
    }

    /// Every program of the C corpus lowers to the same program (locations and
    /// diagnostics included) whether its text is parsed whole, its chunks parsed alone,
    /// or taken from the cache.
    #[test]
    fn the_corpus_lowers_the_same_from_chunks() {
        use crate::frontend::{lower_units, parse_preprocessed, preprocess, ProgramSpec};
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
        let mut n = 0;
        for kind in ["pass", "fail", "warn", "reject"] {
            let mut files: Vec<_> = std::fs::read_dir(root.join(kind))
                .expect("corpus")
                .flatten()
                .map(|e| e.path())
                .filter(|p| p.extension().is_some_and(|x| x == "c"))
                .collect();
            files.sort();
            for f in files {
                let dir = f.parent().expect("dir").to_path_buf();
                let spec = ProgramSpec {
                    name: "t".into(),
                    sources: vec![f.clone()],
                    includes: vec![dir.clone()],
                    workdir: dir.clone(),
                    ..ProgramSpec::default()
                };
                let Ok(text) = preprocess(&dir, &f, &spec) else {
                    continue;
                };
                let lowered = |u: Result<ParsedUnit, FrontendError>| {
                    format!("{:?}", u.and_then(|u| lower_units(&[u])))
                };
                let whole = lowered(parse_preprocessed(text.clone()));
                // Chunks parsed alone (the whole-text shortcut bypassed).
                let mut c = ParseCache::default();
                let mut t = text.clone();
                let marks = lower::extract_marks(&mut t);
                let lines = LineMap::new(
                    &t,
                    &crate::frontend::headers::dir()
                        .expect("headers")
                        .display()
                        .to_string(),
                );
                let bounds = boundaries(&t);
                if let Some((decls, bases)) = c.chunked(&t, &bounds) {
                    let u = ParsedUnit {
                        unit: decls,
                        lines,
                        marks,
                        bases,
                    };
                    assert_eq!(
                        lowered(Ok(u)),
                        whole,
                        "{} from chunks parsed alone",
                        f.display()
                    );
                }
                // Whole parse storing its chunks, then every chunk from the cache.
                let mut c = ParseCache::default();
                let first = lowered(crate::frontend::parse_preprocessed_with(
                    text.clone(),
                    &mut c,
                ));
                assert_eq!(first, whole, "{}", f.display());
                let again = lowered(crate::frontend::parse_preprocessed_with(text, &mut c));
                assert_eq!(again, whole, "{} from the cache", f.display());
                n += 1;
            }
        }
        assert!(n > 100, "the corpus has its programs ({n})");
    }
}
