//! Compare: several algorithm and heuristic pairs run one after another on the same puzzle, each with its own budget.
//!
//! Each pair is one ordinary solve request, owned by its row (`Owner::CompareRow`); the next pair is posted when the
//! previous one answers or is lost. Cancelling a pair withdraws its request (the worker is replaced if it was on
//! it) and moves on; cancelling the run does the same and marks every pair still waiting as cancelled. A changed
//! puzzle ends the run (the top-level reducer checks after every action).

use super::owner::Owner;
use super::router::{Effect, Lost, Router};
use crate::page::i18n::{Arg, Failed, Text};
use crate::protocol::{RequestKind, ResponseBody};
use solver::query::{PuzzleSpec, Query};
use solver::rules::{default_heuristic, direct_applies};
use solver::{Algorithm, HeuristicName, Report};
use std::rc::Rc;

/// The state budgets a compare run offers per pair; the largest is the default.
pub const COMPARE_BUDGETS: [u64; 4] = [1_000, 20_000, 200_000, 2_000_000];
/// The default state budget of one pair.
pub const COMPARE_MAX_STATES: u64 = 2_000_000;
/// The wall-clock budget of one pair, so that a run never hangs.
pub const COMPARE_TIME_LIMIT_MS: u64 = 10_000;

/// One algorithm with the heuristic it uses (`None` for the uninformed ones).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pair {
    pub algorithm: Algorithm,
    pub heuristic: Option<HeuristicName>,
}

impl Pair {
    pub const fn new(algorithm: Algorithm, heuristic: Option<HeuristicName>) -> Pair {
        Pair {
            algorithm,
            heuristic,
        }
    }

    /// `astar/manhattan`, `bfs`: a stable key for ids and tests.
    pub fn key(self) -> String {
        match self.heuristic {
            Some(h) => format!("{}/{h}", self.algorithm),
            None => self.algorithm.name().to_string(),
        }
    }

    /// The heuristic's CLI name, or `none`.
    pub fn heuristic_name(self) -> String {
        self.heuristic
            .map_or_else(|| "none".to_string(), |h| h.to_string())
    }
}

/// The pairs offered for a puzzle, in table order.
pub fn pairs_for(puzzle: &PuzzleSpec) -> Vec<Pair> {
    use Algorithm::*;
    use HeuristicName::*;
    match puzzle {
        PuzzleSpec::Sliding { .. } => vec![
            Pair::new(Bfs, None),
            Pair::new(Bibfs, None),
            Pair::new(Astar, Some(Misplaced)),
            Pair::new(Astar, Some(Manhattan)),
            Pair::new(Astar, Some(LinearConflict)),
            Pair::new(Idastar, Some(LinearConflict)),
            Pair::new(Greedy, Some(Manhattan)),
            Pair::new(Dfs, None),
        ],
        PuzzleSpec::Hanoi { .. } => {
            let mut pairs = vec![
                Pair::new(Bfs, None),
                Pair::new(Bibfs, None),
                Pair::new(Astar, Some(Misplaced)),
                Pair::new(Astar, Some(Exact)),
                Pair::new(Idastar, Some(Exact)),
            ];
            if direct_applies(puzzle) {
                pairs.push(Pair::new(Direct, None));
            }
            pairs
        }
    }
}

/// Where one pair of a run is.
#[derive(Debug, Clone, PartialEq)]
pub enum RowState {
    Waiting,
    Running { expanded: u64, elapsed_ms: f64 },
    Done(Rc<Report>),
    Cancelled,
    Failed(Text),
}

/// One row of the table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub pair: Pair,
    pub state: RowState,
}

impl Row {
    /// The row's `data-status`: a report's status, or waiting, running, cancelled, error.
    pub fn status(&self) -> &'static str {
        match &self.state {
            RowState::Waiting => "waiting",
            RowState::Running { .. } => "running",
            RowState::Done(report) => report.status.name(),
            RowState::Cancelled => "cancelled",
            RowState::Failed(_) => "error",
        }
    }
}

/// A compare run: its puzzle, its budget and its rows.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareRun {
    pub puzzle: PuzzleSpec,
    pub max_states: u64,
    pub rows: Vec<Row>,
}

impl CompareRun {
    /// Whether a pair is being solved.
    pub fn is_running(&self) -> bool {
        self.current_row().is_some()
    }

    /// The row being solved.
    pub fn current_row(&self) -> Option<usize> {
        self.rows
            .iter()
            .position(|r| matches!(r.state, RowState::Running { .. }))
    }
}

/// The compare panel's state: which pairs are unticked, the budget, and the last run.
#[derive(Debug, Clone, PartialEq)]
pub struct Compare {
    /// Pairs the person unticked (all offered pairs start ticked).
    pub unticked: Vec<Pair>,
    pub max_states: u64,
    pub run: Option<CompareRun>,
}

impl Default for Compare {
    fn default() -> Self {
        Compare {
            unticked: Vec::new(),
            max_states: COMPARE_MAX_STATES,
            run: None,
        }
    }
}

/// What the person does in the compare panel.
#[derive(Debug, Clone, PartialEq)]
pub enum CompareAction {
    /// Run every ticked pair on the current puzzle.
    Start,
    /// Tick or untick a pair.
    Toggle(Pair),
    /// One of `COMPARE_BUDGETS`.
    SetBudget(u64),
    /// Stop the pair being solved and go on with the next.
    CancelPair,
    /// Stop the whole run.
    CancelAll,
}

