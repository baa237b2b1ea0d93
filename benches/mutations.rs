//! A mutation campaign over the C corpus (`tests/c/pass`): for each program, the first
//! mutation of the contest corpus's generator (`regcause_dev::mutants::order`, seed 1
//! unless `--seed N` gives another:
//! an operator swapped, a constant off by one, a statement deleted, ...) that changes
//! what gcc's build prints (with the program's first `[[case]]`) makes a regression in
//! a two-commit repository, and the main command is asked to explain it against the
//! good output (`--expect`). The changed
//! line should be named first. A table, not an assertion: it measures how often the
//! report names the mutated line across programs nobody wrote as regressions.
//!
//! ```text
//! cargo build --release && cargo bench --bench mutations          # every program
//! cargo bench --bench mutations -- vla bigint                      # names starting so
//! cargo bench --bench mutations -- --seed 2                        # another ordering
//! REGCAUSE_BENCH_BIN=/path/to/git-regcause cargo bench --bench mutations
//! ```
//!
//! Outcomes: `first` (the mutated line named first), `named` (named, not first),
//! `missed` (a report naming other lines), `nothing to explain` (exit 1: the good
//! revision does not print the good output in regcause's run), `no report` (no JSON
//! report: the exit status says why),
//! `skipped` (gcc cannot build or run it, or no literal changes its output).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use comfy_table::{presets, Table};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A corpus program's case (`[[case]]` in the `.toml` beside it).
#[derive(Default, Clone, serde::Deserialize)]
struct Case {
    #[serde(default)]
    args: Vec<String>,
    #[serde(default)]
    stdin: String,
    /// NAME=VALUE strings: the whole environment (none when absent, as in a sealed run).
    #[serde(default)]
    env: Vec<String>,
}

#[derive(Default, serde::Deserialize)]
struct Cases {
    #[serde(default)]
    case: Vec<Case>,
}

/// The first case of a corpus program.
fn first_case(c_file: &Path) -> Case {
    let text = std::fs::read_to_string(c_file.with_extension("toml")).unwrap_or_default();
    let cases: Cases = toml::from_str(&text).unwrap_or_default();
    cases.case.into_iter().next().unwrap_or_default()
}

/// The bytes of a source read one char per byte.
fn bytes(src: &str) -> Vec<u8> {
    src.chars()
        .map(|c| u8::try_from(c).unwrap_or(b'?'))
        .collect()
}

