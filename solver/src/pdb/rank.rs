//! Perfect ranks of partial permutations: the positions of k distinct tiles on n cells, to 0..n!/(n-k)!; and
//! the two shortcuts the table builders take in their scan (placements back to cells in rank order, a rank
//! after one tile's move).

use super::board::PDB_TABLE_MAX_CELLS;

/// The number of ways to place `k` distinct tiles on `n` cells: n!/(n-k)!, or `None` on overflow.
pub fn placements(n: usize, k: usize) -> Option<usize> {
    if k > n {
        return Some(0);
    }
    (n - k + 1..=n).try_fold(1usize, |acc, f| acc.checked_mul(f))
}

/// The rank of `positions` (distinct cells below `n`): a mixed-radix number whose i-th digit is the
/// i-th position minus the number of earlier positions below it (a Lehmer code), with radices
/// n, n-1, ..., n-k+1. It is a bijection onto `0..placements(n, k)`.
#[inline]
pub fn rank(n: usize, positions: &[u8]) -> usize {
    let mut used = 0u32;
    let mut r = 0usize;
    for (i, &p) in positions.iter().enumerate() {
        let below = (used & ((1u32 << p) - 1)).count_ones() as usize;
        r = r * (n - i) + (p as usize - below);
        used |= 1 << p;
    }
    r
}

/// The inverse of [`rank`]: writes the `k = out.len()` positions of rank `r` into `out`.
pub fn unrank(n: usize, mut r: usize, out: &mut [u8]) {
    let k = out.len();
    // Digits come out least significant first.
    let mut digits = [0usize; 32];
    for i in (0..k).rev() {
        let radix = n - i;
        digits[i] = r % radix;
        r /= radix;
    }
    let mut used = 0u32;
    for i in 0..k {
        out[i] = nth_free(used, digits[i] as u32);
        used |= 1 << out[i];
    }
}

/// The place values of the digits of a rank of `k` tiles on `n` cells (see [`rank`]): the last digit's is 1.
pub(super) fn digit_weights(n: usize, k: usize) -> [usize; PDB_TABLE_MAX_CELLS] {
    let mut weight = [0usize; PDB_TABLE_MAX_CELLS];
    let mut w = 1;
    for i in (0..k).rev() {
        weight[i] = w;
        w *= n - i;
    }
    weight
}

/// The `d`-th cell (from 0) not in `occupied`: a step per occupied cell at or below it, as a
/// placement's tiles are few and its digits up to 24.
#[inline(always)]
pub(crate) fn nth_free(occupied: u32, d: u32) -> u8 {
    let mut cell = d;
    let mut left = occupied;
    while left != 0 && left.trailing_zeros() <= cell {
        cell += 1;
        left &= left - 1;
    }
    cell as u8
}

/// Placements back to cells (the inverse of `rank::rank`), for a scan in rank order: the rank's
/// low digits come from a table, and its high digits' cells are kept from the last placement,
/// which the next one usually shares. One division per placement instead of one per tile.
pub(super) struct Unranker {
    n: usize,
    k: usize,
    /// Tiles `0..split` are decoded from the high part of the rank, the rest from the low part.
    split: usize,
    /// The number of values of the low part: the product of its digits' radices.
    low_size: u32,
    /// For each low part, its digits (one per tile from `split` on), 5 bits each, first lowest.
    low_digits: Vec<u32>,
    /// The high part last decoded, its tiles' cells, and their mask.
    high: u32,
    high_cells: [u8; PDB_TABLE_MAX_CELLS],
    high_occupied: u32,
}

impl Unranker {
    pub(super) fn new(n: usize, k: usize) -> Unranker {
        let split = k / 2;
        let low_size: u32 = (split..k).map(|i| (n - i) as u32).product();
        let low_digits = (0..low_size)
            .map(|mut low| {
                let mut packed = 0u32;
                for i in (split..k).rev() {
                    let radix = (n - i) as u32;
                    packed = (packed << 5) | (low % radix);
                    low /= radix;
                }
                packed
            })
            .collect();
        Unranker {
            n,
            k,
            split,
            low_size,
            low_digits,
            high: u32::MAX,
            high_cells: [0; PDB_TABLE_MAX_CELLS],
            high_occupied: 0,
        }
    }

