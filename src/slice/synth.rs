//! A trace builder for tests and benchmarks, until traces come from real runs: it walks
//! real IR along a path chosen by the caller (the branch destinations) and records the
//! registers and memory each statement defines and uses, in the format of
//! `exec::trace`. Values are not computed: pointers are followed abstractly (which
//! allocation, which offset; an unknown index gives an offset chosen by a counter), so
//! the trace is exact for programs that address memory through `&var` and constant
//! offsets, and plausible otherwise.

use crate::analysis::{builtin_writes, Writes};
use crate::exec::trace::{AllocRec, Entry, FrameRec, Location, Trace, NONE};
use crate::ir::{
    BlockId, Callee, FuncId, Operand, ParamKind, Program, Rvalue, StmtId, StmtKind, Terminator,
};
use std::collections::HashMap;

/// Chooses where a branch goes: (branch statement, instance count of this statement so
/// far, distinct successors) -> destination.
pub type Chooser<'c> = dyn FnMut(StmtId, u32, &[BlockId]) -> BlockId + 'c;

pub struct Synth<'p, 'c> {
    prog: &'p Program,
    choose: &'c mut Chooser<'c>,
    pub trace: Trace,
    max: usize,
    /// Abstract pointer values: (frame, reg) -> (allocation, offset).
    ptr: HashMap<(u32, u32), (u32, u32)>,
    /// Allocation of (frame, local).
    locals: HashMap<(u32, u32), u32>,
    globals: Vec<u32>,
    counts: HashMap<StmtId, u32>,
    tick: u32,
}

struct Full;

impl<'p, 'c> Synth<'p, 'c> {
    /// Walks `main` of `prog` along `choose` for at most `max` entries (the trace is
    /// marked truncated when the budget runs out).
    pub fn run(prog: &'p Program, choose: &'c mut Chooser<'c>, max: usize) -> Trace {
        let mut s = Synth {
            prog,
            choose,
            trace: Trace::new(prog),
            max,
            ptr: HashMap::new(),
            locals: HashMap::new(),
            globals: Vec::new(),
            counts: HashMap::new(),
            tick: 0,
        };
        for (g, gl) in prog.globals.iter().enumerate() {
            s.globals.push(s.trace.allocs.len() as u32);
            s.trace.allocs.push(AllocRec {
                name: gl.name.clone(),
                var: Some((NONE, g as u32)),
                size: gl.size,
            });
        }
        s.trace.frames.push(FrameRec {
            func: prog.main,
            call_entry: NONE,
        });
        if s.frame(prog.main, 0, None).is_err() {
            s.trace.truncated = true;
        }
        s.trace
    }

    fn alloc(&mut self, name: &str, var: Option<(u32, u32)>, size: u32) -> u32 {
        self.trace.allocs.push(AllocRec {
            name: name.to_string(),
            var,
            size,
        });
        self.trace.allocs.len() as u32 - 1
    }

    fn local(&mut self, frame: u32, func: FuncId, l: u32) -> u32 {
        if let Some(&a) = self.locals.get(&(frame, l)) {
            return a;
        }
        let info = &self.prog.functions[func.index()].locals[l as usize];
        let (name, size) = (info.name.clone(), info.size);
        let a = self.alloc(&name, Some((func.raw(), l)), size);
        self.locals.insert((frame, l), a);
        a
    }

    fn push(&mut self, stmt: StmtId, frame: u32, aux: u32) -> Result<u32, Full> {
        if self.trace.len() >= self.max {
            return Err(Full);
        }
        self.trace.push(Entry {
            stmt,
            frame,
            loc_end: self.trace.locs.len() as u32,
            aux,
        });
        Ok(self.trace.len() as u32 - 1)
    }

    fn loc(&mut self, l: Location) {
        self.trace.locs.push(l);
        if let Some(last) = self.trace.len().checked_sub(1) {
            self.trace.set_loc_end(last, self.trace.locs.len() as u32);
        }
    }

    fn use_op(&mut self, frame: u32, o: &Operand) {
        if let Operand::Reg(r) = o {
            self.loc(Location::reg(false, frame, r.raw()));
        }
    }

    /// The memory an address operand points to, clipped to its allocation.
    fn target(
        &mut self,
        frame: u32,
        o: &Operand,
        extra: u32,
        size: u32,
    ) -> Option<(u32, u32, u32)> {
        let r = o.reg()?;
        let &(a, off) = self.ptr.get(&(frame, r.raw()))?;
        let asize = self.trace.allocs[a as usize].size;
        if asize == 0 {
            return None;
        }
        let off = (off + extra) % asize;
        Some((a, off, size.min(asize - off)))
    }

