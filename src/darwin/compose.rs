//! DARWIN's composition: with f the good run's condition and ψ1..ψm the bad run's, solve
//! `f ∧ ψ1 ∧ … ∧ ψ(i-1) ∧ ¬ψi` for each i. The two runs' expressions live in two pools;
//! the good side is imported into the bad side's pool, inputs matched by name (names are
//! positional, so the same name is the same input at both revisions).

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, Instant};

use crate::cache::{Cache, Key};
use crate::ir::Loc;
use crate::sym::{ExprId, ExprPool, FxHashMap, Model, Node, SolveResult, VarId};

use crate::solver::{Chain, Components, Layers, Store};

#[derive(Debug, thiserror::Error)]
pub enum ComposeError {
    #[error("cannot import an expression of the good run: {0}")]
    Import(String),
}

/// Copy the expressions `roots` of `src` into `dst`, mapping variables by name. A
/// variable unknown to `dst`, or known with another width, becomes a new variable of
/// `dst` (suffixed `@good` in the second case, as it is a different input).
pub fn import(
    src: &ExprPool,
    dst: &mut ExprPool,
    roots: &[ExprId],
) -> Result<Vec<ExprId>, ComposeError> {
    // Children are interned before their parents, so increasing ids are a topological
    // order of the reachable nodes.
    let mut seen: HashSet<ExprId> = HashSet::new();
    let mut stack: Vec<ExprId> = roots.to_vec();
    while let Some(e) = stack.pop() {
        if seen.insert(e) {
            src.node(e).for_each_child(|c| stack.push(c));
        }
    }
    let mut order: Vec<ExprId> = seen.into_iter().collect();
    order.sort();
    let mut map: FxHashMap<ExprId, ExprId> = FxHashMap::default();
    let get = |map: &FxHashMap<ExprId, ExprId>, e: ExprId| {
        map.get(&e)
            .copied()
            .ok_or_else(|| ComposeError::Import(format!("operand {} not yet imported", e.0)))
    };
    for e in order {
        let node = src.node(e);
        let new = match node {
            Node::Var(v) => {
                let info = src.var_info(v);
                let existing = dst
                    .var_by_name(&info.name)
                    .filter(|d| dst.var_info(*d).width == info.width);
                let var = match existing {
                    Some(d) => d,
                    None => {
                        let mut name = info.name.clone();
                        while dst.var_by_name(&name).is_some() {
                            name.push_str("@good");
                        }
                        dst.new_var(&name, info.width, info.signed)
                            .map_err(|e| ComposeError::Import(e.to_string()))?
                    }
                };
                dst.var(var)
            }
            Node::Const { .. } => dst
                .try_raw(node)
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Unary(op, a) => dst
                .try_raw(Node::Unary(op, get(&map, a)?))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Binary(op, a, b) => dst
                .try_raw(Node::Binary(op, get(&map, a)?, get(&map, b)?))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Cmp(op, a, b) => dst
                .try_raw(Node::Cmp(op, get(&map, a)?, get(&map, b)?))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::ZExt(a, w) => dst
                .try_raw(Node::ZExt(get(&map, a)?, w))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::SExt(a, w) => dst
                .try_raw(Node::SExt(get(&map, a)?, w))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Extract { e: a, hi, lo } => dst
                .try_raw(Node::Extract {
                    e: get(&map, a)?,
                    hi,
                    lo,
                })
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Concat(a, b) => dst
                .try_raw(Node::Concat(get(&map, a)?, get(&map, b)?))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
            Node::Ite(c, a, b) => dst
                .try_raw(Node::Ite(get(&map, c)?, get(&map, a)?, get(&map, b)?))
                .map_err(|e| ComposeError::Import(e.to_string()))?,
        };
        map.insert(e, new);
    }
    roots.iter().map(|&r| get(&map, r)).collect()
}

/// One ψi of the bad run: its branch index, its constraint (in the bad pool) and the
/// source line it belongs to (to skip lines already proven).
#[derive(Clone, Copy, Debug)]
pub struct Psi {
    pub branch: usize,
    pub cond: ExprId,
    pub loc: Loc,
}

#[derive(Clone, Debug)]
pub enum Flip {
    /// Satisfiable: the model is an input that keeps f and leaves the bad path at ψi.
    Sat(Model),
    Unsat,
    /// The solver gave up (timeout or incompleteness).
    Unknown(String),
    /// Not solved: its line was already settled by an earlier ψ (or had its
    /// [`SAT_PER_LINE`] satisfiable instances).
    Skipped,
}

#[derive(Clone, Debug, Default)]
pub struct ComposeStats {
    pub sat: usize,
    pub unsat: usize,
    pub unknown: usize,
    pub skipped: usize,
    pub time: Duration,
    /// The solver chain's own counters, per layer: every query posed is counted there
    /// (a nearer model's search poses some that find nothing nearer).
    pub layers: crate::solver::Counts,
    /// Instances not solved because their line had had [`QUERIES_PER_LINE`] queries,
    /// [`UNKNOWN_PER_LINE`] the solver gave up on, [`HARD_PER_LINE`] hard unsatisfiable
    /// ones, or [`SOLVING_PER_LINE`] of solving.
    pub capped: usize,
    /// Instances not looked at because the analysis budget was spent.
    pub unexamined: usize,
}

impl ComposeStats {
    /// Queries given to z3 (not answered by the analysis cache).
    pub fn calls(&self) -> usize {
        self.layers.solver_calls - self.layers.cache_hits
    }

    /// Time spent on one query (counted by the chain).
    fn query(&mut self, took: Duration) {
        self.time += took;
    }
}

/// Most satisfiable instances of one line that [`solve_flips`] offers to its `settles`
/// callback: a branch in a loop has many, and the first one satisfiable is often not
/// the iteration where the revisions part (an earlier order line, not the failing one).
pub const SAT_PER_LINE: usize = 3;

