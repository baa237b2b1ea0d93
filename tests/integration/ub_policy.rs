//! The undefined-behaviour policy: by default a run continues past an uninitialised
//! read (it reads zero) and reports a located warning; `--strict` stops there.
//!
//! `tests/c/warn` programs carry `// ~WARNING kind` on every line that must warn: the
//! default run must end normally with exactly those warnings, and a strict run must
//! stop with that fault on the first of them that executes.

use std::collections::BTreeSet;
use std::process::Command;

use crate::common::*;
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::frontend;

#[test]
fn warn_programs_continue_with_located_warnings_and_strict_runs_stop() {
    let progs = corpus("warn");
    assert!(progs.len() >= 3, "tests/c/warn has its programs");
    let mut failures = Vec::new();
    for p in &progs {
        let expected: BTreeSet<(u32, String)> = annotations(&p.files, "// ~WARNING")
            .into_iter()
            .map(|(_, line, kind)| (line, kind))
            .collect();
        assert!(
            !expected.is_empty(),
            "{}: no `// ~WARNING` annotation",
            p.name
        );
        let prog = frontend::load_files(&p.files, &[], &[]).expect("warn program loads");
        let input = RunInput {
            argv: vec![b"./prog".to_vec()],
            ..RunInput::default()
        };
        let r = exec::run(&prog, &input, Limits::default());
        if !matches!(r.outcome, Outcome::Exit(0)) {
            failures.push(format!(
                "{}: default run ended with {:?}",
                p.name, r.outcome
            ));
        }
        let got: BTreeSet<(u32, String)> = r
            .warnings
            .iter()
            .map(|w| (w.loc.line, w.kind.slug().to_string()))
            .collect();
        if got != expected {
            failures.push(format!(
                "{}: warnings {got:?}, expected {expected:?}",
                p.name
            ));
        }
        let strict = Limits {
            strict: true,
            ..Limits::default()
        };
        let s = exec::run(&prog, &input, strict);
        let first = r.warnings.first().map(|w| (w.loc, w.kind));
        match (&s.outcome, first) {
            (Outcome::Fault(e), Some((loc, kind))) if e.loc == loc && e.kind == kind => {}
            (o, _) => failures.push(format!(
                "{}: strict run should stop at the first warning {first:?}, ended with {o:?}",
                p.name
            )),
        }
        if !s.warnings.is_empty() {
            failures.push(format!("{}: a strict run records no warnings", p.name));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// `exec` prints the warnings on stderr with their location, and `--strict` turns the
/// first into a runtime error (exit 124).
#[test]
fn exec_shows_warnings_and_strict_stops() {
    let f = root().join("tests/c/warn/uninit_flag.c");
    let out = Command::new(bin()).arg("exec").arg(&f).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(
        err.contains("warning: undefined behaviour")
            && err.contains("uninit_flag.c:15:9: read of uninitialised variable `saw_tab`"),
        "{err}"
    );
    let out = Command::new(bin())
        .args(["exec", "--strict"])
        .arg(&f)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(124), "{err}");
    assert!(err.contains("runtime error: uninitialised-read"), "{err}");
}
