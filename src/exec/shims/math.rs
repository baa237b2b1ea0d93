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
    let x = arg_f64(args, 0);
    let y = arg_f64(args, 1);
    Ok(ret_f64(match s {
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
