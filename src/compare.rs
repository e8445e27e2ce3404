//! Compare: several algorithm and heuristic pairs run one after another on the same puzzle, each with its own budget.
//!
//! The run lives in `State::compare`. Each pair is one ordinary `Solve` request; the next pair is posted when the
//! previous one answers. Cancelling a pair replaces the worker (the only instant stop) and moves on; cancelling the
//! run does the same and marks every pair still waiting as cancelled. The reducer calls [`State::compare_on_worker`]
//! first for every worker event, and [`State::compare_follow`] after every action, so that a worker replaced for any
//! other reason (a cancelled solve, a crash) never leaves a pair waiting forever.

use crate::protocol::{Request, RequestKind, Response, ResponseBody, NO_REQUEST};
use crate::state::{Run, State, RESPAWN_AFTER_BYTES};
use crate::url;
use crate::worker_client::WorkerEvent;
use solver::query::PuzzleSpec;
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
    const fn new(algorithm: Algorithm, heuristic: Option<HeuristicName>) -> Pair {
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
        PuzzleSpec::Hanoi {
            pegs, start, goal, ..
        } => {
            let mut pairs = vec![
                Pair::new(Bfs, None),
                Pair::new(Bibfs, None),
                Pair::new(Astar, Some(Misplaced)),
                Pair::new(Astar, Some(Exact)),
                Pair::new(Idastar, Some(Exact)),
            ];
            if direct_applies(*pegs, start, goal) {
                pairs.push(Pair::new(Direct, None));
            }
            pairs
        }
    }
}

/// Whether the closed-form solver takes this tower: any position on 3 pegs, whole towers on more.
pub fn direct_applies(pegs: u8, start: &[u8], goal: &[u8]) -> bool {
    let tower = |p: &[u8]| p.windows(2).all(|w| w[0] == w[1]);
    pegs == 3 || (tower(start) && tower(goal))
}

