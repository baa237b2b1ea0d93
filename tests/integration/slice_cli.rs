//! `git regcause slice` end to end on a real git repository built from the rs-xyz sample
//! (the x, y, z example of the relevant-slice paper).

use std::path::Path;
use std::process::{Command, Output};

use crate::common::*;

fn slice(repo: &Path, args: &[&str]) -> Output {
    Command::new(bin())
        .arg("slice")
        .args(args)
        .current_dir(repo)
        .output()
        .expect("run git-regcause slice")
}

/// The rs-xyz repository in a temporary directory, and the failing test's stdin file.
fn xyz_repo(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let all = samples::all(&root().join("sample-repos")).expect("load samples");
    let s = all
        .iter()
        .find(|s| s.name == "rs-xyz")
        .expect("the rs-xyz sample");
    let repo = dir.join("rs-xyz");
    samples::build_repo(s, &repo).expect("build sample repository");
    let stdin = dir.join("in.txt");
    std::fs::write(&stdin, "3 4 1\n8 7 2\n").expect("write stdin");
    (repo, stdin)
}

/// The first stdout byte where v1.2 parts from v1.1 ("out = 7" where "out = 8" was
/// right): offset of the 7.
const WRONG_OUT_BYTE: &str = "byte:43";

#[test]
fn rsc_of_the_paper_example_is_printed_with_lines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (repo, stdin) = xyz_repo(dir.path());
    let st = stdin.to_str().expect("utf-8 path");
    let o = slice(
        &repo,
        &[
            "v1.2",
            "--stdin",
            st,
            "--criterion",
            WRONG_OUT_BYTE,
            "--",
            "xyz",
        ],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success(),
        "{out}\n{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // The RSC of the paper: x + y > 10 and the broken comparison, not the z branch.
    let cond = out
        .split_once("Condition RSC")
        .map(|(_, c)| c)
        .expect("a condition section");
    let constraints: Vec<String> = cond
        .lines()
        .skip(1)
        .filter_map(|l| l.trim().split_once(". "))
        .map(|(_, c)| c.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(
        constraints,
        vec!["in4 + in5 > 10 xyz.c:35:9", "in4 - in5 <= 1 xyz.c:24:9"],
        "{out}"
    );
    assert!(cond.contains("PC 5, DSC 2, RSC 2"), "{out}");
    // The slice names the faulty line with its source text, and leaves out the z branch.
    assert!(
        out.contains("xyz.c:24") && out.contains("if (x - y > 1)"),
        "{out}"
    );
    assert!(!out.contains("square(z)"), "{out}");
}

#[test]
fn json_has_the_same_content() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (repo, stdin) = xyz_repo(dir.path());
    let st = stdin.to_str().expect("utf-8 path");
    let args = [
        "v1.2",
        "--stdin",
        st,
        "--criterion",
        WRONG_OUT_BYTE,
        "--condition",
        "pc",
        "--format",
        "json",
        "--",
        "xyz",
    ];
    let o = slice(&repo, &args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(v["condition"], "pc");
    assert_eq!(v["pc"], 5);
    assert_eq!(v["rsc"], 2);
    assert_eq!(v["constraints"].as_array().map(Vec::len), Some(5));
    assert_eq!(v["constraints"][4]["c"], "in4 - in5 <= 1");
    assert_eq!(v["constraints"][4]["at"], "xyz.c:24:9");
    let lines = v["lines"].as_array().expect("lines");
    let l24 = lines
        .iter()
        .find(|l| l["line"] == 24)
        .expect("line 24 in the slice");
    assert_eq!(l24["file"], "xyz.c");
    assert_eq!(l24["text"], "if (x - y > 1)");
    assert!(l24["instances"].as_u64().is_some_and(|n| n >= 1));
    assert!(v["concretised"].is_array());
    assert!(v["trace_entries"].as_u64().is_some_and(|n| n > 0));
}

#[test]
fn bad_criterion_and_revision_are_reported() {
    let dir = tempfile::tempdir().expect("tempdir");
    let (repo, stdin) = xyz_repo(dir.path());
    let st = stdin.to_str().expect("utf-8 path");
    let o = slice(
        &repo,
        &[
            "v1.2",
            "--stdin",
            st,
            "--criterion",
            "byte:100000",
            "--",
            "xyz",
        ],
    );
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("there is no byte 100000"), "{err}");
    let o = slice(&repo, &["v1.2", "--criterion", "line:3", "--", "xyz"]);
    assert_eq!(o.status.code(), Some(2));
    let o = slice(&repo, &["no-such-rev", "--", "xyz"]);
    assert_eq!(o.status.code(), Some(3));
}

