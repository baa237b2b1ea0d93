//! Layout directives that lang-c does not parse, taken out of the preprocessed text
//! before parsing: `#pragma pack` lines and `__attribute__((...))` right after a
//! `struct`/`union` keyword. Each is replaced by spaces of the same length, so offsets
//! and line numbers of everything else are unchanged, and recorded by offset for the
//! struct layout (`types.rs`).

use std::collections::HashMap;

/// One attribute written between `struct` and the tag: name and raw argument text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawAttr {
    pub name: String,
    pub arg: Option<String>,
}

/// What the pre-pass found in one translation unit.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LayoutMarks {
    /// `#pragma pack` state changes: (offset of the line, maximum field alignment in
    /// bytes, `None` for the default), in text order.
    pub pack: Vec<(usize, Option<u32>)>,
    /// Attributes after the `struct`/`union` keyword at this offset.
    pub struct_attrs: HashMap<usize, Vec<RawAttr>>,
    /// Malformed `#pragma pack` lines: (offset, text), reported when lowering.
    pub bad: Vec<(usize, String)>,
}

impl LayoutMarks {
    /// The `#pragma pack` value in force at `offset`.
    pub fn pack_at(&self, offset: usize) -> Option<u32> {
        let i = self.pack.partition_point(|(o, _)| *o <= offset);
        if i == 0 {
            None
        } else {
            self.pack[i - 1].1
        }
    }
}

fn blank(b: &mut [u8], from: usize, to: usize) {
    for c in &mut b[from..to] {
        if *c != b'\n' {
            *c = b' ';
        }
    }
}

fn is_ident(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'_'
}

/// Parse `pack(...)` arguments; updates the stack, returns the new value or an error.
fn pack_directive(
    args: &str,
    cur: Option<u32>,
    stack: &mut Vec<Option<u32>>,
) -> Result<Option<u32>, ()> {
    let parts: Vec<&str> = args
        .split(',')
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .collect();
    let num = |s: &str| -> Result<Option<u32>, ()> {
        match s.parse::<u32>() {
            Ok(n) if n.is_power_of_two() && n <= 16 => Ok(Some(n)),
            _ => Err(()),
        }
    };
    match parts.as_slice() {
        [] => Ok(None),
        ["push"] => {
            stack.push(cur);
            Ok(cur)
        }
        ["push", n] => {
            stack.push(cur);
            num(n)
        }
        ["pop"] => Ok(stack.pop().unwrap_or(None)),
        [n] => num(n),
        _ => Err(()),
    }
}

