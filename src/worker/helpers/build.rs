//! The solver worker's side of a build: its own groups in slices between which the event loop runs, the helpers'
//! tables collected as they come, the group of a helper that fails taken over, and the parts joined.

use super::messages::{HelperReply, HelperRequest};
use super::plan::{Plan, HELPER_MIN_ENTRIES};
use crate::protocol::{Response, ResponseBody};
use crate::worker::scope::{self, sleep, yield_now};
use crate::worker::tables;
use solver::pdb::{self, Partition, PdbBuilder, PdbTables};
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{DedicatedWorkerGlobalScope, MessageEvent, Worker};

/// Work done between two looks at the event loop (abstract states expanded; about 10-30 ms in wasm).
pub(super) const SLICE_STATES: u64 = 1 << 16;
/// How long the solver worker works before it yields to read the helper's messages and post its progress.
const SLICE_MS: f64 = 40.0;
/// A helper that sends nothing for this long is taken for dead, and its group built here.
const HELPER_SILENCE_MS: f64 = 10_000.0;

/// Work the solver worker does while its helpers build, before it builds its own groups: a search on other
/// tables, which is synchronous (the helpers' messages wait until it ends).
pub trait Meanwhile {
    /// Runs as soon as the helpers are started; `false` stops the build.
    fn run(&mut self) -> bool;
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
/// watch `cancel_token`. This worker does its `meanwhile` work first, if any, then builds its own groups, then
/// collects the helpers' tables, taking over the group of any helper that fails or falls silent.
pub async fn build(
    scope: &DedicatedWorkerGlobalScope,
    plan: Plan,
    progress: impl FnMut(f64, f64),
    progress_every_ms: f64,
    cancel_token: Option<String>,
    cancelled: impl FnMut() -> bool,
    meanwhile: Option<&mut dyn Meanwhile>,
) -> Built {
    start(scope, plan, progress, progress_every_ms, cancel_token)
        .finish(scope, cancelled, meanwhile)
        .await
}

/// A build whose helpers are started (see [`start`]): they build while this worker does anything else, until
/// [`Started::finish`] builds this worker's own groups and collects theirs.
pub struct Started<F> {
    plan: Plan,
    run: Building<F>,
}

/// What the helpers of a [`Started`] build have done, as they tell it: read between any two tasks of this worker,
/// whatever else it does meanwhile.
pub struct HelpersProgress {
    helpers: Vec<(Rc<RefCell<HelperState>>, f64)>,
    total: f64,
}

impl HelpersProgress {
    /// The fraction of the whole build that the helpers have done.
    pub fn fraction(&self) -> f64 {
        let done: f64 = self
            .helpers
            .iter()
            .map(|(state, work)| state.borrow().fraction * work)
            .sum();
        done / self.total
    }
}

/// Starts the helpers of a build of `plan` ([`build`] is this, then [`Started::finish`]).
pub fn start<F: FnMut(f64, f64)>(
    scope: &DedicatedWorkerGlobalScope,
    plan: Plan,
    progress: F,
    progress_every_ms: f64,
    cancel_token: Option<String>,
) -> Started<F> {
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
    Started { plan, run }
}

impl<F: FnMut(f64, f64)> Started<F> {
    /// A handle on what this build's helpers have done, which follows their messages.
    pub fn helpers_progress(&self) -> HelpersProgress {
        HelpersProgress {
            helpers: self
                .run
                .helpers
                .iter()
                .map(|h| (Rc::clone(&h.state), self.run.work[h.group]))
                .collect(),
            total: self.run.total,
        }
    }

    /// Does this worker's `meanwhile` work, if any, then builds its own groups, then collects the helpers' tables,
    /// taking over the group of any helper that fails or falls silent.
    pub async fn finish(
        self,
        scope: &DedicatedWorkerGlobalScope,
        mut cancelled: impl FnMut() -> bool,
        meanwhile: Option<&mut dyn Meanwhile>,
    ) -> Built {
        if let Some(meanwhile) = meanwhile {
            if !meanwhile.run() {
                return self.run.cancel();
            }
        }
        let Started { plan, mut run } = self;
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

/// Starts the helper worker from this worker's own boot script, sends it its group at once (the boot script holds
/// messages that come before the module has started: `static/worker-boot.js`) and wires its messages into `state`.
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
                } else if let Ok(Response {
                    body: ResponseBody::Error { failure },
                    ..
                }) = Response::from_json(&reply)
                {
                    s.failed = Some(format!("{failure:?}"));
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
    if worker.post_message(&JsValue::from_str(&text)).is_err() {
        worker.terminate();
        return Err("the helper could not be sent its group".into());
    }
    Ok(worker)
}

fn stop(helper: &Result<Worker, String>) {
    if let Ok(worker) = helper {
        worker.set_onmessage(None);
        worker.set_onerror(None);
        worker.terminate();
    }
}
