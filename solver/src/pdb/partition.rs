//! Partitions of goal cells into groups, the limits on a group's size, and the catalogue of partitions this
//! crate chooses by default (4x4's 6-6-3, 5x5's fixed window groups, runs of six elsewhere).

use super::board::Geometry;
use super::error::PdbError;
use super::rank::placements;

/// The largest table one group may have (entries) for [`super::PdbBuilder`], the builder in slices (and the
/// largest anywhere in WebAssembly): a 7-tile group on 16 cells (57,657,600) fits, an 8-tile one
/// (518,918,400) does not.
pub const MAX_GROUP_ENTRIES: usize = 1 << 26;

/// The largest table one group may have natively, where [`super::PdbTables::build`] hands groups past
/// [`MAX_GROUP_ENTRIES`] to the parallel builder (`build_large`): an 8-tile group on 16 cells.
#[cfg(not(target_arch = "wasm32"))]
pub const MAX_LARGE_GROUP_ENTRIES: usize = 518_918_400;
#[cfg(target_arch = "wasm32")]
const MAX_LARGE_GROUP_ENTRIES: usize = MAX_GROUP_ENTRIES;

/// Disjoint groups of goal CELLS (not tiles), and the blank's goal cell, which no group holds.
///
/// A group's table only depends on which cells its tiles must reach, never on the tiles' labels:
/// the same tables serve every goal whose blank sits on `blank`, whatever the tiles' order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Partition {
    blank: u8,
    /// Each group's cells, ascending; groups in the order given.
    groups: Vec<Vec<u8>>,
}

impl Partition {
    /// A partition of the cells of `geometry`; checks that the groups are disjoint, in range,
    /// non-empty, leave out `blank`, and that each table stays under [`MAX_GROUP_ENTRIES`].
    /// Cells in no group are allowed (their tiles count zero).
    pub fn new(
        geometry: &Geometry,
        blank: u8,
        groups: Vec<Vec<u8>>,
    ) -> Result<Partition, PdbError> {
        let n = geometry.cells();
        let bad = |reason: String| Err(PdbError::BadPartition { reason });
        if blank as usize >= n {
            return bad(format!(
                "the blank's goal cell {blank} is not on the {}-cell board",
                n
            ));
        }
        if groups.is_empty() {
            return bad("it has no group".to_string());
        }
        let mut seen = 1u32 << blank;
        let mut sorted = Vec::with_capacity(groups.len());
        for (i, group) in groups.into_iter().enumerate() {
            if group.is_empty() {
                return bad(format!("group {} is empty", i + 1));
            }
            for &cell in &group {
                if cell as usize >= n {
                    return bad(format!(
                        "group {} names cell {cell}, but the board's cells are 0..{}",
                        i + 1,
                        n - 1
                    ));
                }
                if cell == blank {
                    return bad(format!(
                        "group {} holds cell {cell}, the blank's goal cell",
                        i + 1
                    ));
                }
                if seen & (1 << cell) != 0 {
                    return bad(format!("cell {cell} appears twice"));
                }
                seen |= 1 << cell;
            }
            // Past 16 cells `GroupBfs::marks`' 8 lanes hold the regions of at most 6 tiles.
            if n > 16 && group.len() > 6 {
                return bad(format!(
                    "group {} has {} tiles; on boards of more than 16 cells a group holds at most 6",
                    i + 1,
                    group.len()
                ));
            }
            let entries = placements(n, group.len()).unwrap_or(usize::MAX);
            if entries > MAX_LARGE_GROUP_ENTRIES {
                return bad(format!(
                    "group {} has {} tiles: its table would need {entries} entries, more than the {MAX_LARGE_GROUP_ENTRIES} allowed",
                    i + 1,
                    group.len()
                ));
            }
            let mut group = group;
            group.sort_unstable();
            sorted.push(group);
        }
        Ok(Partition {
            blank,
            groups: sorted,
        })
    }

