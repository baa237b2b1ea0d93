//! How a trace is stored: the arrays behind [`super::Trace`], each sized for what it
//! holds per executed statement (the records, the values, the steps of fields that
//! seldom change, the recorded locations).

use super::{Entry, Location};
use crate::sparse::Sparse;

/// The recorded locations of a trace, in order, 8 bytes each: a word holds the whole
/// location when its fields fit (registers below 2^29; memory accesses of at most 63
/// bytes at offsets below 2^23), else the index of the location in `wide`.
#[derive(Clone, Debug, Default)]
pub struct Locs {
    words: Vec<u64>,
    wide: Vec<Location>,
}

impl Locs {
    const DEF: u64 = 1 << 63;
    const MEM: u64 = 1 << 62;
    const WIDE: u64 = 1 << 61;
    /// Bits 32..61: a register's number, or a memory access's size (6 bits) and offset
    /// (23 bits).
    const FIELD_BITS: u32 = 29;
    const SIZE_BITS: u32 = 6;

    fn pack(l: Location) -> Option<u64> {
        let flags = if l.is_def() { Self::DEF } else { 0 };
        let field = if l.is_mem() {
            let (size, offset) = (l.size() as u64, l.b as u64);
            if size >> Self::SIZE_BITS != 0 || offset >> (Self::FIELD_BITS - Self::SIZE_BITS) != 0 {
                return None;
            }
            offset << Self::SIZE_BITS | size
        } else {
            let reg = l.b as u64;
            if reg >> Self::FIELD_BITS != 0 {
                return None;
            }
            reg
        };
        let mem = if l.is_mem() { Self::MEM } else { 0 };
        Some(flags | mem | field << 32 | l.a as u64)
    }

    #[inline]
    fn unpack(&self, w: u64) -> Location {
        if w & Self::WIDE != 0 {
            return self.wide[(w & !Self::WIDE) as usize];
        }
        let (def, a, field) = (
            w & Self::DEF != 0,
            w as u32,
            (w >> 32) as u32 & ((1 << Self::FIELD_BITS) - 1),
        );
        if w & Self::MEM != 0 {
            let size = field & ((1 << Self::SIZE_BITS) - 1);
            Location::mem(def, a, field >> Self::SIZE_BITS, size)
        } else {
            Location::reg(def, a, field)
        }
    }

    pub fn push(&mut self, l: Location) {
        let w = self.word(l);
        self.words.push(w);
    }

    pub fn extend(&mut self, ls: impl IntoIterator<Item = Location>) {
        ls.into_iter().for_each(|l| self.push(l));
    }

    /// Location `k` (None past the end).
    pub fn get(&self, k: usize) -> Option<Location> {
        self.words.get(k).map(|&w| self.unpack(w))
    }

    /// Replace location `k` (tests that break a trace on purpose).
    pub fn set(&mut self, k: usize, l: Location) {
        if k < self.words.len() {
            self.words[k] = self.word(l);
        }
    }

    /// The word of `l`: packed, or the index of its copy in `wide`.
    fn word(&mut self, l: Location) -> u64 {
        Self::pack(l).unwrap_or_else(|| {
            self.wide.push(l);
            Self::WIDE | (self.wide.len() as u64 - 1)
        })
    }

    pub fn len(&self) -> usize {
        self.words.len()
    }

    pub fn is_empty(&self) -> bool {
        self.words.is_empty()
    }

    pub fn clear(&mut self) {
        self.words.clear();
        self.wide.clear();
    }

    /// The locations `start..end` (clamped to the arena).
    pub fn range(&self, start: usize, end: usize) -> LocIter<'_> {
        let end = end.min(self.words.len());
        LocIter {
            of: self,
            words: self.words.get(start.min(end)..end).unwrap_or(&[]).iter(),
        }
    }

    /// Every location, in order.
    pub fn iter(&self) -> LocIter<'_> {
        self.range(0, self.words.len())
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.words.shrink_to_fit();
        self.wide.shrink_to_fit();
    }

    pub(super) fn spare(&self) -> usize {
        (self.words.capacity() - self.words.len()) + (self.wide.capacity() - self.wide.len())
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.words.capacity() * 8 + self.wide.capacity() * std::mem::size_of::<Location>()
    }
}

/// Locations of a [`Locs`] read in order.
#[derive(Clone, Debug)]
pub struct LocIter<'t> {
    of: &'t Locs,
    words: std::slice::Iter<'t, u64>,
}

impl Iterator for LocIter<'_> {
    type Item = Location;

    #[inline]
    fn next(&mut self) -> Option<Location> {
        self.words.next().map(|&w| self.of.unpack(w))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.words.size_hint()
    }
}

impl ExactSizeIterator for LocIter<'_> {}

