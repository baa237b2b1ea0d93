//! Memory as a set of allocations. A pointer is a 64-bit value
//! `generation:8 | slot:24 | biased offset:32`, the offset biased by 2^31 so that plain
//! 64-bit addition, subtraction and comparison of pointers into one object behave as
//! native addresses do, also a little before the object's start (`p - 1` in a
//! reverse loop). Slot 0 is never used, so null is 0. Freed slots
//! are reused with the next generation, so a stale pointer is recognised (up to 256
//! reuses of one slot). Function pointers live in two reserved slots.

use crate::ir::Loc;

/// An observer's state kept with each allocation (Miri's `AllocExtra`): memory keeps
/// it beside the bytes, so writes, copies and frees carry or clear it without another
/// lookup. `()` is no extra state, and costs nothing.
pub trait AllocExtra: Default + Clone + std::fmt::Debug + 'static {
    /// What a range of bytes carries from one place to another (see [`Memory::copy`]).
    type Carried;
    /// Bytes `off..off + n` were overwritten with concrete bytes.
    #[inline(always)]
    fn overwritten(&mut self, _off: usize, _n: usize) {}
    /// What bytes `off..off + n` carry, taken before a copy overwrites them.
    fn carried(&self, off: usize, n: usize) -> Self::Carried;
    /// Bytes `off..off + n` were just copied from the bytes `carried` was taken from.
    fn paste(&mut self, off: usize, n: usize, carried: Self::Carried);
}

impl AllocExtra for () {
    type Carried = ();
    #[inline(always)]
    fn carried(&self, _off: usize, _n: usize) {}
    #[inline(always)]
    fn paste(&mut self, _off: usize, _n: usize, _carried: ()) {}
}

/// Two observers' extras side by side.
impl<A: AllocExtra, B: AllocExtra> AllocExtra for (A, B) {
    type Carried = (A::Carried, B::Carried);
    #[inline(always)]
    fn overwritten(&mut self, off: usize, n: usize) {
        self.0.overwritten(off, n);
        self.1.overwritten(off, n);
    }
    #[inline(always)]
    fn carried(&self, off: usize, n: usize) -> Self::Carried {
        (self.0.carried(off, n), self.1.carried(off, n))
    }
    #[inline(always)]
    fn paste(&mut self, off: usize, n: usize, carried: Self::Carried) {
        self.0.paste(off, n, carried.0);
        self.1.paste(off, n, carried.1);
    }
}

pub const FUNC_SLOT: u64 = 0x00ff_ffff;
pub const BUILTIN_SLOT: u64 = 0x00ff_fffe;
const MAX_SLOTS: usize = 0x00ff_fff0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllocKind {
    Global,
    StringLiteral,
    Stack,
    Heap,
    /// argv strings and other memory set up by the runtime.
    Runtime,
}

/// Which bytes of an allocation have been written: a bitmap and the number of bytes
/// still unwritten. Once that reaches zero the map is dropped, so fully initialised
/// memory (the common case) pays nothing on access.
#[derive(Clone, Debug)]
pub struct InitMap {
    bits: Vec<u64>,
    uninit: usize,
}

/// The bitmap words the bytes `off..off + n` fall in, each with the mask of their bits.
#[inline(always)]
fn word_masks(off: usize, n: usize) -> impl Iterator<Item = (usize, u64)> {
    let end = off + n;
    let mut i = off;
    std::iter::from_fn(move || {
        if i >= end {
            return None;
        }
        let (w, b) = (i >> 6, i & 63);
        let k = (end - i).min(64 - b);
        let mask = if k >= 64 {
            u64::MAX
        } else {
            ((1u64 << k) - 1) << b
        };
        i += k;
        Some((w, mask))
    })
}

