//! Pattern databases and the tuned IDA*, checked against exhaustive searches written here:
//! admissibility and consistency over the whole 3x3 space, exactness of a one-group table,
//! group tables against a plain BFS over abstract states, lower bounds near the 15-puzzle goal,
//! and the easiest of Korf's 100 instances solved to the lengths in the data file.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, OnceLock};

use solver::check::check_sliding;
use solver::pdb::{solve_idastar, solve_manhattan, Geometry, Partition, Pdb, PdbTables};
use solver::search::{Control, Flow, Limits, Status};
use solver::sliding::moves_to_string;

/// A small seeded generator (SplitMix64), so the tests are reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The cells next to `cell` on a `w` x `h` board.
fn neighbours(w: usize, h: usize, cell: usize) -> Vec<usize> {
    let (r, c) = (cell / w, cell % w);
    let mut out = Vec::new();
    if r > 0 {
        out.push(cell - w);
    }
    if r + 1 < h {
        out.push(cell + w);
    }
    if c > 0 {
        out.push(cell - 1);
    }
    if c + 1 < w {
        out.push(cell + 1);
    }
    out
}

/// Every board reachable from `goal`, with its exact distance: a plain BFS over `Vec<u8>` boards.
fn exact_distances(w: usize, h: usize, goal: &[u8]) -> HashMap<Vec<u8>, u32> {
    let mut dist = HashMap::new();
    let mut queue = VecDeque::new();
    dist.insert(goal.to_vec(), 0);
    queue.push_back(goal.to_vec());
    while let Some(board) = queue.pop_front() {
        let d = dist[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for next in neighbours(w, h, blank) {
            let mut child = board.clone();
            child.swap(blank, next);
            if !dist.contains_key(&child) {
                dist.insert(child.clone(), d + 1);
                queue.push_back(child);
            }
        }
    }
    dist
}

/// A random walk of `moves` blank moves from `goal` (never straight back).
fn scramble(w: usize, h: usize, goal: &[u8], moves: usize, rng: &mut Rng) -> Vec<u8> {
    let mut board = goal.to_vec();
    let mut blank = board.iter().position(|&t| t == 0).unwrap();
    let mut previous = usize::MAX;
    for _ in 0..moves {
        let options: Vec<usize> = neighbours(w, h, blank)
            .into_iter()
            .filter(|&c| c != previous)
            .collect();
        let next = options[rng.below(options.len())];
        board.swap(blank, next);
        previous = blank;
        blank = next;
    }
    board
}

/// A plain IDA* with Manhattan distance, written independently here, for optimal distances.
struct ManhattanIda {
    w: usize,
    h: usize,
    /// `home[tile]`: the tile's goal cell.
    home: Vec<usize>,
    board: Vec<u8>,
    bound: u32,
    next_bound: u32,
}

impl ManhattanIda {
    fn distance(&self, tile: u8, cell: usize) -> u32 {
        let g = self.home[tile as usize];
        ((g / self.w).abs_diff(cell / self.w) + (g % self.w).abs_diff(cell % self.w)) as u32
    }

    fn dfs(&mut self, blank: usize, prev: usize, g: u32, hv: u32) -> bool {
        if hv == 0 {
            return true;
        }
        for to in neighbours(self.w, self.h, blank) {
            if to == prev {
                continue;
            }
            let t = self.board[to];
            let hc = hv + self.distance(t, blank) - self.distance(t, to);
            if g + 1 + hc > self.bound {
                self.next_bound = self.next_bound.min(g + 1 + hc);
                continue;
            }
            self.board.swap(blank, to);
            let found = self.dfs(to, blank, g + 1, hc);
            self.board.swap(blank, to);
            if found {
                return true;
            }
        }
        false
    }
}

/// The optimal distance from `start` to `goal`.
fn manhattan_optimal(w: usize, h: usize, start: &[u8], goal: &[u8]) -> u32 {
    let mut home = vec![0usize; w * h];
    for (cell, &t) in goal.iter().enumerate() {
        home[t as usize] = cell;
    }
    let mut ida = ManhattanIda {
        w,
        h,
        home,
        board: start.to_vec(),
        bound: 0,
        next_bound: 0,
    };
    let h0: u32 = start
        .iter()
        .enumerate()
        .filter(|(_, &t)| t != 0)
        .map(|(c, &t)| ida.distance(t, c))
        .sum();
    let blank = start.iter().position(|&t| t == 0).unwrap();
    ida.bound = h0;
    loop {
        ida.next_bound = u32::MAX;
        if ida.dfs(blank, usize::MAX, 0, h0) {
            return ida.bound;
        }
        ida.bound = ida.next_bound;
    }
}

fn geometry(w: u8, h: u8) -> Geometry {
    Geometry::new(w, h).unwrap()
}

fn control() -> Control<'static> {
    Control::new(Limits::default())
}

