//! "Before the report": OPEN, CLOSED and the three searches the report runs, defined before any section uses
//! them, with a link to the sliding-puzzle lesson that builds them up.

use super::sliding_link;
use super::text::{t, Line};
use crate::page::i18n::{fill_html, use_lang};
use yew::prelude::*;

#[component]
pub fn BasicsSection() -> Html {
    let lang = use_lang();
    html! {
        <>
            <p>{ t(lang, Line::BasicsLists) }</p>
            <p>{ t(lang, Line::BasicsSearches) }</p>
            <p>{ fill_html(t(lang, Line::BasicsLink), vec![sliding_link(lang, "state")]) }</p>
        </>
    }
}