impl InitMap {
    pub fn new(len: usize) -> InitMap {
        InitMap {
            bits: vec![0; len.div_ceil(64)],
            uninit: len,
        }
    }
    #[inline(always)]
    pub fn is_set(&self, i: usize) -> bool {
        self.bits[i >> 6] & (1u64 << (i & 63)) != 0
    }
    /// First unwritten byte in `off..off+n`, if any: a word of the bitmap at a time
    /// (its unset bits under the range's mask), not byte by byte.
    #[inline]
    pub fn first_unset(&self, off: usize, n: usize) -> Option<usize> {
        word_masks(off, n).find_map(|(w, mask)| {
            let unset = !self.bits.get(w).copied().unwrap_or(0) & mask;
            (unset != 0).then(|| (w << 6) + unset.trailing_zeros() as usize)
        })
    }
    /// First written byte in `off..off+n`, if any (as [`InitMap::first_unset`]).
    #[inline]
    pub fn first_set(&self, off: usize, n: usize) -> Option<usize> {
        word_masks(off, n).find_map(|(w, mask)| {
            let set = self.bits.get(w).copied().unwrap_or(0) & mask;
            (set != 0).then(|| (w << 6) + set.trailing_zeros() as usize)
        })
    }
    /// The runs of written and unwritten bytes of `off..off+n`, as (start relative to
    /// `off`, length, written), found a word at a time: a copy carries them along in
    /// runs (a growing buffer's `realloc` copies a written prefix and an unwritten
    /// tail: two runs, where it went byte by byte).
    pub fn runs(&self, off: usize, n: usize) -> Vec<(usize, usize, bool)> {
        let mut out = Vec::new();
        let mut k = 0;
        while k < n {
            let set = self.is_set(off + k);
            let next = match set {
                true => self.first_unset(off + k, n - k),
                false => self.first_set(off + k, n - k),
            };
            let end = next.map_or(n, |e| e - off);
            out.push((k, end - k, set));
            k = end;
        }
        out
    }
    /// Whether all of `off..off+n` (`n` at most 64, inside the allocation) is written:
    /// the bitmap's words compared under a mask, not byte by byte.
    #[inline(always)]
    pub fn all_set(&self, off: usize, n: usize) -> bool {
        let (w, b) = (off >> 6, off & 63);
        let Some(&first) = self.bits.get(w) else {
            return false;
        };
        let ones = |k: usize| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        let here = n.min(64 - b);
        let m1 = ones(here) << b;
        if first & m1 != m1 {
            return false;
        }
        let rest = n - here;
        if rest == 0 {
            return true;
        }
        let m2 = ones(rest);
        self.bits.get(w + 1).is_some_and(|&x| x & m2 == m2)
    }
    /// Mark `off..off+n` written; returns true when the whole allocation now is.
    #[inline]
    pub fn set_range(&mut self, off: usize, n: usize) -> bool {
        // A word of the bitmap at a time, counting the bits it newly sets.
        for (w, mask) in word_masks(off, n) {
            let word = &mut self.bits[w];
            self.uninit -= (mask & !*word).count_ones() as usize;
            *word |= mask;
        }
        self.uninit == 0
    }
    pub fn clear_range(&mut self, off: usize, n: usize) {
        for (w, mask) in word_masks(off, n) {
            let word = &mut self.bits[w];
            self.uninit += (mask & *word).count_ones() as usize;
            *word &= !mask;
        }
    }
    pub fn full(len: usize) -> InitMap {
        let mut m = InitMap::new(len);
        m.set_range(0, len);
        m
    }
}

#[derive(Clone, Debug)]
pub struct Alloc<E = ()> {
    pub data: Vec<u8>,
    /// Written-bytes map; `None` when every byte is initialised.
    pub init: Option<Box<InitMap>>,
    pub kind: AllocKind,
    /// False once the allocation's lifetime ended (`Memory::release`), which also
    /// gives back its bytes: the fast paths rely on a dead allocation having none.
    pub live: bool,
    pub read_only: bool,
    pub gen: u8,
    /// What the allocation is, for messages: a variable name or "heap block".
    pub name: String,
    pub site: Loc,
    pub freed_at: Option<Loc>,
    /// Its size in bytes, kept when its lifetime ends (messages about a use after free
    /// name the block as it was).
    pub size: usize,
    /// The observers' per-allocation state (see [`AllocExtra`]).
    pub extra: E,
    /// Unique for the whole run (slots are reused, serials are not): the stable identity
    /// of a memory location for the trace and the slicer.
    pub serial: u32,
}

/// One memory access, as reported to a watching observer (the trace recorder).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Access {
    pub serial: u32,
    pub offset: u32,
    pub len: u32,
    pub write: bool,
}

/// Why a memory access failed; turned into a located runtime error by the interpreter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MemFault {
    Null,
    Invalid(u64),
    OutOfBounds {
        what: String,
        offset: i64,
        size: u32,
        len: usize,
        site: Loc,
    },
    UseAfterFree {
        what: String,
        kind: AllocKind,
        site: Loc,
        freed_at: Option<Loc>,
    },
    Uninit {
        what: String,
        offset: u32,
        site: Loc,
    },
    ReadOnly {
        what: String,
    },
    DoubleFree {
        site: Loc,
        freed_at: Option<Loc>,
    },
    InvalidFree {
        what: String,
    },
    OutOfMemory,
}

pub struct Memory<E = ()> {
    pub allocs: Vec<Alloc<E>>,
    free_slots: Vec<u32>,
    pub heap_bytes: u64,
    /// The memory ceiling (`Limits::max_memory`): an allocation that would take
    /// regcause's own memory above it fails with `OutOfMemory`.
    pub ceiling: u64,
    next_serial: u32,
    /// Whether accesses are reported to `accesses` (set by the trace recorder). Every
    /// access path of memory reports itself here, so library models are covered too.
    watching: bool,
    accesses: std::cell::RefCell<Vec<Access>>,
    /// Allocations made while watching: (serial, what it is, size).
    new_allocs: Vec<(u32, String, u32)>,
    /// Uninitialised reads continue (reading zero) instead of faulting.
    lenient: bool,
    uninit_reads: std::cell::RefCell<Vec<(String, u32, Loc)>>,
}

