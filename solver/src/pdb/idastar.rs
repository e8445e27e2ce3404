//! IDA* for boards of up to 16 cells, tuned for the 15-puzzle: incremental heuristics, no
//! allocation in the loop, parent pruning, best-first child order, parity-stepped bounds,
//! lazy reflected lookups and pathmax/BPMX for the databases' inconsistency.

use super::board::{DirCode, Geometry, MAX_CELLS};
use super::heuristic::{Pdb, NO_GROUP};
use super::table::GroupTable;
use crate::search::{Algorithm, Control, Outcome, Stats, Status, CHECK_EVERY};
use crate::sliding::{check_solvable, Dir};

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
    /// A first, cheap lower bound on the value after the tile named `tile` (by its goal cell)
    /// slides from `from` to `to`; it fills part of `delta`.
    fn probe(&self, tile: usize, from: u8, to: u8, delta: &mut Self::Delta) -> u32;
    /// The full value after that move, given `probe`'s `first`; fills the rest of `delta`.
    /// Only a completed delta may be applied.
    fn complete(&self, tile: usize, from: u8, to: u8, first: u32, delta: &mut Self::Delta) -> u32;
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
    fn probe(&self, tile: usize, from: u8, to: u8, _: &mut ()) -> u32 {
        let row = &self.distance[tile];
        self.h + row[to as usize] as u32 - row[from as usize] as u32
    }

    #[inline(always)]
    fn complete(&self, _tile: usize, _from: u8, _to: u8, first: u32, _: &mut ()) -> u32 {
        first
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

/// One group's table and rank weights, flattened for the hot loop.
#[derive(Clone, Copy)]
struct GroupRef<'a> {
    /// `weight[i]`: the place value of digit i of the rank, (n-i-1)(n-i-2)...(n-k+1).
    weight: [u32; MAX_CELLS],
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
        PdbDelta {
            group: [NO_GROUP; V],
            old_rank: [0; V],
            new_rank: [0; V],
            old_value: [0; V],
            new_value: [0; V],
        }
    }
}

/// `at[cell]` when no group tile stands on the cell.
const EMPTY: u8 = 0xFF;

/// Additive pattern databases over `V` views (the plain lookup and its reflections).
///
/// Ranks are updated, not recomputed: when tile m of a group slides from cell a to cell b, only
/// digit m of the rank changes, by (b - a) less the group tiles of lower index strictly between
/// a and b, and the digits of the group tiles of higher index strictly between a and b change
/// by one each (see `rank::rank`). A sideways move has no cell between; a vertical one has
/// `width - 1`.
struct PdbEval<'a, const V: usize> {
    /// Per view, the symmetry as a map on cells and on tile names (a tile is named by its goal cell).
    maps: [[u8; MAX_CELLS]; V],
    /// `group_of[name]` and `index_of[name]`: the group of a (view) tile and its digit in the rank.
    group_of: [u8; MAX_CELLS],
    index_of: [u8; MAX_CELLS],
    groups: [GroupRef<'a>; MAX_GROUPS],
    /// Per view, `at[cell]` = group << 4 | index of the group tile standing there, or `EMPTY`.
    at: [[u8; MAX_CELLS]; V],
    rank: [[u32; MAX_GROUPS]; V],
    value: [[u8; MAX_GROUPS]; V],
    sum: [u32; V],
    table_bytes: u64,
}

