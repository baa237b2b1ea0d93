//! stdio.h on top of `exec::io`, with the formatting engines of `crate::libc`.

use super::{arg, ret_int, Args, Shim};
use crate::exec::hooks::{Observer, Scanned, Whole};
use crate::exec::interp::{Machine, Stop, X};
use crate::exec::io::{InPos, OpenError, Outside, STDIN_FD, STDOUT_FD};
use crate::exec::memory::{AllocKind, MemFault};
use crate::exec::FaultKind;
use crate::ir::{CallArg, Loc, Scalar};
use crate::libc::f80::F80;
use crate::libc::printf::{self, PrintfArgs};
use crate::libc::scanf::{self, ScanInput, ScanSink, ScanValue};
use crate::libc::FormatError;
use std::cell::RefCell;
use std::rc::Rc;

const EOF: u64 = 0xffff_ffff_ffff_ffff;

/// printf's view of the variadic arguments of one call.
struct VarArgs<'m, 'p, O: Observer> {
    m: &'m Machine<'p, O>,
    args: Args<'m>,
    next: usize,
    fault: Option<MemFault>,
    /// The call, where a warning about an argument is located.
    loc: Loc,
}

/// How an argument's type is named in diagnostics.
fn type_name(t: Scalar) -> &'static str {
    match t {
        Scalar::Ptr => "a pointer",
        _ => t.c_name(),
    }
}

impl<O: Observer> VarArgs<'_, '_, O> {
    /// The next argument, which must be of a kind `ok` accepts: anything else is
    /// undefined behaviour natively (the callee reads another register or other bytes).
    fn take_checked(&mut self, ok: impl Fn(Scalar) -> bool) -> Result<u64, FormatError> {
        let n = self.next + 1;
        let ld = self.next_is_long_double();
        let (v, t) = self.take()?;
        if ok(t) && !ld {
            Ok(v)
        } else {
            let name = if ld { "long double" } else { type_name(t) };
            Err(FormatError::WrongType(format!(
                "variadic argument {n} of type {name} (undefined behaviour)"
            )))
        }
    }

    fn next_is_long_double(&self) -> bool {
        self.args
            .get(self.next)
            .is_some_and(|(_, t, by)| CallArg::is_long_double(*t, *by))
    }

    fn peek_kind(&self) -> (u64, Scalar) {
        self.args
            .get(self.next)
            .map(|(v, t, _)| (*v, *t))
            .unwrap_or((0, Scalar::I32))
    }

    fn take(&mut self) -> Result<(u64, Scalar), FormatError> {
        match self.args.get(self.next) {
            Some((v, t, _)) => {
                self.next += 1;
                Ok((*v, *t))
            }
            None => Err(FormatError::Arg(
                "the format needs more arguments than were passed".into(),
            )),
        }
    }
}

impl<O: Observer> PrintfArgs for VarArgs<'_, '_, O> {
    fn next_int(&mut self, size: u8) -> Result<u64, FormatError> {
        // An integer of the conversion's width (int for hh, h and none; after the
        // default promotions narrower ones arrive as int). Signedness may differ.
        let (_, t) = self.peek_kind();
        let int = |t: Scalar| !t.is_float() && t != Scalar::Ptr;
        if size != 8 && int(t) && t.size() == 8 && !self.next_is_long_double() {
            // A `long` (a `size_t` precision in `%.*s`, the commonest case) for an `int`
            // conversion: undefined, but on x86-64 every variadic slot is 8 bytes and
            // the callee reads the low 4, so gcc's code prints the low 32 bits. The run
            // does the same and says so (`--strict` stops).
            let n = self.next + 1;
            let what = format!(
                "printf: variadic argument {n} of type {} for an int conversion or `*`: the run takes its low 32 bits",
                type_name(t)
            );
            if self
                .m
                .continue_past(FaultKind::UndefinedBehaviour, what, self.loc)
                .is_err()
            {
                // `--strict`: the error any other mismatched argument gives.
                return self.take_checked(|_| false);
            }
            return self.take().map(|(v, _)| v & 0xffff_ffff);
        }
        self.take_checked(|t| int(t) && (t.size() == 8) == (size == 8))
    }
    fn next_double(&mut self) -> Result<f64, FormatError> {
        let (v, t) = self.peek_kind();
        let v = self.take_checked(|t| t.is_float()).map(|_| v)?;
        Ok(if t == Scalar::F32 {
            f32::from_bits(v as u32) as f64
        } else {
            f64::from_bits(v)
        })
    }
    fn next_wide_str(&mut self, max: Option<usize>) -> Option<Result<Vec<u32>, FormatError>> {
        let p = match self.take_checked(|t| t == Scalar::Ptr) {
            Ok(p) => p,
            Err(e) => return Some(Err(e)),
        };
        if p == 0 {
            let text = printf::null_string_text(max);
            return Some(Ok(text.into_iter().map(u32::from).collect()));
        }
        // Only as many units as the precision prints are read, as glibc does.
        let mut out = Vec::new();
        let mut q = p;
        while max.is_none_or(|n| out.len() < n) {
            match self.m.mem.load(q, 4) {
                Ok(0) => break,
                Ok(v) => out.push(v as u32),
                Err(e) => {
                    self.fault = Some(e);
                    return Some(Err(FormatError::Arg("bad wide string argument".into())));
                }
            }
            q += 4;
        }
        Some(Ok(out))
    }

