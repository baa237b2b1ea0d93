//! The concolic observer: the hooks that keep the symbolic state ([`SymState`]) beside
//! the concrete run. Register expressions live in `SymState::regs`, parallel to the
//! interpreter's registers; memory shadows live on allocations (their per-allocation
//! extra state, see `memory`); branch records and concretisations go to `SymState`.

use super::{library, BranchRec, SymState};
use crate::exec::hooks::{AddrOps, Hooks, Parsed, Scanned, Taken};
use crate::exec::interp::Machine;
use crate::exec::io::InPos;
use crate::exec::memory::{self, MemFault};
use crate::exec::shims::{self, Shim};
use crate::ir::*;
use crate::libc::f80::F80;
use crate::sym::ExprId;

/// The concolic observer (state: `Machine::sym`).
pub struct Concolic;

impl Hooks for Concolic {
    const ON: bool = true;

    #[inline(always)]
    fn assign(m: &mut Machine, dst: usize, rv: &Rvalue, rb: usize, loc: Loc, v: u64) {
        let e = m.sym_rvalue(rv, rb, loc);
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.regs[dst] = e;
            if let (true, Some(e)) = (sy.check, e) {
                sy.verify(e, v, "register value", loc);
            }
        }
    }

    #[inline(always)]
    fn stored(
        m: &mut Machine,
        addr: AddrOps<'_>,
        val: &Operand,
        ty: Scalar,
        a: u64,
        rb: usize,
        loc: Loc,
    ) -> Result<(), MemFault> {
        let addr_sym = match addr {
            AddrOps::Direct(p) => m.sym_op(p, rb).is_some(),
            AddrOps::Indexed(b, i) => m.sym_op(b, rb).is_some() || m.sym_op(i, rb).is_some(),
        };
        let ev = m.sym_op(val, rb);
        let Some(sy) = m.sym.as_deref_mut() else {
            return Ok(());
        };
        if addr_sym {
            sy.concretise(loc, "store through an input-dependent address");
        }
        match ev {
            Some(e) if !ty.is_float() => {
                let n = sy.narrow(e, ty.bits());
                m.mem.shadow_store(a, ty.size(), n)
            }
            _ => Ok(()),
        }
    }

    #[inline(always)]
    fn call_args(m: &mut Machine, args: &[CallArg], rb: usize) {
        let syms: Vec<Option<ExprId>> = args.iter().map(|a| m.sym_op(&a.val, rb)).collect();
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.args = syms;
            sy.ret = None;
        }
    }

    #[inline(always)]
    fn sret_arg(m: &mut Machine) {
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.args.insert(0, None);
        }
    }

    fn library_returned(
        m: &mut Machine,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        dst: Option<(usize, u64)>,
        loc: Loc,
    ) {
        if dst.is_some() && m.sym.as_ref().is_some_and(|s| s.ret.is_none()) {
            library::string_result(m, shim, args, loc);
        }
        m.note_lost_precision(shim, args, loc);
        record_output(m, shim, args, loc);
        let Some(sy) = m.sym.as_deref_mut() else {
            return;
        };
        let ret = sy.ret.take();
        if let Some((i, v)) = dst {
            let ret = ret.or_else(|| library::result_of(sy, shim, v));
            sy.regs[i] = ret;
            if let (true, Some(e)) = (sy.check, ret) {
                sy.verify(e, v, "library result", loc);
            }
        }
    }

    fn input_bytes(
        m: &mut Machine,
        p: u64,
        bytes: &[u8],
        offsets: &[Option<InPos>],
        loc: Loc,
    ) -> Result<(), MemFault> {
        library::input_bytes(m, p, bytes, offsets, loc)
    }

    fn input_char(m: &mut Machine, offset: InPos, byte: u8, loc: Loc) {
        library::input_char(m, offset, byte, loc)
    }

    fn input_scanned(m: &mut Machine, scan: &Scanned, loc: Loc) -> Result<(), MemFault> {
        library::input_scanned(m, scan, loc)
    }

    fn input_parsed(m: &mut Machine, parsed: &Parsed<'_>, loc: Loc) {
        library::input_parsed(m, parsed, loc)
    }

    fn input_concretised(m: &mut Machine, why: &'static str, loc: Loc) {
        library::input_concretised(m, why, loc)
    }

    fn input_offsets(m: &Machine, p: u64, n: usize) -> Vec<Option<InPos>> {
        library::input_offsets(m, p, n)
    }

    #[inline(always)]
    fn callback(m: &mut Machine) {
        if let Some(sy) = m.sym.as_deref_mut() {
            // The scratch register that receives the callee's value.
            sy.regs.push(None);
            // Callbacks from library models get concrete arguments.
            sy.args.clear();
        }
    }

    #[inline(always)]
    fn callback_returned(m: &mut Machine, slot: usize) {
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.regs.truncate(slot);
        }
    }

    fn frame_pushed(m: &mut Machine) {
        let prog = m.prog;
        let Some(fr) = m.frames.last() else { return };
        let func = &prog.functions[fr.func.index()];
        let (reg_base, local_base) = (fr.reg_base, fr.local_base);
        let Some(sy) = m.sym.as_deref_mut() else {
            return;
        };
        sy.regs.resize(reg_base + func.regs.len(), None);
        for (i, p) in func.params.iter().enumerate() {
            let Some(e) = sy.args.get(i).copied().flatten() else {
                continue;
            };
            match p {
                ParamKind::Reg(r, _) => sy.regs[reg_base + r.index()] = Some(e),
                ParamKind::Mem {
                    local,
                    ty,
                    by_value_size: None,
                } => {
                    let n = sy.narrow(e, ty.bits());
                    let ptr = m.locals[local_base + local.index()];
                    // The concrete store just succeeded at the same place.
                    let _ = m.mem.shadow_store(ptr, ty.size(), n);
                }
                ParamKind::Mem { .. } => {}
            }
        }
    }

    #[inline(always)]
    fn returning(m: &mut Machine, val: Option<&Operand>, rb: usize) {
        let e = val.and_then(|o| m.sym_op(o, rb));
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.ret = e;
        }
    }

    #[inline(always)]
    fn frame_popped(m: &mut Machine, reg_base: usize, dst: Option<usize>) {
        if let Some(sy) = m.sym.as_deref_mut() {
            sy.regs.truncate(reg_base);
            let ret = sy.ret.take();
            if let Some(i) = dst {
                sy.regs[i] = ret;
            }
        }
    }

    #[inline(always)]
    fn branched(
        m: &mut Machine,
        at: StmtId,
        term: &Terminator,
        rb: usize,
        loc: Loc,
        taken: Taken,
        dest: BlockId,
    ) {
        match (term, taken) {
            (Terminator::Branch { cond, ty, .. }, Taken::Two(truth)) => {
                if let (Some(e), Some(sy)) = (m.sym_op(cond, rb), m.sym.as_deref_mut()) {
                    if let Some(c) = sy.truth(e, *ty, loc) {
                        record_branch(sy, at, loc, truth, dest, c);
                    }
                }
            }
            (Terminator::BranchCmp { op, ty, a, b, .. }, Taken::Two(truth)) => {
                let (ea, eb) = (m.sym_op(a, rb), m.sym_op(b, rb));
                if ea.is_none() && eb.is_none() {
                    return;
                }
                let (x, y) = (m.concrete(a, rb), m.concrete(b, rb));
                if let Some(sy) = m.sym.as_deref_mut() {
                    if let Some(c) = sy.compare(*op, *ty, ea, x, eb, y, loc) {
                        record_branch(sy, at, loc, truth, dest, c);
                    }
                }
            }
            (Terminator::Switch { val, ty, cases, .. }, Taken::Case(hit)) => {
                let Some(e) = m.sym_op(val, rb) else { return };
                let Some(sy) = m.sym.as_deref_mut() else {
                    return;
                };
                let x = sy.narrow(e, ty.bits());
                let bits = ty.bits();
                let c = match hit {
                    Some(k) => {
                        let kc = sy.pool.constant(cases[k].0 & mask(bits), bits);
                        sy.pool.eq(x, kc)
                    }
                    // "some case matched", which did not hold: recorded negated
                    None => {
                        let mut acc = sy.pool.bool_const(false);
                        for (c, _) in cases {
                            let kc = sy.pool.constant(c & mask(bits), bits);
                            let eq = sy.pool.eq(x, kc);
                            acc = sy.pool.bool_or(acc, eq);
                        }
                        acc
                    }
                };
                record_branch(sy, at, loc, hit.is_some(), dest, c);
            }
            _ => {}
        }
    }
}

