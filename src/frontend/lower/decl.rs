//! Declarations: file-scope objects and functions, function definitions, locals.

use std::collections::HashSet;
use std::rc::Rc;

use lang_c::ast::*;
use lang_c::span::{Node, Span};
use lang_c::visit::{self, Visit};

use super::consteval::CVal;
use super::expr::Val;
use super::init::InitItem;
use super::types::Storage;
use super::{Cx, FnState, Sym, VarLoc, R};
use crate::ir::*;

/// Names whose address is taken (`&x`) anywhere in a function body.
struct AddrTaken(HashSet<String>);

impl<'ast> Visit<'ast> for AddrTaken {
    fn visit_unary_operator_expression(
        &mut self,
        n: &'ast UnaryOperatorExpression,
        span: &'ast Span,
    ) {
        if matches!(n.operator.node, UnaryOperator::Address) {
            if let Expression::Identifier(id) = &n.operand.node {
                self.0.insert(id.node.name.clone());
            }
        }
        visit::visit_unary_operator_expression(self, n, span);
    }
}

/// The innermost declarator (the one naming the identifier).
fn innermost(d: &Node<Declarator>) -> &Node<Declarator> {
    match &d.node.kind.node {
        DeclaratorKind::Declarator(inner) => innermost(inner),
        _ => d,
    }
}

/// The declarator level that holds the parameters of the function being declared: the
/// innermost level with a function suffix (`int (f)(int x)`, `int (*f(int x))(int)`).
fn function_level(d: &Node<Declarator>) -> &Node<Declarator> {
    let mut levels = vec![d];
    let mut cur = d;
    while let DeclaratorKind::Declarator(inner) = &cur.node.kind.node {
        levels.push(inner);
        cur = inner;
    }
    levels
        .into_iter()
        .rev()
        .find(|l| {
            l.node
                .derived
                .iter()
                .any(|x| matches!(x.node, DerivedDeclarator::Function(_)))
        })
        .unwrap_or(d)
}

impl<'u> Cx<'u> {
    pub fn file_declaration(&mut self, d: &Node<Declaration>) -> R<()> {
        let (base, st) = self.declaration_base(d)?;
        for id in &d.node.declarators {
            if self.one_file_declarator(&base, st, id).is_err() {
                self.bind_failed(id);
            }
        }
        Ok(())
    }

    /// A declaration's base type, or the error with each of its names bound as failed.
    fn declaration_base(&mut self, d: &Node<Declaration>) -> R<(TypeRef, Storage)> {
        let r = self.base_type(&d.node.specifiers, d.span);
        if r.is_err() {
            d.node
                .declarators
                .iter()
                .for_each(|id| self.bind_failed(id));
        }
        r
    }

    /// Binds the name a declarator declares as failed ([`Sym::Failed`]), unless the
    /// declaration got as far as binding it.
    fn bind_failed(&mut self, id: &Node<InitDeclarator>) {
        let DeclaratorKind::Identifier(n) = &innermost(&id.node.declarator).node.kind.node else {
            return;
        };
        if !self.bound_here(&n.node.name) {
            self.bind(n.node.name.clone(), Sym::Failed);
        }
    }

    /// The declarator of `id`, where `aligned(n)` is accepted unless it declares a
    /// typedef (see `Cx::object_aligned_ok`).
    fn object_declarator(
        &mut self,
        base: &TypeRef,
        st: Storage,
        id: &Node<InitDeclarator>,
    ) -> R<(Option<String>, TypeRef)> {
        let was = std::mem::replace(&mut self.object_aligned_ok, !st.is_typedef);
        let r = self.declarator_type(base.clone(), &id.node.declarator);
        self.object_aligned_ok = was;
        r
    }

    fn one_file_declarator(
        &mut self,
        base: &TypeRef,
        st: Storage,
        id: &Node<InitDeclarator>,
    ) -> R<()> {
        let (name, ty) = self.object_declarator(base, st, id)?;
        let Some(name) = name else { return Ok(()) };
        let loc = self.loc(id.span);
        if st.is_typedef {
            self.bind(name, Sym::Typedef(ty));
            return Ok(());
        }
        if let Type::Function(ft) = &*ty {
            self.declare_func(&name, ft.clone(), st.is_static, loc);
            return Ok(());
        }
        let g = self.declare_global(&name, &ty, st, loc);
        if let Some(init) = &id.node.initializer {
            self.init_global(g, &ty, init)?;
        }
        Ok(())
    }

