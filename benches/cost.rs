//! Evidence for issues 31 and 27 (cost): what an analysis costs against a plain
//! interpreted run of its test, per sample regression and on the larger programs of
//! `benches/cost/` (a unit-test binary of about 10^6 executed statements that prints
//! its results at the end, a test program of about 2*10^7 that prints each group's
//! result when it is done, its first group failing, and a ledger of about 10^7), built
//! as real repositories like the samples. With `--large`, the ledger
//! also runs at six times its length (`-D TRANSFERS=900000`, about 10^8 statements).
//!
//! ```text
//! cargo build --release && cargo bench --bench cost             # everything
//! cargo bench --bench cost -- ledger unit-tests                  # names starting so
//! cargo bench --bench cost -- --large                            # benches/cost/ only
//! REGCAUSE_BENCH_BIN=/path/to/git-regcause cargo bench --bench cost   # another build
//! ```
//!
//! Per regression (the test at its bad revision): executed statements; the plain run
//! (`git regcause run`) wall time and peak memory (maximum resident set, from
//! `/usr/bin/time`); the traced-concolic run the analysis makes (in this process): its
//! wall time without loading, and its trace in bytes per executed statement
//! (`Trace::heap_bytes`); the whole analysis (`--no-cache --format json`) wall time and
//! peak memory, and both as ratios to the plain run. A table, not an assertion:
//! figures depend on the machine.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use anyhow::{bail, Context, Result};
use comfy_table::{presets, Table};
use regcause::exec::{self, Limits};
use regcause::oracle::{self, Test};
use regcause_dev::samples;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Wall seconds and peak resident memory (KiB) of a process, measured by GNU time.
struct Usage {
    secs: f64,
    kib: u64,
}

fn measured(repo: &Path, args: &[String], ok: &[i32]) -> Result<Usage> {
    let stats = tempfile::NamedTempFile::new()?;
    let o = Command::new("/usr/bin/time")
        .arg("-o")
        .arg(stats.path())
        .args(["-f", "%e %M"])
        .arg(regcause_dev::bench_binary())
        .args(args)
        .current_dir(repo)
        .env_remove("REGCAUSE_CACHE")
        .output()
        .context("run git-regcause under /usr/bin/time")?;
    let code = o.status.code().unwrap_or(-1);
    if !ok.contains(&code) {
        bail!("exit {code}: {}", String::from_utf8_lossy(&o.stderr));
    }
    let text = std::fs::read_to_string(stats.path())?;
    // GNU time writes "Command exited with non-zero status N" first when it did.
    let last = text.lines().last().unwrap_or("");
    let mut it = last.split_whitespace();
    let secs = it.next().and_then(|s| s.parse().ok());
    let kib = it.next().and_then(|s| s.parse().ok());
    match (secs, kib) {
        (Some(secs), Some(kib)) => Ok(Usage { secs, kib }),
        _ => bail!("cannot read /usr/bin/time's output: {text:?}"),
    }
}

/// Executed statements, trace bytes per statement and wall seconds of the test's
/// traced-concolic run at `rev` (built with the `-D` definitions `defines`).
fn trace_density(
    s: &samples::Sample,
    rev: &str,
    t: &samples::TestSpec,
    defines: &[String],
) -> Result<(u64, f64, f64)> {
    let dir = s
        .snapshot_dir(rev)
        .with_context(|| format!("no snapshot for {rev}"))?;
    let test = Test {
        program: t.program.clone(),
        args: t.args.clone(),
        stdin: t.stdin_bytes(&s.dir)?.unwrap_or_default(),
        env: Vec::new(),
        expect: None,
        config: std::sync::Arc::new(regcause::config::Config {
            defines: defines.to_vec(),
            ..Default::default()
        }),
    };
    let prog = oracle::load(&dir, &test, rev).map_err(|e| anyhow::anyhow!("{e}"))?;
    let input = test.input(&dir);
    let clock = std::time::Instant::now();
    let run = exec::run_traced(&prog, &input, Limits::default(), true);
    let secs = clock.elapsed().as_secs_f64();
    let n = run.trace.len() as u64;
    Ok((n, run.trace.heap_bytes() as f64 / n.max(1) as f64, secs))
}

