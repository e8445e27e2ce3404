//! "Pattern databases": the 15-puzzle's tables as the solver defines them (its default partition of the goal
//! cells into groups, each group's table size), then on the IDA* section's board the Manhattan and linear-conflict
//! estimates (the solver's functions), the start's best estimate, max(the tables' sum, linear conflict), and IDA*
//! on the tables' shortest solution and expansions. The tables live in the worker, so the start's estimate comes
//! back as a run's proven `lower_bound` (a greedy run on the tables: the cheapest run that reports it; its own
//! answer plays no part), and a test holds that bound equal to max(tables, linear conflict) computed directly.

use super::common::{board, count, estimate, shape};
use super::driven::{report_for, use_followers};
use super::figures::{IDA_RUN, PDB_BOUND, PDB_RUN};
use super::idastar::FOUR_BOARD;
use super::text::{t, Line};
use crate::format;
use crate::page::hooks::store::use_store;
use crate::page::i18n::{fill, fill_html, use_lang};
use crate::page::lessons::figure::use_figure_once;
use crate::page::lessons::figure::{use_auto_solve, LessonFigure};
use crate::page::state::setup::Setup;
use solver::pdb::rank::placements;
use solver::pdb::{Geometry, Partition};
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

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

/// IDA* on the tables, on `start`.
fn pdb_ida(start: &[u8]) -> Setup {
    board(4, 4, start, Algorithm::Idastar, HeuristicName::Pdb)
}

/// A greedy run on the tables, on `start`: the cheapest run that reports the start's best estimate.
fn pdb_greedy(start: &[u8]) -> Setup {
    board(4, 4, start, Algorithm::Greedy, HeuristicName::Pdb)
}

#[component]
pub fn PdbSection() -> Html {
    let lang = use_lang();
    let store = use_store();
    use_figure_once(PDB_RUN, || pdb_ida(&FOUR_BOARD));
    use_figure_once(PDB_BOUND, || pdb_greedy(&FOUR_BOARD));
    // The tables' runs follow the IDA* section's board, the reader's once they take it.
    let followed = use_followers(IDA_RUN, vec![(PDB_RUN, pdb_ida), (PDB_BOUND, pdb_greedy)]);
    use_auto_solve(PDB_RUN);
    use_auto_solve(PDB_BOUND);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let shown = followed.unwrap_or_else(|| FOUR_BOARD.to_vec());
    let groups = groups();
    let list = groups.iter().enumerate().map(|(i, (tiles, entries))| {
        let tiles: Vec<String> = tiles.iter().map(u8::to_string).collect();
        html! {
            <li data-testid="pdb-group" data-tiles={tiles.join(",")} data-entries={entries.to_string()}>
                { fill(t(lang, Line::PdbGroup), &[&(i + 1), &tiles.join(", "), &format::count(*entries)]) }
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
            count(
                "pdb-bound",
                report_for(state, PDB_BOUND, Some(&shown)).and_then(|r| r.lower_bound),
            ),
            count("pdb-length", run.as_ref().map(|r| r.length)),
            count("pdb-expanded", run.as_ref().map(|r| r.stats.expanded)),
        ],
    );
    html! {
        <>
            <p>{ t(lang, Line::PdbText) }</p>
            <p>{ fill(t(lang, Line::PdbSplit), &[&sizes.join("-")]) }</p>
            <LessonFigure lab={PDB_RUN} {caption}>
                <ul class="lesson-groups" data-testid="pdb-groups">{ for list }</ul>
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::PdbArticle) }</p>
        </>
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
        // PdbCaption: the number the section shows (a greedy run's lower bound) is max(tables, linear conflict)
        // at the start, and IDA* on the tables proves it no more than the shortest.
        let greedy = run("greedy", "pdb");
        assert_eq!(greedy.status, Status::Solved);
        let goal = shape(4, 4).default_goal();
        let mut control = Control::new(Limits::default());
        let pdb = pattern_database(4, 4, &goal, &mut control).unwrap();
        let tables = u64::from(pdb.estimate(&FOUR_BOARD));
        let linear = estimate(shape(4, 4), &FOUR_BOARD, HeuristicName::LinearConflict).unwrap();
        assert_eq!(greedy.lower_bound, Some(tables.max(linear)));
        let ida = run("idastar", "pdb");
        assert!(ida.optimal);
        assert!(tables.max(linear) <= ida.length);
    }
}