/// The entries as stored: each entry's statement as a dense number with the
/// [`Entry::IMPLIED`] bit (a trace holds one record per executed statement), in 2
/// bytes while the numbers fit in 15 bits (programs of fewer than 32,768 statements,
/// most of them), else in 4. An entry's frame, `aux` and the end of its recorded
/// locations are kept beside ([`super::Trace`]'s other fields).
#[derive(Clone, Debug)]
pub(super) enum Recs {
    /// Bit 15: implied; bits 0..15: the number.
    Narrow(Vec<u16>),
    /// Bit 31 ([`Entry::IMPLIED`]): implied; bits 0..31: the number.
    Wide(Vec<u32>),
}

impl Default for Recs {
    fn default() -> Self {
        Recs::Narrow(Vec::new())
    }
}

impl Recs {
    const NARROW_IMPLIED: u16 = 1 << 15;

    /// A record in the wide form from the narrow one.
    #[inline]
    fn widen(r: u16) -> u32 {
        (r & !Self::NARROW_IMPLIED) as u32
            | if r & Self::NARROW_IMPLIED != 0 {
                Entry::IMPLIED
            } else {
                0
            }
    }

    /// Record `i`, in the wide form (number, with [`Entry::IMPLIED`]).
    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<u32> {
        match self {
            Recs::Narrow(v) => v.get(i).map(|&r| Self::widen(r)),
            Recs::Wide(v) => v.get(i).copied(),
        }
    }

    /// Append a record given in the wide form; the first number past 15 bits turns the
    /// whole array wide.
    #[inline]
    pub(super) fn push(&mut self, r: u32) {
        match self {
            Recs::Narrow(v) => {
                let number = r & !Entry::IMPLIED;
                if number < Self::NARROW_IMPLIED as u32 {
                    let implied = if r & Entry::IMPLIED != 0 {
                        Self::NARROW_IMPLIED
                    } else {
                        0
                    };
                    v.push(number as u16 | implied);
                } else {
                    self.make_wide().push(r);
                }
            }
            Recs::Wide(v) => v.push(r),
        }
    }

    #[cold]
    #[inline(never)]
    fn make_wide(&mut self) -> &mut Vec<u32> {
        if let Recs::Narrow(v) = self {
            *self = Recs::Wide(v.iter().map(|&r| Self::widen(r)).collect());
        }
        match self {
            Recs::Wide(v) => v,
            Recs::Narrow(_) => unreachable!("just made wide"),
        }
    }

    pub(super) fn pop(&mut self) {
        match self {
            Recs::Narrow(v) => {
                v.pop();
            }
            Recs::Wide(v) => {
                v.pop();
            }
        }
    }

    pub(super) fn len(&self) -> usize {
        match self {
            Recs::Narrow(v) => v.len(),
            Recs::Wide(v) => v.len(),
        }
    }

    /// The records in order, in the wide form.
    pub(super) fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let (narrow, wide) = match self {
            Recs::Narrow(v) => (v.as_slice(), &[][..]),
            Recs::Wide(v) => (&[][..], v.as_slice()),
        };
        narrow
            .iter()
            .map(|&r| Self::widen(r))
            .chain(wide.iter().copied())
    }

    pub(super) fn shrink_to_fit(&mut self) {
        match self {
            Recs::Narrow(v) => v.shrink_to_fit(),
            Recs::Wide(v) => v.shrink_to_fit(),
        }
    }

    pub(super) fn spare(&self) -> usize {
        match self {
            Recs::Narrow(v) => v.capacity() - v.len(),
            Recs::Wide(v) => v.capacity() - v.len(),
        }
    }

    pub(super) fn heap_bytes(&self) -> usize {
        match self {
            Recs::Narrow(v) => v.capacity() * 2,
            Recs::Wide(v) => v.capacity() * 4,
        }
    }
}

/// Where each entry's recorded locations end, kept as how many each entry recorded: a
/// byte per entry that recorded some (255 for 255 or more, the count then in `big`),
/// with where the locations end at each word of 64 entries. Ends never decrease (an
/// entry's locations follow the entry before's); an end below the one before reads as
/// that one.
#[derive(Clone, Debug, Default)]
pub(super) struct Ends {
    pub(super) counts: Sparse<u8>,
    /// Per word of `counts.has`: where the locations of the entries before it end.
    base: Vec<u32>,
    /// The counts of 255 or more: (rank among the counts, count), ascending.
    big: Vec<(u32, u32)>,
    /// Where the last entry's locations end.
    end: u32,
}

impl Ends {
    #[inline]
    pub(super) fn push(&mut self, i: usize, end: u32) {
        if i.is_multiple_of(64) {
            self.base.push(self.end);
        }
        let count = end.saturating_sub(self.end);
        if count >= u8::MAX as u32 {
            self.big.push((self.counts.vals.len() as u32, count));
        }
        self.counts
            .push(i, count > 0, count.min(u8::MAX as u32) as u8);
        self.end += count;
    }

