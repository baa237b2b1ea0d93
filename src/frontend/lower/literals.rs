//! A unit test's constants as inputs: in a function of a test file (see
//! `frontend::testfiles`), an integer, character or string literal written as an
//! argument of a direct call of the code under test (a function defined outside the
//! test files) is lowered as a read of its own read-only global and listed in
//! `Program::literals`, so a run can change it and a concolic run makes it symbolic.
//!
//! Only arguments count: a literal compared with a result, passed to the test's own
//! functions (an assertion helper) or to the C library (`strcmp(got, "want")`), or
//! written anywhere else stays a constant, so an expected value never becomes an input.
//! An argument counts when it is the literal itself, possibly negated or cast
//! (`-1`, `(size_t)3`); `N + 1` or a macro expanding to an expression does not.
//!
//! The same holds one step removed: the integer and character constants of the braced
//! initialiser of a local array or struct of a test function that the function passes
//! to the code under test, by name or address (`int xs[] = {3, -1, 7}; max(xs, 3)`,
//! `struct pt p = {1, 2}; f(&p)`), are inputs too, each named by its own location. An
//! array the test passes only to the C library or to its own helpers (`int want[]`
//! compared with `memcmp`) keeps its constants.

use std::collections::HashSet;

use lang_c::ast::{CallExpression, Constant, Expression, ExternalDeclaration, UnaryOperator};
use lang_c::span::{Node, Span};
use lang_c::visit::{self, Visit};

use super::expr::Val;
use super::{declared_name, Cx, ParsedUnit, R};
use crate::ir::*;

/// What lowering knows of the test's files.
#[derive(Default)]
pub(crate) struct TestCx {
    /// Functions defined in a test file.
    test_fns: HashSet<String>,
    /// Functions defined elsewhere: the code under test.
    tested_fns: HashSet<String>,
    /// The current unit's path when it is a test file.
    pub unit_file: Option<String>,
    /// Whether the function being lowered is defined in the current test file.
    pub in_test_fn: bool,
    /// In a test function: the names it passes to the code under test (`xs`, `&p`),
    /// whose array or struct initialisers hold inputs.
    pub passed: HashSet<String>,
    /// Lowering the initialiser of such a variable now.
    pub literal_init: bool,
    /// The spellings of string literals written more than once in the program: gcc
    /// gives all of them one address, so such a literal stays a constant (as its own
    /// input it would be an object of its own, and a test comparing the pointers, as
    /// clibs/list's `list_find(langs, "js") == js` does, would fail).
    shared_strings: HashSet<String>,
}

impl TestCx {
    pub fn new(units: &[&ParsedUnit], tests: &[Option<String>]) -> TestCx {
        let mut t = TestCx::default();
        if tests.iter().all(Option::is_none) {
            return t;
        }
        let mut spellings = Spellings::default();
        for u in units {
            for d in &u.unit {
                spellings.visit_external_declaration(&d.node, &d.span);
            }
        }
        t.shared_strings = spellings
            .seen
            .into_iter()
            .filter(|(_, n)| *n > 1)
            .map(|(s, _)| s)
            .collect();
        for (i, u) in units.iter().enumerate() {
            let test_file = tests.get(i).cloned().flatten();
            for (k, d) in u.unit.iter().enumerate() {
                let ExternalDeclaration::FunctionDefinition(fd) = &d.node else {
                    continue;
                };
                let Some(name) = declared_name(&fd.node.declarator.node) else {
                    continue;
                };
                let file = super::definition_file(u, k, fd);
                if test_file.as_deref() == Some(file) {
                    t.test_fns.insert(name);
                } else {
                    t.tested_fns.insert(name);
                }
            }
        }
        t
    }

    /// Whether a call of `name` at this point passes its literal arguments as inputs.
    pub fn passes_literals(&self, name: &str) -> bool {
        self.in_test_fn && self.tested_fns.contains(name) && !self.test_fns.contains(name)
    }

    /// Entering the body `body` of a function: in a test function, the names it passes
    /// to the code under test.
    pub fn enter_function(&mut self, in_test_fn: bool, body: &Node<lang_c::ast::Statement>) {
        self.in_test_fn = in_test_fn;
        self.literal_init = false;
        let mut v = PassedVars {
            tests: self,
            names: HashSet::new(),
        };
        if in_test_fn {
            v.visit_statement(&body.node, &body.span);
        }
        self.passed = v.names;
    }
}

/// How many times each string literal's spelling occurs.
#[derive(Default)]
struct Spellings {
    seen: std::collections::HashMap<String, usize>,
}

