//! What library calls mean symbolically: the input effects the models report through
//! the hooks (`Hooks::input_*`) become symbolic inputs, and the results of the models
//! that compute over an input-derived argument (`abs`, `ctype.h`, `ungetc`) become
//! expressions over it. The models themselves know nothing of the symbolic state.

use super::{InputOrigin, SymState};
use crate::exec::hooks::{Parsed, Scanned};
use crate::exec::interp::Machine;
use crate::exec::io::{InPos, InputSource};
use crate::exec::memory::{self, AllocKind, MemFault};
use crate::exec::shims::Shim;
use crate::ir::{Loc, Scalar};
use crate::libc::strconv;
use crate::sym::{CmpOp, ExprId, ExprPool};

/// The input byte at `at`: `stdin[offset]`, `file(PATH)[offset]`, `env(NAME)[offset]`.
fn byte_at(sy: &mut SymState, sources: &[InputSource], at: InPos, b: u8, loc: Loc) -> ExprId {
    match at {
        InPos::Stdin(o) => sy.stdin_byte(o, b, loc),
        InPos::Source { src, off } => match sources.get(src as usize) {
            Some(s) => sy.source_byte(s, off, b, loc),
            // (Every position names a source of the run; a constant is the safe answer.)
            None => sy.pool.constant(b as u64, 8),
        },
    }
}

/// The origin of the numeric conversion `conv` of the `len` input bytes from `start`.
fn scan_origin(sources: &[InputSource], conv: u8, start: InPos, len: usize) -> Option<InputOrigin> {
    match start {
        InPos::Stdin(o) => Some(InputOrigin::Scan {
            conv,
            stdin: Some((o, o + len)),
        }),
        InPos::Source { src, off } => Some(InputOrigin::SourceScan {
            conv,
            source: sources.get(src as usize)?.clone(),
            range: (off, off + len),
        }),
    }
}

/// Bytes at `p` read from input become its input bytes (`stdin[offset]`, ...).
pub(super) fn input_bytes(
    m: &mut Machine,
    p: u64,
    bytes: &[u8],
    offsets: &[Option<InPos>],
    loc: Loc,
) -> Result<(), MemFault> {
    let Some(sy) = m.sym.as_deref_mut() else {
        return Ok(());
    };
    let mut marks = Vec::new();
    for (k, (b, off)) in bytes.iter().zip(offsets).enumerate() {
        if let Some(o) = off {
            marks.push((k, byte_at(sy, &m.io.sources, *o, *b, loc)));
        }
    }
    for (k, e) in marks {
        m.mem.set_byte_sym(p + k as u64, e)?;
    }
    Ok(())
}

/// The call's `int` result is the input byte at `offset`.
pub(super) fn input_char(m: &mut Machine, offset: InPos, byte: u8, loc: Loc) {
    if let Some(sy) = m.sym.as_deref_mut() {
        let e = byte_at(sy, &m.io.sources, offset, byte, loc);
        let i = sy.pool.zext(e, 32);
        sy.ret = Some(sy.widen(i, Scalar::I32));
    }
}

/// A numeric conversion of input text: a new symbolic input, stored where `scanf` put
/// it.
pub(super) fn input_scanned(m: &mut Machine, scan: &Scanned, loc: Loc) -> Result<(), MemFault> {
    let Some(sy) = m.sym.as_deref_mut() else {
        return Ok(());
    };
    let Some(origin) = scan_origin(&m.io.sources, scan.conv, scan.start, scan.len) else {
        return Ok(());
    };
    let name = sy.next_numeric_name();
    let e = sy.new_input(name, scan.size * 8, scan.signed, scan.bits, origin, loc);
    m.mem.shadow_store(scan.addr, scan.size, e)
}

