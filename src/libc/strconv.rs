//! glibc-compatible number parsing: `strtol` family, `atoi` family, `strtod`, `strtof`,
//! `atof` (C locale).

use super::bignum::BigUint;

/// Which library function's result conversion applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntKind {
    /// `strtol`, `strtoll` (identical on LP64): saturates to LONG_MIN/LONG_MAX.
    Strtol,
    Strtoll,
    /// `strtoul`, `strtoull`: a leading `-` negates the unsigned result; saturates to
    /// ULONG_MAX.
    Strtoul,
    Strtoull,
    /// glibc's `atoi` is `(int) strtol(s, NULL, 10)`: the saturated long is truncated
    /// to 32 bits (`atoi("99999999999")` is 1215752191, `atoi("1e99...")` overflowing
    /// gives `(int)LONG_MAX` = -1). errno is set like strtol's.
    Atoi,
    /// `atol`, `atoll`: `strtol(s, NULL, 10)`.
    Atol,
    Atoll,
}

/// Result of [`strtol_like`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParsedInt {
    /// The function's return value as raw bits, sign-extended to 64 bits for signed
    /// kinds (`Atoi`: the int, sign-extended).
    pub value: u64,
    /// `endptr - s`: 0 when no digits were found (even after whitespace or a sign).
    pub consumed: usize,
    /// errno would be set to ERANGE.
    pub overflow: bool,
    /// The base was neither 0 nor 2..=36: errno EINVAL, value 0, and glibc leaves
    /// `*endptr` unwritten (`consumed` is 0 here).
    pub invalid_base: bool,
}

/// C-locale `isspace`.
pub fn is_c_space(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

fn digit_value(c: u8) -> Option<u32> {
    match c {
        b'0'..=b'9' => Some((c - b'0') as u32),
        b'a'..=b'z' => Some((c - b'a') as u32 + 10),
        b'A'..=b'Z' => Some((c - b'A') as u32 + 10),
        _ => None,
    }
}

/// Parses like glibc's `strtol` family on `s` (the bytes up to, not including, the NUL;
/// parsing also stops at any NUL). For the `Ato*` kinds pass base 10.
///
/// glibc details kept: leading C-locale whitespace and one sign are skipped; with base 0
/// or 16 a `0x`/`0X` prefix is skipped, but when no hex digit follows it the number is
/// the lone `0` and `endptr` points at the `x` (`"0xg"` consumes 1); base 0 with a
/// leading `0` means octal; no `0b` prefix (that is glibc 2.38).
pub fn strtol_like(s: &[u8], base: u32, kind: IntKind) -> ParsedInt {
    let fail = |invalid_base| ParsedInt {
        value: 0,
        consumed: 0,
        overflow: false,
        invalid_base,
    };
    if base == 1 || base > 36 {
        return fail(true);
    }
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut i = 0;
    while is_c_space(at(i)) {
        i += 1;
    }
    let mut neg = false;
    if at(i) == b'-' || at(i) == b'+' {
        neg = at(i) == b'-';
        i += 1;
    }
    let mut base = base;
    if at(i) == b'0' {
        if (base == 0 || base == 16) && (at(i + 1) == b'x' || at(i + 1) == b'X') {
            // Only a real prefix when a hex digit follows; otherwise "0" is the number.
            if digit_value(at(i + 2)).is_some_and(|d| d < 16) {
                i += 2;
                base = 16;
            } else {
                return done(0, false, neg, i + 1, kind);
            }
        } else if base == 0 {
            base = 8;
        }
    }
    if base == 0 {
        base = 10;
    }
    let start = i;
    let mut mag: u64 = 0;
    let mut over = false;
    while let Some(d) = digit_value(at(i)).filter(|&d| d < base) {
        match mag
            .checked_mul(base as u64)
            .and_then(|m| m.checked_add(d as u64))
        {
            Some(m) => mag = m,
            None => over = true,
        }
        i += 1;
    }
    if i == start {
        return fail(false);
    }
    done(mag, over, neg, i, kind)
}

fn done(mag: u64, over: bool, neg: bool, consumed: usize, kind: IntKind) -> ParsedInt {
    let (value, overflow) = match kind {
        IntKind::Strtoul | IntKind::Strtoull => {
            if over {
                (u64::MAX, true)
            } else if neg {
                (mag.wrapping_neg(), false)
            } else {
                (mag, false)
            }
        }
        _ => {
            let (v, o) = if neg {
                if over || mag > 1u64 << 63 {
                    (i64::MIN, true)
                } else {
                    ((mag as i64).wrapping_neg(), false)
                }
            } else if over || mag > i64::MAX as u64 {
                (i64::MAX, true)
            } else {
                (mag as i64, false)
            };
            if kind == IntKind::Atoi {
                (v as i32 as i64 as u64, o)
            } else {
                (v as u64, o)
            }
        }
    };
    ParsedInt {
        value,
        consumed,
        overflow,
        invalid_base: false,
    }
}

/// Result of [`strtod_like`] / [`strtof_like`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ParsedFloat {
    /// The result (for `strtof_like`, the float value, exactly, widened to f64).
    pub value: f64,
    /// `endptr - s`; 0 when there is no number.
    pub consumed: usize,
    /// The result overflowed to ±inf: errno ERANGE.
    pub overflow: bool,
    /// The result is zero or subnormal and inexact (tininess after rounding, as glibc
    /// on x86): errno ERANGE.
    pub underflow: bool,
}

