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
    /// the order they joined.
    pub fn open_states_at(&self, steps: usize) -> Vec<(u64, u32)> {
        let steps = steps.min(self.expanded.len());
        // Each state's latest entry: its place in `order` (None once expanded after it) and its g.
        let mut latest: HashMap<u64, usize> = HashMap::new();
        let mut order: Vec<Option<(u64, u32)>> = Vec::new();
        let join = |rank: u64,
                    g: u32,
                    latest: &mut HashMap<u64, usize>,
                    order: &mut Vec<Option<(u64, u32)>>| {
            if let Some(at) = latest.insert(rank, order.len()) {
                order[at] = None;
            }
            order.push(Some((rank, g)));
        };
        // The start is the first state expanded, and in OPEN until then.
        if let Some(&start) = self.expanded.first() {
            join(start, 0, &mut latest, &mut order);
        }
        let mut joined = 0;
        for step in 0..steps {
            let rank = self.expanded[step];
            if let Some(at) = latest.remove(&rank) {
                order[at] = None;
            }
            let g = self.steps.get(step).map_or(0, |s| s.g + 1);
            let upto = self.opened_upto.get(step).map_or(joined, |&u| u as usize);
            for &child in self.opened.get(joined..upto).unwrap_or_default() {
                join(child, g, &mut latest, &mut order);
            }
            joined = upto;
        }
        order.into_iter().flatten().collect()
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
