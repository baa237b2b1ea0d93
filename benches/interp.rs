//! Interpreter speed benchmark: runs each program of `benches/c/` natively (gcc -O0 and
//! gcc -O2) and in regcause's interpreter, and prints how much slower the interpreter is.
//!
//! ```text
//! cargo bench --bench interp               # full sizes from benches/c/sizes.toml
//! cargo bench --bench interp -- --quick    # sizes scaled by 0.1
//! REGCAUSE_BENCH_SCALE=0.5 cargo bench --bench interp
//! REGCAUSE_BENCH_ONLY=fib cargo bench --bench interp
//! ```
//!
//! Every time is the best of [`RUNS`] runs: the minimum is the least noisy estimate on a
//! shared machine, where other work only ever makes a run slower. Native times include
//! process start-up (`Instant` around the child), which is negligible at the sizes of
//! `sizes.toml` (about 0.2-0.5 s at -O0). The interpreter is timed without the front end:
//! the program is loaded once and only `exec::run` is measured, the part the lead tunes.
//!
//! The interpreter's stdout must equal the native one; a row where it does not (or where a
//! run did not exit with status 0) is marked in the `check` column and the process exits
//! with status 1 after printing the table, so the benchmark doubles as a smoke test.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use comfy_table::{presets, Cell, CellAlignment, Table};
use regcause::exec::{self, Limits, Outcome, RunInput};

/// Runs per measurement; the fastest counts.
const RUNS: usize = 3;
/// Native -O0 times below this are mostly process start-up (about 1 ms): such rows (tiny
/// sizes from a small scale) stay in the table but not in the geometric mean.
const MIN_NATIVE: Duration = Duration::from_millis(10);
/// Scale applied by `--quick`.
const QUICK_SCALE: f64 = 0.1;

#[derive(Debug, thiserror::Error)]
enum BenchError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("cannot parse {path}: {source}")]
    Sizes {
        path: PathBuf,
        source: toml::de::Error,
    },
    #[error("{path}: [{name}] needs an integer `size` (a string or a number)")]
    BadSize { path: PathBuf, name: String },
    #[error("REGCAUSE_BENCH_SCALE must be a positive number, got {0:?}")]
    BadScale(String),
    #[error("unknown argument {0:?} (accepted: --quick)")]
    BadArg(String),
    #[error("REGCAUSE_BENCH_ONLY={0:?} names no program of benches/c/ with a size")]
    UnknownOnly(String),
    #[error("cannot create a temporary directory: {0}")]
    TempDir(std::io::Error),
    #[error("cannot run gcc on {path}: {source}")]
    GccSpawn {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("gcc {opt} failed on {path}:\n{stderr}")]
    GccFailed {
        opt: &'static str,
        path: PathBuf,
        stderr: String,
    },
    #[error("cannot run {path}: {source}")]
    Spawn {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("regcause cannot load {path}: {message}")]
    Load { path: PathBuf, message: String },
}

/// One benchmark program and the argv[1] it is run with.
struct Program {
    name: String,
    source: PathBuf,
    size: u64,
    /// Smaller argv[1] for the concolic table (sizes.toml `concolic_size`): in concolic
    /// mode argv[1] is a symbolic input, so every loop bounded by it records a branch.
    concolic_size: Option<u64>,
}

