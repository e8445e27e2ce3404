//! h* against breadth-first search over whole small spaces, the verdicts on known paths, and the refusals.

use super::*;
use crate::hanoi::{random_state, scramble as scramble_tower};
use crate::query::Query;
use crate::search::bfs::bfs;
use crate::search::{Control, Limits};
use crate::sliding::tests::{distances as independent_sliding_bfs, permutations};
use crate::sliding::{scramble, shuffle_solvable};

fn clock() -> impl Fn() -> f64 {
    let started = std::time::Instant::now();
    move || started.elapsed().as_secs_f64() * 1000.0
}

fn sliding(width: u8, height: u8, start: &[u8]) -> PuzzleSpec {
    PuzzleSpec::sliding(width, height, start.to_vec(), None).unwrap()
}

fn tower(pegs: u8, start: &[u8], goal: &[u8]) -> PuzzleSpec {
    PuzzleSpec::hanoi(pegs, start.len() as u8, start.to_vec(), Some(goal.to_vec())).unwrap()
}

/// The solver's answer to `spec` with this algorithm and heuristic.
fn solve(
    spec: &PuzzleSpec,
    algorithm: Algorithm,
    heuristic: Option<HeuristicName>,
) -> crate::Report {
    let query = Query::new(spec.clone())
        .with_overrides(Some(algorithm), heuristic)
        .unwrap();
    crate::run::solve(&query, &mut Control::new(Limits::default()))
}

fn truth_of(spec: &PuzzleSpec, oracle: &mut Oracle) -> Option<u32> {
    measure(spec, None, oracle, &clock()).unwrap().rows[0].truth
}

#[test]
fn tables_agree_with_bfs_over_every_2x3_and_2x4_board() {
    for (width, height) in [(3u8, 2u8), (2, 3), (4, 2)] {
        let n = width * height;
        let goal = crate::rules::default_sliding_goal(width, height);
        let bfs = independent_sliding_bfs(usize::from(width), usize::from(height), &goal);
        let mut oracle = Oracle::default();
        let boards = permutations(usize::from(n));
        assert_eq!(boards.len(), (1..=usize::from(n)).product::<usize>());
        for board in boards {
            let spec = sliding(width, height, &board);
            // Boards of the other parity class never reach the goal: no distance.
            assert_eq!(
                truth_of(&spec, &mut oracle),
                bfs.get(&board).copied(),
                "{width}x{height} {board:?}"
            );
        }
    }
}

#[test]
fn the_8_puzzle_table_agrees_with_bfs_on_a_sample_and_the_hardest_boards() {
    let goal = crate::rules::default_sliding_goal(3, 3);
    let distances = independent_sliding_bfs(3, 3, &goal);
    assert_eq!(distances.len(), 181_440);
    assert_eq!(distances.values().max(), Some(&31));
    let mut oracle = Oracle::default();
    let hardest = distances
        .iter()
        .filter(|(_, &d)| d == 31)
        .map(|(b, _)| b.clone());
    let shape = Shape::new(3, 3).unwrap();
    let sample = (0..300).map(|seed| shuffle_solvable(shape, &goal, seed).unwrap());
    for board in hardest.chain(sample) {
        let spec = sliding(3, 3, &board);
        assert_eq!(
            truth_of(&spec, &mut oracle),
            Some(distances[&board]),
            "{board:?}"
        );
    }
    // And the solver's own BFS engine, on a few boards.
    for seed in 0..3 {
        let board = shuffle_solvable(shape, &goal, 1000 + seed).unwrap();
        let puzzle = SmallPuzzle::new(shape, &board, &goal).unwrap();
        let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
        assert_eq!(
            truth_of(&sliding(3, 3, &board), &mut oracle),
            Some(outcome.length as u32)
        );
    }
}

