//! Sliding-puzzle heuristics against any goal: misplaced tiles, Manhattan distance, and Manhattan
//! plus linear conflict, each with its tables built once per goal.

use super::board::{Board, SlidingPuzzle};
use super::cells::Cells;
use crate::rules::HeuristicName;
use crate::rules::{BOARD_MAX_CELLS, MAX_SIDE};
use crate::{Heuristic, Puzzle};
use std::fmt;

/// Tiles (not the blank) that are not on their goal cell.
#[derive(Debug, Clone)]
pub struct Misplaced<C> {
    goal: Board<C>,
    n: usize,
}

impl<C: Cells> Misplaced<C> {
    pub fn new(puzzle: &SlidingPuzzle<C>) -> Self {
        Misplaced {
            goal: puzzle.goal(),
            n: puzzle.cell_count(),
        }
    }
}

impl<C: Cells> Heuristic<SlidingPuzzle<C>> for Misplaced<C> {
    #[inline]
    fn estimate(&self, state: &Board<C>) -> u32 {
        // Cells whose tile differs, less the blank's own cell when it is away from its goal cell
        // (the tile sitting on the blank's goal cell is misplaced and stays counted).
        let diff = state.cells().differences(self.goal.cells(), self.n);
        diff - u32::from(state.blank() != self.goal.blank())
    }
    fn admissible(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        HeuristicName::Misplaced.name()
    }
}