impl<'a, const V: usize> PdbEval<'a, V> {
    fn new(pdb: &'a Pdb, names: &[u8]) -> PdbEval<'a, V> {
        let n = pdb.geometry().cells();
        let tables: &'a [GroupTable] = pdb.tables().groups();
        let mut groups = [GroupRef {
            weight: [0; MAX_CELLS],
            values: &[],
        }; MAX_GROUPS];
        let mut index_of = [0u8; MAX_CELLS];
        for (slot, table) in groups.iter_mut().zip(tables) {
            let k = table.cells().len();
            let mut w = 1u32;
            for i in (0..k).rev() {
                slot.weight[i] = w;
                w *= (n - i) as u32;
            }
            slot.values = table.values();
            for (i, &c) in table.cells().iter().enumerate() {
                index_of[c as usize] = i as u8;
            }
        }
        let mut maps = [[0u8; MAX_CELLS]; V];
        for (map, view) in maps.iter_mut().zip(pdb.views()) {
            *map = view.map;
        }
        let group_of = *pdb.group_of();
        let mut eval = PdbEval {
            maps,
            group_of,
            index_of,
            groups,
            at: [[EMPTY; MAX_CELLS]; V],
            rank: [[0; MAX_GROUPS]; V],
            value: [[0; MAX_GROUPS]; V],
            sum: [0; V],
            table_bytes: pdb.tables().memory_bytes() as u64,
        };
        for (v, map) in maps.iter().enumerate() {
            let mut pos = [0u8; MAX_CELLS];
            for (cell, &t) in names.iter().enumerate() {
                let (name, vcell) = (map[t as usize] as usize, map[cell]);
                pos[name] = vcell;
                if group_of[name] != NO_GROUP {
                    eval.at[v][vcell as usize] = group_of[name] << 4 | index_of[name];
                }
            }
            for (g, table) in tables.iter().enumerate() {
                let mut placed = [0u8; MAX_CELLS];
                for (slot, &c) in placed.iter_mut().zip(table.cells()) {
                    *slot = pos[c as usize];
                }
                let r = super::rank::rank(n, &placed[..table.cells().len()]);
                eval.rank[v][g] = r as u32;
                eval.value[v][g] = table.values()[r];
                eval.sum[v] += eval.value[v][g] as u32;
            }
        }
        eval
    }

    /// The rank of group `g` in view `v` after its tile of index `m` slides from cell `a` to `b`.
    #[inline(always)]
    fn moved_rank(&self, v: usize, g: u8, m: u8, a: u8, b: u8) -> u32 {
        let weight = &self.groups[g as usize].weight;
        let mut rank = self.rank[v][g as usize] as i64;
        let (lo, hi, up) = if a < b { (a, b, true) } else { (b, a, false) };
        let sign: i64 = if up { 1 } else { -1 };
        let mut digit = b as i64 - a as i64;
        for c in lo + 1..hi {
            let entry = self.at[v][c as usize];
            if entry >> 4 == g {
                let j = entry & 0xF;
                if j < m {
                    digit -= sign;
                } else {
                    rank += sign * weight[j as usize] as i64;
                }
            }
        }
        (rank + digit * weight[m as usize] as i64) as u32
    }

    /// The value of view `v` after the move, filling `delta`'s slot for it.
    #[inline(always)]
    fn probe_view(&self, v: usize, tile: usize, from: u8, to: u8, delta: &mut PdbDelta<V>) -> u32 {
        let name = self.maps[v][tile] as usize;
        let g = self.group_of[name];
        delta.group[v] = g;
        if g == NO_GROUP {
            return self.sum[v];
        }
        let r = self.moved_rank(
            v,
            g,
            self.index_of[name],
            self.maps[v][from as usize],
            self.maps[v][to as usize],
        );
        let new_value = self.groups[g as usize].values[r as usize];
        let old_value = self.value[v][g as usize];
        delta.old_rank[v] = self.rank[v][g as usize];
        delta.new_rank[v] = r;
        delta.old_value[v] = old_value;
        delta.new_value[v] = new_value;
        self.sum[v] - old_value as u32 + new_value as u32
    }
}

impl<const V: usize> Incremental for PdbEval<'_, V> {
    type Delta = PdbDelta<V>;

    #[inline(always)]
    fn value(&self) -> u32 {
        self.sum.iter().copied().max().unwrap_or(0)
    }

    #[inline(always)]
    fn probe(&self, tile: usize, from: u8, to: u8, delta: &mut PdbDelta<V>) -> u32 {
        self.probe_view(0, tile, from, to, delta)
    }

    #[inline(always)]
    fn complete(&self, tile: usize, from: u8, to: u8, first: u32, delta: &mut PdbDelta<V>) -> u32 {
        let mut best = first;
        for v in 1..V {
            best = best.max(self.probe_view(v, tile, from, to, delta));
        }
        best
    }

    #[inline(always)]
    fn apply(&mut self, _tile: usize, from: u8, to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let (a, b) = (
                self.maps[v][from as usize] as usize,
                self.maps[v][to as usize] as usize,
            );
            self.at[v].swap(a, b);
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
    fn revert(&mut self, _tile: usize, from: u8, to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let (a, b) = (
                self.maps[v][from as usize] as usize,
                self.maps[v][to as usize] as usize,
            );
            self.at[v].swap(a, b);
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
                let message = format!(
                    "stopped: the solution needs more than {} moves, the longest path kept",
                    MAX_PATH - 1
                );
                return self.finish_stopped(Status::Limit, message, heuristic);
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
                        .unwrap_or((Status::Cancelled, "stopped".to_string()));
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
        self.stats
            .memory(self.eval.memory_bytes() + std::mem::size_of::<Self>() as u64);
    }

    fn finish_stopped(
        mut self,
        status: Status,
        message: String,
        heuristic: &'static str,
    ) -> Outcome<Dir> {
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
        Box::new(
            Outcome::stopped(Algorithm::Idastar, status, message, Stats::default())
                .with_heuristic(heuristic),
        )
    };
    if let Err(e) = geometry
        .check_tiles("start", start)
        .and_then(|_| geometry.check_tiles("goal", goal))
    {
        return Err(stopped(Status::Invalid, e.to_string()));
    }
    if let Err(why) = check_solvable(geometry.shape(), start, goal) {
        return Err(stopped(Status::Unsolvable, why.to_string()));
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
