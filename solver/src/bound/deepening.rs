//! Iterations of IDA* on sliding boards with Manhattan distance plus linear conflict: the one search behind a
//! bound proven by search ([`deepening_bound`]) and the windows' shortest paths (`improve::window`).
//!
//! An iteration with threshold `t` visits every path whose every board has g + h at most `t`; one that ends
//! without reaching the goal proves that no solution has `t` moves or fewer (an admissible h never prunes a
//! path that reaches the goal within `t`), so the least f it pruned is the next threshold and a bound. The first
//! iteration that reaches the goal does so at its threshold: that path is a shortest one. Linear conflict alone
//! stays a few percent above Manhattan on big boards; each iteration raises the bound by 2, and one second of
//! them gives 6x6 about 10 moves, 8x8 about 4 (the next iteration costs 5 to 40 times the last).
//!
//! Nothing is allocated per node: the recursion holds one board a level, and the path one move a level.

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

/// How iterations ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Deepened {
    /// A shortest path: an iteration reached the goal.
    Shortest(Vec<Dir>),
    /// The goal is farther than `bound` - 1 moves; the iterations stopped because `go_on` said so, `spend` said
    /// stop, or the cap on nodes was reached (an iteration stopped proves nothing, so `bound` is the last
    /// complete one's).
    Farther { bound: u64, end: End },
}

/// Why iterations ended without the goal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum End {
    /// `go_on` declined the next iteration.
    Declined,
    /// `spend` said stop.
    Stopped,
    /// The search's own cap on nodes was reached.
    Capped,
    /// `start` cannot reach the goal, or the boards are not valid.
    Unreachable,
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
    match deepen(shape, start, goal, u64::MAX, go_on, spend) {
        Deepened::Shortest(path) => path.len() as u64,
        Deepened::Farther { bound, .. } => bound,
    }
}

/// Iterations of IDA* from `start` to `goal` (boards of `shape`) while `go_on` says so, visiting at most
/// `max_nodes` in all; every [`CHECK_EVERY`] nodes, and once at the end for the rest, `spend` is told how many
/// were visited and says whether to go on.
pub fn deepen(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    max_nodes: u64,
    go_on: impl FnMut(Iteration) -> bool,
    spend: impl FnMut(u64) -> bool,
) -> Deepened {
    if SlidingPuzzle::<Nibbles>::fits(shape) {
        iterate::<Nibbles>(shape, start, goal, max_nodes, go_on, spend)
    } else if SlidingPuzzle::<Quints>::fits(shape) {
        iterate::<Quints>(shape, start, goal, max_nodes, go_on, spend)
    } else {
        iterate::<Bytes>(shape, start, goal, max_nodes, go_on, spend)
    }
}

fn iterate<C: Cells>(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    max_nodes: u64,
    mut go_on: impl FnMut(Iteration) -> bool,
    spend: impl FnMut(u64) -> bool,
) -> Deepened {
    let unreachable = Deepened::Farther {
        bound: 0,
        end: End::Unreachable,
    };
    let Ok(puzzle) = SlidingPuzzle::<C>::new(shape, start, goal) else {
        return unreachable;
    };
    if puzzle.check_solvable().is_err() {
        return unreachable;
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
        path: Vec::new(),
        nodes: 0,
        max_nodes,
        until_check: CHECK_EVERY,
        spend,
    };
    let mut iteration = Iteration {
        bound: u64::from(estimate),
        last_nodes: 0,
        before_last_nodes: 0,
    };
    let end = loop {
        if !go_on(iteration) {
            break End::Declined;
        }
        walk.threshold = iteration.bound as u32;
        walk.next = u32::MAX;
        let before = walk.nodes;
        match walk.visit(&start, 0, estimate, None) {
            Visit::Goal => {
                walk.spend_rest();
                return Deepened::Shortest(walk.path);
            }
            Visit::Stopped => break End::Stopped,
            Visit::Capped => break End::Capped,
            Visit::Done if walk.next == u32::MAX => break End::Unreachable,
            Visit::Done => {}
        }
        iteration = Iteration {
            bound: u64::from(walk.next),
            last_nodes: walk.nodes - before,
            before_last_nodes: iteration.last_nodes,
        };
    };
    walk.spend_rest();
    Deepened::Farther {
        bound: iteration.bound,
        end,
    }
}

/// How a subtree's search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Visit {
    Done,
    Goal,
    Stopped,
    Capped,
}

/// One iteration's depth-first walk.
struct Walk<'p, C, S> {
    puzzle: &'p SlidingPuzzle<C>,
    heuristic: &'p LinearConflict,
    goal: Board<C>,
    threshold: u32,
    /// The least f above the threshold met so far.
    next: u32,
    /// The moves from the start to the board being visited.
    path: Vec<Dir>,
    /// The nodes visited by all iterations.
    nodes: u64,
    max_nodes: u64,
    until_check: u64,
    spend: S,
}

impl<C: Cells, S: FnMut(u64) -> bool> Walk<'_, C, S> {
    /// Tells `spend` of the nodes visited since its last check.
    fn spend_rest(&mut self) {
        let rest = CHECK_EVERY - self.until_check;
        if rest > 0 {
            (self.spend)(rest);
        }
    }

    /// The subtree under `board` (g moves from the start, estimate `h`), whose last move undid `undo`'s reverse.
    /// Children are visited least estimate first, so that the last iteration meets the goal early.
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
        if self.nodes > self.max_nodes {
            return Visit::Capped;
        }
        let mut children = [(0u32, Dir::Up, *board); 4];
        let mut count = 0;
        self.puzzle
            .for_each_successor_except(board, undo, |dir, next| {
                children[count] = (self.heuristic.estimate_after(board, h, &next), dir, next);
                count += 1;
            });
        let children = &mut children[..count];
        children.sort_unstable_by_key(|child| child.0);
        for &(estimate, dir, next) in children.iter() {
            let f = g + 1 + estimate;
            if f > self.threshold {
                self.next = self.next.min(f);
                continue;
            }
            self.path.push(dir);
            match self.visit(&next, g + 1, estimate, Some(dir.opposite())) {
                Visit::Done => {
                    self.path.pop();
                }
                end => return end,
            }
        }
        Visit::Done
    }
}
