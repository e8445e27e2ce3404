//! Sliding-tile puzzles from 2x2 to 8x8: shapes, moves, validation, O(N) solvability, compact
//! boards with a perfect rank, heuristics against any goal, and seeded random instances.
//!
//! Tiles are `1..N-1` and the blank is `0`, row-major; a move ([`Dir`]) is the direction the BLANK
//! travels. Boards of up to 16 cells live in one `u64` ([`SmallPuzzle`]), up to 25 in 16 bytes
//! (`SlidingPuzzle<Quints>`), larger ones in 64 bytes ([`LargePuzzle`]); code generic over [`Cells`]
//! serves them all.
//!
//! ```
//! use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
//! use solver::{Heuristic, HeuristicName, Puzzle};
//! let shape: Shape = "3x3".parse().unwrap();
//! let puzzle = SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
//! assert!(puzzle.check_solvable().is_ok());
//! let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
//! assert_eq!(h.estimate(&puzzle.start()), 21);
//! ```

mod board;
mod cells;
mod heuristic;
mod random;
mod tiles;

#[cfg(test)]
pub(crate) mod tests;

use crate::rules::shape;
pub use crate::rules::{BOARD_MAX_CELLS, MAX_SIDE, MIN_SIDE};
pub use board::{
    Board, LargeBoard, LargePuzzle, SlidingError, SlidingPuzzle, SmallBoard, SmallPuzzle,
    MAX_RANKED_CELLS,
};
pub use cells::{Bytes, Cells, Nibbles, Quints};
pub(crate) use heuristic::tile_table;
pub use heuristic::{LinearConflict, Manhattan, Misplaced, NotASlidingHeuristic, SlidingHeuristic};
pub use random::{scramble, shuffle_solvable, SplitMix64};
pub use shape::{
    apply_move, describe_move, moves_to_string, parse_moves, BadMoveLetter, Dir, IllegalMove,
    Shape, ShapeError,
};
pub use tiles::{check_solvable, validate_tiles, TilesError, Unsolvable};
