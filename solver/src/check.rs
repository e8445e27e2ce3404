//! The one independent replay checker: plays a move list on plain boards and peg stacks and says whether it
//! reaches the goal by legal moves.
//!
//! It deliberately shares no code with the solver's move generation (packed states, ranks, successor
//! functions): a `Vec<u8>` board with a blank that swaps, and `Vec<Vec<u8>>` peg stacks, written the way
//! a person would check a solution by hand. Every test that gets a move list from a search replays it here.
//!
//! ```
//! use solver::check::{check_hanoi, check_sliding, ReplayError};
//!
//! // 2x2: the blank starts bottom-left and moves right once.
//! assert_eq!(check_sliding(2, 2, &[1, 2, 0, 3], &[1, 2, 3, 0], "R"), Ok(()));
//! assert_eq!(
//!     check_sliding(2, 2, &[1, 2, 0, 3], &[1, 2, 3, 0], "L"),
//!     Err(ReplayError::IllegalSlide { index: 0, letter: 'L', row: 1, column: 0 })
//! );
//! // Two disks from peg 0 to peg 2.
//! assert_eq!(check_hanoi(3, &[0, 0], &[2, 2], &[[0, 1], [0, 2], [1, 2]]), Ok(()));
//! ```

use crate::report::{Moves, Report};
use crate::rules::PuzzleSpec;
use crate::search::Status;
use std::fmt;

/// Why a move list does not solve the puzzle. `index` counts moves from 0; messages count them from 1.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplayError {
    /// A board (`which` is `start` or `goal`) whose length is not width x height.
    BoardSize {
        which: &'static str,
        len: usize,
        width: u8,
        height: u8,
    },
    /// A board that does not hold each of 0..width*height exactly once.
    NotABoard { which: &'static str },
    /// A Hanoi position (`start` or `goal`) with a different number of disks than the other one.
    DiskCount { start: usize, goal: usize },
    /// A Hanoi position with a disk on a peg that does not exist (`disk` counts from 0, the smallest).
    NoSuchPegInPosition {
        which: &'static str,
        disk: usize,
        peg: u8,
        pegs: u8,
    },
    /// A sliding move letter other than U, D, L, R.
    UnknownLetter { index: usize, letter: char },
    /// A blank move off the board; `row` and `column` (from 0) are where the blank was.
    IllegalSlide {
        index: usize,
        letter: char,
        row: usize,
        column: usize,
    },
    /// A Hanoi move naming a peg that does not exist.
    NoSuchPeg { index: usize, peg: u8, pegs: u8 },
    /// A Hanoi move from a peg to itself.
    SamePeg { index: usize, peg: u8 },
    /// A Hanoi move from an empty peg.
    EmptyPeg { index: usize, peg: u8 },
    /// A Hanoi move putting `disk` onto the smaller `onto`.
    LargerOnSmaller {
        index: usize,
        disk: u8,
        onto: u8,
        from: u8,
        to: u8,
    },
    /// Every move was legal, but the last position is not the goal.
    NotAtGoal { moves: usize },
    /// The report's length is not the number of moves it lists.
    LengthMismatch { length: u64, moves: usize },
    /// The report's moves are of the other puzzle (Hanoi pairs for a board, letters for pegs).
    WrongMoveKind { puzzle: &'static str },
    /// The report is not `solved`, so it has no solution to replay.
    NotSolved { status: Status },
}

impl std::error::Error for ReplayError {}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::BoardSize { which, len, width, height } => write!(
                f,
                "the {which} board has {len} cells but a {width}x{height} board has {}",
                usize::from(*width) * usize::from(*height)
            ),
            ReplayError::NotABoard { which } => write!(
                f,
                "the {which} board does not hold each tile and the blank (0) exactly once"
            ),
            ReplayError::DiskCount { start, goal } => {
                write!(f, "the start has {start} disks but the goal has {goal}")
            }
            ReplayError::NoSuchPegInPosition { which, disk, peg, pegs } => write!(
                f,
                "in the {which} position disk {disk} is on peg {peg}, but there are only {pegs} pegs (0 to {})",
                pegs.saturating_sub(1)
            ),
            ReplayError::UnknownLetter { index, letter } => write!(
                f,
                "move {} is '{}', which is not one of U, D, L, R",
                index + 1,
                letter.escape_debug()
            ),
            ReplayError::IllegalSlide { index, letter, row, column } => write!(
                f,
                "move {} ({letter}) is illegal: the blank is at row {row}, column {column} and cannot move {}",
                index + 1,
                direction_word(*letter)
            ),
            ReplayError::NoSuchPeg { index, peg, pegs } => write!(
                f,
                "move {} names peg {peg}, but there are only {pegs} pegs (0 to {})",
                index + 1,
                pegs.saturating_sub(1)
            ),
            ReplayError::SamePeg { index, peg } => {
                write!(f, "move {} takes a disk from peg {peg} to itself", index + 1)
            }
            ReplayError::EmptyPeg { index, peg } => {
                write!(f, "move {} takes a disk from peg {peg}, which is empty", index + 1)
            }
            ReplayError::LargerOnSmaller { index, disk, onto, from, to } => write!(
                f,
                "move {} ({from} -> {to}) puts disk {disk} onto the smaller disk {onto}",
                index + 1
            ),
            ReplayError::NotAtGoal { moves } => {
                write!(f, "after all {moves} moves the puzzle is not at the goal")
            }
            ReplayError::LengthMismatch { length, moves } => {
                write!(f, "the report says length {length} but lists {moves} moves")
            }
            ReplayError::WrongMoveKind { puzzle } => {
                write!(f, "the report's moves are not {puzzle} moves")
            }
            ReplayError::NotSolved { status } => write!(
                f,
                "the report's status is '{}', so there is no solution to replay",
                status.name()
            ),
        }
    }
}

