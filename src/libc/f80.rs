//! x87 80-bit extended precision (gcc's `long double` on x86-64), in software: a 15-bit
//! biased exponent and a 64-bit significand with an explicit integer bit, rounded to
//! nearest, ties to even, as the x87 unit does with its default control word.
//!
//! Special values follow the x87 unit, not IEEE's "any NaN": an invalid operation
//! (`inf - inf`, `0 * inf`, `0 / 0`) gives the "real indefinite" NaN, which has the
//! sign bit set (glibc prints it `-nan`); a NaN operand is passed on quieted, and of two
//! NaNs the one with the larger significand wins. Encodings the x87 refuses as operands
//! (unnormals: a non-zero exponent without the integer bit) behave as that NaN too.
//!
//! This is the arithmetic the interpreter runs `long double` statements with
//! (`ir::arith`), and what printf needs of a value (`printf` formats `%Lf`, `%Le`,
//! `%Lg`, `%La` from it).

use std::cmp::Ordering;

/// What printf needs of a value (see [`F80::parts`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum F80Parts {
    NaN,
    Inf,
    Finite { sig: u64, exp: i32 },
}

/// One `long double` value: `se` is the sign (bit 15) and biased exponent, `m` the
/// significand (bit 63 is the integer bit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct F80 {
    pub se: u16,
    pub m: u64,
}

const BIAS: i64 = 16383;
const MAX_BIASED: u16 = 0x7fff;
const INT_BIT: u64 = 1 << 63;
/// The exponent of the significand's lowest bit in the smallest normal and in every
/// subnormal value: 2^-16382 = 2^63 * 2^-16445.
const MIN_LSB_EXP: i64 = -16445;

/// What a value is, with finite ones as `sig * 2^exp`.
enum Class {
    Zero(bool),
    Finite { neg: bool, exp: i64, sig: u64 },
    Inf(bool),
    NaN,
}

impl F80 {
    pub const ZERO: F80 = F80 { se: 0, m: 0 };
    /// The x87 "real indefinite": the NaN of an invalid operation.
    pub const INDEFINITE: F80 = F80 {
        se: 0xffff,
        m: 0xc000_0000_0000_0000,
    };

    pub fn from_bytes(b: [u8; 10]) -> F80 {
        let mut m = [0u8; 8];
        m.copy_from_slice(&b[..8]);
        F80 {
            m: u64::from_le_bytes(m),
            se: u16::from_le_bytes([b[8], b[9]]),
        }
    }

    /// The 10 significant bytes as they lie in memory (little-endian).
    pub fn to_bytes(self) -> [u8; 10] {
        let mut out = [0u8; 10];
        out[..8].copy_from_slice(&self.m.to_le_bytes());
        out[8..].copy_from_slice(&self.se.to_le_bytes());
        out
    }

    pub fn is_negative(self) -> bool {
        self.se & 0x8000 != 0
    }

    fn biased(self) -> u16 {
        self.se & MAX_BIASED
    }

    /// The value as printf sees it: NaN (unnormals included, which the x87 refuses as
    /// operands), infinity, or `sig × 2^exp` (zero has `sig == 0`); the sign aside.
    pub fn parts(self) -> F80Parts {
        match self.class() {
            Class::NaN => F80Parts::NaN,
            Class::Inf(_) => F80Parts::Inf,
            Class::Zero(_) => F80Parts::Finite { sig: 0, exp: 0 },
            Class::Finite { exp, sig, .. } => F80Parts::Finite {
                sig,
                exp: exp as i32,
            },
        }
    }

    /// The stored significand and biased exponent (`%La` prints these digits).
    pub fn raw_parts(self) -> (u64, u16) {
        (self.m, self.biased())
    }

    pub fn is_nan(self) -> bool {
        matches!(self.class(), Class::NaN)
    }