    fn mem(&mut self, def: bool, t: Option<(u32, u32, u32)>) {
        if let Some((a, off, size)) = t {
            if size > 0 {
                self.loc(Location::mem(def, a, off, size));
            }
        }
    }

    fn index_extra(&mut self, index: &Operand, scale: i64) -> u32 {
        match index {
            Operand::Const(c) => (*c as i64).wrapping_mul(scale) as u32,
            Operand::Reg(_) => {
                self.tick = self.tick.wrapping_mul(1103515245).wrapping_add(12345);
                (self.tick >> 8).wrapping_mul(scale.unsigned_abs() as u32)
            }
        }
    }

    /// Runs one activation; returns the entry of its `Return`.
    fn frame(&mut self, func: FuncId, frame: u32, _call: Option<u32>) -> Result<u32, Full> {
        let prog = self.prog;
        let f = &prog.functions[func.index()];
        let mut bb: BlockId = BlockId::new(0);
        loop {
            let block = &f.blocks[bb.index()];
            for (si, st) in block.stmts.iter().enumerate() {
                let id = StmtId {
                    func,
                    block: bb,
                    index: si as u32,
                };
                let e = self.push(id, frame, NONE)?;
                self.stmt(func, frame, e, &st.kind)?;
            }
            let id = StmtId {
                func,
                block: bb,
                index: block.stmts.len() as u32,
            };
            let succs = block.term.successors();
            let dest = match &block.term {
                Terminator::Goto(b) => *b,
                Terminator::Return(_) | Terminator::Unreachable => BlockId::new(NONE),
                _ if succs.len() == 1 => succs[0],
                _ => {
                    let c = self.counts.entry(id).or_insert(0);
                    let k = *c;
                    *c += 1;
                    (self.choose)(id, k, &succs)
                }
            };
            let e = self.push(id, frame, dest.raw())?;
            block
                .term
                .for_each_use(|r| self.trace.locs.push(Location::reg(false, frame, r.raw())));
            self.trace
                .set_loc_end(e as usize, self.trace.locs.len() as u32);
            if dest == BlockId::new(NONE) {
                return Ok(e);
            }
            bb = dest;
        }
    }

