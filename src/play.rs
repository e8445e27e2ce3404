//! Play with hints: the hand-played moves (undo and redo), the optimal next move and distance asked of the worker,
//! the optimum from the play start, and "Solve from here".
//!
//! The reducer stays the one place state changes: [`PlayAction`]s arrive through `Action::Play`, and the worker's
//! answers to hint requests are recognised by their ids in [`State::on_hint_reply`] before the solve run sees them.

use crate::i18n::{Msg, Text};
use crate::protocol::{Request, RequestKind, Response, ResponseBody};
use crate::state::{apply_step, build_replay, Action, Mode, Side, State, Step, MAX_STATES};
use crate::url;
use crate::worker_client::WorkerEvent;
use solver::hanoi::peg_letter;
use solver::query::{PuzzleSpec, MAX_SEARCH_DISKS};
use solver::sliding::Shape;
use solver::{Algorithm, HeuristicName, Status};

/// The longest a hint may search on boards without a quick optimal answer (4x4 and up, Hanoi with 4+ pegs).
pub const HINT_TIME_LIMIT_MS: u64 = 15_000;

/// What a play-mode button asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PlayAction {
    /// Ask the worker for the optimal next move from the current position.
    Hint,
    Undo,
    Redo,
    /// Make the current position the start and solve it with the chosen algorithm.
    SolveFromHere,
}

/// Why a hint request was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Purpose {
    /// The next move from this position (the person pressed Hint).
    Hint(Vec<u8>),
    /// The optimum from the play start (asked when play begins).
    Optimum,
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

/// Everything play mode keeps besides the position and the move count (which live in `State::play`, `play_moves`).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Assist {
    /// The moves played since play began, in order (undo takes the last one back).
    pub history: Vec<Step>,
    /// Moves taken back, the next to redo last.
    pub redo: Vec<Step>,
    pub hint: Hint,
    pub optimum: Optimum,
    /// Requests sent and not answered, by id.
    pub pending: Vec<(u64, Purpose)>,
}

impl Assist {
    /// A hand-played move: it joins the history, and whatever was undone can no longer be redone.
    pub fn record(&mut self, step: Step) {
        self.history.push(step);
        self.redo.clear();
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

    /// The move the hint suggests for `position`, if it answers that position (so it is gone after the next move).
    pub fn hinted_step(&self, position: &[u8]) -> Option<Step> {
        self.hint_for(position).and_then(|(next, _)| next)
    }

    /// Whether a Hint request is waiting for its answer.
    pub fn thinking(&self) -> bool {
        self.hint == Hint::Thinking
    }
}

/// The algorithm, heuristic and time limit used for an optimal answer on this puzzle, or `None` when no search here
/// can promise one (Hanoi with more disks than a search takes and more than 3 pegs).
pub fn optimal_method(puzzle: &PuzzleSpec) -> Option<(Algorithm, HeuristicName, Option<u64>)> {
    match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => {
            let cells = usize::from(*width) * usize::from(*height);
            if cells <= 9 {
                Some((Algorithm::Astar, HeuristicName::LinearConflict, None))
            } else if cells <= solver::pdb::MAX_CELLS {
                Some((
                    Algorithm::Idastar,
                    HeuristicName::Pdb,
                    Some(HINT_TIME_LIMIT_MS),
                ))
            } else {
                Some((
                    Algorithm::Idastar,
                    HeuristicName::LinearConflict,
                    Some(HINT_TIME_LIMIT_MS),
                ))
            }
        }
        // The 3-peg shortest path between any two positions is closed-form.
        PuzzleSpec::Hanoi { pegs: 3, .. } => Some((Algorithm::Direct, HeuristicName::Exact, None)),
        PuzzleSpec::Hanoi { disks, .. } if *disks <= MAX_SEARCH_DISKS => Some((
            Algorithm::Astar,
            HeuristicName::Exact,
            Some(HINT_TIME_LIMIT_MS),
        )),
        PuzzleSpec::Hanoi { .. } => None,
    }
}

/// The puzzle with `start` replaced.
fn from_position(puzzle: &PuzzleSpec, position: &[u8]) -> PuzzleSpec {
    let mut spec = puzzle.clone();
    let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) = &mut spec;
    *start = position.to_vec();
    spec
}

