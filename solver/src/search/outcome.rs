//! The one result type of every algorithm: status, moves, optimality and statistics.

use super::{Algorithm, Stats};
pub use crate::report::Status;
use crate::said::{sentence, Said};

/// The result of one run of one algorithm on one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub struct Outcome<M> {
    pub status: Status,
    /// The moves from start to goal (empty unless solved, or when a direct solver's list is over its cap).
    pub moves: Vec<M>,
    /// The solution length; equals `moves.len()` except for direct solvers above the listing cap.
    pub length: u64,
    /// True only if the algorithm proves this length is the shortest.
    pub optimal: bool,
    pub algorithm: Algorithm,
    /// The heuristic's name, if the algorithm used one.
    pub heuristic: Option<&'static str>,
    pub stats: Stats,
    /// What it says to a person, clause by clause: why it stopped, what the label means.
    pub said: Vec<Said>,
}

impl<M> Outcome<M> {
    /// A solved outcome with the given moves.
    pub fn solved(algorithm: Algorithm, moves: Vec<M>, optimal: bool, stats: Stats) -> Self {
        let length = moves.len() as u64;
        let guarantee = if optimal {
            Said::Shortest
        } else {
            Said::NoGuarantee { algorithm }
        };
        Outcome {
            status: Status::Solved,
            moves,
            length,
            optimal,
            algorithm,
            heuristic: None,
            stats,
            said: vec![Said::Solved { length }, guarantee],
        }
    }

    /// A solved outcome of a search that is optimal exactly when its heuristic is admissible (A*, IDA*); with an
    /// inadmissible one the message names the heuristic that costs the guarantee.
    pub fn solved_with_heuristic(
        algorithm: Algorithm,
        moves: Vec<M>,
        heuristic: &'static str,
        admissible: bool,
        stats: Stats,
    ) -> Self {
        let mut outcome = Outcome::solved(algorithm, moves, admissible, stats);
        if !admissible {
            outcome.said[1] = Said::Overestimates {
                heuristic: heuristic.to_string(),
                algorithm,
            };
        }
        outcome.with_heuristic(heuristic)
    }

    /// An outcome that stopped without a solution (limit, cancelled, unsolvable).
    pub fn stopped(algorithm: Algorithm, status: Status, said: Said, stats: Stats) -> Self {
        Outcome {
            status,
            moves: Vec::new(),
            length: 0,
            optimal: false,
            algorithm,
            heuristic: None,
            stats,
            said: vec![said],
        }
    }

    /// What it says, in English (the report's message).
    pub fn message(&self) -> String {
        sentence(&self.said)
    }

    /// Names the heuristic used.
    pub fn with_heuristic(mut self, name: &'static str) -> Self {
        self.heuristic = Some(name);
        self
    }
}
