//! The breadth-first builder of pattern database tables in slices ([`PdbBuilder`]), and
//! [`PdbTables::build`], which runs it to the end or, natively, hands a group too large for it to the
//! parallel builder (`build_large`).

use super::board::{Geometry, PDB_TABLE_MAX_CELLS};
use super::error::PdbError;
use super::marks::{lanes_marked, level_marks, next_marked, EXPANDED, UNSEEN};
use super::partition::Partition;
use super::rank::{
    cells_to_digits, digit_weights, digits_to_cells, moved_rank, nth_free, placements, rank,
    Unranker,
};
use super::regions::Regions;
use super::table::{GroupTable, PdbTables};

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
/// never more, where lists of each level's states (even packed in 32 bits a state) would peak at
/// about 45 MB; a WebAssembly memory never shrinks, so its peak is what the browser keeps. The
/// price is some time: a scan of every placement per level, and the move back to the parent is
/// tried too (its state is already marked).
///
/// On boards without a region table (more than 16 cells) only the placements whose free cells
/// fall into several regions keep marks (see `run_sparse`): a one-region placement is one state,
/// its value tells whether it was reached and whether it is in the level being expanded. A
/// 5-tile group of the 5x5 board then needs 10.8 MB (values, split bits, marks of the 22% split
/// placements, the regions' labels) where marks for all would take 20 MB.
///
/// Speed: the scan expands states in rank order, so the marks and distances of their successors
/// are read in a few ascending streams rather than at random; successors' ranks are updated from
/// the parent's, not recomputed; a placement's cells come from its rank with one division (see
/// `Unranker`). Without a region table, the one-region states that differ only in the last
/// tile's cell are expanded together, as a mask of those cells (`expand_block`), and a split
/// placement's regions are looked up by its set of occupied cells (`Regions::labels`), not
/// found by flood fills.
pub struct PdbBuilder {
    geometry: Geometry,
    blank: u8,
    pending: Vec<Vec<u8>>,
    done: Vec<GroupTable>,
    regions: Regions,
    /// Marks for every placement even without a region table: the reference the sparse marks are tested against.
    #[cfg(test)]
    dense: bool,
    bfs: Option<GroupBfs>,
    work_done: u64,
    work_total: u64,
}

/// The search over one group in progress.
struct GroupBfs {
    cells: Vec<u8>,
    /// Place values of the rank's digits (see `rank::rank`).
    weight: [usize; PDB_TABLE_MAX_CELLS],
    /// The placements of a block (see [`PdbBuilder::run_sparse`]): the last tile's radix.
    radix: usize,
    /// Place values of the digits of a block's rank: the rank of the tiles but the last.
    block_weight: [usize; PDB_TABLE_MAX_CELLS],
    /// Per placement, 2 bits per region ordinal: `UNSEEN`, `EXPANDED`, or one of the two marks
    /// of the level being expanded and the level being found (see `level_marks`). A level's
    /// states are found by scanning for their mark, so no list of them is kept.
    marks: Vec<u16>,
    values: Vec<u8>,
    /// Without a region table, one bit per placement: set when its free cells fall into more
    /// than one region (a fifth of them on 5x5), so that the usual placement needs no lookup to
    /// name its blank's region. Empty with a region table.
    split: Vec<u64>,
    /// With `split` (see [`PdbBuilder::run_sparse`]): the number of split placements before each
    /// word of `split`, and those placements' marks in rank order, the lanes past a placement's
    /// last region's `EXPANDED`; `marks` is then empty.
    split_before: Vec<u32>,
    split_marks: Vec<u16>,
    /// The next placement (or block, see [`PdbBuilder::run_sparse`]) to scan in the current level.
    scan: usize,
    unranker: Unranker,
    /// The distance of the states being expanded.
    depth: u8,
    /// Whether the current level has found a state.
    found: bool,
}

impl PdbBuilder {
    /// A builder for the tables of `partition` on `geometry` (validated by [`Partition::new`]).
    pub fn new(geometry: &Geometry, partition: &Partition) -> PdbBuilder {
        let n = geometry.cells();
        let work_total: u64 = partition
            .groups()
            .iter()
            .map(|g| placements(n, g.len()).unwrap_or(0) as u64)
            .sum();
        let mut pending = partition.groups().to_vec();
        pending.reverse();
        PdbBuilder {
            geometry: geometry.clone(),
            blank: partition.blank(),
            pending,
            done: Vec::new(),
            regions: Regions::new(geometry),
            #[cfg(test)]
            dense: false,
            bfs: None,
            work_done: 0,
            work_total: work_total.max(1),
        }
    }

