//! `vprintf`, `vfprintf`, `vsprintf`, `vsnprintf`: the printf models with their
//! variadic arguments read from a `va_list`, i.e. from the 16-byte slots of a variadic
//! function's argument area (see `ir::Function::va_area`) starting where the `va_list`
//! points.

use super::{Args, Shim};
use crate::exec::interp::{Machine, X};
use crate::ir::{Loc, Scalar};

/// Kind tags of an argument slot (the second 8 bytes).
pub const VA_INT: u64 = 1;
pub const VA_DOUBLE: u64 = 2;

/// More than any format reads; bounds the walk when a `va_list` is garbage.
const MAX_SLOTS: u64 = 1024;

/// The arguments from `ap` to the end of its area, with their kinds.
fn slots(m: &Machine, ap: u64) -> Vec<(u64, Scalar, Option<u32>)> {
    let mut out = Vec::new();
    for k in 0..MAX_SLOTS {
        let at = ap.wrapping_add(16 * k);
        let (Ok(v), Ok(kind)) = (m.mem.load(at, 8), m.mem.load(at.wrapping_add(8), 8)) else {
            break;
        };
        let s = match kind {
            VA_INT => Scalar::I64,
            VA_DOUBLE => Scalar::F64,
            _ => break,
        };
        out.push((v, s, None));
    }
    out
}

pub fn call(m: &mut Machine, s: Shim, args: Args, loc: Loc) -> X<u64> {
    // The fixed arguments before the va_list, and the printf model taking them.
    let (fixed, model) = match s {
        Shim::vprintf => (1, Shim::printf),
        Shim::vfprintf => (2, Shim::fprintf),
        Shim::vsprintf => (2, Shim::sprintf),
        _ => (3, Shim::snprintf),
    };
    let Some(&(ap, _, _)) = args.get(fixed) else {
        return Err(super::unsupported(
            m,
            format!("{s:?} called with too few arguments"),
            loc,
        ));
    };
    let mut all: Vec<(u64, Scalar, Option<u32>)> = args[..fixed].to_vec();
    all.extend(slots(m, ap));
    super::call(m, model, &all, loc)
}
