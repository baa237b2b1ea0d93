//! The persistent layer of the solver chain: answers kept in the analysis cache, keyed
//! by the query's SMT-LIB2 script, so a repeated analysis (or one that poses the same
//! query) does no solving. Models are stored by variable name, so an answer found in
//! one pool serves another (the memo layer uses the same encoding).

use serde::{Deserialize, Serialize};

use super::Store;
use crate::cache::Key;
use crate::sym::{ExprPool, Model, SolveResult};

/// A solver answer as stored: models by variable name, because variable ids are only
/// meaningful inside one pool.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub(super) enum Stored {
    Sat(Vec<(String, u64)>),
    Unsat,
    /// Unsatisfiable, and hard (see [`crate::sym::Alone`]): kept apart so that a cached
    /// answer caps a line's solving as the first one did.
    HardUnsat,
    /// The timeout it was given: a longer timeout may decide the query, so the answer
    /// is reused only under a timeout no longer than this one.
    Unknown {
        why: String,
        timeout_ms: u32,
    },
}

/// The answer the cache keeps for `script` (a query's SMT-LIB2), decoded for `pool`,
/// and whether it was hard; `None` on a miss, or when the stored answer does not hold
/// under `timeout_ms` (an `unknown` found with less time).
pub(super) fn lookup(
    cache: &mut dyn Store,
    pool: &ExprPool,
    key: &Key,
    timeout_ms: u32,
) -> Option<(SolveResult, bool)> {
    let blob = cache.get(key)?;
    // An undecodable blob (another layout) is treated as a miss and overwritten.
    let stored: Stored = serde_json::from_slice(&blob).ok()?;
    decode(pool, stored, timeout_ms)
}

/// Keep `r`, found under `timeout_ms` (`hard`: by bit-blasting), as the answer to the
/// query keyed `key`.
pub(super) fn store(
    cache: &mut dyn Store,
    pool: &ExprPool,
    key: &Key,
    r: &SolveResult,
    hard: bool,
    timeout_ms: u32,
) {
    if let Ok(blob) = serde_json::to_vec(&encode_stored(pool, r, hard, timeout_ms)) {
        cache.put(key, &blob);
    }
}

pub(super) fn encode_stored(
    pool: &ExprPool,
    r: &SolveResult,
    hard: bool,
    timeout_ms: u32,
) -> Stored {
    match r {
        SolveResult::Sat(m) => Stored::Sat(
            m.iter()
                .map(|(v, x)| (pool.var_info(v).name.clone(), x))
                .collect(),
        ),
        SolveResult::Unsat if hard => Stored::HardUnsat,
        SolveResult::Unsat => Stored::Unsat,
        SolveResult::Unknown(why) => Stored::Unknown {
            why: why.clone(),
            timeout_ms,
        },
    }
}

/// The stored answer for `pool`, and whether it was hard (see [`lookup`]).
pub(super) fn decode(
    pool: &ExprPool,
    stored: Stored,
    timeout_ms: u32,
) -> Option<(SolveResult, bool)> {
    let hard = stored == Stored::HardUnsat;
    let r = match stored {
        Stored::Sat(values) => {
            // Every name must exist in this pool: the script declared them all.
            let pairs = values
                .into_iter()
                .map(|(n, x)| pool.var_by_name(&n).map(|v| (v, x)))
                .collect::<Option<Vec<_>>>()?;
            Some(SolveResult::Sat(Model::from_pairs(pairs)))
        }
        Stored::Unsat | Stored::HardUnsat => Some(SolveResult::Unsat),
        // 0 means no limit, which is longer than any limit.
        Stored::Unknown { why, timeout_ms: t }
            if t == 0 || (timeout_ms != 0 && timeout_ms <= t) =>
        {
            Some(SolveResult::Unknown(why))
        }
        Stored::Unknown { .. } => None,
    };
    r.map(|r| (r, hard))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::Cache;
    use crate::solver::{Chain, Layers};
    use crate::sym::{CmpOp, ExprId};

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
            let mut s = Chain::new(&mut cache, Layers::NONE);
            let a = s.check_answer(&p, &cs, &[], 10_000);
            let (r, hit) = (a.result, a.from_cache);
            assert!(!hit);
            r
        };
        // A fresh solver (a new process) with the same pool contents.
        let (p2, cs2, q2) = query();
        let mut s = Chain::new(&mut cache, Layers::NONE);
        let a = s.check_answer(&p2, &cs2, &[], 10_000);
        let (r, hit) = (a.result, a.from_cache);
        assert!(hit);
        assert_eq!(s.counts.cache_hits, 1);
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
        let mut s = Chain::new(&mut cache, Layers::NONE);
        assert!(!s.check_answer(&p, &cs, &[], 10_000).from_cache);
        assert!(!s.check_answer(&p, &cs, &[], 10_000).from_cache);
        assert_eq!(s.counts.cache_hits, 0);
        // Every query posed counts its script, with or without a cache.
        assert_eq!(s.counts.formula_bytes, 2 * p.smt2_script(&cs).len());
        assert!(s.counts.formula_bytes > 0);
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
