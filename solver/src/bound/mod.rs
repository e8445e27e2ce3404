//! Proven lower bounds on the length of a shortest solution of a sliding board: the best admissible estimate
//! available for the start (linear conflict; the additive groups searched on demand past 5x5; the pattern
//! databases when their tables are already in this process), raised to the parity every solution shares.

pub mod deepening;
pub mod groups;

use crate::pdb::Pdb;
use crate::sliding::{LargePuzzle, LinearConflict, Shape};
use crate::{Heuristic, Puzzle};

/// The best admissible estimate of the moves from `start` to `goal` that costs no long search: Manhattan distance
/// plus linear conflict; on boards wider or taller than 5, the additive groups' bound ([`groups::group_bound`],
/// a few milliseconds); the pattern databases' estimate if this process holds their tables (never building them).
/// 0 for boards that are not valid (the callers have checked them).
pub fn sliding_lower_bound(shape: Shape, start: &[u8], goal: &[u8]) -> u64 {
    let Ok(puzzle) = LargePuzzle::new(shape, start, goal) else {
        return 0;
    };
    let mut bound = u64::from(LinearConflict::new(&puzzle).estimate(&puzzle.start()));
    // Up to 5x5 the pattern databases serve the searches that need a strong bound.
    if shape.width > 5 || shape.height > 5 {
        bound = bound.max(groups::group_bound(
            shape,
            start,
            goal,
            &groups::plan_for(shape),
        ));
    }
    if crate::rules::pdb_covers(shape) {
        let tables = crate::pdb::cache::pattern_database_key(shape.width, shape.height, goal)
            .ok()
            .and_then(|key| crate::pdb::cache::cached_tables(&key));
        if let Some(pdb) = tables.and_then(|t| Pdb::new(t, goal).ok()) {
            bound = bound.max(u64::from(pdb.estimate(start)));
        }
    }
    bound
}

/// `bound` raised, if need be, to the parity of `length`: every path between two boards has the same parity
/// (each move changes the blank's cell colour and the permutation's parity), so the shortest has that of any.
pub fn with_parity_of(bound: u64, length: u64) -> u64 {
    bound + ((bound ^ length) & 1)
}

#[cfg(test)]
mod tests;
