//! Finding the sources of a program in a tree. In order: the configuration from
//! outside the revisions (`config::Config`: a build's compilation database, the
//! programs of a working-tree `regcause.toml`), then the tree's own
//! `compile_commands.json`, its own `regcause.toml`, else the tree's `.c` files. The
//! program named after `--` chooses the `main`; a name that matches none is an error
//! listing what exists, never another program.

use std::path::{Path, PathBuf};

use crate::config::{CompileDb, CompileUnit, Config, ConfigError, ProgramEntry, TomlFile};

/// What to preprocess and lower for one program.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ProgramSpec {
    pub name: String,
    /// Absolute paths of the translation units.
    pub sources: Vec<PathBuf>,
    /// Absolute `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`), in order.
    pub defines: Vec<String>,
    /// `-U` names, after every definition.
    pub undefines: Vec<String>,
    /// Per translation unit (same order as `sources`, or empty): the build's own flags
    /// for it, paths relative to the tree root (a compilation database's entry).
    pub unit_flags: Vec<Vec<String>>,
    /// The directory the program runs in.
    pub workdir: PathBuf,
    /// Globs (tree-relative) naming the test's own source files, whose literals passed
    /// to the code under test are inputs; `None`: the default rule
    /// (`frontend::tests`), `Some([])`: no test files.
    pub tests: Option<Vec<String>>,
    /// Units the program may do without when they do not preprocess (automatic mode:
    /// every `.c` file of the tree but the test's, where a binding's `#include
    /// <Python.h>` or a platform's `#error` says nothing of the test): left out with a
    /// warning, so a call of a function only one of them defines stops the run.
    pub optional: Vec<PathBuf>,
}

impl ProgramSpec {
    /// Whether the program does without unit `f` that failed to load so: an optional
    /// unit ([`ProgramSpec::optional`]) with a failure the tree cannot fix
    /// (`frontend::leaves_out`). One rule for `load`, the splicer and the hunk search.
    pub(crate) fn does_without(&self, f: &Path, e: &super::FrontendError) -> bool {
        self.optional.iter().any(|o| o == f) && super::leaves_out(e)
    }
}

#[derive(Debug, thiserror::Error)]
pub enum SourceError {
    #[error("cannot read {path}: {source}")]
    Io {
        path: String,
        source: std::io::Error,
    },
    #[error("{path} is not valid: {msg}")]
    BadConfig { path: String, msg: String },
    #[error(transparent)]
    Config(#[from] ConfigError),
    #[error("no program named `{name}` in {config}; it defines: {known}")]
    UnknownProgram {
        name: String,
        config: String,
        known: String,
    },
    #[error("no C source file defines `main` in {place}; add a regcause.toml naming the program's sources")]
    NoMain { place: String },
    #[error("no program `{name}` here: the C files defining `main` are {files}; name one after `--` (by its file name without `.c`), or map `{name}` to its sources with a [[program]] in regcause.toml or with --compile-commands")]
    NoSuchProgram { name: String, files: String },
    #[error("several C files define `main` for `{name}` ({files}); name one by its path in the tree after `--` (`-- ./dir/{name}` for dir/{name}.c), or choose with -D/-U, a regcause.toml [[program]] or --compile-commands")]
    ManyMains { name: String, files: String },
    #[error("{from} names {file}, which this revision does not have")]
    Missing { file: String, from: String },
    /// Automatic mode's error with what the tree's Makefile says (`makefile`).
    #[error("{error}\nhint: {hint}")]
    Hinted {
        error: Box<SourceError>,
        hint: String,
    },
}

/// The stem of the program named on the command line (`./bin/tcas` -> `tcas`).
pub fn program_stem(program: &str) -> String {
    Path::new(program)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| program.to_string())
}

/// Find the sources of `program` (as named after `--` on the command line) in `root`,
/// with the configuration from outside the revisions applied over the tree's own.
pub fn find_program(
    root: &Path,
    config: &Config,
    program: &str,
) -> Result<ProgramSpec, SourceError> {
    let name = program_stem(program);
    let mut spec = if let Some(db) = &config.compile_commands {
        from_compile_db(root, db, &name, &db.path, config)?
    } else if !config.programs.is_empty() {
        let from = config.from.last().cloned().unwrap_or_default();
        from_programs(root, &config.programs, &name, &from)?
    } else {
        let cc = root.join("compile_commands.json");
        let rt = root.join("regcause.toml");
        if cc.is_file() {
            let text = read_text(&cc)?;
            let db = CompileDb::parse(&text, "compile_commands.json", root, Some(root))?;
            from_compile_db(root, &db, &name, "compile_commands.json", config)?
        } else if rt.is_file() {
            let t = TomlFile::parse(&read_text(&rt)?, "regcause.toml")?;
            let mut spec = from_programs(root, &t.program, &name, "regcause.toml")?;
            // The revision's own settings rank below every outside one: first in order.
            spec.defines.splice(0..0, t.defines);
            spec.tests = t.tests;
            spec.undefines.splice(0..0, t.undefines);
            for (k, i) in t.include.iter().enumerate() {
                spec.includes.insert(k, root.join(i));
            }
            spec
        } else {
            from_tree(root, program, config).map_err(|e| makefile_hint(root, &name, e))?
        }
    };
    if config.tests.is_some() {
        spec.tests.clone_from(&config.tests);
    }
    spec.defines.extend(config.defines.iter().cloned());
    spec.undefines.extend(config.undefines.iter().cloned());
    spec.includes
        .extend(config.includes.iter().map(|i| root.join(i)));
    spec.workdir = match &config.cwd {
        Some(d) => root.join(d),
        None => root.to_path_buf(),
    };
    Ok(spec)
}

