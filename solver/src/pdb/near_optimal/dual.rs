//! Dual lookups ([`DualTables`]): the window tables read for the inverse permutation of a board.
//!
//! Label every tile (the blank too) by its goal cell: a board B is then a permutation of the cells
//! and the goal the identity. A path of blank moves from B to the goal is a sequence of cell swaps
//! t1 .. tk with B t1 .. tk = I. Played backwards from the dual board D = G' B^-1, where G' is
//! any arrangement with the goal's blank label on B's blank cell b, the same swaps tk .. t1 are
//! blank moves too (the blank retraces its path, from its goal cell back to b) and lead to G'.
//! So D is exactly as far from G' as B is from the goal, and any admissible heuristic for the
//! goal G' (blank on b) is admissible for B when read on D. The window tables serve a goal with
//! the blank on any cell b: the groups that do not hold b, and b's group without it. In D the
//! tile whose goal cell (in G') is c stands on cell B(c), the label of the tile B has on c:
//! so a group's dual lookup reads the labels of the tiles standing on its cells. The tables are
//! the same for every goal: a table of a group is read for the tiles standing on that group's
//! cells, and the blank's group uses the smaller table of its cell (counts 0 when there is none).
//! The result is not consistent (a move changes the group the blank's cell belongs to); the
//! search reopens nodes reached by shorter paths, so only admissibility matters.

use std::sync::Arc;

use super::cells::{connected, preimages, MAX_GROUPS, N, NO_GROUP};
use crate::pdb::board::{CellMap, Geometry};
use crate::pdb::rank::rank;
use crate::pdb::table::PdbTables;
use crate::rules::WINDOW_GROUP_MAX_CELLS;

/// A table serving a window group, and the symmetry taking the group's cells onto the table's.
pub(super) type Served = (Arc<PdbTables>, CellMap);

/// One table read by the dual lookup: the tables, the group's index there, the symmetry taking the
/// group's cells onto the table's, and the group's cells in the table's order.
#[derive(Debug, Clone)]
struct DualTable {
    tables: Arc<PdbTables>,
    index: usize,
    map: CellMap,
    cells: [u8; WINDOW_GROUP_MAX_CELLS],
    len: u8,
}

impl DualTable {
    fn new(geometry: &Geometry, tables: Arc<PdbTables>, map: CellMap) -> Option<DualTable> {
        let index = 0;
        let group = tables.groups().get(index)?;
        let mut cells = [0u8; WINDOW_GROUP_MAX_CELLS];
        let len = group.cells().len();
        if len > WINDOW_GROUP_MAX_CELLS {
            return None;
        }
        cells[..len].copy_from_slice(&preimages(geometry, &map, group.cells())?);
        Some(DualTable {
            tables,
            index,
            map,
            cells,
            len: len as u8,
        })
    }

    /// The table's value for the board whose cell `c` holds the tile labelled `labels[c]`.
    #[inline(always)]
    fn value(&self, n: usize, labels: &[u8; N]) -> u32 {
        let k = self.len as usize;
        let mut at = [0u8; WINDOW_GROUP_MAX_CELLS];
        for (p, &c) in at.iter_mut().zip(&self.cells[..k]) {
            *p = self.map[labels[c as usize] as usize];
        }
        self.tables.groups[self.index].value(rank(n, &at[..k]), &at[..k])
    }
}

/// Dual lookups maximised: the plain one and the one on the board's transposition.
const DUAL_VIEWS: usize = 2;

/// The window tables arranged for dual lookups towards one goal.
#[derive(Debug, Clone)]
pub struct DualTables {
    cells: usize,
    /// The cell maps the lookups are read through: the identity, and on square boards the transposition
    /// (a symmetry s maps the problem to an equivalent one, cells and labels alike: s B s^-1 towards the
    /// identity; any symmetry will do, since the dual lookup does not need the blank's goal cell fixed).
    maps: Vec<[u8; N]>,
    /// `label[tile]`: the goal cell of each tile (the blank's too).
    label: [u8; N],
    /// `group_of[cell]`: the window group holding the cell.
    group_of: [u8; N],
    /// The full table of each window group (`None` where its goal placement cuts the board).
    full: Vec<Option<DualTable>>,
    /// Per blank cell: the table of its group without it, if this process holds it.
    small: Vec<Option<DualTable>>,
}

