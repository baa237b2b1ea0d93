//! unistd.h and getopt.h: `getopt`/`getopt_long` (the engine is
//! `crate::libc::getopt`), their globals, and `read`/`write`/`isatty` on the standard
//! streams and on the descriptors `open` gives (files of the run's view); `open`,
//! `close`, `lseek`, and stdio's `fileno` and `fdopen`.

use super::stdio::{errno_result, outside};
use super::{arg, ret_int, Args, LibcState, Shim};
use crate::exec::hooks::{Observer, Whole};
use crate::exec::interp::{Machine, X};
use crate::exec::io::{
    FileKind, InPos, OpenError, O_APPEND, O_CREAT, O_NONBLOCK, O_TRUNC, O_WRONLY, STDERR_FD,
    STDIN_FD,
};
use crate::exec::FaultKind;
use crate::ir::Loc;
use crate::libc::errno;
use crate::libc::getopt::{self, Globals, LongOpt};

/// The getopt global `k` (optarg, optind, opterr, optopt) with glibc's initial values.
fn var<O: Observer>(m: &mut Machine<'_, O>, k: usize, loc: Loc) -> X<u64> {
    const INIT: [(&[u8], &str); 4] = [
        (&[0; 8], "optarg"),
        (&[1, 0, 0, 0], "optind"),
        (&[1, 0, 0, 0], "opterr"),
        (&[b'?', 0, 0, 0], "optopt"),
    ];
    let slot: fn(&mut LibcState) -> &mut u64 = match k {
        0 => |l| &mut l.getopt_vars[0],
        1 => |l| &mut l.getopt_vars[1],
        2 => |l| &mut l.getopt_vars[2],
        _ => |l| &mut l.getopt_vars[3],
    };
    let (init, name) = INIT[k.min(3)];
    super::lib_object(m, slot, init, name, loc)
}

fn load_i32<O: Observer>(m: &Machine<'_, O>, p: u64) -> X<i32> {
    Ok(try_mem!(m, m.mem.load(p, 4)) as u32 as i32)
}

fn getopt_call<O: Observer>(m: &mut Machine<'_, O>, args: Args, long: bool, loc: Loc) -> X<u64> {
    let argc = arg(args, 0) as u32 as i32;
    let argv = arg(args, 1);
    let optstring = try_mem!(m, m.mem.c_string(arg(args, 2)));
    let vars = [
        var(m, 0, loc)?,
        var(m, 1, loc)?,
        var(m, 2, loc)?,
        var(m, 3, loc)?,
    ];
    let mut g = Globals {
        optarg: try_mem!(m, m.mem.load(vars[0], 8)),
        optind: load_i32(m, vars[1])?,
        opterr: load_i32(m, vars[2])?,
        optopt: load_i32(m, vars[3])?,
    };
    let mut av = Vec::with_capacity(argc.max(0) as usize);
    for i in 0..argc.max(0) as u64 {
        let p = try_mem!(m, m.mem.load(argv + 8 * i, 8));
        let text = try_mem!(m, m.mem.c_string(p));
        av.push((p, text));
    }
    let mut longopts = Vec::new();
    if long && arg(args, 3) != 0 {
        let mut q = arg(args, 3);
        loop {
            let name = try_mem!(m, m.mem.load(q, 8));
            if name == 0 {
                break;
            }
            longopts.push(LongOpt {
                name: try_mem!(m, m.mem.c_string(name)),
                has_arg: load_i32(m, q + 8)?,
                flag: try_mem!(m, m.mem.load(q + 16, 8)),
                val: load_i32(m, q + 24)?,
            });
            q += 32;
        }
    }
    let before: Vec<u64> = av.iter().map(|a| a.0).collect();
    let lo = long.then_some(longopts.as_slice());
    let fx = match getopt::getopt(&mut m.libc.getopt, &mut g, &mut av, &optstring, lo) {
        Ok(fx) => fx,
        Err(getopt::Unsupported(what)) => {
            return Err(m.fault(FaultKind::Unsupported, what, loc));
        }
    };
    // glibc permutes the caller's argv in place.
    for (i, (p, _)) in av.iter().enumerate() {
        if before[i] != *p {
            try_mem!(m, m.mem.store(argv + 8 * i as u64, 8, *p));
        }
    }
    try_mem!(m, m.mem.store(vars[0], 8, g.optarg));
    try_mem!(m, m.mem.store(vars[1], 4, g.optind as u32 as u64));
    try_mem!(m, m.mem.store(vars[3], 4, g.optopt as u32 as u64));
    if let (Some(k), true) = (fx.longind, long && arg(args, 4) != 0) {
        try_mem!(m, m.mem.store(arg(args, 4), 4, k as u32 as u64));
    }
    if let Some((p, v)) = fx.flag_store {
        try_mem!(m, m.mem.store(p, 4, v as u32 as u64));
    }
    if !fx.stderr.is_empty() {
        m.output(STDERR_FD, &fx.stderr);
    }
    Ok(ret_int(fx.ret as i64))
}

