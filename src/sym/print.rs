//! Printing expressions as readable C for reports.
//!
//! The printed C means what the expression means, given the variables
//! declared with their C types and wrapping (`-fwrapv`) signed arithmetic:
//! the value of every printed subexpression equals the signed or unsigned
//! reading of the node's bits (its "reading", computed in a first pass).
//! Casts appear only where C's own conversions would change the meaning: a
//! signed operand of an unsigned comparison or division, a truncation,
//! arithmetic narrower than `int` (which C does in `int`), a widening to 64
//! bits. Parentheses follow C precedence, plus a few for
//! clarity (`(x & 1) == 0`, `a || (b && c)`). Widths other than 1, 8, 16, 32
//! and 64 (which only appear from odd bit slices) print approximately.
//! Both passes use explicit stacks, so deep expressions cannot overflow.

use super::{mask, sign_bit, to_signed, BinOp, CmpOp, ExprId, ExprPool, FxHashMap, Node, UnOp};

/// Which reading of a node's bits its printed C value equals.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Sg {
    Signed,
    Unsigned,
    /// Both: the top bit is known to be clear (zero extensions, conditions,
    /// small constants).
    Either,
}

/// Reading of a bitwise combination (or of `?:` branches): a signed and an
/// unsigned operand meet in unsigned.
fn combine(a: Sg, b: Sg) -> Sg {
    match (a, b) {
        (Sg::Unsigned, _) | (_, Sg::Unsigned) => Sg::Unsigned,
        (Sg::Signed, _) | (_, Sg::Signed) => Sg::Signed,
        _ => Sg::Either,
    }
}

fn conflict(a: Sg, b: Sg) -> bool {
    matches!(
        (a, b),
        (Sg::Signed, Sg::Unsigned) | (Sg::Unsigned, Sg::Signed)
    )
}

/// Reading of `+ - * << ~ -`: C computes in `int` (signed) unless an
/// operand is unsigned; the result can be negative, so never `Either`.
fn arith(a: Sg, b: Sg) -> Sg {
    if a == Sg::Unsigned || b == Sg::Unsigned {
        Sg::Unsigned
    } else {
        Sg::Signed
    }
}

// C precedence levels (higher binds tighter).
const P_COND: u8 = 3;
const P_LOR: u8 = 4;
const P_LAND: u8 = 5;
const P_BOR: u8 = 6;
const P_BXOR: u8 = 7;
const P_BAND: u8 = 8;
const P_EQ: u8 = 9;
const P_REL: u8 = 10;
const P_SHIFT: u8 = 11;
const P_ADD: u8 = 12;
const P_MUL: u8 = 13;
const P_UNARY: u8 = 14;
const P_PRIMARY: u8 = 16;

/// How the parent wants a child printed.
#[derive(Clone, Copy)]
struct Ctx {
    /// Parenthesise if the child's precedence is lower.
    min: u8,
    /// Reading of a constant child (from its sibling or the operator).
    view: Sg,
}

impl Ctx {
    fn new(min: u8, view: Sg) -> Ctx {
        Ctx { min, view }
    }
}

enum Item {
    Node(ExprId, Ctx),
    Text(&'static str),
    Owned(String),
}

/// C type of `w` bits (rounded up to a standard width).
fn ctype(w: u32, signed: bool) -> &'static str {
    match (w, signed) {
        (0..=8, true) => "signed char",
        (0..=8, false) => "unsigned char",
        (9..=16, true) => "short",
        (9..=16, false) => "unsigned short",
        (17..=32, true) => "int",
        (17..=32, false) => "unsigned",
        (_, true) => "long",
        (_, false) => "unsigned long",
    }
}

fn is_standard(w: u32) -> bool {
    matches!(w, 8 | 16 | 32 | 64)
}

fn cast_text(w: u32, signed: bool) -> String {
    format!("({})", ctype(w, signed))
}

