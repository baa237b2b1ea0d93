//! The `long double` functions of `<math.h>` that regcause models, exactly: `sqrtl`
//! (correctly rounded, from an exact integer square root), `floorl`, `ceill`, `truncl`,
//! `roundl` and `fmodl` (whose results are exact). `fabsl` is `F80::abs`.

use super::f80::{round_pack, F80Parts, F80};

/// The quiet form of a NaN operand (the x87 passes NaNs on quieted).
fn quiet(x: F80) -> F80 {
    F80 {
        m: x.m | 0xc000_0000_0000_0000,
        ..x
    }
}

/// `sqrtl`: negative operands (but -0) give the invalid operation's NaN.
pub fn sqrt(x: F80) -> F80 {
    match x.parts() {
        F80Parts::NaN => quiet(x),
        F80Parts::Finite { sig: 0, .. } => x,
        _ if x.is_negative() => F80::INDEFINITE,
        F80Parts::Inf => x,
        F80Parts::Finite { sig, exp } => {
            // value = sig × 2^exp, sig normalised (subnormals are not), exp even.
            let z = sig.leading_zeros();
            let (sig, exp) = (sig << z, exp - z as i32);
            let (sig, exp) = if exp % 2 != 0 {
                (u128::from(sig) << 1, i64::from(exp) - 1)
            } else {
                (u128::from(sig), i64::from(exp))
            };
            // The integer square root of sig × 4^EXTRA, bit pair by bit pair: a root of
            // at least 67 bits, and a remainder saying whether it is exact.
            const EXTRA: u32 = 34;
            let len = 128 - sig.leading_zeros() + 2 * EXTRA;
            let pairs = len.div_ceil(2);
            let (mut root, mut rem) = (0u128, 0u128);
            for i in (0..pairs).rev() {
                let bit = |b: u32| {
                    if b < 2 * EXTRA {
                        0
                    } else {
                        (sig >> (b - 2 * EXTRA)) & 1
                    }
                };
                let two = (bit(2 * i + 1) << 1) | bit(2 * i);
                rem = (rem << 2) | two;
                let trial = (root << 2) | 1;
                root <<= 1;
                if rem >= trial {
                    rem -= trial;
                    root |= 1;
                }
            }
            let sticky = u128::from(rem != 0);
            round_pack(false, exp / 2 - i64::from(EXTRA) - 1, (root << 1) | sticky)
        }
    }
}

/// How to round to an integer.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum ToInt {
    Floor,
    Ceil,
    Trunc,
    /// Half away from zero (`roundl`).
    Round,
}

/// `floorl`, `ceill`, `truncl`, `roundl`: exact; the sign of a zero result is the
/// operand's.
pub fn to_integral(x: F80, how: ToInt) -> F80 {
    let F80Parts::Finite { sig, exp } = x.parts() else {
        return if x.is_nan() { quiet(x) } else { x };
    };
    if sig == 0 || exp >= 0 {
        return x;
    }
    let neg = x.is_negative();
    // |x| = int + frac / 2^64 (the fraction scaled to 64 bits; below 2^-64 only its
    // being non-zero matters).
    let (int, frac) = if exp < -64 {
        (0, 1)
    } else if exp == -64 {
        (0, sig)
    } else {
        (sig >> -exp, sig << (64 + exp))
    };
    let up = frac != 0
        && match how {
            ToInt::Trunc => false,
            ToInt::Floor => neg,
            ToInt::Ceil => !neg,
            ToInt::Round => frac >= 1 << 63,
        };
    let m = int + u64::from(up);
    let v = F80::from_u64(m);
    if neg {
        v.negate()
    } else {
        v
    }
}

/// `fmodl`: `x - trunc(x / y) × y`, exact, with the sign of `x`.
pub fn fmod(x: F80, y: F80) -> F80 {
    if x.is_nan() {
        return quiet(x);
    }
    if y.is_nan() {
        return quiet(y);
    }
    let (F80Parts::Finite { sig: mx, exp: ex }, Some((my, ey))) = (x.parts(), finite(y)) else {
        // x infinite or y zero: invalid; y infinite: x.
        return if matches!(x.parts(), F80Parts::Finite { .. }) && y.parts() == F80Parts::Inf {
            x
        } else {
            F80::INDEFINITE
        };
    };
    if mx == 0 {
        return x;
    }
    // Align: r × 2^e with e stepping down to ey, reducing modulo my on the way.
    let (mut r, mut e) = (u128::from(mx), i64::from(ex));
    let ey = i64::from(ey);
    let my = u128::from(my);
    if e < ey {
        return x;
    }
    r %= my;
    while e > ey {
        let s = (e - ey).min(63);
        r = (r << s) % my;
        e -= s;
    }
    round_pack(x.is_negative(), ey, r)
}

/// A non-zero finite value's significand and exponent.
fn finite(y: F80) -> Option<(u64, i32)> {
    match y.parts() {
        F80Parts::Finite { sig, exp } if sig != 0 => Some((sig, exp)),
        _ => None,
    }
}

#[cfg(test)]
#[path = "tests/ldmath.rs"]
mod tests;
