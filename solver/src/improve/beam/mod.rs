//! Beam search over whole boards: from the start, each layer keeps the `width` boards of the next depth with the
//! lowest Manhattan distance plus linear conflict plus a penalty on tiles far from home ([`Penalised`]), so that
//! many tiles move towards their goals at once (the staged solver moves one or two at a time and disturbs the
//! rest). Widths double while time remains, each run bounded by the best length so far.
//!
//! The penalty: Manhattan distance prices a tile ten cells from home at ten moves whatever the board, but late in
//! a beam, with the board nearly solved around it, bringing it home costs several times that (every cell it
//! crosses is a detour of the blank through placed tiles). A beam steered by distance alone leaves such tiles
//! for last and then wanders; a term growing with the square of each tile's distance brings them in while the
//! board is still loose (docs/performance.md, "Every size, staged and improved", measures the answers).
//!
//! When a beam's lowest value has not fallen for a while it is wandering, and the staged solver finishes from
//! the board of that value.
//!
//! Memory is bounded per run: a lossy table of the boards seen (a board seen again is dropped, so the beam does
//! not walk in circles), an eighth of the control's budget at most; the boards of two layers and the candidates
//! of one (fixed by the width); and a node (parent, move) of 4 bytes per board kept, width times the bound at
//! most, reserved at the start of the run from what the budget leaves, which chooses the widest beam tried.
//! Nothing is allocated per expansion.

use super::{Improver, Problem};
use crate::search::{Control, Stats, CHECK_EVERY};
use crate::sliding::{
    tile_table, Board, Bytes, Cells, Dir, LinearConflict, Nibbles, Quints, SlidingPuzzle,
};
use crate::{rules::BOARD_MAX_CELLS, Heuristic, Puzzle};

/// The beam widths tried, in order, while time remains: 128, 256, ..., 65,536 (narrower beams give answers
/// longer than the staged solver's). Each doubling about doubles the time; on 8x8 an answer's length varies
/// by 10-20% from one width to the next (which boards a beam keeps is chaotic), so every width is one more
/// chance.
const WIDTHS: [usize; 10] = [128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768, 65536];

/// The seen-board table's slots: 2^20 of 8 bytes, 8 MiB, or an eighth of the control's memory budget if that is
/// less (a budget of 16 MiB gives 2^18 slots).
const SEEN_BITS: u32 = 20;

/// The most bytes a run's nodes may take (4 bytes a node, at most the width times the bound): 32 MiB, or what the
/// control's memory budget leaves beside the seen table and the layers if that is less.
const MAX_NODE_BYTES: u64 = 32 << 20;

/// A beam whose lowest value has not fallen for this many layers, plus that value, is wandering: the staged
/// solver finishes from the board of that value.
const STALL_LAYERS: usize = 96;

/// The penalties of successive beams, as (scale, free): a tile `d` cells from home costs
/// `scale * max(0, d - free)^2 / 8` moves. The first steers the widths as they double; each further one a beam of
/// the widest width again (with its own order among boards of equal value).
const VARIANTS: [(u32, u32); 4] = [(2, 2), (1, 0), (4, 2), (2, 1)];

/// Beams of the widest width are repeated while they end before this share of the time limit: the windows
/// get the rest.
const REPEAT_END: f64 = 0.85;

/// Boards of at least this many cells (7x7, 8x8, 5x8) spend the beam's time on tails ([`tail_beams`]) once the
/// widths have doubled to [`DOUBLING_END`] of the time limit. On 6 random boards each at 2 s, answers 1.5%
/// shorter on 5x8, 0.6% on 7x7, 1.4% on 8x8 (1.8% and 1.6% in another run); on 6x6 and 6x5 no change, on 4x7
/// 1.7% longer.
const TAIL_CELLS: usize = 40;

/// Where tails are beamed, widths stop doubling when the next one would end past this share of the time limit.
const DOUBLING_END: f64 = 0.3;

