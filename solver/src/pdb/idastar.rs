//! IDA* for boards of up to 16 cells, tuned for the 15-puzzle: incremental heuristics (`incremental`), no
//! allocation in the loop, parent pruning, best-first child order, parity-stepped bounds,
//! lazy reflected lookups and pathmax/BPMX for the databases' inconsistency.

use super::board::{DirCode, Geometry, PDB_MAX_CELLS};
use super::heuristic::{Pdb, PDB_HEURISTIC_NAME};
use super::incremental::{Incremental, ManhattanEval, PdbEval};
use crate::said::Said;
use crate::search::{Algorithm, Control, Outcome, Stats, Status, CHECK_EVERY};
use crate::sliding::{check_solvable, Dir};

const MANHATTAN_NAME: &str = "manhattan";

/// The longest path the search keeps (the hardest 15-puzzle position needs 80 moves).
const MAX_PATH: usize = 255;
/// "No parent move": matches no direction.
const NO_DIR: DirCode = 4;

/// How a depth-first probe ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Found,
    Continue,
    Stop,
}

/// A child waiting to be searched, after its heuristic was probed.
#[derive(Clone, Copy, Default)]
struct Child<D> {
    h: u32,
    dir: DirCode,
    to: u8,
    tile: u8,
    delta: D,
}

/// The search: a board of tile names (goal cells) in nibbles, the heuristic, the path.
struct Engine<'c, 'a, H> {
    moves: [[(DirCode, u8); 4]; PDB_MAX_CELLS],
    move_count: [u8; PDB_MAX_CELLS],
    eval: H,
    board: u64,
    goal_board: u64,
    /// The blank's name (its goal cell).
    blank_name: u64,
    /// Every path to the goal has this length parity; f values are rounded up to it.
    parity: u32,
    bound: u32,
    next_bound: u32,
    path: [DirCode; MAX_PATH],
    solution_len: usize,
    expanded: u64,
    generated: u64,
    next_check: u64,
    deepest: u32,
    control: &'c mut Control<'a>,
    stats: Stats,
    stop: Option<(Status, Said)>,
}

