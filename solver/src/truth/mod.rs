//! Heuristics held against the truth: for positions of one puzzle (its start, or every position along a solution),
//! the true distance h* to the goal beside every heuristic's estimate, and what the two say together
//! (admissibility, consistency and dominance along the path: [`verdict`]).
//!
//! h* comes from an [`Oracle`]: the O(n) formula on 3 pegs, a table of every state's distance filled by BFS from
//! the goal where the space fits ([`TABLE_MAX_STATES`]: sliding boards of up to 9 cells, 4 pegs up to 10 disks,
//! 5 pegs up to 9), and otherwise an optimal search per position within a shared time budget; a position whose
//! search does not end in time is left unknown (`None`), never guessed.
//!
//! ```
//! use solver::truth::{measure, Oracle};
//! use solver::{HeuristicName, PuzzleSpec};
//!
//! let spec = PuzzleSpec::sliding(3, 3, vec![8, 6, 7, 2, 5, 4, 3, 0, 1], None).unwrap();
//! let measured = measure(&spec, None, &mut Oracle::default(), &|| 0.0).unwrap();
//! assert_eq!(measured.rows[0].truth, Some(31)); // the hardest 8-puzzle
//! assert_eq!(measured.value(0, HeuristicName::Manhattan), Some(21));
//! ```

mod oracle;
pub mod tables;
pub mod verdict;

#[cfg(test)]
mod tests;

pub use oracle::Oracle;

use crate::hanoi::{apply_disk_move, Hanoi, HanoiHeuristic, HanoiMove, MAX_SEARCH_DISKS};
use crate::report::Moves;
use crate::rules::{HeuristicName, PuzzleSpec};
use crate::sliding::{self, Cells, Quints, Shape, SlidingHeuristic, SlidingPuzzle, SmallPuzzle};
use crate::{Algorithm, Heuristic};
use serde::{Deserialize, Serialize};
use std::fmt;

/// The most states a distance table covers: one byte each (2 MiB), and a BFS queue of at most as many states.
/// 9! = 362,880 (every board of 9 cells), 4^10 = 1,048,576 and 5^9 = 1,953,125 fit; 10! and 4^11 do not.
pub const TABLE_MAX_STATES: u64 = 1 << 21;

/// The longest solution measured position by position.
pub const MAX_PATH_MOVES: usize = 1_000;

/// The time all the optimal searches of one measurement share, in milliseconds.
pub const SEARCH_BUDGET_MS: u64 = 4_000;

/// How h* was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Method {
    /// Tower of Hanoi on 3 pegs: the exact O(n) distance, for any start and goal.
    Formula,
    /// A table of every state's distance to the goal, filled by BFS from the goal over `states` states.
    Table { states: u64 },
    /// An optimal search from each position, all of them within `budget_ms`; a position whose search did not end
    /// within what was left of it has no h*.
    Search {
        algorithm: Algorithm,
        heuristic: HeuristicName,
        budget_ms: u64,
    },
}

/// One position: its true distance and each heuristic's estimate.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Row {
    /// h*, the fewest moves to the goal; `None` when it is not known (see [`Method::Search`]).
    pub truth: Option<u32>,
    /// The estimates, in [`Measured::heuristics`] order.
    pub values: Vec<u32>,
}

/// The measurement of positions of one puzzle: the start, then the position after each move of the solution.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measured {
    /// Every heuristic the page offers for the puzzle, in menu order, but those in `not_built`.
    pub heuristics: Vec<HeuristicName>,
    /// Heuristics offered but not measured: 4x4's pattern databases while this process does not hold their tables
    /// (see [`tables`]).
    #[serde(default)]
    pub not_built: Vec<HeuristicName>,
    pub method: Method,
    /// Row i is the position after i moves (row 0 the start).
    pub rows: Vec<Row>,
}

