//! stdlib.h and assert.h.

use super::{arg, ret_f64, ret_int, Args, Shim};
use crate::exec::hooks::{Observer, Parsed, Whole};
use crate::exec::interp::{Machine, Stop, X};
use crate::exec::memory::AllocKind;
use crate::exec::FaultKind;
use crate::ir::{Loc, Scalar};
use crate::libc::errno;
use crate::libc::strconv::{self, IntKind};

/// `setenv(name, value, 1)` on the library's list: replaced in place, else appended.
/// `input`: the variable is one the run was given (its value is an input).
pub(crate) fn set_env(env: &mut Vec<super::EnvVar>, name: Vec<u8>, value: Vec<u8>, input: bool) {
    let var = super::EnvVar::Owned {
        name,
        value,
        ptr: 0,
        input,
    };
    match env.iter().position(|v| v.name() == var.name()) {
        Some(i) => env[i] = var,
        None => env.push(var),
    }
}

/// glibc's `getenv`: the first variable whose "NAME=VALUE" string starts with `name`
/// followed by '='; the value is the rest of that string, in the program's memory.
/// The value of a variable the run was given is an input (`env(NAME)`): its bytes are
/// marked when its string is first made.
fn getenv<O: Observer>(m: &mut Machine<'_, O>, name: &[u8], loc: Loc) -> X<u64> {
    if name.is_empty() {
        return Ok(0);
    }
    for i in 0..m.libc.env.len() {
        let (text, ptr, input) = match &m.libc.env[i] {
            super::EnvVar::Owned {
                name: n,
                value,
                ptr,
                input,
            } => {
                let mut t = n.clone();
                t.push(b'=');
                t.extend_from_slice(value);
                (t, *ptr, *input)
            }
            super::EnvVar::User { ptr, .. } => (text_at(m, *ptr)?, *ptr, false),
        };
        if text.len() > name.len() && text.starts_with(name) && text[name.len()] == b'=' {
            let value_at = name.len() as u64 + 1;
            let p = if ptr != 0 {
                ptr
            } else {
                let p = super::lib_string(m, &text, "environment string", loc)?;
                if let super::EnvVar::Owned { ptr, .. } = &mut m.libc.env[i] {
                    *ptr = p;
                }
                if input {
                    super::mark_env_value(m, name, p + value_at, &text[name.len() + 1..], loc)?;
                }
                p
            };
            return Ok(p + value_at);
        }
    }
    Ok(0)
}

/// The bytes from `p` to the end of a C string, for number parsing.
fn text_at<O: Observer>(m: &Machine<'_, O>, p: u64) -> X<Vec<u8>> {
    m.mem.c_string(p).map_err(|e| m.stop_mem(e))
}

/// `rand`'s and `random`'s generator, seeded as glibc's before the first `srand`.
fn glibc_rand<'m, O: Observer>(m: &'m mut Machine<'_, O>) -> &'m mut crate::libc::rand::GlibcRand {
    m.libc
        .rand
        .get_or_insert_with(crate::libc::rand::GlibcRand::new)
}

