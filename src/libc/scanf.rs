//! glibc-compatible `scanf` engine (`scanf`, `fscanf`, `sscanf`), independent of the
//! interpreter's memory and streams.
//!
//! glibc reads a character and pushes back at most the last one read; here that is
//! `peek` (look at the next byte) and `next` (consume it). A character glibc reads and
//! then pushes back is only peeked; one it reads and does not push back is consumed.
//! So after a failure the stream is positioned exactly as glibc leaves it: `"-x"` with
//! `%d` consumes the `-` and fails; `"1ex"` with `%lf` reads 1 and consumes the `e`;
//! `"inx"` with `%f` consumes all three and fails; `"0x"` with `%lf` consumes both and
//! fails, while `%x` reads 0 from it.

use super::f80::F80;
use super::strconv::{is_c_space, strtod_like, strtof_like, strtol_like, IntKind};
use super::strtold::strtold_like;
pub use super::FormatError;

/// The input stream (a string for `sscanf`, which ends at its NUL; a FILE for
/// `fscanf`/`scanf`). `None` is end of input.
pub trait ScanInput {
    fn peek(&mut self) -> Option<u8>;
    fn next(&mut self) -> Option<u8>;
}

/// One value to store through the next pointer argument.
#[derive(Debug, Clone, PartialEq)]
pub enum ScanValue {
    /// `%d %i %u %o %x %X`: `bits` is the value truncated to `size` bytes (zero-extended
    /// raw bits: store the low `size` bytes); `signed` for `%d`/`%i`; `text` is every
    /// byte this conversion consumed (sign, `0x` prefix, digits), after skipped
    /// whitespace.
    Int {
        bits: u64,
        size: u8,
        signed: bool,
        text: Vec<u8>,
    },
    /// `%f %e %g %a` (and upper-case forms): size 4 for `float` (the float value,
    /// exactly, as f64: glibc rounds straight to float) or 8 for `double` (`%lf`).
    Float { value: f64, size: u8 },
    /// `%Lf %Le %Lg %La` (and `%llf`): a `long double`, its 10 bytes stored.
    LongDouble(F80),
    /// `%s` (the caller adds the NUL), `%c` (no NUL; fewer bytes than the width when
    /// input ended, and glibc still counts it as assigned) or `%[`.
    Bytes(Vec<u8>),
    /// `%n`: bytes consumed so far by this call (stored as an int).
    Count(u64),
}

/// Receives the values of non-suppressed conversions, in order (`%*d` stores nothing).
pub trait ScanSink {
    fn store(&mut self, value: ScanValue) -> Result<(), FormatError>;
}

