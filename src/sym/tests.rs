//! Property tests of the symbolic layer: operator semantics against Rust
//! integer arithmetic, constant folding against evaluation, the simplifier
//! against unsimplified (`raw`) trees, z3 against evaluation, SMT-LIB2 text
//! through z3's parser, and deep expressions.

use proptest::prelude::*;

use super::*;

// ---------------------------------------------------------------------------
// Per-operator semantics at widths 1, 8, 16, 32, 64.

/// Checks `build(vars)` under the assignment and `build(consts)` folding,
/// both against `expected`.
fn check_op(
    width_args: &[(u64, u32)],
    expected: u64,
    what: &str,
    build: impl Fn(&mut ExprPool, &[ExprId]) -> ExprId,
) {
    let mut p = ExprPool::new();
    let vars: Vec<ExprId> = width_args
        .iter()
        .enumerate()
        .map(|(i, &(_, w))| {
            let v = p.new_var(&format!("v{i}"), w, false).unwrap();
            p.var(v)
        })
        .collect();
    let values: Vec<u64> = width_args.iter().map(|&(v, _)| v).collect();
    let e = build(&mut p, &vars);
    assert_eq!(
        p.eval(e, &values),
        expected,
        "eval of {what} on {width_args:?}"
    );
    let consts: Vec<ExprId> = width_args.iter().map(|&(v, w)| p.constant(v, w)).collect();
    let f = build(&mut p, &consts);
    assert_eq!(
        p.is_const(f),
        Some(expected),
        "folding of {what} on {width_args:?}: {:?}",
        p.node(f)
    );
    // Raw (unsimplified) nodes over constants evaluate the same way.
    let r = match p.node(e) {
        Node::Const { .. } => return,
        n => {
            let mut map = std::collections::HashMap::new();
            for (v, c) in vars.iter().zip(&consts) {
                map.insert(*v, *c);
            }
            let sub = |x: ExprId| map.get(&x).copied().unwrap_or(x);
            match n {
                Node::Unary(op, a) => Node::Unary(op, sub(a)),
                Node::Binary(op, a, b) => Node::Binary(op, sub(a), sub(b)),
                Node::Cmp(op, a, b) => Node::Cmp(op, sub(a), sub(b)),
                Node::ZExt(a, t) => Node::ZExt(sub(a), t),
                Node::SExt(a, t) => Node::SExt(sub(a), t),
                Node::Extract { e, hi, lo } => Node::Extract { e: sub(e), hi, lo },
                Node::Concat(a, b) => Node::Concat(sub(a), sub(b)),
                Node::Ite(c, a, b) => Node::Ite(sub(c), sub(a), sub(b)),
                other => other,
            }
        }
    };
    let re = p.raw(r);
    assert_eq!(p.eval(re, &values), expected, "raw eval of {what}");
}

/// Interesting values of `w` bits: edges and random.
fn value(w: u32) -> impl Strategy<Value = u64> {
    let m = mask(w);
    let sb = sign_bit(w);
    prop_oneof![
        3 => any::<u64>().prop_map(move |v| v & m),
        1 => Just(0u64),
        1 => Just(1u64 & m),
        1 => Just(m),
        1 => Just(sb),
        1 => Just(sb.wrapping_sub(1) & m),
        1 => (0u64..16).prop_map(move |v| v & m),
    ]
}

/// C-semantics reference implementations on Rust integer types. Returns
/// None where C leaves the result undefined (checked separately against
/// SMT-LIB rules).
macro_rules! reference {
    ($name:ident, $u:ty, $i:ty, $w:expr) => {
        mod $name {
            use super::*;

            pub fn unary(op: UnOp, a: u64) -> u64 {
                let a = a as $u;
                (match op {
                    UnOp::Neg => a.wrapping_neg(),
                    UnOp::Not => !a,
                }) as u64
            }

            pub fn binary(op: BinOp, a: u64, b: u64) -> Option<u64> {
                let (a, b) = (a as $u, b as $u);
                let (sa, sb) = (a as $i, b as $i);
                let r: $u = match op {
                    BinOp::Add => a.wrapping_add(b),
                    BinOp::Sub => a.wrapping_sub(b),
                    BinOp::Mul => a.wrapping_mul(b),
                    BinOp::UDiv => a.checked_div(b)?,
                    BinOp::URem => a.checked_rem(b)?,
                    // C truncates toward zero; MIN / -1 wraps (the SMT value).
                    BinOp::SDiv => {
                        if sb == 0 {
                            return None;
                        }
                        sa.wrapping_div(sb) as $u
                    }
                    BinOp::SRem => {
                        if sb == 0 {
                            return None;
                        }
                        sa.wrapping_rem(sb) as $u
                    }
                    BinOp::Shl => a.checked_shl(b.try_into().ok()?)?,
                    BinOp::LShr => a.checked_shr(b.try_into().ok()?)?,
                    BinOp::AShr => sa.checked_shr(b.try_into().ok()?)? as $u,
                    BinOp::And => a & b,
                    BinOp::Or => a | b,
                    BinOp::Xor => a ^ b,
                };
                Some(r as u64)
            }

            /// SMT-LIB values where C is undefined.
            pub fn binary_smt(op: BinOp, a: u64, b: u64) -> u64 {
                if let Some(r) = binary(op, a, b) {
                    return r;
                }
                let (a, b) = (a as $u, b as $u);
                let sa = a as $i;
                (match op {
                    BinOp::UDiv => <$u>::MAX,
                    BinOp::URem | BinOp::SRem => a,
                    BinOp::SDiv => {
                        if sa >= 0 {
                            <$u>::MAX
                        } else {
                            1
                        }
                    }
                    BinOp::Shl | BinOp::LShr => 0,
                    BinOp::AShr => {
                        if sa < 0 {
                            <$u>::MAX
                        } else {
                            0
                        }
                    }
                    _ => unreachable!("{op:?} {b}"),
                }) as u64
            }

            pub fn cmp(op: CmpOp, a: u64, b: u64) -> u64 {
                let (a, b) = (a as $u, b as $u);
                let (sa, sb) = (a as $i, b as $i);
                (match op {
                    CmpOp::Eq => a == b,
                    CmpOp::Ne => a != b,
                    CmpOp::Ult => a < b,
                    CmpOp::Ule => a <= b,
                    CmpOp::Ugt => a > b,
                    CmpOp::Uge => a >= b,
                    CmpOp::Slt => sa < sb,
                    CmpOp::Sle => sa <= sb,
                    CmpOp::Sgt => sa > sb,
                    CmpOp::Sge => sa >= sb,
                }) as u64
            }

            /// Zero and sign extension to a wider standard width, by Rust casts.
            pub fn ext(a: u64, to: u32, signed: bool) -> u64 {
                let a = a as $u;
                if signed {
                    let s = a as $i as i64;
                    (match to {
                        16 => s as i16 as u16 as u64,
                        32 => s as i32 as u32 as u64,
                        _ => s as u64,
                    })
                } else {
                    a as u64
                }
            }

            /// Truncation to a narrower standard width, by Rust casts.
            #[allow(dead_code)]
            pub fn trunc(a: u64, to: u32) -> u64 {
                let a = a as $u;
                match to {
                    8 => a as u8 as u64,
                    16 => a as u16 as u64,
                    32 => a as u32 as u64,
                    _ => a as u64,
                }
            }

            pub const W: u32 = $w;
        }
    };
}

