//! Property tests: on random instances with random goals, every algorithm that claims optimality returns the same
//! length as BFS, and every move list replays to the goal under the independent checker.

use proptest::prelude::*;
use solver::check::check_report;
use solver::hanoi::random_state;
use solver::run::solve;
use solver::sliding::{scramble, shuffle_solvable, Shape};
use solver::{Algorithm, Control, HeuristicName, Limits, PuzzleSpec, Query, Report, Status};

fn run(puzzle: &PuzzleSpec, algorithm: Algorithm, heuristic: Option<HeuristicName>) -> Report {
    let query = Query {
        puzzle: puzzle.clone(),
        algorithm: Some(algorithm),
        heuristic,
        weight: None,
    };
    let report = solve(&query, &mut Control::new(Limits::default()));
    if report.status == Status::Solved {
        if let Err(e) = check_report(puzzle, &report) {
            panic!("{algorithm} / {heuristic:?} returned moves that do not replay: {e}\n{query:?}");
        }
    }
    report
}

/// Runs every optimal algorithm (with every admissible heuristic) and checks it against BFS.
fn assert_all_optimal(puzzle: &PuzzleSpec, heuristics: &[HeuristicName]) {
    let reference = run(puzzle, Algorithm::Bfs, None);
    assert_eq!(
        reference.status,
        Status::Solved,
        "BFS must solve {puzzle:?}: {}",
        reference.message
    );
    assert!(reference.optimal);
    let bidirectional = run(puzzle, Algorithm::Bibfs, None);
    assert_eq!(
        bidirectional.length, reference.length,
        "bibfs disagrees with BFS on {puzzle:?}"
    );
    assert!(bidirectional.optimal);
    for (i, &h) in heuristics.iter().enumerate() {
        // IDA* re-expands states: with a weak heuristic on a 3x3 it runs far longer than a test should,
        // so it is checked with the strongest heuristic (the last) only.
        let algorithms: &[Algorithm] = if i + 1 == heuristics.len() {
            &[Algorithm::Astar, Algorithm::Idastar]
        } else {
            &[Algorithm::Astar]
        };
        for &algorithm in algorithms {
            let report = run(puzzle, algorithm, Some(h));
            assert_eq!(
                report.status,
                Status::Solved,
                "{algorithm}/{} on {puzzle:?}",
                h.name()
            );
            assert_eq!(
                report.length,
                reference.length,
                "{algorithm}/{} disagrees with BFS on {puzzle:?}",
                h.name()
            );
            assert!(report.optimal, "{algorithm}/{} must say optimal", h.name());
        }
    }
    // The non-optimal ones still give legal solutions and never claim optimality.
    for algorithm in [Algorithm::Greedy, Algorithm::Dfs] {
        let report = run(puzzle, algorithm, heuristics.first().copied());
        assert!(!report.optimal, "{algorithm} must not claim optimality");
        if report.status == Status::Solved {
            assert!(report.length >= reference.length);
        }
    }
}

const SLIDING_HEURISTICS: [HeuristicName; 3] = [
    HeuristicName::Misplaced,
    HeuristicName::Manhattan,
    HeuristicName::LinearConflict,
];

fn sliding(width: u8, height: u8, start: Vec<u8>, goal: Vec<u8>) -> PuzzleSpec {
    PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    }
}

/// A random goal (any arrangement) and a uniformly random start that can reach it.
fn random_sliding(width: u8, height: u8, seed: u64) -> PuzzleSpec {
    let shape = Shape { width, height };
    let goal = shuffle_solvable(shape, &shape.default_goal(), seed ^ 0x9e37_79b9).unwrap();
    // Half the time, a goal of the other parity class: swap two tiles (not the blank).
    let mut goal = goal;
    if seed % 2 == 1 {
        let tiles: Vec<usize> = (0..goal.len()).filter(|&i| goal[i] != 0).take(2).collect();
        goal.swap(tiles[0], tiles[1]);
    }
    let start = shuffle_solvable(shape, &goal, seed).unwrap();
    sliding(width, height, start, goal)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn sliding_2x2_2x3_3x2_optimal(seed in any::<u64>(), which in 0..3usize) {
        let (w, h) = [(2, 2), (2, 3), (3, 2)][which];
        assert_all_optimal(&random_sliding(w, h, seed), &SLIDING_HEURISTICS);
    }

    #[test]
    fn sliding_3x3_optimal(seed in any::<u64>()) {
        assert_all_optimal(&random_sliding(3, 3, seed), &SLIDING_HEURISTICS);
    }
}

