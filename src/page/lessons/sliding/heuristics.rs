//! "A* with three heuristics": A* with misplaced tiles, Manhattan distance and linear conflict on the same 3x3
//! board, each count from its own run, beside each heuristic's estimate of the start (the solver's own
//! functions). The board starts as the article's; "Try your own" unlocks it (a tile beside the blank slides), the
//! reader may also shuffle, and "The article's board" takes it back and locks it again; all three runs follow.
//! Euclidean distance, which the article forbids as inadmissible, is computed on the same board beside Manhattan
//! distance and the shortest length. The article's
//! claim of 31 moves for its board is checked by two runs of its own: towards its goal, and towards the goal with the
//! blank first, the one its 31 belongs to.

use super::common::{board, count, estimate, played, shape, words};
use super::figures::{ARTICLE, ARTICLE_BLANK_FIRST, HEURISTIC_RUNS};
use super::text::{t, Line};
use crate::browser::fresh_seed;
use crate::format;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill, fill_html, use_lang, Page};
use crate::page::lessons::figure::use_figure_once;
use crate::page::lessons::figure::{
    expanded_and_length, place, sliding_setup, start_of, use_auto_solve, LessonFigure,
};
use crate::page::state::PuzzleId;
use solver::sliding::{shuffle_solvable, Shape};
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// The article's board, for which it claims 31 moves.
pub const ARTICLE_BOARD: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];
/// The goal with the blank first, 0 1 2 / 3 4 5 / 6 7 8: the one the article's 31 moves belong to.
pub const BLANK_FIRST_GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];

/// The heuristics compared, weakest first; the first figure holds the board the others follow.
const HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Manhattan,
    HeuristicName::LinearConflict,
];

/// Euclidean distance: each tile's straight-line distance to its goal cell in the usual goal, summed.
pub fn euclidean(shape: Shape, tiles: &[u8]) -> f64 {
    let goal = shape.default_goal();
    tiles
        .iter()
        .enumerate()
        .filter(|(_, &tile)| tile != 0)
        .map(|(cell, &tile)| {
            let home = goal.iter().position(|&g| g == tile).unwrap_or(cell);
            let rows = shape.row(cell).abs_diff(shape.row(home)) as f64;
            let cols = shape.col(cell).abs_diff(shape.col(home)) as f64;
            rows.hypot(cols)
        })
        .sum()
}

fn astar(start: &[u8], heuristic: HeuristicName) -> crate::page::state::setup::Setup {
    board(3, 3, start, Algorithm::Astar, heuristic)
}