impl ParsedFloat {
    /// Whether errno would be set (to ERANGE).
    pub fn erange(&self) -> bool {
        self.overflow || self.underflow
    }
}

/// glibc `strtod`. `atof(s)` is `strtod(s, NULL)` (errno is set the same way).
pub fn strtod_like(s: &[u8]) -> ParsedFloat {
    parse_float(s, &F64)
}

/// glibc `strtof` (correctly rounded straight to float, no double rounding), used by
/// `scanf("%f")`.
pub fn strtof_like(s: &[u8]) -> ParsedFloat {
    parse_float(s, &F32)
}

/// Parameters of the target binary format.
struct Format {
    /// Significand bits including the hidden bit.
    mant_bits: u32,
    /// Exponent of the smallest normal number.
    min_exp: i32,
    /// Exponent of the largest finite number.
    max_exp: i32,
}

const F64: Format = Format {
    mant_bits: 53,
    min_exp: -1022,
    max_exp: 1023,
};
const F32: Format = Format {
    mant_bits: 24,
    min_exp: -126,
    max_exp: 127,
};

impl Format {
    fn is_f32(&self) -> bool {
        self.mant_bits == 24
    }
    fn nan(&self, payload: u64) -> f64 {
        if self.is_f32() {
            f32::from_bits(0x7fc0_0000 | (payload as u32 & 0x3f_ffff)) as f64
        } else {
            f64::from_bits(0x7ff8_0000_0000_0000 | (payload & ((1 << 51) - 1)))
        }
    }
}

fn lower_eq(s: &[u8], i: usize, word: &[u8]) -> bool {
    s.len() >= i + word.len()
        && s[i..i + word.len()]
            .iter()
            .zip(word)
            .all(|(a, b)| a.to_ascii_lowercase() == *b)
}

/// The number at the start of a string, as `strtod` reads it, before rounding.
pub(super) struct FloatText {
    pub neg: bool,
    /// `endptr - s`.
    pub consumed: usize,
    pub num: FloatNum,
}

pub(super) enum FloatNum {
    Inf,
    /// `nan` or `nan(payload)`; `overflow`: the payload's own ERANGE.
    NaN {
        payload: u64,
        overflow: bool,
    },
    /// `mant × 2^exp`, `sticky` when non-zero hex digits were dropped below `mant`.
    Hex {
        mant: u128,
        sticky: bool,
        exp: i64,
    },
    /// `0.d1d2... × 10^point`, no leading or trailing zero digits (none: zero).
    Dec {
        digits: Vec<u8>,
        point: i64,
    },
}

