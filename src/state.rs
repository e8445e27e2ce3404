//! The app's state and the one place it changes: `State`, the `Action`s people and the worker cause, and the reducer.
//!
//! The reducer is pure: randomness arrives as a seed inside the action, and the effects it asks for (post a request,
//! respawn the worker) are recorded in the state (`outbox`, `worker_generation`) for the app's effects to carry out.

use crate::format;
use crate::i18n::{Msg, Text};
use crate::protocol::{Request, RequestKind, Response, ResponseBody, NO_REQUEST};
use crate::url;
use crate::worker_client::WorkerEvent;
use solver::hanoi::{self, HanoiMove, MoveError};
use solver::query::{self, PuzzleKind, PuzzleSpec, Query};
use solver::search::weighted::Weight;
use solver::sliding::{self, Dir, Shape, Unsolvable};
use solver::{Algorithm, HeuristicName, Moves, Report, Status};
use std::fmt;
use std::rc::Rc;
use yew::Reducible;

/// The most states one search in the browser may hold by default. Memory, finite and never given back in a worker,
/// is budgeted in bytes by the worker itself (`worker::SEARCH_MAX_BYTES`, `BFS_MAX_BYTES`), which also lowers this
/// for large states.
pub const MAX_STATES: u64 = 32_000_000;
/// The state budgets offered; each state costs tens of bytes, and a worker that runs out of memory is replaced.
pub const STATE_BUDGETS: [u64; 6] = [
    1_000_000, 2_000_000, 4_000_000, 8_000_000, 16_000_000, 32_000_000,
];
/// After a search whose peak memory estimate passes this, the worker is replaced to give its memory back.
pub const RESPAWN_AFTER_BYTES: u64 = 256 << 20;
/// A solving worker that sends nothing for this long is taken for dead.
pub const SILENCE_MS: u32 = 20_000;
/// The disk counts the Hanoi picker offers (links may carry more).
pub const UI_DISKS: std::ops::RangeInclusive<u8> = 1..=12;
/// The default and the largest number of random moves of a Scramble.
pub const DEFAULT_SCRAMBLE: u32 = 20;
pub const MAX_SCRAMBLE: u32 = 1000;
/// The largest depth bound offered for depth-bounded DFS.
pub const MAX_DFS_DEPTH: u32 = 200;

/// Animation speeds, slowest first: (milliseconds between ticks, moves per tick). The speed control's value is the
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

/// Setting the puzzle up, or playing it by hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Setup,
    Play,
}

/// Which position a set-up edit changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Start,
    Goal,
}

/// A run of the solver, from the app's point of view.
#[derive(Debug, Clone, PartialEq)]
pub enum Run {
    Idle,
    Solving(Progress),
    Finished(Rc<Report>),
    /// The user cancelled (the worker was replaced).
    Cancelled,
    /// The worker failed: crashed, fell silent, or could not load.
    Failed(Text),
}

/// The latest counters of a running search.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    /// The request being answered.
    pub id: u64,
    pub expanded: u64,
    pub generated: u64,
    pub elapsed_ms: f64,
    /// Messages heard for this request so far (the silence watchdog re-arms on each).
    pub heard: u32,
    /// How far a preparation step (building pattern databases) has got, while one runs.
    pub building: Option<f64>,
}

/// One move of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// The direction the blank moves.
    Slide(Dir),
    Disk(HanoiMove),
}

/// A solution being shown: its moves and where the animation is. Moves are put in words only for the part of the
/// list on screen (`State::move_words`), so a million-move Hanoi solution costs a few bytes a move.
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoticeKind {
    Info,
    Error,
}

/// A message for the person, shown in the message line until the next edit. It holds keys and arguments, not
/// words: the message line renders it in the page's language (see `i18n::Text`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notice {
    pub kind: NoticeKind,
    /// The message's sentences, in order.
    pub text: Vec<Text>,
}

impl Notice {
    pub fn info(text: impl Into<Text>) -> Notice {
        Notice {
            kind: NoticeKind::Info,
            text: vec![text.into()],
        }
    }

    pub fn error(text: impl Into<Text>) -> Notice {
        Notice {
            kind: NoticeKind::Error,
            text: vec![text.into()],
        }
    }

    /// The message in `lang`, its sentences joined.
    pub fn text_in(&self, lang: crate::i18n::Lang) -> String {
        let sentences: Vec<String> = self.text.iter().map(|t| t.render(lang)).collect();
        sentences.join(" ")
    }
}

/// The status shown in `data-status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StatusName {
    Idle,
    Solving,
    Solved,
    Unsolvable,
    Limit,
    Cancelled,
    Error,
}

impl StatusName {
    pub fn name(self) -> &'static str {
        match self {
            StatusName::Idle => "idle",
            StatusName::Solving => "solving",
            StatusName::Solved => "solved",
            StatusName::Unsolvable => "unsolvable",
            StatusName::Limit => "limit",
            StatusName::Cancelled => "cancelled",
            StatusName::Error => "error",
        }
    }
}

impl fmt::Display for StatusName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Everything the page shows.
#[derive(Debug, Clone, PartialEq)]
pub struct State {
    /// The puzzle: its kind, size, start and goal (always a valid spec).
    pub puzzle: PuzzleSpec,
    pub algorithm: Algorithm,
    pub heuristic: HeuristicName,
    pub dfs_depth: u32,
    /// The weight of weighted A*, as a link gave it (`None`: the solver's default).
    pub weight: Option<solver::search::weighted::Weight>,
    /// The most states a search may hold.
    pub max_states: u64,
    pub mode: Mode,
    pub editing: Side,
    pub run: Run,
    pub replay: Option<Replay>,
    /// The position in play mode, and the moves made by hand.
    pub play: Vec<u8>,
    pub play_moves: u32,
    /// Play mode's undo/redo history, hint and optimum (see `play.rs`).
    pub assist: crate::play::Assist,
    /// The compare panel and its last run (see `compare.rs`).
    pub compare: crate::compare::Compare,
    /// The teaching tracer's record of the last run, for small spaces (the Sierpinski view).
    pub trace: Option<Rc<solver::search::trace::Trace>>,
    /// The id of the last request that finished: its teaching trace follows its `Done` (so the solution shows first).
    pub finished_id: u64,
    pub speed: u8,
    pub scramble_moves: u32,
    pub notice: Option<Notice>,
    /// The link last shared, shown for copying by hand.
    pub share_link: Option<String>,
    /// The id the next request gets.
    pub next_id: u64,
    /// The request the app must post (a new id means a new post).
    pub outbox: Option<Request>,
    /// Bumped whenever the worker must be replaced by a fresh one (cancel, crash, silence, memory).
    pub worker_generation: u32,
}

/// Everything that can happen to the state.
#[derive(Debug, Clone, PartialEq)]
pub enum Action {
    /// Switch between sliding puzzle and Tower of Hanoi (a fresh default puzzle of that kind).
    SetKind {
        kind: PuzzleKind,
        seed: u64,
    },
    /// A new board size: the default goal and a random start.
    SetSize {
        width: u8,
        height: u8,
        seed: u64,
    },
    SetPegs(u8),
    SetDisks(u8),
    SetAlgorithm(Algorithm),
    SetHeuristic(HeuristicName),
    SetDfsDepth(u32),
    /// One of `STATE_BUDGETS`.
    SetMaxStates(u64),
    SetMode(Mode),
    SetEditing(Side),
    /// Set-up: swap the contents of two cells of the edited position.
    SwapCells(usize, usize),
    /// Set-up: put a disk on a peg of the edited position (it settles by size).
    PlaceDisk {
        disk: u8,
        peg: u8,
    },
    /// Play: slide the tile in this cell into the blank next to it.
    SlideTile(usize),
    /// Play: move the blank (the arrow keys).
    MoveBlank(Dir),
    /// Play: move the top disk of one peg onto another.
    MoveDisk(HanoiMove),
    /// A uniformly random solvable arrangement (sliding) or a random legal state (Hanoi) for the edited side.
    Shuffle {
        seed: u64,
    },
    /// `scramble_moves` random moves away from the other side.
    Scramble {
        seed: u64,
    },
    SetScrambleMoves(u32),
    Solve,
    Cancel,
    Worker(WorkerEvent),
    /// The watchdog: nothing heard for `SILENCE_MS` since message number `heard` of request `id`.
    WorkerSilent {
        id: u64,
        heard: u32,
    },
    TogglePlay,
    StepForward,
    StepBack,
    Seek(usize),
    Tick,
    SetSpeed(u8),
    /// The share button's outcome: the link, and whether it reached the clipboard.
    Shared {
        link: String,
        copied: Result<(), String>,
    },
    DismissNotice,
    /// A play-mode button: hint, undo, redo, solve from here.
    Play(crate::play::PlayAction),
    /// The compare panel: start, tick pairs, set the budget, cancel (see `compare.rs`).
    Compare(crate::compare::CompareAction),
}

impl State {
    /// The page as it opens: the puzzle from the query string `search` (with or without `?`), or a shuffled 8-puzzle
    /// with a message naming the problem if the link cannot be read.
    pub fn from_search(search: &str, seed: u64) -> State {
        match url::read(search) {
            None => State::new_default(seed),
            Some(Ok(q)) => State::from_query(q),
            Some(Err(e)) => State {
                notice: Some(Notice::error(
                    Text::new(Msg::NoticeBadLink).arg(e.to_string()),
                )),
                ..State::new_default(seed)
            },
        }
    }

    /// A shuffled 8-puzzle, solved by A*.
    pub fn new_default(seed: u64) -> State {
        let goal = query::default_sliding_goal(3, 3);
        let start = shuffled_board(EIGHT_PUZZLE, &goal, seed);
        State::with_puzzle(PuzzleSpec::Sliding {
            width: 3,
            height: 3,
            start,
            goal,
        })
    }

