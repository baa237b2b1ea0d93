//! Solving with z3.
//!
//! z3 0.22 has no explicit context parameter: every AST and solver is created
//! in an implicit thread-local `z3::Context` (replaceable only around a
//! closure with `with_z3_config`). A [`Solver`] therefore lives on the thread
//! that created it (it is `!Send`), and all its z3 terms share that context.
//!
//! Translation keeps width-1 values as z3 `Bool` where they are naturally
//! boolean (comparisons, logic) and converts to `(_ BitVec 1)` only where
//! a bitvector is needed, so z3 sees plain propositional structure.
//! Translated terms are memoised per node across checks on the same pool.

use z3::ast::{Bool, BV};
use z3::{Params, SatResult};

use super::eval::Assignment;
use super::{BinOp, CmpOp, ExprId, ExprPool, FxHashMap, Node, UnOp, VarId};

/// The answer of [`Solver::check_alone`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Alone {
    pub result: SolveResult,
    /// The query took more than [`INCREMENTAL_RLIMIT`] of z3's work: its first step.
    pub hard: bool,
}

/// Values of the variables of a satisfiable query.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Model {
    /// Sorted by variable.
    values: Vec<(VarId, u64)>,
}

impl Model {
    pub fn from_pairs(mut values: Vec<(VarId, u64)>) -> Model {
        values.sort_unstable();
        values.dedup_by_key(|p| p.0);
        Model { values }
    }

    pub fn get(&self, v: VarId) -> Option<u64> {
        self.values
            .binary_search_by_key(&v, |p| p.0)
            .ok()
            .map(|i| self.values[i].1)
    }

    pub fn iter(&self) -> impl Iterator<Item = (VarId, u64)> + '_ {
        self.values.iter().copied()
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }
}

impl Assignment for Model {
    fn value(&self, v: VarId) -> u64 {
        self.get(v).unwrap_or(0)
    }
}

/// Answer of [`Solver::check`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveResult {
    Sat(Model),
    Unsat,
    /// Timeout or incompleteness, with z3's reason.
    Unknown(String),
}

#[derive(Clone)]
enum Term {
    B(Bool),
    V(BV),
}

/// Above this many memoised terms the cache is dropped before a check.
const CACHE_LIMIT: usize = 1 << 21;

/// The z3 solver is reset after this many queries.
const RESET_EVERY: u32 = 1000;

/// How [`Solver::check_alone`] poses a query to z3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Engine {
    /// z3's incremental core (the query in a scope): the usual small query in well
    /// under a millisecond, and the better one on multiplication.
    Incremental,
    /// z3's QF_BV tactic (no scope): the query simplified and bit-blasted to SAT,
    /// several times faster on bit-level mixing (shifts, xors and adds over input bytes,
    /// as in hash functions), much slower on products.
    BitBlast,
}

/// The work, in units of z3's resource count, [`Solver::check_alone`] leaves to z3's
/// incremental core before it tries the other engine. Above every query of the sample
/// corpus that z3 answers `sat` (at most 0.6 M), so their models are those of the
/// incremental core. A unit is a fraction of a microsecond of work.
pub const INCREMENTAL_RLIMIT: u32 = 1_000_000;

/// The work then left to bit-blasting (several seconds), before the incremental core
/// gets the query again with no limit but the timeout.
const BIT_BLAST_RLIMIT: u32 = 16_000_000;

/// The steps of [`Solver::check_alone`]: each engine with its work limit (0: none).
const STEPS: [(Engine, u32); 3] = [
    (Engine::Incremental, INCREMENTAL_RLIMIT),
    (Engine::BitBlast, BIT_BLAST_RLIMIT),
    (Engine::Incremental, 0),
];

/// A solver for the logic of regcause's queries (bitvectors, no quantifiers): it sets
/// up in a tenth of the time of a general one, which matters as each query has its
/// own (about 0.5 ms against 7 ms).
fn qf_bv_solver() -> z3::Solver {
    z3::Solver::new_for_logic("QF_BV").unwrap_or_default()
}

