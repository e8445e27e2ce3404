//! A lesson board the reader slides: hand play on a figure whose start is the position played, so that every
//! slide places the figure again and the section's numbers rerun on the new board, towards the figure's own goal.

use crate::page::components::puzzle_view::Played;
use crate::page::hooks::store::Store;
use crate::page::lessons::figure::{place, setup_of};
use crate::page::state::setup::Setup;
use crate::page::state::steps::{try_step, Step};
use solver::query::PuzzleSpec;
use solver::sliding::{Dir, Shape};
use std::rc::Rc;
use yew::prelude::*;

/// `setup` with the tile in `cell` slid into the blank beside it (the lab's own move, `try_step`), its goal and
/// choices kept; `None` if that tile is not beside the blank.
pub fn slid(setup: &Setup, cell: usize) -> Option<Setup> {
    let PuzzleSpec::Sliding { width, height, .. } = setup.puzzle else {
        return None;
    };
    let shape = Shape { width, height };
    let mut tiles = setup.puzzle.start().to_vec();
    let blank = tiles.iter().position(|&t| t == 0)?;
    let dir = Dir::ALL
        .into_iter()
        .find(|&d| shape.step(blank, d) == Some(cell))?;
    try_step(&setup.puzzle, &mut tiles, Step::Slide(dir)).ok()?;
    let mut next = setup.clone();
    if let PuzzleSpec::Sliding { start, .. } = &mut next.puzzle {
        *start = tiles;
    }
    Some(next)
}

/// Hand play on figure `number`: its start is the position played, and a slide places the figure again with the
/// new start, so that the store holds the board the text talks about (and "Open in the lab" opens it).
pub fn played(store: &Store, number: u32) -> Option<Played> {
    let setup = setup_of(&store.state, number)?.clone();
    let position: Rc<[u8]> = Rc::from(setup.puzzle.start());
    let store = store.clone();
    let on_slide = Callback::from(move |cell: usize| {
        if let Some(next) = slid(&setup, cell) {
            place(&store.dispatch, number, next);
        }
    });
    Some(Played {
        position,
        hinted: None,
        on_slide,
        on_move: Callback::noop(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::lessons::figure::sliding_setup;
    use solver::{Algorithm, HeuristicName};

    #[test]
    fn a_slide_keeps_the_figure_s_goal_and_choices() {
        let goal = [1, 2, 3, 8, 0, 4, 7, 6, 5];
        let setup = sliding_setup(
            3,
            3,
            &goal,
            &goal,
            Algorithm::Astar,
            HeuristicName::Misplaced,
        );
        // The blank is in the middle (cell 4): the tile above it (cell 1) slides down.
        let next = slid(&setup, 1).expect("cell 1 is beside the blank");
        assert_eq!(next.puzzle.start(), &[1, 0, 3, 8, 2, 4, 7, 6, 5]);
        assert_eq!(next.puzzle.goal(), &goal);
        assert_eq!(
            (next.algorithm, next.heuristic),
            (setup.algorithm, setup.heuristic)
        );
        assert!(
            slid(&setup, 0).is_none(),
            "a corner is not beside the middle"
        );
    }
}
