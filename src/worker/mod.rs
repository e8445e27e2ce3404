//! The worker's side: decode a request, run the solver synchronously with a `performance.now()` clock, post progress
//! at most every 50 ms, then post the report.
//!
//! Cancelling: the app revokes the request's cancel token (a `blob:` URL), which the search notices within
//! `CANCEL_CHECK_MS` through a synchronous fetch; the app also terminates this worker and starts a fresh one, which
//! always works but leaves a busy thread running for up to 2 s in Chrome.
//!
//! Pattern databases: before a `pdb` search whose tables are not in this worker's memory, the worker reads them from
//! IndexedDB (`crate::pdb_cache`, asynchronously, before the synchronous search); tables it had to build are stored
//! there after the search, so a reload or a fresh worker (after Cancel) does not build them again. Big tables (the
//! 15-puzzle's) are built before the search, asynchronously, in helper workers (`parallel`).
//!
//! Memory: a WebAssembly memory grows and never shrinks, so a worker that grew past `RETIRE_ABOVE_BYTES` (a big
//! BFS) or built a big table group itself (no helper could) asks, once idle and once its tables are stored, to be
//! retired (`WorkerNote::Retire`); the worker client then replaces it with a fresh one, unless a request is already
//! on its way to it. A worker whose helpers built the big groups holds little more than the tables, and keeps them.

pub mod parallel;

use crate::protocol::{
    Request, RequestKind, Response, ResponseBody, WorkerNote, CANCEL_CHECK_MS, NO_REQUEST,
    PROGRESS_EVERY_MS, TRACE_MAX_EXPANSIONS, TRACE_MAX_SLIDING_RANKS, TRACE_MAX_STATES,
};
use solver::hanoi::{Hanoi, HanoiHeuristic};
use solver::query::PuzzleSpec;
use solver::search::clock::FnClock;
use solver::search::trace::{trace_search, Trace, TracePlan};
use solver::search::{Control, Flow, Limits, DEFAULT_DFS_DEPTH};
use solver::sliding::{Shape, SlidingHeuristic, SmallBoard, SmallPuzzle};
use solver::HeuristicName;
use solver::Puzzle;
use solver::{query, Algorithm, Report};
use std::cell::{Cell, RefCell};
use std::collections::VecDeque;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, XmlHttpRequest};

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

/// A worker whose WebAssembly memory grew past this asks to be replaced once idle. A fresh worker holds about
/// 1 MiB, and 12-13 MiB once it holds the 15-puzzle's pattern databases (read back from IndexedDB, or built by its
/// helpers): below this, so that such a worker is kept. A worker that built a big group itself (no helper could
/// start) is replaced too: its memory grew by the build's working space. Never while tables it built are missing
/// from IndexedDB.
pub const RETIRE_ABOVE_BYTES: u64 = 32 << 20;

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
            return solver::run::invalid(
                Algorithm::Astar,
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

/// The teaching tracer's record of the search `query` asks for, when the space has at most `TRACE_MAX_STATES`
/// states, in the order of the query's algorithm (see `trace_search`; DFS with the depth bound `max_depth`).
/// `None` for a larger space or a query that cannot be read (its solve reports the problem).
pub fn trace_request(query: &str, max_depth: u32) -> Option<Trace> {
    let query = query::parse(query).ok()?;
    let (pegs, disks, start, goal) = match &query.puzzle {
        PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        } => (pegs, disks, start, goal),
        PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        } => return trace_sliding(&query, max_depth, *width, *height, start, goal),
    };
    let tower = Hanoi::new(*pegs, *disks, start, goal).ok()?;
    let algorithm = query.algorithm.unwrap_or(solver::run::DEFAULT_ALGORITHM);
    let name = query.heuristic.unwrap_or(HeuristicName::Exact);
    let heuristic = algorithm
        .uses_heuristic()
        .then(|| HanoiHeuristic::new(name, &tower).ok())
        .flatten();
    let plan = trace_plan(&query, name, max_depth);
    trace_search(
        &tower,
        heuristic.as_ref(),
        plan,
        TRACE_MAX_STATES,
        usize::MAX,
        |_| {},
    )
    .ok()
}

/// The traced search's settings, as the solver's own run would choose them.
fn trace_plan(query: &query::Query, heuristic: HeuristicName, max_depth: u32) -> TracePlan {
    TracePlan {
        algorithm: query.algorithm.unwrap_or(solver::run::DEFAULT_ALGORITHM),
        weight: query.weight_or_default(),
        reopen: !solver::run::is_consistent(heuristic),
        max_depth,
    }
}

