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

/// Deals for a shuffle: tries before a shuffle gives up looking for a position other than the one it is dealt
/// against. Each try misses with odds of at most 1 in 3 (a tower of one disk on three pegs), so all of them do
/// with odds under 1 in 10^15.
const DEALS: u64 = 32;

/// A uniformly random board, other than `other`, that can reach (or be reached from) `other`. The solver's shuffle
/// deals over every such board, `other` included, which on 2x2 leaves a person nothing to solve once in 12.
pub fn shuffled_board(shape: Shape, other: &[u8], seed: u64) -> Vec<u8> {
    deal_apart(other, seed, |seed| {
        sliding::shuffle_solvable(shape, other, seed).ok()
    })
}

/// `other` after `moves` random moves.
pub fn scrambled_board(shape: Shape, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    sliding::scramble(shape, other, moves, seed).unwrap_or_else(|_| other.to_vec())
}

/// A uniformly random Hanoi position other than `other`.
pub fn random_position(pegs: u8, disks: u8, other: &[u8], seed: u64) -> Vec<u8> {
    deal_apart(other, seed, |seed| {
        hanoi::random_state(pegs, disks, seed).ok()
    })
}

/// What `deal` gives for `seed`, dealt again with fresh seeds while it is `other`: uniform over the positions it
/// deals, `other` left out. `other` itself when `deal` cannot serve.
fn deal_apart(other: &[u8], seed: u64, deal: impl Fn(u64) -> Option<Vec<u8>>) -> Vec<u8> {
    let mut last = None;
    for k in 0..DEALS {
        // The golden ratio's odd constant spreads the tries' seeds over the whole range.
        let Some(position) = deal(seed.wrapping_add(k.wrapping_mul(0x9E37_79B9_7F4A_7C15))) else {
            break;
        };
        if position != other {
            return position;
        }
        last = Some(position);
    }
    last.unwrap_or_else(|| other.to_vec())
}

/// `other` after `moves` random legal disk moves, never undoing the move just made.
pub fn scrambled_position(pegs: u8, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    hanoi::scramble(pegs, other, moves, seed).unwrap_or_else(|_| other.to_vec())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeSet;

    #[test]
    fn a_shuffle_never_deals_the_board_it_is_dealt_against_and_deals_every_other() {
        let shape = Shape {
            width: 2,
            height: 2,
        };
        let goal = query::default_sliding_goal(2, 2);
        let dealt: BTreeSet<Vec<u8>> = (0..2_000)
            .map(|seed| shuffled_board(shape, &goal, seed))
            .collect();
        assert!(!dealt.contains(&goal));
        // 4!/2 boards reach the goal, the goal among them.
        assert_eq!(dealt.len(), 11);
        for board in &dealt {
            assert!(
                sliding::check_solvable(shape, board, &goal).is_ok(),
                "{board:?}"
            );
        }
    }

    #[test]
    fn a_random_tower_is_never_the_one_it_is_dealt_against() {
        // One disk on three pegs: a plain deal would hit the goal once in three.
        let goal = query::default_hanoi_goal(3, 1);
        let dealt: BTreeSet<Vec<u8>> = (0..300)
            .map(|seed| random_position(3, 1, &goal, seed))
            .collect();
        assert_eq!(dealt, BTreeSet::from([vec![0], vec![1]]));
    }
}
