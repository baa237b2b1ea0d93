//! `long double` in expressions. Its values are 80-bit, wider than a register, so they
//! live in memory like struct values (`Val::Agg(address, long double)`): a variable is
//! its own storage, every computed value a fresh 16-byte temporary local, a constant a
//! read-only global; `ir::LdStmt` statements compute on those addresses. A scalar
//! operand is stored into the temporary and converted there; a result wanted as a
//! scalar (a conversion, a comparison, a condition) is written to a temporary and
//! loaded.

use lang_c::ast::*;
use lang_c::span::{Node, Span};

use super::expr::{bin_of, Val};
use super::types::{int_t, ld_t};
use super::{Cx, R};
use crate::ir::arith::{ld_binop, ld_to_scalar, scalar_to_ld, LdResult};
use crate::ir::*;
use crate::libc::f80::F80;
use crate::libc::strtold::strtold_like;

/// The size and alignment of a `long double` object.
pub(crate) const LD_SIZE: u32 = 16;

impl<'u> Cx<'u> {
    /// A fresh 16-byte temporary for a `long double` value: its address. It has no
    /// `StorageLive` (its first `AddrLocal` allocates it): every use writes it before
    /// reading it, so a loop need not mark it uninitialised again at each pass.
    fn ld_temp(&mut self, loc: Loc) -> Operand {
        let l = self.new_local("<long double>".into(), LD_SIZE, LD_SIZE, loc);
        // gcc keeps such intermediate values on the x87 register stack, not in the
        // frame: they do not count towards the native stack estimate.
        let f = &mut self.fs().f;
        f.frame_bytes = f.frame_bytes.saturating_sub(LD_SIZE);
        self.assign(Rvalue::AddrLocal(l), loc)
    }

    fn ld_emit(&mut self, op: LdOp, dst: Operand, a: Operand, b: Option<Operand>, loc: Loc) {
        let st = LdStmt { op, dst, a, b };
        self.emit(StmtKind::LongDouble(Box::new(st)), loc);
    }

    /// A constant: the address of a read-only global holding it.
    pub fn ld_const(&mut self, v: F80, loc: Loc) -> Operand {
        let mut init = v.to_bytes().to_vec();
        init.resize(LD_SIZE as usize, 0);
        let g = self.add_global(Global {
            name: "<long double constant>".into(),
            size: LD_SIZE,
            align: LD_SIZE,
            init,
            relocs: Vec::new(),
            read_only: true,
            loc,
            init_locs: Vec::new(),
        });
        self.assign(Rvalue::AddrGlobal(g), loc)
    }

    /// The value of a floating constant with an `L` suffix, correctly rounded.
    pub fn ld_literal(&mut self, f: &Float, span: Span) -> R<F80> {
        let text = match f.base {
            FloatBase::Decimal => f.number.to_string(),
            FloatBase::Hexadecimal if f.number.starts_with("0x") || f.number.starts_with("0X") => {
                f.number.to_string()
            }
            FloatBase::Hexadecimal => format!("0x{}", f.number),
        };
        let p = strtold_like(text.as_bytes());
        if p.consumed != text.len() {
            return self.error(span, format!("malformed floating constant `{}`", f.number));
        }
        Ok(p.value)
    }

    /// An arithmetic value as the address of a `long double`: its own address when it is
    /// one, else a temporary it is converted into.
    pub fn ld_operand(&mut self, v: Val, span: Span) -> R<Operand> {
        let loc = self.loc(span);
        match v {
            Val::Agg(a, t) if t.is_long_double() => Ok(a),
            Val::S(o, t) if t.is_arith() => {
                let s = t.scalar().unwrap_or(Scalar::I32);
                if let Operand::Const(c) = o {
                    return Ok(self.ld_const(scalar_to_ld(c, s), loc));
                }
                let tmp = self.ld_temp(loc);
                self.emit(
                    StmtKind::Store {
                        addr: tmp,
                        val: o,
                        ty: s,
                    },
                    loc,
                );
                self.ld_emit(LdOp::From(s), tmp, tmp, None, loc);
                Ok(tmp)
            }
            _ => self.error(span, "invalid operand where a long double is expected"),
        }
    }

    /// The `long double` at `a` converted to the scalar type `to`.
    pub fn ld_scalar(&mut self, a: Operand, to: &TypeRef, span: Span) -> R<Operand> {
        let loc = self.loc(span);
        if to.is_bool() {
            return Ok(self.ld_truth(a, loc));
        }
        let Some(s) = to.scalar() else {
            return self.error(span, "conversion of a long double to a non-scalar type");
        };
        if s == Scalar::Ptr {
            return self.error(span, "conversion of a long double to a pointer");
        }
        let tmp = self.ld_temp(loc);
        self.ld_emit(LdOp::To(s), tmp, a, None, loc);
        Ok(self.assign(Rvalue::Load(tmp, s), loc))
    }

