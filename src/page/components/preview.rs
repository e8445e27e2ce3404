//! A thumbnail of the position not being edited (the goal while the start is edited, and the other way round);
//! a click switches to editing it.

use crate::page::i18n::{use_lang, Page, Play};
use solver::hanoi::peg_letter;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PreviewProps {
    /// "Goal" or "Start".
    pub title: AttrValue,
    /// `Some((width, height))` for a board, `None` for pegs.
    pub board: Option<(u8, u8)>,
    pub pegs: u8,
    /// Tiles row-major, or the peg of each disk.
    pub position: Rc<[u8]>,
    pub on_open: Callback<()>,
}

#[component]
pub fn Preview(props: &PreviewProps) -> Html {
    let lang = use_lang();
    let onclick = {
        let cb = props.on_open.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let body = match props.board {
        Some((w, h)) => {
            // `minmax(0, 1fr)`: a column may be narrower than its number, so that an 8-wide goal keeps to the
            // thumbnail's width; past five cells a side the numbers would be unreadable and are left out.
            let style = format!("grid-template-columns: repeat({w}, minmax(0, 1fr))");
            let dense = w.max(h) > 5;
            html! {
                <span class={classes!("mini-board", dense.then_some("dense"))} {style}>
                    { for props.position.iter().map(|&t| html! {
                        <span class={classes!("mini-cell", (t == 0).then_some("blank"))}>
                            { if t == 0 { String::new() } else { t.to_string() } }
                        </span>
                    }) }
                </span>
            }
        }
        None => {
            let n = props.position.len().max(1);
            html! {
                <span class="mini-pegs">
                    { for (0..props.pegs).map(|peg| html! {
                        <span class="mini-peg" title={lang.fill(Play::PegLabel, &[&peg_letter(peg)])}>
                            // Top to bottom: smallest first.
                            { for (0..props.position.len()).filter(|&d| props.position[d] == peg).map(|d| {
                                let width = 30 + 70 * (d + 1) / n;
                                let hue = 280 * d / n.saturating_sub(1).max(1);
                                html! { <span class="mini-disk" style={format!("width: {width}%; --hue: {hue}")} /> }
                            }) }
                        </span>
                    }) }
                </span>
            }
        }
    };
    html! {
        <button type="button" class="preview" data-testid="preview" {onclick}
            title={lang.fill(Page::PreviewTitle, &[&props.title])}>
            <span class="preview-title">{ props.title.clone() }</span>
            { body }
        </button>
    }
}
