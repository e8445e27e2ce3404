//! Hanoi heuristics: misplaced disks, the exact 3-peg distance, an additive disk-group bound for 4-5 pegs, and the
//! seed article's inadmissible 2^(k+1) - 1; plus [`HanoiHeuristic`], which picks one by its PUZZLE-format name.
//!
//! Each is built for one puzzle and estimates the distance to that puzzle's goal.

pub use super::group_bound::{default_group_disks, GroupBound, MAX_GROUP_DISKS};
use super::puzzle::{unpack_state, Hanoi};
use super::rules::MAX_SEARCH_DISKS;
use super::three::{plan_with, to_tower_distance};
use crate::rules::HeuristicName;
use crate::{Heuristic, Puzzle};
use std::fmt;

/// A position unpacked into pegs, disk 0 first (only the first `disks` entries mean anything).
type Digits = [u8; MAX_SEARCH_DISKS as usize];

/// A puzzle's goal, unpacked, with what it takes to unpack other states of the same puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Goal {
    pegs: u8,
    disks: u8,
    pegs_of: Digits,
}

impl Goal {
    fn of(puzzle: &Hanoi) -> Self {
        let mut pegs_of = [0; MAX_SEARCH_DISKS as usize];
        puzzle.digits(puzzle.goal(), &mut pegs_of);
        Goal {
            pegs: puzzle.pegs(),
            disks: puzzle.disks(),
            pegs_of,
        }
    }

    /// The pegs of `state`, and the number of disks.
    #[inline]
    fn unpack(&self, state: u64) -> (Digits, usize) {
        let mut here = [0; MAX_SEARCH_DISKS as usize];
        unpack_state(self.pegs, self.disks, state, &mut here);
        (here, usize::from(self.disks))
    }
}

/// The number of disks not on their goal peg. Admissible: each of them must move at least once, and a move moves one disk.
#[derive(Debug, Clone)]
pub struct Misplaced {
    goal: Goal,
}

impl Misplaced {
    pub fn new(puzzle: &Hanoi) -> Self {
        Misplaced {
            goal: Goal::of(puzzle),
        }
    }
}

impl Heuristic<Hanoi> for Misplaced {
    #[inline]
    fn estimate(&self, state: &u64) -> u32 {
        let (here, disks) = self.goal.unpack(*state);
        here[..disks]
            .iter()
            .zip(&self.goal.pegs_of[..disks])
            .filter(|(a, b)| a != b)
            .count() as u32
    }

    fn admissible(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        HeuristicName::Misplaced.name()
    }
}

/// The exact distance to the goal on 3 pegs, in O(n), by the rule that the largest disk that must move moves once or
/// twice (see `three.rs` for the derivation; the tests check it against BFS). A* with it walks straight to the goal.
#[derive(Debug, Clone)]
pub struct ThreePegExact {
    goal: Goal,
    /// `goal_to_tower[k][peg]`: moves from the goal's disks 0..k to a tower of them on `peg`.
    goal_to_tower: Box<[[u32; 3]; MAX_SEARCH_DISKS as usize + 1]>,
}

impl ThreePegExact {
    /// The exact heuristic, or `None` if the puzzle does not have 3 pegs.
    pub fn new(puzzle: &Hanoi) -> Option<Self> {
        if puzzle.pegs() != 3 {
            return None;
        }
        let goal = Goal::of(puzzle);
        let mut goal_to_tower = Box::new([[0; 3]; MAX_SEARCH_DISKS as usize + 1]);
        for (disks, row) in goal_to_tower
            .iter_mut()
            .enumerate()
            .take(usize::from(puzzle.disks()) + 1)
        {
            for (peg, slot) in row.iter_mut().enumerate() {
                // Below 2^24 for 24 disks: it fits.
                *slot = to_tower_distance(&goal.pegs_of[..disks], peg as u8) as u32;
            }
        }
        Some(ThreePegExact {
            goal,
            goal_to_tower,
        })
    }
}

