//! "Predict the next expansion" in a lesson: the lab's own stepper, search tree and exercise, on a figure's traced
//! run. The figure is a puzzle instance like any other, with its own step-through ([`crate::page::state::Puzzle`]'s
//! `stepping`), so the judge is that run's record, exactly as in the lab. The lesson scores the first pick.

use super::exercise_list::{use_report, verdict_line};
use super::figure::{use_auto_solve, use_figure_once, LessonFigure};
use crate::page::components::exercise::{verdict_words, ExercisePanel};
use crate::page::components::stepper::SearchStepper;
use crate::page::components::tree::SearchTreePanel;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{use_lang, Answer, Tree};
use crate::page::state::exercise::ExerciseAction;
use crate::page::state::setup::Setup;
use crate::page::state::stepping::StepAction;
use crate::page::state::{Action, PuzzleId};
use solver::query::PuzzleSpec;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PredictProps {
    /// Reports the first pick's verdict to the lesson's list.
    pub on_scored: Callback<bool>,
    /// The figure's number.
    pub figure: u32,
    /// Its puzzle and search: one the exercise covers (BFS, DFS, A*, greedy), small enough to be traced.
    pub setup: Setup,
    /// The question, in the page's language.
    pub question: AttrValue,
}

/// The question, then the figure: the state the step is on, the tree, and the exercise's options and verdicts.
#[component]
pub fn PredictExercise(props: &PredictProps) -> Html {
    let store = use_figures(&[props.figure]);
    let id = PuzzleId::Figure(props.figure);
    let setup = props.setup.clone();
    use_figure_once(props.figure, move || setup);
    use_auto_solve(props.figure);
    let puzzle = store.as_ref().and_then(|s| s.state.puzzle(id)).cloned();
    let dispatch = store.map(|s| s.dispatch).unwrap_or_default();
    // Made once per dispatcher, so that the tree and the stepper (hundreds of nodes) are redrawn only when their
    // run or step changes, not at every change of the store.
    let on_step = (*use_memo((id, dispatch), |(id, dispatch)| {
        let id = *id;
        dispatch.reform(move |action: StepAction| Action::Puzzle(id, action.into()))
    }))
    .clone();
    let on_go = (*use_memo(on_step.clone(), |on_step| on_step.reform(StepAction::Go))).clone();
    let trace = puzzle.as_ref().and_then(|p| p.solve.trace.clone());
    let stepping = puzzle
        .as_ref()
        .map(|p| p.stepping.clone())
        .unwrap_or_default();
    // The exercise starts by itself, once, when the run's record is there: a lesson has no other use for the
    // stepper. Stop then stays stopped.
    {
        let on_step = on_step.clone();
        let started = use_mut_ref(|| false);
        let ready = trace.is_some() && !stepping.exercise.active;
        use_effect_with(ready, move |&ready| {
            if ready && !*started.borrow() {
                *started.borrow_mut() = true;
                on_step.emit(StepAction::Exercise(ExerciseAction::Toggle));
                // The first step has one answer, the start: the question begins where OPEN offers a choice.
                on_step.emit(StepAction::Go(Some(1)));
            }
        });
    }
    let first = stepping.exercise.verdict.as_ref().map(|v| v.right());
    use_report(first, props.on_scored.clone());
    let answered = stepping.exercise.asked > 0;
    let at = stepping.at;
    // A lesson may show the state graph elsewhere too: this one is the exercise's.
    let lang = use_lang();
    let graph_label = AttrValue::from(format!(
        "{} · {}",
        lang.t(Answer::SierpinskiTitle),
        lang.t(Tree::ExerciseTitle)
    ));
    let stepper = puzzle.as_ref().map(|p| match &p.setup.puzzle {
        PuzzleSpec::Hanoi { disks, .. } => html! {
            <SearchStepper disks={*disks} trace={trace.clone()} algorithm={p.setup.algorithm} {at}
                on_go={on_go.clone()} label={graph_label.clone()} />
        },
        PuzzleSpec::Sliding { width, .. } => html! {
            <SearchStepper disks={0} width={*width} trace={trace.clone()} algorithm={p.setup.algorithm} {at}
                on_go={on_go.clone()} />
        },
    });
    // The caption says the last verdict in words, as the other exercises' do.
    let verdict = stepping
        .exercise
        .verdict
        .as_ref()
        .zip(trace.as_ref().and_then(|t| t.algorithm));
    let caption = verdict.map_or_else(Html::default, |(v, algorithm)| {
        let words = verdict_words(lang, algorithm, v);
        verdict_line(lang, Some(v.right()), html! { { words } })
    });
    html! {
        <>
        <p>{ props.question.clone() }</p>
        <LessonFigure lab={props.figure} {caption} open_in_lab={answered}>
            <div class="lesson-predict" data-testid="predict">
                { for stepper }
                if let Some(trace) = trace {
                    <div class="tree-lab">
                        <SearchTreePanel trace={trace.clone()} {at} exercise={stepping.exercise.clone()}
                            on_step={on_step.clone()} />
                        <ExercisePanel {trace} {at} exercise={stepping.exercise.clone()} {on_step} />
                    </div>
                }
            </div>
        </LessonFigure>
        </>
    }
}
