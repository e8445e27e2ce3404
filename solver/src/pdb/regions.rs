//! The regions of free cells the blank can be in ([`Regions`]), which both table builders need: a state of
//! their search is a placement of a group's tiles plus the region the blank is in, since the blank moves
//! within it for free.

use super::board::{Geometry, PDB_TABLE_MAX_CELLS};

/// Boards of up to this many cells keep a table of the free cells' regions (1 MB at 16 cells).
const REGION_TABLE_CELLS: usize = 16;

/// Larger boards keep the regions of each set of occupied cells of one size (see `Regions::labels`) when there
/// are at most this many: 53,130 sets of 5 cells of 25, 425 KB.
const MAX_LABELLED_SETS: usize = 1 << 18;

/// Groups of up to this many tiles have their sets of occupied cells labelled.
const MAX_LABELLED_TILES: usize = 7;

/// A set's labels when its free cells fall into more than four regions: they are found by flood fills.
const MANY_REGIONS: u64 = 1 << 63;

/// Where a set's labels keep its number of regions (1 to 4), past the cells' labels.
const COUNT_SHIFT: u32 = 56;
const _: () = assert!(2 * PDB_TABLE_MAX_CELLS <= COUNT_SHIFT as usize);

/// The regions of a set of free cells, numbered by ordinal (ordered by their smallest cells): from a table on
/// boards of at most 16 cells, from labels per set of occupied cells (or flood fills) on larger ones.
pub(super) struct Regions {
    /// On boards of at most 16 cells, for a mask of free cells, `table[mask * 16 + cell]`
    /// describes `cell`'s region: its smallest cell in the low nibble, its ordinal above. Empty on
    /// larger boards (2^25 masks would not fit), where regions come from `labels` (or flood fills).
    table: Vec<u8>,
    /// Bit f set: masks with f free cells are filled in `table`.
    ready: u32,
    /// Without `table`, per set of `labelled` occupied cells (by its rank in increasing order of
    /// masks, see [`Regions::set_rank`]): 2 bits per cell, the ordinal of the cell's region
    /// (occupied cells 0), and the number of regions from bit `COUNT_SHIFT`; or `MANY_REGIONS`. A lookup instead of the flood fills that naming a
    /// split placement's regions would take; the slice builder does it some 20 million times per
    /// 5-tile group of the 5x5 board. Empty when there would be too many sets.
    labels: Vec<u64>,
    labelled: u32,
    /// With `labels`, per set of `labelled - 1` occupied cells (by rank): the free cells that,
    /// occupied too, split the free cells. A block of placements' split ones at a lookup.
    splitting: Vec<u32>,
    /// binomial[c][j]: the number of sets of j cells among c.
    binomial: [[u32; MAX_LABELLED_TILES + 1]; 32],
    /// A set's rank in three parts, by its cells 0-8, 9-16 and 17-24 (see [`Regions::set_rank`]).
    rank_parts: Vec<u32>,
    all: u32,
    width: u32,
    not_first_column: u32,
    not_last_column: u32,
}

impl Regions {
    /// The regions of `geometry`'s free cells; the table (if the board has one) starts empty, filled per count
    /// of free cells by [`Regions::prepare`].
    pub(super) fn new(geometry: &Geometry) -> Regions {
        let n = geometry.cells();
        let w = geometry.width() as usize;
        let mut binomial = [[0u32; MAX_LABELLED_TILES + 1]; 32];
        for c in 0..32 {
            binomial[c][0] = 1;
            for j in 1..=MAX_LABELLED_TILES.min(c) {
                binomial[c][j] = binomial[c - 1][j - 1].saturating_add(binomial[c - 1][j]);
            }
        }
        let (mut first, mut last) = (0u32, 0u32);
        for cell in 0..n {
            if cell % w == 0 {
                first |= 1 << cell;
            }
            if cell % w == w - 1 {
                last |= 1 << cell;
            }
        }
        Regions {
            table: if n <= REGION_TABLE_CELLS {
                vec![0; (1usize << n) * REGION_TABLE_CELLS]
            } else {
                Vec::new()
            },
            ready: 0,
            labels: Vec::new(),
            labelled: 0,
            splitting: Vec::new(),
            rank_parts: rank_parts(&binomial),
            binomial,
            all: geometry.all_cells(),
            width: w as u32,
            not_first_column: !first,
            not_last_column: !last,
        }
    }

    /// These regions without their table, as on boards of more than 16 cells (for tests).
    #[cfg(test)]
    pub(super) fn without_table(mut self) -> Regions {
        self.table = Vec::new();
        self
    }

    /// Whether regions come from a table (boards of at most 16 cells) rather than from flood fills.
    #[inline(always)]
    pub(super) fn has_table(&self) -> bool {
        !self.table.is_empty()
    }

