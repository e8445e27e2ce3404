//! Building pattern databases in disposable helper workers: the solver worker starts one helper (a copy of itself,
//! from the same boot script) per big group, builds the small groups itself in slices between which it reads the
//! helpers' messages, and joins the tables with `PdbTables::combine`. The 15-puzzle's two 6-tile tables take about
//! the same time each, so on two cores the first-use wait roughly halves; and since a helper ends as soon as its
//! group is sent, the memory a build needs on the way (several times the table's size, which a WebAssembly memory
//! never gives back) goes with it: the long-lived solver worker only ever holds the finished tables.
//!
//! Messages: the solver worker sends a helper one JSON [`HelperRequest`] once the helper says `Ready`; the helper
//! answers with JSON [`HelperReply`] progress and, at the end, the tables' bytes (`PdbTables::to_bytes`, checksummed)
//! as a transferred `Uint8Array`, and closes itself. The bytes go straight between JavaScript arrays and the tables'
//! own buffers (`tables::tables_to_js`, `tables_from_js`): no whole copy of them in a WebAssembly memory. Tables of
//! boards of more than 16 cells (the 5x5 ones) are packed at half a byte an entry (`PdbTables::packed`) as each
//! group is built, before they travel. If a helper cannot be started, or it fails or falls silent, the solver
//! worker builds that group itself: helpers only ever save time and memory.
//!
//! A helper is a copy of this worker: its message handler hands a [`HelperRequest`] to [`serve`].

use super::scope::{self, post_text, sleep, yield_now};
use super::tables;
use crate::protocol::{Response, ResponseBody};
use serde::{Deserialize, Serialize};
use solver::pdb::{self, Geometry, Partition, PdbBuilder, PdbTables};
use solver::query::PuzzleSpec;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker};

/// Groups with fewer table entries than this are built on the spot: a helper would take longer to start.
pub const HELPER_MIN_ENTRIES: usize = 1 << 20;
/// Work done between two looks at the event loop (abstract states expanded; about 10-30 ms in wasm).
const SLICE_STATES: u64 = 1 << 16;
/// How long the solver worker works before it yields to read the helper's messages and post its progress.
const SLICE_MS: f64 = 40.0;
/// A helper that sends nothing for this long is taken for dead, and its group built here.
const HELPER_SILENCE_MS: f64 = 10_000.0;

/// From the solver worker to its helper: build the tables of one group.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HelperRequest {
    BuildGroup {
        width: u8,
        height: u8,
        blank: u8,
        cells: Vec<u8>,
        /// The request's cancel token (see `Request`): the helper stops once it is revoked, so that a cancelled
        /// build frees the CPU at once even though `terminate()` leaves a busy worker running for a while.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cancel_token: Option<String>,
    },
}

/// From the helper to the solver worker (the tables themselves come as bytes).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum HelperReply {
    /// The fraction of its group built.
    GroupProgress { fraction: f64 },
    /// The build could not run; the solver worker builds the group itself.
    GroupFailed { message: String },
}

/// The tables of a board's default partition, to be built partly in helper workers.
#[derive(Debug, Clone)]
pub struct Plan {
    geometry: Geometry,
    partition: Partition,
    /// Indices of the groups built in helpers, one helper each.
    helped: Vec<usize>,
}

/// A helper plan for the pattern databases `query` needs, when they are worth it: a `pdb` query on a board of at
/// most 16 cells whose partition has a big group (the 15-puzzle's 6-6-3: both 6-tile groups).
pub fn plan(query_text: &str) -> Option<Plan> {
    let query = solver::query::parse(query_text).ok()?;
    tables::key_for_query(&query)?;
    let PuzzleSpec::Sliding {
        width,
        height,
        goal,
        ..
    } = &query.puzzle
    else {
        return None;
    };
    let geometry = Geometry::new(*width, *height).ok()?;
    let blank = goal.iter().position(|&t| t == 0)? as u8;
    let partition = Partition::default_for(&geometry, blank).ok()?;
    plan_for(geometry, partition)
}

/// The plan for `partition` with every group built here, in slices.
pub fn plan_here(geometry: Geometry, partition: Partition) -> Plan {
    Plan {
        geometry,
        partition,
        helped: Vec::new(),
    }
}

