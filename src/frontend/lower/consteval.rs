//! Constant expressions: array sizes, case labels, enumerators, and the initialisers of
//! objects with static storage (which may also hold addresses of other objects).

use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::Node;

use super::types::{common_type, double_t, int_t, promote, ptr_to, ulong_t};
use super::{Cx, Sym, VarLoc, R};
use crate::ir::arith;
use crate::ir::{BinOp, FuncId, RelocTarget, Scalar, Type, TypeRef, UnOp};

#[derive(Clone, Debug)]
pub(crate) enum CVal {
    /// Canonical bits of an arithmetic value of the given type.
    Num(u64, TypeRef),
    /// An address constant: target object plus byte offset, with its pointer type.
    Addr(RelocTarget, i64, TypeRef),
}

fn scal(t: &Type) -> Scalar {
    t.scalar().unwrap_or(Scalar::I64)
}

impl<'u> Cx<'u> {
    /// An integer constant expression, or a located error.
    pub fn const_int(&mut self, e: &Node<Expression>) -> R<i64> {
        match self.const_eval(e)? {
            CVal::Num(v, t) if t.is_integer() => Ok(v as i64),
            CVal::Num(..) => self.error(
                e.span,
                "expected an integer constant expression, found a floating value",
            ),
            CVal::Addr(..) => self.error(
                e.span,
                "expected an integer constant expression, found an address",
            ),
        }
    }

    /// Like `const_int`, but without recording a diagnostic when it is not constant.
    pub fn try_const_int(&mut self, e: &Node<Expression>) -> Option<i64> {
        let n = self.diags.len();
        self.no_code += 1;
        let r = self.const_eval(e);
        self.no_code -= 1;
        self.diags.truncate(n);
        match r {
            Ok(CVal::Num(v, t)) if t.is_integer() => Some(v as i64),
            _ => None,
        }
    }

    pub fn const_convert(&mut self, v: CVal, to: &TypeRef, span: lang_c::span::Span) -> R<CVal> {
        match v {
            CVal::Num(bits, from) => {
                if to.is_pointer() {
                    return Ok(CVal::Num(
                        arith::cast(scal(&from), Scalar::U64, bits),
                        to.clone(),
                    ));
                }
                if to.is_bool() {
                    let z = if from.is_float() {
                        arith::f64_of(scal(&from), bits) == 0.0
                    } else {
                        bits == 0
                    };
                    return Ok(CVal::Num((!z) as u64, to.clone()));
                }
                match to.scalar() {
                    Some(ts) => Ok(CVal::Num(
                        arith::fold_cast(scal(&from), ts, bits),
                        to.clone(),
                    )),
                    None => self.error(span, "initialiser of a non-scalar object is not a scalar"),
                }
            }
            CVal::Addr(t, off, _) => {
                if to.is_pointer() || matches!(to.scalar(), Some(Scalar::I64 | Scalar::U64)) {
                    Ok(CVal::Addr(t, off, to.clone()))
                } else {
                    self.error(
                        span,
                        "address constant converted to a type that cannot hold it",
                    )
                }
            }
        }
    }

