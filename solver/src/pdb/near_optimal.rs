//! Near-optimal search on boards of up to 25 cells (5x5 above all) with the pattern databases:
//! the tables paired with a goal ([`LargePdb`]), tables for any goal ([`WindowTables`]),
//! restarting weighted A* on them ([`search_near_optimal`]), window re-optimisation
//! ([`improve_windows`]), and the two combined ([`near_optimal_5x5`], [`solve_near_optimal`],
//! [`improve_5x5`]), each better answer reported as it is found.
//!
//! # The weighted search
//! Weighted A* (f = g + w h) with decreasing weights: the first run (w = 3) answers at once, each
//! later one (lower w) must beat the best answer so far, and every node whose g + h (h admissible)
//! cannot beat it is pruned. A run ends at its first better answer, or when its open list empties
//! (then no shorter answer exists at all: the best is proved shortest), and the next, lower weight
//! starts afresh. Closed nodes are reopened when reached by a shorter path, so the last run
//! (w = 1, A* with the incumbent as bound) is exact. Memory is bounded by the `Control`'s byte
//! and state budgets: 32 bytes a node (in blocks that never move), 4 per index slot (load at most
//! 1/2) and 8 per open entry.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Arc;

use super::board::{DirCode, Geometry, MAX_TABLE_CELLS};
use super::build::{Partition, PdbTables, FIVE_BY_FIVE_GROUPS};
use super::rank::rank;
use super::PdbError;
use crate::search::{
    doubling_growth, Algorithm, Control, MemoryWatch, Outcome, Stats, Status, CHECK_EVERY,
};
use crate::sliding::Dir;

const N: usize = MAX_TABLE_CELLS;
/// A tile in no group (it counts zero).
const NO_GROUP: u8 = u8::MAX;
/// The most tiles a group holds on these boards (see `Partition::new`).
const MAX_GROUP_TILES: usize = 6;
/// The most groups a view has.
const MAX_GROUPS: usize = 12;
/// Lookups maximised: the plain one and at most one reflection.
const MAX_VIEWS: usize = 2;

/// The weights of the successive runs (hundredths): each run must beat the last answer.
pub const WEIGHTS: [u32; 9] = [300, 200, 160, 140, 130, 120, 115, 110, 100];

/// One way of reading the tables (the identity or a symmetry fixing the blank's goal cell; see
/// `heuristic::View`), precomputed per tile label: the group and index in it of the tile's
/// (mapped) goal cell, and the cell map.
#[derive(Debug, Clone)]
struct LargeView {
    map: [u8; N],
    group: [u8; N],
    index: [u8; N],
    /// `tiles[g][i]`: the tile label playing index `i` of group `g`.
    tiles: [[u8; MAX_GROUP_TILES]; MAX_GROUPS],
}

/// One group's table: the tables holding it and its index there.
#[derive(Debug, Clone)]
struct GroupRef {
    tables: Arc<PdbTables>,
    index: usize,
}

/// Pattern database tables for a board of up to 25 cells paired with one goal: the additive
/// heuristic (the sum of the group tables), maximised over the reflection that fixes the blank's
/// goal cell. Admissible for the reasons given at `Pdb`. Its groups may come from one set of
/// tables ([`LargePdb::new`]) or from several ([`LargePdb::from_groups`], as [`WindowTables`]
/// does for any goal).
#[derive(Debug, Clone)]
pub struct LargePdb {
    geometry: Geometry,
    groups: Vec<GroupRef>,
    goal: Vec<u8>,
    views: Vec<LargeView>,
    group_len: Vec<u8>,
}

impl LargePdb {
    /// Pairs `tables` (any board up to 25 cells) with `goal`, whose blank must sit on the cell
    /// the tables were built for.
    pub fn new(tables: Arc<PdbTables>, goal: &[u8]) -> Result<LargePdb, PdbError> {
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        if blank != tables.blank() {
            return Err(PdbError::GoalMismatch {
                tables_blank: tables.blank(),
                goal_blank: blank,
            });
        }
        let groups = (0..tables.groups().len())
            .map(|index| (Arc::clone(&tables), index))
            .collect();
        LargePdb::from_groups(goal, groups)
    }