/// A value per tile and cell, `value` of the distance from the cell to the tile's goal cell (row plus column);
/// the blank's row is all zeros.
pub(crate) fn tile_table<C: Cells>(
    puzzle: &SlidingPuzzle<C>,
    value: impl Fn(u32) -> u8,
) -> Box<[[u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]> {
    let (shape, n) = (puzzle.shape(), puzzle.cell_count());
    let goal = puzzle.goal();
    let mut table = Box::new([[0u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]);
    for goal_cell in 0..n {
        let tile = usize::from(goal.tile_at(goal_cell));
        if tile == 0 {
            continue;
        }
        for (cell, slot) in table[tile].iter_mut().enumerate().take(n) {
            *slot = value(shape.distance(cell, goal_cell) as u32);
        }
    }
    table
}

/// The sum over tiles of the row plus column distance to the tile's goal cell.
#[derive(Debug, Clone)]
pub struct Manhattan {
    /// `distance[tile][cell]`; the blank's row is all zeros.
    distance: Box<[[u8; BOARD_MAX_CELLS]; BOARD_MAX_CELLS]>,
    n: usize,
}

impl Manhattan {
    pub fn new<C: Cells>(puzzle: &SlidingPuzzle<C>) -> Self {
        // At most 7 + 7.
        let distance = tile_table(puzzle, |d| d as u8);
        Manhattan {
            distance,
            n: puzzle.cell_count(),
        }
    }

    /// The Manhattan distance of one tile standing in `cell`.
    #[inline]
    pub fn tile_distance(&self, tile: u8, cell: usize) -> u32 {
        u32::from(self.distance[usize::from(tile)][cell])
    }
}

impl Manhattan {
    /// The change in distance when the tile `next` has in `state`'s blank cell moved there.
    #[inline]
    fn change<C: Cells>(&self, state: &Board<C>, next: &Board<C>) -> i32 {
        let (to, from) = (state.blank(), next.blank());
        let tile = next.tile_at(to);
        self.tile_distance(tile, to) as i32 - self.tile_distance(tile, from) as i32
    }
}

impl<C: Cells> Heuristic<SlidingPuzzle<C>> for Manhattan {
    #[inline]
    fn estimate(&self, state: &Board<C>) -> u32 {
        (0..self.n)
            .map(|cell| self.tile_distance(state.tile_at(cell), cell))
            .sum()
    }
    /// Only the moved tile's distance changes.
    #[inline]
    fn estimate_after(&self, state: &Board<C>, estimate: u32, next: &Board<C>) -> u32 {
        estimate.wrapping_add_signed(self.change(state, next))
    }
    fn admissible(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        HeuristicName::Manhattan.name()
    }
}

/// Manhattan distance plus linear conflict: in each row (and each column), of the tiles whose goal
/// is in that line, those outside a longest run already in goal order must leave the line and come
/// back, 2 moves each that Manhattan does not count.
///
/// Admissible: a tile that stays in its goal row never passes another such tile in that row, so
/// the tiles of a row that never leave it keep their order, an increasing subsequence; every other
/// one makes at least one vertical move out and one back, beyond its Manhattan count. Those extra
/// moves are vertical for rows and horizontal for columns, so the two sums add up. Counting 2 per
/// conflicting PAIR instead overestimates (a reversed row 3,2,1 needs 4 extra moves, not 6).
#[derive(Debug, Clone)]
pub struct LinearConflict {
    manhattan: Manhattan,
    width: usize,
    height: usize,
    /// Goal row and column of each tile; `NONE` for the blank, which is in no line.
    goal_row: [u8; BOARD_MAX_CELLS],
    goal_col: [u8; BOARD_MAX_CELLS],
    /// The row and column of each cell: a move's update reads them rather than dividing by the width.
    row_of: [u8; BOARD_MAX_CELLS],
    col_of: [u8; BOARD_MAX_CELLS],
    /// On boards of at most 3x3, the tiles that must leave each line by the tiles in it (4 bits a tile, the
    /// line's first cell lowest): the rows' tables, then the columns'. 24 KiB for 3x3, built in about 0.1 ms;
    /// a move's update then reads two entries instead of counting two lines. Empty on larger boards.
    line_table: Box<[u8]>,
}

/// Lines of at most this many cells get a [`LinearConflict::line_table`].
const TABLE_LINE: usize = 3;

/// Matches no row or column.
const NONE: u8 = u8::MAX;

impl LinearConflict {
    pub fn new<C: Cells>(puzzle: &SlidingPuzzle<C>) -> Self {
        let (shape, n) = (puzzle.shape(), puzzle.cell_count());
        let goal = puzzle.goal();
        let (mut goal_row, mut goal_col) = ([NONE; BOARD_MAX_CELLS], [NONE; BOARD_MAX_CELLS]);
        let (mut row_of, mut col_of) = ([0; BOARD_MAX_CELLS], [0; BOARD_MAX_CELLS]);
        for cell in 0..n {
            (row_of[cell], col_of[cell]) = (shape.row(cell) as u8, shape.col(cell) as u8);
            let t = usize::from(goal.tile_at(cell));
            if t != 0 {
                goal_row[t] = shape.row(cell) as u8;
                goal_col[t] = shape.col(cell) as u8;
            }
        }
        let mut lc = LinearConflict {
            manhattan: Manhattan::new(puzzle),
            width: usize::from(shape.width),
            height: usize::from(shape.height),
            goal_row,
            goal_col,
            row_of,
            col_of,
            line_table: Box::default(),
        };
        if lc.width <= TABLE_LINE && lc.height <= TABLE_LINE {
            let (rows, columns) = (lc.height << (4 * lc.width), lc.width << (4 * lc.height));
            let mut table = vec![0u8; rows + columns];
            for (at, entry) in table.iter_mut().enumerate() {
                let (column, line, key, len) = if at < rows {
                    (false, at >> (4 * lc.width), at, lc.width)
                } else {
                    let at = at - rows;
                    (true, at >> (4 * lc.height), at, lc.height)
                };
                let tiles = (0..len).map(|k| ((key >> (4 * k)) & 0xF) as u8);
                *entry = lc.leave_of(tiles, line, column) as u8;
            }
            lc.line_table = table.into_boxed_slice();
        }
        lc
    }

    /// The extra moves alone: 2 per tile that must leave its goal row or column.
    ///
    /// One row-major pass reads every row left to right and every column top to bottom. Each line
    /// keeps its patience-sorting tails (the smallest possible last goal position of an in-order run
    /// of each length) as a bit set; a tile that extends no run replaces a tail and is one that must
    /// leave the line, so the count needs no final longest-subsequence step.
    #[inline]
    pub fn conflict<C: Cells>(&self, state: &Board<C>) -> u32 {
        self.pass(state).1
    }

    /// Manhattan distance and conflict moves in the same pass over the cells.
    ///
    /// Branch-free: whether a tile belongs to its line is random from board to board, so instead
    /// of a branch that would mispredict about one time in three, every tile computes its step and
    /// a mask keeps it or drops it. The current row's tails stay in a register; each column's tails
    /// are touched once every `width` cells, so no long chain runs through memory.
    #[inline]
    fn pass<C: Cells>(&self, state: &Board<C>) -> (u32, u32) {
        let mut col_tails = [0u16; MAX_SIDE as usize];
        let (mut manhattan, mut leave) = (0u32, 0u32);
        for r in 0..self.height {
            let mut row_tails = 0u16;
            for (c, col) in col_tails.iter_mut().enumerate().take(self.width) {
                let cell = r * self.width + c;
                let tile = state.tile_at(cell);
                manhattan += self.manhattan.tile_distance(tile, cell);
                let t = usize::from(tile);
                let in_row = self.goal_row[t] == r as u8;
                let (tails, out) = patience(row_tails, self.goal_col[t] & 7);
                row_tails = if in_row { tails } else { row_tails };
                leave += out & u32::from(in_row);
                let in_col = self.goal_col[t] == c as u8;
                let (tails, out) = patience(*col, self.goal_row[t] & 7);
                *col = if in_col { tails } else { *col };
                leave += out & u32::from(in_col);
            }
        }
        (manhattan, 2 * leave)
    }
}

impl LinearConflict {
    /// Row `line` (or column `line` if `column`) as (its length, the step between its cells, its first cell).
    #[inline(always)]
    fn line_cells(&self, line: usize, column: bool) -> (usize, usize, usize) {
        if column {
            (self.height, self.width, line)
        } else {
            (self.width, 1, line * self.width)
        }
    }

    /// The tiles that must leave one line: row `line`, or column `line` if `column`.
    #[inline(always)]
    fn line_leave<C: Cells>(&self, state: &Board<C>, line: usize, column: bool) -> u32 {
        let (len, step, first) = self.line_cells(line, column);
        let tiles = (0..len).map(|k| state.tile_at(first + k * step));
        self.leave_of(tiles, line, column)
    }

    /// Where row `line` (or column `line` if `column`) starts in [`Self::line_table`].
    #[inline(always)]
    fn line_base(&self, line: usize, column: bool) -> usize {
        if column {
            (self.height << (4 * self.width)) + (line << (4 * self.height))
        } else {
            line << (4 * self.width)
        }
    }

    /// The key of row `line` (or column `line` if `column`) in [`Self::line_table`]: its tiles, 4 bits each,
    /// the line's first cell lowest.
    #[inline(always)]
    fn line_key<C: Cells>(&self, state: &Board<C>, line: usize, column: bool) -> usize {
        let (len, step, first) = self.line_cells(line, column);
        // At most `TABLE_LINE` tiles: a loop of known length, unrolled.
        let mut key = 0;
        for k in 0..TABLE_LINE {
            if k < len {
                key |= usize::from(state.tile_at(first + k * step)) << (4 * k);
            }
        }
        key
    }

    /// The tiles that must leave row `line` (or column `line` if `column`) holding `tiles` in order.
    #[inline]
    fn leave_of(&self, tiles: impl Iterator<Item = u8>, line: usize, column: bool) -> u32 {
        let (home, order) = if column {
            (&self.goal_col, &self.goal_row)
        } else {
            (&self.goal_row, &self.goal_col)
        };
        let (mut tails, mut leave) = (0u16, 0u32);
        for t in tiles {
            let t = usize::from(t);
            let inside = home[t] == line as u8;
            let (next, out) = patience(tails, order[t] & 7);
            tails = if inside { next } else { tails };
            leave += out & u32::from(inside);
        }
        leave
    }

    /// The change in conflict moves from `state` to `next`, one move apart. A sideways move keeps every
    /// row's order, and changes a column only if it is the moved tile's goal column (the tile joins or
    /// leaves it); likewise a vertical move and rows. So at most one line is counted twice.
    #[inline(always)]
    fn conflict_change<C: Cells>(&self, state: &Board<C>, next: &Board<C>) -> i32 {
        let (to, from) = (state.blank(), next.blank());
        let tile = usize::from(next.tile_at(to));
        let (to_row, from_row) = (self.row_of[to], self.row_of[from]);
        let sideways = to_row == from_row;
        let (home, a, b) = if sideways {
            (self.goal_col[tile], self.col_of[to], self.col_of[from])
        } else {
            (self.goal_row[tile], to_row, from_row)
        };
        if home != a && home != b {
            return 0;
        }
        let home = usize::from(home);
        if self.line_table.is_empty() {
            let before = self.line_leave(state, home, sideways);
            let after = self.line_leave(next, home, sideways);
            return 2 * (after as i32 - before as i32);
        }
        // In the line's key only the moved tile's cell changes: it holds the tile on one side of the move and the
        // blank (0) on the other. That cell is the line's `at`-th: its row in a column, its column in a row.
        let at = usize::from(if sideways { to_row } else { self.col_of[to] });
        let base = self.line_base(home, sideways);
        let before = self.line_key(state, home, sideways);
        let after = before ^ (tile << (4 * at));
        2 * (i32::from(self.line_table[base + after]) - i32::from(self.line_table[base + before]))
    }
}

/// One patience-sorting step over distinct values below 8, with the tails as a bit set: `x`
/// replaces the smallest tail above it (`x` extends no run: returns 1) or starts a new longest run
/// (returns 0). Returns the new tails too.
#[inline]
fn patience(tails: u16, x: u8) -> (u16, u32) {
    let above = tails & (u16::MAX << x);
    let lowest = above & above.wrapping_neg();
    ((tails ^ lowest) | (1 << x), u32::from(above != 0))
}

/// The length of a longest increasing subsequence of distinct values below 8 (for the tests).
#[cfg(test)]
fn longest_increasing(seq: &[u8]) -> usize {
    let mut tails = 0u16;
    let mut replaced = 0;
    for &x in seq {
        let (next, out) = patience(tails, x);
        tails = next;
        replaced += out as usize;
    }
    seq.len() - replaced
}

impl<C: Cells> Heuristic<SlidingPuzzle<C>> for LinearConflict {
    #[inline]
    fn estimate(&self, state: &Board<C>) -> u32 {
        let (manhattan, conflict) = self.pass(state);
        manhattan + conflict
    }
    /// The moved tile's Manhattan change plus the one line whose conflicts can change.
    #[inline(always)]
    fn estimate_after(&self, state: &Board<C>, estimate: u32, next: &Board<C>) -> u32 {
        estimate.wrapping_add_signed(
            self.manhattan.change(state, next) + self.conflict_change(state, next),
        )
    }
    fn admissible(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        HeuristicName::LinearConflict.name()
    }
}

/// A heuristic name that this module does not provide for sliding puzzles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NotASlidingHeuristic(pub HeuristicName);

impl fmt::Display for NotASlidingHeuristic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let name = self.0.name();
        match self.0 {
            HeuristicName::Pdb => write!(
                f,
                "the heuristic `{name}` (pattern databases) is not one of the basic sliding heuristics: \
                 use misplaced, manhattan or linear-conflict, or the pattern-database solver"
            ),
            _ => write!(
                f,
                "the heuristic `{name}` is for Tower of Hanoi: sliding puzzles take misplaced, manhattan or linear-conflict"
            ),
        }
    }
}

