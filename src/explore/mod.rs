//! Path exploration by relevant slice conditions (Algorithm 1 of the relevant-slice
//! paper, `../shared/papers/relevant-slice-conditions-darwin.txt`), with DART's
//! depth-first negation of path conditions as the baseline, and the comparison of two
//! revisions' semantic signatures (`diff`).
//!
//! Every run is traced and concolic. Its relevant slice condition (RSC) under the
//! criterion is reordered by Algorithm 2 (`slice::reorder_branches`), so that any input
//! satisfying a prefix `ψ1 ∧ … ∧ ψ(i-1) ∧ ¬ψi` has a reordered RSC starting with that
//! prefix; the stack holds such partial RSCs and a run started from position `i` only
//! pushes the positions after `i`. Runs with the same RSC form one partition: by the
//! paper's Theorem 3.1 they compute the output by the same symbolic expression, printed
//! here per output call. The exploration is incomplete where the theorems' assumptions
//! fail: a value was concretised, the solver gave up, or a bound stopped it; each such
//! reason is recorded in the result.

pub mod diff;
mod prints;
pub mod stored;

use std::collections::{BTreeSet, HashMap, HashSet};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};

use crate::analysis::Facts;
use crate::cache::Cache;
use crate::exec::concolic::SymState;
use crate::exec::trace::Trace;
use crate::exec::{self, Limits, RunInput, RunResult};
use crate::ir::Program;
use crate::slice::{self, Criterion, Slicer, Spec};
use crate::solver::{Chain, Layers};
use crate::sym::{ExprId, SolveResult};

/// How to explore.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, clap::ValueEnum, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Strategy {
    /// One path per relevant slice condition (Algorithm 1 with reordered RSCs).
    #[default]
    Rsc,
    /// Every path: depth-first negation of path-condition constraints (DART).
    Dart,
}

impl Strategy {
    pub fn name(self) -> &'static str {
        match self {
            Strategy::Rsc => "rsc",
            Strategy::Dart => "dart",
        }
    }
}

/// Bounds and settings of one exploration.
#[derive(Clone, Debug)]
pub struct Options {
    pub strategy: Strategy,
    pub criterion: Spec,
    pub limits: Limits,
    /// Negate constraints only at positions 1..=max_depth of a run's condition.
    pub max_depth: usize,
    /// Stop after this many executions.
    pub max_tests: usize,
    /// Total time budget (None: unbounded).
    pub timeout: Option<Duration>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            strategy: Strategy::Rsc,
            criterion: Spec::Output,
            limits: Limits::default(),
            max_depth: 64,
            max_tests: 1000,
            timeout: None,
        }
    }
}

/// One execution of the exploration.
pub struct Run {
    pub input: RunInput,
    pub result: RunResult,
    /// How the run ended, in words (rendered once, where the program is at hand).
    pub ending_text: String,
    pub sym: SymState,
    /// The relevant slice condition: indices into `sym.branches`, in trace order.
    pub rsc: Vec<usize>,
    /// The condition explored from this run, in exploration order: the reordered RSC
    /// (`Strategy::Rsc`) or the whole path condition (`Strategy::Dart`).
    pub conds: Vec<usize>,
    /// The output calls under the criterion: indices into `sym.outputs`.
    pub outputs: Vec<usize>,
    /// Set when the criterion had to fall back (e.g. `byte:N` of a shorter output).
    pub criterion_note: Option<String>,
    /// Set when the RSC was too long to reorder (`REORDER_LIMIT`): `conds` is then in
    /// trace order, and negating its prefixes may miss partitions.
    pub unordered: bool,
}

/// Longest RSC that Algorithm 2 reorders. Each pivot closes a slice of the whole trace,
/// so a run whose loop makes thousands of relevant branch instances would spend minutes
/// on one reorder (the `dd-loop` sample's generated inputs).
pub const REORDER_LIMIT: usize = 2_000;

impl Run {
    /// The RSC's constraints printed as C, in trace order.
    pub fn rsc_text(&self) -> Vec<String> {
        self.rsc
            .iter()
            .map(|&i| self.sym.pool.to_c(self.sym.branches[i].cond))
            .collect()
    }

