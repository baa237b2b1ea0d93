//! Evidence for issue 16: delta debugging on the hunks of every sample regression, in
//! the interpreter (through the real binary, `--no-cache`) and the same ddmin with each
//! subset built by the sample's gcc command and run natively. Both judges tell the same
//! failure alike (the first difference from the expected output and the line there),
//! and both call unresolved a subset that falls off the end of a non-void function
//! (gcc's `-Werror=return-type`; the interpreter's undefined-behaviour rule).
//!
//! ```text
//! cargo bench --bench dd_samples              # every sample regression
//! cargo bench --bench dd_samples -- dd-       # samples whose name contains "dd-"
//! ```
//!
//! Columns: hunks of the diff, subsets tested and unresolved (interpreter), time of the
//! hunk search in the interpreter and with gcc (and the gcc search's subsets), their
//! ratio, lines of the minimal hunks (added and removed), lines finally reported,
//! lines DARWIN alone reports, whether a reported line is a ground-truth line.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};
use regcause::dd::{self, Judge, Judged, Outcome};
use regcause::diffctx;
use regcause_dev::samples::{self, Regression, Sample};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// ddmin's judge with a native build and run per subset.
struct Gcc<'a> {
    sample: &'a Sample,
    r: &'a Regression,
    /// How the bad revision's native run fails.
    bad_class: Class,
}

impl Judge for Gcc<'_> {
    fn judge(&mut self, files: &BTreeMap<String, String>) -> Judged {
        self.try_judge(files).unwrap_or(Outcome::Unresolved).into()
    }
}

impl Gcc<'_> {
    fn try_judge(&self, files: &BTreeMap<String, String>) -> Result<Outcome> {
        let dir = tempfile::tempdir()?;
        for (p, t) in files {
            let path = dir.path().join(p);
            if let Some(d) = path.parent() {
                std::fs::create_dir_all(d)?;
            }
            std::fs::write(&path, t)?;
        }
        let exe = dir.path().join("prog.bin");
        // A subset that leaves a function without its `return` and uses its value rests
        // on undefined behaviour: the interpreter's judge calls it unresolved, so this
        // one does too, or the two searches would not be the same ddmin.
        let flags = ["-Werror=return-type"];
        if samples::build_native(self.sample, &self.r.bad, dir.path(), &exe, &flags).is_err() {
            return Ok(Outcome::Unresolved);
        }
        let run = samples::run_native(
            &exe,
            &self.r.test,
            &self.sample.dir,
            dir.path(),
            Duration::from_secs(10),
        )?;
        Ok(classify(&run, self.r, &self.bad_class))
    }
}

/// How a native run fails, as the interpreter's judge tells "the same failure"
/// (`dd::FailClass`): whether stdout differs from the expected output, where it first
/// differs and the run's line there, and whether a signal killed the run.
#[derive(Clone, PartialEq, Eq)]
struct Class {
    stdout: bool,
    killed: bool,
    offset: usize,
    line: String,
}

fn class_of(run: &samples::NativeRun, r: &Regression) -> Class {
    let want = r.test.expected_stdout.as_bytes();
    let got = &run.stdout;
    let stdout = got.as_slice() != want;
    let offset = regcause::oracle::first_difference(want, got);
    Class {
        stdout,
        killed: run.exit.is_none(),
        offset: if stdout { offset } else { 0 },
        line: if stdout {
            regcause::oracle::line_around(got, offset)
        } else {
            String::new()
        },
    }
}

fn classify(run: &samples::NativeRun, r: &Regression, bad: &Class) -> Outcome {
    let c = class_of(run, r);
    if !c.stdout && run.exit == Some(r.test.expected_exit) {
        Outcome::Pass
    } else if &c == bad {
        Outcome::Fail
    } else {
        Outcome::Unresolved
    }
}

