//! A proven lower bound for boards of any size and goal: the tiles split into disjoint groups by their goal
//! cells, each group's exact distance in its own abstract puzzle searched on demand, summed over the groups, with
//! linear conflicts across the groups added where the searches cannot have counted them.
//!
//! A group's abstract puzzle holds only its tiles, on the whole board: a move slides one of them onto a
//! neighbouring cell that no other of them holds (the blank and every other tile are ignored), at cost 1. The
//! moves of a group's tiles in any real solution are such a path (a real move goes into the blank, which holds no
//! tile), so the abstract distance is at most the number of those moves; each real move moves one tile, of one
//! group, so the sum over disjoint groups is at most the solution's length. These are the additive disjoint
//! pattern databases of Korf and Felner (2002), searched for the one start rather than tabled for every one, since
//! a table per goal for boards up to 8x8 is out of reach. A search that runs out of budget gives the least f on
//! its open list, still a bound on its group (never more than its distance).
//!
//! What it gains depends on how often a group's tiles get in each other's way. Where a group fills much of the
//! board (8 tiles of 2x8's 16 cells) it is well above linear conflict; on 6x6 to 8x8, a group's few tiles seldom
//! meet, and what they do meet linear conflict mostly counts already: there the bound is rarely above it.

use crate::rules::dense_bound_groups;
use crate::sliding::{Shape, BOARD_MAX_CELLS};

/// The most tiles in a group: 6 bits a cell, 8 tiles and a 16-bit g fill a `u64`.
pub const MAX_GROUP: usize = 8;

/// One way to cut the goal cells into groups: rectangles `width` columns by `height` rows tiling the board from
/// its top-left corner (clipped at the right and bottom edges); each rectangle's tiles, by their goal cells, are
/// one group.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    pub width: u8,
    pub height: u8,
}

/// The layouts and the budget of a bound: the best of the layouts' sums, each group's search stopping after
/// `budget` expansions.
#[derive(Debug, Clone, Copy)]
pub struct Plan<'a> {
    pub layouts: &'a [Layout],
    pub budget: u32,
}

/// The plan for boards past 16 cells: whole rows and whole columns (a line has at most 8 cells), and 2x2 blocks,
/// 2,000 expansions a group. On 20 random boards each of 6x6 and 8x8, blocks of 2x4 and 4x2 and budgets up to
/// 8,000 found nothing more, at up to ten times the cost.
const SPARSE: Plan<'static> = Plan {
    layouts: &[
        Layout {
            width: 8,
            height: 1,
        },
        Layout {
            width: 1,
            height: 8,
        },
        Layout {
            width: 2,
            height: 2,
        },
    ],
    budget: 2000,
};

/// The plan for boards of at most 16 cells (2x6 to 2x8, 6x2 to 8x2): whole lines, and blocks of 2x4 and 4x2 whose
/// 8 tiles fill half the board or more and so meet often, 10,000 expansions a group (on 2x8, 2,000 gave 1.158 x
/// Manhattan, 10,000 about 1.21, 50,000 1.228 at 40 ms).
const DENSE: Plan<'static> = Plan {
    layouts: &[
        Layout {
            width: 8,
            height: 1,
        },
        Layout {
            width: 1,
            height: 8,
        },
        Layout {
            width: 4,
            height: 2,
        },
        Layout {
            width: 2,
            height: 4,
        },
    ],
    budget: 10_000,
};

/// The plan `sliding_lower_bound` uses on `shape`.
pub fn plan_for(shape: Shape) -> Plan<'static> {
    if dense_bound_groups(shape) {
        DENSE
    } else {
        SPARSE
    }
}