/// Reading of constant `v` printed beside a sibling of reading `sibling`.
fn const_reading(v: u64, w: u32, sibling: Sg) -> Sg {
    if w == 1 || v & sign_bit(w) == 0 {
        Sg::Either
    } else if sibling == Sg::Signed {
        Sg::Signed
    } else {
        Sg::Unsigned
    }
}

/// Text and precedence of constant `v` printed in `view` (see
/// [`const_reading`]).
fn const_text(v: u64, w: u32, view: Sg) -> (String, u8) {
    if w == 1 || v & sign_bit(w) == 0 {
        return (v.to_string(), P_PRIMARY);
    }
    if view == Sg::Signed {
        // `-2147483648` would be the negation of a `long` literal in C.
        match w {
            32 if v == sign_bit(32) => ("INT_MIN".to_string(), P_PRIMARY),
            64 if v == sign_bit(64) => ("LONG_MIN".to_string(), P_PRIMARY),
            _ => (to_signed(v, w).to_string(), P_UNARY),
        }
    } else {
        (format!("{v}u"), P_PRIMARY)
    }
}

impl ExprPool {
    /// `Some(k)` if `e` is an `x + c` printed as `x - k`.
    fn printed_as_subtraction(&self, e: ExprId) -> Option<u64> {
        if let Node::Binary(BinOp::Add, _, b) = self.node(e) {
            let w = self.width(e);
            let c = self.is_const(b)?;
            let sc = to_signed(c, w);
            if sc < 0 && c != sign_bit(w) {
                return Some(sc.unsigned_abs());
            }
        }
        None
    }

    /// The reading of every node under `root` (see [`Sg`]).
    fn readings(&self, root: ExprId) -> FxHashMap<ExprId, Sg> {
        let mut sg: FxHashMap<ExprId, Sg> = FxHashMap::default();
        for e in self.post_order(&[root]) {
            let get = |x: ExprId| sg.get(&x).copied().unwrap_or(Sg::Either);
            // Reading of operand `x` printed beside `other`.
            let op = |x: ExprId, other: ExprId| match self.node(x) {
                Node::Const { value, width } => const_reading(value, width as u32, get(other)),
                _ => get(x),
            };
            let w = self.width(e);
            let s = if w == 1 {
                Sg::Either
            } else {
                match self.node(e) {
                    Node::Const { .. } | Node::Cmp(..) | Node::ZExt(..) => Sg::Either,
                    Node::Var(v) => {
                        if self.var_info(v).signed {
                            Sg::Signed
                        } else {
                            Sg::Unsigned
                        }
                    }
                    Node::Unary(_, x) => arith(get(x), Sg::Either),
                    Node::Binary(bop, a, b) => match bop {
                        BinOp::Add if self.printed_as_subtraction(e).is_some() => {
                            arith(get(a), Sg::Either)
                        }
                        BinOp::Add | BinOp::Sub | BinOp::Mul => arith(op(a, b), op(b, a)),
                        // The shifted operand is printed without a sibling view.
                        BinOp::Shl => match self.node(a) {
                            Node::Const { value, .. } => {
                                arith(const_reading(value, w, Sg::Either), Sg::Either)
                            }
                            _ => arith(get(a), Sg::Either),
                        },
                        BinOp::UDiv | BinOp::URem => {
                            if op(a, b) == Sg::Either && op(b, a) == Sg::Either {
                                Sg::Either
                            } else {
                                Sg::Unsigned
                            }
                        }
                        BinOp::SDiv | BinOp::SRem => {
                            if op(a, b) == Sg::Either && op(b, a) == Sg::Either {
                                Sg::Either
                            } else {
                                Sg::Signed
                            }
                        }
                        BinOp::LShr => match op(a, b) {
                            Sg::Either => Sg::Either,
                            _ => Sg::Unsigned,
                        },
                        BinOp::AShr => match op(a, b) {
                            Sg::Either => Sg::Either,
                            _ => Sg::Signed,
                        },
                        BinOp::And | BinOp::Or | BinOp::Xor => combine(op(a, b), op(b, a)),
                    },
                    Node::SExt(x, _) => {
                        if self.width(x) > 1 && get(x) == Sg::Either {
                            Sg::Either
                        } else {
                            Sg::Signed
                        }
                    }
                    Node::Extract { e: x, hi, lo } => {
                        let n = (hi - lo) as u32 + 1;
                        if !is_standard(n) {
                            Sg::Either
                        } else if get(x) == Sg::Signed {
                            Sg::Signed
                        } else {
                            Sg::Unsigned
                        }
                    }
                    Node::Concat(..) => Sg::Unsigned,
                    Node::Ite(_, a, b) => combine(op(a, b), op(b, a)),
                }
            };
            sg.insert(e, s);
        }
        sg
    }