#[test]
fn the_hardest_8_puzzle_is_31_moves_and_every_heuristic_is_measured_along_its_solution() {
    let start = [8, 6, 7, 2, 5, 4, 3, 0, 1];
    let spec = sliding(3, 3, &start);
    let report = solve(&spec, Algorithm::Astar, Some(HeuristicName::LinearConflict));
    let measured = measure(&spec, Some(&report.moves), &mut Oracle::default(), &clock()).unwrap();
    assert_eq!(measured.method, Method::Table { states: 362_880 });
    assert_eq!(measured.moves(), 31);
    for (i, row) in measured.rows.iter().enumerate() {
        assert_eq!(
            row.truth,
            Some(31 - i as u32),
            "a shortest path: h* falls by one a move"
        );
    }
    // Misplaced 7 (only tile 5 is home), Manhattan 21, linear conflict 23: one tile must leave its line (+2); and
    // the pattern databases, built for the measurement (3x3 offers them).
    assert_eq!(measured.heuristics.last(), Some(&HeuristicName::Pdb));
    assert!(measured.not_built.is_empty());
    assert_eq!(measured.rows[0].values[..3], [7, 21, 23]);
    let pdb = measured.value(0, HeuristicName::Pdb).unwrap();
    assert!((21..=31).contains(&pdb), "{pdb}");
    for &h in &measured.heuristics {
        assert!(measured.overestimates(h).is_empty(), "{h} is admissible");
    }
    for h in SlidingHeuristic::<sliding::Nibbles>::NAMES {
        assert!(measured.jumps(h).is_empty(), "{h} is consistent");
    }
    assert_eq!(
        measured.dominance_chains(),
        [
            vec![
                HeuristicName::Misplaced,
                HeuristicName::Manhattan,
                HeuristicName::LinearConflict
            ],
            vec![HeuristicName::Manhattan, HeuristicName::Pdb]
        ]
    );
    assert_eq!(measured.dominance_broken(), None);
}

#[test]
fn three_pegs_agree_with_bfs_on_random_starts_and_goals() {
    let mut oracle = Oracle::default();
    for disks in 1..=6u8 {
        for seed in 0..12u64 {
            let start = random_state(3, disks, seed).unwrap();
            let goal = random_state(3, disks, seed + 100).unwrap();
            let spec = tower(3, &start, &goal);
            let puzzle = Hanoi::new(3, disks, &start, &goal).unwrap();
            let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
            let measured = measure(&spec, None, &mut oracle, &clock()).unwrap();
            assert_eq!(measured.method, Method::Formula);
            assert_eq!(
                measured.rows[0].truth,
                Some(outcome.length as u32),
                "{start:?} -> {goal:?}"
            );
            // On 3 pegs the exact heuristic is h* itself.
            assert_eq!(
                measured.value(0, HeuristicName::Exact),
                measured.rows[0].truth
            );
        }
    }
}

#[test]
fn four_and_five_pegs_agree_with_bfs_from_their_tables() {
    let mut oracle = Oracle::default();
    for (pegs, max_disks) in [(4u8, 5u8), (5, 4)] {
        for disks in 1..=max_disks {
            for seed in 0..6u64 {
                let start = random_state(pegs, disks, seed).unwrap();
                let goal = random_state(pegs, disks, seed + 50).unwrap();
                let puzzle = Hanoi::new(pegs, disks, &start, &goal).unwrap();
                let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
                let measured =
                    measure(&tower(pegs, &start, &goal), None, &mut oracle, &clock()).unwrap();
                assert_eq!(
                    measured.method,
                    Method::Table {
                        states: u64::from(pegs).pow(u32::from(disks))
                    }
                );
                assert_eq!(
                    measured.rows[0].truth,
                    Some(outcome.length as u32),
                    "{start:?} -> {goal:?}"
                );
            }
        }
    }
}

