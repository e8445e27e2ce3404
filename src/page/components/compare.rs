//! The Compare panel: tick algorithm and heuristic pairs, run them all on the puzzle, read the table and the log-scale
//! bar charts of nodes expanded and time.

use super::export_menu::{CompareCsv, ExportImage};
use super::learn::LearnLink;
use crate::format;
use crate::page::export_run::puzzle_stem;
use crate::page::i18n::{fill, use_lang, Answer, Comparison, Lang};
use crate::page::state::compare::{
    pairs_for, Compare, CompareAction, CompareRun, Pair, Row, RowState, COMPARE_BUDGETS,
    COMPARE_TIME_LIMIT_MS,
};
use crate::page::state::Action;
use solver::hanoi::peg_letter;
use solver::query::PuzzleSpec;
use solver::{Moves, Report, Status};
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// Operators longer than this are cut in the table (the whole list is in the tooltip, up to `TOOLTIP_CHARS`).
const SHOWN_CHARS: usize = 32;
const TOOLTIP_CHARS: usize = 4000;

#[derive(Properties, PartialEq)]
pub struct ComparePanelProps {
    /// The lesson section that explains this panel.
    #[prop_or_default]
    pub learn: Option<AttrValue>,
    pub compare: Compare,
    pub puzzle: PuzzleSpec,
    /// A solve is running: the panel waits for it.
    pub solving: bool,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn ComparePanel(props: &ComparePanelProps) -> Html {
    let lang = use_lang();
    let d = props.dispatch.clone();
    let running = props.compare.is_running();
    let offered = pairs_for(&props.puzzle);
    let ticked = offered
        .iter()
        .filter(|p| !props.compare.unticked.contains(p))
        .count();
    let on_start = d.reform(|_: MouseEvent| Action::Compare(CompareAction::Start));
    let on_skip = d.reform(|_: MouseEvent| Action::Compare(CompareAction::CancelPair));
    let on_stop = d.reform(|_: MouseEvent| Action::Compare(CompareAction::CancelAll));
    let on_budget = d.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let budget = select.value().parse::<u64>().unwrap_or(0);
        Action::Compare(CompareAction::SetBudget(budget))
    });
    let budget_title = fill(
        lang.t(Comparison::BudgetTitle),
        &[&(COMPARE_TIME_LIMIT_MS / 1000)],
    );
    html! {
        <section class="card compare" data-testid="compare-panel" aria-label={lang.t(Comparison::Title)}>
            <h2>{ lang.t(Comparison::Title) }</h2>
            <p class="muted">{ lang.t(Comparison::Intro) }{ " " }<LearnLink href={props.learn.clone()} /></p>
            <fieldset class="compare-pairs" disabled={running}>
                <legend>{ lang.t(Comparison::Pairs) }</legend>
                { for offered.iter().map(|&pair| {
                    let checked = !props.compare.unticked.contains(&pair);
                    let onchange = d.reform(move |_: Event| Action::Compare(CompareAction::Toggle(pair)));
                    html! {
                        <label class="compare-pair">
                            <input type="checkbox" data-testid="compare-pair" data-pair={pair.key()}
                                {checked} {onchange} />
                            { pair_title(lang, pair) }
                        </label>
                    }
                }) }
            </fieldset>
            <div class="compare-actions">
                <label title={budget_title.clone()}>
                    { lang.t(Comparison::Budget) }{ " " }
                    <select data-testid="compare-budget" onchange={on_budget} disabled={running}
                        title={budget_title}>
                        { for COMPARE_BUDGETS.iter().map(|&b| html! {
                            <option value={b.to_string()} selected={b == props.compare.max_states}>
                                { format::count(b) }
                            </option>
                        }) }
                    </select>
                </label>
                if running {
                    <button type="button" data-testid="compare-cancel-pair" onclick={on_skip}>
                        { lang.t(Comparison::CancelPair) }
                    </button>
                    <button type="button" class="danger" data-testid="compare-cancel" onclick={on_stop}>
                        { lang.t(Comparison::CancelAll) }
                    </button>
                } else {
                    <button type="button" class="primary" data-testid="compare" onclick={on_start}
                        disabled={props.solving || ticked == 0} title={lang.t(Comparison::ButtonTitle)}>
                        { lang.t(Comparison::Button) }
                    </button>
                }
            </div>
            if ticked == 0 {
                <p class="muted">{ lang.t(Comparison::Empty) }</p>
            }
            { for props.compare.run.as_ref().map(|run| results(lang, run)) }
        </section>
    }
}

/// `A* / Manhattan distance`, `Breadth-first search`, in `lang`.
fn pair_title(lang: Lang, pair: Pair) -> String {
    match pair.heuristic {
        Some(h) => format!("{} / {}", lang.algorithm(pair.algorithm), lang.heuristic(h)),
        None => lang.algorithm(pair.algorithm).to_string(),
    }
}

