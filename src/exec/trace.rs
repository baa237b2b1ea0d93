//! The slicing trace: one compact record per executed statement instance, with the
//! locations it defined and used, in flat arenas (no boxed object per step).
//!
//! A trace is filled by the trace observer on the interpreter's hooks and read by the
//! slicer (`crate::slice`). Its layout is the contract between the two:
//!
//! - Entry `i` ([`Trace::entry`]) is the i-th executed statement or terminator, in
//!   execution order. It is stored in 2 bytes (4 in programs of 32,768 statements or
//!   more), its statement as a dense number (the program's [`crate::ir::StmtIndex`]),
//!   which per-statement tables over a trace index by ([`Trace::stmt_number`]), with
//!   its frame kept where it changes, the number of its recorded locations where it
//!   has some, and its `aux` where the entry after does not imply it (see `store.rs`);
//!   readers get the decoded [`Entry`].
//! - The locations of entry `i` are those the IR *implies* when the entry is marked so
//!   ([`Entry::implied`], see [`implied`]: the registers its statement reads and
//!   writes, found from the statement and the frame), followed by its *recorded* ones,
//!   `locs[entry(i-1).loc_end() .. entry(i).loc_end()]` (from 0 for the first
//!   entry); each is tagged def or use. Recording only what the IR does not say
//!   (memory, a return's destination in the caller, callback slots) keeps about a
//!   third of the locations; [`Trace::locations`] gives the whole list.
//! - Registers are named by (frame serial, register); a frame serial is unique for the
//!   whole run (`frames[serial]`), so a register of one call never aliases another's.
//! - Memory is named by (allocation serial, byte offset, size); an allocation serial is
//!   unique for the whole run (slots are reused, serials are not).
//! - A call to an interpreted function is one entry (the `Call` statement) that uses the
//!   argument registers and defines the callee's parameters (registers of the callee's
//!   frame, or the bytes of its in-memory parameters). The callee's `Return` terminator
//!   entry uses the returned operand and defines the caller's destination register.
//! - A call to a library function is one entry: its argument registers, every byte the
//!   library model read or wrote (reported by `Memory` itself) and its destination
//!   register.
//! - A library model that calls back into the program (`qsort`'s comparator) adds, per
//!   callback, an entry at the library call's statement that defines the callback's
//!   parameters. The callback's `return` defines the caller frame's *callback slot*,
//!   register number `regs.len()` of the caller's function (one past its registers);
//!   the next callback's parameter entry and the library call's own entry use it, so
//!   what the model did after a callback depends on what the callback returned.

mod store;

use super::hooks::{Lens, Observer, Taken, NO_ENTRY};
use super::interp::Machine;
use super::memory::{AllocExtra, Memory};
use crate::ir::{
    BlockId, FuncId, Operand, ParamKind, Program, Reg, Rvalue, Stmt, StmtId, StmtKind, Terminator,
};
use crate::sparse::Sparse;
use store::{Ends, Recs, Values};
pub use store::{LocIter, Locs};

/// Sentinel for "none" in `u32` fields.
pub const NONE: u32 = NO_ENTRY;

/// One executed statement or terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The statement; a terminator has `index == block.stmts.len()`.
    pub stmt: StmtId,
    /// Serial of the frame it ran in (index into [`Trace::frames`]).
    pub frame: u32,
    /// End (exclusive) of this entry's recorded locations in [`Trace::locs`], with bit 31
    /// ([`Entry::IMPLIED`]) set when the IR implies its register locations.
    pub loc_end: u32,
    /// For a terminator: the block control went to (`NONE` for a return). For a call of
    /// an interpreted function: the callee's frame serial. Otherwise `NONE`.
    pub aux: u32,
}

impl Entry {
    /// The bit of `loc_end` that marks an entry whose register locations the IR implies.
    pub const IMPLIED: u32 = 1 << 31;

    /// End (exclusive) of this entry's recorded locations in [`Trace::locs`].
    pub fn loc_end(&self) -> u32 {
        self.loc_end & !Self::IMPLIED
    }

    /// Whether the IR implies this entry's register locations (see [`implied`]).
    pub fn implied(&self) -> bool {
        self.loc_end & Self::IMPLIED != 0
    }
}

/// A location defined or used by an entry (stored packed, see [`Locs`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Location {
    /// Bit 31: set for a definition, clear for a use. Bit 30: set for memory, clear
    /// for a register. Bits 0..30: the size in bytes for memory (0 for registers).
    pub tag: u32,
    /// Frame serial (register) or allocation serial (memory).
    pub a: u32,
    /// Register number (register) or byte offset in the allocation (memory).
    pub b: u32,
}

impl Location {
    const DEF: u32 = 1 << 31;
    const MEM: u32 = 1 << 30;
    const SIZE: u32 = (1 << 30) - 1;

    pub fn reg(def: bool, frame: u32, reg: u32) -> Location {
        Location {
            tag: if def { Self::DEF } else { 0 },
            a: frame,
            b: reg,
        }
    }
    pub fn mem(def: bool, alloc: u32, offset: u32, size: u32) -> Location {
        Location {
            tag: (if def { Self::DEF } else { 0 }) | Self::MEM | (size & Self::SIZE),
            a: alloc,
            b: offset,
        }
    }
    pub fn is_def(self) -> bool {
        self.tag & Self::DEF != 0
    }
    pub fn is_mem(self) -> bool {
        self.tag & Self::MEM != 0
    }
    /// Size in bytes of a memory location (0 for a register).
    pub fn size(self) -> u32 {
        self.tag & Self::SIZE
    }
}

/// One function activation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FrameRec {
    pub func: FuncId,
    /// The entry of the call that created it (`NONE` for `main`); the caller's frame is
    /// that entry's.
    pub call_entry: u32,
}

