//! The app's side of the solver worker: spawn it from the page's base URL, post requests, hear replies, terminate it.
//!
//! A raw `web_sys::Worker` is used so that cancelling is `terminate()`: instant, whatever the search is doing. Requests
//! posted before the worker has said `Ready` are queued. A worker that errors (a panic shows as `RuntimeError:
//! unreachable`) is reported as `WorkerEvent::Crashed` and is replaced on the next post.
//!
//! Each solve carries a cancel token, a `blob:` URL the client revokes when the worker is terminated (or the request
//! is answered): Chrome lets a terminated busy worker run on for up to 2 s, but the search sees its token gone within
//! `CANCEL_CHECK_MS` and stops, so Cancel frees the CPU at once.

use crate::protocol::{Request, RequestKind, Response, ResponseBody, NO_REQUEST};
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
            inner.serial = inner.serial.wrapping_add(1);
            inner.url.clone()
        };
        let serial = self.inner.borrow().serial;
        let worker = Worker::new(&url).map_err(|e| WorkerError::Spawn(js_text(&e)))?;
        let on_message = {
            let weak = Rc::downgrade(&self.inner);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                let reply = match event.data().as_string() {
                    Some(text) => Response::from_json(&text)
                        .map(WorkerEvent::Message)
                        .unwrap_or_else(|e| WorkerEvent::Crashed(e.to_string())),
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
        };
        let text = request.to_json();
        let mut inner = self.inner.borrow_mut();
        if let Some(url) = token {
            inner.tokens.push((request.id, url));
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
                state.ready = false;
            }
            WorkerEvent::Message(Response {
                id,
                body: ResponseBody::Done { .. } | ResponseBody::Error { .. },
            }) => state.revoke(Some(*id)),
            WorkerEvent::Message(_) => {}
        }
        state.on_event.clone()
    };
    on_event(event);
}

/// A JS exception as text.
fn js_text(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .unwrap_or_else(|| format!("{value:?}"))
}