    /// Identity of the run's relevant slice condition within one program: branch
    /// statements, directions and constraints, in trace order.
    pub fn rsc_key(&self) -> String {
        self.key_of(&self.rsc)
    }

    /// Identity of the run's path (its whole path condition).
    pub fn path_key(&self) -> String {
        let all: Vec<usize> = (0..self.sym.branches.len()).collect();
        self.key_of(&all)
    }

    fn key_of(&self, idx: &[usize]) -> String {
        let mut k = String::new();
        for &i in idx {
            let b = &self.sym.branches[i];
            k.push_str(&format!(
                "{}.{}.{}:{} {};",
                b.stmt.func,
                b.stmt.block,
                b.stmt.index,
                u8::from(b.taken),
                self.sym.pool.to_c(b.cond)
            ));
        }
        k
    }

    /// The symbolic output: each output call under the criterion printed as C, its
    /// input-derived arguments as expressions over the inputs.
    pub fn output_text(&self) -> Vec<String> {
        self.outputs
            .iter()
            .map(|&o| self.call_text(o, false))
            .collect()
    }

    /// The output with input-derived arguments left as `$k` placeholders: two runs of
    /// the same shape differ only in those expressions.
    pub fn output_shape(&self) -> String {
        let mut s: Vec<String> = self
            .outputs
            .iter()
            .map(|&o| self.call_text(o, true))
            .collect();
        s.push(self.ending());
        s.join("\n")
    }

    /// The expressions of the input-derived output arguments, in order.
    pub fn output_exprs(&self) -> Vec<ExprId> {
        self.outputs
            .iter()
            .flat_map(|&o| self.sym.outputs[o].args.iter().filter_map(|a| a.expr))
            .collect()
    }

    fn call_text(&self, o: usize, shape: bool) -> String {
        let c = &self.sym.outputs[o];
        let args: Vec<String> = c
            .args
            .iter()
            .map(|a| match (a.expr, &a.text) {
                (Some(_), _) if shape => "$".to_string(),
                (Some(e), _) => self.sym.pool.to_c(e),
                (None, Some(t)) if a.sym_text => {
                    format!("{} /* input-dependent text */", c_string(t))
                }
                (None, Some(t)) => c_string(t),
                (None, None) if a.ty.is_signed() => {
                    let w = a.ty.bits();
                    let v = if w >= 64 {
                        a.value as i64
                    } else {
                        ((a.value << (64 - w)) as i64) >> (64 - w)
                    };
                    v.to_string()
                }
                (None, None) if a.ty == crate::ir::Scalar::Ptr => "stream".to_string(),
                (None, None) => a.value.to_string(),
            })
            .collect();
        format!("{}({})", c.func, args.join(", "))
    }

    /// How the run ended, in words.
    pub fn ending(&self) -> String {
        self.ending_text.clone()
    }

    /// Whether the run's output or condition lost precision to a concretisation.
    pub fn concretised(&self) -> bool {
        !self.sym.concretisations.is_empty()
    }
}

/// A C string literal of `bytes`.
pub fn c_string(bytes: &[u8]) -> String {
    let mut s = String::from("\"");
    for &b in bytes {
        match b {
            b'\n' => s.push_str("\\n"),
            b'\t' => s.push_str("\\t"),
            b'\r' => s.push_str("\\r"),
            b'"' => s.push_str("\\\""),
            b'\\' => s.push_str("\\\\"),
            0x20..=0x7e => s.push(b as char),
            _ => s.push_str(&format!("\\{b:03o}")),
        }
    }
    s.push('"');
    s
}

/// A class of executions: the same RSC (`Strategy::Rsc`) or the same path (`Dart`).
#[derive(Clone, Debug)]
pub struct Partition {
    pub key: String,
    /// The first run that met it: its test is the partition's test.
    pub run: usize,
    /// How many executions met it.
    pub executions: usize,
}

