//! The observer hook watches the real engines: for every algorithm on sample puzzles, the expansions an observer
//! is told of are exactly those `Stats::expanded` counts, in the engine's own order, an observed run answers what an
//! unobserved one does, and the tracer's record (built from the same hook) follows the solution the engine returned.
//! `cargo test -p solver --test observer`

use solver::hanoi::{Hanoi, HanoiHeuristic};
use solver::search::astar::{astar_observed, greedy_observed};
use solver::search::bfs::bfs_observed;
use solver::search::bibfs::bibfs_observed;
use solver::search::dfs::dfs_observed;
use solver::search::idastar::idastar_observed;
use solver::search::trace::{trace_search, Trace, TracePlan, MAX_TRACE_EXPANSIONS};
use solver::search::weighted::{weighted_astar_observed, Reopen, Weight};
use solver::search::{Direction, Expansion, NoObserver, Observer};
use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
use solver::{Algorithm, Control, Flow, Heuristic, HeuristicName, Limits, Outcome, Puzzle, Status};

/// Everything an observer is told, in order.
#[derive(Debug, Default, PartialEq)]
struct Spy {
    /// (rank, g, h, open, closed, direction) per expansion.
    steps: Vec<(u64, u32, Option<u32>, u64, u64, Direction)>,
    /// (threshold, steps before it) per IDA* iteration.
    iterations: Vec<(u32, usize)>,
}

struct Watch<'p, P> {
    puzzle: &'p P,
    spy: Spy,
}

impl<P: Puzzle> Observer<P::State> for Watch<'_, P> {
    fn expanded(&mut self, e: Expansion<'_, P::State>) -> Flow {
        self.spy.steps.push((
            self.puzzle.rank(e.state),
            e.g,
            e.h,
            e.open,
            e.closed,
            e.direction,
        ));
        Flow::Continue
    }

    fn iteration(&mut self, threshold: u32) {
        self.spy.iterations.push((threshold, self.spy.steps.len()));
    }
}

/// Runs `algorithm` with `observer` (the informed ones with `h`), as the dispatcher would.
fn run<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    h: &H,
    algorithm: Algorithm,
    limits: Limits,
    observer: &mut O,
) -> Outcome<P::Move> {
    let control = &mut Control::new(limits);
    let weight: Weight = "1.5".parse().expect("a weight");
    match algorithm {
        Algorithm::Bfs => bfs_observed(puzzle, control, observer),
        Algorithm::Bibfs => bibfs_observed(puzzle, control, observer),
        Algorithm::Dfs => dfs_observed(puzzle, control, observer),
        Algorithm::Astar => astar_observed(puzzle, h, control, observer),
        Algorithm::Idastar => idastar_observed(puzzle, h, control, observer),
        Algorithm::Greedy => greedy_observed(puzzle, h, control, observer),
        Algorithm::Weighted => {
            weighted_astar_observed(puzzle, h, weight, Reopen::Always, control, observer)
        }
        Algorithm::Direct => unreachable!("no search"),
    }
}

const SEARCHES: [Algorithm; 7] = [
    Algorithm::Bfs,
    Algorithm::Bibfs,
    Algorithm::Dfs,
    Algorithm::Astar,
    Algorithm::Idastar,
    Algorithm::Greedy,
    Algorithm::Weighted,
];

/// The ranks along `moves` from the start.
fn ranks_along<P: Puzzle>(puzzle: &P, moves: &[P::Move]) -> Vec<u64> {
    let mut at = puzzle.start();
    let mut ranks = vec![puzzle.rank(&at)];
    for &mv in moves {
        let mut next = None;
        puzzle.for_each_successor(&at, |m, s| {
            if m == mv {
                next = Some(s);
            }
        });
        at = next.expect("the engine's moves are legal");
        ranks.push(puzzle.rank(&at));
    }
    ranks
}

