//! What the sliding lesson's figures share: a board's set-up towards the usual goal, a figure's finished report
//! whatever its status, quoted values that are not plain counts (byte sizes, astronomically large state counts),
//! and the textbook's inversion count with its rule of solvability, held against the solver's own check by test.

use crate::page::lessons::figure::sliding_setup;
pub use crate::page::lessons::figure::{big, bytes, count, words, Quoted};
pub use crate::page::lessons::hand::played;
use crate::page::state::setup::Setup;
use solver::query::PuzzleSpec;
use solver::sliding::{LargePuzzle, Shape, SlidingHeuristic};
use solver::{Algorithm, Heuristic, HeuristicName, Puzzle};

/// The shape of a `width` x `height` board.
pub fn shape(width: u8, height: u8) -> Shape {
    Shape { width, height }
}

/// `start` on a `width` x `height` board towards the usual goal (tiles in order, the blank last), solved by
/// `algorithm` with `heuristic`.
pub fn board(
    width: u8,
    height: u8,
    start: &[u8],
    algorithm: Algorithm,
    heuristic: HeuristicName,
) -> Setup {
    let goal = shape(width, height).default_goal();
    sliding_setup(width, height, start, &goal, algorithm, heuristic)
}

/// `start` towards the usual goal with the page's own choice of algorithm for its size.
pub fn page_default(width: u8, height: u8, start: &[u8]) -> Setup {
    Setup::with_puzzle(PuzzleSpec::Sliding {
        width,
        height,
        start: start.to_vec(),
        goal: shape(width, height).default_goal(),
    })
}

/// The shape of a set-up's board (`None` for a tower).
pub fn shape_of(setup: &Setup) -> Option<Shape> {
    match &setup.puzzle {
        PuzzleSpec::Sliding { width, height, .. } => Some(shape(*width, *height)),
        PuzzleSpec::Hanoi { .. } => None,
    }
}

