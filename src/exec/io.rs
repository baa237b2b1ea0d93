//! The program's view of files: stdin, stdout and stderr with glibc's buffering rules,
//! and files opened with `fopen`, kept in an in-memory overlay over the run's directory
//! (a run never writes to disk).

use std::collections::HashMap;
use std::path::PathBuf;

/// glibc's buffer size for a stdout that is a pipe or a file.
const STDOUT_BUF: usize = 4096;

pub enum FileKind {
    Stdin,
    Stdout,
    Stderr,
    Read { data: Vec<u8>, pos: usize },
    Write { path: PathBuf },
}

pub struct FileState {
    pub kind: FileKind,
    pub eof: bool,
    pub err: bool,
    /// Bytes pushed back with `ungetc` (last pushed is read first), with the stdin
    /// offset they were read from when known.
    pub unget: Vec<(u8, Option<usize>)>,
    pub open: bool,
}

pub struct Io {
    pub stdin: Vec<u8>,
    pub stdin_pos: usize,
    pub stdout: Vec<u8>,
    /// How much of `stdout` has left the process: what survives an `abort()`.
    pub stdout_flushed: usize,
    pub stderr: Vec<u8>,
    pub files: Vec<FileState>,
    pub overlay: HashMap<PathBuf, Vec<u8>>,
    pub cwd: Option<PathBuf>,
    /// Offset in stdin of the byte the last `getc` returned (None: not from stdin).
    pub last_offset: Option<usize>,
    /// Whether stdio has read from stdin (natively it then holds a buffer-full).
    pub stdin_buffered: bool,
    /// Whether stdio has written to stderr, which fixes its orientation (glibc's
    /// `perror` behaves differently on a stream not yet oriented).
    pub stderr_oriented: bool,
}

pub const STDIN_FD: usize = 0;
pub const STDOUT_FD: usize = 1;
pub const STDERR_FD: usize = 2;

impl Io {
    pub fn new(stdin: Vec<u8>, cwd: Option<PathBuf>) -> Io {
        let mk = |kind| FileState {
            kind,
            eof: false,
            err: false,
            unget: Vec::new(),
            open: true,
        };
        Io {
            stdin,
            stdin_pos: 0,
            stdout: Vec::new(),
            stdout_flushed: 0,
            stderr: Vec::new(),
            files: vec![
                mk(FileKind::Stdin),
                mk(FileKind::Stdout),
                mk(FileKind::Stderr),
            ],
            overlay: HashMap::new(),
            cwd,
            last_offset: None,
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
        match &f.kind {
            FileKind::Stdout => {
                self.stdout.extend_from_slice(bytes);
                // A full buffer is written out; what remains stays buffered.
                let pending = self.stdout.len() - self.stdout_flushed;
                if pending >= STDOUT_BUF {
                    self.stdout_flushed += pending / STDOUT_BUF * STDOUT_BUF;
                }
                true
            }
            FileKind::Stderr => {
                self.stderr_oriented = true;
                self.stderr.extend_from_slice(bytes);
                true
            }
            FileKind::Write { path } => {
                let p = path.clone();
                self.overlay.entry(p).or_default().extend_from_slice(bytes);
                true
            }
            _ => {
                f.err = true;
                false
            }
        }
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
        if !f.open {
            return None;
        }
        if let Some((b, off)) = f.unget.pop() {
            self.last_offset = off;
            return Some(b);
        }
        let r = match &mut f.kind {
            FileKind::Stdin => {
                self.stdin_buffered = true;
                let b = self.stdin.get(self.stdin_pos).copied();
                if b.is_some() {
                    self.last_offset = Some(self.stdin_pos);
                    self.stdin_pos += 1;
                }
                b
            }
            FileKind::Read { data, pos } => {
                let b = data.get(*pos).copied();
                if b.is_some() {
                    *pos += 1;
                }
                b
            }
            _ => {
                f.err = true;
                return None;
            }
        };
        if r.is_none() {
            f.eof = true;
        }
        r
    }

    pub fn peek(&mut self, fd: usize) -> Option<u8> {
        let b = self.getc(fd)?;
        let off = self.last_offset;
        self.unget_at(fd, b, off);
        Some(b)
    }

    /// `ungetc`: a byte equal to the one just read keeps its stdin offset.
    pub fn ungetc(&mut self, fd: usize, b: u8) -> bool {
        let off = match (self.last_offset, fd == STDIN_FD) {
            (Some(o), true) if self.stdin.get(o) == Some(&b) => Some(o),
            _ => None,
        };
        self.unget_at(fd, b, off)
    }

    fn unget_at(&mut self, fd: usize, b: u8, off: Option<usize>) -> bool {
        match self.files.get_mut(fd) {
            Some(f) if f.open => {
                f.unget.push((b, off));
                f.eof = false;
                true
            }
            _ => false,
        }
    }

    fn resolve(&self, path: &[u8]) -> PathBuf {
        let p = PathBuf::from(String::from_utf8_lossy(path).into_owned());
        match &self.cwd {
            Some(c) if p.is_relative() => c.join(p),
            _ => p,
        }
    }

    /// `fopen`: returns the file index, or the errno value of the failure.
    pub fn open(&mut self, path: &[u8], mode: &[u8]) -> Result<usize, i32> {
        let p = self.resolve(path);
        let m = mode.first().copied().unwrap_or(b'r');
        let kind = match m {
            b'r' => {
                let data = match self.overlay.get(&p) {
                    Some(d) => d.clone(),
                    None => std::fs::read(&p)
                        .map_err(|e| e.raw_os_error().unwrap_or(crate::libc::errno::ENOENT))?,
                };
                FileKind::Read { data, pos: 0 }
            }
            b'w' => {
                self.overlay.insert(p.clone(), Vec::new());
                FileKind::Write { path: p }
            }
            b'a' => {
                if !self.overlay.contains_key(&p) {
                    let existing = std::fs::read(&p).unwrap_or_default();
                    self.overlay.insert(p.clone(), existing);
                }
                FileKind::Write { path: p }
            }
            _ => return Err(crate::libc::errno::EINVAL),
        };
        self.files.push(FileState {
            kind,
            eof: false,
            err: false,
            unget: Vec::new(),
            open: true,
        });
        Ok(self.files.len() - 1)
    }

    pub fn close(&mut self, fd: usize) -> bool {
        match self.files.get_mut(fd) {
            Some(f) if f.open => {
                f.open = false;
                if fd == STDOUT_FD {
                    self.stdout_flushed = self.stdout.len();
                }
                true
            }
            _ => false,
        }
    }

    /// What a process killed by a signal leaves on stdout: only flushed bytes.
    pub fn drop_unflushed(&mut self) {
        self.stdout.truncate(self.stdout_flushed);
    }
}
