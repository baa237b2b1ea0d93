//! Concolic execution: symbolic values agree with concrete ones, concolic runs behave
//! exactly like concrete runs, and path conditions are sound (every satisfiable flipped
//! prefix, replayed, takes the other side of its branch).

use std::process::Command;

use crate::common::*;
use regcause::exec::concolic::InputKind;
use regcause::exec::{self, Limits, RunInput};
use regcause::{frontend, oracle, replay};

/// Over the differential corpus: a concolic run prints and ends exactly like a concrete
/// run, and every symbolic value it computes evaluates, under the run's inputs, to the
/// concrete value (and every branch constraint to true).
#[test]
fn symbolic_values_agree_with_concrete_values_on_the_corpus() {
    let mut failures = Vec::new();
    let (mut runs, mut symbolic_runs, mut branches) = (0, 0, 0);
    let (mut file_inputs, mut env_inputs) = (0, 0);
    let limits = Limits {
        max_steps: 20_000_000,
        ..Limits::default()
    };
    for p in corpus("pass") {
        let prog = frontend::load_files(&p.files, &[], &[]).expect("corpus program loads");
        for (ci, case) in p.cases.iter().enumerate() {
            let mut argv = vec![b"./prog".to_vec()];
            argv.extend(case.args.iter().map(|a| a.clone().into_bytes()));
            // Each run in a directory of its own holding the program's data files, with
            // the case's environment: file bytes and getenv values are inputs too.
            let dir = tempfile::tempdir().unwrap();
            stage_data(&p, dir.path()).expect("stage data");
            let input = RunInput {
                argv,
                stdin: case.stdin.clone().into_bytes(),
                cwd: Some(dir.path().to_path_buf()),
                root: None,
                env: case.env_pairs(),
                files: Vec::new(),
                literals: Vec::new(),
            };
            let concrete = exec::run(&prog, &input, limits);
            let dir2 = tempfile::tempdir().unwrap();
            stage_data(&p, dir2.path()).expect("stage data");
            let input2 = RunInput {
                cwd: Some(dir2.path().to_path_buf()),
                ..input.clone()
            };
            let c = exec::run_concolic_checked(&prog, &input2, limits, true);
            runs += 1;
            if !c.sym.inputs.is_empty() {
                symbolic_runs += 1;
            }
            for i in &c.sym.inputs {
                match i.origin.kind() {
                    InputKind::File(_) => file_inputs += 1,
                    InputKind::Env(_) => env_inputs += 1,
                    _ => {}
                }
            }
            branches += c.sym.branches.len();
            if c.result.stdout != concrete.stdout || c.result.outcome != concrete.outcome {
                failures.push(format!(
                    "{} case {ci}: concolic run differs from the concrete run",
                    p.name
                ));
            }
            if let Some(f) = &c.sym.check_failure {
                failures.push(format!("{} case {ci}: {f}", p.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        symbolic_runs * 2 > runs,
        "most corpus runs should read symbolic input: {symbolic_runs} of {runs}"
    );
    // The corpus reads files of its own (data files, files it wrote) and environment
    // variables: the check covers those inputs too.
    assert!(
        file_inputs > 0 && env_inputs > 0,
        "file inputs {file_inputs}, environment inputs {env_inputs}"
    );
    eprintln!("concolic self-check: {runs} runs ({symbolic_runs} with symbolic inputs, {file_inputs} file and {env_inputs} environment inputs), {branches} symbolic branch instances verified");
}

/// The soundness check over every sample regression, at both revisions.
#[test]
fn path_conditions_of_every_sample_test_are_sound() {
    let all = samples::all(&root().join("sample-repos")).expect("load samples");
    let limits = Limits::default();
    let mut total = replay::PcCheck::default();
    let mut failures = Vec::new();
    for s in &all {
        let dir = tempfile::tempdir().unwrap();
        let repo_path = dir.path().join(&s.name);
        samples::build_repo(s, &repo_path).unwrap();
        let repo = regcause::repo::Repo::discover(&repo_path).unwrap();
        for r in &s.manifest.regressions {
            let stdin = r.test.stdin_bytes(&s.dir).unwrap().unwrap_or_default();
            for rev in [&r.good, &r.bad] {
                let tree = repo.materialise(rev).unwrap();
                let prog =
                    oracle::load(tree.path(), &oracle::Test::named(&r.test.program), rev).unwrap();
                let t = oracle::Test {
                    program: r.test.program.clone(),
                    args: r.test.args.clone(),
                    stdin: stdin.clone(),
                    env: Vec::new(),
                    expect: None,
                    config: Default::default(),
                };
                let c =
                    replay::check_path_condition(&prog, &t.input(tree.path()), limits, 150, 10_000);
                total.branches += c.branches;
                total.checked += c.checked;
                total.unsat += c.unsat;
                total.unknown += c.unknown;
                total.agreed += c.agreed;
                total.excused += c.excused;
                for d in c.disagreed {
                    failures.push(format!("{}/{} at {rev}: {d}", s.name, r.id));
                }
            }
        }
    }
    eprintln!(
        "path-condition soundness: {} branch instances checked, {} satisfiable flips: {} replayed as predicted, {} after a concretisation, {} wrong; {} unsat, {} unknown",
        total.checked,
        total.sat(),
        total.agreed,
        total.excused,
        failures.len(),
        total.unsat,
        total.unknown
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(
        total.agreed > 100,
        "too few flips checked: {}",
        total.agreed
    );
}

#[test]
fn pc_command_prints_inputs_conditions_and_smt2() {
    let s = samples::load(&root().join("sample-repos/rs-xyz")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    samples::build_repo(&s, &repo).unwrap();
    let r = &s.manifest.regressions[0];
    let stdin = dir.path().join("in.txt");
    std::fs::write(
        &stdin,
        r.test.stdin_bytes(&s.dir).unwrap().unwrap_or_default(),
    )
    .unwrap();
    let run = |extra: &[&str]| {
        let mut args = vec!["pc", r.bad.as_str(), "--stdin", stdin.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.extend(["--", r.test.program.as_str()]);
        Command::new(bin())
            .args(&args)
            .current_dir(&repo)
            .output()
            .unwrap()
    };
    let o = run(&["--check"]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.contains("Symbolic inputs"), "{out}");
    assert!(out.contains("in1 "), "{out}");
    assert!(out.contains("Path condition ("), "{out}");
    assert!(out.contains("xyz.c:"), "{out}");
    assert!(out.contains("0 wrong"), "{out}");
    let o = run(&["--smt2"]);
    let smt = String::from_utf8_lossy(&o.stdout);
    assert!(
        smt.contains("(declare-fun |in1| () (_ BitVec 32))"),
        "{smt}"
    );
    assert!(smt.contains("(check-sat)"), "{smt}");
}