fn direction_word(letter: char) -> &'static str {
    match letter {
        'U' => "up",
        'D' => "down",
        'L' => "left",
        _ => "right",
    }
}

/// Replays `moves` (one letter per move, the direction the BLANK moves: U swaps it with the tile above)
/// on a `width` x `height` board from `start`, and checks that it ends at `goal`. Boards are row-major,
/// 0 the blank.
pub fn check_sliding(
    width: u8,
    height: u8,
    start: &[u8],
    goal: &[u8],
    moves: &str,
) -> Result<(), ReplayError> {
    let (w, h) = (usize::from(width), usize::from(height));
    check_board("start", width, height, start)?;
    check_board("goal", width, height, goal)?;

    let mut board = start.to_vec();
    // check_board guarantees exactly one blank.
    let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
    for (index, letter) in moves.chars().enumerate() {
        let (row, column) = (blank / w, blank % w);
        let target = match letter {
            'U' if row > 0 => blank - w,
            'D' if row + 1 < h => blank + w,
            'L' if column > 0 => blank - 1,
            'R' if column + 1 < w => blank + 1,
            'U' | 'D' | 'L' | 'R' => {
                return Err(ReplayError::IllegalSlide {
                    index,
                    letter,
                    row,
                    column,
                })
            }
            _ => return Err(ReplayError::UnknownLetter { index, letter }),
        };
        board.swap(blank, target);
        blank = target;
    }
    if board != goal {
        return Err(ReplayError::NotAtGoal {
            moves: moves.chars().count(),
        });
    }
    Ok(())
}

fn check_board(
    which: &'static str,
    width: u8,
    height: u8,
    board: &[u8],
) -> Result<(), ReplayError> {
    let cells = usize::from(width) * usize::from(height);
    if board.len() != cells {
        return Err(ReplayError::BoardSize {
            which,
            len: board.len(),
            width,
            height,
        });
    }
    let mut seen = vec![false; cells];
    for &tile in board {
        match seen.get_mut(usize::from(tile)) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(ReplayError::NotABoard { which }),
        }
    }
    Ok(())
}

