//! The live badge: whether the start can reach the goal and, if not, why in a few words.

use solver::sliding::Unsolvable;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolvabilityProps {
    pub verdict: Result<(), Unsolvable>,
}

#[component]
pub fn Solvability(props: &SolvabilityProps) -> Html {
    match &props.verdict {
        Ok(()) => html! {
            <span class="badge ok" data-testid="solvability" data-solvable="true">{ "✓ solvable" }</span>
        },
        Err(why) => {
            let tiles = if why.odd_permutation { "odd" } else { "even" };
            let blank = if why.blank_distance % 2 == 1 {
                "odd"
            } else {
                "even"
            };
            html! {
                <span class="badge bad" data-testid="solvability" data-solvable="false" title={why.to_string()}>
                    { format!("✗ unsolvable: {tiles} tile permutation, but the blank is an {blank} distance from its goal cell") }
                </span>
            }
        }
    }
}
