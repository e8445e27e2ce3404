//! The worker's few dealings with its global scope: posting a message, reading the clock, checking a cancel token,
//! measuring its own memory, and waiting on the event loop.

use crate::protocol::Response;
use wasm_bindgen::JsValue;
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

/// Lets the event loop run (messages in) without a timer's minimum delay.
pub async fn yield_now() {
    let Ok(channel) = web_sys::MessageChannel::new() else {
        return;
    };
    let port = channel.port1();
    let done = js_sys::Promise::new(&mut |resolve, _| port.set_onmessage(Some(&resolve)));
    if channel.port2().post_message(&JsValue::NULL).is_ok() {
        let _ = JsFuture::from(done).await;
    }
    port.set_onmessage(None);
}

/// Waits `ms` milliseconds.
pub async fn sleep(scope: &DedicatedWorkerGlobalScope, ms: i32) {
    let done = js_sys::Promise::new(&mut |resolve, _| {
        let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = JsFuture::from(done).await;
}
