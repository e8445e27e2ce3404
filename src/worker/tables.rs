//! The worker's cache of pattern databases across page loads: the tables' bytes in IndexedDB, keyed by their partition
//! key and the byte format's version, and [`TableCache`], the writes this worker started there.
//!
//! Building the 15-puzzle's tables takes seconds; reading them back takes a fraction of that. The worker looks here
//! before a `pdb` search (asynchronously, before the synchronous search starts), installs what it finds in the
//! solver's process-wide cache, and stores freshly built tables after the search (a worker about to be retired waits
//! for that write: [`TableCache`]). Every failure (no IndexedDB, a private mode that refuses it, a damaged entry)
//! falls back to building: the cache only ever saves time.

use crate::browser::js_text;
use solver::pdb::cache::{cached_tables, install_tables, pattern_database_key};
use solver::pdb::{PdbTables, FORMAT_VERSION};
use solver::query::Query;
use solver::report::Note;
use solver::rules::{tables_needed, PuzzleSpec, TablesNeeded};
use std::fmt;
use std::sync::Arc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbFactory, IdbOpenDbRequest, IdbRequest, IdbTransactionMode};

/// The IndexedDB database the worker keeps its tables in.
pub const DATABASE: &str = "puzzle-lab";
/// Its schema version (one object store).
const DATABASE_VERSION: u32 = 1;
/// The object store: key = [`entry_key`], value = the tables' bytes as a `Uint8Array`.
pub const STORE: &str = "pattern-databases";

/// Why the cache could not be used. The search goes on without it; the message says why it will rebuild.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CacheError {
    /// This context offers no IndexedDB (an old browser, a sandboxed frame, some private modes).
    Unavailable(String),
    /// The browser refused a read, a write or the opening of the database.
    Failed(String),
}

impl fmt::Display for CacheError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CacheError::Unavailable(why) => write!(
                f,
                "this browser offers no IndexedDB here ({why}), so the pattern databases are rebuilt on every visit"
            ),
            CacheError::Failed(why) => write!(
                f,
                "the browser's IndexedDB refused the pattern databases ({why}); they will be rebuilt next visit"
            ),
        }
    }
}

impl std::error::Error for CacheError {}

/// What a look in the cache found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Restored {
    /// The tables were read and installed in the solver's cache.
    Loaded,
    /// Nothing stored under this key yet.
    Missing,
    /// An entry was there but unreadable (`why`); it was deleted and the tables will be rebuilt.
    Discarded(String),
}

/// The cache's part in one request: what the look before the search found, and the note and the write after it.
#[derive(Debug)]
pub struct Prepared {
    key: String,
    restored: Result<Restored, CacheError>,
    /// Milliseconds the look took.
    elapsed_ms: f64,
}

/// The pattern-database key of a request that runs on pattern databases not yet in this worker's memory: such a
/// request should first [`prepare`], then run.
pub fn pending_key(query_text: &str) -> Option<String> {
    let query = solver::query::parse(query_text).ok()?;
    let key = key_for_query(&query)?;
    cached_tables(&key).is_none().then_some(key)
}

/// Looks for the tables of `key` in IndexedDB and installs them if found (never fails: the search builds them then).
pub async fn prepare(key: String) -> Prepared {
    let started = js_sys::Date::now();
    let restored = restore_collecting(&key).await;
    Prepared {
        key,
        restored,
        elapsed_ms: js_sys::Date::now() - started,
    }
}

