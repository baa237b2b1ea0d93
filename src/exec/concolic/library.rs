//! What library calls mean symbolically: the input effects the models report through
//! the hooks (`Hooks::input_*`) become symbolic inputs, and the results of the models
//! that compute over an input-derived argument (`abs`, `ctype.h`, `ungetc`) become
//! expressions over it. The models themselves know nothing of the symbolic state.

use super::{InputOrigin, SymState};
use crate::exec::hooks::{Parsed, Scanned};
use crate::exec::interp::Machine;
use crate::exec::memory::{self, AllocKind, MemFault};
use crate::exec::shims::Shim;
use crate::ir::{Loc, Scalar};
use crate::libc::strconv;
use crate::sym::{CmpOp, ExprId, ExprPool};

/// Bytes at `p` that came from stdin become the input bytes `stdin[offset]`.
pub(super) fn input_bytes(
    m: &mut Machine,
    p: u64,
    bytes: &[u8],
    offsets: &[Option<usize>],
    loc: Loc,
) -> Result<(), MemFault> {
    let Some(sy) = m.sym.as_deref_mut() else {
        return Ok(());
    };
    let mut marks = Vec::new();
    for (k, (b, off)) in bytes.iter().zip(offsets).enumerate() {
        if let Some(o) = off {
            marks.push((k, sy.stdin_byte(*o, *b, loc)));
        }
    }
    for (k, e) in marks {
        m.mem.set_byte_sym(p + k as u64, e)?;
    }
    Ok(())
}

/// The call's `int` result is the stdin byte at `offset`.
pub(super) fn input_char(m: &mut Machine, offset: usize, byte: u8, loc: Loc) {
    if let Some(sy) = m.sym.as_deref_mut() {
        let e = sy.stdin_byte(offset, byte, loc);
        let i = sy.pool.zext(e, 32);
        sy.ret = Some(sy.widen(i, Scalar::I32));
    }
}

/// A numeric conversion of stdin text: a new symbolic input, stored where `scanf` put it.
pub(super) fn input_scanned(m: &mut Machine, scan: &Scanned, loc: Loc) -> Result<(), MemFault> {
    let Some(sy) = m.sym.as_deref_mut() else {
        return Ok(());
    };
    let name = sy.next_numeric_name();
    let origin = InputOrigin::Scan {
        conv: scan.conv,
        stdin: Some(scan.stdin),
    };
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
                .all(|(k, o)| *o == Some(first + k))
            {
                sy.concretise(loc, "number parsed from scattered input bytes");
                return;
            }
            InputOrigin::Scan {
                conv: b'd',
                stdin: Some((first, first + digits.len())),
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

/// Stdin offsets of the `n` bytes at `p` (from their symbolic shadows).
pub(super) fn input_offsets(m: &Machine, p: u64, n: usize) -> Vec<Option<usize>> {
    let Some(sy) = m.sym.as_deref() else {
        return vec![None; n];
    };
    (0..n)
        .map(|k| {
            let (e, _) = m.mem.byte_sym(p + k as u64)?;
            sy.stdin_offset_of(e)
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
