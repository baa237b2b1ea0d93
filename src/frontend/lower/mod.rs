//! Lowering lang-c ASTs to IR. All C typing happens here: integer promotions, the usual
//! arithmetic conversions, layout, array decay. Problems are collected as diagnostics
//! (every unsupported construct of the program is reported at once); a construct that
//! fails to lower yields `Err(Abort)` to its caller, which skips it and goes on.

mod attrs;
mod builtins;
mod chunks;
mod consteval;
mod decl;
mod expr;
mod implicit;
mod init;
mod link;
mod literals;
mod long_double;
mod marks;
mod stmt;
mod stmtexpr;
mod types;
mod unused;
mod variadic;

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use lang_c::ast::{
    DeclarationSpecifier, DeclaratorKind, ExternalDeclaration, StorageClassSpecifier,
};
use lang_c::span::Node;
use lang_c::span::Span;

use super::{Diag, DiagKind, FrontendError, LineMap};
use crate::ir::*;
pub use chunks::ParseCache;
pub(crate) use marks::{extract as extract_marks, LayoutMarks};

/// A construct failed to lower; its diagnostic is already recorded.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Abort;
pub(crate) type R<T> = Result<T, Abort>;

#[derive(Clone, Debug)]
pub(crate) enum VarLoc {
    Reg(Reg),
    Local(LocalId),
    Global(GlobalId),
}

#[derive(Clone, Debug)]
pub(crate) enum Sym {
    Var(VarLoc, TypeRef),
    Func(FuncId, TypeRef),
    EnumConst(i64),
    Typedef(TypeRef),
    /// A declaration whose error was reported: a use of its name stops lowering without
    /// another error (gcc too reports `_Complex double z;` once, not each use of `z`).
    Failed,
}

#[derive(Clone, Copy, Debug)]
pub(crate) enum Tag {
    Struct(StructId),
    /// Index into `Cx::enums`.
    Enum(u32),
}

#[derive(Default)]
pub(crate) struct Scope {
    names: HashMap<String, Sym>,
    tags: HashMap<String, Tag>,
    /// How many variably modified identifiers were in scope when this scope opened.
    vm_depth: usize,
}

pub(crate) struct SwitchCx {
    cases: Vec<(u64, BlockId)>,
    default: Option<BlockId>,
    ty: TypeRef,
    /// Variably modified identifiers in scope at the `switch`: a case label may not be
    /// in the scope of another (C11 6.8.4.2p2).
    vm_depth: usize,
}

/// Identifiers of variably modified type in scope, to refuse jumps into their scope
/// (C11 6.8.6.1p1, 6.8.4.2p2; gcc refuses them too): each declaration gets a number,
/// `active` holds those in scope at the point being lowered.
#[derive(Default)]
pub(crate) struct VmScopes {
    pub active: Vec<u32>,
    pub next: u32,
    /// For each defined label, the identifiers in scope there.
    pub labels: HashMap<String, Vec<u32>>,
    /// Each `goto`: its label, the identifiers in scope at it, where it is.
    pub gotos: Vec<(String, Vec<u32>, Span)>,
}

/// Per-function lowering state.
pub(crate) struct FnState {
    pub f: Function,
    pub cur: BlockId,
    pub breaks: Vec<BlockId>,
    pub continues: Vec<BlockId>,
    pub switches: Vec<SwitchCx>,
    pub labels: HashMap<String, BlockId>,
    pub labels_defined: HashSet<String>,
    pub ret_ty: TypeRef,
    /// Register holding the caller's buffer for a returned struct.
    pub sret: Option<Reg>,
    /// Names whose address is taken somewhere in the body: such scalars live in memory.
    pub addr_taken: HashSet<String>,
    pub vm: VmScopes,
}

