//! A failure inside the analysis never loses the report, and the process's scratch
//! trees never outlive it: a panic planted (through `REGCAUSE_FAILPOINTS`) in a
//! hunk-search subset or in a late stage still gives the report with the stage's note
//! and the usual exit code; SIGTERM removes the trees being analysed; the trees of a
//! killed run are swept by the next start.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use crate::common::*;
use regcause::cli::code;
use serde_json::Value;

/// The `deleted-else` sample: a small regression whose analysis runs every stage.
fn sample() -> (tempfile::TempDir, PathBuf, Vec<String>) {
    let s = samples::load(&root().join("sample-repos/deleted-else")).expect("load sample");
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join("repo");
    samples::build_repo(&s, &repo).expect("build sample repository");
    let r = &s.manifest.regressions[0];
    let stdin = r
        .test
        .stdin_bytes(&s.dir)
        .expect("stdin")
        .unwrap_or_default();
    let f = dir.path().join("stdin");
    std::fs::write(&f, stdin).expect("write stdin");
    let mut args = vec![r.good.clone(), r.bad.clone(), "--stdin".into()];
    args.push(f.display().to_string());
    args.extend(["--no-cache", "--format", "json", "--"].map(String::from));
    args.push(r.test.program.clone());
    args.extend(r.test.args.iter().cloned());
    (dir, repo, args)
}

fn run(repo: &Path, args: &[String], failpoints: &str, tmp: &Path) -> Output {
    Command::new(bin())
        .args(args)
        .current_dir(repo)
        .env("REGCAUSE_FAILPOINTS", failpoints)
        .env("TMPDIR", tmp)
        .output()
        .expect("run git-regcause")
}

