//! C types from lang-c specifiers and declarators; layout; conversions.

use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::{Node, Span};

use super::attrs::LayoutAttrs;
use super::{Cx, DiagKind, Sym, Tag, R};
use crate::ir::{
    BitField, Field, FuncType, IntKind, IntTy, Rvalue, StmtKind, StructDef, StructId, Type, TypeRef,
};

/// What the specifiers of a declaration say besides the type.
#[derive(Default, Clone, Copy)]
pub(crate) struct Storage {
    pub is_typedef: bool,
    pub is_static: bool,
    pub is_extern: bool,
}

pub(crate) fn int_t() -> TypeRef {
    Rc::new(Type::int(4, true))
}
pub(crate) fn uint_t() -> TypeRef {
    Rc::new(Type::int(4, false))
}
pub(crate) fn long_t() -> TypeRef {
    Rc::new(Type::int(8, true))
}
pub(crate) fn ulong_t() -> TypeRef {
    Rc::new(Type::int(8, false))
}
pub(crate) fn char_t() -> TypeRef {
    Rc::new(Type::Int(IntTy {
        size: 1,
        signed: true,
        kind: IntKind::Char,
    }))
}
pub(crate) fn double_t() -> TypeRef {
    Rc::new(Type::Double)
}
pub(crate) fn ld_t() -> TypeRef {
    Rc::new(Type::LongDouble)
}
pub(crate) fn ptr_to(t: TypeRef) -> TypeRef {
    Rc::new(Type::Pointer(t))
}

impl<'u> Cx<'u> {
    pub fn size_of(&self, t: &Type) -> Option<u32> {
        match t {
            Type::Void => Some(1),
            Type::Int(i) => Some(i.size as u32),
            Type::Enum => Some(4),
            Type::Float => Some(4),
            Type::Double => Some(8),
            Type::LongDouble => Some(16),
            Type::Pointer(_) => Some(8),
            Type::Array(e, Some(n)) => {
                let es = self.size_of(e)? as u64;
                u32::try_from(es.checked_mul(*n)?).ok()
            }
            Type::Array(_, None) | Type::Vla(..) => None,
            Type::Struct(id) => {
                let s = self.structs.get(id.index())?;
                if s.complete {
                    Some(s.size)
                } else {
                    None
                }
            }
            Type::Function(_) => Some(1),
        }
    }

    pub fn align_of(&self, t: &Type) -> u32 {
        match t {
            Type::Array(e, _) | Type::Vla(e, _) => self.align_of(e),
            Type::Struct(id) => self.structs.get(id.index()).map(|s| s.align).unwrap_or(1),
            Type::LongDouble => 16,
            _ => self.size_of(t).unwrap_or(1).clamp(1, 8),
        }
    }

    pub fn size_or_err(&mut self, t: &Type, span: Span) -> R<u32> {
        match self.size_of(t) {
            Some(s) => Ok(s),
            // Where lowering computes run-time sizes it asks `dyn_size` first.
            None if t.is_vla() => {
                self.unsupported(span, "variable-length array type in this position")
            }
            None => match t {
                Type::Struct(id) if self.failed_structs.contains(id) => Err(super::Abort),
                _ => self.error(span, "size of an incomplete type is unknown"),
            },
        }
    }

    /// The base type named by declaration specifiers, plus storage class.
    pub fn base_type(
        &mut self,
        specs: &[Node<DeclarationSpecifier>],
        span: Span,
    ) -> R<(TypeRef, Storage)> {
        let mut st = Storage::default();
        let mut ts: Vec<&Node<TypeSpecifier>> = Vec::new();
        let mut exts = Vec::new();
        for s in specs {
            match &s.node {
                DeclarationSpecifier::StorageClass(sc) => match sc.node {
                    StorageClassSpecifier::Typedef => st.is_typedef = true,
                    StorageClassSpecifier::Static => st.is_static = true,
                    StorageClassSpecifier::Extern => st.is_extern = true,
                    StorageClassSpecifier::Auto | StorageClassSpecifier::Register => {}
                    StorageClassSpecifier::ThreadLocal => {
                        return self.unsupported(sc.span, "thread-local storage (_Thread_local)")
                    }
                },
                DeclarationSpecifier::TypeSpecifier(t) => ts.push(t),
                DeclarationSpecifier::TypeQualifier(q) => {
                    if matches!(q.node, TypeQualifier::Atomic) {
                        return self.unsupported(q.span, "_Atomic");
                    }
                }
                DeclarationSpecifier::Function(_) => {}
                DeclarationSpecifier::Extension(x) => exts.extend(x.iter().cloned()),
                DeclarationSpecifier::Alignment(a) => return self.unsupported(a.span, "_Alignas"),
            }
        }
        self.specifier_attrs(&ts, &exts, !st.is_typedef)?;
        let t = self.type_from_specifiers(&ts, span)?;
        Ok((t, st))
    }