/// The teaching tracer's record for a sliding puzzle of at most `TRACE_MAX_SLIDING_RANKS` arrangements (up to 3x3),
/// with the board of each expanded state, cut at `TRACE_MAX_EXPANSIONS` expansions.
fn trace_sliding(
    query: &query::Query,
    max_depth: u32,
    width: u8,
    height: u8,
    start: &[u8],
    goal: &[u8],
) -> Option<Trace> {
    let shape = Shape::new(width, height).ok()?;
    if !SmallPuzzle::fits(shape) {
        return None;
    }
    let puzzle = SmallPuzzle::new(shape, start, goal).ok()?;
    if puzzle.rank_count()? > TRACE_MAX_SLIDING_RANKS {
        return None;
    }
    let algorithm = query.algorithm.unwrap_or(solver::run::DEFAULT_ALGORITHM);
    let name = query.heuristic.unwrap_or(HeuristicName::LinearConflict);
    let heuristic = algorithm
        .uses_heuristic()
        .then(|| SlidingHeuristic::new(&puzzle, name).ok())
        .flatten();
    let mut boards = Vec::new();
    let record = |state: &SmallBoard| boards.push(puzzle.tiles(state));
    let mut trace = trace_search(
        &puzzle,
        heuristic.as_ref(),
        trace_plan(query, name, max_depth),
        TRACE_MAX_SLIDING_RANKS,
        TRACE_MAX_EXPANSIONS,
        record,
    )
    .ok()?;
    trace.boards = boards;
    Some(trace)
}

/// The worker's entry point: listen for requests and say `Ready`.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let on_message = {
        let scope = scope.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| handle(&scope, &event))
    };
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    // The handler lives as long as the worker.
    on_message.forget();
    post(
        &scope,
        &Response {
            id: NO_REQUEST,
            body: ResponseBody::Ready,
        },
    );
}

thread_local! {
    /// True while a request waits for something asynchronous (the cache, a two-worker build) before it runs.
    static PREPARING: Cell<bool> = const { Cell::new(false) };
    /// Requests that came in meanwhile; they run, in order, after it.
    static WAITING: RefCell<VecDeque<Request>> = const { RefCell::new(VecDeque::new()) };
    /// True while the worker waits for its table writes before it asks to be retired.
    static RETIRING: Cell<bool> = const { Cell::new(false) };
    /// True once this worker built a big pattern database group itself, not in a helper (see `RETIRE_ABOVE_BYTES`).
    static BUILT_BIG_GROUP: Cell<bool> = const { Cell::new(false) };
}

/// Bytes of this worker's WebAssembly memory (0 outside wasm, where there is no such limit to mind).
fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}

/// Whether no request is running or waiting.
fn idle() -> bool {
    !PREPARING.get() && WAITING.with_borrow(VecDeque::is_empty)
}

/// After a request: when idle with a memory grown past `RETIRE_ABOVE_BYTES` or after building a big group, waits
/// for the tables' writes to IndexedDB and, if every table built here is stored (so that the next worker finds
/// them), asks the client to replace this worker.
fn consider_retiring(scope: &DedicatedWorkerGlobalScope) {
    let grown = memory_bytes() > RETIRE_ABOVE_BYTES || BUILT_BIG_GROUP.get();
    if !idle() || RETIRING.get() || !grown {
        return;
    }
    RETIRING.set(true);
    let scope = scope.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let saved = crate::pdb_cache::stored().await;
        RETIRING.set(false);
        // A request that came in meanwhile and is still preparing considers retiring again when it ends.
        if idle() && saved {
            let note = WorkerNote::Retire {
                memory_bytes: memory_bytes(),
            };
            let _ = scope.post_message(&JsValue::from_str(&note.to_json()));
        }
    });
}

fn handle(scope: &DedicatedWorkerGlobalScope, event: &MessageEvent) {
    // A helper worker (see `parallel`) is asked to build one group of a pattern database.
    if let Some(help) = event
        .data()
        .as_string()
        .and_then(|text| parallel::helper_request(&text))
    {
        return parallel::serve(scope, help, PROGRESS_EVERY_MS, CANCEL_CHECK_MS);
    }
    let request = match event
        .data()
        .as_string()
        .map(|text| Request::from_json(&text))
    {
        Some(Ok(request)) => request,
        Some(Err(e)) => return post(scope, &error(NO_REQUEST, e.to_string())),
        None => {
            return post(
                scope,
                &error(NO_REQUEST, "the request was not text".to_string()),
            )
        }
    };
    if PREPARING.get() {
        WAITING.with_borrow_mut(|waiting| waiting.push_back(request));
        return;
    }
    dispatch(scope, request);
    consider_retiring(scope);
}

