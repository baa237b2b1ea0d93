//! The interpreter against gcc: every program of tests/c/pass, on each of its cases,
//! must give the same stdout, stderr and exit status natively (gcc -O0) and in regcause.
//! tests/c/fail programs must stop with the annotated runtime error on the annotated
//! line; tests/c/reject programs must be rejected before running, at the annotated line.

mod common;

use common::*;
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::frontend;

#[test]
fn pass_programs_agree_with_gcc() {
    let progs = corpus("pass");
    assert!(progs.len() >= 60, "corpus too small: {}", progs.len());
    let mut failures = Vec::new();
    let mut runs = 0;
    for p in &progs {
        let dir = tempfile::tempdir().unwrap();
        let exe = dir.path().join("prog");
        if let Err(e) = gcc(&p.files, &exe) {
            failures.push(format!("{}: gcc failed: {e}", p.name));
            continue;
        }
        let prog = match frontend::load_files(&p.files, &[], &[]) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{}: regcause rejected it: {e}", p.name));
                continue;
            }
        };
        for (ci, case) in p.cases.iter().enumerate() {
            // Separate working directories: programs may write files.
            let nd = tempfile::tempdir().unwrap();
            let rd = tempfile::tempdir().unwrap();
            let native = run_native(&exe, "./prog", case, nd.path());
            let mut argv = vec![b"./prog".to_vec()];
            argv.extend(case.args.iter().map(|a| a.clone().into_bytes()));
            let input = RunInput {
                argv,
                stdin: case.stdin.clone().into_bytes(),
                cwd: Some(rd.path().to_path_buf()),
            };
            let r = exec::run(&prog, &input, Limits::default());
            runs += 1;
            let status = match &r.outcome {
                Outcome::Exit(n) => *n,
                Outcome::Signal(s) => 128 + s,
                Outcome::Fault(e) => {
                    failures.push(format!(
                        "{} case {ci}: runtime error in regcause: {e}",
                        p.name
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
                why.push(format!(
                    "status gcc {} vs regcause {}",
                    native.status, status
                ));
            }
            if !why.is_empty() {
                failures.push(format!("{} case {ci}: {}", p.name, why.join("; ")));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {runs} runs disagree with gcc:\n{}",
        failures.len(),
        failures.join("\n")
    );
    eprintln!(
        "differential: {} programs, {runs} runs agree with gcc",
        progs.len()
    );
}

#[test]
fn fail_programs_report_the_annotated_fault() {
    let progs = corpus("fail");
    assert!(progs.len() >= 12);
    let mut failures = Vec::new();
    for p in &progs {
        let ann = annotations(&p.files, "// ~ERROR");
        let [(file, line, kind)] = ann.as_slice() else {
            failures.push(format!(
                "{}: expected exactly one `// ~ERROR` annotation",
                p.name
            ));
            continue;
        };
        let prog = match frontend::load_files(&p.files, &[], &[]) {
            Ok(x) => x,
            Err(e) => {
                failures.push(format!("{}: rejected: {e}", p.name));
                continue;
            }
        };
        let case = &p.cases[0];
        let mut argv = vec![b"./prog".to_vec()];
        argv.extend(case.args.iter().map(|a| a.clone().into_bytes()));
        let input = RunInput {
            argv,
            stdin: case.stdin.clone().into_bytes(),
            cwd: None,
        };
        // A small step limit keeps the endless-loop case quick; fail programs stop where
        // a strict run stops (tests/ub_policy.rs covers the default, which continues past
        // uninitialised reads).
        let limits = Limits {
            max_steps: 5_000_000,
            strict: true,
            ..Limits::default()
        };
        let r = exec::run(&prog, &input, limits);
        match &r.outcome {
            Outcome::Fault(e) => {
                if e.kind.slug() != kind {
                    failures.push(format!("{}: expected {kind}, got {}", p.name, e));
                } else if e.loc.line != *line
                    || !e
                        .at
                        .ends_with(&format!("{file}:{}:{}", e.loc.line, e.loc.col))
                {
                    failures.push(format!(
                        "{}: expected {kind} at {file}:{line}, got it at {}",
                        p.name, e.at
                    ));
                }
            }
            other => failures.push(format!(
                "{}: expected {kind}, but the run ended with {other:?}",
                p.name
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn reject_programs_are_refused_at_the_annotated_line() {
    let progs = corpus("reject");
    assert!(progs.len() >= 8);
    let mut failures = Vec::new();
    for p in &progs {
        let ann = annotations(&p.files, "// ~UNSUPPORTED");
        let Some((file, line, what)) = ann.first() else {
            failures.push(format!("{}: no `// ~UNSUPPORTED` annotation", p.name));
            continue;
        };
        match frontend::load_files(&p.files, &[], &[]) {
            Ok(_) => failures.push(format!("{}: accepted, but it uses {what}", p.name)),
            Err(e) => {
                let text = e.to_string();
                let want = format!("{file}:{line}:");
                // A missing standard header is reported where it is included.
                let at_include = text.contains("unsupported: header <");
                if !e.is_unsupported() || !(text.contains(&want) || at_include) {
                    failures.push(format!(
                        "{}: expected `unsupported: ...` at {want} ({what}), got: {text}",
                        p.name
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
