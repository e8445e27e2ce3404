//! Partitions of goal cells and the breadth-first builder of their pattern database tables.

use super::board::{Geometry, MAX_TABLE_CELLS};
use super::rank::{nth_free, placements};
use super::PdbError;

/// Boards of up to this many cells keep a table of the free cells' regions (1 MB at 16 cells).
const REGION_TABLE_CELLS: usize = 16;

/// The largest table one group may have (entries) for [`PdbBuilder`], the builder in slices (and the
/// largest anywhere in WebAssembly): a 7-tile group on 16 cells (57,657,600) fits, an 8-tile one
/// (518,918,400) does not.
pub const MAX_GROUP_ENTRIES: usize = 1 << 26;

/// The largest table one group may have natively, where [`PdbTables::build`] hands groups past
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

    /// One partition per group, to build the groups' tables apart (in two web workers, or two
    /// threads) and join them with [`PdbTables::combine`].
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
/// (`WindowTables`). Measured against the earlier tiling of five unrelated groups (0-1-2-5-6,
/// 3-4-7-8-9, 10-15-16-20-21, 11-12-13-17-22, 14-18-19-23-24) on the 50 Korf-Felner instances
/// (`korf24pdb --staged --cpu-clock --time-limit 1200 --max-bytes 16777216`): mean length / optimum
/// 1.088 against 1.084, worst 1.188 against 1.168, for 2 tables instead of 5.
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

/// The table of one group: its goal cells and, for each placement of its tiles (indexed by
/// [`super::rank::rank`] of their cells, in the order of `cells`), the fewest moves of the group's
/// tiles that bring them all home, the blank starting anywhere.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GroupTable {
    pub(crate) cells: Vec<u8>,
    pub(crate) values: Vec<u8>,
    /// Set when `values` holds two entries a byte (see `packed`).
    pub(crate) manhattan: Option<super::packed::Manhattan>,
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
    /// Builds the tables of `partition` on `geometry`, calling `progress` with the fraction done
    /// (0.0 to 1.0) now and then. See [`PdbBuilder`] to build in slices instead.
    pub fn build(
        geometry: &Geometry,
        partition: &Partition,
        mut progress: impl FnMut(f64),
    ) -> PdbTables {
        #[cfg(not(target_arch = "wasm32"))]
        if partition.has_large_group(geometry) {
            return super::build_large::build_tables(geometry, partition, 0, progress);
        }
        let mut builder = PdbBuilder::new(geometry, partition);
        progress(0.0);
        while !builder.step(1 << 18) {
            progress(builder.fraction());
        }
        progress(1.0);
        builder
            .into_tables()
            .unwrap_or_else(|_| unreachable!("the builder reported it was done"))
    }

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
        Partition {
            blank: self.blank,
            groups: self.groups.iter().map(|g| g.cells.clone()).collect(),
        }
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

/// The cache key of the tables that `partition` on `geometry` gives (see [`PdbTables::key`]).
pub fn partition_key(geometry: &Geometry, partition: &Partition) -> String {
    let mut key = format!(
        "{}x{}-b{}",
        geometry.width(),
        geometry.height(),
        partition.blank
    );
    for group in &partition.groups {
        key.push('-');
        let cells: Vec<String> = group.iter().map(|c| c.to_string()).collect();
        key.push_str(&cells.join("."));
    }
    key
}

