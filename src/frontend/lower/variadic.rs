//! Variadic function definitions: `va_start`, `va_arg`, `va_end`, `va_copy`.
//!
//! regcause's `va_list` is a `char *` into the function's argument area (see
//! `ir::Function::va_area`), where every argument past the named ones takes a 16-byte
//! slot (its value, then its kind for the `v*printf` models): `va_arg(ap, T)` reads a
//! `T` at `ap` and advances `ap` by 16. A `long double` takes two slots (its tag, then
//! its 16 bytes). Reading past the last argument is an out-of-bounds read of that area
//! (natively, garbage).

use std::rc::Rc;

use lang_c::ast::{CallExpression, VaArgExpression};
use lang_c::span::{Node, Span};

use super::expr::Val;
use super::{Cx, R};
use crate::ir::*;

impl<'u> Cx<'u> {
    /// `__builtin_va_start(ap, last)`, `__builtin_va_end(ap)`, `__builtin_va_copy(d, s)`;
    /// `None` for other names.
    pub fn va_builtin(
        &mut self,
        base: &str,
        c: &Node<CallExpression>,
        span: Span,
    ) -> R<Option<Val>> {
        let args = &c.node.arguments;
        let loc = self.loc(span);
        let want = match base {
            "va_start" => 2,
            "va_end" => 1,
            "va_copy" => 2,
            _ => return Ok(None),
        };
        if args.len() != want {
            return self.error(span, format!("`__builtin_{base}` takes {want} arguments"));
        }
        match base {
            "va_start" => {
                let Some(area) = self.f.as_ref().and_then(|f| f.f.va_area) else {
                    return self.error(span, "va_start used in a function with fixed arguments");
                };
                let p = self.place(&args[0])?;
                let a = self.assign(Rvalue::AddrLocal(area), loc);
                self.va_store(&p, a, args[0].span, loc)?;
            }
            "va_copy" => {
                let (v, _) = self.scalar_rvalue(&args[1])?;
                let p = self.place(&args[0])?;
                self.va_store(&p, v, args[0].span, loc)?;
            }
            _ => {
                // va_end: nothing to release, but the operand must be a va_list.
                self.place(&args[0])?;
            }
        }
        Ok(Some(Val::Void))
    }

    /// Store `v` into a `va_list` object.
    fn va_store(&mut self, p: &super::expr::Place, v: Operand, span: Span, loc: Loc) -> R<()> {
        if !matches!(p.ty().pointee().map(|t| (**t).clone()), Some(Type::Int(_))) {
            return self.error(span, "expected a va_list");
        }
        self.store_place_pub(p, v, loc);
        Ok(())
    }

    /// `va_arg(ap, T)` for the types a variadic argument can have after the default
    /// promotions: `int`, `long`, their unsigned forms, pointers and `double`.
    pub fn va_arg(&mut self, va: &Node<VaArgExpression>, span: Span) -> R<Val> {
        let loc = self.loc(span);
        let ty = self.type_name(&va.node.type_name)?;
        if ty.is_long_double() {
            return self.va_arg_long_double(va, ty, span);
        }
        let s = match ty.scalar() {
            Some(s @ (Scalar::I32 | Scalar::U32 | Scalar::I64 | Scalar::U64)) => s,
            Some(s @ (Scalar::Ptr | Scalar::F64)) => s,
            Some(_) => {
                // gcc: "is promoted to int/double when passed through ..." and aborts.
                return self.unsupported(
                    span,
                    "va_arg of a type changed by the default argument promotions",
                );
            }
            None => return self.unsupported(span, "va_arg of a struct or union"),
        };
        let p = self.place(&va.node.va_list)?;
        let Val::S(cur, _) = self.load_place(p.clone(), loc) else {
            return self.error(span, "expected a va_list");
        };
        let v = self.assign(Rvalue::Load(cur, s), loc);
        let next = self.assign(
            Rvalue::PtrAdd {
                base: cur,
                index: Operand::Const(16),
                scale: 1,
            },
            loc,
        );
        self.va_store(&p, next, va.node.va_list.span, loc)?;
        // Copy the value out of the load's temporary (the va_list store came after).
        Ok(Val::S(v, Rc::clone(&ty)))
    }

    /// `va_arg(ap, long double)`: the argument takes two slots, its value in the second
    /// (see `Machine::fill_va_area`); the result is a copy of it.
    fn va_arg_long_double(
        &mut self,
        va: &Node<VaArgExpression>,
        ty: TypeRef,
        span: Span,
    ) -> R<Val> {
        let loc = self.loc(span);
        let p = self.place(&va.node.va_list)?;
        let Val::S(cur, _) = self.load_place(p.clone(), loc) else {
            return self.error(span, "expected a va_list");
        };
        let at = |index| Rvalue::PtrAdd {
            base: cur,
            index: Operand::Const(index),
            scale: 1,
        };
        let value = self.assign(at(16), loc);
        let copy = self.ld_copy(value, loc);
        let next = self.assign(at(32), loc);
        self.va_store(&p, next, va.node.va_list.span, loc)?;
        Ok(Val::Agg(copy, ty))
    }
}
