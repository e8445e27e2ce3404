//! The teaching tracer: the record of a search over a small space, in the order the real engine expands it.
//!
//! [`Recorder`] is a [`RunObserver`](super::observer::RunObserver) that writes down each expansion: the state's
//! perfect rank, its g and h, OPEN and CLOSED after it, which side of a bidirectional search made it, IDA*'s
//! iterations with their thresholds, and on request each board; then the path of the solution the engine returned.
//! Passed to the one dispatch (`crate::run::solve_observed`, the worker's step-through) or to [`trace_search`] on a
//! puzzle already built, it watches the engine itself, so that the step-through, the Sierpinski view and the
//! nodes-by-depth chart show exactly the run whose statistics the page prints: the record has as many steps as
//! `Stats::expanded`.
//!
//! Only spaces whose ranks fit a caller-given cap are traced (the browser draws at most a few thousand states), and
//! the caller's limit on expansions stops the engine itself (the record then says `truncated`).
//!
//! Inside: `record` (the record and its errors) under `recorder` (the observer that writes it) under this file (the
//! plan of a search traced on a puzzle already built).

mod record;
mod recorder;

pub use record::{Iteration, Step, Trace, TraceError, MAX_TRACE_EXPANSIONS};
pub use recorder::Recorder;

use super::engine::{run_engine, EnginePlan};
use super::observer::Searched;
use super::weighted::{Reopen, Weight};
use super::{Algorithm, Control, Limits};
use crate::{Heuristic, Puzzle};

/// The settings of a traced search besides its heuristic.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TracePlan {
    pub algorithm: Algorithm,
    /// Weighted A*'s weight.
    pub weight: Weight,
    /// Whether weighted A* reopens expanded states (the engine does unless the heuristic is consistent).
    pub reopen: bool,
    /// DFS's depth bound.
    pub max_depth: u32,
    /// Record the search tree if the run ends within this many expansions (0: never).
    pub tree_limit: usize,
}

impl TracePlan {
    /// The plan of `algorithm` with the solver's defaults: weight 2.5 reopening, DFS bound 40, no tree.
    pub fn new(algorithm: Algorithm) -> TracePlan {
        TracePlan {
            algorithm,
            weight: Weight::DEFAULT,
            reopen: true,
            max_depth: Limits::default().max_depth,
            tree_limit: 0,
        }
    }
}

/// The search a record shows for `algorithm`: itself, but BFS for the direct and staged solvers, which search
/// nothing of the whole space (`Trace::algorithm` then says BFS, and the page says why).
pub fn traced_algorithm(algorithm: Algorithm) -> Algorithm {
    match algorithm {
        Algorithm::Direct | Algorithm::Staged => Algorithm::Bfs,
        other => other,
    }
}

