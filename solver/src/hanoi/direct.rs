//! Direct Hanoi solvers, no search: the classic recursion, the shortest path between two 3-peg positions, and
//! Frame-Stewart tower to tower on 4 and 5 pegs. Lengths for up to 63 disks; moves listed up to a cap.

use super::rules::{check_position, check_size, HanoiError, HanoiMove, Side, MAX_DIRECT_DISKS};
use super::three::{plan, push_classic, push_path};
use std::fmt;

/// The default listing cap: solutions longer than this many moves are given by length only.
pub const DIRECT_MOVE_CAP: u64 = 1 << 20;
/// The largest cap honoured (2^26 moves, 128 MiB): a larger `cap` argument is lowered to it, so that no request can
/// ask for a list that does not fit in memory.
pub const MAX_MOVE_CAP: u64 = 1 << 26;

/// Which direct solver answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum DirectMethod {
    /// 3 pegs, tower to tower: the classic recursion, 2^n - 1 moves, optimal.
    Classic,
    /// 3 pegs, any position to any position: the largest disk that must move moves once or twice; optimal.
    ThreePegPath,
    /// 4 or 5 pegs, tower to tower: Frame-Stewart with the best split. Optimal on 4 pegs (Bousch, 2014); on 5 pegs
    /// presumed optimal (the Frame-Stewart conjecture is open there), so not labelled optimal.
    FrameStewart { pegs: u8 },
}

impl DirectMethod {
    /// A person's name for it.
    pub fn title(self) -> &'static str {
        match self {
            DirectMethod::Classic => "classic recursion",
            DirectMethod::ThreePegPath => "shortest 3-peg path",
            DirectMethod::FrameStewart { .. } => "Frame-Stewart",
        }
    }

    /// Why its answer is, or is not, known to be a shortest one.
    pub fn optimality(self) -> &'static str {
        match self {
            DirectMethod::Classic => "2^n - 1 moves, the shortest possible",
            DirectMethod::ThreePegPath => {
                "the shortest possible: the largest disk that must move moves once or twice, whichever is shorter"
            }
            DirectMethod::FrameStewart { pegs: 4 } => {
                "the shortest possible on 4 pegs (Frame-Stewart's optimality was proved by Bousch in 2014)"
            }
            DirectMethod::FrameStewart { .. } => {
                "presumed the shortest: the Frame-Stewart conjecture is unproved for 5 or more pegs"
            }
        }
    }
}

/// A direct solution.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Direct {
    /// The number of moves (up to 2^63 - 1).
    pub length: u64,
    /// The moves, if `length` is at most the listing cap; `None` otherwise.
    pub moves: Option<Vec<HanoiMove>>,
    /// True if `length` is proved to be the shortest.
    pub optimal: bool,
    /// The solver that answered.
    pub method: DirectMethod,
}

impl Direct {
    fn new(
        length: u64,
        cap: u64,
        method: DirectMethod,
        list: impl FnOnce(&mut Vec<HanoiMove>),
    ) -> Direct {
        let moves = (length <= cap.min(MAX_MOVE_CAP)).then(|| {
            let mut moves = Vec::with_capacity(length as usize);
            list(&mut moves);
            debug_assert_eq!(
                moves.len() as u64,
                length,
                "{method:?} listed a wrong number of moves"
            );
            moves
        });
        let optimal = !matches!(method, DirectMethod::FrameStewart { pegs } if pegs != 4);
        Direct {
            length,
            moves,
            optimal,
            method,
        }
    }

    /// A sentence for people: the solver, the length, whether it is shortest, and whether the moves are listed.
    pub fn summary(&self) -> String {
        let listed = if self.moves.is_some() {
            ""
        } else {
            "; the moves are not listed: there are more than the listing cap allows"
        };
        format!(
            "{}: {} moves, {}{listed}",
            self.method.title(),
            self.length,
            self.method.optimality()
        )
    }
}

/// Why a direct solver cannot answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirectError {
    /// The sizes or positions are wrong.
    Invalid(HanoiError),
    /// On 4 or 5 pegs the start or the goal is not a whole tower on one peg.
    ArbitraryState { pegs: u8 },
}

impl fmt::Display for DirectError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DirectError::Invalid(error) => error.fmt(f),
            DirectError::ArbitraryState { pegs } => write!(
                f,
                "direct solving from an arbitrary state on {pegs} pegs is not supported: use A* or BFS \
                 (on {pegs} pegs the direct solver moves a whole tower from one peg to another)"
            ),
        }
    }
}