/// The table and the two charts.
fn results(lang: Lang, run: &CompareRun) -> Html {
    html! {
        <div class="compare-results">
            <CompareCsv run={run.clone()} />
            // A region that scrolls sideways on a phone: focusable, so that a keyboard can scroll it.
            <div class="table-scroll" tabindex="0" role="region" aria-label={lang.t(Comparison::Table)}>
                <table data-testid="compare-table" data-running={run.is_running().to_string()}>
                    <thead>
                        <tr>
                            <th scope="col">{ lang.t(Comparison::ColAlgorithm) }</th>
                            <th scope="col">{ lang.t(Comparison::ColHeuristic) }</th>
                            <th scope="col">{ lang.t(Comparison::ColSteps) }</th>
                            <th scope="col">{ lang.t(Comparison::ColOperators) }</th>
                            <th scope="col">{ lang.t(Comparison::ColMaxOpen) }</th>
                            <th scope="col">{ lang.t(Comparison::ColClosed) }</th>
                            <th scope="col">{ lang.t(Comparison::ColExpanded) }</th>
                            <th scope="col">{ lang.t(Comparison::ColTime) }</th>
                            <th scope="col">{ lang.t(Comparison::ColOptimal) }</th>
                        </tr>
                    </thead>
                    <tbody>
                        { for run.rows.iter().map(|row| table_row(lang, row)) }
                    </tbody>
                </table>
            </div>
            { chart(lang, lang.t(Comparison::ChartExpanded), "compare-chart-expanded", run, |r| r.stats.expanded as f64, |v| format::count(v as u64)) }
            { chart(lang, lang.t(Comparison::ChartTime), "compare-chart-time", run, |r| r.stats.elapsed_ms, format::duration_ms) }
        </div>
    }
}

fn table_row(lang: Lang, row: &Row) -> Html {
    let status = row.status();
    let (length, cells) = match &row.state {
        RowState::Done(report) => {
            let solved = report.status == Status::Solved;
            let s = &report.stats;
            let (shown, full) = operators(report);
            let steps = if solved {
                html! { format::count(report.length) }
            } else {
                html! { <span class="badge">{ status_word(lang, report.status) }</span> }
            };
            let optimal = match (solved, report.optimal) {
                (false, _) => "-",
                (true, true) => lang.t(Comparison::Yes),
                (true, false) => lang.t(Comparison::No),
            };
            (
                solved.then(|| report.length.to_string()),
                html! {
                    <>
                        <td data-col="steps">{ steps }</td>
                        <td data-col="operators" class="operators" title={full}>{ shown }</td>
                        <td data-col="max-open">{ format::count(s.max_open) }</td>
                        <td data-col="closed">{ format::count(s.closed) }</td>
                        <td data-col="expanded">{ format::count(s.expanded) }</td>
                        <td data-col="time">{ format::duration_ms(s.elapsed_ms) }</td>
                        <td data-col="optimal">{ optimal }</td>
                    </>
                },
            )
        }
        other => {
            let word = match other {
                RowState::Waiting => lang.t(Comparison::Waiting).to_string(),
                RowState::Running {
                    expanded,
                    elapsed_ms,
                } => format!(
                    "{} {} · {}",
                    lang.t(Comparison::Running),
                    format::count(*expanded),
                    format::duration_ms(*elapsed_ms)
                ),
                RowState::Cancelled => lang.t(Comparison::Cancelled).to_string(),
                RowState::Failed(why) => {
                    format!("{}: {}", lang.t(Comparison::Failed), why.render(lang))
                }
                RowState::Done(_) => String::new(),
            };
            (None, html! { <td colspan="7" class="muted">{ word }</td> })
        }
    };
    html! {
        <tr data-testid="compare-row" data-algorithm={row.pair.algorithm.name()}
            data-heuristic={row.pair.heuristic_name()} data-status={status}
            data-length={length.unwrap_or_default()}
            class={classes!(matches!(row.state, RowState::Running { .. }).then_some("running"))}>
            <th scope="row">{ lang.algorithm(row.pair.algorithm) }</th>
            <td>{ row.pair.heuristic.map_or_else(|| lang.t(Answer::NoHeuristic), |h| lang.heuristic(h)) }</td>
            { cells }
        </tr>
    }
}

fn status_word(lang: Lang, status: Status) -> &'static str {
    match status {
        Status::Limit => lang.t(Comparison::Limit),
        Status::Unsolvable => lang.t(Comparison::Unsolvable),
        Status::Cancelled => lang.t(Comparison::Cancelled),
        Status::Solved | Status::Invalid => lang.t(Comparison::Failed),
    }
}

