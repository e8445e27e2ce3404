//! The staged solver and the improvement loop on random boards of every size from 2x2 to 8x8, rectangles and
//! random goals included: always solved within a budget of expansions, every answer (the first and each better
//! one) replayed by the independent checker, never shorter than its lower bound, and, where the optimum is known
//! (breadth-first search on small boards, the pattern-database IDA* on 4x4), lower bound <= optimum <= length.

use proptest::prelude::*;
use solver::check::check_report;
use solver::query::PuzzleSpec;
use solver::report::Moves;
use solver::search::{Algorithm, Control, Limits, Status};
use solver::sliding::{shuffle_solvable, Shape};
use solver::{HeuristicName, Query, Report};

/// The improvement's budget in the tests: expansions, never time (`max_states`), with no time limit that a slow
/// machine could reach first... the default time budget is 2.5 s, which 20,000 expansions never take.
const IMPROVE_EXPANSIONS: u64 = 20_000;

/// The most states the staged solver's first answer may expand on any board up to 8x8 (about 30,000 are
/// measured at most on 8x8).
const FIRST_ANSWER_EXPANSIONS: u64 = 300_000;

/// Runs `algorithm` (the per-size default when `None`) on a board; returns the report and every answer the
/// hook saw, each checked.
fn solve(
    spec: &PuzzleSpec,
    algorithm: Option<Algorithm>,
    max_states: u64,
) -> (Report, Vec<Report>) {
    let query = Query {
        algorithm,
        ..Query::new(spec.clone())
    };
    let mut answers = Vec::new();
    let report = {
        let mut control = Control::new(Limits {
            max_states,
            ..Limits::default()
        })
        .with_answer(|r: &Report| answers.push(r.clone()));
        solver::run::solve(&query, &mut control)
    };
    (report, answers)
}

/// The checks every staged run passes.
fn check_staged(spec: &PuzzleSpec) -> Report {
    let (report, answers) = solve(spec, Some(Algorithm::Staged), IMPROVE_EXPANSIONS);
    assert_eq!(
        report.status,
        Status::Solved,
        "{spec:?}: {}",
        report.message
    );
    assert_eq!(report.algorithm, Algorithm::Staged);
    check_report(spec, &report).unwrap_or_else(|e| panic!("{spec:?}: {e}"));
    let bound = report.lower_bound.expect("every staged answer has a bound");
    assert!(
        bound <= report.length,
        "{spec:?}: bound {bound} > length {}",
        report.length
    );
    assert!(
        report.stats.expanded <= FIRST_ANSWER_EXPANSIONS + IMPROVE_EXPANSIONS + 1,
        "{spec:?}: {} expansions",
        report.stats.expanded
    );
    assert!(!answers.is_empty(), "the first answer goes to the hook");
    for answer in &answers {
        assert_eq!(answer.status, Status::Solved);
        check_report(spec, answer).unwrap_or_else(|e| panic!("{spec:?}: a reported answer: {e}"));
        assert!(answer.lower_bound.is_some_and(|b| b <= answer.length));
    }
    assert!(answers.windows(2).all(|w| w[1].length < w[0].length));
    assert_eq!(answers.last().map(|a| a.length), Some(report.length));
    let words = if report.length == bound {
        "a shortest solution".to_string()
    } else {
        format!(
            "longer than the shortest (length {}, lower bound {bound})",
            report.length
        )
    };
    assert!(report.message.contains(&words), "{}", report.message);
    report
}

