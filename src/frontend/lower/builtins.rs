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
