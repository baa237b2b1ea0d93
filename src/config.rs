//! Configuration given from outside the analysed revisions, applied to both of them:
//! the command line (`-D`, `-U`, `-I`, `--cwd`, `--compile-commands`, `--config`) and a
//! `regcause.toml` in the working tree. Analysing two past commits must not need a
//! commit that adds configuration, so nothing here is read from a revision; the
//! revision's own `regcause.toml` and `compile_commands.json` are read by
//! `frontend::sources` and rank last.
//!
//! Precedence: command line, then the working tree's (or `--config`'s) file, then the
//! revision's own. Paths are kept relative to the repository root, so one `Config`
//! serves every tree (each revision's, each hunk subset's).

use std::path::{Component, Path, PathBuf};

use serde::{Deserialize, Serialize};

/// What the command line says (the clap options, without clap).
#[derive(Clone, Debug, Default)]
pub struct Options {
    pub config: Option<PathBuf>,
    pub compile_commands: Option<PathBuf>,
    pub defines: Vec<String>,
    pub undefines: Vec<String>,
    pub includes: Vec<String>,
    pub cwd: Option<String>,
    /// `--test-files GLOB`, repeated.
    pub test_files: Vec<String>,
    /// `--overlay PATH`, repeated.
    pub overlays: Vec<String>,
}

/// The effective configuration from outside the revisions.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// `-D` definitions (`NAME` or `NAME=VALUE`), after the revision's own.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub defines: Vec<String>,
    /// `-U` names, after every `-D`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub undefines: Vec<String>,
    /// Include directories relative to the repository root (or absolute outside it).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub includes: Vec<String>,
    /// The directory, relative to the tree root, the test runs in.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// Programs named in the outside `regcause.toml`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub programs: Vec<ProgramEntry>,
    /// A build's compilation database, its paths made relative to the repository.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub compile_commands: Option<CompileDb>,
    /// Globs naming the test's own source files (`tests = [...]`, `--test-files`):
    /// their literals passed to the code under test are inputs. `None`: the default
    /// rule (see `frontend::tests`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tests: Option<Vec<String>>,
    /// Files the test writes whose final contents are outputs the oracle compares
    /// (`--compare-file`, `compare_files = [...]`), relative to the repository root.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub compare_files: Vec<String>,
    /// Working-tree files the revisions lack (a header the build generates), laid over
    /// both revisions' trees (`--overlay`, `overlay = [...]`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub overlays: Vec<Overlay>,
    /// Where the settings came from, most important first (for `-v` and the report).
    pub from: Vec<String>,
}

/// A working-tree file laid over both revisions' trees ([`Config::overlays`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Overlay {
    /// Relative to the repository root.
    pub path: String,
    /// A hash of its bytes: the configuration is part of cache keys, so a file the build
    /// wrote anew is a new key.
    pub hash: String,
    /// Its bytes, read once when the configuration is gathered.
    #[serde(skip)]
    pub bytes: Vec<u8>,
}

/// One `[[program]]` of a `regcause.toml`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProgramEntry {
    pub name: String,
    pub sources: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub include: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub defines: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undefines: Vec<String>,
}

/// A `regcause.toml`, wherever it is read from.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TomlFile {
    #[serde(default)]
    pub defines: Vec<String>,
    #[serde(default)]
    pub undefines: Vec<String>,
    #[serde(default)]
    pub include: Vec<String>,
    #[serde(default)]
    pub cwd: Option<String>,
    /// A build's `compile_commands.json`, relative to the file (outside files only).
    #[serde(default)]
    pub compile_commands: Option<String>,
    #[serde(default)]
    pub program: Vec<ProgramEntry>,
    /// Globs naming the test's own source files (see `Config::tests`).
    #[serde(default)]
    pub tests: Option<Vec<String>>,
    /// Files the test writes that the oracle compares (see `Config::compare_files`).
    #[serde(default)]
    pub compare_files: Vec<String>,
    /// Working-tree files laid over both revisions, relative to the file (see
    /// `Config::overlays`).
    #[serde(default)]
    pub overlay: Vec<String>,
}

