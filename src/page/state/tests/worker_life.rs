//! The worker's life, owned by the router: a worker that asks to be retired, one that crashes, one that cannot
//! start, and the `Prepare` each fresh worker gets. Here the reducer's effects are read one update at a time
//! (`State::update`), so that what waits for a fresh worker's `Ready` shows.

use super::*;
use crate::page::state::router::Retired;
use crate::protocol::WorkerNote;

/// A compare run's first pair in flight and the lab's solve waiting behind it: (pair, solve) ids.
fn pair_and_solve_waiting(s: &mut Page) -> (u64, u64) {
    s.apply(Action::Compare(CompareAction::Start));
    s.apply(SolveAction::Solve);
    let pair = s
        .router
        .in_flight(|o| matches!(o, Owner::CompareRow(_)))
        .expect("the pair is in flight");
    let solve = s
        .router
        .id_of(|o| *o == Owner::Solve(PuzzleId::Lab))
        .expect("the solve waits");
    assert!(s.solve_waiting());
    (pair, solve)
}

fn eight() -> Page {
    Page::from_search("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8", 1)
}

fn retire(memory_bytes: u64) -> Action {
    Action::from(WorkerEvent::Note(WorkerNote::Retire { memory_bytes }))
}

fn crash(why: &str) -> Action {
    Action::from(WorkerEvent::Crashed(why.into()))
}

/// The ids of the requests among `effects` that are posted, and a `0` for each replacement of the worker.
fn carried(effects: &[Effect]) -> Vec<u64> {
    effects
        .iter()
        .map(|e| match e {
            Effect::Post(r) => r.id,
            Effect::ReplaceWorker => 0,
        })
        .collect()
}

fn solved() -> ResponseBody {
    ResponseBody::Done {
        report: report(Status::Solved, Moves::Sliding("RR".into()), 2),
    }
}

#[test]
fn a_retire_while_a_request_waits_hands_both_to_the_fresh_worker_once() {
    let mut s = eight();
    let (pair, solve) = pair_and_solve_waiting(&mut s);
    let generation = s.router.generation();
    // The worker asked to be retired before the pair reached it: it is replaced, and nothing is sent to the fresh
    // worker before it has loaded.
    let update = s.update(retire(96 << 20));
    assert_eq!(carried(&update.effects), [0]);
    assert!(!update.changed, "nothing on the page changes");
    assert_eq!(s.router.generation(), generation + 1);
    assert_eq!(
        s.router.retired(),
        Retired {
            count: 1,
            memory_bytes: 96 << 20
        }
    );
    // The fresh worker gets the pair, once, and the solve still waits for it.
    let update = s.update(worker_ready());
    assert_eq!(carried(&update.effects), [pair]);
    assert!(s.solve_waiting());
    assert_eq!(
        s.compare.run.as_ref().map(|r| r.rows[0].status()),
        Some("running")
    );
    // The pair's answer reaches the compare run, and the solve goes out, once.
    let update = s.update(reply(pair, solved()));
    assert_eq!(carried(&update.effects), [solve]);
    assert_eq!(
        s.compare.run.as_ref().map(|r| r.rows[0].status()),
        Some("solved")
    );
    assert_eq!(s.solve_watch(), Some((solve, 0)));
    s.apply(reply(solve, solved()));
    assert_eq!(s.status(), StatusName::Solved);
}

#[test]
fn a_crash_loses_the_request_in_flight_and_the_waiting_one_goes_to_the_fresh_worker() {
    let mut s = eight();
    let (pair, solve) = pair_and_solve_waiting(&mut s);
    let generation = s.router.generation();
    let update = s.update(crash("RuntimeError: unreachable"));
    assert!(update.changed);
    assert_eq!(carried(&update.effects), [0], "nothing sent before Ready");
    assert_eq!(s.router.generation(), generation + 1);
    let run = s.compare.run.as_ref().expect("the compare run");
    assert_eq!(run.rows[0].status(), "error");
    assert!(s.is_solving(), "the waiting solve is not lost");
    assert_eq!(
        s.solve_watch(),
        Some((solve, 0)),
        "it is the fresh worker's"
    );
    let update = s.update(worker_ready());
    assert_eq!(carried(&update.effects), [solve]);
    // A late word of the dead worker about the lost pair goes nowhere.
    assert!(!s.apply(reply(pair, solved())));
    s.apply(reply(solve, solved()));
    assert_eq!(s.status(), StatusName::Solved);
    assert_eq!(s.router.retired(), Retired::default());
}

#[test]
fn a_worker_that_cannot_start_fails_the_solve_and_is_tried_again_on_the_next() {
    let mut s = eight();
    s.apply(SolveAction::Solve);
    let first = request_id(&s);
    let broken = reply(
        crate::protocol::NO_REQUEST,
        ResponseBody::Error {
            failure: crate::protocol::Failure::NotLoaded {
                detail: "404".into(),
            },
        },
    );
    let update = s.update(broken);
    assert!(
        update.effects.is_empty(),
        "no worker is started for nothing"
    );
    assert_eq!(s.status(), StatusName::Error);
    assert!(s
        .message()
        .is_some_and(|m| en(&m).contains("could not load")));
    let update = s.update(SolveAction::Solve);
    assert_eq!(carried(&update.effects), [0]);
    let update = s.update(worker_ready());
    let posted = carried(&update.effects);
    assert_eq!(posted.len(), 1);
    assert!(posted[0] > first, "a request of its own");
    assert!(s.is_solving());
}

#[test]
fn each_fresh_worker_is_prepared_for_a_5x5_board_before_its_first_request() {
    let prepares = |effects: &[Effect]| {
        effects
            .iter()
            .map(|e| match e {
                Effect::Post(Request {
                    kind: RequestKind::Prepare { .. },
                    ..
                }) => "prepare",
                Effect::Post(_) => "request",
                Effect::ReplaceWorker => "replace",
            })
            .collect::<Vec<_>>()
    };
    // The page opens on a 5x5 board: its first worker is told as soon as it has loaded.
    let mut s = State::from_search("puzzle=sliding&size=5x5", 7);
    assert!(prepares(&s.update(worker_ready()).effects) == ["prepare"]);
    // A solve goes out at once: the Prepare waits for no answer.
    assert_eq!(prepares(&s.update(SolveAction::Solve).effects), ["request"]);
    let solve = s.router.in_flight(|_| true).expect("the solve");
    // The worker asks to be retired before the solve reached it: the fresh one is prepared first, then given it.
    assert_eq!(prepares(&s.update(retire(60 << 20)).effects), ["replace"]);
    let update = s.update(worker_ready());
    assert_eq!(prepares(&update.effects), ["prepare", "request"]);
    assert_eq!(carried(&update.effects)[1], solve);
    // A crash on the solve: the fresh worker is prepared again.
    assert_eq!(prepares(&s.update(crash("boom")).effects), ["replace"]);
    assert_eq!(prepares(&s.update(worker_ready()).effects), ["prepare"]);
    assert_eq!(s.router.generation(), 2);
    // An idle one that dies is replaced by the next request, and prepared before it.
    assert!(s.update(crash("boom")).effects.is_empty());
    assert_eq!(prepares(&s.update(SolveAction::Solve).effects), ["replace"]);
    assert_eq!(
        prepares(&s.update(worker_ready()).effects),
        ["prepare", "request"]
    );
}
