//! Golden values, each computed here by an exhaustive search written independently of the solver
//! (never copied from the seed articles), and the solver checked against them.

use solver::hanoi::Hanoi;
use solver::run::solve;
use solver::search::{astar::astar, bfs::bfs, bibfs::bibfs, dfs::dfs, idastar::idastar};
use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
use solver::{Control, HeuristicName, Limits, PuzzleSpec, Query, Status};
use std::collections::{HashMap, VecDeque};

/// Plain BFS over boards as `Vec<u8>`: the distance of every reachable arrangement from `goal`.
fn distances_from(width: usize, height: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.to_vec(), 0);
    queue.push_back(goal.to_vec());
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        let (r, c) = (blank / width, blank % width);
        let mut neighbours = Vec::new();
        if r > 0 {
            neighbours.push(blank - width);
        }
        if r + 1 < height {
            neighbours.push(blank + width);
        }
        if c > 0 {
            neighbours.push(blank - 1);
        }
        if c + 1 < width {
            neighbours.push(blank + 1);
        }
        for n in neighbours {
            let mut next = board.clone();
            next.swap(blank, n);
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

const HARDEST: [[u8; 9]; 2] = [[8, 6, 7, 2, 5, 4, 3, 0, 1], [6, 4, 7, 8, 5, 0, 3, 2, 1]];

#[test]
fn eight_puzzle_space_and_hardest_positions() {
    let shape = Shape {
        width: 3,
        height: 3,
    };
    let goal = shape.default_goal();
    let dist = distances_from(3, 3, &goal);
    assert_eq!(dist.len(), 181_440);
    let max = *dist.values().max().unwrap();
    assert_eq!(max, 31);
    let mut farthest: Vec<&Vec<u8>> = dist
        .iter()
        .filter(|(_, &d)| d == max)
        .map(|(b, _)| b)
        .collect();
    farthest.sort();
    let mut expected: Vec<Vec<u8>> = HARDEST.iter().map(|b| b.to_vec()).collect();
    expected.sort();
    assert_eq!(farthest, expected.iter().collect::<Vec<_>>());

    for start in HARDEST {
        let puzzle = SmallPuzzle::new(shape, &start, &goal).unwrap();
        let h = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
        let control = || Control::new(Limits::default());
        assert_eq!(bfs(&puzzle, &mut control()).length, 31);
        assert_eq!(bibfs(&puzzle, &mut control()).length, 31);
        assert_eq!(astar(&puzzle, &h, &mut control()).length, 31);
        assert_eq!(idastar(&puzzle, &h, &mut control()).length, 31);
        let found = dfs(
            &puzzle,
            &mut Control::new(Limits {
                max_depth: 40,
                ..Limits::default()
            }),
        );
        assert_eq!(found.status, Status::Solved);
        assert!(found.length >= 31 && found.length <= 40 && !found.optimal);
    }
}

/// The seed article's example board reaches 1..8,0 in a number of moves we compute, not copy.
#[test]
fn distances_for_a_non_default_goal_differ() {
    let goal = vec![1, 2, 3, 8, 0, 4, 7, 6, 5];
    let dist = distances_from(3, 3, &goal);
    assert_eq!(dist.len(), 181_440);
    let start = [2, 8, 3, 1, 6, 4, 7, 0, 5];
    let shape = Shape {
        width: 3,
        height: 3,
    };
    let puzzle = SmallPuzzle::new(shape, &start, &goal).unwrap();
    assert_eq!(
        bfs(&puzzle, &mut Control::new(Limits::default())).length,
        u64::from(dist[&start.to_vec()])
    );
}

#[test]
fn hanoi_13_disks_bfs_covers_the_space_and_astar_exact_is_tight() {
    let puzzle = Hanoi::new(3, 13, &[0; 13], &[2; 13]).unwrap();
    let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
    assert_eq!(outcome.length, (1 << 13) - 1);
    // Every state but the far corners' neighbourhoods is expanded before the goal turns up.
    assert!(
        outcome.stats.expanded > 1_500_000,
        "expanded {}",
        outcome.stats.expanded
    );
    let h = solver::hanoi::HanoiHeuristic::new(HeuristicName::Exact, &puzzle).unwrap();
    let outcome = astar(&puzzle, &h, &mut Control::new(Limits::default()));
    assert_eq!(outcome.length, (1 << 13) - 1);
    assert!(
        outcome.stats.expanded <= outcome.length + 13,
        "A* with the exact heuristic expanded {}",
        outcome.stats.expanded
    );
}

#[test]
fn bfs_on_a_hard_15_puzzle_stops_at_its_state_budget() {
    let query = Query {
        puzzle: PuzzleSpec::Sliding {
            width: 4,
            height: 4,
            start: vec![0, 12, 9, 13, 15, 11, 10, 14, 3, 7, 2, 5, 4, 8, 6, 1],
            goal: Shape {
                width: 4,
                height: 4,
            }
            .default_goal(),
        },
        algorithm: Some(solver::Algorithm::Bfs),
        heuristic: None,
        weight: None,
    };
    let report = solve(
        &query,
        &mut Control::new(Limits {
            max_states: 200_000,
            ..Limits::default()
        }),
    );
    assert_eq!(report.status, Status::Limit);
    assert!(
        report.message.contains("state limit") && report.message.contains("200000"),
        "{}",
        report.message
    );
    assert!(report.stats.expanded > 0);
}

/// The seed article's h = 2^(k+1) - 1 overestimates on 4 pegs, and A* trusting it returns longer paths than BFS
/// (and says it is not optimal). This is what docs/algorithms.md's "What an inadmissible heuristic does" shows.
#[test]
fn seed_power_heuristic_misleads_astar_on_four_pegs() {
    let starts: [&[u8]; 4] = [
        &[1, 0, 2, 1, 0, 3, 0],
        &[0, 1, 2, 0, 1, 2, 0],
        &[2, 0, 1, 2, 0, 1, 1],
        &[0, 0, 0, 0, 0, 0, 0],
    ];
    let mut worse = 0;
    for start in starts {
        let puzzle = |algorithm, heuristic| Query {
            puzzle: PuzzleSpec::Hanoi {
                pegs: 4,
                disks: 7,
                start: start.to_vec(),
                goal: vec![3; 7],
            },
            algorithm: Some(algorithm),
            heuristic,
            weight: None,
        };
        let bfs = solve(
            &puzzle(solver::Algorithm::Bfs, None),
            &mut Control::new(Limits::default()),
        );
        let seeded = solve(
            &puzzle(solver::Algorithm::Astar, Some(HeuristicName::SeedPower)),
            &mut Control::new(Limits::default()),
        );
        assert_eq!(seeded.status, Status::Solved);
        assert!(
            !seeded.optimal,
            "A* with an inadmissible heuristic must not claim optimality"
        );
        assert!(seeded.length >= bfs.length);
        worse += usize::from(seeded.length > bfs.length);
    }
    assert!(
        worse >= 1,
        "expected the overestimating heuristic to cost A* optimality somewhere"
    );
}