fn store_endptr<O: Observer>(m: &mut Machine<'_, O>, endp: u64, s: u64, consumed: usize) -> X<()> {
    if endp != 0 {
        try_mem!(m, m.mem.store(endp, 8, s + consumed as u64));
    }
    Ok(())
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1, a2) = (arg(args, 0), arg(args, 1), arg(args, 2));
    Ok(match s {
        Shim::malloc => {
            // malloc(0) returns a unique pointer in glibc; a zero-sized block models it.
            try_mem!(
                m,
                m.mem
                    .alloc(a0 as usize, AllocKind::Heap, false, "heap", loc)
            )
        }
        Shim::alloca => m.alloca(a0, loc)?,
        Shim::calloc => {
            let n = a0.saturating_mul(a1);
            if n > (8u64 << 30) {
                super::set_errno(m, errno::ENOMEM, loc)?;
                0
            } else {
                try_mem!(
                    m,
                    m.mem.alloc(n as usize, AllocKind::Heap, true, "heap", loc)
                )
            }
        }
        Shim::realloc => {
            if a0 == 0 {
                return Ok(try_mem!(
                    m,
                    m.mem
                        .alloc(a1 as usize, AllocKind::Heap, false, "heap", loc)
                ));
            }
            if !m.mem.is_heap_block(a0) {
                let e = m.mem.free_heap(a0, loc).err();
                return Err(match e {
                    Some(e) => m.stop_mem(e),
                    None => m.fault(
                        FaultKind::InvalidFree,
                        "realloc of a pointer that is not a heap block".into(),
                        loc,
                    ),
                });
            }
            let old_len = try_mem!(m, m.mem.room(a0));
            let newp = try_mem!(
                m,
                m.mem
                    .alloc(a1 as usize, AllocKind::Heap, false, "heap", loc)
            );
            let n = old_len.min(a1 as usize);
            try_mem!(m, m.mem.copy(newp, a0, n));
            try_mem!(m, m.mem.free_heap(a0, loc));
            newp
        }
        Shim::free => {
            try_mem!(m, m.mem.free_heap(a0, loc));
            0
        }
        s if super::converts_integer(s) => {
            let text = text_at(m, a0)?;
            let (kind, base) = match s {
                Shim::atoi => (IntKind::Atoi, 10),
                Shim::atol => (IntKind::Atol, 10),
                Shim::atoll => (IntKind::Atoll, 10),
                Shim::strtol => (IntKind::Strtol, a2 as u32),
                Shim::strtoll => (IntKind::Strtoll, a2 as u32),
                Shim::strtoul => (IntKind::Strtoul, a2 as u32),
                _ => (IntKind::Strtoull, a2 as u32),
            };
            let r = strconv::strtol_like(&text, base, kind);
            // glibc: atoi & co are strtol, so they set errno as it does.
            if r.overflow {
                super::set_errno(m, errno::ERANGE, loc)?;
            } else if r.invalid_base {
                super::set_errno(m, errno::EINVAL, loc)?;
            }
            if !matches!(s, Shim::atoi | Shim::atol | Shim::atoll) {
                store_endptr(m, a1, a0, r.consumed)?;
            }
            let (width, signed) = match s {
                Shim::atoi => (32, true),
                Shim::strtoul | Shim::strtoull => (64, false),
                _ => (64, true),
            };
            let value = if s == Shim::atoi {
                ret_int(r.value as i64)
            } else {
                r.value
            };
            let parsed = Parsed {
                ptr: a0,
                text: &text,
                consumed: r.consumed,
                base,
                width,
                signed,
                value,
            };
            O::input_parsed(m, Whole, &parsed, loc);
            value
        }
        Shim::strtold => {
            // The result buffer first, then strtold's own arguments.
            let text = text_at(m, a1)?;
            let r = crate::libc::strtold::strtold_like(&text);
            if r.erange() {
                super::set_errno(m, errno::ERANGE, loc)?;
            }
            store_endptr(m, a2, a1, r.consumed)?;
            super::ret_ld(m, a0, r.value)?
        }
        Shim::atof | Shim::strtod | Shim::strtof => {
            let text = text_at(m, a0)?;
            if s == Shim::strtof {
                let r = strconv::strtof_like(&text);
                if r.erange() {
                    super::set_errno(m, errno::ERANGE, loc)?;
                }
                store_endptr(m, a1, a0, r.consumed)?;
                return Ok((r.value as f32).to_bits() as u64);
            }
            let r = strconv::strtod_like(&text);
            if r.erange() {
                super::set_errno(m, errno::ERANGE, loc)?;
            }
            if s == Shim::strtod {
                store_endptr(m, a1, a0, r.consumed)?;
            }
            ret_f64(r.value)
        }
        // Struct results: the interpreter passes the return buffer first.
        Shim::div => {
            let (n, d) = (a1 as i32, a2 as i32);
            if d == 0 {
                return Err(m.fault(FaultKind::DivisionByZero, "div() by zero".into(), loc));
            }
            try_mem!(m, m.mem.store(a0, 4, n.wrapping_div(d) as u32 as u64));
            try_mem!(m, m.mem.store(a0 + 4, 4, n.wrapping_rem(d) as u32 as u64));
            0
        }
        Shim::ldiv | Shim::lldiv => {
            let (n, d) = (a1 as i64, a2 as i64);
            if d == 0 {
                return Err(m.fault(FaultKind::DivisionByZero, "ldiv() by zero".into(), loc));
            }
            try_mem!(m, m.mem.store(a0, 8, n.wrapping_div(d) as u64));
            try_mem!(m, m.mem.store(a0 + 8, 8, n.wrapping_rem(d) as u64));
            0
        }
        Shim::abs | Shim::labs | Shim::llabs => {
            if s == Shim::abs {
                ret_int((a0 as i32).wrapping_abs() as i64)
            } else {
                (a0 as i64).wrapping_abs() as u64
            }
        }
        Shim::exit => {
            super::run_atexit(m, loc)?;
            m.io.flush(crate::exec::io::STDOUT_FD);
            return Err(Stop::Exit((a0 as i32) & 0xff));
        }
        Shim::abort => return Err(Stop::Signal(6)),
        // No handlers and no flush: what stdio still buffers is lost, as natively.
        Shim::_Exit | Shim::_exit => {
            m.io.drop_unflushed();
            return Err(Stop::Exit((a0 as i32) & 0xff));
        }
        Shim::__assert_fail => {
            // glibc: "<argv0>: <file>:<line>: <function>: Assertion `<expr>' failed.\n"
            let expr = text_at(m, a0)?;
            let file = text_at(m, a1)?;
            let func = text_at(m, arg(args, 3))?;
            // glibc names the program by the last component of argv[0] (`__progname`).
            let argv0 = m.argv0();
            let base = argv0.rsplit(|b| *b == b'/').next().unwrap_or(argv0);
            let mut msg = base.to_vec();
            msg.extend_from_slice(b": ");
            msg.extend_from_slice(&file);
            msg.extend_from_slice(format!(":{}: ", a2 as u32).as_bytes());
            msg.extend_from_slice(&func);
            msg.extend_from_slice(b": Assertion `");
            msg.extend_from_slice(&expr);
            msg.extend_from_slice(b"' failed.\n");
            m.output(crate::exec::io::STDERR_FD, &msg);
            return Err(Stop::Signal(6));
        }
        // One generator (glibc's `rand` is `random`); its values fit 31 bits, so the
        // `int` of `rand` and the `long` of `random` hold the same word.
        Shim::rand | Shim::random => ret_int(glibc_rand(m).rand() as i64),
        Shim::srand | Shim::srandom => {
            glibc_rand(m).srand(a0 as u32);
            0
        }
        Shim::drand48 => ret_f64(m.libc.rand48.drand()),
        Shim::lrand48 => m.libc.rand48.lrand() as u64,
        Shim::mrand48 => m.libc.rand48.mrand() as u64,
        Shim::srand48 => {
            m.libc.rand48.seed(a0 as i64);
            0
        }
        Shim::qsort => {
            let (base, n, size, cmp) = (a0, a1 as usize, a2 as usize, arg(args, 3));
            if n <= 1 || size == 0 {
                return Ok(0);
            }
            let bytes = try_mem!(m, m.mem.bytes(base, n * size)).to_vec();
            // Compare copies in a scratch buffer so the comparator sees stable elements.
            let scratch = try_mem!(
                m,
                m.mem
                    .alloc(n * size, AllocKind::Runtime, true, "qsort elements", loc)
            );
            try_mem!(m, m.mem.copy(scratch, base, n * size));
            let order = {
                let mut cmpf = |i: usize, j: usize| -> Result<std::cmp::Ordering, Stop> {
                    let a = scratch + (i * size) as u64;
                    let b = scratch + (j * size) as u64;
                    let r = m.call_pointer(
                        cmp,
                        &[(a, Scalar::Ptr, None), (b, Scalar::Ptr, None)],
                        loc,
                    )?;
                    Ok((r as i32).cmp(&0))
                };
                crate::libc::sort::glibc_qsort_order(n, &mut cmpf)?
            };
            let mut out = Vec::with_capacity(n * size);
            for i in order {
                out.extend_from_slice(&bytes[i * size..(i + 1) * size]);
            }
            m.mem.release(scratch, loc);
            try_mem!(m, m.mem.write_bytes(base, &out));
            0
        }
        Shim::bsearch => {
            let (key, base, n, size, cmp) =
                (a0, a1, a2 as usize, arg(args, 3) as usize, arg(args, 4));
            let found = {
                let mut probe = |i: usize| -> Result<std::cmp::Ordering, Stop> {
                    let el = base + (i * size) as u64;
                    let r = m.call_pointer(
                        cmp,
                        &[(key, Scalar::Ptr, None), (el, Scalar::Ptr, None)],
                        loc,
                    )?;
                    Ok((r as i32).cmp(&0))
                };
                crate::libc::sort::glibc_bsearch(n, &mut probe)?
            };
            found.map(|i| base + (i * size) as u64).unwrap_or(0)
        }
        Shim::atexit => {
            // glibc allows (practically) any number of handlers.
            m.libc.atexit.push(a0);
            0
        }
        Shim::getenv => {
            let name = text_at(m, a0)?;
            getenv(m, &name, loc)?
        }
        Shim::setenv | Shim::unsetenv => {
            // glibc refuses a null or empty name, or one containing '=', with EINVAL.
            let name = if a0 == 0 { Vec::new() } else { text_at(m, a0)? };
            if name.is_empty() || name.contains(&b'=') {
                super::set_errno(m, errno::EINVAL, loc)?;
                return Ok(ret_int(-1));
            }
            if s == Shim::unsetenv {
                m.libc.env.retain(|v| v.name() != name.as_slice());
            } else {
                let value = text_at(m, a1)?;
                let exists = m.libc.env.iter().any(|v| v.name() == name.as_slice());
                if !exists || a2 as u32 != 0 {
                    set_env(&mut m.libc.env, name, value, false);
                }
            }
            0
        }
        Shim::putenv => {
            let text = text_at(m, a0)?;
            match text.iter().position(|&b| b == b'=') {
                Some(k) => {
                    let name = text[..k].to_vec();
                    let var = super::EnvVar::User {
                        name: name.clone(),
                        ptr: a0,
                    };
                    match m.libc.env.iter().position(|v| v.name() == name.as_slice()) {
                        Some(i) => m.libc.env[i] = var,
                        None => m.libc.env.push(var),
                    }
                }
                // A string without '=' removes the variable (glibc).
                None => m.libc.env.retain(|v| v.name() != text.as_slice()),
            }
            0
        }
        Shim::__errno_location => super::lib_object(
            m,
            |l: &mut super::LibcState| &mut l.errno_ptr,
            &[0; 4],
            "errno",
            loc,
        )?,
        _ => return Err(super::no_model(m, s, loc)),
    })
}
