//! C scalar arithmetic on canonical 64-bit values (see [`Scalar::canon`]). Shared by
//! constant folding in the front end and by the interpreter, so both agree exactly.

use super::{BinOp, Scalar, UnOp};
use crate::libc::f80::F80;
use std::cmp::Ordering;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ArithError {
    DivByZero,
    /// `INT_MIN / -1` and `INT_MIN % -1`: gcc's code traps (SIGFPE) on x86_64.
    DivOverflow,
    /// Shift count negative or not below the width of the promoted left operand.
    ShiftRange(i64),
}

impl ArithError {
    pub fn describe(self) -> String {
        match self {
            ArithError::DivByZero => "division by zero".into(),
            ArithError::DivOverflow => {
                "division overflow (the most negative value divided by -1)".into()
            }
            ArithError::ShiftRange(n) => {
                format!("shift by {n}, outside the width of the shifted type")
            }
        }
    }
}

#[inline(always)]
pub fn f64_of(ty: Scalar, v: u64) -> f64 {
    match ty {
        Scalar::F32 => f32::from_bits(v as u32) as f64,
        _ => f64::from_bits(v),
    }
}

#[inline(always)]
pub fn bits_of_f64(ty: Scalar, f: f64) -> u64 {
    match ty {
        Scalar::F32 => (f as f32).to_bits() as u64,
        _ => f.to_bits(),
    }
}

/// A binary operation on two values of kind `ty`. Comparisons yield an `int` 0 or 1.
#[inline(always)]
pub fn binop(op: BinOp, ty: Scalar, a: u64, b: u64) -> Result<u64, ArithError> {
    if ty.is_float() {
        return Ok(float_binop(op, ty, a, b));
    }
    let signed = ty.is_signed();
    let bits = ty.bits();
    let r = match op {
        BinOp::Add => a.wrapping_add(b),
        BinOp::Sub => a.wrapping_sub(b),
        BinOp::Mul => a.wrapping_mul(b),
        BinOp::Div | BinOp::Rem => {
            if ty.canon(b) == 0 {
                return Err(ArithError::DivByZero);
            }
            if signed {
                let (x, y) = (a as i64, b as i64);
                let min = if bits == 64 {
                    i64::MIN
                } else {
                    -(1i64 << (bits - 1))
                };
                if x == min && y == -1 {
                    return Err(ArithError::DivOverflow);
                }
                if op == BinOp::Div {
                    x.wrapping_div(y) as u64
                } else {
                    x.wrapping_rem(y) as u64
                }
            } else {
                let (x, y) = (ty.canon(a), ty.canon(b));
                if op == BinOp::Div {
                    x / y
                } else {
                    x % y
                }
            }
        }
        BinOp::Shl | BinOp::Shr => {
            // `b` is the promoted right operand, passed as a signed 64-bit count.
            let n = b as i64;
            if n < 0 || n >= bits as i64 {
                return Err(ArithError::ShiftRange(n));
            }
            if op == BinOp::Shl {
                a << n
            } else if signed {
                ((a as i64) >> n) as u64
            } else {
                ty.canon(a) >> n
            }
        }
        BinOp::And => a & b,
        BinOp::Or => a | b,
        BinOp::Xor => a ^ b,
        BinOp::Eq => (a == b) as u64,
        BinOp::Ne => (a != b) as u64,
        BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge => {
            let ord = if signed {
                (a as i64).cmp(&(b as i64))
            } else {
                a.cmp(&b)
            };
            let r = match op {
                BinOp::Lt => ord.is_lt(),
                BinOp::Le => ord.is_le(),
                BinOp::Gt => ord.is_gt(),
                _ => ord.is_ge(),
            };
            r as u64
        }
    };
    Ok(if op.is_comparison() { r } else { ty.canon(r) })
}

