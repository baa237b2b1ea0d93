//! The exact shortcuts of the solver chain, answered without z3: constraint
//! independence (a conjunction split into groups that share no variable: the whole is
//! satisfiable exactly when every group is, and the groups' models, over disjoint
//! variables, combine into one), hints (an assignment checked by evaluation), and
//! bounds (comparisons with constants that leave some value no room).
//!
//! Every shortcut is exact: a satisfiable answer carries a model that was checked by
//! evaluation, an unsatisfiable one a contradiction in the constraints' own semantics.

use std::collections::HashMap;

use crate::sym::{BinOp, CmpOp, ExprId, ExprPool, FxHashMap, Model, Node, VarId};

/// Whether `m` gives a value to every variable of `es` and makes them all true.
pub fn holds(pool: &ExprPool, es: &[ExprId], m: &Model) -> bool {
    es.iter()
        .all(|&e| pool.vars_of(e).iter().all(|v| m.get(*v).is_some()) && pool.eval(e, m) & 1 == 1)
}

/// The conjuncts of `cs`, width-1 `and`s taken apart, sorted, without duplicates and
/// without constant truths.
pub(super) fn conjuncts(pool: &ExprPool, cs: &[ExprId]) -> Vec<ExprId> {
    let mut out = Vec::new();
    let mut stack: Vec<ExprId> = cs.to_vec();
    while let Some(e) = stack.pop() {
        match pool.node(e) {
            Node::Binary(BinOp::And, a, b) if pool.width(e) == 1 => {
                stack.push(a);
                stack.push(b);
            }
            _ if pool.is_const(e).is_some_and(|v| v & 1 == 1) => {}
            _ => out.push(e),
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// The conjuncts grouped so that no two groups share a variable (each group sorted;
/// constant conjuncts, which are false, never get here).
pub(super) fn groups(pool: &ExprPool, conj: &[ExprId]) -> Vec<Vec<ExprId>> {
    joined(pool, conj)
        .groups()
        .into_iter()
        .map(|g| g.into_iter().map(|i| conj[i]).collect())
        .collect()
}

/// The constraints `es` (by index) joined into sets through the variables they share.
fn joined(pool: &ExprPool, es: &[ExprId]) -> crate::unionfind::UnionFind {
    let mut sets = crate::unionfind::UnionFind::new(es.len());
    let mut owner: HashMap<VarId, usize> = HashMap::new();
    for (i, &c) in es.iter().enumerate() {
        for &v in pool.vars_of(c).iter() {
            sets.union_by_key(&mut owner, i, v);
        }
    }
    sets
}

/// The range a comparison with a constant leaves one value, in one signedness.
#[derive(Clone, Copy, Debug)]
struct Range {
    lo: i128,
    hi: i128,
}

/// Whether the comparisons of some value with constants in `group` leave it no value:
/// bounds in the signed and the unsigned reading are intersected separately; an
/// equality must also avoid every excluded constant. A value plus a constant (`x + 1 <
/// 5`) bounds the value itself (`x < 4`; where the shifted range wraps around, one of
/// two intervals), so a recursion's `n + 1 >= lim` and `n >= lim` bound the same input.
pub(super) fn contradictory(pool: &ExprPool, group: &[ExprId]) -> bool {
    // (value, signed reading) -> range, and the constants it must differ from.
    let mut ranges: HashMap<(ExprId, bool), Range> = HashMap::new();
    let mut excluded: HashMap<ExprId, Vec<u64>> = HashMap::new();
    let mut fixed: HashMap<ExprId, u64> = HashMap::new();
    // Bounds whose shifted range wraps around, applied after the others.
    let mut wrapped = Vec::new();
    for &c in group {
        let Some((x, op, k)) = compared_with_constant(pool, c) else {
            continue;
        };
        let w = pool.width(x);
        let m = crate::sym::mask(w);
        let k = k & m;
        let (base, add) = offset(pool, x);
        // The value `base` must take for `x` to be `v`: exact, modulo 2^w.
        let back = |v: u64| v.wrapping_sub(add) & m;
        match op {
            CmpOp::Eq => {
                let v = back(k);
                if fixed.insert(base, v).is_some_and(|old| old != v) {
                    return true;
                }
                for signed in [true, false] {
                    let r = reading(v, w, signed);
                    narrow(&mut ranges, base, w, signed, r, r);
                }
            }
            CmpOp::Ne => excluded.entry(base).or_default().push(back(k)),
            _ => {
                let signed = op.is_signed();
                let (dlo, dhi) = domain(w, signed);
                let kk = reading(k, w, signed);
                let (lo, hi) = match op {
                    CmpOp::Slt | CmpOp::Ult => (dlo, kk - 1),
                    CmpOp::Sle | CmpOp::Ule => (dlo, kk),
                    CmpOp::Sgt | CmpOp::Ugt => (kk + 1, dhi),
                    _ => (kk, dhi),
                };
                if lo > hi {
                    return true;
                }
                // x in [lo, hi] holds exactly when base is in [lo, hi] - add modulo 2^w:
                // one interval of the reading, or two when it wraps around.
                let shift = reading(add, w, signed);
                let span = 1i128 << w;
                let (l, h) = (lo - shift, hi - shift);
                if l >= dlo && h <= dhi {
                    narrow(&mut ranges, base, w, signed, l, h);
                } else if l < dlo {
                    wrapped.push((base, w, signed, [(l + span, dhi), (dlo, h)]));
                } else {
                    wrapped.push((base, w, signed, [(l, dhi), (dlo, h - span)]));
                }
            }
        }
    }
    // A value in one of two intervals: its range becomes the hull of what is left of
    // each (none left: a contradiction).
    for (base, w, signed, pieces) in wrapped {
        let r = range_of(&mut ranges, base, w, signed);
        let left: Vec<(i128, i128)> = pieces
            .iter()
            .map(|&(l, h)| (l.max(r.lo), h.min(r.hi)))
            .filter(|(l, h)| l <= h)
            .collect();
        match (
            left.iter().map(|p| p.0).min(),
            left.iter().map(|p| p.1).max(),
        ) {
            (Some(lo), Some(hi)) => *r = Range { lo, hi },
            _ => return true,
        }
    }
    if ranges.values().any(|r| r.lo > r.hi) {
        return true;
    }
    // An equality with an excluded constant, or a range of one excluded value.
    excluded.iter().any(|(x, ks)| {
        let one = |signed: bool| {
            ranges
                .get(&(*x, signed))
                .filter(|r| r.lo == r.hi)
                .map(|r| r.lo as u64 & crate::sym::mask(pool.width(*x)))
        };
        [fixed.get(x).copied(), one(true), one(false)]
            .into_iter()
            .flatten()
            .any(|v| ks.contains(&v))
    })
}

/// The values of width `w` in one reading.
fn domain(w: u32, signed: bool) -> (i128, i128) {
    if signed {
        let h = (1i128 << (w - 1)) - 1;
        (-h - 1, h)
    } else {
        (0, crate::sym::mask(w) as i128)
    }
}

/// `v` (masked to `w` bits) in one reading.
fn reading(v: u64, w: u32, signed: bool) -> i128 {
    if signed {
        crate::sym::to_signed(v, w) as i128
    } else {
        v as i128
    }
}

/// Intersects the range of `x` in one reading with `[lo, hi]`.
fn narrow(
    ranges: &mut HashMap<(ExprId, bool), Range>,
    x: ExprId,
    w: u32,
    signed: bool,
    lo: i128,
    hi: i128,
) {
    let r = range_of(ranges, x, w, signed);
    r.lo = r.lo.max(lo);
    r.hi = r.hi.min(hi);
}

/// The range of `x` (width `w`) in one reading so far: its whole domain at first.
fn range_of(
    ranges: &mut HashMap<(ExprId, bool), Range>,
    x: ExprId,
    w: u32,
    signed: bool,
) -> &mut Range {
    let (lo, hi) = domain(w, signed);
    ranges.entry((x, signed)).or_insert(Range { lo, hi })
}

/// `x` as `base + add` (modulo its width) when it adds or subtracts a constant, else
/// `x + 0`.
fn offset(pool: &ExprPool, x: ExprId) -> (ExprId, u64) {
    let m = crate::sym::mask(pool.width(x));
    match pool.node(x) {
        Node::Binary(BinOp::Add, a, b) => match (pool.is_const(a), pool.is_const(b)) {
            (None, Some(c)) => (a, c & m),
            (Some(c), None) => (b, c & m),
            _ => (x, 0),
        },
        Node::Binary(BinOp::Sub, a, b) => match pool.is_const(b) {
            Some(c) if pool.is_const(a).is_none() => (a, c.wrapping_neg() & m),
            _ => (x, 0),
        },
        _ => (x, 0),
    }
}

/// `c` as `x op k` with `k` a constant (the constant on the right), looking through an
/// extension whose removal keeps the comparison's meaning: a sign extension under a
/// signed comparison or an equality, a zero extension under an unsigned one or an
/// equality, when `k` is a value of the narrower width.
fn compared_with_constant(pool: &ExprPool, c: ExprId) -> Option<(ExprId, CmpOp, u64)> {
    let Node::Cmp(op, a, b) = pool.node(c) else {
        return None;
    };
    let (x, op, k) = match (pool.is_const(a), pool.is_const(b)) {
        (None, Some(k)) => (a, op, k),
        (Some(k), None) => (b, op.swapped(), k),
        _ => return None,
    };
    let w = pool.width(x);
    let inner = match pool.node(x) {
        Node::SExt(y, _) if !op.is_unsigned() => {
            let n = pool.width(y);
            let s = crate::sym::to_signed(k, w);
            let h = (1i64 << (n - 1)) - 1;
            (n < 64 && s >= -h - 1 && s <= h).then_some(y)
        }
        Node::ZExt(y, _) if !op.is_signed() => {
            let n = pool.width(y);
            (n < 64 && k <= crate::sym::mask(n)).then_some(y)
        }
        _ => None,
    };
    match inner {
        Some(y) => Some((y, op, k & crate::sym::mask(pool.width(y)))),
        None => Some((x, op, k)),
    }
}

/// The constraints of `cs` that share an input with `flip`, directly or through other
/// constraints of `cs`, then `flip` (the relevance layer).
pub fn connected_to_last(pool: &ExprPool, cs: &[ExprId], flip: ExprId) -> Vec<ExprId> {
    let all: Vec<ExprId> = cs.iter().copied().chain(std::iter::once(flip)).collect();
    let mut sets = joined(pool, &all);
    let last = sets.find(cs.len());
    let mut out: Vec<ExprId> = (0..cs.len())
        .filter(|&i| sets.find(i) == last)
        .map(|i| cs[i])
        .collect();
    out.push(flip);
    out
}

/// The parts of a fixed base conjunction (DARWIN's good condition, the same in every
/// flip) that share no input, found once, so that [`Components::connected`] gives
/// `connected_to_last(base ++ rest, flip)` at the cost of `rest` and of the answer:
/// walking the whole base for every flip made solving quadratic in the conditions'
/// length (a unit-test program reading seven fixture files, 250,000 constraints at the
/// good revision, spent half a minute there and almost none in z3).
pub struct Components {
    /// The base's component holding each input it mentions.
    comp_of: FxHashMap<VarId, u32>,
    /// Each component's constraints, by ascending index into the base.
    members: Vec<Vec<u32>>,
}

impl Components {
    pub fn of(pool: &ExprPool, base: &[ExprId]) -> Components {
        let mut sets = joined(pool, base);
        let mut comp_by_root: FxHashMap<usize, u32> = FxHashMap::default();
        let mut members: Vec<Vec<u32>> = Vec::new();
        let mut comp_of: FxHashMap<VarId, u32> = FxHashMap::default();
        for (i, &c) in base.iter().enumerate() {
            let root = sets.find(i);
            let k = *comp_by_root.entry(root).or_insert_with(|| {
                members.push(Vec::new());
                members.len() as u32 - 1
            });
            members[k as usize].push(i as u32);
            for &v in pool.vars_of(c).iter() {
                comp_of.insert(v, k);
            }
        }
        Components { comp_of, members }
    }

    /// What [`super::relevant_part`] gives for the flipped query `base ++ rest ++
    /// [flip]`: all of it when small, else [`Components::connected`].
    pub fn relevant_part(
        &self,
        pool: &ExprPool,
        base: &[ExprId],
        rest: &[ExprId],
        flip: ExprId,
    ) -> Vec<ExprId> {
        match base.len() + rest.len() + 1 > super::RELEVANT_FROM {
            true => self.connected(pool, base, rest, flip),
            false => base.iter().chain(rest).copied().chain([flip]).collect(),
        }
    }

    /// The constraints of `base ++ rest` that share an input with `flip`, directly or
    /// through others, in that order, then `flip`: what [`connected_to_last`] gives for
    /// the whole, `base` being the conjunction these components were found in.
    fn connected(
        &self,
        pool: &ExprPool,
        base: &[ExprId],
        rest: &[ExprId],
        flip: ExprId,
    ) -> Vec<ExprId> {
        // Sets over `rest` and `flip` (last), joined through the inputs they share,
        // where all the inputs of one base component count as one.
        #[derive(Clone, Copy, PartialEq, Eq, Hash)]
        enum Key {
            Comp(u32),
            Var(VarId),
        }
        let n = rest.len();
        let mut sets = crate::unionfind::UnionFind::new(n + 1);
        let mut owner: FxHashMap<Key, usize> = FxHashMap::default();
        for (i, &c) in rest.iter().chain(std::iter::once(&flip)).enumerate() {
            for &v in pool.vars_of(c).iter() {
                let key = match self.comp_of.get(&v) {
                    Some(&k) => Key::Comp(k),
                    None => Key::Var(v),
                };
                match owner.get(&key) {
                    Some(&j) => sets.union(j, i),
                    None => {
                        owner.insert(key, i);
                    }
                }
            }
        }
        let last = sets.find(n);
        let mut from_base: Vec<u32> = Vec::new();
        for (key, &i) in &owner {
            if let Key::Comp(k) = key {
                if sets.find(i) == last {
                    from_base.extend_from_slice(&self.members[*k as usize]);
                }
            }
        }
        from_base.sort_unstable();
        let mut out: Vec<ExprId> = from_base.iter().map(|&i| base[i as usize]).collect();
        out.extend((0..n).filter(|&i| sets.find(i) == last).map(|i| rest[i]));
        out.push(flip);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cache::Cache;
    use crate::solver::{Chain, Layers};
    use crate::sym::SolveResult;

    /// The base's components give, for every prefix of the rest and every flip, the
    /// part `connected_to_last` finds in the whole conjunction, in the same order.
    #[test]
    fn components_of_the_base_give_the_connected_part_of_the_whole() {
        let mut p = ExprPool::new();
        let xs: Vec<ExprId> = (0..90)
            .map(|i| {
                let v = p.new_var(&format!("x{i}"), 32, true).expect("var");
                p.var(v)
            })
            .collect();
        let one = p.constant(1, 32);
        // A constraint over one to three inputs, chosen by a fixed generator.
        let mut seed = 12345u64;
        let mut pick = |n: usize| {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as usize % n
        };
        let mut make = |p: &mut ExprPool, k: usize| -> ExprId {
            let mut e = xs[pick(xs.len())];
            for _ in 1..k {
                e = p.add(e, xs[pick(xs.len())]);
            }
            p.cmp(CmpOp::Sgt, e, one)
        };
        let kinds: Vec<usize> = (0..120).map(|i| 1 + i % 2).collect();
        let all: Vec<ExprId> = kinds.iter().map(|&k| make(&mut p, k)).collect();
        let (base, rest) = all.split_at(70);
        let comps = Components::of(&p, base);
        let mut smaller = 0;
        for i in 0..rest.len() {
            let flip = p.negate(rest[i]);
            let whole: Vec<ExprId> = base.iter().chain(&rest[..i]).copied().collect();
            assert_eq!(
                comps.connected(&p, base, &rest[..i], flip),
                connected_to_last(&p, &whole, flip),
                "prefix {i}"
            );
            smaller += usize::from(connected_to_last(&p, &whole, flip).len() <= whole.len() / 2);
        }
        // The inputs are many enough for parts, not one whole.
        assert!(smaller > rest.len() / 2, "{smaller} small parts");
        // A flip over an input no constraint mentions stands alone.
        let lone = p.new_var("lone", 32, true).expect("var");
        let lone = p.var(lone);
        let flip = p.cmp(CmpOp::Eq, lone, one);
        assert_eq!(comps.connected(&p, base, rest, flip), vec![flip]);
    }

    /// A large flipped path condition is posed as the part connected with its flip,
    /// and answered as the whole would be.
    #[test]
    fn a_large_flip_keeps_the_part_connected_with_it() {
        let mut p = ExprPool::new();
        let zero = p.constant(0, 32);
        let five = p.constant(5, 32);
        let mut cs = Vec::new();
        let mut xs = Vec::new();
        for i in 0..crate::solver::RELEVANT_FROM + 10 {
            let v = p.new_var(&format!("x{i}"), 32, true).expect("var");
            let x = p.var(v);
            xs.push(x);
            cs.push(p.cmp(CmpOp::Eq, x, zero));
        }
        let y = p.new_var("y", 32, true).expect("var");
        let yv = p.var(y);
        let x3_plus_5 = p.add(xs[3], five);
        let link = p.cmp(CmpOp::Eq, yv, x3_plus_5);
        cs.push(link);
        let neg = p.cmp(CmpOp::Ne, yv, five);
        assert_eq!(connected_to_last(&p, &cs, neg), vec![cs[3], link, neg]);
        cs.push(neg);
        // Unsatisfiable through the link, as the whole conjunction is.
        let mut cache = Cache::disabled();
        let mut chain = Chain::new(&mut cache, Layers::FLIP);
        let r = chain.check(&p, &cs, &[], 10_000);
        assert!(matches!(r, SolveResult::Unsat), "{r:?}");
        assert_eq!(chain.counts.left_out, cs.len() - 3);
        // Without the layer, the whole is posed.
        let mut chain = Chain::new(&mut cache, Layers::NONE);
        assert!(matches!(
            chain.check(&p, &cs, &[], 10_000),
            SolveResult::Unsat
        ));
        assert_eq!(chain.counts.left_out, 0);
    }

    fn var(p: &mut ExprPool, name: &str, w: u32) -> ExprId {
        let v = p.new_var(name, w, true).expect("fresh name");
        p.var(v)
    }

    #[test]
    fn bounds_that_leave_no_room_are_unsat_without_z3() {
        let mut p = ExprPool::new();
        let x = var(&mut p, "x", 32);
        let ten = p.constant(10, 32);
        let five = p.constant(5, 32);
        let gt = p.cmp(CmpOp::Sgt, x, ten);
        let le = p.cmp(CmpOp::Sle, x, five);
        let mut cache = Cache::disabled();
        let mut d = Chain::new(&mut cache, Layers::ALL);
        assert_eq!(d.check(&p, &[gt, le], &[], 1000), SolveResult::Unsat);
        assert_eq!(d.counts.by_bounds, 1);
        assert_eq!(d.counts.solver_calls, 0);
        // The same bounds through a sign extension (`(long)x > 10`).
        let wide = p.sext(x, 64);
        let ten64 = p.constant(10, 64);
        let gt64 = p.cmp(CmpOp::Sgt, wide, ten64);
        assert_eq!(d.check(&p, &[gt64, le], &[], 1000), SolveResult::Unsat);
        assert_eq!(d.counts.solver_calls, 0);
        // Room left: z3 answers, with a model that satisfies both.
        let six = p.constant(6, 32);
        let ge = p.cmp(CmpOp::Sge, x, six);
        match d.check(&p, &[ge, le], &[], 1000) {
            SolveResult::Unsat => {}
            other => panic!("6 <= x <= 5 is unsatisfiable, got {other:?}"),
        }
        let lt = p.cmp(CmpOp::Slt, x, ten);
        match d.check(&p, &[ge, lt], &[], 1000) {
            SolveResult::Sat(m) => assert!(holds(&p, &[ge, lt], &m)),
            other => panic!("6 <= x < 10 is satisfiable, got {other:?}"),
        }
    }

    /// Bounds through an added or subtracted constant are exact: over every group of
    /// up to three comparisons of an 8-bit value (some plus a constant) that the
    /// bounds call contradictory, no value satisfies the group; and `x + 1 >= 5` with
    /// `x < 4`, as a recursion's two revisions give, is contradictory.
    #[test]
    fn offsets_bound_the_value_itself() {
        let mut p = ExprPool::new();
        let xv = p.new_var("x", 8, true).expect("fresh name");
        let x = p.var(xv);
        let ops = [
            CmpOp::Eq,
            CmpOp::Ne,
            CmpOp::Slt,
            CmpOp::Sle,
            CmpOp::Sgt,
            CmpOp::Sge,
            CmpOp::Ult,
            CmpOp::Ule,
            CmpOp::Ugt,
            CmpOp::Uge,
        ];
        let mut seed = 0x2545_f491_u64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let (mut refuted, mut sat) = (0, 0);
        for _ in 0..4000 {
            let mut group = Vec::new();
            for _ in 0..1 + next(3) {
                let add = [0, 1, 2, 127, 128, 255, 254][next(7) as usize];
                let c = p.constant(add, 8);
                let lhs = match next(3) {
                    0 => x,
                    1 => p.add(x, c),
                    _ => p.sub(x, c),
                };
                let k = p.constant(
                    [0, 1, 4, 5, 126, 127, 128, 129, 254, 255][next(10) as usize],
                    8,
                );
                group.push(p.cmp(ops[next(10) as usize], lhs, k));
            }
            let solvable = (0..256u64).any(|v| {
                let m = Model::from_pairs(vec![(xv, v)]);
                group.iter().all(|&e| p.eval(e, &m) & 1 == 1)
            });
            if contradictory(&p, &group) {
                assert!(!solvable, "refuted a satisfiable group: {group:?}");
                refuted += 1;
            } else if solvable {
                sat += 1;
            }
        }
        assert!(
            refuted > 500 && sat > 500,
            "{refuted} refuted, {sat} satisfiable"
        );
        let (one, five, four) = (p.constant(1, 8), p.constant(5, 8), p.constant(4, 8));
        let x1 = p.add(x, one);
        let ge = p.cmp(CmpOp::Sge, x1, five);
        let lt = p.cmp(CmpOp::Slt, x, four);
        assert!(contradictory(&p, &[ge, lt]));
        let le = p.cmp(CmpOp::Sle, x, four);
        assert!(!contradictory(&p, &[ge, le]), "x = 4 satisfies both");
    }

    /// A recursion's flip, as DARWIN poses it: the good run pins the input (`x > 0..4`,
    /// `x <= 5`), the bad run's prefix and flipped branch bound `x + 1` from one side
    /// only (`x + 1 < 3`), which allows `x` in two intervals (the largest `x` wraps
    /// around to the smallest `x + 1`): neither holds 5.
    #[test]
    fn a_bound_that_wraps_around_still_refutes() {
        let mut p = ExprPool::new();
        let xv = p.new_var("x", 32, true).expect("fresh name");
        let x = p.var(xv);
        let mut cs = Vec::new();
        for k in 0..5 {
            let c = p.constant(k, 32);
            cs.push(p.cmp(CmpOp::Sgt, x, c));
        }
        let five = p.constant(5, 32);
        cs.push(p.cmp(CmpOp::Sle, x, five));
        let one = p.constant(1, 32);
        let x1 = p.add(x, one);
        for k in 0..3 {
            let c = p.constant(k, 32);
            cs.push(p.cmp(CmpOp::Sge, x1, c));
        }
        let three = p.constant(3, 32);
        let taken = p.cmp(CmpOp::Sge, x1, three);
        let flip = p.negate(taken);
        assert!(contradictory(&p, &[&cs[..], &[flip]].concat()));
        // The largest value does satisfy the wrapped bound alone.
        let max = p.constant(0x7fff_ffff, 32);
        let at_max = p.cmp(CmpOp::Eq, x, max);
        assert!(!contradictory(&p, &[flip, at_max]));
    }

    #[test]
    fn equalities_and_exclusions_clash() {
        let mut p = ExprPool::new();
        let c = var(&mut p, "c", 8);
        let a = p.constant(b'a' as u64, 8);
        let b = p.constant(b'b' as u64, 8);
        let is_a = p.cmp(CmpOp::Eq, c, a);
        let is_b = p.cmp(CmpOp::Eq, c, b);
        let not_a = p.cmp(CmpOp::Ne, c, a);
        assert!(contradictory(&p, &[is_a, is_b]));
        assert!(contradictory(&p, &[is_a, not_a]));
        assert!(!contradictory(&p, &[is_b, not_a]));
        // Unsigned `c >= 'a' && c <= 'a'` pins c to 'a'.
        let ge = p.cmp(CmpOp::Uge, c, a);
        let le = p.cmp(CmpOp::Ule, c, a);
        assert!(contradictory(&p, &[ge, le, not_a]));
        // Signed and unsigned readings are not mixed: -1 < 0 signed, 255 > 0 unsigned.
        let zero = p.constant(0, 8);
        let slt = p.cmp(CmpOp::Slt, c, zero);
        let ugt = p.cmp(CmpOp::Ugt, c, zero);
        assert!(!contradictory(&p, &[slt, ugt]));
    }

    #[test]
    fn independent_groups_are_answered_by_hints_and_combined() {
        let mut p = ExprPool::new();
        let x = var(&mut p, "x", 32);
        let y = var(&mut p, "y", 32);
        let (vx, vy) = (p.is_var(x).expect("var"), p.is_var(y).expect("var"));
        let three = p.constant(3, 32);
        let seven = p.constant(7, 32);
        let cx = p.cmp(CmpOp::Sgt, x, three);
        let cy = p.cmp(CmpOp::Slt, y, seven);
        let both = p.bool_and(cx, cy);
        // Neither test satisfies both; each satisfies one group.
        let t1 = Model::from_pairs(vec![(vx, 4), (vy, 9)]);
        let t2 = Model::from_pairs(vec![(vx, 0), (vy, 1)]);
        let mut cache = Cache::disabled();
        let mut d = Chain::new(&mut cache, Layers::ALL);
        match d.check(&p, &[both], &[&t1, &t2], 1000) {
            SolveResult::Sat(m) => {
                assert!(holds(&p, &[cx, cy], &m));
                assert_eq!((m.get(vx), m.get(vy)), (Some(4), Some(1)));
            }
            other => panic!("satisfiable, got {other:?}"),
        }
        assert_eq!(d.counts.by_hint, 2);
        assert_eq!(d.counts.solver_calls, 0);
        // Without hints z3 solves each group once; the second time the memo answers.
        for _ in 0..2 {
            match d.check(&p, &[cx, cy], &[], 1000) {
                SolveResult::Sat(m) => assert!(holds(&p, &[cx, cy], &m)),
                other => panic!("satisfiable, got {other:?}"),
            }
        }
        assert_eq!(d.counts.solver_calls, 2);
        assert_eq!(d.counts.by_memo, 2);
        // One unsatisfiable group makes the whole unsatisfiable.
        let x_sq = p.mul(x, x);
        let neg = p.constant(u32::MAX as u64, 32);
        let odd = p.cmp(CmpOp::Eq, x_sq, neg);
        let two = p.constant(2, 32);
        let even_x = p.binary(BinOp::URem, x, two);
        let zero = p.constant(0, 32);
        let ex = p.cmp(CmpOp::Eq, even_x, zero);
        assert_eq!(d.check(&p, &[cy, odd, ex], &[], 5000), SolveResult::Unsat);
    }

    /// The shortcuts agree with z3 alone on random conjunctions of comparisons (with
    /// constants, through extensions, and between products), and every model they give
    /// satisfies the conjunction.
    #[test]
    fn agrees_with_z3_on_random_conjunctions() {
        let mut p = ExprPool::new();
        let xs: Vec<ExprId> = ["a", "b", "c"].iter().map(|n| var(&mut p, n, 8)).collect();
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed % n
        };
        let mut cache = Cache::disabled();
        let mut d = Chain::new(&mut cache, Layers::ALL);
        let mut plain = crate::sym::Solver::new();
        let (mut sat, mut unsat) = (0, 0);
        for _ in 0..300 {
            let mut cs = Vec::new();
            for _ in 0..1 + next(4) {
                let x = xs[next(3) as usize];
                let op = CmpOp::ALL[next(10) as usize];
                let c = match next(4) {
                    0 => {
                        let wide = p.sext(x, 32);
                        let k = p.constant(next(300).wrapping_sub(150) & 0xffff_ffff, 32);
                        p.cmp(op, wide, k)
                    }
                    1 => {
                        let y = xs[next(3) as usize];
                        let m = p.mul(x, y);
                        let k = p.constant(next(256), 8);
                        p.cmp(op, m, k)
                    }
                    _ => {
                        let k = p.constant(next(256), 8);
                        p.cmp(op, x, k)
                    }
                };
                cs.push(c);
            }
            let hint = Model::from_pairs(
                xs.iter()
                    .map(|&x| (p.is_var(x).expect("var"), next(256)))
                    .collect(),
            );
            let z3 = plain.check(&p, &cs, 10_000);
            // With a hint, then twice without (z3 on the groups, then the memo).
            for hints in [&[&hint][..], &[], &[]] {
                let ours = d.check(&p, &cs, hints, 10_000);
                match (&ours, &z3) {
                    (SolveResult::Sat(m), SolveResult::Sat(_)) => {
                        assert!(holds(&p, &cs, m), "model does not satisfy");
                        sat += 1;
                    }
                    (SolveResult::Unsat, SolveResult::Unsat) => unsat += 1,
                    _ => panic!("disagree: {ours:?} vs z3 {z3:?} on {:?}", cs),
                }
            }
        }
        // Both answers and every shortcut were exercised.
        assert!(sat > 20 && unsat > 20, "{sat} sat, {unsat} unsat");
        let c = d.counts;
        assert!(c.by_hint > 0 && c.by_bounds > 0 && c.by_memo > 0, "{c:?}");
    }
}
