//! The rules of the tower: its limits (pegs, disks), a legal position, a legal disk move, and the errors that
//! say which rule a puzzle or a move breaks. Pegs are numbers from 0 in data and letters from A for people.

pub use crate::rules::{MAX_DIRECT_DISKS, MAX_PEGS, MAX_SEARCH_DISKS, MIN_PEGS};
use std::fmt;

/// One move: the top disk of peg `from` goes onto peg `to`.
///
/// It is legal when `from` is not empty and `to` is empty or its top disk is larger.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct HanoiMove {
    pub from: u8,
    pub to: u8,
}

impl HanoiMove {
    /// The `[from, to]` pair of the PUZZLE format's move list.
    pub fn pair(self) -> [u8; 2] {
        [self.from, self.to]
    }

    /// The move that undoes this one.
    pub fn inverse(self) -> HanoiMove {
        HanoiMove {
            from: self.to,
            to: self.from,
        }
    }
}

impl From<HanoiMove> for [u8; 2] {
    fn from(mv: HanoiMove) -> [u8; 2] {
        mv.pair()
    }
}

/// The letter people see for a peg: A for peg 0, B for peg 1, ...
pub fn peg_letter(peg: u8) -> char {
    if peg < 26 {
        char::from(b'A' + peg)
    } else {
        '?'
    }
}

/// A move in words, with the disk it moves (0 = the smallest, as in states): `"disk 2: peg A -> C"`.
///
/// [`super::Hanoi::moved_disk`] tells which disk a move moves.
///
/// ```
/// use solver::hanoi::{describe_move, HanoiMove};
/// assert_eq!(describe_move(HanoiMove { from: 0, to: 2 }, 2), "disk 2: peg A -> C");
/// ```
pub fn describe_move(mv: HanoiMove, disk: u8) -> String {
    format!(
        "disk {disk}: peg {} -> {}",
        peg_letter(mv.from),
        peg_letter(mv.to)
    )
}

/// Which of the two positions of a puzzle an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Side {
    Start,
    Goal,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Start => "start",
            Side::Goal => "goal",
        })
    }
}

/// Why a Tower of Hanoi puzzle could not be built.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HanoiError {
    /// The number of pegs is outside 3..=5.
    PegCount { pegs: u8 },
    /// The number of disks is outside 1..=`max`.
    DiskCount { disks: u8, max: u8 },
    /// A position does not give exactly one peg per disk.
    Length { side: Side, disks: u8, got: usize },
    /// A position puts a disk on a peg that does not exist.
    NoSuchPeg {
        side: Side,
        disk: usize,
        peg: u8,
        pegs: u8,
    },
    /// A packed state is not below `p^n`.
    StateOutOfRange { side: Side, state: u64, count: u64 },
}

impl fmt::Display for HanoiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            HanoiError::PegCount { pegs } => write!(
                f,
                "Tower of Hanoi takes {MIN_PEGS} to {MAX_PEGS} pegs, got {pegs}"
            ),
            HanoiError::DiskCount { disks: 0, .. } => {
                f.write_str("Tower of Hanoi needs at least 1 disk, got 0")
            }
            HanoiError::DiskCount { disks, max } if max < MAX_DIRECT_DISKS => write!(
                f,
                "{disks} disks is too many to search: searches take 1 to {max} disks \
                 (the direct solvers take up to {MAX_DIRECT_DISKS})"
            ),
            HanoiError::DiskCount { disks, max } => {
                write!(f, "Tower of Hanoi takes 1 to {max} disks, got {disks}")
            }
            HanoiError::Length { side, disks, got } => write!(
                f,
                "{side}: expected {disks} pegs for {disks} disks, got {got} values \
                 (one peg per disk, the smallest disk first)"
            ),
            HanoiError::NoSuchPeg {
                side,
                disk,
                peg,
                pegs,
            } => write!(
                f,
                "{side}: disk {disk} is on peg {peg}, but peg {peg} does not exist: \
                 pegs are numbered 0 to {}",
                pegs.saturating_sub(1)
            ),
            HanoiError::StateOutOfRange { side, state, count } => write!(
                f,
                "{side}: state {state} is out of range: states of this tower are 0 to {}",
                count.saturating_sub(1)
            ),
        }
    }
}

impl std::error::Error for HanoiError {}

/// Why a move cannot be made (see [`super::Hanoi::apply`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveError {
    /// `from` or `to` is not a peg of this tower.
    NoSuchPeg { peg: u8, pegs: u8 },
    /// `from` and `to` are the same peg.
    SamePeg { peg: u8 },
    /// There is no disk on `from`.
    EmptyPeg { peg: u8 },
    /// The disk would land on a smaller one.
    OntoSmaller { disk: u8, onto: u8, peg: u8 },
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MoveError::NoSuchPeg { peg, pegs } => write!(
                f,
                "peg {peg} does not exist: pegs are numbered 0 to {}",
                pegs.saturating_sub(1)
            ),
            MoveError::SamePeg { peg } => write!(
                f,
                "a move must go to another peg: both ends are peg {}",
                peg_letter(peg)
            ),
            MoveError::EmptyPeg { peg } => {
                write!(
                    f,
                    "peg {} is empty: there is no disk to move",
                    peg_letter(peg)
                )
            }
            MoveError::OntoSmaller { disk, onto, peg } => write!(
                f,
                "disk {disk} cannot go onto peg {}: its top disk {onto} is smaller",
                peg_letter(peg)
            ),
        }
    }
}