    /// Find or create the global for a file-scope (or block-scope `extern`) object.
    pub fn declare_global(&mut self, name: &str, ty: &TypeRef, st: Storage, loc: Loc) -> GlobalId {
        let existing = if st.is_static {
            self.scopes.first().and_then(|s| s.names.get(name)).cloned()
        } else {
            self.externs.get(name).cloned()
        };
        let size = self.size_of(ty).unwrap_or(0);
        let align = self.align_of(ty);
        if let Some(Sym::Var(VarLoc::Global(g), old_ty)) = existing {
            // A later declaration may complete an array type.
            let keep_new =
                matches!(*old_ty, Type::Array(_, None)) && !matches!(**ty, Type::Array(_, None));
            let t = if keep_new { ty.clone() } else { old_ty };
            let gl = &mut self.prog.globals[g.index()];
            if gl.size < size {
                gl.size = size;
                gl.init.resize(size as usize, 0);
            }
            let sym = Sym::Var(VarLoc::Global(g), t);
            if !st.is_static {
                self.externs.insert(name.to_string(), sym.clone());
            }
            if let Some(s) = self.scopes.first_mut() {
                s.names.insert(name.to_string(), sym.clone());
            }
            self.bind(name.to_string(), sym);
            return g;
        }
        let g = self.add_global(Global {
            name: name.to_string(),
            size,
            align,
            init: vec![0; size as usize],
            relocs: Vec::new(),
            read_only: false,
            loc,
            init_locs: Vec::new(),
        });
        let sym = Sym::Var(VarLoc::Global(g), ty.clone());
        if !st.is_static {
            self.externs.insert(name.to_string(), sym.clone());
        }
        if let Some(s) = self.scopes.first_mut() {
            s.names.insert(name.to_string(), sym.clone());
        }
        self.bind(name.to_string(), sym);
        g
    }

    /// Evaluate a static initialiser into the global's bytes and relocations.
    pub fn init_global(&mut self, g: GlobalId, ty: &TypeRef, init: &Node<Initializer>) -> R<()> {
        let (items, full_ty) = self.flatten_init(ty, init)?;
        let size = self.size_or_err(&full_ty, init.span)?;
        // Completing `int a[] = {...}` fixes the size and the symbol's type.
        if !Rc::ptr_eq(&full_ty, ty) {
            let name = self.prog.globals[g.index()].name.clone();
            let sym = Sym::Var(VarLoc::Global(g), full_ty.clone());
            for s in self.scopes.iter_mut() {
                if let Some(Sym::Var(VarLoc::Global(x), _)) = s.names.get(&name) {
                    if *x == g {
                        s.names.insert(name.clone(), sym.clone());
                    }
                }
            }
            if let Some(Sym::Var(VarLoc::Global(x), _)) = self.externs.get(&name) {
                if *x == g {
                    self.externs.insert(name, sym);
                }
            }
        }
        let mut bytes = vec![0u8; size as usize];
        let mut relocs = Vec::new();
        let whole = self.loc(init.span);
        let mut init_locs = vec![(0, size, whole)];
        for it in items {
            match it {
                InitItem::Str { off, bytes: s, len } => {
                    init_locs.push((off, off + len, whole));
                    let n = (len as usize).min(s.len());
                    let o = off as usize;
                    bytes[o..o + n].copy_from_slice(&s[..n]);
                }
                InitItem::Expr { off, ty, e, bits } => {
                    if matches!(*ty, Type::Struct(_)) {
                        return self.unsupported(
                            e.span,
                            "struct-valued expression in a static initialiser",
                        );
                    }
                    let sz = self.size_of(&ty).unwrap_or(0) as usize;
                    let o = off as usize;
                    if ty.is_long_double() {
                        let v = self.const_ld(e)?;
                        init_locs.push((off, off + 10, self.loc(e.span)));
                        bytes[o..o + 10].copy_from_slice(&v.to_bytes());
                        continue;
                    }
                    let before = self.diags.len();
                    let v = match self.const_eval(e) {
                        Ok(v) => self.const_convert(v, &ty, e.span)?,
                        // A `long double` expression (which `CVal` cannot hold).
                        Err(err) if bits.is_none() && ty.is_arith() => {
                            self.const_converted_ld(e, &ty, err, before)?
                        }
                        Err(err) => return Err(err),
                    };
                    let item = self.loc(e.span);
                    init_locs.push((off, off + sz as u32, item));
                    if let Some(b) = bits {
                        let CVal::Num(bits, _) = v else {
                            return self.error(
                                e.span,
                                "initializer element is not computable at load time",
                            );
                        };
                        let n = b.nbytes() as usize;
                        let mut w = [0u8; 8];
                        w[..n].copy_from_slice(&bytes[o..o + n]);
                        let old = u64::from_le_bytes(w);
                        let new = (old & !b.mask()) | ((bits << b.shift) & b.mask());
                        bytes[o..o + n].copy_from_slice(&new.to_le_bytes()[..n]);
                        continue;
                    }
                    match v {
                        CVal::Num(bits, _) => {
                            bytes[o..o + sz].copy_from_slice(&bits.to_le_bytes()[..sz]);
                        }
                        CVal::Addr(target, addend, _) => relocs.push(Reloc {
                            offset: off,
                            target,
                            addend,
                        }),
                    }
                }
            }
        }
        let gl = &mut self.prog.globals[g.index()];
        gl.size = size;
        gl.align = gl.align.max(1);
        gl.init = bytes;
        gl.relocs = relocs;
        // Designators may initialise out of order.
        init_locs.sort_by_key(|(o, _, _)| *o);
        gl.init_locs = init_locs;
        Ok(())
    }

