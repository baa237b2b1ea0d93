//! time.h, deterministic: see `crate::libc::time` for the fixed clock and zone.

use super::{arg, ret_f64, Args, LibcState, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, X};
use crate::exec::FaultKind;
use crate::ir::Loc;
use crate::libc::time::{self as t, Tm};

/// glibc's EOVERFLOW, for a `gmtime` year that does not fit in an int.
const EOVERFLOW: i32 = 75;

/// Stores `clock()`'s count (1 µs per 1000 statements, plus the time slept for a wall
/// clock) at `at` as seconds from `base` and the rest in units of `1/per_us` µs: a
/// `timeval` (1) or a `timespec` (1000).
fn store_clock<O: Observer>(
    m: &mut Machine<'_, O>,
    at: u64,
    (base, wall): (u64, bool),
    per_us: u64,
) -> X<()> {
    let slept = if wall { m.libc.slept_us } else { 0 };
    let us = m.steps / 1000 + slept;
    try_mem!(m, m.mem.store(at, 8, base + us / 1_000_000));
    try_mem!(m, m.mem.store(at + 8, 8, us % 1_000_000 * per_us));
    Ok(())
}

/// Fill the static `struct tm` of gmtime/localtime; returns its address.
fn store_tm<O: Observer>(m: &mut Machine<'_, O>, tm: &Tm, zone: usize, loc: Loc) -> X<u64> {
    let p = super::lib_object(
        m,
        |l: &mut LibcState| &mut l.tm_ptr,
        &[0; t::TM_SIZE],
        "struct tm of gmtime/localtime",
        loc,
    )?;
    let z = zone_name(m, zone, loc)?;
    for (k, v) in tm.ints().iter().enumerate() {
        try_mem!(m, m.mem.store(p + 4 * k as u64, 4, *v as u32 as u64));
    }
    try_mem!(m, m.mem.store(p + t::TM_GMTOFF, 8, tm.gmtoff as u64));
    try_mem!(m, m.mem.store(p + t::TM_ZONE, 8, z));
    Ok(p)
}

/// The zone name gmtime (0: "GMT") or localtime (1: "UTC") points `tm_zone` to.
fn zone_name<O: Observer>(m: &mut Machine<'_, O>, zone: usize, loc: Loc) -> X<u64> {
    if m.libc.zone_ptrs[zone] != 0 {
        return Ok(m.libc.zone_ptrs[zone]);
    }
    let name: &[u8] = if zone == 0 { b"GMT" } else { b"UTC" };
    let zp = super::lib_string(m, name, "time zone name", loc)?;
    m.libc.zone_ptrs[zone] = zp;
    Ok(zp)
}

