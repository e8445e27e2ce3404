//! The quantities behind the lesson's sentences, counted natively: exhaustive searches over the 8-puzzle's states
//! written here, set against the engine's real runs, and the report's own searches (its BFS and its DFS with one
//! global CLOSED list) replayed as its sections 3.2.1 and 3.2.3 describe them.

use super::replay::{
    first_found_limit, inversions, misplaced, neighbours, relative_inversions, report_dfs,
    third_heuristic, Board,
};
use super::{bfs, dfs, eight, Case, CASES, GOAL};
use crate::page::state::setup::Setup;
use solver::query::{self, Query};
use solver::{Algorithm, HeuristicName, Report, Status};
use std::collections::{HashMap, HashSet};

/// The engine's answer for a figure's set-up, natively: the same dispatch the worker runs.
pub fn run(setup: &Setup) -> Report {
    let q: Query = query::parse(&setup.query().to_query_string()).expect("a valid query");
    let limits = solver::Limits {
        max_depth: setup.dfs_depth,
        ..solver::Limits::default()
    };
    solver::run::solve(&q, &mut solver::Control::new(limits))
}

/// The distance of every board `from` reaches, by an exhaustive BFS (moves are undone by moves, so this is also
/// each board's distance to `from`).
pub fn distances(from: &Board) -> HashMap<Board, u32> {
    let mut dist = HashMap::with_capacity(181_440);
    dist.insert(*from, 0);
    let mut layer = vec![*from];
    let mut d = 0;
    while !layer.is_empty() {
        d += 1;
        let mut next = Vec::new();
        for b in &layer {
            for n in neighbours(b) {
                if let std::collections::hash_map::Entry::Vacant(e) = dist.entry(n) {
                    e.insert(d);
                    next.push(n);
                }
            }
        }
        layer = next;
    }
    dist
}

/// How many boards lie at each distance from `from`, up to `max` moves.
fn layer_sizes(from: &Board, max: u32) -> Vec<u64> {
    let mut seen = HashSet::from([*from]);
    let mut sizes = vec![1];
    let mut layer = vec![*from];
    for _ in 0..max {
        let mut next = Vec::new();
        for b in &layer {
            for n in neighbours(b) {
                if seen.insert(n) {
                    next.push(n);
                }
            }
        }
        sizes.push(next.len() as u64);
        layer = next;
    }
    sizes
}

/// A few hundred boards of the report's goal's half, spread over the space by a fixed generator.
fn sample(all: &HashMap<Board, u32>, count: usize) -> Vec<Board> {
    let mut boards: Vec<Board> = all.keys().copied().collect();
    boards.sort_unstable();
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            boards[(x % boards.len() as u64) as usize]
        })
        .collect()
}

/// What the report's BFS (its section 3.2.3) does: OPEN a queue, CLOSED a list of the expanded states, each new
/// state looked up in CLOSED one entry at a time, the goal tested as it is generated. Returns CLOSED's size at the
/// end and the comparisons its look-ups made.
fn report_bfs(start: &Board, goal: &Board) -> (u64, u64) {
    let mut open = std::collections::VecDeque::from([*start]);
    let mut closed: Vec<Board> = Vec::new();
    let mut comparisons = 0u64;
    while let Some(n) = open.pop_front() {
        closed.push(n);
        for s in neighbours(&n) {
            let mut known = false;
            for c in &closed {
                comparisons += 1;
                if *c == s {
                    known = true;
                    break;
                }
            }
            if known {
                continue;
            }
            if s == *goal {
                return (closed.len() as u64, comparisons);
            }
            open.push_back(s);
        }
    }
    (closed.len() as u64, comparisons)
}

fn case_boards() -> impl Iterator<Item = Case> {
    CASES.into_iter()
}