/// The plan for `partition`: every group of at least `HELPER_MIN_ENTRIES` entries but the first gets a helper; the
/// others (the first big one too, when there are several) are built here while the helpers work. On two cores this
/// worker and one helper take as long as two helpers, and a helper costs the browser more at the peak than this
/// worker's growth (its own compiled code and heaps besides the build's working space); the growth goes when this
/// worker, idle, is retired (`Built::Tables::built_big_here`).
pub fn plan_for(geometry: Geometry, partition: Partition) -> Option<Plan> {
    let n = geometry.cells();
    let mut helped: Vec<usize> = partition
        .groups()
        .iter()
        .enumerate()
        .filter(|(_, cells)| {
            pdb::rank::placements(n, cells.len()).unwrap_or(0) >= HELPER_MIN_ENTRIES
        })
        .map(|(index, _)| index)
        .collect();
    if helped.len() > 1 {
        helped.remove(0);
    }
    (!helped.is_empty()).then_some(Plan {
        geometry,
        partition,
        helped,
    })
}

/// How a build in helpers ended.
pub enum Built {
    /// The tables, and how many groups helpers built (the others were built here, some perhaps because their
    /// helper could not). `built_big_here`: a group of at least `HELPER_MIN_ENTRIES` entries was built here, so this
    /// worker's memory grew by that build's working space (and never shrinks).
    Tables {
        tables: Box<PdbTables>,
        helped: usize,
        built_big_here: bool,
    },
    /// The cancel token was revoked.
    Cancelled,
}

/// What the solver worker knows of one helper, filled by the helper's message handler.
#[derive(Default)]
struct HelperState {
    /// Set once the helper said `Ready` and was sent its group.
    asked: bool,
    fraction: f64,
    tables: Option<PdbTables>,
    /// Why the helper cannot deliver (it failed, its bytes were unusable, or it could not start).
    failed: Option<String>,
    /// `performance.now()` of its last message.
    heard_at: f64,
}

/// One helper and its group.
struct Helper {
    group: usize,
    worker: Result<Worker, String>,
    state: Rc<RefCell<HelperState>>,
    /// False once this worker has taken the group over.
    helping: bool,
}

/// Builds the tables of `plan`, its big groups in helper workers, telling `progress` the fraction done and the
/// time since the start at most every `progress_every_ms` and asking `cancelled` between slices; the helpers
/// watch `cancel_token`. This worker builds its own groups first, then collects the helpers' tables, taking over
/// the group of any helper that fails or falls silent.
pub async fn build(
    scope: &DedicatedWorkerGlobalScope,
    plan: Plan,
    progress: impl FnMut(f64, f64),
    progress_every_ms: f64,
    cancel_token: Option<String>,
    mut cancelled: impl FnMut() -> bool,
) -> Built {
    let now = scope::clock(scope);
    let bar = Bar {
        report: progress,
        every_ms: progress_every_ms,
        started: now(),
        last_post: f64::NEG_INFINITY,
        shown: 0.0,
    };
    let mut run = Building::start(scope, &plan, cancel_token, bar, Box::new(now));
    run.post(0.0, true);
    loop {
        if cancelled() {
            return run.cancel();
        }
        if let Some(&index) = run.own.get(run.next) {
            if !run.build_here(&plan, index, &mut cancelled).await {
                return run.cancel();
            }
            continue;
        }
        let waiting = run.collect();
        if run.next < run.own.len() {
            continue;
        }
        if !waiting {
            break;
        }
        let fraction = (run.own_done + run.helpers_done()) / run.total;
        run.post(fraction, false);
        sleep(scope, 20).await;
    }
    run.finish(&plan)
}

/// The progress bar of a build: posted at most every `every_ms`, and never going back, even when a failed helper's
/// share starts again here.
struct Bar<F> {
    report: F,
    every_ms: f64,
    started: f64,
    last_post: f64,
    shown: f64,
}

/// One build in progress: its groups, who builds each, what is built so far, and its progress bar.
struct Building<F> {
    parts: Vec<Partition>,
    /// Each group's work (its table entries), and the sum.
    work: Vec<f64>,
    total: f64,
    helpers: Vec<Helper>,
    /// This worker's groups, in order; then those of helpers that failed. `next` is the first not built yet.
    own: Vec<usize>,
    next: usize,
    built: Vec<Option<PdbTables>>,
    /// The work of the groups built or collected, in units of `work`.
    own_done: f64,
    bar: Bar<F>,
    now: Box<dyn Fn() -> f64>,
}

