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
        }
    }

    /// [`Solver::check`] by a fresh solver in a fresh z3 context, made for this query
    /// and dropped after it: its answer and model depend on the query alone, not on
    /// what this thread's z3 saw before (a long-lived context keeps the terms of earlier
    /// queries, whose ids steer z3's choices), so any thread, in any order, with or
    /// without the analysis cache answering some queries, gets the same model.
    pub fn check_alone(pool: &ExprPool, constraints: &[ExprId], timeout_ms: u32) -> SolveResult {
        z3::with_z3_config(&z3::Config::new(), || {
            // A solver for the logic of regcause's queries (bitvectors, no quantifiers)
            // sets up in a tenth of the time of a general one, which matters as each
            // query has its own (about 0.5 ms against 7 ms).
            let solver = z3::Solver::new_for_logic("QF_BV").unwrap_or_default();
            Solver::over(solver).check(pool, constraints, timeout_ms)
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
            let mut params = Params::new();
            let t = if timeout_ms == 0 {
                u32::MAX
            } else {
                timeout_ms
            };
            params.set_u32("timeout", t);
            self.solver.set_params(&params);
            self.timeout_ms = Some(timeout_ms);
        }
        // One scope per query: z3's incremental core answers small queries
        // in ~0.2 ms where a fresh non-incremental check costs ~6 ms of
        // tactic set-up in z3 4.8.12.
        self.solver.push();
        let result = self.check_in_scope(pool, constraints, timeout_ms);
        self.solver.pop(1);
        result
    }

    fn check_in_scope(
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
            SatResult::Sat => {
                let Some(model) = self.solver.get_model() else {
                    return SolveResult::Unknown("z3 returned sat without a model".into());
                };
                let mut values = Vec::new();
                for v in pool.vars_of_all(constraints) {
                    let val = self
                        .var_consts
                        .get(&v)
                        .and_then(|bv| model.eval(bv, true))
                        .and_then(|x| x.as_u64())
                        .unwrap_or(0);
                    values.push((v, val));
                }
                SolveResult::Sat(Model::from_pairs(values))
            }
        }
    }

    /// `check()` with a deadline. z3 4.8.12's own `timeout` parameter can
    /// be lost (its timer may fire before the check becomes interruptible;
    /// see Z3Prover/z3#5702), and so can a single interrupt: a watchdog
    /// thread interrupts the context at the deadline and then every few
    /// milliseconds until the check returns. Interrupts between checks are
    /// harmless: z3 only cancels a running check.
    fn check_with_watchdog(&self, timeout_ms: u32) -> SatResult {
        use std::sync::mpsc::RecvTimeoutError;
        use std::time::Duration;
        if timeout_ms == 0 {
            return self.solver.check();
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
            let r = self.solver.check();
            drop(done);
            r
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
