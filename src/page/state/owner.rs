//! Who a request to the worker belongs to: the [`Owner`] that the router hands each reply back to, and the names
//! an owner is made of (a puzzle instance's [`PuzzleId`], a truth panel's [`Ask`]). It sits below the router and
//! every concern, and imports none of them, so that all of them can name an owner and imports point one way.

use solver::HeuristicName;

/// Which puzzle instance: the lab's own, or a figure a page places beside it (a lesson's), by its number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PuzzleId {
    Lab,
    Figure(u32),
}

/// Who a request belongs to, and what for: its reply goes back there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Owner {
    /// A puzzle instance's solve run (Solve, and the lab's "Solve from here").
    Solve(PuzzleId),
    /// Hand play's hint: the best next move from this position.
    Hint(Vec<u8>),
    /// Hand play's optimum: the shortest solution's length from the play start.
    Optimum,
    /// The compare run's row with this index.
    CompareRow(usize),
    /// The heuristics-against-the-truth panel, for what `Ask` says.
    Truth(Ask),
}

impl Owner {
    /// Whether the request serves hand play (a hint or the optimum).
    pub fn is_hand_play(&self) -> bool {
        matches!(self, Owner::Hint(_) | Owner::Optimum)
    }
}

/// What a request of the truth panel is for: its reply comes back with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ask {
    /// The start and every position along the solution.
    Path,
    /// The stepper's current state.
    Stepper,
    /// One of the race's two searches.
    Race(Racer),
}

/// The two searches of the truth panel's race.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Racer {
    /// A* with the seed article's 2^(k+1) - 1, which overestimates.
    Seed,
    /// A* with the admissible `exact` heuristic.
    Admissible,
}

impl Racer {
    pub const BOTH: [Racer; 2] = [Racer::Seed, Racer::Admissible];

    pub fn heuristic(self) -> HeuristicName {
        match self {
            Racer::Seed => HeuristicName::SeedPower,
            Racer::Admissible => HeuristicName::Exact,
        }
    }

    /// The racer's place in the race's pair (seed first).
    pub fn index(self) -> usize {
        self as usize
    }
}