    pub fn function_definition(&mut self, fd: &Node<FunctionDefinition>) -> R<()> {
        if !fd.node.declarations.is_empty() {
            return self.unsupported(fd.span, "old-style (K&R) function definition");
        }
        let (base, st) = self.base_type(&fd.node.specifiers, fd.span)?;
        let (name, ty) = self.declarator_type(base, &fd.node.declarator)?;
        let (Some(name), Type::Function(ft)) = (name, &*ty) else {
            return self.error(fd.span, "function definition without a function declarator");
        };
        let ft = ft.clone();
        let loc = self.loc(fd.node.declarator.span);
        let in_test_fn = self.tests.unit_file.as_deref() == Some(self.prog.file_name(loc));
        self.tests.enter_function(in_test_fn, &fd.node.statement);
        let id = self.declare_func(&name, ft.clone(), st.is_static, loc);
        if self.func_defined[id.index()] {
            return self.error(fd.span, format!("redefinition of function `{name}`"));
        }
        self.func_defined[id.index()] = true;

        let mut at = AddrTaken(HashSet::new());
        at.visit_statement(&fd.node.statement.node, &fd.node.statement.span);
        let ret_ty = ft.ret.clone();
        let ret_struct = ret_ty.is_by_address();
        let sret_size = if ret_struct {
            self.size_of(&ret_ty)
        } else {
            None
        };
        self.f = Some(FnState {
            f: Function {
                name: name.clone(),
                loc,
                params: Vec::new(),
                ret: if ret_struct { None } else { ret_ty.scalar() },
                sret_size,
                regs: Vec::new(),
                locals: Vec::new(),
                blocks: Vec::new(),
                frame_bytes: 16,
                va_area: None,
            },
            cur: BlockId::new(0),
            breaks: Vec::new(),
            continues: Vec::new(),
            switches: Vec::new(),
            labels: Default::default(),
            labels_defined: Default::default(),
            ret_ty: ret_ty.clone(),
            sret: None,
            addr_taken: at.0,
            vm: Default::default(),
        });
        let entry = self.new_block();
        self.switch_to(entry);
        self.push_scope();
        // Bind `__func__` lazily through expression lowering (it looks at fs().f.name).
        if ret_struct {
            let r = self.new_reg(Some("<return buffer>".into()), false);
            self.fs().sret = Some(r);
        }
        let inner = function_level(&fd.node.declarator);
        let mut pnames: Vec<(Option<String>, Span)> = Vec::new();
        for dd in &inner.node.derived {
            if let DerivedDeclarator::Function(f) = &dd.node {
                for p in &f.node.parameters {
                    let n = match &p.node.declarator {
                        Some(d) => {
                            let dd = innermost(d);
                            match &dd.node.kind.node {
                                DeclaratorKind::Identifier(i) => Some(i.node.name.clone()),
                                _ => None,
                            }
                        }
                        None => None,
                    };
                    pnames.push((n, p.span));
                }
                break;
            }
        }
        let mut params = Vec::new();
        for (i, pty) in ft.params.iter().enumerate() {
            let (pname, pspan) = pnames.get(i).cloned().unwrap_or((None, fd.span));
            let ploc = self.loc(pspan);
            let pname_s = pname.clone().unwrap_or_else(|| format!("<param {i}>"));
            let in_mem = pty.is_by_address()
                || pname
                    .as_ref()
                    .map(|n| self.fs().addr_taken.contains(n))
                    .unwrap_or(false);
            if in_mem {
                let size = self.size_or_err(pty, pspan)?;
                let align = self.align_of(pty);
                let l = self.new_local(pname_s.clone(), size, align, ploc);
                let by_value_size = if pty.is_by_address() {
                    Some(size)
                } else {
                    None
                };
                params.push(ParamKind::Mem {
                    local: l,
                    ty: pty.scalar().unwrap_or(Scalar::Ptr),
                    by_value_size,
                });
                if let Some(n) = pname {
                    self.bind(n, Sym::Var(VarLoc::Local(l), pty.clone()));
                }
            } else {
                let Some(sc) = pty.scalar() else {
                    return self.error(pspan, "parameter of incomplete or void type");
                };
                let r = self.new_reg(Some(pname_s), false);
                params.push(ParamKind::Reg(r, sc));
                if let Some(n) = pname {
                    self.bind(n, Sym::Var(VarLoc::Reg(r), pty.clone()));
                }
            }
        }
        self.fs().f.params = params;
        // A parameter of variably modified type (`int a[n][m]`, `int (*p)[m]`) gets its
        // sizes evaluated at entry, in order, from the parameters before it (C11
        // 6.9.1p10); the prototype left them unevaluated.
        let pdecls = inner.node.derived.iter().find_map(|dd| match &dd.node {
            DerivedDeclarator::Function(f) => Some(&f.node.parameters),
            _ => None,
        });
        for (i, p) in pdecls.into_iter().flatten().enumerate() {
            if !ft.params.get(i).is_some_and(|t| t.is_vm()) {
                continue;
            }
            let t = self.param_type(p)?;
            let t = self.adjust_param(t);
            if let Some((Some(n), _)) = pnames.get(i) {
                if let Some(Sym::Var(at, _)) = self.lookup(n).cloned() {
                    self.bind(n.clone(), Sym::Var(at, t));
                }
            }
        }
        if ft.variadic {
            // Sized by the interpreter at each call (see `Function::va_area`).
            let l = self.new_local("<variadic arguments>".into(), 0, 8, loc);
            self.fs().f.va_area = Some(l);
        }
        let body = self.stmt(&fd.node.statement);
        self.check_vm_jumps();
        // Falling off the end: `main` returns 0 (C99 5.1.2.2.3); others return nothing.
        let end_loc = self.loc(Span::span(fd.span.end.saturating_sub(1), fd.span.end));
        let term = if name == "main" {
            Terminator::Return(Some(Operand::Const(0)))
        } else {
            Terminator::Return(None)
        };
        self.terminate(term, end_loc);
        self.pop_scope();
        let fs = self.f.take();
        if let Some(mut fs) = fs {
            for (l, b) in fs.labels.iter() {
                if !fs.labels_defined.contains(l) {
                    let _ = b;
                    let at = self.prog.fmt_loc(fs.f.loc);
                    self.diags.push(super::Diag {
                        kind: super::DiagKind::Error,
                        msg: format!("label `{l}` used but not defined"),
                        at,
                    });
                }
            }
            fs.f.frame_bytes =
                fs.f.frame_bytes
                    .saturating_add(8 * fs.f.params.len() as u32);
            self.prog.functions[id.index()] = fs.f;
        }
        body
    }

