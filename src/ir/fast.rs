//! A pre-decoded form of the hot statements and terminators, for plain runs.
//!
//! Interpreting a [`Stmt`] takes several dispatches: on its kind, on its rvalue, on the
//! operator, then on the scalar kind for the operator's semantics and the result's
//! canonical form. For the statements that dominate compute-bound programs (integer
//! arithmetic and comparisons, moves, loads and stores of scalars, pointer arithmetic,
//! integer casts, compare-and-branch) everything but the operands' values is settled
//! here once, so executing one is a single dispatch with its operation and widths
//! resolved, and a jump goes straight to its target's position. Operands are register
//! slots: a constant operand reads a slot past the function's registers that every
//! frame of a plain run starts with the constant in (`FastFunc::consts`), so reading an
//! operand never asks which kind it is, and registers that some read may find unset
//! ([`maybe_unset`]) are left to the statements, so that decoded code never asks
//! whether a register was set. Calls of library models, storage starting (`live`) and
//! the operations whose semantics stay `arith`'s (division, remainder, shifts,
//! floating arithmetic and conversions, unary operators) and pointer differences are
//! decoded too, as variants that the inner loop leaves to its caller (`run_decoded`)
//! instead of to the statement loop. Everything else is
//! [`Fast::Stmt`]: executed from the statement itself. Every position maps back to its
//! block and statement index, so frames, faults, `setjmp` and the step count are
//! unchanged.

use super::{
    BinOp, CallArg, Callee, FuncId, Function, GlobalId, Loc, LocalId, Operand, ParamKind, Reg,
    Rvalue, Scalar, StmtKind, Terminator, UnOp,
};
use crate::ir::BlockId;

/// The number of register slots decoded code can name: a [`Slot`] is 16 bits, so a
/// frame's window seen as an array of `WINDOW` slots (the register file keeps that many
/// past the slots in use) is indexed by any slot without a bounds check.
pub const WINDOW: usize = 1 << 16;

/// A register slot of decoded code: a register of the function, or one of its
/// constants (`FastFunc::consts`), below [`WINDOW`] by its type. A statement whose
/// slots do not fit is not decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot(u16);

impl Slot {
    /// Slot `i` of a frame's window, None when it does not fit.
    pub fn of(i: usize) -> Option<Slot> {
        u16::try_from(i).ok().map(Slot)
    }
    /// The slot for register `r`.
    pub fn reg(r: Reg) -> Option<Slot> {
        Slot::of(r.index())
    }
    #[inline(always)]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The operands of a decoded `dst = a op b` on integers (or pointers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    pub dst: Slot,
    pub a: Slot,
    pub b: Slot,
    /// 64 minus the width of the kind: the result's canonical form is that of its low
    /// bits, sign- or zero-extended (see [`Scalar::canon`]).
    pub sh: u8,
}

impl Bin {
    /// `v` in canonical form for a signed kind of this width.
    #[inline(always)]
    pub fn sext(&self, v: u64) -> u64 {
        (((v << self.sh) as i64) >> self.sh) as u64
    }
    /// `v` in canonical form for an unsigned kind of this width.
    #[inline(always)]
    pub fn zext(&self, v: u64) -> u64 {
        (v << self.sh) >> self.sh
    }
}

/// The canonical form of a scalar kind as shifts, `(v << sh) >> sh`, arithmetic for a
/// signed kind (see [`Scalar::canon`]): up, then arithmetic right by `sh` for a signed
/// kind and logical right by `sh` for another (the other shift by 0), so that applying
/// it asks neither the kind nor the signedness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Canon {
    up: u8,
    sar: u8,
    shr: u8,
}

impl Canon {
    pub fn of(ty: Scalar) -> Canon {
        let sh = shift(ty);
        if ty.is_signed() {
            Canon {
                up: sh,
                sar: sh,
                shr: 0,
            }
        } else {
            Canon {
                up: sh,
                sar: 0,
                shr: sh,
            }
        }
    }
    #[inline(always)]
    pub fn apply(self, v: u64) -> u64 {
        ((((v << self.up) as i64) >> self.sar) as u64) >> self.shr
    }
}

/// An address `base + index * scale` (`*p` is `p + p * 0`); a scale that does not fit
/// 32 bits is not decoded.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Addr {
    pub base: Slot,
    pub index: Slot,
    pub scale: i32,
}

impl Addr {
    fn new(base: Slot, index: Slot, scale: i64) -> Option<Addr> {
        Some(Addr {
            base,
            index,
            scale: i32::try_from(scale).ok()?,
        })
    }
}

/// An integer comparison of canonical values (signedness settled).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cmp {
    Eq,
    Ne,
    LtS,
    LtU,
    LeS,
    LeU,
    GtS,
    GtU,
    GeS,
    GeU,
}

impl Cmp {
    /// The comparison `op` on values of kind `ty`; None for floating kinds and for
    /// operators that are not comparisons.
    pub fn of(op: BinOp, ty: Scalar) -> Option<Cmp> {
        if ty.is_float() {
            return None;
        }
        let s = ty.is_signed();
        Some(match (op, s) {
            (BinOp::Eq, _) => Cmp::Eq,
            (BinOp::Ne, _) => Cmp::Ne,
            (BinOp::Lt, true) => Cmp::LtS,
            (BinOp::Lt, false) => Cmp::LtU,
            (BinOp::Le, true) => Cmp::LeS,
            (BinOp::Le, false) => Cmp::LeU,
            (BinOp::Gt, true) => Cmp::GtS,
            (BinOp::Gt, false) => Cmp::GtU,
            (BinOp::Ge, true) => Cmp::GeS,
            (BinOp::Ge, false) => Cmp::GeU,
            _ => return None,
        })
    }
}

/// A load `dst = *addr` of a scalar: the loaded bytes, zero-extended, are in canonical
/// form for an unsigned kind, and sign-extended from the width for a signed one (the
/// variant says which: `Fast::Load1S` ... `Fast::Load8`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ld {
    pub dst: Slot,
    pub addr: Addr,
}

/// A store `*addr = val` of a scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct St {
    pub addr: Addr,
    pub val: Slot,
}