/// A board's tiles as a list, as the state is written: "1, 2, 3, 4, 0, 6, 7, 5, 8".
pub fn tile_list(tiles: &[u8]) -> String {
    tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The textbook's inversions of a board: the pairs of tiles (the blank left out) that, read row by row, come in
/// the wrong order. The solver decides solvability by the permutation's parity instead
/// (`solver::sliding::check_solvable`); this count is what the lesson teaches, and its rule is tested against
/// the solver's check below.
pub fn inversions(tiles: &[u8]) -> u64 {
    let placed: Vec<u8> = tiles.iter().copied().filter(|&t| t != 0).collect();
    let mut count = 0;
    for (i, &a) in placed.iter().enumerate() {
        count += placed[i + 1..].iter().filter(|&&b| b < a).count() as u64;
    }
    count
}

/// How many rows the blank sits above the bottom row (the usual goal's blank row).
pub fn blank_rows_up(shape: Shape, tiles: &[u8]) -> Option<u64> {
    let blank = tiles.iter().position(|&t| t == 0)?;
    Some((usize::from(shape.height) - 1 - shape.row(blank)) as u64)
}

/// A board's parity for the rule of solvability, which no move changes: its inversions, plus on an even width the
/// blank's row (a move up or down then changes the inversions by an odd number, and the row by one).
pub fn parity(shape: Shape, tiles: &[u8]) -> Option<bool> {
    let blank = tiles.iter().position(|&t| t == 0)?;
    let row = if shape.width.is_multiple_of(2) {
        shape.row(blank) as u64
    } else {
        0
    };
    Some((inversions(tiles) + row) % 2 == 1)
}

/// The general rule: `tiles` can reach `goal` exactly when the two have the same parity.
pub fn rule_says_solvable_to(shape: Shape, tiles: &[u8], goal: &[u8]) -> Option<bool> {
    Some(parity(shape, tiles)? == parity(shape, goal)?)
}

/// The rule towards the usual goal (no inversion, the blank in the bottom row): with an odd width, solvable when
/// the inversions are even; with an even width, when the inversions plus the blank's rows above the bottom are.
pub fn rule_says_solvable(shape: Shape, tiles: &[u8]) -> Option<bool> {
    rule_says_solvable_to(shape, tiles, &shape.default_goal())
}

/// The solver's own estimate `name` (misplaced, Manhattan, linear conflict) of `tiles` towards the usual goal.
pub fn estimate(shape: Shape, tiles: &[u8], name: HeuristicName) -> Option<u64> {
    let puzzle = LargePuzzle::new(shape, tiles, &shape.default_goal()).ok()?;
    let h = SlidingHeuristic::new(&puzzle, name).ok()?;
    Some(u64::from(h.estimate(&puzzle.start())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::sliding::{check_solvable, shuffle_solvable, SplitMix64};

    #[test]
    fn inversions_leave_the_blank_out() {
        assert_eq!(inversions(&[1, 2, 3, 4, 5, 6, 7, 8, 0]), 0);
        assert_eq!(inversions(&[1, 2, 3, 4, 5, 6, 8, 7, 0]), 1);
        assert_eq!(inversions(&[0, 8, 7, 6, 5, 4, 3, 2, 1]), 28);
        assert_eq!(
            blank_rows_up(
                shape(4, 4),
                &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12, 13, 14, 15]
            ),
            Some(1)
        );
    }

    use crate::page::lessons::sliding::solvability::REPORT_GOAL;

    /// A random arrangement of `cells` tiles (0 the blank), solvable or not: a Fisher-Yates shuffle on a seeded PRNG.
    fn random_board(cells: usize, rng: &mut SplitMix64) -> Vec<u8> {
        let mut tiles: Vec<u8> = (0..cells as u8).collect();
        for i in (1..cells).rev() {
            let j = (rng.next_u64() % (i as u64 + 1)) as usize;
            tiles.swap(i, j);
        }
        tiles
    }

    #[test]
    fn towards_the_reports_goal_the_general_rule_is_right_and_the_blank_last_rule_always_wrong() {
        // SolvRule's claims: the report's goal has an odd number of inversions (the sentence's slot), the general
        // rule (compare the board's parity with the goal's) gives the solver's verdict, and the rule for a goal
        // with the blank last (even inversions) gives the opposite one, for every board.
        let s = shape(3, 3);
        assert_eq!(inversions(&REPORT_GOAL), 7);
        let mut rng = SplitMix64::new(34);
        let mut solvable = 0;
        for _ in 0..200 {
            let tiles = random_board(9, &mut rng);
            let solver = check_solvable(s, &tiles, &REPORT_GOAL).is_ok();
            solvable += usize::from(solver);
            assert_eq!(
                rule_says_solvable_to(s, &tiles, &REPORT_GOAL),
                Some(solver),
                "{tiles:?}"
            );
            let blank_last = inversions(&tiles).is_multiple_of(2);
            assert_ne!(blank_last, solver, "{tiles:?}");
        }
        // Both halves were drawn, so neither verdict was right by always saying the same.
        assert!(
            solvable > 50 && solvable < 150,
            "{solvable} of 200 solvable"
        );
    }

    #[test]
    fn the_general_rule_agrees_with_the_solver_towards_random_goals() {
        let mut rng = SplitMix64::new(2);
        for (w, h) in [(3, 3), (4, 4), (3, 4), (4, 3), (2, 5), (5, 2)] {
            let s = shape(w, h);
            for _ in 0..200 {
                let goal = random_board(s.cells(), &mut rng);
                let tiles = random_board(s.cells(), &mut rng);
                let solver = check_solvable(s, &tiles, &goal).is_ok();
                assert_eq!(
                    rule_says_solvable_to(s, &tiles, &goal),
                    Some(solver),
                    "{w}x{h} {tiles:?} -> {goal:?}"
                );
            }
        }
    }

    #[test]
    fn the_textbook_rule_agrees_with_the_solvers_check() {
        for (w, h) in [(3, 3), (4, 4), (3, 4), (4, 3), (2, 5), (5, 2)] {
            let s = shape(w, h);
            let goal = s.default_goal();
            for seed in 0..200 {
                let solvable = shuffle_solvable(s, &goal, seed).unwrap();
                let mut swapped = solvable.clone();
                // Two tiles (not the blank) swapped: one parity flips, the board becomes unsolvable.
                let (a, b) = match solvable.iter().position(|&t| t == 0) {
                    Some(0) | Some(1) => (2, 3),
                    _ => (0, 1),
                };
                swapped.swap(a, b);
                for tiles in [solvable, swapped] {
                    let solver = check_solvable(s, &tiles, &goal).is_ok();
                    assert_eq!(
                        rule_says_solvable(s, &tiles),
                        Some(solver),
                        "{w}x{h} {tiles:?}"
                    );
                }
            }
        }
    }
}
