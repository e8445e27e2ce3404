//! The lesson's exercises, scored against the engine: which search expands fewer states (both run when the reader
//! answers), a board where A* with misplaced tiles expands more than a given number of states (the reader sets it;
//! that A* run checks; every sliding heuristic of the solver is admissible, so none can be caught overestimating),
//! and the shortest solution's length from a given board (a BFS checks). Each answer counts once, the first.

use super::figures::{
    EX_DISTANCE, EX_DISTANCE_RUN, EX_FEWER_ASTAR, EX_FEWER_BFS, EX_FEWER_SHOWN, EX_HARD,
    EX_HARD_RUN, EX_PREDICT,
};
use super::text::{t, Line};
use super::{bfs, count_num, eight, finished, CASES, GOAL};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Page};
use crate::page::lessons::exercise::distance_is_right;
use crate::page::lessons::exercise_list::{
    use_report, verdict_line, ExerciseList, ExerciseProps, Item,
};
use crate::page::lessons::fewer::{Contender, FewerExercise};
use crate::page::lessons::figure::{
    expanded_and_length, place, setup_of, start_of, use_auto_solve, use_figure_once, LessonFigure,
};
use crate::page::lessons::predict::PredictExercise;
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Twelve moves from the goal.
const FEWER_START: [u8; 9] = [1, 5, 3, 2, 0, 4, 8, 7, 6];
/// Six moves from the goal.
const DISTANCE_START: [u8; 9] = [0, 1, 3, 8, 2, 6, 7, 5, 4];
/// "More than this many states": A* with misplaced tiles expands 456 on the board the exercise opens with.
const HARD_THRESHOLD: u64 = 1000;

fn misplaced(start: &[u8]) -> Setup {
    eight(start, &GOAL, Algorithm::Astar, HeuristicName::Misplaced)
}

/// The exercises and their score.
#[component]
pub fn Exercises() -> Html {
    let lang = use_lang();
    let items: Vec<Item> = vec![
        ("fewer", |on_scored| html! { <Fewer {on_scored} /> }),
        ("hard", |on_scored| html! { <HardExercise {on_scored} /> }),
        (
            "distance",
            |on_scored| html! { <DistanceExercise {on_scored} /> },
        ),
        ("predict", |on_scored| html! { <Predict {on_scored} /> }),
    ];
    html! { <ExerciseList intro={t(lang, Line::ExIntro)} {items} /> }
}

#[component]
fn Fewer(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let contender = |figure, setup, label, pick, count| Contender {
        figure,
        setup,
        label: AttrValue::from(t(lang, label)),
        pick,
        count,
    };
    html! {
        <FewerExercise on_scored={props.on_scored.clone()} question={t(lang, Line::ExFewerQ)}
            answer={t(lang, Line::ExFewerAnswer)} group={t(lang, Line::ExFewerGroup)} tie={t(lang, Line::ExTie)}
            shown={EX_FEWER_SHOWN} shown_setup={bfs(&FEWER_START, &GOAL)} board_class="eight-board"
            first={contender(EX_FEWER_BFS, bfs(&FEWER_START, &GOAL), Line::RowBfs, "pick-bfs", "ex-bfs")}
            second={contender(EX_FEWER_ASTAR, misplaced(&FEWER_START), Line::RowAstar, "pick-astar", "ex-astar")} />
    }
}

