//! IDA* for boards of up to 16 cells, tuned for the 15-puzzle: incremental heuristics, no
//! allocation in the loop, parent pruning, best-first child order and parity-stepped bounds.

use super::board::{DirCode, Geometry, MAX_CELLS};
use super::build::GroupTable;
use super::heuristic::{Pdb, NO_GROUP};
use crate::search::{Algorithm, Control, Outcome, Stats, Status, CHECK_EVERY};
use crate::sliding::Dir;

/// The heuristic name of the pattern databases, in the PUZZLE format and on the CLI.
pub const PDB_HEURISTIC_NAME: &str = "pdb";
const MANHATTAN_NAME: &str = "manhattan";

/// The longest path the search keeps (the hardest 15-puzzle position needs 80 moves).
const MAX_PATH: usize = 255;
/// "No parent move": matches no direction.
const NO_DIR: DirCode = 4;
/// The most groups a partition of 16 cells minus the blank can have.
const MAX_GROUPS: usize = MAX_CELLS - 1;

/// A heuristic that follows the search move by move instead of being recomputed.
pub(crate) trait Incremental {
    /// What `probe` learnt and `apply`/`revert` need.
    type Delta: Copy + Default;
    /// The value for the current board.
    fn value(&self) -> u32;
    /// The value after the tile named `tile` (by its goal cell) slides from `from` to `to`.
    fn probe(&mut self, tile: usize, from: u8, to: u8) -> (u32, Self::Delta);
    /// Makes the probed move the current board.
    fn apply(&mut self, tile: usize, from: u8, to: u8, delta: &Self::Delta);
    /// Undoes `apply`.
    fn revert(&mut self, tile: usize, from: u8, to: u8, delta: &Self::Delta);
    /// Bytes of tables it reads, for the memory estimate.
    fn memory_bytes(&self) -> u64;
}

/// Manhattan distance, updated by the moved tile's change.
struct ManhattanEval {
    /// `distance[tile][cell]`, tiles named by goal cell.
    distance: [[u8; MAX_CELLS]; MAX_CELLS],
    h: u32,
}

impl ManhattanEval {
    fn new(geometry: &Geometry, names: &[u8], blank_name: u8) -> ManhattanEval {
        let n = geometry.cells();
        let mut distance = [[0u8; MAX_CELLS]; MAX_CELLS];
        for (tile, row) in distance.iter_mut().enumerate().take(n) {
            for (cell, d) in row.iter_mut().enumerate().take(n) {
                *d = geometry.manhattan(tile, cell) as u8;
            }
        }
        let h = names
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != blank_name)
            .map(|(cell, &t)| distance[t as usize][cell] as u32)
            .sum();
        ManhattanEval { distance, h }
    }
}

impl Incremental for ManhattanEval {
    type Delta = ();

    #[inline(always)]
    fn value(&self) -> u32 {
        self.h
    }

    #[inline(always)]
    fn probe(&mut self, tile: usize, from: u8, to: u8) -> (u32, ()) {
        let row = &self.distance[tile];
        (self.h + row[to as usize] as u32 - row[from as usize] as u32, ())
    }

    #[inline(always)]
    fn apply(&mut self, tile: usize, from: u8, to: u8, _: &()) {
        let row = &self.distance[tile];
        self.h = self.h + row[to as usize] as u32 - row[from as usize] as u32;
    }

    #[inline(always)]
    fn revert(&mut self, tile: usize, from: u8, to: u8, _: &()) {
        let row = &self.distance[tile];
        self.h = self.h + row[from as usize] as u32 - row[to as usize] as u32;
    }

    fn memory_bytes(&self) -> u64 {
        std::mem::size_of::<Self>() as u64
    }
}

/// One group's table, flattened for the hot loop.
#[derive(Clone, Copy)]
struct GroupRef<'a> {
    cells: [u8; MAX_CELLS],
    k: usize,
    values: &'a [u8],
}

