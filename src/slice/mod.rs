//! Relevant and dynamic slicing over a run's trace (`exec::trace`), and the slice
//! conditions of the relevant-slice paper (RSC, DSC, PC).
//!
//! One forward pass over the trace builds, per entry, the last definition of every
//! location it uses (registers by (frame, register), memory by (allocation, byte),
//! bytes with the same last definition grouped), its dynamic control-dependence parent
//! (static post-dominators with a per-frame branch stack; an entry with no parent in its
//! frame depends on the call that created the frame), and the *potential definers*:
//! for every branch instance, the locations the sides it did not take may define
//! (`analysis`), as sorted (location key, branch entry) pairs. One sweep down the trace
//! then closes over data, control and (for the relevant slice) potential dependence: a
//! use of location v at entry s whose last definition is d depends on every branch
//! instance br with d < br < s that may define v on a side not taken. Every dependence
//! is an earlier entry, so the sweep reaches a member after everything that needs it
//! (the trees' shortest distances are final there too), and it reads the index in
//! order. Each potential definer is visited at most once per slice (a skip list over
//! the sorted pairs), so slicing stays linear apart from the one sort.
//!
//! This is the paper's simplified relevant slice: entries included only by potential
//! dependence pull in their own dependences like any other.

mod criterion;
pub mod synth;

pub use criterion::{criterion, criterion_of, Spec};

use crate::analysis::{Facts, FuncFacts};
use crate::exec::concolic::BranchRec;
use crate::exec::trace::{self, Entry, Implied, Trace, NONE};
pub use crate::ir::StmtIndex;
use crate::ir::{BlockId, FuncId, Function, Loc, Program};
use crate::sparse::Sparse;
use anyhow::{bail, Context, Result};

/// Slicing criterion: the slice contains these trace entries and all they depend on.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Criterion {
    pub entries: Vec<u32>,
}

/// One use of an entry, with the definition it reads, as the closures read it; stored
/// in [`Uses`] in one word, or two when the closures need its location.
#[derive(Clone, Copy, Debug)]
struct UseRec {
    /// The entry that last defined it (`NONE`: never defined in the trace).
    def: u32,
    /// The register's key (`Keys::reg`), or with the `MEM` bit the allocation serial;
    /// with the `POT` bit when a branch instance between the definition and the use may
    /// define the location on a side it did not take (the forward pass knows; most uses
    /// have none, and the relevant closure then skips the search among potential
    /// definers). A register use with `POT` names, once the forward pass is done, its
    /// key's segment of `Slicer::pot` instead of the key: the closure then looks nothing
    /// up (a binary search over the segments' keys per use was half its time).
    loc: u32,
}

impl UseRec {
    fn reg(def: u32, key: u32, pot: bool) -> UseRec {
        UseRec {
            def,
            loc: key | if pot { POT } else { 0 },
        }
    }
    fn mem(def: u32, alloc: u32, pot: bool) -> UseRec {
        UseRec {
            def,
            loc: alloc | MEM | if pot { POT } else { 0 },
        }
    }
    fn is_mem(&self) -> bool {
        self.loc & MEM != 0
    }
    /// The register's key (its segment with `POT`), or the allocation serial.
    fn what(&self) -> u32 {
        self.loc & !(POT | MEM)
    }
    fn has_potential(&self) -> bool {
        self.loc & POT != 0
    }
}

const POT: u32 = 1 << 31;
const MEM: u32 = 1 << 30;

/// The uses of a trace's entries, in order, a few bytes each: the distance from the
/// entry back to the use's definition, one more (0: none in the trace), shifted left
/// once for the flag saying the use's location (`UseRec::loc`) follows in four bytes,
/// in LEB128. Only the closures' searches among potential definers (`POT`) and the
/// reads of memory nothing in the trace wrote (`Slicer::close_tree`) need the location.
/// Most definitions are a few entries back, so most uses take one byte (a word each,
/// absolute, was two thirds of the index: 6 of 9 bytes per entry on a hash function's
/// test, more than the trace itself).
#[derive(Default)]
struct Uses {
    bytes: Vec<u8>,
    /// Per entry: where its uses end in `bytes`, from its group of `GROUP` entries'
    /// `base` (`u8::MAX`: the end is in `big`).
    ends: Vec<u8>,
    /// Per `GROUP` entries: where the uses of the entries before them end.
    base: Vec<u32>,
    /// The ends too far from their `base`: (entry, end), ascending.
    big: Vec<(u32, u32)>,
    /// Where the last entry's uses end.
    last_end: u32,
}

/// Entries per `Uses::base`: few enough that their uses nearly always end within a
/// byte of it.
const GROUP: usize = 16;

impl Uses {
    /// Adds a use of entry `i` (the next one). Inlined: the forward pass calls it for
    /// every use, and most take one byte.
    #[inline]
    fn push(&mut self, i: usize, u: UseRec) {
        let follows = u.has_potential() || (u.is_mem() && u.def == NONE);
        let code = match u.def {
            NONE => 0,
            // Wrapping: a definition at or after its use (which the sweeps refuse)
            // reads back as itself rather than as another entry.
            d => (i as u32).wrapping_sub(d) as u64 + 1,
        };
        let mut v = code << 1 | follows as u64;
        while v >= 0x80 {
            self.bytes.push(v as u8 | 0x80);
            v >>= 7;
        }
        self.bytes.push(v as u8);
        if follows {
            self.bytes.extend(u.loc.to_le_bytes());
        }
    }

    /// Entry `i` (the next one) has pushed its uses.
    fn end_entry(&mut self, i: usize) {
        let end = self.bytes.len() as u32;
        if i.is_multiple_of(GROUP) {
            self.base.push(self.last_end);
        }
        let off = end - self.base.last().copied().unwrap_or(0);
        match u8::try_from(off) {
            Ok(o) if o < u8::MAX => self.ends.push(o),
            _ => {
                self.big.push((i as u32, end));
                self.ends.push(u8::MAX);
            }
        }
        self.last_end = end;
    }

    /// Where entry `i`'s uses end.
    #[inline]
    fn end(&self, i: usize) -> u32 {
        match self.ends.get(i) {
            None => 0,
            Some(&u8::MAX) => match self.big.binary_search_by_key(&(i as u32), |b| b.0) {
                Ok(j) => self.big[j].1,
                Err(_) => 0,
            },
            Some(&o) => self.base.get(i / GROUP).copied().unwrap_or(0) + o as u32,
        }
    }

    /// The bytes of entry `i`'s uses.
    #[inline]
    fn of(&self, i: usize) -> &[u8] {
        let start = match i.checked_sub(1) {
            Some(before) => self.end(before),
            None => 0,
        };
        self.bytes
            .get(start as usize..self.end(i) as usize)
            .unwrap_or(&[])
    }

    fn shrink_to_fit(&mut self) {
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
        self.base.shrink_to_fit();
        self.big.shrink_to_fit();
    }

    fn heap_bytes(&self) -> usize {
        self.bytes.capacity()
            + self.ends.capacity()
            + self.base.capacity() * 4
            + self.big.capacity() * 8
    }

    /// Rewrites every location that follows a use, in place.
    fn map_locations(&mut self, mut f: impl FnMut(u32) -> u32) {
        let mut k = 0;
        while let Some((code, next)) = leb128(&self.bytes, k) {
            k = next;
            if code & 1 == 0 {
                continue;
            }
            let Some(w) = self.bytes.get_mut(k..k + 4) else {
                return;
            };
            let loc = f(u32::from_le_bytes([w[0], w[1], w[2], w[3]]));
            w.copy_from_slice(&loc.to_le_bytes());
            k += 4;
        }
    }

    /// The uses of entry `i` stored in `bytes`.
    fn read(bytes: &[u8], i: u32) -> impl Iterator<Item = UseRec> + '_ {
        let mut k = 0;
        std::iter::from_fn(move || {
            let (code, next) = leb128(bytes, k)?;
            k = next;
            let def = match code >> 1 {
                0 => NONE,
                d => i.wrapping_sub((d - 1) as u32),
            };
            let loc = match code & 1 {
                0 => 0,
                _ => {
                    let w = bytes.get(k..k + 4)?;
                    k += 4;
                    u32::from_le_bytes([w[0], w[1], w[2], w[3]])
                }
            };
            Some(UseRec { def, loc })
        })
    }
}

