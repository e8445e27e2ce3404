//! "Pattern databases": the 15-puzzle's tables as the solver defines them (its default partition of the goal
//! cells into groups, each group's table size), drawn on a board the reader slides: each group's tiles in its
//! colour, with the group's own table value on the board shown, their sum, the sum on the board's mirror image,
//! and the estimate, the larger. Beside them the Manhattan and linear-conflict estimates (the solver's functions),
//! the start's best estimate, max(the tables' estimate, linear conflict), and IDA* on the tables' shortest
//! solution and expansions. The tables live in the worker, so the values come back from a run on them: a greedy
//! run's report (the cheapest run on the tables) carries the start's lookups group by group and its proven
//! `lower_bound`; its own answer plays no part. A test holds both to the tables computed directly.

use super::common::{board, count, estimate, played, shape};
use super::driven::{report_for, use_followers};
use super::figures::{IDA_RUN, PDB_BOUND, PDB_RUN};
use super::idastar::FOUR_BOARD;
use super::text::{t, Line};
use crate::browser::fresh_seed;
use crate::format;
use crate::page::components::board::NO_GROUP;
use crate::page::components::puzzle_view::PuzzleBoard;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill, fill_html, use_lang};
use crate::page::lessons::figure::{place, start_of, use_figure_once};
use crate::page::lessons::figure::{use_auto_solve, LessonFigure};
use crate::page::state::setup::Setup;
use crate::page::state::PuzzleId;
use solver::pdb::rank::placements;
use solver::pdb::{Geometry, Partition};
use solver::report::PatternValues;
use solver::sliding::scramble;
use solver::{Algorithm, HeuristicName};
use std::rc::Rc;
use yew::prelude::*;

/// How far Scramble walks from the goal: the tables solve any 4x4 in moments, so a long walk.
const SCRAMBLE_MOVES: u32 = 80;

/// The groups of the solver's default 15-puzzle partition: each group's tiles (the usual goal's tile on each of
/// its cells) and its table's entries.
fn groups() -> Vec<(Vec<u8>, u64)> {
    let goal = shape(4, 4).default_goal();
    let Ok(geometry) = Geometry::new(4, 4) else {
        return Vec::new();
    };
    let Ok(partition) = Partition::default_for(&geometry, 15) else {
        return Vec::new();
    };
    partition
        .groups()
        .iter()
        .map(|cells| {
            let tiles = cells.iter().map(|&c| goal[usize::from(c)]).collect();
            let entries = placements(16, cells.len()).unwrap_or(0) as u64;
            (tiles, entries)
        })
        .collect()
}

/// Each tile's group (by tile number; the blank and tiles in no group get `NO_GROUP`).
fn group_of_tile(groups: &[(Vec<u8>, u64)]) -> Rc<[u8]> {
    let mut of = vec![NO_GROUP; 16];
    for (g, (tiles, _)) in groups.iter().enumerate() {
        for &tile in tiles {
            if let Some(slot) = of.get_mut(usize::from(tile)) {
                *slot = g as u8;
            }
        }
    }
    of.into()
}

/// IDA* on the tables, on `start`.
fn pdb_ida(start: &[u8]) -> Setup {
    board(4, 4, start, Algorithm::Idastar, HeuristicName::Pdb)
}

/// A greedy run on the tables, on `start`: the cheapest run that reports the start's lookups and best estimate.
fn pdb_greedy(start: &[u8]) -> Setup {
    board(4, 4, start, Algorithm::Greedy, HeuristicName::Pdb)
}