#[component]
fn HardExercise(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[EX_HARD, EX_HARD_RUN]);
    // The board checked last (its A* run answers for it alone).
    let checked = use_state(|| None::<Vec<u8>>);
    // Set when Check met a board that cannot reach the goal (nothing is run for it).
    let unsolvable = use_state(|| false);
    use_figure_once(EX_HARD, move || misplaced(&CASES[2].start));
    use_auto_solve(EX_HARD_RUN);
    let state = store.as_ref().map(|s| s.state.clone());
    let run = state.as_ref().and_then(|s| {
        let current = start_of(s, EX_HARD_RUN) == *checked && checked.is_some();
        finished(s, EX_HARD_RUN).filter(|_| current)
    });
    let expanded = run.as_ref().map(|r| r.stats.expanded);
    let right = expanded.map(|e| e > HARD_THRESHOLD);
    use_report(right, props.on_scored.clone());
    let on_check = {
        let (checked, unsolvable, store) = (checked.clone(), unsolvable.clone(), store.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(s) = &store else {
                return;
            };
            let Some(setup) = setup_of(&s.state, EX_HARD) else {
                return;
            };
            let solvable = setup.solvability().is_ok();
            unsolvable.set(!solvable);
            if solvable {
                let start = setup.puzzle.start().to_vec();
                place(&s.dispatch, EX_HARD_RUN, misplaced(&start));
                checked.set(Some(start));
            }
        })
    };
    let numbers = fill_html(
        t(lang, Line::ExHardAnswer),
        vec![
            count_num("ex-hard-expanded", expanded),
            count_num("ex-hard-length", run.as_ref().map(|r| r.length)),
        ],
    );
    let caption = if *unsolvable {
        html! { <p class="lesson-verdict wrong" data-testid="unsolvable">{ t(lang, Line::ExHardUnsolvable) }</p> }
    } else {
        verdict_line(lang, right, numbers)
    };
    html! {
        <>
            <p>{ fill_html(t(lang, Line::ExHardQ), vec![count_num("threshold", Some(HARD_THRESHOLD))]) }</p>
            <p class="lesson-hint">{ t(lang, Line::ExHardHow) }</p>
            <LessonFigure lab={EX_HARD} {caption}>
                <div class="view lesson-view eight-board" data-figure="hard"><PuzzleBoard id={PuzzleId::Figure(EX_HARD)} /></div>
                <div class="lesson-controls">
                    <button type="button" data-testid="check" onclick={on_check}>{ lang.t(Page::LessonCheck) }</button>
                </div>
            </LessonFigure>
        </>
    }
}

#[component]
fn DistanceExercise(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[EX_DISTANCE, EX_DISTANCE_RUN]);
    let guess = use_state(|| None::<u64>);
    let input = use_node_ref();
    use_figure_once(EX_DISTANCE, move || bfs(&DISTANCE_START, &GOAL));
    use_auto_solve(EX_DISTANCE_RUN);
    let distance = store
        .as_ref()
        .and_then(|s| expanded_and_length(&s.state, EX_DISTANCE_RUN).1);
    let right = guess.zip(distance).map(|(g, d)| distance_is_right(g, d));
    use_report(right, props.on_scored.clone());
    let on_check = {
        let (guess, store, input) = (guess.clone(), store.clone(), input.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let value = input.cast::<HtmlInputElement>().map(|i| i.value());
            if let Some(g) = value.and_then(|v| v.trim().parse::<u64>().ok()) {
                guess.set(Some(g));
                if let Some(s) = &store {
                    place(&s.dispatch, EX_DISTANCE_RUN, bfs(&DISTANCE_START, &GOAL));
                }
            }
        })
    };
    let numbers = fill_html(
        t(lang, Line::ExDistanceAnswer),
        vec![count_num("ex-length", distance.filter(|_| guess.is_some()))],
    );
    html! {
        <>
            <p>{ t(lang, Line::ExDistanceQ) }</p>
            <LessonFigure lab={EX_DISTANCE} caption={verdict_line(lang, right, numbers)}>
                <div class="view lesson-view eight-board"><PuzzleBoard id={PuzzleId::Figure(EX_DISTANCE)} locked=true /></div>
                <form class="lesson-controls" onsubmit={on_check}>
                    <label>{ t(lang, Line::ExDistanceLabel) }{ " " }
                        <input ref={input} type="number" min="0" max="99" data-testid="distance-guess"
                            disabled={guess.is_some()} /></label>
                    <button type="submit" data-testid="check" disabled={guess.is_some()}>{ lang.t(Page::LessonCheck) }</button>
                </form>
            </LessonFigure>
        </>
    }
}

/// Four moves from the report's goal, for the prediction: BFS.
const PREDICT_START: [u8; 9] = [8, 1, 3, 2, 0, 4, 7, 6, 5];

fn predict_setup() -> Setup {
    bfs(&PREDICT_START, &GOAL)
}

#[component]
fn Predict(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    html! {
        <PredictExercise on_scored={props.on_scored.clone()} figure={EX_PREDICT}
            setup={predict_setup()} question={t(lang, Line::ExPredictQ)} />
    }
}