/// The LEB128 number at `bytes[k..]` and where the next one starts.
#[inline]
fn leb128(bytes: &[u8], mut k: usize) -> Option<(u64, usize)> {
    let mut v = 0u64;
    let mut shift = 0;
    loop {
        let b = *bytes.get(k)?;
        k += 1;
        v |= ((b & 0x7f) as u64) << shift;
        if b & 0x80 == 0 {
            return Some((v, k));
        }
        shift += 7;
        if shift > 35 {
            return None;
        }
    }
}

/// A bijection of u64 that makes every bit of `k` reach the low bits: the Fx hash maps
/// (`sym::FxHashMap`) multiply once, so keys that differ only in their high bits (two
/// frames' register keys, two doubles) would share a bucket. Keys go through this
/// before such a map sees them.
pub(crate) fn spread(mut k: u64) -> u64 {
    k ^= k >> 32;
    k = k.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    k ^ (k >> 29)
}

/// Dense `u32` names of the locations potential definers are recorded for: every
/// register slot of every frame of the run (frame by frame), then every variable (the
/// globals, then each function's locals), then "any memory". Dense names keep a
/// potential definer to 8 bytes and let per-variable tables be vectors (a table keyed by
/// (frame, register) through a hash map cost more memory than the trace on a recursive
/// parser).
struct Keys {
    /// Per frame serial: the key of its register 0 (its registers and callback slot
    /// follow).
    frame: Vec<u32>,
    /// The key of global 0, then per function: the key of its local 0.
    var: Vec<u32>,
    /// Number of globals, then per function: its number of locals.
    var_len: Vec<u32>,
    any_mem: u32,
}

impl Keys {
    fn new(prog: &Program, trace: &Trace) -> Result<Keys> {
        let mut next: u64 = 0;
        let mut take = |n: usize| -> Result<u32> {
            let k = next;
            next += n as u64;
            // Keys share a `UseRec` word with two flags.
            if next >= MEM as u64 {
                bail!("trace too large to slice: more than 2^30 register slots and variables");
            }
            Ok(k as u32)
        };
        let mut frame = Vec::with_capacity(trace.frames.len());
        for fr in &trace.frames {
            // An unknown function is reported where the frame is used.
            let n = prog
                .functions
                .get(fr.func.index())
                .map_or(0, |f| f.regs.len() + 1);
            frame.push(take(n)?);
        }
        let mut var = vec![take(prog.globals.len())?];
        let mut var_len = vec![prog.globals.len() as u32];
        for f in &prog.functions {
            var.push(take(f.locals.len())?);
            var_len.push(f.locals.len() as u32);
        }
        let any_mem = take(1)?;
        Ok(Keys {
            frame,
            var,
            var_len,
            any_mem,
        })
    }

    /// Register `reg` of frame `frame` (checked against the frame by the caller).
    fn reg(&self, frame: u32, reg: u32) -> u32 {
        self.frame[frame as usize] + reg
    }

    /// A local `(function, index)` or global `(NONE, index)`; None when the program has
    /// no such variable.
    fn var(&self, (func, index): (u32, u32)) -> Option<u32> {
        let f = if func == NONE { 0 } else { func as usize + 1 };
        let (&base, &len) = self.var.get(f).zip(self.var_len.get(f))?;
        (index < len).then_some(base + index)
    }

    /// Number of variable keys (they follow the register keys).
    fn vars(&self) -> usize {
        (self.any_mem - self.var[0]) as usize
    }
}

/// What the forward pass needs of a statement: where it sits in its block, whether its
/// instances are branch instances, and the registers the IR implies it reads and
/// defines (`trace::implied`).
#[derive(Clone, Copy)]
struct StmtFacts {
    block: u32,
    /// The block's first statement: an instance ends the control dependence on branches
    /// whose post-dominator is this block.
    first: bool,
    /// A terminator branching to two sides or more.
    branch: bool,
    /// The used registers (`StmtTable::regs[start..start + n]`) and what it defines;
    /// None when the program lacks the statement (an entry marked implied is refused).
    implied: Option<(u32, u32, Implied)>,
}

/// [`StmtFacts`] worked out once per statement: a trace has few distinct statements and
/// many instances, and per-instance lookups were much of the forward pass's time.
struct StmtTable {
    /// Per statement number (`Trace::stmt_number`), once seen.
    stmts: Vec<Option<StmtFacts>>,
    /// Per function: where its parameter registers (`trace::param_regs`) start in
    /// `regs` and how many (None: not asked yet).
    params: Vec<Option<(u32, u32)>>,
    regs: Vec<u32>,
}

impl StmtTable {
    fn new(prog: &Program, trace: &Trace) -> StmtTable {
        StmtTable {
            stmts: vec![None; trace.stmt_count()],
            params: vec![None; prog.functions.len()],
            regs: Vec::new(),
        }
    }

    /// The facts of entry `i` (`e`, whose statement the trace numbers `number`), run in
    /// a frame of function `f` (`func`, with facts `ff`).
    fn of(
        &mut self,
        prog: &Program,
        (func, f, ff): (FuncId, &Function, &FuncFacts),
        i: usize,
        (e, number): (&Entry, usize),
    ) -> Result<StmtFacts> {
        // Only a statement of the frame's own function is remembered: the facts are
        // the frame's function's.
        let number = (number < self.stmts.len() && e.stmt.func == func).then_some(number);
        if let Some(x) = number.and_then(|k| self.stmts[k]) {
            return Ok(x);
        }
        let block = f
            .blocks
            .get(e.stmt.block.index())
            .with_context(|| format!("trace entry {i}: no block {} in {}", e.stmt.block, f.name))?;
        let is_term = e.stmt.index as usize == block.stmts.len();
        let start = self.regs.len() as u32;
        let regs = &mut self.regs;
        let implied = trace::implied(prog, e.stmt, |r| regs.push(r));
        let x = StmtFacts {
            block: e.stmt.block.raw(),
            first: e.stmt.index == 0,
            branch: is_term
                && block.term.is_branch()
                && ff
                    .sides
                    .get(e.stmt.block.index())
                    .is_some_and(|s| s.len() >= 2),
            implied: implied.map(|def| (start, self.regs.len() as u32 - start, def)),
        };
        if let Some(k) = number {
            self.stmts[k] = Some(x);
        }
        Ok(x)
    }

    /// The registers statement facts `x` implies an entry reads.
    fn uses(&self, x: &StmtFacts) -> &[u32] {
        match x.implied {
            Some((start, n, _)) => &self.regs[start as usize..(start + n) as usize],
            None => &[],
        }
    }

    /// The parameter registers of function `func`; None when the program lacks it.
    fn params(&mut self, prog: &Program, func: usize) -> Option<&[u32]> {
        let (start, n) = match *self.params.get(func)? {
            Some(x) => x,
            None => {
                let start = self.regs.len() as u32;
                let regs = &mut self.regs;
                trace::param_regs(prog.functions.get(func)?, |r| regs.push(r));
                let x = (start, self.regs.len() as u32 - start);
                self.params[func] = Some(x);
                x
            }
        };
        Some(&self.regs[start as usize..(start + n) as usize])
    }
}

/// The shadow of register `r` (last definition, last potential definer) in the window
/// `(base, len)` of `reg_shadow`, read by entry `i`.
#[inline]
fn read_reg(
    reg_shadow: &[(u32, u32)],
    (base, len): (u32, usize),
    r: u32,
    i: usize,
) -> Result<(u32, u32)> {
    if r as usize >= len {
        bail!("trace entry {i} uses r{r} beyond its frame's registers");
    }
    reg_shadow
        .get((base + r) as usize)
        .copied()
        .with_context(|| format!("trace entry {i} uses unknown register r{r}"))
}

/// Entry `i` defines register `r` of the window `(base, len)` of `reg_shadow` (a
/// function, not a closure, so the commonest definition, in the entry's own frame, is
/// inlined).
#[inline]
fn define_reg(
    reg_shadow: &mut [(u32, u32)],
    (base, len): (u32, usize),
    r: u32,
    i: usize,
) -> Result<()> {
    if r as usize >= len {
        bail!("trace entry {i} defines r{r} beyond its frame's registers");
    }
    let slot = reg_shadow
        .get_mut((base + r) as usize)
        .with_context(|| format!("trace entry {i} defines unknown register r{r}"))?;
    slot.0 = i as u32;
    Ok(())
}

