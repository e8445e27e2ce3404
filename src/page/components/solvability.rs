//! The live badge: whether the start can reach the goal and, if not, why in a few words.

use crate::page::i18n::{use_lang, Solver, Text};
use solver::sliding::Unsolvable;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolvabilityProps {
    pub verdict: Result<(), Unsolvable>,
}

#[component]
pub fn Solvability(props: &SolvabilityProps) -> Html {
    let lang = use_lang();
    match &props.verdict {
        Ok(()) => html! {
            <span class="badge ok" data-testid="solvability" data-solvable="true">{ lang.t(Solver::Solvable) }</span>
        },
        Err(why) => {
            let parity = |odd: bool| lang.t(if odd { Solver::Odd } else { Solver::Even });
            let tiles = parity(why.odd_permutation);
            let blank = parity(why.blank_distance % 2 == 1);
            html! {
                <span class="badge bad" data-testid="solvability" data-solvable="false" title={Text::unsolvable(why).render(lang)}>
                    { lang.fill(Solver::UnsolvableWhy, &[&tiles, &blank]) }
                </span>
            }
        }
    }
}