    /// Writes the cells of placement `r` into `cells` and returns their mask. Ranks stay under
    /// `MAX_GROUP_ENTRIES`, so the arithmetic is 32-bit.
    #[inline(always)]
    pub(super) fn cells(&mut self, r: usize, cells: &mut [u8; PDB_TABLE_MAX_CELLS]) -> u32 {
        let high = r as u32 / self.low_size;
        let low = r as u32 - high * self.low_size;
        if high != self.high {
            let mut digits = [0u32; PDB_TABLE_MAX_CELLS];
            let mut rest = high;
            for i in (0..self.split).rev() {
                let radix = (self.n - i) as u32;
                digits[i] = rest % radix;
                rest /= radix;
            }
            let mut occupied = 0u32;
            for (cell, &digit) in self.high_cells.iter_mut().zip(&digits[..self.split]) {
                *cell = nth_free(occupied, digit);
                occupied |= 1 << *cell;
            }
            self.high = high;
            self.high_occupied = occupied;
        }
        *cells = self.high_cells;
        let mut occupied = self.high_occupied;
        let mut digits = self.low_digits[low as usize];
        for cell in &mut cells[self.split..self.k] {
            *cell = nth_free(occupied, digits & 31);
            occupied |= 1 << *cell;
            digits >>= 5;
        }
        occupied
    }
}

/// The cells of the last tile's digits `digits` (bit d: digit d), the other tiles standing on
/// `occupied`: digit d is the d-th cell not in `occupied` (see [`rank`]). A shift per occupied
/// cell, where a digit at a time would take a select each.
#[inline(always)]
pub(super) fn digits_to_cells(digits: u32, occupied: u32) -> u32 {
    let mut cells = digits;
    let mut left = occupied;
    while left != 0 {
        let below = (left & left.wrapping_neg()) - 1;
        left &= left - 1;
        cells = (cells & below) | (cells & !below) << 1;
    }
    cells
}

/// The inverse of [`digits_to_cells`]: the last tile's digits of `cells` (none of them in
/// `occupied`).
#[inline(always)]
pub(super) fn cells_to_digits(cells: u32, occupied: u32) -> u32 {
    let mut digits = cells;
    // The i-th lowest occupied cell stands i places lower once the ones below it are taken out.
    let mut left = occupied;
    let mut taken = 0;
    while left != 0 {
        let below = (1u32 << (left.trailing_zeros() - taken)) - 1;
        left &= left - 1;
        taken += 1;
        digits = (digits & below) | (digits >> 1 & !below);
    }
    digits
}