impl DualTables {
    /// The dual lookups for `goal` with the window `groups` (a tiling of the board's cells), the
    /// table serving each group `full` (in the groups' order) and the smaller table serving each blank cell
    /// that has one (`small[b]`: for `b`'s group without `b`), each with the symmetry taking the cells onto
    /// the table's.
    pub(super) fn new(
        geometry: &Geometry,
        goal: &[u8],
        groups: &[Vec<u8>],
        full: &[Served],
        small: &[Option<Served>],
    ) -> Option<DualTables> {
        let cells = geometry.cells();
        if goal.len() != cells || groups.len() != full.len() || small.len() != cells {
            return None;
        }
        let mut label = [0u8; N];
        for (cell, &t) in goal.iter().enumerate() {
            label[t as usize] = cell as u8;
        }
        let mut group_of = [NO_GROUP; N];
        for (g, group) in groups.iter().enumerate() {
            for &c in group {
                group_of[c as usize] = g as u8;
            }
        }
        let full = groups
            .iter()
            .zip(full)
            .map(|(group, (tables, map))| {
                let mask = group.iter().fold(0u32, |m, &c| m | 1 << c);
                // The table serves a goal with the blank anywhere outside the group only if the group's goal
                // placement leaves the other cells connected.
                connected(geometry, geometry.all_cells() & !mask)
                    .then(|| DualTable::new(geometry, Arc::clone(tables), *map))
                    .flatten()
            })
            .collect();
        let small = small
            .iter()
            .enumerate()
            .map(|(b, small)| {
                let (tables, map) = small.as_ref().filter(|(t, map)| t.blank() == map[b])?;
                DualTable::new(geometry, Arc::clone(tables), *map)
            })
            .collect();
        let mut maps = vec![geometry.all_symmetries()[0]];
        if geometry.width() == geometry.height() {
            let w = geometry.width() as usize;
            let mut transposed = [0u8; N];
            for (cell, m) in transposed.iter_mut().enumerate().take(cells) {
                *m = ((cell % w) * w + cell / w) as u8;
            }
            maps.push(transposed);
        }
        Some(DualTables {
            cells,
            maps,
            label,
            group_of,
            full,
            small,
        })
    }

    /// Number of window groups.
    pub(super) fn groups(&self) -> usize {
        self.full.len()
    }

    /// The goal cell of `tile` (its label).
    #[inline(always)]
    pub(super) fn label(&self, tile: u8) -> u8 {
        self.label[tile as usize]
    }

    /// The window group holding `cell`.
    #[inline(always)]
    pub(super) fn group_of(&self, cell: u8) -> usize {
        self.group_of[cell as usize] as usize
    }

    /// The dual value of group `g` for the board whose cells hold the tiles labelled `labels`, its blank on
    /// `blank`.
    #[inline(always)]
    pub(super) fn group_value(&self, g: usize, blank: u8, labels: &[u8; N]) -> u32 {
        let table = if self.group_of(blank) == g {
            &self.small[blank as usize]
        } else {
            &self.full[g]
        };
        table.as_ref().map_or(0, |t| t.value(self.cells, labels))
    }

    /// Number of views.
    pub(super) fn views(&self) -> usize {
        self.maps.len()
    }

    /// Where view `v` puts `cell` (cells and labels alike).
    #[inline(always)]
    pub(super) fn map(&self, v: usize, cell: u8) -> u8 {
        self.maps[v][cell as usize]
    }

    /// The dual values of the board whose cell `c` holds the tile `tile(c)`, its blank on `blank`.
    #[inline(always)]
    pub(super) fn node(&self, tile: impl Fn(usize) -> u8, blank: u8) -> DualNode {
        let mut node = DualNode {
            labels: [[0u8; N]; DUAL_VIEWS],
            values: [[0u32; MAX_GROUPS]; DUAL_VIEWS],
            sums: [0u32; DUAL_VIEWS],
        };
        for v in 0..self.views() {
            let labels = &mut node.labels[v];
            for cell in 0..self.cells {
                labels[self.map(v, cell as u8) as usize] = self.map(v, self.label(tile(cell)));
            }
            let blank = self.map(v, blank);
            for (g, value) in node.values[v].iter_mut().enumerate().take(self.groups()) {
                *value = self.group_value(g, blank, labels);
                node.sums[v] += *value;
            }
        }
        node
    }

    /// The dual lookups of the child of `node` (its blank on `blank`) whose blank moves onto `to`: the tile's
    /// label moves onto the blank's cell and the blank's onto `to`, so the groups of those two cells change (the
    /// blank's group is read without its cell); the others keep their values.
    #[inline(always)]
    pub(super) fn child(&self, node: &mut DualNode, blank: u8, to: u8) -> u32 {
        let mut best = 0;
        for v in 0..self.views() {
            let (from, onto) = (self.map(v, blank), self.map(v, to));
            let (labels, values) = (&mut node.labels[v], &node.values[v]);
            let (from_group, to_group) = (self.group_of(from), self.group_of(onto));
            labels.swap(from as usize, onto as usize);
            let mut sum =
                node.sums[v] - values[from_group] + self.group_value(from_group, onto, labels);
            if to_group != from_group {
                sum = sum - values[to_group] + self.group_value(to_group, onto, labels);
            }
            labels.swap(from as usize, onto as usize);
            best = best.max(sum);
        }
        best
    }

    /// The dual lookups of `tiles` (row-major, 0 the blank), its blank on `blank`.
    pub(super) fn estimate(&self, tiles: &[u8], blank: u8) -> u32 {
        let node = self.node(|cell| tiles[cell], blank);
        node.sums[..self.views()].iter().copied().max().unwrap_or(0)
    }
}

