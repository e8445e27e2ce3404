//! The messages between the app and the solver worker: JSON strings of `Request` and `Response`, tagged by a request id.
//!
//! The app posts one `Request` per Solve click, each with a fresh id; the worker answers with zero or more `Progress`
//! (and, for a solver that improves its answer, `Improved`) bodies and then exactly one `Done` or `Error` body
//! carrying the same id. Replies whose id is not the app's current
//! request are stale (the user cancelled or started another run) and are dropped. A freshly loaded worker announces
//! itself with `Ready` (id 0), so that requests posted while its wasm is still loading are never lost.

use serde::{Deserialize, Serialize};
use solver::Report;
use std::fmt;

/// The id a worker uses for messages that answer no request (`Ready`, load failures).
pub const NO_REQUEST: u64 = 0;

/// A message from the app to the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Request {
    /// Unique per request within one page load (never `NO_REQUEST`); echoed in every reply.
    pub id: u64,
    pub kind: RequestKind,
}

/// What the app asks of the worker.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum RequestKind {
    /// Solve one puzzle.
    Solve {
        /// The PUZZLE query string (`puzzle=sliding&size=3x3&start=...`), printed by `solver::Query::to_query_string`.
        query: String,
        /// The most states the search may hold.
        max_states: u64,
        /// An optional wall-clock limit.
        time_limit_ms: Option<u64>,
        /// The depth bound of depth-bounded DFS; the solver's default when absent.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        max_depth: Option<u32>,
        /// A `blob:` URL that the app revokes to cancel: the worker fetches it synchronously every
        /// `CANCEL_CHECK_MS` and stops the search once it is gone. (A busy worker hears no message, and Chrome lets
        /// a terminated busy worker run on for up to 2 s.) Filled in by the worker client.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cancel_token: Option<String>,
        /// Also return the expansion order (a `Trace` body after `Done`) when the space has at most
        /// `TRACE_MAX_STATES` states; ignored for larger ones.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        trace: bool,
        /// On a first 15-puzzle solve, answer from the quick tables while the full ones build (the lab's Solve,
        /// where a person waits: `crate::worker::quick`); without it the search waits for the full tables, whose
        /// run the lessons' figures show and compare with the CLI's.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        quick_tables: bool,
    },
    /// Hold every heuristic against the true distance h* (`solver::truth`): at the query's start and, with `moves`
    /// (a solution), at every position along them. Answered by one `Truth` body.
    Truth {
        query: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        moves: Option<solver::Moves>,
    },
    /// Get ready for solves of the board of `query` (sent when the page shows a board that [`prepares`] picks): the
    /// worker reads the tables those solves use (the 5x5 pattern databases) back from IndexedDB in the background.
    /// Answered by nothing; a solve posted meanwhile waits for the read, as it would have read them itself.
    Prepare { query: String },
}

/// Whether a board's solves run on tables worth reading back before the Solve click, so that the page sends
/// [`RequestKind::Prepare`]: those that need the 5x5 tables (`solver::rules::tables_needed`: the staged solver, the
/// page's default there, whose improvement runs on them).
pub fn prepares(query: &solver::query::Query) -> bool {
    let needed = solver::rules::tables_needed(&query.puzzle, query.choice());
    needed == Some(solver::rules::TablesNeeded::FiveByFive)
}

/// The trace limits the worker records by and the page shows, defined with the rest of the step-through's rules.
pub use solver::rules::{
    TRACE_MAX_EXPANSIONS, TRACE_MAX_SLIDING_RANKS, TRACE_MAX_STATES, TREE_MAX_EXPANSIONS,
};

/// A message from the worker to the app.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Response {
    /// The id of the request this answers, or `NO_REQUEST`.
    pub id: u64,
    pub body: ResponseBody,
}

/// What the worker says.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum ResponseBody {
    /// The worker's wasm is loaded and it listens for requests.
    Ready,
    /// The search is running: counters so far (posted at most every `PROGRESS_EVERY_MS`).
    Progress {
        expanded: u64,
        generated: u64,
        elapsed_ms: f64,
    },
    /// A preparation step before the search (building pattern databases) is this far done, from 0 to 1.
    Building { fraction: f64, elapsed_ms: f64 },
    /// The teaching tracer's record of the search, sent after `Done` when the request asked for it.
    Trace { trace: solver::search::trace::Trace },
    /// A better answer than the last one (the first answer, then each shorter one), while the search goes on
    /// improving it: a full solved report (moves, length, lower bound). `Done` follows with the best one.
    Improved { report: Report },
    /// The search finished (solved, unsolvable, limit or invalid): the full report.
    Done { report: Report },
    /// The answer to a `Truth` request: the measurement, or why it could not be made.
    Truth {
        measured: Result<solver::truth::Measured, solver::truth::TruthError>,
    },
    /// The request could not be run at all (a malformed message, a worker that failed to load).
    Error { failure: Failure },
}

