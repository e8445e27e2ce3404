//! A lower bound proven by search: iterations of IDA* from the start with Manhattan distance plus linear conflict.
//! An iteration with threshold `t` visits every path whose every board has g + h at most `t`; one that ends
//! without reaching the goal proves that no solution has `t` moves or fewer (an admissible h never prunes a
//! path that reaches the goal within `t`), so the least f it pruned is a bound. Linear conflict alone stays a
//! few percent above Manhattan on big boards; each iteration raises the bound by 2, and one second of them
//! gives 6x6 about 10 moves, 8x8 about 4 (the next iteration costs 5 to 40 times the last).
//!
//! Nothing is allocated per node: the recursion holds one board a level, as deep as the threshold.

use crate::search::CHECK_EVERY;
use crate::sliding::{
    Board, Bytes, Cells, Dir, LinearConflict, Nibbles, Quints, Shape, SlidingPuzzle,
};
use crate::{Heuristic, Puzzle};

/// What a caller knows before each iteration, to decide whether to start it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Iteration {
    /// The bound proven so far: the next iteration's threshold.
    pub bound: u64,
    /// The nodes the last complete iteration visited, and the one before (0 before there was one).
    pub last_nodes: u64,
    pub before_last_nodes: u64,
}

/// The bound that iterations of IDA* prove for `start` towards `goal` (boards of `shape`, valid and solvable;
/// 0 otherwise). Before each iteration `go_on` says whether to start it; every [`CHECK_EVERY`] nodes, `spend`
/// is told how many were visited and says whether to go on (an iteration it stops proves nothing). An
/// iteration that reaches the goal proves its threshold exact, and ends the search.
pub fn deepening_bound(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    go_on: impl FnMut(Iteration) -> bool,
    spend: impl FnMut(u64) -> bool,
) -> u64 {
    if SlidingPuzzle::<Nibbles>::fits(shape) {
        deepen::<Nibbles>(shape, start, goal, go_on, spend)
    } else if SlidingPuzzle::<Quints>::fits(shape) {
        deepen::<Quints>(shape, start, goal, go_on, spend)
    } else {
        deepen::<Bytes>(shape, start, goal, go_on, spend)
    }
}

fn deepen<C: Cells>(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    mut go_on: impl FnMut(Iteration) -> bool,
    spend: impl FnMut(u64) -> bool,
) -> u64 {
    let Ok(puzzle) = SlidingPuzzle::<C>::new(shape, start, goal) else {
        return 0;
    };
    if puzzle.check_solvable().is_err() {
        return 0;
    }
    let heuristic = LinearConflict::new(&puzzle);
    let start = puzzle.start();
    let estimate = heuristic.estimate(&start);
    let mut walk = Walk {
        puzzle: &puzzle,
        heuristic: &heuristic,
        goal: puzzle.goal(),
        threshold: estimate,
        next: u32::MAX,
        nodes: 0,
        until_check: CHECK_EVERY,
        spend,
    };
    let mut iteration = Iteration {
        bound: u64::from(estimate),
        last_nodes: 0,
        before_last_nodes: 0,
    };
    while go_on(iteration) {
        walk.threshold = iteration.bound as u32;
        walk.next = u32::MAX;
        walk.nodes = 0;
        match walk.visit(&start, 0, estimate, None) {
            Visit::Goal => return iteration.bound,
            Visit::Stopped => break,
            // Nothing was pruned: the goal is unreachable, which the solvability check has ruled out.
            Visit::Done if walk.next == u32::MAX => break,
            Visit::Done => {}
        }
        iteration = Iteration {
            bound: u64::from(walk.next),
            last_nodes: walk.nodes,
            before_last_nodes: iteration.last_nodes,
        };
    }
    iteration.bound
}

/// How a subtree's search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Visit {
    Done,
    Goal,
    Stopped,
}

/// One iteration's depth-first walk.
struct Walk<'p, C, S> {
    puzzle: &'p SlidingPuzzle<C>,
    heuristic: &'p LinearConflict,
    goal: Board<C>,
    threshold: u32,
    /// The least f above the threshold met so far.
    next: u32,
    nodes: u64,
    until_check: u64,
    spend: S,
}

impl<C: Cells, S: FnMut(u64) -> bool> Walk<'_, C, S> {
    /// The subtree under `board` (g moves from the start, estimate `h`), whose last move undid `undo`'s reverse.
    fn visit(&mut self, board: &Board<C>, g: u32, h: u32, undo: Option<Dir>) -> Visit {
        if *board == self.goal {
            return Visit::Goal;
        }
        self.nodes += 1;
        self.until_check -= 1;
        if self.until_check == 0 {
            self.until_check = CHECK_EVERY;
            if !(self.spend)(CHECK_EVERY) {
                return Visit::Stopped;
            }
        }
        let mut children = [(0u32, Dir::Up, *board); 4];
        let mut count = 0;
        self.puzzle
            .for_each_successor_except(board, undo, |dir, next| {
                children[count] = (self.heuristic.estimate_after(board, h, &next), dir, next);
                count += 1;
            });
        for &(estimate, dir, next) in &children[..count] {
            let f = g + 1 + estimate;
            if f > self.threshold {
                self.next = self.next.min(f);
                continue;
            }
            match self.visit(&next, g + 1, estimate, Some(dir.opposite())) {
                Visit::Done => {}
                end => return end,
            }
        }
        Visit::Done
    }
}
