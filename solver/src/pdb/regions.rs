//! The regions of free cells the blank can be in ([`Regions`]), which both table builders need: a state of
//! their search is a placement of a group's tiles plus the region the blank is in, since the blank moves
//! within it for free.

use super::board::Geometry;

/// Boards of up to this many cells keep a table of the free cells' regions (1 MB at 16 cells).
const REGION_TABLE_CELLS: usize = 16;

/// The regions of a set of free cells, numbered by ordinal (ordered by their smallest cells): from a table on
/// boards of at most 16 cells, by flood fills on larger ones.
pub(super) struct Regions {
    /// On boards of at most 16 cells, for a mask of free cells, `table[mask * 16 + cell]`
    /// describes `cell`'s region: its smallest cell in the low nibble, its ordinal above. Empty on
    /// larger boards (2^25 masks would not fit), where regions are found by flood fills (and the slice
    /// builder's `GroupBfs::split` spares most placements even those).
    table: Vec<u8>,
    /// Bit f set: masks with f free cells are filled in `table`.
    ready: u32,
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

    /// Fills the table (if there is one) for the masks of `free` free cells, once per count.
    pub(super) fn prepare(&mut self, free: u32) {
        if self.table.is_empty() || self.ready & (1 << free) != 0 {
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

    /// The ordinal of `cell`'s region among the regions of `free` (ordered by their smallest
    /// cells). At most 8 regions, as the builders' marks have 8 lanes: on 16 cells, see
    /// [`Regions::prepare`]; on larger boards groups hold at most 6 tiles, which cut off a few
    /// pockets at most.
    #[inline(always)]
    pub(super) fn ordinal(&self, free: u32, cell: usize) -> u8 {
        if !self.table.is_empty() {
            return self.table[free as usize * REGION_TABLE_CELLS + cell] >> 4;
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
        for _ in 0..ordinal {
            left &= !self.flood(left.trailing_zeros() as usize, free);
        }
        self.flood(left.trailing_zeros() as usize, free)
    }

    /// The cells reachable from `from` through `free` cells (a bit-parallel flood fill).
    #[inline(always)]
    pub(super) fn flood(&self, from: usize, free: u32) -> u32 {
        let w = self.width;
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
}
