//! The language switch: a select of the interface languages, each named in itself.

use crate::page::i18n::{Controls, Lang};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LanguageSwitchProps {
    pub lang: Lang,
    pub on_change: Callback<Lang>,
}

#[component]
pub fn LanguageSwitch(props: &LanguageSwitchProps) -> Html {
    let onchange = {
        let cb = props.on_change.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(lang) = Lang::from_code(&select.value()) {
                cb.emit(lang);
            }
        })
    };
    html! {
        <label class="language">
            <span class="sr-only">{ props.lang.t(Controls::Language) }</span>
            <select data-testid="language" name="language" {onchange}>
                { for Lang::ALL.into_iter().map(|l| html! {
                    <option value={l.code()} lang={l.html_lang()} selected={l == props.lang}>{ l.native_name() }</option>
                }) }
            </select>
        </label>
    }
}
