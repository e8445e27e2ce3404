//! The one request router, and the one owner of the worker's life: every request to the worker goes out through
//! it, every reply comes back through it, and it alone decides when the worker is replaced.
//!
//! The router gives each request its id, keeps the one queue of requests waiting for the worker, and hands the
//! worker one request at a time: the worker answers one search at a time anyway, so a request is sent only when
//! the worker is free (a request waiting behind another is never taken for a silent worker). Nothing is sent to a
//! worker before it says `Ready` (its WebAssembly loads first, and drops what comes before). Each replacement
//! starts a new generation of the worker: on Cancel (a request withdrawn while the worker is on it), a crash, an
//! error, silence, or the worker's own request to be retired. The worker judges its memory itself
//! (`worker::RETIRE_ABOVE_BYTES`, beside the tables it holds, which only it knows) and asks once idle; the router
//! carries that out. A fresh worker is told to get ready for the board shown (`RequestKind::Prepare`) before its
//! first request.
//!
//! It never changes anything outside itself: what must happen in the browser leaves as [`Effect`] values, and the
//! replies it routes tell the top-level reducer which concern owns each.

use super::owner::Owner;
use crate::page::i18n::Text;
use crate::protocol::{Request, RequestKind, Response, ResponseBody, NO_REQUEST};
use std::collections::VecDeque;

/// What the app must do in the browser, in order: the reducer's only way to act outside the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    /// Terminate the worker and start a fresh one (cancel, crash, silence, error, retirement).
    ReplaceWorker,
    /// Post a request to the worker.
    Post(Request),
}

/// Why a request was lost before its answer.
#[derive(Debug, Clone, PartialEq)]
pub enum Lost {
    /// The worker crashed (why, in the browser's words).
    Crashed(String),
    /// The worker could not start, or could not run the request: why, in words.
    Broken(Text),
    /// The worker was replaced for another reason.
    Replaced,
}

/// Where a worker reply goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Route {
    /// To the owner of the request in flight; `finished` when this reply is its last (`Done`, `Error`, `Truth`).
    To { owner: Owner, finished: bool },
    /// The worker could not start (`Error` without a request): the request in flight, if any, is lost.
    Broken { lost: Option<Owner> },
    /// A note after the last reply of the request answered last (a finished solve's step-by-step record).
    Late { owner: Owner },
    /// A worker said `Ready`: a fresh one, in which nothing is being built yet.
    Fresh,
    /// A request nobody waits for any more.
    Stale,
}

/// Where the worker stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Life {
    /// Started, its WebAssembly still loading: it hears nothing until it says `Ready`.
    Loading,
    /// Listening.
    Ready,
    /// Crashed, or could not start: the next request starts a fresh one.
    Dead,
}

/// The workers replaced at their own request: how many, and what the last one held. The page shows them on its
/// root element, where tests and measurements read them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Retired {
    pub count: u32,
    /// The last retired worker's WebAssembly memory, in bytes.
    pub memory_bytes: u64,
}

/// The request router.
#[derive(Debug, Clone, PartialEq)]
pub struct Router {
    /// The id the next request gets.
    next_id: u64,
    /// Requests waiting for the worker, oldest first.
    queue: VecDeque<(Owner, Request)>,
    /// The request the current worker is on (sent once it is `Ready`: posted at once to a ready worker, at its
    /// `Ready` to a loading one), and its owner. If this worker dies, that request is lost with it, so that a
    /// worker that cannot start loses one request per attempt rather than starting over for ever.
    in_flight: Option<(Owner, Request)>,
    /// The request answered last, and its owner: notes that follow its answer still reach it.
    answered: Option<(Owner, u64)>,
    life: Life,
    /// Bumped each time the worker is replaced.
    generation: u32,
    /// The board shown, when its solves run on tables worth reading before the Solve click (`protocol::prepares`).
    board: Option<String>,
    /// The worker generation last told to get ready for a board.
    prepared: Option<u32>,
    retired: Retired,
}

impl Default for Router {
    /// The router of a page whose store starts its worker as it mounts: loading.
    fn default() -> Self {
        Router {
            next_id: NO_REQUEST + 1,
            queue: VecDeque::new(),
            in_flight: None,
            answered: None,
            life: Life::Loading,
            generation: 0,
            board: None,
            prepared: None,
            retired: Retired::default(),
        }
    }
}