/// The best over `plan`'s layouts of the groups' bounds combined with the linear conflicts across them (below),
/// and linear conflict itself: at most the length of every solution from `start` to `goal` (row-major tile lists,
/// the blank 0), which must be valid boards of `shape`.
///
/// A layout whose groups run along rows counts, in each group's search, the row conflicts among its own tiles
/// (2 vertical moves for each tile that must leave its goal row), and adds the column conflicts of the whole
/// board (2 horizontal moves for each tile that must leave its goal column); a layout along columns the other way
/// round. A group's search may already have counted some of those horizontal moves, in what it found beyond its
/// Manhattan distance and row conflicts (its slack): the column conflicts count only beyond the slack of the groups
/// holding a tile in its goal column, which is the least the sum can be whichever tiles make those moves.
pub fn group_bound(shape: Shape, start: &[u8], goal: &[u8], plan: &Plan) -> u64 {
    let board = Board::new(shape);
    let n = shape.cells();
    let (mut start_cell, mut goal_cell) = ([0u8; BOARD_MAX_CELLS], [0u8; BOARD_MAX_CELLS]);
    for cell in 0..n {
        start_cell[usize::from(start[cell])] = cell as u8;
        goal_cell[usize::from(goal[cell])] = cell as u8;
    }
    let tiles: Vec<u8> = (1..n as u8).collect();
    let cells_of = |tiles: &[u8], of: &[u8; BOARD_MAX_CELLS]| -> Vec<u8> {
        tiles.iter().map(|&t| of[usize::from(t)]).collect()
    };
    let (all_starts, all_goals) = (cells_of(&tiles, &start_cell), cells_of(&tiles, &goal_cell));
    let manhattan: u64 = all_starts
        .iter()
        .zip(&all_goals)
        .map(|(&s, &g)| shape.distance(usize::from(s), usize::from(g)) as u64)
        .sum();
    let (rows, columns) = (Lines::new(shape, true), Lines::new(shape, false));
    let row_conflicts = u64::from(rows.leavers(&all_starts, &all_goals));
    let column_conflicts = u64::from(columns.leavers(&all_starts, &all_goals));
    let mut best = manhattan + 2 * (row_conflicts + column_conflicts);
    let mut search = Search::default();
    for layout in plan.layouts {
        let along_rows = layout.width >= layout.height;
        let (own, across, across_conflicts) = if along_rows {
            (&rows, &columns, column_conflicts)
        } else {
            (&columns, &rows, row_conflicts)
        };
        let (mut sum, mut slack) = (0, 0);
        for group in layout.groups(shape, goal) {
            let (starts, goals) = (cells_of(&group, &start_cell), cells_of(&group, &goal_cell));
            let (found, estimate) = search.distance(&board, own, &starts, &goals, plan.budget);
            sum += u64::from(found);
            // Only a tile standing in its goal line across can make the moves that line's conflicts count.
            let crosses = starts
                .iter()
                .zip(&goals)
                .any(|(&s, &g)| across.line(s) == across.line(g));
            if crosses {
                slack += u64::from(found - estimate);
            }
        }
        best = best.max(sum + (2 * across_conflicts).saturating_sub(slack));
    }
    best
}

impl Layout {
    /// The groups of this layout for `goal`: each a list of tiles (the blank in none). Panics if one would hold
    /// more than [`MAX_GROUP`].
    pub fn groups(self, shape: Shape, goal: &[u8]) -> Vec<Vec<u8>> {
        let (w, h) = (
            usize::from(self.width).max(1),
            usize::from(self.height).max(1),
        );
        let (width, height) = (usize::from(shape.width), usize::from(shape.height));
        let mut groups = Vec::new();
        for top in (0..height).step_by(h) {
            for left in (0..width).step_by(w) {
                let group: Vec<u8> = (top..(top + h).min(height))
                    .flat_map(|r| (left..(left + w).min(width)).map(move |c| r * width + c))
                    .map(|cell| goal[cell])
                    .filter(|&tile| tile != 0)
                    .collect();
                assert!(
                    group.len() <= MAX_GROUP,
                    "a group holds at most {MAX_GROUP} tiles"
                );
                if !group.is_empty() {
                    groups.push(group);
                }
            }
        }
        groups
    }
}

/// The board's geometry as the searches read it.
struct Board {
    shape: Shape,
    /// The cells next to each cell, as a bit set.
    neighbours: [u64; BOARD_MAX_CELLS],
}

impl Board {
    fn new(shape: Shape) -> Board {
        let (width, n) = (usize::from(shape.width), shape.cells());
        let mut neighbours = [0u64; BOARD_MAX_CELLS];
        for (cell, set) in neighbours.iter_mut().enumerate().take(n) {
            let (r, c) = (cell / width, cell % width);
            if r > 0 {
                *set |= 1 << (cell - width);
            }
            if cell + width < n {
                *set |= 1 << (cell + width);
            }
            if c > 0 {
                *set |= 1 << (cell - 1);
            }
            if c + 1 < width {
                *set |= 1 << (cell + 1);
            }
        }
        Board { shape, neighbours }
    }
}

/// The rows (or the columns) of a board, for linear conflicts: each cell's line and its place along it.
struct Lines {
    line: [u8; BOARD_MAX_CELLS],
    along: [u8; BOARD_MAX_CELLS],
}

