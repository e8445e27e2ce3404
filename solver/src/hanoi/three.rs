//! Closed forms on 3 pegs: the exact distance between two arbitrary positions in O(n), and the moves of a shortest path.
//!
//! The rule. Disks that sit on the same peg in both positions and are larger than every disk that differs never move in
//! a shortest solution. Let k be the largest disk that differs: it goes from peg `a` to peg `b`, and `c` is the third
//! peg. In a shortest solution disk k moves either
//! - **once**, a -> b: the disks smaller than k first gather as a tower on `c`, then go from that tower to their goal
//!   places: `to_tower(start, c) + 1 + to_tower(goal, c)`; or
//! - **twice**, a -> c -> b: the smaller disks gather on `b`, disk k goes to `c`, the smaller tower goes from `b` to `a`
//!   (2^k - 1 moves), disk k goes to `b`, and the smaller disks go from the tower on `a` to their goal places:
//!   `to_tower(start, b) + 1 + (2^k - 1) + 1 + to_tower(goal, a)`.
//!
//! The distance is the smaller of the two. `to_tower(position, peg)`, the distance from the first m disks of a position
//! to a tower of them on `peg`, follows the same reasoning from the largest disk down: a disk already on the target adds
//! nothing; a disk elsewhere adds 2^d (its own move plus moving the d smaller disks, gathered on the third peg, onto
//! it), and the third peg becomes the target of the smaller disks. The unit tests check every pair of positions of up
//! to 4 disks, and random pairs up to 8, against breadth-first search.
//!
//! Positions here may have up to 63 disks; every sum stays below 2^64 (the largest is 3 * 2^62 - 1).

use super::rules::{HanoiMove, MAX_DIRECT_DISKS};

/// The third peg of three, given two different ones.
#[inline]
fn third(a: u8, b: u8) -> u8 {
    3 - a - b
}

/// The number of moves that gather the disks of `position` into a tower on `target` (3 pegs).
#[inline]
pub(crate) fn to_tower_distance(position: &[u8], mut target: u8) -> u64 {
    // Branch-free (the test on random positions is unpredictable): each disk adds a distinct bit, so OR is a sum.
    let mut total = 0u64;
    for (disk, &peg) in position.iter().enumerate().rev() {
        let moves = peg != target;
        total |= u64::from(moves) << disk;
        let spare = 3u8.wrapping_sub(peg).wrapping_sub(target);
        target = if moves { spare } else { target };
    }
    total
}

/// How a shortest 3-peg path moves the largest disk that must move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Plan {
    /// Start and goal are the same position.
    Stay,
    /// Disk `disk` moves once, `from` -> `to`, over the smaller disks gathered on `via`.
    Once {
        disk: usize,
        from: u8,
        to: u8,
        via: u8,
    },
    /// Disk `disk` moves twice, `from` -> `via` -> `to`.
    Twice {
        disk: usize,
        from: u8,
        to: u8,
        via: u8,
    },
}

/// The length of a shortest path from `start` to `goal` on 3 pegs, and how it moves the largest disk that must move.
///
/// Both positions must have the same length (at most 63) and pegs below 3.
pub(crate) fn plan(start: &[u8], goal: &[u8]) -> (u64, Plan) {
    plan_with(start, goal, |disks, peg| {
        to_tower_distance(&goal[..disks], peg)
    })
}

/// [`plan`], with `goal_to_tower(k, peg)` = `to_tower_distance(&goal[..k], peg)` supplied by the caller (the `exact`
/// heuristic tabulates it once for its fixed goal).
#[inline]
pub(crate) fn plan_with(
    start: &[u8],
    goal: &[u8],
    goal_to_tower: impl Fn(usize, u8) -> u64,
) -> (u64, Plan) {
    let Some(disk) = (0..start.len()).rev().find(|&d| start[d] != goal[d]) else {
        return (0, Plan::Stay);
    };
    let (from, to) = (start[disk], goal[disk]);
    let via = third(from, to);
    let below = &start[..disk];
    let once = to_tower_distance(below, via) + 1 + goal_to_tower(disk, via);
    let twice = to_tower_distance(below, to) + (1u64 << disk) + 1 + goal_to_tower(disk, from);
    if once <= twice {
        (
            once,
            Plan::Once {
                disk,
                from,
                to,
                via,
            },
        )
    } else {
        (
            twice,
            Plan::Twice {
                disk,
                from,
                to,
                via,
            },
        )
    }
}

/// The exact number of moves between two 3-peg positions (`position[i]` = peg of disk i), computed in O(n).
///
/// Positions of different lengths, or with a peg above 2, get `None`; up to 63 disks are supported.
///
/// ```
/// use solver::hanoi::three_peg_distance;
/// assert_eq!(three_peg_distance(&[0, 0, 0], &[2, 2, 2]), Some(7));
/// // Disk 1 goes A -> C, then disk 0 goes B -> C.
/// assert_eq!(three_peg_distance(&[1, 0], &[2, 2]), Some(2));
/// ```
pub fn three_peg_distance(start: &[u8], goal: &[u8]) -> Option<u64> {
    let fits = |p: &[u8]| p.len() <= usize::from(MAX_DIRECT_DISKS) && p.iter().all(|&peg| peg < 3);
    (start.len() == goal.len() && fits(start) && fits(goal)).then(|| plan(start, goal).0)
}

/// Appends the moves of the classic recursion: a tower of `disks` disks from `from` to `to` over `via`.
pub(crate) fn push_classic(disks: usize, from: u8, to: u8, via: u8, out: &mut Vec<HanoiMove>) {
    if disks == 0 {
        return;
    }
    push_classic(disks - 1, from, via, to, out);
    out.push(HanoiMove { from, to });
    push_classic(disks - 1, via, to, from, out);
}