    fn next_str(&mut self, max: Option<usize>) -> Result<Vec<u8>, FormatError> {
        let p = self.take_checked(|t| t == Scalar::Ptr)?;
        if p == 0 {
            return Ok(printf::null_string_text(max));
        }
        match max {
            Some(n) => {
                let mut out = Vec::new();
                let mut q = p;
                while out.len() < n {
                    match self.m.mem.init_bytes(q, 1) {
                        Ok(b) if b[0] == 0 => break,
                        Ok(b) => out.push(b[0]),
                        Err(e) => {
                            self.fault = Some(e);
                            return Err(FormatError::Arg("bad string argument".into()));
                        }
                    }
                    q += 1;
                }
                Ok(out)
            }
            None => match self.m.mem.c_string(p) {
                Ok(s) => Ok(s),
                Err(e) => {
                    self.fault = Some(e);
                    Err(FormatError::Arg("bad string argument".into()))
                }
            },
        }
    }
    fn next_ptr(&mut self) -> Result<u64, FormatError> {
        self.take_checked(|t| t == Scalar::Ptr)
    }
    fn next_long_double(&mut self) -> Option<Result<F80, FormatError>> {
        let n = self.next + 1;
        if !self.next_is_long_double() {
            return Some(self.take().and_then(|(_, t)| {
                Err(FormatError::WrongType(format!(
                    "variadic argument {n} of type {} given to a long double conversion (undefined behaviour)",
                    type_name(t)
                )))
            }));
        }
        let r = self
            .take()
            .and_then(|(p, _)| match self.m.mem.init_bytes(p, 10) {
                Ok(b) => {
                    let mut v = [0u8; 10];
                    v.copy_from_slice(b);
                    Ok(F80::from_bytes(v))
                }
                Err(e) => {
                    self.fault = Some(e);
                    Err(FormatError::Arg("bad long double argument".into()))
                }
            });
        Some(r)
    }
}

fn format<O: Observer>(m: &mut Machine<'_, O>, fmt_ptr: u64, args: Args, loc: Loc) -> X<Vec<u8>> {
    let fmt = try_mem!(m, m.mem.c_string(fmt_ptr));
    let mut va = VarArgs {
        m,
        args,
        next: 0,
        fault: None,
        loc,
    };
    match printf::format(&fmt, &mut va) {
        Ok(out) => Ok(out),
        Err(e) => {
            if let Some(f) = va.fault.take() {
                return Err(m.stop_mem(f));
            }
            match e {
                FormatError::Unsupported(c) => Err(m.fault(
                    FaultKind::Unsupported,
                    format!("printf conversion {c} is not supported"),
                    loc,
                )),
                FormatError::Arg(msg) => {
                    Err(m.fault(FaultKind::BadCall, format!("printf: {msg}"), loc))
                }
                FormatError::IncompleteDirective { written } => Ok(written),
                FormatError::WrongType(msg) => {
                    Err(m.fault(FaultKind::UndefinedBehaviour, format!("printf: {msg}"), loc))
                }
            }
        }
    }
}

/// Where a scanf-family call reads from.
enum Source {
    File(usize),
    Str { bytes: Vec<u8>, pos: usize },
}