/// Solves with the PDB and checks the answer: solved, optimal flag, replayed by the crate's
/// independent checker; returns the length.
fn solve_checked(pdb: &Pdb, start: &[u8]) -> u64 {
    let g = pdb.geometry();
    let outcome = solve_idastar(pdb, start, &mut control());
    assert_eq!(
        outcome.status,
        Status::Solved,
        "{start:?}: {}",
        outcome.message()
    );
    assert!(outcome.optimal);
    assert_eq!(outcome.heuristic, Some("pdb"));
    assert_eq!(outcome.length, outcome.moves.len() as u64);
    check_sliding(
        g.width(),
        g.height(),
        start,
        pdb.goal(),
        &moves_to_string(&outcome.moves),
    )
    .unwrap_or_else(|e| panic!("{start:?}: {e}"));
    outcome.length
}

/// The two default 4x4 databases (goal 1..15,0 and goal 0..15), built once for all tests.
fn fifteen(blank_first: bool) -> &'static Pdb {
    static LAST: OnceLock<Pdb> = OnceLock::new();
    static FIRST: OnceLock<Pdb> = OnceLock::new();
    let (cell, goal): (&OnceLock<Pdb>, Vec<u8>) = if blank_first {
        (&FIRST, (0..16).collect())
    } else {
        (&LAST, (1..16).chain([0]).collect())
    };
    cell.get_or_init(|| Pdb::build(&Geometry::fifteen(), &goal, |_| {}).unwrap())
}

#[test]
fn three_by_three_databases_are_admissible_and_nearly_consistent_everywhere() {
    let g = geometry(3, 3);
    let mut rng = Rng(7);
    // Blank goal in a corner (one reflection), in the centre (two), on an edge (none), with
    // shuffled tiles.
    for (blank, views) in [(8usize, 2usize), (4, 3), (1, 1), (0, 2)] {
        let mut goal: Vec<u8> = (1..9).collect();
        for i in (1..goal.len()).rev() {
            goal.swap(i, rng.below(i + 1));
        }
        goal.insert(blank, 0);
        let pdb = Pdb::build(&g, &goal, |_| {}).unwrap();
        assert_eq!(pdb.view_count(), views, "goal {goal:?}");
        assert_eq!(pdb.estimate(&goal), 0);
        let dist = exact_distances(3, 3, &goal);
        assert_eq!(dist.len(), 181_440);
        let mut sum_h = 0u64;
        let mut sum_d = 0u64;
        let (mut moves, mut jumps) = (0u64, 0u64);
        for (board, &d) in &dist {
            let h = pdb.estimate(board);
            assert!(
                h <= d,
                "goal {goal:?}, board {board:?}: h {h} > distance {d}"
            );
            sum_h += h as u64;
            sum_d += d as u64;
            // Consistency would be: one move changes h by at most one. The minimum over the blank's
            // position breaks it now and then; count how often.
            let blank_cell = board.iter().position(|&t| t == 0).unwrap();
            for next in neighbours(3, 3, blank_cell) {
                let mut child = board.clone();
                child.swap(blank_cell, next);
                moves += 1;
                jumps += u64::from(pdb.estimate(&child).abs_diff(h) > 1);
            }
        }
        println!("goal {goal:?}: {jumps} of {moves} moves change h by more than one");
        assert!(
            jumps * 10 < moves,
            "{jumps} of {moves} moves change h by more than one"
        );
        // Informative, not just admissible: well above half the true distance on average.
        assert!(
            sum_h * 2 > sum_d,
            "mean h {} vs mean distance {}",
            sum_h,
            sum_d
        );
    }
}