fn report(o: &Output) -> Value {
    assert_eq!(
        o.status.code(),
        Some(code::REGRESSION),
        "{}",
        text(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap_or_else(|e| panic!("not JSON ({e})"))
}

fn notes(v: &Value) -> Vec<String> {
    v["notes"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|n| n.as_str().map(String::from))
        .collect()
}

fn scratch_dirs(tmp: &Path) -> Vec<String> {
    std::fs::read_dir(tmp)
        .expect("read tmp")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("regcause-tree-") || n.starts_with("regcause-dd-"))
        .collect()
}

#[test]
fn a_panic_in_a_subset_costs_the_subset_not_the_report() {
    let (dir, repo, args) = sample();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("mkdir");
    let clean = report(&run(&repo, &args, "", &tmp));
    assert!(clean["dd"]["subsets_tested"].as_u64().unwrap_or(0) > 0);
    let v = report(&run(&repo, &args, "dd-subset", &tmp));
    assert!(
        notes(&v)
            .iter()
            .any(|n| n.contains("subset(s) of the hunk search stopped on an internal error")),
        "no note of the panicking subsets: {:?}",
        notes(&v)
    );
    // Every subset was unresolved; DARWIN and the values still name the same lines.
    assert_eq!(v["divergence"], clean["divergence"]);
    assert!(!v["candidates"].as_array().expect("candidates").is_empty());
    assert!(
        scratch_dirs(&tmp).is_empty(),
        "left behind: {:?}",
        scratch_dirs(&tmp)
    );
}

#[test]
fn a_panic_in_a_late_stage_still_gives_the_report() {
    let (dir, repo, args) = sample();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("mkdir");
    for (failpoint, stage) in [
        ("stage-naming", "the naming stage"),
        ("stage-darwin", "the DARWIN stage"),
        ("stage-hunk-search", "the hunk search stage"),
    ] {
        let v = report(&run(&repo, &args, failpoint, &tmp));
        assert!(
            notes(&v)
                .iter()
                .any(|n| n.starts_with(stage) && n.contains("internal error")),
            "{failpoint}: no note: {:?}",
            notes(&v)
        );
        assert!(
            v["divergence"]["summary"].is_string(),
            "{failpoint}: no divergence"
        );
        if failpoint != "stage-naming" {
            assert!(
                !v["root_cause"].as_array().expect("root_cause").is_empty(),
                "{failpoint}: the other stages named nothing"
            );
        }
    }
    // Text and the other formats render a contained failure too.
    let mut text_args = args.clone();
    let at = text_args.iter().position(|a| a == "json").expect("json");
    text_args[at] = "text".into();
    let o = run(&repo, &text_args, "stage-naming", &tmp);
    assert_eq!(o.status.code(), Some(code::REGRESSION));
    assert!(text(&o.stdout).contains("the naming stage stopped"));
}

#[test]
fn a_panic_while_loading_is_an_internal_error_that_leaves_no_tree() {
    let (dir, repo, args) = sample();
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("mkdir");
    let o = run(&repo, &args, "stage-load", &tmp);
    assert_eq!(o.status.code(), Some(code::INTERNAL), "{}", text(&o.stderr));
    let err = text(&o.stderr);
    assert!(err.contains("failpoint `stage-load`"), "{err}");
    assert!(err.contains("git-regcause: internal error"), "{err}");
    assert!(
        o.stdout.is_empty(),
        "a report from nothing: {}",
        text(&o.stdout)
    );
    assert!(
        scratch_dirs(&tmp).is_empty(),
        "left behind: {:?}",
        scratch_dirs(&tmp)
    );
}

/// A program that runs forever at its bad revision: its analysis is long enough to be
/// interrupted while both trees are written out.
fn looping_repo(dir: &Path) -> PathBuf {
    let r = dir.join("repo");
    std::fs::create_dir(&r).expect("mkdir");
    git(&r, &["init", "-q"]);
    let prog = |body: &str| {
        format!("#include <stdio.h>\nint main(void) {{\n  long n = 0;\n{body}  printf(\"%ld\\n\", n);\n  return 0;\n}}\n")
    };
    std::fs::write(r.join("p.c"), prog("  for (int i = 0; i < 3; i++) n++;\n")).expect("write");
    git(&r, &["add", "-A"]);
    git(&r, &["commit", "-qm", "good"]);
    git(&r, &["tag", "good"]);
    std::fs::write(r.join("p.c"), prog("  for (;;) n++;\n")).expect("write");
    git(&r, &["commit", "-qam", "bad"]);
    git(&r, &["tag", "bad"]);
    r
}

#[test]
fn sigterm_removes_the_trees_being_analysed() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tmp = dir.path().join("tmp");
    std::fs::create_dir(&tmp).expect("mkdir");
    let repo = looping_repo(dir.path());
    let mut child = Command::new(bin())
        .args(["good", "bad", "--no-cache", "--", "./p"])
        .current_dir(&repo)
        .env("TMPDIR", &tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("spawn");
    // Wait (bounded) until both revisions' trees are written out.
    let mut seen = 0;
    for _ in 0..3000 {
        seen = scratch_dirs(&tmp).len();
        if seen >= 2 {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    assert!(seen >= 2, "the trees never appeared");
    let pid = child.id().to_string();
    let killed = Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .expect("kill");
    assert!(killed.success());
    let status = child.wait().expect("wait");
    assert_eq!(status.code(), Some(130), "exit status after SIGTERM");
    assert!(
        scratch_dirs(&tmp).is_empty(),
        "left behind: {:?}",
        scratch_dirs(&tmp)
    );
}

#[test]
fn a_killed_runs_trees_are_swept_at_the_next_start() {
    let dir = tempfile::tempdir().expect("tempdir");
    let tmp = dir.path().join("tmp");
    // No process has this pid (above Linux's largest pid_max).
    let stale = tmp.join("regcause-tree-2147483646-abcdef");
    std::fs::create_dir_all(stale.join("src")).expect("mkdir");
    std::fs::write(stale.join("src/x.c"), "int x;\n").expect("write");
    let o = Command::new(bin())
        .args(["cache", "stats", "--path"])
        .arg(dir.path().join("cache.sqlite"))
        .current_dir(dir.path())
        .env("TMPDIR", &tmp)
        .output()
        .expect("run");
    assert!(o.status.success(), "{}", text(&o.stderr));
    assert!(!stale.exists(), "the stale tree is still there");
}
