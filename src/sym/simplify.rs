//! The simplifying constructors. Each rule is local (looks at most two levels
//! down) and strictly shrinks or narrows the expression, so construction
//! costs a bounded amount of work and recursion between rules terminates.
//! Every rule is sound for SMT-LIB semantics (checked by property tests
//! against unsimplified `raw` nodes).

use super::eval::{apply_binary, apply_cmp, apply_concat, apply_extract, apply_sext, apply_unary};
use super::{mask, sign_bit, to_signed, BinOp, CmpOp, ExprId, ExprPool, Node, UnOp};

impl ExprPool {
    /// `op a` (same width).
    pub fn unary(&mut self, op: UnOp, a: ExprId) -> ExprId {
        let w = self.width(a);
        if let Some(c) = self.is_const(a) {
            return self.constant(apply_unary(op, c, w), w);
        }
        match (op, self.node(a)) {
            (UnOp::Neg, Node::Unary(UnOp::Neg, x)) | (UnOp::Not, Node::Unary(UnOp::Not, x)) => {
                return x
            }
            // `!(a < b)` is kept as `a >= b`.
            (UnOp::Not, Node::Cmp(cop, x, y)) => return self.cmp(cop.inverse(), x, y),
            (UnOp::Neg, _) if w == 1 => return a,
            (UnOp::Neg, Node::Binary(BinOp::Sub, x, y)) => return self.binary(BinOp::Sub, y, x),
            _ => {}
        }
        self.intern(Node::Unary(op, a), w)
    }

    pub fn not(&mut self, a: ExprId) -> ExprId {
        self.unary(UnOp::Not, a)
    }

    pub fn neg(&mut self, a: ExprId) -> ExprId {
        self.unary(UnOp::Neg, a)
    }

    /// `a op b`.
    ///
    /// # Panics
    /// If the widths differ.
    pub fn binary(&mut self, op: BinOp, a: ExprId, b: ExprId) -> ExprId {
        let w = self.width(a);
        assert_eq!(w, self.width(b), "{op:?} of operands of different widths");
        let (ca, cb) = (self.is_const(a), self.is_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            return self.constant(apply_binary(op, x, y, w), w);
        }
        // Constants go right in commutative operations.
        let (a, b) = if op.is_commutative() && ca.is_some() {
            (b, a)
        } else {
            (a, b)
        };
        if let Some(r) = self.simplify_binary(op, a, b, w) {
            return r;
        }
        self.intern(Node::Binary(op, a, b), w)
    }

    /// `(x op k)` with constant `k`: returns (x, k).
    fn with_const(&self, e: ExprId, op: BinOp) -> Option<(ExprId, u64)> {
        match self.node(e) {
            Node::Binary(o, x, k) if o == op => self.is_const(k).map(|k| (x, k)),
            _ => None,
        }
    }

    /// Whether `a` and `b` (same width) are bitwise complements by form.
    fn is_complement(&self, a: ExprId, b: ExprId) -> bool {
        match (self.node(a), self.node(b)) {
            (Node::Unary(UnOp::Not, x), _) if x == b => true,
            (_, Node::Unary(UnOp::Not, y)) if y == a => true,
            (Node::Cmp(o1, x1, y1), Node::Cmp(o2, x2, y2)) => {
                x1 == x2 && y1 == y2 && o1.inverse() == o2
            }
            _ => false,
        }
    }