/// The tails' first boards, as shares of the best path's length, in turn.
const TAIL_FROM: [f64; 6] = [0.5, 0.3, 0.7, 0.4, 0.6, 0.2];

/// The most tails beamed in one improvement (the time ends them first at 2 s).
const MAX_TAILS: usize = 64;

/// Beam search as an [`Improver`], scheduling its widths within `share` of the control's time limit (the rest is
/// left to the improvers after it).
#[derive(Debug)]
pub struct BeamSearch {
    pub share: f64,
}

impl Default for BeamSearch {
    fn default() -> BeamSearch {
        BeamSearch { share: 1.0 }
    }
}

impl Improver for BeamSearch {
    fn name(&self) -> &'static str {
        "beam search"
    }

    /// The beams below, run as if the control's time limit were `share` of it.
    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>> {
        let limit = control.limits.time_limit_ms;
        control.limits.time_limit_ms = limit.map(|ms| (ms as f64 * self.share) as u64);
        let shortest = beams(problem, best, control, &mut Stats::default(), found);
        control.limits.time_limit_ms = limit;
        shortest
    }
}

/// Widths 128, 256, ... while the control allows; a width is not started when the last one's time, twice over,
/// would pass the time limit (its answer would be lost, and the windows get the time), the first one while the
/// time is before [`REPEAT_END`] of the limit. Then, while the last width's time again fits before
/// [`REPEAT_END`] of the limit, that width again with the next of [`VARIANTS`] (each beam is one more chance); on
/// boards of [`TAIL_CELLS`] or more, the widths stop at [`DOUBLING_END`] of the limit and tails are beamed instead
/// ([`tail_beams`]). The shortest path found below `best`'s length; the beams' counts go to `stats`.
pub(super) fn beams(
    problem: &Problem,
    best: &[Dir],
    control: &mut Control,
    stats: &mut Stats,
    found: &mut dyn FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    let mut shortest: Option<Vec<Dir>> = None;
    let max_bytes = control.max_bytes();
    let mut beam = Beam::with_seen_bits(max_bytes.map_or(SEEN_BITS, seen_bits));
    let limit = control.limits.time_limit_ms.map(|ms| ms as f64);
    let (mut last_ms, mut last_width) = (0.0, 0);
    let mut widths = WIDTHS.iter().copied();
    let mut variant = 0;
    let tails = problem.shape.cells() >= TAIL_CELLS;
    let doubling_end = if tails { DOUBLING_END } else { 1.0 };
    loop {
        let bar = shortest.as_ref().map_or(best.len(), Vec::len);
        let room_for = |width: usize| fits(max_bytes, beam.seen_bits, width, bar);
        let began = control.elapsed_ms();
        // The first width is tried whenever the repeats would be: when the improvers before the beam took past
        // `doubling_end` of the limit, no width run would mean no beam and no tails.
        let until = if last_width == 0 {
            doubling_end.max(REPEAT_END)
        } else {
            doubling_end
        };
        let width = match widths.next() {
            Some(width)
                if variant == 0
                    && room_for(width)
                    && limit.is_none_or(|limit| began + 2.0 * last_ms <= until * limit) =>
            {
                width
            }
            _ if tails => break,
            _ => {
                variant += 1;
                let room = limit.is_some_and(|limit| began + last_ms <= REPEAT_END * limit);
                if variant >= VARIANTS.len() || last_width == 0 || !room || !room_for(last_width) {
                    break;
                }
                last_width
            }
        };
        let Ok(path) = beam.search_variant(problem, width, variant, bar, control, stats) else {
            break;
        };
        (last_ms, last_width) = (control.elapsed_ms() - began, width);
        if let Some(path) = path {
            found(control, &path);
            shortest = Some(path);
        }
    }
    if tails && last_width > 0 {
        let mut path = shortest.clone().unwrap_or_else(|| best.to_vec());
        let run = (last_width, last_ms);
        if tail_beams(&mut beam, problem, &mut path, run, control, stats, found) {
            shortest = Some(path);
        }
    }
    shortest
}

