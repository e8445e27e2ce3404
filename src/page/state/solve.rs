//! The solve run: Solve and Cancel, the running search's counters, the best answer so far of a solver that improves
//! it, its report and its step-by-step record, the silence watchdog, and the run's result in the page's words
//! (with the proven bound on the answer's length).
//!
//! A first answer: before building the tables an optimal search needs (the 15-puzzle's), the worker posts the
//! staged solver's answer as the request's first `Improved` report. The run tells it from an improvement by its
//! algorithm (not the one asked for), shows it with its bound while the tables are built, keeps it on Cancel, and
//! says so when the shortest replaces it.

use super::notices::{Notice, NoticeKind};
use super::owner::{Owner, PuzzleId};
use super::router::{Effect, Lost, Router};
use super::setup::Setup;
use crate::page::i18n::{Arg, Failed, Solving, Text};
use crate::protocol::{RequestKind, ResponseBody};
use solver::report::{bound_excess, BoundExcess, Said};
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
    /// The best answer so far of a solver that improves its answer (the staged solver), or a first answer while
    /// the tables for the shortest are built: shown at once, replaced by each shorter one, and kept by Cancel.
    pub best: Option<Rc<Report>>,
    /// The algorithm the request asked for: a best answer by another one is a first answer.
    pub asked: Option<Algorithm>,
}

impl Progress {
    /// The best answer so far when it is a first answer (by another solver than the one asked for, while the
    /// tables of the one asked for are built or searched).
    pub fn first_answer(&self) -> Option<&Rc<Report>> {
        self.best
            .as_ref()
            .filter(|b| self.asked.is_some_and(|asked| b.algorithm != asked))
    }

    /// The progress line while a first answer is shown: the answer with its bound, then the tables' build or the
    /// search for the shortest. `None` without a first answer.
    pub fn first_answer_detail(&self) -> Option<Text> {
        let first = self.first_answer()?;
        let excess = first.lower_bound.map(|lb| bound_excess(first.length, lb));
        let answer = match excess {
            Some(BoundExcess::AtMost(percent)) => Text::new(Solving::FirstAnswerWithin)
                .arg(first.length)
                .arg(percent),
            Some(BoundExcess::Shortest) => {
                Text::new(Solving::FirstAnswerShortest).arg(first.length)
            }
            Some(BoundExcess::NoBound) | None => {
                Text::new(Solving::FirstAnswerMoves).arg(first.length)
            }
        };
        let elapsed = crate::format::duration_ms(self.elapsed_ms);
        Some(match self.building {
            Some(fraction) => Text::new(Solving::ProgressFirstBuilding)
                .arg(answer)
                .arg(format!("{:.0}", fraction * 100.0))
                .arg(elapsed),
            None => Text::new(Solving::ProgressFirstSearching)
                .arg(answer)
                .arg(crate::format::count(self.expanded))
                .arg(elapsed),
        })
    }
}

/// What a reply to the solve's request did to the run.
#[derive(Debug, Clone, PartialEq)]
pub enum Heard {
    /// Nothing to show.
    Nothing,
    /// The counters or the run's state changed.
    Changed,
    /// A shorter answer than the best so far, while the solver goes on improving it.
    Better(Rc<Report>),
    /// The search finished: its report, for the page to show.
    Finished(Box<Report>),
}

/// What Cancel did.
#[derive(Debug, Clone, PartialEq)]
pub enum Cancelled {
    /// No search was running.
    NotRunning,
    /// The search was stopped before any answer.
    Stopped,
    /// Improvement was stopped, or the search for the shortest after a first answer: the best answer found is the
    /// run's answer.
    KeptBest(Rc<Report>),
}

