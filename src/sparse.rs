//! Per-entry fields of a long run kept only where an entry has one ([`Sparse`]): a bit
//! per entry and a count per 64 entries find it. The trace and the slicer's index use
//! it for what few entries have (values, explicit `aux`es) and for what seldom changes
//! from one entry to the next (frames, control-dependence parents).

/// Values of some of a trace's entries, with a bit per entry saying which have one and
/// a count per 64 entries to find it: the values entries define (about a third of the
/// entries keep one), and the steps of per-entry fields that seldom change (an entry's
/// frame, its control-dependence parent in the slicer's index), read as "the last kept
/// at or before".
#[derive(Clone, Debug)]
pub(crate) struct Sparse<T> {
    pub(crate) vals: Vec<T>,
    /// Bit `i % 64` of word `i / 64`: entry `i` has a value.
    pub(crate) has: Vec<u64>,
    /// Per word of `has`: the values of the entries before it.
    pub(crate) before: Vec<u32>,
}

impl<T> Default for Sparse<T> {
    fn default() -> Self {
        Sparse {
            vals: Vec::new(),
            has: Vec::new(),
            before: Vec::new(),
        }
    }
}

impl<T: Copy + PartialEq> Sparse<T> {
    /// Entry `i` (the next one) has `v`; kept when `keep`.
    #[inline]
    pub(crate) fn push(&mut self, i: usize, keep: bool, v: T) {
        if i.is_multiple_of(64) {
            self.has.push(0);
            self.before.push(self.vals.len() as u32);
        }
        if keep {
            if let Some(w) = self.has.last_mut() {
                *w |= 1 << (i % 64);
            }
            self.vals.push(v);
        }
    }

    /// Entry `i` (the next one) has `v`, kept where it differs from the last kept
    /// value (a step).
    #[inline]
    pub(crate) fn push_step(&mut self, i: usize, v: T) {
        let keep = self.vals.last() != Some(&v);
        self.push(i, keep, v);
    }

    /// Forget entry `i`, the last one pushed.
    pub(crate) fn pop(&mut self, i: usize) {
        let (w, b) = (i / 64, i % 64);
        if let Some(word) = self.has.get_mut(w) {
            if *word >> b & 1 == 1 {
                *word &= !(1 << b);
                self.vals.pop();
            }
        }
        if b == 0 {
            self.has.pop();
            self.before.pop();
        }
    }

    /// A reader of the values entry after entry, from the first (see [`Cursor`]).
    pub(crate) fn cursor(&self) -> Cursor<'_, T> {
        Cursor {
            of: self,
            word: 0,
            k: 0,
        }
    }

    /// How many of the entries up to `i` (inclusive) kept a value, and whether `i` did.
    #[inline]
    pub(crate) fn rank(&self, i: usize) -> Option<(usize, bool)> {
        let (w, b) = (i / 64, i % 64);
        let word = *self.has.get(w)?;
        let below = (word & ((1u64 << b) - 1)).count_ones() as usize;
        let own = word >> b & 1 == 1;
        Some((self.before[w] as usize + below + own as usize, own))
    }

    /// Entry `i`'s value, if it kept one.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> Option<T> {
        match self.rank(i)? {
            (k, true) => self.vals.get(k - 1).copied(),
            _ => None,
        }
    }

    /// The value of the last entry at or before `i` that kept one (the step `i` is on;
    /// `i` is an entry pushed).
    #[inline]
    pub(crate) fn at(&self, i: usize) -> Option<T> {
        let (k, _) = self.rank(i)?;
        self.vals.get(k.checked_sub(1)?).copied()
    }

    pub(crate) fn shrink_to_fit(&mut self) {
        self.vals.shrink_to_fit();
        self.has.shrink_to_fit();
        self.before.shrink_to_fit();
    }

    pub(crate) fn spare(&self) -> usize {
        (self.vals.capacity() - self.vals.len())
            + (self.has.capacity() - self.has.len())
            + (self.before.capacity() - self.before.len())
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.vals.capacity() * std::mem::size_of::<T>()
            + self.has.capacity() * 8
            + self.before.capacity() * 4
    }
}

