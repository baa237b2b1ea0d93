//! Evidence for issue 17: the relevant-slice paper's Table 3 on our corpus (RSC
//! exploration against DART) and signature-diff on every sample regression.
//!
//! ```text
//! cargo bench --bench explore [-- table3|samples]
//! ```
//!
//! Table 3: each program explored from one starting test with both strategies (at most
//! `MAX_TESTS` executions and `BUDGET` each). Completeness is |S_rsc ∩ S_dart| / |S_dart|,
//! S being the relevant slice conditions met by the runs of each exploration; `*` marks
//! an exploration that recorded a concretisation or hit a bound. Formula size is the
//! average SMT-LIB2 bytes per solver call.
//!
//! Samples (`-- samples [NAME/ID-prefix...]`): signature-diff of the regression's good
//! and bad revision from its test, each exploration bounded by `SAMPLE_TESTS` and
//! `SAMPLE_EXPLORE`, the comparison by `SAMPLE_DIFF` (the `incomplete` column says which
//! part is: `explore` when an exploration hit a bound or concretised a value, `diff` when
//! the comparison stopped at its budget). The last column says whether some changed or appeared partition's
//! witness fails, at the two revisions, the way the sample's failing test does (same
//! divergence at the same statement of the bad revision), and if not, why.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};
use regcause::cache::Cache;
use regcause::exec::{Limits, RunInput};
use regcause::explore::{self, diff, Exploration, Options, Strategy};
use regcause::ir::Program;
use regcause::oracle::{self, Test};
use regcause::slice::Spec;
use regcause_dev::samples;

const MAX_TESTS: usize = 400;
const BUDGET: Duration = Duration::from_secs(30);

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

struct Subject {
    name: String,
    file: PathBuf,
    args: Vec<String>,
    stdin: String,
    criterion: Spec,
}

fn toml_of(c: &Path) -> Option<toml::Value> {
    let t = std::fs::read_to_string(c.with_extension("toml")).ok()?;
    t.parse().ok()
}

fn str_of(v: Option<&toml::Value>) -> String {
    v.and_then(|s| s.as_str()).unwrap_or_default().to_string()
}

fn strs_of(v: Option<&toml::Value>) -> Vec<String> {
    v.and_then(|a| a.as_array())
        .map(|a| {
            a.iter()
                .filter_map(|s| s.as_str().map(String::from))
                .collect()
        })
        .unwrap_or_default()
}

/// tests/slice (their toml's stdin and criterion), tests/explore (fixed starts), and the
/// small tests/c/pass programs that read input (their case with the least input).
fn corpus() -> Vec<Subject> {
    let mut out = Vec::new();
    let files = |dir: &str| -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
            .map(|d| d.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        v.retain(|p| p.extension().is_some_and(|e| e == "c"));
        v.sort();
        v
    };
    for f in files("tests/slice") {
        let t = toml_of(&f);
        let crit = str_of(t.as_ref().and_then(|t| t.get("criterion")));
        out.push(Subject {
            name: format!("slice/{}", stem(&f)),
            args: strs_of(t.as_ref().and_then(|t| t.get("args"))),
            stdin: str_of(t.as_ref().and_then(|t| t.get("stdin"))),
            criterion: crit.parse().unwrap_or(Spec::Output),
            file: f,
        });
    }
    let starts: &[(&str, &str, &[&str], Spec)] = &[
        ("xyz", "3 4 1\n", &[], Spec::Byte(9)),
        ("indep", "1 20 3 0\n", &[], Spec::Output),
        // The first line only: three independent terms, 8 ways to compute it, 16 paths.
        ("indep", "1 20 3 0\n", &[], Spec::Byte(0)),
        ("max3", "1 2 3\n", &[], Spec::Output),
        ("grade", "85\n", &["1"], Spec::Output),
        ("loop", "2 0\n", &[], Spec::Output),
    ];
    for (n, stdin, args, crit) in starts {
        let tag = match crit {
            Spec::Output => String::new(),
            Spec::Byte(b) => format!(" (byte:{b})"),
            _ => " (exit)".to_string(),
        };
        out.push(Subject {
            name: format!("explore/{n}{tag}"),
            file: root().join("tests/explore").join(format!("{n}.c")),
            args: args.iter().map(|a| a.to_string()).collect(),
            stdin: stdin.to_string(),
            criterion: *crit,
        });
    }
    for f in files("tests/c/pass") {
        let src = std::fs::read_to_string(&f).unwrap_or_default();
        let small = src.lines().count() <= 60;
        let reads = ["scanf", "atoi", "strtol", "getchar", "fgets", "argv["];
        if !small || !reads.iter().any(|r| src.contains(r)) {
            continue;
        }
        let Some(t) = toml_of(&f) else { continue };
        // The case with the least input that has some: every input byte multiplies the
        // paths.
        let size =
            |c: &&toml::Value| strs_of(c.get("args")).concat().len() + str_of(c.get("stdin")).len();
        let Some(case) = t
            .get("case")
            .and_then(|c| c.as_array())
            .and_then(|c| c.iter().filter(|c| size(c) > 0).min_by_key(size))
        else {
            continue;
        };
        out.push(Subject {
            name: format!("pass/{}", stem(&f)),
            file: f.clone(),
            args: strs_of(case.get("args")),
            stdin: str_of(case.get("stdin")),
            criterion: Spec::Output,
        });
    }
    out
}

