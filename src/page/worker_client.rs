//! The page's line to one solver worker: start it from the page's base URL, post a request, hear everything it
//! says, terminate it. Nothing is decided here: the router (`page::state::router`) decides what to post and when,
//! and when a worker is replaced; the page's store (`page::hooks::lab`) carries that out with one client per worker.
//!
//! A raw `web_sys::Worker` is used so that stopping is `terminate()`: instant, whatever the search is doing. Each
//! solve carries a cancel token, a `blob:` URL the client revokes when the request is answered or the worker is
//! terminated: Chrome lets a terminated busy worker run on for up to 2 s, but the search sees its token gone within
//! `CANCEL_CHECK_MS` and stops, so Cancel frees the CPU at once.

use crate::browser::js_text;
pub use crate::protocol::WorkerEvent;
use crate::protocol::{Request, RequestKind, Response, ResponseBody};
use std::cell::RefCell;
use std::fmt;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::{ErrorEvent, MessageEvent, Worker};

/// The worker's boot script (static/worker-boot.js), relative to the page's base URL.
pub const WORKER_SCRIPT: &str = "worker-boot.js";
/// Changes whenever the app's or the solver's sources change; appended to the worker's URL against stale caches.
pub const BUILD_ID: &str = env!("PUZZLE_LAB_BUILD_ID");

/// Why the worker could not be started or reached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WorkerError {
    /// Not running in a browser page.
    NoDocument,
    /// The worker's URL could not be formed from the page's base URL.
    BadUrl(String),
    /// The browser refused to create the worker (a content-security policy, a missing file).
    Spawn(String),
    /// The browser refused to pass a request to the worker.
    Post(String),
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
            WorkerError::Post(why) => write!(
                f,
                "the browser could not pass the request to the solver ({why}); reload the page"
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

/// One solver worker, seen from the app. Dropping it terminates the worker.
pub struct WorkerClient {
    worker: Worker,
    shared: Rc<Shared>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_error: Closure<dyn FnMut(ErrorEvent)>,
}

/// What the client shares with the worker's handlers. They hold it weakly: a handler that runs after the client
/// is gone does nothing, and one that runs while the app's callback drops the client keeps it until it returns.
struct Shared {
    on_event: Box<dyn Fn(WorkerEvent)>,
    /// The cancel tokens of the requests not yet answered, by request id.
    tokens: RefCell<Vec<(u64, String)>>,
    /// Tokens made ahead, between requests: making one asks the browser for a blob URL (a few ms), which a
    /// request would otherwise wait for.
    spare: RefCell<Vec<String>>,
}

/// How many cancel tokens are kept made ahead: a lesson's edit posts two solves at once.
const SPARE_TOKENS: usize = 2;

impl Shared {
    /// Revokes the tokens of request `id` (or of every request): their searches stop at their next check.
    fn revoke(&self, id: Option<u64>) {
        self.tokens.borrow_mut().retain(|(token_id, url)| {
            let keep = id.is_some_and(|id| id != *token_id);
            if !keep {
                let _ = web_sys::Url::revoke_object_url(url);
            }
            keep
        });
    }

    /// A cancel token for a new request: a spare one, or one made now.
    fn token(&self) -> Option<String> {
        let spare = self.spare.borrow_mut().pop();
        spare.or_else(crate::browser::new_token)
    }

    /// Makes spare tokens up to `SPARE_TOKENS`, after the task that posted (not on its way to the worker).
    fn refill_later(self: &Rc<Shared>) {
        let weak = Rc::downgrade(self);
        gloo::timers::callback::Timeout::new(0, move || {
            let Some(shared) = weak.upgrade() else {
                return;
            };
            let mut spare = shared.spare.borrow_mut();
            while spare.len() < SPARE_TOKENS {
                match crate::browser::new_token() {
                    Some(token) => spare.push(token),
                    None => break,
                }
            }
        })
        .forget();
    }

    /// Hands one event to the app, once an answer's token is revoked (no borrow is held: the app's callback may
    /// post again, or drop the client).
    fn deliver(&self, event: WorkerEvent) {
        if let WorkerEvent::Message(Response {
            id,
            body: ResponseBody::Done { .. } | ResponseBody::Error { .. },
        }) = &event
        {
            self.revoke(Some(*id));
        }
        (self.on_event)(event);
    }
}

impl WorkerClient {
    /// Starts a worker from `worker_url()`; `on_event` hears everything it says, and its crash.
    pub fn spawn(on_event: impl Fn(WorkerEvent) + 'static) -> Result<WorkerClient, WorkerError> {
        WorkerClient::spawn_at(worker_url()?, on_event)
    }

    /// Starts a worker from an explicit script URL.
    pub fn spawn_at(
        url: String,
        on_event: impl Fn(WorkerEvent) + 'static,
    ) -> Result<WorkerClient, WorkerError> {
        let worker = Worker::new(&url).map_err(|e| WorkerError::Spawn(js_text(&e)))?;
        let shared = Rc::new(Shared {
            on_event: Box::new(on_event),
            tokens: RefCell::default(),
            spare: RefCell::default(),
        });
        shared.refill_later();
        let on_message = {
            let weak = Rc::downgrade(&shared);
            Closure::<dyn FnMut(MessageEvent)>::new(move |event: MessageEvent| {
                if let Some(shared) = weak.upgrade() {
                    let text = event.data().as_string();
                    shared.deliver(WorkerEvent::decode(text.as_deref()));
                }
            })
        };
        let on_error = {
            let weak = Rc::downgrade(&shared);
            Closure::<dyn FnMut(ErrorEvent)>::new(move |event: ErrorEvent| {
                if let Some(shared) = weak.upgrade() {
                    let message = event.message();
                    let why = if message.is_empty() {
                        "the solver's script failed to load or run".to_string()
                    } else {
                        message
                    };
                    shared.deliver(WorkerEvent::Crashed(why));
                }
            })
        };
        worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_error.as_ref().unchecked_ref()));
        Ok(WorkerClient {
            worker,
            shared,
            _on_message: on_message,
            _on_error: on_error,
        })
    }

    /// Posts a request, a solve with a fresh cancel token. A worker that has not said `Ready` yet has no listener
    /// and drops it: the router posts only to a worker that has.
    pub fn post(&self, request: &Request) -> Result<(), WorkerError> {
        let mut request = request.clone();
        if let RequestKind::Solve { cancel_token, .. } = &mut request.kind {
            *cancel_token = self.shared.token();
            if let Some(url) = cancel_token {
                self.shared
                    .tokens
                    .borrow_mut()
                    .push((request.id, url.clone()));
            }
            self.shared.refill_later();
        }
        self.worker
            .post_message(&JsValue::from_str(&request.to_json()))
            .map_err(|e| WorkerError::Post(js_text(&e)))
    }
}

