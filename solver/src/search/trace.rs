//! The teaching tracer: small BFS, depth-bounded DFS and best-first searches (A*, greedy, weighted A*) over tiny
//! spaces that record the order in which states are expanded.
//!
//! The real engines (`bfs`, `dfs`, `astar`, `weighted`) are tuned for speed and report only counters; a classroom
//! view needs more: which state was expanded at each step, how OPEN and CLOSED grew, and the solution path, all by
//! perfect rank. These functions trade speed for that record and refuse spaces larger than a caller-given cap, so the
//! record stays small (the browser draws at most a few thousand states). Their expansion order follows the same
//! rules as the engines (FIFO for BFS; the successor order with the depth bound for DFS; lowest f = wg*g + wh*h,
//! then larger g, then oldest for the best-first family), but tie-breaking among equal keys may differ in detail.
//! Bidirectional BFS and IDA* have no tracer of their own: `Trace::algorithm` says which search a record shows.

use super::astar::Weights;
use super::Algorithm;
use crate::{Heuristic, Puzzle};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

/// The record of one traced search, every state named by its perfect rank.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    /// The ranks of the expanded states, in the order they were expanded (each at most once, except in DFS, which
    /// searches a state again when it reaches it by a shorter path).
    pub expanded: Vec<u64>,
    /// After each expansion, the size of OPEN (DFS: the generated children still waiting on its stack).
    pub open_after: Vec<u32>,
    /// After each expansion, the size of CLOSED (the distinct states expanded so far) when it differs from the
    /// number of expansions (DFS); empty otherwise, meaning CLOSED after step i is i + 1.
    #[serde(default)]
    pub closed_after: Vec<u32>,
    /// The ranks along the solution found, start first and goal last; empty if the goal was not reached.
    pub path: Vec<u64>,
    /// The number of ranks (`Puzzle::rank_count`).
    pub rank_count: u64,
    /// Whether the search was stopped at the caller's cap on expansions before it ended (then `path` is empty).
    #[serde(default)]
    pub truncated: bool,
    /// The cells of each expanded state, in `expanded` order, when the caller records them (sliding puzzles: the
    /// tile in each cell, 0 the blank); empty otherwise.
    #[serde(default)]
    pub boards: Vec<Vec<u8>>,
    /// The search whose order this record follows (`None` in records from before it was kept).
    #[serde(default)]
    pub algorithm: Option<Algorithm>,
}

impl Trace {
    /// The size of CLOSED after `steps` expansions.
    pub fn closed_at(&self, steps: usize) -> usize {
        match steps.checked_sub(1).and_then(|i| self.closed_after.get(i)) {
            Some(&c) => c as usize,
            None if steps == 0 || self.closed_after.is_empty() => steps,
            None => self.closed_after.last().map_or(steps, |&c| c as usize),
        }
    }
}

/// Why a space cannot be traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceError {
    /// The puzzle has no perfect rank that fits in a `u64`.
    NoRank,
    /// The space has more ranks than the cap allows.
    TooLarge { ranks: u64, cap: u64 },
}

impl fmt::Display for TraceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TraceError::NoRank => f.write_str(
                "this puzzle's states cannot be numbered compactly, so its search cannot be traced; pick a smaller one",
            ),
            TraceError::TooLarge { ranks, cap } => write!(
                f,
                "the search can be traced only in spaces of at most {cap} states and this one has {ranks}; pick a \
                 smaller puzzle"
            ),
        }
    }
}

impl std::error::Error for TraceError {}

/// No parent: the start.
const NONE: u32 = u32::MAX;

/// The ranks and their bookkeeping, dense over `0..rank_count`.
struct Book {
    rank_count: u64,
    /// Parent rank of each reached state (`NONE` for the start and for unreached states, told apart by `reached`).
    parent: Vec<u32>,
    reached: Vec<bool>,
    closed: Vec<bool>,
}

impl Book {
    fn new<P: Puzzle>(puzzle: &P, cap: u64) -> Result<Book, TraceError> {
        let rank_count = puzzle.rank_count().ok_or(TraceError::NoRank)?;
        if rank_count > cap || rank_count >= u64::from(NONE) {
            return Err(TraceError::TooLarge {
                ranks: rank_count,
                cap,
            });
        }
        let n = rank_count as usize;
        Ok(Book {
            rank_count,
            parent: vec![NONE; n],
            reached: vec![false; n],
            closed: vec![false; n],
        })
    }

