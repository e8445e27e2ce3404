//! The eight lesson (being written): its sections, each beside a live figure on the real engine. Its words are in
//! [`text`].

pub mod text;

use super::link::Lesson;
use super::section::Section;
use crate::page::i18n::use_lang;
use text::{t, Line};
use yew::prelude::*;

/// A section's title, by its anchor.
pub fn section_title(id: &str) -> Line {
    match id {
        "report" => Line::ReportTitle,
        "dfs" => Line::DfsTitle,
        "claims" => Line::ClaimsTitle,
        "random" => Line::RandomTitle,
        _ => Line::ExTitle,
    }
}

#[derive(Properties, PartialEq)]
pub struct EightLessonProps {
    /// The one section shown (an embedded section); `None` shows them all.
    #[prop_or_default]
    pub only: Option<&'static str>,
}

/// The lesson's title, introduction and sections.
#[component]
pub fn EightLesson(props: &EightLessonProps) -> Html {
    let lang = use_lang();
    let shown = |id: &str| props.only.is_none_or(|only| only == id);
    let section = |id: &'static str| {
        let title = t(lang, section_title(id));
        shown(id).then(|| html! { <Section lesson={Lesson::Eight} {id} {title} /> })
    };
    html! {
        <>
            if props.only.is_none() {
                <h1 class="lesson-title">{ t(lang, Line::Title) }</h1>
            }
            { for Lesson::Eight.sections().iter().filter_map(|&id| section(id)) }
        </>
    }
}