/// Most queries posed for the instances of one line. A loop or a recursion that reads
/// its input byte by byte has one instance per byte, each query larger than the last
/// (it holds the ψ before it): without a bound, solving grows with the square of the
/// input. Later instances of a line whose first ones did not settle it rarely do.
pub const QUERIES_PER_LINE: usize = 64;

/// After this many queries of one line the solver gave up on (timeouts), its later
/// instances are not posed: they hold the same constraints and more, so they would
/// spend the same time to the same end (a 10,000-deep recursion on its input).
pub const UNKNOWN_PER_LINE: usize = 2;

/// After this much solving on the instances of one line, its later instances are not
/// posed: queries each just within the solver's timeout would otherwise cost
/// [`QUERIES_PER_LINE`] timeouts for one line.
pub const SOLVING_PER_LINE: Duration = Duration::from_secs(10);

/// After this many hard queries of one line proved unsatisfiable (past
/// [`crate::sym::INCREMENTAL_RLIMIT`] of z3's work), its later instances are not posed.
/// They share the constraints that made the first one hard (hash mixing over input
/// bytes, long chains of comparisons) and each would cost seconds to the same end. The
/// cap counts work, not time, so it stops at the same instance on any machine.
pub const HARD_PER_LINE: usize = 1;

/// What one line's instances may cost before the later ones are not posed.
#[derive(Clone, Copy, Debug)]
pub struct Caps {
    pub queries: usize,
    pub unknown: usize,
    pub hard: usize,
    pub solving: Duration,
}

impl Default for Caps {
    fn default() -> Caps {
        Caps {
            queries: QUERIES_PER_LINE,
            unknown: UNKNOWN_PER_LINE,
            hard: HARD_PER_LINE,
            solving: SOLVING_PER_LINE,
        }
    }
}

/// Solve `f ∧ ψ1 ∧ … ∧ ψ(i-1) ∧ ¬ψi` for every i (all constraints in `pool`).
/// `progress` is called after each ψ with the number done. Answers already in `cache`
/// are not solved again. `near` holds the test's input values (variable, value): a
/// satisfiable flip's model is moved as close to them as one more query
/// allows (see [`nearer`]). `settles(i, model)` is called with each satisfiable flip
/// and says whether its line is settled, with what it found out (kept with `i` in the
/// third result); the later instances of an unsettled line are solved until one
/// settles it or [`SAT_PER_LINE`] were satisfiable.
///
/// Lines are independent: a query depends only on its instance's index, each is
/// posed to a fresh z3 (`Layers::FLIP`), and the caps count per line. So with `jobs`
/// of 2 or more the lines are solved on that many threads (`settles` too), each line's
/// instances in order on one thread, and the results are those of one thread, in the
/// same order. `cache` and `budget` stay on this thread: workers ask it for cached
/// answers and it tells them when the budget is spent.
#[allow(clippy::too_many_arguments)]
pub fn solve_flips<T: Send>(
    pool: &mut ExprPool,
    f: &[ExprId],
    psi: &[Psi],
    near: &[(VarId, u64)],
    timeout_ms: u32,
    caps: Caps,
    jobs: usize,
    budget: &crate::budget::Budget,
    cache: &mut Cache,
    settles: impl Fn(usize, &Model) -> (bool, T) + Sync,
    mut progress: impl FnMut(usize),
) -> (Vec<Flip>, ComposeStats, Vec<(usize, T)>) {
    // Every expression a query needs is made here, so the workers share the pool
    // read-only.
    let negs: Vec<ExprId> = psi.iter().map(|p| pool.negate(p.cond)).collect();
    let near_eqs: Vec<(VarId, ExprId)> = near
        .iter()
        .filter_map(|&(v, value)| {
            let width = pool.vars().get(v.0 as usize)?.width;
            let (x, c) = (pool.var(v), pool.constant(value, width));
            Some((v, pool.eq(x, c)))
        })
        .collect();
    let near_windows: Vec<(VarId, ExprId)> = near
        .iter()
        .filter_map(|&(v, value)| {
            let width = pool.vars().get(v.0 as usize)?.width;
            (width >= 8).then(|| (v, near_window(pool, v, value, width)))
        })
        .collect();
    let problem = Problem {
        conds: psi.iter().map(|p| p.cond).collect(),
        components: Components::of(pool, f),
        pool,
        f,
        negs,
        near_eqs,
        near_windows,
        timeout_ms,
        caps,
    };
    // The instances of each line, lines in the order of their first instance.
    let mut line_of: HashMap<(crate::ir::FileId, u32), usize> = HashMap::new();
    let mut lines: Vec<Vec<usize>> = Vec::new();
    for (i, p) in psi.iter().enumerate() {
        let k = *line_of.entry((p.loc.file, p.loc.line)).or_insert_with(|| {
            lines.push(Vec::new());
            lines.len() - 1
        });
        lines[k].push(i);
    }
    let mut solved = Solved {
        flips: vec![Flip::Skipped; psi.len()],
        stats: ComposeStats::default(),
        found: Vec::new(),
    };
    let mut done = 0;
    if jobs < 2 || lines.len() < 2 {
        let mut chain = Chain::new(cache, Layers::FLIP);
        for line in &lines {
            let out = problem.solve_line(
                line,
                &mut chain,
                &settles,
                &|| budget.spent().is_some(),
                &mut || {
                    done += 1;
                    progress(done);
                },
            );
            solved.add(out);
        }
        solved.stats.layers = chain.counts;
    } else {
        let workers = jobs.min(lines.len());
        let next = AtomicUsize::new(0);
        let stop = AtomicBool::new(budget.spent().is_some());
        let enabled = cache.is_enabled();
        let (tx, rx) = mpsc::channel::<ToCoordinator<T>>();
        std::thread::scope(|sc| {
            for _ in 0..workers {
                let tx = tx.clone();
                let (problem, lines, settles) = (&problem, &lines, &settles);
                let (next, stop) = (&next, &stop);
                sc.spawn(move || {
                    let mut store = Remote {
                        tx: tx.clone(),
                        enabled,
                    };
                    let mut chain = Chain::over(&mut store, Layers::FLIP);
                    while let Some(line) = lines.get(next.fetch_add(1, Ordering::Relaxed)) {
                        let out = problem.solve_line(
                            line,
                            &mut chain,
                            settles,
                            &|| stop.load(Ordering::Relaxed),
                            &mut || {
                                let _ = tx.send(ToCoordinator::Done);
                            },
                        );
                        let _ = tx.send(ToCoordinator::Line(out));
                    }
                    let _ = tx.send(ToCoordinator::Counts(chain.counts));
                });
            }
            drop(tx);
            // Serve the workers until the last one is gone, and stop them once the
            // budget is spent (looked at between messages, and at least every tick).
            loop {
                match rx.recv_timeout(Duration::from_millis(20)) {
                    Ok(ToCoordinator::Get(key, reply)) => {
                        let _ = reply.send(Store::get(cache, &key));
                    }
                    Ok(ToCoordinator::Put(key, blob)) => Store::put(cache, &key, &blob),
                    Ok(ToCoordinator::Done) => {
                        done += 1;
                        progress(done);
                    }
                    Ok(ToCoordinator::Line(out)) => solved.add(out),
                    Ok(ToCoordinator::Counts(c)) => solved.stats.layers.add(&c),
                    Err(RecvTimeoutError::Timeout) => {}
                    Err(RecvTimeoutError::Disconnected) => break,
                }
                if budget.spent().is_some() {
                    stop.store(true, Ordering::Relaxed);
                }
            }
        });
    }
    solved.found.sort_by_key(|(i, _)| *i);
    (solved.flips, solved.stats, solved.found)
}

