//! Evidence for issue 14: the root-cause command on every sample regression, through
//! the real binary on real git repositories built from sample-repos/.
//!
//! ```text
//! cargo build --release && cargo bench --bench rootcause_samples
//! cargo bench --bench rootcause_samples -- --mutants [DIR]   # the mutation corpus
//! cargo bench --bench rootcause_samples -- NAME...           # samples whose name starts so
//! ```
//!
//! `--mutants` runs on issue 29's mutation corpus instead of sample-repos/: the one in
//! DIR (written by `regcause-dev mutants DIR`), else one generated afresh with the
//! fixed seed (`regcause_dev::mutants`), and sums up by kind of mutation.
//!
//! One row per regression: whether a ground-truth line is named as the root cause
//! (GT named), whether the named lines are exactly the ground-truth lines (exact), the
//! kind of evidence that named them (`root_cause_evidence`), whether DARWIN proved a named
//! ground-truth line (a decision whose alternative input, replayed at both revisions,
//! undoes the regression; "literal edit" when that input changes the test's literals),
//! and whether a ground-truth
//! line is among the candidates at all (GT), the rank of the first
//! one, lines named and candidates listed, and wall time, for relevant slice conditions (rsc, the
//! default) and path conditions (pc): constraints of the bad run's condition, SMT-LIB2
//! bytes of the queries posed, solver calls and solving time; then the cache: the rsc
//! analysis cold (empty cache) and warm (the same command again), wall time of the
//! whole process and the in-process `total_ms`. The last line sums it up, with the
//! lowest cold/warm ratio.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use comfy_table::{presets, Table};
use regcause_dev::{mutants, samples};
use serde_json::Value;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Analysis {
    rank: Option<usize>,
    /// Lines named as the root cause, whether one is a ground-truth line, whether they
    /// are exactly the ground-truth lines, and the kind of evidence that named them.
    named: usize,
    named_gt: bool,
    exact: bool,
    evidence: String,
    lines: usize,
    psi: u64,
    calls: u64,
    bytes: u64,
    solving_ms: u64,
    total_ms: u64,
    wall_ms: u128,
    executions: u64,
    /// A named ground-truth line is a decision candidate whose alternative input,
    /// replayed at both revisions, undoes the regression: DARWIN proved it (not the
    /// hunk search). `Some(true)` when that alternative edits the test's literals.
    darwin_proved: Option<bool>,
}

