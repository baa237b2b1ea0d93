//! The interpreter loop. Frames keep registers in one shared stack (`regs`) and the
//! pointers to their addressable locals in another (`locals`); statements are executed
//! block by block with no name lookup or allocation per step.

use std::collections::HashMap;

use super::hooks::{AddrOps, Observer, Taken, Whole};
use super::io::{Io, STDERR_FD, STDIN_FD, STDOUT_FD};
use super::memory::{self, AllocKind, MemFault, Memory, BUILTIN_SLOT, FUNC_SLOT};
use super::shims::{self, Shim};
use super::{
    FaultKind, Frame as StackFrame, Limits, Note, Outcome, RunInput, RunResult, RuntimeError,
};
use crate::ir::arith::{self, ArithError};
use crate::ir::fast::{Canon, Fast, FastFunc, Jump, Slot, WINDOW};
use crate::ir::*;

/// The registers of all frames, flat: each slot's value, and whether it may be read
/// (set, or a register of a plain run's frame that no read can find unset, see
/// `FastFunc::ready`). A read of a slot not readable is an uninitialised read. The
/// slots in use are those below `top`; the vectors keep their high-water length, so
/// that a call's window is opened without growing them (values of slots above `top`
/// are stale, and a new window's registers are not readable until set). Once a window
/// is open, `val` holds at least `WINDOW` values past `top`, so that decoded code sees
/// the frame on top's window as an array any `Slot` indexes (`window`).
#[derive(Default)]
pub(super) struct Regs {
    pub(super) val: Vec<u64>,
    ready: Vec<bool>,
    top: usize,
}

impl Regs {
    fn with_capacity(n: usize) -> Regs {
        Regs {
            val: Vec::with_capacity(n),
            ready: Vec::with_capacity(n),
            top: 0,
        }
    }

    /// The slots in use (the next window's base).
    pub(super) fn len(&self) -> usize {
        self.top
    }

    /// Slot `i`'s value if it may be read (None past the end, as for one never set).
    #[inline(always)]
    pub(super) fn get(&self, i: usize) -> Option<u64> {
        match self.ready.get(i) {
            Some(true) if i < self.top => self.val.get(i).copied(),
            _ => None,
        }
    }

    /// Set slot `i` (in range).
    #[inline(always)]
    fn set(&mut self, i: usize, v: u64) {
        self.val[i] = v;
        self.ready[i] = true;
    }

    /// Set slot `i` to `v`, or leave it unset (`None`), when it is in range.
    fn put(&mut self, i: usize, v: Option<u64>) {
        if i < self.top {
            self.val[i] = v.unwrap_or(0);
            self.ready[i] = v.is_some();
        }
    }

    #[inline(always)]
    fn truncate(&mut self, n: usize) {
        self.top = self.top.min(n);
    }

    /// Room for `n` slots; both vectors keep the same length, so that one comparison
    /// says a window fits.
    #[cold]
    #[inline(never)]
    fn grow(&mut self, n: usize) {
        self.val.resize(n, 0);
        self.ready.resize(n, false);
    }

    /// A new frame's window: `n` registers, then its constants. A plain run's frame
    /// (`unset`: `FastFunc::unset`) clears the readable flags of the registers some read
    /// may find unset and no other: the others are readable whatever their flag says
    /// (`Machine::uninit_reg`), so a call writes no flag for them. Otherwise no
    /// register is readable until set.
    #[inline(always)]
    fn open(&mut self, n: usize, consts: &[u64], unset: Option<&[u32]>) {
        let base = self.top;
        let end = base + n + consts.len();
        if self.val.len() < end + WINDOW {
            self.grow(end + WINDOW);
        }
        let to = &mut self.val[base + n..end];
        if consts.len() <= 4 {
            // A few constants (the common case) cost less than a call of memcpy.
            for (d, c) in to.iter_mut().zip(consts) {
                *d = *c;
            }
        } else {
            to.copy_from_slice(consts);
        }
        match unset {
            Some(u) => {
                for &r in u {
                    if let Some(f) = self.ready.get_mut(base + r as usize) {
                        *f = false;
                    }
                }
            }
            None => {
                self.ready[base..base + n].fill(false);
                self.ready[base + n..end].fill(true);
            }
        }
        self.top = end;
    }
}

/// The register window of the frame whose registers start at `base`, as an array that
/// any [`Slot`] indexes without a bounds check; None before `Regs::open` made room (it
/// keeps `WINDOW` values past the slots in use, so never for a frame of the stack).
#[inline(always)]
fn window(val: &mut [u64], base: usize) -> Option<&mut [u64; WINDOW]> {
    val.get_mut(base..)?.first_chunk_mut::<WINDOW>()
}

/// A decoded call that takes the short way (`Machine::short_call`): its site, the
/// callee's code and entry, and the argument moves.
type Short<'f> = (
    &'f crate::ir::fast::CallSite,
    &'f FastFunc,
    &'f crate::ir::fast::Entry,
    &'f [(Slot, Slot, Canon)],
);

pub(super) struct Frame {
    pub(super) func: FuncId,
    block: BlockId,
    /// Next statement to execute in `block`.
    idx: u32,
    pub(super) reg_base: usize,
    pub(super) local_base: usize,
    /// Where the caller wants the returned value, and its kind's canonical form.
    ret_to: Option<(Reg, Canon)>,
    call_loc: Loc,
    /// Unique for the whole run: names this activation's registers in the trace.
    pub(super) serial: u32,
    /// Where the caller resumes in decoded code when this frame returns, for a frame
    /// that decoded code entered (`CallSite::resume`); else `NO_RESUME`, and the
    /// caller's block and statement say.
    resume: Jump,
}

/// `Frame::resume` of a frame that decoded code did not enter.
const NO_RESUME: Jump = Jump {
    pc: u32::MAX,
    steps: 0,
};

/// Why execution stopped early. Kept pointer-sized: it is the error type of every
/// step of the hot loop.
pub enum Stop {
    Fault(Box<RuntimeError>),
    /// `exit(n)`
    Exit(i32),
    /// Killed by a signal (`abort()`: 6).
    Signal(i32),
    /// `longjmp`: unwind to the frame of a `setjmp` and resume after it (handled by the
    /// statement loop that runs that frame).
    Jump(Box<JumpTo>),
}

/// Where a `longjmp` resumes: the frame (index in the frame stack, checked by its
/// serial) and the statement after the `setjmp` call, which then yields `val`.
pub struct JumpTo {
    frame: usize,
    block: BlockId,
    idx: u32,
    val: u64,
}

/// What `setjmp` writes into the `jmp_buf` (5 of glibc's 8 register words): a tag,
/// then the frame's serial and index and the position after the call. The tag tells a
/// filled buffer from one `setjmp` never saw.
const JMP_TAG: u64 = 0x7265_6763_6a6d_7042;

pub type X<T> = Result<T, Stop>;

/// A run of a program, observed by `O` (see `hooks`; `()`: a plain run).
pub struct Machine<'p, O: Observer = ()> {
    pub prog: &'p Program,
    pub mem: Memory<O::Extra>,
    /// Registers of all frames (reads of unwritten variables are uninitialised reads).
    pub(super) regs: Regs,
    pub(super) locals: Vec<u64>,
    pub(super) frames: Vec<Frame>,
    frame_serial: u32,
    pub io: Io,
    pub steps: u64,
    limits: Limits,
    /// What the statement loop compares `steps` against: the next point where the
    /// limits are looked at (the step limit, the next memory check), or zero once the
    /// output limit is passed, so those checks cost the loop one comparison.
    step_cap: u64,
    /// Where the output limit was passed.
    output_over_at: Option<Loc>,
    /// Why an observer asked the run to stop ([`Machine::ask_stop`]).
    stop_asked: Option<String>,
    /// Native stack bytes of the frames (`frame_bytes`), for the stack-overflow check.
    stack_used: u64,
    /// Live variable-length arrays, innermost frame last: (frame depth, frame serial,
    /// local slot, bytes), and their total, which the check at each VLA declaration
    /// adds to `stack_used`. Records of frames that have returned are dropped at the
    /// next declaration (they are always on top then), so calls and returns pay
    /// nothing for them.
    vlas: Vec<(usize, u32, usize, u64)>,
    vla_bytes: u64,
    pub(in crate::exec) global_ptrs: Vec<u64>,
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
    /// The observer's state (the concolic state, the trace recorder, both, or nothing).
    pub obs: O,
    /// Undefined behaviour the run continued past (see `Limits::strict`).
    warnings: std::cell::RefCell<Vec<RuntimeError>>,
    /// The functions' decoded statements (see `ir::fast`), for plain runs only:
    /// observed runs execute the statements themselves, where the hooks are.
    fast: std::sync::Arc<[FastFunc]>,
}

/// Statements between two looks at the memory ceiling: a traced run records about a
/// hundred bytes per statement, so it passes the ceiling by a few MiB at most.
const MEMORY_CHECK_STEPS: u64 = 1 << 14;

/// The text of an `out-of-memory` fault: the ceiling and how to change it.
pub(super) fn memory_ceiling_message(ceiling: u64) -> String {
    format!(
        "memory ceiling of {} MiB reached (the program's memory, the trace and the analysis together; the ceiling is set with --max-memory)",
        ceiling >> 20
    )
}

/// At most this many distinct warnings are kept per run.
const MAX_WARNINGS: usize = 100;