impl std::error::Error for DirectError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DirectError::Invalid(error) => Some(error),
            DirectError::ArbitraryState { .. } => None,
        }
    }
}

impl From<HanoiError> for DirectError {
    fn from(error: HanoiError) -> Self {
        DirectError::Invalid(error)
    }
}

/// Solves without search, picking the solver from the positions (`position[i]` = peg of disk i, disk 0 the smallest):
/// - 3 pegs, both positions towers: [`classic`]; 3 pegs otherwise: [`three_peg_path`];
/// - 4 or 5 pegs, both positions towers: [`frame_stewart`]; otherwise [`DirectError::ArbitraryState`].
///
/// Pegs 3..=5, disks 1..=63. The moves are listed when there are at most `cap` of them ([`DIRECT_MOVE_CAP`] is a
/// good default; caps above [`MAX_MOVE_CAP`] are lowered to it).
///
/// ```
/// use solver::hanoi::{direct, DirectMethod, DIRECT_MOVE_CAP};
///
/// let solution = direct(4, 63, &[0; 63], &[3; 63], DIRECT_MOVE_CAP).unwrap();
/// assert_eq!(solution.method, DirectMethod::FrameStewart { pegs: 4 });
/// assert!(solution.optimal);
///
/// let huge = direct(3, 63, &[0; 63], &[2; 63], DIRECT_MOVE_CAP).unwrap();
/// assert_eq!(huge.length, (1 << 63) - 1);
/// assert!(huge.moves.is_none());
/// ```
pub fn direct(
    pegs: u8,
    disks: u8,
    start: &[u8],
    goal: &[u8],
    cap: u64,
) -> Result<Direct, DirectError> {
    check_size(pegs, disks, MAX_DIRECT_DISKS)?;
    check_position(pegs, disks, start, Side::Start)?;
    check_position(pegs, disks, goal, Side::Goal)?;
    match (tower_peg(start), tower_peg(goal), pegs) {
        (Some(from), Some(to), 3) => classic(disks, from, to, cap),
        (_, _, 3) => three_peg_path(start, goal, cap),
        (Some(from), Some(to), _) => frame_stewart(pegs, disks, from, to, cap),
        _ => Err(DirectError::ArbitraryState { pegs }),
    }
}

/// The peg holding every disk, if the position is a single tower.
fn tower_peg(position: &[u8]) -> Option<u8> {
    let first = *position.first()?;
    position.iter().all(|&peg| peg == first).then_some(first)
}

/// Checks a tower-to-tower request: sizes, and both pegs below `pegs`.
fn check_towers(pegs: u8, disks: u8, from: u8, to: u8) -> Result<(), HanoiError> {
    check_size(pegs, disks, MAX_DIRECT_DISKS)?;
    for (side, peg) in [(Side::Start, from), (Side::Goal, to)] {
        if peg >= pegs {
            return Err(HanoiError::NoSuchPeg {
                side,
                disk: 0,
                peg,
                pegs,
            });
        }
    }
    Ok(())
}

/// The classic recursion on 3 pegs: the tower of `disks` disks from peg `from` to peg `to` in 2^n - 1 moves
/// (0 if `from == to`), optimal.
pub fn classic(disks: u8, from: u8, to: u8, cap: u64) -> Result<Direct, DirectError> {
    check_towers(3, disks, from, to)?;
    let length = if from == to {
        0
    } else {
        u64::MAX >> (64 - u32::from(disks))
    };
    Ok(Direct::new(length, cap, DirectMethod::Classic, |out| {
        if from != to {
            push_classic(usize::from(disks), from, to, 3 - from - to, out);
        }
    }))
}

/// A shortest path between two arbitrary 3-peg positions of the same number of disks (1..=63), optimal.
pub fn three_peg_path(start: &[u8], goal: &[u8], cap: u64) -> Result<Direct, DirectError> {
    let disks = u8::try_from(start.len()).unwrap_or(u8::MAX);
    check_size(3, disks, MAX_DIRECT_DISKS)?;
    check_position(3, disks, start, Side::Start)?;
    check_position(3, disks, goal, Side::Goal)?;
    let (length, _) = plan(start, goal);
    Ok(Direct::new(
        length,
        cap,
        DirectMethod::ThreePegPath,
        |out| push_path(start, goal, out),
    ))
}

