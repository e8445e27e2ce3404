//! The teaching tracer: the record of a search over a small space, in the order the real engine expands it.
//!
//! [`Recorder`] is a [`RunObserver`] that writes down each expansion: the state's perfect rank, its g and h, OPEN and
//! CLOSED after it, which side of a bidirectional search made it, IDA*'s iterations with their thresholds, and on
//! request each board; then the path of the solution the engine returned. Passed to the one dispatch
//! (`crate::run::solve_observed`, the worker's step-through) or to [`trace_search`] on a puzzle already built, it
//! watches the engine itself, so that the step-through, the Sierpinski view and the nodes-by-depth chart show
//! exactly the run whose statistics the page prints: the record has as many steps as `Stats::expanded`.
//!
//! Only spaces whose ranks fit a caller-given cap are traced (the browser draws at most a few thousand states), and
//! the caller's limit on expansions stops the engine itself (the record then says `truncated`).

use super::engine::{run_engine, EnginePlan};
use super::observer::{Direction, Expansion, Fate, Generated, RunObserver, Searched};
use super::outcome::Outcome;
use super::tree::{SearchTree, TreeRecorder};
use super::weighted::{Reopen, Weight};
use super::{Algorithm, Control, Flow, Limits, Status};
use crate::{Heuristic, Puzzle};
use std::fmt;

/// The record of one traced search, every state named by its perfect rank.
#[derive(Debug, Clone, PartialEq, Eq, Default, serde::Serialize, serde::Deserialize)]
pub struct Trace {
    /// The ranks of the expanded states, in the order the engine expanded them (DFS and IDA* may expand a state
    /// more than once: DFS when it reaches it by a shorter path, IDA* in every iteration).
    pub expanded: Vec<u64>,
    /// After each expansion, the size of the engine's OPEN (BFS's queue, the best-first heap, both frontiers of
    /// bidirectional BFS, the generated children still waiting on the stack of DFS and IDA*).
    pub open_after: Vec<u32>,
    /// After each expansion, the size of CLOSED (the distinct states expanded so far) when it differs from the
    /// number of expansions (DFS, IDA*); empty otherwise, meaning CLOSED after step i is i + 1.
    #[serde(default)]
    pub closed_after: Vec<u32>,
    /// The ranks along the solution found, start first and goal last; empty if the goal was not reached.
    pub path: Vec<u64>,
    /// The number of ranks (`Puzzle::rank_count`).
    pub rank_count: u64,
    /// Whether the search was stopped at the caller's limit on expansions before it ended (then `path` is empty).
    #[serde(default)]
    pub truncated: bool,
    /// The cells of each expanded state, in `expanded` order, when the caller records them (sliding puzzles: the
    /// tile in each cell, 0 the blank); empty otherwise.
    #[serde(default)]
    pub boards: Vec<Vec<u8>>,
    /// The search this record shows (`None` in records from before it was kept).
    #[serde(default)]
    pub algorithm: Option<Algorithm>,
    /// What the engine knew of each expanded state, in `expanded` order: g, h and the side that expanded it (empty
    /// in records from before it was kept).
    #[serde(default)]
    pub steps: Vec<Step>,
    /// IDA*'s iterations in order, each with its threshold and the step it starts at; empty for the others.
    #[serde(default)]
    pub iterations: Vec<Iteration>,
    /// The search tree, when the plan asked for it and the run fitted within its limit (`TracePlan::tree_limit`)
    /// to the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tree: Option<Box<SearchTree>>,
}

/// One expansion's numbers beside its rank.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Step {
    /// The depth: moves from the start (from the goal for a backward step of bidirectional BFS).
    pub g: u32,
    /// The heuristic's estimate, in the searches that have one (A*, greedy, weighted A*, IDA*).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub h: Option<u32>,
    /// Which search of a bidirectional BFS expanded it; `forward` in every other search.
    pub direction: Direction,
}

impl Step {
    /// f = g + h, if the search has an h.
    pub fn f(&self) -> Option<u32> {
        self.h.map(|h| self.g + h)
    }
}

/// One iteration of IDA*: a depth-first search bounded by f = g + h <= `threshold`, whose first expansion is step
/// `first_step` (an index into `Trace::expanded`). It runs to the next iteration's `first_step`, or to the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Iteration {
    pub threshold: u32,
    pub first_step: u32,
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

    /// The IDA* iteration that step `step` (an index into `expanded`) belongs to, if the record has iterations.
    pub fn iteration_at(&self, step: usize) -> Option<&Iteration> {
        self.iterations
            .iter()
            .rev()
            .find(|it| it.first_step as usize <= step)
    }
}