/// Scan what `strtod` would read of `s` (leading space, sign, `inf`, `nan(...)`, hex
/// or decimal with exponent); `None` when there is no number.
pub(super) fn scan_float(s: &[u8]) -> Option<FloatText> {
    // Stop at a NUL like the C function would.
    let s = &s[..s.iter().position(|&c| c == 0).unwrap_or(s.len())];
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut i = 0;
    while is_c_space(at(i)) {
        i += 1;
    }
    let mut neg = false;
    if at(i) == b'-' || at(i) == b'+' {
        neg = at(i) == b'-';
        i += 1;
    }
    let text = |consumed: usize, num: FloatNum| Some(FloatText { neg, consumed, num });
    if lower_eq(s, i, b"inf") {
        let n = if lower_eq(s, i, b"infinity") { 8 } else { 3 };
        return text(i + n, FloatNum::Inf);
    }
    if lower_eq(s, i, b"nan") {
        i += 3;
        let mut payload = 0u64;
        let mut overflow = false;
        if at(i) == b'(' {
            let mut j = i + 1;
            while at(j).is_ascii_alphanumeric() || at(j) == b'_' {
                j += 1;
            }
            if at(j) == b')' {
                // The payload is the sequence read by strtoull(.., 0) when all of it
                // is a number; its ERANGE leaks out.
                let p = strtol_like(&s[i + 1..j], 0, IntKind::Strtoull);
                if p.consumed == j - i - 1 {
                    payload = p.value;
                    overflow = p.overflow;
                }
                i = j + 1;
            }
        }
        return text(i, FloatNum::NaN { payload, overflow });
    }
    if at(i) == b'0' && (at(i + 1) == b'x' || at(i + 1) == b'X') {
        let j = i + 2;
        let has_digit =
            at(j).is_ascii_hexdigit() || (at(j) == b'.' && at(j + 1).is_ascii_hexdigit());
        if !has_digit {
            // Just the "0".
            let zero = FloatNum::Dec {
                digits: Vec::new(),
                point: 0,
            };
            return text(i + 1, zero);
        }
        let (mant, sticky, exp, end) = scan_hex(s, j);
        return text(end, FloatNum::Hex { mant, sticky, exp });
    }
    // Decimal: digits [. digits] [e [sign] digits], at least one digit in the mantissa.
    let mut digits: Vec<u8> = Vec::new();
    let mut point: i64 = 0; // digits before the decimal point, counted after leading zeros
    let mut seen_digit = false;
    let mut seen_dot = false;
    loop {
        let c = at(i);
        if c.is_ascii_digit() {
            seen_digit = true;
            if digits.is_empty() && c == b'0' {
                if seen_dot {
                    point -= 1;
                }
            } else {
                digits.push(c - b'0');
                if !seen_dot {
                    point += 1;
                }
            }
        } else if c == b'.' && !seen_dot {
            seen_dot = true;
        } else {
            break;
        }
        i += 1;
    }
    if !seen_digit {
        return None;
    }
    if let Some((e, j)) = scan_exponent(s, i, b'e') {
        point += e;
        i = j;
    }
    while digits.last() == Some(&0) {
        digits.pop();
    }
    text(i, FloatNum::Dec { digits, point })
}

/// An exponent `<letter>[sign]digits` at `i` (saturated far beyond any format's range),
/// with the position after it.
fn scan_exponent(s: &[u8], i: usize, letter: u8) -> Option<(i64, usize)> {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    if at(i).to_ascii_lowercase() != letter {
        return None;
    }
    let mut j = i + 1;
    let mut eneg = false;
    if at(j) == b'-' || at(j) == b'+' {
        eneg = at(j) == b'-';
        j += 1;
    }
    if !at(j).is_ascii_digit() {
        return None;
    }
    let mut e: i64 = 0;
    while at(j).is_ascii_digit() {
        e = (e * 10 + (at(j) - b'0') as i64).min(1 << 40);
        j += 1;
    }
    Some((if eneg { -e } else { e }, j))
}

fn parse_float(s: &[u8], fmt: &Format) -> ParsedFloat {
    let Some(t) = scan_float(s) else {
        return ParsedFloat {
            value: 0.0,
            consumed: 0,
            overflow: false,
            underflow: false,
        };
    };
    let consumed = t.consumed;
    let r = match t.num {
        FloatNum::Inf => ParsedFloat {
            value: f64::INFINITY,
            consumed,
            overflow: false,
            underflow: false,
        },
        FloatNum::NaN { payload, overflow } => ParsedFloat {
            value: fmt.nan(payload),
            consumed,
            overflow,
            underflow: false,
        },
        FloatNum::Hex { mant, sticky, exp } => {
            binary_to_float(mant, sticky, exp, consumed, fmt, true)
        }
        FloatNum::Dec { digits, point } => decimal_to_float(&digits, point, consumed, fmt),
    };
    ParsedFloat {
        value: if t.neg { -r.value } else { r.value },
        ..r
    }
}

