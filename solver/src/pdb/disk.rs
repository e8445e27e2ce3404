//! Pattern databases kept on disk between runs (native builds only): the cache directory, one file
//! per table key, and [`prepare_tables`], which readies this process's tables from memory, the disk
//! or a build and says which.
//!
//! The directory is `$PUZZLE_LAB_CACHE` if set, else the user's cache directory (`$XDG_CACHE_HOME`,
//! else `~/.cache`, on Linux) + `puzzle-lab/`. A file there is trusted only if its header, length,
//! checksum and partition all match ([`super::PdbTables::from_bytes`]); anything else (truncated, damaged,
//! an older format, another partition's tables) is rebuilt and replaced, through a temporary file
//! and a rename.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::board::Geometry;
use super::cache::searched_geometry;
use super::error::PdbError;
use super::file::{load, load_or_build, Provenance};
use super::held::{cached_tables, install_tables};
use super::near_optimal::WindowTables;
use super::partition::{partition_key, Partition};
use super::seven_eight::seven_eight_partition;
use super::six_six::{six_six_partitions, SIX_SIX_NAME};
use super::table::PdbTables;

/// The environment variable that overrides the cache directory.
pub const CACHE_ENV: &str = "PUZZLE_LAB_CACHE";
/// The directory under the user's cache directory.
pub const CACHE_DIR_NAME: &str = "puzzle-lab";

/// Where a run keeps its tables between processes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableStore {
    /// Nowhere: the tables live in this process only.
    Nowhere,
    /// One file per table key in this directory.
    Dir(PathBuf),
    /// This one file, whatever the key (the CLI's `--pdb-file`).
    File(PathBuf),
}

impl TableStore {
    /// The store a command line asks for: `file` if given, else nowhere with `no_cache`, else `dir`,
    /// else [`default_cache_dir`] (nowhere if there is none).
    pub fn choose(file: Option<PathBuf>, dir: Option<PathBuf>, no_cache: bool) -> TableStore {
        match (file, no_cache, dir) {
            (Some(file), _, _) => TableStore::File(file),
            (None, true, _) => TableStore::Nowhere,
            (None, false, Some(dir)) => TableStore::Dir(dir),
            (None, false, None) => default_cache_dir().map_or(TableStore::Nowhere, TableStore::Dir),
        }
    }

    /// The file that holds (or will hold) the tables with this key, if any.
    pub fn path(&self, key: &str) -> Option<PathBuf> {
        match self {
            TableStore::Nowhere => None,
            TableStore::Dir(dir) => Some(cache_file(dir, key)),
            TableStore::File(file) => Some(file.clone()),
        }
    }
}

/// `$PUZZLE_LAB_CACHE`, else the user's cache directory + `puzzle-lab`; `None` if neither is known
/// (no home directory).
pub fn default_cache_dir() -> Option<PathBuf> {
    match std::env::var_os(CACHE_ENV) {
        Some(dir) if !dir.is_empty() => Some(PathBuf::from(dir)),
        _ => dirs::cache_dir().map(|dir| dir.join(CACHE_DIR_NAME)),
    }
}

/// The file in `dir` for the tables with this key (see [`super::PdbTables::key`]; keys are made of
/// digits, `x`, `b`, `-` and `.`, safe in a file name).
pub fn cache_file(dir: &Path, key: &str) -> PathBuf {
    dir.join(format!("pdb-{key}.bin"))
}

/// Where a run's tables came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TablesSource {
    /// Built in this process.
    Built,
    /// Read from a file.
    Disk,
    /// Already in this process's memory (an earlier puzzle of a batch).
    Memory,
}

impl TablesSource {
    /// `built`, `disk` or `memory`: the CLI's JSON names.
    pub fn name(self) -> &'static str {
        match self {
            TablesSource::Built => "built",
            TablesSource::Disk => "disk",
            TablesSource::Memory => "memory",
        }
    }
}

/// What [`prepare_tables`] did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prepared {
    pub source: TablesSource,
    /// Which tables: the partition's group sizes (`6-6-3`, `7-8`, ...).
    pub name: String,
    /// The file read or written, if any.
    pub path: Option<PathBuf>,
    /// Why a file found there was not used (it was rebuilt and replaced).
    pub replaced: Option<PdbError>,
    /// Why the built tables could not be saved (they are used all the same).
    pub save_error: Option<PdbError>,
}