/// Automatic mode found no program `name`: the rule of the tree's Makefile that builds
/// it, if any, as a hint (the `-D` selecting its `main`, its sources).
fn makefile_hint(root: &Path, name: &str, e: SourceError) -> SourceError {
    if !matches!(
        e,
        SourceError::NoSuchProgram { .. } | SourceError::NoMain { .. }
    ) {
        return e;
    }
    if let Some(rule) = super::makefile::rule_for(root, name) {
        return SourceError::Hinted {
            error: Box::new(e),
            hint: rule.hint(),
        };
    }
    // Without a Makefile: the file named so, whose `main` a define selects.
    let mut files = Vec::new();
    if collect_c_files(root, &mut files).is_err() {
        return e;
    }
    files.sort();
    let guarded = files.iter().find_map(|f| {
        (f.file_stem()? == name).then_some(())?;
        let text = super::source_text(&std::fs::read(f).ok()?);
        Some((f, main_guard(&text)?))
    });
    match guarded {
        Some((f, macro_name)) => {
            let rel = f.strip_prefix(root).unwrap_or(f).with_extension("");
            SourceError::Hinted {
                error: Box::new(e),
                hint: format!(
                    "{}.c defines `main` only when {macro_name} is defined: run it as `-D {macro_name} -- ./{}`",
                    rel.display(),
                    rel.display()
                ),
            }
        }
        None => e,
    }
}

fn read_text(path: &Path) -> Result<String, SourceError> {
    std::fs::read_to_string(path).map_err(|e| SourceError::Io {
        path: path.display().to_string(),
        source: e,
    })
}

/// Every source a configuration names must be in the tree: a revision without it is
/// an error, never a program made of the files that happen to exist.
fn existing(root: &Path, file: &str, from: &str) -> Result<PathBuf, SourceError> {
    let p = root.join(file);
    if p.is_file() {
        Ok(p)
    } else {
        Err(SourceError::Missing {
            file: file.to_string(),
            from: from.to_string(),
        })
    }
}