impl Lines {
    fn new(shape: Shape, rows: bool) -> Lines {
        let (mut line, mut along) = ([0; BOARD_MAX_CELLS], [0; BOARD_MAX_CELLS]);
        for cell in 0..shape.cells() {
            let (r, c) = (shape.row(cell) as u8, shape.col(cell) as u8);
            (line[cell], along[cell]) = if rows { (r, c) } else { (c, r) };
        }
        Lines { line, along }
    }

    fn line(&self, cell: u8) -> u8 {
        self.line[usize::from(cell)]
    }

    /// Of the tiles on `cells` whose goal (on `goals`) is in the line they stand in, those that must leave it, in
    /// every line: a tile that never leaves its goal line never passes another there, so those that stay keep
    /// their order, an increasing run of goal places; all but a longest such run leave and come back, 2 moves
    /// each across the line that Manhattan distance does not count.
    fn leavers(&self, cells: &[u8], goals: &[u8]) -> u32 {
        (0..8u8)
            .map(|line| self.line_leavers(cells, goals, line))
            .sum()
    }

    /// [`Lines::leavers`] in `line` alone.
    fn line_leavers(&self, cells: &[u8], goals: &[u8], line: u8) -> u32 {
        // Goal places (below 8) by place along the line: at most one tile a cell.
        let mut by_place = [u8::MAX; 8];
        let mut count = 0;
        for (&cell, &goal) in cells.iter().zip(goals) {
            if self.line(cell) == line && self.line(goal) == line {
                by_place[usize::from(self.along[usize::from(cell)])] =
                    self.along[usize::from(goal)];
                count += 1;
            }
        }
        if count < 2 {
            return 0;
        }
        // Patience sorting: `tails` holds, as a bit set, the least last goal place of an increasing run of each
        // length; a place that extends no run replaces a larger tail, and the runs' longest is the tails' count.
        let mut tails = 0u16;
        for &place in by_place.iter().filter(|&&p| p != u8::MAX) {
            let above = tails & !((2u16 << place) - 1);
            tails = (tails & !(above & above.wrapping_neg())) | 1 << place;
        }
        count - tails.count_ones()
    }
}

/// A state of an abstract puzzle: the cell of the group's i-th tile in bits 6i..6i+6.
type State = u64;

/// Marks an empty slot of the seen table: no state has all of its 6-bit fields at 63 with a g of 65535.
const EMPTY: u64 = u64::MAX;

/// The memory of the searches, kept from group to group so that none allocates once grown.
#[derive(Default)]
struct Search {
    /// Open addressing, linear probing: `state << 16 | g`, the least g found for the state.
    seen: Vec<u64>,
    filled: usize,
    /// The open list by f: those at the f being expanded (taken last in, first out, which goes deep first as
    /// ties on f broken towards larger g would), and those at f + 2. On a consistent heuristic that changes by one
    /// a move, no other f is ever made.
    now: Vec<u64>,
    later: Vec<u64>,
}

