//! A unit test's constants as inputs (issue 28) through the binary: on repositories
//! whose test calls the code under test with literals and reads nothing from argv or
//! stdin, DARWIN's alternative input is a literal edit of the test, replayed at both
//! revisions (checked here by compiling the edited test with gcc), an assertion's
//! expected value is never an input, and a loop bounded by `strlen` of a literal
//! yields constraints.

use std::path::Path;

use crate::common::*;
use crate::realrepo_e2e::history;

const KV_H: &str = "int clamp(int x, int lo, int hi);\n";

const KV_GOOD: &str = "#include \"kv.h\"\n\
int clamp(int x, int lo, int hi)\n\
{\n\
    if (x < lo)\n\
        return lo;\n\
    if (x > hi)\n\
        return hi;\n\
    return x;\n\
}\n";

const TEST: &str = "#include <stdio.h>\n\
#include \"kv.h\"\n\
#define CHECK_EQ(got, want) do { int g_ = (got); if (g_ != (want)) printf(\"FAIL %d: %d\\n\", __LINE__, g_); } while (0)\n\
int main(void)\n\
{\n\
    CHECK_EQ(clamp(5, 0, 10), 5);\n\
    CHECK_EQ(clamp(13, 0, 10), 10);\n\
    puts(\"done\");\n\
    return 0;\n\
}\n";

/// The clamp repository: v1 good, v2 lets values up to 3 above `hi` through.
fn clamp_repo(dir: &Path) -> std::path::PathBuf {
    let bad = KV_GOOD.replace("if (x > hi)", "if (x - hi > 3)");
    history(
        dir,
        &[
            (
                "v1",
                &[
                    ("kv.h", Some(KV_H.as_bytes())),
                    ("kv.c", Some(KV_GOOD.as_bytes())),
                    ("test_kv.c", Some(TEST.as_bytes())),
                ],
            ),
            ("v2", &[("kv.c", Some(bad.as_bytes()))]),
        ],
    )
}

fn report(repo: &Path, program: &str) -> serde_json::Value {
    let o = git_regcause(
        repo,
        &["--format", "json", "--no-cache", "v1", "v2", "--", program],
    );
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON report");
    let errs = schema_errors("docs/report.schema.json", &v);
    assert!(errs.is_empty(), "{errs:?}");
    v
}

/// What gcc's build of the kv library and the edited test prints at `rev`.
fn native_stdout(repo: &Path, rev: &str, test_file: &str, edited: &str, out: &Path) -> String {
    native_stdout_of(repo, rev, ("kv.h", "kv.c"), test_file, edited, out)
}

/// What gcc's build of the library (`lib`: its header and source at `rev`) and the
/// edited test prints.
fn native_stdout_of(
    repo: &Path,
    rev: &str,
    lib: (&str, &str),
    test_file: &str,
    edited: &str,
    out: &Path,
) -> String {
    let tree = out.join(rev);
    std::fs::create_dir_all(&tree).expect("mkdir");
    for f in [lib.0, lib.1] {
        let content = git(repo, &["show", &format!("{rev}:{f}")]);
        std::fs::write(tree.join(f), content).expect("write");
    }
    std::fs::write(tree.join(test_file), edited).expect("write");
    let exe = tree.join("t");
    gcc(&[tree.join(test_file), tree.join(lib.1)], &exe).expect("gcc");
    let o = std::process::Command::new(&exe).output().expect("run");
    text(&o.stdout)
}