    fn simplify_binary(&mut self, op: BinOp, a: ExprId, b: ExprId, w: u32) -> Option<ExprId> {
        let m = mask(w);
        let ca = self.is_const(a);
        let cb = self.is_const(b);
        match op {
            BinOp::Add => {
                if cb == Some(0) {
                    return Some(a);
                }
                if a == b {
                    let two = self.constant(2, w);
                    return Some(self.binary(BinOp::Mul, a, two));
                }
                if let Some(c) = cb {
                    // (x + k) + c = x + (k + c)
                    if let Some((x, k)) = self.with_const(a, BinOp::Add) {
                        let kc = self.constant(k.wrapping_add(c), w);
                        return Some(self.binary(BinOp::Add, x, kc));
                    }
                    return None;
                }
                // x*k + x = x*(k+1); x*k1 + x*k2 = x*(k1+k2)
                if let Some((x, k)) = self.with_const(a, BinOp::Mul) {
                    if x == b {
                        let k1 = self.constant(k.wrapping_add(1), w);
                        return Some(self.binary(BinOp::Mul, x, k1));
                    }
                    if let Some((y, k2)) = self.with_const(b, BinOp::Mul) {
                        if y == x {
                            let kk = self.constant(k.wrapping_add(k2), w);
                            return Some(self.binary(BinOp::Mul, x, kk));
                        }
                    }
                }
                if let Some((x, k)) = self.with_const(b, BinOp::Mul) {
                    if x == a {
                        let k1 = self.constant(k.wrapping_add(1), w);
                        return Some(self.binary(BinOp::Mul, x, k1));
                    }
                }
                if let Node::Unary(UnOp::Neg, y) = self.node(b) {
                    return Some(self.binary(BinOp::Sub, a, y));
                }
                if let Node::Unary(UnOp::Neg, y) = self.node(a) {
                    return Some(self.binary(BinOp::Sub, b, y));
                }
                // (x - y) + y = x
                if let Node::Binary(BinOp::Sub, x, y) = self.node(a) {
                    if y == b {
                        return Some(x);
                    }
                }
                if let Node::Binary(BinOp::Sub, x, y) = self.node(b) {
                    if y == a {
                        return Some(x);
                    }
                }
                None
            }
            BinOp::Sub => {
                if cb == Some(0) {
                    return Some(a);
                }
                if a == b {
                    return Some(self.constant(0, w));
                }
                if let Some(c) = cb {
                    // Canonical form x + (-c): one rule set for constant offsets.
                    let nc = self.constant(c.wrapping_neg(), w);
                    return Some(self.binary(BinOp::Add, a, nc));
                }
                if ca == Some(0) {
                    return Some(self.unary(UnOp::Neg, b));
                }
                if let Node::Binary(BinOp::Add, x, y) = self.node(a) {
                    if y == b {
                        return Some(x);
                    }
                    if x == b {
                        return Some(y);
                    }
                }
                if let Node::Binary(BinOp::Add, x, y) = self.node(b) {
                    if x == a {
                        return Some(self.unary(UnOp::Neg, y));
                    }
                    if y == a {
                        return Some(self.unary(UnOp::Neg, x));
                    }
                }
                if let Node::Unary(UnOp::Neg, y) = self.node(b) {
                    return Some(self.binary(BinOp::Add, a, y));
                }
                None
            }
            BinOp::Mul => {
                let c = cb?;
                if c == 0 {
                    return Some(b);
                }
                if c == 1 {
                    return Some(a);
                }
                if c == m {
                    return Some(self.unary(UnOp::Neg, a));
                }
                if let Some((x, k)) = self.with_const(a, BinOp::Mul) {
                    let kc = self.constant(k.wrapping_mul(c), w);
                    return Some(self.binary(BinOp::Mul, x, kc));
                }
                None
            }
            BinOp::UDiv => (cb == Some(1)).then_some(a),
            BinOp::SDiv => match cb {
                Some(1) => Some(a),
                Some(c) if c == m => Some(self.unary(UnOp::Neg, a)),
                _ => None,
            },
            BinOp::URem => (cb == Some(1)).then(|| self.constant(0, w)),
            BinOp::SRem => match cb {
                Some(c) if c == 1 || c == m => Some(self.constant(0, w)),
                _ => None,
            },
            BinOp::Shl | BinOp::LShr => {
                if cb == Some(0) || ca == Some(0) {
                    return Some(a);
                }
                let c = cb?;
                if c >= w as u64 {
                    return Some(self.constant(0, w));
                }
                if let Some((x, k)) = self.with_const(a, op) {
                    // k < w and c < w, so the sum cannot overflow.
                    if k + c >= w as u64 {
                        return Some(self.constant(0, w));
                    }
                    let kc = self.constant(k + c, w);
                    return Some(self.binary(op, x, kc));
                }
                None
            }
            BinOp::AShr => {
                if cb == Some(0) || ca == Some(0) || ca == Some(m) {
                    return Some(a);
                }
                let c = cb?;
                if let Some((x, k)) = self.with_const(a, BinOp::AShr) {
                    let s = (k.min(w as u64 - 1) + c.min(w as u64 - 1)).min(w as u64 - 1);
                    let sc = self.constant(s, w);
                    return Some(self.binary(BinOp::AShr, x, sc));
                }
                if c >= w as u64 && c != w as u64 - 1 {
                    // Any shift >= w fills with the sign, as w - 1 does.
                    let sc = self.constant(w as u64 - 1, w);
                    return Some(self.binary(BinOp::AShr, a, sc));
                }
                None
            }
            BinOp::And => {
                if cb == Some(0) {
                    return Some(b);
                }
                if cb == Some(m) || a == b {
                    return Some(a);
                }
                if self.is_complement(a, b) {
                    return Some(self.constant(0, w));
                }
                let c = cb?;
                if let Some((x, k)) = self.with_const(a, BinOp::And) {
                    let kc = self.constant(k & c, w);
                    return Some(self.binary(BinOp::And, x, kc));
                }
                if let Node::ZExt(x, _) = self.node(a) {
                    let mx = mask(self.width(x));
                    if c & mx == mx {
                        // The mask keeps every bit the extension can set.
                        return Some(a);
                    }
                }
                None
            }
            BinOp::Or => {
                if cb == Some(0) || a == b {
                    return Some(a);
                }
                if cb == Some(m) {
                    return Some(b);
                }
                if self.is_complement(a, b) {
                    return Some(self.constant(m, w));
                }
                let c = cb?;
                if let Some((x, k)) = self.with_const(a, BinOp::Or) {
                    let kc = self.constant(k | c, w);
                    return Some(self.binary(BinOp::Or, x, kc));
                }
                None
            }
            BinOp::Xor => {
                if cb == Some(0) {
                    return Some(a);
                }
                if a == b {
                    return Some(self.constant(0, w));
                }
                if cb == Some(m) {
                    return Some(self.unary(UnOp::Not, a));
                }
                if self.is_complement(a, b) {
                    return Some(self.constant(m, w));
                }
                let c = cb?;
                if let Some((x, k)) = self.with_const(a, BinOp::Xor) {
                    let kc = self.constant(k ^ c, w);
                    return Some(self.binary(BinOp::Xor, x, kc));
                }
                None
            }
        }
    }

