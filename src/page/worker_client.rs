//! The app's side of the solver worker: spawn it from the page's base URL, post requests, hear replies, terminate it.
//!
//! A raw `web_sys::Worker` is used so that cancelling is `terminate()`: instant, whatever the search is doing. Requests
//! posted before the worker has said `Ready` are queued. A worker that errors (a panic shows as `RuntimeError:
//! unreachable`) is reported as `WorkerEvent::Crashed` and is replaced on the next post.
//!
//! Each solve carries a cancel token, a `blob:` URL the client revokes when the worker is terminated (or the request
//! is answered): Chrome lets a terminated busy worker run on for up to 2 s, but the search sees its token gone within
//! `CANCEL_CHECK_MS` and stops, so Cancel frees the CPU at once.
//!
//! A worker's WebAssembly memory never shrinks: after a big run the idle worker sends `WorkerNote::Retire`, and the
//! client replaces it with a fresh one when no request is on its way to it (otherwise the worker asks again after
//! that request). Nothing is lost: the note comes after every reply, and the pattern databases are stored first.
//! Each replacement is counted on the page's root element (`data-solver-retired`, and the retired worker's memory
//! in `data-solver-retired-bytes`), where tests and measurements can see it.

use crate::browser::js_text;
use crate::protocol::{Request, RequestKind, Response, ResponseBody, WorkerNote, NO_REQUEST};
use std::cell::RefCell;
use std::fmt;
use std::rc::{Rc, Weak};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's boot script (static/worker-boot.js), relative to the page's base URL.
pub const WORKER_SCRIPT: &str = "worker-boot.js";
/// Changes whenever the app's or the solver's sources change; appended to the worker's URL against stale caches.
pub const BUILD_ID: &str = env!("PUZZLE_LAB_BUILD_ID");

/// What the worker tells the app.
// A reply (a trace can be its largest part) is moved once, from the message handler to the reducer: boxing it to
// shrink the crash variant would cost an allocation per message and buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum WorkerEvent {
    /// A decoded reply (including `Ready`, which the client also handles itself).
    Message(Response),
    /// The worker errored or sent something unreadable; it is dead and will be replaced on the next post.
    Crashed(String),
}

/// Why the worker could not be started.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerError {
    /// Not running in a browser page.
    NoDocument,
    /// The worker's URL could not be formed from the page's base URL.
    BadUrl(String),
    /// The browser refused to create the worker (a content-security policy, a missing file).
    Spawn(String),
}

impl fmt::Display for WorkerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerError::NoDocument => f.write_str("the solver needs a browser page to run in"),
            WorkerError::BadUrl(why) => write!(
                f,
                "the solver's address could not be formed from this page's address ({why}); serve the app from a \
                 http(s) URL"
            ),
            WorkerError::Spawn(why) => write!(
                f,
                "the browser could not start the solver ({why}); check that {WORKER_SCRIPT} is served beside the page"
            ),
        }
    }
}

impl std::error::Error for WorkerError {}

/// The worker's script URL: `WORKER_SCRIPT?v=BUILD_ID`, resolved against `document.baseURI` so that the app works
/// from a sub-path (`/puzzle-lab/`).
pub fn worker_url() -> Result<String, WorkerError> {
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or(WorkerError::NoDocument)?;
    let base = document
        .base_uri()
        .ok()
        .flatten()
        .or_else(|| document.url().ok())
        .ok_or(WorkerError::NoDocument)?;
    resolve(&base)
}

/// `WORKER_SCRIPT?v=BUILD_ID` resolved against `base`.
pub fn resolve(base: &str) -> Result<String, WorkerError> {
    web_sys::Url::new_with_base(&format!("{WORKER_SCRIPT}?v={BUILD_ID}"), base)
        .map(|url| url.href())
        .map_err(|e| WorkerError::BadUrl(js_text(&e)))
}

/// The solver worker, seen from the app. Dropping it terminates the worker.
pub struct WorkerClient {
    inner: Rc<RefCell<Inner>>,
}

