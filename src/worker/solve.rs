//! Running one solve request: the solver called synchronously with the worker's clock, its memory budgets, progress
//! posted at most every `PROGRESS_EVERY_MS`, and the cancel token looked at every `CANCEL_CHECK_MS`.
//!
//! Cancelling: the page revokes the request's cancel token (a `blob:` URL), which the search notices within
//! `CANCEL_CHECK_MS` through a synchronous fetch; the page also terminates this worker and starts a fresh one, which
//! always works but leaves a busy thread running for up to 2 s in Chrome.

use super::scope;
use crate::protocol::{Response, ResponseBody, CANCEL_CHECK_MS, PROGRESS_EVERY_MS};
use solver::query::{self, Query};
use solver::search::clock::FnClock;
use solver::search::{Control, Flow, Limits};
use solver::spec::{default_choice, default_heuristic, HeuristicName, DEFAULT_ALGORITHM};
use solver::{Algorithm, Report};
use std::cell::RefCell;
use web_sys::DedicatedWorkerGlobalScope;

/// The memory budget of a BFS in the worker, in bytes of its own estimate: 2 bits a state seen and a queue of two
/// layers in fixed-size blocks, checked as it grows so that the next block never passes the budget; with no
/// doubling, the estimate is what the worker holds. BFS over Tower of Hanoi with 4 pegs and 12 disks (16.8 million
/// states, about 23 MiB) fits; 13 disks (67 million, about 80 MiB) stops with a message naming this limit.
pub const BFS_MAX_BYTES: u64 = 64 << 20;

/// The memory budget of every other search, checked the same way. A WebAssembly memory never shrinks, and the
/// blocks a growing search leaves behind are not all reused, so the worker ends up holding more than the estimate:
/// this keeps the whole browser within 512 MiB even when a search runs to the limit (A* with misplaced tiles or
/// Manhattan on a hard 15-puzzle: 440-530 MiB in all, against 790-840 MiB with 256 MiB), while weighted A* at
/// w = 2.5 or 3 still solves all 50 Korf-Felner 24-puzzle instances (84 MiB is the least that does).
pub const SEARCH_MAX_BYTES: u64 = 84 << 20;

/// What a running request reports.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Update {
    /// Counters of the search.
    Searching {
        expanded: u64,
        generated: u64,
        elapsed_ms: f64,
    },
    /// A preparation step (building pattern databases), `fraction` done.
    Building { fraction: f64, elapsed_ms: f64 },
}

/// Runs one request to its report. `now` is a millisecond clock; `progress` hears an update at most every
/// `PROGRESS_EVERY_MS` of it (and once at the start); `cancelled` is asked at most every `CANCEL_CHECK_MS`, and a
/// `true` stops the search with status `cancelled`. A malformed query gives an `invalid` report naming the problem.
pub fn solve_request(
    query: &str,
    limits: Limits,
    now: impl Fn() -> f64,
    progress: impl FnMut(Update),
    mut cancelled: impl FnMut() -> bool,
) -> Report {
    let query = match query::parse(query) {
        Ok(q) => q,
        Err(e) => {
            return solver::report::invalid(
                DEFAULT_ALGORITHM,
                format!("the puzzle could not be read: {e}"),
            );
        }
    };
    // Both hooks post through it; the solver calls them one at a time, never one inside the other.
    let progress = RefCell::new(progress);
    let start = now();
    (progress.borrow_mut())(Update::Searching {
        expanded: 0,
        generated: 0,
        elapsed_ms: 0.0,
    });
    let mut last_post = f64::NEG_INFINITY;
    let mut last_build_post = f64::NEG_INFINITY;
    let mut last_check = 0.0;
    let max_bytes = match query.algorithm {
        Some(Algorithm::Bfs) => BFS_MAX_BYTES,
        _ => SEARCH_MAX_BYTES,
    };
    let mut control = Control::new(limits)
        .with_max_bytes(max_bytes)
        .with_clock(FnClock::new(&now))
        .with_build_progress(|fraction| {
            let elapsed_ms = now() - start;
            if elapsed_ms - last_build_post >= PROGRESS_EVERY_MS || fraction >= 1.0 {
                last_build_post = elapsed_ms;
                (progress.borrow_mut())(Update::Building {
                    fraction,
                    elapsed_ms,
                });
            }
        })
        .with_progress(|stats| {
            if stats.elapsed_ms - last_check >= CANCEL_CHECK_MS {
                last_check = stats.elapsed_ms;
                if cancelled() {
                    return Flow::Cancel;
                }
            }
            if stats.elapsed_ms - last_post >= PROGRESS_EVERY_MS {
                last_post = stats.elapsed_ms;
                (progress.borrow_mut())(Update::Searching {
                    expanded: stats.expanded,
                    generated: stats.generated,
                    elapsed_ms: stats.elapsed_ms,
                });
            }
            Flow::Continue
        });
    solver::run::solve(&query, &mut control)
}

