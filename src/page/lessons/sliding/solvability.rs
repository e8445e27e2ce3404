//! "Which boards can be solved": the reader swaps two tiles (click one, then another; or Enter on each) on a 3x3
//! or a 4x4 board; the inversions and the blank's row are counted as they change, the textbook's rule gives its
//! verdict (the general rule, comparing the board's parity with the goal's, towards the usual goal), and the
//! solver, asked, answers: `unsolvable` at once (its parity check), or a solution.

use super::common::{blank_rows_up, count, inversions, page_default, rule_says_solvable, shape_of};
use super::figures::SOLVABLE;
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Text};
use crate::page::lessons::figure::gap;
use crate::page::lessons::figure::{expanded_and_length, place, setup_of, LessonFigure};
use crate::page::state::solve::StatusName;
use crate::page::state::{Action, PuzzleId, SolveAction};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The 8-puzzle lab report's goal, 1 2 3 / 8 _ 4 / 7 6 5: its inversions are counted in the rule's sentence.
pub const REPORT_GOAL: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];
/// The article's unsolvable 8-puzzle: one inversion.
const THREE: [u8; 9] = [1, 2, 3, 4, 5, 6, 8, 7, 0];
/// A 15-puzzle with no inversion at all, its blank one row up: unsolvable, though the inversions alone say
/// otherwise.
const FOUR: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 0, 12, 13, 14, 15];

fn start(side: u8) -> &'static [u8] {
    if side == 4 {
        &FOUR
    } else {
        &THREE
    }
}

#[component]
pub fn SolvabilitySection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[SOLVABLE]);
    let side = use_state(|| 3u8);
    // The board the solver was asked about (its query), so that its answer shows only for that board.
    let asked = use_state(|| None::<String>);
    {
        let store = store.clone();
        use_effect_with(*side, move |&side| {
            if let Some(s) = store {
                place(&s.dispatch, SOLVABLE, page_default(side, side, start(side)));
            }
        });
    }
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let setup = setup_of(state, SOLVABLE);
    let shape = setup.and_then(shape_of);
    let tiles = setup.map(|s| s.puzzle.start().to_vec());
    let inv = tiles.as_deref().map(inversions);
    let up = shape
        .zip(tiles.as_deref())
        .and_then(|(s, t)| blank_rows_up(s, t));
    let rule = shape
        .zip(tiles.as_deref())
        .and_then(|(s, t)| rule_says_solvable(s, t));
    let query = setup.map(|s| s.query().to_query_string());
    let current = asked.is_some() && *asked == query;
    let puzzle = state.puzzle(PuzzleId::Figure(SOLVABLE));
    let status = puzzle.map(|p| p.status());
    let solving = puzzle.is_some_and(|p| p.is_solving());
    let counted = fill_html(
        t(lang, Line::SolvCounted),
        vec![count("inversions", inv), count("blank-rows-up", up)],
    );
    let verdict = match rule {
        Some(true) => t(lang, Line::SolvRuleYes),
        Some(false) => t(lang, Line::SolvRuleNo),
        None => "",
    };
    let answer = if !current {
        Html::default()
    } else {
        match status {
            Some(StatusName::Unsolvable) => {
                let why = setup
                    .and_then(|s| s.solvability().err())
                    .map(|why| Text::unsolvable(&why).render(lang))
                    .unwrap_or_default();
                html! {
                    <span data-testid="solver-answer" data-answer="unsolvable">
                        { t(lang, Line::SolvSolverNo) }{ gap(lang) }{ why }</span>
                }
            }
            Some(StatusName::Solved) => html! {
                <span data-testid="solver-answer" data-answer="solved">{ fill_html(t(lang, Line::SolvSolverYes),
                    vec![count("solver-length", expanded_and_length(state, SOLVABLE).1)]) }</span>
            },
            Some(StatusName::Solving) => html! { <span>{ t(lang, Line::SolvAsking) }</span> },
            _ => Html::default(),
        }
    };
    let caption = html! {
        <>
            { counted }{ gap(lang) }
            <span data-testid="rule-verdict" data-solvable={rule.map(|r| r.to_string())}>{ verdict }</span>
            { gap(lang) }{ answer }
        </>
    };
    let on_side = {
        let (side, asked) = (side.clone(), asked.clone());
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(s) = select.value().parse() {
                asked.set(None);
                side.set(s);
            }
        })
    };
    let on_ask = {
        let (asked, dispatch, query) = (asked.clone(), store.dispatch.clone(), query.clone());
        Callback::from(move |_: MouseEvent| {
            asked.set(query.clone());
            dispatch.emit(Action::Puzzle(
                PuzzleId::Figure(SOLVABLE),
                SolveAction::Solve.into(),
            ));
        })
    };
    html! {
        <>
            <p>{ t(lang, Line::SolvText) }</p>
            <p>{ fill_html(t(lang, Line::SolvRule), vec![count("goal-inversions", Some(inversions(&REPORT_GOAL)))]) }</p>
            <LessonFigure lab={SOLVABLE} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::SolvSize) }{ " " }
                        <select data-testid="solv-size" onchange={on_side}>
                            { for [3u8, 4].iter().map(|&s| html! {
                                <option value={s.to_string()} selected={s == *side}>{ format!("{s}x{s}") }</option>
                            }) }
                        </select>
                    </label>
                    <button type="button" data-testid="ask-solver" disabled={solving} onclick={on_ask}>
                        { t(lang, Line::SolvAsk) }</button>
                </div>
                <div class="view lesson-view lesson-small-board">
                    <PuzzleBoard id={PuzzleId::Figure(SOLVABLE)} />
                </div>
                <p class="lesson-hint">{ t(lang, Line::SolvTry) }</p>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::SolvArticle) }</p>
        </>
    }
}