impl Machine<'_> {
    /// The concrete value of an operand of the frame at `rb` (0 for an unset register:
    /// only called after the interpreter read the same operand successfully).
    #[inline(always)]
    fn concrete(&self, o: &Operand, rb: usize) -> u64 {
        match o {
            Operand::Const(c) => *c,
            Operand::Reg(r) => self.regs[rb + r.index()].unwrap_or(0),
        }
    }

    /// The expression of an operand (64-bit register form), if symbolic.
    #[inline(always)]
    pub(in crate::exec) fn sym_op(&self, o: &Operand, rb: usize) -> Option<ExprId> {
        match (o, &self.sym) {
            (Operand::Reg(r), Some(sy)) => sy.regs.get(rb + r.index()).copied().flatten(),
            _ => None,
        }
    }

    /// The symbolic value of an rvalue whose concrete value was just computed.
    #[inline(always)]
    fn sym_rvalue(&mut self, rv: &Rvalue, rb: usize, loc: Loc) -> Option<ExprId> {
        let cval = |m: &Self, o: &Operand| -> u64 {
            match o {
                Operand::Const(c) => *c,
                Operand::Reg(r) => m.regs[rb + r.index()].unwrap_or(0),
            }
        };
        match rv {
            Rvalue::Use(o) => self.sym_op(o, rb),
            Rvalue::Load(a, s) | Rvalue::LoadRaw(a, s) => {
                let p = cval(self, a);
                if self.sym_op(a, rb).is_some() {
                    if let Some(sy) = self.sym.as_mut() {
                        sy.concretise(loc, "load through an input-dependent address");
                    }
                }
                let sy = self.sym.as_mut()?;
                if let Some(k) = sy.argv_of_slot(memory::slot_of(p)) {
                    sy.note_argv_read(k, loc);
                }
                let e = self.mem.load_sym(p, s.size(), &mut sy.pool)?;
                if s.is_float() {
                    sy.concretise(loc, "floating-point value built from input bytes");
                    return None;
                }
                Some(sy.widen(e, *s))
            }
            Rvalue::LoadIdx {
                base,
                index,
                scale,
                ty,
            } => {
                let p = cval(self, base)
                    .wrapping_add((cval(self, index) as i64).wrapping_mul(*scale) as u64);
                let addr_sym = self.sym_op(base, rb).is_some() || self.sym_op(index, rb).is_some();
                let sy = self.sym.as_mut()?;
                if addr_sym {
                    sy.concretise(loc, "load through an input-dependent address");
                }
                if let Some(k) = sy.argv_of_slot(memory::slot_of(p)) {
                    sy.note_argv_read(k, loc);
                }
                let e = self.mem.load_sym(p, ty.size(), &mut sy.pool)?;
                if ty.is_float() {
                    sy.concretise(loc, "floating-point value built from input bytes");
                    return None;
                }
                Some(sy.widen(e, *ty))
            }
            Rvalue::Bin(op, s, a, b) => {
                let (ea, eb) = (self.sym_op(a, rb), self.sym_op(b, rb));
                if ea.is_none() && eb.is_none() {
                    return None;
                }
                let (av, bv) = (cval(self, a), cval(self, b));
                self.sym.as_mut()?.binop(*op, *s, ea, av, eb, bv, loc)
            }
            Rvalue::Un(op, s, a) => {
                let e = self.sym_op(a, rb)?;
                self.sym.as_mut()?.unop(*op, *s, e, loc)
            }
            Rvalue::Cast { from, to, val } => {
                let e = self.sym_op(val, rb)?;
                self.sym.as_mut()?.cast(*from, *to, e, loc)
            }
            Rvalue::PtrAdd { base, index, scale } => {
                let (eb, ei) = (self.sym_op(base, rb), self.sym_op(index, rb));
                if eb.is_none() && ei.is_none() {
                    return None;
                }
                let (bv, iv) = (cval(self, base), cval(self, index));
                let sy = self.sym.as_mut()?;
                let b = sy.at_width(eb, bv, 64);
                let i = sy.at_width(ei, iv, 64);
                let k = sy.pool.constant(*scale as u64, 64);
                let off = sy.pool.mul(i, k);
                Some(sy.pool.add(b, off))
            }
            Rvalue::PtrDiff { a, b, scale } => {
                let (ea, eb) = (self.sym_op(a, rb), self.sym_op(b, rb));
                if ea.is_none() && eb.is_none() {
                    return None;
                }
                let (av, bv) = (cval(self, a), cval(self, b));
                let sy = self.sym.as_mut()?;
                let x = sy.at_width(ea, av, 64);
                let y = sy.at_width(eb, bv, 64);
                let d = sy.pool.sub(x, y);
                let k = sy.pool.constant(*scale as u64, 64);
                Some(sy.pool.binary(crate::sym::BinOp::SDiv, d, k))
            }
            Rvalue::AddrLocal(_)
            | Rvalue::AddrGlobal(_)
            | Rvalue::AddrFunc(_)
            | Rvalue::AddrBuiltin(_) => None,
        }
    }

    /// After a library call in a concolic run: a call that received an input-derived
    /// argument (or read input-derived bytes) but returns a concrete result loses
    /// precision; record where.
    fn note_lost_precision(&mut self, shim: Shim, args: &[(u64, Scalar, Option<u32>)], loc: Loc) {
        if shims::reads_strings(shim) {
            let read: Vec<usize> = match self.sym.as_ref() {
                Some(sy) => args
                    .iter()
                    .filter(|a| a.1 == Scalar::Ptr)
                    .filter_map(|a| sy.argv_of_slot(memory::slot_of(a.0)))
                    .collect(),
                None => Vec::new(),
            };
            if let Some(sy) = self.sym.as_mut() {
                for k in read {
                    sy.note_argv_read(k, loc);
                }
            }
        }
        if shims::is_output_only(shim) {
            return;
        }
        let Some(sy) = self.sym.as_ref() else { return };
        if sy.ret.is_some() {
            return;
        }
        let sym_arg = sy.args.iter().any(|a| a.is_some());
        let sym_bytes = shims::reads_strings(shim)
            && args
                .iter()
                .any(|(p, t, _)| *t == Scalar::Ptr && self.mem.cstr_has_sym(*p));
        if sym_arg || sym_bytes {
            let name = self
                .prog
                .builtins
                .iter()
                .find(|n| shims::resolve(n) == Some(shim))
                .cloned()
                .unwrap_or_default();
            if let Some(sy) = self.sym.as_mut() {
                sy.concretise(
                    loc,
                    format!("`{name}` of an input-derived value (modelled concretely)"),
                );
            }
        }
    }
}