    /// The state for a parsed link; choices that do not fit the puzzle are replaced, with a note.
    pub fn from_query(q: Query) -> State {
        let mut state = State::with_puzzle(q.puzzle);
        state.weight = q.weight;
        let kind = state.kind();
        let mut notes = Vec::new();
        if let Some(a) = q.algorithm {
            if algorithms_for(kind).contains(&a) {
                state.algorithm = a;
            } else {
                notes.push(
                    Text::new(Msg::NoteAlgorithmNotApplicable)
                        .arg(a)
                        .arg(kind_title(kind))
                        .arg(state.algorithm),
                );
            }
        }
        if let Some(h) = q.heuristic {
            if heuristics_for(&state.puzzle).contains(&h) {
                state.heuristic = h;
            } else {
                notes.push(
                    Text::new(Msg::NoteHeuristicNotApplicable)
                        .arg(h.name())
                        .arg(kind_title(kind))
                        .arg(state.heuristic),
                );
            }
        }
        if !notes.is_empty() {
            state.notice = Some(Notice {
                kind: NoticeKind::Info,
                text: notes,
            });
        }
        state
    }

    fn with_puzzle(puzzle: PuzzleSpec) -> State {
        let kind = puzzle.kind();
        let play = puzzle.start().to_vec();
        State {
            puzzle,
            algorithm: Algorithm::Astar,
            heuristic: default_heuristic(kind),
            dfs_depth: solver::search::DEFAULT_DFS_DEPTH,
            weight: None,
            max_states: MAX_STATES,
            mode: Mode::Setup,
            editing: Side::Start,
            run: Run::Idle,
            replay: None,
            play,
            play_moves: 0,
            assist: crate::play::Assist::default(),
            compare: crate::compare::Compare::default(),
            trace: None,
            finished_id: NO_REQUEST,
            speed: DEFAULT_SPEED,
            scramble_moves: DEFAULT_SCRAMBLE,
            notice: None,
            share_link: None,
            next_id: NO_REQUEST + 1,
            outbox: None,
            worker_generation: 0,
        }
    }

    pub fn kind(&self) -> PuzzleKind {
        self.puzzle.kind()
    }

    /// The PUZZLE query string of the page (for the URL and the worker).
    pub fn query_string(&self) -> String {
        url::write(&self.puzzle, self.algorithm, self.heuristic, self.weight)
    }