/// The decision kv.c:6 is named with an alternative that changes a literal of the
/// test; running the test with that edit, compiled by gcc at both revisions, prints
/// what the report says each revision prints, and the revisions agree.
#[test]
fn a_literal_alternative_is_replayed_at_both_revisions() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = clamp_repo(dir.path());
    let v = report(&repo, "test_kv");
    let cands = v["candidates"].as_array().expect("candidates");
    let c = cands
        .iter()
        .find(|c| c["file"] == "kv.c" && c["line"] == 6 && c["explanation"] == "decision")
        .unwrap_or_else(|| panic!("no decision at kv.c:6: {v:#}"));
    let alt = &c["alternative"];
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    assert_eq!(alt["as_predicted"], true, "{alt:#}");
    assert_eq!(alt["args"].as_array().map(Vec::len), Some(0));
    let edits = alt["literals"].as_array().expect("literal edits");
    assert_eq!(edits.len(), 1, "{edits:?}");
    let at = edits[0]["at"].as_str().expect("at");
    let (from, to) = (
        edits[0]["from"].as_str().expect("from"),
        edits[0]["to"].as_str().expect("to"),
    );
    // The literal passed as clamp's x on line 7 (the failing check).
    assert!(at.starts_with("test_kv.c:7:"), "{at}");
    assert_eq!(from, "13");
    // Apply the edit to the source as a user would, and build it with gcc.
    let mut lines: Vec<String> = TEST.lines().map(str::to_string).collect();
    lines[6] = lines[6].replacen(&format!("clamp({from},"), &format!("clamp({to},"), 1);
    assert_ne!(
        lines[6],
        TEST.lines().nth(6).unwrap_or(""),
        "edit not applied"
    );
    let edited = lines.join("\n") + "\n";
    let good = native_stdout(&repo, "v1", "test_kv.c", &edited, &dir.path().join("n"));
    let bad = native_stdout(&repo, "v2", "test_kv.c", &edited, &dir.path().join("n"));
    assert_eq!(alt["good_stdout"].as_str(), Some(good.as_str()));
    assert_eq!(alt["bad_stdout"].as_str(), Some(bad.as_str()));
    assert_eq!(good, bad);
    // Text and Markdown show the edit.
    for fmt in ["text", "markdown"] {
        let o = git_regcause(
            &repo,
            &["--format", fmt, "--no-cache", "v1", "v2", "--", "test_kv"],
        );
        let t = text(&o.stdout);
        assert!(t.contains(&format!("{from} → {to} at {at}")), "{fmt}:\n{t}");
    }
}

/// The inputs of the test's run are exactly the literals it passes to the code under
/// test: the expected values of CHECK_EQ (5, 10) are constants, and so is the line
/// number `__LINE__` passed to printf.
#[test]
fn an_assertions_expected_value_is_never_an_input() {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = clamp_repo(dir.path());
    let o = git_regcause(&repo, &["pc", "v2", "--", "test_kv"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let inputs: Vec<&str> = out
        .lines()
        .filter(|l| l.contains("passed to the code under test"))
        .collect();
    // clamp(5, 0, 10) and clamp(13, 0, 10): three arguments each.
    assert_eq!(inputs.len(), 6, "{out}");
    assert!(out.contains("Symbolic inputs (6):"), "{out}");
    // Every alternative the analysis shows edits an argument, never an expectation.
    let v = report(&repo, "test_kv");
    for c in v["candidates"].as_array().expect("candidates") {
        for e in c["alternative"]["literals"]
            .as_array()
            .into_iter()
            .flatten()
        {
            assert_ne!(e["from"], "10", "{e}");
            assert_ne!(e["from"], "5", "{e}");
        }
    }
    // `--test-files` chooses the test's files by glob; `none` turns literals off.
    for (glob, n) in [("test_*.c", 6), ("kv.c", 0), ("none", 0)] {
        let o = git_regcause(&repo, &["pc", "--test-files", glob, "v2", "--", "test_kv"]);
        let out = text(&o.stdout);
        assert!(
            out.contains(&format!("Symbolic inputs ({n}):")),
            "{glob}: {out}"
        );
    }
}

/// A loop bounded by `strlen` of a literal the test passes branches on the literal's
/// bytes: each test of the loop condition is a constraint over them (the length as a
/// chain over the bytes), in `pc` and in the bad run's condition of the analysis.
#[test]
fn a_strlen_bounded_loop_yields_constraints() {
    let lib = "#include <string.h>\n\
int count_a(const char *s)\n\
{\n\
    int n = 0;\n\
    for (size_t i = 0; i < strlen(s); i++)\n\
        if (s[i] == 'a')\n\
            n++;\n\
    return n;\n\
}\n";
    let bad = lib.replace("i < strlen(s)", "i + 1 < strlen(s)");
    let test = "#include <stdio.h>\n\
int count_a(const char *s);\n\
int main(void)\n\
{\n\
    printf(\"%d\\n\", count_a(\"banana\"));\n\
    return 0;\n\
}\n";
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    ("count.c", Some(lib.as_bytes())),
                    ("test_count.c", Some(test.as_bytes())),
                ],
            ),
            ("v2", &[("count.c", Some(bad.as_bytes()))]),
        ],
    );
    // The loop condition, tested 6 times at v1 (7 with the exit), is a constraint
    // each time: `strlen` is a chain over the literal's bytes.
    let o = git_regcause(&repo, &["pc", "v1", "--", "test_count"]);
    let out = text(&o.stdout);
    let loop_tests: Vec<&str> = out
        .lines()
        // Path condition lines: `  N. condition  file:line:col`.
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .filter(|l| {
            l.rsplit(' ')
                .next()
                .is_some_and(|at| at.starts_with("count.c:5:"))
        })
        .collect();
    assert_eq!(loop_tests.len(), 7, "{out}");
    assert!(
        loop_tests
            .iter()
            .all(|l| l.contains("test_count.c:5:24[5] == 0 ? 5 : 6")),
        "{out}"
    );
    let v = report(&repo, "test_count");
    let psi = v["stats"]["bad_constraints"].as_u64().unwrap_or(0);
    assert!(psi >= 6, "{:#}", v["stats"]);
    assert!(
        root_cause_lines(&v).contains(&"count.c:5".to_string()),
        "{v:#}"
    );
}

