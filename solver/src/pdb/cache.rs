//! This process's pattern-database tables: built or loaded once, then shared by every search (a CLI batch, a
//! browser session), by [`PdbTables::key`]; and the files and keys that feed it.

use super::{
    load_or_build, partition_key, Geometry, Partition, Pdb, PdbError, PdbTables, Provenance,
};
use crate::search::Control;
use std::sync::{Arc, Mutex};

/// Pattern-database tables built or loaded in this process, so that a batch (or a browser session) builds each once.
static PDB_TABLES: Mutex<Vec<Arc<PdbTables>>> = Mutex::new(Vec::new());

/// The pattern databases for a `width` x `height` board and `goal`: from this process's cache, or built now
/// (reporting progress through `control`'s build hook) and cached.
pub fn pattern_database(
    width: u8,
    height: u8,
    goal: &[u8],
    control: &mut Control,
) -> Result<Pdb, PdbError> {
    let geometry = Geometry::new(width, height)?;
    geometry.check_tiles("goal", goal)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    let partition = Partition::default_for(&geometry, blank)?;
    let key = partition_key(&geometry, &partition);
    let cached = cached_tables(&key);
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

/// The partition key of the default tables for a board and goal (the cache key in the browser and on disk).
pub fn pattern_database_key(width: u8, height: u8, goal: &[u8]) -> Result<String, PdbError> {
    let geometry = Geometry::new(width, height)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    Ok(partition_key(
        &geometry,
        &Partition::default_for(&geometry, blank)?,
    ))
}

/// Makes the pattern databases for a board and goal ready from the file at `path`: loaded if it holds
/// them, otherwise built and saved there. Returns a line for a person saying which happened.
pub fn prepare_pattern_database_file(
    path: &std::path::Path,
    width: u8,
    height: u8,
    goal: &[u8],
    control: &mut Control,
) -> Result<String, PdbError> {
    let geometry = Geometry::new(width, height)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    let partition = Partition::default_for(&geometry, blank)?;
    if cached_tables(&partition_key(&geometry, &partition)).is_some() {
        return Ok(String::new());
    }
    let (tables, provenance) =
        load_or_build(path, &geometry, &partition, |f| control.build_progress(f));
    install_tables(Arc::new(tables));
    Ok(match provenance {
        Provenance::Loaded => format!("pattern databases loaded from {}", path.display()),
        Provenance::Built {
            replaced,
            save_error,
        } => {
            let mut line = format!("pattern databases built and saved to {}", path.display());
            if let Some(why) = replaced {
                line = format!("{line} (the file there was not used: {why})");
            }
            if let Some(why) = save_error {
                line = format!("pattern databases built, but not saved: {why}");
            }
            line
        }
    })
}

/// Adds tables (loaded from a file or a browser cache) to this process's cache.
pub fn install_tables(tables: Arc<PdbTables>) {
    if let Ok(mut cache) = PDB_TABLES.lock() {
        let key = tables.key();
        cache.retain(|t| t.key() != key);
        cache.push(tables);
    }
}

/// The cached tables with this key, if any.
pub fn cached_tables(key: &str) -> Option<Arc<PdbTables>> {
    PDB_TABLES
        .lock()
        .ok()?
        .iter()
        .find(|t| t.key() == key)
        .cloned()
}
