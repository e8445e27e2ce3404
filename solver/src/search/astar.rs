//! Best-first search on f = wg*g + wh*h: A* (1, 1), greedy best-first (0, 1) and weighted A* (1, w), one engine.
//!
//! The order of expansion: lowest f first, ties to the larger g (the deeper node, which reaches the goal sooner on
//! the plateaus that sliding puzzles are full of), then to the newest node (the largest node id). OPEN is chosen
//! by the weights (`frontier.rs`): buckets over integer f and g for A*, a binary heap otherwise; both give that
//! order, and the engine's code is the same over either.

use super::frontier::{Buckets, Frontier, Heap};
use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::visited::NodeIndex;
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::said::Said;
use crate::{Heuristic, Puzzle};

pub use crate::rules::Weights;

/// What the search does with a state it has expanded when a shorter path to it turns up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reopen {
    /// Expand it again: A* stays optimal, and weighted A* keeps its bound, with every admissible heuristic.
    Always,
    /// Keep the first expansion: fewer expansions (a third fewer for weighted A* on the 24-puzzle), and the
    /// bound still holds if the heuristic is consistent (|h(s) - h(t)| <= 1 across every move, h = 0 at the
    /// goal), as Manhattan distance and linear conflict are (Likhachev, Gordon and Thrun, ARA*, 2003).
    Never,
}

/// The nodes reserved before a search starts: reserved, not touched, so a small search pays only for what it uses,
/// and the hardest 8-puzzle (about 7,600 nodes) never copies its arena to grow it.
const INITIAL_NODES: usize = 1 << 13;

/// One stored state: where it came from, its costs, and whether it is done: expanded (CLOSED), or filed again as a
/// newer node with a smaller g.
#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    closed: bool,
    /// The move back to the parent (the inverse of the move that made this node; `None` for the start).
    back: Option<M>,
}

/// The node arena of a search of `P`.
type Nodes<P> = Vec<Node<<P as Puzzle>::State, <P as Puzzle>::Move>>;

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
    astar_observed(puzzle, heuristic, control, &mut NoObserver)
}

/// [`astar`] reporting each expansion to `observer`.
pub fn astar_observed<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let (found, stats) = best_first_observed(
        puzzle,
        heuristic,
        Weights::ASTAR,
        Reopen::Always,
        control,
        observer,
    );
    match found {
        Err((status, message)) => Outcome::stopped(Algorithm::Astar, status, message, stats)
            .with_heuristic(heuristic.name()),
        Ok(moves) => Outcome::solved_with_heuristic(
            Algorithm::Astar,
            moves,
            heuristic.name(),
            heuristic.admissible(),
            stats,
        ),
    }
}

/// Greedy best-first: expands the node with the smallest h. Fast, never guaranteed shortest.
pub fn greedy<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
) -> Outcome<P::Move> {
    greedy_observed(puzzle, heuristic, control, &mut NoObserver)
}

/// [`greedy`] reporting each expansion to `observer`.
pub fn greedy_observed<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let (found, stats) = best_first_observed(
        puzzle,
        heuristic,
        Weights::GREEDY,
        Reopen::Never,
        control,
        observer,
    );
    let outcome = match found {
        Err((status, message)) => Outcome::stopped(Algorithm::Greedy, status, message, stats),
        Ok(moves) => Outcome::solved(Algorithm::Greedy, moves, false, stats),
    };
    outcome.with_heuristic(heuristic.name())
}

/// What the engine found: the moves, or the status and message it stopped with.
pub type Found<M> = Result<Vec<M>, (Status, Said)>;

/// The one best-first engine behind A*, greedy and weighted A*: the moves found (or why it stopped) and the
/// statistics. `reopen` applies when `weights.g > 0` (greedy search ignores g, so never improves a path).
pub fn best_first<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    weights: Weights,
    reopen: Reopen,
    control: &mut Control,
) -> (Found<P::Move>, Stats) {
    best_first_observed(puzzle, heuristic, weights, reopen, control, &mut NoObserver)
}

/// [`best_first`] reporting each expansion to `observer`.
pub fn best_first_observed<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    weights: Weights,
    reopen: Reopen,
    control: &mut Control,
    observer: &mut O,
) -> (Found<P::Move>, Stats) {
    let run = Run {
        puzzle,
        heuristic,
        weights,
        reopen,
    };
    if weights == Weights::ASTAR {
        run.search(Buckets::default(), control, observer)
    } else {
        run.search(Heap::default(), control, observer)
    }
}

/// What a best-first search is asked.
struct Run<'a, P, H> {
    puzzle: &'a P,
    heuristic: &'a H,
    weights: Weights,
    reopen: Reopen,
}