/// One decoded statement (see the module documentation). The tag is a byte of its own
/// (no niche in a variant's fields), so a dispatch reads it and jumps.
#[derive(Clone, Copy, Debug, PartialEq)]
#[repr(u8)]
pub enum Fast {
    /// Not decoded: executed from its [`Stmt`](super::Stmt) or [`Terminator`].
    Stmt,
    /// `dst = src`.
    Move {
        dst: Slot,
        src: Slot,
    },
    AddS(Bin),
    AddU(Bin),
    SubS(Bin),
    SubU(Bin),
    MulS(Bin),
    MulU(Bin),
    /// Bitwise operations keep canonical operands canonical.
    And(Bin),
    Or(Bin),
    Xor(Bin),
    /// `dst = a cmp b` (an `int` 0 or 1), each comparison its own variant (no second
    /// dispatch on the operator); `>` and `>=` are `<` and `<=` with the operands
    /// swapped.
    CmpEq(Bin),
    CmpNe(Bin),
    CmpLtS(Bin),
    CmpLtU(Bin),
    CmpLeS(Bin),
    CmpLeU(Bin),
    /// `dst = base + index * scale`.
    PtrAdd {
        dst: Slot,
        addr: Addr,
    },
    /// `dst = &local` (an allocation not made yet is left to the statement path).
    AddrLocal {
        dst: Slot,
        local: LocalId,
    },
    /// `dst = &global`.
    AddrGlobal {
        dst: Slot,
        global: GlobalId,
    },
    /// An integer conversion to a signed kind (`sh` as in [`Bin`]).
    CastS {
        dst: Slot,
        val: Slot,
        sh: u8,
    },
    /// An integer conversion to an unsigned kind.
    CastU {
        dst: Slot,
        val: Slot,
        sh: u8,
    },
    /// Loads by size and signedness, so that bringing the bytes to canonical form is
    /// one fixed extension.
    Load1S(Ld),
    Load1U(Ld),
    Load2S(Ld),
    Load2U(Ld),
    Load4S(Ld),
    Load4U(Ld),
    Load8(Ld),
    /// A block's last statement, a load of a `char`, an `int` or a 64-bit scalar, run
    /// with the block's terminator (a `goto` or a branch, typically on the value
    /// loaded: `while (p)`, `if (a[i] < key)`) in one dispatch; the terminator keeps its
    /// own position.
    Load1SThen(Ld),
    Load1UThen(Ld),
    Load4SThen(Ld),
    Load8Then(Ld),
    Store1(St),
    Store2(St),
    Store4(St),
    Store8(St),
    /// A call of a function of the program (not through a pointer, not a library
    /// model): the index of its [`CallSite`] in [`FastFunc::calls`].
    Call(u32),
    /// A call of a library model: the index of its [`CallSite`] in
    /// [`FastFunc::calls`]. Run outside the inner loop, as the statement does, but
    /// without a trip through the statement loop.
    CallLib(u32),
    /// `dst = a op b` by `arith::binop`, the statement's own semantics: division,
    /// remainder and shifts (with their faults) and floating operations.
    Arith {
        bin: Bin,
        op: BinOp,
        ty: Scalar,
    },
    /// `dst = op a` by `arith::unop`.
    Un {
        dst: Slot,
        a: Slot,
        op: UnOp,
        ty: Scalar,
    },
    /// A conversion with a floating side, by `arith::cast`; one to an integer kind
    /// checks that the value fits as the statement does.
    Convert {
        dst: Slot,
        val: Slot,
        from: Scalar,
        to: Scalar,
    },
    /// `dst = (a - b) / scale`, a pointer difference (`scale` positive).
    PtrDiff {
        dst: Slot,
        a: Slot,
        b: Slot,
        scale: i32,
    },
    /// `live local` (a block-scoped object's storage starts, see
    /// `StmtKind::StorageLive`): run outside the inner loop, as the statement does.
    Live(LocalId),
    /// Terminators: `return`, located.
    Return {
        val: Option<Slot>,
        loc: Loc,
    },
    /// `goto`.
    Goto(Jump),
    /// `goto` a block without statements whose terminator is a `goto` or a
    /// compare-and-branch (a loop's header, a branch's empty side): that terminator runs
    /// in the same step of the loop, without a dispatch of its own.
    GotoEmpty(Jump),
    /// Branch on `a == b`, or on `a < b` of signed or unsigned values: every integer
    /// compare-and-branch is one of these, its operands swapped or its targets
    /// exchanged as needed (see [`Br::of`]), so that a branch takes one dispatch.
    BrEq(Br),
    BrLtS(Br),
    BrLtU(Br),
    /// Branch on `cond != 0` for an integer or pointer `cond`.
    Branch {
        cond: Slot,
        then_to: Jump,
        else_to: Jump,
    },
    /// A block's last statement, an addition or subtraction (a loop's `i++`, `j--`) or
    /// a move (the value of a `?:` side, a variable's assignment before a join), run
    /// with the block's `goto` (`Goto`, or `GotoEmpty` for the `Through` forms) in one
    /// dispatch; the `goto` keeps its own position, which nothing jumps to.
    MoveGoto {
        dst: Slot,
        src: Slot,
        to: Jump,
    },
    MoveThrough {
        dst: Slot,
        src: Slot,
        to: Jump,
    },
    /// A move whose block's `goto` leads to a block that is only a `return` (`x = v;
    /// goto end; end: return x`, how a `return` in the middle of a function is
    /// lowered): the move, the `goto` and the `return` at `to` in one dispatch.
    MoveRet {
        dst: Slot,
        src: Slot,
        to: Jump,
    },
    AddSGoto(Bin, Jump),
    AddSThrough(Bin, Jump),
    AddUGoto(Bin, Jump),
    AddUThrough(Bin, Jump),
    SubSGoto(Bin, Jump),
    SubSThrough(Bin, Jump),
}

/// A decoded compare-and-branch: `then_to` when the comparison of `a` and `b` holds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Br {
    pub a: Slot,
    pub b: Slot,
    pub then_to: Jump,
    pub else_to: Jump,
}

impl Br {
    /// Where the branch goes when its comparison is `holds`.
    #[inline(always)]
    pub fn to(&self, holds: bool) -> Jump {
        if holds {
            self.then_to
        } else {
            self.else_to
        }
    }

    /// `if a cmp b then then_to else else_to` as one of the three decoded branches:
    /// `a > b` is `b < a`, `a <= b` is not `b < a`, `a >= b` is not `a < b` and `a != b`
    /// is not `a == b` (the targets exchanged).
    fn of(cmp: Cmp, a: Slot, b: Slot, then_to: Jump, else_to: Jump) -> Fast {
        let (x, y, t, e) = match cmp {
            Cmp::Eq | Cmp::LtS | Cmp::LtU => (a, b, then_to, else_to),
            Cmp::Ne | Cmp::GeS | Cmp::GeU => (a, b, else_to, then_to),
            Cmp::GtS | Cmp::GtU => (b, a, then_to, else_to),
            Cmp::LeS | Cmp::LeU => (b, a, else_to, then_to),
        };
        let br = Br {
            a: x,
            b: y,
            then_to: t,
            else_to: e,
        };
        match cmp {
            Cmp::Eq | Cmp::Ne => Fast::BrEq(br),
            Cmp::LtS | Cmp::GtS | Cmp::LeS | Cmp::GeS => Fast::BrLtS(br),
            Cmp::LtU | Cmp::GtU | Cmp::LeU | Cmp::GeU => Fast::BrLtU(br),
        }
    }
}

/// `dst = a cmp b` as one of the decoded comparisons (see [`Fast::CmpEq`]).
fn cmp_value(cmp: Cmp, bin: Bin) -> Fast {
    let swapped = Bin {
        a: bin.b,
        b: bin.a,
        ..bin
    };
    match cmp {
        Cmp::Eq => Fast::CmpEq(bin),
        Cmp::Ne => Fast::CmpNe(bin),
        Cmp::LtS => Fast::CmpLtS(bin),
        Cmp::LtU => Fast::CmpLtU(bin),
        Cmp::LeS => Fast::CmpLeS(bin),
        Cmp::LeU => Fast::CmpLeU(bin),
        Cmp::GtS => Fast::CmpLtS(swapped),
        Cmp::GtU => Fast::CmpLtU(swapped),
        Cmp::GeS => Fast::CmpLeS(swapped),
        Cmp::GeU => Fast::CmpLeU(swapped),
    }
}

