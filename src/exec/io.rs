//! The program's view of files: stdin, stdout and stderr with glibc's buffering rules,
//! and files opened with `fopen`, kept in an in-memory overlay over the run's tree (a
//! run never writes to disk). Paths resolve inside the tree only (`Io::root`): a path
//! that leaves it (absolute elsewhere, `..` above the root, a symbolic link out of it,
//! `/proc`, `/dev` other than `/dev/null` and the random devices) is refused, so a run
//! never sees the host.

use std::collections::{HashMap, HashSet};
use std::path::{Component, Path, PathBuf};

/// glibc's buffer size for a stdout that is a pipe or a file.
const STDOUT_BUF: usize = 4096;

/// How stdout buffers, as glibc's `setvbuf` sets it (fully by default: a test's stdout
/// is a pipe).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Buffering {
    Full,
    Line,
    Unbuffered,
}

/// How many bytes at the start of each file of the tree are symbolic inputs when the
/// program reads them: later bytes are read concretely, so a large fixture cannot
/// swamp the solver with variables.
pub const FILE_SYMBOLIC_BYTES: usize = 64 << 10;

/// Where a byte the program read came from, for observers that make inputs of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InPos {
    /// Offset in stdin.
    Stdin(usize),
    /// Byte `off` of the input source `Io::sources[src]` (a file of the tree, an
    /// environment variable's value).
    Source { src: u32, off: usize },
}

impl InPos {
    /// The position `k` bytes further in the same input.
    pub fn plus(self, k: usize) -> InPos {
        match self {
            InPos::Stdin(o) => InPos::Stdin(o + k),
            InPos::Source { src, off } => InPos::Source { src, off: off + k },
        }
    }
}

/// An input other than argv and stdin whose bytes the program reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum InputSource {
    /// A file of the tree, by its path relative to the tree's root (`/`-separated).
    File(String),
    /// An environment variable given to the run, by name.
    Env(String),
}

/// A file of the tree the run opened: which source its bytes are, and which byte
/// ranges the program has since written (those are no longer the tree's).
struct TreeFile {
    src: u32,
    written: Vec<(usize, usize)>,
}

#[derive(Clone)]
pub enum FileKind {
    Stdin,
    Stdout,
    Stderr,
    /// A file of the run's view: its bytes are `Io::overlay[path]`; `pos` is the file
    /// position; `append` writes always go to the end (modes `a`, `a+`).
    File {
        path: PathBuf,
        pos: usize,
        read: bool,
        write: bool,
        append: bool,
    },
    /// `/dev/null`: reads find the end, writes vanish.
    Null,
    /// `/dev/urandom` or `/dev/random`: reads give the run's fixed pseudo-random
    /// stream (`Io::random`), so both revisions read the same bytes; writes vanish.
    Random,
    /// A directory opened for reading (glibc's `fopen` allows it; reads fail, EISDIR).
    Dir,
}

pub struct FileState {
    pub kind: FileKind,
    pub eof: bool,
    pub err: bool,
    /// Bytes pushed back with `ungetc` (last pushed is read first), with the input
    /// position they were read from when known.
    pub unget: Vec<(u8, Option<InPos>)>,
    pub open: bool,
    /// The descriptor the file was opened as (`fileno` of its stream).
    pub fd: usize,
    /// What `fcntl(F_GETFL)` reports: the access mode, `O_APPEND`, `O_NONBLOCK`, and
    /// the kernel's `O_LARGEFILE` for files.
    pub status: u32,
}

pub struct Io {
    pub stdin: Vec<u8>,
    pub stdin_pos: usize,
    pub stdout: Vec<u8>,
    /// How much of `stdout` has left the process: what survives an `abort()`.
    pub stdout_flushed: usize,
    /// How stdout buffers (`setvbuf`).
    stdout_mode: Buffering,
    /// The size of stdout's buffer (`None`: not allocated yet, glibc's `STDOUT_BUF` at
    /// the first write).
    stdout_block: Option<usize>,
    /// Whether stdout's buffer takes bytes without a call to glibc's overflow routine:
    /// not before the first write, nor after `setvbuf` gives it a buffer of the
    /// program's, which is what makes a first write of a full block leave at once.
    stdout_putting: bool,
    pub stderr: Vec<u8>,
    pub files: Vec<FileState>,
    /// POSIX descriptors: `fds[n]` is the index in `files` descriptor `n` names. Every
    /// open file takes the lowest free one, as the kernel gives them, so `fopen` and
    /// `open` number their descriptors as natively.
    pub fds: Vec<Option<usize>>,
    /// The files the run has opened, written or created, by resolved path: reads see
    /// these before the tree on disk, and writes never leave them.
    pub overlay: HashMap<PathBuf, Vec<u8>>,
    /// Files and directories of the tree the run removed or renamed away.
    pub removed: HashSet<PathBuf>,
    /// Directories the run made (`mkdir`), which exist in the view only.
    pub made_dirs: HashSet<PathBuf>,
    /// Descriptors with `FD_CLOEXEC` set.
    pub cloexec: HashSet<usize>,
    pub cwd: Option<PathBuf>,
    /// The directory the program's file view is confined to (the revision's tree);
    /// `None` when the run has no tree: every path then names an empty in-memory view.
    pub root: Option<PathBuf>,
    /// `tmpfile` files made so far (their overlay names are not reachable by path).
    tmpfiles: usize,
    /// Input position of the byte the last `getc` returned (None: not an input byte:
    /// written by the program, past `FILE_SYMBOLIC_BYTES`, or no byte).
    pub last_offset: Option<InPos>,
    /// The descriptor and byte of the last `getc`, for `ungetc` to keep the position.
    last_read: Option<(usize, u8)>,
    /// Input sources other than stdin and argv the run has read from, in order.
    pub sources: Vec<InputSource>,
    /// Files of the tree opened so far (by resolved path), whose bytes are inputs.
    tree_files: HashMap<PathBuf, TreeFile>,
    /// Files of the view the run changed (opened for writing, written, removed, renamed
    /// to or from), by resolved path, in the order first changed: their final contents
    /// are the run's written files (`RunResult::files`), and writes into the k-th are
    /// output events of stream `FIRST_FILE_STREAM + k`.
    changed: Vec<PathBuf>,
    /// Whether stdio has read from stdin (natively it then holds a buffer-full).
    pub stdin_buffered: bool,
    /// What the random devices give (`FileKind::Random`).
    random: RandomStream,
    /// Whether stdio has written to stderr, which fixes its orientation (glibc's
    /// `perror` behaves differently on a stream not yet oriented).
    pub stderr_oriented: bool,
}

