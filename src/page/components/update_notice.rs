//! The line that says a newer release of the app is downloaded and offers the reload that switches to it.

use crate::page::hooks::release::Release;
use crate::page::i18n::{use_lang, Page};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct UpdateNoticeProps {
    pub release: Release,
    pub on_reload: Callback<()>,
}

#[component]
pub fn UpdateNotice(props: &UpdateNoticeProps) -> Html {
    let lang = use_lang();
    let switching = props.release == Release::Switching;
    let onclick = props.on_reload.reform(|_: MouseEvent| ());
    // The live region stays in the page, so that a screen reader announces the line when it appears.
    html! {
        <div class="update-slot" role="status">
            if props.release != Release::Current {
                <div class="update-notice" data-testid="update-ready">
                    <span>{ lang.t(Page::UpdateReady) }</span>
                    <button type="button" data-testid="update-reload" disabled={switching} {onclick}>
                        { lang.t(if switching { Page::UpdateSwitching } else { Page::UpdateReload }) }
                    </button>
                </div>
            }
        </div>
    }
}
