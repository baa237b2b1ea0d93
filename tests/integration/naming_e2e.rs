//! The lines a report names on the kinds of regression of issue 29 (sample-repos/ kinds
//! 1 to 7), through the real binary on real git repositories: the default analysis
//! (relevant slice conditions and the hunk search) names exactly the expected lines,
//! with the kind of evidence that named them and the evidence shown in the report.

use std::path::PathBuf;

use crate::common::*;
use samples::{Regression, Sample};
use serde_json::Value;

/// The sample's only regression, its repository (kept alive by the temporary
/// directory) and its stdin file.
struct Case {
    _dir: tempfile::TempDir,
    repo: PathBuf,
    stdin: PathBuf,
    reg: Regression,
}

fn case(name: &str) -> Case {
    let s: Sample = samples::load(&root().join("sample-repos").join(name)).expect("load sample");
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join(name);
    samples::build_repo(&s, &repo).expect("build sample repository");
    let reg = s.manifest.regressions[0].clone();
    let stdin = dir.path().join("stdin");
    let bytes = reg
        .test
        .stdin_bytes(&s.dir)
        .expect("stdin")
        .unwrap_or_default();
    std::fs::write(&stdin, bytes).expect("write stdin");
    Case {
        _dir: dir,
        repo,
        stdin,
        reg,
    }
}

/// The report of `c` in `format` with `extra` options.
fn report(c: &Case, format: &str, extra: &[&str]) -> String {
    let mut a: Vec<String> = vec![
        c.reg.good.clone(),
        c.reg.bad.clone(),
        "--no-cache".into(),
        "--stdin".into(),
        c.stdin.display().to_string(),
        "--format".into(),
        format.into(),
    ];
    a.extend(extra.iter().map(|x| x.to_string()));
    a.push("--".into());
    a.push(c.reg.test.program.clone());
    a.extend(c.reg.test.args.iter().cloned());
    let o = git_regcause(&c.repo, &a);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}{}",
        text(&o.stdout),
        text(&o.stderr)
    );
    text(&o.stdout)
}

fn json(c: &Case, extra: &[&str]) -> Value {
    let out = report(c, "json", extra);
    let v: Value = serde_json::from_str(&out).unwrap_or_else(|e| panic!("not JSON ({e}): {out}"));
    let errors = schema_errors("docs/report.schema.json", &v);
    assert!(errors.is_empty(), "{}\n{v:#}", errors.join("\n"));
    // The solver chain's per-layer counters account for every DARWIN query: z3, the
    // cache or the bounds answered it.
    let st = &v["stats"];
    let count = |v: &Value| v.as_u64().unwrap_or(0);
    let posed = count(&st["solver_calls"]) + count(&st["cache_hits"]);
    let answered = posed + count(&st["solver"]["by_bounds"]);
    assert_eq!(st["solver"]["queries"].as_u64(), Some(answered), "{st:#}");
    assert_eq!(st["solver"]["cache_hits"], st["cache_hits"], "{st:#}");
    v
}

fn named(v: &Value) -> Vec<String> {
    v["root_cause"]
        .as_array()
        .expect("root_cause")
        .iter()
        .map(|l| format!("{}:{}", l["file"].as_str().unwrap_or("?"), l["line"]))
        .collect()
}

/// The candidate at `at` (`file:line`).
fn candidate<'a>(v: &'a Value, at: &str) -> &'a Value {
    v["candidates"]
        .as_array()
        .expect("candidates")
        .iter()
        .find(|c| format!("{}:{}", c["file"].as_str().unwrap_or("?"), c["line"]) == at)
        .unwrap_or_else(|| panic!("no candidate at {at}: {v:#}"))
}

