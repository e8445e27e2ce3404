//! The page's state and the one place it changes. [`State`] is made of concerns, each with its own state, action
//! and reducer: set-up (the puzzle being edited), the solve run, playback (the solution's animation), hand play,
//! compare, the message line, sharing (the move a link opens at, the embedded layout), the step-through of the
//! traced run (with its exercise) and the heuristics held against the truth. One [`router::Router`] owns every
//! request to the worker and hands each reply back
//! to the concern that asked.
//!
//! The reducer is pure: randomness arrives as a seed inside the action, and what must happen outside the state
//! (post a request, replace the worker) leaves [`State::update`] as [`Effect`] values for the app to carry out.

pub mod compare;
pub mod exercise;
pub mod hand_play;
pub mod notices;
pub mod playback;
pub mod router;
pub mod setup;
pub mod share;
pub mod solve;
pub mod stepping;
pub mod steps;
pub mod truth;

#[cfg(test)]
mod tests;

use crate::page::i18n::{Msg, Text};
use crate::page::url;
use crate::page::worker_client::WorkerEvent;
use crate::protocol::{Response, ResponseBody, NO_REQUEST};
use compare::{Compare, CompareAction};
use hand_play::{Context, HandPlay, HandPlayAction};
use notices::{Notice, NoticeAction, NoticeKind, Notices};
use playback::{build_replay, Playback, PlaybackAction, Replay};
pub use router::Effect;
use router::{Lost, Owner, Route, Router};
use setup::{Edit, Setup, SetupAction, Side};
use share::{Share, ShareAction};
use solve::{Cancelled, Heard, Run, SolveRun, StatusName};
use solver::query::Query;
use solver::{Report, Status};
use stepping::{StepAction, Stepping};
use truth::{Truth, TruthAction};

/// Setting the puzzle up, or playing it by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Setup,
    HandPlay,
}

/// Everything the page shows, by concern.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    pub mode: Mode,
    pub setup: Setup,
    pub solve: SolveRun,
    pub playback: Playback,
    pub hand_play: HandPlay,
    pub compare: Compare,
    pub notices: Notices,
    pub share: Share,
    pub stepping: Stepping,
    pub router: Router,
    /// Heuristics against the truth.
    pub truth: Truth,
    /// How far the worker's background build of the 5x5 pattern databases is (0 to 1), while one runs.
    pub tables_build: Option<f64>,
}

/// Everything that can happen to the state: an action of one concern, the page's mode, or a worker event.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    Setup(SetupAction),
    Solve(SolveAction),
    Playback(PlaybackAction),
    HandPlay(HandPlayAction),
    Compare(CompareAction),
    Notice(NoticeAction),
    Truth(TruthAction),
    Share(ShareAction),
    Step(StepAction),
    SetMode(Mode),
    /// Anything the worker says (the router finds its owner).
    Worker(WorkerEvent),
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

macro_rules! into_action {
    ($($concern:ident($action:ty)),*) => {$(
        impl From<$action> for Action {
            fn from(action: $action) -> Action {
                Action::$concern(action)
            }
        }
    )*};
}
into_action!(
    Setup(SetupAction),
    Solve(SolveAction),
    Playback(PlaybackAction),
    HandPlay(HandPlayAction),
    Compare(CompareAction),
    Notice(NoticeAction),
    Truth(TruthAction),
    Share(ShareAction),
    Step(StepAction),
    Worker(WorkerEvent)
);

/// What one action did: whether the page must redraw, and what the app must do outside the state, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Update {
    pub changed: bool,
    pub effects: Vec<Effect>,
}

impl State {
    /// The page as it opens: the puzzle from the query string `search` (with or without `?`; a board's size alone
    /// opens a board of that size shuffled by `seed`), or a shuffled 8-puzzle with a message naming the problem if
    /// the link cannot be read. The link's page keys (`at`, `embed`) are read beside it; unusable values are named
    /// in the message line too.
    pub fn from_search(search: &str, seed: u64) -> State {
        let (view, bad) = url::read_view(search);
        let mut state = State::from_puzzle_link(search, seed);
        state.share = Share::from_view(view);
        if let Some(mut bad) = share::bad_values_notice(&bad) {
            if let Some(earlier) = state.notices.notice.take() {
                bad.text.splice(0..0, earlier.text);
            }
            state.notices.notice = Some(bad);
        }
        state
    }

