//! A first answer while the tables for the shortest are built: before a build of pattern databases that takes
//! seconds (the 15-puzzle's, and the 5x5 tables of the first 5x5 solve, with helper workers), the staged solver
//! answers the same board through the one dispatch and the answer goes to the page as an `Improved` report, with
//! its proven bound. The answer on the tables follows as the request's `Done`, once they are ready. On 5x5 that
//! answer is the staged solver's again, which starts from the first one (a head start), so it is never longer.
//!
//! Only a build in helpers gets one (`helpers::plan`, groups of at least `HELPER_MIN_ENTRIES` entries): the
//! smaller tables (2x6 and 6x2, the other boards whose preselection is IDA* with the pattern databases) are built
//! inside the search in about 0.2 s, and the optimal answer comes about as soon as a first answer would.

use super::scope;
use super::solve::solve_request;
use crate::protocol::{Request, RequestKind, Response, ResponseBody};
use solver::query;
use solver::report::Moves;
use solver::search::{Limits, DEFAULT_DFS_DEPTH};
use solver::{Algorithm, Report, Status};
use web_sys::DedicatedWorkerGlobalScope;

/// The staged solver's whole budget for a first answer, in milliseconds: its line-by-line answer takes a few
/// milliseconds on 4x4, and the rest of the budget shortens it (natively, 50 ms take a 57-move answer on 4x4 to 41
/// moves, where the shortest is at least 29). The build waits for it, and the answer is to be on screen within
/// 300 ms of the click in a fresh browser, where opening IndexedDB and the round trips between the page and this
/// worker take their share too (tests/e2e/first-answer.test.mjs measures the whole), so it stays short.
pub const FIRST_ANSWER_MS: u64 = 50;

/// The staged solver's answer to the board of `query` within [`FIRST_ANSWER_MS`] of `now`'s clock, at most
/// `max_states` expansions; `None` when it found no listed solution (a cancel before its first answer, an
/// unreadable query, an unsolvable board: the request's own search reports those).
pub fn first_answer(
    query_text: &str,
    max_states: u64,
    now: impl Fn() -> f64,
    cancelled: impl FnMut() -> bool,
) -> Option<Report> {
    let mut staged = query::parse(query_text).ok()?;
    staged.algorithm = Some(Algorithm::Staged);
    staged.heuristic = None;
    staged.weight = None;
    let limits = Limits {
        max_states,
        time_limit_ms: Some(FIRST_ANSWER_MS),
        max_depth: DEFAULT_DFS_DEPTH,
    };
    let report = solve_request(
        &staged.to_query_string(),
        limits,
        None,
        now,
        |_| {},
        cancelled,
    );
    (report.status == Status::Solved && report.moves_listed).then_some(report)
}

/// Posts a first answer to a solve `request` (see [`first_answer`]) as its `Improved` report, and returns its moves
/// (the head start of a later staged run on the same board); nothing for other requests, or when the staged solver
/// found none.
pub fn post_first_answer(scope: &DedicatedWorkerGlobalScope, request: &Request) -> Option<Moves> {
    let RequestKind::Solve {
        query,
        max_states,
        cancel_token,
        ..
    } = &request.kind
    else {
        return None;
    };
    let cancelled = || scope::revoked(cancel_token.as_deref());
    let report = first_answer(query, *max_states, scope::clock(scope), cancelled)?;
    let moves = report.moves.clone();
    let body = ResponseBody::Improved { report };
    scope::post(
        scope,
        &Response {
            id: request.id,
            body,
        },
    );
    Some(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::rules::PuzzleSpec;
    use std::cell::Cell;

    const FIFTEEN: &str =
        "puzzle=sliding&size=4x4&start=13,2,10,3,1,12,8,4,5,0,9,6,15,14,11,7&algo=idastar&heuristic=pdb";

    #[test]
    fn the_first_answer_is_the_staged_solvers_replayable_with_its_bound_within_the_budget() {
        // 1 ms a clock reading: the budget ends the improvement.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let report = first_answer(FIFTEEN, 20_000_000, now, || false).expect("a first answer");
        assert_eq!(report.algorithm, Algorithm::Staged);
        let spec: PuzzleSpec = query::parse(FIFTEEN).unwrap().puzzle;
        assert_eq!(solver::check::check_report(&spec, &report), Ok(()));
        let bound = report.lower_bound.expect("a proven lower bound");
        assert!(
            0 < bound && bound <= report.length,
            "{bound} / {}",
            report.length
        );
    }

    #[test]
    fn no_first_answer_for_what_the_request_itself_reports() {
        assert!(first_answer("puzzle=cube", 1000, || 0.0, || false).is_none());
        let unsolvable = "puzzle=sliding&size=4x4&start=2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,0\
                          &algo=idastar&heuristic=pdb";
        assert!(first_answer(unsolvable, 1000, || 0.0, || false).is_none());
    }
}
