//! Page-wide keyboard shortcuts: one `keydown` listener on the window per hook, which ignores keys typed into a
//! form field and keys held with Alt (the browser's and the system's own shortcuts).

use gloo::events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::prelude::*;

/// Whether the key goes to a text field, a select or a text area, where it is typing, not a shortcut.
fn typing_in_field(e: &KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Calls `on_key` with `deps` for every shortcut key pressed on the page while the component is shown. The listener
/// is made again only when `deps` change, so `on_key` should take what varies from `deps`, not from its captures.
/// `on_key` calls `prevent_default` on the keys it uses.
#[hook]
pub fn use_window_keys<D, F>(deps: D, on_key: F)
where
    D: PartialEq + Clone + 'static,
    F: Fn(&D, &KeyboardEvent) + 'static,
{
    use_effect_with(deps, move |deps| {
        let deps = deps.clone();
        let listener = web_sys::window().map(|window| {
            EventListener::new_with_options(
                &window,
                "keydown",
                EventListenerOptions::enable_prevent_default(),
                move |event| {
                    let Some(e) = event.dyn_ref::<KeyboardEvent>() else {
                        return;
                    };
                    if typing_in_field(e) || e.alt_key() {
                        return;
                    }
                    on_key(&deps, e);
                },
            )
        });
        move || drop(listener)
    });
}
