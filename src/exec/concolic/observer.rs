//! The concolic observer: [`SymState`] is the observer's state and these are its hooks,
//! which keep it beside the concrete run. Register expressions live in `SymState::regs`,
//! parallel to the interpreter's registers; memory shadows are its per-allocation extra
//! ([`Shadow`], kept by memory with each allocation); branch records and
//! concretisations go to `SymState`. Each hook finds its state and extras through its
//! lens, so the same code serves a concolic run and a concolic+traced one.

use super::shadow::{self, Shadow};
use super::{library, BranchRec, SymState};
use crate::exec::hooks::{AddrOps, Lens, Observer, Parsed, Scanned, Taken};
use crate::exec::interp::{Machine, Regs};
use crate::exec::io::InPos;
use crate::exec::memory::{self, MemFault};
use crate::exec::shims::{self, Shim};
use crate::ir::*;
use crate::libc::f80::F80;
use crate::sym::ExprId;

/// The concolic observer is its state.
impl Observer for SymState {
    const ON: bool = true;
    type Extra = Shadow;

    #[inline(always)]
    fn assign<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        dst: usize,
        rv: &Rvalue,
        rb: usize,
        loc: Loc,
        v: u64,
    ) {
        let e = sym_rvalue(m, l, rv, rb, loc);
        let sy = l.get(&mut m.obs);
        sy.regs[dst] = e;
        if let (true, Some(e)) = (sy.check, e) {
            sy.verify(e, v, "register value", loc);
        }
    }

    #[inline(always)]
    fn stored<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        addr: AddrOps<'_>,
        val: &Operand,
        ty: Scalar,
        a: u64,
        rb: usize,
        loc: Loc,
    ) -> Result<(), MemFault> {
        let addr_sym = match addr {
            AddrOps::Direct(p) => l.get_ref(&m.obs).op(p, rb).is_some(),
            AddrOps::Indexed(b, i) => {
                l.get_ref(&m.obs).op(b, rb).is_some() || l.get_ref(&m.obs).op(i, rb).is_some()
            }
        };
        let ev = l.get_ref(&m.obs).op(val, rb);
        let sy = l.get(&mut m.obs);
        if addr_sym {
            sy.concretise(loc, "store through an input-dependent address");
        }
        match ev {
            Some(e) if !ty.is_float() => {
                let n = sy.narrow(e, ty.bits());
                shadow::store(&mut m.mem, l, a, ty.size(), n)
            }
            _ => Ok(()),
        }
    }

    #[inline(always)]
    fn call_args<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        args: &[CallArg],
        rb: usize,
    ) {
        let syms: Vec<Option<ExprId>> = args
            .iter()
            .map(|a| l.get_ref(&m.obs).op(&a.val, rb))
            .collect();
        let sy = l.get(&mut m.obs);
        sy.args = syms;
        sy.ret = None;
    }

    #[inline(always)]
    fn sret_arg<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        let sy = l.get(&mut m.obs);
        sy.args.insert(0, None);
    }

    fn library_returned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        dst: Option<(usize, u64)>,
        loc: Loc,
    ) {
        if dst.is_some() && l.get_ref(&m.obs).ret.is_none() {
            library::string_result(m, l, shim, args, loc);
        }
        note_lost_precision(m, l, shim, args, loc);
        record_output(m, l, shim, args, loc);
        let sy = l.get(&mut m.obs);
        let ret = sy.ret.take();
        if let Some((i, v)) = dst {
            let ret = ret.or_else(|| library::result_of(sy, shim, v));
            sy.regs[i] = ret;
            if let (true, Some(e)) = (sy.check, ret) {
                sy.verify(e, v, "library result", loc);
            }
        }
    }

    fn input_bytes<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        p: u64,
        bytes: &[u8],
        offsets: &[Option<InPos>],
        loc: Loc,
    ) -> Result<(), MemFault> {
        library::input_bytes(m, l, p, bytes, offsets, loc)
    }

    fn input_char<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        offset: InPos,
        byte: u8,
        loc: Loc,
    ) {
        library::input_char(m, l, offset, byte, loc)
    }

    fn input_scanned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        scan: &Scanned,
        loc: Loc,
    ) -> Result<(), MemFault> {
        library::input_scanned(m, l, scan, loc)
    }

    fn input_parsed<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        parsed: &Parsed<'_>,
        loc: Loc,
    ) {
        library::input_parsed(m, l, parsed, loc)
    }

    fn input_concretised<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        why: &'static str,
        loc: Loc,
    ) {
        library::input_concretised(m, l, why, loc)
    }

    fn input_offsets<O: Observer, L: Lens<O, Target = Self>>(
        m: &Machine<'_, O>,
        l: L,
        p: u64,
        n: usize,
    ) -> Vec<Option<InPos>> {
        library::input_offsets(m, l, p, n)
    }

    #[inline(always)]
    fn callback<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        let sy = l.get(&mut m.obs);
        // The scratch register that receives the callee's value.
        sy.regs.push(None);
        // Callbacks from library models get concrete arguments.
        sy.args.clear();
    }

    #[inline(always)]
    fn callback_returned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        slot: usize,
    ) {
        let sy = l.get(&mut m.obs);
        sy.regs.truncate(slot);
    }

    fn frame_pushed<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        let prog = m.prog;
        let Some(fr) = m.frames.last() else { return };
        let func = &prog.functions[fr.func.index()];
        let (reg_base, local_base) = (fr.reg_base, fr.local_base);
        let sy = l.get(&mut m.obs);
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
                    let _ = shadow::store(&mut m.mem, l, ptr, ty.size(), n);
                }
                ParamKind::Mem { .. } => {}
            }
        }
    }

    #[inline(always)]
    fn returning<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        val: Option<&Operand>,
        rb: usize,
    ) {
        let e = val.and_then(|o| l.get_ref(&m.obs).op(o, rb));
        let sy = l.get(&mut m.obs);
        sy.ret = e;
    }

    #[inline(always)]
    fn frame_popped<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        reg_base: usize,
        dst: Option<usize>,
    ) {
        let sy = l.get(&mut m.obs);
        sy.regs.truncate(reg_base);
        let ret = sy.ret.take();
        if let Some(i) = dst {
            sy.regs[i] = ret;
        }
    }

    #[inline(always)]
    fn vararg_stored<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        index: usize,
        at: u64,
    ) -> Result<(), MemFault> {
        match l.get_ref(&m.obs).args.get(index).copied().flatten() {
            Some(e) => shadow::store(&mut m.mem, l, at, 8, e),
            None => Ok(()),
        }
    }

    fn main_args<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        argv: u64,
        argc: usize,
    ) {
        let ptrs: Vec<u64> = (0..argc)
            .map(|i| m.mem.load(argv + 8 * i as u64, 8).unwrap_or(0))
            .collect();
        let sy = l.get(&mut m.obs);
        sy.argv_slots = ptrs.iter().map(|p| memory::slot_of(*p)).collect();
        sy.argv_made = vec![false; argc];
        sy.argv_ptrs = ptrs;
    }

    fn library_calling<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) {
        library::argv_passed(m, l, shim, args, loc);
    }

    #[inline(always)]
    fn vla_sized<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        size: &Operand,
        rb: usize,
        loc: Loc,
    ) {
        let sy = l.get(&mut m.obs);
        if sy.op(size, rb).is_some() {
            // The path condition does not say which sizes keep the accesses in bounds.
            sy.concretise(loc, "variable-length array sized by an input-derived value");
        }
    }

    fn bytes_used_concretely<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        spans: &[(u64, u32)],
        why: &'static str,
        loc: Loc,
    ) {
        let symbolic = spans
            .iter()
            .any(|&(p, n)| (0..u64::from(n)).any(|k| shadow::byte(&m.mem, l, p + k).is_some()));
        if symbolic {
            library::input_concretised(m, l, why, loc);
        }
    }

    #[inline(always)]
    fn branched<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
        term: &Terminator,
        rb: usize,
        loc: Loc,
        taken: Taken,
        dest: BlockId,
    ) {
        // A trace observer of the same run records the branch's entry after us.
        let entry = m.obs.next_entry();
        match (term, taken) {
            (Terminator::Branch { cond, ty, .. }, Taken::Two(truth)) => {
                if let Some(e) = l.get_ref(&m.obs).op(cond, rb) {
                    let sy = l.get(&mut m.obs);
                    if let Some(c) = sy.truth(e, *ty, loc) {
                        record_branch(sy, entry, at, loc, truth, dest, c);
                    }
                }
            }
            (Terminator::BranchCmp { op, ty, a, b, .. }, Taken::Two(truth)) => {
                let (ea, eb) = (l.get_ref(&m.obs).op(a, rb), l.get_ref(&m.obs).op(b, rb));
                if ea.is_none() && eb.is_none() {
                    return;
                }
                let (x, y) = (concrete(&m.regs, a, rb), concrete(&m.regs, b, rb));
                let sy = l.get(&mut m.obs);
                if let Some(c) = sy.compare(*op, *ty, ea, x, eb, y, loc) {
                    record_branch(sy, entry, at, loc, truth, dest, c);
                }
            }
            (Terminator::Switch { val, ty, cases, .. }, Taken::Case(hit)) => {
                let Some(e) = l.get_ref(&m.obs).op(val, rb) else {
                    return;
                };
                let sy = l.get(&mut m.obs);
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
                record_branch(sy, entry, at, loc, hit.is_some(), dest, c);
            }
            _ => {}
        }
    }
}

