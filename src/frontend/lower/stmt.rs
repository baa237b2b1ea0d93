//! Statements and control flow.

use lang_c::ast::*;
use lang_c::span::Node;

use super::expr::Val;
use super::{Cx, SwitchCx, R};
use crate::ir::*;

impl<'u> Cx<'u> {
    /// Lower a statement; errors are recorded and lowering continues with the next one.
    pub fn stmt(&mut self, s: &Node<Statement>) -> R<()> {
        let loc = self.loc(s.span);
        match &s.node {
            Statement::Compound(items) => {
                self.push_scope();
                let mut res = Ok(());
                for it in items {
                    let r = match &it.node {
                        BlockItem::Declaration(d) => self.local_declaration(d),
                        BlockItem::StaticAssert(sa) => self.static_assert(&sa.node, sa.span),
                        BlockItem::Statement(st) => self.stmt(st),
                    };
                    if r.is_err() {
                        res = r;
                    }
                }
                self.pop_scope();
                res
            }
            Statement::Expression(None) => Ok(()),
            Statement::Expression(Some(e)) => self.expr_discard(e),
            Statement::If(i) => {
                let (t, f, j) = (self.new_block(), self.new_block(), self.new_block());
                self.cond_branch(&i.node.condition, t, f)?;
                self.switch_to(t);
                let r1 = self.stmt(&i.node.then_statement);
                self.goto_and_switch(j, loc);
                self.switch_to(f);
                let r2 = match &i.node.else_statement {
                    Some(e) => self.stmt(e),
                    None => Ok(()),
                };
                self.goto_and_switch(j, loc);
                r1.and(r2)
            }
            Statement::While(w) => {
                let (head, body, exit) = (self.new_block(), self.new_block(), self.new_block());
                self.goto_and_switch(head, loc);
                self.cond_branch(&w.node.expression, body, exit)?;
                self.switch_to(body);
                self.loop_body(&w.node.statement, exit, head, head, loc)
            }
            Statement::DoWhile(d) => {
                let (body, cond, exit) = (self.new_block(), self.new_block(), self.new_block());
                self.goto_and_switch(body, loc);
                self.fs().breaks.push(exit);
                self.fs().continues.push(cond);
                let r = self.stmt(&d.node.statement);
                self.fs().breaks.pop();
                self.fs().continues.pop();
                self.goto_and_switch(cond, loc);
                self.cond_branch(&d.node.expression, body, exit)?;
                self.switch_to(exit);
                r
            }
            Statement::For(f) => {
                self.push_scope();
                let init = match &f.node.initializer.node {
                    ForInitializer::Empty => Ok(()),
                    ForInitializer::Expression(e) => self.expr_discard(e),
                    ForInitializer::Declaration(d) => self.local_declaration(d),
                    ForInitializer::StaticAssert(sa) => self.static_assert(&sa.node, sa.span),
                };
                let (head, body, step, exit) = (
                    self.new_block(),
                    self.new_block(),
                    self.new_block(),
                    self.new_block(),
                );
                self.goto_and_switch(head, loc);
                match &f.node.condition {
                    Some(c) => self.cond_branch(c, body, exit)?,
                    None => self.goto_and_switch(body, loc),
                }
                self.switch_to(body);
                let r = self.loop_body(&f.node.statement, exit, step, step, loc);
                // loop_body left us in `exit`; emit the step block separately.
                let after = self.fs().cur;
                self.switch_to(step);
                if let Some(st) = &f.node.step {
                    let sloc = self.loc(st.span);
                    let _ = self.expr_discard(st);
                    self.goto_and_switch(head, sloc);
                } else {
                    self.goto_and_switch(head, loc);
                }
                self.switch_to(after);
                self.pop_scope();
                init.and(r)
            }
            Statement::Switch(sw) => {
                let (v, t) = self.scalar_rvalue(&sw.node.expression)?;
                if !t.is_integer() {
                    return self.error(
                        sw.node.expression.span,
                        "switch on a value that is not an integer",
                    );
                }
                let pt = super::types::promote(&t);
                let v = self.convert(v, &t, &pt, sw.node.expression.span)?;
                let dispatch = self.fs().cur;
                let exit = self.new_block();
                let body = self.new_block();
                self.switch_to(body);
                let vm_depth = self.fs().vm.active.len();
                self.fs().switches.push(SwitchCx {
                    cases: Vec::new(),
                    default: None,
                    ty: pt.clone(),
                    vm_depth,
                });
                self.fs().breaks.push(exit);
                let r = self.stmt(&sw.node.statement);
                self.fs().breaks.pop();
                self.goto_and_switch(exit, loc);
                let Some(cx) = self.fs().switches.pop() else {
                    return r;
                };
                let fs = self.fs();
                fs.f.blocks[dispatch.index()].term = Terminator::Switch {
                    val: v,
                    ty: pt.scalar().unwrap_or(Scalar::I32),
                    cases: cx.cases,
                    default: cx.default.unwrap_or(exit),
                };
                fs.f.blocks[dispatch.index()].term_loc = loc;
                r
            }
            Statement::Labeled(l) => {
                match &l.node.label.node {
                    Label::Identifier(id) => {
                        let b = self.label_block(&id.node.name);
                        if !self.fs().labels_defined.insert(id.node.name.clone()) {
                            return self
                                .error(id.span, format!("duplicate label `{}`", id.node.name));
                        }
                        let active = self.fs().vm.active.clone();
                        self.fs().vm.labels.insert(id.node.name.clone(), active);
                        self.goto_and_switch(b, loc);
                    }
                    Label::Case(e) => {
                        let Some(sty) = self.fs().switches.last().map(|s| s.ty.clone()) else {
                            return self.error(l.span, "`case` outside a switch");
                        };
                        self.check_case_scope(l.span)?;
                        let v = self.const_int(e)?;
                        let s = sty.scalar().unwrap_or(Scalar::I32);
                        let v = s.canon(v as u64);
                        let b = self.new_block();
                        self.goto_and_switch(b, loc);
                        let dup = {
                            let sw = self.fs().switches.last_mut();
                            match sw {
                                Some(sw) => {
                                    if sw.cases.iter().any(|(x, _)| *x == v) {
                                        true
                                    } else {
                                        sw.cases.push((v, b));
                                        false
                                    }
                                }
                                None => false,
                            }
                        };
                        if dup {
                            return self.error(l.span, "duplicate case value");
                        }
                    }
                    Label::CaseRange(_) => {
                        return self.unsupported(l.span, "case range (case a ... b)")
                    }
                    Label::Default => {
                        if self.fs().switches.is_empty() {
                            return self.error(l.span, "`default` outside a switch");
                        }
                        self.check_case_scope(l.span)?;
                        let b = self.new_block();
                        self.goto_and_switch(b, loc);
                        if let Some(sw) = self.fs().switches.last_mut() {
                            sw.default = Some(b);
                        }
                    }
                }
                self.stmt(&l.node.statement)
            }
            Statement::Goto(id) => {
                let b = self.label_block(&id.node.name);
                let active = self.fs().vm.active.clone();
                self.fs()
                    .vm
                    .gotos
                    .push((id.node.name.clone(), active, s.span));
                self.terminate(Terminator::Goto(b), loc);
                Ok(())
            }
            Statement::Continue => {
                let Some(&b) = self.fs().continues.last() else {
                    return self.error(s.span, "`continue` outside a loop");
                };
                self.terminate(Terminator::Goto(b), loc);
                Ok(())
            }
            Statement::Break => {
                let Some(&b) = self.fs().breaks.last() else {
                    return self.error(s.span, "`break` outside a loop or switch");
                };
                self.terminate(Terminator::Goto(b), loc);
                Ok(())
            }
            Statement::Return(e) => {
                let ret_ty = self.fs().ret_ty.clone();
                let val = match e {
                    None => None,
                    Some(e) => match self.expr(e)? {
                        v if ret_ty.is_long_double() => {
                            if let Some(r) = self.fs().sret {
                                self.ld_assign(Operand::Reg(r), v, e.span, loc)?;
                            }
                            None
                        }
                        v @ Val::Agg(..) if Self::is_ld_val(&v) && !ret_ty.is_void() => {
                            let Val::S(o, _) = self.convert_val(v, &ret_ty, e.span)? else {
                                return self.error(e.span, "return of a non-scalar value");
                            };
                            Some(o)
                        }
                        Val::S(o, t) => {
                            if ret_ty.is_void() {
                                None
                            } else {
                                Some(self.convert(o, &t, &ret_ty, e.span)?)
                            }
                        }
                        Val::Agg(a, _) => {
                            let size = self.size_or_err(&ret_ty, e.span)?;
                            if let Some(r) = self.fs().sret {
                                self.emit(
                                    StmtKind::Copy {
                                        dst: Operand::Reg(r),
                                        src: a,
                                        size,
                                    },
                                    loc,
                                );
                            }
                            None
                        }
                        Val::Void => None,
                    },
                };
                self.terminate(Terminator::Return(val), loc);
                Ok(())
            }
            Statement::Asm(_) => self.unsupported(s.span, "inline assembly"),
        }
    }

