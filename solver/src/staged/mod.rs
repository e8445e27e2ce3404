//! The staged (reduction) solver: an answer for every solvable sliding board from 2x2 to 8x8, rectangles and any
//! goal included, in milliseconds and a few MiB.
//!
//! It places the goal tiles of one outer row or column of the unsolved region at a time and then leaves them
//! alone: the line peeled is always on the longer side of the region (so it stays near square) and, of the two
//! on that side, the one farther from the blank's goal cell (so the region keeps that cell). The tiles of a line
//! go in two by two, each pair by a search over (both tiles' cells, the blank's cell) with the placed cells as
//! walls and every other tile a "don't care" (`place`): the search finds the detour a line's last corner needs
//! without a hand-written move table. A region of at most 3x3 is left, and solved optimally by A* with linear
//! conflict. The answer is far from the shortest (about 2x to 3x the linear-conflict bound on 6x6 to 8x8);
//! [`crate::improve`] then shortens it.
//!
//! ```
//! use solver::sliding::{shuffle_solvable, Shape};
//! let shape = Shape { width: 8, height: 8 };
//! let goal = shape.default_goal();
//! let start = shuffle_solvable(shape, &goal, 7).unwrap();
//! let answer = solver::staged::solve(shape, &start, &goal).unwrap();
//! let letters: String = answer.moves.iter().map(|d| d.letter()).collect();
//! assert!(solver::check::check_sliding(8, 8, &start, &goal, &letters).is_ok());
//! ```

mod place;

use crate::search::{astar, Control, Limits, Status};
use crate::sliding::{self, Dir, LinearConflict, Shape, SlidingPuzzle, SmallPuzzle};
use place::{Grid, Placer, Task};
use std::fmt;

/// The staged solver's answer.
#[derive(Debug, Clone, PartialEq)]
pub struct StagedAnswer {
    /// Blank moves from the start to the goal.
    pub moves: Vec<Dir>,
    /// States expanded by all the small searches and the remainder's A*.
    pub expanded: u64,
    /// The bytes the search buffers held at most.
    pub peak_memory_bytes: u64,
    /// Whether the answer is a shortest one: the whole board was small enough (at most 3x3) to solve optimally.
    pub optimal: bool,
}

/// Why the staged solver gave no answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StagedError {
    /// The start or goal is not a board of the shape.
    Board(String),
    /// The start cannot reach the goal.
    Unsolvable(String),
    /// A small search found no way to place a line's tiles (a defect: the tests cover every size).
    Stuck(String),
}

impl fmt::Display for StagedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StagedError::Board(why) | StagedError::Unsolvable(why) => f.write_str(why),
            StagedError::Stuck(why) => write!(
                f,
                "the staged solver could not place {why}; this is a defect, please report the board \
                 (another algorithm, e.g. algo=weighted, may solve it)"
            ),
        }
    }
}

impl std::error::Error for StagedError {}

/// The unsolved part of the board: rows `top..bottom`, columns `left..right` (half-open).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Region {
    top: usize,
    bottom: usize,
    left: usize,
    right: usize,
}

impl Region {
    fn width(self) -> usize {
        self.right - self.left
    }
    fn height(self) -> usize {
        self.bottom - self.top
    }
}

/// An outer line of the region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Side {
    Top,
    Bottom,
    Left,
    Right,
}

/// The largest remainder side solved optimally at the end.
const REMAINDER_SIDE: usize = 3;

/// The weights (g, h) of the one-tile searches: A*, a shortest path for the tile (at most 4,096 states).
const SINGLE_WEIGHTS: (u32, u32) = (1, 1);
/// The weights (g, h) of the two-tile searches (up to 262,144 states): on 8x8, f = g + 3h expands about 20,000
/// states a board, 10 times fewer than f = 2g + 3h and 25 times fewer than A*, for first answers about 3% longer
/// (920 moves against 895), which improvement shortens.
const PAIR_WEIGHTS: (u32, u32) = (1, 3);
/// The weights of [`Strategy::careful`]'s pair searches.
const CAREFUL_PAIR_WEIGHTS: (u32, u32) = (2, 3);

/// The board being solved, the moves played on it so far, and where every tile is.
struct Work<'g> {
    grid: &'g Grid,
    tiles: [u8; sliding::BOARD_MAX_CELLS],
    /// `cell_of[tile]`: the cell holding `tile` (0 the blank).
    cell_of: [u8; sliding::BOARD_MAX_CELLS],
    moves: Vec<Dir>,
}

impl Work<'_> {
    fn blank(&self) -> usize {
        usize::from(self.cell_of[0])
    }

    fn play(&mut self, dir: Dir) -> Result<(), StagedError> {
        let blank = self.blank();
        let to = self
            .grid
            .step(blank, dir)
            .ok_or_else(|| StagedError::Stuck(format!("a move {dir} off the board")))?;
        let tile = self.tiles[to];
        self.tiles[blank] = tile;
        self.cell_of[usize::from(tile)] = blank as u8;
        self.tiles[to] = 0;
        self.cell_of[0] = to as u8;
        self.moves.push(dir);
        Ok(())
    }
}

