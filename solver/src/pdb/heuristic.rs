//! `Pdb`: pattern database tables paired with one goal, and the heuristic they give.

use std::sync::Arc;

use super::board::{CellMap, Geometry, PDB_MAX_CELLS};
use super::error::PdbError;
use super::partition::Partition;
use super::rank::rank;
use super::table::PdbTables;
use crate::report::PatternValues;
use crate::sliding::{SmallBoard, SmallPuzzle};
use crate::{Heuristic, Puzzle};

/// The heuristic name of the pattern databases, in the PUZZLE format and on the CLI.
pub const PDB_HEURISTIC_NAME: &str = "pdb";

/// A group index meaning "in no group" (the tile counts zero).
pub(crate) const NO_GROUP: u8 = u8::MAX;

/// The most lookups (the plain one plus reflections) a `Pdb` takes the maximum of.
pub const MAX_VIEWS: usize = 3;

/// One way of reading the tables: the identity, or a board symmetry that fixes the blank's goal cell.
///
/// Tiles are named by their goal cell. Under symmetry `s`, the tile whose goal is cell `c` plays
/// the tile whose goal is `s(c)`, standing on `s(its cell)`: the mirrored problem has the same
/// distance, and since `s` fixes the blank's goal cell the same partition covers it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct View {
    /// `map[cell]`: the symmetry as a cell map (also applied to goal cells, i.e. to tile names).
    pub(crate) map: [u8; PDB_MAX_CELLS],
}

/// Additive pattern databases for one goal: the sum of the group tables, maximised over the
/// reflections that fix the blank's goal cell.
///
/// Admissible: each move moves one tile, which belongs to at most one group, so the group
/// tables' moves never count one move twice, and each table is a shortest distance in an
/// abstraction of the puzzle (the blank's position is part of that abstraction; the table keeps
/// the minimum over it). Not always consistent: because of that minimum, one move can lower a
/// group's value by more than one (rarely: see the tests). IDA* does not need consistency, and
/// the crate's A* reopens closed nodes, so both stay optimal.
#[derive(Debug, Clone)]
pub struct Pdb {
    tables: Arc<PdbTables>,
    goal: Vec<u8>,
    /// `goal_cell[tile]`: where `tile` belongs (tiles are renamed to it on the way in).
    goal_cell: [u8; PDB_MAX_CELLS],
    /// `group_of[goal cell]`: the group holding it, or `NO_GROUP`.
    group_of: [u8; PDB_MAX_CELLS],
    views: Vec<View>,
}

/// The first 16 cells of a cell map (the boards `Pdb` searches have no more).
fn small_map(map: &CellMap) -> [u8; PDB_MAX_CELLS] {
    let mut out = [0u8; PDB_MAX_CELLS];
    out.copy_from_slice(&map[..PDB_MAX_CELLS]);
    out
}

impl Pdb {
    /// Pairs `tables` with `goal` (row-major tiles, 0 the blank). The tables must have been built
    /// for the goal's blank cell; the tiles' order is free. Reflections are used when the board
    /// has a symmetry fixing the blank's goal cell.
    pub fn new(tables: Arc<PdbTables>, goal: &[u8]) -> Result<Pdb, PdbError> {
        let geometry = tables.geometry().clone();
        if geometry.cells() > PDB_MAX_CELLS {
            return Err(PdbError::UnsupportedSize {
                width: geometry.width(),
                height: geometry.height(),
            });
        }
        geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        if blank != tables.blank() {
            return Err(PdbError::GoalMismatch {
                tables_blank: tables.blank(),
                goal_blank: blank,
            });
        }
        let mut goal_cell = [0u8; PDB_MAX_CELLS];
        for (cell, &t) in goal.iter().enumerate() {
            goal_cell[t as usize] = cell as u8;
        }
        let mut group_of = [NO_GROUP; PDB_MAX_CELLS];
        for (g, group) in tables.groups().iter().enumerate() {
            for &c in group.cells() {
                group_of[c as usize] = g as u8;
            }
        }
        let mut views = vec![View {
            map: small_map(&geometry.all_symmetries()[0]),
        }];
        for map in geometry
            .symmetries_fixing(blank as usize)
            .into_iter()
            .take(MAX_VIEWS - 1)
        {
            views.push(View {
                map: small_map(&map),
            });
        }
        Ok(Pdb {
            tables,
            goal: goal.to_vec(),
            goal_cell,
            group_of,
            views,
        })
    }

