//! The step-through view of a traced search: expand one state at a time, see OPEN and CLOSED grow and the current
//! position drawn (Tower of Hanoi: its pegs, with the Sierpinski triangle coloured up to the current step; sliding
//! puzzles up to 3x3: the board of the expanded state).
//!
//! The trace is the real engine's run, recorded by its observer in the worker: the steps are the statistics'
//! expansions, in the engine's order (IDA* with its iterations and their thresholds). The step is a view cursor over
//! that finished record (nothing is searched here), shared with the search tree (`state::stepping`), so the two
//! move together; a new trace resets it.

use crate::page::components::sierpinski::Sierpinski;
use crate::page::i18n::{fill, use_lang, Msg};
use solver::hanoi::peg_letter;
use solver::search::trace::{Iteration, Trace};
use solver::Algorithm;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchStepperProps {
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
}

/// The Sierpinski view, with the step controls once a trace is there.
#[component]
pub fn SearchStepper(props: &SearchStepperProps) -> Html {
    let lang = use_lang();
    // `None`: the whole search; `Some(n)`: the first n expansions.
    let step = props.at;
    let sliding = props.width > 0;
    let trace = props.trace.as_ref().filter(|t| {
        if sliding {
            t.boards.len() == t.expanded.len()
        } else {
            t.rank_count == 3u64.pow(u32::from(props.disks))
        }
    });
    // The state the stepper is on, for whoever listens (the truth panel measures it).
    let current_position = trace.and_then(|t| {
        let i = step
            .unwrap_or(t.expanded.len())
            .min(t.expanded.len())
            .checked_sub(1)?;
        if sliding {
            t.boards.get(i).cloned()
        } else {
            let rank = *t.expanded.get(i)?;
            Some(
                (0..props.disks)
                    .map(|d| ((rank / 3u64.pow(u32::from(d))) % 3) as u8)
                    .collect(),
            )
        }
    });
    {
        let on_current = props.on_current.clone();
        use_effect_with(current_position, move |at| on_current.emit(at.clone()));
    }
    let controls = trace.map(|trace| {
        let total = trace.expanded.len();
        let at = step.unwrap_or(total).min(total);
        let go = |to: Option<usize>| props.on_go.reform(move |_: MouseEvent| to);
        let open = at
            .checked_sub(1)
            .and_then(|i| trace.open_after.get(i))
            .copied()
            .unwrap_or(1);
        let current = at.checked_sub(1).and_then(|i| trace.expanded.get(i)).copied();
        let at_goal = at == total && !trace.path.is_empty();
        let closed = trace.closed_at(at);
        let shows = trace.algorithm;
        // Why the trace follows another search than the chosen one.
        let stand_in = match (props.algorithm, shows) {
            (Some(Algorithm::Direct), Some(shown)) if shown != Algorithm::Direct => {
                Some(Msg::StepDirectAsBfs)
            }
            _ => None,
        };
        // IDA*: the iteration the current step belongs to (its number from 1, how many, its threshold).
        let iteration = iteration_at(&trace.iterations, at);
        // The current state's depth and the heuristic's estimate, where the record has them.
        let at_step = at.checked_sub(1);
        let numbers = at_step.and_then(|i| trace.steps.get(i));
        let g = numbers.map(|n| n.g);
        let h = numbers.and_then(|n| n.h);
        let costs = match (g, h) {
            (Some(g), Some(h)) => Some(fill(lang.t(Msg::StepCosts), &[&g, &h])),
            (Some(g), None) => Some(fill(lang.t(Msg::StepDepth), &[&g])),
            _ => None,
        };
        html! {
            <div class="card stepper" data-testid="stepper" data-step={at.to_string()} data-total={total.to_string()}
                data-open={open.to_string()} data-closed={closed.to_string()}
                data-algorithm={shows.map(|a| a.name())}
                data-iteration={iteration.map(|(k, _, _)| k.to_string())}
                data-threshold={iteration.map(|(_, _, t)| t.to_string())}
                data-g={g.map(|g| g.to_string())} data-h={h.map(|h| h.to_string())}>
                <h3>{ lang.t(Msg::StepperTitle) }</h3>
                <p class="muted">
                    { lang.t(Msg::StepperIntro) }
                    if let Some(a) = shows {
                        { " " }
                        <span data-testid="stepper-shows">{ fill(lang.t(Msg::StepShows), &[&lang.algorithm(a)]) }</span>
                    }
                </p>
                if let Some(key) = stand_in {
                    <p class="muted" data-testid="stepper-stand-in">{ lang.t(key) }</p>
                }
                <div class="stepper-buttons" role="group" aria-label={lang.t(Msg::StepperTitle)}>
                    <button type="button" data-testid="stepper-first" onclick={go(Some(0))} disabled={at == 0 && step.is_some()}>
                        { lang.t(Msg::StepFirst) }
                    </button>
                    <button type="button" data-testid="stepper-back" onclick={go(Some(at.saturating_sub(1)))} disabled={at == 0}>
                        { lang.t(Msg::SearchStepBack) }
                    </button>
                    <button type="button" class="primary" data-testid="stepper-forward" onclick={go(Some((at + 1).min(total)))}
                        disabled={at >= total}>
                        { lang.t(Msg::SearchStepForward) }
                    </button>
                    <button type="button" data-testid="stepper-last" onclick={go(Some(total))}
                        disabled={step.is_some_and(|s| s >= total)}>
                        { lang.t(Msg::StepLast) }
                    </button>
                    <button type="button" data-testid="stepper-whole" onclick={go(None)} disabled={step.is_none()}>
                        { lang.t(Msg::StepWhole) }
                    </button>
                </div>
                <p class="stepper-status" aria-live="polite">
                    { fill(lang.t(Msg::StepStatus), &[&at, &total, &open, &closed]) }
                </p>
                if let Some((k, n, threshold)) = iteration {
                    <p class="stepper-iteration" data-testid="stepper-iteration">
                        { fill(lang.t(Msg::StepIteration), &[&k, &n, &threshold]) }
                    </p>
                }
                if let Some(costs) = costs {
                    <p class="muted" data-testid="stepper-costs">{ costs }</p>
                }
                <div class="stepper-growth" aria-hidden="true">
                    <span class="grow open" style={format!("width: {:.1}%", share(open as usize, trace, sliding))} />
                    <span class="grow closed" style={format!("width: {:.1}%", share(closed, trace, sliding))} />
                </div>
                if trace.truncated {
                    <p class="muted" data-testid="stepper-truncated">{ fill(lang.t(Msg::StepTruncated), &[&total]) }</p>
                }
                if sliding {
                    { for current.zip(at.checked_sub(1).and_then(|i| trace.boards.get(i))).map(|(rank, tiles)| {
                        board(props.width, rank, tiles, lang)
                    }) }
                } else {
                { for current.map(|rank| {
                    let pegs: Vec<u8> = (0..props.disks)
                        .map(|d| ((rank / 3u64.pow(u32::from(d))) % 3) as u8)
                        .collect();
                    let words: String = pegs.iter().map(|&p| peg_letter(p)).collect();
                    html! {
                        <figure class="stepper-current" data-testid="stepper-current" data-state={rank.to_string()}>
                            { tower(props.disks, &pegs) }
                            <figcaption>{ fill(lang.t(Msg::StepCurrent), &[&rank, &words]) }</figcaption>
                        </figure>
                    }
                }) }
                }
                if at_goal {
                    <p class="muted">{ lang.t(Msg::StepGoal) }</p>
                }
            </div>
        }
    });
    html! {
        // A sliding puzzle has no Sierpinski view beside the steps: they take the whole row.
        <div class={classes!("search-view", sliding.then_some("steps-only"))}>
            if !sliding {
                <Sierpinski disks={props.disks} trace={props.trace.clone()} upto={step} />
            }
            { for controls }
        </div>
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

/// A small read-only drawing of a sliding board `width` cells wide (`tiles[i]` is the tile in cell i, 0 the blank).
fn board(width: u8, rank: u64, tiles: &[u8], lang: crate::page::i18n::Lang) -> Html {
    let words = tiles
        .iter()
        .map(|tile| tile.to_string())
        .collect::<Vec<_>>()
        .join(",");
    html! {
        <figure class="stepper-current" data-testid="stepper-current" data-state={rank.to_string()}>
            <div class="stepper-board" data-testid="stepper-board" data-tiles={words.clone()} role="img"
                aria-label={words} style={format!("grid-template-columns: repeat({width}, 1.8em)")}>
                { for tiles.iter().map(|&tile| if tile == 0 {
                    html! { <span class="stepper-cell blank" /> }
                } else {
                    html! { <span class="stepper-cell">{ tile }</span> }
                }) }
            </div>
            <figcaption>{ fill(lang.t(Msg::StepBoard), &[&rank]) }</figcaption>
        </figure>
    }
}

/// A small drawing of 3 pegs with the disks where `pegs` puts them (disk 0 the smallest).
fn tower(disks: u8, pegs: &[u8]) -> Html {
    const W: f64 = 240.0;
    const H: f64 = 90.0;
    let disk_h = ((H - 16.0) / f64::from(disks.max(1))).min(12.0);
    let peg_x = |p: u8| W / 6.0 * (2.0 * f64::from(p) + 1.0);
    let mut rects = Vec::new();
    for peg in 0..3u8 {
        // Largest first: it sits at the bottom.
        let mut level = 0.0;
        for disk in (0..disks)
            .rev()
            .filter(|&d| pegs.get(usize::from(d)) == Some(&peg))
        {
            let w = 14.0 + (W / 3.0 - 20.0) * f64::from(disk + 1) / f64::from(disks.max(1));
            let y = H - 6.0 - (level + 1.0) * disk_h;
            rects.push(html! {
                <rect x={format!("{:.1}", peg_x(peg) - w / 2.0)} y={format!("{y:.1}")} width={format!("{w:.1}")}
                    height={format!("{:.1}", disk_h - 1.0)} rx="2" class={format!("disk disk-{disk}")} />
            });
            level += 1.0;
        }
    }
    html! {
        <svg viewBox={format!("0 0 {W} {H}")} class="stepper-pegs" aria-hidden="true">
            { for (0..3u8).map(|p| html! {
                <line x1={format!("{:.1}", peg_x(p))} x2={format!("{:.1}", peg_x(p))} y1="6" y2={(H - 6.0).to_string()} class="peg" />
            }) }
            <line x1="4" x2={(W - 4.0).to_string()} y1={(H - 6.0).to_string()} y2={(H - 6.0).to_string()} class="base" />
            { for rects }
        </svg>
    }
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
