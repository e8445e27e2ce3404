//! Best-first search on f = wg*g + wh*h: A* (1, 1), greedy best-first (0, 1) and weighted A* (1, w), one engine.
//!
//! OPEN is an indexed binary heap: improving a node's g moves it in place (decrease-key), so the heap never holds
//! stale entries and its size is exactly the OPEN size. Ties on f go to the larger g (the deeper node), which
//! reaches the goal sooner on the plateaus that sliding puzzles are full of, then to the newest node.

use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::visited::{FxBuild, NodeIndex};
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::{Heuristic, Puzzle};
use std::collections::HashMap;
use std::hash::Hash;

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

/// `heap_pos` of a node expanded (CLOSED).
const CLOSED: u32 = u32::MAX;
/// `heap_pos` of a node open but outside the heap: the best child of the node being expanded, held back.
const HELD: u32 = u32::MAX - 1;

/// The nodes (and heap entries) reserved before a search starts.
const INITIAL_NODES: usize = 1 << 12;

/// One stored state: where it came from, its costs, and where it is in OPEN.
#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    /// Position in the heap, or `CLOSED` or `HELD`.
    heap_pos: u32,
    mv: Option<M>,
}

/// OPEN: a binary heap of entries that order themselves, each node knowing its own position. An entry holds f
/// (which can pass 2^32, with a large h and a weight of many hundredths) in the high 64 bits, then the complement
/// of g so that ties on f go to the deeper node, then the complement of the node id: among equal f and g the
/// newest node first, which keeps the search on the path it is extending (on the 24-puzzle it halved weighted
/// A*'s worst case against oldest-first) and makes the order total, so that runs repeat exactly.
struct Open {
    heap: Vec<u128>,
}

impl Open {
    #[inline]
    fn entry(weights: Weights, g: u32, h: u32, id: u32) -> u128 {
        let f = u64::from(weights.g) * u64::from(g) + u64::from(weights.h) * u64::from(h);
        (u128::from(f) << 64) | (u128::from(u32::MAX - g) << 32) | u128::from(u32::MAX - id)
    }

    /// The node id of an entry.
    #[inline]
    fn id(entry: u128) -> u32 {
        u32::MAX - entry as u32
    }

    fn push<S, M>(&mut self, nodes: &mut [Node<S, M>], entry: u128) {
        self.heap.push(entry);
        self.sift_up(nodes, self.heap.len() - 1, entry);
    }

    /// Replaces the entry at `pos` by a smaller one (the node's g fell) and moves it up.
    fn decrease<S, M>(&mut self, nodes: &mut [Node<S, M>], pos: usize, entry: u128) {
        self.sift_up(nodes, pos, entry);
    }

    fn pop<S, M>(&mut self, nodes: &mut [Node<S, M>]) -> Option<u32> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        let len = self.heap.len();
        if len > 0 {
            // Floyd's pop: the hole at the root goes down to a leaf along the smaller children (one
            // comparison a level), then the last entry, which usually belongs near the bottom, goes up.
            let mut pos = 0;
            loop {
                let left = 2 * pos + 1;
                if left >= len {
                    break;
                }
                let right = left + 1;
                let child = if right < len && self.heap[right] < self.heap[left] {
                    right
                } else {
                    left
                };
                let below = self.heap[child];
                self.heap[pos] = below;
                nodes[Self::id(below) as usize].heap_pos = pos as u32;
                pos = child;
            }
            self.sift_up(nodes, pos, last);
        }
        let id = Self::id(top);
        nodes[id as usize].heap_pos = CLOSED;
        Some(id)
    }

    /// Puts `entry` at `pos` or above it, wherever it belongs.
    fn sift_up<S, M>(&mut self, nodes: &mut [Node<S, M>], mut pos: usize, entry: u128) {
        while pos > 0 {
            let parent = (pos - 1) / 2;
            let above = self.heap[parent];
            if above <= entry {
                break;
            }
            self.heap[pos] = above;
            nodes[Self::id(above) as usize].heap_pos = pos as u32;
            pos = parent;
        }
        self.heap[pos] = entry;
        nodes[Self::id(entry) as usize].heap_pos = pos as u32;
    }
}

/// A child of the node being expanded: its move, state, and what the index said of it.
type Child<S, M> = (M, S, Lookup);

