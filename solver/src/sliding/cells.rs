//! Compact cell storage for boards: 4 bits a cell in a `u64` up to 16 cells, 5 bits a cell in 128 bits
//! up to 25 (5x5), a byte a cell up to 64.

use std::fmt::Debug;
use std::hash::Hash;

/// The tiles of a board, one small number per cell, in a `Copy` value so that hot loops never allocate.
///
/// Cells are addressed row-major from 0; every method requires `cell < Self::CAPACITY` and a tile
/// below `Self::CAPACITY` (the puzzle only ever passes such values).
pub trait Cells: Copy + Eq + Hash + Debug + Send + Sync + 'static {
    /// The most cells this layout holds.
    const CAPACITY: usize;

    /// All cells empty (0).
    fn empty() -> Self;

    /// The tile in `cell` (0 for the blank).
    fn get(&self, cell: usize) -> u8;

    /// Puts `tile` in `cell`.
    fn set(&mut self, cell: usize, tile: u8);

    /// The board after the tile in `from` slides into the blank at `blank` (which must hold 0).
    fn slide(self, blank: usize, from: usize) -> Self;

    /// How many of the first `n` cells hold a different tile in `self` and `other`.
    #[inline]
    fn differences(&self, other: &Self, n: usize) -> u32 {
        (0..n).filter(|&c| self.get(c) != other.get(c)).count() as u32
    }
}

/// Up to 16 cells, 4 bits each, cell 0 in the lowest nibble: the whole board is one `u64`, so a
/// move is two masks and a shift, and comparing or hashing a board is one word.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Nibbles(pub u64);

impl Cells for Nibbles {
    const CAPACITY: usize = 16;

    #[inline]
    fn empty() -> Self {
        Nibbles(0)
    }

    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self.0 >> (4 * cell)) & 0xF) as u8
    }

    #[inline]
    fn set(&mut self, cell: usize, tile: u8) {
        let shift = 4 * cell;
        self.0 = (self.0 & !(0xF << shift)) | (u64::from(tile & 0xF) << shift);
    }

    #[inline]
    fn slide(self, blank: usize, from: usize) -> Self {
        let tile = (self.0 >> (4 * from)) & 0xF;
        Nibbles((self.0 & !(0xF << (4 * from))) | (tile << (4 * blank)))
    }

    #[inline]
    fn differences(&self, other: &Self, n: usize) -> u32 {
        // SWAR: fold each nibble of the XOR onto its low bit, then count the bits.
        let x = self.0 ^ other.0;
        let folded = (x | (x >> 1) | (x >> 2) | (x >> 3)) & 0x1111_1111_1111_1111;
        let mask = if n >= 16 {
            u64::MAX
        } else {
            (1u64 << (4 * n)) - 1
        };
        (folded & mask).count_ones()
    }
}

impl Debug for Nibbles {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Nibbles({:#018x})", self.0)
    }
}

/// Up to 25 cells (5x5), 5 bits each, cell 0 in the lowest bits of a 128-bit value kept as two
/// `u64` halves: a 5x5 board in 16 bytes instead of [`Bytes`]' 64, so a best-first search holds
/// about twice as many states in the same memory (its node, with the blank and bookkeeping, is 48
/// bytes instead of 88). Kept as two words rather than one `u128` so that the board is 8-aligned:
/// a `u128` field would pad every board and node to a multiple of 16 bytes.
#[derive(Clone, Copy, PartialEq, Eq, Default)]
pub struct Quints {
    lo: u64,
    hi: u64,
}

/// Bit 0 of each of the 25 five-bit fields.
const QUINT_LOW_BITS: u128 = {
    let mut mask = 0u128;
    let mut cell = 0;
    while cell < 25 {
        mask |= 1 << (5 * cell);
        cell += 1;
    }
    mask
};

impl Quints {
    #[inline]
    fn word(self) -> u128 {
        (u128::from(self.hi) << 64) | u128::from(self.lo)
    }

    #[inline]
    fn from_word(word: u128) -> Self {
        Quints {
            lo: word as u64,
            hi: (word >> 64) as u64,
        }
    }
}

/// Hashes the two words directly (a derived `Hash` on an array would also hash its length).
impl Hash for Quints {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.lo);
        state.write_u64(self.hi);
    }
}

impl Cells for Quints {
    const CAPACITY: usize = 25;

    #[inline]
    fn empty() -> Self {
        Quints { lo: 0, hi: 0 }
    }

    #[inline]
    fn get(&self, cell: usize) -> u8 {
        ((self.word() >> (5 * cell)) & 0x1F) as u8
    }

    #[inline]
    fn set(&mut self, cell: usize, tile: u8) {
        let shift = 5 * cell;
        let word = (self.word() & !(0x1F << shift)) | (u128::from(tile & 0x1F) << shift);
        *self = Quints::from_word(word);
    }

    #[inline]
    fn slide(self, blank: usize, from: usize) -> Self {
        let word = self.word();
        let tile = (word >> (5 * from)) & 0x1F;
        Quints::from_word((word & !(0x1F << (5 * from))) | (tile << (5 * blank)))
    }

