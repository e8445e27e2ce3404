//! The one request router: every request to the worker goes out through it, and every reply comes back through it.
//!
//! The router gives each request its id, keeps a queue of requests waiting for the worker, hands the worker one
//! request at a time (the worker answers one search at a time anyway, so a request is sent only when the worker is
//! free: a request waiting behind another is never taken for a silent worker), counts the worker's generations
//! (a new one each time the worker is replaced) and tells the top-level reducer which concern owns each reply.
//! It never changes anything outside itself: what must happen in the browser leaves as [`Effect`] values.

use super::owner::Owner;
use crate::protocol::{Request, RequestKind, Response, ResponseBody, NO_REQUEST};
use std::collections::VecDeque;

/// After a search whose peak memory estimate passes this, the worker is replaced to give its memory back.
pub const RESPAWN_AFTER_BYTES: u64 = 256 << 20;

/// What the app must do in the browser, in order: the reducer's only way to act outside the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Terminate the worker and start a fresh one (cancel, crash, silence, memory).
    ReplaceWorker,
    /// Post a request to the worker.
    Post(Request),
}

/// Why a request was lost before its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Lost {
    /// The worker crashed (why, in the browser's words).
    Crashed(String),
    /// The worker could not start.
    Broken(String),
    /// The worker was replaced for another reason.
    Replaced,
}

/// Where a worker reply goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Route {
    /// To the owner of the request in flight; `finished` when this reply is its last (`Done` or `Error`).
    To { owner: Owner, finished: bool },
    /// The worker could not start (`Error` without a request): the request in flight, if any, is lost.
    Broken { lost: Option<Owner> },
    /// A note after the last reply of the request answered last (a finished solve's step-by-step record).
    Late { owner: Owner },
    /// A request nobody waits for any more.
    Stale,
}

/// The request router.
#[derive(Debug, Clone, PartialEq)]
pub struct Router {
    /// The id the next request gets.
    next_id: u64,
    /// Requests waiting for the worker, oldest first.
    queue: VecDeque<(Owner, Request)>,
    /// The request the worker is on, and its owner.
    in_flight: Option<(Owner, u64)>,
    /// The request answered last, and its owner: notes that follow its answer still reach it.
    answered: Option<(Owner, u64)>,
    /// Bumped each time the worker is replaced.
    generation: u32,
    /// The worker generation last told to get ready for a board (`RequestKind::Prepare`).
    prepared: Option<u32>,
}

impl Default for Router {
    fn default() -> Self {
        Router {
            next_id: NO_REQUEST + 1,
            queue: VecDeque::new(),
            in_flight: None,
            answered: None,
            generation: 0,
            prepared: None,
        }
    }
}