pub(crate) struct Cx<'u> {
    pub prog: Program,
    pub structs: Vec<StructDef>,
    /// Structs whose definition had an error (reported there): their size and members
    /// are unknown without another error.
    pub failed_structs: std::collections::HashSet<StructId>,
    pub lines: &'u LineMap,
    /// Layout directives of the current unit (see `marks.rs`).
    pub marks: &'u LayoutMarks,
    /// What the spans of the external declaration being lowered are off by (see
    /// [`ParsedUnit::bases`]).
    pub base: isize,
    pub diags: Vec<Diag>,
    /// Every enum type with whether gcc gives it an unsigned underlying type (no
    /// negative enumerator): the signedness of its bit-fields. Kept alive so that the
    /// `Rc` identity of a type names its enum.
    pub enums: Vec<(TypeRef, bool)>,
    /// Layout attributes of the declaration whose struct specifier is lowered next.
    pub pending_layout: Option<attrs::LayoutAttrs>,
    /// Set while a struct member's declarator is lowered: its `packed` and `aligned`
    /// attributes belong to the layout, not to `check_extensions`.
    pub member_layout_ok: bool,
    /// Inside the specifiers or the declarator of objects (not of a typedef):
    /// `aligned(n)` there asks only for the objects' addresses (see
    /// `types::specifier_attrs`), which `attrs::check_extensions` then accepts.
    pub object_aligned_ok: bool,
    pub scopes: Vec<Scope>,
    /// Names with external linkage, shared by all translation units.
    pub externs: HashMap<String, Sym>,
    pub func_types: Vec<Rc<FuncType>>,
    pub func_defined: Vec<bool>,
    /// First use of each function, to report calls of undefined functions.
    pub func_first_use: HashMap<FuncId, Loc>,
    /// String literal objects by contents and alignment, shared as gcc merges them.
    pub strings: HashMap<(Vec<u8>, u32), GlobalId>,
    pub f: Option<FnState>,
    /// Counter for names of static locals and compound literals.
    pub anon: u32,
    /// Functions whose `static` storage makes them local to their unit: (unit, name).
    pub unit_index: usize,
    /// Functions declared implicitly by a call (`int f()`), to check later definitions.
    pub implicit_funcs: HashSet<FuncId>,
    /// Set while lowering a prototype's parameters: their variable array sizes are not
    /// evaluated (`[*]`); a definition's are, at entry (see `function_definition`).
    pub vla_unevaluated: bool,
    /// Above zero while lowering what must not emit code (constant expressions, the
    /// scratch lowering of `type_of_expr`): a variable array size there is refused.
    pub no_code: u32,
    /// The test's literals (see `literals.rs`): which functions are the test's own and
    /// which the code under test's, the current unit's test file, and whether the
    /// function being lowered is the test's.
    pub tests: literals::TestCx,
}

impl<'u> Cx<'u> {
    // ---- diagnostics and locations -------------------------------------------------

    pub fn loc(&mut self, span: Span) -> Loc {
        if span.is_none() {
            return Loc::default();
        }
        let at = self.offset(span.start);
        super::ir_loc(&mut self.prog.files, self.lines, at)
    }

    /// The offset in the unit's text of an offset in a span of the current declaration.
    pub fn offset(&self, at: usize) -> usize {
        at.wrapping_add_signed(self.base)
    }

    pub fn at(&self, span: Span) -> String {
        if span.is_none() {
            return "?".into();
        }
        super::loc_string(self.lines, self.offset(span.start))
    }

    pub fn unsupported<T>(&mut self, span: Span, what: impl Into<String>) -> R<T> {
        let at = self.at(span);
        self.diags.push(Diag {
            kind: DiagKind::Unsupported,
            msg: what.into(),
            at,
        });
        Err(Abort)
    }

    pub fn error<T>(&mut self, span: Span, what: impl Into<String>) -> R<T> {
        let at = self.at(span);
        self.diags.push(Diag {
            kind: DiagKind::Error,
            msg: what.into(),
            at,
        });
        Err(Abort)
    }

    // ---- scopes --------------------------------------------------------------------

