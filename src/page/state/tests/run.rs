//! The solve run and the playback of its answer: requests, replies, cancel, crashes and silence.

use super::*;

#[test]
fn a_finished_search_is_described_in_the_pages_language_with_the_workers_notes() {
    let link = "puzzle=sliding&size=2x2&start=1,2,0,3&goal=1,2,3,0&algo=weighted&heuristic=manhattan&weight=1.5";
    let mut s = Page::from_search(link, 1);
    let mut r = report(Status::Solved, Moves::Sliding("R".into()), 1);
    r.algorithm = Algorithm::Astar;
    r.heuristic = Some("manhattan".into());
    r.notes = vec![Note::TablesRead { ms: 12.5 }];
    s.lab.solve.run = Run::Finished(Rc::new(r.clone()));
    let message = s.message().expect("a finished run has a message");
    assert_eq!(
        message.text_in(Lang::En),
        "Solved in 1 move: a shortest solution. Note: pattern databases read from this browser's cache in 12.5 ms."
    );
    assert_eq!(
        message.text_in(Lang::Zh),
        "已求解：1 步，是最短解。 附注：模式数据库已从本浏览器的缓存中读出，用时 12.5 ms。"
    );
    // Weighted A*: its bound, with the run's weight.
    r.algorithm = Algorithm::Weighted;
    r.optimal = false;
    r.length = 3;
    r.notes.clear();
    s.lab.solve.run = Run::Finished(Rc::new(r.clone()));
    let text = s.message().map(|m| m.text_in(Lang::Zh)).unwrap_or_default();
    assert_eq!(
        text,
        "已求解：3 步，不超过最短解的 1.5 倍（加权 A*，w = 1.5）。"
    );
    // Greedy: no guarantee, named in the page's language.
    r.algorithm = Algorithm::Greedy;
    s.lab.solve.run = Run::Finished(Rc::new(r.clone()));
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(
        text.starts_with("Solved in 3 moves;") && text.contains("does not guarantee"),
        "{text}"
    );
    // A stop at a limit is what the solver said, in the page's words and numbers, in either language.
    r.status = Status::Limit;
    r.said = vec![Said::StateLimit { max_states: 10_000 }, Said::LargerWeight];
    s.lab.solve.run = Run::Finished(Rc::new(r));
    let message = s.message().expect("a stopped run has a message");
    assert_eq!(
        message.text_in(Lang::En),
        "Stopped at the state limit: the search reached the most states it may hold (10,000) without finding the \
         goal. Raise the limit or use a stronger algorithm or heuristic. A larger weight (up to 10) needs fewer \
         states, for a solution that may be longer."
    );
    let zh = message.text_in(Lang::Zh);
    assert!(
        zh.starts_with("到达状态数上限：") && zh.contains("（10,000 个）"),
        "{zh}"
    );
    assert!(!crate::page::i18n::english_sentence(&zh), "{zh}");
}

