//! The ground floor: the core types of a puzzle, which the puzzles, the searches, the parser and the app all speak,
//! and every rule about them, each defined once under its own name. It imports nothing else of the crate (the
//! test `solver/tests/rules_floor.rs` fails on any such import), so every floor above can read it.
//!
//! - `names.rs`: the two kinds (`PuzzleKind`), the algorithms, the heuristics by name (`HeuristicName`).
//! - `limits.rs`: every size limit (board sides and cells, the pattern databases' cells, pegs and disks).
//! - `shape.rs`: a board's shape and the blank's moves; `weight.rs`: weighted A*'s weight and why one is refused.
//! - `error.rs` and `puzzle.rs`: a validated puzzle (`PuzzleSpec`), its default goals, whether the direct solver
//!   takes a tower ([`direct_applies`]), and the one error type of the PUZZLE format ([`QueryError`]), also what
//!   the constructors refuse a puzzle with, so that a CLI flag and a URL key are told the same thing.
//! - `reach.rs`: how far optimal search reaches on a board ([`optimal_reach`]), whether the pattern databases
//!   cover it ([`pdb_covers`]), which groups its proven bound takes ([`dense_bound_groups`]).
//! - `choice.rs`: the default algorithm and heuristic ([`default_choice`]) and what answers optimally
//!   ([`optimal_choice`]); `suits.rs`: which algorithms and heuristics apply to a puzzle ([`algorithms_for`],
//!   [`heuristics_for`]).
//! - `tables.rs`: which tables a run needs ([`tables_needed`]) and which boards the 7-8 and 5x5 tables serve.
//! - `start.rs`: whether a new board's random start is shuffled or scrambled ([`random_start`]).
//! - `trace.rs`: the step-through's limits and which puzzles it takes ([`traceable`]).
//!
//! The PUZZLE format that reads and prints them is `crate::query`.

mod choice;
mod error;
mod limits;
mod names;
mod puzzle;
mod reach;
pub(crate) mod shape;
mod start;
mod suits;
mod tables;
mod trace;
mod weight;

pub use choice::{
    default_choice, default_heuristic, is_consistent, optimal_choice, Choice, DEFAULT_ALGORITHM,
};
pub use error::QueryError;
pub use limits::{
    BOARD_MAX_CELLS, MAX_DIRECT_DISKS, MAX_DISKS, MAX_PEGS, MAX_SEARCH_DISKS, MAX_SIDE, MIN_DISKS,
    MIN_PEGS, MIN_SIDE, PDB_MAX_CELLS, PDB_TABLE_MAX_CELLS, WINDOW_GROUP_MAX_CELLS,
};
pub use names::{Algorithm, HeuristicName, PuzzleKind};
pub(crate) use puzzle::{check_board, check_pegs};
pub use puzzle::{default_hanoi_goal, default_sliding_goal, direct_applies, PuzzleSpec};
pub use reach::{
    dense_bound_groups, large_board_advice, optimal_reach, pdb_applies, pdb_covers, OptimalReach,
    DEFAULT_OPTIMAL_CELLS, DENSE_BOUND_MAX_CELLS, OPTIMAL_REACH_CELLS,
};
pub use start::{random_start, RandomStart, SHUFFLE_MAX_CELLS};
pub use suits::{algorithm_applies, algorithms_for, heuristics_for};
pub use tables::{
    five_by_five_serves, quick_tables_serve, seven_eight_serves, tables_needed, TablesNeeded,
};
pub use trace::{
    traceable, RECORD_MAX_EXPANSIONS, TRACEABLE_CELLS, TRACE_MAX_DISKS, TRACE_MAX_EXPANSIONS,
    TRACE_MAX_SLIDING_RANKS, TRACE_MAX_STATES, TREE_MAX_EXPANSIONS,
};
pub use weight::{Weight, WeightError, Weights};
