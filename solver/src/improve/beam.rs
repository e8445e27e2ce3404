//! Beam search over whole boards: from the start, each layer keeps the `width` boards of the next depth with the
//! lowest Manhattan distance plus linear conflict, so that many tiles move towards their goals at once (the
//! staged solver moves one or two at a time and disturbs the rest). Widths double while time remains, each
//! run bounded by the best length so far. On 6x6 a beam of 2,048 gives about 1.7 times the Manhattan distance
//! where the staged solver gives 2.1. On 8x8 a narrow beam may wander (most of it chasing tiles one or two
//! cells away): when its lowest estimate has not fallen for a while, the staged solver finishes from the
//! board of that estimate.
//!
//! Memory is bounded per run: the boards of two layers and the candidates of one (fixed by the width), a node
//! (parent, move) of 4 bytes per board kept (width times the bound at most, which chooses the widest beam
//! tried), and a lossy table of the boards seen (a board seen again is dropped, so the beam does not walk in
//! circles). Nothing is allocated per expansion.

use super::{Improver, Problem};
use crate::search::{Control, Stats, CHECK_EVERY};
use crate::sliding::{
    Board, Bytes, Cells, Dir, LinearConflict, Nibbles, Quints, SlidingPuzzle, MAX_CELLS,
};
use crate::{Heuristic, Puzzle};

/// The beam widths tried, in order, while time remains: 128, 256, ..., 32,768 (narrower beams give answers
/// longer than the staged solver's). Each doubling about doubles the time; on 8x8 an answer's length varies
/// by 10-20% from one width to the next (which boards a beam keeps is chaotic), so every width is one more
/// chance.
const WIDTHS: [usize; 9] = [128, 256, 512, 1024, 2048, 4096, 8192, 16384, 32768];

/// The seen-board table's slots: 2^20 of 8 bytes, 8 MiB.
const SEEN_BITS: u32 = 20;

/// The most bytes a run's nodes may take (4 bytes a node, at most the width times the bound): 32 MiB, or a
/// quarter of the control's memory budget if that is less.
const MAX_NODE_BYTES: u64 = 32 << 20;

/// A beam whose lowest estimate has not fallen for this many layers, plus that estimate, is wandering: the
/// staged solver finishes from the board of that estimate.
const STALL_LAYERS: usize = 96;

/// Beam search as an [`Improver`].
#[derive(Debug, Default)]
pub struct BeamSearch;

impl Improver for BeamSearch {
    fn name(&self) -> &'static str {
        "beam search"
    }

    /// Widths 128, 256, ... while the control allows; a width is not started when the last one's time, twice
    /// over, would pass the time limit (its answer would be lost, and the windows get the time).
    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>> {
        let mut stats = Stats::default();
        let mut shortest: Option<Vec<Dir>> = None;
        let mut beam = Beam::new();
        let node_bytes = control
            .max_bytes()
            .map_or(MAX_NODE_BYTES, |b| (b / 4).min(MAX_NODE_BYTES));
        let mut last_ms = 0.0;
        for width in WIDTHS {
            let bar = shortest.as_ref().map_or(best.len(), Vec::len);
            if (width as u64).saturating_mul(bar as u64) * 4 > node_bytes {
                break;
            }
            let began = control.elapsed_ms();
            if let Some(limit) = control.limits.time_limit_ms {
                if began + 2.0 * last_ms > limit as f64 {
                    break;
                }
            }
            let Ok(path) = beam.search(problem, width, bar, control, &mut stats) else {
                break;
            };
            last_ms = control.elapsed_ms() - began;
            if let Some(path) = path {
                found(control, &path);
                shortest = Some(path);
            }
        }
        shortest
    }
}

/// A board of the current layer.
#[derive(Clone, Copy)]
struct Entry<C> {
    board: Board<C>,
    hash: u64,
    /// Manhattan distance plus linear conflict.
    estimate: u32,
    node: u32,
    dir: Dir,
}

/// A candidate for the next layer, small so that choosing among them moves little memory: its rank (the
/// estimate above, the order of generation below, so that the choice is deterministic), its parent in the
/// layer and the blank's move.
#[derive(Clone, Copy)]
struct Candidate {
    rank: u64,
    parent: u32,
    dir: Dir,
}

/// The reusable buffers of beam search.
pub struct Beam {
    /// Per board kept: its parent's node << 2 | the blank's move into it.
    nodes: Vec<u32>,
    seen: Vec<u64>,
    /// A random key per (tile, cell): a board's hash is the exclusive or of its tiles' keys.
    zobrist: Vec<u64>,
}

/// The control said stop.
#[derive(Debug)]
pub struct Stopped;

impl Beam {
    pub fn new() -> Beam {
        let mut random = crate::random::SplitMix64::new(0x5EED_BEA4);
        Beam {
            nodes: Vec::new(),
            seen: Vec::new(),
            zobrist: (0..MAX_CELLS * MAX_CELLS)
                .map(|_| random.next_u64())
                .collect(),
        }
    }

