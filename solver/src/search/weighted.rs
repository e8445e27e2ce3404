//! Weighted A*: best-first on f = g + w*h with an exact rational weight w, bounded suboptimal
//! (the length is at most w x the shortest with an admissible heuristic), and its `Weight` type.
//!
//! It answers boards whose optimal solving is out of reach (a 5x5 takes days of CPU optimally) in a
//! fraction of a second: the larger w, the fewer states and the longer the solution, never beyond
//! w times the shortest.
//!
//! ```
//! use solver::search::weighted::{weighted_astar, Reopen, Weight};
//! use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
//! use solver::{Control, HeuristicName, Limits, Status};
//! let shape = Shape { width: 3, height: 3 };
//! let puzzle = SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
//! let h = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
//! let w: Weight = "1.5".parse().unwrap();
//! let outcome = weighted_astar(&puzzle, &h, w, Reopen::Never, &mut Control::new(Limits::default()));
//! assert_eq!(outcome.status, Status::Solved);
//! // 31 moves is the shortest for this start, so the bound is 46.
//! assert!(outcome.length <= 46 && !outcome.optimal);
//! ```

use super::astar::best_first_observed;
pub use super::astar::Reopen;
use super::observer::{NoObserver, Observer};
use super::{Algorithm, Control, Outcome};
pub use crate::rules::{Weight, WeightError};
use crate::said::Said;
use crate::{Heuristic, Puzzle};

/// Weighted A* on f = g + w*h.
///
/// With an admissible heuristic the solution is at most w times the shortest (w = 1: a shortest
/// one), and the outcome's message says so: "at most 2 x the shortest (weighted A*, w = 2): length
/// 133". With an inadmissible one there is no bound, and the message says that instead.
/// `reopen` must be [`Reopen::Always`] unless the heuristic is consistent, or the bound is lost.
pub fn weighted_astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    weight: Weight,
    reopen: Reopen,
    control: &mut Control,
) -> Outcome<P::Move> {
    weighted_astar_observed(puzzle, heuristic, weight, reopen, control, &mut NoObserver)
}

/// [`weighted_astar`] reporting each expansion to `observer`.
pub fn weighted_astar_observed<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    weight: Weight,
    reopen: Reopen,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let (found, stats) = best_first_observed(
        puzzle,
        heuristic,
        weight.weights(),
        reopen,
        control,
        observer,
    );
    let outcome = match found {
        Err((status, message)) => Outcome::stopped(Algorithm::Weighted, status, message, stats),
        Ok(moves) => {
            let admissible = heuristic.admissible();
            let optimal = admissible && weight == Weight::MIN;
            let mut outcome = Outcome::solved(Algorithm::Weighted, moves, optimal, stats);
            outcome.said = vec![guarantee(
                weight,
                admissible,
                heuristic.name(),
                outcome.length,
            )];
            outcome
        }
    };
    outcome.with_heuristic(heuristic.name())
}

/// The label of a weighted A* solution: its bound, or that it has none.
pub fn guarantee(weight: Weight, admissible: bool, heuristic: &str, length: u64) -> Said {
    if admissible {
        Said::WeightedBound { weight, length }
    } else {
        Said::WeightedNoBound {
            weight,
            heuristic: heuristic.to_string(),
            length,
        }
    }
}