/// The node ids by state. Small states (a 4x4 board, a Hanoi tower: up to 16 bytes) go in a hash map, whose
/// grouped probes find them fastest; larger ones (5x5 and up) in the compact [`NodeIndex`], which keeps only a
/// hash print and an id beside the node arena: a 5x5 board costs 8 bytes there instead of about 40.
enum Index<S> {
    Map(HashMap<S, u32, FxBuild>),
    Compact(NodeIndex),
}

/// What a lookup found: the node id, or where (and, for the compact index, under which hash and table size) a
/// new node would be filed.
#[derive(Clone, Copy)]
struct Lookup {
    found: Result<u32, usize>,
    hash: u64,
    slots: usize,
}

impl<S: Copy + Eq + Hash> Index<S> {
    fn new() -> Self {
        if std::mem::size_of::<S>() <= 16 {
            Index::Map(HashMap::with_capacity_and_hasher(
                INITIAL_NODES,
                FxBuild::default(),
            ))
        } else {
            Index::Compact(NodeIndex::new())
        }
    }

    /// Looks `state` up; `is_it(id)` says whether node `id` holds it.
    #[inline]
    fn lookup(&self, state: &S, is_it: impl Fn(u32) -> bool) -> Lookup {
        match self {
            Index::Map(map) => Lookup {
                found: map.get(state).copied().ok_or(0),
                hash: 0,
                slots: 0,
            },
            Index::Compact(index) => {
                let hash = NodeIndex::hash(state);
                Lookup {
                    found: index.find(hash, is_it),
                    hash,
                    slots: index.slot_count(),
                }
            }
        }
    }

    /// `lookup` again if what it found may be out of date: a sibling filed since may have taken its empty slot,
    /// or grown the table.
    #[inline]
    fn recheck(&self, lookup: Lookup, is_it: impl Fn(u32) -> bool) -> Result<u32, usize> {
        match (self, lookup.found) {
            (Index::Compact(index), Err(at))
                if index.slot_count() != lookup.slots || !index.is_free(at) =>
            {
                index.find(lookup.hash, is_it)
            }
            _ => lookup.found,
        }
    }

    /// Files node `id` for `state`, at the empty slot `at` a lookup gave.
    #[inline]
    fn file(&mut self, state: S, lookup: Lookup, at: usize, id: u32) {
        match self {
            Index::Map(map) => {
                map.insert(state, id);
            }
            Index::Compact(index) => index.insert_at(at, lookup.hash, id),
        }
    }