    fn stmt(&mut self, func: FuncId, frame: u32, e: u32, k: &StmtKind) -> Result<(), Full> {
        match k {
            StmtKind::Assign(r, rv) => {
                rv.for_each_use(|u| self.trace.locs.push(Location::reg(false, frame, u.raw())));
                self.trace
                    .set_loc_end(e as usize, self.trace.locs.len() as u32);
                let p = match rv {
                    Rvalue::Load(a, ty) | Rvalue::LoadRaw(a, ty) => {
                        let t = self.target(frame, a, 0, ty.size());
                        self.mem(false, t);
                        None
                    }
                    Rvalue::LoadIdx {
                        base,
                        index,
                        scale,
                        ty,
                    } => {
                        let x = self.index_extra(index, *scale);
                        let t = self.target(frame, base, x, ty.size());
                        self.mem(false, t);
                        None
                    }
                    Rvalue::AddrLocal(l) => Some((self.local(frame, func, l.raw()), 0)),
                    Rvalue::AddrGlobal(g) => self.globals.get(g.index()).map(|&a| (a, 0)),
                    Rvalue::Use(Operand::Reg(s))
                    | Rvalue::Cast {
                        val: Operand::Reg(s),
                        ..
                    } => self.ptr.get(&(frame, s.raw())).copied(),
                    Rvalue::PtrAdd {
                        base: Operand::Reg(s),
                        index,
                        scale,
                    } => {
                        let x = self.index_extra(index, *scale);
                        self.ptr
                            .get(&(frame, s.raw()))
                            .map(|&(a, o)| (a, o.wrapping_add(x)))
                    }
                    _ => None,
                };
                match p {
                    Some(p) => self.ptr.insert((frame, r.raw()), p),
                    None => self.ptr.remove(&(frame, r.raw())),
                };
                self.loc(Location::reg(true, frame, r.raw()));
            }
            StmtKind::Store { addr, val, ty } => {
                self.use_op(frame, addr);
                self.use_op(frame, val);
                let t = self.target(frame, addr, 0, ty.size());
                self.mem(true, t);
            }
            StmtKind::StoreIdx {
                base,
                index,
                scale,
                val,
                ty,
            } => {
                self.use_op(frame, base);
                self.use_op(frame, index);
                self.use_op(frame, val);
                let x = self.index_extra(index, *scale);
                let t = self.target(frame, base, x, ty.size());
                self.mem(true, t);
            }
            StmtKind::Copy { dst, src, size } => {
                self.use_op(frame, dst);
                self.use_op(frame, src);
                let t = self.target(frame, src, 0, *size);
                self.mem(false, t);
                let t = self.target(frame, dst, 0, *size);
                self.mem(true, t);
            }
            StmtKind::Zero { dst, size } => {
                self.use_op(frame, dst);
                let t = self.target(frame, dst, 0, *size);
                self.mem(true, t);
            }
            StmtKind::LongDouble(l) => {
                let (ra, rb, w) = l.access_sizes();
                self.use_op(frame, &l.dst);
                self.use_op(frame, &l.a);
                let t = self.target(frame, &l.a, 0, ra);
                self.mem(false, t);
                if let Some(b) = &l.b {
                    self.use_op(frame, b);
                    let t = self.target(frame, b, 0, rb);
                    self.mem(false, t);
                }
                let t = self.target(frame, &l.dst, 0, w);
                self.mem(true, t);
            }
            StmtKind::StorageLive(l) => {
                self.locals.remove(&(frame, l.raw()));
                self.local(frame, func, l.raw());
            }
            StmtKind::StorageLiveSized(l, n) => {
                self.use_op(frame, n);
                self.locals.remove(&(frame, l.raw()));
                self.local(frame, func, l.raw());
            }
            StmtKind::Call {
                dst, callee, args, ..
            } => {
                for a in args {
                    self.use_op(frame, &a.val);
                }
                match callee {
                    Callee::Func(g) => {
                        let callee_frame = self.trace.frames.len() as u32;
                        self.trace.frames.push(FrameRec {
                            func: *g,
                            call_entry: e,
                        });
                        self.trace.set_aux(e as usize, callee_frame);
                        let gf = &self.prog.functions[g.index()];
                        for (p, a) in gf.params.iter().zip(args) {
                            match p {
                                ParamKind::Reg(r, _) => {
                                    if let Some(v) = a
                                        .val
                                        .reg()
                                        .and_then(|s| self.ptr.get(&(frame, s.raw())).copied())
                                    {
                                        self.ptr.insert((callee_frame, r.raw()), v);
                                    }
                                    self.loc(Location::reg(true, callee_frame, r.raw()));
                                }
                                ParamKind::Mem { local, ty, .. } => {
                                    let al = self.local(callee_frame, *g, local.raw());
                                    let size =
                                        self.trace.allocs[al as usize].size.min(ty.size().max(1));
                                    self.loc(Location::mem(true, al, 0, size));
                                }
                            }
                        }
                        let ret = self.frame(*g, callee_frame, Some(e))?;
                        if let Some((r, _)) = dst {
                            self.ptr.remove(&(frame, r.raw()));
                            self.loc(Location::reg(true, frame, r.raw()));
                        }
                        let _ = ret;
                    }
                    Callee::Builtin(b) => {
                        let name = self
                            .prog
                            .builtins
                            .get(*b as usize)
                            .cloned()
                            .unwrap_or_default();
                        let w = builtin_writes(&name);
                        for (i, a) in args.iter().enumerate() {
                            let writes = match w {
                                Writes::Nothing => false,
                                Writes::Args(l) => l.contains(&i),
                                Writes::From(n) => i >= n,
                                Writes::AnyMem | Writes::PtrArgs => a.ty == crate::ir::Scalar::Ptr,
                            };
                            let whole = a
                                .val
                                .reg()
                                .and_then(|s| self.ptr.get(&(frame, s.raw())).copied())
                                .map(|(al, off)| {
                                    let size = self.trace.allocs[al as usize].size;
                                    (al, off.min(size), size.saturating_sub(off))
                                });
                            self.mem(writes, whole);
                        }
                        if let Some((r, _)) = dst {
                            self.ptr.remove(&(frame, r.raw()));
                            self.loc(Location::reg(true, frame, r.raw()));
                        }
                    }
                    Callee::Indirect(o) => {
                        self.use_op(frame, o);
                        if let Some((r, _)) = dst {
                            self.loc(Location::reg(true, frame, r.raw()));
                        }
                    }
                }
            }
        }
        Ok(())
    }
}