    /// Attributes among declaration specifiers: layout ones apply to a struct defined
    /// there (`struct S {...} __attribute__((packed))`), the others are checked. In a
    /// declaration of objects (`declares_objects`: not a typedef), `aligned(n)` asks
    /// only that their addresses be multiples of n, which every allocation's base is
    /// (2^31), and C has no way to ask an object's own alignment (`_Alignof` takes a
    /// type): it changes nothing a program computes (picohttpparser's SSE tables).
    fn specifier_attrs(
        &mut self,
        ts: &[&Node<TypeSpecifier>],
        exts: &[Node<Extension>],
        declares_objects: bool,
    ) -> R<()> {
        let defines_struct = ts
            .iter()
            .any(|t| matches!(&t.node, TypeSpecifier::Struct(s) if s.node.declarations.is_some()));
        if defines_struct {
            let la = self.layout_attrs(exts)?;
            self.pending_layout = Some(la);
        } else {
            let was = std::mem::replace(&mut self.object_aligned_ok, declares_objects);
            let r = self.check_extensions(exts);
            self.object_aligned_ok = was;
            r?;
        }
        Ok(())
    }

    pub fn specqual_type(&mut self, specs: &[Node<SpecifierQualifier>], span: Span) -> R<TypeRef> {
        let mut ts = Vec::new();
        let mut exts = Vec::new();
        for s in specs {
            match &s.node {
                SpecifierQualifier::TypeSpecifier(t) => ts.push(t),
                SpecifierQualifier::TypeQualifier(q) => {
                    if matches!(q.node, TypeQualifier::Atomic) {
                        return self.unsupported(q.span, "_Atomic");
                    }
                }
                SpecifierQualifier::Extension(x) => exts.extend(x.iter().cloned()),
            }
        }
        self.specifier_attrs(&ts, &exts, false)?;
        self.type_from_specifiers(&ts, span)
    }

    fn type_from_specifiers(&mut self, ts: &[&Node<TypeSpecifier>], _span: Span) -> R<TypeRef> {
        let (mut longs, mut shorts, mut unsigned, mut signed) = (0, 0, false, false);
        let (mut char_, mut int_, mut float_, mut double_, mut bool_, mut void_) =
            (false, false, false, false, false, false);
        let mut other: Option<TypeRef> = None;
        for t in ts {
            match &t.node {
                TypeSpecifier::Void => void_ = true,
                TypeSpecifier::Char => char_ = true,
                TypeSpecifier::Short => shorts += 1,
                TypeSpecifier::Int => int_ = true,
                TypeSpecifier::Long => longs += 1,
                TypeSpecifier::Float => float_ = true,
                TypeSpecifier::Double => double_ = true,
                TypeSpecifier::Signed => signed = true,
                TypeSpecifier::Unsigned => unsigned = true,
                TypeSpecifier::Bool => bool_ = true,
                TypeSpecifier::Complex => return self.unsupported(t.span, "_Complex"),
                TypeSpecifier::Atomic(_) => return self.unsupported(t.span, "_Atomic"),
                TypeSpecifier::Struct(s) => other = Some(self.struct_type(s)?),
                TypeSpecifier::Enum(e) => other = Some(self.enum_type(e)?),
                TypeSpecifier::TypedefName(id) => match self.lookup(&id.node.name) {
                    Some(Sym::Typedef(t)) => other = Some(t.clone()),
                    Some(Sym::Failed) => return Err(super::Abort),
                    _ => {
                        return self.error(id.span, format!("unknown type name `{}`", id.node.name))
                    }
                },
                // GNU typeof: the expression is not evaluated (no VLAs here).
                TypeSpecifier::TypeOf(to) => {
                    other = Some(match &to.node {
                        TypeOf::Expression(e) => self.type_of_expr(e)?,
                        TypeOf::Type(tn) => self.type_name(tn)?,
                    })
                }
                TypeSpecifier::TS18661Float(_) => return self.unsupported(t.span, "_FloatN types"),
            }
        }
        if let Some(o) = other {
            return Ok(o);
        }
        if void_ {
            return Ok(Rc::new(Type::Void));
        }
        if bool_ {
            return Ok(Rc::new(Type::Int(IntTy {
                size: 1,
                signed: false,
                kind: IntKind::Bool,
            })));
        }
        if float_ {
            return Ok(Rc::new(Type::Float));
        }
        if double_ {
            if longs > 0 {
                return Ok(ld_t());
            }
            return Ok(Rc::new(Type::Double));
        }
        if char_ {
            return Ok(Rc::new(Type::Int(IntTy {
                size: 1,
                signed: !unsigned,
                kind: if signed || unsigned {
                    IntKind::Plain
                } else {
                    IntKind::Char
                },
            })));
        }
        let _ = int_;
        let size = if shorts > 0 {
            2
        } else if longs > 0 {
            8
        } else {
            4
        };
        Ok(Rc::new(Type::Int(IntTy {
            size,
            signed: !unsigned,
            kind: if longs >= 2 {
                IntKind::LongLong
            } else {
                IntKind::Plain
            },
        })))
    }

