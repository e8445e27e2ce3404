//! "The report's table, run live": the reader picks one of the report's three cases, and BFS, DFS (its limit at the
//! case's length, and at the engine's default) and A* with misplaced tiles run on it. Their statistics fill a table
//! beside the report's own figures, each difference is said in a sentence with the runs' numbers, and the start and
//! the goal are shown with A*'s answer to play. "Try your own" hands the start to the reader (slide, shuffle): the
//! four runs follow it, and the report's figures, which exist for its own cases only, step aside.

use super::figures::{REPORT_ASTAR, REPORT_BFS, REPORT_DFS, REPORT_DFS_DEFAULT};
use super::text::{t, Line};
use super::{
    bfs, board_words, count_num, dfs, eight, finished, letters, time, Case, ReportRow, CASES, GOAL,
};
use crate::browser::fresh_seed;
use crate::format::count;
use crate::page::components::board::Board;
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::components::Interaction;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill, fill_html, use_lang, Lang};
use crate::page::lessons::figure::{place, start_of, use_auto_solve, LessonFigure};
use crate::page::lessons::hand::played;
use crate::page::state::PuzzleId;
use solver::search::DEFAULT_DFS_DEPTH;
use solver::sliding::{shuffle_solvable, Shape};
use solver::{Algorithm, HeuristicName, Report};
use std::rc::Rc;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The case shown first: the report's hardest, where the numbers differ most.
const FIRST_CASE: usize = 2;

/// One row of the table: the algorithm's name, its figure, its name in tests, and the report's figures for it.
struct Row {
    label: Html,
    figure: u32,
    name: &'static str,
    report: Option<ReportRow>,
}

/// Places the report's four runs: A* holds the board shown (the case's start, whenever the case changes, until
/// the reader takes the board); BFS and the two DFS runs follow it, the first DFS's limit at the case's length.
/// Returns the board shown.
#[hook]
fn use_report_runs(case_index: usize) -> Option<Vec<u8>> {
    let store = use_figures(&[REPORT_ASTAR, REPORT_BFS, REPORT_DFS, REPORT_DFS_DEFAULT]);
    {
        let store = store.clone();
        use_effect_with(case_index, move |&i| {
            if let Some(s) = store {
                place(&s.dispatch, REPORT_ASTAR, astar(&CASES[i].start));
            }
        });
    }
    let shown = store
        .as_ref()
        .and_then(|s| start_of(&s.state, REPORT_ASTAR));
    {
        let store = store.clone();
        // Keyed by the board alone: a new case changes the board, and the case of that render sets the limit.
        use_effect_with(shown.clone(), move |shown| {
            if let (Some(s), Some(start)) = (store, shown) {
                let limit = CASES[case_index].moves.len() as u32;
                place(&s.dispatch, REPORT_BFS, bfs(start, &GOAL));
                place(&s.dispatch, REPORT_DFS, dfs(start, &GOAL, limit));
                let default = dfs(start, &GOAL, DEFAULT_DFS_DEPTH);
                place(&s.dispatch, REPORT_DFS_DEFAULT, default);
            }
        });
    }
    use_auto_solve(REPORT_BFS);
    use_auto_solve(REPORT_DFS);
    use_auto_solve(REPORT_DFS_DEFAULT);
    use_auto_solve(REPORT_ASTAR);
    shown
}

/// A* with misplaced tiles on `start`: the figure that holds the board shown.
fn astar(start: &[u8]) -> crate::page::state::setup::Setup {
    eight(start, &GOAL, Algorithm::Astar, HeuristicName::Misplaced)
}

