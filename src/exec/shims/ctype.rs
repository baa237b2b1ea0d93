//! ctype.h in the "C" locale. Arguments outside unsigned char and EOF are undefined in C;
//! like glibc's table lookups we answer for -128..255 and treat the rest as "no".

use super::{arg, ret_int, Args, Shim};
use crate::exec::interp::{Machine, X};
use crate::ir::Scalar;
use crate::sym::{CmpOp, ExprId, ExprPool};

/// `lo <= x && x <= hi` on a 32-bit `int`.
fn in_range(p: &mut ExprPool, x: ExprId, lo: u64, hi: u64) -> ExprId {
    let l = p.constant(lo, 32);
    let h = p.constant(hi, 32);
    let a = p.cmp(CmpOp::Sge, x, l);
    let b = p.cmp(CmpOp::Sle, x, h);
    p.bool_and(a, b)
}

/// In a concolic run, the character classes and case mappings of an input-derived
/// character are expressed over it (tokenizers branch on them).
fn symbolic(m: &mut Machine, s: Shim) {
    let Some(sy) = m.sym.as_mut() else { return };
    let Some(e) = sy.args.first().copied().flatten() else {
        return;
    };
    let x = sy.narrow(e, 32);
    let p = &mut sy.pool;
    let upper = in_range(p, x, 65, 90);
    let lower = in_range(p, x, 97, 122);
    let digit = in_range(p, x, 48, 57);
    let alpha = p.bool_or(upper, lower);
    let alnum = p.bool_or(alpha, digit);
    let graph = in_range(p, x, 33, 126);
    let c = match s {
        Shim::isalpha => alpha,
        Shim::isdigit => digit,
        Shim::isalnum => alnum,
        Shim::isupper => upper,
        Shim::islower => lower,
        Shim::isspace => {
            let sp = p.constant(32, 32);
            let is_sp = p.eq(x, sp);
            let ctl = in_range(p, x, 9, 13);
            p.bool_or(is_sp, ctl)
        }
        Shim::isprint => in_range(p, x, 32, 126),
        Shim::isgraph => graph,
        Shim::ispunct => {
            let na = p.negate(alnum);
            p.bool_and(graph, na)
        }
        Shim::isxdigit => {
            let a = in_range(p, x, 97, 102);
            let b = in_range(p, x, 65, 70);
            let ab = p.bool_or(a, b);
            p.bool_or(digit, ab)
        }
        Shim::iscntrl => {
            let a = in_range(p, x, 0, 31);
            let del = p.constant(127, 32);
            let b = p.eq(x, del);
            p.bool_or(a, b)
        }
        Shim::toupper | Shim::tolower => {
            let (cond, delta) = if s == Shim::toupper {
                (lower, 32u64.wrapping_neg())
            } else {
                (upper, 32)
            };
            let d = p.constant(delta & 0xffff_ffff, 32);
            let moved = p.add(x, d);
            let r = p.ite(cond, moved, x);
            sy.ret = Some(sy.widen(r, Scalar::I32));
            return;
        }
        _ => return,
    };
    let r = p.zext(c, 32);
    sy.ret = Some(sy.widen(r, Scalar::I32));
}

pub fn call(m: &mut Machine, s: Shim, args: Args, loc: crate::ir::Loc) -> X<u64> {
    let Some(v) = concrete(s, args) else {
        return Err(super::no_model(m, s, loc));
    };
    if m.sym.is_some() {
        symbolic(m, s);
    }
    Ok(v)
}

fn concrete(s: Shim, args: Args) -> Option<u64> {
    let c = arg(args, 0) as u32 as i32;
    let b = if (0..=255).contains(&c) {
        Some(c as u8)
    } else {
        None
    };
    let t = |f: fn(&u8) -> bool| -> u64 { ret_int(b.map(|x| f(&x)).unwrap_or(false) as i64) };
    Some(match s {
        Shim::isalpha => t(u8::is_ascii_alphabetic),
        Shim::isdigit => t(u8::is_ascii_digit),
        Shim::isalnum => t(u8::is_ascii_alphanumeric),
        Shim::isspace => t(|x| matches!(x, b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c)),
        Shim::isupper => t(u8::is_ascii_uppercase),
        Shim::islower => t(u8::is_ascii_lowercase),
        Shim::isprint => t(|x| (0x20..0x7f).contains(x)),
        Shim::ispunct => t(u8::is_ascii_punctuation),
        Shim::isxdigit => t(u8::is_ascii_hexdigit),
        Shim::iscntrl => t(|x| *x < 0x20 || *x == 0x7f),
        Shim::isgraph => t(u8::is_ascii_graphic),
        Shim::toupper => ret_int(match b {
            Some(x) if x.is_ascii_lowercase() => (x - 32) as i64,
            _ => c as i64,
        }),
        Shim::tolower => ret_int(match b {
            Some(x) if x.is_ascii_uppercase() => (x + 32) as i64,
            _ => c as i64,
        }),
        _ => return None,
    })
}
