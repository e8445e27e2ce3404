//! The solution's moves in words, the current one highlighted; a click jumps there. Long lists show a window
//! around the current move.

use crate::page::i18n::{use_lang, Answer, Text};
use web_sys::HtmlElement;
use yew::prelude::*;

/// Moves listed before and after the current one.
pub const WINDOW_BEFORE: usize = 150;
pub const WINDOW_AFTER: usize = 350;

/// The window of moves `first..last` listed when `cursor` moves of `total` have been played.
pub fn window(cursor: usize, total: usize) -> (usize, usize) {
    (
        cursor.saturating_sub(WINDOW_BEFORE).min(total),
        (cursor + WINDOW_AFTER).min(total),
    )
}

#[derive(Properties, PartialEq)]
pub struct MoveListProps {
    /// The number of moves in the solution.
    pub total: usize,
    /// Moves `first..first + words.len()` in words (see `window`).
    pub first: usize,
    pub words: Vec<Text>,
    /// Moves played: move number `cursor` (1-based) is the last one shown on the board.
    pub cursor: usize,
    /// Jump to the position after this many moves.
    pub on_seek: Callback<usize>,
}

#[component]
pub fn MoveList(props: &MoveListProps) -> Html {
    let lang = use_lang();
    let list_ref = use_node_ref();
    let current_ref = use_node_ref();
    {
        // Keep the current move in view by scrolling the list itself, never the page.
        let (list_ref, current_ref) = (list_ref.clone(), current_ref.clone());
        use_effect_with(props.cursor, move |_| {
            if let (Some(list), Some(item)) = (
                list_ref.cast::<HtmlElement>(),
                current_ref.cast::<HtmlElement>(),
            ) {
                // The list is positioned, so an item's offsetTop is measured from the list's top.
                let wanted =
                    item.offset_top() - list.client_height() / 2 + item.client_height() / 2;
                list.set_scroll_top(wanted.max(0));
            }
        });
    }
    let n = props.total;
    let first = props.first;
    let last = first + props.words.len();
    let items = props.words.iter().enumerate().map(|(k, words)| {
        let i = first + k;
        let number = i + 1;
        let done = number <= props.cursor;
        let current = number == props.cursor;
        let onclick = {
            let cb = props.on_seek.clone();
            Callback::from(move |_: MouseEvent| cb.emit(number))
        };
        html! {
            <li key={number} class={classes!(done.then_some("done"), current.then_some("current"))}
                ref={if current { current_ref.clone() } else { NodeRef::default() }}>
                <button type="button" {onclick}>
                    <span class="move-number">{ number }</span>
                    <span class="move-words">{ words.render(lang) }</span>
                </button>
            </li>
        }
    });
    html! {
        <section class="card moves" aria-label={lang.t(Answer::Moves)}>
            <h2>{ lang.t(Answer::Moves) }<span class="muted">{ format!(" ({n})") }</span></h2>
            if n == 0 {
                <p class="muted">{ lang.t(Answer::MovesEmpty) }</p>
            } else {
                // Every item keyed (an `if` would add an unkeyed child): Yew then matches the moves by number, and
                // a step that moves the window adds and drops a move or two, not the whole list. With an unkeyed
                // sibling, Yew builds every item again whenever the list changes length: garbage in the Blink heap.
                <ol ref={list_ref} class="move-list" data-testid="move-list">
                    { for (first > 0).then(|| html! {
                        <li key="earlier" class="more">{ lang.fill(Answer::EarlierMoves, &[&first]) }</li>
                    }) }
                    { for items }
                    { for (last < n).then(|| html! {
                        <li key="later" class="more">{ lang.fill(Answer::MoreMoves, &[&(n - last)]) }</li>
                    }) }
                </ol>
            }
        </section>
    }
}
