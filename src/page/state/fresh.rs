//! Fresh puzzles and random positions for the set-up, from the solver crate's generators: the default 8-puzzle,
//! the classic tower, shuffles and scrambles. A generator that cannot serve falls back to the position it started
//! from, so that an edit never fails.

use solver::hanoi;
use solver::query;
use solver::query::PuzzleSpec;
use solver::sliding::{self, Shape};

/// The board of the default puzzle.
const EIGHT_PUZZLE: Shape = Shape {
    width: 3,
    height: 3,
};

/// A shuffled 8-puzzle with the default goal.
pub fn eight_puzzle(seed: u64) -> PuzzleSpec {
    let goal = query::default_sliding_goal(3, 3);
    PuzzleSpec::Sliding {
        width: 3,
        height: 3,
        start: shuffled_board(EIGHT_PUZZLE, &goal, seed),
        goal,
    }
}

/// The classic tower: every disk on the first peg, the goal every disk on the last.
pub fn tower(pegs: u8, disks: u8) -> PuzzleSpec {
    PuzzleSpec::Hanoi {
        pegs,
        disks,
        start: vec![0; usize::from(disks)],
        goal: query::default_hanoi_goal(pegs, disks),
    }
}

/// A uniformly random board that can reach (or be reached from) `other`.
pub fn shuffled_board(shape: Shape, other: &[u8], seed: u64) -> Vec<u8> {
    sliding::shuffle_solvable(shape, other, seed).unwrap_or_else(|_| other.to_vec())
}

/// `other` after `moves` random moves.
pub fn scrambled_board(shape: Shape, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    sliding::scramble(shape, other, moves, seed).unwrap_or_else(|_| other.to_vec())
}

/// A uniformly random Hanoi position.
pub fn random_position(pegs: u8, disks: u8, seed: u64) -> Vec<u8> {
    hanoi::random_state(pegs, disks, seed).unwrap_or_else(|_| vec![0; usize::from(disks)])
}

/// `other` after `moves` random legal disk moves, never undoing the move just made.
pub fn scrambled_position(pegs: u8, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    hanoi::scramble(pegs, other, moves, seed).unwrap_or_else(|_| other.to_vec())
}
