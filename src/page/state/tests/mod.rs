//! The reducer's tests, all through the real [`State::update`]: a [`Page`] holds a state and records the effects
//! each action hands back, as the app would carry them out.

mod compare;
mod figures;
mod first_answer;
mod hand_play;
mod prepare;
mod run;
mod setup;
mod share;
mod stepping;
mod truth;
mod worker_life;

use super::compare::{pairs_for, CompareAction, Pair, COMPARE_TIME_LIMIT_MS};
use super::hand_play::{optimal_method, HandPlayAction, Hint, Optimum};
use super::notices::{Notice, NoticeKind};
use super::owner::Owner;
use super::playback::{PlaybackAction, SPEEDS};
use super::router::Effect;
use super::setup::{Setup, SetupAction, Side, MAX_STATES};
use super::solve::{bound_text, Run, StatusName};
use super::steps::{step_symbol, Step};
use super::{Action, Mode, PuzzleId, SolveAction, State};
use crate::page::i18n::Lang;
use crate::protocol::WorkerEvent;
use crate::protocol::{Request, RequestKind, Response, ResponseBody};
use solver::hanoi::HanoiMove;
use solver::query::{PuzzleKind, PuzzleSpec};
use solver::report::{Note, Said};
use solver::search::Limits;
use solver::sliding::{self, Dir, Shape};
use solver::{Algorithm, HeuristicName, Moves, Report, Status};
use std::collections::{HashMap, VecDeque};
use std::ops::{Deref, DerefMut};
use std::rc::Rc;

/// A state and what its reducer asked the app to do so far.
pub(super) struct Page {
    state: State,
    /// Every request posted, in order.
    pub posted: Vec<Request>,
}

impl Page {
    /// The page once its worker has loaded.
    pub fn new(state: State) -> Page {
        let mut page = Page {
            state,
            posted: Vec::new(),
        };
        page.apply(worker_ready());
        page
    }

    pub fn from_search(search: &str, seed: u64) -> Page {
        Page::new(State::from_search(search, seed))
    }

    pub fn new_default(seed: u64) -> Page {
        Page::new(State::new_default(seed))
    }

    /// Runs one action through the reducer; whether anything changed. A fresh worker the reducer asks for loads
    /// at once and says `Ready`.
    pub fn apply(&mut self, action: impl Into<Action>) -> bool {
        let update = self.state.update(action);
        let mut replaced = false;
        for effect in update.effects {
            match effect {
                Effect::Post(request) => self.posted.push(request),
                Effect::ReplaceWorker => replaced = true,
            }
        }
        if replaced {
            self.apply(worker_ready());
        }
        update.changed
    }

    /// The request posted last that waits for an answer (a `Prepare` is answered by nothing).
    pub fn last_posted(&self) -> Option<&Request> {
        self.posted
            .iter()
            .rev()
            .find(|r| !matches!(r.kind, RequestKind::Prepare { .. }))
    }
}

impl Deref for Page {
    type Target = State;

    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Page {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

/// Independent truth: BFS over boards as plain vectors, returning a shortest list of blank moves.
pub(super) fn bfs_path(width: usize, height: usize, start: &[u8], goal: &[u8]) -> Option<String> {
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

pub(super) fn sliding(width: u8, height: u8, start: Vec<u8>, goal: Vec<u8>) -> Page {
    Page::new(State::with_setup(Setup::with_puzzle(PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    })))
}

pub(super) fn report(status: Status, moves: Moves, length: u64) -> Report {
    Report {
        optimal: true,
        ..Report::new(
            status,
            Algorithm::Bfs,
            moves,
            length,
            Said::Solved { length },
        )
    }
}

/// A notice in English.
pub(super) fn en(notice: &Notice) -> String {
    notice.text_in(crate::page::i18n::Lang::En)
}

/// The warnings about the chosen algorithm, in English.
pub(super) fn notes(s: &State) -> Vec<String> {
    s.lab
        .setup
        .hints()
        .iter()
        .map(|t| t.render(crate::page::i18n::Lang::En))
        .collect()
}

/// Moves `first..last` in words, in English.
pub(super) fn words_en(s: &State, first: usize, last: usize) -> Vec<String> {
    s.lab
        .playback
        .move_words(&s.lab.setup.puzzle, first, last)
        .iter()
        .map(|t| t.render(crate::page::i18n::Lang::En))
        .collect()
}

/// A fresh worker's first word.
pub(super) fn worker_ready() -> Action {
    reply(crate::protocol::NO_REQUEST, ResponseBody::Ready)
}

pub(super) fn reply(id: u64, body: ResponseBody) -> Action {
    Action::from(WorkerEvent::Message(Response { id, body }))
}

pub(super) fn request_id(s: &Page) -> u64 {
    s.last_posted().map(|r| r.id).expect("a request was posted")
}

/// The staged solver's answer, `moves` long with a proven `lower_bound`.
pub(super) fn staged_answer(moves: &str, lower_bound: u64) -> Report {
    Report {
        lower_bound: Some(lower_bound),
        ..Report::new(
            Status::Solved,
            Algorithm::Staged,
            Moves::Sliding(moves.into()),
            moves.len() as u64,
            Said::Solved {
                length: moves.len() as u64,
            },
        )
    }
}

/// A better answer (the staged solver's, or a first answer before the tables for the shortest), as the worker posts it.
pub(super) fn improved(id: u64, moves: &str, lower_bound: u64) -> Action {
    reply(
        id,
        ResponseBody::Improved {
            report: staged_answer(moves, lower_bound),
        },
    )
}
