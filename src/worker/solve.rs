//! Running one solve request: the solver called synchronously with the worker's clock, its memory and time budgets,
//! progress posted at most every `PROGRESS_EVERY_MS`, each better answer posted as it is found (a solver that
//! improves its answer), and the cancel token looked at every `CANCEL_CHECK_MS`.
//!
//! Never waiting: every search stops within [`MAX_SEARCH_MS`] with a message naming the limit, and an optimal
//! search on a board far out of its reach ([`out_of_reach`]) is refused at once, naming what answers instead.
//!
//! Cancelling: the page revokes the request's cancel token (a `blob:` URL), which the search notices within
//! `CANCEL_CHECK_MS` through a synchronous fetch; the page also terminates this worker and starts a fresh one, which
//! always works but leaves a busy thread running for up to 2 s in Chrome.

use super::scope;
use crate::protocol::{Response, ResponseBody, CANCEL_CHECK_MS, PROGRESS_EVERY_MS};
use solver::query::{self, Query};
use solver::report::{Moves, Said};
use solver::rules::{optimal_reach, Choice, OptimalReach, PuzzleSpec, DEFAULT_ALGORITHM};
use solver::search::clock::FnClock;
use solver::search::{Control, Flow, Limits};
use solver::{Algorithm, Report, Status};
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

/// The memory budget of the staged solver's improvement, checked the same way: on 5x5 its near-optimal search on
/// the pattern databases, which the worker holds beside it (7.4 MB), fills what it is given, and the page's
/// renderer holds it for as long as the worker lives. Within this the worker's memory stays under
/// `RETIRE_ABOVE_BYTES` beyond its tables, so it keeps them, while the search still holds enough nodes (about one per
/// 42 bytes) for answers within 1.07x of the shortest on average at 2 s (docs/performance.md, "The 24-puzzle with
/// the 5x5 tables").
pub const STAGED_MAX_BYTES: u64 = 16 << 20;

/// The longest any search in the worker runs, in milliseconds: a request's own time limit is lowered to it, so that
/// Solve never leaves a person waiting longer without an answer or a reason (the limit's message names it). The
/// staged solver is the exception that needs none: its first answer takes milliseconds, and its improvement has a
/// budget of its own (`solver::improve::DEFAULT_IMPROVE_MS`) unless the request sets one.
pub const MAX_SEARCH_MS: u64 = 10_000;

/// The most moves from the goal (by the start's proven lower bound) at which an optimal search (BFS, bidirectional
/// BFS, A*, IDA*) is still tried on a board out of its reach (`solver::rules::optimal_reach`: more than 16 cells). Past it no such
/// search ends within `MAX_SEARCH_MS` and `SEARCH_MAX_BYTES`, so it is refused at once. Measured natively with the
/// CLI (A* with linear conflict, 4 million states, about what the byte budget holds; random walks of 40-140 moves
/// on 5x5): every board with a lower bound up to 38 solved in under 50 ms, every one from 40 to 58 stopped at the
/// state limit after 1.3-2.1 s. A board a few dozen moves from the goal (a Scramble) is still searched, and stopped
/// by the limits if it must be.
pub const OPTIMAL_REACH_MOVES: u64 = 50;

/// What a running request reports.
#[derive(Debug, Clone, PartialEq)]
pub enum Update {
    /// Counters of the search.
    Searching {
        expanded: u64,
        generated: u64,
        elapsed_ms: f64,
    },
    /// A preparation step (building pattern databases), `fraction` done.
    Building { fraction: f64, elapsed_ms: f64 },
    /// A better answer than the last (the first one, then each shorter one), while the solver improves it.
    Improved(Box<Report>),
}