fn from_programs(
    root: &Path,
    programs: &[ProgramEntry],
    name: &str,
    from: &str,
) -> Result<ProgramSpec, SourceError> {
    let Some(p) = programs.iter().find(|p| p.name == name) else {
        return Err(SourceError::UnknownProgram {
            name: name.into(),
            config: from.into(),
            known: programs
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    let mut sources = Vec::new();
    for s in &p.sources {
        sources.push(existing(root, s, from)?);
    }
    Ok(ProgramSpec {
        name: p.name.clone(),
        sources,
        includes: p.include.iter().map(|s| root.join(s)).collect(),
        defines: p.defines.clone(),
        undefines: p.undefines.clone(),
        ..ProgramSpec::default()
    })
}

/// The translation units of `name`'s link from a compilation database: its CMake
/// target's units (or, without targets, the one unit with `main` whose file or object
/// is named `name`), and every unit of a target without `main` (the libraries it
/// links). A file compiled twice (a static and a shared library) counts once.
fn from_compile_db(
    root: &Path,
    db: &CompileDb,
    name: &str,
    from: &str,
    config: &Config,
) -> Result<ProgramSpec, SourceError> {
    // A build that compiles and links in one command (what `bear` records of
    // `cc a.c b.c -o prog`) names the program as each entry's output: those entries are
    // its link, with their own flags (a test built several ways is several programs).
    let linked = |u: &&CompileUnit| {
        let Some(out) = u.output.as_deref().filter(|_| u.target.is_none()) else {
            return false;
        };
        let object = [".o", ".obj", ".lo"].iter().any(|e| out.ends_with(e));
        !object && program_stem(out) == name
    };
    let named_link = db.units.iter().filter(linked).count() > 0;
    let mut units: Vec<&CompileUnit> = Vec::new();
    for u in db.units.iter().filter(|u| !named_link || linked(u)) {
        if !units.iter().any(|k| k.file == u.file) {
            units.push(u);
        }
    }
    let mut paths = Vec::new();
    for u in &units {
        paths.push(existing(root, &u.file, from)?);
    }
    let base = ProgramSpec {
        name: name.to_string(),
        sources: paths.clone(),
        unit_flags: units.iter().map(|u| u.flags.clone()).collect(),
        defines: config.defines.clone(),
        undefines: config.undefines.clone(),
        includes: config.includes.iter().map(|i| root.join(i)).collect(),
        workdir: root.to_path_buf(),
        tests: None,
        optional: Vec::new(),
    };
    let has_main = mains(root, &base)?;
    let chosen: Vec<usize> = if named_link {
        if !has_main.iter().any(|m| *m) {
            return Err(SourceError::NoMain {
                place: format!("the units {from} links into `{name}`"),
            });
        }
        (0..units.len()).collect()
    } else if units.iter().any(|u| u.target.is_some()) {
        let by_target: Vec<usize> = (0..units.len())
            .filter(|&i| units[i].target.as_deref() == Some(name))
            .collect();
        if by_target.is_empty() {
            return Err(no_such_program(root, name, &paths, &has_main));
        }
        // Targets holding a `main` are programs; the others are libraries.
        let program_targets: Vec<&str> = (0..units.len())
            .filter(|&i| has_main[i])
            .filter_map(|i| units[i].target.as_deref())
            .collect();
        let own: Vec<usize> = (0..units.len())
            .filter(|&i| units[i].target.as_deref() == Some(name))
            .collect();
        // A `.c` file the program's own units `#include` (cJSON's tests include
        // `../cJSON.c`) is not linked again from its library.
        let mut included = std::collections::HashSet::new();
        for &i in &own {
            included.extend(included_files(root, &paths[i], &base));
        }
        (0..units.len())
            .filter(|&i| {
                own.contains(&i)
                    || !units[i]
                        .target
                        .as_deref()
                        .is_some_and(|t| program_targets.contains(&t))
                        && !has_main[i]
                        && !included.contains(&units[i].file)
            })
            .collect()
    } else {
        let main = choose_main(root, name, &paths, &has_main, |i| {
            units[i].output.as_deref().map(program_stem).as_deref() == Some(name)
        })
        .or_else(|e| {
            // A database recording no outputs describes one program: its only `main`.
            let only: Vec<usize> = (0..units.len()).filter(|&i| has_main[i]).collect();
            match (only.as_slice(), units.iter().all(|u| u.output.is_none())) {
                ([i], true) => Ok(*i),
                _ => Err(e),
            }
        })?;
        (0..units.len())
            .filter(|&i| i == main || !has_main[i])
            .collect()
    };
    Ok(ProgramSpec {
        sources: chosen.iter().map(|&i| paths[i].clone()).collect(),
        unit_flags: chosen.iter().map(|&i| units[i].flags.clone()).collect(),
        defines: Vec::new(),
        undefines: Vec::new(),
        includes: Vec::new(),
        ..base
    })
}

/// The unit with `main` that belongs to `name`: the one whose file stem (or, by
/// `also`, whose object) is `name`. Several units defining `main` for one name, or none
/// named so, is an error listing them.
fn choose_main(
    root: &Path,
    name: &str,
    paths: &[PathBuf],
    has_main: &[bool],
    also: impl Fn(usize) -> bool,
) -> Result<usize, SourceError> {
    let named: Vec<usize> = (0..paths.len())
        .filter(|&i| has_main[i])
        .filter(|&i| paths[i].file_stem().is_some_and(|s| s == name) || also(i))
        .collect();
    match named.as_slice() {
        [i] => Ok(*i),
        [] => Err(no_such_program(root, name, paths, has_main)),
        many => Err(SourceError::ManyMains {
            name: name.to_string(),
            files: rel_list(root, many.iter().map(|&i| &paths[i])),
        }),
    }
}

/// The unit with `main` whose path in the tree, without `.c`, is `program` as written
/// (`test/main` or `./test/main` for `test/main.c`): how the name after `--` tells two
/// `main.c` apart.
fn by_path(root: &Path, program: &str, paths: &[PathBuf], has_main: &[bool]) -> Option<usize> {
    let written = Path::new(program.strip_prefix("./").unwrap_or(program));
    if written.is_absolute() || written.parent().is_none_or(|d| d.as_os_str().is_empty()) {
        return None;
    }
    let mut found = (0..paths.len()).filter(|&i| {
        has_main[i]
            && paths[i]
                .strip_prefix(root)
                .is_ok_and(|r| r.with_extension("") == written)
    });
    let first = found.next()?;
    found.next().is_none().then_some(first)
}

fn no_such_program(root: &Path, name: &str, paths: &[PathBuf], has_main: &[bool]) -> SourceError {
    if !has_main.iter().any(|m| *m) {
        return SourceError::NoMain {
            place: "the program's sources".into(),
        };
    }
    SourceError::NoSuchProgram {
        name: name.to_string(),
        files: rel_list(
            root,
            (0..paths.len()).filter(|&i| has_main[i]).map(|i| &paths[i]),
        ),
    }
}

/// Paths relative to the tree, for messages (never the temporary directory).
fn rel_list<'a>(root: &Path, paths: impl Iterator<Item = &'a PathBuf>) -> String {
    paths
        .map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Which of `spec`'s units define `main`, decided on the parsed translation units
/// (macros expanded, `#if` decided by the program's flags, attributes and calling
/// conventions parsed) whenever the text leaves a doubt: a unit that never mentions
/// `main` cannot define it, and when exactly one does, it is the one.
fn mains(root: &Path, spec: &ProgramSpec) -> Result<Vec<bool>, SourceError> {
    let mut mentions = Vec::new();
    let mut conditional = Vec::new();
    for f in &spec.sources {
        let bytes = std::fs::read(f).map_err(|e| SourceError::Io {
            path: f.strip_prefix(root).unwrap_or(f).display().to_string(),
            source: e,
        })?;
        let text = super::source_text(&bytes);
        let mentions_it = mentions_main(&text);
        mentions.push(mentions_it);
        // Read only of a file that mentions `main` (the one case below).
        conditional.push(
            mentions_it
                && text.lines().any(|l| {
                    l.trim_start()
                        .strip_prefix('#')
                        .is_some_and(|d| d.trim_start().starts_with("if"))
                }),
        );
    }
    let mentioning: Vec<usize> = (0..mentions.len()).filter(|&i| mentions[i]).collect();
    match mentioning.as_slice() {
        [] => return Ok(mentions),
        // One file: it is the `main`, unless its `main` sits behind a conditional the
        // flags leave out (sds.c's `#ifdef SDS_TEST_MAIN`), which only the
        // preprocessor can tell.
        [one] if !conditional[*one] => return Ok(mentions),
        [one] => {
            let found = parsed_defines_main(root, &spec.sources[*one], spec).unwrap_or(true);
            mentions[*one] = found;
            return Ok(mentions);
        }
        _ => {}
    }
    // Each file's preprocessor run is independent: as many at once as there are cores.
    let next = std::sync::atomic::AtomicUsize::new(0);
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut found = vec![false; mentions.len()];
    let results: Vec<Vec<(usize, bool)>> = std::thread::scope(|sc| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                sc.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(f) = spec.sources.get(i) else { break };
                        if mentions[i] {
                            mine.push((i, parsed_defines_main(root, f, spec).unwrap_or(true)));
                        }
                    }
                    mine
                })
            })
            .collect();
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut done = 0;
    for (i, m) in results.into_iter().flatten() {
        found[i] = m;
        done += 1;
    }
    if done != mentions.iter().filter(|m| **m).count() {
        return Err(SourceError::Io {
            path: root.display().to_string(),
            source: std::io::Error::other("looking for `main` failed (a worker thread panicked)"),
        });
    }
    Ok(found)
}

