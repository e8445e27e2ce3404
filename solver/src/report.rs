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
    /// A proven lower bound on the length of a shortest solution (an admissible heuristic's estimate of the start,
    /// or the length itself for an optimal answer), where one is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u64>,
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
            lower_bound: None,
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

/// What a proven lower bound says about an answer of `length` moves: "this is a shortest solution" when the
/// length reaches it, else "at most X% longer than the shortest (length L, lower bound B)", X rounded up so that
/// the claim stays true.
///
/// ```
/// use solver::report::bound_words;
/// assert_eq!(bound_words(31, 31), "this is a shortest solution");
/// assert_eq!(bound_words(110, 100), "at most 10% longer than the shortest (length 110, lower bound 100)");
/// assert_eq!(bound_words(101, 99), "at most 3% longer than the shortest (length 101, lower bound 99)");
/// ```
pub fn bound_words(length: u64, lower_bound: u64) -> String {
    if length <= lower_bound {
        return "this is a shortest solution".to_string();
    }
    if lower_bound == 0 {
        return format!("no lower bound above 0 is known (length {length})");
    }
    let excess = u128::from(length - lower_bound) * 100;
    let percent = excess.div_ceil(u128::from(lower_bound));
    format!(
        "at most {percent}% longer than the shortest (length {length}, lower bound {lower_bound})"
    )
}

#[cfg(test)]
mod tests {
    use super::bound_words;

    #[test]
    fn bound_words_round_up_and_name_both_numbers() {
        assert_eq!(bound_words(0, 0), "this is a shortest solution");
        assert_eq!(
            bound_words(150, 100),
            "at most 50% longer than the shortest (length 150, lower bound 100)"
        );
        // 1/3 = 33.3...% is said as 34%.
        assert_eq!(
            bound_words(4, 3),
            "at most 34% longer than the shortest (length 4, lower bound 3)"
        );
    }
}