/// Why a space cannot be traced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TraceError {
    /// The puzzle has no perfect rank that fits in a `u64`.
    NoRank,
    /// The space has more ranks than the cap allows.
    TooLarge { ranks: u64, cap: u64 },
    /// An informed search was asked for without the heuristic it would run with: its record would show another run.
    NoHeuristic { algorithm: Algorithm },
    /// The run searched nothing an observer sees: the direct or staged solver, the tuned IDA* on 4x4's tables, or a
    /// query refused before its search (unsolvable, invalid).
    NotSearched,
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
            TraceError::NoHeuristic { algorithm } => write!(
                f,
                "{} is traced only with the heuristic it runs with; give the tracer that heuristic",
                algorithm.title()
            ),
            TraceError::NotSearched => f.write_str(
                "this run searched no space that can be traced; pick a search such as BFS or A* on a small puzzle",
            ),
        }
    }
}

impl std::error::Error for TraceError {}

/// The settings of a traced search besides its heuristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TracePlan {
    pub algorithm: Algorithm,
    /// Weighted A*'s weight.
    pub weight: Weight,
    /// Whether weighted A* reopens expanded states (the engine does unless the heuristic is consistent).
    pub reopen: bool,
    /// DFS's depth bound.
    pub max_depth: u32,
    /// Record the search tree if the run ends within this many expansions (0: never).
    pub tree_limit: usize,
}

impl TracePlan {
    /// The plan of `algorithm` with the solver's defaults: weight 2.5 reopening, DFS bound 40, no tree.
    pub fn new(algorithm: Algorithm) -> TracePlan {
        TracePlan {
            algorithm,
            weight: Weight::DEFAULT,
            reopen: true,
            max_depth: Limits::default().max_depth,
            tree_limit: 0,
        }
    }
}

/// The most expansions a record holds whatever the caller asks: IDA* with a weak heuristic repeats states bound
/// after bound and could otherwise fill the memory with a record no one can step through.
pub const MAX_TRACE_EXPANSIONS: usize = 250_000;

/// The search a record shows for `algorithm`: itself, but BFS for the direct and staged solvers, which search
/// nothing of the whole space (`Trace::algorithm` then says BFS, and the page says why).
pub fn traced_algorithm(algorithm: Algorithm) -> Algorithm {
    match algorithm {
        Algorithm::Direct | Algorithm::Staged => Algorithm::Bfs,
        other => other,
    }
}

/// Runs the search `plan` names on `puzzle` (the informed ones with `heuristic`, which they need) and returns its
/// record, cut after `max_expanded` expansions (at most [`MAX_TRACE_EXPANSIONS`]).
/// `on_expand` sees the rank of each expanded state, in order. The direct and staged solvers are shown by BFS
/// ([`traced_algorithm`]). Spaces of more than `cap` ranks are refused.
///
/// ```
/// use solver::hanoi::{Hanoi, HanoiHeuristic};
/// use solver::search::trace::{trace_search, TracePlan};
/// use solver::{Algorithm, HeuristicName};
/// let tower = Hanoi::new(3, 2, &[0, 0], &[2, 2]).unwrap();
/// let exact = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
/// let plan = TracePlan::new(Algorithm::Idastar);
/// let trace = trace_search(&tower, Some(&exact), plan, 2187, usize::MAX, |_| {}).unwrap();
/// assert_eq!(trace.algorithm, Some(Algorithm::Idastar));
/// assert_eq!(trace.path.len(), 4); // 2^2 - 1 moves: 4 states
/// assert_eq!(trace.iterations[0].threshold, 3); // the exact distance: one iteration
/// assert_eq!(trace.expanded[0], 0); // the start, both disks on peg A
/// ```
pub fn trace_search<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: Option<&H>,
    plan: TracePlan,
    cap: u64,
    max_expanded: usize,
    on_expand: impl FnMut(u64),
) -> Result<Trace, TraceError> {
    let algorithm = traced_algorithm(plan.algorithm);
    if algorithm.uses_heuristic() && heuristic.is_none() {
        return Err(TraceError::NoHeuristic { algorithm });
    }
    let mut recorder = Recorder::new(cap, max_expanded, plan.tree_limit, on_expand);
    let mut control = Control::new(Limits {
        max_depth: plan.max_depth,
        ..Limits::default()
    });
    let engine = EnginePlan {
        algorithm,
        weight: plan.weight,
        reopen: if plan.reopen {
            Reopen::Always
        } else {
            Reopen::Never
        },
    };
    run_engine(
        Searched::new(puzzle),
        heuristic,
        engine,
        &mut control,
        &mut recorder,
    );
    recorder.finish()
}