#[test]
fn a_table_of_every_tile_is_the_exact_distance() {
    let g = geometry(3, 3);
    let goal = [1, 2, 3, 4, 5, 6, 7, 8, 0];
    let partition = Partition::new(&g, 8, vec![(0..8).collect()]).unwrap();
    let pdb = Pdb::new(Arc::new(PdbTables::build(&g, &partition, |_| {})), &goal).unwrap();
    for (board, &d) in &exact_distances(3, 3, &goal) {
        assert_eq!(pdb.estimate(board), d, "{board:?}");
    }
}

/// Every placement's table value against a 0-1 BFS over (tile cells, exact blank cell), where
/// moving the blank onto a cell with no group tile costs 0 and onto a group tile costs 1.
#[test]
fn group_tables_match_a_plain_search_over_tile_cells_and_blank() {
    for (w, h, blank, group) in [
        (3u8, 3u8, 8u8, vec![0u8, 4, 5]),
        (3, 3, 0, vec![1, 2, 3, 6]),
        (4, 3, 11, vec![0, 5, 6, 10]),
    ] {
        let g = geometry(w, h);
        let n = g.cells();
        let partition = Partition::new(&g, blank, vec![group.clone()]).unwrap();
        let tables = PdbTables::build(&g, &partition, |_| {});
        let table = &tables.groups()[0];
        let k = group.len();
        // State: (cells of the group tiles in order, blank cell).
        let mut dist: HashMap<(Vec<u8>, u8), u32> = HashMap::new();
        let mut deque = VecDeque::new();
        dist.insert((group.clone(), blank), 0);
        deque.push_back((group.clone(), blank));
        while let Some((cells, b)) = deque.pop_front() {
            let d = dist[&(cells.clone(), b)];
            for next in neighbours(w as usize, h as usize, b as usize) {
                let mut moved = cells.clone();
                let cost = match cells.iter().position(|&c| c as usize == next) {
                    Some(i) => {
                        moved[i] = b;
                        1
                    }
                    None => 0,
                };
                let key = (moved, next as u8);
                if dist.get(&key).is_none_or(|&old| old > d + cost) {
                    dist.insert(key.clone(), d + cost);
                    if cost == 0 {
                        deque.push_front(key);
                    } else {
                        deque.push_back(key);
                    }
                }
            }
        }
        let mut best: HashMap<Vec<u8>, u32> = HashMap::new();
        for ((cells, _), d) in dist {
            let e = best.entry(cells).or_insert(d);
            *e = (*e).min(d);
        }
        assert_eq!(
            best.len(),
            table.values().len(),
            "{w}x{h} group {group:?}: every placement is reachable"
        );
        for (cells, d) in best {
            let r = solver::pdb::rank::rank(n, &cells);
            assert_eq!(
                table.values()[r] as u32,
                d,
                "{w}x{h} group {group:?} placement {cells:?}"
            );
            assert_eq!(cells.len(), k);
        }
    }
}