impl Prepared {
    /// After the search: stores tables it built (in the background: the report is not held up by the write, which
    /// joins `cache`'s writes) and returns a note for the report saying where the tables came from, if worth saying.
    pub fn finish(self, cache: &mut TableCache) -> Option<Note> {
        let built = cached_tables(&self.key);
        match self.restored {
            Ok(Restored::Loaded) => Some(Note::TablesRead {
                ms: self.elapsed_ms,
            }),
            Ok(Restored::Missing) | Ok(Restored::Discarded(_)) if built.is_some() => {
                if let Some(tables) = built {
                    cache
                        .writes
                        .push(wasm_bindgen_futures::future_to_promise(async move {
                            let stored = store(&tables).await;
                            if let Err(e) = &stored {
                                gloo::console::warn!(e.to_string());
                            }
                            Ok(JsValue::from_bool(stored.is_ok()))
                        }));
                }
                Some(match self.restored {
                    Ok(Restored::Discarded(why)) => Note::TablesRebuilt { why },
                    _ => Note::TablesStored,
                })
            }
            Ok(_) => None,
            Err(e) => {
                // Tables built here that no cache holds: a fresh worker would have to build them again.
                if built.is_some() {
                    cache.unsaved = true;
                }
                Some(match e {
                    CacheError::Unavailable(why) => Note::NoTableStore { why },
                    CacheError::Failed(why) => Note::TableStoreRefused { why },
                })
            }
        }
    }
}

/// The writes of freshly built tables this worker started, and whether it holds tables it built but could not store.
/// A worker asks to be retired only once every write has settled and none failed, so that the fresh worker that
/// replaces it finds the tables in IndexedDB rather than building them again.
#[derive(Debug, Default)]
pub struct TableCache {
    /// Writes still in progress; each resolves to whether it stored its tables.
    writes: Vec<js_sys::Promise>,
    /// Set once a table built here could not be stored.
    unsaved: bool,
}

impl TableCache {
    /// Takes the writes started so far, to be awaited with [`settle_writes`] and answered with
    /// [`TableCache::note_settled`]: the cache is not held across that wait, since a request that comes in meanwhile
    /// may start another write.
    pub fn take_writes(&mut self) -> Vec<js_sys::Promise> {
        std::mem::take(&mut self.writes)
    }

    /// Records what [`settle_writes`] said of writes taken out.
    pub fn note_settled(&mut self, all_stored: bool) {
        self.unsaved |= !all_stored;
    }

    /// Whether every table this worker built and whose write has settled is in IndexedDB.
    pub fn all_stored(&self) -> bool {
        !self.unsaved
    }
}

/// Waits until each of `writes` has been committed or has failed (a failure was reported by the write itself), and
/// says whether they all stored their tables.
pub async fn settle_writes(writes: Vec<js_sys::Promise>) -> bool {
    let mut all_stored = true;
    for write in writes {
        let stored = JsFuture::from(write).await.ok().and_then(|v| v.as_bool());
        all_stored &= stored == Some(true);
    }
    all_stored
}

/// The pattern-database key a query needs, when it runs on pattern databases (`solver::rules::tables_needed`: the
/// `pdb` heuristic, named or the puzzle's default, on a board they cover). `None` for every other query (and
/// unreadable ones, which the solver itself reports).
pub fn key_for_query(query: &Query) -> Option<String> {
    if tables_needed(&query.puzzle, query.choice()) != Some(TablesNeeded::PatternDatabases) {
        return None;
    }
    let PuzzleSpec::Sliding {
        width,
        height,
        goal,
        ..
    } = &query.puzzle
    else {
        return None;
    };
    pattern_database_key(*width, *height, goal).ok()
}

/// The IndexedDB key of the tables with partition key `key`: the byte format's version is part of it, so that a
/// new format never reads an old entry.
pub fn entry_key(key: &str) -> String {
    format!("{key}@v{FORMAT_VERSION}")
}

/// Byte format versions below [`FORMAT_VERSION`] whose entries a returning browser may still hold: never read,
/// deleted when their tables are stored again.
const OLD_VERSIONS: [u32; 1] = [1];

/// Reads the tables stored under `key` and installs them with [`install_tables`]. A damaged entry is deleted.
pub async fn restore(key: &str) -> Result<Restored, CacheError> {
    let db = open().await?;
    let result = read(&db, key).await;
    let restored = match result {
        Ok(None) => Ok(Restored::Missing),
        Ok(Some(bytes)) => {
            let read = tables_from_js(&bytes);
            crate::browser::release(&bytes);
            match read {
                Ok(tables) if tables.key() == key => {
                    install_tables(Arc::new(tables));
                    Ok(Restored::Loaded)
                }
                Ok(tables) => {
                    discard(&db, key, format!("it holds tables for {}", tables.key())).await
                }
                Err(e) => discard(&db, key, e.to_string()).await,
            }
        }
        Err(e) => Err(e),
    };
    db.close();
    restored
}