impl Router {
    /// Queues a request for `owner`, sends it if the worker is free, and returns its id.
    pub fn post(&mut self, owner: Owner, kind: RequestKind, fx: &mut Vec<Effect>) -> u64 {
        let id = self.take_id();
        self.queue.push_back((owner, Request { id, kind }));
        self.pump(fx);
        id
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// When the worker is free, gives it the oldest waiting request: a dead worker is replaced for it first, and a
    /// ready one is first told to get ready for the board shown, if it has not been.
    fn pump(&mut self, fx: &mut Vec<Effect>) {
        if self.in_flight.is_some() {
            return;
        }
        if self.life == Life::Ready {
            self.send_prepare(fx);
        }
        let Some((owner, request)) = self.queue.pop_front() else {
            return;
        };
        if self.life == Life::Dead {
            self.start_fresh(fx);
        }
        if self.life == Life::Ready {
            fx.push(Effect::Post(request.clone()));
        }
        self.in_flight = Some((owner, request));
    }

    /// Terminates the worker and starts the next generation. The request in flight stays assigned: the caller
    /// decides whether it is lost or goes to the fresh worker.
    fn start_fresh(&mut self, fx: &mut Vec<Effect>) {
        self.generation = self.generation.wrapping_add(1);
        self.life = Life::Loading;
        fx.push(Effect::ReplaceWorker);
    }

    /// Replaces the worker; the request it was on is lost and returned, so that its owner can be told. Waiting
    /// requests go to the fresh worker.
    pub fn replace_worker(&mut self, fx: &mut Vec<Effect>) -> Option<Owner> {
        self.start_fresh(fx);
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

    /// Routes a reply to its owner. A last reply (`Done`, `Error`, `Truth`) frees the worker for the next request;
    /// after an error the worker is replaced first. The worker's `Ready` sends it what waited for it.
    pub fn route(&mut self, response: &Response, fx: &mut Vec<Effect>) -> Route {
        let Response { id, body } = response;
        if *id == NO_REQUEST {
            return match body {
                ResponseBody::Ready => {
                    self.ready(fx);
                    Route::Fresh
                }
                ResponseBody::Error { .. } => Route::Broken {
                    lost: self.died(fx),
                },
                _ => Route::Stale,
            };
        }
        let owner = match (&self.in_flight, &self.answered) {
            (Some((owner, current)), _) if current.id == *id => owner.clone(),
            (_, Some((owner, answered))) if answered == id => {
                return Route::Late {
                    owner: owner.clone(),
                }
            }
            _ => return Route::Stale,
        };
        let finished = matches!(
            body,
            ResponseBody::Done { .. } | ResponseBody::Error { .. } | ResponseBody::Truth { .. }
        );
        if finished {
            self.answered = self
                .in_flight
                .take()
                .map(|(owner, request)| (owner, request.id));
            if matches!(body, ResponseBody::Error { .. }) {
                self.start_fresh(fx);
            }
            self.pump(fx);
        }
        Route::To { owner, finished }
    }

    /// A worker said `Ready`: if it is the one loading, it is told to get ready for the board shown, then given
    /// the request that waited for it. (A `Ready` when none was loading sends nothing again.)
    fn ready(&mut self, fx: &mut Vec<Effect>) {
        if self.life != Life::Loading {
            return;
        }
        self.life = Life::Ready;
        self.send_prepare(fx);
        if let Some((_, request)) = &self.in_flight {
            fx.push(Effect::Post(request.clone()));
        }
    }

    /// The worker is dead: the request it was on, if any, is lost and returned; waiting ones get a fresh worker.
    fn died(&mut self, fx: &mut Vec<Effect>) -> Option<Owner> {
        self.life = Life::Dead;
        let lost = self.in_flight.take().map(|(owner, _)| owner);
        self.pump(fx);
        lost
    }

    /// The worker crashed: the request in flight, if any, is lost and returned, and the worker is replaced at once,
    /// so that the fresh one loads while the owner hears of the loss. A worker that died idle (or could not load)
    /// is replaced only when a request needs one: one that cannot start is not started over and over.
    pub fn crashed(&mut self, fx: &mut Vec<Effect>) -> Option<Owner> {
        let lost = self.died(fx);
        if lost.is_some() && self.life == Life::Dead {
            self.start_fresh(fx);
        }
        lost
    }

    /// The worker asks to be retired (`WorkerNote::Retire`: idle, every table it built stored, its memory grown
    /// past what it keeps); it held `memory_bytes`. A fresh worker takes its place at once, and with it the request
    /// in flight and those waiting. Nothing is lost or heard twice: the worker asks only once it has answered all it
    /// was sent, so a request still in flight reached it after the note left, and nothing of it has been heard.
    /// Returns whether the worker was replaced (not when none was listening).
    pub fn retire(&mut self, memory_bytes: u64, fx: &mut Vec<Effect>) -> bool {
        if self.life != Life::Ready {
            return false;
        }
        self.retired = Retired {
            count: self.retired.count + 1,
            memory_bytes,
        };
        self.start_fresh(fx);
        true
    }

    /// The board shown, after every action: when its solves run on tables (a 5x5 board: `protocol::prepares`), the
    /// worker is told to get ready for them (`RequestKind::Prepare`: it reads them back now rather than at the
    /// Solve click), once per worker, as soon as it is ready and free. Nothing answers a Prepare, so it takes no
    /// place in the queue: the request sent after it waits in the worker for the read, which it would have done
    /// itself.
    pub fn prepare(&mut self, query: &solver::query::Query, fx: &mut Vec<Effect>) {
        self.board = crate::protocol::prepares(query).then(|| query.to_query_string());
        self.pump(fx);
    }

    /// Tells the worker to get ready for the board shown, if it has not been told and the board needs it.
    fn send_prepare(&mut self, fx: &mut Vec<Effect>) {
        if self.prepared == Some(self.generation) {
            return;
        }
        let Some(query) = self.board.clone() else {
            return;
        };
        self.prepared = Some(self.generation);
        let id = self.take_id();
        let kind = RequestKind::Prepare { query };
        fx.push(Effect::Post(Request { id, kind }));
    }

    /// The id of the request the worker is on (or takes first once it has loaded), if `which` picks its owner.
    pub fn in_flight(&self, which: impl Fn(&Owner) -> bool) -> Option<u64> {
        self.in_flight
            .as_ref()
            .filter(|(owner, _)| which(owner))
            .map(|(_, request)| request.id)
    }

    /// The id of the first request, in flight or waiting, whose owner `which` picks.
    pub fn id_of(&self, which: impl Fn(&Owner) -> bool) -> Option<u64> {
        self.in_flight
            .iter()
            .chain(self.queue.iter())
            .find(|(owner, _)| which(owner))
            .map(|(_, request)| request.id)
    }

    /// Whether a request of an owner `which` picks is waiting or in flight.
    pub fn has(&self, which: impl Fn(&Owner) -> bool) -> bool {
        self.in_flight
            .iter()
            .chain(self.queue.iter())
            .any(|(owner, _)| which(owner))
    }

    /// How many times the worker has been replaced.
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// The workers retired at their own request so far.
    pub fn retired(&self) -> Retired {
        self.retired
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
    use crate::protocol::Failure;
    use solver::{Algorithm, Moves, Report, Status};

    const SOLVE: Owner = Owner::Solve(PuzzleId::Lab);

    fn kind(query: &str) -> RequestKind {
        RequestKind::Solve {
            query: query.into(),
            max_states: 10,
            time_limit_ms: None,
            max_depth: None,
            cancel_token: None,
            trace: false,
            quick_tables: false,
        }
    }

    /// The ids of the requests posted, and a `0` for each replacement, in order; `fx` is emptied.
    fn taken(fx: &mut Vec<Effect>) -> Vec<u64> {
        fx.drain(..)
            .map(|e| match e {
                Effect::Post(r) => r.id,
                Effect::ReplaceWorker => 0,
            })
            .collect()
    }

    fn done(id: u64) -> Response {
        let report = Report::new(
            Status::Solved,
            Algorithm::Bfs,
            Moves::Sliding("".into()),
            0,
            Vec::new(),
        );
        Response {
            id,
            body: ResponseBody::Done { report },
        }
    }

    fn said(body: ResponseBody) -> Response {
        Response {
            id: NO_REQUEST,
            body,
        }
    }

    fn ready() -> Response {
        said(ResponseBody::Ready)
    }

    /// A router whose first worker has loaded.
    fn listening() -> Router {
        let mut router = Router::default();
        assert_eq!(router.route(&ready(), &mut Vec::new()), Route::Fresh);
        router
    }

    #[test]
    fn nothing_is_sent_before_the_worker_says_ready() {
        let mut router = Router::default();
        let mut fx = Vec::new();
        let a = router.post(Owner::CompareRow(0), kind("a"), &mut fx);
        let b = router.post(SOLVE, kind("b"), &mut fx);
        assert!(fx.is_empty(), "the worker is still loading");
        assert_eq!(
            router.in_flight(|_| true),
            Some(a),
            "a is the loading worker's"
        );
        assert_eq!(router.route(&ready(), &mut fx), Route::Fresh);
        assert_eq!(taken(&mut fx), [a], "one request at a time");
        router.route(&ready(), &mut fx);
        assert!(fx.is_empty(), "a second Ready sends nothing again");
        router.route(&done(a), &mut fx);
        assert_eq!(taken(&mut fx), [b]);
    }

    #[test]
    fn requests_wait_their_turn_and_each_reply_reaches_its_owner() {
        let mut router = listening();
        let mut fx = Vec::new();
        let a = router.post(Owner::CompareRow(0), kind("a"), &mut fx);
        let b = router.post(SOLVE, kind("b"), &mut fx);
        assert_ne!(a, b);
        assert_eq!(taken(&mut fx), [a], "one request at a time");
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
            router.route(&done(b), &mut fx),
            Route::Stale,
            "not sent yet"
        );
        assert!(fx.is_empty());
        assert_eq!(
            router.route(&done(a), &mut fx),
            Route::To {
                owner: Owner::CompareRow(0),
                finished: true
            }
        );
        assert_eq!(taken(&mut fx), [b], "the next request goes out");
        // An error costs the worker, after its answer.
        let error = Response {
            id: b,
            body: ResponseBody::Error {
                failure: Failure::NotText,
            },
        };
        assert_eq!(
            router.route(&error, &mut fx),
            Route::To {
                owner: SOLVE,
                finished: true
            }
        );
        assert_eq!(taken(&mut fx), [0]);
        assert_eq!(router.generation(), 1);
        assert!(router.is_idle());
    }

    #[test]
    fn withdrawing_drops_waiting_requests_and_replaces_a_busy_worker() {
        let mut router = listening();
        let mut fx = Vec::new();
        let hint = router.post(Owner::Hint(vec![1]), kind("h"), &mut fx);
        router.post(Owner::Optimum, kind("o"), &mut fx);
        let solve = router.post(SOLVE, kind("s"), &mut fx);
        fx.clear();
        assert!(router.withdraw(Owner::is_hand_play, &mut fx));
        assert_eq!(taken(&mut fx), [0], "the solve waits for the fresh worker");
        assert_eq!(router.route(&done(hint), &mut fx), Route::Stale);
        router.route(&ready(), &mut fx);
        assert_eq!(taken(&mut fx), [solve]);
        // Only waiting: no worker is replaced.
        router.post(Owner::Optimum, kind("o"), &mut fx);
        assert!(!router.withdraw(Owner::is_hand_play, &mut fx));
        assert!(fx.is_empty());
        assert_eq!(router.crashed(&mut fx), Some(SOLVE));
        assert!(router.is_idle());
    }

    #[test]
    fn a_worker_that_died_idle_is_replaced_by_the_next_request() {
        let mut router = listening();
        let mut fx = Vec::new();
        assert_eq!(router.crashed(&mut fx), None);
        assert!(fx.is_empty(), "nothing needs a worker yet");
        assert!(!router.retire(1, &mut fx), "a dead worker is not retired");
        let a = router.post(SOLVE, kind("a"), &mut fx);
        assert_eq!(taken(&mut fx), [0]);
        assert_eq!(router.generation(), 1);
        router.route(&ready(), &mut fx);
        assert_eq!(taken(&mut fx), [a]);
    }

    #[test]
    fn a_worker_that_cannot_start_costs_one_request_per_attempt() {
        let mut router = Router::default();
        let mut fx = Vec::new();
        router.post(SOLVE, kind("a"), &mut fx);
        router.post(Owner::CompareRow(0), kind("b"), &mut fx);
        let broken = said(ResponseBody::Error {
            failure: Failure::NotRunning,
        });
        assert_eq!(
            router.route(&broken, &mut fx),
            Route::Broken { lost: Some(SOLVE) }
        );
        assert_eq!(taken(&mut fx), [0], "b gets a fresh worker");
        assert_eq!(
            router.route(&broken, &mut fx),
            Route::Broken {
                lost: Some(Owner::CompareRow(0))
            }
        );
        assert!(fx.is_empty(), "no request left: no worker is started");
        assert_eq!(router.route(&broken, &mut fx), Route::Broken { lost: None });
        assert!(fx.is_empty());
        assert!(router.is_idle());
    }

    #[test]
    fn a_retired_worker_hands_its_requests_to_the_next() {
        let mut router = listening();
        let mut fx = Vec::new();
        let a = router.post(SOLVE, kind("a"), &mut fx);
        let b = router.post(Owner::CompareRow(0), kind("b"), &mut fx);
        assert_eq!(taken(&mut fx), [a]);
        assert!(router.retire(80 << 20, &mut fx));
        assert_eq!(taken(&mut fx), [0]);
        assert_eq!(
            router.retired(),
            Retired {
                count: 1,
                memory_bytes: 80 << 20
            }
        );
        assert!(
            !router.retire(1, &mut fx),
            "a loading worker is not retired"
        );
        assert!(fx.is_empty());
        router.route(&ready(), &mut fx);
        assert_eq!(taken(&mut fx), [a], "a goes to the fresh worker, once");
        router.route(&done(a), &mut fx);
        assert_eq!(taken(&mut fx), [b]);
    }
}
