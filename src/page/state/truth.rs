//! Heuristics against the truth: the panel that holds every heuristic's value beside the true distance h* to the
//! goal, at the start, at any step of the solution, and at the stepper's current state; and the race of A* with the
//! seed article's overestimating Tower of Hanoi heuristic against A* with an admissible one.
//!
//! Every number comes from the worker: a `Truth` request measures the start and every position along the solution
//! (asked when the panel opens, and again after each solve while it is open), another measures the stepper's state
//! when that is the one shown; the race is two ordinary solve requests. Editing the puzzle forgets them all.

use super::owner::Owner;
pub use super::owner::{Ask, Racer};
use super::puzzle::Puzzle;
use super::router::{Effect, Lost, Router};
use crate::page::i18n::{Arg, Failed, Heuristics, Text};
use crate::protocol::{RequestKind, ResponseBody};
use solver::query::{PuzzleSpec, Query};
use solver::truth::{Measured, TruthError, MAX_PATH_MOVES};
use solver::{Algorithm, Moves, Report};
use std::rc::Rc;

/// The state budget of each search of the race.
pub const RACE_MAX_STATES: u64 = 2_000_000;

/// A measurement: not asked, on its way, or answered.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Probe {
    #[default]
    Idle,
    Asked,
    Measured(Rc<Measured>),
    Failed(Text),
}

/// Which state the table shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shown {
    /// The position after this many moves of the solution (0: the start).
    Step(usize),
    /// The stepper's current state.
    Stepper,
}

/// One search of the race.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Leg {
    #[default]
    Idle,
    Running,
    Done(Rc<Report>),
    Failed(Text),
}

/// The panel's state.
#[derive(Debug, Clone, PartialEq)]
pub struct Truth {
    /// Whether the panel is open (nothing is measured while it is closed).
    pub open: bool,
    /// The start and the solution's positions.
    pub path: Probe,
    /// The solution's length when it is too long to be measured move by move (the start alone is).
    pub too_long: Option<usize>,
    /// The stepper's current state (`None` before its first step).
    pub stepper_at: Option<Vec<u8>>,
    /// The measurement of the stepper's state, and the position it is for.
    pub stepper: Probe,
    pub stepper_measured: Option<Vec<u8>>,
    pub shown: Shown,
    /// The race's two searches, seed first.
    pub race: [Leg; 2],
}

impl Default for Truth {
    fn default() -> Self {
        Truth {
            open: false,
            path: Probe::Idle,
            too_long: None,
            stepper_at: None,
            stepper: Probe::Idle,
            stepper_measured: None,
            shown: Shown::Step(0),
            race: Default::default(),
        }
    }
}

/// What the person does in the panel (and what the stepper reports).
#[derive(Debug, Clone, PartialEq)]
pub enum TruthAction {
    /// Open the panel and measure the start and the solution.
    Open,
    Close,
    /// Measure again (after an edit, or a failure).
    Measure,
    Show(Shown),
    /// The stepper moved to this state (`None`: before its first step).
    StepperAt(Option<Vec<u8>>),
    /// Run A* with the seed heuristic and with an admissible one, side by side.
    Race,
}

/// What the panel reads of the rest of the page.
#[derive(Debug, Clone, Copy)]
pub struct Context<'a> {
    pub puzzle: &'a PuzzleSpec,
    /// The moves of the solution shown, if any.
    pub solution: Option<&'a Moves>,
}