#[test]
fn a_solve_posts_one_request_and_plays_the_answer_to_the_goal() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let mut s = sliding(3, 2, start.clone(), goal.clone());
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let Some(Request {
        kind:
            RequestKind::Solve {
                query,
                max_states,
                quick_tables,
                ..
            },
        ..
    }) = s.last_posted().cloned()
    else {
        unreachable!()
    };
    assert_eq!(query, s.query_string());
    assert_eq!(max_states, MAX_STATES);
    // The lab's Solve may be answered on the 15-puzzle's quick tables while the full ones build.
    assert!(quick_tables);
    assert!(
        !s.apply(SetupAction::SetMaxStates(12_345)),
        "only the offered budgets"
    );
    assert_eq!(s.status(), StatusName::Solving);

    // Progress of this request counts; anything for another id is stale and changes nothing.
    assert!(s.apply(reply(
        id,
        ResponseBody::Progress {
            expanded: 10,
            generated: 20,
            elapsed_ms: 1.0
        }
    )));
    assert!(!s.apply(reply(
        id + 7,
        ResponseBody::Progress {
            expanded: 99,
            generated: 99,
            elapsed_ms: 9.0
        }
    )));
    assert!(matches!(&s.lab.solve.run, Run::Solving(p) if p.expanded == 10 && p.heard == 1));

    let path = bfs_path(3, 2, &start, &goal).expect("solvable");
    let n = path.len();
    assert!(s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding(path.clone()), n as u64)
        }
    )));
    assert_eq!(s.status(), StatusName::Solved);
    assert!(s.router.is_idle());
    let replay = s.lab.playback.replay.clone().expect("a replay");
    assert_eq!((replay.cursor, replay.len(), replay.playing), (0, n, true));
    // The words, derived here independently: the tile beside the blank moves the other way.
    let mut board = start.clone();
    let mut expected = Vec::new();
    for letter in path.chars() {
        let blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let (other, word) = match letter {
            'U' => (blank - 3, "down"),
            'D' => (blank + 3, "up"),
            'L' => (blank - 1, "right"),
            _ => (blank + 1, "left"),
        };
        expected.push(format!("tile {} slides {word}", board[other]));
        board.swap(blank, other);
    }
    assert_eq!(words_en(&s, 0, n), expected);
    // A window read from another position of the playback says the same.
    s.apply(PlaybackAction::Seek(3));
    assert_eq!(words_en(&s, 1, n + 5), expected[1..]);
    s.apply(PlaybackAction::Seek(0));
    assert!(s.apply(PlaybackAction::Toggle));
    assert_eq!(s.shown(), start.as_slice());

    // Ticks at the slowest speed move one step each, to the goal, then stop.
    s.apply(PlaybackAction::SetSpeed(1));
    for _ in 0..n {
        assert!(s.apply(PlaybackAction::Tick));
    }
    assert_eq!(s.shown(), goal.as_slice());
    assert!(!s.lab.playback.replay.as_ref().is_some_and(|r| r.playing));
    assert!(
        !s.apply(PlaybackAction::Tick),
        "a stopped playback ignores ticks"
    );

    // Back one step is the position before the last move; seeking to 0 is the start again.
    s.apply(PlaybackAction::StepBack);
    let mut before_last = start.clone();
    for letter in path_prefix(&s, n - 1) {
        let dir = Dir::from_letter(letter).expect("a letter");
        sliding::apply_move(
            Shape {
                width: 3,
                height: 2,
            },
            &mut before_last,
            dir,
        )
        .expect("legal");
    }
    assert_eq!(s.shown(), before_last.as_slice());
    s.apply(PlaybackAction::Seek(0));
    assert_eq!(s.shown(), start.as_slice());
    s.apply(PlaybackAction::Seek(usize::MAX));
    assert_eq!(s.shown(), goal.as_slice());
    // Play at the end starts over.
    s.apply(PlaybackAction::Toggle);
    assert!(s
        .lab
        .playback
        .replay
        .as_ref()
        .is_some_and(|r| r.playing && r.cursor == 0));
}

fn path_prefix(s: &State, k: usize) -> Vec<char> {
    let replay = s.lab.playback.replay.as_ref().expect("a replay");
    replay.steps[..k]
        .iter()
        .map(|step| match step {
            Step::Slide(d) => d.letter(),
            Step::Disk(_) => '?',
        })
        .collect()
}

#[test]
fn a_fast_speed_plays_several_moves_per_tick() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let mut s = sliding(3, 2, start.clone(), goal.clone());
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let path = bfs_path(3, 2, &start, &goal).expect("solvable");
    let n = path.len();
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding(path), n as u64),
        },
    ));
    s.apply(PlaybackAction::SetSpeed(SPEEDS.len() as u8));
    s.apply(PlaybackAction::Tick);
    assert_eq!(
        s.lab.playback.replay.as_ref().map(|r| r.cursor),
        Some(n.min(SPEEDS[SPEEDS.len() - 1].1))
    );
}

#[test]
fn a_wrong_answer_is_refused_not_shown() {
    let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    // "U" is legal from this start but does not reach the goal; "D" leaves the board.
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding("U".into()), 1),
        },
    ));
    assert!(s.lab.playback.replay.is_none());
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| en(n).contains("do not end at the goal")));
    let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding("D".into()), 1),
        },
    ));
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| en(n).contains("illegal")));
}

#[test]
fn an_edit_during_a_shown_solution_edits_what_is_shown() {
    let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let done = report(Status::Solved, Moves::Sliding("R".into()), 1);
    s.apply(reply(id, ResponseBody::Done { report: done }));
    s.apply(PlaybackAction::Seek(1));
    assert_eq!(s.shown(), &[1, 2, 3, 0]);
    // Swapping tiles 1 and 2 on the board on screen (the goal frame) makes that the new start.
    assert!(s.apply(SetupAction::SwapCells(0, 1)));
    assert_eq!(s.lab.setup.puzzle.start(), &[2, 1, 3, 0]);
    assert!(s.lab.playback.replay.is_none());
    assert_eq!(s.shown(), &[2, 1, 3, 0]);
}