/// Runs the search `plan` names on `puzzle` (the informed ones with `heuristic`, which they need) and returns its
/// record, cut after `max_expanded` expansions (at most [`MAX_TRACE_EXPANSIONS`]).
/// `on_expand` sees the rank of each expanded state, in order. The direct and staged solvers are shown by BFS
/// ([`traced_algorithm`]). Spaces of more than `cap` ranks are refused.
///
/// ```
/// use solver::hanoi::{Hanoi, HanoiHeuristic};
/// use solver::search::trace::{trace_search, TracePlan};
/// use solver::{Algorithm, HeuristicName};
/// let tower = Hanoi::new(3, 2, &[0, 0], &[2, 2]).unwrap();
/// let exact = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
/// let plan = TracePlan::new(Algorithm::Idastar);
/// let trace = trace_search(&tower, Some(&exact), plan, 2187, usize::MAX, |_| {}).unwrap();
/// assert_eq!(trace.algorithm, Some(Algorithm::Idastar));
/// assert_eq!(trace.path.len(), 4); // 2^2 - 1 moves: 4 states
/// assert_eq!(trace.iterations[0].threshold, 3); // the exact distance: one iteration
/// assert_eq!(trace.expanded[0], 0); // the start, both disks on peg A
/// ```
pub fn trace_search<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: Option<&H>,
    plan: TracePlan,
    cap: u64,
    max_expanded: usize,
    on_expand: impl FnMut(u64),
) -> Result<Trace, TraceError> {
    let algorithm = traced_algorithm(plan.algorithm);
    if algorithm.uses_heuristic() && heuristic.is_none() {
        return Err(TraceError::NoHeuristic { algorithm });
    }
    let mut recorder = Recorder::new(cap, max_expanded, plan.tree_limit, on_expand);
    let mut control = Control::new(Limits {
        max_depth: plan.max_depth,
        ..Limits::default()
    });
    let engine = EnginePlan {
        algorithm,
        weight: plan.weight,
        reopen: if plan.reopen {
            Reopen::Always
        } else {
            Reopen::Never
        },
    };
    run_engine(
        Searched::new(puzzle),
        heuristic,
        engine,
        &mut control,
        &mut recorder,
    );
    recorder.finish()
}
#[cfg(test)]
mod tests {
    use super::*;
    use crate::hanoi::{Hanoi, HanoiHeuristic};
    use crate::puzzle::Zero;
    use crate::search::observer::Direction;
    use crate::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
    use crate::HeuristicName;

    /// Distances from `from` to every rank, by a plain BFS written here for the check.
    fn distances<P: Puzzle>(puzzle: &P, from: P::State) -> Vec<u32> {
        let n = puzzle.rank_count().unwrap() as usize;
        let mut dist = vec![u32::MAX; n];
        dist[puzzle.rank(&from) as usize] = 0;
        let mut frontier = vec![from];
        let mut d = 0;
        while !frontier.is_empty() {
            d += 1;
            let mut next_frontier = Vec::new();
            for s in &frontier {
                puzzle.for_each_successor(s, |_, t| {
                    let r = puzzle.rank(&t) as usize;
                    if dist[r] == u32::MAX {
                        dist[r] = d;
                        next_frontier.push(t);
                    }
                });
            }
            frontier = next_frontier;
        }
        dist
    }

    fn trace<P: Puzzle, H: Heuristic<P>>(puzzle: &P, h: Option<&H>, algorithm: Algorithm) -> Trace {
        trace_search(
            puzzle,
            h,
            TracePlan::new(algorithm),
            1 << 20,
            usize::MAX,
            |_| {},
        )
        .unwrap()
    }

    fn tower(disks: u8) -> Hanoi {
        Hanoi::new(3, disks, &vec![0; disks.into()], &vec![2; disks.into()]).unwrap()
    }

    #[test]
    fn bfs_expands_in_distance_order_and_finds_a_shortest_path() {
        for disks in 1..=6u8 {
            let tower = tower(disks);
            let dist = distances(&tower, tower.start());
            let trace = trace::<_, Zero>(&tower, None, Algorithm::Bfs);
            assert_eq!(trace.path.len() as u64, 1u64 << disks, "{disks} disks");
            assert_eq!(trace.expanded.len(), trace.open_after.len());
            assert_eq!(trace.expanded.len(), trace.steps.len());
            assert!(trace.steps.iter().all(|s| s.h.is_none()) && trace.iterations.is_empty());
            for (&rank, step) in trace.expanded.iter().zip(&trace.steps) {
                assert_eq!(dist[rank as usize], step.g, "BFS expands level by level");
            }
            assert!(trace.closed_after.is_empty(), "each state expanded once");
            assert_eq!(trace.path.first(), Some(&tower.start()));
            assert_eq!(trace.path.last(), Some(&tower.goal()));
        }
    }