    /// The board shape, for a sliding puzzle.
    pub fn shape(&self) -> Option<Shape> {
        match self.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => Some(Shape { width, height }),
            PuzzleSpec::Hanoi { .. } => None,
        }
    }

    /// The position on screen: the hand-played one in play mode, the goal while editing it, the animation's frame
    /// while a solution is shown, else the start.
    pub fn shown(&self) -> &[u8] {
        match (self.mode, self.editing, &self.replay) {
            (Mode::Play, _, _) => &self.play,
            (Mode::Setup, Side::Goal, _) => self.puzzle.goal(),
            (Mode::Setup, Side::Start, Some(replay)) => &replay.frame,
            (Mode::Setup, Side::Start, None) => self.puzzle.start(),
        }
    }

    /// `Err(why)` if the start cannot reach the goal (only sliding puzzles can be unsolvable). O(N), no search.
    pub fn solvability(&self) -> Result<(), Unsolvable> {
        match &self.puzzle {
            PuzzleSpec::Sliding {
                width,
                height,
                start,
                goal,
            } => sliding::check_solvable(
                Shape {
                    width: *width,
                    height: *height,
                },
                start,
                goal,
            ),
            PuzzleSpec::Hanoi { .. } => Ok(()),
        }
    }

    pub fn is_solving(&self) -> bool {
        matches!(self.run, Run::Solving(_))
    }

    pub fn status(&self) -> StatusName {
        match &self.run {
            Run::Idle if self.solvability().is_err() => StatusName::Unsolvable,
            Run::Idle => StatusName::Idle,
            Run::Solving(_) => StatusName::Solving,
            Run::Finished(report) => match report.status {
                Status::Solved => StatusName::Solved,
                Status::Unsolvable => StatusName::Unsolvable,
                Status::Limit => StatusName::Limit,
                Status::Cancelled => StatusName::Cancelled,
                Status::Invalid => StatusName::Error,
            },
            Run::Cancelled => StatusName::Cancelled,
            Run::Failed(_) => StatusName::Error,
        }
    }

    /// The message line: a notice if there is one, else what the last run said, else why the puzzle is unsolvable.
    pub fn message(&self) -> Option<Notice> {
        if let Some(notice) = &self.notice {
            return Some(notice.clone());
        }
        match &self.run {
            Run::Finished(report) => {
                let mut text = vec![self.result_text(report)];
                text.extend(
                    report
                        .notes
                        .iter()
                        .map(|n| Text::new(Msg::WorkerNote).arg(n.as_str())),
                );
                Some(Notice {
                    kind: match report.status {
                        Status::Solved => NoticeKind::Info,
                        _ => NoticeKind::Error,
                    },
                    text,
                })
            }
            Run::Cancelled => Some(Notice::info(Msg::NoticeCancelled)),
            Run::Failed(why) => Some(Notice::error(why.clone())),
            Run::Idle | Run::Solving(_) => self.solvability().err().map(unsolvable_notice),
        }
    }

    /// A finished run's result in the page's words, from the report's fields where the result is a search's
    /// solution; the solver's own (English) sentence, wrapped, for everything else (limits, direct solvers, ...).
    fn result_text(&self, report: &Report) -> Text {
        let searched = report.status == Status::Solved && report.algorithm != Algorithm::Direct;
        if !searched {
            return Text::new(Msg::SolverSays).arg(capitalise(&report.message));
        }
        let count = Text::new(if report.length == 1 {
            Msg::CountMovesOne
        } else {
            Msg::CountMoves
        })
        .arg(report.length);
        let heuristic = report
            .heuristic
            .as_deref()
            .and_then(HeuristicName::from_name);
        let admissible = heuristic.is_none_or(HeuristicName::is_admissible);
        match (report.algorithm, heuristic) {
            (_, _) if report.optimal => Text::new(Msg::SolvedShortest).arg(count),
            (Algorithm::Weighted, Some(h)) if !admissible => {
                Text::new(Msg::SolvedNoBound).arg(count).arg(h)
            }
            (Algorithm::Weighted, _) => {
                let w = self.weight.unwrap_or(Weight::DEFAULT).to_string();
                Text::new(Msg::SolvedWithin)
                    .arg(count)
                    .arg(w.as_str())
                    .arg(w.as_str())
            }
            (Algorithm::Astar | Algorithm::Idastar, Some(h)) if !admissible => {
                Text::new(Msg::SolvedInadmissible)
                    .arg(count)
                    .arg(h)
                    .arg(report.algorithm)
            }
            (algorithm, _) => Text::new(Msg::SolvedNoGuarantee).arg(count).arg(algorithm),
        }
    }

    /// Warnings about the chosen algorithm on this puzzle, shown before a run.
    pub fn hints(&self) -> Vec<Text> {
        let mut hints = Vec::new();
        let space = self.state_space();
        match self.algorithm {
            Algorithm::Dfs => hints.push(Text::new(Msg::AlgoNoteDfs).arg(self.dfs_depth)),
            Algorithm::Weighted => hints.push(Text::new(Msg::AlgoNoteWeighted)),
            Algorithm::Greedy => hints.push(Text::new(Msg::AlgoNoteGreedy)),
            Algorithm::Bfs | Algorithm::Bibfs if space > self.max_states as f64 => hints.push(
                Text::new(Msg::AlgoNoteBudget)
                    .arg(self.algorithm)
                    .arg(format::big_count(space))
                    .arg(format::count(self.max_states)),
            ),
            _ => {}
        }
        if self.algorithm.uses_heuristic() && self.heuristic == HeuristicName::Pdb {
            hints.push(Text::new(Msg::AlgoNotePdb));
        }
        if self.algorithm.uses_heuristic() && !self.heuristic.is_admissible() {
            hints.push(Text::new(Msg::AlgoNoteSeedPower));
        }
        match &self.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => {
                let cells = usize::from(*width) * usize::from(*height);
                let optimal_search =
                    matches!(self.algorithm, Algorithm::Astar | Algorithm::Idastar);
                if optimal_search && cells > solver::pdb::MAX_CELLS {
                    hints.push(Text::new(Msg::AlgoNoteHugeBoard).arg(*width).arg(*height));
                } else if optimal_search && cells > 12 && self.heuristic != HeuristicName::Pdb {
                    hints.push(Text::new(Msg::AlgoNoteBigBoard).arg(*width).arg(*height));
                }
            }
            PuzzleSpec::Hanoi {
                pegs,
                disks,
                start,
                goal,
            } => {
                let tower = |p: &[u8]| p.windows(2).all(|w| w[0] == w[1]);
                if self.algorithm == Algorithm::Direct {
                    if *pegs > 3 && !(tower(start) && tower(goal)) {
                        hints.push(Text::new(Msg::AlgoNoteDirectTower).arg(*pegs));
                    }
                    if u64::from(*disks) > u64::from(hanoi::DIRECT_MOVE_CAP.ilog2()) {
                        hints.push(
                            Text::new(Msg::AlgoNoteDirectCap)
                                .arg(*disks)
                                .arg(*disks)
                                .arg(format::count(hanoi::DIRECT_MOVE_CAP)),
                        );
                    }
                } else if *pegs > 3
                    && matches!(self.algorithm, Algorithm::Astar | Algorithm::Idastar)
                    && space > self.max_states as f64
                {
                    hints.push(
                        Text::new(Msg::AlgoNoteLowerBound)
                            .arg(format::big_count(space))
                            .arg(*pegs)
                            .arg(self.algorithm)
                            .arg(format::count(self.max_states)),
                    );
                } else if *disks > query::MAX_SEARCH_DISKS {
                    hints.push(
                        Text::new(Msg::AlgoNoteMaxDisks)
                            .arg(query::MAX_SEARCH_DISKS)
                            .arg(*disks),
                    );
                }
            }
        }
        hints
    }

    /// Whether a solve also asks for the teaching tracer's record: Tower of Hanoi on 3 pegs with up to 7 disks,
    /// drawn as its Sierpinski triangle.
    /// Also sliding puzzles of at most 9 cells (up to 3x3), drawn board by board in the step-through view.
    pub fn traceable(&self) -> bool {
        match self.puzzle {
            PuzzleSpec::Hanoi { pegs: 3, disks, .. } => {
                disks <= crate::components::sierpinski::MAX_DISKS
            }
            PuzzleSpec::Hanoi { .. } => false,
            PuzzleSpec::Sliding { width, height, .. } => u32::from(width) * u32::from(height) <= 9,
        }
    }

    /// The number of positions reachable from the start (sliding: N!/2; Hanoi: pegs^disks), as a float since it
    /// overflows every integer type on big boards.
    pub fn state_space(&self) -> f64 {
        match &self.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => {
                let cells = u32::from(*width) * u32::from(*height);
                (2..=cells).map(f64::from).product::<f64>() / 2.0
            }
            PuzzleSpec::Hanoi { pegs, disks, .. } => f64::from(*pegs).powi(i32::from(*disks)),
        }
    }

    /// Records a new request for the worker (replacing a busy worker first) and starts the run.
    fn start_request(&mut self) {
        if self.is_solving() || !self.assist.pending.is_empty() {
            // A busy worker (a search, or a slow hint) would make this request wait: replace it.
            self.worker_generation = self.worker_generation.wrapping_add(1);
            self.forget_hint_requests(Text::new(Msg::HintSolveStarted));
        }
        let id = self.next_id;
        self.next_id += 1;
        self.trace = None;
        self.outbox = Some(Request {
            id,
            kind: RequestKind::Solve {
                query: self.query_string(),
                max_states: self.max_states,
                time_limit_ms: None,
                max_depth: (self.algorithm == Algorithm::Dfs).then_some(self.dfs_depth),
                cancel_token: None,
                trace: self.traceable(),
            },
        });
        self.run = Run::Solving(Progress {
            id,
            expanded: 0,
            generated: 0,
            elapsed_ms: 0.0,
            heard: 0,
            building: None,
        });
    }

    /// Forgets the last run (and stops a running one): the puzzle or the algorithm changed.
    fn reset_run(&mut self) {
        if self.is_solving() {
            self.worker_generation = self.worker_generation.wrapping_add(1);
        }
        self.outbox = None;
        self.run = Run::Idle;
        self.replay = None;
        self.trace = None;
        self.notice = None;
        self.share_link = None;
    }

    /// The position set-up edits change.
    fn edited_mut(&mut self) -> &mut Vec<u8> {
        let editing = self.editing;
        match &mut self.puzzle {
            PuzzleSpec::Sliding { start, goal, .. } | PuzzleSpec::Hanoi { start, goal, .. } => {
                match editing {
                    Side::Start => start,
                    Side::Goal => goal,
                }
            }
        }
    }

    /// An edit applies to the position on screen: if that is a frame of a solution, it becomes the start first.
    fn adopt_frame(&mut self) {
        if self.editing == Side::Start {
            if let Some(replay) = self.replay.take() {
                let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) =
                    &mut self.puzzle;
                *start = replay.frame;
            }
        }
    }

    /// The position opposite the edited one.
    fn other(&self) -> &[u8] {
        match self.editing {
            Side::Start => self.puzzle.goal(),
            Side::Goal => self.puzzle.start(),
        }
    }

    /// A puzzle edit: the run is forgotten and play restarts from the new start.
    pub(crate) fn after_edit(&mut self) {
        self.reset_run();
        self.play = self.puzzle.start().to_vec();
        self.play_moves = 0;
        self.restart_assist();
    }

    fn replace_puzzle(&mut self, puzzle: PuzzleSpec) {
        let kind = puzzle.kind();
        self.puzzle = puzzle;
        if !algorithms_for(kind).contains(&self.algorithm) {
            self.algorithm = Algorithm::Astar;
        }
        if !heuristics_for(&self.puzzle).contains(&self.heuristic) {
            self.heuristic = default_heuristic(kind);
        }
        self.editing = Side::Start;
        self.after_edit();
    }

    fn seek(&mut self, target: usize) {
        let (shape, pegs) = (self.shape(), self.pegs());
        if let Some(replay) = self.replay.as_mut() {
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
    }

    /// Moves `first..last` of the solution in words ("tile 5 slides left", "disk 2: peg A -> C"), found by replaying
    /// from the frame on screen; empty without a solution.
    pub fn move_words(&self, first: usize, last: usize) -> Vec<Text> {
        let Some(replay) = self.replay.as_ref() else {
            return Vec::new();
        };
        let (shape, pegs) = (self.shape(), self.pegs());
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
                    Text::new(Msg::MoveWordsTile)
                        .arg(tile)
                        .arg(dir_word(dir.opposite()))
                }
                (Step::Disk(mv), _) => {
                    // The moved disk is the top of `from`: the smallest disk there.
                    let disk = board.iter().position(|&p| p == mv.from).unwrap_or(0);
                    Text::new(Msg::MoveWordsDisk)
                        .arg(disk)
                        .arg(hanoi::peg_letter(mv.from))
                        .arg(hanoi::peg_letter(mv.to))
                }
                (Step::Slide(_), None) => Text::new(Msg::MoveWordsTile),
            });
            apply_step(shape, pegs, &mut board, step, false);
        }
        words
    }

    fn pegs(&self) -> u8 {
        match self.puzzle {
            PuzzleSpec::Hanoi { pegs, .. } => pegs,
            PuzzleSpec::Sliding { .. } => 0,
        }
    }

    fn finish(&mut self, report: Report) {
        if report.stats.peak_memory_bytes > RESPAWN_AFTER_BYTES {
            self.worker_generation = self.worker_generation.wrapping_add(1);
        }
        self.replay = None;
        if report.status == Status::Solved && report.moves_listed {
            match build_replay(&self.puzzle, &report.moves) {
                Ok(replay) => {
                    self.mode = Mode::Setup;
                    self.editing = Side::Start;
                    self.replay = Some(replay);
                }
                Err(why) => self.notice = Some(Notice::error(why)),
            }
        }
        self.run = Run::Finished(Rc::new(report));
    }

    fn on_worker(&mut self, event: WorkerEvent) -> bool {
        let current = match &self.run {
            Run::Solving(p) => Some(p.id),
            _ => None,
        };
        match event {
            WorkerEvent::Message(Response { id, body }) => match body {
                ResponseBody::Ready => false,
                ResponseBody::Error { message } if id == NO_REQUEST => {
                    let text = Text::new(Msg::NoticeSolverStart).arg(message);
                    if current.is_some() {
                        self.outbox = None;
                        self.run = Run::Failed(text);
                    } else {
                        self.notice = Some(Notice::error(text));
                    }
                    true
                }
                ResponseBody::Trace { trace } if current.is_none() && id == self.finished_id => {
                    self.trace = Some(Rc::new(trace));
                    true
                }
                _ if Some(id) != current => false,
                ResponseBody::Progress {
                    expanded,
                    generated,
                    elapsed_ms,
                } => {
                    if let Run::Solving(p) = &mut self.run {
                        p.expanded = expanded;
                        p.generated = generated;
                        p.elapsed_ms = elapsed_ms;
                        p.heard = p.heard.wrapping_add(1);
                        p.building = None;
                    }
                    true
                }
                ResponseBody::Building {
                    fraction,
                    elapsed_ms,
                } => {
                    if let Run::Solving(p) = &mut self.run {
                        p.building = Some(fraction.clamp(0.0, 1.0));
                        p.elapsed_ms = elapsed_ms;
                        p.heard = p.heard.wrapping_add(1);
                    }
                    true
                }
                ResponseBody::Trace { trace } => {
                    self.trace = Some(Rc::new(trace));
                    true
                }
                ResponseBody::Done { report } => {
                    self.outbox = None;
                    self.finished_id = id;
                    self.finish(report);
                    true
                }
                ResponseBody::Error { message } => {
                    self.outbox = None;
                    self.worker_generation = self.worker_generation.wrapping_add(1);
                    self.run = Run::Failed(Text::new(Msg::FailedSolverError).arg(message));
                    true
                }
            },
            WorkerEvent::Crashed(why) => {
                if current.is_none() {
                    // An idle worker died (or failed to load): the next request respawns it.
                    return false;
                }
                self.outbox = None;
                self.worker_generation = self.worker_generation.wrapping_add(1);
                self.run = Run::Failed(Text::new(Msg::FailedCrash).arg(why));
                true
            }
        }
    }
}

impl Reducible for State {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        let changed = s.apply(action);
        let changed = s.compare_follow() || changed;
        if changed {
            Rc::new(s)
        } else {
            self
        }
    }
}

