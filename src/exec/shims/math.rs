//! math.h. Rust's f64 methods call the platform libm (glibc's here), so results agree
//! bit for bit with a native run on the same machine.

use super::{arg, arg_f64, arg_ld, ret_f64, ret_ld, Args, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};
use crate::ir::Loc;
use crate::libc::ldmath::{self, ToInt};

/// The `long double` functions: the result buffer first, then the arguments.
fn call_ld<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args) -> X<u64> {
    let x = arg_ld(m, args, 1)?;
    let v = match s {
        Shim::sqrtl => ldmath::sqrt(x),
        Shim::fabsl => x.abs(),
        Shim::floorl => ldmath::to_integral(x, ToInt::Floor),
        Shim::ceill => ldmath::to_integral(x, ToInt::Ceil),
        Shim::truncl => ldmath::to_integral(x, ToInt::Trunc),
        Shim::roundl => ldmath::to_integral(x, ToInt::Round),
        _ => ldmath::fmod(x, arg_ld(m, args, 2)?),
    };
    ret_ld(m, arg(args, 0), v)
}

/// The `float` functions: Rust's `f32` methods call glibc's `float` forms (`sinf`, ...),
/// the exact ones (`floorf`, `sqrtf`) are exact in both.
fn call_f32(s: Shim, args: Args) -> Option<f32> {
    let f = |i: usize| f32::from_bits(arg(args, i) as u32);
    let (x, y) = (f(0), f(1));
    Some(match s {
        Shim::sqrtf => x.sqrt(),
        Shim::floorf => x.floor(),
        Shim::ceilf => x.ceil(),
        Shim::expf => x.exp(),
        Shim::logf => x.ln(),
        Shim::log10f => x.log10(),
        Shim::log2f => x.log2(),
        Shim::exp2f => x.exp2(),
        Shim::sinf => x.sin(),
        Shim::cosf => x.cos(),
        Shim::tanf => x.tan(),
        Shim::asinf => x.asin(),
        Shim::acosf => x.acos(),
        Shim::atanf => x.atan(),
        Shim::sinhf => x.sinh(),
        Shim::coshf => x.cosh(),
        Shim::tanhf => x.tanh(),
        Shim::roundf => x.round(),
        Shim::truncf => x.trunc(),
        Shim::cbrtf => x.cbrt(),
        Shim::powf => x.powf(y),
        Shim::fmodf => x % y,
        Shim::atan2f => x.atan2(y),
        Shim::fminf => x.min(y),
        Shim::fmaxf => x.max(y),
        Shim::hypotf => x.hypot(y),
        Shim::copysignf => x.copysign(y),
        _ => return None,
    })
}

// Functions Rust's floats lack: glibc's own (std links libm), so results agree bit for
// bit with a native run. `lgamma` also sets the host's `signgam`, which no run sees.
extern "C" {
    fn frexp(x: f64, e: *mut i32) -> f64;
    fn frexpf(x: f32, e: *mut i32) -> f32;
    fn ldexp(x: f64, e: i32) -> f64;
    fn ldexpf(x: f32, e: i32) -> f32;
    fn modf(x: f64, ip: *mut f64) -> f64;
    fn modff(x: f32, ip: *mut f32) -> f32;
    fn erf(x: f64) -> f64;
    fn erff(x: f32) -> f32;
    fn erfc(x: f64) -> f64;
    fn erfcf(x: f32) -> f32;
    fn tgamma(x: f64) -> f64;
    fn tgammaf(x: f32) -> f32;
    fn lgamma(x: f64) -> f64;
    fn lgammaf(x: f32) -> f32;
    fn nextafter(x: f64, y: f64) -> f64;
    fn nextafterf(x: f32, y: f32) -> f32;
    fn remainder(x: f64, y: f64) -> f64;
    fn remainderf(x: f32, y: f32) -> f32;
    fn fma(x: f64, y: f64, z: f64) -> f64;
    fn fmaf(x: f32, y: f32, z: f32) -> f32;
    fn fdimf(x: f32, y: f32) -> f32;
    fn scalbn(x: f64, n: i32) -> f64;
    fn scalbnf(x: f32, n: i32) -> f32;
    fn ilogb(x: f64) -> i32;
    fn ilogbf(x: f32) -> i32;
    fn logb(x: f64) -> f64;
    fn logbf(x: f32) -> f32;
    fn asinh(x: f64) -> f64;
    fn asinhf(x: f32) -> f32;
    fn acosh(x: f64) -> f64;
    fn acoshf(x: f32) -> f32;
    fn atanh(x: f64) -> f64;
    fn atanhf(x: f32) -> f32;
    fn lroundf(x: f32) -> i64;
    fn llroundf(x: f32) -> i64;
}