/// Which of the partition keys `keys` have an entry stored, from one read of the store's keys. A caller about to
/// read many entries reads only those: each read is a few round trips to IndexedDB, and behind a build running in
/// slices each round trip waits for a slice to end.
pub async fn stored(keys: &[String]) -> Result<Vec<bool>, CacheError> {
    let db = open().await?;
    let failed = |e: JsValue| CacheError::Failed(js_text(&e));
    let listed = match db
        .transaction_with_str(STORE)
        .and_then(|tx| tx.object_store(STORE))
        .and_then(|store| store.get_all_keys())
    {
        Ok(request) => settle(&request).await,
        Err(e) => Err(failed(e)),
    };
    db.close();
    let entries: std::collections::HashSet<String> = js_sys::Array::from(&listed?)
        .iter()
        .filter_map(|key| key.as_string())
        .collect();
    Ok(keys
        .iter()
        .map(|key| entries.contains(&entry_key(key)))
        .collect())
}

/// [`restore`], then asks for the read's garbage (a serialized copy as large as the tables, which IndexedDB holds
/// until a collection) to go at once ([`crate::browser::collect_garbage_soon`]). A caller reading many entries calls
/// `restore` for each and asks once at the end.
pub async fn restore_collecting(key: &str) -> Result<Restored, CacheError> {
    let restored = restore(key).await;
    crate::browser::collect_garbage_soon();
    restored
}

/// Stores `tables` under their key, replacing any entry there; resolves once the write is committed. The write's
/// copy of the tables, which IndexedDB holds until a collection, is asked to go at once
/// ([`crate::browser::collect_garbage_soon`]).
pub async fn store(tables: &PdbTables) -> Result<(), CacheError> {
    let stored = store_array(&tables.key(), &tables_to_js(tables)).await;
    crate::browser::collect_garbage_soon();
    stored
}

/// Stores `bytes` as the entry of `key` (what [`store`] does with the tables' bytes; tests plant damaged entries
/// with it).
pub async fn store_bytes(key: &str, bytes: &[u8]) -> Result<(), CacheError> {
    store_array(key, &js_sys::Uint8Array::from(bytes)).await
}

/// Writes `value` under `key`; the array is emptied (its bytes freed) once IndexedDB has its own copy.
async fn store_array(key: &str, value: &js_sys::Uint8Array) -> Result<(), CacheError> {
    let db = open().await?;
    let written = write(&db, key, Some(value)).await;
    db.close();
    written
}

/// Deletes the entries of the partition keys `keys` (of every byte format), in one transaction: tables that earlier
/// releases stored and this one never reads (the 5x5 tables of an earlier tiling). Resolves once committed.
pub async fn forget(keys: &[String]) -> Result<(), CacheError> {
    let db = open().await?;
    let failed = |e: JsValue| CacheError::Failed(js_text(&e));
    let forgotten = match db.transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite) {
        Ok(tx) => {
            let deleted = tx.object_store(STORE).and_then(|store| {
                for key in keys {
                    store.delete(&JsValue::from_str(&entry_key(key)))?;
                    for version in OLD_VERSIONS {
                        store.delete(&JsValue::from_str(&format!("{key}@v{version}")))?;
                    }
                }
                Ok(())
            });
            match deleted {
                Ok(()) => committed(&tx).await,
                Err(e) => Err(failed(e)),
            }
        }
        Err(e) => Err(failed(e)),
    };
    db.close();
    forgotten
}