/// The result of `atoi`/`strtol` of a program argument or of text read from stdin is
/// a symbolic input (`argv[k]`, or `inK` with its stdin range).
pub(super) fn input_parsed(m: &mut Machine, n: &Parsed<'_>, loc: Loc) {
    if m.sym.is_none() {
        return;
    }
    let slot = memory::slot_of(n.ptr);
    let argv_index = m.mem.allocs.get(slot).and_then(|a| {
        let k = a
            .name
            .strip_prefix("argv[")?
            .strip_suffix(']')?
            .parse::<usize>()
            .ok()?;
        (a.kind == AllocKind::Runtime && memory::off_of(n.ptr) == 0).then_some(k)
    });
    let skip = n
        .text
        .iter()
        .take_while(|b| strconv::is_c_space(**b))
        .count();
    let offs = input_offsets(m, n.ptr, n.consumed);
    let Some(sy) = m.sym.as_deref_mut() else {
        return;
    };
    let origin = match argv_index {
        Some(k) if n.consumed > 0 => InputOrigin::Arg {
            index: k,
            base: n.base,
        },
        _ => {
            let digits = &offs[skip.min(offs.len())..];
            let Some(Some(first)) = digits.first().copied() else {
                return;
            };
            if !digits
                .iter()
                .enumerate()
                .all(|(k, o)| *o == Some(first.plus(k)))
            {
                sy.concretise(loc, "number parsed from scattered input bytes");
                return;
            }
            match scan_origin(&m.io.sources, b'd', first, digits.len()) {
                Some(o) => o,
                None => return,
            }
        }
    };
    let name = match origin {
        InputOrigin::Arg { index, .. } => format!("argv[{index}]"),
        _ => sy.next_numeric_name(),
    };
    let e = sy.new_input(name, n.width, n.signed, n.value, origin, loc);
    let s = if n.width == 32 {
        Scalar::I32
    } else if n.signed {
        Scalar::I64
    } else {
        Scalar::U64
    };
    sy.ret = Some(sy.widen(e, s));
}

/// A value read from input is used concretely by the call.
pub(super) fn input_concretised(m: &mut Machine, why: &'static str, loc: Loc) {
    if let Some(sy) = m.sym.as_deref_mut() {
        sy.concretise(loc, why);
    }
}

/// Input positions of the `n` bytes at `p` (from their symbolic shadows).
pub(super) fn input_offsets(m: &Machine, p: u64, n: usize) -> Vec<Option<InPos>> {
    let Some(sy) = m.sym.as_deref() else {
        return vec![None; n];
    };
    (0..n)
        .map(|k| {
            let (e, _) = m.mem.byte_sym(p + k as u64)?;
            match sy.byte_input_of(e)? {
                InputOrigin::StdinByte { offset } => Some(InPos::Stdin(*offset)),
                InputOrigin::SourceByte { source, offset } => {
                    let src = m.io.sources.iter().position(|s| s == source)?;
                    Some(InPos::Source {
                        src: src as u32,
                        off: *offset,
                    })
                }
                _ => None,
            }
        })
        .collect()
}

/// The symbolic result of a model that computes over its first argument's expression,
/// given its concrete result `v`; `None` when the result is concrete.
pub(super) fn result_of(sy: &mut SymState, shim: Shim, v: u64) -> Option<ExprId> {
    let arg = sy.args.first().copied().flatten()?;
    match shim {
        Shim::abs | Shim::labs | Shim::llabs => {
            let (bits, sc) = if shim == Shim::abs {
                (32, Scalar::I32)
            } else {
                (64, Scalar::I64)
            };
            let x = sy.narrow(arg, bits);
            let zero = sy.pool.constant(0, bits);
            let neg = sy.pool.cmp(CmpOp::Slt, x, zero);
            let nx = sy.pool.neg(x);
            let r = sy.pool.ite(neg, nx, x);
            Some(sy.widen(r, sc))
        }
        // A character pushed back is the argument itself (EOF when refused).
        Shim::ungetc => (v as u32 != u32::MAX).then_some(arg),
        Shim::isalpha
        | Shim::isdigit
        | Shim::isalnum
        | Shim::isspace
        | Shim::isupper
        | Shim::islower
        | Shim::isprint
        | Shim::ispunct
        | Shim::isxdigit
        | Shim::iscntrl
        | Shim::isgraph
        | Shim::toupper
        | Shim::tolower => {
            let x = sy.narrow(arg, 32);
            let r = ctype(&mut sy.pool, shim, x)?;
            Some(sy.widen(r, Scalar::I32))
        }
        _ => None,
    }
}

/// `lo <= x && x <= hi` on a 32-bit `int`.
fn in_range(p: &mut ExprPool, x: ExprId, lo: u64, hi: u64) -> ExprId {
    let l = p.constant(lo, 32);
    let h = p.constant(hi, 32);
    let a = p.cmp(CmpOp::Sge, x, l);
    let b = p.cmp(CmpOp::Sle, x, h);
    p.bool_and(a, b)
}