fn regression_row(s: &Sample, r: &Regression, bin: &Path) -> Result<Vec<String>> {
    let dir = tempfile::tempdir()?;
    let repo_dir = dir.path().join(&s.name);
    samples::build_repo(s, &repo_dir)?;
    // The interpreter: the real command, no cache, so every subset is lowered and run.
    let stdin = dir.path().join("stdin");
    std::fs::write(&stdin, r.test.stdin_bytes(&s.dir)?.unwrap_or_default())?;
    let mut args: Vec<String> = vec![
        r.good.clone(),
        r.bad.clone(),
        "--stdin".into(),
        stdin.display().to_string(),
    ];
    // One worker: the native judge below builds and runs one subset at a time.
    args.extend(["--format", "json", "--no-cache", "-j", "1", "--"].map(String::from));
    args.push(r.test.program.clone());
    args.extend(r.test.args.iter().cloned());
    let o = std::process::Command::new(bin)
        .args(&args)
        .current_dir(&repo_dir)
        .output()?;
    let v: Value = serde_json::from_slice(&o.stdout)
        .with_context(|| format!("report: {}", String::from_utf8_lossy(&o.stderr)))?;
    let dd = &v["dd"];
    anyhow::ensure!(dd.is_object(), "no dd section: {}", v["notes"]);
    let hunk_lines: usize = dd["hunks"]
        .as_array()
        .map(|hs| {
            hs.iter()
                .flat_map(|h| h["text"].as_str().unwrap_or("").lines().skip(3))
                .count()
        })
        .unwrap_or(0);
    let reported = dd["reported"].as_array().cloned().unwrap_or_default();
    let gt = reported.iter().any(|l| {
        r.root_causes.iter().any(|g| {
            l["file"].as_str() == Some(g.file.as_str())
                && l["line"].as_u64() == Some(u64::from(g.line))
        })
    });
    // The same ddmin with gcc: trees of both revisions exported from the repository.
    let repo = git2::Repository::open(&repo_dir)?;
    let (gd, bd) = (dir.path().join("good"), dir.path().join("bad"));
    samples::export_tree(&repo, &r.good, &gd)?;
    samples::export_tree(&repo, &r.bad, &bd)?;
    let exe = dir.path().join("bad.bin");
    samples::build_native(s, &r.bad, &bd, &exe, &[])?;
    let bad_run = samples::run_native(&exe, &r.test, &s.dir, &bd, Duration::from_secs(10))?;
    let mut judge = Gcc {
        sample: s,
        r,
        bad_class: class_of(&bad_run, r),
    };
    let started = Instant::now();
    let native = dd::search(
        &diffctx::tree_files(&gd),
        &diffctx::tree_files(&bd),
        &mut judge,
    );
    let gcc_ms = started.elapsed().as_secs_f64() * 1e3;
    let interp_ms = dd["search_ms"].as_f64().unwrap_or(f64::NAN);
    let (gcc_cell, ratio) = match &native {
        Ok(n) => (
            format!("{gcc_ms:.0} ({} subsets)", n.tested),
            format!("{:.1}x", gcc_ms / interp_ms.max(1.0)),
        ),
        Err(e) => (e.why.clone(), "-".into()),
    };
    Ok(vec![
        format!("{}/{}", s.name, r.id),
        dd["hunks_total"].to_string(),
        dd["subsets_tested"].to_string(),
        dd["unresolved"].to_string(),
        format!("{interp_ms:.0}"),
        gcc_cell,
        ratio,
        hunk_lines.to_string(),
        reported.len().to_string(),
        v["candidates"].as_array().map_or(0, Vec::len).to_string(),
        if gt { "yes" } else { "no" }.into(),
    ])
}

fn main() -> Result<()> {
    let filter: Option<String> = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    let bin = PathBuf::from(env!("CARGO_BIN_EXE_git-regcause"));
    let all = samples::all(&root().join("sample-repos")).context("load samples")?;
    let mut t = Table::new();
    t.load_preset(presets::ASCII_MARKDOWN).set_header(vec![
        "regression",
        "hunks",
        "subsets",
        "unresolved",
        "interp ms",
        "gcc ms",
        "gcc/interp",
        "minimal lines",
        "reported",
        "darwin",
        "GT",
    ]);
    for s in &all {
        if filter.as_deref().is_some_and(|f| !s.name.contains(f)) {
            continue;
        }
        for r in &s.manifest.regressions {
            let row = regression_row(s, r, &bin)
                .unwrap_or_else(|e| vec![format!("{}/{}", s.name, r.id), format!("{e:#}")]);
            t.add_row(row);
        }
    }
    println!("{t}");
    Ok(())
}