/// What the page adds to a finished run's result about how its answer came to be.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Ending {
    /// Nothing: the answer is the search's own.
    #[default]
    Plain,
    /// Cancel ended the improvement of an answer: the answer shown is the best found by then.
    ImprovementCancelled,
    /// The search for the shortest after a first answer was cancelled or stopped (saying why, when it was not
    /// cancelled): the first answer is kept.
    FirstAnswerKept(Vec<Said>),
    /// The shortest answer replaced a first answer of this many moves.
    FirstAnswerReplaced(u64),
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
    /// The puzzle instance whose run this is: its requests go out as `Owner::Solve(id)`.
    pub id: PuzzleId,
    pub run: Run,
    /// The search's step-by-step record of the last run, for small spaces (the step-through and Sierpinski views).
    pub trace: Option<Rc<Trace>>,
    /// How the answer shown came to be, when the page says more than the search's report.
    pub ending: Ending,
}

impl SolveRun {
    /// The run of instance `id`, nothing run yet.
    pub fn new(id: PuzzleId) -> SolveRun {
        SolveRun {
            id,
            run: Run::Idle,
            trace: None,
            ending: Ending::Plain,
        }
    }

    /// The moves of the solution shown (for the truth panel), when the report lists them.
    pub fn solution_moves(&self) -> Option<&solver::Moves> {
        self.answer().filter(|r| r.moves_listed).map(|r| &r.moves)
    }

    pub fn is_solving(&self) -> bool {
        matches!(self.run, Run::Solving(_))
    }

    /// Posts the set-up's search (a running one is withdrawn first) and starts the run. The worker bounds its time
    /// (`crate::worker::solve::MAX_SEARCH_MS`), so no time limit is asked for here.
    pub fn start(&mut self, setup: &Setup, router: &mut Router, fx: &mut Vec<Effect>) {
        router.withdraw(|o| *o == Owner::Solve(self.id), fx);
        self.trace = None;
        self.ending = Ending::Plain;
        router.post(
            Owner::Solve(self.id),
            RequestKind::Solve {
                query: setup.query().to_query_string(),
                max_states: setup.max_states,
                time_limit_ms: None,
                max_depth: (setup.algorithm == Algorithm::Dfs).then_some(setup.dfs_depth),
                cancel_token: None,
                trace: setup.traceable(),
                quick_tables: self.id == PuzzleId::Lab,
            },
            fx,
        );
        self.run = Run::Solving(Progress {
            asked: Some(setup.algorithm),
            ..Progress::default()
        });
    }

    /// The answer to show: the finished run's solution, or the best so far of a solver still improving it.
    pub fn answer(&self) -> Option<&Rc<Report>> {
        match &self.run {
            Run::Finished(report) if report.status == Status::Solved => Some(report),
            Run::Solving(p) => p.best.as_ref(),
            _ => None,
        }
    }

    /// Cancel: stops a running search. While a solver improves an answer, or a first answer waits for the
    /// shortest, the best one found so far is kept, as the run's answer.
    pub fn cancel(&mut self, router: &mut Router, fx: &mut Vec<Effect>) -> Cancelled {
        let (best, first) = match &self.run {
            Run::Solving(p) => (p.best.clone(), p.first_answer().is_some()),
            _ => return Cancelled::NotRunning,
        };
        router.withdraw(|o| *o == Owner::Solve(self.id), fx);
        match best {
            Some(best) => {
                self.ending = if first {
                    Ending::FirstAnswerKept(Vec::new())
                } else {
                    Ending::ImprovementCancelled
                };
                self.run = Run::Finished(best.clone());
                Cancelled::KeptBest(best)
            }
            None => {
                self.run = Run::Cancelled;
                Cancelled::Stopped
            }
        }
    }

    /// Stops a running search (its request is withdrawn) and sets the run to `then`. False if none was running.
    pub fn stop(&mut self, then: Run, router: &mut Router, fx: &mut Vec<Effect>) -> bool {
        if !self.is_solving() {
            return false;
        }
        router.withdraw(|o| *o == Owner::Solve(self.id), fx);
        self.run = then;
        true
    }

