//! A pre-decoded form of the hot statements and terminators, for plain runs.
//!
//! Interpreting a [`Stmt`] takes several dispatches: on its kind, on its rvalue, on the
//! operator, then on the scalar kind for the operator's semantics and the result's
//! canonical form. For the statements that dominate compute-bound programs (integer
//! arithmetic and comparisons, moves, loads and stores of scalars, pointer arithmetic,
//! integer casts, compare-and-branch) everything but the operands' values is settled
//! here once, so executing one is a single dispatch with its operation and widths
//! resolved, and a jump goes straight to its target's position. Everything else is
//! [`Fast::Stmt`]: executed from the statement itself. Every position maps back to its
//! block and statement index, so frames, faults, `setjmp` and the step count are
//! unchanged.

use super::{
    BinOp, CallArg, Callee, FuncId, Function, GlobalId, Loc, LocalId, Operand, ParamKind, Reg,
    Rvalue, Scalar, StmtKind, Terminator,
};
use crate::ir::BlockId;

/// The operands of a decoded `dst = a op b` on integers (or pointers).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    pub dst: Reg,
    pub a: Operand,
    pub b: Operand,
    /// 64 minus the width of the kind: the result's canonical form is that of its low
    /// bits, sign- or zero-extended (see [`Scalar::canon`]).
    pub sh: u32,
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

/// An address `base + index * scale` (`*p` is `p + 0 * 0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Addr {
    pub base: Operand,
    pub index: Operand,
    pub scale: i64,
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

    /// The comparison of two canonical values (signed kinds are sign-extended to 64
    /// bits, unsigned ones zero-extended, so 64-bit comparisons decide).
    #[inline(always)]
    pub fn eval(self, a: u64, b: u64) -> bool {
        let (x, y) = (a as i64, b as i64);
        match self {
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
            Cmp::LtS => x < y,
            Cmp::LtU => a < b,
            Cmp::LeS => x <= y,
            Cmp::LeU => a <= b,
            Cmp::GtS => x > y,
            Cmp::GtU => a > b,
            Cmp::GeS => x >= y,
            Cmp::GeU => a >= b,
        }
    }
}

/// A load `dst = *addr` of a scalar: the loaded bytes, zero-extended, are brought to
/// canonical form by `sext` (64 minus the width for a signed kind, else 0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ld {
    pub dst: Reg,
    pub addr: Addr,
    pub sext: u32,
}

impl Ld {
    #[inline(always)]
    pub fn canon(&self, v: u64) -> u64 {
        (((v << self.sext) as i64) >> self.sext) as u64
    }
}

/// A store `*addr = val` of a scalar.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct St {
    pub addr: Addr,
    pub val: Operand,
}

/// One decoded statement (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Fast {
    /// Not decoded: executed from its [`Stmt`](super::Stmt) or [`Terminator`].
    Stmt,
    /// `dst = src`.
    Move {
        dst: Reg,
        src: Operand,
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
    /// `dst = a cmp b` (an `int` 0 or 1).
    Cmp(Cmp, Bin),
    /// `dst = base + index * scale`.
    PtrAdd {
        dst: Reg,
        addr: Addr,
    },
    /// `dst = &local` (an allocation not made yet is left to the statement path).
    AddrLocal {
        dst: Reg,
        local: LocalId,
    },
    /// `dst = &global`.
    AddrGlobal {
        dst: Reg,
        global: GlobalId,
    },
    /// An integer conversion to a signed kind (`sh` as in [`Bin`]).
    CastS {
        dst: Reg,
        val: Operand,
        sh: u32,
    },
    /// An integer conversion to an unsigned kind.
    CastU {
        dst: Reg,
        val: Operand,
        sh: u32,
    },
    Load1(Ld),
    Load2(Ld),
    Load4(Ld),
    Load8(Ld),
    Store1(St),
    Store2(St),
    Store4(St),
    Store8(St),
    /// A call of a function of the program (not through a pointer, not a library
    /// model): the index of its [`CallSite`] in [`FastFunc::calls`].
    Call(u32),
    /// Terminators: `return`, located.
    Return {
        val: Option<Operand>,
        loc: Loc,
    },
    /// `goto`.
    Goto(Jump),
    /// Branch on `a cmp b`.
    BranchCmp {
        cmp: Cmp,
        a: Operand,
        b: Operand,
        then_to: Jump,
        else_to: Jump,
    },
    /// Branch on `cond != 0` for an integer or pointer `cond`.
    Branch {
        cond: Operand,
        then_to: Jump,
        else_to: Jump,
    },
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
    pub func: FuncId,
    pub dst: Option<(Reg, Scalar)>,
    pub args: Vec<CallArg>,
    pub sret: Option<Operand>,
    pub loc: Loc,
    pub block: BlockId,
    pub idx: u32,
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
    /// Set when calls can enter the function the short way (see [`Entry`]).
    pub entry: Option<Entry>,
    pub start: Vec<u32>,
    /// The block each position of `code` belongs to (for the rare way back to the
    /// statements: a statement that is not decoded, a fault's location).
    pub block_of: Vec<u32>,
    pub code: Vec<Fast>,
    pub calls: Vec<CallSite>,
}