/// A resumable builder: `step` does a bounded amount of work, so a web worker can build in slices
/// and report progress between them.
///
/// Each group is built by a breadth-first search backward from its goal placement over abstract
/// states: the group's tile positions plus the blank's connected region among the other cells.
/// Moving the blank within its region costs nothing (other tiles are indistinguishable and not
/// counted), so a state is stored once per region; moving a group tile into the blank costs one.
/// The first time a placement is reached, in any region, gives its distance: the minimum over
/// blank positions.
///
/// No list of a level's states is kept: each abstract state has a 2-bit mark (not reached,
/// expanded, or in one of the two levels in play), and a level is expanded by scanning the marks
/// in rank order for its own, four placements at a time (`next_marked`). A 6-tile group of the
/// 15-puzzle then needs 2 bytes of marks and 1 of distance per placement, 17.3 MB in all, and
/// never more: the builder holding a list of each level (even packed in 32 bits per state) peaked
/// at about 45 MB, and in a WebAssembly memory, which never shrinks, that peak stays. It costs
/// about 5% more time (`korf --pdb-file`, 3.36 s against 3.2 s for the three groups): a level
/// scan per distance, and the move back to the parent is tried (its state is already marked).
///
/// Speed: the scan expands states in rank order, so the marks and distances of their successors
/// are read in a few ascending streams rather than at random; successors' ranks are updated from
/// the parent's, not recomputed; a placement's cells come from its rank with one division (see
/// `Unranker`).
pub struct PdbBuilder {
    geometry: Geometry,
    blank: u8,
    pending: Vec<Vec<u8>>,
    done: Vec<GroupTable>,
    /// On boards of at most 16 cells, for a mask of free cells, `regions[mask * 16 + cell]`
    /// describes `cell`'s region: its smallest cell in the low nibble, its ordinal (regions
    /// ordered by smallest cell) above. Empty on larger boards (2^25 masks would not fit), where
    /// regions are found by flood fills and `GroupBfs::split`.
    regions: Vec<u8>,
    /// Bit f set: masks with f free cells are filled in `regions`.
    regions_ready: u32,
    not_first_column: u32,
    not_last_column: u32,
    bfs: Option<GroupBfs>,
    work_done: u64,
    work_total: u64,
}

/// The search over one group in progress.
struct GroupBfs {
    cells: Vec<u8>,
    /// Place values of the rank's digits (see `rank::rank`).
    weight: [usize; MAX_TABLE_CELLS],
    /// Per placement, 2 bits per region ordinal: `UNSEEN`, `EXPANDED`, or one of the two marks
    /// of the level being expanded and the level being found (see `level_marks`). A level's
    /// states are found by scanning for their mark, so no list of them is kept.
    marks: Vec<u16>,
    values: Vec<u8>,
    /// Without a region table, one bit per placement: set when its free cells fall into more
    /// than one region (rare), so that the usual placement needs no flood fill to name its
    /// blank's region. Empty with a region table.
    split: Vec<u64>,
    /// The next placement to scan in the current level.
    scan: usize,
    unranker: Unranker,
    /// The distance of the states being expanded.
    depth: u8,
    /// Whether the current level has found a state.
    found: bool,
}

/// A state's 2-bit mark in `GroupBfs::marks`: not reached yet.
pub(super) const UNSEEN: u16 = 0;
/// A state's mark once expanded.
pub(super) const EXPANDED: u16 = 1;

/// The marks of the states at `depth` (to expand) and at `depth + 1` (found): 2 and 3 by turns,
/// so the states found by one level are the next level's without relabelling.
pub(super) fn level_marks(depth: u8) -> (u16, u16) {
    let current = 2 + (depth & 1) as u16;
    (current, current ^ 1)
}

impl PdbBuilder {
    /// A builder for the tables of `partition` on `geometry` (validated by [`Partition::new`]).
    pub fn new(geometry: &Geometry, partition: &Partition) -> PdbBuilder {
        let n = geometry.cells();
        let work_total: u64 = partition
            .groups
            .iter()
            .map(|g| placements(n, g.len()).unwrap_or(0) as u64)
            .sum();
        let mut pending = partition.groups.clone();
        pending.reverse();
        let w = geometry.width() as usize;
        let (mut first, mut last) = (0u32, 0u32);
        for cell in 0..n {
            if cell % w == 0 {
                first |= 1 << cell;
            }
            if cell % w == w - 1 {
                last |= 1 << cell;
            }
        }
        PdbBuilder {
            geometry: geometry.clone(),
            blank: partition.blank,
            pending,
            done: Vec::new(),
            regions: if n <= REGION_TABLE_CELLS {
                vec![0; (1usize << n) * REGION_TABLE_CELLS]
            } else {
                Vec::new()
            },
            regions_ready: 0,
            not_first_column: !first,
            not_last_column: !last,
            bfs: None,
            work_done: 0,
            work_total: work_total.max(1),
        }
    }