#[component]
pub fn ReportSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[REPORT_ASTAR, REPORT_BFS, REPORT_DFS, REPORT_DFS_DEFAULT]);
    let case_index = use_state(|| FIRST_CASE);
    // Whether the board is the reader's ("Try your own") rather than the case's.
    let own = use_state(|| false);
    let case = CASES[*case_index];
    let shown = use_report_runs(*case_index);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let shown = shown.unwrap_or_else(|| case.start.to_vec());
    // The report's figures and differences belong to its own cases only.
    let the_case = !*own && shown[..] == case.start[..];
    // The runs belong to the board shown only once the figures hold it.
    let current = |n: u32| start_of(state, n).as_deref() == Some(&shown[..]);
    let run = |n: u32| finished(state, n).filter(|_| current(n));
    let rows = rows(lang, case, the_case);
    let on_case = {
        let (case_index, own) = (case_index.clone(), own.clone());
        Callback::from(move |e: Event| {
            let select: HtmlSelectElement = e.target_unchecked_into();
            if let Some(i) = select
                .value()
                .parse::<usize>()
                .ok()
                .filter(|&i| i < CASES.len())
            {
                own.set(false);
                case_index.set(i);
            }
        })
    };
    let place_case = {
        let store = store.clone();
        move |start: &[u8]| place(&store.dispatch, REPORT_ASTAR, astar(start))
    };
    let on_own = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| own.set(true))
    };
    let on_scramble = {
        let place_case = place_case.clone();
        Callback::from(move |_: MouseEvent| {
            let three = Shape {
                width: 3,
                height: 3,
            };
            if let Ok(start) = shuffle_solvable(three, &GOAL, fresh_seed()) {
                place_case(&start);
            }
        })
    };
    let on_back = {
        let own = own.clone();
        Callback::from(move |_: MouseEvent| {
            own.set(false);
            place_case(&case.start);
        })
    };
    let board_view = if *own {
        let played = played(&store, REPORT_ASTAR);
        html! { <PuzzleBoard id={PuzzleId::Figure(REPORT_ASTAR)} {played} /> }
    } else {
        html! { <PuzzleBoard id={PuzzleId::Figure(REPORT_ASTAR)} locked=true /> }
    };
    let body: Html = rows
        .iter()
        .map(|row| table_row(lang, row, run(row.figure)))
        .collect();
    let (bfs_run, dfs_run, dfs_default, astar_run) = (
        run(REPORT_BFS),
        run(REPORT_DFS),
        run(REPORT_DFS_DEFAULT),
        run(REPORT_ASTAR),
    );
    let caption = fill_html(
        t(lang, Line::ReportCaption),
        vec![
            html! { { board_words(&shown) } },
            html! { { board_words(&GOAL) } },
            count_num("astar-length", astar_run.as_ref().map(|r| r.length)),
        ],
    );
    let differences = if the_case {
        differences(lang, case, &bfs_run, &dfs_run, &dfs_default, &astar_run)
    } else {
        html! { <li data-diff="own">{ t(lang, Line::ReportOwnNote) }</li> }
    };
    html! {
        <>
            <p>{ t(lang, Line::ReportText) }</p>
            <LessonFigure lab={REPORT_ASTAR} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::ReportCase) }{ " " }
                        <select data-testid="report-case" onchange={on_case}>
                            { for CASES.iter().enumerate().map(|(i, c)| html! {
                                <option value={i.to_string()} selected={i == *case_index}>
                                    { fill(t(lang, Line::ReportCaseOption), &[&c.moves.len(), &c.moves]) }
                                </option>
                            }) }
                        </select>
                    </label>
                    if *own {
                        <button type="button" data-testid="report-scramble" onclick={on_scramble}>
                            { t(lang, Line::ReportScramble) }</button>
                        <button type="button" data-testid="report-back" onclick={on_back}>
                            { t(lang, Line::ReportBack) }</button>
                    } else {
                        <button type="button" data-testid="try-own" onclick={on_own}>
                            { t(lang, Line::ReportTryOwn) }</button>
                    }
                </div>
                if *own { <p class="lesson-hint" data-testid="own-hint">{ t(lang, Line::ReportOwnHint) }</p> }
                { report_table(lang, case, body) }
                if the_case {
                    <p class="lesson-hint">{ fill(t(lang, Line::ReportMovesNote), &[&case.moves.len(), &case.moves]) }</p>
                }
                <div class="lesson-pair eight-pair">
                    <div class="lesson-side" data-figure="report-start">
                        <h3>{ t(lang, Line::ReportStart) }</h3>
                        <div class="view lesson-view eight-board">{ board_view }</div>
                        <PuzzlePlayback id={PuzzleId::Figure(REPORT_ASTAR)} />
                    </div>
                    <div class="lesson-side" data-figure="report-goal">
                        <h3>{ t(lang, Line::ReportGoal) }</h3>
                        <div class="view lesson-view eight-board">
                            <Board width={3} height={3} tiles={Rc::<[u8]>::from(&GOAL[..])}
                                goal={Rc::<[u8]>::from(&GOAL[..])} interaction={Interaction::Locked} step_ms={0}
                                label={t(lang, Line::ReportGoal)} on_swap={Callback::noop()}
                                on_slide={Callback::noop()} />
                        </div>
                    </div>
                </div>
            </LessonFigure>
            <h3>{ t(lang, Line::DiffTitle) }</h3>
            <ul class="lesson-differences" data-testid="differences">{ differences }</ul>
        </>
    }
}