    /// `e` as a readable C expression (width-1 values as conditions).
    pub fn to_c(&self, e: ExprId) -> String {
        let sg = self.readings(e);
        let mut out = String::new();
        let mut stack = vec![Item::Node(e, Ctx::new(0, Sg::Either))];
        let mut parts: Vec<Item> = Vec::with_capacity(8);
        // Keeps `- -x` from printing as the decrement `--x`.
        let push = |out: &mut String, t: &str| {
            if t.starts_with('-') && out.ends_with('-') {
                out.push(' ');
            }
            out.push_str(t);
        };
        while let Some(item) = stack.pop() {
            match item {
                Item::Text(s) => push(&mut out, s),
                Item::Owned(s) => push(&mut out, &s),
                Item::Node(x, ctx) => {
                    parts.clear();
                    let prec = self.plan_c(x, ctx, &sg, &mut parts);
                    let paren = prec < ctx.min;
                    if paren {
                        stack.push(Item::Text(")"));
                    }
                    stack.extend(parts.drain(..).rev());
                    if paren {
                        stack.push(Item::Text("("));
                    }
                }
            }
        }
        out
    }

    /// Appends the pieces of `e` to `parts`; returns the precedence of the
    /// printed form.
    fn plan_c(&self, e: ExprId, ctx: Ctx, sg: &FxHashMap<ExprId, Sg>, parts: &mut Vec<Item>) -> u8 {
        let s = |x: ExprId| sg.get(&x).copied().unwrap_or(Sg::Either);
        // The view a constant operand `x` is printed in, beside `other`.
        let view_beside = |other: ExprId| s(other);
        let w = self.width(e);
        let node = self.node(e);
        match node {
            Node::Const { value, .. } => {
                let (t, p) = const_text(value, w, ctx.view);
                parts.push(Item::Owned(t));
                p
            }
            Node::Var(v) => {
                parts.push(Item::Owned(self.var_info(v).name.clone()));
                P_PRIMARY
            }
            Node::Unary(UnOp::Not, x) if w == 1 => {
                if let Node::Cmp(op, a, b) = self.node(x) {
                    return self.plan_cmp(op.inverse(), a, b, &s, parts);
                }
                parts.push(Item::Text("!"));
                parts.push(Item::Node(x, Ctx::new(P_UNARY, Sg::Either)));
                P_UNARY
            }
            Node::Unary(UnOp::Neg, x) if w == 1 => {
                // -x == x on one bit.
                parts.push(Item::Node(x, ctx));
                P_PRIMARY
            }
            Node::Unary(op, x) => {
                let (sym, min) = match op {
                    UnOp::Neg => {
                        let nested = match self.node(x) {
                            Node::Unary(UnOp::Neg, _) => true,
                            Node::SExt(y, _) => self.width(y) == 1,
                            Node::Const { value, .. } => const_text(value, w, s(e)).1 < P_PRIMARY,
                            _ => false,
                        };
                        ("-", if nested { P_PRIMARY } else { P_UNARY })
                    }
                    UnOp::Not => ("~", P_UNARY),
                };
                self.narrow_wrap(w, s(e), parts, |parts| {
                    parts.push(Item::Text(sym));
                    parts.push(Item::Node(x, Ctx::new(min, s(e))));
                    P_UNARY
                })
            }
            Node::Binary(op, a, b) if w == 1 => {
                let same = |x: ExprId| matches!(self.node(x), Node::Binary(o, ..) if o == op);
                match op {
                    BinOp::And | BinOp::Mul => {
                        let mr = if same(b) { P_LAND } else { P_LAND + 1 };
                        parts.push(Item::Node(a, Ctx::new(P_LAND, Sg::Either)));
                        parts.push(Item::Text(" && "));
                        parts.push(Item::Node(b, Ctx::new(mr, Sg::Either)));
                        P_LAND
                    }
                    BinOp::Or => {
                        // `a || (b && c)`: parenthesise && under || for clarity.
                        let ml = if same(a) { P_LOR } else { P_LAND + 1 };
                        let mr = if same(b) { P_LOR } else { P_LAND + 1 };
                        parts.push(Item::Node(a, Ctx::new(ml, Sg::Either)));
                        parts.push(Item::Text(" || "));
                        parts.push(Item::Node(b, Ctx::new(mr, Sg::Either)));
                        P_LOR
                    }
                    BinOp::Xor | BinOp::Add | BinOp::Sub => {
                        parts.push(Item::Node(a, Ctx::new(P_SHIFT, Sg::Either)));
                        parts.push(Item::Text(" != "));
                        parts.push(Item::Node(b, Ctx::new(P_SHIFT, Sg::Either)));
                        P_EQ
                    }
                    _ => {
                        // Division, remainder and shifts of single bits:
                        // print the SMT-LIB operator (C has no exact form).
                        parts.push(Item::Owned(format!("{op:?}(")));
                        parts.push(Item::Node(a, Ctx::new(0, Sg::Either)));
                        parts.push(Item::Text(", "));
                        parts.push(Item::Node(b, Ctx::new(0, Sg::Either)));
                        parts.push(Item::Text(")"));
                        P_PRIMARY
                    }
                }
            }
            Node::Binary(op, a, b) => match op {
                BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Shl => {
                    self.narrow_wrap(w, s(e), parts, |parts| {
                        if op == BinOp::Shl {
                            parts.push(Item::Node(a, Ctx::new(P_MUL, Sg::Either)));
                            parts.push(Item::Text(" << "));
                            parts.push(Item::Node(b, Ctx::new(P_MUL, Sg::Either)));
                            return P_SHIFT;
                        }
                        let (p, sym) = match op {
                            BinOp::Add => (P_ADD, " + "),
                            BinOp::Sub => (P_ADD, " - "),
                            _ => (P_MUL, " * "),
                        };
                        parts.push(Item::Node(a, Ctx::new(p, view_beside(b))));
                        if let Some(k) = self.printed_as_subtraction(e) {
                            parts.push(Item::Text(" - "));
                            parts.push(Item::Owned(k.to_string()));
                            return p;
                        }
                        parts.push(Item::Text(sym));
                        parts.push(Item::Node(b, Ctx::new(p + 1, view_beside(a))));
                        p
                    })
                }
                BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem => {
                    let signed = matches!(op, BinOp::SDiv | BinOp::SRem);
                    let v = if signed { Sg::Signed } else { Sg::Unsigned };
                    let sym = if matches!(op, BinOp::UDiv | BinOp::SDiv) {
                        " / "
                    } else {
                        " % "
                    };
                    // Only MIN / -1 leaves the narrow type.
                    let re = if op == BinOp::SDiv { s(e) } else { Sg::Either };
                    self.narrow_wrap(w, re, parts, |parts| {
                        self.operand_as(a, v, P_MUL, &s, parts);
                        parts.push(Item::Text(sym));
                        self.operand_as(b, v, P_MUL + 1, &s, parts);
                        P_MUL
                    })
                }
                BinOp::LShr | BinOp::AShr => {
                    let v = if op == BinOp::AShr {
                        Sg::Signed
                    } else {
                        Sg::Unsigned
                    };
                    self.operand_as(a, v, P_MUL, &s, parts);
                    parts.push(Item::Text(" >> "));
                    parts.push(Item::Node(b, Ctx::new(P_MUL, Sg::Either)));
                    P_SHIFT
                }
                BinOp::And | BinOp::Or | BinOp::Xor => {
                    let (p, sym) = match op {
                        BinOp::And => (P_BAND, " & "),
                        BinOp::Or => (P_BOR, " | "),
                        _ => (P_BXOR, " ^ "),
                    };
                    let same = |x: ExprId| matches!(self.node(x), Node::Binary(o, ..) if o == op);
                    // Shifts and sums under bit operators get parentheses.
                    let ml = if same(a) { p } else { P_MUL };
                    let mr = if same(b) { p } else { P_MUL };
                    // Narrow signed and unsigned operands would be promoted
                    // differently: compute in the narrow unsigned type.
                    let clash = conflict(s(a), s(b));
                    let re = if clash { Sg::Unsigned } else { Sg::Either };
                    self.narrow_wrap(w, re, parts, |parts| {
                        parts.push(Item::Node(a, Ctx::new(ml, view_beside(b))));
                        parts.push(Item::Text(sym));
                        parts.push(Item::Node(b, Ctx::new(mr, view_beside(a))));
                        p
                    })
                }
            },
            Node::Cmp(op, a, b) => self.plan_cmp(op, a, b, &s, parts),
            Node::ZExt(x, to) => {
                let wx = self.width(x);
                if wx == 1 {
                    // A condition is already an int 0/1 in C.
                    parts.push(Item::Node(x, ctx));
                    return P_PRIMARY;
                }
                // A 32-bit C value under a 64-bit operation would be
                // converted by the other operand's type, not by this node.
                let wide = to > 32 && wx <= 32;
                if wide {
                    parts.push(Item::Owned(cast_text(64, true)));
                }
                if s(x) == Sg::Signed {
                    parts.push(Item::Owned(cast_text(wx, false)));
                }
                if wide || s(x) == Sg::Signed {
                    parts.push(Item::Node(x, Ctx::new(P_UNARY, Sg::Either)));
                    P_UNARY
                } else {
                    parts.push(Item::Node(x, ctx));
                    P_PRIMARY
                }
            }
            Node::SExt(x, to) => {
                let wx = self.width(x);
                if wx == 1 {
                    parts.push(Item::Text("-"));
                    parts.push(Item::Node(x, Ctx::new(P_PRIMARY, Sg::Either)));
                    return P_UNARY;
                }
                // A 32-bit C value under a 64-bit operation would be
                // converted by the other operand's type, not by this node.
                let wide = to > 32 && wx <= 32;
                if wide {
                    parts.push(Item::Owned(cast_text(64, true)));
                }
                if s(x) == Sg::Unsigned {
                    parts.push(Item::Owned(cast_text(wx, true)));
                }
                if wide || s(x) == Sg::Unsigned {
                    parts.push(Item::Node(x, Ctx::new(P_UNARY, Sg::Either)));
                    P_UNARY
                } else {
                    parts.push(Item::Node(x, ctx));
                    P_PRIMARY
                }
            }
            Node::Extract { e: x, hi, lo } => {
                let n = (hi - lo) as u32 + 1;
                if is_standard(n) {
                    parts.push(Item::Owned(cast_text(n, s(x) == Sg::Signed)));
                    if lo > 0 {
                        parts.push(Item::Text("("));
                        parts.push(Item::Node(x, Ctx::new(P_MUL, Sg::Either)));
                        parts.push(Item::Owned(format!(" >> {lo})")));
                    } else {
                        parts.push(Item::Node(x, Ctx::new(P_UNARY, Sg::Either)));
                    }
                    P_UNARY
                } else {
                    if lo > 0 {
                        parts.push(Item::Text("("));
                        parts.push(Item::Node(x, Ctx::new(P_MUL, Sg::Either)));
                        parts.push(Item::Owned(format!(" >> {lo})")));
                    } else {
                        parts.push(Item::Node(x, Ctx::new(P_MUL, Sg::Either)));
                    }
                    parts.push(Item::Owned(format!(" & {}", mask(n))));
                    P_BAND
                }
            }
            Node::Concat(h, l) => {
                let wl = self.width(l);
                parts.push(Item::Text("("));
                parts.push(Item::Owned(cast_text(w, false)));
                if s(h) == Sg::Signed {
                    parts.push(Item::Owned(cast_text(self.width(h), false)));
                }
                parts.push(Item::Node(h, Ctx::new(P_UNARY, Sg::Unsigned)));
                parts.push(Item::Owned(format!(" << {wl}) | ")));
                if s(l) == Sg::Signed {
                    parts.push(Item::Owned(cast_text(wl, false)));
                    parts.push(Item::Node(l, Ctx::new(P_UNARY, Sg::Unsigned)));
                } else {
                    parts.push(Item::Node(l, Ctx::new(P_MUL, Sg::Unsigned)));
                }
                P_BOR
            }
            Node::Ite(c, a, b) => {
                parts.push(Item::Node(c, Ctx::new(P_LOR, Sg::Either)));
                parts.push(Item::Text(" ? "));
                // Branches of different signedness: both read unsigned.
                let clash = conflict(s(a), s(b));
                for (i, (x, other)) in [(a, b), (b, a)].into_iter().enumerate() {
                    let min = if i == 0 { P_LOR } else { P_COND };
                    if i == 1 {
                        parts.push(Item::Text(" : "));
                    }
                    if clash && s(x) == Sg::Signed {
                        parts.push(Item::Owned(cast_text(w, false)));
                        parts.push(Item::Node(x, Ctx::new(P_UNARY, Sg::Unsigned)));
                    } else {
                        parts.push(Item::Node(x, Ctx::new(min, view_beside(other))));
                    }
                }
                P_COND
            }
        }
    }

