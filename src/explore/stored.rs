//! Explored suites in the analysis cache.
//!
//! An exploration is stored under a key made of everything its result depends on: the
//! hash of the whole source tree (the program and every file it may open), the program's
//! name, the starting test (argv, stdin, environment) and every option (strategy,
//! criterion, run limits, depth, test and time bounds). What is stored is one test per
//! partition with the partition's key and execution count, the statistics and the
//! reasons for incompleteness. A later exploration with the same key replays those tests
//! (one execution per partition, no solving) to get the runs back, and checks that every
//! replayed test lands in the partition it was stored for; any mismatch discards the
//! entry and explores afresh. An exploration whose end depended on the clock (stopped
//! by `--timeout`, or a solver query that gave up) is not stored: repeating it could
//! give another result.
//!
//! Each stored exploration also becomes the latest *suite* of its tree and program (a
//! second entry, keyed by tree and program only), which the root-cause analysis reads
//! to count how many of the explored tests also fail (`corroborate`).

use anyhow::Result;
use serde::{Deserialize, Serialize};

use super::{execute, Exploration, Options, Partition, Stats, Strategy};
use crate::analysis::Facts;
use crate::cache::{Cache, Key, Kind};
use crate::exec::{self, Limits, RunInput};
use crate::ir::Program;

/// One partition's test as stored.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StoredTest {
    pub argv: Vec<Vec<u8>>,
    pub stdin: Vec<u8>,
    /// Files of the tree and environment variables the test varies (inputs since
    /// issue 28; absent in older entries).
    #[serde(default)]
    pub files: Vec<(String, Vec<u8>)>,
    #[serde(default)]
    pub env: Vec<(Vec<u8>, Vec<u8>)>,
    /// The partition's key (its RSC, or for DART its path), checked on replay.
    pub key: String,
    pub executions: usize,
}

impl StoredTest {
    /// The test as a run of the tree and directory of `base`.
    fn input(&self, base: &RunInput) -> RunInput {
        // An entry from before files were inputs keeps the base's environment.
        let env = if self.env.is_empty() {
            base.env.clone()
        } else {
            self.env.clone()
        };
        RunInput {
            argv: self.argv.clone(),
            stdin: self.stdin.clone(),
            files: self.files.clone(),
            env,
            ..base.clone()
        }
    }
}

/// An exploration as the cache keeps it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Stored {
    pub strategy: Strategy,
    pub tests: Vec<StoredTest>,
    pub stats: Stats,
    pub incomplete: Vec<String>,
}

/// How much of an exploration came from the cache.
#[derive(Clone, Debug, Serialize)]
pub struct Reused {
    /// Tests read from the cache and replayed.
    pub tests: usize,
    /// The figures of the exploration that first derived them.
    pub first: Stats,
}

/// Length-prefixed concatenation, so no two lists of parts serialise alike.
fn parts(ps: &[&[u8]]) -> Vec<u8> {
    let mut t = Vec::new();
    for p in ps {
        t.extend_from_slice(&(p.len() as u64).to_le_bytes());
        t.extend_from_slice(p);
    }
    t
}

fn env_bytes(input: &RunInput) -> Vec<u8> {
    input
        .env
        .iter()
        .flat_map(|(k, v)| [k.as_slice(), b"=", v.as_slice(), b"\0"].concat())
        .collect()
}

/// The key of an exploration of `program` in the tree `tree` (its git tree id) from `start`
/// (argv[0] included, cwd excluded: it is where the tree happens to be) with `opts`.
pub fn key(tree: &str, program: &str, start: &RunInput, opts: &Options) -> Key {
    let argv: Vec<&[u8]> = start.argv.iter().map(Vec::as_slice).collect();
    let opts_text = format!(
        "{}|{:?}|{:?}|{}|{}|{:?}",
        opts.strategy.name(),
        opts.criterion,
        opts.limits,
        opts.max_depth,
        opts.max_tests,
        opts.timeout
    );
    let test = parts(&[
        &parts(&argv),
        &start.stdin,
        &env_bytes(start),
        opts_text.as_bytes(),
    ]);
    Key::new(format!("explore:{tree}:{program}").as_bytes(), &test)
}

/// The key of the latest suite of `program` in the tree `tree` (its git tree id).
fn suite_key(tree: &str, program: &str) -> Key {
    Key::new(format!("suite:{tree}:{program}").as_bytes(), b"")
}

/// The latest suite stored for `program` in the tree `tree`, as stored bytes
/// (empty when there is none): part of the root-cause report's cache key, since the
/// report counts the suite's failing tests.
pub fn suite_bytes(cache: &mut Cache, tree: &str, program: &str) -> Vec<u8> {
    cache
        .get(Kind::Explore, &suite_key(tree, program))
        .unwrap_or_default()
}

