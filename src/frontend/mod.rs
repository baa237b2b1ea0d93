//! From a source tree to IR: finding the program's sources, preprocessing them with the
//! system `cc -E` against regcause's own libc headers, parsing with lang-c, lowering.
//!
//! The front end takes a directory, never a git revision, so that any tree (a
//! materialised revision, a tree with some hunks applied, a user's folder) runs alike.

mod headers;
mod linemap;
mod lower;
mod makefile;
pub mod sources;
mod splice;
pub mod testfiles;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::ir::{Loc, Program};
pub use linemap::LineMap;
pub use lower::ParseCache;
pub use sources::{defines_main, find_program, ProgramSpec, SourceError};
pub(crate) use splice::marker as line_marker;
pub use splice::{Revisions, Splicer};

/// What kind of problem a diagnostic reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DiagKind {
    /// The program is valid C but uses something regcause does not model.
    Unsupported,
    /// The program is not valid C (or not valid in a way gcc would also reject).
    Error,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diag {
    pub kind: DiagKind,
    pub msg: String,
    /// "file:line:col"
    pub at: String,
}

impl fmt::Display for Diag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            DiagKind::Unsupported => write!(f, "unsupported: {} at {}", self.msg, self.at),
            DiagKind::Error => write!(f, "error: {} at {}", self.msg, self.at),
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FrontendError {
    #[error(transparent)]
    Sources(#[from] SourceError),
    #[error("could not run the C preprocessor `{cmd}`: {source}")]
    PreprocessorMissing { cmd: String, source: std::io::Error },
    #[error("the C preprocessor failed on {file}:\n{stderr}")]
    Preprocess { file: String, stderr: String },
    #[error("syntax error at {at}: {expected}")]
    Syntax { at: String, expected: String },
    #[error("{}", diags_text(.0))]
    Diags(Vec<Diag>),
}

fn diags_text(d: &[Diag]) -> String {
    let mut s = String::new();
    for (i, d) in d.iter().enumerate() {
        if i > 0 {
            s.push('\n');
        }
        s.push_str(&d.to_string());
    }
    s
}

impl FrontendError {
    /// Whether the program was rejected for using something regcause does not support
    /// (as opposed to being broken or the environment failing).
    pub fn is_unsupported(&self) -> bool {
        matches!(self, FrontendError::Diags(d) if d.iter().any(|d| d.kind == DiagKind::Unsupported))
    }
}

pub use lower::ParsedUnit;

/// `cc -E` of one translation unit against regcause's headers: the text with gcc's line
/// markers, their file names relative to `root` (`src/../lib.h` is `lib.h`), and every
/// byte that is not UTF-8 kept as a placeholder character ([`source_text`]).
pub fn preprocess(root: &Path, file: &Path, spec: &ProgramSpec) -> Result<String, FrontendError> {
    let hdr = headers::dir()?;
    let cc = std::env::var("REGCAUSE_CC").unwrap_or_else(|_| "cc".to_string());
    let mut cmd = Command::new(&cc);
    cmd.arg("-E")
        .arg("-std=gnu11")
        .arg("-nostdinc")
        .arg("-isystem")
        .arg(hdr)
        .arg("-D__REGCAUSE__=1");
    let flags = spec
        .sources
        .iter()
        .position(|s| s == file)
        .and_then(|i| spec.unit_flags.get(i))
        .map_or(&[][..], Vec::as_slice);
    // A unit the build compiled by its absolute path: paths are given to cc absolute
    // and mapped back to the build's directory in `__FILE__`, which is then the path
    // gcc's build printed (line markers are made tree-relative all the same).
    let absolute = flags
        .iter()
        .any(|f| f.starts_with(crate::config::SOURCE_ROOT_FLAG));
    let tree_path = |p: &Path| -> std::path::PathBuf {
        if absolute {
            root.join(p)
        } else {
            // Relative to the root, where cc runs, so line markers name tree paths; the
            // root itself is `.` (an empty `-I` names no directory).
            match p.strip_prefix(root).unwrap_or(p) {
                r if r.as_os_str().is_empty() => std::path::PathBuf::from("."),
                r => r.to_path_buf(),
            }
        }
    };
    // The build's own flags for this unit (a compilation database's entry) come first,
    // so the configuration's `-D`/`-U` override them as a later flag does in cc.
    let mut it = flags.iter();
    while let Some(f) = it.next() {
        if let Some(shown) = f.strip_prefix(crate::config::SOURCE_ROOT_FLAG) {
            cmd.arg(format!("-fmacro-prefix-map={}/={shown}", root.display()));
        } else if f == "-I" || f == "-include" {
            cmd.arg(f);
            if let Some(v) = it.next() {
                cmd.arg(tree_path(Path::new(v)));
            }
        } else {
            cmd.arg(f);
        }
    }
    for inc in &spec.includes {
        cmd.arg("-I").arg(tree_path(inc));
    }
    for d in &spec.defines {
        cmd.arg(format!("-D{d}"));
    }
    for u in &spec.undefines {
        cmd.arg(format!("-U{u}"));
    }
    let rel = file.strip_prefix(root).unwrap_or(file);
    // Preprocess from the root with a relative name so that locations read `src/x.c`.
    cmd.current_dir(root).arg(tree_path(rel));
    let out = cmd
        .output()
        .map_err(|e| FrontendError::PreprocessorMissing {
            cmd: cc.clone(),
            source: e,
        })?;
    if !out.status.success() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        if let Some(d) = missing_std_header(&stderr) {
            return Err(FrontendError::Diags(vec![d]));
        }
        let root_prefix = format!("{}/", root.display());
        let mut stderr = stderr.trim_end().replace(&root_prefix, "");
        if let Some(h) = include_hint(root, &stderr) {
            stderr.push_str(&h);
        }
        return Err(FrontendError::Preprocess {
            file: rel.display().to_string(),
            stderr,
        });
    }
    Ok(relative_markers(source_text(&out.stdout), root))
}

