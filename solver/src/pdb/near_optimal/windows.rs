//! Tables for any goal ([`WindowTables`]) and window re-optimisation of a path with them ([`improve_windows`]).

use std::sync::Arc;

use super::dual::DualTables;
use super::engine::{to_code, Engine, RunEnd};
use super::large::LargePdb;
use crate::pdb::board::Geometry;
use crate::pdb::build::{Partition, PdbTables, FIVE_BY_FIVE_GROUPS};
use crate::pdb::cache::{cached_tables, install_tables};
use crate::pdb::{partition_key, PdbError};
use crate::search::{Control, Stats};
use crate::sliding::Dir;

/// Tables for ANY goal on one board: one table per group of a fixed tiling of the board's cells
/// into groups (on 5x5, the five 5-cell groups of [`FIVE_BY_FIVE_GROUPS`]: 6,375,600 bytes
/// each, 31.9 MB in all), and per blank cell the table of its group without it (on 5x5 a
/// 4-tile table of 303,600 bytes), built when a goal first needs it (a fraction of a second).
/// A goal's heuristic takes the full tables of the groups without its blank and that smaller
/// one: so a search between any two states (the ends of a window of a path) can use them.
#[derive(Debug, Clone)]
pub struct WindowTables {
    pub(super) geometry: Geometry,
    pub(super) groups: Vec<Vec<u8>>,
    pub(super) full: Vec<Arc<PdbTables>>,
    pub(super) small: Vec<Option<Arc<PdbTables>>>,
}

