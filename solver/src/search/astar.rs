//! Best-first search on f = wg*g + wh*h: A* (1, 1), greedy best-first (0, 1) and weighted A* (1, w).
//!
//! OPEN is an indexed binary heap: improving a node's g moves it in place (decrease-key), so the heap never holds
//! stale entries and its size is exactly the OPEN size. Ties on f go to the larger g (the deeper node), which
//! reaches the goal sooner on the plateaus that sliding puzzles are full of.

use super::visited::{Reach, StateIndex};
use super::{Algorithm, Control, Outcome, Stats, Status};
use crate::{Heuristic, Puzzle};

/// The weights of f = g_weight * g + h_weight * h.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Weights {
    pub g: u32,
    pub h: u32,
}

impl Weights {
    pub const ASTAR: Weights = Weights { g: 1, h: 1 };
    pub const GREEDY: Weights = Weights { g: 0, h: 1 };
}

const CLOSED: u32 = u32::MAX;
/// Open but outside the heap: the best child of the node being expanded, held back (see `best_first`).
const HELD: u32 = u32::MAX - 1;

/// The nodes (and heap entries) reserved before a search starts.
const INITIAL_NODES: usize = 1 << 12;

#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    /// Position in the heap, or `CLOSED`.
    heap_pos: u32,
    mv: Option<M>,
}

/// OPEN: node ids ordered by (f ascending, g descending), each node knowing its own position. Each entry carries
/// its packed key, so sifting compares integers in the heap itself instead of chasing node ids.
struct Open {
    heap: Vec<(u64, u32)>,
}

impl Open {
    /// f in the high half, and the complement of g in the low half so that a larger g sorts first.
    #[inline]
    fn key<S, M>(nodes: &[Node<S, M>], w: Weights, id: u32) -> u64 {
        let n = &nodes[id as usize];
        let f = u64::from(w.g) * u64::from(n.g) + u64::from(w.h) * u64::from(n.h);
        (f.min(u64::from(u32::MAX)) << 32) | u64::from(u32::MAX - n.g)
    }

    fn push<S, M>(&mut self, nodes: &mut [Node<S, M>], w: Weights, id: u32) {
        self.heap.push((Self::key(nodes, w, id), id));
        self.sift_up(nodes, self.heap.len() - 1);
    }

    /// Re-keys the node at heap position `pos` after its g fell, and moves it up.
    fn decrease<S, M>(&mut self, nodes: &mut [Node<S, M>], w: Weights, pos: usize) {
        self.heap[pos].0 = Self::key(nodes, w, self.heap[pos].1);
        self.sift_up(nodes, pos);
    }

    fn pop<S, M>(&mut self, nodes: &mut [Node<S, M>]) -> Option<u32> {
        let top = self.heap.first()?.1;
        let last = self.heap.pop()?;
        if !self.heap.is_empty() {
            // Floyd's pop: the hole at the root goes down to a leaf along the smaller children (one
            // comparison a level), then the last entry, which usually belongs near the bottom, goes up.
            let len = self.heap.len();
            let mut pos = 0;
            loop {
                let left = 2 * pos + 1;
                if left >= len {
                    break;
                }
                let right = left + 1;
                let child = if right < len && self.heap[right].0 < self.heap[left].0 {
                    right
                } else {
                    left
                };
                let below = self.heap[child];
                self.heap[pos] = below;
                nodes[below.1 as usize].heap_pos = pos as u32;
                pos = child;
            }
            self.heap[pos] = last;
            self.sift_up(nodes, pos);
        }
        nodes[top as usize].heap_pos = CLOSED;
        Some(top)
    }

    fn sift_up<S, M>(&mut self, nodes: &mut [Node<S, M>], mut pos: usize) {
        let entry = self.heap[pos];
        while pos > 0 {
            let parent = (pos - 1) / 2;
            let above = self.heap[parent];
            if above.0 <= entry.0 {
                break;
            }
            self.heap[pos] = above;
            nodes[above.1 as usize].heap_pos = pos as u32;
            pos = parent;
        }
        self.heap[pos] = entry;
        nodes[entry.1 as usize].heap_pos = pos as u32;
    }
}

/// A*: optimal when `heuristic` is admissible (the outcome says so only then).
///
/// ```
/// use solver::search::astar::astar;
/// use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
/// use solver::{Control, HeuristicName, Limits};
/// let shape = Shape { width: 3, height: 3 };
/// let puzzle = SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
/// let h = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
/// let outcome = astar(&puzzle, &h, &mut Control::new(Limits::default()));
/// assert!(outcome.optimal);
/// assert_eq!(outcome.length, 31);
/// ```
pub fn astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
) -> Outcome<P::Move> {
    best_first(puzzle, heuristic, Weights::ASTAR, Algorithm::Astar, control)
}

/// Greedy best-first: expands the node with the smallest h. Fast, never guaranteed shortest.
pub fn greedy<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
) -> Outcome<P::Move> {
    best_first(
        puzzle,
        heuristic,
        Weights::GREEDY,
        Algorithm::Greedy,
        control,
    )
}