/// One allocation of the run, by serial.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AllocRec {
    /// A variable name, "heap block", "argv[1]", ...
    pub name: String,
    /// The local or global this is, when it is one: (function or `NONE` for a global,
    /// local or global index).
    pub var: Option<(u32, u32)>,
    pub size: u32,
}

/// The trace of one run.
#[derive(Clone, Debug, Default)]
pub struct Trace {
    /// The entries as stored (see [`Recs`]); read them with [`Trace::entry`],
    /// [`Trace::get`] and [`Trace::iter`].
    recs: Recs,
    /// The statements' dense numbers, both ways.
    stmts: StmtNumbers,
    pub locs: Locs,
    pub frames: Vec<FrameRec>,
    pub allocs: Vec<AllocRec>,
    /// The values entries defined, kept for the entries of statements whose value is
    /// compared ([`keeps_value`]); read with [`Trace::value`].
    values: Values,
    /// Each entry's frame serial, kept where it differs from the entry before's (calls
    /// and returns).
    frames_at: Sparse<u32>,
    /// Where each entry's recorded locations end (its `loc_end` without
    /// [`Entry::IMPLIED`]), kept as how many it recorded where it recorded some.
    ends_at: Ends,
    /// Each entry's `aux`, kept where the entry after does not imply it ([`Follow`]: a
    /// run that stopped inside a call, say); the last entry's is `last_aux`, kept
    /// until an entry follows it.
    auxs: Sparse<u32>,
    last_aux: u32,
    /// The last entry's frame and what the entry after it says of its `aux`: recording
    /// reads them for every entry (looking them up in `frames_at` and `recs` was a
    /// fifth of its cost).
    last_frame: u32,
    last_follow: Follow,
    /// Whether recording stopped early (the run hit its step limit or a fault); the
    /// entries recorded so far are still a valid prefix.
    pub truncated: bool,
    /// Whether recording stopped on purpose ([`Recorder::stop_after_stdout_byte`]):
    /// the trace is the run's prefix up to that write, and says nothing of what the
    /// whole run did after it.
    pub cut: bool,
}

/// Dense numbers of statements: the program's own first, in the order of
/// [`crate::ir::StmtIndex`], then any other statement an entry names (a trace that
/// does not fit its program keeps what it said, for the slicer to refuse).
#[derive(Clone, Debug, Default)]
struct StmtNumbers {
    index: crate::ir::StmtIndex,
    ids: Vec<StmtId>,
    /// Per number: whether an entry of the statement keeps its value ([`keeps_value`])
    /// and what the entry after says of its `aux` ([`Follow`]), read together for
    /// every recorded entry.
    kinds: Vec<(bool, Follow)>,
    others: std::collections::HashMap<StmtId, u32>,
    /// The block of the last statement numbered: (function, block, its first
    /// statement's number, its statements). Consecutive entries mostly run in one
    /// block, and the index's two lookups, one after the other, were a sixth of
    /// recording.
    block: Option<(FuncId, BlockId, u32, u32)>,
}

impl StmtNumbers {
    fn of(prog: &Program) -> StmtNumbers {
        let (ids, kinds) = prog
            .stmt_locs()
            .map(|(id, _)| {
                let follow = match prog.stmt(id) {
                    Some(s) if matches!(s.kind, StmtKind::Call { .. }) => Follow::Frame,
                    Some(_) => Follow::Nothing,
                    None => Follow::Block,
                };
                (id, (keeps_value(prog, id), follow))
            })
            .unzip();
        StmtNumbers {
            index: crate::ir::StmtIndex::new(prog),
            ids,
            kinds,
            others: std::collections::HashMap::new(),
            block: None,
        }
    }

    #[inline]
    fn number(&mut self, s: StmtId) -> u32 {
        match self.block {
            Some((f, b, first, n)) if f == s.func && b == s.block && s.index < n => first + s.index,
            _ => self.number_in_new_block(s),
        }
    }

    fn number_in_new_block(&mut self, s: StmtId) -> u32 {
        match self.index.block(s.func, s.block) {
            Some((first, n)) if s.index < n => {
                self.block = Some((s.func, s.block, first as u32, n));
                first as u32 + s.index
            }
            _ => self.other(s),
        }
    }

    /// The number of a statement the program lacks (synthetic traces), kept out of
    /// line: every recorded entry numbers its statement.
    #[cold]
    #[inline(never)]
    fn other(&mut self, s: StmtId) -> u32 {
        *self.others.entry(s).or_insert_with(|| {
            self.ids.push(s);
            self.ids.len() as u32 - 1
        })
    }

    #[inline]
    fn id(&self, n: u32) -> StmtId {
        self.ids[n as usize]
    }

    /// Whether an entry of statement `n` keeps its value, and what the entry after
    /// says of its `aux`.
    #[inline]
    fn kind(&self, n: u32) -> (bool, Follow) {
        self.kinds
            .get(n as usize)
            .copied()
            .unwrap_or((false, Follow::Nothing))
    }

    #[inline]
    fn follow(&self, n: u32) -> Follow {
        self.kind(n).1
    }
}

/// What the entry after an entry says of the entry's `aux`, by the entry's statement:
/// most `aux`es are implied by it and are not stored ([`Trace::auxs`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Follow {
    /// Nothing: the `aux` is [`NONE`].
    #[default]
    Nothing,
    /// A terminator: the block of the entry after when that runs in the same frame (a
    /// jump), else `NONE` (a return).
    Block,
    /// A call: the frame of the entry after when that is another frame (the callee's),
    /// else `NONE` (a library function).
    Frame,
}