impl WindowTables {
    /// The five single-group partitions of the 5x5 tables, in order (see
    /// [`WindowTables::partitions_for`]).
    pub fn partitions() -> Result<Vec<Partition>, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::partitions_for(&Geometry::new(5, 5)?, &groups)
    }

    /// The 25 smaller 5x5 partitions, one per blank cell: the blank's group without it (4 tiles,
    /// 303,600 bytes each). [`WindowTables::pdb_for`] builds the one a goal needs when this
    /// process's cache does not hold it: a worker may build them all ahead, or read them back.
    pub fn small_partitions() -> Result<Vec<Partition>, PdbError> {
        let geometry = Geometry::new(5, 5)?;
        (0..25u8)
            .map(|blank| {
                let group = FIVE_BY_FIVE_GROUPS
                    .iter()
                    .find(|g| g.contains(&blank))
                    .map(|g| g.to_vec())
                    .unwrap_or_default();
                small_partition(&geometry, &group, blank)
            })
            .collect()
    }

    /// The single-group partitions whose tables [`WindowTables::new_for`] takes, in order:
    /// build them apart (in helper workers or threads) and cache each by its key. Each is built
    /// with the blank on the first cell outside its group; a group whose goal placement leaves
    /// the other cells connected has a table that serves any blank cell outside it (checked by
    /// [`LargePdb::from_groups`]).
    pub fn partitions_for(
        geometry: &Geometry,
        groups: &[Vec<u8>],
    ) -> Result<Vec<Partition>, PdbError> {
        let n = geometry.cells() as u8;
        groups
            .iter()
            .map(|group| {
                let blank = (0..n).find(|c| !group.contains(c)).unwrap_or(0);
                Partition::new(geometry, blank, vec![group.clone()])
            })
            .collect()
    }

    /// The 5x5 tables, from the tables of [`WindowTables::partitions`] in that order.
    pub fn new(full: Vec<Arc<PdbTables>>) -> Result<WindowTables, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::new_for(Geometry::new(5, 5)?, groups, full)
    }

    /// Tables for `groups`, which must cover every cell of `geometry` once, from the tables of
    /// [`WindowTables::partitions_for`] in that order.
    pub fn new_for(
        geometry: Geometry,
        groups: Vec<Vec<u8>>,
        full: Vec<Arc<PdbTables>>,
    ) -> Result<WindowTables, PdbError> {
        let partitions = WindowTables::partitions_for(&geometry, &groups)?;
        let covered = groups.iter().flatten().fold(0u32, |m, &c| m | 1 << c);
        if covered != geometry.all_cells()
            || groups.iter().map(Vec::len).sum::<usize>() != geometry.cells()
        {
            return Err(PdbError::BadPartition {
                reason: "the window tables' groups must cover every cell once".to_string(),
            });
        }
        if full.len() != partitions.len()
            || full
                .iter()
                .zip(&partitions)
                .any(|(t, p)| &t.partition() != p)
        {
            return Err(PdbError::BadPartition {
                reason: "the window tables take one table per group, in the groups' order"
                    .to_string(),
            });
        }
        Ok(WindowTables {
            small: vec![None; geometry.cells()],
            geometry,
            groups,
            full,
        })
    }

    /// Builds the 5x5 tables here, one after the other, with the fraction done.
    pub fn build(progress: impl FnMut(f64)) -> Result<WindowTables, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::build_for(Geometry::new(5, 5)?, groups, progress)
    }

    /// Builds the tables of `groups` on `geometry` here, with the fraction done.
    pub fn build_for(
        geometry: Geometry,
        groups: Vec<Vec<u8>>,
        mut progress: impl FnMut(f64),
    ) -> Result<WindowTables, PdbError> {
        let partitions = WindowTables::partitions_for(&geometry, &groups)?;
        let count = partitions.len() as f64;
        let full = partitions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                Arc::new(PdbTables::build(&geometry, p, |f| {
                    progress((i as f64 + f) / count)
                }))
            })
            .collect();
        WindowTables::new_for(geometry, groups, full)
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The heuristic for `goal` (any goal on this board), building the table of its blank
    /// cell's group without that cell if needed.
    pub fn pdb_for(&mut self, goal: &[u8]) -> Result<LargePdb, PdbError> {
        self.geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let mut groups = Vec::with_capacity(self.groups.len());
        for (group, full) in self.groups.iter().zip(&self.full) {
            if !group.contains(&(blank as u8)) {
                groups.push((Arc::clone(full), 0));
                continue;
            }
            if group.len() == 1 {
                continue;
            }
            let small = match &self.small[blank] {
                Some(small) => Arc::clone(small),
                None => {
                    let partition = small_partition(&self.geometry, group, blank as u8)?;
                    let key = partition_key(&self.geometry, &partition);
                    // This process's cache keeps it for the next `WindowTables` (the browser's worker may
                    // have built it ahead, or read it from IndexedDB).
                    let small = cached_tables(&key).unwrap_or_else(|| {
                        let built = Arc::new(PdbTables::build(&self.geometry, &partition, |_| {}));
                        install_tables(Arc::clone(&built));
                        built
                    });
                    self.small[blank] = Some(Arc::clone(&small));
                    small
                }
            };
            groups.push((small, 0));
        }
        self.take_cached_small();
        let dual = DualTables::new(&self.geometry, goal, &self.groups, &self.full, &self.small);
        Ok(LargePdb::from_groups(goal, groups)?.with_dual(dual))
    }

    /// Takes the smaller tables this process's cache holds (built ahead, or by other goals) for the dual
    /// lookups, which read the table of every blank cell; builds none.
    fn take_cached_small(&mut self) {
        for (blank, small) in self.small.iter_mut().enumerate() {
            if small.is_some() {
                continue;
            }
            let Some(group) = self.groups.iter().find(|g| g.contains(&(blank as u8))) else {
                continue;
            };
            if group.len() > 1 {
                if let Ok(partition) = small_partition(&self.geometry, group, blank as u8) {
                    *small = cached_tables(&partition_key(&self.geometry, &partition));
                }
            }
        }
    }

    /// Builds the smaller table of every blank cell now (on 5x5: 25 of 303,600 bytes, 7.6 MB,
    /// about a second natively), so that no search waits for one.
    pub fn prepare_all(&mut self) -> Result<(), PdbError> {
        let n = self.geometry.cells() as u8;
        for blank in 0..n {
            let mut goal: Vec<u8> = (1..n).collect();
            goal.insert(blank as usize, 0);
            self.pdb_for(&goal)?;
        }
        Ok(())
    }

    /// Bytes held by the tables (the smaller ones built so far included).
    pub fn memory_bytes(&self) -> usize {
        self.full
            .iter()
            .chain(self.small.iter().flatten())
            .map(|t| t.memory_bytes())
            .sum()
    }
}

/// The partition of `group` without the goal's `blank` cell (tables for a goal with the blank
/// there).
fn small_partition(geometry: &Geometry, group: &[u8], blank: u8) -> Result<Partition, PdbError> {
    let cells = group.iter().copied().filter(|&c| c != blank).collect();
    Partition::new(geometry, blank, vec![cells])
}

/// The window sizes tried, in moves, smallest first: a window is cheap to prove already
/// shortest (its start's estimate reaches its length) or to better when short.
pub(super) const WINDOWS: [usize; 4] = [20, 30, 40, 56];
/// The most expansions one window's search may make.
pub(super) const WINDOW_CAP: u64 = 20_000;