/// gcc's build of `src` run as a sealed run is: as `./prog`, in a directory holding
/// only `prog.c` (the revision's tree), with exactly the case's environment. Its stdout,
/// when it builds and ends by itself within three seconds, without a signal.
fn native(src: &str, case: &Case, dir: &Path) -> Option<Vec<u8>> {
    use std::os::unix::process::CommandExt;
    let tree = dir.join("tree");
    std::fs::create_dir_all(&tree).ok()?;
    let c = tree.join("prog.c");
    std::fs::write(&c, bytes(src)).ok()?;
    let exe = dir.join("a.out");
    regcause_dev::native::gcc(&tree, &[c], &exe).ok()?;
    let mut child = Command::new(&exe)
        .arg0("./prog")
        .args(&case.args)
        .env_clear()
        .envs(case.env.iter().filter_map(|v| v.split_once('=')))
        .current_dir(&tree)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    child.stdin.take()?.write_all(case.stdin.as_bytes()).ok()?;
    let start = Instant::now();
    while child.try_wait().ok()?.is_none() {
        if start.elapsed() > Duration::from_secs(3) {
            let _ = child.kill();
            return None;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let out = child.wait_with_output().ok()?;
    out.status.code()?;
    Some(out.stdout)
}

/// The first mutation, in `regcause_dev::mutants::order` (the contest corpus's kinds:
/// an operator swapped, a constant off by one, a statement deleted, ...), that changes
/// gcc's output: (the 1-based line of the bad revision where it is, the mutated
/// source, what it did). At most 25 are tried.
fn mutation(src: &str, case: &Case, dir: &Path, seed: u64) -> Option<(u32, String, String)> {
    let good = native(src, case, dir)?;
    for m in regcause_dev::mutants::order(src, seed).into_iter().take(25) {
        let bad = m.apply(src);
        if native(&bad, case, dir).is_some_and(|o| o != good) {
            return Some((m.line as u32 + 1, bad, m.what));
        }
    }
    None
}

fn git(repo: &Path, args: &[&str]) -> Result<()> {
    let st = Command::new("git")
        .args(args)
        .current_dir(repo)
        .env("GIT_AUTHOR_NAME", "m")
        .env("GIT_AUTHOR_EMAIL", "m@example.com")
        .env("GIT_COMMITTER_NAME", "m")
        .env("GIT_COMMITTER_EMAIL", "m@example.com")
        .status()
        .context("git")?;
    anyhow::ensure!(st.success(), "git {args:?} failed");
    Ok(())
}

/// One program's row of the table.
struct Row {
    line: u32,
    what: String,
    outcome: &'static str,
    status: String,
    named: String,
    secs: f64,
}

/// The row of corpus program `c_file` under the generator's `seed`; None when it is
/// skipped.
fn campaign(c_file: &Path, seed: u64) -> Result<Option<Row>> {
    // As Latin-1, one char per byte, so a file's bytes are written back as they were
    // (the mutations add ASCII only).
    let src: String = std::fs::read(c_file)?
        .iter()
        .map(|&b| char::from(b))
        .collect();
    let case = first_case(c_file);
    let dir = tempfile::tempdir()?;
    let Some(good_out) = native(&src, &case, dir.path()) else {
        return Ok(None);
    };
    let Some((line, bad, what)) = mutation(&src, &case, dir.path(), seed) else {
        return Ok(None);
    };
    let repo = dir.path().join("repo");
    std::fs::create_dir(&repo)?;
    git(&repo, &["init", "-q"])?;
    for (tag, text) in [("good", &src), ("bad", &bad)] {
        std::fs::write(repo.join("prog.c"), bytes(text))?;
        git(&repo, &["add", "-A"])?;
        git(&repo, &["commit", "-qm", tag])?;
        git(&repo, &["tag", tag])?;
    }
    let expect = dir.path().join("expected");
    std::fs::write(&expect, &good_out)?;
    let stdin_file = dir.path().join("stdin");
    std::fs::write(&stdin_file, &case.stdin)?;
    let start = Instant::now();
    let o = Command::new(regcause_dev::bench_binary())
        .args(["good", "bad", "--no-cache", "--format", "json", "--expect"])
        .arg(&expect)
        .arg("--stdin")
        .arg(&stdin_file)
        .args(case.env.iter().flat_map(|v| ["--env", v.as_str()]))
        .args(["--", "./prog"])
        .args(&case.args)
        .current_dir(&repo)
        .output()
        .context("run git-regcause")?;
    let secs = start.elapsed().as_secs_f64();
    let status = o.status.code().map_or("signal".into(), |c| c.to_string());
    let Ok(report) = serde_json::from_slice::<serde_json::Value>(&o.stdout) else {
        return Ok(Some(Row {
            line,
            what,
            outcome: "no report",
            status,
            named: String::new(),
            secs,
        }));
    };
    let named: Vec<u64> = report["root_cause"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|c| c["line"].as_u64())
        .collect();
    let outcome = match named.iter().position(|&l| l == u64::from(line)) {
        Some(0) => "first",
        Some(_) => "named",
        // Exit 1: nothing to explain (the good revision already fails its expected
        // output in regcause's run).
        None if o.status.code() == Some(1) => "nothing to explain",
        None => "missed",
    };
    let named = named
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ");
    Ok(Some(Row {
        line,
        what,
        outcome,
        status,
        named,
        secs,
    }))
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let seed_at = args.iter().position(|a| a == "--seed");
    let seed = match seed_at.map(|k| args.get(k + 1).map(|v| v.parse::<u64>())) {
        None => 1,
        Some(Some(Ok(n))) => n,
        Some(_) => {
            eprintln!("mutations: --seed takes a number");
            return ExitCode::FAILURE;
        }
    };
    let filters: Vec<&String> = args
        .iter()
        .enumerate()
        .filter(|&(k, a)| !a.starts_with('-') && seed_at.is_none_or(|s| k != s + 1))
        .map(|(_, a)| a)
        .collect();
    let mut files: Vec<PathBuf> = match std::fs::read_dir(root().join("tests/c/pass")) {
        Ok(d) => d.filter_map(|e| e.ok().map(|e| e.path())).collect(),
        Err(e) => {
            eprintln!("mutations: cannot read the corpus: {e}");
            return ExitCode::FAILURE;
        }
    };
    files.retain(|p| p.extension().is_some_and(|x| x == "c"));
    files.sort();
    let mut table = Table::new();
    table.load_preset(presets::UTF8_FULL);
    table.set_header([
        "program",
        "mutated line",
        "mutation",
        "outcome",
        "exit",
        "named",
        "s",
    ]);
    let mut counts = std::collections::BTreeMap::<String, usize>::new();
    for f in &files {
        let name = f
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        if !filters.is_empty() && !filters.iter().any(|x| name.starts_with(x.as_str())) {
            continue;
        }
        match campaign(f, seed) {
            Ok(Some(r)) => {
                *counts.entry(r.outcome.to_string()).or_default() += 1;
                table.add_row([
                    name,
                    r.line.to_string(),
                    r.what,
                    r.outcome.to_string(),
                    r.status,
                    r.named,
                    format!("{:.1}", r.secs),
                ]);
            }
            Ok(None) => *counts.entry("skipped".into()).or_default() += 1,
            Err(e) => {
                eprintln!("mutations: {name}: {e:#}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("{table}");
    let summary: Vec<String> = counts.iter().map(|(k, v)| format!("{k} {v}")).collect();
    println!("{}", summary.join(", "));
    ExitCode::SUCCESS
}
