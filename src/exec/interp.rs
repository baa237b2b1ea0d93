//! The interpreter loop. Frames keep registers in one shared stack (`regs`) and the
//! pointers to their addressable locals in another (`locals`); statements are executed
//! block by block with no name lookup or allocation per step.

use std::collections::HashMap;

use super::concolic::{BranchRec, SymState};
use super::io::{Io, STDERR_FD, STDIN_FD, STDOUT_FD};
use super::memory::{self, AllocKind, MemFault, Memory, BUILTIN_SLOT, FUNC_SLOT};
use super::shims::{self, Shim};
use super::{FaultKind, Limits, Outcome, RunInput, RunResult, RuntimeError};
use crate::ir::arith::{self, ArithError};
use crate::ir::*;

struct Frame {
    func: FuncId,
    block: BlockId,
    /// Next statement to execute in `block`.
    idx: u32,
    reg_base: usize,
    local_base: usize,
    /// Where the caller wants the returned value.
    ret_to: Option<(Reg, Scalar)>,
    call_loc: Loc,
}

/// Why execution stopped early. Kept pointer-sized: it is the error type of every
/// step of the hot loop.
pub enum Stop {
    Fault(Box<RuntimeError>),
    /// `exit(n)`
    Exit(i32),
    /// Killed by a signal (`abort()`: 6).
    Signal(i32),
}

pub type X<T> = Result<T, Stop>;

pub struct Machine<'p> {
    pub prog: &'p Program,
    pub mem: Memory,
    /// Registers of all frames; a slot is `None` until written (reads of unwritten
    /// variables are uninitialised reads).
    regs: Vec<Option<u64>>,
    locals: Vec<u64>,
    frames: Vec<Frame>,
    pub io: Io,
    pub steps: u64,
    limits: Limits,
    stack_used: u64,
    global_ptrs: Vec<u64>,
    /// FILE* values -> index in `io.files`.
    pub file_of_ptr: HashMap<u64, usize>,
    pub file_ptrs: Vec<u64>,
    shims: Vec<Option<Shim>>,
    pub libc: shims::LibcState,
    argv0: Vec<u8>,
    setup_error: Option<RuntimeError>,
    /// Location of the statement being executed (for faults raised by shims).
    pub cur_loc: Loc,
    /// Which statement (and call stack) wrote each piece of stdout and stderr.
    pub events: Vec<super::OutputEvent>,
    /// Reused buffer for call arguments (no allocation per call).
    argbuf: Vec<(u64, Scalar, Option<u32>)>,
    /// Symbolic state of a concolic run; `None` in concrete runs.
    pub sym: Option<Box<SymState>>,
}

