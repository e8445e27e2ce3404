//! Tower of Hanoi on 3 to 5 pegs from any legal state to any other: the puzzle, its heuristics and direct solvers.
//!
//! A *position* is a slice `position[i] = peg of disk i`, disk 0 the smallest, pegs numbered from 0. Since the disks on a
//! peg always sit in size order, every assignment of pegs to disks is a legal position. A *state* is the same position
//! packed as the base-p number `sum(position[i] * p^i)`: a `u64` that is also the perfect rank of the state
//! (`rank_count() = p^n`; 5^24 < 2^63 fits).
//!
//! Disks are numbered as in the state, **from 0 = the smallest**, everywhere: in positions, in [`describe_move`]
//! ("disk 2: peg A -> C") and in errors. Pegs are numbers from 0 in data and letters from A for people.
//!
//! ```
//! use solver::hanoi::{Hanoi, HanoiMove};
//! use solver::Puzzle;
//!
//! // Three disks, all on peg A; the goal is the tower on peg C.
//! let hanoi = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
//! assert_eq!(hanoi.goal(), 26); // 2 + 2*3 + 2*9
//! let mut moves = Vec::new();
//! hanoi.for_each_successor(&hanoi.start(), |mv, _| moves.push(mv));
//! assert_eq!(moves, [HanoiMove { from: 0, to: 1 }, HanoiMove { from: 0, to: 2 }]);
//! ```

pub mod direct;
mod group_bound;
pub mod heuristic;
mod puzzle;
pub mod random;
mod rules;
mod three;

#[cfg(test)]
mod testutil;

pub use direct::{direct, Direct, DirectError, DirectMethod, DIRECT_MOVE_CAP};
pub use group_bound::GroupBound;
pub use heuristic::{HanoiHeuristic, HeuristicError, Misplaced, SeedPower, ThreePegExact};
pub use puzzle::Hanoi;
pub use random::{random_state, scramble, SplitMix64};
pub use rules::{
    apply_disk_move, check_position, describe_move, peg_letter, HanoiError, HanoiMove, MoveError,
    Side, MAX_DIRECT_DISKS, MAX_PEGS, MAX_SEARCH_DISKS, MIN_PEGS,
};
pub use three::three_peg_distance;