/// The table's rows for `case`, with the report's figures when the board shown is the case's own.
fn rows(lang: Lang, case: Case, the_case: bool) -> [Row; 4] {
    let limit = case.moves.len() as u64;
    let from_report = |row: ReportRow| the_case.then_some(row);
    [
        Row {
            label: html! { { t(lang, Line::RowBfs) } },
            figure: REPORT_BFS,
            name: "bfs",
            report: from_report(case.bfs),
        },
        Row {
            label: html! { { fill(t(lang, Line::RowDfs), &[&limit]) } },
            figure: REPORT_DFS,
            name: "dfs",
            report: from_report(case.dfs),
        },
        Row {
            label: html! { { fill(t(lang, Line::RowDfs), &[&DEFAULT_DFS_DEPTH]) } },
            figure: REPORT_DFS_DEFAULT,
            name: "dfs-default",
            report: None,
        },
        Row {
            label: html! { { t(lang, Line::RowAstar) } },
            figure: REPORT_ASTAR,
            name: "astar",
            report: from_report(case.astar),
        },
    ]
}

/// The table: each algorithm's row of the engine's runs beside the report's figures for case `case`.
fn report_table(lang: Lang, case: Case, body: Html) -> Html {
    html! {
        <div class="table-scroll eight-table-scroll" tabindex="0" role="region"
            aria-label={t(lang, Line::ReportTableLabel)}>
            <table class="eight-table" data-testid="report-table" data-case={case.moves}>
                <thead>
                    <tr>
                        <th scope="col" rowspan="2">{ t(lang, Line::ColAlgorithm) }</th>
                        <th scope="colgroup" colspan="5">{ t(lang, Line::ColEngine) }</th>
                        <th scope="colgroup" colspan="3" class="eight-report-col">{ t(lang, Line::ColReport) }</th>
                    </tr>
                    <tr>
                        <th scope="col">{ t(lang, Line::ColSteps) }</th>
                        <th scope="col">{ t(lang, Line::ColMoves) }</th>
                        <th scope="col">{ t(lang, Line::ColExpanded) }</th>
                        <th scope="col">{ t(lang, Line::ColOpen) }</th>
                        <th scope="col">{ t(lang, Line::ColTime) }</th>
                        <th scope="col" class="eight-report-col">{ t(lang, Line::ColClosed) }</th>
                        <th scope="col">{ t(lang, Line::ColReportOpen) }</th>
                        <th scope="col">{ t(lang, Line::ColCpu) }</th>
                    </tr>
                </thead>
                <tbody>{ body }</tbody>
            </table>
        </div>
    }
}

/// One algorithm's row: the engine's run, then the report's figures ("—" where the report has no such row).
fn table_row(lang: Lang, row: &Row, run: Option<Rc<Report>>) -> Html {
    let name = row.name;
    let value = |f: fn(&Report) -> u64| run.as_deref().map(f);
    let steps = match run.as_deref() {
        Some(r) if r.status != solver::Status::Solved => html! {
            <span data-none={name}>{ t(lang, Line::NoSolution) }</span>
        },
        _ => {
            html! { { count_num(format!("{name}-length"), value(|r| r.length)) } }
        }
    };
    let report: Html = match row.report {
        Some(r) => html! {
            <>
                <td class="eight-report-col" data-report={format!("{name}-closed")} data-value={r.closed.to_string()}>
                    { count(r.closed) }</td>
                <td data-report={format!("{name}-open")} data-value={r.open.to_string()}>{ count(r.open) }</td>
                <td>{ format!("{} ms", r.ms) }</td>
            </>
        },
        None => html! {
            <td class="eight-report-col" colspan="3">{ t(lang, Line::NotInReport) }</td>
        },
    };
    html! {
        <tr data-row={name}>
            <th scope="row">{ row.label.clone() }</th>
            <td>{ steps }</td>
            <td class="operators" data-moves={name}>{ run.as_deref().map(letters).unwrap_or_default() }</td>
            <td>{ count_num(format!("{name}-expanded"), value(|r| r.stats.expanded)) }</td>
            <td>{ count_num(format!("{name}-open"), value(|r| r.stats.max_open)) }</td>
            <td>{ time(name, run.as_deref()) }</td>
            { report }
        </tr>
    }
}

