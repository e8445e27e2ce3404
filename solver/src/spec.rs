//! The core types of a puzzle, which the puzzles, the searches, the parser and the app all speak: the two kinds
//! (`PuzzleKind`), a validated puzzle (`PuzzleSpec`), the heuristics by name (`HeuristicName`), the size limits, and
//! the rules about them that more than one caller needs: the default goals, whether the direct solver takes a
//! tower ([`direct_applies`]), and the default algorithm and heuristic for a puzzle ([`default_choice`]).
//!
//! The PUZZLE format that reads and prints them is [`crate::query`]; its errors ([`QueryError`]) are also what the
//! constructors here refuse a puzzle with, so that a CLI flag and a URL key are told the same thing.

use crate::query::QueryError;
pub use crate::search::Algorithm;
use std::fmt;

/// The tower limits: 3 to 5 pegs; searches take up to 24 disks (the Hanoi module's own bounds).
pub use crate::hanoi::{MAX_PEGS, MAX_SEARCH_DISKS, MIN_PEGS};
/// The board limits: widths and heights of 2 to 8 (the sliding module's own bounds).
pub use crate::sliding::{MAX_SIDE, MIN_SIDE};
/// The fewest disks of a Tower of Hanoi.
pub const MIN_DISKS: u8 = 1;
/// The most disks the format accepts: direct solvers give lengths (a u64) up to 63 disks. Above
/// `MAX_SEARCH_DISKS` only `algo=direct` runs; the solver, not the parser, says so.
pub const MAX_DISKS: u8 = crate::hanoi::MAX_DIRECT_DISKS;

/// The two kinds of puzzle, by their names in the format (`puzzle=sliding`, `puzzle=hanoi`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PuzzleKind {
    Sliding,
    Hanoi,
}

impl PuzzleKind {
    /// Both kinds, in the order the format lists them.
    pub const ALL: [PuzzleKind; 2] = [PuzzleKind::Sliding, PuzzleKind::Hanoi];

    /// The name used in the PUZZLE format.
    pub fn name(self) -> &'static str {
        match self {
            PuzzleKind::Sliding => "sliding",
            PuzzleKind::Hanoi => "hanoi",
        }
    }

    /// The kind with this format name, if any.
    pub fn from_name(name: &str) -> Option<PuzzleKind> {
        PuzzleKind::ALL.into_iter().find(|k| k.name() == name)
    }
}

impl fmt::Display for PuzzleKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The puzzle part of a query, validated: sizes in range, start and goal legal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PuzzleSpec {
    /// `tiles` are row-major, 0 is the blank, 1..width*height-1 the tiles.
    Sliding {
        width: u8,
        height: u8,
        start: Vec<u8>,
        goal: Vec<u8>,
    },
    /// `start[i]` / `goal[i]` is the peg (from 0) of disk i, disk 0 the smallest.
    Hanoi {
        pegs: u8,
        disks: u8,
        start: Vec<u8>,
        goal: Vec<u8>,
    },
}

impl PuzzleSpec {
    /// A validated sliding puzzle; `goal: None` means the default goal `1, 2, ..., N-1, 0`.
    ///
    /// Solvability is not checked here: an unsolvable pair is a valid query whose answer is `unsolvable`.
    pub fn sliding(
        width: u8,
        height: u8,
        start: Vec<u8>,
        goal: Option<Vec<u8>>,
    ) -> Result<PuzzleSpec, QueryError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(QueryError::SizeOutOfRange(format!("{width}x{height}")));
        }
        check_board("start", width, height, &start)?;
        let goal = match goal {
            Some(goal) => {
                check_board("goal", width, height, &goal)?;
                goal
            }
            None => default_sliding_goal(width, height),
        };
        Ok(PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        })
    }

    /// A validated Tower of Hanoi; `goal: None` means the default goal, every disk on the last peg.
    pub fn hanoi(
        pegs: u8,
        disks: u8,
        start: Vec<u8>,
        goal: Option<Vec<u8>>,
    ) -> Result<PuzzleSpec, QueryError> {
        if !(MIN_PEGS..=MAX_PEGS).contains(&pegs) {
            return Err(QueryError::PegsOutOfRange(pegs.to_string()));
        }
        if !(MIN_DISKS..=MAX_DISKS).contains(&disks) {
            return Err(QueryError::DisksOutOfRange(disks.to_string()));
        }
        check_pegs("start", pegs, disks, &start)?;
        let goal = match goal {
            Some(goal) => {
                check_pegs("goal", pegs, disks, &goal)?;
                goal
            }
            None => default_hanoi_goal(pegs, disks),
        };
        Ok(PuzzleSpec::Hanoi {
            pegs,
            disks,
            start,
            goal,
        })
    }

    /// Sliding or Hanoi.
    pub fn kind(&self) -> PuzzleKind {
        match self {
            PuzzleSpec::Sliding { .. } => PuzzleKind::Sliding,
            PuzzleSpec::Hanoi { .. } => PuzzleKind::Hanoi,
        }
    }

    /// The start: tiles row-major (sliding) or the peg of each disk (Hanoi).
    pub fn start(&self) -> &[u8] {
        match self {
            PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. } => start,
        }
    }

    /// The goal, always filled in (the default one when the query left it out).
    pub fn goal(&self) -> &[u8] {
        match self {
            PuzzleSpec::Sliding { goal, .. } | PuzzleSpec::Hanoi { goal, .. } => goal,
        }
    }
}