#[test]
fn beyond_the_tables_an_optimal_search_answers_near_the_goal() {
    // 4 pegs, 11 disks: 4^11 states, more than a table holds.
    let goal = vec![3u8; 11];
    let start = scramble_tower(4, &goal, 6, 7).unwrap();
    let puzzle = Hanoi::new(4, 11, &start, &goal).unwrap();
    let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
    let measured = measure(
        &tower(4, &start, &goal),
        None,
        &mut Oracle::default(),
        &clock(),
    )
    .unwrap();
    assert!(matches!(
        measured.method,
        Method::Search {
            algorithm: Algorithm::Astar,
            ..
        }
    ));
    assert_eq!(measured.rows[0].truth, Some(outcome.length as u32));
    // 3x4 (12 cells): IDA* with the pattern databases (built for the measurement) from each board.
    let shape = Shape::new(4, 3).unwrap();
    let goal = shape.default_goal();
    let board = scramble(shape, &goal, 14, 3).unwrap();
    let spec = sliding(4, 3, &board);
    let expected = bibfs_depth(&board, &goal, 4, 3);
    let measured = measure(&spec, None, &mut Oracle::default(), &clock()).unwrap();
    assert!(matches!(
        measured.method,
        Method::Search {
            algorithm: Algorithm::Idastar,
            heuristic: HeuristicName::Pdb,
            ..
        }
    ));
    assert_eq!(measured.rows[0].truth, Some(expected));
    // 6x3 (18 cells, no pattern databases offered): IDA* with linear conflict.
    let shape = Shape::new(6, 3).unwrap();
    let goal = shape.default_goal();
    let board = scramble(shape, &goal, 12, 5).unwrap();
    let spec = sliding(6, 3, &board);
    let expected = solve(&spec, Algorithm::Bibfs, None).length as u32;
    let measured = measure(&spec, None, &mut Oracle::default(), &clock()).unwrap();
    assert!(matches!(
        measured.method,
        Method::Search {
            algorithm: Algorithm::Idastar,
            heuristic: HeuristicName::LinearConflict,
            ..
        }
    ));
    assert_eq!(measured.heuristics, SlidingHeuristic::<Quints>::NAMES);
    assert_eq!(measured.rows[0].truth, Some(expected));
}

/// The distance between two boards by the solver's bidirectional BFS (no heuristic, so not the oracle's search).
fn bibfs_depth(board: &[u8], goal: &[u8], width: u8, height: u8) -> u32 {
    let puzzle = SmallPuzzle::new(Shape::new(width, height).unwrap(), board, goal).unwrap();
    crate::search::bibfs::bibfs(&puzzle, &mut Control::new(Limits::default())).length as u32
}

#[test]
fn a_shortest_path_found_by_search_fills_every_position_and_a_longer_one_is_searched_from_the_goal_back(
) {
    let shape = Shape::new(4, 3).unwrap();
    let goal = shape.default_goal();
    let spec = sliding(4, 3, &scramble(shape, &goal, 16, 11).unwrap());
    let measure_path = |report: crate::Report| {
        measure(&spec, Some(&report.moves), &mut Oracle::default(), &clock()).unwrap()
    };
    let optimal = solve(
        &spec,
        Algorithm::Idastar,
        Some(HeuristicName::LinearConflict),
    );
    let measured = measure_path(optimal);
    let n = measured.moves() as u32;
    assert!(measured
        .rows
        .iter()
        .enumerate()
        .all(|(i, r)| r.truth == Some(n - i as u32)));
    // Greedy's path is longer: each position is searched, and agrees with BFS.
    let greedy = solve(&spec, Algorithm::Greedy, Some(HeuristicName::Manhattan));
    let positions = replay(&spec, Some(&greedy.moves)).unwrap();
    let measured = measure_path(greedy);
    assert!(
        measured.moves() > n as usize,
        "greedy's path is longer than the shortest"
    );
    let known = measured.rows.iter().filter(|r| r.truth.is_some()).count();
    assert!(
        known * 2 > measured.rows.len(),
        "most positions are searched within the budget: {known}"
    );
    for (row, position) in measured.rows.iter().zip(&positions).step_by(3) {
        if let Some(truth) = row.truth {
            assert_eq!(truth, bibfs_depth(position, &goal, 4, 3));
        }
    }
}

#[test]
fn the_seed_heuristic_overestimates_and_jumps_along_the_classic_tower() {
    let spec = tower(3, &[0, 0, 0], &[2, 2, 2]);
    let report = solve(&spec, Algorithm::Direct, None);
    let measured = measure(&spec, Some(&report.moves), &mut Oracle::default(), &clock()).unwrap();
    let truths: Vec<Option<u32>> = measured.rows.iter().map(|r| r.truth).collect();
    assert_eq!(truths, (0..=7).rev().map(Some).collect::<Vec<_>>());
    // 2^(k+1) - 1 for the largest disk not home: 7 until disk 2 moves (after move 4), then 3 until disk 1 is home.
    let seed: Vec<u32> = (0..=7)
        .map(|i| measured.value(i, HeuristicName::SeedPower).unwrap())
        .collect();
    assert_eq!(seed, [7, 7, 7, 7, 3, 3, 1, 0]);
    assert_eq!(
        measured.overestimates(HeuristicName::SeedPower),
        [1, 2, 3, 5]
    );
    assert_eq!(measured.jumps(HeuristicName::SeedPower), [3, 5]);
    assert!(measured.overestimates(HeuristicName::Misplaced).is_empty());
    assert!(measured.overestimates(HeuristicName::Exact).is_empty());
    assert_eq!(
        measured.dominance_chains(),
        [vec![HeuristicName::Misplaced, HeuristicName::Exact]]
    );
    assert!(
        measured.not_built.is_empty(),
        "towers have no pattern databases to wait for"
    );
    assert_eq!(measured.dominance_broken(), None);
}

