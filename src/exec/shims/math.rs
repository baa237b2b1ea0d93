//! math.h. Rust's f64 methods call the platform libm (glibc's here), so results agree
//! bit for bit with a native run on the same machine.

use super::{arg, arg_f64, arg_ld, ret_f64, ret_ld, Args, Shim};
use crate::exec::interp::{Machine, X};
use crate::ir::Loc;
use crate::libc::ldmath::{self, ToInt};

/// The `long double` functions: the result buffer first, then the arguments.
fn call_ld(m: &mut Machine, s: Shim, args: Args) -> X<u64> {
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
}

/// frexp ldexp modf erf erfc tgamma lgamma and their `float` forms; `frexp` and `modf`
/// store their second result through the pointer argument.
fn call_libm(m: &mut Machine, s: Shim, args: Args) -> X<Option<u64>> {
    let x = f64::from_bits(arg(args, 0));
    let xf = f32::from_bits(arg(args, 0) as u32);
    let n = arg(args, 1) as u32 as i32;
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
            _ => return Ok(None),
        }
    };
    Ok(Some(v))
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

pub fn call(m: &mut Machine, s: Shim, args: Args, loc: Loc) -> X<u64> {
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
