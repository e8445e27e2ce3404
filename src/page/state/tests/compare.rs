//! Compare runs through the real reducer, beside the solve run and hand play.

use super::*;

fn eight() -> Page {
    Page::from_search("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8", 1)
}

/// The row being solved and its request's id.
fn current(s: &State) -> (usize, u64) {
    let row = s
        .compare
        .run
        .as_ref()
        .and_then(|r| r.current_row())
        .expect("a pair in flight");
    let id = s.router.id_of(|o| *o == Owner::CompareRow(row));
    (row, id.expect("the pair's request"))
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
                Vec::new(),
            )
        },
    }
}

fn act(s: &mut Page, action: impl Into<Action>) -> bool {
    s.apply(action)
}

fn hear(s: &mut Page, id: u64, body: ResponseBody) -> bool {
    act(s, Action::from(WorkerEvent::Message(Response { id, body })))
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
        pairs_for(&s.lab.setup.puzzle).len() - 1,
        "unticked DFS is left out"
    );
    let mut seen = Vec::new();
    for i in 0..rows {
        let (row, id) = current(&s);
        assert_eq!(row, i);
        let posted = s.last_posted().map(|r| r.id);
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
    assert_eq!(s.lab.solve.run, Run::Idle, "the main run is untouched");
}

#[test]
fn cancelling_a_pair_replaces_the_worker_and_goes_on() {
    let mut s = eight();
    act(&mut s, Action::Compare(CompareAction::Start));
    let (_, first) = current(&s);
    let generation = s.router.generation();
    assert!(act(&mut s, Action::Compare(CompareAction::CancelPair)));
    assert_eq!(s.router.generation(), generation + 1);
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
fn a_crash_or_a_broken_worker_fails_only_the_pair_in_flight() {
    let mut s = eight();
    act(&mut s, Action::Compare(CompareAction::Start));
    assert!(act(
        &mut s,
        Action::from(WorkerEvent::Crashed("boom".into()))
    ));
    let run = s.compare.run.as_ref().expect("run");
    assert_eq!(run.rows[0].status(), "error");
    assert_eq!(current(&s).0, 1);
    // A worker that cannot start loses the pair in flight too: it fails, and the next one is posted.
    assert!(hear(
        &mut s,
        crate::protocol::NO_REQUEST,
        ResponseBody::Error {
            failure: crate::protocol::Failure::Unreachable {
                detail: "no worker".into(),
            }
        }
    ));
    assert_eq!(current(&s).0, 2);
    assert_eq!(
        s.compare.run.as_ref().map(|r| r.rows[1].status()),
        Some("error")
    );
}

/// The requests the reducer asked the app to post by now.
fn posted(s: &Page) -> Vec<u64> {
    s.posted.iter().map(|r| r.id).collect()
}

/// The id of the solve's request, sent or waiting.
fn solve_id(s: &State) -> u64 {
    s.router
        .id_of(|o| *o == Owner::Solve(PuzzleId::Lab))
        .expect("the solve's request is with the router")
}

/// Issue 11: during a long Compare, switch to hand play, make a move and press "Solve from here". The solve must
/// go out and its answer must reach the solve run; the compare run's answers must still reach the compare run.
#[test]
fn solve_from_here_during_a_compare_run_is_not_lost() {
    // A move there and back: the start stays the same, so the compare run goes on beside the solve.
    let mut s = eight();
    act(&mut s, Action::Compare(CompareAction::Start));
    let (_, pair) = current(&s);
    act(&mut s, Action::SetMode(Mode::HandPlay));
    act(&mut s, HandPlayAction::MoveBlank(Dir::Right));
    act(&mut s, HandPlayAction::MoveBlank(Dir::Left));
    assert!(act(&mut s, HandPlayAction::SolveFromHere));
    let Run::Solving(_) = &s.lab.solve.run else {
        panic!("the solve did not start: {:?}", s.lab.solve.run);
    };
    let solve = solve_id(&s);
    // The worker is on the compare pair: the solve waits its turn (so no watchdog runs for it yet)...
    assert_eq!(current(&s).1, pair);
    assert_eq!(s.solve_watch(), None);
    assert!(s.solve_waiting(), "the status line says the solve waits");
    // ...and goes out when the pair's answer (which reaches the compare run) frees the worker.
    assert!(hear(&mut s, pair, done(Status::Solved, 2)));
    assert_eq!(
        s.compare.run.as_ref().map(|r| r.rows[0].status()),
        Some("solved")
    );
    assert!(
        posted(&s).contains(&solve),
        "the solve's request was not posted: {:?}",
        posted(&s)
    );
    assert_eq!(s.solve_watch(), Some((solve, 0)));
    assert!(!s.solve_waiting());
    // The compare run's next pair waits behind the solve, and goes out after its answer.
    let (row, next) = current(&s);
    assert_eq!(row, 1);
    assert!(!posted(&s).contains(&next));
    assert!(hear(&mut s, solve, done(Status::Solved, 2)));
    assert_eq!(s.status(), crate::page::state::StatusName::Solved);
    assert_eq!(s.last_posted().map(|r| r.id), Some(next));
    assert!(hear(&mut s, next, done(Status::Solved, 2)));
    assert_eq!(
        s.compare.run.as_ref().map(|r| r.rows[1].status()),
        Some("solved")
    );

    // One move away: the start changes, which ends the compare run, but the solve still runs.
    let mut s = eight();
    act(&mut s, Action::Compare(CompareAction::Start));
    act(&mut s, Action::SetMode(Mode::HandPlay));
    act(&mut s, HandPlayAction::MoveBlank(Dir::Right));
    assert!(act(&mut s, HandPlayAction::SolveFromHere));
    assert!(
        !s.compare.is_running(),
        "a changed puzzle ends the compare run"
    );
    let Run::Solving(_) = &s.lab.solve.run else {
        panic!("the solve did not start: {:?}", s.lab.solve.run);
    };
    let solve = solve_id(&s);
    assert!(posted(&s).contains(&solve), "{:?}", posted(&s));
    assert!(hear(&mut s, solve, done(Status::Solved, 1)));
    assert_eq!(s.status(), crate::page::state::StatusName::Solved);
}

#[test]
fn editing_the_puzzle_ends_the_run_and_hanoi_offers_direct() {
    let mut s = eight();
    act(&mut s, Action::Compare(CompareAction::Start));
    act(&mut s, SetupAction::SwapCells(0, 1));
    assert!(!s.compare.is_running());
    let h = Page::from_search("puzzle=hanoi&pegs=4&disks=3&start=0,1,0&goal=3,3,3", 1);
    assert!(!pairs_for(&h.lab.setup.puzzle)
        .iter()
        .any(|p| p.algorithm == Algorithm::Direct));
    let h = Page::from_search("puzzle=hanoi&pegs=3&disks=3&start=0,1,0&goal=2,2,2", 1);
    assert!(pairs_for(&h.lab.setup.puzzle)
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
        budget.last_posted().map(|r| &r.kind),
        Some(RequestKind::Solve {
            max_states: 1_000,
            time_limit_ms: Some(COMPARE_TIME_LIMIT_MS),
            ..
        })
    ));
}
