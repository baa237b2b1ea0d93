//! Symbolic expressions: a hash-consed DAG of fixed-width bitvector operations.
//!
//! Every value is a bitvector of width 1..=64; booleans are width 1. Nodes are
//! immutable and interned in an [`ExprPool`] arena, so structurally equal
//! expressions share one [`ExprId`] and equality is an integer compare.
//! Constructors run a local simplifier first (constant folding and a set of
//! cheap identities), so an expression whose operands are all constants is
//! always a `Const` node.
//!
//! Semantics follow SMT-LIB bitvectors exactly (division by zero, shifts by
//! the width or more); the interpreter is responsible for faulting on C's
//! undefined behaviour before building such nodes from concrete operands.
//!
//! Output: [`ExprPool::to_c`] (readable C for reports), [`ExprPool::to_smt2`]
//! and [`ExprPool::smt2_script`] (SMT-LIB2 text), and [`Solver`] (z3).

mod eval;
mod pool;
mod print;
mod simplify;
mod smt;
mod solve;

#[cfg(test)]
mod tests;

pub use eval::{Assignment, Evaluator};
pub use pool::{ExprPool, VarInfo};
pub use solve::{Alone, Model, SolveResult, Solver, INCREMENTAL_RLIMIT};

/// Handle of an interned expression node in an [`ExprPool`].
///
/// Ids are dense and increase with creation order; a node's operands always
/// have smaller ids than the node itself.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ExprId(pub u32);

impl ExprId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Handle of a symbolic input variable registered in an [`ExprPool`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct VarId(pub u32);

impl VarId {
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// Unary operators (the operand and the result have the same width).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum UnOp {
    /// Two's complement negation.
    Neg,
    /// Bitwise complement; on width 1 this is logical negation.
    Not,
}

/// Binary operators whose operands and result share one width.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    UDiv,
    SDiv,
    URem,
    SRem,
    Shl,
    LShr,
    AShr,
    /// Bitwise and; on width 1 this is logical and.
    And,
    /// Bitwise or; on width 1 this is logical or.
    Or,
    Xor,
}

impl BinOp {
    pub const ALL: [BinOp; 13] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::UDiv,
        BinOp::SDiv,
        BinOp::URem,
        BinOp::SRem,
        BinOp::Shl,
        BinOp::LShr,
        BinOp::AShr,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ];

    pub fn is_commutative(self) -> bool {
        matches!(
            self,
            BinOp::Add | BinOp::Mul | BinOp::And | BinOp::Or | BinOp::Xor
        )
    }
}

/// Comparisons: two operands of one width, a width-1 result.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum CmpOp {
    Eq,
    Ne,
    Ult,
    Ule,
    Ugt,
    Uge,
    Slt,
    Sle,
    Sgt,
    Sge,
}

impl CmpOp {
    pub const ALL: [CmpOp; 10] = [
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Ult,
        CmpOp::Ule,
        CmpOp::Ugt,
        CmpOp::Uge,
        CmpOp::Slt,
        CmpOp::Sle,
        CmpOp::Sgt,
        CmpOp::Sge,
    ];

    /// The comparison that is true exactly when `self` is false.
    pub fn inverse(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Ne,
            CmpOp::Ne => CmpOp::Eq,
            CmpOp::Ult => CmpOp::Uge,
            CmpOp::Ule => CmpOp::Ugt,
            CmpOp::Ugt => CmpOp::Ule,
            CmpOp::Uge => CmpOp::Ult,
            CmpOp::Slt => CmpOp::Sge,
            CmpOp::Sle => CmpOp::Sgt,
            CmpOp::Sgt => CmpOp::Sle,
            CmpOp::Sge => CmpOp::Slt,
        }
    }

    /// The comparison with its operands swapped: `a op b == b op.swapped() a`.
    pub fn swapped(self) -> CmpOp {
        match self {
            CmpOp::Eq => CmpOp::Eq,
            CmpOp::Ne => CmpOp::Ne,
            CmpOp::Ult => CmpOp::Ugt,
            CmpOp::Ule => CmpOp::Uge,
            CmpOp::Ugt => CmpOp::Ult,
            CmpOp::Uge => CmpOp::Ule,
            CmpOp::Slt => CmpOp::Sgt,
            CmpOp::Sle => CmpOp::Sge,
            CmpOp::Sgt => CmpOp::Slt,
            CmpOp::Sge => CmpOp::Sle,
        }
    }

    pub fn is_signed(self) -> bool {
        matches!(self, CmpOp::Slt | CmpOp::Sle | CmpOp::Sgt | CmpOp::Sge)
    }

    pub fn is_unsigned(self) -> bool {
        matches!(self, CmpOp::Ult | CmpOp::Ule | CmpOp::Ugt | CmpOp::Uge)
    }

    /// The same relation with the other signedness (Eq/Ne unchanged).
    pub fn to_unsigned(self) -> CmpOp {
        match self {
            CmpOp::Slt => CmpOp::Ult,
            CmpOp::Sle => CmpOp::Ule,
            CmpOp::Sgt => CmpOp::Ugt,
            CmpOp::Sge => CmpOp::Uge,
            other => other,
        }
    }

    /// Whether `x op x` holds.
    pub fn reflexive(self) -> bool {
        matches!(
            self,
            CmpOp::Eq | CmpOp::Ule | CmpOp::Uge | CmpOp::Sle | CmpOp::Sge
        )
    }
}

