//! Heuristics against the truth: the panel's requests, the worker's answers (computed here natively by the solver,
//! as the worker would), the stepper's state, the race, and what an edit or a solve does to them.

use super::*;
use crate::page::state::router::Lost;
use crate::page::state::truth::{Ask, Leg, Probe, Racer, Shown, TruthAction};
use solver::search::Control;
use solver::truth::{measure, Oracle};

const HARDEST: [u8; 9] = [8, 6, 7, 2, 5, 4, 3, 0, 1];

fn hardest() -> Page {
    sliding(3, 3, HARDEST.to_vec(), vec![1, 2, 3, 4, 5, 6, 7, 8, 0])
}

/// Answers the request posted last natively, as the worker would: a measurement or a search.
fn answer(s: &mut Page) -> bool {
    let request = s.last_posted().cloned().expect("a request was posted");
    let body = match request.kind {
        RequestKind::Prepare { .. } => panic!("a prepare is answered by nothing"),
        RequestKind::Truth { query, moves } => {
            let q = solver::query::parse(&query).expect("the page's query reads");
            let measured = measure(&q.puzzle, moves.as_ref(), &mut Oracle::default(), &|| 0.0);
            ResponseBody::Truth { measured }
        }
        RequestKind::Solve {
            query, max_states, ..
        } => {
            let q = solver::query::parse(&query).expect("the page's query reads");
            let limits = Limits {
                max_states,
                ..Limits::default()
            };
            let report = solver::run::solve(&q, &mut Control::new(limits));
            ResponseBody::Done { report }
        }
    };
    s.apply(reply(request.id, body))
}

fn truth_requests(s: &Page) -> Vec<(String, Option<Moves>)> {
    s.posted
        .iter()
        .filter_map(|r| match &r.kind {
            RequestKind::Truth { query, moves } => Some((query.clone(), moves.clone())),
            RequestKind::Solve { .. } | RequestKind::Prepare { .. } => None,
        })
        .collect()
}

#[test]
fn the_panel_measures_the_start_and_after_a_solve_every_position_of_the_solution() {
    let mut s = hardest();
    assert!(truth_requests(&s).is_empty());
    assert!(s.apply(TruthAction::Open));
    let asked = truth_requests(&s);
    assert_eq!(asked.len(), 1);
    assert_eq!(asked[0].1, None, "no solution yet: the start alone");
    assert_eq!(s.truth.path, Probe::Asked);
    assert!(answer(&mut s));
    let (m, row) = s.truth.shown_row().expect("the start is measured");
    assert_eq!((row, m.rows.len(), m.rows[0].truth), (0, 1, Some(31)));
    assert_eq!(m.value(0, HeuristicName::Manhattan), Some(21));

    // A solve: once it ends, the solution is measured.
    s.apply(SolveAction::Solve);
    assert!(answer(&mut s));
    let asked = truth_requests(&s);
    assert_eq!(asked.len(), 2);
    let solution = s.lab.solve.answer().map(|r| r.moves.clone());
    assert!(solution.is_some());
    assert_eq!(asked[1].1, solution);
    assert!(answer(&mut s));
    assert!(s.apply(TruthAction::Show(Shown::Step(5))));
    let (m, row) = s.truth.shown_row().expect("the path is measured");
    assert_eq!((row, m.moves()), (5, 31));
    assert_eq!(
        m.rows[5].truth,
        Some(26),
        "a shortest solution: 31 - 5 moves left"
    );
    // A step past the end shows the goal.
    s.apply(TruthAction::Show(Shown::Step(99)));
    assert_eq!(
        s.truth.shown_row().map(|(m, row)| m.rows[row].truth),
        Some(Some(0))
    );
}

#[test]
fn a_solve_withdraws_a_measurement_on_its_way_and_the_late_answer_is_dropped() {
    let mut s = hardest();
    s.apply(TruthAction::Open);
    let measuring = request_id(&s);
    let update = s.update(SolveAction::Solve);
    assert!(
        update.effects.contains(&Effect::ReplaceWorker),
        "the measurement in flight is withdrawn: the solve never waits behind it"
    );
    // The solve goes to the fresh worker as soon as it has loaded.
    let update = s.update(worker_ready());
    assert!(
        matches!(update.effects.last(), Some(Effect::Post(r)) if matches!(r.kind, RequestKind::Solve { .. }))
    );
    assert_eq!(s.truth.path, Probe::Idle);
    let late = ResponseBody::Truth {
        measured: Err(solver::truth::TruthError::TooManyDisks { disks: 20 }),
    };
    assert!(!s.apply(reply(measuring, late)));
    assert_eq!(s.truth.path, Probe::Idle);
}

