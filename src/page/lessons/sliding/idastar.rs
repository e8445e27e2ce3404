//! "IDA*: A* in little memory": IDA* and A*, both with Manhattan distance, on one 4x4 board. IDA*'s thresholds
//! are read from its report (its `by_depth` counts the expansions of each f-bound iteration, by bound), beside
//! its expansions and peak memory and A*'s; the step between thresholds (always 2 with Manhattan distance: parity),
//! and the article's fixed cut at g + 1 + h > 32 against this board's shortest solution.

use super::common::{board, bytes, count, words};
use super::figures::{IDA_ASTAR, IDA_RUN};
use super::text::{t, Line};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::code::{LessonCode, Listing};
use crate::page::lessons::figure::{gap, use_figure_once};
use crate::page::lessons::figure::{solved, use_auto_solve, LessonFigure};
use crate::page::lessons::iterations::{passes, Iterations};
use crate::page::state::PuzzleId;
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

/// The article's cut: it drops every successor with g + 1 + h above this.
pub const ARTICLE_CUT: u64 = 32;

#[component]
pub fn IdastarSection() -> Html {
    let lang = use_lang();
    let store = use_store();
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
    use_auto_solve(IDA_RUN);
    use_auto_solve(IDA_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let ida = solved(state, IDA_RUN);
    let astar = solved(state, IDA_ASTAR);
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
    html! {
        <>
            <p>{ t(lang, Line::IdaText) }</p>
            <LessonFigure lab={IDA_RUN} {caption}>
                <div class="view lesson-view lesson-small-board">
                    <PuzzleBoard id={PuzzleId::Figure(IDA_RUN)} locked=true />
                </div>
                <PuzzlePlayback id={PuzzleId::Figure(IDA_RUN)} />
            </LessonFigure>
            <Iterations passes={ida.as_ref().map(|r| passes(&r.stats.by_depth)).unwrap_or_default()}
                length={ida_length} />
            <LessonCode listing={Listing::Idastar} />
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
