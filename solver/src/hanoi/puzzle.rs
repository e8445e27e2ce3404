//! The Tower of Hanoi as a search problem ([`Hanoi`]): states packed as base-p numbers, their successors, and
//! the [`Puzzle`] the engines search.

use super::rules::{
    apply_disk_move, check_position, check_size, HanoiError, HanoiMove, MoveError, Side,
    MAX_SEARCH_DISKS,
};
use crate::Puzzle;

/// Tower of Hanoi with 3 to 5 pegs and 1 to 24 disks, from any legal start to any legal goal.
///
/// States are the packed base-p numbers described in the [module documentation](super).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hanoi {
    pub(super) pegs: u8,
    pub(super) disks: u8,
    pub(super) start: u64,
    pub(super) goal: u64,
    /// `pow[i] = pegs^i`, for i in 0..=disks.
    pub(super) pow: [u64; MAX_SEARCH_DISKS as usize + 1],
}

impl Hanoi {
    /// A puzzle from two positions (`start[i]`, `goal[i]` = the peg of disk i, disk 0 the smallest).
    ///
    /// Every count and every peg is checked; the error says which value is wrong and why.
    pub fn new(pegs: u8, disks: u8, start: &[u8], goal: &[u8]) -> Result<Hanoi, HanoiError> {
        check_size(pegs, disks, MAX_SEARCH_DISKS)?;
        check_position(pegs, disks, start, Side::Start)?;
        check_position(pegs, disks, goal, Side::Goal)?;
        let mut hanoi = Hanoi::blank(pegs, disks);
        hanoi.start = hanoi.encode(start);
        hanoi.goal = hanoi.encode(goal);
        Ok(hanoi)
    }

    /// A puzzle from two packed states, each below `pegs^disks`.
    pub fn from_states(pegs: u8, disks: u8, start: u64, goal: u64) -> Result<Hanoi, HanoiError> {
        check_size(pegs, disks, MAX_SEARCH_DISKS)?;
        let mut hanoi = Hanoi::blank(pegs, disks);
        let count = hanoi.pow[usize::from(disks)];
        for (side, state) in [(Side::Start, start), (Side::Goal, goal)] {
            if state >= count {
                return Err(HanoiError::StateOutOfRange { side, state, count });
            }
        }
        hanoi.start = start;
        hanoi.goal = goal;
        Ok(hanoi)
    }

    /// A puzzle of a checked size whose start and goal are both state 0.
    pub(super) fn blank(pegs: u8, disks: u8) -> Hanoi {
        let mut pow = [0; MAX_SEARCH_DISKS as usize + 1];
        let mut power = 1u64;
        for slot in pow.iter_mut().take(usize::from(disks) + 1) {
            *slot = power;
            power = power.saturating_mul(u64::from(pegs));
        }
        Hanoi {
            pegs,
            disks,
            start: 0,
            goal: 0,
            pow,
        }
    }

    pub fn pegs(&self) -> u8 {
        self.pegs
    }

    pub fn disks(&self) -> u8 {
        self.disks
    }

    /// The number of states, `pegs^disks`.
    pub fn state_count(&self) -> u64 {
        self.pow[usize::from(self.disks)]
    }

    /// Packs a position into a state.
    ///
    /// The position must be legal for this tower (see [`check_position`]); other input gives an
    /// unspecified state, never a panic.
    pub fn encode(&self, position: &[u8]) -> u64 {
        position
            .iter()
            .take(usize::from(self.disks))
            .rev()
            .fold(0u64, |acc, &peg| {
                acc.wrapping_mul(u64::from(self.pegs))
                    .wrapping_add(u64::from(peg))
            })
    }

    /// Unpacks a state into a position: `decode(s)[i]` is the peg of disk i.
    pub fn decode(&self, state: u64) -> Vec<u8> {
        let mut digits = [0u8; MAX_SEARCH_DISKS as usize];
        self.digits(state, &mut digits);
        digits[..usize::from(self.disks)].to_vec()
    }

    /// The peg of `disk` in `state` (disks past the last are reported on peg 0).
    pub fn peg_of(&self, state: u64, disk: u8) -> u8 {
        match self.pow.get(usize::from(disk)) {
            Some(&step) if step > 0 => ((state / step) % u64::from(self.pegs)) as u8,
            _ => 0,
        }
    }

    /// Writes the pegs of all disks of `state` into `out[..disks]`, without allocating.
    #[inline]
    pub(crate) fn digits(&self, state: u64, out: &mut [u8; MAX_SEARCH_DISKS as usize]) {
        unpack_state(self.pegs, self.disks, state, out);
    }