/// A compilation database with every path relative to the repository root.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompileDb {
    /// Where it was read (for messages).
    pub path: String,
    pub units: Vec<CompileUnit>,
}

/// The flag that marks a unit the build compiled by its absolute path (CMake does), with
/// the directory the tree's root was at: gcc's `__FILE__` is then that absolute path,
/// so `frontend::preprocess` names the tree's files the same way.
pub const SOURCE_ROOT_FLAG: &str = "-fmacro-prefix-map=<tree>/=";

/// One entry of a compilation database.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct CompileUnit {
    /// The source file, relative to the tree root.
    pub file: String,
    /// The preprocessor's flags of this entry, paths relative to the tree root: `-D…`,
    /// `-U…`, `-I DIR`, `-include FILE`, `-std=…`, in their order.
    pub flags: Vec<String>,
    /// The object file the entry writes (`-o`, or the entry's `output`), as written.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output: Option<String>,
    /// The CMake target (`CMakeFiles/TARGET.dir/` in the output path).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid: {msg}")]
    Bad { path: String, msg: String },
    #[error("{path}: {what} {given} is outside the repository {root}, so no revision holds it")]
    Outside {
        path: String,
        what: &'static str,
        given: String,
        root: String,
    },
    #[error("{from}: overlay {path} is not a file of the working tree")]
    NoOverlay { from: String, path: String },
    #[error("--cwd {0}: the directory must be relative to the repository root and stay inside it")]
    BadCwd(String),
    #[error(
        "--compare-file {0}: the file must be relative to the repository root and stay inside it"
    )]
    BadCompareFile(String),
}

impl Config {
    /// Whether anything at all was configured from outside.
    pub fn is_empty(&self) -> bool {
        self.from.is_empty()
    }

    /// Gather the configuration: the command line's options, then `--config FILE` or the
    /// working tree's `regcause.toml` (`workdir`, the repository's working directory).
    /// A working-tree `regcause.toml` committed at HEAD and unchanged is HEAD's own
    /// file (`committed`): each revision then reads its own, as a history whose
    /// programs changed needs; an edited or untracked one applies to both revisions.
    pub fn gather(
        opts: &Options,
        workdir: Option<&Path>,
        committed: impl Fn(&str) -> bool,
    ) -> Result<Config, ConfigError> {
        let root = workdir.map(canonical);
        let mut c = Config::default();
        let cli_given = !opts.defines.is_empty()
            || !opts.undefines.is_empty()
            || !opts.includes.is_empty()
            || opts.cwd.is_some()
            || opts.compile_commands.is_some()
            || !opts.test_files.is_empty()
            || !opts.overlays.is_empty();
        if cli_given {
            c.from.push("command line".into());
        }
        c.defines.clone_from(&opts.defines);
        c.undefines.clone_from(&opts.undefines);
        for i in &opts.includes {
            c.includes.push(tree_path(
                root.as_deref(),
                Path::new(i),
                "-I",
                "the command line",
            )?);
        }
        for o in &opts.overlays {
            let path = tree_path(
                root.as_deref(),
                Path::new(o),
                "--overlay",
                "the command line",
            )?;
            c.add_overlay(root.as_deref(), path, "--overlay")?;
        }
        if let Some(d) = &opts.cwd {
            c.cwd = Some(checked_cwd(d)?);
        }
        if let Some(cc) = &opts.compile_commands {
            c.compile_commands = Some(CompileDb::read(cc, root.as_deref())?);
        }
        if !opts.test_files.is_empty() {
            // `none` alone: no test files (the default rule off).
            let none = opts.test_files.iter().all(|g| g == "none");
            c.tests = Some(if none {
                Vec::new()
            } else {
                opts.test_files.clone()
            });
        }
        let file = match (&opts.config, workdir) {
            (Some(f), _) => Some((f.clone(), format!("--config {}", f.display()))),
            (None, Some(w)) if w.join("regcause.toml").is_file() && !committed("regcause.toml") => {
                Some((
                    w.join("regcause.toml"),
                    "regcause.toml (working tree)".to_string(),
                ))
            }
            _ => None,
        };
        if let Some((path, label)) = file {
            let t = TomlFile::read(&path)?;
            c.from.push(label.clone());
            // The file ranks after the command line: its defines come first, so a
            // command line `-D` of the same name wins, as the last `-D` does in cc.
            let mut defines = t.defines.clone();
            defines.append(&mut c.defines);
            c.defines = defines;
            let mut undefines = t.undefines.clone();
            undefines.append(&mut c.undefines);
            c.undefines = undefines;
            let base = path.parent().map(canonical).unwrap_or_default();
            let mut includes = Vec::new();
            for i in &t.include {
                includes.push(tree_path(
                    root.as_deref(),
                    &base.join(i),
                    "include",
                    &label,
                )?);
            }
            includes.append(&mut c.includes);
            c.includes = includes;
            for o in &t.overlay {
                let path = tree_path(root.as_deref(), &base.join(o), "overlay", &label)?;
                c.add_overlay(root.as_deref(), path, &label)?;
            }
            if c.cwd.is_none() {
                if let Some(d) = &t.cwd {
                    c.cwd = Some(checked_cwd(d)?);
                }
            }
            if c.compile_commands.is_none() {
                if let Some(cc) = &t.compile_commands {
                    c.compile_commands = Some(CompileDb::read(&base.join(cc), root.as_deref())?);
                }
            }
            c.programs = t.program;
            if c.tests.is_none() {
                c.tests = t.tests;
            }
            for f in &t.compare_files {
                let f = checked_compare_file(f)?;
                if !c.compare_files.contains(&f) {
                    c.compare_files.push(f);
                }
            }
        }
        Ok(c)
    }

