//! "BFS against A*": the same tower searched by both, drawn side by side on the state graph at the same step of
//! their recorded runs, with the code of either beside them, its current line following the cursor. The reader
//! picks the number of disks and A*'s heuristic, clicks a state to make it the start or the goal (or drags a disk
//! of the start tower), and both runs follow; every count is the runs' own.

use super::figures::{RACE_ASTAR, RACE_BFS};
use super::search_graph::{SearchGraph, SearchLegend};
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Controls};
use crate::page::lessons::drive::{
    at_step, pair_result, pair_sides, step_shown, use_drive, use_pair_runs, DrivePane,
    HeuristicPick, PairPictures, Side, ASTAR, BFS,
};
use crate::page::lessons::figure::{
    any_solving, expanded_and_length, hanoi_setup, num, place, setup_of, tower, use_latest,
    LessonFigure,
};
use crate::page::state::setup::Setup;
use crate::page::state::{Action, PuzzleId, SolveAction, State};
use solver::hanoi::Hanoi;
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The disk counts the reader may pick: every one is drawn (3^7 states at most) and answers at once.
const DISK_CHOICES: [u8; 5] = [3, 4, 5, 6, 7];
/// A*'s heuristics on a tower, the article's last.
const HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Exact,
    HeuristicName::SeedPower,
];

/// The two figures' set-ups: `start` to `goal`, BFS and A* with `heuristic`.
fn setups(start: &[u8], goal: &[u8], heuristic: HeuristicName) -> (Setup, Setup) {
    (
        hanoi_setup(3, start, goal, Algorithm::Bfs, HeuristicName::Misplaced),
        hanoi_setup(3, start, goal, Algorithm::Astar, heuristic),
    )
}

/// The tower BFS's figure shows: its start and goal, each disk's peg.
fn ends(state: &State) -> Option<(Vec<u8>, Vec<u8>)> {
    setup_of(state, RACE_BFS).map(|s| (s.puzzle.start().to_vec(), s.puzzle.goal().to_vec()))
}

/// The code of a position (each disk's peg, the smallest first): the engine's own rank.
fn state_code(position: &[u8]) -> u64 {
    let disks = position.len() as u8;
    Hanoi::new(3, disks, position, position).map_or(0, |h| h.encode(position))
}

/// The position of `code` on `disks` disks.
fn position_of(code: u64, disks: u8) -> Vec<u8> {
    Hanoi::from_states(3, disks, code, 0).map_or_else(|_| tower(disks, 0), |h| h.decode(code))
}

/// Which end of the search a click on the graph moves.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pick {
    Start,
    Goal,
}

/// Places the first tower (five disks from peg A to peg C) when the section appears, and runs the pair: A* follows
/// BFS's tower (a disk dragged on it, a state clicked) and the heuristic picked.
#[hook]
fn use_race_runs(heuristic: HeuristicName) {
    let store = use_figures(&[RACE_ASTAR, RACE_BFS]);
    let key = store
        .as_ref()
        .and_then(|s| ends(&s.state))
        .map(|e| (e, heuristic));
    use_effect_with((), move |_| {
        if let Some(s) = store {
            if setup_of(&s.state, RACE_BFS).is_none() {
                let (bfs, astar) = setups(&tower(5, 0), &tower(5, 2), HeuristicName::Misplaced);
                place(&s.dispatch, RACE_BFS, bfs);
                place(&s.dispatch, RACE_ASTAR, astar);
            }
        }
    });
    use_pair_runs([RACE_BFS, RACE_ASTAR], key, |((start, goal), heuristic)| {
        setups(start, goal, *heuristic).1
    });
}