    /// Forgets the last run, stopping a running one.
    pub fn reset(&mut self, router: &mut Router, fx: &mut Vec<Effect>) {
        self.stop(Run::Idle, router, fx);
        self.run = Run::Idle;
        self.trace = None;
        self.ending = Ending::Plain;
    }

    /// The watchdog fired: nothing heard since message number `heard` of the request in flight.
    pub fn silent(&mut self, heard: u32, router: &mut Router, fx: &mut Vec<Effect>) -> bool {
        match &self.run {
            Run::Solving(p) if p.heard == heard => {
                let failed = Run::Failed(Text::new(Failed::Silent).arg(SILENCE_MS / 1000));
                self.stop(failed, router, fx)
            }
            _ => false,
        }
    }

    /// A reply to the solve's request. A better answer and a finished search's report are handed back for the page
    /// to show. After a first answer, a search for the shortest that ended without one (at a limit, cancelled)
    /// finishes with the first answer, its report's message kept as a note.
    pub fn on_reply(&mut self, body: ResponseBody) -> Heard {
        let Run::Solving(p) = &mut self.run else {
            return Heard::Nothing;
        };
        match body {
            ResponseBody::Ready | ResponseBody::Truth { .. } => return Heard::Nothing,
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
                p.building = Some(whole_percent(fraction));
                p.elapsed_ms = elapsed_ms;
                p.heard = p.heard.wrapping_add(1);
            }
            ResponseBody::Improved { report } => {
                p.heard = p.heard.wrapping_add(1);
                p.building = None;
                let shorter = p.best.as_ref().is_none_or(|b| report.length < b.length);
                if report.status == Status::Solved && report.moves_listed && shorter {
                    let report = Rc::new(report);
                    p.best = Some(report.clone());
                    return Heard::Better(report);
                }
            }
            ResponseBody::Trace { trace } => self.trace = Some(Rc::new(trace)),
            ResponseBody::Done { report } => {
                let Some(first) = p.first_answer().cloned() else {
                    return Heard::Finished(Box::new(report));
                };
                if report.status == Status::Solved {
                    if report.length < first.length {
                        self.ending = Ending::FirstAnswerReplaced(first.length);
                    }
                    return Heard::Finished(Box::new(report));
                }
                self.ending = Ending::FirstAnswerKept(report.said);
                return Heard::Finished(Box::new(Rc::unwrap_or_clone(first)));
            }
            ResponseBody::Error { failure } => {
                self.run = Run::Failed(Text::new(Failed::SolverError).arg(Text::failure(&failure)));
            }
        }
        Heard::Changed
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
            Lost::Crashed(why) => Run::Failed(Text::new(Failed::Crash).arg(Arg::detail(&why))),
            Lost::Broken(why) => Run::Failed(Text::new(Failed::SolverStart).arg(why)),
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
                let mut text = result_text(report, weight);
                match &self.ending {
                    Ending::Plain => {}
                    Ending::ImprovementCancelled => {
                        text.push(Text::new(Solving::ImprovementCancelled))
                    }
                    Ending::FirstAnswerKept(why) => {
                        text.push(Text::new(Solving::FirstAnswerKept));
                        text.extend(Text::said_all(why));
                    }
                    Ending::FirstAnswerReplaced(length) => {
                        text.push(Text::new(Solving::FirstAnswerReplaced).arg(*length))
                    }
                }
                text.extend(report.notes.iter().map(Text::note));
                Some(Notice {
                    kind: match report.status {
                        Status::Solved => NoticeKind::Info,
                        _ => NoticeKind::Error,
                    },
                    text,
                })
            }
            Run::Cancelled => Some(Notice::info(Solving::NoticeCancelled)),
            Run::Failed(why) => Some(Notice::error(why.clone())),
            Run::Idle | Run::Solving(_) => None,
        }
    }
}