fn stem(p: &Path) -> String {
    p.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}

fn explore_one(prog: &Program, s: &Subject, strategy: Strategy) -> Result<Exploration> {
    let mut argv = vec![b"./prog".to_vec()];
    argv.extend(s.args.iter().map(|a| a.as_bytes().to_vec()));
    let start = RunInput {
        argv,
        stdin: s.stdin.as_bytes().to_vec(),
        cwd: s.file.parent().map(Path::to_path_buf),
        root: None,
        env: Vec::new(),
        files: Vec::new(),
        literals: Vec::new(),
    };
    let opts = Options {
        strategy,
        criterion: s.criterion,
        limits: Limits {
            max_steps: 10_000_000,
            ..Limits::default()
        },
        max_depth: 64,
        max_tests: MAX_TESTS,
        timeout: Some(BUDGET),
    };
    explore::explore(prog, start, &opts, &mut Cache::disabled(), |_| {})
}

fn mark(ex: &Exploration) -> &'static str {
    if ex.is_complete() {
        ""
    } else {
        "*"
    }
}

fn table3() -> (Table, Vec<String>) {
    let mut no_input = Vec::new();
    let mut t = Table::new();
    t.load_preset(presets::ASCII_MARKDOWN);
    t.set_header(vec![
        "program",
        "LOC",
        "completeness",
        "time rsc / dart (s)",
        "tests rsc / dart",
        "partitions rsc / paths dart",
        "avg formula rsc / dart (B)",
        "solver calls rsc / dart",
    ]);
    for s in corpus() {
        let loc = std::fs::read_to_string(&s.file)
            .map(|t| t.lines().count())
            .unwrap_or(0);
        let prog = match regcause::frontend::load_files(std::slice::from_ref(&s.file), &[], &[]) {
            Ok(p) => p,
            Err(e) => {
                t.add_row(vec![
                    s.name.clone(),
                    loc.to_string(),
                    format!("load: {e:#}"),
                ]);
                continue;
            }
        };
        let row = (|| -> Result<Vec<String>> {
            let t0 = Instant::now();
            let rsc = explore_one(&prog, &s, Strategy::Rsc)?;
            let tr = t0.elapsed();
            let t1 = Instant::now();
            let dart = explore_one(&prog, &s, Strategy::Dart)?;
            let td = t1.elapsed();
            if rsc.runs.first().is_some_and(|r| r.sym.inputs.is_empty()) {
                return Ok(Vec::new());
            }
            let sd = dart.rsc_keys();
            let sr = rsc.rsc_keys();
            let found = sd.intersection(&sr).count();
            Ok(vec![
                s.name.clone(),
                loc.to_string(),
                format!(
                    "{found}/{} = {:.0}%{}{}",
                    sd.len(),
                    100.0 * found as f64 / sd.len().max(1) as f64,
                    mark(&rsc),
                    mark(&dart)
                ),
                format!("{:.2} / {:.2}", tr.as_secs_f64(), td.as_secs_f64()),
                format!("{} / {}", rsc.stats.executions, dart.stats.executions),
                format!("{} / {}", rsc.partitions.len(), dart.partitions.len()),
                format!(
                    "{:.0} / {:.0}",
                    rsc.stats.avg_formula_bytes(),
                    dart.stats.avg_formula_bytes()
                ),
                format!("{} / {}", rsc.stats.solver_calls, dart.stats.solver_calls),
            ])
        })()
        .unwrap_or_else(|e| vec![s.name.clone(), loc.to_string(), format!("{e:#}")]);
        if row.is_empty() {
            no_input.push(s.name.clone());
        } else {
            t.add_row(row);
        }
    }
    (t, no_input)
}

