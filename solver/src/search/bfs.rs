//! Breadth-first search: exhaustive, optimal in moves. Memory is the queue of states plus two bits a state
//! (depth mod 3, indexed by perfect rank where the space fits); the path is walked back from the goal by depth.

use super::visited::DepthMarks;
use super::{Algorithm, Control, Outcome, Stats, Status};
use crate::Puzzle;

/// Queues are reserved up front up to this many states (never more than the budget), so that a large search
/// does not pass through a doubling that briefly needs twice its memory.
const RESERVE_MAX: u64 = 1 << 26;

/// Solves `puzzle` by BFS. Optimal: the first time the goal is generated, its depth is the shortest distance.
///
/// ```
/// use solver::{search::bfs::bfs, sliding::SmallPuzzle, sliding::Shape, Control, Limits, Status};
/// let shape = Shape { width: 3, height: 3 };
/// let puzzle = SmallPuzzle::new(shape, &[1, 2, 3, 4, 5, 6, 0, 7, 8], &shape.default_goal()).unwrap();
/// let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
/// assert_eq!(outcome.status, Status::Solved);
/// assert_eq!(outcome.length, 2);
/// ```
pub fn bfs<P: Puzzle>(puzzle: &P, control: &mut Control) -> Outcome<P::Move> {
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let mut stats = Stats::default();
    let mut marks = DepthMarks::new(puzzle);
    marks.mark(puzzle, &start, 0);
    if start == goal {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::solved(Algorithm::Bfs, Vec::new(), true, stats);
    }
    let budget = control.limits.max_states;
    let reserve = puzzle
        .rank_count()
        .unwrap_or(budget)
        .min(budget)
        .min(RESERVE_MAX);
    let mut queue: Vec<P::State> = Vec::with_capacity(reserve as usize);
    queue.push(start);
    let state_bytes = std::mem::size_of::<P::State>() as u64;
    let mut head = 0usize;
    // Nodes before `layer_end` are at `depth`, the rest at `depth + 1`.
    let (mut depth, mut layer_end) = (0usize, 1usize);
    let stop = loop {
        if head == queue.len() {
            break Some((
                Status::Unsolvable,
                "the whole reachable space was searched and the goal is not in it".to_string(),
            ));
        }
        if head == layer_end {
            depth += 1;
            layer_end = queue.len();
        }
        let state = queue[head];
        stats.expand_at(depth);
        if stats.expanded % super::CHECK_EVERY == 0 {
            stats.open_size((queue.len() - head) as u64);
            stats.closed = head as u64;
            stats.memory(queue.capacity() as u64 * state_bytes + marks.bytes(puzzle.state_bytes()));
            if let Some(stop) = control.checkpoint(&mut stats) {
                break Some(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(queue.len() as u64) {
            break Some(stop);
        }
        let mut found = false;
        puzzle.for_each_successor(&state, |_, next| {
            stats.generated += 1;
            if found || !marks.mark(puzzle, &next, depth + 1) {
                stats.duplicates += u64::from(!found);
                return;
            }
            queue.push(next);
            found = next == goal;
        });
        head += 1;
        if found {
            break None;
        }
    };
    stats.open_size((queue.len() - head) as u64);
    stats.closed = head as u64;
    stats.memory(queue.capacity() as u64 * state_bytes + marks.bytes(puzzle.state_bytes()));
    stats.elapsed_ms = control.elapsed_ms();
    match stop {
        Some((status, message)) => Outcome::stopped(Algorithm::Bfs, status, message, stats),
        None => {
            let moves = walk_back(puzzle, &marks, goal, depth + 1);
            Outcome::solved(Algorithm::Bfs, moves, true, stats)
        }
    }
}

/// The moves from the start to `goal` (found at `depth`): from the goal, step to any neighbour marked one layer
/// shallower, and invert each step (every move has an inverse).
fn walk_back<P: Puzzle>(
    puzzle: &P,
    marks: &DepthMarks<P::State>,
    goal: P::State,
    depth: usize,
) -> Vec<P::Move> {
    let mut moves = Vec::with_capacity(depth);
    let mut at = goal;
    for d in (1..=depth).rev() {
        let wanted = DepthMarks::<P::State>::mark_of(d - 1);
        let mut step = None;
        puzzle.for_each_successor(&at, |mv, prev| {
            if step.is_none() && marks.get(puzzle, &prev) == wanted {
                step = Some((mv, prev));
            }
        });
        // A state at depth d was reached from one at depth d - 1, so a step always exists.
        let Some((mv, prev)) = step else { break };
        moves.push(puzzle.inverse(mv));
        at = prev;
    }
    moves.reverse();
    moves
}
