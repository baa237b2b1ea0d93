//! End to end on real git repositories built from sample-repos/: the binary is run the
//! way a user runs it, inside a throwaway clone.

use std::path::Path;
use std::process::Output;

use crate::common::*;

/// Every regression of every sample: the oracle reports a regression (exit 0) and names
/// the same first differing stdout byte as the native gcc runs of the two revisions do.
#[test]
fn every_sample_regression_is_found_with_its_divergence() {
    let all = samples::all(&root().join("sample-repos")).expect("load samples");
    assert!(all.len() >= 12, "only {} samples", all.len());
    let mut failures = Vec::new();
    let mut checked = 0;
    for s in &all {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join(&s.name);
        samples::build_repo(s, &repo).expect("build sample repository");
        for r in &s.manifest.regressions {
            let t = &r.test;
            let stdin = t.stdin_bytes(&s.dir).unwrap().unwrap_or_default();
            let stdin_file = dir.path().join(format!("{}.stdin", r.id));
            std::fs::write(&stdin_file, &stdin).unwrap();
            // The bad revision's native output tells where the runs part.
            let exported = dir.path().join(format!("{}-bad", r.id));
            let gr = git2::Repository::open(&repo).unwrap();
            samples::export_tree(&gr, &r.bad, &exported).unwrap();
            let exe = dir.path().join(format!("{}-bad.bin", r.id));
            samples::build_native(s, &r.bad, &exported, &exe, &[]).expect("gcc build of bad");
            let native = run_native(
                &exe,
                &t.program,
                &Case {
                    args: t.args.clone(),
                    stdin: text(&stdin),
                    env: None,
                },
                &exported,
            );
            let expected = t.expected_stdout.as_bytes();
            let mut args: Vec<String> = vec![
                r.good.clone(),
                r.bad.clone(),
                "--stdin".into(),
                stdin_file.display().to_string(),
                "--".into(),
                t.program.clone(),
            ];
            args.extend(t.args.iter().cloned());
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = git_regcause(&repo, &argv);
            let out = text(&o.stdout);
            checked += 1;
            if o.status.code() != Some(0) {
                failures.push(format!(
                    "{}/{}: exit {:?}\n{}{}",
                    s.name,
                    r.id,
                    o.status.code(),
                    out,
                    text(&o.stderr)
                ));
                continue;
            }
            if native.stdout != expected {
                let off = regcause::oracle::first_difference(expected, &native.stdout);
                let want = format!("First divergence: stdout byte {off}\n");
                if !out.contains(&want) {
                    failures.push(format!(
                        "{}/{}: expected `{}` in:\n{out}",
                        s.name,
                        r.id,
                        want.trim()
                    ));
                }
                if native.stdout.len() > off && !out.contains("Written at ") {
                    failures.push(format!(
                        "{}/{}: no output statement named:\n{out}",
                        s.name, r.id
                    ));
                }
            } else if !out.contains("different ending") {
                failures.push(format!(
                    "{}/{}: expected an ending divergence:\n{out}",
                    s.name, r.id
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} regressions:\n{}",
        failures.len(),
        failures.join("\n\n")
    );
}

/// The extra tests of the larger samples, run with `git regcause run` at the last
/// commit, print exactly the expected output.
#[test]
fn run_agrees_with_expected_outputs() {
    let all = samples::all(&root().join("sample-repos")).expect("load samples");
    let mut failures = Vec::new();
    for s in all.iter().filter(|s| !s.manifest.extra_tests.is_empty()) {
        let dir = tempfile::tempdir().unwrap();
        let repo = dir.path().join(&s.name);
        samples::build_repo(s, &repo).unwrap();
        for (i, t) in s.manifest.extra_tests.iter().enumerate() {
            let stdin = t.stdin_bytes(&s.dir).unwrap().unwrap_or_default();
            let f = dir.path().join(format!("extra{i}.stdin"));
            std::fs::write(&f, &stdin).unwrap();
            let mut args: Vec<String> = vec![
                "run".into(),
                "HEAD".into(),
                "--stdin".into(),
                f.display().to_string(),
                "--".into(),
                t.program.clone(),
            ];
            args.extend(t.args.iter().cloned());
            let argv: Vec<&str> = args.iter().map(String::as_str).collect();
            let o = git_regcause(&repo, &argv);
            if o.stdout != t.expected_stdout.as_bytes() || o.status.code() != Some(t.expected_exit)
            {
                failures.push(format!(
                    "{} extra test {i}: exit {:?}, stderr {}",
                    s.name,
                    o.status.code(),
                    text(&o.stderr)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn small_repo() -> (tempfile::TempDir, std::path::PathBuf, samples::Sample) {
    let s = samples::load(&root().join("sample-repos/branch-threshold")).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let repo = dir.path().join("repo");
    samples::build_repo(&s, &repo).unwrap();
    (dir, repo, s)
}

fn regression_args(s: &samples::Sample, dir: &Path, good: &str, bad: &str) -> Vec<String> {
    let r = &s.manifest.regressions[0];
    let stdin = r.test.stdin_bytes(&s.dir).unwrap().unwrap_or_default();
    let f = dir.join("t.stdin");
    std::fs::write(&f, stdin).unwrap();
    let mut v = vec![
        good.to_string(),
        bad.to_string(),
        "--stdin".into(),
        f.display().to_string(),
        "--".into(),
        r.test.program.clone(),
    ];
    v.extend(r.test.args.iter().cloned());
    v
}

fn run_args(repo: &Path, v: &[String]) -> Output {
    let argv: Vec<&str> = v.iter().map(String::as_str).collect();
    git_regcause(repo, &argv)
}

#[test]
fn nothing_to_explain_cases_have_their_own_exit_codes() {
    let (dir, repo, s) = small_repo();
    let r = &s.manifest.regressions[0];
    // passes at bad: compare good with itself
    let o = run_args(&repo, &regression_args(&s, dir.path(), &r.good, &r.good));
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(text(&o.stdout).contains("passes at"), "{}", text(&o.stdout));
    // fails at good: an expectation the good revision does not meet
    let exp = dir.path().join("expect.txt");
    std::fs::write(&exp, "something else\n").unwrap();
    let mut v = regression_args(&s, dir.path(), &r.good, &r.bad);
    v.insert(2, "--expect".into());
    v.insert(3, exp.display().to_string());
    let o = run_args(&repo, &v);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stdout));
    assert!(
        text(&o.stdout).contains("already fails at"),
        "{}",
        text(&o.stdout)
    );
    // unknown revision
    let o = run_args(
        &repo,
        &regression_args(&s, dir.path(), "no-such-tag", &r.bad),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains("unknown revision `no-such-tag`"),
        "{}",
        text(&o.stderr)
    );
    // not a git repository
    let plain = tempfile::tempdir().unwrap();
    let o = run_args(
        plain.path(),
        &regression_args(&s, dir.path(), &r.good, &r.bad),
    );
    assert_eq!(o.status.code(), Some(3));
    assert!(
        text(&o.stderr).contains("not a git repository"),
        "{}",
        text(&o.stderr)
    );
    // the program cannot be found: a tree with two mains and no configuration
    std::fs::write(repo.join("second.c"), "int main(void) { return 0; }\n").unwrap();
    git(&repo, &["add", "second.c"]);
    git(&repo, &["commit", "-qm", "add a second program"]);
    // (a program named like neither file is an error listing the programs, never one
    // of them)
    let mut v = regression_args(&s, dir.path(), &r.good, "HEAD");
    let pi = v.iter().position(|a| a == "--").unwrap() + 1;
    v[pi] = "./other".into();
    let o = run_args(&repo, &v);
    assert_eq!(o.status.code(), Some(4), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("no program `other`"),
        "{}",
        text(&o.stderr)
    );
    // unsupported construct
    std::fs::remove_file(repo.join("second.c")).unwrap();
    let main_c = std::fs::read_dir(&repo)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().map(|x| x == "c").unwrap_or(false))
        .unwrap();
    let mut src = std::fs::read_to_string(&main_c).unwrap();
    src.push_str("\n_Complex double unused_z;\n");
    std::fs::write(&main_c, src).unwrap();
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-qm", "use a complex number"]);
    let o = run_args(&repo, &regression_args(&s, dir.path(), &r.good, "HEAD"));
    assert_eq!(o.status.code(), Some(5), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("unsupported: _Complex at"),
        "{}",
        text(&o.stderr)
    );
}

/// regcause reads revisions from the object store only: the user's worktree, index,
/// HEAD and stash are untouched, uncommitted changes included.
#[test]
fn worktree_index_head_and_stash_are_untouched() {
    let (dir, repo, s) = small_repo();
    let r = &s.manifest.regressions[0];
    let main_c = std::fs::read_dir(&repo)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.extension().map(|x| x == "c").unwrap_or(false))
        .unwrap();
    // An uncommitted, staged change; an unstaged change on top; an untracked file; a stash.
    std::fs::write(repo.join("notes.txt"), "stashed\n").unwrap();
    git(&repo, &["add", "notes.txt"]);
    git(&repo, &["stash", "push", "-q", "-m", "user stash"]);
    let mut src = std::fs::read_to_string(&main_c).unwrap();
    src.push_str("/* staged */\n");
    std::fs::write(&main_c, &src).unwrap();
    git(&repo, &["add", "-A"]);
    src.push_str("/* unstaged */\n");
    std::fs::write(&main_c, &src).unwrap();
    std::fs::write(repo.join("untracked.txt"), "mine\n").unwrap();
    let snapshot = |repo: &Path| {
        (
            git(repo, &["status", "--porcelain=v2", "--branch"]),
            git(repo, &["rev-parse", "HEAD"]),
            git(repo, &["stash", "list"]),
            std::fs::read(repo.join(".git/index")).unwrap(),
            std::fs::read(&main_c).unwrap(),
            git(repo, &["diff", "--cached"]),
        )
    };
    let before = snapshot(&repo);
    let o = run_args(&repo, &regression_args(&s, dir.path(), &r.good, &r.bad));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    let o = run_args(
        &repo,
        &[
            "run".to_string(),
            r.bad.clone(),
            "--".into(),
            r.test.program.clone(),
        ],
    );
    assert!(o.status.code().is_some());
    assert_eq!(snapshot(&repo), before);
}
