//! Delta debugging on the hunks, end to end with the real binary on repositories built
//! from the `sample-repos/dd-*` samples: each regression ends with at most three
//! reported lines holding its ground truth (a subset that loops forever is given up
//! on within the step budget), `--no-dd` leaves the section out, JSON and
//! SARIF carry the hunks, the user's tree is untouched and a repeated run is answered
//! by the subset cache.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::*;
use samples::{Regression, Sample};
use serde_json::Value;

const SAMPLES: [&str; 5] = [
    "dd-refactor",
    "dd-together",
    "dd-rename",
    "dd-rewrite",
    "dd-loop",
];

struct Built {
    dir: tempfile::TempDir,
    repo: PathBuf,
}

fn build(s: &Sample) -> Built {
    let dir = tempfile::tempdir().expect("tempdir");
    let repo = dir.path().join(&s.name);
    samples::build_repo(s, &repo).expect("build sample repository");
    Built { dir, repo }
}

fn sample(name: &str) -> Sample {
    samples::load(&root().join("sample-repos").join(name)).expect("load sample")
}

fn run(s: &Sample, b: &Built, r: &Regression, extra: &[&str]) -> Output {
    let stdin = r
        .test
        .stdin_bytes(&s.dir)
        .expect("stdin")
        .unwrap_or_default();
    let f = b.dir.path().join(format!("{}.stdin", r.id));
    std::fs::write(&f, stdin).expect("write stdin");
    let mut a: Vec<String> = vec![
        r.good.clone(),
        r.bad.clone(),
        "--stdin".into(),
        f.display().to_string(),
    ];
    a.extend(extra.iter().map(|x| x.to_string()));
    a.push("--".into());
    a.push(r.test.program.clone());
    a.extend(r.test.args.iter().cloned());
    let o = git_regcause(&b.repo, &a);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}: {}{}",
        r.id,
        text(&o.stdout),
        text(&o.stderr)
    );
    o
}

fn json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("not JSON ({e}): {}", text(&o.stdout)))
}

fn is_gt(r: &Regression, file: &str, line: u64) -> bool {
    r.root_causes
        .iter()
        .any(|g| g.file == file && u64::from(g.line) == line)
}

/// `git status --porcelain` and HEAD of the user's repository.
fn worktree_state(repo: &Path) -> (String, String) {
    let git = |args: &[&str]| {
        let o = std::process::Command::new("git")
            .args(args)
            .current_dir(repo)
            .output()
            .expect("git");
        text(&o.stdout)
    };
    (
        git(&["status", "--porcelain", "--ignored"]),
        git(&["rev-parse", "HEAD"]),
    )
}

