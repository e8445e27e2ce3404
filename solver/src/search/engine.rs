//! Which engine runs an algorithm: the one match from [`Algorithm`] to a search, with the run's observer passed
//! through. Every search of a query (`crate::run`) and every traced search (`trace.rs`) goes through
//! [`run_engine`], so that a traced run is the run whose statistics are reported, budgets and all.

use super::observer::{OnPuzzle, RunObserver, Searched};
use super::weighted::{self, Reopen, Weight};
use super::{astar, bfs, bibfs, dfs, idastar, Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::said::Said;
use crate::{Heuristic, Puzzle};

/// What an engine runs with besides the puzzle, its heuristic and its budget (DFS's depth bound is in the budget).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EnginePlan {
    pub algorithm: Algorithm,
    /// Weighted A*'s weight.
    pub weight: Weight,
    /// Whether weighted A* reopens expanded states: it must unless its heuristic is consistent.
    pub reopen: Reopen,
}

impl EnginePlan {
    /// The plan of `algorithm` with weighted A*'s default weight, reopening.
    pub fn new(algorithm: Algorithm) -> EnginePlan {
        EnginePlan {
            algorithm,
            weight: Weight::DEFAULT,
            reopen: Reopen::Always,
        }
    }
}

/// Runs the engine of `plan.algorithm` on the puzzle of `on`, with `heuristic` (the informed searches need one: without it
/// they answer `invalid`), within `control`'s budget, reporting to `observer` between its `begin` and `end`.
///
/// A memory budget in bytes also bounds the states the search holds ([`Control::fit_states_to_memory`]), except
/// for BFS, which checks its own memory (2 bits a state seen, a queue of two layers) as it grows.
///
/// ```
/// use solver::hanoi::{Hanoi, HanoiHeuristic};
/// use solver::search::engine::{run_engine, EnginePlan};
/// use solver::search::observer::{NoObserver, Searched};
/// use solver::{Algorithm, Control, HeuristicName, Limits, Status};
/// let tower = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
/// let exact = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
/// let plan = EnginePlan::new(Algorithm::Astar);
/// let mut control = Control::new(Limits::default());
/// let outcome = run_engine(Searched::new(&tower), Some(&exact), plan, &mut control, &mut NoObserver);
/// assert_eq!((outcome.status, outcome.length), (Status::Solved, 7));
/// ```
pub fn run_engine<P: Puzzle, H: Heuristic<P>, R: RunObserver>(
    on: Searched<'_, P>,
    heuristic: Option<&H>,
    plan: EnginePlan,
    control: &mut Control,
    observer: &mut R,
) -> Outcome<P::Move> {
    let algorithm = plan.algorithm;
    let engine = match Engine::of(algorithm, heuristic) {
        Ok(engine) => engine,
        Err(detail) => {
            let said = Said::Refused { detail };
            return Outcome::stopped(algorithm, Status::Invalid, said, Stats::default());
        }
    };
    if R::ACTIVE && observer.begin(&on, algorithm) == Flow::Cancel {
        return Outcome::stopped(
            algorithm,
            Status::Limit,
            Said::NotFollowed,
            Stats::default(),
        );
    }
    if algorithm != Algorithm::Bfs {
        control.fit_states_to_memory(std::mem::size_of::<P::State>() as u64);
    }
    let puzzle = on.puzzle;
    let watch = &mut OnPuzzle { on, run: observer };
    let outcome = match engine {
        Engine::Bfs => bfs::bfs_observed(puzzle, control, watch),
        Engine::Bibfs => bibfs::bibfs_observed(puzzle, control, watch),
        Engine::Dfs => dfs::dfs_observed(puzzle, control, watch),
        Engine::Astar(h) => astar::astar_observed(puzzle, h, control, watch),
        Engine::Idastar(h) => idastar::idastar_observed(puzzle, h, control, watch),
        Engine::Greedy(h) => astar::greedy_observed(puzzle, h, control, watch),
        Engine::Weighted(h) => {
            weighted::weighted_astar_observed(puzzle, h, plan.weight, plan.reopen, control, watch)
        }
    };
    if R::ACTIVE {
        watch.run.end(&watch.on, &outcome);
    }
    outcome
}

/// An engine of this module, with the heuristic it runs on.
enum Engine<'h, H> {
    Bfs,
    Bibfs,
    Dfs,
    Astar(&'h H),
    Idastar(&'h H),
    Greedy(&'h H),
    Weighted(&'h H),
}

impl<'h, H> Engine<'h, H> {
    /// The engine of `algorithm`, or why none runs it: the direct and staged solvers are not searches of a
    /// puzzle type (the dispatcher runs them itself), and an informed search needs its heuristic.
    fn of(algorithm: Algorithm, heuristic: Option<&'h H>) -> Result<Engine<'h, H>, String> {
        let informed = |engine: fn(&'h H) -> Engine<'h, H>| {
            heuristic
                .map(engine)
                .ok_or_else(|| format!("{} needs a heuristic to run", algorithm.title()))
        };
        match algorithm {
            Algorithm::Bfs => Ok(Engine::Bfs),
            Algorithm::Bibfs => Ok(Engine::Bibfs),
            Algorithm::Dfs => Ok(Engine::Dfs),
            Algorithm::Astar => informed(Engine::Astar),
            Algorithm::Idastar => informed(Engine::Idastar),
            Algorithm::Greedy => informed(Engine::Greedy),
            Algorithm::Weighted => informed(Engine::Weighted),
            Algorithm::Direct => Err("direct solving is only for Tower of Hanoi".into()),
            Algorithm::Staged => Err(
                "the staged solver is only for sliding puzzles: pick direct, bfs, astar or \
                                      another search"
                    .into(),
            ),
        }
    }
}
