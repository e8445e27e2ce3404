//! Additive disjoint pattern databases: tables for boards of up to 25 cells, a tuned IDA* that
//! uses them on boards of up to 16 cells (the 15-puzzle above all), and a near-optimal search on
//! 5x5 (the 24-puzzle).
//!
//! # Any goal: tables per goal-cell partition, tiles renamed by goal cell
//! A pattern database for a group of tiles holds, for every placement of those tiles, the fewest
//! moves of THEM (other tiles and the blank move for free) that bring them to their goal cells.
//! That number depends only on the group's goal CELLS, not on the tiles' labels. So the tables
//! ([`PdbTables`]) are built for a partition of goal cells ([`Partition`]: disjoint groups of cells,
//! the blank's goal cell in none), and a goal is attached afterwards ([`Pdb::new`]) by renaming
//! each tile to its goal cell. One set of tables serves every goal with the same blank cell;
//! cache it by [`PdbTables::key`]. The default partition for 4x4 is 6-6-3 (two tables of
//! 5,765,760 bytes and one of 3,360), chosen by the blank's goal cell.
//!
//! # Reflections
//! A board symmetry that fixes the blank's goal cell (on 4x4: the transpose about the diagonal
//! through that cell, if there is one) maps the problem to one of the same distance, whose lookup
//! in the same tables gives a second lower bound; the heuristic is the max of the two.
//!
//! # Building and storing
//! [`PdbBuilder`] runs a breadth-first search per group over tile placements plus the blank's
//! region, in slices with a progress fraction; [`PdbTables::to_bytes`]/[`PdbTables::from_bytes`]
//! store the tables with a header and a checksum, and [`load_or_build`] keeps them in a file;
//! [`cache`] holds this process's tables, built or loaded once and shared by every search, and
//! natively [`disk`] keeps them in the user's cache directory between runs.
//!
//! # Searching
//! [`solve_idastar`] is IDA* with the heuristic updated incrementally per move (only the moved
//! tile's group is looked up again, its rank updated rather than recomputed), no allocation in
//! the loop, no move undoing its parent, children tried best first, bounds stepped by 2 (every
//! path to the goal has the same parity, so h is rounded up to it), the reflected lookup made
//! only for children the plain one does not already prune, and pathmax/BPMX to exploit the
//! databases' occasional inconsistency. [`solve_manhattan`] is the same engine with Manhattan
//! distance, to measure what the databases gain.
//!
//! ```
//! use std::sync::Arc;
//! use solver::pdb::{solve_idastar, Geometry, Partition, Pdb, PdbBuilder, PdbTables};
//! use solver::search::{Control, Limits, Status};
//!
//! let geometry = Geometry::new(3, 3).unwrap();
//! let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
//! // Build in slices (a web worker reports `fraction()` between them), store, load, pair.
//! let partition = Partition::default_for(&geometry, 8).unwrap();
//! let mut builder = PdbBuilder::new(&geometry, &partition);
//! while !builder.step(10_000) {
//!     assert!(builder.fraction() < 1.0);
//! }
//! let bytes = builder.into_tables().unwrap().to_bytes();
//! let tables = Arc::new(PdbTables::from_bytes(&bytes).unwrap());
//! let pdb = Pdb::new(tables, &goal).unwrap();
//!
//! let start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
//! let outcome = solve_idastar(&pdb, &start, &mut Control::new(Limits::default()));
//! assert_eq!(outcome.status, Status::Solved);
//! assert_eq!(outcome.length, 31);
//! assert!(pdb.estimate(&start) <= 31);
//! ```
//!
//! # 5x5
//! Five fixed groups of five cells tile the board ([`FIVE_BY_FIVE_GROUPS`]); a goal's blank cell
//! only turns its group into a 4-tile group, so [`WindowTables`] (two 5-tile tables, since the
//! four groups around the centre are quarter turns of one another, and a smaller table per blank
//! cell up to the symmetries) serve every goal, and a search between any two states can use them. [`LargePdb`] is tables paired with a goal on boards of up to 25 cells;
//! [`near_optimal_5x5`] (weighted A* runs, window re-optimisation, lower weights) finds short,
//! not shortest, answers and reports each better one; [`improve_5x5`] betters a given path.
//!
//! # Larger tables natively
//! Natively a group may pass [`MAX_GROUP_ENTRIES`] (up to an 8-tile group on 16 cells); such tables are
//! built by the parallel builder (`build_large`, on every core) and kept on disk in format
//! [`FILE_FORMAT_VERSION`]. The 15-puzzle's 7-8 partition ([`seven_eight_partition`]) is one, the 24-puzzle's
//! 6-6-6-6 ([`six_six_partitions`], which the 5x5 near-optimal search takes for every goal with the blank in
//! a corner) another; nothing of them compiles into WebAssembly, where the 6-6-3 and the window tables stay.
//!
//! On Korf's 100 instances IDA* expands about a tenth as many nodes on the 7-8 tables as on the 6-6-3; the
//! figures, and the commands that measure them, are in `docs/performance.md`.
//!
//! # Layout
//! Each file imports only from the layers under it:
//! - `error`, `board` (geometry), `rank` (placements to numbers and back), `huge_pages`;
//! - `partition` (groups of goal cells and the default ones), `packed` (half a byte an entry), `regions`
//!   and `marks` (what both builders' searches share);
//! - `table` (what a built table holds and its lookup), then `build_large` (the parallel builder) and
//!   `build` (the builder in slices, and [`PdbTables::build`], which picks one), `checksum` and `file`
//!   (bytes and files), `held` (this process's tables by key);
//! - `heuristic`, `incremental` and `idastar` (the optimal search), `seven_eight` and `six_six` (partitions),
//!   `near_optimal` (5x5), then `cache` and `disk`, which hand the searches their tables.