reference!(r8, u8, i8, 8);
reference!(r16, u16, i16, 16);
reference!(r32, u32, i32, 32);
reference!(r64, u64, i64, 64);

/// Width 1 written out by hand: the bit b reads as signed value -b.
mod r1 {
    use super::*;
    pub const W: u32 = 1;
    fn s(a: u64) -> i8 {
        -(a as i8)
    }
    pub fn unary(op: UnOp, a: u64) -> u64 {
        match op {
            UnOp::Neg => a,
            UnOp::Not => a ^ 1,
        }
    }
    pub fn binary(op: BinOp, a: u64, b: u64) -> Option<u64> {
        Some(match op {
            BinOp::Add | BinOp::Sub | BinOp::Xor => a ^ b,
            BinOp::Mul | BinOp::And => a & b,
            BinOp::Or => a | b,
            BinOp::UDiv | BinOp::SDiv if b == 1 => a, // x / 1 and x / -1 (= -x = x)
            BinOp::URem | BinOp::SRem if b == 1 => 0,
            BinOp::Shl | BinOp::LShr | BinOp::AShr if b == 0 => a,
            _ => return None,
        })
    }
    pub fn binary_smt(op: BinOp, a: u64, b: u64) -> u64 {
        if let Some(r) = binary(op, a, b) {
            return r;
        }
        match op {
            BinOp::UDiv => 1,
            BinOp::URem | BinOp::SRem => a,
            // x / 0 is ~0 for x >= 0 and 1 for x < 0: both are 1 here.
            BinOp::SDiv => 1,
            BinOp::Shl | BinOp::LShr => 0,
            BinOp::AShr => a,
            _ => unreachable!(),
        }
    }
    pub fn cmp(op: CmpOp, a: u64, b: u64) -> u64 {
        (match op {
            CmpOp::Eq => a == b,
            CmpOp::Ne => a != b,
            CmpOp::Ult => a < b,
            CmpOp::Ule => a <= b,
            CmpOp::Ugt => a > b,
            CmpOp::Uge => a >= b,
            CmpOp::Slt => s(a) < s(b),
            CmpOp::Sle => s(a) <= s(b),
            CmpOp::Sgt => s(a) > s(b),
            CmpOp::Sge => s(a) >= s(b),
        }) as u64
    }
    pub fn ext(a: u64, to: u32, signed: bool) -> u64 {
        if signed && a == 1 {
            mask(to)
        } else {
            a
        }
    }
}

