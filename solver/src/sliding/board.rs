//! The compact board state and `SlidingPuzzle`, the `Puzzle` impl: O(1) moves and an O(N) perfect rank.

use super::cells::{Bytes, Cells, Nibbles};
use super::shape::{Dir, Shape, ShapeError};
use super::tiles::{parities, validate_tiles, TilesError, Unsolvable};
use crate::rules::BOARD_MAX_CELLS;
use crate::Puzzle;
use std::fmt;

/// A board: the tiles in compact form plus the blank's cell, so that moves need no search for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Board<C> {
    cells: C,
    blank: u8,
}

/// Hashes the cells alone: the blank's cell follows from them, and one word hashes faster than two.
impl<C: std::hash::Hash> std::hash::Hash for Board<C> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.cells.hash(state);
    }
}

impl<C: Cells> Board<C> {
    /// The blank's cell (row-major, from 0).
    #[inline]
    pub fn blank(&self) -> usize {
        usize::from(self.blank)
    }

    /// The tile in `cell` (0 for the blank). `cell` must be on the board.
    #[inline]
    pub fn tile_at(&self, cell: usize) -> u8 {
        self.cells.get(cell)
    }

    /// The packed cells.
    #[inline]
    pub fn cells(&self) -> &C {
        &self.cells
    }

    /// The board after the blank moves to the neighbouring cell `to`.
    #[inline(always)]
    fn after(&self, to: u8) -> Self {
        Board {
            cells: self.cells.slide(self.blank(), usize::from(to)),
            blank: to,
        }
    }
}

/// A board of up to 16 cells (2x2 to 4x4): 16 bytes.
pub type SmallBoard = Board<Nibbles>;
/// A board of up to 64 cells (up to 8x8).
pub type LargeBoard = Board<Bytes>;
/// Sliding puzzles of up to 16 cells.
pub type SmallPuzzle = SlidingPuzzle<Nibbles>;
/// Sliding puzzles of up to 64 cells.
pub type LargePuzzle = SlidingPuzzle<Bytes>;

/// Why a sliding puzzle could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SlidingError {
    /// The shape is out of range.
    Shape(ShapeError),
    /// The shape has more cells than the chosen storage holds (a programming error in the caller's
    /// dispatch: use `LargePuzzle` above 16 cells).
    TooLarge { shape: Shape, capacity: usize },
    /// The start list is not a board of the shape.
    Start(TilesError),
    /// The goal list is not a board of the shape.
    Goal(TilesError),
}

impl fmt::Display for SlidingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SlidingError::Shape(e) => e.fmt(f),
            SlidingError::TooLarge { shape, capacity } => write!(
                f,
                "a {shape} board has {} cells, more than the {capacity} this board storage holds: use LargePuzzle",
                shape.cells()
            ),
            SlidingError::Start(e) => write!(f, "start: {e}"),
            SlidingError::Goal(e) => write!(f, "goal: {e}"),
        }
    }
}

impl std::error::Error for SlidingError {}

/// Marks a move off the board in the neighbour table.
const OFF: u8 = u8::MAX;

/// The most cells for which a perfect rank fits in a `u64` (20! < 2^64 < 21!).
pub const MAX_RANKED_CELLS: usize = 20;

/// A sliding-tile puzzle of a given shape, start and goal, over cell storage `C`
/// ([`SmallPuzzle`] up to 16 cells, [`LargePuzzle`] up to 64).
///
/// ```
/// use solver::sliding::{Dir, Shape, SmallPuzzle};
/// use solver::Puzzle;
/// let shape = Shape { width: 3, height: 3 };
/// let puzzle = SmallPuzzle::new(shape, &[1, 2, 3, 4, 5, 6, 7, 0, 8], &shape.default_goal()).unwrap();
/// let mut next = Vec::new();
/// puzzle.for_each_successor(&puzzle.start(), |mv, board| next.push((mv, puzzle.tiles(&board))));
/// assert_eq!(next[0], (Dir::Up, vec![1, 2, 3, 4, 0, 6, 7, 5, 8]));
/// assert!(next.iter().any(|(_, tiles)| tiles == &shape.default_goal()));
/// ```
#[derive(Debug, Clone)]
pub struct SlidingPuzzle<C> {
    shape: Shape,
    n: usize,
    start: Board<C>,
    goal: Board<C>,
    /// `neighbour[cell][dir]`: the cell the blank reaches from `cell` moving `dir`, or `OFF`.
    neighbour: [[u8; 4]; BOARD_MAX_CELLS],
    /// `exits[cell][skip]`: the moves the blank has from `cell`, in successor order, but for direction
    /// `skip` (4: none left out): a loop of known length, with no hard-to-predict "is this move on the board"
    /// or "is this the move back" branch per direction.
    exits: [[Exits; 5]; BOARD_MAX_CELLS],
    /// N!, when it fits in a u64.
    rank_count: Option<u64>,
    /// The place values of the rank's digits: `(N-1-t)!` for tile t (0 beyond N or when N > 20).
    weight: [u64; MAX_RANKED_CELLS],
    /// `passed[table][t][x]`: how the rank changes when tile t slides past tile x (see
    /// `for_each_ranked_successor_except`). Table [`TO_LATER`]: t slides to a later cell, and t's digit gains 1
    /// if x is larger, else x's digit loses 1; [`TO_EARLIER`]: the same undone; [`SIDEWAYS`]: all 0 (a move
    /// sideways passes no tile).
    passed: [[[i64; 32]; MAX_RANKED_CELLS]; 3],
    /// The cells a rank update reads per move: a row's width less one (the tiles a move up or down passes).
    turns: usize,
}