proptest! {
    // 3x4 has 239,500,800 reachable states: BFS is run on scrambles whose depth keeps it to seconds.
    #![proptest_config(ProptestConfig { cases: 6, ..ProptestConfig::default() })]

    #[test]
    fn sliding_3x4_and_4x3_optimal(seed in any::<u64>(), tall in any::<bool>(), depth in 8u32..22) {
        let (w, h) = if tall { (3, 4) } else { (4, 3) };
        let shape = Shape { width: w, height: h };
        let goal = shuffle_solvable(shape, &shape.default_goal(), seed).unwrap();
        let start = scramble(shape, &goal, depth, seed.rotate_left(17)).unwrap();
        assert_all_optimal(&sliding(w, h, start, goal), &[HeuristicName::Manhattan, HeuristicName::LinearConflict]);
    }
}

fn hanoi(pegs: u8, disks: u8, seed: u64) -> PuzzleSpec {
    PuzzleSpec::Hanoi {
        pegs,
        disks,
        start: random_state(pegs, disks, seed).unwrap(),
        goal: random_state(
            pegs,
            disks,
            seed.wrapping_mul(6364136223846793005).wrapping_add(1),
        )
        .unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn hanoi_3_pegs_optimal(seed in any::<u64>(), disks in 1u8..=8) {
        let puzzle = hanoi(3, disks, seed);
        assert_all_optimal(&puzzle, &[HeuristicName::Misplaced, HeuristicName::Exact]);
        // The direct optimal path between two arbitrary 3-peg states agrees too.
        let bfs = run(&puzzle, Algorithm::Bfs, None);
        let direct = run(&puzzle, Algorithm::Direct, None);
        prop_assert_eq!(direct.status, Status::Solved);
        prop_assert_eq!(direct.length, bfs.length);
        prop_assert!(direct.optimal);
    }

    #[test]
    fn hanoi_4_pegs_optimal(seed in any::<u64>(), disks in 1u8..=6) {
        assert_all_optimal(&hanoi(4, disks, seed), &[HeuristicName::Misplaced, HeuristicName::Exact]);
    }

    #[test]
    fn hanoi_5_pegs_optimal(seed in any::<u64>(), disks in 1u8..=5) {
        assert_all_optimal(&hanoi(5, disks, seed), &[HeuristicName::Misplaced, HeuristicName::Exact]);
    }
}

/// `HeuristicName::is_admissible` (what the app reads) says what each heuristic itself says, for every name that
/// applies to each kind of puzzle (the 4-peg `exact` is a pattern-database bound, the 3-peg one the true distance).
#[test]
fn admissibility_by_name_agrees_with_the_heuristics() {
    use solver::hanoi::{Hanoi, HanoiHeuristic};
    use solver::sliding::{SlidingHeuristic, SmallPuzzle};
    use solver::Heuristic;
    let mut checked = 0;
    for pegs in [3, 4] {
        let hanoi = Hanoi::new(pegs, 4, &[0; 4], &[pegs - 1; 4]).expect("a valid tower");
        for name in HanoiHeuristic::NAMES {
            let h = HanoiHeuristic::new(name, &hanoi).expect("a Hanoi heuristic");
            assert_eq!(
                h.admissible(),
                name.is_admissible(),
                "{name:?} on {pegs} pegs"
            );
            checked += 1;
        }
    }
    let shape = Shape {
        width: 3,
        height: 3,
    };
    let board =
        SmallPuzzle::with_default_goal(shape, &shape.default_goal()).expect("a valid board");
    for name in SlidingHeuristic::<solver::sliding::Nibbles>::NAMES {
        let h = SlidingHeuristic::new(&board, name).expect("a sliding heuristic");
        assert_eq!(h.admissible(), name.is_admissible(), "{name:?}");
        checked += 1;
    }
    assert!(!HeuristicName::SeedPower.is_admissible());
    assert_eq!(checked, 9);
}