    pub fn const_eval(&mut self, e: &Node<Expression>) -> R<CVal> {
        match &e.node {
            Expression::Constant(c) => self.constant(c),
            Expression::Identifier(id) => match self.lookup(&id.node.name).cloned() {
                Some(Sym::Failed) => Err(super::Abort),
                Some(Sym::EnumConst(v)) => Ok(CVal::Num(Scalar::I32.canon(v as u64), int_t())),
                Some(Sym::Var(VarLoc::Global(g), t)) => match &*t {
                    Type::Array(el, _) => {
                        Ok(CVal::Addr(RelocTarget::Global(g), 0, ptr_to(el.clone())))
                    }
                    _ => self.error(e.span, format!("`{}` is not a constant", id.node.name)),
                },
                Some(Sym::Func(f, t)) => {
                    self.note_func_use(FuncId::new(f.raw()), e.span);
                    Ok(CVal::Addr(RelocTarget::Func(f), 0, ptr_to(t)))
                }
                _ => self.error(e.span, format!("`{}` is not a constant", id.node.name)),
            },
            Expression::Call(c) => {
                if let Expression::Identifier(id) = &c.node.callee.node {
                    if let Some(v) = self.float_builtin(&id.node.name, c, e.span)? {
                        return Ok(v);
                    }
                }
                self.error(e.span, "a function call is not a constant expression")
            }
            Expression::StringLiteral(s) => {
                let lit = self.string_literal(&s.node, s.span)?;
                let loc = self.loc(s.span);
                let elem = lit.enc.elem();
                let g = self.literal_global(lit, loc);
                Ok(CVal::Addr(RelocTarget::Global(g), 0, ptr_to(elem)))
            }
            Expression::SizeOfTy(t) => {
                let ty = self.type_name(&t.node.0)?;
                let n = self.size_or_err(&ty, t.span)?;
                Ok(CVal::Num(n as u64, ulong_t()))
            }
            Expression::SizeOfVal(v) => {
                if self.is_bit_field(&v.node.0)? {
                    return self.error(v.span, "'sizeof' applied to a bit-field");
                }
                let ty = self.type_of_expr(&v.node.0)?;
                let n = self.size_or_err(&ty, v.span)?;
                Ok(CVal::Num(n as u64, ulong_t()))
            }
            Expression::AlignOf(t) => {
                let ty = self.type_name(&t.node.0)?;
                Ok(CVal::Num(self.align_of(&ty) as u64, ulong_t()))
            }
            Expression::Cast(c) => {
                let to = self.type_name(&c.node.type_name)?;
                let before = self.diags.len();
                let v = match self.const_eval(&c.node.expression) {
                    Ok(v) => v,
                    // A `long double` operand (which `CVal` cannot hold) converted.
                    Err(e) if to.is_arith() && !to.is_long_double() => {
                        return self.const_converted_ld(&c.node.expression, &to, e, before)
                    }
                    Err(e) => return Err(e),
                };
                if to.is_void() {
                    return Ok(v);
                }
                self.const_convert(v, &to, e.span)
            }
            Expression::UnaryOperator(u) => {
                let op = &u.node.operator.node;
                if matches!(op, UnaryOperator::Address) {
                    return self.const_address(&u.node.operand);
                }
                let before = self.diags.len();
                let v = match self.const_eval(&u.node.operand) {
                    Ok(v) => v,
                    Err(err) if matches!(op, UnaryOperator::Negate) => {
                        let t = self.const_ld_truth(&u.node.operand, err, before)?;
                        return Ok(CVal::Num(u64::from(!t), int_t()));
                    }
                    Err(err) => return Err(err),
                };
                let CVal::Num(bits, t) = v else {
                    return self.error(e.span, "operator on an address in a constant expression");
                };
                let pt = promote(&t);
                let ps = scal(&pt);
                let x = arith::cast(scal(&t), ps, bits);
                match op {
                    UnaryOperator::Plus => Ok(CVal::Num(x, pt)),
                    UnaryOperator::Minus => Ok(CVal::Num(arith::unop(UnOp::Neg, ps, x), pt)),
                    UnaryOperator::Complement => Ok(CVal::Num(arith::unop(UnOp::Not, ps, x), pt)),
                    UnaryOperator::Negate => Ok(CVal::Num(arith::unop(UnOp::LNot, ps, x), int_t())),
                    _ => self.error(e.span, "not a constant expression"),
                }
            }
            Expression::BinaryOperator(b) => {
                let before = self.diags.len();
                match self.const_binary(b, e.span) {
                    Err(err) => self.const_ld_compare(b, err, before),
                    ok => ok,
                }
            }
            Expression::Conditional(c) => {
                let truth = self.const_truth(&c.node.condition)?;
                let a = self.const_eval(&c.node.then_expression)?;
                let b = self.const_eval(&c.node.else_expression)?;
                let (chosen, other) = if truth { (a, b) } else { (b, a) };
                if let (CVal::Num(_, t1), CVal::Num(_, t2)) = (&chosen, &other) {
                    if t1.is_arith() && t2.is_arith() {
                        let ct = common_type(t1, t2);
                        return self.const_convert(chosen, &ct, e.span);
                    }
                }
                Ok(chosen)
            }
            Expression::Comma(_) => self.error(e.span, "comma operator in a constant expression"),
            Expression::OffsetOf(o) => {
                let v = self.offset_of(o)?;
                Ok(CVal::Num(v, ulong_t()))
            }
            // An array-typed lvalue (`a[1]` of `int a[3][4]`, `s.z`) decays to the
            // address of its first element.
            Expression::Member(_) => self.const_array_decay(e),
            Expression::CompoundLiteral(cl) => {
                let (g, ty) = self.static_compound_literal(cl, e.span)?;
                match &*ty {
                    Type::Array(el, _) => {
                        Ok(CVal::Addr(RelocTarget::Global(g), 0, ptr_to(el.clone())))
                    }
                    _ => self.unsupported(
                        e.span,
                        "a struct compound literal as a static initialiser's value",
                    ),
                }
            }
            _ => self.error(e.span, "not a constant expression"),
        }
    }