    /// Arithmetic narrower than `int` happens in `int` in C: show the
    /// truncation back to the narrow type (of reading `s`; none for Either).
    fn narrow_wrap(
        &self,
        w: u32,
        s: Sg,
        parts: &mut Vec<Item>,
        inner: impl FnOnce(&mut Vec<Item>) -> u8,
    ) -> u8 {
        if w > 1 && w < 32 && s != Sg::Either {
            parts.push(Item::Owned(cast_text(w, s == Sg::Signed)));
            parts.push(Item::Text("("));
            inner(parts);
            parts.push(Item::Text(")"));
            P_UNARY
        } else {
            inner(parts)
        }
    }

    /// Pushes operand `x` read as `view`, casting it when its reading is the
    /// other one.
    fn operand_as(
        &self,
        x: ExprId,
        view: Sg,
        min: u8,
        s: &impl Fn(ExprId) -> Sg,
        parts: &mut Vec<Item>,
    ) {
        if conflict(view, s(x)) && self.width(x) > 1 {
            parts.push(Item::Owned(cast_text(self.width(x), view == Sg::Signed)));
            parts.push(Item::Node(x, Ctx::new(P_UNARY, view)));
        } else {
            parts.push(Item::Node(x, Ctx::new(min, view)));
        }
    }

