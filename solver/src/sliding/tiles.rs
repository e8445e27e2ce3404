//! Checking a row-major tile list (count, range, duplicates, blank) and deciding solvability in O(N).

use super::shape::{Shape, ShapeError};
use crate::rules::BOARD_MAX_CELLS;
use std::fmt;

/// What is wrong with a tile list for a given shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TilesError {
    /// The shape itself is out of range.
    Shape(ShapeError),
    /// Not exactly width x height numbers.
    WrongCount { shape: Shape, got: usize },
    /// A number above N-1. `position` counts from 1, row by row.
    OutOfRange {
        shape: Shape,
        value: u64,
        position: usize,
    },
    /// A number that appears more than once (the first repeat found). Positions count from 1.
    Duplicate {
        tile: u8,
        first: usize,
        second: usize,
    },
    /// No 0 on the board; `duplicate` is the number that took its place (appearing twice).
    MissingBlank {
        duplicate: u8,
        first: usize,
        second: usize,
    },
}

impl fmt::Display for TilesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TilesError::Shape(e) => e.fmt(f),
            TilesError::WrongCount { shape, got } => write!(
                f,
                "expected {} numbers for a {shape} board, got {got}: list every cell row by row, with 0 for the blank",
                shape.cells()
            ),
            TilesError::OutOfRange { shape, value, position } => write!(
                f,
                "{value} (number {position}) is out of range: a {shape} board holds the blank 0 and tiles 1 to {}",
                shape.cells() - 1
            ),
            TilesError::Duplicate { tile: 0, first, second } => write!(
                f,
                "the blank (0) appears twice (numbers {first} and {second}): a board has exactly one blank"
            ),
            TilesError::Duplicate { tile, first, second } => {
                write!(f, "tile {tile} appears twice (numbers {first} and {second}): each tile appears exactly once")
            }
            TilesError::MissingBlank { duplicate, first, second } => write!(
                f,
                "there is no blank (0) on the board, and tile {duplicate} appears twice (numbers {first} and {second}): \
                 one of them is probably meant to be the blank"
            ),
        }
    }
}

impl std::error::Error for TilesError {}

impl From<ShapeError> for TilesError {
    fn from(e: ShapeError) -> Self {
        TilesError::Shape(e)
    }
}

/// Checks that `tiles` lists every cell of `shape` row by row: the blank 0 once and each of the
/// tiles 1..N-1 once. The error names the first problem precisely.
///
/// ```
/// use solver::sliding::{validate_tiles, Shape};
/// let shape = Shape { width: 3, height: 3 };
/// assert!(validate_tiles(shape, &[1, 2, 3, 4, 5, 6, 7, 8, 0]).is_ok());
/// let err = validate_tiles(shape, &[1, 2, 3, 4, 5, 6, 7, 8]).unwrap_err();
/// assert!(err.to_string().starts_with("expected 9 numbers for a 3x3 board, got 8"));
/// ```
pub fn validate_tiles(shape: Shape, tiles: &[u8]) -> Result<(), TilesError> {
    shape.check()?;
    let n = shape.cells();
    if tiles.len() != n {
        return Err(TilesError::WrongCount {
            shape,
            got: tiles.len(),
        });
    }
    if let Some(position) = tiles.iter().position(|&t| usize::from(t) >= n) {
        return Err(TilesError::OutOfRange {
            shape,
            value: u64::from(tiles[position]),
            position: position + 1,
        });
    }
    // n <= 64 and every value is below n: one bit per value, and where each was first seen.
    let mut seen: u64 = 0;
    let mut first_at = [0usize; BOARD_MAX_CELLS];
    let mut repeat = None;
    for (i, &t) in tiles.iter().enumerate() {
        let bit = 1u64 << t;
        if seen & bit != 0 {
            repeat = Some((t, first_at[usize::from(t)] + 1, i + 1));
            break;
        }
        seen |= bit;
        first_at[usize::from(t)] = i;
    }
    match repeat {
        None => Ok(()),
        Some((tile, first, second)) if !tiles.contains(&0) => Err(TilesError::MissingBlank {
            duplicate: tile,
            first,
            second,
        }),
        Some((tile, first, second)) => Err(TilesError::Duplicate {
            tile,
            first,
            second,
        }),
    }
}