/// Beams from boards along `path` (the share [`TAIL_FROM`] of its length in, in turn) to the goal, at `width`,
/// whose beam from the start took `ms`, while the next would end before [`REPEAT_END`] of the time limit; a
/// tail shorter than the path's from its board replaces it, and the whole goes to `found`. Whether `path` was
/// shortened. Past the widths that fit in the time, a wider beam from the start seldom beats the best (on two
/// 8x8 boards, five of the six from 2,048 up found nothing shorter), while a tail's beam costs its share of one
/// and keeps what the path gained before it.
fn tail_beams(
    beam: &mut Beam,
    problem: &Problem,
    path: &mut Vec<Dir>,
    (width, ms): (usize, f64),
    control: &mut Control,
    stats: &mut Stats,
    found: &mut dyn FnMut(&mut Control, &[Dir]),
) -> bool {
    let Some(limit) = control.limits.time_limit_ms.map(|ms| ms as f64) else {
        return false;
    };
    let n = problem.shape.cells();
    let mut shortened = false;
    for round in 1..=MAX_TAILS {
        let from = TAIL_FROM[(round - 1) % TAIL_FROM.len()];
        if control.elapsed_ms() + ms * (1.0 - from) > REPEAT_END * limit
            || !fits(control.max_bytes(), beam.seen_bits, width, path.len())
        {
            break;
        }
        let at = (path.len() as f64 * from) as usize;
        let boards = super::boards_along(problem.shape, problem.start, &path[..at]);
        let tail = Problem {
            start: &boards[at * n..],
            ..*problem
        };
        // Each round steers by the next penalty, with its own order among boards of equal value.
        let Ok(rest) = beam.search_variant(&tail, width, round, path.len() - at, control, stats)
        else {
            break;
        };
        if let Some(rest) = rest {
            let mut whole = path[..at].to_vec();
            whole.extend(rest);
            let whole = super::remove_wasted(problem.shape, problem.start, &whole);
            if whole.len() < path.len() {
                found(control, &whole);
                *path = whole;
                shortened = true;
            }
        }
    }
    shortened
}

/// What steers the beam: Manhattan distance plus linear conflict, plus for each tile `d` cells from its goal
/// cell a penalty growing with `d` squared (see the module's header). Zero on the goal alone.
pub struct Penalised {
    conflict: LinearConflict,
    /// `penalty[tile][cell]`: the penalty of `tile` standing on `cell`; the blank's row is all zeros.
    penalty: Box<[[u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]>,
    cells: usize,
}

impl Penalised {
    /// The guide towards the puzzle's goal with the penalty `scale * max(0, d - free)^2 / 8`.
    pub fn new<C: Cells>(puzzle: &SlidingPuzzle<C>, (scale, free): (u32, u32)) -> Penalised {
        let penalty = tile_table(puzzle, |distance| {
            let far = distance.saturating_sub(free);
            (scale * far * far / 8).min(255) as u8
        });
        Penalised {
            conflict: LinearConflict::new(puzzle),
            penalty,
            cells: puzzle.cell_count(),
        }
    }

    /// The value of `board`.
    #[inline]
    pub fn value<C: Cells>(&self, board: &Board<C>) -> u32 {
        let penalty: u32 = (0..self.cells)
            .map(|cell| u32::from(self.penalty[usize::from(board.tile_at(cell))][cell]))
            .sum();
        self.conflict.estimate(board) + penalty
    }