#[component]
pub fn HeuristicsSection() -> Html {
    let lang = use_lang();
    let store = use_store();
    // Whether the reader has unlocked the board ("Try your own"); the article's board locks it again.
    let own = use_state(|| false);
    use_figure_once(HEURISTIC_RUNS[0], || astar(&ARTICLE_BOARD, HEURISTICS[0]));
    use_figure_once(ARTICLE, || {
        astar(&ARTICLE_BOARD, HeuristicName::LinearConflict)
    });
    let shown = store
        .as_ref()
        .and_then(|s| start_of(&s.state, HEURISTIC_RUNS[0]));
    {
        let store = store.clone();
        use_effect_with(shown.clone(), move |shown| {
            if let (Some(s), Some(start)) = (store, shown) {
                for (i, &h) in HEURISTICS.iter().enumerate().skip(1) {
                    place(&s.state, &s.dispatch, HEURISTIC_RUNS[i], astar(start, h));
                }
            }
        });
    }
    use_auto_solve(HEURISTIC_RUNS[0]);
    use_auto_solve(HEURISTIC_RUNS[1]);
    use_auto_solve(HEURISTIC_RUNS[2]);
    use_figure_once(ARTICLE_BLANK_FIRST, || {
        sliding_setup(
            3,
            3,
            &ARTICLE_BOARD,
            &BLANK_FIRST_GOAL,
            Algorithm::Astar,
            HeuristicName::Manhattan,
        )
    });
    use_auto_solve(ARTICLE);
    use_auto_solve(ARTICLE_BLANK_FIRST);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    // A run's numbers count only once it has the board shown.
    let current = |n: u32| start_of(state, n) == shown;
    let rows = HEURISTICS.iter().enumerate().map(|(i, &h)| {
        let n = HEURISTIC_RUNS[i];
        let (expanded, length) = expanded_and_length(state, n);
        let fresh = current(n);
        let h_start = shown.as_deref().and_then(|s| estimate(shape(3, 3), s, h));
        html! {
            <tr data-testid="heuristic-row" data-heuristic={h.name()}>
                <th scope="row">{ lang.heuristic(h) }</th>
                <td>{ count("h-start", h_start) }</td>
                <td>{ count("expanded", expanded.filter(|_| fresh)) }</td>
                <td>{ count("length", length.filter(|_| fresh)) }</td>
            </tr>
        }
    });
    let solving = HEURISTIC_RUNS.iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving())
    });
    // A new board for the first figure, set up again whole so that it keeps its heuristic; the others follow.
    let on_shuffle = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            let three = shape(3, 3);
            if let Ok(start) = shuffle_solvable(three, &three.default_goal(), fresh_seed()) {
                place(
                    &store.state,
                    &store.dispatch,
                    HEURISTIC_RUNS[0],
                    astar(&start, HEURISTICS[0]),
                );
            }
        })
    };
    let on_own = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| own.set(true))
    };
    let on_article = {
        let (store, own) = (store.clone(), own.clone());
        Callback::from(move |_: MouseEvent| {
            own.set(false);
            place(
                &store.state,
                &store.dispatch,
                HEURISTIC_RUNS[0],
                astar(&ARTICLE_BOARD, HEURISTICS[0]),
            );
        })
    };
    let article_length = expanded_and_length(state, ARTICLE).1;
    // The caption says the three counts in words; the table's cells carry them for tests.
    let counts: Vec<Option<(u64, u64)>> = HEURISTIC_RUNS
        .iter()
        .map(|&n| match expanded_and_length(state, n) {
            (Some(e), Some(l)) if current(n) => Some((e, l)),
            _ => None,
        })
        .collect();
    let caption = match counts.as_slice() {
        [Some((a, l)), Some((b, _)), Some((c, _))] => html! {
            { fill(t(lang, Line::HeurCaption), &[&format::count(*a), &format::count(*b), &format::count(*c), l]) }
        },
        _ => html! { { lang.t(Page::LessonComputing) } },
    };
    let three = shape(3, 3);
    let euclid = shown
        .as_deref()
        .map(|b| format!("{:.2}", euclidean(three, b)));
    let man = shown
        .as_deref()
        .and_then(|b| estimate(three, b, HeuristicName::Manhattan));
    let shortest = counts.last().copied().flatten().map(|(_, l)| l);
    let board = if *own {
        let played = played(&store, HEURISTIC_RUNS[0]);
        html! { <PuzzleBoard id={PuzzleId::Figure(HEURISTIC_RUNS[0])} {played} /> }
    } else {
        html! { <PuzzleBoard id={PuzzleId::Figure(HEURISTIC_RUNS[0])} locked=true /> }
    };
    html! {
        <>
            <p>{ t(lang, Line::HeurText) }</p>
            <LessonFigure lab={HEURISTIC_RUNS[2]} {caption}>
                <div class="lesson-controls">
                    <button type="button" data-testid="heur-shuffle" disabled={solving} onclick={on_shuffle}>
                        { t(lang, Line::HeurShuffle) }</button>
                    <button type="button" data-testid="heur-article" disabled={solving} onclick={on_article}>
                        { t(lang, Line::HeurArticleBoard) }</button>
                    if !*own {
                        <button type="button" data-testid="try-own" onclick={on_own}>
                            { t(lang, Line::HeurTryOwn) }</button>
                    }
                </div>
                if *own { <p class="lesson-hint" data-testid="own-hint">{ t(lang, Line::HeurTryHint) }</p> }
                <div class="lesson-board-table">
                    <div class="view lesson-view lesson-small-board">
                        { board }
                    </div>
                    <div class="lesson-table-wrap" tabindex="0" role="region"
                        aria-label={t(lang, Line::HeuristicsTitle)}>
                        <table class="lesson-table" data-testid="heuristic-table">
                            <thead><tr>
                                <th scope="col">{ t(lang, Line::HeurName) }</th>
                                <th scope="col">{ t(lang, Line::HeurStart) }</th>
                                <th scope="col">{ t(lang, Line::BfsExpanded) }</th>
                                <th scope="col">{ t(lang, Line::BfsLength) }</th>
                            </tr></thead>
                            <tbody>{ for rows }</tbody>
                        </table>
                    </div>
                </div>
            </LessonFigure>
            <p class="lesson-article">{ fill_html(t(lang, Line::HeurArticle),
                vec![count("article-length", article_length),
                    count("article-blank-first", expanded_and_length(state, ARTICLE_BLANK_FIRST).1)]) }</p>
            <p class="lesson-article">{ fill_html(t(lang, Line::HeurEuclid), vec![
                words("euclidean", euclid), count("euclid-manhattan", man), count("euclid-shortest", shortest)]) }</p>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::{Control, Limits, Status};

    /// The shortest solution's length from `start` to `goal` on 3x3, by BFS.
    fn shortest(start: &[u8], goal: &[u8]) -> u64 {
        let text = format!(
            "puzzle=sliding&size=3x3&start={}&goal={}&algo=bfs",
            super::super::common::tile_list(start).replace(", ", ","),
            super::super::common::tile_list(goal).replace(", ", ",")
        );
        let query = solver::query::parse(&text).unwrap();
        let report = solver::run::solve(&query, &mut Control::new(Limits::default()));
        assert_eq!(report.status, Status::Solved);
        report.length
    }

    #[test]
    fn the_articles_31_is_the_shortest_towards_the_blank_first_goal_not_its_own() {
        // HeurArticle: the article's 31 is a shortest length (BFS finds it exactly) towards the blank-first goal,
        // and towards its own goal (the blank last) the shortest is another number.
        assert_eq!(shortest(&ARTICLE_BOARD, &BLANK_FIRST_GOAL), 31);
        let own = shortest(&ARTICLE_BOARD, &shape(3, 3).default_goal());
        assert_ne!(own, 31);
        assert!(own < 31);
    }
}