/// `write(1, ...)` bypasses stdio: its bytes leave before whatever stdout still
/// buffers, so they go in at the flushed mark and later output events move up.
fn write_stdout_direct<O: Observer>(m: &mut Machine<'_, O>, bytes: &[u8], loc: Loc) {
    let at = m.io.write_through_stdout(bytes);
    for ev in m.events.iter_mut() {
        if ev.stream == 0 && ev.start >= at {
            ev.start += bytes.len();
        }
    }
    if !bytes.is_empty() {
        let stack = m.backtrace(loc);
        let pos = m
            .events
            .iter()
            .position(|e| e.stream == 0 && e.start > at)
            .unwrap_or(m.events.len());
        m.events.insert(
            pos,
            crate::exec::OutputEvent {
                entry: m.obs.next_entry(),
                stream: 0,
                start: at,
                len: bytes.len(),
                steps: (m.steps, m.steps),
                loc,
                stack,
            },
        );
    }
}

/// The address of `environ`: a `char **` naming the run's environment as `envp` does,
/// rebuilt when `setenv`/`unsetenv`/`putenv` changed it since.
fn environ<O: Observer>(m: &mut Machine<'_, O>, loc: Loc) -> X<u64> {
    let var = super::lib_object(m, |l| &mut l.environ, &[0; 8], "environ", loc)?;
    let now = super::env_strings(m);
    if m.libc.environ_built.as_ref() != Some(&now) {
        let arr = m.string_array(&now, "environ")?;
        super::mark_env_array(m, arr, loc)?;
        try_mem!(m, m.mem.store(var, 8, arr));
        m.libc.environ_built = Some(now);
    }
    Ok(var)
}

/// Whether glibc's `fdopen` accepts `mode` for a descriptor opened as `kind`: the
/// mode may not ask for an access the descriptor lacks.
fn fdopen_mode_fits(kind: &FileKind, mode: &[u8]) -> bool {
    let (read, write) = match kind {
        FileKind::File { read, write, .. } => (*read, *write),
        FileKind::Stdin | FileKind::Dir => (true, false),
        FileKind::Stdout | FileKind::Stderr => (false, true),
        FileKind::Null | FileKind::Random => (true, true),
    };
    let plus = mode.contains(&b'+');
    match mode.first() {
        Some(b'r') => read && (!plus || write),
        Some(b'w' | b'a') => write && (!plus || read),
        _ => false,
    }
}

/// glibc's `fcntl` commands regcause models.
const F_DUPFD: i32 = 0;
const F_GETFD: i32 = 1;
const F_SETFD: i32 = 2;
const F_GETFL: i32 = 3;
const F_SETFL: i32 = 4;
const F_DUPFD_CLOEXEC: i32 = 1030;

