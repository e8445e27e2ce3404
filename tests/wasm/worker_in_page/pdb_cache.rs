//! Browser tests of the worker's pattern-database cache in IndexedDB: tables stored are read back and installed,
//! a damaged entry or one of the old byte format is discarded (and deleted) rather than trusted, a missing one is
//! reported as missing, an earlier 5x5 tiling's entries are deleted, packed 5x5 tables come back packed, and tables built after a missed look are written, with
//! the writes a retiring worker waits for; each burst of reads or a write of built tables asks for a garbage
//! collection (the serialized copies IndexedDB leaves behind).
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test worker_in_page pdb_cache::`.
#![cfg(target_arch = "wasm32")]

use puzzle_lab::browser::{garbage_nudges, release};
use puzzle_lab::worker::tables::{
    forget, prepare, restore, settle_writes, store, store_bytes, tables_from_js, tables_to_js,
    Restored, TableCache,
};
use solver::pdb::cache::{cached_tables, install_tables};
use solver::pdb::{Geometry, Partition, PdbTables};
use std::sync::Arc;
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The tables of a 3x2 board with the blank's goal in cell `blank`: small, built in milliseconds.
fn small_tables(blank: u8) -> PdbTables {
    let geometry = Geometry::new(3, 2).expect("3x2 is a valid board");
    let partition = Partition::default_for(&geometry, blank).expect("a default partition of 3x2");
    PdbTables::build(&geometry, &partition, |_| {})
}

#[wasm_bindgen_test]
async fn stored_tables_are_read_back_byte_for_byte_and_installed() {
    let tables = small_tables(5);
    let key = tables.key();
    assert!(
        cached_tables(&key).is_none(),
        "the tables are in memory before the test"
    );
    store(&tables).await.expect("IndexedDB stores the tables");
    assert_eq!(restore(&key).await, Ok(Restored::Loaded));
    let installed = cached_tables(&key).expect("restore installs the tables");
    assert_eq!(installed.to_bytes(), tables.to_bytes());
}

/// Stores `bytes` as the entry of `key`, then checks that a look discards it, saying `why` (not installed), and
/// deletes it (the next look finds nothing).
async fn assert_discarded(key: &str, bytes: &[u8], why_contains: &str) {
    store_bytes(key, bytes)
        .await
        .expect("IndexedDB stores bytes");
    match restore(key).await {
        Ok(Restored::Discarded(why)) => assert!(why.contains(why_contains), "{why}"),
        other => panic!("the entry was not discarded: {other:?}"),
    }
    assert!(
        cached_tables(key).is_none(),
        "unusable tables were installed"
    );
    assert_eq!(restore(key).await, Ok(Restored::Missing));
}

#[wasm_bindgen_test]
async fn a_damaged_entry_is_discarded_and_deleted() {
    let tables = small_tables(0);
    let mut bytes = tables.to_bytes();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 0x40;
    assert_discarded(&tables.key(), &bytes, "corrupt").await;
}

#[wasm_bindgen_test]
async fn an_entry_of_the_old_byte_format_is_discarded_not_trusted() {
    // Version 1 (a byte an entry, before packing) under the current key: the same tables, refused for their version.
    let tables = small_tables(2);
    let mut bytes = tables.to_bytes();
    bytes[8..12].copy_from_slice(&1u32.to_le_bytes());
    assert_discarded(&tables.key(), &bytes, "version 1").await;
}

#[wasm_bindgen_test]
async fn packed_5x5_tables_are_stored_and_read_back_packed() {
    // A 3-tile group of 5x5 (the real ones take seconds to build): packed at half a byte an entry.
    let geometry = Geometry::new(5, 5).expect("5x5 is a valid board");
    let partition = Partition::new(&geometry, 24, vec![vec![0, 1, 5]]).expect("a partition of 5x5");
    let tables = PdbTables::build(&geometry, &partition, |_| {}).packed();
    assert!(tables.groups()[0].is_packed());
    store(&tables).await.expect("IndexedDB stores the tables");
    assert_eq!(restore(&tables.key()).await, Ok(Restored::Loaded));
    let installed = cached_tables(&tables.key()).expect("restore installs the tables");
    assert!(installed.groups()[0].is_packed());
    assert_eq!(*installed, tables);
}

#[wasm_bindgen_test]
async fn tables_built_after_a_missed_look_are_written_and_the_write_is_awaited() {
    let tables = small_tables(1);
    let key = tables.key();
    let prepared = prepare(key.clone()).await;
    // The search builds the tables (here: installs them), then the request finishes.
    install_tables(Arc::new(tables.clone()));
    let mut cache = TableCache::default();
    let note = prepared.finish(&mut cache);
    assert_eq!(note, Some(solver::report::Note::TablesStored));
    let writes = cache.take_writes();
    assert_eq!(writes.len(), 1, "one write for the built tables");
    assert!(cache.take_writes().is_empty(), "the writes were taken out");
    let before = garbage_nudges();
    assert!(settle_writes(writes).await, "the write succeeded");
    assert!(
        garbage_nudges() > before,
        "no collection was asked for after the write"
    );
    // What the write stored is what a fresh worker reads back.
    assert_eq!(restore(&key).await, Ok(Restored::Loaded));
}

#[wasm_bindgen_test]
async fn one_failed_write_keeps_the_cache_from_counting_as_stored() {
    let stored = || js_sys::Promise::resolve(&JsValue::TRUE);
    assert!(settle_writes(vec![stored(), stored()]).await);
    assert!(!settle_writes(vec![stored(), js_sys::Promise::resolve(&JsValue::FALSE)]).await);
    assert!(!settle_writes(vec![js_sys::Promise::reject(&JsValue::NULL)]).await);
    let mut cache = TableCache::default();
    assert!(cache.all_stored());
    cache.note_settled(false);
    cache.note_settled(true);
    assert!(
        !cache.all_stored(),
        "a later success does not undo a failure"
    );
}

#[wasm_bindgen_test]
async fn reading_tables_back_asks_for_a_collection_of_what_the_reads_left() {
    let tables = small_tables(3);
    store(&tables).await.expect("IndexedDB stores the tables");
    let before = garbage_nudges();
    let prepared = prepare(tables.key()).await;
    assert!(
        garbage_nudges() > before,
        "no collection was asked for after the read"
    );
    let mut cache = TableCache::default();
    assert!(prepared
        .finish(&mut cache)
        .is_some_and(|n| matches!(n, solver::report::Note::TablesRead { .. })));
    // The 5x5 tables (none stored here): one request after all nine looks, whatever they found.
    let before = garbage_nudges();
    assert_eq!(puzzle_lab::worker::five_by_five::restore().await.len(), 9);
    assert_eq!(garbage_nudges(), before + 1);
}

#[wasm_bindgen_test]
async fn the_earlier_5x5_tilings_tables_are_deleted_and_others_kept() {
    let earlier = puzzle_lab::worker::five_by_five::earlier_keys();
    let old = &earlier[0];
    store_bytes(old, &[1, 2, 3])
        .await
        .expect("IndexedDB stores bytes");
    let kept = small_tables(4);
    store(&kept).await.expect("IndexedDB stores the tables");
    forget(&earlier).await.expect("the entries are deleted");
    assert_eq!(restore(old).await, Ok(Restored::Missing));
    assert_eq!(restore(&kept.key()).await, Ok(Restored::Loaded));
}

#[wasm_bindgen_test]
async fn a_missing_entry_is_missing() {
    assert_eq!(
        restore("3x2-b2-no-such-partition").await,
        Ok(Restored::Missing)
    );
}

#[wasm_bindgen_test]
fn tables_cross_to_javascript_and_back_and_the_copy_can_be_freed() {
    let tables = small_tables(5);
    let array = tables_to_js(&tables);
    assert_eq!(array.to_vec(), tables.to_bytes());
    assert_eq!(tables_from_js(&array), Ok(tables.clone()));
    // Damage is reported, not trusted.
    let damaged = tables_to_js(&tables);
    damaged.set_index(
        damaged.length() / 2,
        damaged.get_index(damaged.length() / 2) ^ 1,
    );
    assert!(tables_from_js(&damaged).is_err());
    // Released: the bytes are gone now (the buffer is detached), not at some later collection.
    release(&array);
    assert_eq!(array.length(), 0);
    assert_eq!(array.buffer().byte_length(), 0);
}