/// Runs one request to its report. `now` is a millisecond clock; `progress` hears the search's counters at most
/// every `PROGRESS_EVERY_MS` of it (and once at the start), and every better answer as it is found; `cancelled` is
/// asked at most every `CANCEL_CHECK_MS`, and a `true` stops the search with status `cancelled` (an improving
/// solver returns its best answer instead). `head_start` is an answer already shown for this board, which the
/// staged solver improves from when it is shorter than its own first (`Control::with_head_start`), so that the
/// answer never grows. A malformed query gives an `invalid` report naming the problem.
pub fn solve_request(
    query: &str,
    mut limits: Limits,
    head_start: Option<Moves>,
    now: impl Fn() -> f64,
    progress: impl FnMut(Update),
    mut cancelled: impl FnMut() -> bool,
) -> Report {
    let query = match query::parse(query) {
        Ok(q) => q,
        Err(_) => {
            let query = query.to_string();
            return solver::report::invalid(DEFAULT_ALGORITHM, Said::Unreadable { query });
        }
    };
    if let Some(refused) = out_of_reach(&query) {
        return refused;
    }
    let algorithm = query.choice().algorithm;
    if algorithm != Algorithm::Staged || limits.time_limit_ms.is_some() {
        limits.time_limit_ms = Some(
            limits
                .time_limit_ms
                .map_or(MAX_SEARCH_MS, |ms| ms.min(MAX_SEARCH_MS)),
        );
    }
    // The hooks post through it; the solver calls them one at a time, never one inside another.
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
    let max_bytes = match algorithm {
        Algorithm::Bfs => BFS_MAX_BYTES,
        Algorithm::Staged => STAGED_MAX_BYTES,
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
        })
        .with_answer(|report| (progress.borrow_mut())(Update::Improved(Box::new(report.clone()))))
        .with_head_start(head_start);
    solver::run::solve(&query, &mut control)
}

/// A `limit` report, at once, for an optimal search that cannot end within the worker's limits: BFS,
/// bidirectional BFS, A* or IDA* on a board out of optimal reach (`solver::rules::optimal_reach`) whose start is more than
/// `OPTIMAL_REACH_MOVES` moves from the goal by its proven lower bound. `None` for every other query.
pub fn out_of_reach(query: &Query) -> Option<Report> {
    let Choice {
        algorithm,
        heuristic,
    } = query.choice();
    let PuzzleSpec::Sliding { start, goal, .. } = &query.puzzle else {
        return None;
    };
    let shape = query.puzzle.shape()?;
    if !algorithm.guarantees_optimal() || optimal_reach(shape) != OptimalReach::OutOfReach {
        return None;
    }
    // An unsolvable board is the solver's to explain.
    solver::sliding::check_solvable(shape, start, goal).ok()?;
    let bound = solver::bound::sliding_lower_bound(shape, start, goal);
    if bound <= OPTIMAL_REACH_MOVES {
        return None;
    }
    let said = Said::TooFarForOptimal {
        width: shape.width,
        height: shape.height,
        bound,
        seconds: MAX_SEARCH_MS / 1000,
    };
    let mut report = solver::report::invalid(algorithm, said);
    report.status = Status::Limit;
    report.heuristic = heuristic.map(|h| h.name().to_string());
    Some(report)
}

/// Runs the search of request `id` on `query` to its report, posting its progress to the page; a revoked
/// `cancel_token` stops it. `head_start`: see [`solve_request`].
pub fn run(
    scope: &DedicatedWorkerGlobalScope,
    id: u64,
    query: &str,
    limits: Limits,
    head_start: Option<Moves>,
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
            Update::Improved(report) => ResponseBody::Improved { report: *report },
        };
        scope::post(scope, &Response { id, body })
    };
    let cancelled = || scope::revoked(cancel_token);
    solve_request(
        query,
        limits,
        head_start,
        scope::clock(scope),
        progress,
        cancelled,
    )
}