    fn bytes(&self) -> u64 {
        match self {
            Index::Map(map) => {
                map.capacity() as u64 * (std::mem::size_of::<S>() as u64 + 5) * 8 / 7
            }
            Index::Compact(index) => index.bytes(),
        }
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
    let mut stats = Stats::default();
    let (start, goal) = (puzzle.start(), puzzle.goal());
    // Room for a small search from the start, like the index's: no regrowth copies on the common sizes.
    let mut nodes: Vec<Node<P::State, P::Move>> = Vec::with_capacity(INITIAL_NODES);
    let mut index = Index::new();
    let mut open = Open {
        heap: Vec::with_capacity(INITIAL_NODES),
    };
    let h0 = heuristic.estimate(&start);
    nodes.push(Node {
        state: start,
        parent: 0,
        g: 0,
        h: h0,
        heap_pos: HELD,
        mv: None,
    });
    let first = index.lookup(&start, |_| false);
    if let Err(at) = first.found {
        index.file(start, first, at, 0);
    }
    let node_bytes = std::mem::size_of::<Node<P::State, P::Move>>() as u64;
    // The bytes of the node arena, the heap and the index; their sum is the memory estimate.
    let parts = |nodes: &Vec<Node<P::State, P::Move>>, open: &Open, index: &Index<P::State>| {
        [
            nodes.capacity() as u64 * node_bytes,
            open.heap.capacity() as u64 * std::mem::size_of::<u128>() as u64,
            index.bytes(),
        ]
    };
    let memory = |nodes: &Vec<Node<P::State, P::Move>>, open: &Open, index: &Index<P::State>| {
        parts(nodes, open, index).iter().sum::<u64>()
    };
    let mut watch = super::MemoryWatch::default();
    // Node ids are u32s: a budget past them stops there (a search that large would not fit in memory anyway).
    // Each expansion adds at most a few hundred nodes.
    let id_room = u64::from(u32::MAX) - 1024;
    let mut children: Vec<Child<P::State, P::Move>> = Vec::with_capacity(32);
    let mut closed = 0u64;
    // The node to expand next when it never entered the heap: an expansion's best new child whose entry is no
    // larger than any in the heap is the next pop anyway (on the long plateaus of f where A* dives, it nearly
    // always is), so it skips a push and a pop. The start begins there.
    let mut next_up: Option<u32> = Some(0);
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
            if let Some(stop) = control.checkpoint(&mut stats) {
                break Err(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(nodes.len() as u64) {
            break Err(stop);
        }
        // The arena, the heap and the index grow by doubling.
        let now = parts(&nodes, &open, &index);
        let growth = super::doubling_growth(&now);
        if let Some(stop) = watch.check(control, &mut stats, now.iter().sum(), growth) {
            break Err(stop);
        }
        if nodes.len() as u64 > id_room {
            break Err((
                Status::Limit,
                format!("stopped at {id_room} states, the most this search can number"),
            ));
        }
        let g = node.g + 1;
        // Look every child up before handling any: the lookups are independent cache misses that the processor
        // then waits for together rather than one after another. The move back to the parent is never worth a
        // lookup: the parent is closed with a smaller g.
        let parent = nodes[node.parent as usize].state;
        children.clear();
        puzzle.for_each_successor(&node.state, |mv, next| {
            if next != parent {
                let lookup = index.lookup(&next, |id| nodes[id as usize].state == next);
                children.push((mv, next, lookup));
            }
        });
        let mut held: Option<u128> = None;
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
                        heap_pos: HELD,
                        mv: Some(mv),
                    });
                    index.file(next, lookup, at, child);
                    if O::ACTIVE {
                        observer.generated(Generated::forward(
                            &node.state,
                            &next,
                            g,
                            Some(h),
                            Fate::New,
                        ));
                    }
                    let entry = Open::entry(weights, g, h, child);
                    match held {
                        Some(best) if best <= entry => open.push(&mut nodes, entry),
                        Some(best) => {
                            open.push(&mut nodes, best);
                            held = Some(entry);
                        }
                        None => held = Some(entry),
                    }
                }
                Ok(other)
                    if weights.g > 0
                        && g < nodes[other as usize].g
                        && (reopen == Reopen::Always
                            || nodes[other as usize].heap_pos != CLOSED) =>
                {
                    let known = &mut nodes[other as usize];
                    if O::ACTIVE {
                        let h = Some(known.h);
                        observer.generated(Generated::forward(
                            &node.state,
                            &next,
                            g,
                            h,
                            Fate::Improved,
                        ));
                    }
                    known.g = g;
                    known.parent = id;
                    known.mv = Some(mv);
                    let entry = Open::entry(weights, g, known.h, other);
                    match known.heap_pos {
                        CLOSED => {
                            // Reopened: only an inconsistent heuristic (or a weight above 1) gets here.
                            closed -= 1;
                            open.push(&mut nodes, entry);
                        }
                        // Never happens (siblings are distinct states): it would be the held child.
                        HELD => held = Some(entry),
                        pos => open.decrease(&mut nodes, pos as usize, entry),
                    }
                }
                Ok(other) => {
                    stats.duplicates += 1;
                    if O::ACTIVE {
                        let h = Some(nodes[other as usize].h);
                        observer.generated(Generated::forward(
                            &node.state,
                            &next,
                            g,
                            h,
                            Fate::Duplicate,
                        ));
                    }
                }
            }
        }
        if let Some(entry) = held {
            if open.heap.first().is_none_or(|&top| entry <= top) {
                next_up = Some(Open::id(entry));
            } else {
                open.push(&mut nodes, entry);
            }
        }
        if O::ACTIVE {
            let expansion = Expansion {
                state: &node.state,
                g: node.g,
                h: Some(node.h),
                open: open.heap.len() as u64 + u64::from(next_up.is_some()),
                closed,
                direction: Direction::Forward,
            };
            if observer.expanded(expansion) == Flow::Cancel {
                break Err(observer_stop(stats.expanded));
            }
        }
    };
    stats.closed = closed;
    stats.memory(memory(&nodes, &open, &index));
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
