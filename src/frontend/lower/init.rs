//! Initialisers: flattening a (possibly braced, designated, brace-elided) initialiser into
//! the list of scalar stores it performs, following C11 6.7.9.

use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::Node;

use super::{Cx, R};
use crate::ir::{BitField, IntKind, StructId, Type, TypeRef};

pub(crate) enum InitItem<'a> {
    /// Initialise the object of type `ty` at `off` from an expression (scalar or struct).
    Expr {
        off: u32,
        ty: TypeRef,
        e: &'a Node<Expression>,
        /// For a bit-field member: where its bits are.
        bits: Option<BitField>,
    },
    /// Initialise an array of `len` bytes at `off` from a string literal (of `char`,
    /// or of wide elements, little-endian).
    Str { off: u32, bytes: Vec<u8>, len: u32 },
}

/// An array a string literal may initialise (C11 6.7.9p14-15): of `char` (plain and
/// `u8` literals) or of a 2- or 4-byte integer (`u`, `L` and `U` literals): its element
/// size and length.
fn literal_array(t: &Type) -> Option<(u32, Option<u64>)> {
    match t {
        Type::Array(el, n) => match **el {
            Type::Int(i) if i.kind != IntKind::Bool && matches!(i.size, 1 | 2 | 4) => {
                Some((u32::from(i.size), *n))
            }
            _ => None,
        },
        _ => None,
    }
}

fn string_lit(e: &Node<Expression>) -> Option<&Node<StringLiteral>> {
    match &e.node {
        Expression::StringLiteral(s) => Some(s),
        _ => None,
    }
}