/// Where one pair of a run is.
#[derive(Debug, Clone, PartialEq)]
pub enum RowState {
    Waiting,
    Running { expanded: u64, elapsed_ms: f64 },
    Done(Rc<Report>),
    Cancelled,
    Failed(String),
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

/// A compare run: its puzzle, its rows, and the request in flight.
#[derive(Debug, Clone, PartialEq)]
pub struct CompareRun {
    pub puzzle: PuzzleSpec,
    pub max_states: u64,
    pub rows: Vec<Row>,
    /// The row being solved and its request id.
    pub current: Option<(usize, u64)>,
    /// The worker generation the current request was posted to.
    pub generation: u32,
}

impl CompareRun {
    pub fn is_running(&self) -> bool {
        self.current.is_some()
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

impl Compare {
    pub fn is_running(&self) -> bool {
        self.run.as_ref().is_some_and(CompareRun::is_running)
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

impl State {
    /// Applies a compare action; false if nothing changed.
    pub fn apply_compare(&mut self, action: CompareAction) -> bool {
        match action {
            CompareAction::Start => {
                if self.compare.is_running() || self.is_solving() {
                    return false;
                }
                let rows: Vec<Row> = pairs_for(&self.puzzle)
                    .into_iter()
                    .filter(|p| !self.compare.unticked.contains(p))
                    .map(|pair| Row {
                        pair,
                        state: RowState::Waiting,
                    })
                    .collect();
                if rows.is_empty() {
                    return false;
                }
                self.compare.run = Some(CompareRun {
                    puzzle: self.puzzle.clone(),
                    max_states: self.compare.max_states,
                    rows,
                    current: None,
                    generation: self.worker_generation,
                });
                self.compare_next();
                true
            }
            CompareAction::Toggle(pair) => {
                if self.compare.is_running() {
                    return false;
                }
                if let Some(i) = self.compare.unticked.iter().position(|p| *p == pair) {
                    self.compare.unticked.remove(i);
                } else {
                    self.compare.unticked.push(pair);
                }
                true
            }
            CompareAction::SetBudget(budget) => {
                if !COMPARE_BUDGETS.contains(&budget) || budget == self.compare.max_states {
                    return false;
                }
                self.compare.max_states = budget;
                true
            }
            CompareAction::CancelPair => self.compare_stop(false),
            CompareAction::CancelAll => self.compare_stop(true),
        }
    }

    /// Replaces the worker to stop the pair in flight; marks it (and, with `all`, every waiting pair) cancelled.
    fn compare_stop(&mut self, all: bool) -> bool {
        let Some(run) = self.compare.run.as_mut() else {
            return false;
        };
        let Some((row, _)) = run.current.take() else {
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
        self.worker_generation = self.worker_generation.wrapping_add(1);
        if self.is_solving() {
            // The solve shared the replaced worker.
            self.outbox = None;
            self.run = Run::Cancelled;
        }
        self.compare_next();
        true
    }

    /// Posts the next waiting pair, if any.
    fn compare_next(&mut self) {
        let id = self.next_id;
        let generation = self.worker_generation;
        let Some(run) = self.compare.run.as_mut() else {
            return;
        };
        let Some(row) = run.rows.iter().position(|r| r.state == RowState::Waiting) else {
            run.current = None;
            return;
        };
        let pair = run.rows[row].pair;
        let heuristic = pair
            .heuristic
            .unwrap_or_else(|| crate::state::default_heuristic(run.puzzle.kind()));
        self.next_id += 1;
        run.rows[row].state = RowState::Running {
            expanded: 0,
            elapsed_ms: 0.0,
        };
        run.current = Some((row, id));
        run.generation = generation;
        self.outbox = Some(Request {
            id,
            kind: RequestKind::Solve {
                query: url::write(&run.puzzle, pair.algorithm, heuristic, None),
                max_states: run.max_states,
                time_limit_ms: Some(COMPARE_TIME_LIMIT_MS),
                max_depth: None,
                cancel_token: None,
                trace: false,
            },
        });
    }

    /// Hears a worker event for the compare run. True if the event was the run's alone (the reducer stops there).
    pub fn compare_on_worker(&mut self, event: &WorkerEvent) -> bool {
        let Some(run) = self.compare.run.as_mut() else {
            return false;
        };
        let Some((row, id)) = run.current else {
            return false;
        };
        match event {
            WorkerEvent::Message(Response { id: got, body }) if *got == id => {
                match body {
                    ResponseBody::Progress {
                        expanded,
                        elapsed_ms,
                        ..
                    } => {
                        run.rows[row].state = RowState::Running {
                            expanded: *expanded,
                            elapsed_ms: *elapsed_ms,
                        };
                        return true;
                    }
                    ResponseBody::Ready
                    | ResponseBody::Building { .. }
                    | ResponseBody::Trace { .. } => return true,
                    ResponseBody::Done { report } => {
                        if report.stats.peak_memory_bytes > RESPAWN_AFTER_BYTES {
                            self.worker_generation = self.worker_generation.wrapping_add(1);
                        }
                        run.rows[row].state = RowState::Done(Rc::new(report.clone()));
                    }
                    ResponseBody::Error { message } => {
                        run.rows[row].state = RowState::Failed(message.clone());
                        self.worker_generation = self.worker_generation.wrapping_add(1);
                    }
                }
                run.current = None;
                self.compare_next();
                true
            }
            WorkerEvent::Crashed(why) => {
                run.rows[row].state = RowState::Failed(why.clone());
                run.current = None;
                self.compare_next();
                // A solve in the same worker must hear of the crash too.
                !self.is_solving()
            }
            WorkerEvent::Message(Response {
                id: NO_REQUEST,
                body: ResponseBody::Error { message },
            }) => {
                run.rows[row].state = RowState::Failed(message.clone());
                run.current = None;
                self.compare_next();
                !self.is_solving()
            }
            WorkerEvent::Message(_) => false,
        }
    }

    /// After every action: a worker replaced by something else loses the pair in flight (it is marked cancelled
    /// and the run goes on), and a changed puzzle ends the run. True if anything changed.
    pub fn compare_follow(&mut self) -> bool {
        let generation = self.worker_generation;
        let puzzle_changed = self
            .compare
            .run
            .as_ref()
            .is_some_and(|run| run.is_running() && run.puzzle != self.puzzle);
        if puzzle_changed {
            return self.compare_stop(true);
        }
        let Some(run) = self.compare.run.as_mut() else {
            return false;
        };
        match run.current {
            Some((row, _)) if run.generation != generation => {
                run.rows[row].state = RowState::Cancelled;
                run.current = None;
                self.compare_next();
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Action;
    use solver::{Moves, Status};

    fn eight() -> State {
        State::from_search("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8", 1)
    }

    fn current(s: &State) -> (usize, u64) {
        s.compare
            .run
            .as_ref()
            .and_then(|r| r.current)
            .expect("a pair in flight")
    }

    fn done(status: Status, length: u64) -> ResponseBody {
        ResponseBody::Done {
            report: Report {
                optimal: true,
                ..Report::new(
                    status,
                    Algorithm::Bfs,
                    Moves::Sliding("RR".into()),
                    length,
                    "",
                )
            },
        }
    }

    /// What the reducer does: the action, then the compare run's follow-up.
    fn act(s: &mut State, action: Action) -> bool {
        let changed = s.apply(action);
        s.compare_follow() || changed
    }

    fn hear(s: &mut State, id: u64, body: ResponseBody) -> bool {
        act(
            s,
            Action::Worker(WorkerEvent::Message(Response { id, body })),
        )
    }

    #[test]
    fn pairs_run_one_after_another_and_limits_do_not_stop_the_rest() {
        let mut s = eight();
        act(
            &mut s,
            Action::Compare(CompareAction::Toggle(Pair::new(Algorithm::Dfs, None))),
        );
        assert!(act(&mut s, Action::Compare(CompareAction::Start)));
        let rows = s.compare.run.as_ref().map_or(0, |r| r.rows.len());
        assert_eq!(
            rows,
            pairs_for(&s.puzzle).len() - 1,
            "unticked DFS is left out"
        );
        let mut seen = Vec::new();
        for i in 0..rows {
            let (row, id) = current(&s);
            assert_eq!(row, i);
            let posted = s.outbox.as_ref().map(|r| r.id);
            assert_eq!(posted, Some(id), "each pair is posted as its own request");
            assert!(!seen.contains(&id));
            seen.push(id);
            // A stale id changes nothing.
            assert!(!hear(&mut s, id + 100, done(Status::Solved, 2)));
            let status = if i == 0 {
                Status::Limit
            } else {
                Status::Solved
            };
            assert!(hear(&mut s, id, done(status, 2)));
        }
        let run = s.compare.run.as_ref().expect("the run stays for the table");
        assert!(!run.is_running());
        assert_eq!(run.rows[0].status(), "limit");
        assert!(run.rows[1..].iter().all(|r| r.status() == "solved"));
        assert_eq!(s.run, Run::Idle, "the main run is untouched");
    }

    #[test]
    fn cancelling_a_pair_replaces_the_worker_and_goes_on() {
        let mut s = eight();
        act(&mut s, Action::Compare(CompareAction::Start));
        let (_, first) = current(&s);
        let generation = s.worker_generation;
        assert!(act(&mut s, Action::Compare(CompareAction::CancelPair)));
        assert_eq!(s.worker_generation, generation + 1);
        let (row, second) = current(&s);
        assert_eq!(row, 1);
        assert_ne!(first, second);
        assert!(
            !hear(&mut s, first, done(Status::Solved, 2)),
            "the cancelled pair's late answer is ignored"
        );
        assert!(act(&mut s, Action::Compare(CompareAction::CancelAll)));
        let run = s.compare.run.as_ref().expect("run");
        assert!(!run.is_running());
        assert_eq!(run.rows[0].status(), "cancelled");
        assert!(run.rows.iter().all(|r| r.status() == "cancelled"));
    }

    #[test]
    fn a_crash_or_a_replaced_worker_fails_only_the_pair_in_flight() {
        let mut s = eight();
        act(&mut s, Action::Compare(CompareAction::Start));
        assert!(act(
            &mut s,
            Action::Worker(WorkerEvent::Crashed("boom".into()))
        ));
        let run = s.compare.run.as_ref().expect("run");
        assert_eq!(run.rows[0].status(), "error");
        assert_eq!(current(&s).0, 1);
        // Something else replaces the worker: the pair in flight is lost, the next one is posted.
        s.worker_generation += 1;
        assert!(s.compare_follow());
        assert_eq!(current(&s).0, 2);
        assert_eq!(
            s.compare.run.as_ref().map(|r| r.rows[1].status()),
            Some("cancelled")
        );
    }

    /// The requests the reducer asked the app to post by now.
    fn posted(s: &State) -> Vec<u64> {
        s.outbox.iter().map(|r| r.id).collect()
    }

    /// Issue 11: during a long Compare, switch to hand play, make a move and press "Solve from here". The solve must
    /// go out and its answer must reach the solve run; the compare run's answers must still reach the compare run.
    #[test]
    #[ignore = "fails on this commit: the compare run's next pair overwrites the solve's request in the one outbox slot; fixed by the request router"]
    fn solve_from_here_during_a_compare_run_is_not_lost() {
        use crate::play::PlayAction;
        use crate::state::Mode;
        use solver::sliding::Dir;
        // A move there and back: the start stays the same, so the compare run goes on beside the solve.
        let mut s = eight();
        act(&mut s, Action::Compare(CompareAction::Start));
        let (_, pair) = current(&s);
        act(&mut s, Action::SetMode(Mode::Play));
        act(&mut s, Action::MoveBlank(Dir::Right));
        act(&mut s, Action::MoveBlank(Dir::Left));
        assert!(act(&mut s, Action::Play(PlayAction::SolveFromHere)));
        let Run::Solving(progress) = &s.run else {
            panic!("the solve did not start: {:?}", s.run);
        };
        let solve = progress.id;
        assert!(
            posted(&s).contains(&solve),
            "the solve's request was not posted: {:?}",
            posted(&s)
        );
        // Each answer reaches its owner.
        if s.compare.is_running() && current(&s).1 == pair {
            assert!(hear(&mut s, pair, done(Status::Solved, 2)));
            assert_eq!(
                s.compare.run.as_ref().map(|r| r.rows[0].status()),
                Some("solved")
            );
        }
        assert!(hear(&mut s, solve, done(Status::Solved, 2)));
        assert_eq!(s.status(), crate::state::StatusName::Solved);

        // One move away: the start changes, which ends the compare run, but the solve still runs.
        let mut s = eight();
        act(&mut s, Action::Compare(CompareAction::Start));
        act(&mut s, Action::SetMode(Mode::Play));
        act(&mut s, Action::MoveBlank(Dir::Right));
        assert!(act(&mut s, Action::Play(PlayAction::SolveFromHere)));
        assert!(
            !s.compare.is_running(),
            "a changed puzzle ends the compare run"
        );
        let Run::Solving(progress) = &s.run else {
            panic!("the solve did not start: {:?}", s.run);
        };
        let solve = progress.id;
        assert!(posted(&s).contains(&solve), "{:?}", posted(&s));
        assert!(hear(&mut s, solve, done(Status::Solved, 1)));
        assert_eq!(s.status(), crate::state::StatusName::Solved);
    }

    #[test]
    fn editing_the_puzzle_ends_the_run_and_hanoi_offers_direct() {
        let mut s = eight();
        act(&mut s, Action::Compare(CompareAction::Start));
        act(&mut s, Action::SwapCells(0, 1));
        assert!(!s.compare.is_running());
        let h = State::from_search("puzzle=hanoi&pegs=4&disks=3&start=0,1,0&goal=3,3,3", 1);
        assert!(!pairs_for(&h.puzzle)
            .iter()
            .any(|p| p.algorithm == Algorithm::Direct));
        let h = State::from_search("puzzle=hanoi&pegs=3&disks=3&start=0,1,0&goal=2,2,2", 1);
        assert!(pairs_for(&h.puzzle)
            .iter()
            .any(|p| p.algorithm == Algorithm::Direct));
        let mut budget = eight();
        assert!(!act(
            &mut budget,
            Action::Compare(CompareAction::SetBudget(7))
        ));
        assert!(act(
            &mut budget,
            Action::Compare(CompareAction::SetBudget(1_000))
        ));
        act(&mut budget, Action::Compare(CompareAction::Start));
        assert!(matches!(
            budget.outbox.as_ref().map(|r| &r.kind),
            Some(RequestKind::Solve {
                max_states: 1_000,
                time_limit_ms: Some(COMPARE_TIME_LIMIT_MS),
                ..
            })
        ));
    }
}