/// The last definer of each byte of one allocation, in chunks of `ByteDefs::CHUNK`
/// bytes made when first written, each sized to the highest byte written in it
/// (doubling): a block the program barely touches costs what it wrote, wherever that
/// is. An allocation loop that writes the last byte of each mebibyte block kept four
/// mebibytes per block when the shadow was one prefix up to the highest byte written.
#[derive(Clone, Default)]
struct ByteDefs {
    chunks: Vec<Vec<u32>>,
}

impl ByteDefs {
    const SHIFT: u32 = 12;
    const CHUNK: usize = 1 << Self::SHIFT;

    /// Calls `f` on the last definer of each byte of `lo..hi`, in order (`NONE`: never
    /// written).
    #[inline]
    fn each(&self, lo: usize, hi: usize, mut f: impl FnMut(u32)) {
        let mut at = lo;
        while at < hi {
            let k = at >> Self::SHIFT;
            let start = at & (Self::CHUNK - 1);
            let stop = (hi - (k << Self::SHIFT)).min(Self::CHUNK);
            let chunk = self.chunks.get(k).map_or(&[][..], |c| &c[..]);
            let written = stop.min(chunk.len());
            for &d in chunk.get(start..written).unwrap_or(&[]) {
                f(d);
            }
            for _ in start.max(written)..stop {
                f(NONE);
            }
            at = (k + 1) << Self::SHIFT;
        }
    }

    /// Entry `def` writes bytes `lo..hi` of an allocation of `size` bytes.
    #[inline]
    fn set(&mut self, lo: usize, hi: usize, size: usize, def: u32) {
        let mut at = lo;
        while at < hi {
            let k = at >> Self::SHIFT;
            let base = k << Self::SHIFT;
            let (start, stop) = (at - base, (hi - base).min(Self::CHUNK));
            if self.chunks.len() <= k {
                self.chunks.resize(k + 1, Vec::new());
            }
            let chunk = &mut self.chunks[k];
            if chunk.len() < stop {
                let room = size.saturating_sub(base).clamp(stop, Self::CHUNK);
                chunk.resize(stop.max((chunk.len() * 2).min(room)), NONE);
            }
            chunk[start..stop].fill(def);
            at = base + stop;
        }
    }
}

/// A potential definer: (location key, branch entry) packed so sorting the `u64`s
/// sorts by key, then entry.
fn pot_pack(key: u32, branch: u32) -> u64 {
    ((key as u64) << 32) | branch as u64
}

fn pot_key(p: u64) -> u32 {
    (p >> 32) as u32
}

fn pot_branch(p: u64) -> u32 {
    p as u32
}

/// The forward index of a trace: build once, slice many times.
pub struct Slicer<'a> {
    trace: &'a Trace,
    uses: Uses,
    /// Each entry's dynamic control-dependence parent (`NONE`: none), kept where it
    /// differs from the entry before's: the entries of a block share theirs.
    cd: Sparse<u32>,
    /// The number of entries indexed.
    n: usize,
    keys: Keys,
    /// Potential definers: their branch entries, by location key (one segment per key,
    /// `seg_keys`), ascending within a segment.
    pot: Vec<u32>,
    /// Start of each key's segment of `pot`, and `pot.len()` last, so a search looks at
    /// one key's entries only.
    pot_starts: Vec<u32>,
    /// The key of each segment, ascending.
    seg_keys: Vec<u32>,
    /// Per allocation: the segment of its variable's key (`NONE`: not a variable, or no
    /// potential definer of it).
    alloc_seg: Vec<u32>,
    /// The segment of "any memory" (`NONE`: no potential definer of memory).
    any_mem_seg: u32,
    /// Entries that are instances of a branch terminator.
    branch_entries: Vec<u32>,
    /// Reads of static initialiser data no executed statement wrote: (entry, the
    /// initialiser's location), ascending by entry.
    static_reads: Vec<(u32, Loc)>,
}

/// A slice of one trace.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    /// Relevant slice: data, control and potential dependence (bit per entry).
    pub relevant: BitSet,
    /// Dynamic slice: data and control dependence only.
    pub dynamic: BitSet,
    /// Initialisers of static data (table entries, constants) that entries of the
    /// relevant slice read before any statement wrote them, sorted, each once. Data, not
    /// executed statements, so they are not in the bit sets; a wrong table entry is
    /// found here.
    pub static_data: Vec<Loc>,
}

/// The relevant slice of a criterion with the static data it read (see [`Slice`]).
pub struct Relevant {
    pub set: BitSet,
    pub static_data: Vec<Loc>,
}

impl Relevant {
    /// The RSC as indices into `branches` (a run's `SymState::branches`): the branch
    /// records whose trace entry is in the slice.
    pub fn rsc(&self, branches: &[BranchRec]) -> Vec<usize> {
        branches_in(&self.set, branches)
    }

    /// See [`Slice::lines`].
    pub fn lines(&self, prog: &Program, trace: &Trace) -> Vec<(Loc, u32)> {
        lines_of(&self.set, prog, trace)
    }
}

/// Conditions of a run, as indices into `SymState::branches`, in trace order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Conditions {
    /// Relevant slice condition: branch instances in the relevant slice.
    pub rsc: Vec<usize>,
    /// Dynamic slice condition: branch instances in the dynamic slice.
    pub dsc: Vec<usize>,
    /// Path condition: every branch instance.
    pub pc: Vec<usize>,
}

/// A fixed-size bit set over trace entries.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct BitSet {
    words: Vec<u64>,
    len: usize,
}

impl BitSet {
    pub fn new(len: usize) -> BitSet {
        BitSet {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }
    pub fn contains(&self, i: u32) -> bool {
        let i = i as usize;
        i < self.len && self.words[i / 64] & (1 << (i % 64)) != 0
    }
    /// Inserts `i`; returns whether it was new.
    fn insert(&mut self, i: u32) -> bool {
        let i = i as usize;
        let (w, m) = (i / 64, 1u64 << (i % 64));
        let new = self.words[w] & m == 0;
        self.words[w] |= m;
        new
    }
    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }
    /// The members, descending.
    pub fn iter_rev(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().rev().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = 63 - w.leading_zeros();
                w &= !(1u64 << b);
                Some(wi as u32 * 64 + b)
            })
        })
    }
    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(wi, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros();
                w &= w - 1;
                Some(wi as u32 * 64 + b)
            })
        })
    }
}