    /// Builds the default partition's tables for `goal` on a `geometry` board and pairs them.
    pub fn build(
        geometry: &Geometry,
        goal: &[u8],
        progress: impl FnMut(f64),
    ) -> Result<Pdb, PdbError> {
        geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        let partition = Partition::default_for(geometry, blank)?;
        Pdb::new(
            Arc::new(PdbTables::build(geometry, &partition, progress)),
            goal,
        )
    }

    /// Builds the default partition's tables for `puzzle`'s shape and goal, so that the generic
    /// searches can use the databases through `Heuristic<SmallPuzzle>`.
    pub fn build_for(puzzle: &SmallPuzzle, progress: impl FnMut(f64)) -> Result<Pdb, PdbError> {
        let shape = puzzle.shape();
        let geometry = Geometry::new(shape.width, shape.height)?;
        Pdb::build(&geometry, &puzzle.tiles(&puzzle.goal()), progress)
    }

    /// Uses only the plain lookup, without reflections (to measure what they add).
    pub fn without_reflections(mut self) -> Pdb {
        self.views.truncate(1);
        self
    }

    pub fn tables(&self) -> &Arc<PdbTables> {
        &self.tables
    }

    pub fn geometry(&self) -> &Geometry {
        self.tables.geometry()
    }

    /// The goal, row-major.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// How many lookups are maximised: 1 plus the reflections used.
    pub fn view_count(&self) -> usize {
        self.views.len()
    }

    pub(crate) fn views(&self) -> &[View] {
        &self.views
    }

    pub(crate) fn group_of(&self) -> &[u8; PDB_MAX_CELLS] {
        &self.group_of
    }

    /// The heuristic value of `tiles` (row-major, 0 the blank). Anything that is not a board of
    /// this geometry gets 0 (never a panic); check input with `Geometry::check_tiles` first.
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        let Some(pos) = self.positions(tiles) else {
            return 0;
        };
        self.views
            .iter()
            .map(|view| {
                let mut sum = 0;
                self.view_lookups(view, &pos, |value| sum += value);
                sum
            })
            .max()
            .unwrap_or(0)
    }

    /// What [`Pdb::estimate`] of `tiles` is made of: each group's value, for the board and for each reflection
    /// looked up; `None` for anything that is not a board of this geometry.
    pub fn pattern_values(&self, tiles: &[u8]) -> Option<PatternValues> {
        let pos = self.positions(tiles)?;
        let groups = self
            .tables
            .groups()
            .iter()
            .map(|group| {
                group
                    .cells()
                    .iter()
                    .map(|&c| self.goal[usize::from(c)])
                    .collect()
            })
            .collect();
        let lookups = self
            .views
            .iter()
            .map(|view| {
                let mut row = Vec::new();
                self.view_lookups(view, &pos, |value| row.push(value));
                row
            })
            .collect();
        Some(PatternValues { groups, lookups })
    }

    /// `pos[goal cell]`: the cell where the tile that belongs there stands; `None` unless `tiles` is a board of
    /// this geometry.
    fn positions(&self, tiles: &[u8]) -> Option<[u8; PDB_MAX_CELLS]> {
        let n = self.geometry().cells();
        if tiles.len() != n {
            return None;
        }
        let mut pos = [0u8; PDB_MAX_CELLS];
        let mut seen = 0u32;
        for (cell, &t) in tiles.iter().enumerate() {
            if t as usize >= n || seen & (1 << t) != 0 {
                return None;
            }
            seen |= 1 << t;
            pos[self.goal_cell[t as usize] as usize] = cell as u8;
        }
        Some(pos)
    }

    /// Each group table's value for one view, in group order, tile positions given by goal cell.
    fn view_lookups(&self, view: &View, pos: &[u8; PDB_MAX_CELLS], mut each: impl FnMut(u32)) {
        let n = self.geometry().cells();
        let mut vpos = [0u8; PDB_MAX_CELLS];
        for c in 0..n {
            vpos[view.map[c] as usize] = view.map[pos[c] as usize];
        }
        let mut placed = [0u8; PDB_MAX_CELLS];
        for group in self.tables.groups() {
            let k = group.cells().len();
            for (slot, &c) in placed.iter_mut().zip(group.cells()) {
                *slot = vpos[c as usize];
            }
            each(u32::from(group.values()[rank(n, &placed[..k])]));
        }
    }
}