/// One z3 solver (in the thread's z3 context) with a translation cache.
pub struct Solver {
    solver: z3::Solver,
    pool_uid: u64,
    cache: FxHashMap<ExprId, Term>,
    var_consts: FxHashMap<VarId, BV>,
    one1: BV,
    zero1: BV,
    /// Queries since the last reset.
    checks: u32,
    /// Timeout currently set on the z3 solver.
    timeout_ms: Option<u32>,
    /// z3's resource limit per check (`0`: none).
    rlimit: u32,
}

impl std::fmt::Debug for Solver {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("cached_terms", &self.cache.len())
            .finish()
    }
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    pub fn new() -> Solver {
        Solver::over(z3::Solver::new())
    }

    fn over(solver: z3::Solver) -> Solver {
        Solver {
            solver,
            pool_uid: 0,
            cache: FxHashMap::default(),
            var_consts: FxHashMap::default(),
            one1: BV::from_u64(1, 1),
            zero1: BV::from_u64(0, 1),
            checks: 0,
            timeout_ms: None,
            rlimit: 0,
        }
    }

    /// [`Solver::check`] by a fresh solver in a fresh z3 context, made for this query
    /// and dropped after it: its answer and model depend on the query alone, not on
    /// what this thread's z3 saw before (a long-lived context keeps the terms of earlier
    /// queries, whose ids steer z3's choices), so any thread, in any order, with or
    /// without the analysis cache answering some queries, gets the same model.
    ///
    /// No one way of z3's suits every query: bit-blasting proves hash mixing over a few
    /// hundred input bytes unsatisfiable in a fifth of the incremental core's time, and
    /// takes ten times as long on a product. So a query goes through [`STEPS`]: each
    /// engine within a limit of z3's work, the next only when the last ran out of it.
    /// The steps are counted in work, never in time, so the same query gets the same
    /// answer and model on any machine and under any load; `timeout_ms` bounds them
    /// together. A query past the first step is hard ([`Alone::hard`]).
    pub fn check_alone(pool: &ExprPool, constraints: &[ExprId], timeout_ms: u32) -> Alone {
        Solver::check_alone_by(pool, constraints, timeout_ms, &STEPS)
    }

    /// [`Solver::check_alone`] through `steps`.
    fn check_alone_by(
        pool: &ExprPool,
        constraints: &[ExprId],
        timeout_ms: u32,
        steps: &[(Engine, u32)],
    ) -> Alone {
        if constraints.iter().any(|&c| pool.is_const(c) == Some(0)) {
            return Alone {
                result: SolveResult::Unsat,
                hard: false,
            };
        }
        z3::with_z3_config(&z3::Config::new(), || {
            let started = std::time::Instant::now();
            let mut s = Solver::over(qf_bv_solver());
            s.pool_uid = pool.uid();
            let mut result = SolveResult::Unknown("timeout".into());
            for (n, &(engine, rlimit)) in steps.iter().enumerate() {
                let left = match timeout_ms {
                    0 => 0,
                    t => match u32::try_from(started.elapsed().as_millis()) {
                        Ok(spent) if spent < t => t - spent,
                        _ => break,
                    },
                };
                if n > 0 {
                    // A new solver in the same context: the translated terms stay valid.
                    s.solver = qf_bv_solver();
                }
                s.rlimit = rlimit;
                s.set_limits(left);
                result = match engine {
                    Engine::Incremental => s.check_in_scope(pool, constraints, left),
                    Engine::BitBlast => s.assert_and_check(pool, constraints, left),
                };
                if !matches!(result, SolveResult::Unknown(_)) || !s.spent_rlimit() {
                    return Alone {
                        result,
                        hard: n > 0,
                    };
                }
            }
            Alone { result, hard: true }
        })
    }

    /// Drops the memoised translations.
    pub fn clear_cache(&mut self) {
        self.cache.clear();
        self.var_consts.clear();
    }

    /// Whether the conjunction of `constraints` (each asserted true: width 1
    /// equal to 1, wider ones non-zero) is satisfiable. `timeout_ms == 0`
    /// means no timeout. A model gives a value to every variable occurring
    /// in the constraints.
    pub fn check(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        timeout_ms: u32,
    ) -> SolveResult {
        if pool.uid() != self.pool_uid || self.cache.len() > CACHE_LIMIT {
            self.clear_cache();
            self.pool_uid = pool.uid();
        }
        if constraints.iter().any(|&c| pool.is_const(c) == Some(0)) {
            return SolveResult::Unsat;
        }
        if self.checks >= RESET_EVERY {
            // Bounds what z3 keeps from earlier (popped) queries.
            self.solver.reset();
            self.checks = 0;
            self.timeout_ms = None;
        }
        self.checks += 1;
        if self.timeout_ms != Some(timeout_ms) {
            self.set_limits(timeout_ms);
        }
        self.check_in_scope(pool, constraints, timeout_ms)
    }

    /// The constraints asserted and checked in a scope of their own, which keeps z3
    /// in its incremental core: it answers small queries in ~0.2 ms where a fresh
    /// non-incremental check costs ~6 ms of tactic set-up in z3 4.8.12.
    fn check_in_scope(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        timeout_ms: u32,
    ) -> SolveResult {
        self.solver.push();
        let result = self.assert_and_check(pool, constraints, timeout_ms);
        self.solver.pop(1);
        result
    }

    /// Sets z3's timeout (`0`: none) and this solver's resource limit.
    fn set_limits(&mut self, timeout_ms: u32) {
        let mut params = Params::new();
        let t = if timeout_ms == 0 {
            u32::MAX
        } else {
            timeout_ms
        };
        params.set_u32("timeout", t);
        params.set_u32("rlimit", self.rlimit);
        self.solver.set_params(&params);
        self.timeout_ms = Some(timeout_ms);
    }

    /// Whether the last check stopped at this solver's resource limit.
    fn spent_rlimit(&self) -> bool {
        self.rlimit != 0
            && match self.solver.get_statistics().value("rlimit count") {
                Some(z3::StatisticsValue::UInt(n)) => n >= self.rlimit,
                Some(z3::StatisticsValue::Double(n)) => n >= f64::from(self.rlimit),
                None => false,
            }
    }

    fn assert_and_check(
        &mut self,
        pool: &ExprPool,
        constraints: &[ExprId],
        timeout_ms: u32,
    ) -> SolveResult {
        for &c in constraints {
            if pool.is_const(c).is_some() {
                continue;
            }
            let b = self.truth(pool, c);
            self.solver.assert(&b);
        }
        match self.check_with_watchdog(timeout_ms) {
            SatResult::Unsat => SolveResult::Unsat,
            SatResult::Unknown => SolveResult::Unknown(
                self.solver
                    .get_reason_unknown()
                    .unwrap_or_else(|| "unknown".to_string()),
            ),
            SatResult::Sat => match self.model_of(pool, constraints) {
                Some(m) => SolveResult::Sat(m),
                None => SolveResult::Unknown("z3 returned sat without a model".into()),
            },
        }
    }

    /// The last satisfiable check's model: a value for every variable of `constraints`
    /// (one z3 left free gets 0).
    fn model_of(&self, pool: &ExprPool, constraints: &[ExprId]) -> Option<Model> {
        let model = self.solver.get_model()?;
        let values = pool
            .vars_of_all(constraints)
            .into_iter()
            .map(|v| {
                let val = self.var_consts.get(&v).and_then(|bv| model.eval(bv, true));
                (v, val.and_then(|x| x.as_u64()).unwrap_or(0))
            })
            .collect();
        Some(Model::from_pairs(values))
    }

    /// `check()` with a deadline. z3 4.8.12's own `timeout` parameter can
    /// be lost (its timer may fire before the check becomes interruptible;
    /// see Z3Prover/z3#5702), and so can a single interrupt: a watchdog
    /// thread interrupts the context at the deadline and then every few
    /// milliseconds until the check returns. Interrupts between checks are
    /// harmless: z3 only cancels a running check.
    fn check_with_watchdog(&self, timeout_ms: u32) -> SatResult {
        self.watched(timeout_ms, || self.solver.check())
    }

    /// `check` (a check of this solver) interrupted at `timeout_ms` (`0`: never).
    fn watched(&self, timeout_ms: u32, check: impl FnOnce() -> SatResult) -> SatResult {
        use std::sync::mpsc::RecvTimeoutError;
        use std::time::Duration;
        if timeout_ms == 0 {
            return check();
        }
        let handle = self.solver.get_context().handle();
        let deadline = Duration::from_millis(timeout_ms as u64);
        let (done, wait) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|scope| {
            scope.spawn(move || {
                let mut wait_for = deadline;
                while let Err(RecvTimeoutError::Timeout) = wait.recv_timeout(wait_for) {
                    handle.interrupt();
                    wait_for = Duration::from_millis(5);
                }
            });
            let r = check();
            drop(done);
            r
        })
    }

    /// A model of `hard` that keeps as many of `soft` as it can (inputs at their test
    /// values, say), by a fresh solver in a fresh z3 context, so the model depends on
    /// the query alone (see [`Solver::check_alone`]). Each soft constraint is an
    /// assumption; those of an unsatisfiable core are given up, a round at a time, for
    /// at most `rounds` rounds. None when `hard` is not satisfied within `timeout_ms`
    /// (all rounds together) or the rounds run out.
    pub fn check_keeping(
        pool: &ExprPool,
        hard: &[ExprId],
        soft: &[ExprId],
        timeout_ms: u32,
        rounds: usize,
    ) -> Option<Model> {
        if hard.iter().any(|&c| pool.is_const(c) == Some(0)) {
            return None;
        }
        z3::with_z3_config(&z3::Config::new(), || {
            let started = std::time::Instant::now();
            let mut s = Solver::over(qf_bv_solver());
            s.pool_uid = pool.uid();
            s.set_limits(timeout_ms);
            for &c in hard.iter().filter(|&&c| pool.is_const(c).is_none()) {
                let b = s.truth(pool, c);
                s.solver.assert(&b);
            }
            // One answer literal per soft constraint, implying it.
            let marks: Vec<Bool> = (0..soft.len())
                .map(|i| Bool::new_const(format!("keep!{i}")))
                .collect();
            for (m, &c) in marks.iter().zip(soft) {
                let b = s.truth(pool, c);
                s.solver.assert(m.implies(&b));
            }
            let mut kept = vec![true; soft.len()];
            for _ in 0..rounds {
                let left = match timeout_ms {
                    0 => 0,
                    t => match u32::try_from(started.elapsed().as_millis()) {
                        Ok(spent) if spent < t => t - spent,
                        _ => return None,
                    },
                };
                let on: Vec<Bool> = marks
                    .iter()
                    .zip(&kept)
                    .filter(|(_, &k)| k)
                    .map(|(m, _)| m.clone())
                    .collect();
                match s.watched(left, || s.solver.check_assumptions(&on)) {
                    SatResult::Sat => return s.model_of(pool, &[hard, soft].concat()),
                    SatResult::Unsat => {
                        let core = s.solver.get_unsat_core();
                        let given_up: Vec<usize> = core
                            .iter()
                            .filter_map(|b| marks.iter().position(|m| m == b))
                            .collect();
                        // A core of no soft constraint: `hard` itself is unsatisfiable.
                        if given_up.is_empty() {
                            return None;
                        }
                        for i in given_up {
                            kept[i] = false;
                        }
                    }
                    SatResult::Unknown => return None,
                }
            }
            None
        })
    }

    /// The z3 formula "`e` is true" (for width 1) or "`e` != 0".
    fn truth(&mut self, pool: &ExprPool, e: ExprId) -> Bool {
        self.translate(pool, e);
        let w = pool.width(e);
        match self.cache.get(&e) {
            Some(t) if w == 1 => self.as_bool(t),
            Some(t) => {
                let zero = BV::from_u64(0, w);
                self.as_bv(t).eq(&zero).not()
            }
            None => Bool::from_bool(false),
        }
    }

    fn as_bool(&self, t: &Term) -> Bool {
        match t {
            Term::B(b) => b.clone(),
            Term::V(v) => v.eq(&self.one1),
        }
    }

    fn as_bv(&self, t: &Term) -> BV {
        match t {
            Term::V(v) => v.clone(),
            Term::B(b) => b.ite(&self.one1, &self.zero1),
        }
    }

    fn get(&self, e: ExprId) -> Term {
        // Operands are translated before their users.
        match self.cache.get(&e) {
            Some(t) => t.clone(),
            None => Term::B(Bool::from_bool(false)),
        }
    }

    /// Translates the DAG under `root` into the cache (iteratively).
    fn translate(&mut self, pool: &ExprPool, root: ExprId) {
        if self.cache.contains_key(&root) {
            return;
        }
        let mut stack = vec![(root, false)];
        while let Some((e, expanded)) = stack.pop() {
            if self.cache.contains_key(&e) {
                continue;
            }
            let node = pool.node(e);
            if !expanded {
                let (ch, n) = node.children();
                if ch[..n].iter().any(|c| !self.cache.contains_key(c)) {
                    stack.push((e, true));
                    for &c in &ch[..n] {
                        if !self.cache.contains_key(&c) {
                            stack.push((c, false));
                        }
                    }
                    continue;
                }
            }
            let t = self.term_of(pool, e, node);
            self.cache.insert(e, t);
        }
    }

    fn term_of(&mut self, pool: &ExprPool, e: ExprId, node: Node) -> Term {
        let w = pool.width(e);
        match node {
            Node::Const { value, .. } => {
                if w == 1 {
                    Term::B(Bool::from_bool(value == 1))
                } else {
                    Term::V(BV::from_u64(value, w))
                }
            }
            Node::Var(v) => {
                let name = pool.var_info(v).name.clone();
                let bv = BV::new_const(name, w);
                self.var_consts.insert(v, bv.clone());
                if w == 1 {
                    Term::B(bv.eq(&self.one1))
                } else {
                    Term::V(bv)
                }
            }
            Node::Unary(op, a) => {
                let ta = self.get(a);
                match (op, w) {
                    (UnOp::Not, 1) => Term::B(self.as_bool(&ta).not()),
                    (UnOp::Neg, 1) => ta,
                    (UnOp::Not, _) => Term::V(self.as_bv(&ta).bvnot()),
                    (UnOp::Neg, _) => Term::V(self.as_bv(&ta).bvneg()),
                }
            }
            Node::Binary(op, a, b) => {
                let (ta, tb) = (self.get(a), self.get(b));
                if w == 1 {
                    let (x, y) = (self.as_bool(&ta), self.as_bool(&tb));
                    match op {
                        BinOp::And | BinOp::Mul => return Term::B(Bool::and(&[&x, &y])),
                        BinOp::Or => return Term::B(Bool::or(&[&x, &y])),
                        BinOp::Xor | BinOp::Add | BinOp::Sub => return Term::B(x.xor(&y)),
                        _ => {}
                    }
                }
                let (x, y) = (self.as_bv(&ta), self.as_bv(&tb));
                Term::V(match op {
                    BinOp::Add => x.bvadd(&y),
                    BinOp::Sub => x.bvsub(&y),
                    BinOp::Mul => x.bvmul(&y),
                    BinOp::UDiv => x.bvudiv(&y),
                    BinOp::SDiv => x.bvsdiv(&y),
                    BinOp::URem => x.bvurem(&y),
                    BinOp::SRem => x.bvsrem(&y),
                    BinOp::Shl => x.bvshl(&y),
                    BinOp::LShr => x.bvlshr(&y),
                    BinOp::AShr => x.bvashr(&y),
                    BinOp::And => x.bvand(&y),
                    BinOp::Or => x.bvor(&y),
                    BinOp::Xor => x.bvxor(&y),
                })
            }
            Node::Cmp(op, a, b) => {
                let (ta, tb) = (self.get(a), self.get(b));
                if pool.width(a) == 1 && matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    let eq = self.as_bool(&ta).eq(self.as_bool(&tb));
                    return Term::B(if op == CmpOp::Eq { eq } else { eq.not() });
                }
                let (x, y) = (self.as_bv(&ta), self.as_bv(&tb));
                Term::B(match op {
                    CmpOp::Eq => x.eq(&y),
                    CmpOp::Ne => x.eq(&y).not(),
                    CmpOp::Ult => x.bvult(&y),
                    CmpOp::Ule => x.bvule(&y),
                    CmpOp::Ugt => x.bvugt(&y),
                    CmpOp::Uge => x.bvuge(&y),
                    CmpOp::Slt => x.bvslt(&y),
                    CmpOp::Sle => x.bvsle(&y),
                    CmpOp::Sgt => x.bvsgt(&y),
                    CmpOp::Sge => x.bvsge(&y),
                })
            }
            Node::ZExt(a, to) => {
                let x = self.as_bv(&self.get(a));
                Term::V(x.zero_ext(to as u32 - pool.width(a)))
            }
            Node::SExt(a, to) => {
                let x = self.as_bv(&self.get(a));
                Term::V(x.sign_ext(to as u32 - pool.width(a)))
            }
            Node::Extract { e: a, hi, lo } => {
                let x = self.as_bv(&self.get(a));
                Term::V(x.extract(hi as u32, lo as u32))
            }
            Node::Concat(h, l) => {
                let (x, y) = (self.as_bv(&self.get(h)), self.as_bv(&self.get(l)));
                Term::V(x.concat(&y))
            }
            Node::Ite(c, a, b) => {
                let cond = self.as_bool(&self.get(c));
                let (ta, tb) = (self.get(a), self.get(b));
                if w == 1 {
                    Term::B(cond.ite(&self.as_bool(&ta), &self.as_bool(&tb)))
                } else {
                    Term::V(cond.ite(&self.as_bv(&ta), &self.as_bv(&tb)))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::{Engine, Solver as S};

    /// `x·y = n` with `1 < x, y < 2^bits` in 32-bit arithmetic (no wrap below 2^16):
    /// unsatisfiable exactly when `n` is prime.
    fn product(p: &mut ExprPool, bits: u32, n: u64) -> (Vec<ExprId>, VarId, VarId) {
        let (x, y) = (
            p.new_var("in1", 32, false).unwrap(),
            p.new_var("in2", 32, false).unwrap(),
        );
        let (xv, yv) = (p.var(x), p.var(y));
        let (one, top, n) = (
            p.constant(1, 32),
            p.constant(1 << bits, 32),
            p.constant(n, 32),
        );
        let prod = p.mul(xv, yv);
        let cs = vec![
            p.cmp(CmpOp::Ugt, xv, one),
            p.cmp(CmpOp::Ugt, yv, one),
            p.cmp(CmpOp::Ult, xv, top),
            p.cmp(CmpOp::Ult, yv, top),
            p.cmp(CmpOp::Eq, prod, n),
        ];
        (cs, x, y)
    }

    /// A query the first step runs out on goes to the next engine, which decides it
    /// (a model that holds, or unsat), and it is hard; so does the third step.
    #[test]
    fn each_step_answers_what_the_one_before_ran_out_on() {
        let orders: [&[(Engine, u32)]; 3] = [
            &[(Engine::Incremental, 1), (Engine::BitBlast, 0)],
            &[(Engine::BitBlast, 1), (Engine::Incremental, 0)],
            &[
                (Engine::Incremental, 1),
                (Engine::BitBlast, 1),
                (Engine::Incremental, 0),
            ],
        ];
        for steps in orders {
            let mut p = ExprPool::new();
            let (cs, x, y) = product(&mut p, 8, 143);
            let a = S::check_alone_by(&p, &cs, 10_000, steps);
            assert!(a.hard, "{steps:?}");
            match a.result {
                SolveResult::Sat(m) => {
                    let (xv, yv) = (m.get(x).unwrap(), m.get(y).unwrap());
                    assert_eq!(xv * yv, 143, "{steps:?}: {m:?}");
                }
                r => panic!("{steps:?}: {r:?}"),
            }
            let mut p = ExprPool::new();
            let (cs, _, _) = product(&mut p, 8, 127);
            let a = S::check_alone_by(&p, &cs, 10_000, steps);
            assert_eq!((a.result, a.hard), (SolveResult::Unsat, true), "{steps:?}");
        }
    }

    /// The usual small query is answered by the first step; a product of two 14-bit
    /// numbers equal to a prime takes z3 more work than that and is still proved.
    #[test]
    fn only_queries_past_the_first_step_are_hard() {
        let mut p = ExprPool::new();
        let (cs, _, _) = product(&mut p, 8, 143);
        let a = S::check_alone(&p, &cs, 10_000);
        assert!(matches!(a.result, SolveResult::Sat(_)) && !a.hard, "{a:?}");
        let mut p = ExprPool::new();
        let (cs, _, _) = product(&mut p, 14, 134_217_689);
        let a = S::check_alone(&p, &cs, 60_000);
        assert_eq!((a.result, a.hard), (SolveResult::Unsat, true));
    }

    /// Soft constraints in conflict with the hard ones are given up, the others kept;
    /// unsatisfiable hard constraints give no model.
    #[test]
    fn keeping_gives_up_only_conflicting_soft_constraints() {
        let mut p = ExprPool::new();
        let (x, y, z) = (
            p.new_var("x", 32, true).unwrap(),
            p.new_var("y", 32, true).unwrap(),
            p.new_var("z", 32, true).unwrap(),
        );
        let (xe, ye, ze) = (p.var(x), p.var(y), p.var(z));
        // Hard: x > 100 and y == x. Soft: x == 1, y == 1 (both must go), z == 7.
        let hundred = p.constant(100, 32);
        let hard = [p.cmp(CmpOp::Sgt, xe, hundred), p.cmp(CmpOp::Eq, ye, xe)];
        let (one, seven) = (p.constant(1, 32), p.constant(7, 32));
        let soft = [
            p.cmp(CmpOp::Eq, xe, one),
            p.cmp(CmpOp::Eq, ye, one),
            p.cmp(CmpOp::Eq, ze, seven),
        ];
        let m = S::check_keeping(&p, &hard, &soft, 5000, 8).expect("a model");
        assert!(hard.iter().all(|&c| p.eval(c, &m) == 1), "{m:?}");
        assert_eq!(m.get(z), Some(7));
        // Deterministic: the same query, the same model.
        assert_eq!(S::check_keeping(&p, &hard, &soft, 5000, 8), Some(m));
        let never = p.negate(hard[0]);
        assert_eq!(
            S::check_keeping(&p, &[hard[0], never], &soft, 5000, 8),
            None
        );
    }

    #[test]
    fn sat_unsat_and_model() {
        let mut p = ExprPool::new();
        let x = p.new_var("in1", 32, true).unwrap();
        let y = p.new_var("in2", 32, true).unwrap();
        let (xe, ye) = (p.var(x), p.var(y));
        let one = p.constant(1, 32);
        let s = p.add(ye, one);
        let c1 = p.cmp(CmpOp::Sgt, xe, s);
        let k = p.constant(10, 32);
        let c2 = p.cmp(CmpOp::Slt, xe, k);
        let mut solver = Solver::new();
        match solver.check(&p, &[c1, c2], 5000) {
            SolveResult::Sat(m) => {
                assert_eq!(m.len(), 2);
                assert_eq!(p.eval(c1, &m), 1);
                assert_eq!(p.eval(c2, &m), 1);
            }
            r => panic!("{r:?}"),
        }
        let n1 = p.negate(c1);
        assert_eq!(solver.check(&p, &[c1, n1], 5000), SolveResult::Unsat);
        // The cache persists and stays correct for a new query.
        assert!(matches!(solver.check(&p, &[n1], 5000), SolveResult::Sat(_)));
    }

    #[test]
    fn unconstrained_vars_get_values() {
        let mut p = ExprPool::new();
        let x = p.new_var("x", 8, false).unwrap();
        let y = p.new_var("y", 8, false).unwrap();
        let xe = p.var(x);
        let ye = p.var(y);
        let z = p.constant(0, 8);
        let m = p.binary(BinOp::Mul, ye, z);
        assert_eq!(p.is_const(m), Some(0));
        let s = p.binary(BinOp::And, ye, xe);
        let c = p.cmp(CmpOp::Ule, s, xe); // valid: y & x <= x
        match Solver::new().check(&p, &[c], 0) {
            SolveResult::Sat(m) => assert_eq!(m.len(), 2),
            r => panic!("{r:?}"),
        }
    }

    #[test]
    fn timeout_gives_unknown() {
        // Factoring a 62-bit semiprime: far beyond 1 ms of bit-blasting.
        let mut p = ExprPool::new();
        let x = p.new_var("x", 64, false).unwrap();
        let y = p.new_var("y", 64, false).unwrap();
        let (xe, ye) = (p.var(x), p.var(y));
        let prod = p.mul(xe, ye);
        let n = p.constant(2_147_483_647u64 * 2_147_483_629, 64);
        let lim = p.constant(1 << 32, 64);
        let one = p.constant(1, 64);
        let cs = [
            p.eq(prod, n),
            p.cmp(CmpOp::Ugt, xe, one),
            p.cmp(CmpOp::Ugt, ye, one),
            p.cmp(CmpOp::Ult, xe, lim),
            p.cmp(CmpOp::Ult, ye, lim),
        ];
        let mut solver = Solver::new();
        for ms in [1, 300] {
            let t = std::time::Instant::now();
            match solver.check(&p, &cs, ms) {
                SolveResult::Unknown(reason) => assert!(!reason.is_empty()),
                other => panic!("expected a timeout, got {other:?}"),
            }
            let took = t.elapsed().as_millis();
            assert!(took < ms as u128 + 2000, "timeout {ms} ms took {took} ms");
        }
    }

    #[test]
    fn bool_vars_and_constant_constraints() {
        let mut p = ExprPool::new();
        let f = p.new_var("flag", 1, false).unwrap();
        let fe = p.var(f);
        let nf = p.negate(fe);
        let mut s = Solver::new();
        match s.check(&p, &[nf], 0) {
            SolveResult::Sat(m) => assert_eq!(m.get(f), Some(0)),
            r => panic!("{r:?}"),
        }
        let t = p.bool_const(true);
        let fl = p.bool_const(false);
        assert!(matches!(s.check(&p, &[t], 0), SolveResult::Sat(_)));
        assert_eq!(s.check(&p, &[t, fl], 0), SolveResult::Unsat);
    }
}