/// The observer that writes the record ([`Recorder::finish`] hands it over). `on_expand` hears each expanded rank.
pub struct Recorder<F> {
    trace: Trace,
    /// The most ranks of a space it records.
    cap: u64,
    /// The ranks expanded so far, and how many they are.
    seen: Vec<bool>,
    distinct: u32,
    max_expanded: usize,
    /// Whether the record reached `max_expanded` and stopped the engine.
    cut: bool,
    on_expand: F,
    /// Record the tree of a run that ends within this many expansions (0: never), and the tree being recorded.
    tree_limit: usize,
    tree: Option<TreeRecorder>,
    /// Whether each expanded board is recorded (`Trace::boards`).
    boards: bool,
    /// Where the run stands: not begun, refused (why), begun.
    refused: Option<TraceError>,
    began: bool,
}

impl<F: FnMut(u64)> Recorder<F> {
    /// A recorder of spaces of at most `cap` ranks that stops the engine after `max_expanded` expansions (at most
    /// [`MAX_TRACE_EXPANSIONS`]) and records the search tree of a run that ends within `tree_limit` (0: never).
    pub fn new(cap: u64, max_expanded: usize, tree_limit: usize, on_expand: F) -> Recorder<F> {
        Recorder {
            trace: Trace::default(),
            cap,
            seen: Vec::new(),
            distinct: 0,
            max_expanded: max_expanded.min(MAX_TRACE_EXPANSIONS),
            cut: false,
            on_expand,
            tree_limit,
            tree: None,
            boards: false,
            refused: None,
            began: false,
        }
    }

    /// Also records the board of each expanded state (`Trace::boards`), on puzzles that have boards.
    pub fn with_boards(mut self) -> Recorder<F> {
        self.boards = true;
        self
    }

    /// The record of the run watched, or why there is none.
    pub fn finish(self) -> Result<Trace, TraceError> {
        match (self.refused, self.began) {
            (Some(why), _) => Err(why),
            (None, false) => Err(TraceError::NotSearched),
            (None, true) => Ok(self.trace),
        }
    }
}

impl<F: FnMut(u64)> RunObserver for Recorder<F> {
    fn begin<P: Puzzle>(&mut self, on: &Searched<'_, P>, algorithm: Algorithm) -> Flow {
        let puzzle = on.puzzle;
        let Some(rank_count) = puzzle.rank_count() else {
            self.refused = Some(TraceError::NoRank);
            return Flow::Cancel;
        };
        if rank_count > self.cap || rank_count >= u64::from(u32::MAX) {
            self.refused = Some(TraceError::TooLarge {
                ranks: rank_count,
                cap: self.cap,
            });
            return Flow::Cancel;
        }
        self.began = true;
        self.trace.rank_count = rank_count;
        self.trace.algorithm = Some(algorithm);
        self.seen = vec![false; rank_count as usize];
        self.tree = (self.tree_limit > 0).then(|| {
            let ends = (puzzle.rank(&puzzle.start()), puzzle.rank(&puzzle.goal()));
            TreeRecorder::new(self.tree_limit, algorithm, ends)
        });
        Flow::Continue
    }

    fn expanded<P: Puzzle>(&mut self, on: &Searched<'_, P>, step: Expansion<'_, P::State>) -> Flow {
        let rank = on.puzzle.rank(step.state);
        if let Some(tree) = self.tree.as_mut() {
            tree.expanded(rank, step.g, step.h, step.direction);
        }
        let trace = &mut self.trace;
        trace.expanded.push(rank);
        trace
            .open_after
            .push(u32::try_from(step.open).unwrap_or(u32::MAX));
        if let Some(seen) = self.seen.get_mut(rank as usize) {
            self.distinct += u32::from(!*seen);
            *seen = true;
        }
        trace.closed_after.push(self.distinct);
        trace.steps.push(Step {
            g: step.g,
            h: step.h,
            direction: step.direction,
        });
        if self.boards {
            trace.boards.extend(on.board(step.state));
        }
        (self.on_expand)(rank);
        if trace.expanded.len() >= self.max_expanded {
            self.cut = true;
            return Flow::Cancel;
        }
        Flow::Continue
    }

    fn generated<P: Puzzle>(&mut self, on: &Searched<'_, P>, child: Generated<'_, P::State>) {
        if let Some(tree) = self.tree.as_mut() {
            let (parent, rank) = (on.puzzle.rank(child.parent), on.puzzle.rank(child.state));
            tree.generated(parent, rank, child.g, child.h, child.fate, child.direction);
        }
    }

