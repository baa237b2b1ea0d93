//! Concrete semantics of every operator (shared by constant folding and
//! evaluation, so the two cannot disagree) and DAG evaluation under an
//! assignment of the variables.

use super::{
    mask, sign_bit, to_signed, BinOp, CmpOp, ExprId, ExprPool, FxHashMap, Node, UnOp, VarId,
};

/// Values of the variables for [`ExprPool::eval`]. Missing variables read as 0;
/// values are masked to the variable's width.
pub trait Assignment {
    fn value(&self, v: VarId) -> u64;
}

impl<F: Fn(VarId) -> u64> Assignment for F {
    fn value(&self, v: VarId) -> u64 {
        self(v)
    }
}

impl<S: std::hash::BuildHasher> Assignment for std::collections::HashMap<VarId, u64, S> {
    fn value(&self, v: VarId) -> u64 {
        self.get(&v).copied().unwrap_or(0)
    }
}

impl Assignment for std::collections::BTreeMap<VarId, u64> {
    fn value(&self, v: VarId) -> u64 {
        self.get(&v).copied().unwrap_or(0)
    }
}

/// Indexed by `VarId::index()`.
impl Assignment for [u64] {
    fn value(&self, v: VarId) -> u64 {
        self.get(v.index()).copied().unwrap_or(0)
    }
}

impl Assignment for Vec<u64> {
    fn value(&self, v: VarId) -> u64 {
        self.as_slice().value(v)
    }
}

pub(crate) fn apply_unary(op: UnOp, a: u64, w: u32) -> u64 {
    let m = mask(w);
    match op {
        UnOp::Neg => a.wrapping_neg() & m,
        UnOp::Not => !a & m,
    }
}

