//! The C corpus as data, one test per program (filterable by name, run in parallel):
//!
//! - `pass::NAME`: every program of tests/c/pass, on each of its cases, gives the same
//!   stdout, stderr and exit status natively (gcc -O0) and in regcause.
//! - `fail::NAME`: tests/c/fail programs stop with the annotated runtime error
//!   (`// ~ERROR kind`) on the annotated line, and the diagnostic matches `NAME.stderr`.
//! - `reject::NAME`: tests/c/reject programs are refused before running, with an
//!   `unsupported:` error at the annotated line (`// ~UNSUPPORTED`), and the diagnostic
//!   matches `NAME.stderr`.
//!
//! Snapshots (`*.stderr` beside the program) are re-blessed with `REGCAUSE_BLESS=1`.

mod common;

use std::path::PathBuf;

use common::*;
use libtest_mimic::{Arguments, Failed, Trial};
use regcause::diagnostic;
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::frontend;

fn main() {
    let args = Arguments::from_args();
    let mut trials = Vec::new();
    let pass = corpus("pass");
    let fail = corpus("fail");
    let reject = corpus("reject");
    let sizes = (pass.len(), fail.len(), reject.len());
    // A corpus that silently shrank (a moved folder, a bad glob) would pass vacuously.
    trials.push(Trial::test("corpus::sizes", move || {
        let (p, f, r) = sizes;
        if p < 60 || f < 12 || r < 8 {
            return Err(format!("corpus too small: {p} pass, {f} fail, {r} reject").into());
        }
        Ok(())
    }));
    for p in pass {
        trials.push(Trial::test(format!("pass::{}", p.name), move || {
            pass_program(&p)
        }));
    }
    for p in fail {
        trials.push(Trial::test(format!("fail::{}", p.name), move || {
            fail_program(&p)
        }));
    }
    for p in reject {
        trials.push(Trial::test(format!("reject::{}", p.name), move || {
            reject_program(&p)
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}

fn input_of(case: &Case, cwd: Option<PathBuf>) -> RunInput {
    let mut argv = vec![b"./prog".to_vec()];
    argv.extend(case.args.iter().map(|a| a.clone().into_bytes()));
    RunInput {
        argv,
        stdin: case.stdin.clone().into_bytes(),
        cwd,
        root: None,
        env: case.env_pairs(),
        files: Vec::new(),
        literals: Vec::new(),
    }
}

/// The snapshot file of a program: `NAME.stderr` beside its file or folder.
fn snapshot_path(p: &CProgram, dir: &str) -> PathBuf {
    root()
        .join("tests/c")
        .join(dir)
        .join(format!("{}.stderr", p.name))
}

fn pass_program(p: &CProgram) -> Result<(), Failed> {
    let dir = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
    let exe = dir.path().join("prog");
    gcc(&p.files, &exe).map_err(|e| format!("gcc failed: {e}"))?;
    let prog = frontend::load_files(&p.files, &[], &[])
        .map_err(|e| format!("regcause rejected it: {e}"))?;
    let declared: std::collections::BTreeSet<(u32, String)> = annotations(&p.files, "// ~WARNING")
        .into_iter()
        .map(|(_, line, kind)| (line, kind))
        .collect();
    let mut failures = Vec::new();
    for (ci, case) in p.cases.iter().enumerate() {
        // Separate working directories: programs may write files.
        let nd = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
        let rd = tempfile::tempdir().map_err(|e| format!("temp dir: {e}"))?;
        stage_data(p, nd.path())?;
        stage_data(p, rd.path())?;
        let native = run_native(&exe, "./prog", case, nd.path());
        let input = input_of(case, Some(rd.path().to_path_buf()));
        let r = exec::run(&prog, &input, Limits::default());
        let status = match &r.outcome {
            Outcome::Exit(n) => *n,
            Outcome::Signal(s) => 128 + s,
            Outcome::Fault(e) => {
                failures.push(format!(
                    "case {ci}: runtime error in regcause: {}",
                    diagnostic::fault(&prog, e)
                ));
                continue;
            }
        };
        let mut why = Vec::new();
        if r.stdout != native.stdout {
            let off = regcause::oracle::first_difference(&native.stdout, &r.stdout);
            why.push(format!("stdout differs at byte {off}"));
        }
        if r.stderr != native.stderr {
            why.push(format!(
                "stderr differs: gcc {:?} vs regcause {:?}",
                String::from_utf8_lossy(&native.stderr),
                String::from_utf8_lossy(&r.stderr)
            ));
        }
        if status != native.status {
            why.push(format!("status gcc {} vs regcause {status}", native.status));
        }
        // Undefined behaviour a pass program continues past must be declared on its
        // line (`// ~WARNING kind`): the program checks that regcause continues as gcc's
        // code does (an out-of-range conversion, say) and says so.
        for w in &r.warnings {
            if !declared.contains(&(w.loc.line, w.kind.slug().to_string())) {
                why.push(format!(
                    "undefined behaviour continued past: {}",
                    diagnostic::fault(&prog, w)
                ));
            }
        }
        if !why.is_empty() {
            failures.push(format!("case {ci}: {}", why.join("; ")));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("disagrees with gcc:\n{}", failures.join("\n")).into())
    }
}

fn fail_program(p: &CProgram) -> Result<(), Failed> {
    let ann = annotations(&p.files, "// ~ERROR");
    let [(file, line, kind)] = ann.as_slice() else {
        return Err("expected exactly one `// ~ERROR` annotation".into());
    };
    let prog = frontend::load_files(&p.files, &[], &[]).map_err(|e| format!("rejected: {e}"))?;
    // A small step limit keeps the endless-loop case quick; fail programs stop where a
    // strict run stops (tests/integration/ub_policy.rs covers the default, which continues past
    // uninitialised reads).
    let limits = Limits {
        max_steps: 5_000_000,
        strict: true,
        ..Limits::default()
    };
    let r = exec::run(&prog, &input_of(&p.cases[0], None), limits);
    let e = match &r.outcome {
        Outcome::Fault(e) => e,
        other => return Err(format!("expected {kind}, but the run ended with {other:?}").into()),
    };
    if e.kind.slug() != kind {
        return Err(format!("expected {kind}, got {}", diagnostic::fault(&prog, e)).into());
    }
    let at = diagnostic::loc(&prog, e.loc);
    if e.loc.line != *line || !at.ends_with(&format!("{file}:{}:{}", e.loc.line, e.loc.col)) {
        return Err(format!("expected {kind} at {file}:{line}, got it at {at}").into());
    }
    // What the program wrote to stderr before the fault, then regcause's diagnostic.
    let text = format!(
        "{}{}\n",
        String::from_utf8_lossy(&r.stderr),
        diagnostic::fault(&prog, e)
    );
    check_snapshot(&snapshot_path(p, "fail"), &normalise(&text))?;
    Ok(())
}

fn reject_program(p: &CProgram) -> Result<(), Failed> {
    let ann = annotations(&p.files, "// ~UNSUPPORTED");
    let Some((file, line, what)) = ann.first() else {
        return Err("no `// ~UNSUPPORTED` annotation".into());
    };
    let e = match frontend::load_files(&p.files, &[], &[]) {
        Ok(_) => return Err(format!("accepted, but it uses {what}").into()),
        Err(e) => e,
    };
    let text = e.to_string();
    let want = format!("{file}:{line}:");
    // A missing standard header is reported where it is included.
    let at_include = text.contains("unsupported: header <");
    if !e.is_unsupported() || !(text.contains(&want) || at_include) {
        return Err(format!("expected `unsupported: ...` at {want} ({what}), got: {text}").into());
    }
    check_snapshot(&snapshot_path(p, "reject"), &normalise(&text))?;
    Ok(())
}
