//! "Random boards": a board the reader shuffles, solved by BFS, by A* with misplaced tiles and by A* with Manhattan
//! distance, each count and time from its own run. BFS over the whole 9!/2 space takes a moment here, so the
//! report's "BFS took too long on random boards" is about how its BFS kept CLOSED, which the section says.

use super::figures::{RANDOM_BFS, RANDOM_MANHATTAN, RANDOM_MISPLACED};
use super::text::{t, Line};
use super::{any_pending, board_words, count_num, eight, finished, time, GOAL};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{place, setup_of, start_of, use_auto_solve, LessonFigure};
use crate::page::state::fresh::shuffled_board;
use crate::page::state::{Action, PuzzleId};
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// The board shown before the first shuffle: 22 moves from the goal.
const FIRST_START: [u8; 9] = [6, 8, 2, 5, 0, 7, 3, 1, 4];

#[component]
pub fn RandomSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[RANDOM_BFS, RANDOM_MANHATTAN, RANDOM_MISPLACED]);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                d.emit(Action::AddFigure(
                    RANDOM_BFS,
                    Box::new(super::bfs(&FIRST_START, &GOAL)),
                ));
            }
        });
    }
    // A* follows the board BFS shows, whenever a shuffle changes it.
    let start = store.as_ref().and_then(|s| start_of(&s.state, RANDOM_BFS));
    {
        let store = store.clone();
        use_effect_with(start.clone(), move |start| {
            if let (Some(s), Some(start)) = (store, start) {
                for (n, h) in [
                    (RANDOM_MISPLACED, HeuristicName::Misplaced),
                    (RANDOM_MANHATTAN, HeuristicName::Manhattan),
                ] {
                    place(&s.dispatch, n, eight(start, &GOAL, Algorithm::Astar, h));
                }
            }
        });
    }
    use_auto_solve(RANDOM_BFS);
    use_auto_solve(RANDOM_MISPLACED);
    use_auto_solve(RANDOM_MANHATTAN);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let all = [RANDOM_BFS, RANDOM_MISPLACED, RANDOM_MANHATTAN];
    let pending = any_pending(state, &all);
    // A run counts only once it belongs to the board BFS shows.
    let run = |n: u32| finished(state, n).filter(|_| start_of(state, n) == start);
    let (b, m, h) = (
        run(RANDOM_BFS),
        run(RANDOM_MISPLACED),
        run(RANDOM_MANHATTAN),
    );
    let space = setup_of(state, RANDOM_BFS).map(|s| s.state_space() as u64);
    let expanded = |r: &Option<std::rc::Rc<solver::Report>>| r.as_ref().map(|r| r.stats.expanded);
    let caption = fill_html(
        t(lang, Line::RandomResult),
        vec![
            html! { { start.as_deref().map(board_words).unwrap_or_default() } },
            count_num("length", b.as_ref().map(|r| r.length)),
            count_num("bfs-expanded", expanded(&b)),
            count_num("states", space),
            time("bfs", b.as_deref()),
            count_num("misplaced-expanded", expanded(&m)),
            time("misplaced", m.as_deref()),
            count_num("manhattan-expanded", expanded(&h)),
            time("manhattan", h.as_deref()),
        ],
    );
    let kept = expanded(&b);
    let why = fill_html(
        t(lang, Line::RandomWhy),
        vec![
            count_num("bfs-kept", kept),
            count_num("comparisons", kept.map(|n| n * n.saturating_sub(1) / 2)),
        ],
    );
    // A fresh board for the same goal, placed as a new BFS figure (the set-up's own Shuffle would also reset the
    // figure's algorithm to the page's default choice).
    let on_shuffle = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(shape) = setup_of(&store.state, RANDOM_BFS).and_then(|s| s.shape()) {
                let board = shuffled_board(shape, &GOAL, fresh_seed());
                place(&store.dispatch, RANDOM_BFS, super::bfs(&board, &GOAL));
            }
        })
    };
    html! {
        <>
            <p>{ t(lang, Line::RandomText) }</p>
            <LessonFigure lab={RANDOM_BFS} {caption}>
                <div class="lesson-controls">
                    <button type="button" data-testid="shuffle" disabled={pending} onclick={on_shuffle}>
                        { t(lang, Line::RandomShuffle) }</button>
                </div>
                <div class="eight-stage">
                    <div class="view lesson-view eight-board" data-figure="random">
                        <PuzzleBoard id={PuzzleId::Figure(RANDOM_BFS)} locked=true />
                    </div>
                    <PuzzlePlayback id={PuzzleId::Figure(RANDOM_BFS)} />
                </div>
            </LessonFigure>
            <p class="lesson-article">{ why }</p>
        </>
    }
}