    fn const_binary(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        span: lang_c::span::Span,
    ) -> R<CVal> {
        use BinaryOperator as B;
        let op = &b.node.operator.node;
        if matches!(op, B::LogicalAnd | B::LogicalOr) {
            let l = self.const_truth(&b.node.lhs)?;
            if matches!(op, B::LogicalAnd) && !l {
                return Ok(CVal::Num(0, int_t()));
            }
            if matches!(op, B::LogicalOr) && l {
                return Ok(CVal::Num(1, int_t()));
            }
            let r = self.const_truth(&b.node.rhs)?;
            return Ok(CVal::Num(r as u64, int_t()));
        }
        if matches!(op, B::Index) {
            let ty = self.type_of_expr_const(&b.node.lhs, &b.node.rhs)?;
            if matches!(*ty, Type::Array(..)) {
                let addr = self.const_address_of_index(&b.node.lhs, &b.node.rhs, span, true)?;
                return Ok(self.decay_const(addr));
            }
            return self.const_address_of_index(&b.node.lhs, &b.node.rhs, span, false);
        }
        let l = self.const_eval(&b.node.lhs)?;
        let r = self.const_eval(&b.node.rhs)?;
        // address +/- integer
        if let (CVal::Addr(t, off, pt), CVal::Num(n, nt)) = (&l, &r) {
            if matches!(op, B::Plus | B::Minus) && nt.is_integer() {
                let es = match pt.pointee() {
                    Some(p) => self.size_of(p).unwrap_or(1) as i64,
                    None => 1,
                };
                let n = arith::cast(scal(nt), Scalar::I64, *n) as i64;
                let d = if matches!(op, B::Plus) {
                    n * es
                } else {
                    -n * es
                };
                return Ok(CVal::Addr(*t, off + d, pt.clone()));
            }
        }
        if let (CVal::Num(n, nt), CVal::Addr(t, off, pt)) = (&l, &r) {
            if matches!(op, B::Plus) && nt.is_integer() {
                let es = pt.pointee().and_then(|p| self.size_of(p)).unwrap_or(1) as i64;
                let n = arith::cast(scal(nt), Scalar::I64, *n) as i64;
                return Ok(CVal::Addr(*t, off + n * es, pt.clone()));
            }
        }
        let (CVal::Num(a, ta), CVal::Num(bv, tb)) = (l, r) else {
            return self.error(span, "arithmetic on addresses in a constant expression");
        };
        let bop = match op {
            B::Multiply => BinOp::Mul,
            B::Divide => BinOp::Div,
            B::Modulo => BinOp::Rem,
            B::Plus => BinOp::Add,
            B::Minus => BinOp::Sub,
            B::ShiftLeft => BinOp::Shl,
            B::ShiftRight => BinOp::Shr,
            B::Less => BinOp::Lt,
            B::Greater => BinOp::Gt,
            B::LessOrEqual => BinOp::Le,
            B::GreaterOrEqual => BinOp::Ge,
            B::Equals => BinOp::Eq,
            B::NotEquals => BinOp::Ne,
            B::BitwiseAnd => BinOp::And,
            B::BitwiseXor => BinOp::Xor,
            B::BitwiseOr => BinOp::Or,
            _ => return self.error(span, "assignment in a constant expression"),
        };
        let (ct, x, y) = if matches!(bop, BinOp::Shl | BinOp::Shr) {
            let pa = promote(&ta);
            let pb = promote(&tb);
            let x = arith::cast(scal(&ta), scal(&pa), a);
            let y = arith::cast(
                scal(&tb),
                Scalar::I64,
                arith::cast(scal(&tb), scal(&pb), bv),
            );
            (pa, x, y)
        } else {
            let ct = common_type(&ta, &tb);
            let cs = scal(&ct);
            (
                ct.clone(),
                arith::cast(scal(&ta), cs, a),
                arith::cast(scal(&tb), cs, bv),
            )
        };
        match arith::binop(bop, scal(&ct), x, y) {
            Ok(v) => {
                let rt = if bop.is_comparison() { int_t() } else { ct };
                Ok(CVal::Num(v, rt))
            }
            Err(err) => self.error(span, format!("constant expression: {}", err.describe())),
        }
    }

    fn const_truth(&mut self, e: &Node<Expression>) -> R<bool> {
        let before = self.diags.len();
        let v = match self.const_eval(e) {
            Ok(v) => v,
            Err(err) => return self.const_ld_truth(e, err, before),
        };
        Ok(match v {
            CVal::Num(bits, t) => {
                if t.is_float() {
                    arith::f64_of(scal(&t), bits) != 0.0
                } else {
                    bits != 0
                }
            }
            CVal::Addr(..) => true,
        })
    }

