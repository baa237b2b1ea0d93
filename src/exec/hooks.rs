//! The interpreter's hook layer: the points of a run that observers see, in Miri's way.
//!
//! [`Machine`] is generic over one observer `O: Observer`, which it owns (`Machine::obs`)
//! with the observer's per-allocation state in memory (`Observer::Extra`, kept with
//! each allocation). The statement loop calls `O::…` at fixed points; an observer
//! implements the hooks it needs (the others default to nothing). Observers compose as
//! a pair, `(A, B)`, so the concolic state and the slicing trace observe the same run;
//! each hook is given a [`Lens`] that finds its own part of the machine's observer and
//! of the allocations' extras. Everything is static dispatch: the loop is compiled once
//! per observer, and `()` (no observer) compiles to the plain interpreter.
//!
//! Memory accesses are not hooks of the loop: [`super::memory::Memory`] reports them
//! itself when watched, so library models are covered without knowing about observers.

use super::interp::Machine;
use super::io::InPos;
use super::memory::{AllocExtra, MemFault};
use super::shims::Shim;
use crate::ir::{BlockId, CallArg, Loc, Operand, Rvalue, Scalar, Stmt, StmtId, Terminator};

/// "No trace entry" (see [`Observer::next_entry`]).
pub const NO_ENTRY: u32 = u32::MAX;

/// Finds one observer `Target` inside the machine's observer `O` (all of it, or one
/// side of a pair), and its extra inside an allocation's `O::Extra`. Lenses are
/// zero-sized: finding a part costs nothing at run time.
pub trait Lens<O: Observer>: Copy {
    type Target: Observer;
    fn get(self, o: &mut O) -> &mut Self::Target;
    fn get_ref(self, o: &O) -> &Self::Target;
    fn extra(self, e: &mut O::Extra) -> &mut <Self::Target as Observer>::Extra;
    fn extra_ref(self, e: &O::Extra) -> &<Self::Target as Observer>::Extra;
}

/// The machine's whole observer.
#[derive(Clone, Copy)]
pub struct Whole;

impl<O: Observer> Lens<O> for Whole {
    type Target = O;
    #[inline(always)]
    fn get(self, o: &mut O) -> &mut O {
        o
    }
    #[inline(always)]
    fn get_ref(self, o: &O) -> &O {
        o
    }
    #[inline(always)]
    fn extra(self, e: &mut O::Extra) -> &mut O::Extra {
        e
    }
    #[inline(always)]
    fn extra_ref(self, e: &O::Extra) -> &O::Extra {
        e
    }
}

/// The first observer of the pair `L` finds.
#[derive(Clone, Copy)]
pub struct First<L>(pub L);

/// The second observer of the pair `L` finds.
#[derive(Clone, Copy)]
pub struct Second<L>(pub L);

/// `$side` finds the observer `$part` of the pair its lens finds, at tuple index `$i`.
macro_rules! pair_side {
    ($side:ident, $part:ident, $i:tt) => {
        impl<O: Observer, A: Observer, B: Observer, L: Lens<O, Target = (A, B)>> Lens<O>
            for $side<L>
        {
            type Target = $part;
            #[inline(always)]
            fn get(self, o: &mut O) -> &mut $part {
                &mut self.0.get(o).$i
            }
            #[inline(always)]
            fn get_ref(self, o: &O) -> &$part {
                &self.0.get_ref(o).$i
            }
            #[inline(always)]
            fn extra(self, e: &mut O::Extra) -> &mut $part::Extra {
                &mut self.0.extra(e).$i
            }
            #[inline(always)]
            fn extra_ref(self, e: &O::Extra) -> &$part::Extra {
                &self.0.extra_ref(e).$i
            }
        }
    };
}

pair_side!(First, A, 0);
pair_side!(Second, B, 1);

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