/// Whether the preprocessed and parsed unit `file` defines `main` (None: it does not
/// preprocess or parse; loading it will say why).
fn parsed_defines_main(root: &Path, file: &Path, spec: &ProgramSpec) -> Option<bool> {
    let text = super::preprocess(root, file, spec).ok()?;
    if let Some(found) = scanned_defines_main(&text) {
        return Some(found);
    }
    let unit = super::parse_preprocessed(text).ok()?;
    Some(
        super::lower::defined_functions(&unit)
            .iter()
            .any(|n| n == "main"),
    )
}

/// Whether preprocessed `text` defines `main`, read from its tokens at file scope:
/// `main (…)` at brace depth zero followed by `{` is a definition, by `;` or `,` a
/// declaration. `None` when some `main` at file scope has any other shape (a K&R
/// parameter list, attributes after the declarator, a parenthesised name): the parser
/// decides those. Parsing a unit that includes a large header cost ten times its
/// preprocessing, and automatic mode asks this of every file that mentions `main`.
fn scanned_defines_main(text: &str) -> Option<bool> {
    let mut code = String::with_capacity(text.len());
    for line in text.split_inclusive('\n') {
        // Line markers and pragmas: directives left in preprocessed text.
        if line.trim_start().starts_with('#') {
            code.push('\n');
        } else {
            code.push_str(line);
        }
    }
    let code = strip_comments_and_strings(&code);
    let b = code.as_bytes();
    // Brace depth is counted from `from` on; a declaration's parameters are skipped.
    let (mut depth, mut from) = (0usize, 0usize);
    for at in main_words(&code) {
        if at < from {
            continue;
        }
        for &c in &b[from..at] {
            match c {
                b'{' => depth += 1,
                b'}' => depth = depth.saturating_sub(1),
                _ => {}
            }
        }
        from = at;
        if depth > 0 {
            continue;
        }
        let next = after_parens(b, at + 4)?;
        match b.get(next) {
            Some(b'{') => return Some(true),
            Some(b';' | b',') => from = next,
            _ => return None,
        }
    }
    Some(false)
}