    #[inline]
    fn differences(&self, other: &Self, n: usize) -> u32 {
        // SWAR as for `Nibbles`: fold each 5-bit field of the XOR onto its low bit, then count.
        let x = self.word() ^ other.word();
        let folded = (x | (x >> 1) | (x >> 2) | (x >> 3) | (x >> 4)) & QUINT_LOW_BITS;
        let mask = if n >= 25 {
            u128::MAX
        } else {
            (1u128 << (5 * n)) - 1
        };
        (folded & mask).count_ones()
    }
}

impl Debug for Quints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Quints({:#034x})", self.word())
    }
}

/// Up to 64 cells, one byte each.
///
/// Why bytes and not 6-bit packing: a byte is read and written with one load or store, with no
/// shifts and no cells straddling word boundaries, and the board is exactly one 64-byte cache line.
/// Packing 64 six-bit cells would still take 48 bytes (56 with the blank and alignment), so it saves
/// under a quarter of the memory for a slower move; boards this large are searched only by
/// heuristic searches, whose stored states the budget (`Limits::max_states`) bounds anyway.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Bytes(pub [u8; 64]);

impl Cells for Bytes {
    const CAPACITY: usize = 64;

    #[inline]
    fn empty() -> Self {
        Bytes([0; 64])
    }

    #[inline]
    fn get(&self, cell: usize) -> u8 {
        self.0[cell]
    }

    #[inline]
    fn set(&mut self, cell: usize, tile: u8) {
        self.0[cell] = tile;
    }

    #[inline]
    fn slide(mut self, blank: usize, from: usize) -> Self {
        self.0[blank] = self.0[from];
        self.0[from] = 0;
        self
    }
}

impl Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Trailing unused cells are always 0: show the used part only.
        let used = self.0.iter().rposition(|&t| t != 0).map_or(0, |i| i + 1);
        write!(f, "Bytes({:?})", &self.0[..used])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check_layout<C: Cells>() {
        let n = C::CAPACITY;
        let mut c = C::empty();
        for cell in 0..n {
            c.set(cell, (cell % 16) as u8);
        }
        for cell in 0..n {
            assert_eq!(c.get(cell), (cell % 16) as u8);
        }
        // Blank in cell 0; slide the tile in cell 1 into it.
        let moved = c.slide(0, 1);
        assert_eq!((moved.get(0), moved.get(1)), (1, 0));
        assert!((2..n).all(|cell| moved.get(cell) == c.get(cell)));
        assert_eq!(moved.differences(&c, n), 2);
        assert_eq!(moved.differences(&c, 1), 1);
        assert_eq!(c.differences(&c, n), 0);
        // Overwriting a cell leaves its neighbours alone.
        let mut d = c;
        d.set(n - 1, 3);
        assert_eq!(d.get(n - 1), 3);
        assert_eq!(d.get(n - 2), c.get(n - 2));
    }

    #[test]
    fn nibbles_store_sixteen_cells() {
        check_layout::<Nibbles>();
    }

    #[test]
    fn quints_store_twenty_five_cells() {
        check_layout::<Quints>();
        // Tiles up to 24 use all five bits of a field, and the fields straddling the two words
        // (cell 12 holds bits 60..65) read back whole.
        let mut q = Quints::empty();
        for cell in 0..25 {
            q.set(cell, 24 - cell as u8);
        }
        assert!((0..25).all(|cell| q.get(cell) == 24 - cell as u8));
        let moved = q.slide(24, 12);
        assert_eq!((moved.get(24), moved.get(12)), (12, 0));
        assert!((0..24)
            .filter(|&c| c != 12)
            .all(|c| moved.get(c) == q.get(c)));
    }

    #[test]
    fn quint_differences_agree_with_the_plain_count() {
        let mut a = Quints::empty();
        for cell in 0..25 {
            a.set(cell, (cell * 7 % 25) as u8);
        }
        for (cell, tile) in [(0, 31), (12, 1), (13, 16), (24, 0), (24, 16)] {
            let mut b = a;
            b.set(cell, tile);
            let mut c = b;
            c.set((cell + 5) % 25, 31);
            for other in [b, c, Quints::empty()] {
                for n in 0..=25 {
                    let plain = (0..n).filter(|&i| a.get(i) != other.get(i)).count() as u32;
                    assert_eq!(
                        a.differences(&other, n),
                        plain,
                        "{a:?} vs {other:?}, n = {n}"
                    );
                }
            }
        }
    }

    #[test]
    fn bytes_store_sixty_four_cells() {
        check_layout::<Bytes>();
    }

    #[test]
    fn nibble_differences_agree_with_the_plain_count() {
        let a = Nibbles(0x0123_4567_89AB_CDEF);
        for b in [
            0u64,
            0x0123_4567_89AB_CDEE,
            0xF123_4567_89AB_CDEF,
            0x1111_1111_1111_1111,
            0x8888_8888_8888_8888,
        ] {
            let b = Nibbles(b);
            for n in 0..=16 {
                let plain = (0..n).filter(|&c| a.get(c) != b.get(c)).count() as u32;
                assert_eq!(a.differences(&b, n), plain, "{a:?} vs {b:?}, n = {n}");
            }
        }
    }
}
