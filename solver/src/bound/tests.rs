//! The bounds against exact distances: whole small state spaces by breadth-first search (towards the usual goal
//! and towards others), Korf's 100 15-puzzles and Korf and Felner's 50 24-puzzles by their known optima, and on
//! every shape past 5x5 against the staged solver's answers.

use super::groups::{group_bound, plan_for, Layout, Plan};
use super::*;
use crate::instances;
use crate::search::CHECK_EVERY;
use crate::sliding::tests::distances;
use crate::sliding::{shuffle_solvable, Manhattan, SplitMix64};
use std::path::Path;

fn shape(width: u8, height: u8) -> Shape {
    Shape { width, height }
}

const fn layout(width: u8, height: u8) -> Layout {
    Layout { width, height }
}

/// Manhattan distance and linear conflict towards one goal, built once for the many starts of a whole space.
struct Estimates {
    puzzle: LargePuzzle,
    manhattan: Manhattan,
    conflict: LinearConflict,
}

impl Estimates {
    fn new(shape: Shape, goal: &[u8]) -> Estimates {
        let puzzle = LargePuzzle::new(shape, goal, goal).unwrap();
        Estimates {
            manhattan: Manhattan::new(&puzzle),
            conflict: LinearConflict::new(&puzzle),
            puzzle,
        }
    }

    /// The Manhattan distance and linear conflict's estimate of `start`.
    fn of(&self, start: &[u8]) -> (u64, u64) {
        let board = self.puzzle.board(start).unwrap();
        (
            u64::from(self.manhattan.estimate(&board)),
            u64::from(self.conflict.estimate(&board)),
        )
    }
}

fn manhattan_and_conflict(shape: Shape, start: &[u8], goal: &[u8]) -> (u64, u64) {
    Estimates::new(shape, goal).of(start)
}

/// A goal shuffled from the default by `seed`: any arrangement is a legal goal.
fn random_goal(shape: Shape, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let mut goal = shape.default_goal();
    for i in (1..goal.len()).rev() {
        goal.swap(i, rng.below(i as u64 + 1) as usize);
    }
    goal
}

/// The layouts small boards are checked with: runs along the rows and the columns, and square blocks.
fn small_layouts(shape: Shape) -> Vec<Layout> {
    let (w, h) = (shape.width.min(4), shape.height.min(4));
    vec![layout(w, 1), layout(1, h), layout(2, 2)]
}

/// Every board that reaches `goal` against its exact distance, with an ample budget: never above it, never below
/// linear conflict. A sample of them also with the budget nearly none, which must give no more, and with the plan
/// `sliding_lower_bound` takes on boards of this many cells. The number of boards where the ample groups beat
/// linear conflict.
fn check_space(shape: Shape, goal: &[u8]) -> usize {
    let layouts = small_layouts(shape);
    let (ample, starved) = (
        Plan {
            layouts: &layouts,
            budget: 100_000,
        },
        Plan {
            layouts: &layouts,
            budget: 2,
        },
    );
    let estimates = Estimates::new(shape, goal);
    let mut above_conflict = 0;
    for (start, &exact) in &distances(usize::from(shape.width), usize::from(shape.height), goal) {
        let (manhattan, conflict) = estimates.of(start);
        let bound = group_bound(shape, start, goal, &ample);
        assert!(
            manhattan <= conflict && conflict <= bound && bound <= u64::from(exact),
            "{shape} {start:?} to {goal:?}: Manhattan {manhattan}, conflict {conflict}, bound {bound}, \
             distance {exact}"
        );
        above_conflict += usize::from(bound > conflict);
        // A fixed sample: a quarter with the budget starved, one in 256 with the (costlier) plan.
        let pick = start.iter().fold(0u64, |h, &t| {
            (h ^ u64::from(t)).wrapping_mul(0x100_0000_01B3)
        });
        if pick >> 62 == 0 {
            let early = group_bound(shape, start, goal, &starved);
            assert!(
                conflict <= early && early <= bound,
                "{shape} {start:?} to {goal:?}: conflict {conflict}, starved {early}, ample {bound}"
            );
        }
        if pick >> 56 == 0 {
            let planned = group_bound(shape, start, goal, &plan_for(shape));
            assert!(
                conflict <= planned && planned <= u64::from(exact),
                "{shape} {start:?} to {goal:?}: planned {planned}, distance {exact}"
            );
        }
    }
    above_conflict
}

