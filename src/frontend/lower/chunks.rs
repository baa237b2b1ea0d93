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
//! zero. A boundary in the wrong place makes a chunk fail to parse, and then the rest of
//! the text from that chunk on is parsed as one, so a wrong guess costs time, never a
//! different program.
//!
//! Parsing the rest instead of the whole text is exact: every chunk before it parsed
//! alone into complete declarations (a declaration never reaches past its `;` or its
//! body's `}`), so a whole parse reads the same declarations up to there, with the same
//! typedef names. Most texts of a hunk search do not parse at all (a subset that keeps
//! half of a change), so where they fail is kept too: when the rest fails at a point
//! inside its first chunk, the parser never looked past that chunk, and any later text
//! reaching the same chunk after the same typedef names fails there without parsing.

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;

use lang_c::ast::{DeclarationSpecifier, ExternalDeclaration, StorageClassSpecifier};
use lang_c::span::Node;

use super::ParsedUnit;
use crate::frontend::{hash_of, lower, FrontendError, LineMap};

/// One chunk's declarations and the typedef names they declare. A span `x` of them is
/// at `x - origin + s` in a text where the chunk starts at `s`.
struct Chunk {
    decls: Vec<Arc<Node<ExternalDeclaration>>>,
    typedefs: Vec<String>,
    origin: isize,
}

/// What is known of a chunk's text after given typedef names.
#[derive(Clone)]
enum Known {
    Parsed(Arc<Chunk>),
    /// It does not parse alone (a boundary guessed wrong, or a syntax error).
    Alone,
    /// Parsing from its start fails inside it (offset in the chunk, expected tokens),
    /// whatever follows.
    FailsWithin(usize, Arc<[String]>),
}

/// A chunk's text, and what is known of it.
type Entry = (Box<str>, Known);

/// How far the chunks of a text took it.
enum Chunked {
    Parsed(Vec<Arc<Node<ExternalDeclaration>>>, Vec<isize>),
    /// It fails to parse at this offset of the text, expecting these tokens.
    Fails(usize, Arc<[String]>),
    /// Most chunks are new: parse it whole.
    MostlyNew,
}

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
    parse_from(chunk, names).ok()
}

