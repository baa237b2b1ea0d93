//! The one way regcause asks whether a conjunction of constraints is satisfiable: a
//! chain of layers in KLEE's manner, cheapest first, behind one call ([`Chain::check`]).
//! DARWIN, replay (`pc --check`), exploration and `signature-diff` all ask here.
//!
//! 0. **relevance** (`split::connected_to_last`): a flipped path condition (every
//!    constraint but the last holds on the test's input) larger than
//!    [`RELEVANT_FROM`] constraints keeps only those that share an input with the
//!    flipped one, directly or through others: the rest keep their inputs' test values,
//!    which satisfy them, so the whole is satisfiable exactly when this part is (the
//!    replay keeps the test's value for every input a model does not name);
//! 1. **independence** (`split`): the conjunction taken apart into groups that share no
//!    variable; each group goes down the chain alone and their models combine;
//! 2. **hints**: a group that a given assignment (a partition's own test) satisfies is
//!    satisfiable by it, checked by evaluation;
//! 3. **bounds**: a group whose comparisons with constants leave some value no room is
//!    unsatisfiable;
//! 4. **memo**: a group asked before in this chain gets the same answer;
//! 5. **persistent cache**: an answer kept in the analysis cache (SQLite), keyed by the
//!    group's SMT-LIB2 script;
//! 6. **z3** (`sym::Solver`), whose answers the memo and the cache then keep.
//!
//! Layers 0-4 are chosen per user ([`Layers`]). Every layer is exact in satisfiability;
//! but layers 1-2 give other models than z3 would for the whole query, so a user whose
//! reports show models (DARWIN's alternative inputs, exploration's tests) keeps them
//! off and gets z3's own model. Counters per layer ([`Counts`]) go into each user's
//! statistics. A `sym::Solver` is made nowhere else (`tests/integration/architecture.rs`).

mod persistent;
mod split;

use std::collections::HashMap;

use crate::cache::{Cache, Key, Kind};
use crate::sym::{ExprId, ExprPool, Model, SolveResult, Solver};

pub use split::{holds, Components};

/// Which of the optional layers a chain uses (the persistent cache and z3 always).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layers {
    /// Queries are flipped path conditions (see layer 0).
    pub relevance: bool,
    pub independence: bool,
    pub hints: bool,
    pub bounds: bool,
    pub memo: bool,
    /// Each query z3 sees is posed to a fresh solver in a fresh context
    /// ([`Solver::check_alone`]), so its model depends on that query alone.
    pub fresh: bool,
}

impl Layers {
    /// Every layer: `signature-diff`, which asks many overlapping questions and shows
    /// no models.
    pub const ALL: Layers = Layers {
        relevance: false,
        independence: true,
        hints: true,
        bounds: true,
        memo: true,
        fresh: false,
    };
    /// z3's own model for the whole query, answered from the persistent cache when it
    /// can be: DARWIN, exploration, replay.
    pub const NONE: Layers = Layers {
        relevance: false,
        independence: false,
        hints: false,
        bounds: false,
        memo: false,
        fresh: false,
    };
    /// DARWIN's flips: [`Layers::NONE`] with the relevance layer on queries above
    /// [`RELEVANT_FROM`] constraints, the bounds, and a fresh z3 for each query. Below
    /// it (every query of the sample corpus) a query is posed whole, so its model is
    /// z3's own for it. Above it, a 10,000-deep recursion's flips, each of 20,000
    /// comparisons of one input with constants, took z3 most of a second each. The
    /// bounds only refute, so models stay z3's: they refute those at once, and more
    /// than half of a unit-test framework's flips (cJSON's Unity test: 95 of 171
    /// queries), which z3 takes tens of milliseconds each to set up and refute. Fresh,
    /// a query's model depends on it alone, so
    /// the flips can be solved on several threads, in any order, and a run answered
    /// from the cache agrees with a cold one.
    pub const FLIP: Layers = Layers {
        relevance: true,
        bounds: true,
        fresh: true,
        ..Layers::NONE
    };
}

/// Above this many constraints, a flipped path condition keeps only the part connected
/// with its flipped constraint (layer 0). A test reading 10 KB byte by byte has 30,000
/// constraints, each on one byte: whole, each query took most of a second; in parts,
/// milliseconds.
pub const RELEVANT_FROM: usize = 1000;