    /// The partition used when none is given, for a goal whose blank sits on `blank`.
    ///
    /// On 4x4 it is a 6-6-3 partition, tuned for the blank in the top-left corner, on the top edge
    /// (cell 1) or on an inner cell (cell 5), and carried to any other blank cell by the board
    /// symmetry that takes it there (so the two Korf goal conventions get mirror-image partitions
    /// and search the same number of nodes). Elsewhere, the cells other than the blank's, in row-major
    /// order, are cut into runs of at most six.
    pub fn default_for(geometry: &Geometry, blank: u8) -> Result<Partition, PdbError> {
        let n = geometry.cells();
        if blank as usize >= n {
            return Err(PdbError::BadPartition {
                reason: format!("the blank's goal cell {blank} is not on the {n}-cell board"),
            });
        }
        if geometry.width() == 4 && geometry.height() == 4 {
            if let Some(partition) = Partition::by_symmetry(geometry, blank, FIFTEEN_PARTITIONS) {
                return partition;
            }
        }
        if geometry.width() == 5 && geometry.height() == 5 {
            return Partition::new(geometry, blank, five_by_five_groups(blank));
        }
        let cells: Vec<u8> = (0..n as u8).filter(|&c| c != blank).collect();
        let count = cells.len().div_ceil(6).max(1);
        let base = cells.len() / count;
        let extra = cells.len() % count;
        let mut groups = Vec::with_capacity(count);
        let mut rest = &cells[..];
        for i in 0..count {
            let size = base + usize::from(i < extra);
            let (head, tail) = rest.split_at(size);
            groups.push(head.to_vec());
            rest = tail;
        }
        Partition::new(geometry, blank, groups)
    }

    /// The quick partition of a 4x4 board for a goal whose blank sits on `blank` (`None` on other boards):
    /// 4-4-4-3 tables, built in a few tens of milliseconds, on which IDA* finds the shortest answer (admissible
    /// all the same, with more nodes than on the 6-6-3) while the default tables are still being built. Tuned
    /// for the blank in a corner and carried to the other corners by symmetry; for other blank cells, the
    /// cells in row-major order cut into runs of four.
    pub fn quick_for(geometry: &Geometry, blank: u8) -> Option<Result<Partition, PdbError>> {
        let shape = crate::sliding::Shape {
            width: geometry.width(),
            height: geometry.height(),
        };
        if !crate::rules::quick_tables_serve(shape) || blank >= 16 {
            return None;
        }
        if let Some(partition) = Partition::by_symmetry(geometry, blank, QUICK_FIFTEEN_PARTITIONS) {
            return Some(partition);
        }
        let cells: Vec<u8> = (0..16).filter(|&c| c != blank).collect();
        let groups = cells.chunks(4).map(<[u8]>::to_vec).collect();
        Some(Partition::new(geometry, blank, groups))
    }

    /// Whether a group's table is past [`MAX_GROUP_ENTRIES`] (natively only: built by `build_large`).
    pub fn has_large_group(&self, geometry: &Geometry) -> bool {
        let n = geometry.cells();
        self.groups
            .iter()
            .any(|g| placements(n, g.len()).unwrap_or(usize::MAX) > MAX_GROUP_ENTRIES)
    }

    /// The partition of `canonical` (pairs of a blank cell and its groups) whose blank cell a board symmetry
    /// takes to `blank`, carried there by that symmetry; `None` if no symmetry does.
    pub(crate) fn by_symmetry(
        geometry: &Geometry,
        blank: u8,
        canonical: &[(u8, &[&[u8]])],
    ) -> Option<Result<Partition, PdbError>> {
        for sym in geometry.all_symmetries() {
            for &(cell, groups) in canonical {
                if sym[cell as usize] == blank {
                    let mapped = groups
                        .iter()
                        .map(|g| g.iter().map(|&c| sym[c as usize]).collect())
                        .collect();
                    return Some(Partition::new(geometry, blank, mapped));
                }
            }
        }
        None
    }

    /// The group sizes joined by dashes, the partition's usual name: `6-6-3`, `7-8`.
    pub fn name(&self) -> String {
        let sizes: Vec<String> = self.groups.iter().map(|g| g.len().to_string()).collect();
        sizes.join("-")
    }

    /// The blank's goal cell.
    pub fn blank(&self) -> u8 {
        self.blank
    }

    /// The groups of goal cells, each ascending.
    pub fn groups(&self) -> &[Vec<u8>] {
        &self.groups
    }

    /// The partition of groups that some tables already hold (checked when those tables were built or
    /// combined), without checking them again.
    pub(super) fn from_checked(blank: u8, groups: Vec<Vec<u8>>) -> Partition {
        Partition { blank, groups }
    }