impl<'a> Slicer<'a> {
    /// The forward pass. Fails when the trace does not fit the program (a statement,
    /// frame or register that does not exist).
    pub fn new(prog: &Program, facts: &Facts, trace: &'a Trace) -> Result<Slicer<'a>> {
        Slicer::upto(prog, facts, trace, trace.len())
    }

    /// The forward pass over the first `end` entries only: enough for every criterion
    /// among them, since a closure only goes back in the trace (an analysis slices from
    /// one criterion, often early in a long run). Criteria after them are refused.
    pub fn upto(prog: &Program, facts: &Facts, trace: &'a Trace, end: usize) -> Result<Slicer<'a>> {
        let n = end.min(trace.len());
        // Entries are named in 31 bits in the index (`Uses`) and 30 in trees (`Tree`).
        if n > MAX_ENTRIES {
            bail!("trace too long to slice: {n} entries");
        }
        if trace.allocs.len() >= MEM as usize {
            bail!(
                "trace too large to slice: {} allocations",
                trace.allocs.len()
            );
        }
        let mut uses = Uses {
            bytes: Vec::with_capacity(n * 2),
            ..Uses::default()
        };
        let mut cd = Sparse::default();
        let keys = Keys::new(prog, trace)?;
        let mut table = StmtTable::new(prog, trace);
        let mut pot: Vec<u64> = Vec::new();
        let mut branch_entries = Vec::new();
        let mut static_reads: Vec<(u32, Loc)> = Vec::new();

        // Register shadows of live frames, on a stack (frames nest).
        let mut reg_base = vec![NONE; trace.frames.len()];
        let mut live: Vec<u32> = Vec::new();
        // Per register slot: its last definition and the last branch instance that may
        // define it on an untaken side.
        let mut reg_shadow: Vec<(u32, u32)> = Vec::new();
        // The last branch instance that may define a variable (by its key, from the
        // first variable's), or any memory, on an untaken side: a use needs the search
        // among potential definers only when one came after its definition.
        let var0 = keys.var[0];
        let mut var_pot: Vec<u32> = vec![NONE; keys.vars()];
        let mut any_mem_pot = NONE;
        // Whether potential definer `last` (NONE: none) comes after definition `def`.
        let after = |last: u32, def: u32| last != NONE && (def == NONE || last > def);
        // Memory shadows per allocation, sized lazily.
        let mut mem_shadow: Vec<ByteDefs> = vec![ByteDefs::default(); trace.allocs.len()];
        // Dynamic control dependence: (branch entry, its ipdom, frame).
        let mut cd_stack: Vec<(u32, u32, u32)> = Vec::new();

        let nregs = |frame: u32| -> Result<usize> {
            let fr = trace
                .frames
                .get(frame as usize)
                .with_context(|| format!("trace names frame {frame} that was not recorded"))?;
            let f = prog
                .functions
                .get(fr.func.index())
                .with_context(|| format!("frame {frame} runs unknown function {}", fr.func))?;
            // One more than the function's registers: the slot where a library model
            // keeps its last callback's result (see `exec::trace`).
            Ok(f.regs.len() + 1)
        };
        // Makes `frame` live (a callee's parameters are defined by the call entry, before
        // the callee's first entry) and returns its base in `reg_shadow`.
        let ensure = |frame: u32,
                      live: &mut Vec<u32>,
                      reg_base: &mut Vec<u32>,
                      reg_shadow: &mut Vec<(u32, u32)>|
         -> Result<u32> {
            match reg_base.get(frame as usize) {
                None => bail!("trace names frame {frame} that was not recorded"),
                Some(&b) if b != NONE => return Ok(b),
                _ => {}
            }
            let base = reg_shadow.len() as u32;
            reg_shadow.resize(reg_shadow.len() + nregs(frame)?, (NONE, NONE));
            reg_base[frame as usize] = base;
            live.push(frame);
            Ok(base)
        };

        // The frame of the entry before, with what its entries look up: most entries
        // run in the same frame as the one before.
        let mut cur: Option<(u32, (FuncId, &Function, &FuncFacts))> = None;
        for (i, (e, recorded, number)) in trace.walk_numbered().take(n).enumerate() {
            let frame = e.frame;
            // Frames above this one have returned: drop their shadows.
            while let Some(&top) = live.last() {
                if top <= frame {
                    break;
                }
                live.pop();
                let b = reg_base[top as usize];
                reg_shadow.truncate(b as usize);
                reg_base[top as usize] = NONE;
            }
            let (func, f, ff) = match cur {
                Some((serial, c)) if serial == frame => c,
                _ => {
                    let fr = trace.frames.get(frame as usize).with_context(|| {
                        format!("trace names frame {frame} that was not recorded")
                    })?;
                    let func = fr.func;
                    let f = prog
                        .functions
                        .get(func.index())
                        .with_context(|| format!("frame {frame} runs unknown function {func}"))?;
                    let ff = facts
                        .funcs
                        .get(func.index())
                        .context("facts were computed for another program")?;
                    cur = Some((frame, (func, f, ff)));
                    (func, f, ff)
                }
            };
            // Most register locations are the entry's own frame's: its base, size and
            // first key are looked up once per entry.
            let base = match reg_base.get(frame as usize) {
                Some(&b) if b != NONE => b,
                _ => ensure(frame, &mut live, &mut reg_base, &mut reg_shadow)?,
            };
            let here = (frame, base, f.regs.len() + 1);
            let key0 = keys.reg(frame, 0);
            // The register window (base in `reg_shadow`, size) of frame `a`.
            let window = |a: u32,
                          live: &mut Vec<u32>,
                          reg_base: &mut Vec<u32>,
                          reg_shadow: &mut Vec<(u32, u32)>|
             -> Result<(u32, usize)> {
                match a == here.0 {
                    true => Ok((here.1, here.2)),
                    false => Ok((ensure(a, live, reg_base, reg_shadow)?, nregs(a)?)),
                }
            };
            let sf = table.of(prog, (func, f, ff), i, (&e, number))?;

            // Dynamic control dependence.
            while cd_stack.last().is_some_and(|t| t.2 > frame) {
                cd_stack.pop();
            }
            if sf.first {
                while cd_stack
                    .last()
                    .is_some_and(|t| t.2 == frame && t.1 == sf.block)
                {
                    cd_stack.pop();
                }
            }
            let parent = match cd_stack.last() {
                Some(t) if t.2 == frame => t.0,
                _ => {
                    let c = trace.frames[frame as usize].call_entry;
                    if c != NONE && c as usize >= i {
                        bail!("trace entry {i}: frame {frame} was created by a later entry {c}");
                    }
                    c
                }
            };
            cd.push_step(i, parent);

            // Uses first (an entry may read what it then overwrites), then defs; the
            // IR's implied registers before the recorded locations.
            let implied = match e.implied() {
                true => Some(sf.implied.with_context(|| {
                    format!("trace entry {i} names a statement or frame the program lacks")
                })?),
                false => None,
            };
            if implied.is_some() {
                for &r in table.uses(&sf) {
                    let (d, last) = read_reg(&reg_shadow, (here.1, here.2), r, i)?;
                    uses.push(i, UseRec::reg(d, key0 + r, after(last, d)));
                }
            }
            for l in recorded.clone().filter(|l| !l.is_def()) {
                if l.is_mem() {
                    let sh = mem_shadow.get(l.a as usize).with_context(|| {
                        format!("trace entry {i} uses unrecorded allocation {}", l.a)
                    })?;
                    let mut prev = u32::MAX - 1;
                    let mut from_init = false;
                    let var = trace.allocs[l.a as usize]
                        .var
                        .and_then(|v| keys.var(v))
                        .map(|k| var_pot[(k - var0) as usize]);
                    // The bytes' last definitions, runs of one definition as one use.
                    let (lo, hi) = (l.b as usize, l.b as usize + l.size() as usize);
                    sh.each(lo, hi, |d| {
                        from_init |= d == NONE;
                        if d != prev {
                            let pot = after(any_mem_pot, d) || var.is_some_and(|v| after(v, d));
                            uses.push(i, UseRec::mem(d, l.a, pot));
                            prev = d;
                        }
                    });
                    if from_init {
                        static_init_loc(prog, trace, l.a, l.b, l.size(), |loc| {
                            if static_reads.last() != Some(&(i as u32, loc)) {
                                static_reads.push((i as u32, loc));
                            }
                        });
                    }
                } else {
                    let w = window(l.a, &mut live, &mut reg_base, &mut reg_shadow)?;
                    let (d, last) = read_reg(&reg_shadow, w, l.b, i)?;
                    uses.push(i, UseRec::reg(d, keys.reg(l.a, l.b), after(last, d)));
                }
            }
            uses.end_entry(i);

            // Defines register `r` of frame `a` at this entry.
            let define = |a: u32,
                          r: u32,
                          live: &mut Vec<u32>,
                          reg_base: &mut Vec<u32>,
                          reg_shadow: &mut Vec<(u32, u32)>|
             -> Result<()> {
                let w = window(a, live, reg_base, reg_shadow)?;
                define_reg(reg_shadow, w, r, i)
            };
            match implied.map(|x| x.2) {
                None | Some(Implied::None) => {}
                Some(Implied::Reg(d)) => define_reg(&mut reg_shadow, (here.1, here.2), d, i)?,
                // A library call defines its destination.
                Some(Implied::Call(dst)) if e.aux == NONE => {
                    if let Some(d) = dst {
                        define_reg(&mut reg_shadow, (here.1, here.2), d, i)?
                    }
                }
                // An interpreted call defines the callee's parameters.
                Some(Implied::Call(_)) => {
                    let lacks =
                        || format!("trace entry {i} names a statement or frame the program lacks");
                    let callee = trace.frames.get(e.aux as usize).with_context(lacks)?.func;
                    let params = table.params(prog, callee.index()).with_context(lacks)?;
                    for &r in params {
                        define(e.aux, r, &mut live, &mut reg_base, &mut reg_shadow)?;
                    }
                }
            }
            for l in recorded.filter(|l| l.is_def()) {
                if l.is_mem() {
                    let sh = mem_shadow.get_mut(l.a as usize).with_context(|| {
                        format!("trace entry {i} defines unrecorded allocation {}", l.a)
                    })?;
                    let size = trace.allocs[l.a as usize].size as usize;
                    sh.set(
                        l.b as usize,
                        l.b as usize + l.size() as usize,
                        size,
                        i as u32,
                    );
                } else {
                    define(l.a, l.b, &mut live, &mut reg_base, &mut reg_shadow)?;
                }
            }

            // A branch instance: push it for control dependence and record what its
            // untaken sides may define.
            if sf.branch {
                branch_entries.push(i as u32);
                let ip = ff.ipdom[sf.block as usize];
                cd_stack.push((i as u32, ip, frame));
                if let Some(md) = ff.untaken_of(BlockId::new(sf.block), BlockId::new(e.aux)) {
                    let i = i as u32;
                    let (base, nr) = (here.1, here.2 as u32);
                    for &r in &md.regs {
                        if r.raw() >= nr {
                            bail!(
                                "trace entry {i}: facts name r{} beyond {}'s registers",
                                r.raw(),
                                f.name
                            );
                        }
                        pot.push(pot_pack(key0 + r.raw(), i));
                        if let Some(slot) = reg_shadow.get_mut((base + r.raw()) as usize) {
                            slot.1 = i;
                        }
                    }
                    let vars = md.locals.iter().map(|l| (func.raw(), l.raw()));
                    for v in vars.chain(md.globals.iter().map(|g| (NONE, g.raw()))) {
                        let key = keys.var(v).with_context(|| {
                            format!(
                                "trace entry {i}: facts name a variable {v:?} the program lacks"
                            )
                        })?;
                        pot.push(pot_pack(key, i));
                        var_pot[(key - var0) as usize] = i;
                    }
                    if md.any_mem {
                        pot.push(pot_pack(keys.any_mem, i));
                        any_mem_pot = i;
                    }
                }
            }
        }
        sort_by_key(&mut pot, keys.any_mem);
        let mut pot_starts: Vec<u32> = Vec::new();
        let mut seg_keys: Vec<u32> = Vec::new();
        for (p, &k) in pot.iter().enumerate() {
            if p == 0 || pot_key(pot[p - 1]) != pot_key(k) {
                pot_starts.push(p as u32);
                seg_keys.push(pot_key(k));
            }
        }
        pot_starts.push(pot.len() as u32);
        // The segments name the keys: only the branch entries are kept.
        let mut pot: Vec<u32> = pot.into_iter().map(pot_branch).collect();
        // Each key's segment, found once here rather than at each use the closure visits
        // (a table over all keys: 4 bytes per register slot of each frame, well below
        // the trace's own size per call; a hash map of millions of segments cost more).
        let mut seg_of = vec![NONE; keys.any_mem as usize + 1];
        for (sg, &k) in seg_keys.iter().enumerate() {
            seg_of[k as usize] = sg as u32;
        }
        let seg = |key: u32| seg_of.get(key as usize).copied().unwrap_or(NONE);
        uses.map_locations(|loc| {
            if loc & POT == 0 || loc & MEM != 0 {
                return loc;
            }
            match seg(loc & !POT) {
                // Not reachable (a use's potential definer is in `pot`); no search then.
                NONE => loc & !POT,
                sg => sg | POT,
            }
        });
        let alloc_seg = trace
            .allocs
            .iter()
            .map(|a| a.var.and_then(|v| keys.var(v)).map_or(NONE, seg))
            .collect();
        let any_mem_seg = seg(keys.any_mem);
        drop(seg_of);
        // The arrays grew by doubling; both revisions' indexes live together.
        cd.shrink_to_fit();
        for v in [&mut pot_starts, &mut seg_keys] {
            v.shrink_to_fit();
        }
        uses.shrink_to_fit();
        pot.shrink_to_fit();
        Ok(Slicer {
            trace,
            uses,
            cd,
            n,
            keys,
            pot,
            pot_starts,
            seg_keys,
            alloc_seg,
            any_mem_seg,
            branch_entries,
            static_reads,
        })
    }

    /// Entry `i`'s dynamic control-dependence parent (`NONE`: none).
    #[inline]
    fn parent(&self, i: u32) -> u32 {
        self.cd.at(i as usize).unwrap_or(NONE)
    }

    fn uses_of(&self, i: u32) -> impl Iterator<Item = UseRec> + '_ {
        Uses::read(self.uses.of(i as usize), i)
    }

    /// Bytes used by the index's arenas.
    pub fn heap_bytes(&self) -> usize {
        self.uses.heap_bytes()
            + self.cd.heap_bytes()
            + self.branch_entries.capacity() * 4
            + self.pot.capacity() * 4
            + (self.pot_starts.capacity() + self.seg_keys.capacity()) * 4
            + self.alloc_seg.capacity() * 4
            + (self.keys.frame.capacity() + self.keys.var.capacity() + self.keys.var_len.capacity())
                * 4
    }

    /// The number of entries indexed (from the first): criteria must be among them.
    pub fn len(&self) -> usize {
        self.n
    }

    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Branch-instance entries of the trace, ascending.
    pub fn branch_entries(&self) -> &[u32] {
        &self.branch_entries
    }

    /// The backward closure from `crit`; with `potential`, the relevant slice.
    ///
    /// One sweep down the trace from the highest criterion entry: every dependence
    /// (a definition, a control parent, a potential definer) is an earlier entry, so a
    /// member's own dependences are all added before the sweep reaches them. The index is
    /// read in trace order, not at random as a work list would (most of a long run is
    /// often in the slice).
    pub fn close(&self, crit: &Criterion, potential: bool) -> Result<BitSet> {
        let top = self.criterion_end(crit)?;
        let mut set = BitSet::new(self.len());
        for &c in &crit.entries {
            set.insert(c);
        }
        // Skip list over `pot`: next[p] is the first unvisited position >= p; and per
        // key, how many of its potential definers are unvisited (none: no search).
        let mut pot = PotVisit {
            next: Vec::new(),
            left: Vec::new(),
            done: Vec::new(),
        };
        if potential {
            pot.next = (0..=self.pot.len() as u32).collect();
            pot.left = self.pot_starts.windows(2).map(|w| w[1] - w[0]).collect();
            pot.done = vec![(0, 0); self.seg_keys.len()];
        }
        for wi in (0..top.div_ceil(64)).rev() {
            let mut m = set.words[wi];
            while m != 0 {
                let b = 63 - m.leading_zeros();
                let e = wi as u32 * 64 + b;
                for u in self.uses_of(e) {
                    if u.def != NONE {
                        earlier(u.def, e)?;
                        set.insert(u.def);
                    }
                    if potential && u.has_potential() {
                        let lo = if u.def == NONE { 0 } else { u.def + 1 };
                        if u.is_mem() {
                            let var = self.alloc_seg.get(u.what() as usize).copied();
                            let var = var.unwrap_or(NONE);
                            self.potential(var, lo, e, &mut pot, &mut set);
                            let any = self.any_mem_seg;
                            self.potential(any, lo, e, &mut pot, &mut set);
                        } else {
                            // The register's segment (see `UseRec::loc`).
                            let seg = u.what();
                            self.potential(seg, lo, e, &mut pot, &mut set);
                        }
                    }
                }
                let p = self.parent(e);
                if p != NONE {
                    earlier(p, e)?;
                    set.insert(p);
                }
                // Members added below `e` in this word are visited next.
                m = set.words[wi] & ((1u64 << b) - 1);
            }
        }
        Ok(set)
    }

    /// One past the latest entry of `crit`, which must be among the indexed entries: where
    /// a sweep down the trace from it starts.
    fn criterion_end(&self, crit: &Criterion) -> Result<usize> {
        let (n, top) = (self.len(), crit.entries.iter().max());
        match top {
            Some(&c) if c as usize >= n => {
                bail!("criterion entry {c} is outside the indexed trace ({n} entries)")
            }
            _ => Ok(top.map_or(0, |&c| c as usize + 1)),
        }
    }

    /// Adds the potential definers of segment `seg` (`NONE`: none) among branch entries
    /// in `lo..hi`.
    fn potential(&self, seg: u32, lo: u32, hi: u32, pot: &mut PotVisit, set: &mut BitSet) {
        // Only a segment with potential definers left to visit.
        let seg = seg as usize;
        if pot.left.get(seg).is_none_or(|&n| n == 0) || lo >= hi {
            return;
        }
        // A use in a loop asks again for a range it asked before, a little longer: only
        // the part outside the range already searched needs a search.
        let (clo, chi) = pot.done[seg];
        if clo < chi && lo <= chi && clo <= hi {
            if lo < clo {
                self.search(seg, lo, clo, pot, set);
            }
            if chi < hi {
                self.search(seg, chi, hi, pot, set);
            }
            pot.done[seg] = (lo.min(clo), hi.max(chi));
        } else {
            self.search(seg, lo, hi, pot, set);
            if hi - lo > chi - clo {
                pot.done[seg] = (lo, hi);
            }
        }
    }

    /// Adds the unvisited potential definers of segment `seg` among branch entries in
    /// `lo..hi`.
    fn search(&self, seg: usize, lo: u32, hi: u32, pot: &mut PotVisit, set: &mut BitSet) {
        let (start, end) = (self.pot_starts[seg], self.pot_starts[seg + 1]);
        let mut p =
            start + self.pot[start as usize..end as usize].partition_point(|&b| b < lo) as u32;
        loop {
            p = find(&mut pot.next, p);
            match self.pot.get(p as usize) {
                Some(&b) if p < end && b < hi => {
                    set.insert(b);
                    pot.next[p as usize] = p + 1;
                    pot.left[seg] -= 1;
                }
                _ => return,
            }
        }
    }

    /// Relevant and dynamic slices from `crit`.
    pub fn slice(&self, crit: &Criterion) -> Result<Slice> {
        let Relevant { set, static_data } = self.relevant(crit)?;
        Ok(Slice {
            relevant: set,
            dynamic: self.close(crit, false)?,
            static_data,
        })
    }

    /// The relevant slice alone: what an analysis needs of a [`Slice`] (the dynamic
    /// slice costs another closure, and only `slice`'s DSC reads it).
    pub fn relevant(&self, crit: &Criterion) -> Result<Relevant> {
        let set = self.close(crit, true)?;
        let static_data = self.static_data(&set);
        Ok(Relevant { set, static_data })
    }

    /// The static initialisers read by entries of `set` (see [`Slice::static_data`]).
    pub fn static_data(&self, set: &BitSet) -> Vec<Loc> {
        let mut out: Vec<Loc> = self
            .static_reads
            .iter()
            .filter(|(e, _)| set.contains(*e))
            .map(|(_, l)| *l)
            .collect();
        out.sort_by_key(|l| (l.file, l.line, l.col));
        out.dedup();
        out
    }
}

/// Calls `f` with the location that initialised each part of bytes `off..off + len` of
/// allocation `alloc`, when it is a global (its initialiser, or its declaration).
fn static_init_loc(
    prog: &Program,
    trace: &Trace,
    alloc: u32,
    off: u32,
    len: u32,
    mut f: impl FnMut(Loc),
) {
    let Some((NONE, g)) = trace.allocs.get(alloc as usize).and_then(|a| a.var) else {
        return;
    };
    let Some(gl) = prog.globals.get(g as usize) else {
        return;
    };
    // String literals are read at the statement that names them; globals declared
    // outside the revision's tree (regcause's libc headers, named `<stdio.h>`, declare
    // `stderr`; absolute paths) are set up by the interpreter, not by the program's data.
    let file = prog.file_name(gl.loc);
    if gl.read_only && gl.name.starts_with('<')
        || file.starts_with('<')
        || std::path::Path::new(file).is_absolute()
    {
        return;
    }
    let mut last = None;
    for k in off..off.saturating_add(len.max(1)) {
        let l = gl.init_loc_at(k);
        if last != Some(l) {
            f(l);
            last = Some(l);
        }
    }
}

/// How an entry of a [`Tree`] was reached from the entry that needed it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Via {
    /// A criterion entry.
    Criterion,
    /// The needing entry uses a value this entry defined.
    Data,
    /// The needing entry runs because of this branch instance (or call).
    Control,
}

