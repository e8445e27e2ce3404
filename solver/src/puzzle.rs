//! The two traits every search runs on: a `Puzzle` (states, moves, goal) and a `Heuristic` over it.

use std::fmt::Debug;
use std::hash::Hash;

/// A puzzle as a search space: a start, a single goal, and reversible moves.
///
/// States are small `Copy` values so that hot loops never allocate. Every move has an inverse
/// (`inverse`), which lets bidirectional search walk back from the goal and lets IDA* prune the
/// move that undoes its parent.
pub trait Puzzle {
    /// A compact, copyable state (a packed board, a base-p number of disk positions).
    type State: Copy + Eq + Hash + Debug;
    /// One move, in the puzzle's own words (a blank direction, a peg-to-peg disk move).
    type Move: Copy + Eq + Debug;

    fn start(&self) -> Self::State;
    fn goal(&self) -> Self::State;

    /// Calls `visit` once for every legal move from `state`, with the state it leads to.
    fn for_each_successor(&self, state: &Self::State, visit: impl FnMut(Self::Move, Self::State));

    /// [`Puzzle::for_each_successor`] without the move `skip`, where one is given: a search that knows a move
    /// leads back to a state it has seen passes it here. Puzzles override it where leaving a move out costs
    /// less than a test per move.
    #[inline]
    fn for_each_successor_except(
        &self,
        state: &Self::State,
        skip: Option<Self::Move>,
        mut visit: impl FnMut(Self::Move, Self::State),
    ) {
        self.for_each_successor(state, |mv, next| {
            if Some(mv) != skip {
                visit(mv, next);
            }
        });
    }

    /// The move that undoes `mv`.
    fn inverse(&self, mv: Self::Move) -> Self::Move;

    /// The most moves any state has: a bound on the states one expansion adds.
    fn max_moves(&self) -> usize;

    /// The number of perfect ranks (`rank` maps every reachable state into `0..rank_count()`),
    /// when that fits in a `u64`; `None` if the puzzle has no perfect rank.
    fn rank_count(&self) -> Option<u64>;

    /// The perfect rank of `state`: distinct states get distinct ranks below `rank_count()`.
    fn rank(&self, state: &Self::State) -> u64;

    /// `rank >> RANK_CLASS_SHIFT` is still perfect on the states reachable from any one state, in
    /// `rank_count() >> RANK_CLASS_SHIFT` places: a search that only meets states reached from its start may
    /// index by it (the sliding puzzle's two parity classes share ranks this way: half the places).
    const RANK_CLASS_SHIFT: u32 = 0;

    /// True when `rank` costs no more than reading a stored number (BFS then keeps no ranks beside its queue).
    const RANK_IS_CHEAP: bool = false;

    /// [`Puzzle::for_each_successor_except`] with each successor's rank, given `state`'s `rank`. Puzzles
    /// override it where a move's effect on the rank is cheaper to work out than a fresh `rank`.
    #[inline]
    fn for_each_ranked_successor_except(
        &self,
        state: &Self::State,
        rank: u64,
        skip: Option<Self::Move>,
        mut visit: impl FnMut(Self::Move, Self::State, u64),
    ) {
        let _ = rank;
        self.for_each_successor_except(state, skip, |mv, next| visit(mv, next, self.rank(&next)));
    }

    /// Bytes one stored state takes, for the memory estimate in `Stats`.
    fn state_bytes(&self) -> usize {
        std::mem::size_of::<Self::State>()
    }
}

/// An estimate of the number of moves from a state to the goal of the puzzle it was built for.
pub trait Heuristic<P: Puzzle> {
    /// The estimate for `state`.
    fn estimate(&self, state: &P::State) -> u32;

    /// The estimate for `next`, one move from `state` whose estimate is `estimate`. Heuristics override it
    /// where a move's effect is cheaper to work out than a fresh estimate of the whole state.
    #[inline]
    fn estimate_after(&self, state: &P::State, estimate: u32, next: &P::State) -> u32 {
        let _ = (state, estimate);
        self.estimate(next)
    }

    /// True if `estimate` never exceeds the true distance; the tests check every heuristic that says so.
    fn admissible(&self) -> bool;

    /// The name used in the PUZZLE format and on the CLI (`manhattan`, `exact`, ...).
    fn name(&self) -> &'static str;
}

/// The zero heuristic: A* with it is uniform-cost search.
#[derive(Debug, Clone, Copy, Default)]
pub struct Zero;

impl<P: Puzzle> Heuristic<P> for Zero {
    fn estimate(&self, _state: &P::State) -> u32 {
        0
    }
    fn admissible(&self) -> bool {
        true
    }
    fn name(&self) -> &'static str {
        "zero"
    }
}
