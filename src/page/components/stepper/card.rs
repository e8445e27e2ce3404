//! The stepper's card: the step buttons, where the search stands at the step (OPEN and CLOSED, IDA*'s iteration,
//! the state's costs), and the state the step expanded.

use super::current::current_figure;
use crate::page::components::learn::LearnLink;
use crate::page::i18n::{fill, use_lang, Lang, Stepper};
use solver::search::trace::{Iteration, Trace};
use solver::Algorithm;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StepperCardProps {
    /// The lesson section that explains this panel.
    #[prop_or_default]
    pub learn: Option<AttrValue>,
    /// A trace the stepper can show (its record fits the puzzle).
    pub trace: Rc<Trace>,
    /// The cursor: `None` for the whole search, `Some(n)` for the first n expansions.
    pub step: Option<usize>,
    /// The algorithm the person chose.
    pub algorithm: Option<Algorithm>,
    pub disks: u8,
    /// The board's width for a sliding puzzle; 0 for a Tower of Hanoi.
    pub width: u8,
    pub on_go: Callback<Option<usize>>,
}

/// The step controls and what the step shows.
#[component]
pub fn StepperCard(props: &StepperCardProps) -> Html {
    let lang = use_lang();
    let (trace, step) = (&*props.trace, props.step);
    let sliding = props.width > 0;
    let total = trace.expanded.len();
    let at = step.unwrap_or(total).min(total);
    let open = at
        .checked_sub(1)
        .and_then(|i| trace.open_after.get(i))
        .copied()
        .unwrap_or(1);
    let at_goal = at == total && !trace.path.is_empty();
    let closed = trace.closed_at(at);
    let shows = trace.algorithm;
    let stand_in = stand_in(props.algorithm, shows);
    let iteration = iteration_at(&trace.iterations, at);
    // The current state's depth and the heuristic's estimate, where the record has them.
    let numbers = at.checked_sub(1).and_then(|i| trace.steps.get(i));
    let g = numbers.map(|n| n.g);
    let h = numbers.and_then(|n| n.h);
    html! {
        <div class="card stepper" data-testid="stepper" data-step={at.to_string()} data-total={total.to_string()}
            data-open={open.to_string()} data-closed={closed.to_string()}
            data-algorithm={shows.map(|a| a.name())}
            data-iteration={iteration.map(|(k, _, _)| k.to_string())}
            data-threshold={iteration.map(|(_, _, t)| t.to_string())}
            data-g={g.map(|g| g.to_string())} data-h={h.map(|h| h.to_string())}>
            <h3>{ lang.t(Stepper::Title) }</h3>
            <p class="muted">
                { lang.t(Stepper::Intro) }{ " " }<LearnLink href={props.learn.clone()} />
                if let Some(a) = shows {
                    { " " }
                    <span data-testid="stepper-shows">{ fill(lang.t(Stepper::Shows), &[&lang.algorithm(a)]) }</span>
                }
            </p>
            if let Some(key) = stand_in {
                <p class="muted" data-testid="stepper-stand-in">{ lang.t(key) }</p>
            }
            { step_buttons(lang, step, at, total, &props.on_go) }
            <p class="stepper-status" aria-live="polite">
                { fill(lang.t(Stepper::Status), &[&at, &total, &open, &closed]) }
            </p>
            if let Some((k, n, threshold)) = iteration {
                <p class="stepper-iteration" data-testid="stepper-iteration">
                    { fill(lang.t(Stepper::Iteration), &[&k, &n, &threshold]) }
                </p>
            }
            if let Some(costs) = costs(lang, g, h) {
                <p class="muted" data-testid="stepper-costs">{ costs }</p>
            }
            <div class="stepper-growth" aria-hidden="true">
                <span class="grow open" style={format!("width: {:.1}%", share(open as usize, trace, sliding))} />
                <span class="grow closed" style={format!("width: {:.1}%", share(closed, trace, sliding))} />
            </div>
            if trace.truncated {
                <p class="muted" data-testid="stepper-truncated">{ fill(lang.t(Stepper::Truncated), &[&total]) }</p>
            }
            { current_figure(trace, at, sliding, props.width, props.disks, lang) }
            if at_goal {
                <p class="muted">{ lang.t(Stepper::Goal) }</p>
            }
        </div>
    }
}