impl State {
    /// Applies one action; false if nothing changed (so the page does not re-render).
    pub fn apply(&mut self, action: Action) -> bool {
        match action {
            Action::SetKind { kind, seed } => {
                if kind == self.kind() {
                    return false;
                }
                let puzzle = match kind {
                    PuzzleKind::Sliding => {
                        let goal = query::default_sliding_goal(3, 3);
                        PuzzleSpec::Sliding {
                            width: 3,
                            height: 3,
                            start: shuffled_board(EIGHT_PUZZLE, &goal, seed),
                            goal,
                        }
                    }
                    PuzzleKind::Hanoi => tower(3, 4),
                };
                self.replace_puzzle(puzzle);
            }
            Action::SetSize {
                width,
                height,
                seed,
            } => {
                let Ok(shape) = Shape::new(width, height) else {
                    return false;
                };
                if self.shape() == Some(shape) {
                    return false;
                }
                let goal = shape.default_goal();
                let start = if shape.cells() <= 9 {
                    shuffled_board(shape, &goal, seed)
                } else {
                    // A uniformly random big board is out of reach of every optimal search: start near the goal.
                    scrambled_board(shape, &goal, DEFAULT_SCRAMBLE, seed)
                };
                self.replace_puzzle(PuzzleSpec::Sliding {
                    width,
                    height,
                    start,
                    goal,
                });
            }
            Action::SetPegs(pegs) => match self.puzzle {
                PuzzleSpec::Hanoi { pegs: p, disks, .. }
                    if p != pegs && (query::MIN_PEGS..=query::MAX_PEGS).contains(&pegs) =>
                {
                    self.replace_puzzle(tower(pegs, disks));
                }
                _ => return false,
            },
            Action::SetDisks(disks) => match self.puzzle {
                PuzzleSpec::Hanoi { pegs, disks: d, .. }
                    if d != disks && (query::MIN_DISKS..=query::MAX_DISKS).contains(&disks) =>
                {
                    self.replace_puzzle(tower(pegs, disks));
                }
                _ => return false,
            },
            Action::SetAlgorithm(algorithm) => {
                if algorithm == self.algorithm || !algorithms_for(self.kind()).contains(&algorithm)
                {
                    return false;
                }
                self.algorithm = algorithm;
                self.reset_run();
            }
            Action::SetHeuristic(heuristic) => {
                if heuristic == self.heuristic || !heuristics_for(&self.puzzle).contains(&heuristic)
                {
                    return false;
                }
                self.heuristic = heuristic;
                self.reset_run();
            }
            Action::SetDfsDepth(depth) => {
                let depth = depth.clamp(1, MAX_DFS_DEPTH);
                if depth == self.dfs_depth {
                    return false;
                }
                self.dfs_depth = depth;
                self.reset_run();
            }
            Action::SetMaxStates(budget) => {
                if budget == self.max_states || !STATE_BUDGETS.contains(&budget) {
                    return false;
                }
                self.max_states = budget;
                self.reset_run();
            }
            Action::SetMode(mode) => {
                if mode == self.mode {
                    return false;
                }
                self.mode = mode;
                self.notice = None;
                if mode == Mode::Play {
                    self.editing = Side::Start;
                    self.play = self.puzzle.start().to_vec();
                    self.play_moves = 0;
                    self.reset_assist();
                    if let Some(replay) = self.replay.as_mut() {
                        replay.playing = false;
                    }
                    self.request_play_optimum();
                }
            }
            Action::SetEditing(side) => {
                if side == self.editing || self.mode == Mode::Play {
                    return false;
                }
                self.editing = side;
                if let Some(replay) = self.replay.as_mut() {
                    replay.playing = false;
                }
            }
            Action::SwapCells(a, b) => {
                if self.mode != Mode::Setup || self.kind() != PuzzleKind::Sliding || a == b {
                    return false;
                }
                let n = self.puzzle.start().len();
                if a >= n || b >= n {
                    return false;
                }
                self.adopt_frame();
                self.edited_mut().swap(a, b);
                self.after_edit();
            }
            Action::PlaceDisk { disk, peg } => {
                if self.mode != Mode::Setup || peg >= self.pegs() {
                    return false;
                }
                let current = match self.editing {
                    Side::Start => self.shown(),
                    Side::Goal => self.puzzle.goal(),
                };
                if current.get(usize::from(disk)).is_none_or(|&p| p == peg) {
                    return false;
                }
                self.adopt_frame();
                self.edited_mut()[usize::from(disk)] = peg;
                self.after_edit();
            }
            Action::SlideTile(cell) => {
                let Some(shape) = self.shape() else {
                    return false;
                };
                if self.mode != Mode::Play {
                    return false;
                }
                let Some(blank) = self.play.iter().position(|&t| t == 0) else {
                    return false;
                };
                let Some(dir) = Dir::ALL
                    .into_iter()
                    .find(|&d| shape.step(blank, d) == Some(cell))
                else {
                    return false;
                };
                return self.play_step(Step::Slide(dir));
            }
            Action::MoveBlank(dir) => {
                if self.mode != Mode::Play || self.kind() != PuzzleKind::Sliding {
                    return false;
                }
                return self.play_step(Step::Slide(dir));
            }
            Action::MoveDisk(mv) => {
                if self.mode != Mode::Play || self.kind() != PuzzleKind::Hanoi {
                    return false;
                }
                return self.play_step(Step::Disk(mv));
            }
            Action::Shuffle { seed } => {
                let other = self.other().to_vec();
                let fresh = match &self.puzzle {
                    PuzzleSpec::Sliding { width, height, .. } => shuffled_board(
                        Shape {
                            width: *width,
                            height: *height,
                        },
                        &other,
                        seed,
                    ),
                    PuzzleSpec::Hanoi { pegs, disks, .. } => random_position(*pegs, *disks, seed),
                };
                *self.edited_mut() = fresh;
                self.after_edit();
            }
            Action::Scramble { seed } => {
                let other = self.other().to_vec();
                let fresh = match &self.puzzle {
                    PuzzleSpec::Sliding { width, height, .. } => scrambled_board(
                        Shape {
                            width: *width,
                            height: *height,
                        },
                        &other,
                        self.scramble_moves,
                        seed,
                    ),
                    PuzzleSpec::Hanoi { pegs, .. } => {
                        scrambled_position(*pegs, &other, self.scramble_moves, seed)
                    }
                };
                *self.edited_mut() = fresh;
                self.after_edit();
            }
            Action::SetScrambleMoves(k) => {
                let k = k.clamp(1, MAX_SCRAMBLE);
                if k == self.scramble_moves {
                    return false;
                }
                self.scramble_moves = k;
            }
            Action::Solve => {
                self.mode = Mode::Setup;
                self.editing = Side::Start;
                self.replay = None;
                self.share_link = None;
                if let Err(why) = self.solvability() {
                    // Decided in O(N) here: no search can help, so none is started.
                    if self.is_solving() {
                        self.worker_generation = self.worker_generation.wrapping_add(1);
                    }
                    self.outbox = None;
                    self.run = Run::Idle;
                    self.notice = Some(unsolvable_notice(why));
                    return true;
                }
                self.notice = None;
                self.start_request();
            }
            Action::Cancel => {
                if !self.is_solving() {
                    return false;
                }
                self.worker_generation = self.worker_generation.wrapping_add(1);
                self.outbox = None;
                self.run = Run::Cancelled;
            }
            Action::Worker(event) => {
                if self.compare_on_worker(&event) {
                    return true;
                }
                if let Some(changed) = self.on_hint_reply(&event) {
                    return changed;
                }
                return self.on_worker(event);
            }
            Action::Play(action) => return self.on_play(action),
            Action::Compare(action) => return self.apply_compare(action),
            Action::WorkerSilent { id, heard } => match &self.run {
                Run::Solving(p) if p.id == id && p.heard == heard => {
                    self.outbox = None;
                    self.worker_generation = self.worker_generation.wrapping_add(1);
                    self.run = Run::Failed(Text::new(Msg::FailedSilent).arg(SILENCE_MS / 1000));
                }
                _ => return false,
            },
            Action::TogglePlay => {
                let Some(replay) = self.replay.as_mut() else {
                    return false;
                };
                if replay.playing {
                    replay.playing = false;
                } else {
                    let rewind = replay.at_end();
                    replay.playing = !replay.is_empty();
                    if rewind {
                        self.seek(0);
                    }
                }
                self.mode = Mode::Setup;
                self.editing = Side::Start;
            }
            Action::StepForward | Action::StepBack | Action::Seek(_) => {
                let Some(replay) = self.replay.as_mut() else {
                    return false;
                };
                let target = match action {
                    Action::StepForward => replay.cursor + 1,
                    Action::StepBack => replay.cursor.saturating_sub(1),
                    Action::Seek(k) => k,
                    _ => replay.cursor,
                };
                replay.playing = false;
                self.mode = Mode::Setup;
                self.editing = Side::Start;
                self.seek(target);
            }
            Action::Tick => {
                let Some(replay) = self.replay.as_ref() else {
                    return false;
                };
                if !replay.playing {
                    return false;
                }
                let target = replay.cursor + speed_timing(self.speed).1;
                self.seek(target);
                if let Some(replay) = self.replay.as_mut() {
                    if replay.at_end() {
                        replay.playing = false;
                    }
                }
            }
            Action::SetSpeed(speed) => {
                let speed = speed.clamp(1, SPEEDS.len() as u8);
                if speed == self.speed {
                    return false;
                }
                self.speed = speed;
            }
            Action::Shared { link, copied } => {
                self.notice = Some(match copied {
                    Ok(()) => Notice::info(Msg::NoticeLinkCopied),
                    Err(why) => Notice::info(Text::new(Msg::NoticeCopyByHand).arg(why)),
                });
                self.share_link = Some(link);
            }
            Action::DismissNotice => {
                if self.notice.is_none() && self.share_link.is_none() {
                    return false;
                }
                self.notice = None;
                self.share_link = None;
            }
        }
        true
    }

    /// A hand-played move: applied if legal (counted, and the goal celebrated), else explained.
    pub(crate) fn play_step(&mut self, step: Step) -> bool {
        // `Err(None)`: refused without a word (a blocked arrow key); `Err(Some(why))`: a refused drop, explained.
        let result: Result<(), Option<MoveError>> = match (step, &self.puzzle) {
            (Step::Slide(dir), PuzzleSpec::Sliding { width, height, .. }) => {
                let shape = Shape {
                    width: *width,
                    height: *height,
                };
                sliding::apply_move(shape, &mut self.play, dir).map_err(|_| None)
            }
            (Step::Disk(mv), PuzzleSpec::Hanoi { pegs, .. }) => {
                apply_disk_move(&mut self.play, *pegs, mv)
                    .map(|_| ())
                    .map_err(Some)
            }
            _ => return false,
        };
        match result {
            Ok(()) => {
                self.play_moves += 1;
                self.assist.record(step);
                self.notice = (self.play.as_slice() == self.puzzle.goal()).then(|| {
                    let key = if self.play_moves == 1 {
                        Msg::SolvedByHandOne
                    } else {
                        Msg::SolvedByHand
                    };
                    Notice::info(Text::new(key).arg(self.play_moves))
                });
                true
            }
            Err(None) => false,
            Err(Some(why)) => {
                self.notice = Some(Notice::error(drop_refused(why)));
                true
            }
        }
    }
}

/// Why a disk cannot be dropped there, in the page's words.
fn drop_refused(why: MoveError) -> Text {
    match why {
        MoveError::NoSuchPeg { peg, pegs } => Text::new(Msg::DropNoSuchPeg)
            .arg(peg)
            .arg(pegs.saturating_sub(1)),
        MoveError::SamePeg { peg } => Text::new(Msg::DropSamePeg).arg(hanoi::peg_letter(peg)),
        MoveError::EmptyPeg { peg } => Text::new(Msg::DropEmptyPeg).arg(hanoi::peg_letter(peg)),
        MoveError::OntoSmaller { disk, onto, peg } => Text::new(Msg::DropOntoSmaller)
            .arg(disk)
            .arg(hanoi::peg_letter(peg))
            .arg(onto),
    }
}

