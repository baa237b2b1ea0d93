//! Slicing benchmark: traces of about 10^3 .. 10^7 executed statements, recorded by the
//! trace observer on runs of a real program (a loop mixing register and memory
//! defs/uses, array stores through pointers, calls and branches; stdin gives the number
//! of iterations), sliced from the last entry. Prints entries, the recording time, the
//! forward-index and backward-slice times, entries sliced per second, the trace's bytes
//! (in all and per entry), the index's bytes and the process's peak memory so far.
//!
//! ```text
//! cargo bench --bench slice              # 10^3 .. 10^7
//! cargo bench --bench slice -- --quick   # 10^3 .. 10^6
//! cargo bench --bench slice -- --large   # 10^3 .. 10^8 (a peak of about 2.7 GiB)
//! ```

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};
use regcause::analysis::Facts;
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::slice::{Criterion, Slicer};

const PROGRAM: &str = r#"#include <stdio.h>
int g[64];
int hist[16];
int step(int *a, int i, int v) {
  if (v & 1) a[i & 15] = v * 3; else a[i & 15] = v + 1;
  return a[(i + 1) & 15];
}
int main(void) {
  int a[16];
  int s = 0, t = 0, n;
  scanf("%d", &n);
  for (int i = 0; i < n; i++) {
    int v = step(a, i, i ^ s);
    if (v > 10) s += v; else g[i & 63] = s;
    if (s % 7 == 3) t = t + g[(i * 5) & 63];
    switch (i & 3) { case 0: hist[v & 15]++; break; case 1: t ^= s; break; default: break; }
  }
  printf("%d %d\n", s, t);
  return 0;
}
"#;
fn peak_rss_mib() -> Option<f64> {
    let s = std::fs::read_to_string("/proc/self/status").ok()?;
    let l = s.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = l.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn mib(b: usize) -> String {
    format!("{:.1}", b as f64 / (1024.0 * 1024.0))
}

fn secs(d: Duration) -> String {
    format!("{:.3}", d.as_secs_f64())
}

fn run() -> Result<()> {
    let quick = std::env::args().any(|a| a == "--quick");
    let large = std::env::args().any(|a| a == "--large");
    let dir = tempfile::tempdir().context("temporary directory")?;
    let path = dir.path().join("mix.c");
    std::fs::write(&path, PROGRAM).context("write the benchmark program")?;
    let prog = regcause::frontend::load_files(&[path], &[], &[])
        .map_err(|e| anyhow::anyhow!("benchmark program does not lower: {e}"))?;
    let facts = Facts::new(&prog);

    let record = |iterations: usize| {
        let input = RunInput {
            stdin: iterations.to_string().into_bytes(),
            ..RunInput::default()
        };
        let limits = Limits {
            max_steps: u64::MAX,
            max_memory: u64::MAX,
            ..Limits::default()
        };
        let t0 = Instant::now();
        let run = exec::run_traced(&prog, &input, limits, false);
        (run, t0.elapsed())
    };
    // Statements per iteration, to size the runs.
    let per_iteration = record(1000).0.trace.len() as f64 / 1000.0;

    let mut table = Table::new();
    table
        .load_preset(presets::UTF8_FULL_CONDENSED)
        .set_header(vec![
            "entries",
            "record s",
            "index s",
            "slice s",
            "trees s",
            "entries/s",
            "relevant",
            "dynamic",
            "trace MiB",
            "B/entry",
            "index MiB",
            "peak RSS MiB",
        ]);
    let max_exp = if large {
        8
    } else if quick {
        6
    } else {
        7
    };
    for exp in 3..=max_exp {
        let iterations = (10f64.powi(exp) / per_iteration).ceil() as usize;
        let (run, recording) = record(iterations);
        if !matches!(run.result.outcome, Outcome::Exit(0)) {
            anyhow::bail!(
                "the benchmark program did not exit 0: {:?}",
                run.result.outcome
            );
        }
        let trace = run.trace;
        let t0 = Instant::now();
        let slicer = Slicer::new(&prog, &facts, &trace)?;
        let t1 = Instant::now();
        let crit = Criterion {
            entries: vec![trace.len() as u32 - 1],
        };
        let s = slicer.slice(&crit)?;
        let t2 = Instant::now();
        // What the value stage reads of a run besides: the full tree and the data
        // slice's statements.
        let tree = slicer.close_tree(&crit, true)?;
        let data = slicer.data_statements(&crit)?;
        let t3 = Instant::now();
        if tree.order.len() > s.relevant.count() || data.is_empty() {
            anyhow::bail!("the trees do not fit the slices");
        }
        drop(tree);
        let total = t2 - t0;
        table.add_row(vec![
            trace.len().to_string(),
            secs(recording),
            secs(t1 - t0),
            secs(t2 - t1),
            secs(t3 - t2),
            format!("{:.2e}", trace.len() as f64 / total.as_secs_f64()),
            s.relevant.count().to_string(),
            s.dynamic.count().to_string(),
            mib(trace.heap_bytes()),
            format!("{:.2}", trace.heap_bytes() as f64 / trace.len() as f64),
            mib(slicer.heap_bytes()),
            peak_rss_mib().map_or("?".into(), |m| format!("{m:.0}")),
        ]);
    }
    println!("{table}");
    println!(
        "entries/s counts the forward index and both backward closures (relevant and dynamic); \
         trees s is the full slice tree and the data slice's statements."
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("slice bench: {e:#}");
            ExitCode::FAILURE
        }
    }
}