    /// A declaration inside a function body.
    pub fn local_declaration(&mut self, d: &Node<Declaration>) -> R<()> {
        let (base, st) = self.declaration_base(d)?;
        let mut result = Ok(());
        for id in &d.node.declarators {
            if let Err(e) = self.one_local_declarator(&base, st, id) {
                self.bind_failed(id);
                result = Err(e);
            }
        }
        result
    }

    fn one_local_declarator(
        &mut self,
        base: &TypeRef,
        st: Storage,
        id: &Node<InitDeclarator>,
    ) -> R<()> {
        let (name, ty) = self.object_declarator(base, st, id)?;
        let Some(name) = name else { return Ok(()) };
        let loc = self.loc(id.span);
        if ty.is_vm() {
            if st.is_static || st.is_extern {
                return self.error(
                    id.span,
                    format!("`{name}` has a variably modified type but static storage or linkage"),
                );
            }
            self.vm_declared();
        }
        if st.is_typedef {
            self.bind(name, Sym::Typedef(ty));
            return Ok(());
        }
        if ty.is_vla() {
            return self.vla_local(name, &ty, id, loc);
        }
        if let Type::Function(ft) = &*ty {
            let fid = self.declare_func(&name, ft.clone(), st.is_static, loc);
            let t = ty.clone();
            self.bind(name, Sym::Func(fid, t));
            return Ok(());
        }
        if st.is_extern {
            let g = self.declare_global(&name, &ty, st, loc);
            self.bind(name, Sym::Var(VarLoc::Global(g), ty));
            return Ok(());
        }
        if st.is_static {
            // A static local is a global with a private name.
            self.anon += 1;
            let fname = self.fs().f.name.clone();
            let gname = format!("{fname}.{name}");
            let size = self.size_of(&ty).unwrap_or(0);
            let align = self.align_of(&ty);
            let g = self.add_global(Global {
                name: gname,
                size,
                align,
                init: vec![0; size as usize],
                relocs: Vec::new(),
                read_only: false,
                loc,
                init_locs: Vec::new(),
            });
            self.bind(name.clone(), Sym::Var(VarLoc::Global(g), ty.clone()));
            if let Some(init) = &id.node.initializer {
                let before = self.prog.globals[g.index()].size;
                self.init_global(g, &ty, init)?;
                if before != self.prog.globals[g.index()].size {
                    // the initialiser completed the array type
                    let (_, full) = self.flatten_init(&ty, init)?;
                    self.bind(name, Sym::Var(VarLoc::Global(g), full));
                }
            }
            return Ok(());
        }
        // automatic storage
        let (items, full_ty) = match &id.node.initializer {
            Some(init) => {
                let (items, t) = self.flatten_init(&ty, init)?;
                (Some((items, init)), t)
            }
            None => (None, ty.clone()),
        };
        // A `long double` is a scalar of C but lives in memory (see `long_double.rs`).
        let is_scalar = full_ty.scalar().is_some();
        let addr_taken = self.fs().addr_taken.contains(&name);
        if is_scalar && !addr_taken {
            let r = self.new_reg(Some(name.clone()), items.is_none());
            self.bind(name, Sym::Var(VarLoc::Reg(r), full_ty.clone()));
            if let Some((items, _)) = items {
                for it in items {
                    if let InitItem::Expr { e, .. } = it {
                        let v = self.expr(e)?;
                        let Val::S(v, _) = self.convert_val(v, &full_ty, e.span)? else {
                            return self.error(e.span, "initialisation from a non-scalar value");
                        };
                        let l = self.loc(e.span);
                        self.set_reg(r, v, l);
                    }
                }
            }
            return Ok(());
        }
        let size = self.size_or_err(&full_ty, id.span)?;
        let align = self.align_of(&full_ty);
        let l = self.new_local(name.clone(), size, align, loc);
        self.emit(StmtKind::StorageLive(l), loc);
        let passed = self.tests.in_test_fn && self.tests.passed.contains(&name);
        self.bind(name, Sym::Var(VarLoc::Local(l), full_ty.clone()));
        if let Some((items, init)) = items {
            let base_addr = self.assign(Rvalue::AddrLocal(l), loc);
            // Braced lists and strings zero the rest of the object (C11 6.7.9p21).
            if matches!(init.node, Initializer::List(_)) || !is_scalar {
                let whole_copy = items.len() == 1
                    && matches!(&items[0], InitItem::Expr { ty, .. } if ty.is_by_address());
                if !whole_copy {
                    self.emit(
                        StmtKind::Zero {
                            dst: base_addr,
                            size,
                        },
                        loc,
                    );
                }
            }
            // A test's array or struct it passes to the code under test: its constants
            // are inputs (`literals.rs`).
            self.tests.literal_init = passed;
            let stored = items
                .into_iter()
                .try_for_each(|it| self.store_init_item(base_addr, it, loc));
            self.tests.literal_init = false;
            stored?;
        }
        Ok(())
    }

