//! Expressions. Orders of evaluation follow gcc -O0 on x86_64 (checked against it):
//! call arguments right to left, binary operands left to right, `a = b` evaluates the
//! place of `a` first, `a op= b` evaluates `b` first.

use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::{Node, Span};

use super::consteval::CVal;
use super::types::{common_type, int_t, long_t, promote, ptr_to, ulong_t};
use super::{Cx, FnState, Sym, VarLoc, R};
use crate::ir::arith;
use crate::ir::*;

#[derive(Clone, Debug)]
pub(crate) enum Val {
    /// A scalar rvalue.
    S(Operand, TypeRef),
    /// A struct or union value, by the address where it lives.
    Agg(Operand, TypeRef),
    Void,
}

/// An array access with its operands evaluated (see `index_access`).
enum IndexAccess {
    Elem(Operand, Operand, i64, TypeRef),
    Place(Place),
}

#[derive(Clone, Debug)]
pub(crate) enum Place {
    Reg(Reg, TypeRef),
    Mem(Operand, TypeRef),
    /// A bit-field: the address of the byte holding its lowest bit, its position, and
    /// the type its value has once read (`bit_field_value_type`).
    Bits(Operand, BitField, TypeRef),
}

impl Place {
    pub fn ty(&self) -> &TypeRef {
        match self {
            Place::Reg(_, t) | Place::Mem(_, t) | Place::Bits(_, _, t) => t,
        }
    }
}

/// The type of a bit-field's value as gcc computes with it: the integer promotions
/// apply to the field's width, not its declared type (`unsigned x:3` is an `int`,
/// `unsigned x:32` an `unsigned int`); `_Bool` stays `_Bool`; a field of 33 to 63 bits
/// has a type of its own width ([`IntKind::Wide`]).
pub(crate) fn bit_field_value_type(b: BitField, declared: &TypeRef) -> TypeRef {
    if declared.is_bool() || b.width >= 64 {
        declared.clone()
    } else if b.width > 32 {
        Rc::new(Type::Int(IntTy {
            size: 8,
            signed: b.signed,
            kind: IntKind::Wide(b.width),
        }))
    } else if b.width < 32 || b.signed {
        int_t()
    } else {
        Rc::new(Type::int(4, false))
    }
}

/// The power-of-two chunks (byte offset, kind) that read or write exactly `n` bytes.
fn chunks(n: u32) -> Vec<(u32, Scalar)> {
    let mut out = Vec::new();
    let mut off = 0;
    for k in [8u32, 4, 2, 1] {
        if n - off >= k {
            out.push((off, Scalar::int(k, false)));
            off += k;
        }
    }
    out
}

/// Integer conversions that leave a canonical register value unchanged (canonical
/// values are sign- or zero-extended to 64 bits): to any 64-bit type, or to a wider type
/// that keeps the source's extension. Lowering emits no `Cast` for them.
fn widening_is_identity(from: Scalar, to: Scalar) -> bool {
    from.is_int()
        && to.is_int()
        && (to.bits() == 64 || (to.bits() > from.bits() && (to.is_signed() || !from.is_signed())))
}

/// A floating constant with the `L` suffix (a `long double`).
fn is_ld_literal(c: &Node<Constant>) -> bool {
    matches!(&c.node, Constant::Float(f) if matches!(f.suffix.format, FloatFormat::LongDouble))
}

fn sc(t: &Type) -> Scalar {
    t.scalar().unwrap_or(Scalar::I32)
}

pub(crate) fn bin_of(op: &BinaryOperator) -> Option<BinOp> {
    use BinaryOperator as B;
    Some(match op {
        B::Multiply | B::AssignMultiply => BinOp::Mul,
        B::Divide | B::AssignDivide => BinOp::Div,
        B::Modulo | B::AssignModulo => BinOp::Rem,
        B::Plus | B::AssignPlus => BinOp::Add,
        B::Minus | B::AssignMinus => BinOp::Sub,
        B::ShiftLeft | B::AssignShiftLeft => BinOp::Shl,
        B::ShiftRight | B::AssignShiftRight => BinOp::Shr,
        B::Less => BinOp::Lt,
        B::Greater => BinOp::Gt,
        B::LessOrEqual => BinOp::Le,
        B::GreaterOrEqual => BinOp::Ge,
        B::Equals => BinOp::Eq,
        B::NotEquals => BinOp::Ne,
        B::BitwiseAnd | B::AssignBitwiseAnd => BinOp::And,
        B::BitwiseXor | B::AssignBitwiseXor => BinOp::Xor,
        B::BitwiseOr | B::AssignBitwiseOr => BinOp::Or,
        _ => return None,
    })
}

impl<'u> Cx<'u> {
    /// The type of an expression, without evaluating it (for `sizeof`): the expression
    /// is lowered into a block that nothing jumps to.
    pub fn type_of_expr(&mut self, e: &Node<Expression>) -> R<TypeRef> {
        let had_fn = self.f.is_some();
        if !had_fn {
            self.f = Some(FnState {
                f: Function {
                    name: "<file scope>".into(),
                    loc: Loc::default(),
                    params: Vec::new(),
                    ret: None,
                    sret_size: None,
                    regs: Vec::new(),
                    locals: Vec::new(),
                    blocks: Vec::new(),
                    frame_bytes: 0,
                    va_area: None,
                },
                cur: BlockId::new(0),
                breaks: Vec::new(),
                continues: Vec::new(),
                switches: Vec::new(),
                labels: Default::default(),
                labels_defined: Default::default(),
                ret_ty: int_t(),
                sret: None,
                addr_taken: Default::default(),
                vm: Default::default(),
            });
        }
        let saved = self.fs().cur;
        let scratch = self.new_block();
        self.switch_to(scratch);
        self.no_code += 1;
        let r = self.expr_nodecay(e);
        self.no_code -= 1;
        if had_fn {
            self.switch_to(saved);
        } else {
            self.f = None;
        }
        Ok(match r? {
            Val::S(_, t) | Val::Agg(_, t) => t,
            Val::Void => Rc::new(Type::Void),
        })
    }

    /// An expression as a scalar rvalue (arrays and functions decay to pointers).
    pub fn scalar_rvalue(&mut self, e: &Node<Expression>) -> R<(Operand, TypeRef)> {
        let v = self.expr(e)?;
        self.scalar_of(v, e.span)
    }

    /// A lowered value that must be a scalar.
    pub fn scalar_of(&mut self, v: Val, span: Span) -> R<(Operand, TypeRef)> {
        let e = Node::new((), span);
        match v {
            Val::S(o, t) => Ok((o, t)),
            Val::Agg(_, t) if t.is_long_double() => {
                self.unsupported(e.span, "long double in this position")
            }
            Val::Agg(..) => self.error(
                e.span,
                "a struct or union is used where a scalar is required",
            ),
            Val::Void => self.error(e.span, "a void value is used"),
        }
    }

    /// An expression of struct type: the address of its value.
    pub fn agg_rvalue(&mut self, e: &Node<Expression>) -> R<Operand> {
        match self.expr(e)? {
            Val::Agg(a, _) => Ok(a),
            _ => self.error(e.span, "expected a struct or union value"),
        }
    }

