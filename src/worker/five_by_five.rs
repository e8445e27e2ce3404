//! The 5x5 pattern databases in the browser: the two 5-tile group tables of `solver::pdb::WindowTables` (3.2 MB
//! each at half a byte an entry, `PdbTables::packed`; one serves the centre's group, the other the four groups
//! around it, quarter turns of one another) and the seven smaller 4-tile ones (0.15 MB each, serving the 25 blank
//! cells), read back from IndexedDB or built, each stored there as soon as it is done. The first 5-tile group is
//! built by a helper worker (a copy of this one, `helpers`) while this worker builds the other, then the 4-tile
//! ones, in slices between which it can hear the page; the helper's memory goes when it has sent its table
//! (docs/performance.md, "Why the builds are shaped as they are").
//!
//! The first 5x5 solve waits for them, as the 15-puzzle's first solve waits for its tables: its staged answer goes
//! to the page at once, the build's progress goes to that request, and its improvement then runs the near-optimal
//! search on them (`solver::improve::FiveByFiveTables`). Only when a build of the 15-puzzle's tables goes on behind
//! an answer does a 5x5 solve run without them (its report says they are being prepared); their build then starts
//! once that one ends, and its progress goes to the page as `Building` replies to no request (`NO_REQUEST`), since
//! it outlives the request that asked for it.

use super::helpers::{self, Built, HelpersProgress};
use super::scope::{self, post};
use super::tables::{self, Restored};
use crate::protocol::{Response, ResponseBody, PROGRESS_EVERY_MS};
use solver::pdb::cache::{cached_tables, install_tables};
use solver::pdb::{partition_key, Geometry, Partition, PdbTables, WindowTables};
use solver::report::Note;
use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;
use web_sys::DedicatedWorkerGlobalScope;

/// Where the 5x5 tables of this worker stand.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub enum Phase {
    /// Not looked for yet (no 5x5 solve came).
    #[default]
    Idle,
    /// Being read back from IndexedDB.
    Restoring,
    /// Being built in the background, `fraction` done.
    Building { fraction: f64 },
    /// In this worker's memory: 5x5 solves use them.
    Ready,
}

impl Phase {
    /// Whether work on the tables is under way (the worker is then not idle: it must not be retired).
    pub fn busy(self) -> bool {
        matches!(self, Phase::Restoring | Phase::Building { .. })
    }

    /// A note for the report of a 5x5 solve run now: whether its improvement has the tables (the two big ones
    /// may all be in before the build has ended).
    pub fn note(self) -> Option<Note> {
        if solver::pdb::cache::window_tables_5x5().is_some() {
            return Some(Note::ImprovedWith5x5);
        }
        match self {
            Phase::Building { fraction } => Some(Note::Building5x5 {
                percent: (fraction.clamp(0.0, 1.0) * 100.0).round() as u32,
            }),
            _ => None,
        }
    }
}

/// Whether `query` is one the 5x5 tables serve: a 5x5 sliding board solved by the staged solver (the page's
/// default there), whose improvement runs the near-optimal search on them.
pub fn wants_tables(query: &str) -> bool {
    let Ok(query) = solver::query::parse(query) else {
        return false;
    };
    crate::protocol::prepares(&query)
}

/// The keys of the 5x5 tables that earlier releases stored and that this one never reads
/// (`WindowTables::earlier_partitions`).
pub fn earlier_keys() -> Vec<String> {
    let earlier = WindowTables::earlier_partitions().unwrap_or_default();
    earlier.iter().map(key).collect()
}

/// Every partition of the 5x5 tables: the two 5-tile groups, then the seven smaller ones (the default goal's
/// first, the blank on the last cell).
pub fn partitions() -> Vec<Partition> {
    let full = WindowTables::partitions().unwrap_or_default();
    let small = WindowTables::small_partitions().unwrap_or_default();
    full.into_iter().chain(small).collect()
}

fn geometry() -> Option<Geometry> {
    Geometry::new(5, 5).ok()
}

/// The key of a partition of the 5x5 tables.
fn key(partition: &Partition) -> String {
    geometry().map_or_else(String::new, |g| partition_key(&g, partition))
}

