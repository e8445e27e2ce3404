//! Page-wide keyboard shortcuts: one `keydown` listener on the window per hook, which ignores keys typed into a
//! form field and keys held with Alt (the browser's and the system's own shortcuts).

use crate::page::state::compare::CompareAction;
use crate::page::state::hand_play::HandPlayAction;
use crate::page::state::{Action, SolveAction};
use gloo::events::{EventListener, EventListenerOptions};
use solver::sliding::Dir;
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

/// Ctrl+Z and Ctrl+Y (or Ctrl+Shift+Z) undo and redo while the panel is shown; H asks for a hint.
#[hook]
pub fn use_hand_play_shortcuts(dispatch: Callback<Action>) {
    use_window_keys((), move |_, e| {
        let command = e.ctrl_key() || e.meta_key();
        let action = match e.key().to_ascii_lowercase().as_str() {
            "z" if command && e.shift_key() => HandPlayAction::Redo,
            "z" if command => HandPlayAction::Undo,
            "y" if command => HandPlayAction::Redo,
            "h" if !command => HandPlayAction::Hint,
            _ => return,
        };
        e.prevent_default();
        dispatch.emit(Action::HandPlay(action));
    });
}

/// Arrow keys slide tiles in hand play on a sliding puzzle (the tile moves the way the arrow points); Escape
/// cancels a search and a compare run.
#[hook]
pub fn use_page_keys(sliding_hand_play: bool, dispatch: Callback<Action>) {
    use_window_keys(sliding_hand_play, move |&sliding_hand_play, e| {
        if e.ctrl_key() || e.meta_key() {
            return;
        }
        let blank = match e.key().as_str() {
            "Escape" => {
                // Stops a compare run too (nothing happens if none is running).
                dispatch.emit(Action::Compare(CompareAction::CancelAll));
                return dispatch.emit(Action::lab(SolveAction::Cancel));
            }
            _ if !sliding_hand_play => return,
            // The tile moves with the arrow, so the blank moves against it.
            "ArrowUp" => Dir::Down,
            "ArrowDown" => Dir::Up,
            "ArrowLeft" => Dir::Right,
            "ArrowRight" => Dir::Left,
            _ => return,
        };
        e.prevent_default();
        dispatch.emit(Action::HandPlay(HandPlayAction::MoveBlank(blank)));
    });
}