/// Counters of an exploration.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Stats {
    pub executions: usize,
    pub solver_calls: usize,
    /// Queries answered by the analysis cache instead of z3.
    pub solver_cache_hits: usize,
    /// Bytes of SMT-LIB2 of all queries (the paper's formula size).
    pub formula_bytes: usize,
    pub unsat: usize,
    pub unknown: usize,
    /// Solved inputs that repeated an input already run.
    pub repeated_inputs: usize,
    pub elapsed_ms: u64,
}

impl Stats {
    pub fn avg_formula_bytes(&self) -> f64 {
        if self.solver_calls == 0 {
            0.0
        } else {
            self.formula_bytes as f64 / self.solver_calls as f64
        }
    }
}

/// Progress of a running exploration.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    pub executions: usize,
    pub partitions: usize,
    pub pending: usize,
}

/// The result of an exploration.
pub struct Exploration {
    pub strategy: Strategy,
    pub runs: Vec<Run>,
    pub partitions: Vec<Partition>,
    pub stats: Stats,
    /// Why the exploration may have missed partitions (empty: complete).
    pub incomplete: Vec<String>,
    /// Whether the clock decided where it ended (`--timeout`, a solver query that gave
    /// up): then the same exploration repeated may end elsewhere, and is not cached.
    pub clock_bound: bool,
    /// Set when the tests came from the cache (`stored`) and were only replayed.
    pub reused: Option<stored::Reused>,
}

impl Exploration {
    /// The RSC keys of all runs (the paper's S_dart / S_rsc of the completeness column).
    pub fn rsc_keys(&self) -> BTreeSet<String> {
        self.runs.iter().map(|r| r.rsc_key()).collect()
    }

    /// The last line of `explore`: `N partitions, M executions, K solver calls`.
    pub fn summary_line(&self) -> String {
        format!(
            "{} partitions, {} executions, {} solver calls",
            self.partitions.len(),
            self.stats.executions,
            self.stats.solver_calls
        )
    }

    pub fn is_complete(&self) -> bool {
        self.incomplete.is_empty()
    }
}

/// One entry of the exploration stack: negate position `pos` (0-based) of the
/// condition of run `run`, keeping positions before it.
struct Pending {
    run: usize,
    pos: usize,
}

/// A traced, concolic run of `input` with its conditions.
pub fn execute(prog: &Program, facts: &Facts, input: RunInput, opts: &Options) -> Result<Run> {
    let t = exec::run_traced(prog, &input, opts.limits, true);
    let sym = t.sym.unwrap_or_default();
    let (crit, criterion_note) = criterion_for(&t.result, &t.trace, opts.criterion)?;
    let slicer = Slicer::new(prog, facts, &t.trace).context("indexing the run's trace")?;
    let mut crit = crit;
    // Branch instances whose other side may print or end the run (see `prints`).
    let untaken = |mut mp: prints::MayPrint| -> Vec<u32> {
        let mut v = Vec::new();
        for &b in slicer.branch_entries() {
            let e = t.trace.entry(b as usize);
            let func = t
                .trace
                .frames
                .get(e.frame as usize)
                .map_or(e.stmt.func, |f| f.func);
            if mp.untaken_may(func.raw(), e.stmt.block.raw(), e.aux) {
                v.push(b);
            }
        }
        v
    };
    if opts.criterion == Spec::Output {
        // The output stream's potential definers.
        crit.entries
            .extend(untaken(prints::MayPrint::new(prog, facts)));
        crit.entries.sort_unstable();
        crit.entries.dedup();
    }
    let relevant = slicer
        .close(&crit, true)
        .context("slicing the run's trace")?;
    let mut rsc = Vec::new();
    let mut by_entry: HashMap<u32, usize> = HashMap::new();
    for (i, b) in sym.branches.iter().enumerate() {
        if b.entry != exec::trace::NONE && relevant.contains(b.entry) {
            rsc.push(i);
            by_entry.insert(b.entry, i);
        }
    }
    let unordered = opts.strategy == Strategy::Rsc && rsc.len() > REORDER_LIMIT;
    let conds = match opts.strategy {
        Strategy::Dart => (0..sym.branches.len()).collect(),
        Strategy::Rsc if unordered => rsc.clone(),
        Strategy::Rsc => {
            let entries: Vec<u32> = rsc.iter().map(|&i| sym.branches[i].entry).collect();
            let ending = untaken(prints::MayPrint::ending(prog, facts));
            // Algorithm 2 on the RSC's branch instances (trace entries, ascending), where a pivot's
            // slice is closed from the pivot and every earlier branch instance whose other side
            // may end the run (`ending`, ascending). The pivot executes only if those go the way
            // they went; when one is in a function that has since returned (an `assert` in a
            // helper), the slicer's intraprocedural control dependence does not see that, and
            // without it a negated prefix could skip the pivot altogether, breaking the prefix
            // property that completeness rests on (`tests/c/pass/assert_check`).
            slice::reorder_branches(&slicer, &entries, &ending)
                .context("reordering the relevant slice condition")?
                .into_iter()
                .filter_map(|e| by_entry.get(&e).copied())
                .collect()
        }
    };
    let crit_entries: HashSet<u32> = crit.entries.iter().copied().collect();
    let outputs = sym
        .outputs
        .iter()
        .enumerate()
        .filter(|(_, o)| {
            t.result.events[o.events.clone()]
                .iter()
                .any(|e| e.stream == 0 && crit_entries.contains(&e.entry))
        })
        .map(|(i, _)| i)
        .collect();
    Ok(Run {
        input,
        ending_text: crate::diagnostic::outcome(prog, &t.result.outcome),
        result: t.result,
        sym,
        rsc,
        conds,
        outputs,
        criterion_note,
        unordered,
    })
}