    pub fn lookup(&self, name: &str) -> Option<&Sym> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.names.get(name) {
                return Some(x);
            }
        }
        None
    }

    pub fn lookup_tag(&self, name: &str) -> Option<Tag> {
        for s in self.scopes.iter().rev() {
            if let Some(x) = s.tags.get(name) {
                return Some(*x);
            }
        }
        None
    }

    /// Whether the innermost scope declares `name`.
    pub fn bound_here(&self, name: &str) -> bool {
        self.scopes
            .last()
            .is_some_and(|s| s.names.contains_key(name))
    }

    pub fn bind(&mut self, name: String, sym: Sym) {
        if let Some(s) = self.scopes.last_mut() {
            s.names.insert(name, sym);
        }
    }

    pub fn push_scope(&mut self) {
        let vm_depth = self.f.as_ref().map_or(0, |f| f.vm.active.len());
        self.scopes.push(Scope {
            vm_depth,
            ..Scope::default()
        });
    }

    pub fn pop_scope(&mut self) {
        if let (Some(s), Some(f)) = (self.scopes.pop(), self.f.as_mut()) {
            f.vm.active.truncate(s.vm_depth);
        }
    }

    /// A block-scope identifier of variably modified type comes into scope.
    pub fn vm_declared(&mut self) {
        if let Some(f) = self.f.as_mut() {
            f.vm.active.push(f.vm.next);
            f.vm.next += 1;
        }
    }

    // ---- function building -----------------------------------------------------------

    pub fn fs(&mut self) -> &mut FnState {
        // Only called while lowering a function body (checked by callers' structure).
        self.f.as_mut().expect("lowering outside a function")
    }

    pub fn new_block(&mut self) -> BlockId {
        let f = &mut self.fs().f;
        f.blocks.push(Block {
            stmts: Vec::new(),
            term: Terminator::Unreachable,
            term_loc: Loc::default(),
        });
        BlockId::from_index(f.blocks.len() - 1)
    }

    pub fn emit(&mut self, kind: StmtKind, loc: Loc) {
        let fs = self.fs();
        let cur = fs.cur.index();
        fs.f.blocks[cur].stmts.push(Stmt { kind, loc });
    }

    /// End the current block with `term` and continue in a fresh (unreachable) block.
    pub fn terminate(&mut self, term: Terminator, loc: Loc) {
        let fs = self.fs();
        let cur = fs.cur.index();
        fs.f.blocks[cur].term = term;
        fs.f.blocks[cur].term_loc = loc;
        let nb = self.new_block();
        self.fs().cur = nb;
    }

    /// End the current block by jumping to `target`, then continue in `target`.
    pub fn goto_and_switch(&mut self, target: BlockId, loc: Loc) {
        let fs = self.fs();
        let cur = fs.cur.index();
        fs.f.blocks[cur].term = Terminator::Goto(target);
        fs.f.blocks[cur].term_loc = loc;
        fs.cur = target;
    }

    pub fn switch_to(&mut self, b: BlockId) {
        self.fs().cur = b;
    }

    pub fn new_reg(&mut self, name: Option<String>, check_init: bool) -> Reg {
        let f = &mut self.fs().f;
        f.regs.push(RegInfo { name, check_init });
        Reg::from_index(f.regs.len() - 1)
    }

    pub fn tmp(&mut self) -> Reg {
        self.new_reg(None, false)
    }

    pub fn new_local(&mut self, name: String, size: u32, align: u32, loc: Loc) -> LocalId {
        let f = &mut self.fs().f;
        f.locals.push(LocalInfo {
            name,
            size,
            align,
            loc,
        });
        f.frame_bytes = f.frame_bytes.saturating_add(size.max(8));
        LocalId::from_index(f.locals.len() - 1)
    }

    /// Assign an rvalue to a fresh temporary.
    pub fn assign(&mut self, rv: Rvalue, loc: Loc) -> Operand {
        if let Rvalue::Use(op) = rv {
            return op;
        }
        let r = self.tmp();
        self.emit(StmtKind::Assign(r, rv), loc);
        Operand::Reg(r)
    }

    // ---- globals -------------------------------------------------------------------

    pub fn add_global(&mut self, g: Global) -> GlobalId {
        self.prog.globals.push(g);
        GlobalId::from_index(self.prog.globals.len() - 1)
    }

    pub fn string_global(&mut self, bytes: Vec<u8>, loc: Loc) -> GlobalId {
        self.aligned_string_global(bytes, 1, loc)
    }

    /// The read-only object of a string literal of any encoding, aligned as its
    /// elements (gcc places `L"..."` at a multiple of 4).
    pub fn literal_global(&mut self, lit: consteval::StrLit, loc: Loc) -> GlobalId {
        let align = lit.enc.unit() as u32;
        self.aligned_string_global(lit.bytes, align, loc)
    }

    fn aligned_string_global(&mut self, bytes: Vec<u8>, align: u32, loc: Loc) -> GlobalId {
        let key = (bytes, align);
        if let Some(g) = self.strings.get(&key) {
            return *g;
        }
        let bytes = key.0.clone();
        let size = bytes.len() as u32;
        let id = self.add_global(Global {
            name: "<string literal>".into(),
            size,
            align,
            init: bytes.clone(),
            relocs: Vec::new(),
            read_only: true,
            loc,
            init_locs: Vec::new(),
        });
        self.strings.insert(key, id);
        id
    }

    pub fn declare_func(
        &mut self,
        name: &str,
        ft: Rc<FuncType>,
        is_static: bool,
        loc: Loc,
    ) -> FuncId {
        let ty = Rc::new(Type::Function(ft.clone()));
        let existing = if is_static {
            self.scopes.first().and_then(|s| s.names.get(name)).cloned()
        } else {
            self.externs
                .get(name)
                .cloned()
                .or_else(|| self.scopes.first().and_then(|s| s.names.get(name)).cloned())
        };
        if let Some(Sym::Func(id, _)) = existing {
            // gcc refuses a declaration whose result is not the `int` a call implied.
            if self.implicit_funcs.contains(&id) && *ft.ret != Type::int(4, true) {
                self.diags.push(Diag {
                    kind: DiagKind::Error,
                    msg: format!(
                        "conflicting types for `{name}` (an earlier call declared it implicitly as `int {name}()`)"
                    ),
                    at: self.prog.fmt_loc(loc),
                });
            }
            // A prototype after an unprototyped declaration refines it.
            if !ft.unprototyped {
                self.func_types[id.index()] = ft;
            }
            if let Some(s) = self.scopes.first_mut() {
                s.names.insert(name.to_string(), Sym::Func(id, ty));
            }
            return id;
        }
        self.prog.functions.push(Function {
            name: name.to_string(),
            loc,
            params: Vec::new(),
            ret: None,
            sret_size: None,
            regs: Vec::new(),
            locals: Vec::new(),
            blocks: Vec::new(),
            frame_bytes: 16,
            va_area: None,
        });
        self.func_types.push(ft);
        self.func_defined.push(false);
        let id = FuncId::from_index(self.prog.functions.len() - 1);
        let sym = Sym::Func(id, ty);
        if !is_static {
            self.externs.insert(name.to_string(), sym.clone());
        }
        if let Some(s) = self.scopes.first_mut() {
            s.names.insert(name.to_string(), sym);
        }
        id
    }
}