struct Inner {
    url: String,
    on_event: Rc<dyn Fn(WorkerEvent)>,
    live: Option<Live>,
    /// Bumped per spawned worker: events of an older one are ignored.
    serial: u32,
    ready: bool,
    /// Messages posted before `Ready`.
    queue: Vec<String>,
    /// The cancel tokens of requests not yet answered, by request id.
    tokens: Vec<(u64, String)>,
    /// The ids of requests posted to the current worker (or queued for it) and not yet answered.
    pending: Vec<u64>,
    /// Workers retired for their memory in this client's life.
    retired: u32,
}

impl Inner {
    /// Revokes the tokens of `id` (or of every request): their searches stop at their next check.
    fn revoke(&mut self, id: Option<u64>) {
        self.tokens.retain(|(token_id, url)| {
            let keep = id.is_some_and(|id| id != *token_id);
            if !keep {
                let _ = web_sys::Url::revoke_object_url(url);
            }
            keep
        });
    }
}

impl Drop for Inner {
    fn drop(&mut self) {
        self.revoke(None);
    }
}

/// A fresh cancel token: the URL of a one-byte blob, alive until revoked.
fn new_token() -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str("1"));
    let blob = web_sys::Blob::new_with_str_sequence(&parts).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}

struct Live {
    worker: Worker,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

impl Drop for Live {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
    }
}

impl WorkerClient {
    /// Starts a worker from `worker_url()`; `on_event` hears every reply and crash.
    pub fn spawn(on_event: impl Fn(WorkerEvent) + 'static) -> Result<WorkerClient, WorkerError> {
        WorkerClient::spawn_at(worker_url()?, on_event)
    }

    /// Starts a worker from an explicit script URL.
    pub fn spawn_at(
        url: String,
        on_event: impl Fn(WorkerEvent) + 'static,
    ) -> Result<WorkerClient, WorkerError> {
        let client = WorkerClient {
            inner: Rc::new(RefCell::new(Inner {
                url,
                on_event: Rc::new(on_event),
                live: None,
                serial: 0,
                ready: false,
                queue: Vec::new(),
                tokens: Vec::new(),
                pending: Vec::new(),
                retired: 0,
            })),
        };
        client.respawn()?;
        Ok(client)
    }

    /// Terminates the current worker (if any) and starts a fresh one; queued requests are dropped.
    pub fn respawn(&self) -> Result<(), WorkerError> {
        let url = {
            let mut inner = self.inner.borrow_mut();
            inner.live = None;
            inner.revoke(None);
            inner.ready = false;
            inner.queue.clear();
            inner.pending.clear();
            inner.serial = inner.serial.wrapping_add(1);
            inner.url.clone()
        };
        let serial = self.inner.borrow().serial;
        let worker = Worker::new(&url).map_err(|e| WorkerError::Spawn(js_text(&e)))?;
        let on_message = {
            let weak = Rc::downgrade(&self.inner);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let reply = match event.data().as_string() {
                    Some(text) => match Response::from_json(&text) {
                        Ok(response) => WorkerEvent::Message(response),
                        Err(e) => match WorkerNote::from_json(&text) {
                            Some(WorkerNote::Retire { memory_bytes }) => {
                                return retire(&weak, serial, memory_bytes)
                            }
                            None => WorkerEvent::Crashed(e.to_string()),
                        },
                    },
                    None => WorkerEvent::Crashed(
                        "the solver sent a message that is not text".to_string(),
                    ),
                };
                deliver(&weak, serial, reply);
            })
        };
        let on_error = {
            let weak = Rc::downgrade(&self.inner);
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                let message = event.message();
                let why = if message.is_empty() {
                    "the solver's script failed to load or run".to_string()
                } else {
                    message
                };
                deliver(&weak, serial, WorkerEvent::Crashed(why));
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        self.inner.borrow_mut().live = Some(Live {
            worker,
            _on_message: on_message,
            _on_error: on_error,
        });
        Ok(())
    }

    /// Posts a request, replacing a dead worker first and queueing until the worker is ready.
    pub fn post(&self, request: &Request) -> Result<(), WorkerError> {
        if self.inner.borrow().live.is_none() {
            self.respawn()?;
        }
        let mut request = request.clone();
        let token = match &mut request.kind {
            RequestKind::Solve { cancel_token, .. } => {
                *cancel_token = new_token();
                cancel_token.clone()
            }
            // Time-capped in the worker: nothing to cancel.
            RequestKind::Truth { .. } => None,
            // Answered by nothing: not waited for either.
            RequestKind::Prepare { .. } => None,
        };
        let text = request.to_json();
        let mut inner = self.inner.borrow_mut();
        if let Some(url) = token {
            inner.tokens.push((request.id, url));
        }
        if !matches!(request.kind, RequestKind::Prepare { .. }) {
            inner.pending.push(request.id);
        }
        if !inner.ready {
            inner.queue.push(text);
            return Ok(());
        }
        match inner.live.as_ref() {
            Some(live) => live
                .worker
                .post_message(&JsValue::from_str(&text))
                .map_err(|e| WorkerError::Spawn(js_text(&e))),
            None => Err(WorkerError::Spawn("the worker is gone".to_string())),
        }
    }

    /// Whether the worker has loaded and said `Ready`.
    pub fn is_ready(&self) -> bool {
        self.inner.borrow().ready
    }
}

