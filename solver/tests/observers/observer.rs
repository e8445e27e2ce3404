//! The observer hook watches the real engines: for every algorithm on sample puzzles, the expansions an observer
//! is told of are exactly those `Stats::expanded` counts, in the engine's own order, an observed run answers what an
//! unobserved one does, and the tracer's record (built from the same hook) follows the solution the engine returned.
//! The children it is told of are those `Stats::generated` counts, its duplicates those `Stats::duplicates` counts,
//! every expanded state was generated before, and OPEN as the engine counts it is what was generated (or reopened)
//! and not yet expanded or dropped.
//! `cargo test -p solver --test observers observer::`

use solver::hanoi::{Hanoi, HanoiHeuristic};
use solver::search::astar::{astar_observed, greedy_observed};
use solver::search::bfs::bfs_observed;
use solver::search::bibfs::bibfs_observed;
use solver::search::dfs::dfs_observed;
use solver::search::idastar::idastar_observed;
use solver::search::trace::{trace_search, Trace, TracePlan, MAX_TRACE_EXPANSIONS};
use solver::search::weighted::{weighted_astar_observed, Reopen, Weight};
use solver::search::{Direction, Expansion, Fate, Generated, NoObserver, Observer};
use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
use solver::{Algorithm, Control, Flow, Heuristic, HeuristicName, Limits, Outcome, Puzzle, Status};
use std::collections::HashMap;

/// Everything an observer is told, in order.
#[derive(Debug, Default, PartialEq)]
struct Spy {
    /// (rank, g, h, open, closed, direction) per expansion.
    steps: Vec<(u64, u32, Option<u32>, u64, u64, Direction)>,
    /// (threshold, steps before it) per IDA* iteration.
    iterations: Vec<(u32, usize)>,
    /// (parent rank, rank, g, h, fate, direction) per generated child.
    generated: Vec<(u64, u64, u32, Option<u32>, Fate, Direction)>,
    /// (rank, g, fate, steps before it) per child a depth-first search dropped unexpanded.
    dropped: Vec<(u64, u32, Fate, usize)>,
    /// What broke the hook's promises, in words (empty when none did).
    broken: Vec<String>,
}

struct Watch<'p, P> {
    puzzle: &'p P,
    spy: Spy,
    /// How many times each (rank, g, side) was generated into OPEN (New or Improved) or is a root.
    born: HashMap<(u64, u32, Direction), u32>,
    /// OPEN by the observer's count: how many entries each (rank, side) has there, and in all.
    open: HashMap<(u64, Direction), u64>,
    open_total: u64,
    /// The children told since the last expansion.
    pending: usize,
}

impl<'p, P: Puzzle> Watch<'p, P> {
    /// A watch whose OPEN starts with the start (IDA*: with each iteration's) and, for bidirectional BFS, the goal.
    fn new(puzzle: &'p P, algorithm: Algorithm) -> Self {
        let mut watch = Watch {
            puzzle,
            spy: Spy::default(),
            born: HashMap::new(),
            open: HashMap::new(),
            open_total: 0,
            pending: 0,
        };
        if algorithm != Algorithm::Idastar {
            watch.root(puzzle.rank(&puzzle.start()), Direction::Forward);
        }
        if algorithm == Algorithm::Bibfs {
            watch.root(puzzle.rank(&puzzle.goal()), Direction::Backward);
        }
        watch
    }

    fn root(&mut self, rank: u64, side: Direction) {
        *self.born.entry((rank, 0, side)).or_default() += 1;
        *self.open.entry((rank, side)).or_default() += 1;
        self.open_total += 1;
    }

    /// Takes one entry of (rank, side) out of OPEN, noting it if there was none.
    fn leave(&mut self, rank: u64, side: Direction, what: &str) {
        match self.open.get_mut(&(rank, side)) {
            Some(n) if *n > 0 => {
                *n -= 1;
                self.open_total -= 1;
            }
            _ => self.spy.broken.push(format!("{what} {rank}, not in OPEN")),
        }
    }
}