/// The values of a [`Sparse`] read entry after entry: a pass over the trace loads a
/// word of presence bits once per 64 entries and reads no count.
pub(crate) struct Cursor<'s, T> {
    pub(crate) of: &'s Sparse<T>,
    /// The presence bits of the current 64 entries.
    pub(crate) word: u64,
    /// Values read so far.
    pub(crate) k: usize,
}

impl<T: Copy> Cursor<'_, T> {
    /// Read the presence bits of the 64 entries from `i` on (`i` a multiple of 64).
    #[inline]
    pub(crate) fn load(&mut self, i: usize) {
        self.word = self.of.has.get(i / 64).copied().unwrap_or(0);
    }

    /// Entry `i`'s value, if it kept one; `i` is the entry after the last one asked,
    /// its word loaded.
    #[inline]
    pub(crate) fn next(&mut self, i: usize) -> Option<T> {
        if self.word >> (i % 64) & 1 == 0 {
            return None;
        }
        let v = self.of.vals.get(self.k).copied();
        self.k += 1;
        v
    }

    /// Entry `i + 1`'s value, if it kept one, without moving on; `i` is the entry last
    /// asked of [`Cursor::next`].
    #[inline]
    pub(crate) fn peek(&self, i: usize) -> Option<T> {
        let j = i + 1;
        let word = match j % 64 {
            0 => self.of.has.get(j / 64).copied().unwrap_or(0),
            _ => self.word,
        };
        match word >> (j % 64) & 1 {
            0 => None,
            _ => self.of.vals.get(self.k).copied(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kept_values_read_back_by_entry() {
        // Entries keep a value in an irregular pattern across several words.
        let keep = |i: usize| (i * 7 + i / 5).is_multiple_of(3);
        let mut v = Sparse::default();
        for i in 0..1000 {
            v.push(i, keep(i), 1000 + i as u64);
        }
        for i in 0..1000 {
            assert_eq!(v.get(i), keep(i).then_some(1000 + i as u64), "entry {i}");
        }
        assert_eq!(v.get(5000), None);
        assert_eq!(v.vals.len(), (0..1000).filter(|&i| keep(i)).count());
    }

    #[test]
    fn steps_read_back_as_the_last_kept_value() {
        // A frame-like field: runs of equal values across word boundaries.
        let value = |i: usize| (i / 37 % 5) as u32;
        let mut s = Sparse::default();
        for i in 0..500 {
            s.push_step(i, value(i));
        }
        for i in 0..500 {
            assert_eq!(s.at(i), Some(value(i)), "entry {i}");
        }
        // Only the changes are kept.
        let changes = (1..500).filter(|&i| value(i) != value(i - 1)).count();
        assert_eq!(s.vals.len(), changes + 1);
        // Popping the last entries and pushing others.
        for i in (400..500).rev() {
            s.pop(i);
        }
        for i in 400..450 {
            s.push_step(i, 9);
        }
        assert_eq!(
            (s.at(399), s.at(400), s.at(449)),
            (Some(value(399)), Some(9), Some(9))
        );
    }

    #[test]
    fn a_cursor_reads_each_entry_and_peeks_at_the_next() {
        // Kept values at word boundaries (63, 64, 127, 128) and in runs.
        let keep = |i: usize| matches!(i % 64, 0 | 1 | 63) || (i / 9).is_multiple_of(4);
        let mut s = Sparse::default();
        for i in 0..300 {
            s.push(i, keep(i), i as u32);
        }
        let mut c = s.cursor();
        for i in 0..300usize {
            if i.is_multiple_of(64) {
                c.load(i);
            }
            assert_eq!(c.next(i), keep(i).then_some(i as u32), "entry {i}");
            let after = i + 1;
            let want = (after < 300 && keep(after)).then_some(after as u32);
            assert_eq!(c.peek(i), want, "after entry {i}");
        }
    }
}
