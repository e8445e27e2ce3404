//! What a run says about its result, as values: one [`Said`] per clause (why it stopped, what its answer is
//! worth, what to try instead), with the numbers and names it speaks of. Its `Display` is the English clause; a
//! report's `message` is its clauses joined by [`sentence`], so the CLI's English and the page's rendering in the
//! reader's language (which reads the values) never disagree.
//!
//! It lies below the searches, which speak it, and above the puzzles and the rules, whose names it speaks:
//! `english.rs` holds the English clauses, `bound.rs` the one reading of a proven bound as a percentage,
//! `examples.rs` one clause of every kind, `note.rs` the worker's remarks about a run's surroundings.

mod bound;
mod english;
mod examples;
mod note;
#[cfg(test)]
mod tests;

pub use bound::{bound_excess, bound_words, near_optimal_percent, BoundExcess};
pub use note::Note;

use crate::hanoi::DirectMethod;
use crate::rules::{Algorithm, Weight};
use serde::{Deserialize, Serialize};

/// One clause of what a run says. A report's message is a list of them, the first saying how the run ended and
/// the others what that means (the answer's guarantee, its bound, why improving it stopped, advice).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Said {
    /// Solved in `length` moves.
    Solved { length: u64 },
    /// Solved in `length` moves after the first answer of `first` moves was improved.
    SolvedImproved { length: u64, first: u64 },
    /// The answer is a shortest one.
    Shortest,
    /// The algorithm does not look for a shortest answer.
    NoGuarantee { algorithm: Algorithm },
    /// The heuristic (by its CLI name) can overestimate, so the algorithm's answer may not be a shortest one.
    Overestimates {
        heuristic: String,
        algorithm: Algorithm,
    },
    /// Depth-bounded DFS found an answer of `length` moves within its bound.
    WithinDepth { length: u64, max_depth: u32 },
    /// Weighted A* with an admissible heuristic: at most `weight` times the shortest.
    WeightedBound { weight: Weight, length: u64 },
    /// Weighted A* with a heuristic (CLI name) that can overestimate: no bound.
    WeightedNoBound {
        weight: Weight,
        heuristic: String,
        length: u64,
    },
    /// How far an answer of `length` moves can be from the shortest, given a proven lower bound.
    Bound { length: u64, lower_bound: u64 },
    /// The near-optimal search's answer, to a tenth of a percent of its lower bound.
    NearOptimal { length: u64, lower_bound: u64 },
    /// A tower solved by formula: which one, the length, and whether the moves are listed.
    Direct {
        method: DirectMethod,
        length: u64,
        listed: bool,
    },
    /// Improvement was cancelled; the answer shown is the best found.
    ImprovementCancelled,
    /// Improvement stopped at its time limit.
    ImprovementTimeLimit { ms: u64 },
    /// Improvement stopped at its budget of expansions.
    ImprovementBudget { expansions: u64 },
    /// No window of up to `largest` moves could be shortened.
    NoShorterWindow { largest: u64 },
    /// The person cancelled the search.
    Cancelled,
    /// The person cancelled while the pattern databases were being built.
    CancelledWhileBuilding,
    /// The search stopped at its time limit.
    TimeLimit { ms: u64 },
    /// The search stopped at its memory budget.
    MemoryLimit { bytes: u64 },
    /// The search stopped at the most states it may hold.
    StateLimit { max_states: u64 },
    /// The search numbered as many states as its identifiers can.
    IdRoom { states: u64 },
    /// The observer (the step-through's recorder) stopped the search at the most expansions it records.
    ObserverFull { expanded: u64 },
    /// Not run: the observer cannot follow a search of this puzzle.
    NotFollowed,
    /// The solution would be longer than the longest path the search keeps.
    PathTooLong { longest: u64 },
    /// Stopped without saying why.
    Stopped,
    /// No answer within the budget.
    NoAnswer,
    /// Every reachable state was searched and the goal is not among them.
    Exhausted,
    /// Depth-bounded DFS found nothing within its bound.
    DepthLimit { max_depth: u32 },
    /// Optimal solving of a board this large can take days: use weighted A*.
    LargeBoard { width: u8, height: u8 },
    /// A larger weight needs fewer states.
    LargerWeight,
    /// The start cannot reach the goal: the two parities that every move flips together disagree.
    Unsolvable {
        odd_permutation: bool,
        blank_distance: u64,
    },
    /// Not searched: the board is at least `bound` moves from the goal, too far for an optimal search within
    /// `seconds`.
    TooFarForOptimal {
        width: u8,
        height: u8,
        bound: u64,
        seconds: u64,
    },
    /// `algo=direct` on a sliding puzzle.
    DirectOnlyForHanoi,
    /// More disks than a search takes.
    TooManyDisks { disks: u8, most: u8 },
    /// The pattern databases asked for on a board larger than they cover.
    PdbTooLarge {
        width: u8,
        height: u8,
        most_cells: u64,
    },
    /// The direct solver on 4 or 5 pegs from a position that is not a whole tower.
    DirectFromAnyPosition { pegs: u8 },
    /// The query could not be read (`query` is its text: reading it again says why).
    Unreadable { query: String },
    /// Refused for a reason only the solver's internal checks give (the query was read, so the page never meets
    /// one): `detail` is the English reason.
    Refused { detail: String },
}

/// The clauses joined into the one English sentence of a report's message.
///
/// ```
/// use solver::said::{sentence, Said};
/// let said = [Said::Solved { length: 2 }, Said::Shortest];
/// assert_eq!(sentence(&said), "solved in 2 moves; this is a shortest solution");
/// ```
pub fn sentence(said: &[Said]) -> String {
    let clauses: Vec<String> = said.iter().map(Said::to_string).collect();
    clauses.join("; ")
}

impl From<Said> for Vec<Said> {
    fn from(said: Said) -> Vec<Said> {
        vec![said]
    }
}

/// "1 move", "31 moves".
pub fn plural_moves(n: u64) -> String {
    if n == 1 {
        "1 move".to_string()
    } else {
        format!("{n} moves")
    }
}
