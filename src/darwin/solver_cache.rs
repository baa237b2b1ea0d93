//! Solver answers kept in the analysis cache, keyed by the query's SMT-LIB2 script, so a
//! repeated analysis (or one that poses the same query) does no solving.

use serde::{Deserialize, Serialize};

use crate::cache::{Cache, Key, Kind};
use crate::sym::{ExprId, ExprPool, Model, SolveResult, Solver};

/// A solver answer as stored: models by variable name, because variable ids are only
/// meaningful inside one pool.
#[derive(Debug, Serialize, Deserialize, PartialEq)]
enum Stored {
    Sat(Vec<(String, u64)>),
    Unsat,
    /// The timeout it was given: a longer timeout may decide the query, so the answer
    /// is reused only under a timeout no longer than this one.
    Unknown {
        why: String,
        timeout_ms: u32,
    },
}

/// A z3 solver in front of which the cache answers the queries it has seen.
pub struct CachedSolver<'c> {
    solver: Solver,
    cache: &'c mut Cache,
    /// Queries answered by the cache (not solved).
    pub hits: usize,
    /// SMT-LIB2 bytes of every query posed, answered by the cache or not: the size of
    /// the formulas a condition gives the solver.
    pub formula_bytes: usize,
}

impl<'c> CachedSolver<'c> {
    pub fn new(cache: &'c mut Cache) -> CachedSolver<'c> {
        CachedSolver {
            solver: Solver::new(),
            cache,
            hits: 0,
            formula_bytes: 0,
        }
    }

    /// Is the conjunction of `cs` satisfiable? The second value says whether the
    /// answer came from the cache.
    pub fn check(
        &mut self,
        pool: &ExprPool,
        cs: &[ExprId],
        timeout_ms: u32,
    ) -> (SolveResult, bool) {
        let script = pool.smt2_script(cs);
        self.formula_bytes += script.len();
        let key = self.cache.is_enabled().then(|| Key::formula(&script));
        if let Some(key) = &key {
            if let Some(r) = self.lookup(pool, key, timeout_ms) {
                self.hits += 1;
                return (r, true);
            }
        }
        let r = self.solver.check(pool, cs, timeout_ms);
        if let Some(key) = &key {
            if let Some(blob) = encode(pool, &r, timeout_ms) {
                self.cache.put(Kind::Solver, key, &blob);
            }
        }
        (r, false)
    }

    fn lookup(&mut self, pool: &ExprPool, key: &Key, timeout_ms: u32) -> Option<SolveResult> {
        let blob = self.cache.get(Kind::Solver, key)?;
        // An undecodable blob (another layout) is treated as a miss and overwritten.
        let stored: Stored = serde_json::from_slice(&blob).ok()?;
        decode(pool, stored, timeout_ms)
    }
}

fn encode(pool: &ExprPool, r: &SolveResult, timeout_ms: u32) -> Option<Vec<u8>> {
    let stored = match r {
        SolveResult::Sat(m) => Stored::Sat(
            m.iter()
                .map(|(v, x)| (pool.var_info(v).name.clone(), x))
                .collect(),
        ),
        SolveResult::Unsat => Stored::Unsat,
        SolveResult::Unknown(why) => Stored::Unknown {
            why: why.clone(),
            timeout_ms,
        },
    };
    serde_json::to_vec(&stored).ok()
}

fn decode(pool: &ExprPool, stored: Stored, timeout_ms: u32) -> Option<SolveResult> {
    match stored {
        Stored::Sat(values) => {
            // Every name must exist in this pool: the script declared them all.
            let pairs = values
                .into_iter()
                .map(|(n, x)| pool.var_by_name(&n).map(|v| (v, x)))
                .collect::<Option<Vec<_>>>()?;
            Some(SolveResult::Sat(Model::from_pairs(pairs)))
        }
        Stored::Unsat => Some(SolveResult::Unsat),
        // 0 means no limit, which is longer than any limit.
        Stored::Unknown { why, timeout_ms: t }
            if t == 0 || (timeout_ms != 0 && timeout_ms <= t) =>
        {
            Some(SolveResult::Unknown(why))
        }
        Stored::Unknown { .. } => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sym::CmpOp;

    fn query() -> (ExprPool, Vec<ExprId>, crate::sym::VarId) {
        let mut p = ExprPool::new();
        let q = p.new_var("in1", 32, true).expect("var");
        let qv = p.var(q);
        let ten = p.constant(10, 32);
        let c = p.cmp(CmpOp::Sgt, qv, ten);
        (p, vec![c], q)
    }

    #[test]
    fn second_query_is_answered_by_the_cache() {
        let dir = tempfile::tempdir().expect("tempdir");
        let mut cache = Cache::open(&dir.path().join("c.sqlite"));
        let (p, cs, q) = query();
        let first = {
            let mut s = CachedSolver::new(&mut cache);
            let (r, hit) = s.check(&p, &cs, 10_000);
            assert!(!hit);
            r
        };
        // A fresh solver (a new process) with the same pool contents.
        let (p2, cs2, q2) = query();
        let mut s = CachedSolver::new(&mut cache);
        let (r, hit) = s.check(&p2, &cs2, 10_000);
        assert!(hit);
        assert_eq!(s.hits, 1);
        assert_eq!(r, first);
        match r {
            SolveResult::Sat(m) => {
                assert_eq!(q, q2);
                assert!((m.get(q2).expect("value") as u32 as i32) > 10);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn disabled_cache_always_solves() {
        let mut cache = Cache::disabled();
        let (p, cs, _) = query();
        let mut s = CachedSolver::new(&mut cache);
        assert!(!s.check(&p, &cs, 10_000).1);
        assert!(!s.check(&p, &cs, 10_000).1);
        assert_eq!(s.hits, 0);
        // Every query posed counts its script, with or without a cache.
        assert_eq!(s.formula_bytes, 2 * p.smt2_script(&cs).len());
        assert!(s.formula_bytes > 0);
    }

    #[test]
    fn unknown_is_reused_only_under_a_shorter_timeout() {
        let (p, _, _) = query();
        let u = |t| Stored::Unknown {
            why: "timeout".into(),
            timeout_ms: t,
        };
        assert!(decode(&p, u(1000), 500).is_some());
        assert!(decode(&p, u(1000), 2000).is_none());
        assert!(decode(&p, u(1000), 0).is_none());
        assert!(decode(&p, u(0), 0).is_some());
        // A model naming a variable this pool lacks is a miss, not a wrong answer.
        assert!(decode(&p, Stored::Sat(vec![("nope".into(), 1)]), 0).is_none());
    }
}
