//! The staged solver's small searches: A* over (the cells of one or two tiles, the blank's cell), with the placed
//! tiles frozen as walls and every other tile a "don't care" that the blank simply swaps with.

use crate::sliding::{Dir, Shape, BOARD_MAX_CELLS};

/// Marks a move off the board (or into a frozen cell) in the neighbour table.
const OFF: u8 = u8::MAX;
/// The move into the start state of a search.
const NO_MOVE: u8 = u8::MAX;
/// Bits of one cell in a state index.
const CELL_BITS: u32 = 6;
/// The most states a search can index: the blank and two tiles, 64 cells each.
const MAX_STATES: usize = 1 << (3 * CELL_BITS);

/// The board's geometry as the small searches need it: neighbours and distances between cells.
#[derive(Debug, Clone)]
pub(super) struct Grid {
    pub(super) shape: Shape,
    /// `neighbour[cell][dir]`: the cell the blank reaches from `cell` moving `dir`, or `OFF`.
    neighbour: [[u8; 4]; BOARD_MAX_CELLS],
    /// `distance[a][b]`: the Manhattan distance between two cells.
    distance: Box<[[u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]>,
}

impl Grid {
    pub(super) fn new(shape: Shape) -> Grid {
        let n = shape.cells();
        let mut neighbour = [[OFF; 4]; BOARD_MAX_CELLS];
        let mut distance = Box::new([[0u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]);
        for cell in 0..n {
            for dir in Dir::ALL {
                if let Some(to) = shape.step(cell, dir) {
                    neighbour[cell][dir as usize] = to as u8;
                }
            }
            for other in 0..n {
                distance[cell][other] = shape.distance(cell, other) as u8;
            }
        }
        Grid {
            shape,
            neighbour,
            distance,
        }
    }

    /// The cell the blank reaches from `cell` moving `dir`, if that stays on the board.
    #[inline]
    pub(super) fn step(&self, cell: usize, dir: Dir) -> Option<usize> {
        let to = self.neighbour[cell][dir as usize];
        (to != OFF).then_some(usize::from(to))
    }

    #[inline]
    fn distance(&self, a: usize, b: usize) -> u32 {
        u32::from(self.distance[a][b])
    }
}

/// One small search's question: bring each tile now at `from[j]` to `to[j]` (one or two tiles), the blank
/// starting at `blank` and never entering a cell of `frozen` (a bit per cell).
#[derive(Debug, Clone, Copy)]
pub(super) struct Task<'t> {
    pub(super) blank: usize,
    pub(super) from: &'t [usize],
    pub(super) to: &'t [usize],
    pub(super) frozen: u64,
    /// f = g_weight * g + h_weight * h: (1, 1) is A* (a shortest path); a larger h weight expands far fewer
    /// states for a path that may be longer.
    pub(super) weights: (u32, u32),
}

/// The reusable buffers of the small searches, indexed by state (blank | tile a << 6 | tile b << 12): a stamp
/// per state says whether the current search has seen it, so nothing is cleared between searches.
pub(super) struct Placer {
    stamp: Vec<u32>,
    g: Vec<u16>,
    /// The blank's move into each state, or `NO_MOVE` for the start.
    mv: Vec<u8>,
    generation: u32,
    /// OPEN as a bucket queue by f, each bucket a stack (the newest, deepest, first): (state, g).
    buckets: Vec<Vec<(u32, u16)>>,
    /// States expanded over every search so far.
    pub(super) expanded: u64,
}

impl Placer {
    pub(super) fn new() -> Placer {
        Placer {
            stamp: Vec::new(),
            g: Vec::new(),
            mv: Vec::new(),
            generation: 0,
            buckets: Vec::new(),
            expanded: 0,
        }
    }

    /// The bytes its buffers hold.
    pub(super) fn bytes(&self) -> u64 {
        let buckets: usize = self.buckets.iter().map(|b| b.capacity() * 8).sum();
        (self.stamp.capacity() * 4 + self.g.capacity() * 2 + self.mv.capacity() + buckets) as u64
    }

