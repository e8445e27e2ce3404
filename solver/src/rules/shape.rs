//! Board shapes (width x height) and moves named by the direction the blank travels.

use super::limits::{MAX_SIDE, MIN_SIDE};
use std::fmt;
use std::str::FromStr;

/// A board's size in cells: `width` columns by `height` rows, each 2 to 8.
///
/// The fields are public so a shape reads like what it is; every entry point that takes a shape
/// (`validate_tiles`, `SlidingPuzzle::new`, the random generators) checks it with [`Shape::check`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shape {
    pub width: u8,
    pub height: u8,
}

/// A board size outside 2x2 ..= 8x8, or a size string that does not read as WIDTHxHEIGHT.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ShapeError {
    /// A side outside 2..=8.
    OutOfRange { width: u8, height: u8 },
    /// A size string that is not WIDTHxHEIGHT with two numbers.
    Unreadable(String),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::OutOfRange { width, height } => write!(
                f,
                "a {width}x{height} board is not supported: width and height must each be {MIN_SIDE} to {MAX_SIDE}"
            ),
            ShapeError::Unreadable(text) => write!(
                f,
                "the size `{text}` is not WIDTHxHEIGHT: write two numbers from {MIN_SIDE} to {MAX_SIDE} joined by x, e.g. 3x3 or 4x3"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

impl Shape {
    /// A checked shape.
    pub fn new(width: u8, height: u8) -> Result<Shape, ShapeError> {
        let shape = Shape { width, height };
        shape.check()?;
        Ok(shape)
    }

    /// Both sides within 2..=8.
    pub fn check(self) -> Result<(), ShapeError> {
        let ok = |side: u8| (MIN_SIDE..=MAX_SIDE).contains(&side);
        if ok(self.width) && ok(self.height) {
            Ok(())
        } else {
            Err(ShapeError::OutOfRange {
                width: self.width,
                height: self.height,
            })
        }
    }

    /// The number of cells, N = width x height (the tiles are 1..N-1 and the blank).
    pub fn cells(self) -> usize {
        usize::from(self.width) * usize::from(self.height)
    }

    /// The default goal: 1, 2, ..., N-1 in row-major order, the blank (0) last.
    pub fn default_goal(self) -> Vec<u8> {
        let n = self.cells();
        // For a checked shape n <= 64, so every tile number fits in a u8.
        (1..n).map(|t| t as u8).chain(std::iter::once(0)).collect()
    }

    /// The row of `cell` (row-major, from 0).
    #[inline]
    pub fn row(self, cell: usize) -> usize {
        cell / usize::from(self.width)
    }

    /// The column of `cell` (from 0).
    #[inline]
    pub fn col(self, cell: usize) -> usize {
        cell % usize::from(self.width)
    }

    /// The cell the blank reaches from `cell` by moving `dir`, if that stays on the board.
    pub fn step(self, cell: usize, dir: Dir) -> Option<usize> {
        let (w, n) = (usize::from(self.width), self.cells());
        if cell >= n {
            return None;
        }
        match dir {
            Dir::Up => cell.checked_sub(w),
            Dir::Down => Some(cell + w).filter(|&c| c < n),
            Dir::Left => (!cell.is_multiple_of(w)).then(|| cell - 1),
            Dir::Right => (cell % w != w - 1).then_some(cell + 1),
        }
    }

    /// The Manhattan distance between two cells.
    pub fn distance(self, a: usize, b: usize) -> usize {
        self.row(a).abs_diff(self.row(b)) + self.col(a).abs_diff(self.col(b))
    }
}

impl fmt::Display for Shape {
    /// `WIDTHxHEIGHT`, as in the PUZZLE format's `size` field.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads `WIDTHxHEIGHT` (`3x3`, `4x3`; an upper-case `X` is accepted too) and checks the range.
    fn from_str(text: &str) -> Result<Shape, ShapeError> {
        let unreadable = || ShapeError::Unreadable(text.to_string());
        let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(unreadable)?;
        let side = |s: &str| s.trim().parse::<u8>().map_err(|_| unreadable());
        Shape::new(side(w)?, side(h)?)
    }
}

/// A move: the direction the BLANK travels. `Up` swaps the blank with the tile above it,
/// so that tile slides down.
///
/// The declaration order (U, L, R, D) is the successor order of every search, and it makes
/// `opposite` a subtraction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Dir {
    Up = 0,
    Left = 1,
    Right = 2,
    Down = 3,
}

