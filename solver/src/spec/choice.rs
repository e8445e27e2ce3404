//! What runs when a query names nothing: the algorithm and heuristic per puzzle and size ([`default_choice`],
//! the page's preselection and the CLI's default alike), and the facts about heuristics the dispatcher needs.

use super::names::{Algorithm, HeuristicName, PuzzleKind};
use super::puzzle::PuzzleSpec;

/// An algorithm and the heuristic it runs with (`None` when it takes none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    pub algorithm: Algorithm,
    pub heuristic: Option<HeuristicName>,
}

/// What a puzzle is solved with when nobody chose, by size: boards of up to 12 cells A* with linear conflict
/// (optimal, instant); the 4x4 board IDA* with the pattern databases (optimal, once the tables are built or loaded:
/// Korf's 100 in about 20 ms each in the browser), and so are 2x6 and 6x2, where linear conflict is weak and A* on
/// a hard shuffle passes the browser's 84 MiB (104 MiB natively for a 58-move board; the tables build in 0.2 s and
/// IDA* then takes milliseconds); every other board the staged solver with improvement (an answer
/// at once, a proven bound on it). The other boards of 13 to 16 cells (2x7, 2x8, 3x5 and their transposes) are
/// staged too: their pattern databases are weak, and IDA* on them took 6.4 s natively on a random 5x3 and passed
/// 10 s on 3 of 12 random 8x2 boards, where staged answers at once within 1.04-1.17x of the shortest. Towers: A* with the exact distance (the best admissible bound on 4-5 pegs). The CLI and the
/// worker use it for a query that names no algorithm, and the page preselects it for a fresh puzzle.
///
/// ```
/// use solver::spec::{default_choice, PuzzleSpec};
/// use solver::{Algorithm, HeuristicName};
/// let board = PuzzleSpec::sliding(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
/// let choice = default_choice(&board);
/// assert_eq!((choice.algorithm, choice.heuristic), (Algorithm::Astar, Some(HeuristicName::LinearConflict)));
/// let fifteen = PuzzleSpec::sliding(4, 4, (1..16).chain([0]).collect(), None).unwrap();
/// assert_eq!(default_choice(&fifteen).heuristic, Some(HeuristicName::Pdb));
/// let big = PuzzleSpec::sliding(8, 8, (1..64).chain([0]).collect(), None).unwrap();
/// assert_eq!(default_choice(&big).algorithm, Algorithm::Staged);
/// ```
pub fn default_choice(spec: &PuzzleSpec) -> Choice {
    match spec {
        PuzzleSpec::Sliding { width, height, .. } => {
            let cells = usize::from(*width) * usize::from(*height);
            let thin = cells == DEFAULT_OPTIMAL_CELLS && (*width).min(*height) == 2;
            let (algorithm, heuristic) = if cells <= DEFAULT_OPTIMAL_CELLS && !thin {
                (Algorithm::Astar, Some(HeuristicName::LinearConflict))
            } else if (*width, *height) == (4, 4) || thin {
                (Algorithm::Idastar, Some(HeuristicName::Pdb))
            } else {
                (Algorithm::Staged, None)
            };
            Choice {
                algorithm,
                heuristic,
            }
        }
        PuzzleSpec::Hanoi { .. } => Choice {
            algorithm: DEFAULT_ALGORITHM,
            heuristic: Some(usual_heuristic(spec.kind())),
        },
    }
}

/// The most cells of a board [`default_choice`] solves optimally with A* and linear conflict (3x3, 4x3, 2x5, ...;
/// not 2x6 or 6x2); above that 4x4 takes IDA* with the pattern databases and every other board the staged solver.
pub const DEFAULT_OPTIMAL_CELLS: usize = 12;

/// The algorithm of [`default_choice`] where nothing is known of the puzzle (a CLI error before any was read).
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Astar;

/// The heuristic a query that names an algorithm but no heuristic runs with: the puzzle kind's usual one
/// (linear conflict on boards, the exact distance on towers), whatever the size, so that naming `astar` on a
/// 4x4 board never waits for pattern databases to be built. A query naming nothing runs [`default_choice`].
pub fn default_heuristic(spec: &PuzzleSpec) -> HeuristicName {
    usual_heuristic(spec.kind())
}

