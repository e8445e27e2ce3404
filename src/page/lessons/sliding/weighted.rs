//! "Weighted A*": f = g + w*h, with the w the reader picks, beside A* on the reader's 3x3 board (both with
//! Manhattan distance, each number from its own run), and the bound it keeps: its length is at most w x the
//! shortest, computed here in hundredths so that no rounding blurs it.

use super::common::{count, words};
use super::driven::{report_for, use_followers, DrivenBoard};
use super::figures::{WEIGHTED_ASTAR, WEIGHTED_RUN};
use super::heuristics::ARTICLE_BOARD;
use super::text::{t, Line};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{
    place, setup_of, use_auto_solve, use_figure_once, LessonFigure,
};
use crate::page::state::setup::Setup;
use solver::search::weighted::Weight;
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The weights offered, in hundredths.
pub const WEIGHTS: [u16; 5] = [125, 150, 200, 300, 500];
/// The weight shown first: w = 2.
const FIRST_WEIGHT: u16 = 200;

fn weighted(start: &[u8], hundredths: u16) -> Setup {
    let mut setup =
        super::common::board(3, 3, start, Algorithm::Weighted, HeuristicName::Manhattan);
    setup.weight = Weight::from_hundredths(hundredths);
    setup
}

fn astar(start: &[u8]) -> Setup {
    super::common::board(3, 3, start, Algorithm::Astar, HeuristicName::Manhattan)
}

/// w x `shortest` written exactly, from w in hundredths: "40.5" for w = 1.5 and 27 moves.
pub fn times(hundredths: u16, shortest: u64) -> String {
    let scaled = u64::from(hundredths) * shortest;
    let (whole, part) = (scaled / 100, scaled % 100);
    match part {
        0 => whole.to_string(),
        p if p % 10 == 0 => format!("{whole}.{}", p / 10),
        p => format!("{whole}.{p:02}"),
    }
}

#[component]
pub fn WeightedSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[WEIGHTED_ASTAR, WEIGHTED_RUN]);
    use_figure_once(WEIGHTED_RUN, || weighted(&ARTICLE_BOARD, FIRST_WEIGHT));
    let shown = use_followers(WEIGHTED_RUN, vec![(WEIGHTED_ASTAR, astar)]);
    use_auto_solve(WEIGHTED_RUN);
    use_auto_solve(WEIGHTED_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let tiles = shown.as_deref();
    let w = setup_of(state, WEIGHTED_RUN)
        .and_then(|s| s.weight)
        .map_or(FIRST_WEIGHT, Weight::hundredths);
    let fast = report_for(state, WEIGHTED_RUN, tiles);
    let best = report_for(state, WEIGHTED_ASTAR, tiles);
    let w_text = Weight::from_hundredths(w).map(|w| w.to_string());
    let caption = fill_html(
        t(lang, Line::WeightedCaption),
        vec![
            words("w", w_text.clone()),
            count("weighted-length", fast.as_ref().map(|r| r.length)),
            count("weighted-expanded", fast.as_ref().map(|r| r.stats.expanded)),
            count("astar-length", best.as_ref().map(|r| r.length)),
            count("astar-expanded", best.as_ref().map(|r| r.stats.expanded)),
        ],
    );
    let bound = fill_html(
        t(lang, Line::WeightedBound),
        vec![
            count("bound-length", fast.as_ref().map(|r| r.length)),
            words("bound-w", w_text),
            count("bound-shortest", best.as_ref().map(|r| r.length)),
            words("bound", best.as_ref().map(|r| times(w, r.length))),
        ],
    );
    let on_weight = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            let setup = setup_of(&store.state, WEIGHTED_RUN);
            if let (Ok(h), Some(setup)) = (select.value().parse::<u16>(), setup) {
                let mut next = setup.clone();
                next.weight = Weight::from_hundredths(h);
                place(&store.dispatch, WEIGHTED_RUN, next);
            }
        })
    };
    html! {
        <>
            <p>{ t(lang, Line::WeightedText) }</p>
            <LessonFigure lab={WEIGHTED_RUN} {caption}>
                <DrivenBoard number={WEIGHTED_RUN} name="weighted">
                    <label>{ t(lang, Line::WeightedW) }{ " " }
                        <select data-testid="weight" onchange={on_weight}>
                            { for WEIGHTS.iter().map(|&h| html! {
                                <option value={h.to_string()} selected={h == w}>
                                    { Weight::from_hundredths(h).map(|w| w.to_string()).unwrap_or_default() }
                                </option>
                            }) }
                        </select>
                    </label>
                </DrivenBoard>
            </LessonFigure>
            <p>{ bound }</p>
        </>
    }
}
