//! GNU statement expressions `({ ...; e; })` and C11 `_Generic` selections.

use lang_c::ast::{BlockItem, GenericAssociation, GenericSelection, Statement};
use lang_c::span::{Node, Span};

use super::expr::Val;
use super::{Cx, R};
use crate::ir::*;

impl<'u> Cx<'u> {
    /// `({ items; last })`: the value is that of `last` when it is an expression
    /// statement, else `void`. The value is copied out, so that a later write to a
    /// variable it names cannot change it (gcc evaluates it once, at the end).
    pub fn statement_expr(&mut self, s: &Node<Statement>, span: Span) -> R<Val> {
        let Statement::Compound(items) = &s.node else {
            return self.error(span, "a statement expression must be a compound statement");
        };
        let loc = self.loc(span);
        self.push_scope();
        let mut res = Ok(Val::Void);
        for (i, it) in items.iter().enumerate() {
            let last = i + 1 == items.len();
            let r = match &it.node {
                BlockItem::Declaration(d) => self.local_declaration(d),
                BlockItem::StaticAssert(sa) => self.static_assert(&sa.node, sa.span),
                BlockItem::Statement(st) => match &st.node {
                    Statement::Expression(Some(e)) if last => match self.expr(e) {
                        Ok(v) => {
                            res = self.copy_out(v, e.span, loc);
                            Ok(())
                        }
                        Err(a) => Err(a),
                    },
                    _ => self.stmt(st),
                },
            };
            if let Err(a) = r {
                res = Err(a);
            }
        }
        self.pop_scope();
        res
    }

    fn copy_out(&mut self, v: Val, span: Span, loc: Loc) -> R<Val> {
        match v {
            Val::S(o, t) => {
                let r = self.tmp();
                self.emit(StmtKind::Assign(r, Rvalue::Use(o)), loc);
                Ok(Val::S(Operand::Reg(r), t))
            }
            Val::Agg(a, t) if t.is_by_address() => {
                let size = self.size_or_err(&t, span)?;
                let align = self.align_of(&t);
                let l = self.new_local("<statement expression>".into(), size, align, loc);
                self.emit(StmtKind::StorageLive(l), loc);
                let d = self.assign(Rvalue::AddrLocal(l), loc);
                self.emit(
                    StmtKind::Copy {
                        dst: d,
                        src: a,
                        size,
                    },
                    loc,
                );
                Ok(Val::Agg(d, t))
            }
            other => Ok(other),
        }
    }

    /// `_Generic(e, T1: a, ..., default: d)`: the association whose type is compatible
    /// with the type of `e` after lvalue conversion (qualifiers dropped, arrays and
    /// functions decayed). `e` itself is not evaluated.
    pub fn generic_selection(&mut self, g: &Node<GenericSelection>, span: Span) -> R<Val> {
        let t = self.type_of_expr(&g.node.expression)?;
        // Lvalue conversion: arrays and functions decay (qualifiers are not tracked).
        let t = match &*t {
            Type::Array(el, _) | Type::Vla(el, _) => super::types::ptr_to(el.clone()),
            Type::Function(_) => super::types::ptr_to(t.clone()),
            _ => t,
        };
        let mut chosen = Vec::new();
        let mut default = None;
        for a in &g.node.associations {
            match &a.node {
                GenericAssociation::Type(ta) => {
                    let at = self.type_name(&ta.node.type_name)?;
                    if *at == *t {
                        chosen.push(&ta.node.expression);
                    }
                }
                GenericAssociation::Default(e) => default = Some(e),
            }
        }
        if chosen.len() > 1 {
            // Types differing only in qualifiers look alike here; gcc tells them apart.
            return self.unsupported(
                span,
                "_Generic with associations that differ only in qualifiers",
            );
        }
        let chosen = chosen.pop();
        match chosen.or(default) {
            Some(e) => self.expr_nodecay_pub(e),
            None => self.error(span, "no _Generic association matches the controlling type"),
        }
    }
}