impl Heuristic<Hanoi> for ThreePegExact {
    #[inline]
    fn estimate(&self, state: &u64) -> u32 {
        let (here, disks) = self.goal.unpack(*state);
        let table = |k: usize, peg: u8| u64::from(self.goal_to_tower[k][usize::from(peg)]);
        // At most 2^24 - 1 for 24 disks: it fits.
        plan_with(&here[..disks], &self.goal.pegs_of[..disks], table).0 as u32
    }

    fn admissible(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        HeuristicName::Exact.name()
    }
}

/// The seed article's `h = 2^(k+1) - 1`, where k is the index of the largest disk not on its goal peg (disk 0 the
/// smallest; `h = 0` when every disk is placed). **It overestimates**, so [`admissible`](Heuristic::admissible) is false.
///
/// The article argues that the disks above k must leave and come back; but they need not come back as a tower, and
/// they may already be out of the way. Two disks on 3 pegs, the goal both on peg C, disk 0 on B and disk 1 on A:
/// k = 1 and h = 3, but two moves solve it (disk 1 A -> C, disk 0 B -> C). A true lower bound from the same idea is
/// 2^k on 3 pegs toward a tower. A* with it may return a longer than shortest solution.
///
/// ```
/// use solver::hanoi::{three_peg_distance, Hanoi, SeedPower};
/// use solver::{Heuristic, Puzzle};
///
/// let hanoi = Hanoi::new(3, 2, &[1, 0], &[2, 2]).unwrap();
/// let h = SeedPower::new(&hanoi);
/// assert_eq!(h.estimate(&hanoi.start()), 3);
/// assert_eq!(three_peg_distance(&[1, 0], &[2, 2]), Some(2)); // h > the true distance
/// assert!(!h.admissible());
/// ```
#[derive(Debug, Clone)]
pub struct SeedPower {
    goal: Goal,
}

impl SeedPower {
    pub fn new(puzzle: &Hanoi) -> Self {
        SeedPower {
            goal: Goal::of(puzzle),
        }
    }
}

impl Heuristic<Hanoi> for SeedPower {
    #[inline]
    fn estimate(&self, state: &u64) -> u32 {
        let (here, disks) = self.goal.unpack(*state);
        match (0..disks).rev().find(|&d| here[d] != self.goal.pegs_of[d]) {
            // k <= 23, so 2^(k+1) - 1 < 2^24 fits.
            Some(k) => (1u32 << (k + 1)) - 1,
            None => 0,
        }
    }

    fn admissible(&self) -> bool {
        false
    }

    fn name(&self) -> &'static str {
        HeuristicName::SeedPower.name()
    }
}

impl GroupBound {
    /// The bound with groups of `size` disks (1..=[`MAX_GROUP_DISKS`]); bigger groups are stronger and slower to build.
    pub fn with_group_size(puzzle: &Hanoi, size: u8) -> Result<Self, HeuristicError> {
        if !(1..=MAX_GROUP_DISKS).contains(&size) {
            return Err(HeuristicError::GroupSize { size });
        }
        Ok(Self::build(puzzle, size))
    }
}

/// Why a heuristic could not be built for a Hanoi puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeuristicError {
    /// The name is a sliding-puzzle heuristic.
    NotForHanoi { name: HeuristicName },
    /// A [`GroupBound`] group size outside 1..=[`MAX_GROUP_DISKS`].
    GroupSize { size: u8 },
}

impl fmt::Display for HeuristicError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HeuristicError::NotForHanoi {
                name: HeuristicName::Pdb,
            } => f.write_str(
                "the heuristic `pdb` is the sliding-puzzle pattern database; Tower of Hanoi takes misplaced, exact or \
                 seed-power (on 4 and 5 pegs, `exact` is itself a pattern database over groups of disks)",
            ),
            HeuristicError::NotForHanoi { name } => write!(
                f,
                "the heuristic `{}` is for sliding puzzles; Tower of Hanoi takes misplaced, exact or seed-power",
                name.name()
            ),
            HeuristicError::GroupSize { size } => write!(
                f,
                "a disk group has 1 to {MAX_GROUP_DISKS} disks, got {size}"
            ),
        }
    }
}

impl std::error::Error for HeuristicError {}