/// Output events of stream 0 are stdout's, 1 stderr's, and from this one on each
/// changed file's (`Io::changed`), while they fit in a `u8`.
pub const FIRST_FILE_STREAM: u8 = 2;

/// Whether `p` names a `tmpfile` (reachable by no path, so nothing compares it).
fn is_tmpfile(p: &Path) -> bool {
    p.as_os_str().as_encoded_bytes().first() == Some(&0)
}

/// A file the run changed, as it is when the run ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenFile {
    /// Relative to the tree's root (`/`-separated).
    pub path: String,
    /// `None`: the run removed it (or renamed it away).
    pub bytes: Option<Vec<u8>>,
}

pub const STDIN_FD: usize = 0;
pub const STDOUT_FD: usize = 1;
pub const STDERR_FD: usize = 2;

/// Where the tree's root shows to the program (`getcwd`): a fixed path, so output
/// never carries the host's temporary directory. Absolute paths under it name files of
/// the tree (after paths under the tree's real location, which keep their meaning).
pub const SHOWN_ROOT: &str = "/work";

/// glibc's x86-64 `open` flags (`<fcntl.h>`).
pub const O_RDONLY: u32 = 0;
pub const O_WRONLY: u32 = 1;
pub const O_RDWR: u32 = 2;
pub const O_CREAT: u32 = 0o100;
pub const O_EXCL: u32 = 0o200;
pub const O_TRUNC: u32 = 0o1000;
pub const O_APPEND: u32 = 0o2000;
pub const O_NONBLOCK: u32 = 0o4000;
pub const O_CLOEXEC: u32 = 0o2000000;
/// Set by the kernel on every file a 64-bit process opens (`F_GETFL` shows it).
pub const O_LARGEFILE: u32 = 0o100000;

impl Io {
    pub fn new(stdin: Vec<u8>, cwd: Option<PathBuf>, root: Option<PathBuf>) -> Io {
        // A test's standard streams are pipes: read and write ends.
        let mk = |kind, fd, status| FileState {
            kind,
            eof: false,
            err: false,
            unget: Vec::new(),
            open: true,
            fd,
            status,
        };
        Io {
            stdin,
            stdin_pos: 0,
            stdout: Vec::new(),
            stdout_flushed: 0,
            stdout_mode: Buffering::Full,
            stdout_block: None,
            stdout_putting: false,
            stderr: Vec::new(),
            files: vec![
                mk(FileKind::Stdin, STDIN_FD, O_RDONLY),
                mk(FileKind::Stdout, STDOUT_FD, O_WRONLY),
                mk(FileKind::Stderr, STDERR_FD, O_WRONLY),
            ],
            fds: vec![Some(STDIN_FD), Some(STDOUT_FD), Some(STDERR_FD)],
            overlay: HashMap::new(),
            removed: HashSet::new(),
            made_dirs: HashSet::new(),
            cloexec: HashSet::new(),
            // Compared by their canonical form: the tree may sit behind a symbolic link
            // (a temporary directory).
            root: root
                .or_else(|| cwd.clone())
                .map(|r| r.canonicalize().unwrap_or(r)),
            cwd: cwd.map(|c| c.canonicalize().unwrap_or(c)),
            tmpfiles: 0,
            last_offset: None,
            last_read: None,
            random: RandomStream::default(),
            sources: Vec::new(),
            tree_files: HashMap::new(),
            changed: Vec::new(),
            stdin_buffered: false,
            stderr_oriented: false,
        }
    }

    pub fn write(&mut self, fd: usize, bytes: &[u8]) -> bool {
        let Some(f) = self.files.get_mut(fd) else {
            return false;
        };
        if !f.open {
            return false;
        }
        match &mut f.kind {
            FileKind::Stdout => {
                self.put_stdout(bytes);
                true
            }
            FileKind::Stderr => {
                self.stderr_oriented = true;
                self.stderr.extend_from_slice(bytes);
                true
            }
            FileKind::File {
                path,
                pos,
                write: true,
                append,
                ..
            } => {
                if !self.changed.contains(path) && !is_tmpfile(path) {
                    self.changed.push(path.clone());
                }
                let data = self.overlay.entry(path.clone()).or_default();
                if *append {
                    *pos = data.len();
                }
                let end = *pos + bytes.len();
                if let Some(t) = self.tree_files.get_mut(path.as_path()) {
                    // Byte-wise writes extend one range.
                    match t.written.last_mut() {
                        Some(last) if last.1 == *pos => last.1 = end,
                        _ => t.written.push((*pos, end)),
                    }
                }
                if data.len() < end {
                    // A write past the end (after a seek) fills the gap with zeros.
                    data.resize(end, 0);
                }
                data[*pos..end].copy_from_slice(bytes);
                *pos = end;
                true
            }
            FileKind::Null | FileKind::Random => true,
            _ => {
                f.err = true;
                false
            }
        }
    }

    /// Appends `bytes` written through stdio to stdout and moves `stdout_flushed` as
    /// glibc's `_IO_new_file_xsputn` would: bytes that fit the buffer stay in it (a
    /// buffer filled exactly too); otherwise the buffer fills and goes out, then whole
    /// blocks of the rest go out directly (all of it with a block under 128 bytes) and
    /// what remains is buffered. A line-buffered stream then also sends everything up to
    /// the last newline it buffered.
    fn put_stdout(&mut self, bytes: &[u8]) {
        let before = self.stdout.len();
        self.stdout.extend_from_slice(bytes);
        if self.stdout_mode == Buffering::Unbuffered {
            self.stdout_flushed = self.stdout.len();
            return;
        }
        let n = *self.stdout_block.get_or_insert(STDOUT_BUF);
        let pending = before - self.stdout_flushed;
        let space = match self.stdout_putting {
            true => n.saturating_sub(pending),
            false => 0,
        };
        let mut rest = before;
        if bytes.len() > space {
            let to_do = bytes.len() - space;
            let direct = to_do - if n >= 128 { to_do % n } else { 0 };
            rest = before + space + direct;
            self.stdout_flushed = rest;
        }
        self.stdout_putting = true;
        if self.stdout_mode == Buffering::Line {
            if let Some(p) = self.stdout[rest..].iter().rposition(|&b| b == b'\n') {
                self.stdout_flushed = rest + p + 1;
            }
        }
    }