/// Replaces the worker numbered `serial`, which asked for it holding `memory_bytes`, if it is still the current one
/// and nothing was posted to it since it answered; otherwise keeps it (it asks again when idle).
fn retire(weak: &Weak<RefCell<Inner>>, serial: u32, memory_bytes: u64) {
    let Some(inner) = weak.upgrade() else {
        return;
    };
    {
        let state = inner.borrow();
        if state.serial != serial || !state.ready || !state.pending.is_empty() {
            return;
        }
    }
    let client = WorkerClient { inner };
    // If the fresh worker cannot start, the next post tries again and reports why.
    let _ = client.respawn();
    let retired = {
        let mut state = client.inner.borrow_mut();
        state.retired += 1;
        state.retired
    };
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("data-solver-retired", &retired.to_string());
        let _ = root.set_attribute("data-solver-retired-bytes", &memory_bytes.to_string());
    }
}

/// Handles one event of the worker numbered `serial`: bookkeeping first, then the app's callback with no borrow held
/// (the callback may re-enter the client through the app's effects).
fn deliver(weak: &Weak<RefCell<Inner>>, serial: u32, event: WorkerEvent) {
    let Some(inner) = weak.upgrade() else {
        return;
    };
    let on_event = {
        let mut state = inner.borrow_mut();
        if state.serial != serial {
            return;
        }
        match &event {
            WorkerEvent::Message(Response {
                body: ResponseBody::Ready,
                ..
            }) => {
                state.ready = true;
                let queued = std::mem::take(&mut state.queue);
                if let Some(live) = state.live.as_ref() {
                    for text in queued {
                        // A failed post surfaces as the watchdog's silence error.
                        let _ = live.worker.post_message(&JsValue::from_str(&text));
                    }
                }
            }
            WorkerEvent::Message(Response {
                id: NO_REQUEST,
                body: ResponseBody::Error { .. },
            })
            | WorkerEvent::Crashed(_) => {
                // Dead: the next post spawns a fresh worker.
                state.live = None;
                state.revoke(None);
                state.pending.clear();
                state.ready = false;
            }
            WorkerEvent::Message(Response {
                id,
                body: ResponseBody::Done { .. } | ResponseBody::Error { .. },
            }) => {
                state.revoke(Some(*id));
                state.pending.retain(|pending| pending != id);
            }
            WorkerEvent::Message(_) => {}
        }
        state.on_event.clone()
    };
    on_event(event);
}

