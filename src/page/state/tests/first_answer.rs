//! A first answer while the tables for the shortest are built: shown at once with its bound, said in the progress
//! line in both languages, replaced by the shortest (and said so), kept by Cancel or by a search that stops.

use super::*;
use crate::page::state::solve::Progress;

/// The 15-puzzle's goal with the blank moved up twice and left twice: the shortest solution is `RRDD`.
const START: [u8; 16] = [1, 2, 3, 4, 5, 0, 6, 7, 9, 10, 11, 8, 13, 14, 15, 12];
const GOAL: [u8; 16] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0];

/// A fresh 4x4 lab with the preselected search (IDA* with the pattern databases) posted; its request id and the
/// shortest solution.
fn fifteen_solving() -> (Page, u64, String) {
    let shortest = bfs_path(4, 4, &START, &GOAL).expect("solvable");
    let mut s = sliding(4, 4, START.to_vec(), GOAL.to_vec());
    assert_eq!(
        (s.lab.setup.algorithm, s.lab.setup.heuristic),
        (Algorithm::Idastar, HeuristicName::Pdb),
        "the preselection on 4x4"
    );
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    (s, id, shortest)
}

/// The optimal search's answer.
fn shortest_done(id: u64, moves: &str) -> Action {
    let report = Report {
        optimal: true,
        lower_bound: Some(moves.len() as u64),
        heuristic: Some("pdb".into()),
        ..Report::new(
            Status::Solved,
            Algorithm::Idastar,
            Moves::Sliding(moves.into()),
            moves.len() as u64,
            Said::Solved {
                length: moves.len() as u64,
            },
        )
    };
    reply(id, ResponseBody::Done { report })
}

fn building(id: u64, fraction: f64) -> Action {
    reply(
        id,
        ResponseBody::Building {
            fraction,
            elapsed_ms: 1200.0,
        },
    )
}

fn progress(s: &Page) -> &Progress {
    match &s.lab.solve.run {
        Run::Solving(p) => p,
        other => panic!("not solving: {other:?}"),
    }
}

/// The progress line's first-answer sentence in `lang`.
fn detail(s: &Page, lang: Lang) -> String {
    progress(s)
        .first_answer_detail()
        .map(|t| t.render(lang))
        .unwrap_or_default()
}

#[test]
fn a_first_answer_shows_at_once_with_its_bound_while_the_tables_build_then_the_shortest_replaces_it(
) {
    let (mut s, id, shortest) = fifteen_solving();
    let long = format!("UDLR{shortest}");
    let bound = shortest.len() as u64;
    assert!(progress(&s).first_answer().is_none());

    // The first answer: on the board at once, paused at the start, with its bound; the run goes on.
    assert!(s.apply(improved(id, &long, bound)));
    assert_eq!(s.status(), StatusName::Solving);
    let replay = s
        .lab
        .playback
        .replay
        .clone()
        .expect("the first answer is shown");
    assert_eq!(
        (replay.len(), replay.cursor, replay.playing),
        (long.len(), 0, false)
    );
    let answer = s.lab.solve.answer().expect("an answer to show");
    assert_eq!(answer.length, long.len() as u64);
    assert_eq!(
        bound_text(answer.length, bound).render(Lang::En),
        "At most 100% longer than the shortest (lower bound 4 moves)."
    );
    // It can be played at once.
    assert!(s.apply(PlaybackAction::StepForward));
    assert!(s.apply(PlaybackAction::Seek(0)));

    // The tables' build: the progress line says what happens, in both languages.
    assert!(s.apply(building(id, 0.42)));
    assert_eq!(progress(&s).building, Some(0.42));
    assert_eq!(
        detail(&s, Lang::En),
        "First answer (8 moves, at most 100% longer than the shortest); building the pattern databases for the shortest… \
         42% · 1.20 s"
    );
    assert_eq!(
        detail(&s, Lang::Zh),
        "已得到第一个解（8 步，最多比最短解长 100%）；正在构建求最短解所需的模式数据库… 42% · 1.20 s"
    );
    // Then the search for the shortest.
    s.apply(reply(
        id,
        ResponseBody::Progress {
            expanded: 1500,
            generated: 3000,
            elapsed_ms: 1300.0,
        },
    ));
    let searching = detail(&s, Lang::En);
    assert!(
        searching.starts_with(
            "First answer (8 moves, at most 100% longer than the shortest); searching for the shortest: \
             1,500 nodes expanded"
        ),
        "{searching}"
    );

    // The shortest arrives: it replaces the first answer, plays from the start, and the page says so.
    s.apply(shortest_done(id, &shortest));
    assert_eq!(s.status(), StatusName::Solved);
    assert_eq!(s.lab.solve.answer().map(|r| r.length), Some(bound));
    let replay = s.lab.playback.replay.clone().expect("shown");
    assert_eq!((replay.len(), replay.playing), (shortest.len(), true));
    let message = s.message().expect("a finished run has a message");
    assert_eq!(
        message.text_in(Lang::En),
        "Solved in 4 moves: a shortest solution. It replaced the first answer (8 moves)."
    );
    assert_eq!(
        message.text_in(Lang::Zh),
        "已求解：4 步，是最短解。 它取代了先前的第一个解（8 步）。"
    );
    while s.lab.playback.playing() {
        s.apply(PlaybackAction::Tick);
    }
    assert_eq!(s.shown(), GOAL.as_slice());
}

