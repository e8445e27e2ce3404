//! Tower of Hanoi on 3 to 5 pegs from any legal state to any other: the puzzle, its heuristics and direct solvers.
//!
//! A *position* is a slice `position[i] = peg of disk i`, disk 0 the smallest, pegs numbered from 0. Since the disks on a
//! peg always sit in size order, every assignment of pegs to disks is a legal position. A *state* is the same position
//! packed as the base-p number `sum(position[i] * p^i)`: a `u64` that is also the perfect rank of the state
//! (`rank_count() = p^n`; 5^24 < 2^63 fits).
//!
//! Disks are numbered as in the state, **from 0 = the smallest**, everywhere: in positions, in [`describe_move`]
//! ("disk 2: peg A -> C") and in errors. Pegs are numbers from 0 in data and letters from A for people.
//!
//! ```
//! use solver::hanoi::{Hanoi, HanoiMove};
//! use solver::Puzzle;
//!
//! // Three disks, all on peg A; the goal is the tower on peg C.
//! let hanoi = Hanoi::new(3, 3, &[0, 0, 0], &[2, 2, 2]).unwrap();
//! assert_eq!(hanoi.goal(), 26); // 2 + 2*3 + 2*9
//! let mut moves = Vec::new();
//! hanoi.for_each_successor(&hanoi.start(), |mv, _| moves.push(mv));
//! assert_eq!(moves, [HanoiMove { from: 0, to: 1 }, HanoiMove { from: 0, to: 2 }]);
//! ```

pub mod direct;
pub mod heuristic;
pub mod random;
mod three;

#[cfg(test)]
mod testutil;

pub use direct::{direct, Direct, DirectError, DirectMethod, DIRECT_MOVE_CAP};
pub use heuristic::{
    GroupBound, HanoiHeuristic, HeuristicError, Misplaced, SeedPower, ThreePegExact,
};
pub use random::{random_state, scramble, SplitMix64};
pub use three::three_peg_distance;

use crate::Puzzle;
use std::fmt;

/// The fewest pegs a tower can have.
pub const MIN_PEGS: u8 = 3;
/// The most pegs a tower can have.
pub const MAX_PEGS: u8 = 5;
/// The most disks a search takes: 5^24 states still fit a `u64` rank.
pub const MAX_SEARCH_DISKS: u8 = 24;
/// The most disks the direct solvers take: 2^63 - 1 moves still fit a `u64` length.
pub const MAX_DIRECT_DISKS: u8 = 63;

/// One move: the top disk of peg `from` goes onto peg `to`.
///
/// It is legal when `from` is not empty and `to` is empty or its top disk is larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HanoiMove {
    pub from: u8,
    pub to: u8,
}

impl HanoiMove {
    /// The `[from, to]` pair of the PUZZLE format's move list.
    pub fn pair(self) -> [u8; 2] {
        [self.from, self.to]
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> HanoiMove {
        HanoiMove {
            from: self.to,
            to: self.from,
        }
    }
}

impl From<HanoiMove> for [u8; 2] {
    fn from(mv: HanoiMove) -> [u8; 2] {
        mv.pair()
    }
}

/// The letter people see for a peg: A for peg 0, B for peg 1, ...
pub fn peg_letter(peg: u8) -> char {
    if peg < 26 {
        char::from(b'A' + peg)
    } else {
        '?'
    }
}

/// A move in words, with the disk it moves (0 = the smallest, as in states): `"disk 2: peg A -> C"`.
///
/// [`Hanoi::moved_disk`] tells which disk a move moves.
///
/// ```
/// use solver::hanoi::{describe_move, HanoiMove};
/// assert_eq!(describe_move(HanoiMove { from: 0, to: 2 }, 2), "disk 2: peg A -> C");
/// ```
pub fn describe_move(mv: HanoiMove, disk: u8) -> String {
    format!(
        "disk {disk}: peg {} -> {}",
        peg_letter(mv.from),
        peg_letter(mv.to)
    )
}

/// Which of the two positions of a puzzle an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Start,
    Goal,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Start => "start",
            Side::Goal => "goal",
        })
    }
}

