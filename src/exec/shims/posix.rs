//! POSIX functions on the run's view of its tree (`exec::io`): `stat`, `lstat`,
//! `fstat`, `access`, `unlink`; `signal` and `raise` for signals a program sends
//! itself; `setlocale` and `localeconv` for the "C" locale. What a native run would
//! take from the host (inode numbers, owners, times) is fixed, so runs stay
//! reproducible: the owner is 0, times are the fixed clock of `time()`.

use super::stdio::{errno_result, view_path};
use super::{arg, Args, LibcState, Shim};
use crate::exec::hooks::Observer;
use crate::exec::interp::{Machine, Stop, X};
use crate::exec::io::{FileKind, Meta};
use crate::ir::{Loc, Scalar};
use crate::libc::errno;
use std::os::unix::ffi::OsStrExt;

/// glibc's x86-64 `struct stat`: its size and the offsets regcause fills.
const STAT_SIZE: usize = 144;
const ST_NLINK: usize = 16;
const ST_MODE: usize = 24;
const ST_SIZE: usize = 48;
const ST_BLKSIZE: usize = 56;
const ST_BLOCKS: usize = 64;
const ST_TIMES: [usize; 3] = [72, 88, 104];

const S_IFIFO: u32 = 0o010000;
const S_IFDIR: u32 = 0o040000;
const S_IFREG: u32 = 0o100000;
const S_IFLNK: u32 = 0o120000;