    /// The count of the `k`-th entry that recorded locations, stored as `c`.
    #[inline]
    pub(super) fn count(&self, k: usize, c: u8) -> u32 {
        if c < u8::MAX {
            return c as u32;
        }
        match self.big.binary_search_by_key(&(k as u32), |b| b.0) {
            Ok(j) => self.big[j].1,
            Err(_) => c as u32,
        }
    }

    /// Where entry `i`'s recorded locations start and end (None past the end).
    #[inline]
    pub(super) fn span(&self, i: usize) -> Option<(u32, u32)> {
        let (k, own) = self.counts.rank(i)?;
        let first = *self.counts.before.get(i / 64)? as usize;
        let mut end = *self.base.get(i / 64)?;
        for j in first..k {
            end += self.count(j, self.counts.vals[j]);
        }
        let n = match own {
            true => self.count(k - 1, self.counts.vals[k - 1]),
            false => 0,
        };
        Some((end - n, end))
    }

    /// Forget entry `i`, the last one pushed.
    pub(super) fn pop(&mut self, i: usize) {
        if let Some((start, _)) = self.span(i) {
            self.end = start;
        }
        if let Some(k) = self.counts.vals.len().checked_sub(1) {
            let own = self.counts.get(i).is_some();
            if own && self.big.last().is_some_and(|b| b.0 as usize == k) {
                self.big.pop();
            }
        }
        self.counts.pop(i);
        if i.is_multiple_of(64) {
            self.base.pop();
        }
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.counts.shrink_to_fit();
        self.base.shrink_to_fit();
        self.big.shrink_to_fit();
    }

    pub(super) fn spare(&self) -> usize {
        self.counts.spare()
            + (self.base.capacity() - self.base.len())
            + (self.big.capacity() - self.big.len())
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.counts.heap_bytes() + self.base.capacity() * 4 + self.big.capacity() * 8
    }
}

/// The values entries defined (see [`Trace::value`]), in 4 bytes each where the high
/// word is the sign extension of the low one (most values: `int` arithmetic, small
/// `long`s), else in 8.
#[derive(Clone, Debug, Default)]
pub(super) struct Values {
    /// The low words, by entry.
    lows: Sparse<u32>,
    /// Per kept value, by its rank among them: the high word xor the low word's sign
    /// extension, kept where not 0.
    highs: Sparse<u32>,
}

impl Values {
    /// The high word a low word's sign extension gives.
    #[inline]
    fn extension(low: u32) -> u32 {
        ((low as i32) >> 31) as u32
    }

    #[inline]
    fn join(low: u32, high: Option<u32>) -> u64 {
        let high = high.unwrap_or(0) ^ Self::extension(low);
        (high as u64) << 32 | low as u64
    }

    #[inline]
    pub(super) fn push(&mut self, i: usize, keep: bool, v: u64) {
        let low = v as u32;
        if keep {
            let high = (v >> 32) as u32 ^ Self::extension(low);
            self.highs.push(self.lows.vals.len(), high != 0, high);
        }
        self.lows.push(i, keep, low);
    }

    #[inline]
    pub(super) fn get(&self, i: usize) -> Option<u64> {
        match self.lows.rank(i)? {
            (k, true) => {
                let low = *self.lows.vals.get(k - 1)?;
                Some(Self::join(low, self.highs.get(k - 1)))
            }
            _ => None,
        }
    }

    pub(super) fn pop(&mut self, i: usize) {
        if self.lows.get(i).is_some() {
            self.highs.pop(self.lows.vals.len() - 1);
        }
        self.lows.pop(i);
    }