#[test]
fn linear_conflict_is_the_bound_without_tables_and_parity_is_kept() {
    let shape = shape(3, 3);
    let goal = shape.default_goal();
    // Korf's 8-puzzle example: shortest 31, linear conflict below it.
    let start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let bound = sliding_lower_bound(shape, &start, &goal);
    assert!(bound <= 31 && bound > 15, "{bound}");
    assert_eq!(bound % 2, 1);
    assert_eq!(sliding_lower_bound(shape, &goal, &goal), 0);
    assert_eq!(with_parity_of(10, 31), 11);
    assert_eq!(with_parity_of(11, 31), 11);
}

#[test]
fn without_layouts_the_bound_is_linear_conflict() {
    // The conflicts the groups are combined with are linear conflict's own, on any shape and goal.
    for (width, height) in [(2, 2), (3, 3), (4, 4), (2, 8), (8, 3), (5, 8), (8, 8)] {
        let shape = shape(width, height);
        for seed in 0..20 {
            let goal = random_goal(shape, seed);
            let start = shuffle_solvable(shape, &goal, seed + 100).unwrap();
            let none = Plan {
                layouts: &[],
                budget: 0,
            };
            let (_, conflict) = manhattan_and_conflict(shape, &start, &goal);
            assert_eq!(
                group_bound(shape, &start, &goal, &none),
                conflict,
                "{shape} seed {seed}"
            );
        }
    }
}

#[test]
fn the_whole_board_as_one_group_is_the_puzzle_itself() {
    // With every tile in one group the only free cell is the blank's: the abstract puzzle is the real one, so an
    // unbounded search must find each exact distance, on the usual goal and on others.
    for (shape, stride) in [(shape(4, 2), 1), (shape(2, 4), 1), (shape(3, 3), 97)] {
        let whole = [layout(shape.width, shape.height)];
        let plan = Plan {
            layouts: &whole,
            budget: u32::MAX,
        };
        for goal in [shape.default_goal(), random_goal(shape, 7)] {
            let mut boards: Vec<_> =
                distances(usize::from(shape.width), usize::from(shape.height), &goal)
                    .into_iter()
                    .collect();
            boards.sort();
            for (start, exact) in boards.iter().step_by(stride) {
                assert_eq!(
                    group_bound(shape, start, &goal, &plan),
                    u64::from(*exact),
                    "{shape} {start:?} to {goal:?}"
                );
            }
        }
    }
}

#[test]
fn every_3x3_board_is_bounded_by_its_distance() {
    let shape = shape(3, 3);
    let mut blank_first = shape.default_goal();
    blank_first.rotate_right(1);
    for goal in [shape.default_goal(), blank_first, random_goal(shape, 3)] {
        let above = check_space(shape, &goal);
        // The groups must see what linear conflict misses, or this checks little.
        assert!(
            above > 10_000,
            "{goal:?}: only {above} boards above linear conflict"
        );
    }
}

#[test]
fn small_boards_towards_random_goals_are_bounded_by_their_distances() {
    for (shape, seed) in [
        (shape(2, 4), 1),
        (shape(4, 2), 2),
        (shape(2, 3), 3),
        (shape(3, 2), 4),
        (shape(2, 4), 5),
        (shape(4, 2), 6),
    ] {
        let goal = random_goal(shape, seed);
        let above = check_space(shape, &goal);
        assert!(above > 0, "{shape} {goal:?}: never above linear conflict");
    }
}

