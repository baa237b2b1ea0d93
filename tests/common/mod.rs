//! Helpers shared by the integration tests: finding the corpus, running gcc (through the
//! dev-only crate `regcause-dev`), snapshot files.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The regcause binary built for this test run.
pub fn bin() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_git-regcause"))
}

#[derive(Debug, Default, Clone, serde::Deserialize)]
pub struct Case {
    #[serde(default)]
    pub args: Vec<String>,
    #[serde(default)]
    pub stdin: String,
    /// The environment as NAME=VALUE strings: when set, the native run gets exactly
    /// these (not the environment the tests run in) and regcause the same `--env`.
    #[serde(default)]
    pub env: Option<Vec<String>>,
}

impl Case {
    /// The case's environment as (NAME, VALUE) pairs for `RunInput::env`.
    pub fn env_pairs(&self) -> Vec<(Vec<u8>, Vec<u8>)> {
        self.env
            .iter()
            .flatten()
            .filter_map(|v| v.split_once('='))
            .map(|(n, v)| (n.as_bytes().to_vec(), v.as_bytes().to_vec()))
            .collect()
    }
}

#[derive(Debug, Default, serde::Deserialize)]
pub struct Cases {
    #[serde(default)]
    pub case: Vec<Case>,
}

/// A corpus program: its C files and its cases.
pub struct CProgram {
    pub name: String,
    pub files: Vec<PathBuf>,
    pub cases: Vec<Case>,
    /// Input files beside a folder program's sources (not `.c`, `.h` or `cases.toml`),
    /// which its cases open by relative name: see `stage_data`.
    pub data: Vec<PathBuf>,
}

/// Copies a program's data files into a run's working directory.
pub fn stage_data(p: &CProgram, dir: &Path) -> Result<(), String> {
    for f in &p.data {
        let name = f
            .file_name()
            .ok_or_else(|| format!("{}: no file name", f.display()))?;
        std::fs::copy(f, dir.join(name)).map_err(|e| format!("copy {}: {e}", f.display()))?;
    }
    Ok(())
}

pub fn corpus(dir: &str) -> Vec<CProgram> {
    let base = root().join("tests/c").join(dir);
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&base)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for p in entries {
        let mut data = Vec::new();
        let (files, case_file) = if p.is_dir() {
            let mut fs: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|f| f.extension().map(|x| x == "c").unwrap_or(false))
                .collect();
            fs.sort();
            data = std::fs::read_dir(&p)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|f| {
                    f.is_file()
                        && !matches!(f.extension().and_then(|x| x.to_str()), Some("c" | "h"))
                        && f.file_name().is_some_and(|n| n != "cases.toml")
                })
                .collect();
            data.sort();
            (fs, p.join("cases.toml"))
        } else if p.extension().map(|x| x == "c").unwrap_or(false) {
            (vec![p.clone()], p.with_extension("toml"))
        } else {
            continue;
        };
        let cases = match std::fs::read_to_string(&case_file) {
            Ok(t) => {
                toml::from_str::<Cases>(&t)
                    .unwrap_or_else(|e| panic!("{}: {e}", case_file.display()))
                    .case
            }
            Err(_) => Vec::new(),
        };
        let cases = if cases.is_empty() {
            vec![Case::default()]
        } else {
            cases
        };
        out.push(CProgram {
            name: p.file_stem().unwrap().to_string_lossy().into_owned(),
            files,
            cases,
            data,
        });
    }
    out
}

pub use regcause_dev::native::Native;
#[allow(unused_imports)] // used by some test crates, not all
pub use regcause_dev::samples;

/// gcc -O0 on corpus files, named relative to the repository root as regcause sees them
/// (so `__FILE__` agrees).
pub fn gcc(files: &[PathBuf], out: &Path) -> Result<(), String> {
    regcause_dev::native::gcc(&root(), files, out)
}

pub fn run_native(exe: &Path, argv0: &str, case: &Case, cwd: &Path) -> Native {
    let env = case.env.as_deref();
    regcause_dev::native::run_env(exe, argv0, &case.args, case.stdin.as_bytes(), cwd, env)
        .unwrap_or_else(|e| panic!("native run: {e}"))
}

/// Whether snapshot tests rewrite their expected files instead of comparing.
pub fn blessing() -> bool {
    std::env::var_os("REGCAUSE_BLESS").is_some_and(|v| !v.is_empty() && v != "0")
}

