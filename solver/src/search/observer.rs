//! The observer hook: every search engine reports each expansion (and IDA* each iteration) to an optional
//! [`Observer`], so that a teaching view (the tracer in `trace.rs`) watches the real run rather than a copy.
//!
//! Without an observer the engines are given [`NoObserver`], whose `ACTIVE` is `false`: every report sits behind
//! `if O::ACTIVE`, a constant, so the compiler removes it and the search costs what it did before.

use super::{Flow, Status};

/// Which search of a bidirectional BFS expanded a state; every other engine searches [`Direction::Forward`] only.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Direction {
    /// From the start towards the goal.
    Forward,
    /// From the goal towards the start.
    Backward,
}

/// One expansion, told once the engine has generated the state's successors.
#[derive(Debug, Clone, Copy)]
pub struct Expansion<'a, S> {
    /// The state expanded.
    pub state: &'a S,
    /// Its depth: moves from the start (from the goal for a backward expansion).
    pub g: u32,
    /// The heuristic's estimate for it, in the searches that have one (A*, greedy, weighted A*, IDA*).
    pub h: Option<u32>,
    /// OPEN after the expansion: the states generated and waiting (BFS's queue, the best-first heap, both
    /// frontiers of bidirectional BFS, the children still on the stack of DFS and IDA*).
    pub open: u64,
    /// The engine's CLOSED after the expansion: the states it has expanded and remembers (BFS, bidirectional BFS,
    /// best-first), the states it has reached (DFS, whose index holds those), 0 for IDA* (which remembers none).
    pub closed: u64,
    /// Which search expanded it (bidirectional BFS); `Forward` elsewhere.
    pub direction: Direction,
}

/// Watches a search. The engine calls [`Observer::expanded`] once for every expansion it counts in
/// `Stats::expanded`, in its own order, and stops (with `Status::Limit`) when the observer answers
/// [`Flow::Cancel`]. A search stopped by its own budget may count one expansion it did not get to finish, which
/// the observer is not told of.
pub trait Observer<S> {
    /// `false` only for [`NoObserver`]: the engines then skip every report at compile time.
    const ACTIVE: bool = true;

    /// A state was expanded; `Flow::Cancel` stops the search after it.
    fn expanded(&mut self, expansion: Expansion<'_, S>) -> Flow;

    /// IDA* starts an iteration: a depth-first search from the start bounded by f = g + h <= `threshold`.
    fn iteration(&mut self, threshold: u32) {
        let _ = threshold;
    }
}

/// No observer: the engines' reports are compiled out.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoObserver;

impl<S> Observer<S> for NoObserver {
    const ACTIVE: bool = false;

    #[inline(always)]
    fn expanded(&mut self, _expansion: Expansion<'_, S>) -> Flow {
        Flow::Continue
    }
}

impl<S, O: Observer<S>> Observer<S> for &mut O {
    const ACTIVE: bool = O::ACTIVE;

    #[inline(always)]
    fn expanded(&mut self, expansion: Expansion<'_, S>) -> Flow {
        (**self).expanded(expansion)
    }

    #[inline(always)]
    fn iteration(&mut self, threshold: u32) {
        (**self).iteration(threshold)
    }
}

/// Why a search stopped when its observer said so, after `expanded` expansions.
pub(crate) fn observer_stop(expanded: u64) -> (Status, String) {
    (
        Status::Limit,
        format!("stopped by its observer after {expanded} expansions, the most it records"),
    )
}
