//! The page's state and the one place it changes. [`State`] is made of concerns, each with its own state, action
//! and reducer: the lab's puzzle (a [`puzzle::Puzzle`] instance: set-up, solve run, playback and the step-through
//! of its traced run), further puzzle instances a page places beside it (figures), hand play, compare, the message
//! line, sharing (the embedded layout) and the heuristics held against the truth. One
//! [`router::Router`] owns every request to the worker and hands each reply back to the concern, or the puzzle
//! instance, that asked.
//!
//! The reducer is pure: randomness arrives as a seed inside the action, and what must happen outside the state
//! (post a request, replace the worker) leaves [`State::update`] as [`Effect`] values for the app to carry out. A
//! puzzle instance reports what happened to it as [`puzzle::Event`] values; the lab's reactions to its own
//! instance are in [`State::follow`].

pub mod compare;
pub mod exercise;
pub mod fresh;
pub mod hand_play;
pub mod notices;
pub mod owner;
pub mod playback;
pub mod puzzle;
pub mod router;
pub mod setup;
pub mod share;
pub mod solve;
pub mod stepping;
pub mod steps;
pub mod truth;

#[cfg(test)]
mod tests;

use crate::page::i18n::{BadLink, Failed, Play, Text};
use crate::page::url;
use crate::protocol::{Response, ResponseBody, WorkerEvent, WorkerNote, NO_REQUEST};
use compare::{Compare, CompareAction};
use hand_play::{Context, HandPlay, HandPlayAction};
use notices::{Notice, NoticeAction, NoticeKind, Notices};
use owner::Owner;
use playback::PlaybackAction;
use puzzle::{Event, Outcome, Puzzle};
pub use puzzle::{PuzzleAction, PuzzleId, SolveAction};
pub use router::Effect;
use router::{Lost, Route, Router};
use setup::{Edit, Setup, SetupAction, Side};
use share::{Share, ShareAction};
use solve::StatusName;
use solver::query::Query;
use std::collections::BTreeMap;
use std::rc::Rc;
use stepping::StepAction;
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
    /// The lab's puzzle: what the lab's concerns (hand play, compare, truth, stepping, sharing) work on.
    pub lab: Puzzle,
    /// Further puzzle instances placed on the page (a lesson's figures), by number. Each is shared between
    /// successive states until an action changes it, so that a part reading one figure can tell by its address
    /// whether it changed (`hooks::store::Figures`).
    pub figures: BTreeMap<u32, Rc<Puzzle>>,
    pub hand_play: HandPlay,
    pub compare: Compare,
    pub notices: Notices,
    pub share: Share,
    pub router: Router,
    /// Heuristics against the truth.
    pub truth: Truth,
    /// How far the worker's background build of the 5x5 pattern databases is (0 to 1), while one runs.
    pub tables_build: Option<f64>,
}

/// Everything that can happen to the state: an action of one puzzle instance or of one concern, a figure placed
/// or taken away, the page's mode, or a worker event.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// An action of the puzzle instance `PuzzleId` names.
    Puzzle(PuzzleId, PuzzleAction),
    /// Places a figure: a puzzle instance with this number and set-up (one with the number starts afresh).
    AddFigure(u32, Box<Setup>),
    /// Places a figure as `AddFigure` does, unless it already shows that very puzzle with those choices (placing
    /// it again would forget its run for nothing).
    PlaceFigure(u32, Box<Setup>),
    /// Takes a figure away (its request, if any, is withdrawn).
    RemoveFigure(u32),
    HandPlay(HandPlayAction),
    Compare(CompareAction),
    Notice(NoticeAction),
    Truth(TruthAction),
    Share(ShareAction),
    SetMode(Mode),
    /// Anything the worker says (the router finds its owner). Boxed: a report is far larger than any other action.
    Worker(Box<WorkerEvent>),
}

impl Action {
    /// An action of the lab's puzzle.
    pub fn lab(action: impl Into<PuzzleAction>) -> Action {
        Action::Puzzle(PuzzleId::Lab, action.into())
    }
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
    HandPlay(HandPlayAction),
    Compare(CompareAction),
    Notice(NoticeAction),
    Truth(TruthAction),
    Share(ShareAction)
);