/// Over a benchmark set on `shape` (both goals of each instance): the bound never above the optimum. Returns the
/// means of Manhattan, linear conflict and the groups over the optimum, and how often the groups beat the
/// conflict, for the caller to judge.
fn check_set(file: &str, shape: Shape, plan: &Plan) -> ([f64; 3], usize, usize) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("data")
        .join(file);
    let set = instances::read(&path, shape.cells()).unwrap();
    let blank_first: Vec<u8> = (0..shape.cells() as u8).collect();
    let (mut sums, mut better, mut boards) = ([0.0; 3], 0, 0);
    for instance in &set {
        for (start, goal) in [
            (&instance.blank_last, shape.default_goal()),
            (&instance.blank_first, blank_first.clone()),
        ] {
            let (manhattan, conflict) = manhattan_and_conflict(shape, start, &goal);
            let bound = group_bound(shape, start, &goal, plan);
            assert!(
                bound <= instance.optimal,
                "instance {} to {goal:?}: bound {bound} above the optimum {}",
                instance.id,
                instance.optimal
            );
            assert!(
                manhattan <= conflict && conflict <= bound,
                "instance {}",
                instance.id
            );
            for (sum, value) in sums.iter_mut().zip([manhattan, conflict, bound]) {
                *sum += value as f64 / instance.optimal as f64;
            }
            better += usize::from(bound > conflict);
            boards += 1;
        }
    }
    (sums.map(|s| s / boards as f64), better, boards)
}

#[test]
fn korf_instances_are_bounded_by_their_optima() {
    // How often the groups must beat linear conflict: on 4x4 their 8-tile blocks fill half the board and often
    // meet; on 5x5 the 2x2 blocks and the lines seldom do.
    for (file, shape, least_better) in [
        ("korf100.tsv", shape(4, 4), 80),
        ("korf-felner50-24puzzle.tsv", shape(5, 5), 5),
    ] {
        let ([manhattan, conflict, groups], better, boards) =
            check_set(file, shape, &plan_for(shape));
        println!(
            "{file}: over the optimum, Manhattan {manhattan:.3}, linear conflict {conflict:.3}, groups {groups:.3}; \
             groups above linear conflict on {better} of {boards}"
        );
        assert!(
            groups > conflict,
            "{file}: the groups are no stronger on average"
        );
        assert!(
            better >= least_better,
            "{file}: the groups beat linear conflict on only {better} of {boards}"
        );
    }
}

#[test]
fn big_boards_are_bounded_by_the_staged_answers() {
    // No exact distance is known past 5x5: every solution's length bounds the shortest from above.
    let (mut better, mut boards) = (0, 0);
    for (width, height) in [
        (6, 6),
        (7, 7),
        (8, 8),
        (3, 8),
        (8, 3),
        (2, 8),
        (6, 5),
        (4, 7),
        (5, 8),
    ] {
        let shape = shape(width, height);
        for seed in 0..4u64 {
            let goal = if seed % 2 == 1 {
                shuffle_solvable(shape, &shape.default_goal(), seed ^ 0x60A1).unwrap()
            } else {
                shape.default_goal()
            };
            let start = shuffle_solvable(shape, &goal, seed).unwrap();
            let (manhattan, conflict) = manhattan_and_conflict(shape, &start, &goal);
            let groups = group_bound(shape, &start, &goal, &plan_for(shape));
            let bound = sliding_lower_bound(shape, &start, &goal);
            let answer = crate::staged::solve(shape, &start, &goal).unwrap().moves;
            assert!(
                conflict <= groups && bound == groups,
                "{shape} seed {seed}: Manhattan {manhattan}, conflict {conflict}, groups {groups}, bound {bound}"
            );
            assert!(
                bound <= answer.len() as u64,
                "{shape} seed {seed}: bound {bound} above an answer of {}",
                answer.len()
            );
            better += usize::from(groups > conflict);
            boards += 1;
        }
    }
    // Past 5x5 the groups are sparse and seldom meet; where they do (chiefly on boards two wide) they must count.
    println!("boards past 5x5: the groups above linear conflict on {better} of {boards}");
    assert!(better > 0, "the groups never beat linear conflict");
}

