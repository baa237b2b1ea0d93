//! glibc `strtold` (and `scanf`'s `%Lf`, and the front end's `L` constants): text to
//! the x87 80-bit format, correctly rounded. Decimal input is converted through exact
//! big integers (`bignum`), so halfway cases and subnormals round as glibc does.

use super::bignum::BigUint;
use super::f80::{round_pack, F80};
use super::strconv::{scan_float, FloatNum};

/// Result of [`strtold_like`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedLd {
    pub value: F80,
    /// `endptr - s`; 0 when there is no number.
    pub consumed: usize,
    /// ERANGE: overflow to ±inf.
    pub overflow: bool,
    /// ERANGE: a subnormal or zero result that is inexact.
    pub underflow: bool,
}

impl ParsedLd {
    pub fn erange(&self) -> bool {
        self.overflow || self.underflow
    }
}

/// Significant bits kept before the final rounding to 64: enough that one sticky bit
/// below them decides every tie.
const WORK_BITS: u32 = 120;
/// Decimal digits read exactly; later ones only count as a non-zero tail (far more than
/// the ~11,500 a double-rounding-critical 80-bit input can need in the normal range).
const MAX_DIGITS: usize = 12_000;
/// Decimal exponents beyond which the result is surely infinite or zero: 10^4933 is
/// above the largest value (1.19e4932), 10^-4952 below half the smallest subnormal
/// (3.6e-4951).
const DEC_MAX_POINT: i64 = 4933;
const DEC_MIN_POINT: i64 = -4951;

/// glibc `strtold`.
pub fn strtold_like(s: &[u8]) -> ParsedLd {
    let Some(t) = scan_float(s) else {
        return ParsedLd {
            value: F80::ZERO,
            consumed: 0,
            overflow: false,
            underflow: false,
        };
    };
    let neg = t.neg;
    let (value, overflow, underflow) = match t.num {
        FloatNum::Inf => (F80::inf(neg), false, false),
        FloatNum::NaN { payload, overflow } => {
            // A quiet NaN with the payload in the significand's low 62 bits.
            let m = 0xc000_0000_0000_0000 | (payload & ((1 << 62) - 1));
            let se = (u16::from(neg) << 15) | 0x7fff;
            (F80 { se, m }, overflow, false)
        }
        FloatNum::Hex { mant, sticky, exp } => {
            round_flags(neg, exp - 1, (mant << 1) | u128::from(sticky))
        }
        FloatNum::Dec { digits, point } => decimal(neg, &digits, point),
    };
    ParsedLd {
        value,
        consumed: t.consumed,
        overflow,
        underflow,
    }
}

/// `0.d1d2... × 10^point` rounded (digits without leading or trailing zeros).
fn decimal(neg: bool, digits: &[u8], point: i64) -> (F80, bool, bool) {
    if digits.is_empty() {
        return (F80::zero(neg), false, false);
    }
    if point > DEC_MAX_POINT {
        return (F80::inf(neg), true, false);
    }
    if point < DEC_MIN_POINT {
        return (F80::zero(neg), false, true);
    }
    let (digits, tail) = if digits.len() > MAX_DIGITS {
        (&digits[..MAX_DIGITS], true)
    } else {
        (digits, false)
    };
    // value = D × 10^-k = D × 2^-k / 5^k
    let k = digits.len() as i64 - point;
    let mut num = BigUint::from_digits(digits);
    let mut den = BigUint::from_u64(1);
    let mut e2 = -k;
    if k <= 0 {
        num.mul_pow5((-k) as u32);
    } else {
        den.mul_pow5(k as u32);
    }
    // Scale so that the quotient has about WORK_BITS bits.
    let sh = i64::from(WORK_BITS) + i64::from(den.bit_len()) - i64::from(num.bit_len());
    if sh >= 0 {
        num.shl(sh as u32);
    } else {
        den.shl((-sh) as u32);
    }
    e2 -= sh;
    let (q, rem) = num.div_small_quotient(&den);
    let sig = (q << 1) | u128::from(rem || tail);
    round_flags(neg, e2 - 1, sig)
}

/// Round `sig × 2^exp` (its lowest bit sticky) with glibc's ERANGE flags.
fn round_flags(neg: bool, exp: i64, sig: u128) -> (F80, bool, bool) {
    if sig == 0 {
        return (F80::zero(neg), false, false);
    }
    let v = round_pack(neg, exp, sig);
    let (_, biased) = v.raw_parts();
    if biased == 0x7fff {
        return (v, true, false);
    }
    // Inexact when bits below the kept ones are non-zero: the lowest kept bit has the
    // exponent of the top bit minus 63, or that of the subnormals.
    let top = exp + 127 - i64::from(sig.leading_zeros());
    let lsb = (top - 63).max(-16445);
    let drop = lsb - exp;
    let inexact = drop > 0 && (drop >= 128 || sig & ((1u128 << drop) - 1) != 0);
    (v, false, inexact && biased == 0)
}

#[cfg(test)]
#[path = "tests/strtold.rs"]
mod tests;