struct Input<'a, 'p, O: Observer> {
    m: &'a mut Machine<'p, O>,
    src: Source,
    /// For each consumed byte, its input position when it came from input.
    consumed: Rc<RefCell<Vec<Option<InPos>>>>,
    /// Input positions of the bytes of a `Str` source (sscanf of text read before).
    str_offsets: Vec<Option<InPos>>,
}

impl<O: Observer> ScanInput for Input<'_, '_, O> {
    fn peek(&mut self) -> Option<u8> {
        match &mut self.src {
            Source::File(fd) => self.m.io.peek(*fd),
            Source::Str { bytes, pos } => bytes.get(*pos).copied(),
        }
    }
    fn next(&mut self) -> Option<u8> {
        let (b, off) = match &mut self.src {
            Source::File(fd) => {
                let b = self.m.io.getc(*fd);
                (b, self.m.io.last_offset)
            }
            Source::Str { bytes, pos } => {
                let b = bytes.get(*pos).copied();
                let off = self.str_offsets.get(*pos).copied().flatten();
                if b.is_some() {
                    *pos += 1;
                }
                (b, off)
            }
        };
        if b.is_some() {
            self.consumed.borrow_mut().push(off);
        }
        b
    }
}

/// Values converted by scanf, stored after the scan into the pointer arguments, with
/// how many input bytes had been consumed when each was converted.
struct Collect {
    values: Vec<(ScanValue, usize)>,
    consumed: Rc<RefCell<Vec<Option<InPos>>>>,
}

impl ScanSink for Collect {
    fn store(&mut self, value: ScanValue) -> Result<(), FormatError> {
        let n = self.consumed.borrow().len();
        self.values.push((value, n));
        Ok(())
    }
}

/// Where the last `len` of the consumed bytes start, when they are contiguous bytes
/// of one input.
fn input_range(consumed: &[Option<InPos>], end: usize, len: usize) -> Option<InPos> {
    if len == 0 || end < len {
        return None;
    }
    let text = &consumed[end - len..end];
    let first = (*text.first()?)?;
    text.iter()
        .enumerate()
        .all(|(k, o)| *o == Some(first.plus(k)))
        .then_some(first)
}

/// The conversion letters of a scanf format that store a value, in order (`%*d` and
/// `%%` store nothing), so that `%s` and `%[` results get their terminating NUL.
fn stored_conversions(fmt: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < fmt.len() {
        if fmt[i] != b'%' {
            i += 1;
            continue;
        }
        i += 1;
        if fmt.get(i) == Some(&b'%') {
            i += 1;
            continue;
        }
        let suppressed = fmt.get(i) == Some(&b'*');
        if suppressed {
            i += 1;
        }
        while i < fmt.len() && (fmt[i].is_ascii_digit() || b"hljztLqm".contains(&fmt[i])) {
            i += 1;
        }
        let Some(&c) = fmt.get(i) else { break };
        if c == b'[' {
            // skip the scanset: `]` right after `[` or `[^` is a member
            i += 1;
            if fmt.get(i) == Some(&b'^') {
                i += 1;
            }
            if fmt.get(i) == Some(&b']') {
                i += 1;
            }
            while i < fmt.len() && fmt[i] != b']' {
                i += 1;
            }
        }
        i += 1;
        if !suppressed {
            out.push(c);
        }
    }
    out
}