/// A preprocessed and parsed translation unit (lang-c's AST stays inside `lower`).
pub struct ParsedUnit {
    /// The external declarations, shared with the parse cache (`chunks.rs`).
    pub(crate) unit: Vec<std::sync::Arc<Node<ExternalDeclaration>>>,
    pub(crate) lines: LineMap,
    /// `#pragma pack` and struct-keyword attributes, which lang-c does not parse.
    pub(crate) marks: LayoutMarks,
    /// Per external declaration, what its spans are off by, when it was parsed apart
    /// from the rest of the text (`chunks.rs`); empty when the text was parsed whole.
    pub(crate) bases: Vec<isize>,
}

/// Parse one preprocessed translation unit; `lines` maps its offsets back to sources.
pub(crate) fn parse(
    text: String,
    lines: LineMap,
    marks: LayoutMarks,
) -> Result<ParsedUnit, FrontendError> {
    let config = lang_c::driver::Config::with_gcc();
    match lang_c::driver::parse_preprocessed(&config, text) {
        Ok(p) => Ok(ParsedUnit {
            unit: p.unit.0.into_iter().map(std::sync::Arc::new).collect(),
            lines,
            marks,
            bases: Vec::new(),
        }),
        Err(e) => {
            let expected: Vec<&str> = e.expected.iter().map(|s| &**s).collect();
            Err(syntax_error(&lines, e.offset, &expected))
        }
    }
}

/// The error for a text that fails to parse at byte `offset`, expecting `expected`.
pub(crate) fn syntax_error(lines: &LineMap, offset: usize, expected: &[&str]) -> FrontendError {
    let loc = lines.locate(offset);
    FrontendError::Syntax {
        at: format!("{}:{}:{}", loc.0, loc.1, loc.2),
        expected: super::syntax_hint(expected),
    }
}