/// Frame-Stewart tower to tower: on 3 pegs the classic recursion; on 4 and 5 pegs, for the best split t, the t
/// smallest disks go to a spare peg using every peg, the others go to the target without that spare, and the t
/// disks follow them. Optimal on 3 and 4 pegs (Bousch, 2014, for 4); presumed optimal on 5.
pub fn frame_stewart(
    pegs: u8,
    disks: u8,
    from: u8,
    to: u8,
    cap: u64,
) -> Result<Direct, DirectError> {
    check_towers(pegs, disks, from, to)?;
    if pegs == 3 {
        return classic(disks, from, to, cap);
    }
    let length = if from == to {
        0
    } else {
        FRAME_STEWART.moves[usize::from(pegs - 3)][usize::from(disks)]
    };
    let method = DirectMethod::FrameStewart { pegs };
    Ok(Direct::new(length, cap, method, |out| {
        if from != to {
            let mut spares = [0u8; 3];
            let mut count = 0;
            for peg in (0..pegs).filter(|&p| p != from && p != to) {
                spares[count] = peg;
                count += 1;
            }
            push_frame_stewart(usize::from(disks), from, to, &spares[..count], out);
        }
    }))
}

/// The Frame-Stewart number of moves of a tower of `disks` disks on `pegs` pegs (3..=5 pegs, 0..=63 disks).
///
/// ```
/// use solver::hanoi::direct::frame_stewart_length;
/// assert_eq!(frame_stewart_length(3, 10), Some(1023));
/// assert_eq!(frame_stewart_length(6, 10), None);
/// ```
pub fn frame_stewart_length(pegs: u8, disks: u8) -> Option<u64> {
    let row = FRAME_STEWART.moves.get(usize::from(pegs).checked_sub(3)?)?;
    row.get(usize::from(disks)).copied()
}

/// Appends the Frame-Stewart moves of `disks` disks from `from` to `to` with the free pegs `spares` (1 to 3 of them).
fn push_frame_stewart(disks: usize, from: u8, to: u8, spares: &[u8], out: &mut Vec<HanoiMove>) {
    match (disks, spares) {
        (0, _) => {}
        (1, _) | (_, []) => out.push(HanoiMove { from, to }),
        (_, [via]) => push_classic(disks, from, to, *via, out),
        (_, [park, rest @ ..]) => {
            let split = usize::from(FRAME_STEWART.split[spares.len() - 1][disks]);
            // The `split` smallest disks may use every peg but the one they leave and the one they go to.
            let mut others = [0u8; 3];
            others[1..=rest.len()].copy_from_slice(rest);
            others[0] = to;
            push_frame_stewart(split, from, *park, &others[..=rest.len()], out);
            push_frame_stewart(disks - split, from, to, rest, out);
            others[0] = from;
            push_frame_stewart(split, *park, to, &others[..=rest.len()], out);
        }
    }
}

/// Frame-Stewart numbers for 3, 4 and 5 pegs and 0..=63 disks, with the best split, computed at compile time.
struct FrameStewartTable {
    /// `moves[p - 3][n]`.
    moves: [[u64; 64]; 3],
    /// `split[p - 3][n]`: how many of the smallest disks to park first (for 3 pegs, n - 1).
    split: [[u8; 64]; 3],
}

static FRAME_STEWART: FrameStewartTable = frame_stewart_table();

/// FS(3, n) = 2^n - 1; FS(p, n) = min over 1 <= t < n of 2 FS(p, t) + FS(p - 1, n - t), and FS(p, 1) = 1.
const fn frame_stewart_table() -> FrameStewartTable {
    let mut moves = [[0u64; 64]; 3];
    let mut split = [[0u8; 64]; 3];
    let mut n = 1;
    while n < 64 {
        moves[0][n] = u64::MAX >> (64 - n);
        split[0][n] = (n - 1) as u8;
        n += 1;
    }
    let mut p = 1;
    while p < 3 {
        moves[p][1] = 1;
        let mut n = 2;
        while n < 64 {
            let mut best = u64::MAX;
            let mut t = 1;
            while t < n {
                let cost = moves[p][t]
                    .saturating_mul(2)
                    .saturating_add(moves[p - 1][n - t]);
                if cost < best {
                    best = cost;
                    split[p][n] = t as u8;
                }
                t += 1;
            }
            moves[p][n] = best;
            n += 1;
        }
        p += 1;
    }
    FrameStewartTable { moves, split }
}

