//! One puzzle instance, the part a page places as many times as it needs: its set-up, its solve run, its
//! playback and the step-through of its traced run, with its own [`PuzzleAction`]s and reducer ([`Puzzle::update`]). The lab's puzzle is one instance
//! ([`PuzzleId::Lab`]); a lesson's figures are others ([`PuzzleId::Figure`]). Every instance asks the worker
//! through the page's one router, as [`Owner::Solve`] with its own id, so each reply comes back to it alone.
//!
//! The part knows nothing of the page around it. What happened that the page may act on (an edit, a search
//! started or refused, an answer on the board) comes back from the reducer as [`Event`] values, and the page
//! decides: the lab leaves hand play, resets what it measured and puts notices up; a figure needs none of that.

use super::notices::Notice;
use super::owner::Owner;
pub use super::owner::PuzzleId;
use super::playback::{build_replay, Playback, PlaybackAction, Replay};
use super::router::{Effect, Lost, Router};
use super::setup::{Edit, Setup, SetupAction, Side};
use super::solve::{Cancelled, Heard, Run, SolveRun, StatusName};
use super::stepping::{StepAction, Stepping};
use crate::page::i18n::Text;
use crate::protocol::ResponseBody;
use solver::sliding::Unsolvable;
use solver::{Report, Status};
use std::rc::Rc;

/// One puzzle instance: what is set up, the run that solves it and the playback of its answer.
#[derive(Debug, Clone, PartialEq)]
pub struct Puzzle {
    /// Which instance this is: its requests go out as `Owner::Solve(id)`.
    pub id: PuzzleId,
    pub setup: Setup,
    pub solve: SolveRun,
    pub playback: Playback,
    /// The step-through's cursor over the run's trace, and the exercise played on it.
    pub stepping: Stepping,
    /// The move the playback opens at, paused, once the run's answer arrives (a link's `at=`); forgotten by an
    /// edit or a Solve by hand.
    pub open_at: Option<usize>,
}

/// What can happen to one instance.
#[derive(Debug, Clone, PartialEq)]
pub enum PuzzleAction {
    Setup(SetupAction),
    Solve(SolveAction),
    Playback(PlaybackAction),
    Step(StepAction),
}

/// The solve run's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SolveAction {
    Solve,
    Cancel,
    /// The watchdog: nothing heard for `SILENCE_MS` since message number `heard` of request `id`.
    Silent {
        id: u64,
        heard: u32,
    },
}

impl From<SetupAction> for PuzzleAction {
    fn from(action: SetupAction) -> PuzzleAction {
        PuzzleAction::Setup(action)
    }
}

impl From<SolveAction> for PuzzleAction {
    fn from(action: SolveAction) -> PuzzleAction {
        PuzzleAction::Solve(action)
    }
}

impl From<PlaybackAction> for PuzzleAction {
    fn from(action: PlaybackAction) -> PuzzleAction {
        PuzzleAction::Playback(action)
    }
}

impl From<StepAction> for PuzzleAction {
    fn from(action: StepAction) -> PuzzleAction {
        PuzzleAction::Step(action)
    }
}

/// Something that happened to an instance which the page around it may act on.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The set-up changed a choice (`Edit::Choice`) or the puzzle itself (`Edit::Puzzle`): the run and its
    /// playback were forgotten.
    Edited(Edit),
    /// Solve found the start cannot reach the goal (decided without a search): nothing was posted.
    Unsolvable(Unsolvable),
    /// Solve posted the search.
    Started,
    /// A solution came onto the board: an answer arrived, or the playback controls brought it back.
    Shown,
    /// An answer failed its replay check, for this reason: it is not shown.
    Refused(Text),
    /// The move the answer was to open at lies past its end: it is shown at its end.
    Beyond { at: usize, length: usize },
    /// The search ended (answered, at a limit, or cancelled with the best answer kept).
    Finished,
}

/// What one action or reply did to an instance: whether it changed, and what the page may act on, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outcome {
    pub changed: bool,
    pub events: Vec<Event>,
}

impl Outcome {
    fn changed(changed: bool) -> Outcome {
        Outcome {
            changed,
            events: Vec::new(),
        }
    }

