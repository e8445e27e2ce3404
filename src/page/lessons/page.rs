//! The Lessons view's frame: the header (the app's name, the language, the way back to the lab), the contents
//! (the lessons, and the sections of the open one), the open lesson, and a section's heading with its deep link
//! and its embed link. An embedded section is shown alone.

use super::eight::EightLesson;
use super::hanoi::HanoiLesson;
use super::link::{href, Lesson, LessonLink};
use super::sliding::SlidingLesson;
use super::{eight, hanoi, sliding};
use crate::page::components::language::LanguageSwitch;
use crate::page::i18n::{Lang, Page, Sharing};
use crate::page::url;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct LessonPageProps {
    pub link: LessonLink,
    pub lang: Lang,
    pub on_language: Callback<Lang>,
}

/// The whole Lessons view (or one embedded section).
#[component]
pub fn LessonPage(props: &LessonPageProps) -> Html {
    let lang = props.lang;
    let link = props.link.clone();
    {
        // The address names the lesson and the language, so that a copied link opens what is on screen; the
        // section's anchor stays as the reader left it.
        let link = link.clone();
        use_effect_with(lang, move |&lang| {
            let fragment = url::current_fragment();
            let section = (!fragment.is_empty()).then_some(fragment.as_str());
            replace_address(&href(link.lesson, lang, section, link.embed));
        });
    }
    {
        // The anchor's section is drawn after the page loads, so the browser cannot scroll to it by itself.
        let section = link.section;
        use_effect_with(section, move |section| {
            if let Some(id) = section {
                let element = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.get_element_by_id(id));
                if let Some(element) = element {
                    element.scroll_into_view();
                }
            }
        });
    }
    let only = link.embedded_section();
    let lesson = match link.lesson {
        Lesson::Hanoi => html! { <HanoiLesson {only} /> },
        Lesson::Sliding => html! { <SlidingLesson {only} /> },
        Lesson::Eight => html! { <EightLesson {only} /> },
    };
    if only.is_some() {
        return html! {
            <div class="app lesson-app embed" data-testid="embed">
                <main class="lesson-embed">
                    // The section's heading is the page's second level; screen readers still want a first.
                    <h1 class="sr-only">{ title(lang, link.lesson) }</h1>
                    <article class="lesson" data-testid="lesson" data-lesson={link.lesson.code()}>{ lesson }</article>
                    <p class="embed-foot">
                        <a href={format!("?{}", href(link.lesson, lang, only, false))} target="_blank" rel="noopener"
                            data-testid="embed-open">{ lang.t(Sharing::EmbedOpenFull) }</a>
                    </p>
                </main>
            </div>
        };
    }
    html! {
        <div class="app lesson-app">
            <header class="topbar">
                <div class="brand">
                    <span class="logo" aria-hidden="true">{ "◧" }</span>
                    <p class="app-name"><a href="?" data-testid="lab-link">{ lang.t(Page::AppName) }</a></p>
                    <span class="tagline">{ lang.t(Page::LessonsTitle) }</span>
                </div>
                <LanguageSwitch {lang} on_change={props.on_language.clone()} />
                <a class="lessons-link" href="?" data-testid="lab-link-header">{ lang.t(Page::LessonsBackToLab) }</a>
            </header>
            <div class="lesson-layout">
                { contents(lang, link.lesson) }
                <main class="lesson" data-testid="lesson" data-lesson={link.lesson.code()} lang={lang.html_lang()}>
                    { lesson }
                </main>
            </div>
            <footer class="footer">{ lang.t(Page::Footer) }</footer>
        </div>
    }
}

/// A lesson's title.
fn title(lang: Lang, lesson: Lesson) -> &'static str {
    match lesson {
        Lesson::Hanoi => hanoi::text::t(lang, hanoi::text::Line::Title),
        Lesson::Sliding => sliding::text::t(lang, sliding::text::Line::Title),
        Lesson::Eight => eight::text::t(lang, eight::text::Line::Title),
    }
}

/// The contents: every lesson, and the open one's sections.
fn contents(lang: Lang, open: Lesson) -> Html {
    let section_title = |lesson: Lesson, id: &str| match lesson {
        Lesson::Hanoi => hanoi::text::t(lang, hanoi::section_title(id)),
        Lesson::Sliding => sliding::text::t(lang, sliding::section_title(id)),
        Lesson::Eight => eight::text::t(lang, eight::section_title(id)),
    };
    html! {
        <nav class="lesson-contents" aria-label={lang.t(Page::LessonsContents)} data-testid="lesson-contents">
            <h2>{ lang.t(Page::Lessons) }</h2>
            <ul>
                { for Lesson::ALL.iter().map(|&lesson| html! {
                    <li><a href={format!("?{}", href(lesson, lang, None, false))}
                        aria-current={(lesson == open).then_some("page")}>{ title(lang, lesson) }</a></li>
                }) }
            </ul>
            <h2>{ lang.t(Page::LessonsInThisLesson) }</h2>
            <ol>
                { for open.sections().iter().map(|&id| html! {
                    <li><a href={format!("#{id}")}>{ section_title(open, id) }</a></li>
                }) }
            </ol>
        </nav>
    }
}

/// Puts `query` (with its `#fragment`) into the address bar without a history entry or a reload.
fn replace_address(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    if let Ok(history) = window.history() {
        // Fails only for a URL of another origin, which a bare `?query` never is.
        let _ = history.replace_state_with_url(
            &wasm_bindgen::JsValue::NULL,
            "",
            Some(&format!("?{query}")),
        );
    }
}