#[cfg(test)]
mod tests {
    use super::super::testutil::{bfs_distances, replay, state_of, Lcg};
    use super::*;

    /// Checks a solution's moves by replay on peg stacks and its length against the list.
    fn assert_replays(pegs: u8, start: &[u8], goal: &[u8], solution: &Direct) {
        let moves = solution.moves.as_ref().expect("moves listed");
        assert_eq!(moves.len() as u64, solution.length);
        assert_eq!(
            replay(pegs, start, moves).as_deref(),
            Ok(goal),
            "{start:?} -> {goal:?}"
        );
    }

    fn bfs_distance(pegs: u8, start: &[u8], goal: &[u8]) -> u64 {
        let truth = bfs_distances(pegs, start.len() as u8, state_of(pegs, goal));
        u64::from(truth[state_of(pegs, start) as usize])
    }

    #[test]
    fn classic_is_2_to_the_n_minus_1_legal_and_as_short_as_bfs() {
        for disks in 1..=8u8 {
            let n = usize::from(disks);
            for (from, to) in [(0, 2), (2, 1), (1, 0), (1, 1)] {
                let (start, goal) = (vec![from; n], vec![to; n]);
                let solution = direct(3, disks, &start, &goal, DIRECT_MOVE_CAP).unwrap();
                assert_eq!(solution.method, DirectMethod::Classic);
                assert!(solution.optimal);
                let closed_form = if from == to { 0 } else { (1u64 << disks) - 1 };
                assert_eq!(solution.length, closed_form);
                assert_eq!(solution.length, bfs_distance(3, &start, &goal));
                assert_replays(3, &start, &goal, &solution);
            }
        }
    }

    #[test]
    fn three_peg_paths_between_random_positions_are_legal_and_as_short_as_bfs() {
        let mut rng = Lcg(21);
        for disks in 1..=8u8 {
            for _ in 0..6 {
                let goal = rng.position(3, disks);
                let truth = bfs_distances(3, disks, state_of(3, &goal));
                for _ in 0..20 {
                    let start = rng.position(3, disks);
                    let solution = direct(3, disks, &start, &goal, DIRECT_MOVE_CAP).unwrap();
                    assert!(solution.optimal);
                    assert_eq!(
                        solution.length,
                        u64::from(truth[state_of(3, &start) as usize])
                    );
                    assert_replays(3, &start, &goal, &solution);
                }
            }
        }
    }

    #[test]
    fn frame_stewart_on_4_pegs_matches_bfs_up_to_7_disks() {
        for disks in 1..=7u8 {
            let n = usize::from(disks);
            let truth = bfs_distances(4, disks, state_of(4, &vec![3; n]));
            let shortest = u64::from(truth[0]);
            assert_eq!(
                frame_stewart_length(4, disks),
                Some(shortest),
                "{disks} disks"
            );
            for (from, to) in [(0u8, 3u8), (2, 1), (3, 0)] {
                let (start, goal) = (vec![from; n], vec![to; n]);
                let solution = direct(4, disks, &start, &goal, DIRECT_MOVE_CAP).unwrap();
                assert_eq!(solution.method, DirectMethod::FrameStewart { pegs: 4 });
                assert!(solution.optimal);
                assert_eq!(solution.length, shortest);
                assert_replays(4, &start, &goal, &solution);
            }
        }
    }

    #[test]
    fn frame_stewart_on_5_pegs_matches_bfs_up_to_6_disks_but_is_only_presumed_optimal() {
        for disks in 1..=6u8 {
            let n = usize::from(disks);
            let truth = bfs_distances(5, disks, state_of(5, &vec![4; n]));
            let (start, goal) = (vec![1; n], vec![4; n]);
            let solution = direct(5, disks, &start, &goal, DIRECT_MOVE_CAP).unwrap();
            assert_eq!(
                solution.length,
                u64::from(truth[state_of(5, &start) as usize])
            );
            assert!(!solution.optimal);
            assert_replays(5, &start, &goal, &solution);
        }
    }

    /// The Frame-Stewart recurrence, written again independently (top-down with memo, in u128).
    fn frame_stewart_reference(
        pegs: u32,
        disks: u32,
        memo: &mut std::collections::HashMap<(u32, u32), u128>,
    ) -> u128 {
        if disks <= 1 {
            return u128::from(disks);
        }
        if pegs == 3 {
            return (1u128 << disks) - 1;
        }
        if let Some(&known) = memo.get(&(pegs, disks)) {
            return known;
        }
        let best = (1..disks)
            .map(|t| {
                2 * frame_stewart_reference(pegs, t, memo)
                    + frame_stewart_reference(pegs - 1, disks - t, memo)
            })
            .min()
            .unwrap_or(0);
        memo.insert((pegs, disks), best);
        best
    }

