//! The teaching tracer: a small BFS and A* over tiny spaces that record the order in which states are expanded.
//!
//! The real engines (`bfs`, `astar`) are tuned for speed and report only counters; a classroom view needs more: which
//! state was expanded at each step, how OPEN and CLOSED grew, and the solution path, all by perfect rank. These
//! functions trade speed for that record and refuse spaces larger than a caller-given cap, so the record stays small
//! (the browser draws at most a few thousand states). Their expansion order follows the same rules as the engines
//! (FIFO for BFS; lowest f, then lowest h, then oldest for A*), but tie-breaking may differ in detail.

use crate::{Heuristic, Puzzle};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fmt;

/// The record of one traced search, every state named by its perfect rank.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    /// The ranks of the expanded states, in the order they were expanded (each at most once).
    pub expanded: Vec<u64>,
    /// After each expansion, the size of OPEN (CLOSED after step i is i + 1).
    pub open_after: Vec<u32>,
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
    mut on_expand: impl FnMut(&P::State),
) -> Result<Trace, TraceError> {
    let mut book = Book::new(puzzle, cap)?;
    let n = book.rank_count as usize;
    let mut g = vec![u32::MAX; n];
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let goal_rank = puzzle.rank(&goal);
    // Entries (f, h, sequence, rank), smallest first; the state itself is kept beside its rank.
    let mut states: Vec<Option<P::State>> = vec![None; n];
    let mut open = BinaryHeap::new();
    let mut open_len = 0u32;
    let mut sequence = 0u64;
    let start_rank = puzzle.rank(&start) as usize;
    g[start_rank] = 0;
    states[start_rank] = Some(start);
    book.reached[start_rank] = true;
    let h0 = heuristic.estimate(&start);
    open.push(Reverse((h0, h0, sequence, start_rank as u64)));
    open_len += 1;
    let mut trace = Trace {
        rank_count: book.rank_count,
        ..Trace::default()
    };
    while let Some(Reverse((f, h, _, rank))) = open.pop() {
        let r = rank as usize;
        // A stale entry: the state was expanded already or reached more cheaply since.
        if book.closed[r] || f != g[r].saturating_add(h) {
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
            if g_next >= g[nr] {
                return;
            }
            let fresh = !book.reached[nr] || book.closed[nr];
            book.reached[nr] = true;
            book.closed[nr] = false;
            g[nr] = g_next;
            book.parent[nr] = rank as u32;
            states[nr] = Some(next);
            let h = heuristic.estimate(&next);
            sequence += 1;
            open.push(Reverse((g_next.saturating_add(h), h, sequence, nr as u64)));
            if fresh {
                open_len += 1;
            }
        });
        trace.open_after.push(open_len);
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