/// The `aux` that an entry of statement kind `follow` on frame `frame` has when the
/// entry after it is of statement `next` on frame `next_frame`.
#[inline]
fn implied_aux(follow: Follow, frame: u32, next: StmtId, next_frame: u32) -> u32 {
    match follow {
        Follow::Block if next_frame == frame => next.block.raw(),
        Follow::Frame if next_frame != frame => next_frame,
        _ => NONE,
    }
}

/// Whether the value an entry of `id` defines is kept in the trace: a computed number
/// the root-cause report compares between the two revisions (arithmetic on non-pointer
/// operands, or a constant stored). Pointers differ between revisions with the
/// layout, and copies only pass values on.
pub fn keeps_value(prog: &Program, id: StmtId) -> bool {
    match prog.stmt(id).map(|s| &s.kind) {
        Some(StmtKind::Assign(_, rv)) => keeps_assigned(rv),
        Some(StmtKind::Store { val, ty, .. }) => keeps_stored(val, *ty),
        _ => false,
    }
}

/// [`keeps_value`] of an assignment of `rv`.
pub fn keeps_assigned(rv: &Rvalue) -> bool {
    match rv {
        Rvalue::Bin(_, ty, ..) | Rvalue::Un(_, ty, _) => *ty != crate::ir::Scalar::Ptr,
        Rvalue::PtrDiff { .. } | Rvalue::Use(Operand::Const(_)) => true,
        _ => false,
    }
}

/// [`keeps_value`] of a `Store` (not an indexed one) of `val`, of kind `ty`.
pub fn keeps_stored(val: &Operand, ty: crate::ir::Scalar) -> bool {
    matches!(val, Operand::Const(_)) && ty != crate::ir::Scalar::Ptr
}

impl Trace {
    /// An empty trace of a run of `prog`.
    pub fn new(prog: &Program) -> Trace {
        Trace {
            stmts: StmtNumbers::of(prog),
            ..Trace::default()
        }
    }

    /// The number of entries.
    pub fn len(&self) -> usize {
        self.recs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.recs.len() == 0
    }

    /// Entry `i` (panics past the end, as indexing does).
    #[inline]
    pub fn entry(&self, i: usize) -> Entry {
        match self.get(i) {
            Some(e) => e,
            None => panic!("trace entry {i} of {}", self.len()),
        }
    }

    /// Entry `i`, if there is one.
    #[inline]
    pub fn get(&self, i: usize) -> Option<Entry> {
        let r = self.recs.get(i)?;
        let frame = self.frames_at.at(i).unwrap_or(NONE);
        let aux = match self.auxs.get(i) {
            Some(a) => a,
            None => self.aux_after(i, r, frame, || self.frames_at.at(i + 1).unwrap_or(NONE)),
        };
        let end = self.ends_at.span(i).map_or(0, |s| s.1);
        Some(self.decode(r, frame, end, aux))
    }

    /// The `aux` of entry `i` (record `r`, on frame `frame`) as the entry after implies
    /// it ([`Follow`]), with `next_frame` giving that entry's frame (asked only when
    /// needed); the last entry's is `last_aux`.
    #[inline]
    fn aux_after(&self, i: usize, r: u32, frame: u32, next_frame: impl FnOnce() -> u32) -> u32 {
        if i + 1 >= self.recs.len() {
            return self.last_aux;
        }
        match self.stmts.follow(r & !Entry::IMPLIED) {
            Follow::Nothing => NONE,
            follow => {
                let next = self.recs.get(i + 1).unwrap_or(0);
                implied_aux(
                    follow,
                    frame,
                    self.stmts.id(next & !Entry::IMPLIED),
                    next_frame(),
                )
            }
        }
    }

    /// The entry of record `r`, on frame `frame`, its recorded locations ending at `end`.
    #[inline]
    fn decode(&self, r: u32, frame: u32, end: u32, aux: u32) -> Entry {
        Entry {
            stmt: self.stmts.id(r & !Entry::IMPLIED),
            frame,
            loc_end: end | (r & Entry::IMPLIED),
            aux,
        }
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = Entry> + '_ {
        self.walk().map(|(e, _)| e)
    }