fn float_binop(op: BinOp, ty: Scalar, a: u64, b: u64) -> u64 {
    if ty == Scalar::F32 {
        let (x, y) = (f32::from_bits(a as u32), f32::from_bits(b as u32));
        let r = match op {
            BinOp::Add => x + y,
            BinOp::Sub => x - y,
            BinOp::Mul => x * y,
            BinOp::Div => x / y,
            _ => return float_cmp(op, x as f64, y as f64),
        };
        return r.to_bits() as u64;
    }
    let (x, y) = (f64::from_bits(a), f64::from_bits(b));
    let r = match op {
        BinOp::Add => x + y,
        BinOp::Sub => x - y,
        BinOp::Mul => x * y,
        BinOp::Div => x / y,
        _ => return float_cmp(op, x, y),
    };
    r.to_bits()
}

fn float_cmp(op: BinOp, x: f64, y: f64) -> u64 {
    (match op {
        BinOp::Eq => x == y,
        BinOp::Ne => x != y,
        BinOp::Lt => x < y,
        BinOp::Le => x <= y,
        BinOp::Gt => x > y,
        BinOp::Ge => x >= y,
        // Lowering never emits other operators on floats.
        _ => false,
    }) as u64
}

#[inline(always)]
pub fn unop(op: UnOp, ty: Scalar, a: u64) -> u64 {
    match (op, ty) {
        (UnOp::Neg, Scalar::F32) => (-f32::from_bits(a as u32)).to_bits() as u64,
        (UnOp::Neg, Scalar::F64) => (-f64::from_bits(a)).to_bits(),
        (UnOp::Neg, _) => ty.canon(a.wrapping_neg()),
        (UnOp::Not, _) => ty.canon(!a),
        (UnOp::LNot, Scalar::F32 | Scalar::F64) => (f64_of(ty, a) == 0.0) as u64,
        (UnOp::LNot, _) => (a == 0) as u64,
    }
}

/// Convert a value of kind `from` to kind `to` as C does (for float -> int, values out
/// of range give what x86_64's cvttsd2si gives: the "integer indefinite" value).
#[inline(always)]
pub fn cast(from: Scalar, to: Scalar, v: u64) -> u64 {
    if from == to {
        return v;
    }
    match (from.is_float(), to.is_float()) {
        (false, false) => to.canon(v),
        (true, true) => bits_of_f64(to, f64_of(from, v)),
        (false, true) => {
            let f = if from.is_signed() {
                v as i64 as f64
            } else {
                v as f64
            };
            // int -> float must round once, directly to f32.
            if to == Scalar::F32 {
                let f32v = if from.is_signed() {
                    v as i64 as f32
                } else {
                    v as f32
                };
                f32v.to_bits() as u64
            } else {
                f.to_bits()
            }
        }
        (true, false) => {
            let f = f64_of(from, v);
            float_to_int(f, to)
        }
    }
}

/// Whether the floating value `v` of kind `from` converts to the integer kind `to`
/// with its integral part representable (C11 6.3.1.4p1: otherwise the conversion is
/// undefined, and gcc's constant folding and the conversion instruction disagree).
pub fn float_fits(from: Scalar, to: Scalar, v: u64) -> bool {
    let t = f64_of(from, v).trunc();
    let (lo, hi) = int_range(to);
    t >= lo && t < hi
}

/// The integral values of an integer kind as a half-open range of floats, `lo <= t <
/// hi` (both powers of two or their negation, exact in any floating format).
fn int_range(to: Scalar) -> (f64, f64) {
    let bits = to.bits() as i32;
    if to.is_signed() {
        (-(2f64.powi(bits - 1)), 2f64.powi(bits - 1))
    } else {
        (0.0, 2f64.powi(bits))
    }
}