/// A Hanoi heuristic chosen by name, dispatched by `match` (no trait objects in the search's inner loop).
#[derive(Debug, Clone)]
pub enum HanoiHeuristic {
    Misplaced(Misplaced),
    /// `exact` on 3 pegs.
    ThreePegExact(ThreePegExact),
    /// `exact` on 4 and 5 pegs: an admissible lower bound, exact up to the group size.
    GroupBound(GroupBound),
    /// Inadmissible.
    SeedPower(SeedPower),
}

impl HanoiHeuristic {
    /// The heuristic names that apply to Tower of Hanoi.
    pub const NAMES: [HeuristicName; 3] = [
        HeuristicName::Misplaced,
        HeuristicName::Exact,
        HeuristicName::SeedPower,
    ];

    /// The heuristic `name` for `puzzle`: `exact` is [`ThreePegExact`] on 3 pegs and [`GroupBound`] on 4 and 5.
    ///
    /// ```
    /// use solver::hanoi::{Hanoi, HanoiHeuristic};
    /// use solver::{Heuristic, HeuristicName, Puzzle};
    ///
    /// let hanoi = Hanoi::new(4, 5, &[0; 5], &[3; 5]).unwrap();
    /// let exact = HanoiHeuristic::new(HeuristicName::Exact, &hanoi).unwrap();
    /// assert_eq!(exact.estimate(&hanoi.start()), 13); // one group of 5 disks: the true distance
    /// assert!(HanoiHeuristic::new(HeuristicName::Manhattan, &hanoi).is_err());
    /// ```
    pub fn new(name: HeuristicName, puzzle: &Hanoi) -> Result<Self, HeuristicError> {
        Ok(match name {
            HeuristicName::Misplaced => HanoiHeuristic::Misplaced(Misplaced::new(puzzle)),
            HeuristicName::Exact => match ThreePegExact::new(puzzle) {
                Some(exact) => HanoiHeuristic::ThreePegExact(exact),
                None => HanoiHeuristic::GroupBound(GroupBound::new(puzzle)),
            },
            HeuristicName::SeedPower => HanoiHeuristic::SeedPower(SeedPower::new(puzzle)),
            HeuristicName::Manhattan | HeuristicName::LinearConflict | HeuristicName::Pdb => {
                return Err(HeuristicError::NotForHanoi { name })
            }
        })
    }

    /// A sentence for people: what the estimate is and whether it can overestimate.
    pub fn describe(&self) -> String {
        match self {
            HanoiHeuristic::Misplaced(_) => "disks not on their goal peg (admissible)".to_string(),
            HanoiHeuristic::ThreePegExact(_) => "the exact distance on 3 pegs".to_string(),
            HanoiHeuristic::GroupBound(bound) if bound.is_exact() => {
                "the exact distance, from a table of every position (admissible)".to_string()
            }
            HanoiHeuristic::GroupBound(bound) => {
                let groups: Vec<String> = bound
                    .groups()
                    .iter()
                    .map(|(low, high)| format!("{low}-{high}"))
                    .collect();
                format!(
                    "the sum of the exact distances of disk groups {} each on its own (admissible)",
                    groups.join(", ")
                )
            }
            HanoiHeuristic::SeedPower(_) => {
                "2^(k+1) - 1 for the largest misplaced disk k: overestimates, so A* may miss the shortest solution"
                    .to_string()
            }
        }
    }
}

impl Heuristic<Hanoi> for HanoiHeuristic {
    #[inline]
    fn estimate(&self, state: &u64) -> u32 {
        match self {
            HanoiHeuristic::Misplaced(h) => h.estimate(state),
            HanoiHeuristic::ThreePegExact(h) => h.estimate(state),
            HanoiHeuristic::GroupBound(h) => h.estimate(state),
            HanoiHeuristic::SeedPower(h) => h.estimate(state),
        }
    }

    fn admissible(&self) -> bool {
        match self {
            HanoiHeuristic::Misplaced(h) => h.admissible(),
            HanoiHeuristic::ThreePegExact(h) => h.admissible(),
            HanoiHeuristic::GroupBound(h) => h.admissible(),
            HanoiHeuristic::SeedPower(h) => h.admissible(),
        }
    }

