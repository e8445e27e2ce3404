//! The worker's few dealings with its global scope: posting a message, reading the clock, checking a cancel token,
//! measuring its own memory, and waiting on the event loop.

use crate::protocol::Response;
use std::cell::RefCell;
use std::collections::VecDeque;
use std::rc::Rc;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{DedicatedWorkerGlobalScope, XmlHttpRequest};

/// Posts `response` to whoever started this worker (the page, or the solver worker for a helper).
pub fn post(scope: &DedicatedWorkerGlobalScope, response: &Response) {
    post_text(scope, &response.to_json());
}

/// Posts `text` as a string message. Posting a string cannot fail to clone; if it ever did, the receiver's watchdog
/// would notice the silence.
pub fn post_text(scope: &DedicatedWorkerGlobalScope, text: &str) {
    let _ = scope.post_message(&JsValue::from_str(text));
}

/// A millisecond clock: `performance.now()`, or `Date.now()` where the scope has no `performance`.
pub fn clock(scope: &DedicatedWorkerGlobalScope) -> impl Fn() -> f64 + Clone + 'static {
    let performance = scope.performance();
    move || {
        performance
            .as_ref()
            .map_or_else(js_sys::Date::now, |p| p.now())
    }
}

/// Whether the cancel token at `url` still exists: a synchronous fetch of a revoked `blob:` URL fails. Anything
/// else that goes wrong counts as alive, so a search is never cancelled by accident.
pub fn token_alive(url: &str) -> bool {
    let Ok(xhr) = XmlHttpRequest::new() else {
        return true;
    };
    if xhr.open_with_async("GET", url, false).is_err() {
        return true;
    }
    xhr.send().is_ok()
}

/// Whether the request's cancel token (if it has one) was revoked.
pub fn revoked(cancel_token: Option<&str>) -> bool {
    cancel_token.is_some_and(|url| !token_alive(url))
}

/// Bytes of this worker's WebAssembly memory (0 outside wasm, where there is no such limit to mind).
pub fn memory_bytes() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        core::arch::wasm32::memory_size(0) as u64 * 65_536
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        0
    }
}

/// Lets the event loop run (messages in) without a timer's minimum delay: a message posted to itself through the
/// worker's one [`Yields`] channel.
pub async fn yield_now() {
    let done = YIELDS.with(|yields| {
        let yields = yields.as_ref()?;
        let done =
            js_sys::Promise::new(&mut |resolve, _| yields.waiting.borrow_mut().push_back(resolve));
        if yields.channel.port2().post_message(&JsValue::NULL).is_err() {
            // No message will come for it: no waiter either.
            yields.waiting.borrow_mut().pop_back();
            return None;
        }
        Some(done)
    });
    if let Some(done) = done {
        let _ = JsFuture::from(done).await;
    }
}

thread_local! {
    /// Made once, on the first yield. A fresh `MessageChannel` per yield (as before) left two entangled ports and
    /// the pipe between them per slice of a tables' build, alive until collections that a worker busy in
    /// WebAssembly rarely triggers: ~20 MiB more in the page's renderer by the end of a 5x5 build (a yield every
    /// 40 ms).
    static YIELDS: Option<Yields> = Yields::new();
}

/// One message channel, and the yields waiting on it: each posts one message and takes its turn in the queue, so
/// the messages, which arrive in order, wake them in order, however many wait at once.
struct Yields {
    channel: web_sys::MessageChannel,
    waiting: Rc<RefCell<VecDeque<js_sys::Function>>>,
    /// Wakes the oldest waiter; lives as long as the channel.
    _wake: Closure<dyn FnMut()>,
}

impl Yields {
    fn new() -> Option<Yields> {
        let channel = web_sys::MessageChannel::new().ok()?;
        let waiting: Rc<RefCell<VecDeque<js_sys::Function>>> = Rc::default();
        let wake = {
            let waiting = Rc::clone(&waiting);
            Closure::<dyn FnMut()>::new(move || {
                let oldest = waiting.borrow_mut().pop_front();
                if let Some(resolve) = oldest {
                    let _ = resolve.call0(&JsValue::NULL);
                }
            })
        };
        channel
            .port1()
            .set_onmessage(Some(wake.as_ref().unchecked_ref()));
        Some(Yields {
            channel,
            waiting,
            _wake: wake,
        })
    }
}

/// Waits `ms` milliseconds.
pub async fn sleep(scope: &DedicatedWorkerGlobalScope, ms: i32) {
    let done = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = JsFuture::from(done).await;
}

#[cfg(all(test, target_arch = "wasm32"))]
mod tests {
    use super::*;
    use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

    wasm_bindgen_test_configure!(run_in_browser);

    /// Each waiter takes its turn: yields at once (two builds slicing side by side) all return, and so do many in a
    /// row on the one channel.
    #[wasm_bindgen_test]
    async fn yields_in_a_row_and_at_once_all_return() {
        for _ in 0..200 {
            yield_now().await;
        }
        let order = Rc::new(RefCell::new(Vec::new()));
        let waiter = |n: u32| {
            let order = Rc::clone(&order);
            async move {
                yield_now().await;
                order.borrow_mut().push(n);
            }
        };
        for n in 1..=3 {
            wasm_bindgen_futures::spawn_local(waiter(n));
        }
        // This test's own yields queue up behind or among theirs; a few are enough for all three to be woken.
        for _ in 0..5 {
            yield_now().await;
        }
        assert_eq!(*order.borrow(), vec![1, 2, 3]);
    }
}