/// A move in a few language-neutral symbols: "5 ↓" (tile 5 slides down), "A → C" (the top disk of peg A to C).
pub fn step_symbol(puzzle: &PuzzleSpec, position: &[u8], step: Step) -> String {
    match (step, puzzle) {
        (Step::Slide(dir), PuzzleSpec::Sliding { width, height, .. }) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            let tile = position
                .iter()
                .position(|&t| t == 0)
                .and_then(|blank| shape.step(blank, dir))
                .and_then(|cell| position.get(cell).copied())
                .unwrap_or(0);
            // The tile moves against the blank.
            let arrow = match dir {
                solver::sliding::Dir::Up => '↓',
                solver::sliding::Dir::Down => '↑',
                solver::sliding::Dir::Left => '→',
                solver::sliding::Dir::Right => '←',
            };
            format!("{tile} {arrow}")
        }
        (Step::Disk(mv), _) => format!("{} → {}", peg_letter(mv.from), peg_letter(mv.to)),
        (Step::Slide(_), PuzzleSpec::Hanoi { .. }) => String::new(),
    }
}

/// The cell whose tile the hint slides (sliding), or the peg whose top disk it moves (Hanoi).
pub fn step_source(puzzle: &PuzzleSpec, position: &[u8], step: Step) -> Option<usize> {
    match (step, puzzle) {
        (Step::Slide(dir), PuzzleSpec::Sliding { width, height, .. }) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            position
                .iter()
                .position(|&t| t == 0)
                .and_then(|blank| shape.step(blank, dir))
        }
        (Step::Disk(mv), _) => Some(usize::from(mv.from)),
        _ => None,
    }
}

impl State {
    /// Handles a play-mode button. Returns whether anything changed.
    pub(crate) fn on_play(&mut self, action: PlayAction) -> bool {
        if self.mode != Mode::Play {
            return false;
        }
        match action {
            PlayAction::Hint => {
                if self.is_solving()
                    || self.assist.thinking()
                    || self.assist.hint_for(&self.play).is_some()
                {
                    return false;
                }
                let position = self.play.clone();
                if !self.request_optimal(&position, Purpose::Hint(position.clone())) {
                    self.assist.hint = Hint::Failed(Text::new(Msg::HintNoMethod));
                }
                true
            }
            PlayAction::Undo => {
                let Some(step) = self.assist.history.pop() else {
                    return false;
                };
                let (shape, pegs) = (self.shape(), self.hanoi_pegs());
                apply_step(shape, pegs, &mut self.play, step, true);
                self.play_moves = self.play_moves.saturating_sub(1);
                self.assist.redo.push(step);
                self.notice = None;
                true
            }
            PlayAction::Redo => {
                let Some(step) = self.assist.redo.pop() else {
                    return false;
                };
                let redo = std::mem::take(&mut self.assist.redo);
                let changed = self.play_step(step);
                self.assist.redo = redo;
                changed
            }
            PlayAction::SolveFromHere => {
                let (PuzzleSpec::Sliding { start, .. } | PuzzleSpec::Hanoi { start, .. }) =
                    &mut self.puzzle;
                *start = self.play.clone();
                self.mode = Mode::Setup;
                self.editing = Side::Start;
                self.after_edit();
                self.apply(Action::Solve)
            }
        }
    }

    /// Asks for the optimum from the play start (called when play begins).
    pub(crate) fn request_play_optimum(&mut self) {
        let start = self.play.clone();
        if self.solvability().is_err() || !self.request_optimal(&start, Purpose::Optimum) {
            self.assist.optimum = Optimum::Unavailable;
        }
    }

    /// Posts an optimal solve of `position` for `purpose`; `false` if no method promises one.
    fn request_optimal(&mut self, position: &[u8], purpose: Purpose) -> bool {
        let Some((algorithm, heuristic, time_limit_ms)) = optimal_method(&self.puzzle) else {
            return false;
        };
        if self.is_solving() {
            // The worker is busy with a search that may yet be cancelled (and the worker replaced).
            return false;
        }
        let spec = from_position(&self.puzzle, position);
        let id = self.next_id;
        self.next_id += 1;
        self.outbox = Some(Request {
            id,
            kind: RequestKind::Solve {
                query: url::write(&spec, algorithm, heuristic, None),
                max_states: MAX_STATES,
                time_limit_ms,
                max_depth: None,
                cancel_token: None,
                trace: false,
            },
        });
        if matches!(purpose, Purpose::Hint(_)) {
            self.assist.hint = Hint::Thinking;
        }
        self.assist.pending.push((id, purpose));
        true
    }