    /// The builder without its region table, as on boards of more than 16 cells (for tests).
    #[cfg(test)]
    fn without_region_table(mut self) -> PdbBuilder {
        self.regions = self.regions.without_table();
        self
    }

    /// The builder with marks for every placement (the reference for the sparse marks' tests).
    #[cfg(test)]
    fn with_dense_marks(mut self) -> PdbBuilder {
        self.dense = true;
        self
    }

    /// Whether groups are searched by [`PdbBuilder::run_sparse`].
    fn sparse(&self) -> bool {
        #[cfg(test)]
        if self.dense {
            return false;
        }
        !self.regions.has_table()
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
            let (expanded, finished) = if self.sparse() {
                self.run_sparse(&mut bfs, left)
            } else {
                self.run_group(&mut bfs, left)
            };
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

    fn start_group(&mut self, cells: Vec<u8>) {
        let n = self.geometry.cells();
        let k = cells.len();
        self.regions.prepare((n - k) as u32);
        let entries = placements(n, k).unwrap_or(0);
        let weight = digit_weights(n, k);
        let block_weight = digit_weights(n, k - 1);
        let sparse = self.sparse();
        let mut marks = if sparse {
            Vec::new()
        } else {
            vec![0u16; entries]
        };
        let mut values = vec![u8::MAX; entries];
        let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
        let all = self.geometry.all_cells();
        let free = all & !occupied;
        let ordinal = self.regions.ordinal(free, self.blank as usize);
        let mut unranker = Unranker::new(n, k);
        let mut split = Vec::new();
        if !self.regions.has_table() {
            split = vec![0u64; entries.div_ceil(64)];
        }
        let mut pos = [0u8; PDB_TABLE_MAX_CELLS];
        let radix = n + 1 - k;
        if !split.is_empty() {
            for block in 0..entries / radix {
                let occupied = unranker.cells(block * radix, &mut pos);
                let others = occupied & !(1 << pos[k - 1]);
                let digits = match self.regions.splitting(others) {
                    Some(cells) => cells_to_digits(cells, others),
                    None => (0..radix).fold(0u32, |digits, d| {
                        let cell = nth_free(others, d as u32);
                        let split = self.regions.is_split(all & !others & !(1 << cell));
                        digits | (split as u32) << d
                    }),
                };
                set_bits(&mut split, block * radix, radix, digits);
            }
        }
        let r = rank(n, &cells);
        values[r] = 0;
        let mut split_before = Vec::new();
        let mut split_marks = Vec::new();
        if sparse {
            let mut before = 0u32;
            split_before = split
                .iter()
                .map(|word| {
                    let here = before;
                    before += word.count_ones();
                    here
                })
                .collect();
            // A split placement's lanes past its last region's are filled, so that a placement
            // whose regions are all reached is told by its marks alone (see `reach_split`).
            split_marks = Vec::with_capacity(before as usize);
            for block in 0..entries / radix {
                let digits = bits_at(&split, block * radix, radix);
                if digits == 0 {
                    continue;
                }
                let occupied = unranker.cells(block * radix, &mut pos);
                let others = occupied & !(1 << pos[k - 1]);
                let mut cells = digits_to_cells(digits, others);
                while cells != 0 {
                    let free = all & !others & !(1 << cells.trailing_zeros());
                    cells &= cells - 1;
                    let regions = self.regions.count(free);
                    split_marks.push(((EXPANDED as u32 * 0x5555) << (2 * regions)) as u16);
                }
            }
            if split[r / 64] >> (r % 64) & 1 != 0 {
                split_marks[split_index(&split, &split_before, r)] |=
                    level_marks(0).0 << (2 * ordinal);
            }
        } else {
            marks[r] = level_marks(0).0 << (2 * ordinal);
        }
        self.bfs = Some(GroupBfs {
            cells,
            weight,
            radix: n + 1 - k,
            block_weight,
            marks,
            values,
            split,
            split_before,
            split_marks,
            scan: 0,
            unranker,
            depth: 0,
            found: false,
        });
    }

    /// The search of [`PdbBuilder::run_group`] on boards without a region table, with marks only
    /// for the split placements (`GroupBfs::split`, about a fifth): a placement whose free cells
    /// form one region is one state, reached once its value is set and in the level being
    /// expanded when its value is that level's depth. A 5-tile group of the 5x5 board then needs
    /// its 6.4 MB of values, 0.8 MB of split bits and the split placements' marks, where marks
    /// for all would take 13 MB besides. Same tables as the marks' search: the distances of a
    /// breadth-first search.
    ///
    /// A level is expanded a block at a time: the placements that share the cells of all tiles
    /// but the last, the last tile's digit running over the free cells (21 placements on 5x5).
    /// A block's states of the level, as masks of the last tile's cells, are expanded together
    /// with a few mask operations per move (see [`PdbBuilder::expand_block`]); only split
    /// children are reached one state at a time.
    fn run_sparse(&self, bfs: &mut GroupBfs, budget: u64) -> (u64, bool) {
        let radix = bfs.radix;
        let blocks = bfs.values.len() / radix;
        let mut expanded = 0u64;
        let mut blocks_scanned = 0u64;
        loop {
            let depth = bfs.depth;
            let (current, next_mark) = level_marks(depth);
            // The current mark in every lane of a word.
            let pattern = current as u64 * 0x5555;
            let wide_pattern = current as u64 * 0x5555_5555_5555_5555;
            let child_depth = depth + 1;
            while bfs.scan < blocks {
                if expanded + blocks_scanned >= budget {
                    return (expanded, false);
                }
                let block = bfs.scan;
                bfs.scan += 1;
                blocks_scanned += 1;
                let base = block * radix;
                let split = bits_at(&bfs.split, base, radix);
                let one = run_equal(&bfs.values[base..base + radix], depth) & !split;
                // The split placements with a state of this level.
                let mut split_level = 0u32;
                if split != 0 {
                    // Their marks follow one another: four at a time, as most have none.
                    let first = base + split.trailing_zeros() as usize;
                    let first = split_index(&bfs.split, &bfs.split_before, first);
                    let marks = &bfs.split_marks[first..first + split.count_ones() as usize];
                    let mut left = split;
                    for four in marks.chunks(4) {
                        let word = four.iter().rev().fold(0u64, |w, &m| w << 16 | m as u64);
                        let lanes = lanes_marked(word, wide_pattern);
                        for j in 0..four.len() {
                            let digit = left.trailing_zeros();
                            left &= left - 1;
                            if lanes >> (16 * j) & 0xFFFF != 0 {
                                split_level |= 1 << digit;
                            }
                        }
                    }
                }
                if one | split_level != 0 {
                    expanded += self.expand_block(
                        bfs,
                        block,
                        one,
                        split_level,
                        pattern,
                        next_mark,
                        child_depth,
                    );
                }
            }
            if !bfs.found {
                return (expanded, true);
            }
            bfs.scan = 0;
            bfs.found = false;
            bfs.depth = child_depth;
        }
    }

    /// Reaches the successors of the states of block `block` in the level being expanded: the
    /// one-region placements whose last tile's digits are `one`, and the states whose marks
    /// hold `pattern`'s of the split placements whose digits are `split`; returns how many
    /// states it expanded. For [`PdbBuilder::run_sparse`].
    ///
    /// A move of a tile but the last, from `from` to `to`, takes the states whose blank's
    /// region holds `to` to one block, the last tile's cells unchanged: for a one-region
    /// placement every free cell but its last tile's. So the block's states are gathered per
    /// such cell `to` (`moved_to`), as masks of their last tile's cells, and each move reaches
    /// all of its children with a few mask operations. The last tile's moves stay in the
    /// block: to any free cell next to it, for a one-region placement.
    #[allow(clippy::too_many_arguments)]
    fn expand_block(
        &self,
        bfs: &mut GroupBfs,
        block: usize,
        one: u32,
        split: u32,
        pattern: u64,
        next_mark: u16,
        child_depth: u8,
    ) -> u64 {
        let k = bfs.cells.len();
        let radix = bfs.radix;
        let base = block * radix;
        let mut pos = [0u8; PDB_TABLE_MAX_CELLS];
        let occupied = bfs.unranker.cells(base, &mut pos);
        let others = occupied & !(1 << pos[k - 1]);
        let free = self.geometry.all_cells() & !others;
        let cells = digits_to_cells(one, others);
        let mut expanded = one.count_ones() as u64;
        // moved_to[to]: the last tile's cells of the states whose blank's region holds `to`.
        let targets = self.regions.next_to(others) & free;
        let mut moved_to = [0u32; PDB_TABLE_MAX_CELLS];
        let mut left = targets;
        while left != 0 {
            let to = left.trailing_zeros();
            left &= left - 1;
            moved_to[to as usize] = cells & !(1 << to);
        }
        // The last tile's moves from one-region placements.
        let stepped = self.regions.next_to(cells) & free;
        let mut split_children = self.reach_block(bfs, block, others, stepped, child_depth);
        while split_children != 0 {
            let to = split_children.trailing_zeros();
            split_children &= split_children - 1;
            let child = base + last_digit(to, others);
            // The blank stands where the last tile came from, which may be in any region.
            let mut from = cells & self.geometry.neighbours(to as usize);
            while from != 0 {
                let blank = from.trailing_zeros() as usize;
                from &= from - 1;
                self.reach_split(bfs, child, free & !(1 << to), blank, next_mark, child_depth);
            }
        }
        // The split placements' states: their regions, and their last tile's moves.
        let mut split_cells = digits_to_cells(split, others);
        while split_cells != 0 {
            let last = split_cells.trailing_zeros();
            split_cells &= split_cells - 1;
            let r = base + last_digit(last, others);
            let index = split_index(&bfs.split, &bfs.split_before, r);
            let word = bfs.split_marks[index];
            let mut lanes = lanes_marked(word as u64, pattern) as u16;
            // Those states are expanded here; their children are other placements.
            bfs.split_marks[index] = (word & !(lanes * 3)) | (lanes * EXPANDED);
            let placement_free = free & !(1 << last);
            while lanes != 0 {
                let ordinal = (lanes.trailing_zeros() / 2) as u8;
                lanes &= lanes - 1;
                expanded += 1;
                let region = self.regions.of_ordinal(placement_free, ordinal);
                let mut left = region & targets;
                while left != 0 {
                    moved_to[left.trailing_zeros() as usize] |= 1 << last;
                    left &= left - 1;
                }
                let mut steps = self.geometry.neighbours(last as usize) & region;
                while steps != 0 {
                    let to = steps.trailing_zeros();
                    steps &= steps - 1;
                    let child = base + last_digit(to, others);
                    if bfs.split[child / 64] >> (child % 64) & 1 == 0 {
                        if bfs.values[child] == u8::MAX {
                            bfs.values[child] = child_depth;
                            bfs.found = true;
                        }
                        continue;
                    }
                    let child_free = free & !(1 << to);
                    self.reach_split(
                        bfs,
                        child,
                        child_free,
                        last as usize,
                        next_mark,
                        child_depth,
                    );
                }
            }
        }
        // The other tiles' moves.
        let mut at = [u8::MAX; PDB_TABLE_MAX_CELLS];
        for (i, &p) in pos.iter().enumerate().take(k - 1) {
            at[p as usize] = i as u8;
        }
        for (i, &from) in pos.iter().enumerate().take(k - 1) {
            let mut left = self.geometry.neighbours(from as usize) & free;
            while left != 0 {
                let to = left.trailing_zeros();
                left &= left - 1;
                let moved = moved_to[to as usize];
                if moved == 0 {
                    continue;
                }
                let child_block =
                    moved_rank(block, &bfs.block_weight, &at, i as u8, from, to as u8);
                let child_others = others ^ (1 << from) ^ (1 << to);
                let mut split_children =
                    self.reach_block(bfs, child_block, child_others, moved, child_depth);
                while split_children != 0 {
                    let last = split_children.trailing_zeros();
                    split_children &= split_children - 1;
                    let child = child_block * radix + last_digit(last, child_others);
                    let child_free = free ^ (1 << from) ^ (1 << to) ^ (1 << last);
                    self.reach_split(
                        bfs,
                        child,
                        child_free,
                        from as usize,
                        next_mark,
                        child_depth,
                    );
                }
            }
        }
        expanded
    }

    /// Gives the one-region placements of block `block` (the tiles but the last on `others`)
    /// whose last tile stands on one of `cells` and that are not yet reached the distance
    /// `child_depth`; returns the cells of the split ones among `cells`, for the caller to
    /// reach by the blank's region.
    #[inline(always)]
    fn reach_block(
        &self,
        bfs: &mut GroupBfs,
        block: usize,
        others: u32,
        cells: u32,
        child_depth: u8,
    ) -> u32 {
        let radix = bfs.radix;
        let base = block * radix;
        let split = match self.regions.splitting(others) {
            Some(splitting) => cells & splitting,
            None => {
                let digits = cells_to_digits(cells, others) & bits_at(&bfs.split, base, radix);
                digits_to_cells(digits, others)
            }
        };
        // A few placements at most: one test each, without a branch on its outcome.
        let mut one = cells & !split;
        let mut found = false;
        while one != 0 {
            let value = &mut bfs.values[base + last_digit(one.trailing_zeros(), others)];
            one &= one - 1;
            let new = *value == u8::MAX;
            *value = if new { child_depth } else { *value };
            found |= new;
        }
        bfs.found |= found;
        split
    }

    /// Reaches the state of split placement `child` (free cells `child_free`) with the blank on
    /// `blank`, if it is new.
    #[inline(always)]
    fn reach_split(
        &self,
        bfs: &mut GroupBfs,
        child: usize,
        child_free: u32,
        blank: usize,
        next_mark: u16,
        child_depth: u8,
    ) {
        let index = split_index(&bfs.split, &bfs.split_before, child);
        let word = bfs.split_marks[index];
        // Every region reached (the lanes past the last region's are filled), as most of the
        // time: the blank's region need not be named.
        if lanes_marked(word as u64, UNSEEN as u64) & 0x5555 == 0 {
            return;
        }
        let lane = 2 * self.regions.ordinal(child_free, blank) as u32;
        if (word >> lane) & 3 != UNSEEN {
            return;
        }
        // A placement's first region reached gives its distance.
        if bfs.values[child] == u8::MAX {
            bfs.values[child] = child_depth;
        }
        bfs.split_marks[index] = word | next_mark << lane;
        bfs.found = true;
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
                let mut pos = [0u8; PDB_TABLE_MAX_CELLS];
                // at[cell]: index of the group tile standing there.
                let mut at = [u8::MAX; PDB_TABLE_MAX_CELLS];
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
                        self.regions.of_ordinal(free, ordinal)
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
                                2 * self.regions.ordinal(child_free, from as usize) as u32
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

/// The index among the split placements (the set bits of `split`) of placement `r`, which is one.
#[inline(always)]
fn split_index(split: &[u64], split_before: &[u32], r: usize) -> usize {
    let below = split[r / 64] & ((1u64 << (r % 64)) - 1);
    split_before[r / 64] as usize + below.count_ones() as usize
}

/// The `len` (at most 32) bits of `bits` from bit `at` on.
#[inline(always)]
fn bits_at(bits: &[u64], at: usize, len: usize) -> u32 {
    let word = at / 64;
    let shift = at % 64;
    let mut run = bits[word] >> shift;
    if shift + len > 64 {
        run |= bits[word + 1] << (64 - shift);
    }
    (run & ((1u64 << len) - 1)) as u32
}

/// Sets the bits of `bits` from bit `at` on that are set in `run`, of `len` bits (at most 32).
fn set_bits(bits: &mut [u64], at: usize, len: usize, run: u32) {
    let word = at / 64;
    let shift = at % 64;
    bits[word] |= (run as u64) << shift;
    if shift + len > 64 {
        bits[word + 1] |= (run as u64) >> (64 - shift);
    }
}

/// The last tile's digit when it stands on `cell`, the other tiles on `others` (see `rank::rank`).
#[inline(always)]
fn last_digit(cell: u32, others: u32) -> usize {
    (cell - (others & ((1u32 << cell) - 1)).count_ones()) as usize
}

/// Bit j set when `bytes[j]` equals `value`, for at most 32 bytes: eight at a time, the last
/// eight overlapping the ones before if need be.
#[inline(always)]
fn run_equal(bytes: &[u8], value: u8) -> u32 {
    let len = bytes.len();
    if len < 8 {
        return bytes
            .iter()
            .enumerate()
            .fold(0, |m, (j, &b)| m | ((b == value) as u32) << j);
    }
    let word = |at: usize| {
        let mut eight = [0u8; 8];
        eight.copy_from_slice(&bytes[at..at + 8]);
        bytes_equal(u64::from_le_bytes(eight), value) as u32
    };
    let mut equal = 0u32;
    let mut at = 0;
    while at + 8 < len {
        equal |= word(at) << at;
        at += 8;
    }
    equal | word(len - 8) << (len - 8)
}

/// Bit j set when byte j of `bytes` equals `value` (an exact test, no false positives).
#[inline(always)]
fn bytes_equal(bytes: u64, value: u8) -> u64 {
    const LOW7: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    let x = bytes ^ (value as u64 * 0x0101_0101_0101_0101);
    // High bit of each byte set when the byte is zero.
    let zero = !(((x & LOW7) + LOW7) | x | LOW7);
    // Gathers the eight high bits, byte j's to bit j.
    (zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56
}

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
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
            assert_eq!(values[rank(6, &cells)], *d, "{board:?}");
        }
        // The other half of the placements (the wrong parity) is never reached.
        assert_eq!(values.iter().filter(|&&v| v == u8::MAX).count(), 360);
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

    #[test]
    fn bytes_equal_finds_exactly_the_equal_bytes() {
        let bytes = [3u8, 255, 3, 0, 4, 3, 2, 131];
        for value in [0u8, 2, 3, 4, 131, 255, 7] {
            let expected = bytes
                .iter()
                .enumerate()
                .fold(0u64, |m, (j, &b)| m | ((b == value) as u64) << j);
            assert_eq!(
                bytes_equal(u64::from_le_bytes(bytes), value),
                expected,
                "{value}"
            );
        }
    }

    #[test]
    fn the_sparse_marks_give_the_tables_of_marks_for_every_placement() {
        // Byte for byte, on boards without a region table: every 4-tile table of the 5x5 window
        // tables (the 5-tile ones: `cargo run --release -p solver --example five_by_five_build`),
        // and groups that cut the free cells of smaller boards into many regions.
        let g = geometry(5, 5);
        let small = crate::pdb::WindowTables::small_partitions().unwrap_or_else(|e| panic!("{e}"));
        for p in &small {
            let sparse = build_with(PdbBuilder::new(&g, p));
            let dense = build_with(PdbBuilder::new(&g, p).with_dense_marks());
            assert_eq!(sparse, dense, "{:?}", p.groups());
        }
        for (w, h, blank, groups) in [
            (
                4u8,
                4u8,
                15u8,
                vec![vec![0, 1, 4, 5], vec![2, 3, 6], vec![8, 9, 12]],
            ),
            (4, 4, 0, vec![vec![1, 4, 6, 9], vec![3, 7, 11, 14]]),
            (4, 3, 0, vec![(1..7).collect(), (7..12).collect()]),
        ] {
            let g = geometry(w, h);
            let p = Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}"));
            let flood = PdbBuilder::new(&g, &p).without_region_table();
            let sparse = build_with(flood);
            let dense = build_with(
                PdbBuilder::new(&g, &p)
                    .without_region_table()
                    .with_dense_marks(),
            );
            assert_eq!(sparse, dense, "{w}x{h}");
            // Sliced finely too: a step may stop inside a level's block of placements.
            let mut builder = PdbBuilder::new(&g, &p).without_region_table();
            while !builder.step(7) {}
            assert_eq!(
                builder.into_tables().unwrap_or_else(|e| panic!("{e}")),
                sparse
            );
        }
    }

    /// The group's distances by a plain 0-1 breadth-first search over (the group's tiles' cells,
    /// the blank's cell), moves of group tiles costing 1 and of other tiles 0, from the goal
    /// placement with the blank on `blank`; a placement's value is the least over blank cells.
    fn oracle(g: &Geometry, blank: u8, cells: &[u8]) -> Vec<u8> {
        let n = g.cells();
        let k = cells.len();
        let entries = placements(n, k).unwrap_or(0);
        let key = |pos: &[u8], b: u8| rank(n, pos) * n + b as usize;
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
}