    /// The entries in order with their recorded locations ([`Trace::locs_of`]): a pass
    /// over the whole trace follows the frame and location steps as it goes instead of
    /// looking them up per entry.
    pub fn walk(&self) -> impl Iterator<Item = (Entry, LocIter<'_>)> + '_ {
        self.walk_numbered().map(|(e, locs, _)| (e, locs))
    }

    /// [`Trace::walk`] with each entry's statement number as stored (below
    /// [`Trace::stmt_count`] for the program's statements): a pass with per-statement
    /// tables need not look it up again.
    pub fn walk_numbered(&self) -> impl Iterator<Item = (Entry, LocIter<'_>, usize)> + '_ {
        let (mut frames, mut ends, mut auxs) = (
            self.frames_at.cursor(),
            self.ends_at.counts.cursor(),
            self.auxs.cursor(),
        );
        let (mut frame, mut end) = (NONE, 0);
        self.recs.iter().enumerate().map(move |(i, r)| {
            if i.is_multiple_of(64) {
                frames.load(i);
                ends.load(i);
                auxs.load(i);
            }
            if let Some(f) = frames.next(i) {
                frame = f;
            }
            let start = end;
            if let Some(c) = ends.next(i) {
                end += self.ends_at.count(ends.k - 1, c);
            }
            let aux = match auxs.next(i) {
                Some(a) => a,
                // The next entry's frame is the one this cursor reads next, if it
                // changes there (no count looked up, as `Sparse::at` would).
                None => self.aux_after(i, r, frame, || frames.peek(i).unwrap_or(frame)),
            };
            let e = self.decode(r, frame, end, aux);
            let number = (r & !Entry::IMPLIED) as usize;
            (e, self.locs.range(start as usize, end as usize), number)
        })
    }

    /// The number of the program's statements (terminators included): the bound of
    /// [`Trace::stmt_number`].
    pub fn stmt_count(&self) -> usize {
        self.stmts.index.len()
    }

    /// The value entry `i` defined (0 for an uninitialised one), when its statement
    /// [`keeps_value`]: the values the root-cause report compares. None for other
    /// entries and past the end.
    #[inline]
    pub fn value(&self, i: usize) -> Option<u64> {
        self.values.get(i)
    }

    /// Every value the trace keeps ([`Trace::value`]), in entry order.
    pub fn kept_values(&self) -> impl Iterator<Item = u64> + '_ {
        self.values.iter()
    }

    /// Per statement number ([`Trace::stmt_number`]): whether some entry ran it.
    pub fn executed(&self) -> Vec<bool> {
        let mut ran = vec![false; self.stmt_count()];
        for i in 0..self.len() {
            if let Some(k) = self.stmt_number(i) {
                ran[k] = true;
            }
        }
        ran
    }

    /// The dense number of entry `i`'s statement, its index in the program's
    /// [`crate::ir::StmtIndex`] (below [`Trace::stmt_count`]); None past the end or
    /// for a statement the program lacks. Per-statement tables over a trace index by it.
    #[inline]
    pub fn stmt_number(&self, i: usize) -> Option<usize> {
        let n = (self.recs.get(i)? & !Entry::IMPLIED) as usize;
        (n < self.stmts.index.len()).then_some(n)
    }

    /// Append entry `e`, which defined no value.
    pub fn push(&mut self, e: Entry) {
        self.push_valued(e, 0);
    }

    /// Append entry `e`, which defined `value` (kept when its statement
    /// [`keeps_value`]).
    #[inline]
    pub fn push_valued(&mut self, e: Entry, value: u64) {
        let i = self.recs.len();
        let stmt = self.stmts.number(e.stmt);
        let (keep, follow) = self.stmts.kind(stmt);
        self.values.push(i, keep, value);
        // The entry before's `aux` is kept when this one does not imply it.
        if let Some(before) = i.checked_sub(1) {
            let implied = match self.last_follow {
                Follow::Nothing => NONE,
                follow => implied_aux(follow, self.last_frame, e.stmt, e.frame),
            };
            self.auxs
                .push(before, self.last_aux != implied, self.last_aux);
        }
        self.last_aux = e.aux;
        self.last_follow = follow;
        // A step where the frame changes (`Sparse::push_step` without its lookup).
        let step = i == 0 || e.frame != self.last_frame;
        self.frames_at.push(i, step, e.frame);
        self.last_frame = e.frame;
        self.ends_at.push(i, e.loc_end());
        self.recs.push(stmt | (e.loc_end & Entry::IMPLIED));
    }

    /// Replace entry `i` (tests and the synthetic traces' builder: the last entry in
    /// place, an earlier one by writing the entries after it again).
    pub fn set(&mut self, i: usize, e: Entry) {
        let value = self.values.get(i);
        let mut after: Vec<(Entry, Option<u64>)> = Vec::new();
        while self.recs.len() > i {
            let k = self.recs.len() - 1;
            let old = self.entry(k);
            let v = self.values.get(k);
            self.pop();
            if k > i {
                after.push((old, v));
            }
        }
        self.push_valued(e, value.unwrap_or(0));
        for (old, v) in after.into_iter().rev() {
            self.push_valued(old, v.unwrap_or(0));
        }
    }

    /// Remove the last entry.
    fn pop(&mut self) {
        let Some(i) = self.recs.len().checked_sub(1) else {
            return;
        };
        // The entry before becomes the last: its `aux` moves out of `auxs`, read while
        // this entry still implies it.
        self.last_aux = match i.checked_sub(1) {
            Some(before) => {
                let aux = self.entry(before).aux;
                self.auxs.pop(before);
                aux
            }
            None => NONE,
        };
        self.values.pop(i);
        self.frames_at.pop(i);
        self.ends_at.pop(i);
        self.recs.pop();
        if let Some(before) = i.checked_sub(1) {
            self.last_frame = self.frames_at.at(before).unwrap_or(NONE);
            let r = self.recs.get(before).unwrap_or(0);
            self.last_follow = self.stmts.follow(r & !Entry::IMPLIED);
        }
    }

    /// Set entry `i`'s raw `loc_end` (with its [`Entry::IMPLIED`] bit as given).
    pub fn set_loc_end(&mut self, i: usize, loc_end: u32) {
        let e = Entry {
            loc_end,
            ..self.entry(i)
        };
        self.set(i, e);
    }

    /// Set entry `i`'s `aux` (see [`Entry::aux`]).
    pub fn set_aux(&mut self, i: usize, aux: u32) {
        let e = Entry {
            aux,
            ..self.entry(i)
        };
        self.set(i, e);
    }

    /// The last entry's recorded locations end at the end of `locs` now (`loc_end`
    /// keeps its [`Entry::IMPLIED`] bit).
    fn end_locs_of_last(&mut self) {
        let end = self.locs.len() as u32;
        if let Some(i) = self.recs.len().checked_sub(1) {
            // Only where its locations end changes: not a `set`, which pops and pushes
            // the whole entry (a thousand instructions per return).
            self.ends_at.pop(i);
            self.ends_at.push(i, end);
        }
    }

    /// The recorded locations of entry `i` (without those the IR implies).
    pub fn locs_of(&self, i: usize) -> LocIter<'_> {
        match self.ends_at.span(i) {
            Some((start, end)) => self.locs.range(start as usize, end as usize),
            None => panic!("trace entry {i} of {}", self.len()),
        }
    }