/// A lowering context positioned at the start of `first`.
fn new_cx(first: &ParsedUnit) -> Cx<'_> {
    Cx {
        prog: Program::default(),
        structs: Vec::new(),
        failed_structs: Default::default(),
        lines: &first.lines,
        marks: &first.marks,
        base: 0,
        diags: Vec::new(),
        enums: Vec::new(),
        pending_layout: None,
        member_layout_ok: false,
        object_aligned_ok: false,
        scopes: Vec::new(),
        externs: HashMap::new(),
        func_types: Vec::new(),
        func_defined: Vec::new(),
        func_first_use: HashMap::new(),
        strings: HashMap::new(),
        f: None,
        anon: 0,
        unit_index: 0,
        implicit_funcs: HashSet::new(),
        vla_unevaluated: false,
        no_code: 0,
        tests: literals::TestCx::default(),
    }
}

/// A fresh file scope for the next translation unit.
fn begin_unit(cx: &mut Cx) {
    cx.scopes.clear();
    cx.push_scope();
    // gcc's own type, which lang-c parses as a typedef name (see variadic.rs).
    let va_list = types::ptr_to(types::char_t());
    cx.bind("__builtin_va_list".into(), Sym::Typedef(va_list));
}

/// The functions one translation unit declares without defining them, as (name, fixed
/// parameters, variadic): the check that the bundled headers declare what
/// `libc::catalogue` says, read by the front end itself.
#[cfg(test)]
pub(crate) fn declared_functions(
    unit: &ParsedUnit,
) -> Result<Vec<(String, usize, bool)>, FrontendError> {
    let mut cx = new_cx(unit);
    begin_unit(&mut cx);
    lower_unit(&mut cx, unit, &HashSet::new());
    if !cx.diags.is_empty() {
        return Err(FrontendError::Diags(cx.diags));
    }
    Ok(cx
        .prog
        .functions
        .iter()
        .zip(&cx.func_types)
        .zip(&cx.func_defined)
        .filter(|(_, defined)| !**defined)
        .map(|((f, ft), _)| (f.name.clone(), ft.params.len(), ft.variadic))
        .collect())
}

/// The names of the functions one parsed translation unit defines, whatever
/// specifiers, attributes or macros surround them (`sources` finds `main` with it).
pub(crate) fn defined_functions(unit: &ParsedUnit) -> Vec<String> {
    unit.unit
        .iter()
        .filter_map(|d| {
            let ExternalDeclaration::FunctionDefinition(fd) = &d.node else {
                return None;
            };
            declared_name(&fd.node.declarator.node)
        })
        .collect()
}

/// The file (tree-relative, `<...>` for regcause's headers) of function definition
/// `fd`, external declaration `k` of unit `u`.
pub(crate) fn definition_file<'u>(
    u: &'u ParsedUnit,
    k: usize,
    fd: &Node<lang_c::ast::FunctionDefinition>,
) -> &'u str {
    let base = u.bases.get(k).copied().unwrap_or(0);
    let at = fd.node.declarator.span.start.wrapping_add_signed(base);
    u.lines.locate(at).0
}

/// Whether unit `u` (at tree path `own`) defines a function with external linkage in
/// another file of the tree: a header of the tree (not regcause's own library headers,
/// named `<...>`, nor one outside the tree) that brings the code under test with it.
pub(crate) fn includes_a_library(u: &ParsedUnit, own: &str) -> bool {
    u.unit.iter().enumerate().any(|(k, d)| {
        let ExternalDeclaration::FunctionDefinition(fd) = &d.node else {
            return false;
        };
        let is_static = fd.node.specifiers.iter().any(|s| {
            matches!(
                &s.node,
                DeclarationSpecifier::StorageClass(sc)
                    if sc.node == StorageClassSpecifier::Static
            )
        });
        let file = definition_file(u, k, fd);
        !is_static
            && file != own
            && !file.starts_with('<')
            && !std::path::Path::new(file).is_absolute()
    })
}