impl Router {
    /// Queues a request for `owner`, sends it if the worker is free, and returns its id.
    pub fn post(&mut self, owner: Owner, kind: RequestKind, fx: &mut Vec<Effect>) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        self.queue.push_back((owner, Request { id, kind }));
        self.pump(fx);
        id
    }

    /// Sends the oldest waiting request if the worker is free.
    fn pump(&mut self, fx: &mut Vec<Effect>) {
        if self.in_flight.is_some() {
            return;
        }
        if let Some((owner, request)) = self.queue.pop_front() {
            self.in_flight = Some((owner, request.id));
            fx.push(Effect::Post(request));
        }
    }

    /// Replaces the worker; the request it was on is lost and returned, so that its owner can be told. Waiting
    /// requests go to the fresh worker.
    pub fn replace_worker(&mut self, fx: &mut Vec<Effect>) -> Option<Owner> {
        self.generation = self.generation.wrapping_add(1);
        fx.push(Effect::ReplaceWorker);
        let lost = self.in_flight.take().map(|(owner, _)| owner);
        self.pump(fx);
        lost
    }

    /// Withdraws every request of the owners `which` picks: waiting ones leave the queue; one in flight costs the
    /// worker (replaced, the only instant stop). Returns whether the worker was replaced.
    pub fn withdraw(&mut self, which: impl Fn(&Owner) -> bool, fx: &mut Vec<Effect>) -> bool {
        self.queue.retain(|(owner, _)| !which(owner));
        if self
            .in_flight
            .as_ref()
            .is_some_and(|(owner, _)| which(owner))
        {
            self.replace_worker(fx);
            true
        } else {
            false
        }
    }

    /// Routes a reply to its owner. A last reply (`Done`, `Error`, `Truth`) frees the worker for the next request; after an
    /// error, or a search that grew past `RESPAWN_AFTER_BYTES`, the worker is replaced first.
    pub fn route(&mut self, response: &Response, fx: &mut Vec<Effect>) -> Route {
        let Response { id, body } = response;
        if *id == NO_REQUEST {
            return match body {
                ResponseBody::Error { .. } => {
                    let lost = self.in_flight.take().map(|(owner, _)| owner);
                    // The client spawns a fresh worker for the next post.
                    self.pump(fx);
                    Route::Broken { lost }
                }
                _ => Route::Stale,
            };
        }
        let owner = match (&self.in_flight, &self.answered) {
            (Some((owner, current)), _) if current == id => owner.clone(),
            (_, Some((owner, answered))) if answered == id => {
                return Route::Late {
                    owner: owner.clone(),
                }
            }
            _ => return Route::Stale,
        };
        let finished = match body {
            ResponseBody::Done { report } => {
                self.answered = self.in_flight.take();
                if report.stats.peak_memory_bytes > RESPAWN_AFTER_BYTES {
                    self.replace_worker(fx);
                }
                true
            }
            ResponseBody::Error { .. } => {
                self.answered = self.in_flight.take();
                self.replace_worker(fx);
                true
            }
            ResponseBody::Truth { .. } => {
                self.answered = self.in_flight.take();
                true
            }
            _ => false,
        };
        self.pump(fx);
        Route::To { owner, finished }
    }

    /// The worker crashed: the request in flight, if any, is lost and returned, and a fresh worker takes the
    /// waiting ones. (An idle worker that died is replaced by the client on the next post.)
    pub fn crashed(&mut self, fx: &mut Vec<Effect>) -> Option<Owner> {
        self.in_flight.as_ref()?;
        self.replace_worker(fx)
    }

    /// The id of the request the worker is on, if `which` picks its owner.
    pub fn in_flight(&self, which: impl Fn(&Owner) -> bool) -> Option<u64> {
        self.in_flight
            .as_ref()
            .filter(|(owner, _)| which(owner))
            .map(|(_, id)| *id)
    }

    /// The id of the first request, in flight or waiting, whose owner `which` picks.
    pub fn id_of(&self, which: impl Fn(&Owner) -> bool) -> Option<u64> {
        self.in_flight
            .iter()
            .map(|(owner, id)| (owner, *id))
            .chain(self.queue.iter().map(|(owner, r)| (owner, r.id)))
            .find(|(owner, _)| which(owner))
            .map(|(_, id)| id)
    }

    /// Whether a request of an owner `which` picks is waiting or in flight.
    pub fn has(&self, which: impl Fn(&Owner) -> bool) -> bool {
        self.in_flight
            .as_ref()
            .is_some_and(|(owner, _)| which(owner))
            || self.queue.iter().any(|(owner, _)| which(owner))
    }

    /// When the board shown (`query`) is one whose solves run on tables (a 5x5 board: `protocol::prepares`), tells
    /// the worker to get ready for it (`RequestKind::Prepare`: it reads them back now rather than at the Solve
    /// click), once per worker: sent at once, outside the queue, since nothing answers it (a request sent meanwhile
    /// waits in the worker for the read, which it would have done itself).
    pub fn prepare(&mut self, query: &solver::query::Query, fx: &mut Vec<Effect>) {
        if self.prepared == Some(self.generation) || !crate::protocol::prepares(query) {
            return;
        }
        self.prepared = Some(self.generation);
        let id = self.next_id;
        self.next_id += 1;
        let kind = RequestKind::Prepare {
            query: query.to_query_string(),
        };
        fx.push(Effect::Post(Request { id, kind }));
    }

    /// How many times the worker has been replaced.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Whether no request is waiting or in flight.
    pub fn is_idle(&self) -> bool {
        self.in_flight.is_none() && self.queue.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::state::owner::PuzzleId;
    use solver::{Algorithm, Moves, Report, Status};

    fn kind(query: &str) -> RequestKind {
        RequestKind::Solve {
            query: query.into(),
            max_states: 10,
            time_limit_ms: None,
            max_depth: None,
            cancel_token: None,
            trace: false,
        }
    }

    fn posted(fx: &[Effect]) -> Vec<u64> {
        fx.iter()
            .filter_map(|e| match e {
                Effect::Post(r) => Some(r.id),
                Effect::ReplaceWorker => None,
            })
            .collect()
    }

    fn done(id: u64, peak: u64) -> Response {
        let mut report = Report::new(
            Status::Solved,
            Algorithm::Bfs,
            Moves::Sliding("".into()),
            0,
            "",
        );
        report.stats.peak_memory_bytes = peak;
        Response {
            id,
            body: ResponseBody::Done { report },
        }
    }

    #[test]
    fn requests_wait_their_turn_and_each_reply_reaches_its_owner() {
        let mut router = Router::default();
        let mut fx = Vec::new();
        let a = router.post(Owner::CompareRow(0), kind("a"), &mut fx);
        let b = router.post(Owner::Solve(PuzzleId::Lab), kind("b"), &mut fx);
        assert_ne!(a, b);
        assert_eq!(posted(&fx), [a], "one request at a time");
        fx.clear();
        let progress = Response {
            id: a,
            body: ResponseBody::Progress {
                expanded: 1,
                generated: 1,
                elapsed_ms: 1.0,
            },
        };
        assert_eq!(
            router.route(&progress, &mut fx),
            Route::To {
                owner: Owner::CompareRow(0),
                finished: false
            }
        );
        assert_eq!(
            router.route(&done(b, 0), &mut fx),
            Route::Stale,
            "not sent yet"
        );
        assert!(fx.is_empty());
        assert_eq!(
            router.route(&done(a, 0), &mut fx),
            Route::To {
                owner: Owner::CompareRow(0),
                finished: true
            }
        );
        assert_eq!(posted(&fx), [b], "the next request goes out");
        fx.clear();
        // A memory-hungry search costs the worker, after its answer.
        assert!(matches!(
            router.route(&done(b, RESPAWN_AFTER_BYTES + 1), &mut fx),
            Route::To {
                owner: Owner::Solve(PuzzleId::Lab),
                finished: true
            }
        ));
        assert_eq!(fx, [Effect::ReplaceWorker]);
        assert_eq!(router.generation(), 1);
        assert!(router.is_idle());
    }

    #[test]
    fn withdrawing_drops_waiting_requests_and_replaces_a_busy_worker() {
        let mut router = Router::default();
        let mut fx = Vec::new();
        let hint = router.post(Owner::Hint(vec![1]), kind("h"), &mut fx);
        router.post(Owner::Optimum, kind("o"), &mut fx);
        let solve = router.post(Owner::Solve(PuzzleId::Lab), kind("s"), &mut fx);
        fx.clear();
        assert!(router.withdraw(Owner::is_hand_play, &mut fx));
        assert_eq!(fx[0], Effect::ReplaceWorker);
        assert_eq!(posted(&fx), [solve], "the solve goes to the fresh worker");
        assert_eq!(router.route(&done(hint, 0), &mut fx), Route::Stale);
        fx.clear();
        // Only waiting: no worker is replaced.
        router.post(Owner::Optimum, kind("o"), &mut fx);
        assert!(!router.withdraw(Owner::is_hand_play, &mut fx));
        assert!(fx.is_empty());
        assert_eq!(router.crashed(&mut fx), Some(Owner::Solve(PuzzleId::Lab)));
        assert!(router.is_idle());
    }
}