    /// The builder without its region table, as on boards of more than 16 cells (for tests).
    #[cfg(test)]
    fn without_region_table(mut self) -> PdbBuilder {
        self.regions = Vec::new();
        self
    }

    /// The fraction of the work done, 0.0 to 1.0.
    pub fn fraction(&self) -> f64 {
        if self.is_done() {
            1.0
        } else {
            (self.work_done as f64 / self.work_total as f64).min(0.99)
        }
    }

    /// True once every group is built.
    pub fn is_done(&self) -> bool {
        self.pending.is_empty() && self.bfs.is_none()
    }

    /// Expands up to about `budget` abstract states; returns true when every table is built.
    pub fn step(&mut self, budget: u64) -> bool {
        let mut left = budget.max(1);
        while left > 0 {
            if self.bfs.is_none() {
                match self.pending.pop() {
                    Some(cells) => self.start_group(cells),
                    None => return true,
                }
            }
            let Some(mut bfs) = self.bfs.take() else {
                continue;
            };
            let (expanded, finished) = self.run_group(&mut bfs, left);
            left = left.saturating_sub(expanded.max(1));
            self.work_done += expanded;
            if finished {
                self.done.push(GroupTable {
                    cells: bfs.cells,
                    values: bfs.values,
                    manhattan: None,
                });
            } else {
                self.bfs = Some(bfs);
            }
        }
        self.is_done()
    }

    /// The finished tables, or `PdbError::BuildUnfinished` if `step` has not yet returned true.
    pub fn into_tables(self) -> Result<PdbTables, PdbError> {
        if !self.is_done() {
            return Err(PdbError::BuildUnfinished);
        }
        Ok(PdbTables {
            geometry: self.geometry,
            blank: self.blank,
            groups: self.done,
        })
    }