/// The criterion of one run. `output` also takes how the run ended, so a crash or an
/// exit status is part of the behaviour partitions are told apart by; `byte:N` of a run
/// that printed less falls back to how it ended.
fn criterion_for(
    result: &RunResult,
    trace: &Trace,
    spec: Spec,
) -> Result<(Criterion, Option<String>)> {
    let n = trace.len();
    if n == 0 {
        anyhow::bail!("the run executed nothing");
    }
    match spec {
        Spec::Output => {
            let mut entries: Vec<u32> = result
                .events
                .iter()
                .filter(|e| e.stream == 0 && (e.entry as usize) < n)
                .map(|e| e.entry)
                .collect();
            entries.push(n as u32 - 1);
            entries.sort_unstable();
            entries.dedup();
            Ok((Criterion { entries }, None))
        }
        Spec::Byte(b) if b >= result.stdout.len() => Ok((
            slice::criterion_of(result, trace, Spec::Exit)?,
            Some(format!(
                "printed {} bytes, no byte {b}: sliced for how it ended",
                result.stdout.len()
            )),
        )),
        _ => Ok((slice::criterion_of(result, trace, spec)?, None)),
    }
}

/// Explores `prog` from `start` (Algorithm 1, or DART with `Strategy::Dart`).
pub fn explore(
    prog: &Program,
    start: RunInput,
    opts: &Options,
    cache: &mut Cache,
    mut progress: impl FnMut(Progress),
) -> Result<Exploration> {
    let started = Instant::now();
    let facts = Facts::new(prog);
    let mut solver = Chain::new(cache, Layers::NONE);
    let mut ex = Exploration {
        strategy: opts.strategy,
        runs: Vec::new(),
        partitions: Vec::new(),
        stats: Stats::default(),
        incomplete: Vec::new(),
        clock_bound: false,
        reused: None,
    };
    let mut st = State {
        index: HashMap::new(),
        seen_inputs: HashMap::new(),
        notes: BTreeSet::new(),
        depth_cut: false,
        stack: Vec::new(),
    };
    st.run_and_push(prog, &facts, opts, &mut ex, start, 0)?;
    let mut stopped: Option<String> = None;
    while let Some(p) = st.stack.pop() {
        progress(Progress {
            executions: ex.stats.executions,
            partitions: ex.partitions.len(),
            pending: st.stack.len() + 1,
        });
        if let Some(t) = opts.timeout {
            if started.elapsed() >= t {
                ex.clock_bound = true;
                stopped = Some(format!(
                    "stopped by --timeout after {:.1}s with {} partial conditions left",
                    t.as_secs_f64(),
                    st.stack.len() + 1
                ));
                break;
            }
        }
        if ex.stats.executions >= opts.max_tests {
            stopped = Some(format!(
                "stopped by --max-tests {} with {} partial conditions left",
                opts.max_tests,
                st.stack.len() + 1
            ));
            break;
        }
        let run = &mut ex.runs[p.run];
        let mut cs: Vec<ExprId> = run.conds[..p.pos]
            .iter()
            .map(|&i| run.sym.branches[i].cond)
            .collect();
        let last = run.sym.branches[run.conds[p.pos]].cond;
        cs.push(run.sym.pool.negate(last));
        let run = &ex.runs[p.run];
        ex.stats.solver_calls += 1;
        let timeout_ms = query_timeout(opts.timeout, started);
        let a = solver.check_answer(&run.sym.pool, &cs, &[], timeout_ms);
        ex.stats.formula_bytes = solver.counts.formula_bytes;
        let answer = a.result;
        if a.from_cache {
            ex.stats.solver_cache_hits += 1;
        }
        match answer {
            SolveResult::Unsat => ex.stats.unsat += 1,
            SolveResult::Unknown(why) => {
                ex.stats.unknown += 1;
                ex.clock_bound = true;
                st.notes
                    .insert(format!("the solver gave up on a query ({why})"));
            }
            SolveResult::Sat(model) => {
                let input = crate::replay::build_input(&run.input, &run.sym.inputs, &model);
                let key = (input.argv.clone(), input.stdin.clone());
                if let Some(&other) = st.seen_inputs.get(&key) {
                    // An input already run. If it satisfies the formula, its partition
                    // was met and its partial conditions pushed (the prefix property);
                    // if not, the test cannot express the model (e.g. a value scanf
                    // does not read back) and that partial condition stays unexplored.
                    if !satisfies(&ex.runs[other], run, &cs) {
                        ex.stats.repeated_inputs += 1;
                    }
                    continue;
                }
                st.run_and_push(prog, &facts, opts, &mut ex, input, p.pos + 1)?;
            }
        }
    }
    if st.depth_cut {
        st.notes.insert(format!(
            "conditions longer than --max-depth {} were explored only to that depth",
            opts.max_depth
        ));
    }
    if ex.stats.repeated_inputs > 0 {
        st.notes.insert(format!(
            "{} solved inputs could not be written as a new test (the test repeats one already run)",
            ex.stats.repeated_inputs
        ));
    }
    ex.incomplete = stopped.into_iter().chain(st.notes).collect();
    ex.stats.elapsed_ms = started.elapsed().as_millis() as u64;
    Ok(ex)
}

