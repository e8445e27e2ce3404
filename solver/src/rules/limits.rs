//! The sizes the solver takes, each under the name of what it limits: a board's sides and cells, the cells the
//! pattern databases search and store, a window group of the 5x5 search, a tower's pegs and disks. The puzzles,
//! the tables and the searches read them from here; they read nothing.

/// The smallest board side.
pub const MIN_SIDE: u8 = 2;
/// The largest board side.
pub const MAX_SIDE: u8 = 8;
/// The most cells a board has (8x8): the length of every per-cell array of the sliding puzzles.
pub const BOARD_MAX_CELLS: usize = MAX_SIDE as usize * MAX_SIDE as usize;

/// The most cells a board searched on the pattern databases may have (the `pdb` heuristic and the tuned IDA*: one
/// nibble per cell in a `u64`). It is also the largest board whose optimal solving is within reach.
pub const PDB_MAX_CELLS: usize = 16;
/// The most cells a board may have for its tables to be built and stored (5x5; a cell set fits a `u32`).
/// Boards of 17 to 25 cells are searched by the near-optimal 5x5 search, not by the nibble-packed IDA*.
pub const PDB_TABLE_MAX_CELLS: usize = 25;
/// The most cells in one window group of the near-optimal 5x5 search's dual lookup.
pub const WINDOW_GROUP_MAX_CELLS: usize = 6;

/// The fewest pegs a tower can have.
pub const MIN_PEGS: u8 = 3;
/// The most pegs a tower can have.
pub const MAX_PEGS: u8 = 5;
/// The fewest disks of a Tower of Hanoi.
pub const MIN_DISKS: u8 = 1;
/// The most disks a search takes: 5^24 states still fit a `u64` rank.
pub const MAX_SEARCH_DISKS: u8 = 24;
/// The most disks the direct solvers take: 2^63 - 1 moves still fit a `u64` length.
pub const MAX_DIRECT_DISKS: u8 = 63;
/// The most disks the format accepts: the direct solvers' limit. Above [`MAX_SEARCH_DISKS`] only `algo=direct`
/// runs; the solver, not the parser, says so.
pub const MAX_DISKS: u8 = MAX_DIRECT_DISKS;
