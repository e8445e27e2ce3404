//! "Consistency": h(s) <= 1 + h(s') for every move s -> s'. On the reader's 3x3 board, Manhattan distance and linear
//! conflict (the solver's functions) at the board and after each of the blank's moves, and the largest drop over
//! one move; then A*'s shortest solution on that board, replayed with the solver's move rule, with h and f = g + h
//! at every step: h rises on the way home (the article's "h never increases" rule is wrong), f never falls.
//! Last, how many states A* re-opened (expanded minus CLOSED, from its report), and why the engine re-opens.

use super::common::{count, estimate, shape, words};
use super::driven::{report_for, use_followers, DrivenBoard};
use super::figures::CONSISTENCY;
use super::heuristics::ARTICLE_BOARD;
use super::text::{t, Line};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{use_auto_solve, use_figure_once, LessonFigure};
use solver::sliding::{apply_move, Dir, Shape};
use solver::{Algorithm, HeuristicName, Moves, Report};
use yew::prelude::*;

/// `tiles` after each move the blank can make, in the solver's order of directions.
pub fn neighbours(shape: Shape, tiles: &[u8]) -> Vec<Vec<u8>> {
    Dir::ALL
        .into_iter()
        .filter_map(|d| {
            let mut next = tiles.to_vec();
            apply_move(shape, &mut next, d).ok().map(|_| next)
        })
        .collect()
}

/// Heuristic `name` at `tiles` and after each of the blank's moves, and the largest drop over one move (0 if it
/// only rises).
pub fn around(shape: Shape, tiles: &[u8], name: HeuristicName) -> Option<(u64, Vec<u64>, u64)> {
    let here = estimate(shape, tiles, name)?;
    let after: Option<Vec<u64>> = neighbours(shape, tiles)
        .iter()
        .map(|n| estimate(shape, n, name))
        .collect();
    let after = after?;
    let drop = after.iter().map(|&a| here.saturating_sub(a)).max();
    Some((here, after, drop.unwrap_or(0)))
}

/// The boards of a sliding solution from `start`, the start included, replayed move by move.
pub fn path(shape: Shape, start: &[u8], report: &Report) -> Option<Vec<Vec<u8>>> {
    let Moves::Sliding(letters) = &report.moves else {
        return None;
    };
    let mut boards = vec![start.to_vec()];
    let mut tiles = start.to_vec();
    for letter in letters.chars() {
        apply_move(shape, &mut tiles, Dir::from_letter(letter)?).ok()?;
        boards.push(tiles.clone());
    }
    Some(boards)
}

/// Manhattan distance along a solution's boards, and f = g + h at each.
pub fn h_and_f(shape: Shape, boards: &[Vec<u8>]) -> Option<(Vec<u64>, Vec<u64>)> {
    let h: Option<Vec<u64>> = boards
        .iter()
        .map(|b| estimate(shape, b, HeuristicName::Manhattan))
        .collect();
    let h = h?;
    let f = h.iter().enumerate().map(|(g, &h)| g as u64 + h).collect();
    Some((h, f))
}

/// How many times a list rises from one entry to the next.
pub fn rises(values: &[u64]) -> u64 {
    values.windows(2).filter(|w| w[1] > w[0]).count() as u64
}

fn list(values: &[u64]) -> String {
    values
        .iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn astar(start: &[u8]) -> crate::page::state::setup::Setup {
    super::common::board(3, 3, start, Algorithm::Astar, HeuristicName::Manhattan)
}

#[component]
pub fn ConsistencySection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[CONSISTENCY]);
    use_figure_once(CONSISTENCY, || astar(&ARTICLE_BOARD));
    use_auto_solve(CONSISTENCY);
    let shown = use_followers(CONSISTENCY, Vec::new());
    let three = shape(3, 3);
    // Worked out once per board: each estimate sets up the solver's heuristic afresh.
    let estimates = use_memo(shown.clone(), move |shown| {
        let tiles = shown.as_deref();
        (
            tiles.and_then(|b| around(three, b, HeuristicName::Manhattan)),
            tiles.and_then(|b| around(three, b, HeuristicName::LinearConflict)),
        )
    });
    let Some(store) = store else {
        return Html::default();
    };
    let (man, lc) = &*estimates;
    let tiles = shown.as_deref();
    let caption = fill_html(
        t(lang, Line::ConsCaption),
        vec![
            count("h-manhattan", man.as_ref().map(|m| m.0)),
            count("moves", man.as_ref().map(|m| m.1.len() as u64)),
            words("h-manhattan-after", man.as_ref().map(|m| list(&m.1))),
            count("h-linear", lc.as_ref().map(|m| m.0)),
            words("h-linear-after", lc.as_ref().map(|m| list(&m.1))),
            count("drop-manhattan", man.as_ref().map(|m| m.2)),
            count("drop-linear", lc.as_ref().map(|m| m.2)),
        ],
    );
    let report = report_for(&store.state, CONSISTENCY, tiles);
    let boards = report
        .as_ref()
        .zip(tiles)
        .and_then(|(r, b)| path(three, b, r));
    let hf = boards.as_deref().and_then(|b| h_and_f(three, b));
    let along = fill_html(
        t(lang, Line::ConsPath),
        vec![
            count("path-length", report.as_ref().map(|r| r.length)),
            words("path-h", hf.as_ref().map(|(h, _)| list(h))),
            count("path-rises", hf.as_ref().map(|(h, _)| rises(h))),
            words("path-f", hf.as_ref().map(|(_, f)| list(f))),
        ],
    );
    let reopen = fill_html(
        t(lang, Line::ConsReopen),
        vec![
            count(
                "reopened",
                report
                    .as_ref()
                    .map(|r| r.stats.expanded.saturating_sub(r.stats.closed)),
            ),
            count("expanded", report.as_ref().map(|r| r.stats.expanded)),
            count("closed", report.as_ref().map(|r| r.stats.closed)),
        ],
    );
    html! {
        <>
            <p>{ t(lang, Line::ConsText) }</p>
            <LessonFigure lab={CONSISTENCY} {caption}>
                <DrivenBoard number={CONSISTENCY} name="consistency" />
            </LessonFigure>
            <p data-testid="consistency-path">{ along }</p>
            <p>{ reopen }</p>
        </>
    }
}