/// `SlidingPuzzle::passed`'s tables, by the way the moved tile goes.
const TO_LATER: u8 = 0;
const TO_EARLIER: u8 = 1;
const SIDEWAYS: u8 = 2;

/// The blank's moves from one cell: `count` of them.
#[derive(Debug, Clone, Copy)]
struct Exits {
    count: u8,
    moves: [Exit; 4],
}

/// One move of the blank, with what its rank update reads.
#[derive(Debug, Clone, Copy)]
struct Exit {
    dir: Dir,
    /// The cell the blank reaches (where the moved tile was).
    to: u8,
    /// The first of the `turns` cells the rank update reads: those of the tiles passed (a move up or down), or
    /// any on the board (sideways, read in a table of 0s).
    first: u8,
    /// The table of `passed` for this move.
    table: u8,
}

/// One in every nibble: adding `ONES << 4(t+1)` counts tile t in every nibble above t.
const ONES: u64 = 0x1111_1111_1111_1111;

impl<C: Cells> SlidingPuzzle<C> {
    /// Whether this storage holds boards of `shape`.
    pub fn fits(shape: Shape) -> bool {
        shape.cells() <= C::CAPACITY
    }

    /// A puzzle from row-major tile lists, checked: shape in range and fitting `C`, start and goal
    /// each holding the blank 0 and the tiles 1..N-1 once. Solvability is a separate question
    /// ([`SlidingPuzzle::check_solvable`]) so the caller can answer `unsolvable` rather than `invalid`.
    pub fn new(shape: Shape, start: &[u8], goal: &[u8]) -> Result<Self, SlidingError> {
        shape.check().map_err(SlidingError::Shape)?;
        if !Self::fits(shape) {
            return Err(SlidingError::TooLarge {
                shape,
                capacity: C::CAPACITY,
            });
        }
        validate_tiles(shape, start).map_err(SlidingError::Start)?;
        validate_tiles(shape, goal).map_err(SlidingError::Goal)?;
        let n = shape.cells();
        let mut neighbour = [[OFF; 4]; BOARD_MAX_CELLS];
        for (cell, row) in neighbour.iter_mut().enumerate().take(n) {
            for dir in Dir::ALL {
                if let Some(to) = shape.step(cell, dir) {
                    row[dir as usize] = to as u8;
                }
            }
        }
        let width = usize::from(shape.width);
        let exit = |blank: usize, dir: Dir, to: u8| {
            let (lo, hi) = (blank.min(usize::from(to)), blank.max(usize::from(to)));
            let (first, table) = match dir {
                Dir::Left | Dir::Right => (blank - blank % width, SIDEWAYS),
                Dir::Up => (lo + 1, TO_LATER),
                Dir::Down => (lo + 1, TO_EARLIER),
            };
            debug_assert!(hi - lo == 1 || hi - lo == width);
            Exit {
                dir,
                to,
                first: first as u8,
                table,
            }
        };
        // Places past `count` are never read.
        let filler = exit(0, Dir::Right, 1);
        let mut exits = [[Exits {
            count: 0,
            moves: [filler; 4],
        }; 5]; BOARD_MAX_CELLS];
        for (cell, (row, cell_exits)) in neighbour.iter().zip(exits.iter_mut()).enumerate() {
            for (skip, exits) in cell_exits.iter_mut().enumerate() {
                for dir in Dir::ALL {
                    if row[dir as usize] != OFF && dir as usize != skip {
                        exits.moves[usize::from(exits.count)] = exit(cell, dir, row[dir as usize]);
                        exits.count += 1;
                    }
                }
            }
        }
        let factorial = |k: usize| (1..=k as u64).product::<u64>();
        let mut weight = [0u64; MAX_RANKED_CELLS];
        let mut passed = [[[0i64; 32]; MAX_RANKED_CELLS]; 3];
        let mut rank_count = None;
        if n <= MAX_RANKED_CELLS {
            rank_count = Some(factorial(n));
            for (t, w) in weight.iter_mut().enumerate().take(n) {
                *w = factorial(n - 1 - t);
            }
            for t in 0..n {
                for x in 0..n {
                    let change = if x > t {
                        weight[t] as i64
                    } else {
                        -(weight[x] as i64)
                    };
                    passed[usize::from(TO_LATER)][t][x] = change;
                    passed[usize::from(TO_EARLIER)][t][x] = -change;
                }
            }
        }
        Ok(SlidingPuzzle {
            shape,
            n,
            start: encode(start),
            goal: encode(goal),
            neighbour,
            exits,
            rank_count,
            weight,
            passed,
            turns: width - 1,
        })
    }

