//! The 5x5 pattern databases as an improver: when this process holds the two 5x5 group tables
//! ([`crate::pdb::cache::window_tables_5x5`]; natively the CLI reads them from its disk cache, in the browser the
//! worker builds them and keeps them in IndexedDB), their near-optimal search
//! ([`crate::pdb::improve_5x5`]) improves the staged answer, each better path reported as it is found, and their
//! lookup, raised by what the search proves (the smallest g + h it left open), is the lower bound.

use super::{Improver, Problem};
use crate::pdb::{improve_5x5, WindowTables};
use crate::search::Control;
use crate::sliding::Dir;

/// The near-optimal 5x5 search with the tables this process holds.
#[derive(Clone)]
pub struct FiveByFiveTables {
    tables: WindowTables,
    /// The bound the last search proved, if any.
    proven: Option<u32>,
}

impl FiveByFiveTables {
    /// The improver with these tables.
    pub fn new(tables: WindowTables) -> FiveByFiveTables {
        FiveByFiveTables {
            tables,
            proven: None,
        }
    }

    /// The improver for `problem`, if it is a 5x5 board and the two tables are in this process's cache.
    pub fn for_problem(problem: &Problem) -> Option<FiveByFiveTables> {
        if !crate::rules::five_by_five_serves(problem.shape) {
            return None;
        }
        crate::pdb::cache::window_tables_5x5().map(FiveByFiveTables::new)
    }
}

impl Improver for FiveByFiveTables {
    fn name(&self) -> &'static str {
        "5x5 pattern databases"
    }

    fn lower_bound(&mut self, problem: &Problem, _control: &mut Control) -> Option<u64> {
        let pdb = self.tables.pdb_for(problem.goal).ok()?;
        let estimate = pdb.lower_bound(problem.start);
        Some(u64::from(estimate.max(self.proven.unwrap_or(0))))
    }

    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>> {
        let (moves, proven) = improve_5x5(
            &mut self.tables,
            problem.start,
            problem.goal,
            best,
            control,
            found,
        );
        self.proven = proven;
        moves
    }
}
