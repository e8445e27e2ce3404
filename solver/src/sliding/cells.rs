//! Compact cell storage for boards: 4 bits a cell in a `u64` up to 16 cells, a byte a cell up to 64.

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
