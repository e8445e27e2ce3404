//! "Learn what this shows": a panel's link to the lesson section that explains it. The page builds the address
//! (it knows the lessons); a panel only shows it.

use crate::page::i18n::{use_lang, Page};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LearnLinkProps {
    /// The lesson section's address, if the page offers one for this panel.
    pub href: Option<AttrValue>,
}

#[component]
pub fn LearnLink(props: &LearnLinkProps) -> Html {
    let lang = use_lang();
    match &props.href {
        Some(href) => html! {
            <a class="learn-link" data-testid="learn-link" href={href.clone()} target="_blank" rel="noopener">
                { lang.t(Page::LearnLink) }</a>
        },
        None => Html::default(),
    }
}