    fn struct_type(&mut self, s: &Node<StructType>) -> R<TypeRef> {
        let spec_attrs = self.pending_layout.take().unwrap_or_default();
        let is_union = matches!(s.node.kind.node, StructKind::Union);
        let name = s.node.identifier.as_ref().map(|i| i.node.name.clone());
        let id = match (&name, &s.node.declarations) {
            // `struct S` reference, or forward declaration
            (Some(n), None) => match self.lookup_tag(n) {
                Some(Tag::Struct(id)) => id,
                _ => self.new_struct(Some(n.clone()), is_union),
            },
            (Some(n), Some(_)) => {
                // A definition: reuse a forward declaration in the same scope only.
                let in_scope = self.scopes.last().and_then(|sc| sc.tags.get(n)).copied();
                match in_scope {
                    Some(Tag::Struct(id)) if !self.structs[id.index()].complete => id,
                    _ => self.new_struct(Some(n.clone()), is_union),
                }
            }
            (None, _) => self.new_struct(None, is_union),
        };
        if let Some(decls) = &s.node.declarations {
            let kw = self.keyword_layout_attrs(self.offset(s.span.start), s.span)?;
            let la = LayoutAttrs {
                packed: kw.packed || spec_attrs.packed,
                aligned: kw.aligned.max(spec_attrs.aligned),
            };
            let pack = self.marks.pack_at(self.offset(s.span.start));
            if let Err(e) = self.layout_struct(id, decls, is_union, la, pack) {
                self.failed_structs.insert(id);
                return Err(e);
            }
        }
        Ok(Rc::new(Type::Struct(id)))
    }

    fn new_struct(&mut self, name: Option<String>, is_union: bool) -> StructId {
        self.structs.push(StructDef {
            name: name.clone(),
            is_union,
            fields: Vec::new(),
            size: 0,
            align: 1,
            complete: false,
        });
        let id = StructId::from_index(self.structs.len() - 1);
        if let (Some(n), Some(sc)) = (name, self.scopes.last_mut()) {
            sc.tags.insert(n, Tag::Struct(id));
        }
        id
    }