impl<'u> Cx<'u> {
    /// Flatten `init` for an object of type `ty`; also returns the type completed by the
    /// initialiser (`int a[] = {1, 2}` has type `int[2]`).
    pub fn flatten_init<'a>(
        &mut self,
        ty: &TypeRef,
        init: &'a Node<Initializer>,
    ) -> R<(Vec<InitItem<'a>>, TypeRef)> {
        let mut out = Vec::new();
        let n = self.init_into((ty, 0, None), init, &mut out)?;
        let full = match &**ty {
            Type::Array(el, None) => Rc::new(Type::Array(el.clone(), Some(n))),
            _ => ty.clone(),
        };
        Ok((out, full))
    }

    /// Returns the number of elements used, for arrays of unknown size.
    fn init_into<'a>(
        &mut self,
        (ty, off, bits): (&TypeRef, u32, Option<BitField>),
        init: &'a Node<Initializer>,
        out: &mut Vec<InitItem<'a>>,
    ) -> R<u64> {
        match &init.node {
            Initializer::Expression(e) => {
                if let (Some((unit, len)), Some(s)) = (literal_array(ty), string_lit(e)) {
                    let lit = self.string_literal(&s.node, s.span)?;
                    if lit.enc.unit() as u32 != unit {
                        // gcc's words: `char c[] = L"x"`, `wchar_t w[] = "x"`.
                        return self.error(
                            e.span,
                            "array of inappropriate type initialized from string constant",
                        );
                    }
                    let n = len.unwrap_or(lit.len());
                    out.push(InitItem::Str {
                        off,
                        bytes: lit.bytes,
                        len: (n * u64::from(unit)) as u32,
                    });
                    return Ok(n);
                }
                if matches!(**ty, Type::Array(..)) {
                    return self.error(
                        e.span,
                        "array initialised from an expression that is not a string literal",
                    );
                }
                out.push(InitItem::Expr {
                    off,
                    ty: ty.clone(),
                    e,
                    bits,
                });
                Ok(1)
            }
            // gcc 12 (C17) refuses `int x = {};` (C23 would zero it).
            Initializer::List(items) if items.is_empty() && ty.is_scalar() => {
                self.error(init.span, "empty scalar initializer")
            }
            Initializer::List(items) => self.init_list((ty, off, bits), items, out),
        }
    }

    fn init_list<'a>(
        &mut self,
        (ty, off, bits): (&TypeRef, u32, Option<BitField>),
        items: &'a [Node<InitializerListItem>],
        out: &mut Vec<InitItem<'a>>,
    ) -> R<u64> {
        if ty.is_scalar() {
            // `int x = { 3 };`
            if let Some(first) = items.first() {
                return self.init_into((ty, off, bits), &first.node.initializer, out);
            }
            return Ok(1);
        }
        // `char s[] = { "text" }`: braces around a string literal.
        if let (Some(_), [only]) = (literal_array(ty), items) {
            if let Initializer::Expression(e) = &only.node.initializer.node {
                if only.node.designation.is_empty() && string_lit(e).is_some() {
                    return self.init_into((ty, off, None), &only.node.initializer, out);
                }
            }
        }
        let is_union = matches!(&**ty, Type::Struct(id) if self.structs[id.index()].is_union);
        let mut pos = 0;
        let mut cursor: u64 = 0;
        let mut max: u64 = 0;
        while pos < items.len() {
            let item = &items[pos].node;
            if !item.designation.is_empty() {
                let path = self.designation_path(ty, &item.designation)?;
                cursor = path.first().copied().unwrap_or(0);
                if path.len() > 1 {
                    let Some(sub) = self.subobject(ty, off, cursor) else {
                        return self.error(items[pos].span, "designator outside the object");
                    };
                    pos = self.init_from(sub, &path[1..], items, pos, out)?;
                    cursor += 1;
                    max = max.max(cursor);
                    continue;
                }
            } else if is_union && cursor > 0 {
                // Excess initialisers are ignored by gcc (with a warning).
                break;
            }
            let Some(sub) = self.subobject(ty, off, cursor) else {
                // excess elements: gcc warns and ignores them
                break;
            };
            pos = self.init_sub(sub, items, pos, out)?;
            cursor += 1;
            max = max.max(cursor);
        }
        Ok(max)
    }

    /// Initialise subobject `sty` from `items[pos]`, eliding braces when the item is an
    /// expression for an aggregate. Returns the next item position.
    fn init_sub<'a>(
        &mut self,
        (sty, soff, sbits): (TypeRef, u32, Option<BitField>),
        items: &'a [Node<InitializerListItem>],
        pos: usize,
        out: &mut Vec<InitItem<'a>>,
    ) -> R<usize> {
        let item = &items[pos].node;
        let elide = match &item.initializer.node {
            Initializer::List(_) => false,
            Initializer::Expression(e) => {
                if sty.is_scalar() || (literal_array(&sty).is_some() && string_lit(e).is_some()) {
                    false
                } else if matches!(*sty, Type::Struct(_)) {
                    let et = self.type_of_expr(e)?;
                    *et != *sty
                } else {
                    true
                }
            }
        };
        if !elide {
            self.init_into((&sty, soff, sbits), &item.initializer, out)?;
            return Ok(pos + 1);
        }
        let is_union = matches!(&*sty, Type::Struct(id) if self.structs[id.index()].is_union);
        let mut p = pos;
        let mut c: u64 = 0;
        while p < items.len() {
            if p > pos && !items[p].node.designation.is_empty() {
                break;
            }
            let Some(sub) = self.subobject(&sty, soff, c) else {
                break;
            };
            p = self.init_sub(sub, items, p, out)?;
            c += 1;
            if is_union {
                break;
            }
        }
        Ok(p)
    }

    /// Initialise aggregate `sty` from `items[pos..]`, starting at the subobject that
    /// `path` (subobject indices, one per level) names: the designated item, then the
    /// items after it without a designation fill the subobjects that follow it in the
    /// innermost aggregate, then in the enclosing ones (C11 6.7.9p17, as gcc does:
    /// `{ .x.a = 1, 2 }` sets `x.b` to 2). Returns the next item position.
    fn init_from<'a>(
        &mut self,
        (sty, soff, _): (TypeRef, u32, Option<BitField>),
        path: &[u64],
        items: &'a [Node<InitializerListItem>],
        pos: usize,
        out: &mut Vec<InitItem<'a>>,
    ) -> R<usize> {
        let is_union = matches!(&*sty, Type::Struct(id) if self.structs[id.index()].is_union);
        let mut c = path.first().copied().unwrap_or(0);
        let mut p = pos;
        while p < items.len() {
            let first = p == pos;
            if !first && !items[p].node.designation.is_empty() {
                break;
            }
            let Some(sub) = self.subobject(&sty, soff, c) else {
                if first {
                    return self.error(items[p].span, "designator outside the object");
                }
                break;
            };
            p = if first && path.len() > 1 {
                self.init_from(sub, &path[1..], items, p, out)?
            } else {
                self.init_sub(sub, items, p, out)?
            };
            c += 1;
            if is_union {
                break;
            }
        }
        Ok(p)
    }

    /// The subobject indices a designation names, one per level; a member of an
    /// anonymous struct or union adds the level of that anonymous member (gcc accepts
    /// `{ .a = 1 }` for `struct { union { int a; float b; }; }`).
    fn designation_path(&mut self, ty: &TypeRef, ds: &[Node<Designator>]) -> R<Vec<u64>> {
        let mut path = Vec::new();
        let mut t = ty.clone();
        for d in ds {
            let steps = self.designate(&t, d)?;
            for i in steps {
                let Some((st, _, _)) = self.subobject(&t, 0, i) else {
                    return self.error(d.span, "designator outside the object");
                };
                path.push(i);
                t = st;
            }
        }
        Ok(path)
    }

    fn designate(&mut self, ty: &TypeRef, d: &Node<Designator>) -> R<Vec<u64>> {
        match (&d.node, &**ty) {
            (Designator::Index(e), Type::Array(..)) => {
                let i = self.const_int(e)?;
                if i < 0 {
                    return self.error(e.span, "negative array designator");
                }
                Ok(vec![i as u64])
            }
            (Designator::Member(id), Type::Struct(sid)) => {
                match self.member_path(*sid, &id.node.name) {
                    Some(p) => Ok(p),
                    None => self.error(
                        id.span,
                        format!("no member named `{}` to designate", id.node.name),
                    ),
                }
            }
            (Designator::Range(_), _) => self.unsupported(d.span, "range designator ([a ... b])"),
            _ => self.error(d.span, "designator does not match the type of the object"),
        }
    }

    /// Field indices leading to member `name` of struct `sid`, through anonymous
    /// struct and union members.
    fn member_path(&self, sid: StructId, name: &str) -> Option<Vec<u64>> {
        let s = self.structs.get(sid.index())?;
        for (i, f) in s.fields.iter().enumerate() {
            match (&f.name, &*f.ty) {
                (Some(n), _) if n == name => return Some(vec![i as u64]),
                (None, Type::Struct(inner)) => {
                    if let Some(mut p) = self.member_path(*inner, name) {
                        p.insert(0, i as u64);
                        return Some(p);
                    }
                }
                _ => {}
            }
        }
        None
    }

    /// The `i`-th direct subobject of an aggregate: (type, byte offset, bit-field).
    fn subobject(
        &self,
        ty: &TypeRef,
        off: u32,
        i: u64,
    ) -> Option<(TypeRef, u32, Option<BitField>)> {
        match &**ty {
            Type::Array(el, n) => {
                if let Some(n) = n {
                    if i >= *n {
                        return None;
                    }
                }
                let es = self.size_of(el)? as u64;
                Some((el.clone(), off + (i * es) as u32, None))
            }
            Type::Struct(id) => {
                let s = self.structs.get(id.index())?;
                let f = s.fields.get(i as usize)?;
                Some((f.ty.clone(), off + f.offset, f.bits))
            }
            _ => None,
        }
    }
}