impl Dir {
    /// All four, in successor order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Left, Dir::Right, Dir::Down];

    /// The move's letter in the PUZZLE format: `U`, `D`, `L` or `R`.
    pub fn letter(self) -> char {
        match self {
            Dir::Up => 'U',
            Dir::Down => 'D',
            Dir::Left => 'L',
            Dir::Right => 'R',
        }
    }

    /// The move a letter names (`U`, `D`, `L`, `R`, either case).
    pub fn from_letter(letter: char) -> Option<Dir> {
        match letter.to_ascii_uppercase() {
            'U' => Some(Dir::Up),
            'D' => Some(Dir::Down),
            'L' => Some(Dir::Left),
            'R' => Some(Dir::Right),
            _ => None,
        }
    }

    /// The move that undoes this one.
    #[inline]
    pub fn opposite(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
            Dir::Down => Dir::Up,
        }
    }

    /// The lower-case word: `up`, `down`, `left`, `right`.
    pub fn word(self) -> &'static str {
        match self {
            Dir::Up => "up",
            Dir::Down => "down",
            Dir::Left => "left",
            Dir::Right => "right",
        }
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// Writes moves as the PUZZLE format's letter string, e.g. `ULDR`.
pub fn moves_to_string(moves: &[Dir]) -> String {
    moves.iter().map(|d| d.letter()).collect()
}

/// A move string with a character that is not U, D, L or R.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadMoveLetter {
    /// The offending character.
    pub letter: char,
    /// Its position in the string, from 1.
    pub position: usize,
}