    /// The value of `next`, one move from `board` of value `value`: the moved tile's changes.
    #[inline(always)]
    pub fn value_after<C: Cells>(&self, board: &Board<C>, value: u32, next: &Board<C>) -> u32 {
        let (to, from) = (board.blank(), next.blank());
        let tile = usize::from(next.tile_at(to));
        let penalty = i32::from(self.penalty[tile][to]) - i32::from(self.penalty[tile][from]);
        self.conflict
            .estimate_after(board, value, next)
            .wrapping_add_signed(penalty)
    }
}

/// One beam's settings.
#[derive(Debug, Clone, Copy)]
struct Run {
    width: usize,
    variant: usize,
    shorter_than: usize,
}

/// A board of the current layer.
#[derive(Clone, Copy)]
struct Entry<C> {
    board: Board<C>,
    hash: u64,
    /// The board's [`Penalised`] value.
    value: u32,
    node: u32,
    dir: Dir,
}

/// A candidate for the next layer, small so that choosing among them moves little memory: its rank (the
/// value above, a tie-break below, so that the choice is deterministic), its parent in the layer and the
/// blank's move.
#[derive(Clone, Copy)]
struct Candidate {
    rank: u64,
    parent: u32,
    dir: Dir,
}

/// How many entries of a layer ahead the seen table's slots are fetched.
const LOOK_AHEAD: usize = 6;

/// No cell: the end of a cell's neighbours.
const NO_CELL: u8 = u8::MAX;

/// The seen table's size in bits for a memory budget of `max_bytes`: at most an eighth of it, 2^14 to 2^20 slots.
fn seen_bits(max_bytes: u64) -> u32 {
    (max_bytes / 64).max(1 << 14).ilog2().min(SEEN_BITS)
}

/// Whether a beam of `width` bounded by `bar` moves has room for its nodes: [`MAX_NODE_BYTES`] at most, and what
/// the budget `max_bytes` leaves beside a seen table of `seen_bits` and the layers.
fn fits(max_bytes: Option<u64>, seen_bits: u32, width: usize, bar: usize) -> bool {
    let rest = (8u64 << seen_bits) + width as u64 * LAYER_BYTES_PER_WIDTH + SLACK_BYTES;
    let room = max_bytes.map_or(MAX_NODE_BYTES, |b| {
        b.saturating_sub(rest).min(MAX_NODE_BYTES)
    });
    (width as u64).saturating_mul(bar as u64) * 4 <= room
}

/// The most bytes of the two layers of boards and the one of candidates, per unit of width.
const LAYER_BYTES_PER_WIDTH: u64 =
    (2 * std::mem::size_of::<Entry<Bytes>>() + 3 * std::mem::size_of::<Candidate>()) as u64;

/// Room left in the budget for the few bytes a run holds beyond its nodes, seen table and layers.
const SLACK_BYTES: u64 = 64 << 10;

/// The reusable buffers of beam search.
pub struct Beam {
    /// Per board kept: its parent's node << 2 | the blank's move into it.
    nodes: Vec<u32>,
    seen: Vec<u64>,
    /// The seen table has `1 << seen_bits` slots.
    seen_bits: u32,
    /// A random key per (tile, cell): a board's hash is the exclusive or of its tiles' keys.
    zobrist: Vec<u64>,
}

/// The control said stop.
#[derive(Debug)]
pub struct Stopped;

impl Beam {
    pub fn new() -> Beam {
        Beam::with_seen_bits(SEEN_BITS)
    }

    /// A beam whose seen table has `1 << seen_bits` slots.
    fn with_seen_bits(seen_bits: u32) -> Beam {
        let mut random = crate::random::SplitMix64::new(0x5EED_BEA4);
        Beam {
            nodes: Vec::new(),
            seen: Vec::new(),
            seen_bits,
            zobrist: (0..BOARD_MAX_CELLS * BOARD_MAX_CELLS)
                .map(|_| random.next_u64())
                .collect(),
        }
    }