/// Makes diagnostics independent of where the repository and the temp dir are.
pub fn normalise(text: &str) -> String {
    let root = root().display().to_string();
    let tmp = std::env::temp_dir().display().to_string();
    let mut out = text
        .replace(&format!("{root}/"), "")
        .replace(&root, "$ROOT");
    if tmp.len() > 1 {
        out = out.replace(tmp.trim_end_matches('/'), "$TMP");
    }
    // Deep recursion repeats one stack line hundreds of thousands of times: keep two
    // and count the rest, so the snapshot stays readable and still pins the depth.
    let mut lines: Vec<String> = Vec::new();
    let mut iter = out.lines().peekable();
    while let Some(l) = iter.next() {
        let mut n = 1;
        while iter.peek() == Some(&l) {
            iter.next();
            n += 1;
        }
        lines.push(l.to_string());
        if n >= 2 {
            lines.push(l.to_string());
        }
        if n > 2 {
            lines.push(format!("[previous line repeated {} more times]", n - 2));
        }
    }
    let mut out = lines.join("\n");
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// Compares `actual` with the snapshot file `expected`, or writes it when blessing.
/// The error shows a line diff and says how to re-bless.
pub fn check_snapshot(expected: &Path, actual: &str) -> Result<(), String> {
    if blessing() {
        return std::fs::write(expected, actual)
            .map_err(|e| format!("cannot write {}: {e}", expected.display()));
    }
    let shown = expected.strip_prefix(root()).unwrap_or(expected).display();
    let want = match std::fs::read_to_string(expected) {
        Ok(t) => t,
        Err(e) => {
            return Err(format!(
                "snapshot {shown} is missing ({e}); create it with REGCAUSE_BLESS=1 and review it. \
                 Actual:\n{actual}"
            ))
        }
    };
    if want == actual {
        return Ok(());
    }
    let diff = similar::TextDiff::from_lines(want.as_str(), actual);
    let mut msg =
        format!("snapshot {shown} differs (- expected, + actual; REGCAUSE_BLESS=1 re-blesses):\n");
    for change in diff.iter_all_changes() {
        let sign = match change.tag() {
            similar::ChangeTag::Delete => '-',
            similar::ChangeTag::Insert => '+',
            similar::ChangeTag::Equal => ' ',
        };
        msg.push(sign);
        msg.push_str(&change.to_string());
        if change.missing_newline() {
            msg.push('\n');
        }
    }
    Err(msg)
}

/// Line numbers of lines carrying `marker` in a file, with the rest of the line.
pub fn annotations(files: &[PathBuf], marker: &str) -> Vec<(String, u32, String)> {
    let mut out = Vec::new();
    for f in files {
        // Sources are bytes (a Latin-1 comment is valid C): read them lossily.
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        for (i, l) in text.lines().enumerate() {
            if let Some(pos) = l.find(marker) {
                out.push((
                    f.file_name().unwrap().to_string_lossy().into_owned(),
                    i as u32 + 1,
                    l[pos + marker.len()..].trim().to_string(),
                ));
            }
        }
    }
    out
}

/// Run the regcause binary in `dir` with `args`.
pub fn git_regcause<S: AsRef<std::ffi::OsStr>>(dir: &Path, args: &[S]) -> std::process::Output {
    std::process::Command::new(bin())
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run git-regcause")
}

/// Run git in `repo` with a fixed identity, assert it succeeded, and return its stdout.
pub fn git(repo: &Path, args: &[&str]) -> String {
    let o = std::process::Command::new("git")
        .args(args)
        .current_dir(repo)
        .env("GIT_AUTHOR_NAME", "t")
        .env("GIT_AUTHOR_EMAIL", "t@example.com")
        .env("GIT_COMMITTER_NAME", "t")
        .env("GIT_COMMITTER_EMAIL", "t@example.com")
        .output()
        .expect("run git");
    assert!(o.status.success(), "git {args:?}: {}", text(&o.stderr));
    text(&o.stdout)
}

/// What makes `v` fail the JSON Schema at `schema` (a path under the repository root),
/// one message per error with where it is; empty when `v` is valid. Formats (`uri`,
/// `uri-reference`) are checked too.
pub fn schema_errors(schema: &str, v: &serde_json::Value) -> Vec<String> {
    let text = std::fs::read_to_string(root().join(schema)).expect("read schema");
    let schema: serde_json::Value = serde_json::from_str(&text).expect("schema is JSON");
    let validator = jsonschema::options()
        .should_validate_formats(true)
        .build(&schema)
        .expect("a valid schema");
    validator
        .iter_errors(v)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

/// The JSON report of a main command that exited 0 (a regression explained), held to
/// the report schema.
pub fn checked_report(o: &std::process::Output) -> serde_json::Value {
    assert_eq!(
        o.status.code(),
        Some(0),
        "stdout:\n{}\nstderr:\n{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let errs = schema_errors("docs/report.schema.json", &v);
    assert!(errs.is_empty(), "{errs:?}");
    v
}

/// Bytes a process printed, as text for messages and assertions.
pub fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}