    /// Add the command line's `--compare-file` paths, ahead of the file's.
    /// Reads the working tree's file `path` (relative to `root`) as an overlay, once.
    fn add_overlay(
        &mut self,
        root: Option<&Path>,
        path: String,
        from: &str,
    ) -> Result<(), ConfigError> {
        if self.overlays.iter().any(|o| o.path == path) {
            return Ok(());
        }
        let file = root.map_or_else(|| PathBuf::from(&path), |r| r.join(&path));
        if !file.is_file() {
            return Err(ConfigError::NoOverlay {
                from: from.to_string(),
                path,
            });
        }
        let bytes = std::fs::read(&file).map_err(|e| ConfigError::Io {
            path: file.display().to_string(),
            source: e,
        })?;
        self.overlays.push(Overlay {
            path,
            hash: crate::cache::hash_hex(&bytes),
            bytes,
        });
        Ok(())
    }

    pub fn add_compare_files(&mut self, files: &[String]) -> Result<(), ConfigError> {
        if files.is_empty() {
            return Ok(());
        }
        let mut all = Vec::new();
        for f in files {
            let f = checked_compare_file(f)?;
            if !all.contains(&f) {
                all.push(f);
            }
        }
        for f in std::mem::take(&mut self.compare_files) {
            if !all.contains(&f) {
                all.push(f);
            }
        }
        self.compare_files = all;
        if self.from.first().map(String::as_str) != Some("command line") {
            self.from.insert(0, "command line".into());
        }
        Ok(())
    }