impl fmt::Display for BadMoveLetter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` at position {} is not a move: sliding moves are the letters U, D, L and R (the direction the blank moves)",
            self.letter, self.position
        )
    }
}

impl std::error::Error for BadMoveLetter {}

/// Reads a letter string such as `ULDR` into moves. Whitespace and commas are skipped.
pub fn parse_moves(text: &str) -> Result<Vec<Dir>, BadMoveLetter> {
    text.chars()
        .enumerate()
        .filter(|(_, c)| !c.is_whitespace() && *c != ',')
        .map(|(i, c)| {
            Dir::from_letter(c).ok_or(BadMoveLetter {
                letter: c,
                position: i + 1,
            })
        })
        .collect()
}

/// A move that leaves the board, or a board without a blank.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IllegalMove {
    /// The blank is on the edge the move would cross.
    OffBoard {
        dir: Dir,
        blank_row: usize,
        blank_col: usize,
    },
    /// No 0 on the board (or the list is longer than the shape).
    NoBlank,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::OffBoard {
                dir,
                blank_row,
                blank_col,
            } => {
                let edge = match dir {
                    Dir::Up => "top row",
                    Dir::Down => "bottom row",
                    Dir::Left => "leftmost column",
                    Dir::Right => "rightmost column",
                };
                write!(
                    f,
                    "the blank cannot move {dir}: it is in the {edge} (row {}, column {})",
                    blank_row + 1,
                    blank_col + 1
                )
            }
            IllegalMove::NoBlank => {
                f.write_str("there is no blank (0) on this board, so nothing can move")
            }
        }
    }
}

impl std::error::Error for IllegalMove {}

/// Where the blank is and where it goes, for a row-major tile list of `shape`.
fn blank_and_target(shape: Shape, tiles: &[u8], dir: Dir) -> Result<(usize, usize), IllegalMove> {
    let blank = tiles
        .iter()
        .take(shape.cells())
        .position(|&t| t == 0)
        .ok_or(IllegalMove::NoBlank)?;
    let target = shape.step(blank, dir).ok_or(IllegalMove::OffBoard {
        dir,
        blank_row: shape.row(blank),
        blank_col: shape.col(blank),
    })?;
    if target >= tiles.len() {
        return Err(IllegalMove::NoBlank);
    }
    Ok((blank, target))
}

/// Plays one move on a row-major tile list. Slow (it looks for the blank) and checked: the
/// replay path, not the search path.
pub fn apply_move(shape: Shape, tiles: &mut [u8], dir: Dir) -> Result<(), IllegalMove> {
    let (blank, target) = blank_and_target(shape, tiles, dir)?;
    tiles.swap(blank, target);
    Ok(())
}

/// The move in words from the tile's point of view: if the blank moves up, the tile above it
/// slides down, so `describe_move(shape, tiles, Dir::Up)` says "tile 5 slides down".
/// An impossible move is described as such ("the blank cannot move up: ...").
///
/// ```
/// use solver::sliding::{describe_move, Dir, Shape};
/// let shape = Shape { width: 3, height: 3 };
/// let tiles = [1, 2, 3, 4, 5, 6, 7, 0, 8];
/// assert_eq!(describe_move(shape, &tiles, Dir::Up), "tile 5 slides down");
/// assert_eq!(describe_move(shape, &tiles, Dir::Right), "tile 8 slides left");
/// ```
pub fn describe_move(shape: Shape, tiles_before: &[u8], dir: Dir) -> String {
    match blank_and_target(shape, tiles_before, dir) {
        Ok((_, target)) => format!("tile {} slides {}", tiles_before[target], dir.opposite()),
        Err(illegal) => illegal.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_are_checked_and_parsed() {
        assert!(Shape::new(2, 8).is_ok());
        assert_eq!(
            Shape::new(9, 3),
            Err(ShapeError::OutOfRange {
                width: 9,
                height: 3
            })
        );
        assert_eq!(
            Shape::new(1, 3).unwrap_err().to_string(),
            "a 1x3 board is not supported: width and height must each be 2 to 8"
        );
        assert_eq!(
            "4x3".parse::<Shape>(),
            Ok(Shape {
                width: 4,
                height: 3
            })
        );
        assert_eq!(
            " 5X5 ".parse::<Shape>(),
            Ok(Shape {
                width: 5,
                height: 5
            })
        );
        assert!(matches!(
            "3by3".parse::<Shape>(),
            Err(ShapeError::Unreadable(_))
        ));
        assert!(matches!(
            "3x".parse::<Shape>(),
            Err(ShapeError::Unreadable(_))
        ));
        assert!(matches!(
            "3x300".parse::<Shape>(),
            Err(ShapeError::Unreadable(_))
        ));
        assert!(matches!(
            "3x9".parse::<Shape>(),
            Err(ShapeError::OutOfRange { .. })
        ));
        assert_eq!(
            Shape {
                width: 4,
                height: 3
            }
            .to_string(),
            "4x3"
        );
    }

    #[test]
    fn default_goal_is_row_major_with_the_blank_last() {
        assert_eq!(
            Shape {
                width: 2,
                height: 2
            }
            .default_goal(),
            vec![1, 2, 3, 0]
        );
        assert_eq!(
            Shape {
                width: 3,
                height: 2
            }
            .default_goal(),
            vec![1, 2, 3, 4, 5, 0]
        );
        let big = Shape {
            width: 8,
            height: 8,
        }
        .default_goal();
        assert_eq!((big.len(), big[62], big[63]), (64, 63, 0));
    }

    #[test]
    fn letters_round_trip_and_opposites_undo() {
        for d in Dir::ALL {
            assert_eq!(Dir::from_letter(d.letter()), Some(d));
            assert_eq!(Dir::from_letter(d.letter().to_ascii_lowercase()), Some(d));
            assert_eq!(d.opposite().opposite(), d);
            assert_ne!(d.opposite(), d);
        }
        assert_eq!(Dir::Up.opposite(), Dir::Down);
        assert_eq!(Dir::Left.opposite(), Dir::Right);
        assert_eq!(Dir::from_letter('X'), None);
        assert_eq!(
            moves_to_string(&[Dir::Up, Dir::Left, Dir::Down, Dir::Right]),
            "ULDR"
        );
        assert_eq!(
            parse_moves("UL DR"),
            Ok(vec![Dir::Up, Dir::Left, Dir::Down, Dir::Right])
        );
        let bad = parse_moves("UUX").unwrap_err();
        assert_eq!(
            bad,
            BadMoveLetter {
                letter: 'X',
                position: 3
            }
        );
        assert!(bad
            .to_string()
            .starts_with("`X` at position 3 is not a move"));
    }

    #[test]
    fn steps_stay_on_the_board() {
        let s = Shape {
            width: 3,
            height: 2,
        };
        assert_eq!(s.step(0, Dir::Up), None);
        assert_eq!(s.step(0, Dir::Left), None);
        assert_eq!(s.step(0, Dir::Right), Some(1));
        assert_eq!(s.step(0, Dir::Down), Some(3));
        assert_eq!(s.step(5, Dir::Right), None);
        assert_eq!(s.step(5, Dir::Down), None);
        assert_eq!(s.step(5, Dir::Up), Some(2));
        assert_eq!(s.step(3, Dir::Left), None);
        assert_eq!(s.step(6, Dir::Up), None);
        assert_eq!(s.distance(0, 5), 3);
    }

    #[test]
    fn moves_are_described_from_the_tile_s_point_of_view() {
        let s = Shape {
            width: 3,
            height: 3,
        };
        // Blank in the centre: every direction is legal.
        let t = [1, 2, 3, 4, 0, 5, 6, 7, 8];
        assert_eq!(describe_move(s, &t, Dir::Up), "tile 2 slides down");
        assert_eq!(describe_move(s, &t, Dir::Down), "tile 7 slides up");
        assert_eq!(describe_move(s, &t, Dir::Left), "tile 4 slides right");
        assert_eq!(describe_move(s, &t, Dir::Right), "tile 5 slides left");
        let corner = [1, 2, 3, 4, 5, 6, 7, 8, 0];
        assert_eq!(
            describe_move(s, &corner, Dir::Down),
            "the blank cannot move down: it is in the bottom row (row 3, column 3)"
        );
        assert_eq!(
            describe_move(s, &corner, Dir::Right),
            "the blank cannot move right: it is in the rightmost column (row 3, column 3)"
        );
        assert_eq!(
            describe_move(s, &[1, 2, 3, 4, 5, 6, 7, 8, 9], Dir::Up),
            "there is no blank (0) on this board, so nothing can move"
        );
        // A short list never panics.
        assert_eq!(
            describe_move(s, &[1, 0], Dir::Down),
            "there is no blank (0) on this board, so nothing can move"
        );
    }

    #[test]
    fn apply_move_swaps_blank_and_tile() {
        let s = Shape {
            width: 2,
            height: 2,
        };
        let mut t = [1, 2, 3, 0];
        apply_move(s, &mut t, Dir::Up).unwrap();
        assert_eq!(t, [1, 0, 3, 2]);
        apply_move(s, &mut t, Dir::Left).unwrap();
        assert_eq!(t, [0, 1, 3, 2]);
        assert_eq!(
            apply_move(s, &mut t, Dir::Up),
            Err(IllegalMove::OffBoard {
                dir: Dir::Up,
                blank_row: 0,
                blank_col: 0
            })
        );
        assert_eq!(t, [0, 1, 3, 2]);
    }
}