/// The bytes of a `struct stat` for `m` (inode `ino`).
fn stat_bytes(meta: &Meta, ino: u64) -> [u8; STAT_SIZE] {
    let mut b = [0u8; STAT_SIZE];
    let mut put =
        |off: usize, v: u64, n: usize| b[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
    let mode = if meta.link {
        S_IFLNK | 0o777
    } else if meta.dir {
        S_IFDIR | 0o755
    } else if meta.exec {
        S_IFREG | 0o755
    } else {
        S_IFREG | 0o644
    };
    put(8, ino, 8);
    put(ST_NLINK, if meta.dir { 2 } else { 1 }, 8);
    put(ST_MODE, u64::from(mode), 4);
    put(ST_SIZE, meta.size, 8);
    put(ST_BLKSIZE, 4096, 8);
    // Allocated 512-byte blocks, in whole 4 KiB pages as ext4 and tmpfs give them.
    put(ST_BLOCKS, meta.size.div_ceil(4096) * 8, 8);
    for t in ST_TIMES {
        put(t, crate::libc::time::FIXED_TIME as u64, 8);
    }
    b
}

/// A stable inode number per path within the run (from 2, as a file system's root).
fn inode<O: Observer>(m: &mut Machine<'_, O>, p: &std::path::Path) -> u64 {
    let inodes = &mut m.libc.inodes;
    let n = inodes.len() as u64;
    *inodes.entry(p.to_path_buf()).or_insert(n + 2)
}

fn stat_path<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let text = try_mem!(m, m.mem.c_string(arg(args, 0)));
    let name = if s == Shim::lstat { "lstat" } else { "stat" };
    let meta = match view_path(m, &text, name, loc)? {
        // /dev/null: a character device.
        None => Some(Meta {
            dir: false,
            size: 0,
            exec: false,
            link: false,
        }),
        Some(p) => match m.io.meta(&p, s == Shim::stat) {
            Some(meta) => {
                let ino = inode(m, &p);
                let b = stat_bytes(&meta, ino);
                try_mem!(m, m.mem.write_bytes(arg(args, 1), &b));
                return Ok(0);
            }
            None => None,
        },
    };
    match meta {
        Some(meta) => {
            let mut b = stat_bytes(&meta, 1);
            b[ST_MODE..ST_MODE + 4].copy_from_slice(&(0o020000u32 | 0o666).to_le_bytes());
            try_mem!(m, m.mem.write_bytes(arg(args, 1), &b));
            Ok(0)
        }
        None => {
            let e = match m.io.resolve(&text) {
                Ok(Some(p)) => m.io.missing_errno(&p),
                _ => errno::ENOENT,
            };
            errno_result(m, Err(e), loc)
        }
    }
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1) = (arg(args, 0), arg(args, 1));
    Ok(match s {
        Shim::stat | Shim::lstat => stat_path(m, s, args, loc)?,
        Shim::fstat => {
            let fd = a0 as u32 as i32;
            let Some(idx) = m.io.index_of_fd(fd) else {
                return errno_result(m, Err(errno::EBADF), loc);
            };
            // A file of the view is what `stat` of its path shows.
            let meta = match &m.io.files[idx].kind {
                FileKind::File { path, .. } => Some((
                    path.clone(),
                    m.io.meta(path, true).unwrap_or(Meta {
                        dir: false,
                        size: 0,
                        exec: false,
                        link: false,
                    }),
                )),
                FileKind::Dir | FileKind::Null | FileKind::Random => {
                    // Directories and /dev/null: opened by path, not kept; refused
                    // rather than guessed.
                    return Err(super::unsupported(
                        m,
                        "fstat of a directory or device descriptor".into(),
                        loc,
                    ));
                }
                _ => None,
            };
            if let Some((p, meta)) = meta {
                let ino = inode(m, &p);
                try_mem!(m, m.mem.write_bytes(a1, &stat_bytes(&meta, ino)));
                return Ok(0);
            }
            // The standard streams of a run are pipes.
            let mut b = stat_bytes(
                &Meta {
                    dir: false,
                    size: 0,
                    exec: false,
                    link: false,
                },
                1,
            );
            b[ST_MODE..ST_MODE + 4].copy_from_slice(&(S_IFIFO | 0o600).to_le_bytes());
            b[ST_BLOCKS..ST_BLOCKS + 8].copy_from_slice(&0u64.to_le_bytes());
            try_mem!(m, m.mem.write_bytes(a1, &b));
            0
        }
        Shim::access => {
            let text = try_mem!(m, m.mem.c_string(a0));
            let mode = a1 as u32;
            if mode & !7 != 0 {
                return errno_result(m, Err(errno::EINVAL), loc);
            }
            let r = match view_path(m, &text, "access", loc)? {
                None => Ok(0),
                Some(p) => match m.io.meta(&p, true) {
                    None => Err(m.io.missing_errno(&p)),
                    // X_OK: directories and executable files; files are the user's.
                    Some(meta) if mode & 1 != 0 && !meta.dir && !meta.exec => Err(errno::EACCES),
                    Some(_) => Ok(0),
                },
            };
            errno_result(m, r, loc)?
        }
        Shim::unlink => super::stdio::remove_path(m, a0, "unlink", loc)?,
        Shim::mkdir => {
            // The mode is not kept: a made directory stats as 0755 (umask 022).
            let text = try_mem!(m, m.mem.c_string(a0));
            let r = match view_path(m, &text, "mkdir", loc)? {
                Some(p) => m.io.mkdir(&p),
                None => Err(errno::EEXIST),
            };
            errno_result(m, r.map(|()| 0), loc)?
        }
        Shim::chdir => {
            let text = try_mem!(m, m.mem.c_string(a0));
            match m.io.chdir(&text) {
                Ok(r) => errno_result(m, r.map(|()| 0), loc)?,
                Err(o) => return Err(super::stdio::outside(m, "chdir", o, loc)),
            }
        }
        Shim::getcwd => getcwd(m, a0, a1 as usize, loc)?,
        Shim::opendir => opendir(m, a0, loc)?,
        Shim::readdir => readdir(m, a0, loc)?,
        Shim::closedir => {
            let d = dir_stream(m, a0, loc)?;
            m.io.close(d.file);
            m.libc.dirs.remove(&a0);
            0
        }
        Shim::rewinddir => {
            dir_stream(m, a0, loc)?;
            if let Some(d) = m.libc.dirs.get_mut(&a0) {
                d.pos = 0;
            }
            0
        }
        Shim::signal => {
            let sig = a0 as u32 as i32;
            // SIGKILL and SIGSTOP cannot be caught; 1..=64 are Linux's signals.
            if !(1..=64).contains(&sig) || sig == 9 || sig == 19 {
                super::set_errno(m, errno::EINVAL, loc)?;
                return Ok(u64::MAX);
            }
            m.libc.signal_handlers.insert(sig, a1).unwrap_or(0)
        }
        Shim::raise => {
            let sig = a0 as u32 as i32;
            if !(1..=64).contains(&sig) {
                return errno_result(m, Err(errno::EINVAL), loc);
            }
            match m.libc.signal_handlers.get(&sig).copied().unwrap_or(0) {
                // SIG_DFL: the default action; these few are ignored, the rest end
                // the process (what a native run's exit status says: 128 + sig).
                0 if matches!(sig, 17 | 18 | 23 | 28) => 0,
                0 => return Err(Stop::Signal(sig)),
                1 => 0,
                h => {
                    // glibc's `signal` keeps the handler installed (BSD semantics).
                    m.call_pointer(h, &[(sig as u64, Scalar::I32, None)], loc)?;
                    0
                }
            }
        }
        Shim::setlocale => setlocale(m, a0 as u32 as i32, a1, loc)?,
        Shim::localeconv => localeconv(m, loc)?,
        _ => return Err(super::no_model(m, s, loc)),
    })
}

