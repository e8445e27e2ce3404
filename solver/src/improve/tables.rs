//! The 5x5 pattern databases as an improver: when this process holds the five 5x5 group tables
//! ([`crate::pdb::cache::window_tables_5x5`]; natively the CLI reads them from its disk cache), their near-optimal
//! search ([`crate::pdb::improve_5x5`]) improves the staged answer, and their lookup is the lower bound.

use super::{Improver, Problem};
use crate::pdb::{improve_5x5, WindowTables};
use crate::search::Control;
use crate::sliding::Dir;

/// The near-optimal 5x5 search with the tables this process holds.
pub struct FiveByFiveTables {
    tables: WindowTables,
}

impl FiveByFiveTables {
    /// The improver for `problem`, if it is a 5x5 board and the five tables are in this process's cache.
    pub fn for_problem(problem: &Problem) -> Option<FiveByFiveTables> {
        if (problem.shape.width, problem.shape.height) != (5, 5) {
            return None;
        }
        crate::pdb::cache::window_tables_5x5().map(|tables| FiveByFiveTables { tables })
    }
}

impl Improver for FiveByFiveTables {
    fn name(&self) -> &'static str {
        "5x5 pattern databases"
    }

    fn lower_bound(&mut self, problem: &Problem, _control: &mut Control) -> Option<u64> {
        let pdb = self.tables.pdb_for(problem.goal).ok()?;
        Some(u64::from(pdb.lower_bound(problem.start)))
    }

    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
    ) -> Option<Vec<Dir>> {
        improve_5x5(&mut self.tables, problem.start, problem.goal, best, control)
    }
}