    fn with(mut self, event: Event) -> Outcome {
        self.events.push(event);
        self
    }
}

impl Puzzle {
    /// An instance for this set-up, nothing run yet.
    pub fn new(id: PuzzleId, setup: Setup) -> Puzzle {
        Puzzle {
            id,
            setup,
            solve: SolveRun::new(id),
            playback: Playback::default(),
            stepping: Stepping::default(),
            open_at: None,
        }
    }

    /// Applies one action to the instance.
    pub fn update(
        &mut self,
        action: PuzzleAction,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> Outcome {
        match action {
            PuzzleAction::Setup(action) => self.edit(action, router, fx),
            PuzzleAction::Solve(SolveAction::Solve) => {
                self.open_at = None;
                Outcome::changed(true).with(self.solve(router, fx))
            }
            PuzzleAction::Solve(SolveAction::Cancel) => match self.solve.cancel(router, fx) {
                Cancelled::NotRunning => Outcome::changed(false),
                Cancelled::Stopped => Outcome::changed(true),
                Cancelled::KeptBest(best) => self.finish(Rc::unwrap_or_clone(best)),
            },
            PuzzleAction::Solve(SolveAction::Silent { id, heard }) => {
                let on_it = router.in_flight(|o| *o == Owner::Solve(self.id)) == Some(id);
                Outcome::changed(on_it && self.solve.silent(heard, router, fx))
            }
            PuzzleAction::Playback(action) => {
                let changed = self.playback.apply(action, &self.setup.puzzle);
                let outcome = Outcome::changed(changed);
                if changed && action.shows_solution() {
                    self.setup.editing = Side::Start;
                    return outcome.with(Event::Shown);
                }
                outcome
            }
            PuzzleAction::Step(action) => {
                Outcome::changed(self.stepping.apply(action, self.solve.trace.as_deref()))
            }
        }
    }

    /// Which trace the run holds (0: none), to tell when a new one arrived.
    pub fn trace_key(&self) -> usize {
        self.solve
            .trace
            .as_ref()
            .map_or(0, |t| Rc::as_ptr(t) as usize)
    }

    /// A set-up edit. An edit of the start applies to the playback's frame on screen; a changed choice or puzzle
    /// forgets the run.
    fn edit(&mut self, action: SetupAction, router: &mut Router, fx: &mut Vec<Effect>) -> Outcome {
        let frame = self.playback.replay.as_ref().map(|r| r.frame.clone());
        let edit = self.setup.apply(action.clone(), frame.as_deref());
        match edit {
            Edit::Unchanged => return Outcome::changed(false),
            Edit::View => {
                if matches!(action, SetupAction::SetEditing(_)) {
                    self.playback.pause();
                }
                return Outcome::changed(true);
            }
            Edit::Choice | Edit::Puzzle => self.forget_run(router, fx),
        }
        Outcome::changed(true).with(Event::Edited(edit))
    }

    /// Makes `position` the start ("Solve from here" in the lab's hand play): a puzzle edit.
    pub fn start_from(
        &mut self,
        position: &[u8],
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> Event {
        self.setup.start_from(position);
        self.forget_run(router, fx);
        Event::Edited(Edit::Puzzle)
    }

    /// Solve, keeping the move to open at: an unsolvable puzzle is explained at once (`Event::Unsolvable`), else
    /// the search is posted (`Event::Started`).
    pub fn solve(&mut self, router: &mut Router, fx: &mut Vec<Effect>) -> Event {
        self.setup.editing = Side::Start;
        self.playback.clear();
        if let Err(why) = self.setup.solvability() {
            // Decided in O(N) here: no search can help, so none is started.
            self.solve.reset(router, fx);
            return Event::Unsolvable(why);
        }
        self.solve.start(&self.setup, router, fx);
        Event::Started
    }

    /// Forgets the last run (and stops a running one): the puzzle or a choice changed.
    pub fn forget_run(&mut self, router: &mut Router, fx: &mut Vec<Effect>) {
        self.open_at = None;
        self.solve.reset(router, fx);
        self.playback.clear();
    }

    /// A reply to this instance's solve request.
    pub fn on_reply(&mut self, body: ResponseBody) -> Outcome {
        match self.solve.on_reply(body) {
            Heard::Nothing => Outcome::changed(false),
            Heard::Changed => Outcome::changed(true),
            Heard::Better(report) => {
                let mut outcome = Outcome::changed(true);
                outcome.events.extend(self.show_answer(&report));
                outcome
            }
            Heard::Finished(report) => self.finish(*report),
        }
    }

    /// A note after this instance's answer: its step-by-step record.
    pub fn on_late(&mut self, body: ResponseBody) -> bool {
        self.solve.on_late(body)
    }

    /// This instance's solve request was lost before its answer.
    pub fn on_lost(&mut self, why: Lost) -> bool {
        self.solve.on_lost(why)
    }

    /// A finished search: its solution becomes the playback (if the replay checks out), and plays. After answers
    /// that improved while the person watched, the final one is offered like them (see [`Playback::offer`]) and
    /// plays only if the playback still rests at the start. With a move to open at, it is shown paused there.
    fn finish(&mut self, report: Report) -> Outcome {
        let mut outcome = Outcome::changed(true);
        let improved = self.playback.replay.is_some();
        let open_at = self.open_at.take();
        if report.status == Status::Solved && report.moves_listed {
            outcome.events.extend(self.show_answer(&report));
            if let Some(at) = open_at {
                outcome.events.extend(self.open_answer_at(at));
            } else if improved {
                self.playback.play_from_start();
            } else if let Some(replay) = self.playback.replay.as_mut() {
                replay.playing = true;
            }
        } else {
            self.playback.clear();
        }
        self.solve.run = Run::Finished(Rc::new(report));
        outcome.with(Event::Finished)
    }

    /// Shows the answer paused after `at` moves (its end, if it is shorter: `Event::Beyond`).
    fn open_answer_at(&mut self, at: usize) -> Option<Event> {
        let length = self.playback.replay.as_ref().map(Replay::len)?;
        self.playback
            .apply(PlaybackAction::Seek(at.min(length)), &self.setup.puzzle);
        self.playback.pause();
        (at > length).then_some(Event::Beyond { at, length })
    }

    /// A solved answer, the first or a better one: checked by replaying it on the puzzle, then offered to the
    /// playback, paused (a run that improves its answer starts playing when it ends).
    fn show_answer(&mut self, report: &Report) -> Option<Event> {
        match build_replay(&self.setup.puzzle, &report.moves) {
            Ok(mut replay) => {
                replay.playing = false;
                self.setup.editing = Side::Start;
                self.playback.offer(replay, &self.setup.puzzle);
                Some(Event::Shown)
            }
            Err(why) => Some(Event::Refused(why)),
        }
    }

    /// The position on screen: the goal while editing it, the playback's frame while a solution is shown, else
    /// the start.
    pub fn shown(&self) -> &[u8] {
        match (self.setup.editing, &self.playback.replay) {
            (Side::Goal, _) => self.setup.puzzle.goal(),
            (Side::Start, Some(replay)) => &replay.frame,
            (Side::Start, None) => self.setup.puzzle.start(),
        }
    }

    pub fn is_solving(&self) -> bool {
        self.solve.is_solving()
    }

    pub fn status(&self) -> StatusName {
        self.solve.status(self.setup.solvability().is_ok())
    }

    /// What the run says, else why the puzzle is unsolvable.
    pub fn message(&self) -> Option<Notice> {
        self.solve
            .message(self.setup.weight)
            .or_else(|| self.setup.solvability().err().map(Notice::unsolvable))
    }

    /// What the silence watchdog watches: the solve's request while the worker is on it, and the messages heard.
    pub fn solve_watch(&self, router: &Router) -> Option<(u64, u32)> {
        let id = router.in_flight(|o| *o == Owner::Solve(self.id))?;
        match &self.solve.run {
            Run::Solving(p) => Some((id, p.heard)),
            _ => None,
        }
    }

    /// Whether the solve's request waits behind another one (another instance's, a compare run's pair).
    pub fn solve_waiting(&self, router: &Router) -> bool {
        self.is_solving() && self.solve_watch(router).is_none()
    }
}
