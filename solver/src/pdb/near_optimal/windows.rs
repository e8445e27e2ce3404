//! Tables for any goal ([`WindowTables`]) and window re-optimisation of a path with them ([`improve_windows`]).

use std::sync::Arc;

use super::dual::{DualTables, Served};
use super::engine::{Engine, RunEnd};
use super::large::{GroupSource, LargePdb};
use super::nodes::to_code;
use super::tiling::{five_by_five, Tiling, EARLIER_FIVE_BY_FIVE_GROUPS};
use crate::pdb::board::Geometry;
use crate::pdb::held::{cached_tables, install_tables};
use crate::pdb::partition::Partition;
use crate::pdb::table::PdbTables;
use crate::pdb::{partition_key, PdbError};
use crate::search::{Control, Stats};
use crate::sliding::Dir;

/// Tables for ANY goal on one board: one table per group of a fixed tiling of the board's cells
/// into groups, and per blank cell the table of its group without it, built when a goal first
/// needs it (a fraction of a second). A group that a board symmetry maps onto an earlier group
/// is read through that group's table (`Tiling`): on 5x5 the four groups around the centre are
/// quarter turns of one another ([`crate::pdb::FIVE_BY_FIVE_GROUPS`]), so two 5-tile tables (6,375,600
/// entries each) serve all five groups, and seven 4-tile tables (303,600 entries) the 25 blank
/// cells. A goal's heuristic takes the full tables of the groups without its blank and that
/// smaller one: so a search between any two states (the ends of a window of a path) can use
/// them.
#[derive(Debug, Clone)]
pub struct WindowTables {
    pub(super) geometry: Geometry,
    pub(super) groups: Vec<Vec<u8>>,
    tiling: Tiling,
    /// The tables of the groups that serve themselves, in the groups' order.
    full: Vec<Arc<PdbTables>>,
    /// The smaller tables, one per partition of [`Tiling::smaller`], as they are built or read.
    small: Vec<Option<Arc<PdbTables>>>,
}

impl WindowTables {
    /// The partitions of the 5x5 tables that serve themselves, in order (see
    /// [`WindowTables::partitions_for`]).
    pub fn partitions() -> Result<Vec<Partition>, PdbError> {
        WindowTables::partitions_for(&Geometry::new(5, 5)?, &five_by_five())
    }

    /// The smaller 5x5 partitions that serve the 25 blank cells: a blank cell's group without it
    /// (4 tiles, 303,600 entries each), one per blank cell up to the symmetries (seven). The one
    /// serving the default goal (the blank on the last cell) comes first. [`WindowTables::pdb_for`]
    /// builds the one a goal needs when this process's cache does not hold it: a worker may build
    /// them all ahead, or read them back.
    pub fn small_partitions() -> Result<Vec<Partition>, PdbError> {
        let geometry = Geometry::new(5, 5)?;
        let groups = five_by_five();
        let tiling = Tiling::new(&geometry, &groups);
        let mut partitions = tiling
            .smaller
            .iter()
            .map(|&(g, blank)| small_partition(&geometry, &groups[g], blank))
            .collect::<Result<Vec<_>, _>>()?;
        if let Some(&Some((first, _))) = tiling.small.last() {
            partitions[..=first].rotate_right(1);
        }
        Ok(partitions)
    }

    /// The partitions of the superseded 5x5 tiling's tables (its five groups, and the smaller table of each of
    /// their cells) that the present tables do not share: nothing reads them, so a cache that still holds them
    /// can let them go.
    pub fn earlier_partitions() -> Result<Vec<Partition>, PdbError> {
        let geometry = Geometry::new(5, 5)?;
        let present = WindowTables::partitions()?
            .into_iter()
            .chain(WindowTables::small_partitions()?)
            .collect::<Vec<_>>();
        let mut earlier = Vec::new();
        for group in EARLIER_FIVE_BY_FIVE_GROUPS {
            let blank = (0..25).find(|c| !group.contains(c)).unwrap_or(0);
            earlier.push(Partition::new(&geometry, blank, vec![group.to_vec()])?);
            for cell in group {
                earlier.push(small_partition(&geometry, &group, cell)?);
            }
        }
        earlier.retain(|p| !present.contains(p));
        Ok(earlier)
    }