/// The default sliding goal: `1, 2, ..., width*height-1` row-major, then the blank.
pub fn default_sliding_goal(width: u8, height: u8) -> Vec<u8> {
    let cells = usize::from(width) * usize::from(height);
    // Boards are at most 8x8, so every cell number fits a u8.
    (1..cells)
        .map(|t| t as u8)
        .chain(std::iter::once(0))
        .collect()
}

/// The default Hanoi goal: every disk on the last peg.
pub fn default_hanoi_goal(pegs: u8, disks: u8) -> Vec<u8> {
    vec![pegs.saturating_sub(1); usize::from(disks)]
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

    /// Whether this heuristic exists for that kind of puzzle (`manhattan` is for boards, `exact` for pegs).
    pub fn applies_to(self, kind: PuzzleKind) -> bool {
        match self {
            HeuristicName::Misplaced => true,
            HeuristicName::Manhattan | HeuristicName::LinearConflict | HeuristicName::Pdb => {
                kind == PuzzleKind::Sliding
            }
            HeuristicName::Exact | HeuristicName::SeedPower => kind == PuzzleKind::Hanoi,
        }
    }

    /// Whether it never overestimates, so that A* and IDA* with it answer a shortest solution and weighted A* keeps
    /// its bound (only the seed article's `seed-power` does not; the heuristics' own `admissible` agree, by test).
    pub fn is_admissible(self) -> bool {
        self != HeuristicName::SeedPower
    }

    /// The heuristics of one kind of puzzle, in `ALL` order.
    pub fn for_kind(kind: PuzzleKind) -> impl Iterator<Item = HeuristicName> {
        HeuristicName::ALL
            .into_iter()
            .filter(move |h| h.applies_to(kind))
    }
}

impl fmt::Display for HeuristicName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether the closed-form solver takes this tower: any position on 3 pegs, whole towers on more
/// (Frame-Stewart moves a whole tower only). Always false for a board.
///
/// ```
/// use solver::spec::{direct_applies, PuzzleSpec};
/// let tower = PuzzleSpec::hanoi(4, 3, vec![0, 0, 0], None).unwrap();
/// assert!(direct_applies(&tower));
/// let scattered = PuzzleSpec::hanoi(4, 3, vec![0, 1, 0], None).unwrap();
/// assert!(!direct_applies(&scattered));
/// assert!(direct_applies(&PuzzleSpec::hanoi(3, 3, vec![0, 1, 0], None).unwrap()));
/// ```
pub fn direct_applies(spec: &PuzzleSpec) -> bool {
    match spec {
        PuzzleSpec::Sliding { .. } => false,
        PuzzleSpec::Hanoi {
            pegs, start, goal, ..
        } => {
            let tower = |p: &[u8]| p.windows(2).all(|w| w[0] == w[1]);
            *pegs == 3 || (tower(start) && tower(goal))
        }
    }
}

/// An algorithm and the heuristic it runs with (`None` when it takes none).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choice {
    pub algorithm: Algorithm,
    pub heuristic: Option<HeuristicName>,
}