impl<P: Puzzle, H: Heuristic<P>> Run<'_, P, H> {
    #[inline]
    fn f(&self, g: u32, h: u32) -> u64 {
        u64::from(self.weights.g) * u64::from(g) + u64::from(self.weights.h) * u64::from(h)
    }

    /// The engine, over the OPEN `open` (an empty one).
    ///
    /// Its loop stays in one function: it is the hot path, and the counters it shares with the successor closure
    /// stay in registers.
    fn search<F: Frontier, O: Observer<P::State>>(
        &self,
        mut open: F,
        control: &mut Control,
        observer: &mut O,
    ) -> (Found<P::Move>, Stats) {
        let (puzzle, heuristic, weights) = (self.puzzle, self.heuristic, self.weights);
        let mut stats = Stats::default();
        let goal = puzzle.goal();
        let (mut nodes, mut index) = self.seed(&mut open);
        let mut watch = super::MemoryWatch::default();
        // Node ids are u32s: a budget past them stops there (a search that large would not fit in memory
        // anyway). Each expansion adds at most a few hundred nodes.
        let id_room = u64::from(u32::MAX) - 1024;
        let most_nodes = control.max_states().min(id_room);
        // CLOSED and OPEN sizes: OPEN's entries include done nodes, so the open nodes are counted here.
        let (mut closed, mut open_nodes) = (0u64, 1u64);
        let result: Result<u32, (Status, Said)> = loop {
            stats.open_size(open_nodes);
            let Some((g, id)) = open.pop() else {
                break Err((Status::Unsolvable, Said::Exhausted));
            };
            let node = nodes[id as usize];
            debug_assert_eq!(node.g, g);
            if node.closed {
                // Done: its state has been filed again, as a newer node with a smaller g, since.
                continue;
            }
            nodes[id as usize].closed = true;
            open_nodes -= 1;
            if node.state == goal {
                break Ok(id);
            }
            closed += 1;
            stats.expand_at(node.g as usize);
            if stats.expanded % super::CHECK_EVERY == 0 {
                stats.closed = closed;
                if let Some(stop) = control.checkpoint(&mut stats) {
                    break Err(stop);
                }
            }
            if nodes.len() as u64 > most_nodes {
                if let Some(stop) = control.over_state_limit(nodes.len() as u64) {
                    break Err(stop);
                }
                break Err((Status::Limit, Said::IdRoom { states: id_room }));
            }
            // The arena, OPEN and the index grow by doubling.
            let now = memory_parts(&nodes, &open, &index);
            let growth = super::doubling_growth(&now);
            if let Some(stop) = watch.check(control, &mut stats, now.iter().sum(), growth) {
                break Err(stop);
            }
            let g = node.g + 1;
            // The move back to the parent is never worth a lookup: the parent is closed with a smaller g. The node
            // keeps it (worked out when the node was filed), so the parent's node is not read.
            let back = node.back;
            puzzle.for_each_successor_except(&node.state, back, |mv, next| {
                let hash = NodeIndex::hash(&next);
                stats.generated += 1;
                let found = index.find(hash, |id| nodes[id as usize].state == next);
                // The child's h and where the index files it, if it becomes a node: a new state, or a known one
                // reached by a shorter path (filed again as a new node, the newest; the old one is done: its
                // entry in OPEN, if any, is passed over, and its children keep their own path through it).
                let filed = match found {
                    Err(_) => {
                        let h = heuristic.estimate_after(&node.state, node.h, &next);
                        if O::ACTIVE {
                            let (seen, fate) = (Some(h), Fate::New);
                            observer.generated(Generated::forward(
                                &node.state,
                                &next,
                                g,
                                seen,
                                fate,
                            ));
                        }
                        open_nodes += 1;
                        Some(h)
                    }
                    Ok(other)
                        if weights.g > 0
                            && g < nodes[other as usize].g
                            && (self.reopen == Reopen::Always || !nodes[other as usize].closed) =>
                    {
                        let known = &mut nodes[other as usize];
                        if O::ACTIVE {
                            let (h, fate) = (Some(known.h), Fate::Improved);
                            observer.generated(Generated::forward(&node.state, &next, g, h, fate));
                        }
                        if known.closed {
                            // Reopened: only an inconsistent heuristic (or a weight above 1) gets here.
                            closed -= 1;
                            open_nodes += 1;
                        }
                        known.closed = true;
                        Some(known.h)
                    }
                    Ok(other) => {
                        stats.duplicates += 1;
                        if O::ACTIVE {
                            let (h, fate) = (Some(nodes[other as usize].h), Fate::Duplicate);
                            observer.generated(Generated::forward(&node.state, &next, g, h, fate));
                        }
                        None
                    }
                };
                if let Some(h) = filed {
                    let child = nodes.len() as u32;
                    nodes.push(Node {
                        state: next,
                        parent: id,
                        g,
                        h,
                        closed: false,
                        back: Some(puzzle.inverse(mv)),
                    });
                    match found {
                        Err(at) => index.insert_at(at, hash, child),
                        Ok(old) => index.refile(hash, old, child),
                    }
                    open.push(self.f(g, h), g, child);
                }
            });
            if O::ACTIVE {
                let expansion = Expansion {
                    state: &node.state,
                    g: node.g,
                    h: Some(node.h),
                    open: open_nodes,
                    closed,
                    direction: Direction::Forward,
                };
                if observer.expanded(expansion) == Flow::Cancel {
                    break Err(observer_stop(stats.expanded));
                }
            }
        };
        stats.closed = closed;
        stats.memory(memory_parts(&nodes, &open, &index).iter().sum());
        index.keep_for_reuse();
        stats.elapsed_ms = control.elapsed_ms();
        (
            result.map(|goal_id| path_to(puzzle, &nodes, goal_id)),
            stats,
        )
    }

    /// The search's first node, the start, in a fresh arena and a reused index, and in `open`.
    fn seed<F: Frontier>(&self, open: &mut F) -> (Nodes<P>, NodeIndex) {
        let start = self.puzzle.start();
        // Room for a small search from the start, like the index's: no regrowth copies on the common sizes.
        let mut nodes: Nodes<P> = Vec::with_capacity(INITIAL_NODES);
        let mut index = NodeIndex::reused();
        let h0 = self.heuristic.estimate(&start);
        nodes.push(Node {
            state: start,
            parent: 0,
            g: 0,
            h: h0,
            closed: false,
            back: None,
        });
        let hash = NodeIndex::hash(&start);
        if let Err(at) = index.find(hash, |_| false) {
            index.insert_at(at, hash, 0);
        }
        open.push(self.f(0, h0), 0, 0);
        (nodes, index)
    }
}