    /// The path from the start to `goal` by parent links, start first.
    fn path_to(&self, goal: u64) -> Vec<u64> {
        let mut path = vec![goal];
        let mut at = goal as usize;
        while self.parent[at] != NONE {
            at = self.parent[at] as usize;
            path.push(at as u64);
        }
        path.reverse();
        path
    }
}

/// Traces breadth-first search from `puzzle.start()` until the goal is generated (or the space is exhausted), as the
/// engine [`bfs`](super::bfs::bfs) does: the first time the goal is generated, its depth is the shortest distance, so
/// the goal itself is never expanded. The path is a shortest one.
///
/// ```
/// use solver::hanoi::Hanoi;
/// use solver::search::trace::trace_bfs;
/// let tower = Hanoi::new(3, 2, &[0, 0], &[2, 2]).unwrap();
/// let trace = trace_bfs(&tower, 2187).unwrap();
/// assert_eq!(trace.path.len(), 4); // 2^2 - 1 moves: 4 states
/// assert_eq!(trace.expanded[0], 0); // the start, both disks on peg A
/// assert!(!trace.expanded.contains(&8)); // the goal (both on peg C: 2 + 2 * 3) is generated, never expanded
/// ```
pub fn trace_bfs<P: Puzzle>(puzzle: &P, cap: u64) -> Result<Trace, TraceError> {
    trace_bfs_limited(puzzle, cap, usize::MAX, |_| {})
}

/// [`trace_bfs`] that stops after `max_expanded` expansions (setting `Trace::truncated`) and calls `on_expand` with
/// each expanded state, in order (for a caller that records the states themselves, e.g. to draw them).
pub fn trace_bfs_limited<P: Puzzle>(
    puzzle: &P,
    cap: u64,
    max_expanded: usize,
    mut on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    let mut book = Book::new(puzzle, cap)?;
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let goal_rank = puzzle.rank(&goal);
    let mut queue = std::collections::VecDeque::new();
    queue.push_back(start);
    book.reached[puzzle.rank(&start) as usize] = true;
    let mut trace = Trace {
        rank_count: book.rank_count,
        algorithm: Some(Algorithm::Bfs),
        ..Trace::default()
    };
    if start == goal {
        trace.path = vec![goal_rank];
        return Ok(trace);
    }
    while let Some(state) = queue.pop_front() {
        if trace.expanded.len() >= max_expanded {
            trace.truncated = true;
            return Ok(trace);
        }
        let rank = puzzle.rank(&state);
        book.closed[rank as usize] = true;
        trace.expanded.push(rank);
        on_expand(&state);
        let mut found = false;
        puzzle.for_each_successor(&state, |_, next| {
            let r = puzzle.rank(&next) as usize;
            if !found && !book.reached[r] {
                book.reached[r] = true;
                book.parent[r] = rank as u32;
                found = r as u64 == goal_rank;
                if !found {
                    queue.push_back(next);
                }
            }
        });
        trace.open_after.push(queue.len() as u32);
        if found {
            trace.path = book.path_to(goal_rank);
            return Ok(trace);
        }
    }
    Ok(trace)
}

/// Traces A* with `heuristic` (every move costs 1): the state of lowest f = g + h is expanded next, ties to the lower
/// h, then to the older entry. The search stops when the goal is taken from OPEN (it is not counted as expanded, as
/// in the engine [`astar`](super::astar::astar)). A state reached again by a shorter path is reopened, so an
/// admissible heuristic gives a shortest path.
///
/// ```
/// use solver::hanoi::{Hanoi, HanoiHeuristic};
/// use solver::search::trace::{trace_astar, trace_bfs};
/// use solver::HeuristicName;
/// let tower = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
/// let exact = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
/// let astar = trace_astar(&tower, &exact, 2187).unwrap();
/// assert_eq!(astar.path.len(), 8);
/// assert_eq!(astar.expanded.len(), 7, "an exact heuristic walks straight to the goal");
/// assert!(trace_bfs(&tower, 2187).unwrap().expanded.len() > 8);
/// ```
pub fn trace_astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    cap: u64,
) -> Result<Trace, TraceError> {
    trace_astar_limited(puzzle, heuristic, cap, usize::MAX, |_| {})
}