/// Why a request could not be run, as a kind and its details: the page's language tables put it in words. A
/// `detail` is the browser's or the JSON decoder's own text, quoted as it came.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum Failure {
    /// A message could not be read as a `what` ("request" or "response"): the app and its worker may come from
    /// different builds.
    Unreadable { what: String, detail: String },
    /// The worker was sent something that is not text.
    NotText,
    /// A request arrived while another one waited (the page's router never does this).
    Overlapping,
    /// The worker could not encode its answer.
    Unencodable { detail: String },
    /// The page has no worker to post to.
    NotRunning,
    /// The browser refused to post the request, or to start the worker.
    Unreachable { detail: String },
    /// The worker's code could not be loaded (posted by static/worker-boot.js, with the browser's words).
    NotLoaded { detail: String },
}

impl From<DecodeError> for Failure {
    fn from(e: DecodeError) -> Failure {
        Failure::Unreadable {
            what: e.what.to_string(),
            detail: e.detail,
        }
    }
}

/// A worker's note about itself, outside the request/reply exchange, for the page's router. JSON like
/// `{"Retire":{"memory_bytes":83886080}}`, which no `Response` reads as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum WorkerNote {
    /// The worker is idle (every request answered, every table stored) but its WebAssembly memory, which never
    /// shrinks, has grown to `memory_bytes`: terminate it and start a fresh one.
    Retire { memory_bytes: u64 },
}

impl WorkerNote {
    /// The JSON text posted to the app.
    pub fn to_json(&self) -> String {
        // An enum of integers always serialises; the fallback keeps the signature infallible.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads a note, if `text` is one.
    pub fn from_json(text: &str) -> Option<WorkerNote> {
        serde_json::from_str(text).ok()
    }
}

/// The least time between two `Progress` messages, in milliseconds.
pub const PROGRESS_EVERY_MS: f64 = 50.0;
/// How often a running search checks its cancel token, in milliseconds (each check costs a few milliseconds).
pub const CANCEL_CHECK_MS: f64 = 100.0;

/// Why a message could not be decoded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DecodeError {
    /// What was expected ("request" or "response").
    pub what: &'static str,
    /// The JSON decoder's explanation.
    pub detail: String,
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the worker {} could not be read ({}); the app and its worker may come from different builds: reload the page",
            self.what, self.detail
        )
    }
}

impl std::error::Error for DecodeError {}

impl Request {
    /// The JSON text posted to the worker.
    pub fn to_json(&self) -> String {
        // A struct of strings and integers always serialises; the fallback keeps the signature infallible.
        serde_json::to_string(self).unwrap_or_default()
    }

    pub fn from_json(text: &str) -> Result<Request, DecodeError> {
        serde_json::from_str(text).map_err(|e| DecodeError {
            what: "request",
            detail: e.to_string(),
        })
    }
}

