//! What the near-optimal integration tests share: small 5x5 tables for any goal, the usual goal, and random walks
//! of the blank.

use solver::pdb::{replay, Geometry, WindowTables};
use solver::sliding::Dir;

/// 5x5 tables for any goal of 3-cell groups (row-major runs, the last cell alone): quick to build for a test.
pub fn small_window_tables() -> (Geometry, WindowTables) {
    let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
    let cells: Vec<u8> = (0..25).collect();
    let groups = cells.chunks(3).map(<[u8]>::to_vec).collect();
    let tables =
        WindowTables::build_for(g.clone(), groups, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    (g, tables)
}

/// Tiles 1 to 24 in order, the blank last.
pub fn goal() -> Vec<u8> {
    (1..25).chain([0]).collect()
}

/// A walk of `len` blank moves from `goal` (never straight back), as moves.
pub fn walk(g: &Geometry, goal: &[u8], len: usize, seed: u64) -> Vec<Dir> {
    let mut board = goal.to_vec();
    let mut moves: Vec<Dir> = Vec::new();
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    while moves.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let dir = Dir::ALL[(x % 4) as usize];
        if moves.last().is_some_and(|&last| last == dir.opposite()) {
            continue;
        }
        if let Some(next) = replay(g, &board, &[dir]) {
            board = next;
            moves.push(dir);
        }
    }
    moves
}