/// [`trace_astar`] that stops after `max_expanded` expansions (setting `Trace::truncated`) and calls `on_expand`
/// with each expanded state, in order.
pub fn trace_astar_limited<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    cap: u64,
    max_expanded: usize,
    on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    trace_best_first_limited(
        puzzle,
        heuristic,
        BestFirst::ASTAR,
        cap,
        max_expanded,
        on_expand,
    )
}

/// Which member of the best-first family a trace follows: OPEN ordered by f = wg*g + wh*h, and what happens when a
/// cheaper path to a known state turns up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BestFirst {
    pub weights: Weights,
    /// Whether an expanded state reached again more cheaply is expanded again (states still on OPEN always take the
    /// cheaper path, except in greedy search, which ignores g).
    pub reopen: bool,
    pub algorithm: Algorithm,
}

impl BestFirst {
    /// A*: f = g + h, reopening (so an inconsistent but admissible heuristic still gives a shortest path).
    pub const ASTAR: BestFirst = BestFirst {
        weights: Weights::ASTAR,
        reopen: true,
        algorithm: Algorithm::Astar,
    };
    /// Greedy best-first: f = h; the first path to a state is kept, as in the engine.
    pub const GREEDY: BestFirst = BestFirst {
        weights: Weights::GREEDY,
        reopen: false,
        algorithm: Algorithm::Greedy,
    };

    /// Weighted A*: f = g + w*h, reopening expanded states only if `reopen` (the engine does so unless the
    /// heuristic is consistent).
    pub fn weighted(weight: super::weighted::Weight, reopen: bool) -> BestFirst {
        BestFirst {
            weights: weight.weights(),
            reopen,
            algorithm: Algorithm::Weighted,
        }
    }
}

/// Traces greedy best-first search: the state of lowest h is expanded next (ties to the deeper, then the older
/// entry); it stops when the goal is taken from OPEN. Fast on the way in, but the path need not be shortest.
///
/// ```
/// use solver::hanoi::{Hanoi, HanoiHeuristic};
/// use solver::search::trace::trace_greedy;
/// use solver::HeuristicName;
/// let tower = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
/// let misplaced = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
/// let trace = trace_greedy(&tower, &misplaced, 2187).unwrap();
/// assert_eq!(trace.path.first(), Some(&0));
/// assert_eq!(trace.path.last(), Some(&26)); // every disk on peg C: 2 + 2*3 + 2*9
/// ```
pub fn trace_greedy<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    cap: u64,
) -> Result<Trace, TraceError> {
    trace_best_first_limited(
        puzzle,
        heuristic,
        BestFirst::GREEDY,
        cap,
        usize::MAX,
        |_| {},
    )
}

