//! Random legal Hanoi positions from a seed, with a small PRNG of our own (no `rand`, so nothing to configure on wasm32).

pub use crate::random::SplitMix64;

use super::{check_size, HanoiError, MAX_DIRECT_DISKS};

/// A uniformly random legal position (`position[i]` = peg of disk i) of `disks` disks on `pegs` pegs, the same for the
/// same seed. Pegs 3..=5 and disks 1..=63 (the direct solvers' range; searches take up to 24).
///
/// Every assignment of pegs to disks is legal, so a uniform peg per disk is a uniform state.
///
/// ```
/// use solver::hanoi::{random_state, Hanoi};
/// let start = random_state(4, 10, 1).unwrap();
/// let goal = random_state(4, 10, 2).unwrap();
/// assert!(Hanoi::new(4, 10, &start, &goal).is_ok());
/// assert_eq!(start, random_state(4, 10, 1).unwrap());
/// ```
pub fn random_state(pegs: u8, disks: u8, seed: u64) -> Result<Vec<u8>, HanoiError> {
    check_size(pegs, disks, MAX_DIRECT_DISKS)?;
    let mut rng = SplitMix64::new(seed);
    Ok((0..disks)
        .map(|_| rng.below(u64::from(pegs)) as u8)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_state_and_every_peg_is_used_about_equally() {
        let mut counts = [0u32; 5];
        for seed in 0..400 {
            let position = random_state(5, 20, seed).unwrap();
            assert_eq!(position.len(), 20);
            assert_eq!(position, random_state(5, 20, seed).unwrap());
            for &peg in &position {
                counts[usize::from(peg)] += 1;
            }
        }
        // 8000 draws, 1600 expected per peg; 5 standard deviations is about 180.
        for count in counts {
            assert!((1420..=1780).contains(&count), "peg counts {counts:?}");
        }
        assert_ne!(
            random_state(3, 24, 1).unwrap(),
            random_state(3, 24, 2).unwrap()
        );
    }

    #[test]
    fn below_is_in_range_and_unbiased_enough() {
        let mut rng = SplitMix64::new(42);
        let mut counts = [0u32; 3];
        for _ in 0..30_000 {
            let x = rng.below(3);
            counts[x as usize] += 1;
        }
        for count in counts {
            assert!((9_600..=10_400).contains(&count), "{counts:?}");
        }
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }

    #[test]
    fn bad_sizes_are_refused() {
        assert!(random_state(2, 3, 0).is_err());
        assert!(random_state(3, 0, 0).is_err());
        assert!(random_state(3, 64, 0).is_err());
        assert_eq!(random_state(3, 63, 9).unwrap().len(), 63);
    }
}
