//! The solver's Web Worker: everything that runs off the page's thread. The page talks to it only through
//! [`crate::protocol`]; this module holds the request loop, and its submodules the rest.
//!
//! - [`solve`]: one request's search, with progress, memory budgets and cancelling by a revoked `blob:` URL;
//! - [`first_answer`]: the staged solver's answer, posted before a long build of the tables for the shortest;
//! - [`quick`]: the 15-puzzle's shortest answer on small tables, searched while the big ones are built;
//! - [`trace`]: the teaching trace of a small search, posted after the answer;
//! - [`truth`]: heuristics held against the true distance (a `Truth` request);
//! - [`tables`]: the pattern databases' cache in IndexedDB;
//! - [`helpers`]: helper workers (copies of this one) that build big pattern-database groups;
//! - [`five_by_five`]: the 5x5 tables, read back or built in the background while 5x5 solves go on without them;
//! - [`scope`]: posting, the clock, the cancel token, the memory size.
//!
//! One request at a time: the page's router sends the next request only once the last one is answered, and a
//! running search hears no message anyway (Cancel reaches it through its revoked token, or by `terminate()`).
//!
//! Pattern databases: before a `pdb` search whose tables are not in this worker's memory, the worker reads them from
//! IndexedDB (asynchronously, before the synchronous search); tables it had to build are stored there after the
//! search, so a reload or a fresh worker (after Cancel) does not build them again. Big tables (the 15-puzzle's) are
//! built before the search, asynchronously, in helper workers, and the staged solver's answer is posted before such
//! a build, so that the page shows an answer at once while the tables for the shortest are built; on 4x4 the
//! shortest answer follows within the build, found on small tables ([`quick`]), and the build goes on after it,
//! between the requests that come meanwhile (one that needs big tables too waits for its end). A
//! `Prepare` (answered by nothing) starts a read of the 5x5 tables before any request asks: the one request the
//! router sends meanwhile waits for it.
//!
//! Memory: a WebAssembly memory grows and never shrinks, so a worker that grew past `RETIRE_ABOVE_BYTES` (a big
//! BFS) or built a big table group itself (no helper could) asks, once idle and once its tables are stored, to be
//! retired (`WorkerNote::Retire`); the page's router replaces it with a fresh one. A worker whose helpers built the
//! big groups holds little more than the tables, and keeps them.

pub mod first_answer;
pub mod five_by_five;
pub mod helpers;
mod quick;
pub mod scope;
pub mod solve;
pub mod tables;
pub mod trace;
pub mod truth;

pub use solve::{solve_request, Update, BFS_MAX_BYTES, SEARCH_MAX_BYTES};
pub use trace::trace_request;

use crate::protocol::{
    Failure, Request, RequestKind, Response, ResponseBody, WorkerNote, CANCEL_CHECK_MS, NO_REQUEST,
    PROGRESS_EVERY_MS,
};
use scope::post;
use solver::pdb::cache::{cached_tables, install_tables};
use solver::report::{Moves, Note, Report, Said};
use solver::search::{Limits, DEFAULT_DFS_DEPTH};
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use tables::{Prepared, TableCache};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

/// A worker whose WebAssembly memory grew past this, beyond the pattern databases it holds, asks to be replaced
/// once idle: the app's one rule for giving a worker's memory back (the page's router carries it out). It is the
/// worker's to judge, since only the worker knows what it holds. A fresh worker holds about 1 MiB; the tables it
/// holds (13 MiB for the 15-puzzle's, about 7.5 MB for the 5x5 ones, read back from IndexedDB or built by its helpers
/// or itself) are kept, not read back again, and so is what the staged solver's search on them may take
/// (`solve::STAGED_MAX_BYTES`); a BFS run to its 64 MiB budget is not. A worker that built a big group itself (no
/// helper could start) is replaced too: its memory grew by the build's working space. Never while tables it built
/// are missing from IndexedDB.
pub const RETIRE_ABOVE_BYTES: u64 = 48 << 20;

