//! What the sections with a board of the reader's share: the board itself (slide a tile by a click, a drag or Enter,
//! or shuffle), the hook that places the section's other figures on the board shown whenever it changes, and a
//! figure's report that counts only while it belongs to the board shown (a fast reader never reads the numbers of
//! an earlier board beside a later one).

use super::common::{played, shape};
use super::text::{t, Line};
use crate::browser::fresh_seed;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::use_lang;
use crate::page::lessons::figure::{place, setup_of, solved, start_of};
use crate::page::state::setup::Setup;
use crate::page::state::{PuzzleId, State};
use solver::query::PuzzleSpec;
use solver::sliding::shuffle_solvable;
use solver::Report;
use std::rc::Rc;
use yew::prelude::*;

/// `setup` with its start replaced by `start` (same size, goal and choices).
pub fn with_start(setup: &Setup, start: &[u8]) -> Setup {
    let mut next = setup.clone();
    if let PuzzleSpec::Sliding {
        width,
        height,
        goal,
        ..
    } = &setup.puzzle
    {
        next.puzzle = PuzzleSpec::Sliding {
            width: *width,
            height: *height,
            start: start.to_vec(),
            goal: goal.clone(),
        };
    }
    next
}

/// Figure `number`'s report, if its search has ended with a solution for the board `shown`.
pub fn report_for(state: &State, number: u32, shown: Option<&[u8]>) -> Option<Rc<Report>> {
    let start = start_of(state, number)?;
    (Some(start.as_slice()) == shown)
        .then(|| solved(state, number))
        .flatten()
}

/// A figure that follows a board: its number, and its set-up on a start.
pub type Follower = (u32, fn(&[u8]) -> Setup);

/// Places each of `followers` (a figure and how to set it up on a start) on figure `leader`'s board whenever that
/// board changes; returns the board shown.
#[hook]
pub fn use_followers(leader: u32, followers: Vec<Follower>) -> Option<Vec<u8>> {
    let store = use_figures(&[leader]);
    let shown = store.as_ref().and_then(|s| start_of(&s.state, leader));
    use_effect_with(shown.clone(), move |shown| {
        if let (Some(s), Some(start)) = (store, shown) {
            for (number, setup) in followers {
                place(&s.dispatch, number, setup(start));
            }
        }
    });
    shown
}

#[derive(Properties, PartialEq)]
pub struct DrivenBoardProps {
    /// The figure that holds the board.
    pub number: u32,
    /// The section's name, for the shuffle button's test id (`{name}-shuffle`).
    pub name: AttrValue,
    /// Further controls, beside Shuffle.
    #[prop_or_default]
    pub children: Html,
}

/// A 3x3 board the reader drives: a tile beside the blank slides (a click, a drag, or Enter), and Shuffle deals
/// a new solvable board; either places the figure again, and the section's numbers rerun.
#[component]
pub fn DrivenBoard(props: &DrivenBoardProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[props.number]);
    let Some(store) = store else {
        return Html::default();
    };
    let number = props.number;
    let on_shuffle = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            let three = shape(3, 3);
            let setup = setup_of(&store.state, number).cloned();
            let start = shuffle_solvable(three, &three.default_goal(), fresh_seed());
            if let (Some(setup), Ok(start)) = (setup, start) {
                place(&store.dispatch, number, with_start(&setup, &start));
            }
        })
    };
    let played = played(&store, number);
    html! {
        <>
            <div class="lesson-controls">
                <button type="button" data-testid={format!("{}-shuffle", props.name)} onclick={on_shuffle}>
                    { t(lang, Line::HeurShuffle) }</button>
                { props.children.clone() }
            </div>
            <div class="view lesson-view lesson-small-board">
                <PuzzleBoard id={PuzzleId::Figure(number)} {played} />
            </div>
            <p class="lesson-hint">{ t(lang, Line::DriveHint) }</p>
        </>
    }
}