    /// One partition per group, to build the groups' tables apart (in two web workers, or two
    /// threads) and join them with [`super::PdbTables::combine`].
    pub fn split(&self) -> Vec<Partition> {
        self.groups
            .iter()
            .map(|g| Partition {
                blank: self.blank,
                groups: vec![g.clone()],
            })
            .collect()
    }
}

/// The five fixed groups of five cells that tile the 5x5 board (row-major cells): a plus in the
/// centre (P) and four groups around it (A, B, C, D), each a quarter turn of the one before:
/// ```text
///  A  A  A  B  B
///  A  A  P  B  B
///  D  P  P  P  B
///  D  D  P  C  C
///  D  D  C  C  C
/// ```
/// Fixed groups make the tables goal-agnostic: a goal's blank cell only turns its own group into
/// a 4-tile group (303,600 entries, built in a fraction of a second), so the 5-tile tables of the
/// other four serve every goal whose blank lies outside them (their goal placements leave the
/// free cells connected, so where the blank starts does not change them). A search between any
/// two states (a window of a path) can then use them. The quarter turns let one table serve A, B,
/// C and D (a symmetry of the board keeps distances): two 5-tile tables in all
/// (`WindowTables`), small enough for a browser tab. Five groups that no symmetry relates would
/// give slightly shorter answers for two and a half times the memory; on the 50 Korf-Felner
/// instances these give a mean length of 1.068 times the optimum, the worst 1.126
/// (`korf24pdb --staged --cpu-clock --time-limit 1200 --max-bytes 16777216`).
pub const FIVE_BY_FIVE_GROUPS: [[u8; 5]; 5] = [
    [0, 1, 2, 5, 6],
    [3, 4, 8, 9, 14],
    [7, 11, 12, 13, 17],
    [18, 19, 22, 23, 24],
    [10, 15, 16, 20, 21],
];

/// [`FIVE_BY_FIVE_GROUPS`] with the blank's goal cell taken out of its group.
pub fn five_by_five_groups(blank: u8) -> Vec<Vec<u8>> {
    FIVE_BY_FIVE_GROUPS
        .iter()
        .map(|g| g.iter().copied().filter(|&c| c != blank).collect())
        .collect()
}

