//! The 15-puzzle's shortest answer on a first visit, before its 6-6-3 tables are built. While a helper builds one
//! 6-tile group, this worker builds the quick 4-4-4-3 tables (`solver::pdb::Partition::quick_for`, in tens of
//! milliseconds) and runs IDA* on them: the tables are admissible, only weaker, so the answer is proven shortest
//! all the same. That answer ends the request; the build then goes on unseen (this worker's own groups, the
//! helper's collected), and the 6-6-3 tables are installed and stored as after any build, for every later solve,
//! while the quick ones are dropped. Requests that come meanwhile run between the build's slices, all but one that
//! needs big tables of its own (another goal's, or these), which waits for the build's end.
//! Only a request that asks (`quick_tables`: the lab's Solve) gets the quick search: the lessons' figures show the
//! full tables' run, number for number.
//!
//! On a hard board the quick tables need many times the 6-6-3's nodes: a search on them that runs past its budget
//! (about the build time it holds back: [`QUICK_SEARCH_PER_BUILD`]) gives way, and the request waits for the
//! build and searches on the 6-6-3 as it would have without them. The quick tables are never stored: building them takes about as long as reading them back.

use super::helpers::{Meanwhile, Plan};
use super::scope::post;
use super::tables::Prepared;
use super::{solve, Worker};
use crate::protocol::{Request, RequestKind, Response, ResponseBody};
use solver::pdb::cache::{cached_tables, forget_tables, install_tables};
use solver::pdb::{partition_key, Geometry, Partition, PdbTables};
use solver::report::{Note, Said};
use solver::Status;
use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;

/// The least time the search on the quick tables is given, in milliseconds, before it gives way to the 6-6-3
/// tables; the budget is longer on a slow or busy machine ([`QUICK_SEARCH_PER_BUILD`]).
pub const QUICK_SEARCH_MS: u64 = 2_000;

/// The quick search's budget in units of the time its tables took to build. Giving way costs about the build of
/// this worker's own 6-tile group (held back while the quick search runs; the 6-6-3 search after it takes a
/// twentieth of the quick one's nodes), so the search is given about that long, which bounds the loss either way.
/// That group has about 50 times the quick tables' build work (natively 1.9-2.6 s against 23-56 ms), and the quick
/// build, timed under the same load, scales it to this machine now.
pub const QUICK_SEARCH_PER_BUILD: f64 = 50.0;

/// The quick tables of a build's board, and the search on them for one request.
pub struct QuickSearch {
    geometry: Geometry,
    partition: Partition,
    /// Set once the quick search has answered the request.
    answered: Rc<Cell<bool>>,
    /// The request and the worker that answers it, while it runs.
    job: Option<(Worker, Request)>,
    /// Milliseconds the quick tables took to build (0 when this worker held them).
    built_ms: f64,
}

impl QuickSearch {
    /// The quick search for `request`, when it asks for one (`quick_tables`), while `plan`'s tables build on a
    /// board the quick tables serve (4x4); `None` otherwise.
    pub fn for_request(request: &Request, plan: &Plan) -> Option<QuickSearch> {
        let RequestKind::Solve {
            quick_tables: true, ..
        } = &request.kind
        else {
            return None;
        };
        let geometry = plan.geometry().clone();
        let partition = Partition::quick_for(&geometry, plan.blank())?.ok()?;
        Some(QuickSearch {
            geometry,
            partition,
            answered: Rc::default(),
            job: None,
            built_ms: 0.0,
        })
    }

    /// The flag set once the request is answered.
    pub fn answered(&self) -> Rc<Cell<bool>> {
        Rc::clone(&self.answered)
    }

    fn key(&self) -> String {
        partition_key(&self.geometry, &self.partition)
    }
}

impl Meanwhile for QuickSearch {
    /// Builds the quick tables (unless held), then searches on them and answers the request (with the shortest
    /// answer, or why there is none: an unsolvable board), unless the search reached its budget; a cancelled
    /// search answers it too, and stops the build.
    fn run(&mut self) -> bool {
        if cached_tables(&self.key()).is_none() {
            let started = js_sys::Date::now();
            let tables = PdbTables::build(&self.geometry, &self.partition, |_| {});
            install_tables(Arc::new(tables));
            self.built_ms = js_sys::Date::now() - started;
        }
        let Some((worker, request)) = &self.job else {
            return true;
        };
        let budget_ms = (self.built_ms * QUICK_SEARCH_PER_BUILD).max(QUICK_SEARCH_MS as f64);
        let Some(mut report) = worker.search(request, Some(budget_ms as u64), None) else {
            return true;
        };
        let build_goes_on = match report.status {
            Status::Limit => return true,
            Status::Cancelled => false,
            Status::Solved => {
                let ms = self.built_ms;
                report.notes.push(Note::ShortestOnQuickTables { ms });
                true
            }
            _ => true,
        };
        worker.post_done(request, report);
        self.answered.set(true);
        worker.answered_while_building();
        build_goes_on
    }
}

impl Worker {
    /// Answers `request` with the quick search while `plan`'s tables build, then finishes the build: installs the
    /// tables and stores them (`prepared`, the cache's look before), or, when the quick search gave way, answers
    /// the request on them. True if the quick search answered (the build then went on behind the answer).
    pub(super) async fn answer_while_building(
        &self,
        request: Request,
        plan: Plan,
        mut quick: QuickSearch,
        prepared: Prepared,
    ) -> bool {
        quick.job = Some((self.clone(), request.clone()));
        let built = self
            .build_in_helpers(&request, plan, Some(&mut quick))
            .await;
        quick.job = None;
        let answered = quick.answered.get();
        forget_tables(&quick.key());
        match built {
            Some(build_note) => {
                if answered {
                    // The note for a report already sent goes nowhere; the write it starts is what counts.
                    let _ = prepared.finish(&mut self.state.borrow_mut().tables);
                } else {
                    self.answer(request, Some(prepared), None, Some(build_note));
                }
            }
            None if answered => {}
            None => {
                if let RequestKind::Solve { query, .. } = &request.kind {
                    let report =
                        solve::cancelled_before_search(query, Said::CancelledWhileBuilding);
                    let body = ResponseBody::Done { report };
                    let id = request.id;
                    post(&self.scope, &Response { id, body });
                }
            }
        }
        answered
    }
}