/// Runs the search of request `id` on `query` to its report, posting its progress to the page; a revoked
/// `cancel_token` stops it.
pub fn run(
    scope: &DedicatedWorkerGlobalScope,
    id: u64,
    query: &str,
    limits: Limits,
    cancel_token: Option<&str>,
) -> Report {
    let progress = |update: Update| {
        let body = match update {
            Update::Searching {
                expanded,
                generated,
                elapsed_ms,
            } => ResponseBody::Progress {
                expanded,
                generated,
                elapsed_ms,
            },
            Update::Building {
                fraction,
                elapsed_ms,
            } => ResponseBody::Building {
                fraction,
                elapsed_ms,
            },
        };
        scope::post(scope, &Response { id, body })
    };
    let cancelled = || scope::revoked(cancel_token);
    solve_request(query, limits, scope::clock(scope), progress, cancelled)
}

/// The algorithm a query runs, and the heuristic it runs with when that algorithm takes one, as
/// `solver::run::solve` picks them: the query's own, else the puzzle's default choice (for a query naming no
/// algorithm), else the puzzle kind's usual heuristic. The worker asks it to find the tables a search will need and
/// to trace the search it runs.
pub fn choice(query: &Query) -> (Algorithm, HeuristicName) {
    let (algorithm, chosen) = match query.algorithm {
        Some(algorithm) => (algorithm, None),
        None => {
            let choice = default_choice(&query.puzzle);
            (choice.algorithm, choice.heuristic)
        }
    };
    let heuristic = query
        .heuristic
        .or(chosen)
        .unwrap_or_else(|| default_heuristic(&query.puzzle));
    (algorithm, heuristic)
}

/// The report of a request on `query` cancelled before its search began, saying when (`message`).
pub fn cancelled_before_search(query: &str, message: &str) -> Report {
    let algorithm = match query::parse(query) {
        Ok(query) => choice(&query).0,
        Err(_) => DEFAULT_ALGORITHM,
    };
    let mut report = solver::report::invalid(algorithm, message);
    report.status = solver::Status::Cancelled;
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::DEFAULT_DFS_DEPTH;
    use solver::Status;
    use std::cell::Cell;

    /// BFS over 4^9 = 262,144 states: long enough for many progress calls.
    const TOWER_4X9: &str =
        "puzzle=hanoi&pegs=4&disks=9&start=0,0,0,0,0,0,0,0,0&goal=3,3,3,3,3,3,3,3,3&algo=bfs";

    fn limits(max_states: u64) -> Limits {
        Limits {
            max_states,
            time_limit_ms: None,
            max_depth: DEFAULT_DFS_DEPTH,
        }
    }

    #[test]
    fn building_pattern_databases_reports_its_progress() {
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let mut fractions = Vec::new();
        let report = solve_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=idastar&heuristic=pdb",
            limits(1_000_000),
            now,
            |update| {
                if let Update::Building { fraction, .. } = update {
                    fractions.push(fraction);
                }
            },
            || false,
        );
        assert_eq!(report.status, Status::Solved, "{}", report.message);
        assert!(!fractions.is_empty(), "no build progress was posted");
        assert!(fractions.windows(2).all(|w| w[0] <= w[1]), "{fractions:?}");
        assert!(
            fractions.iter().all(|f| (0.0..=1.0).contains(f)),
            "{fractions:?}"
        );
    }

    #[test]
    fn a_revoked_token_stops_the_search_at_the_next_check() {
        // The clock advances 10 ms a reading; the token is "revoked" from the third check on.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 10.0);
            t.get()
        };
        let mut checks = 0;
        let report = solve_request(
            TOWER_4X9,
            limits(10_000_000),
            now,
            |_| {},
            || {
                checks += 1;
                checks >= 3
            },
        );
        assert_eq!(report.status, Status::Cancelled, "{}", report.message);
        assert_eq!(checks, 3);
        // Uncancelled, the same search finishes.
        let report = solve_request(TOWER_4X9, limits(10_000_000), || 0.0, |_| {}, || false);
        assert_eq!(report.status, Status::Solved);
    }

    #[test]
    fn a_bad_query_is_an_invalid_report_not_a_panic() {
        let report = solve_request("puzzle=cube", limits(1000), || 0.0, |_| {}, || false);
        assert_eq!(report.status, Status::Invalid);
        assert!(
            report.message.starts_with("the puzzle could not be read"),
            "{}",
            report.message
        );
    }

    #[test]
    fn progress_is_throttled_by_the_clock() {
        // A clock that advances 10 ms per reading: the hook runs every few thousand expansions, and must post
        // only when 50 ms have passed since its last post.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 10.0);
            t.get()
        };
        let mut times = Vec::new();
        let report = solve_request(
            TOWER_4X9,
            limits(10_000_000),
            now,
            |update| {
                if let Update::Searching { elapsed_ms, .. } = update {
                    times.push(elapsed_ms);
                }
            },
            || false,
        );
        assert_eq!(report.status, Status::Solved);
        assert!(
            times.len() >= 2,
            "expected the start and at least one progress post, got {times:?}"
        );
        for pair in times[1..].windows(2) {
            assert!(
                pair[1] - pair[0] >= PROGRESS_EVERY_MS,
                "posts too close: {times:?}"
            );
        }
    }
}
