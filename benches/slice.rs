//! Slicing benchmark: synthetic traces of 10^3 .. 10^7 entries over a real program (a
//! loop mixing register and memory defs/uses, array stores through pointers, calls and
//! branches, the branch directions drawn pseudo-randomly), sliced from the last entry.
//! Prints entries, the forward-index and backward-slice times, entries sliced per
//! second, the trace's bytes, the index's bytes and the process's peak memory so far.
//!
//! ```text
//! cargo bench --bench slice              # 10^3 .. 10^7
//! cargo bench --bench slice -- --quick   # 10^3 .. 10^6
//! ```
//!
//! Real traces come from the trace observer; the integrator adds them here.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};
use regcause::analysis::Facts;
use regcause::ir::{BlockId, StmtId};
use regcause::slice::{synth::Synth, Criterion, Slicer};

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
/// Line of the loop condition: always continue, the budget ends the trace.
const LOOP_LINE: u32 = 12;

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
    let dir = tempfile::tempdir().context("temporary directory")?;
    let path = dir.path().join("mix.c");
    std::fs::write(&path, PROGRAM).context("write the benchmark program")?;
    let prog = regcause::frontend::load_files(&[path], &[], &[])
        .map_err(|e| anyhow::anyhow!("benchmark program does not lower: {e}"))?;
    let facts = Facts::new(&prog);

    let mut table = Table::new();
    table
        .load_preset(presets::UTF8_FULL_CONDENSED)
        .set_header(vec![
            "entries",
            "index s",
            "slice s",
            "entries/s",
            "relevant",
            "dynamic",
            "trace MiB",
            "index MiB",
            "peak RSS MiB",
        ]);
    let max_exp = if quick { 6 } else { 7 };
    for exp in 3..=max_exp {
        let n = 10usize.pow(exp);
        let mut seed = 0x9e37_79b9_u64;
        let mut choose = |s: StmtId, _k: u32, succs: &[BlockId]| {
            let line = prog.functions[s.func.index()].blocks[s.block.index()]
                .term_loc
                .line;
            if line == LOOP_LINE {
                return succs[0];
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            succs[(seed >> 33) as usize % succs.len()]
        };
        let trace = Synth::run(&prog, &mut choose, n);
        let t0 = Instant::now();
        let slicer = Slicer::new(&prog, &facts, &trace)?;
        let t1 = Instant::now();
        let crit = Criterion {
            entries: vec![trace.len() as u32 - 1],
        };
        let s = slicer.slice(&crit)?;
        let t2 = Instant::now();
        let total = t2 - t0;
        table.add_row(vec![
            trace.len().to_string(),
            secs(t1 - t0),
            secs(t2 - t1),
            format!("{:.2e}", trace.len() as f64 / total.as_secs_f64()),
            s.relevant.count().to_string(),
            s.dynamic.count().to_string(),
            mib(trace.heap_bytes()),
            mib(slicer.heap_bytes()),
            peak_rss_mib().map_or("?".into(), |m| format!("{m:.0}")),
        ]);
    }
    println!("{table}");
    println!(
        "entries/s counts the forward index and both backward closures (relevant and dynamic)."
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