/// The concrete value of an operand of the frame at `rb` (0 for an unset register:
/// only called after the interpreter read the same operand successfully).
#[inline(always)]
fn concrete(regs: &Regs, o: &Operand, rb: usize) -> u64 {
    match o {
        Operand::Const(c) => *c,
        Operand::Reg(r) => regs.get(rb + r.index()).unwrap_or(0),
    }
}

impl SymState {
    /// The expression of an operand (64-bit register form), if symbolic.
    #[inline(always)]
    pub(in crate::exec) fn op(&self, o: &Operand, rb: usize) -> Option<ExprId> {
        match o {
            Operand::Reg(r) => self.regs.get(rb + r.index()).copied().flatten(),
            Operand::Const(_) => None,
        }
    }
}

/// The symbolic value of an rvalue whose concrete value was just computed.
#[inline(always)]
fn sym_rvalue<O: Observer, L: Lens<O, Target = SymState>>(
    m: &mut Machine<'_, O>,
    l: L,
    rv: &Rvalue,
    rb: usize,
    loc: Loc,
) -> Option<ExprId> {
    let cval = |m: &Machine<'_, O>, o: &Operand| -> u64 {
        match o {
            Operand::Const(c) => *c,
            Operand::Reg(r) => m.regs.get(rb + r.index()).unwrap_or(0),
        }
    };
    match rv {
        Rvalue::Use(o) => l.get_ref(&m.obs).op(o, rb),
        Rvalue::Load(a, s) | Rvalue::LoadRaw(a, s) => {
            let p = cval(m, a);
            if l.get_ref(&m.obs).op(a, rb).is_some() {
                let sy = l.get(&mut m.obs);
                sy.concretise(loc, "load through an input-dependent address");
            }
            library::argv_read(m, l, p, loc);
            let sy = l.get(&mut m.obs);
            let e = shadow::load(&m.mem, l, p, s.size(), &mut sy.pool)?;
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
            let p = cval(m, base).wrapping_add((cval(m, index) as i64).wrapping_mul(*scale) as u64);
            let addr_sym = l.get_ref(&m.obs).op(base, rb).is_some()
                || l.get_ref(&m.obs).op(index, rb).is_some();
            if addr_sym {
                let sy = l.get(&mut m.obs);
                sy.concretise(loc, "load through an input-dependent address");
            }
            library::argv_read(m, l, p, loc);
            let sy = l.get(&mut m.obs);
            let e = shadow::load(&m.mem, l, p, ty.size(), &mut sy.pool)?;
            if ty.is_float() {
                sy.concretise(loc, "floating-point value built from input bytes");
                return None;
            }
            Some(sy.widen(e, *ty))
        }
        Rvalue::Bin(op, s, a, b) => {
            let (ea, eb) = (l.get_ref(&m.obs).op(a, rb), l.get_ref(&m.obs).op(b, rb));
            if ea.is_none() && eb.is_none() {
                return None;
            }
            let (av, bv) = (cval(m, a), cval(m, b));
            l.get(&mut m.obs).binop(*op, *s, ea, av, eb, bv, loc)
        }
        Rvalue::Un(op, s, a) => {
            let e = l.get_ref(&m.obs).op(a, rb)?;
            l.get(&mut m.obs).unop(*op, *s, e, loc)
        }
        Rvalue::Cast { from, to, val } => {
            let e = l.get_ref(&m.obs).op(val, rb)?;
            l.get(&mut m.obs).cast(*from, *to, e, loc)
        }
        Rvalue::PtrAdd { base, index, scale } => {
            let (eb, ei) = (
                l.get_ref(&m.obs).op(base, rb),
                l.get_ref(&m.obs).op(index, rb),
            );
            if eb.is_none() && ei.is_none() {
                return None;
            }
            let (bv, iv) = (cval(m, base), cval(m, index));
            let sy = l.get(&mut m.obs);
            let b = sy.at_width(eb, bv, 64);
            let i = sy.at_width(ei, iv, 64);
            let k = sy.pool.constant(*scale as u64, 64);
            let off = sy.pool.mul(i, k);
            Some(sy.pool.add(b, off))
        }
        Rvalue::PtrDiff { a, b, scale } => {
            let (ea, eb) = (l.get_ref(&m.obs).op(a, rb), l.get_ref(&m.obs).op(b, rb));
            if ea.is_none() && eb.is_none() {
                return None;
            }
            let (av, bv) = (cval(m, a), cval(m, b));
            let sy = l.get(&mut m.obs);
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
fn note_lost_precision<O: Observer, L: Lens<O, Target = SymState>>(
    m: &mut Machine<'_, O>,
    l: L,
    shim: Shim,
    args: &[(u64, Scalar, Option<u32>)],
    loc: Loc,
) {
    if shims::reads_strings(shim) {
        let sy = l.get_ref(&m.obs);
        let read: Vec<usize> = args
            .iter()
            .filter(|a| a.1 == Scalar::Ptr)
            .filter_map(|a| sy.argv_of_slot(memory::slot_of(a.0)))
            .collect();
        let sy = l.get(&mut m.obs);
        for k in read {
            sy.note_argv_read(k, loc);
        }
    }
    if shims::is_output_only(shim) {
        return;
    }
    let sy = l.get_ref(&m.obs);
    if sy.ret.is_some() {
        return;
    }
    let sym_arg = sy.args.iter().any(|a| a.is_some());
    let sym_bytes = shims::reads_strings(shim)
        && args
            .iter()
            .any(|(p, t, _)| *t == Scalar::Ptr && shadow::cstr_has(&m.mem, l, *p));
    if sym_arg || sym_bytes {
        // The model's own name (a search of the program's builtins by name, per call,
        // was most of a math-heavy test's library calls).
        let name = shims::NAMES[shim as usize];
        let sy = l.get(&mut m.obs);
        sy.concretise(
            loc,
            format!("`{name}` of an input-derived value (modelled concretely)"),
        );
    }
}

/// Keeps an output call that wrote to stdout with its arguments' expressions (the
/// symbolic output). Only library calls write output, so the events since the last
/// library return are this call's.
fn record_output<O: Observer, L: Lens<O, Target = SymState>>(
    m: &mut Machine<'_, O>,
    l: L,
    shim: Shim,
    args: &[(u64, Scalar, Option<u32>)],
    loc: Loc,
) {
    let n = m.events.len();
    let sy = l.get(&mut m.obs);
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
        let sym_text = text.is_some() && shadow::cstr_has(&m.mem, l, v);
        out.push(super::OutArg {
            value: v,
            ty,
            expr,
            text,
            sym_text,
        });
    }
    let func = shims::NAMES[shim as usize].to_string();
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
/// `entry` is the trace entry the branch gets, when the run is traced too.
fn record_branch(
    sy: &mut SymState,
    entry: u32,
    stmt: StmtId,
    loc: Loc,
    taken: bool,
    dest: BlockId,
    c: ExprId,
) {
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
        entry,
    });
}