/// An open directory stream: its entries (read at `opendir`), the next one, its file
/// (which holds a descriptor, as natively) and its `struct dirent` buffer.
pub struct DirStream {
    entries: Vec<(Vec<u8>, u8, u64)>,
    pos: usize,
    file: usize,
    dirent: u64,
}

/// glibc's x86-64 `struct dirent`: `d_name` at 19, 256 bytes of it.
const DIRENT_SIZE: usize = 280;
const D_NAME: usize = 19;

fn opendir<O: Observer>(m: &mut Machine<'_, O>, path: u64, loc: Loc) -> X<u64> {
    let text = try_mem!(m, m.mem.c_string(path));
    let p = match view_path(m, &text, "opendir", loc)? {
        Some(p) => p,
        None => return errno_result(m, Err(errno::ENOTDIR), loc).map(|_| 0),
    };
    let file = match m.io.open_flags(&text, crate::exec::io::O_RDONLY) {
        Ok(f) => f,
        Err(crate::exec::io::OpenError::Errno(e)) => {
            return errno_result(m, Err(e), loc).map(|_| 0)
        }
        Err(crate::exec::io::OpenError::Outside(o)) => {
            return Err(super::stdio::outside(m, "opendir", o, loc))
        }
    };
    if !matches!(m.io.files[file].kind, crate::exec::io::FileKind::Dir) {
        m.io.close(file);
        return errno_result(m, Err(errno::ENOTDIR), loc).map(|_| 0);
    }
    let mut entries = Vec::new();
    for (name, meta) in m.io.list_dir(&p) {
        let kind = match meta {
            _ if name == b"." || name == b".." => 4,
            Some(Meta { link: true, .. }) => 10,
            Some(Meta { dir: true, .. }) => 4,
            _ => 8,
        };
        let child = match name.as_slice() {
            b"." => p.clone(),
            b".." => p.parent().map_or(p.clone(), |q| q.to_path_buf()),
            n => p.join(std::ffi::OsStr::from_bytes(n)),
        };
        let ino = inode(m, &child);
        entries.push((name, kind, ino));
    }
    let alloc = |m: &mut Machine<'_, O>, n: usize, what: &str| {
        let kind = crate::exec::memory::AllocKind::Runtime;
        m.mem.alloc(n, kind, true, what, loc)
    };
    let dir = try_mem!(m, alloc(m, 1, "DIR"));
    let dirent = try_mem!(m, alloc(m, DIRENT_SIZE, "struct dirent"));
    m.libc.dirs.insert(
        dir,
        DirStream {
            entries,
            pos: 0,
            file,
            dirent,
        },
    );
    Ok(dir)
}

/// The stream a `DIR *` names, or the located fault of one that names none.
fn dir_stream<'a, O: Observer>(m: &'a Machine<'_, O>, dir: u64, loc: Loc) -> X<&'a DirStream> {
    m.libc.dirs.get(&dir).ok_or_else(|| {
        m.fault(
            crate::exec::FaultKind::InvalidPointer,
            "pointer passed as a DIR * is not an open directory stream".into(),
            loc,
        )
    })
}

/// `readdir`: the next entry in the stream's `struct dirent`, null at the end.
fn readdir<O: Observer>(m: &mut Machine<'_, O>, dir: u64, loc: Loc) -> X<u64> {
    let d = dir_stream(m, dir, loc)?;
    let Some((name, kind, ino)) = d.entries.get(d.pos).cloned() else {
        return Ok(0);
    };
    let (pos, buf) = (d.pos, d.dirent);
    let mut b = vec![0u8; D_NAME + name.len() + 1];
    b[..8].copy_from_slice(&ino.to_le_bytes());
    b[8..16].copy_from_slice(&(pos as u64 + 1).to_le_bytes());
    // glibc's record length: the name and its NUL after the fixed fields, 8-aligned.
    let reclen = (D_NAME + name.len() + 1).next_multiple_of(8) as u16;
    b[16..18].copy_from_slice(&reclen.to_le_bytes());
    b[18] = kind;
    b[D_NAME..D_NAME + name.len()].copy_from_slice(&name);
    try_mem!(m, m.mem.write_bytes(buf, &b));
    if let Some(d) = m.libc.dirs.get_mut(&dir) {
        d.pos += 1;
    }
    Ok(buf)
}

