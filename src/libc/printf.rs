//! glibc-compatible `printf` formatting (the mini-language of `printf`, `fprintf`,
//! `sprintf` and `snprintf`), independent of the interpreter's memory.
//!
//! Floating-point conversions are exact: the double is expanded to its exact decimal
//! value and rounded half-to-even on exact ties, as glibc does in the default rounding
//! mode (`printf("%.0f", 0.5)` is `0`, `"%.2f"` of `1.005` is `1.00`).

pub use super::FormatError;

use super::bignum::BigUint;
use super::f80::{F80Parts, F80};

/// Supplies the variadic arguments of one `printf` call, in order.
pub trait PrintfArgs {
    /// Next integer argument; `size` is 1,2,4,8 bytes as the length modifier says
    /// (after default promotions, hh/h still read an int). Return raw bits; the
    /// engine truncates to `size` itself.
    fn next_int(&mut self, size: u8) -> Result<u64, FormatError>;
    fn next_double(&mut self) -> Result<f64, FormatError>;
    /// NUL-terminated string argument, at most `max` bytes (precision) read.
    ///
    /// For a null pointer, glibc prints `(null)` when there is no precision or it is at
    /// least 6, and nothing otherwise: return [`null_string_text`]`(max)`.
    fn next_str(&mut self, max: Option<usize>) -> Result<Vec<u8>, FormatError>;
    /// Next pointer argument as its (fake) address; 0 is printed `(nil)`.
    fn next_ptr(&mut self) -> Result<u64, FormatError>;
    /// Next `long double` argument, or `None` where a caller has none to give (then
    /// `%Lf` and the like are unsupported).
    fn next_long_double(&mut self) -> Option<Result<F80, FormatError>> {
        None
    }
    /// Next wide string argument (`%ls`): its `wchar_t` units up to the terminator,
    /// at most `max`; `None` where a caller has none to give. A null pointer is the
    /// units of `(null)`, as glibc prints it.
    fn next_wide_str(&mut self, max: Option<usize>) -> Option<Result<Vec<u32>, FormatError>> {
        let _ = max;
        None
    }
}

