//! Playback: the solution's animation. Its moves, where it is, whether it runs, and how fast; the moves in words;
//! and a better solution waiting to be shown.
//!
//! A solver that improves its answer sends shorter solutions while the person may already be watching one. A new
//! one never yanks the animation: it replaces the one shown only while the playback rests at the start or at the
//! end (paused there, so the board does not jump: both solutions start at the start and end at the goal), and
//! otherwise waits until the playback next comes to rest there, or until the person asks for it
//! ([`PlaybackAction::ShowWaiting`]). Switching mid-way would either jump the board to another position or keep a
//! frame the new solution does not pass through.

use super::steps::{apply_step, pegs_of, read_moves, shape_of, Step};
use crate::page::i18n::{Answer, Text};
use solver::hanoi;
use solver::query::PuzzleSpec;
use solver::sliding::Dir;
use solver::Moves;
use std::rc::Rc;

/// Playback speeds, slowest first: (milliseconds between ticks, moves per tick). The speed control's value is the
/// 1-based index, so its `max` (`SPEEDS.len()`) is the fastest.
pub const SPEEDS: [(u32, usize); 12] = [
    (1000, 1),
    (700, 1),
    (500, 1),
    (350, 1),
    (250, 1),
    (160, 1),
    (100, 1),
    (60, 1),
    (33, 1),
    (16, 1),
    (16, 4),
    (16, 16),
];
/// The speed a page opens with.
pub const DEFAULT_SPEED: u8 = 6;

/// The tick interval and moves per tick of a speed level (clamped into range).
pub fn speed_timing(speed: u8) -> (u32, usize) {
    let i = usize::from(speed.clamp(1, SPEEDS.len() as u8)) - 1;
    SPEEDS[i]
}

/// A solution being shown: its moves and where the playback is. Moves are put in words only for the part of the
/// list on screen (`Playback::move_words`), so a million-move Hanoi solution costs a few bytes a move.
#[derive(Debug, Clone, PartialEq)]
pub struct Replay {
    pub steps: Rc<[Step]>,
    /// How many moves have been played: 0 shows the start, `steps.len()` the goal.
    pub cursor: usize,
    /// The position after `cursor` moves.
    pub frame: Vec<u8>,
    pub playing: bool,
}

impl Replay {
    pub fn len(&self) -> usize {
        self.steps.len()
    }

    pub fn is_empty(&self) -> bool {
        self.steps.is_empty()
    }

    pub fn at_end(&self) -> bool {
        self.cursor >= self.steps.len()
    }
}

/// Reads a solver's moves into a replay at the start, playing: every move must be legal and end at the goal.
pub fn build_replay(puzzle: &PuzzleSpec, moves: &Moves) -> Result<Replay, Text> {
    let steps = read_moves(puzzle, moves)?;
    Ok(Replay {
        steps: steps.into(),
        cursor: 0,
        frame: puzzle.start().to_vec(),
        playing: true,
    })
}

/// The playback's state: the solution shown (if any), a shorter one waiting to be shown, and the speed.
#[derive(Debug, Clone, PartialEq)]
pub struct Playback {
    pub replay: Option<Replay>,
    /// A shorter solution than the one shown, held back while the one shown plays (see the module's header).
    pub waiting: Option<Replay>,
    pub speed: u8,
}

impl Default for Playback {
    fn default() -> Self {
        Playback {
            replay: None,
            waiting: None,
            speed: DEFAULT_SPEED,
        }
    }
}

/// What the playback controls do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlaybackAction {
    /// Play or pause (play at the end starts over).
    Toggle,
    StepForward,
    StepBack,
    Seek(usize),
    /// The playback timer.
    Tick,
    SetSpeed(u8),
    /// Show the shorter solution that waits, from the start.
    ShowWaiting,
}

impl PlaybackAction {
    /// Whether the action brings the solution onto the board (the page leaves hand play and the goal's editing).
    pub fn shows_solution(self) -> bool {
        !matches!(self, PlaybackAction::Tick | PlaybackAction::SetSpeed(_))
    }
}

impl Playback {
    /// Whether a solution is playing.
    pub fn playing(&self) -> bool {
        self.replay.as_ref().is_some_and(|r| r.playing)
    }

    /// Forgets the solution shown and the one waiting.
    pub fn clear(&mut self) {
        self.replay = None;
        self.waiting = None;
    }

    /// Offers a solution of the puzzle shown: taken if none is shown, ignored unless shorter than the one shown
    /// and the one waiting; shown at once if the playback rests at the start or the end, else held in `waiting`.
    pub fn offer(&mut self, replay: Replay, puzzle: &PuzzleSpec) {
        let best = self
            .replay
            .iter()
            .chain(self.waiting.iter())
            .map(Replay::len)
            .min();
        if best.is_some_and(|best| replay.len() >= best) {
            return;
        }
        self.waiting = Some(replay);
        self.adopt_waiting(puzzle);
    }

    /// Plays the solution shown if it rests at its start (the end of a run that improved its answer).
    pub fn play_from_start(&mut self) {
        if let Some(replay) = self.replay.as_mut() {
            if !replay.playing && replay.cursor == 0 && !replay.is_empty() {
                replay.playing = true;
            }
        }
    }

    /// Moves the waiting solution in if the playback rests at the start or the end (or shows nothing): at the end
    /// it is shown at its own end, so the board stays at the goal.
    fn adopt_waiting(&mut self, puzzle: &PuzzleSpec) {
        let resting = match &self.replay {
            None => true,
            Some(r) => !r.playing && (r.cursor == 0 || r.at_end()),
        };
        if !resting {
            return;
        }
        let Some(mut next) = self.waiting.take() else {
            return;
        };
        let at_end = self.replay.as_ref().is_some_and(|r| r.cursor > 0);
        next.playing = false;
        if at_end {
            let end = next.len();
            seek(&mut next, puzzle, end);
        }
        self.replay = Some(next);
    }