/// The tree files one unit reads through `#include` (its preprocessor's line markers,
/// tree-relative); empty when it does not preprocess (loading it will say why).
fn included_files(root: &Path, file: &Path, spec: &ProgramSpec) -> Vec<String> {
    let Ok(text) = super::preprocess(root, file, spec) else {
        return Vec::new();
    };
    text.lines()
        .filter_map(super::marker_name)
        .filter(|n| !n.starts_with('<') && !Path::new(n).is_absolute())
        .map(str::to_string)
        .collect()
}

/// Whether the identifier `main` occurs outside comments and literals.
fn mentions_main(src: &str) -> bool {
    main_words(&strip_comments_and_strings(src))
        .next()
        .is_some()
}

/// Offsets of `main` as a whole identifier in `code` (comments and literals blanked).
fn main_words(code: &str) -> impl Iterator<Item = usize> + '_ {
    let b = code.as_bytes();
    let ident = |c: u8| c.is_ascii_alphanumeric() || c == b'_';
    code.match_indices("main")
        .map(|(at, _)| at)
        .filter(move |&at| {
            (at == 0 || !ident(b[at - 1])) && !b.get(at + 4).copied().is_some_and(ident)
        })
}

/// After `main` at `from`: the offset of the first byte that is not a space after the
/// parenthesised list that follows (past `b`'s end when it is not closed); `None` when
/// no `(` follows.
fn after_parens(b: &[u8], from: usize) -> Option<usize> {
    let skip_space = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let mut k = skip_space(from);
    if b.get(k) != Some(&b'(') {
        return None;
    }
    let mut depth = 0usize;
    while k < b.len() {
        match b[k] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    break;
                }
            }
            _ => {}
        }
        k += 1;
    }
    Some(skip_space(k + 1))
}

fn from_tree(root: &Path, program: &str, config: &Config) -> Result<ProgramSpec, SourceError> {
    let name = &program_stem(program);
    let mut files = Vec::new();
    collect_c_files(root, &mut files)?;
    files.sort();
    // A directory holding header files is a likely include path.
    let mut includes = vec![root.to_path_buf()];
    for d in ["include", "src", "inc"] {
        if root.join(d).is_dir() {
            includes.push(root.join(d));
        }
    }
    let mut probe = ProgramSpec {
        name: name.to_string(),
        sources: files.clone(),
        includes: includes.clone(),
        defines: config.defines.clone(),
        undefines: config.undefines.clone(),
        workdir: root.to_path_buf(),
        ..ProgramSpec::default()
    };
    probe
        .includes
        .extend(config.includes.iter().map(|i| root.join(i)));
    let has_main = mains(root, &probe)?;
    if !has_main.iter().any(|m| *m) {
        return Err(SourceError::NoMain {
            place: "the tree".into(),
        });
    }
    let main = match choose_main(root, name, &files, &has_main, |_| false) {
        Err(e @ SourceError::ManyMains { .. }) => {
            by_path(root, program, &files, &has_main).ok_or(e)?
        }
        r => r?,
    };
    // A `.c` file the program `#include`s (frozen's unit_test.c includes frozen.c) is
    // not linked again, as its build does not; asked of the preprocessor only when some
    // file of the tree includes a `.c` file.
    let included = match includes_a_c_file(&files) {
        true => included_files(root, &files[main], &probe),
        false => Vec::new(),
    };
    let linked = |i: usize| {
        let rel = files[i].strip_prefix(root).unwrap_or(&files[i]);
        !included.iter().any(|f| Path::new(f) == rel)
    };
    let sources: Vec<PathBuf> = (0..files.len())
        .filter(|&i| i == main || !has_main[i] && linked(i))
        .map(|i| files[i].clone())
        .collect();
    Ok(ProgramSpec {
        name: name.to_string(),
        optional: sources
            .iter()
            .filter(|f| **f != files[main])
            .cloned()
            .collect(),
        sources,
        includes,
        ..ProgramSpec::default()
    })
}

/// Whether a C file of `files`, or a header beside one, has an `#include` of a `.c`
/// file (a line check, before any preprocessing).
fn includes_a_c_file(files: &[PathBuf]) -> bool {
    let mut dirs: Vec<&Path> = files.iter().filter_map(|f| f.parent()).collect();
    dirs.sort();
    dirs.dedup();
    let headers = dirs.iter().flat_map(|d| {
        std::fs::read_dir(d)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.extension().is_some_and(|x| x == "h"))
    });
    files.iter().cloned().chain(headers).any(|f| {
        std::fs::read(&f).is_ok_and(|b| {
            String::from_utf8_lossy(&b).lines().any(|l| {
                let l = l.trim_start();
                l.starts_with('#')
                    && l[1..].trim_start().starts_with("include")
                    && (l.contains(".c\"") || l.contains(".c>"))
            })
        })
    })
}

