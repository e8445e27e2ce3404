//! "IDA*: A* in little memory": IDA* and A*, both with Manhattan distance, on one 4x4 board. IDA*'s thresholds
//! are read from its report (its `by_depth` counts the expansions of each f-bound iteration, by bound), beside
//! its expansions and peak memory and A*'s; the step between thresholds (always 2 with Manhattan distance: parity),
//! and the article's fixed cut at g + 1 + h > 32 against this board's shortest solution. Then IDA*'s iterations
//! drawn as they run on a 3x3 board, with its code (`ida_drawn`).

use super::common::{board, bytes, count, played, shape, words};
use super::driven::{report_for, use_followers};
use super::figures::{IDA_ASTAR, IDA_RUN};
use super::ida_drawn::IdaDrawn;
use super::text::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{gap, use_figure_once};
use crate::page::lessons::figure::{place, use_auto_solve, LessonFigure};
use crate::page::lessons::iterations::{passes, Iterations};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::sliding::scramble;
use solver::{Algorithm, HeuristicName, Stats};
use yew::prelude::*;

/// A 4x4 board 42 moves from the goal (a random walk of 60 moves): A* with Manhattan distance still fits the
/// browser, and IDA* needs a handful of iterations.
pub const FOUR_BOARD: [u8; 16] = [13, 6, 7, 5, 1, 10, 3, 2, 9, 15, 0, 4, 11, 14, 12, 8];

/// IDA*'s thresholds, in order, from its statistics: the f-bounds whose iteration expanded a state.
pub fn thresholds(stats: &Stats) -> Vec<u64> {
    passes(&stats.by_depth)
        .iter()
        .map(|p| p.threshold)
        .collect()
}

/// The steps between consecutive thresholds, each once, in the order they first occur.
pub fn steps(bounds: &[u64]) -> Vec<u64> {
    let mut steps = Vec::new();
    for pair in bounds.windows(2) {
        let step = pair[1].saturating_sub(pair[0]);
        if !steps.contains(&step) {
            steps.push(step);
        }
    }
    steps
}

/// How far Scramble walks from the goal: far enough for several iterations, near enough that A* beside IDA* stays
/// within the page's memory.
const SCRAMBLE_MOVES: u32 = 36;

/// A* with Manhattan distance on `start`: the figure that follows IDA*'s board.
fn astar_on(start: &[u8]) -> Setup {
    board(4, 4, start, Algorithm::Astar, HeuristicName::Manhattan)
}

/// The article's cut: it drops every successor with g + 1 + h above this.
pub const ARTICLE_CUT: u64 = 32;