    /// The page for a link's PUZZLE keys alone.
    fn from_puzzle_link(search: &str, seed: u64) -> State {
        match url::read(search, seed) {
            None => State::new_default(seed),
            Some(Ok(q)) => State::from_query(q),
            Some(Err(e)) => {
                let mut state = State::new_default(seed);
                state.notices.notice = Some(Notice::error(
                    Text::new(Msg::NoticeBadLink).arg(e.to_string()),
                ));
                state
            }
        }
    }

    /// A shuffled 8-puzzle, solved by A*.
    pub fn new_default(seed: u64) -> State {
        State::with_setup(Setup::new_default(seed))
    }

    /// The state for a parsed link; choices that do not fit the puzzle are replaced, with a note.
    pub fn from_query(q: Query) -> State {
        let (setup, notes) = Setup::from_query(q);
        let mut state = State::with_setup(setup);
        if !notes.is_empty() {
            state.notices.notice = Some(Notice {
                kind: NoticeKind::Info,
                text: notes,
            });
        }
        state
    }

    /// The state for a set-up, nothing run yet.
    pub fn with_setup(setup: Setup) -> State {
        let hand_play = HandPlay {
            position: setup.puzzle.start().to_vec(),
            ..HandPlay::default()
        };
        State {
            mode: Mode::Setup,
            setup,
            solve: SolveRun::default(),
            playback: Playback::default(),
            hand_play,
            compare: Compare::default(),
            notices: Notices::default(),
            share: Share::default(),
            stepping: Stepping::default(),
            router: Router::default(),
            truth: Truth::default(),
            tables_build: None,
        }
    }

    /// The page's PUZZLE query string.
    pub fn query_string(&self) -> String {
        url::write(&self.setup.query())
    }

    /// The address bar's query string: the PUZZLE, the move a link still has to open at, and `embed=1` if embedded.
    pub fn address(&self) -> String {
        url::write_with_view(&self.setup.query(), self.share.view())
    }

    /// The query string of a link to this run as shown: the PUZZLE, the playback's move (if a solution is shown and
    /// has left its start) and, for `embed`, the embedded layout.
    pub fn link(&self, embed: bool) -> String {
        let at = self.playback.replay.as_ref().map(|r| r.cursor);
        let view = url::View {
            at: if embed {
                Some(at.unwrap_or(0))
            } else {
                at.filter(|&k| k > 0)
            },
            embed,
        };
        url::write_with_view(&self.setup.query(), view)
    }

    /// The position on screen: the hand-played one in hand play, the goal while editing it, the playback's frame
    /// while a solution is shown, else the start.
    pub fn shown(&self) -> &[u8] {
        match (self.mode, self.setup.editing, &self.playback.replay) {
            (Mode::HandPlay, _, _) => &self.hand_play.position,
            (Mode::Setup, Side::Goal, _) => self.setup.puzzle.goal(),
            (Mode::Setup, Side::Start, Some(replay)) => &replay.frame,
            (Mode::Setup, Side::Start, None) => self.setup.puzzle.start(),
        }
    }

    pub fn is_solving(&self) -> bool {
        self.solve.is_solving()
    }

    pub fn status(&self) -> StatusName {
        self.solve.status(self.setup.solvability().is_ok())
    }

    /// The message line: a notice if there is one, else what the last run said, else why the puzzle is unsolvable.
    pub fn message(&self) -> Option<Notice> {
        if let Some(notice) = &self.notices.notice {
            return Some(notice.clone());
        }
        self.solve
            .message(self.setup.weight)
            .or_else(|| self.setup.solvability().err().map(Notice::unsolvable))
    }

    /// What the silence watchdog watches: the solve's request while the worker is on it, and the messages heard.
    pub fn solve_watch(&self) -> Option<(u64, u32)> {
        let id = self.router.in_flight(|o| *o == Owner::Solve)?;
        match &self.solve.run {
            Run::Solving(p) => Some((id, p.heard)),
            _ => None,
        }
    }