#[test]
fn cancel_replaces_the_worker_and_ignores_its_late_answer() {
    let mut s = Page::new_default(3);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let generation = s.router.generation();
    assert!(s.apply(SolveAction::Cancel));
    assert_eq!(s.router.generation(), generation + 1);
    assert!(s.router.is_idle());
    assert_eq!(s.status(), StatusName::Cancelled);
    assert!(!s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding(String::new()), 0)
        }
    )));
    assert_eq!(s.status(), StatusName::Cancelled);
    assert!(!s.apply(SolveAction::Cancel), "nothing to cancel");
    // The next solve gets a new id.
    s.apply(SolveAction::Solve);
    assert!(request_id(&s) > id);
}

#[test]
fn a_crash_or_silence_while_solving_fails_the_run_and_respawns() {
    let mut s = Page::new_default(4);
    assert!(
        !s.apply(Action::from(WorkerEvent::Crashed("boom".into()))),
        "an idle crash changes nothing"
    );
    s.apply(SolveAction::Solve);
    let generation = s.router.generation();
    assert!(s.apply(Action::from(WorkerEvent::Crashed(
        "RuntimeError: unreachable".into()
    ))));
    assert_eq!(s.status(), StatusName::Error);
    assert_eq!(s.router.generation(), generation + 1);
    assert!(s
        .message()
        .is_some_and(|m| en(&m).contains("RuntimeError: unreachable")));

    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    s.apply(reply(
        id,
        ResponseBody::Progress {
            expanded: 1,
            generated: 1,
            elapsed_ms: 1.0,
        },
    ));
    assert!(
        !s.apply(SolveAction::Silent { id, heard: 0 }),
        "heard from since: not silent"
    );
    s.apply(reply(
        id,
        ResponseBody::Building {
            fraction: 0.25,
            elapsed_ms: 2.0,
        },
    ));
    assert!(
        matches!(&s.lab.solve.run, Run::Solving(p) if p.building == Some(0.25) && p.heard == 2)
    );
    assert!(
        !s.apply(SolveAction::Silent { id, heard: 1 }),
        "a build step is a sign of life"
    );
    s.apply(reply(
        id,
        ResponseBody::Progress {
            expanded: 2,
            generated: 2,
            elapsed_ms: 3.0,
        },
    ));
    assert!(matches!(&s.lab.solve.run, Run::Solving(p) if p.building.is_none() && p.heard == 3));
    assert!(s.apply(SolveAction::Silent { id, heard: 3 }));
    assert_eq!(s.status(), StatusName::Error);
    assert!(s.message().is_some_and(|m| en(&m).contains("not answered")));
}

#[test]
fn a_hanoi_answer_is_described_disk_by_disk() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let moves = Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]]);
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, moves, 3),
        },
    ));
    let words = words_en(&s, 0, 3);
    s.apply(PlaybackAction::Seek(2));
    assert_eq!(words_en(&s, 1, 3), words[1..]);
    assert_eq!(
        words,
        [
            "disk 0: peg A -> B",
            "disk 1: peg A -> C",
            "disk 0: peg B -> C"
        ]
    );
    s.apply(PlaybackAction::Seek(3));
    assert_eq!(s.shown(), &[2, 2]);
}