/// glibc's `getcwd`: into `buf` of `size` bytes, or a heap block (of `size` bytes, or
/// just enough when `size` is 0) when `buf` is null.
fn getcwd<O: Observer>(m: &mut Machine<'_, O>, buf: u64, size: usize, loc: Loc) -> X<u64> {
    let mut text = m.io.shown_cwd();
    text.push(0);
    let r = match (buf, size) {
        (0, 0) => Ok(text.len()),
        (_, 0) => Err(errno::EINVAL),
        _ if size < text.len() => Err(errno::ERANGE),
        _ => Ok(size),
    };
    let n = match r {
        Ok(n) => n,
        Err(e) => {
            super::set_errno(m, e, loc)?;
            return Ok(0);
        }
    };
    let p = if buf == 0 {
        let kind = crate::exec::memory::AllocKind::Heap;
        try_mem!(m, m.mem.alloc(n, kind, true, "heap", loc))
    } else {
        buf
    };
    try_mem!(m, m.mem.write_bytes(p, &text));
    Ok(p)
}

/// `setlocale` for the "C" locale: a query, "C", "POSIX", or "" with an environment
/// naming no other locale gives "C"; another locale is a limit of regcause.
fn setlocale<O: Observer>(m: &mut Machine<'_, O>, category: i32, locale: u64, loc: Loc) -> X<u64> {
    const NAMES: [&str; 7] = [
        "LC_CTYPE",
        "LC_NUMERIC",
        "LC_TIME",
        "LC_COLLATE",
        "LC_MONETARY",
        "LC_MESSAGES",
        "LC_ALL",
    ];
    if !(0..=12).contains(&category) {
        super::set_errno(m, errno::EINVAL, loc)?;
        return Ok(0);
    }
    if locale != 0 {
        let mut want = try_mem!(m, m.mem.c_string(locale));
        if want.is_empty() {
            // glibc: LC_ALL, then the category's variable, then LANG.
            let cat = NAMES.get(category as usize).copied().unwrap_or("LC_ALL");
            want = ["LC_ALL", cat, "LANG"]
                .iter()
                .find_map(|v| env_value(m, v.as_bytes()).filter(|x| !x.is_empty()))
                .unwrap_or_else(|| b"C".to_vec());
        }
        if want != b"C" && want != b"POSIX" {
            return Err(super::unsupported(
                m,
                format!(
                    "setlocale to \"{}\": regcause models only the \"C\" locale",
                    String::from_utf8_lossy(&want)
                ),
                loc,
            ));
        }
    }
    super::lib_object(
        m,
        |l: &mut LibcState| &mut l.locale_name,
        b"C\0",
        "locale name",
        loc,
    )
}

/// `localeconv` in the "C" locale: "." and empty strings, CHAR_MAX for every count.
fn localeconv<O: Observer>(m: &mut Machine<'_, O>, loc: Loc) -> X<u64> {
    if m.libc.lconv != 0 {
        return Ok(m.libc.lconv);
    }
    let dot = super::lib_string(m, b".", "localeconv string", loc)?;
    let empty = super::lib_string(m, b"", "localeconv string", loc)?;
    let mut b = vec![0u8; 96];
    for i in 0..10 {
        let p = if i == 0 { dot } else { empty };
        b[8 * i..8 * i + 8].copy_from_slice(&p.to_le_bytes());
    }
    for c in &mut b[80..94] {
        *c = 127;
    }
    let p = try_mem!(
        m,
        m.mem.alloc(
            b.len(),
            crate::exec::memory::AllocKind::Runtime,
            false,
            "struct lconv",
            loc
        )
    );
    try_mem!(m, m.mem.write_bytes(p, &b));
    m.libc.lconv = p;
    Ok(p)
}

/// The value of environment variable `name` in the run's environment.
fn env_value<O: Observer>(m: &Machine<'_, O>, name: &[u8]) -> Option<Vec<u8>> {
    m.libc.env.iter().find_map(|v| match v {
        super::EnvVar::Owned { name: n, value, .. } => (n == name).then(|| value.clone()),
        super::EnvVar::User { name: n, ptr } => {
            if n != name {
                return None;
            }
            let text = m.mem.c_string(*ptr).ok()?;
            let eq = text.iter().position(|b| *b == b'=')?;
            Some(text[eq + 1..].to_vec())
        }
    })
}