/// What glibc prints for `%s` of a null pointer with the given precision.
pub fn null_string_text(max: Option<usize>) -> Vec<u8> {
    match max {
        Some(p) if p < 6 => Vec::new(),
        _ => b"(null)".to_vec(),
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Flags {
    left: bool,
    plus: bool,
    space: bool,
    alt: bool,
    zero: bool,
    group: bool,
    i18n: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Len {
    None,
    Hh,
    H,
    L,
    /// `ll`, `L` and `q`: long long for integers, long double for floats.
    LongLong,
    J,
    Z,
    T,
}

impl Len {
    fn int_size(self) -> u8 {
        match self {
            Len::Hh => 1,
            Len::H => 2,
            Len::None => 4,
            _ => 8,
        }
    }
}

#[derive(Debug, Clone, Copy)]
struct Spec {
    flags: Flags,
    width: usize,
    prec: Option<usize>,
}

/// Formats `fmt` (without its terminating NUL) the way glibc's `printf` does and returns
/// the bytes that would be written.
///
/// An argument of the wrong type ([`FormatError::WrongType`] from `args`) comes back
/// naming the directive it was given to: "%d given ...".
pub fn format(fmt: &[u8], args: &mut dyn PrintfArgs) -> Result<Vec<u8>, FormatError> {
    let mut start = 0;
    format_at(fmt, args, &mut start).map_err(|e| match e {
        FormatError::WrongType(what) => {
            FormatError::WrongType(format!("{} given {what}", directive_text(fmt, start)))
        }
        e => e,
    })
}

/// The directive starting at `start` (`%-08.*ld`), up to its conversion character.
fn directive_text(fmt: &[u8], start: usize) -> String {
    let mut i = start + 1;
    while i < fmt.len() && b"-+ #0'I123456789.*hlLqjzZt$".contains(&fmt[i]) {
        i += 1;
    }
    String::from_utf8_lossy(&fmt[start..(i + 1).min(fmt.len())]).into_owned()
}

fn format_at(
    fmt: &[u8],
    args: &mut dyn PrintfArgs,
    cur: &mut usize,
) -> Result<Vec<u8>, FormatError> {
    let mut out = Vec::with_capacity(fmt.len() + 16);
    let mut i = 0;
    while i < fmt.len() {
        let c = fmt[i];
        if c != b'%' {
            out.push(c);
            i += 1;
            continue;
        }
        let start = i;
        *cur = start;
        i += 1;
        let mut flags = Flags::default();
        while i < fmt.len() {
            match fmt[i] {
                b'-' => flags.left = true,
                b'+' => flags.plus = true,
                b' ' => flags.space = true,
                b'#' => flags.alt = true,
                b'0' => flags.zero = true,
                b'\'' => flags.group = true,
                b'I' => flags.i18n = true,
                _ => break,
            }
            i += 1;
        }
        let mut width: usize = 0;
        if i < fmt.len() && fmt[i] == b'*' {
            i += 1;
            if positional(fmt, i) {
                return Err(unsupported(fmt, start, i));
            }
            // The argument is an int; a negative width means the `-` flag.
            let w = args.next_int(4)? as u32 as i32;
            if w < 0 {
                flags.left = true;
                width = (w as i64).unsigned_abs() as usize;
            } else {
                width = w as usize;
            }
        } else {
            if positional(fmt, i) {
                return Err(unsupported(fmt, start, i));
            }
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                width = width
                    .saturating_mul(10)
                    .saturating_add((fmt[i] - b'0') as usize);
                i += 1;
            }
        }
        let mut prec: Option<usize> = None;
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            if i < fmt.len() && fmt[i] == b'*' {
                i += 1;
                if positional(fmt, i) {
                    return Err(unsupported(fmt, start, i));
                }
                let p = args.next_int(4)? as u32 as i32;
                // A negative precision is taken as if it were omitted.
                prec = if p < 0 { None } else { Some(p as usize) };
            } else {
                let mut p: usize = 0;
                while i < fmt.len() && fmt[i].is_ascii_digit() {
                    p = p
                        .saturating_mul(10)
                        .saturating_add((fmt[i] - b'0') as usize);
                    i += 1;
                }
                prec = Some(p);
            }
        }
        let mut len = Len::None;
        if i < fmt.len() {
            match fmt[i] {
                b'h' => {
                    i += 1;
                    if i < fmt.len() && fmt[i] == b'h' {
                        i += 1;
                        len = Len::Hh;
                    } else {
                        len = Len::H;
                    }
                }
                b'l' => {
                    i += 1;
                    if i < fmt.len() && fmt[i] == b'l' {
                        i += 1;
                        len = Len::LongLong;
                    } else {
                        len = Len::L;
                    }
                }
                b'L' | b'q' => {
                    i += 1;
                    len = Len::LongLong;
                }
                b'j' => {
                    i += 1;
                    len = Len::J;
                }
                b'z' | b'Z' => {
                    i += 1;
                    len = Len::Z;
                }
                b't' => {
                    i += 1;
                    len = Len::T;
                }
                _ => {}
            }
        }
        if i >= fmt.len() {
            return Err(FormatError::IncompleteDirective { written: out });
        }
        let conv = fmt[i];
        i += 1;
        // `-` overrides `0`, and `+` overrides space.
        if flags.left {
            flags.zero = false;
        }
        if flags.plus {
            flags.space = false;
        }
        let spec = Spec { flags, width, prec };
        match conv {
            b'%' => out.push(b'%'),
            b'd' | b'i' => {
                let size = len.int_size();
                let v = sign_extend(args.next_int(size)?, size);
                fmt_int(&mut out, &spec, v < 0, v.unsigned_abs(), 10, false, true);
            }
            b'u' | b'o' | b'x' | b'X' => {
                let size = len.int_size();
                let v = truncate(args.next_int(size)?, size);
                let base = match conv {
                    b'u' => 10,
                    b'o' => 8,
                    _ => 16,
                };
                fmt_int(&mut out, &spec, false, v, base, conv == b'X', false);
            }
            b'c' if len == Len::L => {
                // A `wint_t`, converted as glibc's "C" locale does: ASCII only (other
                // characters fail with EILSEQ, which regcause does not model).
                let v = args.next_int(4)? as u32;
                let Some(b) = ascii(v) else {
                    return Err(unsupported(fmt, start, i));
                };
                pad_str(&mut out, &spec, &[b]);
            }
            b'c' => {
                let v = args.next_int(4)? as u8;
                pad_str(&mut out, &spec, &[v]);
            }
            b's' if len == Len::L => {
                let Some(w) = args.next_wide_str(spec.prec) else {
                    return Err(unsupported(fmt, start, i));
                };
                let Some(s) = w?.into_iter().map(ascii).collect::<Option<Vec<u8>>>() else {
                    return Err(unsupported(fmt, start, i));
                };
                let s = match spec.prec {
                    Some(p) if s.len() > p => &s[..p],
                    _ => &s[..],
                };
                pad_str(&mut out, &spec, s);
            }
            b's' => {
                let s = args.next_str(spec.prec)?;
                let s = match spec.prec {
                    Some(p) if s.len() > p => &s[..p],
                    _ => &s[..],
                };
                pad_str(&mut out, &spec, s);
            }
            b'p' => {
                let p = args.next_ptr()?;
                if p == 0 {
                    // glibc ignores the precision and `0` for a null pointer.
                    pad_str(&mut out, &spec, b"(nil)");
                } else {
                    // Like `%#lx`, but `+` and space still apply.
                    let mut s = spec;
                    s.flags.alt = true;
                    fmt_int(&mut out, &s, false, p, 16, false, true);
                }
            }
            b'f' | b'F' | b'e' | b'E' | b'g' | b'G' | b'a' | b'A' => {
                if len == Len::LongLong {
                    let Some(v) = args.next_long_double() else {
                        return Err(unsupported(fmt, start, i));
                    };
                    fmt_long_double(&mut out, &spec, conv, v?);
                    continue;
                }
                let v = args.next_double()?;
                fmt_float(&mut out, &spec, conv, v);
            }
            b'n' | b'm' | b'C' | b'S' => return Err(unsupported(fmt, start, i)),
            _ => print_unknown(&mut out, &spec, conv),
        }
    }
    Ok(out)
}

/// Whether digits at `i` are followed by `$` (a positional argument `%1$d`, `%*1$d`).
fn positional(fmt: &[u8], mut i: usize) -> bool {
    let d = i;
    while i < fmt.len() && fmt[i].is_ascii_digit() {
        i += 1;
    }
    i > d && i < fmt.len() && fmt[i] == b'$'
}

/// A wide character as the "C" locale converts it: ASCII is one byte.
fn ascii(c: u32) -> Option<u8> {
    u8::try_from(c).ok().filter(u8::is_ascii)
}

fn unsupported(fmt: &[u8], start: usize, end: usize) -> FormatError {
    let end = end.min(fmt.len());
    FormatError::Unsupported(String::from_utf8_lossy(&fmt[start..end]).into_owned())
}

fn truncate(v: u64, size: u8) -> u64 {
    match size {
        1 => v as u8 as u64,
        2 => v as u16 as u64,
        4 => v as u32 as u64,
        _ => v,
    }
}

fn sign_extend(v: u64, size: u8) -> i64 {
    match size {
        1 => v as u8 as i8 as i64,
        2 => v as u16 as i16 as i64,
        4 => v as u32 as i32 as i64,
        _ => v as i64,
    }
}

fn push_n(out: &mut Vec<u8>, b: u8, n: usize) {
    out.extend(std::iter::repeat_n(b, n));
}

/// `%c`, `%s` and `(nil)`: padded with spaces only (glibc ignores `0` there).
fn pad_str(out: &mut Vec<u8>, spec: &Spec, s: &[u8]) {
    let pad = spec.width.saturating_sub(s.len());
    if spec.flags.left {
        out.extend_from_slice(s);
        push_n(out, b' ', pad);
    } else {
        push_n(out, b' ', pad);
        out.extend_from_slice(s);
    }
}

/// glibc echoes an unknown conversion as a normalised directive: `%`, flags in the
/// order `#'+` (or space) `-0I`, width, `.precision`, the character; length modifiers
/// are dropped and `*` values are printed as numbers.
fn print_unknown(out: &mut Vec<u8>, spec: &Spec, conv: u8) {
    let f = &spec.flags;
    out.push(b'%');
    if f.alt {
        out.push(b'#');
    }
    if f.group {
        out.push(b'\'');
    }
    if f.plus {
        out.push(b'+');
    } else if f.space {
        out.push(b' ');
    }
    if f.left {
        out.push(b'-');
    }
    if f.zero {
        out.push(b'0');
    }
    if f.i18n {
        out.push(b'I');
    }
    if spec.width != 0 {
        out.extend_from_slice(spec.width.to_string().as_bytes());
    }
    if let Some(p) = spec.prec {
        out.push(b'.');
        out.extend_from_slice(p.to_string().as_bytes());
    }
    out.push(conv);
}

fn digits_of(mut v: u64, base: u64, upper: bool) -> Vec<u8> {
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut d = Vec::with_capacity(24);
    while v != 0 {
        d.push(table[(v % base) as usize]);
        v /= base;
    }
    d.reverse();
    d
}

/// Integer conversions (and non-null `%p`). `signed_conv` lets `+`/space print a sign.
fn fmt_int(
    out: &mut Vec<u8>,
    spec: &Spec,
    neg: bool,
    mag: u64,
    base: u64,
    upper: bool,
    signed_conv: bool,
) {
    let f = &spec.flags;
    let mut digits = if spec.prec == Some(0) && mag == 0 {
        Vec::new()
    } else {
        digits_of(mag, base, upper)
    };
    if mag == 0 && digits.is_empty() && spec.prec != Some(0) {
        digits.push(b'0');
    }
    let prec = spec.prec.unwrap_or(1);
    let mut zeros = prec.saturating_sub(digits.len());
    // `#` with octal: the first digit printed must be 0.
    if f.alt && base == 8 && zeros == 0 && digits.first() != Some(&b'0') {
        zeros = 1;
    }
    let sign: &[u8] = if neg {
        b"-"
    } else if signed_conv && f.plus {
        b"+"
    } else if signed_conv && f.space {
        b" "
    } else {
        b""
    };
    let prefix: &[u8] = if f.alt && base == 16 && mag != 0 {
        if upper {
            b"0X"
        } else {
            b"0x"
        }
    } else {
        b""
    };
    let body = sign.len() + prefix.len() + zeros + digits.len();
    let pad = spec.width.saturating_sub(body);
    // A precision turns the `0` flag off for integers.
    let zero_pad = f.zero && spec.prec.is_none();
    if f.left {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        push_n(out, b'0', zeros);
        out.extend_from_slice(&digits);
        push_n(out, b' ', pad);
    } else if zero_pad {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        push_n(out, b'0', zeros + pad);
        out.extend_from_slice(&digits);
    } else {
        push_n(out, b' ', pad);
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        push_n(out, b'0', zeros);
        out.extend_from_slice(&digits);
    }
}

/// What the floating-point conversions need of a value (its sign aside).
#[derive(Clone, Copy)]
enum Real {
    NaN,
    Inf,
    /// `mant × 2^e`; zero has `mant == 0`.
    Finite {
        mant: u64,
        e: i32,
    },
}

fn fmt_float(out: &mut Vec<u8>, spec: &Spec, conv: u8, v: f64) {
    let real = if v.is_nan() {
        Real::NaN
    } else if v.is_infinite() {
        Real::Inf
    } else {
        let bits = v.to_bits();
        let exp_bits = ((bits >> 52) & 0x7ff) as i32;
        let frac = bits & ((1u64 << 52) - 1);
        if exp_bits == 0 {
            Real::Finite {
                mant: frac,
                e: -1074,
            }
        } else {
            Real::Finite {
                mant: frac | (1u64 << 52),
                e: exp_bits - 1075,
            }
        }
    };
    let hex = |prec, alt, upper| hex_float(v.abs(), prec, alt, upper);
    fmt_real(out, spec, conv, v.is_sign_negative(), real, &hex);
}

/// `%Lf`, `%Le`, `%Lg`, `%La` of an x87 80-bit value, as glibc prints them.
fn fmt_long_double(out: &mut Vec<u8>, spec: &Spec, conv: u8, v: F80) {
    let real = match v.parts() {
        F80Parts::NaN => Real::NaN,
        F80Parts::Inf => Real::Inf,
        F80Parts::Finite { sig, exp } => Real::Finite { mant: sig, e: exp },
    };
    let hex = |prec, alt, upper| hex_float_f80(v, prec, alt, upper);
    fmt_real(out, spec, conv, v.is_negative(), real, &hex);
}

type HexBody<'a> = &'a dyn Fn(Option<usize>, bool, bool) -> Vec<u8>;

fn fmt_real(out: &mut Vec<u8>, spec: &Spec, conv: u8, neg: bool, v: Real, hex: HexBody) {
    let f = &spec.flags;
    let upper = conv.is_ascii_uppercase();
    let sign: &[u8] = if neg {
        b"-"
    } else if f.plus {
        b"+"
    } else if f.space {
        b" "
    } else {
        b""
    };
    let (mant, e) = match v {
        Real::Finite { mant, e } => (mant, e),
        _ => (0, 0),
    };
    if !matches!(v, Real::Finite { .. }) {
        let word: &[u8] = match (matches!(v, Real::NaN), upper) {
            (true, false) => b"nan",
            (true, true) => b"NAN",
            (false, false) => b"inf",
            (false, true) => b"INF",
        };
        let mut s = sign.to_vec();
        s.extend_from_slice(word);
        pad_str(out, spec, &s);
        return;
    }
    let (prefix, body): (&[u8], Vec<u8>) = match conv.to_ascii_lowercase() {
        b'f' => (b"", fixed(mant, e, spec.prec.unwrap_or(6), f.alt)),
        b'e' => (b"", expo(mant, e, spec.prec.unwrap_or(6), f.alt, upper)),
        b'g' => (b"", general(mant, e, spec.prec.unwrap_or(6), f.alt, upper)),
        _ => (
            if upper { b"0X" } else { b"0x" },
            hex(spec.prec, f.alt, upper),
        ),
    };
    let n = sign.len() + prefix.len() + body.len();
    let pad = spec.width.saturating_sub(n);
    if f.left {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
        push_n(out, b' ', pad);
    } else if f.zero {
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        push_n(out, b'0', pad);
        out.extend_from_slice(&body);
    } else {
        push_n(out, b' ', pad);
        out.extend_from_slice(sign);
        out.extend_from_slice(prefix);
        out.extend_from_slice(&body);
    }
}

/// Exact decimal expansion of `mant × 2^e`: digits `d` (values 0..=9, no leading zero,
/// no trailing zero) and `point`, with value `0.d1d2... × 10^point`. Zero has no digits.
pub(super) fn exact_decimal_parts(mant: u64, e: i32) -> (Vec<u8>, i32) {
    if mant == 0 {
        return (Vec::new(), 0);
    }
    // value = mant * 2^e. With e < 0 this is mant * 5^-e / 10^-e.
    let (int_digits, frac_len): (Vec<u8>, i32) = if e >= 0 {
        let mut n = BigUint::from_u64(mant);
        n.shl(e as u32);
        (n.to_decimal(), 0)
    } else {
        let k = (-e) as u32;
        if k <= 27 && mant < 1 << 54 {
            let p = 5u128.pow(k) * mant as u128;
            (p.to_string().into_bytes(), k as i32)
        } else {
            let mut n = BigUint::from_u64(mant);
            n.mul_pow5(k);
            (n.to_decimal(), k as i32)
        }
    };
    // int_digits are ASCII; the value is int_digits × 10^-frac_len.
    let mut d: Vec<u8> = int_digits.iter().map(|c| c - b'0').collect();
    let point = d.len() as i32 - frac_len;
    while d.last() == Some(&0) {
        d.pop();
    }
    (d, point)
}

/// Rounds the digit string to `keep` digits (counted from the first digit; may be <= 0),
/// half to even on exact ties. Returns the new digits (trailing zeros allowed) and point.
fn round_digits(d: &[u8], point: i32, keep: i64) -> (Vec<u8>, i32) {
    if keep >= d.len() as i64 {
        return (d.to_vec(), point);
    }
    if keep < 0 {
        return (Vec::new(), point);
    }
    let k = keep as usize;
    let next = d[k];
    let rest_nonzero = d[k + 1..].iter().any(|&x| x != 0);
    let last_odd = k > 0 && d[k - 1] % 2 == 1;
    let up = next > 5 || (next == 5 && (rest_nonzero || last_odd));
    let mut r = d[..k].to_vec();
    let mut point = point;
    if up {
        let mut j = r.len();
        loop {
            if j == 0 {
                r.insert(0, 1);
                point += 1;
                break;
            }
            j -= 1;
            if r[j] == 9 {
                r[j] = 0;
            } else {
                r[j] += 1;
                break;
            }
        }
    }
    (r, point)
}

fn digit_at(d: &[u8], i: i64) -> u8 {
    if i >= 0 && (i as usize) < d.len() {
        b'0' + d[i as usize]
    } else {
        b'0'
    }
}

/// `%f` body (no sign) of `mant × 2^e`.
fn fixed(mant: u64, e: i32, prec: usize, alt: bool) -> Vec<u8> {
    let (d, point) = exact_decimal_parts(mant, e);
    let (d, point) = round_digits(&d, point, point as i64 + prec as i64);
    fixed_from(&d, point, prec, alt)
}

fn fixed_from(d: &[u8], point: i32, prec: usize, alt: bool) -> Vec<u8> {
    let mut s = Vec::with_capacity(point.max(1) as usize + prec + 2);
    if point <= 0 || d.is_empty() {
        s.push(b'0');
    } else {
        for i in 0..point as i64 {
            s.push(digit_at(d, i));
        }
    }
    if prec > 0 || alt {
        s.push(b'.');
    }
    let p = if d.is_empty() { 0 } else { point as i64 };
    for i in 0..prec as i64 {
        s.push(digit_at(d, p + i));
    }
    s
}

fn push_exponent(s: &mut Vec<u8>, x: i32, upper: bool) {
    s.push(if upper { b'E' } else { b'e' });
    s.push(if x < 0 { b'-' } else { b'+' });
    let a = x.unsigned_abs();
    if a < 10 {
        s.push(b'0');
    }
    s.extend_from_slice(a.to_string().as_bytes());
}

/// `%e` body (no sign) of `mant × 2^e`.
fn expo(mant: u64, e: i32, prec: usize, alt: bool, upper: bool) -> Vec<u8> {
    let (d, point) = exact_decimal_parts(mant, e);
    let (d, point) = round_digits(&d, point, prec as i64 + 1);
    expo_from(&d, point, prec, alt, upper)
}

fn expo_from(d: &[u8], point: i32, prec: usize, alt: bool, upper: bool) -> Vec<u8> {
    let mut s = Vec::with_capacity(prec + 8);
    s.push(digit_at(d, 0));
    if prec > 0 || alt {
        s.push(b'.');
    }
    for i in 0..prec as i64 {
        s.push(digit_at(d, 1 + i));
    }
    let x = if d.is_empty() { 0 } else { point - 1 };
    push_exponent(&mut s, x, upper);
    s
}

/// `%g` body (no sign) of `mant × 2^e`.
fn general(mant: u64, e: i32, prec: usize, alt: bool, upper: bool) -> Vec<u8> {
    let p = if prec == 0 { 1 } else { prec };
    let (d, point) = exact_decimal_parts(mant, e);
    let (d, point) = round_digits(&d, point, p as i64);
    let x: i64 = if d.is_empty() { 0 } else { point as i64 - 1 };
    let mut s = if (p as i64) > x && x >= -4 {
        fixed_from(&d, point, (p as i64 - 1 - x) as usize, alt)
    } else {
        expo_from(&d, point, p - 1, alt, upper)
    };
    if !alt {
        // Drop trailing zeros of the fraction, and the point if nothing follows it.
        let mant_end = s
            .iter()
            .position(|&c| c == b'e' || c == b'E')
            .unwrap_or(s.len());
        if s[..mant_end].contains(&b'.') {
            let mut j = mant_end;
            while j > 0 && s[j - 1] == b'0' {
                j -= 1;
            }
            if j > 0 && s[j - 1] == b'.' {
                j -= 1;
            }
            s.drain(j..mant_end);
        }
    }
    s
}

/// `%a` body after `0x` (no sign): glibc keeps subnormals unnormalised (`0x0.8p-1022`),
/// rounds half to even on hex digits, and lets a carry turn the leading 1 into 2.
fn hex_float(v: f64, prec: Option<usize>, alt: bool, upper: bool) -> Vec<u8> {
    let bits = v.to_bits();
    let exp_bits = ((bits >> 52) & 0x7ff) as i32;
    let frac = bits & ((1u64 << 52) - 1);
    let (mut lead, exp) = if exp_bits == 0 {
        (0u8, if frac == 0 { 0 } else { -1022 })
    } else {
        (1u8, exp_bits - 1023)
    };
    let mut nib: Vec<u8> = (0..13)
        .map(|i| ((frac >> (48 - 4 * i)) & 0xf) as u8)
        .collect();
    while nib.last() == Some(&0) {
        nib.pop();
    }
    if let Some(p) = prec {
        if p < nib.len() {
            let last = if p > 0 { nib[p - 1] } else { lead };
            let next = nib[p];
            let more = nib[p + 1..].iter().any(|&x| x != 0);
            let up = next > 8 || (next == 8 && (more || last % 2 == 1));
            nib.truncate(p);
            if up && increment_nibbles(&mut nib) {
                lead += 1;
            }
        } else {
            nib.resize(p, 0);
        }
    }
    hex_float_text(lead, &nib, exp, alt, upper)
}

/// Adds one in the last hex digit; true when the carry leaves the first (every digit
/// was `f` and is now `0`).
fn increment_nibbles(nib: &mut [u8]) -> bool {
    for d in nib.iter_mut().rev() {
        if *d == 15 {
            *d = 0;
        } else {
            *d += 1;
            return false;
        }
    }
    true
}

/// The text of a hex float after `0x`: leading digit, point, digits, `p` exponent.
fn hex_float_text(lead: u8, nib: &[u8], exp: i32, alt: bool, upper: bool) -> Vec<u8> {
    let table: &[u8; 16] = if upper {
        b"0123456789ABCDEF"
    } else {
        b"0123456789abcdef"
    };
    let mut s = vec![table[lead as usize]];
    if !nib.is_empty() || alt {
        s.push(b'.');
    }
    s.extend(nib.iter().map(|&n| table[n as usize]));
    s.push(if upper { b'P' } else { b'p' });
    s.push(if exp < 0 { b'-' } else { b'+' });
    s.extend_from_slice(exp.unsigned_abs().to_string().as_bytes());
    s
}

/// `%La` body after `0x` (no sign), as glibc prints the x87 format: the 64-bit
/// significand as 16 hex digits, the first (a full nibble, integer bit included) before
/// the point, so `1.0L` is `0x8p-3`; subnormals use the exponent of the smallest normal
/// (`-16385`); rounding to the precision is half to even and a carry out of `f` makes
/// the leading digit `1` and adds 4 to the exponent.
fn hex_float_f80(v: F80, prec: Option<usize>, alt: bool, upper: bool) -> Vec<u8> {
    let (sig, biased) = v.raw_parts();
    let mut lead = (sig >> 60) as u8;
    let mut nib: Vec<u8> = (0..15)
        .map(|i| ((sig >> (56 - 4 * i)) & 0xf) as u8)
        .collect();
    let mut exp: i32 = if biased == 0 {
        if sig == 0 {
            0
        } else {
            -16385
        }
    } else {
        i32::from(biased) - 16383 - 3
    };
    if sig == 0 {
        nib.clear();
        if let Some(p) = prec {
            nib.resize(p, 0);
        }
    } else {
        while nib.last() == Some(&0) {
            nib.pop();
        }
        if let Some(p) = prec {
            if p < nib.len() {
                let last = if p > 0 { nib[p - 1] } else { lead };
                let next = nib[p];
                let more = next & 7 != 0 || p + 1 < nib.len();
                let up = next >= 8 && (more || last % 2 == 1);
                nib.truncate(p);
                if up && increment_nibbles(&mut nib) {
                    if lead == 15 {
                        lead = 1;
                        exp += 4;
                    } else {
                        lead += 1;
                    }
                }
            } else {
                nib.resize(p, 0);
            }
        }
    }
    hex_float_text(lead, &nib, exp, alt, upper)
}

#[cfg(test)]
#[path = "tests/printf.rs"]
mod tests;