    /// `a op b`, a width-1 result.
    ///
    /// # Panics
    /// If the widths differ.
    pub fn cmp(&mut self, op: CmpOp, a: ExprId, b: ExprId) -> ExprId {
        let w = self.width(a);
        assert_eq!(w, self.width(b), "{op:?} of operands of different widths");
        let (ca, cb) = (self.is_const(a), self.is_const(b));
        if let (Some(x), Some(y)) = (ca, cb) {
            return self.bool_const(apply_cmp(op, x, y, w));
        }
        if a == b {
            return self.bool_const(op.reflexive());
        }
        if ca.is_some() {
            // Constants go right: `3 < x` is built as `x > 3`.
            return self.cmp(op.swapped(), b, a);
        }
        if let Some(r) = self.simplify_cmp(op, a, b, w) {
            return r;
        }
        self.intern(Node::Cmp(op, a, b), 1)
    }

    fn simplify_cmp(&mut self, op: CmpOp, a: ExprId, b: ExprId, w: u32) -> Option<ExprId> {
        if let Some(c) = self.is_const(b) {
            return self.simplify_cmp_const(op, a, c, w);
        }
        match (self.node(a), self.node(b)) {
            (Node::ZExt(x, _), Node::ZExt(y, _)) if self.width(x) == self.width(y) => {
                // Both non-negative and order-preserving: compare the narrow values.
                Some(self.cmp(op.to_unsigned(), x, y))
            }
            (Node::SExt(x, _), Node::SExt(y, _)) if self.width(x) == self.width(y) => {
                // Sign extension preserves both the signed and the unsigned order.
                Some(self.cmp(op, x, y))
            }
            _ => None,
        }
    }