/// For a header cc did not find (`fatal error: re.h: No such file or directory`) that
/// the tree holds: the directories holding it, as the `-I` a build passes (what a
/// Makefile's `CFLAGS` say, and regcause cannot guess).
fn include_hint(root: &Path, stderr: &str) -> Option<String> {
    let missing = missing_header(stderr)?;
    // The directories (none hidden) whose `missing` is a file of the tree.
    let mut dirs: Vec<String> = crate::diffctx::tree_paths(root)
        .iter()
        .filter_map(|p| p.strip_suffix(missing))
        .filter(|d| d.is_empty() || d.ends_with('/'))
        .filter(|d| !d.split('/').any(|c| c.starts_with('.')))
        .map(|d| match d.trim_end_matches('/') {
            "" => ".".to_string(),
            d => d.to_string(),
        })
        .collect();
    dirs.sort();
    let flags: Vec<String> = dirs.iter().map(|d| format!("-I {d}")).collect();
    (!flags.is_empty()).then(|| {
        format!(
            "\nhint: the tree has {missing} under {}: give the build's include directory with {} (or in regcause.toml, or --compile-commands)",
            dirs.join(", "),
            flags.join(" or ")
        )
    })
}

/// The header cc's output says it did not find (`fatal error: re.h: No such file or
/// directory`).
pub fn missing_header(stderr: &str) -> Option<&str> {
    stderr.lines().find_map(|l| {
        let rest = l.split_once("fatal error: ")?.1;
        Some(rest.split_once(": No such file or directory")?.0)
    })
}

/// The first code point of the placeholders: byte `b` that is not part of valid UTF-8
/// is `U+10FF00 + b` (supplementary private use, which real sources do not hold).
const BYTE_PLACEHOLDER: u32 = 0x10FF00;