    /// Stops the playback where it is.
    pub fn pause(&mut self) {
        if let Some(replay) = self.replay.as_mut() {
            replay.playing = false;
        }
    }

    /// Applies a playback action on `puzzle`'s solution; false if nothing changed.
    pub fn apply(&mut self, action: PlaybackAction, puzzle: &PuzzleSpec) -> bool {
        if let PlaybackAction::SetSpeed(speed) = action {
            let speed = speed.clamp(1, SPEEDS.len() as u8);
            if speed == self.speed {
                return false;
            }
            self.speed = speed;
            return true;
        }
        if action == PlaybackAction::ShowWaiting {
            let Some(mut next) = self.waiting.take() else {
                return false;
            };
            next.playing = !next.is_empty();
            self.replay = Some(next);
            return true;
        }
        // A solution that waits for the playback to rest comes in first (Play at the end then plays it).
        self.adopt_waiting(puzzle);
        let changed = self.step(action, puzzle);
        self.adopt_waiting(puzzle);
        changed
    }

    /// Applies a playback action other than the speed and `ShowWaiting` to the solution shown.
    fn step(&mut self, action: PlaybackAction, puzzle: &PuzzleSpec) -> bool {
        let moves_per_tick = speed_timing(self.speed).1;
        let Some(replay) = self.replay.as_mut() else {
            return false;
        };
        match action {
            PlaybackAction::Toggle => {
                if replay.playing {
                    replay.playing = false;
                } else {
                    let rewind = replay.at_end();
                    replay.playing = !replay.is_empty();
                    if rewind {
                        seek(replay, puzzle, 0);
                    }
                }
            }
            PlaybackAction::StepForward | PlaybackAction::StepBack | PlaybackAction::Seek(_) => {
                let target = match action {
                    PlaybackAction::StepForward => replay.cursor + 1,
                    PlaybackAction::StepBack => replay.cursor.saturating_sub(1),
                    PlaybackAction::Seek(k) => k,
                    _ => replay.cursor,
                };
                replay.playing = false;
                seek(replay, puzzle, target);
            }
            PlaybackAction::Tick => {
                if !replay.playing {
                    return false;
                }
                let target = replay.cursor + moves_per_tick;
                seek(replay, puzzle, target);
                if replay.at_end() {
                    replay.playing = false;
                }
            }
            PlaybackAction::SetSpeed(_) | PlaybackAction::ShowWaiting => {}
        }
        true
    }

    /// Moves `first..last` of the solution in words ("tile 5 slides left", "disk 2: peg A -> C"), found by replaying
    /// from the frame on screen; empty without a solution.
    pub fn move_words(&self, puzzle: &PuzzleSpec, first: usize, last: usize) -> Vec<Text> {
        let Some(replay) = self.replay.as_ref() else {
            return Vec::new();
        };
        let (shape, pegs) = (shape_of(puzzle), pegs_of(puzzle));
        let last = last.min(replay.steps.len());
        let mut board = replay.frame.clone();
        let mut at = replay.cursor;
        while at > first {
            at -= 1;
            apply_step(shape, pegs, &mut board, replay.steps[at], true);
        }
        while at < first {
            apply_step(shape, pegs, &mut board, replay.steps[at], false);
            at += 1;
        }
        let mut words = Vec::with_capacity(last.saturating_sub(first));
        for &step in &replay.steps[first.min(last)..last] {
            words.push(match (step, shape) {
                (Step::Slide(dir), Some(shape)) => {
                    // The tile beside the blank in `dir` slides the other way.
                    let tile = board
                        .iter()
                        .position(|&t| t == 0)
                        .and_then(|blank| shape.step(blank, dir))
                        .and_then(|cell| board.get(cell).copied())
                        .unwrap_or(0);
                    Text::new(Answer::MoveWordsTile)
                        .arg(tile)
                        .arg(dir_word(dir.opposite()))
                }
                (Step::Disk(mv), _) => {
                    // The moved disk is the top of `from`: the smallest disk there.
                    let disk = board.iter().position(|&p| p == mv.from).unwrap_or(0);
                    Text::new(Answer::MoveWordsDisk)
                        .arg(disk)
                        .arg(hanoi::peg_letter(mv.from))
                        .arg(hanoi::peg_letter(mv.to))
                }
                (Step::Slide(_), None) => Text::new(Answer::MoveWordsTile),
            });
            apply_step(shape, pegs, &mut board, step, false);
        }
        words
    }
}

/// Moves the replay's frame to `target` moves (clamped to the solution).
fn seek(replay: &mut Replay, puzzle: &PuzzleSpec, target: usize) {
    let (shape, pegs) = (shape_of(puzzle), pegs_of(puzzle));
    let target = target.min(replay.steps.len());
    while replay.cursor < target {
        apply_step(
            shape,
            pegs,
            &mut replay.frame,
            replay.steps[replay.cursor],
            false,
        );
        replay.cursor += 1;
    }
    while replay.cursor > target {
        replay.cursor -= 1;
        apply_step(
            shape,
            pegs,
            &mut replay.frame,
            replay.steps[replay.cursor],
            true,
        );
    }
}

/// A direction's word.
fn dir_word(dir: Dir) -> Answer {
    match dir {
        Dir::Up => Answer::DirUp,
        Dir::Down => Answer::DirDown,
        Dir::Left => Answer::DirLeft,
        Dir::Right => Answer::DirRight,
    }
}
