//! Proven lower bounds on the length of a shortest solution of a sliding board: the best admissible estimate
//! available for the start (linear conflict, and the pattern databases when their tables are already in this
//! process), raised to the parity every solution shares.

use crate::pdb::Pdb;
use crate::sliding::{LargePuzzle, LinearConflict, Shape};
use crate::{Heuristic, Puzzle};

/// The best admissible estimate of the moves from `start` to `goal` that costs no search: Manhattan distance plus
/// linear conflict, or the pattern databases' estimate if this process holds their tables (never building them).
/// 0 for boards that are not valid (the callers have checked them).
pub fn sliding_lower_bound(shape: Shape, start: &[u8], goal: &[u8]) -> u64 {
    let Ok(puzzle) = LargePuzzle::new(shape, start, goal) else {
        return 0;
    };
    let mut bound = u64::from(LinearConflict::new(&puzzle).estimate(&puzzle.start()));
    if crate::spec::pdb_covers(shape) {
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
mod tests {
    use super::*;

    #[test]
    fn linear_conflict_is_the_bound_without_tables_and_parity_is_kept() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let goal = shape.default_goal();
        // Korf's 8-puzzle example: shortest 31, linear conflict below it.
        let start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let bound = sliding_lower_bound(shape, &start, &goal);
        assert!(bound <= 31 && bound > 15, "{bound}");
        assert_eq!(bound % 2, 1);
        assert_eq!(sliding_lower_bound(shape, &goal, &goal), 0);
        assert_eq!(with_parity_of(10, 31), 11);
        assert_eq!(with_parity_of(11, 31), 11);
    }
}