    fn simplify_cmp_const(&mut self, op: CmpOp, a: ExprId, c: u64, w: u32) -> Option<ExprId> {
        use CmpOp::*;
        let m = mask(w);
        let smin = sign_bit(w);
        let smax = smin - 1;
        // Bounds of the domain.
        match op {
            Ult if c == 0 => return Some(self.bool_const(false)),
            Uge if c == 0 => return Some(self.bool_const(true)),
            Ule if c == m => return Some(self.bool_const(true)),
            Ugt if c == m => return Some(self.bool_const(false)),
            Slt if c == smin => return Some(self.bool_const(false)),
            Sge if c == smin => return Some(self.bool_const(true)),
            Sle if c == smax => return Some(self.bool_const(true)),
            Sgt if c == smax => return Some(self.bool_const(false)),
            _ => {}
        }
        let edge_eq = match op {
            Ule if c == 0 => Some((Eq, 0)),
            Ugt if c == 0 => Some((Ne, 0)),
            Ult if c == m => Some((Ne, m)),
            Uge if c == m => Some((Eq, m)),
            Sle if c == smin => Some((Eq, smin)),
            Sgt if c == smin => Some((Ne, smin)),
            Slt if c == smax => Some((Ne, smax)),
            Sge if c == smax => Some((Eq, smax)),
            _ => None,
        };
        if let Some((eop, v)) = edge_eq {
            let k = self.constant(v, w);
            return Some(self.cmp(eop, a, k));
        }
        let is_eq = matches!(op, Eq | Ne);
        if w == 1 && is_eq {
            // b == 1 / b != 0 is b itself; b == 0 / b != 1 is !b.
            return Some(if (op == Eq) == (c == 1) {
                a
            } else {
                self.unary(UnOp::Not, a)
            });
        }
        match self.node(a) {
            Node::Binary(BinOp::Add, x, k) if is_eq => {
                let k = self.is_const(k)?;
                let nc = self.constant(c.wrapping_sub(k), w);
                Some(self.cmp(op, x, nc))
            }
            Node::Binary(BinOp::Xor, x, k) if is_eq => {
                let k = self.is_const(k)?;
                let nc = self.constant(c ^ k, w);
                Some(self.cmp(op, x, nc))
            }
            Node::Unary(uop, x) if is_eq => {
                let nc = self.constant(apply_unary(uop, c, w), w);
                Some(self.cmp(op, x, nc))
            }
            Node::Ite(cond, k1, k2) if is_eq => {
                let (k1, k2) = (self.is_const(k1)?, self.is_const(k2)?);
                let (t1, t2) = ((k1 == c) == (op == Eq), (k2 == c) == (op == Eq));
                Some(match (t1, t2) {
                    (true, true) => self.bool_const(true),
                    (false, false) => self.bool_const(false),
                    (true, false) => cond,
                    (false, true) => self.unary(UnOp::Not, cond),
                })
            }
            Node::ZExt(x, _) => {
                let n = self.width(x);
                let mx = mask(n);
                let fits = c <= mx;
                if is_eq || op.is_unsigned() {
                    if fits {
                        let k = self.constant(c, n);
                        return Some(self.cmp(op, x, k));
                    }
                    // c exceeds every value of the extension.
                    return Some(self.bool_const(matches!(op, Ne | Ult | Ule)));
                }
                // Signed: the extension is non-negative (n < w).
                if to_signed(c, w) < 0 {
                    return Some(self.bool_const(matches!(op, Sgt | Sge)));
                }
                if fits {
                    let k = self.constant(c, n);
                    return Some(self.cmp(op.to_unsigned(), x, k));
                }
                Some(self.bool_const(matches!(op, Slt | Sle)))
            }
            Node::SExt(x, _) => {
                let n = self.width(x);
                let sc = to_signed(c, w);
                let lo = -(1i64 << (n - 1));
                let hi = (1i64 << (n - 1)) - 1;
                let in_range = sc >= lo && sc <= hi;
                if in_range {
                    // c is itself the extension of its low n bits; sign
                    // extension preserves equality and both orders.
                    let k = self.constant(c, n);
                    return Some(self.cmp(op, x, k));
                }
                if is_eq {
                    return Some(self.bool_const(op == Ne));
                }
                if op.is_signed() {
                    return Some(self.bool_const(if sc < lo {
                        matches!(op, Sgt | Sge)
                    } else {
                        matches!(op, Slt | Sle)
                    }));
                }
                // Unsigned, c strictly between the non-negative extensions
                // [0, hi] and the negative ones [2^w + lo, 2^w - 1]:
                // the comparison only asks for the sign of x.
                let zero = self.constant(0, n);
                Some(match op {
                    Ult | Ule => self.cmp(Sge, x, zero),
                    _ => self.cmp(Slt, x, zero),
                })
            }
            _ => None,
        }
    }

