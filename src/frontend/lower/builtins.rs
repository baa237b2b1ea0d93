//! GCC built-in functions that real programs call: hints (`__builtin_expect`),
//! `__builtin_unreachable`, bit counting (`popcount`, `clz`, `ctz`, `ffs`, `parity`),
//! byte swaps, and the `__builtin_` spellings of library functions (`__builtin_abs`,
//! `__builtin_memcpy`, ...), which call the library model with its real prototype.
//!
//! Bit counting is lowered to straight-line shifts, masks and one multiply (the SWAR
//! population count) so that the interpreter and the symbolic engine need nothing new.

use std::rc::Rc;

use lang_c::ast::{CallExpression, Expression};
use lang_c::span::{Node, Span};

use super::consteval::CVal;
use super::expr::Val;
use super::types::{int_t, long_t};
use super::{Cx, R};
use crate::ir::*;

/// What a `__builtin_` call lowers to.
pub(crate) enum Builtin {
    /// Its value (already computed).
    Val(Val),
    /// A call of this library function, with its real prototype.
    Call(FuncId, Rc<FuncType>),
}

/// Operand width of a bit-counting built-in from its suffix: `` 32, `l`/`ll` 64.
fn width_of(suffix: &str) -> Option<u32> {
    match suffix {
        "" => Some(32),
        "l" | "ll" => Some(64),
        _ => None,
    }
}

impl<'u> Cx<'u> {
    /// Lower a call of an undeclared `__builtin_*` name; `None` if `name` is not one.
    pub fn builtin_call(
        &mut self,
        name: &str,
        c: &Node<CallExpression>,
        span: Span,
    ) -> R<Option<Builtin>> {
        let Some(base) = name.strip_prefix("__builtin_") else {
            return Ok(None);
        };
        let loc = self.loc(span);
        let args = &c.node.arguments;
        let nargs = |cx: &mut Self, n: usize| -> R<()> {
            if args.len() == n {
                Ok(())
            } else {
                cx.error(span, format!("`{name}` takes {n} argument(s)"))
            }
        };
        if let Some(v) = self.va_builtin(base, c, span)? {
            return Ok(Some(Builtin::Val(v)));
        }
        if let Some(CVal::Num(bits, t)) = self.float_builtin(name, c, span)? {
            return Ok(Some(Builtin::Val(Val::S(Operand::Const(bits), t))));
        }
        match base {
            "expect" | "expect_with_probability" => {
                nargs(self, if base == "expect" { 2 } else { 3 })?;
                // Arguments right to left like any call; the hint is evaluated too.
                for a in args.iter().skip(1).rev() {
                    self.expr_discard(a)?;
                }
                let (v, t) = self.scalar_rvalue(&args[0])?;
                let v = self.convert(v, &t, &long_t(), args[0].span)?;
                Ok(Some(Builtin::Val(Val::S(v, long_t()))))
            }
            "unreachable" => {
                nargs(self, 0)?;
                // Reaching it is undefined behaviour: the interpreter stops there.
                self.terminate(Terminator::Unreachable, loc);
                Ok(Some(Builtin::Val(Val::Void)))
            }
            _ => {
                for (prefix, op) in [
                    ("popcount", BitOp::Popcount),
                    ("clz", BitOp::Clz),
                    ("ctz", BitOp::Ctz),
                    ("ffs", BitOp::Ffs),
                    ("parity", BitOp::Parity),
                ] {
                    if let Some(w) = base.strip_prefix(prefix).and_then(width_of) {
                        nargs(self, 1)?;
                        let v = self.bit_builtin(op, w, &args[0], loc)?;
                        return Ok(Some(Builtin::Val(Val::S(v, int_t()))));
                    }
                }
                if let Some(bits) = base.strip_prefix("bswap") {
                    let (w, s) = match bits {
                        "16" => (2, Scalar::U16),
                        "32" => (4, Scalar::U32),
                        "64" => (8, Scalar::U64),
                        _ => return self.unsupported(span, format!("GCC built-in `{name}`")),
                    };
                    nargs(self, 1)?;
                    let (v, t) = self.scalar_rvalue(&args[0])?;
                    let ty = Rc::new(Type::int(w, false));
                    let v = self.convert(v, &t, &ty, args[0].span)?;
                    let r = self.bswap(v, w as u32, loc);
                    let r = self.assign(
                        Rvalue::Cast {
                            from: Scalar::U64,
                            to: s,
                            val: r,
                        },
                        loc,
                    );
                    return Ok(Some(Builtin::Val(Val::S(r, ty))));
                }
                if let Some(ft) = super::implicit::builtin_libc_prototype(base) {
                    let ft = Rc::new(ft);
                    let id = self.declare_func(base, ft.clone(), false, loc);
                    self.note_func_use(FuncId::new(id.raw()), span);
                    return Ok(Some(Builtin::Call(id, ft)));
                }
                self.unsupported(span, format!("GCC built-in `{name}`"))
            }
        }
    }