/// SMT-LIB semantics: `bvudiv x 0 = ~0`, `bvurem x 0 = x`, `bvsdiv` and
/// `bvsrem` defined through the unsigned ones on magnitudes (so they truncate
/// toward zero like C and `MIN / -1` wraps), shifts by `>= w` saturate.
pub(crate) fn apply_binary(op: BinOp, a: u64, b: u64, w: u32) -> u64 {
    let m = mask(w);
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::UDiv => a.checked_div(b).unwrap_or(m),
        BinOp::URem => a.checked_rem(b).unwrap_or(a),
        BinOp::SDiv => {
            let (sa, sb) = (to_signed(a, w), to_signed(b, w));
            if sb == 0 {
                if sa >= 0 {
                    m
                } else {
                    1
                }
            } else {
                sa.wrapping_div(sb) as u64
            }
        }
        BinOp::SRem => {
            let (sa, sb) = (to_signed(a, w), to_signed(b, w));
            if sb == 0 {
                a
            } else {
                sa.wrapping_rem(sb) as u64
            }
        }
        BinOp::Shl => {
            if b >= w as u64 {
                0
            } else {
                a << b
            }
        }
        BinOp::LShr => {
            if b >= w as u64 {
                0
            } else {
                a >> b
            }
        }
        BinOp::AShr => {
            let sa = to_signed(a, w);
            if b >= w as u64 {
                if sa < 0 {
                    m
                } else {
                    0
                }
            } else {
                (sa >> b) as u64
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
    };
    r & m
}

pub(crate) fn apply_cmp(op: CmpOp, a: u64, b: u64, w: u32) -> bool {
    match op {
        CmpOp::Eq => a == b,
        CmpOp::Ne => a != b,
        CmpOp::Ult => a < b,
        CmpOp::Ule => a <= b,
        CmpOp::Ugt => a > b,
        CmpOp::Uge => a >= b,
        CmpOp::Slt => to_signed(a, w) < to_signed(b, w),
        CmpOp::Sle => to_signed(a, w) <= to_signed(b, w),
        CmpOp::Sgt => to_signed(a, w) > to_signed(b, w),
        CmpOp::Sge => to_signed(a, w) >= to_signed(b, w),
    }
}

pub(crate) fn apply_sext(a: u64, from: u32, to: u32) -> u64 {
    (to_signed(a, from) as u64) & mask(to)
}

pub(crate) fn apply_extract(a: u64, hi: u32, lo: u32) -> u64 {
    (a >> lo) & mask(hi - lo + 1)
}

pub(crate) fn apply_concat(h: u64, l: u64, lw: u32) -> u64 {
    // lw < 64 because the result width is at most 64 and h has width >= 1.
    (h << lw) | l
}

/// Whether `v` (of width `w`) is negative when read as signed.
#[allow(dead_code)]
pub(crate) fn is_neg(v: u64, w: u32) -> bool {
    v & sign_bit(w) != 0
}

/// Evaluates expressions of one pool under one assignment, caching every
/// node's value, so repeated calls on overlapping DAGs cost only the new
/// nodes. Iterative: safe on arbitrarily deep expressions.
pub struct Evaluator<'p, 'a, A: Assignment + ?Sized> {
    pool: &'p ExprPool,
    assign: &'a A,
    memo: FxHashMap<ExprId, u64>,
    stack: Vec<(ExprId, bool)>,
}

impl<'p, 'a, A: Assignment + ?Sized> Evaluator<'p, 'a, A> {
    pub fn new(pool: &'p ExprPool, assign: &'a A) -> Self {
        Evaluator {
            pool,
            assign,
            memo: FxHashMap::default(),
            stack: Vec::new(),
        }
    }

    fn leaf(&self, e: ExprId) -> Option<u64> {
        match self.pool.node(e) {
            Node::Const { value, .. } => Some(value),
            Node::Var(v) => Some(self.assign.value(v) & mask(self.pool.width(e))),
            _ => None,
        }
    }

    pub fn eval(&mut self, root: ExprId) -> u64 {
        if let Some(v) = self.leaf(root) {
            return v;
        }
        if let Some(&v) = self.memo.get(&root) {
            return v;
        }
        self.stack.clear();
        self.stack.push((root, false));
        while let Some((e, expanded)) = self.stack.pop() {
            if self.memo.contains_key(&e) {
                continue;
            }
            if let Some(v) = self.leaf(e) {
                self.memo.insert(e, v);
                continue;
            }
            let node = self.pool.node(e);
            if !expanded {
                self.stack.push((e, true));
                let stack = &mut self.stack;
                let memo = &self.memo;
                node.for_each_child(|c| {
                    if !memo.contains_key(&c) {
                        stack.push((c, false));
                    }
                });
                continue;
            }
            let v = self.compute(node);
            self.memo.insert(e, v);
        }
        self.memo.get(&root).copied().unwrap_or(0)
    }

    fn val(&self, e: ExprId) -> u64 {
        // Children are always evaluated before their parent.
        self.memo.get(&e).copied().unwrap_or(0)
    }

    fn compute(&self, node: Node) -> u64 {
        let p = self.pool;
        match node {
            Node::Const { value, .. } => value,
            Node::Var(_) => 0, // handled by leaf()
            Node::Unary(op, a) => apply_unary(op, self.val(a), p.width(a)),
            Node::Binary(op, a, b) => apply_binary(op, self.val(a), self.val(b), p.width(a)),
            Node::Cmp(op, a, b) => apply_cmp(op, self.val(a), self.val(b), p.width(a)) as u64,
            Node::ZExt(a, _) => self.val(a),
            Node::SExt(a, to) => apply_sext(self.val(a), p.width(a), to as u32),
            Node::Extract { e, hi, lo } => apply_extract(self.val(e), hi as u32, lo as u32),
            Node::Concat(h, l) => apply_concat(self.val(h), self.val(l), p.width(l)),
            Node::Ite(c, a, b) => {
                if self.val(c) != 0 {
                    self.val(a)
                } else {
                    self.val(b)
                }
            }
        }
    }
}

impl ExprPool {
    /// Value of `e` when each variable takes `assign`'s value (SMT-LIB
    /// semantics). Cached per call over the DAG; iterative.
    pub fn eval<A: Assignment + ?Sized>(&self, e: ExprId, assign: &A) -> u64 {
        Evaluator::new(self, assign).eval(e)
    }

    /// Values of several expressions under one assignment, sharing the cache.
    pub fn eval_many<A: Assignment + ?Sized>(&self, es: &[ExprId], assign: &A) -> Vec<u64> {
        let mut ev = Evaluator::new(self, assign);
        es.iter().map(|&e| ev.eval(e)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smtlib_division_corner_cases() {
        let m8 = 0xff;
        assert_eq!(apply_binary(BinOp::UDiv, 7, 0, 8), m8);
        assert_eq!(apply_binary(BinOp::URem, 7, 0, 8), 7);
        assert_eq!(apply_binary(BinOp::SDiv, 7, 0, 8), m8);
        assert_eq!(apply_binary(BinOp::SDiv, 0xf9, 0, 8), 1); // -7 / 0 = 1
        assert_eq!(apply_binary(BinOp::SRem, 0xf9, 0, 8), 0xf9);
        assert_eq!(apply_binary(BinOp::SDiv, 0x80, 0xff, 8), 0x80); // MIN / -1
        assert_eq!(apply_binary(BinOp::SRem, 0x80, 0xff, 8), 0);
        assert_eq!(apply_binary(BinOp::SDiv, 0xf9, 2, 8), 0xfd); // -7/2 = -3
        assert_eq!(apply_binary(BinOp::SRem, 0xf9, 2, 8), 0xff); // -7%2 = -1
        assert_eq!(
            apply_binary(BinOp::SDiv, 1 << 63, u64::MAX, 64),
            1 << 63,
            "INT64_MIN / -1 wraps"
        );
        assert_eq!(apply_binary(BinOp::UDiv, 5, 0, 64), u64::MAX);
    }

    #[test]
    fn smtlib_shift_corner_cases() {
        assert_eq!(apply_binary(BinOp::Shl, 1, 8, 8), 0);
        assert_eq!(apply_binary(BinOp::LShr, 0x80, 200, 8), 0);
        assert_eq!(apply_binary(BinOp::AShr, 0x80, 8, 8), 0xff);
        assert_eq!(apply_binary(BinOp::AShr, 0x40, 9, 8), 0);
        assert_eq!(apply_binary(BinOp::AShr, 0x80, 3, 8), 0xf0);
        assert_eq!(apply_binary(BinOp::Shl, 1, 64, 64), 0);
        assert_eq!(apply_binary(BinOp::AShr, 1 << 63, 64, 64), u64::MAX);
    }
}