/// Split the text inside `((` ... `))` into attributes.
fn split_attrs(inner: &str) -> Vec<RawAttr> {
    let mut out = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    let bytes = inner.as_bytes();
    let mut push = |s: &str| {
        let s = s.trim();
        if s.is_empty() {
            return;
        }
        match s.split_once('(') {
            Some((n, rest)) => out.push(RawAttr {
                name: n.trim().to_string(),
                arg: Some(rest.trim_end().trim_end_matches(')').trim().to_string()),
            }),
            None => out.push(RawAttr {
                name: s.to_string(),
                arg: None,
            }),
        }
    };
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            b'(' => depth += 1,
            b')' => depth -= 1,
            b',' if depth == 0 => {
                push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    push(&inner[start..]);
    out
}

/// The end of a balanced `(...)` group starting at `b[i] == '('`.
fn close_paren(b: &[u8], mut i: usize) -> Option<usize> {
    let mut depth = 0usize;
    while i < b.len() {
        match b[i] {
            b'(' => depth += 1,
            b')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            b'"' | b'\'' => i = skip_literal(b, i),
            _ => {}
        }
        i += 1;
    }
    None
}

/// Index of the closing quote of the literal opening at `i`.
fn skip_literal(b: &[u8], i: usize) -> usize {
    let q = b[i];
    let mut j = i + 1;
    while j < b.len() && b[j] != q && b[j] != b'\n' {
        if b[j] == b'\\' {
            j += 1;
        }
        j += 1;
    }
    j.min(b.len().saturating_sub(1))
}

/// Take the layout directives out of `text` (see the module comment).
pub fn extract(text: &mut String) -> LayoutMarks {
    let mut marks = LayoutMarks::default();
    let mut b = std::mem::take(text).into_bytes();
    let mut stack = Vec::new();
    let mut cur: Option<u32> = None;
    let mut i = 0;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start && c == b'#' {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            let line = String::from_utf8_lossy(&b[i + 1..end]).into_owned();
            let words = line.trim_start();
            if let Some(rest) = words.strip_prefix("pragma") {
                let rest = rest.trim();
                if let Some(p) = rest.strip_prefix("pack") {
                    let p = p.trim();
                    let args = p.strip_prefix('(').and_then(|p| p.strip_suffix(')'));
                    match args.map(|a| pack_directive(a, cur, &mut stack)) {
                        Some(Ok(v)) => {
                            cur = v;
                            marks.pack.push((i, v));
                        }
                        _ => marks.bad.push((i, line.trim().to_string())),
                    }
                    blank(&mut b, i, end);
                } else if rest.starts_with("GCC diagnostic") || rest == "once" {
                    // No effect on what the program computes.
                    blank(&mut b, i, end);
                }
            }
            i = end;
            continue;
        }
        if c == b'\n' {
            line_start = true;
            i += 1;
            continue;
        }
        if !c.is_ascii_whitespace() {
            line_start = false;
        }
        if c == b'"' || c == b'\'' {
            i = skip_literal(&b, i) + 1;
            continue;
        }
        if is_ident(c) {
            let s = i;
            while i < b.len() && is_ident(b[i]) {
                i += 1;
            }
            let word = &b[s..i];
            if (word == b"struct" || word == b"union") && (s == 0 || !is_ident(b[s - 1])) {
                let mut attrs = Vec::new();
                let mut j = i;
                loop {
                    let mut k = j;
                    while k < b.len() && b[k].is_ascii_whitespace() {
                        k += 1;
                    }
                    let kw = [&b"__attribute__"[..], &b"__attribute"[..]]
                        .into_iter()
                        .find(|kw| {
                            b[k..].starts_with(kw)
                                && b.get(k + kw.len()).is_none_or(|&c| !is_ident(c))
                        });
                    let Some(kw) = kw else { break };
                    let mut p = k + kw.len();
                    while p < b.len() && b[p].is_ascii_whitespace() {
                        p += 1;
                    }
                    if p >= b.len() || b[p] != b'(' {
                        break;
                    }
                    let Some(e) = close_paren(&b, p) else { break };
                    let inner = String::from_utf8_lossy(&b[p + 1..e]).into_owned();
                    let inner = inner.trim();
                    let inner = inner
                        .strip_prefix('(')
                        .and_then(|x| x.strip_suffix(')'))
                        .unwrap_or(inner);
                    attrs.extend(split_attrs(inner));
                    blank(&mut b, k, e + 1);
                    j = e + 1;
                }
                if !attrs.is_empty() {
                    marks.struct_attrs.insert(s, attrs);
                }
            }
            continue;
        }
        i += 1;
    }
    // Only ASCII bytes were replaced by spaces, so the text stays valid UTF-8.
    *text = String::from_utf8(b).unwrap_or_default();
    marks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pragma_pack_push_pop_and_reset() {
        let mut t = "#pragma pack(push)\n#pragma pack(1)\nstruct S;\n#pragma pack(pop)\n\
                     #pragma pack(push, 2)\nint x;\n#pragma pack()\nint y;\n"
            .to_string();
        let len = t.len();
        let m = extract(&mut t);
        assert_eq!(t.len(), len);
        assert!(!t.contains("pragma"));
        let s = t.find("struct").unwrap_or(0);
        assert_eq!(m.pack_at(s), Some(1));
        assert_eq!(m.pack_at(t.find("int x").unwrap_or(0)), Some(2));
        assert_eq!(m.pack_at(t.find("int y").unwrap_or(0)), None);
        assert_eq!(m.pack_at(0), None);
        assert!(m.bad.is_empty());
    }

    #[test]
    fn struct_keyword_attributes_are_blanked_and_recorded() {
        let mut t = "struct __attribute__((packed, aligned(4))) T { char c; };\n\
                     char *s = \"struct __attribute__((packed))\";\nunion  __attribute__ ((__aligned__(8))) U;"
            .to_string();
        let len = t.len();
        let m = extract(&mut t);
        assert_eq!(t.len(), len);
        assert_eq!(m.struct_attrs.len(), 2);
        let a = &m.struct_attrs[&0];
        assert_eq!(a[0].name, "packed");
        assert_eq!(a[1].name, "aligned");
        assert_eq!(a[1].arg.as_deref(), Some("4"));
        assert!(t.starts_with("struct ") && t[7..].trim_start().starts_with("T {"));
        assert!(t.contains("\"struct __attribute__((packed))\""));
        let u = t.find("union").unwrap_or(0);
        assert_eq!(m.struct_attrs[&u][0].arg.as_deref(), Some("8"));
    }

    #[test]
    fn bad_pack_is_recorded() {
        let mut t = "#pragma pack(3)\n#pragma pack(show)\n".to_string();
        let m = extract(&mut t);
        assert_eq!(m.bad.len(), 2);
        assert!(m.pack.is_empty());
    }
}