/// A jump to the first statement of block `block`, which starts at `pc` in
/// [`FastFunc::code`] and counts `steps` (its statements and terminator).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Jump {
    pub pc: u32,
    pub steps: u32,
}

/// A decoded call: the statement's callee, destination, arguments and hidden return
/// buffer, with its location and position.
#[derive(Clone, Debug, PartialEq)]
pub struct CallSite {
    /// The function called, or the library model (its index in `Program::builtins`).
    pub target: Result<FuncId, u32>,
    pub dst: Option<(Reg, Scalar)>,
    pub args: Vec<CallArg>,
    pub sret: Option<Operand>,
    pub loc: Loc,
    pub block: BlockId,
    pub idx: u32,
    /// Set when the call can take the short way into its callee (the callee has an
    /// [`Entry`], no struct is returned, every parameter gets an argument from a slot):
    /// each argument's slot in the caller, its parameter's slot in the callee's new
    /// window and the parameter kind's canonical form.
    pub moves: Option<Vec<(Slot, Slot, Canon)>>,
    /// `dst` with its kind's canonical form, which a return applies to the value.
    pub ret: Option<(Reg, Canon)>,
    /// Where the caller resumes when the call returns: the position after the call and
    /// the steps left in its block from there (its statements and terminator).
    pub resume: Jump,
}

/// How a call enters a function whose parameters all live in registers and that takes
/// no variadic arguments and returns no struct (most functions): its frame's sizes, and
/// where each argument goes, so that a call writes the arguments straight into the new
/// register window.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// Parameter `i`'s register and kind.
    pub params: Vec<(Reg, Scalar)>,
    pub nregs: u32,
    pub nlocals: u32,
    pub frame_bytes: u64,
    /// The first block's steps (its statements and terminator), at position 0.
    pub steps: u32,
}

/// A function's decoded statements and terminators, one stream: block `b` starts at
/// `start[b]`, its statements in order, then its terminator; jumps hold the position
/// of their target, so that running from block to block looks nothing up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FastFunc {
    /// The function decoded (its id in the program; 0 for one decoded alone).
    pub id: FuncId,
    /// Set when calls can enter the function the short way (see [`Entry`]).
    pub entry: Option<Entry>,
    /// The native stack bytes of a frame (`Function::frame_bytes`), which a return
    /// gives back.
    pub frame_bytes: u64,
    /// Where each block starts, then the length of `code` (so that block `b` spans
    /// `start[b]..start[b + 1]`).
    pub start: Vec<u32>,
    /// The block each position of `code` belongs to (for the rare way back to the
    /// statements: a statement that is not decoded, a fault's location).
    pub block_of: Vec<u32>,
    pub code: Vec<Fast>,
    /// The calls, of functions of the program (`Fast::Call`) and of library models
    /// (`Fast::CallLib`).
    pub calls: Vec<CallSite>,
    /// The constants decoded operands read: constant `k` is register slot
    /// `regs.len() + k` of every frame of the function in a plain run, set from its
    /// start.
    pub consts: Vec<u64>,
    /// Which register slots (registers, then constants) a frame of a plain run starts
    /// with readable: all but the registers some read may find unset
    /// ([`maybe_unset`]). Decoded code neither reads nor writes those, so it reads its
    /// registers unchecked and writes them without marking them readable; the
    /// statement path checks and marks every register as in an observed run, whose
    /// frames start with none readable.
    pub ready: Vec<bool>,
    /// The registers `ready` leaves out, in order: the only ones whose readable flag a
    /// plain run's frame needs to start with (cleared); the others are readable
    /// whatever their flag says.
    pub unset: Vec<u32>,
}

/// At most this many distinct constants per function get a register slot (each frame
/// starts with a copy of them); a statement needing another is not decoded.
const MAX_CONSTS: usize = 64;

/// The constants of a function being decoded, each given a register slot past the
/// function's own registers.
struct Pool {
    nregs: usize,
    consts: Vec<u64>,
    index: std::collections::HashMap<u64, usize>,
}

impl Pool {
    /// The register slot operand `o` reads, None when the pool is full or the slot
    /// does not fit a [`Slot`].
    fn slot(&mut self, o: &Operand) -> Option<Slot> {
        match o {
            Operand::Reg(r) => Slot::reg(*r),
            Operand::Const(c) => {
                let k = match self.index.get(c) {
                    Some(&k) => k,
                    None if self.consts.len() < MAX_CONSTS => {
                        self.consts.push(*c);
                        self.index.insert(*c, self.consts.len() - 1);
                        self.consts.len() - 1
                    }
                    None => return None,
                };
                Slot::of(self.nregs + k)
            }
        }
    }
}

/// Every function of a program decoded (index = `FuncId`).
pub fn decode_all(functions: &[Function]) -> Vec<FastFunc> {
    let gives = gives_value(functions);
    let entries: Vec<Option<Entry>> = functions.iter().map(entry).collect();
    functions
        .iter()
        .enumerate()
        .map(|(i, f)| FastFunc {
            id: FuncId::from_index(i),
            ..FastFunc::decode(f, &gives, &entries)
        })
        .collect()
}

/// Whether a call of each function always leaves a value for its caller: no `return;`
/// (a function falling off its end returns nothing, and the caller's register stays
/// unset). A function without a body faults when called, and `Unreachable` faults.
pub fn gives_value(functions: &[Function]) -> Vec<bool> {
    functions
        .iter()
        .map(|f| !f.blocks.iter().any(|b| b.term == Terminator::Return(None)))
        .collect()
}

/// Above this many bits of dataflow state (registers times blocks), a function is not
/// analysed: all its registers count as maybe unset (it runs from its statements).
const MAX_FLOW_BITS: usize = 1 << 26;

