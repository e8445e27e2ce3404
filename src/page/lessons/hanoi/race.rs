//! "BFS against A*": the same tower solved by both, side by side, each count from its own run's statistics. The
//! reader picks the number of disks and A*'s heuristic; both runs follow.

use super::figures::{RACE_ASTAR, RACE_BFS};
use super::text::{t, Line};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{
    expanded_and_length, hanoi_setup, num, place, tower, use_auto_solve, LessonFigure,
};
use crate::page::state::setup::Setup;
use crate::page::state::{Action, PuzzleId, SolveAction};
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The disk counts the reader may pick: small enough that BFS answers at once.
const DISK_CHOICES: [u8; 6] = [3, 4, 5, 6, 7, 8];
/// A*'s heuristics on a tower, the article's last.
const HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Exact,
    HeuristicName::SeedPower,
];

/// The two figures' set-ups: `disks` disks from peg A to peg C.
fn setups(disks: u8, heuristic: HeuristicName) -> (Setup, Setup) {
    let (start, goal) = (tower(disks, 0), tower(disks, 2));
    (
        hanoi_setup(3, &start, &goal, Algorithm::Bfs, HeuristicName::Misplaced),
        hanoi_setup(3, &start, &goal, Algorithm::Astar, heuristic),
    )
}

#[component]
pub fn RaceSection() -> Html {
    let lang = use_lang();
    let store = use_store();
    let choice = use_state(|| (5u8, HeuristicName::Misplaced));
    {
        let store = store.clone();
        use_effect_with(*choice, move |&(disks, heuristic)| {
            if let Some(s) = store {
                let (bfs, astar) = setups(disks, heuristic);
                place(&s.state, &s.dispatch, RACE_BFS, bfs);
                place(&s.state, &s.dispatch, RACE_ASTAR, astar);
            }
        });
    }
    use_auto_solve(RACE_BFS);
    use_auto_solve(RACE_ASTAR);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let (bfs_expanded, bfs_length) = expanded_and_length(state, RACE_BFS);
    let (a_expanded, a_length) = expanded_and_length(state, RACE_ASTAR);
    let solving = [RACE_BFS, RACE_ASTAR].iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving())
    });
    let caption = fill_html(
        t(lang, Line::RaceResult),
        vec![
            num("bfs-expanded", bfs_expanded),
            num("bfs-length", bfs_length),
            num("astar-expanded", a_expanded),
            num("astar-length", a_length),
        ],
    );
    let (disks, heuristic) = *choice;
    let on_disks = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse() {
                choice.set((d, choice.1));
            }
        })
    };
    let on_heuristic = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(h) = HEURISTICS.into_iter().find(|h| h.name() == select.value()) {
                choice.set((choice.0, h));
            }
        })
    };
    let on_solve = store.dispatch.reform(|_: MouseEvent| {
        Action::Puzzle(PuzzleId::Figure(RACE_BFS), SolveAction::Solve.into())
    });
    let on_solve_astar = store.dispatch.clone();
    let on_solve = Callback::from(move |e: MouseEvent| {
        on_solve.emit(e);
        on_solve_astar.emit(Action::Puzzle(
            PuzzleId::Figure(RACE_ASTAR),
            SolveAction::Solve.into(),
        ));
    });
    // The article's five-disk claim, against the size of the five-disk graph.
    let space = setups(5, heuristic).0.state_space() as u64;
    html! {
        <>
            <p>{ t(lang, Line::RaceText) }</p>
            <LessonFigure lab={RACE_ASTAR} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::RaceDisks) }{ " " }
                        <select data-testid="race-disks" onchange={on_disks}>
                            { for DISK_CHOICES.iter().map(|&d| html! {
                                <option value={d.to_string()} selected={d == disks}>{ d }</option>
                            }) }
                        </select>
                    </label>
                    <label>{ t(lang, Line::RaceHeuristic) }{ " " }
                        <select data-testid="race-heuristic" onchange={on_heuristic}>
                            { for HEURISTICS.iter().map(|&h| html! {
                                <option value={h.name()} selected={h == heuristic}>{ lang.heuristic(h) }</option>
                            }) }
                        </select>
                    </label>
                    <button type="button" data-testid="solve" disabled={solving} onclick={on_solve}>
                        { lang.t(crate::page::i18n::Msg::Solve) }</button>
                </div>
                <div class="lesson-pair">
                    <div class="lesson-side" data-figure="bfs">
                        <h3>{ t(lang, Line::RaceBfs) }</h3>
                        <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(RACE_BFS)} /></div>
                        <PuzzlePlayback id={PuzzleId::Figure(RACE_BFS)} />
                    </div>
                    <div class="lesson-side" data-figure="astar">
                        <h3>{ t(lang, Line::RaceAstar) }</h3>
                        <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(RACE_ASTAR)} /></div>
                        <PuzzlePlayback id={PuzzleId::Figure(RACE_ASTAR)} />
                    </div>
                </div>
            </LessonFigure>
            <p class="lesson-article">{ fill_html(t(lang, Line::RaceArticle), vec![num("five-disk-states", Some(space))]) }</p>
        </>
    }
}