fn scan<O: Observer>(
    m: &mut Machine<'_, O>,
    src: Source,
    str_offsets: Vec<Option<InPos>>,
    fmt_ptr: u64,
    ptrs: Args,
    loc: Loc,
) -> X<u64> {
    let fmt = try_mem!(m, m.mem.c_string(fmt_ptr));
    let kinds = stored_conversions(&fmt);
    let consumed = Rc::new(RefCell::new(Vec::new()));
    let mut sink = Collect {
        values: Vec::new(),
        consumed: consumed.clone(),
    };
    let r = {
        let mut input = Input {
            m,
            src,
            consumed: consumed.clone(),
            str_offsets,
        };
        scanf::scan(&fmt, &mut input, &mut sink)
    };
    let consumed = consumed.borrow().clone();
    let n = match r {
        Ok(n) => n,
        Err(FormatError::Unsupported(c)) => {
            return Err(m.fault(
                FaultKind::Unsupported,
                format!("scanf conversion {c} is not supported"),
                loc,
            ))
        }
        Err(e) => return Err(m.fault(FaultKind::BadCall, format!("scanf: {e}"), loc)),
    };
    for (i, (v, end)) in sink.values.into_iter().enumerate() {
        let Some((p, t, _)) = ptrs.get(i) else {
            return Err(m.fault(
                FaultKind::BadCall,
                "scanf: more conversions than pointer arguments".into(),
                loc,
            ));
        };
        if *t != Scalar::Ptr {
            let conv = kinds.get(i).map(|c| *c as char).unwrap_or('?');
            return Err(m.fault(
                FaultKind::UndefinedBehaviour,
                format!(
                    "scanf: %{conv} given variadic argument {} of type {}, not a pointer (undefined behaviour)",
                    i + 1,
                    type_name(*t)
                ),
                loc,
            ));
        }
        let p = *p;
        match v {
            ScanValue::Int {
                bits,
                size,
                signed,
                text,
            } => {
                try_mem!(m, m.mem.store(p, size as u32, bits));
                // A numeric conversion of input text.
                if let Some(start) = input_range(&consumed, end, text.len()) {
                    let scanned = Scanned {
                        addr: p,
                        size: size as u32,
                        bits,
                        signed,
                        conv: kinds.get(i).copied().unwrap_or(b'd'),
                        start,
                        len: text.len(),
                    };
                    try_mem!(m, O::input_scanned(m, Whole, &scanned, loc));
                }
            }
            ScanValue::Float { .. } | ScanValue::LongDouble(_) => {
                if input_range(&consumed, end, 1).is_some() {
                    O::input_concretised(
                        m,
                        Whole,
                        "floating-point number read by scanf (floats are concrete)",
                        loc,
                    );
                }
                match v {
                    ScanValue::Float { value, size: 4 } => {
                        try_mem!(m, m.mem.store(p, 4, (value as f32).to_bits() as u64))
                    }
                    ScanValue::Float { value, .. } => {
                        try_mem!(m, m.mem.store(p, 8, value.to_bits()))
                    }
                    ScanValue::LongDouble(x) => try_mem!(m, m.mem.write_bytes(p, &x.to_bytes())),
                    _ => {}
                }
            }
            ScanValue::Bytes(mut b) => {
                let n = b.len();
                if matches!(kinds.get(i), Some(b's' | b'[')) {
                    b.push(0);
                }
                try_mem!(m, m.mem.write_bytes(p, &b));
                if end >= n {
                    try_mem!(
                        m,
                        O::input_bytes(m, Whole, p, &b[..n], &consumed[end - n..end], loc)
                    );
                }
            }
            ScanValue::Count(c) => try_mem!(m, m.mem.store(p, 4, c)),
        }
    }
    Ok(ret_int(n as i64))
}

fn write<O: Observer>(m: &mut Machine<'_, O>, fd: usize, bytes: &[u8]) -> bool {
    m.output(fd, bytes)
}

/// `getc`, telling the observers when the result is a byte of stdin.
fn getc_input<O: Observer>(m: &mut Machine<'_, O>, fd: usize, loc: Loc) -> u64 {
    match m.io.getc(fd) {
        Some(b) => {
            if let Some(off) = m.io.last_offset {
                O::input_char(m, Whole, off, b, loc);
            }
            b as u64
        }
        None => EOF,
    }
}