    /// A worker event that answers a hint request: `Some(changed)`; `None` for events that belong to a solve run.
    pub(crate) fn on_hint_reply(&mut self, event: &WorkerEvent) -> Option<bool> {
        let (id, body) = match event {
            WorkerEvent::Message(Response { id, body }) => (*id, body),
            WorkerEvent::Crashed(why) => {
                if self.assist.pending.is_empty() || self.is_solving() {
                    return None;
                }
                self.forget_hint_requests(Text::new(Msg::HintCrashed).arg(why.as_str()));
                return Some(true);
            }
        };
        let at = self.assist.pending.iter().position(|(p, _)| *p == id)?;
        let report = match body {
            ResponseBody::Progress { .. }
            | ResponseBody::Building { .. }
            | ResponseBody::Trace { .. }
            | ResponseBody::Ready => return Some(false),
            ResponseBody::Error { message } => {
                Err(Text::new(Msg::SolverSays).arg(message.as_str()))
            }
            ResponseBody::Done { report } => Ok(report),
        };
        let (_, purpose) = self.assist.pending.remove(at);
        if self.outbox.as_ref().is_some_and(|r| r.id == id) {
            self.outbox = None;
        }
        let answer = report.and_then(|r| {
            if r.status != Status::Solved {
                return Err(Text::new(Msg::SolverSays).arg(r.message.as_str()));
            }
            let position = match &purpose {
                Purpose::Hint(p) => p.clone(),
                Purpose::Optimum => self.puzzle.start().to_vec(),
            };
            let replay = build_replay(&from_position(&self.puzzle, &position), &r.moves)?;
            Ok((position, replay.steps.first().copied(), r.length))
        });
        match (purpose, answer) {
            (Purpose::Optimum, Ok((_, _, length))) => self.assist.optimum = Optimum::Known(length),
            (Purpose::Optimum, Err(_)) => self.assist.optimum = Optimum::Unavailable,
            (Purpose::Hint(_), Ok((position, next, left))) => {
                self.assist.hint = Hint::Ready {
                    position,
                    next,
                    left,
                }
            }
            (Purpose::Hint(_), Err(why)) => self.assist.hint = Hint::Failed(why),
        }
        Some(true)
    }

    /// Drops every unanswered hint request (the worker is being replaced), saying why where it matters.
    pub(crate) fn forget_hint_requests(&mut self, why: Text) {
        if self.assist.pending.is_empty() {
            return;
        }
        let ids: Vec<u64> = self.assist.pending.drain(..).map(|(id, _)| id).collect();
        if self.outbox.as_ref().is_some_and(|r| ids.contains(&r.id)) {
            self.outbox = None;
        }
        if self.assist.thinking() {
            self.assist.hint = Hint::Failed(why);
        }
        if self.assist.optimum == Optimum::Unknown {
            self.assist.optimum = Optimum::Unavailable;
        }
    }

    /// Play starts over: no history, no hint. A worker still busy with a hint is replaced, so that the next
    /// request does not wait behind an answer nobody wants.
    pub(crate) fn reset_assist(&mut self) {
        if !self.assist.pending.is_empty() {
            self.worker_generation = self.worker_generation.wrapping_add(1);
            if self
                .outbox
                .as_ref()
                .is_some_and(|r| self.assist.pending.iter().any(|(id, _)| *id == r.id))
            {
                self.outbox = None;
            }
        }
        self.assist = Assist::default();
    }

    /// After a puzzle edit: play starts over, and in play mode the new optimum is asked for.
    pub(crate) fn restart_assist(&mut self) {
        self.reset_assist();
        if self.mode == Mode::Play {
            self.request_play_optimum();
        }
    }

