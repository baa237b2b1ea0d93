//! The interpreter's hook layer: the points of a run that observers see.
//!
//! The statement loop is generic over one `H: Hooks` and calls `H::…` at each point;
//! an observer is a type implementing the hooks it needs (the others default to
//! nothing), keeping its state in a field of the [`Machine`]. Observers compose as a
//! pair, `(A, B)`, so the concolic state and the slicing trace observe the same run.
//! Everything is static dispatch: the loop is compiled once per observer set, and
//! [`Concrete`] (no observer) compiles to the plain interpreter.
//!
//! Memory accesses are not hooks of the loop: [`super::memory::Memory`] reports them
//! itself when watched, so library models are covered without knowing about observers.

use super::interp::Machine;
use super::io::InPos;
use super::memory::MemFault;
use super::shims::Shim;
use crate::ir::{BlockId, CallArg, Loc, Operand, Rvalue, Scalar, Stmt, StmtId, Terminator};

/// The operands an address was computed from in a store (for observers that track
/// input-dependent addresses).
#[derive(Clone, Copy)]
pub enum AddrOps<'a> {
    /// `*addr = …`
    Direct(&'a Operand),
    /// `base[index] = …`
    Indexed(&'a Operand, &'a Operand),
}

/// How a branch terminator went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Taken {
    /// An if/else: which side.
    Two(bool),
    /// A switch: the index of the matching case, or `None` for the default.
    Case(Option<usize>),
}

/// Hook points of a run. Each is called by the interpreter at one point of execution,
/// with the machine in the state documented on it. Defaults do nothing.
pub trait Hooks {
    /// Whether any hook of this set does anything.
    const ON: bool;
    /// Whether memory accesses must be reported (see `Memory::watch`).
    const WATCH: bool = false;

    /// A statement (or terminator, `at.index == stmts.len()`) is about to execute.
    #[inline(always)]
    fn before_stmt(_m: &mut Machine, _at: StmtId) {}

    /// An `Assign` to the absolute register `dst` computed `v`; the register still holds
    /// its old value (operands may read it).
    #[inline(always)]
    fn assign(_m: &mut Machine, _dst: usize, _rv: &Rvalue, _rb: usize, _loc: Loc, _v: u64) {}

    /// A scalar store of `val` (kind `ty`) at address `a` has been done.
    #[inline(always)]
    fn stored(
        _m: &mut Machine,
        _addr: AddrOps<'_>,
        _val: &Operand,
        _ty: Scalar,
        _a: u64,
        _rb: usize,
        _loc: Loc,
    ) -> Result<(), MemFault> {
        Ok(())
    }

    /// A call is about to be made with these arguments (registers of the caller's frame
    /// at `rb`).
    #[inline(always)]
    fn call_args(_m: &mut Machine, _args: &[CallArg], _rb: usize) {}

    /// A hidden struct-return pointer was put before a library call's arguments.
    #[inline(always)]
    fn sret_arg(_m: &mut Machine) {}

    /// A library model returned `v` into the absolute register `dst` (if any).
    #[inline(always)]
    fn library_returned(
        _m: &mut Machine,
        _shim: Shim,
        _args: &[(u64, Scalar, Option<u32>)],
        _dst: Option<(usize, u64)>,
        _loc: Loc,
    ) {
    }

    // Input effects of library models: the models say what they read from the
    // program's input and where it went; observers decide what that means (the
    // concolic state makes symbolic inputs of it). Each is called while the library
    // call is being made, before [`Hooks::library_returned`].

    /// A model wrote `bytes` at `p`; `offsets[k]` is the input position `bytes[k]` was
    /// read from (`None`: not an input byte).
    #[inline(always)]
    fn input_bytes(
        _m: &mut Machine,
        _p: u64,
        _bytes: &[u8],
        _offsets: &[Option<InPos>],
        _loc: Loc,
    ) -> Result<(), MemFault> {
        Ok(())
    }

