//! One section of a lesson: its heading with a deep link and an embed link, then its sentences and figure.

use super::link::{href, Lesson};
use crate::page::i18n::{use_lang, Page};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SectionProps {
    /// The lesson it belongs to, for its links.
    pub lesson: Lesson,
    /// The anchor.
    pub id: &'static str,
    pub title: AttrValue,
    #[prop_or_default]
    pub children: Html,
}

/// One section: its heading with a deep link and an embed link, then its sentences and figure.
#[component]
pub fn Section(props: &SectionProps) -> Html {
    let lang = use_lang();
    let id = props.id;
    let lesson = props.lesson;
    let heading = format!("{id}-title");
    html! {
        <section {id} class="lesson-section" data-testid="lesson-section" data-section={id}
            aria-labelledby={heading.clone()}>
            <h2 id={heading}>
                { props.title.clone() }
                <a class="deep-link" href={format!("?{}", href(lesson, lang, Some(id), false))}
                    data-testid="section-link" aria-label={lang.t(Page::LessonSectionLink)}
                    title={lang.t(Page::LessonSectionLink)}>{ "#" }</a>
                <a class="embed-link" href={format!("?{}", href(lesson, lang, Some(id), true))}
                    data-testid="section-embed" target="_blank" rel="noopener">{ lang.t(Page::LessonSectionEmbed) }</a>
            </h2>
            { props.children.clone() }
        </section>
    }
}