/// Every check of this file for one puzzle, heuristic and algorithm; returns the trace.
fn check<P: Puzzle, H: Heuristic<P>>(
    what: &str,
    puzzle: &P,
    h: &H,
    algorithm: Algorithm,
    limits: Limits,
) -> Trace {
    let plain = run(puzzle, h, algorithm, limits, &mut NoObserver);
    assert_eq!(
        plain.status,
        Status::Solved,
        "{what} {algorithm}: {}",
        plain.message
    );
    let mut first = Watch {
        puzzle,
        spy: Spy::default(),
    };
    let observed = run(puzzle, h, algorithm, limits, &mut first);
    let mut second = Watch {
        puzzle,
        spy: Spy::default(),
    };
    run(puzzle, h, algorithm, limits, &mut second);
    // The observer changes nothing, sees every counted expansion, and the same ones each time.
    assert_eq!(observed.moves, plain.moves, "{what} {algorithm}");
    assert_eq!(
        observed.stats.expanded, plain.stats.expanded,
        "{what} {algorithm}"
    );
    assert_eq!(
        first.spy.steps.len() as u64,
        plain.stats.expanded,
        "{what} {algorithm}: observed expansions"
    );
    assert_eq!(
        first.spy, second.spy,
        "{what} {algorithm}: the same order twice"
    );
    // Expansions by depth, as the statistics count them (IDA* counts by bound).
    if algorithm != Algorithm::Idastar {
        let mut by_depth = vec![0u64; plain.stats.by_depth.len()];
        for &(_, g, ..) in &first.spy.steps {
            by_depth[g as usize] += 1;
        }
        if algorithm != Algorithm::Bibfs {
            assert_eq!(
                by_depth, plain.stats.by_depth,
                "{what} {algorithm}: by depth"
            );
        }
    } else {
        assert!(!first.spy.iterations.is_empty());
        assert_eq!(
            first.spy.iterations[0].1, 0,
            "the first iteration starts the run"
        );
    }
    let informed = algorithm.uses_heuristic();
    assert!(
        first.spy.steps.iter().all(|s| s.2.is_some() == informed),
        "{what} {algorithm}: h exactly where the search has one"
    );
    // The tracer is the same run, written down.
    let trace = trace_search(
        puzzle,
        Some(h),
        TracePlan {
            weight: "1.5".parse().expect("a weight"),
            reopen: true,
            max_depth: limits.max_depth,
            ..TracePlan::new(algorithm)
        },
        1 << 20,
        usize::MAX,
        |_| {},
    )
    .expect("a small space");
    assert_eq!(trace.algorithm, Some(algorithm));
    let ranks: Vec<u64> = first.spy.steps.iter().map(|s| s.0).collect();
    if ranks.len() > MAX_TRACE_EXPANSIONS {
        // Too long a record to step through: the engine is stopped at the limit, its order kept to there.
        assert!(
            trace.truncated && trace.path.is_empty(),
            "{what} {algorithm}"
        );
        assert_eq!(
            trace.expanded,
            ranks[..MAX_TRACE_EXPANSIONS],
            "{what} {algorithm}"
        );
        return trace;
    }
    assert!(!trace.truncated, "{what} {algorithm}");
    assert_eq!(
        trace.expanded, ranks,
        "{what} {algorithm}: the trace is the engine's order"
    );
    assert_eq!(trace.g.len(), ranks.len());
    assert_eq!(
        trace.path,
        ranks_along(puzzle, &plain.moves),
        "{what} {algorithm}: path"
    );
    if algorithm == Algorithm::Idastar {
        let thresholds: Vec<(u32, usize)> = trace
            .iterations
            .iter()
            .map(|it| (it.threshold, it.first_step as usize))
            .collect();
        assert_eq!(thresholds, first.spy.iterations, "{what}: iterations");
    }
    trace
}

fn board(width: u8, height: u8, start: &[u8]) -> SmallPuzzle {
    let shape = Shape { width, height };
    SmallPuzzle::new(shape, start, &shape.default_goal()).expect("a valid board")
}

/// DFS within the shortest length plus a little: the default bound of 40 makes the 8-puzzle's DFS long in a
/// debug build without testing anything more.
fn limits(max_depth: u32) -> Limits {
    Limits {
        max_depth,
        ..Limits::default()
    }
}