    /// `setvbuf` on stdout, as glibc 2.36 does it: `buffer` is the size of a buffer
    /// the program gives (`None`: NULL, stdio keeps or allocates its own). Giving a
    /// buffer, or none at all, sends what is buffered first.
    pub fn set_stdout_buffering(&mut self, mode: Buffering, buffer: Option<usize>) {
        match (mode, buffer) {
            (Buffering::Unbuffered, _) => {
                self.flush(STDOUT_FD);
                // glibc's one-byte buffer of an unbuffered stream stays its buffer.
                self.stdout_block = Some(1);
                self.stdout_putting = false;
            }
            (_, Some(size)) => {
                self.flush(STDOUT_FD);
                self.stdout_block = Some(size);
                self.stdout_putting = false;
            }
            (_, None) => {}
        }
        self.stdout_mode = mode;
    }

    /// Bytes written to fd 1 without stdio (`write(1, ...)`): they leave at once, so
    /// they go before what stdout still buffers. Returns where they went.
    pub fn write_through_stdout(&mut self, bytes: &[u8]) -> usize {
        let at = self.stdout_flushed;
        self.stdout.splice(at..at, bytes.iter().copied());
        self.stdout_flushed += bytes.len();
        at
    }

    pub fn flush(&mut self, fd: usize) {
        if fd == STDOUT_FD {
            self.stdout_flushed = self.stdout.len();
        }
    }

    /// Read one byte; `None` at end of input (and sets the EOF flag).
    pub fn getc(&mut self, fd: usize) -> Option<u8> {
        let f = self.files.get_mut(fd)?;
        self.last_offset = None;
        self.last_read = None;
        if !f.open {
            return None;
        }
        if let Some((b, off)) = f.unget.pop() {
            self.last_offset = off;
            self.last_read = Some((fd, b));
            return Some(b);
        }
        let r = match &mut f.kind {
            FileKind::Stdin => {
                self.stdin_buffered = true;
                let b = self.stdin.get(self.stdin_pos).copied();
                if b.is_some() {
                    self.last_offset = Some(InPos::Stdin(self.stdin_pos));
                    self.stdin_pos += 1;
                }
                b
            }
            FileKind::File {
                path,
                pos,
                read: true,
                ..
            } => {
                let b = self.overlay.get(path).and_then(|d| d.get(*pos)).copied();
                if b.is_some() {
                    self.last_offset = tree_pos(&self.tree_files, path, *pos);
                    *pos += 1;
                }
                b
            }
            FileKind::Null => None,
            FileKind::Random => Some(self.random.next_byte()),
            _ => {
                f.err = true;
                return None;
            }
        };
        match r {
            Some(b) => self.last_read = Some((fd, b)),
            None => f.eof = true,
        }
        r
    }

    pub fn peek(&mut self, fd: usize) -> Option<u8> {
        let b = self.getc(fd)?;
        let off = self.last_offset;
        self.unget_at(fd, b, off);
        Some(b)
    }

    /// `ungetc`: the byte just read from the same stream, pushed back, keeps its input
    /// position.
    pub fn ungetc(&mut self, fd: usize, b: u8) -> bool {
        let off = match self.last_read {
            Some(last) if last == (fd, b) => self.last_offset,
            _ => None,
        };
        self.unget_at(fd, b, off)
    }

    /// The index of input source `s` in `sources`, added if new.
    pub fn source_index(&mut self, s: InputSource) -> u32 {
        match self.sources.iter().position(|x| *x == s) {
            Some(k) => k as u32,
            None => {
                self.sources.push(s);
                (self.sources.len() - 1) as u32
            }
        }
    }

    /// A file of the tree with other contents for this run (an alternative input's
    /// variant of a fixture, `RunInput::files`): `rel` is relative to the root. It is
    /// kept in the overlay (never written to disk) and read as the tree's file.
    pub fn set_tree_file(&mut self, rel: &str, bytes: Vec<u8>) {
        let Some(root) = &self.root else { return };
        let p = root.join(rel);
        self.overlay.insert(p.clone(), bytes);
        self.removed.remove(&p);
        let src = self.source_index(InputSource::File(rel.to_string()));
        self.tree_files.insert(
            p,
            TreeFile {
                src,
                written: Vec::new(),
            },
        );
    }

    /// A file of the tree opened for the first time: its bytes become an input source.
    fn note_tree_file(&mut self, p: &Path) {
        if self.tree_files.contains_key(p) {
            return;
        }
        let Some(rel) = self.root.as_ref().and_then(|r| p.strip_prefix(r).ok()) else {
            return;
        };
        let rel = rel
            .components()
            .map(|c| c.as_os_str().to_string_lossy().into_owned())
            .collect::<Vec<_>>()
            .join("/");
        let src = self.source_index(InputSource::File(rel));
        self.tree_files.insert(
            p.to_path_buf(),
            TreeFile {
                src,
                written: Vec::new(),
            },
        );
    }

    fn unget_at(&mut self, fd: usize, b: u8, off: Option<InPos>) -> bool {
        match self.files.get_mut(fd) {
            Some(f) if f.open => {
                f.unget.push((b, off));
                f.eof = false;
                true
            }
            _ => false,
        }
    }