    /// All the locations of entry `i`, implied then recorded, into `out` (cleared
    /// first). None when the entry names a statement or frame `prog` lacks.
    pub fn locations(&self, prog: &Program, i: usize, out: &mut Vec<Location>) -> Option<()> {
        out.clear();
        let e = self.get(i)?;
        if e.implied() {
            let callee = |serial: u32| Some(self.frames.get(serial as usize)?.func);
            let frame = e.frame;
            let def = implied(prog, e.stmt, |r| out.push(Location::reg(false, frame, r)))?;
            def.push_defs(&e, out, |out| {
                let f = prog.functions.get(callee(e.aux)?.index())?;
                param_regs(f, |r| out.push(Location::reg(true, e.aux, r)));
                Some(())
            })?;
        }
        out.extend(self.locs_of(i));
        Some(())
    }

    /// The block a terminator entry went to, if it is a terminator that did not return.
    pub fn dest(&self, i: usize) -> Option<BlockId> {
        let aux = self.get(i)?.aux;
        (aux != NONE).then(|| BlockId::new(aux))
    }

    /// Give back the arenas' unused capacity (they grow by doubling, so up to half is
    /// unused at the end of a run).
    pub fn shrink_to_fit(&mut self) {
        self.recs.shrink_to_fit();
        self.values.shrink_to_fit();
        self.frames_at.shrink_to_fit();
        self.ends_at.shrink_to_fit();
        self.auxs.shrink_to_fit();
        self.locs.shrink_to_fit();
        self.frames.shrink_to_fit();
        self.allocs.shrink_to_fit();
    }

    /// Elements the arenas hold room for beyond their length (0 after
    /// [`Trace::shrink_to_fit`]).
    pub fn spare_capacity(&self) -> usize {
        self.recs.spare()
            + self.values.spare()
            + self.frames_at.spare()
            + self.ends_at.spare()
            + self.auxs.spare()
            + self.locs.spare()
            + (self.frames.capacity() - self.frames.len())
            + (self.allocs.capacity() - self.allocs.len())
    }

    /// Bytes used by the trace's arenas (entries, values, locations, frames).
    pub fn heap_bytes(&self) -> usize {
        self.recs.heap_bytes()
            + self.values.heap_bytes()
            + self.frames_at.heap_bytes()
            + self.ends_at.heap_bytes()
            + self.auxs.heap_bytes()
            + self.locs.heap_bytes()
            + self.frames.capacity() * std::mem::size_of::<FrameRec>()
    }
}

/// The trace observer (its state: the trace so far and the statement in progress).
#[derive(Default)]
pub struct Recorder {
    pub trace: Trace,
    /// The statement being executed and its frame serial, until its entry is written.
    pending: Option<(StmtId, u32)>,
    /// The next pushed frame is a library model's callback into the program.
    callback: bool,
    /// The value the entry in progress defined (see [`Trace::value`]).
    value: u64,
    /// The library calls (statement, frame) suspended by callbacks into the program.
    suspended: Vec<Option<(StmtId, u32)>>,
    /// The frame whose callback slot holds a callback's result not yet used by its
    /// library call's entry.
    cb_result: Option<u32>,
    /// Stop recording after the statement that writes this byte of stdout.
    stop_after: Option<usize>,
    /// Recording has stopped: the statements the run still executes before it stops
    /// ([`Machine::ask_stop`]) are not recorded.
    off: bool,
}

impl Recorder {
    /// Start recording on a machine that has set up its globals but not run yet.
    pub fn start<O: Observer>(m: &mut Machine<'_, O>) -> Recorder {
        let mut r = Recorder {
            trace: Trace::new(m.prog),
            ..Recorder::default()
        };
        r.trace.allocs.push(AllocRec {
            name: "null".into(),
            var: None,
            size: 0,
        });
        for a in m.mem.allocs.iter().filter(|a| a.live) {
            r.note_alloc(a.serial, super::memory::describe(a), a.data.len() as u32);
        }
        for (g, p) in m.global_ptrs.iter().enumerate() {
            let s = m.mem.serial_of(*p);
            r.name_var(s, NONE, g as u32);
        }
        m.mem.watch();
        r
    }

    /// Record only until stdout byte `offset` is written: the statement writing it is
    /// the last entry, and the run is asked to stop there. A slice from that byte
    /// reads nothing after it, and on a test whose output differs early most of the
    /// run comes after (recording is most of a traced run's cost).
    pub fn stop_after_stdout_byte(&mut self, offset: usize) {
        self.stop_after = Some(offset);
    }

    /// After a statement's entry: whether its write reached the byte asked for (then
    /// recording is over).
    #[inline]
    fn check_stop<E: AllocExtra>(&mut self, stdout_len: usize, mem: &mut Memory<E>) -> bool {
        let stop = self.stop_after.is_some_and(|k| stdout_len > k);
        if stop {
            self.off = true;
            self.trace.cut = true;
            mem.unwatch();
        }
        stop
    }

    fn note_alloc(&mut self, serial: u32, name: String, size: u32) {
        let i = serial as usize;
        if self.trace.allocs.len() <= i {
            self.trace.allocs.resize(
                i + 1,
                AllocRec {
                    name: String::new(),
                    var: None,
                    size: 0,
                },
            );
        }
        self.trace.allocs[i] = AllocRec {
            name,
            var: None,
            size,
        };
    }

    fn name_var(&mut self, serial: u32, func: u32, index: u32) {
        if let Some(a) = self.trace.allocs.get_mut(serial as usize) {
            a.var = Some((func, index));
        }
    }

    fn use_reg(&mut self, frame: u32, r: Reg) {
        self.trace.locs.push(Location::reg(false, frame, r.raw()));
    }

