//! The 24-puzzle's 6-6-6-6 partition (native only; the browser keeps the 5x5 window tables): four 6-tile
//! groups of 127,512,000 placements, a byte each, 510 MB in all, built by `build_large` in about 75 s of CPU
//! each and kept on disk (`disk::prepare_tables_6666`). Korf and Felner's partition for the 24-puzzle; with
//! the reflected lookup it is far stronger than the window tables' 5-5-5-5-4, so the near-optimal search's
//! weighted A* runs reach short answers sooner.
//!
//! Each group is a partition of its own (one table, one file), so that the four are built, read and reported
//! one by one. The tables are built for the blank on the last cell and serve a goal with the blank in any
//! corner, read through the board symmetry that takes that corner there: so the near-optimal search also
//! uses them between two boards of a path when one of them has the blank in a corner.

use super::board::Geometry;
use super::error::PdbError;
use super::partition::Partition;

/// What the reports call these tables.
pub const SIX_SIX_NAME: &str = "6-6-6-6";

/// The blank's goal cell the tables are built for. A goal with the blank in another corner reads them through
/// the board symmetry that takes that corner here (a symmetry maps moves to moves, so distances are kept).
pub const SIX_SIX_BLANK: u8 = 24;

/// The groups for the blank on cell 24 (Korf and Felner's, turned half a turn from their blank on cell 0);
/// row-major cells:
/// ```text
///  0  1  2  3  4
///  5  6  7  8  9
/// 10 11 12 13 14
/// 15 16 17 18 19
/// 20 21 22 23 24
/// ```
/// The transpose through the blank's corner maps these groups onto others: the reflected lookup reads the
/// same tables as a second, different partition.
const SIX_SIX_GROUPS: [[u8; 6]; 4] = [
    [12, 17, 18, 19, 22, 23],
    [10, 11, 15, 16, 20, 21],
    [3, 4, 8, 9, 13, 14],
    [0, 1, 2, 5, 6, 7],
];

/// The four one-group partitions of the 6-6-6-6 tables (the blank on [`SIX_SIX_BLANK`]).
pub fn six_six_partitions() -> Result<Vec<Partition>, PdbError> {
    let geometry = Geometry::new(5, 5)?;
    SIX_SIX_GROUPS
        .iter()
        .map(|group| Partition::new(&geometry, SIX_SIX_BLANK, vec![group.to_vec()]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn four_six_tile_groups_cover_every_cell_but_the_blanks() {
        let partitions = six_six_partitions().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(partitions.len(), 4);
        let mut covered = 0u32;
        for p in &partitions {
            assert_eq!(p.blank(), SIX_SIX_BLANK);
            assert_eq!(p.groups().len(), 1);
            assert_eq!(p.groups()[0].len(), 6);
            for &c in &p.groups()[0] {
                assert_eq!(covered & 1 << c, 0, "cell {c} twice");
                covered |= 1 << c;
            }
        }
        assert_eq!(covered, ((1u32 << 25) - 1) & !(1 << SIX_SIX_BLANK));
    }
}