/// Source bytes as text for lang-c, which parses `&str`: valid UTF-8 is kept, any
/// other byte becomes a placeholder character that string and character literals turn
/// back into that byte when lowered ([`placeholder_byte`]), as gcc keeps a literal's
/// bytes. Line breaks stay where they are, so line numbers do not move.
pub fn source_text(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    let mut rest = bytes;
    loop {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.push_str(s);
                return out;
            }
            Err(e) => {
                let (good, bad) = rest.split_at(e.valid_up_to());
                out.push_str(std::str::from_utf8(good).unwrap_or_default());
                let n = e.error_len().unwrap_or(bad.len()).max(1);
                for &b in &bad[..n] {
                    let c = char::from_u32(BYTE_PLACEHOLDER + b as u32).unwrap_or('?');
                    out.push(c);
                }
                rest = &bad[n..];
            }
        }
    }
}

/// The bytes [`source_text`] was made from: each placeholder back to its byte (a tree
/// written from texts, such as a hunk search's subset, has the revision's bytes).
pub fn source_bytes(text: &str) -> Vec<u8> {
    let b = text.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match placeholder_byte(&b[i..]) {
            Some((byte, len)) => {
                out.push(byte);
                i += len;
            }
            None => {
                out.push(b[i]);
                i += 1;
            }
        }
    }
    out
}

/// The byte a placeholder of [`source_text`] stands for, given the UTF-8 bytes of a
/// literal starting at one: (byte, UTF-8 length of the placeholder).
pub(crate) fn placeholder_byte(b: &[u8]) -> Option<(u8, usize)> {
    match b {
        [0xF4, 0x8F, c @ 0xBC..=0xBF, d @ 0x80..=0xBF, ..] => {
            Some((((c & 3) << 6) | (d & 0x3F), 4))
        }
        _ => None,
    }
}

/// Line markers' file names made relative to the tree: gcc writes them as it found the
/// file, so `#include "../lib.h"` from `src/x.c` reads `src/../lib.h`, which would name
/// no file of the diff.
fn relative_markers(text: String, root: &Path) -> String {
    let needs = |name: &str| {
        name.contains("/./")
            || name.contains("../")
            || name.starts_with("./")
            || Path::new(name).starts_with(root)
    };
    if !text.lines().any(|l| marker_name(l).is_some_and(needs)) {
        return text;
    }
    let mut out = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        match marker_name(line).filter(|n| needs(n)) {
            Some(name) => {
                let p = Path::new(name);
                let p = p.strip_prefix(root).unwrap_or(p);
                let fixed = crate::config::lexical(p).display().to_string();
                out.push_str(&line.replacen(&format!("\"{name}\""), &format!("\"{fixed}\""), 1));
            }
            None => out.push_str(line),
        }
    }
    out
}

/// The file name of a gcc line marker `# 12 "src/x.c" 2`.
pub(crate) fn marker_name(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("# ")?;
    let (num, rest) = rest.split_once(' ')?;
    if num.is_empty() || !num.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let rest = rest.strip_prefix('"')?;
    let end = rest.find('"')?;
    Some(&rest[..end])
}