/// The identifier a declarator declares, through any parenthesised declarators; None
/// for an abstract one.
pub(crate) fn declared_name(d: &lang_c::ast::Declarator) -> Option<String> {
    declared_ident(d).map(str::to_string)
}

/// [`declared_name`], borrowed from the declarator.
pub(crate) fn declared_ident(d: &lang_c::ast::Declarator) -> Option<&str> {
    let mut k = &d.kind.node;
    loop {
        match k {
            DeclaratorKind::Identifier(n) => return Some(n.node.name.as_str()),
            DeclaratorKind::Declarator(inner) => k = &inner.node.kind.node,
            DeclaratorKind::Abstract => return None,
        }
    }
}

/// Lower all translation units of one program; `tests[i]` is unit i's path when it is
/// a test file (see `frontend::testfiles`; may be empty: none is).
pub(crate) fn lower_program(
    units: &[ParsedUnit],
    tests: &[Option<String>],
) -> Result<Program, FrontendError> {
    let keep = link::linked(units);
    let units: Vec<&ParsedUnit> = (0..units.len())
        .filter(|&i| keep[i])
        .map(|i| &units[i])
        .collect();
    let tests: Vec<Option<String>> = (0..keep.len())
        .filter(|&i| keep[i])
        .map(|i| tests.get(i).cloned().flatten())
        .collect();
    let Some(first) = units.first() else {
        return Err(FrontendError::Diags(vec![Diag {
            kind: DiagKind::Error,
            msg: "the program has no source files".into(),
            at: "?".into(),
        }]));
    };
    let mut cx = new_cx(first);
    cx.tests = literals::TestCx::new(&units, &tests);
    let unused = unused::unused_prototypes(&units);
    for (i, u) in units.iter().copied().enumerate() {
        cx.lines = &u.lines;
        cx.marks = &u.marks;
        cx.unit_index = i;
        cx.base = 0;
        cx.tests.unit_file = tests.get(i).cloned().flatten();
        for (off, text) in &u.marks.bad {
            let span = Span::span(*off, *off + 1);
            let _: R<()> = cx.unsupported(span, format!("`{text}`"));
        }
        begin_unit(&mut cx);
        lower_unit(&mut cx, u, &unused[i]);
    }
    finish(&mut cx);
    if !cx.diags.is_empty() {
        let mut d = cx.diags;
        d.dedup();
        return Err(FrontendError::Diags(d));
    }
    let mut prog = cx.prog;
    crate::ir::cleanup::remove_dead_blocks(&mut prog);
    Ok(prog)
}

/// Lower the external declarations of `u` but those in `skip`.
fn lower_unit<'u>(cx: &mut Cx<'u>, u: &'u ParsedUnit, skip: &HashSet<usize>) {
    for (i, ext) in u.unit.iter().enumerate() {
        if skip.contains(&i) {
            continue;
        }
        cx.base = u.bases.get(i).copied().unwrap_or(0);
        match &ext.node {
            ExternalDeclaration::Declaration(d) => {
                let _ = cx.file_declaration(d);
            }
            ExternalDeclaration::FunctionDefinition(fd) => {
                let _ = cx.function_definition(fd);
            }
            ExternalDeclaration::StaticAssert(sa) => {
                let _ = cx.static_assert(&sa.node, sa.span);
            }
        }
    }
}

/// Refuse direct calls of library functions with fewer arguments than the catalogue's
/// arity (possible through an unprototyped or implicit declaration): natively the model
/// would read whatever the registers hold, so no answer regcause gives could agree.
/// `calls` are (builtin index, argument count, location).
fn check_library_arities(cx: &mut Cx, calls: Vec<(u32, usize, Loc)>) {
    for (bi, n, loc) in calls {
        let Some(name) = cx.prog.builtins.get(bi as usize) else {
            continue;
        };
        let Some(entry) = crate::libc::catalogue::lookup(name) else {
            continue;
        };
        if entry.arity.accepts(n) {
            continue;
        }
        let s = if n == 1 { "" } else { "s" };
        cx.diags.push(Diag {
            kind: DiagKind::Unsupported,
            msg: format!(
                "call of library function `{}` with {n} argument{s}; <{}> declares it with {}",
                entry.name, entry.header, entry.arity
            ),
            at: cx.prog.fmt_loc(loc),
        });
    }
}

