//! The step-through view of a traced search: expand one state at a time, see OPEN and CLOSED grow and the current
//! position drawn (Tower of Hanoi: its pegs, with the Sierpinski triangle coloured up to the current step; sliding
//! puzzles up to 3x3: the board of the expanded state).
//!
//! The trace is the real engine's run, recorded by its observer in the worker: the steps are the statistics'
//! expansions, in the engine's order (IDA* with its iterations and their thresholds). The step is a view cursor over
//! that finished record (nothing is searched here), shared with the search tree (`state::stepping`), so the two
//! move together; a new trace resets it.
//!
//! Its parts: `card` draws the step controls and where the search stands, `current` the state the step is on.

mod card;
mod current;

use crate::page::components::sierpinski::Sierpinski;
use card::StepperCard;
use solver::search::trace::Trace;
use solver::Algorithm;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchStepperProps {
    /// The lesson section that explains this panel.
    #[prop_or_default]
    pub learn: Option<AttrValue>,
    /// The number of disks (Tower of Hanoi on 3 pegs); ignored when `width` is set.
    pub disks: u8,
    /// The board's width for a sliding puzzle (0: a Tower of Hanoi); its trace carries the board of each step.
    #[prop_or_default]
    pub width: u8,
    pub trace: Option<Rc<Trace>>,
    /// The algorithm the person chose (the direct solver, which does not search, is shown by BFS; the view says so).
    #[prop_or_default]
    pub algorithm: Option<Algorithm>,
    /// Hears the state the stepper is on (tiles, or each disk's peg), `None` before its first step.
    #[prop_or_default]
    pub on_current: Callback<Option<Vec<u8>>>,
    /// The cursor: `None` for the whole search, `Some(n)` for the first n expansions.
    pub at: Option<usize>,
    /// Moves the cursor.
    pub on_go: Callback<Option<usize>>,
    /// The Sierpinski view's region name, where a page shows more than one.
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

/// The Sierpinski view, with the step controls once a trace is there.
#[component]
pub fn SearchStepper(props: &SearchStepperProps) -> Html {
    let sliding = props.width > 0;
    // Only a record that fits the puzzle shown: a board for each step (sliding), or the whole space of these disks.
    let trace = props.trace.as_ref().filter(|t| {
        if sliding {
            t.boards.len() == t.expanded.len()
        } else {
            t.rank_count == 3u64.pow(u32::from(props.disks))
        }
    });
    // The state the stepper is on, for whoever listens (the truth panel measures it).
    let current_state = trace.and_then(|t| {
        let at = props.at.unwrap_or(t.expanded.len()).min(t.expanded.len());
        current::state_at(t, at, sliding, props.disks)
    });
    {
        let on_current = props.on_current.clone();
        use_effect_with(current_state, move |state| on_current.emit(state.clone()));
    }
    html! {
        // A sliding puzzle has no Sierpinski view beside the steps: they take the whole row.
        <div class={classes!("search-view", sliding.then_some("steps-only"))}>
            if !sliding {
                <Sierpinski disks={props.disks} trace={props.trace.clone()} upto={props.at}
                    label={props.label.clone()} />
            }
            { for trace.map(|trace| html! {
                <StepperCard trace={trace.clone()} step={props.at} algorithm={props.algorithm} learn={props.learn.clone()}
                    disks={props.disks} width={props.width} on_go={props.on_go.clone()} />
            }) }
        </div>
    }
}