    /// C's `fpclassify` with glibc's values: `FP_NAN` 0 (unnormals included),
    /// `FP_INFINITE` 1, `FP_ZERO` 2, `FP_SUBNORMAL` 3, `FP_NORMAL` 4.
    pub fn fpclassify(self) -> i32 {
        match self.class() {
            Class::NaN => 0,
            Class::Inf(_) => 1,
            Class::Zero(_) => 2,
            Class::Finite { .. } if self.biased() == 0 => 3,
            Class::Finite { .. } => 4,
        }
    }

    fn class(self) -> Class {
        let neg = self.is_negative();
        let b = self.biased();
        if b == MAX_BIASED {
            return match self.m {
                INT_BIT => Class::Inf(neg),
                _ => Class::NaN,
            };
        }
        if b == 0 {
            // Subnormals (and pseudo-denormals, integer bit set, which the x87 reads
            // with the same scale).
            return if self.m == 0 {
                Class::Zero(neg)
            } else {
                Class::Finite {
                    neg,
                    exp: MIN_LSB_EXP,
                    sig: self.m,
                }
            };
        }
        if self.m & INT_BIT == 0 {
            return Class::NaN; // unnormal: an invalid operand
        }
        Class::Finite {
            neg,
            exp: i64::from(b) - BIAS - 63,
            sig: self.m,
        }
    }

    pub fn zero(neg: bool) -> F80 {
        F80 {
            se: u16::from(neg) << 15,
            m: 0,
        }
    }

    pub fn inf(neg: bool) -> F80 {
        F80 {
            se: (u16::from(neg) << 15) | MAX_BIASED,
            m: INT_BIT,
        }
    }

    /// The NaN an operation with NaN operands gives: the operand NaN quieted, of two
    /// the one with the larger significand (bit 62, the quiet bit, set). Non-NaN
    /// invalid encodings become the real indefinite.
    fn nan_of(a: F80, b: Option<F80>) -> F80 {
        let q = |x: F80| {
            if x.biased() == MAX_BIASED && x.m & INT_BIT != 0 {
                Some(F80 {
                    se: x.se,
                    m: x.m | (1 << 62),
                })
            } else {
                None
            }
        };
        // An encoding the x87 refuses (an unnormal) makes the operation invalid, which
        // wins over passing a NaN on.
        if [Some(a), b]
            .into_iter()
            .flatten()
            .any(|x| x.is_nan() && q(x).is_none())
        {
            return F80::INDEFINITE;
        }
        let cands: Vec<F80> = [Some(a), b]
            .into_iter()
            .flatten()
            .filter(|x| x.is_nan())
            .collect();
        let best = match cands.as_slice() {
            [x] => q(*x),
            [x, y] => {
                let (qx, qy) = (q(*x), q(*y));
                match (qx, qy) {
                    (Some(qa), Some(qb)) => {
                        // A quiet NaN wins over a signalling one; of two of a kind, the
                        // larger significand (ties keep the first).
                        let quiet = |v: F80| v.m & (1 << 62) != 0;
                        match (quiet(*x), quiet(*y)) {
                            (true, false) => Some(qa),
                            (false, true) => Some(qb),
                            _ if y.m > x.m => Some(qb),
                            _ => Some(qa),
                        }
                    }
                    (a, b) => a.or(b),
                }
            }
            _ => None,
        };
        best.unwrap_or(F80::INDEFINITE)
    }

    pub fn negate(self) -> F80 {
        F80 {
            se: self.se ^ 0x8000,
            m: self.m,
        }
    }

    pub fn abs(self) -> F80 {
        F80 {
            se: self.se & 0x7fff,
            m: self.m,
        }
    }