    /// `a != 0` as an `int` register.
    pub fn ld_truth(&mut self, a: Operand, loc: Loc) -> Operand {
        let zero = self.ld_const(F80::ZERO, loc);
        self.ld_compare(BinOp::Ne, a, zero, loc)
    }

    fn ld_compare(&mut self, op: BinOp, a: Operand, b: Operand, loc: Loc) -> Operand {
        let tmp = self.ld_temp(loc);
        self.ld_emit(LdOp::Bin(op), tmp, a, Some(b), loc);
        self.assign(Rvalue::Load(tmp, Scalar::I32), loc)
    }

    /// A value converted to type `to`, either of them `long double` or both scalars.
    pub fn convert_val(&mut self, v: Val, to: &TypeRef, span: Span) -> R<Val> {
        if to.is_void() {
            return Ok(Val::Void);
        }
        if to.is_long_double() {
            let a = self.ld_operand(v, span)?;
            return Ok(Val::Agg(a, ld_t()));
        }
        match v {
            Val::Agg(a, t) if t.is_long_double() => {
                Ok(Val::S(self.ld_scalar(a, to, span)?, to.clone()))
            }
            Val::S(o, t) => Ok(Val::S(self.convert(o, &t, to, span)?, to.clone())),
            _ => self.error(span, "conversion of a non-scalar value"),
        }
    }

    /// Whether a value is a `long double`.
    pub fn is_ld_val(v: &Val) -> bool {
        matches!(v, Val::Agg(_, t) if t.is_long_double())
    }

