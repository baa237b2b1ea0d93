//! Files the test writes as output the oracle compares (`--compare-file`,
//! `compare_files` in regcause.toml), through the binary on real git histories where
//! only the written file regresses: stdout is the same at both revisions.

use std::path::{Path, PathBuf};

use crate::common::*;

/// Reads scores from a fixture, writes a grade per score to `grades.txt` (stdio for
/// the lines, `write(2)` for the trailer), prints only "done".
const GRADES: &str = r#"#include <stdio.h>
#include <fcntl.h>
#include <unistd.h>

static const char *grade(int score) {
    if (score >= 50)
        return "pass";
    return "fail";
}

static int bonus(int score) {
    return score / 10;
}

int main(void) {
    FILE *in = fopen("data/scores.txt", "r");
    FILE *out = fopen("grades.txt", "w");
    int s, total = 0;
    if (!in || !out) {
        puts("cannot open");
        return 2;
    }
    while (fscanf(in, "%d", &s) == 1) {
        fprintf(out, "%d %s\n", s, grade(s));
        total += bonus(s);
    }
    fclose(out);
    fclose(in);
    int fd = open("grades.txt", O_WRONLY | O_APPEND);
    char tail[32];
    int n = snprintf(tail, sizeof tail, "bonus %d\n", total);
    write(fd, tail, n);
    close(fd);
    puts("done");
    return 0;
}
"#;

/// A repository with `grades.c` and its fixture at `good`, and the bad commit that
/// replaces `from` with `to`.
fn grades_repo(dir: &Path, from: &str, to: &str) -> PathBuf {
    let repo = dir.join("repo");
    std::fs::create_dir_all(repo.join("data")).expect("mkdir");
    git(&repo, &["init", "-q", "-b", "main"]);
    std::fs::write(repo.join("grades.c"), GRADES).expect("write");
    std::fs::write(repo.join("data/scores.txt"), "72\n50\n13\n").expect("write");
    git(&repo, &["add", "-A"]);
    git(&repo, &["commit", "-q", "-m", "good"]);
    git(&repo, &["tag", "good"]);
    let bad = GRADES.replace(from, to);
    assert_ne!(bad, GRADES, "{from} is in the program");
    std::fs::write(repo.join("grades.c"), bad).expect("write");
    git(&repo, &["commit", "-q", "-am", "bad"]);
    git(&repo, &["tag", "bad"]);
    repo
}

fn explain(repo: &Path, opts: &[&str]) -> std::process::Output {
    let mut args = vec!["good", "bad", "--no-cache", "--format", "json"];
    args.extend_from_slice(opts);
    args.extend_from_slice(&["--", "grades"]);
    git_regcause(repo, &args)
}

/// A decision fault whose only effect is in the written file: without
/// `--compare-file` nothing regressed; with it, the divergence is the file's first
/// differing byte, written by the `fprintf`, and DARWIN alone (no hunk search) names
/// the changed decision with a fixture alternative whose replays leave the file alike
/// at both revisions, their written files shown.
#[test]
fn a_regression_only_in_a_written_file_is_explained_by_darwin() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = grades_repo(dir.path(), "score >= 50", "score > 50");
    let plain = explain(&repo, &[]);
    assert_eq!(plain.status.code(), Some(1), "{}", text(&plain.stderr));

    let v = checked_report(&explain(
        &repo,
        &["--compare-file", "grades.txt", "--no-dd"],
    ));
    let d = &v["divergence"];
    assert_eq!(d["file"], "grades.txt", "{d:#}");
    // "72 pass\n" is 8 bytes; "50 pass" differs at its 4th.
    assert_eq!(d["file_offset"], 11, "{d:#}");
    assert!(d.get("stdout_offset").is_none(), "{d:#}");
    assert_eq!(d["expected_line"], "50 pass");
    assert_eq!(d["actual_line"], "50 fail");
    assert!(
        d["at"]
            .as_str()
            .is_some_and(|a| a.starts_with("grades.c:24:")),
        "{d:#}"
    );
    assert_eq!(
        v["root_cause"],
        serde_json::json!([{"file": "grades.c", "line": 6}])
    );
    let top = &v["candidates"][0];
    assert_eq!(
        (top["line"].as_u64(), top["explanation"].as_str()),
        (Some(6), Some("decision"))
    );
    let alt = &top["alternative"];
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    assert_eq!(alt["files"][0]["path"], "data/scores.txt", "{alt:#}");
    let w = &alt["written"][0];
    assert_eq!(w["path"], "grades.txt");
    assert_eq!(w["good"], w["bad"], "{alt:#}");
    assert!(
        w["good"].as_str().is_some_and(|g| g.contains(" pass\n")),
        "{alt:#}"
    );
}

/// A value fault in what only the `write(2)` trailer holds, configured in a
/// working-tree regcause.toml: the divergence is at the trailer, written by `write`,
/// and the report names the changed line computing the value.
#[test]
fn a_value_written_with_write_names_the_changed_computation() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = grades_repo(dir.path(), "return score / 10;", "return score / 11;");
    std::fs::write(
        repo.join("regcause.toml"),
        "compare_files = [\"./grades.txt\"]\n",
    )
    .expect("write");
    let v = checked_report(&explain(&repo, &[]));
    assert_eq!(
        v["test"]["config"]["compare_files"],
        serde_json::json!(["grades.txt"])
    );
    let d = &v["divergence"];
    assert_eq!(d["file"], "grades.txt", "{d:#}");
    assert_eq!(d["expected_line"], "bonus 13");
    assert_eq!(d["actual_line"], "bonus 11");
    assert!(
        d["at"]
            .as_str()
            .is_some_and(|a| a.starts_with("grades.c:32:")),
        "{d:#}"
    );
    assert_eq!(
        v["root_cause"],
        serde_json::json!([{"file": "grades.c", "line": 12}])
    );
    // The text report says which file.
    let t = git_regcause(&repo, &["good", "bad", "--no-cache", "--", "grades"]);
    let t = text(&t.stdout);
    assert!(
        t.contains("First divergence: byte 31 of the written file grades.txt (same stdout)"),
        "{t}"
    );
}

/// A compared path outside the tree is a usage error naming the option.
#[test]
fn a_compared_file_outside_the_tree_is_refused() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = grades_repo(dir.path(), "score >= 50", "score > 50");
    let o = explain(&repo, &["--compare-file", "../grades.txt"]);
    assert_eq!(o.status.code(), Some(2), "{}", text(&o.stderr));
    assert!(
        text(&o.stderr).contains("--compare-file ../grades.txt"),
        "{}",
        text(&o.stderr)
    );
}