    pub fn from_f64(f: f64) -> F80 {
        let bits = f.to_bits();
        let neg = bits >> 63 != 0;
        let e = ((bits >> 52) & 0x7ff) as i64;
        let frac = bits & ((1 << 52) - 1);
        match e {
            0x7ff if frac == 0 => F80::inf(neg),
            // The payload moves to the top of the significand; signalling NaNs are kept
            // as they are (fld of a double quiets nothing until used).
            0x7ff => F80 {
                se: (u16::from(neg) << 15) | MAX_BIASED,
                m: INT_BIT | (frac << 11),
            },
            0 if frac == 0 => F80::zero(neg),
            0 => round_pack(neg, -1074, u128::from(frac)),
            _ => round_pack(neg, e - 1075, u128::from(frac | (1 << 52))),
        }
    }

    pub fn from_f32(f: f32) -> F80 {
        F80::from_f64(f64::from(f))
    }

    /// `(double)x`: rounded to nearest even, to the double's subnormals or infinity.
    pub fn to_f64(self) -> f64 {
        match self.class() {
            Class::Zero(neg) => {
                if neg {
                    -0.0
                } else {
                    0.0
                }
            }
            Class::Inf(neg) => {
                if neg {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                }
            }
            Class::NaN => {
                let x = if self.biased() == MAX_BIASED && self.m & INT_BIT != 0 {
                    self
                } else {
                    F80::INDEFINITE
                };
                let sign = u64::from(x.is_negative()) << 63;
                // Quieted, the top 52 fraction bits kept.
                let frac = ((x.m >> 11) & ((1 << 52) - 1)) | (1 << 51);
                f64::from_bits(sign | (0x7ff << 52) | frac)
            }
            Class::Finite { neg, exp, sig } => {
                let (m, e) = round_sig(u128::from(sig), exp, 53, -1074);
                let sign = u64::from(neg) << 63;
                if m == 0 {
                    return f64::from_bits(sign);
                }
                let m = m as u64;
                if m >> 52 == 0 {
                    return f64::from_bits(sign | m); // subnormal
                }
                let biased = e + 52 + 1023;
                if biased >= 0x7ff {
                    return f64::from_bits(sign | (0x7ff << 52));
                }
                f64::from_bits(sign | ((biased as u64) << 52) | (m & ((1 << 52) - 1)))
            }
        }
    }

    /// `(float)x`, rounded once (not through double).
    pub fn to_f32(self) -> f32 {
        match self.class() {
            Class::Finite { neg, exp, sig } => {
                let (m, e) = round_sig(u128::from(sig), exp, 24, -149);
                let sign = u32::from(neg) << 31;
                let m = m as u32;
                if m == 0 || m >> 23 == 0 {
                    return f32::from_bits(sign | m);
                }
                let biased = e + 23 + 127;
                if biased >= 0xff {
                    return f32::from_bits(sign | (0xff << 23));
                }
                f32::from_bits(sign | ((biased as u32) << 23) | (m & ((1 << 23) - 1)))
            }
            // Zeros, infinities and NaNs convert exactly through double.
            _ => self.to_f64() as f32,
        }
    }

    pub fn from_i64(v: i64) -> F80 {
        round_pack(v < 0, 0, u128::from(v.unsigned_abs()))
    }

    pub fn from_u64(v: u64) -> F80 {
        round_pack(false, 0, u128::from(v))
    }

    /// C's conversion to an integer of `bits` bits: truncation toward zero. `None` when
    /// the truncated value does not fit (or is a NaN or an infinity): undefined in C.
    pub fn to_int(self, bits: u32, signed: bool) -> Option<u64> {
        let (neg, mag) = match self.class() {
            Class::Zero(_) => return Some(0),
            Class::Inf(_) | Class::NaN => return None,
            Class::Finite { neg, exp, sig } => {
                let mag: u128 = if exp >= 0 {
                    if exp > 64 {
                        return None;
                    }
                    u128::from(sig) << exp
                } else if exp <= -64 {
                    0
                } else {
                    u128::from(sig >> (-exp))
                };
                (neg, mag)
            }
        };
        if signed {
            let limit = 1u128 << (bits - 1);
            if (!neg && mag >= limit) || (neg && mag > limit) {
                return None;
            }
            let v = if neg {
                (mag as u64).wrapping_neg()
            } else {
                mag as u64
            };
            Some(v)
        } else {
            if neg && mag != 0 {
                return None;
            }
            if mag >> bits != 0 {
                return None;
            }
            Some(mag as u64)
        }
    }