    /// Pairs groups taken from several tables (`(tables, index of the group in them)`) with `goal`.
    /// The groups must be disjoint and leave out the goal's blank cell, and each group's goal
    /// placement must leave the other cells connected, so that its table does not depend on
    /// where the blank starts (then tables built for another blank cell serve this goal).
    pub fn from_groups(
        goal: &[u8],
        groups: Vec<(Arc<PdbTables>, usize)>,
    ) -> Result<LargePdb, PdbError> {
        let bad = |reason: String| Err(PdbError::BadPartition { reason });
        let Some(geometry) = groups.first().map(|(t, _)| t.geometry().clone()) else {
            return bad("there are no tables".to_string());
        };
        geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        if groups.len() > MAX_GROUPS {
            return bad(format!(
                "the near-optimal search takes at most {MAX_GROUPS} groups"
            ));
        }
        // group_of[cell], index_of[cell]: where a goal cell sits in the partition.
        let mut group_of = [NO_GROUP; N];
        let mut index_of = [0u8; N];
        let mut refs = Vec::with_capacity(groups.len());
        for (g, (tables, index)) in groups.into_iter().enumerate() {
            let Some(group) = tables.groups().get(index) else {
                return bad(format!("the tables have no group {index}"));
            };
            let cells = group.cells();
            if tables.geometry() != &geometry || cells.len() > MAX_GROUP_TILES {
                return bad(format!(
                    "the near-optimal search takes groups of at most {MAX_GROUP_TILES} tiles on one board"
                ));
            }
            let mask = cells.iter().fold(0u32, |m, &c| m | 1 << c);
            if tables.blank() != blank && !connected(&geometry, geometry.all_cells() & !mask) {
                return bad(format!(
                    "group {cells:?} was built for the blank on cell {}, and its goal placement \
                     cuts the board, so it does not serve a goal with the blank on cell {blank}",
                    tables.blank()
                ));
            }
            for (i, &c) in cells.iter().enumerate() {
                if c == blank || group_of[c as usize] != NO_GROUP {
                    return bad(format!("cell {c} is the blank's or in two groups"));
                }
                group_of[c as usize] = g as u8;
                index_of[c as usize] = i as u8;
            }
            refs.push(GroupRef { tables, index });
        }
        let mut maps = vec![geometry.all_symmetries()[0]];
        maps.extend(
            geometry
                .symmetries_fixing(blank as usize)
                .into_iter()
                .take(MAX_VIEWS - 1),
        );
        let views = maps
            .into_iter()
            .map(|map| {
                let mut view = LargeView {
                    map,
                    group: [NO_GROUP; N],
                    index: [0; N],
                    tiles: [[0; MAX_GROUP_TILES]; MAX_GROUPS],
                };
                for (cell, &t) in goal.iter().enumerate() {
                    if t == 0 {
                        continue;
                    }
                    let c = map[cell] as usize;
                    let (g, i) = (group_of[c], index_of[c]);
                    view.group[t as usize] = g;
                    view.index[t as usize] = i;
                    if g != NO_GROUP {
                        view.tiles[g as usize][i as usize] = t;
                    }
                }
                view
            })
            .collect();
        Ok(LargePdb {
            group_len: refs
                .iter()
                .map(|r| r.tables.groups()[r.index].cells().len() as u8)
                .collect(),
            geometry,
            groups: refs,
            goal: goal.to_vec(),
            views,
        })
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Bytes of the tables it reads.
    pub fn memory_bytes(&self) -> usize {
        self.groups
            .iter()
            .map(|r| r.tables.groups()[r.index].values().len())
            .sum()
    }

    /// The goal, row-major.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// Uses only the plain lookup, without the reflection.
    pub fn without_reflections(mut self) -> LargePdb {
        self.views.truncate(1);
        self
    }

    /// The value of group `g` under view `v`, the tiles standing on `pos[tile]`.
    #[inline(always)]
    fn group_value(&self, v: usize, g: usize, pos: &[u8; N]) -> u32 {
        let view = &self.views[v];
        let k = self.group_len[g] as usize;
        let mut cells = [0u8; MAX_GROUP_TILES];
        for (cell, &t) in cells.iter_mut().zip(&view.tiles[g][..k]) {
            *cell = view.map[pos[t as usize] as usize];
        }
        let n = self.geometry().cells();
        let group = &self.groups[g];
        group.tables.groups[group.index].values[rank(n, &cells[..k])] as u32
    }

    /// The heuristic value of `tiles` (row-major, 0 the blank); 0 for anything that is not a
    /// board of this geometry (check input with `Geometry::check_tiles` first).
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        if self.geometry().check_tiles("board", tiles).is_err() {
            return 0;
        }
        let pos = positions(tiles);
        (0..self.views.len())
            .map(|v| {
                (0..self.group_len.len())
                    .map(|g| self.group_value(v, g, &pos))
                    .sum::<u32>()
            })
            .max()
            .unwrap_or(0)
    }

    /// A lower bound on the shortest solution of `start`: the larger of the tables' value and
    /// linear conflict; 0 if `start` is not a board of this geometry.
    pub fn lower_bound(&self, start: &[u8]) -> u32 {
        let shape = self.geometry().shape();
        let conflict = crate::sliding::LargePuzzle::new(shape, start, &self.goal)
            .map(|puzzle| {
                let lc = crate::sliding::LinearConflict::new(&puzzle);
                crate::Heuristic::estimate(&lc, &crate::Puzzle::start(&puzzle))
            })
            .unwrap_or(0);
        self.estimate(start).max(conflict)
    }
}

/// Whether the cells of `free` form one region.
fn connected(geometry: &Geometry, free: u32) -> bool {
    let Some(first) = (0..geometry.cells()).find(|&c| free & (1 << c) != 0) else {
        return true;
    };
    let mut region = 1u32 << first;
    loop {
        let mut grown = region;
        for c in 0..geometry.cells() {
            if region & (1 << c) != 0 {
                grown |= geometry.neighbours(c) & free;
            }
        }
        if grown == region {
            return region == free;
        }
        region = grown;
    }
}

/// `pos[tile]`: the cell each tile stands on.
fn positions(tiles: &[u8]) -> [u8; N] {
    let mut pos = [0u8; N];
    for (cell, &t) in tiles.iter().enumerate().take(N) {
        pos[(t as usize).min(N - 1)] = cell as u8;
    }
    pos
}

/// A board packed 5 bits a cell.
type Packed = u128;

fn pack(tiles: &[u8]) -> Packed {
    tiles
        .iter()
        .enumerate()
        .fold(0, |acc, (cell, &t)| acc | (t as Packed) << (5 * cell))
}

#[inline(always)]
fn tile_at(board: Packed, cell: usize) -> u8 {
    (board >> (5 * cell)) as u8 & 31
}

/// The blank's move code (see `board::DirCode`) as a `Dir`.
fn to_dir(code: DirCode) -> Dir {
    match code {
        0 => Dir::Up,
        1 => Dir::Down,
        2 => Dir::Left,
        _ => Dir::Right,
    }
}