    fn plan_cmp(
        &self,
        op: CmpOp,
        a: ExprId,
        b: ExprId,
        s: &impl Fn(ExprId) -> Sg,
        parts: &mut Vec<Item>,
    ) -> u8 {
        let sym = match op {
            CmpOp::Eq => " == ",
            CmpOp::Ne => " != ",
            CmpOp::Ult | CmpOp::Slt => " < ",
            CmpOp::Ule | CmpOp::Sle => " <= ",
            CmpOp::Ugt | CmpOp::Sgt => " > ",
            CmpOp::Uge | CmpOp::Sge => " >= ",
        };
        // Comparisons and bit operations as operands get parentheses.
        let min = P_SHIFT;
        let w = self.width(a);
        if matches!(op, CmpOp::Eq | CmpOp::Ne) {
            let view = if s(a) != Sg::Either { s(a) } else { s(b) };
            // Narrow values of different signedness are promoted
            // differently: compare both as unsigned. (At 32 and 64 bits C
            // converts to unsigned itself.)
            if w < 32 && conflict(s(a), s(b)) {
                self.operand_as(a, Sg::Unsigned, min, s, parts);
                parts.push(Item::Text(sym));
                self.operand_as(b, Sg::Unsigned, min, s, parts);
                return P_EQ;
            }
            parts.push(Item::Node(a, Ctx::new(min, view)));
            parts.push(Item::Text(sym));
            parts.push(Item::Node(b, Ctx::new(min, view)));
            return P_EQ;
        }
        if w == 1 && op.is_signed() {
            // As signed one-bit values, 1 is -1: the order is reversed.
            return self.plan_cmp(op.to_unsigned().swapped(), a, b, s, parts);
        }
        let view = if op.is_signed() {
            Sg::Signed
        } else {
            Sg::Unsigned
        };
        self.operand_as(a, view, min, s, parts);
        parts.push(Item::Text(sym));
        self.operand_as(b, view, min, s, parts);
        P_REL
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;

    struct P {
        p: ExprPool,
    }

    impl P {
        fn new() -> P {
            P { p: ExprPool::new() }
        }
        fn var(&mut self, name: &str, w: u32, signed: bool) -> ExprId {
            let v = self.p.new_var(name, w, signed).unwrap();
            self.p.var(v)
        }
        fn k(&mut self, v: i64, w: u32) -> ExprId {
            self.p.constant(v as u64, w)
        }
    }

    #[test]
    fn signed_comparison_with_offset() {
        let mut t = P::new();
        let a = t.var("in1", 32, true);
        let b = t.var("in2", 32, true);
        let one = t.k(1, 32);
        let s = t.p.add(b, one);
        let c = t.p.cmp(CmpOp::Sgt, a, s);
        assert_eq!(t.p.to_c(c), "in1 > in2 + 1");
        let n = t.p.negate(c);
        assert_eq!(t.p.to_c(n), "in1 <= in2 + 1");
        let three = t.k(3, 32);
        let d = t.p.sub(a, three);
        let lt = t.p.cmp(CmpOp::Slt, d, b);
        assert_eq!(t.p.to_c(lt), "in1 - 3 < in2");
    }

    #[test]
    fn negated_equality_and_logic() {
        let mut t = P::new();
        let x = t.var("x", 32, true);
        let y = t.var("y", 32, true);
        let three = t.k(3, 32);
        let eq = t.p.eq(x, three);
        let ne = t.p.negate(eq);
        assert_eq!(t.p.to_c(ne), "x != 3");
        let z = t.k(0, 32);
        let gt = t.p.cmp(CmpOp::Sgt, y, z);
        let and = t.p.bool_and(eq, gt);
        assert_eq!(t.p.to_c(and), "x == 3 && y > 0");
        let m = t.k(-5, 32);
        let lt = t.p.cmp(CmpOp::Slt, y, m);
        let or = t.p.bool_or(lt, and);
        assert_eq!(t.p.to_c(or), "y < -5 || (x == 3 && y > 0)");
        let nand = t.p.negate(and);
        assert_eq!(t.p.to_c(nand), "!(x == 3 && y > 0)");
    }

    #[test]
    fn unsigned_comparison_of_signed_value_casts() {
        let mut t = P::new();
        let x = t.var("in1", 32, true);
        let ten = t.k(10, 32);
        let c = t.p.cmp(CmpOp::Ult, x, ten);
        assert_eq!(t.p.to_c(c), "(unsigned)in1 < 10");
        let u = t.var("n", 32, false);
        let c2 = t.p.cmp(CmpOp::Ult, u, ten);
        assert_eq!(t.p.to_c(c2), "n < 10");
        let big = t.k(-1, 32);
        let c3 = t.p.cmp(CmpOp::Ult, u, big);
        assert_eq!(t.p.to_c(c3), "n != 4294967295u");
        let c4 = t.p.cmp(CmpOp::Slt, u, ten);
        assert_eq!(t.p.to_c(c4), "(int)n < 10");
    }

    #[test]
    fn bit_operations_and_parentheses() {
        let mut t = P::new();
        let x = t.var("x", 32, true);
        let one = t.k(1, 32);
        let z = t.k(0, 32);
        let and = t.p.binary(BinOp::And, x, one);
        let c = t.p.eq(and, z);
        assert_eq!(t.p.to_c(c), "(x & 1) == 0");
        let two = t.k(2, 32);
        let sh = t.p.binary(BinOp::AShr, x, two);
        let a2 = t.p.binary(BinOp::And, sh, one);
        let c2 = t.p.ne(a2, z);
        assert_eq!(t.p.to_c(c2), "((x >> 2) & 1) != 0");
        let y = t.var("y", 32, true);
        let s = t.p.add(x, y);
        let m = t.p.mul(s, two);
        assert_eq!(t.p.to_c(m), "(x + y) * 2");
        let z = t.var("z", 32, true);
        let d = t.p.sub(x, z);
        let e = t.p.sub(y, d);
        assert_eq!(t.p.to_c(e), "y - (x - z)");
    }

    #[test]
    fn chars_and_casts() {
        let mut t = P::new();
        let c = t.var("stdin[0]", 8, false);
        let ci = t.p.zext(c, 32);
        let k = t.k(97, 32);
        let eq = t.p.eq(ci, k);
        assert_eq!(t.p.to_c(eq), "stdin[0] == 97");
        let one = t.k(1, 32);
        let s = t.p.add(ci, one);
        let tr = t.p.extract(s, 7, 0);
        assert_eq!(t.p.to_c(tr), "(unsigned char)(stdin[0] + 1)");
        let x = t.var("in1", 32, true);
        let l = t.p.sext(x, 64);
        let one64 = t.k(1, 64);
        let s64 = t.p.add(l, one64);
        assert_eq!(t.p.to_c(s64), "(long)in1 + 1");
        let y = t.var("big", 64, true);
        let tr32 = t.p.extract(y, 31, 0);
        let lt = t.p.cmp(CmpOp::Slt, tr32, x);
        assert_eq!(t.p.to_c(lt), "(int)big < in1");
    }

    #[test]
    fn ite_and_division() {
        let mut t = P::new();
        let x = t.var("x", 32, true);
        let y = t.var("y", 32, true);
        let c = t.p.cmp(CmpOp::Sgt, x, y);
        let i = t.p.ite(c, x, y);
        let z = t.k(0, 32);
        let q = t.p.binary(BinOp::SDiv, i, y);
        let cmp = t.p.cmp(CmpOp::Sge, q, z);
        assert_eq!(t.p.to_c(cmp), "(x > y ? x : y) / y >= 0");
        let u = t.p.binary(BinOp::UDiv, x, y);
        assert_eq!(t.p.to_c(u), "(unsigned)x / (unsigned)y");
    }

    #[test]
    fn deep_chain_prints_without_parentheses() {
        let mut t = P::new();
        let x = t.var("x", 32, true);
        let y = t.var("y", 32, true);
        let mut acc = x;
        for i in 0..5 {
            acc = t.p.add(acc, if i % 2 == 0 { y } else { x });
        }
        assert_eq!(t.p.to_c(acc), "x + y + x + y + x + y");
    }
}