    /// The call's result is the input byte at `offset` (`getc`).
    #[inline(always)]
    fn input_char(_m: &mut Machine, _offset: InPos, _byte: u8, _loc: Loc) {}

    /// `scanf` parsed an integer from input text and has stored it.
    #[inline(always)]
    fn input_scanned(_m: &mut Machine, _scan: &Scanned, _loc: Loc) -> Result<(), MemFault> {
        Ok(())
    }

    /// The call's result is a number parsed from the C string at `parsed.ptr`
    /// (`atoi`, `strtol`).
    #[inline(always)]
    fn input_parsed(_m: &mut Machine, _parsed: &Parsed<'_>, _loc: Loc) {}

    /// A value the call read from input is passed on concretely only; `why` says which.
    #[inline(always)]
    fn input_concretised(_m: &mut Machine, _why: &'static str, _loc: Loc) {}

    /// The input positions the `n` bytes at `p` were read from, as far as an observer
    /// knows (`sscanf` of a line read before).
    #[inline(always)]
    fn input_offsets(_m: &Machine, _p: u64, n: usize) -> Vec<Option<InPos>> {
        vec![None; n]
    }

    /// A library model is calling back into the program (`qsort`'s comparator): the
    /// callee gets concrete arguments.
    #[inline(always)]
    fn callback(_m: &mut Machine) {}

    /// The callback started by the last [`Hooks::callback`] returned; the scratch
    /// register that received its value (absolute index `slot`) is gone.
    #[inline(always)]
    fn callback_returned(_m: &mut Machine, _slot: usize) {}

    /// A frame was pushed (it is the top frame; its parameters are set).
    #[inline(always)]
    fn frame_pushed(_m: &mut Machine) {}

    /// A `return` of `val` (registers of the returning frame at `rb`) is about to pop it.
    #[inline(always)]
    fn returning(_m: &mut Machine, _val: Option<&Operand>, _rb: usize) {}

    /// A frame whose registers started at `reg_base` was popped; `dst` is the caller's
    /// absolute register that received the value, if any.
    #[inline(always)]
    fn frame_popped(_m: &mut Machine, _reg_base: usize, _dst: Option<usize>) {}

    /// A statement finished (for a call of an interpreted function: the callee's frame
    /// has just been pushed).
    #[inline(always)]
    fn stmt_done(_m: &mut Machine, _at: StmtId, _st: &Stmt, _rb: usize) {}

    /// A branch terminator at `at` went to `dest`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn branched(
        _m: &mut Machine,
        _at: StmtId,
        _term: &Terminator,
        _rb: usize,
        _loc: Loc,
        _taken: Taken,
        _dest: BlockId,
    ) {
    }
}

/// An integer `scanf` parsed from the `len` input bytes from `start` (conversion
/// `conv`) and stored at `addr` (`size` bytes holding `bits`).
pub struct Scanned {
    pub addr: u64,
    pub size: u32,
    pub bits: u64,
    pub signed: bool,
    pub conv: u8,
    pub start: InPos,
    pub len: usize,
}

/// A number a library call parsed from the C string at `ptr` and returned: `consumed`
/// bytes of `text` (the string from `ptr` on) made `value`, of `width` bits.
pub struct Parsed<'a> {
    pub ptr: u64,
    pub text: &'a [u8],
    pub consumed: usize,
    pub base: u32,
    pub width: u32,
    pub signed: bool,
    pub value: u64,
}

/// No observer: a plain concrete run.
pub struct Concrete;

impl Hooks for Concrete {
    const ON: bool = false;
}

/// Two observers of one run; `A` sees each point before `B`.
impl<A: Hooks, B: Hooks> Hooks for (A, B) {
    const ON: bool = A::ON || B::ON;
    const WATCH: bool = A::WATCH || B::WATCH;