/// Each sample: at most three reported lines, one of them a ground-truth line, inside
/// a failure-inducing hunk; prints the table of the searches.
#[test]
fn dd_samples_end_with_few_lines_holding_the_ground_truth() {
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for name in SAMPLES {
        let s = sample(name);
        let b = build(&s);
        for r in &s.manifest.regressions {
            let before = worktree_state(&b.repo);
            let v = json(&run(&s, &b, r, &["--format", "json"]));
            assert_eq!(
                worktree_state(&b.repo),
                before,
                "{name}: the user's tree changed"
            );
            let dd = &v["dd"];
            let reported = dd["reported"].as_array().expect("reported");
            let hunks = dd["hunks"].as_array().expect("hunks");
            let found = reported.iter().any(|l| {
                is_gt(
                    r,
                    l["file"].as_str().unwrap_or(""),
                    l["line"].as_u64().unwrap_or(0),
                )
            });
            let in_hunk = hunks.iter().any(|h| {
                r.root_causes.iter().any(|g| {
                    h["file"].as_str() == Some(g.file.as_str())
                        && (h["start"].as_u64().unwrap_or(0)..=h["end"].as_u64().unwrap_or(0))
                            .contains(&u64::from(g.line))
                })
            });
            let darwin = v["candidates"].as_array().map_or(0, Vec::len);
            // The report names what delta debugging narrowed to.
            let named = v["root_cause"].as_array().expect("root_cause");
            let named_gt = named.iter().any(|l| {
                is_gt(
                    r,
                    l["file"].as_str().unwrap_or(""),
                    l["line"].as_u64().unwrap_or(0),
                )
            });
            if !(named_gt && named.len() <= 3 && dd["narrowed"] == true) {
                failures.push(format!(
                    "{name}/{}: named {named:?}, narrowed {}",
                    r.id, dd["narrowed"]
                ));
            }
            rows.push(format!(
                "| {name}/{} | {} | {} | {} | {} | {} | {} | {} |",
                r.id,
                dd["hunks_total"],
                dd["subsets_tested"],
                dd["unresolved"],
                hunks.len(),
                reported.len(),
                darwin,
                found
            ));
            if !(found && in_hunk && !reported.is_empty() && reported.len() <= 3) {
                failures.push(format!(
                    "{name}/{}: {}",
                    r.id,
                    serde_json::to_string_pretty(dd).unwrap_or_default()
                ));
            }
            // dd-loop: the subset without the rounding loops forever; it must be given
            // up on within the step budget, not run to the user's step limit.
            if name == "dd-loop" && dd["unresolved"].as_u64() != Some(1) {
                failures.push(format!(
                    "{name}/{}: the endless subset was not the one unresolved subset",
                    r.id
                ));
            }
            if reported.len() > darwin.max(1) {
                failures.push(format!(
                    "{name}/{}: more lines than DARWIN alone ({darwin})",
                    r.id
                ));
            }
            // Subsets are spliced from the revisions' preprocessed text: none of these
            // samples needs the preprocessor for more than a quarter of its subsets.
            let (tested, spliced) = (
                dd["subsets_tested"].as_u64().unwrap_or(0),
                dd["subsets_spliced"].as_u64().unwrap_or(0),
            );
            if spliced * 4 < tested * 3 {
                failures.push(format!(
                    "{name}/{}: only {spliced} of {tested} subsets spliced",
                    r.id
                ));
            }
        }
    }
    eprintln!("| regression | hunks | subsets | unresolved | minimal hunks | reported | darwin lines | GT |");
    eprintln!("|---|---|---|---|---|---|---|---|");
    for r in &rows {
        eprintln!("{r}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

#[test]
fn no_dd_leaves_the_hunks_out_and_text_shows_them() {
    let s = sample("dd-together");
    let b = build(&s);
    let r = &s.manifest.regressions[0];
    let v = json(&run(
        &s,
        &b,
        r,
        &["--format", "json", "--no-dd", "--no-cache"],
    ));
    assert!(v.get("dd").is_none(), "{v}");
    let t = text(&run(&s, &b, r, &["--no-cache"]).stdout);
    assert!(t.contains("Failure-inducing change"), "{t}");
    assert!(t.contains("wrap.c:29"), "{t}");
    // The report opens with the named lines; the narrowed search says what it points at.
    assert!(t.contains("Root cause at v1.1:\n  wrap.c:"), "{t}");
    assert!(
        t.contains("Lines the hunk search points at: wrap.c:"),
        "{t}"
    );
    let t = text(&run(&s, &b, r, &["--no-cache", "--no-dd"]).stdout);
    assert!(!t.contains("Failure-inducing change"), "{t}");
}

#[test]
fn json_and_sarif_carry_the_hunks() {
    let s = sample("dd-rewrite");
    let b = build(&s);
    let r = &s.manifest.regressions[0];
    let v = json(&run(&s, &b, r, &["--format", "json", "--no-cache"]));
    let h = &v["dd"]["hunks"][0];
    assert_eq!(h["file"], "tempstat.c");
    assert!(
        h["text"]
            .as_str()
            .is_some_and(|t| t.contains("+    s->hi = 0, s->hi_day = 0;")),
        "{h}"
    );
    for k in [
        "hunks_total",
        "groups",
        "subsets_tested",
        "unresolved",
        "cache_hits",
        "search_ms",
    ] {
        assert!(v["dd"][k].is_u64(), "{k}");
    }
    let out = b.dir.path().join("r.sarif");
    run(
        &s,
        &b,
        r,
        &[
            "--format",
            "sarif",
            "--no-cache",
            "--output",
            &out.display().to_string(),
        ],
    );
    let sarif: Value = serde_json::from_slice(&std::fs::read(&out).expect("sarif")).expect("json");
    for (schema, doc) in [
        ("docs/report.schema.json", &v),
        ("tests/schemas/sarif-2.1.0-subset.schema.json", &sarif),
    ] {
        let errors = schema_errors(schema, doc);
        assert!(errors.is_empty(), "{schema}: {}", errors.join("\n"));
    }
    let results = sarif["runs"][0]["results"].as_array().expect("results");
    let hunk = results
        .iter()
        .find(|x| x["ruleId"] == "regcause/failure-inducing-hunk")
        .expect("a hunk result");
    let region = &hunk["locations"][0]["physicalLocation"]["region"];
    assert!(
        region["startLine"].as_u64() <= Some(44) && region["endLine"].as_u64() >= Some(44),
        "{region}"
    );
}

#[test]
fn a_repeated_run_is_answered_by_the_subset_cache() {
    let s = sample("dd-refactor");
    let b = build(&s);
    let r = &s.manifest.regressions[0];
    let cache = b.dir.path().join("cache.sqlite");
    let c = cache.display().to_string();
    let first = json(&run(&s, &b, r, &["--format", "json", "--cache", &c]));
    // The same analysis again is answered by the whole-report cache; another condition
    // misses it but finds every subset outcome cached.
    let again = json(&run(&s, &b, r, &["--format", "json", "--cache", &c]));
    assert_eq!(again["stats"]["from_cache"], true, "{again}");
    let second = json(&run(
        &s,
        &b,
        r,
        &["--format", "json", "--cache", &c, "--condition", "pc"],
    ));
    assert_ne!(second["stats"]["from_cache"], true);
    let tested = first["dd"]["subsets_tested"].as_u64().expect("tested");
    assert!(tested > 1);
    assert_eq!(first["dd"]["cache_hits"], 0);
    assert_eq!(second["dd"]["cache_hits"].as_u64(), Some(tested));
    // The same hunks (their slice lines need a trace, which `pc` does not record).
    let spans = |v: &Value| -> Vec<String> {
        v["dd"]["hunks"]
            .as_array()
            .expect("hunks")
            .iter()
            .map(|h| format!("{} {} {} {}", h["file"], h["start"], h["end"], h["text"]))
            .collect()
    };
    assert_eq!(spans(&first), spans(&second));
    let stats = git_regcause(&b.repo, &["cache", "--path", &c, "stats"]);
    assert!(
        text(&stats.stdout).contains("subset"),
        "{}",
        text(&stats.stdout)
    );
}

/// The report without what depends on time or on the number of workers.
fn worker_independent(mut v: Value) -> Value {
    for k in [
        "search_ms",
        "subsets_spliced",
        "workers",
        "subsets_judged_ahead",
    ] {
        v["dd"][k] = Value::Null;
    }
    for (k, x) in v["stats"].as_object_mut().expect("stats").iter_mut() {
        if k.ends_with("_ms") {
            *x = Value::Null;
        }
    }
    v
}

/// Several workers judge the hunk search's subsets ahead of it, and the report is the
/// one worker's: the same hunks, findings and counts of subsets asked about.
#[test]
fn several_workers_report_what_one_does() {
    for name in ["dd-refactor", "dd-together"] {
        let s = sample(name);
        let b = build(&s);
        let r = &s.manifest.regressions[0];
        let report = |jobs: &str| {
            json(&run(
                &s,
                &b,
                r,
                &["--format", "json", "--no-cache", "-j", jobs],
            ))
        };
        let one = report("1");
        let three = report("3");
        assert_eq!(
            (&one["dd"]["workers"], &one["dd"]["subsets_judged_ahead"]),
            (&Value::from(1), &Value::from(0)),
            "{name}"
        );
        assert_eq!(three["dd"]["workers"], 3, "{name}");
        // ddmin's rounds here have more than one subset to ask: three workers judge
        // ahead some the search does not need.
        assert!(
            three["dd"]["subsets_judged_ahead"].as_u64() > Some(0),
            "{name}: {}",
            three["dd"]
        );
        assert_eq!(worker_independent(one), worker_independent(three), "{name}");
    }
}