/// One hint for a syntax error instead of every token the grammar would take: the
/// closing punctuation a slip most often leaves out, else a short list.
pub(crate) fn syntax_hint(expected: &[&str]) -> String {
    // Sorted: the parser gives its expected tokens as a set, in no stable order.
    let mut bare: Vec<String> = expected
        .iter()
        .map(|s| s.trim_matches(|c| c == '"' || c == '\'').to_string())
        .collect();
    bare.sort();
    bare.dedup();
    for p in [";", ")", "]", "}", ","] {
        if bare.iter().any(|b| b == p) {
            return format!("expected `{p}` before this token");
        }
    }
    match bare.len() {
        0 => "unexpected token".into(),
        1..=3 => format!(
            "expected {}",
            bare.iter()
                .map(|b| format!("`{b}`"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
        _ => "unexpected token here".into(),
    }
}

/// The functions `#include <header>` of the bundled headers declares, as (name, fixed
/// parameters, variadic), read by the front end itself: the test that the headers
/// agree with `libc::catalogue`.
#[cfg(test)]
pub(crate) fn header_functions(header: &str) -> Result<Vec<(String, usize, bool)>, FrontendError> {
    let dir = tempfile::tempdir().map_err(|e| FrontendError::Preprocess {
        file: header.to_string(),
        stderr: format!("cannot make a temporary directory: {e}"),
    })?;
    let file = dir.path().join("h.c");
    std::fs::write(&file, format!("#include <{header}>\n")).map_err(|e| {
        FrontendError::Preprocess {
            file: file.display().to_string(),
            stderr: e.to_string(),
        }
    })?;
    let spec = ProgramSpec {
        name: "h".into(),
        sources: vec![file.clone()],
        workdir: dir.path().to_path_buf(),
        ..ProgramSpec::default()
    };
    let unit = parse_preprocessed(preprocess(dir.path(), &file, &spec)?)?;
    lower::declared_functions(&unit)
}

/// Parse the output of [`preprocess`] (or text equivalent to it).
pub fn parse_preprocessed(text: String) -> Result<ParsedUnit, FrontendError> {
    let hdr = headers::dir()?;
    let mut text = literal_escapes(text);
    let marks = lower::extract_marks(&mut text);
    let lines = LineMap::new(&text, &hdr.display().to_string());
    check_nesting(&text, &lines)?;
    lower::parse(text, lines, marks)
}

/// The preprocessed text with the escapes of string and character literals that gcc
/// reads and lang-c's grammar does not written in ones it does: GNU `\e` and `\E` (the
/// escape character) as `\033`, and C99's universal character names (`\u2713`,
/// `\U0001F600`) as the character itself, which a narrow literal holds in UTF-8 and a
/// wide one as its code point, as gcc has them. A name gcc refuses (a surrogate, a
/// control character) stays, for the parser to refuse. Columns after one on its line
/// move; lines do not.
fn literal_escapes(text: String) -> String {
    if !["\\e", "\\E", "\\u", "\\U"]
        .iter()
        .any(|p| text.contains(p))
    {
        return text;
    }
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 16);
    let (mut i, mut from) = (0, 0);
    while i < b.len() {
        let q = b[i];
        i += 1;
        if q != b'"' && q != b'\'' {
            continue;
        }
        while i < b.len() && b[i] != q && b[i] != b'\n' {
            if b[i] != b'\\' {
                i += 1;
                continue;
            }
            let (digits, start) = match b.get(i + 1) {
                Some(b'e' | b'E') => {
                    out.push_str(&text[from..i]);
                    out.push_str("\\033");
                    i += 2;
                    from = i;
                    continue;
                }
                Some(b'u') => (4, i + 2),
                Some(b'U') => (8, i + 2),
                _ => {
                    i += 2;
                    continue;
                }
            };
            let c = text
                .get(start..start + digits)
                .filter(|h| h.bytes().all(|d| d.is_ascii_hexdigit()))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .filter(|&v| v >= 0xA0 || matches!(v, 0x24 | 0x40 | 0x60))
                .and_then(char::from_u32);
            match c {
                Some(c) => {
                    out.push_str(&text[from..i]);
                    out.push(c);
                    i = start + digits;
                    from = i;
                }
                None => i += 2,
            }
        }
        i += 1;
    }
    out.push_str(&text[from.min(text.len())..]);
    out
}

/// Deepest nesting of brackets (`(`, `[`, `{` together) the front end accepts, as
/// clang's default `-fbracket-depth`. The parser's memory grows with the square of the
/// depth (a 4,000-deep expression took 2 GB), so deeper text is refused before parsing.
pub const MAX_NESTING: usize = 256;

/// A located `unsupported:` when brackets in `text` (outside string and character
/// literals) nest deeper than [`MAX_NESTING`].
fn check_nesting(text: &str, lines: &LineMap) -> Result<(), FrontendError> {
    let b = text.as_bytes();
    let (mut depth, mut i) = (0usize, 0usize);
    while i < b.len() {
        match b[i] {
            q @ (b'"' | b'\'') => {
                // Skip the literal, escapes included; a literal never spans a line.
                i += 1;
                while i < b.len() && b[i] != q && b[i] != b'\n' {
                    i += if b[i] == b'\\' { 2 } else { 1 };
                }
            }
            b'(' | b'[' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    let (file, line, col) = lines.locate(i);
                    return Err(FrontendError::Diags(vec![Diag {
                        kind: DiagKind::Unsupported,
                        msg: format!(
                            "brackets nested more than {MAX_NESTING} deep (the parser's memory grows with the square of the depth)"
                        ),
                        at: format!("{file}:{line}:{col}"),
                    }]));
                }
            }
            b')' | b']' | b'}' => depth = depth.saturating_sub(1),
            _ => {}
        }
        i += 1;
    }
    Ok(())
}