    /// `&lvalue` where the lvalue designates (part of) an object with static storage.
    pub fn const_address(&mut self, e: &Node<Expression>) -> R<CVal> {
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name).cloned() {
                Some(Sym::Failed) => Err(super::Abort),
                Some(Sym::Var(VarLoc::Global(g), t)) => {
                    Ok(CVal::Addr(RelocTarget::Global(g), 0, ptr_to(t)))
                }
                Some(Sym::Func(f, t)) => {
                    self.note_func_use(FuncId::new(f.raw()), e.span);
                    Ok(CVal::Addr(RelocTarget::Func(f), 0, ptr_to(t)))
                }
                _ => self.error(
                    e.span,
                    format!("address of `{}` is not a constant", id.node.name),
                ),
            },
            Expression::Member(m) => {
                let (base_target, base_off, base_ty) = match m.node.operator.node {
                    MemberOperator::Direct => {
                        let CVal::Addr(t, o, pt) = self.const_address(&m.node.expression)? else {
                            return self.error(e.span, "not an address constant");
                        };
                        (t, o, pt.pointee().cloned().unwrap_or_else(int_t))
                    }
                    MemberOperator::Indirect => {
                        let CVal::Addr(t, o, pt) = self.const_eval(&m.node.expression)? else {
                            return self.error(e.span, "not an address constant");
                        };
                        (t, o, pt.pointee().cloned().unwrap_or_else(int_t))
                    }
                };
                let (foff, fty) = self.field(&base_ty, &m.node.identifier.node.name, m.span)?;
                Ok(CVal::Addr(base_target, base_off + foff as i64, ptr_to(fty)))
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::Index) =>
            {
                self.const_address_of_index(&b.node.lhs, &b.node.rhs, e.span, true)
            }
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::Indirection) =>
            {
                self.const_eval(&u.node.operand)
            }
            Expression::StringLiteral(_) => {
                let v = self.const_eval(e)?;
                match v {
                    CVal::Addr(t, o, _) => {
                        let ty = self.type_of_expr(e)?;
                        Ok(CVal::Addr(t, o, ptr_to(ty)))
                    }
                    other => Ok(other),
                }
            }
            Expression::CompoundLiteral(cl) => {
                let (g, ty) = self.static_compound_literal(cl, e.span)?;
                Ok(CVal::Addr(RelocTarget::Global(g), 0, ptr_to(ty)))
            }
            _ => self.error(e.span, "not an address constant"),
        }
    }

    /// A compound literal in a static initialiser is an object with static storage
    /// (C11 6.5.2.5p5): an anonymous global holding its initialiser.
    fn static_compound_literal(
        &mut self,
        cl: &Node<CompoundLiteral>,
        span: lang_c::span::Span,
    ) -> R<(crate::ir::GlobalId, TypeRef)> {
        if self.f.is_some() {
            // Inside a function a compound literal has automatic storage (C11 6.5.2.5p5).
            return self.error(span, "initializer element is not constant");
        }
        let ty = self.type_name(&cl.node.type_name)?;
        let init = Node::new(Initializer::List(cl.node.initializer_list.clone()), cl.span);
        let (_, full) = self.flatten_init(&ty, &init)?;
        let size = self.size_or_err(&full, span)?;
        let align = self.align_of(&full);
        let loc = self.loc(span);
        self.anon += 1;
        let g = self.add_global(crate::ir::Global {
            name: format!("<compound literal {}>", self.anon),
            size,
            align,
            init: vec![0; size as usize],
            relocs: Vec::new(),
            read_only: false,
            loc,
            init_locs: Vec::new(),
        });
        self.init_global(g, &full, &init)?;
        Ok((g, full))
    }

    /// `a[i]` in a constant: as an address (`want_addr`) or, when not, it is an error
    /// (static initialisers cannot read objects).
    fn const_address_of_index(
        &mut self,
        a: &Node<Expression>,
        i: &Node<Expression>,
        span: lang_c::span::Span,
        want_addr: bool,
    ) -> R<CVal> {
        if !want_addr {
            return self.error(
                span,
                "reading an array element is not a constant expression",
            );
        }
        // `i[a]` is `a[i]`
        let (a, i) = if self.type_of_expr(a)?.is_integer() {
            (i, a)
        } else {
            (a, i)
        };
        let base = self.const_eval(a)?;
        let idx = self.const_int(i)?;
        match base {
            CVal::Addr(t, o, pt) => {
                let el = pt.pointee().cloned().unwrap_or_else(int_t);
                let es = self.size_of(&el).unwrap_or(1) as i64;
                Ok(CVal::Addr(t, o + idx * es, ptr_to(el)))
            }
            _ => self.error(span, "not an address constant"),
        }
    }

    /// The element type of `a[i]` (to tell sub-arrays from elements).
    fn type_of_expr_const(&mut self, a: &Node<Expression>, i: &Node<Expression>) -> R<TypeRef> {
        let at = self.type_of_expr(a)?;
        let it = self.type_of_expr(i)?;
        let base = if at.is_integer() { it } else { at };
        Ok(match &*base {
            Type::Array(el, _) | Type::Pointer(el) => el.clone(),
            _ => int_t(),
        })
    }

    /// An address constant of an array object, as a pointer to its first element.
    fn decay_const(&self, v: CVal) -> CVal {
        match v {
            CVal::Addr(t, o, pt) => {
                let el = match pt.pointee().map(|p| (**p).clone()) {
                    Some(Type::Array(el, _)) => ptr_to(el),
                    _ => pt,
                };
                CVal::Addr(t, o, el)
            }
            other => other,
        }
    }

    fn const_array_decay(&mut self, e: &Node<Expression>) -> R<CVal> {
        let ty = self.type_of_expr(e)?;
        if !matches!(*ty, Type::Array(..)) {
            return self.error(e.span, "reading an object is not a constant expression");
        }
        let a = self.const_address(e)?;
        Ok(self.decay_const(a))
    }

    pub fn constant(&mut self, c: &Node<Constant>) -> R<CVal> {
        match &c.node {
            Constant::Integer(i) => self.int_constant(i, c.span),
            Constant::Float(f) => {
                if f.suffix.imaginary {
                    return self.unsupported(c.span, "imaginary constant");
                }
                let v = match f.base {
                    FloatBase::Decimal => f.number.parse::<f64>().ok(),
                    FloatBase::Hexadecimal => parse_hex_float(&f.number),
                };
                let Some(v) = v else {
                    return self.error(
                        c.span,
                        format!("malformed floating constant `{}`", f.number),
                    );
                };
                match f.suffix.format {
                    FloatFormat::Float => {
                        // Round the decimal text to float directly (not via double).
                        let v32 = match f.base {
                            FloatBase::Decimal => f.number.parse::<f32>().unwrap_or(v as f32),
                            FloatBase::Hexadecimal => v as f32,
                        };
                        Ok(CVal::Num(v32.to_bits() as u64, Rc::new(Type::Float)))
                    }
                    FloatFormat::Double => Ok(CVal::Num(v.to_bits(), double_t())),
                    _ => self.unsupported(
                        c.span,
                        "long double constant in a constant expression other than a conversion",
                    ),
                }
            }
            Constant::Character(s) => {
                if let Some(v) = self.wide_char_constant(s, c.span) {
                    return v;
                }
                let Some(body) = s.strip_prefix('\'').and_then(|x| x.strip_suffix('\'')) else {
                    return self.unsupported(
                        c.span,
                        format!("character constant {s} (wide or multi-byte)"),
                    );
                };
                let bytes = match unescape(body) {
                    Ok(b) => b,
                    Err(m) => return self.error(c.span, m),
                };
                if bytes.len() != 1 {
                    return self.unsupported(c.span, format!("multi-character constant {s}"));
                }
                // `char` is signed: '\xff' is -1 as an int.
                let v = bytes[0] as i8 as i64;
                Ok(CVal::Num(Scalar::I32.canon(v as u64), int_t()))
            }
        }
    }

    /// `L'x'` (`wchar_t`, a 32-bit `int`), `u'x'` (`char16_t`) and `U'x'` (`char32_t`):
    /// the character's code point. `None` for a plain character constant.
    fn wide_char_constant(&mut self, s: &str, span: lang_c::span::Span) -> Option<R<CVal>> {
        let (ty, rest) = if let Some(r) = s.strip_prefix('L') {
            (int_t(), r)
        } else if let Some(r) = s.strip_prefix('U') {
            (Rc::new(Type::int(4, false)), r)
        } else if let Some(r) = s.strip_prefix('u') {
            if r.starts_with('8') {
                return Some(self.unsupported(span, format!("character constant {s}")));
            }
            (Rc::new(Type::int(2, false)), r)
        } else {
            return None;
        };
        let body = rest.strip_prefix('\'').and_then(|x| x.strip_suffix('\''))?;
        let units = match decode_literal(body) {
            Ok(u) => u,
            Err(m) => return Some(self.error(span, m)),
        };
        let cp = match units.as_slice() {
            [LitUnit::Char(c)] => *c as u64,
            // A numeric escape is one code unit, cut to the type's width.
            [LitUnit::Escape(v)] => u64::from(*v),
            [LitUnit::Byte(_)] => {
                return Some(
                    self.unsupported(span, format!("character constant {s} that is not UTF-8")),
                );
            }
            _ => {
                return Some(self.unsupported(span, format!("multi-character constant {s}")));
            }
        };
        let sc = ty.scalar().unwrap_or(Scalar::I32);
        if sc.bits() < 32 && cp > 0xffff {
            return Some(self.unsupported(span, format!("character constant {s} out of range")));
        }
        Some(Ok(CVal::Num(sc.canon(cp), ty)))
    }

    fn int_constant(&mut self, i: &Integer, span: lang_c::span::Span) -> R<CVal> {
        if i.suffix.imaginary {
            return self.unsupported(span, "imaginary constant");
        }
        let radix = match i.base {
            IntegerBase::Decimal => 10,
            IntegerBase::Octal => 8,
            IntegerBase::Hexadecimal => 16,
            IntegerBase::Binary => 2,
        };
        let digits = match i.base {
            IntegerBase::Hexadecimal => i.number.trim_start_matches("0x").trim_start_matches("0X"),
            IntegerBase::Binary => i.number.trim_start_matches("0b").trim_start_matches("0B"),
            _ => &i.number,
        };
        let digits = if digits.is_empty() { "0" } else { digits };
        let Ok(v) = u64::from_str_radix(digits, radix) else {
            return self.error(
                span,
                format!("integer constant `{}` is too large", i.number),
            );
        };
        // C11 6.4.4.1: the first type in the list that can represent the value.
        let decimal = matches!(i.base, IntegerBase::Decimal);
        let u = i.suffix.unsigned;
        let min_long = !matches!(i.suffix.size, IntegerSize::Int);
        let t = if !min_long && !u && v <= i32::MAX as u64 {
            int_t()
        } else if !min_long && (u || !decimal) && v <= u32::MAX as u64 {
            super::types::uint_t()
        } else if !u && v <= i64::MAX as u64 {
            let ll = matches!(i.suffix.size, IntegerSize::LongLong);
            Rc::new(Type::Int(crate::ir::IntTy {
                size: 8,
                signed: true,
                kind: if ll {
                    crate::ir::IntKind::LongLong
                } else {
                    crate::ir::IntKind::Plain
                },
            }))
        } else if u || !decimal {
            ulong_t()
        } else {
            // gcc: a decimal constant too large for long becomes unsigned (with a warning)
            ulong_t()
        };
        Ok(CVal::Num(v, t))
    }

    pub fn note_func_use(&mut self, f: FuncId, span: lang_c::span::Span) {
        if !self.func_first_use.contains_key(&f) {
            let l = self.loc(span);
            self.func_first_use.insert(f, l);
        }
    }

    /// The bytes of a (possibly concatenated) narrow string literal, with the final NUL.
    pub fn string_bytes(&mut self, parts: &[String], span: lang_c::span::Span) -> R<Vec<u8>> {
        let lit = self.string_literal(parts, span)?;
        if lit.enc.unit() != 1 {
            return self.unsupported(span, "a wide string literal where a narrow one is expected");
        }
        Ok(lit.bytes)
    }

    /// A (possibly concatenated) string literal: its encoding, from the prefixes (C11
    /// 6.4.5p5: a plain part takes the other parts' prefix), and its bytes, each code
    /// unit little-endian, with the final NUL unit.
    pub fn string_literal(&mut self, parts: &[String], span: lang_c::span::Span) -> R<StrLit> {
        let mut enc = StrEnc::Plain;
        let mut bodies = Vec::with_capacity(parts.len());
        for p in parts {
            let Some((e, body)) = StrEnc::split(p) else {
                return self.unsupported(span, format!("string literal {p}"));
            };
            if e != StrEnc::Plain && enc != StrEnc::Plain && e != enc {
                return self.error(
                    span,
                    "concatenation of string literals with different prefixes",
                );
            }
            if e != StrEnc::Plain {
                enc = e;
            }
            bodies.push(body);
        }
        let mut bytes = Vec::new();
        for body in bodies {
            match decode_literal(body).and_then(|units| enc.encode(&units)) {
                Ok(b) => bytes.extend(b),
                Err(m) => return self.error(span, m),
            }
        }
        bytes.extend(std::iter::repeat_n(0, enc.unit()));
        Ok(StrLit { bytes, enc })
    }
}