/// frexp ldexp modf erf erfc tgamma lgamma and their `float` forms; `frexp` and `modf`
/// store their second result through the pointer argument.
fn call_libm<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args) -> X<Option<u64>> {
    let x = f64::from_bits(arg(args, 0));
    let xf = f32::from_bits(arg(args, 0) as u32);
    let n = arg(args, 1) as u32 as i32;
    let (y, yf) = (
        f64::from_bits(arg(args, 1)),
        f32::from_bits(arg(args, 1) as u32),
    );
    let (z, zf) = (
        f64::from_bits(arg(args, 2)),
        f32::from_bits(arg(args, 2) as u32),
    );
    let (p, d, f) = (
        arg(args, 1),
        |v: f64| v.to_bits(),
        |v: f32| u64::from(v.to_bits()),
    );
    // SAFETY: pure libm functions on plain values; the out-pointers are locals.
    let v = unsafe {
        match s {
            Shim::frexp | Shim::frexpf => {
                let mut e = 0i32;
                let r = if s == Shim::frexp {
                    d(frexp(x, &mut e))
                } else {
                    f(frexpf(xf, &mut e))
                };
                try_mem!(m, m.mem.store(p, 4, e as u32 as u64));
                r
            }
            Shim::modf => {
                let mut ip = 0f64;
                let r = modf(x, &mut ip);
                try_mem!(m, m.mem.store(p, 8, ip.to_bits()));
                d(r)
            }
            Shim::modff => {
                let mut ip = 0f32;
                let r = modff(xf, &mut ip);
                try_mem!(m, m.mem.store(p, 4, u64::from(ip.to_bits())));
                f(r)
            }
            Shim::ldexp => d(ldexp(x, n)),
            Shim::ldexpf => f(ldexpf(xf, n)),
            Shim::erf => d(erf(x)),
            Shim::erff => f(erff(xf)),
            Shim::erfc => d(erfc(x)),
            Shim::erfcf => f(erfcf(xf)),
            Shim::tgamma => d(tgamma(x)),
            Shim::tgammaf => f(tgammaf(xf)),
            Shim::lgamma => d(lgamma(x)),
            Shim::lgammaf => f(lgammaf(xf)),
            Shim::nextafter => d(nextafter(x, y)),
            Shim::nextafterf => f(nextafterf(xf, yf)),
            Shim::remainder => d(remainder(x, y)),
            Shim::remainderf => f(remainderf(xf, yf)),
            Shim::fma => d(fma(x, y, z)),
            Shim::fmaf => f(fmaf(xf, yf, zf)),
            Shim::fdimf => f(fdimf(xf, yf)),
            Shim::scalbn => d(scalbn(x, n)),
            Shim::scalbnf => f(scalbnf(xf, n)),
            Shim::ilogb => super::ret_int(i64::from(ilogb(x))),
            Shim::ilogbf => super::ret_int(i64::from(ilogbf(xf))),
            Shim::logb => d(logb(x)),
            Shim::logbf => f(logbf(xf)),
            Shim::asinh => d(asinh(x)),
            Shim::asinhf => f(asinhf(xf)),
            Shim::acosh => d(acosh(x)),
            Shim::acoshf => f(acoshf(xf)),
            Shim::atanh => d(atanh(x)),
            Shim::atanhf => f(atanhf(xf)),
            Shim::lroundf => lroundf(xf) as u64,
            Shim::llroundf => llroundf(xf) as u64,
            _ => return Ok(None),
        }
    };
    Ok(Some(v))
}