/// The registers of `f` that a read may find unset: a forward must-analysis of the
/// registers set on every path (parameters and a returned struct's buffer at entry,
/// then each assignment and each call whose callee always gives a value, see
/// [`gives_value`]; `gives[g]` for function `g`), a register being maybe unset when
/// some read of it is reached by a path that does not set it, or when it receives the
/// value of a call that may give none. Nothing unsets a register otherwise, so a
/// register outside the result is set at every read, however control got there (a
/// `longjmp` back to a `setjmp` included: its frame's registers were set on the way
/// to the `setjmp`).
pub fn maybe_unset(f: &Function, gives: &[bool]) -> Vec<bool> {
    let n = f.regs.len();
    let nb = f.blocks.len();
    let mut unset = vec![false; n];
    if n == 0 || nb == 0 {
        return unset;
    }
    if n.saturating_mul(nb) > MAX_FLOW_BITS {
        return vec![true; n];
    }
    let words = n.div_ceil(64);
    let bit = |set: &[u64], r: usize| set[r / 64] >> (r % 64) & 1 == 1;
    let put = |set: &mut [u64], r: usize| set[r / 64] |= 1 << (r % 64);
    // The register a statement sets for sure, and the one it may leave unset.
    let sets = |k: &StmtKind| -> (Option<Reg>, Option<Reg>) {
        match k {
            StmtKind::Call { dst, callee, .. } => {
                let sure = match callee {
                    Callee::Func(g) => gives.get(g.index()).copied().unwrap_or(false),
                    Callee::Builtin(_) => true,
                    Callee::Indirect(_) => false,
                };
                let r = dst.map(|(r, _)| r);
                if sure {
                    (r, None)
                } else {
                    (None, r)
                }
            }
            k => (k.def_reg(), None),
        }
    };
    let mut entry = vec![0u64; words];
    for p in &f.params {
        if let ParamKind::Reg(r, _) = p {
            put(&mut entry, r.index());
        }
    }
    if f.sret_size.is_some() {
        put(&mut entry, 0);
    }
    // What each block sets, and its predecessors.
    let mut gen = vec![vec![0u64; words]; nb];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); nb];
    for (bi, b) in f.blocks.iter().enumerate() {
        for st in &b.stmts {
            match sets(&st.kind) {
                (Some(r), _) => put(&mut gen[bi], r.index()),
                (None, Some(r)) => unset[r.index()] = true,
                _ => {}
            }
        }
        for s in b.term.successors() {
            preds[s.index()].push(bi);
        }
    }
    // Set on entry to each block: all registers until a path says otherwise.
    let mut inn = vec![vec![u64::MAX; words]; nb];
    inn[0].clone_from(&entry);
    let mut out: Vec<Vec<u64>> = (0..nb)
        .map(|b| inn[b].iter().zip(&gen[b]).map(|(i, g)| i | g).collect())
        .collect();
    let mut changed = true;
    while changed {
        changed = false;
        for b in 0..nb {
            let mut cur = if b == 0 {
                entry.clone()
            } else {
                vec![u64::MAX; words]
            };
            for &p in &preds[b] {
                for (c, o) in cur.iter_mut().zip(&out[p]) {
                    *c &= o;
                }
            }
            if cur != inn[b] {
                let o: Vec<u64> = cur.iter().zip(&gen[b]).map(|(i, g)| i | g).collect();
                changed |= o != out[b];
                out[b] = o;
                inn[b] = cur;
            }
        }
    }
    for (bi, b) in f.blocks.iter().enumerate() {
        let cur = &mut inn[bi];
        for st in &b.stmts {
            st.kind.for_each_use(|r| {
                if !bit(cur, r.index()) {
                    unset[r.index()] = true;
                }
            });
            if let (Some(r), _) = sets(&st.kind) {
                put(cur, r.index());
            }
        }
        b.term.for_each_use(|r| {
            if !bit(cur, r.index()) {
                unset[r.index()] = true;
            }
        });
    }
    unset
}

/// Whether statement kind `k` reads or writes a register of `unset`.
fn touches(k: &StmtKind, unset: &[bool]) -> bool {
    let mut hit = k.def_reg().is_some_and(|r| unset[r.index()]);
    k.for_each_use(|r| hit |= unset[r.index()]);
    hit
}

impl FastFunc {
    /// `f` decoded; `gives` as in [`maybe_unset`], `entries` each function's short way in
    /// (see [`entry`]).
    pub fn decode(f: &Function, gives: &[bool], entries: &[Option<Entry>]) -> FastFunc {
        let unset = maybe_unset(f, gives);
        let mut start = Vec::with_capacity(f.blocks.len());
        let mut at = 0u32;
        for b in &f.blocks {
            start.push(at);
            at += b.stmts.len() as u32 + 1;
        }
        let jump = |b: BlockId| Jump {
            pc: start[b.index()],
            steps: f.blocks[b.index()].stmts.len() as u32 + 1,
        };
        let mut code = Vec::with_capacity(at as usize);
        let mut block_of = Vec::with_capacity(at as usize);
        let mut calls = Vec::new();
        let mut pool = Pool {
            nregs: f.regs.len(),
            consts: Vec::new(),
            index: Default::default(),
        };
        for (bi, b) in f.blocks.iter().enumerate() {
            for (idx, st) in b.stmts.iter().enumerate() {
                code.push(match &st.kind {
                    k if touches(k, &unset) => Fast::Stmt,
                    StmtKind::Call {
                        dst,
                        callee,
                        args,
                        sret,
                    } => {
                        let (target, moves) = match callee {
                            Callee::Func(func) => {
                                let e = entries.get(func.index()).and_then(Option::as_ref);
                                let moves = match (e, sret) {
                                    (Some(e), None) => arg_moves(e, args, &mut pool),
                                    _ => None,
                                };
                                (Some(Ok(*func)), moves)
                            }
                            Callee::Builtin(b) => (Some(Err(*b)), None),
                            Callee::Indirect(_) => (None, None),
                        };
                        match target {
                            None => Fast::Stmt,
                            Some(target) => {
                                calls.push(CallSite {
                                    target,
                                    dst: *dst,
                                    args: args.clone(),
                                    sret: *sret,
                                    loc: st.loc,
                                    block: BlockId::from_index(bi),
                                    idx: idx as u32,
                                    moves,
                                    ret: dst.map(|(r, s)| (r, Canon::of(s))),
                                    resume: Jump {
                                        pc: code.len() as u32 + 1,
                                        steps: (b.stmts.len() - idx) as u32,
                                    },
                                });
                                let k = calls.len() as u32 - 1;
                                match target {
                                    Ok(_) => Fast::Call(k),
                                    Err(_) => Fast::CallLib(k),
                                }
                            }
                        }
                    }
                    k => decode_stmt(k, &mut pool).unwrap_or(Fast::Stmt),
                });
            }
            let mut term_unset = false;
            b.term.for_each_use(|r| term_unset |= unset[r.index()]);
            let term = match decode_term(&b.term, b.term_loc, jump, &mut pool) {
                _ if term_unset => Fast::Stmt,
                Some(Fast::Goto(j)) if through(f, &b.term) => Fast::GotoEmpty(j),
                t => t.unwrap_or(Fast::Stmt),
            };
            // The block's last statement runs its `goto` too, when it is an addition, a
            // subtraction or a move (see `Fast::AddSGoto`).
            if let (Some(last), false) = (code.len().checked_sub(1), b.stmts.is_empty()) {
                code[last] = match (code[last], term) {
                    (Fast::AddS(x), Fast::Goto(j)) => Fast::AddSGoto(x, j),
                    (Fast::AddS(x), Fast::GotoEmpty(j)) => Fast::AddSThrough(x, j),
                    (Fast::AddU(x), Fast::Goto(j)) => Fast::AddUGoto(x, j),
                    (Fast::AddU(x), Fast::GotoEmpty(j)) => Fast::AddUThrough(x, j),
                    (Fast::SubS(x), Fast::Goto(j)) => Fast::SubSGoto(x, j),
                    (Fast::SubS(x), Fast::GotoEmpty(j)) => Fast::SubSThrough(x, j),
                    (Fast::Move { dst, src }, Fast::Goto(to)) if returns(f, &b.term) => {
                        Fast::MoveRet { dst, src, to }
                    }
                    (Fast::Move { dst, src }, Fast::Goto(to)) => Fast::MoveGoto { dst, src, to },
                    (Fast::Move { dst, src }, Fast::GotoEmpty(to)) => {
                        Fast::MoveThrough { dst, src, to }
                    }
                    (load, t) if runs_in_place(&t) => match load {
                        Fast::Load1S(ld) => Fast::Load1SThen(ld),
                        Fast::Load1U(ld) => Fast::Load1UThen(ld),
                        Fast::Load4S(ld) => Fast::Load4SThen(ld),
                        Fast::Load8(ld) => Fast::Load8Then(ld),
                        other => other,
                    },
                    (other, _) => other,
                };
            }
            code.push(term);
            block_of.resize(code.len(), bi as u32);
        }
        start.push(at);
        if !sound(&code, &start) {
            // Never expected: the loop reads positions unchecked on the strength of
            // `sound`, so code that fails it runs from the statements instead.
            code.fill(Fast::Stmt);
        }
        FastFunc {
            id: FuncId::default(),
            entry: entry(f),
            frame_bytes: u64::from(f.frame_bytes),
            start,
            block_of,
            code,
            calls,
            ready: unset
                .iter()
                .map(|u| !u)
                .chain(pool.consts.iter().map(|_| true))
                .collect(),
            unset: (0..unset.len() as u32)
                .filter(|&r| unset[r as usize])
                .collect(),
            consts: pool.consts,
        }
    }

