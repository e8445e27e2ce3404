//! This process's pattern-database tables as the searches ask for them: a board and goal's tables, built once
//! and then shared by every search (a CLI batch, a browser session); the 5x5 window tables; the keys that name
//! them. The tables themselves are held by key in `held` (its functions are re-exported here). Natively,
//! `pdb::disk` fills that store from files.

use super::board::{Geometry, PDB_MAX_CELLS};
use super::error::PdbError;
use super::heuristic::Pdb;
use super::near_optimal::WindowTables;
use super::partition::{partition_key, Partition};
use super::table::PdbTables;
use crate::search::Control;
use std::sync::Arc;

pub use super::held::{cached_bytes, cached_tables, forget_tables, install_tables};

/// The pattern databases for a `width` x `height` board and `goal`: from this process's cache, or built now
/// (reporting progress through `control`'s build hook) and cached. Natively, on 4x4, the 7-8 tables when
/// this process holds them (`disk::prepare_tables_78` or `disk::load_tables_78` put them there), else the
/// default partition's; on 4x4 without those, the quick 4-4-4-3 tables when this process holds them (the
/// browser's worker builds them on a first visit, for the searches run while the default ones are built).
pub fn pattern_database(
    width: u8,
    height: u8,
    goal: &[u8],
    control: &mut Control,
) -> Result<Pdb, PdbError> {
    let geometry = searched_geometry(width, height)?;
    geometry.check_tiles("goal", goal)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    #[cfg(not(target_arch = "wasm32"))]
    if crate::rules::seven_eight_serves(crate::sliding::Shape { width, height }) {
        let larger = super::seven_eight::seven_eight_partition(blank)?;
        if let Some(tables) = cached_tables(&partition_key(&geometry, &larger)) {
            return Pdb::new(tables, goal);
        }
    }
    let partition = Partition::default_for(&geometry, blank)?;
    let key = partition_key(&geometry, &partition);
    let cached = cached_tables(&key).or_else(|| quick_tables_held(&geometry, blank));
    let tables = match cached {
        Some(tables) => tables,
        None => {
            let tables = Arc::new(PdbTables::build(&geometry, &partition, |f| {
                control.build_progress(f)
            }));
            install_tables(Arc::clone(&tables));
            tables
        }
    };
    Pdb::new(tables, goal)
}

/// The quick tables for a goal whose blank sits on `blank`, if this process holds them (on the boards they
/// serve: [`Partition::quick_for`]).
fn quick_tables_held(geometry: &Geometry, blank: u8) -> Option<Arc<PdbTables>> {
    let partition = Partition::quick_for(geometry, blank)?.ok()?;
    cached_tables(&partition_key(geometry, &partition))
}

/// The partition of the quick tables for a board and goal ([`Partition::quick_for`]), on a board they serve.
pub fn quick_partition(width: u8, height: u8, goal: &[u8]) -> Option<Partition> {
    let geometry = Geometry::new(width, height).ok()?;
    let blank = goal.iter().position(|&t| t == 0)? as u8;
    Partition::quick_for(&geometry, blank)?.ok()
}

/// The geometry of a board the pattern-database searches take (up to 16 cells; the tables' builder
/// takes up to 25, for the 5x5 search in `pdb::near_optimal_5x5`), refused before any table is built.
pub(crate) fn searched_geometry(width: u8, height: u8) -> Result<Geometry, PdbError> {
    if usize::from(width) * usize::from(height) > PDB_MAX_CELLS {
        return Err(PdbError::UnsupportedSize { width, height });
    }
    Geometry::new(width, height)
}

/// The partition key of the default tables for a board and goal (the cache key in the browser and on disk).
pub fn pattern_database_key(width: u8, height: u8, goal: &[u8]) -> Result<String, PdbError> {
    let geometry = Geometry::new(width, height)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    Ok(partition_key(
        &geometry,
        &Partition::default_for(&geometry, blank)?,
    ))
}

/// The 5x5 tables of [`WindowTables::partitions`], if this process holds both (natively the CLI reads them
/// from its disk cache; the staged solver's improvement then uses them).
pub fn window_tables_5x5() -> Option<WindowTables> {
    let geometry = Geometry::new(5, 5).ok()?;
    let full = WindowTables::partitions()
        .ok()?
        .iter()
        .map(|partition| cached_tables(&partition_key(&geometry, partition)))
        .collect::<Option<Vec<_>>>()?;
    WindowTables::new(full).ok()
}