/// glibc's classification functions, which regcause's `<math.h>` macros call as
/// glibc's own did before gcc's built-ins (`__fpclassify`, `__isinf`, `__signbit` and
/// their `f` and `l` forms, chosen by the argument's size), and the one comparison
/// behind `isgreater` and its family. The float argument is in the low half, the
/// `long double` one by address.
fn call_classify<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args) -> X<Option<u64>> {
    use crate::libc::f80::F80;
    let f = f32::from_bits(arg(args, 0) as u32);
    let d = f64::from_bits(arg(args, 0));
    // glibc's FP_* values.
    let native = |c: std::num::FpCategory| {
        use std::num::FpCategory::*;
        match c {
            Nan => 0,
            Infinite => 1,
            Zero => 2,
            Subnormal => 3,
            Normal => 4,
        }
    };
    let v: i64 = match s {
        Shim::__fpclassifyf => native(f.classify()),
        Shim::__fpclassify => native(d.classify()),
        Shim::__fpclassifyl => arg_ld(m, args, 0)?.fpclassify().into(),
        Shim::__isinff | Shim::__isinf | Shim::__isinfl => {
            let v = match s {
                Shim::__isinff => F80::from_f32(f),
                Shim::__isinf => F80::from_f64(d),
                _ => arg_ld(m, args, 0)?,
            };
            match (v.fpclassify(), v.is_negative()) {
                (1, true) => -1,
                (1, false) => 1,
                _ => 0,
            }
        }
        // gcc's expansion of `__builtin_signbit` at -O0 gives these non-zero values:
        // the double's sign shifted down, the float's sign bit in place, the long
        // double's sign byte moved up by two.
        Shim::__signbit => i64::from(d.is_sign_negative()),
        Shim::__signbitf => i64::from(f.is_sign_negative()) * i64::from(i32::MIN),
        Shim::__signbitl => i64::from(arg_ld(m, args, 0)?.is_negative()) * 512,
        Shim::__regcause_fpcompare => {
            use std::cmp::Ordering;
            match arg_ld(m, args, 0)?.compare(arg_ld(m, args, 1)?) {
                None => 0,
                Some(Ordering::Less) => 1,
                Some(Ordering::Equal) => 2,
                Some(Ordering::Greater) => 4,
            }
        }
        _ => return Ok(None),
    };
    Ok(Some(super::ret_int(v)))
}

/// C's `fdim`: the positive difference, NaN if either is.
fn fdim(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        x + y
    } else if x > y {
        x - y
    } else {
        0.0
    }
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    if matches!(
        s,
        Shim::sqrtl
            | Shim::fabsl
            | Shim::floorl
            | Shim::ceill
            | Shim::truncl
            | Shim::roundl
            | Shim::fmodl
    ) {
        return call_ld(m, s, args);
    }
    if let Some(v) = call_libm(m, s, args)? {
        return Ok(v);
    }
    if let Some(v) = call_classify(m, s, args)? {
        return Ok(v);
    }
    if let Some(v) = call_f32(s, args) {
        return Ok(u64::from(v.to_bits()));
    }
    let x = arg_f64(args, 0);
    let y = arg_f64(args, 1);
    if matches!(s, Shim::lround | Shim::llround) {
        // Out of range or NaN: what x86-64's conversion gives (glibc raises FE_INVALID).
        let r = x.round();
        // 2^63: the first double past the range of `long`.
        let limit = 2f64.powi(63);
        let v = if (-limit..limit).contains(&r) {
            r as i64
        } else {
            i64::MIN
        };
        return Ok(v as u64);
    }
    Ok(ret_f64(match s {
        Shim::expm1 => x.exp_m1(),
        Shim::log1p => x.ln_1p(),
        Shim::rint => x.round_ties_even(),
        Shim::nearbyint => x.round_ties_even(),
        Shim::copysign => x.copysign(y),
        Shim::fdim => fdim(x, y),

        // A float result: its bits in the low half, as the interpreter keeps floats.
        Shim::fabsf => return Ok(f32::from_bits(arg(args, 0) as u32).abs().to_bits() as u64),
        Shim::sqrt => x.sqrt(),
        Shim::pow => x.powf(y),
        Shim::fabs => x.abs(),
        Shim::floor => x.floor(),
        Shim::ceil => x.ceil(),
        Shim::fmod => x % y,
        Shim::exp => x.exp(),
        Shim::log => x.ln(),
        Shim::log10 => x.log10(),
        Shim::log2 => x.log2(),
        Shim::exp2 => x.exp2(),
        Shim::sin => x.sin(),
        Shim::cos => x.cos(),
        Shim::tan => x.tan(),
        Shim::asin => x.asin(),
        Shim::acos => x.acos(),
        Shim::atan => x.atan(),
        Shim::atan2 => x.atan2(y),
        Shim::sinh => x.sinh(),
        Shim::cosh => x.cosh(),
        Shim::tanh => x.tanh(),
        Shim::round => x.round(),
        Shim::trunc => x.trunc(),
        Shim::fmin => x.min(y),
        Shim::fmax => x.max(y),
        Shim::hypot => x.hypot(y),
        Shim::cbrt => x.cbrt(),
        _ => return Err(super::no_model(m, s, loc)),
    }))
}
