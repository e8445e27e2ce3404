//! What runs when a query names nothing: the algorithm and heuristic per puzzle and size ([`default_choice`],
//! the page's preselection and the CLI's default alike); what answers a puzzle with a proven shortest solution
//! ([`optimal_choice`], hand play's hints and optimum); and the facts about heuristics the dispatcher needs.

use super::limits::MAX_SEARCH_DISKS;
use super::names::{Algorithm, HeuristicName, PuzzleKind};
use super::puzzle::PuzzleSpec;
use super::reach::{optimal_reach, OptimalReach, DEFAULT_OPTIMAL_CELLS};

/// An algorithm and the heuristic it runs with (`None` when it takes none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    pub algorithm: Algorithm,
    pub heuristic: Option<HeuristicName>,
}

impl Choice {
    /// Whether it answers with a shortest solution whatever the start: an optimal search with an admissible
    /// heuristic, if it takes one. (The closed-form solver is exact on 3 pegs too, which [`optimal_choice`] knows.)
    pub fn is_optimal(self) -> bool {
        self.algorithm.guarantees_optimal() && self.heuristic.is_none_or(|h| h.is_admissible())
    }
}

/// What a puzzle is solved with when nobody chose, by size ([`optimal_reach`]): boards where linear conflict
/// reaches, A* with it (optimal, instant); the 4x4 board IDA* with the pattern databases (optimal, once the tables
/// are built or loaded), and so are 2x6 and 6x2 (their tables are small and IDA* on them is quick, while A* with
/// linear conflict can pass the browser's memory budget there); every other board the staged solver with
/// improvement (an answer at once, a proven bound on it). The other boards of 13 to 16 cells (2x7, 2x8, 3x5 and
/// their transposes) are staged too: their pattern databases are weak, IDA* on them can pass the worker's time
/// limit, and the staged answers come at once and near the shortest (docs/performance.md, "The 15-puzzle"
/// and "Every size"). Towers: A* with the
/// exact distance (the best admissible bound on 4-5 pegs). The CLI and the worker use it for a query that names no
/// algorithm, and the page preselects it for a fresh puzzle.
///
/// ```
/// use solver::rules::{default_choice, PuzzleSpec};
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
    let Some(shape) = spec.shape() else {
        return Choice {
            algorithm: DEFAULT_ALGORITHM,
            heuristic: Some(usual_heuristic(spec.kind())),
        };
    };
    let strong_tables =
        (shape.width, shape.height) == (4, 4) || shape.cells() <= DEFAULT_OPTIMAL_CELLS;
    let (algorithm, heuristic) = match optimal_reach(shape) {
        OptimalReach::LinearConflict => (Algorithm::Astar, Some(HeuristicName::LinearConflict)),
        OptimalReach::PatternDatabases if strong_tables => {
            (Algorithm::Idastar, Some(HeuristicName::Pdb))
        }
        OptimalReach::PatternDatabases | OptimalReach::OutOfReach => (Algorithm::Staged, None),
    };
    Choice {
        algorithm,
        heuristic,
    }
}