    /// The configuration as text, one setting a line (`-v`).
    pub fn describe(&self) -> String {
        let mut s = String::new();
        if self.is_empty() {
            s.push_str("configuration: none from outside the revisions\n");
            return s;
        }
        s.push_str(&format!(
            "configuration from: {}\n",
            self.from.join(", then ")
        ));
        let list = |v: &[String]| v.join(" ");
        if !self.defines.is_empty() {
            s.push_str(&format!("  defines: {}\n", list(&self.defines)));
        }
        if !self.undefines.is_empty() {
            s.push_str(&format!("  undefines: {}\n", list(&self.undefines)));
        }
        if !self.includes.is_empty() {
            s.push_str(&format!("  include: {}\n", list(&self.includes)));
        }
        if let Some(d) = &self.cwd {
            s.push_str(&format!("  cwd: {d}\n"));
        }
        if !self.overlays.is_empty() {
            let paths: Vec<String> = self.overlays.iter().map(|o| o.path.clone()).collect();
            s.push_str(&format!("  overlay (working tree): {}\n", list(&paths)));
        }
        for p in &self.programs {
            s.push_str(&format!("  program {}: {}\n", p.name, p.sources.join(" ")));
        }
        if let Some(t) = &self.tests {
            s.push_str(&format!("  test files: {}\n", list(t)));
        }
        if !self.compare_files.is_empty() {
            s.push_str(&format!(
                "  compared files: {}\n",
                list(&self.compare_files)
            ));
        }
        if let Some(db) = &self.compile_commands {
            s.push_str(&format!(
                "  compile commands: {} ({} entries)\n",
                db.path,
                db.units.len()
            ));
        }
        s
    }
}

impl TomlFile {
    pub fn read(path: &Path) -> Result<TomlFile, ConfigError> {
        let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Io {
            path: path.display().to_string(),
            source: e,
        })?;
        TomlFile::parse(&text, &path.display().to_string())
    }

    pub fn parse(text: &str, label: &str) -> Result<TomlFile, ConfigError> {
        toml::from_str(text).map_err(|e| ConfigError::Bad {
            path: label.to_string(),
            msg: e.to_string(),
        })
    }
}

#[derive(Deserialize)]
struct RawEntry {
    #[serde(default)]
    directory: Option<String>,
    file: String,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
    #[serde(default)]
    output: Option<String>,
}

impl CompileDb {
    /// Read a build directory's database (a file, or a directory holding
    /// `compile_commands.json`), mapping its absolute paths into the repository at
    /// `root` (the working tree the build was made from).
    pub fn read(path: &Path, root: Option<&Path>) -> Result<CompileDb, ConfigError> {
        let file = if path.is_dir() {
            path.join("compile_commands.json")
        } else {
            path.to_path_buf()
        };
        let text = std::fs::read_to_string(&file).map_err(|e| ConfigError::Io {
            path: file.display().to_string(),
            source: e,
        })?;
        let label = file.display().to_string();
        let base = file.parent().map(canonical).unwrap_or_default();
        CompileDb::parse(&text, &label, &base, root)
    }

