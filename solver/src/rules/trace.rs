//! The step-through's limits, in one place: which puzzles a solve can be stepped through on ([`traceable`]), and
//! how much of a run a trace keeps. The worker records by them, the protocol carries them, the page asks by them,
//! and the dispatch keeps such boards on the engines that have an observer.

use super::puzzle::PuzzleSpec;

/// The most disks of a 3-peg tower whose search is traced (drawn as its Sierpinski triangle).
pub const TRACE_MAX_DISKS: u8 = 7;

/// The most cells of a board whose whole search the app can step through (3x3: 9! arrangements).
pub const TRACEABLE_CELLS: usize = 9;

/// The largest tower space the worker traces (3 pegs and [`TRACE_MAX_DISKS`] disks: 3^7 states).
pub const TRACE_MAX_STATES: u64 = 3u64.pow(TRACE_MAX_DISKS as u32);

/// The largest sliding space the worker traces, by ranks ([`TRACEABLE_CELLS`] cells: 9! arrangements; the search
/// reaches half of them).
pub const TRACE_MAX_SLIDING_RANKS: u64 = 362_880;

/// The most expansions a sliding trace records (with their boards); a search that needs more is cut short and the
/// trace says so (`Trace::truncated`).
pub const TRACE_MAX_EXPANSIONS: usize = 5_000;

/// The most expansions of a run whose search tree the trace carries (`Trace::tree`): the 8-puzzle's and small
/// boards' informed searches, Hanoi up to 6 disks. A larger run's trace comes without it, and the page says why.
pub const TREE_MAX_EXPANSIONS: usize = 2_000;

/// The most expansions a record holds whatever the caller asks: IDA* with a weak heuristic repeats states bound
/// after bound and could otherwise fill the memory with a record no one can step through.
pub const RECORD_MAX_EXPANSIONS: usize = 250_000;

// A tree is drawn only from a trace that holds its whole run, and a trace never asks more than a record holds.
const _: () = assert!(TREE_MAX_EXPANSIONS <= TRACE_MAX_EXPANSIONS);
const _: () = assert!(TRACE_MAX_EXPANSIONS <= RECORD_MAX_EXPANSIONS);

/// Whether a solve of this puzzle can be stepped through: a tower on 3 pegs of at most [`TRACE_MAX_DISKS`] disks,
/// or a board of at most [`TRACEABLE_CELLS`] cells.
///
/// ```
/// use solver::rules::{default_sliding_goal, traceable, PuzzleSpec};
/// let tower = |pegs, disks| PuzzleSpec::hanoi(pegs, disks, vec![0; usize::from(disks)], None).unwrap();
/// let board = |w, h| PuzzleSpec::sliding(w, h, default_sliding_goal(w, h), None).unwrap();
/// assert!(traceable(&tower(3, 7)) && !traceable(&tower(3, 8)) && !traceable(&tower(4, 3)));
/// assert!(traceable(&board(3, 3)) && !traceable(&board(4, 3)));
/// ```
pub fn traceable(spec: &PuzzleSpec) -> bool {
    match spec {
        PuzzleSpec::Hanoi { pegs: 3, disks, .. } => *disks <= TRACE_MAX_DISKS,
        PuzzleSpec::Hanoi { .. } => false,
        PuzzleSpec::Sliding { width, height, .. } => {
            usize::from(*width) * usize::from(*height) <= TRACEABLE_CELLS
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_trace_spaces_are_the_traceable_puzzles_largest() {
        // 9! arrangements of the largest traceable board.
        assert_eq!(
            TRACE_MAX_SLIDING_RANKS,
            (1..=TRACEABLE_CELLS as u64).product::<u64>()
        );
        assert_eq!(TRACE_MAX_STATES, 2187);
    }
}