/// The exploration's working state.
struct State {
    /// Partition of each key.
    index: HashMap<String, usize>,
    /// Inputs already run (argv, stdin), and the run of each.
    seen_inputs: HashMap<(Vec<Vec<u8>>, Vec<u8>), usize>,
    notes: BTreeSet<String>,
    depth_cut: bool,
    stack: Vec<Pending>,
}

impl State {
    /// `execute(t, n)` of Algorithm 1: run `input`, file it under its partition, and
    /// push the partial conditions at positions `from..`.
    fn run_and_push(
        &mut self,
        prog: &Program,
        facts: &Facts,
        opts: &Options,
        ex: &mut Exploration,
        input: RunInput,
        from: usize,
    ) -> Result<()> {
        self.seen_inputs
            .insert((input.argv.clone(), input.stdin.clone()), ex.runs.len());
        // Generated inputs can loop where the seed did not: budget them by the seed.
        let run = match ex.runs.first() {
            Some(seed) => {
                let budgeted = Options {
                    limits: opts.limits.relative_to(seed.result.steps),
                    ..opts.clone()
                };
                execute(prog, facts, input, &budgeted)?
            }
            None => execute(prog, facts, input, opts)?,
        };
        ex.stats.executions += 1;
        for c in &run.sym.concretisations {
            self.notes.insert(format!(
                "concretised at {}: {}",
                prog.fmt_loc(c.loc),
                c.what
            ));
        }
        if let Some(n) = &run.criterion_note {
            self.notes.insert(format!("a run {n}"));
        }
        if run.unordered {
            self.notes.insert(format!(
                "a relevant slice condition longer than {REORDER_LIMIT} branch instances was explored in trace order, not reordered"
            ));
        }
        let key = match opts.strategy {
            Strategy::Rsc => run.rsc_key(),
            Strategy::Dart => run.path_key(),
        };
        let id = ex.runs.len();
        match self.index.get(&key) {
            Some(&p) => ex.partitions[p].executions += 1,
            None => {
                self.index.insert(key.clone(), ex.partitions.len());
                ex.partitions.push(Partition {
                    key,
                    run: id,
                    executions: 1,
                });
            }
        }
        let m = run.conds.len();
        let end = m.min(opts.max_depth);
        if end < m {
            self.depth_cut = true;
        }
        for pos in from..end {
            self.stack.push(Pending { run: id, pos });
        }
        ex.runs.push(run);
        Ok(())
    }
}