/// The bound of iterations of IDA* ([`deepening::deepening_bound`]) with no limit but `iterations` of them.
fn deepened(shape: Shape, start: &[u8], goal: &[u8], iterations: usize) -> u64 {
    let mut started = 0;
    deepening::deepening_bound(
        shape,
        start,
        goal,
        |_| {
            started += 1;
            started <= iterations
        },
        |_| true,
    )
}

#[test]
fn deepening_without_limit_finds_every_small_boards_distance_and_each_iteration_stays_below_it() {
    // Unbounded, the iterations end on the goal: the bound is the exact distance. Cut after one or two, it is
    // at most that, and above linear conflict wherever the distance is (a complete iteration proves more).
    for (shape, goal, stride) in [
        (shape(3, 2), shape(3, 2).default_goal(), 1),
        (shape(2, 3), random_goal(shape(2, 3), 5), 1),
        (shape(4, 2), shape(4, 2).default_goal(), 1),
        (shape(2, 4), random_goal(shape(2, 4), 9), 1),
        (shape(3, 3), shape(3, 3).default_goal(), 61),
        (shape(3, 3), random_goal(shape(3, 3), 4), 67),
    ] {
        let estimates = Estimates::new(shape, &goal);
        let mut boards: Vec<_> =
            distances(usize::from(shape.width), usize::from(shape.height), &goal)
                .into_iter()
                .collect();
        boards.sort();
        let mut raised = 0;
        for (start, exact) in boards.iter().step_by(stride) {
            let exact = u64::from(*exact);
            let (_, conflict) = estimates.of(start);
            assert_eq!(
                deepened(shape, start, &goal, usize::MAX),
                exact,
                "{shape} {start:?} to {goal:?}"
            );
            for iterations in [1, 2] {
                let bound = deepened(shape, start, &goal, iterations);
                assert!(
                    bound <= exact && (bound > conflict || exact == conflict),
                    "{shape} {start:?} to {goal:?}, {iterations} iterations: conflict {conflict}, \
                     bound {bound}, distance {exact}"
                );
                raised += usize::from(bound > conflict);
            }
            assert_eq!(deepened(shape, start, &goal, 0), conflict);
        }
        assert!(raised > 0, "{shape}: no iteration ever raised the bound");
    }
}

#[test]
fn deepening_paths_are_shortest_and_windows_find_none_shorter_than_the_distance() {
    // The walk the windows share: from every board of a whole 3x2 and 2x4 space, and from samples of 3x3 towards
    // two goals, its path replays (the independent checker) in exactly the BFS distance, and a window as long as
    // the distance finds nothing shorter while one move longer finds that path.
    use crate::check::check_sliding;
    use crate::improve::window::{shorter_path, Budget};
    use crate::search::{Control, Limits, Stats};
    use crate::sliding::moves_to_string;
    for (shape, goal, stride) in [
        (shape(3, 2), shape(3, 2).default_goal(), 1),
        (shape(2, 4), random_goal(shape(2, 4), 9), 1),
        (shape(3, 3), shape(3, 3).default_goal(), 97),
        (shape(3, 3), random_goal(shape(3, 3), 4), 89),
    ] {
        let mut boards: Vec<_> =
            distances(usize::from(shape.width), usize::from(shape.height), &goal)
                .into_iter()
                .collect();
        boards.sort();
        let mut control = Control::new(Limits::default());
        let mut budget = Budget::new(&mut control, Stats::default(), u64::MAX);
        for (start, exact) in boards.iter().step_by(stride) {
            let exact = *exact as usize;
            let deepening::Deepened::Shortest(path) =
                deepening::deepen(shape, start, &goal, u64::MAX, |_| true, |_| true)
            else {
                panic!("{shape} {start:?} to {goal:?}: no path");
            };
            let moves = moves_to_string(&path);
            assert_eq!(path.len(), exact, "{shape} {start:?} to {goal:?}: {moves}");
            check_sliding(shape.width, shape.height, start, &goal, &moves).unwrap();
            let window = |longer_than, budget: &mut Budget| {
                shorter_path(shape, start, &goal, longer_than, u64::MAX, budget).unwrap()
            };
            assert_eq!(window(exact, &mut budget), None, "{shape} {start:?}");
            assert_eq!(window(exact + 1, &mut budget).map(|p| p.len()), Some(exact));
        }
    }
}