#[inline(always)]
pub fn slot_of(p: u64) -> usize {
    ((p >> 32) & 0x00ff_ffff) as usize
}
#[inline(always)]
pub fn gen_of(p: u64) -> u8 {
    (p >> 56) as u8
}
const BIAS: u32 = 0x8000_0000;

/// The signed byte offset of a pointer into its allocation.
#[inline(always)]
pub fn off_of(p: u64) -> i64 {
    (p as u32).wrapping_sub(BIAS) as i32 as i64
}
#[inline(always)]
pub fn make_ptr(slot: usize, gen: u8, off: u32) -> u64 {
    ((gen as u64) << 56) | ((slot as u64) << 32) | off.wrapping_add(BIAS) as u64
}

impl<E: AllocExtra> Default for Memory<E> {
    fn default() -> Self {
        Memory {
            allocs: Vec::new(),
            free_slots: Vec::new(),
            heap_bytes: 0,
            ceiling: 0,
            next_serial: 0,
            watching: false,
            accesses: Default::default(),
            new_allocs: Vec::new(),
            lenient: false,
            uninit_reads: Default::default(),
        }
    }
}

impl<E: AllocExtra> Memory<E> {
    pub fn new() -> Memory<E> {
        let mut m = Memory::default();
        // slot 0: never valid, so that null and small integers are invalid pointers
        m.allocs.push(Alloc {
            data: Vec::new(),
            init: None,
            kind: AllocKind::Runtime,
            live: false,
            read_only: true,
            gen: 0,
            name: "null".into(),
            site: Loc::default(),
            freed_at: None,
            size: 0,
            extra: E::default(),
            serial: 0,
        });
        m.next_serial = 1;
        m.ceiling = super::ceiling::default_ceiling();
        m
    }

    /// Start reporting accesses (see [`Memory::drain_accesses`]).
    pub fn watch(&mut self) {
        self.watching = true;
    }

    /// Stop reporting accesses, dropping those not drained yet (the recorder stopped).
    pub fn unwatch(&mut self) {
        self.watching = false;
        self.accesses.get_mut().clear();
        self.new_allocs.clear();
    }

    /// Passes each allocation made since the last call (while watching) to `f`:
    /// (serial, name, size). Called once per traced statement: most have none.
    #[inline]
    pub fn drain_new_allocs(&mut self, f: impl FnMut((u32, String, u32))) {
        if !self.new_allocs.is_empty() {
            self.new_allocs.drain(..).for_each(f);
        }
    }

    /// Passes each access reported since the last call to `f`, in order.
    #[inline]
    pub fn drain_accesses(&mut self, f: impl FnMut(Access)) {
        let accesses = self.accesses.get_mut();
        if !accesses.is_empty() {
            accesses.drain(..).for_each(f);
        }
    }

    /// The serial of the allocation `p` points into (0 when it is not a live one).
    pub fn serial_of(&self, p: u64) -> u32 {
        match self.allocs.get(slot_of(p)) {
            Some(a) if a.gen == gen_of(p) && a.live => a.serial,
            _ => 0,
        }
    }

    /// Continue past reads of uninitialised memory: they read as zero (every byte not
    /// yet written holds 0, see `mark_uninit`) and are reported by `take_uninit_reads`.
    pub fn set_lenient(&mut self, lenient: bool) {
        self.lenient = lenient;
    }

    /// The uninitialised reads continued past since the last call:
    /// (what was read, byte offset, where it was created).
    pub fn take_uninit_reads(&self) -> Vec<(String, u32, Loc)> {
        std::mem::take(&mut self.uninit_reads.borrow_mut())
    }

    pub fn is_lenient(&self) -> bool {
        self.lenient
    }

    /// A read of byte `i` of `a`, not initialised: a fault, or under the lenient policy a
    /// recorded read of zero.
    #[cold]
    #[inline(never)]
    fn uninit(&self, a: &Alloc<E>, i: usize) -> Result<(), MemFault> {
        if !self.lenient {
            return Err(MemFault::Uninit {
                what: describe(a),
                offset: i as u32,
                site: a.site,
            });
        }
        self.uninit_reads
            .borrow_mut()
            .push((describe(a), i as u32, a.site));
        Ok(())
    }

    #[inline(always)]
    fn note(&self, slot: usize, off: usize, len: usize, write: bool) {
        if self.watching {
            self.note_slow(slot, off, len, write);
        }
    }

    #[cold]
    #[inline(never)]
    fn note_slow(&self, slot: usize, off: usize, len: usize, write: bool) {
        self.accesses.borrow_mut().push(Access {
            serial: self.allocs[slot].serial,
            offset: off as u32,
            len: len as u32,
            write,
        });
    }