/// The rank after the group tile of index `m` slides from cell `a` to the adjacent cell `b`:
/// digit m changes by (b - a) less the lower-index group tiles strictly between a and b, and
/// each higher-index group tile strictly between them gains or loses one in its digit.
#[inline(always)]
pub(super) fn moved_rank(
    rank: usize,
    weight: &[usize; PDB_TABLE_MAX_CELLS],
    at: &[u8; PDB_TABLE_MAX_CELLS],
    m: u8,
    a: u8,
    b: u8,
) -> usize {
    let (lo, hi, sign) = if a < b {
        (a, b, 1isize)
    } else {
        (b, a, -1isize)
    };
    let mut digit = b as isize - a as isize;
    let mut rank = rank as isize;
    for &j in &at[lo as usize + 1..hi as usize] {
        if j != u8::MAX {
            if j < m {
                digit -= sign;
            } else {
                rank += sign * weight[j as usize] as isize;
            }
        }
    }
    (rank + digit * weight[m as usize] as isize) as usize
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::board::Geometry;

    #[test]
    fn counts() {
        assert_eq!(placements(16, 6), Some(5_765_760));
        assert_eq!(placements(16, 3), Some(3360));
        assert_eq!(placements(9, 9), Some(362_880));
        assert_eq!(placements(4, 0), Some(1));
    }

    #[test]
    fn rank_is_a_bijection_and_unrank_inverts_it() {
        for (n, k) in [(6, 3), (5, 5), (9, 2), (16, 2)] {
            let count = placements(n, k).unwrap_or(0);
            let mut hit = vec![false; count];
            let mut pos = vec![0u8; k];
            for r in 0..count {
                unrank(n, r, &mut pos);
                let mut mask = 0u32;
                for &p in &pos {
                    assert!((p as usize) < n);
                    assert_eq!(mask & 1 << p, 0, "distinct positions");
                    mask |= 1 << p;
                }
                let back = rank(n, &pos);
                assert_eq!(back, r);
                assert!(!hit[back]);
                hit[back] = true;
            }
            assert!(hit.iter().all(|&h| h));
        }
    }

    #[test]
    fn moved_rank_agrees_with_rank() {
        // Every placement of 3 tiles on 4x4 and every move of each tile to a free neighbour.
        let g = Geometry::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
        let n = 16;
        let weight = digit_weights(n, 3);
        let mut pos = [0u8; 3];
        for r in 0..placements(n, 3).unwrap_or(0) {
            unrank(n, r, &mut pos);
            let mut at = [u8::MAX; PDB_TABLE_MAX_CELLS];
            for (i, &p) in pos.iter().enumerate() {
                at[p as usize] = i as u8;
            }
            for i in 0..3 {
                for &(_, to) in g.moves(pos[i] as usize) {
                    if at[to as usize] != u8::MAX {
                        continue;
                    }
                    let mut moved = pos;
                    moved[i] = to;
                    let expected = rank(n, &moved);
                    assert_eq!(
                        moved_rank(r, &weight, &at, i as u8, pos[i], to),
                        expected,
                        "{pos:?} tile {i} to {to}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_last_tiles_digits_and_cells_agree_with_rank() {
        // Every placement of the first k-1 tiles of 4 on 5x5, and of 2 on 3x3: the last tile's
        // digit of each free cell, as `rank` gives it, both ways, and for sets of cells.
        for (n, k) in [(25usize, 4usize), (9, 2), (7, 1)] {
            let mut prefix = vec![0u8; k - 1];
            let mut cells = vec![0u8; k];
            for p in 0..placements(n, k - 1).unwrap_or(0) {
                unrank(n, p, &mut prefix);
                let occupied = prefix.iter().fold(0u32, |m, &c| m | 1 << c);
                cells[..k - 1].copy_from_slice(&prefix);
                let mut all_digits = 0u32;
                let mut all_cells = 0u32;
                for cell in (0..n as u8).filter(|&c| occupied & 1 << c == 0) {
                    cells[k - 1] = cell;
                    let digit = rank(n, &cells) - p * (n + 1 - k);
                    assert_eq!(digits_to_cells(1 << digit, occupied), 1 << cell);
                    assert_eq!(cells_to_digits(1 << cell, occupied), 1 << digit);
                    // Every other free cell, to test sets.
                    if cell % 2 == 0 {
                        all_digits |= 1 << digit;
                        all_cells |= 1 << cell;
                    }
                }
                assert_eq!(digits_to_cells(all_digits, occupied), all_cells);
                assert_eq!(cells_to_digits(all_cells, occupied), all_digits);
            }
        }
    }

    #[test]
    fn the_unranker_inverts_rank_in_any_order() {
        for (n, k) in [(16, 3), (10, 5), (6, 6), (9, 8), (12, 1)] {
            let count = placements(n, k).unwrap_or(0);
            let mut unranker = Unranker::new(n, k);
            let mut expected = vec![0u8; k];
            let mut cells = [0u8; PDB_TABLE_MAX_CELLS];
            // Ascending (the scan's order, the kept high part reused), then jumping about.
            let jumps = (0..count).map(|i| (i * 7919 + 13) % count);
            for r in (0..count).chain(jumps) {
                unrank(n, r, &mut expected);
                let mask = unranker.cells(r, &mut cells);
                assert_eq!(&cells[..k], &expected[..], "n {n} k {k} rank {r}");
                assert_eq!(mask, expected.iter().fold(0u32, |m, &c| m | 1 << c));
            }
        }
    }
}