/// Result of timing one program both ways.
struct Measured {
    o0: Duration,
    o2: Duration,
    interp: Duration,
    steps: u64,
    /// Empty when the interpreter agreed with the native run; otherwise why not.
    problem: String,
}

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("interp bench: error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Measures every selected program and prints the table; `Ok(false)` when some row is
/// marked.
fn run() -> Result<bool, BenchError> {
    let scale = scale_from_args_and_env()?;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches")
        .join("c");
    let mut programs = read_programs(&dir, scale)?;
    if let Ok(only) = std::env::var("REGCAUSE_BENCH_ONLY") {
        programs.retain(|p| p.name == only);
        if programs.is_empty() {
            return Err(BenchError::UnknownOnly(only));
        }
    }

    let tmp = tempfile::tempdir().map_err(BenchError::TempDir)?;
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED);
    table.set_header(vec![
        "program", "size", "gcc -O0", "gcc -O2", "interp", "steps", "steps/s", "×-O0", "×-O2",
        "check",
    ]);
    let mut all_ok = true;
    let mut ratios_o0 = Vec::new();
    for p in &programs {
        // Progress on stderr, so that a long full-scale run shows signs of life.
        eprintln!("interp bench: {} (size {}) ...", p.name, p.size);
        let m = measure(p, tmp.path())?;
        let r0 = ratio(m.interp, m.o0);
        let r2 = ratio(m.interp, m.o2);
        if m.o0 >= MIN_NATIVE {
            ratios_o0.push(r0);
        }
        all_ok &= m.problem.is_empty();
        let steps_per_s = m.steps as f64 / m.interp.as_secs_f64().max(1e-9);
        table.add_row(vec![
            Cell::new(&p.name),
            Cell::new(p.size),
            Cell::new(secs(m.o0)),
            Cell::new(secs(m.o2)),
            Cell::new(secs(m.interp)),
            Cell::new(m.steps),
            Cell::new(format!("{:.1} M", steps_per_s / 1e6)),
            Cell::new(format!("{r0:.1}")),
            Cell::new(format!("{r2:.1}")),
            Cell::new(if m.problem.is_empty() {
                "ok".to_string()
            } else {
                format!("MISMATCH: {}", m.problem)
            }),
        ]);
    }
    // Columns 1 (size) to 8 (×-O2) hold numbers: right-align them.
    for i in 1..=8 {
        if let Some(c) = table.column_mut(i) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }

    if scale != 1.0 {
        println!("sizes scaled by {scale}");
    }
    println!("{table}");
    let short = programs.len() - ratios_o0.len();
    let note = if short > 0 {
        format!(
            " ({short} left out: native -O0 under {} ms)",
            MIN_NATIVE.as_millis()
        )
    } else {
        String::new()
    };
    let mean = match geometric_mean(&ratios_o0) {
        Some(g) => format!("{g:.1}x"),
        None => "n/a".to_string(),
    };
    println!(
        "geometric mean of interp/-O0 over {} programs: {mean}{note}",
        ratios_o0.len()
    );
    if std::env::var("REGCAUSE_BENCH_NO_CONCOLIC").is_err() {
        all_ok &= concolic_table(&programs)?;
    }
    Ok(all_ok)
}

/// The size scale: `--quick` wins over REGCAUSE_BENCH_SCALE, which defaults to 1.
fn scale_from_args_and_env() -> Result<f64, BenchError> {
    let mut quick = false;
    for a in std::env::args().skip(1) {
        match a.as_str() {
            "--quick" => quick = true,
            // cargo passes `--bench` to every bench target, harness or not.
            "--bench" => {}
            _ => return Err(BenchError::BadArg(a)),
        }
    }
    if quick {
        return Ok(QUICK_SCALE);
    }
    match std::env::var("REGCAUSE_BENCH_SCALE") {
        Err(_) => Ok(1.0),
        Ok(s) => match s.trim().parse::<f64>() {
            Ok(x) if x.is_finite() && x > 0.0 => Ok(x),
            _ => Err(BenchError::BadScale(s)),
        },
    }
}

/// The programs of `dir` that have a size in `dir/sizes.toml`, sorted by name, with their
/// sizes scaled (never below 1). A `.c` file without a size is skipped with a warning.
fn read_programs(dir: &Path, scale: f64) -> Result<Vec<Program>, BenchError> {
    let sizes_path = dir.join("sizes.toml");
    let text = std::fs::read_to_string(&sizes_path).map_err(|source| BenchError::Read {
        path: sizes_path.clone(),
        source,
    })?;
    let sizes: toml::Table = text.parse().map_err(|source| BenchError::Sizes {
        path: sizes_path.clone(),
        source,
    })?;
    let entries = std::fs::read_dir(dir).map_err(|source| BenchError::Read {
        path: dir.to_path_buf(),
        source,
    })?;
    let mut sources: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "c"))
        .collect();
    sources.sort();

    let mut programs = Vec::new();
    for source in sources {
        let Some(name) = source.file_stem().map(|s| s.to_string_lossy().into_owned()) else {
            continue;
        };
        let Some(entry) = sizes.get(&name) else {
            eprintln!("interp bench: warning: {name}.c has no size in sizes.toml; skipped");
            continue;
        };
        // sizes.toml writes sizes as strings (they are argv text); accept numbers too.
        let size = match entry.get("size") {
            Some(toml::Value::String(s)) => s.trim().parse::<u64>().ok(),
            Some(toml::Value::Integer(n)) => u64::try_from(*n).ok(),
            _ => None,
        };
        let Some(size) = size else {
            return Err(BenchError::BadSize {
                path: sizes_path,
                name,
            });
        };
        let scaled = ((size as f64) * scale).round().max(1.0) as u64;
        let concolic_size = match entry.get("concolic_size") {
            Some(toml::Value::String(s)) => s.trim().parse::<u64>().ok(),
            Some(toml::Value::Integer(n)) => u64::try_from(*n).ok(),
            _ => None,
        };
        programs.push(Program {
            name,
            source,
            size: scaled,
            concolic_size,
        });
    }
    Ok(programs)
}