    /// The single-group partitions whose tables [`WindowTables::new_for`] takes, in order: those of
    /// the groups that serve themselves (`Tiling`). Build them apart (in helper workers or
    /// threads) and cache each by its key. Each is built with the blank on the first cell outside
    /// its group; a group whose goal placement leaves the other cells connected has a table that
    /// serves any blank cell outside it (checked by [`LargePdb::from_groups`]).
    pub fn partitions_for(
        geometry: &Geometry,
        groups: &[Vec<u8>],
    ) -> Result<Vec<Partition>, PdbError> {
        serving_partitions(geometry, groups, &Tiling::new(geometry, groups))
    }

    /// The 5x5 tables, from the tables of [`WindowTables::partitions`] in that order.
    pub fn new(full: Vec<Arc<PdbTables>>) -> Result<WindowTables, PdbError> {
        WindowTables::new_for(Geometry::new(5, 5)?, five_by_five(), full)
    }

    /// Tables for `groups`, which must cover every cell of `geometry` once, from the tables of
    /// [`WindowTables::partitions_for`] in that order.
    pub fn new_for(
        geometry: Geometry,
        groups: Vec<Vec<u8>>,
        full: Vec<Arc<PdbTables>>,
    ) -> Result<WindowTables, PdbError> {
        let tiling = Tiling::new(&geometry, &groups);
        let partitions = serving_partitions(&geometry, &groups, &tiling)?;
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
                reason: "the window tables take one table per group that serves itself, in the \
                         groups' order"
                    .to_string(),
            });
        }
        Ok(WindowTables {
            small: vec![None; tiling.smaller.len()],
            tiling,
            geometry,
            groups,
            full,
        })
    }

    /// Builds the 5x5 tables here, one after the other, with the fraction done.
    pub fn build(progress: impl FnMut(f64)) -> Result<WindowTables, PdbError> {
        WindowTables::build_for(Geometry::new(5, 5)?, five_by_five(), progress)
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

    /// The table serving group `g` and the symmetry taking the group onto its cells.
    fn full_of(&self, g: usize) -> Served {
        let (h, map) = self.tiling.full[g];
        let k = self.tiling.serving().position(|s| s == h).unwrap_or(0);
        (Arc::clone(&self.full[k]), map)
    }

    /// The smaller table serving `blank` (built if this process's cache does not hold it) and the
    /// symmetry taking the blank's group onto its cells; `None` for a group of one cell.
    fn small_of(&mut self, blank: usize) -> Result<Option<Served>, PdbError> {
        let Some((k, map)) = self.tiling.small[blank] else {
            return Ok(None);
        };
        if let Some(small) = &self.small[k] {
            return Ok(Some((Arc::clone(small), map)));
        }
        let (g, cell) = self.tiling.smaller[k];
        let partition = small_partition(&self.geometry, &self.groups[g], cell)?;
        let key = partition_key(&self.geometry, &partition);
        // This process's cache keeps it for the next `WindowTables` (the browser's worker may
        // have built it ahead, or read it from IndexedDB).
        let small = cached_tables(&key).unwrap_or_else(|| {
            let built = Arc::new(PdbTables::build(&self.geometry, &partition, |_| {}));
            install_tables(Arc::clone(&built));
            built
        });
        self.small[k] = Some(Arc::clone(&small));
        Ok(Some((small, map)))
    }

    /// The heuristic for `goal` (any goal on this board), building the table of its blank
    /// cell's group without that cell if needed. Natively, the 6-6-6-6 tables instead when this
    /// process holds them and the goal's blank is in a corner ([`six_six_for`]).
    pub fn pdb_for(&mut self, goal: &[u8]) -> Result<LargePdb, PdbError> {
        self.geometry.check_tiles("goal", goal)?;
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(pdb) = six_six_for(&self.geometry, goal) {
            return Ok(pdb);
        }
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let source = |(tables, map): Served| GroupSource {
            tables,
            index: 0,
            map,
        };
        let mut groups = Vec::with_capacity(self.groups.len());
        for g in 0..self.groups.len() {
            if !self.groups[g].contains(&(blank as u8)) {
                groups.push(source(self.full_of(g)));
            } else if let Some(small) = self.small_of(blank)? {
                groups.push(source(small));
            }
        }
        self.take_cached_small();
        let full: Vec<_> = (0..self.groups.len()).map(|g| self.full_of(g)).collect();
        let small: Vec<_> = (0..self.geometry.cells())
            .map(|b| {
                let (k, map) = self.tiling.small[b]?;
                Some((Arc::clone(self.small[k].as_ref()?), map))
            })
            .collect();
        let dual = DualTables::new(&self.geometry, goal, &self.groups, &full, &small);
        Ok(LargePdb::from_groups(goal, groups)?.with_dual(dual))
    }

    /// Takes the smaller tables this process's cache holds (built ahead, or by other goals) for the dual
    /// lookups, which read the table of every blank cell; builds none.
    fn take_cached_small(&mut self) {
        for (k, &(g, cell)) in self.tiling.smaller.iter().enumerate() {
            if self.small[k].is_none() {
                if let Ok(partition) = small_partition(&self.geometry, &self.groups[g], cell) {
                    self.small[k] = cached_tables(&partition_key(&self.geometry, &partition));
                }
            }
        }
    }

    /// Builds the smaller table of every blank cell now (on 5x5: seven of 303,600 entries, about a
    /// third of a second natively), so that no search waits for one.
    pub fn prepare_all(&mut self) -> Result<(), PdbError> {
        for blank in 0..self.geometry.cells() {
            self.small_of(blank)?;
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

/// The 6-6-6-6 tables paired with `goal`, if this process holds all four and the goal's blank is in a
/// corner: read through the board symmetry that takes that corner to the tables' blank cell. Far stronger
/// than the window tables' 5-5-5-5-4, so that the weighted runs and the windows ending on such a board
/// reach shorter paths in the same time.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn six_six_for(geometry: &Geometry, goal: &[u8]) -> Option<LargePdb> {
    use crate::pdb::six_six::{six_six_partitions, SIX_SIX_BLANK};
    let blank = goal.iter().position(|&t| t == 0)?;
    let map = *geometry
        .all_symmetries()
        .iter()
        .find(|s| s[blank] == SIX_SIX_BLANK)?;
    let groups = six_six_partitions()
        .ok()?
        .iter()
        .map(|p| {
            Some(GroupSource {
                tables: cached_tables(&partition_key(geometry, p))?,
                index: 0,
                map,
            })
        })
        .collect::<Option<Vec<_>>>()?;
    LargePdb::from_groups(goal, groups).ok()
}

/// The single-group partitions of the groups of `tiling` that serve themselves, each with the blank on the first
/// cell outside the group.
fn serving_partitions(
    geometry: &Geometry,
    groups: &[Vec<u8>],
    tiling: &Tiling,
) -> Result<Vec<Partition>, PdbError> {
    let n = geometry.cells() as u8;
    tiling
        .serving()
        .map(|g| {
            let group = &groups[g];
            let blank = (0..n).find(|c| !group.contains(c)).unwrap_or(0);
            Partition::new(geometry, blank, vec![group.clone()])
        })
        .collect()
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

/// The lengths of the windows around each anchor board of a path ([`improve_at_anchors`]), shortest first.
#[cfg(not(target_arch = "wasm32"))]
pub(super) const ANCHOR_WINDOWS: [usize; 2] = [30, 50];
/// The most expansions of one anchor window's search.
#[cfg(not(target_arch = "wasm32"))]
pub(super) const ANCHOR_CAP: u64 = 30_000;

/// Re-optimises the windows of `best` (a path from `start`, blank moves) that end or start on an anchor: a
/// board for which `pdb_at` gives tables with that board as the goal (natively, the 6-6-6-6 tables for a
/// board with the blank in a corner, [`six_six_for`]: stronger than the window tables, but only there). A
/// window that starts on the anchor is searched backwards, from its end to the anchor, and that path undone
/// ([`undone`]). The windows are [`ANCHOR_WINDOWS`] long (cut at the path's ends), each searched by A*
/// bounded by the window's length and cut at [`ANCHOR_CAP`] expansions; rounds repeat while one betters the
/// path. Each better path goes to `on_answer`; returns the best path if it is shorter than `best`.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn improve_at_anchors(
    geometry: &Geometry,
    start: &[u8],
    best: &[Dir],
    mut pdb_at: impl FnMut(&[u8]) -> Option<LargePdb>,
    control: &mut Control,
    stats: &mut Stats,
    mut on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    let mut path = best.to_vec();
    let mut boards = boards_along(geometry, start, &path)?;
    loop {
        let mut improved = false;
        for size in ANCHOR_WINDOWS {
            let mut c = 0;
            while c <= path.len() {
                let Some(pdb) = pdb_at(&boards[c]) else {
                    c += 1;
                    continue;
                };
                let mut shortened = None;
                // The window ending on the anchor, then the one starting there.
                for (i, j, backwards) in [
                    (c.saturating_sub(size), c, false),
                    (c, (c + size).min(path.len()), true),
                ] {
                    let length = (j - i) as u32;
                    let from = if backwards { &boards[j] } else { &boards[i] };
                    if length < 2 || pdb.estimate(from) >= length {
                        continue;
                    }
                    if control.checkpoint(stats).is_some() {
                        return (path.len() < best.len()).then_some(path);
                    }
                    let mut engine = Engine::new(&pdb, ANCHOR_CAP);
                    match engine.run(from, 100, length, control, stats) {
                        RunEnd::Found(id) => {
                            let shorter = engine.path_to(id);
                            let shorter = if backwards { undone(&shorter) } else { shorter };
                            shortened = Some((i, j, shorter));
                            break;
                        }
                        RunEnd::Stopped(..) if control.checkpoint(stats).is_some() => {
                            return (path.len() < best.len()).then_some(path)
                        }
                        RunEnd::Stopped(..) | RunEnd::Exhausted | RunEnd::Capped => {}
                    }
                }
                match shortened {
                    Some((i, j, shorter)) => {
                        path.splice(i..j, shorter);
                        boards = boards_along(geometry, start, &path)?;
                        on_answer(control, &path);
                        improved = true;
                        // The boards from `i` on moved: look again from there.
                        c = i;
                    }
                    None => c += 1,
                }
            }
        }
        if !improved {
            break;
        }
    }
    (path.len() < best.len()).then_some(path)
}

/// The path that undoes `moves`: each move's opposite, last first.
#[cfg(not(target_arch = "wasm32"))]
pub(super) fn undone(moves: &[Dir]) -> Vec<Dir> {
    moves.iter().rev().map(|d| d.opposite()).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Each group's and each blank cell's own table, with no symmetry.
    fn own_tables(g: &Geometry, groups: &[Vec<u8>]) -> (Vec<Served>, Vec<Option<Served>>) {
        let identity = g.all_symmetries()[0];
        let full = groups
            .iter()
            .map(|group| {
                let blank = (0..g.cells() as u8)
                    .find(|c| !group.contains(c))
                    .unwrap_or(0);
                let p =
                    Partition::new(g, blank, vec![group.clone()]).unwrap_or_else(|e| panic!("{e}"));
                (Arc::new(PdbTables::build(g, &p, |_| {})), identity)
            })
            .collect();
        let small = (0..g.cells() as u8)
            .map(|blank| {
                let group = groups.iter().find(|group| group.contains(&blank))?;
                let p = small_partition(g, group, blank).ok()?;
                Some((Arc::new(PdbTables::build(g, &p, |_| {})), identity))
            })
            .collect();
        (full, small)
    }

    #[test]
    fn shared_tables_give_each_groups_own_values_exactly() {
        // The four quadrants of the 4x4 board are quarter turns of one another: one table serves them all, and
        // three smaller ones the 16 blank cells.
        let g = geometry(4, 4);
        let groups = vec![
            vec![0, 1, 4, 5],
            vec![2, 3, 6, 7],
            vec![10, 11, 14, 15],
            vec![8, 9, 12, 13],
        ];
        let mut shared = WindowTables::build_for(g.clone(), groups.clone(), |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(shared.full.len(), 1);
        assert_eq!(shared.tiling.smaller.len(), 3);
        // The dual lookups read every blank cell's smaller table: have them all, as the reference does.
        shared.prepare_all().unwrap_or_else(|e| panic!("{e}"));
        let (full, small) = own_tables(&g, &groups);
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = move |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        let mut shuffled = |len: usize| {
            let mut tiles: Vec<u8> = (0..len as u8).collect();
            for i in (1..len).rev() {
                tiles.swap(i, next(i + 1));
            }
            tiles
        };
        let mut compared = 0;
        for _ in 0..24 {
            // Any goal (the blank anywhere), and boards of either parity: the tables do not care.
            let goal = shuffled(16);
            let pdb = shared.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
            let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
            let own: Vec<GroupSource> = groups
                .iter()
                .zip(&full)
                .filter(|(group, _)| !group.contains(&(blank as u8)))
                .map(|(_, (tables, map))| (tables, map))
                .chain(small[blank].as_ref().map(|(tables, map)| (tables, map)))
                .map(|(tables, map)| GroupSource {
                    tables: Arc::clone(tables),
                    index: 0,
                    map: *map,
                })
                .collect();
            let dual = DualTables::new(&g, &goal, &groups, &full, &small);
            let reference = LargePdb::from_groups(&goal, own)
                .unwrap_or_else(|e| panic!("{e}"))
                .with_dual(dual);
            let plain = pdb.clone().with_dual(None);
            let plain_reference = reference.clone().with_dual(None);
            for _ in 0..200 {
                let board = shuffled(16);
                assert_eq!(
                    plain.estimate(&board),
                    plain_reference.estimate(&board),
                    "{goal:?} {board:?}"
                );
                assert_eq!(
                    pdb.estimate(&board),
                    reference.estimate(&board),
                    "{goal:?} {board:?}"
                );
                compared += 1;
            }
        }
        assert_eq!(compared, 24 * 200);
        assert!(shared.memory_bytes() < full.iter().map(|(t, _)| t.memory_bytes()).sum::<usize>());
    }

    #[test]
    fn a_cell_map_that_is_no_symmetry_of_the_board_is_refused() {
        let g = geometry(4, 4);
        let groups = vec![vec![0, 1, 4, 5]];
        let (full, _) = own_tables(&g, &groups);
        let mut map = g.all_symmetries()[0];
        map.swap(0, 1);
        let goal: Vec<u8> = (1..16).chain([0]).collect();
        let source = |map| GroupSource {
            tables: Arc::clone(&full[0].0),
            index: 0,
            map,
        };
        assert!(LargePdb::from_groups(&goal, vec![source(map)])
            .is_err_and(|e| e.to_string().contains("not a symmetry")));
        // A quarter turn is one: the quadrant's table serves the top-right quadrant.
        let turn = g.all_symmetries()[6];
        assert!(LargePdb::from_groups(&goal, vec![source(turn)]).is_ok());
    }

    #[test]
    fn the_earlier_tilings_tables_are_those_nothing_reads_now() {
        let earlier = WindowTables::earlier_partitions().unwrap_or_else(|e| panic!("{e}"));
        // Five 5-tile tables and 25 smaller ones, less the six both tilings have: the top-left group's table and
        // the smaller ones of its five cells.
        assert_eq!(earlier.len(), 30 - 6);
        let present = WindowTables::partitions().unwrap_or_else(|e| panic!("{e}"));
        let small = WindowTables::small_partitions().unwrap_or_else(|e| panic!("{e}"));
        assert!(earlier
            .iter()
            .all(|p| !present.contains(p) && !small.contains(p)));
        assert!(earlier.iter().any(|p| p.groups() == [vec![3, 4, 7, 8, 9]]));
    }
}