macro_rules! width_props {
    ($name:ident, $r:ident) => {
        mod $name {
            use super::*;
            const W: u32 = $r::W;

            proptest! {
                #![proptest_config(ProptestConfig::with_cases(256))]

                #[test]
                fn unary_ops(a in value(W)) {
                    for op in [UnOp::Neg, UnOp::Not] {
                        let exp = $r::unary(op, a);
                        check_op(&[(a, W)], exp, &format!("{op:?}"), |p, v| p.unary(op, v[0]));
                    }
                }

                #[test]
                fn binary_ops(a in value(W), b in value(W)) {
                    for op in BinOp::ALL {
                        let exp = $r::binary_smt(op, a, b);
                        check_op(&[(a, W), (b, W)], exp, &format!("{op:?}"), |p, v| {
                            p.binary(op, v[0], v[1])
                        });
                    }
                    // Shifts by an in-range amount, where C is defined.
                    let s = b % W as u64;
                    for op in [BinOp::Shl, BinOp::LShr, BinOp::AShr] {
                        let exp = $r::binary(op, a, s);
                        prop_assert!(exp.is_some());
                        check_op(&[(a, W), (s, W)], exp.unwrap_or(0), &format!("{op:?}"), |p, v| {
                            p.binary(op, v[0], v[1])
                        });
                    }
                }

                #[test]
                fn comparisons(a in value(W), b in value(W)) {
                    for op in CmpOp::ALL {
                        let exp = $r::cmp(op, a, b);
                        check_op(&[(a, W), (b, W)], exp, &format!("{op:?}"), |p, v| {
                            p.cmp(op, v[0], v[1])
                        });
                    }
                }

                #[test]
                fn extensions(a in value(W)) {
                    for to in [8u32, 16, 32, 64] {
                        if to <= W {
                            continue;
                        }
                        let z = $r::ext(a, to, false);
                        check_op(&[(a, W)], z, &format!("zext{to}"), |p, v| p.zext(v[0], to));
                        let s = $r::ext(a, to, true);
                        check_op(&[(a, W)], s, &format!("sext{to}"), |p, v| p.sext(v[0], to));
                        let c = $r::ext(a, to, true);
                        check_op(&[(a, W)], c, &format!("cast{to}"), |p, v| p.cast(v[0], to, true));
                    }
                }

                #[test]
                fn extracts_and_concats(a in value(W), b in value(16), lo in 0u32..64, len in 1u32..64) {
                    #[allow(clippy::modulo_one)]
                    let lo = lo % W;
                    let hi = (lo + len - 1).min(W - 1);
                    let exp = (a >> lo) & mask(hi - lo + 1);
                    check_op(&[(a, W)], exp, "extract", |p, v| p.extract(v[0], hi, lo));
                    if W <= 48 {
                        let exp = (a << 16) | b;
                        check_op(&[(a, W), (b, 16)], exp, "concat", |p, v| p.concat(v[0], v[1]));
                        let exp = (b << W) | a;
                        check_op(&[(b, 16), (a, W)], exp, "concat2", |p, v| p.concat(v[0], v[1]));
                    }
                }

                #[test]
                fn ite(c in 0u64..2, a in value(W), b in value(W)) {
                    let exp = if c == 1 { a } else { b };
                    check_op(&[(c, 1), (a, W), (b, W)], exp, "ite", |p, v| p.ite(v[0], v[1], v[2]));
                }
            }
        }
    };
}

width_props!(w1, r1);
width_props!(w8, r8);
width_props!(w16, r16);
width_props!(w32, r32);
width_props!(w64, r64);

macro_rules! trunc_props {
    ($name:ident, $r:ident) => {
        proptest! {
            #[test]
            fn $name(a in value($r::W)) {
                for to in [8u32, 16, 32] {
                    if to >= $r::W {
                        continue;
                    }
                    let exp = $r::trunc(a, to);
                    check_op(&[(a, $r::W)], exp, &format!("trunc{to}"), |p, v| p.extract(v[0], to - 1, 0));
                    check_op(&[(a, $r::W)], exp, &format!("cast{to}"), |p, v| p.cast(v[0], to, true));
                }
            }
        }
    };
}

trunc_props!(truncations_16, r16);
trunc_props!(truncations_32, r32);
trunc_props!(truncations_64, r64);

// ---------------------------------------------------------------------------
// Random expression trees.

/// SplitMix64: a tiny deterministic generator driven by proptest's seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    fn pick<T: Copy>(&mut self, xs: &[T]) -> T {
        xs[self.below(xs.len() as u64) as usize]
    }
}

/// Widths of the test variables v0..v4.
const VAR_WIDTHS: [u32; 7] = [8, 32, 16, 64, 1, 8, 32];

#[derive(Clone, Debug)]
enum Spec {
    Var(usize),
    Const(u64, u32),
    Un(UnOp, Box<Spec>),
    Bin(BinOp, Box<Spec>, Box<Spec>),
    Cmp(CmpOp, Box<Spec>, Box<Spec>),
    ZExt(Box<Spec>, u32),
    SExt(Box<Spec>, u32),
    Extract(Box<Spec>, u32, u32),
    Concat(Box<Spec>, Box<Spec>),
    Ite(Box<Spec>, Box<Spec>, Box<Spec>),
}

impl Spec {
    fn width(&self) -> u32 {
        match self {
            Spec::Var(i) => VAR_WIDTHS[*i],
            Spec::Const(_, w) => *w,
            Spec::Un(_, a) | Spec::Bin(_, a, _) => a.width(),
            Spec::Cmp(..) => 1,
            Spec::ZExt(_, w) | Spec::SExt(_, w) => *w,
            Spec::Extract(_, hi, lo) => hi - lo + 1,
            Spec::Concat(a, b) => a.width() + b.width(),
            Spec::Ite(_, a, _) => a.width(),
        }
    }
}

struct Gen {
    rng: Rng,
    /// Only constant leaves (to check full folding).
    consts_only: bool,
    /// Only what C can express exactly: widths 1, 8, 16, 32, 64 and no
    /// arithmetic other than logic on single bits.
    c_only: bool,
}

impl Gen {
    fn constant(&mut self, w: u32) -> Spec {
        let m = mask(w);
        let v = match self.rng.below(7) {
            0 => 0,
            1 => 1,
            2 => m,
            3 => sign_bit(w),
            4 => sign_bit(w).wrapping_sub(1),
            5 => self.rng.below(10),
            _ => self.rng.next(),
        };
        Spec::Const(v & m, w)
    }

    fn leaf(&mut self, w: u32) -> Spec {
        if !self.consts_only && self.rng.below(4) != 0 {
            let candidates: Vec<usize> = (0..VAR_WIDTHS.len())
                .filter(|&i| VAR_WIDTHS[i] == w)
                .collect();
            if !candidates.is_empty() {
                return Spec::Var(self.rng.pick(&candidates));
            }
            // A variable cast to this width.
            let i = self.rng.below(VAR_WIDTHS.len() as u64) as usize;
            let vw = VAR_WIDTHS[i];
            return if vw > w {
                let lo = self.rng.below((vw - w + 1) as u64) as u32;
                Spec::Extract(Box::new(Spec::Var(i)), lo + w - 1, lo)
            } else if self.rng.below(2) == 0 {
                Spec::ZExt(Box::new(Spec::Var(i)), w)
            } else {
                Spec::SExt(Box::new(Spec::Var(i)), w)
            };
        }
        self.constant(w)
    }

