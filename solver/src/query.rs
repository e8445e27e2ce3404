//! The PUZZLE format: the query string the app's share URL carries and the CLI reads. One parser, one printer.
//!
//! `puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&goal=1,2,3,4,5,6,7,8,0&algo=astar&heuristic=manhattan`
//! `puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs`

use crate::search::Algorithm;

/// The puzzle part of a query, validated: sizes in range, start and goal legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleSpec {
    /// `tiles` are row-major, 0 is the blank, 1..width*height-1 the tiles.
    Sliding { width: u8, height: u8, start: Vec<u8>, goal: Vec<u8> },
    /// `start[i]` / `goal[i]` is the peg (from 0) of disk i, disk 0 the smallest.
    Hanoi { pegs: u8, disks: u8, start: Vec<u8>, goal: Vec<u8> },
}

/// Heuristic names of the PUZZLE format and the CLI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeuristicName {
    /// Sliding and Hanoi: tiles (not the blank) or disks not in their goal place.
    Misplaced,
    /// Sliding: sum of Manhattan distances.
    Manhattan,
    /// Sliding: Manhattan plus 2 per tile that must leave its row or column.
    LinearConflict,
    /// Sliding 4x4: additive pattern databases (issue "15-puzzle and beyond").
    Pdb,
    /// Hanoi 3 pegs: the exact distance. 4-5 pegs: the best admissible bound we have.
    Exact,
    /// Hanoi: the seed article's 2^(k+1)-1, which OVERESTIMATES (inadmissible, offered to show what that does to A*).
    SeedPower,
}

impl HeuristicName {
    pub const ALL: [HeuristicName; 6] = [
        HeuristicName::Misplaced,
        HeuristicName::Manhattan,
        HeuristicName::LinearConflict,
        HeuristicName::Pdb,
        HeuristicName::Exact,
        HeuristicName::SeedPower,
    ];

    pub fn name(self) -> &'static str {
        match self {
            HeuristicName::Misplaced => "misplaced",
            HeuristicName::Manhattan => "manhattan",
            HeuristicName::LinearConflict => "linear-conflict",
            HeuristicName::Pdb => "pdb",
            HeuristicName::Exact => "exact",
            HeuristicName::SeedPower => "seed-power",
        }
    }

    pub fn from_name(name: &str) -> Option<HeuristicName> {
        HeuristicName::ALL.into_iter().find(|h| h.name() == name)
    }
}

/// A whole query: the puzzle, and the algorithm and heuristic it asks for (defaults that CLI flags override).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Query {
    pub puzzle: PuzzleSpec,
    pub algorithm: Option<Algorithm>,
    pub heuristic: Option<HeuristicName>,
}
