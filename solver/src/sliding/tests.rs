//! Exhaustive checks over whole small state spaces against truth computed here, independently of
//! the module: a plain BFS over `Vec<u8>` boards, naive Lehmer codes, brute-force line conflicts.

use super::*;
use crate::rules::HeuristicName;
use crate::{Heuristic, Puzzle};
use std::collections::{HashMap, HashSet, VecDeque};

/// The boards one blank move away, by plain index arithmetic on a row-major list.
fn neighbours(w: usize, h: usize, tiles: &[u8]) -> Vec<Vec<u8>> {
    let b = tiles
        .iter()
        .position(|&t| t == 0)
        .expect("a board has a blank");
    let (r, c) = (b / w, b % w);
    let mut out = Vec::new();
    let mut push = |to: usize| {
        let mut next = tiles.to_vec();
        next.swap(b, to);
        out.push(next);
    };
    if r > 0 {
        push(b - w);
    }
    if r + 1 < h {
        push(b + w);
    }
    if c > 0 {
        push(b - 1);
    }
    if c + 1 < w {
        push(b + 1);
    }
    out
}

/// Exact distances to `goal` of every board that can reach it.
pub(crate) fn distances(w: usize, h: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    dist.insert(goal.to_vec(), 0);
    let mut queue = VecDeque::from([goal.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        for next in neighbours(w, h, &board) {
            if !dist.contains_key(&next) {
                dist.insert(next.clone(), d + 1);
                queue.push_back(next);
            }
        }
    }
    dist
}

/// Every arrangement of 0..n.
pub(crate) fn permutations(n: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    let mut current: Vec<u8> = (0..n as u8).collect();
    fn heap(k: usize, a: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if k <= 1 {
            out.push(a.clone());
            return;
        }
        for i in 0..k {
            heap(k - 1, a, out);
            if k.is_multiple_of(2) {
                a.swap(i, k - 1);
            } else {
                a.swap(0, k - 1);
            }
        }
    }
    heap(n, &mut current, &mut out);
    out
}

fn factorial(n: usize) -> u64 {
    (1..=n as u64).product()
}

/// The rank by its definition: the Lehmer code of the tiles' cells, digit t counting the larger tiles in
/// cells before tile t's.
fn naive_rank(tiles: &[u8]) -> u64 {
    let n = tiles.len();
    let mut cell_of = vec![0; n];
    for (c, &t) in tiles.iter().enumerate() {
        cell_of[usize::from(t)] = c;
    }
    (0..n)
        .map(|t| {
            (t + 1..n).filter(|&u| cell_of[u] < cell_of[t]).count() as u64 * factorial(n - 1 - t)
        })
        .sum()
}

/// A goal shuffled from the default by `seed` (any arrangement is a legal goal).
fn random_goal(shape: Shape, seed: u64) -> Vec<u8> {
    let mut rng = SplitMix64::new(seed);
    let mut goal = shape.default_goal();
    for i in (1..goal.len()).rev() {
        goal.swap(i, rng.below(i as u64 + 1) as usize);
    }
    goal
}

fn shape(w: u8, h: u8) -> Shape {
    Shape {
        width: w,
        height: h,
    }
}

/// Goals to test a shape with: default, blank first, and a random one.
fn goals(s: Shape, seed: u64) -> Vec<Vec<u8>> {
    let mut blank_first = s.default_goal();
    blank_first.rotate_right(1);
    vec![s.default_goal(), blank_first, random_goal(s, seed)]
}

/// Goals with the blank in each cell, each also with its first two tiles swapped (the other class).
fn blank_everywhere(s: Shape) -> Vec<Vec<u8>> {
    let n = s.cells();
    let mut out = Vec::new();
    for blank in 0..n {
        let mut goal: Vec<u8> = (1..n as u8).collect();
        goal.insert(blank, 0);
        let mut other = goal.clone();
        let tiles: Vec<usize> = (0..n).filter(|&c| goal[c] != 0).take(2).collect();
        other.swap(tiles[0], tiles[1]);
        out.push(goal);
        out.push(other);
    }
    out
}

#[test]
fn solvability_agrees_with_exhaustive_reachability() {
    // 2x2 with every goal; 2x3 and 3x2 with the blank in every cell, in both parity classes;
    // the larger ones with a few.
    let cases: Vec<(Shape, Vec<Vec<u8>>)> = vec![
        (shape(2, 2), permutations(4)),
        (shape(2, 3), blank_everywhere(shape(2, 3))),
        (shape(3, 2), blank_everywhere(shape(3, 2))),
        (shape(2, 4), goals(shape(2, 4), 11)),
        (shape(4, 2), goals(shape(4, 2), 12)),
        (shape(3, 3), goals(shape(3, 3), 13)),
    ];
    for (s, goal_list) in cases {
        let (w, h, n) = (usize::from(s.width), usize::from(s.height), s.cells());
        let all = permutations(n);
        for goal in &goal_list {
            let reachable: HashSet<Vec<u8>> = distances(w, h, goal).into_keys().collect();
            assert_eq!(
                reachable.len() as u64,
                factorial(n) / 2,
                "{s} goal {goal:?}"
            );
            for start in &all {
                let verdict = check_solvable(s, start, goal);
                assert_eq!(
                    verdict.is_ok(),
                    reachable.contains(start),
                    "{s} {start:?} -> {goal:?}"
                );
                if let Err(why) = verdict {
                    // The reason states two disagreeing parities.
                    assert_ne!(why.odd_permutation, why.blank_distance % 2 == 1);
                }
            }
        }
    }
}

#[test]
fn the_puzzle_level_check_agrees_with_the_free_function() {
    let s = shape(3, 3);
    for goal in goals(s, 21) {
        for seed in 0..200 {
            let start = random_goal(s, 1000 + seed);
            let p = SmallPuzzle::new(s, &start, &goal).unwrap();
            assert_eq!(p.check_solvable(), check_solvable(s, &start, &goal));
            let q = LargePuzzle::new(s, &start, &goal).unwrap();
            assert_eq!(q.check_solvable(), check_solvable(s, &start, &goal));
        }
    }
}

/// Linear conflict by brute force: per line, the largest subset of in-line tiles already in goal
/// order, found by trying every subset.
fn naive_conflict(s: Shape, tiles: &[u8], goal: &[u8]) -> u32 {
    let (w, h) = (usize::from(s.width), usize::from(s.height));
    let goal_cell = |t: u8| goal.iter().position(|&g| g == t).unwrap();
    let mut extra = 0;
    let mut line = |cells: Vec<usize>,
                    same_line: &dyn Fn(usize, usize) -> bool,
                    key: &dyn Fn(usize) -> usize| {
        let members: Vec<usize> = cells
            .iter()
            .filter(|&&c| tiles[c] != 0 && same_line(c, goal_cell(tiles[c])))
            .map(|&c| key(goal_cell(tiles[c])))
            .collect();
        let k = members.len();
        let best = (0u32..1 << k)
            .filter(|mask| {
                let chosen: Vec<usize> = (0..k)
                    .filter(|i| mask & (1 << i) != 0)
                    .map(|i| members[i])
                    .collect();
                chosen.windows(2).all(|p| p[0] < p[1])
            })
            .map(|mask| mask.count_ones())
            .max()
            .unwrap_or(0);
        extra += 2 * (k as u32 - best);
    };
    for r in 0..h {
        line(
            (0..w).map(|c| r * w + c).collect(),
            &|a, b| a / w == b / w,
            &|g| g % w,
        );
    }
    for c in 0..w {
        line(
            (0..h).map(|r| r * w + c).collect(),
            &|a, b| a % w == b % w,
            &|g| g / w,
        );
    }
    extra
}

fn naive_manhattan(s: Shape, tiles: &[u8], goal: &[u8]) -> u32 {
    let w = usize::from(s.width);
    tiles
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .map(|(c, &t)| {
            let g = goal.iter().position(|&x| x == t).unwrap();
            ((c / w).abs_diff(g / w) + (c % w).abs_diff(g % w)) as u32
        })
        .sum()
}

fn naive_misplaced(tiles: &[u8], goal: &[u8]) -> u32 {
    tiles
        .iter()
        .zip(goal)
        .filter(|(&t, &g)| t != 0 && t != g)
        .count() as u32
}

/// Checks all three heuristics on every board that reaches `goal`, for storage `C`.
fn check_heuristics<C: Cells>(s: Shape, goal: &[u8]) -> (usize, usize) {
    let (w, h) = (usize::from(s.width), usize::from(s.height));
    let dist = distances(w, h, goal);
    let p = SlidingPuzzle::<C>::new(s, goal, goal).unwrap();
    let mis = SlidingHeuristic::new(&p, HeuristicName::Misplaced).unwrap();
    let man = SlidingHeuristic::new(&p, HeuristicName::Manhattan).unwrap();
    let lc = SlidingHeuristic::new(&p, HeuristicName::LinearConflict).unwrap();
    let (mut lc_above_manhattan, mut exact) = (0, 0);
    for (tiles, &d) in &dist {
        let b = p.board(tiles).unwrap();
        let (hm, hd, hl) = (mis.estimate(&b), man.estimate(&b), lc.estimate(&b));
        assert_eq!(hm, naive_misplaced(tiles, goal), "{s} {tiles:?}");
        assert_eq!(hd, naive_manhattan(s, tiles, goal), "{s} {tiles:?}");
        assert_eq!(hl, hd + naive_conflict(s, tiles, goal), "{s} {tiles:?}");
        assert!(hm <= hd && hd <= hl, "{s} {tiles:?}: {hm} {hd} {hl}");
        assert!(
            hl <= d,
            "{s} {tiles:?} -> {goal:?}: linear conflict {hl} > distance {d}"
        );
        lc_above_manhattan += usize::from(hl > hd);
        exact += usize::from(hl == d);
        check_estimates_after(&p, &b, &[&mis, &man, &lc]);
    }
    (lc_above_manhattan, exact)
}

/// Each heuristic's update for one move agrees with a fresh estimate of every successor of `board`.
fn check_estimates_after<C: Cells>(
    p: &SlidingPuzzle<C>,
    board: &Board<C>,
    heuristics: &[&SlidingHeuristic<C>],
) {
    for h in heuristics {
        let here = h.estimate(board);
        p.for_each_successor(board, |dir, next| {
            assert_eq!(
                h.estimate_after(board, here, &next),
                h.estimate(&next),
                "{} {:?} blank {dir:?}",
                Heuristic::<SlidingPuzzle<C>>::name(*h),
                p.tiles(board)
            );
        });
    }
}

#[test]
fn heuristics_are_admissible_over_whole_spaces() {
    for (s, seed) in [
        (shape(2, 2), 1),
        (shape(2, 3), 2),
        (shape(3, 2), 3),
        (shape(2, 4), 4),
        (shape(4, 2), 5),
    ] {
        for goal in goals(s, seed) {
            let (above, exact) = check_heuristics::<Nibbles>(s, &goal);
            // The test must be able to fail: the bound is sometimes exact, and conflicts do occur
            // (except on 2x2, whose 12 boards per goal are one cycle without any).
            assert!(exact > 0, "{s} {goal:?}");
            assert!(above > 0 || s.cells() == 4, "{s} {goal:?}");
            check_heuristics::<Bytes>(s, &goal);
        }
    }
}

#[test]
fn heuristics_are_admissible_over_the_whole_3x3_space() {
    let s = shape(3, 3);
    for goal in goals(s, 6) {
        let (above, _) = check_heuristics::<Nibbles>(s, &goal);
        assert!(
            above > 10_000,
            "{goal:?}: only {above} boards with a linear conflict"
        );
    }
}

#[test]
fn ranks_are_perfect_on_every_arrangement() {
    for s in [
        shape(2, 2),
        shape(2, 3),
        shape(3, 2),
        shape(2, 4),
        shape(3, 3),
    ] {
        let n = s.cells();
        let p = SmallPuzzle::with_default_goal(s, &s.default_goal()).unwrap();
        let q = LargePuzzle::with_default_goal(s, &s.default_goal()).unwrap();
        let count = p.rank_count().unwrap();
        assert_eq!(count, factorial(n));
        let mut hit = vec![false; count as usize];
        for tiles in permutations(n) {
            let r = p.rank(&p.board(&tiles).unwrap());
            assert_eq!(r, naive_rank(&tiles), "{tiles:?}");
            assert_eq!(q.rank(&q.board(&tiles).unwrap()), r);
            assert!(!hit[r as usize], "{s}: rank {r} twice");
            hit[r as usize] = true;
        }
        assert!(hit.iter().all(|&x| x));
    }
}

/// Checks the ranks `for_each_ranked_successor_except` gives against the naive Lehmer code of every successor of
/// `tiles`, and its successors against `for_each_successor`'s.
fn check_successor_ranks<C: Cells>(p: &SlidingPuzzle<C>, tiles: &[u8]) {
    let board = p.board(tiles).unwrap();
    let rank = naive_rank(tiles);
    let mut ranked = Vec::new();
    p.for_each_ranked_successor_except(&board, rank, None, |dir, next, next_rank| {
        let expected = naive_rank(&p.tiles(&next));
        assert_eq!(next_rank, expected, "{tiles:?} blank {dir:?}");
        ranked.push((dir, next));
    });
    let mut plain = Vec::new();
    p.for_each_successor(&board, |dir, next| plain.push((dir, next)));
    assert_eq!(ranked, plain, "{tiles:?}");
}

#[test]
fn successor_ranks_match_fresh_ranks() {
    // Every arrangement of the small shapes, in both cell layouts (the nibble one has its own SWAR code).
    for s in [shape(2, 2), shape(2, 3), shape(3, 2), shape(3, 3)] {
        let p = SmallPuzzle::with_default_goal(s, &s.default_goal()).unwrap();
        let q = LargePuzzle::with_default_goal(s, &s.default_goal()).unwrap();
        for tiles in permutations(s.cells()) {
            check_successor_ranks(&p, &tiles);
            check_successor_ranks(&q, &tiles);
        }
    }
    // Random arrangements up to the 20 cells that still have a rank, blank on every cell.
    for s in [
        shape(4, 4),
        shape(2, 8),
        shape(8, 2),
        shape(3, 5),
        shape(4, 5),
        shape(5, 4),
    ] {
        let q = LargePuzzle::with_default_goal(s, &s.default_goal()).unwrap();
        let small = (s.cells() <= 16)
            .then(|| SmallPuzzle::with_default_goal(s, &s.default_goal()).unwrap());
        for seed in 0..200 {
            let mut tiles = random_goal(s, seed);
            let b = tiles.iter().position(|&t| t == 0).unwrap();
            tiles.swap(b, seed as usize % s.cells());
            check_successor_ranks(&q, &tiles);
            if let Some(p) = &small {
                check_successor_ranks(p, &tiles);
            }
        }
    }
}

/// `RANK_CLASS_SHIFT`: the ranks of the boards one board reaches, shifted, fill the places below the shifted count
/// once each (BFS's marks rely on it).
#[test]
fn ranks_of_one_class_are_a_bijection_shifted() {
    for (s, seed) in [
        (shape(2, 2), 1),
        (shape(2, 3), 2),
        (shape(3, 2), 3),
        (shape(2, 4), 4),
        (shape(3, 3), 5),
    ] {
        for goal in goals(s, seed) {
            let (w, h) = (usize::from(s.width), usize::from(s.height));
            let p = SmallPuzzle::new(s, &goal, &goal).unwrap();
            let q = LargePuzzle::new(s, &goal, &goal).unwrap();
            let count = p.rank_count().unwrap() >> SmallPuzzle::RANK_CLASS_SHIFT;
            let mut hit = vec![false; count as usize];
            let reachable = distances(w, h, &goal);
            assert_eq!(reachable.len() as u64, count);
            for tiles in reachable.keys() {
                let r = p.rank(&p.board(tiles).unwrap()) >> SmallPuzzle::RANK_CLASS_SHIFT;
                assert_eq!(
                    q.rank(&q.board(tiles).unwrap()) >> LargePuzzle::RANK_CLASS_SHIFT,
                    r
                );
                assert!(r < count, "{s}: class rank {r} >= {count}");
                assert!(!hit[r as usize], "{s} {goal:?}: class rank {r} twice");
                hit[r as usize] = true;
            }
        }
    }
}

#[test]
fn ranks_of_big_boards_match_the_definition() {
    for s in [shape(4, 4), shape(4, 5), shape(2, 8)] {
        let goal = s.default_goal();
        let p = LargePuzzle::new(s, &goal, &goal).unwrap();
        let mut seen = HashSet::new();
        for seed in 0..500 {
            let tiles = random_goal(s, seed);
            let b = p.board(&tiles).unwrap();
            assert_eq!(p.rank(&b), naive_rank(&tiles));
            assert!(p.rank(&b) < p.rank_count().unwrap());
            assert!(seen.insert(p.rank(&b)));
            if SmallPuzzle::fits(s) {
                let q = SmallPuzzle::new(s, &goal, &goal).unwrap();
                assert_eq!(q.rank(&q.board(&tiles).unwrap()), p.rank(&b));
            }
        }
    }
}

#[test]
fn successors_are_exactly_the_one_move_neighbours() {
    for s in [shape(3, 3), shape(2, 4), shape(4, 2)] {
        let (w, h) = (usize::from(s.width), usize::from(s.height));
        let goal = s.default_goal();
        let p = SmallPuzzle::new(s, &goal, &goal).unwrap();
        let q = LargePuzzle::new(s, &goal, &goal).unwrap();
        for tiles in distances(w, h, &goal).keys() {
            let mut expected = neighbours(w, h, tiles);
            expected.sort();
            for (mut got, letters) in [successor_tiles(&p, tiles), successor_tiles(&q, tiles)] {
                // The letters follow the fixed order U, L, R, D, and each one replays to its board.
                assert!(letters.windows(2).all(|pair| pair[0] < pair[1]));
                for (dir, next) in letters.iter().zip(&got) {
                    let mut replay = tiles.clone();
                    apply_move(s, &mut replay, *dir).unwrap();
                    assert_eq!(&replay, next);
                }
                got.sort();
                assert_eq!(got, expected, "{s} {tiles:?}");
            }
        }
    }
}

fn successor_tiles<C: Cells>(p: &SlidingPuzzle<C>, tiles: &[u8]) -> (Vec<Vec<u8>>, Vec<Dir>) {
    let b = p.board(tiles).unwrap();
    let (mut boards, mut dirs) = (Vec::new(), Vec::new());
    p.for_each_successor(&b, |dir, next| {
        assert_eq!(next.tile_at(next.blank()), 0);
        boards.push(p.tiles(&next));
        dirs.push(dir);
    });
    (boards, dirs)
}

/// Leaving a move out (BFS leaves out the move back) gives the other successors, in the same order, from every
/// cell of every shape's boards.
#[test]
fn successors_but_one_are_the_others_in_order() {
    for s in [
        shape(2, 2),
        shape(3, 3),
        shape(2, 4),
        shape(4, 2),
        shape(5, 3),
    ] {
        let goal = s.default_goal();
        let p = SmallPuzzle::new(s, &goal, &goal).unwrap();
        let mut tiles = goal.clone();
        for cell in 0..s.cells() {
            // The blank on `cell`: swap it there.
            let blank = tiles.iter().position(|&t| t == 0).unwrap();
            tiles.swap(blank, cell);
            let b = p.board(&tiles).unwrap();
            let mut all = Vec::new();
            p.for_each_successor(&b, |dir, next| all.push((dir, next)));
            for skip in [
                None,
                Some(Dir::Up),
                Some(Dir::Left),
                Some(Dir::Right),
                Some(Dir::Down),
            ] {
                let mut others = Vec::new();
                p.for_each_successor_except(&b, skip, |dir, next| others.push((dir, next)));
                let expected: Vec<_> = all
                    .iter()
                    .copied()
                    .filter(|&(dir, _)| Some(dir) != skip)
                    .collect();
                assert_eq!(
                    others, expected,
                    "{s} blank on {cell}, leaving out {skip:?}"
                );
            }
        }
    }
}

#[test]
fn big_boards_walk_and_estimate_like_plain_lists() {
    for (s, seed) in [
        (shape(4, 4), 1u64),
        (shape(5, 5), 2),
        (shape(8, 8), 3),
        (shape(3, 7), 4),
    ] {
        let goal = random_goal(s, seed);
        let start = shuffle_solvable(s, &goal, seed).unwrap();
        let p = LargePuzzle::new(s, &start, &goal).unwrap();
        assert!(p.check_solvable().is_ok());
        let lc = LinearConflict::new(&p);
        let mis = Misplaced::new(&p);
        let [mis_any, man_any, lc_any] =
            SlidingHeuristic::<Bytes>::NAMES.map(|name| SlidingHeuristic::new(&p, name).unwrap());
        let mut rng = SplitMix64::new(seed);
        let (mut board, mut tiles) = (p.start(), start.clone());
        for _ in 0..300 {
            let dir = Dir::ALL[rng.below(4) as usize];
            match p.play(&board, dir) {
                Some(next) => {
                    apply_move(s, &mut tiles, dir).unwrap();
                    board = next;
                }
                None => assert!(apply_move(s, &mut tiles.clone(), dir).is_err()),
            }
            assert_eq!(p.tiles(&board), tiles);
            assert_eq!(
                Heuristic::<LargePuzzle>::estimate(&mis, &board),
                naive_misplaced(&tiles, &goal)
            );
            let expected = naive_manhattan(s, &tiles, &goal) + naive_conflict(s, &tiles, &goal);
            assert_eq!(
                Heuristic::<LargePuzzle>::estimate(&lc, &board),
                expected,
                "{s} {tiles:?}"
            );
            check_estimates_after(&p, &board, &[&mis_any, &man_any, &lc_any]);
        }
    }
}