/// What answers `spec` with a proven shortest solution, for hand play's hints and its optimum: the
/// [`default_choice`] wherever that is optimal; on 3 pegs the closed-form solver instead (exact from any position,
/// and past the disks a search takes); on the boards the default solves by the staged solver, IDA* with the
/// pattern databases where they exist, else with linear conflict (optimal, though a start far from the goal does
/// not end in time). `None` for towers of more than 3 pegs with more disks than a search takes: nothing here
/// promises their shortest solution.
///
/// ```
/// use solver::rules::{default_choice, optimal_choice, PuzzleSpec};
/// use solver::{Algorithm, HeuristicName};
/// let board = PuzzleSpec::sliding(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
/// assert_eq!(optimal_choice(&board), Some(default_choice(&board)));
/// let fifteen_by_three = PuzzleSpec::sliding(5, 3, (1..15).chain([0]).collect(), None).unwrap();
/// let choice = optimal_choice(&fifteen_by_three).unwrap();
/// assert_eq!((choice.algorithm, choice.heuristic), (Algorithm::Idastar, Some(HeuristicName::Pdb)));
/// let tower = PuzzleSpec::hanoi(3, 30, vec![0; 30], None).unwrap();
/// assert_eq!(optimal_choice(&tower).map(|c| c.algorithm), Some(Algorithm::Direct));
/// ```
pub fn optimal_choice(spec: &PuzzleSpec) -> Option<Choice> {
    match spec {
        PuzzleSpec::Hanoi { pegs: 3, .. } => {
            return Some(Choice {
                algorithm: Algorithm::Direct,
                heuristic: None,
            })
        }
        PuzzleSpec::Hanoi { disks, .. } if *disks > MAX_SEARCH_DISKS => return None,
        PuzzleSpec::Hanoi { .. } | PuzzleSpec::Sliding { .. } => {}
    }
    let default = default_choice(spec);
    if default.is_optimal() {
        return Some(default);
    }
    let heuristic = match spec.shape().map(optimal_reach) {
        Some(OptimalReach::PatternDatabases) => HeuristicName::Pdb,
        _ => usual_heuristic(spec.kind()),
    };
    Some(Choice {
        algorithm: Algorithm::Idastar,
        heuristic: Some(heuristic),
    })
}

/// The algorithm of [`default_choice`] for towers, and where nothing is known of the puzzle (a CLI error before
/// any was read).
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
    use crate::rules::{default_sliding_goal, direct_applies};

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

    /// Every board of 2x2 to 8x8 (all 49 shapes) and towers of every peg count, small and past the search's disks.
    fn every_puzzle() -> Vec<PuzzleSpec> {
        let mut all = Vec::new();
        for width in crate::rules::MIN_SIDE..=crate::rules::MAX_SIDE {
            for height in crate::rules::MIN_SIDE..=crate::rules::MAX_SIDE {
                let goal = default_sliding_goal(width, height);
                all.push(PuzzleSpec::sliding(width, height, goal, None).unwrap());
            }
        }
        for pegs in crate::rules::MIN_PEGS..=crate::rules::MAX_PEGS {
            for disks in [1, 7, MAX_SEARCH_DISKS, MAX_SEARCH_DISKS + 1] {
                let start = vec![0; usize::from(disks)];
                all.push(PuzzleSpec::hanoi(pegs, disks, start, None).unwrap());
            }
        }
        all
    }

    #[test]
    fn the_optimal_choice_is_optimal_and_is_the_default_choice_wherever_that_is_optimal() {
        let puzzles = every_puzzle();
        assert_eq!(puzzles.iter().filter(|p| p.shape().is_some()).count(), 49);
        for spec in &puzzles {
            let default = default_choice(spec);
            let Some(optimal) = optimal_choice(spec) else {
                let PuzzleSpec::Hanoi { pegs, disks, .. } = spec else {
                    panic!("every board has an optimal choice: {spec:?}");
                };
                assert!(*pegs > 3 && *disks > MAX_SEARCH_DISKS, "{spec:?}");
                continue;
            };
            let closed_form = matches!(spec, PuzzleSpec::Hanoi { pegs: 3, .. });
            if closed_form {
                assert_eq!(optimal.algorithm, Algorithm::Direct, "{spec:?}");
                assert!(direct_applies(spec));
            } else {
                assert!(optimal.is_optimal(), "{spec:?}: {optimal:?}");
                if default.is_optimal() {
                    assert_eq!(optimal, default, "{spec:?}");
                }
            }
            for choice in [default, optimal] {
                assert_eq!(
                    choice.heuristic.is_some(),
                    choice.algorithm.uses_heuristic(),
                    "{spec:?}"
                );
                if let Some(h) = choice.heuristic {
                    assert!(h.applies_to(spec.kind()), "{spec:?}: {h}");
                    let tables_exist = h != HeuristicName::Pdb || crate::rules::pdb_applies(spec);
                    assert!(tables_exist, "{spec:?}");
                }
            }
        }
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