    /// `a op b` where either operand is a `long double` (the other converted to it):
    /// a new `long double` for `+ - * /`, an `int` for comparisons.
    pub fn ld_arith(&mut self, op: BinOp, a: Val, b: Val, span: Span) -> R<Val> {
        let loc = self.loc(span);
        if !matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div) && !op.is_comparison() {
            return self.error(
                span,
                format!("invalid operands to `{}` (floating)", op.c_symbol()),
            );
        }
        let x = self.ld_operand(a, span)?;
        let y = self.ld_operand(b, span)?;
        if op.is_comparison() {
            return Ok(Val::S(self.ld_compare(op, x, y, loc), int_t()));
        }
        let tmp = self.ld_temp(loc);
        self.ld_emit(LdOp::Bin(op), tmp, x, Some(y), loc);
        Ok(Val::Agg(tmp, ld_t()))
    }

    /// `-a` for a `long double` at `a`.
    pub fn ld_negate(&mut self, a: Operand, loc: Loc) -> Val {
        let tmp = self.ld_temp(loc);
        self.ld_emit(LdOp::Neg, tmp, a, None, loc);
        Val::Agg(tmp, ld_t())
    }

    /// A copy of the `long double` at `a` (the old value of `x++`).
    pub fn ld_copy(&mut self, a: Operand, loc: Loc) -> Operand {
        let tmp = self.ld_temp(loc);
        self.emit(
            StmtKind::Copy {
                dst: tmp,
                src: a,
                size: LD_SIZE,
            },
            loc,
        );
        tmp
    }

    /// Store `v` (converted) into the `long double` object at `dst`; the value of the
    /// assignment is the object.
    pub fn ld_assign(&mut self, dst: Operand, v: Val, span: Span, loc: Loc) -> R<Val> {
        let src = self.ld_operand(v, span)?;
        self.emit(
            StmtKind::Copy {
                dst,
                src,
                size: LD_SIZE,
            },
            loc,
        );
        Ok(Val::Agg(dst, ld_t()))
    }

    /// A constant expression of a static `long double` initialiser, evaluated in 80-bit
    /// arithmetic: floating constants, casts, unary `-`/`+` and `+ - * /`; any other
    /// constant expression is evaluated as usual and converted.
    pub fn const_ld(&mut self, e: &Node<Expression>) -> R<F80> {
        if !self.type_of_expr(e)?.is_long_double() {
            return self.const_scalar_ld(e);
        }
        match &e.node {
            Expression::Constant(c) => {
                if let Constant::Float(f) = &c.node {
                    return self.ld_literal(f, c.span);
                }
            }
            Expression::Cast(c) => {
                let to = self.type_name(&c.node.type_name)?;
                if to.is_long_double() {
                    return self.const_ld(&c.node.expression);
                }
            }
            Expression::UnaryOperator(u) => match u.node.operator.node {
                UnaryOperator::Minus => return Ok(self.const_ld(&u.node.operand)?.negate()),
                UnaryOperator::Plus => return self.const_ld(&u.node.operand),
                _ => {}
            },
            Expression::BinaryOperator(b) => {
                let op = bin_of(&b.node.operator.node)
                    .filter(|o| matches!(o, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div));
                // (`bin_of` maps `a += b` too: its left side is never a constant.)
                if let Some(op) = op {
                    let x = self.const_ld(&b.node.lhs)?;
                    let y = self.const_ld(&b.node.rhs)?;
                    if let LdResult::Value(v) = ld_binop(op, x, y) {
                        return Ok(v);
                    }
                }
            }
            _ => {}
        }
        self.unsupported(e.span, "this long double constant expression")
    }

    /// A constant expression of another arithmetic type, converted to `long double`.
    fn const_scalar_ld(&mut self, e: &Node<Expression>) -> R<F80> {
        match self.const_eval(e)? {
            super::consteval::CVal::Num(bits, t) if t.is_arith() => {
                Ok(scalar_to_ld(bits, t.scalar().unwrap_or(Scalar::I64)))
            }
            _ => self.unsupported(e.span, "this long double constant expression"),
        }
    }

    /// After `const_eval` of `e` failed with `err` (having recorded the diagnostics
    /// past the first `before`): when `e` is a `long double` expression, its value
    /// converted to the arithmetic type `to` (those diagnostics withdrawn), else `err`.
    pub fn const_converted_ld(
        &mut self,
        e: &Node<Expression>,
        to: &TypeRef,
        err: super::Abort,
        before: usize,
    ) -> R<super::consteval::CVal> {
        if !self.failed_on_ld(e, before) {
            return Err(err);
        }
        let v = self.const_from_ld(e, to)?;
        Ok(super::consteval::CVal::Num(v, to.clone()))
    }

    /// After a failed `const_eval` (diagnostics recorded past `before`): whether `e` is a
    /// `long double` expression, the failure's diagnostics withdrawn when it is.
    fn failed_on_ld(&mut self, e: &Node<Expression>, before: usize) -> bool {
        let n = self.diags.len();
        let is_ld = self.type_of_expr(e).is_ok_and(|t| t.is_long_double());
        self.diags.truncate(if is_ld { before.min(n) } else { n });
        is_ld
    }

    /// The truth of a `long double` condition in a constant expression, after the
    /// ordinary evaluation of `e` failed with `err`.
    pub fn const_ld_truth(
        &mut self,
        e: &Node<Expression>,
        err: super::Abort,
        before: usize,
    ) -> R<bool> {
        if !self.failed_on_ld(e, before) {
            return Err(err);
        }
        let v = self.const_ld(e)?;
        Ok(matches!(
            ld_binop(BinOp::Ne, v, F80::ZERO),
            LdResult::Truth(1)
        ))
    }

    /// A comparison with a `long double` operand in a constant expression, after its
    /// ordinary evaluation failed with `err`.
    pub fn const_ld_compare(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        err: super::Abort,
        before: usize,
    ) -> R<super::consteval::CVal> {
        let Some(op) = bin_of(&b.node.operator.node).filter(|o| o.is_comparison()) else {
            return Err(err);
        };
        if !self.failed_on_ld(&b.node.lhs, before) && !self.failed_on_ld(&b.node.rhs, before) {
            return Err(err);
        }
        let x = self.const_ld(&b.node.lhs)?;
        let y = self.const_ld(&b.node.rhs)?;
        let truth = match ld_binop(op, x, y) {
            LdResult::Truth(t) => t,
            LdResult::Value(_) => 0,
        };
        Ok(super::consteval::CVal::Num(truth, int_t()))
    }

    /// A static initialiser of a scalar object whose expression is a `long double`
    /// constant expression: its canonical bits.
    fn const_from_ld(&mut self, e: &Node<Expression>, to: &TypeRef) -> R<u64> {
        let v = self.const_ld(e)?;
        if to.is_bool() {
            return Ok(u64::from(!matches!(
                ld_binop(BinOp::Eq, v, F80::ZERO),
                LdResult::Truth(1)
            )));
        }
        match to.scalar() {
            Some(s) if s.is_float() => Ok(ld_to_scalar(v, s)),
            Some(s) if s != Scalar::Ptr => Ok(crate::ir::arith::ld_fold_to_int(v, s)),
            _ => self.error(e.span, "invalid initializer from a long double"),
        }
    }
}
