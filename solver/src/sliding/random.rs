//! Seeded random instances without the `rand` crate (which needs extra set-up on wasm): uniformly
//! random solvable boards and random-walk scrambles.

use super::shape::{Dir, Shape};
use super::tiles::{check_solvable, validate_tiles, TilesError};
pub use crate::random::SplitMix64;

/// A uniformly random arrangement that can reach `goal`, the same for the same seed.
///
/// A Fisher-Yates shuffle is uniform over all N! arrangements; an unsolvable result gets its first
/// two tiles (not the blank) swapped. That swap pairs every unsolvable arrangement with exactly one
/// solvable one, so each solvable arrangement comes out with probability 2/N!.
///
/// ```
/// use solver::sliding::{check_solvable, shuffle_solvable, Shape};
/// let shape = Shape { width: 4, height: 4 };
/// let goal = shape.default_goal();
/// let start = shuffle_solvable(shape, &goal, 42).unwrap();
/// assert!(check_solvable(shape, &start, &goal).is_ok());
/// assert_eq!(start, shuffle_solvable(shape, &goal, 42).unwrap());
/// ```
pub fn shuffle_solvable(shape: Shape, goal: &[u8], seed: u64) -> Result<Vec<u8>, TilesError> {
    validate_tiles(shape, goal)?;
    let mut rng = SplitMix64::new(seed);
    let mut tiles = goal.to_vec();
    for i in (1..tiles.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        tiles.swap(i, j);
    }
    if check_solvable(shape, &tiles, goal).is_err() {
        // A valid board has at least 3 tiles besides the blank.
        let mut non_blank = tiles
            .iter()
            .enumerate()
            .filter(|(_, &t)| t != 0)
            .map(|(i, _)| i);
        if let (Some(a), Some(b)) = (non_blank.next(), non_blank.next()) {
            tiles.swap(a, b);
        }
    }
    Ok(tiles)
}

/// The board after `moves` random moves of the blank from `goal`, never undoing the previous move,
/// the same for the same seed. Its distance to the goal is at most `moves` (often less).
///
/// ```
/// use solver::sliding::{scramble, Shape};
/// let shape = Shape { width: 3, height: 3 };
/// let goal = shape.default_goal();
/// let one = scramble(shape, &goal, 1, 7).unwrap();
/// assert!(one == [1, 2, 3, 4, 5, 0, 7, 8, 6] || one == [1, 2, 3, 4, 5, 6, 7, 0, 8]);
/// ```
pub fn scramble(shape: Shape, goal: &[u8], moves: u32, seed: u64) -> Result<Vec<u8>, TilesError> {
    validate_tiles(shape, goal)?;
    let mut rng = SplitMix64::new(seed);
    let mut tiles = goal.to_vec();
    // A valid board has exactly one 0.
    let mut blank = tiles.iter().position(|&t| t == 0).unwrap_or(0);
    let mut last: Option<Dir> = None;
    for _ in 0..moves {
        let mut options = [(Dir::Up, 0usize); 4];
        let mut count = 0;
        for dir in Dir::ALL {
            if last == Some(dir.opposite()) {
                continue;
            }
            if let Some(to) = shape.step(blank, dir) {
                options[count] = (dir, to);
                count += 1;
            }
        }
        // Every cell of a board at least 2x2 has two neighbours, so one is left after dropping the undo.
        let (dir, to) = options[rng.below(count as u64) as usize];
        tiles.swap(blank, to);
        blank = to;
        last = Some(dir);
    }
    Ok(tiles)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    #[test]
    fn below_stays_in_range_and_is_even_handed() {
        let mut rng = SplitMix64::new(1);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            let x = rng.below(6);
            counts[x as usize] += 1;
        }
        // Expected 10,000 each; a fair die is within 5% with overwhelming probability.
        assert!(
            counts.iter().all(|&c| (9_500..=10_500).contains(&c)),
            "{counts:?}"
        );
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
        // Known first outputs of SplitMix64 from seed 0 (the reference implementation's).
        let mut zero = SplitMix64::new(0);
        assert_eq!(zero.next_u64(), 0xE220_A839_7B1D_CDAF);
        assert_eq!(zero.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    }

    #[test]
    fn shuffles_are_solvable_valid_and_uniform_on_2x2() {
        let shape = Shape {
            width: 2,
            height: 2,
        };
        // A goal with the blank first, to exercise a non-default goal.
        let goal = [0, 3, 2, 1];
        let mut counts: HashMap<Vec<u8>, u32> = HashMap::new();
        for seed in 0..12_000 {
            let t = shuffle_solvable(shape, &goal, seed).unwrap();
            assert_eq!(validate_tiles(shape, &t), Ok(()));
            assert!(check_solvable(shape, &t, &goal).is_ok());
            *counts.entry(t).or_default() += 1;
        }
        // 4!/2 = 12 solvable arrangements, about 1,000 each.
        assert_eq!(counts.len(), 12);
        assert!(
            counts.values().all(|&c| (850..=1_150).contains(&c)),
            "{counts:?}"
        );
    }

    #[test]
    fn shuffles_of_big_boards_are_solvable() {
        for (w, h) in [(4, 4), (5, 5), (8, 8), (3, 7)] {
            let shape = Shape {
                width: w,
                height: h,
            };
            let goal = shape.default_goal();
            for seed in 0..20 {
                let t = shuffle_solvable(shape, &goal, seed).unwrap();
                assert_eq!(validate_tiles(shape, &t), Ok(()));
                assert!(check_solvable(shape, &t, &goal).is_ok());
            }
            assert_ne!(
                shuffle_solvable(shape, &goal, 1),
                shuffle_solvable(shape, &goal, 2)
            );
        }
    }

    #[test]
    fn scrambles_are_walks_without_undo() {
        let shape = Shape {
            width: 4,
            height: 3,
        };
        let goal = shape.default_goal();
        assert_eq!(scramble(shape, &goal, 0, 5).unwrap(), goal);
        // Two moves without undo always leave the goal.
        for seed in 0..50 {
            let t = scramble(shape, &goal, 2, seed).unwrap();
            assert_ne!(t, goal);
            assert!(check_solvable(shape, &t, &goal).is_ok());
        }
        let t = scramble(shape, &goal, 1000, 9).unwrap();
        assert_eq!(validate_tiles(shape, &t), Ok(()));
        assert!(check_solvable(shape, &t, &goal).is_ok());
        assert_eq!(t, scramble(shape, &goal, 1000, 9).unwrap());
        assert!(scramble(shape, &[1, 2, 3], 10, 0).is_err());
    }
}