    /// Close the entry of statement `stmt` in `frame`: the memory accesses reported since
    /// the last entry become its recorded locations; with `implied`, the IR gives the
    /// rest (see [`implied`]), else they were recorded before.
    fn push_entry<E: AllocExtra>(
        &mut self,
        mem: &mut Memory<E>,
        stmt: StmtId,
        frame: u32,
        aux: u32,
        implied: bool,
    ) {
        mem.drain_new_allocs(|(serial, name, size)| self.note_alloc(serial, name, size));
        let locs = &mut self.trace.locs;
        mem.drain_accesses(|a| locs.push(Location::mem(a.write, a.serial, a.offset, a.len)));
        let e = Entry {
            stmt,
            frame,
            loc_end: self.trace.locs.len() as u32 | if implied { Entry::IMPLIED } else { 0 },
            aux,
        };
        self.trace.push_valued(e, std::mem::take(&mut self.value));
        self.pending = None;
    }

    /// The run ended: a statement still in progress (a fault, `exit`, a failed assert)
    /// becomes the last entry, with what it read before it stopped.
    fn finish<E: AllocExtra>(&mut self, prog: &Program, mem: &mut Memory<E>) {
        if let Some((stmt, frame)) = self.pending {
            let block = &prog.functions[stmt.func.index()].blocks[stmt.block.index()];
            match block.stmts.get(stmt.index as usize) {
                Some(st) => st.kind.for_each_use(|r| self.use_reg(frame, r)),
                None => block.term.for_each_use(|r| self.use_reg(frame, r)),
            }
            self.push_entry(mem, stmt, frame, NONE, false);
            self.trace.truncated = true;
        }
    }
}

/// What the IR implies an entry defines, besides the registers it reads (see
/// [`implied`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Implied {
    None,
    /// An assignment: its destination register.
    Reg(u32),
    /// A call: when the entry's `aux` names the callee's frame (an interpreted
    /// function), the callee's register parameters ([`param_regs`], in that frame);
    /// otherwise (a library function) its destination register, if any.
    Call(Option<u32>),
}

impl Implied {
    /// Appends the definitions of entry `e` to `out`; `callee_params` appends the
    /// callee's parameters for a call of an interpreted function (None: a frame or
    /// function the program lacks).
    pub fn push_defs(
        self,
        e: &Entry,
        out: &mut Vec<Location>,
        callee_params: impl FnOnce(&mut Vec<Location>) -> Option<()>,
    ) -> Option<()> {
        match self {
            Implied::None => {}
            Implied::Reg(d) => out.push(Location::reg(true, e.frame, d)),
            Implied::Call(dst) if e.aux == NONE => {
                out.extend(dst.map(|d| Location::reg(true, e.frame, d)))
            }
            Implied::Call(_) => callee_params(out)?,
        }
        Some(())
    }
}

/// The register locations the IR implies for an entry of `stmt` marked
/// [`Entry::implied`], all in the entry's frame unless said otherwise: `use_reg` is
/// called on each register the statement or terminator reads, in operand order, and
/// the result says what it defines. None when `prog` has no such statement.
pub fn implied(prog: &Program, stmt: StmtId, mut use_reg: impl FnMut(u32)) -> Option<Implied> {
    let block = prog
        .functions
        .get(stmt.func.index())?
        .blocks
        .get(stmt.block.index())?;
    // The IR's own reading of uses (`ir::defuse`), which the static analyses share:
    // the registers' liveness there must see every use the trace implies.
    let reg = |r: Reg| use_reg(r.raw());
    let Some(st) = block.stmts.get(stmt.index as usize) else {
        if stmt.index as usize != block.stmts.len() {
            return None;
        }
        block.term.for_each_use(reg);
        return Some(Implied::None);
    };
    st.kind.for_each_use(reg);
    Some(match &st.kind {
        StmtKind::Assign(d, _) => Implied::Reg(d.raw()),
        StmtKind::Call { dst, .. } => Implied::Call(dst.map(|(d, _)| d.raw())),
        _ => Implied::None,
    })
}

/// The registers a call of `f` defines in the callee's frame: the hidden struct-return
/// pointer, then the register parameters.
pub fn param_regs(f: &crate::ir::Function, mut def: impl FnMut(u32)) {
    if f.sret_size.is_some() && !f.regs.is_empty() {
        def(0);
    }
    for p in &f.params {
        if let ParamKind::Reg(reg, _) = p {
            def(reg.raw());
        }
    }
}

impl Observer for Recorder {
    const ON: bool = true;
    const WATCH: bool = true;
    type Extra = ();

    /// Output events and branch records name the entry being recorded.
    #[inline(always)]
    fn next_entry(&self) -> u32 {
        self.trace.len() as u32
    }