pub fn call<O: Observer>(m: &mut Machine<'_, O>, s: Shim, args: Args, loc: Loc) -> X<u64> {
    let (a0, a1, a2) = (arg(args, 0), arg(args, 1), arg(args, 2));
    Ok(match s {
        Shim::printf => {
            let out = format(m, a0, &args[1..], loc)?;
            write(m, STDOUT_FD, &out);
            ret_int(out.len() as i64)
        }
        Shim::fprintf => {
            let fd = m.fd_of(a0, loc)?;
            let out = format(m, a1, &args[2..], loc)?;
            if !write(m, fd, &out) {
                return Ok(ret_int(-1));
            }
            ret_int(out.len() as i64)
        }
        Shim::sprintf => {
            let mut out = format(m, a1, &args[2..], loc)?;
            let n = out.len();
            out.push(0);
            try_mem!(m, m.mem.write_bytes(a0, &out));
            ret_int(n as i64)
        }
        Shim::snprintf => {
            let out = format(m, a2, &args[3..], loc)?;
            let cap = a1 as usize;
            if cap > 0 {
                let k = out.len().min(cap - 1);
                let mut w = out[..k].to_vec();
                w.push(0);
                try_mem!(m, m.mem.write_bytes(a0, &w));
            }
            ret_int(out.len() as i64)
        }
        Shim::puts => {
            // Two writes, as glibc's: the string, then the newline (with a small
            // buffer, the string may leave while the newline stays buffered).
            let st = try_mem!(m, m.mem.c_string(a0));
            write(m, STDOUT_FD, &st);
            write(m, STDOUT_FD, b"\n");
            ret_int(st.len() as i64 + 1)
        }
        Shim::fputs => {
            let st = try_mem!(m, m.mem.c_string(a0));
            let fd = m.fd_of(a1, loc)?;
            if !write(m, fd, &st) {
                return Ok(EOF);
            }
            ret_int(st.len() as i64)
        }
        Shim::putchar => {
            write(m, STDOUT_FD, &[a0 as u8]);
            ret_int(a0 as u8 as i64)
        }
        Shim::fputc | Shim::putc => {
            let fd = m.fd_of(a1, loc)?;
            if !write(m, fd, &[a0 as u8]) {
                return Ok(EOF);
            }
            ret_int(a0 as u8 as i64)
        }
        Shim::getchar => getc_input(m, STDIN_FD, loc),
        Shim::getc | Shim::fgetc => {
            let fd = m.fd_of(a0, loc)?;
            getc_input(m, fd, loc)
        }
        Shim::ungetc => {
            let fd = m.fd_of(a1, loc)?;
            if a0 as u32 as i32 == -1 || !m.io.ungetc(fd, a0 as u8) {
                EOF
            } else {
                a0 as u8 as u64
            }
        }
        Shim::fgets => {
            let n = a1 as u32 as i32;
            let fd = m.fd_of(a2, loc)?;
            if n <= 0 {
                return Ok(0);
            }
            let mut line = Vec::new();
            let mut offs = Vec::new();
            while line.len() + 1 < n as usize {
                match m.io.getc(fd) {
                    Some(b) => {
                        line.push(b);
                        offs.push(m.io.last_offset);
                        if b == b'\n' {
                            break;
                        }
                    }
                    None => break,
                }
            }
            if line.is_empty() {
                return Ok(0);
            }
            let len = line.len();
            line.push(0);
            try_mem!(m, m.mem.write_bytes(a0, &line));
            try_mem!(m, O::input_bytes(m, Whole, a0, &line[..len], &offs, loc));
            a0
        }
        Shim::gets => {
            // fgets without a size: the line (its newline dropped) goes into the buffer
            // whatever its length, so a line longer than the buffer is an out-of-bounds
            // write, located at this call.
            let mut line = Vec::new();
            let mut offs = Vec::new();
            let mut got = false;
            while let Some(b) = m.io.getc(STDIN_FD) {
                got = true;
                if b == b'\n' {
                    break;
                }
                line.push(b);
                offs.push(m.io.last_offset);
            }
            if !got {
                return Ok(0);
            }
            let len = line.len();
            line.push(0);
            try_mem!(m, m.mem.write_bytes(a0, &line));
            try_mem!(m, O::input_bytes(m, Whole, a0, &line[..len], &offs, loc));
            a0
        }
        Shim::scanf => scan(m, Source::File(STDIN_FD), Vec::new(), a0, &args[1..], loc)?,
        Shim::fscanf => {
            let fd = m.fd_of(a0, loc)?;
            scan(m, Source::File(fd), Vec::new(), a1, &args[2..], loc)?
        }
        Shim::sscanf => {
            let bytes = try_mem!(m, m.mem.c_string(a0));
            let offs = O::input_offsets(m, Whole, a0, bytes.len());
            scan(m, Source::Str { bytes, pos: 0 }, offs, a1, &args[2..], loc)?
        }
        Shim::fopen => {
            let path = try_mem!(m, m.mem.c_string(a0));
            let mode = try_mem!(m, m.mem.c_string(a1));
            match m.io.open(&path, &mode) {
                Ok(fd) => {
                    super::note_random(m, fd, loc);
                    m.file_ptr(fd)?
                }
                Err(OpenError::Errno(e)) => {
                    super::set_errno(m, e, loc)?;
                    0
                }
                Err(OpenError::Outside(o)) => return Err(outside(m, "fopen", o, loc)),
            }
        }
        Shim::tmpfile => {
            let fd = m.io.tmpfile();
            m.file_ptr(fd)?
        }
        Shim::fseek => {
            let fd = m.fd_of(a0, loc)?;
            let r = m.io.seek(fd, a1 as i64, a2 as u32 as i32);
            errno_result(m, r.map(|()| 0), loc)?
        }
        Shim::ftell => {
            let fd = m.fd_of(a0, loc)?;
            let r = m.io.tell(fd);
            errno_result(m, r, loc)?
        }
        Shim::rewind => {
            let fd = m.fd_of(a0, loc)?;
            // rewind is fseek(f, 0, SEEK_SET) that also clears the error flag.
            let _ = m.io.seek(fd, 0, 0);
            m.io.clear_flags(fd);
            0
        }
        Shim::fgetpos => {
            let fd = m.fd_of(a0, loc)?;
            match m.io.tell(fd) {
                // glibc's fpos_t: the offset, then an 8-byte conversion state.
                Ok(at) => {
                    let mut bytes = (at as u64).to_le_bytes().to_vec();
                    bytes.extend_from_slice(&[0; 8]);
                    try_mem!(m, m.mem.write_bytes(a1, &bytes));
                    0
                }
                Err(e) => errno_result(m, Err(e), loc)?,
            }
        }
        Shim::fsetpos => {
            let fd = m.fd_of(a0, loc)?;
            let at = try_mem!(m, m.mem.load(a1, 8)) as i64;
            let r = m.io.seek(fd, at, 0);
            errno_result(m, r.map(|()| 0), loc)?
        }
        Shim::setvbuf => set_buffering(m, a0, a1, a2 as u32 as i32, arg(args, 3), loc)?,
        // glibc: setbuf(f, buf) is setvbuf(f, buf, buf ? _IOFBF : _IONBF, BUFSIZ), and
        // setbuffer the same with the size given.
        Shim::setbuf | Shim::setbuffer => {
            let size = match s {
                Shim::setbuf => BUFSIZ,
                _ => a2,
            };
            let mode = if a1 == 0 { IONBF } else { IOFBF };
            set_buffering(m, a0, a1, mode, size, loc)?;
            0
        }
        Shim::setlinebuf => {
            set_buffering(m, a0, 0, IOLBF, 0, loc)?;
            0
        }
        Shim::clearerr => {
            let fd = m.fd_of(a0, loc)?;
            m.io.clear_flags(fd);
            0
        }
        Shim::rename => {
            let from = try_mem!(m, m.mem.c_string(a0));
            let to = try_mem!(m, m.mem.c_string(a1));
            let from = view_path(m, &from, "rename", loc)?;
            let to = view_path(m, &to, "rename", loc)?;
            let r = match (from, to) {
                (Some(f), Some(t)) => m.io.rename(&f, &t),
                // Renaming to or from /dev/null: not a file of the tree.
                _ => Err(crate::libc::errno::EACCES),
            };
            errno_result(m, r.map(|()| 0), loc)?
        }
        Shim::fclose => {
            let fd = m.fd_of(a0, loc)?;
            if m.io.close(fd) {
                0
            } else {
                EOF
            }
        }
        Shim::fread => {
            let (size, count) = (a1 as usize, a2 as usize);
            let fd = m.fd_of(arg(args, 3), loc)?;
            let want = size.saturating_mul(count);
            let mut buf = Vec::with_capacity(want.min(1 << 20));
            let mut offs = Vec::new();
            while buf.len() < want {
                match m.io.getc(fd) {
                    Some(b) => {
                        buf.push(b);
                        offs.push(m.io.last_offset);
                    }
                    None => break,
                }
            }
            let items = buf.len().checked_div(size).unwrap_or(0);
            try_mem!(m, m.mem.write_bytes(a0, &buf));
            try_mem!(m, O::input_bytes(m, Whole, a0, &buf, &offs, loc));
            items as u64
        }
        Shim::fwrite => {
            let (size, count) = (a1 as usize, a2 as usize);
            let fd = m.fd_of(arg(args, 3), loc)?;
            let bytes = try_mem!(m, m.mem.init_bytes(a0, size.saturating_mul(count))).to_vec();
            if !write(m, fd, &bytes) {
                return Ok(0);
            }
            count as u64
        }
        Shim::feof | Shim::ferror => {
            let fd = m.fd_of(a0, loc)?;
            let f = &m.io.files[fd];
            ret_int(if s == Shim::feof {
                f.eof as i64
            } else {
                f.err as i64
            })
        }
        Shim::fflush => {
            if a0 == 0 {
                m.io.flush(STDOUT_FD);
            } else {
                let fd = m.fd_of(a0, loc)?;
                m.io.flush(fd);
            }
            0
        }
        Shim::perror => {
            let mut msg = if a0 != 0 {
                try_mem!(m, m.mem.c_string(a0))
            } else {
                Vec::new()
            };
            if !msg.is_empty() {
                msg.extend_from_slice(b": ");
            }
            let e = errno_value(m)?;
            let text = crate::libc::errno::message(e)
                .map(|t| t.to_string())
                .unwrap_or_else(|| crate::libc::errno::unknown_message(e));
            msg.extend_from_slice(text.as_bytes());
            msg.push(b'\n');
            let oriented = m.io.stderr_oriented;
            m.output(crate::exec::io::STDERR_FD, &msg);
            if !oriented {
                // glibc's perror on a stream not yet oriented tries fdopen(dup(2), "w+"),
                // which fails with EINVAL on a write-only pipe or file (how a test's
                // stderr is captured) before it falls back to stderr itself.
                super::set_errno(m, crate::libc::errno::EINVAL, loc)?;
            }
            0
        }
        Shim::remove => remove_path(m, a0, "remove", loc)?,
        Shim::getline => getdelim(m, a0, a1, b'\n', a2, loc)?,
        Shim::getdelim => getdelim(m, a0, a1, a2 as u8, arg(args, 3), loc)?,
        _ => return Err(super::no_model(m, s, loc)),
    })
}