impl Response {
    /// The JSON text posted to the app.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|e| {
            // Only a non-finite float could fail; say so rather than post nothing.
            let fallback = Response {
                id: self.id,
                body: ResponseBody::Error {
                    failure: Failure::Unencodable {
                        detail: e.to_string(),
                    },
                },
            };
            serde_json::to_string(&fallback).unwrap_or_default()
        })
    }

    pub fn from_json(text: &str) -> Result<Response, DecodeError> {
        serde_json::from_str(text).map_err(|e| DecodeError {
            what: "response",
            detail: e.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::{Algorithm, Moves, Stats, Status};

    fn report() -> Report {
        Report {
            optimal: true,
            heuristic: Some("manhattan".into()),
            stats: Stats {
                expanded: 4,
                generated: 9,
                elapsed_ms: 0.25,
                ..Stats::default()
            },
            ..Report::new(
                Status::Solved,
                Algorithm::Astar,
                Moves::Sliding("ULD".into()),
                3,
                solver::report::Said::Solved { length: 3 },
            )
        }
    }

    #[test]
    fn request_round_trips_and_has_the_documented_shape() {
        let req = Request {
            id: 7,
            kind: RequestKind::Solve {
                query: "puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2".into(),
                max_states: 1000,
                time_limit_ms: None,
                max_depth: None,
                cancel_token: None,
                trace: false,
                quick_tables: false,
            },
        };
        let json = req.to_json();
        assert_eq!(
            json,
            r#"{"id":7,"kind":{"Solve":{"query":"puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2","max_states":1000,"time_limit_ms":null}}}"#
        );
        assert_eq!(Request::from_json(&json), Ok(req));
        let with_token = r#"{"id":8,"kind":{"Solve":{"query":"q","max_states":1,"time_limit_ms":null,"cancel_token":"blob:x"}}}"#;
        let read = Request::from_json(with_token).map(|r| r.kind);
        assert!(
            matches!(read, Ok(RequestKind::Solve { cancel_token: Some(t), max_depth: None, .. }) if t == "blob:x")
        );
    }

    #[test]
    fn a_prepare_round_trips_and_only_5x5_staged_boards_want_one() {
        let query = "puzzle=sliding&size=5x5&algo=staged";
        let req = Request {
            id: 3,
            kind: RequestKind::Prepare {
                query: query.into(),
            },
        };
        assert_eq!(Request::from_json(&req.to_json()), Ok(req));
        let wants = |q: &str| solver::query::parse(q).is_ok_and(|q| prepares(&q));
        let start = "1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24";
        assert!(wants(&format!("puzzle=sliding&size=5x5&start={start}")));
        assert!(!wants(&format!(
            "puzzle=sliding&size=5x5&start={start}&algo=weighted"
        )));
        assert!(!wants(
            "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15"
        ));
    }

    #[test]
    fn responses_round_trip() {
        for body in [
            ResponseBody::Ready,
            ResponseBody::Progress {
                expanded: 1,
                generated: 2,
                elapsed_ms: 3.5,
            },
            ResponseBody::Building {
                fraction: 0.5,
                elapsed_ms: 12.0,
            },
            ResponseBody::Improved { report: report() },
            ResponseBody::Done { report: report() },
            ResponseBody::Error {
                failure: Failure::Unreachable {
                    detail: "boom".into(),
                },
            },
            ResponseBody::Error {
                failure: Failure::NotRunning,
            },
        ] {
            let resp = Response { id: 3, body };
            assert_eq!(Response::from_json(&resp.to_json()), Ok(resp));
        }
    }

    #[test]
    fn hanoi_moves_survive_the_trip() {
        let mut r = report();
        r.moves = Moves::Hanoi(vec![[0, 2], [0, 1], [2, 1]]);
        let resp = Response {
            id: 1,
            body: ResponseBody::Done { report: r.clone() },
        };
        match Response::from_json(&resp.to_json()).map(|r| r.body) {
            Ok(ResponseBody::Done { report }) => assert_eq!(report.moves, r.moves),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn truth_requests_and_answers_round_trip() {
        let req = Request {
            id: 4,
            kind: RequestKind::Truth {
                query: "puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2".into(),
                moves: Some(Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]])),
            },
        };
        assert_eq!(Request::from_json(&req.to_json()), Ok(req));
        let spec = solver::PuzzleSpec::hanoi(3, 2, vec![0, 0], None).unwrap();
        let measured =
            solver::truth::measure(&spec, None, &mut solver::truth::Oracle::default(), &|| 0.0);
        let refused = solver::truth::TruthError::TooManyDisks { disks: 20 };
        for measured in [measured, Err(refused)] {
            let resp = Response {
                id: 4,
                body: ResponseBody::Truth { measured },
            };
            assert_eq!(Response::from_json(&resp.to_json()), Ok(resp));
        }
    }

    #[test]
    fn notes_round_trip_and_are_never_read_as_responses() {
        let note = WorkerNote::Retire {
            memory_bytes: 80 << 20,
        };
        let json = note.to_json();
        assert_eq!(json, r#"{"Retire":{"memory_bytes":83886080}}"#);
        assert_eq!(WorkerNote::from_json(&json), Some(note));
        assert!(Response::from_json(&json).is_err());
        let ready = Response {
            id: NO_REQUEST,
            body: ResponseBody::Ready,
        };
        assert_eq!(WorkerNote::from_json(&ready.to_json()), None);
    }

    #[test]
    fn garbage_is_an_error_that_says_what() {
        let err = Response::from_json("{not json").unwrap_err();
        assert_eq!(err.what, "response");
        assert!(err.to_string().contains("reload the page"));
        assert!(Request::from_json(r#"{"id":1}"#).is_err());
    }
}

/// What the worker tells the app.
// A reply (a trace can be its largest part) is moved once, from the message handler to the reducer: boxing it to
// shrink the other variants would cost an allocation per message and buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerEvent {
    /// A decoded reply, `Ready` included.
    Message(Response),
    /// A note the worker sends about itself (it asks to be retired).
    Note(WorkerNote),
    /// The worker errored or sent something unreadable.
    Crashed(String),
}

impl WorkerEvent {
    /// What one message from the worker says: a reply, a note, or (text that is neither, or no text) a crash.
    pub fn decode(text: Option<&str>) -> WorkerEvent {
        let Some(text) = text else {
            return WorkerEvent::Crashed("the solver sent a message that is not text".to_string());
        };
        match Response::from_json(text) {
            Ok(response) => WorkerEvent::Message(response),
            Err(e) => WorkerNote::from_json(text)
                .map_or_else(|| WorkerEvent::Crashed(e.to_string()), WorkerEvent::Note),
        }
    }
}