#[component]
pub fn RaceSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[RACE_ASTAR, RACE_BFS]);
    let heuristic = use_state(|| HeuristicName::Misplaced);
    let pick = use_state(|| Pick::Start);
    // The cursor over both runs; a step past their ends shows them whole.
    let drive = use_drive(usize::MAX);
    let on_graph = use_latest::<u64>();
    use_race_runs(*heuristic);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let Some((start, goal)) = ends(state) else {
        return Html::default();
    };
    let disks = start.len() as u8;
    // A run is drawn only once it is of a tower of this many disks.
    let sides = pair_sides(state, [RACE_BFS, RACE_ASTAR], [BFS, ASTAR], |_, t| {
        t.rank_count == 3u64.pow(u32::from(disks))
    });
    let step = step_shown(drive.cursor, &sides);
    let caption = pair_result(
        t(lang, Line::RaceResult),
        [BFS, ASTAR],
        [RACE_BFS, RACE_ASTAR].map(|n| expanded_and_length(state, n)),
    );
    let at_step = at_step(t(lang, Line::RaceAtStep), step, &sides);
    let on_place = {
        let (dispatch, heuristic) = (store.dispatch.clone(), *heuristic);
        Callback::from(move |(start, goal): (Vec<u8>, Vec<u8>)| {
            let (bfs, astar) = setups(&start, &goal, heuristic);
            place(&dispatch, RACE_BFS, bfs);
            place(&dispatch, RACE_ASTAR, astar);
        })
    };
    let on_graph = {
        let (on_place, start, goal, pick) = (on_place.clone(), start.clone(), goal.clone(), *pick);
        on_graph.set(Callback::from(move |code: u64| {
            let picked = position_of(code, disks);
            on_place.emit(match pick {
                Pick::Start => (picked, goal.clone()),
                Pick::Goal => (start.clone(), picked),
            });
        }))
    };
    let (start_code, goal_code) = (state_code(&start), state_code(&goal));
    let graph = |side: &Side, label: Line| {
        html! {
            <SearchGraph {disks} trace={side.trace.clone()} {step} start={start_code} goal={goal_code}
                on_pick={on_graph.clone()} label={t(lang, label)} />
        }
    };
    let pictures = [
        graph(&sides[0], Line::RaceBfsPicture),
        graph(&sides[1], Line::RaceAstarPicture),
    ];
    // The article's five-disk claim, against the size of the five-disk graph.
    let space = setups(&tower(5, 0), &tower(5, 2), *heuristic)
        .0
        .state_space() as u64;
    html! {
        <>
            <p>{ t(lang, Line::RaceText) }</p>
            <p>{ t(lang, Line::RaceDrawn) }</p>
            <LessonFigure lab={RACE_ASTAR} {caption}>
                <RaceControls {disks} heuristic={*heuristic} on_heuristic={heuristic.setter()}
                    pick={*pick} on_end={pick.setter()} {on_place}
                    solving={any_solving(state, &[RACE_BFS, RACE_ASTAR])} />
                <PairPictures searchers={[BFS, ASTAR]} headings={[t(lang, Line::RaceBfs), t(lang, Line::RaceAstar)]}
                    {pictures} />
                <SearchLegend />
                <DrivePane {sides} {drive}>{ at_step }</DrivePane>
                <div class="race-start">
                    <p class="lesson-hint">{ t(lang, Line::RaceDrag) }</p>
                    <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(RACE_BFS)} /></div>
                </div>
            </LessonFigure>
            <p class="lesson-article">{ fill_html(t(lang, Line::RaceArticle), vec![num("five-disk-states", Some(space))]) }</p>
        </>
    }
}

#[derive(Properties, PartialEq)]
struct RaceControlsProps {
    disks: u8,
    heuristic: HeuristicName,
    on_heuristic: Callback<HeuristicName>,
    /// Which end a click on the graph moves.
    pick: Pick,
    on_end: Callback<Pick>,
    /// Hears a new start and goal for both figures.
    on_place: Callback<(Vec<u8>, Vec<u8>)>,
    /// Whether either run is still searching: Solve waits for both.
    solving: bool,
}

/// The race's controls: the number of disks, A*'s heuristic, which end a click moves, the first tower again, and
/// Solve, which runs both figures again.
#[component]
fn RaceControls(props: &RaceControlsProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[RACE_ASTAR, RACE_BFS]);
    let disks = props.disks;
    let on_disks = {
        let on_place = props.on_place.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse::<u8>() {
                on_place.emit((tower(d, 0), tower(d, 2)));
            }
        })
    };
    let on_reset = {
        let on_place = props.on_place.clone();
        Callback::from(move |_: MouseEvent| on_place.emit((tower(disks, 0), tower(disks, 2))))
    };
    let on_solve = {
        let dispatch = store.map(|s| s.dispatch).unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            for n in [RACE_BFS, RACE_ASTAR] {
                dispatch.emit(Action::Puzzle(
                    PuzzleId::Figure(n),
                    SolveAction::Solve.into(),
                ));
            }
        })
    };
    let pick_button = |which: Pick, line: Line, testid: &'static str| {
        let on_end = props.on_end.clone();
        html! {
            <button type="button" data-testid={testid} aria-pressed={(props.pick == which).to_string()}
                onclick={Callback::from(move |_| on_end.emit(which))}>{ t(lang, line) }</button>
        }
    };
    html! {
        <div class="lesson-controls">
            <label>{ t(lang, Line::RaceDisks) }{ " " }
                <select data-testid="race-disks" onchange={on_disks}>
                    { for DISK_CHOICES.iter().map(|&d| html! {
                        <option value={d.to_string()} selected={d == disks}>{ d }</option>
                    }) }
                </select>
            </label>
            <HeuristicPick label={t(lang, Line::RaceHeuristic)} name="race-heuristic" choices={&HEURISTICS[..]}
                value={props.heuristic} on_pick={props.on_heuristic.clone()} />
            <span role="group" aria-label={t(lang, Line::RacePickLabel)} class="lesson-toggle">
                { t(lang, Line::RacePickLabel) }{ " " }
                { pick_button(Pick::Start, Line::RacePickStart, "pick-start") }
                { pick_button(Pick::Goal, Line::RacePickGoal, "pick-goal") }
            </span>
            <button type="button" data-testid="race-reset" onclick={on_reset}>{ t(lang, Line::RaceReset) }</button>
            <button type="button" data-testid="solve" disabled={props.solving} onclick={on_solve}>
                { lang.t(Controls::Solve) }</button>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_and_its_code_go_both_ways() {
        for disks in 1..=7u8 {
            for code in 0..3u64.pow(u32::from(disks)) {
                assert_eq!(state_code(&position_of(code, disks)), code);
            }
        }
        assert_eq!(
            state_code(&[2, 0, 0]),
            2,
            "the smallest disk is the lowest digit"
        );
    }
}