/// One board's dual lookups per view: the labels of the tiles on its cells, its groups' values and their sum.
pub(super) struct DualNode {
    labels: [[u8; N]; DUAL_VIEWS],
    values: [[u32; MAX_GROUPS]; DUAL_VIEWS],
    sums: [u32; DUAL_VIEWS],
}

#[cfg(test)]
mod tests {
    use super::super::engine::{Engine, RunEnd};
    use super::super::nodes::tile_at;
    use super::super::WindowTables;
    use crate::pdb::board::Geometry;
    use crate::search::{Control, Limits, Stats};
    use crate::sliding::tests::distances;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    /// 3x3 window groups whose goal placements leave the other cells connected: three that no symmetry
    /// relates (but 3 and 7 share the smaller table of their group, a reflection of it), and two that a half
    /// turn maps onto each other, with the centre alone (one table serves both).
    const TILINGS: [&[&[u8]]; 2] = [
        &[&[0, 1, 2], &[3, 6, 7], &[4, 5, 8]],
        &[&[0, 1, 2, 5], &[3, 6, 7, 8], &[4]],
    ];

    /// 3x3 window tables of `groups`, every smaller table built.
    fn three_by_three(groups: &[&[u8]]) -> WindowTables {
        let groups = groups.iter().map(|g| g.to_vec()).collect();
        let mut tables = WindowTables::build_for(geometry(3, 3), groups, |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        tables.prepare_all().unwrap_or_else(|e| panic!("{e}"));
        tables
    }

    /// A board farthest from `goal` on the 3x3 board (the largest such, for a fixed choice), and its distance.
    fn farthest(goal: &[u8]) -> (Vec<u8>, u32) {
        distances(3, 3, goal)
            .into_iter()
            .max_by(|a, b| (a.1, &a.0).cmp(&(b.1, &b.0)))
            .unwrap_or_else(|| (goal.to_vec(), 0))
    }

    #[test]
    fn dual_lookups_never_exceed_the_distance_on_the_whole_3x3_space() {
        // The blank's goal on a corner, an edge and the centre; one goal with the tiles shuffled.
        let goals: [[u8; 9]; 3] = [
            [1, 2, 3, 4, 5, 6, 7, 8, 0],
            [3, 1, 2, 4, 0, 6, 8, 5, 7],
            [5, 0, 8, 2, 7, 1, 4, 6, 3],
        ];
        for (tiling, goal) in TILINGS.iter().flat_map(|t| goals.map(|g| (t, g))) {
            let mut tables = three_by_three(tiling);
            let pdb = tables.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
            let dual = pdb
                .dual
                .clone()
                .unwrap_or_else(|| panic!("every table is held"));
            let plain = pdb.clone().with_dual(None);
            let dist = distances(3, 3, &goal);
            let (mut raised, mut exact) = (0, 0);
            for (board, &d) in &dist {
                let b = board.iter().position(|&t| t == 0).unwrap_or(0);
                let h = dual.estimate(board, b as u8);
                assert!(h <= d, "goal {goal:?}, {board:?}: dual {h} > distance {d}");
                let regular = plain.estimate(board);
                assert!(
                    regular <= d,
                    "goal {goal:?}, {board:?}: {regular} > distance {d}"
                );
                assert_eq!(pdb.estimate(board), h.max(regular));
                raised += usize::from(h > regular);
                exact += usize::from(h == d);
            }
            assert_eq!(dist.len(), 181_440);
            assert!(
                raised > 1000 && exact > 1000,
                "goal {goal:?}: the dual raises {raised} estimates, {exact} exact"
            );
        }
    }

    #[test]
    fn the_searchs_stepwise_dual_values_equal_the_whole_lookup() {
        let mut tables = three_by_three(TILINGS[0]);
        let goal = [3, 1, 2, 4, 0, 6, 8, 5, 7];
        let pdb = tables.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
        // The board farthest from the goal.
        let (start, optimum) = farthest(&goal);
        let mut engine = Engine::new(&pdb, u64::MAX);
        let mut control = Control::new(Limits::default());
        let mut stats = Stats::default();
        let RunEnd::Found(id) = engine.run(&start, 300, u32::MAX, &mut control, &mut stats) else {
            panic!("a path exists");
        };
        // A* for a path shorter than the optimum (BFS gives it) reaches every node with g + h below it, and finds none.
        assert!(engine.path_to(id).len() >= optimum as usize);
        let end = engine.run(&start, 100, optimum, &mut control, &mut stats);
        assert!(matches!(end, RunEnd::Exhausted));
        assert!(engine.nodes.len() > 30, "{}", engine.nodes.len());
        for id in 0..engine.nodes.len() as u32 {
            let node = engine.nodes[id];
            let board: Vec<u8> = (0..9).map(|c| tile_at(node.board, c)).collect();
            assert_eq!(node.h as u32, pdb.estimate(&board), "{board:?}");
        }
    }
}