impl Drop for WorkerClient {
    fn drop(&mut self) {
        self.worker.set_onmessage(None);
        self.worker.set_onerror(None);
        self.worker.terminate();
        self.shared.revoke(None);
        for token in self.shared.spare.borrow_mut().drain(..) {
            let _ = web_sys::Url::revoke_object_url(&token);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::{WorkerNote, NO_REQUEST};

    #[test]
    fn a_message_is_a_reply_a_note_or_a_crash() {
        let ready = Response {
            id: NO_REQUEST,
            body: ResponseBody::Ready,
        };
        assert_eq!(
            WorkerEvent::decode(Some(&ready.to_json())),
            WorkerEvent::Message(ready)
        );
        let note = WorkerNote::Retire {
            memory_bytes: 83_886_080,
        };
        assert_eq!(
            WorkerEvent::decode(Some(&note.to_json())),
            WorkerEvent::Note(note)
        );
        assert!(
            matches!(WorkerEvent::decode(Some("not json")), WorkerEvent::Crashed(why) if why.contains("could not be read"))
        );
        assert!(
            matches!(WorkerEvent::decode(None), WorkerEvent::Crashed(why) if why.contains("not text"))
        );
    }
}

/// The client against scripted workers in a real browser (`cargo test --target wasm32-unknown-unknown --lib`).
#[cfg(all(test, target_arch = "wasm32"))]
mod browser_tests {
    use super::*;
    use crate::protocol::WorkerNote;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    /// A worker from inline JavaScript. Each instance answers every request with an `Error` body naming the query
    /// and the instance (a random tag), and after the request `q1` asks to be retired.
    fn retiring_worker() -> String {
        let js = r#"const me = String(Math.random());
            postMessage(JSON.stringify({ id: 0, body: "Ready" }));
            onmessage = (e) => {
              const r = JSON.parse(e.data);
              postMessage(JSON.stringify({ id: r.id, body: { Error: { failure: { Unreachable: { detail: r.kind.Solve.query + " " + me } } } } }));
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
                quick_tables: false,
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

    /// Records the events; `texts()` gives each as "ready", "retire", or the `Error` message.
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
                        body:
                            ResponseBody::Error {
                                failure: crate::protocol::Failure::Unreachable { detail },
                            },
                        ..
                    }) => detail.clone(),
                    WorkerEvent::Note(WorkerNote::Retire { .. }) => "retire".to_string(),
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

    #[wasm_bindgen_test]
    async fn a_request_to_retire_is_delivered_after_the_answer_and_the_worker_goes_on() {
        let (events, client) = Recorder::spawn();
        events.wait_for(1).await;
        client.post(&request(1)).unwrap();
        client.post(&request(2)).unwrap();
        events.wait_for(4).await;
        sleep(100).await;
        let texts = events.texts();
        assert_eq!(texts.len(), 4, "{texts:?}");
        assert_eq!(texts[0], "ready");
        assert!(texts[1].starts_with("q1 "), "{texts:?}");
        assert_eq!(texts[2], "retire", "{texts:?}");
        assert_eq!(
            events.0.borrow()[2],
            WorkerEvent::Note(WorkerNote::Retire {
                memory_bytes: 123_456_789
            })
        );
        // The client replaces nothing by itself: the same worker answers the next request.
        assert!(texts[3].starts_with("q2 "), "{texts:?}");
        assert_eq!(texts[1][3..], texts[3][3..], "another worker answered");
    }

    #[wasm_bindgen_test]
    async fn each_client_is_its_own_worker() {
        let (first, one) = Recorder::spawn();
        let (second, two) = Recorder::spawn();
        first.wait_for(1).await;
        second.wait_for(1).await;
        one.post(&request(3)).unwrap();
        two.post(&request(3)).unwrap();
        first.wait_for(2).await;
        second.wait_for(2).await;
        let (a, b) = (first.texts(), second.texts());
        assert_ne!(a[1], b[1], "one worker answered both");
        drop(one);
        two.post(&request(4)).unwrap();
        second.wait_for(3).await;
        assert_eq!(first.texts().len(), 2);
    }
}