/// A conversion of a constant as gcc folds it at compile time: like [`cast`], except
/// that a floating value out of an integer kind's range saturates to the kind's limit
/// (and a NaN gives 0), where the conversion instruction at run time gives another
/// value. Used wherever regcause folds a conversion that gcc folds (constant operands,
/// static initialisers), so both give the same answer.
pub fn fold_cast(from: Scalar, to: Scalar, v: u64) -> u64 {
    if !from.is_float() || to.is_float() || float_fits(from, to, v) {
        return cast(from, to, v);
    }
    let f = f64_of(from, v);
    saturated(f.is_nan(), f < 0.0, to)
}

/// The value gcc folds an out-of-range conversion to: the kind's limit on the value's
/// side, 0 for a NaN.
fn saturated(nan: bool, negative: bool, to: Scalar) -> u64 {
    if nan {
        return 0;
    }
    let bits = to.bits();
    let v = match (to.is_signed(), negative) {
        (true, true) => 1u64 << (bits - 1),
        (true, false) => (1u64 << (bits - 1)) - 1,
        (false, true) => 0,
        (false, false) => u64::MAX >> (64 - bits),
    };
    to.canon(v)
}

/// [`fold_cast`] of a `long double` constant to an integer kind.
pub fn ld_fold_to_int(x: F80, to: Scalar) -> u64 {
    if ld_fits(x, to) {
        return ld_to_scalar(x, to);
    }
    saturated(x.is_nan(), x.is_negative(), to)
}

/// [`float_fits`] for a `long double` value.
pub fn ld_fits(x: F80, to: Scalar) -> bool {
    let (lo, hi) = int_range(to);
    // Truncation toward zero: anything above lo - 1 and below hi converts in range.
    let lo = F80::from_f64(lo).minus(F80::from_i64(1));
    let hi = F80::from_f64(hi);
    x.compare(lo) == Some(Ordering::Greater) && x.compare(hi) == Some(Ordering::Less)
}

fn float_to_int(f: f64, to: Scalar) -> u64 {
    let t = f.trunc();
    match to {
        Scalar::U64 | Scalar::Ptr => {
            // gcc converts via cvttsd2si with a bias for values >= 2^63.
            if t.is_nan() || t <= -9223372036854775809.0 || t >= 18446744073709551616.0 {
                0x8000_0000_0000_0000
            } else if t >= 9223372036854775808.0 {
                ((t - 9223372036854775808.0) as i64 as u64) ^ 0x8000_0000_0000_0000
            } else {
                t as i64 as u64
            }
        }
        Scalar::U32 => {
            // via a 64-bit signed conversion, then truncation
            if t.is_nan() || t <= -9223372036854775809.0 || t >= 9223372036854775808.0 {
                0
            } else {
                (t as i64 as u64) as u32 as u64
            }
        }
        Scalar::I64 => {
            if t.is_nan() || t <= -9223372036854775809.0 || t >= 9223372036854775808.0 {
                0x8000_0000_0000_0000
            } else {
                t as i64 as u64
            }
        }
        _ => {
            // 32-bit signed conversion (cvttsd2si to a 32-bit register), then narrowing.
            let i = if t.is_nan() || t <= -2147483649.0 || t >= 2147483648.0 {
                i32::MIN
            } else {
                t as i32
            };
            to.canon(i as i64 as u64)
        }
    }
}

// ---- long double (x87 extended, `libc::f80`), shared by constant folding and the
// interpreter like the scalar operations above ----------------------------------------

/// x87 `fist` with truncation: the integer of `bits` bits, or the "integer indefinite"
/// (only the top bit set) when it does not fit, as gcc's conversions produce.
fn fist(x: F80, bits: u32) -> u64 {
    x.to_int(bits, true).unwrap_or(1u64 << (bits - 1))
}