/// Why the start cannot reach the goal, in the page's words (from the parities the solver found).
fn unsolvable_notice(why: Unsolvable) -> Notice {
    Notice::error(Text::unsolvable(&why))
}

/// The algorithms offered for a kind of puzzle, in menu order.
pub fn algorithms_for(kind: PuzzleKind) -> Vec<Algorithm> {
    Algorithm::ALL
        .into_iter()
        .filter(|&a| a != Algorithm::Direct || kind == PuzzleKind::Hanoi)
        .collect()
}

/// The heuristics offered for a puzzle, in menu order: pattern databases only on boards of up to 16 cells.
pub fn heuristics_for(puzzle: &PuzzleSpec) -> Vec<HeuristicName> {
    let small_board = match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => {
            usize::from(*width) * usize::from(*height) <= solver::pdb::MAX_CELLS
        }
        PuzzleSpec::Hanoi { .. } => false,
    };
    HeuristicName::for_kind(puzzle.kind())
        .filter(|&h| h != HeuristicName::Pdb || small_board)
        .collect()
}

/// The heuristic a fresh puzzle of this kind uses.
pub fn default_heuristic(kind: PuzzleKind) -> HeuristicName {
    match kind {
        PuzzleKind::Sliding => HeuristicName::LinearConflict,
        PuzzleKind::Hanoi => HeuristicName::Exact,
    }
}

/// "sliding puzzle" / "Tower of Hanoi", in a sentence (heuristic names are `Lang::heuristic`).
pub fn kind_title(kind: PuzzleKind) -> Msg {
    match kind {
        PuzzleKind::Sliding => Msg::KindSliding,
        PuzzleKind::Hanoi => Msg::KindHanoi,
    }
}

/// The classic tower: every disk on the first peg, the goal every disk on the last.
fn tower(pegs: u8, disks: u8) -> PuzzleSpec {
    PuzzleSpec::Hanoi {
        pegs,
        disks,
        start: vec![0; usize::from(disks)],
        goal: query::default_hanoi_goal(pegs, disks),
    }
}

/// Moves the top disk of `mv.from` onto `mv.to` in a position (`position[i]` = peg of disk i); returns the disk moved.
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

/// Plays a validated step forward, or undoes it.
pub(crate) fn apply_step(shape: Option<Shape>, pegs: u8, frame: &mut [u8], step: Step, undo: bool) {
    // Steps were replayed once in `build_replay`, so they are legal here; a failure leaves the frame unchanged.
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
pub fn build_replay(puzzle: &PuzzleSpec, moves: &Moves) -> Result<Replay, Text> {
    let mut frame = puzzle.start().to_vec();
    let steps: Vec<Step> = match (puzzle, moves) {
        (PuzzleSpec::Sliding { width, height, .. }, Moves::Sliding(letters)) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            let dirs = sliding::parse_moves(letters)
                .map_err(|e| Text::new(Msg::ReplayUnreadable).arg(e.to_string()))?;
            for (i, &dir) in dirs.iter().enumerate() {
                sliding::apply_move(shape, &mut frame, dir)
                    .map_err(|e| Text::new(Msg::ReplayIllegal).arg(i + 1).arg(e.to_string()))?;
            }
            dirs.into_iter().map(Step::Slide).collect()
        }
        (PuzzleSpec::Hanoi { pegs, .. }, Moves::Hanoi(pairs)) => {
            let mut steps = Vec::with_capacity(pairs.len());
            for (i, &[from, to]) in pairs.iter().enumerate() {
                let mv = HanoiMove { from, to };
                apply_disk_move(&mut frame, *pegs, mv)
                    .map_err(|e| Text::new(Msg::ReplayIllegal).arg(i + 1).arg(e.to_string()))?;
                steps.push(Step::Disk(mv));
            }
            steps
        }
        // An empty list reads as either kind (the JSON of "" and [] are both empty).
        (_, Moves::Sliding(s)) if s.is_empty() => Vec::new(),
        (_, Moves::Hanoi(v)) if v.is_empty() => Vec::new(),
        _ => return Err(Text::new(Msg::ReplayOtherKind)),
    };
    if frame != puzzle.goal() {
        return Err(Text::new(Msg::ReplayNotAtGoal));
    }
    Ok(Replay {
        steps: steps.into(),
        cursor: 0,
        frame: puzzle.start().to_vec(),
        playing: true,
    })
}