impl<F: FnMut(f64, f64)> Building<F> {
    /// Starts one helper for each of `plan`'s helped groups.
    fn start(
        scope: &DedicatedWorkerGlobalScope,
        plan: &Plan,
        cancel_token: Option<String>,
        bar: Bar<F>,
        now: Box<dyn Fn() -> f64>,
    ) -> Building<F> {
        let parts = plan.partition.split();
        let n = plan.geometry.cells();
        let work: Vec<f64> = plan
            .partition
            .groups()
            .iter()
            .map(|g| pdb::rank::placements(n, g.len()).unwrap_or(0) as f64)
            .collect();
        let total: f64 = work.iter().sum::<f64>().max(1.0);
        let clock = scope::clock(scope);
        let helpers = plan
            .helped
            .iter()
            .map(|&group| {
                let state = Rc::new(RefCell::new(HelperState {
                    heard_at: bar.started,
                    ..HelperState::default()
                }));
                let request = HelperRequest::BuildGroup {
                    width: plan.geometry.width(),
                    height: plan.geometry.height(),
                    blank: plan.partition.blank(),
                    cells: plan.partition.groups()[group].clone(),
                    cancel_token: cancel_token.clone(),
                };
                let worker = start_helper(scope, &request, &state, clock.clone());
                if let Err(why) = &worker {
                    state.borrow_mut().failed = Some(why.clone());
                }
                Helper {
                    group,
                    worker,
                    state,
                    helping: true,
                }
            })
            .collect();
        let own = (0..parts.len())
            .filter(|i| !plan.helped.contains(i))
            .collect();
        Building {
            built: vec![None; parts.len()],
            parts,
            work,
            total,
            helpers,
            own,
            next: 0,
            own_done: 0.0,
            bar,
            now,
        }
    }

    /// Shows `fraction` done, if a post is due (or `force`).
    fn post(&mut self, fraction: f64, force: bool) {
        let bar = &mut self.bar;
        let elapsed_ms = (self.now)() - bar.started;
        if force || elapsed_ms - bar.last_post >= bar.every_ms {
            bar.last_post = elapsed_ms;
            bar.shown = bar.shown.max(fraction);
            (bar.report)(bar.shown.min(0.99), elapsed_ms);
        }
    }

    /// What the helpers still helping have done, in units of `work`.
    fn helpers_done(&self) -> f64 {
        self.helpers
            .iter()
            .filter(|h| h.helping)
            .map(|h| h.state.borrow().fraction * self.work[h.group])
            .sum()
    }

    /// Builds group `index` here, in slices of about `SLICE_MS` between which the event loop runs (the helpers'
    /// messages come in) and `cancelled` is asked; false if it said so.
    async fn build_here(
        &mut self,
        plan: &Plan,
        index: usize,
        cancelled: &mut impl FnMut() -> bool,
    ) -> bool {
        let mut builder = PdbBuilder::new(&plan.geometry, &self.parts[index]);
        loop {
            let slice_start = (self.now)();
            let mut finished = false;
            while !finished && (self.now)() - slice_start < SLICE_MS {
                finished = builder.step(SLICE_STATES);
            }
            let done = self.own_done + builder.fraction() * self.work[index] + self.helpers_done();
            self.post(done / self.total, false);
            if finished {
                break;
            }
            yield_now().await;
            if cancelled() {
                return false;
            }
        }
        self.own_done += self.work[index];
        match builder.into_tables() {
            Ok(tables) => self.built[index] = Some(tables.packed()),
            Err(_) => unreachable!("the builder reported it was done"),
        }
        self.next += 1;
        true
    }

    /// Collects the tables of helpers that finished, and takes over the group of any that failed or fell silent
    /// (it joins `own`); whether some helper is still at work.
    fn collect(&mut self) -> bool {
        let now = (self.now)();
        let mut waiting = false;
        for helper in self.helpers.iter_mut().filter(|h| h.helping) {
            let (tables, failed, heard_at) = {
                let mut s = helper.state.borrow_mut();
                (s.tables.take(), s.failed.clone(), s.heard_at)
            };
            if let Some(tables) = tables {
                self.built[helper.group] = Some(tables);
                self.own_done += self.work[helper.group];
                helper.helping = false;
                stop(&helper.worker);
            } else if failed.is_some() || now - heard_at > HELPER_SILENCE_MS {
                gloo::console::warn!(format!(
                    "a pattern database helper worker could not help ({}); building its group here",
                    failed.as_deref().unwrap_or("it fell silent")
                ));
                stop(&helper.worker);
                helper.helping = false;
                self.own.push(helper.group);
            } else {
                waiting = true;
            }
        }
        waiting
    }

    /// Stops every helper: the build was cancelled.
    fn cancel(self) -> Built {
        self.helpers.iter().for_each(|h| stop(&h.worker));
        Built::Cancelled
    }