/// A random board of `shape` towards a random goal (or the default one).
fn board(shape: Shape, seed: u64, random_goal: bool) -> PuzzleSpec {
    let goal = if random_goal {
        shuffle_solvable(shape, &shape.default_goal(), seed ^ 0xA5A5).unwrap()
    } else {
        shape.default_goal()
    };
    let start = shuffle_solvable(shape, &goal, seed).unwrap();
    PuzzleSpec::sliding(shape.width, shape.height, start, Some(goal)).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_size_is_solved_within_the_budget(
        width in 2u8..=8,
        height in 2u8..=8,
        seed in any::<u64>(),
        random_goal in any::<bool>(),
    ) {
        let shape = Shape { width, height };
        check_staged(&board(shape, seed, random_goal));
    }

    #[test]
    fn the_first_answer_stays_within_its_expansions(
        width in 2u8..=8,
        height in 2u8..=8,
        seed in any::<u64>(),
    ) {
        let shape = Shape { width, height };
        let spec = board(shape, seed, seed % 2 == 0);
        let answer = solver::staged::solve(shape, spec.start(), spec.goal()).unwrap();
        prop_assert!(answer.expanded <= FIRST_ANSWER_EXPANSIONS);
        prop_assert!(answer.peak_memory_bytes <= 8 << 20);
    }
}

#[test]
fn every_square_and_rectangle_is_solved_towards_both_goals() {
    for width in 2u8..=8 {
        for height in 2u8..=8 {
            for random_goal in [false, true] {
                let seed = u64::from(width) * 97 + u64::from(height) * 13 + u64::from(random_goal);
                check_staged(&board(Shape { width, height }, seed, random_goal));
            }
        }
    }
}

#[test]
fn small_boards_sit_between_the_bound_and_the_breadth_first_optimum() {
    for (width, height) in [(2, 2), (3, 2), (2, 3), (3, 3), (4, 2), (2, 4)] {
        let shape = Shape { width, height };
        for seed in 0..6 {
            let spec = board(shape, seed, seed % 2 == 1);
            let (bfs, _) = solve(
                &spec,
                Some(Algorithm::Bfs),
                solver::search::DEFAULT_MAX_STATES,
            );
            assert_eq!(bfs.status, Status::Solved);
            assert_eq!(
                bfs.lower_bound,
                Some(bfs.length),
                "an optimal answer's bound is its length"
            );
            let report = check_staged(&spec);
            let bound = report.lower_bound.unwrap();
            assert!(
                bound <= bfs.length && bfs.length <= report.length,
                "{spec:?}"
            );
            if width <= 3 && height <= 3 {
                // The whole board is the staged solver's optimal remainder.
                assert_eq!(report.length, bfs.length);
                assert!(report.optimal);
            }
        }
    }
}

#[test]
fn fifteen_puzzles_sit_between_the_bound_and_the_pattern_database_optimum() {
    for seed in [1, 2] {
        let spec = {
            let shape = Shape {
                width: 4,
                height: 4,
            };
            let goal = shape.default_goal();
            // A 60-move scramble: within IDA*'s reach in a test, far from trivial.
            let start = solver::sliding::scramble(shape, &goal, 60, seed).unwrap();
            PuzzleSpec::sliding(4, 4, start, Some(goal)).unwrap()
        };
        // No algorithm named: the 4x4 default is IDA* with the pattern databases.
        let (optimal, _) = solve(&spec, None, solver::search::DEFAULT_MAX_STATES);
        assert_eq!(optimal.status, Status::Solved, "{}", optimal.message);
        assert_eq!(
            (optimal.algorithm, optimal.heuristic.as_deref()),
            (Algorithm::Idastar, Some(HeuristicName::Pdb.name()))
        );
        assert!(optimal.optimal);
        check_report(&spec, &optimal).unwrap();
        let report = check_staged(&spec);
        // The tables are in this process now, so the bound uses them too.
        let bound = report.lower_bound.unwrap();
        assert!(bound <= optimal.length && optimal.length <= report.length);
    }
}

#[test]
fn large_boards_default_to_the_staged_solver_and_small_ones_stay_optimal() {
    let (report, _) = solve(
        &board(
            Shape {
                width: 6,
                height: 5,
            },
            4,
            true,
        ),
        None,
        IMPROVE_EXPANSIONS,
    );
    assert_eq!(report.algorithm, Algorithm::Staged);
    assert_eq!(report.status, Status::Solved);
    let (report, _) = solve(
        &board(
            Shape {
                width: 4,
                height: 3,
            },
            4,
            true,
        ),
        None,
        1_000_000,
    );
    assert_eq!((report.algorithm, report.optimal), (Algorithm::Astar, true));
    assert_eq!(report.lower_bound, Some(report.length));
}