/// The best-first tracer behind A*, greedy and weighted A* (see [`BestFirst`]): stops after `max_expanded`
/// expansions (setting `Trace::truncated`) and calls `on_expand` with each expanded state, in order. The goal is
/// not counted as expanded, as in the engines.
pub fn trace_best_first_limited<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    order: BestFirst,
    cap: u64,
    max_expanded: usize,
    mut on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    let mut book = Book::new(puzzle, cap)?;
    let n = book.rank_count as usize;
    let w = order.weights;
    let key = |g: u32, h: u32| u64::from(w.g) * u64::from(g) + u64::from(w.h) * u64::from(h);
    let mut g = vec![u32::MAX; n];
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let goal_rank = puzzle.rank(&goal);
    // Entries (f, complement of g so that deeper sorts first, sequence, rank), smallest first; the state itself is
    // kept beside its rank. An entry is stale once its state is closed or has a smaller g than the entry's.
    let mut states: Vec<Option<P::State>> = vec![None; n];
    let mut open = BinaryHeap::new();
    let mut open_len = 0u32;
    let mut sequence = 0u64;
    let start_rank = puzzle.rank(&start) as usize;
    g[start_rank] = 0;
    states[start_rank] = Some(start);
    book.reached[start_rank] = true;
    open.push(Reverse((
        key(0, heuristic.estimate(&start)),
        u32::MAX,
        sequence,
        start_rank as u64,
    )));
    open_len += 1;
    let mut trace = Trace {
        rank_count: book.rank_count,
        algorithm: Some(order.algorithm),
        ..Trace::default()
    };
    while let Some(Reverse((_, not_g, _, rank))) = open.pop() {
        let r = rank as usize;
        if book.closed[r] || u32::MAX - not_g != g[r] {
            continue;
        }
        if rank == goal_rank {
            trace.path = book.path_to(rank);
            return Ok(trace);
        }
        let Some(state) = states[r] else { continue };
        if trace.expanded.len() >= max_expanded {
            trace.truncated = true;
            return Ok(trace);
        }
        open_len = open_len.saturating_sub(1);
        book.closed[r] = true;
        trace.expanded.push(rank);
        on_expand(&state);
        let g_next = g[r] + 1;
        puzzle.for_each_successor(&state, |_, next| {
            let nr = puzzle.rank(&next) as usize;
            let improves = w.g > 0 && g_next < g[nr];
            let fresh = !book.reached[nr];
            if !(fresh || improves && (!book.closed[nr] || order.reopen)) {
                return;
            }
            let reopened = book.closed[nr];
            book.reached[nr] = true;
            book.closed[nr] = false;
            g[nr] = g_next;
            book.parent[nr] = rank as u32;
            states[nr] = Some(next);
            sequence += 1;
            let f = key(g_next, heuristic.estimate(&next));
            open.push(Reverse((f, u32::MAX - g_next, sequence, nr as u64)));
            if fresh || reopened {
                open_len += 1;
            }
        });
        trace.open_after.push(open_len);
    }
    Ok(trace)
}

/// The settings of a traced search besides its heuristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TracePlan {
    pub algorithm: Algorithm,
    /// Weighted A*'s weight.
    pub weight: super::weighted::Weight,
    /// Whether weighted A* reopens expanded states (the engine does unless the heuristic is consistent).
    pub reopen: bool,
    /// DFS's depth bound.
    pub max_depth: u32,
}

/// Traces the search `plan` names, in its own order: BFS, DFS, A*, greedy and weighted A* (the informed ones with
/// `heuristic`). The others have no tracer and are shown by their nearest relative, which `Trace::algorithm` names:
/// IDA* by A* (with a consistent heuristic it expands the same states, A* once each where IDA* repeats them bound by
/// bound), bidirectional BFS and the direct solver by BFS. An informed search without a heuristic is traced as BFS.
pub fn trace_search<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: Option<&H>,
    plan: TracePlan,
    cap: u64,
    max_expanded: usize,
    on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    let order = match (plan.algorithm, heuristic) {
        (Algorithm::Dfs, _) => {
            return trace_dfs_limited(puzzle, cap, plan.max_depth, max_expanded, on_expand)
        }
        (_, None)
        | (Algorithm::Bfs | Algorithm::Bibfs | Algorithm::Direct | Algorithm::Staged, _) => {
            return trace_bfs_limited(puzzle, cap, max_expanded, on_expand)
        }
        (Algorithm::Greedy, Some(_)) => BestFirst::GREEDY,
        (Algorithm::Weighted, Some(_)) => BestFirst::weighted(plan.weight, plan.reopen),
        (Algorithm::Astar | Algorithm::Idastar, Some(_)) => BestFirst::ASTAR,
    };
    match heuristic {
        Some(h) => trace_best_first_limited(puzzle, h, order, cap, max_expanded, on_expand),
        None => trace_bfs_limited(puzzle, cap, max_expanded, on_expand),
    }
}