    /// Create an allocation; returns its base pointer.
    pub fn alloc(
        &mut self,
        size: usize,
        kind: AllocKind,
        initialised: bool,
        name: &str,
        site: Loc,
    ) -> Result<u64, MemFault> {
        // The block's bytes and, when not initialised, its bitmap (an eighth more).
        let cost = (size as u64).saturating_add(size as u64 / 8);
        if size > u32::MAX as usize
            || super::ceiling::live_bytes().saturating_add(cost) > self.ceiling
        {
            return Err(MemFault::OutOfMemory);
        }
        if kind == AllocKind::Heap {
            self.heap_bytes += size as u64;
        }
        let init = if initialised || size == 0 {
            None
        } else {
            Some(Box::new(InitMap::new(size)))
        };
        if let Some(slot) = self.free_slots.pop() {
            let a = &mut self.allocs[slot as usize];
            let gen = a.gen.wrapping_add(1);
            let mut data = std::mem::take(&mut a.data);
            data.clear();
            data.resize(size, 0);
            *a = Alloc {
                data,
                init,
                kind,
                live: true,
                read_only: false,
                gen,
                name: name.to_string(),
                site,
                freed_at: None,
                size,
                extra: E::default(),
                serial: self.next_serial,
            };
            self.next_serial += 1;
            if self.watching {
                let a = &self.allocs[slot as usize];
                self.new_allocs.push((a.serial, describe(a), size as u32));
            }
            return Ok(make_ptr(slot as usize, gen, 0));
        }
        if self.allocs.len() >= MAX_SLOTS {
            return Err(MemFault::OutOfMemory);
        }
        self.allocs.push(Alloc {
            data: vec![0; size],
            init,
            kind,
            live: true,
            read_only: false,
            gen: 0,
            name: name.to_string(),
            site,
            freed_at: None,
            size,
            extra: E::default(),
            serial: self.next_serial,
        });
        self.next_serial += 1;
        if self.watching {
            let a = &self.allocs[self.allocs.len() - 1];
            self.new_allocs.push((a.serial, describe(a), size as u32));
        }
        Ok(make_ptr(self.allocs.len() - 1, 0, 0))
    }

    /// End an allocation's lifetime (free, or a frame returning).
    pub fn release(&mut self, p: u64, at: Loc) {
        let slot = slot_of(p);
        if let Some(a) = self.allocs.get_mut(slot) {
            if a.gen == gen_of(p) && a.live {
                a.live = false;
                a.freed_at = Some(at);
                if a.kind == AllocKind::Heap {
                    self.heap_bytes = self.heap_bytes.saturating_sub(a.data.len() as u64);
                }
                a.data = Vec::new();
                a.init = None;
                a.extra = E::default();
                self.free_slots.push(slot as u32);
            }
        }
    }

    pub fn free_heap(&mut self, p: u64, at: Loc) -> Result<(), MemFault> {
        if p == 0 {
            return Ok(());
        }
        let slot = slot_of(p);
        let Some(a) = self.allocs.get(slot) else {
            return Err(MemFault::Invalid(p));
        };
        if a.gen != gen_of(p) || !a.live {
            if a.kind == AllocKind::Heap || a.gen != gen_of(p) {
                return Err(MemFault::DoubleFree {
                    site: a.site,
                    freed_at: a.freed_at,
                });
            }
            return Err(MemFault::InvalidFree {
                what: a.name.clone(),
            });
        }
        if a.kind != AllocKind::Heap {
            return Err(MemFault::InvalidFree { what: describe(a) });
        }
        if off_of(p) != 0 {
            return Err(MemFault::InvalidFree {
                what: format!("a pointer {} bytes into a heap block", off_of(p)),
            });
        }
        self.release(p, at);
        Ok(())
    }

    /// Resolve `size` bytes at `p`: (slot, offset).
    #[inline(always)]
    pub fn check(&self, p: u64, size: u32) -> Result<(usize, usize), MemFault> {
        let slot = slot_of(p);
        let off = off_of(p);
        if let Some(a) = self.allocs.get(slot) {
            if a.gen == gen_of(p)
                && a.live
                && off >= 0
                && off as usize + size as usize <= a.data.len()
            {
                return Ok((slot, off as usize));
            }
        }
        Err(self.diagnose(p, size))
    }

    #[cold]
    fn diagnose(&self, p: u64, size: u32) -> MemFault {
        let slot = slot_of(p);
        if slot == 0 {
            return if p < 4096 {
                MemFault::Null
            } else {
                MemFault::Invalid(p)
            };
        }
        let Some(a) = self.allocs.get(slot) else {
            return MemFault::Invalid(p);
        };
        if slot == 0 || slot as u64 >= BUILTIN_SLOT {
            return MemFault::Invalid(p);
        }
        if a.gen != gen_of(p) || !a.live {
            return MemFault::UseAfterFree {
                what: describe(a),
                kind: a.kind,
                site: a.site,
                freed_at: a.freed_at,
            };
        }
        MemFault::OutOfBounds {
            what: describe(a),
            offset: off_of(p),
            size,
            len: a.data.len(),
            site: a.site,
        }
    }

