//! The dispatcher: one PUZZLE query in, one `Report` out. Validates, checks solvability, picks the puzzle
//! representation and the heuristic, runs the algorithm, and words the result. The CLI and the web worker both call it.

use crate::hanoi::{self, Hanoi, HanoiHeuristic, HanoiMove};
use crate::pdb;
use crate::pdb::cache::pattern_database;
use crate::query::Query;
use crate::report::invalid;
use crate::report::{Moves, Report};
use crate::search::weighted::{self, Reopen, Weight};
use crate::search::{astar, bfs, bibfs, dfs, idastar, Algorithm, Control, Outcome, Stats, Status};
use crate::sliding::{
    self, Cells, Dir, LargePuzzle, Quints, Shape, SlidingHeuristic, SlidingPuzzle, SmallPuzzle,
};
use crate::spec::{
    is_consistent, large_board_advice, Choice, HeuristicName, PuzzleSpec, OPTIMAL_REACH_CELLS,
};
use crate::{Heuristic, Puzzle};

/// What to run: the algorithm, its heuristic (`Some` exactly when the algorithm uses one) and,
/// for weighted A*, its weight.
#[derive(Debug, Clone, Copy)]
struct Plan {
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
    weight: Weight,
    /// Whether weighted A* must reopen states: unless the heuristic is known to be consistent.
    reopen: Reopen,
}

/// Solves `query` within `control`'s budget. Never panics on bad input: it answers `Status::Invalid` with a message.
pub fn solve(query: &Query, control: &mut Control) -> Report {
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
        } => solve_sliding(
            Shape {
                width: *width,
                height: *height,
            },
            start,
            goal,
            plan,
            control,
        ),
        PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        } => solve_hanoi(*pegs, *disks, start, goal, plan, control),
    }
}

fn solve_sliding(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
) -> Report {
    let Plan {
        algorithm,
        heuristic,
        ..
    } = plan;
    if algorithm == Algorithm::Direct {
        return invalid(algorithm, "direct solving is only for Tower of Hanoi: pick bfs, bibfs, dfs, astar, idastar, greedy, weighted or staged");
    }
    if let Err(why) = sliding::check_solvable(shape, start, goal) {
        let mut report = invalid(algorithm, why.to_string());
        report.status = Status::Unsolvable;
        report.heuristic = heuristic.map(|h| h.name().to_string());
        return report;
    }
    if algorithm == Algorithm::Staged {
        return solve_staged(shape, start, goal, control);
    }
    let cells = shape.cells();
    // The most compact board storage that holds the shape: 8 bytes up to 16 cells, 16 up to 25.
    let outcome = if heuristic == Some(HeuristicName::Pdb) {
        run_with_pdb(shape, start, goal, plan, control)
    } else if SmallPuzzle::fits(shape) {
        SmallPuzzle::new(shape, start, goal)
            .map_err(|e| e.to_string())
            .and_then(|p| run_sliding(&p, plan, control))
    } else if SlidingPuzzle::<Quints>::fits(shape) {
        SlidingPuzzle::<Quints>::new(shape, start, goal)
            .map_err(|e| e.to_string())
            .and_then(|p| run_sliding(&p, plan, control))
    } else {
        LargePuzzle::new(shape, start, goal)
            .map_err(|e| e.to_string())
            .and_then(|p| run_sliding(&p, plan, control))
    };
    match outcome {
        Ok(mut outcome) => {
            let stopped = matches!(outcome.status, Status::Limit | Status::Cancelled);
            if stopped && algorithm.guarantees_optimal() && cells > OPTIMAL_REACH_CELLS {
                outcome.message = format!("{}; {}", outcome.message, large_board_advice(shape));
            }
            let outcome = with_weight_advice(outcome);
            let letters: String = outcome.moves.iter().map(|d| d.letter()).collect();
            let report = report_from(outcome, Moves::Sliding(letters));
            with_sliding_bound(report, shape, start, goal, plan)
        }
        Err(message) => invalid(algorithm, message),
    }
}

