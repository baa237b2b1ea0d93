//! Helpers shared by the integration tests: finding the corpus, running gcc.
#![allow(dead_code)]

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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
}

pub fn corpus(dir: &str) -> Vec<CProgram> {
    let base = root().join("tests/c").join(dir);
    let mut out = Vec::new();
    let mut entries: Vec<PathBuf> = std::fs::read_dir(&base)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    entries.sort();
    for p in entries {
        let (files, case_file) = if p.is_dir() {
            let mut fs: Vec<PathBuf> = std::fs::read_dir(&p)
                .unwrap()
                .flatten()
                .map(|e| e.path())
                .filter(|f| f.extension().map(|x| x == "c").unwrap_or(false))
                .collect();
            fs.sort();
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
        });
    }
    out
}

pub struct Native {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// exit status, or 128 + signal
    pub status: i32,
}

pub fn gcc(files: &[PathBuf], out: &Path) -> Result<(), String> {
    let o = Command::new("gcc")
        .args(["-std=gnu11", "-O0", "-w", "-o"])
        .arg(out)
        // Relative names, as regcause sees them, so that __FILE__ agrees.
        .args(files.iter().map(|f| f.strip_prefix(root()).unwrap_or(f)))
        .current_dir(root())
        .arg("-lm")
        .output()
        .map_err(|e| e.to_string())?;
    if o.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&o.stderr).into_owned())
    }
}

pub fn run_native(exe: &Path, argv0: &str, case: &Case, cwd: &Path) -> Native {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut child = Command::new(exe)
        .arg0(argv0)
        .args(&case.args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn native program");
    let mut si = child.stdin.take().unwrap();
    let data = case.stdin.clone().into_bytes();
    let writer = std::thread::spawn(move || {
        let _ = si.write_all(&data);
    });
    let o = child.wait_with_output().expect("wait native program");
    let _ = writer.join();
    let status = match (o.status.code(), o.status.signal()) {
        (Some(c), _) => c,
        (None, Some(s)) => 128 + s,
        _ => -1,
    };
    Native {
        stdout: o.stdout,
        stderr: o.stderr,
        status,
    }
}

/// Line numbers of lines carrying `marker` in a file, with the rest of the line.
pub fn annotations(files: &[PathBuf], marker: &str) -> Vec<(String, u32, String)> {
    let mut out = Vec::new();
    for f in files {
        let text = std::fs::read_to_string(f).unwrap();
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