#[component]
pub fn PdbSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[IDA_RUN, PDB_BOUND, PDB_RUN]);
    use_figure_once(PDB_RUN, || pdb_ida(&FOUR_BOARD));
    use_figure_once(PDB_BOUND, || pdb_greedy(&FOUR_BOARD));
    // The tables' IDA* follows the IDA* section's board, and the reader's slides here; the greedy run follows it.
    use_followers(IDA_RUN, vec![(PDB_RUN, pdb_ida)]);
    let followed = use_followers(PDB_RUN, vec![(PDB_BOUND, pdb_greedy)]);
    use_auto_solve(PDB_RUN);
    use_auto_solve(PDB_BOUND);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let shown = followed.unwrap_or_else(|| FOUR_BOARD.to_vec());
    let groups = groups();
    let bound_run = report_for(state, PDB_BOUND, Some(&shown));
    let values = bound_run
        .as_ref()
        .and_then(|r| r.pattern_values.as_deref().cloned())
        .filter(|v| v.groups.len() == groups.len());
    let list = groups.iter().enumerate().map(|(i, (tiles, entries))| {
        let names: Vec<String> = tiles.iter().map(u8::to_string).collect();
        let value = values.as_ref().and_then(|v| v.lookups.first()?.get(i).copied());
        html! {
            <li data-testid="pdb-group" data-tiles={names.join(",")} data-entries={entries.to_string()}
                data-value={value.map(|v| v.to_string())}>
                <span class={classes!("group-swatch", format!("group-{}", i % 4))} aria-hidden="true">
                    { i + 1 }</span>
                { fill(t(lang, Line::PdbGroup), &[&(i + 1), &names.join(", "), &format::count(*entries)]) }
                { " " }
                { fill_html(t(lang, Line::PdbValue), vec![count(format!("group-{}", i + 1), value.map(u64::from))]) }
            </li>
        }
    });
    let sizes: Vec<String> = groups.iter().map(|(t, _)| t.len().to_string()).collect();
    let four = shape(4, 4);
    let run = report_for(state, PDB_RUN, Some(&shown));
    let caption = fill_html(
        t(lang, Line::PdbCaption),
        vec![
            count(
                "manhattan",
                estimate(four, &shown, HeuristicName::Manhattan),
            ),
            count(
                "linear-conflict",
                estimate(four, &shown, HeuristicName::LinearConflict),
            ),
            count("pdb-bound", bound_run.as_ref().and_then(|r| r.lower_bound)),
            count("pdb-length", run.as_ref().map(|r| r.length)),
            count("pdb-expanded", run.as_ref().map(|r| r.stats.expanded)),
        ],
    );
    let on_scramble = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            if let Ok(start) = scramble(four, &four.default_goal(), SCRAMBLE_MOVES, fresh_seed()) {
                place(&store.dispatch, PDB_RUN, pdb_ida(&start));
            }
        })
    };
    let on_back = {
        let store = store.clone();
        Callback::from(move |_: MouseEvent| {
            let start = start_of(&store.state, IDA_RUN).unwrap_or_else(|| FOUR_BOARD.to_vec());
            place(&store.dispatch, PDB_RUN, pdb_ida(&start));
        })
    };
    let played = played(&store, PDB_RUN);
    html! {
        <>
            <p>{ t(lang, Line::PdbText) }</p>
            <p>{ fill(t(lang, Line::PdbSplit), &[&sizes.join("-")]) }</p>
            <LessonFigure lab={PDB_RUN} {caption}>
                <div class="lesson-controls">
                    <button type="button" data-testid="pdb-scramble" onclick={on_scramble}>
                        { t(lang, Line::IdaScramble) }</button>
                    <button type="button" data-testid="pdb-back" onclick={on_back}>
                        { t(lang, Line::PdbBack) }</button>
                </div>
                <div class="lesson-pair">
                    <div class="view lesson-view lesson-small-board" data-testid="pdb-board">
                        <PuzzleBoard id={PuzzleId::Figure(PDB_RUN)} {played} groups={group_of_tile(&groups)} />
                    </div>
                    <div>
                        <ul class="lesson-groups" data-testid="pdb-groups">{ for list }</ul>
                        { sums(lang, values.as_ref()) }
                    </div>
                </div>
                <p class="lesson-hint">{ t(lang, Line::PdbHint) }</p>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::PdbArticle) }</p>
        </>
    }
}

/// The groups' sum on the board shown, on its mirror image, and the tables' estimate, the larger.
fn sums(lang: crate::page::i18n::Lang, values: Option<&PatternValues>) -> Html {
    let sums = values.map(PatternValues::sums).unwrap_or_default();
    let at = |i: usize| sums.get(i).copied().map(u64::from);
    let estimate = values.map(|v| u64::from(v.estimate()));
    html! {
        <p data-testid="pdb-sums">
            { fill_html(t(lang, Line::PdbSums), vec![
                count("pdb-sum", at(0)),
                count("pdb-mirror", at(1)),
                count("pdb-estimate", estimate),
            ]) }
        </p>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::pdb::cache::pattern_database;
    use solver::{Control, Limits, Status};

    fn run(algo: &str, heuristic: &str) -> solver::Report {
        let start = super::super::common::tile_list(&FOUR_BOARD).replace(", ", ",");
        let text =
            format!("puzzle=sliding&size=4x4&start={start}&algo={algo}&heuristic={heuristic}");
        let query = solver::query::parse(&text).unwrap();
        solver::run::solve(&query, &mut Control::new(Limits::default()))
    }

    #[test]
    fn the_caption_s_bound_is_the_start_s_max_of_the_tables_and_linear_conflict() {
        // PdbCaption and PdbSums: the greedy run the section reads reports the start's lookups group by group
        // (the groups the section lists, the board's own lookup first, then its mirror image's), their largest
        // sum is the tables' estimate, and its bound is max(tables, linear conflict); IDA* on the tables proves
        // that no more than the shortest.
        let greedy = run("greedy", "pdb");
        assert_eq!(greedy.status, Status::Solved);
        let goal = shape(4, 4).default_goal();
        let mut control = Control::new(Limits::default());
        let pdb = pattern_database(4, 4, &goal, &mut control).unwrap();
        let tables = u64::from(pdb.estimate(&FOUR_BOARD));
        let values = greedy
            .pattern_values
            .clone()
            .expect("a run on the tables reports its lookups");
        let listed: Vec<Vec<u8>> = groups().into_iter().map(|(tiles, _)| tiles).collect();
        assert_eq!(values.groups, listed);
        assert_eq!(values.lookups.len(), 2, "the board and its mirror image");
        assert_eq!(u64::from(values.estimate()), tables);
        let linear = estimate(shape(4, 4), &FOUR_BOARD, HeuristicName::LinearConflict).unwrap();
        assert_eq!(greedy.lower_bound, Some(tables.max(linear)));
        let ida = run("idastar", "pdb");
        assert!(ida.optimal);
        assert!(tables.max(linear) <= ida.length);
        // Each lookup's sum is admissible on its own: none is above the shortest.
        assert!(values.sums().iter().all(|&s| u64::from(s) <= ida.length));
    }
}
