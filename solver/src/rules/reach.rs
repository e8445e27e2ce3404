//! How far optimal search reaches on a board, by its size alone: where A* with linear conflict answers any start at
//! once, where only the pattern databases do ([`pdb_covers`]), and where no optimal search ends in time
//! ([`optimal_reach`]). The default choice, hand play's optimal choice, the page's warnings and the worker's refusals
//! all read these, so that a size means the same to each of them.

use super::limits::PDB_MAX_CELLS;
use super::puzzle::PuzzleSpec;
use super::shape::Shape;

/// The most cells of a board that A* with linear conflict solves optimally at once from any start (3x3, 4x3, 2x5,
/// ...), but for 2x6 and 6x2: on those two thin boards linear conflict is weak, and A* on a hard shuffle passes the
/// browser's 84 MiB (104 MiB natively for a 58-move board).
pub const DEFAULT_OPTIMAL_CELLS: usize = 12;

/// The most cells of a board whose optimal solving is within reach (4x4), the largest the pattern databases cover:
/// past it an optimal search may need days of CPU, and its limit message points to weighted A*.
pub const OPTIMAL_REACH_CELLS: usize = PDB_MAX_CELLS;

/// Whether the pattern databases (the `pdb` heuristic) exist for a board of this shape: up to
/// [`OPTIMAL_REACH_CELLS`] cells (4x4, 5x3, 2x8, ...).
///
/// ```
/// use solver::sliding::Shape;
/// use solver::rules::pdb_covers;
/// assert!(pdb_covers(Shape { width: 4, height: 4 }));
/// assert!(!pdb_covers(Shape { width: 5, height: 4 }));
/// ```
pub fn pdb_covers(shape: Shape) -> bool {
    shape.cells() <= PDB_MAX_CELLS
}

/// [`pdb_covers`] for a puzzle: false for a tower.
pub fn pdb_applies(spec: &PuzzleSpec) -> bool {
    spec.shape().is_some_and(pdb_covers)
}

/// The most cells of a board whose proven lower bound is taken over dense groups (whole lines, 2x4 and 4x2
/// blocks: 2x6 to 2x8 and their transposes); larger boards take sparse ones (lines and 2x2 blocks).
pub const DENSE_BOUND_MAX_CELLS: usize = 16;

/// Whether a board's proven lower bound is taken over dense groups (up to [`DENSE_BOUND_MAX_CELLS`] cells).
pub fn dense_bound_groups(shape: Shape) -> bool {
    shape.cells() <= DENSE_BOUND_MAX_CELLS
}

/// How far optimal search reaches on a board of some size ([`optimal_reach`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OptimalReach {
    /// A* with linear conflict answers any start at once.
    LinearConflict,
    /// Only the pattern databases bound the search well enough for any start to be answered in seconds.
    PatternDatabases,
    /// No optimal search answers a random start within the browser's limits; one a few dozen moves from the goal
    /// may still be searched.
    OutOfReach,
}

/// The reach of optimal search on a board of this shape: linear conflict up to [`DEFAULT_OPTIMAL_CELLS`] cells but
/// on 2x6 and 6x2, the pattern databases on the other boards they cover, out of reach beyond.
///
/// ```
/// use solver::sliding::Shape;
/// use solver::rules::{optimal_reach, OptimalReach};
/// assert_eq!(optimal_reach(Shape { width: 4, height: 3 }), OptimalReach::LinearConflict);
/// assert_eq!(optimal_reach(Shape { width: 6, height: 2 }), OptimalReach::PatternDatabases);
/// assert_eq!(optimal_reach(Shape { width: 5, height: 5 }), OptimalReach::OutOfReach);
/// ```
pub fn optimal_reach(shape: Shape) -> OptimalReach {
    let cells = shape.cells();
    let thin = shape.width.min(shape.height) == 2;
    if cells < DEFAULT_OPTIMAL_CELLS || (cells == DEFAULT_OPTIMAL_CELLS && !thin) {
        OptimalReach::LinearConflict
    } else if pdb_covers(shape) {
        OptimalReach::PatternDatabases
    } else {
        OptimalReach::OutOfReach
    }
}

/// What a search that stopped on a board out of reach ([`OptimalReach::OutOfReach`]) is told.
pub fn large_board_advice(shape: Shape) -> String {
    format!(
        "optimal solving of a {shape} board can take days of CPU; use weighted (bounded suboptimal: \
         algo=weighted, at most w x the shortest)"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{MAX_SIDE, MIN_SIDE};

    #[test]
    fn every_board_has_one_reach_and_pdb_exactly_where_it_is_not_out_of_reach() {
        for width in MIN_SIDE..=MAX_SIDE {
            for height in MIN_SIDE..=MAX_SIDE {
                let shape = Shape { width, height };
                let reach = optimal_reach(shape);
                let transposed = optimal_reach(Shape {
                    width: height,
                    height: width,
                });
                assert_eq!(reach, transposed, "{shape}");
                assert_eq!(
                    pdb_covers(shape),
                    reach != OptimalReach::OutOfReach,
                    "{shape}"
                );
                let expected = match shape.cells() {
                    12 if width.min(height) == 2 => OptimalReach::PatternDatabases,
                    0..=12 => OptimalReach::LinearConflict,
                    13..=16 => OptimalReach::PatternDatabases,
                    _ => OptimalReach::OutOfReach,
                };
                assert_eq!(reach, expected, "{shape}");
            }
        }
    }
}
