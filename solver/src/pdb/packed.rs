//! Group tables at half a byte an entry, for boards of more than 16 cells (the 5x5 tables the browser keeps:
//! 19.1 MB instead of 38.3, see [`super::PdbTables::packed`]).
//!
//! A group's value at a placement (the fewest moves of its tiles that bring them home) is never below the
//! Manhattan distance of those tiles to their goal cells, and has its parity: each move of a group tile changes
//! that distance by one. So a packed table stores half the excess, `(value - manhattan) / 2`, in 4 bits, two
//! entries a byte (the even rank in the low half), and the lookup ([`super::GroupTable::value`]) adds the
//! Manhattan distance back from a small table of each tile's distance per cell: exactly the values of the byte
//! table. A group with an unreached placement or an excess above 30 stays a byte an entry. The optimal search on
//! up to 16 cells reads its tables a byte at a time ([`super::GroupTable::values`]) and never gets packed ones.

use super::board::Geometry;
use super::rank::unrank;

/// The most half-excess a nibble holds.
const MAX_HALF_EXCESS: u8 = 15;

/// Each tile's Manhattan distance to its goal cell, per cell: `distance[i * cells + c]` for the group's `i`-th
/// tile standing on cell `c`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Manhattan {
    distance: Box<[u8]>,
    cells: usize,
}

impl Manhattan {
    /// The distances of a group whose goal cells are `goal_cells`.
    pub(crate) fn new(geometry: &Geometry, goal_cells: &[u8]) -> Manhattan {
        let (n, width) = (geometry.cells(), usize::from(geometry.width()));
        let mut distance = vec![0u8; goal_cells.len() * n];
        for (i, &goal) in goal_cells.iter().enumerate() {
            let goal = usize::from(goal);
            for c in 0..n {
                distance[i * n + c] =
                    ((c / width).abs_diff(goal / width) + (c % width).abs_diff(goal % width)) as u8;
            }
        }
        Manhattan {
            distance: distance.into_boxed_slice(),
            cells: n,
        }
    }

    /// The group's Manhattan distance with its tiles on `placed`.
    #[inline(always)]
    fn of(&self, placed: &[u8]) -> u32 {
        placed
            .iter()
            .enumerate()
            .map(|(i, &c)| u32::from(self.distance[i * self.cells + usize::from(c)]))
            .sum()
    }

    /// The value at `rank` (tiles on `placed`) of the packed table `packed` whose distances these are.
    #[inline(always)]
    pub(crate) fn value(&self, packed: &[u8], rank: usize, placed: &[u8]) -> u32 {
        let half = (packed[rank >> 1] >> ((rank & 1) * 4)) & 0x0f;
        self.of(placed) + 2 * u32::from(half)
    }
}

/// The bytes a packed table of `entries` entries takes.
pub(crate) fn packed_len(entries: usize) -> usize {
    entries.div_ceil(2)
}

/// The byte table `values` of the group whose goal cells are `cells`, packed half a byte an entry with the
/// distances its lookup adds back; `None` when some entry does not fit (see the module's header).
pub(crate) fn pack(
    geometry: &Geometry,
    cells: &[u8],
    values: &[u8],
) -> Option<(Vec<u8>, Manhattan)> {
    let manhattan = Manhattan::new(geometry, cells);
    let (n, k) = (geometry.cells(), cells.len());
    let mut placed = vec![0u8; k];
    let mut packed = vec![0u8; packed_len(values.len())];
    // Ranks in blocks whose placements differ only in the last tile, which takes the free cells in order.
    let block = n + 1 - k;
    for start in (0..values.len()).step_by(block) {
        unrank(n, start, &mut placed);
        let before = manhattan.of(&placed[..k - 1]);
        let used = placed[..k - 1].iter().fold(0u32, |m, &c| m | 1 << c);
        let free = (0..n).filter(|&c| used & 1 << c == 0);
        for (rank, c) in (start..start + block).zip(free) {
            let value = values[rank];
            let distance = before + u32::from(manhattan.distance[(k - 1) * n + c]);
            let excess = u32::from(value).checked_sub(distance)?;
            if value == u8::MAX || excess % 2 != 0 || excess / 2 > u32::from(MAX_HALF_EXCESS) {
                return None;
            }
            packed[rank >> 1] |= ((excess / 2) as u8) << ((rank & 1) * 4);
        }
    }
    Some((packed, manhattan))
}
