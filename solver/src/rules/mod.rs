//! The core types of a puzzle, which the puzzles, the searches, the parser and the app all speak: the two kinds
//! (`PuzzleKind`), a validated puzzle (`PuzzleSpec`), the heuristics by name (`HeuristicName`), the size limits, and
//! the rules about them that more than one caller needs, each in one place: the default goals; whether the direct
//! solver takes a tower ([`direct_applies`]); how far optimal search reaches on a board and whether the pattern
//! databases cover it ([`optimal_reach`], [`pdb_covers`]); which tables a run needs ([`tables_needed`]); the default
//! algorithm and heuristic for a puzzle ([`default_choice`]) and what answers it optimally ([`optimal_choice`]).
//!
//! The PUZZLE format that reads and prints them is [`crate::query`]; its errors ([`QueryError`]) live here, since
//! they are also what the constructors refuse a puzzle with, so that a CLI flag and a URL key are told the same
//! thing. Layers inside: `names` (kinds, algorithms, heuristics, limits) under `error` under `puzzle` under `reach`
//! under `choice` under `tables`.

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
pub use tables::{five_by_five_serves, seven_eight_serves, tables_needed, TablesNeeded};
pub use trace::{
    traceable, RECORD_MAX_EXPANSIONS, TRACEABLE_CELLS, TRACE_MAX_DISKS, TRACE_MAX_EXPANSIONS,
    TRACE_MAX_SLIDING_RANKS, TRACE_MAX_STATES, TREE_MAX_EXPANSIONS,
};
pub use weight::{Weight, WeightError, Weights};