impl FastFunc {
    pub fn decode(f: &Function) -> FastFunc {
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
        for (bi, b) in f.blocks.iter().enumerate() {
            for (idx, st) in b.stmts.iter().enumerate() {
                code.push(match &st.kind {
                    StmtKind::Call {
                        dst,
                        callee: Callee::Func(func),
                        args,
                        sret,
                    } => {
                        calls.push(CallSite {
                            func: *func,
                            dst: *dst,
                            args: args.clone(),
                            sret: *sret,
                            loc: st.loc,
                            block: BlockId::from_index(bi),
                            idx: idx as u32,
                        });
                        Fast::Call(calls.len() as u32 - 1)
                    }
                    k => decode_stmt(k),
                });
            }
            code.push(decode_term(&b.term, b.term_loc, jump));
            block_of.resize(code.len(), bi as u32);
        }
        FastFunc {
            entry: entry(f),
            start,
            block_of,
            code,
            calls,
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
fn shift(ty: Scalar) -> u32 {
    64 - ty.bits()
}

fn decode_stmt(k: &StmtKind) -> Fast {
    let zero = Operand::Const(0);
    match k {
        StmtKind::Assign(dst, rv) => decode_assign(*dst, rv),
        StmtKind::Store { addr, val, ty } => store(
            *ty,
            St {
                addr: Addr {
                    base: *addr,
                    index: zero,
                    scale: 0,
                },
                val: *val,
            },
        ),
        StmtKind::StoreIdx {
            base,
            index,
            scale,
            val,
            ty,
        } => store(
            *ty,
            St {
                addr: Addr {
                    base: *base,
                    index: *index,
                    scale: *scale,
                },
                val: *val,
            },
        ),
        _ => Fast::Stmt,
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

fn load(dst: Reg, ty: Scalar, addr: Addr) -> Fast {
    let sext = if ty.is_signed() { shift(ty) } else { 0 };
    let ld = Ld { dst, addr, sext };
    match ty.size() {
        1 => Fast::Load1(ld),
        2 => Fast::Load2(ld),
        4 => Fast::Load4(ld),
        _ => Fast::Load8(ld),
    }
}

fn decode_assign(dst: Reg, rv: &Rvalue) -> Fast {
    match rv {
        Rvalue::Use(o) => Fast::Move { dst, src: *o },
        Rvalue::Load(a, ty) => load(
            dst,
            *ty,
            Addr {
                base: *a,
                index: Operand::Const(0),
                scale: 0,
            },
        ),
        Rvalue::LoadIdx {
            base,
            index,
            scale,
            ty,
        } => load(
            dst,
            *ty,
            Addr {
                base: *base,
                index: *index,
                scale: *scale,
            },
        ),
        Rvalue::Bin(op, ty, a, b) if !ty.is_float() => {
            let bin = Bin {
                dst,
                a: *a,
                b: *b,
                sh: shift(*ty),
            };
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
                // Division and shifts can fail: they keep their checks in `arith`.
                _ => match Cmp::of(*op, *ty) {
                    Some(c) => Fast::Cmp(c, bin),
                    None => Fast::Stmt,
                },
            }
        }
        Rvalue::AddrLocal(local) => Fast::AddrLocal { dst, local: *local },
        Rvalue::AddrGlobal(global) => Fast::AddrGlobal {
            dst,
            global: *global,
        },
        Rvalue::PtrAdd { base, index, scale } => Fast::PtrAdd {
            dst,
            addr: Addr {
                base: *base,
                index: *index,
                scale: *scale,
            },
        },
        // A conversion to the same kind leaves the (canonical) value as it is.
        Rvalue::Cast { from, to, val } if from == to => Fast::Move { dst, src: *val },
        Rvalue::Cast { from, to, val } if !from.is_float() && !to.is_float() => {
            let sh = shift(*to);
            if to.is_signed() {
                Fast::CastS { dst, val: *val, sh }
            } else {
                Fast::CastU { dst, val: *val, sh }
            }
        }
        _ => Fast::Stmt,
    }
}

fn decode_term(t: &Terminator, loc: Loc, jump: impl Fn(BlockId) -> Jump) -> Fast {
    match t {
        Terminator::Goto(b) => Fast::Goto(jump(*b)),
        Terminator::Return(val) => Fast::Return { val: *val, loc },
        Terminator::BranchCmp {
            op,
            ty,
            a,
            b,
            then_bb,
            else_bb,
        } => match Cmp::of(*op, *ty) {
            Some(cmp) => Fast::BranchCmp {
                cmp,
                a: *a,
                b: *b,
                then_to: jump(*then_bb),
                else_to: jump(*else_bb),
            },
            None => Fast::Stmt,
        },
        Terminator::Branch {
            cond,
            ty,
            then_bb,
            else_bb,
        } if !ty.is_float() => Fast::Branch {
            cond: *cond,
            then_to: jump(*then_bb),
            else_to: jump(*else_bb),
        },
        _ => Fast::Stmt,
    }
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
            | Fast::Cmp(_, b) => *b,
            _ => unreachable!(),
        };
        let f = decode_assign(Reg::new(0), &rv);
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
            Fast::Cmp(c, _) => c.eval(a, b) as u64,
            _ => return None,
        })
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
        // Division, shifts and floating kinds keep the generic path (with its checks).
        assert_eq!(decoded(Div, Scalar::I32, 7, 2), None);
        assert_eq!(decoded(Shl, Scalar::I32, 7, 2), None);
        assert_eq!(decoded(Add, Scalar::F64, 7, 2), None);
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
        let ff = FastFunc::decode(main);
        let stmts: usize = main.blocks.iter().map(|b| b.stmts.len() + 1).sum();
        assert_eq!(ff.code.len(), stmts);
        let left: Vec<_> = (0..ff.code.len())
            .filter(|&pc| ff.code[pc] == Fast::Stmt)
            .map(|pc| ff.position(pc))
            .collect();
        // Only the declarations of the two arrays (their storage starts) stay statements.
        assert_eq!(left.len(), 2, "not decoded: {left:?}");
        for (b, i) in left {
            let k = &main.blocks[b.index()].stmts[i].kind;
            assert!(matches!(k, StmtKind::StorageLive(_)), "not decoded: {k:?}");
        }
        assert_eq!(ff.calls.len(), 1);
        for (bi, b) in main.blocks.iter().enumerate() {
            for idx in 0..=b.stmts.len() {
                let pc = ff.pc(BlockId::from_index(bi), idx);
                assert_eq!(ff.position(pc), (BlockId::from_index(bi), idx));
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
                    let got = match decode_assign(Reg::new(0), &rv) {
                        Fast::Move { .. } => v,
                        Fast::CastS { sh, .. } => (((v << sh) as i64) >> sh) as u64,
                        Fast::CastU { sh, .. } => (v << sh) >> sh,
                        other => panic!("{from:?} -> {to:?} decoded as {other:?}"),
                    };
                    assert_eq!(got, arith::cast(from, to, v), "{from:?} -> {to:?} {v:#x}");
                }
            }
        }
        for ty in KINDS {
            let rv = Rvalue::Load(Operand::Reg(Reg::new(1)), ty);
            let (Fast::Load1(ld) | Fast::Load2(ld) | Fast::Load4(ld) | Fast::Load8(ld)) =
                decode_assign(Reg::new(0), &rv)
            else {
                panic!("{ty:?} load not decoded");
            };
            for v in samples(Scalar::U64) {
                // What memory gives: the low bytes, zero-extended.
                let bytes = if ty.size() == 8 {
                    v
                } else {
                    v & ((1u64 << ty.bits()) - 1)
                };
                assert_eq!(ld.canon(bytes), ty.canon(v), "{ty:?} {v:#x}");
            }
        }
    }
}