    /// Whether the solve's request waits behind another one (a compare run's pair) for the worker.
    pub fn solve_waiting(&self) -> bool {
        self.is_solving() && self.solve_watch().is_none()
    }

    /// Applies one action: whether anything changed, and the effects for the app to carry out.
    pub fn update(&mut self, action: impl Into<Action>) -> Update {
        let mut fx = Vec::new();
        let trace = self.solve.trace.as_ref().map(std::rc::Rc::as_ptr);
        let changed = self.apply(action.into(), &mut fx);
        if self.solve.trace.as_ref().map(std::rc::Rc::as_ptr) != trace {
            self.stepping.restart();
        }
        let ended = self
            .compare
            .follow(&self.setup.puzzle, &mut self.router, &mut fx);
        self.router.prepare(&self.setup.query(), &mut fx);
        Update {
            changed: changed || ended,
            effects: fx,
        }
    }

    fn apply(&mut self, action: Action, fx: &mut Vec<Effect>) -> bool {
        match action {
            Action::Setup(action) => self.on_setup(action, fx),
            Action::Solve(SolveAction::Solve) => {
                self.share.at = None;
                self.solve_now(fx);
                true
            }
            Action::Share(ShareAction::Opened) => {
                if !self.share.solves_on_open() || self.is_solving() {
                    return false;
                }
                // The link's own notices (a bad value, a replaced choice) stay on show over the run's result.
                let link_notice = self.notices.notice.take();
                self.solve_now(fx);
                if !self.is_solving() {
                    // No search could start (an unsolvable puzzle): there will be no answer to open at.
                    self.share.at = None;
                }
                if self.notices.notice.is_none() {
                    self.notices.notice = link_notice;
                }
                true
            }

            Action::Solve(SolveAction::Cancel) => match self.solve.cancel(&mut self.router, fx) {
                Cancelled::NotRunning => false,
                Cancelled::Stopped => true,
                Cancelled::KeptBest(best) => {
                    self.finish(std::rc::Rc::unwrap_or_clone(best));
                    true
                }
            },
            Action::Solve(SolveAction::Silent { id, heard }) => {
                self.router.in_flight(|o| *o == Owner::Solve) == Some(id)
                    && self.solve.silent(heard, &mut self.router, fx)
            }
            Action::Playback(action) => {
                let changed = self.playback.apply(action, &self.setup.puzzle);
                if changed && action.shows_solution() {
                    self.mode = Mode::Setup;
                    self.setup.editing = Side::Start;
                }
                changed
            }
            Action::HandPlay(HandPlayAction::SolveFromHere) => {
                if self.mode != Mode::HandPlay {
                    return false;
                }
                let here = self.hand_play.position.clone();
                self.setup.start_from(&here);
                self.mode = Mode::Setup;
                self.after_edit(fx);
                self.solve_now(fx);
                true
            }
            Action::HandPlay(action) => {
                if self.mode != Mode::HandPlay {
                    return false;
                }
                let cx = Context {
                    puzzle: &self.setup.puzzle,
                    solvable: self.setup.solvability().is_ok(),
                    solving: self.solve.is_solving(),
                };
                self.hand_play
                    .apply(action, &cx, &mut self.notices, &mut self.router, fx)
            }
            Action::Compare(action) => self.compare.apply(
                action,
                &self.setup.puzzle,
                self.solve.is_solving(),
                &mut self.router,
                fx,
            ),
            Action::Notice(action) => self.notices.apply(action),
            Action::Truth(action) => {
                let cx = truth::Context::of(&self.setup, &self.solve);
                self.truth.apply(action, &cx, &mut self.router, fx)
            }
            Action::Step(action) => self.stepping.apply(action, self.solve.trace.as_deref()),
            Action::SetMode(mode) => {
                if mode == self.mode {
                    return false;
                }
                self.mode = mode;
                self.notices.notice = None;
                if mode == Mode::HandPlay {
                    self.setup.editing = Side::Start;
                    self.playback.pause();
                    self.restart_hand_play(fx);
                }
                true
            }
            Action::Worker(event) => self.on_worker(event, fx),
        }
    }

