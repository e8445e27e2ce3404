//! "BFS and A*, drawn as they run": the same 3x3 board searched by BFS and by A*, each run drawn as bands of
//! states by g (`lessons::layers`) at the same step of their recorded runs, beside the board each expands next, with
//! the code of either and its current line. The reader slides tiles on the board, scrambles it, or picks A*'s
//! heuristic, and both runs follow; every count is the runs' own.

use super::common::{board, played};
use super::figures::WATCH;
use super::text_watch::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::use_lang;
use crate::page::lessons::drive::{
    at_step, pair_result, pair_sides, step_shown, use_drive, use_pair_runs, DrivePane,
    HeuristicPick, PairPictures, ASTAR, BFS,
};
use crate::page::lessons::figure::{
    any_solving, placer, result_if_shown, start_of, use_figure_once, LessonFigure,
};
use crate::page::lessons::layers::{pair_layers, LayersLegend};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::sliding::{scramble, Shape};
use solver::{Algorithm, HeuristicName};
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
    let store = use_figures(&WATCH);
    let heuristic = use_state(|| HeuristicName::Manhattan);
    // The cursor over both runs; a step past their ends shows them whole.
    let drive = use_drive(40);
    use_figure_once(WATCH_BFS, || {
        setups(&FIRST_BOARD, HeuristicName::Manhattan).0
    });
    let shown = store.as_ref().and_then(|s| start_of(&s.state, WATCH_BFS));
    // A* follows the board BFS's figure shows, and the heuristic picked.
    let key = shown.clone().map(|start| (start, *heuristic));
    use_pair_runs([WATCH_BFS, WATCH_ASTAR], key, |(start, heuristic)| {
        setups(start, *heuristic).1
    });
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    // A run counts only once it is of the board shown.
    let fresh = |n: u32| start_of(state, n) == shown;
    let sides = pair_sides(state, [WATCH_BFS, WATCH_ASTAR], [BFS, ASTAR], |n, _| {
        fresh(n)
    });
    let step = step_shown(drive.cursor, &sides);
    let (pictures, truncated) = pair_layers(
        &sides,
        step,
        3,
        [t(lang, Line::BfsPicture), t(lang, Line::AstarPicture)],
    );
    let at_step = at_step(t(lang, Line::AtStep), step, &sides);
    let caption = pair_result(
        t(lang, Line::Result),
        [BFS, ASTAR],
        [WATCH_BFS, WATCH_ASTAR].map(|n| result_if_shown(state, n, &shown)),
    );
    let on_board = placer(&store, WATCH_BFS, |start| {
        setups(start, HeuristicName::Manhattan).0
    });
    html! {
        <>
            <p>{ t(lang, Line::Text) }</p>
            <p>{ t(lang, Line::HowToRead) }</p>
            <LessonFigure lab={WATCH_ASTAR} {caption}>
                <WatchControls is_first={shown.as_deref() == Some(&FIRST_BOARD[..])} {on_board}
                    heuristic={*heuristic} on_heuristic={heuristic.setter()}
                    solving={any_solving(state, &[WATCH_BFS, WATCH_ASTAR])} />
                <div class="watch-board">
                    <div class="view lesson-view lesson-small-board">
                        <PuzzleBoard id={PuzzleId::Figure(WATCH_BFS)} played={played(&store, WATCH_BFS)} />
                    </div>
                    <p class="lesson-hint">{ t(lang, Line::Slide) }</p>
                </div>
                <PairPictures searchers={[BFS, ASTAR]} {pictures} />
                <LayersLegend />
                if truncated {
                    <p class="lesson-hint" data-testid="watch-truncated">{ t(lang, Line::Truncated) }</p>
                }
                <DrivePane {sides} {drive}>{ at_step }</DrivePane>
            </LessonFigure>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct WatchControlsProps {
    /// Whether the board shown is the first one.
    is_first: bool,
    /// Hears a new board for BFS's figure (A*'s follows).
    on_board: Callback<Vec<u8>>,
    heuristic: HeuristicName,
    on_heuristic: Callback<HeuristicName>,
    /// Whether either run is still searching.
    solving: bool,
}

/// The watch's controls: a scrambled board, the first board again, A*'s heuristic, and a word while the runs go.
#[component]
fn WatchControls(props: &WatchControlsProps) -> Html {
    let lang = use_lang();
    let on_scramble = {
        let on_board = props.on_board.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(start) = scramble(THREE, &THREE.default_goal(), SCRAMBLE_MOVES, fresh_seed())
            {
                on_board.emit(start);
            }
        })
    };
    let on_first = {
        let on_board = props.on_board.clone();
        Callback::from(move |_: MouseEvent| on_board.emit(FIRST_BOARD.to_vec()))
    };
    html! {
        <div class="lesson-controls">
            <button type="button" data-testid="watch-scramble" onclick={on_scramble}>
                { t(lang, Line::Scramble) }</button>
            <button type="button" data-testid="watch-first" disabled={props.is_first} onclick={on_first}>
                { t(lang, Line::FirstBoard) }</button>
            <HeuristicPick label={t(lang, Line::Heuristic)} name="watch-heuristic" choices={&HEURISTICS[..]}
                value={props.heuristic} on_pick={props.on_heuristic.clone()} />
            if props.solving {
                <span class="lesson-hint" aria-live="polite">{ t(lang, Line::Running) }</span>
            }
        </div>
    }
}