    /// A puzzle towards the default goal (1..N-1, blank last).
    pub fn with_default_goal(shape: Shape, start: &[u8]) -> Result<Self, SlidingError> {
        Self::new(shape, start, &shape.default_goal())
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// N, the number of cells.
    pub fn cell_count(&self) -> usize {
        self.n
    }

    /// The board for a row-major tile list of this puzzle's shape, checked.
    pub fn board(&self, tiles: &[u8]) -> Result<Board<C>, TilesError> {
        validate_tiles(self.shape, tiles)?;
        Ok(encode(tiles))
    }

    /// The tiles of `board`, row-major, 0 for the blank.
    pub fn tiles(&self, board: &Board<C>) -> Vec<u8> {
        (0..self.n).map(|c| board.cells.get(c)).collect()
    }

    /// Writes the tiles of `board` into `out` (which must hold N values) without allocating.
    pub fn write_tiles(&self, board: &Board<C>, out: &mut [u8]) {
        for (c, slot) in out.iter_mut().enumerate().take(self.n) {
            *slot = board.cells.get(c);
        }
    }

    /// The board after the blank moves `dir`, or `None` if that leaves the board.
    #[inline]
    pub fn play(&self, board: &Board<C>, dir: Dir) -> Option<Board<C>> {
        let b = board.blank();
        let to = self.neighbour[b][dir as usize];
        (to != OFF).then(|| board.after(to))
    }

    /// `Err` with the reason if the start cannot reach the goal (O(N), no search).
    pub fn check_solvable(&self) -> Result<(), Unsolvable> {
        match parities(
            self.shape,
            &self.tiles(&self.start),
            &self.tiles(&self.goal),
        ) {
            Some(u) if u.odd_permutation != (u.blank_distance % 2 == 1) => Err(u),
            _ => Ok(()),
        }
    }

    /// The moves the blank has from `state`, but `skip`.
    #[inline(always)]
    fn exits(&self, state: &Board<C>, skip: Option<Dir>) -> &[Exit] {
        let exits = &self.exits[state.blank()][skip.map_or(4, |dir| dir as usize)];
        &exits.moves[..usize::from(exits.count)]
    }

    /// The sum of `row` over the tiles in the `turns` cells from `first`: the same number of turns for every
    /// move, with no branch per tile (how the tiles compare, and which kind of move comes, are random).
    #[inline(always)]
    fn passed_sum(cells: &C, row: &[i64; 32], first: usize, turns: usize) -> i64 {
        (0..turns)
            .map(|k| row[usize::from(cells.get(first + k)) & 31])
            .sum()
    }
}

/// Packs a validated tile list.
fn encode<C: Cells>(tiles: &[u8]) -> Board<C> {
    let mut cells = C::empty();
    let mut blank = 0u8;
    for (c, &t) in tiles.iter().enumerate() {
        cells.set(c, t);
        if t == 0 {
            blank = c as u8;
        }
    }
    Board { cells, blank }
}

impl<C: Cells> Puzzle for SlidingPuzzle<C> {
    type State = Board<C>;
    type Move = Dir;

    fn start(&self) -> Board<C> {
        self.start
    }

    fn goal(&self) -> Board<C> {
        self.goal
    }

