//! Initialisers: flattening a (possibly braced, designated, brace-elided) initialiser into
//! the list of scalar stores it performs, following C11 6.7.9.

use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::Node;

use super::{Cx, R};
use crate::ir::{BitField, IntKind, Type, TypeRef};

pub(crate) enum InitItem<'a> {
    /// Initialise the object of type `ty` at `off` from an expression (scalar or struct).
    Expr {
        off: u32,
        ty: TypeRef,
        e: &'a Node<Expression>,
        /// For a bit-field member: where its bits are.
        bits: Option<BitField>,
    },
    /// Initialise a char array of `len` bytes at `off` from a string literal.
    Str { off: u32, bytes: Vec<u8>, len: u32 },
}

fn is_char_array(t: &Type) -> Option<Option<u64>> {
    match t {
        Type::Array(el, n) if matches!(**el, Type::Int(i) if i.size == 1 && i.kind != IntKind::Bool) => {
            Some(*n)
        }
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
                if let (Some(len), Some(s)) = (is_char_array(ty), string_lit(e)) {
                    let bytes = self.string_bytes(&s.node, s.span)?;
                    let n = len.unwrap_or(bytes.len() as u64);
                    out.push(InitItem::Str {
                        off,
                        bytes,
                        len: n as u32,
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
        if let (Some(_), [only]) = (is_char_array(ty), items) {
            if let Initializer::Expression(e) = &only.node.initializer.node {
                if only.node.designation.is_empty() && string_lit(e).is_some() {
                    return self.init_into((ty, off, None), &only.node.initializer, out);
                }
            }
        }
        let is_union = matches!(&**ty, Type::Struct(id) if self.structs[*id as usize].is_union);
        let mut pos = 0;
        let mut cursor: u64 = 0;
        let mut max: u64 = 0;
        while pos < items.len() {
            let item = &items[pos].node;
            if let Some(first) = item.designation.first() {
                cursor = self.designate(ty, first)?;
                if item.designation.len() > 1 {
                    let Some((sty, soff, _)) = self.subobject(ty, off, cursor) else {
                        return self.error(items[pos].span, "designator outside the object");
                    };
                    self.init_designated(
                        (&sty, soff, None),
                        &item.designation[1..],
                        &item.initializer,
                        out,
                    )?;
                    pos += 1;
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
                if sty.is_scalar() || (is_char_array(&sty).is_some() && string_lit(e).is_some()) {
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
        let is_union = matches!(&*sty, Type::Struct(id) if self.structs[*id as usize].is_union);
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

    fn init_designated<'a>(
        &mut self,
        (ty, off, bits): (&TypeRef, u32, Option<BitField>),
        ds: &'a [Node<Designator>],
        init: &'a Node<Initializer>,
        out: &mut Vec<InitItem<'a>>,
    ) -> R<()> {
        let Some(first) = ds.first() else {
            self.init_into((ty, off, bits), init, out)?;
            return Ok(());
        };
        let idx = self.designate(ty, first)?;
        let Some((sty, soff, sbits)) = self.subobject(ty, off, idx) else {
            return self.error(first.span, "designator outside the object");
        };
        self.init_designated((&sty, soff, sbits), &ds[1..], init, out)
    }

    fn designate(&mut self, ty: &TypeRef, d: &Node<Designator>) -> R<u64> {
        match (&d.node, &**ty) {
            (Designator::Index(e), Type::Array(..)) => {
                let i = self.const_int(e)?;
                if i < 0 {
                    return self.error(e.span, "negative array designator");
                }
                Ok(i as u64)
            }
            (Designator::Member(id), Type::Struct(sid)) => {
                let s = &self.structs[*sid as usize];
                match s
                    .fields
                    .iter()
                    .position(|f| f.name.as_deref() == Some(id.node.name.as_str()))
                {
                    Some(i) => Ok(i as u64),
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
                let s = self.structs.get(*id as usize)?;
                let f = s.fields.get(i as usize)?;
                Some((f.ty.clone(), off + f.offset, f.bits))
            }
            _ => None,
        }
    }
}
