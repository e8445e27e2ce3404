//! How a new board's random start is drawn, by its size: shuffled uniformly where every optimal search still
//! answers at once, scrambled a few moves from the goal beyond, since a uniformly random big board is out of reach
//! of every optimal search.

use super::shape::Shape;

/// The most cells of a board whose random start is a uniform shuffle (3x3); larger boards are scrambled.
pub const SHUFFLE_MAX_CELLS: usize = 9;

/// How a new random start is drawn ([`random_start`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RandomStart {
    /// Any solvable arrangement, uniformly.
    Shuffle,
    /// Random moves away from the goal.
    Scramble,
}

/// How a new random start of a board of this shape is drawn.
///
/// ```
/// use solver::rules::{random_start, RandomStart};
/// use solver::sliding::Shape;
/// assert_eq!(random_start(Shape { width: 3, height: 3 }), RandomStart::Shuffle);
/// assert_eq!(random_start(Shape { width: 4, height: 3 }), RandomStart::Scramble);
/// ```
pub fn random_start(shape: Shape) -> RandomStart {
    if shape.cells() <= SHUFFLE_MAX_CELLS {
        RandomStart::Shuffle
    } else {
        RandomStart::Scramble
    }
}
