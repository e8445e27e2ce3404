//! The tables a search looks up, readied before its clock starts: from this process, the disk cache or a file, or
//! a build. Which tables a query needs is the solver's rule (`solver::rules::tables_needed`); what this part decides
//! is where they come from.

use super::args::Options;
use solver::pdb::{self, disk::TableStore};
use solver::query::PuzzleSpec;
use solver::report::Tables;
use solver::rules::{seven_eight_serves, tables_needed, TablesNeeded};
use solver::sliding::{self, Shape};
use solver::Query;
use std::time::Instant;

/// Readies the tables the query's search looks up ([`tables_needed`]) on a solvable board: from this process, the
/// table store, or a build. `None` when no tables are used, or when they cannot be made for this board (then the
/// search's own report says why).
pub(crate) fn prepare_tables(
    query: &Query,
    options: &Options,
    show_progress: bool,
) -> Option<Tables> {
    let needed = tables_needed(&query.puzzle, query.choice())?;
    let PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    } = &query.puzzle
    else {
        return None;
    };
    let shape = Shape {
        width: *width,
        height: *height,
    };
    sliding::check_solvable(shape, start, goal).ok()?;
    let store = TableStore::choose(
        options.pdb_file.clone(),
        options.pdb_cache.clone(),
        options.no_pdb_cache,
    );
    let mut shown = None;
    let started = Instant::now();
    let progress = |fraction: f64| {
        let percent = (fraction * 100.0) as u32;
        if show_progress && shown != Some(percent) {
            shown = Some(percent);
            eprint!("\r  building pattern databases: {percent:3}%");
        }
    };
    let prepared = match needed {
        // The staged solver improves 5x5 answers with the 5x5 tables when they are kept on disk.
        TablesNeeded::FiveByFive => pdb::disk::prepare_tables_5x5(&store, progress),
        TablesNeeded::PatternDatabases if seven_eight_serves(shape) => {
            prepare_fifteen(goal, &store, options, progress)
        }
        TablesNeeded::PatternDatabases => {
            pdb::disk::prepare_tables(*width, *height, goal, &store, progress).map(Some)
        }
    };
    let ms = started.elapsed().as_secs_f64() * 1000.0;
    if shown.is_some() {
        eprint!("\r{:60}\r", "");
    }
    let prepared = prepared.ok()??;
    // A file that was not used or not saved is worth a line even with --json (on standard error).
    let trouble = prepared.replaced.is_some() || prepared.save_error.is_some();
    if let Some(line) = prepared.describe().filter(|_| trouble || !options.json) {
        eprintln!("solve: {line}");
    }
    Some(Tables {
        source: prepared.source.name(),
        ms,
        name: prepared.name,
    })
}

/// The 15-puzzle's tables: the 7-8 if asked for (built if need be); in a batch, the 7-8 if they are kept (or in
/// this process already), whose reading (~1 s for 577 MB) many searches repay; else the 6-6-3 (read back in tens
/// of milliseconds, built in seconds), so that a single solve starts at once. A kept 7-8 file that cannot be
/// used is named, and the 6-6-3 answer instead.
fn prepare_fifteen(
    goal: &[u8],
    store: &TableStore,
    options: &Options,
    progress: impl FnMut(f64),
) -> Result<Option<pdb::disk::Prepared>, pdb::PdbError> {
    if options.pdb_78 {
        return pdb::disk::prepare_tables_78(goal, store, progress).map(Some);
    }
    // One file for whatever tables (--pdb-file) holds the 6-6-3 unless --pdb-78 says otherwise.
    if options.batch && !matches!(store, TableStore::File(_)) {
        match pdb::disk::load_tables_78(goal, store) {
            Ok(Some(prepared)) => return Ok(Some(prepared)),
            Ok(None) => {}
            Err(why) => eprintln!(
                "solve: the kept 7-8 pattern databases were not used ({why}); --pdb-78 rebuilds them"
            ),
        }
    }
    pdb::disk::prepare_tables(4, 4, goal, store, progress).map(Some)
}