    fn loop_body(
        &mut self,
        body: &Node<Statement>,
        exit: BlockId,
        cont: BlockId,
        back: BlockId,
        loc: Loc,
    ) -> R<()> {
        self.fs().breaks.push(exit);
        self.fs().continues.push(cont);
        let r = self.stmt(body);
        self.fs().breaks.pop();
        self.fs().continues.pop();
        self.goto_and_switch(back, loc);
        self.switch_to(exit);
        r
    }

    /// A `case` or `default` label in the scope of a variably modified identifier
    /// declared inside the switch body: gcc refuses the jump into its scope.
    fn check_case_scope(&mut self, span: lang_c::span::Span) -> R<()> {
        let depth = self.fs().switches.last().map_or(0, |s| s.vm_depth);
        if self.fs().vm.active.len() > depth {
            return self.error(
                span,
                "switch jumps into the scope of an identifier with variably modified type",
            );
        }
        Ok(())
    }

    /// Every `goto` of the function whose label is in the scope of a variably modified
    /// identifier the `goto` is not in the scope of: refused, as gcc does.
    pub fn check_vm_jumps(&mut self) {
        let gotos = std::mem::take(&mut self.fs().vm.gotos);
        for (label, at_goto, span) in gotos {
            let into = match self.fs().vm.labels.get(&label) {
                Some(at_label) => at_label.iter().any(|v| !at_goto.contains(v)),
                None => false,
            };
            if into {
                let _: R<()> = self.error(
                    span,
                    format!("`goto {label}` jumps into the scope of an identifier with variably modified type"),
                );
            }
        }
    }

    fn label_block(&mut self, name: &str) -> BlockId {
        if let Some(b) = self.fs().labels.get(name) {
            return *b;
        }
        let b = self.new_block();
        self.fs().labels.insert(name.to_string(), b);
        b
    }
}
