//! IDA*'s iterations above its tree: one button per iteration, with its threshold, that goes to the iteration's
//! first expansion. The tree draws one iteration at a time, the one the stepper is in.

use crate::page::i18n::{fill, Lang, Tree};
use crate::page::state::stepping::StepAction;
use solver::search::trace::Iteration;
use yew::prelude::*;

/// The iteration buttons, `shown` pressed; `None` for a search without iterations.
pub fn iteration_buttons(
    lang: Lang,
    iterations: &[Iteration],
    shown: u32,
    on_step: &Callback<StepAction>,
) -> Option<Html> {
    (!iterations.is_empty()).then(|| {
        html! {
            <div class="tree-iterations" role="group" aria-label={lang.t(Tree::Iterations)}>
                <span class="muted">{ lang.t(Tree::Iterations) }</span>
                { for iterations.iter().enumerate().map(|(k, it)| {
                    // Its first expansion shown.
                    let first = it.first_step as usize + 1;
                    let go = on_step.reform(move |_: MouseEvent| StepAction::Go(Some(first)));
                    let pressed = k as u32 == shown;
                    html! {
                        <button type="button" class={classes!("tree-iteration", pressed.then_some("shown"))}
                            data-testid="tree-iteration" data-threshold={it.threshold.to_string()}
                            aria-pressed={pressed.to_string()} onclick={go}>
                            { fill(lang.t(Tree::Iteration), &[&(k + 1), &it.threshold]) }
                        </button>
                    }
                }) }
            </div>
        }
    })
}
