//! The observer that writes a [`Trace`]: a [`RunObserver`], so that the one dispatch (`crate::run::solve_observed`)
//! and [`super::trace_search`] hand it the engine's own reports, whatever puzzle type they search.

use super::record::{Iteration, Step, Trace, TraceError, MAX_TRACE_EXPANSIONS};
use crate::search::observer::{Expansion, Fate, Generated, RunObserver, Searched};
use crate::search::outcome::Outcome;
use crate::search::tree::TreeRecorder;
use crate::search::{Algorithm, Flow, Status};
use crate::Puzzle;

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
        trace.opened_upto.push(trace.opened.len() as u32);
        if !trace.dropped.is_empty() || !trace.dropped_upto.is_empty() {
            trace.dropped_upto.push(trace.dropped.len() as u32);
        }
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
        if matches!(child.fate, Fate::New | Fate::Improved) && self.began {
            self.trace.opened.push(on.puzzle.rank(child.state));
        }
        if let Some(tree) = self.tree.as_mut() {
            let (parent, rank) = (on.puzzle.rank(child.parent), on.puzzle.rank(child.state));
            tree.generated(parent, rank, child.g, child.h, child.fate, child.direction);
        }
    }

    fn dropped<P: Puzzle>(&mut self, on: &Searched<'_, P>, state: &P::State, g: u32, fate: Fate) {
        if self.began {
            let trace = &mut self.trace;
            // `dropped_upto` starts with the first drop: every expansion before it had made none.
            if trace.dropped_upto.len() < trace.expanded.len() {
                trace.dropped_upto.resize(trace.expanded.len(), 0);
            }
            trace.dropped.push(on.puzzle.rank(state));
        }
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