/// Keeps an output call that wrote to stdout with its arguments' expressions (the
/// symbolic output). Only library calls write output, so the events since the last
/// library return are this call's.
fn record_output(m: &mut Machine, shim: Shim, args: &[(u64, Scalar, Option<u32>)], loc: Loc) {
    let n = m.events.len();
    let Some(sy) = m.sym.as_deref_mut() else {
        return;
    };
    let seen = sy.events_seen.min(n);
    sy.events_seen = n;
    if !shims::is_output_only(shim) || !m.events[seen..].iter().any(|e| e.stream == 0) {
        return;
    }
    let mut out = Vec::with_capacity(args.len());
    for (i, &(v, ty, by_value)) in args.iter().enumerate() {
        // A `long double` is passed by address: record its value (as the nearest
        // double, like the bits recorded of a double), not where it lies.
        let v = if CallArg::is_long_double(ty, by_value) {
            let mut b = [0u8; 10];
            if let Ok(x) = m.mem.bytes(v, 10) {
                b.copy_from_slice(x);
            }
            F80::from_bytes(b).to_f64().to_bits()
        } else {
            v
        };
        let expr = match sy.args.get(i).copied().flatten() {
            Some(e) if !ty.is_float() => Some(sy.narrow(e, ty.bits())),
            _ => None,
        };
        let is_string = ty == Scalar::Ptr && !m.file_of_ptr.contains_key(&v);
        let text = if is_string {
            m.mem.c_string(v).ok()
        } else {
            None
        };
        let sym_text = text.is_some() && m.mem.cstr_has_sym(v);
        out.push(super::OutArg {
            value: v,
            ty,
            expr,
            text,
            sym_text,
        });
    }
    let func = m
        .prog
        .builtins
        .iter()
        .find(|b| shims::resolve(b) == Some(shim))
        .cloned()
        .unwrap_or_else(|| format!("{shim:?}"));
    sy.outputs.push(super::SymOutput {
        loc,
        func,
        args: out,
        events: seen..n,
    });
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Record a branch instance on an input-dependent condition `c` (which holds when the
/// "then" side is taken; for a switch, when a case matched).
fn record_branch(sy: &mut SymState, stmt: StmtId, loc: Loc, taken: bool, dest: BlockId, c: ExprId) {
    if sy.pool.is_const(c).is_some() {
        return;
    }
    let cond = if taken { c } else { sy.pool.negate(c) };
    if sy.check {
        sy.verify(cond, 1, "branch constraint", loc);
    }
    let concretised_before = sy.concretisations.len() as u32;
    sy.branches.push(BranchRec {
        stmt,
        loc,
        taken,
        cond,
        dest: dest.raw(),
        concretised_before,
        entry: crate::exec::trace::NONE,
    });
}