    /// Lay out a struct or union as gcc does on x86-64 (SysV ABI with gcc's bit-field
    /// rules: a bit-field goes at the next free bit unless it would straddle a unit of
    /// its type's size, then at the next such unit; `:0` aligns
    /// the next field to its type; unnamed bit-fields do not align the struct; `packed`
    /// drops alignment; `#pragma pack(n)` caps it, `aligned(n)` raises it).
    fn layout_struct(
        &mut self,
        id: StructId,
        decls: &[Node<StructDeclaration>],
        is_union: bool,
        sattrs: LayoutAttrs,
        pack: Option<u32>,
    ) -> R<()> {
        let mut fields = Vec::new();
        // Next free bit (structs); end of the largest member (both).
        let mut bitpos: u64 = 0;
        let mut end_bits: u64 = 0;
        let mut align: u32 = 1;
        let cap = |a: u32| pack.map_or(a, |p| a.min(p));
        for d in decls {
            let f = match &d.node {
                StructDeclaration::Field(f) => f,
                StructDeclaration::StaticAssert(sa) => {
                    self.static_assert(&sa.node, sa.span)?;
                    continue;
                }
            };
            let base = self.specqual_type(&f.node.specifiers, f.span)?;
            let decls: Vec<Option<&Node<StructDeclarator>>> = if f.node.declarators.is_empty() {
                vec![None]
            } else {
                f.node.declarators.iter().map(Some).collect()
            };
            for sd in decls {
                let mut mattrs = LayoutAttrs::default();
                let (name, ty) = match sd.and_then(|sd| sd.node.declarator.as_ref()) {
                    Some(dcl) => {
                        mattrs = self.layout_attrs(&dcl.node.extensions)?;
                        self.member_layout_ok = true;
                        let r = self.declarator_type(base.clone(), dcl);
                        self.member_layout_ok = false;
                        r?
                    }
                    // anonymous struct/union member, or unnamed bit-field
                    None => (None, base.clone()),
                };
                let packed = sattrs.packed || mattrs.packed;
                if let Some(w) = sd.and_then(|sd| sd.node.bit_width.as_ref()) {
                    let bf = self.bit_field_type(&ty, &base, w, name.is_some())?;
                    let Some((width, signed)) = bf else { continue };
                    let tsize = self.size_of(&ty).unwrap_or(4);
                    let talign = self.align_of(&ty);
                    if width == 0 {
                        // Aligns the next member; packed does not apply, the pragma does.
                        if !is_union {
                            bitpos = bitpos.next_multiple_of(cap(talign) as u64 * 8);
                        }
                        continue;
                    }
                    let start = if is_union {
                        0
                    } else {
                        if let Some(ua) = mattrs.aligned {
                            bitpos = bitpos.next_multiple_of(cap(ua) as u64 * 8);
                        }
                        // gcc skips this rule under `packed` and under any `#pragma pack`.
                        if !packed && pack.is_none() {
                            let unit = talign as u64 * 8;
                            let spans = (bitpos % unit + width as u64).div_ceil(unit);
                            if spans > tsize as u64 * 8 / unit {
                                bitpos = bitpos.next_multiple_of(unit);
                            }
                        }
                        bitpos
                    };
                    if name.is_some() {
                        let a = if pack.is_some() {
                            cap(talign)
                        } else if packed {
                            1
                        } else {
                            talign
                        };
                        align = align.max(a.max(mattrs.aligned.map_or(1, cap)));
                    }
                    let b = BitField {
                        shift: (start % 8) as u8,
                        width: width as u8,
                        signed,
                    };
                    if b.nbytes() > 8 {
                        return self.unsupported(
                            w.span,
                            "bit-field spread over more than 8 bytes (packed)",
                        );
                    }
                    if !is_union {
                        bitpos = start + width as u64;
                    }
                    end_bits = end_bits.max(start + width as u64);
                    if name.is_some() {
                        fields.push(Field {
                            name,
                            ty,
                            offset: (start / 8) as u32,
                            bits: Some(b),
                        });
                    }
                    continue;
                }
                if name.is_none() && !matches!(*ty, Type::Struct(_)) {
                    continue;
                }
                let fsize = match (&*ty, self.size_of(&ty)) {
                    (Type::Array(_, None), _) => 0, // flexible array member
                    (_, Some(s)) => s,
                    (_, None) => return self.error(f.span, "field has incomplete type"),
                };
                let natural = if packed { 1 } else { self.align_of(&ty) };
                let falign = cap(natural.max(mattrs.aligned.unwrap_or(1)));
                align = align.max(falign);
                let foff = if is_union {
                    0
                } else {
                    let o = bitpos.div_ceil(8).next_multiple_of(falign as u64);
                    bitpos = (o + fsize as u64) * 8;
                    o
                };
                end_bits = end_bits.max((foff + fsize as u64) * 8);
                let Ok(foff) = u32::try_from(foff) else {
                    return self.error(f.span, "struct is too large");
                };
                fields.push(Field {
                    name,
                    ty,
                    offset: foff,
                    bits: None,
                });
            }
        }
        if let Some(a) = sattrs.aligned {
            align = align.max(a);
        }
        let Ok(size) = u32::try_from(end_bits.div_ceil(8).next_multiple_of(align as u64)) else {
            return self.error(Span::none(), "struct is too large");
        };
        let s = &mut self.structs[id.index()];
        s.fields = fields;
        s.size = size;
        s.align = align;
        s.complete = true;
        Ok(())
    }

    /// Check a bit-field declaration; `None` when the field is skipped after an error.
    /// Returns its width and whether it reads sign-extended.
    fn bit_field_type(
        &mut self,
        ty: &TypeRef,
        base: &TypeRef,
        w: &Node<Expression>,
        named: bool,
    ) -> R<Option<(u32, bool)>> {
        let bits = match &**ty {
            Type::Int(i) => i.size as u32 * 8,
            Type::Enum => 32,
            _ => return self.error(w.span, "bit-field has a type that is not an integer"),
        };
        let width = self.const_int(w)?;
        if width < 0 {
            return self.error(w.span, "bit-field has a negative width");
        }
        if width as u64 > bits as u64 || (ty.is_bool() && width > 1) {
            return self.error(w.span, "width of bit-field exceeds its type");
        }
        if width == 0 && named {
            return self.error(w.span, "named bit-field has zero width");
        }
        let signed = match &**ty {
            Type::Int(i) => i.signed,
            _ => {
                !self.enum_is_unsigned(ty).unwrap_or(false)
                    && !self.enum_is_unsigned(base).unwrap_or(false)
            }
        };
        Ok(Some((width as u32, signed)))
    }