#[component]
pub fn IdastarSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[IDA_ASTAR, IDA_RUN]);
    use_figure_once(IDA_RUN, || {
        board(
            4,
            4,
            &FOUR_BOARD,
            Algorithm::Idastar,
            HeuristicName::Manhattan,
        )
    });
    use_figure_once(IDA_ASTAR, || {
        board(
            4,
            4,
            &FOUR_BOARD,
            Algorithm::Astar,
            HeuristicName::Manhattan,
        )
    });
    // The board is the section's until the reader takes it ("Try your own"); A* follows IDA*'s board.
    let own = use_state(|| false);
    let shown = use_followers(IDA_RUN, vec![(IDA_ASTAR, astar_on)]);
    use_auto_solve(IDA_RUN);
    use_auto_solve(IDA_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let ida = report_for(state, IDA_RUN, shown.as_deref());
    let astar = report_for(state, IDA_ASTAR, shown.as_deref());
    let bounds = ida.as_ref().map(|r| thresholds(&r.stats));
    let list = bounds
        .as_ref()
        .map(|b| b.iter().map(u64::to_string).collect::<Vec<_>>().join(", "));
    let last = ida.as_ref().and_then(|r| r.stats.by_depth.last().copied());
    let caption = fill_html(
        t(lang, Line::IdaCaption),
        vec![
            count("iterations", bounds.as_ref().map(|b| b.len() as u64)),
            words("thresholds", list),
            count("ida-expanded", ida.as_ref().map(|r| r.stats.expanded)),
            count("ida-last", last),
            bytes(
                "ida-memory",
                ida.as_ref().map(|r| r.stats.peak_memory_bytes),
            ),
            count("astar-expanded", astar.as_ref().map(|r| r.stats.expanded)),
            bytes(
                "astar-memory",
                astar.as_ref().map(|r| r.stats.peak_memory_bytes),
            ),
            count("ida-length", ida.as_ref().map(|r| r.length)),
            count("astar-length", astar.as_ref().map(|r| r.length)),
        ],
    );
    let step_list = bounds.as_deref().map(|b| {
        steps(b)
            .iter()
            .map(u64::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    });
    let ida_length = ida.as_ref().map(|r| r.length);
    let cut = match ida_length {
        Some(l) if l > ARTICLE_CUT => t(lang, Line::IdaCutMiss),
        _ => t(lang, Line::IdaCutKeep),
    };
    let on_own = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| own.set(true))
    };
    let place_board = {
        let store = store.clone();
        move |start: &[u8]| {
            let setup = board(4, 4, start, Algorithm::Idastar, HeuristicName::Manhattan);
            place(&store.dispatch, IDA_RUN, setup);
        }
    };
    let on_scramble = {
        let place_board = place_board.clone();
        Callback::from(move |_: MouseEvent| {
            let four = shape(4, 4);
            if let Ok(start) = scramble(four, &four.default_goal(), SCRAMBLE_MOVES, fresh_seed()) {
                place_board(&start);
            }
        })
    };
    let on_back = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| {
            own.set(false);
            place_board(&FOUR_BOARD);
        })
    };
    let board_view = if *own {
        let played = played(&store, IDA_RUN);
        html! { <PuzzleBoard id={PuzzleId::Figure(IDA_RUN)} {played} /> }
    } else {
        html! { <PuzzleBoard id={PuzzleId::Figure(IDA_RUN)} locked=true /> }
    };
    html! {
        <>
            <p>{ t(lang, Line::IdaText) }</p>
            <LessonFigure lab={IDA_RUN} {caption}>
                <div class="lesson-controls">
                    if *own {
                        <button type="button" data-testid="ida-scramble" onclick={on_scramble}>
                            { t(lang, Line::IdaScramble) }</button>
                        <button type="button" data-testid="ida-back" onclick={on_back}>
                            { t(lang, Line::IdaBack) }</button>
                    } else {
                        <button type="button" data-testid="try-own" onclick={on_own}>
                            { t(lang, Line::HeurTryOwn) }</button>
                    }
                </div>
                if *own { <p class="lesson-hint" data-testid="own-hint">{ t(lang, Line::IdaOwnHint) }</p> }
                <div class="view lesson-view lesson-small-board" data-figure="ida-board">
                    { board_view }
                </div>
                <PuzzlePlayback id={PuzzleId::Figure(IDA_RUN)} />
            </LessonFigure>
            <Iterations passes={ida.as_ref().map(|r| passes(&r.stats.by_depth)).unwrap_or_default()}
                length={ida_length} />
            <IdaDrawn />
            <p>{ fill_html(t(lang, Line::IdaSteps), vec![words("threshold-steps", step_list)]) }</p>
            <p class="lesson-article">{ t(lang, Line::IdaCut) }{ gap(lang) }
                { fill_html(cut, vec![count("cut-length", ida_length)]) }</p>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_thresholds_are_the_bounds_that_expanded_a_state() {
        let stats = Stats {
            by_depth: vec![0, 0, 3, 0, 9],
            ..Stats::default()
        };
        assert_eq!(thresholds(&stats), vec![2, 4]);
        assert_eq!(steps(&[2, 4, 6, 10]), vec![2, 4]);
    }

    #[test]
    fn the_sections_run_steps_its_thresholds_by_two_and_passes_the_articles_cut() {
        // IdaSteps and IdaCutMiss: the real run's thresholds on the section's board rise by 2 only, and its
        // shortest solution is longer than the article's cut, so that cut would find nothing.
        let start = super::super::common::tile_list(&FOUR_BOARD).replace(", ", ",");
        let text =
            format!("puzzle=sliding&size=4x4&start={start}&algo=idastar&heuristic=manhattan");
        let query = solver::query::parse(&text).unwrap();
        let report =
            solver::run::solve(&query, &mut solver::Control::new(solver::Limits::default()));
        assert!(report.optimal);
        let bounds = thresholds(&report.stats);
        assert_eq!(steps(&bounds), vec![2]);
        assert_eq!(bounds.last().copied(), Some(report.length));
        assert!(report.length > ARTICLE_CUT);
    }
}