/// Returns the number of assigned conversions, or -1 (EOF) when input ended before the
/// first conversion.
///
/// glibc rules kept: a matching failure returns the count so far; an input failure
/// (end of input where a character is needed) returns -1 when nothing was assigned
/// yet, even after successful suppressed conversions (`sscanf("5", "%*d%d")` is -1) or
/// a partly matched literal (`sscanf("ab", "abc")` is -1). `%n` is not counted.
/// An unknown conversion character stops the scan like a matching failure.
pub fn scan(
    fmt: &[u8],
    input: &mut dyn ScanInput,
    sink: &mut dyn ScanSink,
) -> Result<i32, FormatError> {
    let mut r = Reader { input, count: 0 };
    let mut done: i32 = 0;
    let mut skip_space = false;
    let mut i = 0;
    let input_error = |done: i32| if done == 0 { -1 } else { done };
    while i < fmt.len() {
        let fc = fmt[i];
        i += 1;
        if fc != b'%' {
            if is_c_space(fc) {
                skip_space = true;
                continue;
            }
            let Some(mut c) = r.peek() else {
                return Ok(input_error(done));
            };
            if skip_space {
                while is_c_space(c) {
                    r.next();
                    match r.peek() {
                        Some(n) => c = n,
                        None => return Ok(input_error(done)),
                    }
                }
                skip_space = false;
            }
            if c != fc {
                return Ok(done);
            }
            r.next();
            continue;
        }
        // A directive: flags, width, length, conversion.
        let start = i - 1;
        let mut d = i;
        while d < fmt.len() && fmt[d].is_ascii_digit() {
            d += 1;
        }
        if d > i && d < fmt.len() && fmt[d] == b'$' {
            return Err(unsupported(fmt, start, d + 1));
        }
        let mut suppress = false;
        while i < fmt.len() && matches!(fmt[i], b'*' | b'\'' | b'I') {
            suppress |= fmt[i] == b'*';
            i += 1;
        }
        let mut width: i64 = 0;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            width = (width * 10 + (fmt[i] - b'0') as i64).min(i32::MAX as i64);
            i += 1;
        }
        // A width of 0 is no width.
        let width = if width == 0 { -1 } else { width };
        if i < fmt.len() && fmt[i] == b'm' {
            // GNU allocating modifier.
            return Err(unsupported(fmt, start, i + 1));
        }
        let mut size: u8 = 4;
        let mut long = false;
        let mut long_double = false;
        if i < fmt.len() {
            match fmt[i] {
                b'h' => {
                    i += 1;
                    size = 2;
                    if i < fmt.len() && fmt[i] == b'h' {
                        i += 1;
                        size = 1;
                    }
                }
                b'l' => {
                    i += 1;
                    size = 8;
                    long = true;
                    if i < fmt.len() && fmt[i] == b'l' {
                        i += 1;
                        long_double = true;
                    }
                }
                b'L' | b'q' => {
                    i += 1;
                    size = 8;
                    long_double = true;
                }
                b'j' | b'z' | b'Z' | b't' => {
                    i += 1;
                    size = 8;
                }
                _ => {}
            }
        }
        let conv = fmt.get(i).copied().unwrap_or(0);
        if conv != 0 {
            i += 1;
        }
        let here = i;
        // Refuse what is not modelled before touching the input.
        match conv {
            b'p' | b'C' | b'S' => return Err(unsupported(fmt, start, here)),
            b'c' | b's' | b'[' if long => return Err(unsupported(fmt, start, here)),
            b'n' if size != 4 => return Err(unsupported(fmt, start, here)),
            _ => {}
        }
        if skip_space || !matches!(conv, b'[' | b'c' | b'n') {
            while r.peek().is_some_and(is_c_space) {
                r.next();
            }
            skip_space = false;
        }
        let outcome = match conv {
            b'%' => match r.peek() {
                None => Outcome::InputError,
                Some(b'%') => {
                    r.next();
                    Outcome::Matched
                }
                Some(_) => Outcome::ConvError,
            },
            b'n' => {
                if !suppress {
                    sink.store(ScanValue::Count(r.count))?;
                }
                Outcome::Matched
            }
            b'd' | b'i' | b'u' | b'o' | b'x' | b'X' => {
                let (base, signed) = match conv {
                    b'd' => (10, true),
                    b'i' => (0, true),
                    b'u' => (10, false),
                    b'o' => (8, false),
                    _ => (16, false),
                };
                match scan_int(&mut r, width, base) {
                    Err(o) => o,
                    Ok((buf, text, base)) => {
                        let kind = if signed {
                            IntKind::Strtol
                        } else {
                            IntKind::Strtoul
                        };
                        // glibc converts the collected text with strtol/strtoul
                        // (saturating) and truncates to the target type.
                        let p = strtol_like(&buf, base, kind);
                        if !suppress {
                            sink.store(ScanValue::Int {
                                bits: truncate(p.value, size),
                                size,
                                signed,
                                text,
                            })?;
                            done += 1;
                        }
                        Outcome::Matched
                    }
                }
            }
            b'e' | b'E' | b'f' | b'F' | b'g' | b'G' | b'a' | b'A' => {
                match scan_float(&mut r, width) {
                    Err(o) => o,
                    Ok(buf) if long_double => {
                        let p = strtold_like(&buf);
                        if p.consumed == 0 {
                            Outcome::ConvError
                        } else {
                            if !suppress {
                                sink.store(ScanValue::LongDouble(p.value))?;
                                done += 1;
                            }
                            Outcome::Matched
                        }
                    }
                    Ok(buf) => {
                        let p = if long {
                            strtod_like(&buf)
                        } else {
                            strtof_like(&buf)
                        };
                        if p.consumed == 0 {
                            Outcome::ConvError
                        } else {
                            if !suppress {
                                sink.store(ScanValue::Float {
                                    value: p.value,
                                    size: if long { 8 } else { 4 },
                                })?;
                                done += 1;
                            }
                            Outcome::Matched
                        }
                    }
                }
            }
            b'c' => {
                let w = if width < 0 { 1 } else { width };
                match r.peek() {
                    None => Outcome::InputError,
                    Some(_) => {
                        let mut v = Vec::new();
                        while (v.len() as i64) < w {
                            match r.next() {
                                Some(c) => v.push(c),
                                None => break,
                            }
                        }
                        if !suppress {
                            sink.store(ScanValue::Bytes(v))?;
                            done += 1;
                        }
                        Outcome::Matched
                    }
                }
            }
            b's' | b'[' => {
                let set = if conv == b'[' {
                    match parse_set(fmt, i) {
                        Some((set, end)) => {
                            i = end;
                            Some(set)
                        }
                        None => return Ok(done),
                    }
                } else {
                    None
                };
                let accept = |c: u8| match &set {
                    Some(s) => s[c as usize],
                    None => !is_c_space(c),
                };
                match r.peek() {
                    None => Outcome::InputError,
                    Some(_) => {
                        let mut v = Vec::new();
                        while width < 0 || (v.len() as i64) < width {
                            match r.peek() {
                                Some(c) if accept(c) => {
                                    r.next();
                                    v.push(c);
                                }
                                _ => break,
                            }
                        }
                        if v.is_empty() {
                            Outcome::ConvError
                        } else {
                            if !suppress {
                                sink.store(ScanValue::Bytes(v))?;
                                done += 1;
                            }
                            Outcome::Matched
                        }
                    }
                }
            }
            _ => Outcome::ConvError,
        };
        match outcome {
            Outcome::Matched => {}
            Outcome::ConvError => return Ok(done),
            Outcome::InputError => return Ok(input_error(done)),
        }
    }
    if skip_space {
        while r.peek().is_some_and(is_c_space) {
            r.next();
        }
    }
    Ok(done)
}

