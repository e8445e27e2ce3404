//! Moves as the page handles them, for the solution's playback and for hand play alike: a [`Step`], played forward
//! or back, read from a solver's move list, and shown as a symbol.

use crate::page::i18n::{Failed, Text};
use solver::hanoi::{self, apply_disk_move, HanoiMove, MoveError};
use solver::query::PuzzleSpec;
use solver::sliding::{self, Dir, Shape};
use solver::Moves;

/// One move of a solution or of hand play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The direction the blank moves.
    Slide(Dir),
    Disk(HanoiMove),
}

/// The board shape, for a sliding puzzle.
pub fn shape_of(puzzle: &PuzzleSpec) -> Option<Shape> {
    match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => Some(Shape {
            width: *width,
            height: *height,
        }),
        PuzzleSpec::Hanoi { .. } => None,
    }
}

/// The number of pegs, for a Tower of Hanoi (0 for a sliding puzzle).
pub fn pegs_of(puzzle: &PuzzleSpec) -> u8 {
    match puzzle {
        PuzzleSpec::Hanoi { pegs, .. } => *pegs,
        PuzzleSpec::Sliding { .. } => 0,
    }
}

/// Plays a step on `position` if it is legal there. `Err(None)`: refused without a word (a blocked slide);
/// `Err(Some(why))`: a refused disk move, with its reason.
pub fn try_step(
    puzzle: &PuzzleSpec,
    position: &mut [u8],
    step: Step,
) -> Result<(), Option<MoveError>> {
    match (step, puzzle) {
        (Step::Slide(dir), PuzzleSpec::Sliding { .. }) => {
            let shape = shape_of(puzzle).ok_or(None)?;
            sliding::apply_move(shape, position, dir).map_err(|_| None)
        }
        (Step::Disk(mv), PuzzleSpec::Hanoi { pegs, .. }) => apply_disk_move(position, *pegs, mv)
            .map(|_| ())
            .map_err(Some),
        _ => Err(None),
    }
}

/// Plays a validated step forward, or undoes it.
pub fn apply_step(shape: Option<Shape>, pegs: u8, frame: &mut [u8], step: Step, undo: bool) {
    // Steps were checked when they were made or read, so they are legal here; a failure leaves the frame unchanged.
    match (step, shape) {
        (Step::Slide(dir), Some(shape)) => {
            let dir = if undo { dir.opposite() } else { dir };
            let _ = sliding::apply_move(shape, frame, dir);
        }
        (Step::Disk(mv), _) => {
            let mv = if undo { mv.inverse() } else { mv };
            let _ = apply_disk_move(frame, pegs, mv);
        }
        (Step::Slide(_), None) => {}
    }
}

/// Turns a solver's move list into steps, replaying it from the start: every move must be legal and the last
/// position must be the goal, or the solution is refused with a reason.
pub fn read_moves(puzzle: &PuzzleSpec, moves: &Moves) -> Result<Vec<Step>, Text> {
    let mut frame = puzzle.start().to_vec();
    let steps: Vec<Step> = match (puzzle, moves) {
        (PuzzleSpec::Sliding { width, height, .. }, Moves::Sliding(letters)) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            let dirs = sliding::parse_moves(letters)
                .map_err(|e| Text::new(Failed::ReplayUnreadable).arg(e.to_string()))?;
            for (i, &dir) in dirs.iter().enumerate() {
                sliding::apply_move(shape, &mut frame, dir).map_err(|e| {
                    Text::new(Failed::ReplayIllegal)
                        .arg(i + 1)
                        .arg(e.to_string())
                })?;
            }
            dirs.into_iter().map(Step::Slide).collect()
        }
        (PuzzleSpec::Hanoi { pegs, .. }, Moves::Hanoi(pairs)) => {
            let mut steps = Vec::with_capacity(pairs.len());
            for (i, &[from, to]) in pairs.iter().enumerate() {
                let mv = HanoiMove { from, to };
                apply_disk_move(&mut frame, *pegs, mv).map_err(|e| {
                    Text::new(Failed::ReplayIllegal)
                        .arg(i + 1)
                        .arg(e.to_string())
                })?;
                steps.push(Step::Disk(mv));
            }
            steps
        }
        // An empty list reads as either kind (the JSON of "" and [] are both empty).
        (_, Moves::Sliding(s)) if s.is_empty() => Vec::new(),
        (_, Moves::Hanoi(v)) if v.is_empty() => Vec::new(),
        _ => return Err(Text::new(Failed::ReplayOtherKind)),
    };
    if frame != puzzle.goal() {
        return Err(Text::new(Failed::ReplayNotAtGoal));
    }
    Ok(steps)
}

/// The cell whose tile a step slides (sliding), or the peg whose top disk it moves (Hanoi).
pub fn step_source(puzzle: &PuzzleSpec, position: &[u8], step: Step) -> Option<usize> {
    match (step, shape_of(puzzle)) {
        (Step::Slide(dir), Some(shape)) => position
            .iter()
            .position(|&t| t == 0)
            .and_then(|blank| shape.step(blank, dir)),
        (Step::Disk(mv), _) => Some(usize::from(mv.from)),
        (Step::Slide(_), None) => None,
    }
}

/// A move in a few language-neutral symbols: "5 ↓" (tile 5 slides down), "A → C" (the top disk of peg A to C).
pub fn step_symbol(puzzle: &PuzzleSpec, position: &[u8], step: Step) -> String {
    match step {
        Step::Slide(dir) => {
            if shape_of(puzzle).is_none() {
                return String::new();
            }
            let tile = step_source(puzzle, position, step)
                .and_then(|cell| position.get(cell).copied())
                .unwrap_or(0);
            // The tile moves against the blank.
            let arrow = match dir {
                Dir::Up => '↓',
                Dir::Down => '↑',
                Dir::Left => '→',
                Dir::Right => '←',
            };
            format!("{tile} {arrow}")
        }
        Step::Disk(mv) => format!(
            "{} → {}",
            hanoi::peg_letter(mv.from),
            hanoi::peg_letter(mv.to)
        ),
    }
}
