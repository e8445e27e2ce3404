//! The statistics of the last run: length, optimality, nodes expanded and generated, OPEN and CLOSED, memory, time,
//! and the nodes expanded at each depth as a small bar chart.

use crate::format;
use solver::{Report, Status};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatsTableProps {
    pub report: Option<Rc<Report>>,
}

/// The most depth bars drawn; deeper levels are summed into the last one.
const MAX_BARS: usize = 60;

#[component]
pub fn StatsTable(props: &StatsTableProps) -> Html {
    let Some(report) = props.report.as_ref() else {
        return html! {
            <section class="card stats" data-testid="stats" aria-label="Statistics">
                <h2>{ "Statistics" }</h2>
                <p class="muted">{ "Solve to see the numbers: nodes expanded and generated, the largest OPEN, CLOSED, memory and time." }</p>
            </section>
        };
    };
    let s = &report.stats;
    let solved = report.status == Status::Solved;
    let optimal = if !solved {
        "-".to_string()
    } else if report.optimal {
        "yes, a shortest solution".to_string()
    } else {
        "not guaranteed".to_string()
    };
    let heuristic = report
        .heuristic
        .clone()
        .unwrap_or_else(|| "none".to_string());
    let rows: Vec<(&str, &str, String)> = vec![
        (
            "length",
            "Solution length",
            if solved {
                format::count(report.length)
            } else {
                "-".to_string()
            },
        ),
        ("optimal", "Optimal", optimal),
        (
            "algorithm",
            "Algorithm",
            format!("{} ({})", report.algorithm.title(), report.algorithm),
        ),
        ("heuristic", "Heuristic", heuristic),
        ("expanded", "Nodes expanded", format::count(s.expanded)),
        ("generated", "Nodes generated", format::count(s.generated)),
        ("max-open", "Largest OPEN", format::count(s.max_open)),
        ("closed", "CLOSED", format::count(s.closed)),
        (
            "duplicates",
            "Duplicates skipped",
            format::count(s.duplicates),
        ),
        (
            "memory",
            "Peak memory (estimate)",
            format::bytes(s.peak_memory_bytes),
        ),
        ("time", "Time", format::duration_ms(s.elapsed_ms)),
    ];
    html! {
        <section class="card stats" data-testid="stats" aria-label="Statistics">
            <h2>{ "Statistics" }</h2>
            <table>
                <tbody>
                    { for rows.into_iter().map(|(key, name, value)| html! {
                        <tr data-stat={key}><th scope="row">{ name }</th><td>{ value }</td></tr>
                    }) }
                </tbody>
            </table>
            { depth_chart(&s.by_depth) }
        </section>
    }
}

/// Bars of the nodes expanded per depth, on a square-root scale so small levels stay visible.
fn depth_chart(by_depth: &[u64]) -> Html {
    if by_depth.len() < 2 {
        return Html::default();
    }
    let mut bars: Vec<u64> = by_depth.iter().copied().take(MAX_BARS).collect();
    if by_depth.len() > MAX_BARS {
        let rest: u64 = by_depth[MAX_BARS..].iter().sum();
        if let Some(last) = bars.last_mut() {
            *last += rest;
        }
    }
    let top = bars.iter().copied().max().unwrap_or(1).max(1) as f64;
    html! {
        <figure class="depth-chart" aria-label="Nodes expanded at each depth">
            <div class="bars">
                { for bars.iter().enumerate().map(|(depth, &n)| {
                    let h = ((n as f64).sqrt() / top.sqrt() * 100.0).max(if n > 0 { 2.0 } else { 0.0 });
                    html! {
                        <span class="bar" style={format!("height: {h:.1}%")}
                            title={format!("depth {depth}: {} nodes", format::count(n))} />
                    }
                }) }
            </div>
            <figcaption>{ "Nodes expanded by depth (square-root scale)" }</figcaption>
        </figure>
    }
}
