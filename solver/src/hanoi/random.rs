//! Random legal Hanoi positions from a seed, uniform ([`random_state`]) or a few moves from another
//! ([`scramble`]), with a small PRNG of our own (no `rand`, so nothing to configure on wasm32).

pub use crate::random::SplitMix64;

use super::rules::{
    apply_disk_move, check_position, check_size, HanoiError, HanoiMove, Side, MAX_DIRECT_DISKS,
    MAX_PEGS,
};

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

/// `other` after `moves` random legal disk moves, never undoing the move just made, the same for the same seed.
/// Its distance to `other` is at most `moves`. Pegs 3..=5 and 1..=63 disks, as [`random_state`].
///
/// ```
/// use solver::hanoi::scramble;
/// // One move from the tower on peg C: only the smallest disk can have moved.
/// let one = scramble(3, &[2, 2, 2], 1, 7).unwrap();
/// assert!(one == [0, 2, 2] || one == [1, 2, 2]);
/// ```
pub fn scramble(pegs: u8, other: &[u8], moves: u32, seed: u64) -> Result<Vec<u8>, HanoiError> {
    let disks = u8::try_from(other.len()).unwrap_or(u8::MAX);
    check_size(pegs, disks, MAX_DIRECT_DISKS)?;
    check_position(pegs, disks, other, Side::Goal)?;
    const NONE: usize = usize::MAX;
    let mut rng = SplitMix64::new(seed);
    let mut position = other.to_vec();
    let mut last: Option<HanoiMove> = None;
    let mut legal = Vec::with_capacity(usize::from(pegs) * usize::from(pegs));
    let mut top = [NONE; MAX_PEGS as usize];
    for _ in 0..moves {
        // The top of each peg is its smallest disk: the first one listed.
        top.fill(NONE);
        for (disk, &peg) in position.iter().enumerate().rev() {
            if let Some(slot) = top.get_mut(usize::from(peg)) {
                *slot = disk;
            }
        }
        legal.clear();
        for from in 0..pegs {
            for to in 0..pegs {
                let mv = HanoiMove { from, to };
                let (a, b) = (top[usize::from(from)], top[usize::from(to)]);
                if from != to && a != NONE && (b == NONE || b > a) && Some(mv.inverse()) != last {
                    legal.push(mv);
                }
            }
        }
        let Some(&mv) = legal.get(rng.below(legal.len() as u64) as usize) else {
            break;
        };
        // Legal by construction; were it not, the position would stay as it is.
        let _ = apply_disk_move(&mut position, pegs, mv);
        last = Some(mv);
    }
    Ok(position)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hanoi::Hanoi;
    use crate::search::{bfs::bfs, Control, Limits};

    #[test]
    fn scrambles_are_legal_positions_near_the_other() {
        for seed in 0..20 {
            let start = scramble(3, &[2; 5], 3, seed).unwrap();
            assert!(start.iter().all(|&p| p < 3));
            // Three moves from the tower on peg C: the two largest disks cannot have moved.
            assert_eq!(&start[3..], &[2, 2], "seed {seed}: {start:?}");
            assert_eq!(start, scramble(3, &[2; 5], 3, seed).unwrap());
        }
        // Never undoing the last move, on 4 pegs: within `moves` of the other, by BFS.
        for seed in 0..10 {
            let start = scramble(4, &[3; 6], 5, seed).unwrap();
            let hanoi = Hanoi::new(4, 6, &start, &[3; 6]).unwrap();
            let outcome = bfs(&hanoi, &mut Control::new(Limits::default()));
            assert!(outcome.length <= 5, "seed {seed}: {start:?}");
        }
        assert_eq!(scramble(3, &[0, 0], 0, 1).unwrap(), [0, 0]);
        assert!(scramble(3, &[0, 3], 2, 1).is_err(), "peg 3 of 3");
        assert!(scramble(6, &[0, 0], 2, 1).is_err(), "6 pegs");
        assert!(scramble(3, &[], 2, 1).is_err(), "no disks");
    }

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
