//! "BFS and A*, drawn as they run": the same 3x3 board searched by BFS and by A*, each run drawn as bands of
//! states by g (`lessons::layers`) at the same step of their recorded runs, beside the board each expands next, with
//! the code of either and its current line. The reader slides tiles on the board, scrambles it, or picks A*'s
//! heuristic, and both runs follow; every count is the runs' own.

use super::common::{board, played};
use super::figures::WATCH;
use super::text_watch::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::code::Listing;
use crate::page::lessons::drive::{at_step, step_shown, use_drive, DrivePane, HeuristicPick, Side};
use crate::page::lessons::figure::{
    expanded_and_length, num, place, start_of, use_auto_solve, use_figure_once, LessonFigure,
};
use crate::page::lessons::layers::{shared_room, LayersLegend, SearchLayers};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::sliding::{scramble, Shape};
use solver::{Algorithm, HeuristicName};
use std::rc::Rc;
use yew::prelude::*;

/// The figures: BFS holds the board the reader edits, A* follows it.
const WATCH_BFS: u32 = WATCH[0];
const WATCH_ASTAR: u32 = WATCH[1];

/// The first board: 14 moves from the goal, near enough that BFS's whole run is drawn.
pub const FIRST_BOARD: [u8; 9] = [7, 4, 0, 1, 6, 3, 5, 2, 8];
/// How far Scramble walks from the goal: BFS's run then stays within what the record keeps.
const SCRAMBLE_MOVES: u32 = 14;

const HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Manhattan,
    HeuristicName::LinearConflict,
];

const THREE: Shape = Shape {
    width: 3,
    height: 3,
};

fn setups(start: &[u8], heuristic: HeuristicName) -> (Setup, Setup) {
    (
        board(3, 3, start, Algorithm::Bfs, HeuristicName::Manhattan),
        board(3, 3, start, Algorithm::Astar, heuristic),
    )
}

#[component]
pub fn WatchSection() -> Html {
    let lang = use_lang();
    let store = use_store();
    let heuristic = use_state(|| HeuristicName::Manhattan);
    // The cursor over both runs; a step past their ends shows them whole.
    let drive = use_drive(40);
    use_figure_once(WATCH_BFS, || {
        setups(&FIRST_BOARD, HeuristicName::Manhattan).0
    });
    let shown = store.as_ref().and_then(|s| start_of(&s.state, WATCH_BFS));
    {
        // A* follows the board BFS's figure shows, and the heuristic picked.
        let store = store.clone();
        use_effect_with((shown.clone(), *heuristic), move |(shown, heuristic)| {
            if let (Some(s), Some(start)) = (store, shown) {
                place(
                    &s.state,
                    &s.dispatch,
                    WATCH_ASTAR,
                    setups(start, *heuristic).1,
                );
            }
        });
    }
    use_auto_solve(WATCH_BFS);
    use_auto_solve(WATCH_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    // A run counts only once it is of the board shown.
    let fresh = |n: u32| start_of(state, n) == shown;
    let trace_of = |n: u32| -> Option<Rc<_>> {
        state
            .puzzle(PuzzleId::Figure(n))
            .and_then(|p| p.solve.trace.clone())
            .filter(|_| fresh(n))
    };
    let sides = [
        Side {
            name: "BFS",
            trace: trace_of(WATCH_BFS),
            listing: Listing::Bfs,
        },
        Side {
            name: "A*",
            trace: trace_of(WATCH_ASTAR),
            listing: Listing::Astar,
        },
    ];
    let step = step_shown(drive.cursor, &sides);
    let room = Rc::new(shared_room(
        &sides
            .iter()
            .filter_map(|s| s.trace.as_deref())
            .collect::<Vec<_>>(),
    ));
    let at_step = at_step(t(lang, Line::AtStep), step, &sides);
    let result = |n: u32| {
        let (e, l) = expanded_and_length(state, n);
        (e.filter(|_| fresh(n)), l.filter(|_| fresh(n)))
    };
    let ((bfs_expanded, bfs_length), (a_expanded, a_length)) =
        (result(WATCH_BFS), result(WATCH_ASTAR));
    let caption = fill_html(
        t(lang, Line::Result),
        vec![
            num("bfs-expanded", bfs_expanded),
            num("bfs-length", bfs_length),
            num("astar-expanded", a_expanded),
            num("astar-length", a_length),
        ],
    );
    let truncated = sides
        .iter()
        .any(|s| s.trace.as_ref().is_some_and(|t| t.truncated));
    let on_scramble = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(start) = scramble(THREE, &THREE.default_goal(), SCRAMBLE_MOVES, fresh_seed())
            {
                place(
                    &store.state,
                    &store.dispatch,
                    WATCH_BFS,
                    setups(&start, HeuristicName::Manhattan).0,
                );
            }
        })
    };
    let on_first = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            place(
                &store.state,
                &store.dispatch,
                WATCH_BFS,
                setups(&FIRST_BOARD, HeuristicName::Manhattan).0,
            );
        })
    };
    let on_heuristic = {
        let heuristic = heuristic.clone();
        Callback::from(move |h| heuristic.set(h))
    };
    let hand = played(&store, WATCH_BFS);
    let is_first = shown.as_deref() == Some(&FIRST_BOARD[..]);
    let solving = [WATCH_BFS, WATCH_ASTAR].iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving())
    });
    html! {
        <>
            <p>{ t(lang, Line::Text) }</p>
            <p>{ t(lang, Line::HowToRead) }</p>
            <LessonFigure lab={WATCH_ASTAR} {caption}>
                <div class="lesson-controls">
                    <button type="button" data-testid="watch-scramble" onclick={on_scramble}>
                        { t(lang, Line::Scramble) }</button>
                    <button type="button" data-testid="watch-first" disabled={is_first} onclick={on_first}>
                        { t(lang, Line::FirstBoard) }</button>
                    <HeuristicPick label={t(lang, Line::Heuristic)} name="watch-heuristic" choices={&HEURISTICS[..]}
                        value={*heuristic} on_pick={on_heuristic} />
                    if solving {
                        <span class="lesson-hint" aria-live="polite">{ t(lang, Line::Running) }</span>
                    }
                </div>
                <div class="watch-board">
                    <div class="view lesson-view lesson-small-board">
                        <PuzzleBoard id={PuzzleId::Figure(WATCH_BFS)} played={hand} />
                    </div>
                    <p class="lesson-hint">{ t(lang, Line::Slide) }</p>
                </div>
                <div class="lesson-pair search-pair">
                    { for sides.iter().map(|side| html! {
                        <div class="lesson-side" data-figure={if side.listing == Listing::Bfs { "bfs" } else { "astar" }}>
                            <h3>{ side.name }</h3>
                            <SearchLayers trace={side.trace.clone()} {step} width={3} room={room.clone()}
                                label={if side.listing == Listing::Bfs { t(lang, Line::BfsPicture) } else { t(lang, Line::AstarPicture) }} />
                        </div>
                    }) }
                </div>
                <LayersLegend />
                if truncated {
                    <p class="lesson-hint" data-testid="watch-truncated">{ t(lang, Line::Truncated) }</p>
                }
                <DrivePane {sides} {drive}>{ at_step }</DrivePane>
            </LessonFigure>
        </>
    }
}