/// `explore`, reusing a stored exploration under `key` when there is one and storing
/// the result otherwise. `tree` and `program` name the suite for `corroborate`.
pub fn explore_reusing(
    prog: &Program,
    start: RunInput,
    opts: &Options,
    cache: &mut Cache,
    (key, tree, program): (&Key, &str, &str),
    progress: impl FnMut(super::Progress),
) -> Result<Exploration> {
    if let Some(s) = cache
        .get(Kind::Explore, key)
        .and_then(|b| serde_json::from_slice::<Stored>(&b).ok())
    {
        if let Some(ex) = replay(prog, &start, opts, &s)? {
            return Ok(ex);
        }
    }
    let ex = super::explore(prog, start, opts, cache, progress)?;
    if !ex.clock_bound {
        let s = Stored {
            strategy: ex.strategy,
            tests: ex
                .partitions
                .iter()
                .map(|p| StoredTest {
                    argv: ex.runs[p.run].input.argv.clone(),
                    stdin: ex.runs[p.run].input.stdin.clone(),
                    files: ex.runs[p.run].input.files.clone(),
                    env: ex.runs[p.run].input.env.clone(),
                    key: p.key.clone(),
                    executions: p.executions,
                })
                .collect(),
            stats: ex.stats.clone(),
            incomplete: ex.incomplete.clone(),
        };
        if let Ok(b) = serde_json::to_vec(&s) {
            cache.put(Kind::Explore, key, &b);
            cache.put(Kind::Explore, &suite_key(tree, program), &b);
        }
    }
    Ok(ex)
}

/// The stored exploration's tests run again; `None` when one no longer lands in the
/// partition it was stored for (then the entry is not trusted).
fn replay(
    prog: &Program,
    start: &RunInput,
    opts: &Options,
    s: &Stored,
) -> Result<Option<Exploration>> {
    if s.strategy != opts.strategy || s.tests.is_empty() {
        return Ok(None);
    }
    let started = std::time::Instant::now();
    let facts = Facts::new(prog);
    let mut runs: Vec<super::Run> = Vec::new();
    let mut partitions = Vec::new();
    for t in &s.tests {
        let input = t.input(start);
        // The same limits as the first exploration gave each run (see `run_and_push`).
        let run = match runs.first() {
            Some(seed) => {
                let budgeted = Options {
                    limits: opts.limits.relative_to(seed.result.steps),
                    ..opts.clone()
                };
                execute(prog, &facts, input, &budgeted)?
            }
            None => execute(prog, &facts, input, opts)?,
        };
        let k = match opts.strategy {
            Strategy::Rsc => run.rsc_key(),
            Strategy::Dart => run.path_key(),
        };
        if k != t.key {
            return Ok(None);
        }
        partitions.push(Partition {
            key: k,
            run: runs.len(),
            executions: t.executions,
        });
        runs.push(run);
    }
    let stats = Stats {
        executions: runs.len(),
        elapsed_ms: started.elapsed().as_millis() as u64,
        ..Stats::default()
    };
    Ok(Some(Exploration {
        strategy: s.strategy,
        runs,
        partitions,
        stats,
        incomplete: s.incomplete.clone(),
        clock_bound: false,
        reused: Some(Reused {
            tests: s.tests.len(),
            first: s.stats.clone(),
        }),
    }))
}

/// How the cached suite of the bad revision fares on the regression: each of its tests
/// run at both revisions. A note for the root-cause report, or `None` without a suite.
///
/// `test_good` and `test_bad` are the regressing test at each revision (their cwd is
/// that revision's tree); the suite's tests take their environment and cwd.
pub fn corroborate(
    suite: &[u8],
    good: &Program,
    bad: &Program,
    test_good: &RunInput,
    test_bad: &RunInput,
    limits: Limits,
) -> Option<String> {
    let s: Stored = serde_json::from_slice(suite).ok()?;
    let site = |gi: &RunInput, bi: &RunInput| {
        let g = exec::run(good, gi, limits);
        let b = exec::run(bad, bi, limits);
        super::diff::failure_site(bad, &g, &b)
    };
    let own = site(test_good, test_bad);
    let mut failing = 0;
    let mut alike = 0;
    let mut example: Option<String> = None;
    let mut n = 0;
    for t in &s.tests {
        if t.input(test_bad) == *test_bad {
            continue;
        }
        n += 1;
        let with = |base: &RunInput| t.input(base);
        let Some(f) = site(&with(test_good), &with(test_bad)) else {
            continue;
        };
        failing += 1;
        if own.as_deref() == Some(f.as_str()) {
            alike += 1;
            if example.is_none() {
                // Unlike `replay::describe_input`, stdin is always shown, uncut.
                example = Some(format!(
                    "args {:?} stdin {:?}",
                    crate::replay::args_of(&with(test_bad)),
                    String::from_utf8_lossy(&t.stdin)
                ));
            }
        }
    }
    if n == 0 {
        return None;
    }
    let mut note = format!(
        "explored suite (cached by `explore` of the bad revision): {failing} of {n} other tests also regress, {alike} of them the way this test does (same divergence at the same statement)"
    );
    if let Some(e) = example {
        note.push_str(&format!("; e.g. {e}"));
    }
    Some(note)
}