/// Per-sample bounds: each revision's exploration and the comparison.
const SAMPLE_TESTS: usize = 100;
const SAMPLE_EXPLORE: Duration = Duration::from_secs(6);
const SAMPLE_DIFF: Duration = Duration::from_secs(10);

fn sample_row(s: &samples::Sample, r: &samples::Regression) -> Result<Vec<String>> {
    let lim = Limits {
        max_steps: 50_000_000,
        ..Limits::default()
    };
    let test = Test {
        program: r.test.program.clone(),
        args: r.test.args.clone(),
        stdin: r.test.stdin_bytes(&s.dir)?.unwrap_or_default(),
        expect: None,
        config: Default::default(),
        env: Vec::new(),
    };
    let load = |rev: &str| -> Result<(PathBuf, Program)> {
        let dir = s
            .snapshot_dir(rev)
            .with_context(|| format!("no snapshot for {rev}"))?;
        let prog = oracle::load(&dir, &oracle::Test::named(&r.test.program), rev)
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok((dir, prog))
    };
    let (gd, gp) = load(&r.good)?;
    let (bd, bp) = load(&r.bad)?;
    let opts = Options {
        strategy: Strategy::Rsc,
        criterion: Spec::Output,
        limits: lim,
        max_depth: 64,
        max_tests: SAMPLE_TESTS,
        timeout: Some(SAMPLE_EXPLORE),
    };
    let t0 = Instant::now();
    let mut cache = Cache::disabled();
    let ge = explore::explore(&gp, test.input(&gd), &opts, &mut cache, |_| {})?;
    let be = explore::explore(&bp, test.input(&bd), &opts, &mut cache, |_| {})?;
    let t1 = Instant::now();
    let d = diff::diff(
        &diff::Side {
            rev: &r.good,
            prog: &gp,
            ex: &ge,
        },
        &diff::Side {
            rev: &r.bad,
            prog: &bp,
            ex: &be,
        },
        lim,
        &mut cache,
        diff::QUERY_TIMEOUT_MS,
        Some(SAMPLE_DIFF),
    )?;
    let (explored, compared) = (t1 - t0, t1.elapsed());
    let count = |k: diff::ChangeKind| d.changes.iter().filter(|c| c.kind == k).count();
    let base = test.input(&bd);
    // The sample's own test must regress for "alike" to mean anything.
    let site = diff::failure_site(
        &bp,
        &regcause::exec::run(&gp, &base, lim),
        &regcause::exec::run(&bp, &base, lim),
    );
    let named = d
        .changes
        .iter()
        .filter(|c| c.differs && c.kind != diff::ChangeKind::Disappeared);
    let alike = named.clone().any(|c| {
        let w = RunInput {
            cwd: base.cwd.clone(),
            env: Vec::new(),
            ..c.witness.input.clone()
        };
        diff::fails_alike(&gp, &bp, &base, &w, lim)
    });
    let verdict = if alike {
        "yes".to_string()
    } else if site.is_none() {
        "no: the sample's test does not regress in the interpreter".to_string()
    } else if named.clone().next().is_none() {
        "no: no changed or appeared partition's witness behaves differently".to_string()
    } else {
        "no: the witnesses that behave differently fail elsewhere".to_string()
    };
    let mut bounds: Vec<&str> = Vec::new();
    if !ge.is_complete() || !be.is_complete() {
        bounds.push("explore");
    }
    if d.bound_hit {
        bounds.push("diff");
    }
    Ok(vec![
        format!("{}/{}", s.name, r.id),
        format!(
            "{}{} / {}{}",
            ge.partitions.len(),
            mark(&ge),
            be.partitions.len(),
            mark(&be)
        ),
        format!(
            "{} / {} / {} / {}",
            count(diff::ChangeKind::Changed),
            count(diff::ChangeKind::Appeared),
            count(diff::ChangeKind::Disappeared),
            d.reshaped.len()
        ),
        d.groups.len().to_string(),
        format!(
            "{} ({} hint, {} bounds, {} memo)",
            d.solver_calls, d.queries.by_hint, d.queries.by_bounds, d.queries.by_memo
        ),
        format!(
            "{:.1} + {:.1}",
            explored.as_secs_f64(),
            compared.as_secs_f64()
        ),
        if bounds.is_empty() {
            "-".to_string()
        } else {
            bounds.join(", ")
        },
        verdict,
    ])
}

