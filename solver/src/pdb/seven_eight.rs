//! The 15-puzzle's 7-8 partition (native only; the browser keeps the 6-6-3): a 7-tile group of 57,657,600
//! placements and an 8-tile one of 518,918,400, a byte each, 577 MB in all, built in minutes by
//! `build_large` and kept on disk (`disk::prepare_tables_78`). With the reflected lookup IDA* expands about
//! a tenth of the nodes the 6-6-3 tables need on Korf's 100 (Korf & Felner 2002; Felner, Korf & Hanan 2004).
//!
//! As with the 6-6-3, the tables depend only on the blank's goal cell; the partition for a corner, an edge
//! and an inner cell is carried to every other cell by the board symmetry that takes it there, so the two
//! goal conventions of Korf's instances (blank first, blank last) get mirror images.

use super::board::Geometry;
use super::error::PdbError;
use super::partition::Partition;

/// What the JSON and the reports call these tables.
pub const SEVEN_EIGHT_NAME: &str = "7-8";

/// The partitions for the blank on cell 0 (the top rows' seven tiles, the bottom rows' eight: Korf and
/// Felner's), on cell 1 and on cell 5; row-major cells:
/// ```text
///  0  1  2  3
///  4  5  6  7
///  8  9 10 11
/// 12 13 14 15
/// ```
/// The transpose through the blank's corner maps the top rows to the left columns: the reflected lookup
/// reads the same tables as a second, different partition.
const SEVEN_EIGHT_PARTITIONS: &[(u8, &[&[u8]])] = &[
    (
        0,
        &[&[1, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    ),
    (
        1,
        &[&[0, 2, 3, 4, 5, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    ),
    (
        5,
        &[&[0, 1, 2, 3, 4, 6, 7], &[8, 9, 10, 11, 12, 13, 14, 15]],
    ),
];

/// The 7-8 partition of the 4x4 board for a goal whose blank sits on `blank`.
pub fn seven_eight_partition(blank: u8) -> Result<Partition, PdbError> {
    let geometry = Geometry::fifteen();
    Partition::by_symmetry(&geometry, blank, SEVEN_EIGHT_PARTITIONS).unwrap_or_else(|| {
        Err(PdbError::BadPartition {
            reason: format!("the blank's goal cell {blank} is not on the 16-cell board"),
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_blank_cell_has_a_seven_and_an_eight_covering_the_rest() {
        for blank in 0..16u8 {
            let p = seven_eight_partition(blank).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.name(), SEVEN_EIGHT_NAME);
            let covered: u32 = p.groups().iter().flatten().fold(0, |m, &c| m | 1 << c);
            assert_eq!(covered, 0xFFFF & !(1 << blank), "blank {blank}");
        }
        assert!(seven_eight_partition(16).is_err());
        // The two goal conventions of Korf's instances: mirror images.
        let first = seven_eight_partition(0).unwrap_or_else(|e| panic!("{e}"));
        let last = seven_eight_partition(15).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(first.groups()[0], vec![1, 2, 3, 4, 5, 6, 7]);
        assert_eq!(last.groups()[0], vec![8, 9, 10, 11, 12, 13, 14]);
        assert_eq!(last.groups()[1], (0..8).collect::<Vec<u8>>());
    }
}
