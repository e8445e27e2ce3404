//! The dispatcher: one PUZZLE query in, one `Report` out. Validates, checks solvability, picks the puzzle
//! representation and the heuristic, runs the algorithm, and words the result. The CLI and the web worker both call it.

use crate::hanoi::{self, Hanoi, HanoiHeuristic, HanoiMove};
use crate::query::{HeuristicName, PuzzleSpec, Query};
use crate::report::{Moves, Report};
use crate::search::{astar, bfs, bibfs, dfs, idastar, Algorithm, Control, Outcome, Stats, Status};
use crate::sliding::{
    self, Cells, Dir, LargePuzzle, Shape, SlidingHeuristic, SlidingPuzzle, SmallPuzzle,
};
use crate::{Heuristic, Puzzle};

/// The algorithm used when the query names none.
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Astar;

/// The heuristic used when the query names none.
pub fn default_heuristic(spec: &PuzzleSpec) -> HeuristicName {
    match spec {
        PuzzleSpec::Sliding { .. } => HeuristicName::LinearConflict,
        PuzzleSpec::Hanoi { .. } => HeuristicName::Exact,
    }
}

/// Solves `query` within `control`'s budget. Never panics on bad input: it answers `Status::Invalid` with a message.
pub fn solve(query: &Query, control: &mut Control) -> Report {
    let algorithm = query.algorithm.unwrap_or(DEFAULT_ALGORITHM);
    let heuristic = algorithm.uses_heuristic().then(|| {
        query
            .heuristic
            .unwrap_or_else(|| default_heuristic(&query.puzzle))
    });
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
            algorithm,
            heuristic,
            control,
        ),
        PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        } => solve_hanoi(*pegs, *disks, start, goal, algorithm, heuristic, control),
    }
}

/// A report for input that cannot be run.
pub fn invalid(algorithm: Algorithm, message: impl Into<String>) -> Report {
    Report {
        status: Status::Invalid,
        length: 0,
        moves: Moves::default(),
        moves_listed: false,
        optimal: false,
        algorithm,
        heuristic: None,
        stats: Stats::default(),
        message: message.into(),
    }
}

fn solve_sliding(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
    control: &mut Control,
) -> Report {
    if algorithm == Algorithm::Direct {
        return invalid(algorithm, "direct solving is only for Tower of Hanoi: pick bfs, bibfs, dfs, astar, idastar or greedy");
    }
    if let Err(why) = sliding::check_solvable(shape, start, goal) {
        let mut report = invalid(algorithm, why.to_string());
        report.status = Status::Unsolvable;
        report.heuristic = heuristic.map(|h| h.name().to_string());
        return report;
    }
    let outcome = if usize::from(shape.width) * usize::from(shape.height) <= 16 {
        SmallPuzzle::new(shape, start, goal)
            .map_err(|e| e.to_string())
            .and_then(|p| run_sliding(&p, algorithm, heuristic, control))
    } else {
        LargePuzzle::new(shape, start, goal)
            .map_err(|e| e.to_string())
            .and_then(|p| run_sliding(&p, algorithm, heuristic, control))
    };
    match outcome {
        Ok(outcome) => {
            let letters: String = outcome.moves.iter().map(|d| d.letter()).collect();
            report_from(outcome, Moves::Sliding(letters))
        }
        Err(message) => invalid(algorithm, message),
    }
}

fn run_sliding<C: Cells>(
    puzzle: &SlidingPuzzle<C>,
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
    control: &mut Control,
) -> Result<Outcome<Dir>, String> {
    let h = match heuristic {
        Some(name) => Some(SlidingHeuristic::new(puzzle, name).map_err(|e| e.to_string())?),
        None => None,
    };
    Ok(run_search(puzzle, algorithm, h.as_ref(), control))
}

fn solve_hanoi(
    pegs: u8,
    disks: u8,
    start: &[u8],
    goal: &[u8],
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
    control: &mut Control,
) -> Report {
    if algorithm == Algorithm::Direct {
        return match hanoi::direct(pegs, disks, start, goal, hanoi::DIRECT_MOVE_CAP) {
            Ok(direct) => {
                let listed = direct.moves.is_some();
                let message = format!("{} (solved directly, no search)", direct.summary());
                let moves = direct.moves.unwrap_or_default();
                Report {
                    status: Status::Solved,
                    length: direct.length,
                    moves: hanoi_moves(&moves),
                    moves_listed: listed,
                    optimal: direct.optimal,
                    algorithm,
                    heuristic: None,
                    stats: Stats::default(),
                    message,
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
    let outcome = run_search(&puzzle, algorithm, h.as_ref(), control);
    let moves = hanoi_moves(&outcome.moves);
    report_from(outcome, moves)
}

fn hanoi_moves(moves: &[HanoiMove]) -> Moves {
    Moves::Hanoi(moves.iter().map(|m| [m.from, m.to]).collect())
}

/// Runs one search algorithm. `heuristic` is `Some` exactly when the algorithm uses one.
fn run_search<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    algorithm: Algorithm,
    heuristic: Option<&H>,
    control: &mut Control,
) -> Outcome<P::Move> {
    match (algorithm, heuristic) {
        (Algorithm::Bfs, _) => bfs::bfs(puzzle, control),
        (Algorithm::Bibfs, _) => bibfs::bibfs(puzzle, control),
        (Algorithm::Dfs, _) => dfs::dfs(puzzle, control),
        (Algorithm::Astar, Some(h)) => astar::astar(puzzle, h, control),
        (Algorithm::Idastar, Some(h)) => idastar::idastar(puzzle, h, control),
        (Algorithm::Greedy, Some(h)) => astar::greedy(puzzle, h, control),
        (Algorithm::Astar, None) => astar::astar(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Idastar, None) => idastar::idastar(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Greedy, None) => astar::greedy(puzzle, &crate::puzzle::Zero, control),
        (Algorithm::Direct, _) => Outcome::stopped(
            algorithm,
            Status::Invalid,
            "direct solving is only for Tower of Hanoi".into(),
            Stats::default(),
        ),
    }
}

fn report_from<M>(outcome: Outcome<M>, moves: Moves) -> Report {
    Report {
        status: outcome.status,
        length: outcome.length,
        moves,
        moves_listed: true,
        optimal: outcome.optimal,
        algorithm: outcome.algorithm,
        heuristic: outcome.heuristic.map(str::to_string),
        stats: outcome.stats,
        message: outcome.message,
    }
}