    fn hanoi_pegs(&self) -> u8 {
        match self.puzzle {
            PuzzleSpec::Hanoi { pegs, .. } => pegs,
            PuzzleSpec::Sliding { .. } => 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::Limits;
    use solver::sliding::Dir;
    use std::collections::{HashMap, VecDeque};

    const GOAL: [u8; 6] = [1, 2, 3, 4, 5, 0];
    const SHAPE: Shape = Shape {
        width: 3,
        height: 2,
    };

    /// The distance to `GOAL` of every position of the 3x2 puzzle, by breadth-first search from the goal (moves are
    /// reversible, so distances from it are distances to it).
    fn distances() -> HashMap<Vec<u8>, u64> {
        let mut seen = HashMap::from([(GOAL.to_vec(), 0u64)]);
        let mut queue = VecDeque::from([GOAL.to_vec()]);
        while let Some(board) = queue.pop_front() {
            let d = seen[&board];
            let blank = board.iter().position(|&t| t == 0).unwrap();
            for dir in Dir::ALL {
                if let Some(cell) = SHAPE.step(blank, dir) {
                    let mut next = board.clone();
                    next.swap(blank, cell);
                    if !seen.contains_key(&next) {
                        seen.insert(next.clone(), d + 1);
                        queue.push_back(next);
                    }
                }
            }
        }
        seen
    }

    fn list(position: &[u8]) -> String {
        position
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(",")
    }

    fn playing(start: &[u8]) -> State {
        let mut s = State::from_search(
            &format!(
                "puzzle=sliding&size=3x2&start={}&goal={}",
                list(start),
                list(&GOAL)
            ),
            1,
        );
        assert!(s.apply(Action::SetMode(Mode::Play)));
        s
    }

    /// Runs the request in the outbox natively, as the worker would, and hands the answer to the reducer.
    fn answer(s: &mut State) -> bool {
        let request = s.outbox.clone().expect("a request was posted");
        let RequestKind::Solve {
            query,
            max_states,
            time_limit_ms,
            ..
        } = request.kind;
        let limits = Limits {
            max_states,
            time_limit_ms,
            ..Limits::default()
        };
        let report = crate::worker::solve_request(&query, limits, || 0.0, |_| {}, || false);
        s.apply(Action::Worker(WorkerEvent::Message(Response {
            id: request.id,
            body: ResponseBody::Done { report },
        })))
    }

    #[test]
    fn following_the_hints_reaches_the_goal_in_exactly_the_announced_moves() {
        let truth = distances();
        assert_eq!(truth.len(), 360, "the 3x2 puzzle has 6!/2 positions");
        let farthest = truth.values().copied().max().unwrap();
        // The farthest positions and a few nearer ones.
        let mut starts: Vec<&Vec<u8>> = truth
            .iter()
            .filter(|(_, &d)| d == farthest || d == 7 || d == 1)
            .map(|(p, _)| p)
            .collect();
        starts.sort();
        for start in starts {
            let mut s = playing(start);
            assert!(answer(&mut s), "the optimum's answer is taken");
            assert_eq!(s.assist.optimum, Optimum::Known(truth[start]));
            assert!(s.assist.pending.is_empty() && s.outbox.is_none());
            let mut announced = None;
            let mut played = 0;
            while s.play != GOAL {
                assert!(s.apply(Action::Play(PlayAction::Hint)));
                assert!(s.assist.thinking());
                assert!(answer(&mut s));
                let (next, left) = s
                    .assist
                    .hint_for(&s.play)
                    .expect("a hint for this position");
                assert_eq!(left, truth[&s.play], "moves left from {:?}", s.play);
                announced.get_or_insert(left);
                let Some(Step::Slide(dir)) = next else {
                    panic!("no move offered away from the goal");
                };
                assert!(s.apply(Action::MoveBlank(dir)));
                assert!(
                    s.assist.hint_for(&s.play).is_none(),
                    "a hint is for one position only"
                );
                played += 1;
                assert!(played <= farthest, "the hints wander");
            }
            assert_eq!(Some(played), announced, "from {start:?}");
            assert_eq!(u64::from(s.play_moves), truth[start]);
            // The goal is celebrated in both languages.
            let notice = s.notice.clone().expect("a notice at the goal");
            let moves = truth[start].to_string();
            assert!(notice
                .text_in(crate::i18n::Lang::En)
                .contains(&format!("in {moves} move")));
            assert!(notice
                .text_in(crate::i18n::Lang::Zh)
                .contains(&format!("用 {moves} 步")));
        }
    }

    #[test]
    fn undo_and_redo_walk_the_history_and_a_new_move_drops_the_redo() {
        let start = [1, 2, 3, 4, 0, 5];
        let mut s = playing(&start);
        assert!(!s.apply(Action::Play(PlayAction::Undo)), "nothing to undo");
        let mut positions = vec![s.play.clone()];
        for dir in [Dir::Up, Dir::Left, Dir::Down] {
            assert!(s.apply(Action::MoveBlank(dir)));
            positions.push(s.play.clone());
        }
        assert!(s.apply(Action::Play(PlayAction::Undo)));
        assert!(s.apply(Action::Play(PlayAction::Undo)));
        assert_eq!(s.play, positions[1]);
        assert_eq!(s.play_moves, 1);
        assert!(s.apply(Action::Play(PlayAction::Redo)));
        assert_eq!(s.play, positions[2]);
        assert_eq!(s.play_moves, 2);
        assert_eq!(s.assist.redo.len(), 1, "one move is still redoable");
        assert!(s.apply(Action::MoveBlank(Dir::Right)));
        assert!(
            s.assist.redo.is_empty(),
            "a new move forgets what was undone"
        );
        assert!(!s.apply(Action::Play(PlayAction::Redo)));
        for _ in 0..3 {
            assert!(s.apply(Action::Play(PlayAction::Undo)));
        }
        assert_eq!(s.play, start);
        assert_eq!(s.play_moves, 0);
    }

    #[test]
    fn solve_from_here_makes_the_current_position_the_start_and_solves() {
        let mut s = playing(&[1, 2, 3, 4, 0, 5]);
        answer(&mut s);
        s.apply(Action::MoveBlank(Dir::Up));
        let here = s.play.clone();
        assert!(s.apply(Action::Play(PlayAction::SolveFromHere)));
        assert_eq!(s.puzzle.start(), here.as_slice());
        assert_eq!(s.mode, Mode::Setup);
        assert!(s.is_solving());
        let Some(Request {
            kind: RequestKind::Solve { query, .. },
            ..
        }) = &s.outbox
        else {
            panic!("no solve request");
        };
        assert!(query.contains(&format!("start={}", list(&here))), "{query}");
    }

    #[test]
    fn a_crash_or_a_solve_forgets_a_pending_hint() {
        let mut s = playing(&[1, 2, 3, 4, 0, 5]);
        answer(&mut s);
        s.apply(Action::Play(PlayAction::Hint));
        assert!(s.apply(Action::Worker(WorkerEvent::Crashed("boom".into()))));
        assert!(matches!(s.assist.hint, Hint::Failed(_)));
        assert!(s.assist.pending.is_empty() && s.outbox.is_none());

        let mut s = playing(&[1, 2, 3, 4, 0, 5]);
        let generation = s.worker_generation;
        let optimum_id = s.outbox.as_ref().map(|r| r.id).unwrap();
        s.apply(Action::Solve);
        assert_ne!(
            s.worker_generation, generation,
            "the busy worker is replaced"
        );
        assert!(s.assist.pending.is_empty());
        // A late answer to the forgotten request is not taken for the solve's.
        assert!(!s.apply(Action::Worker(WorkerEvent::Message(Response {
            id: optimum_id,
            body: ResponseBody::Error {
                message: "late".into()
            },
        }))));
        assert!(s.is_solving());
    }

    #[test]
    fn three_peg_hanoi_hints_come_from_the_closed_form_path() {
        let mut s = State::from_search("puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2", 1);
        s.apply(Action::SetMode(Mode::Play));
        assert!(answer(&mut s));
        // The classic tower of n disks needs 2^n - 1 moves.
        assert_eq!(s.assist.optimum, Optimum::Known(15));
        s.apply(Action::Play(PlayAction::Hint));
        answer(&mut s);
        let (next, left) = s.assist.hint_for(&s.play).unwrap();
        assert_eq!(left, 15);
        // With an even number of disks the smallest goes first to the middle peg.
        assert_eq!(
            next,
            Some(Step::Disk(solver::hanoi::HanoiMove { from: 0, to: 1 }))
        );
        assert_eq!(step_symbol(&s.puzzle, &s.play, next.unwrap()), "A → B");
    }

    #[test]
    fn hints_use_an_optimal_method_for_every_size() {
        for (w, h) in [(2u8, 2u8), (3, 3), (4, 4), (5, 5)] {
            let cells = usize::from(w) * usize::from(h);
            let board: Vec<u8> = (1..cells as u8).chain([0]).collect();
            let spec = PuzzleSpec::Sliding {
                width: w,
                height: h,
                start: board.clone(),
                goal: board,
            };
            let (algorithm, heuristic, _) = optimal_method(&spec).unwrap();
            assert!(algorithm.guarantees_optimal(), "{w}x{h}: {algorithm}");
            assert_ne!(heuristic, HeuristicName::Misplaced);
        }
    }
}