impl std::error::Error for NotASlidingHeuristic {}

/// Any of the sliding heuristics, chosen at run time by name; `estimate` is one `match`.
// Built once per search and read in place: linear conflict's tables held inline (not behind one more pointer,
// read at every move) cost a few hundred bytes once, not a copy per use.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum SlidingHeuristic<C> {
    Misplaced(Misplaced<C>),
    Manhattan(Manhattan),
    LinearConflict(LinearConflict),
}

impl<C: Cells> SlidingHeuristic<C> {
    /// The names this type answers to.
    pub const NAMES: [HeuristicName; 3] = [
        HeuristicName::Misplaced,
        HeuristicName::Manhattan,
        HeuristicName::LinearConflict,
    ];

    /// Builds the named heuristic's tables for the puzzle's goal.
    ///
    /// ```
    /// use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
    /// use solver::{Heuristic, HeuristicName, Puzzle};
    /// let shape = Shape { width: 3, height: 3 };
    /// let puzzle = SmallPuzzle::new(shape, &[3, 2, 1, 4, 5, 6, 7, 8, 0], &shape.default_goal()).unwrap();
    /// let h = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
    /// // Manhattan 4 (tiles 3 and 1 two columns off), plus 2 for each of the two tiles that must leave the row.
    /// assert_eq!(h.estimate(&puzzle.start()), 8);
    /// assert!(SlidingHeuristic::new(&puzzle, HeuristicName::Exact).is_err());
    /// ```
    pub fn new(
        puzzle: &SlidingPuzzle<C>,
        name: HeuristicName,
    ) -> Result<Self, NotASlidingHeuristic> {
        match name {
            HeuristicName::Misplaced => Ok(SlidingHeuristic::Misplaced(Misplaced::new(puzzle))),
            HeuristicName::Manhattan => Ok(SlidingHeuristic::Manhattan(Manhattan::new(puzzle))),
            HeuristicName::LinearConflict => Ok(SlidingHeuristic::LinearConflict(
                LinearConflict::new(puzzle),
            )),
            other => Err(NotASlidingHeuristic(other)),
        }
    }
}