/// Why a Tower of Hanoi puzzle could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HanoiError {
    /// The number of pegs is outside 3..=5.
    PegCount { pegs: u8 },
    /// The number of disks is outside 1..=`max`.
    DiskCount { disks: u8, max: u8 },
    /// A position does not give exactly one peg per disk.
    Length { side: Side, disks: u8, got: usize },
    /// A position puts a disk on a peg that does not exist.
    NoSuchPeg {
        side: Side,
        disk: usize,
        peg: u8,
        pegs: u8,
    },
    /// A packed state is not below `p^n`.
    StateOutOfRange { side: Side, state: u64, count: u64 },
}

impl fmt::Display for HanoiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HanoiError::PegCount { pegs } => write!(
                f,
                "Tower of Hanoi takes {MIN_PEGS} to {MAX_PEGS} pegs, got {pegs}"
            ),
            HanoiError::DiskCount { disks: 0, .. } => {
                f.write_str("Tower of Hanoi needs at least 1 disk, got 0")
            }
            HanoiError::DiskCount { disks, max } if max < MAX_DIRECT_DISKS => write!(
                f,
                "{disks} disks is too many to search: searches take 1 to {max} disks \
                 (the direct solvers take up to {MAX_DIRECT_DISKS})"
            ),
            HanoiError::DiskCount { disks, max } => {
                write!(f, "Tower of Hanoi takes 1 to {max} disks, got {disks}")
            }
            HanoiError::Length { side, disks, got } => write!(
                f,
                "{side}: expected {disks} pegs for {disks} disks, got {got} values \
                 (one peg per disk, the smallest disk first)"
            ),
            HanoiError::NoSuchPeg {
                side,
                disk,
                peg,
                pegs,
            } => write!(
                f,
                "{side}: disk {disk} is on peg {peg}, but peg {peg} does not exist: \
                 pegs are numbered 0 to {}",
                pegs.saturating_sub(1)
            ),
            HanoiError::StateOutOfRange { side, state, count } => write!(
                f,
                "{side}: state {state} is out of range: states of this tower are 0 to {}",
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for HanoiError {}

/// Why a move cannot be made (see [`Hanoi::apply`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// `from` or `to` is not a peg of this tower.
    NoSuchPeg { peg: u8, pegs: u8 },
    /// `from` and `to` are the same peg.
    SamePeg { peg: u8 },
    /// There is no disk on `from`.
    EmptyPeg { peg: u8 },
    /// The disk would land on a smaller one.
    OntoSmaller { disk: u8, onto: u8, peg: u8 },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::NoSuchPeg { peg, pegs } => write!(
                f,
                "peg {peg} does not exist: pegs are numbered 0 to {}",
                pegs.saturating_sub(1)
            ),
            MoveError::SamePeg { peg } => write!(
                f,
                "a move must go to another peg: both ends are peg {}",
                peg_letter(peg)
            ),
            MoveError::EmptyPeg { peg } => {
                write!(
                    f,
                    "peg {} is empty: there is no disk to move",
                    peg_letter(peg)
                )
            }
            MoveError::OntoSmaller { disk, onto, peg } => write!(
                f,
                "disk {disk} cannot go onto peg {}: its top disk {onto} is smaller",
                peg_letter(peg)
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Moves the top disk of `mv.from` onto `mv.to` in `position` (`position[i]` = peg of disk i, disk 0 the
/// smallest); returns the disk moved, or why the move is not legal (the position is then unchanged). The one
/// rule of a disk move: [`Hanoi::apply`], the app's hand play and the CLI all play moves through it.
///
/// ```
/// use solver::hanoi::{apply_disk_move, HanoiMove, MoveError};
/// let mut position = vec![0, 0, 0];
/// assert_eq!(apply_disk_move(&mut position, 3, HanoiMove { from: 0, to: 2 }), Ok(0));
/// assert_eq!(position, [2, 0, 0]);
/// assert_eq!(
///     apply_disk_move(&mut position, 3, HanoiMove { from: 0, to: 2 }),
///     Err(MoveError::OntoSmaller { disk: 1, onto: 0, peg: 2 })
/// );
/// ```
pub fn apply_disk_move(position: &mut [u8], pegs: u8, mv: HanoiMove) -> Result<u8, MoveError> {
    for peg in [mv.from, mv.to] {
        if peg >= pegs {
            return Err(MoveError::NoSuchPeg { peg, pegs });
        }
    }
    if mv.from == mv.to {
        return Err(MoveError::SamePeg { peg: mv.from });
    }
    // Disks are listed smallest first, so the first one on a peg is its top.
    let disk = position
        .iter()
        .position(|&p| p == mv.from)
        .ok_or(MoveError::EmptyPeg { peg: mv.from })?;
    if let Some(onto) = position[..disk].iter().position(|&p| p == mv.to) {
        return Err(MoveError::OntoSmaller {
            disk: disk as u8,
            onto: onto as u8,
            peg: mv.to,
        });
    }
    position[disk] = mv.to;
    Ok(disk as u8)
}

/// Checks the peg and disk counts: pegs in 3..=5, disks in 1..=`max_disks`.
pub(crate) fn check_size(pegs: u8, disks: u8, max_disks: u8) -> Result<(), HanoiError> {
    if !(MIN_PEGS..=MAX_PEGS).contains(&pegs) {
        return Err(HanoiError::PegCount { pegs });
    }
    if disks == 0 || disks > max_disks {
        return Err(HanoiError::DiskCount {
            disks,
            max: max_disks,
        });
    }
    Ok(())
}

/// Checks that `position` gives one existing peg for each of `disks` disks.
pub fn check_position(pegs: u8, disks: u8, position: &[u8], side: Side) -> Result<(), HanoiError> {
    if position.len() != usize::from(disks) {
        return Err(HanoiError::Length {
            side,
            disks,
            got: position.len(),
        });
    }
    match position.iter().position(|&peg| peg >= pegs) {
        Some(disk) => Err(HanoiError::NoSuchPeg {
            side,
            disk,
            peg: position[disk],
            pegs,
        }),
        None => Ok(()),
    }
}

/// Tower of Hanoi with 3 to 5 pegs and 1 to 24 disks, from any legal start to any legal goal.
///
/// States are the packed base-p numbers described in the [module documentation](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hanoi {
    pegs: u8,
    disks: u8,
    start: u64,
    goal: u64,
    /// `pow[i] = pegs^i`, for i in 0..=disks.
    pow: [u64; MAX_SEARCH_DISKS as usize + 1],
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
    fn blank(pegs: u8, disks: u8) -> Hanoi {
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
    use super::testutil::{naive_successors, stacks_successors};
    use super::*;

    #[test]
    fn disk_moves_follow_the_rules() {
        let mv = |from, to| HanoiMove { from, to };
        // Peg A holds disk 1, peg B disk 2, peg C disk 0.
        let mut p = vec![2, 0, 1];
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(0, 1)),
            Ok(1),
            "disk 1 onto the larger disk 2"
        );
        assert_eq!(p, vec![2, 1, 1]);
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 2)),
            Err(MoveError::OntoSmaller {
                disk: 1,
                onto: 0,
                peg: 2
            })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(0, 2)),
            Err(MoveError::EmptyPeg { peg: 0 })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 1)),
            Err(MoveError::SamePeg { peg: 1 })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 3)),
            Err(MoveError::NoSuchPeg { peg: 3, pegs: 3 })
        );
        assert_eq!(
            p,
            vec![2, 1, 1],
            "a refused move leaves the position as it was"
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(2, 0)),
            Ok(0),
            "onto the empty peg A"
        );
        assert_eq!(p, vec![0, 1, 1]);
    }

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

    #[test]
    fn moves_read_in_words() {
        assert_eq!(
            describe_move(HanoiMove { from: 0, to: 2 }, 2),
            "disk 2: peg A -> C"
        );
        assert_eq!(
            describe_move(HanoiMove { from: 4, to: 1 }, 0),
            "disk 0: peg E -> B"
        );
        assert_eq!(<[u8; 2]>::from(HanoiMove { from: 3, to: 1 }), [3, 1]);
    }
}
