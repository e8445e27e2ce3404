//! The worker's own code run in the test page (headless Chromium via wasm-bindgen-test), one test binary: each
//! module is a former `tests/wasm/<name>.rs`. `ties` needs the `reverse-ties` feature (the solver's switch for A*'s
//! ties), and is left out without it.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p puzzle-lab --target wasm32-unknown-unknown
//! --features reverse-ties --test worker_in_page`.
//!
//! wasm-bindgen-test runs one test at a time in one page and one wasm instance, so what a test leaves in the
//! instance is there for the next. These two share nothing the other reads: `ties` flips A*'s ties (and, should it
//! fail half-way, no unwinding puts them back), while `pdb_cache` runs no A*; `pdb_cache` fills the instance's
//! cache of pattern databases, IndexedDB and the count of garbage collections asked for, while `ties` only solves
//! towers, which use none of them. `web` stays a binary of its own: it mounts the whole app and leaves it running,
//! and the app asks for garbage collections as its state changes, which `pdb_cache` counts exactly.
#![cfg(target_arch = "wasm32")]

mod pdb_cache;
#[cfg(feature = "reverse-ties")]
mod ties;
