//! Memory shadows: the concolic observer's per-allocation extra state (its
//! `Observer::Extra`), which symbolic bytes an allocation holds. Memory keeps it with
//! the bytes, so a write of concrete bytes clears it and a copy carries it.

use crate::sym::FxHashMap as HashMap;

use super::SymState;
use crate::exec::hooks::{Lens, Observer};
use crate::exec::memory::{AllocExtra, MemFault, Memory};
use crate::sym::{ExprId, ExprPool};

/// The symbolic bytes of one allocation: byte `offset` holds byte `index` (0 = least
/// significant) of an expression. Stored per byte so that a load of the bytes of one
/// stored expression gets that expression back without extract/concat terms. `None`
/// when every byte is concrete.
// Boxed: every allocation of a concolic run has one, most of them empty, and a box
// keeps that one pointer wide. A fast hash: the keys are small offsets, and SipHash was
// a tenth of a traced run that loads symbolic values.
#[allow(clippy::box_collection)]
#[derive(Clone, Debug, Default)]
pub struct Shadow(Option<Box<HashMap<u32, (ExprId, u8)>>>);

impl AllocExtra for Shadow {
    /// The symbolic bytes of a copied range, by offset in the range.
    type Carried = Vec<(u32, (ExprId, u8))>;

    #[inline(always)]
    fn overwritten(&mut self, off: usize, n: usize) {
        if let Some(sh) = &mut self.0 {
            for i in off..off + n {
                sh.remove(&(i as u32));
            }
            if sh.is_empty() {
                self.0 = None;
            }
        }
    }

    #[inline(always)]
    fn carried(&self, off: usize, n: usize) -> Self::Carried {
        match &self.0 {
            Some(sh) => (off..off + n)
                .filter_map(|i| sh.get(&(i as u32)).map(|x| ((i - off) as u32, *x)))
                .collect(),
            None => Vec::new(),
        }
    }

    #[inline(always)]
    fn paste(&mut self, off: usize, n: usize, carried: Self::Carried) {
        // The destination's bytes are the source's now, symbolic or not.
        if let Some(sh) = &mut self.0 {
            for i in off..off + n {
                sh.remove(&(i as u32));
            }
        }
        if !carried.is_empty() {
            let sh = self.0.get_or_insert_with(Default::default);
            for (k, x) in carried {
                sh.insert(off as u32 + k, x);
            }
        }
    }
}

impl Shadow {
    fn map(&mut self) -> &mut HashMap<u32, (ExprId, u8)> {
        self.0.get_or_insert_with(Default::default)
    }
}

/// Give the `size` bytes at `p`, just stored, the symbolic expression `e`.
pub(super) fn store<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &mut Memory<O::Extra>,
    l: L,
    p: u64,
    size: u32,
    e: ExprId,
) -> Result<(), MemFault> {
    let (slot, off) = mem.check(p, size)?;
    let sh = l.extra(&mut mem.allocs[slot].extra).map();
    for i in 0..size {
        sh.insert(off as u32 + i, (e, i as u8));
    }
    Ok(())
}

/// Mark one byte as the symbolic 8-bit expression `e`.
pub(super) fn set_byte<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &mut Memory<O::Extra>,
    l: L,
    p: u64,
    e: ExprId,
) -> Result<(), MemFault> {
    let (slot, off) = mem.check(p, 1)?;
    l.extra(&mut mem.allocs[slot].extra)
        .map()
        .insert(off as u32, (e, 0));
    Ok(())
}

/// Whether the allocation `p` points into may hold a symbolic byte: false when it
/// has no shadow at all, as most allocations of a run never hold an input's byte.
pub(super) fn alloc_may_have<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &Memory<O::Extra>,
    l: L,
    p: u64,
) -> bool {
    match mem.check(p, 0) {
        Ok((slot, _)) => l.extra_ref(&mem.allocs[slot].extra).0.is_some(),
        Err(_) => true,
    }
}

/// Whether the C string at `p` (up to its NUL or the allocation's end) has a symbolic
/// byte.
pub(super) fn cstr_has<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &Memory<O::Extra>,
    l: L,
    p: u64,
) -> bool {
    let Ok((slot, off)) = mem.check(p, 0) else {
        return false;
    };
    let a = &mem.allocs[slot];
    let Some(sh) = &l.extra_ref(&a.extra).0 else {
        return false;
    };
    let end = a.data[off..]
        .iter()
        .position(|b| *b == 0)
        .map(|n| off + n)
        .unwrap_or(a.data.len());
    (off..end).any(|i| sh.contains_key(&(i as u32)))
}