/// The change one move makes to the pattern database lookups, per view.
#[derive(Clone, Copy)]
struct PdbDelta<const V: usize> {
    group: [u8; V],
    old_rank: [u32; V],
    new_rank: [u32; V],
    old_value: [u8; V],
    new_value: [u8; V],
}

impl<const V: usize> Default for PdbDelta<V> {
    fn default() -> Self {
        PdbDelta { group: [NO_GROUP; V], old_rank: [0; V], new_rank: [0; V], old_value: [0; V], new_value: [0; V] }
    }
}

/// Additive pattern databases over `V` views (the plain lookup and its reflections): only the
/// moved tile's group is ranked again, once per view.
struct PdbEval<'a, const V: usize> {
    n: usize,
    /// Per view, the symmetry as a map on cells and on tile names (a tile is named by its goal cell).
    maps: [[u8; MAX_CELLS]; V],
    /// Per view, `pos[view tile]` = its cell in the view.
    pos: [[u8; MAX_CELLS]; V],
    group_of: [u8; MAX_CELLS],
    groups: [GroupRef<'a>; MAX_GROUPS],
    rank: [[u32; MAX_GROUPS]; V],
    value: [[u8; MAX_GROUPS]; V],
    sum: [u32; V],
    table_bytes: u64,
}

impl<'a, const V: usize> PdbEval<'a, V> {
    fn new(pdb: &'a Pdb, names: &[u8]) -> PdbEval<'a, V> {
        let n = pdb.geometry().cells();
        let tables: &'a [GroupTable] = pdb.tables().groups();
        let mut groups = [GroupRef { cells: [0; MAX_CELLS], k: 0, values: &[] }; MAX_GROUPS];
        for (slot, table) in groups.iter_mut().zip(tables) {
            slot.k = table.cells().len();
            slot.cells[..slot.k].copy_from_slice(table.cells());
            slot.values = table.values();
        }
        let mut maps = [[0u8; MAX_CELLS]; V];
        for (map, view) in maps.iter_mut().zip(pdb.views()) {
            *map = view.map;
        }
        let mut eval = PdbEval {
            n,
            maps,
            pos: [[0; MAX_CELLS]; V],
            group_of: *pdb.group_of(),
            groups,
            rank: [[0; MAX_GROUPS]; V],
            value: [[0; MAX_GROUPS]; V],
            sum: [0; V],
            table_bytes: pdb.tables().memory_bytes() as u64,
        };
        for v in 0..V {
            for (cell, &t) in names.iter().enumerate() {
                eval.pos[v][eval.maps[v][t as usize] as usize] = eval.maps[v][cell];
            }
            for g in 0..tables.len() {
                let r = eval.rank_of(v, g);
                eval.rank[v][g] = r as u32;
                eval.value[v][g] = eval.groups[g].values[r];
                eval.sum[v] += eval.value[v][g] as u32;
            }
        }
        eval
    }

    /// The rank of group `g`'s placement in view `v` (see `rank::rank`), with pairwise compares
    /// rather than popcounts, which baseline x86-64 lacks.
    #[inline(always)]
    fn rank_of(&self, v: usize, g: usize) -> usize {
        let group = &self.groups[g];
        let pos = &self.pos[v];
        let mut placed = [0u8; MAX_CELLS];
        let mut r = 0usize;
        for i in 0..group.k {
            let p = pos[group.cells[i] as usize];
            let mut below = 0usize;
            for &q in &placed[..i] {
                below += usize::from(q < p);
            }
            placed[i] = p;
            r = r * (self.n - i) + (p as usize - below);
        }
        r
    }
}

impl<const V: usize> Incremental for PdbEval<'_, V> {
    type Delta = PdbDelta<V>;

    #[inline(always)]
    fn value(&self) -> u32 {
        self.sum.iter().copied().max().unwrap_or(0)
    }

