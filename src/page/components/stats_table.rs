//! The statistics of the last run: length, optimality, nodes expanded and generated, OPEN and CLOSED, memory, time,
//! and the nodes expanded at each depth as a small bar chart.

use super::export_menu::ExportImage;
use crate::format;
use crate::page::export_run::counter_measured;
use crate::page::i18n::Answer;
use solver::{HeuristicName, Report, Status};
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatsTableProps {
    pub report: Option<Rc<Report>>,
}

/// The most depth bars drawn; deeper levels are summed into the last one.
const MAX_BARS: usize = 60;
/// The depth chart's height in its own units.
const CHART_H: f64 = 64.0;

#[component]
pub fn StatsTable(props: &StatsTableProps) -> Html {
    let lang = crate::page::i18n::use_lang();
    let Some(report) = props.report.as_ref() else {
        return html! {
            <section class="card stats" data-testid="stats" aria-label={lang.t(Answer::Statistics)}>
                <h2>{ lang.t(Answer::Statistics) }</h2>
                <p class="muted">{ lang.t(Answer::StatsEmpty) }</p>
            </section>
        };
    };
    let s = &report.stats;
    let solved = report.status == Status::Solved;
    let optimal = if !solved {
        "-".to_string()
    } else if report.optimal {
        lang.t(Answer::OptimalYes).to_string()
    } else {
        lang.t(Answer::OptimalNotGuaranteed).to_string()
    };
    // The page's name of a heuristic it knows; the solver's own name of one it does not (the 5x5 tables').
    let heuristic = match report.heuristic.as_deref() {
        Some(name) => HeuristicName::from_name(name).map_or(name, |h| lang.heuristic(h)),
        None => lang.t(Answer::NoHeuristic),
    }
    .to_string();
    let length = if solved {
        format::count(report.length)
    } else {
        "-".to_string()
    };
    let algorithm = format!(
        "{} ({})",
        lang.algorithm(report.algorithm),
        report.algorithm
    );
    // The row's key (its `data-stat`), its name and its value, in the order shown.
    let mut rows: Vec<(&str, &str, String)> = vec![
        ("length", lang.t(Answer::StatLength), length),
        ("optimal", lang.t(Answer::StatOptimal), optimal),
        ("algorithm", lang.t(Answer::StatAlgorithm), algorithm),
        ("heuristic", lang.t(Answer::StatHeuristic), heuristic),
    ];
    let counts = [
        ("expanded", Answer::StatExpanded, s.expanded),
        ("generated", Answer::StatGenerated, s.generated),
        ("max-open", Answer::StatMaxOpen, s.max_open),
        ("closed", Answer::StatClosed, s.closed),
        ("duplicates", Answer::StatDuplicates, s.duplicates),
    ];
    // The staged solver and its improvement count only their expansions: the other counters were not measured by
    // that run, so they show as not applicable rather than as zeros (the exported CSV follows the same rule).
    rows.extend(counts.map(|(key, msg, n)| {
        let value = if counter_measured(report.algorithm, &key.replace('-', "_")) {
            format::count(n)
        } else {
            "-".to_string()
        };
        (key, lang.t(msg), value)
    }));
    rows.push((
        "memory",
        lang.t(Answer::StatMemory),
        format::bytes(s.peak_memory_bytes),
    ));
    rows.push((
        "time",
        lang.t(Answer::StatTime),
        format::duration_ms(s.elapsed_ms),
    ));
    html! {
        <section class="card stats" data-testid="stats" aria-label={lang.t(Answer::Statistics)}>
            <h2>{ lang.t(Answer::Statistics) }</h2>
            <table>
                <tbody>
                    { for rows.into_iter().map(|(key, name, value)| html! {
                        <tr data-stat={key}><th scope="row">{ name }</th><td>{ value }</td></tr>
                    }) }
                </tbody>
            </table>
            { depth_chart(&s.by_depth, report.algorithm == solver::Algorithm::Idastar, lang) }
        </section>
    }
}

/// Bars of the nodes expanded per depth (per f-bound for IDA*, whose counts are indexed by bound; bounds below the
/// first are skipped), on a square-root scale so small levels stay visible.
fn depth_chart(by_depth: &[u64], by_bound: bool, lang: crate::page::i18n::Lang) -> Html {
    let first = if by_bound {
        by_depth.iter().position(|&n| n > 0).unwrap_or(0)
    } else {
        0
    };
    let by_depth = &by_depth[first..];
    if by_depth.len() < 2 {
        return Html::default();
    }
    let (caption, unit) = if by_bound {
        (lang.t(Answer::ByBound), "f-bound")
    } else {
        (lang.t(Answer::ByDepth), "depth")
    };
    let mut bars: Vec<u64> = by_depth.iter().copied().take(MAX_BARS).collect();
    if by_depth.len() > MAX_BARS {
        let rest: u64 = by_depth[MAX_BARS..].iter().sum();
        if let Some(last) = bars.last_mut() {
            *last += rest;
        }
    }
    let top = bars.iter().copied().max().unwrap_or(1).max(1) as f64;
    // One bar per 10 units across, 64 high; the figure stretches it to the card's width.
    let width = bars.len() * 10;
    html! {
        <figure class="depth-chart" aria-label={caption} data-by={unit}>
            <svg data-testid="depth-chart" class="bars" viewBox={format!("0 0 {width} {CHART_H}")}
                preserveAspectRatio="none" role="img" aria-label={caption}>
                { for bars.iter().enumerate().map(|(depth, &n)| {
                    let h = ((n as f64).sqrt() / top.sqrt() * CHART_H).max(if n > 0 { 1.5 } else { 0.0 });
                    html! {
                        <rect class="bar" x={(depth * 10 + 1).to_string()} y={format!("{:.2}", CHART_H - h)}
                            width="8" height={format!("{h:.2}")}>
                            <title>{ format!("{unit} {}: {} nodes", depth + first, format::count(n)) }</title>
                        </rect>
                    }
                }) }
            </svg>
            <figcaption>
                { caption }
                <ExportImage view="depth-chart" label={caption} />
            </figcaption>
        </figure>
    }
}