    /// Where `path` names in the run's view: `Ok(None)` for a device, else the
    /// resolved path, inside the root; a path outside it is an `Err` saying why.
    pub fn resolve(&self, path: &[u8]) -> Result<Option<PathBuf>, Outside> {
        let text = String::from_utf8_lossy(path).into_owned();
        if device(&text).is_some() {
            return Ok(None);
        }
        let outside = |why: &str| Outside(format!("`{text}` {why}"));
        let p = Path::new(&text);
        let shown;
        let p = match (&self.root, p.strip_prefix(SHOWN_ROOT)) {
            (Some(root), Ok(rest)) if !p.starts_with(root) => {
                shown = root.join(rest);
                shown.as_path()
            }
            _ => p,
        };
        let joined = match &self.cwd {
            Some(c) if p.is_relative() => c.join(p),
            None if p.is_relative() => Path::new("/").join(p),
            _ => p.to_path_buf(),
        };
        // Lexically first: `..` never climbs above what it names.
        let mut norm = PathBuf::new();
        for c in joined.components() {
            match c {
                Component::ParentDir => {
                    norm.pop();
                }
                Component::CurDir => {}
                other => norm.push(other),
            }
        }
        let Some(root) = &self.root else {
            // No tree: a purely in-memory view, nothing on disk.
            return Ok(Some(norm));
        };
        if !norm.starts_with(root) {
            return Err(outside("is outside the revision's tree"));
        }
        // Then through symbolic links: the deepest existing ancestor must stay inside.
        let mut probe = norm.as_path();
        loop {
            if let Ok(real) = probe.canonicalize() {
                if !real.starts_with(root) {
                    return Err(outside(
                        "leads outside the revision's tree by a symbolic link",
                    ));
                }
                break;
            }
            match probe.parent() {
                Some(parent) => probe = parent,
                None => break,
            }
        }
        Ok(Some(norm))
    }

    /// The working directory as the program sees it: under [`SHOWN_ROOT`].
    pub fn shown_cwd(&self) -> Vec<u8> {
        let rel = match (&self.cwd, &self.root) {
            (Some(c), Some(r)) => c.strip_prefix(r).unwrap_or(Path::new("")),
            (Some(c), None) => c.strip_prefix("/").unwrap_or(c),
            _ => Path::new(""),
        };
        let mut shown = PathBuf::from(SHOWN_ROOT);
        if !rel.as_os_str().is_empty() {
            // (Pushing an empty path would add a trailing slash.)
            shown.push(rel);
        }
        shown.into_os_string().into_encoded_bytes()
    }

    /// `chdir`: `Err` with the errno when `path` is no directory of the view.
    pub fn chdir(&mut self, path: &[u8]) -> Result<Result<(), i32>, Outside> {
        let Some(p) = self.resolve(path)? else {
            return Ok(Err(crate::libc::errno::ENOTDIR));
        };
        Ok(match self.meta(&p, true) {
            None if self.root.is_none() => {
                // No tree: the view is empty but its directories are where paths say.
                self.cwd = Some(p);
                Ok(())
            }
            None => Err(self.missing_errno(&p)),
            Some(m) if !m.dir => Err(crate::libc::errno::ENOTDIR),
            Some(_) => {
                self.cwd = Some(p);
                Ok(())
            }
        })
    }

    /// The entries of directory `p` of the view: `.` and `..`, then the names in byte
    /// order (the tree's, less those removed, and the overlay's files), each with what
    /// `lstat` sees of it.
    pub fn list_dir(&self, p: &Path) -> Vec<(Vec<u8>, Option<Meta>)> {
        let mut names: Vec<Vec<u8>> = Vec::new();
        if self.root.is_some() {
            if let Ok(rd) = std::fs::read_dir(p) {
                for e in rd.flatten() {
                    if !self.removed.contains(&e.path()) {
                        names.push(e.file_name().into_encoded_bytes());
                    }
                }
            }
        }
        for k in self.overlay.keys().chain(&self.made_dirs) {
            if k.parent() == Some(p) {
                if let Some(n) = k.file_name() {
                    names.push(n.as_encoded_bytes().to_vec());
                }
            }
        }
        names.sort();
        names.dedup();
        let mut out = vec![(b".".to_vec(), self.meta(p, false))];
        out.push((b"..".to_vec(), p.parent().and_then(|q| self.meta(q, false))));
        for n in names {
            use std::os::unix::ffi::OsStrExt;
            let child = p.join(std::ffi::OsStr::from_bytes(&n));
            let meta = self.meta(&child, false);
            out.push((n, meta));
        }
        out
    }

    /// The current bytes of a file of the view, `None` if it does not exist; a
    /// directory is `Err(())`.
    fn contents(&self, p: &Path) -> Option<Result<Vec<u8>, ()>> {
        if let Some(d) = self.overlay.get(p) {
            return Some(Ok(d.clone()));
        }
        if self.made_dirs.contains(p) {
            return Some(Err(()));
        }
        if self.removed.contains(p) || self.root.is_none() {
            return None;
        }
        if p.is_dir() {
            return Some(Err(()));
        }
        std::fs::read(p).ok().map(Ok)
    }

    /// What `stat` (`follow`) or `lstat` sees at `p`, `None` if nothing is there.
    pub fn meta(&self, p: &Path, follow: bool) -> Option<Meta> {
        if let Some(d) = self.overlay.get(p) {
            return Some(Meta {
                dir: false,
                size: d.len() as u64,
                exec: false,
                link: false,
            });
        }
        if self.made_dirs.contains(p) {
            return Some(Meta {
                dir: true,
                size: 4096,
                exec: true,
                link: false,
            });
        }
        if self.removed.contains(p) || self.root.is_none() {
            return None;
        }
        let md = if follow {
            std::fs::metadata(p)
        } else {
            std::fs::symlink_metadata(p)
        }
        .ok()?;
        use std::os::unix::fs::PermissionsExt;
        Some(Meta {
            dir: md.is_dir(),
            size: md.len(),
            exec: md.permissions().mode() & 0o100 != 0,
            link: md.file_type().is_symlink(),
        })
    }

    /// The errno of a path where nothing is: ENOTDIR when a file stands where a
    /// directory of the path should be, else ENOENT.
    pub fn missing_errno(&self, p: &Path) -> i32 {
        let file_above = p.ancestors().skip(1).any(|a| {
            self.overlay.contains_key(a)
                || (self.root.is_some() && !self.removed.contains(a) && a.is_file())
        });
        if file_above {
            crate::libc::errno::ENOTDIR
        } else {
            crate::libc::errno::ENOENT
        }
    }

    /// Whether the directory a new file at `p` would go in exists.
    fn parent_exists(&self, p: &Path) -> bool {
        self.root.is_none()
            || p.parent().is_some_and(|d| {
                self.made_dirs.contains(d) || (d.is_dir() && !self.removed.contains(d))
            })
    }