fn collect_c_files(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), SourceError> {
    let rd = std::fs::read_dir(dir).map_err(|e| SourceError::Io {
        path: dir.display().to_string(),
        source: e,
    })?;
    for e in rd.flatten() {
        let p = e.path();
        let name = e.file_name();
        let name = name.to_string_lossy();
        if name.starts_with('.') {
            continue;
        }
        if p.is_dir() {
            collect_c_files(&p, out)?;
        } else if name.ends_with(".c") {
            out.push(p);
        }
    }
    Ok(())
}

/// Whether a C source text defines a function `main` (a cheap textual check that skips
/// comments and string literals; a declaration `int main(void);` does not count).
pub fn defines_main(src: &str) -> bool {
    let code = strip_comments_and_strings(src);
    let found = main_definitions(&code).next().is_some();
    found
}

/// Offsets in `code` (comments and literals blanked) of `main` where a definition
/// names it: not a call (the token before is a type name or the line start) and a
/// body follows the parameter list.
fn main_definitions(code: &str) -> impl Iterator<Item = usize> + '_ {
    let b = code.as_bytes();
    main_words(code).filter(move |&at| {
        let prev = code[..at].trim_end();
        let prev_ok = prev.is_empty()
            || prev.ends_with("int")
            || prev.ends_with("void")
            || prev.ends_with('}')
            || prev.ends_with(';')
            || prev.ends_with("*/");
        prev_ok && after_parens(b, at + 4).is_some_and(|k| b.get(k) == Some(&b'{'))
    })
}