/// Whether the inputs of run `by` satisfy the constraints `cs` of run `of` (variables
/// matched by name; one that `by` does not have fails).
fn satisfies(by: &Run, of: &Run, cs: &[ExprId]) -> bool {
    let pairs: Vec<(crate::sym::VarId, u64)> = by
        .sym
        .inputs
        .iter()
        .filter_map(|i| of.sym.pool.var_by_name(&i.name).map(|v| (v, i.value)))
        .collect();
    let m = crate::sym::Model::from_pairs(pairs);
    cs.iter().all(|&c| {
        of.sym.pool.vars_of(c).iter().all(|v| m.get(*v).is_some())
            && of.sym.pool.eval(c, &m) & 1 == 1
    })
}

/// Per-query solver timeout: what is left of the total budget, at most 30 s.
fn query_timeout(total: Option<Duration>, started: Instant) -> u32 {
    let cap = 30_000u128;
    let ms = match total {
        None => cap,
        Some(t) => t
            .saturating_sub(started.elapsed())
            .as_millis()
            .clamp(1, cap),
    };
    ms as u32
}

/// A test of the suite as JSON and `--out` write it.
#[derive(Clone, Debug, Serialize)]
pub struct TestCase {
    /// argv[1..].
    pub args: Vec<String>,
    pub stdin: String,
    pub expected_stdout: String,
    pub expected_ending: String,
}

/// A partition as the signature shows it.
#[derive(Clone, Debug, Serialize)]
pub struct SignatureEntry {
    /// The relevant slice condition (for DART: the path condition), constraints as C.
    pub condition: Vec<String>,
    /// The output calls under the criterion, arguments as expressions over the inputs.
    pub output: Vec<String>,
    pub ending: String,
    pub executions: usize,
    pub test: TestCase,
}

/// The JSON form of an exploration.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub schema: &'static str,
    pub strategy: Strategy,
    pub complete: bool,
    pub incomplete: Vec<String>,
    pub partitions: Vec<SignatureEntry>,
    pub stats: Stats,
    /// Present when the suite came from the cache: how many tests, and the figures of
    /// the exploration that first derived them (`stats` are this invocation's).
    pub from_cache: Option<stored::Reused>,
    pub summary: String,
}

pub fn test_case(run: &Run) -> TestCase {
    TestCase {
        args: run
            .input
            .argv
            .iter()
            .skip(1)
            .map(|a| String::from_utf8_lossy(a).into_owned())
            .collect(),
        stdin: String::from_utf8_lossy(&run.input.stdin).into_owned(),
        expected_stdout: String::from_utf8_lossy(&run.result.stdout).into_owned(),
        expected_ending: run.ending(),
    }
}