/// A hash of `t` for the in-memory caches of one analysis (not stable across builds).
pub(crate) fn hash_of(t: &(impl std::hash::Hash + ?Sized)) -> u64 {
    use std::hash::Hasher as _;
    let mut h = std::collections::hash_map::DefaultHasher::new();
    t.hash(&mut h);
    h.finish()
}

/// [`parse_preprocessed`] through `cache`: only declarations whose text (and the typedef
/// names before them) the cache has not seen are parsed.
pub fn parse_preprocessed_with(
    text: String,
    cache: &mut ParseCache,
) -> Result<ParsedUnit, FrontendError> {
    let hdr = headers::dir()?;
    let mut text = literal_escapes(text);
    let marks = lower::extract_marks(&mut text);
    let lines = LineMap::new(&text, &hdr.display().to_string());
    check_nesting(&text, &lines)?;
    cache.parse(text, lines, marks)
}

/// Lower parsed translation units together into one IR program.
pub fn lower_units(units: &[ParsedUnit]) -> Result<Program, FrontendError> {
    lower::lower_program(units, &[])
}

/// Headers of the C library and POSIX that regcause does not model (none of
/// `libc::HEADERS`: the preprocessor finds those).
const UNMODELLED_HEADERS: &[&str] = &[
    "wctype.h",
    "complex.h",
    "threads.h",
    "fenv.h",
    "tgmath.h",
    "uchar.h",
    "stdalign.h",
    "stdnoreturn.h",
    "termios.h",
    "sys/wait.h",
    "dlfcn.h",
    "sys/socket.h",
    "sys/select.h",
    "sys/ioctl.h",
    "sys/un.h",
    "netinet/in.h",
    "arpa/inet.h",
    "netdb.h",
    "poll.h",
    "pwd.h",
    "grp.h",
    "syslog.h",
    // x86 vector intrinsics (gcc's own headers).
    "xmmintrin.h",
    "emmintrin.h",
    "pmmintrin.h",
    "tmmintrin.h",
    "smmintrin.h",
    "nmmintrin.h",
    "immintrin.h",
    "x86intrin.h",
];

/// `file:line:col: fatal error: time.h: No such file or directory` for a standard header
/// regcause does not ship becomes a located "unsupported" diagnostic.
fn missing_std_header(stderr: &str) -> Option<Diag> {
    for line in stderr.lines() {
        let Some((at, rest)) = line.split_once(": fatal error: ") else {
            continue;
        };
        let Some(name) = rest.strip_suffix(": No such file or directory") else {
            continue;
        };
        if UNMODELLED_HEADERS.contains(&name) {
            return Some(Diag {
                kind: DiagKind::Unsupported,
                msg: format!("header <{name}> (regcause's C library does not model it)"),
                at: at.to_string(),
            });
        }
    }
    None
}

/// Load a program: parse every source file and lower them together into one IR program.
pub fn load(root: &Path, spec: &ProgramSpec) -> Result<Program, FrontendError> {
    load_units(root, spec, false).map(|(p, _)| p)
}

/// The preprocessed text of each translation unit of a program, by its path relative to
/// the tree root, as [`load_keeping_text`] keeps it for the hunk search's splicer.
pub type UnitTexts = Vec<(PathBuf, String)>;

