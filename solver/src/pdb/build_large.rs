//! The parallel builder of large pattern-database tables (native only), such as the 8-tile group of the
//! 15-puzzle's 7-8 partition: 518,918,400 placements, which [`super::PdbBuilder`] (one thread, in slices for a
//! web worker) would take a long time over. [`super::PdbTables::build`] hands it any group past
//! [`super::MAX_GROUP_ENTRIES`]; `korf` and the CLI reach it through that.
//!
//! # The search
//! The same abstraction as `PdbBuilder`: a state is a placement of the group's tiles plus the region of free
//! cells the blank is in (the blank moves within it for free: the other tiles are not counted); moving a group
//! tile into the blank's region costs one. A breadth-first search backward from the goal placement, level by
//! level; a placement's value is the level of its first state reached, the minimum over the blank's regions.
//!
//! # Marks, not frontier lists
//! On 4x4 the 8 free cells of an 8-tile placement fall into 2.75 regions on average (1 to 8), so the search
//! has about 1.4 billion states and its widest levels hold hundreds of millions: lists of them would take
//! more memory than marks. Each (placement, region ordinal) has a 2-bit mark (not reached, expanded, or the
//! level being expanded / being found), 16 bits a placement in 64-bit words of four placements; a level is
//! expanded by scanning the words for its mark. Peak memory for the 8-tile group: 1.04 GB of marks plus the
//! 519 MB table.
//!
//! # Threads without locks: parity
//! A move slides one group tile by one cell, so it flips the parity of the sum of the group tiles' rows and
//! columns: all the states of a placement lie at distances of one parity. While level d is expanded, the
//! threads (taking disjoint chunks of placements) rewrite only the marks of the level-d placements they own,
//! and only set, by an atomic OR, marks of placements of the other parity; a lane goes from "not reached"
//! to "found" once, and the thread whose OR finds the placement's whole mark empty writes its value.

use std::sync::atomic::{AtomicU64, AtomicU8, AtomicUsize, Ordering::Relaxed};

use super::board::{Geometry, PDB_TABLE_MAX_CELLS};
use super::huge_pages::{zeroed_table, zeroed_words};
use super::marks::{lanes_marked, level_marks, EXPANDED, UNSEEN};
use super::partition::Partition;
use super::rank::{digit_weights, moved_rank, placements, rank, Unranker};
use super::regions::Regions;
use super::table::{GroupTable, PdbTables};

/// Words of marks (four placements each) a thread takes at a time.
const CHUNK_WORDS: usize = 1 << 14;

impl PdbTables {
    /// Builds the tables of `partition` with the parallel builder on `threads` threads (0: one per core),
    /// whatever their size (natively only; [`PdbTables::build`] uses it for groups past
    /// [`super::MAX_GROUP_ENTRIES`]). The same tables as [`super::PdbBuilder`]'s.
    pub fn build_parallel(
        geometry: &Geometry,
        partition: &Partition,
        threads: usize,
        progress: impl FnMut(f64),
    ) -> PdbTables {
        build_tables(geometry, partition, threads, progress)
    }
}

/// Builds the tables of `partition` on `threads` threads (0: one per core), calling `progress` with the
/// fraction done after each level of each group.
pub(crate) fn build_tables(
    geometry: &Geometry,
    partition: &Partition,
    threads: usize,
    mut progress: impl FnMut(f64),
) -> PdbTables {
    let threads = match threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let n = geometry.cells();
    let entries = |cells: &[u8]| placements(n, cells.len()).unwrap_or(0) as f64;
    let total: f64 = partition.groups().iter().map(|g| entries(g)).sum();
    // The region table (or the flood fills past 16 cells), shared read-only by the threads.
    let mut regions = Regions::new(geometry);
    let mut done = 0.0;
    progress(0.0);
    let mut groups = Vec::with_capacity(partition.groups().len());
    for cells in partition.groups() {
        regions.prepare((n - cells.len()) as u32);
        let size = entries(cells);
        let table = build_group(&regions, geometry, partition.blank(), cells, threads, |f| {
            progress((done + f * size) / total.max(1.0))
        });
        done += size;
        groups.push(table);
    }
    progress(1.0);
    PdbTables {
        geometry: geometry.clone(),
        blank: partition.blank(),
        groups,
    }
}