/// The report of a request on `query` cancelled before its search began, saying when (`said`).
pub fn cancelled_before_search(query: &str, said: Said) -> Report {
    let algorithm = match query::parse(query) {
        Ok(query) => query.choice().algorithm,
        Err(_) => DEFAULT_ALGORITHM,
    };
    let mut report = solver::report::invalid(algorithm, said);
    report.status = solver::Status::Cancelled;
    report
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::DEFAULT_DFS_DEPTH;
    use solver::sliding::Shape;
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
            None,
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
            None,
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
        let report = solve_request(
            TOWER_4X9,
            limits(10_000_000),
            None,
            || 0.0,
            |_| {},
            || false,
        );
        assert_eq!(report.status, Status::Solved);
    }

    /// A uniformly random board of `width` x `height` towards the default goal, as a query with `algo`.
    fn shuffled(width: u8, height: u8, seed: u64, algo: &str) -> (String, PuzzleSpec) {
        let shape = Shape::new(width, height).unwrap();
        let goal = query::default_sliding_goal(width, height);
        let start = solver::sliding::shuffle_solvable(shape, &goal, seed).unwrap();
        let spec = PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        };
        let mut q = Query::new(spec.clone());
        q.algorithm = Some(Algorithm::from_name(algo).unwrap());
        (q.to_query_string(), spec)
    }

    #[test]
    fn improving_answers_are_posted_as_they_are_found_each_shorter_and_replayable() {
        // The clock advances 1 ms a reading: the improvement's own budget ends it.
        let t = Cell::new(0.0);
        let now = || {
            t.set(t.get() + 1.0);
            t.get()
        };
        let (query, spec) = shuffled(6, 6, 11, "staged");
        let mut answers = Vec::new();
        let report = solve_request(
            &query,
            limits(200_000),
            None,
            now,
            |update| {
                if let Update::Improved(r) = update {
                    answers.push(*r);
                }
            },
            || false,
        );
        assert_eq!(report.status, Status::Solved, "{}", report.message);
        assert!(!answers.is_empty(), "no answer was posted before the end");
        for pair in answers.windows(2) {
            assert!(pair[1].length < pair[0].length, "not each shorter");
        }
        for answer in answers.iter().chain([&report]) {
            assert_eq!(solver::check::check_report(&spec, answer), Ok(()));
            let bound = answer.lower_bound.expect("every answer has a lower bound");
            assert!(0 < bound && bound <= answer.length);
        }
        assert_eq!(answers.last().map(|r| r.length), Some(report.length));
    }

    #[test]
    fn every_search_stops_at_the_time_limit_whatever_it_asked_for() {
        // 2 s a clock reading: greedy search on a shuffled 8x8 board (it runs out of neither states nor memory
        // this soon) stops at the worker's limit, also when the request asked for more.
        for asked in [None, Some(60_000)] {
            let t = Cell::new(0.0);
            let now = || {
                t.set(t.get() + 2_000.0);
                t.get()
            };
            let (query, _) = shuffled(8, 8, 5, "greedy");
            let mut limits = limits(u64::MAX);
            limits.time_limit_ms = asked;
            let report = solve_request(&query, limits, None, now, |_| {}, || false);
            assert_eq!(report.status, Status::Limit, "{}", report.message);
            assert!(
                report
                    .message
                    .contains(&format!("time limit of {MAX_SEARCH_MS} ms")),
                "{}",
                report.message
            );
        }
    }

    #[test]
    fn an_optimal_search_far_out_of_reach_is_refused_at_once() {
        for algo in ["bfs", "bibfs", "astar", "idastar"] {
            let (query, _) = shuffled(5, 5, 3, algo);
            let mut posted = 0;
            let report = solve_request(
                &query,
                limits(1_000_000),
                None,
                || 0.0,
                |_| posted += 1,
                || false,
            );
            assert_eq!(report.status, Status::Limit, "{algo}: {}", report.message);
            assert!(
                report.message.starts_with("stopped before searching")
                    && report.message.contains("10 s time limit")
                    && report.message.contains("staged"),
                "{}",
                report.message
            );
            assert_eq!(posted, 0, "{algo}: a refused search reported progress");
        }
        // Near the goal, the same search runs (and finds the shortest); so does a suboptimal one far out.
        let near = "puzzle=sliding&size=5x5&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,0,23,24&algo=astar";
        let report = solve_request(near, limits(1_000_000), None, || 0.0, |_| {}, || false);
        assert_eq!((report.status, report.length), (Status::Solved, 2));
        let (query, _) = shuffled(5, 5, 3, "weighted");
        assert!(out_of_reach(&query::parse(&query).unwrap()).is_none());
    }

    #[test]
    fn a_bad_query_is_an_invalid_report_not_a_panic() {
        let report = solve_request("puzzle=cube", limits(1000), None, || 0.0, |_| {}, || false);
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
            None,
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

    #[test]
    fn a_staged_run_handed_a_first_answer_never_answers_longer() {
        // The first answer a 5x5 solve shows while its tables build, then the run on them with almost no budget
        // (a busy machine): its answers, and its report, are never longer than the one shown.
        let (query, spec) = shuffled(5, 5, 21, "staged");
        let first = solve_request(&query, limits(20_000), None, || 0.0, |_| {}, || false);
        let plain = solve_request(&query, limits(0), None, || 0.0, |_| {}, || false);
        assert!(first.length < plain.length, "{}", first.message);
        let mut longest = 0;
        let report = solve_request(
            &query,
            limits(0),
            Some(first.moves.clone()),
            || 0.0,
            |update| {
                if let Update::Improved(r) = update {
                    longest = longest.max(r.length);
                }
            },
            || false,
        );
        assert_eq!(report.status, Status::Solved);
        solver::check::check_report(&spec, &report).unwrap();
        assert_eq!((report.length, longest), (first.length, first.length));
    }
}