    /// Joins the groups' tables into the partition's.
    fn finish(self, plan: &Plan) -> Built {
        self.helpers.iter().for_each(|h| stop(&h.worker));
        let helped = plan
            .helped
            .iter()
            .filter(|group| !self.own.contains(group))
            .count();
        let built_big_here = self
            .own
            .iter()
            .any(|&g| self.work[g] >= HELPER_MIN_ENTRIES as f64);
        let parts: Vec<PdbTables> = self.built.into_iter().flatten().collect();
        match PdbTables::combine(parts) {
            Ok(tables) => Built::Tables {
                tables: Box::new(tables),
                helped,
                built_big_here,
            },
            // Cannot happen (the parts are the partition's own groups); build the whole here if it ever does.
            Err(_) => Built::Tables {
                tables: Box::new(
                    PdbTables::build(&plan.geometry, &plan.partition, |_| {}).packed(),
                ),
                helped: 0,
                built_big_here: true,
            },
        }
    }
}

/// Starts the helper worker from this worker's own boot script and wires its messages into `state`.
fn start_helper(
    scope: &DedicatedWorkerGlobalScope,
    request: &HelperRequest,
    state: &Rc<RefCell<HelperState>>,
    now: impl Fn() -> f64 + 'static,
) -> Result<Worker, String> {
    let url = scope.location().href();
    let worker = Worker::new(&url).map_err(|e| {
        e.dyn_ref::<js_sys::Error>()
            .map_or_else(|| format!("{e:?}"), |e| String::from(e.message()))
    })?;
    let text = serde_json::to_string(request).map_err(|e| e.to_string())?;
    let on_message = {
        let state = Rc::clone(state);
        let worker = worker.clone();
        Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
            let mut s = state.borrow_mut();
            s.heard_at = now();
            let data = event.data();
            if let Some(reply) = data.as_string() {
                if let Ok(HelperReply::GroupProgress { fraction }) = serde_json::from_str(&reply) {
                    s.fraction = fraction.clamp(0.0, 1.0).max(s.fraction);
                } else if let Ok(HelperReply::GroupFailed { message }) =
                    serde_json::from_str(&reply)
                {
                    s.failed = Some(message);
                } else if matches!(
                    Response::from_json(&reply),
                    Ok(Response {
                        body: ResponseBody::Ready,
                        ..
                    })
                ) && !s.asked
                {
                    s.asked = true;
                    if worker.post_message(&JsValue::from_str(&text)).is_err() {
                        s.failed = Some("the helper could not be sent its group".into());
                    }
                } else if let Ok(Response {
                    body: ResponseBody::Error { message },
                    ..
                }) = Response::from_json(&reply)
                {
                    s.failed = Some(message);
                }
            } else if let Some(bytes) = data.dyn_ref::<js_sys::Uint8Array>() {
                // The helper has nothing left to do: end it now, and its memory with it.
                worker.terminate();
                let read = tables::tables_from_js(bytes);
                crate::browser::release(bytes);
                match read {
                    Ok(tables) => s.tables = Some(tables),
                    Err(e) => s.failed = Some(e.to_string()),
                }
            }
        })
    };
    let on_error = {
        let state = Rc::clone(state);
        // A script that does not load fires a plain `Event`; only an error inside it an `ErrorEvent`.
        Closure::<dyn FnMut(web_sys::Event)>::new(move |event: web_sys::Event| {
            let why = event
                .dyn_ref::<web_sys::ErrorEvent>()
                .map_or_else(|| "it did not load".to_string(), |e| e.message());
            state.borrow_mut().failed = Some(format!("the helper worker failed: {why}"));
        })
    };
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
    // The handlers live as long as the helper, which is terminated when the build ends; a few bytes each.
    on_message.forget();
    on_error.forget();
    Ok(worker)
}

fn stop(helper: &Result<Worker, String>) {
    if let Ok(worker) = helper {
        worker.set_onmessage(None);
        worker.set_onerror(None);
        worker.terminate();
    }
}

/// Reads a helper request, if `text` is one (the solver worker's own requests are not).
pub fn helper_request(text: &str) -> Option<HelperRequest> {
    if !text.starts_with("{\"BuildGroup\"") {
        return None;
    }
    serde_json::from_str(text).ok()
}