/// Whether this worker holds every 5x5 table.
pub fn ready() -> bool {
    partitions()
        .iter()
        .all(|p| cached_tables(&key(p)).is_some())
}

/// Reads back from IndexedDB every 5x5 table this worker lacks (tables already read are kept); returns those
/// still missing (all of them when IndexedDB cannot be used: they are then built and not kept). The reads' garbage
/// (as large as the tables) is collected at once ([`crate::browser::collect_garbage_soon`]), not while the first
/// solve runs.
pub async fn restore() -> Vec<Partition> {
    let mut missing = Vec::new();
    let wanted: Vec<Partition> = partitions()
        .into_iter()
        .filter(|p| cached_tables(&key(p)).is_none())
        .collect();
    let keys: Vec<String> = wanted.iter().map(key).collect();
    // A first visit stores none: one look says so, where a read each would wait for nine round trips.
    let stored = tables::stored(&keys)
        .await
        .unwrap_or_else(|_| vec![true; keys.len()]);
    for ((partition, table_key), stored) in wanted.into_iter().zip(&keys).zip(stored) {
        if !stored {
            missing.push(partition);
            continue;
        }
        match tables::restore(table_key).await {
            Ok(Restored::Loaded) => {}
            Ok(_) => missing.push(partition),
            Err(e) => {
                gloo::console::warn!(format!("the 5x5 pattern databases: {e}"));
                missing.push(partition);
            }
        }
    }
    crate::browser::collect_garbage_soon();
    missing
}

/// Where the build stands, and its reports to the page.
struct Build {
    scope: DedicatedWorkerGlobalScope,
    /// The request whose answer waits for the build, or `NO_REQUEST`: its progress goes there.
    request: u64,
    phase: Box<dyn Fn(Phase)>,
    started_ms: f64,
    /// Work (table entries) of all the tables.
    total: f64,
    progress: RefCell<Progress>,
}

/// The work done so far, in table entries.
struct Progress {
    /// Of the tables done.
    done: f64,
    /// Of the table being built here.
    here: f64,
    /// The tables being built in helpers: each one's work, its progress as its helper tells it, and as its build
    /// tells it (which counts a group taken over here), until it is done.
    helped: Vec<Option<(f64, HelpersProgress, f64)>>,
    last_post_ms: f64,
    /// The fraction last shown: the bar never goes back (a failed helper's group starts again here).
    shown: f64,
}

impl Build {
    /// The fraction done.
    fn fraction(&self) -> f64 {
        let p = self.progress.borrow();
        let helped: f64 = p
            .helped
            .iter()
            .flatten()
            .map(|(work, heard, told)| work * heard.fraction().max(*told))
            .sum();
        ((p.done + p.here + helped) / self.total.max(1.0)).min(1.0)
    }

    /// Milliseconds since the build started.
    fn elapsed_ms(&self) -> f64 {
        scope::clock(&self.scope)() - self.started_ms
    }

    /// Tells `phase` the fraction done, and the page too if a post is due.
    fn report(&self) {
        let fraction = {
            let fraction = self.fraction();
            let mut p = self.progress.borrow_mut();
            p.shown = p.shown.max(fraction);
            p.shown
        };
        (self.phase)(Phase::Building { fraction });
        let elapsed_ms = self.elapsed_ms();
        let due = {
            let mut p = self.progress.borrow_mut();
            let due = elapsed_ms - p.last_post_ms >= PROGRESS_EVERY_MS;
            if due {
                p.last_post_ms = elapsed_ms;
            }
            due
        };
        if due {
            post_fraction(&self.scope, self.request, fraction.min(0.99), elapsed_ms);
        }
    }
}

/// Table entries of a partition: the work its build does.
fn work(partition: &Partition) -> f64 {
    partition
        .groups()
        .iter()
        .map(|g| solver::pdb::rank::placements(25, g.len()).unwrap_or(0) as f64)
        .sum()
}

/// How many 5-tile groups helpers build: one, while this worker builds the other, so that the two use two cores.
/// A second helper's own memory takes the browser's peak past its 512 MiB budget (517-518 MiB against 502-506
/// with one: docs/performance.md).
const HELPERS: usize = 1;