    /// Whether an enum type has gcc's unsigned underlying type (no negative enumerator).
    fn enum_is_unsigned(&self, t: &TypeRef) -> Option<bool> {
        self.enums
            .iter()
            .find(|(e, _)| Rc::ptr_eq(e, t))
            .map(|(_, u)| *u)
    }

    fn enum_type(&mut self, e: &Node<EnumType>) -> R<TypeRef> {
        if e.node.enumerators.is_empty() {
            // `enum E` naming an enum defined before: the same type.
            if let Some(n) = &e.node.identifier {
                if let Some(Tag::Enum(i)) = self.lookup_tag(&n.node.name) {
                    if let Some((t, _)) = self.enums.get(i as usize) {
                        return Ok(t.clone());
                    }
                }
            }
        }
        let mut next: i64 = 0;
        let mut unsigned = true;
        for en in &e.node.enumerators {
            let v = match &en.node.expression {
                Some(x) => self.const_int(x)?,
                None => next,
            };
            unsigned &= v >= 0;
            self.bind(en.node.identifier.node.name.clone(), Sym::EnumConst(v));
            next = v.wrapping_add(1);
        }
        let t = Rc::new(Type::Enum);
        self.enums.push((t.clone(), unsigned));
        let i = (self.enums.len() - 1) as u32;
        if let (Some(n), Some(sc)) = (&e.node.identifier, self.scopes.last_mut()) {
            sc.tags.insert(n.node.name.clone(), Tag::Enum(i));
        }
        Ok(t)
    }

    /// Apply a declarator to a base type: (name, type).
    pub fn declarator_type(
        &mut self,
        base: TypeRef,
        d: &Node<Declarator>,
    ) -> R<(Option<String>, TypeRef)> {
        self.check_extensions(&d.node.extensions)?;
        let mut t = base;
        let mut suffixes = Vec::new();
        for dd in &d.node.derived {
            match &dd.node {
                DerivedDeclarator::Pointer(quals) => {
                    for q in quals {
                        if let PointerQualifier::Extension(x) = &q.node {
                            self.check_extensions(x)?;
                        }
                    }
                    t = Rc::new(Type::Pointer(t))
                }
                DerivedDeclarator::Block(_) => {
                    return self.unsupported(dd.span, "block pointer (^)")
                }
                _ => suffixes.push(dd),
            }
        }
        for dd in suffixes.iter().rev() {
            t = match &dd.node {
                DerivedDeclarator::Array(a) => {
                    let len = match &a.node.size {
                        ArraySize::Unknown => None,
                        ArraySize::VariableUnknown => {
                            if !self.vla_unevaluated {
                                return self.error(
                                    a.span,
                                    "`[*]` not in a declaration with function prototype scope",
                                );
                            }
                            self.check_array_element(&t, a.span)?;
                            t = Rc::new(Type::Vla(t, None));
                            continue;
                        }
                        ArraySize::VariableExpression(e) | ArraySize::StaticExpression(e) => {
                            match self.try_const_int(e) {
                                Some(n) if n >= 0 => Some(n as u64),
                                Some(_) => return self.error(e.span, "array size is negative"),
                                None => {
                                    self.check_array_element(&t, a.span)?;
                                    t = self.vla_dimension(t, e)?;
                                    continue;
                                }
                            }
                        }
                    };
                    self.check_array_element(&t, a.span)?;
                    Rc::new(Type::Array(t, len))
                }
                DerivedDeclarator::Function(fd) => {
                    let ft = self.function_type(t, &fd.node, fd.span)?;
                    Rc::new(Type::Function(Rc::new(ft)))
                }
                DerivedDeclarator::KRFunction(ids) => {
                    if !ids.is_empty() {
                        return self.unsupported(dd.span, "old-style (K&R) function definition");
                    }
                    Rc::new(Type::Function(Rc::new(FuncType {
                        ret: t,
                        params: Vec::new(),
                        variadic: false,
                        unprototyped: true,
                    })))
                }
                _ => t,
            };
        }
        match &d.node.kind.node {
            DeclaratorKind::Abstract => Ok((None, t)),
            DeclaratorKind::Identifier(id) => Ok((Some(id.node.name.clone()), t)),
            DeclaratorKind::Declarator(inner) => self.declarator_type(t, inner),
        }
    }