    fn gen(&mut self, w: u32, depth: u32) -> Spec {
        if depth == 0 || self.rng.below(5) == 0 {
            return self.leaf(w);
        }
        let d = depth - 1;
        let std_widths: &[u32] = if self.c_only {
            &[1, 8, 16, 32]
        } else {
            &[1, 8, 16, 32, 5]
        };
        match self.rng.below(11) {
            0 if self.c_only && w == 1 => Spec::Un(UnOp::Not, Box::new(self.gen(w, d))),
            0 => Spec::Un(
                self.rng.pick(&[UnOp::Neg, UnOp::Not]),
                Box::new(self.gen(w, d)),
            ),
            1..=3 => {
                let op = if self.c_only && w == 1 {
                    self.rng.pick(&[BinOp::And, BinOp::Or, BinOp::Xor])
                } else {
                    self.rng.pick(&BinOp::ALL)
                };
                let a = self.gen(w, d);
                let b = match self.rng.below(5) {
                    0 => a.clone(),
                    1 => self.constant(w),
                    _ => self.gen(w, d),
                };
                Spec::Bin(op, Box::new(a), Box::new(b))
            }
            4 if w == 1 => {
                let ow = if self.c_only {
                    self.rng.pick(&[1, 8, 16, 32, 64])
                } else {
                    self.rng.pick(&[1, 8, 16, 32, 64, 5])
                };
                let op = self.rng.pick(&CmpOp::ALL);
                let a = self.gen(ow, d);
                let b = if self.rng.below(3) == 0 {
                    self.constant(ow)
                } else {
                    self.gen(ow, d)
                };
                Spec::Cmp(op, Box::new(a), Box::new(b))
            }
            4 | 5 if w > 1 => {
                let iw = 1 + self.rng.below((w - 1) as u64) as u32;
                let iw = if self.c_only {
                    let smaller: Vec<u32> = std_widths.iter().copied().filter(|&x| x < w).collect();
                    self.rng.pick(&smaller)
                } else if self.rng.below(2) == 0 {
                    self.rng.pick(&[1, 8, 16, 32]).min(w - 1)
                } else {
                    iw
                };
                let a = Box::new(self.gen(iw, d));
                if self.rng.below(2) == 0 {
                    Spec::ZExt(a, w)
                } else {
                    Spec::SExt(a, w)
                }
            }
            6 if w < 64 => {
                let iw = if self.c_only {
                    self.rng.pick(&[8, 16, 32, 64]).max(w)
                } else {
                    self.rng.pick(&[8, 16, 32, 64, w + 1]).max(w)
                };
                let lo = self.rng.below((iw - w + 1) as u64) as u32;
                Spec::Extract(Box::new(self.gen(iw, d)), lo + w - 1, lo)
            }
            7 if w > 1 && (!self.c_only || w >= 16) => {
                let wl = if self.c_only {
                    w / 2
                } else {
                    1 + self.rng.below((w - 1) as u64) as u32
                };
                if self.rng.below(2) == 0 && w < 64 {
                    // Adjacent slices of one subtree.
                    let iw = 64;
                    let lo = self.rng.below((iw - w + 1) as u64) as u32;
                    let x = self.gen(iw, d);
                    Spec::Concat(
                        Box::new(Spec::Extract(Box::new(x.clone()), lo + w - 1, lo + wl)),
                        Box::new(Spec::Extract(Box::new(x), lo + wl - 1, lo)),
                    )
                } else {
                    Spec::Concat(Box::new(self.gen(w - wl, d)), Box::new(self.gen(wl, d)))
                }
            }
            8 => Spec::Ite(
                Box::new(self.gen(1, d)),
                Box::new(self.gen(w, d)),
                Box::new(self.gen(w, d)),
            ),
            _ => {
                // Arithmetic patterns the simplifier rewrites.
                let x = self.gen(w, d);
                let k = self.constant(w);
                let k2 = self.constant(w);
                let ops: &[BinOp] = if self.c_only && w == 1 {
                    &[BinOp::And, BinOp::Xor]
                } else {
                    &[BinOp::Add, BinOp::Sub, BinOp::Mul, BinOp::And, BinOp::Xor]
                };
                let inner = Spec::Bin(self.rng.pick(ops), Box::new(x.clone()), Box::new(k));
                match self.rng.below(3) {
                    0 if !(self.c_only && w == 1) => {
                        Spec::Bin(BinOp::Add, Box::new(inner), Box::new(k2))
                    }
                    0 => Spec::Bin(BinOp::Or, Box::new(inner), Box::new(k2)),
                    1 if !(self.c_only && w == 1) => {
                        Spec::Bin(BinOp::Sub, Box::new(inner), Box::new(x))
                    }
                    1 => Spec::Bin(BinOp::Xor, Box::new(inner), Box::new(x)),
                    _ => {
                        if w == 1 {
                            Spec::Un(UnOp::Not, Box::new(inner))
                        } else {
                            Spec::Cmp(self.rng.pick(&CmpOp::ALL), Box::new(inner), Box::new(k2))
                                .widen(w)
                        }
                    }
                }
            }
        }
    }
}

impl Spec {
    /// Zero-extends a width-1 spec to `w` bits.
    fn widen(self, w: u32) -> Spec {
        if w == 1 {
            self
        } else {
            Spec::ZExt(Box::new(self), w)
        }
    }
}