/// How a chain's questions were answered, per layer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Counts {
    /// Questions asked (conjunctions, before splitting).
    pub queries: usize,
    /// Constraints the relevance layer left out of flipped path conditions.
    pub left_out: usize,
    /// Groups that reached the solver's own layers (the persistent cache, then z3).
    pub solver_calls: usize,
    /// Groups answered by a hint's values.
    pub by_hint: usize,
    /// Groups found contradictory by their bounds.
    pub by_bounds: usize,
    /// Groups answered by an earlier identical group.
    pub by_memo: usize,
    /// Groups answered by the persistent cache (counted in `solver_calls` too).
    pub cache_hits: usize,
    /// SMT-LIB2 bytes of the groups posed to the persistent cache and z3.
    pub formula_bytes: usize,
    /// Groups that took z3 more than its first step (hard; see [`crate::sym::Alone`]).
    pub hard: usize,
}

impl Counts {
    /// Adds the counts of another chain (another thread's share of the same questions).
    pub fn add(&mut self, o: &Counts) {
        self.queries += o.queries;
        self.left_out += o.left_out;
        self.hard += o.hard;
        self.solver_calls += o.solver_calls;
        self.by_hint += o.by_hint;
        self.by_bounds += o.by_bounds;
        self.by_memo += o.by_memo;
        self.cache_hits += o.cache_hits;
        self.formula_bytes += o.formula_bytes;
    }
}

/// Where the persistent layer keeps its answers (blobs keyed by a query's script):
/// the analysis [`Cache`], or a worker thread's messenger to the thread that holds it
/// (the cache is used from one thread only).
pub trait Store {
    fn is_enabled(&self) -> bool;
    fn get(&mut self, key: &Key) -> Option<Vec<u8>>;
    fn put(&mut self, key: &Key, blob: &[u8]);
}

impl Store for Cache {
    fn is_enabled(&self) -> bool {
        Cache::is_enabled(self)
    }
    fn get(&mut self, key: &Key) -> Option<Vec<u8>> {
        Cache::get(self, Kind::Solver, key)
    }
    fn put(&mut self, key: &Key, blob: &[u8]) {
        Cache::put(self, Kind::Solver, key, blob)
    }
}

/// One answer, and whether the persistent cache gave it (no group reached z3 and at
/// least one was answered from the cache).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    pub result: SolveResult,
    pub from_cache: bool,
    /// Some group was hard (see [`crate::sym::Alone`]), now or when the cached answer
    /// was found.
    pub hard: bool,
}

/// The part of a flipped query `cs` (its flip last) a solver needs: all of it, or for a
/// large one (over [`RELEVANT_FROM`] constraints) the flip and the constraints sharing
/// an input with it, transitively, as the chain's relevance layer poses it.
pub fn relevant_part<'a>(pool: &ExprPool, cs: &'a [ExprId]) -> std::borrow::Cow<'a, [ExprId]> {
    match cs.split_last() {
        Some((&flip, rest)) if cs.len() > RELEVANT_FROM => {
            std::borrow::Cow::Owned(split::connected_to_last(pool, rest, flip))
        }
        _ => std::borrow::Cow::Borrowed(cs),
    }
}

/// The chain (see the module's documentation).
pub struct Chain<'c> {
    z3: Option<Solver>,
    cache: &'c mut dyn Store,
    layers: Layers,
    /// Answers by SMT-LIB2 script, models by variable name (valid in any pool).
    memo: HashMap<String, persistent::Stored>,
    pub counts: Counts,
}

