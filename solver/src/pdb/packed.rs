//! Group tables at half a byte an entry, for boards of more than 16 cells (the 5x5 tables the browser keeps:
//! 19.1 MB instead of 38.3, see [`PdbTables::packed`]).
//!
//! A group's value at a placement (the fewest moves of its tiles that bring them home) is never below the
//! Manhattan distance of those tiles to their goal cells, and has its parity: each move of a group tile changes
//! that distance by one. So a packed table stores half the excess, `(value - manhattan) / 2`, in 4 bits, two
//! entries a byte (the even rank in the low half), and the lookup ([`GroupTable::value`]) adds the Manhattan
//! distance back from a small table of each tile's distance per cell: exactly the values of the byte table. A
//! group with an unreached placement or an excess above 30 stays a byte an entry. The optimal search on up to 16
//! cells reads its tables a byte at a time ([`GroupTable::values`]) and never gets packed ones.

use super::board::{Geometry, MAX_CELLS};
use super::build::{GroupTable, PdbTables};
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
}

/// The bytes a packed table of `entries` entries takes.
pub(crate) fn packed_len(entries: usize) -> usize {
    entries.div_ceil(2)
}

impl GroupTable {
    /// The group's value with its tiles on `placed` (cells in the order of [`GroupTable::cells`]), whose
    /// [`super::rank::rank`] is `rank`: read from a byte table or from a packed one alike.
    #[inline(always)]
    pub fn value(&self, rank: usize, placed: &[u8]) -> u32 {
        match &self.manhattan {
            None => u32::from(self.values[rank]),
            Some(manhattan) => {
                let half = (self.values[rank >> 1] >> ((rank & 1) * 4)) & 0x0f;
                manhattan.of(placed) + 2 * u32::from(half)
            }
        }
    }

    /// Whether the table holds two entries a byte.
    pub fn is_packed(&self) -> bool {
        self.manhattan.is_some()
    }

    /// This table at half a byte an entry, or itself when some entry does not fit (see the module's header).
    fn packed(self, geometry: &Geometry) -> GroupTable {
        if self.manhattan.is_some() {
            return self;
        }
        let manhattan = Manhattan::new(geometry, &self.cells);
        let (n, k) = (geometry.cells(), self.cells.len());
        let mut placed = vec![0u8; k];
        let mut packed = vec![0u8; packed_len(self.values.len())];
        // Ranks in blocks whose placements differ only in the last tile, which takes the free cells in order.
        let block = n + 1 - k;
        for start in (0..self.values.len()).step_by(block) {
            unrank(n, start, &mut placed);
            let before = manhattan.of(&placed[..k - 1]);
            let used = placed[..k - 1].iter().fold(0u32, |m, &c| m | 1 << c);
            let free = (0..n).filter(|&c| used & 1 << c == 0);
            for (rank, c) in (start..start + block).zip(free) {
                let value = self.values[rank];
                let distance = before + u32::from(manhattan.distance[(k - 1) * n + c]);
                let Some(excess) = u32::from(value).checked_sub(distance) else {
                    return self;
                };
                if value == u8::MAX || excess % 2 != 0 || excess / 2 > u32::from(MAX_HALF_EXCESS) {
                    return self;
                }
                packed[rank >> 1] |= ((excess / 2) as u8) << ((rank & 1) * 4);
            }
        }
        GroupTable {
            cells: self.cells,
            values: packed,
            manhattan: Some(manhattan),
        }
    }
}

impl PdbTables {
    /// These tables with every group at half a byte an entry where its values allow (see the module's header),
    /// on boards of more than 16 cells; tables of smaller boards come back as they are.
    pub fn packed(self) -> PdbTables {
        if self.geometry.cells() <= MAX_CELLS {
            return self;
        }
        let geometry = self.geometry;
        PdbTables {
            groups: self
                .groups
                .into_iter()
                .map(|g| g.packed(&geometry))
                .collect(),
            geometry,
            blank: self.blank,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::build::Partition;
    use crate::pdb::rank::{placements, rank};

    fn five_by_five_corner() -> PdbTables {
        // A 3-tile group of 5x5 (the 5-tile ones take seconds): 13,800 entries.
        let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        let p = Partition::new(&g, 24, vec![vec![0, 1, 5]]).unwrap_or_else(|e| panic!("{e}"));
        PdbTables::build(&g, &p, |_| {})
    }

    #[test]
    fn a_packed_table_gives_every_value_of_the_byte_table_in_half_the_bytes() {
        let bytes = five_by_five_corner();
        let packed = bytes.clone().packed();
        let (b, p) = (&bytes.groups()[0], &packed.groups()[0]);
        assert!(!b.is_packed() && p.is_packed());
        let entries = placements(25, 3).unwrap_or(0);
        assert_eq!(b.values().len(), entries);
        assert_eq!(p.values().len(), entries / 2);
        let mut placed = [0u8; 3];
        let mut largest = 0;
        for r in 0..entries {
            unrank(25, r, &mut placed);
            assert_eq!(rank(25, &placed), r);
            assert_eq!(p.value(r, &placed), u32::from(b.values()[r]), "{placed:?}");
            assert_eq!(b.value(r, &placed), u32::from(b.values()[r]));
            largest = largest.max(b.values()[r]);
        }
        // The values are not all within a nibble themselves: the excess over Manhattan is what fits.
        assert!(largest > 15, "{largest}");
        assert_eq!(packed.memory_bytes() * 2, bytes.memory_bytes() + 3);
    }

    #[test]
    fn small_boards_and_values_that_do_not_fit_stay_a_byte_an_entry() {
        let g4 = Geometry::new(4, 4).unwrap_or_else(|e| panic!("{e}"));
        let p4 = Partition::default_for(&g4, 15).unwrap_or_else(|e| panic!("{e}"));
        let small = PdbTables::build(
            &g4,
            &Partition::new(&g4, 15, vec![p4.groups()[2].clone()])
                .unwrap_or_else(|e| panic!("{e}")),
            |_| {},
        );
        assert!(!small.clone().packed().groups()[0].is_packed());
        // An unreached entry, an odd or a too large excess: kept as bytes.
        for damage in [u8::MAX, 1, 40] {
            let mut t = five_by_five_corner();
            t.groups[0].values[7] = damage;
            let kept = t.clone().packed();
            assert!(!kept.groups()[0].is_packed(), "{damage}");
            assert_eq!(kept, t);
        }
    }

    #[test]
    fn packed_tables_round_trip_through_bytes_and_version_1_is_refused() {
        let packed = five_by_five_corner().packed();
        for bytes in [packed.to_bytes(), packed.to_file_bytes()] {
            assert_eq!(bytes.len(), packed.byte_len());
            assert_eq!(PdbTables::from_bytes(&bytes), Ok(packed.clone()));
            // The packed mark is in the header: without it the lengths disagree.
            let mut unmarked = bytes.clone();
            unmarked[16] &= 0x7f;
            assert!(PdbTables::from_bytes(&unmarked).is_err());
        }
        // A browser's entry of version 1 (a byte an entry, before packing) is not read: it is built again.
        let mut old = five_by_five_corner().to_bytes();
        old[8..12].copy_from_slice(&1u32.to_le_bytes());
        assert_eq!(
            PdbTables::from_bytes(&old),
            Err(crate::pdb::PdbError::UnsupportedVersion {
                found: 1,
                expected: crate::pdb::FORMAT_VERSION
            })
        );
    }
}