    /// A variable-length array object: its storage begins at the declaration, sized by
    /// the element counts its declarator just evaluated.
    fn vla_local(
        &mut self,
        name: String,
        ty: &TypeRef,
        id: &Node<InitDeclarator>,
        loc: Loc,
    ) -> R<()> {
        if let Some(init) = &id.node.initializer {
            // gcc 12 (C17) refuses any initialiser, `{}` included.
            return self.error(init.span, "variable-sized object may not be initialized");
        }
        let size = self.dyn_size(ty, id.span)?;
        let align = self.align_of(ty);
        let l = self.new_local(name.clone(), 0, align, loc);
        self.emit(StmtKind::StorageLiveSized(l, size), loc);
        self.bind(name, Sym::Var(VarLoc::Local(l), ty.clone()));
        Ok(())
    }

    pub fn store_init_item(&mut self, base: Operand, it: InitItem, loc: Loc) -> R<()> {
        match it {
            InitItem::Str { off, bytes, len } => {
                let n = (len as usize).min(bytes.len());
                let g = self.string_global(bytes, loc);
                let src = self.assign(Rvalue::AddrGlobal(g), loc);
                let dst = self.offset_addr(base, off as i64, loc);
                self.emit(
                    StmtKind::Copy {
                        dst,
                        src,
                        size: n as u32,
                    },
                    loc,
                );
            }
            InitItem::Expr {
                off,
                ty,
                e,
                bits: Some(b),
            } => {
                let dst = self.offset_addr(base, off as i64, loc);
                let eloc = self.loc(e.span);
                let vt = super::expr::bit_field_value_type(b, &ty);
                let (v, et) = self.scalar_rvalue(e)?;
                let v = self.convert(v, &et, &vt, e.span)?;
                self.store_bits(dst, b, v, eloc);
            }
            InitItem::Expr { off, ty, e, .. } => {
                let dst = self.offset_addr(base, off as i64, loc);
                let eloc = self.loc(e.span);
                if ty.is_long_double() {
                    let v = self.expr(e)?;
                    self.ld_assign(dst, v, e.span, eloc)?;
                } else if matches!(*ty, Type::Struct(_)) {
                    let src = self.agg_rvalue(e)?;
                    let size = self.size_or_err(&ty, e.span)?;
                    self.emit(StmtKind::Copy { dst, src, size }, eloc);
                } else {
                    let v = if self.tests.literal_init && super::literals::is_number(&e.node) {
                        self.literal_arg(e)?
                    } else {
                        self.expr(e)?
                    };
                    let Val::S(v, _) = self.convert_val(v, &ty, e.span)? else {
                        return self.error(e.span, "initialisation from a non-scalar value");
                    };
                    let sc = ty.scalar().unwrap_or(Scalar::I32);
                    self.emit(
                        StmtKind::Store {
                            addr: dst,
                            val: v,
                            ty: sc,
                        },
                        eloc,
                    );
                }
            }
        }
        Ok(())
    }

    pub fn offset_addr(&mut self, base: Operand, off: i64, loc: Loc) -> Operand {
        if off == 0 {
            return base;
        }
        self.assign(
            Rvalue::PtrAdd {
                base,
                index: Operand::Const(off as u64),
                scale: 1,
            },
            loc,
        )
    }
}
