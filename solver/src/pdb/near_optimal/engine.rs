//! Restarting weighted A* on the tables ([`search_near_optimal`]): one run at a weight ([`Engine::run`]), its
//! memory kept within the byte budget, and the runs at decreasing weights, each bounded by the best answer so
//! far. The nodes and their index are in `nodes`.

use crate::said::Said;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use super::cells::{positions, MAX_GROUPS, MAX_VIEWS, N, NO_GROUP};
use super::large::LargePdb;
use super::nodes::{
    entry, nodes_within, pack, tile_at, to_code, to_dir, Arena, Index, Node, Packed, MAX_CHILDREN,
    MAX_G, MAX_NODES, NO_DIR,
};
use crate::pdb::board::Geometry;
use crate::pdb::error::PdbError;
use crate::search::{Control, MemoryWatch, Stats, Status, CHECK_EVERY};
use crate::sliding::Dir;

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
    pub stop: Option<(Status, Said)>,
    /// The weight (hundredths) of the run that found the best answer.
    pub weight: Option<u32>,
}

/// The search engine, its memory kept between runs.
pub(super) struct Engine<'p> {
    pub(super) pdb: &'p LargePdb,
    pub(super) geometry: &'p Geometry,
    pub(super) goal: Packed,
    pub(super) nodes: Arena,
    pub(super) index: Index,
    pub(super) open: BinaryHeap<Reverse<u64>>,
    pub(super) watch: MemoryWatch,
    /// The most expansions one run may make (a window's search is cut short rather than let
    /// eat the whole budget).
    pub(super) cap: u64,
}

/// How a run ended.
pub(super) enum RunEnd {
    /// A path shorter than the bound: the goal's node.
    Found(u32),
    /// The open list emptied: nothing shorter than the bound exists.
    Exhausted,
    /// The run used its `cap` of expansions.
    Capped,
    Stopped(Status, Said),
}

