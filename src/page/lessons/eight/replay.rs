//! The report's own rules, replayed on the page where the engine has no counterpart: its DFS with one CLOSED list
//! for the whole search (its section 3.2.1), its third heuristic (misplaced tiles + 3 × inversions, its section
//! 4.3), and inversions. The lesson's claims quote what they compute; `checks.rs` holds them to exhaustive counts.

use std::collections::HashSet;

/// A board: the tiles row by row, the blank as 0.
pub type Board = [u8; 9];

/// The boards one move from `b`, the blank moving up, right, down, left: the report's order (its section 2.2).
pub fn neighbours(b: &Board) -> Vec<Board> {
    let Some(blank) = b.iter().position(|&t| t == 0) else {
        return Vec::new();
    };
    let (row, col) = (blank / 3, blank % 3);
    let mut next = Vec::with_capacity(4);
    let mut slide = |to: usize| {
        let mut n = *b;
        n.swap(blank, to);
        next.push(n);
    };
    if row > 0 {
        slide(blank - 3);
    }
    if col < 2 {
        slide(blank + 1);
    }
    if row < 2 {
        slide(blank + 3);
    }
    if col > 0 {
        slide(blank - 1);
    }
    next
}

/// What the report's DFS (its section 3.2.1) does: OPEN a stack, one global CLOSED set of every state taken from
/// OPEN (a state at the depth limit too, unexpanded), successors not in CLOSED pushed on top in the order U, R, D,
/// L (L is taken first: this order gives the report's CLOSED sizes, 47, 55 and 4,597, at limits 5, 5 and 20), the goal tested as it is generated. `None` for a limit of `u32::MAX` means no limit.
/// Returns the length of the path found, if any, and the states taken from OPEN.
pub fn report_dfs(start: &Board, goal: &Board, limit: u32) -> (Option<u32>, u64) {
    if start == goal {
        return (Some(0), 0);
    }
    let mut open = vec![(*start, 0u32)];
    let mut closed = HashSet::new();
    let mut taken = 0u64;
    while let Some((n, depth)) = open.pop() {
        taken += 1;
        closed.insert(n);
        if depth == limit {
            continue;
        }
        let next: Vec<Board> = neighbours(&n)
            .into_iter()
            .filter(|s| !closed.contains(s))
            .collect();
        if next.contains(goal) {
            return (Some(depth + 1), taken);
        }
        open.extend(next.into_iter().map(|s| (s, depth + 1)));
    }
    (None, taken)
}

/// The number of misplaced tiles (the blank not counted).
pub fn misplaced(b: &Board, goal: &Board) -> u32 {
    b.iter()
        .zip(goal)
        .filter(|(&t, &g)| t != 0 && t != g)
        .count() as u32
}

/// Inversions read in the board's row-major order: pairs of tiles (the blank left out) with the larger first.
pub fn inversions(b: &Board) -> u32 {
    let tiles: Vec<u8> = b.iter().copied().filter(|&t| t != 0).collect();
    let mut count = 0;
    for i in 0..tiles.len() {
        for j in i + 1..tiles.len() {
            count += u32::from(tiles[i] > tiles[j]);
        }
    }
    count
}

/// Pairs of tiles whose order differs from their order in `goal` (both read row by row, the blank left out).
pub fn relative_inversions(b: &Board, goal: &Board) -> u32 {
    let place = |t: u8| goal.iter().filter(|&&g| g != 0).position(|&g| g == t);
    let ranks: Vec<usize> = b
        .iter()
        .filter(|&&t| t != 0)
        .filter_map(|&t| place(t))
        .collect();
    let mut count = 0;
    for i in 0..ranks.len() {
        for j in i + 1..ranks.len() {
            count += u32::from(ranks[i] > ranks[j]);
        }
    }
    count
}

/// The report's third heuristic, read kindly: misplaced tiles + 3 × the pairs out of the goal's order (0 at the
/// goal).
pub fn third_heuristic(b: &Board, goal: &Board) -> u32 {
    misplaced(b, goal) + 3 * relative_inversions(b, goal)
}

/// The smallest limit, from `from` up to the engine's largest, at which the report's DFS finds a path.
pub fn first_found_limit(start: &Board, goal: &Board, from: u32) -> Option<u32> {
    (from..=solver::search::MAX_DFS_DEPTH).find(|&limit| report_dfs(start, goal, limit).0.is_some())
}