    pub fn plus(self, b: F80) -> F80 {
        add_signed(self, b, false)
    }

    pub fn minus(self, b: F80) -> F80 {
        add_signed(self, b, true)
    }

    pub fn times(self, b: F80) -> F80 {
        let neg = self.is_negative() != b.is_negative();
        match (self.class(), b.class()) {
            (Class::NaN, _) | (_, Class::NaN) => F80::nan_of(self, Some(b)),
            (Class::Inf(_), Class::Zero(_)) | (Class::Zero(_), Class::Inf(_)) => F80::INDEFINITE,
            (Class::Inf(_), _) | (_, Class::Inf(_)) => F80::inf(neg),
            (Class::Zero(_), _) | (_, Class::Zero(_)) => F80::zero(neg),
            (
                Class::Finite {
                    exp: ea, sig: ma, ..
                },
                Class::Finite {
                    exp: eb, sig: mb, ..
                },
            ) => round_pack(neg, ea + eb, u128::from(ma) * u128::from(mb)),
        }
    }

    pub fn divide(self, b: F80) -> F80 {
        let neg = self.is_negative() != b.is_negative();
        match (self.class(), b.class()) {
            (Class::NaN, _) | (_, Class::NaN) => F80::nan_of(self, Some(b)),
            (Class::Inf(_), Class::Inf(_)) | (Class::Zero(_), Class::Zero(_)) => F80::INDEFINITE,
            (Class::Inf(_), _) | (_, Class::Zero(_)) => F80::inf(neg),
            (Class::Zero(_), _) | (_, Class::Inf(_)) => F80::zero(neg),
            (
                Class::Finite {
                    exp: ea, sig: ma, ..
                },
                Class::Finite {
                    exp: eb, sig: mb, ..
                },
            ) => {
                // Normalised (subnormals shifted up), the quotient of the significands
                // lies in (2^63, 2^65) after a 64-bit shift; 63 more bits and a sticky
                // bit for the rest are plenty to round once.
                let (ma, ea) = normalise(ma, ea);
                let (mb, eb) = normalise(mb, eb);
                let num = u128::from(ma) << 64;
                let d = u128::from(mb);
                let (q1, r1) = (num / d, num % d);
                let num2 = r1 << 63;
                let (q2, r2) = (num2 / d, num2 % d);
                let q = (q1 << 63) | q2 | u128::from(r2 != 0);
                round_pack(neg, ea - eb - 64 - 63, q)
            }
        }
    }

    /// `<`, `==`, ... : `None` when either is a NaN (every comparison is false but `!=`).
    pub fn compare(self, b: F80) -> Option<Ordering> {
        let key = |x: F80| -> Option<(i8, i64, u64)> {
            match x.class() {
                Class::NaN => None,
                Class::Zero(_) => Some((0, 0, 0)),
                Class::Inf(neg) => Some((if neg { -2 } else { 2 }, 0, 0)),
                Class::Finite { neg, exp, sig } => {
                    let (m, e) = normalise(sig, exp);
                    Some((if neg { -1 } else { 1 }, e, m))
                }
            }
        };
        let (ka, kb) = (key(self)?, key(b)?);
        Some(match ka.0.cmp(&kb.0) {
            Ordering::Equal if ka.0 == 1 => (ka.1, ka.2).cmp(&(kb.1, kb.2)),
            Ordering::Equal if ka.0 == -1 => (kb.1, kb.2).cmp(&(ka.1, ka.2)),
            o => o,
        })
    }
}

/// Shift a non-zero significand up until its integer bit is set.
fn normalise(m: u64, e: i64) -> (u64, i64) {
    let z = m.leading_zeros();
    (m << z, e - i64::from(z))
}