/// A solved answer of the staged solver, as the worker posts it while improving: `moves`, with a lower bound.
#[test]
fn better_answers_show_at_once_and_never_yank_the_playback() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let shortest = bfs_path(3, 2, &start, &goal).expect("solvable");
    let bound = shortest.len() as u64;
    // Longer answers: the blank goes up and back first (legal from the start, the blank in the bottom row).
    let (long, longer) = (format!("UD{shortest}"), format!("UDUD{shortest}"));
    let mut s = sliding(3, 2, start.clone(), goal.clone());
    s.apply(SetupAction::SetAlgorithm(Algorithm::Staged));
    s.apply(SolveAction::Solve);
    let id = request_id(&s);

    // The first answer is shown at once, paused at the start, while the run goes on.
    assert!(s.apply(improved(id, &longer, bound)));
    assert_eq!(s.status(), StatusName::Solving);
    let replay = s
        .lab
        .playback
        .replay
        .clone()
        .expect("the first answer is shown");
    assert_eq!(
        (replay.len(), replay.cursor, replay.playing),
        (longer.len(), 0, false)
    );
    assert_eq!(
        s.lab.solve.answer().map(|r| r.length),
        Some(longer.len() as u64)
    );
    // A better one replaces it while the playback rests at the start; a worse or equal one is ignored.
    s.apply(improved(id, &long, bound));
    assert_eq!(
        s.lab.playback.replay.as_ref().map(|r| r.len()),
        Some(long.len())
    );
    s.apply(improved(id, &longer, bound));
    assert_eq!(
        s.lab.playback.replay.as_ref().map(|r| r.len()),
        Some(long.len())
    );
    assert_eq!(
        s.lab.solve.answer().map(|r| r.length),
        Some(long.len() as u64)
    );

    // The person plays it: the shortest answer now waits instead of changing the board mid-way.
    s.apply(PlaybackAction::Toggle);
    s.apply(PlaybackAction::Tick);
    let frame = s.shown().to_vec();
    s.apply(improved(id, &shortest, bound));
    assert_eq!(
        s.lab.playback.replay.as_ref().map(|r| r.len()),
        Some(long.len())
    );
    assert_eq!(s.shown(), frame.as_slice(), "the board jumped");
    assert_eq!(
        s.lab.playback.waiting.as_ref().map(|r| r.len()),
        Some(shortest.len())
    );
    assert_eq!(s.lab.solve.answer().map(|r| r.length), Some(bound));
    // The run ends with that answer: the playback goes on with the one it plays.
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: staged_answer(&shortest, bound),
        },
    ));
    assert_eq!(s.status(), StatusName::Solved);
    assert!(s.lab.playback.playing());
    assert_eq!(
        s.lab.playback.replay.as_ref().map(|r| r.len()),
        Some(long.len())
    );
    // Once it comes to rest at the goal, the shorter answer takes its place, shown at its own end (the goal).
    while s.lab.playback.playing() {
        s.apply(PlaybackAction::Tick);
    }
    assert_eq!(s.shown(), goal.as_slice());
    let replay = s.lab.playback.replay.clone().expect("shown");
    assert_eq!(
        (replay.len(), replay.cursor),
        (shortest.len(), shortest.len())
    );
    assert!(s.lab.playback.waiting.is_none());
    // The bound in the page's words: this one is a shortest solution.
    let answer = s.lab.solve.answer().expect("solved");
    assert_eq!(
        bound_text(answer.length, bound).render(Lang::En),
        "A shortest solution (its length is a proven lower bound)."
    );
}

#[test]
fn show_waiting_switches_at_once_and_a_run_that_ends_at_rest_plays_its_answer() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let shortest = bfs_path(3, 2, &start, &goal).expect("solvable");
    let long = format!("UD{shortest}");
    let mut s = sliding(3, 2, start.clone(), goal);
    s.apply(SetupAction::SetAlgorithm(Algorithm::Staged));
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    s.apply(improved(id, &long, 1));
    s.apply(PlaybackAction::StepForward);
    s.apply(improved(id, &shortest, 1));
    assert!(s.lab.playback.waiting.is_some());
    assert!(s.apply(PlaybackAction::ShowWaiting));
    let replay = s.lab.playback.replay.clone().expect("shown");
    assert_eq!((replay.len(), replay.cursor), (shortest.len(), 0));
    assert_eq!(s.shown(), start.as_slice());
    assert!(
        !s.apply(PlaybackAction::ShowWaiting),
        "nothing waits any more"
    );
    // Paused at the start when the run ends: the answer plays, as after every solve.
    s.apply(PlaybackAction::Toggle);
    s.apply(PlaybackAction::Seek(0));
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: staged_answer(&shortest, 1),
        },
    ));
    assert!(s.lab.playback.playing());
    // The bound in both languages: the answer is 3 times the bound of 1.
    let text = bound_text(shortest.len() as u64, 1);
    let percent = (shortest.len() as u64 - 1) * 100;
    assert_eq!(
        text.render(Lang::En),
        format!("At most {percent}% longer than the shortest (lower bound 1 moves).")
    );
    assert_eq!(
        text.render(Lang::Zh),
        format!("最多比最短解长 {percent}%（下界 1 步）。")
    );
}