    /// The position in `code` of statement `idx` of block `b` (`idx == stmts.len()`:
    /// its terminator).
    #[inline(always)]
    pub fn pc(&self, b: BlockId, idx: usize) -> usize {
        self.start[b.index()] as usize + idx
    }

    /// The block and statement index of position `pc`.
    pub fn position(&self, pc: usize) -> (BlockId, usize) {
        let b = self.block_of[pc];
        (BlockId::new(b), pc - self.start[b as usize] as usize)
    }
}

/// Whether terminator `t` is one the decoded loop runs in place after a block's last
/// statement (see `Fast::Load4SThen`): a `goto` or a decoded branch.
fn runs_in_place(t: &Fast) -> bool {
    matches!(
        t,
        Fast::Goto(_) | Fast::BrEq(_) | Fast::BrLtS(_) | Fast::BrLtU(_) | Fast::Branch { .. }
    )
}

/// Whether `code`, whose block `b` spans `start[b]..start[b + 1]`, can be run with its
/// positions read unchecked (see `Machine::straight`): every jump lands inside the code,
/// and every block ends with a terminator, which never goes on to the next position, so
/// the position after a statement is in its block. A position the loop starts or
/// resumes at is checked where it is computed.
pub fn sound(code: &[Fast], start: &[u32]) -> bool {
    let len = code.len();
    let inside = |j: &Jump| (j.pc as usize) < len;
    let ends = start.windows(2).all(|w| {
        let (a, b) = (w[0] as usize, w[1] as usize);
        a < b
            && b <= len
            && matches!(
                code[b - 1],
                Fast::Stmt
                    | Fast::Return { .. }
                    | Fast::Goto(_)
                    | Fast::GotoEmpty(_)
                    | Fast::BrEq(_)
                    | Fast::BrLtS(_)
                    | Fast::BrLtU(_)
                    | Fast::Branch { .. }
            )
    });
    let covered = start.first() == Some(&0) && start.last().map(|&e| e as usize) == Some(len);
    ends && covered
        && code.iter().all(|f| match f {
            Fast::Goto(j) | Fast::GotoEmpty(j) => inside(j),
            Fast::BrEq(br) | Fast::BrLtS(br) | Fast::BrLtU(br) => {
                inside(&br.then_to) && inside(&br.else_to)
            }
            Fast::Branch {
                then_to, else_to, ..
            } => inside(then_to) && inside(else_to),
            Fast::MoveGoto { to, .. } | Fast::MoveThrough { to, .. } | Fast::MoveRet { to, .. } => {
                inside(to)
            }
            Fast::AddSGoto(_, j)
            | Fast::AddSThrough(_, j)
            | Fast::AddUGoto(_, j)
            | Fast::AddUThrough(_, j)
            | Fast::SubSGoto(_, j)
            | Fast::SubSThrough(_, j) => inside(j),
            _ => true,
        })
}

/// Whether `term` is a `goto` to a block of `f` that is only a `return` (see
/// `Fast::MoveRet`).
fn returns(f: &Function, term: &Terminator) -> bool {
    let Terminator::Goto(b) = term else {
        return false;
    };
    f.blocks
        .get(b.index())
        .is_some_and(|t| t.stmts.is_empty() && matches!(t.term, Terminator::Return(_)))
}

/// Whether `term` is a `goto` to a block of `f` without statements that ends in a
/// `goto` or a compare-and-branch (see [`Fast::GotoEmpty`]).
fn through(f: &Function, term: &Terminator) -> bool {
    let Terminator::Goto(b) = term else {
        return false;
    };
    f.blocks.get(b.index()).is_some_and(|t| {
        t.stmts.is_empty() && matches!(t.term, Terminator::Goto(_) | Terminator::BranchCmp { .. })
    })
}

/// How a call with arguments `args` passes them to a function entered by `e` (see
/// [`CallSite::moves`]); None when it cannot take the short way.
fn arg_moves(e: &Entry, args: &[CallArg], pool: &mut Pool) -> Option<Vec<(Slot, Slot, Canon)>> {
    if args.len() < e.params.len() {
        return None;
    }
    e.params
        .iter()
        .zip(args)
        .map(|(&(r, s), a)| Some((pool.slot(&a.val)?, Slot::reg(r)?, Canon::of(s))))
        .collect()
}