impl<'ast> Visit<'ast> for Spellings {
    fn visit_string_literal(&mut self, s: &'ast Vec<String>, _: &'ast Span) {
        *self.seen.entry(s.concat()).or_default() += 1;
    }
}

/// The names a test function passes, as an argument itself or by address (possibly
/// cast), to a call of the code under test.
struct PassedVars<'t> {
    tests: &'t TestCx,
    names: HashSet<String>,
}

impl<'ast> Visit<'ast> for PassedVars<'_> {
    fn visit_call_expression(&mut self, c: &'ast CallExpression, span: &'ast Span) {
        if let Expression::Identifier(f) = &c.callee.node {
            if self.tests.passes_literals(&f.node.name) {
                for a in &c.arguments {
                    if let Some(n) = passed_name(&a.node) {
                        self.names.insert(n.to_string());
                    }
                }
            }
        }
        visit::visit_call_expression(self, c, span);
    }
}

/// `x`, `&x` or either cast: the variable `x` is passed.
fn passed_name(e: &Expression) -> Option<&str> {
    match e {
        Expression::Identifier(id) => Some(&id.node.name),
        Expression::UnaryOperator(u) if u.node.operator.node == UnaryOperator::Address => {
            match &u.node.operand.node {
                Expression::Identifier(id) => Some(&id.node.name),
                _ => None,
            }
        }
        Expression::Cast(c) => passed_name(&c.node.expression.node),
        _ => None,
    }
}

/// An integer or character constant, possibly negated or cast.
pub(crate) fn is_number(e: &Expression) -> bool {
    match e {
        Expression::Constant(c) => matches!(c.node, Constant::Integer(_) | Constant::Character(_)),
        Expression::UnaryOperator(u) => {
            matches!(
                u.node.operator.node,
                UnaryOperator::Minus | UnaryOperator::Plus
            ) && is_number(&u.node.operand.node)
        }
        Expression::Cast(c) => is_number(&c.node.expression.node),
        _ => false,
    }
}

impl Cx<'_> {
    /// An argument of a call of the code under test from the test: a literal becomes a
    /// [`Literal`], anything else is lowered as usual.
    pub(crate) fn literal_arg(&mut self, a: &Node<Expression>) -> R<Val> {
        // Narrow strings only: a wide one (`L"..."`) is lowered as usual, a constant.
        let narrow = match &a.node {
            Expression::StringLiteral(s)
                if self.tests.shared_strings.contains(&s.node.concat()) =>
            {
                None
            }
            Expression::StringLiteral(s) => {
                Some(self.string_literal(&s.node, s.span)?).filter(|l| l.enc.unit() == 1)
            }
            _ => None,
        };
        if let Some(lit) = narrow {
            let loc = self.loc(a.span);
            let g = self.marked_literal_global(lit.bytes, 1, loc, LiteralKind::Str);
            let p = self.assign(Rvalue::AddrGlobal(g), loc);
            // An argument: the array decays to a pointer to its first byte (as an array,
            // a variadic callee would take it for a struct passed by value).
            return Ok(Val::S(p, super::types::ptr_to(super::types::char_t())));
        }
        let v = self.expr(a)?;
        if !is_number(&a.node) {
            return Ok(v);
        }
        match v {
            Val::S(Operand::Const(bits), t) if t.is_integer() => {
                let Some(s) = t.scalar() else {
                    return Ok(Val::S(Operand::Const(bits), t));
                };
                let loc = self.loc(a.span);
                let size = s.size() as usize;
                let init = bits.to_le_bytes()[..size].to_vec();
                let g = self.marked_literal_global(init, size as u32, loc, LiteralKind::Int(s));
                let p = self.assign(Rvalue::AddrGlobal(g), loc);
                let r = self.assign(Rvalue::Load(p, s), loc);
                Ok(Val::S(r, t))
            }
            v => Ok(v),
        }
    }

    /// A literal's own read-only global, listed in `Program::literals` under its
    /// location (made unique with `#2`, `#3`, ... when a macro puts several there).
    fn marked_literal_global(
        &mut self,
        init: Vec<u8>,
        align: u32,
        loc: Loc,
        kind: LiteralKind,
    ) -> GlobalId {
        let at = self.prog.fmt_loc(loc);
        let mut name = at.clone();
        let mut k = 2;
        while self.prog.literals.iter().any(|l| l.name == name) {
            name = format!("{at}#{k}");
            k += 1;
        }
        let global = self.add_global(Global {
            name: format!("<literal {name}>"),
            size: init.len() as u32,
            align,
            init,
            relocs: Vec::new(),
            read_only: true,
            loc,
            init_locs: Vec::new(),
        });
        self.prog.literals.push(Literal { name, global, kind });
        global
    }
}
