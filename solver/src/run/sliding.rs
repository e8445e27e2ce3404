//! A board's run: solvability first, then the staged solver, the tuned IDA* on the pattern databases, or a search
//! of the most compact board storage that holds the shape; a solved report gets its proven lower bound.

use super::{refused, report_from, with_weight_advice, Plan};
use crate::pdb::cache::pattern_database;
use crate::report::{invalid, Moves, PatternValues, Report, Said};
use crate::rules::{optimal_reach, pdb_covers, HeuristicName, OptimalReach};
use crate::search::engine::run_engine;
use crate::search::observer::{RunObserver, Searched};
use crate::search::{Algorithm, Control, Limits, Outcome, Stats, Status};
use crate::sliding::{
    self, Cells, Dir, LargePuzzle, Quints, Shape, SlidingHeuristic, SlidingPuzzle, SmallPuzzle,
};

/// Solves the board of `shape` from `start` to `goal` as `plan` says.
pub(super) fn solve<R: RunObserver>(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
    observer: &mut R,
) -> Report {
    let Plan {
        algorithm,
        heuristic,
        ..
    } = plan;
    if algorithm == Algorithm::Direct {
        return invalid(algorithm, Said::DirectOnlyForHanoi);
    }
    if let Err(why) = sliding::check_solvable(shape, start, goal) {
        let said = Said::Unsolvable {
            odd_permutation: why.odd_permutation,
            blank_distance: why.blank_distance as u64,
        };
        let mut report = invalid(algorithm, said);
        report.status = Status::Unsolvable;
        report.heuristic = heuristic.map(|h| h.name().to_string());
        return report;
    }
    if algorithm == Algorithm::Staged {
        return solve_staged(shape, start, goal, control);
    }
    // The most compact board storage that holds the shape: 8 bytes up to 16 cells, 16 up to 25.
    let outcome = if heuristic == Some(HeuristicName::Pdb) {
        run_with_pdb(shape, start, goal, plan, control, observer)
    } else if SmallPuzzle::fits(shape) {
        SmallPuzzle::new(shape, start, goal)
            .map_err(refused)
            .and_then(|p| run_stored(&p, plan, control, observer))
    } else if SlidingPuzzle::<Quints>::fits(shape) {
        SlidingPuzzle::<Quints>::new(shape, start, goal)
            .map_err(refused)
            .and_then(|p| run_stored(&p, plan, control, observer))
    } else {
        LargePuzzle::new(shape, start, goal)
            .map_err(refused)
            .and_then(|p| run_stored(&p, plan, control, observer))
    };
    match outcome {
        Ok(mut outcome) => {
            let stopped = matches!(outcome.status, Status::Limit | Status::Cancelled);
            let out_of_reach = optimal_reach(shape) == OptimalReach::OutOfReach;
            if stopped && algorithm.guarantees_optimal() && out_of_reach {
                outcome.said.push(Said::LargeBoard {
                    width: shape.width,
                    height: shape.height,
                });
            }
            let outcome = with_weight_advice(outcome);
            let letters: String = outcome.moves.iter().map(|d| d.letter()).collect();
            let mut report = report_from(outcome, Moves::Sliding(letters));
            if heuristic == Some(HeuristicName::Pdb) && report.status == Status::Solved {
                report.pattern_values = pattern_values(shape, start, goal).map(Box::new);
            }
            with_bound(report, shape, start, goal, plan)
        }
        Err(why) => invalid(algorithm, why),
    }
}

/// The staged solver's first answer, or the control's head start when that is a shorter answer to this board,
/// then improved within `control`'s budget (see [`crate::improve`]).
fn solve_staged(shape: Shape, start: &[u8], goal: &[u8], control: &mut Control) -> Report {
    let mut answer = match crate::staged::solve(shape, start, goal) {
        Ok(answer) => answer,
        Err(why) => return invalid(Algorithm::Staged, refused(why)),
    };
    if let Some(shorter) =
        head_start(shape, start, goal, control).filter(|moves| moves.len() < answer.moves.len())
    {
        answer.moves = shorter;
    }
    let stats = Stats {
        expanded: answer.expanded,
        peak_memory_bytes: answer.peak_memory_bytes,
        elapsed_ms: control.elapsed_ms(),
        ..Stats::default()
    };
    let problem = crate::improve::Problem { shape, start, goal };
    let known = answer.optimal.then_some(answer.moves.len() as u64);
    crate::improve::improve_answer(
        &problem,
        &answer.moves,
        known,
        Algorithm::Staged,
        stats,
        control,
    )
}