/// The bytes of the node arena, OPEN and the index; their sum is the memory estimate.
fn memory_parts<S, M, F: Frontier>(
    nodes: &Vec<Node<S, M>>,
    open: &F,
    index: &NodeIndex,
) -> [u64; 3] {
    let node_bytes = std::mem::size_of::<Node<S, M>>() as u64;
    [
        nodes.capacity() as u64 * node_bytes,
        open.bytes(),
        index.bytes(),
    ]
}

/// The moves from the start to node `goal_id`, walked back through the parents.
fn path_to<P: Puzzle>(puzzle: &P, nodes: &[Node<P::State, P::Move>], goal_id: u32) -> Vec<P::Move> {
    let mut moves = Vec::with_capacity(nodes[goal_id as usize].g as usize);
    let mut at = goal_id as usize;
    while let Some(back) = nodes[at].back {
        moves.push(puzzle.inverse(back));
        at = nodes[at].parent as usize;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::{sample_boards, Limits};
    use crate::sliding::SlidingHeuristic;
    use crate::HeuristicName;

    /// The states an observer is told of, in order.
    struct Order(Vec<u64>);

    impl Observer<crate::sliding::SmallBoard> for Order {
        fn expanded(&mut self, e: Expansion<'_, crate::sliding::SmallBoard>) -> Flow {
            self.0.push(e.state.cells().0);
            Flow::Continue
        }
    }

    /// Searches one after another on one thread (which keeps the node index between them) repeat exactly,
    /// memory estimate included, whatever ran before.
    #[test]
    fn searches_in_a_row_repeat_exactly() {
        let boards = sample_boards();
        let run = |puzzle: &crate::sliding::SmallPuzzle| {
            let h = SlidingHeuristic::new(puzzle, HeuristicName::LinearConflict).expect("applies");
            let control = &mut Control::new(Limits::default());
            let (found, mut stats) =
                best_first(puzzle, &h, Weights::ASTAR, Reopen::Always, control);
            stats.elapsed_ms = 0.0;
            (found, stats)
        };
        let first: Vec<_> = boards.iter().map(run).collect();
        let mut again: Vec<_> = boards.iter().rev().map(run).collect();
        again.reverse();
        assert!(first.iter().all(|(found, _)| found.is_ok()));
        assert_eq!(first, again);
    }

    /// A* over buckets and over the heap: the same expansions in the same order, the same statistics (but for
    /// the memory estimate) and the same path, on random 3x3 and 2x4 boards.
    #[test]
    fn buckets_and_heap_expand_alike() {
        for puzzle in sample_boards() {
            for name in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
                let h = SlidingHeuristic::new(&puzzle, name).expect("applies");
                let run = Run {
                    puzzle: &puzzle,
                    heuristic: &h,
                    weights: Weights::ASTAR,
                    reopen: Reopen::Always,
                };
                let mut seen = (Order(Vec::new()), Order(Vec::new()));
                let control = || Control::new(Limits::default());
                let (a, mut sa) = run.search(Buckets::default(), &mut control(), &mut seen.0);
                let (b, mut sb) = run.search(Heap::default(), &mut control(), &mut seen.1);
                for stats in [&mut sa, &mut sb] {
                    (stats.peak_memory_bytes, stats.elapsed_ms) = (0, 0.0);
                }
                let label = format!("{:?} {name:?}", puzzle.tiles(&puzzle.start()));
                assert!(a.is_ok(), "{label}");
                assert_eq!((a, sa), (b, sb), "{label}");
                assert_eq!(seen.0 .0, seen.1 .0, "{label}");
            }
        }
    }
}