impl<P: Puzzle> Observer<P::State> for Watch<'_, P> {
    fn expanded(&mut self, e: Expansion<'_, P::State>) -> Flow {
        let rank = self.puzzle.rank(e.state);
        let step = self.spy.steps.len();
        if !self.born.contains_key(&(rank, e.g, e.direction)) {
            self.spy.broken.push(format!(
                "step {step}: {rank} at g {} was never generated",
                e.g
            ));
        }
        let told = &self.spy.generated[self.spy.generated.len() - self.pending..];
        if let Some(other) = told.iter().find(|c| c.0 != rank || c.5 != e.direction) {
            self.spy.broken.push(format!(
                "step {step}: a child of {} told before {rank}'s expansion",
                other.0
            ));
        }
        self.pending = 0;
        self.leave(rank, e.direction, "expanded");
        let open = self.open_total;
        if open != e.open {
            self.spy.broken.push(format!(
                "step {step}: OPEN {} by the engine, {open} told",
                e.open
            ));
        }
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
        if self.open_total > 0 {
            self.spy
                .broken
                .push(format!("iteration {threshold} began with OPEN not empty"));
        }
        self.root(self.puzzle.rank(&self.puzzle.start()), Direction::Forward);
    }

    fn generated(&mut self, c: Generated<'_, P::State>) {
        let (parent, rank) = (self.puzzle.rank(c.parent), self.puzzle.rank(c.state));
        self.spy
            .generated
            .push((parent, rank, c.g, c.h, c.fate, c.direction));
        self.pending += 1;
        let entries = self.open.entry((rank, c.direction)).or_default();
        let before = *entries;
        match c.fate {
            Fate::New => *entries += 1,
            // Decrease-key moves an open entry; a closed state is reopened.
            Fate::Improved => *entries = before.max(1),
            Fate::Duplicate => return,
            Fate::Pruned => {
                self.spy
                    .broken
                    .push(format!("{rank} pruned when generated"));
                return;
            }
        }
        self.open_total += *entries - before;
        *self.born.entry((rank, c.g, c.direction)).or_default() += 1;
    }

    fn dropped(&mut self, state: &P::State, g: u32, fate: Fate) {
        let rank = self.puzzle.rank(state);
        self.spy.dropped.push((rank, g, fate, self.spy.steps.len()));
        if !matches!(fate, Fate::Duplicate | Fate::Pruned) {
            self.spy.broken.push(format!("{rank} dropped as {fate:?}"));
        }
        self.leave(rank, Direction::Forward, "dropped");
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
        Algorithm::Direct | Algorithm::Staged => unreachable!("not one of the searches"),
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
        plain.message()
    );
    let mut first = Watch::new(puzzle, algorithm);
    let observed = run(puzzle, h, algorithm, limits, &mut first);
    let mut second = Watch::new(puzzle, algorithm);
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
    // The children: as many as the statistics count, their duplicates too, and the hook's promises kept.
    let spy = &first.spy;
    assert_eq!(
        spy.generated.len() as u64,
        plain.stats.generated,
        "{what} {algorithm}: generated"
    );
    let duplicates = spy
        .generated
        .iter()
        .filter(|c| c.4 == Fate::Duplicate)
        .count()
        + spy
            .dropped
            .iter()
            .filter(|d| d.2 == Fate::Duplicate)
            .count();
    assert_eq!(
        duplicates as u64, plain.stats.duplicates,
        "{what} {algorithm}: duplicates"
    );
    assert!(
        spy.broken.is_empty(),
        "{what} {algorithm}: {:?}",
        spy.broken
    );
    let informed = algorithm.uses_heuristic();
    assert!(
        spy.generated
            .iter()
            .all(|c| c.3.is_some() == informed || c.4 == Fate::Duplicate),
        "{what} {algorithm}: h for each child where the search has one"
    );
    let depth_first = matches!(algorithm, Algorithm::Dfs | Algorithm::Idastar);
    assert!(depth_first || spy.dropped.is_empty(), "{what} {algorithm}");
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
    let steps: Vec<(u32, Option<u32>, Direction)> =
        first.spy.steps.iter().map(|s| (s.1, s.2, s.5)).collect();
    let traced: Vec<(u32, Option<u32>, Direction)> = trace
        .steps
        .iter()
        .map(|s| (s.g, s.h, s.direction))
        .collect();
    assert_eq!(traced, steps, "{what} {algorithm}: g, h and sides");
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
        // Without `generated` and `dropped` of its own: the defaults do nothing.
        let outcome = run(&puzzle, &h, algorithm, limits(31), &mut stop);
        assert_eq!(outcome.status, Status::Limit, "{algorithm}");
        assert_eq!((outcome.stats.expanded, stop.1), (7, 7), "{algorithm}");
        assert!(
            outcome.message().contains("observer"),
            "{}",
            outcome.message()
        );
    }
}
