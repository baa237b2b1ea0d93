//! The program representation the interpreter and the analyses run on.
//!
//! Every C expression is lowered to statements over virtual registers (`Reg`), explicit
//! memory loads and stores, and branches; implicit conversions are explicit `Cast`s and
//! `&&`, `||`, `?:` are branches. All C semantics that depend on types (promotions,
//! conversions, layout) are settled during lowering, so the interpreter only sees
//! scalar kinds and byte offsets. The IR knows nothing of lang-c.

pub mod arith;
pub mod cleanup;
mod defuse;
pub mod display;
pub mod fast;
mod types;

pub use types::{BitField, Field, FuncType, IntKind, IntTy, Scalar, StructDef, Type, TypeRef};

/// Index of a source file in [`Program::files`].
pub type FileId = u16;

/// A source location (1-based line and column in the original, unpreprocessed file).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Loc {
    pub file: FileId,
    pub line: u32,
    pub col: u32,
}

/// A 32-bit index into one kind of table, as its own type so that a block cannot be
/// used where a register is meant. `index()` is the position in the table; `Debug` and
/// `Display` print the bare number, as the plain integers these replaced did.
macro_rules! index_type {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[repr(transparent)]
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name(u32);

        impl $name {
            #[inline(always)]
            pub const fn new(raw: u32) -> Self {
                Self(raw)
            }
            /// The position in the table this indexes.
            #[inline(always)]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
            #[inline(always)]
            pub const fn raw(self) -> u32 {
                self.0
            }
            /// The id of the element at position `i` (tables stay far below 2^32).
            #[inline(always)]
            pub const fn from_index(i: usize) -> Self {
                Self(i as u32)
            }
        }

        impl From<u32> for $name {
            #[inline(always)]
            fn from(raw: u32) -> Self {
                Self(raw)
            }
        }

        impl From<$name> for u32 {
            #[inline(always)]
            fn from(id: $name) -> u32 {
                id.0
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }

        impl std::fmt::Debug for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                std::fmt::Display::fmt(&self.0, f)
            }
        }
    };
}

index_type!(
    /// A function of [`Program::functions`].
    FuncId
);
index_type!(
    /// A basic block of [`Function::blocks`].
    BlockId
);
index_type!(
    /// A global of [`Program::globals`].
    GlobalId
);
index_type!(
    /// A virtual register of a frame ([`Function::regs`]): scalar temporaries and
    /// scalar locals whose address is never taken.
    Reg
);
index_type!(
    /// An addressable local of [`Function::locals`] (array, struct, or scalar whose
    /// address is taken): each gets its own allocation in every frame, so out-of-bounds
    /// accesses are caught.
    LocalId
);
index_type!(
    /// A struct or union definition of the front end's table (the layout a
    /// [`Type::Struct`] names).
    StructId
);

/// A stable name for a statement: (function, block, index); the terminator of a block
/// has index `stmts.len()`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct StmtId {
    pub func: FuncId,
    pub block: BlockId,
    pub index: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Reg(Reg),
    /// Bits of a scalar, in the canonical form of its type (see [`Scalar::canon`]).
    Const(u64),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
    And,
    Or,
    Xor,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
}

