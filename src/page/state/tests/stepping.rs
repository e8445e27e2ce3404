//! The step-through's cursor and the predict-the-next-expansion exercise, through the real reducer, on runs of the
//! real solver and traces of the real engines: the judge is the recorded order, and the rules the page states are
//! checked against that order at every step.

use super::*;
use crate::page::state::exercise::{question, ExerciseAction, Rule, TieBreak};
use crate::page::state::stepping::StepAction;
use crate::worker::trace::trace_request;
use solver::search::trace::Trace;
use solver::Control;

/// The page after a solve of `query` answered by the solver and traced by the worker's tracer.
fn solved(query: &str) -> Page {
    let mut s = Page::from_search(query, 1);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let asked = solver::query::parse(&s.query_string()).expect("the page's own query");
    let report = solver::run::solve(&asked, &mut Control::new(Limits::default()));
    s.apply(reply(id, ResponseBody::Done { report }));
    let trace = trace_request(&s.query_string(), 40).expect("a small space");
    assert!(s.apply(reply(id, ResponseBody::Trace { trace })));
    assert!(s.lab.solve.trace.as_ref().is_some_and(|t| t.tree.is_some()));
    s
}

fn trace_of(s: &Page) -> Rc<Trace> {
    s.lab.solve.trace.clone().expect("traced")
}

const EIGHT: &str = "puzzle=sliding&size=3x3&start=4,1,3,7,2,6,0,5,8&goal=1,2,3,4,5,6,7,8,0";
const FARTHER: &str = "puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5&goal=1,2,3,4,5,6,7,8,0";

#[test]
fn picks_are_judged_by_the_recorded_order_and_scored_once_a_step() {
    let mut s = solved(&format!("{EIGHT}&algo=astar&heuristic=manhattan"));
    let trace = trace_of(&s);
    let tree = trace.tree.as_deref().expect("a tree");
    assert!(
        !s.apply(StepAction::Exercise(ExerciseAction::Pick(0))),
        "not started"
    );
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Toggle)));
    assert_eq!(
        s.lab.stepping.at,
        Some(0),
        "the exercise starts at the first step"
    );
    // Step 1: OPEN holds the start alone.
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Pick(0))));
    assert_eq!(
        (s.lab.stepping.exercise.right, s.lab.stepping.exercise.asked),
        (1, 1)
    );
    assert_eq!(s.lab.stepping.at, Some(1), "a right pick shows the step");
    // Step 2: a wrong pick stays there and names the engine's node.
    let q = question(&trace, 1).expect("a question");
    assert_eq!(q.answer, tree.steps[1]);
    assert_eq!(
        tree.nodes[q.answer as usize].rank, trace.expanded[1],
        "the engine's second expansion"
    );
    let wrong = *q
        .open
        .iter()
        .find(|&&id| id != q.answer)
        .expect("OPEN has several nodes");
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Pick(wrong))));
    let verdict = s.lab.stepping.exercise.verdict.clone().expect("judged");
    assert!(!verdict.right() && verdict.answer == q.answer && verdict.rule == Rule::LowestF);
    assert_eq!(
        (s.lab.stepping.exercise.right, s.lab.stepping.exercise.asked),
        (1, 2)
    );
    assert_eq!(s.lab.stepping.at, Some(1));
    assert!(
        !s.apply(StepAction::Exercise(ExerciseAction::Pick(q.answer))),
        "answered already"
    );
    // A node not in OPEN is no answer at all.
    assert!(s.apply(StepAction::Forward));
    assert!(
        !s.apply(StepAction::Exercise(ExerciseAction::Pick(0))),
        "the start is CLOSED"
    );
    let q = question(&trace, 2).expect("a question");
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Pick(q.answer))));
    assert_eq!(
        (s.lab.stepping.exercise.right, s.lab.stepping.exercise.asked),
        (2, 3)
    );
    assert_eq!(s.lab.stepping.at, Some(3));
    // Once the search has ended there is no question.
    assert!(s.apply(StepAction::Go(Some(trace.expanded.len()))));
    assert_eq!(question(&trace, trace.expanded.len()), None);
}