impl<'p> Machine<'p> {
    pub fn new(prog: &'p Program, input: &RunInput, limits: Limits) -> Machine<'p> {
        let mut m = Machine {
            prog,
            mem: Memory::new(),
            regs: Vec::with_capacity(1 << 12),
            locals: Vec::with_capacity(1 << 10),
            frames: Vec::with_capacity(64),
            io: Io::new(input.stdin.clone(), input.cwd.clone()),
            steps: 0,
            limits,
            stack_used: 0,
            global_ptrs: Vec::new(),
            file_of_ptr: HashMap::new(),
            file_ptrs: Vec::new(),
            shims: prog.builtins.iter().map(|n| shims::resolve(n)).collect(),
            libc: shims::LibcState::default(),
            argv0: input
                .argv
                .first()
                .cloned()
                .unwrap_or_else(|| b"a.out".to_vec()),
            setup_error: None,
            cur_loc: Loc::default(),
            events: Vec::new(),
            argbuf: Vec::with_capacity(16),
            sym: None,
        };
        m.libc.argv = if input.argv.is_empty() {
            vec![b"a.out".to_vec()]
        } else {
            input.argv.clone()
        };
        if let Err(e) = m.setup_globals() {
            m.setup_error = Some(m.mem_error(e, Loc::default()));
        }
        m
    }

    pub fn argv0(&self) -> &[u8] {
        &self.argv0
    }

    fn setup_globals(&mut self) -> Result<(), MemFault> {
        for _ in 0..3 {
            let p = self
                .mem
                .alloc(1, AllocKind::Runtime, true, "FILE", Loc::default())?;
            self.file_of_ptr.insert(p, self.file_ptrs.len());
            self.file_ptrs.push(p);
        }
        for g in &self.prog.globals {
            let kind = if g.read_only {
                AllocKind::StringLiteral
            } else {
                AllocKind::Global
            };
            let p = self
                .mem
                .alloc(g.size as usize, kind, true, &g.name, g.loc)?;
            self.mem.write_bytes(p, &g.init)?;
            self.global_ptrs.push(p);
        }
        for (i, g) in self.prog.globals.iter().enumerate() {
            let base = self.global_ptrs[i];
            for r in &g.relocs {
                let target = match r.target {
                    RelocTarget::Global(t) => self.global_ptrs[t as usize],
                    RelocTarget::Func(f) => memory::make_ptr(FUNC_SLOT as usize, 0, f),
                    RelocTarget::Builtin(b) => memory::make_ptr(BUILTIN_SLOT as usize, 0, b),
                };
                self.mem.store(
                    base.wrapping_add(r.offset as u64),
                    8,
                    target.wrapping_add(r.addend as u64),
                )?;
            }
            let std = match g.name.as_str() {
                "stdin" => Some(STDIN_FD),
                "stdout" => Some(STDOUT_FD),
                "stderr" => Some(STDERR_FD),
                _ => None,
            };
            if let (Some(fd), 8) = (std, g.size) {
                self.mem.store(base, 8, self.file_ptrs[fd])?;
            }
        }
        for p in &self.global_ptrs {
            if let Some(a) = self.mem.allocs.get_mut(memory::slot_of(*p)) {
                if a.kind == AllocKind::StringLiteral {
                    a.read_only = true;
                }
            }
        }
        Ok(())
    }

    /// Run `main` with the input's argv and return everything the run produced.
    pub fn run_main(&mut self) -> RunResult {
        let outcome = match self.setup_error.take() {
            Some(e) => Outcome::Fault(e),
            None => match self.start_main() {
                Ok(status) => Outcome::Exit(status),
                Err(Stop::Exit(n)) => Outcome::Exit(n),
                Err(Stop::Signal(n)) => Outcome::Signal(n),
                Err(Stop::Fault(e)) => Outcome::Fault(*e),
            },
        };
        if matches!(outcome, Outcome::Signal(_)) {
            self.io.drop_unflushed();
        }
        RunResult {
            stdout: std::mem::take(&mut self.io.stdout),
            stderr: std::mem::take(&mut self.io.stderr),
            outcome,
            steps: self.steps,
            events: std::mem::take(&mut self.events),
        }
    }

    fn start_main(&mut self) -> X<i32> {
        let main = self.prog.main;
        let mut args = Vec::new();
        if self.prog.main_takes_args {
            let argv: Vec<Vec<u8>> = self.argv_strings();
            let n = argv.len();
            let arr = self
                .mem
                .alloc(
                    (n + 1) * 8,
                    AllocKind::Runtime,
                    true,
                    "argv",
                    Loc::default(),
                )
                .map_err(|e| self.stop_mem(e))?;
            for (i, a) in argv.iter().enumerate() {
                let mut bytes = a.clone();
                bytes.push(0);
                let name = format!("argv[{i}]");
                let p = self
                    .mem
                    .alloc(bytes.len(), AllocKind::Runtime, true, &name, Loc::default())
                    .map_err(|e| self.stop_mem(e))?;
                self.mem
                    .write_bytes(p, &bytes)
                    .map_err(|e| self.stop_mem(e))?;
                self.mem
                    .store(arr + 8 * i as u64, 8, p)
                    .map_err(|e| self.stop_mem(e))?;
            }
            if let Some(sy) = self.sym.as_mut() {
                sy.argv_slots = (0..n)
                    .map(|i| {
                        let p = self.mem.load(arr + 8 * i as u64, 8).unwrap_or(0);
                        memory::slot_of(p)
                    })
                    .collect();
            }
            args.push((n as u64, Scalar::I32, None));
            args.push((arr, Scalar::Ptr, None));
        }
        let v = self.call_function(main, &args, Loc::default())?;
        Ok((v.unwrap_or(0) as i32) & 0xff)
    }

    fn argv_strings(&self) -> Vec<Vec<u8>> {
        self.libc.argv.clone()
    }

    /// Call an interpreted function and run it to completion (also used by shims such
    /// as `qsort` to call back into the program).
    pub fn call_function(
        &mut self,
        f: FuncId,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) -> X<Option<u64>> {
        let depth = self.frames.len();
        let ret_slot = self.regs.len();
        // A scratch register in the caller's area receives the value.
        self.regs.push(None);
        if let Some(sy) = &mut self.sym {
            sy.regs.push(None);
            // Callbacks from library models get concrete arguments.
            sy.args.clear();
        }
        let saved_base = self.frames.last().map(|fr| fr.reg_base);
        let dst_reg = match saved_base {
            Some(b) => (ret_slot - b) as Reg,
            None => ret_slot as Reg,
        };
        let func = &self.prog.functions[f as usize];
        let want = func.ret.map(|s| (dst_reg, s));
        self.push_frame(f, args, want, 0, loc)?;
        if self.sym.is_some() {
            self.run_frames::<true>(depth)?;
        } else {
            self.run_frames::<false>(depth)?;
        }
        let v = if want.is_some() {
            self.regs[ret_slot]
        } else {
            None
        };
        self.regs.truncate(ret_slot);
        if let Some(sy) = &mut self.sym {
            sy.regs.truncate(ret_slot);
        }
        Ok(v)
    }

    fn push_frame(
        &mut self,
        f: FuncId,
        args: &[(u64, Scalar, Option<u32>)],
        ret_to: Option<(Reg, Scalar)>,
        sret: u64,
        loc: Loc,
    ) -> X<()> {
        let prog = self.prog;
        let func = &prog.functions[f as usize];
        if func.blocks.is_empty() {
            return Err(self.fault(
                FaultKind::BadCall,
                format!("call of `{}`, which has no body", func.name),
                loc,
            ));
        }
        self.stack_used += func.frame_bytes as u64;
        if self.stack_used > self.limits.stack_bytes {
            return Err(self.fault(
                FaultKind::StackOverflow,
                format!("stack overflow: {} nested calls (the native 8 MiB stack would be exhausted) entering `{}`", self.frames.len() + 1, func.name),
                loc,
            ));
        }
        let reg_base = self.regs.len();
        let local_base = self.locals.len();
        self.regs.resize(reg_base + func.regs.len(), None);
        if let Some(sy) = &mut self.sym {
            sy.regs.resize(reg_base + func.regs.len(), None);
        }
        self.locals.resize(local_base + func.locals.len(), 0);
        if args.len() < func.params.len() {
            return Err(self.fault(
                FaultKind::BadCall,
                format!(
                    "`{}` called with {} arguments but takes {}",
                    func.name,
                    args.len(),
                    func.params.len()
                ),
                loc,
            ));
        }
        self.frames.push(Frame {
            func: f,
            block: 0,
            idx: 0,
            reg_base,
            local_base,
            ret_to,
            call_loc: loc,
        });
        for (i, p) in func.params.iter().enumerate() {
            let (v, _, by_value) = args[i];
            match p {
                ParamKind::Reg(r, s) => {
                    self.regs[reg_base + *r as usize] = Some(s.canon(v));
                    if let Some(sy) = &mut self.sym {
                        let e = sy.args.get(i).copied().flatten();
                        sy.regs[reg_base + *r as usize] = e;
                    }
                }
                ParamKind::Mem {
                    local,
                    ty,
                    by_value_size,
                } => {
                    let info = &func.locals[*local as usize];
                    let ptr = self
                        .mem
                        .alloc(
                            info.size as usize,
                            AllocKind::Stack,
                            true,
                            &info.name,
                            info.loc,
                        )
                        .map_err(|e| self.stop_mem(e))?;
                    self.locals[local_base + *local as usize] = ptr;
                    match (by_value_size, by_value) {
                        (Some(n), _) => self
                            .mem
                            .copy(ptr, v, *n as usize)
                            .map_err(|e| self.stop_mem(e))?,
                        _ => {
                            let e = self.sym.as_mut().and_then(|sy| {
                                let e = sy.args.get(i).copied().flatten()?;
                                Some(sy.narrow(e, ty.bits()))
                            });
                            let r = match e {
                                Some(e) => self.mem.store_sym(ptr, ty.size(), v, e),
                                None => self.mem.store(ptr, ty.size(), v),
                            };
                            r.map_err(|e| self.stop_mem(e))?
                        }
                    }
                }
            }
        }
        if let Some(l) = func.va_area {
            self.fill_va_area(func, l, local_base, args, loc)?;
        }
        // The hidden return-buffer pointer of a struct-returning function is register 0.
        if func.sret_size.is_some() && !func.regs.is_empty() {
            self.regs[reg_base] = Some(sret);
        }
        Ok(())
    }

    /// Allocate a variadic function's argument area (its local `l`) and store the
    /// arguments past the named ones into it; freed with the frame. Each argument takes
    /// a 16-byte slot: its canonical 64-bit value, then its kind
    /// (`shims::vprintf::VA_INT` or `VA_DOUBLE`) for the `v*printf` models.
    fn fill_va_area(
        &mut self,
        func: &Function,
        l: LocalId,
        local_base: usize,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) -> X<()> {
        let extra = args.get(func.params.len()..).unwrap_or(&[]);
        if extra.iter().any(|a| a.2.is_some()) {
            return Err(self.fault(
                FaultKind::Unsupported,
                "unsupported: a struct passed by value to a variadic function".into(),
                loc,
            ));
        }
        let info = &func.locals[l as usize];
        let ptr = self
            .mem
            .alloc(
                extra.len() * 16,
                AllocKind::Stack,
                true,
                &info.name,
                info.loc,
            )
            .map_err(|e| self.stop_mem(e))?;
        self.locals[local_base + l as usize] = ptr;
        for (k, (v, s, _)) in extra.iter().enumerate() {
            let i = func.params.len() + k;
            let at = ptr.wrapping_add(16 * k as u64);
            let v = s.canon(*v);
            let kind = match s {
                Scalar::F64 | Scalar::F32 => shims::vprintf::VA_DOUBLE,
                _ => shims::vprintf::VA_INT,
            };
            self.mem
                .store(at.wrapping_add(8), 8, kind)
                .map_err(|e| self.stop_mem(e))?;
            let e = self
                .sym
                .as_ref()
                .and_then(|sy| sy.args.get(i).copied().flatten());
            let r = match e {
                Some(e) => self.mem.store_sym(at, 8, v, e),
                None => self.mem.store(at, 8, v),
            };
            r.map_err(|e| self.stop_mem(e))?;
        }
        Ok(())
    }

    fn pop_frame(
        &mut self,
        ret: Option<u64>,
        ret_sym: Option<crate::sym::ExprId>,
        loc: Loc,
    ) -> X<()> {
        let Some(fr) = self.frames.pop() else {
            return Ok(());
        };
        let func = &self.prog.functions[fr.func as usize];
        self.stack_used = self.stack_used.saturating_sub(func.frame_bytes as u64);
        for i in fr.local_base..self.locals.len() {
            let p = self.locals[i];
            if p != 0 {
                self.mem.release(p, loc);
            }
        }
        self.locals.truncate(fr.local_base);
        self.regs.truncate(fr.reg_base);
        if let Some(sy) = &mut self.sym {
            sy.regs.truncate(fr.reg_base);
        }
        if let Some((r, s)) = fr.ret_to {
            let caller_base = self.frames.last().map(|c| c.reg_base).unwrap_or(0);
            let i = caller_base + r as usize;
            if i < self.regs.len() {
                // Using the value of a function that fell off its end is undefined: the
                // caller's register is left unset and faults if it is read.
                self.regs[i] = ret.map(|v| s.canon(v));
                if let Some(sy) = &mut self.sym {
                    sy.regs[i] = ret_sym;
                }
            }
        }
        Ok(())
    }

    // ---- errors ----------------------------------------------------------------------

    pub fn fault(&self, kind: FaultKind, message: String, loc: Loc) -> Stop {
        Stop::Fault(Box::new(self.runtime_error(kind, message, loc, Vec::new())))
    }

    /// The call stack at `loc`, innermost first: (function, location).
    pub fn backtrace(&self, loc: Loc) -> Vec<(String, String)> {
        let mut stack = Vec::new();
        let mut at = loc;
        for fr in self.frames.iter().rev() {
            let name = self.prog.functions[fr.func as usize].name.clone();
            stack.push((name, self.prog.fmt_loc(at)));
            at = fr.call_loc;
        }
        stack
    }

    /// Write program output, remembering which statement produced it.
    pub fn output(&mut self, fd: usize, bytes: &[u8]) -> bool {
        let stream = match fd {
            STDOUT_FD
                if matches!(
                    self.io.files.get(fd).map(|f| &f.kind),
                    Some(super::io::FileKind::Stdout)
                ) =>
            {
                Some(0u8)
            }
            STDERR_FD => Some(1u8),
            _ => None,
        };
        let start = match stream {
            Some(0) => self.io.stdout.len(),
            Some(_) => self.io.stderr.len(),
            None => 0,
        };
        let ok = self.io.write(fd, bytes);
        if let (Some(stream), true, false) = (stream, ok, bytes.is_empty()) {
            let stack = self.backtrace(self.cur_loc);
            self.events.push(super::OutputEvent {
                stream,
                start,
                len: bytes.len(),
                loc: self.cur_loc,
                at: self.prog.fmt_loc(self.cur_loc),
                stack,
            });
        }
        ok
    }

    fn runtime_error(
        &self,
        kind: FaultKind,
        message: String,
        loc: Loc,
        notes: Vec<String>,
    ) -> RuntimeError {
        let stack = self.backtrace(loc);
        RuntimeError {
            kind,
            message,
            loc,
            at: self.prog.fmt_loc(loc),
            stack,
            notes,
        }
    }

    pub fn mem_error(&self, e: MemFault, loc: Loc) -> RuntimeError {
        let p = self.prog;
        let (kind, msg, notes) = match e {
            MemFault::Null => (FaultKind::NullDereference, "dereference of a null pointer".to_string(), vec![]),
            MemFault::Invalid(v) => (FaultKind::InvalidPointer, format!("dereference of an invalid pointer (0x{v:x})"), vec![]),
            MemFault::OutOfBounds { what, offset, size, len, site } => (
                FaultKind::OutOfBounds,
                format!("out-of-bounds access of {size} byte(s) at offset {offset} of {what}, which has {len} bytes"),
                if site == Loc::default() { vec![] } else { vec![format!("{what} was created at {}", p.fmt_loc(site))] },
            ),
            MemFault::UseAfterFree { what, kind, site, freed_at } => {
                let m = if kind == AllocKind::Stack {
                    format!("use of {what} after its function returned")
                } else {
                    format!("use after free of {what}")
                };
                let mut notes = vec![format!("allocated at {}", p.fmt_loc(site))];
                if let Some(f) = freed_at {
                    notes.push(format!("freed at {}", p.fmt_loc(f)));
                }
                (FaultKind::UseAfterFree, m, notes)
            }
            MemFault::Uninit { what, offset, site } => (
                FaultKind::UninitialisedRead,
                format!("read of uninitialised memory (byte {offset} of {what})"),
                vec![format!("{what} was created at {}", p.fmt_loc(site))],
            ),
            MemFault::ReadOnly { what } => (FaultKind::WriteToReadOnly, format!("write to {what}, which is read-only"), vec![]),
            MemFault::DoubleFree { site, freed_at } => {
                let mut notes = vec![format!("allocated at {}", p.fmt_loc(site))];
                if let Some(f) = freed_at {
                    notes.push(format!("first freed at {}", p.fmt_loc(f)));
                }
                (FaultKind::DoubleFree, "double free of a heap block".to_string(), notes)
            }
            MemFault::InvalidFree { what } => (FaultKind::InvalidFree, format!("free of {what}, which is not a heap block"), vec![]),
            MemFault::OutOfMemory => (FaultKind::OutOfMemory, "out of memory (more than 8 GiB of heap)".to_string(), vec![]),
        };
        self.runtime_error(kind, msg, loc, notes)
    }

    pub fn stop_mem(&self, e: MemFault) -> Stop {
        Stop::Fault(Box::new(self.mem_error(e, self.cur_loc)))
    }

    fn arith_error(&self, e: ArithError, loc: Loc) -> Stop {
        let kind = match e {
            ArithError::DivByZero => FaultKind::DivisionByZero,
            ArithError::DivOverflow => FaultKind::DivisionOverflow,
            ArithError::ShiftRange(_) => FaultKind::ShiftOutOfRange,
        };
        self.fault(kind, e.describe(), loc)
    }

    // ---- the loop --------------------------------------------------------------------

    #[inline(always)]
    fn op(&self, o: &Operand, rb: usize, loc: Loc, func: &Function) -> X<u64> {
        match o {
            Operand::Const(c) => Ok(*c),
            Operand::Reg(r) => {
                let i = rb + *r as usize;
                match self.regs[i] {
                    Some(v) => Ok(v),
                    None => Err(self.uninit_reg(func, *r, loc)),
                }
            }
        }
    }

    #[cold]
    fn uninit_reg(&self, func: &Function, r: Reg, loc: Loc) -> Stop {
        let what = match func.regs.get(r as usize).and_then(|ri| ri.name.clone()) {
            Some(n) => format!("read of uninitialised variable `{n}`"),
            None => "use of a value that was never set (a function that fell off its end without `return`?)".to_string(),
        };
        self.fault(FaultKind::UninitialisedRead, what, loc)
    }

    fn run_frames<const SYM: bool>(&mut self, stop_depth: usize) -> X<()> {
        let prog = self.prog;
        'frames: while self.frames.len() > stop_depth {
            let (fi, mut bi, mut start, rb, lb) = {
                let fr = self.frames.last().ok_or_else(|| {
                    self.fault(FaultKind::BadCall, "no frame".into(), Loc::default())
                })?;
                (fr.func, fr.block, fr.idx, fr.reg_base, fr.local_base)
            };
            let func = &prog.functions[fi as usize];
            // Within a frame, control moves from block to block here; the frame stack
            // is touched only on calls and returns.
            loop {
                let block = &func.blocks[bi as usize];
                let mut idx = start as usize;
                // Steps are counted per block entered (the rest of the block and its
                // terminator), not per statement: the limit only needs to stop runaways.
                self.steps += (block.stmts.len() - idx) as u64 + 1;
                if self.steps > self.limits.max_steps {
                    let loc = block
                        .stmts
                        .get(idx)
                        .map(|s| s.loc)
                        .unwrap_or(block.term_loc);
                    return Err(self.step_limit(loc));
                }
                while idx < block.stmts.len() {
                    let st = &block.stmts[idx];
                    idx += 1;
                    match &st.kind {
                        StmtKind::Assign(r, rv) => {
                            let v = self.rvalue(rv, rb, lb, st.loc, func)?;
                            let i = rb + *r as usize;
                            // The symbolic side reads the operands' concrete values too:
                            // before the destination (maybe an operand) is overwritten.
                            let e = if SYM {
                                self.sym_rvalue(rv, rb, st.loc)
                            } else {
                                None
                            };
                            self.regs[i] = Some(v);
                            if SYM {
                                if let Some(sy) = &mut self.sym {
                                    sy.regs[i] = e;
                                    if let (true, Some(e)) = (sy.check, e) {
                                        sy.verify(e, v, "register value", st.loc);
                                    }
                                }
                            }
                        }
                        StmtKind::Store { addr, val, ty } => {
                            let a = self.op(addr, rb, st.loc, func)?;
                            let v = self.op(val, rb, st.loc, func)?;
                            let r = if SYM {
                                self.sym_store(addr, val, *ty, a, v, rb, st.loc)
                            } else {
                                self.mem.store(a, ty.size(), v)
                            };
                            if let Err(e) = r {
                                return Err(Stop::Fault(Box::new(self.mem_error(e, st.loc))));
                            }
                        }
                        StmtKind::StoreIdx {
                            base,
                            index,
                            scale,
                            val,
                            ty,
                        } => {
                            let b = self.op(base, rb, st.loc, func)?;
                            let i = self.op(index, rb, st.loc, func)? as i64;
                            let a = b.wrapping_add(i.wrapping_mul(*scale) as u64);
                            let v = self.op(val, rb, st.loc, func)?;
                            let r = if SYM {
                                self.sym_store_idx(base, index, *scale, val, *ty, a, v, rb, st.loc)
                            } else {
                                self.mem.store(a, ty.size(), v)
                            };
                            if let Err(e) = r {
                                return Err(Stop::Fault(Box::new(self.mem_error(e, st.loc))));
                            }
                        }
                        StmtKind::Copy { dst, src, size } => {
                            let d = self.op(dst, rb, st.loc, func)?;
                            let s = self.op(src, rb, st.loc, func)?;
                            if let Err(e) = self.mem.copy(d, s, *size as usize) {
                                return Err(Stop::Fault(Box::new(self.mem_error(e, st.loc))));
                            }
                        }
                        StmtKind::Zero { dst, size } => {
                            let d = self.op(dst, rb, st.loc, func)?;
                            if let Err(e) = self.mem.fill(d, 0, *size as usize) {
                                return Err(Stop::Fault(Box::new(self.mem_error(e, st.loc))));
                            }
                        }
                        StmtKind::StorageLive(l) => {
                            let i = lb + *l as usize;
                            if self.locals[i] == 0 {
                                let info = &func.locals[*l as usize];
                                self.locals[i] = self
                                    .mem
                                    .alloc(
                                        info.size as usize,
                                        AllocKind::Stack,
                                        false,
                                        &info.name,
                                        info.loc,
                                    )
                                    .map_err(|e| {
                                        Stop::Fault(Box::new(self.mem_error(e, st.loc)))
                                    })?;
                            } else {
                                self.mem.mark_uninit(self.locals[i]);
                            }
                        }
                        StmtKind::Call {
                            dst,
                            callee,
                            args,
                            sret,
                        } => {
                            self.cur_loc = st.loc;
                            let mut vals = std::mem::take(&mut self.argbuf);
                            vals.clear();
                            for a in args {
                                vals.push((
                                    self.op(&a.val, rb, st.loc, func)?,
                                    a.ty,
                                    a.by_value_size,
                                ));
                            }
                            if SYM {
                                let syms: Vec<Option<crate::sym::ExprId>> =
                                    args.iter().map(|a| self.sym_op(&a.val, rb)).collect();
                                if let Some(sy) = &mut self.sym {
                                    sy.args = syms;
                                    sy.ret = None;
                                }
                            }
                            let sret_v = match sret {
                                Some(s) => self.op(s, rb, st.loc, func)?,
                                None => 0,
                            };
                            let target = match callee {
                                Callee::Func(f) => Ok(*f),
                                Callee::Builtin(b) => Err(*b),
                                Callee::Indirect(o) => {
                                    let p = self.op(o, rb, st.loc, func)?;
                                    self.decode_fn_ptr(p, st.loc)?
                                }
                            };
                            match target {
                                Ok(f) => {
                                    if let Some(fr) = self.frames.last_mut() {
                                        fr.block = bi;
                                        fr.idx = idx as u32;
                                    }
                                    let want = dst.map(|(r, s)| (r, s));
                                    let pushed = self.push_frame(f, &vals, want, sret_v, st.loc);
                                    self.argbuf = vals;
                                    pushed?;
                                    continue 'frames;
                                }
                                Err(b) => {
                                    if sret.is_some() {
                                        vals.insert(0, (sret_v, Scalar::Ptr, None));
                                        if let Some(sy) = &mut self.sym {
                                            sy.args.insert(0, None);
                                        }
                                    }
                                    let v = self.call_builtin(b, &vals, st.loc);
                                    self.argbuf = vals;
                                    let v = v?;
                                    if let Some((r, s)) = dst {
                                        let i = rb + *r as usize;
                                        self.regs[i] = Some(s.canon(v));
                                        if let Some(sy) = &mut self.sym {
                                            sy.regs[i] = sy.ret.take();
                                            if let (true, Some(e)) = (sy.check, sy.regs[i]) {
                                                sy.verify(e, s.canon(v), "library result", st.loc);
                                            }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
                // terminator
                let loc = block.term_loc;
                let next = match &block.term {
                    Terminator::Goto(b) => *b,
                    Terminator::Branch {
                        cond,
                        ty,
                        then_bb,
                        else_bb,
                    } => {
                        let c = self.op(cond, rb, loc, func)?;
                        let truth = if ty.is_float() {
                            arith::f64_of(*ty, c) != 0.0
                        } else {
                            c != 0
                        };
                        if SYM {
                            if let (Some(e), Some(sy)) = (self.sym_op(cond, rb), self.sym.as_mut())
                            {
                                let c = sy.truth(e, *ty, loc);
                                let dest = if truth { *then_bb } else { *else_bb };
                                record_two_way(
                                    sy,
                                    (fi, bi, block.stmts.len()),
                                    loc,
                                    truth,
                                    dest,
                                    c,
                                );
                            }
                        }
                        if truth {
                            *then_bb
                        } else {
                            *else_bb
                        }
                    }
                    Terminator::BranchCmp {
                        op,
                        ty,
                        a,
                        b,
                        then_bb,
                        else_bb,
                    } => {
                        let x = self.op(a, rb, loc, func)?;
                        let y = self.op(b, rb, loc, func)?;
                        // Comparisons cannot fail.
                        let truth = arith::binop(*op, *ty, x, y).unwrap_or(0) != 0;
                        if SYM {
                            let (ea, eb) = (self.sym_op(a, rb), self.sym_op(b, rb));
                            if let Some(sy) = self.sym.as_mut() {
                                let c = sy.compare(*op, *ty, ea, x, eb, y, loc);
                                let dest = if truth { *then_bb } else { *else_bb };
                                record_two_way(
                                    sy,
                                    (fi, bi, block.stmts.len()),
                                    loc,
                                    truth,
                                    dest,
                                    c,
                                );
                            }
                        }
                        if truth {
                            *then_bb
                        } else {
                            *else_bb
                        }
                    }
                    Terminator::Switch {
                        val,
                        ty,
                        cases,
                        default,
                    } => {
                        let v = ty.canon(self.op(val, rb, loc, func)?);
                        let hit = cases.iter().find(|(c, _)| *c == v);
                        if SYM {
                            if let (Some(e), Some(sy)) = (self.sym_op(val, rb), self.sym.as_mut()) {
                                let x = sy.narrow(e, ty.bits());
                                let bits = ty.bits();
                                let c = match hit {
                                    Some((c, _)) => {
                                        let k = sy.pool.constant(c & mask(bits), bits);
                                        sy.pool.eq(x, k)
                                    }
                                    // "some case matched", which did not hold: recorded negated
                                    None => {
                                        let mut acc = sy.pool.bool_const(false);
                                        for (c, _) in cases {
                                            let k = sy.pool.constant(c & mask(bits), bits);
                                            let eq = sy.pool.eq(x, k);
                                            acc = sy.pool.bool_or(acc, eq);
                                        }
                                        acc
                                    }
                                };
                                let dest = hit.map(|(_, b)| *b).unwrap_or(*default);
                                record_branch(
                                    sy,
                                    fi,
                                    bi,
                                    block.stmts.len(),
                                    loc,
                                    hit.is_some(),
                                    dest,
                                    c,
                                );
                            }
                        }
                        hit.map(|(_, b)| *b).unwrap_or(*default)
                    }
                    Terminator::Return(v) => {
                        let rv = match v {
                            Some(o) => Some(self.op(o, rb, loc, func)?),
                            None => None,
                        };
                        let rs = if SYM {
                            v.as_ref().and_then(|o| self.sym_op(o, rb))
                        } else {
                            None
                        };
                        self.pop_frame(rv, rs, loc)?;
                        continue 'frames;
                    }
                    Terminator::Unreachable => {
                        return Err(self.fault(
                            FaultKind::BadCall,
                            "reached code the front end marked unreachable".into(),
                            loc,
                        ));
                    }
                };
                bi = next;
                start = 0;
            }
        }
        Ok(())
    }

    /// The expression of an operand (64-bit register form), if symbolic.
    #[inline(always)]
    fn sym_op(&self, o: &Operand, rb: usize) -> Option<crate::sym::ExprId> {
        match (o, &self.sym) {
            (Operand::Reg(r), Some(sy)) => sy.regs.get(rb + *r as usize).copied().flatten(),
            _ => None,
        }
    }

    /// The symbolic value of an rvalue whose concrete value was just computed.
    fn sym_rvalue(&mut self, rv: &Rvalue, rb: usize, loc: Loc) -> Option<crate::sym::ExprId> {
        let cval = |m: &Self, o: &Operand| -> u64 {
            match o {
                Operand::Const(c) => *c,
                Operand::Reg(r) => m.regs[rb + *r as usize].unwrap_or(0),
            }
        };
        match rv {
            Rvalue::Use(o) => self.sym_op(o, rb),
            Rvalue::Load(a, s) => {
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

    /// `StoreIdx` in a concolic run: an input-dependent index is concretised.
    #[allow(clippy::too_many_arguments)]
    fn sym_store_idx(
        &mut self,
        base: &Operand,
        index: &Operand,
        _scale: i64,
        val: &Operand,
        ty: Scalar,
        a: u64,
        v: u64,
        rb: usize,
        loc: Loc,
    ) -> Result<(), MemFault> {
        if self.sym_op(base, rb).is_some() || self.sym_op(index, rb).is_some() {
            if let Some(sy) = self.sym.as_mut() {
                sy.concretise(loc, "store through an input-dependent address");
            }
        }
        self.sym_store(&Operand::Const(a), val, ty, a, v, rb, loc)
    }

    /// A store in a concolic run: the value's expression goes to the shadow.
    #[allow(clippy::too_many_arguments)]
    fn sym_store(
        &mut self,
        addr: &Operand,
        val: &Operand,
        ty: Scalar,
        a: u64,
        v: u64,
        rb: usize,
        loc: Loc,
    ) -> Result<(), MemFault> {
        let ea = self.sym_op(addr, rb);
        let ev = self.sym_op(val, rb);
        let Some(sy) = self.sym.as_mut() else {
            return self.mem.store(a, ty.size(), v);
        };
        if ea.is_some() {
            sy.concretise(loc, "store through an input-dependent address");
        }
        match ev {
            Some(e) if !ty.is_float() => {
                let n = sy.narrow(e, ty.bits());
                self.mem.store_sym(a, ty.size(), v, n)
            }
            _ => self.mem.store(a, ty.size(), v),
        }
    }

    #[cold]
    fn step_limit(&self, loc: Loc) -> Stop {
        self.fault(
            FaultKind::StepLimit,
            format!(
                "step limit of {} statements reached (an endless loop? raise it with --max-steps)",
                self.limits.max_steps
            ),
            loc,
        )
    }

    fn decode_fn_ptr(&self, p: u64, loc: Loc) -> X<Result<FuncId, u32>> {
        let slot = memory::slot_of(p) as u64;
        let off = memory::off_of(p);
        if p == 0 {
            return Err(self.fault(
                FaultKind::NullDereference,
                "call through a null function pointer".into(),
                loc,
            ));
        }
        if slot == FUNC_SLOT && off >= 0 && (off as usize) < self.prog.functions.len() {
            return Ok(Ok(off as FuncId));
        }
        if slot == BUILTIN_SLOT && off >= 0 && (off as usize) < self.prog.builtins.len() {
            return Ok(Err(off as u32));
        }
        Err(self.fault(
            FaultKind::InvalidPointer,
            format!("call through a pointer that is not a function (0x{p:x})"),
            loc,
        ))
    }

    /// Call a function pointer value from a shim (qsort, bsearch comparators).
    pub fn call_pointer(
        &mut self,
        p: u64,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) -> X<u64> {
        match self.decode_fn_ptr(p, loc)? {
            Ok(f) => Ok(self.call_function(f, args, loc)?.unwrap_or(0)),
            Err(b) => self.call_builtin(b, args, loc),
        }
    }

    fn call_builtin(&mut self, b: u32, args: &[(u64, Scalar, Option<u32>)], loc: Loc) -> X<u64> {
        self.cur_loc = loc;
        let Some(Some(shim)) = self.shims.get(b as usize).copied() else {
            let name = self
                .prog
                .builtins
                .get(b as usize)
                .cloned()
                .unwrap_or_default();
            return Err(self.fault(
                FaultKind::Unsupported,
                format!("library function `{name}` has no model"),
                loc,
            ));
        };
        let r = shims::call(self, shim, args, loc);
        if self.sym.is_some() && r.is_ok() {
            self.note_lost_precision(shim, args, loc);
        }
        r
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

    #[inline(always)]
    fn rvalue(&mut self, rv: &Rvalue, rb: usize, lb: usize, loc: Loc, func: &Function) -> X<u64> {
        Ok(match rv {
            Rvalue::Use(o) => self.op(o, rb, loc, func)?,
            Rvalue::Load(a, s) => {
                let p = self.op(a, rb, loc, func)?;
                match self.mem.load(p, s.size()) {
                    Ok(v) => s.canon(v),
                    Err(e) => return Err(Stop::Fault(Box::new(self.mem_error(e, loc)))),
                }
            }
            Rvalue::LoadIdx {
                base,
                index,
                scale,
                ty,
            } => {
                let b = self.op(base, rb, loc, func)?;
                let i = self.op(index, rb, loc, func)? as i64;
                let p = b.wrapping_add(i.wrapping_mul(*scale) as u64);
                match self.mem.load(p, ty.size()) {
                    Ok(v) => ty.canon(v),
                    Err(e) => return Err(Stop::Fault(Box::new(self.mem_error(e, loc)))),
                }
            }
            Rvalue::Bin(op, s, a, b) => {
                let x = self.op(a, rb, loc, func)?;
                let y = self.op(b, rb, loc, func)?;
                match arith::binop(*op, *s, x, y) {
                    Ok(v) => v,
                    Err(e) => return Err(self.arith_error(e, loc)),
                }
            }
            Rvalue::Un(op, s, a) => arith::unop(*op, *s, self.op(a, rb, loc, func)?),
            Rvalue::Cast { from, to, val } => arith::cast(*from, *to, self.op(val, rb, loc, func)?),
            Rvalue::PtrAdd { base, index, scale } => {
                let b = self.op(base, rb, loc, func)?;
                let i = self.op(index, rb, loc, func)? as i64;
                b.wrapping_add(i.wrapping_mul(*scale) as u64)
            }
            Rvalue::PtrDiff { a, b, scale } => {
                let x = self.op(a, rb, loc, func)?;
                let y = self.op(b, rb, loc, func)?;
                ((x.wrapping_sub(y) as i64) / *scale) as u64
            }
            Rvalue::AddrLocal(l) => {
                let i = lb + *l as usize;
                if self.locals[i] == 0 {
                    // A jump past the declaration: the object exists for the whole block.
                    let info = &func.locals[*l as usize];
                    self.locals[i] = self
                        .mem
                        .alloc(
                            info.size as usize,
                            AllocKind::Stack,
                            false,
                            &info.name,
                            info.loc,
                        )
                        .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))?;
                }
                self.locals[i]
            }
            Rvalue::AddrGlobal(g) => self.global_ptrs[*g as usize],
            Rvalue::AddrFunc(f) => memory::make_ptr(FUNC_SLOT as usize, 0, *f),
            Rvalue::AddrBuiltin(b) => memory::make_ptr(BUILTIN_SLOT as usize, 0, *b),
        })
    }

    /// The `FILE *` value for an io index.
    pub fn file_ptr(&mut self, fd: usize) -> X<u64> {
        while self.file_ptrs.len() <= fd {
            let p = self
                .mem
                .alloc(1, AllocKind::Runtime, true, "FILE", Loc::default())
                .map_err(|e| self.stop_mem(e))?;
            self.file_of_ptr.insert(p, self.file_ptrs.len());
            self.file_ptrs.push(p);
        }
        Ok(self.file_ptrs[fd])
    }

    pub fn fd_of(&self, p: u64, loc: Loc) -> X<usize> {
        match self.file_of_ptr.get(&p) {
            Some(fd) => Ok(*fd),
            None if p == 0 => Err(self.fault(
                FaultKind::NullDereference,
                "null FILE pointer passed to a stdio function".into(),
                loc,
            )),
            None => Err(self.fault(
                FaultKind::InvalidPointer,
                "pointer passed as a FILE * is not an open stream".into(),
                loc,
            )),
        }
    }
}

fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1u64 << bits) - 1
    }
}

/// Record an if/else branch at terminator `at` = (function, block, index) when its
/// condition `c` is input-dependent.
fn record_two_way(
    sy: &mut SymState,
    at: (FuncId, BlockId, usize),
    loc: Loc,
    truth: bool,
    dest: BlockId,
    c: Option<crate::sym::ExprId>,
) {
    if let Some(c) = c {
        record_branch(sy, at.0, at.1, at.2, loc, truth, dest, c);
    }
}

/// Record a branch instance on an input-dependent condition `c` (which holds when the
/// "then" side is taken; for a switch, when a case matched).
#[allow(clippy::too_many_arguments)]
fn record_branch(
    sy: &mut SymState,
    func: FuncId,
    block: BlockId,
    index: usize,
    loc: Loc,
    taken: bool,
    dest: BlockId,
    c: crate::sym::ExprId,
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
        stmt: StmtId {
            func,
            block,
            index: index as u32,
        },
        loc,
        taken,
        cond,
        dest,
        concretised_before,
        entry: super::trace::NONE,
    });
}