    fn name(&self) -> &'static str {
        match self {
            HanoiHeuristic::Misplaced(h) => h.name(),
            HanoiHeuristic::ThreePegExact(h) => h.name(),
            HanoiHeuristic::GroupBound(h) => h.name(),
            HanoiHeuristic::SeedPower(h) => h.name(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{bfs_distances, state_of, Lcg};
    use super::*;

    /// Checks `h <= true distance` on every state of the puzzle's space; returns how many states it is exact on.
    fn assert_admissible(h: &impl Heuristic<Hanoi>, puzzle: &Hanoi, what: &str) -> usize {
        let truth = bfs_distances(puzzle.pegs(), puzzle.disks(), puzzle.goal());
        let mut exact = 0;
        for (state, &d) in truth.iter().enumerate() {
            let estimate = h.estimate(&(state as u64));
            assert!(
                estimate <= d,
                "{what}: h({:?}) = {estimate} > {d} toward {:?}",
                puzzle.decode(state as u64),
                puzzle.decode(puzzle.goal())
            );
            exact += usize::from(estimate == d);
        }
        assert_eq!(h.estimate(&puzzle.goal()), 0, "{what}: h(goal) = 0");
        exact
    }

    /// Goals to test against: towers, and random positions.
    fn goals(pegs: u8, disks: u8, rng: &mut Lcg) -> Vec<Vec<u8>> {
        vec![
            vec![pegs - 1; usize::from(disks)],
            vec![0; usize::from(disks)],
            rng.position(pegs, disks),
            rng.position(pegs, disks),
        ]
    }

    #[test]
    fn three_peg_exact_equals_bfs_on_whole_spaces() {
        let mut rng = Lcg(11);
        for disks in 1..=7 {
            for goal in goals(3, disks, &mut rng) {
                let puzzle = Hanoi::new(3, disks, &goal, &goal).unwrap();
                let h = HanoiHeuristic::new(HeuristicName::Exact, &puzzle).unwrap();
                assert!(matches!(h, HanoiHeuristic::ThreePegExact(_)));
                let exact = assert_admissible(&h, &puzzle, "3-peg exact");
                assert_eq!(exact as u64, puzzle.state_count(), "exact on every state");
            }
        }
    }

    #[test]
    fn group_bound_is_admissible_on_4_and_5_pegs_and_exact_within_one_group() {
        let mut rng = Lcg(12);
        for (pegs, max_disks) in [(4u8, 6u8), (5, 5)] {
            for disks in 1..=max_disks {
                for goal in goals(pegs, disks, &mut rng) {
                    let puzzle = Hanoi::new(pegs, disks, &goal, &goal).unwrap();
                    let h = HanoiHeuristic::new(HeuristicName::Exact, &puzzle).unwrap();
                    assert!(h.admissible());
                    let exact = assert_admissible(&h, &puzzle, "group bound");
                    // Up to the default group size the table covers every disk: the estimate is the distance.
                    assert_eq!(exact as u64, puzzle.state_count());
                    for size in 1..disks {
                        let split = GroupBound::with_group_size(&puzzle, size).unwrap();
                        assert!(!split.is_exact());
                        let exact = assert_admissible(&split, &puzzle, "split group bound");
                        assert!(exact >= 1);
                    }
                }
            }
        }
    }

    #[test]
    fn group_bound_on_3_pegs_agrees_with_the_closed_form_where_exact() {
        let puzzle = Hanoi::new(3, 6, &[0; 6], &[2, 1, 0, 2, 1, 0]).unwrap();
        let table = GroupBound::with_group_size(&puzzle, 6).unwrap();
        let closed = ThreePegExact::new(&puzzle).unwrap();
        for state in 0..puzzle.state_count() {
            assert_eq!(table.estimate(&state), closed.estimate(&state));
        }
    }

    #[test]
    fn group_bound_splits_largest_disks_first_and_shares_tables() {
        let puzzle = Hanoi::new(4, 20, &[0; 20], &[3; 20]).unwrap();
        let bound = GroupBound::new(&puzzle);
        assert_eq!(bound.groups(), [(12, 19), (4, 11), (0, 3)]);
        // Towers: the two 8-disk groups have the same goal placement and share one table.
        assert_eq!(bound.table_bytes(), 4usize.pow(8) + 4usize.pow(4));
        // On a tower start each group alone makes a whole tower move: the sum of their BFS distances.
        let truth8 = bfs_distances(4, 8, state_of(4, &[3; 8]))[0];
        let truth4 = bfs_distances(4, 4, state_of(4, &[3; 4]))[0];
        assert_eq!(bound.estimate(&puzzle.start()), 2 * truth8 + truth4);
        let five = Hanoi::new(5, 20, &[0; 20], &[4; 20]).unwrap();
        assert_eq!(GroupBound::new(&five).groups(), [(13, 19), (6, 12), (0, 5)]);
        assert!(GroupBound::with_group_size(&puzzle, 0).is_err());
        assert!(GroupBound::with_group_size(&puzzle, 9).is_err());
    }

    #[test]
    fn misplaced_is_admissible_everywhere() {
        let mut rng = Lcg(13);
        for (pegs, max_disks) in [(3u8, 6u8), (4, 5), (5, 4)] {
            for disks in 1..=max_disks {
                for goal in goals(pegs, disks, &mut rng) {
                    let puzzle = Hanoi::new(pegs, disks, &goal, &goal).unwrap();
                    let h = HanoiHeuristic::new(HeuristicName::Misplaced, &puzzle).unwrap();
                    assert_admissible(&h, &puzzle, "misplaced");
                }
            }
        }
        let puzzle = Hanoi::new(3, 3, &[0, 1, 2], &[0, 0, 0]).unwrap();
        assert_eq!(Misplaced::new(&puzzle).estimate(&puzzle.start()), 2);
    }

    #[test]
    fn seed_power_overestimates_somewhere_so_it_is_not_admissible() {
        // Search the whole 3-disk space toward the tower on C for a state where 2^(k+1) - 1 > the BFS distance.
        let puzzle = Hanoi::new(3, 3, &[0; 3], &[2; 3]).unwrap();
        let truth = bfs_distances(3, 3, puzzle.goal());
        let h = HanoiHeuristic::new(HeuristicName::SeedPower, &puzzle).unwrap();
        assert!(!h.admissible());
        let over: Vec<u64> = (0..puzzle.state_count())
            .filter(|&s| h.estimate(&s) > truth[s as usize])
            .collect();
        assert!(!over.is_empty(), "2^(k+1) - 1 overestimates on some state");
        // The documented example, and the value of the formula at the tower start.
        let doc = Hanoi::new(3, 2, &[1, 0], &[2, 2]).unwrap();
        assert_eq!(SeedPower::new(&doc).estimate(&doc.start()), 3);
        assert_eq!(bfs_distances(3, 2, doc.goal())[doc.start() as usize], 2);
        assert_eq!(h.estimate(&puzzle.start()), 7);
        assert_eq!(h.estimate(&puzzle.goal()), 0);
    }

    #[test]
    fn names_and_errors() {
        let three = Hanoi::new(3, 4, &[0; 4], &[2; 4]).unwrap();
        let four = Hanoi::new(4, 4, &[0; 4], &[2; 4]).unwrap();
        for name in HanoiHeuristic::NAMES {
            assert_eq!(
                HanoiHeuristic::new(name, &three).unwrap().name(),
                name.name()
            );
            assert_eq!(
                HanoiHeuristic::new(name, &four).unwrap().name(),
                name.name()
            );
        }
        let err = HanoiHeuristic::new(HeuristicName::Manhattan, &three).unwrap_err();
        assert_eq!(
            err.to_string(),
            "the heuristic `manhattan` is for sliding puzzles; Tower of Hanoi takes misplaced, exact or seed-power"
        );
        let err = HanoiHeuristic::new(HeuristicName::Pdb, &four).unwrap_err();
        assert!(err
            .to_string()
            .contains("`exact` is itself a pattern database"));
        let big = Hanoi::new(4, 12, &[0; 12], &[3; 12]).unwrap();
        let h = HanoiHeuristic::new(HeuristicName::Exact, &big).unwrap();
        assert_eq!(
            h.describe(),
            "the sum of the exact distances of disk groups 4-11, 0-3 each on its own (admissible)"
        );
    }
}