/// What a puzzle is solved with when nobody chose, by size: boards of up to 12 cells A* with linear conflict
/// (optimal, instant); 13 to 16 cells (4x4, 2x8, 8x2, 3x5, 5x3) IDA* with the pattern databases (optimal, once the
/// tables are built or loaded); larger boards the staged solver with improvement (an answer at once, a proven
/// bound on it). Towers: A* with the exact distance (the best admissible bound on 4-5 pegs). The CLI and the
/// worker use it for a query that names no algorithm, and the page preselects it for a fresh puzzle.
///
/// ```
/// use solver::spec::{default_choice, PuzzleSpec};
/// use solver::{Algorithm, HeuristicName};
/// let board = PuzzleSpec::sliding(3, 3, vec![1, 2, 3, 4, 5, 6, 7, 0, 8], None).unwrap();
/// let choice = default_choice(&board);
/// assert_eq!((choice.algorithm, choice.heuristic), (Algorithm::Astar, Some(HeuristicName::LinearConflict)));
/// let fifteen = PuzzleSpec::sliding(4, 4, (1..16).chain([0]).collect(), None).unwrap();
/// assert_eq!(default_choice(&fifteen).heuristic, Some(HeuristicName::Pdb));
/// let big = PuzzleSpec::sliding(8, 8, (1..64).chain([0]).collect(), None).unwrap();
/// assert_eq!(default_choice(&big).algorithm, Algorithm::Staged);
/// ```
pub fn default_choice(spec: &PuzzleSpec) -> Choice {
    match spec {
        PuzzleSpec::Sliding { width, height, .. } => {
            let cells = usize::from(*width) * usize::from(*height);
            let (algorithm, heuristic) = if cells <= DEFAULT_OPTIMAL_CELLS {
                (Algorithm::Astar, Some(HeuristicName::LinearConflict))
            } else if cells <= crate::pdb::MAX_CELLS {
                (Algorithm::Idastar, Some(HeuristicName::Pdb))
            } else {
                (Algorithm::Staged, None)
            };
            Choice {
                algorithm,
                heuristic,
            }
        }
        PuzzleSpec::Hanoi { .. } => Choice {
            algorithm: DEFAULT_ALGORITHM,
            heuristic: Some(usual_heuristic(spec.kind())),
        },
    }
}

/// The most cells of a board [`default_choice`] solves optimally with A* and linear conflict (3x3, 4x3, 2x6, ...);
/// up to 16 cells it takes IDA* with the pattern databases, above that the staged solver.
pub const DEFAULT_OPTIMAL_CELLS: usize = 12;

/// The algorithm of [`default_choice`] where nothing is known of the puzzle (a CLI error before any was read).
pub const DEFAULT_ALGORITHM: Algorithm = Algorithm::Astar;

/// The heuristic a query that names an algorithm but no heuristic runs with: the puzzle kind's usual one
/// (linear conflict on boards, the exact distance on towers), whatever the size, so that naming `astar` on a
/// 4x4 board never waits for pattern databases to be built. A query naming nothing runs [`default_choice`].
pub fn default_heuristic(spec: &PuzzleSpec) -> HeuristicName {
    usual_heuristic(spec.kind())
}

/// The strongest heuristic that suits every size of a kind: linear conflict on boards, the exact distance (the
/// best admissible bound on 4-5 pegs) on towers.
fn usual_heuristic(kind: PuzzleKind) -> HeuristicName {
    match kind {
        PuzzleKind::Sliding => HeuristicName::LinearConflict,
        PuzzleKind::Hanoi => HeuristicName::Exact,
    }
}

/// The most cells of a board whose optimal solving is within reach (4x4): past it the limit
/// message points to weighted A*.
pub const OPTIMAL_REACH_CELLS: usize = 16;

/// What a search that stopped on a board of more than [`OPTIMAL_REACH_CELLS`] is told.
pub fn large_board_advice(shape: crate::sliding::Shape) -> String {
    format!(
        "optimal solving of a {shape} board can take days of CPU; use weighted (bounded suboptimal: \
         algo=weighted, at most w x the shortest)"
    )
}

