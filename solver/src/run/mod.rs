//! The dispatcher: one PUZZLE query in, one `Report` out. Validates, checks solvability, builds the puzzle and its
//! heuristic, runs the engine (`crate::search::engine`), and words the result. Every caller comes through
//! [`solve_observed`]: the CLI and the web worker by [`solve`], the worker's step-through with its recorder as the
//! observer, so that all of them run the same search the same way.
//!
//! Inside: [`sliding`] (board storage, the pattern databases, the staged solver, the proven bound) and [`hanoi`]
//! (the direct solvers and the searches of a tower).

mod hanoi;
mod sliding;

use crate::report::{Moves, Report, Said};
use crate::rules::{is_consistent, Choice, HeuristicName, PuzzleSpec};
use crate::search::engine::EnginePlan;
use crate::search::observer::RunObserver;
use crate::search::weighted::{Reopen, Weight};
use crate::search::{Algorithm, Control, NoObserver, Outcome, Status};
use crate::Query;

/// What to run: the algorithm, its heuristic (`Some` exactly when the algorithm uses one) and, for weighted A*,
/// its weight and whether it reopens states.
#[derive(Debug, Clone, Copy)]
struct Plan {
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
    weight: Weight,
    /// Whether weighted A* must reopen states: unless the heuristic is known to be consistent.
    reopen: Reopen,
}

impl Plan {
    /// What the engine is told.
    fn engine(self) -> EnginePlan {
        EnginePlan {
            algorithm: self.algorithm,
            weight: self.weight,
            reopen: self.reopen,
        }
    }
}

/// Solves `query` within `control`'s budget. Never panics on bad input: it answers `Status::Invalid` with a message.
pub fn solve(query: &Query, control: &mut Control) -> Report {
    solve_observed(query, control, &mut NoObserver)
}

/// [`solve`], with `observer` watching the engine's search (see [`RunObserver`]: it is told nothing by the direct
/// and staged solvers, which search no puzzle an observer can follow, nor by the tuned IDA* on the pattern
/// databases, which the boards small enough to follow do not run).
///
/// ```
/// use solver::search::trace::Recorder;
/// use solver::{query, run, Control, Limits};
/// let query = query::parse("puzzle=hanoi&pegs=3&disks=3&start=0,0,0&algo=bfs").unwrap();
/// let mut recorder = Recorder::new(27, usize::MAX, 0, |_| {});
/// let report = run::solve_observed(&query, &mut Control::new(Limits::default()), &mut recorder);
/// let trace = recorder.finish().unwrap();
/// assert_eq!(trace.expanded.len() as u64, report.stats.expanded);
/// assert_eq!(trace.path.len() as u64, report.length + 1);
/// ```
pub fn solve_observed<R: RunObserver>(
    query: &Query,
    control: &mut Control,
    observer: &mut R,
) -> Report {
    let Choice {
        algorithm,
        heuristic,
    } = query.choice();
    let plan = Plan {
        algorithm,
        heuristic,
        weight: query.weight_or_default(),
        reopen: match heuristic {
            Some(name) if is_consistent(name) => Reopen::Never,
            _ => Reopen::Always,
        },
    };
    match &query.puzzle {
        PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        } => {
            let shape = crate::sliding::Shape {
                width: *width,
                height: *height,
            };
            sliding::solve(shape, start, goal, plan, control, observer)
        }
        PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        } => hanoi::solve(*pegs, *disks, start, goal, plan, control, observer),
    }
}

/// A refusal by the puzzle's own checks, which a query that was read never meets (it was checked when read).
fn refused(why: impl std::fmt::Display) -> Said {
    Said::Refused {
        detail: why.to_string(),
    }
}

/// A weighted search stopped at its state budget is told what a larger weight would do.
fn with_weight_advice<M>(mut outcome: Outcome<M>) -> Outcome<M> {
    if outcome.algorithm == Algorithm::Weighted && outcome.status == Status::Limit {
        outcome.said.push(Said::LargerWeight);
    }
    outcome
}

/// The report of a search's outcome, its moves written out.
fn report_from<M>(outcome: Outcome<M>, moves: Moves) -> Report {
    let solved = outcome.status == Status::Solved;
    Report {
        optimal: outcome.optimal,
        lower_bound: (solved && outcome.optimal).then_some(outcome.length),
        heuristic: outcome.heuristic.map(str::to_string),
        stats: outcome.stats,
        ..Report::new(
            outcome.status,
            outcome.algorithm,
            moves,
            outcome.length,
            outcome.said,
        )
    }
}