/// One pass of windows: their length, the weight (hundredths) of the search between their ends,
/// and the most expansions of each search.
#[derive(Debug, Clone, Copy)]
pub(super) struct Pass {
    pub(super) size: Size,
    pub(super) weight: u32,
    pub(super) cap: u64,
}

/// A window's length: so many moves, or a share of the path.
#[derive(Debug, Clone, Copy)]
pub(super) enum Size {
    Moves(usize),
    /// 1/n of the path.
    Share(usize),
}

/// The passes after the weighted runs could go no lower (their memory ran out, which the
/// bounded windows' small searches do not): halves, thirds and quarters of the path searched
/// by weighted A* between their ends, each a problem a fraction of the size of the whole, so
/// that lower weights fit in the same memory; repeated while one betters the path.
pub(super) const LARGE_PASSES: [Pass; 4] = [
    Pass {
        size: Size::Share(2),
        weight: 150,
        cap: 150_000,
    },
    Pass {
        size: Size::Share(3),
        weight: 130,
        cap: 150_000,
    },
    Pass {
        size: Size::Share(2),
        weight: 130,
        cap: 300_000,
    },
    Pass {
        size: Size::Share(4),
        weight: 120,
        cap: 150_000,
    },
];

/// Re-optimises windows of `best` (a path from `start` to `goal`, blank moves): for windows
/// of growing sizes, half overlapping, an A* between the window's end states (bounded by the
/// window's length, and cut at `WINDOW_CAP` expansions) replaces the window by a shorter path
/// when there is one. Rounds repeat while one betters the path. Each better path goes to
/// `on_answer`; returns the best path if it is shorter than `best`.
pub fn improve_windows(
    tables: &mut WindowTables,
    start: &[u8],
    best: &[Dir],
    control: &mut Control,
    stats: &mut Stats,
    on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    let passes = WINDOWS.map(|size| Pass {
        size: Size::Moves(size),
        weight: 100,
        cap: WINDOW_CAP,
    });
    improve_by_passes(tables, start, best, &passes, control, stats, on_answer)
}

/// Runs `passes` of windows over `best` (see [`improve_windows`]), rounds repeating while one
/// betters the path, until `control` says stop.
pub(super) fn improve_by_passes(
    tables: &mut WindowTables,
    start: &[u8],
    best: &[Dir],
    passes: &[Pass],
    control: &mut Control,
    stats: &mut Stats,
    mut on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    let geometry = tables.geometry.clone();
    let mut path = best.to_vec();
    let mut boards = boards_along(&geometry, start, &path)?;
    loop {
        let mut improved = false;
        for pass in passes {
            let size = match pass.size {
                Size::Moves(moves) => moves,
                Size::Share(n) => path.len().div_ceil(n),
            }
            .max(2);
            let mut i = 0;
            while i < path.len() {
                let j = (i + size).min(path.len());
                let (a, b) = (&boards[i], &boards[j]);
                let Ok(pdb) = tables.pdb_for(b) else {
                    return None;
                };
                let length = (j - i) as u32;
                if control.checkpoint(stats).is_some() {
                    return (path.len() < best.len()).then_some(path);
                }
                if pdb.estimate(a) < length {
                    let mut engine = Engine::new(&pdb, pass.cap);
                    match engine.run(a, pass.weight, length, control, stats) {
                        RunEnd::Found(id) => {
                            let shorter = engine.path_to(id);
                            path.splice(i..j, shorter);
                            boards = boards_along(&geometry, start, &path)?;
                            on_answer(control, &path);
                            improved = true;
                        }
                        RunEnd::Stopped(..) if control.checkpoint(stats).is_some() => {
                            return (path.len() < best.len()).then_some(path)
                        }
                        // Out of memory, capped, or nothing shorter: the next window.
                        RunEnd::Stopped(..) | RunEnd::Exhausted | RunEnd::Capped => {}
                    }
                }
                if j == path.len() {
                    break;
                }
                i += size / 2;
            }
        }
        if !improved {
            break;
        }
    }
    (path.len() < best.len()).then_some(path)
}

/// The boards along `moves` from `start` (both ends included), or `None` if a move leaves the board.
pub(super) fn boards_along(
    geometry: &Geometry,
    start: &[u8],
    moves: &[Dir],
) -> Option<Vec<Vec<u8>>> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut board = start.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    boards.push(board.clone());
    for &dir in moves {
        let code = to_code(dir);
        let &(_, to) = geometry.moves(blank).iter().find(|&&(d, _)| d == code)?;
        board.swap(blank, to as usize);
        blank = to as usize;
        boards.push(board.clone());
    }
    Some(boards)
}