/// A backward closure that remembers, for every member, the entry that pulled it in:
/// following [`Tree::parent`] from any member gives a shortest chain to the criterion
/// ([`Slicer::close_tree`]).
#[derive(Clone, Debug)]
pub struct Tree {
    /// Per trace entry: 0 when it is not a member, else one more than the member that
    /// needed it (the entry itself: a criterion entry) in bits 0..30 and how it was
    /// reached (`VIA_*`) in bits 30..32. Zero for "absent" lets the table be allocated
    /// zeroed: the pages of a small tree over a long trace are never touched.
    link: Vec<u32>,
    /// Members nearest the criterion first (the criterion itself first), later entries
    /// first among members at the same distance.
    pub order: Vec<u32>,
    /// Allocations (serials) some member reads before the trace defines those bytes:
    /// their initial values (a global's initialiser) flow into the criterion.
    pub initial_reads: Vec<u32>,
}

impl Tree {
    fn new(n: usize) -> Tree {
        Tree {
            link: vec![0; n],
            order: Vec::new(),
            initial_reads: Vec::new(),
        }
    }

    /// A tree with no members (a closure not taken).
    pub fn empty() -> Tree {
        Tree::new(0)
    }

    pub fn contains(&self, i: u32) -> bool {
        self.link.get(i as usize).is_some_and(|&p| p != 0)
    }