#[test]
fn the_steppers_state_is_measured_when_shown_and_again_when_it_moved_meanwhile() {
    let mut s = hardest();
    s.apply(TruthAction::Open);
    answer(&mut s);
    let first = vec![8, 6, 7, 2, 0, 4, 3, 5, 1];
    let second = vec![8, 6, 7, 0, 2, 4, 3, 5, 1];
    s.apply(TruthAction::StepperAt(Some(first.clone())));
    assert_eq!(truth_requests(&s).len(), 1, "not shown: not measured");
    assert!(s.apply(TruthAction::Show(Shown::Stepper)));
    let asked = truth_requests(&s);
    assert_eq!(asked.len(), 2);
    assert!(
        asked[1].0.contains("start=8,6,7,2,0,4,3,5,1"),
        "{}",
        asked[1].0
    );
    // The stepper moves while the worker measures: no second request until the first is answered.
    s.apply(TruthAction::StepperAt(Some(second.clone())));
    assert_eq!(truth_requests(&s).len(), 2);
    answer(&mut s);
    assert!(
        s.truth.shown_row().is_none(),
        "the answer is for a state no longer shown"
    );
    let asked = truth_requests(&s);
    assert_eq!(asked.len(), 3);
    assert!(asked[2].0.contains("start=8,6,7,0,2,4,3,5,1"));
    answer(&mut s);
    let (m, row) = s
        .truth
        .shown_row()
        .expect("the stepper's state is measured");
    assert_eq!(row, 0);
    let independent = bfs_path(3, 3, &second, &[1, 2, 3, 4, 5, 6, 7, 8, 0]).map(|p| p.len() as u32);
    assert_eq!(m.rows[0].truth, independent);
    // Back to the same state: nothing new to ask.
    s.apply(TruthAction::Show(Shown::Step(0)));
    s.apply(TruthAction::Show(Shown::Stepper));
    assert_eq!(truth_requests(&s).len(), 3);
}

#[test]
fn the_race_runs_a_star_with_the_seed_heuristic_and_an_admissible_one_side_by_side() {
    let mut s = Page::from_search(
        "puzzle=hanoi&pegs=4&disks=5&start=0,0,0,0,0&goal=3,3,3,3,3",
        1,
    );
    assert!(s.apply(TruthAction::Race));
    let solves: Vec<String> = s
        .posted
        .iter()
        .filter_map(|r| match &r.kind {
            RequestKind::Solve { query, .. } => Some(query.clone()),
            RequestKind::Truth { .. } | RequestKind::Prepare { .. } => None,
        })
        .collect();
    assert_eq!(
        solves.len(),
        1,
        "one search at a time: the router holds the other"
    );
    assert!(solves[0].contains("algo=astar") && solves[0].contains("heuristic=seed-power"));
    assert!(s.truth.racing());
    assert!(!s.apply(TruthAction::Race), "not twice at once");
    answer(&mut s);
    // The router sends the second when the first is answered.
    let last = s.last_posted().cloned().expect("the second search");
    let RequestKind::Solve { query, .. } = &last.kind else {
        panic!("a search");
    };
    assert!(query.contains("heuristic=exact"));
    answer(&mut s);
    assert!(!s.truth.racing());
    let lengths: Vec<u64> = s
        .truth
        .race
        .iter()
        .map(|leg| match leg {
            Leg::Done(r) => r.length,
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(lengths[1], 13, "the admissible search: a shortest path");
    assert!(lengths[0] >= lengths[1]);
    // Boards have no seed heuristic: no race.
    let mut board = hardest();
    assert!(!board.apply(TruthAction::Race));
}

#[test]
fn an_edit_forgets_the_measurements_and_the_race_and_a_lost_request_says_so() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2", 1);
    s.apply(TruthAction::Open);
    answer(&mut s);
    s.apply(TruthAction::Race);
    assert!(matches!(s.truth.path, Probe::Measured(_)));
    s.apply(SetupAction::PlaceDisk { disk: 0, peg: 1 });
    assert_eq!(s.truth.path, Probe::Idle);
    assert!(s.truth.race.iter().all(|leg| *leg == Leg::Idle));
    assert!(s.router.is_idle(), "every request of the panel withdrawn");
    s.apply(TruthAction::Measure);
    assert!(s.truth.on_lost(Ask::Path, Lost::Crashed("oom".into())));
    let Probe::Failed(why) = &s.truth.path else {
        panic!("a failure");
    };
    assert!(why.render(Lang::En).contains("oom"));
    assert!(s.truth.on_lost(Ask::Race(Racer::Seed), Lost::Replaced));
    assert!(matches!(s.truth.race[0], Leg::Failed(_)));
}
