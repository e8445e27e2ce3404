//! The solve run: Solve and Cancel, the running search's counters, its report and its step-by-step record, the
//! silence watchdog, and the run's result in the page's words.

use super::notices::{Notice, NoticeKind};
use super::router::{Effect, Lost, Owner, Router};
use super::setup::Setup;
use crate::page::i18n::{Msg, Text};
use crate::protocol::{RequestKind, ResponseBody};
use solver::search::trace::Trace;
use solver::search::weighted::Weight;
use solver::{Algorithm, HeuristicName, Report, Status};
use std::fmt;
use std::rc::Rc;

/// A solving worker that sends nothing for this long is taken for dead.
pub const SILENCE_MS: u32 = 20_000;

/// A run of the solver, from the page's point of view.
#[derive(Debug, Clone, PartialEq)]
pub enum Run {
    Idle,
    Solving(Progress),
    Finished(Rc<Report>),
    /// The person cancelled (the worker was replaced, or the request never left).
    Cancelled,
    /// The worker failed: crashed, fell silent, or could not load.
    Failed(Text),
}

/// The latest counters of a running search.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Progress {
    pub expanded: u64,
    pub generated: u64,
    pub elapsed_ms: f64,
    /// Messages heard for this request so far (the silence watchdog re-arms on each).
    pub heard: u32,
    /// How far a preparation step (building pattern databases) has got, while one runs.
    pub building: Option<f64>,
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

/// The solve run's state.
#[derive(Debug, Clone, PartialEq)]
pub struct SolveRun {
    pub run: Run,
    /// The search's step-by-step record of the last run, for small spaces (the step-through and Sierpinski views).
    pub trace: Option<Rc<Trace>>,
}

impl Default for SolveRun {
    fn default() -> Self {
        SolveRun {
            run: Run::Idle,
            trace: None,
        }
    }
}

impl SolveRun {
    pub fn is_solving(&self) -> bool {
        matches!(self.run, Run::Solving(_))
    }

    /// Posts the set-up's search (a running one is withdrawn first) and starts the run.
    pub fn start(&mut self, setup: &Setup, router: &mut Router, fx: &mut Vec<Effect>) {
        router.withdraw(|o| *o == Owner::Solve, fx);
        self.trace = None;
        router.post(
            Owner::Solve,
            RequestKind::Solve {
                query: setup.query().to_query_string(),
                max_states: setup.max_states,
                time_limit_ms: None,
                max_depth: (setup.algorithm == Algorithm::Dfs).then_some(setup.dfs_depth),
                cancel_token: None,
                trace: setup.traceable(),
            },
            fx,
        );
        self.run = Run::Solving(Progress::default());
    }

    /// Stops a running search (its request is withdrawn) and sets the run to `then`. False if none was running.
    pub fn stop(&mut self, then: Run, router: &mut Router, fx: &mut Vec<Effect>) -> bool {
        if !self.is_solving() {
            return false;
        }
        router.withdraw(|o| *o == Owner::Solve, fx);
        self.run = then;
        true
    }

    /// Forgets the last run, stopping a running one.
    pub fn reset(&mut self, router: &mut Router, fx: &mut Vec<Effect>) {
        self.stop(Run::Idle, router, fx);
        self.run = Run::Idle;
        self.trace = None;
    }

    /// The watchdog fired: nothing heard since message number `heard` of the request in flight.
    pub fn silent(&mut self, heard: u32, router: &mut Router, fx: &mut Vec<Effect>) -> bool {
        match &self.run {
            Run::Solving(p) if p.heard == heard => {
                let failed = Run::Failed(Text::new(Msg::FailedSilent).arg(SILENCE_MS / 1000));
                self.stop(failed, router, fx)
            }
            _ => false,
        }
    }

    /// A reply to the solve's request. A finished search's report is handed back for the page to show.
    pub fn on_reply(&mut self, body: ResponseBody) -> (bool, Option<Report>) {
        let Run::Solving(p) = &mut self.run else {
            return (false, None);
        };
        match body {
            ResponseBody::Ready => return (false, None),
            ResponseBody::Progress {
                expanded,
                generated,
                elapsed_ms,
            } => {
                p.expanded = expanded;
                p.generated = generated;
                p.elapsed_ms = elapsed_ms;
                p.heard = p.heard.wrapping_add(1);
                p.building = None;
            }
            ResponseBody::Building {
                fraction,
                elapsed_ms,
            } => {
                p.building = Some(fraction.clamp(0.0, 1.0));
                p.elapsed_ms = elapsed_ms;
                p.heard = p.heard.wrapping_add(1);
            }
            ResponseBody::Trace { trace } => self.trace = Some(Rc::new(trace)),
            ResponseBody::Done { report } => return (true, Some(report)),
            ResponseBody::Error { message } => {
                self.run = Run::Failed(Text::new(Msg::FailedSolverError).arg(message));
            }
        }
        (true, None)
    }

    /// A note for the solve's request after its answer: its step-by-step record follows the report.
    pub fn on_late(&mut self, body: ResponseBody) -> bool {
        match body {
            ResponseBody::Trace { trace } if matches!(self.run, Run::Finished(_)) => {
                self.trace = Some(Rc::new(trace));
                true
            }
            _ => false,
        }
    }

    /// The request was lost before its answer.
    pub fn on_lost(&mut self, why: Lost) -> bool {
        if !self.is_solving() {
            return false;
        }
        self.run = match why {
            Lost::Crashed(why) => Run::Failed(Text::new(Msg::FailedCrash).arg(why)),
            Lost::Broken(why) => Run::Failed(Text::new(Msg::NoticeSolverStart).arg(why)),
            Lost::Replaced => Run::Cancelled,
        };
        true
    }

    /// The status, given whether the puzzle is solvable at all.
    pub fn status(&self, solvable: bool) -> StatusName {
        match &self.run {
            Run::Idle if !solvable => StatusName::Unsolvable,
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

    /// What the run says in the message line, if anything (`weight`: the set-up's weight, for weighted A*).
    pub fn message(&self, weight: Option<Weight>) -> Option<Notice> {
        match &self.run {
            Run::Finished(report) => {
                let mut text = vec![result_text(report, weight)];
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
            Run::Idle | Run::Solving(_) => None,
        }
    }
}

/// A finished run's result in the page's words, from the report's fields where the result is a search's solution;
/// the solver's own (English) sentence, wrapped, for everything else (limits, direct solvers, ...).
fn result_text(report: &Report, weight: Option<Weight>) -> Text {
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
            let w = weight.unwrap_or(Weight::DEFAULT).to_string();
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

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