/// The short way into `f`, when it has one (see [`Entry`]).
fn entry(f: &Function) -> Option<Entry> {
    let first = f.blocks.first()?;
    if f.va_area.is_some() || f.sret_size.is_some() {
        return None;
    }
    let params = f
        .params
        .iter()
        .map(|p| match p {
            ParamKind::Reg(r, s) => Some((*r, *s)),
            ParamKind::Mem { .. } => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(Entry {
        params,
        nregs: u32::try_from(f.regs.len()).ok()?,
        nlocals: u32::try_from(f.locals.len()).ok()?,
        frame_bytes: u64::from(f.frame_bytes),
        steps: first.stmts.len() as u32 + 1,
    })
}

/// 64 minus the width of `ty`.
fn shift(ty: Scalar) -> u8 {
    (64 - ty.bits()) as u8
}

fn decode_stmt(k: &StmtKind, pool: &mut Pool) -> Option<Fast> {
    match k {
        StmtKind::Assign(dst, rv) => decode_assign(*dst, rv, pool),
        StmtKind::StorageLive(l) => Some(Fast::Live(*l)),
        StmtKind::Store { addr, val, ty } => {
            let base = pool.slot(addr)?;
            let addr = Addr::new(base, base, 0)?;
            Some(store(
                *ty,
                St {
                    addr,
                    val: pool.slot(val)?,
                },
            ))
        }
        StmtKind::StoreIdx {
            base,
            index,
            scale,
            val,
            ty,
        } => {
            let addr = Addr::new(pool.slot(base)?, pool.slot(index)?, *scale)?;
            Some(store(
                *ty,
                St {
                    addr,
                    val: pool.slot(val)?,
                },
            ))
        }
        _ => None,
    }
}

fn store(ty: Scalar, st: St) -> Fast {
    match ty.size() {
        1 => Fast::Store1(st),
        2 => Fast::Store2(st),
        4 => Fast::Store4(st),
        _ => Fast::Store8(st),
    }
}

fn load(dst: Slot, ty: Scalar, addr: Addr) -> Fast {
    let ld = Ld { dst, addr };
    match (ty.size(), ty.is_signed()) {
        (1, true) => Fast::Load1S(ld),
        (1, false) => Fast::Load1U(ld),
        (2, true) => Fast::Load2S(ld),
        (2, false) => Fast::Load2U(ld),
        (4, true) => Fast::Load4S(ld),
        (4, false) => Fast::Load4U(ld),
        _ => Fast::Load8(ld),
    }
}

fn decode_assign(dst: Reg, rv: &Rvalue, pool: &mut Pool) -> Option<Fast> {
    let dst = Slot::reg(dst)?;
    Some(match rv {
        Rvalue::Use(o) => Fast::Move {
            dst,
            src: pool.slot(o)?,
        },
        Rvalue::Load(a, ty) => {
            let base = pool.slot(a)?;
            load(dst, *ty, Addr::new(base, base, 0)?)
        }
        Rvalue::LoadIdx {
            base,
            index,
            scale,
            ty,
        } => load(
            dst,
            *ty,
            Addr::new(pool.slot(base)?, pool.slot(index)?, *scale)?,
        ),
        Rvalue::Bin(op, ty, a, b) => {
            use BinOp::*;
            let bin = Bin {
                dst,
                a: pool.slot(a)?,
                b: pool.slot(b)?,
                sh: shift(*ty),
            };
            // Division and shifts can fail, and floating operations are not on
            // canonical integers: they keep `arith`'s semantics and checks.
            let inline = matches!(op, Add | Sub | Mul | And | Or | Xor) || op.is_comparison();
            if ty.is_float() || !inline {
                return Some(Fast::Arith {
                    bin,
                    op: *op,
                    ty: *ty,
                });
            }
            let s = ty.is_signed();
            match op {
                BinOp::Add if s => Fast::AddS(bin),
                BinOp::Add => Fast::AddU(bin),
                BinOp::Sub if s => Fast::SubS(bin),
                BinOp::Sub => Fast::SubU(bin),
                BinOp::Mul if s => Fast::MulS(bin),
                BinOp::Mul => Fast::MulU(bin),
                BinOp::And => Fast::And(bin),
                BinOp::Or => Fast::Or(bin),
                BinOp::Xor => Fast::Xor(bin),
                _ => cmp_value(Cmp::of(*op, *ty)?, bin),
            }
        }
        Rvalue::AddrLocal(local) => Fast::AddrLocal { dst, local: *local },
        Rvalue::AddrGlobal(global) => Fast::AddrGlobal {
            dst,
            global: *global,
        },
        Rvalue::PtrAdd { base, index, scale } => Fast::PtrAdd {
            dst,
            addr: Addr::new(pool.slot(base)?, pool.slot(index)?, *scale)?,
        },
        // A conversion to the same kind leaves the (canonical) value as it is.
        Rvalue::Cast { from, to, val } if from == to => Fast::Move {
            dst,
            src: pool.slot(val)?,
        },
        Rvalue::Cast { from, to, val } if !from.is_float() && !to.is_float() => {
            let sh = shift(*to);
            let val = pool.slot(val)?;
            if to.is_signed() {
                Fast::CastS { dst, val, sh }
            } else {
                Fast::CastU { dst, val, sh }
            }
        }
        Rvalue::Cast { from, to, val } => Fast::Convert {
            dst,
            val: pool.slot(val)?,
            from: *from,
            to: *to,
        },
        Rvalue::Un(op, ty, a) => Fast::Un {
            dst,
            a: pool.slot(a)?,
            op: *op,
            ty: *ty,
        },
        Rvalue::PtrDiff { a, b, scale } if *scale > 0 => Fast::PtrDiff {
            dst,
            a: pool.slot(a)?,
            b: pool.slot(b)?,
            scale: i32::try_from(*scale).ok()?,
        },
        _ => return None,
    })
}

fn decode_term(
    t: &Terminator,
    loc: Loc,
    jump: impl Fn(BlockId) -> Jump,
    pool: &mut Pool,
) -> Option<Fast> {
    Some(match t {
        Terminator::Goto(b) => Fast::Goto(jump(*b)),
        Terminator::Return(val) => Fast::Return {
            val: match val {
                Some(v) => Some(pool.slot(v)?),
                None => None,
            },
            loc,
        },
        Terminator::BranchCmp {
            op,
            ty,
            a,
            b,
            then_bb,
            else_bb,
        } => Br::of(
            Cmp::of(*op, *ty)?,
            pool.slot(a)?,
            pool.slot(b)?,
            jump(*then_bb),
            jump(*else_bb),
        ),
        Terminator::Branch {
            cond,
            ty,
            then_bb,
            else_bb,
        } if !ty.is_float() => Fast::Branch {
            cond: pool.slot(cond)?,
            then_to: jump(*then_bb),
            else_to: jump(*else_bb),
        },
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::arith;

    const KINDS: [Scalar; 9] = [
        Scalar::I8,
        Scalar::U8,
        Scalar::I16,
        Scalar::U16,
        Scalar::I32,
        Scalar::U32,
        Scalar::I64,
        Scalar::U64,
        Scalar::Ptr,
    ];

    /// A constant pool for a function of 4 registers.
    fn pool() -> Pool {
        Pool {
            nregs: 4,
            consts: Vec::new(),
            index: Default::default(),
        }
    }

    /// Values around the edges of every width, in canonical form for `ty`.
    fn samples(ty: Scalar) -> Vec<u64> {
        let raw = [
            0u64,
            1,
            2,
            0x7f,
            0x80,
            0xff,
            0x7fff,
            0x8000,
            0xffff,
            0x7fff_ffff,
            0x8000_0000,
            0xffff_ffff,
            i64::MAX as u64,
            i64::MIN as u64,
            u64::MAX,
            12345,
            0xdead_beef_1234_5678,
        ];
        raw.iter().map(|v| ty.canon(*v)).collect()
    }

    /// What the decoded operation computes for `a op b` of kind `ty`, None when it is
    /// not decoded.
    fn decoded(op: BinOp, ty: Scalar, a: u64, b: u64) -> Option<u64> {
        let rv = Rvalue::Bin(op, ty, Operand::Const(a), Operand::Const(b));
        let bin = |f: &Fast| match f {
            Fast::AddS(b)
            | Fast::AddU(b)
            | Fast::SubS(b)
            | Fast::SubU(b)
            | Fast::MulS(b)
            | Fast::MulU(b)
            | Fast::And(b)
            | Fast::Or(b)
            | Fast::Xor(b)
            | Fast::CmpEq(b)
            | Fast::CmpNe(b)
            | Fast::CmpLtS(b)
            | Fast::CmpLtU(b)
            | Fast::CmpLeS(b)
            | Fast::CmpLeU(b) => *b,
            _ => unreachable!(),
        };
        // The operands as the decoded statement reads them (a comparison may swap
        // them): constant `k` is slot `4 + k` of the test pool.
        let mut p = pool();
        let f = decode_assign(Reg::new(0), &rv, &mut p).unwrap_or(Fast::Stmt);
        let val = |s: Slot| p.consts[s.index() - 4];
        Some(match f {
            Fast::AddS(_) => bin(&f).sext(a.wrapping_add(b)),
            Fast::AddU(_) => bin(&f).zext(a.wrapping_add(b)),
            Fast::SubS(_) => bin(&f).sext(a.wrapping_sub(b)),
            Fast::SubU(_) => bin(&f).zext(a.wrapping_sub(b)),
            Fast::MulS(_) => bin(&f).sext(a.wrapping_mul(b)),
            Fast::MulU(_) => bin(&f).zext(a.wrapping_mul(b)),
            Fast::And(_) => a & b,
            Fast::Or(_) => a | b,
            Fast::Xor(_) => a ^ b,
            Fast::CmpEq(x) => u64::from(val(x.a) == val(x.b)),
            Fast::CmpNe(x) => u64::from(val(x.a) != val(x.b)),
            Fast::CmpLtS(x) => u64::from((val(x.a) as i64) < val(x.b) as i64),
            Fast::CmpLtU(x) => u64::from(val(x.a) < val(x.b)),
            Fast::CmpLeS(x) => u64::from(val(x.a) as i64 <= val(x.b) as i64),
            Fast::CmpLeU(x) => u64::from(val(x.a) <= val(x.b)),
            _ => return None,
        })
    }

    /// Every integer compare-and-branch decodes to a branch that goes where
    /// `arith::binop` says, on the edge values of every kind.
    #[test]
    fn decoded_branches_agree_with_arith() {
        use BinOp::*;
        let (then_to, else_to) = (Jump { pc: 1, steps: 2 }, Jump { pc: 3, steps: 4 });
        let jump = |b: BlockId| if b.index() == 1 { then_to } else { else_to };
        let mut checked = 0;
        for ty in KINDS {
            for op in [Eq, Ne, Lt, Le, Gt, Ge] {
                for &a in &samples(ty) {
                    for &b in &samples(ty) {
                        let t = Terminator::BranchCmp {
                            op,
                            ty,
                            a: Operand::Const(a),
                            b: Operand::Const(b),
                            then_bb: BlockId::new(1),
                            else_bb: BlockId::new(2),
                        };
                        let mut p = pool();
                        let f = decode_term(&t, Loc::default(), jump, &mut p);
                        let val = |s: Slot| p.consts[s.index() - 4];
                        let got = match f {
                            Some(Fast::BrEq(br)) => br.to(val(br.a) == val(br.b)),
                            Some(Fast::BrLtS(br)) => br.to((val(br.a) as i64) < val(br.b) as i64),
                            Some(Fast::BrLtU(br)) => br.to(val(br.a) < val(br.b)),
                            other => panic!("{op:?} {ty:?} decoded as {other:?}"),
                        };
                        let holds = arith::binop(op, ty, a, b).ok() == Some(1);
                        let want = if holds { then_to } else { else_to };
                        assert_eq!(got, want, "{op:?} {ty:?} {a:#x} {b:#x}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
    }

    /// Every decoded operation agrees with `arith::binop` (the semantics the front end
    /// folds constants with) on the edge values of every integer kind.
    #[test]
    fn decoded_operations_agree_with_arith() {
        use BinOp::*;
        let mut checked = 0;
        for ty in KINDS {
            for op in [Add, Sub, Mul, And, Or, Xor, Eq, Ne, Lt, Le, Gt, Ge] {
                for &a in &samples(ty) {
                    for &b in &samples(ty) {
                        let want = arith::binop(op, ty, a, b).ok();
                        let got = decoded(op, ty, a, b);
                        assert_eq!(got, want, "{op:?} {ty:?} {a:#x} {b:#x}");
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 10_000);
        // Division, shifts and floating kinds keep `arith`'s semantics and checks.
        for (op, ty) in [(Div, Scalar::I32), (Shl, Scalar::I32), (Add, Scalar::F64)] {
            let rv = Rvalue::Bin(op, ty, Operand::Const(7), Operand::Const(2));
            let f = decode_assign(Reg::new(0), &rv, &mut pool());
            assert!(
                matches!(f, Some(Fast::Arith { op: o, ty: t, .. }) if o == op && t == ty),
                "{op:?} {ty:?}: {f:?}"
            );
        }
    }

    /// The statements of compute-bound code are decoded (none is left to the statement
    /// path) and every position maps back to its block and index.
    #[test]
    fn loops_calls_and_memory_are_decoded() {
        let dir = tempfile::tempdir().expect("temp dir");
        let f = dir.path().join("loop.c");
        let src = "static long sq(long x) { return x * x; }\n\
                   int main(void) {\n\
                     int a[8]; unsigned char b[8]; long s = 0;\n\
                     for (int i = 0; i < 8; i++) { a[i] = i - 3; b[i] = (unsigned char)(i * 40); }\n\
                     for (int i = 0; i < 8; i++) if (a[i] < 0 || b[i] > 100) s += sq(a[i]) ^ b[i];\n\
                     return (int)(s & 127);\n\
                   }\n";
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        let main = &prog.functions[prog.main.index()];
        let ff = decode_all(&prog.functions).swap_remove(prog.main.index());
        let stmts: usize = main.blocks.iter().map(|b| b.stmts.len() + 1).sum();
        assert_eq!(ff.code.len(), stmts);
        let left: Vec<_> = (0..ff.code.len())
            .filter(|&pc| ff.code[pc] == Fast::Stmt)
            .map(|pc| ff.position(pc))
            .collect();
        assert!(left.is_empty(), "not decoded: {left:?}");
        assert!(sound(&ff.code, &ff.start));
        // `a[i] < 0` loads and branches in one dispatch, and `b[i] > 100` too.
        let fused = |f: &&Fast| matches!(f, Fast::Load4SThen(_) | Fast::Load1UThen(_));
        assert_eq!(ff.code.iter().filter(fused).count(), 2, "{:?}", ff.code);
        // The declarations of the two arrays (their storage starts) are `Live`.
        let live = ff.code.iter().filter(|f| matches!(f, Fast::Live(_)));
        assert_eq!(live.count(), 2);
        assert_eq!(ff.calls.len(), 1);
        for (bi, b) in main.blocks.iter().enumerate() {
            for idx in 0..=b.stmts.len() {
                let pc = ff.pc(BlockId::from_index(bi), idx);
                assert_eq!(ff.position(pc), (BlockId::from_index(bi), idx));
            }
        }
    }

    /// `sound` accepts code whose jumps land inside it and whose blocks end with a
    /// terminator, and nothing else: the loop reads positions unchecked on its word.
    #[test]
    fn unsound_code_is_refused() {
        let j = |pc| Jump { pc, steps: 1 };
        let mv = Fast::Move {
            dst: Slot(0),
            src: Slot(1),
        };
        let br = |a, b| Br::of(Cmp::LtS, Slot(0), Slot(1), j(a), j(b));
        // Two blocks: [move, goto 1] and [branch to 0 or 1].
        let good = [mv, Fast::Goto(j(2)), br(0, 2)];
        assert!(sound(&good, &[0, 2, 3]));
        // A jump past the end, in a terminator or a fused statement.
        assert!(!sound(&[mv, Fast::Goto(j(3)), br(0, 2)], &[0, 2, 3]));
        assert!(!sound(&[mv, Fast::Goto(j(2)), br(0, 7)], &[0, 2, 3]));
        let fused = Fast::MoveGoto {
            dst: Slot(0),
            src: Slot(1),
            to: j(9),
        };
        assert!(!sound(&[fused, Fast::Goto(j(0))], &[0, 2]));
        // A block that does not end with a terminator, so a statement would run on.
        assert!(!sound(&[mv, Fast::Goto(j(2)), mv], &[0, 2, 3]));
        // Blocks that do not cover the code, or an empty one.
        assert!(!sound(&good, &[0, 2]));
        assert!(!sound(&good, &[0, 2, 2, 3]));
        assert!(sound(&[], &[0]));
    }

    /// A decoded statement stays small (operands are register slots), so that the
    /// loop's code stream is dense.
    #[test]
    fn decoded_statements_are_small() {
        assert!(
            std::mem::size_of::<Fast>() <= 32,
            "{}",
            std::mem::size_of::<Fast>()
        );
    }

    /// `Canon` (argument moves, returned values) is `Scalar::canon` for every kind,
    /// floating ones included.
    #[test]
    fn canon_is_the_kinds_canonical_form() {
        let all = KINDS.iter().chain(&[Scalar::F32, Scalar::F64]);
        for &ty in all {
            for v in samples(Scalar::U64) {
                assert_eq!(Canon::of(ty).apply(v), ty.canon(v), "{ty:?} {v:#x}");
            }
        }
    }

    /// Integer casts and loads bring values to the canonical form of their kind.
    #[test]
    fn casts_and_loads_canonicalise() {
        for from in KINDS {
            for to in KINDS {
                let rv = Rvalue::Cast {
                    from,
                    to,
                    val: Operand::Reg(Reg::new(1)),
                };
                for v in samples(from) {
                    let got = match decode_assign(Reg::new(0), &rv, &mut pool()) {
                        Some(Fast::Move { .. }) => v,
                        Some(Fast::CastS { sh, .. }) => (((v << sh) as i64) >> sh) as u64,
                        Some(Fast::CastU { sh, .. }) => (v << sh) >> sh,
                        other => panic!("{from:?} -> {to:?} decoded as {other:?}"),
                    };
                    assert_eq!(got, arith::cast(from, to, v), "{from:?} -> {to:?} {v:#x}");
                }
            }
        }
        for ty in KINDS {
            let rv = Rvalue::Load(Operand::Reg(Reg::new(1)), ty);
            // What the interpreter's arm for each variant does to the loaded bytes.
            let f = decode_assign(Reg::new(0), &rv, &mut pool());
            let canon: fn(u64) -> u64 = match f {
                Some(Fast::Load1S(_)) => |v| v as u8 as i8 as u64,
                Some(Fast::Load2S(_)) => |v| v as u16 as i16 as u64,
                Some(Fast::Load4S(_)) => |v| v as u32 as i32 as u64,
                Some(Fast::Load1U(_) | Fast::Load2U(_) | Fast::Load4U(_) | Fast::Load8(_)) => |v| v,
                other => panic!("{ty:?} load decoded as {other:?}"),
            };
            for v in samples(Scalar::U64) {
                // What memory gives: the low bytes, zero-extended.
                let bytes = if ty.size() == 8 {
                    v
                } else {
                    v & ((1u64 << ty.bits()) - 1)
                };
                assert_eq!(canon(bytes), ty.canon(v), "{ty:?} {v:#x}");
            }
        }
    }

    /// The registers a read may find unset: a variable set on one path only, one read
    /// before the loop that sets it, the result of a call that may give none (a
    /// function with a `return;` path, a call through a pointer); not parameters,
    /// variables set before every read, nor results of calls that always give one.
    /// Statements touching them stay statements.
    #[test]
    fn registers_a_read_may_find_unset() {
        let dir = tempfile::tempdir().expect("temp dir");
        let f = dir.path().join("unset.c");
        let src = "static int noret(int x) { if (x > 1) return 1; }\n\
                   static int one(int x) { return x; }\n\
                   int main(int argc, char **argv) {\n\
                     int (*fp)(int) = argc > 3 ? noret : one;\n\
                     int set = argc, some, late, always = 0, t;\n\
                     if (argc > 1) some = 1;\n\
                     for (int i = 0; i < argc; i++) { always += late; late = i; }\n\
                     int a = noret(argc), b = one(argc), c = fp(argc);\n\
                     t = some + a + b + c + set + always;\n\
                     return t;\n\
                   }\n";
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        let gives = gives_value(&prog.functions);
        let main = &prog.functions[prog.main.index()];
        let unset = maybe_unset(main, &gives);
        let named = |want: bool| -> Vec<&str> {
            let mut v: Vec<&str> = main
                .regs
                .iter()
                .zip(&unset)
                .filter(|(_, u)| **u == want)
                .filter_map(|(ri, _)| ri.name.as_deref())
                .collect();
            v.sort();
            v
        };
        assert_eq!(named(true), ["late", "some"]);
        for n in ["a", "b", "c", "set", "always", "i", "t", "argc"] {
            assert!(named(false).contains(&n), "{n} should be set at every read");
        }
        // The values of `noret(argc)` and `fp(argc)` (temporaries) may be unset.
        let temps = main
            .regs
            .iter()
            .zip(&unset)
            .filter(|(ri, u)| ri.name.is_none() && **u);
        assert_eq!(temps.count(), 2);
        let ff = decode_all(&prog.functions).swap_remove(prog.main.index());
        assert_eq!(ff.ready.len(), main.regs.len() + ff.consts.len());
        for (pc, fast) in ff.code.iter().enumerate() {
            let (b, i) = ff.position(pc);
            let block = &main.blocks[b.index()];
            let touched = match block.stmts.get(i) {
                Some(st) => touches(&st.kind, &unset),
                None => {
                    let mut hit = false;
                    block.term.for_each_use(|r| hit |= unset[r.index()]);
                    hit
                }
            };
            if touched {
                assert_eq!(
                    *fast,
                    Fast::Stmt,
                    "position {pc} touches a maybe-unset register"
                );
            }
        }
        // `noret` has a path without a value; `one` and `main` have none.
        let by_name = |n: &str| prog.functions.iter().position(|f| f.name == n);
        assert_eq!(by_name("noret").map(|i| gives[i]), Some(false));
        assert_eq!(by_name("one").map(|i| gives[i]), Some(true));
    }
}
