//! "A board is a state": a 3x3 board the reader plays (a click, a drag or Enter on a tile beside the blank slides
//! it), its state written out as the list of tiles, the blank's moves from there, and how many states the board
//! has (9!/2 reachable from any start).

use super::common::{big, count, tile_list, words};
use super::figures::STATE;
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{gap, use_figure_once};
use crate::page::lessons::figure::{setup_of, start_of, LessonFigure};
use crate::page::state::PuzzleId;
use solver::sliding::Dir;
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// Three moves from the goal, so that a reader can walk it home.
const START: [u8; 9] = [1, 2, 3, 4, 0, 6, 7, 5, 8];

#[component]
pub fn StateSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[STATE]);
    use_figure_once(STATE, || {
        super::common::board(3, 3, &START, Algorithm::Astar, HeuristicName::Manhattan)
    });
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let setup = setup_of(state, STATE).cloned();
    let tiles = start_of(state, STATE);
    let shape = setup.as_ref().and_then(super::common::shape_of);
    // The blank's moves from here: the directions the solver's board lets it go.
    let moves = shape.zip(tiles.as_ref()).and_then(|(shape, tiles)| {
        let blank = tiles.iter().position(|&t| t == 0)?;
        Some(
            Dir::ALL
                .iter()
                .filter(|&&d| shape.step(blank, d).is_some())
                .count() as u64,
        )
    });
    let played = super::common::played(&store, STATE);
    let space = setup.as_ref().map(|s| s.state_space());
    let at_goal = setup
        .as_ref()
        .is_some_and(|s| s.puzzle.start() == s.puzzle.goal());
    let caption = html! {
        <>
            { fill_html(t(lang, Line::StateShown), vec![
                words("state", tiles.as_deref().map(tile_list)),
                count("blank-moves", moves),
                big("states-3x3", space),
            ]) }
            if at_goal { { gap(lang) }{ t(lang, Line::StateAtGoal) } }
        </>
    };
    html! {
        <>
            <p>{ t(lang, Line::StateText) }</p>
            <LessonFigure lab={STATE} {caption}>
                <div class="view lesson-view lesson-small-board">
                    <PuzzleBoard id={PuzzleId::Figure(STATE)} {played} />
                </div>
                <p class="lesson-hint">{ t(lang, Line::StateTry) }</p>
            </LessonFigure>
            <p>{ t(lang, Line::StateCount) }</p>
        </>
    }
}
