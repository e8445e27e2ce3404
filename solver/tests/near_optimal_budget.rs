//! The near-optimal 5x5 search under a byte budget too small for its first weighted runs: it goes on to the window
//! re-optimisation (small searches) rather than giving up, so the path it was given still gets shorter. Small
//! tables (3-cell groups) keep the test quick.

use solver::check::check_sliding;
use solver::pdb::{improve_5x5, replay, Geometry, WindowTables};
use solver::search::{Control, Limits};
use solver::sliding::Dir;

/// A walk of `len` blank moves from `goal` (never straight back), as moves.
fn walk(g: &Geometry, goal: &[u8], len: usize, seed: u64) -> Vec<Dir> {
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

fn letters(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[test]
fn a_first_run_stopped_by_the_byte_budget_leaves_the_windows_to_better_the_path() {
    let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
    let cells: Vec<u8> = (0..25).collect();
    let groups = cells.chunks(3).map(<[u8]>::to_vec).collect();
    let mut tables =
        WindowTables::build_for(g.clone(), groups, |_| {}).unwrap_or_else(|e| panic!("{e}"));
    let goal: Vec<u8> = (1..25).chain([0]).collect();
    let there = walk(&g, &goal, 300, 5);
    let start = replay(&g, &goal, &there).unwrap_or_else(|| panic!("the walk replays"));
    // The way back, with a detour (there and back again) in its middle.
    let mut back: Vec<Dir> = there.iter().rev().map(|d| d.opposite()).collect();
    let middle = replay(&g, &start, &back[..150]).unwrap_or_else(|| panic!("the way back replays"));
    let detour = Dir::ALL
        .into_iter()
        .find(|&d| replay(&g, &middle, &[d]).is_some())
        .unwrap_or_else(|| panic!("the blank can move"));
    back.splice(150..150, [detour, detour.opposite()]);
    assert_eq!(check_sliding(5, 5, &start, &goal, &letters(&back)), Ok(()));

    let limits = Limits {
        max_states: 5_000_000,
        ..Limits::default()
    };
    let mut control = Control::new(limits).with_max_bytes(BUDGET);
    let (better, bound) = improve_5x5(&mut tables, &start, &goal, &back, &mut control, |_, _| {});
    let better = better.unwrap_or_else(|| panic!("the windows shorten a path with a detour"));
    assert!(
        better.len() + 2 <= back.len(),
        "{} moves from {}",
        better.len(),
        back.len()
    );
    assert_eq!(
        check_sliding(5, 5, &start, &goal, &letters(&better)),
        Ok(())
    );
    assert!(bound.is_some_and(|b| b as usize <= better.len()));
}

/// Bytes for the search: too few for the first weighted run on this start (which stops at the budget, found by
/// running it alone), enough for a window's search.
const BUDGET: u64 = 1 << 19;