/// The start of a build whose group a helper builds.
type HelperStart = helpers::Started<Box<dyn FnMut(f64, f64)>>;

/// A background build of the 5x5 tables, its helpers started ([`start`]).
pub struct Background {
    scope: DedicatedWorkerGlobalScope,
    geometry: Geometry,
    build: Rc<Build>,
    /// The 5-tile groups, each built by a helper.
    helped: Vec<(Partition, HelperStart)>,
    /// The tables built here, in order.
    here: Vec<Partition>,
    /// The helpers' cancel token (see [`start`]).
    token: Option<String>,
}

/// Starts a build of `missing` (see the module's header): the helpers of the 5-tile groups start now;
/// [`Background::go_on`] builds the rest, storing each table in IndexedDB and installing it here as it is done.
/// `phase` hears the fraction done, and the page hears it too, as progress of `request` (or of `NO_REQUEST`).
pub fn start(
    scope: &DedicatedWorkerGlobalScope,
    missing: Vec<Partition>,
    request: u64,
    phase: impl Fn(Phase) + 'static,
) -> Option<Background> {
    let geometry = geometry()?;
    // The 5-tile groups in helpers (the search needs both); the 4-tile ones here, the default goal's first.
    let (big, small): (Vec<_>, Vec<_>) = missing
        .into_iter()
        .partition(|p| p.groups().iter().any(|g| g.len() >= 5));
    let total = big.iter().chain(&small).map(work).sum();
    let build = Rc::new(Build {
        scope: scope.clone(),
        request,
        phase: Box::new(phase),
        started_ms: scope::clock(scope)(),
        total,
        progress: RefCell::new(Progress {
            done: 0.0,
            here: 0.0,
            helped: Vec::new(),
            last_post_ms: f64::NEG_INFINITY,
            shown: 0.0,
        }),
    });
    (build.phase)(Phase::Building { fraction: 0.0 });
    post_fraction(scope, request, 0.0, 0.0);
    // The helpers watch a token of this worker's: revoked when the build ends, or by the browser when this worker
    // is terminated (a helper busy building stops at its next look, where its termination could leave it running).
    let token = crate::browser::new_token();
    let mut helped = Vec::new();
    let mut here = Vec::new();
    for partition in big {
        let plan = helpers::plan_for(geometry.clone(), partition.clone());
        let Some(plan) = plan.filter(|_| helped.len() < HELPERS) else {
            here.push(partition);
            continue;
        };
        let slot = build.progress.borrow().helped.len();
        let told = Rc::clone(&build);
        let progress: Box<dyn FnMut(f64, f64)> = Box::new(move |fraction, _| {
            if let Some(Some(helped)) = told.progress.borrow_mut().helped.get_mut(slot) {
                helped.2 = fraction;
            }
            told.report();
        });
        let started = helpers::start(scope, plan, progress, PROGRESS_EVERY_MS, token.clone());
        let heard = started.helpers_progress();
        build
            .progress
            .borrow_mut()
            .helped
            .push(Some((work(&partition), heard, 0.0)));
        helped.push((partition, started));
    }
    here.extend(small);
    Some(Background {
        scope: scope.clone(),
        geometry,
        build,
        helped,
        here,
        token,
    })
}

impl Background {
    /// Builds here, once the present task ends, the 5-tile groups no helper builds, then the 4-tile tables, in
    /// slices, then collects the helpers' tables (or builds here a group whose helper failed); `done` runs once all
    /// are built, told how long the build took and with how many helpers.
    pub fn go_on(self, done: impl FnOnce(Note) + 'static) {
        let Background {
            scope,
            geometry,
            build,
            helped,
            here,
            token,
        } = self;
        wasm_bindgen_futures::spawn_local(async move {
            build_here(&scope, &geometry, here, &build).await;
            let mut helpers = 0;
            for (slot, (partition, started)) in helped.into_iter().enumerate() {
                let built = started.finish(&scope, || false, None).await;
                {
                    let mut p = build.progress.borrow_mut();
                    p.helped[slot] = None;
                    p.done += work(&partition);
                }
                if let Built::Tables { tables, helped, .. } = built {
                    helpers += helped;
                    keep(Arc::new(*tables)).await;
                }
                build.report();
            }
            if let Some(token) = token {
                let _ = web_sys::Url::revoke_object_url(&token);
            }
            // A profile that stored an earlier tiling's tables rebuilds: they go now, its disk space with them.
            if let Err(e) = tables::forget(&earlier_keys()).await {
                gloo::console::warn!(format!(
                    "the earlier 5x5 pattern databases were not deleted: {e}"
                ));
            }
            let ms = build.elapsed_ms();
            post_fraction(&scope, build.request, 1.0, ms);
            (build.phase)(Phase::Ready);
            done(Note::BuildTook {
                ms,
                helpers: u32::try_from(helpers).unwrap_or(u32::MAX),
            });
        });
    }
}

