//! The lesson's exercises, scored against the engine: which heuristic makes A* expand fewer states (both run when
//! the reader answers), a board where weighted A*'s scaled heuristic overestimates (the reader sets it by sliding
//! tiles; an A* run gives the true distance), and whether a board can be solved (the solver answers). Each answer
//! counts once, the first.

use super::common::{board, count, estimate, played, shape};
use super::figures::{
    EX_FEWER_MANHATTAN, EX_FEWER_MISPLACED, EX_FEWER_SHOWN, EX_OVER, EX_OVER_TRUE, EX_PREDICT,
    EX_SOLVABLE,
};
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill, fill_html, use_lang, Page};
use crate::page::lessons::exercise::overestimate_is_right;
use crate::page::lessons::exercise_list::{
    use_report, verdict_line, ExerciseList, ExerciseProps, Item,
};
use crate::page::lessons::fewer::{Contender, FewerExercise};
use crate::page::lessons::figure::use_figure_once;
use crate::page::lessons::figure::{
    expanded_and_length, place, start_of, use_auto_solve, LessonFigure,
};
use crate::page::lessons::predict::PredictExercise;
use crate::page::state::setup::Setup;
use crate::page::state::solve::StatusName;
use crate::page::state::{Action, PuzzleId, SolveAction};
use solver::search::weighted::Weight;
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// Six moves from the goal: both heuristics guide A* straight there.
const FEWER_START: [u8; 9] = [4, 1, 3, 7, 2, 6, 0, 5, 8];
/// A 15-puzzle with an even number of inversions, its blank one row above the bottom: unsolvable.
const SOLVABLE_START: [u8; 16] = [9, 2, 7, 1, 6, 5, 8, 4, 0, 11, 3, 12, 13, 10, 14, 15];
/// Weighted A*'s w in the exercise: f = g + 1.5 h.
const WEIGHT_HUNDREDTHS: u16 = 150;

fn astar(start: &[u8], heuristic: HeuristicName) -> Setup {
    board(3, 3, start, Algorithm::Astar, heuristic)
}

/// The exercises and their score.
#[component]
pub fn Exercises() -> Html {
    let lang = use_lang();
    let items: Vec<Item> = vec![
        ("fewer", |on_scored| html! { <Fewer {on_scored} /> }),
        (
            "overestimate",
            |on_scored| html! { <OverExercise {on_scored} /> },
        ),
        (
            "solvable",
            |on_scored| html! { <SolvableExercise {on_scored} /> },
        ),
        ("predict", |on_scored| html! { <Predict {on_scored} /> }),
    ];
    html! { <ExerciseList intro={t(lang, Line::ExIntro)} {items} /> }
}

#[component]
fn Fewer(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    // `Fewer`'s first search is A* with misplaced tiles, its second A* with Manhattan distance.
    let contender = |figure, heuristic, pick, count| Contender {
        figure,
        setup: astar(&FEWER_START, heuristic),
        label: AttrValue::from(lang.heuristic(heuristic)),
        pick,
        count,
    };
    html! {
        <FewerExercise on_scored={props.on_scored.clone()} question={t(lang, Line::ExFewerQ)}
            answer={t(lang, Line::ExFewerAnswer)} group={t(lang, Line::ExGroup)} tie={t(lang, Line::ExTie)}
            shown={EX_FEWER_SHOWN} shown_setup={astar(&FEWER_START, HeuristicName::Misplaced)}
            board_class="lesson-small-board"
            first={contender(EX_FEWER_MISPLACED, HeuristicName::Misplaced, "pick-misplaced", "ex-misplaced")}
            second={contender(EX_FEWER_MANHATTAN, HeuristicName::Manhattan, "pick-manhattan", "ex-manhattan")} />
    }
}