    /// `mkdir`: a directory of the view only. `Err(errno)` if something is at `p` or
    /// its parent directory is missing.
    pub fn mkdir(&mut self, p: &Path) -> Result<(), i32> {
        if self.meta(p, false).is_some() {
            return Err(crate::libc::errno::EEXIST);
        }
        if !self.parent_exists(p) {
            return Err(self.missing_errno(p));
        }
        self.made_dirs.insert(p.to_path_buf());
        Ok(())
    }

    /// `rmdir`: an empty directory leaves the view.
    pub fn rmdir(&mut self, p: &Path) -> Result<(), i32> {
        use crate::libc::errno::{EBUSY, ENOTDIR, ENOTEMPTY};
        match self.meta(p, false) {
            None => return Err(self.missing_errno(p)),
            Some(m) if !m.dir => return Err(ENOTDIR),
            Some(_) => {}
        }
        if self.root.as_deref() == Some(p) {
            return Err(EBUSY);
        }
        // `.` and `..` are always there.
        if self.list_dir(p).len() > 2 {
            return Err(ENOTEMPTY);
        }
        if !self.made_dirs.remove(p) {
            self.removed.insert(p.to_path_buf());
        }
        Ok(())
    }

    /// `fopen`: returns the file index, or why it failed: the errno value, or a path
    /// outside the tree.
    pub fn open(&mut self, path: &[u8], mode: &[u8]) -> Result<usize, OpenError> {
        let plus = mode.contains(&b'+');
        let m = mode.first().copied().unwrap_or(0);
        // glibc's translation of the mode into `open` flags.
        let mut flags = match (m, plus) {
            (b'r', false) => O_RDONLY,
            (b'r' | b'w' | b'a', true) => O_RDWR,
            (b'w' | b'a', false) => O_WRONLY,
            _ => return Err(OpenError::Errno(crate::libc::errno::EINVAL)),
        };
        match m {
            b'w' => flags |= O_CREAT | O_TRUNC,
            b'a' => flags |= O_CREAT | O_APPEND,
            _ => {}
        }
        if mode.contains(&b'x') {
            flags |= O_EXCL;
        }
        let idx = self.open_flags(path, flags)?;
        // glibc starts a write-only append stream at the end, an `a+` one at the start
        // (its reads begin there).
        if let (b'a', false, FileKind::File { path, pos, .. }) =
            (m, plus, &mut self.files[idx].kind)
        {
            *pos = self.overlay.get(path).map_or(0, Vec::len);
        }
        Ok(idx)
    }

    /// `open` with glibc's `O_*` flags: returns the file index (its descriptor is
    /// [`Io::fd_of_index`]), or why it failed.
    pub fn open_flags(&mut self, path: &[u8], flags: u32) -> Result<usize, OpenError> {
        use crate::libc::errno::{EEXIST, EINVAL, EISDIR};
        let access = flags & 3;
        if access == 3 {
            return Err(OpenError::Errno(EINVAL));
        }
        let (read, write) = (access != O_WRONLY, access != O_RDONLY);
        let creat = flags & O_CREAT != 0;
        let status = flags & (3 | O_APPEND | O_NONBLOCK) | O_LARGEFILE;
        let Some(p) = self.resolve(path).map_err(OpenError::Outside)? else {
            let kind = device(&String::from_utf8_lossy(path)).unwrap_or(FileKind::Null);
            return Ok(self.push(kind, status, flags));
        };
        let from_tree = !self.overlay.contains_key(&p);
        let existing = self.contents(&p);
        let kind = match existing {
            Some(_) if creat && flags & O_EXCL != 0 => return Err(OpenError::Errno(EEXIST)),
            Some(Err(())) if write => return Err(OpenError::Errno(EISDIR)),
            Some(Err(())) => FileKind::Dir,
            None if !creat || !self.parent_exists(&p) => {
                return Err(OpenError::Errno(self.missing_errno(&p)))
            }
            existing => {
                let data = match existing {
                    Some(Ok(d)) if flags & O_TRUNC == 0 => {
                        if from_tree {
                            self.note_tree_file(&p);
                        }
                        d
                    }
                    _ => {
                        self.tree_files.remove(&p);
                        Vec::new()
                    }
                };
                self.removed.remove(&p);
                self.overlay.insert(p.clone(), data);
                if write {
                    self.note_changed(&p);
                }
                FileKind::File {
                    path: p,
                    pos: 0,
                    read,
                    write,
                    append: flags & O_APPEND != 0,
                }
            }
        };
        Ok(self.push(kind, status, flags))
    }

    /// The descriptor of file index `idx`: the one it was opened as, else another that
    /// names it (a `dup` of it), if one is still open.
    pub fn fd_of_index(&self, idx: usize) -> Option<usize> {
        let own = self.files.get(idx)?.fd;
        if self.fds.get(own) == Some(&Some(idx)) {
            return Some(own);
        }
        self.fds.iter().position(|f| *f == Some(idx))
    }

    /// The open file index descriptor `fd` names.
    pub fn index_of_fd(&self, fd: i32) -> Option<usize> {
        let idx = (*self.fds.get(usize::try_from(fd).ok()?)?)?;
        self.files[idx].open.then_some(idx)
    }

    /// `read` on a descriptor's file index: at most `n` bytes from its position (no
    /// stdio buffer, no pushed-back bytes), or the errno.
    pub fn read_raw(&mut self, idx: usize, n: usize) -> Result<(Vec<u8>, Vec<Option<InPos>>), i32> {
        use crate::libc::errno::{EBADF, EISDIR};
        let f = self.files.get_mut(idx).ok_or(EBADF)?;
        match &mut f.kind {
            FileKind::File {
                path,
                pos,
                read: true,
                ..
            } => {
                let data = self
                    .overlay
                    .get(path.as_path())
                    .map_or(&[][..], Vec::as_slice);
                let from = (*pos).min(data.len());
                let bytes = data[from..(from + n).min(data.len())].to_vec();
                *pos = from + bytes.len();
                let offs = (from..*pos)
                    .map(|k| tree_pos(&self.tree_files, path, k))
                    .collect();
                Ok((bytes, offs))
            }
            FileKind::Null => Ok((Vec::new(), Vec::new())),
            FileKind::Random => {
                let bytes: Vec<u8> = (0..n).map(|_| self.random.next_byte()).collect();
                Ok((bytes, vec![None; n]))
            }
            FileKind::Dir => Err(EISDIR),
            _ => Err(EBADF),
        }
    }