/// The worker's entry point: listen for requests and say `Ready`.
pub fn start() {
    console_error_panic_hook::set_once();
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let worker = Worker {
        scope: scope.clone(),
        state: Rc::default(),
    };
    let on_message =
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| worker.handle(&event));
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

/// The worker: its global scope and what it remembers between messages. Cloning it clones a handle to one state:
/// the message handler and each request's asynchronous part (reading the cache, a build in helpers) hold one,
/// because the browser calls them back later and no reference can be lent across that. They all run on this one
/// thread, one callback at a time; a borrow of the state never spans a search or an `await`.
#[derive(Clone)]
struct Worker {
    scope: DedicatedWorkerGlobalScope,
    state: Rc<RefCell<State>>,
}

/// What the worker remembers between messages.
#[derive(Debug, Default)]
struct State {
    /// True while a request waits for something asynchronous (the cache, a build in helpers) before it runs.
    preparing: bool,
    /// A request that came in meanwhile; it runs after it. The router sends a request only once the one before is
    /// answered, and a `Prepare` is answered by nothing, so one request (after a `Prepare`, which it replaces, or
    /// after a request answered while its tables build on: see [`quick`]) is all that can come in while the worker
    /// prepares.
    waiting: Option<Request>,
    /// The writes of built tables to IndexedDB.
    tables: TableCache,
    /// True while the worker waits for its table writes before it asks to be retired.
    retiring: bool,
    /// True once this worker built a big pattern database group itself, not in a helper (see `RETIRE_ABOVE_BYTES`).
    built_big_group: bool,
    /// The true distances' oracle, which keeps its last distance table.
    oracle: solver::truth::Oracle,
    /// Where the 5x5 tables stand.
    five_by_five: five_by_five::Phase,
    /// True while big tables build on behind a request already answered (see [`quick`]): requests that need no
    /// such tables run meanwhile, between the build's slices.
    building_behind: bool,
    /// True while the `waiting` request is held until the build behind ends: a solve that needs big tables built
    /// (two such builds at once would not fit the page's memory budget), or a measurement that needs the 15-puzzle's
    /// (it takes those the build makes).
    held_for_build: bool,
    /// The 5x5 tables a 5x5 solve found missing while a build went on behind an answer: built once it ends, for
    /// the same reason.
    deferred_5x5: Option<Vec<solver::pdb::Partition>>,
}

impl State {
    /// Whether no request is running or waiting, and no table is being read or built.
    fn idle(&self) -> bool {
        !self.preparing
            && self.waiting.is_none()
            && !self.five_by_five.busy()
            && !self.building_behind
    }
}

impl Worker {
    /// Routes one message: a helper's group to build, or a request from the page (run now, or held until the one
    /// being prepared has run).
    fn handle(&self, event: &MessageEvent) {
        let text = event.data().as_string();
        // A helper worker (a copy of this one) is asked to build one group of a pattern database.
        if let Some(help) = text.as_deref().and_then(helpers::helper_request) {
            return helpers::serve(&self.scope, help, PROGRESS_EVERY_MS, CANCEL_CHECK_MS);
        }
        let request = match text.map(|text| Request::from_json(&text)) {
            Some(Ok(request)) => request,
            Some(Err(e)) => return self.post_error(e.into()),
            None => return self.post_error(Failure::NotText),
        };
        let mut state = self.state.borrow_mut();
        if state.preparing {
            // A waiting `Prepare` only asks for an early read, which a request after it does as it runs.
            let hint = |w: &Request| matches!(w.kind, RequestKind::Prepare { .. });
            if state.waiting.as_ref().is_some_and(|w| !hint(w)) {
                drop(state);
                // The page's router waits for each answer, so this never comes from it; said, not dropped.
                return self.post_error_to(request.id, Failure::Overlapping);
            }
            state.waiting = Some(request);
            return;
        }
        drop(state);
        self.dispatch(request);
        self.consider_retiring();
    }