#[test]
fn idastar_finds_exact_lengths_on_small_boards() {
    let mut rng = Rng(11);
    for (w, h) in [(3u8, 3u8), (2, 3), (4, 2)] {
        let g = geometry(w, h);
        let n = g.cells();
        let mut goal: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            goal.swap(i, rng.below(i + 1));
        }
        let pdb = Pdb::build(&g, &goal, |_| {}).unwrap();
        let dist = exact_distances(w as usize, h as usize, &goal);
        let boards: Vec<(&Vec<u8>, &u32)> = dist.iter().collect();
        for _ in 0..60 {
            let (board, &d) = boards[rng.below(boards.len())];
            assert_eq!(
                solve_checked(&pdb, board),
                d as u64,
                "{w}x{h} {board:?} to {goal:?}"
            );
            let manhattan = solve_manhattan(&g, board, &goal, &mut control());
            assert_eq!(manhattan.length, d as u64);
            assert_eq!(manhattan.heuristic, Some("manhattan"));
        }
        // The hardest position too.
        let (far, &d) = dist.iter().max_by_key(|(b, &d)| (d, (*b).clone())).unwrap();
        assert_eq!(solve_checked(&pdb, far), d as u64);
    }
}

#[test]
fn fifteen_puzzle_databases_are_lower_bounds_near_the_goal() {
    let mut rng = Rng(2024);
    for blank_first in [false, true] {
        let pdb = fifteen(blank_first);
        let goal = pdb.goal().to_vec();
        assert_eq!(
            pdb.view_count(),
            2,
            "the blank's goal cell is on the diagonal: one reflection"
        );
        assert_eq!(pdb.estimate(&goal), 0);
        let (mut steps, mut jumps) = (0u64, 0u64);
        for i in 0..120 {
            let moves = 1 + i % 20;
            let start = scramble(4, 4, &goal, moves, &mut rng);
            let optimal = manhattan_optimal(4, 4, &start, &goal);
            let h = pdb.estimate(&start);
            assert!(h <= optimal, "{start:?}: pdb {h} > optimal {optimal}");
            assert!(optimal as usize <= moves);
            assert_eq!(solve_checked(pdb, &start), optimal as u64, "{start:?}");
        }
        // How often one move changes h by more than one, along long random walks.
        let mut board = goal.clone();
        let mut h = 0;
        for _ in 0..200_000 {
            let next = scramble(4, 4, &board, 1, &mut rng);
            let hn = pdb.estimate(&next);
            steps += 1;
            jumps += u64::from(hn.abs_diff(h) > 1);
            (board, h) = (next, hn);
        }
        println!("4x4 goal {goal:?}: {jumps} of {steps} moves change h by more than one");
        assert!(
            jumps * 25 < steps,
            "{jumps} of {steps} moves change h by more than one"
        );
    }
}

#[test]
fn the_generic_heuristic_interface_gives_the_same_values() {
    use solver::sliding::{Shape, SmallPuzzle};
    use solver::{Heuristic, Puzzle};
    let shape = Shape {
        width: 3,
        height: 3,
    };
    let goal = vec![1, 2, 3, 4, 5, 6, 7, 8, 0];
    let start = vec![8, 6, 7, 2, 5, 4, 3, 0, 1];
    let puzzle = SmallPuzzle::new(shape, &start, &goal).unwrap();
    let pdb = Pdb::build_for(&puzzle, |_| {}).unwrap();
    assert_eq!(
        Heuristic::<SmallPuzzle>::estimate(&pdb, &puzzle.start()),
        pdb.estimate(&start)
    );
    assert_eq!(Heuristic::<SmallPuzzle>::estimate(&pdb, &puzzle.goal()), 0);
    assert!(Heuristic::<SmallPuzzle>::admissible(&pdb));
    assert_eq!(Heuristic::<SmallPuzzle>::name(&pdb), "pdb");
}

/// The instances of the data file: (id, optimal length, blank-first tiles, blank-last tiles).
fn korf_instances() -> Vec<(u32, u64, Vec<u8>, Vec<u8>)> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/data/korf100.tsv");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let tiles = |s: &str| {
        s.split(',')
            .map(|t| t.parse().unwrap())
            .collect::<Vec<u8>>()
    };
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f[0].parse().unwrap(),
                f[1].parse().unwrap(),
                tiles(f[2]),
                tiles(f[3]),
            )
        })
        .collect()
}