/// Posts the build's progress to the page, as progress of request `id` (or of `NO_REQUEST`).
fn post_fraction(scope: &DedicatedWorkerGlobalScope, id: u64, fraction: f64, elapsed_ms: f64) {
    let body = ResponseBody::Building {
        fraction,
        elapsed_ms,
    };
    post(scope, &Response { id, body });
}

/// Installs `tables` here, then stores them.
async fn keep(tables: Arc<PdbTables>) {
    install_tables(Arc::clone(&tables));
    if let Err(e) = tables::store(&tables).await {
        gloo::console::warn!(format!("a 5x5 pattern database was not stored: {e}"));
    }
}

/// Builds each table of `queue` here, in slices between which requests are served (`helpers::build` with no
/// helper), then installs and stores it.
async fn build_here(
    scope: &DedicatedWorkerGlobalScope,
    geometry: &Geometry,
    queue: Vec<Partition>,
    build: &Build,
) {
    for partition in queue {
        let size = work(&partition);
        let progress = |fraction: f64, _elapsed_ms: f64| {
            build.progress.borrow_mut().here = fraction * size;
            build.report();
        };
        let plan = helpers::plan_here(geometry.clone(), partition);
        let built = helpers::build(
            scope,
            plan,
            progress,
            PROGRESS_EVERY_MS,
            None,
            || false,
            None,
        )
        .await;
        let Built::Tables { tables, .. } = built else {
            return;
        };
        {
            let mut p = build.progress.borrow_mut();
            p.here = 0.0;
            p.done += size;
        }
        keep(Arc::new(*tables)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_big_tables_then_the_default_goals_small_one_first() {
        let all = partitions();
        assert_eq!(all.len(), 9);
        let sizes: Vec<usize> = all.iter().map(|p| p.groups()[0].len()).collect();
        assert_eq!(&sizes[..2], &[5; 2]);
        assert!(sizes[2..].iter().all(|&s| s == 4));
        // The first small table is the default goal's: the blank on the last cell, whose corner group a half turn
        // takes onto the first corner's (the blank onto cell 0).
        assert_eq!(all[2].blank(), 0);
        assert_eq!(all[2].groups()[0], vec![1, 2, 5, 6]);
        let keys: std::collections::HashSet<String> = all.iter().map(key).collect();
        assert_eq!(keys.len(), 9, "every table has its own key");
    }

    #[test]
    fn only_staged_solves_of_5x5_boards_want_the_tables() {
        let start = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24";
        assert!(wants_tables(&format!(
            "puzzle=sliding&size=5x5&start={start}"
        )));
        assert!(wants_tables(&format!(
            "puzzle=sliding&size=5x5&start={start}&algo=staged"
        )));
        assert!(!wants_tables(&format!(
            "puzzle=sliding&size=5x5&start={start}&algo=weighted"
        )));
        assert!(!wants_tables(
            "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
        ));
        assert!(!wants_tables("not a query"));
    }

    #[test]
    fn the_note_says_the_tables_are_being_built() {
        assert_eq!(
            Phase::Building { fraction: 0.42 }.note(),
            Some(Note::Building5x5 { percent: 42 })
        );
        // Without the tables in this process, nothing else is said.
        assert_eq!(Phase::Ready.note(), None);
        assert_eq!(Phase::Idle.note(), None);
        assert!(Phase::Restoring.busy() && !Phase::Ready.busy() && !Phase::Idle.busy());
    }
}