    #[inline(always)]
    fn probe(&mut self, tile: usize, _from: u8, to: u8) -> (u32, PdbDelta<V>) {
        let mut delta = PdbDelta::default();
        let mut best = 0;
        for v in 0..V {
            let name = self.maps[v][tile] as usize;
            let g = self.group_of[name];
            delta.group[v] = g;
            if g == NO_GROUP {
                best = best.max(self.sum[v]);
                continue;
            }
            let g = g as usize;
            let old_pos = self.pos[v][name];
            self.pos[v][name] = self.maps[v][to as usize];
            let r = self.rank_of(v, g);
            self.pos[v][name] = old_pos;
            let new_value = self.groups[g].values[r];
            delta.old_rank[v] = self.rank[v][g];
            delta.new_rank[v] = r as u32;
            delta.old_value[v] = self.value[v][g];
            delta.new_value[v] = new_value;
            best = best.max(self.sum[v] - self.value[v][g] as u32 + new_value as u32);
        }
        (best, delta)
    }

    #[inline(always)]
    fn apply(&mut self, tile: usize, _from: u8, to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let name = self.maps[v][tile] as usize;
            self.pos[v][name] = self.maps[v][to as usize];
            let g = delta.group[v];
            if g != NO_GROUP {
                let g = g as usize;
                self.rank[v][g] = delta.new_rank[v];
                self.value[v][g] = delta.new_value[v];
                self.sum[v] = self.sum[v] - delta.old_value[v] as u32 + delta.new_value[v] as u32;
            }
        }
    }

    #[inline(always)]
    fn revert(&mut self, tile: usize, from: u8, _to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let name = self.maps[v][tile] as usize;
            self.pos[v][name] = self.maps[v][from as usize];
            let g = delta.group[v];
            if g != NO_GROUP {
                let g = g as usize;
                self.rank[v][g] = delta.old_rank[v];
                self.value[v][g] = delta.old_value[v];
                self.sum[v] = self.sum[v] - delta.new_value[v] as u32 + delta.old_value[v] as u32;
            }
        }
    }

    fn memory_bytes(&self) -> u64 {
        self.table_bytes + std::mem::size_of::<Self>() as u64
    }
}

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
    moves: [[(DirCode, u8); 4]; MAX_CELLS],
    move_count: [u8; MAX_CELLS],
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
    stop: Option<(Status, String)>,
}