    #[inline(always)]
    fn before_stmt(m: &mut Machine, at: StmtId) {
        A::before_stmt(m, at);
        B::before_stmt(m, at);
    }
    #[inline(always)]
    fn assign(m: &mut Machine, dst: usize, rv: &Rvalue, rb: usize, loc: Loc, v: u64) {
        A::assign(m, dst, rv, rb, loc, v);
        B::assign(m, dst, rv, rb, loc, v);
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
        A::stored(m, addr, val, ty, a, rb, loc)?;
        B::stored(m, addr, val, ty, a, rb, loc)
    }
    #[inline(always)]
    fn call_args(m: &mut Machine, args: &[CallArg], rb: usize) {
        A::call_args(m, args, rb);
        B::call_args(m, args, rb);
    }
    #[inline(always)]
    fn sret_arg(m: &mut Machine) {
        A::sret_arg(m);
        B::sret_arg(m);
    }
    #[inline(always)]
    fn library_returned(
        m: &mut Machine,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        dst: Option<(usize, u64)>,
        loc: Loc,
    ) {
        A::library_returned(m, shim, args, dst, loc);
        B::library_returned(m, shim, args, dst, loc);
    }
    #[inline(always)]
    fn input_bytes(
        m: &mut Machine,
        p: u64,
        bytes: &[u8],
        offsets: &[Option<InPos>],
        loc: Loc,
    ) -> Result<(), MemFault> {
        A::input_bytes(m, p, bytes, offsets, loc)?;
        B::input_bytes(m, p, bytes, offsets, loc)
    }
    #[inline(always)]
    fn input_char(m: &mut Machine, offset: InPos, byte: u8, loc: Loc) {
        A::input_char(m, offset, byte, loc);
        B::input_char(m, offset, byte, loc);
    }
    #[inline(always)]
    fn input_scanned(m: &mut Machine, scan: &Scanned, loc: Loc) -> Result<(), MemFault> {
        A::input_scanned(m, scan, loc)?;
        B::input_scanned(m, scan, loc)
    }
    #[inline(always)]
    fn input_parsed(m: &mut Machine, parsed: &Parsed<'_>, loc: Loc) {
        A::input_parsed(m, parsed, loc);
        B::input_parsed(m, parsed, loc);
    }
    #[inline(always)]
    fn input_concretised(m: &mut Machine, why: &'static str, loc: Loc) {
        A::input_concretised(m, why, loc);
        B::input_concretised(m, why, loc);
    }
    #[inline(always)]
    fn input_offsets(m: &Machine, p: u64, n: usize) -> Vec<Option<InPos>> {
        // The first observer that knows where any byte came from answers.
        let a = A::input_offsets(m, p, n);
        if a.iter().any(Option::is_some) {
            a
        } else {
            B::input_offsets(m, p, n)
        }
    }
    #[inline(always)]
    fn callback(m: &mut Machine) {
        A::callback(m);
        B::callback(m);
    }
    #[inline(always)]
    fn callback_returned(m: &mut Machine, slot: usize) {
        A::callback_returned(m, slot);
        B::callback_returned(m, slot);
    }
    #[inline(always)]
    fn frame_pushed(m: &mut Machine) {
        A::frame_pushed(m);
        B::frame_pushed(m);
    }
    #[inline(always)]
    fn returning(m: &mut Machine, val: Option<&Operand>, rb: usize) {
        A::returning(m, val, rb);
        B::returning(m, val, rb);
    }
    #[inline(always)]
    fn frame_popped(m: &mut Machine, reg_base: usize, dst: Option<usize>) {
        A::frame_popped(m, reg_base, dst);
        B::frame_popped(m, reg_base, dst);
    }
    #[inline(always)]
    fn stmt_done(m: &mut Machine, at: StmtId, st: &Stmt, rb: usize) {
        A::stmt_done(m, at, st, rb);
        B::stmt_done(m, at, st, rb);
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
        A::branched(m, at, term, rb, loc, taken, dest);
        B::branched(m, at, term, rb, loc, taken, dest);
    }
}