impl<'c> Chain<'c> {
    /// A chain over `cache` (`Cache::disabled()`: no persistent layer) with `layers`.
    pub fn new(cache: &'c mut Cache, layers: Layers) -> Chain<'c> {
        Chain::over(cache, layers)
    }

    /// A chain whose persistent layer is `store`.
    pub fn over(cache: &'c mut dyn Store, layers: Layers) -> Chain<'c> {
        Chain {
            z3: None,
            cache,
            layers,
            memo: HashMap::new(),
            counts: Counts::default(),
        }
    }

    /// Whether the conjunction of `cs` is satisfiable; a model gives a value to every
    /// variable of `cs`. `hints` are assignments tried before solving (with
    /// `Layers::hints`).
    pub fn check(
        &mut self,
        pool: &ExprPool,
        cs: &[ExprId],
        hints: &[&Model],
        timeout_ms: u32,
    ) -> SolveResult {
        self.check_answer(pool, cs, hints, timeout_ms).result
    }

    /// [`Chain::check`], saying whether the persistent cache answered.
    pub fn check_answer(
        &mut self,
        pool: &ExprPool,
        cs: &[ExprId],
        hints: &[&Model],
        timeout_ms: u32,
    ) -> Answer {
        // The relevance layer applies to large flips only (see `Layers::FLIP`).
        let relevant = match self.layers.relevance {
            true => relevant_part(pool, cs),
            false => std::borrow::Cow::Borrowed(cs),
        };
        self.check_part(pool, &relevant, cs.len(), hints, timeout_ms)
    }

    /// [`Chain::check_answer`] of a flipped query of `whole` constraints whose relevant
    /// part (layer 0: [`relevant_part`]) the caller found: `part`.
    pub fn check_part(
        &mut self,
        pool: &ExprPool,
        part: &[ExprId],
        whole: usize,
        hints: &[&Model],
        timeout_ms: u32,
    ) -> Answer {
        self.counts.queries += 1;
        self.counts.left_out += whole - part.len();
        let cs = part;
        let groups = if self.layers.independence {
            let conj = split::conjuncts(pool, cs);
            if conj.iter().any(|&c| pool.is_const(c) == Some(0)) {
                return Answer {
                    result: SolveResult::Unsat,
                    from_cache: false,
                    hard: false,
                };
            }
            split::groups(pool, &conj)
        } else {
            vec![cs.to_vec()]
        };
        let (mut pairs, mut unknown) = (Vec::new(), None);
        let (mut cached, mut solved, mut hard) = (false, false, false);
        for group in groups {
            let r = match self.shortcut(pool, &group, hints) {
                Some(r) => r,
                None => {
                    let (r, hit, h) = self.solve(pool, &group, timeout_ms);
                    cached |= hit;
                    solved |= !hit;
                    hard |= h;
                    r
                }
            };
            match r {
                SolveResult::Unsat => {
                    return Answer {
                        result: SolveResult::Unsat,
                        from_cache: cached && !solved,
                        hard,
                    }
                }
                SolveResult::Sat(m) => pairs.extend(m.iter()),
                // Another group may still be unsatisfiable, which decides the whole.
                SolveResult::Unknown(why) => unknown = Some(why),
            }
        }
        let result = match unknown {
            Some(why) => SolveResult::Unknown(why),
            None => SolveResult::Sat(Model::from_pairs(pairs)),
        };
        Answer {
            result,
            from_cache: cached && !solved,
            hard,
        }
    }

    /// Layers 2-3 on one group: a hint that satisfies it, or bounds that refute it.
    fn shortcut(
        &mut self,
        pool: &ExprPool,
        group: &[ExprId],
        hints: &[&Model],
    ) -> Option<SolveResult> {
        if self.layers.hints {
            if let Some(m) = hints.iter().find(|m| holds(pool, group, m)) {
                self.counts.by_hint += 1;
                let values = pool
                    .vars_of_all(group)
                    .into_iter()
                    .filter_map(|v| m.get(v).map(|x| (v, x)))
                    .collect();
                return Some(SolveResult::Sat(Model::from_pairs(values)));
            }
        }
        if self.layers.bounds && split::contradictory(pool, group) {
            self.counts.by_bounds += 1;
            return Some(SolveResult::Unsat);
        }
        None
    }

    /// Layers 4-6 on one group: the memo, the persistent cache, z3. The bools say
    /// whether the persistent cache answered and whether the group was hard.
    fn solve(
        &mut self,
        pool: &ExprPool,
        group: &[ExprId],
        timeout_ms: u32,
    ) -> (SolveResult, bool, bool) {
        let script = pool.smt2_script(group);
        if self.layers.memo {
            let known = self.memo.get(&script).cloned();
            if let Some((r, hard)) = known.and_then(|s| persistent::decode(pool, s, timeout_ms)) {
                self.counts.by_memo += 1;
                return (r, false, hard);
            }
        }
        self.counts.solver_calls += 1;
        self.counts.formula_bytes += script.len();
        let key = self.cache.is_enabled().then(|| Key::formula(&script));
        let hit = key
            .as_ref()
            .and_then(|k| persistent::lookup(self.cache, pool, k, timeout_ms));
        let (r, from_cache, hard) = match hit {
            Some((r, hard)) => {
                self.counts.cache_hits += 1;
                (r, true, hard)
            }
            None => {
                let (r, hard) = if self.layers.fresh {
                    let a = Solver::check_alone(pool, group, timeout_ms);
                    (a.result, a.hard)
                } else {
                    let r = self
                        .z3
                        .get_or_insert_with(Solver::new)
                        .check(pool, group, timeout_ms);
                    (r, false)
                };
                self.counts.hard += usize::from(hard);
                if let Some(k) = &key {
                    persistent::store(self.cache, pool, k, &r, hard, timeout_ms);
                }
                (r, false, hard)
            }
        };
        // An undecided group may be decided with more time: not remembered.
        if self.layers.memo && !matches!(r, SolveResult::Unknown(_)) {
            self.memo.insert(
                script,
                persistent::encode_stored(pool, &r, hard, timeout_ms),
            );
        }
        (r, from_cache, hard)
    }
}