    #[inline(always)]
    pub fn load(&self, p: u64, size: u32) -> Result<u64, MemFault> {
        match self.load_as(p, size, true) {
            Err(MemFault::Uninit { what, offset, site }) if self.lenient => {
                self.uninit_reads.borrow_mut().push((what, offset, site));
                Ok(self.load_raw(p, size))
            }
            r => r,
        }
    }

    /// The bytes at `p` (checked before) as a value, initialised or not: bytes never
    /// written hold zero.
    pub fn load_raw(&self, p: u64, size: u32) -> u64 {
        let Ok((slot, off)) = self.check(p, size) else {
            return 0;
        };
        let mut b = [0u8; 8];
        b[..size as usize].copy_from_slice(&self.allocs[slot].data[off..off + size as usize]);
        u64::from_le_bytes(b)
    }

    /// `load` for the interpreter loop, which knows statically whether anyone watches
    /// (`report`, a constant there), so unwatched runs skip even the check of the flag.
    #[inline(always)]
    pub fn load_as(&self, p: u64, size: u32, report: bool) -> Result<u64, MemFault> {
        let (slot, off) = self.check(p, size)?;
        if report {
            self.note(slot, off, size as usize, false);
        }
        let a = &self.allocs[slot];
        if let Some(init) = &a.init {
            if let Some(i) = init.first_unset(off, size as usize) {
                // Strict here: the interpreter decides on the policy where it knows the
                // statement (see `Machine::mem_fault_or_zero`).
                return Err(MemFault::Uninit {
                    what: describe(a),
                    offset: i as u32,
                    site: a.site,
                });
            }
        }
        let d = &a.data[off..off + size as usize];
        Ok(match size {
            1 => d[0] as u64,
            2 => u16::from_le_bytes([d[0], d[1]]) as u64,
            4 => u32::from_le_bytes([d[0], d[1], d[2], d[3]]) as u64,
            _ => {
                let mut b = [0u8; 8];
                b.copy_from_slice(&d[..8]);
                u64::from_le_bytes(b)
            }
        })
    }

    /// The `N` bytes at `p` when the access is the common case, an unwatched in-bounds
    /// read of initialised bytes of a live allocation; None otherwise (the caller then
    /// takes [`Memory::load_as`], which diagnoses). One lookup, one bounds check, the
    /// initialisation of the `N` bytes under a mask and a fixed-size read, instead of
    /// the general path's per-byte check and per-size dispatch.
    #[inline(always)]
    pub fn load_fast<const N: usize>(&self, p: u64) -> Option<u64> {
        let a = self.allocs.get(slot_of(p))?;
        let off = usize::try_from(off_of(p)).ok()?;
        // A dead allocation has no bytes (`release`), so the bounds check refuses it.
        if a.gen != gen_of(p) {
            return None;
        }
        let d = a.data.get(off..off.checked_add(N)?)?;
        if let Some(init) = &a.init {
            if !init.all_set(off, N) {
                return None;
            }
        }
        let mut b = [0u8; 8];
        b[..N].copy_from_slice(d);
        Some(u64::from_le_bytes(b))
    }

    /// Writes the low `N` bytes of `v` at `p` when the access is the common case, an
    /// unwatched in-bounds write to a live, writable allocation over bytes already
    /// initialised (so the initialisation map, if any, stays as it is); false (nothing
    /// written) otherwise, and the caller takes [`Memory::store_as`].
    #[inline(always)]
    pub fn store_fast<const N: usize>(&mut self, p: u64, v: u64) -> bool {
        let gen = gen_of(p);
        let Some(a) = self.allocs.get_mut(slot_of(p)) else {
            return false;
        };
        let Ok(off) = usize::try_from(off_of(p)) else {
            return false;
        };
        // A dead allocation has no bytes (`release`), so the bounds check refuses it.
        if a.gen != gen || a.read_only {
            return false;
        }
        if let Some(init) = &a.init {
            if !init.all_set(off, N) {
                return false;
            }
        }
        let Some(d) = off.checked_add(N).and_then(|end| a.data.get_mut(off..end)) else {
            return false;
        };
        d.copy_from_slice(&v.to_le_bytes()[..N]);
        a.extra.overwritten(off, N);
        true
    }

    #[inline(always)]
    pub fn store(&mut self, p: u64, size: u32, v: u64) -> Result<(), MemFault> {
        self.store_as(p, size, v, true)
    }

