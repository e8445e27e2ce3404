//! Hand play: the position played by hand, its moves (undo and redo), the optimal next move and distance asked
//! of the worker (a hint), and the optimum from the play start. "Solve from here" hands the position to the solve
//! run (see the top-level reducer).

use super::notices::{Notice, Notices};
use super::owner::Owner;
use super::router::{Effect, Lost, Router};
use super::setup::MAX_STATES;
use super::steps::{apply_step, pegs_of, read_moves, shape_of, try_step, Step};
use crate::page::i18n::{Arg, Failed, Play, Solver, Text};
use crate::protocol::{RequestKind, ResponseBody};
use solver::hanoi::{self, HanoiMove, MoveError};
use solver::query::{PuzzleSpec, Query};
use solver::rules::{optimal_choice, Choice};
use solver::sliding::Dir;
use solver::Status;

/// What the person does in hand play.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HandPlayAction {
    /// Slide the tile in this cell into the blank next to it.
    SlideTile(usize),
    /// Move the blank (the arrow keys).
    MoveBlank(Dir),
    /// Move the top disk of one peg onto another.
    MoveDisk(HanoiMove),
    /// Ask the worker for the optimal next move from the current position.
    Hint,
    Undo,
    Redo,
    /// Make the current position the start and solve it with the chosen algorithm.
    SolveFromHere,
}

/// The latest hint.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum Hint {
    #[default]
    None,
    /// Asked, not answered yet.
    Thinking,
    /// The answer for `position`: the best next move (`None` at the goal) and the moves left.
    Ready {
        position: Vec<u8>,
        next: Option<Step>,
        left: u64,
    },
    /// No answer: the reason (a limit, an error), to be put in the page's words.
    Failed(Text),
}

/// The optimum from the play start.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Optimum {
    #[default]
    Unknown,
    Known(u64),
    /// The search could not finish in its budget.
    Unavailable,
}

/// Hand play's state.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct HandPlay {
    /// The position played by hand.
    pub position: Vec<u8>,
    /// Moves made by hand (undo takes one back).
    pub moves: u32,
    /// The moves played since play began, in order (undo takes the last one back).
    pub history: Vec<Step>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<Step>,
    pub hint: Hint,
    pub optimum: Optimum,
}

/// What answers this puzzle with a proven shortest solution (`solver::rules::optimal_choice`), or `None` when
/// nothing here promises one (Hanoi with more disks than a search takes and more than 3 pegs).
pub fn optimal_method(puzzle: &PuzzleSpec) -> Option<Choice> {
    optimal_choice(puzzle)
}

/// The puzzle with `start` replaced.
fn from_position(puzzle: &PuzzleSpec, position: &[u8]) -> PuzzleSpec {
    let mut spec = puzzle.clone();
    let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) = &mut spec;
    *start = position.to_vec();
    spec
}

/// Why a disk cannot be dropped there, in the page's words.
fn drop_refused(why: MoveError) -> Text {
    match why {
        MoveError::NoSuchPeg { peg, pegs } => Text::new(Play::DropNoSuchPeg)
            .arg(peg)
            .arg(pegs.saturating_sub(1)),
        MoveError::SamePeg { peg } => Text::new(Play::DropSamePeg).arg(hanoi::peg_letter(peg)),
        MoveError::EmptyPeg { peg } => Text::new(Play::DropEmptyPeg).arg(hanoi::peg_letter(peg)),
        MoveError::OntoSmaller { disk, onto, peg } => Text::new(Play::DropOntoSmaller)
            .arg(disk)
            .arg(hanoi::peg_letter(peg))
            .arg(onto),
    }
}

/// What hand play works on: the puzzle, whether it can be solved, and whether a solve run holds the worker.
pub struct Context<'a> {
    pub puzzle: &'a PuzzleSpec,
    pub solvable: bool,
    pub solving: bool,
}