/// The moves, compactly (`ULDR...`, or `AC AB CB` for Hanoi), cut to `SHOWN_CHARS`, and the longer tooltip text.
fn operators(report: &Report) -> (String, String) {
    if report.status != Status::Solved {
        return ("-".to_string(), String::new());
    }
    let full: String = match &report.moves {
        Moves::Sliding(s) => s.chars().take(TOOLTIP_CHARS).collect(),
        Moves::Hanoi(moves) => {
            let mut out = String::new();
            for [from, to] in moves.iter().take(TOOLTIP_CHARS / 3) {
                if !out.is_empty() {
                    out.push(' ');
                }
                out.push(peg_letter(*from));
                out.push(peg_letter(*to));
            }
            out
        }
    };
    let full = if report.moves_listed {
        full
    } else {
        String::new()
    };
    if full.is_empty() {
        return (if report.length == 0 { "" } else { "…" }.to_string(), full);
    }
    let shown = if full.chars().count() > SHOWN_CHARS {
        let cut: String = full.chars().take(SHOWN_CHARS).collect();
        format!("{cut}…")
    } else {
        full.clone()
    };
    (shown, full)
}

/// A horizontal bar per finished pair, lengths on a log10 scale of `value` (so 10 and 10 million both show).
fn chart(
    lang: Lang,
    title: &'static str,
    testid: &'static str,
    run: &CompareRun,
    value: fn(&Report) -> f64,
    label: fn(f64) -> String,
) -> Html {
    let bars: Vec<(String, f64, bool)> = run
        .rows
        .iter()
        .filter_map(|row| match &row.state {
            RowState::Done(report) => Some((
                row.pair.key(),
                value(report).max(0.0),
                report.status == Status::Solved,
            )),
            _ => None,
        })
        .collect();
    if bars.is_empty() {
        return Html::default();
    }
    // log10(1 + v): 0 stays 0, and every positive value gets a visible bar.
    let scale = |v: f64| (1.0 + v).log10();
    let top = bars
        .iter()
        .map(|b| scale(b.1))
        .fold(0.0f64, f64::max)
        .max(1.0);
    const LABEL_W: f64 = 150.0;
    const BAR_W: f64 = 230.0;
    const ROW_H: f64 = 20.0;
    let height = ROW_H * bars.len() as f64 + 4.0;
    let width = LABEL_W + BAR_W + 90.0;
    html! {
        <figure class="compare-chart" data-testid={testid}>
            <figcaption>
                { format!("{title} ({})", lang.t(Comparison::LogScale)) }
                <ExportImage view={testid} label={title} stem={puzzle_stem(&run.puzzle)} />
            </figcaption>
            <svg viewBox={format!("0 0 {width} {height}")} role="img" aria-label={title}
                preserveAspectRatio="xMinYMin meet">
                { for bars.iter().enumerate().map(|(i, (key, v, solved))| {
                    let y = i as f64 * ROW_H + 2.0;
                    let w = (scale(*v) / top * BAR_W).max(if *v > 0.0 { 1.0 } else { 0.0 });
                    html! {
                        <g class={classes!("chart-row", (!solved).then_some("unsolved"))}>
                            <text x={(LABEL_W - 6.0).to_string()} y={(y + ROW_H * 0.65).to_string()}
                                text-anchor="end">{ key.clone() }</text>
                            <rect x={LABEL_W.to_string()} y={(y + 3.0).to_string()} width={format!("{w:.1}")}
                                height={(ROW_H - 6.0).to_string()} rx="2">
                                <title>{ format!("{key}: {}", label(*v)) }</title>
                            </rect>
                            <text x={format!("{:.1}", LABEL_W + w + 4.0)} y={(y + ROW_H * 0.65).to_string()}
                                class="value">{ label(*v) }</text>
                        </g>
                    }
                }) }
            </svg>
        </figure>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::Algorithm;

    fn report(moves: Moves, length: u64) -> Report {
        Report {
            optimal: true,
            ..Report::new(Status::Solved, Algorithm::Bfs, moves, length, Vec::new())
        }
    }

    #[test]
    fn operators_are_compact_and_cut_with_the_whole_in_the_tooltip() {
        let (shown, full) = operators(&report(Moves::Hanoi(vec![[0, 2], [0, 1], [2, 1]]), 3));
        assert_eq!(shown, "AC AB CB");
        assert_eq!(full, "AC AB CB");
        let long = "UDLR".repeat(20);
        let (shown, full) = operators(&report(Moves::Sliding(long.clone()), 80));
        assert_eq!(shown.chars().count(), SHOWN_CHARS + 1);
        assert!(shown.ends_with('…'));
        assert_eq!(full, long);
        let mut limit = report(Moves::Sliding(String::new()), 0);
        limit.status = Status::Limit;
        assert_eq!(operators(&limit).0, "-");
    }
}