    /// `store` for the interpreter loop (see [`Memory::load_as`]).
    #[inline(always)]
    pub fn store_as(&mut self, p: u64, size: u32, v: u64, report: bool) -> Result<(), MemFault> {
        let (slot, off) = self.check(p, size)?;
        if report {
            self.note(slot, off, size as usize, true);
        }
        let a = &mut self.allocs[slot];
        if a.read_only {
            return Err(MemFault::ReadOnly { what: describe(a) });
        }
        let n = size as usize;
        a.data[off..off + n].copy_from_slice(&v.to_le_bytes()[..n]);
        mark_written(a, off, n);
        Ok(())
    }

    /// Bytes for reading, without the initialisation check (copies keep init state).
    pub fn bytes(&self, p: u64, n: usize) -> Result<&[u8], MemFault> {
        if n == 0 {
            return Ok(&[]);
        }
        let (slot, off) = self.check(p, n as u32)?;
        self.note(slot, off, n, false);
        Ok(&self.allocs[slot].data[off..off + n])
    }

    /// Bytes for reading that must all be initialised.
    pub fn init_bytes(&self, p: u64, n: usize) -> Result<&[u8], MemFault> {
        if n == 0 {
            return Ok(&[]);
        }
        let (slot, off) = self.check(p, n as u32)?;
        self.note(slot, off, n, false);
        let a = &self.allocs[slot];
        if let Some(init) = &a.init {
            if let Some(i) = init.first_unset(off, n) {
                self.uninit(a, i)?;
            }
        }
        Ok(&a.data[off..off + n])
    }

    pub fn write_bytes(&mut self, p: u64, src: &[u8]) -> Result<(), MemFault> {
        if src.is_empty() {
            return Ok(());
        }
        let (slot, off) = self.check(p, src.len() as u32)?;
        self.note(slot, off, src.len(), true);
        let a = &mut self.allocs[slot];
        if a.read_only {
            return Err(MemFault::ReadOnly { what: describe(a) });
        }
        a.data[off..off + src.len()].copy_from_slice(src);
        mark_written(a, off, src.len());
        Ok(())
    }

    /// memmove semantics, carrying initialisation state along.
    pub fn copy(&mut self, dst: u64, src: u64, n: usize) -> Result<(), MemFault> {
        if n == 0 {
            return Ok(());
        }
        let (ss, so) = self.check(src, n as u32)?;
        let (ds, d_off) = self.check(dst, n as u32)?;
        self.note(ss, so, n, false);
        self.note(ds, d_off, n, true);
        if self.allocs[ds].read_only {
            return Err(MemFault::ReadOnly {
                what: describe(&self.allocs[ds]),
            });
        }
        let carried = self.allocs[ss].extra.carried(so, n);
        // Initialisation state travels with the bytes (struct copies carry padding):
        // per byte only when some source byte is unwritten (a word at a time to know).
        let src_init: Option<Vec<(usize, usize, bool)>> = match &self.allocs[ss].init {
            Some(m) if m.first_unset(so, n).is_some() => Some(m.runs(so, n)),
            _ => None,
        };
        // The bytes, with no buffer between the two allocations.
        if ss == ds {
            self.allocs[ds].data.copy_within(so..so + n, d_off);
        } else {
            let (src, dst) = if ss < ds {
                let (lo, hi) = self.allocs.split_at_mut(ds);
                (&lo[ss], &mut hi[0])
            } else {
                let (lo, hi) = self.allocs.split_at_mut(ss);
                (&hi[0], &mut lo[ds])
            };
            dst.data[d_off..d_off + n].copy_from_slice(&src.data[so..so + n]);
        }
        let a = &mut self.allocs[ds];
        match src_init {
            None => mark_written(a, d_off, n),
            Some(runs) => {
                let len = a.data.len();
                let map = a.init.get_or_insert_with(|| Box::new(InitMap::full(len)));
                for (k, len, written) in runs {
                    match written {
                        true => {
                            map.set_range(d_off + k, len);
                        }
                        false => map.clear_range(d_off + k, len),
                    }
                }
                if map.uninit == 0 {
                    a.init = None;
                }
            }
        }
        // The destination's bytes are the source's now, with what observers keep of them.
        a.extra.paste(d_off, n, carried);
        Ok(())
    }

    pub fn fill(&mut self, dst: u64, byte: u8, n: usize) -> Result<(), MemFault> {
        if n == 0 {
            return Ok(());
        }
        let (ds, off) = self.check(dst, n as u32)?;
        self.note(ds, off, n, true);
        let a = &mut self.allocs[ds];
        if a.read_only {
            return Err(MemFault::ReadOnly { what: describe(a) });
        }
        a.data[off..off + n].iter_mut().for_each(|b| *b = byte);
        mark_written(a, off, n);
        Ok(())
    }