/// The located refusal of a path outside the run's tree.
pub(super) fn outside<O: Observer>(m: &Machine<'_, O>, func: &str, o: Outside, loc: Loc) -> Stop {
    super::unsupported(
        m,
        format!(
            "`{func}` of {}: a run sees only the files of its revision's tree",
            o.0
        ),
        loc,
    )
}

/// A path the program names, resolved in the run's view (`None`: `/dev/null`), or the
/// located refusal of one outside the tree.
pub(super) fn view_path<O: Observer>(
    m: &Machine<'_, O>,
    path: &[u8],
    func: &str,
    loc: Loc,
) -> X<Option<std::path::PathBuf>> {
    m.io.resolve(path).map_err(|o| outside(m, func, o, loc))
}

/// `remove` and `unlink`: 0, or -1 with errno.
pub(super) fn remove_path<O: Observer>(
    m: &mut Machine<'_, O>,
    path: u64,
    func: &str,
    loc: Loc,
) -> X<u64> {
    let text = try_mem!(m, m.mem.c_string(path));
    let r = match view_path(m, &text, func, loc)? {
        // glibc's `remove` of a directory is `rmdir`; `unlink` refuses it.
        Some(p) => match m.io.remove(&p) {
            Err(crate::libc::errno::EISDIR) if func == "remove" => m.io.rmdir(&p),
            r => r,
        },
        None => Err(crate::libc::errno::EACCES),
    };
    errno_result(m, r.map(|()| 0), loc)
}