/// Every sample of kinds 1 to 5 (and the trend sample of kind 6): the default analysis
/// names exactly these lines, from this kind of evidence. Every one of them named
/// another line before issue 29's changes but grade-letters, cheapest and bandwidth
/// (whose report then blamed no line: `ub_only`).
#[test]
fn each_kind_names_the_expected_lines() {
    let table: &[(&str, &[&str], &str)] = &[
        // 1: an unchanged output statement (a constant printed) is not named; the
        // one-line change is as narrow as the hunk search gets.
        ("fare-band", &["fares.c:15"], "hunk-search"),
        ("grade-letters", &["grade.c:7"], "hunk-search"),
        // 2: missing output.
        ("bar-chart", &["bars.c:14"], "hunk-search"),
        ("mirror", &["text.c:10"], "hunk-search"),
        // 3: missing code, named at the place of the deletion (row-sums needs the
        // initialisation moved to its declaration too: deleting the reset alone reads
        // an uninitialised sum, which the search does not count as the same failure).
        ("row-sums", &["rows.c:10", "rows.c:15"], "hunk-search"),
        ("even-filter", &["filter.c:5"], "hunk-search"),
        ("word-count", &["wc.c:18"], "hunk-search"),
        // 4: the change introduces the undefined behaviour.
        ("mean-millis", &["mean.c:21"], "hunk-search"),
        ("bandwidth", &["units.c:5"], "hunk-search"),
        // 5: a wrong initial value acting through a decision.
        // (cheapest's change has three hunks, all needed: the changed values name it.)
        ("cheapest", &["cheap.c:11"], "value"),
        ("meetings", &["plan.c:5"], "hunk-search"),
        // 6: a latent fault in unchanged code, named with the change that exposes it.
        ("trend", &["round.c:5", "trend.c:17"], "exposed"),
        // 7: the good revision reads one element past an array, which its native build
        // survives; both runs continue past it and the regression is analysed.
        ("peaks", &["peaks.c:19"], "hunk-search"),
        ("order-ids", &["orders.c:26"], "hunk-search"),
        ("rises", &["readings.c:21"], "hunk-search"),
    ];
    let mut failures = Vec::new();
    for (name, want, evidence) in table {
        let c = case(name);
        let v = json(&c, &[]);
        let got = named(&v);
        if got != *want || v["root_cause_evidence"] != *evidence {
            failures.push(format!(
                "{name}: named {got:?} by {}, expected {want:?} by {evidence}",
                v["root_cause_evidence"]
            ));
        }
        if v["ub_only"] == true {
            failures.push(format!("{name}: ub_only"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Without the hunk search the slices alone name the changed line: an exposed line
/// that only prints is no candidate (fare-band's `puts`, meetings' `printf` of the
/// refused meeting), and a decision that skipped the good run's output is (bar-chart,
/// mirror: a loop that no longer runs).
#[test]
fn without_the_hunk_search_the_slices_name_the_change() {
    for (name, want, explanation) in [
        ("fare-band", "fares.c:15", "value"),
        ("meetings", "plan.c:5", "value"),
        ("bar-chart", "bars.c:14", "missing-output"),
        ("mirror", "text.c:10", "missing-output"),
    ] {
        let c = case(name);
        let v = json(&c, &["--no-dd"]);
        assert_eq!(named(&v), vec![want.to_string()], "{name}: {v:#}");
        let cand = candidate(&v, want);
        assert_eq!(cand["explanation"], explanation, "{name}: {cand:#}");
        assert_eq!(cand["changed"], true, "{name}: {cand:#}");
        if explanation == "missing-output" {
            assert!(cand["missing_output"].is_object(), "{name}: {cand:#}");
            assert!(
                cand["notes"][0]
                    .as_str()
                    .is_some_and(|n| n.starts_with("output went missing here")),
                "{name}: {cand:#}"
            );
            assert_eq!(v["root_cause_evidence"], "missing-output", "{name}");
        }
    }
}

/// Deleted code is shown where it was deleted, in the text and Markdown reports too.
#[test]
fn deleted_code_is_shown_at_its_place() {
    for (name, at, code) in [
        ("even-filter", "filter.c:5", "if (v < 0) return 0;"),
        ("word-count", "wc.c:18", "words++;"),
    ] {
        let c = case(name);
        let v = json(&c, &[]);
        let cand = candidate(&v, at);
        assert_eq!(cand["explanation"], "deletion", "{name}: {cand:#}");
        assert_eq!(cand["source"], code, "{name}: {cand:#}");
        let note = format!("deleted here: `{code}`");
        for format in ["text", "markdown"] {
            let out = report(&c, format, &[]);
            assert!(out.contains(&note), "{name} ({format}):\n{out}");
        }
    }
}

/// A change that introduces undefined behaviour (an out-of-range conversion to `int`)
/// is named, with the undefined behaviour on its line; the runs are not said to differ
/// only through an assumption.
#[test]
fn a_change_that_introduces_undefined_behaviour_is_named() {
    for (name, at) in [("mean-millis", "mean.c:21"), ("bandwidth", "units.c:5")] {
        let c = case(name);
        let v = json(&c, &["--no-dd"]);
        assert_eq!(named(&v), vec![at.to_string()], "{name}: {v:#}");
        assert_ne!(v["ub_only"], true, "{name}");
        let cand = candidate(&v, at);
        assert!(
            cand["notes"].as_array().expect("notes").iter().any(|n| n
                .as_str()
                .is_some_and(|n| n.contains("introduces undefined behaviour"))),
            "{name}: {cand:#}"
        );
    }
}

/// Kind 6: the unchanged line that computes numbers it never computed before, in a
/// function the change calls but did not touch, is named first and says which change
/// exposed it. tally-columns' fault is the loop condition of digits() (line 11), which
/// computes no number: the line named is the first one computing new numbers in the
/// helper chain (right()'s count, line 22), unchanged and marked latent, not the
/// changed lines that call it.
#[test]
fn a_latent_fault_is_named_with_the_change_that_exposes_it() {
    let c = case("trend");
    let v = json(&c, &[]);
    let latent = candidate(&v, "round.c:5");
    assert_eq!(
        (&latent["changed"], &latent["exposed"]),
        (&Value::Bool(false), &Value::Bool(true))
    );
    assert!(
        latent["notes"]
            .as_array()
            .expect("notes")
            .iter()
            .any(|n| n.as_str() == Some("named as a latent fault in unchanged code, exposed by the change at trend.c:17")),
        "{latent:#}"
    );
    let has_note = |c: &Value, note: &str| {
        c["notes"]
            .as_array()
            .expect("notes")
            .iter()
            .any(|n| n.as_str() == Some(note))
    };
    let change = candidate(&v, "trend.c:17");
    assert!(
        has_note(
            change,
            "named as the change that exposes the latent fault at round.c:5"
        ),
        "{change:#}"
    );
    // The exposed line first, then the change beside it, each saying which it is.
    let c = case("tally-columns");
    let v = json(&c, &[]);
    assert_eq!(named(&v), ["tally.c:22", "tally.c:43"], "{v:#}");
    let cand = candidate(&v, "tally.c:22");
    assert_eq!(cand["changed"], false, "{v:#}");
    assert_eq!(cand["exposed"], true, "{v:#}");
    assert_eq!(v["root_cause_evidence"], "exposed", "{v:#}");
    assert!(
        has_note(
            candidate(&v, "tally.c:43"),
            "named as the change that exposes the latent fault at tally.c:22"
        ),
        "{v:#}"
    );
}

/// A commit that changes only a macro's body in a header (issue 27 item 6): the
/// report names the changed `#define` and the unchanged line that expands it, never
/// the unchanged statement that writes the first differing output. macro-body's
/// definition shares its hunk with a comment and a new macro; macro-multiline's
/// definition is continued over three lines, named at its `#define`. Without the hunk
/// search the slices name both too.
#[test]
fn a_changed_macro_body_names_its_definition_and_its_use() {
    for (name, def, used, printf) in [
        ("macro-body", "conv.h:6", "temps.c:25", "temps.c:29"),
        (
            "macro-multiline",
            "levels.h:7",
            "levels.c:12",
            "levels.c:13",
        ),
    ] {
        let c = case(name);
        let v = json(&c, &[]);
        assert_eq!(
            named(&v),
            vec![def.to_string(), used.to_string()],
            "{name}: {v:#}"
        );
        let u = candidate(&v, used);
        assert!(
            u["notes"].as_array().expect("notes").iter().any(|n| n
                .as_str()
                .is_some_and(|n| n.starts_with("expands the changed macro"))),
            "{name}: {u:#}"
        );
        let slices = json(&c, &["--no-dd"]);
        let got = named(&slices);
        assert!(
            got.contains(&def.to_string()) && got.contains(&used.to_string()),
            "{name} --no-dd: {got:?}"
        );
        assert!(
            !got.contains(&printf.to_string()),
            "{name} --no-dd: {got:?}"
        );
    }
}

/// Kind 7: a good revision that stops on a read just past an array (which its native
/// build survives) is run again continuing past such reads, and the report says so;
/// `--strict` keeps the first verdict, and so does a read far from any object.
#[test]
fn a_good_revision_surviving_an_off_by_one_read_is_analysed() {
    let c = case("peaks");
    let v = json(&c, &[]);
    let note = v["notes"]
        .as_array()
        .expect("notes")
        .iter()
        .filter_map(Value::as_str)
        .find(|n| n.starts_with("the good revision stops on an out-of-bounds read at peaks.c:17"));
    assert!(note.is_some(), "{v:#}");
    let strict = git_regcause(
        &c.repo,
        &[
            c.reg.good.as_str(),
            c.reg.bad.as_str(),
            "--no-cache",
            "--strict",
            "--stdin",
            c.stdin.to_str().expect("utf-8 path"),
            "--",
            c.reg.test.program.as_str(),
        ],
    );
    let out = text(&strict.stdout);
    assert_eq!(strict.status.code(), Some(1), "{out}");
    assert!(
        out.contains("already fails at") && out.contains("peaks.c:17"),
        "{out}"
    );

    // A read 400 bytes past the array is no near miss: the verdict stands.
    let dir = tempfile::tempdir().expect("tempdir");
    let src = |k: &str| {
        format!(
            "#include <stdio.h>\nint main(void) {{\n    int v[4] = {{1, 2, 3, 4}};\n    int far = v[100];\n    printf(\"%d\\n\", v[0] * {k} + far * 0);\n    return 0;\n}}\n"
        )
    };
    let (good, bad) = (src("1"), src("2"));
    let repo = crate::realrepo_e2e::history(
        dir.path(),
        &[
            ("good", &[("far.c", Some(good.as_bytes()))]),
            ("bad", &[("far.c", Some(bad.as_bytes()))]),
        ],
    );
    let o = git_regcause(&repo, &["good", "bad", "--no-cache", "--", "./far"]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}{}", text(&o.stderr));
    assert!(
        out.contains("already fails at") && out.contains("far.c:4"),
        "{out}"
    );
}

/// A change on a continuation line of a long macro in a header of an include directory
/// (uthash's shape): the hunk search runs (a continuation line is part of its directive,
/// so the splice does not take the unchanged user's expansion from the good side) and
/// the changed line itself is named, with the unchanged line that expands it.
#[test]
fn a_change_inside_a_long_macro_names_its_line() {
    let dir = tempfile::tempdir().expect("tempdir");
    let header = |cmp: &str| {
        format!(
            "#ifndef SORTY_H\n#define SORTY_H\n#define SORT_DESC(a, n)            \\\ndo {{                                \\\n  int _i, _j, _t;                   \\\n  for (_i = 0; _i < (n); _i++)      \\\n    for (_j = _i + 1; _j < (n); _j++) \\\n      if ((a)[_j] {cmp} (a)[_i]) {{      \\\n        _t = (a)[_i]; (a)[_i] = (a)[_j]; (a)[_j] = _t; \\\n      }}                             \\\n}} while (0)\n#endif\n"
        )
    };
    let test = "#include <stdio.h>\n#include \"sorty.h\"\n\nint main(void)\n{\n    int v[6] = {4, 9, 1, 7, 3, 8};\n    SORT_DESC(v, 6);\n    for (int i = 0; i < 6; i++)\n        printf(\"%d\\n\", v[i]);\n    return 0;\n}\n";
    let (good, bad) = (header(">"), header("<"));
    let repo = crate::realrepo_e2e::history(
        dir.path(),
        &[
            (
                "good",
                &[
                    ("tests/t1.c", Some(test.as_bytes())),
                    ("src/sorty.h", Some(good.as_bytes())),
                ],
            ),
            ("bad", &[("src/sorty.h", Some(bad.as_bytes()))]),
        ],
    );
    let o = git_regcause(
        &repo,
        &[
            "good",
            "bad",
            "--no-cache",
            "-I",
            "src",
            "--format",
            "json",
            "--",
            "./t1",
        ],
    );
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let v: Value = serde_json::from_str(&out).expect("JSON report");
    assert_eq!(named(&v), ["src/sorty.h:8", "tests/t1.c:7"], "{v:#}");
    assert_eq!(v["dd"]["narrowed"], true, "{v:#}");
    let def = candidate(&v, "src/sorty.h:8");
    assert_eq!(
        def["source"].as_str().map(str::trim),
        Some("if ((a)[_j] < (a)[_i]) {"),
        "{def:#}"
    );
}

/// Changes to code no statement runs, each the whole failure-inducing change: an
/// enumeration constant in a header of an include directory, a buffer's size in a
/// structure, changed with a comment above it, and a local buffer's size. The changed declaration is named (it
/// was the unchanged `printf` the constant is compiled into, "only exposed by the
/// change"), as a `declaration` candidate with the hunk and why.
#[test]
fn a_changed_declaration_is_named_not_the_lines_it_is_compiled_into() {
    let enum_h = |v: &str| {
        format!(
            "#ifndef LEVELS_H\n#define LEVELS_H\nenum level {{ LOW, MID = {v}, HIGH }};\n#endif\n"
        )
    };
    let enum_c = "#include <stdio.h>\n#include \"levels.h\"\n\nint main(void)\n{\n    printf(\"%d %d\\n\", MID, HIGH);\n    return 0;\n}\n";
    let rec = |size: &str| {
        format!("#include <stdio.h>\n#include <string.h>\n\nstruct rec {{\n    int id;\n{size}\n    int tag;\n}};\n\nint main(void)\n{{\n    struct rec r;\n    memset(&r, 0, sizeof r);\n    printf(\"%zu\\n\", sizeof r);\n    return 0;\n}}\n")
    };
    // A local buffer's size: its storage starts at run time, but the size is compiled
    // into the `sizeof` below.
    let local = |n: &str| {
        format!("#include <stdio.h>\n\nint main(void)\n{{\n    char buf[{n}];\n    int w = snprintf(buf, sizeof buf, \"%s\", \"level-one\");\n    printf(\"%d %s\\n\", w, buf);\n    return 0;\n}}\n")
    };
    /// Files at good and bad, options, and the line named with its source.
    struct Declared<'a> {
        good: Vec<(&'a str, String)>,
        bad: Vec<(&'a str, String)>,
        opts: &'a [&'a str],
        at: &'a str,
        source: &'a str,
    }
    let cases = [
        Declared {
            good: vec![
                ("include/levels.h", enum_h("4")),
                ("tests/t.c", enum_c.to_string()),
            ],
            bad: vec![("include/levels.h", enum_h("5"))],
            opts: &["-I", "include"],
            at: "include/levels.h:3",
            source: "enum level { LOW, MID = 5, HIGH };",
        },
        Declared {
            good: vec![("tests/t.c", rec("    char name[8];"))],
            bad: vec![(
                "tests/t.c",
                rec("    /* room for the suffix */\n    char name[12];"),
            )],
            opts: &[],
            at: "tests/t.c:7",
            source: "char name[12];",
        },
        Declared {
            good: vec![("tests/t.c", local("8"))],
            bad: vec![("tests/t.c", local("5"))],
            opts: &[],
            at: "tests/t.c:5",
            source: "char buf[5];",
        },
    ];
    for Declared {
        good,
        bad,
        opts,
        at,
        source,
    } in cases
    {
        let dir = tempfile::tempdir().expect("tempdir");
        fn view<'a>(files: &'a [(&'a str, String)]) -> Vec<(&'a str, Option<&'a [u8]>)> {
            files
                .iter()
                .map(|(p, t)| (*p, Some(t.as_bytes())))
                .collect()
        }
        let (g, b) = (view(&good), view(&bad));
        let repo = crate::realrepo_e2e::history(dir.path(), &[("good", &g), ("bad", &b)]);
        let mut args = vec!["good", "bad", "--no-cache", "--format", "json"];
        args.extend(opts);
        args.extend(["--", "./t"]);
        named_hunk_line(&repo, &args, at, "declaration", source);
    }
}

/// Runs the main command with `args` (JSON) in `repo` and checks that it names the
/// changed line `at` alone, a candidate of kind `explanation` with that `source` and
/// its hunk, not "only exposed" by the change; returns the report.
fn named_hunk_line(
    repo: &std::path::Path,
    args: &[&str],
    at: &str,
    explanation: &str,
    source: &str,
) -> Value {
    let o = git_regcause(repo, args);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(0), "{out}{}", text(&o.stderr));
    let v: Value = serde_json::from_str(&out).expect("JSON report");
    let errors = schema_errors("docs/report.schema.json", &v);
    assert!(errors.is_empty(), "{}\n{v:#}", errors.join("\n"));
    assert_eq!(named(&v), [at], "{v:#}");
    let c = candidate(&v, at);
    assert_eq!(c["explanation"], explanation, "{c:#}");
    assert_eq!(c["changed"], true, "{c:#}");
    assert_eq!(c["source"].as_str().map(str::trim), Some(source), "{c:#}");
    assert!(c["hunk"].is_string(), "{c:#}");
    assert_eq!(v["dd"]["exposes_only"], false, "{v:#}");
    v
}

/// Changes the bad run executes with no dependence the trace shows from them to the
/// failing output, each the whole failure-inducing change: a store gone to another
/// element (the output reads the element it no longer writes), and a seed given to the
/// C library, whose generator keeps it inside. The changed line is named, as an
/// `unread` candidate with the hunk (it was the unchanged `printf`, "only exposed by
/// the change").
#[test]
fn a_changed_line_outside_the_failing_slice_is_named_unread() {
    let store = |i: &str| {
        format!("#include <stdio.h>\n\nstruct big {{\n    unsigned d[4];\n    int n;\n}};\n\nstatic void set(struct big *a, unsigned v)\n{{\n    a->d[{i}] = v;\n    a->n = 1;\n}}\n\nint main(void)\n{{\n    struct big a = {{{{0}}, 0}};\n    set(&a, 42);\n    printf(\"%u %d\\n\", a.d[0], a.n);\n    return 0;\n}}\n")
    };
    let seed = |s: &str| {
        format!("#include <stdio.h>\n#include <stdlib.h>\n\nint main(void)\n{{\n    srand({s});\n    int r = rand() % 100;\n    printf(\"%d\\n\", r);\n    return 0;\n}}\n")
    };
    for (good, bad, at, source) in [
        (store("0"), store("1"), "tests/t.c:10", "a->d[1] = v;"),
        (seed("1"), seed("2"), "tests/t.c:6", "srand(2);"),
    ] {
        let dir = tempfile::tempdir().expect("tempdir");
        let g = [("tests/t.c", Some(good.as_bytes()))];
        let b = [("tests/t.c", Some(bad.as_bytes()))];
        let repo = crate::realrepo_e2e::history(dir.path(), &[("good", &g), ("bad", &b)]);
        let args = ["good", "bad", "--no-cache", "--format", "json", "--", "./t"];
        named_hunk_line(&repo, &args, at, "unread", source);
    }
}

/// Swapped `strcpy` arguments, and a deleted assignment: the bad run prints a buffer
/// or a variable nothing wrote, so the runs differ only through its uninitialised read
/// (`ub_only`). The value findings built on the assumed zero are dropped, and the
/// change the hunk search isolated is named as introducing the undefined behaviour
/// (the report said "no line is blamed", beside a deletion it named all the same).
#[test]
fn a_change_that_leaves_a_buffer_unwritten_is_named_for_its_undefined_behaviour() {
    let prog = |call: &str| {
        format!("#include <stdio.h>\n#include <string.h>\n\nint main(void)\n{{\n    char w[8] = \"abc\";\n    char copy[8];\n    int n;\n{call}\n    printf(\"[%s] %d\\n\", copy, n);\n    return 0;\n}}\n")
    };
    let good = prog("    strcpy(copy, w);\n    n = 3;");
    let cases = [
        (
            prog("    strcpy(w, copy);\n    n = 3;"),
            "tests/t.c:9",
            "unread",
            "strcpy(w, copy);",
        ),
        (
            prog("    strcpy(copy, w);"),
            "tests/t.c:10",
            "deletion",
            "n = 3;",
        ),
    ];
    for (bad, at, kind, source) in cases {
        let dir = tempfile::tempdir().expect("tempdir");
        let g = [("tests/t.c", Some(good.as_bytes()))];
        let b = [("tests/t.c", Some(bad.as_bytes()))];
        let repo = crate::realrepo_e2e::history(dir.path(), &[("good", &g), ("bad", &b)]);
        let args = ["good", "bad", "--no-cache", "--format", "json", "--", "./t"];
        let v = named_hunk_line(&repo, &args, at, kind, source);
        assert_eq!(v["ub_only"], true, "{v:#}");
        let c = candidate(&v, at);
        assert!(
            c["notes"]
                .to_string()
                .contains("introduces undefined behaviour"),
            "{c:#}"
        );
        let notes = v["notes"].to_string();
        assert!(!notes.contains("no line is blamed"), "{notes}");
    }
}
