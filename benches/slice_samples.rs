//! Evidence for issue 13: the relevant slice and its condition on every sample
//! regression, and slicing on real traces of the `benches/c` programs.
//!
//! ```text
//! cargo bench --bench slice_samples              # samples, then real traces to ~10^7
//! cargo bench --bench slice_samples -- --quick   # real traces to ~10^6
//! cargo bench --bench slice_samples -- --real strings   # one program's real rows
//! ```
//!
//! Under load, wall-clock ratios are noisy; run the bench binary with `--real NAME` under
//! `valgrind --tool=callgrind` and compare the inclusive instruction counts of
//! `exec::run`, `exec::run_concolic` and `exec::run_traced`.
//!
//! Sample table: the failing test runs traced and concolic at the bad revision; the
//! criterion is the first stdout byte that differs from the good run (`exit` when the bad
//! run did not exit normally, or when stdout agrees). `gt RS`/`gt DS`: whether a
//! ground-truth root-cause line is in the relevant / dynamic slice, or among the static
//! initialisers the slice read (a wrong table entry is data, not a statement).

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};
use regcause::analysis::Facts;
use regcause::exec::{self, Limits, Outcome, RunInput};
use regcause::oracle::{self, Test};
use regcause::slice::{self, Spec};
use regcause_dev::samples;