/// The staged solver's first answer, then improved within `control`'s budget (see [`crate::improve`]).
fn solve_staged(shape: Shape, start: &[u8], goal: &[u8], control: &mut Control) -> Report {
    let answer = match crate::staged::solve(shape, start, goal) {
        Ok(answer) => answer,
        Err(why) => return invalid(Algorithm::Staged, why.to_string()),
    };
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

/// A solved sliding report with its proven lower bound: the length itself when optimal; otherwise the best
/// admissible estimate of the start, or for weighted A* with a consistent heuristic length / w if larger;
/// the message then says how far from the shortest the answer can be.
fn with_sliding_bound(
    mut report: Report,
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
) -> Report {
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
    report.message = format!(
        "{}; {}",
        report.message,
        crate::report::bound_words(report.length, bound)
    );
    report
}

/// The most cells of a board whose whole search the app can step through (3x3: 9! arrangements).
const TRACEABLE_CELLS: usize = 9;

/// Sliding search on the pattern databases: the tuned IDA* for `idastar` past [`TRACEABLE_CELLS`], the generic
/// engines otherwise.
fn run_with_pdb(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
) -> Result<Outcome<Dir>, String> {
    if usize::from(shape.width) * usize::from(shape.height) > pdb::MAX_CELLS {
        return Err(format!(
            "the pattern databases cover boards of up to {} cells (4x4); a {shape} board takes linear-conflict, \
             and optimal solving of boards this large is out of reach (days of CPU for 5x5)",
            pdb::MAX_CELLS
        ));
    }
    let pdb =
        pattern_database(shape.width, shape.height, goal, control).map_err(|e| e.to_string())?;
    // The tuned IDA* has no observer: boards small enough for the step-through (3x3 and down) run the generic
    // engine with the same tables, so that the steps shown are the run whose statistics are reported.
    if plan.algorithm == Algorithm::Idastar && shape.cells() > TRACEABLE_CELLS {
        return Ok(pdb::solve_idastar(&pdb, start, control));
    }
    let puzzle = SmallPuzzle::new(shape, start, goal).map_err(|e| e.to_string())?;
    Ok(run_search(&puzzle, plan, Some(&pdb), control))
}

fn run_sliding<C: Cells>(
    puzzle: &SlidingPuzzle<C>,
    plan: Plan,
    control: &mut Control,
) -> Result<Outcome<Dir>, String> {
    let h = match plan.heuristic {
        Some(name) => Some(SlidingHeuristic::new(puzzle, name).map_err(|e| e.to_string())?),
        None => None,
    };
    Ok(run_search(puzzle, plan, h.as_ref(), control))
}

fn solve_hanoi(
    pegs: u8,
    disks: u8,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
) -> Report {
    let Plan {
        algorithm,
        heuristic,
        ..
    } = plan;
    if algorithm == Algorithm::Direct {
        return match hanoi::direct(pegs, disks, start, goal, hanoi::DIRECT_MOVE_CAP) {
            Ok(direct) => {
                let listed = direct.moves.is_some();
                let message = format!("{} (solved directly, no search)", direct.summary());
                let moves = direct.moves.unwrap_or_default();
                Report {
                    moves_listed: listed,
                    optimal: direct.optimal,
                    lower_bound: direct.optimal.then_some(direct.length),
                    ..Report::new(
                        Status::Solved,
                        algorithm,
                        hanoi_moves(&moves),
                        direct.length,
                        message,
                    )
                }
            }
            Err(e) => invalid(algorithm, e.to_string()),
        };
    }
    if disks > hanoi::MAX_SEARCH_DISKS {
        return invalid(
            algorithm,
            format!(
                "{disks} disks is too many to search (at most {}); use the direct solver (algo=direct)",
                hanoi::MAX_SEARCH_DISKS
            ),
        );
    }
    let puzzle = match Hanoi::new(pegs, disks, start, goal) {
        Ok(p) => p,
        Err(e) => return invalid(algorithm, e.to_string()),
    };
    let h = match heuristic {
        Some(name) => match HanoiHeuristic::new(name, &puzzle) {
            Ok(h) => Some(h),
            Err(e) => return invalid(algorithm, e.to_string()),
        },
        None => None,
    };
    let outcome = with_weight_advice(run_search(&puzzle, plan, h.as_ref(), control));
    let moves = hanoi_moves(&outcome.moves);
    report_from(outcome, moves)
}

/// A weighted search stopped at its state budget is told what a larger weight would do.
fn with_weight_advice<M>(mut outcome: Outcome<M>) -> Outcome<M> {
    if outcome.algorithm == Algorithm::Weighted && outcome.status == Status::Limit {
        outcome.message = format!(
            "{}; a larger weight (up to {}) needs fewer states, for a solution that may be longer",
            outcome.message,
            Weight::MAX
        );
    }
    outcome
}

fn hanoi_moves(moves: &[HanoiMove]) -> Moves {
    Moves::Hanoi(moves.iter().map(|m| [m.from, m.to]).collect())
}

/// Runs one search algorithm. `heuristic` is `Some` exactly when the algorithm uses one.
fn run_search<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    plan: Plan,
    heuristic: Option<&H>,
    control: &mut Control,
) -> Outcome<P::Move> {
    let algorithm = plan.algorithm;
    // A memory budget in bytes also bounds the states held. BFS (2 bits a state seen, a queue of two layers) checks
    // its own memory against the budget as it grows instead.
    if algorithm != Algorithm::Bfs {
        control.fit_states_to_memory(std::mem::size_of::<P::State>() as u64);
    }
    match (algorithm, heuristic) {
        (Algorithm::Bfs, _) => bfs::bfs(puzzle, control),
        (Algorithm::Bibfs, _) => bibfs::bibfs(puzzle, control),
        (Algorithm::Dfs, _) => dfs::dfs(puzzle, control),
        (Algorithm::Astar, Some(h)) => astar::astar(puzzle, h, control),
        (Algorithm::Idastar, Some(h)) => idastar::idastar(puzzle, h, control),
        (Algorithm::Greedy, Some(h)) => astar::greedy(puzzle, h, control),
        (Algorithm::Weighted, Some(h)) => {
            weighted::weighted_astar(puzzle, h, plan.weight, plan.reopen, control)
        }
        (Algorithm::Astar, None) => astar::astar(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Idastar, None) => idastar::idastar(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Greedy, None) => astar::greedy(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Weighted, None) => weighted::weighted_astar(
            puzzle,
            &crate::puzzle::Zero,
            plan.weight,
            Reopen::Never,
            control,
        ),
        (Algorithm::Direct, _) => Outcome::stopped(
            algorithm,
            Status::Invalid,
            "direct solving is only for Tower of Hanoi".into(),
            Stats::default(),
        ),
        (Algorithm::Staged, _) => Outcome::stopped(
            algorithm,
            Status::Invalid,
            "the staged solver is only for sliding puzzles: pick direct, bfs, astar or another search".into(),
            Stats::default(),
        ),
    }
}

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
            outcome.message,
        )
    }
}