#[component]
fn OverExercise(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[EX_OVER, EX_OVER_TRUE]);
    let weight = Weight::from_hundredths(WEIGHT_HUNDREDTHS).unwrap_or(Weight::MIN);
    // The board checked last (its A* run answers for it alone).
    let checked = use_state(|| None::<Vec<u8>>);
    use_figure_once(EX_OVER, || {
        let goal = shape(3, 3).default_goal();
        let mut setup = board(3, 3, &goal, Algorithm::Weighted, HeuristicName::Manhattan);
        setup.weight = Weight::from_hundredths(WEIGHT_HUNDREDTHS);
        setup
    });
    use_auto_solve(EX_OVER_TRUE);
    let manhattan = checked
        .as_deref()
        .and_then(|s| estimate(shape(3, 3), s, HeuristicName::Manhattan));
    let distance = store.as_ref().and_then(|s| {
        let current = start_of(&s.state, EX_OVER_TRUE) == *checked;
        expanded_and_length(&s.state, EX_OVER_TRUE)
            .1
            .filter(|_| current)
    });
    // Compared in hundredths, as weighted A* computes f: w x h against the distance, no rounding.
    let hundredths = u64::from(weight.hundredths());
    let right = manhattan
        .zip(distance)
        .map(|(h, d)| overestimate_is_right(h * hundredths, d * 100));
    use_report(right, props.on_scored.clone());
    let on_check = {
        let (checked, store) = (checked.clone(), store.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = &store {
                if let Some(start) = start_of(&s.state, EX_OVER) {
                    let truth = board(
                        3,
                        3,
                        &start,
                        Algorithm::Astar,
                        HeuristicName::LinearConflict,
                    );
                    place(&s.dispatch, EX_OVER_TRUE, truth);
                    checked.set(Some(start));
                }
            }
        })
    };
    let weighted = manhattan.map(|h| (h as f64 * weight.as_f64()).to_string());
    let numbers = fill_html(
        t(lang, Line::ExOverAnswer),
        vec![
            count("ex-manhattan-h", manhattan),
            super::common::words("ex-weighted-h", weighted),
            count("ex-distance", distance),
        ],
    );
    let played = store.as_ref().and_then(|s| played(s, EX_OVER));
    html! {
        <>
            <p>{ fill(t(lang, Line::ExOverQ), &[&weight, &weight, &weight]) }</p>
            <LessonFigure lab={EX_OVER} caption={verdict_line(lang, right, numbers)}>
                <div class="view lesson-view lesson-small-board">
                    <PuzzleBoard id={PuzzleId::Figure(EX_OVER)} {played} />
                </div>
                <div class="lesson-controls">
                    <button type="button" data-testid="check" onclick={on_check}>{ lang.t(Page::LessonCheck) }</button>
                </div>
            </LessonFigure>
        </>
    }
}

#[component]
fn SolvableExercise(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[EX_SOLVABLE]);
    let guess = use_state(|| None::<bool>);
    use_figure_once(EX_SOLVABLE, || {
        board(
            4,
            4,
            &SOLVABLE_START,
            Algorithm::Astar,
            HeuristicName::LinearConflict,
        )
    });
    let puzzle = store
        .as_ref()
        .and_then(|s| s.state.puzzle(PuzzleId::Figure(EX_SOLVABLE)));
    // The solver's answer, once asked: unsolvable at once, or a solution.
    let answer = guess.and(puzzle.and_then(|p| match p.status() {
        StatusName::Unsolvable => Some(false),
        StatusName::Solved => Some(true),
        _ => None,
    }));
    let right = guess.zip(answer).map(|(g, a)| g == a);
    use_report(right, props.on_scored.clone());
    let choose = |yes: bool| {
        let (guess, store) = (guess.clone(), store.clone());
        Callback::from(move |_: MouseEvent| {
            guess.set(Some(yes));
            if let Some(s) = &store {
                s.dispatch.emit(Action::Puzzle(
                    PuzzleId::Figure(EX_SOLVABLE),
                    SolveAction::Solve.into(),
                ));
            }
        })
    };
    let said = match answer {
        Some(true) => t(lang, Line::ExSolvableYes),
        Some(false) => t(lang, Line::ExSolvableNo),
        None => "",
    };
    let numbers = html! {
        <span data-testid="solver-answer" data-answer={answer.map(|a| a.to_string())}>{ said }</span>
    };
    let answered = guess.is_some();
    html! {
        <>
            <p>{ t(lang, Line::ExSolvableQ) }</p>
            <LessonFigure lab={EX_SOLVABLE} open_in_lab={right.is_some()} caption={verdict_line(lang, right, numbers)}>
                <div class="view lesson-view lesson-small-board">
                    <PuzzleBoard id={PuzzleId::Figure(EX_SOLVABLE)} locked=true />
                </div>
                <div class="lesson-controls" role="group" aria-label={t(lang, Line::ExGroup)}>
                    <button type="button" data-testid="pick-yes" disabled={answered} onclick={choose(true)}>
                        { t(lang, Line::ExYes) }</button>
                    <button type="button" data-testid="pick-no" disabled={answered} onclick={choose(false)}>
                        { t(lang, Line::ExNo) }</button>
                </div>
            </LessonFigure>
        </>
    }
}

/// Five moves from the goal, for the prediction: A* with Manhattan distance.
const PREDICT_START: [u8; 9] = [4, 1, 3, 0, 2, 5, 7, 8, 6];

fn predict_setup() -> Setup {
    astar(&PREDICT_START, HeuristicName::Manhattan)
}

#[component]
fn Predict(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    html! {
        <PredictExercise on_scored={props.on_scored.clone()} figure={EX_PREDICT}
            setup={predict_setup()} question={t(lang, Line::ExPredictQ)} />
    }
}