    /// The member that needed member `i` (`i` itself for a criterion entry).
    pub fn parent(&self, i: u32) -> Option<u32> {
        self.link
            .get(i as usize)
            .and_then(|&p| (p & LINK_PARENT).checked_sub(1))
    }

    /// How member `i` was reached.
    pub fn via(&self, i: u32) -> Option<Via> {
        let link = *self.link.get(i as usize)?;
        (link != 0).then_some(match (link >> LINK_VIA_SHIFT) as u8 {
            VIA_DATA => Via::Data,
            VIA_CONTROL => Via::Control,
            _ => Via::Criterion,
        })
    }

    /// The chain from member `from` to the criterion: `from` first, each step with how
    /// it reaches the next. Empty when `from` is not a member.
    pub fn chain(&self, from: u32) -> Vec<(u32, Via)> {
        let mut out = Vec::new();
        let mut i = from;
        while let (Some(p), Some(via)) = (self.parent(i), self.via(i)) {
            if out.len() > self.link.len() {
                break;
            }
            out.push((i, via));
            if p == i {
                break;
            }
            i = p;
        }
        out
    }
}

/// Where a tree's link word keeps how its member was reached; the parent below it.
const LINK_VIA_SHIFT: u32 = 30;
const LINK_PARENT: u32 = (1 << LINK_VIA_SHIFT) - 1;
/// Trees name entries in 30 bits (`Tree::link`): the longest trace the slicer indexes.
const MAX_ENTRIES: usize = LINK_PARENT as usize - 1;

const VIA_CRITERION: u8 = 0;
const VIA_DATA: u8 = 1;
const VIA_CONTROL: u8 = 2;