    pub fn mark_uninit(&mut self, p: u64) {
        let slot = slot_of(p);
        if let Some(a) = self.allocs.get_mut(slot) {
            let n = a.data.len();
            if n > 0 {
                // A local's storage starts at each entry of its scope: its map from the
                // last one, if still there, is cleared instead of made again.
                match &mut a.init {
                    Some(m) if m.bits.len() == n.div_ceil(64) => {
                        m.bits.fill(0);
                        m.uninit = n;
                    }
                    _ => a.init = Some(Box::new(InitMap::new(n))),
                }
                // What an uninitialised read gives under the lenient policy: zero, not
                // the previous lifetime's bytes.
                a.data.fill(0);
            }
        }
    }

    /// A NUL-terminated string starting at `p` (without the NUL).
    pub fn c_string(&self, p: u64) -> Result<Vec<u8>, MemFault> {
        let (slot, off) = self.check(p, 1)?;
        let a = &self.allocs[slot];
        let rest = &a.data[off..];
        // `CStr` finds the NUL a word at a time.
        match std::ffi::CStr::from_bytes_until_nul(rest).map(|c| c.to_bytes().len()) {
            Ok(n) => {
                self.note(slot, off, n + 1, false);
                if let Some(init) = &a.init {
                    if let Some(i) = init.first_unset(off, n + 1) {
                        self.uninit(a, i)?;
                    }
                }
                Ok(rest[..n].to_vec())
            }
            Err(_) => Err(MemFault::OutOfBounds {
                what: format!("{} (no terminating NUL before its end)", describe(a)),
                offset: a.data.len() as i64,
                size: 1,
                len: a.data.len(),
                site: a.site,
            }),
        }
    }

    /// Length of the allocation `p` points into, from `p` to its end.
    pub fn room(&self, p: u64) -> Result<usize, MemFault> {
        let (slot, off) = self.check(p, 0)?;
        Ok(self.allocs[slot].data.len() - off)
    }

    pub fn is_heap_block(&self, p: u64) -> bool {
        matches!(self.allocs.get(slot_of(p)), Some(a) if a.kind == AllocKind::Heap && a.live && a.gen == gen_of(p) && off_of(p) == 0)
    }
}

/// Bookkeeping of a write of concrete bytes: they are initialised, and observers'
/// extras hear of it.
#[inline(always)]
fn mark_written<E: AllocExtra>(a: &mut Alloc<E>, off: usize, n: usize) {
    if let Some(init) = &mut a.init {
        if init.set_range(off, n) {
            a.init = None;
        }
    }
    a.extra.overwritten(off, n);
}

