//! Small browser services, shared by both threads: random seeds, the reduced-motion preference and the clipboard
//! (the page), error texts (the page's worker client and the worker's table cache), freeing a copied array (the
//! worker), asking for a garbage collection (the worker after IndexedDB traffic, the page as its state changes), and
//! cancel tokens (the page's for each request, the worker's for its helpers).

use std::sync::atomic::{AtomicU32, Ordering};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// A fresh 64-bit seed from `Math.random` (two draws, since one carries only 53 bits) and the clock.
pub fn fresh_seed() -> u64 {
    let draw = || (js_sys::Math::random() * 9_007_199_254_740_992.0) as u64;
    draw() ^ draw().rotate_left(32) ^ (js_sys::Date::now() as u64).rotate_left(17)
}

/// Whether the person asked the system for less motion.
pub fn prefers_reduced_motion() -> bool {
    web_sys::window()
        .and_then(|w| {
            w.match_media("(prefers-reduced-motion: reduce)")
                .ok()
                .flatten()
        })
        .is_some_and(|m| m.matches())
}

/// Copies text with the asynchronous clipboard API; `Err` says why it is not available.
pub async fn copy_text(text: &str) -> Result<(), String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() {
        return Err("this page is not a secure context".to_string());
    }
    JsFuture::from(clipboard.write_text(text))
        .await
        .map(|_| ())
        .map_err(|e| {
            e.as_string()
                .unwrap_or_else(|| "the browser refused to write to the clipboard".to_string())
        })
}

/// What a thrown JS value says, for a message a person reads: a string, an `Error`'s or a `DOMException`'s message,
/// else its debug form.
pub fn js_text(value: &JsValue) -> String {
    value
        .as_string()
        .or_else(|| {
            value
                .dyn_ref::<js_sys::Error>()
                .map(|e| String::from(e.message()))
        })
        .or_else(|| {
            value
                .dyn_ref::<web_sys::DomException>()
                .map(|e| format!("{}: {}", e.name(), e.message()))
        })
        .unwrap_or_else(|| format!("{value:?}"))
}

/// Frees the memory behind `array` now rather than at the next garbage collection, which an idle worker may not
/// have for a long time: `ArrayBuffer.prototype.transfer(0)` detaches the buffer (every view of it then reads as
/// empty). Call it only once the bytes were copied out. Browsers without `transfer` leave it to the collector.
pub fn release(array: &js_sys::Uint8Array) {
    let buffer = array.buffer();
    if let Ok(transfer) = js_sys::Reflect::get(&buffer, &JsValue::from_str("transfer")) {
        if let Some(transfer) = transfer.dyn_ref::<js_sys::Function>() {
            // A buffer that cannot be detached (shared, or wasm memory) throws: then there is nothing to free.
            let _ = transfer.call1(&buffer, &JsValue::from_f64(0.0));
        }
    }
}

/// Bytes of the array [`collect_garbage_soon`] allocates and drops: past V8's threshold of external memory
/// allocated since its last collection (64 MiB), with room to spare.
const NUDGE_BYTES: u32 = 128 << 20;

/// How many times [`collect_garbage_soon`] ran in this thread (for tests).
static NUDGES: AtomicU32 = AtomicU32::new(0);

/// Asks the JavaScript engine for a garbage collection soon, where garbage piles up faster than the engine looks:
/// every IndexedDB read or write leaves the value's serialized bytes (as many as the tables') held by its request
/// until the worker's next collection, which an idle worker has only after ~30 s (the 5x5 tables' 19 MB, beside the
/// tables themselves); the page's redraws leave Blink objects (`page::hooks::lab::COLLECT_EVERY_CHANGES`). A large
/// `ArrayBuffer`, allocated and dropped at once, counts as external memory, which makes V8 collect within moments
/// (Chromium: the renderer's private memory 18 MiB lower right after reading 19 MB, not 30 s later); its pages are
/// never written, so it costs address space, not memory. Elsewhere, or if the allocation fails, nothing changes.
pub fn collect_garbage_soon() {
    NUDGES.fetch_add(1, Ordering::Relaxed);
    let constructor = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("ArrayBuffer"));
    if let Ok(constructor) = constructor.and_then(|c| c.dyn_into::<js_sys::Function>()) {
        let args = js_sys::Array::of1(&JsValue::from_f64(f64::from(NUDGE_BYTES)));
        // A refusal (too little address space) only means no collection is asked for.
        let _ = js_sys::Reflect::construct(&constructor, &args);
    }
}

/// How many times [`collect_garbage_soon`] has run in this thread.
pub fn garbage_nudges() -> u32 {
    NUDGES.load(Ordering::Relaxed)
}

/// A fresh cancel token: the URL of a one-byte blob, alive until revoked (by its maker, or by the browser when its
/// maker's page or worker ends).
pub fn new_token() -> Option<String> {
    let parts = js_sys::Array::of1(&JsValue::from_str("1"));
    let blob = web_sys::Blob::new_with_str_sequence(&parts).ok()?;
    web_sys::Url::create_object_url_with_blob(&blob).ok()
}