#[test]
fn deepening_on_korf_instances_stays_below_their_optima() {
    // 4x4 and 5x5 boards with known optima, each cut by a budget of nodes: never above, and above linear
    // conflict on nearly every one.
    for (file, shape, budget) in [
        ("korf100.tsv", shape(4, 4), 200_000),
        ("korf-felner50-24puzzle.tsv", shape(5, 5), 100_000),
    ] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("data")
            .join(file);
        let set = instances::read(&path, shape.cells()).unwrap();
        let goal = shape.default_goal();
        let (mut raised, mut gain) = (0, 0);
        for instance in &set {
            let start = &instance.blank_last;
            let mut left: u64 = budget;
            let bound = deepening::deepening_bound(
                shape,
                start,
                &goal,
                |_| true,
                |work| {
                    left = left.saturating_sub(work);
                    left > 0
                },
            );
            let (_, conflict) = manhattan_and_conflict(shape, start, &goal);
            assert!(
                conflict <= bound && bound <= instance.optimal,
                "{file} instance {}: conflict {conflict}, bound {bound}, optimum {}",
                instance.id,
                instance.optimal
            );
            raised += usize::from(bound > conflict);
            gain += bound - conflict;
        }
        println!(
            "{file}: deepening above linear conflict on {raised} of {}, by {gain} moves in all",
            set.len()
        );
        assert!(
            raised * 10 >= set.len() * 9,
            "{file}: raised on only {raised}"
        );
    }
}

#[test]
fn deepening_on_big_boards_stays_below_the_staged_answers_and_stops_when_told() {
    let mut raised = 0;
    for (width, height) in [(6, 6), (7, 7), (8, 8), (2, 8), (8, 3), (5, 8)] {
        let shape = shape(width, height);
        for seed in 0..2u64 {
            let goal = if seed == 1 {
                random_goal(shape, seed ^ 0x60A1)
            } else {
                shape.default_goal()
            };
            let start = shuffle_solvable(shape, &goal, seed).unwrap();
            let answer = crate::staged::solve(shape, &start, &goal).unwrap().moves;
            let (_, conflict) = manhattan_and_conflict(shape, &start, &goal);
            let mut left = 100_000u64;
            let bound = deepening::deepening_bound(
                shape,
                &start,
                &goal,
                |_| true,
                |work| {
                    left = left.saturating_sub(work);
                    left > 0
                },
            );
            raised += usize::from(bound > conflict);
            assert!(
                conflict <= bound && bound <= answer.len() as u64,
                "{shape} seed {seed}: conflict {conflict}, bound {bound}, answer {}",
                answer.len()
            );
            // Stopped at the first check, no iteration big enough to reach it completes.
            let mut iterations = Vec::new();
            let early = deepening::deepening_bound(
                shape,
                &start,
                &goal,
                |iteration| {
                    iterations.push(iteration);
                    true
                },
                |_| false,
            );
            let last = iterations.last().unwrap();
            assert_eq!(early, last.bound, "{shape} seed {seed}");
            assert!(early <= bound, "{shape} seed {seed}");
            let visited: u64 = iterations.iter().map(|i| i.last_nodes).sum();
            assert!(
                visited < CHECK_EVERY,
                "{shape} seed {seed}: {visited} nodes"
            );
        }
    }
    // A 100,000 nodes complete an iteration or two on most boards (not on the hardest 8x8 ones).
    println!("deepening above linear conflict on {raised} of 12 big boards");
    assert!(
        raised >= 8,
        "deepening raised only {raised} of 12 big boards"
    );
}