/// Times `p` natively at -O0 and -O2 and in the interpreter, and compares the outputs.
fn measure(p: &Program, tmp: &Path) -> Result<Measured, BenchError> {
    let arg = p.size.to_string();
    let mut problems = Vec::new();

    let exe_o0 = compile(&p.source, "-O0", tmp)?;
    let (o0, native_out) = time_native(&exe_o0, &arg, &mut problems)?;
    let exe_o2 = compile(&p.source, "-O2", tmp)?;
    let (o2, out_o2) = time_native(&exe_o2, &arg, &mut problems)?;
    if out_o2 != native_out {
        // Would mean UB in the benchmark itself: worth knowing before blaming regcause.
        problems.push("-O0 and -O2 differ".to_string());
    }

    let prog =
        regcause::frontend::load_files(std::slice::from_ref(&p.source), &[], &[]).map_err(|e| {
            BenchError::Load {
                path: p.source.clone(),
                message: e.to_string(),
            }
        })?;
    let input = RunInput {
        argv: vec![b"./prog".to_vec(), arg.clone().into_bytes()],
        stdin: Vec::new(),
        cwd: None,
        root: None,
        env: Vec::new(),
        files: Vec::new(),
        literals: Vec::new(),
    };
    // No step limit: the benchmarks are long by design.
    let limits = Limits {
        max_steps: u64::MAX,
        ..Default::default()
    };
    let mut best = Duration::MAX;
    let mut steps = 0;
    for _ in 0..RUNS {
        let t = Instant::now();
        let r = exec::run(&prog, &input, limits);
        let elapsed = t.elapsed();
        best = best.min(elapsed);
        steps = r.steps;
        match &r.outcome {
            Outcome::Exit(0) => {}
            Outcome::Exit(n) => problems.push(format!("interp exit {n}")),
            Outcome::Signal(s) => problems.push(format!("interp signal {s}")),
            Outcome::Fault(e) => problems.push(format!("interp {}", e.kind.slug())),
        }
        if r.stdout != native_out {
            problems.push("stdout differs".to_string());
        }
        // One failing run says it all; do not repeat a broken run.
        if !problems.is_empty() {
            break;
        }
    }
    problems.dedup();
    Ok(Measured {
        o0,
        o2,
        interp: best,
        steps,
        problem: problems.join(", "),
    })
}

/// Builds `source` with gcc at `opt` into `tmp`, as the project's C is built elsewhere.
fn compile(source: &Path, opt: &'static str, tmp: &Path) -> Result<PathBuf, BenchError> {
    let stem = source.file_stem().unwrap_or_default().to_string_lossy();
    let exe = tmp.join(format!("{stem}{opt}"));
    let out = Command::new("gcc")
        .args(["-std=gnu11", opt, "-o"])
        .arg(&exe)
        .arg(source)
        .arg("-lm")
        .output()
        .map_err(|e| BenchError::GccSpawn {
            path: source.to_path_buf(),
            source: e,
        })?;
    if !out.status.success() {
        return Err(BenchError::GccFailed {
            opt,
            path: source.to_path_buf(),
            stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        });
    }
    Ok(exe)
}