/// Why a start cannot reach a goal: the two parities that every move flips together disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Unsolvable {
    /// True if the permutation taking the start to the goal (blank included) is odd.
    pub odd_permutation: bool,
    /// The blank's Manhattan distance from its start cell to its goal cell.
    pub blank_distance: usize,
}

impl fmt::Display for Unsolvable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles = if self.odd_permutation { "odd" } else { "even" };
        let blank = match self.blank_distance {
            0 => "is already on its goal cell (0 moves away, an even number)".to_string(),
            1 => "is 1 move from its goal cell (an odd number)".to_string(),
            d if d % 2 == 0 => format!("is an even number of moves ({d}) from its goal cell"),
            d => format!("is an odd number of moves ({d}) from its goal cell"),
        };
        write!(
            f,
            "This arrangement cannot reach the goal: the tiles are an {tiles} permutation away from the goal while \
             the blank {blank}; every move changes both parities together, so no sequence of moves can fix it. \
             Swapping any two tiles (not the blank) makes it solvable."
        )
    }
}

impl std::error::Error for Unsolvable {}

/// Decides in O(N), without search, whether `start` can reach `goal` on `shape`.
///
/// Every move swaps the blank with a neighbour: it flips the parity of the permutation between the
/// board and the goal, and it moves the blank one cell, flipping the parity of its distance to its
/// goal cell. The two parities agree at the goal, so they must agree at the start; on every board
/// of at least 2x2 that is also enough (the tests check this against exhaustive search).
///
/// `start` and `goal` should pass [`validate_tiles`] first: for anything else this gives no verdict
/// (`Ok`) rather than a wrong one or a panic. [`super::SlidingPuzzle::check_solvable`] is the always-valid form.
///
/// ```
/// use solver::sliding::{check_solvable, Shape};
/// let shape = Shape { width: 3, height: 3 };
/// let goal = shape.default_goal();
/// assert!(check_solvable(shape, &[1, 2, 3, 4, 5, 6, 7, 0, 8], &goal).is_ok());
/// let err = check_solvable(shape, &[2, 1, 3, 4, 5, 6, 7, 8, 0], &goal).unwrap_err();
/// assert!(err.to_string().starts_with("This arrangement cannot reach the goal: the tiles are an odd permutation"));
/// ```
pub fn check_solvable(shape: Shape, start: &[u8], goal: &[u8]) -> Result<(), Unsolvable> {
    match parities(shape, start, goal) {
        Some(u) if u.odd_permutation != (u.blank_distance % 2 == 1) => Err(u),
        _ => Ok(()),
    }
}

