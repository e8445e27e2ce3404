//! "A state is a peg per disk": a small tower the reader rearranges, with its base-3 code (the engine's own packing
//! of the position, `Hanoi::start`) shown and said as it changes.

use super::figures::STATE;
use super::text::{t, Line};
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill, fill_html, use_lang, Lang};
use crate::page::lessons::figure::{hanoi_setup, num, start_of, tower, LessonFigure};
use crate::page::state::{Action, PuzzleId};
use solver::hanoi::{peg_letter, Hanoi};
use solver::{Algorithm, HeuristicName, Puzzle};
use yew::prelude::*;

const PEGS: u8 = 3;
const DISKS: u8 = 3;

#[component]
pub fn StateSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[STATE]);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                let setup = hanoi_setup(
                    PEGS,
                    &tower(DISKS, 0),
                    &tower(DISKS, 2),
                    Algorithm::Bfs,
                    HeuristicName::Misplaced,
                );
                d.emit(Action::AddFigure(STATE, Box::new(setup)));
            }
        });
    }
    let position = store.as_ref().and_then(|s| start_of(&s.state, STATE));
    let code = position.as_deref().and_then(code_of);
    let digits = position.as_deref().map(digits).unwrap_or_default();
    let caption = match &position {
        Some(p) => html! {
            <>
                { fill_html(t(lang, Line::StateCode), vec![num("state-code", code), html! {
                    <span class="lesson-digits" data-testid="state-digits">{ digits }</span>
                }]) }
                { " " }{ where_disks_are(lang, p) }
            </>
        },
        None => Html::default(),
    };
    html! {
        <>
            <p>{ t(lang, Line::StateText) }</p>
            <LessonFigure lab={STATE} {caption}>
                <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(STATE)} /></div>
                <p class="lesson-hint">{ t(lang, Line::StateTry) }</p>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::StateArticle) }</p>
        </>
    }
}

/// The engine's code of a position (its rank: the base-`PEGS` number with disk 0 as the lowest digit).
fn code_of(position: &[u8]) -> Option<u64> {
    let goal = tower(position.len() as u8, 0);
    Hanoi::new(PEGS, position.len() as u8, position, &goal)
        .ok()
        .map(|h| h.start())
}

/// The code's base-3 digits as written, the largest disk first.
fn digits(position: &[u8]) -> String {
    position.iter().rev().map(|p| p.to_string()).collect()
}

/// "disk 0 on peg A, disk 1 on peg C, ..." in `lang`.
fn where_disks_are(lang: Lang, position: &[u8]) -> String {
    let sep = match lang {
        Lang::En => ", ",
        Lang::Zh => "，",
    };
    let parts: Vec<String> = position
        .iter()
        .enumerate()
        .map(|(d, &p)| fill(t(lang, Line::StateDisk), &[&d, &peg_letter(p)]))
        .collect();
    let end = match lang {
        Lang::En => ".",
        Lang::Zh => "。",
    };
    // A sentence of its own: in English its first word takes a capital.
    let mut sentence = parts.join(sep);
    if let Some(first) = sentence.get(..1) {
        sentence = first.to_uppercase() + &sentence[1..];
    }
    format!("{sentence}{end}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_is_the_engines_rank_and_its_digits_read_largest_first() {
        assert_eq!(code_of(&[0, 0, 0]), Some(0));
        assert_eq!(code_of(&[2, 2, 2]), Some(26));
        assert_eq!(code_of(&[1, 0, 2]), Some(1 + 2 * 9));
        assert_eq!(digits(&[1, 0, 2]), "201");
        assert_eq!(
            where_disks_are(Lang::En, &[1, 0]),
            "Disk 0 on peg B, disk 1 on peg A."
        );
    }
}