impl Compare {
    pub fn is_running(&self) -> bool {
        self.run.as_ref().is_some_and(CompareRun::is_running)
    }

    /// Applies a compare action on `puzzle` (`solving`: a solve run holds the worker); false if nothing changed.
    pub fn apply(
        &mut self,
        action: CompareAction,
        puzzle: &PuzzleSpec,
        solving: bool,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        match action {
            CompareAction::Start => {
                if self.is_running() || solving {
                    return false;
                }
                let rows: Vec<Row> = pairs_for(puzzle)
                    .into_iter()
                    .filter(|p| !self.unticked.contains(p))
                    .map(|pair| Row {
                        pair,
                        state: RowState::Waiting,
                    })
                    .collect();
                if rows.is_empty() {
                    return false;
                }
                self.run = Some(CompareRun {
                    puzzle: puzzle.clone(),
                    max_states: self.max_states,
                    rows,
                });
                self.next(router, fx);
                true
            }
            CompareAction::Toggle(pair) => {
                if self.is_running() {
                    return false;
                }
                if let Some(i) = self.unticked.iter().position(|p| *p == pair) {
                    self.unticked.remove(i);
                } else {
                    self.unticked.push(pair);
                }
                true
            }
            CompareAction::SetBudget(budget) => {
                if !COMPARE_BUDGETS.contains(&budget) || budget == self.max_states {
                    return false;
                }
                self.max_states = budget;
                true
            }
            CompareAction::CancelPair => self.stop(false, router, fx),
            CompareAction::CancelAll => self.stop(true, router, fx),
        }
    }

    /// Withdraws the pair in flight (replacing the worker if it was on it) and marks it (and, with `all`, every
    /// waiting pair) cancelled; the run goes on with the next waiting pair.
    pub fn stop(&mut self, all: bool, router: &mut Router, fx: &mut Vec<Effect>) -> bool {
        let Some(run) = self.run.as_mut() else {
            return false;
        };
        let Some(row) = run.current_row() else {
            return false;
        };
        run.rows[row].state = RowState::Cancelled;
        if all {
            for r in &mut run.rows {
                if r.state == RowState::Waiting {
                    r.state = RowState::Cancelled;
                }
            }
        }
        router.withdraw(|o| matches!(o, Owner::CompareRow(_)), fx);
        self.next(router, fx);
        true
    }

    /// Posts the next waiting pair, if any.
    fn next(&mut self, router: &mut Router, fx: &mut Vec<Effect>) {
        let Some(run) = self.run.as_mut() else {
            return;
        };
        let Some(row) = run.rows.iter().position(|r| r.state == RowState::Waiting) else {
            return;
        };
        let pair = run.rows[row].pair;
        let query = Query {
            puzzle: run.puzzle.clone(),
            algorithm: Some(pair.algorithm),
            heuristic: Some(
                pair.heuristic
                    .unwrap_or_else(|| default_heuristic(&run.puzzle)),
            ),
            weight: None,
        };
        run.rows[row].state = RowState::Running {
            expanded: 0,
            elapsed_ms: 0.0,
        };
        router.post(
            Owner::CompareRow(row),
            RequestKind::Solve {
                query: query.to_query_string(),
                max_states: run.max_states,
                time_limit_ms: Some(COMPARE_TIME_LIMIT_MS),
                max_depth: None,
                cancel_token: None,
                trace: false,
                quick_tables: false,
            },
            fx,
        );
    }

    /// A reply for the row `row`.
    pub fn on_reply(
        &mut self,
        row: usize,
        body: ResponseBody,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(r) = self.run.as_mut().and_then(|run| run.rows.get_mut(row)) else {
            return false;
        };
        match body {
            ResponseBody::Progress {
                expanded,
                elapsed_ms,
                ..
            } => {
                r.state = RowState::Running {
                    expanded,
                    elapsed_ms,
                };
                return true;
            }
            // A row compares each algorithm's own answer: an improving solver's interim ones are not shown.
            ResponseBody::Ready
            | ResponseBody::Building { .. }
            | ResponseBody::Trace { .. }
            | ResponseBody::Improved { .. }
            | ResponseBody::Truth { .. } => return false,
            ResponseBody::Done { report } => r.state = RowState::Done(Rc::new(report)),
            ResponseBody::Error { failure } => r.state = RowState::Failed(Text::failure(&failure)),
        }
        self.next(router, fx);
        true
    }

    /// The row's request was lost: a crash fails it, a replaced worker cancels it; the run goes on.
    pub fn on_lost(
        &mut self,
        row: usize,
        why: Lost,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let Some(r) = self.run.as_mut().and_then(|run| run.rows.get_mut(row)) else {
            return false;
        };
        r.state = match why {
            Lost::Crashed(why) => {
                RowState::Failed(Text::new(Failed::StoppedUnexpectedly).arg(Arg::detail(&why)))
            }
            Lost::Broken(why) => RowState::Failed(why),
            Lost::Replaced => RowState::Cancelled,
        };
        self.next(router, fx);
        true
    }

    /// Ends a running run whose puzzle is no longer `puzzle` (the person edited it). True if it ended.
    pub fn follow(
        &mut self,
        puzzle: &PuzzleSpec,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        let changed = self
            .run
            .as_ref()
            .is_some_and(|run| run.is_running() && run.puzzle != *puzzle);
        changed && self.stop(true, router, fx)
    }
}
