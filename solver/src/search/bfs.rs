//! Breadth-first search: exhaustive, optimal in moves. The visited set is a bit per perfect rank where the space fits.

use super::visited::SeenSet;
use super::{Algorithm, Control, Outcome, Stats, Status};
use crate::Puzzle;

/// One entry of the BFS queue, which doubles as the node arena for rebuilding the path.
#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    mv: Option<M>,
}

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
    let mut seen = SeenSet::new(puzzle);
    seen.insert(puzzle, &start);
    if start == goal {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::solved(Algorithm::Bfs, Vec::new(), true, stats);
    }
    let node_bytes = std::mem::size_of::<Node<P::State, P::Move>>() as u64;
    let mut queue: Vec<Node<P::State, P::Move>> = vec![Node {
        state: start,
        parent: 0,
        mv: None,
    }];
    let mut head = 0usize;
    // Depth bookkeeping: nodes before `layer_end` are at `depth`, the rest at `depth + 1`.
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
        let node = queue[head];
        stats.expand_at(depth);
        if stats.expanded % super::CHECK_EVERY == 0 {
            stats.open_size((queue.len() - head) as u64);
            stats.closed = head as u64;
            stats.memory(queue.capacity() as u64 * node_bytes + seen.bytes(puzzle.state_bytes()));
            if let Some(stop) = control.checkpoint(&mut stats) {
                break Some(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(queue.len() as u64) {
            break Some(stop);
        }
        let parent = head as u32;
        let mut found = false;
        // The move back to the parent always meets a visited state: skip it without ranking it.
        let undo = node.mv.map(|mv| puzzle.inverse(mv));
        puzzle.for_each_successor(&node.state, |mv, next| {
            if Some(mv) == undo {
                return;
            }
            stats.generated += 1;
            if found || !seen.insert(puzzle, &next) {
                stats.duplicates += u64::from(!found);
                return;
            }
            queue.push(Node {
                state: next,
                parent,
                mv: Some(mv),
            });
            found = next == goal;
        });
        head += 1;
        if found {
            break None;
        }
    };
    stats.open_size((queue.len() - head) as u64);
    stats.closed = head as u64;
    stats.memory(queue.capacity() as u64 * node_bytes + seen.bytes(puzzle.state_bytes()));
    stats.elapsed_ms = control.elapsed_ms();
    match stop {
        Some((status, message)) => Outcome::stopped(Algorithm::Bfs, status, message, stats),
        None => {
            let moves = path_to(&queue, queue.len() - 1);
            Outcome::solved(Algorithm::Bfs, moves, true, stats)
        }
    }
}

/// The moves from the root to `queue[index]`, following parent links.
fn path_to<S, M: Copy>(queue: &[Node<S, M>], mut index: usize) -> Vec<M> {
    let mut moves = Vec::new();
    while let Some(mv) = queue[index].mv {
        moves.push(mv);
        index = queue[index].parent as usize;
    }
    moves.reverse();
    moves
}