#[test]
fn every_engine_on_sliding_boards() {
    let boards: [(u8, u8, &[u8], u32); 5] = [
        (3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1], 31),
        (3, 3, &[1, 2, 3, 4, 5, 6, 0, 7, 8], 10),
        (3, 3, &[4, 1, 3, 7, 2, 6, 0, 5, 8], 14),
        (3, 2, &[4, 1, 2, 5, 0, 3], 25),
        (2, 4, &[7, 1, 2, 3, 4, 5, 6, 0], 40),
    ];
    for (width, height, start, depth) in boards {
        let puzzle = board(width, height, start);
        for name in [HeuristicName::Manhattan, HeuristicName::LinearConflict] {
            let h = SlidingHeuristic::new(&puzzle, name).expect("a sliding heuristic");
            for algorithm in SEARCHES {
                if !algorithm.uses_heuristic() && name != HeuristicName::Manhattan {
                    continue;
                }
                check(
                    &format!("{width}x{height} {start:?} {name}"),
                    &puzzle,
                    &h,
                    algorithm,
                    limits(depth),
                );
            }
        }
    }
}

#[test]
fn every_engine_on_towers_of_three_and_four_pegs() {
    // IDA* with misplaced disks, a weak bound, grows exponentially with the length: small towers for it.
    for (pegs, disks) in [(3u8, 4u8), (4, 4), (3, 6), (4, 6)] {
        let start = vec![0; usize::from(disks)];
        let goal = vec![pegs - 1; usize::from(disks)];
        let tower = Hanoi::new(pegs, disks, &start, &goal).expect("a tower");
        // A scattered start too: any position to any other.
        let scattered: Vec<u8> = (0..disks).map(|d| d % pegs).collect();
        let other = Hanoi::new(pegs, disks, &scattered, &goal).expect("a tower");
        for puzzle in [&tower, &other] {
            for name in [HeuristicName::Misplaced, HeuristicName::Exact] {
                if name == HeuristicName::Misplaced && disks > 4 {
                    continue;
                }
                let h = HanoiHeuristic::new(name, puzzle).expect("a Hanoi heuristic");
                for algorithm in SEARCHES {
                    if !algorithm.uses_heuristic() && name != HeuristicName::Exact {
                        continue;
                    }
                    check(
                        &format!("{pegs} pegs {disks} disks {name}"),
                        puzzle,
                        &h,
                        algorithm,
                        limits(100),
                    );
                }
            }
        }
    }
}

/// The numbers: on the hardest 8-puzzle the step-through used to end at 3,835 (A*) and 75 (greedy)
/// expansions while the statistics said 3,827 and 54. Now the record is the run.
#[test]
fn the_hardest_eight_puzzle_steps_as_many_times_as_the_statistics_say() {
    let puzzle = board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let lc = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).expect("applies");
    let astar = check("hardest", &puzzle, &lc, Algorithm::Astar, limits(40));
    assert_eq!(astar.expanded.len(), 3_827);
    assert_eq!(astar.path.len(), 32);
    let manhattan = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).expect("applies");
    let greedy = check(
        "hardest",
        &puzzle,
        &manhattan,
        Algorithm::Greedy,
        limits(40),
    );
    assert_eq!(greedy.expanded.len(), 54);
}

/// An observer that answers `Cancel` stops the engine there, with a limit that says why.
#[test]
fn an_observer_can_stop_every_engine() {
    struct StopAfter(u64, u64);
    impl<S> Observer<S> for StopAfter {
        fn expanded(&mut self, _: Expansion<'_, S>) -> Flow {
            self.1 += 1;
            if self.1 >= self.0 {
                Flow::Cancel
            } else {
                Flow::Continue
            }
        }
    }
    let puzzle = board(3, 3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]);
    let h = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).expect("applies");
    for algorithm in SEARCHES {
        let mut stop = StopAfter(7, 0);
        let outcome = run(&puzzle, &h, algorithm, limits(31), &mut stop);
        assert_eq!(outcome.status, Status::Limit, "{algorithm}");
        assert_eq!((outcome.stats.expanded, stop.1), (7, 7), "{algorithm}");
        assert!(outcome.message.contains("observer"), "{}", outcome.message);
    }
}