/// Runs `request`, first (asynchronously) looking for its pattern databases in the browser's cache and, if they
/// are not there and are big, building them in helper workers; then the requests that came in meanwhile.
fn dispatch(scope: &DedicatedWorkerGlobalScope, request: Request) {
    let (pending, plan) = match &request.kind {
        RequestKind::Solve { query, .. } => {
            let pending = crate::pdb_cache::pending_key(query);
            (pending.clone(), pending.and_then(|_| parallel::plan(query)))
        }
    };
    let Some(key) = pending else {
        return run(scope, request, None, None);
    };
    PREPARING.set(true);
    let scope = scope.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let prepared = crate::pdb_cache::prepare(key.clone()).await;
        let mut note = None;
        if let Some(plan) = plan.filter(|_| solver::run::cached_tables(&key).is_none()) {
            let RequestKind::Solve { cancel_token, .. } = &request.kind;
            let started = js_sys::Date::now();
            let mut last_check = f64::NEG_INFINITY;
            let cancelled = || {
                let t = js_sys::Date::now();
                if t - last_check < CANCEL_CHECK_MS {
                    return false;
                }
                last_check = t;
                cancel_token.as_deref().is_some_and(|url| !token_alive(url))
            };
            let token = cancel_token.clone();
            match parallel::build(
                &scope,
                plan,
                request.id,
                PROGRESS_EVERY_MS,
                token,
                cancelled,
            )
            .await
            {
                parallel::Built::Tables {
                    tables,
                    helped,
                    built_big_here,
                } => {
                    solver::run::install_tables(Arc::new(*tables));
                    if built_big_here {
                        BUILT_BIG_GROUP.set(true);
                    }
                    note = Some(format!(
                        "the build took {}{}",
                        crate::format::duration_ms(js_sys::Date::now() - started),
                        match helped {
                            0 => String::new(),
                            1 => " with a helper worker".to_string(),
                            2 => " in two helper workers".to_string(),
                            n => format!(" in {n} helper workers"),
                        }
                    ));
                }
                parallel::Built::Cancelled => {
                    let RequestKind::Solve { query, .. } = &request.kind;
                    let algorithm = query::parse(query)
                        .ok()
                        .and_then(|q| q.algorithm)
                        .unwrap_or(solver::run::DEFAULT_ALGORITHM);
                    let report = cancelled_report(
                        algorithm,
                        "cancelled by the user while the pattern databases were built",
                    );
                    post(
                        &scope,
                        &Response {
                            id: request.id,
                            body: ResponseBody::Done { report },
                        },
                    );
                    return finish_preparing(&scope);
                }
            }
        }
        run(&scope, request, Some(prepared), note);
        finish_preparing(&scope);
    });
}

/// Ends the asynchronous part of a request and runs the requests that waited for it.
fn finish_preparing(scope: &DedicatedWorkerGlobalScope) {
    PREPARING.set(false);
    while !PREPARING.get() {
        let Some(next) = WAITING.with_borrow_mut(|waiting| waiting.pop_front()) else {
            break;
        };
        dispatch(scope, next);
    }
    consider_retiring(scope);
}

/// The report of a request cancelled before its search began.
fn cancelled_report(algorithm: Algorithm, message: &str) -> Report {
    let mut report = solver::run::invalid(algorithm, message);
    report.status = solver::Status::Cancelled;
    report
}

/// Runs one request to its end, posting its progress and its report. `cache` is the pattern-database cache's look
/// before the search, when there was one: its note goes into the report's notes, and tables built are stored.
fn run(
    scope: &DedicatedWorkerGlobalScope,
    request: Request,
    cache: Option<crate::pdb_cache::Prepared>,
    build_note: Option<String>,
) {
    let id = request.id;
    match request.kind {
        RequestKind::Solve {
            query,
            max_states,
            time_limit_ms,
            max_depth,
            cancel_token,
            trace,
        } => {
            let limits = Limits {
                max_states,
                time_limit_ms,
                max_depth: max_depth.unwrap_or(DEFAULT_DFS_DEPTH),
            };
            let performance = scope.performance();
            let now = move || {
                performance
                    .as_ref()
                    .map_or_else(js_sys::Date::now, |p| p.now())
            };
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
                post(scope, &Response { id, body })
            };
            let cancelled = || cancel_token.as_deref().is_some_and(|url| !token_alive(url));
            let mut report = solve_request(&query, limits, now, progress, cancelled);
            if let Some(cache) = cache {
                report.notes.extend(cache.finish());
            }
            report.notes.extend(build_note);
            post(
                scope,
                &Response {
                    id,
                    body: ResponseBody::Done { report },
                },
            );
            // The teaching trace comes after the answer, so that it never delays the solution on screen.
            let depth = max_depth.unwrap_or(DEFAULT_DFS_DEPTH);
            if let Some(trace) = trace.then(|| trace_request(&query, depth)).flatten() {
                post(
                    scope,
                    &Response {
                        id,
                        body: ResponseBody::Trace { trace },
                    },
                );
            }
        }
    }
}