    fn on_setup(&mut self, action: SetupAction, fx: &mut Vec<Effect>) -> bool {
        if action.edits_by_hand() && self.mode != Mode::Setup {
            return false;
        }
        let frame = self.playback.replay.as_ref().map(|r| r.frame.clone());
        match self.setup.apply(action.clone(), frame.as_deref()) {
            Edit::Unchanged => return false,
            Edit::View => {
                if matches!(action, SetupAction::SetEditing(_)) {
                    self.playback.pause();
                }
            }
            Edit::Choice => self.reset_run(fx),
            Edit::Puzzle => self.after_edit(fx),
        }
        true
    }

    /// Solve (and "Solve from here"): an unsolvable puzzle is explained at once, else the search is posted.
    fn solve_now(&mut self, fx: &mut Vec<Effect>) {
        self.mode = Mode::Setup;
        self.setup.editing = Side::Start;
        self.playback.clear();
        self.notices.share_link = None;
        if let Err(why) = self.setup.solvability() {
            // Decided in O(N) here: no search can help, so none is started.
            self.solve.reset(&mut self.router, fx);
            self.notices.notice = Some(Notice::unsolvable(why));
            return;
        }
        self.notices.notice = None;
        // A hint in the worker would make the solve wait: it gives way.
        self.hand_play
            .forget_requests(Text::new(Msg::HintSolveStarted), &mut self.router, fx);
        self.truth.reset(false, &mut self.router, fx);
        self.solve.start(&self.setup, &mut self.router, fx);
    }

    /// Forgets the last run (and stops a running one): the puzzle or a choice changed.
    fn reset_run(&mut self, fx: &mut Vec<Effect>) {
        self.share.at = None;
        self.solve.reset(&mut self.router, fx);
        self.playback.clear();
        self.notices.clear();
        self.truth.reset(false, &mut self.router, fx);
    }

    /// A puzzle edit: the run is forgotten and hand play restarts from the new start.
    fn after_edit(&mut self, fx: &mut Vec<Effect>) {
        self.reset_run(fx);
        self.truth.reset(true, &mut self.router, fx);
        self.restart_hand_play(fx);
    }

    /// Hand play starts over from the start; in hand play the optimum is asked for.
    fn restart_hand_play(&mut self, fx: &mut Vec<Effect>) {
        self.hand_play
            .restart(&self.setup.puzzle, &mut self.router, fx);
        if self.mode == Mode::HandPlay {
            let cx = Context {
                puzzle: &self.setup.puzzle,
                solvable: self.setup.solvability().is_ok(),
                solving: self.solve.is_solving(),
            };
            self.hand_play.ask_optimum(&cx, &mut self.router, fx);
        }
    }

    /// A finished search: its solution becomes the playback (if the replay checks out), and plays. After answers
    /// that improved while the person watched, the final one is offered like them (see [`Playback::offer`]) and
    /// plays only if the playback still rests at the start.
    fn finish(&mut self, report: Report) {
        let improved = self.playback.replay.is_some();
        let open_at = self.share.at.take();
        if report.status == Status::Solved && report.moves_listed {
            self.show_answer(&report);
            if let Some(at) = open_at {
                self.open_at(at);
            } else if improved {
                self.playback.play_from_start();
            } else if let Some(replay) = self.playback.replay.as_mut() {
                replay.playing = true;
            }
        } else {
            self.playback.clear();
        }
        self.solve.run = Run::Finished(std::rc::Rc::new(report));
    }

    /// Shows the answer paused after `at` moves, as a link asked (its end, with a notice, if it is shorter).
    fn open_at(&mut self, at: usize) {
        let Some(length) = self.playback.replay.as_ref().map(Replay::len) else {
            return;
        };
        self.playback
            .apply(PlaybackAction::Seek(at.min(length)), &self.setup.puzzle);
        self.playback.pause();
        if at > length {
            self.notices.notice = Some(share::beyond_notice(at, length));
        }
    }