/// A string literal's encoding, from its prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrEnc {
    /// `"..."` and `u8"..."`: UTF-8 bytes, `char` elements.
    Plain,
    Utf8,
    /// `L"..."`: `wchar_t`, a 32-bit `int` on x86-64 Linux.
    Wide,
    /// `u"..."`: `char16_t` (UTF-16), `U"..."`: `char32_t`.
    Utf16,
    Utf32,
}

impl StrEnc {
    /// The prefix of a literal's text and its body between the quotes.
    fn split(text: &str) -> Option<(StrEnc, &str)> {
        let (enc, rest) = if let Some(r) = text.strip_prefix("u8") {
            (StrEnc::Utf8, r)
        } else if let Some(r) = text.strip_prefix('L') {
            (StrEnc::Wide, r)
        } else if let Some(r) = text.strip_prefix('u') {
            (StrEnc::Utf16, r)
        } else if let Some(r) = text.strip_prefix('U') {
            (StrEnc::Utf32, r)
        } else {
            (StrEnc::Plain, text)
        };
        Some((enc, rest.strip_prefix('"')?.strip_suffix('"')?))
    }

    /// Bytes per code unit.
    pub fn unit(self) -> usize {
        match self {
            StrEnc::Plain | StrEnc::Utf8 => 1,
            StrEnc::Utf16 => 2,
            StrEnc::Wide | StrEnc::Utf32 => 4,
        }
    }