/// How the staged solver orders its work. Every strategy solves every board; they differ in length (by about 5%
/// either way on large boards), so that trying several and keeping the shortest is an improvement step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Strategy {
    /// Place each line's tiles from its last cell in reading order rather than its first.
    pub reverse_lines: bool,
    /// On a square region, peel a column rather than a row (of the two on that side, still the one farther from
    /// the blank's goal cell); by default the line farthest from that cell.
    pub columns_first: bool,
    /// Search pairs with f = 2g + 3h rather than g + 3h: about 10 times the expansions, about 3% shorter.
    pub careful: bool,
}

impl Strategy {
    /// Every strategy, the default first.
    pub fn all() -> impl Iterator<Item = Strategy> {
        (0..8u8).map(|bits| Strategy {
            reverse_lines: bits & 1 != 0,
            columns_first: bits & 2 != 0,
            careful: bits & 4 != 0,
        })
    }
}

/// Solves `start` towards `goal` on a `shape` board by stages (see the module's header) with the default
/// [`Strategy`]. Checks the boards and solvability first.
pub fn solve(shape: Shape, start: &[u8], goal: &[u8]) -> Result<StagedAnswer, StagedError> {
    solve_with(shape, start, goal, Strategy::default())
}

/// [`solve`] with a chosen strategy.
pub fn solve_with(
    shape: Shape,
    start: &[u8],
    goal: &[u8],
    strategy: Strategy,
) -> Result<StagedAnswer, StagedError> {
    shape
        .check()
        .map_err(|e| StagedError::Board(e.to_string()))?;
    sliding::validate_tiles(shape, start).map_err(|e| StagedError::Board(format!("start: {e}")))?;
    sliding::validate_tiles(shape, goal).map_err(|e| StagedError::Board(format!("goal: {e}")))?;
    sliding::check_solvable(shape, start, goal)
        .map_err(|e| StagedError::Unsolvable(e.to_string()))?;
    let grid = Grid::new(shape);
    let mut work = Work {
        grid: &grid,
        tiles: [0; sliding::BOARD_MAX_CELLS],
        cell_of: [0; sliding::BOARD_MAX_CELLS],
        moves: Vec::with_capacity(1024),
    };
    for (cell, &tile) in start.iter().enumerate() {
        work.tiles[cell] = tile;
        work.cell_of[usize::from(tile)] = cell as u8;
    }
    let goal_blank = goal.iter().position(|&t| t == 0).unwrap_or(0);
    let (w, h) = (usize::from(shape.width), usize::from(shape.height));
    let (blank_row, blank_col) = (goal_blank / w, goal_blank % w);
    let mut region = Region {
        top: 0,
        bottom: h,
        left: 0,
        right: w,
    };
    let mut frozen = 0u64;
    let mut placer = Placer::new();
    let optimal = region.width() <= REMAINDER_SIDE && region.height() <= REMAINDER_SIDE;
    while region.width() > REMAINDER_SIDE || region.height() > REMAINDER_SIDE {
        let side = if region.height() > region.width()
            || (region.height() == region.width() && !strategy.columns_first && {
                let rows = (blank_row - region.top).max(region.bottom - 1 - blank_row);
                let cols = (blank_col - region.left).max(region.right - 1 - blank_col);
                rows >= cols
            }) {
            if blank_row - region.top >= region.bottom - 1 - blank_row {
                Side::Top
            } else {
                Side::Bottom
            }
        } else if blank_col - region.left >= region.right - 1 - blank_col {
            Side::Left
        } else {
            Side::Right
        };
        let mut line: Vec<usize> = match side {
            Side::Top => (region.left..region.right)
                .map(|c| region.top * w + c)
                .collect(),
            Side::Bottom => (region.left..region.right)
                .map(|c| (region.bottom - 1) * w + c)
                .collect(),
            Side::Left => (region.top..region.bottom)
                .map(|r| r * w + region.left)
                .collect(),
            Side::Right => (region.top..region.bottom)
                .map(|r| r * w + region.right - 1)
                .collect(),
        };
        if strategy.reverse_lines {
            line.reverse();
        }
        place_line(&mut work, &mut placer, goal, &line, &mut frozen, strategy)?;
        match side {
            Side::Top => region.top += 1,
            Side::Bottom => region.bottom -= 1,
            Side::Left => region.left += 1,
            Side::Right => region.right -= 1,
        }
    }
    let remainder = solve_remainder(&mut work, goal, region)?;
    Ok(StagedAnswer {
        moves: work.moves,
        expanded: placer.expanded + remainder,
        peak_memory_bytes: placer.bytes(),
        optimal,
    })
}

/// Places the goal tiles of `line` (cells in order) two by two (the first alone if the line is odd): a pair
/// placed together is about 7% shorter on 8x8 than two tiles placed one after the other, and the last two of a
/// line must go together anyway. Each placed cell joins `frozen`.
fn place_line(
    work: &mut Work,
    placer: &mut Placer,
    goal: &[u8],
    line: &[usize],
    frozen: &mut u64,
    strategy: Strategy,
) -> Result<(), StagedError> {
    let mut rest = line;
    while !rest.is_empty() {
        // An odd line starts with one tile alone; the rest go in two by two.
        let take = if rest.len().is_multiple_of(2) { 2 } else { 1 };
        let (group, tail) = rest.split_at(take);
        place_tiles(work, placer, goal, group, *frozen, strategy)?;
        for &cell in group {
            *frozen |= 1u64 << cell;
        }
        rest = tail;
    }
    Ok(())
}