/// A direction's word.
fn dir_word(dir: Dir) -> Msg {
    match dir {
        Dir::Up => Msg::DirUp,
        Dir::Down => Msg::DirDown,
        Dir::Left => Msg::DirLeft,
        Dir::Right => Msg::DirRight,
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

// ---- Random positions, from the solver crate's generators ----

/// The board of the default puzzle.
const EIGHT_PUZZLE: Shape = Shape {
    width: 3,
    height: 3,
};

/// A uniformly random board that can reach (or be reached from) `other`.
fn shuffled_board(shape: Shape, other: &[u8], seed: u64) -> Vec<u8> {
    sliding::shuffle_solvable(shape, other, seed).unwrap_or_else(|_| other.to_vec())
}

/// `other` after `moves` random moves.
fn scrambled_board(shape: Shape, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    sliding::scramble(shape, other, moves, seed).unwrap_or_else(|_| other.to_vec())
}

/// A uniformly random Hanoi position.
fn random_position(pegs: u8, disks: u8, seed: u64) -> Vec<u8> {
    hanoi::random_state(pegs, disks, seed).unwrap_or_else(|_| vec![0; usize::from(disks)])
}

/// `other` after `moves` random legal disk moves, never undoing the move just made.
fn scrambled_position(pegs: u8, other: &[u8], moves: u32, seed: u64) -> Vec<u8> {
    const NONE: usize = usize::MAX;
    let mut rng = hanoi::SplitMix64::new(seed);
    let mut position = other.to_vec();
    let mut last: Option<HanoiMove> = None;
    let mut legal = Vec::with_capacity(usize::from(pegs) * usize::from(pegs));
    let mut top = [NONE; query::MAX_PEGS as usize];
    for _ in 0..moves {
        // The top of each peg is its smallest disk: the first one listed.
        top.fill(NONE);
        for (disk, &peg) in position.iter().enumerate().rev() {
            if let Some(slot) = top.get_mut(usize::from(peg)) {
                *slot = disk;
            }
        }
        legal.clear();
        for from in 0..pegs {
            for to in 0..pegs {
                let mv = HanoiMove { from, to };
                let (a, b) = (top[usize::from(from)], top[usize::from(to)]);
                if from != to && a != NONE && (b == NONE || b > a) && Some(mv.inverse()) != last {
                    legal.push(mv);
                }
            }
        }
        let Some(&mv) = legal.get(rng.below(legal.len() as u64) as usize) else {
            break;
        };
        let _ = apply_disk_move(&mut position, pegs, mv);
        last = Some(mv);
    }
    position
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{HashMap, VecDeque};

    /// Independent truth: BFS over boards as plain vectors, returning a shortest list of blank moves.
    fn bfs_path(width: usize, height: usize, start: &[u8], goal: &[u8]) -> Option<String> {
        let mut parent: HashMap<Vec<u8>, (Vec<u8>, char)> = HashMap::new();
        let mut queue = VecDeque::from([start.to_vec()]);
        let mut seen = std::collections::HashSet::from([start.to_vec()]);
        while let Some(board) = queue.pop_front() {
            if board == goal {
                let mut path = Vec::new();
                let mut at = board;
                while let Some((prev, letter)) = parent.get(&at) {
                    path.push(*letter);
                    at = prev.clone();
                }
                return Some(path.into_iter().rev().collect());
            }
            let blank = board.iter().position(|&t| t == 0)?;
            let (r, c) = (blank / width, blank % width);
            for (letter, dr, dc) in [('U', -1i32, 0i32), ('D', 1, 0), ('L', 0, -1), ('R', 0, 1)] {
                let (nr, nc) = (r as i32 + dr, c as i32 + dc);
                if nr < 0 || nc < 0 || nr >= height as i32 || nc >= width as i32 {
                    continue;
                }
                let mut next = board.clone();
                next.swap(blank, nr as usize * width + nc as usize);
                if seen.insert(next.clone()) {
                    parent.insert(next.clone(), (board.clone(), letter));
                    queue.push_back(next);
                }
            }
        }
        None
    }

    fn sliding(width: u8, height: u8, start: Vec<u8>, goal: Vec<u8>) -> State {
        State::with_puzzle(PuzzleSpec::Sliding {
            width,
            height,
            start,
            goal,
        })
    }

    fn report(status: Status, moves: Moves, length: u64) -> Report {
        Report {
            optimal: true,
            ..Report::new(status, Algorithm::Bfs, moves, length, "solved")
        }
    }

    /// A notice in English.
    fn en(notice: &Notice) -> String {
        notice.text_in(crate::i18n::Lang::En)
    }

    /// The warnings about the chosen algorithm, in English.
    fn notes(s: &State) -> Vec<String> {
        s.hints()
            .iter()
            .map(|t| t.render(crate::i18n::Lang::En))
            .collect()
    }

    /// Moves `first..last` in words, in English.
    fn words_en(s: &State, first: usize, last: usize) -> Vec<String> {
        s.move_words(first, last)
            .iter()
            .map(|t| t.render(crate::i18n::Lang::En))
            .collect()
    }

    fn reply(id: u64, body: ResponseBody) -> Action {
        Action::Worker(WorkerEvent::Message(Response { id, body }))
    }

    fn request_id(s: &State) -> u64 {
        s.outbox
            .as_ref()
            .map(|r| r.id)
            .expect("a request was posted")
    }

    #[test]
    fn a_finished_search_is_described_in_the_pages_language_with_the_workers_notes() {
        use crate::i18n::Lang;
        let link = "puzzle=sliding&size=2x2&start=1,2,0,3&goal=1,2,3,0&algo=weighted&heuristic=manhattan&weight=1.5";
        let mut s = State::from_search(link, 1);
        let mut r = report(Status::Solved, Moves::Sliding("R".into()), 1);
        r.algorithm = Algorithm::Astar;
        r.heuristic = Some("manhattan".into());
        r.notes = vec!["the pattern databases were read from this browser's cache".into()];
        s.run = Run::Finished(Rc::new(r.clone()));
        let message = s.message().expect("a finished run has a message");
        assert_eq!(
            message.text_in(Lang::En),
            "Solved in 1 move: a shortest solution. Note: the pattern databases were read from this browser's cache."
        );
        assert!(message
            .text_in(Lang::Zh)
            .starts_with("已求解：1 步，是最短解。"));
        // Weighted A*: its bound, with the run's weight.
        r.algorithm = Algorithm::Weighted;
        r.optimal = false;
        r.length = 3;
        r.notes.clear();
        s.run = Run::Finished(Rc::new(r.clone()));
        let text = s.message().map(|m| m.text_in(Lang::Zh)).unwrap_or_default();
        assert_eq!(
            text,
            "已求解：3 步，不超过最短解的 1.5 倍（加权 A*，w = 1.5）。"
        );
        // Greedy: no guarantee, named in the page's language.
        r.algorithm = Algorithm::Greedy;
        s.run = Run::Finished(Rc::new(r.clone()));
        let text = s.message().map(|m| en(&m)).unwrap_or_default();
        assert!(
            text.starts_with("Solved in 3 moves;") && text.contains("does not guarantee"),
            "{text}"
        );
        // A stop at a limit keeps the solver's own sentence, which names the limit.
        r.status = Status::Limit;
        r.message = "stopped at the state limit (max-states = 10)".into();
        s.run = Run::Finished(Rc::new(r));
        let text = s.message().map(|m| en(&m)).unwrap_or_default();
        assert_eq!(text, "Stopped at the state limit (max-states = 10)");
    }

    #[test]
    fn an_empty_link_opens_a_solvable_shuffled_8_puzzle() {
        for seed in 0..20 {
            let s = State::from_search("", seed);
            let PuzzleSpec::Sliding {
                width: 3,
                height: 3,
                start,
                goal,
            } = &s.puzzle
            else {
                panic!("expected a 3x3 board, got {:?}", s.puzzle);
            };
            let mut sorted = start.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..9).collect::<Vec<u8>>());
            assert_eq!(goal, &vec![1, 2, 3, 4, 5, 6, 7, 8, 0]);
            // On an odd-width board a start reaches the goal iff their tile inversion counts have equal parity.
            let inversions = |b: &[u8]| {
                let tiles: Vec<u8> = b.iter().copied().filter(|&t| t != 0).collect();
                (0..tiles.len())
                    .flat_map(|i| (i + 1..tiles.len()).map(move |j| (i, j)))
                    .filter(|&(i, j)| tiles[i] > tiles[j])
                    .count()
            };
            assert_eq!(
                inversions(start) % 2,
                inversions(goal) % 2,
                "seed {seed} gave an unsolvable start {start:?}"
            );
            assert_eq!(s.status(), StatusName::Idle);
            assert!(s.notice.is_none());
        }
    }

    #[test]
    fn a_link_restores_the_puzzle_exactly() {
        let link = "?puzzle=sliding&size=3x2&start=4,1,2,5,0,3&goal=1,2,3,4,5,0&algo=idastar&heuristic=manhattan";
        let s = State::from_search(link, 1);
        assert_eq!(
            s.puzzle,
            PuzzleSpec::Sliding {
                width: 3,
                height: 2,
                start: vec![4, 1, 2, 5, 0, 3],
                goal: vec![1, 2, 3, 4, 5, 0]
            }
        );
        assert_eq!(
            (s.algorithm, s.heuristic),
            (Algorithm::Idastar, HeuristicName::Manhattan)
        );
        assert_eq!(format!("?{}", s.query_string()), link);
        let h = State::from_search(
            "puzzle=hanoi&pegs=4&disks=3&start=0,1,3&goal=3,3,3&algo=direct",
            1,
        );
        assert_eq!(
            h.query_string(),
            "puzzle=hanoi&pegs=4&disks=3&start=0,1,3&goal=3,3,3&algo=direct&heuristic=exact"
        );
    }

    #[test]
    fn a_weighted_link_keeps_its_weight() {
        let link = "puzzle=sliding&size=2x2&start=1,2,0,3&goal=1,2,3,0&algo=weighted&heuristic=manhattan&weight=1.5";
        let s = State::from_search(link, 1);
        assert_eq!(s.algorithm, Algorithm::Weighted);
        assert_eq!(s.query_string(), link);
    }

    #[test]
    fn a_malformed_link_says_why_and_falls_back() {
        let s = State::from_search("?puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,8", 5);
        let notice = s.notice.clone().expect("a message");
        assert_eq!(notice.kind, NoticeKind::Error);
        assert!(
            en(&notice).contains("could not be read") && en(&notice).contains('8'),
            "{}",
            en(&notice)
        );
        assert!(matches!(
            s.puzzle,
            PuzzleSpec::Sliding {
                width: 3,
                height: 3,
                ..
            }
        ));
        assert_eq!(s.message(), Some(notice));
    }

    #[test]
    fn an_unsolvable_link_loads_and_explains() {
        let s = State::from_search("puzzle=sliding&size=3x3&start=2,1,3,4,5,6,7,8,0", 5);
        assert_eq!(s.puzzle.start(), &[2, 1, 3, 4, 5, 6, 7, 8, 0]);
        assert_eq!(s.status(), StatusName::Unsolvable);
        let text = s.message().map(|m| en(&m)).unwrap_or_default();
        assert!(text.contains("cannot reach the goal"), "{text}");
        // The same parities in Chinese: an odd permutation (one swap), the blank on its goal cell (0, even).
        let zh = s
            .message()
            .map(|m| m.text_in(crate::i18n::Lang::Zh))
            .unwrap_or_default();
        assert!(
            zh.contains("方块相对目标是奇排列") && zh.contains("离目标格 0 步，是偶数"),
            "{zh}"
        );
        // Solving does not start a search: it says why at once.
        let mut s = s;
        assert!(s.apply(Action::Solve));
        assert!(s.outbox.is_none());
        assert_eq!(s.status(), StatusName::Unsolvable);
    }

    #[test]
    fn choices_that_do_not_fit_the_puzzle_are_replaced_with_a_note() {
        let s = State::from_search("puzzle=sliding&size=2x2&start=1,2,0,3&algo=direct", 1);
        assert_eq!(s.algorithm, Algorithm::Astar);
        assert!(s.notice.is_some_and(|n| n.kind == NoticeKind::Info));
    }

    #[test]
    fn set_up_edits_the_start_or_the_goal_and_forgets_the_run() {
        let mut s = sliding(2, 2, vec![1, 2, 3, 0], vec![1, 2, 3, 0]);
        assert!(s.apply(Action::SwapCells(0, 3)));
        assert_eq!(s.puzzle.start(), &[0, 2, 3, 1]);
        assert!(s.apply(Action::SetEditing(Side::Goal)));
        assert!(s.apply(Action::SwapCells(1, 2)));
        assert_eq!(s.puzzle.goal(), &[1, 3, 2, 0]);
        assert_eq!(s.shown(), &[1, 3, 2, 0]);
        assert!(
            !s.apply(Action::SwapCells(0, 9)),
            "an out-of-range cell is ignored"
        );
        s.apply(Action::Solve);
        assert!(s.is_solving() || s.status() == StatusName::Unsolvable);
        let generation = s.worker_generation;
        s.apply(Action::SetEditing(Side::Start));
        s.apply(Action::SwapCells(0, 1));
        assert_eq!(s.run, Run::Idle);
        assert!(s.outbox.is_none());
        assert!(s.worker_generation >= generation);
    }

    #[test]
    fn a_solve_posts_one_request_and_plays_the_answer_to_the_goal() {
        let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
        let mut s = sliding(3, 2, start.clone(), goal.clone());
        s.apply(Action::Solve);
        let id = request_id(&s);
        let Some(Request {
            kind: RequestKind::Solve {
                query, max_states, ..
            },
            ..
        }) = s.outbox.clone()
        else {
            unreachable!()
        };
        assert_eq!(query, s.query_string());
        assert_eq!(max_states, MAX_STATES);
        assert!(
            !s.apply(Action::SetMaxStates(12_345)),
            "only the offered budgets"
        );
        assert_eq!(s.status(), StatusName::Solving);

        // Progress of this request counts; anything for another id is stale and changes nothing.
        assert!(s.apply(reply(
            id,
            ResponseBody::Progress {
                expanded: 10,
                generated: 20,
                elapsed_ms: 1.0
            }
        )));
        assert!(!s.apply(reply(
            id + 7,
            ResponseBody::Progress {
                expanded: 99,
                generated: 99,
                elapsed_ms: 9.0
            }
        )));
        assert!(matches!(&s.run, Run::Solving(p) if p.expanded == 10 && p.heard == 1));

        let path = bfs_path(3, 2, &start, &goal).expect("solvable");
        let n = path.len();
        assert!(s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, Moves::Sliding(path.clone()), n as u64)
            }
        )));
        assert_eq!(s.status(), StatusName::Solved);
        assert!(s.outbox.is_none());
        let replay = s.replay.clone().expect("a replay");
        assert_eq!((replay.cursor, replay.len(), replay.playing), (0, n, true));
        // The words, derived here independently: the tile beside the blank moves the other way.
        let mut board = start.clone();
        let mut expected = Vec::new();
        for letter in path.chars() {
            let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
            let (other, word) = match letter {
                'U' => (blank - 3, "down"),
                'D' => (blank + 3, "up"),
                'L' => (blank - 1, "right"),
                _ => (blank + 1, "left"),
            };
            expected.push(format!("tile {} slides {word}", board[other]));
            board.swap(blank, other);
        }
        assert_eq!(words_en(&s, 0, n), expected);
        // A window read from another position of the animation says the same.
        s.apply(Action::Seek(3));
        assert_eq!(words_en(&s, 1, n + 5), expected[1..]);
        s.apply(Action::Seek(0));
        assert!(s.apply(Action::TogglePlay));
        assert_eq!(s.shown(), start.as_slice());

        // Ticks at the slowest speed move one step each, to the goal, then stop.
        s.apply(Action::SetSpeed(1));
        for _ in 0..n {
            assert!(s.apply(Action::Tick));
        }
        assert_eq!(s.shown(), goal.as_slice());
        assert!(!s.replay.as_ref().is_some_and(|r| r.playing));
        assert!(!s.apply(Action::Tick), "a stopped animation ignores ticks");

        // Back one step is the position before the last move; seeking to 0 is the start again.
        s.apply(Action::StepBack);
        let mut before_last = start.clone();
        for letter in path_prefix(&s, n - 1) {
            let dir = Dir::from_letter(letter).expect("a letter");
            sliding::apply_move(
                Shape {
                    width: 3,
                    height: 2,
                },
                &mut before_last,
                dir,
            )
            .expect("legal");
        }
        assert_eq!(s.shown(), before_last.as_slice());
        s.apply(Action::Seek(0));
        assert_eq!(s.shown(), start.as_slice());
        s.apply(Action::Seek(usize::MAX));
        assert_eq!(s.shown(), goal.as_slice());
        // Play at the end starts over.
        s.apply(Action::TogglePlay);
        assert!(s
            .replay
            .as_ref()
            .is_some_and(|r| r.playing && r.cursor == 0));
    }

    fn path_prefix(s: &State, k: usize) -> Vec<char> {
        let replay = s.replay.as_ref().expect("a replay");
        replay.steps[..k]
            .iter()
            .map(|step| match step {
                Step::Slide(d) => d.letter(),
                Step::Disk(_) => '?',
            })
            .collect()
    }

    #[test]
    fn a_fast_speed_plays_several_moves_per_tick() {
        let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
        let mut s = sliding(3, 2, start.clone(), goal.clone());
        s.apply(Action::Solve);
        let id = request_id(&s);
        let path = bfs_path(3, 2, &start, &goal).expect("solvable");
        let n = path.len();
        s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, Moves::Sliding(path), n as u64),
            },
        ));
        s.apply(Action::SetSpeed(SPEEDS.len() as u8));
        s.apply(Action::Tick);
        assert_eq!(
            s.replay.as_ref().map(|r| r.cursor),
            Some(n.min(SPEEDS[SPEEDS.len() - 1].1))
        );
    }

    #[test]
    fn a_wrong_answer_is_refused_not_shown() {
        let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
        s.apply(Action::Solve);
        let id = request_id(&s);
        // "U" is legal from this start but does not reach the goal; "D" leaves the board.
        s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, Moves::Sliding("U".into()), 1),
            },
        ));
        assert!(s.replay.is_none());
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| en(n).contains("do not end at the goal")));
        let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
        s.apply(Action::Solve);
        let id = request_id(&s);
        s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, Moves::Sliding("D".into()), 1),
            },
        ));
        assert!(s.notice.as_ref().is_some_and(|n| en(n).contains("illegal")));
    }

    #[test]
    fn an_edit_during_a_shown_solution_edits_what_is_shown() {
        let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
        s.apply(Action::Solve);
        let id = request_id(&s);
        let done = report(Status::Solved, Moves::Sliding("R".into()), 1);
        s.apply(reply(id, ResponseBody::Done { report: done }));
        s.apply(Action::Seek(1));
        assert_eq!(s.shown(), &[1, 2, 3, 0]);
        // Swapping tiles 1 and 2 on the board on screen (the goal frame) makes that the new start.
        assert!(s.apply(Action::SwapCells(0, 1)));
        assert_eq!(s.puzzle.start(), &[2, 1, 3, 0]);
        assert!(s.replay.is_none());
        assert_eq!(s.shown(), &[2, 1, 3, 0]);
    }

    #[test]
    fn cancel_replaces_the_worker_and_ignores_its_late_answer() {
        let mut s = State::new_default(3);
        s.apply(Action::Solve);
        let id = request_id(&s);
        let generation = s.worker_generation;
        assert!(s.apply(Action::Cancel));
        assert_eq!(s.worker_generation, generation + 1);
        assert!(s.outbox.is_none());
        assert_eq!(s.status(), StatusName::Cancelled);
        assert!(!s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, Moves::Sliding(String::new()), 0)
            }
        )));
        assert_eq!(s.status(), StatusName::Cancelled);
        assert!(!s.apply(Action::Cancel), "nothing to cancel");
        // The next solve gets a new id.
        s.apply(Action::Solve);
        assert!(request_id(&s) > id);
    }

    #[test]
    fn a_crash_or_silence_while_solving_fails_the_run_and_respawns() {
        let mut s = State::new_default(4);
        assert!(
            !s.apply(Action::Worker(WorkerEvent::Crashed("boom".into()))),
            "an idle crash changes nothing"
        );
        s.apply(Action::Solve);
        let generation = s.worker_generation;
        assert!(s.apply(Action::Worker(WorkerEvent::Crashed(
            "RuntimeError: unreachable".into()
        ))));
        assert_eq!(s.status(), StatusName::Error);
        assert_eq!(s.worker_generation, generation + 1);
        assert!(s
            .message()
            .is_some_and(|m| en(&m).contains("RuntimeError: unreachable")));

        s.apply(Action::Solve);
        let id = request_id(&s);
        s.apply(reply(
            id,
            ResponseBody::Progress {
                expanded: 1,
                generated: 1,
                elapsed_ms: 1.0,
            },
        ));
        assert!(
            !s.apply(Action::WorkerSilent { id, heard: 0 }),
            "heard from since: not silent"
        );
        s.apply(reply(
            id,
            ResponseBody::Building {
                fraction: 0.25,
                elapsed_ms: 2.0,
            },
        ));
        assert!(matches!(&s.run, Run::Solving(p) if p.building == Some(0.25) && p.heard == 2));
        assert!(
            !s.apply(Action::WorkerSilent { id, heard: 1 }),
            "a build step is a sign of life"
        );
        s.apply(reply(
            id,
            ResponseBody::Progress {
                expanded: 2,
                generated: 2,
                elapsed_ms: 3.0,
            },
        ));
        assert!(matches!(&s.run, Run::Solving(p) if p.building.is_none() && p.heard == 3));
        assert!(s.apply(Action::WorkerSilent { id, heard: 3 }));
        assert_eq!(s.status(), StatusName::Error);
        assert!(s.message().is_some_and(|m| en(&m).contains("not answered")));
    }

    #[test]
    fn a_memory_hungry_run_gets_a_fresh_worker() {
        let mut s = State::new_default(4);
        s.apply(Action::Solve);
        let id = request_id(&s);
        let generation = s.worker_generation;
        let mut r = report(Status::Limit, Moves::Sliding(String::new()), 0);
        r.stats.peak_memory_bytes = RESPAWN_AFTER_BYTES + 1;
        s.apply(reply(id, ResponseBody::Done { report: r }));
        assert_eq!(s.status(), StatusName::Limit);
        assert_eq!(s.worker_generation, generation + 1);
    }

    #[test]
    fn play_mode_slides_tiles_next_to_the_blank_and_counts() {
        let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
        assert!(!s.apply(Action::SlideTile(3)), "no sliding in set-up");
        s.apply(Action::SetMode(Mode::Play));
        assert!(
            !s.apply(Action::SlideTile(1)),
            "tile 2 is not next to the blank"
        );
        assert!(s.apply(Action::SlideTile(3)));
        assert_eq!(s.play, vec![1, 2, 3, 0]);
        assert_eq!(s.play_moves, 1);
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| en(n).contains("Solved by hand in 1 move!")));
        assert!(s.apply(Action::MoveBlank(Dir::Up)));
        assert_eq!(s.play, vec![1, 0, 3, 2]);
        assert!(!s.apply(Action::MoveBlank(Dir::Up)), "off the board");
        assert_eq!(s.play_moves, 2);
        assert_eq!(
            s.puzzle.start(),
            &[1, 2, 0, 3],
            "play never edits the puzzle"
        );
    }

    #[test]
    fn hanoi_play_allows_legal_moves_only() {
        let mut s = State::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
        s.apply(Action::SetMode(Mode::Play));
        assert!(s.apply(Action::MoveDisk(HanoiMove { from: 0, to: 1 })));
        assert_eq!(s.play, vec![1, 0]);
        // Disk 1 onto disk 0 is larger onto smaller: refused, with a reason.
        assert!(s.apply(Action::MoveDisk(HanoiMove { from: 0, to: 1 })));
        assert_eq!(s.play, vec![1, 0]);
        assert_eq!(s.play_moves, 1);
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| n.kind == NoticeKind::Error));
        s.apply(Action::MoveDisk(HanoiMove { from: 0, to: 2 }));
        s.apply(Action::MoveDisk(HanoiMove { from: 1, to: 2 }));
        assert_eq!(s.play, vec![2, 2]);
        assert!(s
            .notice
            .as_ref()
            .is_some_and(|n| en(n).contains("Solved by hand in 3 moves")));
    }

    #[test]
    fn hanoi_set_up_places_any_disk_on_any_peg() {
        let mut s = State::from_search("puzzle=hanoi&pegs=4&disks=3&start=0,0,0", 1);
        assert!(s.apply(Action::PlaceDisk { disk: 2, peg: 3 }));
        assert!(s.apply(Action::PlaceDisk { disk: 0, peg: 1 }));
        assert_eq!(s.puzzle.start(), &[1, 0, 3]);
        assert!(!s.apply(Action::PlaceDisk { disk: 0, peg: 4 }), "no peg 4");
        assert!(!s.apply(Action::PlaceDisk { disk: 3, peg: 0 }), "no disk 3");
    }

    #[test]
    fn a_hanoi_answer_is_described_disk_by_disk() {
        let mut s = State::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
        s.apply(Action::Solve);
        let id = request_id(&s);
        let moves = Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]]);
        s.apply(reply(
            id,
            ResponseBody::Done {
                report: report(Status::Solved, moves, 3),
            },
        ));
        let words = words_en(&s, 0, 3);
        s.apply(Action::Seek(2));
        assert_eq!(words_en(&s, 1, 3), words[1..]);
        assert_eq!(
            words,
            [
                "disk 0: peg A -> B",
                "disk 1: peg A -> C",
                "disk 0: peg B -> C"
            ]
        );
        s.apply(Action::Seek(3));
        assert_eq!(s.shown(), &[2, 2]);
    }

    #[test]
    fn shuffles_are_solvable_and_scrambles_stay_close() {
        let goal = vec![1, 2, 3, 4, 5, 0];
        for seed in 0..30 {
            let mut s = sliding(3, 2, goal.clone(), goal.clone());
            s.apply(Action::Shuffle { seed });
            assert!(
                bfs_path(3, 2, s.puzzle.start(), &goal).is_some(),
                "seed {seed}: {:?}",
                s.puzzle.start()
            );
            s.apply(Action::SetScrambleMoves(5));
            s.apply(Action::Scramble { seed });
            let distance = bfs_path(3, 2, s.puzzle.start(), &goal).map(|p| p.len());
            assert!(
                distance.is_some_and(|d| d <= 5),
                "seed {seed}: {distance:?}"
            );
        }
        // Editing the goal shuffles the goal, solvable from the start.
        let mut s = sliding(3, 2, vec![4, 1, 2, 5, 0, 3], goal.clone());
        s.apply(Action::SetEditing(Side::Goal));
        s.apply(Action::Shuffle { seed: 9 });
        assert_eq!(s.puzzle.start(), &[4, 1, 2, 5, 0, 3]);
        assert!(bfs_path(3, 2, s.puzzle.start(), s.puzzle.goal()).is_some());
    }

    #[test]
    fn hanoi_scrambles_are_legal_positions_near_the_goal() {
        let mut s = State::from_search("puzzle=hanoi&pegs=3&disks=5&start=0,0,0,0,0", 1);
        for seed in 0..20 {
            s.apply(Action::SetScrambleMoves(3));
            s.apply(Action::Scramble { seed });
            let start = s.puzzle.start();
            assert!(start.iter().all(|&p| p < 3));
            // Three moves from the tower on peg C: the two largest disks cannot have moved.
            assert_eq!(&start[3..], &[2, 2], "seed {seed}: {start:?}");
            s.apply(Action::Shuffle { seed });
            assert!(s.puzzle.start().iter().all(|&p| p < 3));
        }
    }

    #[test]
    fn switching_kind_and_size_keeps_choices_valid() {
        let mut s = State::new_default(1);
        s.apply(Action::SetHeuristic(HeuristicName::Manhattan));
        s.apply(Action::SetKind {
            kind: PuzzleKind::Hanoi,
            seed: 1,
        });
        assert_eq!(s.kind(), PuzzleKind::Hanoi);
        assert!(s.heuristic.applies_to(PuzzleKind::Hanoi));
        s.apply(Action::SetAlgorithm(Algorithm::Direct));
        s.apply(Action::SetDisks(7));
        assert_eq!(s.puzzle.start(), &[0; 7]);
        assert_eq!(s.puzzle.goal(), &[2; 7]);
        s.apply(Action::SetPegs(5));
        assert_eq!(s.puzzle.goal(), &[4; 7]);
        s.apply(Action::SetKind {
            kind: PuzzleKind::Sliding,
            seed: 1,
        });
        assert_eq!(s.algorithm, Algorithm::Astar, "direct is for Hanoi only");
        assert!(s.heuristic.applies_to(PuzzleKind::Sliding));
        assert!(s.apply(Action::SetSize {
            width: 5,
            height: 4,
            seed: 2
        }));
        assert_eq!(s.puzzle.goal().len(), 20);
        assert!(!s.apply(Action::SetSize {
            width: 9,
            height: 4,
            seed: 2
        }));
    }

    #[test]
    fn pattern_databases_are_offered_up_to_16_cells() {
        let mut s = State::from_search(
            "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&heuristic=pdb",
            1,
        );
        assert_eq!(s.heuristic, HeuristicName::Pdb);
        assert!(notes(&s).iter().any(|h| h.contains("Pattern databases")));
        s.apply(Action::SetSize {
            width: 5,
            height: 4,
            seed: 1,
        });
        assert_eq!(
            s.heuristic,
            HeuristicName::LinearConflict,
            "20 cells: no pattern databases"
        );
        assert!(!s.apply(Action::SetHeuristic(HeuristicName::Pdb)));
        let linked = State::from_search("puzzle=sliding&size=5x5&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&heuristic=pdb", 1);
        assert_eq!(linked.heuristic, HeuristicName::LinearConflict);
        assert!(linked.notice.is_some_and(|n| en(&n).contains("pdb")));
    }

    #[test]
    fn hints_warn_before_the_run() {
        let mut s = State::new_default(1);
        assert!(notes(&s).is_empty(), "{:?}", notes(&s));
        s.apply(Action::SetAlgorithm(Algorithm::Dfs));
        assert!(notes(&s).iter().any(|h| h.contains("not optimal")));
        s.apply(Action::SetAlgorithm(Algorithm::Greedy));
        assert!(notes(&s).iter().any(|h| h.contains("not optimal")));
        s.apply(Action::SetAlgorithm(Algorithm::Bfs));
        assert!(
            notes(&s).is_empty(),
            "BFS fits the 8-puzzle's 181,440 states"
        );
        s.apply(Action::SetSize {
            width: 4,
            height: 4,
            seed: 1,
        });
        assert!(
            notes(&s)
                .iter()
                .any(|h| h.contains("limit") && h.contains("1.0 × 10^13")),
            "{:?}",
            notes(&s)
        );
        assert_eq!(State::new_default(1).state_space(), 181_440.0);
        let mut h = State::from_search(
            "puzzle=hanoi&pegs=4&disks=3&start=0,1,0&goal=3,3,3&algo=direct",
            1,
        );
        assert!(
            notes(&h).iter().any(|t| t.contains("not a single tower")),
            "{:?}",
            notes(&h)
        );
        h.apply(Action::PlaceDisk { disk: 1, peg: 0 });
        assert!(notes(&h).is_empty(), "{:?}", notes(&h));
        let mut h = State::from_search(
            "puzzle=hanoi&pegs=5&disks=12&start=0,0,0,0,0,0,0,0,0,0,0,0&algo=astar",
            1,
        );
        assert!(
            notes(&h)
                .iter()
                .any(|t| t.contains("may stop at its limit")),
            "{:?}",
            notes(&h)
        );
        h.apply(Action::SetDisks(6));
        assert!(
            notes(&h).is_empty(),
            "5^6 positions fit the budget: {:?}",
            notes(&h)
        );
    }

    #[test]
    fn disk_moves_follow_the_rules() {
        // Peg A holds disk 1, peg B disk 2, peg C disk 0.
        let mut p = vec![2, 0, 1];
        assert_eq!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 0, to: 1 }),
            Ok(1),
            "disk 1 onto the larger disk 2"
        );
        assert_eq!(p, vec![2, 1, 1]);
        assert_eq!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 1, to: 2 }),
            Err(MoveError::OntoSmaller {
                disk: 1,
                onto: 0,
                peg: 2
            })
        );
        assert_eq!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 0, to: 2 }),
            Err(MoveError::EmptyPeg { peg: 0 })
        );
        assert!(matches!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 1, to: 1 }),
            Err(MoveError::SamePeg { .. })
        ));
        assert!(matches!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 1, to: 3 }),
            Err(MoveError::NoSuchPeg { .. })
        ));
        assert_eq!(
            apply_disk_move(&mut p, 3, HanoiMove { from: 2, to: 0 }),
            Ok(0),
            "onto the empty peg A"
        );
        assert_eq!(p, vec![0, 1, 1]);
    }

    #[test]
    fn reducer_notices_read_in_the_chosen_language() {
        use crate::i18n::Lang;
        let bad = State::from_search("?puzzle=sliding&size=9x9", 1);
        let notice = bad.notice.expect("a bad link is explained");
        assert!(notice
            .text_in(Lang::En)
            .starts_with("This link could not be read"));
        let zh = notice.text_in(Lang::Zh);
        assert!(zh.starts_with("无法读取此链接"), "{zh}");
        let cancelled = State {
            run: Run::Cancelled,
            ..State::new_default(1)
        };
        let notice = cancelled.message().expect("a cancelled run says so");
        assert!(notice.text_in(Lang::En).starts_with("Cancelled"));
        assert!(notice.text_in(Lang::Zh).starts_with("已取消"));
        // A link's choice that does not fit is explained with the names in the chosen language.
        let linked = State::from_search(
            "puzzle=sliding&size=5x5&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&heuristic=pdb",
            1,
        );
        // What a notice reads in English and in Chinese.
        let reads = |notice: &Notice, en: &str, zh: &str| {
            assert_eq!(notice.text_in(Lang::En), en);
            assert_eq!(notice.text_in(Lang::Zh), zh);
        };
        reads(
            &linked.notice.expect("the unusable heuristic is explained"),
            "The heuristic pdb does not apply to this sliding puzzle; using Manhattan + linear conflict.",
            "启发函数 pdb 不适用于这个滑块拼图；改用曼哈顿距离 + 线性冲突。",
        );
        // The warnings before a run, and a refused drop, follow the language too.
        let dfs = State {
            algorithm: Algorithm::Dfs,
            dfs_depth: 17,
            ..State::new_default(1)
        };
        let warnings = dfs.hints();
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].render(Lang::En).contains("within 17 moves"));
        let zh = warnings[0].render(Lang::Zh);
        assert!(zh.contains("17 步以内") && !zh.contains("DFS"), "{zh}");
        let mut tower = State::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
        tower.apply(Action::SetMode(Mode::Play));
        tower.apply(Action::MoveDisk(HanoiMove { from: 0, to: 1 }));
        assert!(tower.apply(Action::MoveDisk(HanoiMove { from: 0, to: 1 })));
        reads(
            &tower.notice.expect("a refused drop is explained"),
            "Disk 1 cannot go onto peg B: its top disk 0 is smaller.",
            "圆盘 1 不能放到柱 B 上：那里顶部的圆盘 0 更小。",
        );
    }
}