    /// Successors in the order U, L, R, D (the direction the blank moves).
    #[inline]
    fn for_each_successor(&self, state: &Board<C>, visit: impl FnMut(Dir, Board<C>)) {
        self.for_each_successor_except(state, None, visit);
    }

    #[inline]
    fn for_each_successor_except(
        &self,
        state: &Board<C>,
        skip: Option<Dir>,
        mut visit: impl FnMut(Dir, Board<C>),
    ) {
        for exit in self.exits(state, skip) {
            visit(exit.dir, state.after(exit.to));
        }
    }

    /// A move changes the digits of the blank (by the cells it moves), of the moved tile t and of the tiles it
    /// passes (none sideways, a row's width less one up or down). When t slides to a later cell, t's digit
    /// gains each larger tile passed and each smaller tile passed loses t; a slide to an earlier cell is the
    /// same change undone. The passed tiles' changes are read from one of `passed`'s tables, chosen per move.
    #[inline]
    fn for_each_ranked_successor_except(
        &self,
        state: &Board<C>,
        rank: u64,
        skip: Option<Dir>,
        mut visit: impl FnMut(Dir, Board<C>, u64),
    ) {
        let blank = state.blank() as i64;
        for exit in self.exits(state, skip) {
            // One call of `visit` (a second would keep it from being inlined); 0 beyond the ranked sizes.
            let change = if self.n > MAX_RANKED_CELLS {
                0
            } else {
                let to = usize::from(exit.to);
                let row = &self.passed[usize::from(exit.table)][usize::from(state.cells.get(to))];
                let first = usize::from(exit.first);
                // The 8-puzzle's two turns unrolled.
                let passed = if self.turns == 2 {
                    Self::passed_sum(&state.cells, row, first, 2)
                } else {
                    Self::passed_sum(&state.cells, row, first, self.turns)
                };
                (to as i64 - blank) * self.weight[0] as i64 + passed
            };
            visit(
                exit.dir,
                state.after(exit.to),
                rank.wrapping_add_signed(change),
            );
        }
    }

    #[inline]
    fn inverse(&self, mv: Dir) -> Dir {
        mv.opposite()
    }

    fn max_moves(&self) -> usize {
        4
    }

    /// N! for N <= 20 cells (every arrangement, both parity classes); `None` above.
    fn rank_count(&self) -> Option<u64> {
        self.rank_count
    }

    /// The lowest digit is the order of the two largest tiles, which a class fixes (see `rank`).
    const RANK_CLASS_SHIFT: u32 = 1;

