//! "Past 5x5: answers with a proven bound": the state counts of the big boards ((w*h)!/2, computed), then a
//! shuffled board of the size the reader picks solved with the page's own choice for that size (the staged
//! solver), its length, its proven lower bound and the page's own sentence of how far from the shortest it can be.

use super::common::{big, count, page_default, shape};
use super::figures::BIG;
use super::text::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{gap, use_figure_once};
use crate::page::lessons::figure::{place, setup_of, solved, use_auto_solve, LessonFigure};
use crate::page::state::playback::PlaybackAction;
use crate::page::state::solve::{bound_text, Run};
use crate::page::state::{Action, PuzzleId};
use solver::sliding::shuffle_solvable;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The sides whose state counts are listed.
const SIDES: [u8; 5] = [4, 5, 6, 7, 8];
/// The sides the reader may solve: the staged solver answers them in the browser in seconds.
const SOLVED_SIDES: [u8; 2] = [6, 7];
/// The seed of the first board shown, so that a link to the section shows one board.
const FIRST_SEED: u64 = 2026;

/// A shuffled `side` x `side` board with the page's own choice of algorithm.
fn shuffled(side: u8, seed: u64) -> crate::page::state::setup::Setup {
    let s = shape(side, side);
    let goal = s.default_goal();
    let start = shuffle_solvable(s, &goal, seed).unwrap_or(goal);
    page_default(side, side, &start)
}

#[component]
pub fn BigBoardsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[BIG]);
    use_figure_once(BIG, || shuffled(SOLVED_SIDES[0], FIRST_SEED));
    use_auto_solve(BIG);
    // Each shorter answer replaces the one on show, and the last one ends the run: each rests at its start, paused,
    // until the reader plays it.
    let shown = store
        .as_ref()
        .and_then(|s| s.state.puzzle(PuzzleId::Figure(BIG)))
        .and_then(|p| {
            let len = p.playback.replay.as_ref()?.len();
            Some((len, p.is_solving()))
        });
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with(shown, move |shown| {
            if let (Some(d), Some(_)) = (dispatch, shown) {
                d.emit(Action::Puzzle(
                    PuzzleId::Figure(BIG),
                    PlaybackAction::Seek(0).into(),
                ));
            }
        });
    }
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let counts = SIDES.iter().map(|&side| {
        let states = page_default(side, side, &shape(side, side).default_goal()).state_space();
        html! {
            <li data-side={side.to_string()}>
                { fill_html(t(lang, Line::BigCount), vec![
                    html! { { format!("{side}x{side}") } },
                    big("states", Some(states)),
                ]) }
            </li>
        }
    });
    // The staged solver's best answer so far while it improves, then its final one.
    let (report, done) = match state.puzzle(PuzzleId::Figure(BIG)).map(|p| &p.solve.run) {
        Some(Run::Solving(progress)) => (progress.best.clone(), false),
        _ => (solved(state, BIG), true),
    };
    let bound = report
        .as_ref()
        .and_then(|r| r.lower_bound.map(|b| bound_text(r.length, b).render(lang)));
    let side = setup_of(state, BIG)
        .and_then(super::common::shape_of)
        .map_or(SOLVED_SIDES[0], |s| s.width);
    let algorithm = setup_of(state, BIG).map(|s| lang.algorithm(s.algorithm));
    let solving = state
        .puzzle(PuzzleId::Figure(BIG))
        .is_none_or(|p| p.is_solving());
    let caption = html! {
        <>
            { fill_html(t(lang, Line::BigCaption), vec![
                html! { { format!("{side}x{side}") } },
                html! { { algorithm.unwrap_or_default() } },
                count("big-length", report.as_ref().map(|r| r.length)),
                count("big-bound", report.as_ref().and_then(|r| r.lower_bound)),
            ]) }
            { gap(lang) }
            if let Some(bound) = bound {
                <span data-testid="bound-sentence" data-done={done.to_string()}>{ bound }</span>
            }
            if !done && report.is_some() { { gap(lang) }{ t(lang, Line::BigImproving) } }
        </>
    };
    let on_side = {
        let store = store.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(side) = select.value().parse() {
                place(&store.dispatch, BIG, shuffled(side, fresh_seed()));
            }
        })
    };
    let on_shuffle = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            place(&store.dispatch, BIG, shuffled(side, fresh_seed()));
        })
    };
    html! {
        <>
            <p>{ t(lang, Line::BigText) }</p>
            <ul class="lesson-counts" data-testid="big-counts">{ for counts }</ul>
            <p>{ t(lang, Line::BigStaged) }</p>
            <LessonFigure lab={BIG} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::BigSize) }{ " " }
                        <select data-testid="big-size" disabled={solving} onchange={on_side}>
                            { for SOLVED_SIDES.iter().map(|&s| html! {
                                <option value={s.to_string()} selected={s == side}>{ format!("{s}x{s}") }</option>
                            }) }
                        </select>
                    </label>
                    <button type="button" data-testid="big-shuffle" disabled={solving} onclick={on_shuffle}>
                        { t(lang, Line::HeurShuffle) }</button>
                </div>
                <div class="view lesson-view">
                    <PuzzleBoard id={PuzzleId::Figure(BIG)} locked=true />
                </div>
                <PuzzlePlayback id={PuzzleId::Figure(BIG)} />
            </LessonFigure>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::{Control, Limits, Status};

    fn solve(text: &str) -> solver::Report {
        let query = solver::query::parse(text).unwrap();
        solver::run::solve(&query, &mut Control::new(Limits::default()))
    }

    #[test]
    fn the_counts_rule_out_bfs_not_every_search() {
        // BigText: the counts listed are (w*h)!/2; at 4x4 BFS's own memory (its cheapest, 2 bits a state seen)
        // would pass a terabyte, while IDA* on the pattern databases solves the IDA* section's 4x4 board
        // optimally, to the length A* proves.
        let mut factorial = 1.0f64;
        for n in 1..=64u32 {
            factorial *= f64::from(n);
            if let Some(&s) = SIDES.iter().find(|&&s| u32::from(s).pow(2) == n) {
                let shown = page_default(s, s, &shape(s, s).default_goal()).state_space();
                assert!((shown - factorial / 2.0).abs() / shown < 1e-12, "{s}x{s}");
            }
        }
        let four = page_default(4, 4, &shape(4, 4).default_goal()).state_space();
        assert!(four / 4.0 > 1e12, "16!/2 states at 2 bits each");
        let start =
            super::super::common::tile_list(&super::super::idastar::FOUR_BOARD).replace(", ", ",");
        let ida = solve(&format!(
            "puzzle=sliding&size=4x4&start={start}&algo=idastar&heuristic=pdb"
        ));
        let astar = solve(&format!(
            "puzzle=sliding&size=4x4&start={start}&algo=astar&heuristic=manhattan"
        ));
        assert_eq!((ida.status, astar.status), (Status::Solved, Status::Solved));
        assert!(ida.optimal && astar.optimal);
        assert_eq!(ida.length, astar.length);
    }
}