/// The regression's row, the program built with the `-D` definitions `defines`.
fn row(
    s: &samples::Sample,
    r: &samples::Regression,
    work: &Path,
    defines: &[String],
) -> Result<Vec<String>> {
    let repo = work.join(&s.name);
    if !repo.exists() {
        samples::build_repo(s, &repo).context("build sample repository")?;
    }
    let stdin = work.join(format!("{}-{}.stdin", s.name, r.id));
    std::fs::write(&stdin, r.test.stdin_bytes(&s.dir)?.unwrap_or_default())?;
    let test: Vec<String> = std::iter::once(r.test.program.clone())
        .chain(r.test.args.iter().cloned())
        .collect();
    let flags: Vec<String> = defines
        .iter()
        .flat_map(|d| ["-D".into(), d.clone()])
        .collect();
    let mut plain = vec![
        "run".to_string(),
        r.bad.clone(),
        "--stdin".into(),
        stdin.display().to_string(),
    ];
    plain.extend(flags.iter().cloned());
    plain.push("--".into());
    plain.extend(test.iter().cloned());
    // `run` exits with the program's status (or the interpreter's fault codes).
    let any: Vec<i32> = (0..=255).collect();
    let p = measured(&repo, &plain, &any)?;
    let (stmts, density, traced) = trace_density(s, &r.bad, &r.test, defines)?;
    let mut analysis = vec![
        r.good.clone(),
        r.bad.clone(),
        "--stdin".into(),
        stdin.display().to_string(),
        "--no-cache".into(),
        "--format".into(),
        "json".into(),
    ];
    analysis.extend(flags);
    analysis.push("--".into());
    analysis.extend(test);
    // 0: explained; 6: the budget or the memory ceiling stopped a stage.
    let a = measured(&repo, &analysis, &[0, 6])?;
    let mib = |k: u64| format!("{:.0}", k as f64 / 1024.0);
    let name = format!("{}/{}", s.name, r.id);
    Ok(vec![
        match defines.is_empty() {
            true => name,
            false => format!("{name} -D {}", defines.join(" -D ")),
        },
        stmts.to_string(),
        format!("{:.2}", p.secs),
        mib(p.kib),
        format!("{traced:.2}"),
        format!("{density:.1}"),
        format!("{:.2}", a.secs),
        mib(a.kib),
        format!("{:.1}", a.secs / p.secs.max(0.01)),
        format!("{:.1}", a.kib as f64 / p.kib.max(1) as f64),
    ])
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
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let large_only = args.iter().any(|a| a == "--large");
    let names: Vec<&String> = args.iter().filter(|a| !a.starts_with("--")).collect();
    let mut all = Vec::new();
    if !large_only {
        all.extend(samples::all(&root().join("sample-repos")).context("load samples")?);
    }
    all.extend(samples::all(&root().join("benches/cost")).context("load benches/cost")?);
    if !names.is_empty() {
        all.retain(|s| names.iter().any(|a| s.name.starts_with(a.as_str())));
    }
    let work = tempfile::tempdir()?;
    let mut t = Table::new();
    t.load_preset(presets::ASCII_MARKDOWN).set_header(vec![
        "regression",
        "statements",
        "plain s",
        "plain MiB",
        "traced s",
        "trace B/stmt",
        "analysis s",
        "analysis MiB",
        "time ratio",
        "memory ratio",
    ]);
    // Every regression as it is; with `--large`, the ledger's at about 10^8 statements.
    let long = vec!["TRANSFERS=900000".to_string()];
    let mut runs: Vec<(&samples::Sample, &samples::Regression, &[String])> = Vec::new();
    for s in &all {
        for r in &s.manifest.regressions {
            runs.push((s, r, &[]));
            if large_only && s.name == "ledger" {
                runs.push((s, r, &long));
            }
        }
    }
    for (s, r, defines) in runs {
        let id = format!("{}/{}", s.name, r.id);
        eprintln!("{id} {defines:?}");
        let cells = row(s, r, work.path(), defines).unwrap_or_else(|e| vec![id, format!("{e:#}")]);
        t.add_row(cells);
    }
    println!("{t}");
    Ok(())
}
