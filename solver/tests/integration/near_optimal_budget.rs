//! The near-optimal 5x5 search under a byte budget too small for its first weighted runs: it goes on to the window
//! re-optimisation (small searches) rather than giving up, so the path it was given still gets shorter. Small
//! tables (3-cell groups) keep the test quick.

use crate::common::{goal, small_window_tables, walk};
use solver::check::check_sliding;
use solver::pdb::{improve_5x5, replay};
use solver::search::{Control, Limits};
use solver::sliding::Dir;

fn letters(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

#[test]
fn a_first_run_stopped_by_the_byte_budget_leaves_the_windows_to_better_the_path() {
    let (g, mut tables) = small_window_tables();
    let goal = goal();
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