    /// `tmpfile`: a new empty file open for reading and writing, reachable by no path.
    pub fn tmpfile(&mut self) -> usize {
        self.tmpfiles += 1;
        let path = PathBuf::from(format!("\0tmpfile-{}", self.tmpfiles));
        self.overlay.insert(path.clone(), Vec::new());
        let kind = FileKind::File {
            path,
            pos: 0,
            read: true,
            write: true,
            append: false,
        };
        self.push(kind, O_RDWR | O_LARGEFILE, O_RDWR)
    }

    /// A new open file on the lowest free descriptor (`O_CLOEXEC` in `flags` marks it).
    fn push(&mut self, kind: FileKind, status: u32, flags: u32) -> usize {
        let fd = self.free_fd(0);
        self.files.push(FileState {
            kind,
            eof: false,
            err: false,
            unget: Vec::new(),
            open: true,
            fd,
            status,
        });
        let idx = self.files.len() - 1;
        self.fds[fd] = Some(idx);
        if flags & O_CLOEXEC != 0 {
            self.cloexec.insert(fd);
        }
        idx
    }

    /// The lowest free descriptor from `min` on (the table grows to hold it).
    fn free_fd(&mut self, min: usize) -> usize {
        let fd = (min..)
            .find(|&n| self.fds.get(n).is_none_or(Option::is_none))
            .unwrap_or(min);
        if self.fds.len() <= fd {
            self.fds.resize(fd + 1, None);
        }
        fd
    }

    /// `dup`, `dup2` and `fcntl(F_DUPFD)`: descriptor `to` (or the lowest free one
    /// from `min`) names the open file `fd` names, sharing its position and status.
    /// What `to` named before is closed first. `None` if `fd` is not open.
    pub fn dup(&mut self, fd: i32, to: Option<usize>, min: usize) -> Option<usize> {
        let idx = self.index_of_fd(fd)?;
        let new = match to {
            Some(t) => {
                self.close_fd(t);
                if self.fds.len() <= t {
                    self.fds.resize(t + 1, None);
                }
                t
            }
            None => self.free_fd(min),
        };
        self.fds[new] = Some(idx);
        self.cloexec.remove(&new);
        Some(new)
    }

    /// `close` of a descriptor: the file stays open while another descriptor names it.
    pub fn close_fd(&mut self, fd: usize) -> bool {
        let Some(idx) = self.fds.get(fd).copied().flatten() else {
            return false;
        };
        self.fds[fd] = None;
        self.cloexec.remove(&fd);
        if !self.fds.contains(&Some(idx)) {
            self.files[idx].open = false;
        }
        true
    }

    /// `ftell`: the position, less the bytes pushed back; `Err(errno)` for a stream
    /// that cannot seek (the standard streams are pipes).
    pub fn tell(&self, fd: usize) -> Result<i64, i32> {
        let f = self.files.get(fd).ok_or(crate::libc::errno::EBADF)?;
        match &f.kind {
            FileKind::File { pos, .. } => Ok(*pos as i64 - f.unget.len() as i64),
            FileKind::Null | FileKind::Dir => Ok(0),
            _ => Err(crate::libc::errno::ESPIPE),
        }
    }

    /// `fseek`: `whence` 0 (SEEK_SET), 1 (SEEK_CUR), 2 (SEEK_END). Clears the end of
    /// file and what `ungetc` pushed back.
    pub fn seek(&mut self, fd: usize, off: i64, whence: i32) -> Result<(), i32> {
        use crate::libc::errno::{EBADF, EINVAL, ESPIPE};
        let cur = self.tell(fd)?;
        let Some(f) = self.files.get_mut(fd) else {
            return Err(EBADF);
        };
        if !f.open {
            return Err(EBADF);
        }
        let len = match &f.kind {
            FileKind::File { path, .. } => self.overlay.get(path).map_or(0, Vec::len),
            FileKind::Null | FileKind::Dir => 0,
            _ => return Err(ESPIPE),
        };
        let base = match whence {
            0 => 0,
            1 => cur,
            2 => len as i64,
            _ => return Err(EINVAL),
        };
        let Some(to) = base.checked_add(off).filter(|t| *t >= 0) else {
            return Err(EINVAL);
        };
        if let FileKind::File { pos, .. } = &mut f.kind {
            *pos = to as usize;
        }
        f.eof = false;
        f.unget.clear();
        Ok(())
    }

    /// `remove`/`unlink`: the file leaves the view. `Err(errno)` if there is none.
    pub fn remove(&mut self, p: &Path) -> Result<(), i32> {
        match self.contents(p) {
            None => Err(self.missing_errno(p)),
            Some(Err(())) => Err(crate::libc::errno::EISDIR),
            Some(Ok(_)) => {
                self.overlay.remove(p);
                self.tree_files.remove(p);
                self.removed.insert(p.to_path_buf());
                self.note_changed(p);
                Ok(())
            }
        }
    }

    /// `rename`: `to` takes `from`'s bytes (replacing any file there).
    pub fn rename(&mut self, from: &Path, to: &Path) -> Result<(), i32> {
        let data = match self.contents(from) {
            None => return Err(crate::libc::errno::ENOENT),
            Some(Err(())) => return Err(crate::libc::errno::EISDIR),
            Some(Ok(d)) => d,
        };
        match self.contents(to) {
            Some(Err(())) => return Err(crate::libc::errno::EISDIR),
            None if !self.parent_exists(to) => return Err(crate::libc::errno::ENOENT),
            _ => {}
        }
        if from == to {
            return Ok(());
        }
        self.remove(from)?;
        self.removed.remove(to);
        // The bytes now under `to` are no longer those of a file of the tree there.
        self.tree_files.remove(to);
        self.overlay.insert(to.to_path_buf(), data);
        self.note_changed(to);
        Ok(())
    }

