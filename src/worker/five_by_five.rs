//! The 5x5 pattern databases in the browser: the two 5-tile group tables of `solver::pdb::WindowTables` (3.2 MB
//! each at half a byte an entry, `PdbTables::packed`; one serves the centre's group, the other the four groups
//! around it, quarter turns of one another) and the seven smaller 4-tile ones (0.15 MB each, serving the 25 blank
//! cells), read back from IndexedDB or built in the background, each stored there as soon as it is done: all here,
//! in slices between which requests are served, the 5-tile groups first. No helper worker: a helper is a second
//! copy of this worker (its own WebAssembly memory, ~21 MB while it builds a 5-tile group, and its own compiled
//! code), while this worker's memory already holds what its first 5x5 search freed, where a group's build fits; on
//! two cores the build takes as long without a helper and the browser's peak is lower (docs/performance.md, "Why the
//! builds are shaped as they are").
//!
//! A 5x5 solve never waits for them: until they are ready the staged solver improves its answer without them and
//! its report says they are being prepared; once they are, its improvement runs the near-optimal search on them
//! (`solver::improve::FiveByFiveTables`). The build's progress goes to the page as `Building` replies to no
//! request (`NO_REQUEST`), since it outlives the request that started it.

use super::helpers::{self, Built};
use super::scope::{self, post};
use super::tables::{self, Restored};
use crate::protocol::{Response, ResponseBody, NO_REQUEST, PROGRESS_EVERY_MS};
use solver::pdb::cache::{cached_tables, install_tables};
use solver::pdb::{partition_key, Geometry, Partition, WindowTables};
use solver::report::Note;
use std::cell::RefCell;
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

/// Where the build stands.
struct Build {
    /// Work (table entries) of the tables done, of the one being built, and of all.
    done: f64,
    current: f64,
    total: f64,
    started_ms: f64,
    last_post_ms: f64,
}

impl Build {
    fn fraction(&self) -> f64 {
        ((self.done + self.current) / self.total.max(1.0)).min(1.0)
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

/// Builds `missing` in the background (see the module's header), storing each table in IndexedDB and installing
/// it here as it is done; `phase` hears the fraction done, and the page hears it too. `done` runs once all are
/// built.
pub fn build(
    scope: &DedicatedWorkerGlobalScope,
    missing: Vec<Partition>,
    phase: impl Fn(Phase) + 'static,
    done: impl FnOnce() + 'static,
) {
    let now = scope::clock(scope);
    // The 5-tile groups first: the search needs both; then the 4-tile ones, the default goal's first.
    let (big, small): (Vec<_>, Vec<_>) = missing
        .into_iter()
        .partition(|p| p.groups().iter().any(|g| g.len() >= 5));
    let queue: Vec<Partition> = big.into_iter().chain(small).collect();
    let shared = RefCell::new(Build {
        done: 0.0,
        current: 0.0,
        total: queue.iter().map(work).sum(),
        started_ms: now(),
        last_post_ms: f64::NEG_INFINITY,
    });
    phase(Phase::Building { fraction: 0.0 });
    post_fraction(scope, 0.0, 0.0);
    let scope = scope.clone();
    wasm_bindgen_futures::spawn_local(async move {
        build_each(&scope, queue, &shared, &phase).await;
        // A profile that stored an earlier tiling's tables rebuilds: they go now, its disk space with them.
        if let Err(e) = tables::forget(&earlier_keys()).await {
            gloo::console::warn!(format!(
                "the earlier 5x5 pattern databases were not deleted: {e}"
            ));
        }
        post_fraction(&scope, 1.0, now_since(&scope, &shared));
        phase(Phase::Ready);
        done();
    });
}

/// Milliseconds since the build started.
fn now_since(scope: &DedicatedWorkerGlobalScope, shared: &RefCell<Build>) -> f64 {
    scope::clock(scope)() - shared.borrow().started_ms
}

/// Posts the build's progress to the page.
fn post_fraction(scope: &DedicatedWorkerGlobalScope, fraction: f64, elapsed_ms: f64) {
    let body = ResponseBody::Building {
        fraction,
        elapsed_ms,
    };
    post(
        scope,
        &Response {
            id: NO_REQUEST,
            body,
        },
    );
}

/// Builds each table of `queue` here, in slices between which requests are served (`helpers::build` with no
/// helper), then installs and stores it.
async fn build_each(
    scope: &DedicatedWorkerGlobalScope,
    queue: Vec<Partition>,
    shared: &RefCell<Build>,
    phase: &dyn Fn(Phase),
) {
    let Some(geometry) = geometry() else {
        return;
    };
    for partition in queue {
        let size = work(&partition);
        let progress = |fraction: f64, _elapsed_ms: f64| {
            let fraction = {
                let mut s = shared.borrow_mut();
                s.current = fraction * size;
                s.fraction()
            };
            phase(Phase::Building { fraction });
            let elapsed_ms = now_since(scope, shared);
            let due = {
                let mut s = shared.borrow_mut();
                let due = elapsed_ms - s.last_post_ms >= PROGRESS_EVERY_MS;
                if due {
                    s.last_post_ms = elapsed_ms;
                }
                due
            };
            if due {
                post_fraction(scope, fraction.min(0.99), elapsed_ms);
            }
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
        let tables = Arc::new(*tables);
        install_tables(Arc::clone(&tables));
        {
            let mut s = shared.borrow_mut();
            s.current = 0.0;
            s.done += size;
        }
        if let Err(e) = tables::store(&tables).await {
            gloo::console::warn!(format!("a 5x5 pattern database was not stored: {e}"));
        }
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