    fn dropped<P: Puzzle>(&mut self, on: &Searched<'_, P>, state: &P::State, g: u32, fate: Fate) {
        if let Some(tree) = self.tree.as_mut() {
            tree.dropped(on.puzzle.rank(state), g, fate);
        }
    }

    fn iteration<P: Puzzle>(&mut self, on: &Searched<'_, P>, threshold: u32) {
        if let Some(tree) = self.tree.as_mut() {
            tree.iteration(on.puzzle.rank(&on.puzzle.start()));
        }
        self.trace.iterations.push(Iteration {
            threshold,
            first_step: self.trace.expanded.len() as u32,
        });
    }

    fn end<P: Puzzle>(&mut self, on: &Searched<'_, P>, outcome: &Outcome<P::Move>) {
        let trace = &mut self.trace;
        if outcome.status == Status::Solved {
            trace.path = ranks_along(on.puzzle, &outcome.moves);
        }
        trace.truncated = self.cut && outcome.status != Status::Solved;
        if !self.cut {
            trace.tree = self
                .tree
                .take()
                .and_then(|tree| tree.finish(&trace.path))
                .map(Box::new);
        }
        let steps_are_distinct = trace
            .closed_after
            .iter()
            .enumerate()
            .all(|(i, &c)| c as usize == i + 1);
        if steps_are_distinct {
            trace.closed_after.clear();
        }
    }
}

