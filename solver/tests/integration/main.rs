//! The solver's integration tests, one test binary (one crate to compile and link instead of one for each file):
//! each module is a former `tests/<name>.rs`. Run one module with a filter, e.g.
//! `cargo test -p solver --test integration weighted::`.
//!
//! Only files whose tests cannot notice the others running beside them, on other threads of the same process, are
//! here. Apart: `near_optimal_memory` (this binary's global allocator counts every thread's bytes), `pdb25` (run
//! alone in release; it holds the full 5x5 tables in the process's cache and works to a time limit), and the
//! `observers` binary (`dispatch` compares two runs whose bounds read the process's cache of pattern databases).

#[path = "../common/mod.rs"]
mod common;

mod beam_improver;
mod cli;
mod golden;
mod korf;
mod memory_limit;
mod near_optimal_budget;
mod optimality;
mod pdb_disk_cache;
mod pdb_large;
mod query_fuzz;
mod staged;
mod weighted;