/// Parse `chunk` (which may run to the end of the text) after `names`; `Err` gives where
/// it fails (an offset in `chunk`; 0 for a failure inside the typedef preamble, which
/// cannot happen for names lang-c accepted before) and the tokens expected there.
fn parse_from(chunk: &str, names: &BTreeSet<String>) -> Result<Chunk, (usize, Arc<[String]>)> {
    let mut text = String::new();
    for n in names {
        text.push_str("typedef int ");
        text.push_str(n);
        text.push_str(";\n");
    }
    let origin = text.len() as isize;
    text.push_str(chunk);
    let config = lang_c::driver::Config::with_gcc();
    let parsed = lang_c::driver::parse_preprocessed(&config, text).map_err(|e| {
        let at = (e.offset as isize - origin).max(0) as usize;
        let expected: Vec<String> = e.expected.iter().map(|s| s.to_string()).collect();
        (at, Arc::from(expected))
    })?;
    let mut decls = parsed.unit.0;
    if decls.len() < names.len() {
        return Err((0, Arc::from(Vec::new())));
    }
    let decls: Vec<Arc<Node<ExternalDeclaration>>> = decls
        .split_off(names.len())
        .into_iter()
        .map(Arc::new)
        .collect();
    let typedefs = decls.iter().flat_map(|d| typedef_names(&d.node)).collect();
    Ok(Chunk {
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
        match self.chunked(&text, &bounds) {
            Chunked::Parsed(decls, bases) => Ok(ParsedUnit {
                unit: decls,
                lines,
                marks,
                bases,
            }),
            Chunked::Fails(at, expected) => {
                let expected: Vec<&str> = expected.iter().map(|s| &**s).collect();
                Err(lower::syntax_error(&lines, at, &expected))
            }
            Chunked::MostlyNew => {
                let whole = lower::parse(text.clone(), lines, marks)?;
                self.store_whole(&text, &bounds, &whole.unit);
                Ok(whole)
            }
        }
    }

    /// The declarations of `text` from the cache and from chunks parsed alone, or where
    /// it fails; from the first chunk that does not parse alone, the rest of the text is
    /// parsed as one.
    fn chunked(&mut self, text: &str, bounds: &[(usize, usize)]) -> Chunked {
        if self.mostly_new(text, bounds) {
            return Chunked::MostlyNew;
        }
        let mut declared = Declared::default();
        let (mut decls, mut bases) = (Vec::new(), Vec::new());
        for &(s, e) in bounds {
            let chunk = &text[s..e];
            let known = match self.get(declared.hash, chunk) {
                Some(k) => {
                    self.hits += 1;
                    k
                }
                None => {
                    self.parsed += 1;
                    let k = parse_chunk(chunk, &declared.names)
                        .map_or(Known::Alone, |c| Known::Parsed(Arc::new(c)));
                    self.put(declared.hash, chunk, k.clone());
                    k
                }
            };
            // The chunk's declarations, and whether they run to the end of the text.
            let (c, to_end) = match known {
                Known::Parsed(c) => (c, false),
                Known::FailsWithin(at, expected) => return Chunked::Fails(s + at, expected),
                Known::Alone => {
                    self.parsed += 1;
                    match parse_from(&text[s..], &declared.names) {
                        Ok(rest) => (Arc::new(rest), true),
                        Err((at, expected)) => {
                            if at < e - s {
                                let k = Known::FailsWithin(at, expected.clone());
                                self.put(declared.hash, chunk, k);
                            }
                            return Chunked::Fails(s + at, expected);
                        }
                    }
                }
            };
            let base = s as isize - c.origin;
            decls.extend(c.decls.iter().cloned());
            bases.extend(std::iter::repeat_n(base, c.decls.len()));
            if to_end {
                break;
            }
            declared.add(&c.typedefs);
        }
        Chunked::Parsed(decls, bases)
    }

    /// What is known of `chunk` after the typedefs hashed `declared`, if anything.
    fn get(&self, declared: u64, chunk: &str) -> Option<Known> {
        self.chunks
            .get(&(declared, hash_of(chunk)))?
            .iter()
            .find(|(t, _)| &**t == chunk)
            .map(|(_, c)| c.clone())
    }

    /// Record `known` for `chunk` (what was learnt later replaces `Alone`).
    fn put(&mut self, declared: u64, chunk: &str, known: Known) {
        let bucket = self.chunks.entry((declared, hash_of(chunk))).or_default();
        match bucket.iter_mut().find(|(t, _)| &**t == chunk) {
            Some((_, k @ Known::Alone)) => *k = known,
            Some(_) => {}
            None => bucket.push((chunk.into(), known)),
        }
    }

    /// Whether more than [`MOST_NEW`] chunks, and more than a quarter, are not in the
    /// cache before the first that does not parse alone (typedef names declared by new
    /// chunks are not known yet: a new chunk after one that declares a typedef may count
    /// as new wrongly, which only costs time).
    fn mostly_new(&self, text: &str, bounds: &[(usize, usize)]) -> bool {
        let mut declared = Declared::default();
        let mut new = 0;
        for &(s, e) in bounds {
            match self.get(declared.hash, &text[s..e]) {
                Some(Known::Parsed(c)) => declared.add(&c.typedefs),
                Some(Known::Alone | Known::FailsWithin(..)) => break,
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
        decls: &[Arc<Node<ExternalDeclaration>>],
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
                self.put(hash, chunk, Known::Parsed(Arc::new(c)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The `.c` programs of the C corpus's `kind` directory, sorted.
    fn corpus(kind: &str) -> Vec<std::path::PathBuf> {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/c");
        let mut files: Vec<_> = std::fs::read_dir(root.join(kind))
            .expect("corpus")
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "c"))
            .collect();
        files.sort();
        files
    }

    /// `cc -E` of corpus program `f` with its directory on the include path.
    fn preprocessed(f: &std::path::Path) -> Option<String> {
        let dir = f.parent().expect("dir").to_path_buf();
        let spec = crate::frontend::ProgramSpec {
            name: "t".into(),
            sources: vec![f.to_path_buf()],
            includes: vec![dir.clone()],
            workdir: dir.clone(),
            ..Default::default()
        };
        crate::frontend::preprocess(&dir, f, &spec).ok()
    }

    /// A parse lowered, or its error, as text to compare.
    fn lowered(u: Result<ParsedUnit, FrontendError>) -> String {
        format!("{:?}", u.and_then(|u| crate::frontend::lower_units(&[u])))
    }

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
        let Chunked::Parsed(decls, bases) = c.chunked(t, &boundaries(t)) else {
            panic!("does not parse");
        };
        assert_eq!(decls.len(), 3);
        assert_eq!(bases.len(), 3);
        // Spans read with the base are offsets in the whole text.
        let off = (decls[2].span.start as isize + bases[2]) as usize;
        assert!(t[off..].starts_with("int f("), "{}", &t[off..]);
        assert_eq!(c.parsed, 3);
        let Chunked::Parsed(again, _) = c.chunked(t, &boundaries(t)) else {
            panic!("does not parse");
        };
        assert_eq!(again, decls);
        assert_eq!(c.hits, 3);
    }

    #[test]
    fn a_chunk_that_does_not_parse_alone_is_parsed_with_the_rest() {
        let mut c = ParseCache::default();
        // A K&R definition: its parameter declarations end in `;` before the body.
        let t = "int g; int f(a) int a; { return a; }\n";
        let Chunked::Parsed(decls, _) = c.chunked(t, &boundaries(t)) else {
            panic!("does not parse");
        };
        assert_eq!(decls.len(), 2);
        // Nothing learnt makes the rest fail: it parses again the same.
        assert!(matches!(c.chunked(t, &boundaries(t)), Chunked::Parsed(d, _) if d == decls));
    }

    #[test]
    fn a_chunk_failing_inside_itself_fails_later_texts_without_parsing() {
        let mut c = ParseCache::default();
        let t = "int a; int f(void) { return 1 +; }\nint b;\n";
        let Chunked::Fails(at, _) = c.chunked(t, &boundaries(t)) else {
            panic!("parses");
        };
        assert_eq!(&t[at..at + 1], ";");
        let parsed = c.parsed;
        let u = "int a; int f(void) { return 1 +; }\nlong other;\n";
        let Chunked::Fails(again, _) = c.chunked(u, &boundaries(u)) else {
            panic!("parses");
        };
        assert_eq!(again, at);
        assert_eq!(c.parsed, parsed, "nothing parsed again");
    }

    /// Texts as a hunk search makes them (a line dropped, two lines swapped) parse, or
    /// fail at the same place with the same message, through the cache as whole; the
    /// cache is shared by all of a program's variants, so what it learnt from one text
    /// serves the next.
    #[test]
    fn broken_variants_fail_alike_through_the_cache() {
        use crate::frontend::{parse_preprocessed, parse_preprocessed_with};
        let files = corpus("pass");
        let (mut seed, mut failing, mut n) = (12345u64, 0, 0);
        for f in files.iter().step_by(4) {
            let Some(text) = preprocessed(f) else {
                continue;
            };
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            // Only the program's own lines change (the headers come first).
            let own = lines
                .iter()
                .rposition(|l| l.starts_with('#') && l.contains(".c\""))
                .unwrap_or(0);
            let mut cache = ParseCache::default();
            let _ = parse_preprocessed_with(text.clone(), &mut cache);
            for _ in 0..8 {
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let span = (lines.len() - own).max(1);
                let i = own + (seed >> 33) as usize % span;
                let j = own + (seed >> 17) as usize % span;
                let mut v: Vec<&str> = lines.clone();
                if seed % 2 == 0 && i < v.len() && !v[i].starts_with('#') {
                    v.remove(i);
                } else if i < v.len()
                    && j < v.len()
                    && !v[i].starts_with('#')
                    && !v[j].starts_with('#')
                {
                    v.swap(i, j);
                }
                let v = v.concat();
                let whole = lowered(parse_preprocessed(v.clone()));
                let cached = lowered(parse_preprocessed_with(v, &mut cache));
                assert_eq!(
                    cached,
                    whole,
                    "{}: a variant through the cache",
                    f.display()
                );
                failing += usize::from(whole.starts_with("Err(Syntax"));
                n += 1;
            }
        }
        assert!(
            n > 100 && failing > 20,
            "{n} variants, {failing} failing to parse"
        );
    }

    /// Every program of the C corpus lowers to the same program (locations and
    /// diagnostics included) whether its text is parsed whole, its chunks parsed alone,
    /// or taken from the cache.
    #[test]
    fn the_corpus_lowers_the_same_from_chunks() {
        use crate::frontend::parse_preprocessed;
        let mut n = 0;
        for kind in ["pass", "fail", "warn", "reject"] {
            for f in corpus(kind) {
                let Some(text) = preprocessed(&f) else {
                    continue;
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
                if let Chunked::Parsed(decls, bases) = c.chunked(&t, &bounds) {
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