impl From<WorkerEvent> for Action {
    fn from(event: WorkerEvent) -> Action {
        Action::Worker(Box::new(event))
    }
}

/// A puzzle instance's action, given without an instance, is the lab's.
macro_rules! into_lab_action {
    ($($action:ty),*) => {$(
        impl From<$action> for Action {
            fn from(action: $action) -> Action {
                Action::lab(action)
            }
        }
    )*};
}
into_lab_action!(SetupAction, SolveAction, PlaybackAction, StepAction);

/// What one action did: whether the page must redraw, and what the app must do outside the state, in order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Update {
    pub changed: bool,
    pub effects: Vec<Effect>,
}

impl State {
    /// The page as it opens: the puzzle from the query string `search` (with or without `?`; a board's size alone
    /// opens a board of that size shuffled by `seed`), or a shuffled 8-puzzle with a message naming the problem if
    /// the link cannot be read. The link's page keys (`at`, `embed`, `depth`) are read beside it; unusable values are named
    /// in the message line too.
    pub fn from_search(search: &str, seed: u64) -> State {
        let (view, bad) = url::read_view(search);
        let mut state = State::from_puzzle_link(search, seed);
        state.share = Share::from_view(view);
        state.lab.open_at = Share::opening_move(view);
        if let Some(depth) = view.depth {
            state.lab.setup.dfs_depth = depth;
        }
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
                    Text::new(BadLink::Notice).arg(Text::query_error(&e)),
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

    /// The state for a set-up of the lab's puzzle, nothing run yet and no figures.
    pub fn with_setup(setup: Setup) -> State {
        let hand_play = HandPlay {
            position: setup.puzzle.start().to_vec(),
            ..HandPlay::default()
        };
        State {
            mode: Mode::Setup,
            lab: Puzzle::new(PuzzleId::Lab, setup),
            figures: BTreeMap::new(),
            hand_play,
            compare: Compare::default(),
            notices: Notices::default(),
            share: Share::default(),
            router: Router::default(),
            truth: Truth::default(),
            tables_build: None,
        }
    }

    /// The puzzle instance `id` names, if it is on the page.
    pub fn puzzle(&self, id: PuzzleId) -> Option<&Puzzle> {
        match id {
            PuzzleId::Lab => Some(&self.lab),
            PuzzleId::Figure(number) => self.figures.get(&number).map(|p| &**p),
        }
    }

    /// Every puzzle instance on the page: the lab's, then the figures.
    fn puzzles(&self) -> impl Iterator<Item = &Puzzle> {
        std::iter::once(&self.lab).chain(self.figures.values().map(|p| &**p))
    }

    fn puzzle_mut(&mut self, id: PuzzleId) -> Option<&mut Puzzle> {
        match id {
            PuzzleId::Lab => Some(&mut self.lab),
            PuzzleId::Figure(number) => self.figures.get_mut(&number).map(Rc::make_mut),
        }
    }

    /// The page's PUZZLE query string.
    pub fn query_string(&self) -> String {
        url::write(&self.lab.setup.query())
    }

    /// The address bar's query string: the PUZZLE, the move a link still has to open at, and `embed=1` if embedded.
    pub fn address(&self) -> String {
        let view = url::View {
            depth: self.lab.setup.link_depth(),
            ..self.share.view(self.lab.open_at)
        };
        url::write_with_view(&self.lab.setup.query(), view)
    }

    /// The query string of a link to this run as shown: the PUZZLE, the playback's move (if a solution is shown and
    /// has left its start) and, for `embed`, the embedded layout.
    pub fn link(&self, embed: bool) -> String {
        let at = self.lab.playback.replay.as_ref().map(|r| r.cursor);
        let view = url::View {
            at: if embed {
                Some(at.unwrap_or(0))
            } else {
                at.filter(|&k| k > 0)
            },
            embed,
            depth: self.lab.setup.link_depth(),
        };
        url::write_with_view(&self.lab.setup.query(), view)
    }

    /// The position on screen: the hand-played one in hand play, else the lab's puzzle's (the goal while editing
    /// it, the playback's frame while a solution is shown, else the start).
    pub fn shown(&self) -> &[u8] {
        match self.mode {
            Mode::HandPlay => &self.hand_play.position,
            Mode::Setup => self.lab.shown(),
        }
    }

    pub fn is_solving(&self) -> bool {
        self.lab.is_solving()
    }

    pub fn status(&self) -> StatusName {
        self.lab.status()
    }

    /// The message line: a notice if there is one, else what the last run said, else why the puzzle is unsolvable.
    pub fn message(&self) -> Option<Notice> {
        if let Some(notice) = &self.notices.notice {
            return Some(notice.clone());
        }
        self.lab.message()
    }

    /// What the lab's silence watchdog watches: its solve's request while the worker is on it, and the messages
    /// heard.
    pub fn solve_watch(&self) -> Option<(u64, u32)> {
        self.lab.solve_watch(&self.router)
    }

    /// Whether the lab's solve waits behind another request (a compare run's pair, a figure's solve).
    pub fn solve_waiting(&self) -> bool {
        self.lab.solve_waiting(&self.router)
    }

    /// Applies one action: whether anything changed, and the effects for the app to carry out.
    pub fn update(&mut self, action: impl Into<Action>) -> Update {
        let mut fx = Vec::new();
        let traces: Vec<(PuzzleId, usize)> =
            self.puzzles().map(|p| (p.id, p.trace_key())).collect();
        let changed = self.apply(action.into(), &mut fx);
        // A new trace puts its puzzle's step-through back on the whole search.
        for (id, before) in traces {
            // Asked first: taking a figure to change it copies it.
            if self.puzzle(id).is_some_and(|p| p.trace_key() != before) {
                if let Some(puzzle) = self.puzzle_mut(id) {
                    puzzle.stepping.restart();
                }
            }
        }
        let ended = self
            .compare
            .follow(&self.lab.setup.puzzle, &mut self.router, &mut fx);
        self.router.prepare(&self.lab.setup.query(), &mut fx);
        Update {
            changed: changed || ended,
            effects: fx,
        }
    }

    fn apply(&mut self, action: Action, fx: &mut Vec<Effect>) -> bool {
        match action {
            Action::Puzzle(PuzzleId::Lab, action) => self.on_lab(action, fx),
            Action::Puzzle(PuzzleId::Figure(number), action) => {
                let Some(figure) = self.figures.get_mut(&number) else {
                    return false;
                };
                Rc::make_mut(figure)
                    .update(action, &mut self.router, fx)
                    .changed
            }
            Action::PlaceFigure(number, setup) => {
                let same = self
                    .figures
                    .get(&number)
                    .is_some_and(|f| f.setup.query() == setup.query());
                !same && self.apply(Action::AddFigure(number, setup), fx)
            }
            Action::AddFigure(number, setup) => {
                let figure = Rc::new(Puzzle::new(PuzzleId::Figure(number), *setup));
                if let Some(mut earlier) = self.figures.insert(number, figure) {
                    Rc::make_mut(&mut earlier).forget_run(&mut self.router, fx);
                }
                true
            }
            Action::RemoveFigure(number) => match self.figures.remove(&number) {
                Some(mut figure) => {
                    Rc::make_mut(&mut figure).forget_run(&mut self.router, fx);
                    true
                }
                None => false,
            },
            Action::Share(ShareAction::Opened) => {
                if self.lab.open_at.is_none() || self.is_solving() {
                    return false;
                }
                // The link's own notices (a bad value, a replaced choice) stay on show over the run's result.
                let link_notice = self.notices.notice.take();
                self.solve_now(fx);
                if !self.is_solving() {
                    // No search could start (an unsolvable puzzle): there will be no answer to open at.
                    self.lab.open_at = None;
                }
                if self.notices.notice.is_none() {
                    self.notices.notice = link_notice;
                }
                true
            }
            Action::HandPlay(HandPlayAction::SolveFromHere) => {
                if self.mode != Mode::HandPlay {
                    return false;
                }
                let here = self.hand_play.position.clone();
                let edited = self.lab.start_from(&here, &mut self.router, fx);
                self.mode = Mode::Setup;
                self.follow_events(vec![edited], fx);
                self.solve_now(fx);
                true
            }
            Action::HandPlay(action) => {
                if self.mode != Mode::HandPlay {
                    return false;
                }
                let cx = Context {
                    puzzle: &self.lab.setup.puzzle,
                    solvable: self.lab.setup.solvability().is_ok(),
                    solving: self.lab.is_solving(),
                };
                self.hand_play
                    .apply(action, &cx, &mut self.notices, &mut self.router, fx)
            }
            Action::Compare(action) => self.compare.apply(
                action,
                &self.lab.setup.puzzle,
                self.lab.is_solving(),
                &mut self.router,
                fx,
            ),
            Action::Notice(action) => self.notices.apply(action),
            Action::Truth(action) => {
                let cx = truth::Context::of(&self.lab);
                self.truth.apply(action, &cx, &mut self.router, fx)
            }
            Action::SetMode(mode) => {
                if mode == self.mode {
                    return false;
                }
                self.mode = mode;
                self.notices.notice = None;
                if mode == Mode::HandPlay {
                    self.lab.setup.editing = Side::Start;
                    self.lab.playback.pause();
                    self.restart_hand_play(fx);
                }
                true
            }
            Action::Worker(event) => self.on_worker(*event, fx),
        }
    }

    /// An action of the lab's puzzle: edits by hand wait for set-up mode, and a Solve first clears the way.
    fn on_lab(&mut self, action: PuzzleAction, fx: &mut Vec<Effect>) -> bool {
        match &action {
            PuzzleAction::Setup(edit) if edit.edits_by_hand() && self.mode != Mode::Setup => {
                return false
            }
            PuzzleAction::Solve(SolveAction::Solve) => self.before_solve(fx),
            _ => {}
        }
        let outcome = self.lab.update(action, &mut self.router, fx);
        self.follow(outcome, fx)
    }

    /// Solve (and "Solve from here", and a link's solve on opening), keeping the move a link opens at.
    fn solve_now(&mut self, fx: &mut Vec<Effect>) {
        self.before_solve(fx);
        let event = self.lab.solve(&mut self.router, fx);
        self.follow_events(vec![event], fx);
    }

    /// What the lab does before its puzzle is solved: it shows the set-up, and, when a search will start, the
    /// requests that would make it wait give way (a hint in the worker, the truth's measurements of the old run).
    fn before_solve(&mut self, fx: &mut Vec<Effect>) {
        self.mode = Mode::Setup;
        self.notices.share_link = None;
        if self.lab.setup.solvability().is_ok() {
            self.hand_play
                .forget_requests(Text::new(Play::HintSolveStarted), &mut self.router, fx);
            self.truth.reset(false, &mut self.router, fx);
        }
    }

    /// The lab's reactions to what happened to its puzzle; whether the puzzle changed.
    fn follow(&mut self, outcome: Outcome, fx: &mut Vec<Effect>) -> bool {
        self.follow_events(outcome.events, fx);
        outcome.changed
    }

    fn follow_events(&mut self, events: Vec<Event>, fx: &mut Vec<Effect>) {
        for event in events {
            match event {
                Event::Edited(edit) => {
                    self.notices.clear();
                    self.truth.reset(false, &mut self.router, fx);
                    if edit == Edit::Puzzle {
                        // Hand play and the truth's race start over from the new puzzle.
                        self.truth.reset(true, &mut self.router, fx);
                        self.restart_hand_play(fx);
                    }
                }
                Event::Unsolvable(why) => self.notices.notice = Some(Notice::unsolvable(why)),
                Event::Started => self.notices.notice = None,
                Event::Shown => self.mode = Mode::Setup,
                Event::Refused(why) => self.notices.notice = Some(Notice::error(why)),
                Event::Beyond { at, length } => {
                    self.notices.notice = Some(share::beyond_notice(at, length))
                }
                Event::Finished => {
                    let cx = truth::Context::of(&self.lab);
                    self.truth.after_solve(&cx, &mut self.router, fx);
                }
            }
        }
    }

    /// Hand play starts over from the start; in hand play the optimum is asked for.
    fn restart_hand_play(&mut self, fx: &mut Vec<Effect>) {
        self.hand_play
            .restart(&self.lab.setup.puzzle, &mut self.router, fx);
        if self.mode == Mode::HandPlay {
            let cx = Context {
                puzzle: &self.lab.setup.puzzle,
                solvable: self.lab.setup.solvability().is_ok(),
                solving: self.lab.is_solving(),
            };
            self.hand_play.ask_optimum(&cx, &mut self.router, fx);
        }
    }

    /// A worker event. The router hears it first, since it owns the worker's life (a crash, a request to be
    /// retired, a fresh worker's `Ready`), and hands each reply to the concern that owns it.
    fn on_worker(&mut self, event: WorkerEvent, fx: &mut Vec<Effect>) -> bool {
        let response = match event {
            WorkerEvent::Crashed(why) => {
                return match self.router.crashed(fx) {
                    Some(owner) => self.lost(owner, Lost::Crashed(why), fx),
                    None => false,
                };
            }
            WorkerEvent::Note(WorkerNote::Retire { memory_bytes }) => {
                self.router.retire(memory_bytes, fx);
                return false;
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
                    crate::protocol::ResponseBody::Error { failure } => Text::failure(failure),
                    _ => Text::new(Failed::NotRunning),
                };
                match lost {
                    Some(owner) => self.lost(owner, Lost::Broken(why), fx),
                    None => {
                        self.notices.notice =
                            Some(Notice::error(Text::new(Failed::SolverStart).arg(why)));
                        true
                    }
                }
            }
            Route::Late {
                owner: Owner::Solve(id),
            } => self
                .puzzle_mut(id)
                .is_some_and(|puzzle| puzzle.on_late(response.body)),
            Route::Fresh => self.tables_build.take().is_some(),
            Route::Late { .. } | Route::Stale => false,
        }
    }