impl Prepared {
    /// Tables already in this process's cache: nothing read or written.
    fn in_memory(partition: &Partition) -> Prepared {
        Prepared {
            source: TablesSource::Memory,
            name: partition.name(),
            path: None,
            replaced: None,
            save_error: None,
        }
    }

    /// What [`load_or_build`] (or [`super::load_or_else`]) did with the file at `path`.
    pub fn from_file(path: PathBuf, provenance: Provenance) -> Prepared {
        let (source, replaced, save_error) = match provenance {
            Provenance::Loaded => (TablesSource::Disk, None, None),
            Provenance::Built {
                replaced,
                save_error,
            } => (TablesSource::Built, replaced, save_error),
        };
        Prepared {
            source,
            name: String::new(),
            path: Some(path),
            replaced,
            save_error,
        }
    }

    /// One line for a person, or `None` when there is nothing to say (tables already in memory).
    pub fn describe(&self) -> Option<String> {
        let shown = self.path.as_deref().map(|p| p.display().to_string());
        let mut line = match (self.source, shown) {
            (TablesSource::Memory, _) => return None,
            (TablesSource::Disk, Some(path)) => format!("pattern databases loaded from {path}"),
            (_, None) => "pattern databases built (not kept on disk)".to_string(),
            (TablesSource::Built, Some(path)) if self.save_error.is_none() => {
                format!("pattern databases built and saved to {path}")
            }
            (_, Some(_)) => "pattern databases built".to_string(),
        };
        if let Some(why) = &self.replaced {
            line.push_str(&format!(" (the file there was not used: {why})"));
        }
        if let Some(why) = &self.save_error {
            line.push_str(&format!(", but not saved: {why}"));
        }
        Some(line)
    }
}

/// Makes the default pattern databases for a `width` x `height` board and `goal` ready in this
/// process's cache (where [`super::cache::pattern_database`] finds them): already there, read from
/// `store`, or built (reporting `progress`) and saved to `store`.
pub fn prepare_tables(
    width: u8,
    height: u8,
    goal: &[u8],
    store: &TableStore,
    progress: impl FnMut(f64),
) -> Result<Prepared, PdbError> {
    let geometry = searched_geometry(width, height)?;
    geometry.check_tiles("goal", goal)?;
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    let partition = Partition::default_for(&geometry, blank)?;
    Ok(prepare_partition(&geometry, &partition, store, progress))
}

/// Makes the two 5x5 group tables ([`WindowTables::partitions`]) and the seven smaller ones
/// ([`WindowTables::small_partitions`], which the dual lookups read for every blank cell) ready in this process's
/// cache, where the staged solver's improvement finds them ([`super::cache::window_tables_5x5`]): each already
/// there, read from `store`, or built (`progress` over the two large ones) and saved. Says "built" if any was built, else "disk" if any was
/// read. Without a store nothing is done (building them, ~10 s, is only worth it when they are kept).
pub fn prepare_tables_5x5(
    store: &TableStore,
    mut progress: impl FnMut(f64),
) -> Result<Option<Prepared>, PdbError> {
    if *store == TableStore::Nowhere {
        return Ok(None);
    }
    let geometry = Geometry::new(5, 5)?;
    let partitions = WindowTables::partitions()?;
    let count = partitions.len() as f64;
    let names: Vec<String> = partitions.iter().map(Partition::name).collect();
    let small = WindowTables::small_partitions()?;
    let all_partitions: Vec<Partition> = partitions.iter().chain(&small).cloned().collect();
    let all = prepare_each(
        &geometry,
        &all_partitions,
        names.join("-"),
        store,
        |i, f| progress(((i as f64 + f) / count).min(1.0)),
    );
    if all.source == TablesSource::Built {
        // The present tiling's tables are new here: an earlier tiling's, if kept, go.
        forget_earlier_5x5(store);
    }
    Ok(Some(all))
}