fn random_spec(seed: u64, w: u32, depth: u32, consts_only: bool) -> Spec {
    let mut g = Gen {
        rng: Rng(seed),
        consts_only,
        c_only: false,
    };
    g.gen(w, depth)
}

fn test_vars(p: &mut ExprPool) -> Vec<ExprId> {
    VAR_WIDTHS
        .iter()
        .enumerate()
        .map(|(i, &w)| {
            let v = p.new_var(&format!("v{i}"), w, i % 2 == 1).unwrap();
            p.var(v)
        })
        .collect()
}

/// Builds `s` either raw (no simplification) or through the simplifier.
fn build(p: &mut ExprPool, vars: &[ExprId], s: &Spec, raw: bool) -> ExprId {
    let node = match s {
        Spec::Var(i) => return vars[*i],
        Spec::Const(v, w) => {
            return if raw {
                p.raw(Node::Const {
                    value: *v,
                    width: *w as u8,
                })
            } else {
                p.constant(*v, *w)
            }
        }
        Spec::Un(op, a) => Node::Unary(*op, build(p, vars, a, raw)),
        Spec::Bin(op, a, b) => {
            let a = build(p, vars, a, raw);
            Node::Binary(*op, a, build(p, vars, b, raw))
        }
        Spec::Cmp(op, a, b) => {
            let a = build(p, vars, a, raw);
            Node::Cmp(*op, a, build(p, vars, b, raw))
        }
        Spec::ZExt(a, w) => Node::ZExt(build(p, vars, a, raw), *w as u8),
        Spec::SExt(a, w) => Node::SExt(build(p, vars, a, raw), *w as u8),
        Spec::Extract(a, hi, lo) => Node::Extract {
            e: build(p, vars, a, raw),
            hi: *hi as u8,
            lo: *lo as u8,
        },
        Spec::Concat(a, b) => {
            let a = build(p, vars, a, raw);
            Node::Concat(a, build(p, vars, b, raw))
        }
        Spec::Ite(c, a, b) => {
            let c = build(p, vars, c, raw);
            let a = build(p, vars, a, raw);
            Node::Ite(c, a, build(p, vars, b, raw))
        }
    };
    if raw {
        p.raw(node)
    } else {
        p.mk(node)
    }
}

fn width_strategy() -> impl Strategy<Value = u32> {
    prop_oneof![Just(1u32), Just(8), Just(16), Just(32), Just(64), 2u32..64]
}

fn assignment() -> impl Strategy<Value = Vec<u64>> {
    (
        value(8),
        value(32),
        value(16),
        value(64),
        0u64..2,
        value(8),
        value(32),
    )
        .prop_map(|(a, b, c, d, e, f, g)| vec![a, b, c, d, e, f, g])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    /// eval(simplified) == eval(raw) on random trees and assignments.
    #[test]
    fn simplifier_is_sound(seed in any::<u64>(), w in width_strategy(), depth in 1u32..6, vals in assignment()) {
        let spec = random_spec(seed, w, depth, false);
        let mut p = ExprPool::new();
        let vars = test_vars(&mut p);
        let raw = build(&mut p, &vars, &spec, true);
        let simp = build(&mut p, &vars, &spec, false);
        prop_assert_eq!(p.width(raw), spec.width());
        prop_assert_eq!(p.width(raw), p.width(simp));
        let (r, s) = (p.eval(raw, &vals), p.eval(simp, &vals));
        prop_assert_eq!(r, s, "raw {} vs simplified {}", p.to_smt2(raw), p.to_smt2(simp));
    }

    /// Trees over constants only fold to one constant equal to eval(raw).
    #[test]
    fn constant_trees_fold(seed in any::<u64>(), w in width_strategy(), depth in 1u32..6) {
        let spec = random_spec(seed, w, depth, true);
        let mut p = ExprPool::new();
        let vars = test_vars(&mut p);
        let raw = build(&mut p, &vars, &spec, true);
        let simp = build(&mut p, &vars, &spec, false);
        let r = p.eval(raw, &Vec::<u64>::new());
        prop_assert_eq!(p.is_const(simp), Some(r), "{}", p.to_smt2(raw));
    }
}