    /// The Lehmer code of the tiles' cells read tile by tile (the blank's cell first): perfect on all N!
    /// arrangements, O(N). Digit t, weighted `(N-1-t)!`, counts the larger tiles in cells before tile t's.
    /// 0 when N > 20 (`rank_count` is `None` then, and callers must not use it).
    ///
    /// Read this way a move changes only the digits of the tiles it passes (see `for_each_ranked_successor_except`), and
    /// the last two tiles' order, the lowest digit, is the one that two arrangements of a parity class never
    /// share: `rank >> 1` is perfect within a class (`RANK_CLASS_SHIFT`).
    #[inline]
    fn rank(&self, state: &Board<C>) -> u64 {
        let n = self.n;
        if n > MAX_RANKED_CELLS {
            return 0;
        }
        let mut cell_of = [0u8; MAX_RANKED_CELLS];
        for cell in 0..n {
            cell_of[usize::from(state.cells.get(cell))] = cell as u8;
        }
        // Digit t = tile t's cell less the smaller tiles in cells before it. The digits are weighted
        // independently rather than by Horner's rule, so the multiplies do not form one long dependency chain.
        // The last digit is always 0.
        let mut r: u64 = 0;
        if n <= 16 {
            // Up to 16 cells: nibble c of `below` counts the cells before c taken so far, kept by one shifted
            // add per tile instead of a popcount (which baseline x86-64 lacks).
            let mut below: u64 = 0;
            for (t, &cell) in cell_of.iter().enumerate().take(n - 1) {
                let c = u32::from(cell);
                r += (u64::from(c) - ((below >> (4 * c)) & 0xF)) * self.weight[t];
                below += (ONES << (4 * c)) << 4;
            }
        } else {
            let mut taken: u64 = 0;
            for (t, &cell) in cell_of.iter().enumerate().take(n - 1) {
                let c = u32::from(cell);
                let before = u64::from((taken & ((1u64 << c) - 1)).count_ones());
                r += (u64::from(c) - before) * self.weight[t];
                taken |= 1 << c;
            }
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const S3: Shape = Shape {
        width: 3,
        height: 3,
    };

    #[test]
    fn construction_checks_shape_capacity_and_both_lists() {
        let goal = S3.default_goal();
        assert!(SmallPuzzle::new(S3, &goal, &goal).is_ok());
        let big = Shape {
            width: 5,
            height: 5,
        };
        assert_eq!(
            SmallPuzzle::with_default_goal(big, &big.default_goal())
                .unwrap_err()
                .to_string(),
            "a 5x5 board has 25 cells, more than the 16 this board storage holds: use LargePuzzle"
        );
        assert!(LargePuzzle::with_default_goal(big, &big.default_goal()).is_ok());
        assert!(matches!(
            SmallPuzzle::new(
                Shape {
                    width: 1,
                    height: 4
                },
                &[1, 2, 3, 0],
                &[1, 2, 3, 0]
            ),
            Err(SlidingError::Shape(_))
        ));
        let bad_start = SmallPuzzle::new(S3, &[1, 2, 3, 4, 5, 6, 7, 7, 0], &goal).unwrap_err();
        assert_eq!(
            bad_start.to_string(),
            "start: tile 7 appears twice (numbers 7 and 8): each tile appears exactly once"
        );
        let bad_goal = SmallPuzzle::new(S3, &goal, &[1, 2, 3]).unwrap_err();
        assert!(bad_goal
            .to_string()
            .starts_with("goal: expected 9 numbers for a 3x3 board, got 3"));
        assert!(SmallPuzzle::fits(Shape {
            width: 4,
            height: 4
        }));
        assert!(!SmallPuzzle::fits(Shape {
            width: 4,
            height: 5
        }));
    }

    #[test]
    fn tiles_round_trip_through_both_storages() {
        for (w, h) in [(2, 2), (4, 4), (3, 5), (8, 8)] {
            let shape = Shape {
                width: w,
                height: h,
            };
            let mut tiles = shape.default_goal();
            tiles.reverse();
            let large = LargePuzzle::new(shape, &tiles, &shape.default_goal()).unwrap();
            assert_eq!(large.tiles(&large.start()), tiles);
            assert_eq!(large.start().blank(), 0);
            if SmallPuzzle::fits(shape) {
                let small = SmallPuzzle::new(shape, &tiles, &shape.default_goal()).unwrap();
                assert_eq!(small.tiles(&small.start()), tiles);
                let mut out = vec![0; tiles.len()];
                small.write_tiles(&small.goal(), &mut out);
                assert_eq!(out, shape.default_goal());
            }
        }
    }

    #[test]
    fn play_and_successors_agree_and_moves_undo() {
        let p = SmallPuzzle::new(S3, &[1, 2, 3, 4, 0, 5, 6, 7, 8], &S3.default_goal()).unwrap();
        let s = p.start();
        let mut seen = Vec::new();
        p.for_each_successor(&s, |mv, next| {
            assert_eq!(p.play(&s, mv), Some(next));
            assert_eq!(p.play(&next, p.inverse(mv)), Some(s));
            seen.push(mv);
        });
        assert_eq!(seen, Dir::ALL);
        let corner = p.goal();
        assert_eq!(p.play(&corner, Dir::Down), None);
        assert_eq!(p.play(&corner, Dir::Right), None);
    }

    #[test]
    fn rank_counts_and_limits() {
        let p = SmallPuzzle::with_default_goal(S3, &S3.default_goal()).unwrap();
        assert_eq!(p.rank_count(), Some(362_880));
        // In the goal 1..8,0 every tile but the blank stands before the larger ones: only the blank's digit,
        // the 8 tiles before its cell, is not 0, so the rank is 8 * 8!.
        assert_eq!(p.rank(&p.goal()), 8 * 40_320);
        let s45 = Shape {
            width: 4,
            height: 5,
        };
        let p20 = LargePuzzle::with_default_goal(s45, &s45.default_goal()).unwrap();
        assert_eq!(p20.rank_count(), Some(2_432_902_008_176_640_000));
        let mut rev = s45.default_goal();
        rev.reverse();
        let b = p20.board(&rev).unwrap();
        // The reversed list is the largest permutation but for the position of 0.
        assert!(p20.rank(&b) < p20.rank_count().unwrap());
        let s55 = Shape {
            width: 5,
            height: 5,
        };
        let p25 = LargePuzzle::with_default_goal(s55, &s55.default_goal()).unwrap();
        assert_eq!((p25.rank_count(), p25.rank(&p25.start())), (None, 0));
    }
}