impl Slicer<'_> {
    /// The closure from `crit` over data dependence, and with `control` over control
    /// dependence too (never potential dependence), as a [`Tree`]. Without `control`
    /// this is the data slice: the statements the criterion's values flow through.
    ///
    /// A shortest-path sweep down the trace rather than a breadth-first search: every
    /// dependence is an earlier entry, so when the sweep reaches an entry, all the
    /// members that need it have been seen and its distance is final. The index is then
    /// read in trace order instead of at random (most of a long run is often in the
    /// tree, and the search spent its time on cache misses). Of the members needing an
    /// entry at the least distance, the latest one is its parent.
    pub fn close_tree(&self, crit: &Criterion, control: bool) -> Result<Tree> {
        let mut t = Tree::new(self.len());
        let Sweep {
            dist,
            initial_reads,
        } = self.sweep(crit, control, |x, from, via| {
            t.link[x as usize] = (from + 1) | (via as u32) << LINK_VIA_SHIFT;
        })?;
        t.order = by_distance(&dist);
        t.initial_reads = initial_reads;
        Ok(t)
    }

    /// The statements of the data closure from `crit` (the members of
    /// `close_tree(crit, false)`), each as its instance nearest the criterion, nearest
    /// first: the tree's [`Tree::order`] with each statement's later instances left
    /// out, without the tree's tables (a word per entry of the trace, twice).
    pub fn data_statements(&self, crit: &Criterion) -> Result<Vec<u32>> {
        let dist = self.sweep(crit, false, |_, _, _| {})?.dist;
        // Per statement number: (distance, entry) of its nearest instance, the latest
        // among the nearest (the sweep below goes down).
        let mut best: Vec<(u32, u32)> = vec![(NONE, NONE); self.trace.stmt_count()];
        dist.each_rev(|e, d| {
            if let Some(k) = self.trace.stmt_number(e as usize) {
                if d < best[k].0 {
                    best[k] = (d, e);
                }
            }
        });
        let mut firsts: Vec<(u32, u32)> = best.into_iter().filter(|b| b.0 != NONE).collect();
        firsts.sort_unstable_by_key(|&(d, e)| (d, std::cmp::Reverse(e)));
        Ok(firsts.into_iter().map(|(_, e)| e).collect())
    }

    /// The shortest-path sweep down the trace behind the trees: the distance of every
    /// entry below the latest criterion entry from the criterion, over data dependence
    /// and with `control` over control dependence, and the reads of initial values (see
    /// [`Tree::initial_reads`]). `reached(x, from, via)` says that `x` is nearer through
    /// member `from` than through any member before (a criterion entry: through itself,
    /// `VIA_CRITERION`).
    ///
    /// The distance table ([`Distances`]) is written and read at members only, so a
    /// small slice at the end of a long run leaves its pages untouched: the two data
    /// slices of a 10^8-entry run, built at once and filled with "none" first, were the
    /// peak of its analysis.
    fn sweep(
        &self,
        crit: &Criterion,
        control: bool,
        mut reached: impl FnMut(u32, u32, u8),
    ) -> Result<Sweep> {
        let top = self.criterion_end(crit)?;
        let mut dist = Distances::new(top);
        for &c in &crit.entries {
            if dist.nearer(c, 0) {
                reached(c, c, VIA_CRITERION);
            }
        }
        let mut initial_reads = Vec::new();
        // Allocations already in `initial_reads` (a list scan per read made a loop over
        // a zeroed table quadratic).
        let mut initial = BitSet::new(self.trace.allocs.len());
        let mut reach = |x: u32, d: u32, from: u32, via: u8, dist: &mut Distances| {
            if dist.nearer(x, d) {
                reached(x, from, via);
            }
        };
        // Every dependence is an earlier entry: a member's distance is final when the
        // sweep reaches it, and a page holds its members before the sweep reaches it.
        for k in (0..dist.pages.len).rev() {
            let Some(entries) = dist.page(k) else {
                continue;
            };
            for e in entries.rev() {
                let Some(d) = dist.of(e) else {
                    continue;
                };
                for u in self.uses_of(e) {
                    if u.def == NONE {
                        if u.is_mem() && initial.insert(u.what()) {
                            initial_reads.push(u.what());
                        }
                    } else {
                        earlier(u.def, e)?;
                        reach(u.def, d + 1, e, VIA_DATA, &mut dist);
                    }
                }
                let p = self.parent(e);
                if control && p != NONE {
                    earlier(p, e)?;
                    reach(p, d + 1, e, VIA_CONTROL, &mut dist);
                }
            }
        }
        Ok(Sweep {
            dist,
            initial_reads,
        })
    }
}

/// A sweep's distances from its criterion, per entry below it: a word per entry,
/// allocated zeroed (0: not a member, else the distance plus one), and a bit per page of
/// the table saying whether a member was written there. Only pages holding members are
/// read or written. A table filled with "none" first made the two data slices of a
/// 10^8-entry run, built at once, the peak of its analysis, although they held a few
/// entries; a zeroed table read where unwritten faults its pages twice (the zero page,
/// then the write), slower than the fill for a slice holding most of a long run; and
/// blocks allocated one by one stayed with the allocator once freed, raising the peak.
struct Distances {
    words: Vec<u32>,
    /// Per page of `words`: whether a member's word is on it.
    pages: BitSet,
    /// How many words of the first page come before `words` (the allocation need not
    /// start a page): page `k` holds the entries from `k * PAGE - skew`.
    skew: usize,
}

impl Distances {
    /// Words per page.
    const PAGE: usize = 1024;

    fn new(len: usize) -> Distances {
        let words = vec![0u32; len];
        let skew = (words.as_ptr() as usize % (Self::PAGE * 4)) / 4;
        Distances {
            pages: BitSet::new((len + skew).div_ceil(Self::PAGE)),
            words,
            skew,
        }
    }

    /// Puts `e` at distance `d` when that is nearer than it was; returns whether it was.
    #[inline]
    fn nearer(&mut self, e: u32, d: u32) -> bool {
        let at = &mut self.words[e as usize];
        if *at != 0 && *at <= d + 1 {
            return false;
        }
        if *at == 0 {
            self.pages
                .insert(((e as usize + self.skew) / Self::PAGE) as u32);
        }
        *at = d + 1;
        true
    }

    /// Entry `e`'s distance, if a member.
    #[inline]
    fn of(&self, e: u32) -> Option<u32> {
        self.words[e as usize].checked_sub(1)
    }

    /// The entries on page `k`, if it holds a member.
    fn page(&self, k: usize) -> Option<std::ops::Range<u32>> {
        if !self.pages.contains(k as u32) {
            return None;
        }
        let lo = (k * Self::PAGE).saturating_sub(self.skew);
        let hi = ((k + 1) * Self::PAGE - self.skew).min(self.words.len());
        Some(lo as u32..hi as u32)
    }

    /// Calls `f(e, d)` on each member `e` at distance `d`, latest first (a loop rather
    /// than an iterator: a slice may hold most of a long run).
    #[inline]
    fn each_rev(&self, mut f: impl FnMut(u32, u32)) {
        for k in (0..self.pages.len).rev() {
            let Some(entries) = self.page(k) else {
                continue;
            };
            for e in entries.rev() {
                if let Some(d) = self.of(e) {
                    f(e, d);
                }
            }
        }
    }
}

/// What [`Slicer::sweep`] found.
struct Sweep {
    dist: Distances,
    initial_reads: Vec<u32>,
}

/// The members nearest first, and latest first among equals: a counting sort on the
/// distance.
fn by_distance(dist: &Distances) -> Vec<u32> {
    // Where each distance's entries start in the order (counted at the next distance's
    // slot first).
    let mut start = vec![0u32; 1];
    dist.each_rev(|_, d| {
        let slot = d as usize + 1;
        if start.len() <= slot {
            start.resize(slot + 1, 0);
        }
        start[slot] += 1;
    });
    if start.len() == 1 {
        return Vec::new();
    }
    for k in 1..start.len() {
        start[k] += start[k - 1];
    }
    let mut order = vec![0u32; start[start.len() - 1] as usize];
    dist.each_rev(|e, d| {
        order[start[d as usize] as usize] = e;
        start[d as usize] += 1;
    });
    order
}

impl Slicer<'_> {
    /// Which groups of entries feed which through data dependence alone: `out[x][y]`
    /// says whether an entry of group `y` is in the data closure (the criterion's values
    /// flow through it, as [`Slicer::close_tree`] without control) of group `x`'s
    /// entries; `out[x][x]` is false. One reverse pass over the trace per 32 groups, each
    /// entry carrying the groups whose closure holds it as bits: a use's definition comes
    /// before it, so an entry's bits are final when the pass reaches it. (One closure per
    /// group made a slice's worth of work per group.)
    pub fn data_reach(&self, groups: &[Vec<u32>]) -> Result<Vec<Vec<bool>>> {
        let n = self.len();
        let k = groups.len();
        let mut out = vec![vec![false; k]; k];
        for (c, chunk) in groups.chunks(32).enumerate() {
            let Some(top) = chunk.iter().flatten().copied().max() else {
                continue;
            };
            if top as usize >= n {
                bail!("criterion entry {top} is outside the indexed trace ({n} entries)");
            }
            // Nothing after the chunk's last entry is in its closures.
            let mut bits = vec![0u32; top as usize + 1];
            for (j, g) in chunk.iter().enumerate() {
                for &e in g {
                    bits[e as usize] |= 1 << j;
                }
            }
            for e in (0..=top).rev() {
                let m = bits[e as usize];
                if m == 0 {
                    continue;
                }
                for u in self.uses_of(e) {
                    if u.def == NONE {
                        continue;
                    }
                    if u.def >= e {
                        bail!(
                            "trace entry {e} uses a definition of the later entry {}",
                            u.def
                        );
                    }
                    bits[u.def as usize] |= m;
                }
            }
            for (y, g) in groups.iter().enumerate() {
                let mut m = g
                    .iter()
                    .filter_map(|&i| bits.get(i as usize))
                    .fold(0u32, |a, &b| a | b);
                while m != 0 {
                    let x = c * 32 + m.trailing_zeros() as usize;
                    m &= m - 1;
                    if x != y {
                        out[x][y] = true;
                    }
                }
            }
        }
        Ok(out)
    }
}