/// [`load`], also returning each unit's preprocessed text.
pub fn load_keeping_text(
    root: &Path,
    spec: &ProgramSpec,
) -> Result<(Program, UnitTexts), FrontendError> {
    load_units(root, spec, true)
}

/// [`load`], with the units' preprocessed texts when `keep` (else none, and no copy).
fn load_units(
    root: &Path,
    spec: &ProgramSpec,
    keep: bool,
) -> Result<(Program, UnitTexts), FrontendError> {
    let mut units = Vec::new();
    let mut texts = Vec::new();
    let mut sources = Vec::new();
    let mut left_out = Vec::new();
    for f in &spec.sources {
        let text = match preprocess(root, f, spec) {
            Ok(t) => t,
            Err(e) if spec.does_without(f, &e) => {
                left_out.push(left_out_reason(root, f, &e));
                continue;
            }
            Err(e) => return Err(e),
        };
        let kept = keep.then(|| text.clone());
        let unit = match parse_preprocessed(text) {
            Ok(u) => u,
            Err(e) if spec.does_without(f, &e) => {
                left_out.push(left_out_reason(root, f, &e));
                continue;
            }
            Err(e) => return Err(e),
        };
        if let Some(t) = kept {
            let rel = f.strip_prefix(root).unwrap_or(f).to_path_buf();
            texts.push((rel, t));
        }
        units.push(unit);
        sources.push(f.clone());
    }
    let tests = testfiles::select(root, &sources, &units, spec.tests.as_deref());
    let mut prog = match lower::lower_program(&units, &tests) {
        Ok(p) => p,
        // What the program lacks may be in a unit left out: say which.
        Err(FrontendError::Diags(mut d)) if !left_out.is_empty() => {
            d.extend(left_out.into_iter().map(|l| {
                let why = match &l.hint {
                    Some(h) => format!("{}; {h}", l.why),
                    None => l.why,
                };
                Diag {
                    kind: DiagKind::Error,
                    msg: format!("it was left out, as it cannot be loaded here ({why}); it may define what the program lacks"),
                    at: l.file,
                }
            }));
            return Err(FrontendError::Diags(d));
        }
        Err(e) => return Err(e),
    };
    prog.warnings.extend(left_out_warning(&left_out));
    Ok((prog, texts))
}

/// The warning for the units `load` left out: each named with why when there are a
/// few, else the first and how many more under their common directory (a vendored
/// framework's examples are a dozen files, and the warning is printed per revision).
fn left_out_warning(left_out: &[LeftOut]) -> Option<String> {
    const NAMED: usize = 4;
    let named = |l: &LeftOut| format!("{} ({})", l.file, l.why);
    let (list, what) = match left_out {
        [] => return None,
        [one] => (named(one), "it defines"),
        few if few.len() <= NAMED => {
            let (last, rest) = few.split_last()?;
            let rest: Vec<String> = rest.iter().map(named).collect();
            (
                format!("{} and {}", rest.join(", "), named(last)),
                "they define",
            )
        }
        [first, rest @ ..] => {
            let dirs = |f: &str| -> Vec<String> {
                let p = Path::new(f).parent().unwrap_or(Path::new(""));
                p.components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect()
            };
            let mut common = dirs(&first.file);
            for l in rest {
                let d = dirs(&l.file);
                let same = common.iter().zip(&d).take_while(|(a, b)| a == b).count();
                common.truncate(same);
            }
            let under = match common.is_empty() {
                true => String::new(),
                false => format!(" under {}/", common.join("/")),
            };
            let more = format!("{} and {} more files{under}", named(first), rest.len());
            (more, "they define")
        }
    };
    Some(format!(
        "warning: left out {list}, which cannot be loaded here; the program does not use what {what}"
    ))
}