    fn check_array_element(&mut self, t: &TypeRef, span: Span) -> R<()> {
        if t.is_void() || matches!(**t, Type::Function(_)) {
            return self.error(span, "array of void or of functions");
        }
        Ok(())
    }

    /// An array dimension whose size is not a constant: a variable-length array, its
    /// element count evaluated here, once, into a register (as gcc does at the
    /// declaration; `sizeof` and indexing read the register later).
    fn vla_dimension(&mut self, el: TypeRef, e: &Node<Expression>) -> R<TypeRef> {
        if self.vla_unevaluated {
            return Ok(Rc::new(Type::Vla(el, None)));
        }
        if self.member_layout_ok {
            return self.error(
                e.span,
                "a struct or union member cannot have a variably modified type",
            );
        }
        if self.f.is_none() {
            // Not constant because of something regcause does not model (a `long double`
            // comparison): say that rather than blame the program.
            let n = self.diags.len();
            let r = self.const_int(e);
            if r.is_err()
                && self.diags[n..]
                    .iter()
                    .any(|d| d.kind == DiagKind::Unsupported)
            {
                return r.map(|_| el);
            }
            self.diags.truncate(n);
            return self.error(e.span, "variably modified type at file scope");
        }
        if self.no_code > 0 {
            return self.unsupported(
                e.span,
                "variable-length array type in a constant expression or an operand that is not evaluated",
            );
        }
        let (v, vt) = self.scalar_rvalue(e)?;
        if !vt.is_integer() {
            return self.error(e.span, "size of array has non-integer type");
        }
        let v = self.convert(v, &vt, &long_t(), e.span)?;
        let r = self.tmp();
        let loc = self.loc(e.span);
        self.emit(StmtKind::Assign(r, Rvalue::Use(v)), loc);
        Ok(Rc::new(Type::Vla(el, Some(r.raw()))))
    }

    fn function_type(&mut self, ret: TypeRef, fd: &FunctionDeclarator, span: Span) -> R<FuncType> {
        if matches!(*ret, Type::Array(..) | Type::Vla(..) | Type::Function(_)) {
            return self.error(span, "function returning an array or a function");
        }
        let mut params = Vec::new();
        // The sizes of a prototype's variable-length arrays are not evaluated; a
        // definition evaluates them at entry, after the parameters are bound.
        let outer = std::mem::replace(&mut self.vla_unevaluated, true);
        for p in &fd.parameters {
            let t = self.param_type(p);
            match t {
                Ok(t) => params.push(self.adjust_param(t)),
                Err(e) => {
                    self.vla_unevaluated = outer;
                    return Err(e);
                }
            }
        }
        self.vla_unevaluated = outer;
        // `f(void)`
        if params.len() == 1 && params[0].is_void() {
            params.clear();
        }
        Ok(FuncType {
            ret,
            params,
            variadic: matches!(fd.ellipsis, Ellipsis::Some),
            unprototyped: false,
        })
    }

    /// The declared type of a parameter, before adjustment.
    pub fn param_type(&mut self, p: &Node<ParameterDeclaration>) -> R<TypeRef> {
        self.check_extensions(&p.node.extensions)?;
        let (base, _) = self.base_type(&p.node.specifiers, p.span)?;
        match &p.node.declarator {
            Some(d) => Ok(self.declarator_type(base, d)?.1),
            None => Ok(base),
        }
    }

    /// Parameters of array type are pointers; of function type, function pointers.
    pub fn adjust_param(&self, t: TypeRef) -> TypeRef {
        match &*t {
            Type::Array(e, _) | Type::Vla(e, _) => Rc::new(Type::Pointer(e.clone())),
            Type::Function(_) => Rc::new(Type::Pointer(t)),
            _ => t,
        }
    }

    pub fn type_name(&mut self, tn: &Node<TypeName>) -> R<TypeRef> {
        let base = self.specqual_type(&tn.node.specifiers, tn.span)?;
        match &tn.node.declarator {
            Some(d) => Ok(self.declarator_type(base, d)?.1),
            None => Ok(base),
        }
    }

    pub fn static_assert(&mut self, sa: &StaticAssert, span: Span) -> R<()> {
        match self.try_const_int(&sa.expression) {
            Some(0) => self.error(span, "static assertion failed"),
            Some(_) => Ok(()),
            None => self.error(span, "static assertion is not a constant expression"),
        }
    }