impl Search {
    /// The abstract distance of the group whose tiles stand on `starts` and belong on `goals`, or, if `budget`
    /// expansions do not settle it, the least f then open: at most that distance either way. With it, the
    /// search's first estimate: the group's Manhattan distance and its conflicts in `lines`.
    ///
    /// That estimate changes by exactly one a move (a tile entering its goal line gains a place and may add a
    /// leaver, one leaving it loses a place and may remove one, and a tile moving along a line passes no other),
    /// so it is consistent and f grows by 0 or 2 at each step.
    fn distance(
        &mut self,
        board: &Board,
        lines: &Lines,
        starts: &[u8],
        goals: &[u8],
        budget: u32,
    ) -> (u32, u32) {
        let k = starts.len();
        debug_assert!(k <= MAX_GROUP && goals.len() == k);
        let pack = |cells: &[u8]| {
            cells
                .iter()
                .enumerate()
                .fold(0u64, |state, (i, &cell)| state | u64::from(cell) << (6 * i))
        };
        let (start, goal) = (pack(starts), pack(goals));
        let mut to_goal = [[0u8; BOARD_MAX_CELLS]; MAX_GROUP];
        for (row, &goal_cell) in to_goal.iter_mut().zip(goals) {
            for (cell, d) in row.iter_mut().enumerate().take(board.shape.cells()) {
                *d = board.shape.distance(cell, usize::from(goal_cell)) as u8;
            }
        }
        let h0: u32 = starts
            .iter()
            .zip(&to_goal)
            .map(|(&cell, row)| u32::from(row[usize::from(cell)]))
            .sum::<u32>()
            + 2 * lines.leavers(starts, goals);
        if k <= 1 || start == goal {
            return (h0, h0);
        }
        self.reset();
        self.improve(start, 0);
        self.now.push(start << 16);
        let mut f = h0;
        let mut expanded = 0u32;
        let mut cells = [0u8; MAX_GROUP];
        loop {
            let Some(entry) = self.now.pop() else {
                if self.later.is_empty() {
                    // Nothing left: the goal is out of reach (an unsolvable board), and f bounds nothing less.
                    return (f, h0);
                }
                std::mem::swap(&mut self.now, &mut self.later);
                f += 2;
                continue;
            };
            let (state, g) = (entry >> 16, (entry & 0xFFFF) as u32);
            if self.g_of(state) != Some(g) {
                continue;
            }
            if state == goal {
                return (g, h0);
            }
            if expanded == budget {
                return (f, h0);
            }
            expanded += 1;
            let h = f - g;
            let mut occupied = 0u64;
            for (i, cell) in cells.iter_mut().enumerate().take(k) {
                *cell = ((state >> (6 * i)) & 63) as u8;
                occupied |= 1 << *cell;
            }
            for i in 0..k {
                let from = cells[i];
                let goal_line = lines.line(goals[i]);
                let mut free = board.neighbours[usize::from(from)] & !occupied;
                while free != 0 {
                    let to = free.trailing_zeros() as u8;
                    free &= free - 1;
                    let child = state ^ (u64::from(from ^ to) << (6 * i));
                    let mut child_h = h + u32::from(to_goal[i][usize::from(to)])
                        - u32::from(to_goal[i][usize::from(from)]);
                    if lines.line(from) != lines.line(to)
                        && (lines.line(from) == goal_line || lines.line(to) == goal_line)
                    {
                        let before = lines.line_leavers(&cells[..k], goals, goal_line);
                        cells[i] = to;
                        let after = lines.line_leavers(&cells[..k], goals, goal_line);
                        cells[i] = from;
                        child_h = child_h + 2 * after - 2 * before;
                    }
                    let child_g = g + 1;
                    debug_assert!(child_g + child_h == f || child_g + child_h == f + 2);
                    if child == goal && child_g == f {
                        return (f, h0);
                    }
                    if self.improve(child, child_g) {
                        let entry = child << 16 | u64::from(child_g);
                        if child_g + child_h == f {
                            self.now.push(entry);
                        } else {
                            self.later.push(entry);
                        }
                    }
                }
            }
        }
    }

    /// Empties the lists and the table (which keeps the size the largest search so far has grown it to).
    fn reset(&mut self) {
        self.now.clear();
        self.later.clear();
        if self.seen.is_empty() {
            self.seen = vec![EMPTY; 1 << 8];
        } else if self.filled > 0 {
            self.seen.fill(EMPTY);
        }
        self.filled = 0;
    }

    fn slot(&self, state: State) -> usize {
        (state.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & (self.seen.len() - 1)
    }

    /// The least g seen for `state`.
    fn g_of(&self, state: State) -> Option<u32> {
        let mask = self.seen.len() - 1;
        let mut at = self.slot(state);
        loop {
            let entry = self.seen[at];
            if entry == EMPTY {
                return None;
            }
            if entry >> 16 == state {
                return Some((entry & 0xFFFF) as u32);
            }
            at = (at + 1) & mask;
        }
    }

    /// Records `g` for `state` if it is the first or a shorter way there; whether it was.
    fn improve(&mut self, state: State, g: u32) -> bool {
        if 2 * (self.filled + 1) > self.seen.len() {
            self.grow();
        }
        let mask = self.seen.len() - 1;
        let mut at = self.slot(state);
        loop {
            let entry = self.seen[at];
            if entry == EMPTY {
                self.seen[at] = state << 16 | u64::from(g);
                self.filled += 1;
                return true;
            }
            if entry >> 16 == state {
                if (entry & 0xFFFF) as u32 <= g {
                    return false;
                }
                self.seen[at] = state << 16 | u64::from(g);
                return true;
            }
            at = (at + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let larger = vec![EMPTY; 2 * self.seen.len()];
        let old = std::mem::replace(&mut self.seen, larger);
        let mask = self.seen.len() - 1;
        for entry in old.into_iter().filter(|&e| e != EMPTY) {
            let mut at = self.slot(entry >> 16);
            while self.seen[at] != EMPTY {
                at = (at + 1) & mask;
            }
            self.seen[at] = entry;
        }
    }
}