fn samples_table(only: &[String]) -> Result<Table> {
    let mut t = Table::new();
    t.load_preset(presets::ASCII_MARKDOWN);
    t.set_header(vec![
        "regression",
        "partitions good / bad",
        "changed / appeared / disappeared / reshaped",
        "change groups",
        "z3 calls (answered without z3)",
        "time explore + diff (s)",
        "incomplete",
        "names a witness that fails alike",
    ]);
    let all = samples::all(&root().join("sample-repos")).context("load samples")?;
    for s in &all {
        for r in &s.manifest.regressions {
            let name = format!("{}/{}", s.name, r.id);
            if !only.is_empty() && !only.iter().any(|o| name.starts_with(o.as_str())) {
                continue;
            }
            let row = sample_row(s, r).unwrap_or_else(|e| vec![name, format!("{e:#}")]);
            // Each row as it comes, on stderr: the whole table takes a while.
            eprintln!("{}", row.join(" | "));
            t.add_row(row);
        }
    }
    Ok(t)
}

fn main() -> Result<()> {
    // The overflow once seen here was Algorithm 2's recursive reorder on dd-loop's long
    // loop conditions (now iterative); a roomy stack stays as a margin for z3.
    std::thread::Builder::new()
        .stack_size(1 << 30)
        .spawn(bench)?
        .join()
        .map_err(|_| anyhow::anyhow!("the bench panicked"))?
}

fn bench() -> Result<()> {
    // `cargo bench` passes --bench; `table3` or `samples` runs only that part, and
    // further words after `samples` keep only the regressions (`sample/id`) they start.
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let part = words.first().map(String::as_str);
    if part.is_none() || part == Some("table3") {
        table3_main();
    }
    if part.is_none() || part == Some("samples") {
        println!("signature-diff on the sample regressions\n");
        println!("{}", samples_table(words.get(1..).unwrap_or_default())?);
    }
    Ok(())
}

fn table3_main() {
    println!("Table 3 (RSC exploration vs DART; * = concretised or bounded)\n");
    let (t, no_input) = table3();
    println!("{t}\n");
    if !no_input.is_empty() {
        println!(
            "Left out, no symbolic input in their smallest test: {}\n",
            no_input.join(", ")
        );
    }
}