impl<'a> Context<'a> {
    /// The puzzle an instance has set up, and the solution it shows.
    pub fn of(puzzle: &'a Puzzle) -> Context<'a> {
        Context {
            puzzle: &puzzle.setup.puzzle,
            solution: puzzle.solve.solution_moves(),
        }
    }
}

impl Truth {
    /// Applies a panel action; false if nothing changed.
    pub fn apply(
        &mut self,
        action: TruthAction,
        cx: &Context,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        match action {
            TruthAction::Open if !self.open => {
                self.open = true;
                self.measure_path(cx, router, fx);
                true
            }
            TruthAction::Open => false,
            TruthAction::Close if self.open => {
                self.open = false;
                true
            }
            TruthAction::Close => false,
            TruthAction::Measure => {
                self.open = true;
                self.measure_path(cx, router, fx);
                self.ask_stepper(cx.puzzle, router, fx);
                true
            }
            TruthAction::Show(shown) => {
                if shown == self.shown {
                    return false;
                }
                self.shown = shown;
                self.ask_stepper(cx.puzzle, router, fx);
                true
            }
            TruthAction::StepperAt(at) => {
                if at == self.stepper_at {
                    return false;
                }
                self.stepper_at = at;
                self.ask_stepper(cx.puzzle, router, fx);
                true
            }
            TruthAction::Race => {
                if !matches!(cx.puzzle, PuzzleSpec::Hanoi { .. }) || self.racing() {
                    return false;
                }
                let query = Query::new(cx.puzzle.clone());
                for racer in Racer::BOTH {
                    let Ok(query) = query
                        .clone()
                        .with_overrides(Some(Algorithm::Astar), Some(racer.heuristic()))
                    else {
                        continue;
                    };
                    let kind = RequestKind::Solve {
                        query: query.to_query_string(),
                        max_states: RACE_MAX_STATES,
                        time_limit_ms: None,
                        max_depth: None,
                        cancel_token: None,
                        trace: false,
                        quick_tables: false,
                    };
                    router.post(Owner::Truth(Ask::Race(racer)), kind, fx);
                    self.race[racer.index()] = Leg::Running;
                }
                true
            }
        }
    }

    /// Whether a search of the race is running.
    pub fn racing(&self) -> bool {
        self.race.contains(&Leg::Running)
    }

    /// The measurement of the state the table shows, and its row there.
    pub fn shown_row(&self) -> Option<(&Measured, usize)> {
        match (self.shown, &self.path, &self.stepper) {
            (Shown::Step(k), Probe::Measured(m), _) => Some((m, k.min(m.moves()))),
            (Shown::Stepper, _, Probe::Measured(m)) if self.stepper_measured == self.stepper_at => {
                Some((m, 0))
            }
            _ => None,
        }
    }

    /// Asks for the start and every position along the solution (the start alone when there is no solution or it
    /// is longer than `MAX_PATH_MOVES`).
    fn measure_path(&mut self, cx: &Context, router: &mut Router, fx: &mut Vec<Effect>) {
        router.withdraw(|o| *o == Owner::Truth(Ask::Path), fx);
        let length = cx.solution.map_or(0, moves_len);
        self.too_long = (length > MAX_PATH_MOVES).then_some(length);
        let moves = cx.solution.filter(|_| self.too_long.is_none()).cloned();
        let query = Query::new(cx.puzzle.clone()).to_query_string();
        router.post(
            Owner::Truth(Ask::Path),
            RequestKind::Truth { query, moves },
            fx,
        );
        self.path = Probe::Asked;
    }

    /// Asks for the stepper's state when it is the one shown, not yet measured, and no such request is on its way
    /// (its reply asks again if the stepper moved meanwhile).
    fn ask_stepper(&mut self, puzzle: &PuzzleSpec, router: &mut Router, fx: &mut Vec<Effect>) {
        let Some(at) = self.stepper_at.clone() else {
            return;
        };
        let measured = self.stepper_measured.as_ref() == Some(&at)
            && matches!(self.stepper, Probe::Measured(_));
        if !self.open
            || self.shown != Shown::Stepper
            || measured
            || router.has(|o| *o == Owner::Truth(Ask::Stepper))
        {
            return;
        }
        let query = Query::new(with_start(puzzle, at.clone())).to_query_string();
        router.post(
            Owner::Truth(Ask::Stepper),
            RequestKind::Truth { query, moves: None },
            fx,
        );
        self.stepper = Probe::Asked;
        self.stepper_measured = Some(at);
    }

