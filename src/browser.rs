//! Small browser services, shared by both threads: random seeds, the reduced-motion preference and the clipboard
//! (the page), error texts (the page's worker client and the worker's table cache), freeing a copied array (the
//! worker).

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