    /// A worker message about no request: the progress of a build that outlives the request that started it (the
    /// 5x5 pattern databases). `None` for every other message.
    fn on_background(&mut self, response: &Response) -> Option<bool> {
        if response.id != NO_REQUEST {
            return None;
        }
        let build = match response.body {
            ResponseBody::Building { fraction, .. } if fraction < 1.0 => {
                Some(solve::whole_percent(fraction))
            }
            ResponseBody::Building { .. } => None,
            _ => return None,
        };
        let changed = build != self.tables_build;
        self.tables_build = build;
        Some(changed)
    }

    /// A reply for `owner`'s request.
    fn reply(&mut self, owner: Owner, response: Response, fx: &mut Vec<Effect>) -> bool {
        match owner {
            Owner::Solve(PuzzleId::Lab) => {
                let outcome = self.lab.on_reply(response.body);
                self.follow(outcome, fx)
            }
            Owner::Solve(id) => self
                .puzzle_mut(id)
                .is_some_and(|figure| figure.on_reply(response.body).changed),
            Owner::Hint(_) | Owner::Optimum => {
                self.hand_play
                    .on_reply(owner, response.body, &self.lab.setup.puzzle)
            }
            Owner::CompareRow(row) => {
                self.compare
                    .on_reply(row, response.body, &mut self.router, fx)
            }
            Owner::Truth(ask) => self.truth.on_reply(
                ask,
                response.body,
                &self.lab.setup.puzzle,
                &mut self.router,
                fx,
            ),
        }
    }

    /// `owner`'s request was lost before its answer.
    fn lost(&mut self, owner: Owner, why: Lost, fx: &mut Vec<Effect>) -> bool {
        match owner {
            Owner::Solve(id) => self.puzzle_mut(id).is_some_and(|p| p.on_lost(why)),
            Owner::Hint(_) | Owner::Optimum => self.hand_play.on_lost(owner, why),
            Owner::CompareRow(row) => self.compare.on_lost(row, why, &mut self.router, fx),
            Owner::Truth(ask) => self.truth.on_lost(ask, why),
        }
    }
}