/// One group's search, shared by its threads.
struct GroupSearch<'a> {
    regions: &'a Regions,
    geometry: &'a Geometry,
    cells: &'a [u8],
    /// Place values of the rank's digits (see `rank::rank`).
    weight: [usize; PDB_TABLE_MAX_CELLS],
    /// 16 bits per placement (2 per region ordinal), four placements a word.
    marks: Vec<AtomicU64>,
    values: Vec<AtomicU8>,
}

/// What one thread did in one level.
#[derive(Default)]
struct LevelWork {
    /// Placements reached for the first time.
    reached: u64,
    found: bool,
}

fn build_group(
    regions: &Regions,
    geometry: &Geometry,
    blank: u8,
    cells: &[u8],
    threads: usize,
    mut progress: impl FnMut(f64),
) -> GroupTable {
    let n = geometry.cells();
    let k = cells.len();
    let entries = placements(n, k).unwrap_or(0);
    let weight = digit_weights(n, k);
    let search = GroupSearch {
        regions,
        geometry,
        cells,
        weight,
        // Collected in place: the buffers keep their huge pages.
        marks: zeroed_words(entries.div_ceil(4))
            .into_iter()
            .map(AtomicU64::new)
            .collect(),
        values: zeroed_table(entries)
            .into_iter()
            .map(|_| AtomicU8::new(u8::MAX))
            .collect(),
    };
    let occupied = cells.iter().fold(0u32, |m, &c| m | 1 << c);
    let ordinal = regions.ordinal(geometry.all_cells() & !occupied, blank as usize);
    let goal = rank(n, cells);
    search.values[goal].store(0, Relaxed);
    let lane = (goal % 4) * 16 + 2 * ordinal as usize;
    search.marks[goal / 4].store((level_marks(0).0 as u64) << lane, Relaxed);
    let mut reached = 1u64;
    let mut depth = 0u8;
    loop {
        let next_chunk = AtomicUsize::new(0);
        let work: Vec<LevelWork> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| scope.spawn(|| search.expand_level(depth, &next_chunk)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        });
        reached += work.iter().map(|w| w.reached).sum::<u64>();
        progress((reached as f64 / entries.max(1) as f64).min(0.999));
        if !work.iter().any(|w| w.found) || depth == u8::MAX - 1 {
            break;
        }
        depth += 1;
    }
    progress(1.0);
    drop(search.marks);
    GroupTable {
        cells: cells.to_vec(),
        // Same layout: collected in place, no second copy.
        values: search
            .values
            .into_iter()
            .map(AtomicU8::into_inner)
            .collect(),
        manhattan: None,
    }
}