/// The character classes and case mappings of the "C" locale over the 32-bit `int` `x`
/// (tokenizers branch on them).
fn ctype(p: &mut ExprPool, s: Shim, x: ExprId) -> Option<ExprId> {
    let upper = in_range(p, x, 65, 90);
    let lower = in_range(p, x, 97, 122);
    let digit = in_range(p, x, 48, 57);
    let alpha = p.bool_or(upper, lower);
    let alnum = p.bool_or(alpha, digit);
    let graph = in_range(p, x, 33, 126);
    let c = match s {
        Shim::isalpha => alpha,
        Shim::isdigit => digit,
        Shim::isalnum => alnum,
        Shim::isupper => upper,
        Shim::islower => lower,
        Shim::isspace => {
            let sp = p.constant(32, 32);
            let is_sp = p.eq(x, sp);
            let ctl = in_range(p, x, 9, 13);
            p.bool_or(is_sp, ctl)
        }
        Shim::isprint => in_range(p, x, 32, 126),
        Shim::isgraph => graph,
        Shim::ispunct => {
            let na = p.negate(alnum);
            p.bool_and(graph, na)
        }
        Shim::isxdigit => {
            let a = in_range(p, x, 97, 102);
            let b = in_range(p, x, 65, 70);
            let ab = p.bool_or(a, b);
            p.bool_or(digit, ab)
        }
        Shim::iscntrl => {
            let a = in_range(p, x, 0, 31);
            let del = p.constant(127, 32);
            let b = p.eq(x, del);
            p.bool_or(a, b)
        }
        Shim::toupper | Shim::tolower => {
            let (cond, delta) = if s == Shim::toupper {
                (lower, 32u64.wrapping_neg())
            } else {
                (upper, 32)
            };
            let d = p.constant(delta & 0xffff_ffff, 32);
            let moved = p.add(x, d);
            return Some(p.ite(cond, moved, x));
        }
        _ => return None,
    };
    Some(p.zext(c, 32))
}

#[cfg(test)]
mod tests {
    use crate::exec::concolic::{InputOrigin, SymState};
    use crate::exec::{run_concolic_checked, Limits, RunInput};

    /// The concolic state of `body` (inside `main`) run on `argv[1]` and `stdin`, with
    /// the self-check on.
    fn run(body: &str, arg1: &str, stdin: &str) -> SymState {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("t.c");
        let src = format!(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <ctype.h>\n#include <unistd.h>\n\
             int main(int argc, char **argv) {{\n{body}\n  return 0;\n}}\n"
        );
        std::fs::write(&f, src).expect("write");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("load");
        let input = RunInput {
            argv: vec![b"t".to_vec(), arg1.as_bytes().to_vec()],
            stdin: stdin.as_bytes().to_vec(),
            ..Default::default()
        };
        let r = run_concolic_checked(&prog, &input, Limits::default(), true);
        assert_eq!(r.sym.check_failure, None, "{body}");
        r.sym
    }

    /// The concolic state of `body` run in a tree holding `data/cfg.ini` (`cfg`) with
    /// the environment `env`, self-check on.
    fn run_in_tree(body: &str, cfg: &[u8], env: &[(&str, &str)]) -> SymState {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("t.c");
        let src = format!(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <fcntl.h>\n\
             #include <unistd.h>\nint main(void) {{\n{body}\n  return 0;\n}}\n"
        );
        std::fs::write(&f, src).expect("write");
        std::fs::create_dir_all(dir.path().join("data")).expect("mkdir");
        std::fs::write(dir.path().join("data/cfg.ini"), cfg).expect("write");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("load");
        let input = RunInput {
            argv: vec![b"t".to_vec()],
            cwd: Some(dir.path().to_path_buf()),
            root: Some(dir.path().to_path_buf()),
            env: env
                .iter()
                .map(|(n, v)| (n.as_bytes().to_vec(), v.as_bytes().to_vec()))
                .collect(),
            ..Default::default()
        };
        let r = run_concolic_checked(&prog, &input, Limits::default(), true);
        assert_eq!(r.sym.check_failure, None, "{body}");
        r.sym
    }