impl<H: Incremental> Engine<'_, '_, H> {
    /// Depth-first search below the node reached by the path so far (`g` moves, heuristic `h`,
    /// blank on `blank`, last move's inverse `back`), pruning at f > bound.
    ///
    /// The databases are not consistent (a move can change h by more than one), so values are
    /// passed along edges both ways (pathmax / BPMX): a child is worth at least h - 1, and a node
    /// at least the best child's h - 1, which can cut the node before any child is searched.
    fn dfs(&mut self, blank: u8, g: u32, h: u32, back: DirCode) -> Step {
        self.deepest = self.deepest.max(g);
        if self.board == self.goal_board {
            self.solution_len = g as usize;
            return Step::Found;
        }
        self.expanded += 1;
        if self.expanded >= self.next_check {
            self.next_check += CHECK_EVERY;
            self.stats.expanded = self.expanded;
            self.stats.generated = self.generated;
            if let Some(stop) = self.control.checkpoint(&mut self.stats) {
                self.stop = Some(stop);
                return Step::Stop;
            }
        }
        // First the cheap bound of every child (their table reads are independent, so the
        // processor overlaps them), then the full value of those that may be searched.
        let mut probed = [Child::<H::Delta>::default(); 4];
        let mut candidates = 0;
        let b = blank as usize;
        for &(dir, to) in &self.moves[b][..self.move_count[b] as usize] {
            if dir == back {
                continue;
            }
            let tile = ((self.board >> (4 * to as u32)) & 0xF) as u8;
            let c = &mut probed[candidates];
            c.h = self.eval.probe(tile as usize, to, blank, &mut c.delta);
            (c.dir, c.to, c.tile) = (dir, to, tile);
            candidates += 1;
        }
        self.generated += candidates as u64;
        let limit = self.bound as i32 - g as i32 - 1;
        let inherited = h.saturating_sub(1);
        let mut best_child = 0;
        let mut children = [Child::<H::Delta>::default(); 4];
        let mut count = 0;
        for c in &mut probed[..candidates] {
            if c.h as i32 <= limit {
                c.h = self
                    .eval
                    .complete(c.tile as usize, c.to, blank, c.h, &mut c.delta);
            }
            best_child = best_child.max(c.h);
            let h = c.h.max(inherited);
            let f = g + 1 + h;
            let f = f + ((f ^ self.parity) & 1);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                continue;
            }
            // Insertion by h: the most promising child first (it only matters in the last iteration).
            let mut j = count;
            while j > 0 && children[j - 1].h > h {
                children[j] = children[j - 1];
                j -= 1;
            }
            children[j] = Child { h, ..*c };
            count += 1;
        }
        if count > 0 && best_child > h + 1 {
            let f = g + best_child - 1;
            let f = f + ((f ^ self.parity) & 1);
            if f > self.bound {
                self.next_bound = self.next_bound.min(f);
                return Step::Continue;
            }
        }
        for child in &children[..count] {
            let swap = (child.tile as u64 ^ self.blank_name) << (4 * blank as u32)
                | (child.tile as u64 ^ self.blank_name) << (4 * child.to as u32);
            self.board ^= swap;
            self.eval
                .apply(child.tile as usize, child.to, blank, &child.delta);
            self.path[g as usize] = child.dir;
            let step = self.dfs(child.to, g + 1, child.h, child.dir ^ 1);
            self.eval
                .revert(child.tile as usize, child.to, blank, &child.delta);
            self.board ^= swap;
            if step != Step::Continue {
                return step;
            }
        }
        Step::Continue
    }

    /// Iterates the f bound until a solution is found or the control stops the search.
    fn run(mut self, start_blank: u8, heuristic: &'static str) -> Outcome<Dir> {
        let h0 = self.eval.value();
        let mut bound = h0 + ((h0 ^ self.parity) & 1);
        loop {
            if bound as usize >= MAX_PATH {
                let longest = (MAX_PATH - 1) as u64;
                let said = Said::PathTooLong { longest };
                return self.finish_stopped(Status::Limit, said, heuristic);
            }
            if let Some((status, message)) = self.control.over_state_limit(bound as u64 + 1) {
                return self.finish_stopped(status, message, heuristic);
            }
            self.bound = bound;
            self.next_bound = u32::MAX;
            let before = self.expanded;
            let step = self.dfs(start_blank, 0, h0, NO_DIR);
            self.stats.by_depth.push(self.expanded - before);
            match step {
                Step::Found => {
                    self.fill_stats();
                    let moves = self.path[..self.solution_len]
                        .iter()
                        .map(|&d| to_dir(d))
                        .collect();
                    return Outcome::solved(Algorithm::Idastar, moves, true, self.stats)
                        .with_heuristic(heuristic);
                }
                Step::Stop => {
                    let (status, message) = self
                        .stop
                        .take()
                        .unwrap_or((Status::Cancelled, Said::Stopped));
                    return self.finish_stopped(status, message, heuristic);
                }
                Step::Continue if self.next_bound == u32::MAX => {
                    // Unreachable for a solvable pair (checked before): every node has a child.
                    return self.finish_stopped(Status::Unsolvable, Said::Exhausted, heuristic);
                }
                Step::Continue => bound = self.next_bound,
            }
        }
    }

    fn fill_stats(&mut self) {
        self.stats.expanded = self.expanded;
        self.stats.generated = self.generated;
        self.stats.max_open = self.deepest as u64 + 1;
        self.stats.elapsed_ms = self.control.elapsed_ms();
        self.stats
            .memory(self.eval.memory_bytes() + std::mem::size_of::<Self>() as u64);
    }

    fn finish_stopped(
        mut self,
        status: Status,
        said: Said,
        heuristic: &'static str,
    ) -> Outcome<Dir> {
        self.fill_stats();
        Outcome::stopped(Algorithm::Idastar, status, said, self.stats).with_heuristic(heuristic)
    }
}

/// The sliding module's direction for a direction code.
fn to_dir(code: DirCode) -> Dir {
    match code {
        0 => Dir::Up,
        1 => Dir::Down,
        2 => Dir::Left,
        _ => Dir::Right,
    }
}