    /// Runs `request`, first (asynchronously) looking for its pattern databases in the browser's cache and, if they
    /// are not there and are big, posting a first answer and building them in helper workers.
    fn dispatch(&self, request: Request) {
        let query = match &request.kind {
            RequestKind::Solve { query, .. } => query.clone(),
            RequestKind::Prepare { query } => {
                if five_by_five::wants_tables(query) {
                    self.restore_5x5();
                }
                return;
            }
            RequestKind::Truth { query, .. } => {
                let Some(key) = truth::pending_tables(query) else {
                    return self.measure_truth(request);
                };
                // 4x4's tables are too large to build for a measurement: read them back first, if stored, or take
                // them from the build under way behind an answer once it ends.
                if self.state.borrow().building_behind {
                    return self.hold_for_build(request);
                }
                self.state.borrow_mut().preparing = true;
                let worker = self.clone();
                return wasm_bindgen_futures::spawn_local(async move {
                    let _ = tables::restore_collecting(&key).await;
                    worker.measure_truth(request);
                    worker.finish_preparing();
                });
            }
        };
        if five_by_five::wants_tables(&query) {
            return self.dispatch_5x5(request);
        }
        let Some(key) = tables::pending_key(&query) else {
            return self.answer(request, None, None, None);
        };
        let plan = helpers::plan(&query);
        if plan.is_some() && self.state.borrow().building_behind {
            // It waits seconds for the build; the staged solver's answer does not.
            first_answer::post_first_answer(&self.scope, &request);
            return self.hold_for_build(request);
        }
        self.state.borrow_mut().preparing = true;
        let worker = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let prepared = tables::prepare(key.clone()).await;
            let mut build_note = None;
            if let Some(plan) = plan.filter(|_| cached_tables(&key).is_none()) {
                first_answer::post_first_answer(&worker.scope, &request);
                if let Some(quick) = quick::QuickSearch::for_request(&request, &plan) {
                    return if worker
                        .answer_while_building(request, plan, quick, prepared)
                        .await
                    {
                        worker.end_build_behind()
                    } else {
                        worker.finish_preparing()
                    };
                }
                match worker.build_in_helpers(&request, plan, None).await {
                    Some(note) => build_note = Some(note),
                    None => {
                        let report =
                            solve::cancelled_before_search(&query, Said::CancelledWhileBuilding);
                        post(
                            &worker.scope,
                            &Response {
                                id: request.id,
                                body: ResponseBody::Done { report },
                            },
                        );
                        return worker.finish_preparing();
                    }
                }
            }
            worker.answer(request, Some(prepared), None, build_note);
            worker.finish_preparing();
        });
    }

    /// Runs a 5x5 solve that the 5x5 tables serve: at once when they are ready or being built (then its report
    /// says so); the first time, after reading back from IndexedDB those stored there and, if some are missing,
    /// posting a first answer and building them (see [`five_by_five`]).
    fn dispatch_5x5(&self, request: Request) {
        let phase = self.state.borrow().five_by_five;
        if phase != five_by_five::Phase::Idle {
            return self.answer(request, None, None, phase.note());
        }
        {
            let mut state = self.state.borrow_mut();
            state.preparing = true;
            state.five_by_five = five_by_five::Phase::Restoring;
        }
        let worker = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let missing = five_by_five::restore().await;
            if missing.is_empty() {
                worker.state.borrow_mut().five_by_five = five_by_five::Phase::Ready;
            } else if worker.state.borrow().building_behind {
                let mut state = worker.state.borrow_mut();
                state.five_by_five = five_by_five::Phase::Building { fraction: 0.0 };
                state.deferred_5x5 = Some(missing);
            } else {
                let head_start = first_answer::post_first_answer(&worker.scope, &request);
                return worker.build_5x5(missing, Some((request, head_start)));
            }
            let note = worker.state.borrow().five_by_five.note();
            worker.answer(request, None, None, note);
            worker.finish_preparing();
        });
    }

    /// Builds the 5x5 tables `missing`: a helper worker starts on a 5-tile group now, and this worker builds the
    /// rest in slices. With `request` (a solve that found them missing, and the first answer it was shown), the
    /// build's progress is that request's, and the request runs once they are all in, starting from that answer;
    /// without, the build goes on in the background.
    fn build_5x5(
        &self,
        missing: Vec<solver::pdb::Partition>,
        request: Option<(Request, Option<Moves>)>,
    ) {
        let (on_phase, on_done) = (self.clone(), self.clone());
        let id = request.as_ref().map_or(NO_REQUEST, |(r, _)| r.id);
        let background = five_by_five::start(&self.scope, missing, id, move |phase| {
            on_phase.state.borrow_mut().five_by_five = phase
        });
        let Some(background) = background else {
            // No 5x5 geometry: never so; nothing builds, and the request still runs, on what this worker holds.
            self.state.borrow_mut().five_by_five = five_by_five::Phase::Idle;
            if let Some((request, head_start)) = request {
                self.answer(request, None, head_start, None);
                self.finish_preparing();
            }
            return;
        };
        background.go_on(move |took| {
            if let Some((request, head_start)) = request {
                let note = on_done.state.borrow().five_by_five.note();
                on_done.answer(request, None, head_start, note.into_iter().chain([took]));
                on_done.finish_preparing();
            } else {
                on_done.consider_retiring();
            }
        });
    }

    /// Reads the 5x5 tables back from IndexedDB before any solve asks (a `Prepare` request), if this worker has not
    /// looked for them yet; the request sent meanwhile waits, as behind a solve's own read. Tables not stored
    /// are left to the first 5x5 solve, which builds them.
    fn restore_5x5(&self) {
        {
            let mut state = self.state.borrow_mut();
            if state.five_by_five != five_by_five::Phase::Idle {
                return;
            }
            state.preparing = true;
            state.five_by_five = five_by_five::Phase::Restoring;
        }
        let worker = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let missing = five_by_five::restore().await;
            worker.state.borrow_mut().five_by_five = if missing.is_empty() {
                five_by_five::Phase::Ready
            } else {
                five_by_five::Phase::Idle
            };
            worker.finish_preparing();
        });
    }

    /// Builds the tables of `plan` for `request`, big groups in helper workers, and installs them in the solver's
    /// cache; returns a note on the build for the report, or `None` if the request was cancelled meanwhile. With a
    /// `quick` search, that search runs while the helpers build (see [`quick`]); once it has answered the request,
    /// the build goes on unseen and no longer hears the request's cancel token (revoked with the answer). Its
    /// helpers then watch a token of this worker's own, revoked when the build ends or is cancelled, or by the
    /// browser when this worker is terminated: a helper busy building stops at its next look, where its
    /// termination could leave it running for seconds.
    async fn build_in_helpers(
        &self,
        request: &Request,
        plan: helpers::Plan,
        mut quick: Option<&mut quick::QuickSearch>,
    ) -> Option<Note> {
        let cancel_token = match &request.kind {
            RequestKind::Solve { cancel_token, .. } => cancel_token,
            RequestKind::Truth { .. } | RequestKind::Prepare { .. } => &None,
        };
        let answered = quick.as_ref().map(|q| q.answered());
        let answered = || answered.as_ref().is_some_and(|a| a.get());
        let helpers_token = if quick.is_some() {
            crate::browser::new_token()
        } else {
            cancel_token.clone()
        };
        let own_token = quick.is_some().then(|| helpers_token.clone()).flatten();
        let started = js_sys::Date::now();
        let mut last_check = f64::NEG_INFINITY;
        let cancelled = || {
            if answered() {
                return false;
            }
            let t = js_sys::Date::now();
            if t - last_check < CANCEL_CHECK_MS {
                return false;
            }
            last_check = t;
            scope::revoked(cancel_token.as_deref())
        };
        let progress = |fraction, elapsed_ms| {
            if answered() {
                return;
            }
            let body = ResponseBody::Building {
                fraction,
                elapsed_ms,
            };
            post(
                &self.scope,
                &Response {
                    id: request.id,
                    body,
                },
            );
        };
        let built = helpers::build(
            &self.scope,
            plan,
            progress,
            PROGRESS_EVERY_MS,
            helpers_token,
            cancelled,
            quick
                .as_mut()
                .map(|q| &mut **q as &mut dyn helpers::Meanwhile),
        )
        .await;
        if let Some(token) = own_token {
            let _ = web_sys::Url::revoke_object_url(&token);
        }
        let helpers::Built::Tables {
            tables,
            helped,
            built_big_here,
        } = built
        else {
            return None;
        };
        install_tables(Arc::new(*tables));
        if built_big_here {
            self.state.borrow_mut().built_big_group = true;
        }
        Some(Note::BuildTook {
            ms: js_sys::Date::now() - started,
            helpers: u32::try_from(helped).unwrap_or(u32::MAX),
        })
    }

    /// Answers a `Truth` request with what this worker holds now.
    fn measure_truth(&self, request: Request) {
        let RequestKind::Truth { query, moves } = &request.kind else {
            return;
        };
        let now = scope::clock(&self.scope);
        let mut state = self.state.borrow_mut();
        let measured = truth::truth_request(&mut state.oracle, query, moves.as_ref(), &now);
        drop(state);
        post(
            &self.scope,
            &Response {
                id: request.id,
                body: ResponseBody::Truth { measured },
            },
        );
    }

    /// Once a request is answered while its tables build on: the worker takes requests again, and runs the one that
    /// came meanwhile (only a `Prepare` can have: the router sends the next request after the answer). A request
    /// that needs big tables of its own waits for the build's end ([`Worker::end_build_behind`]).
    fn answered_while_building(&self) {
        {
            let mut state = self.state.borrow_mut();
            state.building_behind = true;
        }
        let worker = self.clone();
        // Not from inside the build's step: the request runs once the build yields to the event loop.
        wasm_bindgen_futures::spawn_local(async move { worker.finish_preparing() });
    }

    /// Holds `request` until the build behind an answer ends ([`Worker::end_build_behind`] runs it).
    fn hold_for_build(&self, request: Request) {
        let mut state = self.state.borrow_mut();
        state.preparing = true;
        state.held_for_build = true;
        state.waiting = Some(request);
    }

    /// Ends a build that went on behind an answered request: starts the 5x5 build deferred for it, and runs the
    /// request held for it, if any.
    fn end_build_behind(&self) {
        let (held, deferred) = {
            let mut state = self.state.borrow_mut();
            state.building_behind = false;
            (
                std::mem::take(&mut state.held_for_build),
                state.deferred_5x5.take(),
            )
        };
        if let Some(missing) = deferred {
            self.build_5x5(missing, None);
        }
        if held {
            self.finish_preparing();
        } else {
            self.consider_retiring();
        }
    }

    /// Ends the asynchronous part of a request and runs the request that waited for it.
    fn finish_preparing(&self) {
        let next = {
            let mut state = self.state.borrow_mut();
            state.preparing = false;
            state.waiting.take()
        };
        if let Some(next) = next {
            self.dispatch(next);
        }
        self.consider_retiring();
    }

    /// Runs one request to its end: its search (posting progress), then its report, then its teaching trace if it
    /// asked for one. `cache` is the table cache's look before the search, when there was one: its note goes into
    /// the report's notes, and tables built are stored; `head_start` is the first answer shown for it, which the
    /// staged solver improves from when it beats its own; `notes` say more (how the helpers built them, whether the
    /// 5x5 tables served).
    fn answer(
        &self,
        request: Request,
        cache: Option<Prepared>,
        head_start: Option<Moves>,
        notes: impl IntoIterator<Item = Note>,
    ) {
        let Some(mut report) = self.search(&request, None, head_start) else {
            return;
        };
        if let Some(cache) = cache {
            report
                .notes
                .extend(cache.finish(&mut self.state.borrow_mut().tables));
        }
        report.notes.extend(notes);
        self.post_done(&request, report);
    }

    /// The report of a solve `request`'s search (posting its progress), its time limit lowered to `cap_ms` if
    /// given, handed `head_start` (see [`Worker::answer`]); `None` for other requests.
    fn search(
        &self,
        request: &Request,
        cap_ms: Option<u64>,
        head_start: Option<Moves>,
    ) -> Option<Report> {
        let RequestKind::Solve {
            query,
            max_states,
            time_limit_ms,
            max_depth,
            cancel_token,
            ..
        } = &request.kind
        else {
            return None;
        };
        let time_limit_ms = match (*time_limit_ms, cap_ms) {
            (Some(asked), Some(cap)) => Some(asked.min(cap)),
            (asked, cap) => asked.or(cap),
        };
        let limits = Limits {
            max_states: *max_states,
            time_limit_ms,
            max_depth: max_depth.unwrap_or(DEFAULT_DFS_DEPTH),
        };
        let id = request.id;
        Some(solve::run(
            &self.scope,
            id,
            query,
            limits,
            head_start,
            cancel_token.as_deref(),
        ))
    }

    /// Answers `request` with `report`, then posts its teaching trace if it asked for one.
    fn post_done(&self, request: &Request, report: Report) {
        let id = request.id;
        let body = ResponseBody::Done { report };
        post(&self.scope, &Response { id, body });
        let RequestKind::Solve {
            query,
            max_depth,
            trace: true,
            ..
        } = &request.kind
        else {
            return;
        };
        // The teaching trace comes after the answer, so that it never delays the solution on screen.
        let max_depth = max_depth.unwrap_or(DEFAULT_DFS_DEPTH);
        if let Some(trace) = trace_request(query, max_depth) {
            let body = ResponseBody::Trace { trace };
            post(&self.scope, &Response { id, body });
        }
    }

    /// After a request: when idle with a memory grown past `RETIRE_ABOVE_BYTES` or after building a big group,
    /// waits for the tables' writes to IndexedDB and, if every table built here is stored (so that the next worker
    /// finds them), asks the page to replace this worker.
    fn consider_retiring(&self) {
        {
            let mut state = self.state.borrow_mut();
            // The tables it holds are kept: only growth beyond them counts.
            let held = solver::pdb::cache::cached_bytes();
            let grown = scope::memory_bytes() > RETIRE_ABOVE_BYTES + held || state.built_big_group;
            if !state.idle() || state.retiring || !grown {
                return;
            }
            state.retiring = true;
        }
        let worker = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            // Writes started while waiting (by a request that came in meanwhile) are waited for too.
            loop {
                let writes = worker.state.borrow_mut().tables.take_writes();
                if writes.is_empty() {
                    break;
                }
                let all_stored = tables::settle_writes(writes).await;
                worker.state.borrow_mut().tables.note_settled(all_stored);
            }
            let retire = {
                let mut state = worker.state.borrow_mut();
                state.retiring = false;
                // A request that came in meanwhile and is still preparing considers retiring again when it ends.
                state.idle() && state.tables.all_stored()
            };
            if retire {
                let note = WorkerNote::Retire {
                    memory_bytes: scope::memory_bytes(),
                };
                scope::post_text(&worker.scope, &note.to_json());
            }
        });
    }

    /// Tells the page a message could not be read as a request.
    fn post_error(&self, failure: Failure) {
        self.post_error_to(NO_REQUEST, failure);
    }

    /// Answers request `id` (or, with `NO_REQUEST`, no request) with an error.
    fn post_error_to(&self, id: u64, failure: Failure) {
        let body = ResponseBody::Error { failure };
        post(&self.scope, &Response { id, body });
    }
}