/// `fcntl` on a descriptor: duplicating it, its `FD_CLOEXEC` flag, and the open
/// file's status flags (of which `O_APPEND` and `O_NONBLOCK` can change, as on Linux;
/// `O_NONBLOCK` changes nothing on a file). Other commands are `unsupported:`.
fn fcntl<O: Observer>(m: &mut Machine<'_, O>, args: Args, loc: Loc) -> X<u64> {
    let (fd, cmd, a) = (
        arg(args, 0) as u32 as i32,
        arg(args, 1) as u32 as i32,
        arg(args, 2),
    );
    if !matches!(
        cmd,
        F_DUPFD | F_GETFD | F_SETFD | F_GETFL | F_SETFL | F_DUPFD_CLOEXEC
    ) {
        return Err(super::unsupported(
            m,
            format!(
                "fcntl command {cmd} (regcause models F_DUPFD, F_GETFD, F_SETFD, F_GETFL, F_SETFL)"
            ),
            loc,
        ));
    }
    let Some(idx) = m.io.index_of_fd(fd) else {
        return errno_result(m, Err(errno::EBADF), loc);
    };
    let fdu = fd as usize;
    let r = match cmd {
        F_DUPFD | F_DUPFD_CLOEXEC => {
            let min = a as u32 as i32;
            let new = if min < 0 {
                None
            } else {
                m.io.dup(fd, None, min as usize)
            };
            match new {
                _ if min < 0 => Err(errno::EINVAL),
                Some(new) => {
                    if cmd == F_DUPFD_CLOEXEC {
                        m.io.cloexec.insert(new);
                    }
                    Ok(new as i64)
                }
                None => Err(errno::EBADF),
            }
        }
        F_GETFD => Ok(i64::from(m.io.cloexec.contains(&fdu))),
        F_SETFD => {
            if a & 1 != 0 {
                m.io.cloexec.insert(fdu);
            } else {
                m.io.cloexec.remove(&fdu);
            }
            Ok(0)
        }
        F_GETFL => Ok(i64::from(m.io.files[idx].status)),
        _ => {
            let changeable = O_APPEND | O_NONBLOCK;
            let f = &mut m.io.files[idx];
            f.status = (f.status & !changeable) | (a as u32 & changeable);
            if let FileKind::File { append, .. } = &mut f.kind {
                *append = a as u32 & O_APPEND != 0;
            }
            Ok(0)
        }
    };
    errno_result(m, r, loc)
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1, a2) = (arg(args, 0), arg(args, 1), arg(args, 2));
    Ok(match s {
        Shim::__regcause_optarg => var(m, 0, loc)?,
        Shim::__regcause_optind => var(m, 1, loc)?,
        Shim::__regcause_opterr => var(m, 2, loc)?,
        Shim::__regcause_optopt => var(m, 3, loc)?,
        Shim::getopt => getopt_call(m, args, false, loc)?,
        Shim::__regcause_environ => environ(m, loc)?,
        Shim::getopt_long => getopt_call(m, args, true, loc)?,
        // Standard input (its descriptor or a `dup` of it) is read below.
        Shim::read if m.io.index_of_fd(a0 as u32 as i32) != Some(STDIN_FD) => {
            let r = match m.io.index_of_fd(a0 as u32 as i32) {
                Some(idx) => m.io.read_raw(idx, a2 as usize),
                None => Err(errno::EBADF),
            };
            match r {
                Ok((bytes, offs)) => {
                    try_mem!(m, m.mem.write_bytes(a1, &bytes));
                    try_mem!(m, O::input_bytes(m, Whole, a1, &bytes, &offs, loc));
                    bytes.len() as u64
                }
                Err(e) => errno_result(m, Err(e), loc)?,
            }
        }
        Shim::read => {
            if m.io.stdin_buffered {
                // Natively stdio has already pulled up to 4096 bytes into its buffer;
                // which bytes read() then sees depends on how the pipe delivered them.
                return Err(m.fault(
                    FaultKind::Unsupported,
                    "read() on standard input after stdio read from it".into(),
                    loc,
                ));
            }
            let n = (a2 as usize).min(m.io.stdin.len() - m.io.stdin_pos);
            let start = m.io.stdin_pos;
            let bytes = m.io.stdin[start..start + n].to_vec();
            try_mem!(m, m.mem.write_bytes(a1, &bytes));
            m.io.stdin_pos += n;
            let offs: Vec<Option<InPos>> =
                (start..start + n).map(|o| Some(InPos::Stdin(o))).collect();
            try_mem!(m, O::input_bytes(m, Whole, a1, &bytes, &offs, loc));
            n as u64
        }
        Shim::write => {
            let fd = a0 as u32 as i32;
            let bytes = try_mem!(m, m.mem.init_bytes(a1, a2 as usize)).to_vec();
            // By what the descriptor names: fd 1 or 2, or a `dup` of one.
            let idx = m.io.index_of_fd(fd);
            let (out, err) = match idx.map(|i| &m.io.files[i].kind) {
                Some(FileKind::Stdout) => (true, false),
                Some(FileKind::Stderr) => (false, true),
                _ => (false, false),
            };
            match idx {
                Some(_) if out => write_stdout_direct(m, &bytes, loc),
                Some(_) if err => {
                    // A raw write does not orient the stdio stream.
                    let oriented = m.io.stderr_oriented;
                    m.output(STDERR_FD, &bytes);
                    m.io.stderr_oriented = oriented;
                }
                Some(i) if m.output(i, &bytes) => {}
                _ => return errno_result(m, Err(errno::EBADF), loc),
            }
            bytes.len() as u64
        }
        Shim::open | Shim::creat => {
            let path = try_mem!(m, m.mem.c_string(a0));
            let flags = if s == Shim::creat {
                O_WRONLY | O_CREAT | O_TRUNC
            } else {
                a1 as u32
            };
            match m.io.open_flags(&path, flags) {
                Ok(idx) => {
                    super::note_random(m, idx, loc);
                    m.io.fd_of_index(idx).map_or(u64::MAX, |fd| fd as u64)
                }
                Err(OpenError::Errno(e)) => errno_result(m, Err(e), loc)?,
                Err(OpenError::Outside(o)) => return Err(outside(m, "open", o, loc)),
            }
        }
        Shim::close => {
            let fd = a0 as u32 as i32;
            if (0..=2).contains(&fd) {
                // Natively what stdio still buffers for the stream is then lost or
                // fails later; regcause does not model a closed standard descriptor.
                return Err(super::unsupported(
                    m,
                    format!("close({fd}) of a standard stream's descriptor"),
                    loc,
                ));
            }
            if m.io.close_fd(fd as usize) {
                0
            } else {
                errno_result(m, Err(errno::EBADF), loc)?
            }
        }
        Shim::dup => {
            let r = m.io.dup(a0 as u32 as i32, None, 0).ok_or(errno::EBADF);
            errno_result(m, r.map(|fd| fd as i64), loc)?
        }
        Shim::dup2 => {
            let (old, new) = (a0 as u32 as i32, a1 as u32 as i32);
            if m.io.index_of_fd(old).is_none() || new < 0 {
                return errno_result(m, Err(errno::EBADF), loc);
            }
            if old == new {
                return Ok(new as u64);
            }
            if new <= 2 {
                // Redirecting a standard stream would move what stdio buffers for it.
                return Err(super::unsupported(
                    m,
                    format!("dup2 onto descriptor {new}, a standard stream's"),
                    loc,
                ));
            }
            let r = m.io.dup(old, Some(new as usize), 0).ok_or(errno::EBADF);
            errno_result(m, r.map(|fd| fd as i64), loc)?
        }
        Shim::fcntl => fcntl(m, args, loc)?,
        Shim::rmdir => {
            let text = try_mem!(m, m.mem.c_string(a0));
            // The last component `.` is refused as Linux does (`..` is never empty).
            let last = text.rsplit(|&b| b == b'/').find(|c| !c.is_empty());
            let r = match (last, super::stdio::view_path(m, &text, "rmdir", loc)?) {
                (Some(b"."), _) => Err(errno::EINVAL),
                (Some(b".."), _) => Err(errno::ENOTEMPTY),
                (_, Some(p)) => m.io.rmdir(&p),
                (_, None) => Err(errno::ENOTDIR),
            };
            errno_result(m, r.map(|()| 0), loc)?
        }
        Shim::lseek => {
            let r = match m.io.index_of_fd(a0 as u32 as i32) {
                Some(idx) => {
                    m.io.seek(idx, a1 as i64, a2 as u32 as i32)
                        .and_then(|()| m.io.tell(idx))
                }
                None => Err(errno::EBADF),
            };
            errno_result(m, r, loc)?
        }
        Shim::fileno => {
            let idx = m.fd_of(a0, loc)?;
            let r =
                m.io.fd_of_index(idx)
                    .map(|fd| fd as i64)
                    .ok_or(errno::EBADF);
            errno_result(m, r, loc)?
        }
        Shim::fdopen => {
            let mode = try_mem!(m, m.mem.c_string(a1));
            match m.io.index_of_fd(a0 as u32 as i32) {
                Some(idx) if fdopen_mode_fits(&m.io.files[idx].kind, &mode) => {
                    m.io.files[idx].eof = false;
                    m.file_ptr(idx)?
                }
                Some(_) => {
                    super::set_errno(m, errno::EINVAL, loc)?;
                    0
                }
                None => {
                    super::set_errno(m, errno::EBADF, loc)?;
                    0
                }
            }
        }
        // x86-64 Linux's page and clock tick; the other limits depend on the host.
        Shim::getpagesize => 4096,
        Shim::sysconf => match a0 as u32 as i32 {
            SC_PAGESIZE => 4096,
            SC_CLK_TCK => 100,
            n => {
                return Err(super::unsupported(
                    m,
                    format!("`sysconf({n})`: regcause answers only _SC_PAGESIZE and _SC_CLK_TCK, whose values do not depend on the host"),
                    loc,
                ))
            }
        },
        Shim::isatty => {
            // The streams of a test are pipes or files, never terminals.
            let fd = a0 as u32 as i32;
            let e = if m.io.index_of_fd(fd).is_some() {
                errno::ENOTTY
            } else {
                errno::EBADF
            };
            super::set_errno(m, e, loc)?;
            0
        }
        _ => return Err(super::no_model(m, s, loc)),
    })
}

/// glibc's `_SC_CLK_TCK` and `_SC_PAGESIZE`.
const SC_CLK_TCK: i32 = 2;
const SC_PAGESIZE: i32 = 30;