    /// gcc's constant floating built-ins (`<math.h>`'s `NAN`, `INFINITY`, `HUGE_VAL`):
    /// `__builtin_nan`, `__builtin_inf` and `__builtin_huge_val` with their `f`
    /// suffixes, as the constant they fold to; `None` if `name` is not one.
    pub(crate) fn float_builtin(
        &mut self,
        name: &str,
        c: &Node<CallExpression>,
        span: Span,
    ) -> R<Option<CVal>> {
        let Some(base) = name.strip_prefix("__builtin_") else {
            return Ok(None);
        };
        let (kind, float) = match base {
            "nan" | "nanf" => ("nan", base.ends_with('f')),
            "inf" | "inff" => ("inf", base.ends_with('f')),
            "huge_val" | "huge_valf" => ("inf", base.ends_with('f')),
            "nanl" | "infl" | "huge_vall" | "nans" | "nansf" | "nansl" => {
                return self.unsupported(span, format!("GCC built-in `{name}`"))
            }
            _ => return Ok(None),
        };
        let args = &c.node.arguments;
        let want = usize::from(kind == "nan");
        if args.len() != want {
            return self.error(span, format!("`{name}` takes {want} argument(s)"));
        }
        let payload = if kind == "nan" {
            let Expression::StringLiteral(lit) = &args[0].node else {
                return self.unsupported(
                    span,
                    format!("`{name}` of something other than a string literal"),
                );
            };
            let bytes = self.string_bytes(&lit.node, lit.span)?;
            match nan_payload(&bytes[..bytes.len().saturating_sub(1)]) {
                Some(p) => Some(p),
                None => {
                    return self.unsupported(
                        span,
                        format!("`{name}` with a payload that is not a number"),
                    )
                }
            }
        } else {
            None
        };
        // Quiet NaNs with the payload in the low mantissa bits, positive; infinities.
        Ok(Some(match (payload, float) {
            (Some(p), true) => CVal::Num(
                u64::from(0x7fc0_0000 | (p as u32 & 0x003f_ffff)),
                Rc::new(Type::Float),
            ),
            (Some(p), false) => CVal::Num(
                0x7ff8_0000_0000_0000 | (p & 0x0007_ffff_ffff_ffff),
                super::types::double_t(),
            ),
            (None, true) => CVal::Num(u64::from(f32::INFINITY.to_bits()), Rc::new(Type::Float)),
            (None, false) => CVal::Num(f64::INFINITY.to_bits(), super::types::double_t()),
        }))
    }

    fn bin64(&mut self, op: BinOp, a: Operand, b: Operand, loc: Loc) -> Operand {
        self.assign(Rvalue::Bin(op, Scalar::U64, a, b), loc)
    }

    /// The number of set bits of a 64-bit value (SWAR: sums of 2, 4, 8 bits, then a
    /// multiply adds the eight byte counts into the top byte).
    fn popcount64(&mut self, x: Operand, loc: Loc) -> Operand {
        use BinOp::*;
        let k = Operand::Const;
        let t = self.bin64(Shr, x, k(1), loc);
        let t = self.bin64(And, t, k(0x5555_5555_5555_5555), loc);
        let x = self.bin64(Sub, x, t, loc);
        let a = self.bin64(And, x, k(0x3333_3333_3333_3333), loc);
        let b = self.bin64(Shr, x, k(2), loc);
        let b = self.bin64(And, b, k(0x3333_3333_3333_3333), loc);
        let x = self.bin64(Add, a, b, loc);
        let t = self.bin64(Shr, x, k(4), loc);
        let x = self.bin64(Add, x, t, loc);
        let x = self.bin64(And, x, k(0x0f0f_0f0f_0f0f_0f0f), loc);
        let x = self.bin64(Mul, x, k(0x0101_0101_0101_0101), loc);
        self.bin64(Shr, x, k(56), loc)
    }