    /// The element type of the literal's array.
    pub fn elem(self) -> TypeRef {
        match self {
            StrEnc::Plain | StrEnc::Utf8 => super::types::char_t(),
            StrEnc::Wide => int_t(),
            StrEnc::Utf16 => Rc::new(Type::int(2, false)),
            StrEnc::Utf32 => Rc::new(Type::int(4, false)),
        }
    }

    /// The code units of decoded literal text, little-endian bytes. A numeric escape
    /// is one unit (its value cut to the unit's width, as gcc does with a warning); a
    /// character is its UTF-8 bytes, its UTF-16 units, or its code point.
    fn encode(self, units: &[LitUnit]) -> Result<Vec<u8>, String> {
        let mut out = Vec::with_capacity(units.len() * self.unit());
        for u in units {
            let (cp, numeric) = match *u {
                LitUnit::Byte(b) if self.unit() == 1 => {
                    out.push(b);
                    continue;
                }
                LitUnit::Byte(b) => {
                    return Err(format!(
                        "byte 0x{b:02x}, which is not UTF-8, in a wide string literal"
                    ))
                }
                LitUnit::Escape(v) => (v, true),
                LitUnit::Char(c) => (c as u32, false),
            };
            match (self.unit(), numeric) {
                (1, true) => out.push(cp as u8),
                (1, false) => {
                    let c = char::from_u32(cp).ok_or("invalid character in a literal")?;
                    out.extend(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                (2, true) => out.extend((cp as u16).to_le_bytes()),
                (2, false) => {
                    let c = char::from_u32(cp).ok_or("invalid character in a literal")?;
                    for w in c.encode_utf16(&mut [0; 2]) {
                        out.extend(w.to_le_bytes());
                    }
                }
                _ => out.extend(cp.to_le_bytes()),
            }
        }
        Ok(out)
    }
}

/// A string literal's value: its bytes (with the final NUL unit) and encoding.
pub struct StrLit {
    pub bytes: Vec<u8>,
    pub enc: StrEnc,
}

impl StrLit {
    /// The number of elements, the NUL included.
    pub fn len(&self) -> u64 {
        (self.bytes.len() / self.enc.unit()) as u64
    }

    /// The literal's array type.
    pub fn array_type(&self) -> TypeRef {
        Rc::new(Type::Array(self.enc.elem(), Some(self.len())))
    }
}

/// One piece of a literal's text: a character of the source, a source byte that was
/// not UTF-8, or a numeric escape's value (`\x41`, `\101`, `\n`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LitUnit {
    Char(char),
    Byte(u8),
    Escape(u32),
}

/// Decode C escape sequences of a string or character literal body. (Universal
/// character names, `\u00e9`, never reach here: the parser refuses them.)
pub(crate) fn decode_literal(s: &str) -> Result<Vec<LitUnit>, String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        // A byte of the source that was not UTF-8 (`frontend::source_text`).
        if let Some((byte, len)) = crate::frontend::placeholder_byte(&b[i..]) {
            out.push(LitUnit::Byte(byte));
            i += len;
            continue;
        }
        if b[i] != b'\\' {
            let c = s[i..].chars().next().ok_or("truncated literal")?;
            out.push(LitUnit::Char(c));
            i += c.len_utf8();
            continue;
        }
        i += 1;
        let Some(&c) = b.get(i) else {
            return Err("escape sequence at the end of a literal".into());
        };
        if !c.is_ascii() {
            // A backslash before a non-ASCII character: gcc keeps the character (with
            // a warning); it is read whole on the next turn.
            continue;
        }
        i += 1;
        let v = match c {
            b'n' => u32::from(b'\n'),
            b't' => u32::from(b'\t'),
            b'r' => u32::from(b'\r'),
            b'0'..=b'7' => {
                let mut v: u32 = (c - b'0') as u32;
                let mut k = 0;
                while k < 2 && i < b.len() && (b'0'..=b'7').contains(&b[i]) {
                    v = v * 8 + (b[i] - b'0') as u32;
                    i += 1;
                    k += 1;
                }
                v
            }
            b'x' => {
                let mut v: u32 = 0;
                let st = i;
                while i < b.len() && b[i].is_ascii_hexdigit() {
                    v = v.wrapping_mul(16) + (b[i] as char).to_digit(16).unwrap_or(0);
                    i += 1;
                }
                if i == st {
                    return Err("\\x used with no following hex digits".into());
                }
                v
            }
            b'a' => 7,
            b'b' => 8,
            b'f' => 12,
            b'v' => 11,
            b'e' => 27,
            // `\\`, `\'`, `\"`, `\?`, and what gcc accepts with a warning.
            other => u32::from(other),
        };
        out.push(LitUnit::Escape(v));
    }
    Ok(out)
}