/// C's conversion of a `long double` to a scalar kind, with gcc's instruction choice
/// for out-of-range values (undefined in C): `char`s and `short` go through a 16-bit
/// `fist`, `unsigned short` and `int` a 32-bit one, `unsigned int` and `long` a 64-bit
/// one, and `unsigned long` subtracts 2^63 first when the value is at least that.
pub fn ld_to_scalar(x: F80, to: Scalar) -> u64 {
    let v = match to {
        Scalar::F32 => return u64::from(x.to_f32().to_bits()),
        Scalar::F64 => return x.to_f64().to_bits(),
        Scalar::I8 | Scalar::U8 | Scalar::I16 => fist(x, 16),
        Scalar::U16 | Scalar::I32 => fist(x, 32),
        Scalar::U32 | Scalar::I64 => fist(x, 64),
        Scalar::U64 | Scalar::Ptr => {
            let two63 = F80::from_u64(1 << 63);
            match x.compare(two63) {
                Some(Ordering::Greater | Ordering::Equal) => fist(x.minus(two63), 64) ^ (1 << 63),
                _ => fist(x, 64),
            }
        }
    };
    to.canon(v)
}

/// A scalar of kind `from` (canonical 64-bit value) as a `long double`: always exact.
pub fn scalar_to_ld(v: u64, from: Scalar) -> F80 {
    match from {
        Scalar::F32 => F80::from_f32(f32::from_bits(v as u32)),
        Scalar::F64 => F80::from_f64(f64::from_bits(v)),
        s if s.is_signed() => F80::from_i64(s.canon(v) as i64),
        s => F80::from_u64(s.canon(v)),
    }
}

/// The result of [`ld_binop`].
pub enum LdResult {
    Value(F80),
    /// A comparison's `int`.
    Truth(u64),
}