impl Measured {
    /// The column of heuristic `h`.
    pub fn column(&self, h: HeuristicName) -> Option<usize> {
        self.heuristics.iter().position(|&x| x == h)
    }

    /// The estimate of `h` at row `step`.
    pub fn value(&self, step: usize, h: HeuristicName) -> Option<u32> {
        let column = self.column(h)?;
        self.rows.get(step)?.values.get(column).copied()
    }

    /// The number of moves the rows cover (rows less one).
    pub fn moves(&self) -> usize {
        self.rows.len().saturating_sub(1)
    }
}

/// Why positions could not be measured (sent to the page as it is, which words it in its reader's language).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum TruthError {
    /// The solution is longer than [`MAX_PATH_MOVES`].
    PathTooLong { moves: usize },
    /// A move of the solution is not legal where it is played (`index` from 0), or the list is of the other kind.
    Replay { index: usize, why: String },
    /// A tower with more disks than the heuristics take.
    TooManyDisks { disks: u8 },
    /// The puzzle itself was refused by the solver's rules.
    Puzzle(String),
}

impl fmt::Display for TruthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TruthError::PathTooLong { moves } => write!(
                f,
                "the solution has {moves} moves; heuristics are measured along solutions of up to {MAX_PATH_MOVES}"
            ),
            TruthError::Replay { index, why } => {
                write!(f, "move {} of the solution cannot be played: {why}", index + 1)
            }
            TruthError::TooManyDisks { disks } => write!(
                f,
                "a tower of {disks} disks: the heuristics are computed for towers of up to {MAX_SEARCH_DISKS} disks"
            ),
            TruthError::Puzzle(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for TruthError {}

/// Measures the start of `spec` and, with `moves` (a solution), every position along it. `oracle` keeps its distance
/// table for the next call on the same puzzle; `now` is a millisecond clock for the searches' budget.
pub fn measure(
    spec: &PuzzleSpec,
    moves: Option<&Moves>,
    oracle: &mut Oracle,
    now: &dyn Fn() -> f64,
) -> Result<Measured, TruthError> {
    let positions = replay(spec, moves)?;
    let (mut heuristics, mut values) = estimates(spec, &positions)?;
    let pdb = match spec {
        PuzzleSpec::Sliding {
            width,
            height,
            goal,
            ..
        } => tables::board_tables(*width, *height, goal),
        PuzzleSpec::Hanoi { .. } => tables::Tables::NotOffered,
    };
    let not_built = match pdb {
        tables::Tables::NotBuilt => vec![HeuristicName::Pdb],
        tables::Tables::Ready(_) | tables::Tables::NotOffered => Vec::new(),
    };
    let pdb = pdb.ready();
    if let Some(pdb) = pdb {
        heuristics.push(HeuristicName::Pdb);
        for (row, position) in values.iter_mut().zip(&positions) {
            row.push(pdb.estimate(position));
        }
    }
    let (method, truths) = oracle.distances(spec, &positions, now, pdb)?;
    let rows = truths
        .into_iter()
        .zip(values)
        .map(|(truth, values)| Row { truth, values })
        .collect();
    Ok(Measured {
        heuristics,
        not_built,
        method,
        rows,
    })
}

/// The start, then the position after each of `moves`.
fn replay(spec: &PuzzleSpec, moves: Option<&Moves>) -> Result<Vec<Vec<u8>>, TruthError> {
    let mut here = spec.start().to_vec();
    let mut positions = vec![here.clone()];
    let refuse = |index: usize, why: String| TruthError::Replay { index, why };
    match (spec, moves) {
        (_, None) => {}
        (PuzzleSpec::Sliding { width, height, .. }, Some(Moves::Sliding(letters))) => {
            let shape =
                Shape::new(*width, *height).map_err(|e| TruthError::Puzzle(e.to_string()))?;
            let dirs = sliding::parse_moves(letters)
                .map_err(|e| refuse(e.position.saturating_sub(1), e.to_string()))?;
            check_length(dirs.len())?;
            for (i, dir) in dirs.into_iter().enumerate() {
                sliding::apply_move(shape, &mut here, dir).map_err(|e| refuse(i, e.to_string()))?;
                positions.push(here.clone());
            }
        }
        (PuzzleSpec::Hanoi { pegs, .. }, Some(Moves::Hanoi(pairs))) => {
            check_length(pairs.len())?;
            for (i, &[from, to]) in pairs.iter().enumerate() {
                apply_disk_move(&mut here, *pegs, HanoiMove { from, to })
                    .map_err(|e| refuse(i, e.to_string()))?;
                positions.push(here.clone());
            }
        }
        (_, Some(Moves::Sliding(s))) if s.is_empty() => {}
        (_, Some(Moves::Hanoi(v))) if v.is_empty() => {}
        _ => {
            return Err(refuse(
                0,
                "the moves are of the other kind of puzzle".to_string(),
            ))
        }
    }
    Ok(positions)
}

fn check_length(moves: usize) -> Result<(), TruthError> {
    if moves > MAX_PATH_MOVES {
        return Err(TruthError::PathTooLong { moves });
    }
    Ok(())
}

/// Every heuristic's estimate of every position: the names, and one row of values per position.
fn estimates(
    spec: &PuzzleSpec,
    positions: &[Vec<u8>],
) -> Result<(Vec<HeuristicName>, Vec<Vec<u32>>), TruthError> {
    let puzzle = |e: &dyn fmt::Display| TruthError::Puzzle(e.to_string());
    match spec {
        PuzzleSpec::Sliding {
            width,
            height,
            goal,
            ..
        } => {
            let shape = Shape::new(*width, *height).map_err(|e| puzzle(&e))?;
            if SmallPuzzle::fits(shape) {
                sliding_estimates::<sliding::Nibbles>(shape, goal, positions)
            } else if SlidingPuzzle::<Quints>::fits(shape) {
                sliding_estimates::<Quints>(shape, goal, positions)
            } else {
                sliding_estimates::<sliding::Bytes>(shape, goal, positions)
            }
        }
        PuzzleSpec::Hanoi {
            pegs, disks, goal, ..
        } => {
            if *disks > MAX_SEARCH_DISKS {
                return Err(TruthError::TooManyDisks { disks: *disks });
            }
            let hanoi = Hanoi::new(*pegs, *disks, goal, goal).map_err(|e| puzzle(&e))?;
            let mut built = Vec::new();
            for name in HanoiHeuristic::NAMES {
                built.push(HanoiHeuristic::new(name, &hanoi).map_err(|e| puzzle(&e))?);
            }
            let rows = positions
                .iter()
                .map(|p| {
                    let state = hanoi.encode(p);
                    built.iter().map(|h| h.estimate(&state)).collect()
                })
                .collect();
            Ok((HanoiHeuristic::NAMES.to_vec(), rows))
        }
    }
}

fn sliding_estimates<C: Cells>(
    shape: Shape,
    goal: &[u8],
    positions: &[Vec<u8>],
) -> Result<(Vec<HeuristicName>, Vec<Vec<u32>>), TruthError> {
    let puzzle = SlidingPuzzle::<C>::new(shape, goal, goal)
        .map_err(|e| TruthError::Puzzle(e.to_string()))?;
    let names = SlidingHeuristic::<C>::NAMES;
    let mut built = Vec::new();
    for name in names {
        built.push(
            SlidingHeuristic::new(&puzzle, name).map_err(|e| TruthError::Puzzle(e.to_string()))?,
        );
    }
    let mut rows = Vec::with_capacity(positions.len());
    for p in positions {
        let board = puzzle
            .board(p)
            .map_err(|e| TruthError::Puzzle(e.to_string()))?;
        rows.push(built.iter().map(|h| h.estimate(&board)).collect());
    }
    Ok((names.to_vec(), rows))
}
