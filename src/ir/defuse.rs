//! Def/use views of statements and terminators, shared by the static analyses and the
//! slicer so both read the IR the same way.

use super::{BlockId, Callee, Operand, Reg, Rvalue, StmtKind, Terminator};

impl Operand {
    /// The register this operand reads, if any.
    pub fn reg(self) -> Option<Reg> {
        match self {
            Operand::Reg(r) => Some(r),
            Operand::Const(_) => None,
        }
    }
}

impl Rvalue {
    /// Calls `f` on every register the rvalue reads.
    pub fn for_each_use(&self, mut f: impl FnMut(Reg)) {
        let mut op = |o: &Operand| {
            if let Some(r) = o.reg() {
                f(r)
            }
        };
        match self {
            Rvalue::Use(a) | Rvalue::Load(a, _) | Rvalue::LoadRaw(a, _) | Rvalue::Un(_, _, a) => {
                op(a)
            }
            Rvalue::Cast { val, .. } => op(val),
            Rvalue::LoadIdx { base, index, .. } | Rvalue::PtrAdd { base, index, .. } => {
                op(base);
                op(index)
            }
            Rvalue::Bin(_, _, a, b) | Rvalue::PtrDiff { a, b, .. } => {
                op(a);
                op(b)
            }
            Rvalue::AddrLocal(_)
            | Rvalue::AddrGlobal(_)
            | Rvalue::AddrFunc(_)
            | Rvalue::AddrBuiltin(_) => {}
        }
    }
}

impl StmtKind {
    /// The register the statement defines, if any.
    pub fn def_reg(&self) -> Option<Reg> {
        match self {
            StmtKind::Assign(r, _) => Some(*r),
            StmtKind::Call { dst, .. } => dst.map(|(r, _)| r),
            _ => None,
        }
    }

    /// Calls `f` on every register the statement reads.
    pub fn for_each_use(&self, mut f: impl FnMut(Reg)) {
        let mut op = |o: &Operand| {
            if let Some(r) = o.reg() {
                f(r)
            }
        };
        match self {
            StmtKind::Assign(_, rv) => rv.for_each_use(f),
            StmtKind::Store { addr, val, .. } => {
                op(addr);
                op(val)
            }
            StmtKind::StoreIdx {
                base, index, val, ..
            } => {
                op(base);
                op(index);
                op(val)
            }
            StmtKind::Copy { dst, src, .. } => {
                op(dst);
                op(src)
            }
            StmtKind::Zero { dst, .. } => op(dst),
            StmtKind::Call {
                callee, args, sret, ..
            } => {
                if let Callee::Indirect(o) = callee {
                    op(o)
                }
                for a in args {
                    op(&a.val)
                }
                if let Some(s) = sret {
                    op(s)
                }
            }
            StmtKind::StorageLive(_) => {}
            StmtKind::StorageLiveSized(_, n) => op(n),
            StmtKind::LongDouble(l) => {
                op(&l.dst);
                op(&l.a);
                if let Some(b) = &l.b {
                    op(b)
                }
            }
        }
    }

    /// The address operand of each memory write the statement itself performs (stores,
    /// copies, zeroing, a returned struct's destination). Writes a callee makes through
    /// its arguments are not included: they depend on the callee.
    pub fn written_addr(&self) -> Option<Operand> {
        match self {
            StmtKind::Store { addr, .. } => Some(*addr),
            StmtKind::StoreIdx { base, .. } => Some(*base),
            StmtKind::Copy { dst, .. } | StmtKind::Zero { dst, .. } => Some(*dst),
            StmtKind::Call { sret, .. } => *sret,
            StmtKind::LongDouble(l) => Some(l.dst),
            _ => None,
        }
    }
}

impl Terminator {
    /// The distinct blocks control may go to, in first-mention order (then before else,
    /// cases before default). Empty for `Return` and `Unreachable`.
    pub fn successors(&self) -> Vec<BlockId> {
        let mut out: Vec<BlockId> = Vec::new();
        let mut add = |b: BlockId| {
            if !out.contains(&b) {
                out.push(b)
            }
        };
        match self {
            Terminator::Goto(b) => add(*b),
            Terminator::Branch {
                then_bb, else_bb, ..
            }
            | Terminator::BranchCmp {
                then_bb, else_bb, ..
            } => {
                add(*then_bb);
                add(*else_bb)
            }
            Terminator::Switch { cases, default, .. } => {
                for (_, b) in cases {
                    add(*b)
                }
                add(*default)
            }
            Terminator::Return(_) | Terminator::Unreachable => {}
        }
        out
    }

    /// Whether this is a conditional branch (`Branch`, `BranchCmp` or `Switch`): the one
    /// branch form the analyses and the slicer see.
    pub fn is_branch(&self) -> bool {
        matches!(
            self,
            Terminator::Branch { .. } | Terminator::BranchCmp { .. } | Terminator::Switch { .. }
        )
    }

    /// Calls `f` on every register the terminator reads.
    pub fn for_each_use(&self, mut f: impl FnMut(Reg)) {
        let mut op = |o: &Operand| {
            if let Some(r) = o.reg() {
                f(r)
            }
        };
        match self {
            Terminator::Branch { cond, .. } => op(cond),
            Terminator::BranchCmp { a, b, .. } => {
                op(a);
                op(b)
            }
            Terminator::Switch { val, .. } => op(val),
            Terminator::Return(Some(v)) => op(v),
            Terminator::Return(None) | Terminator::Goto(_) | Terminator::Unreachable => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BinOp, Scalar};

    #[test]
    fn successors_are_distinct_and_ordered() {
        let t = Terminator::Switch {
            val: Operand::Reg(Reg::new(3)),
            ty: Scalar::I32,
            cases: vec![
                (1, BlockId::new(4)),
                (2, BlockId::new(5)),
                (3, BlockId::new(4)),
            ],
            default: BlockId::new(5),
        };
        assert_eq!(t.successors(), vec![BlockId::new(4), BlockId::new(5)]);
        assert!(t.is_branch());
        let mut uses = Vec::new();
        t.for_each_use(|r| uses.push(r));
        assert_eq!(uses, vec![Reg::new(3)]);
        let c = Terminator::BranchCmp {
            op: BinOp::Lt,
            ty: Scalar::I32,
            a: Operand::Reg(Reg::new(1)),
            b: Operand::Const(0),
            then_bb: BlockId::new(2),
            else_bb: BlockId::new(2),
        };
        assert_eq!(c.successors(), vec![BlockId::new(2)]);
        assert!(Terminator::Return(None).successors().is_empty());
    }

    #[test]
    fn statement_defs_and_uses() {
        let s = StmtKind::StoreIdx {
            base: Operand::Reg(Reg::new(1)),
            index: Operand::Reg(Reg::new(2)),
            scale: 4,
            val: Operand::Const(7),
            ty: Scalar::I32,
        };
        assert_eq!(s.def_reg(), None);
        assert_eq!(s.written_addr(), Some(Operand::Reg(Reg::new(1))));
        let mut u = Vec::new();
        s.for_each_use(|r| u.push(r));
        assert_eq!(u, vec![Reg::new(1), Reg::new(2)]);
        let a = StmtKind::Assign(
            Reg::new(9),
            Rvalue::Bin(
                BinOp::Add,
                Scalar::I32,
                Operand::Reg(Reg::new(4)),
                Operand::Reg(Reg::new(5)),
            ),
        );
        assert_eq!(a.def_reg(), Some(Reg::new(9)));
    }
}
