//! Best-first search on f = wg*g + wh*h: A* (1, 1), greedy best-first (0, 1) and weighted A* (1, w), one engine.
//!
//! The order of expansion: lowest f first, ties to the larger g (the deeper node, which reaches the goal sooner on
//! the plateaus that sliding puzzles are full of), then to the newest node (the largest node id). OPEN is chosen
//! by the weights (`frontier.rs`): buckets over integer f and g for A*, a binary heap otherwise; both give that
//! order, and the engine's code is the same over either.

use super::frontier::{Buckets, Frontier, Heap};
use super::node_ids::{NodeIds, NodeIdsFor};
use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
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

/// One stored state: where it came from, its costs, and whether it is expanded (CLOSED).
#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    closed: bool,
    mv: Option<M>,
}

/// A child of the node being expanded: its move, state, and what the node ids said of it.
type Child<S, M, L> = (M, S, L);

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
pub type Found<M> = Result<Vec<M>, (Status, String)>;

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
    match NodeIdsFor::new(puzzle, control) {
        NodeIdsFor::Dense(ids) => run.over(ids, control, observer),
        NodeIdsFor::Hashed(ids) => run.over(ids, control, observer),
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

    /// The engine over the node ids `index` (an empty one) and the OPEN the weights call for.
    fn over<I: NodeIds<P::State>, O: Observer<P::State>>(
        &self,
        index: I,
        control: &mut Control,
        observer: &mut O,
    ) -> (Found<P::Move>, Stats) {
        if self.weights == Weights::ASTAR {
            self.search(Buckets::default(), index, control, observer)
        } else {
            self.search(Heap::default(), index, control, observer)
        }
    }

    /// The engine, over the OPEN `open` and the node ids `index` (empty ones).
    fn search<F: Frontier, I: NodeIds<P::State>, O: Observer<P::State>>(
        &self,
        mut open: F,
        mut index: I,
        control: &mut Control,
        observer: &mut O,
    ) -> (Found<P::Move>, Stats) {
        let (puzzle, heuristic, weights) = (self.puzzle, self.heuristic, self.weights);
        let mut stats = Stats::default();
        let (start, goal) = (puzzle.start(), puzzle.goal());
        // Room for a small search from the start, like the index's: no regrowth copies on the common sizes.
        let mut nodes: Vec<Node<P::State, P::Move>> = Vec::with_capacity(INITIAL_NODES);
        let h0 = heuristic.estimate(&start);
        nodes.push(Node {
            state: start,
            parent: 0,
            g: 0,
            h: h0,
            closed: false,
            mv: None,
        });
        let rank_of = |state: &P::State| if I::DENSE { puzzle.rank(state) } else { 0 };
        let first = index.lookup(&start, rank_of(&start), |_| false);
        if let Err(at) = index.recheck(first, |_| false) {
            index.file(at, 0);
        }
        open.push(self.f(0, h0), 0, 0);
        let node_bytes = std::mem::size_of::<Node<P::State, P::Move>>() as u64;
        // The bytes of the node arena, OPEN and the index where it grows; with a dense index's fixed bytes, their
        // sum is the memory estimate.
        let parts = |nodes: &Vec<Node<P::State, P::Move>>, open: &F, index: &I| {
            [
                nodes.capacity() as u64 * node_bytes,
                open.bytes(),
                if I::GROWS { index.bytes() } else { 0 },
            ]
        };
        let fixed = if I::GROWS { 0 } else { index.bytes() };
        let mut watch = super::MemoryWatch::default();
        // Node ids are u32s: a budget past them stops there (a search that large would not fit in memory
        // anyway). Each expansion adds at most a few hundred nodes.
        let id_room = u64::from(u32::MAX) - 1024;
        let mut children: Vec<Child<P::State, P::Move, I::Lookup>> = Vec::with_capacity(32);
        // CLOSED and OPEN sizes: OPEN's entries include stale ones, so the open nodes are counted here.
        let (mut closed, mut open_nodes) = (0u64, 1u64);
        let result: Result<u32, (Status, String)> = loop {
            stats.open_size(open_nodes);
            let Some((g, id)) = open.pop() else {
                break Err((
                    Status::Unsolvable,
                    "every reachable state was searched and the goal is not among them".into(),
                ));
            };
            let node = nodes[id as usize];
            if node.g != g || node.closed {
                // Stale: the node has been filed again with a smaller g since.
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
            if let Some(stop) = control.over_state_limit(nodes.len() as u64) {
                break Err(stop);
            }
            // The arena, OPEN and the index grow by doubling.
            let now = parts(&nodes, &open, &index);
            let growth = super::doubling_growth(&now);
            let held = fixed + now.iter().sum::<u64>();
            if let Some(stop) = watch.check(control, &mut stats, held, growth) {
                break Err(stop);
            }
            if nodes.len() as u64 > id_room {
                break Err((
                    Status::Limit,
                    format!("stopped at {id_room} states, the most this search can number"),
                ));
            }
            let g = node.g + 1;
            // Look every child up before handling any: the lookups are independent cache misses that the
            // processor then waits for together rather than one after another. The move back to the parent is
            // never worth a lookup: the parent is closed with a smaller g.
            let parent = nodes[node.parent as usize].state;
            let rank = rank_of(&node.state);
            children.clear();
            puzzle.for_each_successor(&node.state, |mv, next| {
                if next != parent {
                    let rank = if I::DENSE {
                        puzzle.successor_rank(&node.state, rank, &next)
                    } else {
                        0
                    };
                    let lookup = index.lookup(&next, rank, |id| nodes[id as usize].state == next);
                    children.push((mv, next, lookup));
                }
            });
            for &(mv, next, lookup) in &children {
                stats.generated += 1;
                match index.recheck(lookup, |id| nodes[id as usize].state == next) {
                    Err(at) => {
                        let child = nodes.len() as u32;
                        let h = heuristic.estimate_after(&node.state, node.h, &next);
                        nodes.push(Node {
                            state: next,
                            parent: id,
                            g,
                            h,
                            closed: false,
                            mv: Some(mv),
                        });
                        index.file(at, child);
                        if O::ACTIVE {
                            let fate = Fate::New;
                            observer.generated(Generated::forward(
                                &node.state,
                                &next,
                                g,
                                Some(h),
                                fate,
                            ));
                        }
                        open.push(self.f(g, h), g, child);
                        open_nodes += 1;
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
                            known.closed = false;
                            closed -= 1;
                            open_nodes += 1;
                        }
                        known.g = g;
                        known.parent = id;
                        known.mv = Some(mv);
                        let f = self.f(g, known.h);
                        open.push(f, g, other);
                    }
                    Ok(other) => {
                        stats.duplicates += 1;
                        if O::ACTIVE {
                            let (h, fate) = (Some(nodes[other as usize].h), Fate::Duplicate);
                            observer.generated(Generated::forward(&node.state, &next, g, h, fate));
                        }
                    }
                }
            }
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
        stats.memory(fixed + parts(&nodes, &open, &index).iter().sum::<u64>());
        stats.elapsed_ms = control.elapsed_ms();
        let moves = result.map(|goal_id| {
            let mut moves = Vec::with_capacity(nodes[goal_id as usize].g as usize);
            let mut at = goal_id as usize;
            while let Some(mv) = nodes[at].mv {
                moves.push(mv);
                at = nodes[at].parent as usize;
            }
            moves.reverse();
            moves
        });
        (moves, stats)
    }
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

    /// The moves or stop, the statistics but for the memory estimate and the time, and the order of expansion.
    type Seen = (Found<crate::sliding::Dir>, Stats, Vec<u64>);

    fn seen(found: Found<crate::sliding::Dir>, mut stats: Stats, order: Order) -> Seen {
        (stats.peak_memory_bytes, stats.elapsed_ms) = (0, 0.0);
        (found, stats, order.0)
    }

    /// `puzzle` by the engine over OPEN `F` (empty), with dense node ids or hashed ones.
    fn run_with<F: Frontier + Default>(
        puzzle: &crate::sliding::SmallPuzzle,
        name: HeuristicName,
        weights: Weights,
        dense: bool,
    ) -> Seen {
        let h = SlidingHeuristic::new(puzzle, name).expect("applies");
        let reopen = Reopen::Always;
        let run = Run {
            puzzle,
            heuristic: &h,
            weights,
            reopen,
        };
        let (mut control, mut order) = (Control::new(Limits::default()), Order(Vec::new()));
        let (found, stats) = match NodeIdsFor::new(puzzle, &control) {
            NodeIdsFor::Dense(ids) if dense => {
                run.search(F::default(), ids, &mut control, &mut order)
            }
            NodeIdsFor::Dense(_) => run.search(F::default(), hashed(), &mut control, &mut order),
            NodeIdsFor::Hashed(_) => panic!("small boards have dense node ids"),
        };
        seen(found, stats, order)
    }

    fn hashed() -> crate::search::node_ids::HashedIds {
        crate::search::node_ids::HashedIds(crate::search::visited::NodeIndex::new())
    }

    /// A* over buckets and over the heap: the same expansions in the same order, the same statistics (but for
    /// the memory estimate) and the same path, on random 3x3 and 2x4 boards.
    #[test]
    fn buckets_and_heap_expand_alike() {
        for puzzle in sample_boards() {
            for name in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
                let label = format!("{:?} {name:?}", puzzle.tiles(&puzzle.start()));
                let a = run_with::<Buckets>(&puzzle, name, Weights::ASTAR, true);
                let b = run_with::<Heap>(&puzzle, name, Weights::ASTAR, true);
                assert!(a.0.is_ok(), "{label}");
                assert_eq!(a, b, "{label}");
            }
        }
    }

    /// Dense node ids (by rank) and hashed ones: the same expansions in the same order, the same statistics (but
    /// for the memory estimate) and the same path, for A*, greedy and weighted A* on random 3x3 and 2x4 boards.
    #[test]
    fn dense_and_hashed_node_ids_search_alike() {
        let weighted = Weights { g: 2, h: 3 };
        for puzzle in sample_boards() {
            for name in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
                let label = format!("{:?} {name:?}", puzzle.tiles(&puzzle.start()));
                let a = run_with::<Buckets>(&puzzle, name, Weights::ASTAR, true);
                let b = run_with::<Buckets>(&puzzle, name, Weights::ASTAR, false);
                assert!(a.0.is_ok(), "{label}");
                assert!(a.1.expanded > 0, "{label}");
                assert_eq!(a, b, "{label}");
                for weights in [Weights::GREEDY, weighted] {
                    let a = run_with::<Heap>(&puzzle, name, weights, true);
                    let b = run_with::<Heap>(&puzzle, name, weights, false);
                    assert!(a.0.is_ok(), "{label} {weights:?}");
                    assert_eq!(a, b, "{label} {weights:?}");
                }
            }
        }
    }

    /// Searches one after another on one thread reuse its dense table: two different boards searched in turn
    /// (and a 2x4 board between, whose table has another size) give what they gave the first time, with the
    /// table's bytes counted each time.
    #[test]
    fn repeated_searches_reuse_the_dense_table_correctly() {
        let boards = sample_boards();
        let (a, b, other) = (&boards[0], &boards[1], &boards[7]);
        let name = HeuristicName::LinearConflict;
        let once = |puzzle| run_with::<Buckets>(puzzle, name, Weights::ASTAR, true);
        let fresh = [a, b, other].map(|puzzle| {
            let h = SlidingHeuristic::new(puzzle, name).expect("applies");
            let (found, stats) = best_first(
                puzzle,
                &h,
                Weights::ASTAR,
                Reopen::Always,
                &mut Control::new(Limits::default()),
            );
            (found, stats)
        });
        for (puzzle, (found, stats)) in [a, b, other].into_iter().zip(&fresh) {
            let ranks = puzzle.rank_count().expect("ranked");
            assert!(
                stats.peak_memory_bytes >= 4 * ranks,
                "{}",
                stats.peak_memory_bytes
            );
            assert!(found.is_ok());
        }
        let first = [a, b, other].map(once);
        for round in 0..3 {
            for (puzzle, expected) in [a, b, a, other, b].into_iter().zip([0, 1, 0, 2, 1]) {
                assert_eq!(
                    once(puzzle),
                    first[expected],
                    "round {round}, board {expected}"
                );
                assert_eq!(first[expected].1.expanded, fresh[expected].1.expanded);
            }
        }
        // The searches differ, so a stale entry read as filed would have shown.
        assert_ne!(first[0].2, first[1].2);
    }

    /// A byte budget stops the engine on either form of node ids, naming the budget: uninformed search
    /// (h = 0) on the hardest 8-puzzle outgrows 3 MiB (dense ids, 1.4 MiB, fit in half of it) and 1 MiB (hashed).
    #[test]
    fn both_forms_of_node_ids_stop_at_the_byte_budget() {
        let shape = crate::sliding::Shape {
            width: 3,
            height: 3,
        };
        let far = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        let puzzle =
            crate::sliding::SmallPuzzle::new(shape, &far, &shape.default_goal()).expect("a puzzle");
        for (limit, dense) in [(3 << 20, true), (1 << 20, false)] {
            let mut control = Control::new(Limits::default()).with_max_bytes(limit);
            let form = NodeIdsFor::new(&puzzle, &control);
            assert_eq!(matches!(form, NodeIdsFor::Dense(_)), dense, "{limit}");
            drop(form);
            let (found, stats) = best_first(
                &puzzle,
                &crate::puzzle::Zero,
                Weights::ASTAR,
                Reopen::Always,
                &mut control,
            );
            let Err((status, message)) = found else {
                panic!("{limit}: solved within the budget");
            };
            assert_eq!(status, Status::Limit, "{message}");
            assert!(
                message.contains(&format!("max-bytes = {limit}")),
                "{message}"
            );
            assert!(stats.peak_memory_bytes <= limit);
        }
    }
}