/// An observer of runs: its state is the value the machine owns (`Machine::obs`), its
/// per-allocation state is `Extra`, and its hooks are points of a run, each called by
/// the interpreter with the machine in the state documented on it. Defaults do nothing.
pub trait Observer: Sized + 'static {
    /// Whether any hook of this observer does anything.
    const ON: bool;
    /// Whether memory accesses must be reported (see `Memory::watch`).
    const WATCH: bool = false;
    /// What the observer keeps with each allocation.
    type Extra: AllocExtra;

    /// The index the slicing trace gives the entry being recorded (the trace's next
    /// entry), when the observer records one: output events and branch records name it.
    #[inline(always)]
    fn next_entry(&self) -> u32 {
        NO_ENTRY
    }

    /// A statement (or terminator, `at.index == stmts.len()`) is about to execute.
    #[inline(always)]
    fn before_stmt<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _at: StmtId,
    ) {
    }

    /// An `Assign` to the absolute register `dst` computed `v`; the register still holds
    /// its old value (operands may read it).
    #[inline(always)]
    fn assign<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _dst: usize,
        _rv: &Rvalue,
        _rb: usize,
        _loc: Loc,
        _v: u64,
    ) {
    }

    /// A scalar store of `val` (kind `ty`) at address `a` has been done.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn stored<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
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
    fn call_args<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _args: &[CallArg],
        _rb: usize,
    ) {
    }

    /// A hidden struct-return pointer was put before a library call's arguments.
    #[inline(always)]
    fn sret_arg<O: Observer, L: Lens<O, Target = Self>>(_m: &mut Machine<'_, O>, _l: L) {}

    /// Argument `index` of the call being made, a variadic one, was stored (8 bytes) at
    /// `at` in the callee's argument area.
    #[inline(always)]
    fn vararg_stored<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _index: usize,
        _at: u64,
    ) -> Result<(), MemFault> {
        Ok(())
    }

    /// A library model is about to run on `args` (concrete values).
    #[inline(always)]
    fn library_calling<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _shim: Shim,
        _args: &[(u64, Scalar, Option<u32>)],
        _loc: Loc,
    ) {
    }

    /// A library model returned `v` into the absolute register `dst` (if any).
    #[inline(always)]
    fn library_returned<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _shim: Shim,
        _args: &[(u64, Scalar, Option<u32>)],
        _dst: Option<(usize, u64)>,
        _loc: Loc,
    ) {
    }

    /// A model wrote `bytes` at `p`; `offsets[k]` is the input position `bytes[k]` was
    /// read from (`None`: not an input byte).
    #[inline(always)]
    fn input_bytes<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _p: u64,
        _bytes: &[u8],
        _offsets: &[Option<InPos>],
        _loc: Loc,
    ) -> Result<(), MemFault> {
        Ok(())
    }

    /// The call's result is the input byte at `offset` (`getc`).
    #[inline(always)]
    fn input_char<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _offset: InPos,
        _byte: u8,
        _loc: Loc,
    ) {
    }

    /// `scanf` parsed an integer from input text and has stored it.
    #[inline(always)]
    fn input_scanned<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _scan: &Scanned,
        _loc: Loc,
    ) -> Result<(), MemFault> {
        Ok(())
    }

    /// The call's result is a number parsed from the C string at `parsed.ptr`
    /// (`atoi`, `strtol`).
    #[inline(always)]
    fn input_parsed<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _parsed: &Parsed<'_>,
        _loc: Loc,
    ) {
    }

    /// A value the call read from input is passed on concretely only; `why` says which.
    #[inline(always)]
    fn input_concretised<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _why: &'static str,
        _loc: Loc,
    ) {
    }

    /// The input positions the `n` bytes at `p` were read from, as far as an observer
    /// knows (`sscanf` of a line read before).
    #[inline(always)]
    fn input_offsets<O: Observer, L: Lens<O, Target = Self>>(
        _m: &Machine<'_, O>,
        _l: L,
        _p: u64,
        n: usize,
    ) -> Vec<Option<InPos>> {
        vec![None; n]
    }

    /// A statement computes concretely only with the bytes of `spans` (address, length:
    /// `long double` arithmetic's operands); `why` says which.
    #[inline(always)]
    fn bytes_used_concretely<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _spans: &[(u64, u32)],
        _why: &'static str,
        _loc: Loc,
    ) {
    }

    /// A variable-length array is being allocated with the size in `size` (registers of
    /// the frame at `rb`).
    #[inline(always)]
    fn vla_sized<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _size: &Operand,
        _rb: usize,
        _loc: Loc,
    ) {
    }

    /// `main`'s `argv` array (`argc` pointers at `argv`) has been set up.
    #[inline(always)]
    fn main_args<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _argv: u64,
        _argc: usize,
    ) {
    }

    /// A library model is calling back into the program (`qsort`'s comparator): the
    /// callee gets concrete arguments.
    #[inline(always)]
    fn callback<O: Observer, L: Lens<O, Target = Self>>(_m: &mut Machine<'_, O>, _l: L) {}

    /// The callback started by the last [`Observer::callback`] returned; the scratch
    /// register that received its value (absolute index `slot`) is gone.
    #[inline(always)]
    fn callback_returned<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _slot: usize,
    ) {
    }

    /// A frame was pushed (it is the top frame; its parameters are set).
    #[inline(always)]
    fn frame_pushed<O: Observer, L: Lens<O, Target = Self>>(_m: &mut Machine<'_, O>, _l: L) {}

    /// A `return` of `val` (registers of the returning frame at `rb`) is about to pop it.
    #[inline(always)]
    fn returning<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _val: Option<&Operand>,
        _rb: usize,
    ) {
    }

    /// A frame whose registers started at `reg_base` was popped; `dst` is the caller's
    /// absolute register that received the value, if any.
    #[inline(always)]
    fn frame_popped<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _reg_base: usize,
        _dst: Option<usize>,
    ) {
    }

    /// A statement finished (for a call of an interpreted function: the callee's frame
    /// has just been pushed).
    #[inline(always)]
    fn stmt_done<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _at: StmtId,
        _st: &Stmt,
        _rb: usize,
    ) {
    }

    /// A branch terminator at `at` went to `dest`.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn branched<O: Observer, L: Lens<O, Target = Self>>(
        _m: &mut Machine<'_, O>,
        _l: L,
        _at: StmtId,
        _term: &Terminator,
        _rb: usize,
        _loc: Loc,
        _taken: Taken,
        _dest: BlockId,
    ) {
    }

    /// The run has ended (its outcome is known; nothing runs after this).
    #[inline(always)]
    fn finished<O: Observer, L: Lens<O, Target = Self>>(_m: &mut Machine<'_, O>, _l: L) {}
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
impl Observer for () {
    const ON: bool = false;
    type Extra = ();
}

/// Two observers of one run; `A` sees each point before `B`.
impl<A: Observer, B: Observer> Observer for (A, B) {
    const ON: bool = A::ON || B::ON;
    const WATCH: bool = A::WATCH || B::WATCH;
    type Extra = (A::Extra, B::Extra);

    #[inline(always)]
    fn next_entry(&self) -> u32 {
        match self.0.next_entry() {
            NO_ENTRY => self.1.next_entry(),
            e => e,
        }
    }
    #[inline(always)]
    fn before_stmt<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
    ) {
        A::before_stmt(m, First(l), at);
        B::before_stmt(m, Second(l), at);
    }
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
        A::assign(m, First(l), dst, rv, rb, loc, v);
        B::assign(m, Second(l), dst, rv, rb, loc, v);
    }
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
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
        A::stored(m, First(l), addr, val, ty, a, rb, loc)?;
        B::stored(m, Second(l), addr, val, ty, a, rb, loc)
    }
    #[inline(always)]
    fn call_args<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        args: &[CallArg],
        rb: usize,
    ) {
        A::call_args(m, First(l), args, rb);
        B::call_args(m, Second(l), args, rb);
    }
    #[inline(always)]
    fn sret_arg<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        A::sret_arg(m, First(l));
        B::sret_arg(m, Second(l));
    }
    #[inline(always)]
    fn vararg_stored<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        index: usize,
        at: u64,
    ) -> Result<(), MemFault> {
        A::vararg_stored(m, First(l), index, at)?;
        B::vararg_stored(m, Second(l), index, at)
    }
    #[inline(always)]
    fn library_calling<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        loc: Loc,
    ) {
        A::library_calling(m, First(l), shim, args, loc);
        B::library_calling(m, Second(l), shim, args, loc);
    }
    #[inline(always)]
    fn library_returned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        shim: Shim,
        args: &[(u64, Scalar, Option<u32>)],
        dst: Option<(usize, u64)>,
        loc: Loc,
    ) {
        A::library_returned(m, First(l), shim, args, dst, loc);
        B::library_returned(m, Second(l), shim, args, dst, loc);
    }
    #[inline(always)]
    fn input_bytes<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        p: u64,
        bytes: &[u8],
        offsets: &[Option<InPos>],
        loc: Loc,
    ) -> Result<(), MemFault> {
        A::input_bytes(m, First(l), p, bytes, offsets, loc)?;
        B::input_bytes(m, Second(l), p, bytes, offsets, loc)
    }
    #[inline(always)]
    fn input_char<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        offset: InPos,
        byte: u8,
        loc: Loc,
    ) {
        A::input_char(m, First(l), offset, byte, loc);
        B::input_char(m, Second(l), offset, byte, loc);
    }
    #[inline(always)]
    fn input_scanned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        scan: &Scanned,
        loc: Loc,
    ) -> Result<(), MemFault> {
        A::input_scanned(m, First(l), scan, loc)?;
        B::input_scanned(m, Second(l), scan, loc)
    }
    #[inline(always)]
    fn input_parsed<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        parsed: &Parsed<'_>,
        loc: Loc,
    ) {
        A::input_parsed(m, First(l), parsed, loc);
        B::input_parsed(m, Second(l), parsed, loc);
    }
    #[inline(always)]
    fn input_concretised<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        why: &'static str,
        loc: Loc,
    ) {
        A::input_concretised(m, First(l), why, loc);
        B::input_concretised(m, Second(l), why, loc);
    }
    #[inline(always)]
    fn input_offsets<O: Observer, L: Lens<O, Target = Self>>(
        m: &Machine<'_, O>,
        l: L,
        p: u64,
        n: usize,
    ) -> Vec<Option<InPos>> {
        // The first observer that knows where any byte came from answers.
        let a = A::input_offsets(m, First(l), p, n);
        if a.iter().any(Option::is_some) {
            a
        } else {
            B::input_offsets(m, Second(l), p, n)
        }
    }
    #[inline(always)]
    fn bytes_used_concretely<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        spans: &[(u64, u32)],
        why: &'static str,
        loc: Loc,
    ) {
        A::bytes_used_concretely(m, First(l), spans, why, loc);
        B::bytes_used_concretely(m, Second(l), spans, why, loc);
    }
    #[inline(always)]
    fn vla_sized<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        size: &Operand,
        rb: usize,
        loc: Loc,
    ) {
        A::vla_sized(m, First(l), size, rb, loc);
        B::vla_sized(m, Second(l), size, rb, loc);
    }
    #[inline(always)]
    fn main_args<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        argv: u64,
        argc: usize,
    ) {
        A::main_args(m, First(l), argv, argc);
        B::main_args(m, Second(l), argv, argc);
    }
    #[inline(always)]
    fn callback<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        A::callback(m, First(l));
        B::callback(m, Second(l));
    }
    #[inline(always)]
    fn callback_returned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        slot: usize,
    ) {
        A::callback_returned(m, First(l), slot);
        B::callback_returned(m, Second(l), slot);
    }
    #[inline(always)]
    fn frame_pushed<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        A::frame_pushed(m, First(l));
        B::frame_pushed(m, Second(l));
    }
    #[inline(always)]
    fn returning<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        val: Option<&Operand>,
        rb: usize,
    ) {
        A::returning(m, First(l), val, rb);
        B::returning(m, Second(l), val, rb);
    }
    #[inline(always)]
    fn frame_popped<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        reg_base: usize,
        dst: Option<usize>,
    ) {
        A::frame_popped(m, First(l), reg_base, dst);
        B::frame_popped(m, Second(l), reg_base, dst);
    }
    #[inline(always)]
    fn stmt_done<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
        st: &Stmt,
        rb: usize,
    ) {
        A::stmt_done(m, First(l), at, st, rb);
        B::stmt_done(m, Second(l), at, st, rb);
    }
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
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
        A::branched(m, First(l), at, term, rb, loc, taken, dest);
        B::branched(m, Second(l), at, term, rb, loc, taken, dest);
    }
    #[inline(always)]
    fn finished<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        A::finished(m, First(l));
        B::finished(m, Second(l));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::memory::slot_of;
    use crate::exec::{Limits, RunInput};

    /// A test observer: counts the statements it sees, and in each allocation's extra
    /// the stores the loop made there and the overwrites memory reported.
    #[derive(Default)]
    struct Count {
        stmts: u64,
    }

    #[derive(Clone, Debug, Default)]
    struct Stores {
        stored: u32,
        overwritten: u32,
    }

    impl AllocExtra for Stores {
        type Carried = ();
        fn overwritten(&mut self, _off: usize, _n: usize) {
            self.overwritten += 1;
        }
        fn carried(&self, _off: usize, _n: usize) {}
        fn paste(&mut self, _off: usize, _n: usize, _carried: ()) {}
    }

    impl Observer for Count {
        const ON: bool = true;
        type Extra = Stores;

        fn before_stmt<O: Observer, L: Lens<O, Target = Self>>(
            m: &mut Machine<'_, O>,
            l: L,
            _at: StmtId,
        ) {
            l.get(&mut m.obs).stmts += 1;
        }

        fn stored<O: Observer, L: Lens<O, Target = Self>>(
            m: &mut Machine<'_, O>,
            l: L,
            _addr: AddrOps<'_>,
            _val: &Operand,
            _ty: Scalar,
            a: u64,
            _rb: usize,
            _loc: Loc,
        ) -> Result<(), MemFault> {
            if let Some(alloc) = m.mem.allocs.get_mut(slot_of(a)) {
                l.extra(&mut alloc.extra).stored += 1;
            }
            Ok(())
        }
    }

    fn program() -> (tempfile::TempDir, crate::ir::Program) {
        let dir = tempfile::tempdir().expect("temp dir");
        let f = dir.path().join("count.c");
        let src =
            "int g;\nint main(void) {\n  for (int i = 0; i < 5; i++)\n    g = i;\n  return g;\n}\n";
        std::fs::write(&f, src).expect("write test program");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("program loads");
        (dir, prog)
    }

    /// The allocation slot of the program's global `g`.
    fn g<O: Observer>(m: &Machine<'_, O>) -> usize {
        slot_of(m.global_ptrs[0])
    }

    /// Each observer of a pair finds its own state and its own extras through its lens:
    /// alone, first or second, it sees the same run.
    #[test]
    fn lenses_give_each_observer_of_a_pair_its_own_part() {
        let (_dir, prog) = program();
        let input = RunInput::default();

        let mut alone = Machine::new(&prog, &input, Limits::default(), Count::default());
        let r = alone.run_main();
        assert!(matches!(r.outcome, crate::exec::Outcome::Exit(4)));
        let stmts = alone.obs.stmts;
        let extra = alone.mem.allocs[g(&alone)].extra.clone();
        assert!(stmts > 10);
        assert_eq!(extra.stored, 5, "five stores of g");
        assert!(extra.overwritten >= 5, "memory reports each write of g");

        let mut both = Machine::new(&prog, &input, Limits::default(), (Count::default(), ()));
        both.run_main();
        assert_eq!(both.obs.0.stmts, stmts);
        assert_eq!(both.mem.allocs[g(&both)].extra.0.stored, 5);

        let mut pair = Machine::new(
            &prog,
            &input,
            Limits::default(),
            (Count::default(), Count::default()),
        );
        pair.run_main();
        assert_eq!((pair.obs.0.stmts, pair.obs.1.stmts), (stmts, stmts));
        let (a, b) = &pair.mem.allocs[g(&pair)].extra;
        assert_eq!((a.stored, b.stored), (5, 5));
        assert_eq!(
            (a.overwritten, b.overwritten),
            (extra.overwritten, extra.overwritten)
        );

        // The plain machine sees nothing and keeps no extra.
        let mut plain = Machine::new(&prog, &input, Limits::default(), ());
        assert!(matches!(
            plain.run_main().outcome,
            crate::exec::Outcome::Exit(4)
        ));
        assert_eq!(std::mem::size_of_val(&plain.mem.allocs[g(&plain)].extra), 0);
    }
}