/// The helper's side: builds the group synchronously, posting its progress every `progress_every_ms` and then the
/// tables' bytes (or why it could not), and closes itself once they are posted. It looks at its cancel token every
/// `cancel_check_ms` and, once the token is revoked, stops and closes without a word.
pub fn serve(
    scope: &DedicatedWorkerGlobalScope,
    request: HelperRequest,
    progress_every_ms: f64,
    cancel_check_ms: f64,
) {
    // Messages already posted are still delivered after `close`.
    let fail = |message: String| {
        post_reply(scope, &HelperReply::GroupFailed { message });
        scope.close();
    };
    let HelperRequest::BuildGroup {
        width,
        height,
        blank,
        cells,
        cancel_token,
    } = request;
    let partition = Geometry::new(width, height)
        .and_then(|g| Partition::new(&g, blank, vec![cells]).map(|p| (g, p)));
    let (geometry, partition) = match partition {
        Ok(gp) => gp,
        Err(e) => return fail(e.to_string()),
    };
    let now = scope::clock(scope);
    let mut builder = PdbBuilder::new(&geometry, &partition);
    let mut last_post = f64::NEG_INFINITY;
    let mut last_check = now();
    while !builder.step(SLICE_STATES) {
        let t = now();
        if t - last_post >= progress_every_ms {
            last_post = t;
            let fraction = builder.fraction();
            post_reply(scope, &HelperReply::GroupProgress { fraction });
        }
        if t - last_check >= cancel_check_ms {
            last_check = t;
            if scope::revoked(cancel_token.as_deref()) {
                return scope.close();
            }
        }
    }
    let tables = match builder.into_tables() {
        // Packed here (on a board of more than 16 cells), so that half the bytes travel and are stored.
        Ok(tables) => tables.packed(),
        Err(e) => return fail(e.to_string()),
    };
    let bytes = tables::tables_to_js(&tables);
    let transfer = js_sys::Array::of1(&bytes.buffer());
    if scope.post_message_with_transfer(&bytes, &transfer).is_err() {
        return fail("the tables could not be posted".into());
    }
    scope.close();
}

fn post_reply(scope: &DedicatedWorkerGlobalScope, reply: &HelperReply) {
    if let Ok(text) = serde_json::to_string(reply) {
        // A lost post shows as silence, which the solver worker's watchdog handles.
        post_text(scope, &text);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_of(width: u8, height: u8, blank: u8) -> Option<Plan> {
        let geometry = Geometry::new(width, height).ok()?;
        let partition = Partition::default_for(&geometry, blank).ok()?;
        plan_for(geometry, partition)
    }

    #[test]
    fn the_fifteen_puzzle_gives_its_second_six_tile_group_a_helper() {
        for blank in [0, 5, 15] {
            let plan = plan_of(4, 4, blank).expect("4x4 is worth a helper");
            let sizes: Vec<usize> = plan
                .helped
                .iter()
                .map(|&g| plan.partition.groups()[g].len())
                .collect();
            assert_eq!(sizes, vec![6], "blank {blank}");
            // The first 6-tile group and the 3-tile group are built by the solver worker itself.
            assert_eq!(plan.partition.groups().len(), 3, "blank {blank}");
            assert_eq!(plan.partition.groups()[0].len(), 6, "blank {blank}");
            assert!(!plan.helped.contains(&0), "blank {blank}");
        }
        // Small boards build on the spot.
        assert!(plan_of(3, 3, 8).is_none());
        assert!(plan_of(4, 3, 11).is_none());
    }

    #[test]
    fn only_pdb_queries_on_big_boards_get_a_plan() {
        let start = "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
        assert!(plan(&format!("{start}&algo=idastar&heuristic=pdb")).is_some());
        assert!(plan(&format!("{start}&algo=idastar&heuristic=manhattan")).is_none());
        assert!(
            plan("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8&algo=astar&heuristic=pdb")
                .is_none()
        );
        assert!(plan("not a query").is_none());
    }

    #[test]
    fn helper_messages_round_trip_and_are_told_apart_from_requests() {
        let request = HelperRequest::BuildGroup {
            width: 4,
            height: 4,
            blank: 15,
            cells: vec![0, 1, 2],
            cancel_token: Some("blob:x".into()),
        };
        let text = serde_json::to_string(&request).unwrap_or_default();
        assert_eq!(helper_request(&text), Some(request));
        assert_eq!(
            helper_request(
                r#"{"id":1,"kind":{"Solve":{"query":"q","max_states":1,"time_limit_ms":null}}}"#
            ),
            None
        );
        let reply = HelperReply::GroupProgress { fraction: 0.5 };
        let text = serde_json::to_string(&reply).unwrap_or_default();
        assert_eq!(serde_json::from_str::<HelperReply>(&text).ok(), Some(reply));
    }
}