    /// A shortest sequence of blank moves that does what `task` asks, or `None` if no such sequence exists.
    ///
    /// Best-first on f = wg * g + wh * h (`task.weights`), h = the tiles' Manhattan distances to their targets
    /// plus the blank's distance to the nearest of them less one (until a tile moves, every move is a blank move
    /// the first term does not count). h changes by at most one a move, so it is consistent: with weights (1, 1)
    /// this is A* and the first goal expanded is a shortest path.
    pub(super) fn place(&mut self, grid: &Grid, task: Task) -> Option<Vec<Dir>> {
        let k = task.from.len();
        debug_assert!((1..=2).contains(&k) && task.to.len() == k);
        let size = 1usize << (CELL_BITS * (k as u32 + 1));
        if self.stamp.len() < size {
            self.stamp.resize(size.min(MAX_STATES), 0);
            self.g.resize(size.min(MAX_STATES), 0);
            self.mv.resize(size.min(MAX_STATES), NO_MOVE);
        }
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
        for bucket in &mut self.buckets {
            bucket.clear();
        }
        let mut cells = [0usize; 2];
        cells[..k].copy_from_slice(task.from);
        let target = {
            let mut t = [0usize; 2];
            t[..k].copy_from_slice(task.to);
            t
        };
        let h = |blank: usize, cells: &[usize; 2]| -> u32 {
            let mut tiles = 0;
            let mut near = u32::MAX;
            for j in 0..k {
                tiles += grid.distance(cells[j], target[j]);
                near = near.min(grid.distance(blank, cells[j]));
            }
            if tiles == 0 {
                0
            } else {
                tiles + near - 1
            }
        };
        let start = encode(task.blank, &cells);
        self.stamp[start as usize] = self.generation;
        self.g[start as usize] = 0;
        self.mv[start as usize] = NO_MOVE;
        let (wg, wh) = (task.weights.0 as usize, task.weights.1 as usize);
        let mut f = wh * h(task.blank, &cells) as usize;
        self.push(f, start, 0);
        loop {
            // The lowest non-empty bucket (a weighted f can drop below the current one: pushes lower `f`).
            while f < self.buckets.len() && self.buckets[f].is_empty() {
                f += 1;
            }
            let (state, g) = self.buckets.get_mut(f)?.pop()?;
            if self.g[state as usize] != g {
                continue;
            }
            let (blank, cells) = decode(state, k);
            if (0..k).all(|j| cells[j] == target[j]) {
                return Some(self.path(grid, state, k));
            }
            self.expanded += 1;
            for dir in Dir::ALL {
                let Some(to) = grid.step(blank, dir) else {
                    continue;
                };
                if task.frozen & (1u64 << to) != 0 {
                    continue;
                }
                let mut next_cells = cells;
                for cell in next_cells.iter_mut().take(k) {
                    if *cell == to {
                        *cell = blank;
                    }
                }
                let next = encode(to, &next_cells) as usize;
                let next_g = g + 1;
                if self.stamp[next] == self.generation && self.g[next] <= next_g {
                    continue;
                }
                self.stamp[next] = self.generation;
                self.g[next] = next_g;
                self.mv[next] = dir as u8;
                let next_f = wg * usize::from(next_g) + wh * h(to, &next_cells) as usize;
                f = f.min(next_f);
                self.push(next_f, next as u32, next_g);
            }
        }
    }

    fn push(&mut self, f: usize, state: u32, g: u16) {
        if self.buckets.len() <= f {
            self.buckets.resize_with(f + 1, Vec::new);
        }
        self.buckets[f].push((state, g));
    }

    /// The moves from the start to `state`, read back through the move stored with each state: the blank came
    /// from the cell opposite its move, and a tile now there was in the blank's cell before.
    fn path(&self, grid: &Grid, mut state: u32, k: usize) -> Vec<Dir> {
        let mut moves = Vec::with_capacity(usize::from(self.g[state as usize]));
        while self.mv[state as usize] != NO_MOVE {
            let dir = Dir::ALL[usize::from(self.mv[state as usize])];
            moves.push(dir);
            let (blank, mut cells) = decode(state, k);
            // The move came from a cell on the board, so stepping back stays on it.
            let Some(before) = grid.step(blank, dir.opposite()) else {
                break;
            };
            for cell in cells.iter_mut().take(k) {
                if *cell == before {
                    *cell = blank;
                }
            }
            state = encode(before, &cells);
        }
        moves.reverse();
        moves
    }
}

#[inline]
fn encode(blank: usize, cells: &[usize; 2]) -> u32 {
    (blank | cells[0] << CELL_BITS | cells[1] << (2 * CELL_BITS)) as u32
}

#[inline]
fn decode(state: u32, k: usize) -> (usize, [usize; 2]) {
    let mask = (1usize << CELL_BITS) - 1;
    let s = state as usize;
    let mut cells = [s >> CELL_BITS & mask, s >> (2 * CELL_BITS) & mask];
    if k == 1 {
        cells[1] = 0;
    }
    (s & mask, cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_tile_goes_around_a_frozen_cell_by_a_shortest_path() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let grid = Grid::new(shape);
        let mut placer = Placer::new();
        // Tile at cell 8 to cell 1, blank at 7, cell 0 frozen.
        let moves = placer
            .place(
                &grid,
                Task {
                    blank: 7,
                    from: &[8],
                    to: &[1],
                    frozen: 1,
                    weights: (1, 1),
                },
            )
            .unwrap();
        // Replay: follow the tile.
        let (mut blank, mut tile) = (7usize, 8usize);
        for &d in &moves {
            let to = grid.step(blank, d).unwrap();
            assert_ne!(to, 0, "the frozen cell is never entered");
            if to == tile {
                tile = blank;
            }
            blank = to;
        }
        assert_eq!(tile, 1);
        // Three tile moves of at least... the first move puts the blank beside it: R then tile moves.
        assert!(moves.len() <= 11, "{moves:?}");
    }

    #[test]
    fn two_tiles_reach_a_corner_pair() {
        let shape = Shape {
            width: 3,
            height: 3,
        };
        let grid = Grid::new(shape);
        let mut placer = Placer::new();
        // Row 0 cells 1 and 2 with cell 0 placed: tiles at 3 and 4 (in the wrong order to be easy), blank at 8.
        let moves = placer
            .place(
                &grid,
                Task {
                    blank: 8,
                    from: &[4, 3],
                    to: &[1, 2],
                    frozen: 1,
                    weights: (1, 1),
                },
            )
            .unwrap();
        let (mut blank, mut tiles) = (8usize, [4usize, 3]);
        for &d in &moves {
            let to = grid.step(blank, d).unwrap();
            assert_ne!(to, 0);
            for t in &mut tiles {
                if *t == to {
                    *t = blank;
                }
            }
            blank = to;
        }
        assert_eq!(tiles, [1, 2]);
    }
}