    /// The disk that `mv` moves from `state` (the top disk of `mv.from`), or `None` if that peg is
    /// empty or does not exist. The move may still be illegal: see [`Hanoi::apply`].
    pub fn moved_disk(&self, state: u64, mv: HanoiMove) -> Option<u8> {
        if mv.from >= self.pegs {
            return None;
        }
        (0..self.disks).find(|&disk| self.peg_of(state, disk) == mv.from)
    }

    /// The state after `mv`, or why `mv` is not a legal move from `state`.
    pub fn apply(&self, state: u64, mv: HanoiMove) -> Result<u64, MoveError> {
        let mut position = [0u8; MAX_SEARCH_DISKS as usize];
        self.digits(state, &mut position);
        let disk = apply_disk_move(&mut position[..usize::from(self.disks)], self.pegs, mv)?;
        let step = self.pow[usize::from(disk)];
        Ok(state - u64::from(mv.from) * step + u64::from(mv.to) * step)
    }

    /// The successors of `state` on `P` pegs: digit extraction is division by a constant, and
    /// one pass over the digits (smallest disk first, stopping early) finds every peg's top disk.
    #[inline(always)]
    fn successors<const P: usize>(&self, state: u64, mut visit: impl FnMut(HanoiMove, u64)) {
        const EMPTY: u8 = u8::MAX;
        let mut top = [EMPTY; P];
        let mut found = 0;
        let mut rest = state;
        let mut disk = 0u8;
        // The first disk met on a peg is its top. Once `rest` is 0, every disk left is on peg 0.
        while rest != 0 {
            let peg = (rest % P as u64) as usize;
            if top[peg] == EMPTY {
                top[peg] = disk;
                found += 1;
                if found == P {
                    break;
                }
            }
            rest /= P as u64;
            disk += 1;
        }
        if top[0] == EMPTY && disk < self.disks {
            top[0] = disk;
        }
        for from in 0..P {
            let moving = top[from];
            if moving == EMPTY {
                continue;
            }
            let step = self.pow[usize::from(moving)];
            let lifted = state - from as u64 * step;
            // `moving < top[to]` also rules out `to == from`, and an empty `to` (EMPTY) always passes.
            for (to, &below) in top.iter().enumerate() {
                if moving < below {
                    visit(
                        HanoiMove {
                            from: from as u8,
                            to: to as u8,
                        },
                        lifted + to as u64 * step,
                    );
                }
            }
        }
    }
}

/// Writes the pegs of the first `disks` disks of `state` (on `pegs` pegs) into `out[..disks]`, without allocating.
#[inline]
pub(crate) fn unpack_state(
    pegs: u8,
    disks: u8,
    state: u64,
    out: &mut [u8; MAX_SEARCH_DISKS as usize],
) {
    let out = &mut out[..usize::from(disks.min(MAX_SEARCH_DISKS))];
    match pegs {
        3 => unpack::<3>(state, out),
        4 => unpack::<4>(state, out),
        _ => unpack::<5>(state, out),
    }
}

/// Writes the base-`P` digits of `state` into `out`, least significant (disk 0) first.
#[inline(always)]
fn unpack<const P: u64>(mut state: u64, out: &mut [u8]) {
    for slot in out {
        *slot = (state % P) as u8;
        state /= P;
    }
}

impl Puzzle for Hanoi {
    type State = u64;
    type Move = HanoiMove;

    fn start(&self) -> u64 {
        self.start
    }

    fn goal(&self) -> u64 {
        self.goal
    }

    #[inline]
    fn for_each_successor(&self, state: &u64, visit: impl FnMut(HanoiMove, u64)) {
        match self.pegs {
            3 => self.successors::<3>(*state, visit),
            4 => self.successors::<4>(*state, visit),
            _ => self.successors::<5>(*state, visit),
        }
    }

    fn inverse(&self, mv: HanoiMove) -> HanoiMove {
        mv.inverse()
    }

    /// One move between each two pegs (the smaller top disk onto the other peg).
    fn max_moves(&self) -> usize {
        let pegs = usize::from(self.pegs);
        pegs * (pegs - 1) / 2
    }

    fn rank_count(&self) -> Option<u64> {
        Some(self.state_count())
    }

    const RANK_IS_CHEAP: bool = true;