impl BinOp {
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }
    pub fn c_symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::Div => "/",
            BinOp::Rem => "%",
            BinOp::Shl => "<<",
            BinOp::Shr => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
            BinOp::Eq => "==",
            BinOp::Ne => "!=",
            BinOp::Lt => "<",
            BinOp::Le => "<=",
            BinOp::Gt => ">",
            BinOp::Ge => ">=",
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum UnOp {
    Neg,
    /// Bitwise complement.
    Not,
    /// Logical not: 1 when the operand is zero (result is an `int`).
    LNot,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Rvalue {
    Use(Operand),
    /// Load a scalar of the given kind from the address in the operand.
    Load(Operand, Scalar),
    /// `Load` without the initialisation check: the bytes around a bit-field being
    /// written, whose other bits may never have been set (they read as zero, the
    /// value unwritten memory holds).
    LoadRaw(Operand, Scalar),
    /// Load a scalar from `base + index * scale` (an array element: one step).
    LoadIdx {
        base: Operand,
        index: Operand,
        scale: i64,
        ty: Scalar,
    },
    /// Binary operation on operands of kind `ty` (already converted). Comparisons
    /// yield an `int` 0 or 1.
    Bin(BinOp, Scalar, Operand, Operand),
    Un(UnOp, Scalar, Operand),
    Cast {
        from: Scalar,
        to: Scalar,
        val: Operand,
    },
    /// `base + index * scale` in bytes; `index` is a signed 64-bit value.
    PtrAdd {
        base: Operand,
        index: Operand,
        scale: i64,
    },
    /// `(a - b) / scale` for two pointers into the same object.
    PtrDiff {
        a: Operand,
        b: Operand,
        scale: i64,
    },
    AddrLocal(LocalId),
    AddrGlobal(GlobalId),
    AddrFunc(FuncId),
    AddrBuiltin(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub enum Callee {
    Func(FuncId),
    /// A libc model, by index into the shim table (see `exec::shims`).
    Builtin(u32),
    /// A function pointer value.
    Indirect(Operand),
}

#[derive(Clone, Debug, PartialEq)]
pub struct CallArg {
    pub val: Operand,
    /// The kind after default argument promotions; for a struct passed by value this is
    /// `Ptr` and `by_value_size` holds the struct size (the callee copies it). A `long
    /// double` is passed by value too, as `F64` with size 16 (see [`CallArg::is_long_double`]).
    pub ty: Scalar,
    pub by_value_size: Option<u32>,
}

impl CallArg {
    /// Whether an argument of kind `ty` passed by value with `by_value_size` is a `long
    /// double`: the address of its 16 bytes, the x87 value in the first 10.
    pub fn is_long_double(ty: Scalar, by_value_size: Option<u32>) -> bool {
        ty == Scalar::F64 && by_value_size == Some(16)
    }
}

/// An operation of [`StmtKind::LongDouble`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LdOp {
    /// `*dst = *a op *b` for `+ - * /`; a comparison stores the `int` 0 or 1 at `dst`.
    Bin(BinOp),
    /// `*dst = -*a`.
    Neg,
    /// `*dst = (long double) *a`, `*a` a scalar of this kind (read before `dst` is
    /// written, so both may be one address).
    From(Scalar),
    /// `*dst = (kind) *a`: rounded for floating kinds, truncated toward zero for integers.
    To(Scalar),
}

/// A `long double` operation (x87 80-bit extended, `libc::f80`). Registers are 64-bit,
/// so `long double` values live in 16-byte memory slots (the value in the first 10
/// bytes) and every operand is an address: the statement reads and writes memory only.
#[derive(Clone, Debug, PartialEq)]
pub struct LdStmt {
    pub op: LdOp,
    pub dst: Operand,
    pub a: Operand,
    /// The second operand of `Bin`.
    pub b: Option<Operand>,
}

/// The bytes of a `long double` value in memory (the rest of its 16 are padding).
pub const LD_BYTES: u32 = 10;

impl LdStmt {
    /// How many bytes the statement reads at each of `a` and `b` and writes at `dst`.
    pub fn access_sizes(&self) -> (u32, u32, u32) {
        match self.op {
            LdOp::Bin(o) if o.is_comparison() => (LD_BYTES, LD_BYTES, 4),
            LdOp::Bin(_) => (LD_BYTES, LD_BYTES, LD_BYTES),
            LdOp::Neg => (LD_BYTES, 0, LD_BYTES),
            LdOp::From(k) => (k.size(), 0, LD_BYTES),
            LdOp::To(k) => (LD_BYTES, 0, k.size()),
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum StmtKind {
    Assign(Reg, Rvalue),
    /// `*addr = val` for a scalar of kind `ty`.
    Store {
        addr: Operand,
        val: Operand,
        ty: Scalar,
    },
    /// `base[index] = val`: store to `base + index * scale` (an array element).
    StoreIdx {
        base: Operand,
        index: Operand,
        scale: i64,
        val: Operand,
        ty: Scalar,
    },
    /// Copy `size` bytes (struct assignment, by-value struct arguments).
    Copy {
        dst: Operand,
        src: Operand,
        size: u32,
    },
    /// Fill `size` bytes with zeros (initialisers).
    Zero {
        dst: Operand,
        size: u32,
    },
    Call {
        dst: Option<(Reg, Scalar)>,
        callee: Callee,
        args: Vec<CallArg>,
        /// Where the callee writes a returned struct (address operand), if it returns one.
        sret: Option<Operand>,
    },
    /// Start the lifetime of an addressable local: (re)allocate and, for locals
    /// declared without an initialiser, mark it uninitialised.
    StorageLive(LocalId),
    /// Start the lifetime of a variable-length array: free the local's previous
    /// allocation, if any (the block was left, or a jump went back before the
    /// declaration), and allocate `size` bytes (an `unsigned long`), uninitialised.
    /// Freeing at the declaration keeps a loop's memory bounded.
    StorageLiveSized(LocalId, Operand),
    /// A `long double` operation on memory (boxed: rare, and `StmtKind` stays small).
    LongDouble(Box<LdStmt>),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    pub kind: StmtKind,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum Terminator {
    Goto(BlockId),
    /// Branch on `cond != 0`, `cond` being of kind `ty`.
    Branch {
        cond: Operand,
        ty: Scalar,
        then_bb: BlockId,
        else_bb: BlockId,
    },
    /// Branch on the comparison `a op b` of two values of kind `ty` (a comparison
    /// fused with its branch: one step instead of two).
    BranchCmp {
        op: BinOp,
        ty: Scalar,
        a: Operand,
        b: Operand,
        then_bb: BlockId,
        else_bb: BlockId,
    },
    Switch {
        val: Operand,
        ty: Scalar,
        cases: Vec<(u64, BlockId)>,
        default: BlockId,
    },
    Return(Option<Operand>),
    /// Falling off the end of a non-void function whose value is used is UB; we only
    /// fault if the caller uses the value (see `exec`). Kept distinct for reports.
    Unreachable,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Block {
    pub stmts: Vec<Stmt>,
    pub term: Terminator,
    pub term_loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub enum ParamKind {
    Reg(Reg, Scalar),
    /// A parameter that lives in memory (address taken, or a struct by value).
    Mem {
        local: LocalId,
        ty: Scalar,
        by_value_size: Option<u32>,
    },
}

#[derive(Clone, Debug, PartialEq)]
pub struct LocalInfo {
    pub name: String,
    pub size: u32,
    pub align: u32,
    pub loc: Loc,
}

#[derive(Clone, Debug, PartialEq)]
pub struct RegInfo {
    /// The C variable this register holds, if it is one (temporaries have none).
    pub name: Option<String>,
    /// Whether a read may precede every write (a variable declared without initialiser):
    /// only such registers pay for the uninitialised-read check.
    pub check_init: bool,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub loc: Loc,
    pub params: Vec<ParamKind>,
    /// Return kind; `None` for void or struct return (see `sret`).
    pub ret: Option<Scalar>,
    /// Size of a returned struct, written through the hidden `sret` pointer.
    pub sret_size: Option<u32>,
    pub regs: Vec<RegInfo>,
    pub locals: Vec<LocalInfo>,
    pub blocks: Vec<Block>,
    /// Estimated native stack use, for the stack-overflow check.
    pub frame_bytes: u32,
    /// A variadic function's argument area: at entry the interpreter allocates this
    /// local with the arguments past the named ones, a 16-byte slot each (the value:
    /// integers canonical 64-bit, doubles as their bits; then a kind tag), which
    /// `va_arg` walks.
    pub va_area: Option<LocalId>,
}

/// A pointer-sized value in a global's initial bytes that refers to another object.
#[derive(Clone, Debug, PartialEq)]
pub struct Reloc {
    pub offset: u32,
    pub target: RelocTarget,
    pub addend: i64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum RelocTarget {
    Global(GlobalId),
    Func(FuncId),
    Builtin(u32),
}

#[derive(Clone, Debug, PartialEq)]
pub struct Global {
    pub name: String,
    pub size: u32,
    pub align: u32,
    pub init: Vec<u8>,
    pub relocs: Vec<Reloc>,
    pub read_only: bool,
    pub loc: Loc,
    /// Where each part of the static initialiser was written: (first byte, end byte,
    /// location), ascending by first byte, the first covering the whole object (bytes
    /// no initialiser item names are zeroed by the initialiser as a whole). Lets the
    /// slicer name the initialiser line of a table entry a run read (data, not an
    /// executed statement). Empty when the global has no initialiser.
    pub init_locs: Vec<(u32, u32, Loc)>,
}

impl Global {
    /// The location that gave byte `offset` its initial value: the initialiser item
    /// covering it (the last one written, as a later designator overrides), else the
    /// initialiser as a whole, else the declaration (a zero-initialised object).
    pub fn init_loc_at(&self, offset: u32) -> Loc {
        let i = self.init_locs.partition_point(|(o, _, _)| *o <= offset);
        self.init_locs[..i]
            .iter()
            .rev()
            .find(|(_, end, _)| offset < *end)
            .map_or(self.loc, |(_, _, l)| *l)
    }
}

#[derive(Clone, Debug, PartialEq, Default)]
pub struct Program {
    pub files: Vec<String>,
    pub functions: Vec<Function>,
    pub globals: Vec<Global>,
    pub main: FuncId,
    /// Whether `main` takes (argc, argv).
    pub main_takes_args: bool,
    /// Names of the builtins referenced by `Callee::Builtin` indices.
    pub builtins: Vec<String>,
    /// Located front-end warnings (`warning: ... at file:line:col`), which every command
    /// prints on stderr: what gcc accepts with a warning is accepted the same way.
    pub warnings: Vec<String>,
    /// The test's literals that are inputs (see [`Literal`]), each held by its own
    /// read-only global.
    pub literals: Vec<Literal>,
}

/// A constant written in the test's source and passed to the code under test (a unit
/// test's parameter): lowered as a read of its own read-only global, so a run can give
/// it another value (`RunInput::literals`) and a concolic run makes it symbolic.
#[derive(Clone, Debug, PartialEq)]
pub struct Literal {
    /// `file:line:col` of the literal in the test's source: its input name, the same at
    /// both revisions while the test's file is unchanged.
    pub name: String,
    pub global: GlobalId,
    pub kind: LiteralKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LiteralKind {
    /// An integer or character constant of this kind (its global holds its bytes).
    Int(Scalar),
    /// A string literal (its global holds its bytes and the terminating NUL).
    Str,
}

impl Program {
    /// The statement `id` names; None for a terminator (`index == stmts.len()`) or an id
    /// that is not this program's.
    pub fn stmt(&self, id: StmtId) -> Option<&Stmt> {
        self.functions
            .get(id.func.index())?
            .blocks
            .get(id.block.index())?
            .stmts
            .get(id.index as usize)
    }

    /// Every statement and terminator with its location, in (function, block, index)
    /// order; a block's terminator has `index == stmts.len()`.
    pub fn stmt_locs(&self) -> impl Iterator<Item = (StmtId, Loc)> + '_ {
        self.functions.iter().enumerate().flat_map(|(fi, f)| {
            f.blocks.iter().enumerate().flat_map(move |(bi, b)| {
                b.stmts
                    .iter()
                    .map(|s| s.loc)
                    .chain(std::iter::once(b.term_loc))
                    .enumerate()
                    .map(move |(si, loc)| {
                        let id = StmtId {
                            func: FuncId::from_index(fi),
                            block: BlockId::from_index(bi),
                            index: si as u32,
                        };
                        (id, loc)
                    })
            })
        })
    }

    pub fn file_name(&self, loc: Loc) -> &str {
        self.files
            .get(loc.file as usize)
            .map(String::as_str)
            .unwrap_or("?")
    }
    pub fn fmt_loc(&self, loc: Loc) -> String {
        format!("{}:{}:{}", self.file_name(loc), loc.line, loc.col)
    }
}

/// A dense index of a program's statements (terminators included), in the order
/// `Program::stmt_locs` walks them: per-statement tables over a trace are flat vectors
/// instead of hash maps (a trace has few distinct statements and many instances).
#[derive(Clone, Debug, Default)]
pub struct StmtIndex {
    /// Per function, per block: the index of the block's first statement and the
    /// block's number of statements with its terminator.
    base: Vec<Vec<(usize, u32)>>,
    len: usize,
}

impl StmtIndex {
    pub fn new(prog: &Program) -> StmtIndex {
        let mut len = 0usize;
        let base = prog
            .functions
            .iter()
            .map(|f| {
                f.blocks
                    .iter()
                    .map(|b| {
                        let s = len;
                        len += b.stmts.len() + 1;
                        (s, b.stmts.len() as u32 + 1)
                    })
                    .collect()
            })
            .collect();
        StmtIndex { base, len }
    }

    /// The number of statements.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The index of statement `s`; None when the program has no such statement.
    #[inline]
    pub fn index(&self, s: StmtId) -> Option<usize> {
        let (b, n) = self.block(s.func, s.block)?;
        (s.index < n).then_some(b + s.index as usize)
    }

    /// The index of block `block` of `func`'s first statement, and how many statements
    /// it has (its terminator included); None when the program has no such block.
    #[inline]
    pub fn block(&self, func: FuncId, block: BlockId) -> Option<(usize, u32)> {
        self.base.get(func.index())?.get(block.index()).copied()
    }
}

#[cfg(test)]
mod tests {
    /// The interpreter walks `Stmt`s: `long double` statements are boxed so that
    /// supporting them did not make every statement larger (72 bytes before and after).
    #[test]
    fn statements_stay_small() {
        assert_eq!(std::mem::size_of::<super::StmtKind>(), 72);
    }
}