#[test]
fn cancel_while_the_tables_build_keeps_the_first_answer_with_its_bound() {
    let (mut s, id, shortest) = fifteen_solving();
    let long = format!("UDLR{shortest}");
    s.apply(improved(id, &long, shortest.len() as u64));
    s.apply(building(id, 0.3));
    let generation = s.router.generation();
    assert!(s.apply(SolveAction::Cancel));
    assert_eq!(
        s.router.generation(),
        generation + 1,
        "the worker is replaced"
    );
    assert_eq!(s.status(), StatusName::Solved);
    let answer = s.lab.solve.answer().expect("the first answer is kept");
    assert_eq!(
        (answer.length, answer.lower_bound),
        (long.len() as u64, Some(4))
    );
    assert!(s.lab.playback.playing(), "the kept answer plays");
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(
        text.starts_with("Solved in 8 moves by the staged solver")
            && text.ends_with("The search for the shortest was stopped: this is the first answer."),
        "{text}"
    );
    // The request is gone: the shortest, arriving late, changes nothing.
    assert!(!s.apply(shortest_done(id, &shortest)));
    assert_eq!(s.lab.solve.answer().map(|r| r.length), Some(8));
}

#[test]
fn a_search_for_the_shortest_that_stops_keeps_the_first_answer_and_says_why() {
    let (mut s, id, shortest) = fifteen_solving();
    let long = format!("UDLR{shortest}");
    s.apply(improved(id, &long, shortest.len() as u64));
    let mut stopped = report(Status::Limit, Moves::Sliding(String::new()), 0);
    stopped.algorithm = Algorithm::Idastar;
    stopped.said = vec![Said::TimeLimit { ms: 10_000 }];
    s.apply(reply(id, ResponseBody::Done { report: stopped }));
    assert_eq!(s.status(), StatusName::Solved);
    assert_eq!(s.lab.solve.answer().map(|r| r.length), Some(8));
    assert!(s.lab.playback.replay.is_some());
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(
        text.contains("The search for the shortest was stopped: this is the first answer.")
            && text.contains("Stopped at the time limit of 10.00 s before finding a solution."),
        "{text}"
    );
}

#[test]
fn a_staged_runs_own_answers_are_improvements_not_first_answers() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let shortest = bfs_path(3, 2, &start, &goal).expect("solvable");
    let mut s = sliding(3, 2, start, goal);
    s.apply(SetupAction::SetAlgorithm(Algorithm::Staged));
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    s.apply(improved(id, &format!("UD{shortest}"), 1));
    assert!(progress(&s).first_answer().is_none());
    assert!(progress(&s).first_answer_detail().is_none());
}