fn ms(d: Duration) -> String {
    format!("{:.1}", d.as_secs_f64() * 1e3)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn sample_rows(table: &mut Table) -> Result<()> {
    let all = samples::all(&root().join("sample-repos")).context("load samples")?;
    for s in &all {
        for r in &s.manifest.regressions {
            let row = regression_row(s, r)
                .with_context(|| format!("{}/{}", s.name, r.id))
                .unwrap_or_else(|e| vec![format!("{}/{}", s.name, r.id), format!("{e:#}")]);
            table.add_row(row);
        }
    }
    Ok(())
}

fn load(
    s: &samples::Sample,
    rev: &str,
    t: &samples::TestSpec,
) -> Result<(PathBuf, regcause::ir::Program, RunInput)> {
    let dir = s
        .snapshot_dir(rev)
        .with_context(|| format!("no snapshot for {rev}"))?;
    let prog = oracle::load(&dir, &oracle::Test::named(&t.program), rev)
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    let test = Test {
        program: t.program.clone(),
        args: t.args.clone(),
        stdin: t.stdin_bytes(&s.dir)?.unwrap_or_default(),
        env: Vec::new(),
        expect: None,
        config: Default::default(),
    };
    let input = test.input(&dir);
    Ok((dir, prog, input))
}

fn regression_row(s: &samples::Sample, r: &samples::Regression) -> Result<Vec<String>> {
    let lim = Limits::default();
    let (_, good_prog, good_in) = load(s, &r.good, &r.test)?;
    let good = exec::run(&good_prog, &good_in, lim);
    let (_, prog, input) = load(s, &r.bad, &r.test)?;
    let run = exec::run_traced(&prog, &input, lim, true);
    let diff = oracle::first_difference(&good.stdout, &run.result.stdout);
    let spec = match run.result.outcome {
        Outcome::Exit(_) if diff < run.result.stdout.len() => Spec::Byte(diff),
        _ => Spec::Exit,
    };
    let crit = slice::criterion_of(&run.result, &run.trace, spec)?;
    let facts = Facts::new(&prog);
    let t0 = Instant::now();
    let slicer = slice::Slicer::new(&prog, &facts, &run.trace)?;
    let sl = slicer.slice(&crit)?;
    let took = t0.elapsed();
    let sym = run.sym.unwrap_or_default();
    let c = sl.conditions(&sym.branches);
    let smt = |idx: &[usize]| {
        let e: Vec<_> = idx.iter().map(|&i| sym.branches[i].cond).collect();
        sym.pool.smt2_script(&e).len()
    };
    // Static data the slice read counts: a wrong table entry is data, not a statement.
    let has_gt = |set: &slice::BitSet| {
        slice::lines_of(set, &prog, &run.trace)
            .iter()
            .map(|(loc, _)| *loc)
            .chain(slicer.static_data(set))
            .any(|loc| {
                r.root_causes.iter().any(|g| {
                    g.line == loc.line && Path::new(prog.file_name(loc)).ends_with(&g.file)
                })
            })
    };
    let spec_text = match spec {
        Spec::Byte(n) => format!("byte:{n}"),
        _ => "exit".into(),
    };
    Ok(vec![
        format!("{}/{}", s.name, r.id),
        spec_text,
        format!("{} / {} / {}", c.pc.len(), c.dsc.len(), c.rsc.len()),
        format!("{} / {} / {}", smt(&c.pc), smt(&c.dsc), smt(&c.rsc)),
        ms(took),
        run.trace.len().to_string(),
        has_gt(&sl.relevant).to_string(),
        has_gt(&sl.dynamic).to_string(),
    ])
}

/// Real traces: (program, argv[1]) chosen for ~10^3 .. ~10^7 entries.
const REAL: &[(&str, &str)] = &[
    ("fib", "5"),
    ("fib", "12"),
    ("fib", "17"),
    ("sort", "300"),
    ("fib", "22"),
    ("strings", "20000"),
    ("fib", "27"),
];

fn real_rows(table: &mut Table, quick: bool, only: Option<&str>) -> Result<()> {
    let lim = Limits {
        max_steps: u64::MAX,
        ..Limits::default()
    };
    for (name, arg) in REAL {
        if quick && *name == "fib" && *arg == "27" || only.is_some_and(|o| o != *name) {
            continue;
        }
        let src = root().join("benches/c").join(format!("{name}.c"));
        let prog = regcause::frontend::load_files(std::slice::from_ref(&src), &[], &[])
            .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
        let t = Test {
            program: name.to_string(),
            args: vec![arg.to_string()],
            stdin: Vec::new(),
            env: Vec::new(),
            expect: None,
            config: Default::default(),
        };
        let input = t.input(&root());
        let t0 = Instant::now();
        let plain = exec::run(&prog, &input, lim);
        let t_conc = t0.elapsed();
        let t0 = Instant::now();
        let cc = exec::run_concolic(&prog, &input, lim);
        let t_cc = t0.elapsed();
        drop(cc);
        let t0 = Instant::now();
        let run = exec::run_traced(&prog, &input, lim, false);
        let t_tr = t0.elapsed();
        anyhow::ensure!(
            run.result.stdout == plain.stdout,
            "{name}: traced output differs from the plain run"
        );
        let crit = slice::criterion_of(&run.result, &run.trace, Spec::Output)
            .or_else(|_| slice::criterion_of(&run.result, &run.trace, Spec::Exit))?;
        let facts = Facts::new(&prog);
        let t0 = Instant::now();
        let sl = slice::slice(&prog, &facts, &run.trace, &crit)?;
        let took = t0.elapsed();
        let n = run.trace.len();
        table.add_row(vec![
            format!("{name} {arg}"),
            n.to_string(),
            ms(took),
            format!("{:.2e}", n as f64 / took.as_secs_f64().max(1e-9)),
            format!("{:.1}", run.trace.heap_bytes() as f64 / (1 << 20) as f64),
            format!("{} / {}", sl.relevant.count(), sl.dynamic.count()),
            ms(t_tr),
            ms(t_cc),
            ms(t_conc),
        ]);
        drop(run);
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    let quick = args.iter().any(|a| a == "--quick");
    // `--real NAME`: only the real-trace rows of one program (for callgrind: the
    // inclusive costs of `exec::run`, `run_concolic` and `run_traced` in one process).
    let only = args
        .iter()
        .position(|a| a == "--real")
        .and_then(|i| args.get(i + 1))
        .map(String::as_str);
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED);
    t.set_header(vec![
        "regression",
        "criterion",
        "PC / DSC / RSC",
        "SMT2 bytes PC / DSC / RSC",
        "slice ms",
        "entries",
        "gt RS",
        "gt DS",
    ]);
    if only.is_none() {
        if let Err(e) = sample_rows(&mut t) {
            eprintln!("slice_samples: {e:#}");
            return ExitCode::FAILURE;
        }
        println!("{t}");
    }
    let mut t = Table::new();
    t.load_preset(presets::UTF8_FULL_CONDENSED);
    t.set_header(vec![
        "program",
        "entries",
        "slice ms",
        "entries/s",
        "trace MiB",
        "RS / DS entries",
        "traced ms",
        "concolic ms",
        "concrete ms",
    ]);
    if let Err(e) = real_rows(&mut t, quick, only) {
        eprintln!("slice_samples: {e:#}");
        println!("{t}");
        return ExitCode::FAILURE;
    }
    println!("{t}");
    ExitCode::SUCCESS
}