/// One interned node. Widths of operands are stored in the pool
/// ([`ExprPool::width`]); cast nodes carry the widths they produce.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Node {
    /// A constant, masked to `width` bits.
    Const {
        value: u64,
        width: u8,
    },
    Var(VarId),
    Unary(UnOp, ExprId),
    Binary(BinOp, ExprId, ExprId),
    /// Width-1 result.
    Cmp(CmpOp, ExprId, ExprId),
    /// Zero extension of the operand to `.1` bits.
    ZExt(ExprId, u8),
    /// Sign extension of the operand to `.1` bits.
    SExt(ExprId, u8),
    /// Bits `hi..=lo` of the operand.
    Extract {
        e: ExprId,
        hi: u8,
        lo: u8,
    },
    /// `hi` bits above `lo` bits.
    Concat(ExprId, ExprId),
    /// `cond` (width 1) ? `a` : `b`.
    Ite(ExprId, ExprId, ExprId),
}

impl Node {
    /// Calls `f` on each operand, in order.
    pub fn for_each_child(&self, mut f: impl FnMut(ExprId)) {
        match *self {
            Node::Const { .. } | Node::Var(_) => {}
            Node::Unary(_, a)
            | Node::ZExt(a, _)
            | Node::SExt(a, _)
            | Node::Extract { e: a, .. } => f(a),
            Node::Binary(_, a, b) | Node::Cmp(_, a, b) | Node::Concat(a, b) => {
                f(a);
                f(b);
            }
            Node::Ite(c, a, b) => {
                f(c);
                f(a);
                f(b);
            }
        }
    }

    /// Operands as a fixed array plus count (no allocation).
    pub fn children(&self) -> ([ExprId; 3], usize) {
        let mut out = [ExprId(0); 3];
        let mut n = 0;
        self.for_each_child(|c| {
            out[n] = c;
            n += 1;
        });
        (out, n)
    }
}

/// Errors of the symbolic layer that callers can act on.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SymError {
    #[error("invalid bit width {0} for a symbolic value (must be 1..=64)")]
    BadWidth(u32),
    #[error("ill-formed expression node: {0}")]
    IllFormed(String),
    #[error(
        "symbolic variable `{name}` is already registered with width {existing}, \
         cannot register it again with width {requested}"
    )]
    VarWidthConflict {
        name: String,
        existing: u32,
        requested: u32,
    },
}

/// A small, fast, non-cryptographic hasher for integer keys (FxHash scheme):
/// interning hashes a 16-byte node on every construction, where SipHash
/// would dominate the cost.
#[derive(Default, Clone, Copy)]
pub(crate) struct FxHasher {
    hash: u64,
}

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl FxHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(FX_SEED);
    }
}

impl std::hash::Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0u8; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        for &b in chunks.remainder() {
            self.add(b as u64);
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn write_isize(&mut self, i: isize) {
        self.add(i as u64);
    }
    /// The product's high bits, which every input bit reaches, moved down: hash
    /// tables index by the low bits, which a product leaves depending on the inputs'
    /// low bits only, so nodes whose operands differed above bit 15 piled up in a few
    /// buckets (a pool of millions of nodes spent a third of a concolic run probing).
    #[inline]
    fn finish(&self) -> u64 {
        self.hash.rotate_left(26)
    }
}

pub(crate) type FxBuild = std::hash::BuildHasherDefault<FxHasher>;
pub(crate) type FxHashMap<K, V> = std::collections::HashMap<K, V, FxBuild>;
pub(crate) type FxHashSet<K> = std::collections::HashSet<K, FxBuild>;

/// All-ones mask of `width` bits (width 1..=64).
#[inline]
pub(crate) fn mask(width: u32) -> u64 {
    if width >= 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    }
}

/// Reads the low `width` bits of `v` as a two's complement number.
#[inline]
pub(crate) fn to_signed(v: u64, width: u32) -> i64 {
    let s = 64 - width;
    ((v << s) as i64) >> s
}

/// The sign bit of `width` bits.
#[inline]
pub(crate) fn sign_bit(width: u32) -> u64 {
    1u64 << (width - 1)
}