/// Deletes from a cache directory the files of the 5x5 tables an earlier tiling kept
/// ([`WindowTables::earlier_partitions`]), which nothing reads; says how many went. Only a directory of
/// tables is touched (never a `--pdb-file`); a file that cannot be deleted stays (it costs only disk space).
pub fn forget_earlier_5x5(store: &TableStore) -> usize {
    let (TableStore::Dir(_), Ok(geometry), Ok(earlier)) = (
        store,
        Geometry::new(5, 5),
        WindowTables::earlier_partitions(),
    ) else {
        return 0;
    };
    earlier
        .iter()
        .filter_map(|p| store.path(&partition_key(&geometry, p)))
        .filter(|path| std::fs::remove_file(path).is_ok())
        .count()
}

/// Every partition's tables ready in this process's cache ([`prepare_partition`], `progress` with the index
/// of the one under way and its fraction done), said as one: "built" if any was built, else "disk" if any was
/// read; the last file read or written.
fn prepare_each(
    geometry: &Geometry,
    partitions: &[Partition],
    name: String,
    store: &TableStore,
    mut progress: impl FnMut(usize, f64),
) -> Prepared {
    let mut all = Prepared {
        source: TablesSource::Memory,
        name,
        path: None,
        replaced: None,
        save_error: None,
    };
    for (i, partition) in partitions.iter().enumerate() {
        let one = prepare_partition(geometry, partition, store, |f| progress(i, f));
        let rank = |s: TablesSource| match s {
            TablesSource::Memory => 0,
            TablesSource::Disk => 1,
            TablesSource::Built => 2,
        };
        if rank(one.source) >= rank(all.source) {
            all.source = one.source;
            all.path = one.path.clone().or(all.path);
        }
        all.replaced = all.replaced.or(one.replaced);
        all.save_error = all.save_error.or(one.save_error);
    }
    all
}

/// Makes the 24-puzzle's 6-6-6-6 tables ready in this process's cache, where the near-optimal search then
/// takes them for every goal with the blank in a corner (`WindowTables::pdb_for`): each already there, read
/// from `store` (0.1 s each), or built on every core (about 75 s of CPU each, 380 MB at the peak; `progress`
/// over the four) and saved. `Ok(None)` when the store is not a directory (four builds are only worth it
/// when kept, each in its own file).
pub fn prepare_tables_6666(
    store: &TableStore,
    mut progress: impl FnMut(f64),
) -> Result<Option<Prepared>, PdbError> {
    if !matches!(store, TableStore::Dir(_)) {
        return Ok(None);
    }
    let geometry = Geometry::new(5, 5)?;
    let partitions = six_six_partitions()?;
    let count = partitions.len() as f64;
    Ok(Some(prepare_each(
        &geometry,
        &partitions,
        SIX_SIX_NAME.to_string(),
        store,
        |i, f| progress((i as f64 + f) / count),
    )))
}

/// One partition's tables ready in this process's cache: already there, read from `store`, or built and saved.
fn prepare_partition(
    geometry: &Geometry,
    partition: &Partition,
    store: &TableStore,
    progress: impl FnMut(f64),
) -> Prepared {
    let key = partition_key(geometry, partition);
    let in_memory = Prepared::in_memory(partition);
    if cached_tables(&key).is_some() {
        return in_memory;
    }
    let Some(path) = store.path(&key) else {
        install_tables(Arc::new(PdbTables::build(geometry, partition, progress)));
        return Prepared {
            source: TablesSource::Built,
            ..in_memory
        };
    };
    let (tables, provenance) = load_or_build(&path, geometry, partition, progress);
    install_tables(Arc::new(tables));
    Prepared {
        name: partition.name(),
        ..Prepared::from_file(path, provenance)
    }
}

/// The 15-puzzle and the 7-8 partition for `goal`'s blank cell, once `goal` is checked.
fn seven_eight(goal: &[u8]) -> Result<(Geometry, Partition), PdbError> {
    let geometry = Geometry::fifteen();
    geometry.check_tiles("goal", goal)?;
    let partition = seven_eight_partition(blank_cell(goal))?;
    Ok((geometry, partition))
}

/// Makes the 15-puzzle's 7-8 tables for `goal` ready in this process's cache (where
/// [`super::cache::pattern_database`] then prefers them to the 6-6-3): already there, read from `store`, or
/// built on every core (minutes, 1.6 GB of memory at the peak; `progress` after each level) and saved.
pub fn prepare_tables_78(
    goal: &[u8],
    store: &TableStore,
    progress: impl FnMut(f64),
) -> Result<Prepared, PdbError> {
    let (geometry, partition) = seven_eight(goal)?;
    Ok(prepare_partition(&geometry, &partition, store, progress))
}