/// The tables' bytes ([`PdbTables::to_bytes`]) in a new JavaScript array, copied piece by piece: the tables are
/// not copied a second time in this worker's memory, which never shrinks.
pub fn tables_to_js(tables: &PdbTables) -> js_sys::Uint8Array {
    let array = js_sys::Uint8Array::new_with_length(tables.byte_len() as u32);
    let mut at = 0u32;
    tables.write_pieces(|piece| {
        let end = at + piece.len() as u32;
        array.subarray(at, end).copy_from(piece);
        at = end;
    });
    array
}

/// Tables read from a JavaScript array of their bytes, each group's table straight into its own buffer (no whole
/// copy of the bytes in this worker's memory first).
pub fn tables_from_js(bytes: &js_sys::Uint8Array) -> Result<PdbTables, solver::pdb::PdbError> {
    PdbTables::read_pieces(bytes.length() as usize, |at, out| {
        let at = at as u32;
        bytes.subarray(at, at + out.len() as u32).copy_to(out);
    })
}

/// Deletes the entry under `key` and says why it was not used.
async fn discard(db: &IdbDatabase, key: &str, why: String) -> Result<Restored, CacheError> {
    // A failed delete leaves an entry that the next look discards again: harmless.
    let _ = write(db, key, None).await;
    Ok(Restored::Discarded(why))
}

/// The IndexedDB factory of this worker (or page).
fn factory() -> Result<IdbFactory, CacheError> {
    let global = js_sys::global();
    let factory = if let Some(scope) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        scope.indexed_db()
    } else if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        window.indexed_db()
    } else {
        return Err(CacheError::Unavailable(
            "neither a worker nor a page".into(),
        ));
    };
    match factory {
        Ok(Some(factory)) => Ok(factory),
        Ok(None) => Err(CacheError::Unavailable("indexedDB is absent".into())),
        Err(e) => Err(CacheError::Unavailable(js_text(&e))),
    }
}

/// Opens the database, creating its store on first use.
async fn open() -> Result<IdbDatabase, CacheError> {
    let request: IdbOpenDbRequest = factory()?
        .open_with_u32(DATABASE, DATABASE_VERSION)
        .map_err(|e| CacheError::Unavailable(js_text(&e)))?;
    let on_upgrade = {
        let request = request.clone();
        Closure::<dyn FnMut(web_sys::Event)>::new(move |_: web_sys::Event| {
            if let Ok(db) = request.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
                if !db.object_store_names().contains(STORE) {
                    // A failure here aborts the upgrade, which fails the open: reported there.
                    let _ = db.create_object_store(STORE);
                }
            }
        })
    };
    request.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    let opened = settle(&request).await;
    request.set_onupgradeneeded(None);
    drop(on_upgrade);
    opened?
        .dyn_into::<IdbDatabase>()
        .map_err(|_| CacheError::Failed("the database did not open".into()))
}

/// The bytes stored under `key`, if any.
async fn read(db: &IdbDatabase, key: &str) -> Result<Option<js_sys::Uint8Array>, CacheError> {
    let failed = |e: JsValue| CacheError::Failed(js_text(&e));
    let store = db
        .transaction_with_str(STORE)
        .and_then(|tx| tx.object_store(STORE))
        .map_err(failed)?;
    let request = store
        .get(&JsValue::from_str(&entry_key(key)))
        .map_err(failed)?;
    let value = settle(&request).await?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    match value.dyn_into::<js_sys::Uint8Array>() {
        Ok(array) => Ok(Some(array)),
        // Something else under our key: hand back no bytes a table could come from, so it is discarded.
        Err(_) => Ok(Some(js_sys::Uint8Array::new_with_length(0))),
    }
}