impl Exploration {
    pub fn entry(&self, p: &Partition) -> SignatureEntry {
        let run = &self.runs[p.run];
        let condition = match self.strategy {
            Strategy::Rsc => run.rsc_text(),
            Strategy::Dart => run
                .sym
                .branches
                .iter()
                .map(|b| run.sym.pool.to_c(b.cond))
                .collect(),
        };
        SignatureEntry {
            condition,
            output: run.output_text(),
            ending: run.ending(),
            executions: p.executions,
            test: test_case(run),
        }
    }

    pub fn report(&self) -> Report {
        Report {
            schema: "regcause-explore/1",
            strategy: self.strategy,
            complete: self.is_complete(),
            incomplete: self.incomplete.clone(),
            partitions: self.partitions.iter().map(|p| self.entry(p)).collect(),
            stats: self.stats.clone(),
            from_cache: self.reused.clone(),
            summary: self.summary_line(),
        }
    }

    /// The semantic signature as text; the last line is [`Exploration::summary_line`].
    pub fn render_text(&self) -> String {
        let mut s = String::new();
        let what = match self.strategy {
            Strategy::Rsc => "Partition",
            Strategy::Dart => "Path",
        };
        for (k, p) in self.partitions.iter().enumerate() {
            let e = self.entry(p);
            s.push_str(&format!(
                "{what} {} ({} execution{})\n",
                k + 1,
                e.executions,
                if e.executions == 1 { "" } else { "s" }
            ));
            if e.condition.is_empty() {
                s.push_str("  when   true\n");
            } else {
                s.push_str(&format!("  when   {}\n", e.condition.join(" && ")));
            }
            for o in &e.output {
                s.push_str(&format!("  output {o}\n"));
            }
            s.push_str(&format!("  ends   {}\n", e.ending));
            s.push_str(&format!(
                "  test   args {:?} stdin {:?}\n",
                e.test.args, e.test.stdin
            ));
        }
        if let Some(r) = &self.reused {
            s.push_str(&format!(
                "cache: {} of {} tests from the cache, replayed without solving (first explored with {} executions, {} solver calls)\n",
                r.tests,
                self.partitions.len(),
                r.first.executions,
                r.first.solver_calls
            ));
        }
        if self.is_complete() {
            s.push_str("complete: every partial condition was explored\n");
        } else {
            for w in &self.incomplete {
                s.push_str(&format!("incomplete: {w}\n"));
            }
        }
        s.push_str(&self.summary_line());
        s.push('\n');
        s
    }

    /// Writes the suite: one directory per partition (`args`, one argument per line;
    /// `stdin`; `expected_stdout`; `expected_ending`; `symbolic`, the condition and the
    /// symbolic output) and `suite.json`.
    pub fn write_suite(&self, dir: &std::path::Path) -> Result<()> {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create --out directory {}", dir.display()))?;
        for (k, p) in self.partitions.iter().enumerate() {
            let run = &self.runs[p.run];
            let e = self.entry(p);
            let d = dir.join(format!("{:03}", k + 1));
            std::fs::create_dir_all(&d)
                .with_context(|| format!("cannot create {}", d.display()))?;
            let mut args = Vec::new();
            for a in run.input.argv.iter().skip(1) {
                args.extend_from_slice(a);
                args.push(b'\n');
            }
            let mut symbolic = String::new();
            for c in &e.condition {
                symbolic.push_str(&format!("when {c}\n"));
            }
            for o in &e.output {
                symbolic.push_str(&format!("output {o}\n"));
            }
            symbolic.push_str(&format!("ends {}\n", e.ending));
            let files: [(&str, &[u8]); 5] = [
                ("args", &args),
                ("stdin", &run.input.stdin),
                ("expected_stdout", &run.result.stdout),
                ("expected_ending", e.ending.as_bytes()),
                ("symbolic", symbolic.as_bytes()),
            ];
            for (name, bytes) in files {
                let f = d.join(name);
                std::fs::write(&f, bytes)
                    .with_context(|| format!("cannot write {}", f.display()))?;
            }
        }
        let json = serde_json::to_string_pretty(&self.report())?;
        let f = dir.join("suite.json");
        std::fs::write(&f, json).with_context(|| format!("cannot write {}", f.display()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests;