fn root_cause_lines(v: &serde_json::Value) -> Vec<String> {
    v["root_cause"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|l| format!("{}:{}", l["file"].as_str().unwrap_or("?"), l["line"]))
        .collect()
}

const STATS_H: &str = "struct pt { int x, y; };\n\
int count_positive(const int *xs, int n);\n\
int manhattan(const struct pt *p);\n";

const STATS_GOOD: &str = "#include \"stats.h\"\n\
int count_positive(const int *xs, int n) {\n\
    int c = 0;\n\
    for (int i = 0; i < n; i++)\n\
        if (xs[i] > 0)\n\
            c++;\n\
    return c;\n\
}\n\
int manhattan(const struct pt *p) {\n\
    int x = p->x < 0 ? -p->x : p->x;\n\
    int y = p->y < 0 ? -p->y : p->y;\n\
    return x + y;\n\
}\n";

/// The test passes an array and a struct by their initialisers, and keeps its
/// expected values in an array it only prints.
const STATS_TEST: &str = "#include <stdio.h>\n\
#include \"stats.h\"\n\
int main(void) {\n\
    int xs[] = {3, -1, 7, 1};\n\
    struct pt p = {-2, 5};\n\
    int want[] = {3, 7};\n\
    int c = count_positive(xs, 4);\n\
    printf(\"positive %d (want %d)\\n\", c, want[0]);\n\
    printf(\"distance %d (want %d)\\n\", manhattan(&p), want[1]);\n\
    return c == want[0] ? 0 : 1;\n\
}\n";

