//! Which precomputed tables a run needs before it starts ([`tables_needed`]): the CLI readies them from its disk
//! cache, the browser's worker from IndexedDB or a build, and the page asks the worker to read them back early.
//! Each of them asks here, so that they all ready the tables the solver will look up.

use super::choice::Choice;
use super::names::{Algorithm, HeuristicName};
use super::puzzle::PuzzleSpec;
use super::reach::pdb_covers;
use super::shape::Shape;

/// The tables a run looks up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TablesNeeded {
    /// The pattern databases of the board and its goal: the `pdb` heuristic of the search, which builds them if
    /// they are not in this process.
    PatternDatabases,
    /// The 5x5 tables, on which the staged solver's improvement runs its near-optimal search when this process
    /// holds them (it improves without them otherwise).
    FiveByFive,
}

/// The tables a run of `choice` on `spec` needs, if any: the pattern databases for a search with the `pdb`
/// heuristic on a board they cover, the 5x5 tables for the staged solver on a board they serve.
///
/// ```
/// use solver::rules::{tables_needed, Choice, PuzzleSpec, TablesNeeded};
/// use solver::{Algorithm, HeuristicName};
/// let fifteen = PuzzleSpec::sliding(4, 4, (1..16).chain([0]).collect(), None).unwrap();
/// let idastar = Choice { algorithm: Algorithm::Idastar, heuristic: Some(HeuristicName::Pdb) };
/// assert_eq!(tables_needed(&fifteen, idastar), Some(TablesNeeded::PatternDatabases));
/// let bfs = Choice { algorithm: Algorithm::Bfs, heuristic: None };
/// assert_eq!(tables_needed(&fifteen, bfs), None);
/// ```
pub fn tables_needed(spec: &PuzzleSpec, choice: Choice) -> Option<TablesNeeded> {
    let shape = spec.shape()?;
    let pdb_search =
        choice.algorithm.uses_heuristic() && choice.heuristic == Some(HeuristicName::Pdb);
    if pdb_search && pdb_covers(shape) {
        Some(TablesNeeded::PatternDatabases)
    } else if choice.algorithm == Algorithm::Staged && five_by_five_serves(shape) {
        Some(TablesNeeded::FiveByFive)
    } else {
        None
    }
}

/// Whether the 15-puzzle's 7-8 tables serve a board of this shape: 4x4 only (their groups are laid out on it).
/// Natively, where a process holds them, a 4x4 search looks them up in place of the default partition's.
pub fn seven_eight_serves(shape: Shape) -> bool {
    (shape.width, shape.height) == (4, 4)
}

/// Whether the 15-puzzle's quick 4-4-4-3 tables (`pdb::Partition::quick_for`) serve a board of this shape: 4x4
/// only. Where a process holds them and not the default partition's (a browser's first visit, while those are
/// built), a 4x4 search looks them up in their place.
pub fn quick_tables_serve(shape: Shape) -> bool {
    (shape.width, shape.height) == (4, 4)
}

/// Whether the 5x5 tables serve a board of this shape: 5x5 only (their groups are laid out on it).
pub fn five_by_five_serves(shape: Shape) -> bool {
    (shape.width, shape.height) == (5, 5)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{default_choice, default_sliding_goal, PuzzleSpec, MAX_SIDE, MIN_SIDE};

    #[test]
    fn pdb_searches_on_covered_boards_and_staged_5x5_need_tables_and_nothing_else_does() {
        let choice = |algorithm, heuristic| Choice {
            algorithm,
            heuristic,
        };
        for width in MIN_SIDE..=MAX_SIDE {
            for height in MIN_SIDE..=MAX_SIDE {
                let goal = default_sliding_goal(width, height);
                let spec = PuzzleSpec::sliding(width, height, goal, None).unwrap();
                let cells = usize::from(width) * usize::from(height);
                let pdb =
                    tables_needed(&spec, choice(Algorithm::Idastar, Some(HeuristicName::Pdb)));
                let expected = (cells <= 16).then_some(TablesNeeded::PatternDatabases);
                assert_eq!(pdb, expected, "{width}x{height}");
                let shape = Shape { width, height };
                assert_eq!(quick_tables_serve(shape), (width, height) == (4, 4));
                let staged = tables_needed(&spec, choice(Algorithm::Staged, None));
                let expected = ((width, height) == (5, 5)).then_some(TablesNeeded::FiveByFive);
                assert_eq!(staged, expected, "{width}x{height}");
                for plain in [
                    choice(Algorithm::Bfs, None),
                    choice(Algorithm::Astar, Some(HeuristicName::LinearConflict)),
                ] {
                    assert_eq!(tables_needed(&spec, plain), None);
                }
                // What runs when nothing is named needs tables on 4x4 (and 2x6, 6x2), and on 5x5.
                let default = tables_needed(&spec, default_choice(&spec));
                let wanted = matches!((width, height), (4, 4) | (2, 6) | (6, 2) | (5, 5));
                assert_eq!(default.is_some(), wanted, "{width}x{height}");
            }
        }
        let tower = PuzzleSpec::hanoi(3, 3, vec![0; 3], None).unwrap();
        assert_eq!(tables_needed(&tower, default_choice(&tower)), None);
    }
}
