//! "How BFS's memory grows": real BFS runs from the farthest board of each small size (2x2 to 5x2, and 3x3),
//! their expanded states, largest OPEN and peak memory from their reports beside the size of each state space;
//! then 4x4's state space and the memory BFS would need there at the largest run's cost per state.

use super::common::{big, board, bytes, count};
use super::figures::BFS_RUNS;
use super::text::{t, Line};
use crate::format;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::use_figure_once;
use crate::page::lessons::figure::{setup_of, solved, use_auto_solve, LessonFigure};
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

/// Each size's board farthest from the goal (found by a full BFS of each), so that BFS sees nearly every state.
const FARTHEST: [(u8, u8, &[u8]); 5] = [
    (2, 2, &[0, 3, 2, 1]),
    (3, 2, &[4, 5, 0, 1, 2, 3]),
    (4, 2, &[0, 7, 2, 1, 4, 3, 6, 5]),
    (3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]),
    (5, 2, &[0, 5, 3, 2, 1, 9, 4, 8, 7, 6]),
];

/// The run whose cost per state is carried over to 4x4: the most states.
const LARGEST: usize = 4;

#[derive(Properties, PartialEq)]
struct BfsRowProps {
    /// Which of [`FARTHEST`].
    index: usize,
}

/// One size's row: its BFS run, placed and solved when the row appears, and its report's numbers.
#[component]
fn BfsRow(props: &BfsRowProps) -> Html {
    let (w, h, start) = FARTHEST[props.index];
    let number = BFS_RUNS[props.index];
    let store = use_figures(&[number]);
    use_figure_once(number, move || {
        board(w, h, start, Algorithm::Bfs, HeuristicName::Misplaced)
    });
    use_auto_solve(number);
    let Some(store) = store else {
        return Html::default();
    };
    let report = solved(&store.state, number);
    let space = setup_of(&store.state, number).map(|s| s.state_space());
    let size = format!("{w}x{h}");
    html! {
        <tr data-testid="bfs-row" data-size={size.clone()}>
            <th scope="row">{ size }</th>
            <td>{ big("states", space) }</td>
            <td>{ count("expanded", report.as_ref().map(|r| r.stats.expanded)) }</td>
            <td>{ count("max-open", report.as_ref().map(|r| r.stats.max_open)) }</td>
            <td>{ bytes("peak-memory", report.as_ref().map(|r| r.stats.peak_memory_bytes)) }</td>
            <td>{ count("length", report.as_ref().map(|r| r.length)) }</td>
        </tr>
    }
}

#[component]
pub fn BfsMemorySection() -> Html {
    let lang = use_lang();
    let store = use_figures(&BFS_RUNS);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let rows = (0..FARTHEST.len()).map(|index| html! { <BfsRow {index} /> });
    // 4x4: 16!/2 states, at the largest run's bytes per expanded state.
    let four = board(
        4,
        4,
        &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0],
        Algorithm::Bfs,
        HeuristicName::Misplaced,
    )
    .state_space();
    let per_state = solved(state, BFS_RUNS[LARGEST])
        .filter(|r| r.stats.expanded > 0)
        .map(|r| r.stats.peak_memory_bytes as f64 / r.stats.expanded as f64);
    let four_memory = per_state.map(|b| b * four);
    let caption = fill_html(
        t(lang, Line::BfsCaption),
        vec![
            html! { { format!("{}x{}", FARTHEST[LARGEST].0, FARTHEST[LARGEST].1) } },
            big("four-states", Some(four)),
            html! { <super::common::Quoted name="four-memory"
            value={four_memory.map(|m| (format!("{m:e}"), format::bytes(m as u64)))} /> },
        ],
    );
    html! {
        <>
            <p>{ t(lang, Line::BfsText) }</p>
            <LessonFigure lab={BFS_RUNS[3]} {caption}>
                <div class="lesson-table-wrap" tabindex="0" role="region"
                    aria-label={t(lang, Line::BfsMemoryTitle)}>
                    <table class="lesson-table" data-testid="bfs-table">
                        <thead><tr>
                            <th scope="col">{ t(lang, Line::BfsBoard) }</th>
                            <th scope="col">{ t(lang, Line::BfsStates) }</th>
                            <th scope="col">{ t(lang, Line::BfsExpanded) }</th>
                            <th scope="col">{ t(lang, Line::BfsMaxOpen) }</th>
                            <th scope="col">{ t(lang, Line::BfsMemory) }</th>
                            <th scope="col">{ t(lang, Line::BfsLength) }</th>
                        </tr></thead>
                        <tbody>{ for rows }</tbody>
                    </table>
                </div>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::BfsArticle) }</p>
        </>
    }
}