/// What the workers read: the composition, with every expression its queries need.
struct Problem<'a> {
    pool: &'a ExprPool,
    f: &'a [ExprId],
    /// ¬ψi for each i.
    negs: Vec<ExprId>,
    /// ψi for each i.
    conds: Vec<ExprId>,
    /// The parts of `f`, found once for every query's relevance layer.
    components: Components,
    /// `v == test value` for each input of `near` (see [`nearer`]), in its order.
    near_eqs: Vec<(VarId, ExprId)>,
    /// `v` within [`NEAR_WINDOW`] of its test value, for the inputs of `near` of 8 bits
    /// or more (see [`nearer`]).
    near_windows: Vec<(VarId, ExprId)>,
    timeout_ms: u32,
    caps: Caps,
}

/// The instances of one line (or of all), solved: their flips by index, the
/// statistics, and what `settles` found out about each satisfiable one.
struct Solved<T> {
    flips: Vec<Flip>,
    stats: ComposeStats,
    found: Vec<(usize, T)>,
}

/// One line's instances, solved by [`Problem::solve_line`].
struct LineOut<T> {
    flips: Vec<(usize, Flip)>,
    stats: ComposeStats,
    found: Vec<(usize, T)>,
}

impl<T> Solved<T> {
    fn add(&mut self, line: LineOut<T>) {
        for (i, f) in line.flips {
            self.flips[i] = f;
        }
        let (s, o) = (&mut self.stats, &line.stats);
        s.sat += o.sat;
        s.unsat += o.unsat;
        s.unknown += o.unknown;
        s.skipped += o.skipped;
        s.capped += o.capped;
        s.unexamined += o.unexamined;
        s.time += o.time;
        self.found.extend(line.found);
    }
}

impl Problem<'_> {
    /// What [`nearer`] keeps near the test.
    fn near(&self) -> Near<'_> {
        Near {
            eqs: &self.near_eqs,
            windows: &self.near_windows,
        }
    }

    /// The instances `line` (indices into ψ, in order) of one line: each is solved
    /// until one settles the line, within the line's [`Caps`]; once `stop` says so,
    /// the rest are left unexamined. `done` is called after each instance.
    fn solve_line<T>(
        &self,
        line: &[usize],
        chain: &mut Chain,
        settles: &impl Fn(usize, &Model) -> (bool, T),
        stop: &dyn Fn() -> bool,
        done: &mut dyn FnMut(),
    ) -> LineOut<T> {
        let mut out = LineOut {
            flips: Vec::with_capacity(line.len()),
            stats: ComposeStats::default(),
            found: Vec::new(),
        };
        let st = &mut out.stats;
        // Satisfiable instances so far (usize::MAX once settled), queries, unknowns,
        // hard unsatisfiable ones, solving time.
        let (mut sat, mut queries, mut unknown, mut hard) = (0usize, 0usize, 0usize, 0usize);
        let mut solving = Duration::ZERO;
        for (n, &i) in line.iter().enumerate() {
            if stop() {
                // The rest stays unexamined; what was solved so far stands.
                st.unexamined += line.len() - n;
                st.skipped += line.len() - n;
                out.flips
                    .extend(line[n..].iter().map(|&j| (j, Flip::Skipped)));
                break;
            }
            let flip = if sat >= SAT_PER_LINE {
                // The line is a candidate already; another instance adds only its count.
                st.skipped += 1;
                Flip::Skipped
            } else if queries >= self.caps.queries
                || (unknown > 0 && unknown >= self.caps.unknown)
                || (hard > 0 && hard >= self.caps.hard)
                || (queries > 0 && solving >= self.caps.solving)
            {
                st.skipped += 1;
                st.capped += 1;
                Flip::Skipped
            } else {
                queries += 1;
                let neg = self.negs[i];
                let t = Instant::now();
                // The chain poses only the part of a large query connected with `neg`,
                // found here from the parts of `f` (the same in every query).
                let rest = &self.conds[..i];
                let part = self.components.relevant_part(self.pool, self.f, rest, neg);
                let len = self.f.len() + i + 1;
                let answer = chain.check_part(self.pool, &part, len, &[], self.timeout_ms);
                let r = match answer.result {
                    SolveResult::Sat(m) => {
                        // `nearer` adds constraints before the whole query's, so its
                        // chain finds their part anew.
                        let whole: Vec<ExprId> =
                            self.f.iter().chain(rest).copied().chain([neg]).collect();
                        let near = self.near();
                        SolveResult::Sat(
                            nearer(self.pool, chain, &whole, neg, near, self.timeout_ms)
                                .unwrap_or(m),
                        )
                    }
                    r => r,
                };
                st.query(t.elapsed());
                solving += t.elapsed();
                match r {
                    SolveResult::Sat(m) => {
                        st.sat += 1;
                        let (settled, found) = settles(i, &m);
                        out.found.push((i, found));
                        sat = if settled { usize::MAX } else { sat + 1 };
                        Flip::Sat(m)
                    }
                    SolveResult::Unsat => {
                        st.unsat += 1;
                        hard += usize::from(answer.hard);
                        Flip::Unsat
                    }
                    SolveResult::Unknown(why) => {
                        st.unknown += 1;
                        unknown += 1;
                        Flip::Unknown(why)
                    }
                }
            };
            out.flips.push((i, flip));
            done();
        }
        out
    }
}

