//! From a source tree to IR: finding the program's sources, preprocessing them with the
//! system `cc -E` against regcause's own libc headers, parsing with lang-c, lowering.
//!
//! The front end takes a directory, never a git revision, so that any tree (a
//! materialised revision, a tree with some hunks applied, a user's folder) runs alike.

mod headers;
mod linemap;
mod lower;
pub mod sources;
mod splice;

use std::fmt;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::ir::{Loc, Program};
pub use linemap::LineMap;
pub use lower::ParseCache;
pub use sources::{find_program, ProgramSpec, SourceError};
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
    #[error("syntax error at {at}: unexpected token, expected one of {expected}")]
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
/// markers.
pub fn preprocess(root: &Path, file: &Path, spec: &ProgramSpec) -> Result<String, FrontendError> {
    let hdr = headers::dir()?;
    let cc = std::env::var("REGCAUSE_CC").unwrap_or_else(|_| "cc".to_string());
    let mut cmd = Command::new(&cc);
    cmd.arg("-E")
        .arg("-std=gnu11")
        .arg("-nostdinc")
        .arg("-isystem")
        .arg(hdr)
        .arg("-D__REGCAUSE__=1")
        .current_dir(&spec.workdir);
    for inc in &spec.includes {
        cmd.arg("-I").arg(inc);
    }
    for d in &spec.defines {
        cmd.arg(format!("-D{d}"));
    }
    let rel = file.strip_prefix(root).unwrap_or(file);
    // Preprocess from the root with a relative name so that locations read `src/x.c`.
    cmd.current_dir(root).arg(rel);
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
        return Err(FrontendError::Preprocess {
            file: rel.display().to_string(),
            stderr: String::from_utf8_lossy(&out.stderr).trim_end().to_string(),
        });
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
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
        includes: Vec::new(),
        defines: Vec::new(),
        workdir: dir.path().to_path_buf(),
    };
    let unit = parse_preprocessed(preprocess(dir.path(), &file, &spec)?)?;
    lower::declared_functions(&unit)
}

/// Parse the output of [`preprocess`] (or text equivalent to it).
pub fn parse_preprocessed(mut text: String) -> Result<ParsedUnit, FrontendError> {
    let hdr = headers::dir()?;
    let marks = lower::extract_marks(&mut text);
    let lines = LineMap::new(&text, &hdr.display().to_string());
    lower::parse(text, lines, marks)
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
    mut text: String,
    cache: &mut ParseCache,
) -> Result<ParsedUnit, FrontendError> {
    let hdr = headers::dir()?;
    let marks = lower::extract_marks(&mut text);
    let lines = LineMap::new(&text, &hdr.display().to_string());
    cache.parse(text, lines, marks)
}

/// Lower parsed translation units together into one IR program.
pub fn lower_units(units: &[ParsedUnit]) -> Result<Program, FrontendError> {
    lower::lower_program(units)
}

/// Headers of the C library and POSIX that regcause does not model.
const UNMODELLED_HEADERS: &[&str] = &[
    "setjmp.h",
    "time.h",
    "wchar.h",
    "wctype.h",
    "complex.h",
    "threads.h",
    "pthread.h",
    "unistd.h",
    "alloca.h",
    "fenv.h",
    "tgmath.h",
    "stdatomic.h",
    "uchar.h",
    "iso646.h",
    "stdalign.h",
    "stdnoreturn.h",
    "malloc.h",
    "memory.h",
    "strings.h",
    "termios.h",
    "sys/wait.h",
    "dlfcn.h",
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
    for f in &spec.sources {
        let text = preprocess(root, f, spec)?;
        if keep {
            let rel = f.strip_prefix(root).unwrap_or(f).to_path_buf();
            texts.push((rel, text.clone()));
        }
        units.push(parse_preprocessed(text)?);
    }
    Ok((lower::lower_program(&units)?, texts))
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
