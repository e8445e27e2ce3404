//! One clause of every kind ([`Said::examples`]), numbered by kind ([`Said::kind`]), for the tests that render
//! them all: here and in the page's languages.

use super::Said;
use crate::hanoi::DirectMethod;
use crate::rules::{Algorithm, Weight};

impl Said {
    /// One example of every kind of clause, for tests that render them all. A new kind must be added to
    /// [`Said::kind`]'s match, which makes the tests notice a kind missing here.
    pub fn examples() -> Vec<Said> {
        let weight = Weight::DEFAULT;
        vec![
            Said::Solved { length: 31 },
            Said::SolvedImproved {
                length: 120,
                first: 152,
            },
            Said::Shortest,
            Said::NoGuarantee {
                algorithm: Algorithm::Greedy,
            },
            Said::Overestimates {
                heuristic: "seed-power".into(),
                algorithm: Algorithm::Astar,
            },
            Said::WithinDepth {
                length: 24,
                max_depth: 40,
            },
            Said::WeightedBound {
                weight,
                length: 133,
            },
            Said::WeightedBound {
                weight: Weight::MIN,
                length: 22,
            },
            Said::WeightedNoBound {
                weight,
                heuristic: "seed-power".into(),
                length: 140,
            },
            Said::Bound {
                length: 110,
                lower_bound: 100,
            },
            Said::Bound {
                length: 100,
                lower_bound: 100,
            },
            Said::Bound {
                length: 12,
                lower_bound: 0,
            },
            Said::NearOptimal {
                length: 120,
                lower_bound: 112,
            },
            Said::Direct {
                method: DirectMethod::Classic,
                length: 1_048_575,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::ThreePegPath,
                length: 9,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::FrameStewart { pegs: 4 },
                length: 129,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::FrameStewart { pegs: 5 },
                length: 1_000_000_000,
                listed: false,
            },
            Said::ImprovementCancelled,
            Said::ImprovementTimeLimit { ms: 2000 },
            Said::ImprovementBudget {
                expansions: 2_000_000,
            },
            Said::NoShorterWindow { largest: 40 },
            Said::Cancelled,
            Said::CancelledWhileBuilding,
            Said::TimeLimit { ms: 10_000 },
            Said::MemoryLimit { bytes: 84 << 20 },
            Said::StateLimit {
                max_states: 2_000_000,
            },
            Said::IdRoom { states: 1 << 32 },
            Said::ObserverFull { expanded: 5000 },
            Said::NotFollowed,
            Said::PathTooLong { longest: 255 },
            Said::Stopped,
            Said::NoAnswer,
            Said::Exhausted,
            Said::DepthLimit { max_depth: 40 },
            Said::LargeBoard {
                width: 5,
                height: 5,
            },
            Said::LargerWeight,
            Said::Unsolvable {
                odd_permutation: true,
                blank_distance: 0,
            },
            Said::Unsolvable {
                odd_permutation: false,
                blank_distance: 3,
            },
            Said::TooFarForOptimal {
                width: 5,
                height: 5,
                bound: 62,
                seconds: 10,
            },
            Said::DirectOnlyForHanoi,
            Said::TooManyDisks {
                disks: 20,
                most: 16,
            },
            Said::PdbTooLarge {
                width: 5,
                height: 5,
                most_cells: 16,
            },
            Said::DirectFromAnyPosition { pegs: 4 },
            Said::Unreadable {
                query: "puzzle=sliding&size=9x9".into(),
            },
            Said::Refused {
                detail: "the start board is not valid".into(),
            },
        ]
    }

    /// The clause's kind, numbered from 0 to [`Said::KINDS`] - 1 in the order of the enum: the match that keeps
    /// [`Said::examples`] complete.
    pub fn kind(&self) -> usize {
        match self {
            Said::Solved { .. } => 0,
            Said::SolvedImproved { .. } => 1,
            Said::Shortest => 2,
            Said::NoGuarantee { .. } => 3,
            Said::Overestimates { .. } => 4,
            Said::WithinDepth { .. } => 5,
            Said::WeightedBound { .. } => 6,
            Said::WeightedNoBound { .. } => 7,
            Said::Bound { .. } => 8,
            Said::NearOptimal { .. } => 9,
            Said::Direct { .. } => 10,
            Said::ImprovementCancelled => 11,
            Said::ImprovementTimeLimit { .. } => 12,
            Said::ImprovementBudget { .. } => 13,
            Said::NoShorterWindow { .. } => 14,
            Said::Cancelled => 15,
            Said::CancelledWhileBuilding => 16,
            Said::TimeLimit { .. } => 17,
            Said::MemoryLimit { .. } => 18,
            Said::StateLimit { .. } => 19,
            Said::IdRoom { .. } => 20,
            Said::ObserverFull { .. } => 21,
            Said::NotFollowed => 22,
            Said::PathTooLong { .. } => 23,
            Said::Stopped => 24,
            Said::NoAnswer => 25,
            Said::Exhausted => 26,
            Said::DepthLimit { .. } => 27,
            Said::LargeBoard { .. } => 28,
            Said::LargerWeight => 29,
            Said::Unsolvable { .. } => 30,
            Said::TooFarForOptimal { .. } => 31,
            Said::DirectOnlyForHanoi => 32,
            Said::TooManyDisks { .. } => 33,
            Said::PdbTooLarge { .. } => 34,
            Said::DirectFromAnyPosition { .. } => 35,
            Said::Unreadable { .. } => 36,
            Said::Refused { .. } => 37,
        }
    }

    /// How many kinds of clause there are.
    pub const KINDS: usize = 38;
}
