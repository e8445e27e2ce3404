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
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill, fill_html, use_lang, Lang, Page};
use crate::page::lessons::figure::{
    any_solving, expanded_and_length, placer, result_if_shown, sliding_setup, start_of,
    use_auto_solve, use_figure_once, use_follow, LessonFigure,
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

/// Places the figures when the section appears and keeps them running: the first on the board shown, the others
/// following it with their heuristics, and the article's board towards both goals. Gives the board shown.
#[hook]
fn use_heuristic_runs() -> Option<Vec<u8>> {
    let store = use_figures(&[HEURISTIC_RUNS[0]]);
    use_figure_once(HEURISTIC_RUNS[0], || astar(&ARTICLE_BOARD, HEURISTICS[0]));
    use_figure_once(ARTICLE, || {
        astar(&ARTICLE_BOARD, HeuristicName::LinearConflict)
    });
    let shown = store
        .as_ref()
        .and_then(|s| start_of(&s.state, HEURISTIC_RUNS[0]));
    use_follow(shown.clone(), |start| {
        HEURISTICS
            .iter()
            .enumerate()
            .skip(1)
            .map(|(i, &h)| (HEURISTIC_RUNS[i], astar(start, h)))
            .collect()
    });
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
    shown
}

#[component]
pub fn HeuristicsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[&HEURISTIC_RUNS[..], &[ARTICLE, ARTICLE_BLANK_FIRST]].concat());
    // Whether the reader has unlocked the board ("Try your own"); the article's board locks it again.
    let own = use_state(|| false);
    let shown = use_heuristic_runs();
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    // A run's numbers count only once it has the board shown.
    let results = HEURISTIC_RUNS.map(|n| result_if_shown(state, n, &shown));
    // The caption says the three counts in words; the table's cells carry them for tests.
    let caption = match results {
        [(Some(a), Some(l)), (Some(b), Some(_)), (Some(c), Some(_))] => html! {
            { fill(t(lang, Line::HeurCaption), &[&format::count(a), &format::count(b), &format::count(c), &l]) }
        },
        _ => html! { { lang.t(Page::LessonComputing) } },
    };
    // A new board for the first figure, set up again whole so that it keeps its heuristic; the others follow.
    let on_board = placer(&store, HEURISTIC_RUNS[0], |start| {
        astar(start, HEURISTICS[0])
    });
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
                <HeurControls own={*own} on_own={own.setter()} {on_board}
                    solving={any_solving(state, &HEURISTIC_RUNS)} />
                if *own { <p class="lesson-hint" data-testid="own-hint">{ t(lang, Line::HeurTryHint) }</p> }
                <div class="lesson-board-table">
                    <div class="view lesson-view lesson-small-board">
                        { board }
                    </div>
                    <HeuristicTable shown={shown.clone()} {results} />
                </div>
            </LessonFigure>
            <p class="lesson-article">{ fill_html(t(lang, Line::HeurArticle),
                vec![count("article-length", expanded_and_length(state, ARTICLE).1),
                    count("article-blank-first", expanded_and_length(state, ARTICLE_BLANK_FIRST).1)]) }</p>
            { euclid_note(lang, shown.as_deref(), results[2]) }
        </>
    }
}

/// The article's Euclidean distance held against Manhattan distance and the shortest length, on the board shown
/// (`shown`); `last` is the strongest heuristic's run, whose length is the shortest.
fn euclid_note(lang: Lang, shown: Option<&[u8]>, last: (Option<u64>, Option<u64>)) -> Html {
    let three = shape(3, 3);
    let euclid = shown.map(|b| format!("{:.2}", euclidean(three, b)));
    let man = shown.and_then(|b| estimate(three, b, HeuristicName::Manhattan));
    let shortest = match last {
        (Some(_), Some(l)) => Some(l),
        _ => None,
    };
    html! {
        <p class="lesson-article">{ fill_html(t(lang, Line::HeurEuclid), vec![
            words("euclidean", euclid), count("euclid-manhattan", man), count("euclid-shortest", shortest)]) }</p>
    }
}

#[derive(Properties, PartialEq)]
struct HeurControlsProps {
    /// Whether the reader has unlocked the board.
    own: bool,
    on_own: Callback<bool>,
    /// Hears a new board for the first figure.
    on_board: Callback<Vec<u8>>,
    /// Whether any run is still searching: a new board waits for them.
    solving: bool,
}

/// Shuffle, the article's board again (which locks the board), and "Try your own" while it is locked.
#[component]
fn HeurControls(props: &HeurControlsProps) -> Html {
    let lang = use_lang();
    let on_shuffle = {
        let on_board = props.on_board.clone();
        Callback::from(move |_: MouseEvent| {
            let three = shape(3, 3);
            if let Ok(start) = shuffle_solvable(three, &three.default_goal(), fresh_seed()) {
                on_board.emit(start);
            }
        })
    };
    let on_own = {
        let on_own = props.on_own.clone();
        Callback::from(move |_: MouseEvent| on_own.emit(true))
    };
    let on_article = {
        let (on_own, on_board) = (props.on_own.clone(), props.on_board.clone());
        Callback::from(move |_: MouseEvent| {
            on_own.emit(false);
            on_board.emit(ARTICLE_BOARD.to_vec());
        })
    };
    html! {
        <div class="lesson-controls">
            <button type="button" data-testid="heur-shuffle" disabled={props.solving} onclick={on_shuffle}>
                { t(lang, Line::HeurShuffle) }</button>
            <button type="button" data-testid="heur-article" disabled={props.solving} onclick={on_article}>
                { t(lang, Line::HeurArticleBoard) }</button>
            if !props.own {
                <button type="button" data-testid="try-own" onclick={on_own}>
                    { t(lang, Line::HeurTryOwn) }</button>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
struct HeuristicTableProps {
    /// The board shown, whose estimates the table gives.
    shown: Option<Vec<u8>>,
    /// Each heuristic's states expanded and length, once its run is of the board shown.
    results: [(Option<u64>, Option<u64>); 3],
}

/// Each heuristic's estimate of the start, states expanded and length, a row a heuristic.
#[component]
fn HeuristicTable(props: &HeuristicTableProps) -> Html {
    let lang = use_lang();
    let rows = HEURISTICS
        .iter()
        .zip(props.results)
        .map(|(&h, (expanded, length))| {
            let h_start = props
                .shown
                .as_deref()
                .and_then(|s| estimate(shape(3, 3), s, h));
            html! {
                <tr data-testid="heuristic-row" data-heuristic={h.name()}>
                    <th scope="row">{ lang.heuristic(h) }</th>
                    <td>{ count("h-start", h_start) }</td>
                    <td>{ count("expanded", expanded) }</td>
                    <td>{ count("length", length) }</td>
                </tr>
            }
        });
    html! {
        <div class="lesson-table-wrap" tabindex="0" role="region" aria-label={t(lang, Line::HeuristicsTitle)}>
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