/// The 15-puzzle's 7-8 tables for `goal` made ready only if they need no build: already in this process,
/// or a sound file in `store` (read, then kept in this process's cache). `Ok(None)` when `store` has no
/// such file; an error when the file there cannot be used (damaged, old, another partition's).
pub fn load_tables_78(goal: &[u8], store: &TableStore) -> Result<Option<Prepared>, PdbError> {
    let (geometry, partition) = seven_eight(goal)?;
    let key = partition_key(&geometry, &partition);
    let mut prepared = Prepared::in_memory(&partition);
    if cached_tables(&key).is_some() {
        return Ok(Some(prepared));
    }
    let Some(path) = store.path(&key) else {
        return Ok(None);
    };
    let Some(tables) = load(&path, &geometry, &partition)? else {
        return Ok(None);
    };
    install_tables(Arc::new(tables));
    prepared.source = TablesSource::Disk;
    prepared.path = Some(path);
    Ok(Some(prepared))
}

/// The blank's cell in a goal (checked before).
fn blank_cell(goal: &[u8]) -> u8 {
    goal.iter().position(|&t| t == 0).unwrap_or(0) as u8
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_earlier_5x5_tilings_files_are_deleted_and_nothing_else() {
        let dir = std::env::temp_dir().join(format!("puzzle-lab-forget-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
        let store = TableStore::Dir(dir.clone());
        let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        let key = |p: &Partition| partition_key(&g, p);
        let earlier = WindowTables::earlier_partitions().unwrap_or_else(|e| panic!("{e}"));
        let present = WindowTables::partitions().unwrap_or_else(|e| panic!("{e}"));
        let files: Vec<PathBuf> = [&earlier[0], &earlier[5], &present[0]]
            .iter()
            .filter_map(|p| store.path(&key(p)))
            .collect();
        for file in &files {
            std::fs::write(file, b"tables").unwrap_or_else(|e| panic!("{e}"));
        }
        assert_eq!(forget_earlier_5x5(&store), 2);
        assert!(!files[0].exists() && !files[1].exists());
        assert!(files[2].exists(), "the present tables' file went too");
        // A single file named on the command line is never touched.
        assert_eq!(forget_earlier_5x5(&TableStore::File(files[2].clone())), 0);
        assert!(files[2].exists());
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("{e}"));
    }

    #[test]
    fn the_store_is_chosen_by_flag_then_default() {
        let file = PathBuf::from("/x/t.bin");
        let dir = PathBuf::from("/y");
        assert_eq!(
            TableStore::choose(Some(file.clone()), Some(dir.clone()), true),
            TableStore::File(file.clone())
        );
        assert_eq!(
            TableStore::choose(None, Some(dir.clone()), true),
            TableStore::Nowhere
        );
        assert_eq!(
            TableStore::choose(None, Some(dir.clone()), false),
            TableStore::Dir(dir.clone())
        );
        assert_eq!(TableStore::Nowhere.path("4x4-b15"), None);
        assert_eq!(TableStore::File(file.clone()).path("k"), Some(file));
        let path = TableStore::Dir(dir)
            .path("4x4-b15-0.1-2.3")
            .unwrap_or_default();
        assert_eq!(path, PathBuf::from("/y/pdb-4x4-b15-0.1-2.3.bin"));
    }

    #[test]
    fn lines_say_what_happened() {
        let mut p = Prepared {
            source: TablesSource::Disk,
            name: "4-4".to_string(),
            path: Some(PathBuf::from("/c/t.bin")),
            replaced: None,
            save_error: None,
        };
        assert_eq!(
            p.describe().as_deref(),
            Some("pattern databases loaded from /c/t.bin")
        );
        p.source = TablesSource::Built;
        p.replaced = Some(PdbError::NotAPdbFile);
        let line = p.describe().unwrap_or_default();
        assert!(
            line.starts_with("pattern databases built and saved to /c/t.bin (the file there was not used: this is not"),
            "{line}"
        );
        p.source = TablesSource::Memory;
        assert_eq!(p.describe(), None);
    }
}
