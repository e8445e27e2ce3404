//! "BFS against A*": the same tower searched by both, drawn side by side on the state graph at the same step of
//! their recorded runs, with the code of either beside them, its current line following the cursor. The reader
//! picks the number of disks and A*'s heuristic, clicks a state to make it the start or the goal (or drags a disk
//! of the start tower), and both runs follow; every count is the runs' own.

use super::figures::{RACE_ASTAR, RACE_BFS};
use super::search_graph::{SearchGraph, SearchLegend};
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill_html, use_lang, Controls};
use crate::page::lessons::code::Listing;
use crate::page::lessons::drive::{at_step, step_shown, use_drive, DrivePane, HeuristicPick, Side};
use crate::page::lessons::figure::{
    expanded_and_length, hanoi_setup, num, place, setup_of, tower, use_auto_solve, LessonFigure,
};
use crate::page::state::setup::Setup;
use crate::page::state::{Action, PuzzleId, SolveAction, State};
use solver::hanoi::Hanoi;
use solver::search::trace::Trace;
use solver::{Algorithm, HeuristicName};
use std::rc::Rc;
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

#[component]
pub fn RaceSection() -> Html {
    let lang = use_lang();
    let store = use_store();
    let heuristic = use_state(|| HeuristicName::Misplaced);
    let pick = use_state(|| Pick::Start);
    // The cursor over both runs; a step past their ends shows them whole.
    let drive = use_drive(usize::MAX);
    {
        // The first tower: five disks from peg A to peg C.
        let store = store.clone();
        use_effect_with((), move |_| {
            if let Some(s) = store {
                if setup_of(&s.state, RACE_BFS).is_none() {
                    let (bfs, astar) = setups(&tower(5, 0), &tower(5, 2), HeuristicName::Misplaced);
                    place(&s.state, &s.dispatch, RACE_BFS, bfs);
                    place(&s.state, &s.dispatch, RACE_ASTAR, astar);
                }
            }
        });
    }
    {
        // A* follows BFS's tower (a disk dragged on it, a state clicked) and the heuristic picked.
        let store = store.clone();
        let key = store
            .as_ref()
            .and_then(|s| ends(&s.state))
            .map(|e| (e, *heuristic));
        use_effect_with(key, move |key| {
            if let (Some(s), Some(((start, goal), heuristic))) = (store, key) {
                place(
                    &s.state,
                    &s.dispatch,
                    RACE_ASTAR,
                    setups(start, goal, *heuristic).1,
                );
            }
        });
    }
    use_auto_solve(RACE_BFS);
    use_auto_solve(RACE_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let Some((start, goal)) = ends(state) else {
        return Html::default();
    };
    let disks = start.len() as u8;
    let trace_of = |n: u32| -> Option<Rc<Trace>> {
        state
            .puzzle(PuzzleId::Figure(n))
            .and_then(|p| p.solve.trace.clone())
            .filter(|t| t.rank_count == 3u64.pow(u32::from(disks)))
    };
    let (bfs_trace, astar_trace) = (trace_of(RACE_BFS), trace_of(RACE_ASTAR));
    let (bfs_expanded, bfs_length) = expanded_and_length(state, RACE_BFS);
    let (a_expanded, a_length) = expanded_and_length(state, RACE_ASTAR);
    let solving = [RACE_BFS, RACE_ASTAR].iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving())
    });
    let sides = [
        Side {
            name: "BFS",
            trace: bfs_trace.clone(),
            listing: Listing::Bfs,
        },
        Side {
            name: "A*",
            trace: astar_trace.clone(),
            listing: Listing::Astar,
        },
    ];
    let step = step_shown(drive.cursor, &sides);
    let caption = fill_html(
        t(lang, Line::RaceResult),
        vec![
            num("bfs-expanded", bfs_expanded),
            num("bfs-length", bfs_length),
            num("astar-expanded", a_expanded),
            num("astar-length", a_length),
        ],
    );
    let at_step = at_step(t(lang, Line::RaceAtStep), step, &sides);
    let place_both = {
        let dispatch = store.dispatch.clone();
        let state = store.state.clone();
        let heuristic = *heuristic;
        move |start: &[u8], goal: &[u8]| {
            let (bfs, astar) = setups(start, goal, heuristic);
            place(&state, &dispatch, RACE_BFS, bfs);
            place(&state, &dispatch, RACE_ASTAR, astar);
        }
    };
    let on_disks = {
        let place_both = place_both.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse::<u8>() {
                place_both(&tower(d, 0), &tower(d, 2));
            }
        })
    };
    let on_heuristic = {
        let heuristic = heuristic.clone();
        Callback::from(move |h| heuristic.set(h))
    };
    let on_pick = {
        let place_both = place_both.clone();
        let (start, goal, pick) = (start.clone(), goal.clone(), *pick);
        Callback::from(move |code: u64| {
            let picked = position_of(code, disks);
            match pick {
                Pick::Start => place_both(&picked, &goal),
                Pick::Goal => place_both(&start, &picked),
            }
        })
    };
    let on_reset = {
        let place_both = place_both.clone();
        Callback::from(move |_: MouseEvent| place_both(&tower(disks, 0), &tower(disks, 2)))
    };
    let pick_button = |which: Pick, line: Line, testid: &'static str| {
        let pick = pick.clone();
        html! {
            <button type="button" data-testid={testid} aria-pressed={(*pick == which).to_string()}
                onclick={Callback::from(move |_| pick.set(which))}>{ t(lang, line) }</button>
        }
    };
    let on_solve = {
        let dispatch = store.dispatch.clone();
        Callback::from(move |_: MouseEvent| {
            for n in [RACE_BFS, RACE_ASTAR] {
                dispatch.emit(Action::Puzzle(
                    PuzzleId::Figure(n),
                    SolveAction::Solve.into(),
                ));
            }
        })
    };
    let (start_code, goal_code) = (state_code(&start), state_code(&goal));
    // The article's five-disk claim, against the size of the five-disk graph.
    let space = setups(&tower(5, 0), &tower(5, 2), *heuristic)
        .0
        .state_space() as u64;
    html! {
        <>
            <p>{ t(lang, Line::RaceText) }</p>
            <p>{ t(lang, Line::RaceDrawn) }</p>
            <LessonFigure lab={RACE_ASTAR} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::RaceDisks) }{ " " }
                        <select data-testid="race-disks" onchange={on_disks}>
                            { for DISK_CHOICES.iter().map(|&d| html! {
                                <option value={d.to_string()} selected={d == disks}>{ d }</option>
                            }) }
                        </select>
                    </label>
                    <HeuristicPick label={t(lang, Line::RaceHeuristic)} name="race-heuristic" choices={&HEURISTICS[..]}
                        value={*heuristic} on_pick={on_heuristic} />
                    <span role="group" aria-label={t(lang, Line::RacePickLabel)} class="lesson-toggle">
                        { t(lang, Line::RacePickLabel) }{ " " }
                        { pick_button(Pick::Start, Line::RacePickStart, "pick-start") }
                        { pick_button(Pick::Goal, Line::RacePickGoal, "pick-goal") }
                    </span>
                    <button type="button" data-testid="race-reset" onclick={on_reset}>{ t(lang, Line::RaceReset) }</button>
                    <button type="button" data-testid="solve" disabled={solving} onclick={on_solve}>
                        { lang.t(Controls::Solve) }</button>
                </div>
                <div class="lesson-pair search-pair">
                    <div class="lesson-side" data-figure="bfs">
                        <h3>{ t(lang, Line::RaceBfs) }</h3>
                        <SearchGraph {disks} trace={bfs_trace.clone()} {step} start={start_code} goal={goal_code}
                            on_pick={on_pick.clone()} label={t(lang, Line::RaceBfsPicture)} />
                    </div>
                    <div class="lesson-side" data-figure="astar">
                        <h3>{ t(lang, Line::RaceAstar) }</h3>
                        <SearchGraph {disks} trace={astar_trace.clone()} {step} start={start_code} goal={goal_code}
                            {on_pick} label={t(lang, Line::RaceAstarPicture)} />
                    </div>
                </div>
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
