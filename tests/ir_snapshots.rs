//! Lowering snapshots, one test per program: each `tests/ir/NAME.c` is lowered and
//! printed with `ir::display`, and the text must match `tests/ir/NAME.ir`
//! (`REGCAUSE_BLESS=1` re-blesses). So that a snapshot never pins a wrong lowering, each
//! program also runs in the interpreter with the same output and status as gcc -O0.

mod common;

use std::path::PathBuf;

use common::*;
use libtest_mimic::{Arguments, Failed, Trial};
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::{frontend, ir};

fn main() {
    let args = Arguments::from_args();
    let dir = root().join("tests/ir");
    let mut programs: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    programs.retain(|p| p.extension().is_some_and(|x| x == "c"));
    programs.sort();
    let count = programs.len();
    let mut trials = vec![Trial::test("ir::corpus_size", move || {
        if count < 12 {
            return Err(format!("only {count} programs in tests/ir").into());
        }
        Ok(())
    })];
    for p in programs {
        let name = p
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        trials.push(Trial::test(format!("ir::{name}"), move || check(&p)));
    }
    libtest_mimic::run(&args, trials).exit();
}

fn check(c_file: &std::path::Path) -> Result<(), Failed> {
    let files = vec![c_file.to_path_buf()];
    let prog = frontend::load_files(&files, &[], &[]).map_err(|e| format!("rejected: {e}"))?;
    let text = normalise(&ir::display::program(&prog));
    check_snapshot(&c_file.with_extension("ir"), &text)?;

    let tmp = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let exe = tmp.path().join("prog");
    gcc(&files, &exe).map_err(|e| format!("gcc failed: {e}"))?;
    let native = run_native(&exe, "./prog", &Case::default(), tmp.path());
    let input = RunInput {
        argv: vec![b"./prog".to_vec()],
        stdin: Vec::new(),
        cwd: None,
        root: None,
        env: Vec::new(),
        files: Vec::new(),
        literals: Vec::new(),
    };
    let r = exec::run(&prog, &input, Limits::default());
    let status = match &r.outcome {
        Outcome::Exit(n) => *n,
        Outcome::Signal(s) => 128 + s,
        Outcome::Fault(e) => {
            let e = regcause::diagnostic::fault(&prog, e);
            return Err(format!("runtime error in regcause: {e}").into());
        }
    };
    if (r.stdout.as_slice(), status) != (native.stdout.as_slice(), native.status) {
        return Err(format!(
            "regcause printed {:?} and ended with {status}; gcc {:?} and {}",
            String::from_utf8_lossy(&r.stdout),
            String::from_utf8_lossy(&native.stdout),
            native.status
        )
        .into());
    }
    Ok(())
}