/// The strongest heuristic that suits every size of a kind: linear conflict on boards, the exact distance (the
/// best admissible bound on 4-5 pegs) on towers.
fn usual_heuristic(kind: PuzzleKind) -> HeuristicName {
    match kind {
        PuzzleKind::Sliding => HeuristicName::LinearConflict,
        PuzzleKind::Hanoi => HeuristicName::Exact,
    }
}

/// The most cells of a board whose optimal solving is within reach (4x4): past it the limit
/// message points to weighted A*.
pub const OPTIMAL_REACH_CELLS: usize = 16;

/// What a search that stopped on a board of more than [`OPTIMAL_REACH_CELLS`] is told.
pub fn large_board_advice(shape: crate::sliding::Shape) -> String {
    format!(
        "optimal solving of a {shape} board can take days of CPU; use weighted (bounded suboptimal: \
         algo=weighted, at most w x the shortest)"
    )
}

/// Whether the heuristic of this name is consistent (|h(s) - h(t)| <= 1 across every move, 0 at the
/// goal), so that weighted A* may skip reopening states and keep its bound. The sliding heuristics
/// are (a move changes one tile's Manhattan distance by 1, and the number of tiles that must leave
/// a line by at most 1 in the other direction, so linear conflict changes by 1 too); the tests
/// check it edge by edge over whole small boards. The others are not claimed to be.
pub fn is_consistent(name: HeuristicName) -> bool {
    matches!(
        name,
        HeuristicName::Misplaced | HeuristicName::Manhattan | HeuristicName::LinearConflict
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spec::{default_sliding_goal, direct_applies};

    #[test]
    fn the_default_choice_fits_its_puzzle() {
        let sliding = |w, h| PuzzleSpec::sliding(w, h, default_sliding_goal(w, h), None).unwrap();
        let board = sliding(4, 4);
        let tower = PuzzleSpec::hanoi(4, 6, vec![0; 6], None).unwrap();
        let expected = [
            (sliding(3, 3), Algorithm::Astar),
            (sliding(4, 3), Algorithm::Astar),
            (sliding(2, 6), Algorithm::Idastar),
            (sliding(6, 2), Algorithm::Idastar),
            (sliding(2, 8), Algorithm::Staged),
            (sliding(5, 3), Algorithm::Staged),
            (board.clone(), Algorithm::Idastar),
            (sliding(5, 5), Algorithm::Staged),
            (sliding(3, 8), Algorithm::Staged),
            (tower.clone(), DEFAULT_ALGORITHM),
        ];
        for (spec, algorithm) in &expected {
            let choice = default_choice(spec);
            assert_eq!(choice.algorithm, *algorithm, "{spec:?}");
            assert_eq!(
                choice.heuristic.is_some(),
                choice.algorithm.uses_heuristic()
            );
            if let Some(h) = choice.heuristic {
                assert!(h.applies_to(spec.kind()) && h.is_admissible(), "{h}");
            }
            let h = default_heuristic(spec);
            assert!(h.applies_to(spec.kind()) && h.is_admissible(), "{h}");
        }
        assert_eq!(default_heuristic(&board), HeuristicName::LinearConflict);
        assert_eq!(default_heuristic(&tower), HeuristicName::Exact);
    }

    #[test]
    fn direct_takes_any_three_peg_position_and_whole_towers_on_more() {
        let hanoi = |pegs, start: &[u8], goal: &[u8]| {
            PuzzleSpec::hanoi(pegs, start.len() as u8, start.to_vec(), Some(goal.to_vec())).unwrap()
        };
        assert!(direct_applies(&hanoi(3, &[0, 1, 2], &[1, 1, 0])));
        assert!(direct_applies(&hanoi(5, &[4, 4, 4], &[1, 1, 1])));
        assert!(
            !direct_applies(&hanoi(4, &[0, 0, 0], &[1, 1, 0])),
            "goal not a tower"
        );
        assert!(
            !direct_applies(&hanoi(4, &[0, 3, 0], &[1, 1, 1])),
            "start not a tower"
        );
        let board = PuzzleSpec::sliding(2, 2, vec![1, 2, 3, 0], None).unwrap();
        assert!(!direct_applies(&board));
    }
}