/// Best of [`RUNS`] wall-clock times of `exe arg` (stdin empty), and its stdout. A non-zero
/// exit is recorded in `problems`.
fn time_native(
    exe: &Path,
    arg: &str,
    problems: &mut Vec<String>,
) -> Result<(Duration, Vec<u8>), BenchError> {
    let mut best = Duration::MAX;
    let mut stdout = Vec::new();
    for _ in 0..RUNS {
        let t = Instant::now();
        let out = Command::new(exe)
            .arg(arg)
            .stdin(Stdio::null())
            .stderr(Stdio::null())
            .output()
            .map_err(|source| BenchError::Spawn {
                path: exe.to_path_buf(),
                source,
            })?;
        best = best.min(t.elapsed());
        if !out.status.success() {
            problems.push(format!("native {}", out.status));
        }
        stdout = out.stdout;
    }
    Ok((best, stdout))
}

/// `a / b`, guarded against a zero native time.
fn ratio(a: Duration, b: Duration) -> f64 {
    a.as_secs_f64() / b.as_secs_f64().max(1e-9)
}

/// A duration with three significant-ish digits in a unit that suits it.
fn secs(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 1.0 {
        format!("{s:.3} s")
    } else if s >= 1e-3 {
        format!("{:.1} ms", s * 1e3)
    } else {
        format!("{:.0} µs", s * 1e6)
    }
}

/// exp(mean(ln x)); `None` for an empty list.
fn geometric_mean(xs: &[f64]) -> Option<f64> {
    if xs.is_empty() {
        return None;
    }
    Some((xs.iter().map(|x| x.ln()).sum::<f64>() / xs.len() as f64).exp())
}

/// Concolic mode against concrete mode on the same programs (at `concolic_size`):
/// statements per second, the slowdown, and the memory the symbolic trace takes per
/// executed statement (branch records plus expression nodes).
fn concolic_table(programs: &[Program]) -> Result<bool, BenchError> {
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL_CONDENSED);
    table.set_header(vec![
        "program",
        "size",
        "concrete",
        "concolic",
        "×concrete",
        "steps",
        "concolic steps/s",
        "branch recs",
        "expr nodes",
        "trace B/step",
        "check",
    ]);
    let limits = Limits {
        max_steps: u64::MAX,
        ..Default::default()
    };
    let mut all_ok = true;
    let mut slowdowns = Vec::new();
    for p in programs {
        let Some(size) = p.concolic_size else {
            continue;
        };
        eprintln!("interp bench: concolic {} (size {size}) ...", p.name);
        let prog = regcause::frontend::load_files(std::slice::from_ref(&p.source), &[], &[])
            .map_err(|e| BenchError::Load {
                path: p.source.clone(),
                message: e.to_string(),
            })?;
        let input = RunInput {
            argv: vec![b"./prog".to_vec(), size.to_string().into_bytes()],
            stdin: Vec::new(),
            cwd: None,
            root: None,
            env: Vec::new(),
            files: Vec::new(),
            literals: Vec::new(),
        };
        let mut concrete = Duration::MAX;
        let mut concolic = Duration::MAX;
        let mut last = None;
        let mut reference = Vec::new();
        for _ in 0..2 {
            let t = Instant::now();
            let r = exec::run(&prog, &input, limits);
            concrete = concrete.min(t.elapsed());
            reference = r.stdout;
            let t = Instant::now();
            let c = exec::run_concolic(&prog, &input, limits);
            concolic = concolic.min(t.elapsed());
            last = Some(c);
        }
        let Some(c) = last else { continue };
        let ok = c.result.stdout == reference;
        all_ok &= ok;
        let steps = c.result.steps.max(1);
        let slow = ratio(concolic, concrete);
        slowdowns.push(slow);
        table.add_row(vec![
            Cell::new(&p.name),
            Cell::new(size),
            Cell::new(secs(concrete)),
            Cell::new(secs(concolic)),
            Cell::new(format!("{slow:.2}")),
            Cell::new(steps),
            Cell::new(format!(
                "{:.1} M",
                steps as f64 / concolic.as_secs_f64() / 1e6
            )),
            Cell::new(c.sym.branches.len()),
            Cell::new(c.sym.pool.len()),
            Cell::new(format!("{:.2}", c.sym.trace_bytes() as f64 / steps as f64)),
            Cell::new(if ok { "ok" } else { "MISMATCH: stdout differs" }),
        ]);
    }
    if slowdowns.is_empty() {
        return Ok(all_ok);
    }
    println!("{table}");
    if let Some(g) = geometric_mean(&slowdowns) {
        println!(
            "geometric mean of concolic/concrete over {} programs: {g:.2}x",
            slowdowns.len()
        );
    }
    Ok(all_ok)
}