    /// Remember that the run changed the file at `p`; its index in `changed`.
    fn note_changed(&mut self, p: &Path) -> usize {
        if is_tmpfile(p) {
            return usize::MAX;
        }
        match self.changed.iter().position(|c| c == p) {
            Some(k) => k,
            None => {
                self.changed.push(p.to_path_buf());
                self.changed.len() - 1
            }
        }
    }

    /// For a write of `len` bytes about to go to file index `fd`: the output stream of
    /// the file it writes (`FIRST_FILE_STREAM + k`) and the offset the bytes will land
    /// at. `None` for anything but a file of the view open for writing (and past the
    /// streams a `u8` numbers).
    pub fn file_write_at(&mut self, fd: usize) -> Option<(u8, usize)> {
        let FileKind::File {
            path,
            pos,
            write: true,
            append,
            ..
        } = &self.files.get(fd)?.kind
        else {
            return None;
        };
        let at = if *append {
            self.overlay.get(path).map_or(0, Vec::len)
        } else {
            *pos
        };
        if is_tmpfile(path) {
            return None;
        }
        let path = path.clone();
        let k = self.note_changed(&path);
        let stream = u8::try_from(k).ok()?.checked_add(FIRST_FILE_STREAM)?;
        Some((stream, at))
    }

    /// The files the run changed, as they are now, in the order first changed (paths
    /// relative to the root; `tmpfile`s, reachable by no path, left out).
    pub fn written_files(&self) -> Vec<WrittenFile> {
        self.changed
            .iter()
            .map(|p| {
                let rel = match &self.root {
                    Some(r) => p.strip_prefix(r).unwrap_or(p),
                    None => p.strip_prefix("/").unwrap_or(p),
                };
                let path = rel
                    .components()
                    .map(|c| c.as_os_str().to_string_lossy().into_owned())
                    .collect::<Vec<_>>()
                    .join("/");
                let bytes = match self.contents(p) {
                    Some(Ok(d)) => Some(d),
                    _ => None,
                };
                WrittenFile { path, bytes }
            })
            .collect()
    }

    /// `clearerr`.
    pub fn clear_flags(&mut self, fd: usize) {
        if let Some(f) = self.files.get_mut(fd) {
            f.eof = false;
            f.err = false;
        }
    }

    /// `fclose` of the stream of file index `idx`: the stream and its descriptor
    /// close; descriptors `dup`ed from it keep the open file (its position and status)
    /// under a new index, so the closed stream stays closed.
    pub fn close(&mut self, idx: usize) -> bool {
        let Some(f) = self.files.get_mut(idx).filter(|f| f.open) else {
            return false;
        };
        f.open = false;
        let own = f.fd;
        if self.fds.get(own) == Some(&Some(idx)) {
            self.fds[own] = None;
            self.cloexec.remove(&own);
        } else if let Some(slot) = self.fds.iter_mut().find(|s| **s == Some(idx)) {
            *slot = None;
        }
        if self.fds.contains(&Some(idx)) {
            let f = &self.files[idx];
            let moved = FileState {
                kind: f.kind.clone(),
                eof: false,
                err: false,
                unget: Vec::new(),
                open: true,
                fd: own,
                status: f.status,
            };
            self.files.push(moved);
            let new = self.files.len() - 1;
            for slot in self.fds.iter_mut().filter(|s| **s == Some(idx)) {
                *slot = Some(new);
            }
        }
        if idx == STDOUT_FD {
            self.stdout_flushed = self.stdout.len();
        }
        true
    }

    /// What a process killed by a signal leaves on stdout: only flushed bytes.
    pub fn drop_unflushed(&mut self) {
        self.stdout.truncate(self.stdout_flushed);
    }
}

/// The devices of a run's view besides its tree: `/dev/null`, and the random devices
/// (see [`FileKind::Random`]).
fn device(path: &str) -> Option<FileKind> {
    match path {
        "/dev/null" => Some(FileKind::Null),
        "/dev/urandom" | "/dev/random" => Some(FileKind::Random),
        _ => None,
    }
}

/// The pseudo-random bytes every run reads from `/dev/urandom`: splitmix64 from a fixed
/// seed, the same at both revisions and in every run.
#[derive(Clone, Debug)]
pub struct RandomStream {
    state: u64,
    word: u64,
    left: u32,
}

impl Default for RandomStream {
    fn default() -> Self {
        RandomStream {
            state: 0x005e_ed0f_2e9c_a05e,
            word: 0,
            left: 0,
        }
    }
}

impl RandomStream {
    pub fn next_byte(&mut self) -> u8 {
        if self.left == 0 {
            self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = self.state;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            self.word = z ^ (z >> 31);
            self.left = 8;
        }
        self.left -= 1;
        let b = self.word as u8;
        self.word >>= 8;
        b
    }
}

/// The input position of byte `k` of the file at `path`: a byte of a file of the tree
/// the program has not overwritten, within the first `FILE_SYMBOLIC_BYTES`.
fn tree_pos(files: &HashMap<PathBuf, TreeFile>, path: &Path, k: usize) -> Option<InPos> {
    if k >= FILE_SYMBOLIC_BYTES {
        return None;
    }
    let t = files.get(path)?;
    if t.written.iter().any(|&(s, e)| s <= k && k < e) {
        return None;
    }
    Some(InPos::Source { src: t.src, off: k })
}

/// What `stat` reports of a file of the view.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    pub dir: bool,
    pub size: u64,
    /// The owner may execute it (a tree file with git's executable mode).
    pub exec: bool,
    /// A symbolic link (`lstat` only).
    pub link: bool,
}

/// A path the program named that lies outside its tree, with the reason.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outside(pub String);