    /// Zero extension to `to` bits (`to` >= width; equal is the identity).
    pub fn zext(&mut self, a: ExprId, to: u32) -> ExprId {
        let w = self.width(a);
        assert!(w <= to && to <= 64, "zext of width {w} to {to}");
        if to == w {
            return a;
        }
        if let Some(c) = self.is_const(a) {
            return self.constant(c, to);
        }
        if let Node::ZExt(x, _) = self.node(a) {
            return self.intern(Node::ZExt(x, to as u8), to);
        }
        self.intern(Node::ZExt(a, to as u8), to)
    }

    /// Sign extension to `to` bits (`to` >= width; equal is the identity).
    pub fn sext(&mut self, a: ExprId, to: u32) -> ExprId {
        let w = self.width(a);
        assert!(w <= to && to <= 64, "sext of width {w} to {to}");
        if to == w {
            return a;
        }
        if let Some(c) = self.is_const(a) {
            return self.constant(apply_sext(c, w, to), to);
        }
        match self.node(a) {
            Node::SExt(x, _) => self.intern(Node::SExt(x, to as u8), to),
            // The top bit of a (strict) zero extension is 0.
            Node::ZExt(x, _) => self.intern(Node::ZExt(x, to as u8), to),
            _ => self.intern(Node::SExt(a, to as u8), to),
        }
    }

    /// Whether the low `n` bits of `e` can be taken without recursing into
    /// arithmetic (constants and extensions).
    fn narrowable(&self, e: ExprId) -> bool {
        matches!(
            self.node(e),
            Node::Const { .. } | Node::ZExt(..) | Node::SExt(..)
        )
    }

    /// Bits `hi..=lo` of `a`.
    pub fn extract(&mut self, a: ExprId, hi: u32, lo: u32) -> ExprId {
        let w = self.width(a);
        assert!(lo <= hi && hi < w, "extract [{hi}:{lo}] of width {w}");
        if lo == 0 && hi == w - 1 {
            return a;
        }
        let n = hi - lo + 1;
        if let Some(c) = self.is_const(a) {
            return self.constant(apply_extract(c, hi, lo), n);
        }
        match self.node(a) {
            Node::Extract { e: x, lo: l2, .. } => {
                return self.extract(x, hi + l2 as u32, lo + l2 as u32);
            }
            Node::ZExt(x, _) | Node::SExt(x, _) => {
                let nx = self.width(x);
                let is_z = matches!(self.node(a), Node::ZExt(..));
                if hi < nx {
                    return self.extract(x, hi, lo);
                }
                if is_z && lo >= nx {
                    return self.constant(0, n);
                }
                if lo == 0 {
                    return if is_z {
                        self.zext(x, n)
                    } else {
                        self.sext(x, n)
                    };
                }
            }
            Node::Concat(h, l) => {
                let nl = self.width(l);
                if hi < nl {
                    return self.extract(l, hi, lo);
                }
                if lo >= nl {
                    return self.extract(h, hi - nl, lo - nl);
                }
            }
            Node::Ite(c, k1, k2) => {
                if let (Some(_), Some(_)) = (self.is_const(k1), self.is_const(k2)) {
                    let e1 = self.extract(k1, hi, lo);
                    let e2 = self.extract(k2, hi, lo);
                    return self.ite(c, e1, e2);
                }
            }
            // Low bits of these depend only on low bits of the operands;
            // push the truncation inward when that removes an extension.
            Node::Binary(op, x, y)
                if lo == 0
                    && matches!(
                        op,
                        BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
                    )
                    && self.narrowable(x)
                    && self.narrowable(y) =>
            {
                let nx = self.extract(x, hi, 0);
                let ny = self.extract(y, hi, 0);
                return self.binary(op, nx, ny);
            }
            Node::Unary(op, x) if lo == 0 && self.narrowable(x) => {
                let nx = self.extract(x, hi, 0);
                return self.unary(op, nx);
            }
            _ => {}
        }
        self.intern(
            Node::Extract {
                e: a,
                hi: hi as u8,
                lo: lo as u8,
            },
            n,
        )
    }