/// A C result: the value, or -1 with `errno` set.
pub(super) fn errno_result<O: Observer>(
    m: &mut Machine<'_, O>,
    r: Result<i64, i32>,
    loc: Loc,
) -> X<u64> {
    match r {
        Ok(v) => Ok(v as u64),
        Err(e) => {
            super::set_errno(m, e, loc)?;
            Ok(u64::MAX)
        }
    }
}

/// The current value of `errno` (0 before anything set it).
fn errno_value<O: Observer>(m: &Machine<'_, O>) -> X<i32> {
    let p = m.libc.errno_ptr;
    if p == 0 {
        return Ok(0);
    }
    Ok(try_mem!(m, m.mem.load(p, 4)) as u32 as i32)
}

/// glibc's `getdelim`: a missing buffer becomes a 120-byte heap block; a line that
/// does not fit grows it to the larger of what it needs and twice its size. (glibc
/// grows per stdio buffer chunk; a line crossing a 4096-byte buffer boundary may
/// natively end with another `*n`.)
fn getdelim<O: Observer>(
    m: &mut Machine<'_, O>,
    lineptr: u64,
    np: u64,
    delim: u8,
    stream: u64,
    loc: Loc,
) -> X<u64> {
    let fd = m.fd_of(stream, loc)?;
    let mut buf = try_mem!(m, m.mem.load(lineptr, 8));
    let mut cap = try_mem!(m, m.mem.load(np, 8));
    if buf == 0 || cap == 0 {
        cap = 120;
        buf = try_mem!(m, m.mem.alloc(120, AllocKind::Heap, false, "heap", loc));
        try_mem!(m, m.mem.store(lineptr, 8, buf));
        try_mem!(m, m.mem.store(np, 8, cap));
    }
    let mut line = Vec::new();
    let mut offs = Vec::new();
    while let Some(b) = m.io.getc(fd) {
        line.push(b);
        offs.push(m.io.last_offset);
        if b == delim {
            break;
        }
    }
    if line.is_empty() {
        return Ok(u64::MAX);
    }
    let needed = line.len() as u64 + 1;
    if needed > cap {
        let new_cap = needed.max(2 * cap);
        let nb = try_mem!(
            m,
            m.mem
                .alloc(new_cap as usize, AllocKind::Heap, false, "heap", loc)
        );
        try_mem!(m, m.mem.free_heap(buf, loc));
        buf = nb;
        cap = new_cap;
        try_mem!(m, m.mem.store(lineptr, 8, buf));
        try_mem!(m, m.mem.store(np, 8, cap));
    }
    let len = line.len();
    line.push(0);
    try_mem!(m, m.mem.write_bytes(buf, &line));
    try_mem!(m, O::input_bytes(m, Whole, buf, &line[..len], &offs, loc));
    Ok(len as u64)
}