    #[test]
    fn too_large_spaces_are_refused_with_a_reason() {
        let err = trace_search::<_, Zero>(
            &tower(8),
            None,
            TracePlan::new(Algorithm::Bfs),
            2187,
            usize::MAX,
            |_| {},
        )
        .unwrap_err();
        assert_eq!(
            err,
            TraceError::TooLarge {
                ranks: 6561,
                cap: 2187
            }
        );
        assert!(err.to_string().contains("smaller puzzle"));
        let blind = trace_search::<_, Zero>(
            &tower(2),
            None,
            TracePlan::new(Algorithm::Astar),
            2187,
            usize::MAX,
            |_| {},
        );
        assert_eq!(
            blind,
            Err(TraceError::NoHeuristic {
                algorithm: Algorithm::Astar
            })
        );
    }

    #[test]
    fn the_limit_stops_the_engine_and_each_expanded_state_is_reported() {
        let tower = tower(5);
        let full = trace::<_, Zero>(&tower, None, Algorithm::Bfs);
        let mut count = 0;
        let cut = trace_search::<_, Zero>(
            &tower,
            None,
            TracePlan::new(Algorithm::Bfs),
            2187,
            10,
            |_| count += 1,
        )
        .unwrap();
        assert!(cut.truncated && cut.path.is_empty());
        assert_eq!(cut.expanded, full.expanded[..10].to_vec());
        assert_eq!(count, 10);
        assert!(!full.truncated);
    }

    #[test]
    fn idastar_is_traced_as_idastar_with_its_iterations() {
        // Misplaced disks on 4 disks: a weak bound, so several iterations, each starting from the start.
        let tower = tower(4);
        let h = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
        let trace = trace(&tower, Some(&h), Algorithm::Idastar);
        assert_eq!(trace.algorithm, Some(Algorithm::Idastar));
        assert!(trace.iterations.len() > 1, "{:?}", trace.iterations);
        assert!(trace
            .iterations
            .windows(2)
            .all(|w| w[0].threshold < w[1].threshold && w[0].first_step < w[1].first_step));
        for it in &trace.iterations {
            assert_eq!(
                trace.expanded[it.first_step as usize], 0,
                "each starts at the start"
            );
            assert_eq!(trace.steps[it.first_step as usize].g, 0);
        }
        assert_eq!(trace.iterations.last().map(|it| it.threshold), Some(15));
        assert_eq!(trace.path.len(), 16);
        assert!(trace.steps.iter().all(|s| s.h.is_some()));
        assert!(!trace.closed_after.is_empty(), "IDA* expands states again");
        assert_eq!(trace.iteration_at(0), trace.iterations.first());
        // Within an iteration, f = g + h never passes the threshold.
        for (i, step) in trace.steps.iter().enumerate() {
            let threshold = trace.iteration_at(i).map(|it| it.threshold);
            assert!(step.f() <= threshold, "step {i}");
        }
    }

    #[test]
    fn bidirectional_bfs_says_which_side_expanded() {
        let tower = tower(4);
        let trace = trace::<_, Zero>(&tower, None, Algorithm::Bibfs);
        assert_eq!(trace.algorithm, Some(Algorithm::Bibfs));
        assert_eq!(trace.steps.len(), trace.expanded.len());
        assert_eq!(trace.steps[0].direction, Direction::Forward);
        assert!(trace
            .steps
            .iter()
            .any(|s| s.direction == Direction::Backward));
        assert!(
            trace.expanded.contains(&tower.goal()),
            "the goal side starts at the goal"
        );
        assert_eq!(trace.path.len(), 16);
    }

