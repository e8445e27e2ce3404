//! What a run answers to the outside world (CLI JSON, the web worker): one serde type for both puzzles.

use crate::search::{Algorithm, Stats, Status};
use serde::{Deserialize, Serialize};

/// The moves of a solution, in the PUZZLE format's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// Sliding: one letter per move, U/D/L/R, the direction the BLANK moves.
    Sliding(String),
    /// Hanoi: `[from, to]` peg pairs, pegs numbered from 0.
    Hanoi(Vec<[u8; 2]>),
}

impl Default for Moves {
    fn default() -> Self {
        Moves::Sliding(String::new())
    }
}

/// The answer to one PUZZLE query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub status: Status,
    /// Solution length (a u64: direct Hanoi solvers go up to 2^63 - 1 moves).
    pub length: u64,
    pub moves: Moves,
    /// False when the move list was left out because it is over the listing cap.
    pub moves_listed: bool,
    pub optimal: bool,
    pub algorithm: Algorithm,
    pub heuristic: Option<String>,
    pub stats: Stats,
    pub message: String,
    /// Remarks added around the run rather than by it (the app's worker: where the pattern databases came from,
    /// how long their build took), kept apart from `message` so that a person's language can be used for it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Report {
    /// A report of these essentials: its moves all listed, not marked optimal, no heuristic, statistics or notes.
    pub fn new(
        status: Status,
        algorithm: Algorithm,
        moves: Moves,
        length: u64,
        message: impl Into<String>,
    ) -> Report {
        Report {
            status,
            length,
            moves,
            moves_listed: true,
            optimal: false,
            algorithm,
            heuristic: None,
            stats: Stats::default(),
            message: message.into(),
            notes: Vec::new(),
        }
    }
}

/// A report for input that cannot be run: `Status::Invalid` with `message` saying why.
pub fn invalid(algorithm: Algorithm, message: impl Into<String>) -> Report {
    Report {
        moves_listed: false,
        ..Report::new(Status::Invalid, algorithm, Moves::default(), 0, message)
    }
}