/// value = 0.d1d2... × 10^point, d1 != 0 (or no digits: zero).
fn decimal_to_float(digits: &[u8], point: i64, consumed: usize, fmt: &Format) -> ParsedFloat {
    let zero = ParsedFloat {
        value: 0.0,
        consumed,
        overflow: false,
        underflow: false,
    };
    if digits.is_empty() {
        return zero;
    }
    // Far outside the range: decide without building huge strings.
    let (hi, lo) = if fmt.is_f32() { (40, -47) } else { (310, -325) };
    if point > hi {
        return ParsedFloat {
            value: f64::INFINITY,
            overflow: true,
            ..zero
        };
    }
    if point < lo {
        return ParsedFloat {
            underflow: true,
            ..zero
        };
    }
    let mut text = String::with_capacity(digits.len() + 12);
    text.push_str("0.");
    text.extend(digits.iter().map(|&d| (b'0' + d) as char));
    text.push_str(&format!("e{point}"));
    let value = if fmt.is_f32() {
        text.parse::<f32>().map(|v| v as f64).unwrap_or(0.0)
    } else {
        text.parse::<f64>().unwrap_or(0.0)
    };
    if value.is_infinite() {
        return ParsedFloat {
            value,
            overflow: true,
            ..zero
        };
    }
    if value <= pow2(fmt.min_exp) {
        // Possibly subnormal: glibc's rounding there has a quirk (see
        // `binary_to_float`), so compute the exact binary expansion instead.
        return tiny_decimal(digits, point, consumed, fmt);
    }
    ParsedFloat { value, ..zero }
}

/// Exact binary rounding of a decimal value near or below the smallest normal number.
fn tiny_decimal(digits: &[u8], point: i64, consumed: usize, fmt: &Format) -> ParsedFloat {
    // Digits past 1200 only matter as a sticky bit for values this small (the tail is
    // below one unit of the scaled value's denominator).
    let (digits, tail) = if digits.len() > 1200 {
        (&digits[..1200], true)
    } else {
        (digits, false)
    };
    // value = D / 10^k; X = floor(value × 2^s) keeps p + 64 bits below 2^min_exp.
    let k = digits.len() as i64 - point;
    let s = fmt.mant_bits as i64 - fmt.min_exp as i64 + 64;
    let mut a = BigUint::from_digits(digits);
    let mut b = BigUint::from_u64(1);
    b.mul_pow5(k as u32);
    if s >= k {
        a.shl((s - k) as u32);
    } else {
        b.shl((k - s) as u32);
    }
    let (x, rem) = a.div_small_quotient(&b);
    binary_to_float(x, rem || tail, -s, consumed, fmt, false)
}

/// Hex mantissa at `i` (after `0x`), with an optional binary exponent `p[sign]digits`:
/// (the first 121 to 124 significant bits, whether non-zero digits were dropped, the
/// power of two, the position after the number).
fn scan_hex(s: &[u8], mut i: usize) -> (u128, bool, i64, usize) {
    let at = |i: usize| s.get(i).copied().unwrap_or(0);
    let mut mant: u128 = 0;
    let mut sticky = false;
    let mut exp: i64 = 0; // value = mant × 2^exp (before the p exponent)
    let mut seen_dot = false;
    loop {
        let c = at(i);
        if let Some(d) = (c as char).to_digit(16) {
            if mant >> 120 == 0 {
                mant = (mant << 4) | d as u128;
                if seen_dot {
                    exp -= 4;
                }
            } else {
                sticky |= d != 0;
                if !seen_dot {
                    exp += 4;
                }
            }
        } else if c == b'.' && !seen_dot {
            seen_dot = true;
        } else {
            break;
        }
        i += 1;
    }
    if let Some((e, j)) = scan_exponent(s, i, b'p') {
        exp += e;
        i = j;
    }
    (mant, sticky, exp, i)
}