#[test]
fn the_easiest_korf_instances_solve_to_their_published_lengths() {
    let instances = korf_instances();
    assert_eq!(instances.len(), 100);
    // The five that this solver expands the fewest nodes on (9, 12, 1, 6, 7), both conventions.
    for id in [9, 12, 1, 6, 7] {
        let (_, optimal, first, last) = instances.iter().find(|i| i.0 == id).unwrap();
        assert_eq!(
            solve_checked(fifteen(true), first),
            *optimal,
            "instance {id}, goal 0..15"
        );
        assert_eq!(
            solve_checked(fifteen(false), last),
            *optimal,
            "instance {id}, goal 1..15,0"
        );
    }
}

#[test]
fn bad_input_unsolvable_input_and_the_controls_are_answered() {
    let pdb = fifteen(false);
    let goal = pdb.goal().to_vec();
    let mut swapped = goal.clone();
    swapped.swap(0, 1);
    let unsolvable = solve_idastar(pdb, &swapped, &mut control());
    assert_eq!(unsolvable.status, Status::Unsolvable);
    assert!(
        unsolvable.message().contains("cannot reach the goal"),
        "{}",
        unsolvable.message()
    );
    let invalid = solve_idastar(pdb, &[1, 2, 3], &mut control());
    assert_eq!(invalid.status, Status::Invalid);
    assert!(invalid.message().contains("start"), "{}", invalid.message());
    let solved = solve_idastar(pdb, &goal, &mut control());
    assert_eq!((solved.status, solved.length), (Status::Solved, 0));

    // Korf's instance 3 needs hundreds of thousands of expansions: a cancelling hook stops it.
    let (_, _, _, hard) = korf_instances().into_iter().find(|i| i.0 == 3).unwrap();
    let mut calls = 0;
    let mut cancel = Control::new(Limits::default()).with_progress(|stats| {
        calls += 1;
        assert!(stats.expanded > 0);
        Flow::Cancel
    });
    let cancelled = solve_idastar(pdb, &hard, &mut cancel);
    drop(cancel);
    assert_eq!(cancelled.status, Status::Cancelled);
    assert_eq!(calls, 1);
    assert!(cancelled.moves.is_empty());

    let mut limited = Control::new(Limits {
        time_limit_ms: Some(0),
        ..Limits::default()
    });
    let out = solve_idastar(pdb, &hard, &mut limited);
    assert_eq!(out.status, Status::Limit);
    assert!(out.message().contains("time limit"), "{}", out.message());

    let mut tiny = Control::new(Limits {
        max_states: 10,
        ..Limits::default()
    });
    let out = solve_idastar(pdb, &hard, &mut tiny);
    assert_eq!(out.status, Status::Limit);
    assert!(out.message().contains("state limit"), "{}", out.message());
}

#[test]
fn statistics_describe_the_search() {
    let pdb = fifteen(false);
    let (_, optimal, _, last) = korf_instances().into_iter().find(|i| i.0 == 12).unwrap();
    let out = solve_idastar(pdb, &last, &mut control());
    assert_eq!(out.length, optimal);
    let s = &out.stats;
    assert_eq!(s.by_depth.iter().sum::<u64>(), s.expanded);
    assert!(s.generated >= s.expanded);
    assert_eq!(
        s.max_open,
        optimal + 1,
        "the deepest path holds the start and every move"
    );
    assert!(s.peak_memory_bytes >= pdb.tables().memory_bytes() as u64);
    assert!(s.elapsed_ms >= 0.0);
}

#[test]
fn tables_survive_a_round_trip_through_bytes() {
    let tables = fifteen(false).tables();
    let bytes = tables.to_bytes();
    assert_eq!(&PdbTables::from_bytes(&bytes).unwrap(), tables.as_ref());
    let mut damaged = bytes;
    let middle = damaged.len() / 2;
    damaged[middle] ^= 4;
    let err = PdbTables::from_bytes(&damaged).unwrap_err();
    assert!(err.to_string().contains("corrupt"), "{err}");
}