enum Outcome {
    Matched,
    /// Matching failure: stop, return the count.
    ConvError,
    /// Input failure: stop, return the count or EOF.
    InputError,
}

/// Counts consumed bytes for `%n`.
struct Reader<'a> {
    input: &'a mut dyn ScanInput,
    count: u64,
}

impl Reader<'_> {
    fn peek(&mut self) -> Option<u8> {
        self.input.peek()
    }
    fn next(&mut self) -> Option<u8> {
        let c = self.input.next();
        if c.is_some() {
            self.count += 1;
        }
        c
    }
}

fn unsupported(fmt: &[u8], start: usize, end: usize) -> FormatError {
    let end = end.min(fmt.len());
    FormatError::Unsupported(String::from_utf8_lossy(&fmt[start..end]).into_owned())
}

fn truncate(v: u64, size: u8) -> u64 {
    match size {
        1 => v as u8 as u64,
        2 => v as u16 as u64,
        4 => v as u32 as u64,
        _ => v,
    }
}

/// Width budget: -1 is unlimited.
fn dec(w: &mut i64) {
    if *w > 0 {
        *w -= 1;
    }
}

/// Collects an integer the way glibc does. Returns the text for strtol (sign and
/// digits; a consumed `0x` prefix is not part of it), every consumed byte, and the base.
fn scan_int(
    r: &mut Reader<'_>,
    mut w: i64,
    mut base: u32,
) -> Result<(Vec<u8>, Vec<u8>, u32), Outcome> {
    let mut buf = Vec::new();
    let mut text = Vec::new();
    let c = r.peek().ok_or(Outcome::InputError)?;
    let mut cur = Some(c);
    if c == b'-' || c == b'+' {
        r.next();
        buf.push(c);
        text.push(c);
        dec(&mut w);
        cur = r.peek();
    }
    if w != 0 && cur == Some(b'0') {
        dec(&mut w);
        r.next();
        buf.push(b'0');
        text.push(b'0');
        cur = r.peek();
        match cur {
            Some(x @ (b'x' | b'X')) if w != 0 => {
                if base == 0 {
                    base = 16;
                }
                if base == 16 {
                    dec(&mut w);
                    r.next();
                    text.push(x);
                    cur = r.peek();
                }
            }
            _ => {
                if base == 0 {
                    base = 8;
                }
            }
        }
    }
    if base == 0 {
        base = 10;
    }
    while w != 0 {
        let Some(ch) = cur else { break };
        let ok = match base {
            16 => ch.is_ascii_hexdigit(),
            _ => ch.is_ascii_digit() && ((ch - b'0') as u32) < base,
        };
        if !ok {
            break;
        }
        r.next();
        buf.push(ch);
        text.push(ch);
        dec(&mut w);
        cur = r.peek();
    }
    // Nothing, or only a sign: a matching failure (the next character stays unread).
    if buf.is_empty() || (buf.len() == 1 && (buf[0] == b'-' || buf[0] == b'+')) {
        return Err(Outcome::ConvError);
    }
    Ok((buf, text, base))
}