    /// An expression whose value is not used (expression statements, `for` steps, the
    /// left of a comma): `x++` is lowered as `++x`, which needs no copy of the old value.
    pub fn expr_discard(&mut self, e: &Node<Expression>) -> R<()> {
        if let Expression::UnaryOperator(u) = &e.node {
            let pre = match u.node.operator.node {
                UnaryOperator::PostIncrement => Some(UnaryOperator::PreIncrement),
                UnaryOperator::PostDecrement => Some(UnaryOperator::PreDecrement),
                _ => None,
            };
            if let Some(op) = pre {
                let ne = Node::new(
                    Expression::UnaryOperator(Box::new(Node::new(
                        UnaryOperatorExpression {
                            operator: Node::new(op, u.node.operator.span),
                            operand: u.node.operand.clone(),
                        },
                        u.span,
                    ))),
                    e.span,
                );
                self.expr(&ne)?;
                return Ok(());
            }
        }
        if let Expression::Comma(list) = &e.node {
            for x in list.iter() {
                self.expr_discard(x)?;
            }
            return Ok(());
        }
        self.expr(e)?;
        Ok(())
    }

    /// An expression in rvalue context (with array and function decay).
    pub fn expr(&mut self, e: &Node<Expression>) -> R<Val> {
        let v = self.expr_nodecay(e)?;
        Ok(self.decay(v, e.span))
    }

    fn decay(&mut self, v: Val, span: Span) -> Val {
        match v {
            Val::Agg(a, t) => match &*t {
                Type::Array(el, _) | Type::Vla(el, _) => Val::S(a, ptr_to(el.clone())),
                Type::Function(_) => Val::S(a, ptr_to(t.clone())),
                _ => Val::Agg(a, t),
            },
            Val::S(o, t) if matches!(*t, Type::Function(_)) => {
                let _ = span;
                Val::S(o, ptr_to(t))
            }
            other => other,
        }
    }

    /// `expr_nodecay` for the other lowering modules.
    pub fn expr_nodecay_pub(&mut self, e: &Node<Expression>) -> R<Val> {
        self.expr_nodecay(e)
    }

    /// Lower an expression; arrays come back as `Agg(address, array type)`.
    fn expr_nodecay(&mut self, e: &Node<Expression>) -> R<Val> {
        let loc = self.loc(e.span);
        match &e.node {
            Expression::Identifier(id) => {
                let name = &id.node.name;
                match self.lookup(name).cloned() {
                    Some(Sym::EnumConst(v)) => {
                        Ok(Val::S(Operand::Const(Scalar::I32.canon(v as u64)), int_t()))
                    }
                    Some(Sym::Func(f, t)) => {
                        self.note_func_use(FuncId::new(f.raw()), e.span);
                        let a = self.assign(Rvalue::AddrFunc(f), loc);
                        Ok(Val::S(a, t))
                    }
                    Some(Sym::Var(..)) => {
                        let p = self.place(e)?;
                        Ok(self.load_place(p, loc))
                    }
                    Some(Sym::Typedef(_)) => {
                        self.error(e.span, format!("`{name}` is a type, not a value"))
                    }
                    Some(Sym::Failed) => Err(super::Abort),
                    None if name == "__func__"
                        || name == "__FUNCTION__"
                        || name == "__PRETTY_FUNCTION__" =>
                    {
                        let fname = self.fs().f.name.clone();
                        let mut b = fname.into_bytes();
                        b.push(0);
                        let n = b.len() as u64;
                        let g = self.string_global(b, loc);
                        let a = self.assign(Rvalue::AddrGlobal(g), loc);
                        Ok(Val::Agg(
                            a,
                            Rc::new(Type::Array(super::types::char_t(), Some(n))),
                        ))
                    }
                    None => self.error(e.span, format!("use of undeclared identifier `{name}`")),
                }
            }
            Expression::Constant(c) if is_ld_literal(c) => {
                let Constant::Float(f) = &c.node else {
                    return self.error(e.span, "floating constant expected");
                };
                let v = self.ld_literal(f, c.span)?;
                Ok(Val::Agg(self.ld_const(v, loc), super::types::ld_t()))
            }
            Expression::Constant(c) => match self.constant(c)? {
                CVal::Num(bits, t) => Ok(Val::S(Operand::Const(bits), t)),
                CVal::Addr(..) => self.error(e.span, "unexpected address constant"),
            },
            Expression::StringLiteral(s) => {
                let lit = self.string_literal(&s.node, s.span)?;
                let ty = lit.array_type();
                let g = self.literal_global(lit, loc);
                let a = self.assign(Rvalue::AddrGlobal(g), loc);
                Ok(Val::Agg(a, ty))
            }
            Expression::Member(_) | Expression::CompoundLiteral(_) => {
                let p = self.place(e)?;
                Ok(self.load_place(p, loc))
            }
            Expression::Call(c) => self.call(c, e.span),
            // `sizeof` a variable-length array is computed at run time; of a value of
            // such a type, the operand is evaluated (C11 6.5.3.4p2).
            Expression::SizeOfTy(t) => {
                let ty = self.type_name(&t.node.0)?;
                let n = self.dyn_size(&ty, t.span)?;
                Ok(Val::S(n, ulong_t()))
            }
            Expression::SizeOfVal(v) if !self.is_bit_field(&v.node.0)? => {
                let ty = self.type_of_expr(&v.node.0)?;
                let ty = if ty.is_vla() {
                    match self.expr_nodecay(&v.node.0)? {
                        Val::S(_, t) | Val::Agg(_, t) => t,
                        Val::Void => ty,
                    }
                } else {
                    ty
                };
                let n = self.dyn_size(&ty, v.span)?;
                Ok(Val::S(n, ulong_t()))
            }
            Expression::SizeOfVal(_) | Expression::AlignOf(_) | Expression::OffsetOf(_) => {
                let v = match &e.node {
                    Expression::OffsetOf(o) => self.offset_of(o)?,
                    _ => match self.const_eval(e)? {
                        CVal::Num(v, _) => v,
                        CVal::Addr(..) => 0,
                    },
                };
                Ok(Val::S(Operand::Const(v), ulong_t()))
            }
            Expression::UnaryOperator(u) => self.unary(u, e, loc),
            Expression::Cast(c) => {
                let to = self.type_name(&c.node.type_name)?;
                let v = self.expr(&c.node.expression)?;
                if to.is_void() {
                    return Ok(Val::Void);
                }
                if to.is_long_double() || Self::is_ld_val(&v) {
                    return self.convert_val(v, &to, e.span);
                }
                let Val::S(o, from) = v else {
                    return self.unsupported(e.span, "cast of a struct or union value");
                };
                if !to.is_scalar() {
                    return self.unsupported(e.span, "cast to a struct, union or array type");
                }
                let o = self.convert(o, &from, &to, e.span)?;
                Ok(Val::S(o, to))
            }
            Expression::BinaryOperator(b) => self.binary(b, e, loc),
            Expression::Conditional(c) => self.conditional(c, e.span, loc),
            Expression::Comma(list) => {
                let mut last = Val::Void;
                for (i, x) in list.iter().enumerate() {
                    if i + 1 < list.len() {
                        self.expr_discard(x)?;
                    } else {
                        last = self.expr(x)?;
                    }
                }
                Ok(last)
            }
            Expression::GenericSelection(g) => self.generic_selection(g, e.span),
            Expression::VaArg(va) => self.va_arg(va, e.span),
            Expression::Statement(st) => self.statement_expr(st, e.span),
        }
    }