#[test]
fn refusals_say_what_is_wrong() {
    let spec = sliding(3, 3, &[1, 2, 3, 4, 5, 6, 7, 0, 8]);
    let illegal = measure(
        &spec,
        Some(&Moves::Sliding("RD".into())),
        &mut Oracle::default(),
        &clock(),
    );
    assert!(
        matches!(illegal, Err(TruthError::Replay { index: 1, .. })),
        "{illegal:?}"
    );
    let long = Moves::Sliding("LR".repeat(MAX_PATH_MOVES / 2 + 1));
    let too_long = measure(&spec, Some(&long), &mut Oracle::default(), &clock()).unwrap_err();
    assert!(too_long.to_string().contains("up to 1000"), "{too_long}");
    let other = measure(
        &spec,
        Some(&Moves::Hanoi(vec![[0, 1]])),
        &mut Oracle::default(),
        &clock(),
    );
    assert!(matches!(other, Err(TruthError::Replay { index: 0, .. })));
    let big = PuzzleSpec::hanoi(3, 30, vec![0; 30], None).unwrap();
    assert_eq!(
        measure(&big, None, &mut Oracle::default(), &clock()),
        Err(TruthError::TooManyDisks { disks: 30 })
    );
}

#[test]
fn measurements_travel_as_json() {
    let measured = measure(
        &sliding(2, 2, &[1, 2, 0, 3]),
        None,
        &mut Oracle::default(),
        &clock(),
    )
    .unwrap();
    let json = serde_json::to_string(&measured).unwrap();
    assert_eq!(serde_json::from_str::<Measured>(&json).unwrap(), measured);
}

#[test]
fn a_star_with_the_seed_heuristic_returns_a_longer_path_where_it_overestimates() {
    // The page's end-to-end test races on this tower (found among random 4-peg positions).
    let spec = tower(4, &[1, 2, 3, 1, 3], &[0, 0, 1, 1, 2]);
    let length = |h| solve(&spec, Algorithm::Astar, Some(h)).length;
    assert_eq!(length(HeuristicName::Exact), 4);
    assert_eq!(length(HeuristicName::SeedPower), 9, "not a shortest path");
    let measured = measure(&spec, None, &mut Oracle::default(), &clock()).unwrap();
    assert_eq!(measured.rows[0].truth, Some(4));
    // Disk 4 is not home: 2^5 - 1.
    assert_eq!(measured.value(0, HeuristicName::SeedPower), Some(31));
    assert_eq!(measured.overestimates(HeuristicName::SeedPower), [0]);
}

/// Manhattan distance of `board` to `goal` on a `width`-wide board, computed here (not the solver's).
fn manhattan(board: &[u8], goal: &[u8], width: usize) -> u32 {
    let mut sum = 0;
    for (cell, &tile) in board.iter().enumerate().filter(|(_, &t)| t != 0) {
        let home = goal.iter().position(|&t| t == tile).unwrap();
        sum += (cell % width).abs_diff(home % width) + (cell / width).abs_diff(home / width);
    }
    sum as u32
}