    /// A path from start to goal shorter than `shorter_than` moves found by a beam of `width` steered by the
    /// penalty of [`VARIANTS`]`[variant]` (taken modulo their number), if the beam reaches the goal; `Err` when
    /// the control says stop. Boards of equal value are kept in the order of their generation in the first
    /// variant, of a hash of the board and the variant in the others.
    pub fn search_variant(
        &mut self,
        problem: &Problem,
        width: usize,
        variant: usize,
        shorter_than: usize,
        control: &mut Control,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Dir>>, Stopped> {
        let shape = problem.shape;
        let run = Run {
            width,
            variant,
            shorter_than,
        };
        if SlidingPuzzle::<Nibbles>::fits(shape) {
            self.run::<Nibbles>(problem, run, control, stats)
        } else if SlidingPuzzle::<Quints>::fits(shape) {
            self.run::<Quints>(problem, run, control, stats)
        } else {
            self.run::<Bytes>(problem, run, control, stats)
        }
    }

    /// One beam at `run`'s width: layer after layer, each board's moves ranked and the best `width` kept, until
    /// the goal or the length to beat. It stays one function: it is the improver's hot loop, and its buffers,
    /// its seen table and its ranking share state that splitting would pass through every layer's call.
    fn run<C: Cells>(
        &mut self,
        problem: &Problem,
        run: Run,
        control: &mut Control,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Dir>>, Stopped> {
        let Run {
            width,
            variant,
            shorter_than,
        } = run;
        let Ok(puzzle) = SlidingPuzzle::<C>::new(problem.shape, problem.start, problem.goal) else {
            return Ok(None);
        };
        let guide = Penalised::new(&puzzle, VARIANTS[variant % VARIANTS.len()]);
        // Ties among boards of equal value: in the order of generation, or of the hash's high bits, salted.
        let salt = (variant as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let n = problem.shape.cells();
        let start = puzzle.start();
        let goal = puzzle.goal();
        if start == goal {
            return Ok(Some(Vec::new()));
        }
        self.seen.clear();
        self.seen.resize(1 << self.seen_bits, 0);
        let shift = 64 - self.seen_bits;
        // Every node this run may keep, reserved at once: growing by doubling on the way would take up to twice
        // the bytes the width was chosen for, and copy them.
        let most_nodes = width * shorter_than + 1;
        if self.nodes.capacity() < most_nodes {
            // The old buffer goes back before the larger one is taken.
            self.nodes = Vec::new();
            self.nodes.reserve_exact(most_nodes);
        }
        self.nodes.clear();
        self.nodes.push(u32::MAX);
        let zobrist = &self.zobrist;
        let key = |tile: u8, cell: usize| zobrist[usize::from(tile) * BOARD_MAX_CELLS + cell];
        let hash = (0..n).fold(0u64, |h, c| h ^ key(start.tile_at(c), c));
        let mut layer = Vec::with_capacity(width);
        layer.push(Entry {
            board: start,
            hash,
            value: guide.value(&start),
            node: 0,
            dir: Dir::Up,
        });
        // Each cell's neighbours, for the look-ahead into the seen table.
        let mut around = [[NO_CELL; 4]; BOARD_MAX_CELLS];
        for (cell, cells) in around.iter_mut().enumerate().take(n) {
            let mut k = 0;
            for dir in Dir::ALL {
                if let Some(to) = problem.shape.step(cell, dir) {
                    cells[k] = to as u8;
                    k += 1;
                }
            }
        }
        let mut before: Vec<Entry<C>> = Vec::with_capacity(width);
        let mut next: Vec<Candidate> = Vec::with_capacity(3 * width + 4);
        let mut until_check = CHECK_EVERY;
        // The board of lowest value reached: (value, depth, node, board).
        let mut lowest = (layer[0].value, 0, 0, start);
        for depth in 1..shorter_than {
            next.clear();
            for (at, entry) in layer.iter().enumerate() {
                // The seen table is far larger than the caches: its slots for the children of an entry a few
                // places ahead are fetched now, so that they are there when that entry is expanded.
                if let Some(ahead) = layer.get(at + LOOK_AHEAD) {
                    let blank = ahead.board.blank();
                    for &to in around[blank].iter().take_while(|&&to| to != NO_CELL) {
                        let to = usize::from(to);
                        let tile = ahead.board.tile_at(to);
                        let hash = ahead.hash ^ key(tile, to) ^ key(tile, blank);
                        crate::search::prefetch(&self.seen[(hash >> shift) as usize]);
                    }
                }
                let skip = (depth > 1).then(|| entry.dir.opposite());
                let mut reached = None;
                let from = entry.board.blank();
                puzzle.for_each_successor_except(&entry.board, skip, |dir, board| {
                    if board == goal {
                        reached = Some(dir);
                        return;
                    }
                    // The tile moved from the blank's new cell into its old one.
                    let to = board.blank();
                    let tile = entry.board.tile_at(to);
                    let hash = entry.hash ^ key(tile, to) ^ key(tile, from);
                    let slot = (hash >> shift) as usize;
                    if self.seen[slot] == hash {
                        return;
                    }
                    self.seen[slot] = hash;
                    let value = guide.value_after(&entry.board, entry.value, &board);
                    next.push(Candidate {
                        rank: u64::from(value) << 32
                            | if variant == 0 {
                                next.len() as u64
                            } else {
                                (hash ^ salt) >> 32
                            },
                        parent: at as u32,
                        dir,
                    });
                });
                if let Some(dir) = reached {
                    let mut moves = self.path(entry.node);
                    moves.push(dir);
                    return Ok(Some(moves));
                }
                stats.expanded += 1;
                until_check -= 1;
                if until_check == 0 {
                    until_check = CHECK_EVERY;
                    let bytes = self.nodes.capacity() * 4
                        + self.seen.capacity() * 8
                        + (layer.capacity() + before.capacity()) * std::mem::size_of::<Entry<C>>()
                        + next.capacity() * std::mem::size_of::<Candidate>();
                    stats.peak_memory_bytes = stats.peak_memory_bytes.max(bytes as u64);
                    if control.checkpoint(stats).is_some()
                        || stats.expanded > control.limits.max_states
                    {
                        return Err(Stopped);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            if next.len() > width {
                next.select_nth_unstable_by_key(width, |c| c.rank);
                next.truncate(width);
            }
            std::mem::swap(&mut layer, &mut before);
            layer.clear();
            for candidate in &next {
                let parent = &before[candidate.parent as usize];
                let Some(board) = puzzle.play(&parent.board, candidate.dir) else {
                    continue;
                };
                let (from, to) = (parent.board.blank(), board.blank());
                let tile = parent.board.tile_at(to);
                let node = self.nodes.len() as u32;
                self.nodes.push(parent.node << 2 | candidate.dir as u32);
                layer.push(Entry {
                    board,
                    hash: parent.hash ^ key(tile, to) ^ key(tile, from),
                    value: (candidate.rank >> 32) as u32,
                    node,
                    dir: candidate.dir,
                });
            }
            if let Some(entry) = layer.iter().min_by_key(|e| e.value) {
                if entry.value < lowest.0 {
                    lowest = (entry.value, depth, entry.node, entry.board);
                } else if depth - lowest.1 > STALL_LAYERS + lowest.0 as usize {
                    break;
                }
            }
        }
        // The beam wandered: the staged solver finishes from the closest board it reached.
        let (_, depth, node, board) = lowest;
        if depth == 0 {
            return Ok(None);
        }
        let tiles = puzzle.tiles(&board);
        let Ok(rest) = crate::staged::solve(problem.shape, &tiles, problem.goal) else {
            return Ok(None);
        };
        let mut moves = self.path(node);
        moves.extend(rest.moves);
        let moves = super::remove_wasted(problem.shape, problem.start, &moves);
        Ok((moves.len() < shorter_than).then_some(moves))
    }

    /// The moves to the node `node`.
    fn path(&self, mut node: u32) -> Vec<Dir> {
        let mut moves = Vec::new();
        while node != 0 {
            let packed = self.nodes[node as usize];
            moves.push(Dir::ALL[(packed & 3) as usize]);
            node = packed >> 2;
        }
        moves.reverse();
        moves
    }
}

impl Default for Beam {
    fn default() -> Self {
        Beam::new()
    }
}

#[cfg(test)]
mod tests;