/// The macro whose definition a file's `main` needs, when the definition sits inside
/// `#ifdef NAME`, `#if NAME` or `#if defined(NAME)` (the innermost such; sds.c's
/// `#ifdef SDS_TEST_MAIN`): what a test build passes with `-D`.
fn main_guard(src: &str) -> Option<String> {
    let code = strip_comments_and_strings(src);
    let at = main_definitions(&code).next()?;
    let ident = |s: &str| {
        let s = s.trim();
        (!s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .then(|| s.to_string())
    };
    let mut stack: Vec<Option<String>> = Vec::new();
    for line in code[..at].lines() {
        let Some(d) = line.trim_start().strip_prefix('#') else {
            continue;
        };
        let d = d.trim_start();
        if let Some(rest) = d.strip_prefix("ifdef") {
            stack.push(ident(rest));
        } else if d.starts_with("ifndef") {
            stack.push(None);
        } else if let Some(rest) = d.strip_prefix("if") {
            let rest = rest.trim();
            let inner = rest
                .strip_prefix("defined")
                .map(|r| r.trim().trim_start_matches('(').trim_end_matches(')'))
                .unwrap_or(rest);
            stack.push(ident(inner));
        } else if d.starts_with("el") {
            if let Some(top) = stack.last_mut() {
                *top = None;
            }
        } else if d.starts_with("endif") {
            stack.pop();
        }
    }
    stack.into_iter().rev().flatten().next()
}

fn strip_comments_and_strings(src: &str) -> String {
    let b = src.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'*' {
            i += 2;
            while i + 1 < b.len() && !(b[i] == b'*' && b[i + 1] == b'/') {
                i += 1;
            }
            i += 2;
            out.push(b' ');
        } else if b[i] == b'/' && i + 1 < b.len() && b[i + 1] == b'/' {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i] == b'"' || b[i] == b'\'' {
            let q = b[i];
            i += 1;
            while i < b.len() && b[i] != q {
                if b[i] == b'\\' {
                    i += 1;
                }
                i += 1;
            }
            i += 1;
            out.extend_from_slice(b"\"\"");
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The define a file's `main` sits behind: `#ifdef`, `#if NAME`, `#if defined`,
    /// the innermost of nested ones; none behind `#ifndef`, in an `#else`, or when
    /// `main` is not guarded.
    #[test]
    fn the_define_selecting_a_files_main_is_read_from_its_guard() {
        let guard = |s: &str| main_guard(s);
        assert_eq!(
            guard("int f(void) { return 0; }\n#ifdef SDS_TEST_MAIN\nint main(void) {\n  return f();\n}\n#endif\n").as_deref(),
            Some("SDS_TEST_MAIN")
        );
        assert_eq!(
            guard("#if defined(TESTS_MAIN)\nint main(void) { return 0; }\n#endif\n").as_deref(),
            Some("TESTS_MAIN")
        );
        assert_eq!(
            guard("#ifdef A\n#if B\nint main(void) { return 0; }\n#endif\n#endif\n").as_deref(),
            Some("B")
        );
        assert_eq!(
            guard("#ifdef A\n#endif\n#if X > 1\nint main(void) { return 0; }\n#endif\n"),
            None
        );
        assert_eq!(
            guard("#ifndef LIB\nint main(void) { return 0; }\n#endif\n"),
            None
        );
        assert_eq!(
            guard("#ifdef WIN\nint x;\n#else\nint main(void) { return 0; }\n#endif\n"),
            None
        );
        assert_eq!(
            guard("/* #ifdef C */\nint main(void) { return 0; }\n"),
            None
        );
    }

    #[test]
    fn main_is_found_in_preprocessed_tokens_or_left_to_the_parser() {
        let cases: [(&str, Option<bool>); 9] = [
            ("int main(void) { return 0; }", Some(true)),
            (
                "# 1 \"t.c\"\nint __attribute__((cdecl)) main (int c, char **v)\n{\n}",
                Some(true),
            ),
            ("int main(int, char **);\nint x = 1;", Some(false)),
            (
                "int remain(void) { return main_x; }\nconst char *s = \"main() {\";",
                Some(false),
            ),
            ("int f(void) { return main(); }", Some(false)),
            ("/* int main(void) { */ int g;", Some(false)),
            (
                "int main(argc, argv) int argc; char **argv; { return 0; }",
                None,
            ),
            ("int main(void) __attribute__((used));", None),
            ("int (main)(void) { return 0; }", None),
        ];
        for (text, want) in cases {
            assert_eq!(scanned_defines_main(text), want, "{text}");
        }
    }

    #[test]
    fn detects_main_definitions() {
        assert!(defines_main("int main(void) { return 0; }"));
        assert!(defines_main("int\nmain (int argc, char **argv)\n{\n}"));
        assert!(!defines_main("int main(void);"));
        assert!(!defines_main(
            "/* int main() {} */ int f(void) { return main2(); }"
        ));
        assert!(!defines_main("void g(void) { \"int main() {}\"; }"));
    }

    /// A tree of `files` (path, text) in a temporary directory.
    fn tree(files: &[(&str, &str)]) -> tempfile::TempDir {
        let d = tempfile::tempdir().expect("tempdir");
        for (p, t) in files {
            let p = d.path().join(p);
            std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
            std::fs::write(p, t).expect("write");
        }
        d
    }

    fn rel(root: &Path, spec: &ProgramSpec) -> Vec<String> {
        let mut v: Vec<String> = spec
            .sources
            .iter()
            .map(|p| p.strip_prefix(root).unwrap_or(p).display().to_string())
            .collect();
        v.sort();
        v
    }

    const MAIN: &str = "int main(void) { return 0; }\n";
    const LIB: &str = "int f(void) { return 1; }\n";

    fn db(units: &[(&str, &[&str], Option<&str>)]) -> Config {
        Config {
            compile_commands: Some(CompileDb {
                path: "build/compile_commands.json".into(),
                units: units
                    .iter()
                    .map(|(f, flags, out)| CompileUnit {
                        file: f.to_string(),
                        flags: flags.iter().map(|s| s.to_string()).collect(),
                        output: out.map(str::to_string),
                        target: out.and_then(|o| {
                            o.split_once("CMakeFiles/")
                                .and_then(|(_, r)| r.split_once(".dir/"))
                                .map(|(t, _)| t.to_string())
                        }),
                    })
                    .collect(),
            }),
            from: vec!["command line".into()],
            ..Config::default()
        }
    }

    #[test]
    fn a_cmake_target_links_its_units_and_the_libraries() {
        let d = tree(&[("lib.c", LIB), ("t1.c", MAIN), ("t2.c", MAIN), ("h.c", LIB)]);
        let c = db(&[
            ("lib.c", &[], Some("CMakeFiles/lib.dir/lib.c.o")),
            ("t1.c", &[], Some("CMakeFiles/t1.dir/t1.c.o")),
            ("h.c", &["-DX"], Some("CMakeFiles/t1.dir/h.c.o")),
            ("t2.c", &[], Some("CMakeFiles/t2.dir/t2.c.o")),
        ]);
        let s = find_program(d.path(), &c, "./build/t1").expect("t1");
        assert_eq!(rel(d.path(), &s), ["h.c", "lib.c", "t1.c"]);
        let s = find_program(d.path(), &c, "t2").expect("t2");
        assert_eq!(rel(d.path(), &s), ["lib.c", "t2.c"]);
        let e = find_program(d.path(), &c, "t3").expect_err("no t3");
        assert!(matches!(e, SourceError::NoSuchProgram { .. }), "{e}");
        // A test that includes the library's `.c` file does not link it again.
        let d = tree(&[
            ("lib.c", LIB),
            ("tests/common.h", "#include \"../lib.c\"\n"),
            (
                "tests/t.c",
                "#include \"common.h\"\nint main(void) { return f(); }\n",
            ),
        ]);
        let c = db(&[
            ("lib.c", &[], Some("CMakeFiles/lib.dir/lib.c.o")),
            ("tests/t.c", &[], Some("CMakeFiles/t.dir/tests/t.c.o")),
        ]);
        let s = find_program(d.path(), &c, "t").expect("t");
        assert_eq!(rel(d.path(), &s), ["tests/t.c"]);
    }

    /// Automatic mode: a test that includes the library's `.c` file (frozen's
    /// unit_test.c includes frozen.c) does not link it again; without such an include
    /// the library is linked.
    #[test]
    fn automatic_mode_does_not_link_a_c_file_the_test_includes() {
        let test = "#include \"lib.c\"\nint main(void) { return f(); }\n";
        let d = tree(&[
            ("lib.c", LIB),
            ("unit_test.c", test),
            ("other.c", LIB.replace('f', "g").as_str()),
        ]);
        let s = find_program(d.path(), &Config::default(), "./unit_test").expect("unit_test");
        assert_eq!(rel(d.path(), &s), ["other.c", "unit_test.c"]);
        let d = tree(&[("lib.c", LIB), ("unit_test.c", MAIN)]);
        let s = find_program(d.path(), &Config::default(), "./unit_test").expect("unit_test");
        assert_eq!(rel(d.path(), &s), ["lib.c", "unit_test.c"]);
    }

    /// Two files of one name define `main` (cargs' demo/main.c and test/main.c): the
    /// name alone is ambiguous and the error says how to choose; the path in the tree
    /// chooses, with or without `./`, and a path naming neither still fails.
    #[test]
    fn two_mains_of_one_name_are_told_apart_by_their_path() {
        let d = tree(&[("lib.c", LIB), ("demo/main.c", MAIN), ("test/main.c", MAIN)]);
        let e = find_program(d.path(), &Config::default(), "./main").expect_err("ambiguous");
        assert!(e.to_string().contains("-- ./dir/main"), "{e}");
        for name in ["./test/main", "test/main"] {
            let s = find_program(d.path(), &Config::default(), name).expect("test/main");
            assert_eq!(rel(d.path(), &s), ["lib.c", "test/main.c"], "{name}");
        }
        let s = find_program(d.path(), &Config::default(), "demo/main").expect("demo/main");
        assert_eq!(rel(d.path(), &s), ["demo/main.c", "lib.c"]);
        let e = find_program(d.path(), &Config::default(), "./other/main").expect_err("none");
        assert!(matches!(e, SourceError::ManyMains { .. }), "{e}");
    }

    #[test]
    fn a_one_step_build_is_chosen_by_its_output_with_its_own_flags() {
        let d = tree(&[("ini.c", LIB), ("tests/unit.c", MAIN)]);
        let c = db(&[
            ("ini.c", &[], Some("tests/unit_multi")),
            ("tests/unit.c", &[], Some("tests/unit_multi")),
            ("ini.c", &["-DMAX=20"], Some("tests/unit_max")),
            ("tests/unit.c", &["-DMAX=20"], Some("tests/unit_max")),
        ]);
        let s = find_program(d.path(), &c, "./unit_max").expect("unit_max");
        assert_eq!(rel(d.path(), &s), ["ini.c", "tests/unit.c"]);
        assert!(s.unit_flags.iter().all(|f| f == &["-DMAX=20"]), "{s:?}");
        let s = find_program(d.path(), &c, "./unit_multi").expect("unit_multi");
        assert!(s.unit_flags.iter().all(|f| f.is_empty()), "{s:?}");
    }

    #[test]
    fn make_objects_pick_the_main_by_name() {
        let d = tree(&[("lib.c", LIB), ("a.c", MAIN), ("b.c", MAIN)]);
        let c = db(&[
            ("lib.c", &[], Some("lib.o")),
            ("a.c", &[], Some("a.o")),
            ("b.c", &[], Some("b.o")),
        ]);
        let s = find_program(d.path(), &c, "./b").expect("b");
        assert_eq!(rel(d.path(), &s), ["b.c", "lib.c"]);
        assert!(find_program(d.path(), &c, "./c").is_err());
    }

    #[test]
    fn main_is_read_from_the_parsed_unit_when_several_files_mention_it() {
        let d = tree(&[
            ("a.c", "#define CDECL\nint CDECL main(void) { return 0; }\n"),
            (
                "b.c",
                "#ifdef B_MAIN\nint main(void) { return 1; }\n#endif\nint g(void) { return 2; }\n",
            ),
        ]);
        let none = Config::default();
        let s = find_program(d.path(), &none, "a").expect("a");
        assert_eq!(
            rel(d.path(), &s),
            ["a.c", "b.c"],
            "b.c has no main without B_MAIN"
        );
        let e = find_program(d.path(), &none, "b").expect_err("b has no main");
        assert!(e.to_string().contains("a.c"), "{e}");
        let with_b = Config {
            defines: vec!["B_MAIN".into()],
            from: vec!["command line".into()],
            ..Config::default()
        };
        let s = find_program(d.path(), &with_b, "b").expect("b");
        assert_eq!(rel(d.path(), &s), ["b.c"]);
    }
}