/// `DiffClosed`: BFS tests a state for the goal as it generates it, so for a goal `d` moves away it expands every
/// state within `d - 2` moves and part of those `d - 1` moves away: more than the states within `d - 2`, at most
/// those within `d - 1`. The engine's count, and the report's CLOSED of each case, both fall in that range.
#[test]
fn bfs_expands_the_layers_up_to_d_minus_2_and_part_of_layer_d_minus_1() {
    let from_goal = distances(&GOAL);
    let mut starts: Vec<(Board, Option<u64>)> = case_boards()
        .map(|c| (c.start, Some(c.bfs.closed)))
        .collect();
    starts.extend(
        sample(&from_goal, 40)
            .into_iter()
            .filter(|b| from_goal[b] >= 2)
            .map(|b| (b, None)),
    );
    for (start, report_closed) in starts {
        let report = run(&bfs(&start, &GOAL));
        assert_eq!(report.status, Status::Solved);
        let d = report.length as u32;
        assert_eq!(d, from_goal[&start], "{start:?}");
        let sizes = layer_sizes(&start, d - 1);
        let within = |k: u32| sizes[..=k as usize].iter().sum::<u64>();
        let (low, high) = (within(d - 2), within(d - 1));
        let expanded = report.stats.expanded;
        assert!(
            low < expanded && expanded <= high,
            "{start:?}: {low} < {expanded} <= {high}"
        );
        // The engine's own layer counts say the same: every layer before d - 1 whole, then part of d - 1.
        assert_eq!(
            report.stats.by_depth[..=(d - 2) as usize]
                .iter()
                .sum::<u64>(),
            low
        );
        assert_eq!(report.stats.by_depth[(d - 1) as usize], expanded - low);
        if let Some(closed) = report_closed {
            assert!(
                low < closed && closed <= high,
                "the report's CLOSED {closed}: {low}..{high}"
            );
            // The report's BFS, replayed, expands exactly the CLOSED its table gives.
            assert_eq!(report_bfs(&start, &GOAL).0, closed, "{start:?}");
        }
    }
    // The report's case 1, three moves: the four states within one move, and one of those two moves away.
    let case = CASES[0];
    let sizes = layer_sizes(&case.start, 2);
    assert_eq!((sizes[0] + sizes[1], case.bfs.closed), (4, 5));
}

/// `RandomWhy`: a BFS whose CLOSED is a list compared one entry at a time makes at least n²/2 comparisons to
/// keep n states (each new state is compared with every state kept before it, and duplicates add more).
#[test]
fn a_list_for_closed_costs_at_least_n_squared_over_2_comparisons() {
    for case in case_boards() {
        let (n, comparisons) = report_bfs(&case.start, &GOAL);
        assert!(
            comparisons >= n * n / 2,
            "{n} states, {comparisons} comparisons"
        );
        assert!(
            comparisons <= 4 * n * n,
            "{n} states, {comparisons} comparisons"
        );
    }
}

/// `ExHardQ` and the claim on the report's third heuristic: misplaced tiles never overestimates, while misplaced +
/// 3 × inversions does, read either way (inversions of the row-major order, or only those the goal does not have).
#[test]
fn misplaced_never_overestimates_and_the_third_heuristic_does() {
    let from_goal = distances(&GOAL);
    assert_eq!(from_goal.len(), 181_440);
    let goal_inversions = inversions(&GOAL);
    assert_eq!(goal_inversions, 7);
    let (mut over_plain, mut over_relative) = (0u64, 0u64);
    for (b, &h_star) in &from_goal {
        assert!(misplaced(b, &GOAL) <= h_star, "{b:?}");
        let plain = misplaced(b, &GOAL) + 3 * inversions(b);
        let relative = misplaced(b, &GOAL) + 3 * relative_inversions(b, &GOAL);
        over_plain += u64::from(plain > h_star);
        over_relative += u64::from(relative > h_star);
    }
    assert!(over_plain > 0 && over_relative > 0);
    // At the goal itself, the row-major reading gives 3 × 7 = 21 for a board 0 moves away.
    assert_eq!(misplaced(&GOAL, &GOAL) + 3 * inversions(&GOAL), 21);
    // The lesson's example: the report's case 1, three moves from its goal.
    let case = CASES[0].start;
    assert_eq!(from_goal[&case], 3);
    assert!(third_heuristic(&case, &GOAL) > 3);
    // Weighted A* multiplies h by its weight: its answer is longer than the shortest on some board.
    let longer = sample(&from_goal, 200).into_iter().any(|b| {
        let weighted = run(&eight(
            &b,
            &GOAL,
            Algorithm::Weighted,
            HeuristicName::Manhattan,
        ));
        weighted.length > u64::from(from_goal[&b])
    });
    assert!(longer);
}