/// The control's head start as moves, if it is a sliding answer that takes `start` to `goal` (checked by the
/// independent replay).
fn head_start(shape: Shape, start: &[u8], goal: &[u8], control: &Control) -> Option<Vec<Dir>> {
    let Some(Moves::Sliding(letters)) = control.head_start() else {
        return None;
    };
    crate::check::check_sliding(shape.width, shape.height, start, goal, letters).ok()?;
    sliding::parse_moves(letters).ok()
}

/// A solved report with its proven lower bound: the length itself when optimal; otherwise the best admissible
/// estimate of the start, or for weighted A* with an admissible heuristic length / w if larger; the message then
/// says how far from the shortest the answer can be.
fn with_bound(mut report: Report, shape: Shape, start: &[u8], goal: &[u8], plan: Plan) -> Report {
    if report.status != Status::Solved {
        return report;
    }
    if report.optimal {
        report.lower_bound = Some(report.length);
        return report;
    }
    let mut bound = crate::bound::sliding_lower_bound(shape, start, goal);
    let admissible = plan.heuristic.is_some_and(HeuristicName::is_admissible);
    if plan.algorithm == Algorithm::Weighted && admissible {
        // length <= w x shortest, so shortest >= length / w.
        let scaled = u128::from(report.length) * 100;
        let hundredths = u128::from(plan.weight.hundredths());
        bound = bound.max(scaled.div_ceil(hundredths) as u64);
    }
    let bound = crate::bound::with_parity_of(bound, report.length);
    report.lower_bound = Some(bound);
    report.say(Said::Bound {
        length: report.length,
        lower_bound: bound,
    });
    report
}

/// A search on the pattern databases: the tuned IDA* for `idastar` past [`crate::rules::TRACEABLE_CELLS`], the engines of
/// `crate::search` otherwise.
fn run_with_pdb<R: RunObserver>(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
    observer: &mut R,
) -> Result<Outcome<Dir>, Said> {
    if !pdb_covers(shape) {
        return Err(Said::PdbTooLarge {
            width: shape.width,
            height: shape.height,
            most_cells: crate::rules::PDB_MAX_CELLS as u64,
        });
    }
    let pdb = pattern_database(shape.width, shape.height, goal, control).map_err(refused)?;
    // The tuned IDA* has no observer: boards small enough for the step-through (3x3 and down) run the generic
    // engine with the same tables, so that the steps shown are the run whose statistics are reported.
    if plan.algorithm == Algorithm::Idastar && shape.cells() > crate::rules::TRACEABLE_CELLS {
        return Ok(crate::pdb::solve_idastar(&pdb, start, control));
    }
    let puzzle = SmallPuzzle::new(shape, start, goal).map_err(refused)?;
    Ok(run_engine(
        Searched::board_of(&puzzle),
        Some(&pdb),
        plan.engine(),
        control,
        observer,
    ))
}

/// What the start's estimate on the pattern databases is made of, group by group. Only for a search that solved
/// on them: its tables are in this process's cache, so nothing is built here.
fn pattern_values(shape: Shape, start: &[u8], goal: &[u8]) -> Option<PatternValues> {
    let mut control = Control::new(Limits::default());
    pattern_database(shape.width, shape.height, goal, &mut control)
        .ok()?
        .pattern_values(start)
}

/// A search of a board stored in `C`, with the plan's heuristic on it.
fn run_stored<C: Cells, R: RunObserver>(
    puzzle: &SlidingPuzzle<C>,
    plan: Plan,
    control: &mut Control,
    observer: &mut R,
) -> Result<Outcome<Dir>, Said> {
    let h = match plan.heuristic {
        Some(name) => Some(SlidingHeuristic::new(puzzle, name).map_err(refused)?),
        None => None,
    };
    Ok(run_engine(
        Searched::board_of(puzzle),
        h.as_ref(),
        plan.engine(),
        control,
        observer,
    ))
}