impl std::error::Error for MoveError {}

/// Moves the top disk of `mv.from` onto `mv.to` in `position` (`position[i]` = peg of disk i, disk 0 the
/// smallest); returns the disk moved, or why the move is not legal (the position is then unchanged). The one
/// rule of a disk move: [`super::Hanoi::apply`], the app's hand play and the CLI all play moves through it.
///
/// ```
/// use solver::hanoi::{apply_disk_move, HanoiMove, MoveError};
/// let mut position = vec![0, 0, 0];
/// assert_eq!(apply_disk_move(&mut position, 3, HanoiMove { from: 0, to: 2 }), Ok(0));
/// assert_eq!(position, [2, 0, 0]);
/// assert_eq!(
///     apply_disk_move(&mut position, 3, HanoiMove { from: 0, to: 2 }),
///     Err(MoveError::OntoSmaller { disk: 1, onto: 0, peg: 2 })
/// );
/// ```
pub fn apply_disk_move(position: &mut [u8], pegs: u8, mv: HanoiMove) -> Result<u8, MoveError> {
    for peg in [mv.from, mv.to] {
        if peg >= pegs {
            return Err(MoveError::NoSuchPeg { peg, pegs });
        }
    }
    if mv.from == mv.to {
        return Err(MoveError::SamePeg { peg: mv.from });
    }
    // Disks are listed smallest first, so the first one on a peg is its top.
    let disk = position
        .iter()
        .position(|&p| p == mv.from)
        .ok_or(MoveError::EmptyPeg { peg: mv.from })?;
    if let Some(onto) = position[..disk].iter().position(|&p| p == mv.to) {
        return Err(MoveError::OntoSmaller {
            disk: disk as u8,
            onto: onto as u8,
            peg: mv.to,
        });
    }
    position[disk] = mv.to;
    Ok(disk as u8)
}

/// Checks the peg and disk counts: pegs in 3..=5, disks in 1..=`max_disks`.
pub(crate) fn check_size(pegs: u8, disks: u8, max_disks: u8) -> Result<(), HanoiError> {
    if !(MIN_PEGS..=MAX_PEGS).contains(&pegs) {
        return Err(HanoiError::PegCount { pegs });
    }
    if disks == 0 || disks > max_disks {
        return Err(HanoiError::DiskCount {
            disks,
            max: max_disks,
        });
    }
    Ok(())
}

/// Checks that `position` gives one existing peg for each of `disks` disks.
pub fn check_position(pegs: u8, disks: u8, position: &[u8], side: Side) -> Result<(), HanoiError> {
    if position.len() != usize::from(disks) {
        return Err(HanoiError::Length {
            side,
            disks,
            got: position.len(),
        });
    }
    match position.iter().position(|&peg| peg >= pegs) {
        Some(disk) => Err(HanoiError::NoSuchPeg {
            side,
            disk,
            peg: position[disk],
            pegs,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn disk_moves_follow_the_rules() {
        let mv = |from, to| HanoiMove { from, to };
        // Peg A holds disk 1, peg B disk 2, peg C disk 0.
        let mut p = vec![2, 0, 1];
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(0, 1)),
            Ok(1),
            "disk 1 onto the larger disk 2"
        );
        assert_eq!(p, vec![2, 1, 1]);
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 2)),
            Err(MoveError::OntoSmaller {
                disk: 1,
                onto: 0,
                peg: 2
            })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(0, 2)),
            Err(MoveError::EmptyPeg { peg: 0 })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 1)),
            Err(MoveError::SamePeg { peg: 1 })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(1, 3)),
            Err(MoveError::NoSuchPeg { peg: 3, pegs: 3 })
        );
        assert_eq!(
            p,
            vec![2, 1, 1],
            "a refused move leaves the position as it was"
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, mv(2, 0)),
            Ok(0),
            "onto the empty peg A"
        );
        assert_eq!(p, vec![0, 1, 1]);
    }

    #[test]
    fn moves_read_in_words() {
        assert_eq!(
            describe_move(HanoiMove { from: 0, to: 2 }, 2),
            "disk 2: peg A -> C"
        );
        assert_eq!(
            describe_move(HanoiMove { from: 4, to: 1 }, 0),
            "disk 0: peg E -> B"
        );
        assert_eq!(<[u8; 2]>::from(HanoiMove { from: 3, to: 1 }), [3, 1]);
    }
}