/// What a relevant closure has visited of the potential definers.
struct PotVisit {
    /// Skip list over `Slicer::pot`: the first unvisited position at or after each.
    next: Vec<u32>,
    /// Per key segment: its unvisited potential definers.
    left: Vec<u32>,
    /// Per key segment: a range of branch entries `lo..hi` all of whose potential
    /// definers in the segment are visited (empty at first).
    done: Vec<(u32, u32)>,
}

/// Sorts potential definers (`pot_pack`) by key, keeping the order of those with equal
/// keys: the forward pass pushes them by ascending branch entry, so the result is what
/// sorting the packed words would give. A stable radix sort on the key, 12 bits a pass
/// (keys are below `max_key` + 1): a comparison sort of millions of definers was a
/// quarter of a recursive parser's analysis.
fn sort_by_key(pot: &mut Vec<u64>, max_key: u32) {
    const BITS: u32 = 12;
    let bits = u32::BITS - max_key.leading_zeros();
    let mut out = vec![0u64; pot.len()];
    let mut shift = 0;
    while shift < bits {
        let digit = |p: u64| ((pot_key(p) >> shift) & ((1 << BITS) - 1)) as usize;
        let mut start = vec![0usize; 1 << BITS];
        for &p in pot.iter() {
            start[digit(p)] += 1;
        }
        let mut sum = 0;
        for c in start.iter_mut() {
            (*c, sum) = (sum, sum + *c);
        }
        for &p in pot.iter() {
            let d = digit(p);
            out[start[d]] = p;
            start[d] += 1;
        }
        std::mem::swap(pot, &mut out);
        shift += BITS;
    }
}

/// Checks that dependence `dep` of entry `e` comes before it, as the sweeps over the
/// trace rely on (a trace that broke it would be sliced short, silently).
fn earlier(dep: u32, e: u32) -> Result<()> {
    if dep >= e {
        bail!("trace entry {e} depends on the later entry {dep}");
    }
    Ok(())
}

/// Path-compressing find in the skip list.
fn find(next: &mut [u32], mut p: u32) -> u32 {
    let mut root = p;
    while next[root as usize] != root {
        root = next[root as usize];
    }
    while next[p as usize] != root {
        let n = next[p as usize];
        next[p as usize] = root;
        p = n;
    }
    root
}

/// Slices `trace` from `crit`: the relevant and the dynamic slice.
pub fn slice(prog: &Program, facts: &Facts, trace: &Trace, crit: &Criterion) -> Result<Slice> {
    Slicer::new(prog, facts, trace)?.slice(crit)
}

/// The source location of a trace entry's statement.
pub fn entry_loc(prog: &Program, trace: &Trace, i: u32) -> Option<Loc> {
    let s = trace.get(i as usize)?.stmt;
    let b = prog
        .functions
        .get(s.func.index())?
        .blocks
        .get(s.block.index())?;
    Some(match b.stmts.get(s.index as usize) {
        Some(st) => st.loc,
        None => b.term_loc,
    })
}

impl Slice {
    /// Source lines of the relevant slice with their instance counts, in source order
    /// (the column is 0). Entries without a source location (line 0) are left out.
    pub fn lines(&self, prog: &Program, trace: &Trace) -> Vec<(Loc, u32)> {
        lines_of(&self.relevant, prog, trace)
    }

    /// RSC, DSC and PC as indices into `branches` (a run's `SymState::branches`).
    /// A branch record with no trace entry (`entry == NONE`) is only in the PC.
    pub fn conditions(&self, branches: &[BranchRec]) -> Conditions {
        Conditions {
            rsc: branches_in(&self.relevant, branches),
            dsc: branches_in(&self.dynamic, branches),
            pc: (0..branches.len()).collect(),
        }
    }
}

/// The indices of the branch records whose trace entry is in `set`, ascending.
fn branches_in(set: &BitSet, branches: &[BranchRec]) -> Vec<usize> {
    branches
        .iter()
        .enumerate()
        .filter(|(_, b)| b.entry != NONE && set.contains(b.entry))
        .map(|(i, _)| i)
        .collect()
}

/// Source lines of a set of entries with instance counts, in source order.
pub fn lines_of(set: &BitSet, prog: &Program, trace: &Trace) -> Vec<(Loc, u32)> {
    // Count per statement in a dense table first, then group the statements by line.
    let mut counts = vec![0u32; trace.stmt_count()];
    for i in set.iter() {
        if let Some(c) = trace
            .stmt_number(i as usize)
            .and_then(|k| counts.get_mut(k))
        {
            *c += 1;
        }
    }
    let mut m: std::collections::BTreeMap<Loc, u32> = std::collections::BTreeMap::new();
    // `stmt_locs` walks statements in the order the dense table was laid out.
    for ((_, l), &c) in prog.stmt_locs().zip(&counts) {
        if c > 0 && l.line != 0 {
            *m.entry(Loc { col: 0, ..l }).or_default() += c;
        }
    }
    m.into_iter().collect()
}

/// The reorder procedure (Algorithm 2 of the relevant-slice paper): the last element
/// is the pivot; the elements in its relevant slice (`in_slice_of(pivot, x)`) go before
/// it, the others after it, each part reordered recursively. The recursion is kept on
/// an explicit stack: a loop-carried chain of dependences makes it as deep as the
/// condition is long (a run of the `dd-loop` sample overflowed the thread's stack).
pub fn reorder<T: Copy>(seq: &[T], in_slice_of: &mut impl FnMut(T, T) -> bool) -> Vec<T> {
    enum Work<T> {
        Part(Vec<T>),
        Emit(T),
    }
    let mut out = Vec::with_capacity(seq.len());
    let mut stack = vec![Work::Part(seq.to_vec())];
    while let Some(w) = stack.pop() {
        match w {
            Work::Emit(x) => out.push(x),
            Work::Part(part) => {
                let Some((&pivot, rest)) = part.split_last() else {
                    continue;
                };
                let (mut before, mut after) = (Vec::new(), Vec::new());
                for &x in rest {
                    if in_slice_of(pivot, x) {
                        before.push(x)
                    } else {
                        after.push(x)
                    }
                }
                // Popped in reverse: `before`, then the pivot, then `after`.
                stack.push(Work::Part(after));
                stack.push(Work::Emit(pivot));
                stack.push(Work::Part(before));
            }
        }
    }
    out
}

/// Reorders the branch instances of a relevant slice condition (trace entries,
/// ascending) by Algorithm 2, using each pivot's own relevant slice in this trace,
/// closed also from the entries of `with` (ascending) that come before the pivot.
pub fn reorder_branches(slicer: &Slicer, rsc: &[u32], with: &[u32]) -> Result<Vec<u32>> {
    let mut cache: std::collections::HashMap<u32, BitSet> = std::collections::HashMap::new();
    let mut err = None;
    let out = reorder(rsc, &mut |pivot, x| {
        if let std::collections::hash_map::Entry::Vacant(v) = cache.entry(pivot) {
            let mut entries = vec![pivot];
            entries.extend(with.iter().copied().take_while(|&b| b < pivot));
            match slicer.close(&Criterion { entries }, true) {
                Ok(s) => {
                    v.insert(s);
                }
                Err(e) => {
                    err = Some(e);
                    return false;
                }
            }
        }
        cache.get(&pivot).is_some_and(|s| s.contains(x))
    });
    match err {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

#[cfg(test)]
mod tests;
