//! What every lesson's exercises share on the page: the list with its score, each exercise's first verdict kept
//! (an answer counts once), and the verdict's line ("Right." or "Not quite.", then the engine's numbers). The
//! rules that decide a verdict are in [`super::exercise`].

use super::exercise::score;
use super::figure::gap;
use crate::page::i18n::{use_lang, Lang, Page};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExerciseProps {
    /// The first verdict of this exercise: right or not.
    pub on_scored: Callback<bool>,
}

/// One exercise of a list: its name (`data-exercise`, for tests) and its component, which reports its verdict.
pub type Item = (&'static str, fn(Callback<bool>) -> Html);

#[derive(Properties, PartialEq)]
pub struct ExerciseListProps {
    /// The sentence before the list.
    pub intro: AttrValue,
    pub items: Vec<Item>,
}

/// The exercises, numbered, then the score so far (said to screen readers as it changes).
#[component]
pub fn ExerciseList(props: &ExerciseListProps) -> Html {
    let lang = use_lang();
    let answers = use_state(|| vec![None::<bool>; props.items.len()]);
    let scored = |i: usize| {
        let answers = answers.clone();
        Callback::from(move |right: bool| {
            if answers.get(i).is_some_and(Option::is_none) {
                let mut next = (*answers).clone();
                next[i] = Some(right);
                answers.set(next);
            }
        })
    };
    let (right, asked) = score(&answers);
    html! {
        <>
            <p>{ props.intro.clone() }</p>
            <ol class="lesson-exercises">
                { for props.items.iter().enumerate().map(|(i, &(name, exercise))| html! {
                    <li data-testid="exercise" data-exercise={name}>{ exercise(scored(i)) }</li>
                }) }
            </ol>
            <p class="lesson-score" data-testid="lesson-score" data-right={right.to_string()} aria-live="polite">
                { lang.fill(Page::LessonScore, &[&right, &asked]) }</p>
        </>
    }
}

/// Reports a verdict once it is known (the list keeps the first).
#[hook]
pub fn use_report(verdict: Option<bool>, on_scored: Callback<bool>) {
    use_effect_with(verdict, move |v| {
        if let Some(v) = *v {
            on_scored.emit(v);
        }
    });
}

/// "Right." or "Not quite.", then the engine's numbers; nothing before the verdict.
pub fn verdict_line(lang: Lang, right: Option<bool>, numbers: Html) -> Html {
    let Some(right) = right else {
        return Html::default();
    };
    let word = lang.t(if right {
        Page::LessonRight
    } else {
        Page::LessonWrong
    });
    html! {
        <p class={classes!("lesson-verdict", if right { "right" } else { "wrong" })} data-testid="verdict"
            data-right={right.to_string()}>{ word }{ gap(lang) }{ numbers }</p>
    }
}