    /// Fills the region table (if there is one) for the masks of `free` free cells, once per count.
    pub(super) fn prepare_regions(&mut self, free: u32) {
        if self.regions.is_empty() || self.regions_ready & (1 << free) != 0 {
            return;
        }
        self.regions_ready |= 1 << free;
        let all = self.geometry.all_cells();
        for mask in 0..=all {
            if mask.count_ones() != free {
                continue;
            }
            let base = mask as usize * REGION_TABLE_CELLS;
            let mut left = mask;
            let mut ordinal = 0u8;
            while left != 0 {
                let first = left.trailing_zeros() as usize;
                let region = self.flood(first, mask);
                left &= !region;
                let mut cells = region;
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    self.regions[base + c] = first as u8 | ordinal << 4;
                    cells &= cells - 1;
                }
                ordinal += 1;
            }
            // At most 8 regions: a cell from each makes an independent set of the grid, which
            // holds at most half of its (at most 16) cells. `GroupBfs::marks` has 8 lanes.
            debug_assert!(ordinal <= 8);
        }
    }

    /// The ordinal of `cell`'s region among the regions of `free` (ordered by their smallest
    /// cells). At most 8 regions, as `GroupBfs::marks` has 8 lanes: on 16 cells, see
    /// `prepare_regions`; on larger boards groups hold at most 6 tiles, which cut off a few
    /// pockets at most.
    #[inline(always)]
    pub(super) fn region_ordinal(&self, free: u32, cell: usize) -> u8 {
        if !self.regions.is_empty() {
            return self.regions[free as usize * REGION_TABLE_CELLS + cell] >> 4;
        }
        let mut left = free;
        let mut ordinal = 0u8;
        while left != 0 {
            let region = self.flood(left.trailing_zeros() as usize, free);
            if region & (1 << cell) != 0 {
                break;
            }
            left &= !region;
            ordinal += 1;
        }
        debug_assert!(ordinal < 8);
        ordinal
    }

    /// The region of ordinal `ordinal` among the regions of `free`.
    pub(super) fn region_of_ordinal(&self, free: u32, ordinal: u8) -> u32 {
        let mut left = free;
        if !self.regions.is_empty() {
            // Ordinals follow the regions' smallest cells, and region 0 (the usual one) holds
            // the first free cell.
            let base = free as usize * REGION_TABLE_CELLS;
            let mut first = left.trailing_zeros() as usize;
            while ordinal != 0 && left != 0 {
                first = left.trailing_zeros() as usize;
                if self.regions[base + first] >> 4 == ordinal {
                    break;
                }
                left &= left - 1;
            }
            return self.flood(first, free);
        }
        for _ in 0..ordinal {
            left &= !self.flood(left.trailing_zeros() as usize, free);
        }
        self.flood(left.trailing_zeros() as usize, free)
    }

    /// The cells reachable from `from` through `free` cells (a bit-parallel flood fill).
    #[inline(always)]
    fn flood(&self, from: usize, free: u32) -> u32 {
        let w = self.geometry.width() as u32;
        let mut region = 1u32 << from;
        loop {
            let grown = (region
                | (region << 1) & self.not_first_column
                | (region >> 1) & self.not_last_column
                | region << w
                | region >> w)
                & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    fn start_group(&mut self, cells: Vec<u8>) {
        let n = self.geometry.cells();
        let k = cells.len();
        self.prepare_regions((n - k) as u32);
        let entries = placements(n, k).unwrap_or(0);
        let mut weight = [0usize; MAX_TABLE_CELLS];
        let mut w = 1;
        for i in (0..k).rev() {
            weight[i] = w;
            w *= n - i;
        }
        let mut marks = vec![0u16; entries];
        let mut values = vec![u8::MAX; entries];
        let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
        let all = self.geometry.all_cells();
        let free = all & !occupied;
        let ordinal = self.region_ordinal(free, self.blank as usize);
        let mut unranker = Unranker::new(n, k);
        let mut split = Vec::new();
        if self.regions.is_empty() {
            split = vec![0u64; entries.div_ceil(64)];
        }
        let mut pos = [0u8; MAX_TABLE_CELLS];
        for p in 0..entries.min(split.len() * 64) {
            let free = all & !unranker.cells(p, &mut pos);
            if self.flood(free.trailing_zeros() as usize, free) != free {
                split[p / 64] |= 1 << (p % 64);
            }
        }
        let r = super::rank::rank(n, &cells);
        marks[r] = level_marks(0).0 << (2 * ordinal);
        values[r] = 0;
        self.bfs = Some(GroupBfs {
            cells,
            weight,
            marks,
            values,
            split,
            scan: 0,
            unranker,
            depth: 0,
            found: false,
        });
    }

    /// Expands up to about `budget` states of `bfs` (a scanned placement counts 1/64 of one);
    /// returns (states expanded, group finished).
    fn run_group(&self, bfs: &mut GroupBfs, budget: u64) -> (u64, bool) {
        let k = bfs.cells.len();
        let all = self.geometry.all_cells();
        let mut expanded = 0u64;
        let mut scanned = 0u64;
        loop {
            let (current, next_mark) = level_marks(bfs.depth);
            // The current mark in every lane of a word.
            let current = current * 0x5555;
            let child_depth = bfs.depth + 1;
            loop {
                if expanded + scanned / 64 >= budget {
                    return (expanded, false);
                }
                let r = next_marked(&bfs.marks, bfs.scan, current);
                scanned += (r - bfs.scan) as u64;
                if r == bfs.marks.len() {
                    bfs.scan = r;
                    break;
                }
                bfs.scan = r + 1;
                let word = bfs.marks[r];
                let mut lanes = lanes_marked(word as u64, current as u64) as u16;
                // Those states are expanded below; a move always changes the placement, so
                // nothing else writes this word meanwhile.
                bfs.marks[r] = (word & !(lanes * 3)) | (lanes * EXPANDED);
                let mut pos = [0u8; MAX_TABLE_CELLS];
                // at[cell]: index of the group tile standing there.
                let mut at = [u8::MAX; MAX_TABLE_CELLS];
                let occupied = bfs.unranker.cells(r, &mut pos);
                for (i, &p) in pos.iter().enumerate().take(k) {
                    at[p as usize] = i as u8;
                }
                let free = all & !occupied;
                let split = bfs.split.is_empty() || bfs.split[r / 64] >> (r % 64) & 1 != 0;
                while lanes != 0 {
                    let ordinal = (lanes.trailing_zeros() / 2) as u8;
                    lanes &= lanes - 1;
                    expanded += 1;
                    let region = if split {
                        self.region_of_ordinal(free, ordinal)
                    } else {
                        free
                    };
                    for (i, &from) in pos.iter().enumerate().take(k) {
                        let mut targets = self.geometry.neighbours(from as usize) & region;
                        while targets != 0 {
                            let to = targets.trailing_zeros() as u8;
                            targets &= targets - 1;
                            let child = moved_rank(r, &bfs.weight, &at, i as u8, from, to);
                            let child_free = free ^ (1 << from) ^ (1 << to);
                            let lane = if bfs.split.is_empty()
                                || bfs.split[child / 64] >> (child % 64) & 1 != 0
                            {
                                2 * self.region_ordinal(child_free, from as usize) as u32
                            } else {
                                0
                            };
                            let word = bfs.marks[child];
                            if (word >> lane) & 3 != UNSEEN {
                                continue;
                            }
                            // A placement's first region reached gives its distance.
                            if word == UNSEEN {
                                bfs.values[child] = child_depth;
                            }
                            bfs.marks[child] = word | next_mark << lane;
                            bfs.found = true;
                        }
                    }
                }
            }
            if !bfs.found {
                bfs.marks = Vec::new();
                return (expanded, true);
            }
            bfs.scan = 0;
            bfs.found = false;
            bfs.depth = child_depth;
        }
    }
}

/// The low bit of each 2-bit lane of `word` that holds the mark whose copy fills every lane of
/// `pattern`: the xor zeroes those lanes.
#[inline(always)]
pub(super) fn lanes_marked(word: u64, pattern: u64) -> u64 {
    let x = word ^ pattern;
    !(x | x >> 1) & 0x5555_5555_5555_5555
}

/// The first placement from `from` on with a lane marked as every lane of `pattern` is, or
/// `marks.len()`: four placements at a time, since most have none.
#[inline(always)]
fn next_marked(marks: &[u16], from: usize, pattern: u16) -> usize {
    let wide = pattern as u64 * 0x0001_0001_0001_0001;
    let mut r = from;
    for four in marks[from..].chunks_exact(4) {
        let word = four[0] as u64
            | (four[1] as u64) << 16
            | (four[2] as u64) << 32
            | (four[3] as u64) << 48;
        let lanes = lanes_marked(word, wide);
        if lanes != 0 {
            return r + lanes.trailing_zeros() as usize / 16;
        }
        r += 4;
    }
    while r < marks.len() {
        if lanes_marked(marks[r] as u64, wide) & 0xFFFF != 0 {
            return r;
        }
        r += 1;
    }
    r
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
    high_cells: [u8; MAX_TABLE_CELLS],
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
            high_cells: [0; MAX_TABLE_CELLS],
            high_occupied: 0,
        }
    }

    /// Writes the cells of placement `r` into `cells` and returns their mask. Ranks stay under
    /// `MAX_GROUP_ENTRIES`, so the arithmetic is 32-bit.
    #[inline(always)]
    pub(super) fn cells(&mut self, r: usize, cells: &mut [u8; MAX_TABLE_CELLS]) -> u32 {
        let high = r as u32 / self.low_size;
        let low = r as u32 - high * self.low_size;
        if high != self.high {
            let mut digits = [0u32; MAX_TABLE_CELLS];
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

/// The rank after the group tile of index `m` slides from cell `a` to the adjacent cell `b`:
/// digit m changes by (b - a) less the lower-index group tiles strictly between a and b, and
/// each higher-index group tile strictly between them gains or loses one in its digit.
#[inline(always)]
pub(super) fn moved_rank(
    rank: usize,
    weight: &[usize; MAX_TABLE_CELLS],
    at: &[u8; MAX_TABLE_CELLS],
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
    fn a_group_of_every_tile_gives_the_exact_distance_on_3x2() {
        // With every tile in one group the abstract space is the puzzle itself.
        let g = geometry(3, 2);
        let p = Partition::new(&g, 5, vec![vec![0, 1, 2, 3, 4]]).unwrap_or_else(|e| panic!("{e}"));
        let t = PdbTables::build(&g, &p, |_| {});
        let values = &t.groups[0].values;
        // A plain BFS over boards (cell -> tile, tile i belongs on cell i, the blank is 5).
        let mut dist = std::collections::HashMap::new();
        let mut queue = std::collections::VecDeque::new();
        dist.insert(vec![0u8, 1, 2, 3, 4, 5], 0u8);
        queue.push_back(vec![0u8, 1, 2, 3, 4, 5]);
        while let Some(board) = queue.pop_front() {
            let d = dist[&board];
            let blank = board.iter().position(|&t| t == 5).unwrap_or(0);
            for &(_, to) in g.moves(blank) {
                let mut next = board.clone();
                next.swap(blank, to as usize);
                if !dist.contains_key(&next) {
                    dist.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
        assert_eq!(dist.len(), 360);
        for (board, d) in &dist {
            let mut cells = [0u8; 5];
            for (cell, &t) in board.iter().enumerate() {
                if t < 5 {
                    cells[t as usize] = cell as u8;
                }
            }
            assert_eq!(values[super::super::rank::rank(6, &cells)], *d, "{board:?}");
        }
        // The other half of the placements (the wrong parity) is never reached.
        assert_eq!(values.iter().filter(|&&v| v == u8::MAX).count(), 360);
    }

    #[test]
    fn moved_rank_agrees_with_rank() {
        // Every placement of 3 tiles on 4x4 and every move of each tile to a free neighbour.
        let g = geometry(4, 4);
        let n = 16;
        let weight = {
            let mut w = [0usize; MAX_TABLE_CELLS];
            let mut acc = 1;
            for i in (0..3).rev() {
                w[i] = acc;
                acc *= n - i;
            }
            w
        };
        let mut pos = [0u8; 3];
        for r in 0..placements(n, 3).unwrap_or(0) {
            super::super::rank::unrank(n, r, &mut pos);
            let mut at = [u8::MAX; MAX_TABLE_CELLS];
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
                    let expected = super::super::rank::rank(n, &moved);
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
    fn the_unranker_inverts_rank_in_any_order() {
        for (n, k) in [(16, 3), (10, 5), (6, 6), (9, 8), (12, 1)] {
            let count = placements(n, k).unwrap_or(0);
            let mut unranker = Unranker::new(n, k);
            let mut expected = vec![0u8; k];
            let mut cells = [0u8; MAX_TABLE_CELLS];
            // Ascending (the scan's order, the kept high part reused), then jumping about.
            let jumps = (0..count).map(|i| (i * 7919 + 13) % count);
            for r in (0..count).chain(jumps) {
                super::super::rank::unrank(n, r, &mut expected);
                let mask = unranker.cells(r, &mut cells);
                assert_eq!(&cells[..k], &expected[..], "n {n} k {k} rank {r}");
                assert_eq!(mask, expected.iter().fold(0u32, |m, &c| m | 1 << c));
            }
        }
    }

    #[test]
    fn slices_and_progress_reach_the_same_tables() {
        let g = geometry(3, 3);
        let p = Partition::default_for(&g, 0).unwrap_or_else(|e| panic!("{e}"));
        let whole = PdbTables::build(&g, &p, |_| {});
        let mut builder = PdbBuilder::new(&g, &p);
        let mut last = 0.0;
        while !builder.step(100) {
            let f = builder.fraction();
            assert!(f >= last && f < 1.0);
            last = f;
        }
        assert_eq!(builder.fraction(), 1.0);
        let sliced = builder.into_tables().unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(sliced, whole);
        assert!(PdbBuilder::new(&g, &p).into_tables().is_err());
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

    fn build_with(builder: PdbBuilder) -> PdbTables {
        let mut builder = builder;
        while !builder.step(1 << 16) {}
        builder.into_tables().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn flood_fills_give_the_tables_the_region_table_gives() {
        // Groups that cut off corners (several regions) on 4x4 and 3x3.
        for (w, h, blank, groups) in [
            (
                4u8,
                4u8,
                15u8,
                vec![vec![0, 1, 4, 5], vec![2, 3, 6], vec![8, 9, 12]],
            ),
            (4, 4, 0, vec![vec![1, 4, 6, 9], vec![3, 7, 11, 14]]),
            (3, 3, 8, vec![vec![0, 1, 3, 4], vec![2, 5, 6, 7]]),
        ] {
            let g = geometry(w, h);
            let p = Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}"));
            let table = build_with(PdbBuilder::new(&g, &p));
            let flood = build_with(PdbBuilder::new(&g, &p).without_region_table());
            assert_eq!(table, flood, "{w}x{h}");
        }
    }

    /// The group's distances by a plain 0-1 breadth-first search over (the group's tiles' cells,
    /// the blank's cell), moves of group tiles costing 1 and of other tiles 0, from the goal
    /// placement with the blank on `blank`; a placement's value is the least over blank cells.
    fn oracle(g: &Geometry, blank: u8, cells: &[u8]) -> Vec<u8> {
        let n = g.cells();
        let k = cells.len();
        let entries = placements(n, k).unwrap_or(0);
        let key = |pos: &[u8], b: u8| super::super::rank::rank(n, pos) * n + b as usize;
        let mut dist = vec![u8::MAX; entries * n];
        let mut deque = std::collections::VecDeque::new();
        dist[key(cells, blank)] = 0;
        deque.push_back((cells.to_vec(), blank));
        while let Some((pos, b)) = deque.pop_front() {
            let d = dist[key(&pos, b)];
            for &(_, to) in g.moves(b as usize) {
                let mut next = pos.clone();
                let cost = match pos.iter().position(|&c| c == to) {
                    Some(i) => {
                        next[i] = b;
                        1
                    }
                    None => 0,
                };
                let k2 = key(&next, to);
                if d + cost < dist[k2] {
                    dist[k2] = d + cost;
                    if cost == 0 {
                        deque.push_front((next, to));
                    } else {
                        deque.push_back((next, to));
                    }
                }
            }
        }
        (0..entries)
            .map(|r| (0..n).map(|b| dist[r * n + b]).min().unwrap_or(u8::MAX))
            .collect()
    }

    #[test]
    fn five_by_five_groups_match_a_plain_search_over_tiles_and_blank() {
        // Flood fills and split marks (no region table past 16 cells), corners cut off included.
        let g = geometry(5, 5);
        for (blank, cells) in [
            (24u8, vec![0u8, 1, 5]),
            (12, vec![3, 4, 9]),
            (0, vec![18, 24]),
        ] {
            let p =
                Partition::new(&g, blank, vec![cells.clone()]).unwrap_or_else(|e| panic!("{e}"));
            let tables = PdbTables::build(&g, &p, |_| {});
            assert_eq!(
                tables.groups[0].values,
                oracle(&g, blank, &cells),
                "{cells:?}"
            );
        }
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
            let builder = PdbBuilder::new(&g, &p);
            for group in p.groups().iter().filter(|group| group.len() == 5) {
                let free = g.all_cells() & !group.iter().fold(0u32, |m, &c| m | 1 << c);
                assert_eq!(builder.flood(free.trailing_zeros() as usize, free), free);
            }
        }
        assert!(
            Partition::new(&g, 24, vec![(0..7).collect()]).is_err(),
            "7 tiles on 25 cells"
        );
    }
}
