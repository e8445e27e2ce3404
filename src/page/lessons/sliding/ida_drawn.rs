//! IDA*'s iterations drawn as they run: A* and IDA*, both with Manhattan distance, on one 3x3 board the reader
//! slides or scrambles, each run drawn in bands by g (`lessons::layers`; IDA*'s current iteration only) at the same
//! step of their recorded runs, with the code of either and its current line, which stands on the threshold's rise
//! between iterations. Every count is the runs' own.

use super::common::{board, played};
use super::figures::IDA_DRAWN;
use super::text_watch::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::drive::{
    counts_at, pair_result, pair_sides, step_shown, use_drive, use_pair_runs, DrivePane,
    PairPictures, Side, ASTAR, IDASTAR,
};
use crate::page::lessons::figure::{
    any_solving, num, placer, result_if_shown, start_of, use_figure_once, LessonFigure,
};
use crate::page::lessons::layers::{pair_layers, LayersLegend};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::search::trace::Trace;
use solver::sliding::{scramble, Shape};
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// The figures: IDA* holds the board the reader edits, A* follows it.
const IDA: u32 = IDA_DRAWN[0];
const ASTAR_RUN: u32 = IDA_DRAWN[1];

/// The first board: 20 moves from the goal, which IDA* reaches in four iterations (thresholds 14 to 20).
pub const FIRST_BOARD: [u8; 9] = [4, 7, 1, 8, 5, 3, 6, 2, 0];
/// How far Scramble walks from the goal: several iterations, and runs short enough to step through.
const SCRAMBLE_MOVES: u32 = 24;

const THREE: Shape = Shape {
    width: 3,
    height: 3,
};

fn setup(start: &[u8], algorithm: Algorithm) -> Setup {
    board(3, 3, start, algorithm, HeuristicName::Manhattan)
}

/// The iteration IDA* stands in after `step` expansions (1-based), the number of iterations, and its threshold.
pub fn iteration_at(trace: &Trace, step: usize) -> Option<(usize, usize, u32)> {
    let at = trace.pass_start(step.min(trace.expanded.len()));
    let index = trace
        .iterations
        .iter()
        .rposition(|it| it.first_step as usize <= at)?;
    Some((
        index + 1,
        trace.iterations.len(),
        trace.iterations[index].threshold,
    ))
}

/// "After {} expansions, A* holds ...; IDA* is in iteration {} of {}, with threshold {}: ...".
fn at_step(template: &str, step: usize, sides: &[Side; 2]) -> Html {
    let astar = sides[0].trace.as_ref().map(|t| counts_at(t, step));
    let ida = sides[1].trace.as_deref();
    let pass = ida.and_then(|t| iteration_at(t, step));
    let ida_counts = ida.map(|t| counts_at(t, step));
    fill_html(
        template,
        vec![
            num("step", Some(step as u64)),
            num("astar-open", astar.map(|c| c.0)),
            num("astar-closed", astar.map(|c| c.1)),
            num("ida-iteration", pass.map(|p| p.0 as u64)),
            num("ida-iterations", pass.map(|p| p.1 as u64)),
            num("ida-threshold", pass.map(|p| u64::from(p.2))),
            num("idastar-open", ida_counts.map(|c| c.0)),
            num("idastar-closed", ida_counts.map(|c| c.1)),
        ],
    )
}

#[component]
pub fn IdaDrawn() -> Html {
    let lang = use_lang();
    let store = use_figures(&IDA_DRAWN);
    // The cursor over both runs, first at their ends.
    let drive = use_drive(usize::MAX);
    use_figure_once(IDA, || setup(&FIRST_BOARD, Algorithm::Idastar));
    let shown = store.as_ref().and_then(|s| start_of(&s.state, IDA));
    use_pair_runs([IDA, ASTAR_RUN], shown.clone(), |start| {
        setup(start, Algorithm::Astar)
    });
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    // A run counts only once it is of the board shown.
    let fresh = |n: u32| start_of(state, n) == shown;
    let sides = pair_sides(state, [ASTAR_RUN, IDA], [ASTAR, IDASTAR], |n, _| fresh(n));
    let step = step_shown(drive.cursor, &sides);
    let (pictures, _) = pair_layers(
        &sides,
        step,
        3,
        [t(lang, Line::IdaAstarPicture), t(lang, Line::IdaPicture)],
    );
    let caption = pair_result(
        t(lang, Line::IdaResult),
        [ASTAR, IDASTAR],
        [ASTAR_RUN, IDA].map(|n| result_if_shown(state, n, &shown)),
    );
    let at_step = at_step(t(lang, Line::IdaAtStep), step, &sides);
    let on_board = placer(&store, IDA, |start| setup(start, Algorithm::Idastar));
    let on_scramble = {
        let on_board = on_board.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(start) = scramble(THREE, &THREE.default_goal(), SCRAMBLE_MOVES, fresh_seed())
            {
                on_board.emit(start);
            }
        })
    };
    let on_first = Callback::from(move |_: MouseEvent| on_board.emit(FIRST_BOARD.to_vec()));
    // Its own hook: the 4x4 figure above quotes A*'s counts under the same names.
    html! {
        <div data-testid="ida-drawn">
        <LessonFigure lab={IDA} {caption}>
            <p>{ t(lang, Line::IdaDrawn) }</p>
            <div class="lesson-controls">
                <button type="button" data-testid="ida-drawn-scramble" onclick={on_scramble}>
                    { t(lang, Line::Scramble) }</button>
                <button type="button" data-testid="ida-drawn-first"
                    disabled={shown.as_deref() == Some(&FIRST_BOARD[..])} onclick={on_first}>
                    { t(lang, Line::FirstBoard) }</button>
                if any_solving(state, &[IDA, ASTAR_RUN]) {
                    <span class="lesson-hint" aria-live="polite">{ t(lang, Line::Running) }</span>
                }
            </div>
            <div class="watch-board">
                <div class="view lesson-view lesson-small-board" data-figure="ida-drawn-board">
                    <PuzzleBoard id={PuzzleId::Figure(IDA)} played={played(&store, IDA)} />
                </div>
                <p class="lesson-hint">{ t(lang, Line::Slide) }</p>
            </div>
            <PairPictures searchers={[ASTAR, IDASTAR]} {pictures} />
            <LayersLegend />
            <DrivePane {sides} {drive}>{ at_step }</DrivePane>
        </LessonFigure>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::trace::Iteration;

    #[test]
    fn the_iteration_shown_is_the_one_of_the_last_expansion() {
        let trace = Trace {
            expanded: vec![0; 7],
            iterations: vec![
                Iteration {
                    threshold: 4,
                    first_step: 0,
                },
                Iteration {
                    threshold: 6,
                    first_step: 3,
                },
            ],
            ..Trace::default()
        };
        assert_eq!(iteration_at(&trace, 0), Some((1, 2, 4)));
        assert_eq!(iteration_at(&trace, 3), Some((1, 2, 4)), "the first's end");
        assert_eq!(iteration_at(&trace, 4), Some((2, 2, 6)));
        assert_eq!(iteration_at(&trace, 99), Some((2, 2, 6)));
        assert_eq!(iteration_at(&Trace::default(), 0), None);
    }
}