/// The one best-first engine behind A*, greedy and weighted A*.
pub fn best_first<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    weights: Weights,
    algorithm: Algorithm,
    control: &mut Control,
) -> Outcome<P::Move> {
    let mut stats = Stats::default();
    let goal = puzzle.goal();
    let start = puzzle.start();
    // Room for a small search from the start, like the index's: no regrowth copies on the common sizes.
    let mut nodes: Vec<Node<P::State, P::Move>> = Vec::with_capacity(INITIAL_NODES);
    let mut index = StateIndex::new(puzzle, Reach::Informed);
    let mut open = Open {
        heap: Vec::with_capacity(INITIAL_NODES),
    };
    nodes.push(Node {
        state: start,
        parent: 0,
        g: 0,
        h: heuristic.estimate(&start),
        heap_pos: 0,
        mv: None,
    });
    index.insert(puzzle, &start, 0);
    open.push(&mut nodes, weights, 0);
    let node_bytes = std::mem::size_of::<Node<P::State, P::Move>>() as u64;
    let memory =
        |nodes: &Vec<Node<P::State, P::Move>>, open: &Open, index: &StateIndex<P::State>| {
            nodes.capacity() as u64 * node_bytes
                + open.heap.capacity() as u64 * 16
                + index.bytes(puzzle.state_bytes())
        };
    let mut closed = 0u64;
    // The node to expand next when it never entered the heap: an expansion's best new child whose key is no
    // larger than any in the heap is the next pop anyway (on the long plateaus of f where A* dives, it
    // nearly always is), so it skips a push and a pop.
    let mut next_up: Option<u32> = None;
    let result: Result<u32, (Status, String)> = loop {
        stats.open_size(open.heap.len() as u64 + u64::from(next_up.is_some()));
        let popped = match next_up.take() {
            Some(id) => {
                nodes[id as usize].heap_pos = CLOSED;
                Some(id)
            }
            None => open.pop(&mut nodes),
        };
        let Some(id) = popped else {
            break Err((
                Status::Unsolvable,
                "every reachable state was searched and the goal is not among them".into(),
            ));
        };
        let node = nodes[id as usize];
        if node.state == goal {
            break Ok(id);
        }
        closed += 1;
        stats.expand_at(node.g as usize);
        if stats.expanded % super::CHECK_EVERY == 0 {
            stats.closed = closed;
            stats.memory(memory(&nodes, &open, &index));
            if let Some(stop) = control.checkpoint(&mut stats) {
                break Err(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(nodes.len() as u64) {
            break Err(stop);
        }
        let g = node.g + 1;
        // The move back to the parent is never worth a lookup: the parent is closed with a smaller g.
        let parent = nodes[node.parent as usize].state;
        let mut held: Option<(u64, u32)> = None;
        puzzle.for_each_successor(&node.state, |mv, next| {
            if next == parent {
                return;
            }
            stats.generated += 1;
            match index.get(puzzle, &next) {
                None => {
                    let child = nodes.len() as u32;
                    let h = heuristic.estimate_after(&node.state, node.h, &next);
                    nodes.push(Node {
                        state: next,
                        parent: id,
                        g,
                        h,
                        heap_pos: HELD,
                        mv: Some(mv),
                    });
                    index.insert(puzzle, &next, child);
                    let key = Open::key(&nodes, weights, child);
                    match held {
                        Some((best, _)) if best <= key => open.push(&mut nodes, weights, child),
                        Some((_, other)) => {
                            open.push(&mut nodes, weights, other);
                            held = Some((key, child));
                        }
                        None => held = Some((key, child)),
                    }
                }
                Some(other) if weights.g > 0 && g < nodes[other as usize].g => {
                    let known = &mut nodes[other as usize];
                    known.g = g;
                    known.parent = id;
                    known.mv = Some(mv);
                    if known.heap_pos == HELD {
                        // Never happens (successors are distinct); it would be pushed with its new g.
                    } else if known.heap_pos == CLOSED {
                        // Reopened: only an inconsistent heuristic gets here.
                        closed -= 1;
                        open.push(&mut nodes, weights, other);
                    } else {
                        let pos = known.heap_pos as usize;
                        open.decrease(&mut nodes, weights, pos);
                    }
                }
                Some(_) => stats.duplicates += 1,
            }
        });
        if let Some((key, child)) = held {
            if open.heap.first().is_none_or(|top| key <= top.0) {
                next_up = Some(child);
            } else {
                open.push(&mut nodes, weights, child);
            }
        }
    };
    stats.closed = closed;
    stats.memory(memory(&nodes, &open, &index));
    stats.elapsed_ms = control.elapsed_ms();
    let outcome = match result {
        Err((status, message)) => Outcome::stopped(algorithm, status, message, stats),
        Ok(goal_id) => {
            let mut moves = Vec::with_capacity(nodes[goal_id as usize].g as usize);
            let mut at = goal_id as usize;
            while let Some(mv) = nodes[at].mv {
                moves.push(mv);
                at = nodes[at].parent as usize;
            }
            moves.reverse();
            let optimal = algorithm == Algorithm::Astar
                && weights == Weights::ASTAR
                && heuristic.admissible();
            let mut outcome = Outcome::solved(algorithm, moves, optimal, stats);
            if algorithm == Algorithm::Astar && !optimal {
                outcome.message = format!(
                    "solved in {}; the heuristic '{}' can overestimate, so A* does not guarantee a shortest solution",
                    super::outcome::plural_moves(outcome.length),
                    heuristic.name()
                );
            }
            outcome
        }
    };
    outcome.with_heuristic(heuristic.name())
}