/// Asserts `var_i == vals[i]` for the variables of `e`, plus `e == r` or
/// `e != r`.
fn pinned(
    p: &mut ExprPool,
    vars: &[ExprId],
    vals: &[u64],
    e: ExprId,
    r: u64,
    equal: bool,
) -> Vec<ExprId> {
    let mut cs = Vec::new();
    for (i, &v) in vars.iter().enumerate() {
        let k = p.constant(vals[i], p.width(v));
        cs.push(p.raw(Node::Cmp(CmpOp::Eq, v, k)));
    }
    let k = p.constant(r, p.width(e));
    cs.push(p.raw(Node::Cmp(if equal { CmpOp::Eq } else { CmpOp::Ne }, e, k)));
    cs
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    /// z3 agrees with eval on raw and simplified random trees.
    #[test]
    fn z3_agrees_with_eval(seed in any::<u64>(), w in width_strategy(), depth in 1u32..5, vals in assignment()) {
        let spec = random_spec(seed, w, depth, false);
        let mut p = ExprPool::new();
        let vars = test_vars(&mut p);
        let mut solver = Solver::new();
        for raw in [true, false] {
            let e = build(&mut p, &vars, &spec, raw);
            let r = p.eval(e, &vals);
            let sat = pinned(&mut p, &vars, &vals, e, r, true);
            match solver.check(&p, &sat, 10_000) {
                SolveResult::Sat(m) => {
                    for (i, &v) in vars.iter().enumerate() {
                        let var = p.is_var(v).unwrap();
                        prop_assert_eq!(m.get(var), Some(vals[i]));
                    }
                    prop_assert_eq!(p.eval(e, &m), r);
                }
                other => prop_assert!(false, "expected sat, got {:?} for {}", other, p.to_smt2(e)),
            }
            let unsat = pinned(&mut p, &vars, &vals, e, r, false);
            prop_assert_eq!(solver.check(&p, &unsat, 10_000), SolveResult::Unsat, "{}", p.to_smt2(e));
        }
    }

    /// The SMT-LIB2 script and term text parse in z3 and mean the same.
    #[test]
    fn smt2_text_parses_in_z3(seed in any::<u64>(), w in width_strategy(), depth in 1u32..5, vals in assignment()) {
        let spec = random_spec(seed, w, depth, false);
        let mut p = ExprPool::new();
        let vars = test_vars(&mut p);
        let e = build(&mut p, &vars, &spec, seed % 2 == 0);
        let r = p.eval(e, &vals);
        for equal in [true, false] {
            let cs = pinned(&mut p, &vars, &vals, e, r, equal);
            let script = p.smt2_script(&cs);
            let s = z3::Solver::new();
            s.from_string(script.clone());
            prop_assert_eq!(s.get_assertions().len(), cs.len(), "{}", script);
            let expect = if equal { z3::SatResult::Sat } else { z3::SatResult::Unsat };
            prop_assert_eq!(s.check(), expect, "{}", script);
        }
        // The standalone term, embedded by hand.
        let mut text = String::new();
        for (i, &v) in vars.iter().enumerate() {
            let w = p.width(v);
            text.push_str(&format!("(declare-fun |v{i}| () (_ BitVec {w}))\n"));
            text.push_str(&format!("(assert (= |v{i}| (_ bv{} {w})))\n", vals[i]));
        }
        text.push_str(&format!("(assert (not (= {} (_ bv{r} {}))))\n", p.to_smt2(e), p.width(e)));
        let s = z3::Solver::new();
        s.from_string(text.clone());
        prop_assert_eq!(s.get_assertions().len(), vars.len() + 1, "{}", text);
        prop_assert_eq!(s.check(), z3::SatResult::Unsat, "{}", text);
    }
}

// ---------------------------------------------------------------------------
// The printed C means the same as the expression: compile with gcc and run.

