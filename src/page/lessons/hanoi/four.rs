//! "Four pegs and Frame–Stewart": the solver's direct method on three and on four pegs, and a BFS over every
//! four-peg state that finds the same count, for the number of disks the reader picks.

use super::figures::{FS_BFS, FS_FOUR, FS_THREE};
use super::text::{t, Line};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{
    expanded_and_length, hanoi_setup, num, place, setup_of, tower, use_auto_solve, LessonFigure,
};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::{Algorithm, HeuristicName};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The disk counts offered: a BFS over 4^8 states still answers at once.
const DISK_CHOICES: [u8; 6] = [3, 4, 5, 6, 7, 8];

/// The direct method on four pegs, on three, and BFS on four: each a whole tower moved from the first peg to the
/// last.
fn setups(disks: u8) -> [(u32, Setup); 3] {
    let direct = |pegs: u8| {
        let (start, goal) = (tower(disks, 0), tower(disks, pegs - 1));
        hanoi_setup(
            pegs,
            &start,
            &goal,
            Algorithm::Direct,
            HeuristicName::Misplaced,
        )
    };
    let bfs = hanoi_setup(
        4,
        &tower(disks, 0),
        &tower(disks, 3),
        Algorithm::Bfs,
        HeuristicName::Misplaced,
    );
    [(FS_FOUR, direct(4)), (FS_THREE, direct(3)), (FS_BFS, bfs)]
}

#[component]
pub fn FourPegsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[FS_BFS, FS_FOUR, FS_THREE]);
    let disks = use_state(|| 6u8);
    {
        let store = store.clone();
        use_effect_with(*disks, move |&disks| {
            if let Some(s) = store {
                for (number, setup) in setups(disks) {
                    place(&s.dispatch, number, setup);
                }
            }
        });
    }
    use_auto_solve(FS_FOUR);
    use_auto_solve(FS_THREE);
    use_auto_solve(FS_BFS);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let shown_disks = match setup_of(state, FS_FOUR).map(|s| &s.puzzle) {
        Some(solver::query::PuzzleSpec::Hanoi { disks, .. }) => Some(u64::from(*disks)),
        _ => None,
    };
    let states = setup_of(state, FS_BFS).map(|s| s.state_space() as u64);
    let caption = fill_html(
        t(lang, Line::FourResult),
        vec![
            num("disks", shown_disks),
            num("three-pegs", expanded_and_length(state, FS_THREE).1),
            num("four-pegs", expanded_and_length(state, FS_FOUR).1),
            num("four-peg-states", states),
            num("bfs-length", expanded_and_length(state, FS_BFS).1),
        ],
    );
    let on_disks = {
        let disks = disks.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(d) = select.value().parse() {
                disks.set(d);
            }
        })
    };
    html! {
        <>
            <p>{ t(lang, Line::FourText) }</p>
            <LessonFigure lab={FS_FOUR} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::FourDisks) }{ " " }
                        <select data-testid="four-disks" onchange={on_disks}>
                            { for DISK_CHOICES.iter().map(|&d| html! {
                                <option value={d.to_string()} selected={d == *disks}>{ d }</option>
                            }) }
                        </select>
                    </label>
                </div>
                <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(FS_FOUR)} /></div>
                <PuzzlePlayback id={PuzzleId::Figure(FS_FOUR)} />
            </LessonFigure>
            <p>{ t(lang, Line::FourProof) }</p>
        </>
    }
}