pub fn describe<E>(a: &Alloc<E>) -> String {
    match a.kind {
        AllocKind::Heap => format!("a heap block of {} bytes", a.size),
        AllocKind::StringLiteral => "a string literal".into(),
        // A name that says what it is itself (an `alloca` block's, "the ...").
        AllocKind::Stack if a.name.starts_with("the ") => a.name.clone(),
        AllocKind::Stack => format!("local `{}`", a.name),
        AllocKind::Global => format!("global `{}`", a.name),
        AllocKind::Runtime => a.name.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `set_range` sets and counts a word at a time as byte by byte would, over ranges
    /// within a word, across words and over several, some bytes already set.
    #[test]
    fn init_ranges_are_set_a_word_at_a_time() {
        let len = 300;
        for (off, n) in [
            (0, 1),
            (3, 60),
            (60, 8),
            (63, 1),
            (64, 64),
            (10, 250),
            (0, 300),
        ] {
            let mut m = InitMap::new(len);
            for i in (0..len).filter(|i| i % 5 == 0) {
                m.set_range(i, 1);
            }
            let mut want: Vec<bool> = (0..len).map(|i| m.is_set(i)).collect();
            want[off..off + n].iter_mut().for_each(|b| *b = true);
            let all = m.set_range(off, n);
            let got: Vec<bool> = (0..len).map(|i| m.is_set(i)).collect();
            assert_eq!(got, want, "{off}+{n}");
            assert_eq!(m.uninit, want.iter().filter(|b| !**b).count(), "{off}+{n}");
            assert_eq!(all, m.uninit == 0);
        }
    }

    /// `all_set` agrees with a byte-by-byte check for every range of up to 8 bytes,
    /// within a word and across two, on maps with scattered holes.
    #[test]
    fn init_ranges_are_checked_under_a_mask() {
        let len = 200;
        let mut m = InitMap::new(len);
        for i in (0..len).filter(|i| i % 7 != 3 && !(60..70).contains(i)) {
            m.set_range(i, 1);
        }
        let mut checked = 0;
        for off in 0..len {
            for n in 1..=8usize.min(len - off) {
                let want = (off..off + n).all(|i| m.is_set(i));
                assert_eq!(m.all_set(off, n), want, "{off}+{n}");
                checked += usize::from(want);
            }
        }
        assert!(checked > 100);
        assert!(InitMap::full(len).all_set(60, 8));
        // `first_unset` finds the first hole a word at a time, as byte by byte, for
        // ranges within a word, across words and over several.
        for off in 0..len {
            for n in (1..=len - off).filter(|n| *n <= 9 || n % 13 == 0 || off + n == len) {
                let want = (off..off + n).find(|&i| !m.is_set(i));
                assert_eq!(m.first_unset(off, n), want, "{off}+{n}");
            }
        }
        assert_eq!(InitMap::full(len).first_unset(0, len), None);
        // The fast paths take an initialised range of a partly initialised allocation,
        // and leave an uninitialised one to the general path, which faults.
        let mut mem = Memory::<()>::new();
        let p = mem
            .alloc(16, AllocKind::Stack, false, "buf", Loc::default())
            .unwrap();
        assert!(
            !mem.store_fast::<4>(p, 1),
            "first write goes through store_as"
        );
        mem.store(p, 4, 0x0102_0304).unwrap();
        assert!(mem.store_fast::<2>(p + 2, 0xaabb));
        assert_eq!(mem.load_fast::<4>(p), Some(0xaabb_0304));
        assert_eq!(mem.load_fast::<4>(p + 2), None);
        assert!(matches!(
            mem.load(p + 2, 4),
            Err(MemFault::Uninit { offset: 4, .. })
        ));
    }

    /// A copy carries the source's written and unwritten bytes to the destination in
    /// runs, as byte by byte would: a written prefix and unwritten tail (a growing
    /// buffer's `realloc`), scattered holes, a destination partly written before,
    /// overlapping ranges of one allocation; `clear_range` counts as it clears.
    #[test]
    fn a_copy_carries_written_bytes_in_runs() {
        let written = |mem: &Memory<()>, p: u64, n: usize| -> Vec<bool> {
            let (slot, off) = mem.check(p, n as u32).unwrap();
            let a = &mem.allocs[slot];
            (off..off + n)
                .map(|i| a.init.as_ref().is_none_or(|m| m.is_set(i)))
                .collect()
        };
        for pattern in [
            |i: usize| i < 150,
            |i: usize| i % 7 != 3,
            |i: usize| (64..130).contains(&i) || i.is_multiple_of(2),
        ] {
            let mut mem = Memory::<()>::new();
            let src = mem
                .alloc(300, AllocKind::Heap, false, "src", Loc::default())
                .unwrap();
            let dst = mem
                .alloc(400, AllocKind::Heap, false, "dst", Loc::default())
                .unwrap();
            for i in (0..300).filter(|&i| pattern(i)) {
                mem.store(src + i as u64, 1, i as u64).unwrap();
            }
            for i in (0..400).filter(|i| i % 3 == 0) {
                mem.store(dst + i as u64, 1, 0xee).unwrap();
            }
            let mut want = written(&mem, dst, 400);
            want[37..37 + 280].copy_from_slice(&written(&mem, src + 5, 280));
            mem.copy(dst + 37, src + 5, 280).unwrap();
            assert_eq!(written(&mem, dst, 400), want);
            let (slot, _) = mem.check(dst, 1).unwrap();
            let uninit = mem.allocs[slot].init.as_ref().map_or(0, |m| m.uninit);
            assert_eq!(uninit, want.iter().filter(|w| !**w).count());
            // Within one allocation, overlapping (memmove).
            let mut want = written(&mem, src, 300);
            let moved = written(&mem, src + 10, 200);
            want[3..203].copy_from_slice(&moved);
            mem.copy(src + 3, src + 10, 200).unwrap();
            assert_eq!(written(&mem, src, 300), want);
        }
    }

    #[test]
    fn faults_are_classified() {
        let mut m = Memory::<()>::new();
        let p = m
            .alloc(8, AllocKind::Heap, false, "heap", Loc::default())
            .unwrap();
        assert!(matches!(m.load(p, 4), Err(MemFault::Uninit { .. })));
        m.store(p, 4, 7).unwrap();
        assert_eq!(m.load(p, 4).unwrap(), 7);
        assert!(matches!(
            m.load(p + 6, 4),
            Err(MemFault::OutOfBounds { .. })
        ));
        assert_eq!(m.load(0, 4), Err(MemFault::Null));
        m.free_heap(p, Loc::default()).unwrap();
        // The fast paths refuse a dead allocation (it has no bytes left), so the general
        // path diagnoses the use after free.
        assert_eq!(m.load_fast::<4>(p), None);
        assert!(!m.store_fast::<4>(p, 1));
        assert!(matches!(m.load(p, 4), Err(MemFault::UseAfterFree { .. })));
        assert!(matches!(
            m.free_heap(p, Loc::default()),
            Err(MemFault::DoubleFree { .. })
        ));
        // the slot is reused with a new generation: the old pointer stays stale
        let q = m
            .alloc(8, AllocKind::Heap, true, "heap", Loc::default())
            .unwrap();
        assert_eq!(slot_of(q), slot_of(p));
        assert!(matches!(m.load(p, 4), Err(MemFault::UseAfterFree { .. })));
        assert_eq!(m.load(q, 4).unwrap(), 0);
    }
}