    #[inline(always)]
    fn before_stmt<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
    ) {
        let frame = m.frames.last().map_or(NONE, |f| f.serial);
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            r.pending = Some((at, frame));
        }
    }

    fn callback<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            r.callback = true;
            r.suspended.push(r.pending);
        }
    }

    fn callback_returned<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        _slot: usize,
    ) {
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            r.pending = r.suspended.pop().flatten();
        }
    }

    fn frame_pushed<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            let n = m.frames.len();
            let Some(top) = m.frames.last() else { return };
            let (serial, func, local_base) = (top.serial, top.func, top.local_base);
            let parent = if n >= 2 { m.frames[n - 2].serial } else { NONE };
            let callback = std::mem::take(&mut r.callback) && parent != NONE;
            let call_entry = if parent == NONE {
                NONE
            } else {
                r.trace.len() as u32
            };
            if r.trace.frames.len() <= serial as usize {
                r.trace.frames.resize(
                    serial as usize + 1,
                    FrameRec {
                        func: FuncId::new(0),
                        call_entry: NONE,
                    },
                );
            }
            r.trace.frames[serial as usize] = FrameRec { func, call_entry };
            let f = &m.prog.functions[func.index()];
            for p in &f.params {
                if let ParamKind::Mem { local, .. } = p {
                    let s = m.mem.serial_of(m.locals[local_base + local.index()]);
                    r.name_var(s, func.raw(), local.raw());
                }
            }
            if callback {
                // A library model calls back into the program: an entry of its own at the
                // library call's statement defines the callee's parameters.
                if let Some(Some((stmt, frame))) = r.suspended.last().copied() {
                    if r.cb_result == Some(frame) {
                        let slot = m.prog.functions[stmt.func.index()].regs.len() as u32;
                        r.trace.locs.push(Location::reg(false, frame, slot));
                    }
                    param_defs(r, m.prog, serial, func);
                    r.push_entry(&mut m.mem, stmt, frame, serial, false);
                }
            }
        }
    }

    fn stmt_done<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
        st: &Stmt,
        rb: usize,
    ) {
        let stop = {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            let frame = r.pending.map_or(NONE, |p| p.1);
            // The registers it reads and writes are implied (`implied`).
            let mut aux = NONE;
            let regs = &m.regs;
            let reg = |i: usize| regs.get(rb + i).unwrap_or(0);
            match &st.kind {
                StmtKind::Assign(d, rv) => {
                    r.value = reg(d.index());
                    if let Rvalue::AddrLocal(l) = rv {
                        let fb = m.frames.last().map_or(0, |f| f.local_base);
                        let s = m.mem.serial_of(m.locals[fb + l.index()]);
                        r.name_var(s, at.func.raw(), l.raw());
                    }
                }
                StmtKind::StorageLive(l) | StmtKind::StorageLiveSized(l, _) => {
                    let fb = m.frames.last().map_or(0, |f| f.local_base);
                    let s = m.mem.serial_of(m.locals[fb + l.index()]);
                    r.name_var(s, at.func.raw(), l.raw());
                }
                StmtKind::Call { dst, .. } => {
                    let top = m.frames.last().map_or(NONE, |f| f.serial);
                    if top != frame {
                        // An interpreted callee was pushed: this entry defines its
                        // parameters (implied); its `return` defines our destination.
                        aux = top;
                    } else {
                        if r.cb_result == Some(frame) {
                            // The model's result and writes depend on its callbacks'.
                            r.cb_result = None;
                            let slot = m.prog.functions[at.func.index()].regs.len() as u32;
                            r.trace.locs.push(Location::reg(false, frame, slot));
                        }
                        if let Some((d, _)) = dst {
                            r.value = reg(d.index());
                        }
                    }
                }
                StmtKind::Store { val, .. } | StmtKind::StoreIdx { val, .. } => {
                    r.value = match val {
                        Operand::Reg(v) => reg(v.index()),
                        Operand::Const(c) => *c,
                    };
                }
                _ => {}
            }
            r.push_entry(&mut m.mem, at, frame, aux, true);
            r.check_stop(m.io.stdout.len(), &mut m.mem)
        };
        if stop {
            // Nothing after the cut is recorded, and the analysis reads the whole run
            // from its untraced first look: the run itself can end here.
            m.ask_stop("recording stopped after the write of the slicing criterion's byte".into());
        }
    }

    fn returning<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        _val: Option<&Operand>,
        _rb: usize,
    ) {
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            if let Some((at, frame)) = r.pending {
                // `val` is the terminator's operand: an implied use.
                r.push_entry(&mut m.mem, at, frame, NONE, true);
            }
        }
    }

    fn frame_popped<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        _reg_base: usize,
        dst: Option<usize>,
    ) {
        let Some(d) = dst else { return };
        let Some(caller) = m.frames.last() else {
            return;
        };
        let (serial, base) = (caller.serial, caller.reg_base);
        let nregs = m.prog.functions[caller.func.index()].regs.len();
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            // The value arrives with the `return` entry just written. A library model's
            // callback returns into a scratch register past the caller's registers: it
            // becomes the caller's callback slot.
            let reg = if d - base >= nregs {
                r.cb_result = Some(serial);
                nregs
            } else {
                d - base
            };
            r.trace.locs.push(Location::reg(true, serial, reg as u32));
            // (A `return` keeps no value: only computed numbers are compared.)
            r.trace.end_locs_of_last();
        }
    }

    fn branched<O: Observer, L: Lens<O, Target = Self>>(
        m: &mut Machine<'_, O>,
        l: L,
        at: StmtId,
        _term: &Terminator,
        _rb: usize,
        _loc: crate::ir::Loc,
        _taken: Taken,
        dest: BlockId,
    ) {
        {
            let r = l.get(&mut m.obs);
            if r.off {
                return;
            }
            let frame = r.pending.map_or(NONE, |p| p.1);
            // `term` is the block's terminator: its uses are implied.
            r.push_entry(&mut m.mem, at, frame, dest.raw(), true);
        }
    }

    fn finished<O: Observer, L: Lens<O, Target = Self>>(m: &mut Machine<'_, O>, l: L) {
        let r = l.get(&mut m.obs);
        if !r.off {
            r.finish(m.prog, &mut m.mem);
        }
    }
}