/// Whether C evaluates `e` without undefined behaviour or traps under `vals`
/// (divisors non-zero, no `MIN / -1` at int width or more, shift amounts
/// below the width), and only with operators C expresses on single bits.
fn c_defined(p: &ExprPool, e: ExprId, vals: &[u64]) -> bool {
    let mut ev = Evaluator::new(p, vals);
    for x in p.post_order(&[e]) {
        if let Node::Binary(op, a, b) = p.node(x) {
            let w = p.width(x);
            let (va, vb) = (ev.eval(a), ev.eval(b));
            let ok = match op {
                BinOp::UDiv | BinOp::URem | BinOp::SDiv | BinOp::SRem => {
                    vb != 0
                        && w > 1
                        && !(matches!(op, BinOp::SDiv | BinOp::SRem)
                            && w >= 32
                            && va == sign_bit(w)
                            && vb == mask(w))
                }
                BinOp::Shl | BinOp::LShr | BinOp::AShr => w > 1 && vb < w as u64,
                _ => true,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

#[test]
fn to_c_matches_gcc() {
    let gcc_ok = std::process::Command::new("gcc")
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !gcc_ok {
        eprintln!("gcc not found: skipping");
        return;
    }
    let ctypes = [
        "unsigned char",
        "int",
        "unsigned short",
        "long",
        "unsigned char",
        "signed char",
        "unsigned",
    ];
    let mut rng = Rng(0x5eed);
    let mut program = String::from("#include <limits.h>\n#include <stdio.h>\nint main(void) {\n");
    let mut expected = Vec::new();
    let mut texts = Vec::new();
    let mut p = ExprPool::new();
    let vars = test_vars(&mut p);
    while expected.len() < 4000 {
        let w = rng.pick(&[1u32, 1, 8, 16, 32, 32, 64]);
        let mut g = Gen {
            rng: Rng(rng.next()),
            consts_only: false,
            c_only: true,
        };
        let spec = g.gen(w, 1 + rng.below(4) as u32);
        let vals: Vec<u64> = VAR_WIDTHS
            .iter()
            .map(|&vw| {
                let m = mask(vw);
                match rng.below(4) {
                    0 => rng.below(4) & m,
                    1 => m.wrapping_sub(rng.below(3)) & m,
                    _ => rng.next() & m,
                }
            })
            .collect();
        let e = build(&mut p, &vars, &spec, false);
        if !c_defined(&p, e, &vals) {
            continue;
        }
        let text = p.to_c(e);
        program.push_str("{ ");
        for (i, &v) in vals.iter().enumerate() {
            program.push_str(&format!("{} v{i} = ({}){v}ull; ", ctypes[i], ctypes[i]));
        }
        program.push_str(&format!(
            "printf(\"%llu\\n\", (unsigned long long)({text}) & {}ull); }}\n",
            mask(p.width(e))
        ));
        expected.push(p.eval(e, &vals));
        texts.push((text, vals));
    }
    program.push_str("return 0;\n}\n");
    let dir = std::env::temp_dir().join(format!("regcause-sym-c-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("t.c");
    let exe = dir.join("t");
    std::fs::write(&src, &program).unwrap();
    let out = std::process::Command::new("gcc")
        .args(["-std=gnu11", "-O0", "-fwrapv", "-w", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let run = std::process::Command::new(&exe).output().unwrap();
    assert!(run.status.success());
    let got: Vec<u64> = String::from_utf8_lossy(&run.stdout)
        .lines()
        .map(|l| l.parse().unwrap())
        .collect();
    assert_eq!(got.len(), expected.len());
    let mut bad = Vec::new();
    for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
        if g != e {
            bad.push(format!(
                "C {g} vs eval {e}: {} with {:?}",
                texts[i].0, texts[i].1
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        bad.is_empty(),
        "{} of {} differ:\n{}",
        bad.len(),
        got.len(),
        bad[..bad.len().min(15)].join("\n")
    );
}

// ---------------------------------------------------------------------------
// Deep expressions.

const DEPTH: usize = 100_000;

#[test]
fn summing_a_value_many_times_collapses() {
    let mut p = ExprPool::new();
    let x = p.new_var("x", 32, true).unwrap();
    let xe = p.var(x);
    let mut acc = p.constant(0, 32);
    for _ in 0..DEPTH {
        acc = p.add(acc, xe);
    }
    assert_eq!(p.to_c(acc), format!("x * {DEPTH}"));
    assert_eq!(p.eval(acc, &vec![3u64]), (3 * DEPTH as u64) & 0xffff_ffff);
}

#[test]
fn deep_expressions_do_not_overflow_the_stack() {
    let mut p = ExprPool::new();
    let x = p.new_var("x", 32, true).unwrap();
    let y = p.new_var("y", 32, true).unwrap();
    let (xe, ye) = (p.var(x), p.var(y));
    let mut acc = xe;
    for i in 0..DEPTH {
        acc = p.add(acc, if i % 2 == 0 { ye } else { xe });
    }
    assert!(p.dag_size(acc) > DEPTH, "the chain must stay deep");
    let vals = vec![5u64, 7];
    let expect = 5u64 + (DEPTH as u64 / 2) * 7 + (DEPTH as u64 / 2) * 5;
    assert_eq!(p.eval(acc, &vals), expect & 0xffff_ffff);
    assert_eq!(p.vars_of(acc).len(), 2);
    let c = p.to_c(acc);
    assert!(c.starts_with("x + y + x") && !c.contains('('));
    let s = p.to_smt2(acc);
    assert!(s.len() > DEPTH * 8);
    let script = {
        let k = p.constant(expect, 32);
        let c = p.eq(acc, k);
        p.smt2_script(&[c])
    };
    assert!(script.contains("(assert"));
    // Translation to z3 (and solving, with both inputs pinned).
    let k5 = p.constant(5, 32);
    let k7 = p.constant(7, 32);
    let cx = p.eq(xe, k5);
    let cy = p.eq(ye, k7);
    let ke = p.constant(expect, 32);
    let ce = p.eq(acc, ke);
    let mut solver = Solver::new();
    match solver.check(&p, &[cx, cy, ce], 60_000) {
        SolveResult::Sat(m) => {
            assert_eq!(m.get(x), Some(5));
            assert_eq!(m.get(y), Some(7));
        }
        other => panic!("{other:?}"),
    }
    let ne = p.negate(ce);
    assert_eq!(solver.check(&p, &[cx, cy, ne], 60_000), SolveResult::Unsat);
}

// ---------------------------------------------------------------------------
// Micro benchmark (run with `cargo test --release -- --ignored --nocapture`).

#[test]
#[ignore]
fn bench_node_construction() {
    let n: u64 = std::env::var("SYM_BENCH_N")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(2_000_000);
    let mut p = ExprPool::new();
    let x = p.new_var("x", 32, true).unwrap();
    let y = p.new_var("y", 32, true).unwrap();
    let (xe, ye) = (p.var(x), p.var(y));
    let t = std::time::Instant::now();
    let mut acc = xe;
    for i in 0..n {
        let k = p.constant(i, 32);
        let s = p.binary(BinOp::Xor, acc, k);
        acc = p.add(s, ye);
    }
    let el = t.elapsed();
    let nodes = p.len() as f64;
    println!(
        "new nodes: {:.1} ns per constructor call, {:.1} ns per interned node ({} nodes)",
        el.as_nanos() as f64 / (3 * n) as f64,
        el.as_nanos() as f64 / nodes,
        p.len()
    );
    // Re-building existing nodes: pure hash-cons hits.
    let t = std::time::Instant::now();
    let mut acc2 = xe;
    for i in 0..n {
        let k = p.constant(i, 32);
        let s = p.binary(BinOp::Xor, acc2, k);
        acc2 = p.add(s, ye);
    }
    assert_eq!(acc, acc2);
    let el = t.elapsed();
    println!(
        "existing nodes: {:.1} ns per constructor call",
        el.as_nanos() as f64 / (3 * n) as f64
    );
    // Typical interpreter step: a comparison of a fresh sum with a constant.
    let t = std::time::Instant::now();
    for i in 0..n {
        let k = p.constant(i, 32);
        let s = p.add(xe, k);
        let _ = p.cmp(CmpOp::Slt, s, ye);
    }
    let el = t.elapsed();
    println!(
        "add+cmp step: {:.1} ns per constructor call",
        el.as_nanos() as f64 / (3 * n) as f64
    );
    // Solver round trips on a small query, with and without a deadline.
    let k = p.constant(7, 32);
    let c1 = p.cmp(CmpOp::Sgt, xe, k);
    let c2 = p.cmp(CmpOp::Slt, xe, ye);
    let mut solver = Solver::new();
    for timeout in [0u32, 10_000] {
        let t = std::time::Instant::now();
        for _ in 0..200 {
            assert!(matches!(
                solver.check(&p, &[c1, c2], timeout),
                SolveResult::Sat(_)
            ));
        }
        println!(
            "check (timeout {timeout}): {:.1} us per call",
            t.elapsed().as_nanos() as f64 / 200.0 / 1000.0
        );
    }
    let t = std::time::Instant::now();
    let vals = vec![3u64, 4];
    let v = p.eval(acc, &vals);
    println!(
        "eval of a {}-node chain: {:.1} ns per node (value {v})",
        p.dag_size(acc),
        t.elapsed().as_nanos() as f64 / p.dag_size(acc) as f64
    );
}

#[test]
#[ignore]
fn simplifier_statistics() {
    let (mut smaller, mut total, mut consts) = (0, 0, 0);
    for seed in 0..5000u64 {
        let w = [1u32, 8, 16, 32, 64][seed as usize % 5];
        let spec = random_spec(seed.wrapping_mul(0x9e3779b97f4a7c15), w, 5, false);
        let mut p = ExprPool::new();
        let vars = test_vars(&mut p);
        let raw = build(&mut p, &vars, &spec, true);
        let simp = build(&mut p, &vars, &spec, false);
        total += 1;
        if p.dag_size(simp) < p.dag_size(raw) {
            smaller += 1;
        }
        if p.is_const(simp).is_some() {
            consts += 1;
        }
        if seed < 12 {
            println!("{}\n  => {}", p.to_c(raw), p.to_c(simp));
        }
    }
    println!("{smaller}/{total} simplified smaller, {consts} to constants");
}

// ---------------------------------------------------------------------------
// Exhaustive checks of the narrowing rules on 4-bit variables extended to 8.

/// Every value of `x` (and `y`): the simplified `build` equals its raw form.
fn exhaustive(build: impl Fn(&mut ExprPool, ExprId, ExprId, bool) -> ExprId) {
    let mut p = ExprPool::new();
    let x = p.new_var("x", 4, false).unwrap();
    let y = p.new_var("y", 4, true).unwrap();
    let (xe, ye) = (p.var(x), p.var(y));
    let raw = build(&mut p, xe, ye, true);
    let simp = build(&mut p, xe, ye, false);
    for a in 0..16u64 {
        for b in 0..16u64 {
            let vals = vec![a, b];
            assert_eq!(
                p.eval(raw, &vals),
                p.eval(simp, &vals),
                "x={a} y={b}: {} vs {}",
                p.to_smt2(raw),
                p.to_smt2(simp)
            );
        }
    }
}

fn node(p: &mut ExprPool, n: Node, raw: bool) -> ExprId {
    if raw {
        p.raw(n)
    } else {
        p.mk(n)
    }
}

#[test]
fn narrowing_of_comparisons_with_constants() {
    for op in CmpOp::ALL {
        for c in 0..256u64 {
            for signed in [false, true] {
                exhaustive(|p, x, _, raw| {
                    let e = node(
                        p,
                        if signed {
                            Node::SExt(x, 8)
                        } else {
                            Node::ZExt(x, 8)
                        },
                        raw,
                    );
                    let k = p.constant(c, 8);
                    node(p, Node::Cmp(op, e, k), raw)
                });
            }
        }
    }
}

#[test]
fn narrowing_of_comparisons_of_extensions() {
    for op in CmpOp::ALL {
        for (sx, sy) in [(false, false), (true, true), (false, true), (true, false)] {
            exhaustive(|p, x, y, raw| {
                let a = node(
                    p,
                    if sx {
                        Node::SExt(x, 8)
                    } else {
                        Node::ZExt(x, 8)
                    },
                    raw,
                );
                let b = node(
                    p,
                    if sy {
                        Node::SExt(y, 8)
                    } else {
                        Node::ZExt(y, 8)
                    },
                    raw,
                );
                node(p, Node::Cmp(op, a, b), raw)
            });
        }
    }
}

#[test]
fn truncation_pushed_into_arithmetic() {
    for op in BinOp::ALL {
        for (sx, sy) in [(false, false), (true, true), (false, true)] {
            for hi in 0..8u8 {
                exhaustive(|p, x, y, raw| {
                    let a = node(
                        p,
                        if sx {
                            Node::SExt(x, 8)
                        } else {
                            Node::ZExt(x, 8)
                        },
                        raw,
                    );
                    let b = node(
                        p,
                        if sy {
                            Node::SExt(y, 8)
                        } else {
                            Node::ZExt(y, 8)
                        },
                        raw,
                    );
                    let s = node(p, Node::Binary(op, a, b), raw);
                    node(p, Node::Extract { e: s, hi, lo: 0 }, raw)
                });
            }
        }
    }
}

#[test]
fn equalities_through_offsets_and_ites() {
    for c in 0..16u64 {
        for k in [0u64, 1, 7, 8, 15] {
            for op in [CmpOp::Eq, CmpOp::Ne] {
                exhaustive(|p, x, y, raw| {
                    let kk = p.constant(k, 4);
                    let s = node(p, Node::Binary(BinOp::Add, x, kk), raw);
                    let t = node(p, Node::Binary(BinOp::Xor, s, kk), raw);
                    let n = node(p, Node::Unary(UnOp::Neg, t), raw);
                    let cond = node(p, Node::Cmp(CmpOp::Slt, x, y), raw);
                    let i = node(p, Node::Ite(cond, kk, n), raw);
                    let cc = p.constant(c, 4);
                    node(p, Node::Cmp(op, i, cc), raw)
                });
            }
        }
    }
}

/// Keys that differ only above bit 15 (expression ids of a large pool) fall in many
/// buckets: tables index by a hash's low bits.
#[test]
fn hashes_spread_keys_that_differ_in_high_bits() {
    use std::hash::BuildHasher;
    let b = super::FxBuild::default();
    let buckets: std::collections::HashSet<u64> = (0..1024u32)
        .map(|k| b.hash_one((7u32, ExprId(k << 16))) & 1023)
        .collect();
    assert!(buckets.len() > 512, "{} buckets of 1024", buckets.len());
}
