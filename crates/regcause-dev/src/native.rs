//! Native runs of the C test corpus: compile with gcc -O0 and run with given argv and
//! stdin, the reference the interpreter must agree with.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// What a native run produced.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Native {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    /// exit status, or 128 + signal (as a shell reports it)
    pub status: i32,
}

/// Compiles `files` with `gcc -std=gnu11 -O0` into `out`. The files are named relative
/// to `root` and gcc runs there, so `__FILE__` reads as regcause reports it. Returns
/// gcc's diagnostics on failure.
pub fn gcc(root: &Path, files: &[PathBuf], out: &Path) -> Result<(), String> {
    let o = Command::new("gcc")
        .args(["-std=gnu11", "-O0", "-w", "-o"])
        .arg(out)
        .args(files.iter().map(|f| f.strip_prefix(root).unwrap_or(f)))
        .current_dir(root)
        .arg("-lm")
        .output()
        .map_err(|e| format!("cannot run gcc: {e}"))?;
    if o.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&o.stderr).into_owned())
    }
}

/// Runs `exe` as `argv0 args...` in `cwd` with `stdin` as its standard input.
pub fn run(
    exe: &Path,
    argv0: &str,
    args: &[String],
    stdin: &[u8],
    cwd: &Path,
) -> Result<Native, String> {
    run_env(exe, argv0, args, stdin, cwd, None)
}

/// [`run`] with, when `env` is given, exactly that environment (NAME=VALUE strings)
/// instead of the one inherited, as regcause's controlled environment is.
pub fn run_env(
    exe: &Path,
    argv0: &str,
    args: &[String],
    stdin: &[u8],
    cwd: &Path,
    env: Option<&[String]>,
) -> Result<Native, String> {
    use std::os::unix::process::{CommandExt, ExitStatusExt};
    let mut cmd = Command::new(exe);
    if let Some(vars) = env {
        cmd.env_clear()
            .envs(vars.iter().filter_map(|v| v.split_once('=')));
    }
    let mut child = cmd
        .arg0(argv0)
        .args(args)
        .current_dir(cwd)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start {}: {e}", exe.display()))?;
    // Feed stdin on a thread: a program that writes before reading must not deadlock us.
    let writer = child.stdin.take().map(|mut si| {
        let data = stdin.to_vec();
        std::thread::spawn(move || {
            // A program may exit without reading all its input; that is not an error.
            let _ = si.write_all(&data);
        })
    });
    let o = child
        .wait_with_output()
        .map_err(|e| format!("cannot wait for {}: {e}", exe.display()))?;
    if let Some(w) = writer {
        let _ = w.join();
    }
    let status = match (o.status.code(), o.status.signal()) {
        (Some(c), _) => c,
        (None, Some(s)) => 128 + s,
        _ => -1,
    };
    Ok(Native {
        stdout: o.stdout,
        stderr: o.stderr,
        status,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compiles_and_runs_with_argv0_stdin_and_status() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("t.c");
        std::fs::write(
            &src,
            "#include <stdio.h>\nint main(int c, char **v) { int x = 0; scanf(\"%d\", &x);\n\
             printf(\"%s %d %d\\n\", v[0], c, x); fprintf(stderr, \"e\"); return 3; }\n",
        )
        .unwrap();
        let exe = dir.path().join("t");
        gcc(dir.path(), &[src], &exe).unwrap();
        let n = run(&exe, "./p", &["a".into()], b"41", dir.path()).unwrap();
        assert_eq!(n.stdout, b"./p 2 41\n");
        assert_eq!(n.stderr, b"e");
        assert_eq!(n.status, 3);
    }

    #[test]
    fn a_signal_reads_as_128_plus_its_number() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("t.c");
        std::fs::write(&src, "#include <stdlib.h>\nint main(void) { abort(); }\n").unwrap();
        let exe = dir.path().join("t");
        gcc(dir.path(), &[src], &exe).unwrap();
        let n = run(&exe, "t", &[], b"", dir.path()).unwrap();
        assert_eq!(n.status, 128 + 6);
    }

    #[test]
    fn gcc_failure_returns_its_diagnostics() {
        let dir = tempfile::tempdir().unwrap();
        let src = dir.path().join("bad.c");
        std::fs::write(&src, "int main(void) { return }\n").unwrap();
        let err = gcc(dir.path(), &[src], &dir.path().join("x")).unwrap_err();
        assert!(err.contains("bad.c"), "{err}");
    }
}
