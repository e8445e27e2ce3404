//! The tables this process holds, by [`PdbTables::key`]: built or loaded once, then shared by every search and
//! by every reader of the tables (the 5x5 window tables too). Read through `pdb::cache`.

use std::sync::{Arc, Mutex};

use super::table::PdbTables;

/// Pattern-database tables built or loaded in this process, so that a batch (or a browser session) builds each once.
static PDB_TABLES: Mutex<Vec<Arc<PdbTables>>> = Mutex::new(Vec::new());

/// Adds tables (loaded from a file or a browser cache) to this process's cache.
pub fn install_tables(tables: Arc<PdbTables>) {
    if let Ok(mut cache) = PDB_TABLES.lock() {
        let key = tables.key();
        cache.retain(|t| t.key() != key);
        cache.push(tables);
    }
}

/// Bytes of every table in this process's cache.
pub fn cached_bytes() -> u64 {
    PDB_TABLES.lock().map_or(0, |cache| {
        cache.iter().map(|t| t.memory_bytes() as u64).sum()
    })
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

/// Drops the cached tables with this key, if any (searches holding them keep their copy until they end).
pub fn forget_tables(key: &str) {
    if let Ok(mut cache) = PDB_TABLES.lock() {
        cache.retain(|t| t.key() != key);
    }
}