    /// A solve ended: while the panel is open, the new solution is measured.
    pub fn after_solve(&mut self, cx: &Context, router: &mut Router, fx: &mut Vec<Effect>) {
        if self.open {
            self.measure_path(cx, router, fx);
        }
    }

    /// The puzzle or a choice changed, or a solve starts: the measurements go (requests on their way are
    /// withdrawn, so that a solve never waits behind them); with `puzzle_changed`, the race's too.
    pub fn reset(&mut self, puzzle_changed: bool, router: &mut Router, fx: &mut Vec<Effect>) {
        router.withdraw(|o| matches!(o, Owner::Truth(Ask::Path | Ask::Stepper)), fx);
        self.path = Probe::Idle;
        self.too_long = None;
        self.stepper = Probe::Idle;
        self.stepper_measured = None;
        self.shown = match self.shown {
            Shown::Step(_) => Shown::Step(0),
            Shown::Stepper => Shown::Stepper,
        };
        if puzzle_changed {
            router.withdraw(|o| matches!(o, Owner::Truth(Ask::Race(_))), fx);
            self.race = Default::default();
            self.stepper_at = None;
        }
    }

    /// A reply to one of the panel's requests.
    pub fn on_reply(
        &mut self,
        ask: Ask,
        body: ResponseBody,
        puzzle: &PuzzleSpec,
        router: &mut Router,
        fx: &mut Vec<Effect>,
    ) -> bool {
        match (ask, body) {
            (Ask::Path, ResponseBody::Truth { measured }) => {
                self.path = probe(measured);
                if let Shown::Step(k) = self.shown {
                    if let Probe::Measured(m) = &self.path {
                        self.shown = Shown::Step(k.min(m.moves()));
                    }
                }
                true
            }
            (Ask::Stepper, ResponseBody::Truth { measured }) => {
                self.stepper = probe(measured);
                if self.stepper_measured != self.stepper_at {
                    self.ask_stepper(puzzle, router, fx);
                }
                true
            }
            (Ask::Race(racer), ResponseBody::Done { report }) => {
                self.race[racer.index()] = Leg::Done(Rc::new(report));
                true
            }
            (Ask::Race(racer), ResponseBody::Error { failure }) => {
                self.race[racer.index()] =
                    Leg::Failed(Text::new(Heuristics::Failed).arg(Text::failure(&failure)));
                true
            }
            _ => false,
        }
    }

    /// A request of the panel was lost before its answer.
    pub fn on_lost(&mut self, ask: Ask, why: Lost) -> bool {
        let why = match why {
            Lost::Crashed(why) => Text::new(Heuristics::Lost)
                .arg(Text::new(Failed::StoppedUnexpectedly).arg(Arg::detail(&why))),
            Lost::Broken(why) => Text::new(Heuristics::Lost).arg(why),
            Lost::Replaced => Text::new(Heuristics::Lost).arg(""),
        };
        match ask {
            Ask::Path => self.path = Probe::Failed(why),
            Ask::Stepper => self.stepper = Probe::Failed(why),
            Ask::Race(racer) => self.race[racer.index()] = Leg::Failed(why),
        }
        true
    }
}

/// The worker's measurement, or its reason in the page's words.
fn probe(measured: Result<Measured, TruthError>) -> Probe {
    match measured {
        Ok(m) => Probe::Measured(Rc::new(m)),
        Err(why) => Probe::Failed(Text::new(Heuristics::Failed).arg(Text::truth_error(&why))),
    }
}

fn moves_len(moves: &Moves) -> usize {
    match moves {
        Moves::Sliding(letters) => letters.chars().count(),
        Moves::Hanoi(pairs) => pairs.len(),
    }
}

/// `puzzle` with `start` as its start.
fn with_start(puzzle: &PuzzleSpec, start: Vec<u8>) -> PuzzleSpec {
    let mut puzzle = puzzle.clone();
    match &mut puzzle {
        PuzzleSpec::Sliding { start: s, .. } | PuzzleSpec::Hanoi { start: s, .. } => *s = start,
    }
    puzzle
}
