//! Window re-optimisation: a stretch of a path between two boards is replaced by a shortest path between them,
//! found by IDA* with Manhattan distance plus linear conflict towards the later board (the sliding heuristics
//! take any goal), searching only for paths shorter than the stretch.

use crate::report::Said;
use crate::search::{Control, Stats, Status, CHECK_EVERY};
use crate::sliding::{Cells, Dir, LinearConflict, Shape, SlidingPuzzle};
use crate::{Heuristic, Puzzle};

/// Why a window search stopped before its answer: the status and clause of the control's verdict, or the
/// improvement's own expansion budget.
#[derive(Debug, Clone, PartialEq)]
pub struct Stop {
    pub status: Status,
    pub said: Said,
}

/// The improvement's budget: the control (cancel, time limit) asked every `CHECK_EVERY` expansions, and a cap on
/// the expansions of all its searches.
pub struct Budget<'c, 'a> {
    pub control: &'c mut Control<'a>,
    pub stats: Stats,
    /// The most expansions all improvement searches may make.
    pub max_expanded: u64,
    until_check: u64,
}

impl<'c, 'a> Budget<'c, 'a> {
    pub fn new(control: &'c mut Control<'a>, stats: Stats, max_expanded: u64) -> Self {
        Budget {
            control,
            stats,
            max_expanded,
            until_check: 0,
        }
    }

    /// Counts `work` units (expansions, or one for a window tried) and, every `CHECK_EVERY`, asks the control.
    #[inline]
    pub fn spend(&mut self, work: u64) -> Result<(), Stop> {
        self.stats.expanded += work;
        if self.stats.expanded > self.max_expanded {
            return Err(Stop {
                status: Status::Limit,
                said: Said::ImprovementBudget {
                    expansions: self.max_expanded,
                },
            });
        }
        if self.until_check > work {
            self.until_check -= work;
            return Ok(());
        }
        self.until_check = CHECK_EVERY;
        self.check()
    }

    /// Asks the control now.
    pub fn check(&mut self) -> Result<(), Stop> {
        match self.control.checkpoint(&mut self.stats) {
            Some((status, said)) => Err(Stop { status, said }),
            None => Ok(()),
        }
    }
}

/// A path from `from` to `to` (boards of `shape`) shorter than `longer_than` moves, if one exists within
/// `max_expanded` expansions; the shortest such path. `Err` when the budget says stop.
pub fn shorter_path(
    shape: Shape,
    from: &[u8],
    to: &[u8],
    longer_than: usize,
    max_expanded: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Dir>>, Stop> {
    use crate::sliding::{Bytes, Nibbles, Quints};
    if SlidingPuzzle::<Nibbles>::fits(shape) {
        search::<Nibbles>(shape, from, to, longer_than, max_expanded, budget)
    } else if SlidingPuzzle::<Quints>::fits(shape) {
        search::<Quints>(shape, from, to, longer_than, max_expanded, budget)
    } else {
        search::<Bytes>(shape, from, to, longer_than, max_expanded, budget)
    }
}

/// IDA* with bounds stepped by 2 (every path between two boards has the same parity, as does the heuristic).
fn search<C: Cells>(
    shape: Shape,
    from: &[u8],
    to: &[u8],
    longer_than: usize,
    max_expanded: u64,
    budget: &mut Budget,
) -> Result<Option<Vec<Dir>>, Stop> {
    budget.spend(1)?;
    let Ok(puzzle) = SlidingPuzzle::<C>::new(shape, from, to) else {
        return Ok(None);
    };
    let heuristic = LinearConflict::new(&puzzle);
    let start = puzzle.start();
    let h = heuristic.estimate(&start);
    let limit = longer_than.saturating_sub(2) as u32;
    let mut dfs = Dfs {
        puzzle: &puzzle,
        heuristic: &heuristic,
        goal: puzzle.goal(),
        path: Vec::with_capacity(longer_than),
        expanded: 0,
        max_expanded,
    };
    let mut bound = h;
    while bound <= limit {
        match dfs.visit(start, 0, h, bound, None, budget)? {
            Found::Yes => return Ok(Some(dfs.path)),
            Found::Over => return Ok(None),
            Found::No => bound += 2,
        }
    }
    Ok(None)
}

enum Found {
    Yes,
    No,
    /// The window's own expansion cap was reached.
    Over,
}

struct Dfs<'p, C> {
    puzzle: &'p SlidingPuzzle<C>,
    heuristic: &'p LinearConflict,
    goal: crate::sliding::Board<C>,
    path: Vec<Dir>,
    expanded: u64,
    max_expanded: u64,
}

impl<C: Cells> Dfs<'_, C> {
    fn visit(
        &mut self,
        state: crate::sliding::Board<C>,
        g: u32,
        h: u32,
        bound: u32,
        undo: Option<Dir>,
        budget: &mut Budget,
    ) -> Result<Found, Stop> {
        if state == self.goal {
            return Ok(Found::Yes);
        }
        if g + h > bound {
            return Ok(Found::No);
        }
        self.expanded += 1;
        if self.expanded > self.max_expanded {
            return Ok(Found::Over);
        }
        budget.spend(1)?;
        let mut children = [(0u32, Dir::Up, state); 4];
        let mut count = 0;
        self.puzzle.for_each_successor(&state, |dir, next| {
            if Some(dir) != undo {
                let estimate = self.heuristic.estimate_after(&state, h, &next);
                children[count] = (estimate, dir, next);
                count += 1;
            }
        });
        let children = &mut children[..count];
        children.sort_unstable_by_key(|c| c.0);
        for &(estimate, dir, next) in children.iter() {
            if g + 1 + estimate > bound {
                continue;
            }
            self.path.push(dir);
            match self.visit(next, g + 1, estimate, bound, Some(dir.opposite()), budget)? {
                Found::No => {
                    self.path.pop();
                }
                found => return Ok(found),
            }
        }
        Ok(Found::No)
    }
}
