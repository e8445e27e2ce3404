//! Choosing how to solve: algorithm and heuristic (option values are the CLI names), DFS's depth bound, warnings
//! before the run, and the Solve and Cancel buttons.

use crate::format;
use crate::page::i18n::{use_lang, Controls, Text};
use crate::page::state::setup::{algorithms_for, SetupAction, MAX_DFS_DEPTH, STATE_BUDGETS};
use crate::page::state::{PuzzleAction, SolveAction};
use solver::query::PuzzleKind;
use solver::{Algorithm, HeuristicName};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SolveControlsProps {
    pub kind: PuzzleKind,
    pub algorithm: Algorithm,
    pub heuristic: HeuristicName,
    /// The heuristics this puzzle offers.
    pub heuristics: Vec<HeuristicName>,
    pub dfs_depth: u32,
    pub max_states: u64,
    /// Warnings about this choice on this puzzle.
    pub hints: Vec<Text>,
    pub solving: bool,
    /// The actions of the puzzle instance these controls set up and solve.
    pub dispatch: Callback<PuzzleAction>,
}

#[component]
pub fn SolveControls(props: &SolveControlsProps) -> Html {
    let lang = use_lang();
    let d = props.dispatch.clone();
    let on_algorithm = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(a) = Algorithm::from_name(&select.value()) {
                d.emit(PuzzleAction::Setup(SetupAction::SetAlgorithm(a)));
            }
        })
    };
    let on_heuristic = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(h) = HeuristicName::from_name(&select.value()) {
                d.emit(PuzzleAction::Setup(SetupAction::SetHeuristic(h)));
            }
        })
    };
    let on_depth = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(depth) = input.value().trim().parse::<u32>() {
                d.emit(PuzzleAction::Setup(SetupAction::SetDfsDepth(depth)));
            }
        })
    };
    let on_budget = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Ok(budget) = select.value().parse::<u64>() {
                d.emit(PuzzleAction::Setup(SetupAction::SetMaxStates(budget)));
            }
        })
    };
    let on_solve = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(PuzzleAction::Solve(SolveAction::Solve)))
    };
    let on_cancel = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(PuzzleAction::Solve(SolveAction::Cancel)))
    };
    let uses_heuristic = props.algorithm.uses_heuristic();
    html! {
        <section class="card solve" aria-label={lang.t(Controls::Solver)}>
            <h2>{ lang.t(Controls::Solver) }</h2>
            <div class="row">
                <label class="field grow">
                    <span>{ lang.t(Controls::Algorithm) }</span>
                    <select data-testid="algorithm" name="algorithm" onchange={on_algorithm}>
                        { for algorithms_for(props.kind).into_iter().map(|a| html! {
                            <option value={a.name()} selected={a == props.algorithm}>
                                { lang.algorithm(a) }{ algorithm_note(a).map(|m| lang.t(m)).unwrap_or_default() }
                            </option>
                        }) }
                    </select>
                </label>
                <label class={classes!("field", "grow", (!uses_heuristic).then_some("inactive"))}
                    title={if uses_heuristic { "" } else { lang.t(Controls::NoHeuristicTitle) }}>
                    <span>{ lang.t(Controls::Heuristic) }</span>
                    <select data-testid="heuristic" name="heuristic" onchange={on_heuristic}>
                        { for props.heuristics.iter().copied()
                            .map(|h| html! {
                            <option value={h.name()} selected={h == props.heuristic}>{ lang.heuristic(h) }</option>
                        }) }
                    </select>
                </label>
                <label class="field" title={lang.t(Controls::StateBudgetTitle)}>
                    <span>{ lang.t(Controls::StateBudget) }</span>
                    <select data-testid="max-states" onchange={on_budget}>
                        { for STATE_BUDGETS.iter().map(|&b| html! {
                            <option value={b.to_string()} selected={b == props.max_states}>{ format::count(b) }</option>
                        }) }
                    </select>
                </label>
                if props.algorithm == Algorithm::Dfs {
                    <label class="field narrow">
                        <span>{ lang.t(Controls::DepthBound) }</span>
                        <input type="number" data-testid="dfs-depth" min="1" max={MAX_DFS_DEPTH.to_string()}
                            value={props.dfs_depth.to_string()} onchange={on_depth} />
                    </label>
                }
            </div>
            if !props.hints.is_empty() {
                <ul class="algo-notes">
                    { for props.hints.iter().map(|h| html! {
                        <li class="algo-note" data-testid="algo-note">{ h.render(lang) }</li>
                    }) }
                </ul>
            }
            <div class="row actions">
                <button type="button" class="primary big" data-testid="solve" disabled={props.solving}
                    onclick={on_solve}>{ lang.t(if props.solving { Controls::SolvingButton } else { Controls::Solve }) }</button>
                <button type="button" class="big" data-testid="cancel" disabled={!props.solving}
                    onclick={on_cancel}>{ lang.t(Controls::Cancel) }</button>
            </div>
        </section>
    }
}

/// The words after the algorithm's name in the menu.
fn algorithm_note(a: Algorithm) -> Option<Controls> {
    match a {
        Algorithm::Direct => Some(Controls::NoteNoSearch),
        Algorithm::Weighted | Algorithm::Staged => Some(Controls::NoteBounded),
        _ if a.guarantees_optimal() => None,
        _ => Some(Controls::NoteNotOptimal),
    }
}
