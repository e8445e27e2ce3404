//! "Depth-first search and its depth limit": the report's 16-move case solved by DFS with the limit the reader
//! picks, beside a BFS of the same board for the shortest length. Too small a limit finds nothing; a larger one
//! finds a path, often longer than the shortest. Both runs are drawn as they ran (`lessons::layers`), under one
//! scrubber, with the code of either and its current line.

use super::figures::{DFS_BFS, DFS_RUN};
use super::text::{t, Line};
use super::{bfs, count_num, dfs, finished, CASES, GOAL};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::drive::{
    at_step, pair_sides, step_shown, use_drive, DrivePane, PairPictures, BFS, DFS,
};
use crate::page::lessons::figure::{setup_of, use_auto_solve, LessonFigure};
use crate::page::lessons::layers::{pair_layers, LayersLegend};
use crate::page::state::setup::SetupAction;
use crate::page::state::{Action, PuzzleId};
use solver::Status;
use web_sys::HtmlSelectElement;
use yew::prelude::*;

/// The limits the reader may pick: below, at and above the case's 16 moves.
const LIMITS: [u32; 10] = [5, 10, 15, 16, 17, 20, 25, 30, 35, 40];
/// The limit shown first: above the shortest, so that the first answer is longer than it.
const FIRST_LIMIT: u32 = 25;

#[component]
pub fn DfsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[DFS_BFS, DFS_RUN]);
    let case = CASES[2];
    // The cursor over both runs; a step past their ends shows them whole.
    let drive = use_drive(40);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                d.emit(Action::AddFigure(
                    DFS_RUN,
                    Box::new(dfs(&case.start, &GOAL, FIRST_LIMIT)),
                ));
                d.emit(Action::AddFigure(
                    DFS_BFS,
                    Box::new(bfs(&case.start, &GOAL)),
                ));
            }
        });
    }
    use_auto_solve(DFS_RUN);
    use_auto_solve(DFS_BFS);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let limit = setup_of(state, DFS_RUN).map(|s| s.dfs_depth);
    let run = finished(state, DFS_RUN);
    let shortest = finished(state, DFS_BFS);
    let on_limit = store.dispatch.reform(|e: Event| {
        let select: HtmlSelectElement = e.target_unchecked_into();
        let limit = select.value().parse().unwrap_or(FIRST_LIMIT);
        Action::Puzzle(
            PuzzleId::Figure(DFS_RUN),
            SetupAction::SetDfsDepth(limit).into(),
        )
    });
    let limit_num = count_num("limit", limit.map(u64::from));
    let bfs_length = count_num("bfs-length", shortest.as_ref().map(|r| r.length));
    let bfs_expanded = count_num("bfs-expanded", shortest.as_ref().map(|r| r.stats.expanded));
    let caption = match (run.as_deref(), shortest.as_deref()) {
        (Some(r), Some(_)) if r.status == Status::Limit => fill_html(
            t(lang, Line::DfsNone),
            vec![
                limit_num,
                count_num("dfs-expanded", Some(r.stats.expanded)),
                bfs_length,
            ],
        ),
        (Some(r), Some(b)) if r.status == Status::Solved && r.length == b.length => fill_html(
            t(lang, Line::DfsShortest),
            vec![
                limit_num,
                count_num("dfs-length", Some(r.length)),
                count_num("dfs-expanded", Some(r.stats.expanded)),
                bfs_expanded,
            ],
        ),
        (Some(r), Some(b)) if r.status == Status::Solved => fill_html(
            t(lang, Line::DfsLonger),
            vec![
                limit_num,
                count_num("dfs-length", Some(r.length)),
                count_num("dfs-extra", Some(r.length.saturating_sub(b.length))),
                bfs_length,
                count_num("dfs-expanded", Some(r.stats.expanded)),
                bfs_expanded,
            ],
        ),
        _ => html! { { lang.t(crate::page::i18n::Page::LessonComputing) } },
    };
    // The board is the case's and a new limit clears DFS's old record, so every record held is of the runs shown.
    let sides = pair_sides(state, [DFS_BFS, DFS_RUN], [BFS, DFS], |_, _| true);
    let step = step_shown(drive.cursor, &sides);
    let (pictures, truncated) = pair_layers(
        &sides,
        step,
        3,
        [t(lang, Line::DfsBfsPicture), t(lang, Line::DfsPicture)],
    );
    let at_step = at_step(t(lang, Line::DfsAtStep), step, &sides);
    html! {
        <>
            <p>{ fill_html(t(lang, Line::DfsText), vec![count_num("case-length", Some(case.moves.len() as u64))]) }</p>
            <LessonFigure lab={DFS_RUN} {caption}>
                <div class="lesson-controls">
                    <label>{ t(lang, Line::DfsLimit) }{ " " }
                        <select data-testid="dfs-limit" onchange={on_limit}>
                            { for LIMITS.iter().map(|&l| html! {
                                <option value={l.to_string()} selected={Some(l) == limit}>{ l }</option>
                            }) }
                        </select>
                    </label>
                </div>
                <div class="eight-stage">
                    <div class="view lesson-view eight-board" data-figure="dfs">
                        <PuzzleBoard id={PuzzleId::Figure(DFS_RUN)} locked=true />
                    </div>
                    <PuzzlePlayback id={PuzzleId::Figure(DFS_RUN)} />
                </div>
                <p>{ t(lang, Line::DfsDrawn) }</p>
                <PairPictures searchers={[BFS, DFS]} {pictures} />
                <LayersLegend />
                if truncated {
                    <p class="lesson-hint" data-testid="dfs-truncated">{ t(lang, Line::DfsTruncated) }</p>
                }
                <DrivePane {sides} {drive}>{ at_step }</DrivePane>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::DfsReport) }</p>
        </>
    }
}