/// What a worker tells the coordinating thread.
enum ToCoordinator<T> {
    /// A cached answer wanted, to be sent back.
    Get(Key, mpsc::Sender<Option<Vec<u8>>>),
    /// An answer to keep.
    Put(Key, Vec<u8>),
    /// One more instance done (progress).
    Done,
    Line(LineOut<T>),
    /// The worker's chain's counts, when it has no more lines.
    Counts(crate::solver::Counts),
}

/// A worker's persistent layer: the analysis cache, through the coordinating thread.
struct Remote<T> {
    tx: mpsc::Sender<ToCoordinator<T>>,
    enabled: bool,
}

impl<T> Store for Remote<T> {
    fn is_enabled(&self) -> bool {
        self.enabled
    }
    fn get(&mut self, key: &Key) -> Option<Vec<u8>> {
        let (reply, answer) = mpsc::channel();
        self.tx.send(ToCoordinator::Get(key.clone(), reply)).ok()?;
        answer.recv().ok().flatten()
    }
    fn put(&mut self, key: &Key, blob: &[u8]) {
        let _ = self.tx.send(ToCoordinator::Put(key.clone(), blob.to_vec()));
    }
}

/// How far from its test value [`nearer`] first looks for an input the flip changes:
/// an alternative of 12 where the test had 9 reads as an edit of the test, one of
/// 1073741824 does not.
const NEAR_WINDOW: u64 = 64;

/// `v` within [`NEAR_WINDOW`] of `value`, in `width` bits: `v - value + W <=u 2W`, which
/// wraps around neither end. A byte whose test value is printable ASCII stays
/// printable instead (a character of the test's text edited into another one).
fn near_window(pool: &mut ExprPool, v: VarId, value: u64, width: u32) -> ExprId {
    let (w, value) = match (width, value) {
        (8, 32..=126) => (47, 32 + 47),
        _ => (NEAR_WINDOW.min(1 << (width.min(63) - 2)), value),
    };
    let (x, c) = (pool.var(v), pool.constant(value, width));
    let d = pool.sub(x, c);
    let lo = pool.constant(w, width);
    let shifted = pool.add(d, lo);
    let span = pool.constant(2 * w, width);
    pool.cmp(crate::sym::CmpOp::Ule, shifted, span)
}

/// The constraints [`nearer`] adds: per input, `== test value` and, for the inputs of
/// 8 bits or more, within [`NEAR_WINDOW`] of it.
#[derive(Clone, Copy)]
struct Near<'p> {
    eqs: &'p [(VarId, ExprId)],
    windows: &'p [(VarId, ExprId)],
}

/// A model of `cs` (whose last constraint is the flipped `neg`) as close to the test as
/// two more queries find, so the alternative input differs from the test only where
/// the flip needs it and by little (a solver otherwise picks arbitrary values, such as
/// prices of 0 or 1073741824, and the replay says little): every input of the formula
/// that `neg` does not mention keeps its value in the test, and each one `neg` mentions
/// stays within [`NEAR_WINDOW`] of its value; failing that, the first condition alone.
/// None when neither is satisfiable (or nothing would be kept): the first model stands.
fn nearer(
    pool: &ExprPool,
    solver: &mut Chain,
    cs: &[ExprId],
    neg: ExprId,
    near: Near,
    timeout_ms: u32,
) -> Option<Model> {
    let free = pool.vars_of(neg);
    let used = pool.vars_of_all(cs);
    let keep: Vec<ExprId> = near
        .eqs
        .iter()
        .filter(|(v, _)| used.binary_search(v).is_ok() && !free.contains(v))
        .map(|&(_, eq)| eq)
        .collect();
    let windows: Vec<ExprId> = near
        .windows
        .iter()
        .filter(|(v, _)| free.contains(v))
        .map(|&(_, w)| w)
        .collect();
    // The flip stays last: the chain's relevance layer reads a large query's last
    // constraint as its flip and poses only what is connected with it (with `keep`
    // last, a model held one kept input and none of the flip's).
    let with = |extra: &[ExprId]| -> Vec<ExprId> { extra.iter().chain(cs).copied().collect() };
    if !windows.is_empty() {
        let close = with(&[&keep[..], &windows[..]].concat());
        if let SolveResult::Sat(m) = solver.check(pool, &close, &[], timeout_ms) {
            return Some(m);
        }
    }
    if keep.is_empty() {
        return None;
    }
    if let SolveResult::Sat(m) = solver.check(pool, &with(&keep), &[], timeout_ms) {
        return Some(m);
    }
    // Some inputs must change with the flipped one (a test's expected string with the
    // string it parses): keep all the others, giving up those of each unsatisfiable core.
    let hard = crate::solver::relevant_part(pool, cs).into_owned();
    let vars = pool.vars_of_all(&hard);
    let soft: Vec<ExprId> = near
        .eqs
        .iter()
        .filter(|(v, _)| !free.contains(v))
        .chain(near.windows.iter().filter(|(v, _)| free.contains(v)))
        .filter(|(v, _)| vars.binary_search(v).is_ok())
        .map(|&(_, e)| e)
        .collect();
    crate::sym::Solver::check_keeping(pool, &hard, &soft, timeout_ms, KEEPING_ROUNDS)
}