/// Traces depth-bounded depth-first search exactly as the engine [`dfs`](super::dfs::dfs) runs it: successors in
/// the puzzle's order, the goal recognised when generated, states at `max_depth` moves never expanded, and a state
/// searched again only when reached by a shorter path than before. The path is the one on the stack when the goal
/// turns up, which need not be shortest. OPEN is the stack of generated children not yet visited.
///
/// ```
/// use solver::hanoi::Hanoi;
/// use solver::search::trace::{trace_bfs, trace_dfs};
/// let tower = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
/// let dfs = trace_dfs(&tower, 2187, 40).unwrap();
/// assert!(dfs.path.len() > trace_bfs(&tower, 2187).unwrap().path.len()); // found, but not a shortest path
/// let none = trace_dfs(&tower, 2187, 3).unwrap();
/// assert!(none.path.is_empty()); // 7 moves are needed: a bound of 3 finds nothing
/// ```
pub fn trace_dfs<P: Puzzle>(puzzle: &P, cap: u64, max_depth: u32) -> Result<Trace, TraceError> {
    trace_dfs_limited(puzzle, cap, max_depth, usize::MAX, |_| {})
}

/// [`trace_dfs`] that stops after `max_expanded` expansions (setting `Trace::truncated`) and calls `on_expand` with
/// each expanded state, in order.
pub fn trace_dfs_limited<P: Puzzle>(
    puzzle: &P,
    cap: u64,
    max_depth: u32,
    max_expanded: usize,
    mut on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    /// A state on the stack: its rank, depth and the range of `children` it generated that are still to visit.
    struct Frame {
        rank: u64,
        depth: u32,
        first_child: usize,
        next_child: usize,
    }
    let mut book = Book::new(puzzle, cap)?;
    // The smallest depth each state was reached at (`u32::MAX`: never).
    let mut depth_of = vec![u32::MAX; book.rank_count as usize];
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let goal_rank = puzzle.rank(&goal);
    let start_rank = puzzle.rank(&start);
    let mut trace = Trace {
        rank_count: book.rank_count,
        algorithm: Some(Algorithm::Dfs),
        ..Trace::default()
    };
    if start == goal {
        trace.path = vec![goal_rank];
        return Ok(trace);
    }
    depth_of[start_rank as usize] = 0;
    let mut children: Vec<P::State> = Vec::new();
    let mut frames: Vec<Frame> = Vec::new();
    let mut pending = 0u32;
    let mut distinct = 0u32;
    // Expands `state` (recording it) and pushes its frame.
    let mut expand = |state: &P::State,
                      rank: u64,
                      depth: u32,
                      frames: &mut Vec<Frame>,
                      children: &mut Vec<P::State>,
                      pending: &mut u32,
                      trace: &mut Trace| {
        if !book.closed[rank as usize] {
            book.closed[rank as usize] = true;
            distinct += 1;
        }
        trace.expanded.push(rank);
        on_expand(state);
        let first = children.len();
        puzzle.for_each_successor(state, |_, next| children.push(next));
        *pending += (children.len() - first) as u32;
        frames.push(Frame {
            rank,
            depth,
            first_child: first,
            next_child: first,
        });
        trace.open_after.push(*pending);
        trace.closed_after.push(distinct);
    };
    expand(
        &start,
        start_rank,
        0,
        &mut frames,
        &mut children,
        &mut pending,
        &mut trace,
    );
    while let Some(top) = frames.last_mut() {
        if top.next_child == children.len() {
            children.truncate(top.first_child);
            frames.pop();
            continue;
        }
        let next = children[top.next_child];
        top.next_child += 1;
        pending -= 1;
        let depth = top.depth + 1;
        let r = puzzle.rank(&next);
        if depth_of[r as usize] <= depth {
            continue;
        }
        depth_of[r as usize] = depth;
        if r == goal_rank {
            trace.path = frames.iter().map(|f| f.rank).collect();
            trace.path.push(r);
            return Ok(trace);
        }
        if depth >= max_depth {
            continue;
        }
        if trace.expanded.len() >= max_expanded {
            trace.truncated = true;
            return Ok(trace);
        }
        expand(
            &next,
            r,
            depth,
            &mut frames,
            &mut children,
            &mut pending,
            &mut trace,
        );
    }
    Ok(trace)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hanoi::{Hanoi, HanoiHeuristic};
    use crate::sliding::{Shape, SmallPuzzle};
    use crate::HeuristicName;

    /// Distances from `from` to every rank, by a plain BFS written here for the check.
    fn distances<P: Puzzle>(puzzle: &P, from: P::State) -> Vec<u32> {
        let n = puzzle.rank_count().unwrap() as usize;
        let mut dist = vec![u32::MAX; n];
        dist[puzzle.rank(&from) as usize] = 0;
        let mut frontier = vec![from];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next_frontier = Vec::new();
            for s in &frontier {
                puzzle.for_each_successor(s, |_, t| {
                    let r = puzzle.rank(&t) as usize;
                    if dist[r] == u32::MAX {
                        dist[r] = d;
                        next_frontier.push(t);
                    }
                });
            }
            frontier = next_frontier;
        }
        dist
    }

    fn adjacent<P: Puzzle>(puzzle: &P, states: &[P::State], a: u64, b: u64) -> bool {
        let sa = states
            .iter()
            .find(|s| puzzle.rank(s) == a)
            .copied()
            .unwrap();
        let mut found = false;
        puzzle.for_each_successor(&sa, |_, t| found |= puzzle.rank(&t) == b);
        found
    }

    #[test]
    fn bfs_expands_in_distance_order_and_finds_a_shortest_path() {
        for disks in 1..=6u8 {
            let tower =
                Hanoi::new(3, disks, &vec![0; disks.into()], &vec![2; disks.into()]).unwrap();
            let dist = distances(&tower, tower.start());
            let trace = trace_bfs(&tower, 2187).unwrap();
            assert_eq!(trace.path.len() as u64, (1u64 << disks), "{disks} disks");
            assert_eq!(trace.expanded.len(), trace.open_after.len());
            assert!(
                trace
                    .expanded
                    .windows(2)
                    .all(|w| dist[w[0] as usize] <= dist[w[1] as usize]),
                "BFS expands level by level"
            );
            let mut seen = trace.expanded.clone();
            seen.sort_unstable();
            seen.dedup();
            assert_eq!(seen.len(), trace.expanded.len(), "each state expanded once");
            let all: Vec<u64> = (0..tower.state_count()).collect();
            for w in trace.path.windows(2) {
                assert!(
                    adjacent(&tower, &all, w[0], w[1]),
                    "path step {w:?} is a move"
                );
            }
            assert_eq!(trace.path.first(), Some(&tower.start()));
            assert_eq!(trace.path.last(), Some(&tower.goal()));
        }
    }

    #[test]
    fn bfs_trace_expands_as_many_states_as_the_engine() {
        use crate::search::{bfs::bfs, Control, Limits};
        for (disks, start, goal) in [
            (4u8, vec![0u8; 4], vec![2u8; 4]),
            (5, vec![1, 0, 2, 0, 1], vec![2, 2, 0, 1, 1]),
            (6, vec![0; 6], vec![1; 6]),
        ] {
            let tower = Hanoi::new(3, disks, &start, &goal).unwrap();
            let engine = bfs(&tower, &mut Control::new(Limits::default()));
            let trace = trace_bfs(&tower, 2187).unwrap();
            assert_eq!(
                trace.expanded.len() as u64,
                engine.stats.expanded,
                "{disks} disks"
            );
            assert_eq!(trace.path.len() as u64, engine.length + 1);
        }
    }

    #[test]
    fn astar_paths_are_shortest_with_admissible_heuristics() {
        let tower = Hanoi::new(3, 5, &[1, 0, 2, 0, 1], &[2, 2, 0, 1, 1]).unwrap();
        let dist = distances(&tower, tower.start());
        let shortest = dist[tower.goal() as usize] as usize + 1;
        for name in [HeuristicName::Misplaced, HeuristicName::Exact] {
            let h = HanoiHeuristic::new(name, &tower).unwrap();
            let trace = trace_astar(&tower, &h, 2187).unwrap();
            assert_eq!(trace.path.len(), shortest, "{name}");
            assert!(!trace.expanded.contains(&tower.goal()));
            assert_eq!(trace.expanded.len(), trace.open_after.len());
        }
        let bfs = trace_bfs(&tower, 2187).unwrap();
        assert_eq!(bfs.path.len(), shortest);
    }

    #[test]
    fn sliding_trace_matches_bfs_distance_and_counts_open() {
        let shape = Shape {
            width: 3,
            height: 2,
        };
        let puzzle = SmallPuzzle::new(shape, &[4, 1, 2, 5, 0, 3], &shape.default_goal()).unwrap();
        let dist = distances(&puzzle, puzzle.start());
        let goal = puzzle.rank(&puzzle.goal()) as usize;
        let trace = trace_bfs(&puzzle, 1_000_000).unwrap();
        assert_eq!(trace.path.len() as u32, dist[goal] + 1);
        assert!(trace
            .open_after
            .iter()
            .all(|&o| o as u64 <= trace.rank_count));
    }

    #[test]
    fn too_large_spaces_are_refused_with_a_reason() {
        let tower = Hanoi::new(3, 8, &[0; 8], &[2; 8]).unwrap();
        let err = trace_bfs(&tower, 2187).unwrap_err();
        assert_eq!(
            err,
            TraceError::TooLarge {
                ranks: 6561,
                cap: 2187
            }
        );
        assert!(err.to_string().contains("smaller puzzle"));
    }

    #[test]
    fn limited_traces_stop_at_the_cap_and_report_each_expanded_state() {
        let shape = Shape {
            width: 3,
            height: 2,
        };
        let puzzle = SmallPuzzle::new(shape, &[0, 5, 4, 3, 2, 1], &shape.default_goal()).unwrap();
        let dist = distances(&puzzle, puzzle.goal());
        let full = trace_bfs(&puzzle, 1_000).unwrap();
        assert!(!full.truncated);
        assert_eq!(
            full.path.len() as u32 - 1,
            dist[puzzle.rank(&puzzle.start()) as usize]
        );
        let mut seen = Vec::new();
        let cut = trace_bfs_limited(&puzzle, 1_000, 10, |s| seen.push(puzzle.rank(s))).unwrap();
        assert!(cut.truncated && cut.path.is_empty());
        assert_eq!(cut.expanded, full.expanded[..10].to_vec());
        assert_eq!(
            seen, cut.expanded,
            "the callback sees each expanded state in order"
        );
        let h = crate::sliding::SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
        let mut count = 0;
        let astar = trace_astar_limited(&puzzle, &h, 1_000, 3, |_| count += 1).unwrap();
        assert!(astar.truncated);
        assert_eq!((astar.expanded.len(), count), (3, 3));
        let whole = trace_astar_limited(&puzzle, &h, 1_000, usize::MAX, |_| {}).unwrap();
        assert!(!whole.truncated);
        assert_eq!(whole.path.len(), full.path.len());
    }

    /// 3 pegs, 2 disks, both from A to C. Ranks are peg(disk 0) + 3 * peg(disk 1); successors come by source peg,
    /// then target peg (A, B, C).
    fn two_disks() -> Hanoi {
        Hanoi::new(3, 2, &[0, 0], &[2, 2]).unwrap()
    }

    #[test]
    fn dfs_follows_the_successor_order_by_hand() {
        // Worked by hand: from 0 (AA) the children are 1 (BA) and 2 (CA); DFS dives into 1, whose children are
        // 7 (BC), 0, 2; into 7, whose children are 6 (AC), 8 (CC: the goal), 1; into 6, whose children are 7 (seen
        // at depth 2, skipped) and 8: the goal, generated at depth 4. OPEN is the stack of unvisited children.
        let trace = trace_dfs(&two_disks(), 100, 40).unwrap();
        assert_eq!(trace.algorithm, Some(Algorithm::Dfs));
        assert_eq!(trace.expanded, vec![0, 1, 7, 6]);
        assert_eq!(trace.open_after, vec![2, 4, 6, 8]);
        assert_eq!(trace.closed_after, vec![1, 2, 3, 4]);
        assert_eq!(
            trace.path,
            vec![0, 1, 7, 6, 8],
            "4 moves, not the shortest 3"
        );
        // With a bound of 2 the goal (3 moves away) is out of reach: DFS backtracks and stops empty-handed,
        // expanding only states less than 2 moves deep, and a state again when reached shallower.
        let bounded = trace_dfs(&two_disks(), 100, 2).unwrap();
        assert!(bounded.path.is_empty() && !bounded.truncated);
        assert_eq!(bounded.expanded, vec![0, 1, 2]);
        assert_eq!(
            bounded.open_after.last(),
            Some(&3),
            "the three children of 2 wait on the stack"
        );
    }

    #[test]
    fn greedy_follows_h_alone_by_hand() {
        // Misplaced disks: h(0) = 2; children 1 (h 2) and 2 (h 1): greedy takes 2, then 5 (CB, h 1), then the
        // deepest of the h = 2 states (3: AB, before 1), then 6 (AC, h 1), whose child 8 is the goal: 5 moves.
        let tower = two_disks();
        let h = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
        let trace = trace_greedy(&tower, &h, 100).unwrap();
        assert_eq!(trace.algorithm, Some(Algorithm::Greedy));
        assert_eq!(trace.expanded, vec![0, 2, 5, 3, 6]);
        assert_eq!(trace.open_after, vec![2, 2, 3, 3, 4]);
        assert!(trace.closed_after.is_empty());
        assert_eq!(trace.path, vec![0, 2, 5, 3, 6, 8]);
        // A* with the same heuristic finds the shortest path (3 moves).
        let astar = trace_astar(&tower, &h, 100).unwrap();
        assert_eq!(astar.path.len(), 4);
    }

    #[test]
    fn dfs_and_greedy_traces_match_the_engines() {
        use crate::search::{astar::greedy, dfs::dfs, Control, Limits};
        for (disks, start, goal) in [
            (3u8, vec![0u8; 3], vec![2u8; 3]),
            (5, vec![1, 0, 2, 0, 1], vec![2, 2, 0, 1, 1]),
            (6, vec![0; 6], vec![1; 6]),
        ] {
            let tower = Hanoi::new(3, disks, &start, &goal).unwrap();
            for depth in [5u32, 20, 40] {
                let limits = Limits {
                    max_depth: depth,
                    ..Limits::default()
                };
                let engine = dfs(&tower, &mut Control::new(limits));
                let trace = trace_dfs(&tower, 2187, depth).unwrap();
                assert_eq!(
                    trace.expanded.len() as u64,
                    engine.stats.expanded,
                    "{disks} disks, bound {depth}"
                );
                if engine.status == crate::Status::Solved {
                    assert_eq!(trace.path.len() as u64, engine.length + 1);
                } else {
                    assert!(trace.path.is_empty());
                }
            }
            let h = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
            let engine = greedy(&tower, &h, &mut Control::new(Limits::default()));
            let trace = trace_greedy(&tower, &h, 2187).unwrap();
            assert_eq!(trace.path.len() as u64, engine.length + 1, "{disks} disks");
        }
    }

    #[test]
    fn weighted_traces_lie_between_astar_and_greedy() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let puzzle =
            SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
        let h = crate::sliding::SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
        let cap = 1_000_000;
        let astar = trace_astar(&puzzle, &h, cap).unwrap();
        let w: super::super::weighted::Weight = "2".parse().unwrap();
        let weighted = trace_best_first_limited(
            &puzzle,
            &h,
            BestFirst::weighted(w, false),
            cap,
            usize::MAX,
            |_| {},
        )
        .unwrap();
        assert_eq!(weighted.algorithm, Some(Algorithm::Weighted));
        assert_eq!(astar.path.len(), 32, "31 moves is the shortest");
        assert!(weighted.path.len() >= astar.path.len() && weighted.path.len() <= 2 * 31 + 1);
        assert!(weighted.expanded.len() < astar.expanded.len());
    }

    #[test]
    fn an_unreachable_goal_expands_the_whole_component() {
        let shape = Shape {
            width: 2,
            height: 2,
        };
        // Two tiles swapped: the other parity class, never reached.
        let puzzle = SmallPuzzle::new(shape, &[2, 1, 3, 0], &shape.default_goal()).unwrap();
        let trace = trace_bfs(&puzzle, 1_000).unwrap();
        assert!(trace.path.is_empty());
        assert_eq!(trace.expanded.len(), 12, "4!/2 states in a class");
        assert_eq!(trace.open_after.last(), Some(&0), "OPEN ends empty");
    }
}