    /// If `h` and `l` are adjacent slices of one expression, that slice.
    fn merge_slices(&mut self, h: ExprId, l: ExprId) -> Option<ExprId> {
        match (self.node(h), self.node(l)) {
            (
                Node::Extract {
                    e: x,
                    hi: h1,
                    lo: l1,
                },
                Node::Extract {
                    e: y,
                    hi: h2,
                    lo: l2,
                },
            ) if x == y && l1 as u32 == h2 as u32 + 1 => {
                Some(self.extract(x, h1 as u32, l2 as u32))
            }
            _ => None,
        }
    }

    /// `hi` bits above `lo` bits (total width <= 64).
    pub fn concat(&mut self, h: ExprId, l: ExprId) -> ExprId {
        let (wh, wl) = (self.width(h), self.width(l));
        assert!(wh + wl <= 64, "concat of total width {}", wh + wl);
        let w = wh + wl;
        let (ch, cl) = (self.is_const(h), self.is_const(l));
        if let (Some(x), Some(y)) = (ch, cl) {
            return self.constant(apply_concat(x, y, wl), w);
        }
        if ch == Some(0) {
            return self.zext(l, w);
        }
        if let Some(m) = self.merge_slices(h, l) {
            return m;
        }
        if let Node::Concat(l_hi, l_lo) = self.node(l) {
            if let Some(m) = self.merge_slices(h, l_hi) {
                return self.concat(m, l_lo);
            }
        }
        if let Node::Concat(h_hi, h_lo) = self.node(h) {
            if let Some(m) = self.merge_slices(h_lo, l) {
                return self.concat(h_hi, m);
            }
        }
        self.intern(Node::Concat(h, l), w)
    }