/// `DfsText`: with a global CLOSED, a DFS without any depth limit expands each state at most once, so it ends on
/// the 8-puzzle's 9!/2 states; the path it returns can be very long.
#[test]
fn dfs_with_closed_and_no_limit_ends_but_goes_very_deep() {
    for case in case_boards() {
        let (found, taken) = report_dfs(&case.start, &GOAL, u32::MAX);
        let length = found.expect("a path: the goal is reachable");
        assert!(taken <= 181_440);
        assert!(length > 1_000, "{length} moves");
        assert!(length < 181_440);
    }
}

/// The claim on a depth limit: the report's DFS, replayed, gives its own table's answer and CLOSED on its case 3 at
/// a limit of 20, and finds nothing at 16 to 19 although the shortest path takes 16 moves; the engine's DFS, which
/// searches a state again when it reaches it in fewer moves, finds a path at each of those limits.
#[test]
fn the_reports_dfs_misses_a_path_within_its_limit_and_the_engines_does_not() {
    let case = CASES[2];
    let shortest = case.moves.len() as u32;
    assert_eq!(
        report_dfs(&case.start, &GOAL, 20),
        (Some(shortest), case.dfs.closed)
    );
    assert_eq!(first_found_limit(&case.start, &GOAL, shortest), Some(20));
    for limit in shortest..20 {
        assert_eq!(
            report_dfs(&case.start, &GOAL, limit).0,
            None,
            "limit {limit}"
        );
        let engine = run(&dfs(&case.start, &GOAL, limit));
        assert_eq!(engine.status, Status::Solved, "limit {limit}");
        assert!(engine.length <= u64::from(limit));
    }
    // Its two small cases at a limit of 5 give its table's CLOSED too.
    for case in &CASES[..2] {
        let found = report_dfs(&case.start, &GOAL, 5);
        assert_eq!(found, (Some(case.moves.len() as u32), case.dfs.closed));
    }
}

/// The claim on the third heuristic, on the claims' board: misplaced 8, 24 pairs out of the goal's order, so
/// 8 + 3 × 24 = 80 against a true distance of 27.
#[test]
fn the_third_heuristic_overestimates_on_the_claims_board() {
    let (start, goal) = (super::claims::ARTICLE_START, super::claims::ROW_GOAL);
    let truth = distances(&goal)[&start];
    assert_eq!(truth, 27);
    assert_eq!(
        (misplaced(&start, &goal), relative_inversions(&start, &goal)),
        (8, 24)
    );
    assert!(third_heuristic(&start, &goal) > truth);
}

/// The claim on ties: with an admissible h, A* returns a shortest path whatever its tie rule; the engine's A*
/// with misplaced tiles does on sampled boards.
#[test]
fn a_star_with_misplaced_tiles_returns_a_shortest_path() {
    let from_goal = distances(&GOAL);
    for b in sample(&from_goal, 60) {
        let report = run(&eight(
            &b,
            &GOAL,
            Algorithm::Astar,
            HeuristicName::Misplaced,
        ));
        assert_eq!(report.length, u64::from(from_goal[&b]), "{b:?}");
    }
}

/// The claim on reachability: the boards that reach the report's goal are exactly half of the 9! layouts, those
/// whose row-major inversions are odd like the goal's 7, so "even means solvable" is wrong for every one of them;
/// the engine's check agrees, and the report's three cases are among them.
#[test]
fn the_boards_that_reach_the_reports_goal_are_those_of_its_parity() {
    let from_goal = distances(&GOAL);
    assert_eq!(from_goal.len(), 181_440);
    assert!(from_goal.keys().all(|b| inversions(b) % 2 == 1));
    for b in sample(&from_goal, 50) {
        assert!(bfs(&b, &GOAL).solvability().is_ok());
        let mut swapped = b;
        let (i, j) = if b[0] != 0 && b[1] != 0 {
            (0, 1)
        } else {
            (7, 8)
        };
        swapped.swap(i, j);
        assert!(!from_goal.contains_key(&swapped));
        assert!(bfs(&swapped, &GOAL).solvability().is_err());
    }
    for case in CASES {
        assert!(from_goal.contains_key(&case.start));
    }
}