    #[test]
    fn dfs_follows_the_successor_order_by_hand() {
        // Two disks, rank = peg(disk 0) + 3 * peg(disk 1), moves tried from peg A first. From 0 (both on A) DFS
        // takes A->B (rank 1), then disk 1 A->C (rank 7), then disk 0 B->A (rank 6, before B->C, the goal 8), and
        // from 6 finds the goal: 4 moves where 3 is the shortest.
        let trace = trace::<_, Zero>(&tower(2), None, Algorithm::Dfs);
        assert_eq!(trace.algorithm, Some(Algorithm::Dfs));
        assert_eq!(trace.expanded, vec![0, 1, 7, 6]);
        assert_eq!(trace.path, vec![0, 1, 7, 6, 8]);
        let bounded = trace_search::<_, Zero>(
            &tower(2),
            None,
            TracePlan {
                max_depth: 2,
                ..TracePlan::new(Algorithm::Dfs)
            },
            2187,
            usize::MAX,
            |_| {},
        )
        .unwrap();
        assert!(bounded.path.is_empty() && !bounded.truncated);
    }

    #[test]
    fn weighted_traces_lie_between_astar_and_greedy() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let puzzle =
            SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
        let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
        let astar = trace(&puzzle, Some(&h), Algorithm::Astar);
        let weighted = trace_search(
            &puzzle,
            Some(&h),
            TracePlan {
                weight: "2".parse().unwrap(),
                reopen: false,
                ..TracePlan::new(Algorithm::Weighted)
            },
            1 << 20,
            usize::MAX,
            |_| {},
        )
        .unwrap();
        assert_eq!(weighted.algorithm, Some(Algorithm::Weighted));
        assert_eq!(astar.path.len(), 32, "31 moves is the shortest");
        assert!(weighted.path.len() >= astar.path.len() && weighted.path.len() <= 2 * 31 + 1);
        assert!(weighted.expanded.len() < astar.expanded.len());
    }

    #[test]
    fn an_unreachable_goal_expands_the_whole_component() {
        let shape = Shape {
            width: 2,
            height: 2,
        };
        // Two tiles swapped: the other parity class, never reached.
        let puzzle = SmallPuzzle::new(shape, &[2, 1, 3, 0], &shape.default_goal()).unwrap();
        let trace = trace::<_, Zero>(&puzzle, None, Algorithm::Bfs);
        assert!(trace.path.is_empty());
        assert_eq!(trace.expanded.len(), 12, "4!/2 states in a class");
        assert_eq!(trace.open_after.last(), Some(&0), "OPEN ends empty");
    }

    /// OPEN as a set, rebuilt from the record, has the size the engine reported after every expansion, for the
    /// searches whose OPEN holds each state once (BFS, A* with a consistent heuristic), on every tower start and
    /// on 3x3 boards.
    #[test]
    fn open_at_has_the_engines_size_after_every_expansion() {
        let check = |trace: &Trace, what: &str| {
            assert_eq!(trace.opened_upto.len(), trace.expanded.len(), "{what}");
            assert_eq!(
                trace.open_at(0).iter().filter(|&&o| o).count(),
                1,
                "{what}: the start alone"
            );
            // Every step of a short run; about 40 spread over a long one.
            let every = (trace.expanded.len() / 40).max(1);
            let steps =
                (1..=trace.expanded.len()).filter(|s| s % every == 0 || *s == trace.expanded.len());
            for step in steps {
                let open = trace.open_at(step);
                let size = open.iter().filter(|&&o| o).count() as u32;
                assert_eq!(
                    size,
                    trace.open_after[step - 1],
                    "{what}, after {step} expansions"
                );
                assert!(
                    !open[trace.expanded[step - 1] as usize],
                    "{what}: the state expanded leaves OPEN"
                );
            }
        };
        for disks in 1..=5u8 {
            let all = 3u64.pow(disks.into());
            for start in (0..all).step_by(7) {
                let tower = Hanoi::from_states(3, disks, start, 0).unwrap();
                if tower.start() == tower.goal() {
                    continue;
                }
                let exact = HanoiHeuristic::new(HeuristicName::Exact, &tower).unwrap();
                let misplaced = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
                let bfs = trace::<_, Zero>(&tower, None, Algorithm::Bfs);
                check(&bfs, "BFS");
                // BFS's OPEN holds states of the distance they were reached at.
                let dist = distances(&tower, tower.start());
                for step in 0..=bfs.expanded.len() {
                    for (rank, g) in bfs.open_states_at(step) {
                        assert_eq!(dist[rank as usize], g, "{disks} disks, step {step}");
                    }
                }
                check(&trace(&tower, Some(&exact), Algorithm::Astar), "A* exact");
                check(
                    &trace(&tower, Some(&misplaced), Algorithm::Astar),
                    "A* misplaced",
                );
            }
        }
        let shape = Shape {
            width: 3,
            height: 3,
        };
        for start in [
            [8, 6, 7, 2, 5, 4, 3, 0, 1],
            [1, 2, 3, 4, 5, 6, 0, 7, 8],
            [4, 1, 3, 7, 2, 6, 0, 5, 8],
        ] {
            let puzzle = SmallPuzzle::new(shape, &start, &shape.default_goal()).unwrap();
            let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
            check(&trace::<_, Zero>(&puzzle, None, Algorithm::Bfs), "BFS 3x3");
            check(&trace(&puzzle, Some(&h), Algorithm::Astar), "A* 3x3");
        }
    }

    /// The stacks of DFS and IDA*, rebuilt from the record (children joining, states taken off expanded or
    /// dropped, IDA*'s each iteration starting from the start alone), hold as many entries as the engine reported
    /// after every expansion, on towers and on 3x3 boards.
    #[test]
    fn the_depth_first_stacks_rebuilt_from_the_record_have_the_engines_size() {
        let check = |trace: &Trace, what: &str| {
            assert!(!trace.expanded.is_empty(), "{what}");
            assert_eq!(trace.open_entries_at(0).1, 1, "{what}: the start alone");
            for step in 1..=trace.expanded.len() {
                let (states, held) = trace.open_entries_at(step);
                assert_eq!(
                    held as u32,
                    trace.open_after[step - 1],
                    "{what}, after {step} expansions"
                );
                assert!(states.len() <= held, "{what}: a state once in the set");
            }
            for it in trace.iterations.iter().skip(1) {
                let at = it.first_step as usize;
                assert!(trace.starts_iteration(at), "{what}");
                assert_eq!(trace.pass_start(at + 1), at, "{what}");
                assert!(
                    trace.open_states_at(at + 1).iter().all(|&(_, g)| g == 1),
                    "{what}: an iteration starts from the start alone"
                );
            }
        };
        for disks in 2..=4u8 {
            let tower = Hanoi::from_states(3, disks, 0, 3u64.pow(disks.into()) - 1).unwrap();
            let misplaced = HanoiHeuristic::new(HeuristicName::Misplaced, &tower).unwrap();
            let ida = trace(&tower, Some(&misplaced), Algorithm::Idastar);
            assert!(
                ida.iterations.len() > 1,
                "{disks} disks: several iterations"
            );
            check(&ida, "IDA* tower");
            check(&trace::<_, Zero>(&tower, None, Algorithm::Dfs), "DFS tower");
        }
        let shape = Shape {
            width: 3,
            height: 3,
        };
        for start in [[1, 2, 3, 4, 5, 6, 0, 7, 8], [4, 1, 3, 7, 2, 6, 0, 5, 8]] {
            let puzzle = SmallPuzzle::new(shape, &start, &shape.default_goal()).unwrap();
            let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
            let dfs = trace_search(
                &puzzle,
                None::<&Zero>,
                TracePlan {
                    max_depth: 12,
                    ..TracePlan::new(Algorithm::Dfs)
                },
                1 << 20,
                usize::MAX,
                |_| {},
            )
            .unwrap();
            assert!(!dfs.dropped.is_empty(), "DFS drops states");
            check(&dfs, "DFS 3x3");
            check(&trace(&puzzle, Some(&h), Algorithm::Idastar), "IDA* 3x3");
        }
    }
}
