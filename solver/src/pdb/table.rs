//! The tables of a partition ([`PdbTables`]) and of one group ([`GroupTable`]): what a built table holds,
//! how its groups join, its cache key, and its lookup, a byte an entry or packed (see `packed`).

use super::board::{Geometry, PDB_MAX_CELLS};
use super::error::PdbError;
use super::packed::{pack, Manhattan};
use super::partition::{partition_key, Partition};

/// The table of one group: its goal cells and, for each placement of its tiles (indexed by
/// [`super::rank::rank`] of their cells, in the order of `cells`), the fewest moves of the group's
/// tiles that bring them all home, the blank starting anywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupTable {
    pub(crate) cells: Vec<u8>,
    pub(crate) values: Vec<u8>,
    /// Set when `values` holds two entries a byte (see `packed`).
    pub(crate) manhattan: Option<Manhattan>,
}

impl GroupTable {
    /// The group's goal cells, ascending.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// One distance per placement (two a byte when [`GroupTable::is_packed`]: read them with
    /// [`GroupTable::value`]).
    pub fn values(&self) -> &[u8] {
        &self.values
    }
}

/// The pattern database tables of a partition: goal-independent apart from the blank's goal cell.
/// Pair them with a goal through [`super::Pdb::new`]; cache them by [`PdbTables::key`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PdbTables {
    pub(crate) geometry: Geometry,
    pub(crate) blank: u8,
    pub(crate) groups: Vec<GroupTable>,
}

impl PdbTables {
    /// Joins tables built apart (see [`Partition::split`]) into one set, groups in the order given.
    /// They must share the board and the blank's goal cell, and their groups must be disjoint.
    pub fn combine(parts: Vec<PdbTables>) -> Result<PdbTables, PdbError> {
        let Some(first) = parts.first() else {
            return Err(PdbError::BadPartition {
                reason: "there are no tables to combine".to_string(),
            });
        };
        let (geometry, blank) = (first.geometry.clone(), first.blank);
        let mut groups = Vec::new();
        for part in parts {
            if part.geometry != geometry || part.blank != blank {
                return Err(PdbError::BadPartition {
                    reason: format!(
                        "tables for a {}x{} board with the blank on cell {} cannot join tables for a {}x{} board with the blank on cell {}",
                        part.geometry.width(),
                        part.geometry.height(),
                        part.blank,
                        geometry.width(),
                        geometry.height(),
                        blank
                    ),
                });
            }
            groups.extend(part.groups);
        }
        // Checks that the groups are disjoint (and everything else a partition needs).
        Partition::new(
            &geometry,
            blank,
            groups.iter().map(|g| g.cells.clone()).collect(),
        )?;
        Ok(PdbTables {
            geometry,
            blank,
            groups,
        })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The blank's goal cell these tables were built for.
    pub fn blank(&self) -> u8 {
        self.blank
    }

    pub fn groups(&self) -> &[GroupTable] {
        &self.groups
    }

    /// The partition these tables were built from.
    pub fn partition(&self) -> Partition {
        Partition::from_checked(
            self.blank,
            self.groups.iter().map(|g| g.cells.clone()).collect(),
        )
    }

    /// Bytes held by the tables.
    pub fn memory_bytes(&self) -> usize {
        self.groups
            .iter()
            .map(|g| g.values.len() + g.cells.len())
            .sum()
    }

    /// A short name for caching: size, blank cell and groups, e.g. `4x4-b0-1.2.4.5.8.9-3.6.7.10.11.15-12.13.14`.
    pub fn key(&self) -> String {
        partition_key(&self.geometry, &self.partition())
    }
}

impl GroupTable {
    /// The group's value with its tiles on `placed` (cells in the order of [`GroupTable::cells`]), whose
    /// [`super::rank::rank`] is `rank`: read from a byte table or from a packed one alike.
    #[inline(always)]
    pub fn value(&self, rank: usize, placed: &[u8]) -> u32 {
        match &self.manhattan {
            None => u32::from(self.values[rank]),
            Some(manhattan) => manhattan.value(&self.values, rank, placed),
        }
    }

    /// Whether the table holds two entries a byte.
    pub fn is_packed(&self) -> bool {
        self.manhattan.is_some()
    }

    /// This table at half a byte an entry, or itself when some entry does not fit (see `packed`).
    fn packed(self, geometry: &Geometry) -> GroupTable {
        if self.manhattan.is_some() {
            return self;
        }
        match pack(geometry, &self.cells, &self.values) {
            Some((values, manhattan)) => GroupTable {
                cells: self.cells,
                values,
                manhattan: Some(manhattan),
            },
            None => self,
        }
    }
}

impl PdbTables {
    /// These tables with every group at half a byte an entry where its values allow (see `packed`),
    /// on boards of more than 16 cells; tables of smaller boards come back as they are.
    pub fn packed(self) -> PdbTables {
        if self.geometry.cells() <= PDB_MAX_CELLS {
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
    use crate::pdb::rank::{placements, rank, unrank};

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn tables_built_apart_combine_into_the_whole() {
        let g = geometry(3, 3);
        let p = Partition::default_for(&g, 4).unwrap_or_else(|e| panic!("{e}"));
        let whole = PdbTables::build(&g, &p, |_| {});
        let parts: Vec<PdbTables> = p
            .split()
            .iter()
            .map(|part| PdbTables::build(&g, part, |_| {}))
            .collect();
        assert_eq!(parts.len(), p.groups().len());
        assert_eq!(PdbTables::combine(parts.clone()), Ok(whole));
        // Overlapping groups, other blank cells and nothing at all are refused.
        assert!(PdbTables::combine(vec![parts[0].clone(), parts[0].clone()]).is_err());
        let other = Partition::new(&g, 0, vec![vec![1, 2]]).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            PdbTables::combine(vec![parts[0].clone(), PdbTables::build(&g, &other, |_| {})])
                .is_err()
        );
        assert!(PdbTables::combine(Vec::new()).is_err());
    }

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