/// Checks the boards and renames the tiles of `start` by their goal cell in `goal`.
/// Returns the named board, the blank's name, and its start cell; or the outcome to return.
fn prepare(
    geometry: &Geometry,
    start: &[u8],
    goal: &[u8],
    heuristic: &'static str,
) -> Result<([u8; PDB_MAX_CELLS], u8, u8), Box<Outcome<Dir>>> {
    let stopped = |status, said: Said| {
        Box::new(
            Outcome::stopped(Algorithm::Idastar, status, said, Stats::default())
                .with_heuristic(heuristic),
        )
    };
    if let Err(e) = geometry
        .check_tiles("start", start)
        .and_then(|_| geometry.check_tiles("goal", goal))
    {
        let detail = e.to_string();
        return Err(stopped(Status::Invalid, Said::Refused { detail }));
    }
    if let Err(why) = check_solvable(geometry.shape(), start, goal) {
        let said = Said::Unsolvable {
            odd_permutation: why.odd_permutation,
            blank_distance: why.blank_distance as u64,
        };
        return Err(stopped(Status::Unsolvable, said));
    }
    let mut goal_cell = [0u8; PDB_MAX_CELLS];
    for (cell, &t) in goal.iter().enumerate() {
        goal_cell[t as usize] = cell as u8;
    }
    let mut names = [0u8; PDB_MAX_CELLS];
    for (cell, &t) in start.iter().enumerate() {
        names[cell] = goal_cell[t as usize];
    }
    let start_blank = start.iter().position(|&t| t == 0).unwrap_or(0) as u8;
    Ok((names, goal_cell[0], start_blank))
}

fn engine<'c, 'a, H: Incremental>(
    geometry: &Geometry,
    names: &[u8],
    blank_name: u8,
    eval: H,
    control: &'c mut Control<'a>,
) -> Engine<'c, 'a, H> {
    let n = geometry.cells();
    let mut moves = [[(0, 0); 4]; PDB_MAX_CELLS];
    let mut move_count = [0u8; PDB_MAX_CELLS];
    for cell in 0..n {
        let list = geometry.moves(cell);
        moves[cell][..list.len()].copy_from_slice(list);
        move_count[cell] = list.len() as u8;
    }
    let pack = |it: &mut dyn Iterator<Item = u8>| {
        it.enumerate()
            .fold(0u64, |b, (c, t)| b | (t as u64) << (4 * c))
    };
    let board = pack(&mut names[..n].iter().copied());
    let goal_board = pack(&mut (0..n as u8));
    let start_blank = names.iter().position(|&t| t == blank_name).unwrap_or(0);
    Engine {
        moves,
        move_count,
        eval,
        board,
        goal_board,
        blank_name: blank_name as u64,
        parity: geometry.manhattan(start_blank, blank_name as usize) & 1,
        bound: 0,
        next_bound: u32::MAX,
        path: [0; MAX_PATH],
        solution_len: 0,
        expanded: 0,
        generated: 0,
        next_check: CHECK_EVERY,
        deepest: 0,
        control,
        stats: Stats::default(),
        stop: None,
    }
}

/// Solves `start` optimally for the goal `pdb` was made for, by IDA* on the pattern databases.
///
/// Honours `control`: its progress hook and time limit every `CHECK_EVERY` expansions, and its
/// state limit against the path length. `Stats::by_depth[i]` is the number of expansions in the
/// i-th f-bound iteration; `max_open` the deepest path (in states).
pub fn solve_idastar(pdb: &Pdb, start: &[u8], control: &mut Control) -> Outcome<Dir> {
    let geometry = pdb.geometry();
    let (names, blank_name, start_blank) =
        match prepare(geometry, start, pdb.goal(), PDB_HEURISTIC_NAME) {
            Ok(prepared) => prepared,
            Err(outcome) => return *outcome,
        };
    let names = &names[..geometry.cells()];
    match pdb.view_count() {
        1 => engine(
            geometry,
            names,
            blank_name,
            PdbEval::<1>::new(pdb, names),
            control,
        )
        .run(start_blank, PDB_HEURISTIC_NAME),
        2 => engine(
            geometry,
            names,
            blank_name,
            PdbEval::<2>::new(pdb, names),
            control,
        )
        .run(start_blank, PDB_HEURISTIC_NAME),
        _ => engine(
            geometry,
            names,
            blank_name,
            PdbEval::<3>::new(pdb, names),
            control,
        )
        .run(start_blank, PDB_HEURISTIC_NAME),
    }
}

/// Solves `start` for `goal` optimally by the same IDA* with Manhattan distance: the baseline
/// that shows what the pattern databases gain.
pub fn solve_manhattan(
    geometry: &Geometry,
    start: &[u8],
    goal: &[u8],
    control: &mut Control,
) -> Outcome<Dir> {
    let (names, blank_name, start_blank) = match prepare(geometry, start, goal, MANHATTAN_NAME) {
        Ok(prepared) => prepared,
        Err(outcome) => return *outcome,
    };
    let names = &names[..geometry.cells()];
    let eval = ManhattanEval::new(geometry, names, blank_name);
    engine(geometry, names, blank_name, eval, control).run(start_blank, MANHATTAN_NAME)
}