/// How many unsatisfiable cores [`nearer`]'s last query gives up before it stops.
const KEEPING_ROUNDS: usize = 8;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sym::CmpOp;

    fn loc(line: u32) -> Loc {
        Loc {
            file: 0,
            line,
            col: 1,
        }
    }

    #[test]
    fn imports_by_name() {
        let mut good = ExprPool::new();
        let a = good.new_var("in1", 32, true).expect("var");
        let b = good.new_var("only_good", 32, true).expect("var");
        let (av, bv) = (good.var(a), good.var(b));
        let five = good.constant(5, 32);
        let c1 = good.cmp(CmpOp::Sgt, av, five);
        let sum = good.add(av, bv);
        let c2 = good.cmp(CmpOp::Eq, sum, five);

        let mut bad = ExprPool::new();
        let _pad = bad.new_var("zzz", 8, false).expect("var");
        let a2 = bad.new_var("in1", 32, true).expect("var");
        let got = import(&good, &mut bad, &[c1, c2]).expect("import");
        // in1 is the bad pool's own in1; only_good is new there.
        assert_eq!(bad.vars_of(got[0]).to_vec(), vec![a2]);
        assert!(bad.var_by_name("only_good").is_some());
        assert_eq!(bad.to_c(got[0]), good.to_c(c1));
        assert_eq!(bad.to_c(got[1]), good.to_c(c2));
    }

    #[test]
    fn width_mismatch_is_a_new_input() {
        let mut good = ExprPool::new();
        let a = good.new_var("in1", 8, false).expect("var");
        let av = good.var(a);
        let mut bad = ExprPool::new();
        let a2 = bad.new_var("in1", 32, true).expect("var");
        let got = import(&good, &mut bad, &[av]).expect("import");
        assert_ne!(bad.is_var(got[0]), Some(a2));
        assert_eq!(
            bad.var_info(bad.is_var(got[0]).expect("var")).name,
            "in1@good"
        );
    }

    /// The invoice threshold change: good tests q > 5, bad q > 10, the test has q = 7.
    /// Flipping bad's branch while keeping good's is satisfiable (q > 10); flipping the
    /// shared branch q > 0 is not.
    #[test]
    fn flips_the_changed_threshold_only() {
        let mut good = ExprPool::new();
        let q = good.new_var("in1", 32, true).expect("var");
        let qv = good.var(q);
        let zero = good.constant(0, 32);
        let five = good.constant(5, 32);
        let g0 = good.cmp(CmpOp::Sgt, qv, zero);
        let g1 = good.cmp(CmpOp::Sgt, qv, five);

        let mut bad = ExprPool::new();
        let q2 = bad.new_var("in1", 32, true).expect("var");
        let qv2 = bad.var(q2);
        let zero2 = bad.constant(0, 32);
        let ten = bad.constant(10, 32);
        let b0 = bad.cmp(CmpOp::Sgt, qv2, zero2);
        let b1 = bad.cmp(CmpOp::Sle, qv2, ten);
        let f = import(&good, &mut bad, &[g0, g1]).expect("import");
        let psi = [
            Psi {
                branch: 0,
                cond: b0,
                loc: loc(1),
            },
            Psi {
                branch: 1,
                cond: b1,
                loc: loc(2),
            },
            Psi {
                branch: 2,
                cond: b1,
                loc: loc(2),
            },
        ];
        let mut calls = 0;
        let (flips, st, _) = solve_flips(
            &mut bad,
            &f,
            &psi,
            &[],
            10_000,
            Caps::default(),
            1,
            &crate::budget::Budget::unlimited(),
            &mut Cache::disabled(),
            |_, _| (true, ()),
            |n| calls = n,
        );
        assert_eq!(calls, 3);
        assert!(matches!(flips[0], Flip::Unsat));
        match &flips[1] {
            Flip::Sat(m) => assert!((m.get(q2).expect("value") as u32 as i32) > 10),
            other => panic!("{other:?}"),
        }
        // The second instance of a proven line is not solved again; the unsatisfiable
        // flip (x > 0 against x <= 0), small as it is, is refuted by its bounds
        // without z3.
        assert!(matches!(flips[2], Flip::Skipped));
        assert_eq!((st.calls(), st.sat, st.unsat, st.skipped), (1, 1, 1, 1));
        assert_eq!(st.layers.by_bounds, 1);
    }

    #[test]
    fn an_unsettled_line_offers_its_next_instances() {
        // One line reached four times (a loop), each time on its own input.
        let mut bad = ExprPool::new();
        let ten = bad.constant(10, 32);
        let psi: Vec<Psi> = (0..4)
            .map(|i| {
                let v = bad.new_var(&format!("in{}", i + 1), 32, true).expect("var");
                let x = bad.var(v);
                Psi {
                    branch: i,
                    cond: bad.cmp(CmpOp::Sle, x, ten),
                    loc: loc(7),
                }
            })
            .collect();
        let kinds = |flips: &[Flip]| -> String {
            flips
                .iter()
                .map(|f| match f {
                    Flip::Sat(_) => 'S',
                    Flip::Skipped => '-',
                    _ => '?',
                })
                .collect()
        };
        let (flips, _, offered) = solve_flips(
            &mut bad.clone(),
            &[],
            &psi,
            &[],
            10_000,
            Caps::default(),
            1,
            &crate::budget::Budget::unlimited(),
            &mut Cache::disabled(),
            |i, _| (false, i),
            |_| {},
        );
        assert_eq!(kinds(&flips), "SSS-", "at most SAT_PER_LINE instances");
        assert_eq!(offered, vec![(0, 0), (1, 1), (2, 2)]);
        let (flips, _, _) = solve_flips(
            &mut bad,
            &[],
            &psi,
            &[],
            10_000,
            Caps::default(),
            1,
            &crate::budget::Budget::unlimited(),
            &mut Cache::disabled(),
            |i, _| (i == 1, ()),
            |_| {},
        );
        assert_eq!(
            kinds(&flips),
            "SS--",
            "the second instance settles the line"
        );
    }

    /// The flips of `psi` after `f`, sequentially and uncapped, with the test's input
    /// values `near`: how the nearer models are checked.
    fn near_flips(
        bad: &mut ExprPool,
        f: &[ExprId],
        psi: &[Psi],
        near: &[(VarId, u64)],
    ) -> (Vec<Flip>, ComposeStats) {
        let (flips, st, _) = solve_flips(
            bad,
            f,
            psi,
            near,
            10_000,
            Caps::default(),
            1,
            &crate::budget::Budget::unlimited(),
            &mut Cache::disabled(),
            |_, _| (true, ()),
            |_| {},
        );
        (flips, st)
    }

    #[test]
    fn a_flip_keeps_the_other_inputs_at_their_test_values() {
        // Test: qty 7, price 250. The bad run's condition: price >= 0, qty > 10 not
        // taken. Flipping the threshold frees qty only; price keeps 250.
        let mut bad = ExprPool::new();
        let qty = bad.new_var("in1", 32, true).expect("var");
        let price = bad.new_var("in2", 32, true).expect("var");
        let (qv, pv) = (bad.var(qty), bad.var(price));
        let zero = bad.constant(0, 32);
        let ten = bad.constant(10, 32);
        let p0 = bad.cmp(CmpOp::Sge, pv, zero);
        let q10 = bad.cmp(CmpOp::Sle, qv, ten);
        let psi = [
            Psi {
                branch: 0,
                cond: p0,
                loc: loc(1),
            },
            Psi {
                branch: 1,
                cond: q10,
                loc: loc(2),
            },
        ];
        let near = [(qty, 7), (price, 250)];
        let (flips, st) = near_flips(&mut bad, &[], &psi, &near);
        match &flips[1] {
            Flip::Sat(m) => {
                // The flipped input stays near its test value, 7: above 10, within
                // the window.
                let q = m.get(qty).expect("qty") as u32 as i32;
                assert!(q > 10 && q <= 7 + NEAR_WINDOW as i32, "qty {q}");
                assert_eq!(m.get(price), Some(250));
            }
            other => panic!("{other:?}"),
        }
        // Flipping `price >= 0` needs a negative price, outside the window around 250:
        // the refined query is not needed to succeed.
        match &flips[0] {
            Flip::Sat(m) => assert!((m.get(price).expect("price") as u32 as i32) < 0),
            other => panic!("{other:?}"),
        }
        // One windowed query per satisfiable flip; the one whose window is too narrow
        // keeps nothing else, so it asks no more.
        assert_eq!((st.sat, st.calls()), (2, 4));
    }

    /// A query large enough for the chain's relevance layer (more than
    /// [`crate::solver::RELEVANT_FROM`] constraints) whose flip needs an input far from
    /// its test value: the nearer model still gives the flipped input its new value (it
    /// was posed with a kept input's equality last, so the layer kept only that one and
    /// the model held nothing of the flip's).
    #[test]
    fn a_large_flip_far_from_the_test_keeps_its_new_value() {
        let mut bad = ExprPool::new();
        let x = bad.new_var("x", 32, true).expect("var");
        let mut f = Vec::new();
        let mut near = vec![(x, 0)];
        for k in 0..crate::solver::RELEVANT_FROM as u64 + 5 {
            let v = bad.new_var(&format!("in{k}"), 32, true).expect("var");
            let (e, c) = (bad.var(v), bad.constant(k, 32));
            f.push(bad.cmp(CmpOp::Eq, e, c));
            near.push((v, k));
        }
        let (xv, far) = (bad.var(x), bad.constant(100_000, 32));
        let psi = [Psi {
            branch: 0,
            cond: bad.cmp(CmpOp::Slt, xv, far),
            loc: loc(2),
        }];
        let (flips, _) = near_flips(&mut bad, &f, &psi, &near);
        match &flips[0] {
            Flip::Sat(m) => {
                let v = m.get(x).map(|v| v as u32 as i32);
                assert!(v.is_some_and(|v| v >= 100_000), "x {v:?}");
            }
            other => panic!("{other:?}"),
        }
    }

    /// A flip that needs a second input to change with it (the good condition ties `y`
    /// to `x`, as a test's expected string is tied to the string it parses): neither
    /// query that keeps every other input at its test value is satisfiable, and the
    /// model still keeps the inputs that need not change (`z`).
    #[test]
    fn a_flip_gives_up_only_the_inputs_that_must_change_with_it() {
        let mut bad = ExprPool::new();
        let x = bad.new_var("x", 32, true).expect("var");
        let y = bad.new_var("y", 32, true).expect("var");
        let z = bad.new_var("z", 32, true).expect("var");
        let (xv, yv, zv) = (bad.var(x), bad.var(y), bad.var(z));
        let f = vec![bad.cmp(CmpOp::Eq, yv, xv), bad.cmp(CmpOp::Ne, zv, xv)];
        let far = bad.constant(100_000, 32);
        let psi = [Psi {
            branch: 0,
            cond: bad.cmp(CmpOp::Slt, xv, far),
            loc: loc(2),
        }];
        let near = [(x, 0), (y, 0), (z, 7)];
        let (flips, _) = near_flips(&mut bad, &f, &psi, &near);
        match &flips[0] {
            Flip::Sat(m) => {
                let xs = m.get(x).map(|v| v as u32 as i32);
                assert!(xs.is_some_and(|v| v >= 100_000), "x {xs:?}");
                assert_eq!(m.get(y), m.get(x));
                assert_eq!(m.get(z), Some(7));
            }
            other => panic!("{other:?}"),
        }
    }

    /// `n` instances of line 7, each `in_i == i` over its own input, whose flips the
    /// good condition `f` (every input is 0) makes unsatisfiable but for the first.
    fn unsat_line(n: usize) -> (ExprPool, Vec<ExprId>, Vec<Psi>) {
        let mut bad = ExprPool::new();
        let mut f = Vec::new();
        let mut psi = Vec::new();
        for i in 0..n {
            let v = bad.new_var(&format!("in{}", i + 1), 32, true).expect("var");
            let x = bad.var(v);
            let zero = bad.constant(0, 32);
            f.push(bad.cmp(CmpOp::Eq, x, zero));
            let k = bad.constant(i as u64, 32);
            let ne = bad.cmp(CmpOp::Ne, x, k);
            psi.push(Psi {
                branch: i,
                cond: ne,
                loc: loc(7),
            });
        }
        (bad, f, psi)
    }

    /// [`solve_flips`] on [`unsat_line`]`(n)`, no flip settling its line.
    fn solve_flips_of_line(n: usize, budget: &crate::budget::Budget) -> (Vec<Flip>, ComposeStats) {
        solve_flips_capped(n, budget, Caps::default())
    }

    fn solve_flips_capped(
        n: usize,
        budget: &crate::budget::Budget,
        caps: Caps,
    ) -> (Vec<Flip>, ComposeStats) {
        let (mut bad, f, psi) = unsat_line(n);
        let (flips, st, _) = solve_flips(
            &mut bad,
            &f,
            &psi,
            &[],
            10_000,
            caps,
            1,
            budget,
            &mut Cache::disabled(),
            |_, _| (false, ()),
            |_| {},
        );
        (flips, st)
    }

    /// A pool, f, ψ and the test's input values.
    type Composition = (ExprPool, Vec<ExprId>, Vec<Psi>, Vec<(VarId, u64)>);

    /// Four lines, reached in turns (a loop over four decisions), each instance on
    /// inputs shared with the others and with the good condition, so models are many
    /// and lines settle at different instances.
    fn interleaved_lines() -> Composition {
        let mut p = ExprPool::new();
        let vars: Vec<VarId> = (0..6)
            .map(|i| p.new_var(&format!("in{}", i + 1), 32, true).expect("var"))
            .collect();
        let xs: Vec<ExprId> = vars.iter().map(|&v| p.var(v)).collect();
        let near: Vec<(VarId, u64)> = vars.iter().map(|&v| (v, 3)).collect();
        let hundred = p.constant(100, 32);
        let f: Vec<ExprId> = xs.iter().map(|&x| p.cmp(CmpOp::Slt, x, hundred)).collect();
        let mut psi = Vec::new();
        for round in 0..5u64 {
            for line in 0..4usize {
                let (a, b) = (xs[(line + round as usize) % 6], xs[(line * 2 + 1) % 6]);
                let three = p.constant(3, 32);
                let sum = p.mul(a, three);
                let sum = p.add(sum, b);
                let k = p.constant(10 * round + line as u64, 32);
                // Line 3 is unsatisfiable to flip: f holds `a < 100`.
                let cond = if line == 3 {
                    p.cmp(CmpOp::Slt, a, hundred)
                } else {
                    p.cmp(CmpOp::Sle, sum, k)
                };
                psi.push(Psi {
                    branch: psi.len(),
                    cond,
                    loc: loc(10 + line as u32),
                });
            }
        }
        (p, f, psi, near)
    }

    /// A description of everything [`solve_flips`] returns but the times.
    fn outcome(r: &(Vec<Flip>, ComposeStats, Vec<(usize, Model)>), progress: &[usize]) -> String {
        let (flips, st, found) = r;
        format!(
            "{flips:?}\n{:?}\n{found:?}\n{progress:?}",
            (
                st.sat,
                st.unsat,
                st.unknown,
                st.skipped,
                st.capped,
                st.unexamined,
                st.layers
            )
        )
    }

    #[test]
    fn jobs_do_not_change_the_flips() {
        let run = |jobs: usize| {
            let (mut p, f, psi, near) = interleaved_lines();
            let vars: Vec<VarId> = near.iter().map(|n| n.0).collect();
            let mut progress = Vec::new();
            let r = solve_flips(
                &mut p,
                &f,
                &psi,
                &near,
                10_000,
                Caps::default(),
                jobs,
                &crate::budget::Budget::unlimited(),
                &mut Cache::disabled(),
                // A line settles once a model makes its second input odd: which
                // instance does depends on the models.
                |i, m| {
                    (
                        m.get(vars[(i % 4 * 2 + 1) % 6]).is_some_and(|x| x % 2 == 1),
                        m.clone(),
                    )
                },
                |n| progress.push(n),
            );
            outcome(&r, &progress)
        };
        let one = run(1);
        assert!(
            one.contains("Sat") && one.contains("Unsat") && one.contains("Skipped"),
            "{one}"
        );
        assert_eq!(run(2), one);
        assert_eq!(run(3), one);
    }

    #[test]
    fn a_cached_run_answers_as_a_cold_one() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("c.sqlite");
        let run = |jobs: usize| {
            let (mut p, f, psi, near) = interleaved_lines();
            let mut cache = Cache::open(&path);
            let r = solve_flips(
                &mut p,
                &f,
                &psi,
                &near,
                10_000,
                Caps::default(),
                jobs,
                &crate::budget::Budget::unlimited(),
                &mut cache,
                |_, m| (false, m.clone()),
                |_| {},
            );
            (format!("{:?}\n{:?}", r.0, r.2), r.1.layers)
        };
        let (cold, c) = run(2);
        assert_eq!(c.cache_hits, 0);
        // The second run, on one thread then on two, finds every answer in the cache
        // (the workers ask the coordinating thread for it).
        for jobs in [1, 2] {
            let (warm, w) = run(jobs);
            assert_eq!(warm, cold);
            assert_eq!(
                (w.cache_hits, w.solver_calls),
                (c.solver_calls, c.solver_calls)
            );
        }
    }

    #[test]
    fn a_line_gets_a_bounded_number_of_queries() {
        let n = QUERIES_PER_LINE + 10;
        let (flips, st) = solve_flips_of_line(n, &crate::budget::Budget::unlimited());
        assert_eq!(flips.len(), n);
        assert_eq!(st.layers.queries, QUERIES_PER_LINE, "{st:?}");
        assert_eq!(st.capped, 10);
        assert!(flips[QUERIES_PER_LINE..]
            .iter()
            .all(|f| matches!(f, Flip::Skipped)));
        assert_eq!(st.unexamined, 0);
    }

    /// Once a line's queries took [`Caps::solving`], its later instances are not posed
    /// (here no time at all: only the first is).
    #[test]
    fn a_line_gets_a_bounded_solving_time() {
        let caps = Caps {
            solving: Duration::ZERO,
            ..Caps::default()
        };
        let (flips, st) = solve_flips_capped(6, &crate::budget::Budget::unlimited(), caps);
        assert_eq!((st.layers.queries, st.capped), (1, 5), "{st:?}");
        assert!(flips[1..].iter().all(|f| matches!(f, Flip::Skipped)));
    }

    #[test]
    fn a_spent_budget_leaves_the_rest_unexamined() {
        let spent = crate::budget::Budget::new(1e-9, u64::MAX);
        std::thread::sleep(Duration::from_millis(1));
        let (flips, st) = solve_flips_of_line(5, &spent);
        assert_eq!(flips.len(), 5);
        assert_eq!((st.calls(), st.unexamined), (0, 5));
    }

    /// On several threads too, a spent budget leaves every instance unexamined (none
    /// reported done).
    #[test]
    fn a_spent_budget_stops_the_workers() {
        let spent = crate::budget::Budget::new(1e-9, u64::MAX);
        std::thread::sleep(Duration::from_millis(1));
        let (mut p, f, psi, near) = interleaved_lines();
        let mut done = 0;
        let (flips, st, found) = solve_flips(
            &mut p,
            &f,
            &psi,
            &near,
            10_000,
            Caps::default(),
            2,
            &spent,
            &mut Cache::disabled(),
            |_, _| (true, ()),
            |n| done = n,
        );
        assert!(flips.iter().all(|f| matches!(f, Flip::Skipped)));
        assert_eq!((st.calls(), st.unexamined, found.len()), (0, psi.len(), 0));
        assert_eq!(done, 0);
    }

    /// Once the solver gave up on [`UNKNOWN_PER_LINE`] instances of a line, its later
    /// instances are not posed (each would spend the timeout again).
    #[test]
    fn a_line_the_solver_gives_up_on_is_not_posed_again() {
        // Factoring a 64-bit semiprime: far beyond a 1 ms timeout.
        let mut p = ExprPool::new();
        let (x, y) = (
            p.new_var("in1", 64, false).expect("var"),
            p.new_var("in2", 64, false).expect("var"),
        );
        let (xv, yv) = (p.var(x), p.var(y));
        let one = p.constant(1, 64);
        let f = vec![p.cmp(CmpOp::Ugt, xv, one), p.cmp(CmpOp::Ugt, yv, one)];
        let prod = p.mul(xv, yv);
        let psi: Vec<Psi> = (0..5)
            .map(|i| {
                let n = p.constant(0xC5C0_B5A3_5A27_8CB9 + 2 * i as u64, 64);
                Psi {
                    branch: i,
                    cond: p.cmp(CmpOp::Ne, prod, n),
                    loc: loc(9),
                }
            })
            .collect();
        let (flips, st, _) = solve_flips(
            &mut p,
            &f,
            &psi,
            &[],
            1,
            Caps::default(),
            1,
            &crate::budget::Budget::unlimited(),
            &mut Cache::disabled(),
            |_, _| (false, ()),
            |_| {},
        );
        assert_eq!(
            (st.unknown, st.capped),
            (UNKNOWN_PER_LINE, 5 - UNKNOWN_PER_LINE),
            "{st:?}"
        );
        assert!(flips[UNKNOWN_PER_LINE..]
            .iter()
            .all(|f| matches!(f, Flip::Skipped)));
    }

    /// Once a line had [`HARD_PER_LINE`] hard instances proved unsatisfiable, its later
    /// instances are not posed; the cached answer caps the line as the first did.
    #[test]
    fn a_line_of_hard_unsatisfiable_queries_is_not_posed_again() {
        // x·y equal to a prime, with 1 < x, y < 2^14: each past z3's first step.
        let mut p = ExprPool::new();
        let (x, y) = (
            p.new_var("in1", 32, false).expect("var"),
            p.new_var("in2", 32, false).expect("var"),
        );
        let (xv, yv) = (p.var(x), p.var(y));
        let (one, top) = (p.constant(1, 32), p.constant(1 << 14, 32));
        let f = vec![
            p.cmp(CmpOp::Ugt, xv, one),
            p.cmp(CmpOp::Ugt, yv, one),
            p.cmp(CmpOp::Ult, xv, top),
            p.cmp(CmpOp::Ult, yv, top),
        ];
        let prod = p.mul(xv, yv);
        let psi: Vec<Psi> = [134_217_689u64, 134_217_649, 134_217_617]
            .iter()
            .enumerate()
            .map(|(i, &n)| {
                let n = p.constant(n, 32);
                Psi {
                    branch: i,
                    cond: p.cmp(CmpOp::Ne, prod, n),
                    loc: loc(9),
                }
            })
            .collect();
        let dir = tempfile::tempdir().expect("tempdir");
        let mut cache = Cache::open(&dir.path().join("c.sqlite"));
        for warm in [false, true] {
            let (flips, st, _) = solve_flips(
                &mut p,
                &f,
                &psi,
                &[],
                60_000,
                Caps::default(),
                1,
                &crate::budget::Budget::unlimited(),
                &mut cache,
                |_, _| (false, ()),
                |_| {},
            );
            let counts = (st.unsat, st.capped, st.layers.hard, st.layers.cache_hits);
            // Warm, z3 works on nothing: the cached answer says the query was hard.
            let solved = usize::from(!warm);
            assert_eq!(counts, (1, 2, solved, 1 - solved), "warm {warm}: {st:?}");
            assert!(matches!(flips[0], Flip::Unsat));
            assert!(flips[1..].iter().all(|f| matches!(f, Flip::Skipped)));
        }
    }
}
