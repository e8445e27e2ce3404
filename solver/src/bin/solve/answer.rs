//! One PUZZLE answered: read, the flags laid over it, its tables readied, solved within the flags' limits, with a
//! progress line on a terminal.

use super::args::Options;
use super::tables::prepare_tables;
use solver::numbers::count;
use solver::query;
use solver::report::Tables;
use solver::rules;
use solver::run;
use solver::search::{Control, Flow, Stats, Status};
use solver::{Query, Report};

/// One puzzle's answer: the query as run (when it could be read) and the report.
pub(crate) struct Answer {
    pub(crate) query: Option<Query>,
    pub(crate) report: Report,
    /// The pattern databases' part, when the search used them.
    pub(crate) tables: Option<Tables>,
}

impl Answer {
    /// An answer to input that could not be read as a puzzle at all.
    pub(crate) fn invalid(message: String) -> Answer {
        Answer {
            query: None,
            report: solver::report::invalid(
                rules::DEFAULT_ALGORITHM,
                solver::report::Said::Refused { detail: message },
            ),
            tables: None,
        }
    }

    pub(crate) fn is_invalid(&self) -> bool {
        self.report.status == Status::Invalid
    }

    pub(crate) fn to_json(&self) -> String {
        let kind = self.query.as_ref().map(|q| q.puzzle.kind());
        solver::report::to_json(&self.report, kind, self.tables.clone())
    }
}

/// Reads `text` as a PUZZLE with the flags laid over it: what the query and the flags name, the rest left to the
/// solver's own choice (`solver::rules::default_choice`).
fn read_query(text: &str, options: &Options) -> Result<Query, query::QueryError> {
    query::parse(text)
        .and_then(|q| q.with_overrides(options.algorithm, options.heuristic))
        .and_then(|q| q.with_weight(options.weight))
}

/// Reads `text` as a PUZZLE, lays the flags over it, and solves it within the flags' limits.
pub(crate) fn answer(text: &str, options: &Options, show_progress: bool) -> Answer {
    let query = match read_query(text, options) {
        Ok(query) => query,
        Err(error) => return Answer::invalid(error.to_string()),
    };
    // The tables are readied before the search's clock starts, and timed apart.
    let tables = prepare_tables(&query, options, show_progress);
    // On 5x5 with the tables, the beam and the tables' search run side by side.
    let mut control =
        Control::new(options.limits()).with_helper_thread(solver::search::clock::wall_clock);
    let mut progress = Progress::default();
    if show_progress {
        control = control.with_progress(|stats: &Stats| progress.show(stats));
    }
    let report = run::solve(&query, &mut control);
    drop(control);
    progress.clear();
    Answer {
        query: Some(query),
        report,
        tables,
    }
}

/// A one-line progress display on standard error, refreshed at most twice a second.
#[derive(Default)]
struct Progress {
    last_ms: f64,
    shown: bool,
}

impl Progress {
    fn show(&mut self, stats: &Stats) -> Flow {
        if stats.elapsed_ms - self.last_ms >= 500.0 {
            self.last_ms = stats.elapsed_ms;
            self.shown = true;
            eprint!(
                "\r  searching: {} expanded, {} open at most, {:.1} s   ",
                count(stats.expanded),
                count(stats.max_open),
                stats.elapsed_ms / 1000.0
            );
        }
        Flow::Continue
    }

    fn clear(&self) {
        if self.shown {
            eprint!("\r{:60}\r", "");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::rules::{default_choice, default_sliding_goal, PuzzleSpec};
    use std::ffi::OsString;

    #[test]
    fn a_puzzle_naming_nothing_runs_the_solvers_default_for_every_size() {
        let args = ["solve", "p"].map(OsString::from).to_vec();
        let Ok(options) = Options::read(args) else {
            panic!("the plainest command line is refused");
        };
        let mut puzzles = Vec::new();
        for width in 2..=8u8 {
            for height in 2..=8u8 {
                let goal = default_sliding_goal(width, height);
                puzzles.push(PuzzleSpec::sliding(width, height, goal, None).unwrap());
            }
        }
        for pegs in 3..=5u8 {
            puzzles.push(PuzzleSpec::hanoi(pegs, 6, vec![0; 6], None).unwrap());
        }
        assert_eq!(puzzles.len(), 52);
        for puzzle in puzzles {
            let text = Query::new(puzzle.clone()).to_query_string();
            let read = read_query(&text, &options).unwrap();
            assert_eq!(read.choice(), default_choice(&puzzle), "{text}");
        }
    }
}