/// The databases as a heuristic for the generic searches (A*, IDA*, greedy). The puzzle's goal
/// must be the one the `Pdb` was made for ([`Pdb::goal`], e.g. through [`Pdb::build_for`]).
impl Heuristic<SmallPuzzle> for Pdb {
    fn estimate(&self, state: &SmallBoard) -> u32 {
        let n = self.geometry().cells();
        let mut tiles = [0u8; PDB_MAX_CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate().take(n) {
            *tile = state.tile_at(cell);
        }
        Pdb::estimate(self, &tiles[..n])
    }

    fn admissible(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        PDB_HEURISTIC_NAME
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three() -> Pdb {
        let g = Geometry::new(3, 3).unwrap_or_else(|e| panic!("{e}"));
        Pdb::build(&g, &[1, 2, 3, 4, 5, 6, 7, 8, 0], |_| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    #[test]
    fn malformed_boards_get_zero_never_a_panic() {
        let pdb = three();
        assert_eq!(pdb.estimate(&[]), 0);
        assert_eq!(pdb.estimate(&[1, 2, 3]), 0);
        assert_eq!(pdb.estimate(&[1, 1, 3, 4, 5, 6, 7, 8, 0]), 0);
        assert_eq!(pdb.estimate(&[1, 2, 3, 4, 5, 6, 7, 8, 200]), 0);
        assert!(pdb.estimate(&[8, 6, 7, 2, 5, 4, 3, 0, 1]) > 0);
    }

    #[test]
    fn tables_pair_only_with_goals_of_their_blank_cell() {
        let pdb = three();
        let tables = pdb.tables().clone();
        // Any order of the tiles, the blank on the same cell: accepted.
        assert!(Pdb::new(tables.clone(), &[8, 7, 6, 5, 4, 3, 2, 1, 0]).is_ok());
        assert_eq!(
            Pdb::new(tables.clone(), &[0, 1, 2, 3, 4, 5, 6, 7, 8]).err(),
            Some(PdbError::GoalMismatch {
                tables_blank: 8,
                goal_blank: 0
            })
        );
        assert!(matches!(
            Pdb::new(tables, &[1, 2, 3]),
            Err(PdbError::BadBoard { what: "goal", .. })
        ));
    }

    #[test]
    fn reflections_follow_the_blank_cell() {
        let pdb = three();
        assert_eq!(pdb.view_count(), 2);
        assert_eq!(pdb.clone().without_reflections().view_count(), 1);
        // The reflected lookup of the mirrored board equals the plain lookup of the board.
        let board = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let plain = pdb.clone().without_reflections();
        let transposed: Vec<u8> = (0..9).map(|c| board[(c % 3) * 3 + c / 3]).collect();
        let goal_t: Vec<u8> = (0..9).map(|c| pdb.goal()[(c % 3) * 3 + c / 3]).collect();
        let mirrored = Pdb::new(pdb.tables().clone(), &goal_t)
            .unwrap_or_else(|e| panic!("{e}"))
            .without_reflections();
        assert_eq!(
            pdb.estimate(&board),
            plain.estimate(&board).max(mirrored.estimate(&transposed))
        );
    }

    #[test]
    fn pattern_values_make_up_the_estimate_group_by_group() {
        let pdb = three();
        let shape = crate::sliding::Shape {
            width: 3,
            height: 3,
        };
        let goal = shape.default_goal();
        let mut covered: Vec<u8> = pdb
            .pattern_values(&goal)
            .unwrap_or_else(|| panic!("the goal is a board"))
            .groups
            .concat();
        covered.sort_unstable();
        assert_eq!(
            covered,
            (1..9).collect::<Vec<u8>>(),
            "every tile in one group"
        );
        for seed in 0..200 {
            let board = crate::sliding::shuffle_solvable(shape, &goal, seed)
                .unwrap_or_else(|e| panic!("{e}"));
            let values = pdb
                .pattern_values(&board)
                .unwrap_or_else(|| panic!("{board:?} is a board"));
            assert_eq!(values.lookups.len(), pdb.view_count());
            assert!(values
                .lookups
                .iter()
                .all(|row| row.len() == values.groups.len()));
            assert_eq!(values.estimate(), pdb.estimate(&board), "{board:?}");
            let plain = pdb.clone().without_reflections();
            assert_eq!(values.sums()[0], plain.estimate(&board), "{board:?}");
        }
        assert_eq!(pdb.pattern_values(&[1, 1, 3, 4, 5, 6, 7, 8, 0]), None);
    }
}