/// Array and struct initialisers the test passes to the code under test are inputs
/// named by location (`want`'s, passed only to printf, are not), and DARWIN names the
/// changed decision with an edit of one array element, replayed at both revisions
/// (checked with gcc builds of the edited test) where they agree.
#[test]
fn initialisers_the_test_passes_are_inputs_darwin_flips() {
    let dir = tempfile::tempdir().expect("tempdir");
    let bad = STATS_GOOD.replace("xs[i] > 0", "xs[i] > 1");
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    ("stats.h", Some(STATS_H.as_bytes())),
                    ("stats.c", Some(STATS_GOOD.as_bytes())),
                    ("test_stats.c", Some(STATS_TEST.as_bytes())),
                ],
            ),
            ("v2", &[("stats.c", Some(bad.as_bytes()))]),
        ],
    );
    let pc = git_regcause(&repo, &["pc", "v2", "--", "test_stats"]);
    let pc = text(&pc.stdout);
    for at in [
        "test_stats.c:4:13",
        "test_stats.c:4:16",
        "test_stats.c:4:20",
        "test_stats.c:4:23",
        "test_stats.c:5:16",
        "test_stats.c:5:20",
        "test_stats.c:7:28",
    ] {
        assert!(
            pc.contains(&format!("\n  {at} ")),
            "{at} is no input:\n{pc}"
        );
    }
    assert!(
        pc.contains("Symbolic inputs (7):"),
        "want[] must stay constant:\n{pc}"
    );
    let o = git_regcause(
        &repo,
        &[
            "--format",
            "json",
            "--no-cache",
            "--no-dd",
            "v1",
            "v2",
            "--",
            "test_stats",
        ],
    );
    let v = checked_report(&o);
    assert_eq!(root_cause_lines(&v), ["stats.c:5"], "{v:#}");
    let c = &v["candidates"][0];
    assert_eq!(c["explanation"], "decision", "{c:#}");
    let alt = &c["alternative"];
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let edits = alt["literals"].as_array().expect("literal edits");
    assert_eq!(edits.len(), 1, "{edits:?}");
    assert_eq!(edits[0]["at"], "test_stats.c:4:23", "{edits:?}");
    assert_eq!(edits[0]["from"], "1");
    let to = edits[0]["to"].as_str().expect("to");
    let edited = STATS_TEST.replacen("7, 1}", &format!("7, {to}}}"), 1);
    assert_ne!(edited, STATS_TEST);
    let out = dir.path().join("n");
    let lib = ("stats.h", "stats.c");
    let good = native_stdout_of(&repo, "v1", lib, "test_stats.c", &edited, &out);
    let bad = native_stdout_of(&repo, "v2", lib, "test_stats.c", &edited, &out);
    assert_eq!(alt["good_stdout"].as_str(), Some(good.as_str()));
    assert_eq!(alt["bad_stdout"].as_str(), Some(bad.as_str()));
    assert_eq!(good, bad);
}

/// A header-only library (jsmn's shape): the test is the program's one file, and the
/// code under test comes with a header it includes. The literals it passes are inputs
/// by default, and DARWIN names the changed decision with a literal edit that the two
/// revisions agree on. A header of only `static` functions is the test's own helpers:
/// the literals passed to them (expected values) stay constants.
#[test]
fn a_header_only_librarys_test_gets_its_literals_as_inputs() {
    let dir = tempfile::tempdir().expect("tempdir");
    let lib = |bound: &str| {
        format!(
            "int is_hex(const char *s)\n{{\n    for (; *s; s++)\n        if (!((*s >= '0' && *s <= '9') || (*s >= 'A' && *s {bound} 'F')))\n            return 0;\n    return 1;\n}}\n"
        )
    };
    let helpers = "static int expect(int got, int want)\n{\n    return got == want;\n}\n";
    let test = "#include <stdio.h>\n#include \"hex.h\"\n#include \"helpers.h\"\n\
                int main(void)\n{\n    printf(\"%d\\n\", is_hex(\"AB\"));\n\
                printf(\"%d\\n\", is_hex(\"F0\"));\n    printf(\"%d\\n\", expect(2, 2));\n\
                return 0;\n}\n";
    let (good, bad) = (lib("<="), lib("<"));
    let repo = history(
        dir.path(),
        &[
            (
                "v1",
                &[
                    ("hex.h", Some(good.as_bytes())),
                    ("helpers.h", Some(helpers.as_bytes())),
                    ("test.c", Some(test.as_bytes())),
                ],
            ),
            ("v2", &[("hex.h", Some(bad.as_bytes()))]),
        ],
    );
    let v = report(&repo, "test");
    let lits = v["stats"]["symbolic_inputs"]["literals"].as_u64();
    // "AB" and "F0": three bytes each with their NULs, nothing of `expect(2, 2)`.
    assert_eq!(lits, Some(6), "{:#}", v["stats"]);
    let c = &v["candidates"][0];
    assert_eq!(
        (c["file"].as_str(), c["line"].as_u64()),
        (Some("hex.h"), Some(4)),
        "{v:#}"
    );
    assert_eq!(c["explanation"], "decision", "{c:#}");
    let alt = &c["alternative"];
    assert_eq!(alt["revisions_agree"], true, "{alt:#}");
    let edits = alt["literals"].as_array().expect("literal edits");
    assert!(
        edits
            .iter()
            .all(|e| e["at"].as_str().is_some_and(|a| a.starts_with("test.c:7:"))),
        "{edits:?}"
    );
    assert!(!edits.is_empty(), "{alt:#}");
}