    pub fn offset_of(&mut self, o: &Node<OffsetOfExpression>) -> R<u64> {
        let mut t = self.type_name(&o.node.type_name)?;
        let (off0, t0) = self.field(&t, &o.node.designator.node.base.node.name, o.span)?;
        let mut off = off0 as u64;
        t = t0;
        for m in &o.node.designator.node.members {
            match &m.node {
                OffsetMember::Member(id) => {
                    let (fo, ft) = self.field(&t, &id.node.name, m.span)?;
                    off += fo as u64;
                    t = ft;
                }
                OffsetMember::Index(ix) => {
                    let i = self.const_int(ix)?;
                    let Type::Array(el, _) = &*t else {
                        return self.error(m.span, "index into a non-array in offsetof");
                    };
                    let el = el.clone();
                    off = off.wrapping_add(
                        (i as u64).wrapping_mul(self.size_of(&el).unwrap_or(0) as u64),
                    );
                    t = el;
                }
                OffsetMember::IndirectMember(_) => {
                    return self.unsupported(m.span, "-> in offsetof")
                }
            }
        }
        Ok(off)
    }

    /// The object an lvalue expression designates.
    pub fn place(&mut self, e: &Node<Expression>) -> R<Place> {
        let loc = self.loc(e.span);
        match &e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name).cloned() {
                Some(Sym::Failed) => Err(super::Abort),
                Some(Sym::Var(VarLoc::Reg(r), t)) => Ok(Place::Reg(r, t)),
                Some(Sym::Var(VarLoc::Local(l), t)) => {
                    let a = self.assign(Rvalue::AddrLocal(l), loc);
                    Ok(Place::Mem(a, t))
                }
                Some(Sym::Var(VarLoc::Global(g), t)) => {
                    let a = self.assign(Rvalue::AddrGlobal(g), loc);
                    Ok(Place::Mem(a, t))
                }
                Some(Sym::Func(f, t)) => {
                    self.note_func_use(FuncId::new(f.raw()), e.span);
                    let a = self.assign(Rvalue::AddrFunc(f), loc);
                    Ok(Place::Mem(a, t))
                }
                _ => match self.expr_nodecay(e)? {
                    Val::Agg(a, t) => Ok(Place::Mem(a, t)),
                    _ => self.error(e.span, format!("`{}` is not an object", id.node.name)),
                },
            },
            Expression::StringLiteral(_) => match self.expr_nodecay(e)? {
                Val::Agg(a, t) => Ok(Place::Mem(a, t)),
                _ => self.error(e.span, "string literal"),
            },
            Expression::Member(m) => {
                let (base_addr, base_ty) = match m.node.operator.node {
                    MemberOperator::Direct => match self.place(&m.node.expression)? {
                        Place::Mem(a, t) => (a, t),
                        Place::Reg(..) | Place::Bits(..) => {
                            return self.error(m.span, "member of a value that is not a struct")
                        }
                    },
                    MemberOperator::Indirect => {
                        let (p, t) = self.scalar_rvalue(&m.node.expression)?;
                        let Some(pt) = t.pointee().cloned() else {
                            return self.error(m.span, "-> on something that is not a pointer");
                        };
                        (p, pt)
                    }
                };
                let (off, fty, bits) = self.field_bits(
                    &base_ty,
                    &m.node.identifier.node.name,
                    m.node.identifier.span,
                )?;
                let a = self.offset_addr(base_addr, off as i64, loc);
                Ok(match bits {
                    Some(b) => Place::Bits(a, b, bit_field_value_type(b, &fty)),
                    None => Place::Mem(a, fty),
                })
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::Index) =>
            {
                match self.index_access(b, e.span)? {
                    IndexAccess::Place(p) => Ok(p),
                    IndexAccess::Elem(base, index, scale, el) => {
                        let a = if index == Operand::Const(0) {
                            base
                        } else {
                            self.assign(Rvalue::PtrAdd { base, index, scale }, loc)
                        };
                        Ok(Place::Mem(a, el))
                    }
                }
            }
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::Indirection) =>
            {
                let (p, t) = self.scalar_rvalue(&u.node.operand)?;
                match t.pointee() {
                    Some(pt) if pt.is_void() => self.error(e.span, "dereference of a void pointer"),
                    Some(pt) => Ok(Place::Mem(p, pt.clone())),
                    None => self.error(e.span, "dereference of something that is not a pointer"),
                }
            }
            Expression::CompoundLiteral(cl) => {
                let ty = self.type_name(&cl.node.type_name)?;
                let init = Node::new(Initializer::List(cl.node.initializer_list.clone()), cl.span);
                let (items, full) = self.flatten_init(&ty, &init)?;
                let size = self.size_or_err(&full, e.span)?;
                let align = self.align_of(&full);
                let l = self.new_local("<compound literal>".into(), size, align, loc);
                self.emit(StmtKind::StorageLive(l), loc);
                let a = self.assign(Rvalue::AddrLocal(l), loc);
                self.emit(StmtKind::Zero { dst: a, size }, loc);
                // The items borrow `init`, which lives in this frame: store them now.
                let items: Vec<_> = items.into_iter().collect();
                for it in items {
                    self.store_init_item(a, it, loc)?;
                }
                Ok(Place::Mem(a, full))
            }
            Expression::Call(_)
            | Expression::Conditional(_)
            | Expression::Comma(_)
            | Expression::BinaryOperator(_) => match self.expr_nodecay(e)? {
                Val::Agg(a, t) => Ok(Place::Mem(a, t)),
                _ => self.error(e.span, "expression is not assignable"),
            },
            _ => self.error(e.span, "expression is not assignable"),
        }
    }

    pub fn load_place(&mut self, p: Place, loc: Loc) -> Val {
        match p {
            Place::Reg(r, t) => Val::S(Operand::Reg(r), t),
            Place::Mem(a, t) => match &*t {
                Type::Array(..)
                | Type::Vla(..)
                | Type::Struct(_)
                | Type::LongDouble
                | Type::Function(_) => Val::Agg(a, t),
                _ => {
                    let s = sc(&t);
                    let v = self.assign(Rvalue::Load(a, s), loc);
                    Val::S(v, t)
                }
            },
            Place::Bits(a, b, t) => {
                let raw = self.load_bytes(a, b.nbytes(), false, loc);
                let w = b.width as u64;
                let v = if b.signed {
                    let up = Operand::Const(64 - b.shift as u64 - w);
                    let x = self.assign(Rvalue::Bin(BinOp::Shl, Scalar::U64, raw, up), loc);
                    let down = Operand::Const(64 - w);
                    self.assign(Rvalue::Bin(BinOp::Shr, Scalar::I64, x, down), loc)
                } else {
                    let x = if b.shift == 0 {
                        raw
                    } else {
                        let sh = Operand::Const(b.shift as u64);
                        self.assign(Rvalue::Bin(BinOp::Shr, Scalar::U64, raw, sh), loc)
                    };
                    if b.nbytes() * 8 == b.width as u32 {
                        x
                    } else {
                        let m = Operand::Const((1u64 << w) - 1);
                        self.assign(Rvalue::Bin(BinOp::And, Scalar::U64, x, m), loc)
                    }
                };
                Val::S(v, t)
            }
        }
    }

    /// The little-endian value of `n` bytes at `a` (1 to 8), as a `U64`. `raw` skips
    /// the initialisation check: the other bits of a bit-field's bytes.
    fn load_bytes(&mut self, a: Operand, n: u32, raw: bool, loc: Loc) -> Operand {
        let mut acc: Option<Operand> = None;
        for (off, k) in chunks(n) {
            let p = self.offset_addr(a, off as i64, loc);
            let v = self.assign(
                if raw {
                    Rvalue::LoadRaw(p, k)
                } else {
                    Rvalue::Load(p, k)
                },
                loc,
            );
            let v = if off == 0 {
                v
            } else {
                let sh = Operand::Const(off as u64 * 8);
                self.assign(Rvalue::Bin(BinOp::Shl, Scalar::U64, v, sh), loc)
            };
            acc = Some(match acc {
                None => v,
                Some(x) => self.assign(Rvalue::Bin(BinOp::Or, Scalar::U64, x, v), loc),
            });
        }
        acc.unwrap_or(Operand::Const(0))
    }

    /// Store the low `n` bytes (1 to 8) of the `U64` value `v` at `a`.
    fn store_bytes(&mut self, a: Operand, n: u32, v: Operand, loc: Loc) {
        for (off, k) in chunks(n) {
            let p = self.offset_addr(a, off as i64, loc);
            let x = if off == 0 {
                v
            } else {
                let sh = Operand::Const(off as u64 * 8);
                self.assign(Rvalue::Bin(BinOp::Shr, Scalar::U64, v, sh), loc)
            };
            let x = if k == Scalar::U64 {
                x
            } else {
                self.assign(
                    Rvalue::Cast {
                        from: Scalar::U64,
                        to: k,
                        val: x,
                    },
                    loc,
                )
            };
            self.emit(
                StmtKind::Store {
                    addr: p,
                    val: x,
                    ty: k,
                },
                loc,
            );
        }
    }

    /// Write a bit-field (read-modify-write of its bytes: only its bits change).
    /// `v` is already of the field's value type. Returns the value the field holds
    /// afterwards (truncated to its width), the value of an assignment expression.
    pub fn store_bits(&mut self, a: Operand, b: BitField, v: Operand, loc: Loc) -> Operand {
        let n = b.nbytes();
        let mask = b.mask();
        let ins = match v {
            Operand::Const(c) => Operand::Const((c << b.shift) & mask),
            _ => {
                let x = if b.shift == 0 {
                    v
                } else {
                    let sh = Operand::Const(b.shift as u64);
                    self.assign(Rvalue::Bin(BinOp::Shl, Scalar::U64, v, sh), loc)
                };
                self.assign(
                    Rvalue::Bin(BinOp::And, Scalar::U64, x, Operand::Const(mask)),
                    loc,
                )
            }
        };
        let full = if n == 8 {
            u64::MAX
        } else {
            (1u64 << (n * 8)) - 1
        };
        let new = if mask == full {
            ins
        } else {
            let old = self.load_bytes(a, n, true, loc);
            let keep = Operand::Const(full & !mask);
            let kept = self.assign(Rvalue::Bin(BinOp::And, Scalar::U64, old, keep), loc);
            self.assign(Rvalue::Bin(BinOp::Or, Scalar::U64, kept, ins), loc)
        };
        self.store_bytes(a, n, new, loc);
        // The stored value, sign- or zero-extended from the field's width.
        let w = b.width as u64;
        let up = Operand::Const(64 - w);
        if let Operand::Const(c) = v {
            let x = c << (64 - w);
            return Operand::Const(if b.signed {
                ((x as i64) >> (64 - w)) as u64
            } else {
                x >> (64 - w)
            });
        }
        let x = self.assign(Rvalue::Bin(BinOp::Shl, Scalar::U64, v, up), loc);
        let k = if b.signed { Scalar::I64 } else { Scalar::U64 };
        self.assign(Rvalue::Bin(BinOp::Shr, k, x, up), loc)
    }

    /// `store_place` for the other lowering modules.
    pub fn store_place_pub(&mut self, p: &Place, v: Operand, loc: Loc) -> Operand {
        self.store_place(p, v, loc)
    }

    /// Store a converted value; returns the operand that holds the stored value
    /// afterwards (the expression's value).
    fn store_place(&mut self, p: &Place, v: Operand, loc: Loc) -> Operand {
        match p {
            Place::Reg(r, _) => self.set_reg(*r, v, loc),
            Place::Mem(a, t) => {
                let ty = sc(t);
                self.emit(
                    StmtKind::Store {
                        addr: *a,
                        val: v,
                        ty,
                    },
                    loc,
                );
                v
            }
            Place::Bits(a, b, _) => self.store_bits(*a, *b, v, loc),
        }
    }

    /// Whether `e` designates a bit-field (`sizeof` of one is an error, as in gcc).
    pub fn is_bit_field(&mut self, e: &Node<Expression>) -> R<bool> {
        let Expression::Member(m) = &e.node else {
            return Ok(false);
        };
        let bt = self.type_of_expr(&m.node.expression)?;
        let st = match m.node.operator.node {
            MemberOperator::Direct => bt,
            MemberOperator::Indirect => match bt.pointee() {
                Some(p) => p.clone(),
                None => return Ok(false),
            },
        };
        let id = &m.node.identifier;
        Ok(self.field_bits(&st, &id.node.name, id.span)?.2.is_some())
    }

    /// `r = v`. When `v` is a temporary defined by the statement just emitted, that
    /// statement is retargeted to define `r` directly (no copy through the temporary).
    pub fn set_reg(&mut self, r: Reg, v: Operand, loc: Loc) -> Operand {
        if let Operand::Reg(t) = v {
            let fs = self.fs();
            let is_temp =
                fs.f.regs
                    .get(t.index())
                    .map(|i| i.name.is_none())
                    .unwrap_or(false);
            let cur = fs.cur.index();
            if t != r && is_temp {
                if let Some(Stmt {
                    kind: StmtKind::Assign(d, _),
                    ..
                }) = fs.f.blocks[cur].stmts.last_mut()
                {
                    if *d == t {
                        *d = r;
                        return Operand::Reg(r);
                    }
                }
            }
        }
        self.emit(StmtKind::Assign(r, Rvalue::Use(v)), loc);
        v
    }

    /// The size of `t` in bytes (an `unsigned long`): a constant, or for a
    /// variable-length array the product of its element counts, read from the registers
    /// its declarator set, and its element size.
    pub fn dyn_size(&mut self, t: &TypeRef, span: Span) -> R<Operand> {
        if !t.is_vla() {
            return Ok(Operand::Const(self.size_or_err(t, span)? as u64));
        }
        let loc = self.loc(span);
        let (el, count) = match &**t {
            Type::Vla(el, Some(r)) => (el, Operand::Reg(Reg::new(*r))),
            Type::Array(el, Some(n)) => (el, Operand::Const(*n)),
            _ => return self.error(span, "size of a variable-length array of unspecified size"),
        };
        let es = self.dyn_size(el, span)?;
        Ok(self.fold_bin(BinOp::Mul, Scalar::U64, count, es, loc))
    }

    /// Convert a scalar between types, folding constants.
    pub fn convert(&mut self, v: Operand, from: &TypeRef, to: &TypeRef, span: Span) -> R<Operand> {
        if to.is_void() {
            return Ok(v);
        }
        let Some(fs) = from.scalar() else {
            return self.error(span, "conversion of a non-scalar value");
        };
        let Some(ts) = to.scalar() else {
            return self.error(span, "conversion to a non-scalar type");
        };
        let loc = self.loc(span);
        if to.is_bool() && !from.is_bool() {
            let zero = if fs.is_float() {
                arith::bits_of_f64(fs, 0.0)
            } else {
                0
            };
            if let Operand::Const(c) = v {
                let r = arith::binop(BinOp::Ne, fs, c, zero).unwrap_or(1);
                return Ok(Operand::Const(r));
            }
            return Ok(self.assign(Rvalue::Bin(BinOp::Ne, fs, v, Operand::Const(zero)), loc));
        }
        let fs2 = if fs == Scalar::Ptr { Scalar::U64 } else { fs };
        let ts2 = if ts == Scalar::Ptr { Scalar::U64 } else { ts };
        let v = if fs2 == ts2 || widening_is_identity(fs2, ts2) {
            v
        } else if let Operand::Const(c) = v {
            Operand::Const(arith::fold_cast(fs2, ts2, c))
        } else {
            self.assign(
                Rvalue::Cast {
                    from: fs2,
                    to: ts2,
                    val: v,
                },
                loc,
            )
        };
        Ok(match from == to {
            true => v,
            false => self.narrow_wide(v, to, loc),
        })
    }

    /// `v`, of 64 bits, in `t`'s width when `t` is a wide bit-field's value type
    /// ([`IntKind::Wide`]): sign- or zero-extended from its bits, as gcc computes.
    fn narrow_wide(&mut self, v: Operand, t: &TypeRef, loc: Loc) -> Operand {
        let Some(w) = t.wide_bits() else {
            return v;
        };
        let s = match **t {
            Type::Int(IntTy { signed: true, .. }) => Scalar::I64,
            _ => Scalar::U64,
        };
        let by = Operand::Const(64 - w as u64);
        let up = self.fold_bin(BinOp::Shl, Scalar::U64, v, by, loc);
        self.fold_bin(BinOp::Shr, s, up, by, loc)
    }

    /// `a[i]` with its operands evaluated once: a scalar element as (base pointer, index
    /// as `long`, element size, element type) for LoadIdx/StoreIdx, or else its place.
    fn index_access(&mut self, b: &Node<BinaryOperatorExpression>, span: Span) -> R<IndexAccess> {
        let (l, lt) = self.scalar_rvalue(&b.node.lhs)?;
        let (r, rt) = self.scalar_rvalue(&b.node.rhs)?;
        // `i[a]` is `a[i]`
        let (p, pt, i, it) = if lt.is_pointer() {
            (l, lt, r, rt)
        } else {
            (r, rt, l, lt)
        };
        let Some(el) = pt.pointee().cloned() else {
            return self.error(
                span,
                "subscript of something that is not an array or pointer",
            );
        };
        if el.scalar().is_none() {
            let a = self.ptr_add(p, &el, i, &it, false, span)?;
            return Ok(IndexAccess::Place(Place::Mem(a, el)));
        }
        let es = self.size_or_err(&el, span)? as i64;
        let idx = self.convert(i, &it, &long_t(), span)?;
        Ok(IndexAccess::Elem(p, idx, es, el))
    }

    /// `p + i` (or `p - i`) for a pointer to `el`.
    fn ptr_add(
        &mut self,
        p: Operand,
        el: &TypeRef,
        i: Operand,
        it: &TypeRef,
        negate: bool,
        span: Span,
    ) -> R<Operand> {
        let mut idx = self.convert(i, it, &long_t(), span)?;
        let loc = self.loc(span);
        let es = match &**el {
            Type::Void | Type::Function(_) => 1,
            _ => match self.dyn_size(el, span)? {
                Operand::Const(c) => c as i64,
                // A pointer to a variable-length array steps by its run-time size.
                size => {
                    idx = self.fold_bin(BinOp::Mul, Scalar::I64, idx, size, loc);
                    1
                }
            },
        };
        if negate {
            idx = match idx {
                Operand::Const(c) => Operand::Const((c as i64).wrapping_neg() as u64),
                o => self.assign(Rvalue::Un(UnOp::Neg, Scalar::I64, o), loc),
            };
        }
        if idx == Operand::Const(0) {
            return Ok(p);
        }
        Ok(self.assign(
            Rvalue::PtrAdd {
                base: p,
                index: idx,
                scale: es,
            },
            loc,
        ))
    }

    /// Arithmetic on two scalar operands (shared by binary and compound assignment).
    fn arith(
        &mut self,
        op: BinOp,
        a: (Operand, TypeRef),
        b: (Operand, TypeRef),
        span: Span,
    ) -> R<(Operand, TypeRef)> {
        let loc = self.loc(span);
        let (av, at) = a;
        let (bv, bt) = b;
        // pointer arithmetic
        if at.is_pointer() || bt.is_pointer() {
            match op {
                BinOp::Add if at.is_pointer() && bt.is_integer() => {
                    let el = at.pointee().cloned().unwrap_or_else(int_t);
                    let r = self.ptr_add(av, &el, bv, &bt, false, span)?;
                    return Ok((r, at));
                }
                BinOp::Add if bt.is_pointer() && at.is_integer() => {
                    let el = bt.pointee().cloned().unwrap_or_else(int_t);
                    let r = self.ptr_add(bv, &el, av, &at, false, span)?;
                    return Ok((r, bt));
                }
                BinOp::Sub if at.is_pointer() && bt.is_integer() => {
                    let el = at.pointee().cloned().unwrap_or_else(int_t);
                    let r = self.ptr_add(av, &el, bv, &bt, true, span)?;
                    return Ok((r, at));
                }
                BinOp::Sub if at.is_pointer() && bt.is_pointer() => {
                    let el = at.pointee().cloned().unwrap_or_else(int_t);
                    if el.is_vla() {
                        let size = self.dyn_size(&el, span)?;
                        let bytes = self.assign(
                            Rvalue::PtrDiff {
                                a: av,
                                b: bv,
                                scale: 1,
                            },
                            loc,
                        );
                        let r = self.fold_bin(BinOp::Div, Scalar::I64, bytes, size, loc);
                        return Ok((r, long_t()));
                    }
                    let es = match &*el {
                        Type::Void => 1,
                        _ => self.size_or_err(&el, span)? as i64,
                    };
                    let r = self.assign(
                        Rvalue::PtrDiff {
                            a: av,
                            b: bv,
                            scale: es.max(1),
                        },
                        loc,
                    );
                    return Ok((r, long_t()));
                }
                o if o.is_comparison() => {
                    let a2 = self.convert(av, &at, &ulong_t(), span)?;
                    let b2 = self.convert(bv, &bt, &ulong_t(), span)?;
                    let r = self.fold_bin(op, Scalar::U64, a2, b2, loc);
                    return Ok((r, int_t()));
                }
                _ => {
                    return self.error(
                        span,
                        format!("invalid operands to `{}` (pointer)", op.c_symbol()),
                    )
                }
            }
        }
        if matches!(op, BinOp::Shl | BinOp::Shr) {
            let pa = promote(&at);
            let pb = promote(&bt);
            let a2 = self.convert(av, &at, &pa, span)?;
            let b2 = self.convert(bv, &bt, &pb, span)?;
            let b3 = self.convert(b2, &pb, &long_t(), span)?;
            let r = self.fold_bin(op, sc(&pa), a2, b3, loc);
            let r = self.narrow_wide(r, &pa, loc);
            return Ok((r, pa));
        }
        let ct = common_type(&at, &bt);
        if ct.is_float() && matches!(op, BinOp::Rem | BinOp::And | BinOp::Or | BinOp::Xor) {
            return self.error(
                span,
                format!("invalid operands to `{}` (floating)", op.c_symbol()),
            );
        }
        let a2 = self.convert(av, &at, &ct, span)?;
        let b2 = self.convert(bv, &bt, &ct, span)?;
        let r = self.fold_bin(op, sc(&ct), a2, b2, loc);
        if op.is_comparison() {
            return Ok((r, int_t()));
        }
        let r = self.narrow_wide(r, &ct, loc);
        Ok((r, ct))
    }

    /// Operands of a comparison converted to their common kind (pointers as unsigned).
    fn comparison_operands(
        &mut self,
        a: (Operand, TypeRef),
        b: (Operand, TypeRef),
        span: Span,
    ) -> R<(Scalar, Operand, Operand)> {
        let (av, at) = a;
        let (bv, bt) = b;
        let ct = if at.is_pointer() || bt.is_pointer() {
            ulong_t()
        } else {
            common_type(&at, &bt)
        };
        let a2 = self.convert(av, &at, &ct, span)?;
        let b2 = self.convert(bv, &bt, &ct, span)?;
        Ok((sc(&ct), a2, b2))
    }

    fn fold_bin(&mut self, op: BinOp, ty: Scalar, a: Operand, b: Operand, loc: Loc) -> Operand {
        if let (Operand::Const(x), Operand::Const(y)) = (a, b) {
            if let Ok(v) = arith::binop(op, ty, x, y) {
                return Operand::Const(v);
            }
        }
        self.assign(Rvalue::Bin(op, ty, a, b), loc)
    }

    fn unary(
        &mut self,
        u: &Node<UnaryOperatorExpression>,
        e: &Node<Expression>,
        loc: Loc,
    ) -> R<Val> {
        let operand = &u.node.operand;
        match u.node.operator.node {
            UnaryOperator::Address => {
                let p = self.place(operand)?;
                match p {
                    Place::Mem(a, t) => Ok(Val::S(a, ptr_to(t))),
                    Place::Reg(..) => self.error(e.span, "address of a register variable"),
                    Place::Bits(..) => self.error(e.span, "cannot take address of bit-field"),
                }
            }
            UnaryOperator::Indirection => {
                let p = self.place(e)?;
                Ok(self.load_place(p, loc))
            }
            UnaryOperator::Plus | UnaryOperator::Minus | UnaryOperator::Complement => {
                let v = self.expr(operand)?;
                if let (Val::Agg(a, t), false) =
                    (&v, u.node.operator.node == UnaryOperator::Complement)
                {
                    if t.is_long_double() {
                        if u.node.operator.node == UnaryOperator::Plus {
                            return Ok(v);
                        }
                        return Ok(self.ld_negate(*a, loc));
                    }
                }
                let (v, t) = self.scalar_of(v, operand.span)?;
                let pt = promote(&t);
                let v = self.convert(v, &t, &pt, e.span)?;
                let op = match u.node.operator.node {
                    UnaryOperator::Plus => return Ok(Val::S(v, pt)),
                    UnaryOperator::Minus => UnOp::Neg,
                    _ => UnOp::Not,
                };
                let s = sc(&pt);
                let r = match v {
                    Operand::Const(c) => Operand::Const(arith::unop(op, s, c)),
                    _ => self.assign(Rvalue::Un(op, s, v), loc),
                };
                let r = self.narrow_wide(r, &pt, loc);
                Ok(Val::S(r, pt))
            }
            UnaryOperator::Negate => {
                let v = self.expr(operand)?;
                if let Val::Agg(a, t) = &v {
                    if t.is_long_double() {
                        let truth = self.ld_truth(*a, loc);
                        let r = self.assign(Rvalue::Un(UnOp::LNot, Scalar::I32, truth), loc);
                        return Ok(Val::S(r, int_t()));
                    }
                }
                let (v, t) = self.scalar_of(v, operand.span)?;
                let s = if t.is_pointer() { Scalar::U64 } else { sc(&t) };
                if let Operand::Const(c) = v {
                    return Ok(Val::S(
                        Operand::Const(arith::unop(UnOp::LNot, s, c)),
                        int_t(),
                    ));
                }
                let r = self.assign(Rvalue::Un(UnOp::LNot, s, v), loc);
                Ok(Val::S(r, int_t()))
            }
            UnaryOperator::PreIncrement
            | UnaryOperator::PreDecrement
            | UnaryOperator::PostIncrement
            | UnaryOperator::PostDecrement => {
                let inc = matches!(
                    u.node.operator.node,
                    UnaryOperator::PreIncrement | UnaryOperator::PostIncrement
                );
                let post = matches!(
                    u.node.operator.node,
                    UnaryOperator::PostIncrement | UnaryOperator::PostDecrement
                );
                let p = self.place(operand)?;
                let t = p.ty().clone();
                if let (Place::Mem(a, _), true) = (&p, t.is_long_double()) {
                    let a = *a;
                    let old = if post {
                        Some(self.ld_copy(a, loc))
                    } else {
                        None
                    };
                    let op = if inc { BinOp::Add } else { BinOp::Sub };
                    let one = Val::S(Operand::Const(1), int_t());
                    let cur = Val::Agg(a, t.clone());
                    let newv = self.ld_arith(op, cur, one, e.span)?;
                    let newv = self.ld_assign(a, newv, e.span, loc)?;
                    return Ok(match old {
                        Some(o) => Val::Agg(o, t),
                        None => newv,
                    });
                }
                let Val::S(old, _) = self.load_place(p.clone(), loc) else {
                    return self.error(e.span, "increment of a non-scalar");
                };
                // Keep the old value in its own register: `old` may be the variable itself.
                let old = if post && matches!(old, Operand::Reg(_)) {
                    self.assign_copy(old, loc)
                } else {
                    old
                };
                let one_t = if t.is_float() { t.clone() } else { int_t() };
                let one = if t.is_float() {
                    arith::bits_of_f64(sc(&t), 1.0)
                } else {
                    1
                };
                let (newv, nt) = self.arith(
                    if inc { BinOp::Add } else { BinOp::Sub },
                    (old, t.clone()),
                    (Operand::Const(one), one_t),
                    e.span,
                )?;
                let newv = self.convert(newv, &nt, &t, e.span)?;
                let newv = self.store_place(&p, newv, loc);
                Ok(Val::S(if post { old } else { newv }, t))
            }
        }
    }

    fn assign_copy(&mut self, v: Operand, loc: Loc) -> Operand {
        let r = self.tmp();
        self.emit(StmtKind::Assign(r, Rvalue::Use(v)), loc);
        Operand::Reg(r)
    }

    fn binary(
        &mut self,
        b: &Node<BinaryOperatorExpression>,
        e: &Node<Expression>,
        loc: Loc,
    ) -> R<Val> {
        use BinaryOperator as B;
        let op = &b.node.operator.node;
        match op {
            B::Index => match self.index_access(b, e.span)? {
                // A scalar element is read in one step.
                IndexAccess::Elem(base, index, scale, el) => {
                    let ty = sc(&el);
                    let v = self.assign(
                        Rvalue::LoadIdx {
                            base,
                            index,
                            scale,
                            ty,
                        },
                        loc,
                    );
                    Ok(Val::S(v, el))
                }
                IndexAccess::Place(p) => Ok(self.load_place(p, loc)),
            },
            B::LogicalAnd | B::LogicalOr => {
                let r = self.tmp();
                let (t, f, j) = (self.new_block(), self.new_block(), self.new_block());
                self.cond_branch(e, t, f)?;
                self.switch_to(t);
                self.emit(StmtKind::Assign(r, Rvalue::Use(Operand::Const(1))), loc);
                self.goto_and_switch(j, loc);
                self.switch_to(f);
                self.emit(StmtKind::Assign(r, Rvalue::Use(Operand::Const(0))), loc);
                self.goto_and_switch(j, loc);
                Ok(Val::S(Operand::Reg(r), int_t()))
            }
            B::Assign => {
                // `a[i] = v` with a scalar element: one StoreIdx (the place's operands
                // are still evaluated before the value, as gcc does).
                let p = match &b.node.lhs.node {
                    Expression::BinaryOperator(lb)
                        if matches!(lb.node.operator.node, BinaryOperator::Index) =>
                    {
                        match self.index_access(lb, b.node.lhs.span)? {
                            IndexAccess::Elem(base, index, scale, el) => {
                                let v = self.expr(&b.node.rhs)?;
                                let Val::S(v, _) = self.convert_val(v, &el, e.span)? else {
                                    return self.error(e.span, "assignment of a non-scalar value");
                                };
                                let ty = sc(&el);
                                self.emit(
                                    StmtKind::StoreIdx {
                                        base,
                                        index,
                                        scale,
                                        val: v,
                                        ty,
                                    },
                                    loc,
                                );
                                return Ok(Val::S(v, el));
                            }
                            IndexAccess::Place(p) => p,
                        }
                    }
                    _ => self.place(&b.node.lhs)?,
                };
                let t = p.ty().clone();
                if let (Place::Mem(dst, _), true) = (&p, t.is_long_double()) {
                    let dst = *dst;
                    let v = self.expr(&b.node.rhs)?;
                    return self.ld_assign(dst, v, e.span, loc);
                }
                if matches!(*t, Type::Struct(_)) {
                    let src = self.agg_rvalue(&b.node.rhs)?;
                    let size = self.size_or_err(&t, e.span)?;
                    let Place::Mem(dst, _) = p else {
                        return self.error(e.span, "struct in a register");
                    };
                    self.emit(StmtKind::Copy { dst, src, size }, loc);
                    return Ok(Val::Agg(dst, t));
                }
                if matches!(*t, Type::Array(..) | Type::Vla(..)) {
                    return self.error(e.span, "assignment to an array");
                }
                let v = self.expr(&b.node.rhs)?;
                let Val::S(v, _) = self.convert_val(v, &t, e.span)? else {
                    return self.error(e.span, "assignment of a non-scalar value");
                };
                let v = self.store_place(&p, v, loc);
                Ok(Val::S(v, t))
            }
            B::AssignMultiply
            | B::AssignDivide
            | B::AssignModulo
            | B::AssignPlus
            | B::AssignMinus
            | B::AssignShiftLeft
            | B::AssignShiftRight
            | B::AssignBitwiseAnd
            | B::AssignBitwiseXor
            | B::AssignBitwiseOr => {
                let bop = bin_of(op).unwrap_or(BinOp::Add);
                let rhs_v = self.expr(&b.node.rhs)?;
                let p = self.place(&b.node.lhs)?;
                let t = p.ty().clone();
                if t.is_long_double() || Self::is_ld_val(&rhs_v) {
                    let old = self.load_place(p.clone(), loc);
                    let nv = self.ld_arith(bop, old, rhs_v, e.span)?;
                    return match (&p, t.is_long_double()) {
                        (Place::Mem(a, _), true) => self.ld_assign(*a, nv, e.span, loc),
                        _ => {
                            let Val::S(nv, _) = self.convert_val(nv, &t, e.span)? else {
                                return self.error(e.span, "compound assignment to a non-scalar");
                            };
                            let nv = self.store_place(&p, nv, loc);
                            Ok(Val::S(nv, t))
                        }
                    };
                }
                let rhs = self.scalar_of(rhs_v, b.node.rhs.span)?;
                let Val::S(old, _) = self.load_place(p.clone(), loc) else {
                    return self.error(e.span, "compound assignment to a non-scalar");
                };
                let (nv, nt) = self.arith(bop, (old, t.clone()), rhs, e.span)?;
                let nv = self.convert(nv, &nt, &t, e.span)?;
                let nv = self.store_place(&p, nv, loc);
                Ok(Val::S(nv, t))
            }
            _ => {
                let bop = bin_of(op).unwrap_or(BinOp::Add);
                let a = self.expr(&b.node.lhs)?;
                let c = self.expr(&b.node.rhs)?;
                if Self::is_ld_val(&a) || Self::is_ld_val(&c) {
                    return self.ld_arith(bop, a, c, e.span);
                }
                let a = self.scalar_of(a, b.node.lhs.span)?;
                let c = self.scalar_of(c, b.node.rhs.span)?;
                let (r, t) = self.arith(bop, a, c, e.span)?;
                Ok(Val::S(r, t))
            }
        }
    }

    fn conditional(&mut self, c: &Node<ConditionalExpression>, span: Span, loc: Loc) -> R<Val> {
        let (t, f, j) = (self.new_block(), self.new_block(), self.new_block());
        self.cond_branch(&c.node.condition, t, f)?;
        // Type of the result: usual conversions for arithmetic; else the operand types.
        let tt = self.type_of_expr(&c.node.then_expression)?;
        let et = self.type_of_expr(&c.node.else_expression)?;
        let decay = |t: &TypeRef| match &**t {
            Type::Array(el, _) | Type::Vla(el, _) => ptr_to(el.clone()),
            Type::Function(_) => ptr_to(t.clone()),
            _ => t.clone(),
        };
        let (tt, et) = (decay(&tt), decay(&et));
        let rt: TypeRef = if tt.is_arith() && et.is_arith() {
            common_type(&tt, &et)
        } else if tt.is_void() || et.is_void() {
            Rc::new(Type::Void)
        } else if tt.is_pointer() && !et.is_pointer() {
            tt.clone()
        } else if et.is_pointer() && !tt.is_pointer() {
            et.clone()
        } else if tt.is_pointer() && et.is_pointer() {
            // `void *` and `T *` -> `void *` (C11 6.5.15p6), else the first
            if tt.pointee().map(|p| p.is_void()).unwrap_or(false) {
                tt.clone()
            } else {
                if et.pointee().map(|p| p.is_void()).unwrap_or(false) {
                    et.clone()
                } else {
                    tt.clone()
                }
            }
        } else {
            tt.clone()
        };
        let r = self.tmp();
        let is_agg = rt.is_by_address();
        for (blk, ex) in [(t, &c.node.then_expression), (f, &c.node.else_expression)] {
            self.switch_to(blk);
            let v = self.expr(ex)?;
            let v = if rt.is_long_double() {
                // A copy: the operand may be a variable changed before the value is used.
                let a = self.ld_operand(v, span)?;
                Val::Agg(self.ld_copy(a, loc), rt.clone())
            } else if Self::is_ld_val(&v) && !rt.is_void() {
                self.convert_val(v, &rt, span)?
            } else {
                v
            };
            match v {
                Val::S(o, vt) if !rt.is_void() && !is_agg => {
                    let o = self.convert(o, &vt, &rt, span)?;
                    self.emit(StmtKind::Assign(r, Rvalue::Use(o)), loc);
                }
                Val::Agg(a, _) if is_agg => self.emit(StmtKind::Assign(r, Rvalue::Use(a)), loc),
                _ => {}
            }
            self.goto_and_switch(j, loc);
        }
        self.switch_to(j);
        if rt.is_void() {
            Ok(Val::Void)
        } else if is_agg {
            Ok(Val::Agg(Operand::Reg(r), rt))
        } else {
            Ok(Val::S(Operand::Reg(r), rt))
        }
    }

    /// Lower a condition straight into branches: each `&&`/`||` operand is its own branch.
    pub fn cond_branch(&mut self, e: &Node<Expression>, t: BlockId, f: BlockId) -> R<()> {
        let loc = self.loc(e.span);
        match &e.node {
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalAnd) =>
            {
                let mid = self.new_block();
                self.cond_branch(&b.node.lhs, mid, f)?;
                self.switch_to(mid);
                self.cond_branch(&b.node.rhs, t, f)
            }
            Expression::BinaryOperator(b)
                if matches!(b.node.operator.node, BinaryOperator::LogicalOr) =>
            {
                let mid = self.new_block();
                self.cond_branch(&b.node.lhs, t, mid)?;
                self.switch_to(mid);
                self.cond_branch(&b.node.rhs, t, f)
            }
            Expression::UnaryOperator(u)
                if matches!(u.node.operator.node, UnaryOperator::Negate) =>
            {
                self.cond_branch(&u.node.operand, f, t)
            }
            Expression::BinaryOperator(b)
                if bin_of(&b.node.operator.node)
                    .map(|o| o.is_comparison())
                    .unwrap_or(false) =>
            {
                let op = bin_of(&b.node.operator.node).unwrap_or(BinOp::Eq);
                let x = self.expr(&b.node.lhs)?;
                let y = self.expr(&b.node.rhs)?;
                if Self::is_ld_val(&x) || Self::is_ld_val(&y) {
                    let Val::S(r, _) = self.ld_arith(op, x, y, e.span)? else {
                        return self.error(e.span, "comparison without a value");
                    };
                    return self.branch_on(r, Scalar::I32, t, f, loc);
                }
                let x = self.scalar_of(x, b.node.lhs.span)?;
                let y = self.scalar_of(y, b.node.rhs.span)?;
                let (ty, a, c) = self.comparison_operands(x, y, e.span)?;
                let term = Terminator::BranchCmp {
                    op,
                    ty,
                    a,
                    b: c,
                    then_bb: t,
                    else_bb: f,
                };
                self.terminate(term, loc);
                Ok(())
            }
            _ => {
                let v = self.expr(e)?;
                if let Val::Agg(a, ty) = &v {
                    if ty.is_long_double() {
                        let r = self.ld_truth(*a, loc);
                        return self.branch_on(r, Scalar::I32, t, f, loc);
                    }
                }
                let (v, ty) = self.scalar_of(v, e.span)?;
                let s = if ty.is_pointer() {
                    Scalar::U64
                } else {
                    sc(&ty)
                };
                self.branch_on(v, s, t, f, loc)
            }
        }
    }

    fn branch_on(&mut self, cond: Operand, ty: Scalar, t: BlockId, f: BlockId, loc: Loc) -> R<()> {
        let term = Terminator::Branch {
            cond,
            ty,
            then_bb: t,
            else_bb: f,
        };
        self.terminate(term, loc);
        Ok(())
    }

    fn call(&mut self, c: &Node<CallExpression>, span: Span) -> R<Val> {
        let loc = self.loc(span);
        let callee_e = &c.node.callee;
        // Direct call of a named function?
        // A call of the code under test from the test: its literal arguments are inputs.
        let lit_args = match &callee_e.node {
            Expression::Identifier(id) => self.tests.passes_literals(&id.node.name),
            _ => false,
        };
        let (callee, ft) = match &callee_e.node {
            Expression::Identifier(id) => match self.lookup(&id.node.name).cloned() {
                Some(Sym::Func(f, t)) => {
                    self.note_func_use(FuncId::new(f.raw()), callee_e.span);
                    self.call_warnings(&id.node.name, callee_e.span);
                    let Type::Function(ft) = &*t else {
                        return self.error(span, "call of a non-function");
                    };
                    (Callee::Func(f), ft.clone())
                }
                None => match self.builtin_call(&id.node.name, c, span)? {
                    Some(super::builtins::Builtin::Val(v)) => return Ok(v),
                    Some(super::builtins::Builtin::Call(f, ft)) => (Callee::Func(f), ft),
                    None => {
                        let (f, ft) = self.implicit_declaration(&id.node.name, callee_e.span)?;
                        self.call_warnings(&id.node.name, callee_e.span);
                        (Callee::Func(f), ft)
                    }
                },
                _ => self.indirect_callee(callee_e)?,
            },
            _ => self.indirect_callee(callee_e)?,
        };
        // Arguments, right to left like gcc.
        let mut args: Vec<Option<CallArg>> = vec![None; c.node.arguments.len()];
        for (i, a) in c.node.arguments.iter().enumerate().rev() {
            let v = if lit_args {
                self.literal_arg(a)?
            } else {
                self.expr(a)?
            };
            let pty = if ft.unprototyped {
                None
            } else {
                ft.params.get(i).cloned()
            };
            if pty.is_none() && !ft.variadic && !ft.unprototyped {
                return self.error(a.span, "too many arguments in call");
            }
            let v = match &pty {
                Some(p) if p.is_long_double() || Self::is_ld_val(&v) => {
                    self.convert_val(v, p, a.span)?
                }
                _ => v,
            };
            let arg = match v {
                Val::Agg(addr, t) if t.is_long_double() => CallArg {
                    val: addr,
                    ty: Scalar::F64,
                    by_value_size: Some(super::long_double::LD_SIZE),
                },
                Val::Agg(addr, t) => {
                    let size = self.size_or_err(&t, a.span)?;
                    CallArg {
                        val: addr,
                        ty: Scalar::Ptr,
                        by_value_size: Some(size),
                    }
                }
                Val::S(o, t) => {
                    let to = match &pty {
                        Some(p) => p.clone(),
                        None => {
                            // default argument promotions
                            if matches!(*t, Type::Float) {
                                super::types::double_t()
                            } else if t.is_integer() {
                                promote(&t)
                            } else {
                                t.clone()
                            }
                        }
                    };
                    let o = self.convert(o, &t, &to, a.span)?;
                    CallArg {
                        val: o,
                        ty: to.scalar().unwrap_or(Scalar::I64),
                        by_value_size: None,
                    }
                }
                Val::Void => return self.error(a.span, "void value as an argument"),
            };
            args[i] = Some(arg);
        }
        if !ft.unprototyped && args.len() < ft.params.len() {
            return self.error(span, "too few arguments in call");
        }
        let args: Vec<CallArg> = args.into_iter().flatten().collect();
        let ret = ft.ret.clone();
        if ret.is_void() {
            self.emit(
                StmtKind::Call {
                    dst: None,
                    callee,
                    args,
                    sret: None,
                },
                loc,
            );
            return Ok(Val::Void);
        }
        if ret.is_by_address() {
            let size = self.size_or_err(&ret, span)?;
            let align = self.align_of(&ret);
            let what = if ret.is_long_double() {
                "<returned long double>"
            } else {
                "<returned struct>"
            };
            let l = self.new_local(what.into(), size, align, loc);
            self.emit(StmtKind::StorageLive(l), loc);
            let a = self.assign(Rvalue::AddrLocal(l), loc);
            self.emit(
                StmtKind::Call {
                    dst: None,
                    callee,
                    args,
                    sret: Some(a),
                },
                loc,
            );
            return Ok(Val::Agg(a, ret));
        }
        let Some(rs) = ret.scalar() else {
            return self.error(span, "function returns an unsupported type");
        };
        let r = self.tmp();
        self.emit(
            StmtKind::Call {
                dst: Some((r, rs)),
                callee,
                args,
                sret: None,
            },
            loc,
        );
        Ok(Val::S(Operand::Reg(r), ret))
    }

    fn indirect_callee(&mut self, e: &Node<Expression>) -> R<(Callee, Rc<FuncType>)> {
        let (v, t) = self.scalar_rvalue(e)?;
        match t.pointee().map(|p| (**p).clone()) {
            Some(Type::Function(ft)) => Ok((Callee::Indirect(v), ft)),
            _ => self.error(
                e.span,
                "called object is not a function or function pointer",
            ),
        }
    }
}
