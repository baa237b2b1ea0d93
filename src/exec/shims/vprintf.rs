//! `vprintf`, `vfprintf`, `vsprintf`, `vsnprintf`: the printf models with their
//! variadic arguments read from a `va_list`, i.e. from the 16-byte slots of a variadic
//! function's argument area (see `ir::Function::va_area`) starting where the `va_list`
//! points.

use super::{Args, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};
use crate::ir::{Loc, Scalar};

/// Kind tags of an argument slot (the second 8 bytes).
/// Kinds of the arguments in a variadic area's slots, in tag order (tag = index + 1):
/// the `v*printf` models check conversions against the argument's real type, as
/// `printf` does.
const VA_KINDS: [Scalar; 11] = [
    Scalar::I8,
    Scalar::U8,
    Scalar::I16,
    Scalar::U16,
    Scalar::I32,
    Scalar::U32,
    Scalar::I64,
    Scalar::U64,
    Scalar::F32,
    Scalar::F64,
    Scalar::Ptr,
];

/// The tag a variadic slot holding an argument of kind `s` carries.
pub fn va_tag(s: Scalar) -> u64 {
    VA_KINDS
        .iter()
        .position(|k| *k == s)
        .map_or(0, |i| i as u64 + 1)
}

/// The tag of a `long double` argument's first slot; its value is in the next slot
/// (16 bytes), which the walk passes on by address, as calls pass it.
pub const VA_LONG_DOUBLE: u64 = VA_KINDS.len() as u64 + 1;

/// More than any format reads; bounds the walk when a `va_list` is garbage.
const MAX_SLOTS: u64 = 1024;

/// The arguments from `ap` to the end of its area, with their kinds.
fn slots<O: Observer>(m: &Machine<'_, O>, ap: u64) -> Vec<(u64, Scalar, Option<u32>)> {
    let mut out = Vec::new();
    let mut k = 0;
    while k < MAX_SLOTS {
        let at = ap.wrapping_add(16 * k);
        k += 1;
        let (Ok(v), Ok(kind)) = (m.mem.load(at, 8), m.mem.load(at.wrapping_add(8), 8)) else {
            break;
        };
        if kind == VA_LONG_DOUBLE {
            out.push((at.wrapping_add(16), Scalar::F64, Some(16)));
            k += 1;
            continue;
        }
        let Some(&s) = (kind as usize).checked_sub(1).and_then(|i| VA_KINDS.get(i)) else {
            break;
        };
        out.push((v, s, None));
    }
    out
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
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
