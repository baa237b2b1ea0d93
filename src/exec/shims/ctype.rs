//! ctype.h in the "C" locale. Arguments outside unsigned char and EOF are undefined in C;
//! like glibc's table lookups we answer for -128..255 and treat the rest as "no".
//! A concolic run expresses the results over an input-derived argument itself
//! (`exec::concolic`), from the call's arguments.

use super::{arg, ret_int, Args, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};

pub fn call<O: Observer>(
    m: &mut Machine<'_, O>,
    s: Shim,
    args: Args,
    loc: crate::ir::Loc,
) -> X<u64> {
    let Some(v) = concrete(s, args) else {
        return Err(super::no_model(m, s, loc));
    };
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
        Shim::isblank => t(|x| matches!(x, b' ' | b'\t')),
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