/// Puts `value` under `key` (or deletes the entry when `None`) and waits for the commit. `value` is emptied once
/// IndexedDB has cloned it (see [`crate::browser::release`]).
async fn write(
    db: &IdbDatabase,
    key: &str,
    value: Option<&js_sys::Uint8Array>,
) -> Result<(), CacheError> {
    let failed = |e: JsValue| CacheError::Failed(js_text(&e));
    let tx = db
        .transaction_with_str_and_mode(STORE, IdbTransactionMode::Readwrite)
        .map_err(failed)?;
    let store = tx.object_store(STORE).map_err(failed)?;
    let entry = JsValue::from_str(&entry_key(key));
    match value {
        // `put` clones the value at once, so its bytes can go now rather than at some later collection.
        Some(value) => store
            .put_with_key(value, &entry)
            .inspect(|_| crate::browser::release(value)),
        None => store.delete(&entry),
    }
    .map_err(failed)?;
    if value.is_some() {
        // What an earlier format left under this partition's key goes in the same transaction.
        for version in OLD_VERSIONS {
            store
                .delete(&JsValue::from_str(&format!("{key}@v{version}")))
                .map_err(failed)?;
        }
    }
    committed(&tx).await
}

/// Waits for `tx` to commit.
async fn committed(tx: &web_sys::IdbTransaction) -> Result<(), CacheError> {
    let committed = js_sys::Promise::new(&mut |resolve, reject| {
        tx.set_oncomplete(Some(&resolve));
        tx.set_onerror(Some(&reject));
        tx.set_onabort(Some(&reject));
    });
    let outcome = JsFuture::from(committed).await;
    tx.set_oncomplete(None);
    tx.set_onerror(None);
    tx.set_onabort(None);
    outcome.map(|_| ()).map_err(|_| {
        CacheError::Failed(
            tx.error()
                .map_or_else(|| "the write was aborted".into(), |e| e.message()),
        )
    })
}

/// Waits for a request to succeed (its result) or fail (its error, as text).
async fn settle(request: &IdbRequest) -> Result<JsValue, CacheError> {
    let done = js_sys::Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    let outcome = JsFuture::from(done).await;
    request.set_onsuccess(None);
    request.set_onerror(None);
    match outcome {
        Ok(_) => request
            .result()
            .map_err(|e| CacheError::Failed(js_text(&e))),
        Err(_) => Err(CacheError::Failed(match request.error() {
            Ok(Some(e)) => format!("{}: {}", e.name(), e.message()),
            _ => "the request failed".into(),
        })),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Query {
        match solver::query::parse(text) {
            Ok(q) => q,
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn only_pdb_searches_on_small_boards_need_the_cache() {
        let start = "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
        let key = key_for_query(&parsed(&format!("{start}&algo=idastar&heuristic=pdb")));
        let expected = pattern_database_key(4, 4, &solver::rules::default_sliding_goal(4, 4));
        assert_eq!(key, expected.ok());
        assert!(key.is_some());
        // Another heuristic, or an algorithm without one, needs no tables.
        assert_eq!(
            key_for_query(&parsed(&format!(
                "{start}&algo=idastar&heuristic=manhattan"
            ))),
            None
        );
        assert_eq!(key_for_query(&parsed(&format!("{start}&algo=bfs"))), None);
        // As the solver picks them: a 15-puzzle query naming nothing runs on the tables; one naming only its
        // algorithm runs with the usual heuristic (linear conflict), and so does an 8-puzzle naming nothing.
        assert_eq!(key_for_query(&parsed(start)), key);
        assert_eq!(key_for_query(&parsed(&format!("{start}&algo=astar"))), None);
        assert_eq!(
            key_for_query(&parsed("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8")),
            None
        );
        assert_eq!(
            key_for_query(&parsed(
                "puzzle=hanoi&pegs=4&disks=3&start=0,0,0&goal=3,3,3&algo=astar"
            )),
            None
        );
    }

    #[test]
    fn the_goal_decides_the_key_and_the_format_version_is_in_the_entry() {
        let with_goal = |goal: &str| {
            key_for_query(&parsed(&format!(
                "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&goal={goal}&algo=astar&heuristic=pdb"
            )))
        };
        let blank_last = with_goal("1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,0");
        let blank_first = with_goal("0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15");
        assert!(blank_last.is_some() && blank_first.is_some());
        assert_ne!(blank_last, blank_first);
        let entry = entry_key("4x4-b15");
        assert!(entry.ends_with(&format!("@v{FORMAT_VERSION}")), "{entry}");
    }
}