#[test]
fn a_click_on_a_node_moves_the_stepper_and_a_new_run_resets_it_but_not_the_score() {
    let mut s = solved(&format!("{EIGHT}&algo=bfs"));
    let trace = trace_of(&s);
    let tree = trace.tree.as_deref().expect("a tree");
    let expanded = tree.steps[5];
    assert!(s.apply(StepAction::ShowNode(expanded)));
    assert_eq!(
        s.lab.stepping.at,
        Some(6),
        "an expanded node: its step is the current one"
    );
    let waiting = tree
        .nodes
        .iter()
        .position(|n| n.expanded.is_none())
        .expect("a leaf") as u32;
    assert!(s.apply(StepAction::ShowNode(waiting)));
    assert_eq!(
        s.lab.stepping.at,
        Some(tree.nodes[waiting as usize].born as usize),
        "the step that made it"
    );
    assert!(s.apply(StepAction::Go(Some(0))));
    assert!(!s.apply(StepAction::Back), "nothing before the first step");
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Toggle)));
    assert!(s.apply(StepAction::Exercise(ExerciseAction::Pick(0))));
    // A new run: the cursor goes back to the whole search, the score stays.
    assert!(s.apply(SolveAction::Solve));
    assert_eq!(s.lab.stepping.at, None);
    assert!(s.lab.stepping.exercise.active && s.lab.stepping.exercise.verdict.is_none());
    assert_eq!(s.lab.stepping.exercise.asked, 1);
}

/// The rule the page states, checked against the engine's recorded choice at every step of each run, ties included.
#[test]
fn the_stated_rules_are_what_the_engines_do() {
    let mut breaks = Vec::new();
    let tower = "puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2";
    for (puzzle, algo, rule) in [
        (EIGHT, "bfs", Rule::Fifo),
        (EIGHT, "astar&heuristic=manhattan", Rule::LowestF),
        (EIGHT, "astar&heuristic=misplaced", Rule::LowestF),
        (EIGHT, "greedy&heuristic=manhattan", Rule::LowestH),
        (EIGHT, "greedy&heuristic=misplaced", Rule::LowestH),
        (tower, "astar&heuristic=misplaced", Rule::LowestF),
        (tower, "bfs", Rule::Fifo),
        (tower, "dfs", Rule::DepthFirst),
        (FARTHER, "astar&heuristic=manhattan", Rule::LowestF),
        (FARTHER, "greedy&heuristic=misplaced", Rule::LowestH),
    ] {
        let s = solved(&format!("{puzzle}&algo={algo}"));
        let trace = trace_of(&s);
        let tree = trace.tree.as_deref().expect("a tree");
        for position in 0..trace.expanded.len() {
            let q = question(&trace, position).expect("a question at each step");
            assert_eq!(q.rule, rule);
            assert!(
                q.open.contains(&q.answer),
                "{algo} step {position}: the answer waits in OPEN"
            );
            let node = |id: u32| &tree.nodes[id as usize];
            let answer = node(q.answer);
            let key = |id: u32| match rule {
                Rule::LowestF => node(id).f(),
                Rule::LowestH => node(id).h,
                _ => None,
            };
            match rule {
                Rule::Fifo => assert_eq!(
                    q.open.first(),
                    Some(&q.answer),
                    "{algo} {position}: the oldest"
                ),
                Rule::DepthFirst => {
                    // The first waiting child of the deepest state that has one DFS does not drop on the way.
                    let dropped = |id: u32| {
                        node(id).left == Some(position as u32) && node(id).expanded.is_none()
                    };
                    for &id in q.open.iter().filter(|&&id| id != q.answer && !dropped(id)) {
                        let (g, answer_g) = (node(id).g, answer.g);
                        assert!(
                            g < answer_g || g == answer_g && id > q.answer,
                            "{algo} {position}: {id}"
                        );
                    }
                }
                Rule::LowestF | Rule::LowestH => {
                    let best = q.open.iter().filter_map(|&id| key(id)).min();
                    assert_eq!(key(q.answer), best, "{algo} {position}: lowest");
                    let tied: Vec<u32> = q
                        .open
                        .iter()
                        .copied()
                        .filter(|&id| key(id) == best)
                        .collect();
                    assert!(
                        tied.iter().all(|&id| node(id).g <= answer.g),
                        "{algo} {position}: larger g"
                    );
                    let verdict =
                        crate::page::state::exercise::judge(&trace, &q, q.answer).expect("judged");
                    if tied.len() > 1 {
                        let deeper = tied
                            .iter()
                            .all(|&id| id == q.answer || node(id).g < answer.g);
                        let expected = if deeper {
                            TieBreak::LargerG
                        } else {
                            TieBreak::Newest
                        };
                        assert_eq!(
                            verdict.tie,
                            Some((tied.len(), expected)),
                            "{algo} {position}"
                        );
                        breaks.push(expected);
                        if !deeper {
                            let same_g = tied.iter().filter(|&&id| node(id).g == answer.g);
                            assert!(
                                same_g.clone().all(|&id| id <= q.answer),
                                "{algo} {position}: newest"
                            );
                        }
                    } else {
                        assert_eq!(verdict.tie, None);
                    }
                }
            }
        }
    }
    // Both tie-breaks happen in these runs, so both explanations were checked.
    let seen = |b| breaks.contains(&b);
    assert!(
        seen(TieBreak::LargerG) && seen(TieBreak::Newest),
        "{breaks:?}"
    );
}