    /// These regions without labels: flood fills only (for tests).
    #[cfg(test)]
    pub(super) fn without_labels(mut self) -> Regions {
        self.table = Vec::new();
        self.labels = Vec::new();
        self.splitting = Vec::new();
        self.labelled = u32::MAX;
        self
    }

    /// Fills the table (if there is one) for the masks of `free` free cells, once per count;
    /// without one, labels the sets of occupied cells of that count if they are few enough.
    pub(super) fn prepare(&mut self, free: u32) {
        if self.table.is_empty() {
            self.label(self.all.count_ones().saturating_sub(free));
            return;
        }
        if self.ready & (1 << free) != 0 {
            return;
        }
        self.ready |= 1 << free;
        for mask in 0..=self.all {
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
                    self.table[base + c] = first as u8 | ordinal << 4;
                    cells &= cells - 1;
                }
                ordinal += 1;
            }
            // At most 8 regions: a cell from each makes an independent set of the grid, which
            // holds at most half of its (at most 16) cells. The builders' marks have 8 lanes.
            debug_assert!(ordinal <= 8);
        }
    }

    /// Fills `labels` for the sets of `occupied` cells, unless there are too many of them or
    /// they are labelled already (or labels are turned off for a test).
    fn label(&mut self, occupied: u32) {
        let n = self.all.count_ones() as usize;
        if self.labelled == u32::MAX || self.labelled == occupied && !self.labels.is_empty() {
            return;
        }
        let k = occupied as usize;
        self.labels = Vec::new();
        self.splitting = Vec::new();
        if k == 0 || k > MAX_LABELLED_TILES || k >= n {
            return;
        }
        let sets = self.binomial[n][k] as usize;
        if sets > MAX_LABELLED_SETS {
            return;
        }
        self.labelled = occupied;
        self.labels = Vec::with_capacity(sets);
        // The sets in increasing order of masks, one after another (Gosper's hack).
        let mut set = (1u32 << k) - 1;
        while set & !self.all == 0 {
            let free = self.all & !set;
            let mut labels = 0u64;
            let mut left = free;
            let mut ordinal = 0u64;
            while left != 0 {
                let region = self.flood(left.trailing_zeros() as usize, free);
                left &= !region;
                if ordinal > 3 {
                    labels = MANY_REGIONS;
                    break;
                }
                let mut cells = region;
                while cells != 0 {
                    labels |= ordinal << (2 * cells.trailing_zeros());
                    cells &= cells - 1;
                }
                ordinal += 1;
            }
            if labels != MANY_REGIONS {
                labels |= ordinal << COUNT_SHIFT;
            }
            debug_assert_eq!(self.set_rank(set), self.labels.len());
            self.labels.push(labels);
            set = next_set(set);
        }
        self.splitting = Vec::with_capacity(self.binomial[n][k - 1] as usize);
        let mut set = (1u32 << (k - 1)) - 1;
        while set & !self.all == 0 {
            let mut splitting = 0u32;
            let mut free = self.all & !set;
            while free != 0 {
                let cell = free & free.wrapping_neg();
                free &= free - 1;
                let labels = self.labels[self.set_rank(set | cell)];
                splitting |= cell * (labels >> COUNT_SHIFT != 1) as u32;
            }
            debug_assert_eq!(self.set_rank(set), self.splitting.len());
            self.splitting.push(splitting);
            if set == 0 {
                break;
            }
            set = next_set(set);
        }
    }

    /// The free cells that, occupied besides `others` (a set of one cell fewer than the labelled
    /// ones), leave the free cells split, if labelled.
    #[inline(always)]
    pub(super) fn splitting(&self, others: u32) -> Option<u32> {
        if self.splitting.is_empty() || others.count_ones() + 1 != self.labelled {
            return None;
        }
        Some(self.splitting[self.set_rank(others)])
    }

    /// The rank of a set of at most `MAX_LABELLED_TILES` cells among the sets of as many cells
    /// in increasing order of masks: the sum over its cells, the j-th lowest on cell c, of the
    /// sets of j+1 cells below c+1. Three lookups, by the cells of each part of the board and
    /// the count of cells below them.
    #[inline(always)]
    fn set_rank(&self, occupied: u32) -> usize {
        let low = occupied & RANK_LOW_MASK;
        let middle = (occupied >> RANK_LOW_BITS) & 0xFF;
        let below_high = (occupied & RANK_HIGH_BELOW).count_ones() as usize;
        let high = (occupied >> (RANK_LOW_BITS + 8)) as usize;
        let parts = &self.rank_parts;
        (parts[low as usize]
            + parts[RANK_MIDDLE + middle as usize * RANK_COUNTS + low.count_ones() as usize]
            + parts[RANK_HIGH + high * RANK_COUNTS + below_high]) as usize
    }

    /// The labels of the regions of `free` (see `Regions::labels`), if it has them.
    #[inline(always)]
    fn labels_of(&self, free: u32) -> Option<u64> {
        let occupied = self.all & !free;
        if self.labels.is_empty() || occupied.count_ones() != self.labelled {
            return None;
        }
        let labels = self.labels[self.set_rank(occupied)];
        (labels & MANY_REGIONS == 0).then_some(labels)
    }

    /// Whether `free` (all of them free cells of the board) falls into more than one region.
    #[inline(always)]
    pub(super) fn is_split(&self, free: u32) -> bool {
        match self.labels_of(free) {
            Some(labels) => labels >> COUNT_SHIFT > 1,
            None => free != 0 && self.flood(free.trailing_zeros() as usize, free) != free,
        }
    }

    /// The number of regions of `free`.
    pub(super) fn count(&self, free: u32) -> u32 {
        if let Some(labels) = self.labels_of(free) {
            return (labels >> COUNT_SHIFT) as u32;
        }
        let mut left = free;
        let mut count = 0;
        while left != 0 {
            left &= !self.flood(left.trailing_zeros() as usize, free);
            count += 1;
        }
        count
    }

    /// The ordinal of `cell`'s region among the regions of `free` (ordered by their smallest
    /// cells). At most 8 regions, as the builders' marks have 8 lanes: on 16 cells, see
    /// [`Regions::prepare`]; on larger boards groups hold at most 6 tiles, which cut off a few
    /// pockets at most.
    #[inline(always)]
    pub(super) fn ordinal(&self, free: u32, cell: usize) -> u8 {
        if !self.table.is_empty() {
            return self.table[free as usize * REGION_TABLE_CELLS + cell] >> 4;
        }
        if let Some(labels) = self.labels_of(free) {
            return (labels >> (2 * cell) & 3) as u8;
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
    pub(super) fn of_ordinal(&self, free: u32, ordinal: u8) -> u32 {
        let mut left = free;
        if !self.table.is_empty() {
            // Ordinals follow the regions' smallest cells, and region 0 (the usual one) holds
            // the first free cell.
            let base = free as usize * REGION_TABLE_CELLS;
            let mut first = left.trailing_zeros() as usize;
            while ordinal != 0 && left != 0 {
                first = left.trailing_zeros() as usize;
                if self.table[base + first] >> 4 == ordinal {
                    break;
                }
                left &= left - 1;
            }
            return self.flood(first, free);
        }
        if let Some(labels) = self.labels_of(free) {
            // Bit 2c set where cell c's label is `ordinal`, then those bits packed to bit c.
            let x = labels ^ (ordinal as u64 * 0x5555_5555_5555_5555);
            let mut cells = !(x | x >> 1) & 0x5555_5555_5555_5555;
            cells = (cells | cells >> 1) & 0x3333_3333_3333_3333;
            cells = (cells | cells >> 2) & 0x0F0F_0F0F_0F0F_0F0F;
            cells = (cells | cells >> 4) & 0x00FF_00FF_00FF_00FF;
            cells = (cells | cells >> 8) & 0x0000_FFFF_0000_FFFF;
            cells = (cells | cells >> 16) & 0x0000_0000_FFFF_FFFF;
            return cells as u32 & free;
        }
        for _ in 0..ordinal {
            left &= !self.flood(left.trailing_zeros() as usize, free);
        }
        self.flood(left.trailing_zeros() as usize, free)
    }

    /// The cells next to some cell of `cells`, on the board or not (callers mask with free cells).
    #[inline(always)]
    pub(super) fn next_to(&self, cells: u32) -> u32 {
        (cells << 1) & self.not_first_column
            | (cells >> 1) & self.not_last_column
            | cells << self.width
            | cells >> self.width
    }

    /// The cells reachable from `from` through `free` cells (a bit-parallel flood fill).
    #[inline(always)]
    pub(super) fn flood(&self, from: usize, free: u32) -> u32 {
        let mut region = 1u32 << from;
        loop {
            let grown = (region | self.next_to(region)) & free;
            if grown == region {
                return region;
            }
            region = grown;
        }
    }
}

/// The cells of the first part of a set's rank (see `Regions::set_rank`); the other two parts
/// have 8 each.
const RANK_LOW_BITS: u32 = 9;
const RANK_LOW_MASK: u32 = (1 << RANK_LOW_BITS) - 1;
/// The cells below the last part.
const RANK_HIGH_BELOW: u32 = (1 << (RANK_LOW_BITS + 8)) - 1;
/// The counts of cells below a part that a rank's parts are kept for.
const RANK_COUNTS: usize = MAX_LABELLED_TILES + 1;
/// Where the middle and last parts start in `Regions::rank_parts`.
const RANK_MIDDLE: usize = 1 << RANK_LOW_BITS;
const RANK_HIGH: usize = RANK_MIDDLE + 256 * RANK_COUNTS;

/// The parts of sets' ranks (see `Regions::set_rank`): per set of the first part's cells its
/// part; per set of another part's cells and count of cells below them, its part.
fn rank_parts(binomial: &[[u32; MAX_LABELLED_TILES + 1]; 32]) -> Vec<u32> {
    // The part of the cells of `set` shifted by `shift`, with `below` cells below them.
    let part = |set: u32, shift: u32, below: usize| {
        let mut left = set;
        let mut j = below + 1;
        let mut sum = 0u32;
        while left != 0 {
            let c = (left.trailing_zeros() + shift) as usize;
            sum = sum.saturating_add(binomial[c].get(j).copied().unwrap_or(0));
            left &= left - 1;
            j += 1;
        }
        sum
    };
    let mut parts = vec![0u32; RANK_HIGH + 256 * RANK_COUNTS];
    for set in 0..1u32 << RANK_LOW_BITS {
        parts[set as usize] = part(set, 0, 0);
    }
    for set in 0..256u32 {
        for below in 0..RANK_COUNTS {
            let at = set as usize * RANK_COUNTS + below;
            parts[RANK_MIDDLE + at] = part(set, RANK_LOW_BITS, below);
            parts[RANK_HIGH + at] = part(set, RANK_LOW_BITS + 8, below);
        }
    }
    parts
}

/// The next set of as many cells in increasing order of masks (Gosper's hack), `set` not empty.
fn next_set(set: u32) -> u32 {
    let lowest = set & set.wrapping_neg();
    let carried = set + lowest;
    (((carried ^ set) >> 2) / lowest) | carried
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_name_the_regions_flood_fills_name() {
        // Every set of occupied cells of these sizes: on 5x5, and on boards whose free cells fall
        // into more than four regions (2x9, the flood fills' fallback) or that would have a table.
        for (w, h, sizes) in [
            // 6: the native 6-6-6-6 tables' groups.
            (5u8, 5u8, vec![1u32, 4, 5, 6]),
            (2, 9, vec![6]),
            (4, 4, vec![3, 6]),
        ] {
            let g = Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"));
            let all = g.all_cells();
            let n = g.cells() as u32;
            for occupied in sizes {
                let mut labelled = Regions::new(&g).without_table();
                labelled.prepare(n - occupied);
                assert!(!labelled.labels.is_empty(), "{w}x{h} {occupied}");
                let mut flooded = Regions::new(&g).without_labels();
                flooded.prepare(n - occupied);
                let mut split = 0;
                let mut many = 0;
                for set in 0..=all {
                    if set.count_ones() != occupied {
                        continue;
                    }
                    let free = all & !set;
                    assert_eq!(labelled.is_split(free), flooded.is_split(free));
                    // The same from the set of one cell fewer, for each of its cells.
                    let mut cells = set;
                    while cells != 0 {
                        let cell = cells & cells.wrapping_neg();
                        cells &= cells - 1;
                        let splitting = labelled.splitting(set & !cell).unwrap_or(0);
                        assert_eq!(splitting & cell != 0, flooded.is_split(free), "{set:b}");
                        assert_eq!(flooded.splitting(set & !cell), None);
                    }
                    split += labelled.is_split(free) as u32;
                    let mut regions = 0;
                    for cell in (0..n as usize).filter(|&c| free & 1 << c != 0) {
                        let ordinal = labelled.ordinal(free, cell);
                        assert_eq!(ordinal, flooded.ordinal(free, cell), "{set:b} {cell}");
                        regions = regions.max(ordinal + 1);
                    }
                    assert_eq!(labelled.count(free), regions as u32, "{set:b}");
                    assert_eq!(flooded.count(free), regions as u32, "{set:b}");
                    many += (labelled.labels[labelled.set_rank(set)] == MANY_REGIONS) as u32;
                    for ordinal in 0..regions {
                        let region = labelled.of_ordinal(free, ordinal);
                        assert_eq!(region, flooded.of_ordinal(free, ordinal), "{set:b}");
                        assert_eq!(
                            region,
                            labelled.flood(region.trailing_zeros() as usize, free)
                        );
                    }
                }
                // Some sets split the free cells, or the test would not test the labels; on 2x9
                // some into more than four regions, or it would not test the flood fills.
                assert!(occupied < 4 || split > 0, "{w}x{h} {occupied}");
                assert!(w != 2 || many > 0, "{w}x{h} {occupied}");
            }
        }
    }
}