/// Rounds mant × 2^exp (plus a sticky tail below mant's last bit) to the format,
/// half to even, with glibc's overflow and underflow (tininess after rounding) flags.
///
/// glibc quirk kept: when the result is subnormal, glibc's rounding forgets the bit of
/// relative weight 2^-p below the leading bit (the round bit of a normal result). For
/// hex input this happens at every subnormal exponent, for decimal input only when the
/// leading bit is just below the smallest normal (`hex_input` false). So
/// `strtof("0x1.000001p-150")` is 0 instead of 2^-149, `strtof("0x1.000001p-149")` does
/// not set ERANGE, and `strtod` of the exact decimal of `0x2f4ced62e750db * 2^-1076`
/// rounds down.
fn binary_to_float(
    mant: u128,
    sticky: bool,
    exp: i64,
    consumed: usize,
    fmt: &Format,
    hex_input: bool,
) -> ParsedFloat {
    let res = |value: f64, overflow: bool, underflow: bool| ParsedFloat {
        value,
        consumed,
        overflow,
        underflow,
    };
    if mant == 0 {
        return res(0.0, false, false);
    }
    let p = fmt.mant_bits as i64;
    let min_exp = fmt.min_exp as i64;
    // Exponent of the leading bit.
    let top = 127 - mant.leading_zeros() as i64 + exp;
    if top > fmt.max_exp as i64 + 1 {
        return res(f64::INFINITY, true, false);
    }
    if top < min_exp - p {
        return res(0.0, false, true);
    }
    // Rounds `m` (with `sticky`) so that its last kept bit has exponent `lsb`.
    // Returns (rounded significand, its exponent, inexact).
    let round_to = |m: u128, lsb: i64| -> (u128, i64, bool) {
        let shift = lsb - exp;
        if shift <= 0 {
            return (m, exp, sticky);
        }
        if shift > 128 {
            return (0, lsb, true);
        }
        let (kept, dropped, half) = if shift == 128 {
            (0, m, 1u128 << 127)
        } else {
            (m >> shift, m & ((1u128 << shift) - 1), 1u128 << (shift - 1))
        };
        let inexact = dropped != 0 || sticky;
        let up = dropped > half || (dropped == half && (sticky || kept & 1 == 1));
        (kept + up as u128, lsb, inexact)
    };
    let (m, e, inexact, tiny) = if top < min_exp {
        // Tininess after rounding: only a value just below the smallest normal can
        // round up out of the subnormal range at full precision.
        let tiny = if top == min_exp - 1 {
            let (mf, ef, _) = round_to(mant, top - p + 1);
            127 - mf.leading_zeros() as i64 + ef < min_exp
        } else {
            true
        };
        let mut m2 = mant;
        let pos = top - p - exp;
        if (hex_input || top == min_exp - 1) && (0..128).contains(&pos) {
            m2 &= !(1u128 << pos);
        }
        let (m, e, inexact) = round_to(m2, min_exp - p + 1);
        (m, e, inexact, tiny)
    } else {
        let (m, e, inexact) = round_to(mant, top - p + 1);
        (m, e, inexact, false)
    };
    // Exact: m has at most p+1 bits and the product is the representable result.
    let value = (m as f64) * pow2(e as i32);
    let limit = pow2(fmt.max_exp) * (2.0 - pow2(1 - p as i32));
    if value > limit {
        return res(f64::INFINITY, true, false);
    }
    let value = if fmt.is_f32() {
        value as f32 as f64
    } else {
        value
    };
    res(value, false, tiny && inexact)
}

/// 2^e for -1074 <= e <= 1023, built from bits (powi of large negative powers would go
/// through an overflowing 2^-e).
fn pow2(e: i32) -> f64 {
    if e > 1023 {
        f64::INFINITY
    } else if e >= -1022 {
        f64::from_bits(((e + 1023) as u64) << 52)
    } else {
        f64::from_bits(1u64 << (e + 1074))
    }
}

#[cfg(test)]
#[path = "tests/strconv.rs"]
mod tests;