impl<H: Incremental> Engine<'_, '_, H> {
    /// Depth-first search below the node reached by the path so far (`g` moves, blank on `blank`,
    /// last move's inverse `back`), pruning at f > bound.
    fn dfs(&mut self, blank: u8, g: u32, back: DirCode) -> Step {
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
        self.deepest = self.deepest.max(g);
        let mut children = [Child::<H::Delta>::default(); 4];
        let mut count = 0;
        let b = blank as usize;
        for &(dir, to) in &self.moves[b][..self.move_count[b] as usize] {
            if dir == back {
                continue;
            }
            let tile = ((self.board >> (4 * to as u32)) & 0xF) as u8;
            let (h, delta) = self.eval.probe(tile as usize, to, blank);
            self.generated += 1;
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
            children[j] = Child { h, dir, to, tile, delta };
            count += 1;
        }
        for child in &children[..count] {
            let swap = (child.tile as u64 ^ self.blank_name) << (4 * blank as u32)
                | (child.tile as u64 ^ self.blank_name) << (4 * child.to as u32);
            self.board ^= swap;
            self.eval.apply(child.tile as usize, child.to, blank, &child.delta);
            self.path[g as usize] = child.dir;
            let step = self.dfs(child.to, g + 1, child.dir ^ 1);
            self.eval.revert(child.tile as usize, child.to, blank, &child.delta);
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
                let message = format!("stopped: the solution needs more than {} moves, the longest path kept", MAX_PATH - 1);
                return self.finish_stopped(Status::Limit, message, heuristic);
            }
            if let Some((status, message)) = self.control.over_state_limit(bound as u64 + 1) {
                return self.finish_stopped(status, message, heuristic);
            }
            self.bound = bound;
            self.next_bound = u32::MAX;
            let before = self.expanded;
            let step = self.dfs(start_blank, 0, NO_DIR);
            self.stats.by_depth.push(self.expanded - before);
            match step {
                Step::Found => {
                    self.fill_stats();
                    let moves = self.path[..self.solution_len].iter().map(|&d| to_dir(d)).collect();
                    return Outcome::solved(Algorithm::Idastar, moves, true, self.stats).with_heuristic(heuristic);
                }
                Step::Stop => {
                    let (status, message) =
                        self.stop.take().unwrap_or((Status::Cancelled, "stopped".to_string()));
                    return self.finish_stopped(status, message, heuristic);
                }
                Step::Continue if self.next_bound == u32::MAX => {
                    // Unreachable for a solvable pair (checked before): every node has a child.
                    let message = "no solution exists: the search space was exhausted".to_string();
                    return self.finish_stopped(Status::Unsolvable, message, heuristic);
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
        self.stats.memory(self.eval.memory_bytes() + std::mem::size_of::<Self>() as u64);
    }

    fn finish_stopped(mut self, status: Status, message: String, heuristic: &'static str) -> Outcome<Dir> {
        self.fill_stats();
        Outcome::stopped(Algorithm::Idastar, status, message, self.stats).with_heuristic(heuristic)
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
) -> Result<([u8; MAX_CELLS], u8, u8), Box<Outcome<Dir>>> {
    let stopped = |status, message: String| {
        Box::new(Outcome::stopped(Algorithm::Idastar, status, message, Stats::default()).with_heuristic(heuristic))
    };
    if let Err(e) = geometry.check_tiles("start", start).and_then(|_| geometry.check_tiles("goal", goal)) {
        return Err(stopped(Status::Invalid, e.to_string()));
    }
    if !geometry.solvable(start, goal) {
        return Err(stopped(
            Status::Unsolvable,
            "unsolvable: the tiles' arrangement and the blank's position have opposite parities \
             (as if two tiles had been swapped), so no sequence of moves reaches the goal"
                .to_string(),
        ));
    }
    let mut goal_cell = [0u8; MAX_CELLS];
    for (cell, &t) in goal.iter().enumerate() {
        goal_cell[t as usize] = cell as u8;
    }
    let mut names = [0u8; MAX_CELLS];
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
    let mut moves = [[(0, 0); 4]; MAX_CELLS];
    let mut move_count = [0u8; MAX_CELLS];
    for cell in 0..n {
        let list = geometry.moves(cell);
        moves[cell][..list.len()].copy_from_slice(list);
        move_count[cell] = list.len() as u8;
    }
    let pack = |it: &mut dyn Iterator<Item = u8>| it.enumerate().fold(0u64, |b, (c, t)| b | (t as u64) << (4 * c));
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
    let (names, blank_name, start_blank) = match prepare(geometry, start, pdb.goal(), PDB_HEURISTIC_NAME) {
        Ok(prepared) => prepared,
        Err(outcome) => return *outcome,
    };
    let names = &names[..geometry.cells()];
    match pdb.view_count() {
        1 => engine(geometry, names, blank_name, PdbEval::<1>::new(pdb, names), control)
            .run(start_blank, PDB_HEURISTIC_NAME),
        2 => engine(geometry, names, blank_name, PdbEval::<2>::new(pdb, names), control)
            .run(start_blank, PDB_HEURISTIC_NAME),
        _ => engine(geometry, names, blank_name, PdbEval::<3>::new(pdb, names), control)
            .run(start_blank, PDB_HEURISTIC_NAME),
    }
}

/// Solves `start` for `goal` optimally by the same IDA* with Manhattan distance: the baseline
/// that shows what the pattern databases gain.
pub fn solve_manhattan(geometry: &Geometry, start: &[u8], goal: &[u8], control: &mut Control) -> Outcome<Dir> {
    let (names, blank_name, start_blank) = match prepare(geometry, start, goal, MANHATTAN_NAME) {
        Ok(prepared) => prepared,
        Err(outcome) => return *outcome,
    };
    let names = &names[..geometry.cells()];
    let eval = ManhattanEval::new(geometry, names, blank_name);
    engine(geometry, names, blank_name, eval, control).run(start_blank, MANHATTAN_NAME)
}