fn analyse(repo: &Path, args: &[String], gt: &[(String, u32)]) -> Result<Analysis> {
    let t = Instant::now();
    let o = Command::new(regcause_dev::bench_binary())
        .args(args)
        .current_dir(repo)
        .env_remove("REGCAUSE_CACHE")
        .output()
        .context("run git-regcause")?;
    let wall_ms = t.elapsed().as_millis();
    if o.status.code() != Some(0) {
        bail!(
            "exit {:?}: {}",
            o.status.code(),
            String::from_utf8_lossy(&o.stderr)
        );
    }
    let v: Value = serde_json::from_slice(&o.stdout).context("report is not JSON")?;
    let cands = v["candidates"].as_array().cloned().unwrap_or_default();
    let rank = cands.iter().position(|c| {
        gt.iter()
            .any(|(f, l)| c["file"].as_str() == Some(f) && c["line"].as_u64() == Some(*l as u64))
    });
    let n = |k: &str| v["stats"][k].as_u64().unwrap_or(0);
    let named = v["root_cause"].as_array().cloned().unwrap_or_default();
    let at = |c: &Value| {
        (
            c["file"].as_str().unwrap_or("").to_string(),
            c["line"].as_u64().unwrap_or(0) as u32,
        )
    };
    let named_set: std::collections::BTreeSet<(String, u32)> = named.iter().map(at).collect();
    let gt_set: std::collections::BTreeSet<(String, u32)> = gt.iter().cloned().collect();
    Ok(Analysis {
        exact: named_set == gt_set,
        evidence: v["root_cause_evidence"].as_str().unwrap_or("-").to_string(),
        rank: rank.map(|k| k + 1),
        named: named.len(),
        named_gt: named.iter().any(|c| {
            gt.iter().any(|(f, l)| {
                c["file"].as_str() == Some(f) && c["line"].as_u64() == Some(*l as u64)
            })
        }),
        lines: cands.len(),
        psi: n("bad_constraints"),
        calls: n("solver_calls"),
        bytes: n("formula_bytes"),
        solving_ms: n("solving_ms"),
        total_ms: n("total_ms"),
        wall_ms,
        executions: n("executions"),
        darwin_proved: cands
            .iter()
            .filter(|c| c["explanation"] == "decision")
            .filter(|c| named_set.contains(&at(c)) && gt_set.contains(&at(c)))
            .filter(|c| {
                c["alternative"]["revisions_agree"] == true
                    && c["alternative"]["as_predicted"] == true
            })
            .map(|c| {
                c["alternative"]["literals"]
                    .as_array()
                    .is_some_and(|l| !l.is_empty())
            })
            .next(),
    })
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<()> {
    if !regcause_dev::bench_binary().exists() {
        bail!("build the binary first: cargo build --release");
    }
    // `cargo bench` passes `--bench`; the rest picks the corpus and filters it.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let generated = tempfile::tempdir()?;
    let (all, by_kind) = match args.first().map(String::as_str) {
        Some("--mutants") => {
            let dir = match args.get(1) {
                Some(d) => PathBuf::from(d),
                None => {
                    let s = mutants::generate(generated.path(), 29, 5)
                        .context("generate the mutation corpus")?;
                    eprintln!("{} mutant regressions generated", s.written.len());
                    generated.path().to_path_buf()
                }
            };
            (
                samples::all(&dir).context("load the mutation corpus")?,
                true,
            )
        }
        _ => {
            let mut all = samples::all(&root().join("sample-repos")).context("load samples")?;
            if !args.is_empty() {
                all.retain(|s| args.iter().any(|a| s.name.starts_with(a.as_str())));
            }
            (all, false)
        }
    };
    // rsc and pc regressions named (any, exact) per kind of mutation.
    let mut kinds: std::collections::BTreeMap<String, [usize; 5]> = Default::default();
    let mut t = Table::new();
    t.load_preset(presets::ASCII_MARKDOWN).set_header(vec![
        "regression",
        "GT named",
        "exact",
        "evidence",
        "DARWIN proved",
        "GT",
        "rank",
        "named",
        "candidates",
        "rsc ψ (bad constraints)",
        "rsc calls",
        "rsc bytes",
        "rsc solve ms",
        "rsc total ms",
        "pc ψ",
        "pc calls",
        "pc bytes",
        "pc solve ms",
        "pc named",
        "pc GT named",
        "pc exact",
        "pc evidence",
        "cold wall ms",
        "warm wall ms",
        "warm total ms",
        "warm runs",
    ]);
    let (mut found, mut count, mut lines) = (0, 0, Vec::new());
    let (mut named_gt, mut first, mut pc_named_gt, mut rsc_more) = (0, 0, 0, 0);
    let (mut exact, mut pc_exact) = (0, 0);
    let mut totals = Vec::new();
    let (mut rsc_solve, mut pc_solve) = (0u64, 0u64);
    let (mut rsc_bytes, mut pc_bytes) = (0u64, 0u64);
    let mut lowest_ratio = f64::INFINITY;
    for s in &all {
        let dir = tempfile::tempdir()?;
        let repo = dir.path().join(&s.name);
        samples::build_repo(s, &repo).context("build sample repository")?;
        for r in &s.manifest.regressions {
            let id = format!("{}/{}", s.name, r.id);
            let f = dir.path().join(format!("{}.stdin", r.id));
            std::fs::write(&f, r.test.stdin_bytes(&s.dir)?.unwrap_or_default())?;
            let gt: Vec<(String, u32)> = r
                .root_causes
                .iter()
                .map(|g| (g.file.clone(), g.line))
                .collect();
            let db = dir.path().join(format!("{}.sqlite", r.id));
            let args = |cond: &str, cache: bool| -> Vec<String> {
                let mut a = vec![
                    r.good.clone(),
                    r.bad.clone(),
                    "--stdin".into(),
                    f.display().to_string(),
                    "--condition".into(),
                    cond.into(),
                    "--format".into(),
                    "json".into(),
                ];
                if cache {
                    a.push("--cache".into());
                    a.push(db.display().to_string());
                } else {
                    a.push("--no-cache".into());
                }
                a.push("--".into());
                a.push(r.test.program.clone());
                a.extend(r.test.args.iter().cloned());
                a
            };
            let res = (|| -> Result<Vec<String>> {
                let pc = analyse(&repo, &args("pc", false), &gt)?;
                let cold = analyse(&repo, &args("rsc", true), &gt)?;
                let warm = analyse(&repo, &args("rsc", true), &gt)?;
                count += 1;
                found += usize::from(cold.rank.is_some());
                named_gt += usize::from(cold.named_gt);
                pc_named_gt += usize::from(pc.named_gt);
                exact += usize::from(cold.exact);
                pc_exact += usize::from(pc.exact);
                totals.push(cold.total_ms);
                if by_kind {
                    let kind = mutants::kind_of(&r.id).map_or("?", |k| k.name());
                    let e = kinds.entry(kind.to_string()).or_default();
                    e[0] += 1;
                    e[1] += usize::from(cold.named_gt);
                    e[2] += usize::from(cold.exact);
                    e[3] += usize::from(pc.named_gt);
                    e[4] += usize::from(pc.exact);
                }
                first += usize::from(cold.rank == Some(1));
                rsc_more += usize::from(cold.named > pc.named);
                lines.push(cold.named);
                rsc_solve += cold.solving_ms;
                pc_solve += pc.solving_ms;
                rsc_bytes += cold.bytes;
                pc_bytes += pc.bytes;
                lowest_ratio = lowest_ratio.min(cold.wall_ms as f64 / warm.wall_ms.max(1) as f64);
                Ok(vec![
                    id.clone(),
                    if cold.named_gt { "yes" } else { "no" }.into(),
                    if cold.exact { "yes" } else { "no" }.into(),
                    cold.evidence.clone(),
                    match cold.darwin_proved {
                        Some(true) => "yes (literal edit)",
                        Some(false) => "yes",
                        None => "no",
                    }
                    .into(),
                    if cold.rank.is_some() { "yes" } else { "no" }.into(),
                    cold.rank.map_or("-".into(), |k| k.to_string()),
                    cold.named.to_string(),
                    cold.lines.to_string(),
                    cold.psi.to_string(),
                    cold.calls.to_string(),
                    cold.bytes.to_string(),
                    cold.solving_ms.to_string(),
                    cold.total_ms.to_string(),
                    pc.psi.to_string(),
                    pc.calls.to_string(),
                    pc.bytes.to_string(),
                    pc.solving_ms.to_string(),
                    pc.named.to_string(),
                    if pc.named_gt { "yes" } else { "no" }.into(),
                    if pc.exact { "yes" } else { "no" }.into(),
                    pc.evidence.clone(),
                    cold.wall_ms.to_string(),
                    warm.wall_ms.to_string(),
                    warm.total_ms.to_string(),
                    warm.executions.to_string(),
                ])
            })();
            t.add_row(res.unwrap_or_else(|e| vec![id, format!("{e:#}")]));
        }
    }
    println!("{t}");
    lines.sort_unstable();
    let median = match lines.len() {
        0 => 0.0,
        n if n % 2 == 1 => lines[n / 2] as f64,
        n => (lines[n / 2 - 1] + lines[n / 2]) as f64 / 2.0,
    };
    totals.sort_unstable();
    let total_median = totals.get(totals.len() / 2).copied().unwrap_or(0);
    println!(
        "named exactly (the named lines are the ground truth): rsc {exact}, pc {pc_exact} of {count}; median rsc total ms {total_median}"
    );
    if by_kind {
        println!("| mutation | regressions | rsc named | rsc exact | pc named | pc exact |");
        println!("|---|---|---|---|---|---|");
        for (k, [n, a, b, c, d]) in &kinds {
            println!("| {k} | {n} | {a} | {b} | {c} | {d} |");
        }
    }
    println!(
        "ground truth among the candidates (rsc): {found} of {count}; named: {named_gt} (pc: {pc_named_gt}); ranked first: {first}; median lines named: {median}; rsc names more lines than pc: {rsc_more}; solving ms in all: rsc {rsc_solve}, pc {pc_solve}; formula bytes in all: rsc {rsc_bytes}, pc {pc_bytes}; lowest cold/warm wall ratio: {lowest_ratio:.1}x"
    );
    Ok(())
}
