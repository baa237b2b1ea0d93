//! Finding the sources of a program in a tree: `compile_commands.json`, else
//! `regcause.toml`, else the `.c` files of the tree when exactly one defines `main`.

use std::path::{Path, PathBuf};

use serde::Deserialize;

/// What to preprocess and lower for one program.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProgramSpec {
    pub name: String,
    /// Absolute paths of the translation units.
    pub sources: Vec<PathBuf>,
    /// Absolute `-I` directories.
    pub includes: Vec<PathBuf>,
    /// `-D` definitions (`NAME` or `NAME=VALUE`).
    pub defines: Vec<String>,
    /// The directory the program runs in (the tree root).
    pub workdir: PathBuf,
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
    #[error("no program named `{name}` in {config}; it defines: {known}")]
    UnknownProgram {
        name: String,
        config: String,
        known: String,
    },
    #[error("no C source file defines `main` in the tree; add a regcause.toml naming the program's sources")]
    NoMain,
    #[error("several C files define `main` ({files}); add a regcause.toml or compile_commands.json naming each program's sources")]
    ManyMains { files: String },
}

#[derive(Deserialize)]
struct TomlConfig {
    #[serde(default)]
    program: Vec<TomlProgram>,
}

#[derive(Deserialize)]
struct TomlProgram {
    name: String,
    sources: Vec<String>,
    #[serde(default)]
    include: Vec<String>,
    #[serde(default)]
    defines: Vec<String>,
}

#[derive(Deserialize)]
struct CompileCommand {
    #[serde(default)]
    directory: Option<String>,
    file: String,
    #[serde(default)]
    arguments: Option<Vec<String>>,
    #[serde(default)]
    command: Option<String>,
}

fn read(path: &Path) -> Result<String, SourceError> {
    std::fs::read_to_string(path).map_err(|e| SourceError::Io {
        path: path.display().to_string(),
        source: e,
    })
}

/// The stem of the program named on the command line (`./bin/tcas` -> `tcas`).
pub fn program_stem(program: &str) -> String {
    Path::new(program)
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| program.to_string())
}

/// Find the sources of `program` (as named after `--` on the command line) in `root`.
pub fn find_program(root: &Path, program: &str) -> Result<ProgramSpec, SourceError> {
    let name = program_stem(program);
    let cc = root.join("compile_commands.json");
    if cc.is_file() {
        return from_compile_commands(root, &cc, &name);
    }
    let rt = root.join("regcause.toml");
    if rt.is_file() {
        return from_regcause_toml(root, &rt, &name);
    }
    from_tree(root, &name)
}

fn from_regcause_toml(root: &Path, path: &Path, name: &str) -> Result<ProgramSpec, SourceError> {
    let text = read(path)?;
    let cfg: TomlConfig = toml::from_str(&text).map_err(|e| SourceError::BadConfig {
        path: "regcause.toml".into(),
        msg: e.to_string(),
    })?;
    let chosen = if cfg.program.len() == 1 {
        cfg.program.first()
    } else {
        cfg.program.iter().find(|p| p.name == name)
    };
    let Some(p) = chosen else {
        return Err(SourceError::UnknownProgram {
            name: name.into(),
            config: "regcause.toml".into(),
            known: cfg
                .program
                .iter()
                .map(|p| p.name.as_str())
                .collect::<Vec<_>>()
                .join(", "),
        });
    };
    Ok(ProgramSpec {
        name: p.name.clone(),
        sources: p.sources.iter().map(|s| root.join(s)).collect(),
        includes: p.include.iter().map(|s| root.join(s)).collect(),
        defines: p.defines.clone(),
        workdir: root.to_path_buf(),
    })
}