    /// Every value, in entry order.
    pub(super) fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        let mut highs = self.highs.cursor();
        self.lows.vals.iter().enumerate().map(move |(k, &low)| {
            if k.is_multiple_of(64) {
                highs.load(k);
            }
            Self::join(low, highs.next(k))
        })
    }

    pub(super) fn shrink_to_fit(&mut self) {
        self.lows.shrink_to_fit();
        self.highs.shrink_to_fit();
    }

    pub(super) fn spare(&self) -> usize {
        self.lows.spare() + self.highs.spare()
    }

    pub(super) fn heap_bytes(&self) -> usize {
        self.lows.heap_bytes() + self.highs.heap_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_turn_wide_at_the_first_number_past_fifteen_bits() {
        let mut r = Recs::default();
        let records = [0, 5 | Entry::IMPLIED, 0x7fff, 0x7fff | Entry::IMPLIED];
        records.iter().for_each(|&x| r.push(x));
        assert!(matches!(r, Recs::Narrow(_)));
        assert_eq!(r.heap_bytes(), r.spare() * 2 + 8);
        r.push(0x8000 | Entry::IMPLIED);
        assert!(matches!(r, Recs::Wide(_)));
        let mut want = records.to_vec();
        want.push(0x8000 | Entry::IMPLIED);
        assert_eq!(r.iter().collect::<Vec<_>>(), want);
        assert_eq!(
            (0..5).map(|i| r.get(i)).collect::<Option<Vec<_>>>(),
            Some(want)
        );
        r.pop();
        assert_eq!(r.len(), 4);
    }

    #[test]
    fn values_keep_their_high_words_where_the_low_words_do_not_give_them() {
        let mut v = Values::default();
        let all = |i: usize| match i % 5 {
            0 => i as u64,
            1 => (-(i as i64)) as u64,
            2 => 0x8000_0000 + i as u64,
            3 => (i as u64) << 40,
            _ => f64::to_bits(i as f64 / 3.0),
        };
        let keep = |i: usize| !i.is_multiple_of(7);
        for i in 0..1000 {
            v.push(i, keep(i), all(i));
        }
        for i in 0..1000 {
            assert_eq!(v.get(i), keep(i).then(|| all(i)), "entry {i}");
        }
        let kept: Vec<u64> = (0..1000).filter(|&i| keep(i)).map(all).collect();
        assert_eq!(v.iter().collect::<Vec<_>>(), kept);
        // Small and negative numbers take no high word.
        let wide = (0..1000).filter(|&i| keep(i) && i % 5 >= 2).count();
        assert_eq!(v.highs.vals.len(), wide);
        for i in (990..1000).rev() {
            v.pop(i);
        }
        assert_eq!(v.get(989), keep(989).then(|| all(989)));
        assert_eq!(v.iter().count(), (0..990).filter(|&i| keep(i)).count());
    }

    /// Ends kept as counts read back as pushed, counts of 255 and more included, by
    /// entry and after the last entries are forgotten.
    #[test]
    fn location_ends_read_back_from_their_counts() {
        let count = |i: usize| match i % 11 {
            0 | 3 | 4 => 0,
            5 => 255 + i as u32,
            7 => 254,
            8 => 255,
            k => k as u32,
        };
        let mut ends = Ends::default();
        let mut spans = Vec::new();
        let mut end = 0;
        for i in 0..500 {
            spans.push((end, end + count(i)));
            end += count(i);
            ends.push(i, end);
        }
        let read: Vec<_> = (0..500).map(|i| ends.span(i)).collect();
        assert_eq!(read, spans.iter().map(|&s| Some(s)).collect::<Vec<_>>());
        assert_eq!(ends.span(600), None);
        for i in (200..500).rev() {
            ends.pop(i);
        }
        assert_eq!(ends.end, spans[199].1);
        ends.push(200, spans[199].1 + 300);
        assert_eq!(ends.span(200), Some((spans[199].1, spans[199].1 + 300)));
        assert_eq!(ends.span(199), Some(spans[199]));
        // An end below the one before reads as that one.
        ends.push(201, 0);
        assert_eq!(
            ends.span(201),
            Some((spans[199].1 + 300, spans[199].1 + 300))
        );
    }

    /// Locations are stored in a word each when their fields fit, and in the side
    /// array otherwise; either way they read back as pushed.
    #[test]
    fn locations_read_back_from_words_and_the_wide_side() {
        let fitting = [
            Location::reg(false, 0, 0),
            Location::reg(true, u32::MAX - 1, (1 << 29) - 1),
            Location::mem(false, u32::MAX - 1, (1 << 23) - 1, 63),
            Location::mem(true, 5, 0, 1),
        ];
        let wide = [
            Location::reg(true, 1, 1 << 29),
            Location::mem(false, 2, 1 << 23, 4),
            Location::mem(true, 3, 0, 64),
            Location::mem(false, 4, u32::MAX, (1 << 30) - 1),
        ];
        let mut locs = Locs::default();
        let all: Vec<Location> = fitting
            .iter()
            .zip(&wide)
            .flat_map(|(a, b)| [*a, *b])
            .collect();
        locs.extend(all.iter().copied());
        assert_eq!((locs.len(), locs.wide.len()), (8, 4));
        assert_eq!(locs.iter().collect::<Vec<_>>(), all);
        assert_eq!(locs.range(3, 6).collect::<Vec<_>>(), all[3..6]);
        assert_eq!(locs.range(6, 100).len(), 2);
        assert_eq!(locs.get(7), Some(all[7]));
        locs.set(0, wide[0]);
        locs.set(1, fitting[1]);
        assert_eq!(
            (locs.get(0), locs.get(1)),
            (Some(wide[0]), Some(fitting[1]))
        );
    }
}