/// Whether the heuristic of this name is consistent (|h(s) - h(t)| <= 1 across every move, 0 at the
/// goal), so that weighted A* may skip reopening states and keep its bound. The sliding heuristics
/// are (a move changes one tile's Manhattan distance by 1, and the number of tiles that must leave
/// a line by at most 1 in the other direction, so linear conflict changes by 1 too); the tests
/// check it edge by edge over whole small boards. The others are not claimed to be.
pub fn is_consistent(name: HeuristicName) -> bool {
    matches!(
        name,
        HeuristicName::Misplaced | HeuristicName::Manhattan | HeuristicName::LinearConflict
    )
}

/// `tiles` (start or goal, named by `key`) must hold each of 0..width*height exactly once.
pub(crate) fn check_board<T: Copy + Into<u64>>(
    key: &'static str,
    width: u8,
    height: u8,
    tiles: &[T],
) -> Result<(), QueryError> {
    let cells = usize::from(width) * usize::from(height);
    if tiles.len() != cells {
        return Err(QueryError::WrongTileCount {
            key,
            got: tiles.len(),
            width,
            height,
        });
    }
    // Boards have at most 64 cells: one bit per tile.
    let mut seen = 0u64;
    for &tile in tiles {
        let tile: u64 = tile.into();
        if tile >= cells as u64 {
            return Err(QueryError::TileOutOfRange {
                key,
                tile,
                width,
                height,
            });
        }
        if seen & (1u64 << tile) != 0 {
            // With the count right, a repeated tile means another one is absent.
            let missing = (0..cells as u64).find(|&t| !tiles.iter().any(|&x| x.into() == t));
            let missing = missing.unwrap_or(0) as u8;
            return Err(QueryError::DuplicateTile {
                key,
                tile: tile as u8,
                missing,
            });
        }
        seen |= 1u64 << tile;
    }
    Ok(())
}

/// `pegs_of` (start or goal) must give one existing peg for each disk.
pub(crate) fn check_pegs<T: Copy + Into<u64>>(
    key: &'static str,
    pegs: u8,
    disks: u8,
    pegs_of: &[T],
) -> Result<(), QueryError> {
    if pegs_of.len() != usize::from(disks) {
        return Err(QueryError::WrongDiskCount {
            key,
            got: pegs_of.len(),
            disks,
        });
    }
    match pegs_of
        .iter()
        .position(|&peg| peg.into() >= u64::from(pegs))
    {
        Some(disk) => Err(QueryError::PegOutOfRange {
            key,
            disk,
            peg: pegs_of[disk].into(),
            pegs,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_choice_fits_its_puzzle() {
        let board = PuzzleSpec::sliding(4, 4, default_sliding_goal(4, 4), None).unwrap();
        let tower = PuzzleSpec::hanoi(4, 6, vec![0; 6], None).unwrap();
        for spec in [&board, &tower] {
            let choice = default_choice(spec);
            assert_eq!(choice.algorithm, DEFAULT_ALGORITHM);
            assert_eq!(
                choice.heuristic.is_some(),
                choice.algorithm.uses_heuristic()
            );
            let h = default_heuristic(spec);
            assert!(h.applies_to(spec.kind()) && h.is_admissible(), "{h}");
        }
        assert_eq!(default_heuristic(&board), HeuristicName::LinearConflict);
        assert_eq!(default_heuristic(&tower), HeuristicName::Exact);
    }

    #[test]
    fn direct_takes_any_three_peg_position_and_whole_towers_on_more() {
        let hanoi = |pegs, start: &[u8], goal: &[u8]| {
            PuzzleSpec::hanoi(pegs, start.len() as u8, start.to_vec(), Some(goal.to_vec())).unwrap()
        };
        assert!(direct_applies(&hanoi(3, &[0, 1, 2], &[1, 1, 0])));
        assert!(direct_applies(&hanoi(5, &[4, 4, 4], &[1, 1, 1])));
        assert!(
            !direct_applies(&hanoi(4, &[0, 0, 0], &[1, 1, 0])),
            "goal not a tower"
        );
        assert!(
            !direct_applies(&hanoi(4, &[0, 3, 0], &[1, 1, 1])),
            "start not a tower"
        );
        let board = PuzzleSpec::sliding(2, 2, vec![1, 2, 3, 0], None).unwrap();
        assert!(!direct_applies(&board));
    }
}