#[test]
fn cancel_keeps_the_best_answer() {
    let spec = board(
        Shape {
            width: 8,
            height: 8,
        },
        99,
        true,
    );
    let query = Query {
        algorithm: Some(Algorithm::Staged),
        ..Query::new(spec.clone())
    };
    let mut control = Control::new(Limits::default()).with_progress(|_| solver::Flow::Cancel);
    let report = solver::run::solve(&query, &mut control);
    assert_eq!(report.status, Status::Solved);
    assert!(
        report.message.contains("improvement cancelled"),
        "{}",
        report.message
    );
    check_report(&spec, &report).unwrap();
}

/// The staged run on `spec` within `max_states` expansions of improvement, handed `head_start`.
fn solve_from(spec: &PuzzleSpec, head_start: Option<Moves>, max_states: u64) -> Report {
    let query = Query {
        algorithm: Some(Algorithm::Staged),
        ..Query::new(spec.clone())
    };
    let mut control = Control::new(Limits {
        max_states,
        ..Limits::default()
    })
    .with_head_start(head_start);
    solver::run::solve(&query, &mut control)
}

#[test]
fn a_head_start_shorter_than_the_first_answer_is_improved_from_and_a_wrong_one_is_ignored() {
    for (shape, seed) in [((5, 5), 7), ((5, 5), 8), ((6, 6), 9), ((4, 7), 10)] {
        let shape = Shape {
            width: shape.0,
            height: shape.1,
        };
        let spec = board(shape, seed, seed % 2 == 0);
        let improved = solve_from(&spec, None, IMPROVE_EXPANSIONS);
        // With no expansions to improve with, a run ends on its first answer with wasted moves removed.
        let plain = solve_from(&spec, None, 0);
        assert!(
            improved.length < plain.length,
            "{spec:?}: the improvement found nothing"
        );
        let handed = solve_from(&spec, Some(improved.moves.clone()), 0);
        check_report(&spec, &handed).unwrap();
        assert_eq!(
            handed.length, improved.length,
            "{spec:?}: {}",
            handed.message
        );
        // An answer longer than the staged solver's own is not taken.
        let longer = solve_from(&spec, Some(plain.moves.clone()), 0).length;
        assert_eq!(longer, plain.length);
        // Moves that do not take this start to its goal, or Hanoi moves, are ignored.
        let Moves::Sliding(letters) = &improved.moves else {
            panic!("a sliding answer")
        };
        let wrong = Moves::Sliding(letters[..letters.len() - 2].to_string());
        assert_eq!(solve_from(&spec, Some(wrong), 0).length, plain.length);
        let hanoi = Moves::Hanoi(vec![[0, 1]]);
        assert_eq!(solve_from(&spec, Some(hanoi), 0).length, plain.length);
    }
}

#[test]
fn hanoi_is_refused_by_the_staged_solver() {
    let spec = PuzzleSpec::hanoi(3, 3, vec![0, 0, 0], None).unwrap();
    let (report, _) = solve(&spec, Some(Algorithm::Staged), 1000);
    assert_eq!(report.status, Status::Invalid);
}

#[test]
fn weighted_answers_carry_a_bound_from_their_weight() {
    let spec = board(
        Shape {
            width: 5,
            height: 5,
        },
        3,
        false,
    );
    let query = Query {
        algorithm: Some(Algorithm::Weighted),
        ..Query::new(spec.clone())
    };
    let report = solver::run::solve(&query, &mut Control::new(Limits::default()));
    assert_eq!(report.status, Status::Solved);
    let bound = report.lower_bound.unwrap();
    // length <= 2.5 x shortest, so the bound is at least length / 2.5.
    assert!(bound * 5 >= report.length * 2 && bound <= report.length);
}