impl GroupSearch<'_> {
    /// Takes chunks of words until none is left, expanding the states of level `depth` in them.
    fn expand_level(&self, depth: u8, next_chunk: &AtomicUsize) -> LevelWork {
        let n = self.geometry.cells();
        let k = self.cells.len();
        let all = self.geometry.all_cells();
        let (current, next) = level_marks(depth);
        let (current, next) = (current as u64, next as u64);
        // The current mark in every lane of a word.
        let pattern = current * 0x5555_5555_5555_5555;
        let child_depth = depth + 1;
        let mut unranker = Unranker::new(n, k);
        let mut work = LevelWork::default();
        loop {
            let first = next_chunk.fetch_add(1, Relaxed) * CHUNK_WORDS;
            if first >= self.marks.len() {
                return work;
            }
            for word_index in first..(first + CHUNK_WORDS).min(self.marks.len()) {
                let word = self.marks[word_index].load(Relaxed);
                let lanes = lanes_marked(word, pattern);
                if lanes == 0 {
                    continue;
                }
                // Current lanes become EXPANDED; other threads only OR other placements' lanes.
                self.marks[word_index].fetch_xor(lanes * (current ^ EXPANDED as u64), Relaxed);
                let mut by_placement = lanes;
                while by_placement != 0 {
                    let slot = by_placement.trailing_zeros() as usize / 16;
                    let mut own = (by_placement >> (16 * slot)) & 0xFFFF;
                    by_placement &= !(0xFFFF << (16 * slot));
                    let r = word_index * 4 + slot;
                    let mut pos = [0u8; PDB_TABLE_MAX_CELLS];
                    let mut at = [u8::MAX; PDB_TABLE_MAX_CELLS];
                    let free = all & !unranker.cells(r, &mut pos);
                    for (i, &p) in pos.iter().enumerate().take(k) {
                        at[p as usize] = i as u8;
                    }
                    while own != 0 {
                        let ordinal = (own.trailing_zeros() / 2) as u8;
                        own &= own - 1;
                        let region = self.regions.of_ordinal(free, ordinal);
                        for (i, &from) in pos.iter().enumerate().take(k) {
                            let mut targets = self.geometry.neighbours(from as usize) & region;
                            while targets != 0 {
                                let to = targets.trailing_zeros() as u8;
                                targets &= targets - 1;
                                let child = moved_rank(r, &self.weight, &at, i as u8, from, to);
                                let child_free = free ^ (1 << from) ^ (1 << to);
                                let lane_ordinal = self.regions.ordinal(child_free, from as usize);
                                self.reach(child, lane_ordinal, next, child_depth, &mut work);
                            }
                        }
                    }
                }
            }
        }
    }

    /// Marks (`child`, region `ordinal`) found at `depth` unless it was reached before.
    #[inline(always)]
    fn reach(&self, child: usize, ordinal: u8, next: u64, depth: u8, work: &mut LevelWork) {
        let word = &self.marks[child / 4];
        let placement_shift = (child % 4) * 16;
        let shift = placement_shift + 2 * ordinal as usize;
        if (word.load(Relaxed) >> shift) & 3 != UNSEEN as u64 {
            return;
        }
        // The lane was not reached; meanwhile only this level's OR (the same mark) can have set it.
        let old = word.fetch_or(next << shift, Relaxed);
        if (old >> shift) & 3 != UNSEEN as u64 {
            return;
        }
        if (old >> placement_shift) & 0xFFFF == 0 {
            // A placement's first region reached gives its distance.
            self.values[child].store(depth, Relaxed);
            work.reached += 1;
        }
        work.found = true;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pdb::PdbBuilder;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    /// The slice builder's tables for the same partition.
    fn sliced(g: &Geometry, p: &Partition) -> PdbTables {
        let mut builder = PdbBuilder::new(g, p);
        while !builder.step(1 << 20) {}
        builder.into_tables().unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn the_parallel_builder_gives_the_slice_builders_tables() {
        // Boards with and without a region table, groups that cut the free cells into many regions.
        let cases: [(u8, u8, u8, Vec<Vec<u8>>); 4] = [
            (3, 3, 8, vec![vec![0, 1, 2, 3], vec![4, 5, 6, 7]]),
            (4, 3, 0, vec![(1..7).collect(), (7..12).collect()]),
            (4, 4, 15, vec![vec![0, 2, 5, 7, 8], vec![10, 13]]),
            (5, 5, 0, vec![vec![1, 7, 11, 13]]),
        ];
        for (w, h, blank, groups) in cases {
            let g = geometry(w, h);
            let p = Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}"));
            let expected = sliced(&g, &p);
            for threads in [1, 2, 3] {
                let mut last = -1.0;
                let built = build_tables(&g, &p, threads, |f| {
                    assert!(f >= last, "progress goes forward");
                    last = f;
                });
                assert_eq!(last, 1.0);
                assert_eq!(built, expected, "{w}x{h} on {threads} threads");
            }
        }
    }
}