/// A finished run's result in the page's words: from the report's fields where the result is a search's solution,
/// from what the solver said, clause by clause, for everything else (limits, direct solvers, ...).
fn result_text(report: &Report, weight: Option<Weight>) -> Vec<Text> {
    let searched = report.status == Status::Solved && report.algorithm != Algorithm::Direct;
    if !searched {
        return Text::said_all(&report.said);
    }
    vec![solved_text(report, weight)]
}

/// A search's solution in the page's words, from the report's fields.
fn solved_text(report: &Report, weight: Option<Weight>) -> Text {
    let count = Text::moves(report.length);
    let heuristic = report
        .heuristic
        .as_deref()
        .and_then(HeuristicName::from_name);
    let admissible = heuristic.is_none_or(HeuristicName::is_admissible);
    match (report.algorithm, heuristic) {
        (_, _) if report.optimal => Text::new(Solving::SolvedShortest).arg(count),
        (Algorithm::Staged, _) => Text::new(Solving::SolvedStaged).arg(count),
        (Algorithm::Weighted, Some(h)) if !admissible => {
            Text::new(Solving::SolvedNoBound).arg(count).arg(h)
        }
        (Algorithm::Weighted, _) => {
            let w = weight.unwrap_or(Weight::DEFAULT).to_string();
            Text::new(Solving::SolvedWithin)
                .arg(count)
                .arg(w.as_str())
                .arg(w.as_str())
        }
        (Algorithm::Astar | Algorithm::Idastar, Some(h)) if !admissible => {
            Text::new(Solving::SolvedInadmissible)
                .arg(count)
                .arg(h)
                .arg(report.algorithm)
        }
        (algorithm, _) => Text::new(Solving::SolvedNoGuarantee)
            .arg(count)
            .arg(algorithm),
    }
}

/// How far from the shortest an answer of `length` moves can be, given a proven `lower_bound` on the shortest, in
/// the page's words: the clause the solver says of it ([`Said::Bound`]), worded by the page's language tables from
/// the solver's one reading of a bound (`solver::report::bound_excess`).
pub fn bound_text(length: u64, lower_bound: u64) -> Text {
    Text::said(&Said::Bound {
        length,
        lower_bound,
    })
}

/// A build's progress as shown: whole percents, rounded down (the tiny addend keeps 0.29 at 29%). Each
/// change renders, and a render's garbage stays in the renderer until a collection: a fifth of the renders.
pub(super) fn whole_percent(fraction: f64) -> f64 {
    (fraction.clamp(0.0, 1.0) * 100.0 + 1e-9).floor() / 100.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::i18n::Solver;

    #[test]
    fn the_bound_is_worded_with_the_solvers_own_rounding() {
        assert_eq!(bound_text(31, 31), Text::new(Solver::BoundShortest));
        assert_eq!(
            bound_text(150, 100),
            Text::new(Solver::BoundWithin).arg(50u64).arg(100u64)
        );
        for (length, bound) in [(110, 100), (101, 99), (4, 3), (612, 388), (97, 96), (3, 1)] {
            let BoundExcess::AtMost(percent) = bound_excess(length, bound) else {
                panic!("{length}/{bound} is longer than its bound");
            };
            let theirs = solver::report::bound_words(length, bound);
            assert!(
                theirs.contains(&format!("at most {percent}% longer")),
                "{length}/{bound}: {percent}% against the solver's '{theirs}'"
            );
        }
    }

    #[test]
    fn a_bound_of_zero_is_said_as_no_bound_by_the_page_and_the_cli_alike() {
        use crate::page::i18n::Lang;
        assert_eq!(
            bound_text(7, 0).render(Lang::En),
            "No lower bound above 0 is known for this answer of 7 moves."
        );
        assert_eq!(
            solver::report::bound_words(7, 0),
            "no lower bound above 0 is known (length 7)"
        );
        assert_eq!(bound_text(0, 0), Text::new(Solver::BoundShortest));
    }
}
