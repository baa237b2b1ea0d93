//! The slicing trace: one compact record per executed statement instance, with the
//! locations it defined and used, in flat arenas (no boxed object per step).
//!
//! A trace is filled by the trace observer on the interpreter's hooks and read by the
//! slicer (`crate::slice`). Its layout is the contract between the two:
//!
//! - `entries[i]` is the i-th executed statement or terminator, in execution order.
//! - The locations of entry `i` are `locs[entries[i-1].loc_end .. entries[i].loc_end]`
//!   (from 0 for the first entry); each is tagged def or use.
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

use crate::ir::{BlockId, FuncId, StmtId};

/// Sentinel for "none" in `u32` fields.
pub const NONE: u32 = u32::MAX;

/// One executed statement or terminator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The statement; a terminator has `index == block.stmts.len()`.
    pub stmt: StmtId,
    /// Serial of the frame it ran in (index into [`Trace::frames`]).
    pub frame: u32,
    /// End (exclusive) of this entry's locations in [`Trace::locs`].
    pub loc_end: u32,
    /// For a terminator: the block control went to (`NONE` for a return). For a call of
    /// an interpreted function: the callee's frame serial. Otherwise `NONE`.
    pub aux: u32,
}

/// A location defined or used by an entry, packed into 12 bytes.
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
    /// The entry of the call that created it (`NONE` for `main`).
    pub call_entry: u32,
    /// The caller's frame serial (`NONE` for `main`).
    pub parent: u32,
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
    pub entries: Vec<Entry>,
    pub locs: Vec<Location>,
    pub frames: Vec<FrameRec>,
    pub allocs: Vec<AllocRec>,
    /// Whether recording stopped early (the run hit its step limit or a fault); the
    /// entries recorded so far are still a valid prefix.
    pub truncated: bool,
}

impl Trace {
    /// The locations of entry `i`.
    pub fn locs_of(&self, i: usize) -> &[Location] {
        let start = if i == 0 {
            0
        } else {
            self.entries[i - 1].loc_end as usize
        };
        &self.locs[start..self.entries[i].loc_end as usize]
    }

    /// The block a terminator entry went to, if it is a terminator that did not return.
    pub fn dest(&self, i: usize) -> Option<BlockId> {
        let a = self.entries[i].aux;
        (a != NONE).then_some(a)
    }

    /// Bytes used by the trace's arenas (entries, locations, frames).
    pub fn heap_bytes(&self) -> usize {
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.locs.capacity() * std::mem::size_of::<Location>()
            + self.frames.capacity() * std::mem::size_of::<FrameRec>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_are_compact() {
        assert_eq!(std::mem::size_of::<Entry>(), 24);
        assert_eq!(std::mem::size_of::<Location>(), 12);
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
