//! A validated puzzle ([`PuzzleSpec`]): a sliding board or a tower, its start and its goal, each checked
//! (sizes in range, every tile once, every disk on a peg); the default goals; and whether the direct solver
//! applies.

use super::error::QueryError;
use super::limits::{MAX_DISKS, MAX_PEGS, MAX_SIDE, MIN_DISKS, MIN_PEGS, MIN_SIDE};
use super::names::PuzzleKind;
use super::shape::Shape;

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

    /// The board's shape, for a sliding puzzle; `None` for a tower.
    pub fn shape(&self) -> Option<Shape> {
        match self {
            PuzzleSpec::Sliding { width, height, .. } => Some(Shape {
                width: *width,
                height: *height,
            }),
            PuzzleSpec::Hanoi { .. } => None,
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

/// Whether the closed-form solver takes this tower: any position on 3 pegs, whole towers on more
/// (Frame-Stewart moves a whole tower only). Always false for a board.
///
/// ```
/// use solver::rules::{direct_applies, PuzzleSpec};
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
