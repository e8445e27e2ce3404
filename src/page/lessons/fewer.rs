//! "Which expands fewer states?", the one exercise every lesson asks in its own words: a board shown, two searches
//! to pick from (or "as many"), and both run on the engine once the reader has picked. The lesson gives the
//! figures and the words; the rule that scores the pick is [`super::exercise::fewer_is_right`].

use super::exercise::{fewer_is_right, Fewer};
use super::exercise_list::{use_report, verdict_line};
use super::figure::count as count_num;
use super::figure::{expanded_and_length, place, use_auto_solve, use_figure_once, LessonFigure};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use yew::prelude::*;

/// One of the two searches the reader picks from.
#[derive(Debug, Clone, PartialEq)]
pub struct Contender {
    /// The figure that runs it once the reader has picked.
    pub figure: u32,
    pub setup: Setup,
    /// Its button's words.
    pub label: AttrValue,
    /// Its button's `data-testid`.
    pub pick: &'static str,
    /// The `data-num` of its count in the answer.
    pub count: &'static str,
}

#[derive(Properties, PartialEq)]
pub struct FewerProps {
    /// Reports the first verdict to the lesson's list.
    pub on_scored: Callback<bool>,
    pub question: AttrValue,
    /// The answer's sentence: `{}` for the first search's count, then the second's.
    pub answer: AttrValue,
    /// The buttons' group, for screen readers.
    pub group: AttrValue,
    /// The third button's words: "as many".
    pub tie: AttrValue,
    /// The figure that shows the board, and its set-up.
    pub shown: u32,
    pub shown_setup: Setup,
    /// Classes of the board's frame besides `view lesson-view`.
    #[prop_or_default]
    pub board_class: Classes,
    /// The search `Fewer::Bfs` names (the first button), and the one `Fewer::Astar` names (the second).
    pub first: Contender,
    pub second: Contender,
}

/// The question, the board, the three buttons; once picked, "Right." or "Not quite." with both counts.
#[component]
pub fn FewerExercise(props: &FewerProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[props.shown, props.first.figure, props.second.figure]);
    let pick = use_state(|| None::<Fewer>);
    let shown_setup = props.shown_setup.clone();
    use_figure_once(props.shown, move || shown_setup);
    use_auto_solve(props.first.figure);
    use_auto_solve(props.second.figure);
    let (first, second) = (&props.first, &props.second);
    let counts = store.as_ref().map(|s| {
        (
            expanded_and_length(&s.state, first.figure).0,
            expanded_and_length(&s.state, second.figure).0,
        )
    });
    let (a, b) = counts.unwrap_or_default();
    let right = match (*pick, a, b) {
        (Some(p), Some(a), Some(b)) => Some(fewer_is_right(p, a, b)),
        _ => None,
    };
    use_report(right, props.on_scored.clone());
    let choose = |answer: Fewer| {
        let (pick, store) = (pick.clone(), store.clone());
        let runs = [first.clone(), second.clone()];
        Callback::from(move |_: MouseEvent| {
            pick.set(Some(answer));
            if let Some(s) = &store {
                for run in &runs {
                    place(&s.dispatch, run.figure, run.setup.clone());
                }
            }
        })
    };
    let numbers = fill_html(
        &props.answer,
        vec![count_num(first.count, a), count_num(second.count, b)],
    );
    let answered = pick.is_some();
    html! {
        <>
            <p>{ props.question.clone() }</p>
            <LessonFigure lab={props.shown} caption={verdict_line(lang, right, numbers)}>
                <div class={classes!("view", "lesson-view", props.board_class.clone())}>
                    <PuzzleBoard id={PuzzleId::Figure(props.shown)} locked=true />
                </div>
                <div class="lesson-controls" role="group" aria-label={props.group.clone()}>
                    <button type="button" data-testid={first.pick} disabled={answered} onclick={choose(Fewer::Bfs)}>
                        { first.label.clone() }</button>
                    <button type="button" data-testid={second.pick} disabled={answered}
                        onclick={choose(Fewer::Astar)}>{ second.label.clone() }</button>
                    <button type="button" data-testid="pick-tie" disabled={answered} onclick={choose(Fewer::Tie)}>
                        { props.tie.clone() }</button>
                </div>
            </LessonFigure>
        </>
    }
}