impl<'p> Engine<'p> {
    pub(super) fn new(pdb: &'p LargePdb, cap: u64) -> Engine<'p> {
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

    pub(super) fn memory(&self) -> u64 {
        self.nodes.bytes() + self.index.bytes() + self.open.capacity() as u64 * 8
    }

    /// Whether the index, half full, should double under `budget`: only if the rehash (both
    /// tables held) fits, and the budget then holds more nodes (up to half the doubled table)
    /// than it does beside the present table filled to three quarters.
    fn index_should_double(&self, budget: Option<u64>) -> bool {
        let Some(budget) = budget else {
            return true;
        };
        let slots = self.index.slots.len() as u64;
        let doubled = self.index.bytes() * 2;
        let without = (slots * 3 / 4).min(nodes_within(budget, self.index.bytes()));
        let with = slots.min(nodes_within(budget, doubled));
        self.memory() + doubled <= budget && with > without
    }

    /// Before an expansion: makes room for its children (at most [`MAX_CHILDREN`] nodes, index
    /// entries and open entries) within the byte budget, or says why it cannot. What grows is
    /// known beforehand, so the budget is checked against exactly that growth, its new block
    /// allocated while the old one is held: the index doubles where that pays
    /// ([`Engine::index_should_double`]), else fills up to three quarters and then doubles if
    /// it can; the open list doubles, else grows by what fits; the arena adds a block.
    fn make_room(&mut self, control: &Control, stats: &mut Stats) -> Option<(Status, Said)> {
        let budget = control.max_bytes();
        // Half full: doubles where that pays; three quarters full: doubles, or stops.
        if !self.index.fits(MAX_CHILDREN, false)
            && (self.index_should_double(budget) || !self.index.fits(MAX_CHILDREN, true))
        {
            let doubled = self.index.bytes() * 2;
            let stop = self
                .watch
                .check_growth(control, stats, self.memory(), doubled);
            if stop.is_some() {
                return stop;
            }
            self.index.double(&self.nodes);
        }
        let needed = self.open.len() + MAX_CHILDREN;
        if needed > self.open.capacity() {
            let held = self.memory() + self.nodes.growth(MAX_CHILDREN);
            let doubled = self.open.capacity().max(4) * 2;
            let most = budget.map_or(doubled, |b| (b.saturating_sub(held) / 8) as usize);
            let capacity = doubled.min(most).max(needed);
            let stop = self
                .watch
                .check_growth(control, stats, held, capacity as u64 * 8);
            if stop.is_some() {
                return stop;
            }
            self.open.reserve_exact(capacity - self.open.len());
        }
        let growth = self.nodes.growth(MAX_CHILDREN);
        self.watch
            .check_growth(control, stats, self.memory(), growth)
    }

    /// The tables' values of every group of every view for the board with tiles on `pos`.
    pub(super) fn group_values(
        &self,
        pos: &[u8; N],
        out: &mut [[u8; MAX_GROUPS]; MAX_VIEWS],
    ) -> u32 {
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

    /// Empties the memory of the last run and puts `start` in it, the open list's first entry at weight `w`;
    /// the run's end if `start` is the goal already.
    fn seed(&mut self, start: &[u8], w: u32, bound: u32) -> Option<RunEnd> {
        self.nodes.clear();
        self.index.clear();
        self.open.clear();
        let pos = positions(start);
        let mut values = [[0u8; MAX_GROUPS]; MAX_VIEWS];
        let dual = self.pdb.dual.as_ref();
        let h = self
            .group_values(&pos, &mut values)
            .max(dual.map_or(0, |d| d.estimate(start, pos[0])));
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
            self.index.insert(slot, 0, board);
        }
        if board == self.goal {
            return Some(if bound > 0 {
                RunEnd::Found(0)
            } else {
                RunEnd::Exhausted
            });
        }
        self.open.push(entry(w * h, 0, 0));
        None
    }

    /// Why the run must stop before its next expansion, if it must: a checkpoint of `control` (every
    /// `CHECK_EVERY` expansions, counted in `since_check`), the state limit, or no room for the children.
    #[inline(always)]
    fn stop_before_expanding(
        &mut self,
        control: &mut Control,
        stats: &mut Stats,
        since_check: &mut u64,
    ) -> Option<(Status, Said)> {
        *since_check += 1;
        if *since_check >= CHECK_EVERY {
            *since_check = 0;
            stats.open_size(self.open.len() as u64);
            if let Some(stop) = control.checkpoint(stats) {
                return Some(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(self.nodes.len() as u64) {
            return Some(stop);
        }
        if self.nodes.len() + MAX_CHILDREN > MAX_NODES {
            let states = MAX_NODES as u64;
            return Some((Status::Limit, Said::IdRoom { states }));
        }
        self.make_room(control, stats)
    }

    /// One weighted A* run from `start` (weight `w` hundredths) for a path shorter than `bound`.
    ///
    /// Expansion is partial (Yoshizumi, Miura and Ishida's partial expansion A*, with Felner et al.'s
    /// knowledge of which children): a node's first expansion stores only the children whose estimate is
    /// below its own, the ones a weighted search goes on with, and puts the node back in the open list under
    /// the best key of the others, which are stored only if that entry comes up. Most never do, so a byte
    /// budget holds a deeper search. A node's entry is its deferred children's when its key is above the
    /// node's own (`g * 100 + w * h`): theirs is at least `(g + 1) * 100 + w * h`.
    ///
    /// The loop stays one piece: it is the search's hot path, and each child's value is updated from its
    /// parent's per-group values held in locals.
    pub(super) fn run(
        &mut self,
        start: &[u8],
        w: u32,
        bound: u32,
        control: &mut Control,
        stats: &mut Stats,
    ) -> RunEnd {
        if let Some(end) = self.seed(start, w, bound) {
            return end;
        }
        let mut values = [[0u8; MAX_GROUPS]; MAX_VIEWS];
        let dual = self.pdb.dual.as_ref();
        let views = self.pdb.views.len();
        let n = self.geometry.cells();
        let mut since_check = 0u64;
        let mut expanded = 0u64;
        while let Some(Reverse(item)) = self.open.pop() {
            let id = (item & ((1 << 28) - 1)) as u32;
            let g = MAX_G - ((item >> 28) & 0xFFF) as u32;
            let node = self.nodes[id];
            let key = (item >> 40) as u32;
            let deferred = is_deferred(key, g, node.h as u32, w);
            if node.g as u32 != g || entry_floor(key, g, node.h as u32, w) >= bound {
                continue;
            }
            // A run that ends before this node's children are all in the open list puts it back there, so that
            // the open list still holds a node of every shortest path ([`Engine::open_floor`]).
            expanded += 1;
            if expanded > self.cap {
                self.open.push(Reverse(item));
                return RunEnd::Capped;
            }
            stats.expand_at(g as usize);
            if let Some((status, message)) =
                self.stop_before_expanding(control, stats, &mut since_check)
            {
                self.open.push(Reverse(item));
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
            // The dual lookups' values, for the children's.
            let mut dual_node = dual.map(|d| d.node(|cell| tile_at(node.board, cell), node.blank));
            let child_g = g + 1;
            if child_g >= MAX_G {
                continue;
            }
            // The least key of the children this expansion defers.
            let mut rest = u32::MAX;
            for &(dir, to) in self.geometry.moves(node.blank as usize) {
                if dir ^ 1 == node.dir {
                    continue;
                }
                stats.generated += 1;
                let tile = tile_at(node.board, to as usize);
                let child_board = node.board & !(31 << (5 * to as usize))
                    | (tile as Packed) << (5 * node.blank as usize);
                // The index's slot is read after the tables' lookups: its wait overlaps theirs.
                self.index.prefetch(child_board);
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
                if let (Some(d), Some(dual_node)) = (dual, dual_node.as_mut()) {
                    child_h = child_h.max(d.child(dual_node, node.blank, to));
                }
                if child_g + child_h >= bound {
                    continue;
                }
                let child_key = child_g * 100 + w * child_h;
                match (child_h < node.h as u32, deferred) {
                    // Stored at the node's first expansion.
                    (true, true) => continue,
                    (false, false) => {
                        rest = rest.min(child_key);
                        continue;
                    }
                    _ => {}
                }
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
                        self.index.insert(slot, new, child_board);
                        new
                    }
                };
                if child_board == self.goal {
                    self.open.push(Reverse(item));
                    return RunEnd::Found(child_id);
                }
                self.open.push(entry(child_key, child_g, child_id));
            }
            if rest != u32::MAX {
                self.open.push(entry(rest, g, id));
            }
        }
        RunEnd::Exhausted
    }

    /// The smallest g + h (h admissible) over the open list after a run that did not empty it: a lower bound on
    /// any path shorter than the run's bound. Every node reached by a shorter path is reopened and a run that
    /// stops puts its node back, so a shortest path always has a node in the open list with its true g (the
    /// argument of A*'s admissibility, which holds whatever order the weights give); nodes pruned by the bound
    /// have g + h at least the bound. `w`: the run's weight (hundredths). `None` when the open list holds no live
    /// node.
    pub(super) fn open_floor(&self, w: u32) -> Option<u32> {
        self.open
            .iter()
            .filter_map(|Reverse(item)| {
                let id = (item & ((1 << 28) - 1)) as u32;
                let g = MAX_G - ((item >> 28) & 0xFFF) as u32;
                let node = &self.nodes[id];
                let floor = entry_floor((item >> 40) as u32, g, node.h as u32, w);
                (node.g as u32 == g).then_some(floor)
            })
            .min()
    }

    /// The moves from the start to node `id`.
    pub(super) fn path_to(&self, mut id: u32) -> Vec<Dir> {
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

/// Whether an open entry of key `key` for a node of `g` and `h` (weight `w` hundredths) is its deferred
/// children's (see [`Engine::run`]): its own key is `g * 100 + w * h`, theirs above it.
#[inline(always)]
fn is_deferred(key: u32, g: u32, h: u32, w: u32) -> bool {
    key > g * 100 + w * h
}

/// The least g + h of the nodes an open entry of key `key` (weight `w` hundredths) stands for: its node's, of `g`
/// and `h`, or its node's deferred children's (see [`Engine::run`]), whose least h the key holds.
#[inline(always)]
fn entry_floor(key: u32, g: u32, h: u32, w: u32) -> u32 {
    if is_deferred(key, g, h, w) {
        g + 1 + (key - (g + 1) * 100) / w
    } else {
        g + h
    }
}

/// Searches for paths from `start` to the goal of `pdb` shorter than `bound` (any path if
/// `None`), by weighted A* runs with the weights `weights` (hundredths, decreasing; see the
/// module's header), calling `on_answer` with each better path (and the control, to report it).
/// Returns the best path, the lower bound (the start's estimate, raised by the smallest g + h a
/// run left open: `Engine::open_floor`), and whether the search proved it shortest.
pub fn search_near_optimal(
    pdb: &LargePdb,
    start: &[u8],
    bound: Option<u32>,
    weights: &[u32],
    control: &mut Control,
    on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Result<NearOptimal, PdbError> {
    search_capped(pdb, start, bound, weights, u64::MAX, control, on_answer)
}

/// [`search_near_optimal`] with at most `cap` expansions per run (a run that uses them all
/// gives way to the next weight).
pub(super) fn search_capped(
    pdb: &LargePdb,
    start: &[u8],
    bound: Option<u32>,
    weights: &[u32],
    cap: u64,
    control: &mut Control,
    mut on_answer: impl FnMut(&mut Control, &[Dir]),
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
        let end = engine.run(start, w, bound, control, &mut stats);
        if !matches!(end, RunEnd::Exhausted) {
            // No path shorter than the run's bound is shorter than its open list's floor.
            if let Some(floor) = engine.open_floor(w) {
                result.lower_bound = result.lower_bound.max(floor.min(bound));
            }
        }
        match end {
            RunEnd::Found(id) => {
                let path = engine.path_to(id);
                bound = path.len() as u32;
                on_answer(control, &path);
                best = Some(path);
                result.weight = Some(w);
                if bound <= result.lower_bound {
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
        result.lower_bound = result.lower_bound.max(bound);
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
