//! string.h. Every access goes through the memory model, so overruns are caught.

use super::{arg, ret_int, Args, LibcState, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};
use crate::exec::memory::AllocKind;
use crate::ir::Loc;
use crate::libc::errno;

fn cstr<O: Observer>(m: &Machine<'_, O>, p: u64) -> X<Vec<u8>> {
    m.mem.c_string(p).map_err(|e| m.stop_mem(e))
}

/// The difference of the first differing bytes, as glibc's x86_64 string functions
/// return it (programs usually rely on the sign only).
fn cmp_bytes(a: &[u8], b: &[u8]) -> u64 {
    for (x, y) in a.iter().zip(b.iter()) {
        if x != y {
            return ret_int(*x as i64 - *y as i64);
        }
    }
    // One is a prefix of the other: compare with the terminating NUL.
    match a.len().cmp(&b.len()) {
        std::cmp::Ordering::Equal => 0,
        std::cmp::Ordering::Less => ret_int(-(b[a.len()] as i64)),
        std::cmp::Ordering::Greater => ret_int(a[b.len()] as i64),
    }
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1, a2) = (arg(args, 0), arg(args, 1), arg(args, 2));
    Ok(match s {
        Shim::strlen => cstr(m, a0)?.len() as u64,
        Shim::strcpy => {
            // A copy, not a write of the bytes read: observers keep what the bytes are.
            let n = cstr(m, a1)?.len() + 1;
            try_mem!(m, m.mem.copy(a0, a1, n));
            a0
        }
        Shim::strncpy => {
            let n = a2 as usize;
            let mut out = Vec::with_capacity(n);
            let mut p = a1;
            while out.len() < n {
                let b = try_mem!(m, m.mem.init_bytes(p, 1))[0];
                if b == 0 {
                    break;
                }
                out.push(b);
                p += 1;
            }
            out.resize(n, 0);
            try_mem!(m, m.mem.write_bytes(a0, &out));
            a0
        }
        Shim::strcat | Shim::strncat => {
            let end = a0 + cstr(m, a0)?.len() as u64;
            let mut n = cstr(m, a1)?.len();
            if s == Shim::strncat {
                n = n.min(a2 as usize);
            }
            // Copied (observers keep what the bytes are), then the NUL written.
            try_mem!(m, m.mem.copy(end, a1, n));
            try_mem!(m, m.mem.write_bytes(end + n as u64, &[0]));
            a0
        }
        Shim::strcmp => {
            let (x, y) = (cstr(m, a0)?, cstr(m, a1)?);
            cmp_bytes(&x, &y)
        }
        Shim::strncmp => {
            let n = a2 as usize;
            let mut x = Vec::new();
            let mut y = Vec::new();
            for (p, out) in [(a0, &mut x), (a1, &mut y)] {
                let mut q = p;
                while out.len() < n {
                    let b = try_mem!(m, m.mem.init_bytes(q, 1))[0];
                    if b == 0 {
                        break;
                    }
                    out.push(b);
                    q += 1;
                }
            }
            cmp_bytes(&x, &y)
        }
        Shim::strchr | Shim::strrchr => {
            let st = cstr(m, a0)?;
            let c = a1 as u8;
            let pos = if c == 0 {
                Some(st.len())
            } else if s == Shim::strchr {
                st.iter().position(|b| *b == c)
            } else {
                st.iter().rposition(|b| *b == c)
            };
            pos.map(|i| a0 + i as u64).unwrap_or(0)
        }
        Shim::strstr => {
            let h = cstr(m, a0)?;
            let n = cstr(m, a1)?;
            if n.is_empty() {
                a0
            } else {
                h.windows(n.len())
                    .position(|w| w == n.as_slice())
                    .map(|i| a0 + i as u64)
                    .unwrap_or(0)
            }
        }
        Shim::strspn | Shim::strcspn => {
            let st = cstr(m, a0)?;
            let set = cstr(m, a1)?;
            let inside = s == Shim::strspn;
            st.iter()
                .position(|b| set.contains(b) != inside)
                .unwrap_or(st.len()) as u64
        }
        Shim::strpbrk => {
            let st = cstr(m, a0)?;
            let set = cstr(m, a1)?;
            st.iter()
                .position(|b| set.contains(b))
                .map(|i| a0 + i as u64)
                .unwrap_or(0)
        }
        Shim::strtok => {
            let start = if a0 != 0 { a0 } else { m.libc.strtok_next };
            if start == 0 {
                return Ok(0);
            }
            let st = cstr(m, start)?;
            let set = cstr(m, a1)?;
            let Some(b) = st.iter().position(|c| !set.contains(c)) else {
                m.libc.strtok_next = 0;
                return Ok(0);
            };
            match st[b..].iter().position(|c| set.contains(c)) {
                Some(e) => {
                    let end = start + (b + e) as u64;
                    try_mem!(m, m.mem.write_bytes(end, &[0]));
                    m.libc.strtok_next = end + 1;
                }
                None => m.libc.strtok_next = 0,
            }
            start + b as u64
        }
        Shim::strdup => {
            let mut st = cstr(m, a0)?;
            st.push(0);
            let p = try_mem!(m, m.mem.alloc(st.len(), AllocKind::Heap, true, "heap", loc));
            try_mem!(m, m.mem.write_bytes(p, &st));
            p
        }
        Shim::memcpy | Shim::memmove => {
            try_mem!(m, m.mem.copy(a0, a1, a2 as usize));
            a0
        }
        Shim::memset => {
            try_mem!(m, m.mem.fill(a0, a1 as u8, a2 as usize));
            a0
        }
        Shim::memcmp => {
            let n = a2 as usize;
            let x = try_mem!(m, m.mem.init_bytes(a0, n)).to_vec();
            let y = try_mem!(m, m.mem.init_bytes(a1, n)).to_vec();
            cmp_bytes(&x, &y)
        }
        Shim::memchr => {
            let n = a2 as usize;
            let x = try_mem!(m, m.mem.bytes(a0, n));
            x.iter()
                .position(|b| *b == a1 as u8)
                .map(|i| a0 + i as u64)
                .unwrap_or(0)
        }
        Shim::strnlen => {
            let max = a1 as usize;
            let mut n = 0;
            while n < max && try_mem!(m, m.mem.init_bytes(a0 + n as u64, 1))[0] != 0 {
                n += 1;
            }
            n as u64
        }
        Shim::strtok_r => {
            // glibc's strtok_r: the save pointer is left at the terminator at the end.
            let start = if a0 != 0 {
                a0
            } else {
                try_mem!(m, m.mem.load(a2, 8))
            };
            let st = cstr(m, start)?;
            let set = cstr(m, a1)?;
            let b = st.iter().position(|c| !set.contains(c)).unwrap_or(st.len());
            if b == st.len() {
                try_mem!(m, m.mem.store(a2, 8, start + b as u64));
                return Ok(0);
            }
            match st[b..].iter().position(|c| set.contains(c)) {
                Some(e) => {
                    let end = start + (b + e) as u64;
                    try_mem!(m, m.mem.write_bytes(end, &[0]));
                    try_mem!(m, m.mem.store(a2, 8, end + 1));
                }
                None => try_mem!(m, m.mem.store(a2, 8, start + st.len() as u64)),
            }
            start + b as u64
        }
        Shim::strsep => {
            // The token starts at *stringp; its first delimiter becomes NUL and *stringp
            // moves past it, or to NULL when the string has none.
            let start = try_mem!(m, m.mem.load(a0, 8));
            if start == 0 {
                return Ok(0);
            }
            let st = cstr(m, start)?;
            let set = cstr(m, a1)?;
            let next = match st.iter().position(|c| set.contains(c)) {
                Some(e) => {
                    let end = start + e as u64;
                    try_mem!(m, m.mem.write_bytes(end, &[0]));
                    end + 1
                }
                None => 0,
            };
            try_mem!(m, m.mem.store(a0, 8, next));
            start
        }
        Shim::strndup => {
            let n = a1 as usize;
            let mut st = Vec::new();
            while st.len() < n {
                let b = try_mem!(m, m.mem.init_bytes(a0 + st.len() as u64, 1))[0];
                if b == 0 {
                    break;
                }
                st.push(b);
            }
            st.push(0);
            let p = try_mem!(m, m.mem.alloc(st.len(), AllocKind::Heap, true, "heap", loc));
            try_mem!(m, m.mem.write_bytes(p, &st));
            p
        }
        Shim::strerror => strerror(m, a0 as u32 as i32, loc)?,
        Shim::strcasecmp | Shim::strncasecmp => {
            let limit = if s == Shim::strncasecmp {
                a2 as usize
            } else {
                usize::MAX
            };
            // Byte by byte, so a bounded compare never reads past its limit.
            let mut k = 0usize;
            loop {
                if k >= limit {
                    break 0;
                }
                let x = try_mem!(m, m.mem.init_bytes(a0 + k as u64, 1))[0].to_ascii_lowercase();
                let y = try_mem!(m, m.mem.init_bytes(a1 + k as u64, 1))[0].to_ascii_lowercase();
                if x != y || x == 0 {
                    break ret_int(x as i64 - y as i64);
                }
                k += 1;
            }
        }
        Shim::bzero => {
            try_mem!(m, m.mem.fill(a0, 0, a1 as usize));
            0
        }
        Shim::bcopy => {
            try_mem!(m, m.mem.copy(a1, a0, a2 as usize));
            0
        }
        Shim::bcmp => {
            let n = a2 as usize;
            let x = try_mem!(m, m.mem.init_bytes(a0, n)).to_vec();
            let y = try_mem!(m, m.mem.init_bytes(a1, n)).to_vec();
            cmp_bytes(&x, &y)
        }
        Shim::index | Shim::rindex => {
            let st = cstr(m, a0)?;
            let c = a1 as u8;
            let pos = if c == 0 {
                Some(st.len())
            } else if s == Shim::index {
                st.iter().position(|b| *b == c)
            } else {
                st.iter().rposition(|b| *b == c)
            };
            pos.map(|i| a0 + i as u64).unwrap_or(0)
        }
        Shim::wcslen => wide(m, a0, usize::MAX)?.len() as u64,
        Shim::wcscmp | Shim::wcsncmp => {
            let n = if s == Shim::wcsncmp {
                a2 as usize
            } else {
                usize::MAX
            };
            let (x, y) = (wide(m, a0, n)?, wide(m, a1, n)?);
            let mut r = 0i64;
            for k in 0..=x.len().min(y.len()).min(n.saturating_sub(1)) {
                let (c1, c2) = (
                    x.get(k).copied().unwrap_or(0),
                    y.get(k).copied().unwrap_or(0),
                );
                if c1 != c2 {
                    // glibc compares as signed wchar_t and answers -1 or 1.
                    r = if c1 < c2 { -1 } else { 1 };
                    break;
                }
            }
            ret_int(if n == 0 { 0 } else { r })
        }
        Shim::wcscpy | Shim::wcscat => {
            let mut w = wide(m, a1, usize::MAX)?;
            w.push(0);
            let at = if s == Shim::wcscat {
                a0 + 4 * wide(m, a0, usize::MAX)?.len() as u64
            } else {
                a0
            };
            try_mem!(m, m.mem.write_bytes(at, &wide_bytes(&w)));
            a0
        }
        Shim::wcsncpy => {
            // At most n units, the rest of the n filled with zeros.
            let n = a2 as usize;
            let mut w = wide(m, a1, n)?;
            w.resize(n, 0);
            try_mem!(m, m.mem.write_bytes(a0, &wide_bytes(&w)));
            a0
        }
        Shim::wcschr | Shim::wcsrchr => {
            let w = wide(m, a0, usize::MAX)?;
            let c = a1 as u32 as i32;
            // The terminator is part of the string: searching for 0 finds it.
            let pos = if c == 0 {
                Some(w.len())
            } else if s == Shim::wcschr {
                w.iter().position(|&x| x == c)
            } else {
                w.iter().rposition(|&x| x == c)
            };
            pos.map_or(0, |i| a0 + 4 * i as u64)
        }
        _ => return Err(super::no_model(m, s, loc)),
    })
}

