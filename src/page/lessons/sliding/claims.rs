//! The numbers and rules the lesson's sentences rest on, checked by exhaustive search over every 3x3 board that can
//! reach the usual goal (9!/2 of them), and by the engine's own runs: the 3x3 diameter behind the article's cut at
//! 32, consistency of Manhattan distance (every move changes it by exactly one) and of linear conflict, Euclidean
//! distance never above Manhattan distance nor the true distance, weighted A*'s bound for the weights offered,
//! and A* keeping states of equal f.

use super::common::{estimate, shape};
use super::consistency::{h_and_f, neighbours, path};
use super::greedy::f_values;
use super::heuristics::{euclidean, ARTICLE_BOARD};
use super::idastar::ARTICLE_CUT;
use super::weighted::{times, WEIGHTS};
use solver::sliding::{shuffle_solvable, Nibbles, SlidingHeuristic, SmallPuzzle};
use solver::{Control, Heuristic, HeuristicName, Limits, Report, Status};
use std::collections::{HashMap, VecDeque};

fn key(tiles: &[u8]) -> u64 {
    tiles.iter().fold(0, |k, &t| k << 4 | u64::from(t))
}

/// Every 3x3 board that can reach the usual goal, with its true distance to it (BFS from the goal; moves undo).
fn distances() -> Vec<(Vec<u8>, u32)> {
    let three = shape(3, 3);
    let goal = three.default_goal();
    let mut seen = HashMap::from([(key(&goal), 0u32)]);
    let mut queue = VecDeque::from([(goal, 0u32)]);
    let mut all = Vec::new();
    while let Some((tiles, d)) = queue.pop_front() {
        for next in neighbours(three, &tiles) {
            if let std::collections::hash_map::Entry::Vacant(e) = seen.entry(key(&next)) {
                e.insert(d + 1);
                queue.push_back((next, d + 1));
            }
        }
        all.push((tiles, d));
    }
    all
}

fn solve(start: &[u8], algo: &str, extra: &str) -> Report {
    let list = super::common::tile_list(start).replace(", ", ",");
    let text =
        format!("puzzle=sliding&size=3x3&start={list}&algo={algo}&heuristic=manhattan{extra}");
    let query = solver::query::parse(&text).unwrap();
    solver::run::solve(&query, &mut Control::new(Limits::default()))
}

#[test]
fn exhaustive_3x3_the_diameter_consistency_and_euclidean_distance() {
    let three = shape(3, 3);
    let goal = three.default_goal();
    let puzzle = SmallPuzzle::new(three, &goal, &goal).unwrap();
    let manhattan = SlidingHeuristic::new(&puzzle, HeuristicName::Manhattan).unwrap();
    let linear = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
    let h = |heuristic: &SlidingHeuristic<Nibbles>, tiles: &[u8]| {
        heuristic.estimate(&puzzle.board(tiles).unwrap())
    };
    let all = distances();
    // 9!/2 boards, the farthest 31 moves away: the article's cut at 32 never loses a 3x3 solution (IdaCut).
    assert_eq!(all.len(), 181_440);
    let diameter = all.iter().map(|&(_, d)| d).max().unwrap_or(0);
    assert_eq!(diameter, 31);
    assert!(u64::from(diameter) < ARTICLE_CUT);
    for (tiles, d) in &all {
        let (m, l) = (h(&manhattan, tiles), h(&linear, tiles));
        // ConsText: Manhattan distance changes by exactly one over every move; linear conflict drops by at most
        // one (consistent); both are 0 at the goal only if the board is the goal.
        for next in neighbours(three, tiles) {
            assert_eq!(m.abs_diff(h(&manhattan, &next)), 1, "{tiles:?} -> {next:?}");
            assert!(l <= 1 + h(&linear, &next), "{tiles:?} -> {next:?}");
        }
        // HeurEuclid: Euclidean distance is at most Manhattan distance, which is at most the true distance.
        let e = euclidean(three, tiles);
        assert!(e <= f64::from(m) + 1e-9 && m <= *d && l <= *d, "{tiles:?}");
    }
}

#[test]
fn weighted_astar_keeps_its_bound_for_every_weight_offered() {
    // WeightedText and WeightedBound: length <= w x shortest, on 40 seeded boards for each weight.
    let three = shape(3, 3);
    for seed in 0..40 {
        let start = shuffle_solvable(three, &three.default_goal(), seed).unwrap();
        let shortest = solve(&start, "astar", "").length;
        for &w in &WEIGHTS {
            let weight = format!("&weight={}", times(w, 1));
            let run = solve(&start, "weighted", &weight);
            assert_eq!(run.status, Status::Solved);
            assert!(
                run.length * 100 <= u64::from(w) * shortest,
                "{start:?} w {w}"
            );
        }
    }
    assert_eq!(times(150, 27), "40.5");
    assert_eq!(times(125, 27), "33.75");
    assert_eq!(times(200, 27), "54");
}

#[test]
fn on_the_articles_board_h_rises_along_the_shortest_path_f_never_falls_and_ties_are_kept() {
    // ConsPath and GreedyTies on the board each section shows first.
    let three = shape(3, 3);
    let astar = solve(&ARTICLE_BOARD, "astar", "");
    let boards = path(three, &ARTICLE_BOARD, &astar).unwrap();
    assert_eq!(boards.len() as u64, astar.length + 1);
    assert_eq!(boards.last(), Some(&three.default_goal()));
    let (h, f) = h_and_f(three, &boards).unwrap();
    assert!(h.windows(2).any(|w| w[1] > w[0]), "h never rose: {h:?}");
    assert!(f.windows(2).all(|w| w[1] >= w[0]), "f fell: {f:?}");
    // A* with a consistent h never re-opens: expanded equals CLOSED (ConsReopen).
    assert_eq!(astar.stats.expanded, astar.stats.closed);
    // Equal f: more states expanded than f has values, so states of equal f were kept.
    let h0 = estimate(three, &ARTICLE_BOARD, HeuristicName::Manhattan).unwrap();
    assert!(astar.stats.expanded > f_values(h0, astar.length));
    // Greedy best-first is not optimal here: longer than A*.
    let greedy = solve(&ARTICLE_BOARD, "greedy", "");
    assert_eq!(greedy.status, Status::Solved);
    assert!(greedy.length >= astar.length);
}