/// Appends the `to_tower_distance(position, target)` moves that gather `position` into a tower on `target`.
pub(crate) fn push_to_tower(position: &[u8], target: u8, out: &mut Vec<HanoiMove>) {
    let Some(disk) = (0..position.len()).rev().find(|&d| position[d] != target) else {
        return;
    };
    let from = position[disk];
    let via = third(from, target);
    push_to_tower(&position[..disk], via, out);
    out.push(HanoiMove { from, to: target });
    push_classic(disk, via, target, from, out);
}

/// Appends the moves that spread a tower on `source` into `position`: `push_to_tower` run backwards.
pub(crate) fn push_from_tower(position: &[u8], source: u8, out: &mut Vec<HanoiMove>) {
    let first = out.len();
    push_to_tower(position, source, out);
    out[first..].reverse();
    for mv in &mut out[first..] {
        *mv = mv.inverse();
    }
}

/// Appends the moves of a shortest path from `start` to `goal` (3 pegs, same length): `plan(start, goal).0` moves.
pub(crate) fn push_path(start: &[u8], goal: &[u8], out: &mut Vec<HanoiMove>) {
    match plan(start, goal).1 {
        Plan::Stay => {}
        Plan::Once {
            disk,
            from,
            to,
            via,
        } => {
            push_to_tower(&start[..disk], via, out);
            out.push(HanoiMove { from, to });
            push_from_tower(&goal[..disk], via, out);
        }
        Plan::Twice {
            disk,
            from,
            to,
            via,
        } => {
            push_to_tower(&start[..disk], to, out);
            out.push(HanoiMove { from, to: via });
            push_classic(disk, to, from, via, out);
            out.push(HanoiMove { from: via, to });
            push_from_tower(&goal[..disk], from, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{bfs_distances, replay, Lcg};
    use super::*;

    fn position(mut state: u64, disks: usize) -> Vec<u8> {
        (0..disks)
            .map(|_| {
                let peg = (state % 3) as u8;
                state /= 3;
                peg
            })
            .collect()
    }

    #[test]
    fn distance_equals_bfs_for_every_pair_up_to_4_disks() {
        for disks in 1..=4usize {
            let count = 3u64.pow(disks as u32);
            for goal in 0..count {
                let truth = bfs_distances(3, disks as u8, goal);
                let goal_position = position(goal, disks);
                for start in 0..count {
                    let start_position = position(start, disks);
                    assert_eq!(
                        three_peg_distance(&start_position, &goal_position),
                        Some(u64::from(truth[start as usize])),
                        "{start_position:?} -> {goal_position:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn distance_equals_bfs_for_random_pairs_of_6_to_8_disks() {
        let mut rng = Lcg(0x5eed_0003);
        for disks in 6..=8usize {
            let count = 3u64.pow(disks as u32);
            for _ in 0..6 {
                let goal = rng.below(count);
                let truth = bfs_distances(3, disks as u8, goal);
                let goal_position = position(goal, disks);
                for _ in 0..300 {
                    let start = rng.below(count);
                    assert_eq!(
                        three_peg_distance(&position(start, disks), &goal_position),
                        Some(u64::from(truth[start as usize]))
                    );
                }
            }
        }
    }

    #[test]
    fn both_ways_of_moving_the_largest_disk_occur() {
        assert!(matches!(
            plan(&[0, 0], &[2, 2]).1,
            Plan::Once { disk: 1, .. }
        ));
        // Start: disks 0, 1 on A, disk 2 on C; goal: disks 0, 1 on C, disk 2 on A. Once: gather 0, 1 on B (3),
        // move 2 (1), bring 0, 1 to C (3) = 7. Twice: disk 2 C -> B (1), tower 0, 1 A -> C (3), disk 2 B -> A (1) = 5.
        assert_eq!(
            plan(&[0, 0, 2], &[2, 2, 0]),
            (
                5,
                Plan::Twice {
                    disk: 2,
                    from: 2,
                    to: 0,
                    via: 1
                }
            )
        );
    }

    #[test]
    fn paths_are_legal_and_as_long_as_the_distance() {
        let mut rng = Lcg(0x5eed_0004);
        for disks in 1..=8usize {
            let count = 3u64.pow(disks as u32);
            for _ in 0..40 {
                let (s, g) = (
                    position(rng.below(count), disks),
                    position(rng.below(count), disks),
                );
                let mut moves = Vec::new();
                push_path(&s, &g, &mut moves);
                assert_eq!(moves.len() as u64, plan(&s, &g).0);
                assert_eq!(replay(3, &s, &moves), Ok(g.clone()), "{s:?} -> {g:?}");
            }
        }
    }

    #[test]
    fn the_distance_is_never_more_than_2_to_the_n_minus_1_even_for_63_disks() {
        let mut rng = Lcg(0x5eed_0005);
        for _ in 0..1000 {
            let s: Vec<u8> = (0..63).map(|_| rng.below(3) as u8).collect();
            let g: Vec<u8> = (0..63).map(|_| rng.below(3) as u8).collect();
            let d = three_peg_distance(&s, &g).unwrap();
            assert!(d < (1u64 << 63));
            assert_eq!(
                d,
                three_peg_distance(&g, &s).unwrap(),
                "distance is symmetric"
            );
        }
        assert_eq!(
            three_peg_distance(&[0; 63], &[1; 63]),
            Some((1u64 << 63) - 1)
        );
        assert_eq!(three_peg_distance(&[0, 1], &[0]), None);
        assert_eq!(three_peg_distance(&[0, 3], &[0, 0]), None);
    }
}