/// The little-endian bytes of `wchar_t` units.
fn wide_bytes(w: &[i32]) -> Vec<u8> {
    w.iter().flat_map(|c| c.to_le_bytes()).collect()
}

/// The wide string (`wchar_t`, 32-bit) at `p`, without its terminator, reading at most
/// `max` units.
fn wide<O: Observer>(m: &Machine<'_, O>, p: u64, max: usize) -> X<Vec<i32>> {
    let mut out = Vec::new();
    while out.len() < max {
        let v = m
            .mem
            .load(p + 4 * out.len() as u64, 4)
            .map_err(|e| m.stop_mem(e))? as u32 as i32;
        if v == 0 {
            return Ok(out);
        }
        out.push(v);
    }
    Ok(out)
}

/// `strerror`: glibc's message; values without one share a single buffer.
fn strerror<O: Observer>(m: &mut Machine<'_, O>, e: i32, loc: Loc) -> X<u64> {
    if let Some(text) = errno::message(e) {
        if let Some(p) = m.libc.strerror_ptrs.get(&e) {
            return Ok(*p);
        }
        let p = super::lib_string(m, text.as_bytes(), "strerror message", loc)?;
        m.libc.strerror_ptrs.insert(e, p);
        return Ok(p);
    }
    let buf = super::lib_object(
        m,
        |l: &mut LibcState| &mut l.strerror_unknown,
        &[0; 32],
        "strerror buffer",
        loc,
    )?;
    let mut text = errno::unknown_message(e).into_bytes();
    text.push(0);
    try_mem!(m, m.mem.write_bytes(buf, &text));
    Ok(buf)
}