    /// A solved answer, the first or a better one: checked by replaying it on the puzzle, then offered to the
    /// playback, paused (a run that improves its answer starts playing when it ends).
    fn show_answer(&mut self, report: &Report) {
        match build_replay(&self.setup.puzzle, &report.moves) {
            Ok(mut replay) => {
                replay.playing = false;
                self.mode = Mode::Setup;
                self.setup.editing = Side::Start;
                self.playback.offer(replay, &self.setup.puzzle);
            }
            Err(why) => self.notices.notice = Some(Notice::error(why)),
        }
    }

    /// A worker event, handed by the router to the concern that owns it.
    fn on_worker(&mut self, event: WorkerEvent, fx: &mut Vec<Effect>) -> bool {
        let response = match event {
            WorkerEvent::Crashed(why) => {
                return match self.router.crashed(fx) {
                    Some(owner) => self.lost(owner, Lost::Crashed(why), fx),
                    // An idle worker died (or failed to load): the next request respawns it.
                    None => false,
                };
            }
            WorkerEvent::Message(response) => response,
        };
        if let Some(changed) = self.on_background(&response) {
            return changed;
        }
        match self.router.route(&response, fx) {
            Route::To { owner, .. } => self.reply(owner, response, fx),
            Route::Broken { lost } => {
                let why = match &response.body {
                    crate::protocol::ResponseBody::Error { message } => message.clone(),
                    _ => String::new(),
                };
                match lost {
                    Some(owner) => self.lost(owner, Lost::Broken(why), fx),
                    None => {
                        self.notices.notice =
                            Some(Notice::error(Text::new(Msg::NoticeSolverStart).arg(why)));
                        true
                    }
                }
            }
            Route::Late {
                owner: Owner::Solve,
            } => self.solve.on_late(response.body),
            Route::Late { .. } | Route::Stale => false,
        }
    }

    /// A worker message about no request: the progress of a build that outlives the request that started it (the
    /// 5x5 pattern databases), or a fresh worker (nothing is being built in it). `None` for every other message.
    fn on_background(&mut self, response: &Response) -> Option<bool> {
        if response.id != NO_REQUEST {
            return None;
        }
        let build = match response.body {
            ResponseBody::Building { fraction, .. } if fraction < 1.0 => {
                Some(solve::whole_percent(fraction))
            }
            ResponseBody::Building { .. } | ResponseBody::Ready => None,
            _ => return None,
        };
        let changed = build != self.tables_build;
        self.tables_build = build;
        Some(changed)
    }

    /// A reply for `owner`'s request.
    fn reply(&mut self, owner: Owner, response: Response, fx: &mut Vec<Effect>) -> bool {
        match owner {
            Owner::Solve => match self.solve.on_reply(response.body) {
                Heard::Nothing => false,
                Heard::Changed => true,
                Heard::Better(report) => {
                    self.show_answer(&report);
                    true
                }
                Heard::Finished(report) => {
                    self.finish(*report);
                    let cx = truth::Context::of(&self.setup, &self.solve);
                    self.truth.after_solve(&cx, &mut self.router, fx);
                    true
                }
            },
            Owner::Hint(_) | Owner::Optimum => {
                self.hand_play
                    .on_reply(owner, response.body, &self.setup.puzzle)
            }
            Owner::CompareRow(row) => {
                self.compare
                    .on_reply(row, response.body, &mut self.router, fx)
            }
            Owner::Truth(ask) => {
                self.truth
                    .on_reply(ask, response.body, &self.setup.puzzle, &mut self.router, fx)
            }
        }
    }

    /// `owner`'s request was lost before its answer.
    fn lost(&mut self, owner: Owner, why: Lost, fx: &mut Vec<Effect>) -> bool {
        match owner {
            Owner::Solve => self.solve.on_lost(why),
            Owner::Hint(_) | Owner::Optimum => self.hand_play.on_lost(owner, why),
            Owner::CompareRow(row) => self.compare.on_lost(row, why, &mut self.router, fx),
            Owner::Truth(ask) => self.truth.on_lost(ask, why),
        }
    }
}
