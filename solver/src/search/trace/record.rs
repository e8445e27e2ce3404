//! The record of a traced search ([`Trace`]): each expansion's rank, g, h and side, OPEN and CLOSED after it, IDA*'s
//! iterations, the path found, and on request the boards and the search tree; and why a space cannot be traced.

use crate::search::observer::Direction;
use crate::search::tree::SearchTree;
use crate::search::Algorithm;
use std::collections::HashMap;
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
    /// The search this record shows.
    #[serde(default)]
    pub algorithm: Option<Algorithm>,
    /// What the engine knew of each expanded state, in `expanded` order: g, h and the side that expanded it.
    #[serde(default)]
    pub steps: Vec<Step>,
    /// IDA*'s iterations in order, each with its threshold and the step it starts at; empty for the others.
    #[serde(default)]
    pub iterations: Vec<Iteration>,
    /// The ranks that joined OPEN, in order: each child the engine filed as new or improved (a state reopened by a
    /// shorter path joins again). The start, in OPEN before the first expansion, is not listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opened: Vec<u64>,
    /// After each expansion, how many entries of `opened` the expansions so far made (the expansion's own children
    /// included, since the engine files them before it reports the expansion).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub opened_upto: Vec<u32>,
    /// The ranks the depth-first searches (DFS, IDA*) took off their stack and dropped without expanding them, in
    /// order: DFS's states already reached in as few moves and those at its depth bound, IDA*'s cut by its
    /// threshold. Empty for the searches with one OPEN, which drop nothing from it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<u64>,
    /// Before each expansion, how many entries of `dropped` the run had made (empty when `dropped` is).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped_upto: Vec<u32>,
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

    /// Which states are in OPEN after `steps` expansions, as a set (a state the heap holds twice counts once):
    /// the start and every state that joined OPEN since its last expansion. For the searches with one OPEN (BFS,
    /// A*, greedy, weighted A*); DFS and IDA* keep a stack, whose waiting children this set shows as well.
    pub fn open_at(&self, steps: usize) -> Vec<bool> {
        let mut open = vec![false; self.rank_count as usize];
        for (rank, _) in self.open_states_at(steps) {
            if let Some(slot) = open.get_mut(rank as usize) {
                *slot = true;
            }
        }
        open
    }

    /// OPEN's states after `steps` expansions with the g each joined at (its parent's g + 1; the start's 0), in
    /// the order they joined. An expansion closes its state: every entry of it leaves OPEN (a heap's older
    /// entries are stale). The depth-first searches pop one entry of their stack at a time, expanded or dropped,
    /// so a state they hold twice stays until both are taken; IDA* starts each iteration with the start alone.
    pub fn open_states_at(&self, steps: usize) -> Vec<(u64, u32)> {
        self.open_entries_at(steps).0
    }

    /// [`Trace::open_states_at`], and how many entries OPEN holds (a state on a stack twice counts twice).
    pub(crate) fn open_entries_at(&self, steps: usize) -> (Vec<(u64, u32)>, usize) {
        let steps = steps.min(self.expanded.len());
        let stack = matches!(
            self.algorithm,
            Some(Algorithm::Dfs) | Some(Algorithm::Idastar)
        );
        // Each state's entries: how many, its latest place in `order`, and `order` itself (None once left).
        let mut entries: HashMap<u64, (u32, usize)> = HashMap::new();
        let mut order: Vec<Option<(u64, u32)>> = Vec::new();
        let join =
            |rank: u64, g: u32, entries: &mut HashMap<u64, (u32, usize)>, order: &mut Vec<_>| {
                let entry = entries.entry(rank).or_insert((0, usize::MAX));
                if let Some(slot) = order.get_mut(entry.1) {
                    *slot = None;
                }
                *entry = (entry.0 + 1, order.len());
                order.push(Some((rank, g)));
            };
        let leave =
            |rank: u64, all: bool, entries: &mut HashMap<u64, (u32, usize)>, order: &mut Vec<_>| {
                if let Some(entry) = entries.get_mut(&rank) {
                    entry.0 = if all { 0 } else { entry.0.saturating_sub(1) };
                    if entry.0 == 0 {
                        order[entry.1] = None;
                        entries.remove(&rank);
                    }
                }
            };
        let start = self.expanded.first().copied();
        if let Some(start) = start {
            join(start, 0, &mut entries, &mut order);
        }
        let (mut joined, mut left) = (0, 0);
        for step in 0..=steps {
            // The drops before expansion `step`; those after the last expansion shown come after OPEN's count
            // in `open_after`, so they wait for the next.
            if step < steps {
                let left_upto = self.dropped_upto.get(step).map_or(left, |&u| u as usize);
                for &rank in self.dropped.get(left..left_upto).unwrap_or_default() {
                    leave(rank, false, &mut entries, &mut order);
                }
                left = left_upto;
            }
            // OPEN after `steps` expansions is the engine's right after the last of them: an iteration that
            // begins at `steps` shows from its first expansion on.
            if step == steps {
                break;
            }
            if let Some(start) = start.filter(|_| self.starts_iteration(step)) {
                entries.clear();
                order.clear();
                join(start, 0, &mut entries, &mut order);
            }
            leave(self.expanded[step], !stack, &mut entries, &mut order);
            let g = self.steps.get(step).map_or(0, |s| s.g + 1);
            let upto = self.opened_upto.get(step).map_or(joined, |&u| u as usize);
            for &child in self.opened.get(joined..upto).unwrap_or_default() {
                join(child, g, &mut entries, &mut order);
            }
            joined = upto;
        }
        let held = entries.values().map(|e| e.0 as usize).sum();
        (order.into_iter().flatten().collect(), held)
    }

    /// Whether expansion `step` begins an IDA* iteration after the first.
    pub fn starts_iteration(&self, step: usize) -> bool {
        step > 0
            && self
                .iterations
                .iter()
                .any(|it| it.first_step as usize == step)
    }

    /// The first step of the IDA* iteration that the last of `steps` expansions belongs to (the first iteration
    /// before any); 0 for the searches without iterations.
    pub fn pass_start(&self, steps: usize) -> usize {
        self.iteration_at(steps.saturating_sub(1))
            .map_or(0, |it| it.first_step as usize)
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

/// The most expansions a record holds whatever the caller asks: IDA* with a weak heuristic repeats states bound
/// after bound and could otherwise fill the memory with a record no one can step through.
pub const MAX_TRACE_EXPANSIONS: usize = 250_000;