/// The bytes of a narrow literal body (escapes decoded, characters in UTF-8).
pub(crate) fn unescape(s: &str) -> Result<Vec<u8>, String> {
    StrEnc::Plain.encode(&decode_literal(s)?)
}

fn parse_hex_float(s: &str) -> Option<f64> {
    let s = s.trim_start_matches("0x").trim_start_matches("0X");
    let (mant, exp) = match s.find(['p', 'P']) {
        Some(i) => (&s[..i], s[i + 1..].parse::<i32>().ok()?),
        None => (s, 0),
    };
    let (int_part, frac_part) = match mant.find('.') {
        Some(i) => (&mant[..i], &mant[i + 1..]),
        None => (mant, ""),
    };
    let mut v: f64 = 0.0;
    for c in int_part.chars() {
        v = v * 16.0 + c.to_digit(16)? as f64;
    }
    let mut scale = 1.0 / 16.0;
    for c in frac_part.chars() {
        v += c.to_digit(16)? as f64 * scale;
        scale /= 16.0;
    }
    Some(v * 2f64.powi(exp))
}

#[cfg(test)]
mod literal_tests {
    use super::{decode_literal, unescape, LitUnit, StrEnc};

    fn encode(enc: StrEnc, body: &str) -> Vec<u8> {
        enc.encode(&decode_literal(body).expect("decodes"))
            .expect("encodes")
    }