impl HandPlay {
    /// Hand play from the puzzle's start, with no history or hint; unanswered hand-play requests are withdrawn.
    pub fn restart(&mut self, puzzle: &PuzzleSpec, router: &mut Router, fx: &mut Vec<Effect>) {
        router.withdraw(Owner::is_hand_play, fx);
        *self = HandPlay {
            position: puzzle.start().to_vec(),
            ..HandPlay::default()
        };
    }

    /// The hint, if it answers `position`.
    pub fn hint_for(&self, position: &[u8]) -> Option<(Option<Step>, u64)> {
        match &self.hint {
            Hint::Ready {
                position: p,
                next,
                left,
            } if p == position => Some((*next, *left)),
            _ => None,
        }
    }

    /// The move the hint suggests for the position on the board (so it is gone after the next move).
    pub fn hinted_step(&self) -> Option<Step> {
        self.hint_for(&self.position).and_then(|(next, _)| next)
    }

    /// Whether a Hint request is waiting for its answer.
    pub fn thinking(&self) -> bool {
        self.hint == Hint::Thinking
    }

    /// Asks for the optimum from the play start (when play begins).
    pub fn ask_optimum(&mut self, cx: &Context, router: &mut Router, fx: &mut Vec<Effect>) {
        if !cx.solvable || !self.ask(cx, Owner::Optimum, router, fx) {
            self.optimum = Optimum::Unavailable;
        }
    }

    /// Posts an optimal solve for `owner` (a hint's position, or the start); `false` if no method promises one.
    fn ask(
        &mut self,
        cx: &Context,
        owner: Owner,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(choice) = optimal_method(cx.puzzle) else {
            return false;
        };
        if cx.solving {
            // The worker is busy with a search that may yet be cancelled (and the worker replaced).
            return false;
        }
        let position = match &owner {
            Owner::Hint(position) => position.as_slice(),
            _ => cx.puzzle.start(),
        };
        let query = Query {
            puzzle: from_position(cx.puzzle, position),
            algorithm: Some(choice.algorithm),
            heuristic: choice.heuristic,
            weight: None,
        };
        if matches!(owner, Owner::Hint(_)) {
            self.hint = Hint::Thinking;
        }
        router.post(
            owner,
            RequestKind::Solve {
                query: query.to_query_string(),
                max_states: MAX_STATES,
                // The worker's own limit on any search applies.
                time_limit_ms: None,
                max_depth: None,
                cancel_token: None,
                trace: false,
                quick_tables: false,
            },
            fx,
        );
        true
    }

    /// Applies a hand-play action (all but "Solve from here", which the top-level reducer handles); false if
    /// nothing changed.
    pub fn apply(
        &mut self,
        action: HandPlayAction,
        cx: &Context,
        notices: &mut Notices,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        match action {
            HandPlayAction::SlideTile(cell) => {
                let Some(shape) = shape_of(cx.puzzle) else {
                    return false;
                };
                let Some(blank) = self.position.iter().position(|&t| t == 0) else {
                    return false;
                };
                let Some(dir) = Dir::ALL
                    .into_iter()
                    .find(|&d| shape.step(blank, d) == Some(cell))
                else {
                    return false;
                };
                self.play(Step::Slide(dir), cx.puzzle, notices)
            }
            HandPlayAction::MoveBlank(dir) => self.play(Step::Slide(dir), cx.puzzle, notices),
            HandPlayAction::MoveDisk(mv) => self.play(Step::Disk(mv), cx.puzzle, notices),
            HandPlayAction::Hint => {
                if cx.solving || self.thinking() || self.hint_for(&self.position).is_some() {
                    return false;
                }
                let owner = Owner::Hint(self.position.clone());
                if !self.ask(cx, owner, router, fx) {
                    self.hint = Hint::Failed(Text::new(Play::HintNoMethod));
                }
                true
            }
            HandPlayAction::Undo => {
                let Some(step) = self.history.pop() else {
                    return false;
                };
                let (shape, pegs) = (shape_of(cx.puzzle), pegs_of(cx.puzzle));
                apply_step(shape, pegs, &mut self.position, step, true);
                self.moves = self.moves.saturating_sub(1);
                self.redo.push(step);
                notices.notice = None;
                true
            }
            HandPlayAction::Redo => {
                let Some(step) = self.redo.pop() else {
                    return false;
                };
                let redo = std::mem::take(&mut self.redo);
                let changed = self.play(step, cx.puzzle, notices);
                self.redo = redo;
                changed
            }
            HandPlayAction::SolveFromHere => false,
        }
    }

