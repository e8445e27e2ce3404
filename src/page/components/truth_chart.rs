//! The chart of the truth panel: along the solution, h* and each heuristic's h (solid) and f = g + h (dashed), with
//! the places a heuristic is above h* (circled) or changes by more than 1 in a move (thick segments) marked, and the
//! step the table shows. An `<svg>` with a stable `data-testid` (`truth-chart`), so it can be exported as it is.

use crate::page::i18n::{use_lang, Heuristics};
use solver::truth::Measured;
use std::rc::Rc;
use yew::prelude::*;

/// The chart's drawing box and margins, in its own units (it scales to the card's width).
const W: f64 = 480.0;
const H: f64 = 240.0;
const LEFT: f64 = 34.0;
const RIGHT: f64 = 8.0;
const TOP: f64 = 10.0;
const BOTTOM: f64 = 24.0;

#[derive(Properties, PartialEq)]
pub struct TruthChartProps {
    pub measured: Rc<Measured>,
    /// The step the table shows.
    pub step: usize,
    /// A click on a move's column picks its step.
    pub on_pick: Callback<usize>,
}

#[component]
pub fn TruthChart(props: &TruthChartProps) -> Html {
    let lang = use_lang();
    let m = &*props.measured;
    let moves = m.moves().max(1);
    let top = chart_top(m);
    let x = |i: usize| LEFT + (W - LEFT - RIGHT) * i as f64 / moves as f64;
    let y = |v: u32| TOP + (H - TOP - BOTTOM) * (1.0 - f64::from(v) / f64::from(top));
    let line = |points: &mut dyn Iterator<Item = (usize, u32)>| {
        points
            .map(|(i, v)| format!("{:.1},{:.1}", x(i), y(v)))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let truths = || {
        m.rows
            .iter()
            .enumerate()
            .filter_map(|(i, r)| r.truth.map(|t| (i, t)))
    };
    let series = m.heuristics.iter().enumerate().map(|(c, &h)| {
        let values = || m.rows.iter().enumerate().filter_map(move |(i, r)| r.values.get(c).map(|&v| (i, v)));
        let f = line(&mut values().map(|(i, v)| (i, v.saturating_add(i as u32))));
        let hs = line(&mut values());
        let overs = m.overestimates(h).into_iter().filter_map(|i| {
            let v = m.value(i, h)?;
            Some(html! {
                <circle class="mark over" data-testid="truth-over" data-heuristic={h.name()}
                    data-step={i.to_string()} cx={format!("{:.1}", x(i))} cy={format!("{:.1}", y(v))} r="4.5">
                    <title>{ format!("{} · {}", lang.heuristic(h), lang.t(Heuristics::LegendOver)) }</title>
                </circle>
            })
        });
        let jumps = m.jumps(h).into_iter().filter_map(|i| {
            let (a, b) = (m.value(i, h)?, m.value(i + 1, h)?);
            Some(html! {
                <line class="mark jump" data-testid="truth-jump" data-heuristic={h.name()} data-step={i.to_string()}
                    x1={format!("{:.1}", x(i))} y1={format!("{:.1}", y(a))}
                    x2={format!("{:.1}", x(i + 1))} y2={format!("{:.1}", y(b))}>
                    <title>{ format!("{} · {}", lang.heuristic(h), lang.t(Heuristics::LegendJump)) }</title>
                </line>
            })
        });
        html! {
            <g class={format!("series hc-{c}")} data-heuristic={h.name()}>
                <polyline class="f" points={f} />
                <polyline class="h" points={hs} />
                { for jumps }
                { for overs }
            </g>
        }
    });
    let ticks = y_ticks(top).into_iter().map(|v| {
        let at = format!("{:.1}", y(v));
        html! {
            <g class="tick">
                <line x1={LEFT.to_string()} x2={(W - RIGHT).to_string()} y1={at.clone()} y2={at.clone()} />
                <text x={(LEFT - 4.0).to_string()} y={at} text-anchor="end" dominant-baseline="middle">{ v }</text>
            </g>
        }
    });
    let x_labels = x_ticks(m.moves()).into_iter().map(|i| {
        html! {
            <text class="xlabel" x={format!("{:.1}", x(i))} y={(H - 8.0).to_string()} text-anchor="middle">{ i }</text>
        }
    });
    // Invisible columns: a click picks the step.
    let column_w = (W - LEFT - RIGHT) / moves as f64;
    let columns = (0..=m.moves()).map(|i| {
        let pick = props.on_pick.reform(move |_: MouseEvent| i);
        html! {
            <rect class="pick" x={format!("{:.1}", x(i) - column_w / 2.0)} y={TOP.to_string()}
                width={format!("{column_w:.1}")} height={(H - TOP - BOTTOM).to_string()} onclick={pick} />
        }
    });
    let cursor = format!("{:.1}", x(props.step.min(m.moves())));
    html! {
        <svg class="truth-chart" data-testid="truth-chart" viewBox={format!("0 0 {W} {H}")} role="img"
            aria-label={lang.t(Heuristics::ChartLabel)} xmlns="http://www.w3.org/2000/svg"
            data-moves={m.moves().to_string()}>
            <title>{ lang.t(Heuristics::ChartTitle) }</title>
            { for ticks }
            <line class="axis" x1={LEFT.to_string()} x2={(W - RIGHT).to_string()} y1={(H - BOTTOM).to_string()}
                y2={(H - BOTTOM).to_string()} />
            { for x_labels }
            <line class="cursor" data-testid="truth-cursor" x1={cursor.clone()} x2={cursor}
                y1={TOP.to_string()} y2={(H - BOTTOM).to_string()} />
            { for series }
            <g class="series truth-line">
                <polyline class="h" points={line(&mut truths())} />
                { for truths().map(|(i, t)| html! {
                    <circle class="truth-point" data-testid="truth-point" data-step={i.to_string()}
                        data-value={t.to_string()} cx={format!("{:.1}", x(i))} cy={format!("{:.1}", y(t))} r="2" />
                }) }
            </g>
            { for columns }
        </svg>
    }
}

/// The top of the value axis: the largest h*, h or f drawn, rounded up to a multiple of 5 (at least 5).
fn chart_top(m: &Measured) -> u32 {
    let largest = m
        .rows
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            r.values
                .iter()
                .map(move |&v| v.saturating_add(i as u32))
                .chain(r.truth)
        })
        .max()
        .unwrap_or(0);
    largest.div_ceil(5).max(1) * 5
}

/// About four evenly spaced values from 0 to `top`, at multiples of a round step.
fn y_ticks(top: u32) -> Vec<u32> {
    let step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000]
        .into_iter()
        .find(|&s| top / s <= 5)
        .unwrap_or(top.div_ceil(5).max(1));
    (0..=top).step_by(step as usize).collect()
}

/// The moves labelled on the axis: 0, the last, and about four between.
fn x_ticks(moves: usize) -> Vec<usize> {
    let step = (moves / 5).max(1);
    let mut ticks: Vec<usize> = (0..moves).step_by(step).collect();
    if ticks.last().is_some_and(|&t| moves - t < step / 2) && ticks.len() > 1 {
        ticks.pop();
    }
    ticks.push(moves);
    ticks
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_and_end_at_the_last_move() {
        assert_eq!(y_ticks(35), [0, 10, 20, 30]);
        assert_eq!(y_ticks(5), [0, 1, 2, 3, 4, 5]);
        assert_eq!(x_ticks(31), [0, 6, 12, 18, 24, 31]);
        assert_eq!(x_ticks(0), [0]);
        assert_eq!(x_ticks(1), [0, 1]);
    }
}