/// The five step buttons: to the start, back, forward, to the last step, and the whole search. `step` is the cursor,
/// `at` the expansions it shows out of `total`.
fn step_buttons(
    lang: Lang,
    step: Option<usize>,
    at: usize,
    total: usize,
    on_go: &Callback<Option<usize>>,
) -> Html {
    let go = |to: Option<usize>| on_go.reform(move |_: MouseEvent| to);
    html! {
        <div class="stepper-buttons" role="group" aria-label={lang.t(Stepper::Title)}>
            <button type="button" data-testid="stepper-first" onclick={go(Some(0))} disabled={at == 0 && step.is_some()}>
                { lang.t(Stepper::First) }
            </button>
            <button type="button" data-testid="stepper-back" onclick={go(Some(at.saturating_sub(1)))} disabled={at == 0}>
                { lang.t(Stepper::Back) }
            </button>
            <button type="button" class="primary" data-testid="stepper-forward" onclick={go(Some((at + 1).min(total)))}
                disabled={at >= total}>
                { lang.t(Stepper::Forward) }
            </button>
            <button type="button" data-testid="stepper-last" onclick={go(Some(total))}
                disabled={step.is_some_and(|s| s >= total)}>
                { lang.t(Stepper::Last) }
            </button>
            <button type="button" data-testid="stepper-whole" onclick={go(None)} disabled={step.is_none()}>
                { lang.t(Stepper::Whole) }
            </button>
        </div>
    }
}

/// Why the trace follows another search than the chosen one: the direct solver, which does not search, is shown by
/// the search its trace records.
fn stand_in(chosen: Option<Algorithm>, shown: Option<Algorithm>) -> Option<Stepper> {
    match (chosen, shown) {
        (Some(Algorithm::Direct), Some(shown)) if shown != Algorithm::Direct => {
            Some(Stepper::DirectAsBfs)
        }
        _ => None,
    }
}

/// The current state's depth `g` and estimate `h` in words, where the record has them.
fn costs(lang: Lang, g: Option<u32>, h: Option<u32>) -> Option<String> {
    match (g, h) {
        (Some(g), Some(h)) => Some(fill(lang.t(Stepper::Costs), &[&g, &h])),
        (Some(g), None) => Some(fill(lang.t(Stepper::Depth), &[&g])),
        _ => None,
    }
}

/// The IDA* iteration that step `at` (expansions shown so far; 0 before the first) belongs to: its number from 1,
/// how many there are, and its threshold. `None` for the other searches, whose records have no iterations.
fn iteration_at(iterations: &[Iteration], at: usize) -> Option<(usize, usize, u32)> {
    let step = at.saturating_sub(1);
    let k = iterations
        .iter()
        .rposition(|it| it.first_step as usize <= step)?;
    Some((k + 1, iterations.len(), iterations[k].threshold))
}

/// `n` as a percentage of the space (Hanoi), or of the states the whole recorded search touched (sliding, whose
/// space is too large for the bars to show anything).
fn share(n: usize, trace: &Trace, sliding: bool) -> f64 {
    let whole = if sliding {
        trace.expanded.len() + trace.open_after.iter().copied().max().unwrap_or(1) as usize
    } else {
        trace.rank_count as usize
    };
    (n as f64 / whole.max(1) as f64 * 100.0).min(100.0)
}
#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_step_belongs_to_its_ida_star_iteration() {
        let iterations = [
            Iteration {
                threshold: 3,
                first_step: 0,
            },
            Iteration {
                threshold: 4,
                first_step: 2,
            },
            Iteration {
                threshold: 5,
                first_step: 9,
            },
        ];
        assert_eq!(
            iteration_at(&iterations, 0),
            Some((1, 3, 3)),
            "before the first step"
        );
        assert_eq!(
            iteration_at(&iterations, 2),
            Some((1, 3, 3)),
            "steps 0 and 1"
        );
        assert_eq!(
            iteration_at(&iterations, 3),
            Some((2, 3, 4)),
            "step 2 starts the second"
        );
        assert_eq!(iteration_at(&iterations, 9), Some((2, 3, 4)));
        assert_eq!(iteration_at(&iterations, 10), Some((3, 3, 5)));
        assert_eq!(iteration_at(&[], 5), None, "not IDA*");
    }
}