    /// Bytes read from a file of the tree, by each way of reading a file, are inputs
    /// named by path and offset; numbers converted from them are `inK` with the file in
    /// their origin; a branch on them records a condition. Bytes the program wrote
    /// itself are not inputs, and an environment value read by `getenv` is one.
    #[test]
    fn file_and_environment_bytes_become_symbolic_inputs() {
        use crate::exec::InputSource;
        let file = |o: &InputOrigin, at: usize| {
            *o == InputOrigin::SourceByte {
                source: InputSource::File("data/cfg.ini".into()),
                offset: at,
            }
        };
        let open = "FILE *f = fopen(\"data/cfg.ini\", \"r\"); if (!f) return 1;";
        type Check = fn(&InputOrigin) -> bool;
        let cases: Vec<(String, Check)> = vec![
            (
                format!("{open} int c = fgetc(f); c = getc(f); if (c == 'b') puts(\"b\");"),
                |o| {
                    *o == InputOrigin::SourceByte {
                        source: InputSource::File("data/cfg.ini".into()),
                        offset: 1,
                    }
                },
            ),
            (
                format!("{open} char l[16]; fgets(l, 16, f); if (l[2] == 'c') puts(\"c\");"),
                |o| {
                    *o == InputOrigin::SourceByte {
                        source: InputSource::File("data/cfg.ini".into()),
                        offset: 2,
                    }
                },
            ),
            (
                format!("{open} char b[8]; fread(b, 1, 8, f); if (b[3] == '=') puts(\"eq\");"),
                |o| matches!(o, InputOrigin::SourceByte { offset: 3, .. }),
            ),
            (
                format!(
                    "{open} char *l = 0; size_t n = 0; getline(&l, &n, f); \
                     if (l[0] == 'a') puts(\"a\"); free(l);"
                ),
                |o| matches!(o, InputOrigin::SourceByte { offset: 0, .. }),
            ),
            (
                "int fd = open(\"data/cfg.ini\", O_RDONLY); char b[4]; read(fd, b, 4); \
                 if (b[1] == 'b') puts(\"b\");"
                    .to_string(),
                |o| matches!(o, InputOrigin::SourceByte { offset: 1, .. }),
            ),
            (
                format!("{open} char k[8]; int v; fscanf(f, \"%7[a-z]=%d\", k, &v); if (v > 40) puts(\"big\");"),
                |o| {
                    matches!(o, InputOrigin::SourceScan { conv: b'd', source: InputSource::File(p), range: (4, 6) } if p == "data/cfg.ini")
                },
            ),
            (
                format!("{open} char l[16]; fgets(l, 16, f); if (atoi(l + 4) == 42) puts(\"42\");"),
                |o| matches!(o, InputOrigin::SourceScan { range: (4, 6), .. }),
            ),
            (
                "const char *h = getenv(\"MODE\"); if (h && h[0] == 'f') puts(\"fast\");"
                    .to_string(),
                |o| {
                    *o == InputOrigin::SourceByte {
                        source: InputSource::Env("MODE".into()),
                        offset: 0,
                    }
                },
            ),
            (
                "if (atoi(getenv(\"N\")) > 3) puts(\"many\");".to_string(),
                |o| matches!(o, InputOrigin::SourceScan { source: InputSource::Env(n), range: (0, 1), .. } if n == "N"),
            ),
        ];
        for (body, origin) in &cases {
            let sy = run_in_tree(body, b"abc=42\nx=1\n", &[("MODE", "fast"), ("N", "7")]);
            assert!(
                sy.inputs.iter().any(|i| origin(&i.origin)),
                "{body}: inputs {:?}",
                sy.inputs
            );
            assert!(!sy.branches.is_empty(), "{body}: no branch recorded");
        }
        assert!(file(
            &run_in_tree(&cases[0].0, b"abc", &[]).inputs[0].origin,
            0
        ));
        // A file the program wrote itself is not an input, nor are bytes it overwrote
        // in a file of the tree; an unset variable stays unset.
        let sy = run_in_tree(
            "FILE *w = fopen(\"out.txt\", \"w\"); fputs(\"xyz\", w); fclose(w); \
             FILE *r = fopen(\"out.txt\", \"r\"); if (fgetc(r) == 'x') puts(\"x\"); \
             FILE *f = fopen(\"data/cfg.ini\", \"r+\"); fputc('Q', f); rewind(f); \
             if (fgetc(f) == 'Q') puts(\"Q\"); if (fgetc(f) == 'b') puts(\"b\"); \
             if (getenv(\"UNSET\") == 0) puts(\"unset\");",
            b"abc",
            &[],
        );
        let names: Vec<&str> = sy.inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["file(data/cfg.ini)[1]"], "{:?}", sy.inputs);
        // Only the first FILE_SYMBOLIC_BYTES of a file are inputs.
        let big = vec![b'a'; crate::exec::FILE_SYMBOLIC_BYTES + 16];
        let sy = run_in_tree(
            &format!(
                "{open} fseek(f, {}, SEEK_SET); if (fgetc(f) == 'a') puts(\"a\"); \
                 fseek(f, 7, SEEK_SET); if (fgetc(f) == 'a') puts(\"a\");",
                crate::exec::FILE_SYMBOLIC_BYTES + 4
            ),
            &big,
            &[],
        );
        let names: Vec<&str> = sy.inputs.iter().map(|i| i.name.as_str()).collect();
        assert_eq!(names, ["file(data/cfg.ini)[7]"], "{:?}", sy.inputs);
    }

    /// Each input effect a library model reports makes a symbolic input of the right
    /// origin, and a branch on the value the program got records a condition.
    #[test]
    fn library_input_effects_become_symbolic_inputs() {
        type Check = fn(&InputOrigin) -> bool;
        let cases: &[(&str, &str, &str, Check)] = &[
            (
                "int n; scanf(\"%d\", &n); if (n > 5) puts(\"big\");",
                "",
                "17",
                |o| {
                    matches!(
                        o,
                        InputOrigin::Scan {
                            conv: b'd',
                            stdin: Some((0, 2))
                        }
                    )
                },
            ),
            (
                "int c = getchar(); if (c == 'a') puts(\"a\");",
                "",
                "ab",
                |o| *o == InputOrigin::StdinByte { offset: 0 },
            ),
            (
                "char l[8]; fgets(l, 8, stdin); if (l[1] == 'b') puts(\"b\");",
                "",
                "ab\n",
                |o| *o == InputOrigin::StdinByte { offset: 1 },
            ),
            (
                "char b[4]; read(0, b, 4); if (b[2] == 'z') puts(\"z\");",
                "",
                "xyz",
                |o| *o == InputOrigin::StdinByte { offset: 2 },
            ),
            ("if (atoi(argv[1]) > 3) puts(\"many\");", "42", "", |o| {
                *o == InputOrigin::Arg { index: 1, base: 10 }
            }),
            (
                "char l[16]; int k; fgets(l, 16, stdin); sscanf(l, \"%d\", &k); \
                 if (k < 0) puts(\"neg\");",
                "",
                "  -12\n",
                |o| {
                    matches!(
                        o,
                        InputOrigin::Scan {
                            stdin: Some((2, 5)),
                            ..
                        }
                    )
                },
            ),
            (
                "if (abs(getchar() - 'm') > 2) puts(\"far\");",
                "",
                "a",
                |o| *o == InputOrigin::StdinByte { offset: 0 },
            ),
            ("if (isdigit(getchar())) puts(\"digit\");", "", "5", |o| {
                *o == InputOrigin::StdinByte { offset: 0 }
            }),
            (
                "if (toupper(ungetc(getchar(), stdin)) == 'Q') puts(\"q\");",
                "",
                "q",
                |o| *o == InputOrigin::StdinByte { offset: 0 },
            ),
        ];
        for (body, arg1, stdin, origin) in cases {
            let sy = run(body, arg1, stdin);
            assert!(
                sy.inputs.iter().any(|i| origin(&i.origin)),
                "{body}: inputs {:?}",
                sy.inputs
            );
            assert!(!sy.branches.is_empty(), "{body}: no branch recorded");
        }
        // A float read by scanf stays concrete, and the run says so.
        let sy = run(
            "double d; scanf(\"%lf\", &d); if (d > 1) puts(\"x\");",
            "",
            "2.5",
        );
        assert!(sy.branches.is_empty());
        assert!(
            sy.concretisations
                .iter()
                .any(|c| c.what.contains("floating-point")),
            "{:?}",
            sy.concretisations
        );
    }
}