    /// A member that is not a bit-field: (offset, type).
    pub fn field(&mut self, t: &Type, name: &str, span: Span) -> R<(u32, TypeRef)> {
        let (o, ty, bits) = self.field_bits(t, name, span)?;
        if bits.is_some() {
            return self.error(span, format!("`{name}` is a bit-field (it has no address)"));
        }
        Ok((o, ty))
    }

    /// A member: (offset, type, bit-field position).
    pub fn field_bits(
        &mut self,
        t: &Type,
        name: &str,
        span: Span,
    ) -> R<(u32, TypeRef, Option<BitField>)> {
        let id = match t {
            Type::Struct(id) => *id,
            _ => {
                return self.error(
                    span,
                    format!("member `{name}` of something that is not a struct or union"),
                )
            }
        };
        if let Some(r) = self.find_field(id, name) {
            return Ok(r);
        }
        if self.failed_structs.contains(&id) {
            return Err(super::Abort);
        }
        self.error(span, format!("no member named `{name}`"))
    }

    fn find_field(&self, id: StructId, name: &str) -> Option<(u32, TypeRef, Option<BitField>)> {
        let s = self.structs.get(id.index())?;
        for f in &s.fields {
            match &f.name {
                Some(n) if n == name => return Some((f.offset, f.ty.clone(), f.bits)),
                None => {
                    if let Type::Struct(inner) = &*f.ty {
                        if let Some((o, t, b)) = self.find_field(*inner, name) {
                            return Some((f.offset + o, t, b));
                        }
                    }
                }
                _ => {}
            }
        }
        None
    }
}

// ---- conversions ----------------------------------------------------------------------

/// Integer promotion (C11 6.3.1.1).
pub(crate) fn promote(t: &TypeRef) -> TypeRef {
    match &**t {
        Type::Int(i) if i.size < 4 => int_t(),
        Type::Int(i) if i.kind == IntKind::Bool => int_t(),
        Type::Enum => int_t(),
        _ => t.clone(),
    }
}

/// The usual arithmetic conversions (C11 6.3.1.8): the common type of two operands.
pub(crate) fn common_type(a: &TypeRef, b: &TypeRef) -> TypeRef {
    if a.is_long_double() || b.is_long_double() {
        return ld_t();
    }
    if matches!(**a, Type::Double) || matches!(**b, Type::Double) {
        return double_t();
    }
    if matches!(**a, Type::Float) || matches!(**b, Type::Float) {
        return Rc::new(Type::Float);
    }
    let (pa, pb) = (promote(a), promote(b));
    let (ia, ib) = match (&*pa, &*pb) {
        (Type::Int(x), Type::Int(y)) => (*x, *y),
        _ => return pa,
    };
    // A wide bit-field's value (`IntKind::Wide`) ranks between `int` and `long`, as
    // gcc has it: with an operand of 32 bits or fewer the result keeps the field's
    // width, with a 64-bit one it is the 64-bit type (which holds every value of the
    // field's, signed or not), with another wide one the wider (unsigned when either
    // of two equal widths is).
    match (pa.wide_bits(), pb.wide_bits()) {
        (None, None) => {}
        (Some(x), Some(y)) if x != y => return if x > y { pa } else { pb },
        (Some(_), Some(_)) => return if ia.signed { pb } else { pa },
        (Some(_), None) => return if ib.size < 8 { pa } else { pb },
        (None, Some(_)) => return if ia.size < 8 { pb } else { pa },
    }
    if ia.size == ib.size && ia.signed == ib.signed {
        // `long` and `long long` have one layout; keep the first name.
        return pa;
    }
    if ia.signed == ib.signed {
        return if ia.size >= ib.size { pa } else { pb };
    }
    let (s, u, ps, pu) = if ia.signed {
        (ia, ib, pa, pb)
    } else {
        (ib, ia, pb, pa)
    };
    if u.size >= s.size {
        pu
    } else if s.size > u.size {
        ps
    } else {
        let _ = (ps, pu);
        Rc::new(Type::int(s.size, false))
    }
}

#[cfg(test)]
mod bit_field_tests {
    fn diag(src: &str) -> String {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("b.c");
        std::fs::write(&f, src).expect("write");
        match crate::frontend::load_files(&[f], &[], &[]) {
            Ok(_) => "accepted".into(),
            Err(e) => e.to_string(),
        }
    }