/// Hand-tuned 6-6-3 partitions of the 4x4 board for the three kinds of blank goal cell
/// (corner 0, edge 1, inner 5); other cells are reached by symmetry. Cells are row-major:
/// ```text
///  0  1  2  3
///  4  5  6  7
///  8  9 10 11
/// 12 13 14 15
/// ```
/// Chosen by the nodes IDA* expands (`korf` and random instances):
/// - corner: the left columns, the right columns, the bottom row: 6.9 million nodes on the first
///   40 Korf instances with the reflected lookup, against 8.4 to 69 million for 16 other shapes;
/// - edge (no reflection exists): the top rows, the bottom rows, a column of three: 23.6 million
///   nodes on 30 random instances, against 27.6 to 110 million for 9 other shapes;
/// - inner: 4.7 million nodes on 30 random instances, against 6.3 to 8.9 million for 3 others.
const FIFTEEN_PARTITIONS: &[(u8, &[&[u8]])] = &[
    (
        0,
        &[&[1, 4, 5, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    ),
    (
        1,
        &[&[0, 2, 3, 4, 5, 6], &[9, 10, 11, 13, 14, 15], &[7, 8, 12]],
    ),
    (
        5,
        &[&[0, 1, 4, 8, 9, 12], &[2, 3, 6, 7, 10, 11], &[13, 14, 15]],
    ),
];

/// The quick 4-4-4-3 partition of the 4x4 board for the blank's goal in the bottom-right corner (cells as in
/// [`FIFTEEN_PARTITIONS`]): the top two rows, then the bottom-left and bottom-right blocks. Of eight 4-4-4-3 and
/// 5-5-5 shapes tried, it needed the fewest IDA* nodes on random boards but for one 5-5-5, whose tables take
/// ten times as long to build: with the build counted, it answers first on most boards (docs/performance.md,
/// "The shortest on a first visit").
const QUICK_FIFTEEN_PARTITIONS: &[(u8, &[&[u8]])] = &[(
    15,
    &[&[0, 1, 2, 3], &[4, 5, 6, 7], &[8, 9, 12, 13], &[10, 11, 14]],
)];

/// The cache key of the tables that `partition` on `geometry` gives (see [`super::PdbTables::key`]).
pub fn partition_key(geometry: &Geometry, partition: &Partition) -> String {
    let mut key = format!(
        "{}x{}-b{}",
        geometry.width(),
        geometry.height(),
        partition.blank()
    );
    for group in partition.groups() {
        key.push('-');
        let cells: Vec<String> = group.iter().map(|c| c.to_string()).collect();
        key.push_str(&cells.join("."));
    }
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn partitions_are_checked() {
        let g = geometry(3, 3);
        assert!(Partition::new(&g, 8, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]).is_ok());
        assert!(
            Partition::new(&g, 8, vec![vec![0, 1, 8]]).is_err(),
            "holds the blank"
        );
        assert!(
            Partition::new(&g, 8, vec![vec![0, 1], vec![1, 2]]).is_err(),
            "overlap"
        );
        assert!(
            Partition::new(&g, 8, vec![vec![0, 9]]).is_err(),
            "out of range"
        );
        assert!(Partition::new(&g, 8, vec![vec![]]).is_err(), "empty group");
        assert!(
            Partition::new(&g, 9, vec![vec![0]]).is_err(),
            "blank out of range"
        );
        let big = geometry(4, 4);
        assert!(
            Partition::new(&big, 0, vec![(1..10).collect()]).is_err(),
            "9 tiles on 16 cells is too big"
        );
    }

    #[test]
    fn default_partitions_cover_every_cell_but_the_blank() {
        for (w, h) in [(4, 4), (3, 3), (2, 3), (3, 4), (2, 8)] {
            let g = geometry(w, h);
            for blank in 0..g.cells() as u8 {
                let p = Partition::default_for(&g, blank).unwrap_or_else(|e| panic!("{e}"));
                let covered: u32 = p.groups().iter().flatten().fold(0, |m, &c| m | 1 << c);
                assert_eq!(covered, ((1u32 << g.cells()) - 1) & !(1 << blank));
                if (w, h) == (4, 4) {
                    let mut sizes: Vec<usize> = p.groups().iter().map(Vec::len).collect();
                    sizes.sort_unstable();
                    assert_eq!(sizes, vec![3, 6, 6], "blank {blank}");
                }
            }
        }
    }

    #[test]
    fn quick_partitions_are_four_four_four_three_for_every_blank_cell_of_4x4_only() {
        let g = geometry(4, 4);
        for blank in 0..16u8 {
            let p = Partition::quick_for(&g, blank)
                .expect("4x4 has a quick partition")
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.blank(), blank);
            let covered: u32 = p.groups().iter().flatten().fold(0, |m, &c| m | 1 << c);
            assert_eq!(covered, 0xffff & !(1 << blank), "blank {blank}");
            assert_eq!(p.name(), "4-4-4-3", "blank {blank}");
            let default = Partition::default_for(&g, blank).unwrap();
            assert_ne!(partition_key(&g, &p), partition_key(&g, &default));
        }
        assert!(Partition::quick_for(&geometry(3, 3), 8).is_none());
        assert!(Partition::quick_for(&geometry(5, 5), 24).is_none());
    }

    #[test]
    fn five_by_five_partitions_cover_the_board_in_fixed_groups() {
        let g = geometry(5, 5);
        for blank in 0..25u8 {
            let p = Partition::default_for(&g, blank).unwrap_or_else(|e| panic!("{e}"));
            let covered: u32 = p.groups().iter().flatten().fold(0, |m, &c| m | 1 << c);
            assert_eq!(covered, ((1u32 << 25) - 1) & !(1 << blank));
            let mut sizes: Vec<usize> = p.groups().iter().map(Vec::len).collect();
            sizes.sort_unstable();
            assert_eq!(sizes, vec![4, 5, 5, 5, 5], "blank {blank}");
            // Each 5-tile group's goal placement leaves the other cells connected, so its table
            // does not depend on where the blank starts.
            let regions = crate::pdb::regions::Regions::new(&g);
            for group in p.groups().iter().filter(|group| group.len() == 5) {
                let free = g.all_cells() & !group.iter().fold(0u32, |m, &c| m | 1 << c);
                assert_eq!(regions.flood(free.trailing_zeros() as usize, free), free);
            }
        }
        assert!(
            Partition::new(&g, 24, vec![(0..7).collect()]).is_err(),
            "7 tiles on 25 cells"
        );
    }
}