/// The ranks of the states along `moves` from the start, start first.
fn ranks_along<P: Puzzle>(puzzle: &P, moves: &[P::Move]) -> Vec<u64> {
    let mut at = puzzle.start();
    let mut ranks = Vec::with_capacity(moves.len() + 1);
    ranks.push(puzzle.rank(&at));
    for &mv in moves {
        let mut next = None;
        puzzle.for_each_successor(&at, |m, s| {
            if m == mv {
                next = Some(s);
            }
        });
        // The engine's moves are legal from where they are played; a move that were not would end the path.
        let Some(next) = next else { break };
        at = next;
        ranks.push(puzzle.rank(&at));
    }
    ranks
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hanoi::{Hanoi, HanoiHeuristic};
    use crate::puzzle::Zero;
    use crate::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
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

    fn trace<P: Puzzle, H: Heuristic<P>>(puzzle: &P, h: Option<&H>, algorithm: Algorithm) -> Trace {
        trace_search(
            puzzle,
            h,
            TracePlan::new(algorithm),
            1 << 20,
            usize::MAX,
            |_| {},
        )
        .unwrap()
    }

    fn tower(disks: u8) -> Hanoi {
        Hanoi::new(3, disks, &vec![0; disks.into()], &vec![2; disks.into()]).unwrap()
    }

    #[test]
    fn bfs_expands_in_distance_order_and_finds_a_shortest_path() {
        for disks in 1..=6u8 {
            let tower = tower(disks);
            let dist = distances(&tower, tower.start());
            let trace = trace::<_, Zero>(&tower, None, Algorithm::Bfs);
            assert_eq!(trace.path.len() as u64, 1u64 << disks, "{disks} disks");
            assert_eq!(trace.expanded.len(), trace.open_after.len());
            assert_eq!(trace.expanded.len(), trace.steps.len());
            assert!(trace.steps.iter().all(|s| s.h.is_none()) && trace.iterations.is_empty());
            for (&rank, step) in trace.expanded.iter().zip(&trace.steps) {
                assert_eq!(dist[rank as usize], step.g, "BFS expands level by level");
            }
            assert!(trace.closed_after.is_empty(), "each state expanded once");
            assert_eq!(trace.path.first(), Some(&tower.start()));
            assert_eq!(trace.path.last(), Some(&tower.goal()));
        }
    }

    #[test]
    fn too_large_spaces_are_refused_with_a_reason() {
        let err = trace_search::<_, Zero>(
            &tower(8),
            None,
            TracePlan::new(Algorithm::Bfs),
            2187,
            usize::MAX,
            |_| {},
        )
        .unwrap_err();
        assert_eq!(
            err,
            TraceError::TooLarge {
                ranks: 6561,
                cap: 2187
            }
        );
        assert!(err.to_string().contains("smaller puzzle"));
        let blind = trace_search::<_, Zero>(
            &tower(2),
            None,
            TracePlan::new(Algorithm::Astar),
            2187,
            usize::MAX,
            |_| {},
        );
        assert_eq!(
            blind,
            Err(TraceError::NoHeuristic {
                algorithm: Algorithm::Astar
            })
        );
    }

    #[test]
    fn the_limit_stops_the_engine_and_each_expanded_state_is_reported() {
        let tower = tower(5);
        let full = trace::<_, Zero>(&tower, None, Algorithm::Bfs);
        let mut count = 0;
        let cut = trace_search::<_, Zero>(
            &tower,
            None,
            TracePlan::new(Algorithm::Bfs),
            2187,
            10,
            |_| count += 1,
        )
        .unwrap();
        assert!(cut.truncated && cut.path.is_empty());
        assert_eq!(cut.expanded, full.expanded[..10].to_vec());
        assert_eq!(count, 10);
        assert!(!full.truncated);
    }

    #[test]
    fn idastar_is_traced_as_idastar_with_its_iterations() {
        // Misplaced disks on 4 disks: a weak bound, so several iterations, each starting from the start.
        let tower = tower(4);
        let h = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
        let trace = trace(&tower, Some(&h), Algorithm::Idastar);
        assert_eq!(trace.algorithm, Some(Algorithm::Idastar));
        assert!(trace.iterations.len() > 1, "{:?}", trace.iterations);
        assert!(trace
            .iterations
            .windows(2)
            .all(|w| w[0].threshold < w[1].threshold && w[0].first_step < w[1].first_step));
        for it in &trace.iterations {
            assert_eq!(
                trace.expanded[it.first_step as usize], 0,
                "each starts at the start"
            );
            assert_eq!(trace.steps[it.first_step as usize].g, 0);
        }
        assert_eq!(trace.iterations.last().map(|it| it.threshold), Some(15));
        assert_eq!(trace.path.len(), 16);
        assert!(trace.steps.iter().all(|s| s.h.is_some()));
        assert!(!trace.closed_after.is_empty(), "IDA* expands states again");
        assert_eq!(trace.iteration_at(0), trace.iterations.first());
        // Within an iteration, f = g + h never passes the threshold.
        for (i, step) in trace.steps.iter().enumerate() {
            let threshold = trace.iteration_at(i).map(|it| it.threshold);
            assert!(step.f() <= threshold, "step {i}");
        }
    }

    #[test]
    fn bidirectional_bfs_says_which_side_expanded() {
        let tower = tower(4);
        let trace = trace::<_, Zero>(&tower, None, Algorithm::Bibfs);
        assert_eq!(trace.algorithm, Some(Algorithm::Bibfs));
        assert_eq!(trace.steps.len(), trace.expanded.len());
        assert_eq!(trace.steps[0].direction, Direction::Forward);
        assert!(trace
            .steps
            .iter()
            .any(|s| s.direction == Direction::Backward));
        assert!(
            trace.expanded.contains(&tower.goal()),
            "the goal side starts at the goal"
        );
        assert_eq!(trace.path.len(), 16);
    }

    #[test]
    fn dfs_follows_the_successor_order_by_hand() {
        // Two disks, rank = peg(disk 0) + 3 * peg(disk 1), moves tried from peg A first. From 0 (both on A) DFS
        // takes A->B (rank 1), then disk 1 A->C (rank 7), then disk 0 B->A (rank 6, before B->C, the goal 8), and
        // from 6 finds the goal: 4 moves where 3 is the shortest.
        let trace = trace::<_, Zero>(&tower(2), None, Algorithm::Dfs);
        assert_eq!(trace.algorithm, Some(Algorithm::Dfs));
        assert_eq!(trace.expanded, vec![0, 1, 7, 6]);
        assert_eq!(trace.path, vec![0, 1, 7, 6, 8]);
        let bounded = trace_search::<_, Zero>(
            &tower(2),
            None,
            TracePlan {
                max_depth: 2,
                ..TracePlan::new(Algorithm::Dfs)
            },
            2187,
            usize::MAX,
            |_| {},
        )
        .unwrap();
        assert!(bounded.path.is_empty() && !bounded.truncated);
    }

    #[test]
    fn weighted_traces_lie_between_astar_and_greedy() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let puzzle =
            SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
        let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
        let astar = trace(&puzzle, Some(&h), Algorithm::Astar);
        let weighted = trace_search(
            &puzzle,
            Some(&h),
            TracePlan {
                weight: "2".parse().unwrap(),
                reopen: false,
                ..TracePlan::new(Algorithm::Weighted)
            },
            1 << 20,
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
        let trace = trace::<_, Zero>(&puzzle, None, Algorithm::Bfs);
        assert!(trace.path.is_empty());
        assert_eq!(trace.expanded.len(), 12, "4!/2 states in a class");
        assert_eq!(trace.open_after.last(), Some(&0), "OPEN ends empty");
    }
}