mod board;
mod build;
#[cfg(not(target_arch = "wasm32"))]
mod build_large;
pub mod cache;
mod checksum;
#[cfg(not(target_arch = "wasm32"))]
pub mod disk;
mod error;
mod file;
mod held;
mod heuristic;
#[cfg(not(target_arch = "wasm32"))]
mod huge_pages;
mod idastar;
mod incremental;
mod marks;
mod near_optimal;
mod packed;
mod partition;
pub mod rank;
mod regions;
#[cfg(not(target_arch = "wasm32"))]
mod seven_eight;
#[cfg(not(target_arch = "wasm32"))]
mod six_six;
mod table;

pub use board::{CellMap, Geometry};
pub use build::PdbBuilder;
pub use error::PdbError;
pub use file::{
    load, load_or_build, load_or_else, Provenance, FILE_FORMAT_VERSION, FORMAT_VERSION,
};
pub use heuristic::{Pdb, MAX_VIEWS, PDB_HEURISTIC_NAME};
#[cfg(not(target_arch = "wasm32"))]
pub use huge_pages::use_huge_pages;
pub use idastar::{solve_idastar, solve_manhattan};
pub use near_optimal::{
    improve_5x5, improve_windows, near_optimal_5x5, replay, search_near_optimal,
    solve_near_optimal, GroupSource, LargePdb, NearOptimal, WindowTables, WEIGHTS,
};
#[cfg(not(target_arch = "wasm32"))]
pub use partition::MAX_LARGE_GROUP_ENTRIES;
pub use partition::{
    five_by_five_groups, partition_key, Partition, FIVE_BY_FIVE_GROUPS, MAX_GROUP_ENTRIES,
};
#[cfg(not(target_arch = "wasm32"))]
pub use seven_eight::{seven_eight_partition, SEVEN_EIGHT_NAME};
#[cfg(not(target_arch = "wasm32"))]
pub use six_six::{six_six_partitions, SIX_SIX_BLANK, SIX_SIX_NAME};
pub use table::{GroupTable, PdbTables};