#[test]
fn pattern_databases_are_admissible_and_at_least_manhattan_over_whole_small_spaces() {
    let centre_goal = [1, 2, 3, 4, 0, 5, 6, 7, 8];
    let cases: [(u8, u8, Option<&[u8]>); 5] = [
        (3, 2, None),
        (2, 3, None),
        (4, 2, None),
        (3, 3, None),
        (3, 3, Some(&centre_goal)),
    ];
    // Not consistent, though: the tables keep the least over the blank's cells, and where the pattern's tiles cut
    // the free cells apart (thin boards) one move can drop the estimate by more than 1; the panel says so.
    let mut inconsistent = 0;
    for (width, height, goal) in cases {
        let goal = goal.map_or_else(
            || crate::rules::default_sliding_goal(width, height),
            <[u8]>::to_vec,
        );
        let exact = independent_sliding_bfs(usize::from(width), usize::from(height), &goal);
        let tables::Tables::Ready(pdb) = tables::board_tables(width, height, &goal) else {
            panic!("{width}x{height}: the tables are built for a measurement");
        };
        for (board, &truth) in &exact {
            let h = pdb.estimate(board);
            assert!(
                h <= truth,
                "{width}x{height} {board:?}: pdb {h} > h* {truth}"
            );
            let m = manhattan(board, &goal, usize::from(width));
            assert!(
                h >= m,
                "{width}x{height} {board:?}: pdb {h} < Manhattan {m}"
            );
            let shape = Shape::new(width, height).unwrap();
            for dir in sliding::Dir::ALL {
                let mut next = board.clone();
                if sliding::apply_move(shape, &mut next, dir).is_ok() {
                    inconsistent += usize::from(h.abs_diff(pdb.estimate(&next)) > 1);
                }
            }
        }
    }
    assert!(
        inconsistent > 0,
        "some move changes the estimate by more than 1"
    );
}

#[test]
fn the_4x4_tables_are_looked_up_and_a_measurement_says_when_they_are_not_built() {
    let goal = crate::rules::default_sliding_goal(4, 4);
    let key =
        tables::looked_up_key(4, 4, &goal).expect("4x4's 6-6-3 tables are too large to build here");
    assert!(matches!(
        tables::board_tables_held(4, 4, &goal, |_| None),
        tables::Tables::NotBuilt
    ));
    // Tables held under that key (here a 5-5-5 set for the same blank cell, quick to build) are used.
    let geometry = crate::pdb::Geometry::new(4, 4).unwrap();
    let groups = vec![(0..5).collect(), (5..10).collect(), (10..15).collect()];
    let partition = crate::pdb::Partition::new(&geometry, 15, groups).unwrap();
    let held = std::sync::Arc::new(crate::pdb::PdbTables::build(&geometry, &partition, |_| {}));
    let asked = std::cell::RefCell::new(None);
    let found = tables::board_tables_held(4, 4, &goal, |k| {
        asked.replace(Some(k.to_string()));
        Some(std::sync::Arc::clone(&held))
    });
    assert_eq!(asked.take(), Some(key));
    let tables::Tables::Ready(pdb) = found else {
        panic!("held tables are used");
    };
    // The oracle searches with them: h* by IDA* with the pattern databases, as far as bidirectional BFS says.
    let shape = Shape::new(4, 4).unwrap();
    let board = scramble(shape, &goal, 18, 9).unwrap();
    let expected = bibfs_depth(&board, &goal, 4, 4);
    let (method, truths) = Oracle::default()
        .distances(
            &sliding(4, 4, &board),
            std::slice::from_ref(&board),
            &clock(),
            Some(&pdb),
        )
        .unwrap();
    assert_eq!(
        method,
        Method::Search {
            algorithm: Algorithm::Idastar,
            heuristic: HeuristicName::Pdb,
            budget_ms: SEARCH_BUDGET_MS
        }
    );
    assert_eq!(truths, [Some(expected)]);
    assert!(pdb.estimate(&board) <= expected);
    // 4x4 with its blank elsewhere too; the other boards of up to 16 cells (groups of up to 5 tiles) are built.
    let inner = [1, 2, 3, 4, 5, 0, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];
    assert!(tables::looked_up_key(4, 4, &inner).is_some());
    for (width, height) in [(5, 3), (3, 5), (8, 2), (2, 7)] {
        let goal = Shape::new(width, height).unwrap().default_goal();
        assert_eq!(tables::looked_up_key(width, height, &goal), None);
    }
    assert_eq!(
        tables::looked_up_key(5, 3, &Shape::new(5, 3).unwrap().default_goal()),
        None
    );
    assert!(matches!(
        tables::board_tables(5, 5, &Shape::new(5, 5).unwrap().default_goal()),
        tables::Tables::NotOffered
    ));
}