fn to_code(dir: Dir) -> DirCode {
    match dir {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

/// A node of the search: 32 bytes.
#[derive(Debug, Clone, Copy)]
struct Node {
    board: Packed,
    parent: u32,
    g: u16,
    h: u16,
    blank: u8,
    /// The move that reached it (`NO_DIR` for the start).
    dir: u8,
}

const NO_DIR: u8 = 4;
const NODE_BYTES: u64 = std::mem::size_of::<Node>() as u64;
/// g is kept in 12 bits of an open-list entry.
const MAX_G: u32 = 4095;

/// The nodes, in blocks of 2^16 that never move: past the first block (which doubles as it
/// fills, so that a small search stays small) the arena grows by one block (2 MiB), never by a
/// doubled copy, so nearly all of a byte budget can hold nodes.
struct Arena {
    blocks: Vec<Vec<Node>>,
    len: usize,
}

const BLOCK_BITS: usize = 16;
const BLOCK: usize = 1 << BLOCK_BITS;

impl Arena {
    fn new() -> Arena {
        Arena {
            blocks: Vec::new(),
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.blocks.truncate(1);
        if let Some(first) = self.blocks.first_mut() {
            first.clear();
        }
        self.len = 0;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn push(&mut self, node: Node) {
        let block = self.len >> BLOCK_BITS;
        if block == self.blocks.len() {
            self.blocks
                .push(Vec::with_capacity(if block == 0 { 0 } else { BLOCK }));
        }
        self.blocks[block].push(node);
        self.len += 1;
    }

    fn bytes(&self) -> u64 {
        let nodes: usize = self.blocks.iter().map(Vec::capacity).sum();
        nodes as u64 * NODE_BYTES + self.blocks.capacity() as u64 * 24
    }

    /// What the next growth may add: a doubling of the first block, or a new block.
    fn growth(&self) -> u64 {
        match self.blocks.first() {
            Some(first) if self.len < BLOCK => 2 * first.capacity() as u64 * NODE_BYTES,
            _ => BLOCK as u64 * NODE_BYTES,
        }
    }
}

impl std::ops::Index<u32> for Arena {
    type Output = Node;

    #[inline(always)]
    fn index(&self, id: u32) -> &Node {
        let id = id as usize;
        &self.blocks[id >> BLOCK_BITS][id & (BLOCK - 1)]
    }
}

impl std::ops::IndexMut<u32> for Arena {
    #[inline(always)]
    fn index_mut(&mut self, id: u32) -> &mut Node {
        let id = id as usize;
        &mut self.blocks[id >> BLOCK_BITS][id & (BLOCK - 1)]
    }
}

/// The index from boards to nodes: open addressing over node numbers (plus one; 0 is empty),
/// at most half full.
struct Index {
    slots: Vec<u32>,
    len: usize,
}

impl Index {
    fn new() -> Index {
        Index {
            slots: vec![0; 1 << 12],
            len: 0,
        }
    }

    fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
    }

    #[inline(always)]
    fn home(&self, board: Packed) -> usize {
        let x = (board as u64) ^ ((board >> 64) as u64).rotate_left(29);
        let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - self.slots.len().trailing_zeros())) as usize
    }

    /// The node holding `board`, or the slot where it would go.
    #[inline(always)]
    fn find(&self, nodes: &Arena, board: Packed) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(board);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if nodes[s - 1].board == board {
                return Ok(s - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts node `id` at `slot` (from `find`); grows when half full.
    fn insert(&mut self, nodes: &Arena, slot: usize, id: u32) {
        self.slots[slot] = id + 1;
        self.len += 1;
        if self.len * 2 > self.slots.len() {
            let doubled = vec![0; self.slots.len() * 2];
            let old = std::mem::replace(&mut self.slots, doubled);
            let mask = self.slots.len() - 1;
            for s in old.into_iter().filter(|&s| s != 0) {
                let mut i = self.home(nodes[s - 1].board);
                while self.slots[i] != 0 {
                    i = (i + 1) & mask;
                }
                self.slots[i] = s;
            }
        }
    }

    fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * 4
    }
}

/// An open-list entry: the weighted f (hundredths), then larger g first, then the node.
#[inline(always)]
fn entry(key: u32, g: u32, id: u32) -> Reverse<u64> {
    Reverse((key as u64) << 40 | ((MAX_G - g) as u64) << 28 | id as u64)
}

/// What one search (of several runs) found.
#[derive(Debug, Clone)]
pub struct NearOptimal {
    /// The best path found (blank moves), if any beat the bound it started with.
    pub moves: Option<Vec<Dir>>,
    /// An admissible lower bound on the shortest solution of the start (see `LargePdb::lower_bound`);
    /// equal to the length when the search proved its answer shortest.
    pub lower_bound: u32,
    /// True when the search proved that no path shorter than the best (found or given) exists.
    pub optimal: bool,
    pub stats: Stats,
    /// Why it stopped before proving optimality: the time, memory or state limit, or a cancel.
    pub stop: Option<(Status, String)>,
    /// The weight (hundredths) of the run that found the best answer.
    pub weight: Option<u32>,
}

/// The search engine, its memory kept between runs.
struct Engine<'p> {
    pdb: &'p LargePdb,
    geometry: &'p Geometry,
    goal: Packed,
    nodes: Arena,
    index: Index,
    open: BinaryHeap<Reverse<u64>>,
    watch: MemoryWatch,
    /// The most expansions one run may make (a window's search is cut short rather than let
    /// eat the whole budget).
    cap: u64,
}

/// How a run ended.
enum RunEnd {
    /// A path shorter than the bound: the goal's node.
    Found(u32),
    /// The open list emptied: nothing shorter than the bound exists.
    Exhausted,
    /// The run used its `cap` of expansions.
    Capped,
    Stopped(Status, String),
}

impl<'p> Engine<'p> {
    fn new(pdb: &'p LargePdb, cap: u64) -> Engine<'p> {
        Engine {
            pdb,
            geometry: pdb.geometry(),
            goal: pack(pdb.goal()),
            nodes: Arena::new(),
            index: Index::new(),
            open: BinaryHeap::new(),
            watch: MemoryWatch::default(),
            cap,
        }
    }

    fn memory(&self) -> u64 {
        self.nodes.bytes() + self.index.bytes() + self.open.capacity() as u64 * 8
    }

    /// The tables' values of every group of every view for the board with tiles on `pos`.
    fn group_values(&self, pos: &[u8; N], out: &mut [[u8; MAX_GROUPS]; MAX_VIEWS]) -> u32 {
        let mut best = 0;
        for (v, row) in out.iter_mut().enumerate().take(self.pdb.views.len()) {
            let mut sum = 0;
            for (g, slot) in row.iter_mut().enumerate().take(self.pdb.group_len.len()) {
                let value = self.pdb.group_value(v, g, pos);
                *slot = value as u8;
                sum += value;
            }
            best = best.max(sum);
        }
        best
    }

    /// One weighted A* run from `start` (weight `w` hundredths) for a path shorter than `bound`.
    fn run(
        &mut self,
        start: &[u8],
        w: u32,
        bound: u32,
        control: &mut Control,
        stats: &mut Stats,
    ) -> RunEnd {
        self.nodes.clear();
        self.index.clear();
        self.open.clear();
        let pos = positions(start);
        let mut values = [[0u8; MAX_GROUPS]; MAX_VIEWS];
        let h = self.group_values(&pos, &mut values);
        let board = pack(start);
        self.nodes.push(Node {
            board,
            parent: u32::MAX,
            g: 0,
            h: h as u16,
            blank: pos[0],
            dir: NO_DIR,
        });
        if let Err(slot) = self.index.find(&self.nodes, board) {
            self.index.insert(&self.nodes, slot, 0);
        }
        if board == self.goal {
            return if bound > 0 {
                RunEnd::Found(0)
            } else {
                RunEnd::Exhausted
            };
        }
        self.open.push(entry(w * h, 0, 0));
        let views = self.pdb.views.len();
        let n = self.geometry.cells();
        let mut since_check = 0u64;
        let mut expanded = 0u64;
        while let Some(Reverse(item)) = self.open.pop() {
            let id = (item & ((1 << 28) - 1)) as u32;
            let g = MAX_G - ((item >> 28) & 0xFFF) as u32;
            let node = self.nodes[id];
            if node.g as u32 != g || g + node.h as u32 >= bound {
                continue;
            }
            stats.expand_at(g as usize);
            expanded += 1;
            if expanded > self.cap {
                return RunEnd::Capped;
            }
            since_check += 1;
            if since_check >= CHECK_EVERY {
                since_check = 0;
                stats.open_size(self.open.len() as u64);
                if let Some((status, message)) = control.checkpoint(stats) {
                    return RunEnd::Stopped(status, message);
                }
            }
            if let Some((status, message)) = control.over_state_limit(self.nodes.len() as u64) {
                return RunEnd::Stopped(status, message);
            }
            let held = self.memory();
            // The index and the open list double; the arena adds a block.
            let growth = doubling_growth(&[self.index.bytes(), self.open.capacity() as u64 * 8])
                .max(self.nodes.growth());
            if let Some((status, message)) = self.watch.check(control, stats, held, growth) {
                return RunEnd::Stopped(status, message);
            }
            // Unpack the board, and the tables' values of its groups.
            let mut pos = [0u8; N];
            for cell in 0..n {
                pos[tile_at(node.board, cell) as usize] = cell as u8;
            }
            self.group_values(&pos, &mut values);
            let sums: [u32; MAX_VIEWS] = std::array::from_fn(|v| {
                values[v][..self.pdb.group_len.len()]
                    .iter()
                    .map(|&x| x as u32)
                    .sum()
            });
            let child_g = g + 1;
            if child_g >= MAX_G {
                continue;
            }
            for &(dir, to) in self.geometry.moves(node.blank as usize) {
                if dir ^ 1 == node.dir {
                    continue;
                }
                stats.generated += 1;
                let tile = tile_at(node.board, to as usize);
                // The tile slides from `to` onto the blank's cell.
                pos[tile as usize] = node.blank;
                let mut child_h = 0;
                for v in 0..views {
                    let group = self.pdb.views[v].group[tile as usize];
                    let mut sum = sums[v];
                    if group != NO_GROUP {
                        let gi = group as usize;
                        sum = sum - values[v][gi] as u32 + self.pdb.group_value(v, gi, &pos);
                    }
                    child_h = child_h.max(sum);
                }
                pos[tile as usize] = to;
                if child_g + child_h >= bound {
                    continue;
                }
                let child_board = node.board & !(31 << (5 * to as usize))
                    | (tile as Packed) << (5 * node.blank as usize);
                let child = Node {
                    board: child_board,
                    parent: id,
                    g: child_g as u16,
                    h: child_h as u16,
                    blank: to,
                    dir,
                };
                let child_id = match self.index.find(&self.nodes, child_board) {
                    Ok(old) => {
                        if self.nodes[old].g as u32 <= child_g {
                            stats.duplicates += 1;
                            continue;
                        }
                        // Reached by a shorter path: reopen it.
                        self.nodes[old] = child;
                        old
                    }
                    Err(slot) => {
                        let new = self.nodes.len() as u32;
                        self.nodes.push(child);
                        self.index.insert(&self.nodes, slot, new);
                        new
                    }
                };
                if child_board == self.goal {
                    return RunEnd::Found(child_id);
                }
                self.open
                    .push(entry(child_g * 100 + w * child_h, child_g, child_id));
            }
        }
        RunEnd::Exhausted
    }

    /// The moves from the start to node `id`.
    fn path_to(&self, mut id: u32) -> Vec<Dir> {
        let mut moves = Vec::new();
        while id != u32::MAX {
            let node = &self.nodes[id];
            if node.dir != NO_DIR {
                moves.push(to_dir(node.dir));
            }
            id = node.parent;
        }
        moves.reverse();
        moves
    }
}

/// Searches for paths from `start` to the goal of `pdb` shorter than `bound` (any path if
/// `None`), by weighted A* runs with the weights `weights` (hundredths, decreasing; see the
/// module's header), calling `on_answer` with each better path. Returns the best path, the
/// lower bound, and whether the search proved it shortest.
pub fn search_near_optimal(
    pdb: &LargePdb,
    start: &[u8],
    bound: Option<u32>,
    weights: &[u32],
    control: &mut Control,
    on_answer: impl FnMut(&[Dir]),
) -> Result<NearOptimal, PdbError> {
    search_capped(pdb, start, bound, weights, u64::MAX, control, on_answer)
}

/// [`search_near_optimal`] with at most `cap` expansions per run (a run that uses them all
/// gives way to the next weight).
fn search_capped(
    pdb: &LargePdb,
    start: &[u8],
    bound: Option<u32>,
    weights: &[u32],
    cap: u64,
    control: &mut Control,
    mut on_answer: impl FnMut(&[Dir]),
) -> Result<NearOptimal, PdbError> {
    let geometry = pdb.geometry();
    geometry.check_tiles("start", start)?;
    crate::sliding::check_solvable(geometry.shape(), start, pdb.goal()).map_err(|e| {
        PdbError::BadBoard {
            what: "start",
            reason: e.to_string(),
        }
    })?;
    let lower_bound = pdb.lower_bound(start);
    let mut engine = Engine::new(pdb, cap);
    let mut stats = Stats::default();
    let mut best: Option<Vec<Dir>> = None;
    let mut bound = bound.unwrap_or(u32::MAX);
    let mut result = NearOptimal {
        moves: None,
        lower_bound,
        optimal: false,
        stats: Stats::default(),
        stop: None,
        weight: None,
    };
    if bound <= lower_bound {
        // Nothing shorter than the bound can exist.
        result.optimal = true;
        result.stats.elapsed_ms = control.elapsed_ms();
        return Ok(result);
    }
    for &w in weights {
        match engine.run(start, w, bound, control, &mut stats) {
            RunEnd::Found(id) => {
                let path = engine.path_to(id);
                bound = path.len() as u32;
                on_answer(&path);
                best = Some(path);
                result.weight = Some(w);
                if bound <= lower_bound {
                    result.optimal = true;
                    break;
                }
            }
            RunEnd::Exhausted => {
                // Nothing shorter than the bound exists (with the bound from `bound`, or found).
                result.optimal = true;
                break;
            }
            RunEnd::Capped => continue,
            RunEnd::Stopped(status, message) => {
                result.stop = Some((status, message));
                break;
            }
        }
    }
    if result.optimal {
        // No path shorter than `bound` exists (the best found, or the one given).
        result.lower_bound = lower_bound.max(bound);
    }
    stats.elapsed_ms = control.elapsed_ms();
    stats.closed = engine.nodes.len() as u64;
    result.moves = best;
    result.stats = stats;
    Ok(result)
}

/// Replays `moves` (blank moves) from `start`, for tests and callers that hold a path.
pub fn replay(geometry: &Geometry, start: &[u8], moves: &[Dir]) -> Option<Vec<u8>> {
    let mut board = start.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    for &dir in moves {
        let code = to_code(dir);
        let &(_, to) = geometry.moves(blank).iter().find(|&&(d, _)| d == code)?;
        board.swap(blank, to as usize);
        blank = to as usize;
    }
    Some(board)
}

/// Tables for ANY goal on one board: one table per group of a fixed tiling of the board's cells
/// into groups (on 5x5, the five 5-cell groups of [`FIVE_BY_FIVE_GROUPS`]: 6,375,600 bytes
/// each, 31.9 MB in all), and per blank cell the table of its group without it (on 5x5 a
/// 4-tile table of 303,600 bytes), built when a goal first needs it (a fraction of a second).
/// A goal's heuristic takes the full tables of the groups without its blank and that smaller
/// one: so a search between any two states (the ends of a window of a path) can use them.
#[derive(Debug, Clone)]
pub struct WindowTables {
    geometry: Geometry,
    groups: Vec<Vec<u8>>,
    full: Vec<Arc<PdbTables>>,
    small: Vec<Option<Arc<PdbTables>>>,
}

impl WindowTables {
    /// The five single-group partitions of the 5x5 tables, in order (see
    /// [`WindowTables::partitions_for`]).
    pub fn partitions() -> Result<Vec<Partition>, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::partitions_for(&Geometry::new(5, 5)?, &groups)
    }

    /// The single-group partitions whose tables [`WindowTables::new_for`] takes, in order:
    /// build them apart (in helper workers or threads) and cache each by its key. Each is built
    /// with the blank on the first cell outside its group; a group whose goal placement leaves
    /// the other cells connected has a table that serves any blank cell outside it (checked by
    /// [`LargePdb::from_groups`]).
    pub fn partitions_for(
        geometry: &Geometry,
        groups: &[Vec<u8>],
    ) -> Result<Vec<Partition>, PdbError> {
        let n = geometry.cells() as u8;
        groups
            .iter()
            .map(|group| {
                let blank = (0..n).find(|c| !group.contains(c)).unwrap_or(0);
                Partition::new(geometry, blank, vec![group.clone()])
            })
            .collect()
    }

    /// The 5x5 tables, from the tables of [`WindowTables::partitions`] in that order.
    pub fn new(full: Vec<Arc<PdbTables>>) -> Result<WindowTables, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::new_for(Geometry::new(5, 5)?, groups, full)
    }

    /// Tables for `groups`, which must cover every cell of `geometry` once, from the tables of
    /// [`WindowTables::partitions_for`] in that order.
    pub fn new_for(
        geometry: Geometry,
        groups: Vec<Vec<u8>>,
        full: Vec<Arc<PdbTables>>,
    ) -> Result<WindowTables, PdbError> {
        let partitions = WindowTables::partitions_for(&geometry, &groups)?;
        let covered = groups.iter().flatten().fold(0u32, |m, &c| m | 1 << c);
        if covered != geometry.all_cells()
            || groups.iter().map(Vec::len).sum::<usize>() != geometry.cells()
        {
            return Err(PdbError::BadPartition {
                reason: "the window tables' groups must cover every cell once".to_string(),
            });
        }
        if full.len() != partitions.len()
            || full
                .iter()
                .zip(&partitions)
                .any(|(t, p)| &t.partition() != p)
        {
            return Err(PdbError::BadPartition {
                reason: "the window tables take one table per group, in the groups' order"
                    .to_string(),
            });
        }
        Ok(WindowTables {
            small: vec![None; geometry.cells()],
            geometry,
            groups,
            full,
        })
    }

    /// Builds the 5x5 tables here, one after the other, with the fraction done.
    pub fn build(progress: impl FnMut(f64)) -> Result<WindowTables, PdbError> {
        let groups: Vec<Vec<u8>> = FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect();
        WindowTables::build_for(Geometry::new(5, 5)?, groups, progress)
    }

    /// Builds the tables of `groups` on `geometry` here, with the fraction done.
    pub fn build_for(
        geometry: Geometry,
        groups: Vec<Vec<u8>>,
        mut progress: impl FnMut(f64),
    ) -> Result<WindowTables, PdbError> {
        let partitions = WindowTables::partitions_for(&geometry, &groups)?;
        let count = partitions.len() as f64;
        let full = partitions
            .iter()
            .enumerate()
            .map(|(i, p)| {
                Arc::new(PdbTables::build(&geometry, p, |f| {
                    progress((i as f64 + f) / count)
                }))
            })
            .collect();
        WindowTables::new_for(geometry, groups, full)
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The heuristic for `goal` (any goal on this board), building the table of its blank
    /// cell's group without that cell if needed.
    pub fn pdb_for(&mut self, goal: &[u8]) -> Result<LargePdb, PdbError> {
        self.geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
        let mut groups = Vec::with_capacity(self.groups.len());
        for (group, full) in self.groups.iter().zip(&self.full) {
            if !group.contains(&(blank as u8)) {
                groups.push((Arc::clone(full), 0));
                continue;
            }
            if group.len() == 1 {
                continue;
            }
            let small = match &self.small[blank] {
                Some(small) => Arc::clone(small),
                None => {
                    let cells = group
                        .iter()
                        .copied()
                        .filter(|&c| c != blank as u8)
                        .collect();
                    let partition = Partition::new(&self.geometry, blank as u8, vec![cells])?;
                    let built = Arc::new(PdbTables::build(&self.geometry, &partition, |_| {}));
                    self.small[blank] = Some(Arc::clone(&built));
                    built
                }
            };
            groups.push((small, 0));
        }
        LargePdb::from_groups(goal, groups)
    }

    /// Builds the smaller table of every blank cell now (on 5x5: 25 of 303,600 bytes, 7.6 MB,
    /// about a second natively), so that no search waits for one.
    pub fn prepare_all(&mut self) -> Result<(), PdbError> {
        let n = self.geometry.cells() as u8;
        for blank in 0..n {
            let mut goal: Vec<u8> = (1..n).collect();
            goal.insert(blank as usize, 0);
            self.pdb_for(&goal)?;
        }
        Ok(())
    }

    /// Bytes held by the tables (the smaller ones built so far included).
    pub fn memory_bytes(&self) -> usize {
        self.full
            .iter()
            .chain(self.small.iter().flatten())
            .map(|t| t.memory_bytes())
            .sum()
    }
}

/// The window sizes tried, in moves, smallest first: a window is cheap to prove already
/// shortest (its start's estimate reaches its length) or to better when short.
const WINDOWS: [usize; 4] = [20, 30, 40, 56];
/// The most expansions one window's search may make.
const WINDOW_CAP: u64 = 20_000;

/// Re-optimises windows of `best` (a path from `start` to `goal`, blank moves): for windows
/// of growing sizes, half overlapping, an A* between the window's end states (bounded by the
/// window's length, and cut at `WINDOW_CAP` expansions) replaces the window by a shorter path
/// when there is one. Rounds repeat while one betters the path. Each better path goes to
/// `on_answer`; returns the best path if it is shorter than `best`.
pub fn improve_windows(
    tables: &mut WindowTables,
    start: &[u8],
    best: &[Dir],
    control: &mut Control,
    stats: &mut Stats,
    mut on_answer: impl FnMut(&[Dir]),
) -> Option<Vec<Dir>> {
    let geometry = tables.geometry.clone();
    let mut path = best.to_vec();
    let mut boards = boards_along(&geometry, start, &path)?;
    loop {
        let mut improved = false;
        for size in WINDOWS {
            let mut i = 0;
            while i < path.len() {
                let j = (i + size).min(path.len());
                let (a, b) = (&boards[i], &boards[j]);
                let Ok(pdb) = tables.pdb_for(b) else {
                    return None;
                };
                let length = (j - i) as u32;
                if control.checkpoint(stats).is_some() {
                    return (path.len() < best.len()).then_some(path);
                }
                if pdb.estimate(a) < length {
                    let mut engine = Engine::new(&pdb, WINDOW_CAP);
                    match engine.run(a, 100, length, control, stats) {
                        RunEnd::Found(id) => {
                            let shorter = engine.path_to(id);
                            path.splice(i..j, shorter);
                            boards = boards_along(&geometry, start, &path)?;
                            on_answer(&path);
                            improved = true;
                        }
                        RunEnd::Stopped(..) => return (path.len() < best.len()).then_some(path),
                        RunEnd::Exhausted | RunEnd::Capped => {}
                    }
                }
                if j == path.len() {
                    break;
                }
                i += size / 2;
            }
        }
        if !improved {
            break;
        }
    }
    (path.len() < best.len()).then_some(path)
}

/// The boards along `moves` from `start` (both ends included), or `None` if a move leaves the board.
fn boards_along(geometry: &Geometry, start: &[u8], moves: &[Dir]) -> Option<Vec<Vec<u8>>> {
    let mut boards = Vec::with_capacity(moves.len() + 1);
    let mut board = start.to_vec();
    let mut blank = board.iter().position(|&t| t == 0)?;
    boards.push(board.clone());
    for &dir in moves {
        let code = to_code(dir);
        let &(_, to) = geometry.moves(blank).iter().find(|&&(d, _)| d == code)?;
        board.swap(blank, to as usize);
        blank = to as usize;
        boards.push(board.clone());
    }
    Some(boards)
}

/// The first weights: answers within a few hundred thousand expansions, which the windows then
/// better.
const FIRST_WEIGHTS: [u32; 3] = [300, 200, 160];
/// The most expansions of each of those first runs.
const FIRST_CAP: u64 = 150_000;

/// The weights tried once the windows are done, while time is left: those below the weight of
/// the run that found the best answer so far.
const LATER_WEIGHTS: [u32; 14] = [
    250, 220, 200, 185, 170, 160, 150, 145, 140, 135, 130, 120, 110, 100,
];

/// Adds the counters of a later search to `stats`.
fn merge_stats(stats: &mut Stats, later: &Stats) {
    stats.expanded += later.expanded;
    stats.generated += later.generated;
    stats.duplicates += later.duplicates;
    stats.max_open = stats.max_open.max(later.max_open);
    stats.closed = stats.closed.max(later.closed);
    stats.peak_memory_bytes = stats.peak_memory_bytes.max(later.peak_memory_bytes);
    for (i, &n) in later.by_depth.iter().enumerate() {
        if i >= stats.by_depth.len() {
            stats.by_depth.resize(i + 1, 0);
        }
        stats.by_depth[i] += n;
    }
}

/// The near-optimal search for any start and goal (5x5 above all; any board `tables` cover):
/// weighted A* runs on the tables for a first answer (w = 3, 2 and 1.6, each capped at 150,000
/// expansions), then window re-optimisation until no window betters the path, then weighted A*
/// runs with lower weights (below the one that found the best answer, down to 1), each bounded
/// by the best path so far, until
/// `control` stops it (time, memory, states, cancel). Calls `on_answer` with each better path;
/// returns the best path (`None` if none was found, or none shorter than `bound`) with the
/// lower bound, `optimal` when it is proved shortest.
pub fn near_optimal_5x5(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    bound: Option<&[Dir]>,
    control: &mut Control,
    mut on_answer: impl FnMut(&[Dir]),
) -> Result<NearOptimal, PdbError> {
    let pdb = tables.pdb_for(goal)?;
    let given = bound.map(|b| b.len() as u32);
    let mut found = search_capped(
        &pdb,
        start,
        given,
        &FIRST_WEIGHTS,
        FIRST_CAP,
        control,
        &mut on_answer,
    )?;
    if found.optimal || found.stop.is_some() {
        return Ok(found);
    }
    let Some(first) = found.moves.clone().or_else(|| bound.map(<[Dir]>::to_vec)) else {
        return Ok(found);
    };
    let mut stats = std::mem::take(&mut found.stats);
    if let Some(better) =
        improve_windows(tables, start, &first, control, &mut stats, &mut on_answer)
    {
        found.moves = Some(better);
    }
    // The time left: lower weights, each bounded by the best path so far.
    let best_len = found
        .moves
        .as_ref()
        .map(Vec::len)
        .or(given.map(|g| g as usize));
    if let Some(best_len) = best_len {
        let weights: Vec<u32> = LATER_WEIGHTS
            .iter()
            .copied()
            .filter(|&w| found.weight.is_none_or(|best| w < best))
            .collect();
        let later = search_capped(
            &pdb,
            start,
            Some(best_len as u32),
            &weights,
            u64::MAX,
            control,
            &mut on_answer,
        )?;
        merge_stats(&mut stats, &later.stats);
        found.optimal = later.optimal;
        found.stop = later.stop;
        if later.moves.is_some() {
            found.moves = later.moves;
            found.weight = later.weight;
        }
    }
    if let Some(moves) = &found.moves {
        if moves.len() as u32 <= found.lower_bound {
            found.optimal = true;
        }
        if found.optimal {
            found.lower_bound = moves.len() as u32;
        }
    }
    stats.elapsed_ms = control.elapsed_ms();
    found.stats = stats;
    Ok(found)
}

/// The 5x5 improver: a path from `start` to `goal` strictly shorter than `best` (blank
/// moves), or `None`, by [`near_optimal_5x5`] bounded by `best`. Stops as `control` says (time,
/// states, bytes, cancel) with the best found so far.
pub fn improve_5x5(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    best: &[Dir],
    control: &mut Control,
) -> Option<Vec<Dir>> {
    near_optimal_5x5(tables, start, goal, Some(best), control, |_| {})
        .ok()
        .and_then(|found| found.moves)
        .filter(|moves| moves.len() < best.len())
}

/// Solves `start` for `goal` near-optimally with [`near_optimal_5x5`]: an outcome with the best
/// path found within `control`'s budget, `optimal` when proved shortest; its message gives the
/// lower bound.
pub fn solve_near_optimal(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    control: &mut Control,
) -> Outcome<Dir> {
    match near_optimal_5x5(tables, start, goal, None, control, |_| {}) {
        Err(e) => Outcome::stopped(
            Algorithm::Weighted,
            Status::Invalid,
            e.to_string(),
            Stats::default(),
        ),
        Ok(found) => match found.moves {
            Some(moves) => {
                let length = moves.len() as u64;
                let mut outcome =
                    Outcome::solved(Algorithm::Weighted, moves, found.optimal, found.stats);
                if !found.optimal {
                    outcome.message = format!(
                        "solved in {length} moves; at most {:.1}% longer than the shortest (lower bound {})",
                        (length as f64 / found.lower_bound.max(1) as f64 - 1.0) * 100.0,
                        found.lower_bound
                    );
                }
                outcome.with_heuristic(super::PDB_HEURISTIC_NAME)
            }
            None => {
                let (status, message) = found.stop.unwrap_or((
                    Status::Limit,
                    "no answer was found within the budget".to_string(),
                ));
                Outcome::stopped(Algorithm::Weighted, status, message, found.stats)
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_sliding;
    use crate::pdb::{Partition, PdbBuilder};
    use crate::search::Limits;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    fn tables(g: &Geometry, partition: &Partition) -> Arc<PdbTables> {
        let mut builder = PdbBuilder::new(g, partition);
        while !builder.step(1 << 18) {}
        Arc::new(builder.into_tables().unwrap_or_else(|e| panic!("{e}")))
    }

    /// 5x5 tables of eight 3-tile groups (rows of three cells): small enough for a test.
    fn small_five_by_five(blank: u8) -> Arc<PdbTables> {
        let g = geometry(5, 5);
        let cells: Vec<u8> = (0..25).filter(|&c| c != blank).collect();
        let groups = cells.chunks(3).map(|c| c.to_vec()).collect();
        tables(
            &g,
            &Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}")),
        )
    }

    /// 5x5 window tables of 3-cell groups (row-major runs, the last cell alone): small enough
    /// for a test.
    fn small_windows() -> WindowTables {
        let cells: Vec<u8> = (0..25).collect();
        let groups = cells.chunks(3).map(|c| c.to_vec()).collect();
        WindowTables::build_for(geometry(5, 5), groups, |_| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A random walk of `len` moves of the blank from `goal` (never straight back).
    fn walk(g: &Geometry, goal: &[u8], len: usize, seed: u64) -> Vec<u8> {
        let mut board = goal.to_vec();
        let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let mut last = usize::MAX;
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..len {
            let moves: Vec<usize> = g
                .moves(blank)
                .iter()
                .map(|&(_, to)| to as usize)
                .filter(|&to| to != last)
                .collect();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let to = moves[(x % moves.len() as u64) as usize];
            board.swap(blank, to);
            last = blank;
            blank = to;
        }
        board
    }

    fn letters(moves: &[Dir]) -> String {
        moves.iter().map(|d| d.letter()).collect()
    }

    #[test]
    fn the_heuristic_never_exceeds_the_distance_on_the_whole_3x3_space() {
        let g = geometry(3, 3);
        for blank in [8u8, 4, 1] {
            let mut goal: Vec<u8> = (1..9).collect();
            goal.insert(blank as usize, 0);
            let partition = Partition::default_for(&g, blank).unwrap_or_else(|e| panic!("{e}"));
            let pdb =
                LargePdb::new(tables(&g, &partition), &goal).unwrap_or_else(|e| panic!("{e}"));
            // Breadth-first from the goal over every reachable board.
            let mut dist = std::collections::HashMap::new();
            let mut queue = std::collections::VecDeque::new();
            dist.insert(goal.clone(), 0u32);
            queue.push_back(goal.clone());
            let mut exact = 0;
            while let Some(board) = queue.pop_front() {
                let d = dist[&board];
                let h = pdb.estimate(&board);
                assert!(h <= d, "{board:?}: h {h} > distance {d}");
                assert!(pdb.lower_bound(&board) <= d);
                exact += usize::from(h == d);
                let b = board.iter().position(|&t| t == 0).unwrap_or(0);
                for &(_, to) in g.moves(b) {
                    let mut next = board.clone();
                    next.swap(b, to as usize);
                    if !dist.contains_key(&next) {
                        dist.insert(next.clone(), d + 1);
                        queue.push_back(next);
                    }
                }
            }
            assert_eq!(dist.len(), 181_440);
            assert!(exact > 1000, "the tables are informative");
        }
    }

    #[test]
    fn near_optimal_answers_replay_and_respect_the_bounds_on_5x5() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        for (len, seed) in [(30, 1), (50, 2), (70, 3)] {
            let start = walk(&g, &goal, len, seed);
            let mut answers = Vec::new();
            let mut control = Control::new(Limits {
                max_states: 2_000_000,
                ..Limits::default()
            })
            .with_max_bytes(84 << 20);
            let found = search_near_optimal(&pdb, &start, None, &WEIGHTS, &mut control, |m| {
                answers.push(m.len())
            })
            .unwrap_or_else(|e| panic!("{e}"));
            let moves = found
                .moves
                .unwrap_or_else(|| panic!("walk {len}: {:?}", found.stop));
            assert_eq!(check_sliding(5, 5, &start, &goal, &letters(&moves)), Ok(()));
            assert!(found.lower_bound as usize <= moves.len());
            assert!(
                found.lower_bound as usize <= len,
                "admissible: the walk bounds the distance"
            );
            assert!(
                answers.windows(2).all(|w| w[1] < w[0]),
                "each answer better: {answers:?}"
            );
            assert_eq!(answers.last(), Some(&moves.len()));
            if found.optimal {
                assert_eq!(found.lower_bound as usize, moves.len());
                assert!(moves.len() <= len);
            }
            let mut windows = small_windows();
            let mut control = Control::new(Limits {
                max_states: 2_000_000,
                ..Limits::default()
            });
            let outcome = solve_near_optimal(&mut windows, &start, &goal, &mut control);
            assert_eq!(outcome.status, Status::Solved);
            assert_eq!(
                check_sliding(5, 5, &start, &goal, &letters(&outcome.moves)),
                Ok(())
            );
        }
    }

    #[test]
    fn the_improver_shortens_a_padded_path_or_says_none() {
        let g = geometry(5, 5);
        let mut windows = small_windows();
        // A goal with the blank inside, and a start a walk away.
        let mut goal: Vec<u8> = (1..25).collect();
        goal.insert(12, 0);
        let start = walk(&g, &goal, 40, 7);
        let limits = Limits {
            max_states: 2_000_000,
            ..Limits::default()
        };
        let first =
            solve_near_optimal(&mut windows, &start, &goal, &mut Control::new(limits)).moves;
        assert_eq!(check_sliding(5, 5, &start, &goal, &letters(&first)), Ok(()));
        // The answer with a detour (right and back) is longer.
        let padded: Vec<Dir> = first
            .iter()
            .copied()
            .chain([Dir::Right, Dir::Left])
            .collect();
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&padded)),
            Ok(())
        );
        let better = improve_5x5(
            &mut windows,
            &start,
            &goal,
            &padded,
            &mut Control::new(limits),
        )
        .unwrap_or_else(|| panic!("a shorter path exists"));
        assert!(better.len() < padded.len());
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&better)),
            Ok(())
        );
        // Windows alone shorten it too (the detour is inside a window).
        let mut stats = Stats::default();
        let mut control = Control::new(limits);
        let windowed = improve_windows(
            &mut windows,
            &start,
            &padded,
            &mut control,
            &mut stats,
            |_| {},
        )
        .unwrap_or_else(|| panic!("a window holds the detour"));
        assert!(windowed.len() <= first.len());
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&windowed)),
            Ok(())
        );
        // Nothing beats a path as short as the lower bound.
        let pdb = windows.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
        let lb = pdb.lower_bound(&start) as usize;
        assert!(lb <= better.len());
        if better.len() == lb {
            assert!(improve_5x5(
                &mut windows,
                &start,
                &goal,
                &better,
                &mut Control::new(limits)
            )
            .is_none());
        }
    }

    #[test]
    fn budgets_stop_the_search_and_bad_input_is_refused() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        let start = walk(&g, &goal, 400, 11);
        let mut control = Control::new(Limits {
            max_states: 1000,
            ..Limits::default()
        });
        let found = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(found.moves.is_none());
        assert!(matches!(found.stop, Some((Status::Limit, _))));
        let mut control = Control::new(Limits::default()).with_max_bytes(1 << 20);
        let found = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(found.stop, Some((Status::Limit, _))));
        assert!(found.stats.peak_memory_bytes <= 1 << 20);
        let mut unsolvable = start.clone();
        let (a, b) = if unsolvable[0] != 0 && unsolvable[1] != 0 {
            (0, 1)
        } else {
            (2, 3)
        };
        unsolvable.swap(a, b);
        let mut control = Control::new(Limits::default());
        assert!(
            search_near_optimal(&pdb, &unsolvable, None, &WEIGHTS, &mut control, |_| {}).is_err()
        );
        assert!(
            search_near_optimal(&pdb, &[1, 2, 3], None, &WEIGHTS, &mut control, |_| {}).is_err()
        );
        assert!(
            LargePdb::new(small_five_by_five(0), &goal).is_err(),
            "blank elsewhere"
        );
    }

    #[test]
    fn five_by_five_tables_round_trip_byte_for_byte() {
        let t = small_five_by_five(24);
        let bytes = t.to_bytes();
        let back = PdbTables::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&back, t.as_ref());
        assert_eq!(back.to_bytes(), bytes);
    }
}