/// The shadow of one byte, if symbolic.
pub(super) fn byte<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &Memory<O::Extra>,
    l: L,
    p: u64,
) -> Option<(ExprId, u8)> {
    let (slot, off) = mem.check(p, 1).ok()?;
    l.extra_ref(&mem.allocs[slot].extra)
        .0
        .as_ref()?
        .get(&(off as u32))
        .copied()
}

/// The symbolic expression (width `8 * size`) of `size` bytes at `p`, if any byte is
/// symbolic. Bytes that all come from one stored expression give it back as is.
pub(super) fn load<O: Observer, L: Lens<O, Target = SymState>>(
    mem: &Memory<O::Extra>,
    l: L,
    p: u64,
    size: u32,
    pool: &mut ExprPool,
) -> Option<ExprId> {
    let (slot, off) = mem.check(p, size).ok()?;
    let a = &mem.allocs[slot];
    let sh = l.extra_ref(&a.extra).0.as_ref()?;
    let bytes: Vec<Option<(ExprId, u8)>> = (0..size)
        .map(|i| sh.get(&(off as u32 + i)).copied())
        .collect();
    if bytes.iter().all(|b| b.is_none()) {
        return None;
    }
    if let Some((e, 0)) = bytes[0] {
        let whole = bytes
            .iter()
            .enumerate()
            .all(|(i, b)| *b == Some((e, i as u8)));
        if whole && pool.width(e) == 8 * size {
            return Some(e);
        }
    }
    // Mixed bytes: concatenate, most significant byte first.
    let mut acc: Option<ExprId> = None;
    for i in (0..size as usize).rev() {
        let b = match bytes[i] {
            Some((e, k)) => {
                let lo = 8 * k as u32;
                pool.extract(e, lo + 7, lo)
            }
            None => pool.constant(a.data[off + i] as u64, 8),
        };
        acc = Some(match acc {
            None => b,
            Some(h) => pool.concat(h, b),
        });
    }
    acc
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exec::hooks::Whole;
    use crate::exec::memory::AllocKind;
    use crate::ir::Loc;

    /// Memory keeps the shadows with the bytes: a stored expression loads back whole,
    /// a copy carries it, a concrete write over part of it leaves the rest symbolic, and
    /// writing all of it or freeing the allocation clears it.
    #[test]
    fn shadows_follow_the_bytes() {
        let mut sy = SymState::default();
        let v = sy.pool.new_var("x", 32, false).expect("a variable");
        let x = sy.pool.var(v);
        let mut mem: Memory<Shadow> = Memory::new();
        let alloc = |mem: &mut Memory<Shadow>| {
            mem.alloc(8, AllocKind::Heap, true, "block", Loc::default())
                .expect("alloc")
        };
        let (p, q) = (alloc(&mut mem), alloc(&mut mem));
        mem.store(p, 4, 7).expect("store");
        store::<SymState, _>(&mut mem, Whole, p, 4, x).expect("shadow");
        assert_eq!(
            load::<SymState, _>(&mem, Whole, p, 4, &mut sy.pool),
            Some(x)
        );
        assert!(cstr_has::<SymState, _>(&mem, Whole, p));

        mem.copy(q + 2, p, 4).expect("copy");
        assert_eq!(
            load::<SymState, _>(&mem, Whole, q + 2, 4, &mut sy.pool),
            Some(x)
        );
        assert_eq!(byte::<SymState, _>(&mem, Whole, q + 3), Some((x, 1)));
        assert_eq!(byte::<SymState, _>(&mem, Whole, q + 1), None);

        // Byte 1 concrete again: a load of the four bytes is a concatenation now.
        mem.store(p + 1, 1, 9).expect("store");
        assert_eq!(byte::<SymState, _>(&mem, Whole, p + 1), None);
        let mixed = load::<SymState, _>(&mem, Whole, p, 4, &mut sy.pool).expect("symbolic");
        assert_ne!(mixed, x);
        assert_eq!(sy.pool.width(mixed), 32);

        mem.fill(p, 0, 8).expect("fill");
        assert_eq!(load::<SymState, _>(&mem, Whole, p, 4, &mut sy.pool), None);
        assert!(mem.allocs[crate::exec::memory::slot_of(p)]
            .extra
            .0
            .is_none());

        mem.release(q, Loc::default());
        let r = alloc(&mut mem);
        assert_eq!(
            crate::exec::memory::slot_of(r),
            crate::exec::memory::slot_of(q)
        );
        assert_eq!(byte::<SymState, _>(&mem, Whole, r + 3), None);
    }
}