/// Why `fopen` failed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OpenError {
    Errno(i32),
    Outside(Outside),
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Paths resolve inside the root: `..` above it, absolute paths elsewhere and a
    /// symbolic link out of it are refused; `/dev/null` is a device.
    #[test]
    fn paths_stay_inside_the_tree() {
        let dir = tempfile::tempdir().expect("tempdir");
        let tree = dir.path().join("tree");
        std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
        std::fs::write(tree.join("sub/in.txt"), "in").expect("write");
        std::fs::write(dir.path().join("secret.txt"), "secret").expect("write");
        std::os::unix::fs::symlink(dir.path().join("secret.txt"), tree.join("link"))
            .expect("symlink");
        std::os::unix::fs::symlink("sub/in.txt", tree.join("inner")).expect("symlink");
        let mut io = Io::new(Vec::new(), Some(tree.join("sub")), Some(tree.clone()));
        assert!(io.open(b"in.txt", b"r").is_ok());
        assert!(io.open(b"../inner", b"r").is_ok(), "a link inside the tree");
        for bad in [
            "../link",
            "../../secret.txt",
            "/etc/passwd",
            "/proc/self/environ",
        ] {
            match io.open(bad.as_bytes(), b"r") {
                Err(OpenError::Outside(Outside(why))) => assert!(why.contains(bad), "{why}"),
                _ => panic!("{bad} was not refused"),
            }
        }
        assert!(io.resolve(b"/dev/null").expect("null").is_none());
        // Writes stay in the overlay.
        let fd = io.open(b"new.txt", b"w").expect("create");
        assert!(io.write(fd, b"x"));
        assert!(!tree.join("sub/new.txt").exists());
        assert_eq!(
            io.open(b"nodir/new.txt", b"w"),
            Err(OpenError::Errno(crate::libc::errno::ENOENT))
        );
    }

    /// The working directory shows under `/work`, moves with `chdir` inside the tree
    /// only, and absolute paths under `/work` name the tree's files.
    /// The random devices read a fixed stream, the same in every run (so at both
    /// revisions), continuing across opens; writes to them vanish; other devices stay
    /// outside the view.
    #[test]
    fn random_devices_give_the_same_bytes_in_every_run() {
        let read = |io: &mut Io, path: &[u8], n: usize| -> Vec<u8> {
            let fd = io.open(path, b"r").expect("open");
            let (bytes, _) = io.read_raw(fd, n).expect("read");
            let c = io.getc(fd).expect("getc");
            [bytes, vec![c]].concat()
        };
        let mut a = Io::new(Vec::new(), None, None);
        let mut b = Io::new(Vec::new(), None, None);
        let first = read(&mut a, b"/dev/urandom", 16);
        assert_eq!(first.len(), 17);
        assert_eq!(first, read(&mut b, b"/dev/urandom", 16));
        assert!(first.iter().any(|&x| x != first[0]), "{first:?}");
        let next = read(&mut a, b"/dev/random", 8);
        assert_ne!(next[..8], first[..8], "a second open continues the stream");
        let w = a.open(b"/dev/urandom", b"w").expect("open for writing");
        assert!(a.write(w, b"entropy"));
        let dir = tempfile::tempdir().expect("tempdir");
        let mut c = Io::new(Vec::new(), None, Some(dir.path().to_path_buf()));
        assert!(matches!(
            c.open(b"/dev/zero", b"r"),
            Err(OpenError::Outside(_))
        ));
        assert_eq!(read(&mut c, b"/dev/urandom", 16), first);
    }

    #[test]
    fn cwd_shows_under_a_fixed_root() {
        let dir = tempfile::tempdir().expect("tempdir");
        let tree = dir.path().join("tree");
        std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
        std::fs::write(tree.join("top.txt"), "top").expect("write");
        let mut io = Io::new(Vec::new(), Some(tree.clone()), Some(tree.clone()));
        assert_eq!(io.shown_cwd(), b"/work");
        assert_eq!(io.chdir(b"sub"), Ok(Ok(())));
        assert_eq!(io.shown_cwd(), b"/work/sub");
        assert!(io.open(b"../top.txt", b"r").is_ok());
        assert!(io.open(b"/work/top.txt", b"r").is_ok());
        assert_eq!(
            io.chdir(b"/work/top.txt"),
            Ok(Err(crate::libc::errno::ENOTDIR))
        );
        assert!(io.chdir(b"../..").is_err(), "above the tree is refused");
        assert!(io.chdir(b"/work/..").is_err());
        assert_eq!(io.chdir(b"/work"), Ok(Ok(())));
        assert_eq!(io.shown_cwd(), b"/work");
    }

    /// `mkdir` and `rmdir` change the view only: a directory of the tree is removed
    /// once empty (its files removed first) and made again; the disk keeps both.
    #[test]
    fn directories_change_in_the_view_only() {
        use crate::libc::errno::{EEXIST, ENOENT, ENOTEMPTY};
        let dir = tempfile::tempdir().expect("tempdir");
        let tree = dir.path().join("tree");
        std::fs::create_dir_all(tree.join("sub")).expect("mkdir");
        std::fs::write(tree.join("sub/in.txt"), "in").expect("write");
        let mut io = Io::new(Vec::new(), Some(tree.clone()), Some(tree.clone()));
        let sub = tree.join("sub");
        assert_eq!(io.mkdir(&sub), Err(EEXIST));
        assert_eq!(io.rmdir(&sub), Err(ENOTEMPTY));
        assert_eq!(io.remove(&sub.join("in.txt")), Ok(()));
        assert_eq!(io.rmdir(&sub), Ok(()));
        assert!(io.meta(&sub, false).is_none());
        assert_eq!(io.list_dir(&tree).len(), 2, "only . and ..");
        assert!(
            io.open(b"sub/new.txt", b"w").is_err(),
            "no directory to create in"
        );
        assert_eq!(io.mkdir(&sub), Ok(()));
        assert!(
            io.meta(&sub.join("in.txt"), false).is_none(),
            "removed stays removed"
        );
        let fd = io
            .open(b"sub/new.txt", b"w")
            .expect("create in the made directory");
        assert!(io.write(fd, b"x"));
        assert_eq!(io.list_dir(&sub).len(), 3);
        assert_eq!(io.mkdir(&tree.join("a/b")), Err(ENOENT));
        assert!(sub.join("in.txt").exists() && !sub.join("new.txt").exists());
    }

    /// Without a tree every path names an empty in-memory view.
    #[test]
    fn no_tree_is_an_empty_view() {
        let mut io = Io::new(Vec::new(), None, None);
        assert_eq!(
            io.open(b"/etc/passwd", b"r"),
            Err(OpenError::Errno(crate::libc::errno::ENOENT))
        );
        let fd = io.open(b"out.txt", b"w").expect("create");
        assert!(io.write(fd, b"abc"));
        assert_eq!(io.seek(fd, 0, 2), Ok(()));
        assert_eq!(io.tell(fd), Ok(3));
    }
}