    /// Parse a database's text. Relative `directory` values are relative to `base`
    /// (where the file is); the paths then become relative to `root`. A database inside
    /// a revision's tree is read with `root` = `base`'s tree.
    pub fn parse(
        text: &str,
        label: &str,
        base: &Path,
        root: Option<&Path>,
    ) -> Result<CompileDb, ConfigError> {
        let raw: Vec<RawEntry> = serde_json::from_str(text).map_err(|e| ConfigError::Bad {
            path: label.to_string(),
            msg: e.to_string(),
        })?;
        let mut units = Vec::new();
        for e in raw {
            let dir = match &e.directory {
                Some(d) => lexical(&base.join(d)),
                None => base.to_path_buf(),
            };
            let in_tree = |p: &str, what: &'static str| -> Result<String, ConfigError> {
                tree_path(root, &lexical(&dir.join(p)), what, label)
            };
            let file = in_tree(&e.file, "the source file")?;
            let args: Vec<String> = match (&e.arguments, &e.command) {
                (Some(a), _) => a.clone(),
                (None, Some(cmd)) => split_command(cmd),
                _ => Vec::new(),
            };
            let mut flags = Vec::new();
            // What precedes the tree-relative path in the path the compiler was given.
            if let Some(prefix) = e.file.strip_suffix(&file).filter(|p| p.starts_with('/')) {
                flags.push(format!("{SOURCE_ROOT_FLAG}{prefix}"));
            }
            let mut output = e.output.clone();
            let mut it = args.iter().skip(1);
            while let Some(a) = it.next() {
                // A flag's value is either glued to it or the next argument.
                let mut value = |flag: &str| -> Option<String> {
                    match a.strip_prefix(flag) {
                        Some("") => it.next().cloned(),
                        Some(v) => Some(v.to_string()),
                        None => None,
                    }
                };
                if a == "-include" {
                    if let Some(f) = it.next() {
                        flags.push("-include".into());
                        flags.push(in_tree(f, "a forced include")?);
                    }
                } else if a.starts_with("-std=") {
                    flags.push(a.clone());
                } else if a == "-o" {
                    output = it.next().cloned().or(output);
                } else if let Some(d) = value("-D") {
                    flags.push(format!("-D{d}"));
                } else if let Some(u) = value("-U") {
                    flags.push(format!("-U{u}"));
                } else if let Some(i) = value("-I").or_else(|| {
                    a.strip_prefix("-isystem")
                        .map(str::to_string)
                        .filter(|s| !s.is_empty())
                }) {
                    // System directories would shadow regcause's own C library.
                    let p = lexical(&dir.join(&i));
                    if is_system_dir(&p) {
                        continue;
                    }
                    flags.push("-I".into());
                    flags.push(
                        tree_path(root, &p, "an include directory", label)
                            .unwrap_or_else(|_| p.display().to_string()),
                    );
                }
            }
            let target = output.as_deref().and_then(cmake_target);
            units.push(CompileUnit {
                file,
                flags,
                output,
                target,
            });
        }
        Ok(CompileDb {
            path: label.to_string(),
            units,
        })
    }
}

fn is_system_dir(p: &Path) -> bool {
    ["/usr", "/opt", "/lib", "/Library", "/System"]
        .iter()
        .any(|s| p.starts_with(s))
}

/// `CMakeFiles/NAME.dir/src/x.c.o` -> `NAME`.
fn cmake_target(output: &str) -> Option<String> {
    let (_, rest) = output.split_once("CMakeFiles/")?;
    let (name, _) = rest.split_once(".dir/")?;
    Some(name.to_string())
}

/// A shell command line split into words (quotes and backslashes as `sh` reads them),
/// enough for the `command` form of compilation databases.
fn split_command(cmd: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut have = false;
    let mut chars = cmd.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                if let Some(n) = chars.next() {
                    cur.push(n);
                }
            }
            (Some(_), c) => cur.push(c),
            (None, '"' | '\'') => {
                quote = Some(c);
                have = true;
            }
            (None, c) if c.is_whitespace() => {
                if have || !cur.is_empty() {
                    out.push(std::mem::take(&mut cur));
                }
                have = false;
            }
            (None, c) => cur.push(c),
        }
    }
    if have || !cur.is_empty() {
        out.push(cur);
    }
    out
}

fn canonical(p: &Path) -> PathBuf {
    std::fs::canonicalize(p).unwrap_or_else(|_| lexical(p))
}

/// `a/./b/../c` -> `a/c`, without touching the disk (trees have no symlinks).
pub fn lexical(p: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in p.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other),
        }
    }
    out
}

/// `p` relative to the repository `root` (`p` is absolute or relative to the current
/// directory); an error when it lies outside.
fn tree_path(
    root: Option<&Path>,
    p: &Path,
    what: &'static str,
    label: &str,
) -> Result<String, ConfigError> {
    let abs = if p.is_absolute() {
        lexical(p)
    } else {
        let cwd = std::env::current_dir().unwrap_or_default();
        lexical(&canonical(&cwd).join(p))
    };
    // The parent may be a symlinked path (/tmp on macOS): compare canonical forms.
    let abs = match (abs.parent(), abs.file_name()) {
        (Some(d), Some(f)) if d.exists() => canonical(d).join(f),
        _ => abs,
    };
    let Some(root) = root else {
        return Ok(p.display().to_string());
    };
    match abs.strip_prefix(root) {
        Ok(r) if r.as_os_str().is_empty() => Ok(".".into()),
        Ok(r) => Ok(r.display().to_string()),
        Err(_) => Err(ConfigError::Outside {
            path: label.to_string(),
            what,
            given: p.display().to_string(),
            root: root.display().to_string(),
        }),
    }
}