fn load_tm<O: Observer>(m: &Machine<'_, O>, p: u64) -> X<(Tm, u64)> {
    let mut v = [0i32; 9];
    for (k, f) in v.iter_mut().enumerate() {
        *f = try_mem!(m, m.mem.load(p + 4 * k as u64, 4)) as u32 as i32;
    }
    let off = try_mem!(m, m.mem.load(p + t::TM_GMTOFF, 8)) as i64;
    let zone = try_mem!(m, m.mem.load(p + t::TM_ZONE, 8));
    Ok((Tm::from_ints(v, off), zone))
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1, a2) = (arg(args, 0), arg(args, 1), arg(args, 2));
    Ok(match s {
        Shim::time => {
            super::note_fixed(m, loc, "time() returns the fixed value 1700000000");
            // Fixed, but for the seconds the program slept.
            let now = t::FIXED_TIME as u64 + m.libc.slept_us / 1_000_000;
            if a0 != 0 {
                try_mem!(m, m.mem.store(a0, 8, now));
            }
            now
        }
        // Sleeping passes at once: the wall clocks count the time slept, and a test
        // timing a sleep sees it pass.
        Shim::sleep | Shim::usleep => {
            super::note_fixed(
                m,
                loc,
                "sleep() and usleep() return at once; the clocks count the time slept",
            );
            let us = match s {
                Shim::sleep => (a0 as u32 as u64) * 1_000_000,
                _ => a0 as u32 as u64,
            };
            m.libc.slept_us = m.libc.slept_us.saturating_add(us);
            0
        }
        Shim::nanosleep => {
            super::note_fixed(
                m,
                loc,
                "nanosleep() returns at once; the clocks count the time slept",
            );
            let sec = try_mem!(m, m.mem.load(a0, 8)) as i64;
            let nsec = try_mem!(m, m.mem.load(a0 + 8, 8)) as i64;
            if sec < 0 || !(0..1_000_000_000).contains(&nsec) {
                super::set_errno(m, crate::libc::errno::EINVAL, loc)?;
                return Ok(super::ret_int(-1));
            }
            let us = (sec as u64)
                .saturating_mul(1_000_000)
                .saturating_add(nsec as u64 / 1000);
            m.libc.slept_us = m.libc.slept_us.saturating_add(us);
            0
        }
        Shim::clock => {
            super::note_fixed(
                m,
                loc,
                "clock() counts interpreted statements (1 µs per 1000)",
            );
            m.steps / 1000
        }
        Shim::gettimeofday => {
            // The fixed clock of `time()`, advancing as `clock()` does.
            super::note_fixed(
                m,
                loc,
                "gettimeofday() gives the fixed time 1700000000 plus 1 µs per 1000 statements",
            );
            if a0 != 0 {
                store_clock(m, a0, (t::FIXED_TIME as u64, true), 1)?;
            }
            if a1 != 0 {
                // struct timezone: UTC, no daylight saving time.
                try_mem!(m, m.mem.store(a1, 8, 0));
            }
            0
        }
        // The clocks a test framework times its tests with, all from `clock()`'s count
        // (1 µs per 1000 statements): the real-time clocks on top of `time()`'s fixed
        // start, the CPU-time ones from zero. Any clock id gives one of the two.
        Shim::clock_gettime => {
            super::note_fixed(
                m,
                loc,
                "clock_gettime() counts interpreted statements (1 µs per 1000)",
            );
            // CLOCK_REALTIME (0) and its variants count from time()'s fixed start; the
            // CPU-time clocks (2, 3) do not count time slept.
            let base = match a0 {
                0 | 5 | 8 | 11 => t::FIXED_TIME as u64,
                _ => 0,
            };
            if a1 != 0 {
                store_clock(m, a1, (base, !matches!(a0, 2 | 3)), 1000)?;
            }
            0
        }
        Shim::getrusage => {
            super::note_fixed(
                m,
                loc,
                "getrusage() gives user time counted in interpreted statements (1 µs per 1000), the rest 0",
            );
            if a1 != 0 {
                // glibc's struct rusage: two timevals, then fourteen longs.
                for k in 2..18 {
                    try_mem!(m, m.mem.store(a1 + 8 * k, 8, 0));
                }
                store_clock(m, a1, (0, false), 1)?;
            }
            0
        }
        Shim::times => {
            super::note_fixed(
                m,
                loc,
                "times() counts interpreted statements (100 ticks a second, as 1 µs per 1000 statements)",
            );
            // sysconf(_SC_CLK_TCK) is 100 on Linux.
            let ticks = m.steps / 1000 / 10_000;
            if a0 != 0 {
                try_mem!(m, m.mem.store(a0, 8, ticks));
                for k in 1..4 {
                    try_mem!(m, m.mem.store(a0 + 8 * k, 8, 0));
                }
            }
            ticks
        }
        Shim::difftime => ret_f64((a0 as i64).wrapping_sub(a1 as i64) as f64),
        Shim::gmtime | Shim::localtime => {
            let v = try_mem!(m, m.mem.load(a0, 8)) as i64;
            match t::gmtime(v) {
                Some(tm) => store_tm(m, &tm, usize::from(s == Shim::localtime), loc)?,
                None => {
                    super::set_errno(m, EOVERFLOW, loc)?;
                    0
                }
            }
        }
        Shim::mktime => {
            // Only the fields mktime reads: an unset tm_wday or tm_zone is no error.
            let mut v = [0i32; 9];
            for k in [0, 1, 2, 3, 4, 5, 8] {
                v[k] = try_mem!(m, m.mem.load(a0 + 4 * k as u64, 4)) as u32 as i32;
            }
            match t::mktime(&Tm::from_ints(v, 0)) {
                Some((secs, norm)) => {
                    // The normalised fields as localtime gives them (zone "UTC").
                    let p = a0;
                    for (k, v) in norm.ints().iter().enumerate() {
                        try_mem!(m, m.mem.store(p + 4 * k as u64, 4, *v as u32 as u64));
                    }
                    let z = zone_name(m, 1, loc)?;
                    try_mem!(m, m.mem.store(p + t::TM_GMTOFF, 8, 0));
                    try_mem!(m, m.mem.store(p + t::TM_ZONE, 8, z));
                    secs as u64
                }
                None => {
                    super::set_errno(m, EOVERFLOW, loc)?;
                    u64::MAX
                }
            }
        }
        Shim::strftime => {
            let max = a1 as usize;
            let fmt = try_mem!(m, m.mem.c_string(a2));
            let (tm, zp) = load_tm(m, arg(args, 3))?;
            let zone = if zp == 0 {
                Vec::new()
            } else {
                try_mem!(m, m.mem.c_string(zp))
            };
            let out = match t::strftime(&fmt, &tm, &zone) {
                Ok(o) => o,
                Err(t::Unsupported(what)) => {
                    return Err(m.fault(FaultKind::Unsupported, what, loc))
                }
            };
            if out.len() + 1 > max {
                // glibc returns 0 and the array's contents are indeterminate.
                return Ok(0);
            }
            let mut w = out;
            let n = w.len();
            w.push(0);
            try_mem!(m, m.mem.write_bytes(a0, &w));
            n as u64
        }
        _ => return Err(super::no_model(m, s, loc)),
    })
}