/// The permutation parity and the blank's distance, or `None` if the lists are not boards of `shape`.
pub(crate) fn parities(shape: Shape, start: &[u8], goal: &[u8]) -> Option<Unsolvable> {
    validate_tiles(shape, start).ok()?;
    validate_tiles(shape, goal).ok()?;
    let n = shape.cells();
    let mut goal_cell = [0u8; BOARD_MAX_CELLS];
    for (cell, &t) in goal.iter().enumerate() {
        goal_cell[usize::from(t)] = cell as u8;
    }
    // sigma(c) = the goal cell of the tile now in c. Parity of a permutation = (n - cycles) mod 2.
    let mut visited: u64 = 0;
    let mut cycles = 0usize;
    for c in 0..n {
        if visited & (1 << c) != 0 {
            continue;
        }
        cycles += 1;
        let mut x = c;
        while visited & (1 << x) == 0 {
            visited |= 1 << x;
            x = usize::from(goal_cell[usize::from(start[x])]);
        }
    }
    let start_blank = start.iter().position(|&t| t == 0)?;
    let goal_blank = goal.iter().position(|&t| t == 0)?;
    Some(Unsolvable {
        odd_permutation: (n - cycles) % 2 == 1,
        blank_distance: shape.distance(start_blank, goal_blank),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const S3: Shape = Shape {
        width: 3,
        height: 3,
    };

    #[test]
    fn validation_names_each_problem() {
        assert_eq!(validate_tiles(S3, &[8, 6, 7, 2, 5, 4, 3, 0, 1]), Ok(()));
        let msg = |tiles: &[u8]| validate_tiles(S3, tiles).unwrap_err().to_string();
        assert_eq!(
            msg(&[1, 2, 3, 4, 5, 6, 7, 8]),
            "expected 9 numbers for a 3x3 board, got 8: list every cell row by row, with 0 for the blank"
        );
        assert_eq!(
            msg(&[1, 2, 3, 4, 5, 6, 7, 8, 9]),
            "9 (number 9) is out of range: a 3x3 board holds the blank 0 and tiles 1 to 8"
        );
        assert_eq!(
            msg(&[1, 2, 9, 4, 5, 6, 7, 9, 0]),
            "9 (number 3) is out of range: a 3x3 board holds the blank 0 and tiles 1 to 8"
        );
        assert_eq!(
            msg(&[1, 2, 3, 4, 5, 6, 7, 1, 0]),
            "tile 1 appears twice (numbers 1 and 8): each tile appears exactly once"
        );
        assert_eq!(
            msg(&[1, 2, 0, 4, 5, 6, 7, 0, 3]),
            "the blank (0) appears twice (numbers 3 and 8): a board has exactly one blank"
        );
        assert_eq!(
            msg(&[1, 2, 3, 4, 5, 6, 7, 8, 8]),
            "there is no blank (0) on the board, and tile 8 appears twice (numbers 8 and 9): \
             one of them is probably meant to be the blank"
        );
        assert_eq!(
            validate_tiles(
                Shape {
                    width: 9,
                    height: 9
                },
                &[0]
            ),
            Err(TilesError::Shape(ShapeError::OutOfRange {
                width: 9,
                height: 9
            }))
        );
        // The exact shapes of the variants, for callers that match on them.
        assert_eq!(
            validate_tiles(S3, &[1, 2, 3, 4, 5, 6, 7, 8, 8]),
            Err(TilesError::MissingBlank {
                duplicate: 8,
                first: 8,
                second: 9
            })
        );
    }

    #[test]
    fn every_8x8_permutation_shape_validates() {
        let shape = Shape {
            width: 8,
            height: 8,
        };
        let mut tiles = shape.default_goal();
        assert_eq!(validate_tiles(shape, &tiles), Ok(()));
        tiles.reverse();
        assert_eq!(validate_tiles(shape, &tiles), Ok(()));
        tiles[5] = 64;
        assert!(matches!(
            validate_tiles(shape, &tiles),
            Err(TilesError::OutOfRange {
                value: 64,
                position: 6,
                ..
            })
        ));
    }

    #[test]
    fn unsolvable_messages_explain_both_parities() {
        let goal = S3.default_goal();
        let odd = check_solvable(S3, &[2, 1, 3, 4, 5, 6, 7, 8, 0], &goal).unwrap_err();
        assert_eq!(
            odd,
            Unsolvable {
                odd_permutation: true,
                blank_distance: 0
            }
        );
        assert_eq!(
            odd.to_string(),
            "This arrangement cannot reach the goal: the tiles are an odd permutation away from the goal while the \
             blank is already on its goal cell (0 moves away, an even number); every move changes both parities \
             together, so no sequence of moves can fix it. Swapping any two tiles (not the blank) makes it solvable."
        );
        // Blank one cell off and the tiles otherwise in place, apart from one swap too many.
        let even = check_solvable(S3, &[2, 1, 3, 4, 5, 6, 7, 0, 8], &goal).unwrap_err();
        assert_eq!(
            even,
            Unsolvable {
                odd_permutation: false,
                blank_distance: 1
            }
        );
        assert!(even
            .to_string()
            .contains("an even permutation away from the goal while the blank is 1 move"));
        assert!(check_solvable(S3, &[1, 2, 3, 4, 5, 6, 7, 0, 8], &goal).is_ok());
        assert!(check_solvable(S3, &goal, &goal).is_ok());
    }

    #[test]
    fn invalid_lists_get_no_verdict_and_no_panic() {
        let goal = S3.default_goal();
        assert!(check_solvable(S3, &[1, 2, 3], &goal).is_ok());
        assert!(check_solvable(S3, &[1, 2, 3, 4, 5, 6, 7, 8, 200], &goal).is_ok());
        assert!(check_solvable(S3, &[1, 1, 1, 1, 1, 1, 1, 1, 1], &goal).is_ok());
        assert!(check_solvable(S3, &goal, &[9, 9, 9, 9, 9, 9, 9, 9, 9]).is_ok());
        assert!(check_solvable(
            Shape {
                width: 0,
                height: 200
            },
            &[],
            &[]
        )
        .is_ok());
    }
}