/// glibc's `_IOFBF`, `_IOLBF`, `_IONBF` and `BUFSIZ`.
const IOFBF: i32 = 0;
const IOLBF: i32 = 1;
const IONBF: i32 = 2;
const BUFSIZ: u64 = 8192;

/// `setvbuf(stream, buf, mode, size)`: 0, or `EOF` with `EINVAL` for an unknown mode.
/// stdout buffers as glibc's would (which decides what an `abort` loses and where
/// `write(1, ...)` lands); the run writes files through at once and stderr unbuffered,
/// so unbuffering them, or buffering stdin, changes nothing a program sees; buffering
/// stderr would, and is refused.
fn set_buffering<O: Observer>(
    m: &mut Machine<'_, O>,
    stream: u64,
    buf: u64,
    mode: i32,
    size: u64,
    loc: Loc,
) -> X<u64> {
    use crate::exec::io::{Buffering, FileKind};
    let idx = m.fd_of(stream, loc)?;
    let mode = match mode {
        IOFBF => Buffering::Full,
        IOLBF => Buffering::Line,
        IONBF => Buffering::Unbuffered,
        _ => return errno_result(m, Err(crate::libc::errno::EINVAL), loc),
    };
    match m.io.files.get(idx).map(|f| &f.kind) {
        Some(FileKind::Stdout) => {
            let given = (buf != 0 && mode != Buffering::Unbuffered).then_some(size as usize);
            if given.is_some_and(|n| n < 128) {
                // glibc then writes each piece of a printf through on its own, and
                // the run's printf writes its whole output at once.
                return Err(super::unsupported(
                    m,
                    format!("a stdout buffer of {size} bytes (`setvbuf`): regcause models buffers of 128 bytes or more"),
                    loc,
                ));
            }
            m.io.set_stdout_buffering(mode, given);
        }
        Some(FileKind::Stderr) if mode != Buffering::Unbuffered => {
            return Err(super::unsupported(
                m,
                "a buffered stderr (`setvbuf` with `_IOFBF` or `_IOLBF`): the run writes stderr unbuffered".into(),
                loc,
            ));
        }
        _ => {}
    }
    Ok(0)
}