/// The client against scripted workers in a real browser (`cargo test --target wasm32-unknown-unknown --lib`).
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    /// A worker from inline JavaScript. Each instance answers every request with an `Error` body naming the query
    /// and the instance (a random tag), and after the request `q1` asks to be retired.
    fn retiring_worker() -> String {
        let js = r#"const me = String(Math.random());
            postMessage(JSON.stringify({ id: 0, body: "Ready" }));
            onmessage = (e) => {
              const r = JSON.parse(e.data);
              postMessage(JSON.stringify({ id: r.id, body: { Error: { message: r.kind.Solve.query + " " + me } } }));
              if (r.kind.Solve.query === "q1") postMessage(JSON.stringify({ Retire: { memory_bytes: 123456789 } }));
            };"#;
        let parts = js_sys::Array::of1(&JsValue::from_str(js));
        let bag = web_sys::BlobPropertyBag::new();
        bag.set_type("text/javascript");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).unwrap();
        web_sys::Url::create_object_url_with_blob(&blob).unwrap()
    }

    fn request(id: u64) -> Request {
        Request {
            id,
            kind: RequestKind::Solve {
                query: format!("q{id}"),
                max_states: 10,
                time_limit_ms: None,
                max_depth: None,
                cancel_token: None,
                trace: false,
            },
        }
    }

    async fn sleep(ms: i32) {
        let promise = js_sys::Promise::new(&mut |resolve, _| {
            web_sys::window()
                .unwrap()
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
                .unwrap();
        });
        wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
    }

    /// Records the events; `texts()` gives each as "ready" or the `Error` message.
    struct Recorder(Rc<RefCell<Vec<WorkerEvent>>>);

    impl Recorder {
        fn spawn() -> (Recorder, WorkerClient) {
            let events = Rc::new(RefCell::new(Vec::new()));
            let sink = events.clone();
            let client =
                WorkerClient::spawn_at(retiring_worker(), move |e| sink.borrow_mut().push(e))
                    .unwrap();
            (Recorder(events), client)
        }

        fn texts(&self) -> Vec<String> {
            self.0
                .borrow()
                .iter()
                .map(|e| match e {
                    WorkerEvent::Message(Response {
                        body: ResponseBody::Ready,
                        ..
                    }) => "ready".to_string(),
                    WorkerEvent::Message(Response {
                        body: ResponseBody::Error { message },
                        ..
                    }) => message.clone(),
                    other => format!("{other:?}"),
                })
                .collect()
        }

        async fn wait_for(&self, n: usize) {
            for _ in 0..100 {
                if self.0.borrow().len() >= n {
                    return;
                }
                sleep(50).await;
            }
            panic!("expected {n} worker events, got {:?}", self.texts());
        }
    }

    fn retired_count() -> u32 {
        web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
            .and_then(|root| root.get_attribute("data-solver-retired"))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    }

    #[wasm_bindgen_test]
    async fn an_idle_worker_that_asks_is_replaced_and_its_successor_answers() {
        let before = retired_count();
        let (events, client) = Recorder::spawn();
        client.post(&request(1)).unwrap();
        // Ready, the answer, then the fresh worker's Ready.
        events.wait_for(3).await;
        let texts = events.texts();
        assert_eq!(texts[0], "ready");
        assert!(texts[1].starts_with("q1 "), "{texts:?}");
        assert_eq!(texts[2], "ready", "{texts:?}");
        assert_eq!(retired_count(), before + 1);
        client.post(&request(2)).unwrap();
        events.wait_for(4).await;
        let texts = events.texts();
        assert!(texts[3].starts_with("q2 "), "{texts:?}");
        assert_ne!(
            texts[1][3..],
            texts[3][3..],
            "the retired worker answered again"
        );
    }

    #[wasm_bindgen_test]
    async fn a_worker_with_a_request_on_its_way_is_kept() {
        let before = retired_count();
        let (events, client) = Recorder::spawn();
        // Both go to the worker on its Ready: when its note arrives, q2 is still unanswered.
        client.post(&request(1)).unwrap();
        client.post(&request(2)).unwrap();
        events.wait_for(3).await;
        sleep(300).await;
        let texts = events.texts();
        assert_eq!(texts.len(), 3, "{texts:?}");
        assert!(
            texts[1].starts_with("q1 ") && texts[2].starts_with("q2 "),
            "{texts:?}"
        );
        assert_eq!(
            texts[1][3..],
            texts[2][3..],
            "q2 was not answered by the same worker"
        );
        assert_eq!(retired_count(), before);
    }
}