impl<C: Cells> Heuristic<SlidingPuzzle<C>> for SlidingHeuristic<C> {
    #[inline]
    fn estimate(&self, state: &Board<C>) -> u32 {
        match self {
            SlidingHeuristic::Misplaced(h) => h.estimate(state),
            SlidingHeuristic::Manhattan(h) => Heuristic::<SlidingPuzzle<C>>::estimate(h, state),
            SlidingHeuristic::LinearConflict(h) => {
                Heuristic::<SlidingPuzzle<C>>::estimate(h, state)
            }
        }
    }
    #[inline(always)]
    fn estimate_after(&self, state: &Board<C>, estimate: u32, next: &Board<C>) -> u32 {
        match self {
            SlidingHeuristic::Misplaced(h) => h.estimate(next),
            SlidingHeuristic::Manhattan(h) => h.estimate_after(state, estimate, next),
            SlidingHeuristic::LinearConflict(h) => h.estimate_after(state, estimate, next),
        }
    }
    fn admissible(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        match self {
            SlidingHeuristic::Misplaced(h) => h.name(),
            SlidingHeuristic::Manhattan(h) => Heuristic::<SlidingPuzzle<C>>::name(h),
            SlidingHeuristic::LinearConflict(h) => Heuristic::<SlidingPuzzle<C>>::name(h),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sliding::{LargePuzzle, Shape, SmallPuzzle};

    const S3: Shape = Shape {
        width: 3,
        height: 3,
    };

    #[test]
    fn longest_increasing_subsequences() {
        assert_eq!(longest_increasing(&[]), 0);
        assert_eq!(longest_increasing(&[2, 1, 0]), 1);
        assert_eq!(longest_increasing(&[0, 1, 2]), 3);
        assert_eq!(longest_increasing(&[3, 0, 4, 1, 2]), 3);
        assert_eq!(longest_increasing(&[7, 6, 5, 4, 3, 2, 1, 0]), 1);
        assert_eq!(longest_increasing(&[1, 0, 3, 2, 5, 4, 7, 6]), 4);
    }

    #[test]
    fn a_reversed_row_costs_two_per_tile_that_leaves_not_per_pair() {
        // Row 3,2,1 against goal 1,2,3: three conflicting pairs (the per-pair rule says +6), but
        // only two tiles must leave the row: +4.
        let p = SmallPuzzle::new(S3, &[3, 2, 1, 4, 5, 6, 7, 8, 0], &S3.default_goal()).unwrap();
        let lc = LinearConflict::new(&p);
        let md = Manhattan::new(&p);
        let s = p.start();
        assert_eq!(Heuristic::<SmallPuzzle>::estimate(&md, &s), 4);
        assert_eq!(lc.conflict(&s), 4);
        assert_eq!(Heuristic::<SmallPuzzle>::estimate(&lc, &s), 8);
        // The same in a column, on a 4-tall board: 4,3,2,1 down column 0 of goal 1..; 3 tiles leave.
        let shape = Shape {
            width: 2,
            height: 4,
        };
        let goal = [1, 5, 2, 6, 3, 7, 4, 0];
        let start = [4, 5, 3, 6, 2, 7, 1, 0];
        let p = SmallPuzzle::new(shape, &start, &goal).unwrap();
        assert_eq!(LinearConflict::new(&p).conflict(&p.start()), 6);
    }

    #[test]
    fn estimates_on_a_hand_checked_board() {
        // Goal with the blank first; start with the blank last.
        let goal = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let start = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        for_both(&start, &goal, |mis, man, lc| {
            // Every tile is one cell right of its goal cell, except 3 and 6 which wrapped:
            // 1,2,4,5,7,8 are 1 away; 3 (goal cell 3, now cell 2) is 3 away; 6 (goal 6, now 5) is 3 away.
            assert_eq!(mis, 8);
            assert_eq!(man, 6 + 3 + 3);
            // Rows: 1,2 then 4,5 then 7,8 are in their goal rows and in order; no column holds a
            // tile whose goal is in that column. No conflict.
            assert_eq!(lc, man);
        });
    }

    /// Runs `check(misplaced, manhattan, linear_conflict)` on the same board with both storages.
    fn for_both(start: &[u8], goal: &[u8], check: impl Fn(u32, u32, u32)) {
        let small = SmallPuzzle::new(S3, start, goal).unwrap();
        let s = small.start();
        let h = |name| SlidingHeuristic::new(&small, name).unwrap().estimate(&s);
        check(
            h(HeuristicName::Misplaced),
            h(HeuristicName::Manhattan),
            h(HeuristicName::LinearConflict),
        );
        let large = LargePuzzle::new(S3, start, goal).unwrap();
        let s = large.start();
        let h = |name| SlidingHeuristic::new(&large, name).unwrap().estimate(&s);
        check(
            h(HeuristicName::Misplaced),
            h(HeuristicName::Manhattan),
            h(HeuristicName::LinearConflict),
        );
    }

    #[test]
    fn names_and_refusals() {
        let p = SmallPuzzle::with_default_goal(S3, &S3.default_goal()).unwrap();
        for name in SlidingHeuristic::<crate::sliding::Nibbles>::NAMES {
            let h = SlidingHeuristic::new(&p, name).unwrap();
            assert_eq!(h.name(), name.name());
            assert!(h.admissible());
            assert_eq!(h.estimate(&p.goal()), 0);
        }
        let err = SlidingHeuristic::new(&p, HeuristicName::Exact).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the heuristic `exact` is for Tower of Hanoi: sliding puzzles take misplaced, manhattan or linear-conflict"
        );
        assert!(SlidingHeuristic::new(&p, HeuristicName::Pdb)
            .unwrap_err()
            .to_string()
            .contains("pattern databases"));
    }
}