    #[test]
    fn lengths_for_63_disks_without_listing_and_frame_stewart_lists_what_fits() {
        let classic63 = direct(3, 63, &[0; 63], &[2; 63], DIRECT_MOVE_CAP).unwrap();
        assert_eq!(classic63.length, (1u64 << 63) - 1);
        assert_eq!(classic63.moves, None);
        assert!(classic63.summary().contains("not listed"));

        let mut memo = std::collections::HashMap::new();
        for pegs in 3..=5u8 {
            for disks in 0..=63u8 {
                let expected =
                    frame_stewart_reference(u32::from(pegs), u32::from(disks), &mut memo);
                assert_eq!(
                    frame_stewart_length(pegs, disks).map(u128::from),
                    Some(expected)
                );
            }
        }
        // The 4- and 5-peg towers of 63 disks are short enough to list: replay them.
        for pegs in [4u8, 5] {
            let (start, goal) = (vec![0; 63], vec![pegs - 1; 63]);
            let solution = direct(pegs, 63, &start, &goal, DIRECT_MOVE_CAP).unwrap();
            assert_eq!(Some(solution.length), frame_stewart_length(pegs, 63));
            assert_replays(pegs, &start, &goal, &solution);
        }

        let mut rng = Lcg(22);
        let (start, goal) = (rng.position(3, 63), rng.position(3, 63));
        let path = direct(3, 63, &start, &goal, DIRECT_MOVE_CAP).unwrap();
        assert!(path.moves.is_none() && path.length > DIRECT_MOVE_CAP);
        assert_eq!(path.method, DirectMethod::ThreePegPath);
        // Two 63-disk positions that differ only in small disks have a short, listable path.
        let mut near = start.clone();
        near[..5].copy_from_slice(&goal[..5]);
        let short = direct(3, 63, &start, &near, DIRECT_MOVE_CAP).unwrap();
        assert!(short.length < 32);
        assert_replays(3, &start, &near, &short);
    }

    #[test]
    fn the_cap_decides_listing() {
        let (start, goal) = ([0u8; 4], [2u8; 4]);
        assert!(direct(3, 4, &start, &goal, 15).unwrap().moves.is_some());
        assert!(direct(3, 4, &start, &goal, 14).unwrap().moves.is_none());
        assert!(direct(3, 4, &start, &goal, 0).unwrap().moves.is_none());
        assert!(direct(3, 4, &start, &start, 0).unwrap().moves.is_some());
        // A cap above the ceiling is lowered, never honoured into an impossible allocation.
        assert!(direct(3, 40, &[0; 40], &[1; 40], u64::MAX)
            .unwrap()
            .moves
            .is_none());
    }

    #[test]
    fn unsupported_and_invalid_requests_say_why() {
        let err = direct(4, 3, &[0, 1, 0], &[3, 3, 3], DIRECT_MOVE_CAP).unwrap_err();
        assert!(err.to_string().starts_with(
            "direct solving from an arbitrary state on 4 pegs is not supported: use A* or BFS"
        ));
        let err = direct(5, 3, &[0, 0, 0], &[3, 3, 4], DIRECT_MOVE_CAP).unwrap_err();
        assert_eq!(err, DirectError::ArbitraryState { pegs: 5 });
        let err = direct(3, 64, &[0; 64], &[1; 64], DIRECT_MOVE_CAP).unwrap_err();
        assert!(err.to_string().contains("1 to 63 disks"), "{err}");
        let err = direct(3, 2, &[0, 3], &[1, 1], DIRECT_MOVE_CAP).unwrap_err();
        assert_eq!(
            err.to_string(),
            "start: disk 1 is on peg 3, but peg 3 does not exist: pegs are numbered 0 to 2"
        );
        assert!(classic(5, 0, 3, DIRECT_MOVE_CAP).is_err());
        assert!(frame_stewart(4, 5, 0, 4, DIRECT_MOVE_CAP).is_err());
        assert!(three_peg_path(&[0, 1], &[0], DIRECT_MOVE_CAP).is_err());
        assert!(three_peg_path(&[], &[], DIRECT_MOVE_CAP).is_err());
    }
}