fn checked_cwd(d: &str) -> Result<String, ConfigError> {
    let p = lexical(Path::new(d));
    if p.is_absolute() || p.starts_with("..") {
        return Err(ConfigError::BadCwd(d.to_string()));
    }
    let s = p.display().to_string();
    Ok(if s.is_empty() { ".".into() } else { s })
}

/// A compared file's path, relative to the repository root and inside it, normalised
/// (`./out/../r.txt` is `r.txt`) as the run's written files name it.
fn checked_compare_file(f: &str) -> Result<String, ConfigError> {
    let p = lexical(Path::new(f));
    let s = p.display().to_string();
    if p.is_absolute() || p.starts_with("..") || s.is_empty() {
        return Err(ConfigError::BadCompareFile(f.to_string()));
    }
    Ok(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compare_files_are_tree_relative_and_command_line_first() {
        assert_eq!(checked_compare_file("./out/../r.txt").expect("ok"), "r.txt");
        for bad in ["/tmp/r.txt", "../r.txt", ".", "a/../.."] {
            assert!(checked_compare_file(bad).is_err(), "{bad}");
        }
        let mut c = Config {
            compare_files: vec!["b.txt".into()],
            from: vec!["regcause.toml (working tree)".into()],
            ..Config::default()
        };
        c.add_compare_files(&["a.txt".into(), "b.txt".into()])
            .expect("valid");
        assert_eq!(c.compare_files, ["a.txt", "b.txt"]);
        assert_eq!(c.from[0], "command line");
        assert!(c.add_compare_files(&["../x".into()]).is_err());
    }

    #[test]
    fn absolute_cmake_paths_become_tree_relative() {
        let root = Path::new("/home/u/proj");
        let db = r#"[
          {"directory": "/home/u/proj/build",
           "command": "/usr/bin/cc -DA=1 -I/home/u/proj/include -I../src -isystem /usr/include -U B -include /home/u/proj/cfg.h -std=c99 -o CMakeFiles/test_x.dir/tests/test_x.c.o -c /home/u/proj/tests/test_x.c",
           "file": "/home/u/proj/tests/test_x.c",
           "output": "CMakeFiles/test_x.dir/tests/test_x.c.o"}
        ]"#;
        let d =
            CompileDb::parse(db, "cc.json", Path::new("/elsewhere"), Some(root)).expect("parses");
        let u = &d.units[0];
        assert_eq!(u.file, "tests/test_x.c");
        assert_eq!(
            u.flags,
            [
                "-fmacro-prefix-map=<tree>/=/home/u/proj/",
                "-DA=1",
                "-I",
                "include",
                "-I",
                "src",
                "-UB",
                "-include",
                "cfg.h",
                "-std=c99"
            ]
        );
        assert_eq!(u.target.as_deref(), Some("test_x"));
    }

    #[test]
    fn a_source_outside_the_repository_is_an_error() {
        let db = r#"[{"directory": "/b", "file": "/b/gen.c", "arguments": ["cc", "-c", "gen.c"]}]"#;
        let e = CompileDb::parse(db, "cc.json", Path::new("/b"), Some(Path::new("/r")))
            .expect_err("outside");
        assert!(e.to_string().contains("/b/gen.c"), "{e}");
    }

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"cc -DNAME="\"x y\"" 'a b' c\ d"#),
            ["cc", "-DNAME=\"x y\"", "a b", "c d"]
        );
    }

    #[test]
    fn cwd_stays_inside_the_tree() {
        assert_eq!(checked_cwd("tests/./x/..").expect("ok"), "tests");
        assert!(checked_cwd("../x").is_err());
        assert!(checked_cwd("/tmp").is_err());
        assert_eq!(checked_cwd(".").expect("ok"), ".");
    }
}