/// `a op b` for an arithmetic operator; a comparison gives 0 or 1 (false for NaNs,
/// but `!=`).
pub fn ld_binop(op: BinOp, a: F80, b: F80) -> LdResult {
    let ord = || a.compare(b);
    LdResult::Truth(match op {
        BinOp::Add => return LdResult::Value(a.plus(b)),
        BinOp::Sub => return LdResult::Value(a.minus(b)),
        BinOp::Mul => return LdResult::Value(a.times(b)),
        BinOp::Div => return LdResult::Value(a.divide(b)),
        BinOp::Eq => u64::from(ord() == Some(Ordering::Equal)),
        BinOp::Ne => u64::from(ord() != Some(Ordering::Equal)),
        BinOp::Lt => u64::from(ord() == Some(Ordering::Less)),
        BinOp::Le => u64::from(matches!(ord(), Some(Ordering::Less | Ordering::Equal))),
        BinOp::Gt => u64::from(ord() == Some(Ordering::Greater)),
        BinOp::Ge => u64::from(matches!(ord(), Some(Ordering::Greater | Ordering::Equal))),
        // The front end emits no other operator on long double.
        BinOp::Rem | BinOp::Shl | BinOp::Shr | BinOp::And | BinOp::Or | BinOp::Xor => 0,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// In range, a conversion is the same folded or run; out of range, a run gives the
    /// instruction's value and a fold saturates, as gcc's constant folding does.
    #[test]
    fn out_of_range_conversions_fold_as_gcc_and_run_as_the_instruction() {
        let d = |f: f64| f.to_bits();
        assert!(float_fits(Scalar::F64, Scalar::U8, d(255.9)));
        assert!(float_fits(Scalar::F64, Scalar::U8, d(-0.75)));
        assert!(!float_fits(Scalar::F64, Scalar::U8, d(256.0)));
        assert!(!float_fits(Scalar::F64, Scalar::I32, d(f64::NAN)));
        assert!(float_fits(Scalar::F64, Scalar::I32, d(-2147483648.9)));
        assert!(!float_fits(
            Scalar::F64,
            Scalar::I64,
            d(9223372036854775808.0)
        ));
        assert_eq!(cast(Scalar::F64, Scalar::U8, d(300.7)), 44);
        assert_eq!(fold_cast(Scalar::F64, Scalar::U8, d(300.7)), 255);
        assert_eq!(fold_cast(Scalar::F64, Scalar::U8, d(-3.0)), 0);
        assert_eq!(
            fold_cast(Scalar::F64, Scalar::I32, d(1e20)),
            i32::MAX as u64
        );
        assert_eq!(
            fold_cast(Scalar::F64, Scalar::I32, d(-1e20)) as i64,
            i32::MIN as i64
        );
        assert_eq!(fold_cast(Scalar::F64, Scalar::I32, d(f64::NAN)), 0);
        assert_eq!(fold_cast(Scalar::F64, Scalar::I32, d(17.9)), 17);
        let x = |f: f64| F80::from_f64(f);
        assert!(ld_fits(x(-2147483648.9), Scalar::I32));
        assert!(!ld_fits(x(2147483648.0), Scalar::I32));
        assert_eq!(ld_fold_to_int(x(300.7), Scalar::U8), 255);
        assert_eq!(ld_fold_to_int(x(1e20), Scalar::I32), i32::MAX as u64);
    }

    #[test]
    fn integer_semantics() {
        let m1 = Scalar::I32.canon(-1i64 as u64);
        assert_eq!(binop(BinOp::Lt, Scalar::I32, m1, 1).unwrap(), 1);
        assert_eq!(
            binop(BinOp::Lt, Scalar::U32, Scalar::U32.canon(m1), 1).unwrap(),
            0
        );
        assert_eq!(
            binop(BinOp::Add, Scalar::I32, 0x7fff_ffff, 1).unwrap() as i64,
            i32::MIN as i64
        );
        assert_eq!(
            binop(BinOp::Div, Scalar::I32, Scalar::I32.canon(-7i64 as u64), 2).unwrap() as i64,
            -3
        );
        assert_eq!(
            binop(BinOp::Rem, Scalar::I32, Scalar::I32.canon(-7i64 as u64), 2).unwrap() as i64,
            -1
        );
        assert_eq!(
            binop(BinOp::Div, Scalar::I32, 1, 0),
            Err(ArithError::DivByZero)
        );
        assert_eq!(
            binop(
                BinOp::Div,
                Scalar::I32,
                Scalar::I32.canon(i32::MIN as i64 as u64),
                Scalar::I32.canon(-1i64 as u64)
            ),
            Err(ArithError::DivOverflow)
        );
        assert_eq!(
            binop(BinOp::Shr, Scalar::I32, Scalar::I32.canon(-8i64 as u64), 1).unwrap() as i64,
            -4
        );
        assert_eq!(
            binop(BinOp::Shr, Scalar::U32, 0xffff_fff8, 1).unwrap(),
            0x7fff_fffc
        );
        assert_eq!(
            binop(BinOp::Shl, Scalar::I32, 1, 32),
            Err(ArithError::ShiftRange(32))
        );
        assert_eq!(binop(BinOp::Shl, Scalar::U32, 0x8000_0001, 1).unwrap(), 2);
    }

    #[test]
    fn casts() {
        assert_eq!(
            cast(Scalar::I32, Scalar::U8, Scalar::I32.canon(-1i64 as u64)),
            255
        );
        assert_eq!(cast(Scalar::U8, Scalar::I32, 255), 255);
        assert_eq!(
            cast(Scalar::I8, Scalar::U32, Scalar::I8.canon(0xff)),
            0xffff_ffff
        );
        assert_eq!(
            f64::from_bits(cast(
                Scalar::I32,
                Scalar::F64,
                Scalar::I32.canon(-3i64 as u64)
            )),
            -3.0
        );
        assert_eq!(
            cast(Scalar::F64, Scalar::I32, (-3.9f64).to_bits()) as i64,
            -3
        );
        assert_eq!(
            cast(Scalar::F64, Scalar::U64, 1e19f64.to_bits()),
            10_000_000_000_000_000_000
        );
        assert_eq!(
            f32::from_bits(cast(Scalar::F64, Scalar::F32, 0.1f64.to_bits()) as u32),
            0.1f32
        );
    }
}