    /// A move by hand: applied if legal (counted, and the goal celebrated), else explained.
    fn play(&mut self, step: Step, puzzle: &PuzzleSpec, notices: &mut Notices) -> bool {
        match try_step(puzzle, &mut self.position, step) {
            Ok(()) => {
                self.moves += 1;
                self.history.push(step);
                self.redo.clear();
                notices.notice = (self.position.as_slice() == puzzle.goal()).then(|| {
                    let key = if self.moves == 1 {
                        Play::SolvedByHandOne
                    } else {
                        Play::SolvedByHand
                    };
                    Notice::info(Text::new(key).arg(self.moves))
                });
                true
            }
            Err(None) => false,
            Err(Some(why)) => {
                notices.notice = Some(Notice::error(drop_refused(why)));
                true
            }
        }
    }

    /// A reply to one of hand play's requests (`owner` says which). Only the last reply matters.
    pub fn on_reply(&mut self, owner: Owner, body: ResponseBody, puzzle: &PuzzleSpec) -> bool {
        let report = match body {
            ResponseBody::Progress { .. }
            | ResponseBody::Building { .. }
            | ResponseBody::Trace { .. }
            | ResponseBody::Improved { .. }
            | ResponseBody::Truth { .. }
            | ResponseBody::Ready => return false,
            ResponseBody::Error { failure } => {
                Err(Text::new(Failed::SolverError).arg(Text::failure(&failure)))
            }
            ResponseBody::Done { report } => Ok(report),
        };
        let position = match &owner {
            Owner::Hint(p) => p.clone(),
            _ => puzzle.start().to_vec(),
        };
        let answer = report.and_then(|r| {
            if r.status != Status::Solved {
                let why = r.said.first().map(Text::said);
                return Err(why.unwrap_or_else(|| Text::new(Solver::Stopped)));
            }
            let steps = read_moves(&from_position(puzzle, &position), &r.moves)?;
            Ok((steps.first().copied(), r.length))
        });
        match (owner, answer) {
            (Owner::Hint(_), Ok((next, left))) => {
                self.hint = Hint::Ready {
                    position,
                    next,
                    left,
                }
            }
            (Owner::Hint(_), Err(why)) => self.hint = Hint::Failed(why),
            (_, Ok((_, length))) => self.optimum = Optimum::Known(length),
            (_, Err(_)) => self.optimum = Optimum::Unavailable,
        }
        true
    }

    /// One of hand play's requests was lost before its answer.
    pub fn on_lost(&mut self, owner: Owner, why: Lost) -> bool {
        let why = match why {
            Lost::Crashed(why) => Text::new(Failed::StoppedUnexpectedly).arg(Arg::detail(&why)),
            Lost::Broken(why) => why,
            Lost::Replaced => Text::new(Play::HintSolveStarted),
        };
        match owner {
            Owner::Hint(_) if self.thinking() => self.hint = Hint::Failed(why),
            Owner::Optimum if self.optimum == Optimum::Unknown => {
                self.optimum = Optimum::Unavailable
            }
            _ => return false,
        }
        true
    }

    /// Drops every unanswered hand-play request (a solve takes the worker), saying why where it matters.
    pub fn forget_requests(&mut self, why: Text, router: &mut Router, fx: &mut Vec<Effect>) {
        if !router.has(Owner::is_hand_play) {
            return;
        }
        router.withdraw(Owner::is_hand_play, fx);
        if self.thinking() {
            self.hint = Hint::Failed(why);
        }
        if self.optimum == Optimum::Unknown {
            self.optimum = Optimum::Unavailable;
        }
    }
}