/// Definitions of the register parameters (and struct-return pointer) of the frame
/// `serial`, a call of `func`.
fn param_defs(r: &mut Recorder, prog: &Program, serial: u32, func: FuncId) {
    let f = &prog.functions[func.index()];
    param_regs(f, |reg| r.trace.locs.push(Location::reg(true, serial, reg)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_compact() {
        assert_eq!(std::mem::size_of::<Location>(), 12);
    }

    #[test]
    fn entries_read_the_same_by_index_and_in_order() {
        let id = |k: u32| StmtId {
            func: crate::ir::FuncId::new(0),
            block: BlockId::new(k % 3),
            index: k,
        };
        let mut t = Trace::default();
        let mut want = Vec::new();
        for k in 0..300u32 {
            // Locations on every third entry, frames changing every 50.
            if k % 3 == 0 {
                t.locs.push(Location::mem(k % 2 == 0, k, 0, 4));
            }
            let e = Entry {
                stmt: id(k),
                frame: k / 50,
                loc_end: t.locs.len() as u32 | if k % 4 == 0 { Entry::IMPLIED } else { 0 },
                aux: if k % 7 == 0 { k } else { NONE },
            };
            t.push_valued(e, k as u64);
            want.push(e);
        }
        // An earlier entry replaced: the entries after it are unchanged.
        let replaced = Entry {
            frame: 9,
            aux: 1,
            ..want[120]
        };
        t.set(120, replaced);
        want[120] = replaced;
        t.set_aux(7, 70);
        want[7].aux = 70;
        let walked: Vec<_> = t.walk().map(|(e, l)| (e, l.collect::<Vec<_>>())).collect();
        assert_eq!(walked.len(), want.len());
        for (i, e) in want.iter().enumerate() {
            assert_eq!(t.entry(i), *e, "entry {i}");
            assert_eq!(
                walked[i],
                (*e, t.locs_of(i).collect::<Vec<_>>()),
                "entry {i}"
            );
            let n = if i % 3 == 0 { 1 } else { 0 };
            assert_eq!(t.locs_of(i).len(), n, "entry {i}");
        }
    }

    /// A real program's statements, by kind: (a terminator, a call, another statement).
    fn kinds(prog: &Program) -> (StmtId, StmtId, StmtId) {
        let ids: Vec<StmtId> = prog.stmt_locs().map(|(id, _)| id).collect();
        let call = |id: &StmtId| {
            prog.stmt(*id)
                .is_some_and(|s| matches!(s.kind, StmtKind::Call { .. }))
        };
        let term = ids.iter().copied().find(|id| prog.stmt(*id).is_none());
        let other = ids
            .iter()
            .copied()
            .find(|id| prog.stmt(*id).is_some() && !call(id));
        match (term, ids.iter().copied().find(call), other) {
            (Some(t), Some(c), Some(o)) => (t, c, o),
            _ => panic!("the test program has a terminator, a call and another statement"),
        }
    }

    /// An `aux` the entry after implies (a jump's destination block, an interpreted
    /// call's callee frame, the `NONE` of a return or a library call) is not stored;
    /// any other is, and every one reads back as pushed, by index and in order, also
    /// after entries are replaced and the last one has none after it.
    #[test]
    fn auxes_the_entry_after_implies_are_not_stored() {
        let dir = tempfile::tempdir().expect("tempdir");
        let f = dir.path().join("t.c");
        std::fs::write(&f, "int sq(int x) { return x * x; }\nint main(void) {\n  int s = 0;\n  for (int i = 0; i < 3; i++) s += sq(i);\n  return s;\n}\n")
            .expect("write");
        let prog = crate::frontend::load_files(&[f], &[], &[]).expect("load");
        let (term, call, other) = kinds(&prog);
        let at = |id: StmtId, block: u32| StmtId {
            block: BlockId::new(block),
            ..id
        };
        let e = |stmt: StmtId, frame: u32, aux: u32| Entry {
            stmt,
            frame,
            loc_end: 0,
            aux,
        };
        let want = vec![
            e(other, 0, NONE),
            e(term, 0, 2), // a jump to block 2: implied
            e(at(other, 2), 0, NONE),
            e(call, 0, 1), // a call, its callee's frame next: implied
            e(other, 1, NONE),
            e(term, 1, NONE), // a return: implied
            e(call, 0, NONE), // a library call: implied
            e(call, 0, 5),    // a callee frame that never ran: stored
            e(term, 0, 3),    // a jump, another frame next: stored
            e(other, 4, NONE),
            e(term, 4, 1), // the last entry: kept aside
        ];
        let mut t = Trace::new(&prog);
        want.iter().for_each(|&x| t.push(x));
        let check = |t: &Trace, want: &[Entry], stored: usize| {
            assert_eq!(t.auxs.vals.len(), stored);
            let walked: Vec<Entry> = t.iter().collect();
            assert_eq!(walked, want);
            for (i, x) in want.iter().enumerate() {
                assert_eq!(t.entry(i), *x, "entry {i}");
                let dest = (x.aux != NONE).then(|| BlockId::new(x.aux));
                assert_eq!(t.dest(i), dest, "entry {i}");
            }
        };
        check(&t, &want, 2);
        // Replacing an entry rewrites the ones after it: the jump now goes elsewhere
        // than its next entry, and the last entry's aux is stored once one follows.
        let mut want2 = want.clone();
        want2[1].aux = 7;
        t.set(1, want2[1]);
        check(&t, &want2, 3);
        want2.push(e(other, 4, NONE));
        t.push(e(other, 4, NONE));
        check(&t, &want2, 4);
        t.pop();
        want2.pop();
        check(&t, &want2, 3);
        // After a pop, the entry now last is the one the next entry follows: a jump to
        // the block that runs next, implied again.
        want2.push(e(at(other, 1), 4, NONE));
        t.push(e(at(other, 1), 4, NONE));
        check(&t, &want2, 3);
    }

    #[test]
    fn location_packing_round_trips() {
        let l = Location::mem(true, 7, 12, 4);
        assert!(l.is_def() && l.is_mem());
        assert_eq!((l.a, l.b, l.size()), (7, 12, 4));
        let r = Location::reg(false, 3, 9);
        assert!(!r.is_def() && !r.is_mem());
        assert_eq!((r.a, r.b, r.size()), (3, 9, 0));
    }
}