fn from_compile_commands(root: &Path, path: &Path, name: &str) -> Result<ProgramSpec, SourceError> {
    let text = read(path)?;
    let cmds: Vec<CompileCommand> =
        serde_json::from_str(&text).map_err(|e| SourceError::BadConfig {
            path: "compile_commands.json".into(),
            msg: e.to_string(),
        })?;
    let mut units: Vec<(PathBuf, bool)> = Vec::new();
    let mut includes = Vec::new();
    let mut defines = Vec::new();
    for c in &cmds {
        // Directories recorded on another machine do not exist here: fall back to the root.
        let dir = match &c.directory {
            Some(d) if Path::new(d).is_absolute() && Path::new(d).is_dir() => PathBuf::from(d),
            Some(d) if !Path::new(d).is_absolute() => root.join(d),
            _ => root.to_path_buf(),
        };
        let file = if Path::new(&c.file).is_absolute() && Path::new(&c.file).is_file() {
            PathBuf::from(&c.file)
        } else {
            dir.join(&c.file)
        };
        let args: Vec<String> = match (&c.arguments, &c.command) {
            (Some(a), _) => a.clone(),
            (None, Some(cmd)) => cmd.split_whitespace().map(String::from).collect(),
            _ => Vec::new(),
        };
        let mut it = args.iter().peekable();
        while let Some(a) = it.next() {
            if let Some(rest) = a.strip_prefix("-I") {
                let d = if rest.is_empty() {
                    it.next().cloned().unwrap_or_default()
                } else {
                    rest.to_string()
                };
                let p = dir.join(d);
                if !includes.contains(&p) {
                    includes.push(p);
                }
            } else if let Some(rest) = a.strip_prefix("-D") {
                let d = if rest.is_empty() {
                    it.next().cloned().unwrap_or_default()
                } else {
                    rest.to_string()
                };
                if !defines.contains(&d) {
                    defines.push(d);
                }
            }
        }
        let has_main = defines_main(&read(&file)?);
        units.push((file, has_main));
    }
    let sources = choose_units(units, name)?;
    Ok(ProgramSpec {
        name: name.to_string(),
        sources,
        includes,
        defines,
        workdir: root.to_path_buf(),
    })
}

/// Keep the units without `main` and the one unit with `main` that belongs to `name`.
fn choose_units(units: Vec<(PathBuf, bool)>, name: &str) -> Result<Vec<PathBuf>, SourceError> {
    let mains: Vec<&PathBuf> = units.iter().filter(|u| u.1).map(|u| &u.0).collect();
    let main = match mains.len() {
        0 => return Err(SourceError::NoMain),
        1 => mains[0].clone(),
        _ => match mains
            .iter()
            .find(|m| m.file_stem().map(|s| s == name).unwrap_or(false))
        {
            Some(m) => (*m).clone(),
            None => {
                return Err(SourceError::ManyMains {
                    files: mains
                        .iter()
                        .map(|m| m.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", "),
                })
            }
        },
    };
    Ok(units
        .into_iter()
        .filter(|u| !u.1 || u.0 == main)
        .map(|u| u.0)
        .collect())
}

fn from_tree(root: &Path, name: &str) -> Result<ProgramSpec, SourceError> {
    let mut files = Vec::new();
    collect_c_files(root, &mut files)?;
    files.sort();
    let mut units = Vec::new();
    for f in files {
        let has_main = defines_main(&read(&f)?);
        units.push((f, has_main));
    }
    // A directory holding header files is a likely include path.
    let mut includes = vec![root.to_path_buf()];
    for d in ["include", "src", "inc"] {
        if root.join(d).is_dir() {
            includes.push(root.join(d));
        }
    }
    let sources = choose_units(units, name)?;
    Ok(ProgramSpec {
        name: name.to_string(),
        sources,
        includes,
        defines: Vec::new(),
        workdir: root.to_path_buf(),
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
    let b = code.as_bytes();
    let mut i = 0;
    while let Some(pos) = code[i..].find("main") {
        let s = i + pos;
        let e = s + 4;
        i = e;
        let before_ok = s == 0 || !(b[s - 1].is_ascii_alphanumeric() || b[s - 1] == b'_');
        let after_ok = e >= b.len() || !(b[e].is_ascii_alphanumeric() || b[e] == b'_');
        if !before_ok || !after_ok {
            continue;
        }
        let mut j = e;
        while j < b.len() && b[j].is_ascii_whitespace() {
            j += 1;
        }
        if j >= b.len() || b[j] != b'(' {
            continue;
        }
        // Not a call: the previous token must be a type name or the line start.
        let prev = code[..s].trim_end();
        let prev_ok = prev.is_empty()
            || prev.ends_with("int")
            || prev.ends_with("void")
            || prev.ends_with('}')
            || prev.ends_with(';')
            || prev.ends_with("*/");
        if !prev_ok {
            continue;
        }
        let mut depth = 0;
        let mut k = j;
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
        k += 1;
        while k < b.len() && b[k].is_ascii_whitespace() {
            k += 1;
        }
        if k < b.len() && b[k] == b'{' {
            return true;
        }
    }
    false
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
}