/// Whether an optional unit's failure to preprocess or parse lets the program do
/// without it (`ProgramSpec::does_without`): a header that neither the system nor the
/// tree holds (`<Python.h>`, and a standard one regcause does not ship), an `#error`, a
/// syntax the parser does not take or a construct regcause refuses (tezc/sc's signal
/// library names glibc's `siginfo_t`, which regcause's `<signal.h>` lacks), also a
/// header the tree holds elsewhere (a vendored framework's examples): if the program
/// lacks what such a unit defines, the error names it with the `-I` it wants.
pub(crate) fn leaves_out(e: &FrontendError) -> bool {
    match e {
        FrontendError::Preprocess { stderr, .. } => {
            stderr.contains(": No such file or directory") || stderr.contains("#error")
        }
        FrontendError::Syntax { .. } => true,
        // `missing_std_header`'s, from the preprocessor; the parser's refusals.
        FrontendError::Diags(d) => {
            !d.is_empty() && d.iter().all(|d| d.kind == DiagKind::Unsupported)
        }
        _ => false,
    }
}

/// A unit left out: its path in the tree, the preprocessor's first error as cc words
/// it (`fatal error: Python.h: No such file or directory`, which the hints read), and
/// the hint when the tree holds the missing header elsewhere.
struct LeftOut {
    file: String,
    why: String,
    hint: Option<String>,
}

fn left_out_reason(root: &Path, f: &Path, e: &FrontendError) -> LeftOut {
    let first = |l: &str| {
        let at = l.find("error: ")?;
        let at = match l[..at].ends_with("fatal ") {
            true => at - "fatal ".len(),
            false => at,
        };
        Some(l[at..].trim().to_string())
    };
    let (why, hint) = match e {
        FrontendError::Preprocess { stderr, .. } => (
            stderr.lines().find_map(first).unwrap_or_default(),
            stderr
                .split_once("\nhint: ")
                .map(|(_, h)| h.trim_end().to_string()),
        ),
        FrontendError::Diags(d) => (
            d.first()
                .map(|d| format!("unsupported: {}", d.msg))
                .unwrap_or_default(),
            None,
        ),
        FrontendError::Syntax { .. } => (e.to_string(), None),
        _ => (String::new(), None),
    };
    let file = f.strip_prefix(root).unwrap_or(f).display().to_string();
    LeftOut { file, why, hint }
}

/// Load a program given as a list of C files (no tree discovery), for `exec` and tests.
pub fn load_files(
    files: &[PathBuf],
    includes: &[PathBuf],
    defines: &[String],
) -> Result<Program, FrontendError> {
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let abs: Vec<PathBuf> = files
        .iter()
        .map(|f| {
            if f.is_absolute() {
                f.clone()
            } else {
                cwd.join(f)
            }
        })
        .collect();
    let spec = ProgramSpec {
        name: abs
            .first()
            .and_then(|f| f.file_stem())
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|| "a.out".into()),
        sources: abs,
        includes: includes
            .iter()
            .map(|i| {
                if i.is_absolute() {
                    i.clone()
                } else {
                    cwd.join(i)
                }
            })
            .collect(),
        defines: defines.to_vec(),
        workdir: cwd.clone(),
        ..ProgramSpec::default()
    };
    load(&cwd, &spec)
}

pub(crate) fn loc_string(lines: &LineMap, offset: usize) -> String {
    let (f, l, c) = lines.locate(offset);
    format!("{f}:{l}:{c}")
}

/// Convert an offset to an IR location, registering the file name.
pub(crate) fn ir_loc(files: &mut Vec<String>, lines: &LineMap, offset: usize) -> Loc {
    let (f, line, col) = lines.locate(offset);
    let id = match files.iter().position(|x| x == f) {
        Some(i) => i,
        None => {
            files.push(f.to_string());
            files.len() - 1
        }
    };
    Loc {
        file: id as u16,
        line,
        col,
    }
}

#[cfg(test)]
mod unmodelled_tests {
    /// A header regcause ships is found by the preprocessor: listing it as unmodelled
    /// would only mislead a reader of the list.
    #[test]
    fn no_shipped_header_is_listed_unmodelled() {
        for h in super::UNMODELLED_HEADERS {
            assert!(
                !crate::libc::HEADERS.iter().any(|(n, _)| n == h),
                "<{h}> is shipped"
            );
        }
    }
}