/// The sentences that say why the engine's numbers and the report's differ, each with the runs' numbers.
fn differences(
    lang: Lang,
    case: Case,
    bfs: &Option<Rc<Report>>,
    dfs: &Option<Rc<Report>>,
    dfs_default: &Option<Rc<Report>>,
    astar: &Option<Rc<Report>>,
) -> Html {
    let (Some(bfs), Some(dfs), Some(dfs_default), Some(astar)) = (bfs, dfs, dfs_default, astar)
    else {
        return Html::default();
    };
    let same = letters(bfs) == case.moves && letters(astar) == case.moves;
    let moves = if same {
        fill_html(
            t(lang, Line::DiffSameMoves),
            vec![html! { <code>{ case.moves }</code> }],
        )
    } else {
        fill_html(
            t(lang, Line::DiffOtherMoves),
            vec![
                html! { <code>{ letters(bfs) }</code> },
                html! { <code>{ case.moves }</code> },
            ],
        )
    };
    // BFS's own count by layer: the layers before d - 1 whole, then the part of layer d - 1 it reached.
    let layers = &bfs.stats.by_depth;
    let last = (bfs.length as usize).saturating_sub(1).min(layers.len());
    let inner: u64 = layers[..last].iter().sum();
    let part = bfs.stats.expanded - inner;
    let closed = fill_html(
        t(lang, Line::DiffClosed),
        vec![
            count_num("diff-report-bfs", Some(case.bfs.closed)),
            count_num("diff-bfs", Some(bfs.stats.expanded)),
            count_num("diff-report-astar", Some(case.astar.closed)),
            count_num("diff-astar", Some(astar.stats.expanded)),
            count_num("diff-depth", Some(bfs.length)),
            count_num("diff-inner", Some(inner)),
            count_num("diff-part", Some(part)),
        ],
    );
    let open = fill_html(
        t(lang, Line::DiffOpen),
        vec![
            count_num("diff-report-astar-open", Some(case.astar.open)),
            count_num("diff-astar-expanded", Some(astar.stats.expanded)),
            count_num("diff-astar-open", Some(astar.stats.max_open)),
        ],
    );
    let timing = if case.printed {
        fill_html(
            t(lang, Line::DiffTimePrinted),
            vec![
                count_num("diff-report-astar-ms", Some(case.astar.ms)),
                count_num("diff-report-bfs-ms", Some(case.bfs.ms)),
                time("diff-astar-ms", Some(astar)),
                time("diff-bfs-ms", Some(bfs)),
            ],
        )
    } else {
        fill_html(
            t(lang, Line::DiffTimeQuiet),
            vec![
                count_num("diff-report-astar-ms", Some(case.astar.ms)),
                count_num("diff-report-bfs-ms", Some(case.bfs.ms)),
                count_num("diff-astar", Some(astar.stats.expanded)),
                count_num("diff-bfs", Some(bfs.stats.expanded)),
                time("diff-astar-ms", Some(astar)),
                time("diff-bfs-ms", Some(bfs)),
            ],
        )
    };
    let depth = fill_html(
        t(lang, Line::DiffDfs),
        vec![
            count_num("diff-limit", Some(case.moves.len() as u64)),
            count_num("diff-dfs-length", Some(dfs.length)),
            count_num("diff-default-limit", Some(u64::from(DEFAULT_DFS_DEPTH))),
            count_num("diff-dfs-default-length", Some(dfs_default.length)),
        ],
    );
    html! {
        <>
            <li data-diff="moves">{ moves }</li>
            <li data-diff="closed">{ closed }</li>
            <li data-diff="open">{ open }</li>
            <li data-diff="time">{ timing }</li>
            <li data-diff="dfs">{ depth }</li>
        </>
    }
}