    /// What gcc refuses about bit-fields is refused, located, as an error.
    #[test]
    fn bit_field_misuse_is_an_error() {
        let head =
            "struct s { unsigned a : 3; int b; };\nint main(void)\n{\n    struct s v = {1, 2};\n";
        let d = diag(&format!(
            "{head}    unsigned *p = &v.a;\n    return *p;\n}}\n"
        ));
        assert!(
            d.contains("error: cannot take address of bit-field at"),
            "{d}"
        );
        assert!(d.contains("b.c:5:"), "{d}");
        let d = diag(&format!("{head}    return sizeof v.a;\n}}\n"));
        assert!(d.contains("'sizeof' applied to a bit-field"), "{d}");
        let d = diag(&format!(
            "{head}    return sizeof(v.a + 0) + sizeof v.b;\n}}\n"
        ));
        assert_eq!(d, "accepted");
        let d = diag("struct t { int x : 33; };\nint main(void) { return 0; }\n");
        assert!(d.contains("width of bit-field exceeds its type"), "{d}");
        let d = diag("struct t { int x : 0; };\nint main(void) { return 0; }\n");
        assert!(d.contains("named bit-field has zero width"), "{d}");
        let d = diag("struct t { double x : 3; };\nint main(void) { return 0; }\n");
        assert!(d.contains("not an integer"), "{d}");
        let d = diag("#pragma pack(3)\nint main(void) { return 0; }\n");
        assert!(d.contains("unsupported: `pragma pack(3)`"), "{d}");
    }
}

#[cfg(test)]
mod vla_tests {
    fn diag(src: &str) -> String {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("v.c");
        std::fs::write(&f, src).expect("write");
        match crate::frontend::load_files(&[f], &[], &[]) {
            Ok(_) => "accepted".into(),
            Err(e) => e.to_string(),
        }
    }

    fn main_with(body: &str) -> String {
        diag(&format!(
            "int main(int argc, char **argv)\n{{\n    int n = argc + 1;\n{body}    return 0;\n}}\n"
        ))
    }

    /// Jumps into the scope of a variably modified identifier are refused where the jump
    /// is, as gcc refuses them; jumps out of it and back before it are accepted.
    #[test]
    fn jumps_into_vm_scope_are_errors() {
        let d = main_with(
            "    goto in;\n    {\n        int a[n];\n    in:\n        a[0] = 1;\n    }\n",
        );
        assert!(
            d.contains(
                "`goto in` jumps into the scope of an identifier with variably modified type at"
            ) && d.contains("v.c:4:5"),
            "{d}"
        );
        let d = main_with("    goto in;\n    int (*p)[n] = 0;\nin:\n    (void)p;\n");
        assert!(
            d.contains("`goto in` jumps into the scope") && d.contains("v.c:4:5"),
            "{d}"
        );
        let d = main_with(
            "    switch (argc) {\n    case 0:;\n        int a[n];\n    case 1:\n        break;\n    }\n",
        );
        assert!(
            d.contains(
                "switch jumps into the scope of an identifier with variably modified type at"
            ) && d.contains("v.c:7:5"),
            "{d}"
        );
        let ok = main_with(
            "    int k = 0;\nback:;\n    {\n        int a[n + k];\n        a[0] = k;\n        if (++k < 3)\n            goto back;\n        goto out;\n    }\nout:\n    switch (argc) {\n    case 1: {\n        int b[n];\n        b[0] = 1;\n        break;\n    }\n    default:\n        break;\n    }\n",
        );
        assert_eq!(ok, "accepted");
    }

    /// What gcc refuses about variable-length arrays is refused, located, as an error.
    #[test]
    fn vla_misuse_is_an_error() {
        let d = main_with("    struct s { int len; int data[n]; } v;\n    (void)v;\n");
        assert!(
            d.contains("a struct or union member cannot have a variably modified type at")
                && d.contains("v.c:4:"),
            "{d}"
        );
        let d = main_with("    static int a[n];\n");
        assert!(
            d.contains("variably modified type but static storage") && d.contains("v.c:4:"),
            "{d}"
        );
        let d = main_with("    int a[n] = {0};\n");
        assert!(
            d.contains("variable-sized object may not be initialized at") && d.contains("v.c:4:"),
            "{d}"
        );
        let d = diag("int n = 3;\nint a[n];\nint main(void) { return 0; }\n");
        assert!(
            d.contains("variably modified type at file scope at") && d.contains("v.c:2:"),
            "{d}"
        );
        let d = main_with("    int a[*];\n");
        assert!(
            d.contains("`[*]` not in a declaration with function prototype scope"),
            "{d}"
        );
        let d = main_with("    double a[n];\n    double b[n];\n    a = b;\n");
        assert!(
            d.contains("assignment to an array") && d.contains("v.c:6:"),
            "{d}"
        );
    }
}
