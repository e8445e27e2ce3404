//! A `Truth` request: every heuristic held against the true distance to the goal, by `solver::truth`, with the
//! oracle's distance table kept for the next request on the same puzzle (the stepper asks one position at a time).

use solver::truth::{measure, Measured, Oracle};
use solver::Moves;

/// Measures the start of the puzzle in `query` and, with `moves`, every position along them; `now` is the worker's
/// millisecond clock, for the searches' budget.
pub fn truth_request(
    oracle: &mut Oracle,
    query: &str,
    moves: Option<&Moves>,
    now: &dyn Fn() -> f64,
) -> Result<Measured, String> {
    let query =
        solver::query::parse(query).map_err(|e| format!("the puzzle could not be read: {e}"))?;
    measure(&query.puzzle, moves, oracle, now).map_err(|e| e.to_string())
}