    #[inline]
    fn rank(&self, state: &u64) -> u64 {
        *state
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{naive_successors, stacks_successors};
    use super::*;

    #[test]
    fn successors_match_an_independent_generator_on_every_state() {
        for (pegs, max_disks) in [(3u8, 6u8), (4, 5), (5, 4)] {
            for disks in 1..=max_disks {
                let hanoi = Hanoi::from_states(pegs, disks, 0, 0).unwrap();
                for state in 0..hanoi.state_count() {
                    let mut fast = Vec::new();
                    hanoi.for_each_successor(&state, |mv, next| fast.push((mv.pair(), next)));
                    let mut slow = naive_successors(pegs, disks, state);
                    fast.sort_unstable();
                    slow.sort_unstable();
                    assert_eq!(fast, slow, "pegs {pegs}, disks {disks}, state {state}");
                    // A third generator that works on peg stacks, not digits.
                    let position = hanoi.decode(state);
                    let mut stacks: Vec<_> = stacks_successors(pegs, &position)
                        .into_iter()
                        .map(|(mv, next)| (mv, hanoi.encode(&next)))
                        .collect();
                    stacks.sort_unstable();
                    assert_eq!(fast, stacks, "pegs {pegs}, disks {disks}, state {state}");
                }
            }
        }
    }

    #[test]
    fn every_move_is_undone_by_its_inverse_and_apply_agrees() {
        let hanoi = Hanoi::from_states(4, 4, 0, 0).unwrap();
        for state in 0..hanoi.state_count() {
            hanoi.for_each_successor(&state, |mv, next| {
                assert_eq!(hanoi.apply(state, mv), Ok(next));
                assert_eq!(hanoi.apply(next, hanoi.inverse(mv)), Ok(state));
                let disk = hanoi.moved_disk(state, mv).unwrap();
                assert_eq!(hanoi.peg_of(state, disk), mv.from);
                assert_eq!(hanoi.peg_of(next, disk), mv.to);
            });
        }
    }

    #[test]
    fn encode_and_decode_are_inverse_and_rank_is_dense() {
        let hanoi = Hanoi::new(5, 24, &[4; 24], &[0; 24]).unwrap();
        assert_eq!(hanoi.rank_count(), Some(5u64.pow(24)));
        assert_eq!(hanoi.start(), 5u64.pow(24) - 1);
        let position: Vec<u8> = (0..24).map(|i| (i * 7 % 5) as u8).collect();
        let state = hanoi.encode(&position);
        assert!(state < 5u64.pow(24));
        assert_eq!(hanoi.decode(state), position);
        assert_eq!(hanoi.rank(&state), state);
        let small = Hanoi::new(3, 3, &[1, 0, 2], &[0, 0, 0]).unwrap();
        assert_eq!(small.start(), 1 + 2 * 9);
        assert_eq!(small.decode(small.start()), [1, 0, 2]);
    }

    #[test]
    fn bad_input_gets_a_precise_error() {
        let err = |r: Result<Hanoi, HanoiError>| r.unwrap_err().to_string();
        assert_eq!(
            err(Hanoi::new(3, 3, &[0, 0, 3], &[2, 2, 2])),
            "start: disk 2 is on peg 3, but peg 3 does not exist: pegs are numbered 0 to 2"
        );
        assert!(err(Hanoi::new(3, 4, &[0, 0, 0, 0], &[2, 2, 2]))
            .starts_with("goal: expected 4 pegs for 4 disks, got 3 values"));
        assert_eq!(
            err(Hanoi::new(6, 2, &[0, 0], &[1, 1])),
            "Tower of Hanoi takes 3 to 5 pegs, got 6"
        );
        assert_eq!(
            err(Hanoi::new(2, 2, &[0, 0], &[1, 1])),
            "Tower of Hanoi takes 3 to 5 pegs, got 2"
        );
        assert!(err(Hanoi::new(3, 0, &[], &[])).contains("at least 1 disk"));
        assert!(err(Hanoi::new(3, 25, &[0; 25], &[0; 25])).contains("searches take 1 to 24 disks"));
        assert!(err(Hanoi::from_states(3, 2, 9, 0)).contains("states of this tower are 0 to 8"));
    }

    #[test]
    fn illegal_moves_are_refused_with_a_reason() {
        // Disk 0 on B, disk 1 on A, disk 2 on A.
        let hanoi = Hanoi::new(3, 3, &[1, 0, 0], &[2, 2, 2]).unwrap();
        let s = hanoi.start();
        let mv = |from, to| HanoiMove { from, to };
        assert_eq!(
            hanoi.apply(s, mv(0, 1)).unwrap_err().to_string(),
            "disk 1 cannot go onto peg B: its top disk 0 is smaller"
        );
        assert_eq!(
            hanoi.apply(s, mv(2, 0)).unwrap_err(),
            MoveError::EmptyPeg { peg: 2 }
        );
        assert_eq!(
            hanoi.apply(s, mv(1, 1)).unwrap_err(),
            MoveError::SamePeg { peg: 1 }
        );
        assert!(hanoi
            .apply(s, mv(0, 3))
            .unwrap_err()
            .to_string()
            .starts_with("peg 3 does not exist"));
        assert_eq!(hanoi.moved_disk(s, mv(2, 0)), None);
        assert_eq!(hanoi.moved_disk(s, mv(0, 2)), Some(1));
        let next = hanoi.apply(s, mv(0, 2)).unwrap();
        assert_eq!(hanoi.decode(next), [1, 2, 0]);
    }
}