impl<'p, O: Observer> Machine<'p, O> {
    /// A machine with its globals set up, observed by `obs` from the first statement on.
    pub fn new(prog: &'p Program, input: &RunInput, limits: Limits, obs: O) -> Machine<'p, O> {
        let mut m = Machine {
            prog,
            mem: Memory::new(),
            regs: Regs::with_capacity(1 << 12),
            locals: Vec::with_capacity(1 << 10),
            frames: Vec::with_capacity(64),
            frame_serial: 0,
            io: Io::new(input.stdin.clone(), input.cwd.clone(), input.root.clone()),
            steps: 0,
            limits,
            step_cap: limits.max_steps.min(MEMORY_CHECK_STEPS),
            output_over_at: None,
            stop_asked: None,
            stack_used: 0,
            vlas: Vec::new(),
            vla_bytes: 0,
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
            obs,
            warnings: Default::default(),
            fast: if O::ON || O::WATCH {
                std::sync::Arc::from(Vec::new())
            } else {
                crate::ir::fast::decode_all(&prog.functions).into()
            },
        };
        m.mem.set_lenient(!limits.strict);
        m.mem.ceiling = limits.max_memory;
        m.libc.argv = if input.argv.is_empty() {
            vec![b"a.out".to_vec()]
        } else {
            input.argv.clone()
        };
        for (name, value) in &input.env {
            shims::set_env_var(&mut m.libc.env, name.clone(), value.clone(), true);
        }
        for (rel, bytes) in &input.files {
            m.io.set_tree_file(rel, bytes.clone());
        }
        if let Err(e) = m.setup_globals(&input.literals) {
            m.setup_error = Some(m.mem_error(e, Loc::default()));
        }
        m
    }

    pub fn argv0(&self) -> &[u8] {
        &self.argv0
    }

    /// Allocate and initialise the globals; the test's literals named in `literals` get
    /// their new values.
    fn setup_globals(&mut self, literals: &[(String, Vec<u8>)]) -> Result<(), MemFault> {
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
        for (name, bytes) in literals {
            if let Some(l) = self.prog.literals.iter().find(|l| &l.name == name) {
                let g = &self.prog.globals[l.global.index()];
                let n = bytes.len().min(g.size as usize);
                self.mem
                    .write_bytes(self.global_ptrs[l.global.index()], &bytes[..n])?;
            }
        }
        for (i, g) in self.prog.globals.iter().enumerate() {
            let base = self.global_ptrs[i];
            for r in &g.relocs {
                let target = match r.target {
                    RelocTarget::Global(t) => self.global_ptrs[t.index()],
                    RelocTarget::Func(f) => memory::make_ptr(FUNC_SLOT as usize, 0, f.raw()),
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
                // Every jump is taken by the loop of the frame it targets, or refused.
                Err(Stop::Jump(_)) => Outcome::Fault(self.runtime_error(
                    FaultKind::BadCall,
                    "longjmp escaped every frame".into(),
                    self.cur_loc,
                    Vec::new(),
                )),
            },
        };
        if matches!(outcome, Outcome::Signal(_)) {
            self.io.drop_unflushed();
        }
        O::finished(self, Whole);
        RunResult {
            stdout: std::mem::take(&mut self.io.stdout),
            stderr: std::mem::take(&mut self.io.stderr),
            outcome,
            steps: self.steps,
            events: std::mem::take(&mut self.events),
            warnings: self.warnings.take(),
            notes: self.fixed_value_notes(),
            files: self.io.written_files(),
        }
    }

    /// One note per kind of fixed value the run read, at its first call site and
    /// counting the others (a test timing each of its 20 cases reads `clock()` at 20).
    fn fixed_value_notes(&self) -> Vec<String> {
        let mut kinds: Vec<(&str, Loc, usize)> = Vec::new();
        for (loc, what) in &self.libc.nondeterministic {
            match kinds.iter_mut().find(|k| k.0 == what) {
                Some(k) => k.2 += 1,
                None => kinds.push((what, *loc, 0)),
            }
        }
        kinds
            .into_iter()
            .map(|(what, loc, others)| {
                let at = self.prog.fmt_loc(loc);
                match others {
                    0 => format!("{what} at {at}"),
                    1 => format!("{what} at {at} and 1 other place"),
                    n => format!("{what} at {at} and {n} other places"),
                }
            })
            .collect()
    }

    fn start_main(&mut self) -> X<i32> {
        let main = self.prog.main;
        let mut args = Vec::new();
        if self.prog.main_takes_args {
            let argv: Vec<Vec<u8>> = self.argv_strings();
            let n = argv.len();
            let arr = self.string_array(&argv, "argv")?;
            O::main_args(self, Whole, arr, n);
            args.push((n as u64, Scalar::I32, None));
            args.push((arr, Scalar::Ptr, None));
            // `main(argc, argv, envp)`: the run's environment, exactly (never the host's).
            if self.prog.functions[main.index()].params.len() >= 3 {
                let env = shims::env_strings(self);
                let envp = self.string_array(&env, "envp")?;
                shims::mark_env_array(self, envp, Loc::default())?;
                args.push((envp, Scalar::Ptr, None));
            }
        }
        let v = self.call_function(main, &args, Loc::default())?;
        // Returning from main is exit(): atexit handlers run first.
        shims::run_atexit(self, self.cur_loc)?;
        Ok((v.unwrap_or(0) as i32) & 0xff)
    }

    /// A null-terminated array of C strings the runtime owns (`argv`, `envp`).
    pub(crate) fn string_array(&mut self, strings: &[Vec<u8>], name: &str) -> X<u64> {
        let n = strings.len();
        let arr = self
            .mem
            .alloc((n + 1) * 8, AllocKind::Runtime, true, name, Loc::default())
            .map_err(|e| self.stop_mem(e))?;
        for (i, a) in strings.iter().enumerate() {
            let mut bytes = a.clone();
            bytes.push(0);
            let p = self
                .mem
                .alloc(
                    bytes.len(),
                    AllocKind::Runtime,
                    true,
                    &format!("{name}[{i}]"),
                    Loc::default(),
                )
                .map_err(|e| self.stop_mem(e))?;
            self.mem
                .write_bytes(p, &bytes)
                .map_err(|e| self.stop_mem(e))?;
            self.mem
                .store(arr + 8 * i as u64, 8, p)
                .map_err(|e| self.stop_mem(e))?;
        }
        Ok(arr)
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
        self.regs.open(1, &[], None);
        O::callback(self, Whole);
        let saved_base = self.frames.last().map(|fr| fr.reg_base);
        let dst_reg = match saved_base {
            Some(b) => Reg::from_index(ret_slot - b),
            None => Reg::from_index(ret_slot),
        };
        let func = &self.prog.functions[f.index()];
        let want = func.ret.map(|s| (dst_reg, s));
        self.push_frame(f, args, want, 0, loc)?;
        self.run_frames(depth)?;
        let v = if want.is_some() {
            self.regs.get(ret_slot)
        } else {
            None
        };
        self.regs.truncate(ret_slot);
        O::callback_returned(self, Whole, ret_slot);
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
        let func = &prog.functions[f.index()];
        if func.blocks.is_empty() {
            return Err(self.no_body(&func.name, loc));
        }
        self.stack_used += func.frame_bytes as u64;
        if self.stack_used > self.limits.stack_bytes {
            // `main` is entered from nowhere: blame its definition.
            let loc = if loc == Loc::default() { func.loc } else { loc };
            return Err(self.fault(
                FaultKind::StackOverflow,
                format!("stack overflow: {} nested calls (the native 8 MiB stack would be exhausted) entering `{}`", self.frames.len() + 1, func.name),
                loc,
            ));
        }
        let reg_base = self.regs.len();
        let local_base = self.locals.len();
        // A plain run's frame starts with its decoded code's constants (see `ir::fast`).
        match self.fast.get(f.index()) {
            Some(ff) => self.regs.open(func.regs.len(), &ff.consts, Some(&ff.unset)),
            None => self.regs.open(func.regs.len(), &[], None),
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
            block: BlockId::new(0),
            idx: 0,
            reg_base,
            local_base,
            ret_to: ret_to.map(|(r, s)| (r, Canon::of(s))),
            call_loc: loc,
            serial: self.frame_serial,
            resume: NO_RESUME,
        });
        self.frame_serial += 1;
        for (i, p) in func.params.iter().enumerate() {
            let (v, _, by_value) = args[i];
            match p {
                ParamKind::Reg(r, s) => {
                    self.regs.set(reg_base + r.index(), s.canon(v));
                }
                ParamKind::Mem {
                    local,
                    ty,
                    by_value_size,
                } => {
                    let i = local_base + local.index();
                    let ptr = self.alloc_local(func, i, *local, true, self.cur_loc)?;
                    match (by_value_size, by_value) {
                        (Some(n), _) => self
                            .mem
                            .copy(ptr, v, *n as usize)
                            .map_err(|e| self.stop_mem(e))?,
                        _ => self
                            .mem
                            .store(ptr, ty.size(), v)
                            .map_err(|e| self.stop_mem(e))?,
                    }
                }
            }
        }
        if let Some(l) = func.va_area {
            self.fill_va_area(func, l, local_base, args, loc)?;
        }
        // The hidden return-buffer pointer of a struct-returning function is register 0.
        if func.sret_size.is_some() && !func.regs.is_empty() {
            self.regs.set(reg_base, sret);
        }
        O::frame_pushed(self, Whole);
        Ok(())
    }

    /// Allocate a variadic function's argument area (its local `l`) and store the
    /// arguments past the named ones into it; freed with the frame. Each argument takes
    /// a 16-byte slot: its canonical 64-bit value, then its kind
    /// (`shims::vprintf::va_tag`) for the `v*printf` models. A `long double` takes two
    /// slots: the first holds only its tag, the second its 16 bytes.
    fn fill_va_area(
        &mut self,
        func: &Function,
        l: LocalId,
        local_base: usize,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) -> X<()> {
        let extra = args.get(func.params.len()..).unwrap_or(&[]);
        let is_ld = |a: &(u64, Scalar, Option<u32>)| CallArg::is_long_double(a.1, a.2);
        if extra.iter().any(|a| a.2.is_some() && !is_ld(a)) {
            return Err(self.fault(
                FaultKind::Unsupported,
                "a struct passed by value to a variadic function".into(),
                loc,
            ));
        }
        let slots: usize = extra.iter().map(|a| if is_ld(a) { 2 } else { 1 }).sum();
        let info = &func.locals[l.index()];
        let ptr = self
            .mem
            .alloc(slots * 16, AllocKind::Stack, true, &info.name, info.loc)
            .map_err(|e| self.stop_mem(e))?;
        self.locals[local_base + l.index()] = ptr;
        let mut at = ptr;
        for (k, a @ (v, s, _)) in extra.iter().enumerate() {
            let i = func.params.len() + k;
            if is_ld(a) {
                let tag = shims::vprintf::VA_LONG_DOUBLE;
                let r = self.mem.store(at, 8, 0).and_then(|()| {
                    self.mem.store(at.wrapping_add(8), 8, tag)?;
                    self.mem.copy(at.wrapping_add(16), *v, 16)
                });
                r.map_err(|e| self.stop_mem(e))?;
                at = at.wrapping_add(32);
                continue;
            }
            let v = s.canon(*v);
            let kind = shims::vprintf::va_tag(*s);
            self.mem
                .store(at.wrapping_add(8), 8, kind)
                .map_err(|e| self.stop_mem(e))?;
            let r = self.mem.store(at, 8, v);
            let r = r.and_then(|()| O::vararg_stored(self, Whole, i, at));
            r.map_err(|e| self.stop_mem(e))?;
            at = at.wrapping_add(16);
        }
        Ok(())
    }

    /// A popped frame's stack bytes and locals end (its registers are the caller's
    /// business).
    #[inline(always)]
    fn release_frame(&mut self, fr: &Frame, loc: Loc) {
        let func = &self.prog.functions[fr.func.index()];
        self.stack_used = self.stack_used.saturating_sub(func.frame_bytes as u64);
        self.release_locals(fr.local_base, loc);
    }

    /// The storage of the locals from `base` on ends (a frame's, when it is popped).
    fn release_locals(&mut self, base: usize, loc: Loc) {
        for i in base..self.locals.len() {
            let p = self.locals[i];
            if p != 0 {
                self.mem.release(p, loc);
            }
        }
        self.locals.truncate(base);
    }

    fn pop_frame(&mut self, ret: Option<u64>, loc: Loc) -> X<()> {
        let Some(fr) = self.frames.pop() else {
            return Ok(());
        };
        self.release_frame(&fr, loc);
        self.regs.truncate(fr.reg_base);
        if fr.resume != NO_RESUME {
            // Entered by decoded code (`enter_decoded`), which left the caller's position
            // in `resume` only.
            let fast = &self.fast;
            if let Some(c) = self.frames.last_mut() {
                if let Some(ff) = fast.get(c.func.index()) {
                    let (b, idx) = ff.position(fr.resume.pc as usize);
                    c.block = b;
                    c.idx = idx as u32;
                }
            }
        }
        let mut dst = None;
        if let Some((r, s)) = fr.ret_to {
            let caller_base = self.frames.last().map(|c| c.reg_base).unwrap_or(0);
            let i = caller_base + r.index();
            if i < self.regs.len() {
                // Using the value of a function that fell off its end is undefined: the
                // caller's register is left unset and faults if it is read.
                self.regs.put(i, ret.map(|v| s.apply(v)));
                dst = Some(i);
            }
        }
        O::frame_popped(self, Whole, fr.reg_base, dst);
        Ok(())
    }

    // ---- setjmp / longjmp ------------------------------------------------------------

    /// `setjmp(env)` (and `sigsetjmp`, whose signal mask is not modelled): remember the
    /// calling frame and the statement after the call in `env`; returns 0.
    pub(super) fn set_jump(&mut self, env: u64) -> X<u64> {
        let Some(fi) = self.frames.len().checked_sub(1) else {
            return Ok(0);
        };
        let fr = &self.frames[fi];
        let words = [
            JMP_TAG,
            u64::from(fr.serial),
            fi as u64,
            u64::from(fr.block.raw()),
            u64::from(fr.idx),
        ];
        for (k, w) in words.iter().enumerate() {
            if let Err(e) = self.mem.store(env.wrapping_add(8 * k as u64), 8, *w) {
                return Err(self.stop_mem(e));
            }
        }
        Ok(0)
    }

    /// `longjmp(env, val)`: the jump to take, checked against the live frames. A jump to
    /// a frame that has returned is undefined behaviour (natively it resumes on a stack
    /// that other calls have reused), so it stops the run here.
    pub(super) fn jump_target(&self, env: u64, val: u64, loc: Loc) -> Stop {
        let mut w = [0u64; 5];
        for (k, v) in w.iter_mut().enumerate() {
            match self.mem.load(env.wrapping_add(8 * k as u64), 8) {
                Ok(x) => *v = x,
                Err(e) => return self.stop_mem(e),
            }
        }
        if w[0] != JMP_TAG {
            return self.fault(
                FaultKind::UndefinedBehaviour,
                "longjmp with a jmp_buf that setjmp did not fill".into(),
                loc,
            );
        }
        let frame = w[2] as usize;
        let live = self
            .frames
            .get(frame)
            .is_some_and(|f| u64::from(f.serial) == w[1]);
        if !live {
            return self.fault(
                FaultKind::UndefinedBehaviour,
                "longjmp to a setjmp whose function has returned".into(),
                loc,
            );
        }
        // `longjmp(env, 0)` makes setjmp return 1.
        let val = match val as u32 {
            0 => 1,
            v => Scalar::I32.canon(u64::from(v)),
        };
        Stop::Jump(Box::new(JumpTo {
            frame,
            block: BlockId::from_index(w[3] as usize),
            idx: w[4] as u32,
            val,
        }))
    }

    /// Take a jump: pop the frames above its target (observers see each pop, with no
    /// value returned), then resume the target after its `setjmp` call, which yields
    /// the jump's value. Locals keep their current values, as gcc -O0 keeps them in
    /// memory.
    fn long_jump(&mut self, j: JumpTo, stop_depth: usize, loc: Loc) -> X<()> {
        if j.frame < stop_depth {
            return Err(self.fault(
                FaultKind::Unsupported,
                "longjmp out of a function called by a library model (a qsort or bsearch comparator, an atexit handler)".into(),
                loc,
            ));
        }
        while self.frames.len() > j.frame + 1 {
            let Some(fr) = self.frames.pop() else { break };
            self.release_frame(&fr, loc);
            self.regs.truncate(fr.reg_base);
            O::frame_popped(self, Whole, fr.reg_base, None);
        }
        let prog = self.prog;
        let Some(fr) = self.frames.get_mut(j.frame) else {
            return Err(self.fault(FaultKind::BadCall, "no frame".into(), loc));
        };
        let func = &prog.functions[fr.func.index()];
        let call = j
            .idx
            .checked_sub(1)
            .and_then(|i| func.blocks.get(j.block.index())?.stmts.get(i as usize));
        let Some(Stmt {
            kind: StmtKind::Call { dst, .. },
            loc: call_loc,
            ..
        }) = call
        else {
            return Err(self.fault(
                FaultKind::BadCall,
                "longjmp to a position that is not after a setjmp call".into(),
                loc,
            ));
        };
        fr.block = j.block;
        fr.idx = j.idx;
        let rb = fr.reg_base;
        let call_loc = *call_loc;
        if let Some((r, s)) = *dst {
            let i = rb + r.index();
            let v = s.canon(j.val);
            self.regs.set(i, v);
            O::library_returned(self, Whole, Shim::setjmp, &[], Some((i, v)), call_loc);
        }
        Ok(())
    }

    // ---- errors ----------------------------------------------------------------------

    /// The call of a function without a body: a library function regcause does not
    /// model (the front end accepts only those), a limit of the tool.
    #[cold]
    fn no_body(&self, name: &str, loc: Loc) -> Stop {
        if crate::libc::catalogue::is_libc_name(name) {
            self.fault(
                FaultKind::Unsupported,
                format!("call of library function `{name}`, which regcause does not model"),
                loc,
            )
        } else {
            self.fault(
                FaultKind::BadCall,
                format!("call of `{name}`, which has no body"),
                loc,
            )
        }
    }

    pub fn fault(&self, kind: FaultKind, message: String, loc: Loc) -> Stop {
        Stop::Fault(Box::new(self.runtime_error(kind, message, loc, Vec::new())))
    }

    /// The call stack at `loc`, innermost first. A deep stack (runaway recursion) keeps
    /// its innermost and outermost frames, with one entry counting those left out.
    pub fn backtrace(&self, loc: Loc) -> Vec<StackFrame> {
        const INNER: usize = 20;
        const OUTER: usize = 5;
        let n = self.frames.len();
        let mut stack = Vec::new();
        let mut at = loc;
        for (k, fr) in self.frames.iter().rev().enumerate() {
            if n > INNER + OUTER + 1 && k == INNER {
                stack.push(StackFrame::Elided(n - INNER - OUTER));
            }
            let keep = n <= INNER + OUTER + 1 || k < INNER || k >= n - OUTER;
            if keep {
                stack.push(StackFrame::Call {
                    func: fr.func,
                    loc: at,
                });
            }
            at = fr.call_loc;
        }
        stack
    }

    /// The statement of the innermost function lowered from source position `loc`
    /// (the first, where several were): faults are rare, so it is looked up here rather
    /// than tracked by the loop.
    fn stmt_at(&self, loc: Loc) -> Option<StmtId> {
        let fi = self.frames.last()?.func;
        let func = self.prog.functions.get(fi.index())?;
        func.blocks.iter().enumerate().find_map(|(bi, b)| {
            let index = b
                .stmts
                .iter()
                .position(|s| s.loc == loc)
                .or_else(|| (b.term_loc == loc).then_some(b.stmts.len()))?;
            Some(StmtId {
                func: fi,
                block: BlockId::from_index(bi),
                index: index as u32,
            })
        })
    }

    /// Stop the run at the next check of its limits (before the next block, or the
    /// rest of this one), with a step-limit outcome saying `why`: an observer has what
    /// it needs (the trace recorder at its cut).
    pub(crate) fn ask_stop(&mut self, why: String) {
        self.stop_asked = Some(why);
        self.step_cap = 0;
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
        // A write into a file: its stream and offset (see `io::FIRST_FILE_STREAM`).
        let file = stream
            .is_none()
            .then(|| self.io.file_write_at(fd))
            .flatten();
        let (stream, start) = match (stream, file) {
            (Some(0), _) => (stream, self.io.stdout.len()),
            (Some(_), _) => (stream, self.io.stderr.len()),
            (None, Some((s, at))) => (Some(s), at),
            (None, None) => (None, 0),
        };
        let ok = self.io.write(fd, bytes);
        if file.is_none()
            && stream.is_some()
            && (self.io.stdout.len() + self.io.stderr.len()) as u64 > self.limits.max_output
            && self.output_over_at.is_none()
        {
            self.output_over_at = Some(self.cur_loc);
            self.step_cap = 0;
        }
        if let (Some(stream), true, false) = (stream, ok, bytes.is_empty()) {
            let entry = self.obs.next_entry();
            // In a plain run, a write continuing the previous one from the same place
            // and calls extends it: a loop of `putchar` keeps one record, not one per
            // byte. Observed runs keep every write (a traced run names each write's
            // entry, the concolic state counts them); the memory ceiling bounds those.
            let stack = self.backtrace(self.cur_loc);
            if !O::ON {
                if let Some(last) = self.events.last_mut() {
                    if last.stream == stream
                        && last.start + last.len == start
                        && last.loc == self.cur_loc
                        && last.stack == stack
                    {
                        last.len += bytes.len();
                        last.steps.1 = self.steps;
                        return ok;
                    }
                }
            }
            self.events.push(super::OutputEvent {
                entry,
                stream,
                start,
                len: bytes.len(),
                steps: (self.steps, self.steps),
                loc: self.cur_loc,
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
        notes: Vec<Note>,
    ) -> RuntimeError {
        RuntimeError {
            kind,
            message,
            loc,
            stmt: self.stmt_at(loc),
            stack: self.backtrace(loc),
            notes,
        }
    }

    pub fn mem_error(&self, e: MemFault, loc: Loc) -> RuntimeError {
        let (kind, msg, notes) = match e {
            MemFault::Null => (FaultKind::NullDereference, "dereference of a null pointer".to_string(), vec![]),
            MemFault::Invalid(v) => (FaultKind::InvalidPointer, format!("dereference of an invalid pointer (0x{v:x})"), vec![]),
            MemFault::OutOfBounds { what, offset, size, len, site } => (
                FaultKind::OutOfBounds,
                format!("out-of-bounds access of {size} byte(s) at offset {offset} of {what}, which has {len} bytes"),
                if site == Loc::default() { vec![] } else { vec![Note::at(format!("{what} was created"), site)] },
            ),
            MemFault::UseAfterFree { what, kind, site, freed_at } => {
                let m = if kind == AllocKind::Stack {
                    format!("use of {what} after its function returned")
                } else {
                    format!("use after free of {what}")
                };
                let mut notes = vec![Note::at("allocated", site)];
                if let Some(f) = freed_at {
                    notes.push(Note::at("freed", f));
                }
                (FaultKind::UseAfterFree, m, notes)
            }
            MemFault::Uninit { what, offset, site } => (
                FaultKind::UninitialisedRead,
                format!("read of uninitialised memory (byte {offset} of {what})"),
                vec![Note::at(format!("{what} was created"), site)],
            ),
            MemFault::ReadOnly { what } => (FaultKind::WriteToReadOnly, format!("write to {what}, which is read-only"), vec![]),
            MemFault::DoubleFree { site, freed_at } => {
                let mut notes = vec![Note::at("allocated", site)];
                if let Some(f) = freed_at {
                    notes.push(Note::at("first freed", f));
                }
                (FaultKind::DoubleFree, "double free of a heap block".to_string(), notes)
            }
            MemFault::InvalidFree { what } => (FaultKind::InvalidFree, format!("free of {what}, which is not a heap block"), vec![]),
            MemFault::OutOfMemory => (FaultKind::OutOfMemory, memory_ceiling_message(self.limits.max_memory), vec![]),
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
    pub(super) fn op(&self, o: &Operand, rb: usize, loc: Loc, func: &Function) -> X<u64> {
        match o {
            Operand::Const(c) => Ok(*c),
            Operand::Reg(r) => match self.regs.get(rb + r.index()) {
                Some(v) => Ok(v),
                None => self.uninit_reg(func, *r, rb, loc),
            },
        }
    }

    /// A read of a register not marked readable: in a plain run's frame (register base
    /// `rb` on top), one that no read finds unset (`FastFunc::ready`) has its value,
    /// whatever its flag says (`Regs::open` leaves those flags alone). Otherwise a read
    /// of a register never written: a fault under `--strict`, else a warning and the
    /// value zero (the documented assumption).
    #[cold]
    #[inline(never)]
    fn uninit_reg(&self, func: &Function, r: Reg, rb: usize, loc: Loc) -> X<u64> {
        if let Some(fr) = self.frames.last().filter(|fr| fr.reg_base == rb) {
            let set = self
                .fast
                .get(fr.func.index())
                .map(|ff| ff.ready.get(r.index()));
            if set == Some(Some(&true)) {
                if let Some(&v) = self.regs.val.get(rb + r.index()) {
                    return Ok(v);
                }
            }
        }
        let what = match func.regs.get(r.index()).and_then(|ri| ri.name.clone()) {
            Some(n) => format!("read of uninitialised variable `{n}`"),
            None => "use of a value that was never set (a function that fell off its end without `return`?)".to_string(),
        };
        self.continue_past(FaultKind::UninitialisedRead, what, loc)?;
        Ok(0)
    }

    /// A variable-length array's declaration: its previous allocation (an earlier pass
    /// through the declaration) ends and `n` bytes begin. A size of zero is undefined
    /// (C11 6.7.6.2p5) with an obvious continuation, an empty array (gcc allocates
    /// nothing), so it warns; a negative one moves the native stack pointer the wrong
    /// way and one past the 8 MiB stack crashes natively: both stop the run.
    #[cold]
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn vla_live(
        &mut self,
        func: &Function,
        slot: usize,
        l: LocalId,
        n: u64,
        size: &Operand,
        rb: usize,
        loc: Loc,
    ) -> X<()> {
        let info = &func.locals[l.index()];
        let bytes = n as i64;
        if bytes < 0 {
            return Err(self.fault(
                FaultKind::UndefinedBehaviour,
                format!(
                    "variable-length array `{}` has a negative size ({bytes} bytes)",
                    info.name
                ),
                loc,
            ));
        }
        self.drop_returned_vlas();
        // The previous pass through this declaration ends its array's storage.
        let old = self.locals[slot];
        if old != 0 {
            if let Some(k) = self.vlas.iter().rposition(|v| v.2 == slot) {
                let (.., bytes) = self.vlas.remove(k);
                self.vla_bytes = self.vla_bytes.saturating_sub(bytes);
            }
            self.mem.release(old, loc);
        }
        self.locals[slot] = 0;
        self.stack_room(n, &format!("variable-length array `{}`", info.name), loc)?;
        if n == 0 {
            let what = format!(
                "variable-length array `{}` has size zero (an empty array, as gcc allocates)",
                info.name
            );
            self.continue_past(FaultKind::UndefinedBehaviour, what, loc)?;
        }
        O::vla_sized(self, Whole, size, rb, loc);
        let p = self
            .mem
            .alloc(n as usize, AllocKind::Stack, false, &info.name, info.loc)
            .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))?;
        self.locals[slot] = p;
        self.hold_stack(slot, n);
        Ok(())
    }

    /// Nothing when `n` more bytes of stack fit beside the frames and the blocks held
    /// (`hold_stack`), else the located stack overflow of `what` that a native run
    /// would crash with.
    fn stack_room(&self, n: u64, what: &str, loc: Loc) -> X<()> {
        let used = self.stack_used.saturating_add(self.vla_bytes);
        if n > self.limits.stack_bytes.saturating_sub(used) {
            return Err(self.fault(
                FaultKind::StackOverflow,
                format!("stack overflow: {what} of {n} bytes (the native 8 MiB stack would be exhausted)"),
                loc,
            ));
        }
        Ok(())
    }

    /// The block of `n` bytes in locals slot `slot` takes stack in the top frame until
    /// it returns (or, for an array, the next pass through its declaration).
    fn hold_stack(&mut self, slot: usize, n: u64) {
        if let Some(depth) = self.frames.len().checked_sub(1) {
            let serial = self.frames[depth].serial;
            self.vlas.push((depth, serial, slot, n));
            self.vla_bytes += n;
        }
    }

    /// Arrays (and `alloca` blocks) of frames that have returned no longer take stack.
    fn drop_returned_vlas(&mut self) {
        while let Some(&(depth, serial, _, bytes)) = self.vlas.last() {
            if self.frames.get(depth).is_some_and(|f| f.serial == serial) {
                break;
            }
            self.vlas.pop();
            self.vla_bytes = self.vla_bytes.saturating_sub(bytes);
        }
    }

    /// `alloca(n)`: `n` uninitialised bytes of stack in the calling function's frame,
    /// kept as one more local slot of that frame (so its return releases them, and a
    /// later use is a use after the end of the block's lifetime) and counted against
    /// the stack like a variable-length array.
    pub(super) fn alloca(&mut self, n: u64, loc: Loc) -> X<u64> {
        self.drop_returned_vlas();
        self.stack_room(n, "`alloca`", loc)?;
        let name = format!("the `alloca` block of {n} bytes");
        let p = self
            .mem
            .alloc(n as usize, AllocKind::Stack, false, &name, loc)
            .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))?;
        // The caller is the top frame (a library call pushes none): its slots end the
        // locals, so the block is the frame's own.
        let slot = self.locals.len();
        self.locals.push(p);
        self.hold_stack(slot, n);
        Ok(p)
    }

    /// A floating value converted to an integer kind that cannot hold its integral part
    /// (undefined, C11 6.3.1.4p1): the run goes on with what x86-64's conversion
    /// instruction gives, as gcc's code does at run time, and says so; gcc folds a
    /// conversion of a constant at compile time instead, often to another value.
    /// `--strict` stops here.
    #[cold]
    #[inline(never)]
    pub(super) fn out_of_range_conversion(&self, value: &str, to: Scalar, loc: Loc) -> X<()> {
        let what = format!(
            "conversion of {value} to {} is out of range: undefined behaviour (the run takes what the conversion instruction gives; gcc may fold a constant conversion to another value)",
            to.c_name()
        );
        self.continue_past(FaultKind::UndefinedBehaviour, what, loc)
    }

    /// Undefined behaviour with an obvious continuation: a located warning and the run
    /// goes on, or under `--strict` a fault that stops it.
    pub(crate) fn continue_past(&self, kind: FaultKind, what: String, loc: Loc) -> X<()> {
        if self.limits.strict {
            return Err(self.fault(kind, what, loc));
        }
        self.warn(kind, what, loc, Vec::new());
        Ok(())
    }

    /// Record a located warning (once per location and kind): undefined behaviour the
    /// run continued past under a documented assumption.
    fn warn(&self, kind: FaultKind, message: String, loc: Loc, notes: Vec<Note>) {
        let mut w = self.warnings.borrow_mut();
        if w.iter().any(|e| e.loc == loc && e.kind == kind) || w.len() >= MAX_WARNINGS {
            return;
        }
        let e = self.runtime_error(kind, message, loc, notes);
        w.push(e);
    }

    /// A memory fault of the interpreter's own load at `p`: under the lenient policy an
    /// uninitialised read is a warning and reads zero; everything else stops the run.
    #[cold]
    #[inline(never)]
    pub(super) fn mem_fault_or_zero(&self, e: MemFault, p: u64, size: u32, loc: Loc) -> X<u64> {
        if let (MemFault::Uninit { .. }, false) = (&e, self.limits.strict) {
            let err = self.mem_error(e, loc);
            self.warn(err.kind, err.message, loc, err.notes);
            return Ok(self.mem.load_raw(p, size));
        }
        if self.limits.near_reads && !self.limits.strict && near_miss(&e) {
            // A native build reads whatever lies beside the object (a neighbouring
            // variable, padding, a saved register): it survives, with an unpredictable
            // value. The run goes on with the documented assumption (zero, as for an
            // uninitialised read); writes there still stop, nothing beside is changed.
            let err = self.mem_error(e, loc);
            let message = format!(
                "{}; the run continues reading zero (what lies beside the object natively is unknown)",
                err.message
            );
            self.warn(err.kind, message, loc, err.notes);
            return Ok(0);
        }
        Err(Stop::Fault(Box::new(self.mem_error(e, loc))))
    }

    /// Uninitialised reads a library model continued past become warnings at `loc`.
    fn drain_uninit_reads(&self, loc: Loc) {
        for (what, offset, site) in self.mem.take_uninit_reads() {
            let e = self.mem_error(MemFault::Uninit { what, offset, site }, loc);
            self.warn(e.kind, e.message, loc, e.notes);
        }
    }

    fn run_frames(&mut self, stop_depth: usize) -> X<()> {
        let prog = self.prog;
        // Empty for observed runs, which take no fast path.
        let fast = std::sync::Arc::clone(&self.fast);
        // Set when decoded code switched frames and left the frame on top at a position
        // in a block whose steps it counted.
        let mut counted = false;
        'frames: while self.frames.len() > stop_depth {
            let (fi, mut bi, mut start, rb, lb) = {
                let fr = self.frames.last().ok_or_else(|| {
                    self.fault(FaultKind::BadCall, "no frame".into(), Loc::default())
                })?;
                (fr.func, fr.block, fr.idx, fr.reg_base, fr.local_base)
            };
            let func = &prog.functions[fi.index()];
            // Constant for observed runs, whose loops then have no decoded path at all.
            let decoded = !O::ON && !O::WATCH && !fast.is_empty();
            // Within a frame, control moves from block to block here; the frame stack
            // is touched only on calls and returns.
            loop {
                let mut block = &func.blocks[bi.index()];
                let mut idx = start as usize;
                // Steps are counted per block entered (the rest of the block and its
                // terminator), not per statement: the limit only needs to stop runaways.
                if !std::mem::take(&mut counted) {
                    self.steps += (block.stmts.len() - idx) as u64 + 1;
                }
                if self.steps > self.step_cap {
                    let loc = block
                        .stmts
                        .get(idx)
                        .map(|s| s.loc)
                        .unwrap_or(block.term_loc);
                    self.check_limits(loc)?;
                }
                loop {
                    // A plain run executes decoded statements, and the blocks they lead
                    // to, in the tight loop of `run_decoded`, up to the next statement
                    // or terminator that is not decoded.
                    if decoded {
                        match self.run_decoded(&fast, stop_depth, fi, bi, idx)? {
                            Exit::At(b, i) => {
                                (bi, idx) = (b, i);
                                block = &func.blocks[bi.index()];
                            }
                            Exit::Switched => {
                                counted = true;
                                continue 'frames;
                            }
                            Exit::Jump(j, loc) => {
                                // A library model's `longjmp`, as in the `Call` arm.
                                self.long_jump(*j, stop_depth, loc)?;
                                continue 'frames;
                            }
                        }
                    }
                    let Some(st) = block.stmts.get(idx) else {
                        break;
                    };
                    let at = StmtId {
                        func: fi,
                        block: bi,
                        index: idx as u32,
                    };
                    idx += 1;
                    O::before_stmt(self, Whole, at);
                    match &st.kind {
                        StmtKind::Assign(r, rv) => {
                            let v = self.rvalue(rv, rb, lb, st.loc, func)?;
                            let i = rb + r.index();
                            // Observers read the operands before the destination (maybe
                            // an operand) is overwritten.
                            O::assign(self, Whole, i, rv, rb, st.loc, v);
                            self.regs.set(i, v);
                        }
                        StmtKind::Store { addr, val, ty } => {
                            let a = self.op(addr, rb, st.loc, func)?;
                            let v = self.op(val, rb, st.loc, func)?;
                            let r = self.mem.store_as(a, ty.size(), v, O::WATCH);
                            let r = r.and_then(|()| {
                                O::stored(
                                    self,
                                    Whole,
                                    AddrOps::Direct(addr),
                                    val,
                                    *ty,
                                    a,
                                    rb,
                                    st.loc,
                                )
                            });
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
                            let r = self.mem.store_as(a, ty.size(), v, O::WATCH);
                            let r = r.and_then(|()| {
                                let ops = AddrOps::Indexed(base, index);
                                O::stored(self, Whole, ops, val, *ty, a, rb, st.loc)
                            });
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
                        StmtKind::StorageLive(l) => self.storage_live(func, lb, *l, st.loc)?,
                        StmtKind::StorageLiveSized(l, size) => {
                            let n = self.op(size, rb, st.loc, func)?;
                            self.vla_live(func, lb + l.index(), *l, n, size, rb, st.loc)?;
                        }
                        StmtKind::LongDouble(l) => self.long_double(l, rb, st.loc, func)?,
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
                            O::call_args(self, Whole, args, rb);
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
                                    O::stmt_done(self, Whole, at, st, rb);
                                    continue 'frames;
                                }
                                Err(b) => {
                                    if sret.is_some() {
                                        vals.insert(0, (sret_v, Scalar::Ptr, None));
                                        O::sret_arg(self, Whole);
                                    }
                                    // `setjmp` records where the frame resumes.
                                    if let Some(fr) = self.frames.last_mut() {
                                        fr.block = bi;
                                        fr.idx = idx as u32;
                                    }
                                    let v = self.call_builtin(b, &vals, dst, rb, st.loc);
                                    self.argbuf = vals;
                                    match v {
                                        Ok(_) => {}
                                        Err(Stop::Jump(j)) => {
                                            self.long_jump(*j, stop_depth, st.loc)?;
                                            continue 'frames;
                                        }
                                        Err(e) => return Err(e),
                                    }
                                }
                            }
                        }
                    }
                    O::stmt_done(self, Whole, at, st, rb);
                }
                // terminator
                let loc = block.term_loc;
                let at = StmtId {
                    func: fi,
                    block: bi,
                    index: block.stmts.len() as u32,
                };
                let (next, taken) = match &block.term {
                    Terminator::Goto(b) => (*b, None),
                    Terminator::Branch {
                        cond,
                        ty,
                        then_bb,
                        else_bb,
                    } => {
                        O::before_stmt(self, Whole, at);
                        let c = self.op(cond, rb, loc, func)?;
                        let truth = if ty.is_float() {
                            arith::f64_of(*ty, c) != 0.0
                        } else {
                            c != 0
                        };
                        let dest = if truth { *then_bb } else { *else_bb };
                        (dest, Some(Taken::Two(truth)))
                    }
                    Terminator::BranchCmp {
                        op,
                        ty,
                        a,
                        b,
                        then_bb,
                        else_bb,
                    } => {
                        O::before_stmt(self, Whole, at);
                        let x = self.op(a, rb, loc, func)?;
                        let y = self.op(b, rb, loc, func)?;
                        // Comparisons cannot fail.
                        let truth = arith::binop(*op, *ty, x, y).unwrap_or(0) != 0;
                        let dest = if truth { *then_bb } else { *else_bb };
                        (dest, Some(Taken::Two(truth)))
                    }
                    Terminator::Switch {
                        val,
                        ty,
                        cases,
                        default,
                    } => {
                        O::before_stmt(self, Whole, at);
                        let v = ty.canon(self.op(val, rb, loc, func)?);
                        let hit = cases.iter().position(|(c, _)| *c == v);
                        let dest = hit.map(|k| cases[k].1).unwrap_or(*default);
                        (dest, Some(Taken::Case(hit)))
                    }
                    Terminator::Return(v) => {
                        O::before_stmt(self, Whole, at);
                        let rv = match v {
                            Some(o) => Some(self.op(o, rb, loc, func)?),
                            None => None,
                        };
                        O::returning(self, Whole, v.as_ref(), rb);
                        self.pop_frame(rv, loc)?;
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
                if let Some(taken) = taken {
                    O::branched(self, Whole, at, &block.term, rb, loc, taken, next);
                }
                bi = next;
                start = 0;
            }
        }
        Ok(())
    }

    /// `live l` in the frame whose locals start at `lb`: the object's storage starts
    /// (allocated the first time, uninitialised again on each later pass).
    fn storage_live(&mut self, func: &Function, lb: usize, l: LocalId, loc: Loc) -> X<()> {
        let i = lb + l.index();
        if self.locals[i] == 0 {
            self.alloc_local(func, i, l, false, loc)?;
        } else {
            self.mem.mark_uninit(self.locals[i]);
        }
        Ok(())
    }

    /// Allocate local `l` of `func`, whose pointer is `locals[i]`: `initialised` for a
    /// parameter passed in memory (its value is stored next), else uninitialised.
    fn alloc_local(
        &mut self,
        func: &Function,
        i: usize,
        l: LocalId,
        initialised: bool,
        loc: Loc,
    ) -> X<u64> {
        let info = &func.locals[l.index()];
        let p = self
            .mem
            .alloc(
                info.size as usize,
                AllocKind::Stack,
                initialised,
                &info.name,
                info.loc,
            )
            .map_err(|e| Stop::Fault(Box::new(self.mem_error(e, loc))))?;
        self.locals[i] = p;
        Ok(p)
    }

    /// Run decoded code from statement `idx` of block `bi` of the frame on top (whose
    /// steps are counted) on, through the blocks its jumps lead to and the frames its
    /// calls and returns lead to, counting the steps of each block entered as the
    /// statement loop does, until a statement or terminator that is not decoded. Each
    /// decoded statement does what its statement's arm in `run_frames` does, in the same
    /// order (operands left to right, faults located at the statement), with the
    /// operation's kind settled by the decoding.
    #[inline(never)]
    fn run_decoded(
        &mut self,
        fast: &[FastFunc],
        stop_depth: usize,
        fi: FuncId,
        bi: BlockId,
        idx: usize,
    ) -> X<Exit> {
        let mut ff = &fast[fi.index()];
        let mut rb = self.frames.last().map_or(0, |fr| fr.reg_base);
        let mut pc = ff.pc(bi, idx);
        // Whether a call or return changed the frame on top.
        let mut switched = false;
        loop {
            let serial = self.frames.last().map(|fr| fr.serial);
            pc = self.run_straight(fast, stop_depth, ff, rb, pc)?;
            if self.frames.last().map(|fr| fr.serial) != serial {
                // Calls and returns in `run_straight` changed the frame on top.
                let Some(fr) = self.frames.last() else {
                    return Ok(Exit::Switched);
                };
                ff = &fast[fr.func.index()];
                rb = fr.reg_base;
                switched = true;
            }
            match &ff.code[pc] {
                Fast::Call(k) => {
                    // As the statement loop's `Call` arm: the arguments, then the
                    // position after the call saved in the caller, then the new frame.
                    let Some((c, Ok(func))) = ff.calls.get(*k as usize).map(|c| (c, c.target))
                    else {
                        return self.leave_decoded(switched, ff.position(pc));
                    };
                    let vals = self.decoded_call(c, rb);
                    let sret_v = match c.sret {
                        Some(s) => self.fast_op(&s, rb),
                        None => 0,
                    };
                    let pushed = self.push_frame(func, &vals, c.dst, sret_v, c.loc);
                    self.argbuf = vals;
                    pushed?;
                }
                Fast::CallLib(k) => {
                    // As the statement loop's `Call` arm for a library model: the
                    // arguments (a returned struct's buffer first), the position after
                    // the call saved (for `setjmp`), the model; then on in this frame.
                    let Some((c, Err(b))) = ff.calls.get(*k as usize).map(|c| (c, c.target)) else {
                        return self.leave_decoded(switched, ff.position(pc));
                    };
                    let mut vals = self.decoded_call(c, rb);
                    if let Some(s) = c.sret {
                        vals.insert(0, (self.fast_op(&s, rb), Scalar::Ptr, None));
                    }
                    let v = self.call_builtin(b, &vals, &c.dst, rb, c.loc);
                    self.argbuf = vals;
                    match v {
                        Ok(_) => {}
                        Err(Stop::Jump(j)) => return Ok(Exit::Jump(j, c.loc)),
                        Err(e) => return Err(e),
                    }
                    pc += 1;
                    continue;
                }
                Fast::Arith { bin, op, ty } => {
                    let (x, y) = (self.slot(rb, bin.a), self.slot(rb, bin.b));
                    let v = arith::binop(*op, *ty, x, y);
                    let v = v.map_err(|e| self.arith_error(e, self.decoded_loc(ff, pc)))?;
                    self.regs.val[rb + bin.dst.index()] = v;
                    pc += 1;
                    continue;
                }
                Fast::Un { dst, a, op, ty } => {
                    self.regs.val[rb + dst.index()] = arith::unop(*op, *ty, self.slot(rb, *a));
                    pc += 1;
                    continue;
                }
                Fast::Convert { dst, val, from, to } => {
                    let v = self.slot(rb, *val);
                    let v = self.convert(*from, *to, v, || self.decoded_loc(ff, pc))?;
                    self.regs.val[rb + dst.index()] = v;
                    pc += 1;
                    continue;
                }
                Fast::PtrDiff { dst, a, b, scale } => {
                    let d = self.slot(rb, *a).wrapping_sub(self.slot(rb, *b)) as i64;
                    self.regs.val[rb + dst.index()] = (d / i64::from(*scale)) as u64;
                    pc += 1;
                    continue;
                }
                Fast::Live(l) => {
                    let lb = self.frames.last().map_or(0, |fr| fr.local_base);
                    let prog = self.prog;
                    let Some(func) = prog.functions.get(ff.id.index()) else {
                        return self.leave_decoded(switched, ff.position(pc));
                    };
                    self.storage_live(func, lb, *l, self.decoded_loc(ff, pc))?;
                    pc += 1;
                    continue;
                }
                Fast::Return { val, loc } => {
                    let rv = val.map(|s| self.regs.val[rb + s.index()]);
                    self.pop_frame(rv, *loc)?;
                    if self.frames.len() <= stop_depth {
                        return Ok(Exit::Switched);
                    }
                }
                _ => return self.leave_decoded(switched, ff.position(pc)),
            }
            // Continue in the frame now on top, at its block and statement, counting
            // the steps of the rest of that block (as the statement loop does on
            // entering it).
            let Some((fi, at, left)) = self.top_position(fast) else {
                return Ok(Exit::Switched);
            };
            ff = &fast[fi.index()];
            rb = self.frames.last().map_or(0, |fr| fr.reg_base);
            pc = at;
            self.steps += left;
            switched = true;
            if self.steps > self.step_cap {
                self.check_limits(self.decoded_loc(ff, pc))?;
            }
        }
    }

    /// A decoded call `c` from the frame whose registers start at `rb` that is not
    /// followed by `run_straight`, as the statement loop's `Call` arm begins: its
    /// location current, its arguments in the reused argument buffer (returned; the
    /// caller puts it back), the caller's position after the call saved in its frame.
    #[inline(always)]
    fn decoded_call(
        &mut self,
        c: &crate::ir::fast::CallSite,
        rb: usize,
    ) -> Vec<(u64, Scalar, Option<u32>)> {
        self.cur_loc = c.loc;
        let mut vals = std::mem::take(&mut self.argbuf);
        vals.clear();
        for a in &c.args {
            vals.push((self.fast_op(&a.val, rb), a.ty, a.by_value_size));
        }
        if let Some(fr) = self.frames.last_mut() {
            fr.block = c.block;
            fr.idx = c.idx + 1;
        }
        vals
    }

    /// The frame on top's function, its position in decoded code and the steps left in
    /// its block (its statements from there on and its terminator), which resuming it
    /// counts as the statement loop does on entering a block.
    #[inline(always)]
    fn top_position(&self, fast: &[FastFunc]) -> Option<(FuncId, usize, u64)> {
        let fr = self.frames.last()?;
        let ff = fast.get(fr.func.index())?;
        let b = fr.block.index();
        let pc = *ff.start.get(b)? as usize + fr.idx as usize;
        // The block ends where the next one starts (`FastFunc::start`).
        let end = *ff.start.get(b + 1)? as usize;
        Some((fr.func, pc, end.saturating_sub(pc) as u64))
    }

    /// Whether call `c` of `callee` can take the short way (`enter_decoded`): the
    /// callee has an entry, the call its argument moves (no struct is returned, the
    /// arguments suffice) and the stack has room; else `push_frame` decides (and
    /// faults) as for any call.
    #[inline(always)]
    fn short_call<'f>(
        &self,
        c: &'f crate::ir::fast::CallSite,
        callee: &'f FastFunc,
    ) -> Option<Short<'f>> {
        let e = callee.entry.as_ref()?;
        let moves = c.moves.as_deref()?;
        let fits = self.stack_used + e.frame_bytes <= self.limits.stack_bytes;
        fits.then_some((c, callee, e, moves))
    }

    /// A decoded call of a function with an [`Entry`](crate::ir::fast::Entry), which
    /// `push_frame` would enter the same way: the arguments, evaluated in order at the
    /// call (`at`: the caller's register base, code and position), go straight into
    /// the callee's new register window; then the caller's position after the call is
    /// saved and the frame pushed. The caller checked the stack, the argument count and
    /// that no struct is returned. Returns the new register base.
    ///
    /// `regs` is the register file (out of the machine, see `run_straight`). Decoded
    /// code runs only unobserved, so no hook is called; the arguments are registers no
    /// read finds unset (see `FastFunc::ready`), read unchecked.
    #[inline(always)]
    fn enter_decoded(&mut self, regs: &mut Regs, (c, callee, e, moves): Short, rb: usize) -> usize {
        let base = regs.len();
        // The frame first, so that what it takes from the call site is stored as soon as
        // it is read (kept in registers across the window's set-up, it was spilled).
        // The caller's block and statement are not written: its position after the call
        // is the callee frame's `resume`, which `pop_frame` turns back into them when a
        // return is not decoded.
        let local_base = self.locals.len();
        self.frames.push(Frame {
            func: callee.id,
            block: BlockId::new(0),
            idx: 0,
            reg_base: base,
            local_base,
            ret_to: c.ret,
            call_loc: c.loc,
            serial: self.frame_serial,
            resume: c.resume,
        });
        self.frame_serial += 1;
        self.stack_used += e.frame_bytes;
        if e.nlocals > 0 {
            self.locals.resize(local_base + e.nlocals as usize, 0);
        }
        regs.open(e.nregs as usize, &callee.consts, Some(&callee.unset));
        // Parameters are set at entry, so no read finds them unset: no flag to write.
        // The caller's slots lie below the new window, which `open` made room for.
        let (below, from_base) = regs.val.split_at_mut(base);
        if let Some(w) = from_base.first_chunk_mut::<WINDOW>() {
            for &(from, to, canon) in moves {
                w[to.index()] = canon.apply(below[rb + from.index()]);
            }
        }
        base
    }

    /// `pop_frame` for decoded code, on the register file `regs` (see
    /// `enter_decoded`), of the frame on top, running `done`: then, as `top_position`
    /// says, where its caller resumes (code, register base, position and the steps left
    /// in its block), when it has one.
    #[inline(always)]
    fn pop_decoded<'f>(
        &mut self,
        regs: &mut Regs,
        (ret, loc): (Option<u64>, &Loc),
        done: &FastFunc,
        fast: &'f [FastFunc],
    ) -> Option<(&'f FastFunc, usize, usize, i64)> {
        let fr = self.frames.pop()?;
        self.stack_used = self.stack_used.saturating_sub(done.frame_bytes);
        if fr.local_base < self.locals.len() {
            // The location is read only here (copied on every return, it cost four
            // instructions).
            self.release_locals(fr.local_base, *loc);
        }
        regs.truncate(fr.reg_base);
        let caller = self.frames.last();
        if let Some((r, s)) = fr.ret_to {
            let caller_base = caller.map_or(0, |c| c.reg_base);
            // As in `pop_frame`: no value leaves the caller's register unset.
            regs.put(caller_base + r.index(), ret.map(|v| s.apply(v)));
        }
        let caller = caller?;
        let ff = fast.get(caller.func.index())?;
        if fr.resume != NO_RESUME {
            let j = fr.resume;
            return Some((ff, caller.reg_base, j.pc as usize, i64::from(j.steps)));
        }
        let b = caller.block.index();
        let pc = *ff.start.get(b)? as usize + caller.idx as usize;
        let end = *ff.start.get(b + 1)? as usize;
        let left = i64::try_from(end.saturating_sub(pc)).ok()?;
        Some((ff, caller.reg_base, pc, left))
    }

    /// Decoded code stops at statement `idx` of block `b`, which it does not decode: in
    /// the frame it started in, or (`switched`) in another one, which the statement loop
    /// takes over where it stands.
    fn leave_decoded(&mut self, switched: bool, (b, idx): (BlockId, usize)) -> X<Exit> {
        if !switched {
            return Ok(Exit::At(b, idx));
        }
        if let Some(fr) = self.frames.last_mut() {
            fr.block = b;
            fr.idx = idx as u32;
        }
        Ok(Exit::Switched)
    }

    /// The value of slot `s` of the frame whose registers start at `rb` (see
    /// `fast_op`).
    #[inline(always)]
    fn slot(&self, rb: usize, s: Slot) -> u64 {
        self.regs.val[rb + s.index()]
    }

    /// The value of an operand of decoded code: a register no read finds unset (see
    /// `FastFunc::ready`), read unchecked.
    #[inline(always)]
    fn fast_op(&self, o: &Operand, rb: usize) -> u64 {
        match o {
            Operand::Const(c) => *c,
            Operand::Reg(r) => self.regs.val[rb + r.index()],
        }
    }

    /// Run decoded statements and jumps of one frame from position `pc` on, up to a
    /// call, a return or a statement that is not decoded: returns its position. Kept
    /// out of line and free of frame changes, so that this loop is small and its state
    /// stays in registers: the register file and the step count are taken out of the
    /// machine for its duration (nothing it calls reads them, `check_limits` aside,
    /// which is given the count first), so the loop holds the frame's register window
    /// as a slice and the count as a local.
    ///
    /// Calls that take the short way (`short_call`) and returns to a frame of this
    /// loop are followed here too: the position returned is then in the frame now on
    /// top.
    #[inline(never)]
    fn run_straight(
        &mut self,
        fast: &[FastFunc],
        stop_depth: usize,
        ff: &FastFunc,
        rb: usize,
        pc: usize,
    ) -> X<usize> {
        let mut file = std::mem::take(&mut self.regs);
        let mut steps = Budget::new(self.steps, self.step_cap);
        let r = self.straight(&mut file, &mut steps, fast, stop_depth, (ff, rb), pc);
        self.regs = file;
        self.steps = steps.count();
        r
    }

    /// The loop of `run_straight`, over the register file `file` (taken out of the
    /// machine; register `r` of the frame on top is `regs[r]`, its window) and the step
    /// count `steps`. Its state is kept to what the hot arms use (a location is found
    /// from the code's function, `FastFunc::id`, when needed), so that it stays in
    /// machine registers.
    #[inline(always)]
    fn straight<'f>(
        &mut self,
        file: &mut Regs,
        steps: &mut Budget,
        fast: &'f [FastFunc],
        stop_depth: usize,
        (mut ff, mut rb): (&'f FastFunc, usize),
        start: usize,
    ) -> X<usize> {
        let mut code = &ff.code[..];
        let Some(mut regs) = window(&mut file.val, rb) else {
            return Ok(start);
        };
        if start >= code.len() {
            return Ok(start);
        }
        // The position is kept as a pointer to its instruction in `code` (`ip`), so that
        // reading an instruction and going on to the next take one machine instruction
        // each; `pc!()` is the position (only cold paths ask).
        let mut ip: *const Fast = code.as_ptr().wrapping_add(start);
        macro_rules! pc {
            () => {
                (ip as usize - code.as_ptr() as usize) / std::mem::size_of::<Fast>()
            };
        }
        macro_rules! go {
            ($pc:expr) => {
                ip = code.as_ptr().wrapping_add($pc)
            };
        }
        // The instruction at `ip`, read unchecked: `ip` is inside `code` whenever this is
        // reached. It is checked where the loop starts and where it switches frames;
        // jumps land inside their code and the position after a statement is in its
        // block, as `fast::sound` checked when the code was decoded.
        macro_rules! fetch {
            () => {{
                debug_assert!(pc!() < code.len());
                // SAFETY: `ip` points into `code`, as said above.
                unsafe { &*ip }
            }};
        }
        // An operand: a register slot (constants have theirs) that no read finds unset,
        // so neither reads nor writes look at whether it was set (`FastFunc::ready`).
        macro_rules! op {
            ($o:expr) => {{
                let r: Slot = *$o;
                regs[r.index()]
            }};
        }
        macro_rules! set {
            ($dst:expr, $v:expr) => {{
                let v = $v;
                regs[$dst.index()] = v;
            }};
        }
        macro_rules! bin {
            ($b:expr, |$x:ident, $y:ident| $e:expr) => {{
                let $x = op!(&$b.a);
                let $y = op!(&$b.b);
                set!($b.dst, $e);
            }};
        }
        macro_rules! addr {
            ($a:expr) => {{
                let b = op!(&$a.base);
                let i = op!(&$a.index) as i64;
                b.wrapping_add(i.wrapping_mul(i64::from($a.scale)) as u64)
            }};
        }
        // A load of N bytes: memory's fast path, else its general one (which diagnoses,
        // and reads zero past an uninitialised read when the policy allows); the bytes
        // zero-extended, or sign-extended through the signed type `$s`.
        macro_rules! load {
            ($ld:expr, $n:literal) => {{
                let p = addr!($ld.addr);
                match self.mem.load_fast::<$n>(p) {
                    Some(v) => v,
                    None => self.load_slow(p, $n, (ff, pc!()))?,
                }
            }};
            ($ld:expr, $n:literal, $u:ty, $s:ty) => {{
                let v = load!($ld, $n);
                set!($ld.dst, v as $u as $s as u64);
            }};
            ($ld:expr, $n:literal, unsigned) => {{
                let v = load!($ld, $n);
                set!($ld.dst, v);
            }};
        }
        macro_rules! store {
            ($st:expr, $n:literal) => {{
                let a = addr!($st.addr);
                let v = op!(&$st.val);
                if !self.mem.store_fast::<$n>(a, v) {
                    self.store_slow(a, $n, v, (ff, pc!()))?;
                }
            }};
        }
        // Count `n` steps; when the limits' next check is due (the count passed
        // `step_cap`), run it at position `pc`.
        macro_rules! count {
            ($n:expr) => {{
                steps.left = steps.left.wrapping_sub($n);
                if steps.left < 0 {
                    self.steps = steps.count();
                    self.check_limits(self.decoded_loc(ff, pc!()))?;
                    *steps = Budget::new(self.steps, self.step_cap);
                    true
                } else {
                    false
                }
            }};
        }
        // Enter the block a jump leads to, counting its steps.
        macro_rules! jump {
            ($j:expr) => {{
                let j: Jump = $j;
                go!(j.pc as usize);
                count!(i64::from(j.steps));
                continue;
            }};
        }
        // Continue in another frame (a call's callee, a return's caller) at position
        // `pc` of its code, counting `steps`.
        macro_rules! switch_to {
            ($ff:expr, $rb:expr, $pc:expr, $steps:expr) => {{
                let at: usize = $pc;
                (ff, rb) = ($ff, $rb);
                code = &ff.code[..];
                if at >= code.len() {
                    return Ok(at);
                }
                go!(at);
                count!($steps);
                let Some(w) = window(&mut file.val, rb) else {
                    return Ok(at);
                };
                regs = w;
                continue;
            }};
        }
        // A compare-and-branch (`Fast::BrEq`): where `holds(x, y)` of its operands'
        // values says.
        macro_rules! branch {
            ($br:expr, |$x:ident, $y:ident| $holds:expr) => {{
                let br: &crate::ir::fast::Br = $br;
                let $x = op!(&br.a);
                let $y = op!(&br.b);
                jump!(br.to($holds))
            }};
        }
        // A match on instruction `$f` whose arms are the terminators that jump (`goto`
        // and the branches), then `$rest`: the loop's and those run in place share them.
        macro_rules! with_jumps {
            ($f:expr, { $($rest:tt)* }) => {
                match $f {
                    Fast::Goto(j) => jump!(*j),
                    Fast::BrEq(br) => branch!(br, |x, y| x == y),
                    Fast::BrLtS(br) => branch!(br, |x, y| (x as i64) < y as i64),
                    Fast::BrLtU(br) => branch!(br, |x, y| x < y),
                    Fast::Branch {
                        cond,
                        then_to,
                        else_to,
                    } => {
                        let c = op!(cond);
                        jump!(if c != 0 { *then_to } else { *else_to })
                    }
                    $($rest)*
                }
            };
        }
        // The terminator at `ip`, run in place after its block's last statement (see
        // `Fast::Load4SThen`; `fast::runs_in_place` says which it can be) or after an
        // empty block's `goto` (`through!`); the loop goes on from `ip` for any other.
        macro_rules! term {
            () => {
                with_jumps!(fetch!(), { _ => continue, })
            };
        }
        // A `goto` to a block that is only a `goto` or a compare-and-branch: as `jump!`,
        // then that terminator in place (when the step limit's check is due, it runs
        // from its own position instead).
        macro_rules! through {
            ($j:expr) => {{
                go!($j.pc as usize);
                if count!(i64::from($j.steps)) {
                    continue;
                }
                term!()
            }};
        }
        // A return (`Fast::Return`) of the value of slot `val`, if any, located at `loc`;
        // one out of this loop's frames is left to `run_decoded`.
        macro_rules! ret {
            ($val:expr, $loc:expr) => {{
                if self.frames.len() <= stop_depth + 1 {
                    return Ok(pc!());
                }
                let rv = $val.map(|s: Slot| op!(&s));
                let Some((to, base, at, left)) = self.pop_decoded(file, (rv, $loc), ff, fast)
                else {
                    return Ok(pc!());
                };
                switch_to!(to, base, at, left)
            }};
        }
        // A block's last statement, then its terminator in place (`Fast::Load4SThen`).
        macro_rules! with_term {
            ($stmt:expr) => {{
                $stmt;
                ip = ip.wrapping_add(1);
                term!()
            }};
        }
        // A statement, then the jump that ends its block (`Fast::AddSGoto`).
        macro_rules! then {
            ($stmt:expr, $jump:expr) => {{
                $stmt;
                $jump
            }};
        }
        loop {
            with_jumps!(fetch!(), {
                // Left to `run_decoded` (library calls, storage, the generic operations:
                // arms here would cost the hot ones their registers) or the statements.
                Fast::Stmt
                | Fast::CallLib(_)
                | Fast::Live(_)
                | Fast::Arith { .. }
                | Fast::Un { .. }
                | Fast::Convert { .. }
                | Fast::PtrDiff { .. } => return Ok(pc!()),
                Fast::Call(k) => {
                    let Some((c, Ok(func))) = ff.calls.get(*k as usize).map(|c| (c, c.target))
                    else {
                        return Ok(pc!());
                    };
                    let callee = &fast[func.index()];
                    let Some(short) = self.short_call(c, callee) else {
                        return Ok(pc!());
                    };
                    self.cur_loc = c.loc;
                    let n = i64::from(short.2.steps);
                    let base = self.enter_decoded(file, short, rb);
                    switch_to!(callee, base, 0, n)
                }
                Fast::Return { val, loc } => ret!(*val, loc),
                Fast::Move { dst, src } => set!(dst, op!(src)),
                Fast::AddS(b) => bin!(b, |x, y| b.sext(x.wrapping_add(y))),
                Fast::AddU(b) => bin!(b, |x, y| b.zext(x.wrapping_add(y))),
                Fast::SubS(b) => bin!(b, |x, y| b.sext(x.wrapping_sub(y))),
                Fast::SubU(b) => bin!(b, |x, y| b.zext(x.wrapping_sub(y))),
                Fast::MulS(b) => bin!(b, |x, y| b.sext(x.wrapping_mul(y))),
                Fast::MulU(b) => bin!(b, |x, y| b.zext(x.wrapping_mul(y))),
                Fast::And(b) => bin!(b, |x, y| x & y),
                Fast::Or(b) => bin!(b, |x, y| x | y),
                Fast::Xor(b) => bin!(b, |x, y| x ^ y),
                Fast::CmpEq(b) => bin!(b, |x, y| u64::from(x == y)),
                Fast::CmpNe(b) => bin!(b, |x, y| u64::from(x != y)),
                Fast::CmpLtS(b) => bin!(b, |x, y| u64::from((x as i64) < y as i64)),
                Fast::CmpLtU(b) => bin!(b, |x, y| u64::from(x < y)),
                Fast::CmpLeS(b) => bin!(b, |x, y| u64::from(x as i64 <= y as i64)),
                Fast::CmpLeU(b) => bin!(b, |x, y| u64::from(x <= y)),
                Fast::PtrAdd { dst, addr } => set!(dst, addr!(addr)),
                Fast::AddrLocal { dst, local } => {
                    // A local not allocated yet (a jump past its declaration): the
                    // statement path allocates it.
                    let lb = self.frames.last().map_or(0, |fr| fr.local_base);
                    match self.locals.get(lb + local.index()) {
                        Some(&p) if p != 0 => set!(dst, p),
                        _ => return Ok(pc!()),
                    }
                }
                Fast::AddrGlobal { dst, global } => set!(dst, self.global_ptrs[global.index()]),
                Fast::CastS { dst, val, sh } => {
                    let v = op!(val);
                    set!(dst, (((v << sh) as i64) >> sh) as u64);
                }
                Fast::CastU { dst, val, sh } => {
                    let v = op!(val);
                    set!(dst, (v << sh) >> sh);
                }
                Fast::Load1S(ld) => load!(ld, 1, u8, i8),
                Fast::Load1U(ld) => load!(ld, 1, unsigned),
                Fast::Load2S(ld) => load!(ld, 2, u16, i16),
                Fast::Load2U(ld) => load!(ld, 2, unsigned),
                Fast::Load4S(ld) => load!(ld, 4, u32, i32),
                Fast::Load4U(ld) => load!(ld, 4, unsigned),
                Fast::Load8(ld) => load!(ld, 8, unsigned),
                // The load, then its block's terminator in place (the next position).
                Fast::Load1SThen(ld) => with_term!(load!(ld, 1, u8, i8)),
                Fast::Load1UThen(ld) => with_term!(load!(ld, 1, unsigned)),
                Fast::Load4SThen(ld) => with_term!(load!(ld, 4, u32, i32)),
                Fast::Load8Then(ld) => with_term!(load!(ld, 8, unsigned)),
                Fast::Store1(st) => store!(st, 1),
                Fast::Store2(st) => store!(st, 2),
                Fast::Store4(st) => store!(st, 4),
                Fast::Store8(st) => store!(st, 8),
                Fast::GotoEmpty(j) => through!(j),
                Fast::MoveGoto { dst, src, to } => then!(set!(dst, op!(src)), jump!(*to)),
                Fast::MoveThrough { dst, src, to } => then!(set!(dst, op!(src)), through!(to)),
                Fast::MoveRet { dst, src, to } => {
                    set!(dst, op!(src));
                    go!(to.pc as usize);
                    // When the limits' check is due, the return runs from its position.
                    if count!(i64::from(to.steps)) {
                        continue;
                    }
                    match fetch!() {
                        Fast::Return { val, loc } => ret!(*val, loc),
                        _ => continue,
                    }
                }
                Fast::AddSGoto(b, j) => then!(bin!(b, |x, y| b.sext(x.wrapping_add(y))), jump!(*j)),
                Fast::AddSThrough(b, j) => {
                    then!(bin!(b, |x, y| b.sext(x.wrapping_add(y))), through!(j))
                }
                Fast::AddUGoto(b, j) => then!(bin!(b, |x, y| b.zext(x.wrapping_add(y))), jump!(*j)),
                Fast::AddUThrough(b, j) => {
                    then!(bin!(b, |x, y| b.zext(x.wrapping_add(y))), through!(j))
                }
                Fast::SubSGoto(b, j) => then!(bin!(b, |x, y| b.sext(x.wrapping_sub(y))), jump!(*j)),
                Fast::SubSThrough(b, j) => {
                    then!(bin!(b, |x, y| b.sext(x.wrapping_sub(y))), through!(j))
                }
            });
            ip = ip.wrapping_add(1);
        }
    }

    /// A decoded load that memory's fast path declined: the general path.
    #[cold]
    #[inline(never)]
    fn load_slow(&self, p: u64, size: u32, (ff, pc): (&FastFunc, usize)) -> X<u64> {
        match self.mem.load_as(p, size, false) {
            Ok(v) => Ok(v),
            Err(e) => self.mem_fault_or_zero(e, p, size, self.decoded_loc(ff, pc)),
        }
    }

    /// The location of position `pc` of decoded code `ff`.
    #[cold]
    fn decoded_loc(&self, ff: &FastFunc, pc: usize) -> Loc {
        match self.prog.functions.get(ff.id.index()) {
            Some(func) => fast_loc(ff, func, pc),
            None => Loc::default(),
        }
    }

    /// A decoded store that memory's fast path declined: the general path.
    #[cold]
    #[inline(never)]
    fn store_slow(&mut self, a: u64, size: u32, v: u64, (ff, pc): (&FastFunc, usize)) -> X<()> {
        match self.mem.store_as(a, size, v, false) {
            Ok(()) => Ok(()),
            Err(e) => Err(Stop::Fault(Box::new(
                self.mem_error(e, self.decoded_loc(ff, pc)),
            ))),
        }
    }

    /// At `step_cap`: stop on a limit passed, else move the cap to the next check.
    #[cold]
    fn check_limits(&mut self, loc: Loc) -> X<()> {
        if let Some(why) = &self.stop_asked {
            return Err(self.fault(FaultKind::StepLimit, why.clone(), loc));
        }
        if self.output_over_at.is_some() || self.steps > self.limits.max_steps {
            return Err(self.step_limit(loc));
        }
        let live = super::ceiling::live_bytes();
        if live > self.limits.max_memory {
            return Err(self.fault(
                FaultKind::OutOfMemory,
                memory_ceiling_message(self.limits.max_memory),
                loc,
            ));
        }
        self.step_cap = self.limits.max_steps.min(self.steps + MEMORY_CHECK_STEPS);
        Ok(())
    }

    #[cold]
    fn step_limit(&self, loc: Loc) -> Stop {
        if let Some(at) = self.output_over_at {
            return self.fault(
                FaultKind::OutputLimit,
                format!(
                    "output limit of {} bytes reached (an endless loop? the limit is set with --max-output)",
                    self.limits.max_output
                ),
                at,
            );
        }
        self.fault(
            FaultKind::StepLimit,
            format!(
                "step limit of {} executed statements reached (an endless loop? the limit is set with --max-steps)",
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
            return Ok(Ok(FuncId::from_index(off as usize)));
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
            Err(b) => self.call_builtin(b, args, &None, 0, loc),
        }
    }

    /// Call library model `b`; its value goes to register `dst` of the frame at `rb`.
    fn call_builtin(
        &mut self,
        b: u32,
        args: &[(u64, Scalar, Option<u32>)],
        dst: &Option<(Reg, Scalar)>,
        rb: usize,
        loc: Loc,
    ) -> X<u64> {
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
        O::library_calling(self, Whole, shim, args, loc);
        let v = shims::call(self, shim, args, loc);
        if self.mem.is_lenient() {
            self.drain_uninit_reads(loc);
        }
        let v = v?;
        let dst = dst.map(|(r, s)| {
            let i = rb + r.index();
            self.regs.set(i, s.canon(v));
            (i, s.canon(v))
        });
        O::library_returned(self, Whole, shim, args, dst, loc);
        Ok(v)
    }

    #[inline(always)]
    fn rvalue(&mut self, rv: &Rvalue, rb: usize, lb: usize, loc: Loc, func: &Function) -> X<u64> {
        Ok(match rv {
            Rvalue::Use(o) => self.op(o, rb, loc, func)?,
            Rvalue::Load(a, s) => {
                let p = self.op(a, rb, loc, func)?;
                match self.mem.load_as(p, s.size(), O::WATCH) {
                    Ok(v) => s.canon(v),
                    Err(e) => s.canon(self.mem_fault_or_zero(e, p, s.size(), loc)?),
                }
            }
            Rvalue::LoadRaw(a, s) => {
                let p = self.op(a, rb, loc, func)?;
                match self.mem.load_as(p, s.size(), O::WATCH) {
                    Ok(v) => s.canon(v),
                    // Unwritten bytes hold zero (see `Memory::mark_uninit`).
                    Err(MemFault::Uninit { .. }) => s.canon(self.mem.load_raw(p, s.size())),
                    Err(e) => s.canon(self.mem_fault_or_zero(e, p, s.size(), loc)?),
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
                match self.mem.load_as(p, ty.size(), O::WATCH) {
                    Ok(v) => ty.canon(v),
                    Err(e) => ty.canon(self.mem_fault_or_zero(e, p, ty.size(), loc)?),
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
            Rvalue::Cast { from, to, val } => {
                let v = self.op(val, rb, loc, func)?;
                self.convert(*from, *to, v, || loc)?
            }
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
                let i = lb + l.index();
                match self.locals[i] {
                    // A jump past the declaration: the object exists for the whole block.
                    0 => self.alloc_local(func, i, *l, false, loc)?,
                    p => p,
                }
            }
            Rvalue::AddrGlobal(g) => self.global_ptrs[g.index()],
            Rvalue::AddrFunc(f) => memory::make_ptr(FUNC_SLOT as usize, 0, f.raw()),
            Rvalue::AddrBuiltin(b) => memory::make_ptr(BUILTIN_SLOT as usize, 0, *b),
        })
    }

    /// `v` of kind `from` converted to kind `to`; a floating value that does not fit
    /// the integer kind `to` is undefined (warned, or a fault under `--strict`, at
    /// `loc()`).
    #[inline(always)]
    fn convert(&self, from: Scalar, to: Scalar, v: u64, loc: impl FnOnce() -> Loc) -> X<u64> {
        if from.is_float() && !to.is_float() && !arith::float_fits(from, to, v) {
            let f = arith::f64_of(from, v);
            self.out_of_range_conversion(&format!("{f}"), to, loc())?;
        }
        Ok(arith::cast(from, to, v))
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

/// The step count of `run_straight`, kept as the steps left until the limits' next
/// check is due (`Machine::step_cap`), so that counting a block's steps is one
/// subtraction and a sign test: the count is `base` plus the steps taken from `start`.
struct Budget {
    base: u64,
    start: i64,
    left: i64,
}

impl Budget {
    /// The budget at count `steps` with the next check due past `cap`.
    #[inline(always)]
    fn new(steps: u64, cap: u64) -> Budget {
        let start = i64::try_from(cap.saturating_sub(steps)).unwrap_or(i64::MAX);
        Budget {
            base: steps,
            start,
            left: start,
        }
    }

    /// The step count.
    #[inline(always)]
    fn count(&self) -> u64 {
        let taken = (self.start as u64).wrapping_sub(self.left as u64);
        self.base.wrapping_add(taken)
    }
}

/// Where decoded code stopped (see `Machine::run_decoded`).
enum Exit {
    /// At this statement (or terminator) of the frame it started in.
    At(BlockId, usize),
    /// In another frame, whose position is saved in it and whose block's steps are
    /// counted; or below the frames of this loop.
    Switched,
    /// A library model called at this location jumps (`longjmp`): the statement loop
    /// takes the jump, as after a call it runs itself.
    Jump(Box<JumpTo>, Loc),
}

/// The location of position `pc` of a function's decoded code: its statement's, or its
/// block's terminator's.
#[cold]
#[inline(never)]
fn fast_loc(ff: &FastFunc, func: &Function, pc: usize) -> Loc {
    let (b, i) = ff.position(pc);
    func.blocks.get(b.index()).map_or(Loc::default(), |blk| {
        blk.stmts.get(i).map_or(blk.term_loc, |s| s.loc)
    })
}

/// Bytes a read may lie beside its object and still continue (`--strict` aside): an
/// index one or a few elements past the end of an array, or just before its start.
const NEAR_MISS: i64 = 64;

/// Whether an out-of-bounds read lies within [`NEAR_MISS`] bytes of its live object: the
/// off-by-one reads a native build survives. Reads far away, into freed or no memory,
/// stop the run.
fn near_miss(e: &MemFault) -> bool {
    let MemFault::OutOfBounds {
        offset, size, len, ..
    } = e
    else {
        return false;
    };
    let end = offset.saturating_add(i64::from(*size));
    *offset >= -NEAR_MISS && end <= (*len as i64).saturating_add(NEAR_MISS)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An observer with no hooks that still counts as one (`ON`): its machine runs every
    /// statement from the IR, as observed runs do, never the decoded code.
    #[derive(Default)]
    struct Statements;

    impl Observer for Statements {
        const ON: bool = true;
        type Extra = ();
    }

    /// A plain run and a run from the statements of `prog` on `input` agree (output,
    /// outcome, steps, warnings) at each step limit of `caps`, strict and lenient;
    /// returns how many pairs of runs were compared.
    fn agree_at_step_limits(
        prog: &Program,
        input: &RunInput,
        caps: impl Iterator<Item = u64>,
    ) -> usize {
        let mut compared = 0;
        for (max_steps, strict) in caps.flat_map(|n| [(n, false), (n, true)]) {
            let limits = Limits {
                max_steps,
                strict,
                ..Limits::default()
            };
            let plain = Machine::new(prog, input, limits, ()).run_main();
            let stmts = Machine::new(prog, input, limits, Statements).run_main();
            let what = format!("{:?} max_steps {max_steps} strict {strict}", input.argv);
            assert_eq!(plain.stdout, stmts.stdout, "{what}: stdout");
            assert_eq!(plain.outcome, stmts.outcome, "{what}: outcome");
            assert_eq!(plain.steps, stmts.steps, "{what}: steps");
            assert_eq!(plain.warnings, stmts.warnings, "{what}: warnings");
            compared += 1;
        }
        compared
    }

    /// Calls and returns that decoded code follows itself (arguments written into the
    /// callee's window, an uninitialised argument, a function falling off its end,
    /// deep recursion, a stack overflow) and loops whose `goto` runs the header's branch
    /// in place agree with the statement runs: output, outcome with its location and
    /// stack, warnings, and steps, also when the step limit stops the run at each of
    /// a range of points (strict and lenient).
    #[test]
    fn decoded_calls_and_loops_agree_with_statement_runs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let src = "#include <stdio.h>\n\
                   static int add(int a, int b) { return a + b; }\n\
                   static int noret(int x) { if (x > 100) return 1; }\n\
                   static long depth(long n) { return n == 0 ? 0 : 1 + depth(n - 1); }\n\
                   static int k(int n) { int a[4]; a[n & 3] = n; return a[n & 3] * 3; }\n\
                   int main(int argc, char **argv) {\n\
                     int u; long s = 0;\n\
                     for (int i = 0; i < 50; i++) s += add(i, 2) + k(i);\n\
                     printf(\"%ld %d\\n\", s, add(u, 2));\n\
                     int v = noret(5);\n\
                     printf(\"%d\\n\", v);\n\
                     printf(\"%ld\\n\", depth(argc > 1 ? 10000000 : 1000));\n\
                     return 0;\n\
                   }\n";
        let f = dir.path().join("calls.c");
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        let mut compared = 0;
        for argv in [
            vec![b"./calls".to_vec()],
            vec![b"./calls".to_vec(), b"deep".to_vec()],
        ] {
            let input = RunInput {
                argv,
                ..RunInput::default()
            };
            let caps = (1..=400).chain([1000, 3000, 6000, 10_000_000]);
            compared += agree_at_step_limits(&prog, &input, caps);
            // The whole run: the shallow one warns (twice at least) and exits, the deep one
            // overflows the stack.
            let full = Machine::new(&prog, &input, Limits::default(), ()).run_main();
            match input.argv.len() {
                1 => {
                    assert_eq!(full.outcome, Outcome::Exit(0));
                    assert!(full.warnings.len() >= 2, "{:?}", full.warnings);
                }
                _ => assert!(
                    matches!(&full.outcome, Outcome::Fault(e) if e.kind == FaultKind::StackOverflow),
                    "{:?}",
                    full.outcome
                ),
            }
        }
        assert!(compared > 1000);
    }

    /// Library calls, storage that starts again on each pass of a loop, and the generic
    /// operations (division, remainder, shifts, floating arithmetic and conversions,
    /// unary operators, pointer differences) run from decoded code agree with the
    /// statement runs: values, a comparator called back by `qsort`, `longjmp` and `exit`
    /// from a library call, the warnings of an uninitialised block-scoped array read
    /// and of a conversion out of range, and each fault (division by zero, a shift out
    /// of range, a signed division overflow) with its location, at each of a range of
    /// step limits (strict and lenient).
    #[test]
    fn decoded_library_calls_and_generic_operations_agree_with_statement_runs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let src = "#include <stdio.h>\n\
                   #include <stdlib.h>\n\
                   #include <string.h>\n\
                   #include <setjmp.h>\n\
                   #include <limits.h>\n\
                   static jmp_buf jb;\n\
                   static int cmp(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }\n\
                   static void leave(int code) { if (code > 3) exit(code); longjmp(jb, code); }\n\
                   int main(int argc, char **argv) {\n\
                     int mode = argc > 1 ? atoi(argv[1]) : 0, v[6] = {5, -3, 9, 0, 2, 7};\n\
                     long acc = 0; double d = 1.5;\n\
                     for (int i = 1; i < 40; i++) {\n\
                       char buf[16]; int junk[2];\n\
                       if (i == 3) acc += junk[i & 1];\n\
                       int n = sprintf(buf, \"%d-%x\", i * 37, i);\n\
                       char *dash = strchr(buf, '-');\n\
                       acc += (long)strlen(buf) + (dash - buf) + (i * 1000) / (i % 7 + 1) + (i << (i % 5)) - (-i >> 1) + ~i + !n;\n\
                       d = d * 1.25 - i / 3.0; acc += (long)d % 11 + (unsigned)i % 5u;\n\
                     }\n\
                     qsort(v, 6, sizeof v[0], cmp);\n\
                     int r = setjmp(jb);\n\
                     if (r < 2) leave(r + 1);\n\
                     printf(\"%ld %d %d %d %g\\n\", acc, v[0], v[5], r, d);\n\
                     int zero = mode - 1, big = INT_MIN;\n\
                     if (mode == 1) printf(\"%d\\n\", 7 / zero);\n\
                     if (mode == 2) printf(\"%d\\n\", 1 << (mode * 20));\n\
                     if (mode == 3) printf(\"%d\\n\", big / (zero - 3));\n\
                     if (mode == 4) printf(\"%d\\n\", (int)(d * 1e300));\n\
                     if (mode == 5) leave(mode + 2);\n\
                     return 0;\n\
                   }\n";
        let f = dir.path().join("lib.c");
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        let ff = crate::ir::fast::decode_all(&prog.functions);
        let main = &ff[prog.main.index()];
        let has = |p: fn(&Fast) -> bool| main.code.iter().any(p);
        assert!(has(|f| matches!(f, Fast::CallLib(_))));
        assert!(has(|f| matches!(f, Fast::Live(_))));
        assert!(has(|f| matches!(f, Fast::Arith { .. })));
        assert!(has(|f| matches!(f, Fast::Un { .. })));
        assert!(has(|f| matches!(f, Fast::Convert { .. })));
        assert!(has(|f| matches!(f, Fast::PtrDiff { .. })));
        let mut outcomes = Vec::new();
        for mode in 0..=5 {
            let input = RunInput {
                argv: vec![b"./lib".to_vec(), mode.to_string().into_bytes()],
                ..RunInput::default()
            };
            agree_at_step_limits(
                &prog,
                &input,
                (1..=120).step_by(7).chain([1000, 10_000_000]),
            );
            let full = Machine::new(&prog, &input, Limits::default(), ()).run_main();
            assert!(
                !full.warnings.is_empty(),
                "mode {mode}: the uninitialised read warns"
            );
            outcomes.push(full.outcome);
        }
        assert_eq!(outcomes[0], Outcome::Exit(0));
        let kinds: Vec<_> = outcomes
            .iter()
            .map(|o| match o {
                Outcome::Fault(e) => Some(e.kind),
                _ => None,
            })
            .collect();
        assert_eq!(kinds[1], Some(FaultKind::DivisionByZero));
        assert_eq!(kinds[2], Some(FaultKind::ShiftOutOfRange));
        assert_eq!(kinds[3], Some(FaultKind::DivisionOverflow));
        assert_eq!(outcomes[5], Outcome::Exit(7));
    }

    /// Registers a read may find unset (`FastFunc::ready`: set on some paths only, read
    /// before the loop sets them, the results of calls that may give none, directly or
    /// through a pointer, and a variable read after a `longjmp` back) warn in a plain run
    /// as in a run from the statements, at the same places, and the values agree, at
    /// each of a range of step limits (strict and lenient).
    #[test]
    fn unset_registers_warn_alike_in_plain_and_statement_runs() {
        let dir = tempfile::tempdir().expect("temp dir");
        let src = "#include <stdio.h>\n\
                   #include <setjmp.h>\n\
                   static jmp_buf jb;\n\
                   static int noret(int x) { if (x > 2) return x; }\n\
                   static int twice(int x) { return 2 * x; }\n\
                   static void jump(int n) { longjmp(jb, n); }\n\
                   int main(int argc, char **argv) {\n\
                     int x, y = 0, z, w;\n\
                     int (*fp)(int) = argc > 1 ? noret : twice;\n\
                     for (int i = 0; i < 5; i++) {\n\
                       if (i == 2) x = i;\n\
                       y += x;\n\
                       z = noret(i);\n\
                       if (i & 1) y += z;\n\
                       y += fp(i);\n\
                     }\n\
                     int r = setjmp(jb);\n\
                     if (r < 3) { if (r == 1) w = 5; y += r; jump(r + 1); }\n\
                     printf(\"%d %d %d\\n\", y, w + r, x);\n\
                     return 0;\n\
                   }\n";
        let f = dir.path().join("unset.c");
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        for argv in [vec![b"./u".to_vec()], vec![b"./u".to_vec(), b"p".to_vec()]] {
            let input = RunInput {
                argv,
                ..RunInput::default()
            };
            agree_at_step_limits(&prog, &input, (1..=150).chain([10_000_000]));
            // The whole lenient run warns for `x`, for `noret`'s missing values and for
            // `w`, and ends.
            let full = Machine::new(&prog, &input, Limits::default(), ()).run_main();
            assert_eq!(full.outcome, Outcome::Exit(0));
            let text = format!("{:?}", full.warnings);
            assert!(text.contains("`x`") && text.contains("never set"), "{text}");
        }
    }

    /// A plain run, which executes decoded code, and a run from the statements agree on
    /// every program of the C corpus (passing, faulting and warning ones) and each of
    /// its cases: output, outcome (a fault's kind, message, location and stack), step
    /// count, warnings and notes. Output events are left out: a plain run merges
    /// consecutive writes, an observed one keeps each.
    #[test]
    fn decoded_runs_agree_with_statement_runs_on_the_corpus() {
        let mut compared = 0;
        let mut faults = 0;
        for kind in ["pass", "fail", "warn"] {
            for path in crate::exec::corpus::programs(kind) {
                let Ok(prog) = crate::frontend::load_files(std::slice::from_ref(&path), &[], &[])
                else {
                    continue;
                };
                for input in crate::exec::corpus::cases(&path) {
                    let limits = Limits {
                        max_steps: 50_000_000,
                        ..Limits::default()
                    };
                    let plain = Machine::new(&prog, &input, limits, ()).run_main();
                    let stmts = Machine::new(&prog, &input, limits, Statements).run_main();
                    let what = path.display();
                    assert_eq!(plain.stdout, stmts.stdout, "{what}: stdout");
                    assert_eq!(plain.stderr, stmts.stderr, "{what}: stderr");
                    assert_eq!(plain.outcome, stmts.outcome, "{what}: outcome");
                    assert_eq!(plain.steps, stmts.steps, "{what}: steps");
                    assert_eq!(plain.warnings, stmts.warnings, "{what}: warnings");
                    assert_eq!(plain.notes, stmts.notes, "{what}: notes");
                    compared += 1;
                    faults += usize::from(matches!(plain.outcome, Outcome::Fault(_)));
                }
            }
        }
        // A corpus that silently shrank would pass vacuously.
        assert!(compared > 300, "only {compared} runs compared");
        assert!(faults > 10, "only {faults} faulting runs compared");
    }
}
