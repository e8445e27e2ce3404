//! A `Truth` request: every heuristic held against the true distance to the goal, by `solver::truth`, with the
//! oracle's distance table kept for the next request on the same puzzle (the stepper asks one position at a time).
//! 4x4's pattern databases are measured when this worker holds them: [`pending_tables`] names those to read back
//! from the browser's cache first.

use solver::truth::{measure, Measured, Oracle, TruthError};
use solver::Moves;

/// Measures the start of the puzzle in `query` and, with `moves`, every position along them; `now` is the worker's
/// millisecond clock, for the searches' budget.
pub fn truth_request(
    oracle: &mut Oracle,
    query: &str,
    moves: Option<&Moves>,
    now: &dyn Fn() -> f64,
) -> Result<Measured, TruthError> {
    let query = solver::query::parse(query)
        .map_err(|e| TruthError::Puzzle(format!("the puzzle could not be read: {e}")))?;
    measure(&query.puzzle, moves, oracle, now)
}

/// The key of the pattern databases a measurement of `query`'s board looks up (4x4's) when this worker does not hold
/// them yet; `None` when it holds them, builds them itself, or the board has none.
pub fn pending_tables(query: &str) -> Option<String> {
    let query = solver::query::parse(query).ok()?;
    let &solver::PuzzleSpec::Sliding { width, height, .. } = &query.puzzle else {
        return None;
    };
    let key = solver::truth::tables::looked_up_key(width, height, query.puzzle.goal())?;
    solver::pdb::cache::cached_tables(&key)
        .is_none()
        .then_some(key)
}