    /// A path from start to goal shorter than `shorter_than` moves found by a beam of `width`, if the beam
    /// reaches the goal; `Err` when the control says stop.
    pub fn search(
        &mut self,
        problem: &Problem,
        width: usize,
        shorter_than: usize,
        control: &mut Control,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Dir>>, Stopped> {
        let shape = problem.shape;
        if SlidingPuzzle::<Nibbles>::fits(shape) {
            self.run::<Nibbles>(problem, width, shorter_than, control, stats)
        } else if SlidingPuzzle::<Quints>::fits(shape) {
            self.run::<Quints>(problem, width, shorter_than, control, stats)
        } else {
            self.run::<Bytes>(problem, width, shorter_than, control, stats)
        }
    }

    fn run<C: Cells>(
        &mut self,
        problem: &Problem,
        width: usize,
        shorter_than: usize,
        control: &mut Control,
        stats: &mut Stats,
    ) -> Result<Option<Vec<Dir>>, Stopped> {
        let Ok(puzzle) = SlidingPuzzle::<C>::new(problem.shape, problem.start, problem.goal) else {
            return Ok(None);
        };
        let heuristic = LinearConflict::new(&puzzle);
        let n = problem.shape.cells();
        let start = puzzle.start();
        let goal = puzzle.goal();
        if start == goal {
            return Ok(Some(Vec::new()));
        }
        self.seen.clear();
        self.seen.resize(1 << SEEN_BITS, 0);
        self.nodes.clear();
        self.nodes.push(u32::MAX);
        let zobrist = &self.zobrist;
        let key = |tile: u8, cell: usize| zobrist[usize::from(tile) * MAX_CELLS + cell];
        let hash = (0..n).fold(0u64, |h, c| h ^ key(start.tile_at(c), c));
        let mut layer = Vec::with_capacity(width);
        layer.push(Entry {
            board: start,
            hash,
            estimate: heuristic.estimate(&start),
            node: 0,
            dir: Dir::Up,
        });
        let mut before: Vec<Entry<C>> = Vec::with_capacity(width);
        let mut next: Vec<Candidate> = Vec::with_capacity(3 * width + 4);
        let mut until_check = CHECK_EVERY;
        // The board of lowest estimate reached: (estimate, depth, node, board).
        let mut lowest = (layer[0].estimate, 0, 0, start);
        for depth in 1..shorter_than {
            next.clear();
            for (at, entry) in layer.iter().enumerate() {
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
                    let slot = (hash >> (64 - SEEN_BITS)) as usize;
                    if self.seen[slot] == hash {
                        return;
                    }
                    self.seen[slot] = hash;
                    let estimate = heuristic.estimate_after(&entry.board, entry.estimate, &board);
                    next.push(Candidate {
                        rank: u64::from(estimate) << 32 | next.len() as u64,
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
                    estimate: heuristic.estimate_after(&parent.board, parent.estimate, &board),
                    node,
                    dir: candidate.dir,
                });
            }
            if let Some(entry) = layer.iter().min_by_key(|e| e.estimate) {
                if entry.estimate < lowest.0 {
                    lowest = (entry.estimate, depth, entry.node, entry.board);
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
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::sliding::{moves_to_string, shuffle_solvable, Shape};

    fn beam_on(shape: Shape, seed: u64, width: usize, shorter_than: usize) -> Option<Vec<Dir>> {
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, seed).unwrap();
        let problem = Problem {
            shape,
            start: &start,
            goal: &goal,
        };
        let mut control = Control::new(Limits::default());
        let path = Beam::new()
            .search(
                &problem,
                width,
                shorter_than,
                &mut control,
                &mut Stats::default(),
            )
            .unwrap();
        if let Some(path) = &path {
            crate::check::check_sliding(
                shape.width,
                shape.height,
                &start,
                &goal,
                &moves_to_string(path),
            )
            .unwrap();
        }
        path
    }

    #[test]
    fn a_beam_reaches_the_goal_shorter_than_the_staged_answer_the_same_way_every_time() {
        let shape = Shape {
            width: 6,
            height: 6,
        };
        for seed in 1..4 {
            let goal = shape.default_goal();
            let start = shuffle_solvable(shape, &goal, seed).unwrap();
            let staged = crate::staged::solve(shape, &start, &goal)
                .unwrap()
                .moves
                .len();
            let path = beam_on(shape, seed, 512, staged).expect("a beam of 512 solves 6x6");
            assert!(path.len() < staged, "{} against {staged}", path.len());
            assert_eq!(beam_on(shape, seed, 512, staged), Some(path));
        }
    }

    #[test]
    fn the_bound_is_kept_and_every_size_replays() {
        for (w, h) in [(2u8, 2u8), (3, 3), (2, 8), (8, 3), (5, 5), (8, 8)] {
            let shape = Shape {
                width: w,
                height: h,
            };
            let Some(path) = beam_on(shape, 7, 256, 5000) else {
                continue;
            };
            // Nothing as long as the path found is returned under that bound.
            if let Some(shorter) = beam_on(shape, 7, 256, path.len()) {
                assert!(shorter.len() < path.len());
            }
            assert_eq!(beam_on(shape, 7, 256, path.len().min(1)), None);
        }
    }

    #[test]
    fn the_improver_shortens_a_6x6_answer_within_a_state_budget() {
        let shape = Shape {
            width: 6,
            height: 6,
        };
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, 9).unwrap();
        let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
        let problem = Problem {
            shape,
            start: &start,
            goal: &goal,
        };
        let mut control = Control::new(Limits {
            max_states: 300_000,
            ..Limits::default()
        });
        let mut heard = 0;
        let path = BeamSearch
            .improve(&problem, &first, &mut control, &mut |_, _| heard += 1)
            .expect("shorter");
        assert!(heard >= 1);
        assert!(path.len() < first.len());
        crate::check::check_sliding(6, 6, &start, &goal, &moves_to_string(&path)).unwrap();
    }
}