/// Whether the cancel token at `url` still exists: a synchronous fetch of a revoked `blob:` URL fails. Anything
/// else that goes wrong counts as alive, so a search is never cancelled by accident.
pub(crate) fn token_alive(url: &str) -> bool {
    let Ok(xhr) = XmlHttpRequest::new() else {
        return true;
    };
    if xhr.open_with_async("GET", url, false).is_err() {
        return true;
    }
    xhr.send().is_ok()
}

fn error(id: u64, message: String) -> Response {
    Response {
        id,
        body: ResponseBody::Error { message },
    }
}

fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
    // Posting a string cannot fail to clone; if it did, the app's watchdog would notice the silence.
    let _ = scope.post_message(&JsValue::from_str(&response.to_json()));
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn traces_cover_small_towers_only_and_follow_the_algorithm() {
        let bfs = trace_request(
            "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("81 states are traced");
        assert_eq!(bfs.rank_count, 81);
        assert_eq!(bfs.path.len(), 16, "2^4 - 1 moves");
        let astar = trace_request(
            "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=astar&heuristic=exact",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        assert_eq!(
            astar.expanded.len(),
            15,
            "the exact heuristic expands only the path before the goal"
        );
        assert!(bfs.expanded.len() > astar.expanded.len());
        assert!(trace_request(
            "puzzle=hanoi&pegs=3&disks=8&start=0,0,0,0,0,0,0,0",
            DEFAULT_DFS_DEPTH
        )
        .is_none());
        assert!(trace_request(
            "puzzle=sliding&size=3x4&start=1,2,3,4,5,6,7,8,9,10,0,11",
            DEFAULT_DFS_DEPTH
        )
        .is_none());
        assert!(trace_request("puzzle=cube", DEFAULT_DFS_DEPTH).is_none());
        // DFS and greedy are traced in their own order (hand-checked in `solver::search::trace`); IDA* is shown as
        // A*, and the record says so.
        let tower = "puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2";
        let dfs = trace_request(&format!("{tower}&algo=dfs"), 40).expect("traced");
        assert_eq!(
            (dfs.algorithm, dfs.expanded.clone()),
            (Some(Algorithm::Dfs), vec![0, 1, 7, 6])
        );
        let greedy =
            trace_request(&format!("{tower}&algo=greedy&heuristic=misplaced"), 40).expect("traced");
        assert_eq!(
            (greedy.algorithm, greedy.expanded.clone()),
            (Some(Algorithm::Greedy), vec![0, 2, 5, 3, 6])
        );
        let ida =
            trace_request(&format!("{tower}&algo=idastar&heuristic=exact"), 40).expect("traced");
        assert_eq!(ida.algorithm, Some(Algorithm::Astar));
        let bounded = trace_request(&format!("{tower}&algo=dfs"), 2).expect("traced");
        assert!(
            bounded.path.is_empty(),
            "the depth bound reaches the tracer"
        );
    }

    #[test]
    fn sliding_traces_record_each_expanded_board_and_stop_at_the_cap() {
        // 2x3: every expansion is recorded with its board; the first is the start.
        let bfs = trace_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("360 states");
        assert!(!bfs.truncated);
        assert_eq!(bfs.boards.len(), bfs.expanded.len());
        assert_eq!(bfs.boards[0], vec![4, 1, 2, 5, 0, 3]);
        assert!(!bfs.path.is_empty());
        // Each recorded board is a permutation of the cells.
        for board in &bfs.boards {
            let mut sorted = board.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
        }
        let astar = trace_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=astar&heuristic=manhattan",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        assert_eq!(astar.path.len(), bfs.path.len(), "both shortest");
        assert!(astar.expanded.len() <= bfs.expanded.len());
        // 3x3, BFS on a far position: more than the cap of expansions, so the record is cut and says so.
        let far = trace_request(
            "puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("3x3 traced");
        assert!(far.truncated && far.path.is_empty());
        assert_eq!(far.expanded.len(), TRACE_MAX_EXPANSIONS);
        assert_eq!(far.boards.len(), TRACE_MAX_EXPANSIONS);
        // A* with linear conflict on a near one finishes within the cap.
        let near = trace_request(
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=astar&heuristic=linear-conflict",
            DEFAULT_DFS_DEPTH,
        )
        .expect("3x3 traced");
        assert!(!near.truncated);
        assert_eq!(near.path.len(), 3, "two moves");
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