/// Whether `main` has one of the signatures C and the host give arguments to: none,
/// `(int, char **)`, or `(int, char **, char **)` with the environment (an
/// unprototyped `main()` gets whatever it declares, natively too).
fn main_signature_is_c(ft: &FuncType) -> bool {
    let is_int = |t: &Type| matches!(t, Type::Int(i) if i.size == 4);
    let is_strings = |t: &Type| {
        t.pointee()
            .and_then(|p| p.pointee())
            .is_some_and(|c| matches!(&**c, Type::Int(i) if i.size == 1))
    };
    match ft.params.as_slice() {
        [] => true,
        [a, b] => is_int(a) && is_strings(b),
        [a, b, c] => is_int(a) && is_strings(b) && is_strings(c),
        _ => false,
    }
}

/// Resolve functions declared but never defined to libc models, and check `main`.
fn finish(cx: &mut Cx) {
    let mut builtin_of: HashMap<FuncId, u32> = HashMap::new();
    for (id, defined) in cx.func_defined.clone().into_iter().enumerate() {
        if defined {
            continue;
        }
        let name = cx.prog.functions[id].name.clone();
        let used = cx.func_first_use.get(&FuncId::from_index(id)).copied();
        if crate::libc::catalogue::is_modelled(&name) {
            let idx = match cx.prog.builtins.iter().position(|b| *b == name) {
                Some(i) => i,
                None => {
                    cx.prog.builtins.push(name.clone());
                    cx.prog.builtins.len() - 1
                }
            };
            builtin_of.insert(FuncId::from_index(id), idx as u32);
        } else if crate::libc::catalogue::is_libc_name(&name) {
            // A library function without a model links natively: the program loads,
            // and a call of it stops the run there (`unsupported:`, as Miri does), so
            // code the test never runs may call anything.
        } else if let Some(loc) = used {
            let at = cx.prog.fmt_loc(loc);
            cx.diags.push(Diag {
                kind: DiagKind::Error,
                msg: format!("function `{name}` is used but not defined in the program's sources"),
                at,
            });
        }
    }
    if !builtin_of.is_empty() {
        let mut short_calls = Vec::new();
        for f in &mut cx.prog.functions {
            for b in &mut f.blocks {
                for s in &mut b.stmts {
                    match &mut s.kind {
                        StmtKind::Call { callee, args, .. } => {
                            if let Callee::Func(id) = callee {
                                if let Some(bi) = builtin_of.get(id) {
                                    short_calls.push((*bi, args.len(), s.loc));
                                    *callee = Callee::Builtin(*bi);
                                }
                            }
                        }
                        StmtKind::Assign(_, rv @ Rvalue::AddrFunc(_)) => {
                            if let Rvalue::AddrFunc(id) = rv {
                                if let Some(bi) = builtin_of.get(id) {
                                    *rv = Rvalue::AddrBuiltin(*bi);
                                }
                            }
                        }
                        _ => {}
                    }
                }
            }
        }
        check_library_arities(cx, short_calls);
        for g in &mut cx.prog.globals {
            for r in &mut g.relocs {
                if let RelocTarget::Func(id) = r.target {
                    if let Some(bi) = builtin_of.get(&id) {
                        r.target = RelocTarget::Builtin(*bi);
                    }
                }
            }
        }
    }
    match cx.externs.get("main") {
        Some(Sym::Func(id, _)) if cx.func_defined.get(id.index()).copied().unwrap_or(false) => {
            cx.prog.main = *id;
            let ft = cx.func_types[id.index()].clone();
            cx.prog.main_takes_args = ft.params.len() >= 2;
            if !main_signature_is_c(&ft) {
                let at = cx.prog.fmt_loc(cx.prog.functions[id.index()].loc);
                cx.diags.push(Diag {
                    kind: DiagKind::Error,
                    msg: "`main` must take no parameters, `(int argc, char **argv)` or \
                          `(int argc, char **argv, char **envp)`"
                        .into(),
                    at,
                });
            }
        }
        _ => cx.diags.push(Diag {
            kind: DiagKind::Error,
            msg: "the program defines no function `main`".into(),
            at: "?".into(),
        }),
    }
}