    /// Stop with a fault when `x` is zero (clz and ctz of zero are undefined).
    fn stop_if_zero(&mut self, x: Operand, loc: Loc) {
        let z = self.new_block();
        let nz = self.new_block();
        let term = Terminator::Branch {
            cond: x,
            ty: Scalar::U64,
            then_bb: nz,
            else_bb: z,
        };
        self.terminate(term, loc);
        self.switch_to(z);
        self.terminate(Terminator::Unreachable, loc);
        self.switch_to(nz);
    }

    fn bit_builtin(
        &mut self,
        op: BitOp,
        width: u32,
        arg: &Node<Expression>,
        loc: Loc,
    ) -> R<Operand> {
        use BinOp::*;
        let k = Operand::Const;
        let (v, t) = self.scalar_rvalue(arg)?;
        let ty = Rc::new(Type::int(width as u8 / 8, false));
        let v = self.convert(v, &t, &ty, arg.span)?;
        // Canonical unsigned values are zero-extended: the 64-bit sequences apply.
        let r = match op {
            BitOp::Popcount => self.popcount64(v, loc),
            BitOp::Parity => {
                let p = self.popcount64(v, loc);
                self.bin64(And, p, k(1), loc)
            }
            BitOp::Ctz => {
                self.stop_if_zero(v, loc);
                // Bits below the lowest set bit: (x & -x) - 1.
                let neg = self.bin64(Sub, k(0), v, loc);
                let low = self.bin64(And, v, neg, loc);
                let m = self.bin64(Sub, low, k(1), loc);
                self.popcount64(m, loc)
            }
            BitOp::Ffs => {
                // x ^ (x - 1) has the lowest set bit and all below it; 0 for x == 0.
                let m1 = self.bin64(Sub, v, k(1), loc);
                let m = self.bin64(Xor, v, m1, loc);
                let n = self.popcount64(m, loc);
                let nz = self.assign(Rvalue::Bin(Ne, Scalar::U64, v, k(0)), loc);
                self.bin64(Mul, n, nz, loc)
            }
            BitOp::Clz => {
                self.stop_if_zero(v, loc);
                // Smear the highest set bit down; its position + 1 is the popcount.
                let mut x = v;
                for s in [1, 2, 4, 8, 16, 32] {
                    let t = self.bin64(Shr, x, k(s), loc);
                    x = self.bin64(Or, x, t, loc);
                }
                let len = self.popcount64(x, loc);
                self.bin64(Sub, k(width as u64), len, loc)
            }
        };
        Ok(self.assign(
            Rvalue::Cast {
                from: Scalar::U64,
                to: Scalar::I32,
                val: r,
            },
            loc,
        ))
    }

    /// Reverse the `bytes` low bytes of a zero-extended value.
    fn bswap(&mut self, v: Operand, bytes: u32, loc: Loc) -> Operand {
        use BinOp::*;
        let k = Operand::Const;
        let mut acc = k(0);
        for i in 0..bytes {
            let b = self.bin64(Shr, v, k(8 * i as u64), loc);
            let b = self.bin64(And, b, k(0xff), loc);
            let b = self.bin64(Shl, b, k(8 * (bytes - 1 - i) as u64), loc);
            acc = self.bin64(Or, acc, b, loc);
        }
        acc
    }
}

#[derive(Clone, Copy)]
enum BitOp {
    Popcount,
    Clz,
    Ctz,
    Ffs,
    Parity,
}

/// The payload `__builtin_nan("text")` gives, as glibc's `strtod("NAN(text)")` reads
/// it: empty is 0, else a whole decimal, octal (leading 0) or hex (0x) number.
fn nan_payload(text: &[u8]) -> Option<u64> {
    let s = std::str::from_utf8(text).ok()?;
    if s.is_empty() {
        return Some(0);
    }
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else if s.len() > 1 && s.starts_with('0') {
        u64::from_str_radix(&s[1..], 8).ok()
    } else {
        s.parse().ok()
    }
}

#[cfg(test)]
mod float_tests {
    use super::nan_payload;

    #[test]
    fn nan_payloads_read_as_strtod_does() {
        assert_eq!(nan_payload(b""), Some(0));
        assert_eq!(nan_payload(b"12"), Some(12));
        assert_eq!(nan_payload(b"0x1f"), Some(31));
        assert_eq!(nan_payload(b"017"), Some(15));
        assert_eq!(nan_payload(b"abc"), None);
    }
}
