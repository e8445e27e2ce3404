//! "Greedy best-first search": greedy best-first and A*, both with Manhattan distance, on the reader's 3x3 board,
//! each length and expansion count from its own run. Then the article's claim that states of equal f get dropped
//! unless the comparator breaks ties, held against A*'s run: its expanded states can have only (L - h0) / 2 + 1
//! values of f (f starts at h0, never falls, stays at or below the length L, and keeps its parity), so when it
//! expanded more states than that, states of equal f were kept.

use super::common::{count, estimate, shape};
use super::driven::{report_for, use_followers, DrivenBoard};
use super::figures::{GREEDY_ASTAR, GREEDY_RUN};
use super::heuristics::ARTICLE_BOARD;
use super::text::{t, Line};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{gap, use_auto_solve, use_figure_once, LessonFigure};
use crate::page::state::setup::Setup;
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

fn greedy(start: &[u8]) -> Setup {
    super::common::board(3, 3, start, Algorithm::Greedy, HeuristicName::Manhattan)
}

fn astar(start: &[u8]) -> Setup {
    super::common::board(3, 3, start, Algorithm::Astar, HeuristicName::Manhattan)
}

/// How many values f = g + h can take over A*'s expanded states with a consistent h whose every move changes it by
/// exactly one: from h0 to the length, in steps of 2.
pub fn f_values(h0: u64, length: u64) -> u64 {
    length.saturating_sub(h0) / 2 + 1
}

#[component]
pub fn GreedySection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[GREEDY_ASTAR, GREEDY_RUN]);
    use_figure_once(GREEDY_RUN, || greedy(&ARTICLE_BOARD));
    let shown = use_followers(GREEDY_RUN, vec![(GREEDY_ASTAR, astar)]);
    use_auto_solve(GREEDY_RUN);
    use_auto_solve(GREEDY_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let tiles = shown.as_deref();
    let fast = report_for(state, GREEDY_RUN, tiles);
    let best = report_for(state, GREEDY_ASTAR, tiles);
    let caption = fill_html(
        t(lang, Line::GreedyCaption),
        vec![
            count("greedy-length", fast.as_ref().map(|r| r.length)),
            count("greedy-expanded", fast.as_ref().map(|r| r.stats.expanded)),
            count("astar-length", best.as_ref().map(|r| r.length)),
            count("astar-expanded", best.as_ref().map(|r| r.stats.expanded)),
        ],
    );
    let h0 = tiles.and_then(|b| estimate(shape(3, 3), b, HeuristicName::Manhattan));
    let values = h0.zip(best.as_ref()).map(|(h0, r)| f_values(h0, r.length));
    let kept = values
        .zip(best.as_ref())
        .is_some_and(|(v, r)| r.stats.expanded > v);
    let ties = fill_html(
        t(lang, Line::GreedyTies),
        vec![
            count("f-values", values),
            count("f-first", h0),
            count("f-last", best.as_ref().map(|r| r.length)),
            count("ties-expanded", best.as_ref().map(|r| r.stats.expanded)),
        ],
    );
    let verdict = if kept {
        t(lang, Line::GreedyTiesKept)
    } else {
        t(lang, Line::GreedyTiesFew)
    };
    html! {
        <>
            <p>{ t(lang, Line::GreedyText) }</p>
            <LessonFigure lab={GREEDY_RUN} {caption}>
                <DrivenBoard number={GREEDY_RUN} name="greedy" />
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::GreedyArticle) }</p>
            <p data-testid="ties" data-kept={kept.to_string()}>{ ties }{ gap(lang) }{ verdict }</p>
        </>
    }
}
