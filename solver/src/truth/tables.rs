//! The pattern databases of the board measured, for the truth panel: the `pdb` heuristic wherever the page offers it
//! (boards of up to 16 cells). The tables of boards of up to 12 cells, and of groups of at most
//! [`BUILD_MAX_GROUP_TILES`] tiles (every such board but 4x4), build in well under a second and are built here;
//! 4x4's 6-6-3 tables are measured once this process holds them (a solve built them, or the browser's cache gave
//! them back), and reported as not built before.

use crate::pdb::cache::{cached_tables, pattern_database};
use crate::pdb::{partition_key, Geometry, Partition, Pdb, PdbTables};
use crate::rules::pdb_covers;
use crate::search::{Control, Limits};
use crate::sliding::Shape;
use std::sync::Arc;

/// The largest group whose tables a measurement builds on boards of 13-16 cells: 5 tiles (5x3's 5-5-4 tables build
/// in about 0.35 s natively; 4x4's 6-tile groups take seconds).
pub const BUILD_MAX_GROUP_TILES: usize = 5;

/// The most cells of a board whose tables a measurement builds whatever their groups (12 cells: the 6-5 tables,
/// about 0.2 s natively).
pub const BUILD_ANY_MAX_CELLS: usize = 12;

impl Tables {
    /// The tables, when ready to look up.
    pub fn ready(&self) -> Option<&Pdb> {
        match self {
            Tables::Ready(pdb) => Some(pdb),
            Tables::NotOffered | Tables::NotBuilt => None,
        }
    }
}

/// Where the `pdb` heuristic stands for a board.
#[derive(Debug, Clone)]
pub enum Tables {
    /// The page does not offer `pdb` for this puzzle (a tower, or a board of more than 16 cells).
    NotOffered,
    /// The tables, ready to look up.
    Ready(Pdb),
    /// Offered, but the tables are too large to build for a measurement and this process does not hold them yet.
    NotBuilt,
}

/// The `pdb` heuristic of a `width` x `height` board with `goal`: built here when small (see the module header), else
/// from this process's tables when it holds them.
pub fn board_tables(width: u8, height: u8, goal: &[u8]) -> Tables {
    board_tables_held(width, height, goal, cached_tables)
}

/// The key of the tables a measurement of this board looks up rather than builds (4x4's 6-6-3), or `None` (tables
/// built here, or `pdb` not offered). The browser's worker reads them back from its cache before measuring.
pub fn looked_up_key(width: u8, height: u8, goal: &[u8]) -> Option<String> {
    match plan(width, height, goal) {
        Plan::LookUp(key) => Some(key),
        Plan::Build | Plan::NotOffered => None,
    }
}

/// What a measurement does for the `pdb` column.
enum Plan {
    NotOffered,
    Build,
    LookUp(String),
}

fn plan(width: u8, height: u8, goal: &[u8]) -> Plan {
    let cells = usize::from(width) * usize::from(height);
    if !pdb_covers(Shape { width, height }) {
        return Plan::NotOffered;
    }
    let Ok(geometry) = Geometry::new(width, height) else {
        return Plan::NotOffered;
    };
    let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    let Ok(partition) = Partition::default_for(&geometry, blank) else {
        return Plan::NotOffered;
    };
    if cells <= BUILD_ANY_MAX_CELLS
        || partition
            .groups()
            .iter()
            .all(|g| g.len() <= BUILD_MAX_GROUP_TILES)
    {
        Plan::Build
    } else {
        Plan::LookUp(partition_key(&geometry, &partition))
    }
}

/// [`board_tables`], with `held` in place of this process's cache for the tables too large to build here.
pub(crate) fn board_tables_held(
    width: u8,
    height: u8,
    goal: &[u8],
    held: impl Fn(&str) -> Option<Arc<PdbTables>>,
) -> Tables {
    match plan(width, height, goal) {
        Plan::NotOffered => Tables::NotOffered,
        Plan::Build => {
            let mut control = Control::new(Limits::default());
            match pattern_database(width, height, goal, &mut control) {
                Ok(pdb) => Tables::Ready(pdb),
                Err(_) => Tables::NotOffered,
            }
        }
        Plan::LookUp(key) => match held(&key).and_then(|t| Pdb::new(t, goal).ok()) {
            Some(pdb) => Tables::Ready(pdb),
            None => Tables::NotBuilt,
        },
    }
}