fn add_signed(a: F80, b: F80, negate_b: bool) -> F80 {
    // A NaN operand passes on with its own sign: subtraction does not negate it.
    if a.is_nan() || b.is_nan() {
        return F80::nan_of(a, Some(b));
    }
    let b = if negate_b { b.negate() } else { b };
    match (a.class(), b.class()) {
        (Class::NaN, _) | (_, Class::NaN) => F80::nan_of(a, Some(b)),
        (Class::Inf(x), Class::Inf(y)) if x != y => F80::INDEFINITE,
        (Class::Inf(x), _) | (_, Class::Inf(x)) => F80::inf(x),
        // Round to nearest: an exact zero sum is +0 unless both are -0.
        (Class::Zero(x), Class::Zero(y)) => F80::zero(x && y),
        (Class::Zero(_), _) => b,
        (_, Class::Zero(_)) => a,
        (
            Class::Finite {
                neg: na,
                exp: ea,
                sig: ma,
            },
            Class::Finite {
                neg: nb,
                exp: eb,
                sig: mb,
            },
        ) => {
            // Both at the larger exponent, 62 bits up so the sum fits in 127 bits; the
            // smaller operand's bits below that scale fold into a sticky bit.
            let top = ea.max(eb);
            let place = |m: u64, e: i64| -> u128 {
                let m = u128::from(m) << 62;
                let d = top - e;
                if d == 0 {
                    m
                } else if d >= 127 {
                    1
                } else {
                    (m >> d) | u128::from(m & ((1u128 << d) - 1) != 0)
                }
            };
            let (xa, xb) = (place(ma, ea), place(mb, eb));
            let exp = top - 62;
            if na == nb {
                round_pack(na, exp, xa + xb)
            } else if xa >= xb {
                let d = xa - xb;
                if d == 0 {
                    F80::ZERO
                } else {
                    round_pack(na, exp, d)
                }
            } else {
                round_pack(nb, exp, xb - xa)
            }
        }
    }
}

/// Round `sig * 2^exp` (sig != 0) to `prec` significant bits, to nearest, ties to even,
/// never below `min_lsb` as the exponent of the lowest kept bit (the subnormals).
/// Returns `(m, e)` with `m < 2^prec`, the value `m * 2^e`.
fn round_sig(sig: u128, exp: i64, prec: u32, min_lsb: i64) -> (u128, i64) {
    let len = 128 - i64::from(sig.leading_zeros());
    let mut shift = len - i64::from(prec);
    if exp + shift < min_lsb {
        shift = min_lsb - exp;
    }
    if shift <= 0 {
        return (sig << (-shift), exp + shift);
    }
    let (q, rest_above_half, rest_is_half) = if shift > 128 {
        (0, false, false)
    } else if shift == 128 {
        (0, sig > 1 << 127, sig == 1 << 127)
    } else {
        let half = 1u128 << (shift - 1);
        let rest = sig & ((1u128 << shift) - 1);
        (sig >> shift, rest > half, rest == half)
    };
    let up = rest_above_half || (rest_is_half && q & 1 == 1);
    let mut m = q + u128::from(up);
    let mut e = exp + shift;
    if m >> prec != 0 {
        m >>= 1;
        e += 1;
    }
    (m, e)
}

/// The `F80` nearest to `sig * 2^exp`, infinity when it is too large.
pub(super) fn round_pack(neg: bool, exp: i64, sig: u128) -> F80 {
    if sig == 0 {
        return F80::zero(neg);
    }
    let (m, e) = round_sig(sig, exp, 64, MIN_LSB_EXP);
    let m = m as u64;
    let biased = if m & INT_BIT != 0 { e + 63 + BIAS } else { 0 };
    if biased >= i64::from(MAX_BIASED) {
        return F80::inf(neg);
    }
    F80 {
        se: (u16::from(neg) << 15) | biased as u16,
        m,
    }
}

#[cfg(test)]
#[path = "tests/f80.rs"]
mod tests;