/// Brings the goal tiles of `cells` (one or two) there and plays the moves.
fn place_tiles(
    work: &mut Work,
    placer: &mut Placer,
    goal: &[u8],
    cells: &[usize],
    frozen: u64,
    strategy: Strategy,
) -> Result<(), StagedError> {
    let mut from = [0usize; 2];
    for (slot, &cell) in from.iter_mut().zip(cells) {
        *slot = usize::from(work.cell_of[usize::from(goal[cell])]);
    }
    let from = &from[..cells.len()];
    if from == cells {
        return Ok(());
    }
    let weights = match (cells.len(), strategy.careful) {
        (1, _) => SINGLE_WEIGHTS,
        (_, false) => PAIR_WEIGHTS,
        (_, true) => CAREFUL_PAIR_WEIGHTS,
    };
    let task = Task {
        blank: work.blank(),
        from,
        to: cells,
        frozen,
        weights,
    };
    let moves = placer.place(work.grid, task).ok_or_else(|| {
        let tiles: Vec<String> = cells.iter().map(|&c| goal[c].to_string()).collect();
        StagedError::Stuck(format!("tile(s) {}", tiles.join(" and ")))
    })?;
    for dir in moves {
        work.play(dir)?;
    }
    Ok(())
}

/// Solves the last region (at most 3x3) optimally; returns the states expanded.
fn solve_remainder(work: &mut Work, goal: &[u8], region: Region) -> Result<u64, StagedError> {
    let w = usize::from(work.grid.shape.width);
    let cells: Vec<usize> = (region.top..region.bottom)
        .flat_map(|r| (region.left..region.right).map(move |c| r * w + c))
        .collect();
    // Renumber the region's tiles by the order of their goal cells, the blank 0.
    let mut label = [0u8; sliding::BOARD_MAX_CELLS];
    let mut next = 1u8;
    for &cell in &cells {
        if goal[cell] != 0 {
            label[usize::from(goal[cell])] = next;
            next += 1;
        }
    }
    let local_start: Vec<u8> = cells
        .iter()
        .map(|&c| label[usize::from(work.tiles[c])])
        .collect();
    let local_goal: Vec<u8> = cells.iter().map(|&c| label[usize::from(goal[c])]).collect();
    if local_start == local_goal {
        return Ok(0);
    }
    let shape = Shape {
        width: region.width() as u8,
        height: region.height() as u8,
    };
    let stuck = |why: String| StagedError::Stuck(format!("the last {shape} region ({why})"));
    let puzzle: SmallPuzzle =
        SlidingPuzzle::new(shape, &local_start, &local_goal).map_err(|e| stuck(e.to_string()))?;
    let heuristic = LinearConflict::new(&puzzle);
    let outcome = astar::astar(&puzzle, &heuristic, &mut Control::new(Limits::default()));
    if outcome.status != Status::Solved {
        return Err(stuck(outcome.message()));
    }
    for dir in outcome.moves {
        work.play(dir)?;
    }
    Ok(outcome.stats.expanded)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::{moves_to_string, shuffle_solvable};

    fn solves(shape: Shape, goal: &[u8], seed: u64) -> usize {
        let start = shuffle_solvable(shape, goal, seed).unwrap();
        let answer = solve(shape, &start, goal).unwrap();
        let letters = moves_to_string(&answer.moves);
        crate::check::check_sliding(shape.width, shape.height, &start, goal, &letters)
            .unwrap_or_else(|e| panic!("{shape} {start:?} -> {goal:?}: {e}"));
        answer.moves.len()
    }

    #[test]
    fn every_size_is_solved_towards_the_default_goal() {
        for w in 2..=8u8 {
            for h in 2..=8u8 {
                let shape = Shape {
                    width: w,
                    height: h,
                };
                solves(
                    shape,
                    &shape.default_goal(),
                    u64::from(w) * 10 + u64::from(h),
                );
            }
        }
    }

    #[test]
    fn any_blank_goal_cell_is_kept_in_the_region() {
        let shape = Shape {
            width: 5,
            height: 4,
        };
        for blank in 0..shape.cells() {
            let mut goal = shape.default_goal();
            goal.swap(blank, shape.cells() - 1);
            let goal_random = shuffle_solvable(shape, &goal, blank as u64).unwrap();
            solves(shape, &goal, blank as u64);
            solves(shape, &goal_random, blank as u64 + 100);
        }
    }

    #[test]
    fn an_unsolvable_board_is_refused() {
        let shape = Shape {
            width: 4,
            height: 4,
        };
        let goal = shape.default_goal();
        let mut start = goal.clone();
        start.swap(0, 1);
        assert!(matches!(
            solve(shape, &start, &goal),
            Err(StagedError::Unsolvable(_))
        ));
    }
}