    /// `c ? a : b` with `c` of width 1.
    ///
    /// # Panics
    /// If `c` is not of width 1 or the branches differ in width.
    pub fn ite(&mut self, c: ExprId, a: ExprId, b: ExprId) -> ExprId {
        assert_eq!(self.width(c), 1, "ite condition must have width 1");
        let w = self.width(a);
        assert_eq!(w, self.width(b), "ite branches of different widths");
        if let Some(k) = self.is_const(c) {
            return if k != 0 { a } else { b };
        }
        if a == b {
            return a;
        }
        if let Node::Unary(UnOp::Not, c2) = self.node(c) {
            return self.ite(c2, b, a);
        }
        if w == 1 {
            match (self.is_const(a), self.is_const(b)) {
                (Some(1), Some(0)) => return c,
                (Some(0), Some(1)) => return self.unary(UnOp::Not, c),
                (Some(1), _) => return self.binary(BinOp::Or, c, b),
                (Some(0), _) => {
                    let nc = self.unary(UnOp::Not, c);
                    return self.binary(BinOp::And, nc, b);
                }
                (_, Some(0)) => return self.binary(BinOp::And, c, a),
                (_, Some(1)) => {
                    let nc = self.unary(UnOp::Not, c);
                    return self.binary(BinOp::Or, nc, a);
                }
                _ => {}
            }
            if a == c {
                return self.binary(BinOp::Or, c, b);
            }
            if b == c {
                return self.binary(BinOp::And, c, a);
            }
        }
        self.intern(Node::Ite(c, a, b), w)
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;

    fn pool() -> (ExprPool, ExprId, ExprId) {
        let mut p = ExprPool::new();
        let x = p.new_var("x", 32, true).unwrap();
        let y = p.new_var("y", 32, true).unwrap();
        let (x, y) = (p.var(x), p.var(y));
        (p, x, y)
    }

    #[test]
    fn constant_reassociation() {
        let (mut p, x, _) = pool();
        let c3 = p.constant(3, 32);
        let c4 = p.constant(4, 32);
        let a = p.add(x, c3);
        let b = p.add(a, c4);
        let c7 = p.constant(7, 32);
        assert_eq!(b, p.add(x, c7));
        let s = p.sub(b, c7);
        assert_eq!(s, x);
    }

    #[test]
    fn identities() {
        let (mut p, x, y) = pool();
        let z = p.constant(0, 32);
        let one = p.constant(1, 32);
        let m = p.constant(u64::MAX, 32);
        assert_eq!(p.add(x, z), x);
        assert_eq!(p.mul(x, one), x);
        assert_eq!(p.mul(x, z), z);
        assert_eq!(p.binary(BinOp::And, x, z), z);
        assert_eq!(p.binary(BinOp::Or, x, z), x);
        assert_eq!(p.binary(BinOp::Xor, x, x), z);
        assert_eq!(p.sub(x, x), z);
        let nx = p.neg(x);
        assert_eq!(p.neg(nx), x);
        let tx = p.not(x);
        assert_eq!(p.not(tx), x);
        assert_eq!(p.binary(BinOp::And, x, m), x);
        let c = p.cmp(CmpOp::Slt, x, y);
        assert_eq!(p.ite(c, x, x), x);
        let t = p.bool_const(true);
        assert_eq!(p.ite(t, x, y), x);
        assert_eq!(p.cmp(CmpOp::Sle, x, x), t);
    }

    #[test]
    fn negation_of_comparison() {
        let (mut p, x, y) = pool();
        let lt = p.cmp(CmpOp::Slt, x, y);
        let n = p.negate(lt);
        assert_eq!(p.node(n), Node::Cmp(CmpOp::Sge, x, y));
        assert_eq!(p.negate(n), lt);
    }

    #[test]
    fn casts_of_casts() {
        let mut p = ExprPool::new();
        let b = p.new_var("b", 8, false).unwrap();
        let b = p.var(b);
        let z16 = p.zext(b, 16);
        let z32 = p.zext(z16, 32);
        assert_eq!(p.node(z32), Node::ZExt(b, 32));
        assert_eq!(p.extract(z32, 7, 0), b);
        assert_eq!(p.extract(z32, 15, 0), z16);
        let s32 = p.sext(b, 32);
        assert_eq!(p.extract(s32, 7, 0), b);
        let k = p.constant(0x12345678, 32);
        let byte = p.extract(k, 15, 8);
        assert_eq!(p.is_const(byte), Some(0x56));
    }

    #[test]
    fn concat_of_adjacent_extracts() {
        let (mut p, x, _) = pool();
        let b0 = p.extract(x, 7, 0);
        let b1 = p.extract(x, 15, 8);
        let b2 = p.extract(x, 23, 16);
        let b3 = p.extract(x, 31, 24);
        let lo = p.concat(b1, b0);
        let mid = p.concat(b2, lo);
        let all = p.concat(b3, mid);
        assert_eq!(all, x);
        // Left-nested too.
        let hi = p.concat(b3, b2);
        let hm = p.concat(hi, b1);
        let all2 = p.concat(hm, b0);
        assert_eq!(all2, x);
    }

    #[test]
    fn truthiness_of_a_promoted_comparison() {
        let (mut p, x, y) = pool();
        let lt = p.cmp(CmpOp::Slt, x, y);
        let as_int = p.zext(lt, 32);
        assert_eq!(p.truth(as_int), lt);
        let z = p.constant(0, 32);
        let eq0 = p.eq(as_int, z);
        assert_eq!(p.node(eq0), Node::Cmp(CmpOp::Sge, x, y));
    }

    #[test]
    fn char_comparisons_narrow() {
        let mut p = ExprPool::new();
        let c = p.new_var("stdin[0]", 8, true).unwrap();
        let ce = p.var(c);
        let promoted = p.sext(ce, 32);
        let k = p.constant(48, 32);
        let ge = p.cmp(CmpOp::Sge, promoted, k);
        let k8 = p.constant(48, 8);
        assert_eq!(p.node(ge), Node::Cmp(CmpOp::Sge, ce, k8));
        let big = p.constant(1000, 32);
        let lt = p.cmp(CmpOp::Slt, promoted, big);
        assert_eq!(p.is_const(lt), Some(1));
    }
}