    /// Each encoding's code units: characters as UTF-8, UTF-16 (with surrogate pairs)
    /// or code points; numeric escapes as one unit cut to the unit's width.
    #[test]
    fn literals_encode_as_gcc_lays_them_out() {
        assert_eq!(encode(StrEnc::Plain, "é\\x41\\101"), b"\xc3\xa9AA");
        assert_eq!(encode(StrEnc::Wide, "é"), 0xe9u32.to_le_bytes());
        assert_eq!(
            encode(StrEnc::Wide, "\\xffffffff\\n"),
            [[0xff; 4], 10u32.to_le_bytes()].concat()
        );
        let pair: Vec<u8> = [0xd83du16, 0xde00]
            .iter()
            .flat_map(|u| u.to_le_bytes())
            .collect();
        assert_eq!(encode(StrEnc::Utf16, "😀"), pair);
        assert_eq!(encode(StrEnc::Utf16, "\\x12345"), 0x2345u16.to_le_bytes());
        assert_eq!(encode(StrEnc::Utf32, "😀"), 0x1f600u32.to_le_bytes());
    }

    /// A backslash before a non-ASCII character keeps the character whole (gcc warns),
    /// instead of splitting it.
    #[test]
    fn backslash_before_a_multibyte_character() {
        assert_eq!(decode_literal("\\é"), Ok(vec![LitUnit::Char('é')]));
        assert_eq!(unescape("a\\éb"), Ok("aéb".as_bytes().to_vec()));
    }

    /// A source byte that was not UTF-8 stays a byte in a narrow literal and is refused
    /// in a wide one (gcc cannot convert it either).
    #[test]
    fn bytes_that_are_not_utf8() {
        let text = crate::frontend::source_text(b"\xff");
        assert_eq!(unescape(&text), Ok(vec![0xff]));
        let units = decode_literal(&text).expect("decodes");
        assert!(StrEnc::Wide.encode(&units).is_err());
    }
}