/// Collects a floating-point number the way glibc does; returns the text for strtod.
fn scan_float(r: &mut Reader<'_>, mut w: i64) -> Result<Vec<u8>, Outcome> {
    let mut buf: Vec<u8> = Vec::new();
    let mut c = r.peek().ok_or(Outcome::InputError)?;
    dec(&mut w);
    let mut got_sign = false;
    if c == b'-' || c == b'+' {
        got_sign = true;
        r.next();
        buf.push(c);
        if w == 0 {
            return Err(Outcome::ConvError);
        }
        c = r.peek().ok_or(Outcome::ConvError)?;
        dec(&mut w);
    }
    // Reads the next character of a fixed word; a mismatch is consumed (glibc does not
    // push it back).
    let expect = |r: &mut Reader<'_>, w: &mut i64, want: u8, buf: &mut Vec<u8>| {
        if *w == 0 {
            return Err(Outcome::ConvError);
        }
        let ch = r.peek().ok_or(Outcome::ConvError)?;
        r.next();
        if ch.to_ascii_lowercase() != want {
            return Err(Outcome::ConvError);
        }
        dec(w);
        buf.push(ch);
        Ok(())
    };
    match c.to_ascii_lowercase() {
        b'n' => {
            r.next();
            buf.push(c);
            expect(r, &mut w, b'a', &mut buf)?;
            expect(r, &mut w, b'n', &mut buf)?;
            return Ok(buf);
        }
        b'i' => {
            r.next();
            buf.push(c);
            expect(r, &mut w, b'n', &mut buf)?;
            expect(r, &mut w, b'f', &mut buf)?;
            if w != 0 {
                if let Some(ch) = r.peek() {
                    if ch.eq_ignore_ascii_case(&b'i') {
                        r.next();
                        dec(&mut w);
                        buf.push(ch);
                        for &want in b"nity" {
                            expect(r, &mut w, want, &mut buf)?;
                        }
                    }
                }
            }
            return Ok(buf);
        }
        _ => {}
    }
    let mut exp_char = b'e';
    let mut hexa = false;
    let mut got_digit = false;
    let mut got_dot = false;
    let mut got_e = false;
    let mut cur = Some(c);
    if w != 0 && c == b'0' {
        r.next();
        buf.push(c);
        cur = r.peek();
        dec(&mut w);
        match cur {
            Some(x @ (b'x' | b'X')) if w != 0 => {
                r.next();
                buf.push(x);
                hexa = true;
                exp_char = b'p';
                cur = r.peek();
                dec(&mut w);
            }
            _ => got_digit = true,
        }
    }
    while let Some(ch) = cur {
        let lower = ch.to_ascii_lowercase();
        if ch.is_ascii_digit() || (!got_e && hexa && ch.is_ascii_hexdigit()) {
            buf.push(ch);
            got_digit = true;
        } else if got_e && buf.last() == Some(&exp_char) && (ch == b'-' || ch == b'+') {
            buf.push(ch);
        } else if got_digit && !got_e && lower == exp_char {
            buf.push(exp_char);
            got_e = true;
            got_dot = true;
        } else if !got_dot && ch == b'.' {
            buf.push(ch);
            got_dot = true;
        } else {
            // Not part of the number: pushed back.
            break;
        }
        r.next();
        if w == 0 {
            break;
        }
        cur = r.peek();
        if cur.is_some() {
            dec(&mut w);
        }
    }
    // Nothing but a sign, or nothing but "0x": a matching failure.
    if buf.len() == got_sign as usize || (hexa && buf.len() == 2 + got_sign as usize) {
        return Err(Outcome::ConvError);
    }
    Ok(buf)
}

/// Parses a `%[` set starting after the `[`; returns the membership table and the
/// index after the closing `]`, or None when the set is not terminated (glibc then
/// fails the conversion).
///
/// A `]` right after `[` or `[^` is a member. `-` is a range when it is not the first
/// character of the set, is followed by something other than `]`, and the bounds are
/// in order; the range starts at the format character before the `-` (even the end of
/// a previous range: `a-c-e` is a-e). Otherwise `-` is a member (`[-a]`, `[a-]`,
/// `[z-a]` = {z, -, a}).
fn parse_set(fmt: &[u8], i: usize) -> Option<([bool; 256], usize)> {
    let mut set = [false; 256];
    let negate = fmt.get(i) == Some(&b'^');
    let first = if negate { i + 1 } else { i };
    let mut j = first;
    loop {
        let c = *fmt.get(j)?;
        j += 1;
        if c == b']' && j - 1 > first {
            break;
        }
        if c == b'-' && j - 1 > first {
            if let Some(hi) = fmt.get(j).copied().filter(|&n| n != b']') {
                let lo = fmt[j - 2];
                if lo <= hi {
                    for x in lo..=hi {
                        set[x as usize] = true;
                    }
                    continue;
                }
            }
        }
        set[c as usize] = true;
    }
    if negate {
        for s in set.iter_mut() {
            *s = !*s;
        }
    }
    Some((set, j))
}

#[cfg(test)]
#[path = "tests/scanf.rs"]
mod tests;