#[test]
fn cancel_while_improving_or_building_for_it_keeps_the_best_answer_as_solved() {
    let (start, goal) = (vec![4, 1, 2, 5, 0, 3], vec![1, 2, 3, 4, 5, 0]);
    let shortest = bfs_path(3, 2, &start, &goal).expect("solvable");
    let long = format!("UD{shortest}");
    let mut s = sliding(3, 2, start, goal);
    s.apply(SetupAction::SetAlgorithm(Algorithm::Staged));
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    s.apply(improved(id, &long, shortest.len() as u64));
    // A build for the run's own answer (the 5x5 tables): its progress, in whole percents (0.29 * 100 is
    // 28.999...: still 29%), beside the answer held.
    s.apply(reply(
        id,
        ResponseBody::Building {
            fraction: 0.2900001,
            elapsed_ms: 1.0,
        },
    ));
    assert!(matches!(&s.lab.solve.run, Run::Solving(p) if p.building == Some(0.29)));
    assert_eq!(
        s.lab.solve.answer().map(|r| r.length),
        Some(long.len() as u64)
    );
    assert!(s.apply(SolveAction::Cancel));
    assert_eq!(s.status(), StatusName::Solved);
    assert_eq!(
        s.lab.solve.answer().map(|r| r.length),
        Some(long.len() as u64)
    );
    assert!(s.lab.playback.playing(), "the kept answer plays");
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(
        text.starts_with(&format!(
            "Solved in {} moves by the staged solver",
            long.len()
        )) && text.contains("Improvement was cancelled: this is the best answer found by then."),
        "{text}"
    );
    // The request is gone: its late answers change nothing.
    assert!(!s.apply(improved(id, &shortest, 1)));
    // Cancel before any answer still just cancels.
    s.apply(SolveAction::Solve);
    assert!(s.apply(SolveAction::Cancel));
    assert_eq!(s.status(), StatusName::Cancelled);
    assert!(s.lab.solve.answer().is_none());
}

#[test]
fn a_background_build_shows_its_progress_beside_the_runs_own_and_ends_with_it() {
    use crate::protocol::NO_REQUEST;
    let mut s = Page::from_search("puzzle=sliding&size=5x5", 3);
    s.apply(SolveAction::Solve);
    let id = request_id(&s);
    let building = |fraction| ResponseBody::Building {
        fraction,
        elapsed_ms: 1.0,
    };
    // A build that belongs to no request: the page's own bar, not the run's.
    assert!(s.apply(reply(NO_REQUEST, building(0.25))));
    assert_eq!(s.tables_build, Some(0.25));
    assert!(matches!(&s.lab.solve.run, Run::Solving(p) if p.building.is_none() && p.heard == 0));
    // The run ends; the build goes on.
    let done = report(Status::Limit, Moves::Sliding(String::new()), 0);
    s.apply(reply(id, ResponseBody::Done { report: done }));
    assert_eq!(s.status(), StatusName::Limit);
    assert!(s.apply(reply(NO_REQUEST, building(0.5))));
    assert!(!s.apply(reply(NO_REQUEST, building(0.5))), "nothing new");
    // Progress within the percent shown changes nothing on the page (no re-render); the next percent does.
    assert!(!s.apply(reply(NO_REQUEST, building(0.5049))));
    assert!(!s.apply(reply(NO_REQUEST, building(0.5099))));
    assert_eq!(s.tables_build, Some(0.5));
    assert!(s.apply(reply(NO_REQUEST, building(0.5101))));
    assert_eq!(s.tables_build, Some(0.51));
    // 0.29 * 100 is 28.999...: still 29%.
    assert!(s.apply(reply(NO_REQUEST, building(0.2900001))));
    assert_eq!(s.tables_build, Some(0.29));
    assert!(s.apply(reply(NO_REQUEST, building(0.5))));
    // Done (the fraction reaches 1), or a fresh worker (which builds nothing): the bar goes.
    assert!(s.apply(reply(NO_REQUEST, building(1.0))));
    assert_eq!(s.tables_build, None);
    s.apply(reply(NO_REQUEST, building(0.1)));
    assert!(s.apply(reply(NO_REQUEST, ResponseBody::Ready)));
    assert_eq!(s.tables_build, None);
    // A worker's error about no request still reaches the router (not taken for a build).
    s.apply(reply(
        NO_REQUEST,
        ResponseBody::Error {
            failure: crate::protocol::Failure::NotText,
        },
    ));
    assert_eq!(s.tables_build, None);
}
