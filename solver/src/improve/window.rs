//! Window re-optimisation: a stretch of a path between two boards is replaced by a shortest path between them,
//! found by the IDA* of [`crate::bound::deepening`] (Manhattan distance plus linear conflict towards the later
//! board: the sliding heuristics take any goal), searching only for paths shorter than the stretch.

use crate::bound::deepening::{deepen, Deepened};
use crate::report::Said;
use crate::search::{Control, Stats, Status, CHECK_EVERY};
use crate::sliding::{Dir, Shape};

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
    budget.spend(1)?;
    let mut stop = None;
    let deepened = deepen(
        shape,
        from,
        to,
        max_expanded,
        |iteration| iteration.bound < longer_than as u64,
        |work| match budget.spend(work) {
            Ok(()) => true,
            Err(why) => {
                stop = Some(why);
                false
            }
        },
    );
    match (stop, deepened) {
        (Some(stop), _) => Err(stop),
        (None, Deepened::Shortest(path)) => Ok(Some(path)),
        (None, Deepened::Farther { .. }) => Ok(None),
    }
}