/// A traced run hands back its arenas without spare capacity (a 10^7-entry trace would
/// otherwise keep up to twice the memory it uses).
#[test]
fn traced_run_keeps_no_spare_capacity() {
    let src = root().join("benches/c/fib.c");
    let prog =
        regcause::frontend::load_files(std::slice::from_ref(&src), &[], &[]).expect("fib.c loads");
    let t = regcause::oracle::Test {
        program: "fib".into(),
        args: vec!["15".into()],
        stdin: Vec::new(),
        env: Vec::new(),
        expect: None,
        config: Default::default(),
    };
    let run = regcause::exec::run_traced(
        &prog,
        &t.input(&root()),
        regcause::exec::Limits::default(),
        false,
    );
    let tr = &run.trace;
    assert!(tr.len() > 1000, "{} entries", tr.len());
    assert_eq!(tr.spare_capacity(), 0);
}

/// A one-commit repository holding `files`.
fn repo_with(dir: &Path, files: &[(&str, &str)]) -> std::path::PathBuf {
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).expect("mkdir");
    for (name, text) in files {
        std::fs::write(repo.join(name), text).expect("write source");
    }
    git(&repo, &["init", "-q"]);
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-qm", "one"]);
    repo
}

/// A table lookup whose result goes to stderr: the stderr criterion slices the warning,
/// and the slice names the table entry's initialiser (data no statement wrote), not
/// the other entries.
const TABLE: &str = r#"#include <stdio.h>
#include <stdlib.h>

static const int limit[3] = {
    5,
    9,
    12,
};

int main(int argc, char **argv)
{
    int level = argc > 1 ? atoi(argv[1]) : 0;
    if (level < 0 || level > 2)
        return 2;
    printf("level %d\n", level);
    if (limit[level] > 8)
        fprintf(stderr, "warning: limit %d\n", limit[level]);
    return 0;
}
"#;

#[test]
fn stderr_criterion_and_static_data() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = repo_with(dir.path(), &[("table.c", TABLE)]);
    let o = slice(
        &repo,
        &[
            "HEAD",
            "--criterion",
            "stderr",
            "--format",
            "json",
            "--",
            "table",
            "1",
        ],
    );
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let lines: Vec<u64> = v["lines"]
        .as_array()
        .expect("lines")
        .iter()
        .filter_map(|l| l["line"].as_u64())
        .collect();
    assert!(lines.contains(&17) && lines.contains(&16), "{lines:?}");
    // The stdout line is not part of what stderr depends on.
    assert!(!lines.contains(&15), "{lines:?}");
    let data: Vec<u64> = v["static_data"]
        .as_array()
        .expect("static data")
        .iter()
        .filter_map(|l| l["line"].as_u64())
        .collect();
    assert_eq!(data, vec![6], "limit[1] is initialised on line 6");

    // Text names the initialiser too; a byte range of stdout slices the printf instead.
    let o = slice(
        &repo,
        &["HEAD", "--criterion", "stderr:0..7", "--", "table", "1"],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(o.status.success() && out.contains("table.c:6"), "{out}");
    let o = slice(
        &repo,
        &["HEAD", "--criterion", "bytes:0..5", "--", "table", "1"],
    );
    let out = String::from_utf8_lossy(&o.stdout);
    let lines = out.split("Condition").next().unwrap_or_default();
    assert!(o.status.success() && lines.contains("table.c:15"), "{out}");
    assert!(!lines.contains("table.c:17"), "{out}");

    // Nothing written there: a clear refusal.
    let o = slice(
        &repo,
        &["HEAD", "--criterion", "stderr", "--", "table", "0"],
    );
    assert!(!o.status.success());
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("wrote 0 bytes to stderr"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}
