//! The lesson's exercises, scored against the engine: which search expands fewer states (both run when the reader
//! answers), a tower where the seed heuristic overestimates (the reader sets it; a BFS checks), and the shortest
//! solution's length from a given tower (a BFS checks). Each answer counts once, the first.

use super::admissible::seed_power;
use super::figures::{
    EX_DISTANCE, EX_DISTANCE_BFS, EX_FEWER_ASTAR, EX_FEWER_BFS, EX_FEWER_SHOWN, EX_OVER,
    EX_OVER_BFS, EX_PREDICT,
};
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Page};
use crate::page::lessons::exercise::{distance_is_right, overestimate_is_right};
use crate::page::lessons::exercise_list::{
    use_report, verdict_line, ExerciseList, ExerciseProps, Item,
};
use crate::page::lessons::fewer::{Contender, FewerExercise};
use crate::page::lessons::figure::{
    expanded_and_length, hanoi_setup, num, place, start_of, tower, use_auto_solve, LessonFigure,
};
use crate::page::lessons::predict::PredictExercise;
use crate::page::state::setup::Setup;
use crate::page::state::{Action, PuzzleId};
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// Five disks: the largest on A, the rest already home on C.
const FEWER_START: [u8; 5] = [2, 2, 2, 2, 0];
/// Four scattered disks.
const DISTANCE_START: [u8; 4] = [2, 0, 1, 0];

fn bfs(start: &[u8]) -> Setup {
    hanoi_setup(
        3,
        start,
        &tower(start.len() as u8, 2),
        Algorithm::Bfs,
        HeuristicName::Misplaced,
    )
}

fn astar(start: &[u8]) -> Setup {
    hanoi_setup(
        3,
        start,
        &tower(start.len() as u8, 2),
        Algorithm::Astar,
        HeuristicName::Misplaced,
    )
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
            answer={t(lang, Line::ExFewerAnswer)} group={t(lang, Line::ExTitle)} tie={t(lang, Line::ExTie)}
            shown={EX_FEWER_SHOWN} shown_setup={bfs(&FEWER_START)}
            first={contender(EX_FEWER_BFS, bfs(&FEWER_START), Line::RaceBfs, "pick-bfs", "ex-bfs")}
            second={contender(EX_FEWER_ASTAR, astar(&FEWER_START), Line::RaceAstar, "pick-astar", "ex-astar")} />
    }
}

#[component]
fn OverExercise(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[EX_OVER, EX_OVER_BFS]);
    // The tower checked last (its BFS answers for it alone).
    let checked = use_state(|| None::<Vec<u8>>);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                d.emit(Action::AddFigure(EX_OVER, Box::new(bfs(&tower(3, 0)))));
            }
        });
    }
    use_auto_solve(EX_OVER_BFS);
    let state = store.as_ref().map(|s| s.state.clone());
    let goal = tower(3, 2);
    let h = checked.as_deref().and_then(|s| seed_power(3, s, &goal));
    let distance = state.as_ref().and_then(|s| {
        let current = start_of(s, EX_OVER_BFS) == *checked;
        expanded_and_length(s, EX_OVER_BFS).1.filter(|_| current)
    });
    let right = h.zip(distance).map(|(h, d)| overestimate_is_right(h, d));
    use_report(right, props.on_scored.clone());
    let on_check = {
        let (checked, store) = (checked.clone(), store.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some(s) = &store {
                if let Some(start) = start_of(&s.state, EX_OVER) {
                    place(&s.dispatch, EX_OVER_BFS, bfs(&start));
                    checked.set(Some(start));
                }
            }
        })
    };
    let numbers = fill_html(
        t(lang, Line::ExOverAnswer),
        vec![num("ex-h", h), num("ex-distance", distance)],
    );
    html! {
        <>
            <p>{ t(lang, Line::ExOverQ) }</p>
            <LessonFigure lab={EX_OVER} caption={verdict_line(lang, right, numbers)}>
                <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(EX_OVER)} /></div>
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
    let store = use_figures(&[EX_DISTANCE, EX_DISTANCE_BFS]);
    let guess = use_state(|| None::<u64>);
    let input = use_node_ref();
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                d.emit(Action::AddFigure(
                    EX_DISTANCE,
                    Box::new(bfs(&DISTANCE_START)),
                ));
            }
        });
    }
    use_auto_solve(EX_DISTANCE_BFS);
    let distance = store
        .as_ref()
        .and_then(|s| expanded_and_length(&s.state, EX_DISTANCE_BFS).1);
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
                    place(&s.dispatch, EX_DISTANCE_BFS, bfs(&DISTANCE_START));
                }
            }
        })
    };
    let numbers = fill_html(
        t(lang, Line::ExDistanceAnswer),
        vec![num("ex-length", distance.filter(|_| guess.is_some()))],
    );
    html! {
        <>
            <p>{ t(lang, Line::ExDistanceQ) }</p>
            <LessonFigure lab={EX_DISTANCE} caption={verdict_line(lang, right, numbers)}>
                <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(EX_DISTANCE)} locked=true /></div>
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

/// A* on three disks, the whole tower from peg A to peg C.
fn predict_setup() -> Setup {
    astar(&tower(3, 0))
}

#[component]
fn Predict(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    html! {
        <PredictExercise on_scored={props.on_scored.clone()} figure={EX_PREDICT}
            setup={predict_setup()} question={t(lang, Line::ExPredictQ)} />
    }
}
