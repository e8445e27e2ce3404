//! A tower's run: the closed-form solvers (`algo=direct`, no search), else a search of the tower within the disks
//! a search takes.

use super::{refused, report_from, with_weight_advice, Plan};
use crate::hanoi::{self, Hanoi, HanoiHeuristic, HanoiMove};
use crate::report::{invalid, Moves, Report, Said};
use crate::search::engine::run_engine;
use crate::search::observer::{RunObserver, Searched};
use crate::search::{Algorithm, Control, Status};

/// Solves the tower of `pegs` and `disks` from `start` to `goal` as `plan` says.
pub(super) fn solve<R: RunObserver>(
    pegs: u8,
    disks: u8,
    start: &[u8],
    goal: &[u8],
    plan: Plan,
    control: &mut Control,
    observer: &mut R,
) -> Report {
    let algorithm = plan.algorithm;
    if algorithm == Algorithm::Direct {
        return solve_direct(pegs, disks, start, goal);
    }
    if disks > hanoi::MAX_SEARCH_DISKS {
        let most = hanoi::MAX_SEARCH_DISKS;
        return invalid(algorithm, Said::TooManyDisks { disks, most });
    }
    let puzzle = match Hanoi::new(pegs, disks, start, goal) {
        Ok(p) => p,
        Err(e) => return invalid(algorithm, refused(e)),
    };
    let h = match plan.heuristic {
        Some(name) => match HanoiHeuristic::new(name, &puzzle) {
            Ok(h) => Some(h),
            Err(e) => return invalid(algorithm, refused(e)),
        },
        None => None,
    };
    let outcome = run_engine(
        Searched::new(&puzzle),
        h.as_ref(),
        plan.engine(),
        control,
        observer,
    );
    let outcome = with_weight_advice(outcome);
    let moves = hanoi_moves(&outcome.moves);
    report_from(outcome, moves)
}

/// The closed-form answer: the recursion on 3 pegs (any positions), Frame-Stewart for whole towers on more.
fn solve_direct(pegs: u8, disks: u8, start: &[u8], goal: &[u8]) -> Report {
    let algorithm = Algorithm::Direct;
    match hanoi::direct(pegs, disks, start, goal, hanoi::DIRECT_MOVE_CAP) {
        Ok(direct) => {
            let listed = direct.moves.is_some();
            let said = Said::Direct {
                method: direct.method,
                length: direct.length,
                listed,
            };
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
                    said,
                )
            }
        }
        Err(hanoi::DirectError::ArbitraryState { pegs }) => {
            invalid(algorithm, Said::DirectFromAnyPosition { pegs })
        }
        Err(e) => invalid(algorithm, refused(e)),
    }
}

fn hanoi_moves(moves: &[HanoiMove]) -> Moves {
    Moves::Hanoi(moves.iter().map(|m| [m.from, m.to]).collect())
}