/// Replays Hanoi `moves` (`[from, to]` peg pairs, pegs from 0) with `pegs` pegs from `start` and checks that
/// it ends at `goal`. `start[i]` / `goal[i]` is the peg of disk i, disk 0 the smallest.
pub fn check_hanoi(
    pegs: u8,
    start: &[u8],
    goal: &[u8],
    moves: &[[u8; 2]],
) -> Result<(), ReplayError> {
    if start.len() != goal.len() {
        return Err(ReplayError::DiskCount {
            start: start.len(),
            goal: goal.len(),
        });
    }
    check_position("start", pegs, start)?;
    check_position("goal", pegs, goal)?;

    // Each peg a stack, bottom first: stacking the largest disk first keeps every stack in order.
    let mut stacks: Vec<Vec<u8>> = vec![Vec::new(); usize::from(pegs)];
    for disk in (0..start.len()).rev() {
        stacks[usize::from(start[disk])].push(disk as u8);
    }
    for (index, &[from, to]) in moves.iter().enumerate() {
        for peg in [from, to] {
            if peg >= pegs {
                return Err(ReplayError::NoSuchPeg { index, peg, pegs });
            }
        }
        if from == to {
            return Err(ReplayError::SamePeg { index, peg: from });
        }
        let Some(disk) = stacks[usize::from(from)].pop() else {
            return Err(ReplayError::EmptyPeg { index, peg: from });
        };
        if let Some(&onto) = stacks[usize::from(to)].last() {
            if onto < disk {
                return Err(ReplayError::LargerOnSmaller {
                    index,
                    disk,
                    onto,
                    from,
                    to,
                });
            }
        }
        stacks[usize::from(to)].push(disk);
    }

    let mut end = vec![0u8; start.len()];
    for (peg, stack) in stacks.iter().enumerate() {
        for &disk in stack {
            end[usize::from(disk)] = peg as u8;
        }
    }
    if end != goal {
        return Err(ReplayError::NotAtGoal { moves: moves.len() });
    }
    Ok(())
}

fn check_position(which: &'static str, pegs: u8, position: &[u8]) -> Result<(), ReplayError> {
    match position.iter().position(|&peg| peg >= pegs) {
        Some(disk) => Err(ReplayError::NoSuchPegInPosition {
            which,
            disk,
            peg: position[disk],
            pegs,
        }),
        None => Ok(()),
    }
}

/// Checks a solver's report against the puzzle it answered: the status is `solved`, the listed moves
/// replay from start to goal, and `length` is their number. A report whose list was left out (over a
/// direct solver's listing cap) has nothing to replay and passes.
pub fn check_report(spec: &PuzzleSpec, report: &Report) -> Result<(), ReplayError> {
    if report.status != Status::Solved {
        return Err(ReplayError::NotSolved {
            status: report.status,
        });
    }
    if !report.moves_listed {
        return Ok(());
    }
    let listed = match (spec, &report.moves) {
        (
            PuzzleSpec::Sliding {
                width,
                height,
                start,
                goal,
            },
            Moves::Sliding(letters),
        ) => {
            check_sliding(*width, *height, start, goal, letters)?;
            letters.chars().count()
        }
        (
            PuzzleSpec::Hanoi {
                pegs, start, goal, ..
            },
            Moves::Hanoi(pairs),
        ) => {
            check_hanoi(*pegs, start, goal, pairs)?;
            pairs.len()
        }
        // An empty list is the default of either kind (Moves::default() is an empty string).
        (
            PuzzleSpec::Hanoi {
                pegs, start, goal, ..
            },
            Moves::Sliding(letters),
        ) if letters.is_empty() => {
            check_hanoi(*pegs, start, goal, &[])?;
            0
        }
        (PuzzleSpec::Sliding { .. }, Moves::Hanoi(_)) => {
            return Err(ReplayError::WrongMoveKind { puzzle: "sliding" })
        }
        (PuzzleSpec::Hanoi { .. }, Moves::Sliding(_)) => {
            return Err(ReplayError::WrongMoveKind { puzzle: "hanoi" })
        }
    };
    if report.length != listed as u64 {
        return Err(ReplayError::LengthMismatch {
            length: report.length,
            moves: listed,
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests;
