//! Hand play: moves by hand, undo and redo, hints and the optimum answered by the real solver, "Solve from here".

use super::*;

const GOAL: [u8; 6] = [1, 2, 3, 4, 5, 0];
const SHAPE: Shape = Shape {
    width: 3,
    height: 2,
};

/// The distance to `GOAL` of every position of the 3x2 puzzle, by breadth-first search from the goal (moves are
/// reversible, so distances from it are distances to it).
fn distances() -> HashMap<Vec<u8>, u64> {
    let mut seen = HashMap::from([(GOAL.to_vec(), 0u64)]);
    let mut queue = VecDeque::from([GOAL.to_vec()]);
    while let Some(board) = queue.pop_front() {
        let d = seen[&board];
        let blank = board.iter().position(|&t| t == 0).unwrap();
        for dir in Dir::ALL {
            if let Some(cell) = SHAPE.step(blank, dir) {
                let mut next = board.clone();
                next.swap(blank, cell);
                if !seen.contains_key(&next) {
                    seen.insert(next.clone(), d + 1);
                    queue.push_back(next);
                }
            }
        }
    }
    seen
}

fn list(position: &[u8]) -> String {
    position
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

fn playing(start: &[u8]) -> Page {
    let mut s = Page::from_search(
        &format!(
            "puzzle=sliding&size=3x2&start={}&goal={}",
            list(start),
            list(&GOAL)
        ),
        1,
    );
    assert!(s.apply(Action::SetMode(Mode::HandPlay)));
    s
}

/// Runs the request posted last natively, as the worker would, and hands the answer to the reducer.
fn answer(s: &mut Page) -> bool {
    let request = s.last_posted().cloned().expect("a request was posted");
    let RequestKind::Solve {
        query,
        max_states,
        time_limit_ms,
        ..
    } = request.kind
    else {
        panic!("not a solve request");
    };
    let limits = Limits {
        max_states,
        time_limit_ms,
        ..Limits::default()
    };
    let report = crate::worker::solve_request(&query, limits, None, || 0.0, |_| {}, || false);
    s.apply(Action::from(WorkerEvent::Message(Response {
        id: request.id,
        body: ResponseBody::Done { report },
    })))
}

#[test]
fn following_the_hints_reaches_the_goal_in_exactly_the_announced_moves() {
    let truth = distances();
    assert_eq!(truth.len(), 360, "the 3x2 puzzle has 6!/2 positions");
    let farthest = truth.values().copied().max().unwrap();
    // The farthest positions and a few nearer ones.
    let mut starts: Vec<&Vec<u8>> = truth
        .iter()
        .filter(|(_, &d)| d == farthest || d == 7 || d == 1)
        .map(|(p, _)| p)
        .collect();
    starts.sort();
    for start in starts {
        let mut s = playing(start);
        assert!(answer(&mut s), "the optimum's answer is taken");
        assert_eq!(s.hand_play.optimum, Optimum::Known(truth[start]));
        assert!(s.router.is_idle());
        let mut announced = None;
        let mut played = 0;
        while s.hand_play.position != GOAL {
            assert!(s.apply(HandPlayAction::Hint));
            assert!(s.hand_play.thinking());
            assert!(answer(&mut s));
            let (next, left) = s
                .hand_play
                .hint_for(&s.hand_play.position)
                .expect("a hint for this position");
            assert_eq!(
                left, truth[&s.hand_play.position],
                "moves left from {:?}",
                s.hand_play.position
            );
            announced.get_or_insert(left);
            let Some(Step::Slide(dir)) = next else {
                panic!("no move offered away from the goal");
            };
            assert!(s.apply(HandPlayAction::MoveBlank(dir)));
            assert!(
                s.hand_play.hint_for(&s.hand_play.position).is_none(),
                "a hint is for one position only"
            );
            played += 1;
            assert!(played <= farthest, "the hints wander");
        }
        assert_eq!(Some(played), announced, "from {start:?}");
        assert_eq!(u64::from(s.hand_play.moves), truth[start]);
        // The goal is celebrated in both languages.
        let notice = s.notices.notice.clone().expect("a notice at the goal");
        let moves = truth[start].to_string();
        assert!(notice
            .text_in(crate::page::i18n::Lang::En)
            .contains(&format!("in {moves} move")));
        assert!(notice
            .text_in(crate::page::i18n::Lang::Zh)
            .contains(&format!("用 {moves} 步")));
    }
}

#[test]
fn undo_and_redo_walk_the_history_and_a_new_move_drops_the_redo() {
    let start = [1, 2, 3, 4, 0, 5];
    let mut s = playing(&start);
    assert!(!s.apply(HandPlayAction::Undo), "nothing to undo");
    let mut positions = vec![s.hand_play.position.clone()];
    for dir in [Dir::Up, Dir::Left, Dir::Down] {
        assert!(s.apply(HandPlayAction::MoveBlank(dir)));
        positions.push(s.hand_play.position.clone());
    }
    assert!(s.apply(HandPlayAction::Undo));
    assert!(s.apply(HandPlayAction::Undo));
    assert_eq!(s.hand_play.position, positions[1]);
    assert_eq!(s.hand_play.moves, 1);
    assert!(s.apply(HandPlayAction::Redo));
    assert_eq!(s.hand_play.position, positions[2]);
    assert_eq!(s.hand_play.moves, 2);
    assert_eq!(s.hand_play.redo.len(), 1, "one move is still redoable");
    assert!(s.apply(HandPlayAction::MoveBlank(Dir::Right)));
    assert!(
        s.hand_play.redo.is_empty(),
        "a new move forgets what was undone"
    );
    assert!(!s.apply(HandPlayAction::Redo));
    for _ in 0..3 {
        assert!(s.apply(HandPlayAction::Undo));
    }
    assert_eq!(s.hand_play.position, start);
    assert_eq!(s.hand_play.moves, 0);
}

#[test]
fn solve_from_here_makes_the_current_position_the_start_and_solves() {
    let mut s = playing(&[1, 2, 3, 4, 0, 5]);
    answer(&mut s);
    s.apply(HandPlayAction::MoveBlank(Dir::Up));
    let here = s.hand_play.position.clone();
    assert!(s.apply(HandPlayAction::SolveFromHere));
    assert_eq!(s.lab.setup.puzzle.start(), here.as_slice());
    assert_eq!(s.mode, Mode::Setup);
    assert!(s.is_solving());
    let Some(Request {
        kind: RequestKind::Solve { query, .. },
        ..
    }) = s.last_posted()
    else {
        panic!("no solve request");
    };
    assert!(query.contains(&format!("start={}", list(&here))), "{query}");
}

#[test]
fn a_crash_or_a_solve_forgets_a_pending_hint() {
    let mut s = playing(&[1, 2, 3, 4, 0, 5]);
    answer(&mut s);
    s.apply(HandPlayAction::Hint);
    assert!(s.apply(Action::from(WorkerEvent::Crashed("boom".into()))));
    assert!(matches!(s.hand_play.hint, Hint::Failed(_)));
    assert!(s.router.is_idle());

    let mut s = playing(&[1, 2, 3, 4, 0, 5]);
    let generation = s.router.generation();
    let optimum_id = s.last_posted().map(|r| r.id).unwrap();
    s.apply(SolveAction::Solve);
    assert_ne!(
        s.router.generation(),
        generation,
        "the busy worker is replaced"
    );
    assert!(!s.router.has(Owner::is_hand_play));
    // A late answer to the forgotten request is not taken for the solve's.
    assert!(!s.apply(Action::from(WorkerEvent::Message(Response {
        id: optimum_id,
        body: ResponseBody::Error {
            failure: crate::protocol::Failure::Unreachable {
                detail: "late".into(),
            }
        },
    }))));
    assert!(s.is_solving());
}

#[test]
fn three_peg_hanoi_hints_come_from_the_closed_form_path() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2", 1);
    s.apply(Action::SetMode(Mode::HandPlay));
    assert!(answer(&mut s));
    // The classic tower of n disks needs 2^n - 1 moves.
    assert_eq!(s.hand_play.optimum, Optimum::Known(15));
    s.apply(HandPlayAction::Hint);
    answer(&mut s);
    let (next, left) = s.hand_play.hint_for(&s.hand_play.position).unwrap();
    assert_eq!(left, 15);
    // With an even number of disks the smallest goes first to the middle peg.
    assert_eq!(
        next,
        Some(Step::Disk(solver::hanoi::HanoiMove { from: 0, to: 1 }))
    );
    assert_eq!(
        step_symbol(&s.lab.setup.puzzle, &s.hand_play.position, next.unwrap()),
        "A → B"
    );
}

#[test]
fn hints_use_an_optimal_method_for_every_size() {
    for (w, h) in [(2u8, 2u8), (3, 3), (4, 4), (5, 5)] {
        let cells = usize::from(w) * usize::from(h);
        let board: Vec<u8> = (1..cells as u8).chain([0]).collect();
        let spec = PuzzleSpec::Sliding {
            width: w,
            height: h,
            start: board.clone(),
            goal: board,
        };
        let choice = optimal_method(&spec).unwrap();
        assert!(choice.is_optimal(), "{w}x{h}: {choice:?}");
        assert_ne!(choice.heuristic, Some(HeuristicName::Misplaced));
    }
}

#[test]
fn play_mode_slides_tiles_next_to_the_blank_and_counts() {
    let mut s = sliding(2, 2, vec![1, 2, 0, 3], vec![1, 2, 3, 0]);
    assert!(
        !s.apply(HandPlayAction::SlideTile(3)),
        "no sliding in set-up"
    );
    s.apply(Action::SetMode(Mode::HandPlay));
    assert!(
        !s.apply(HandPlayAction::SlideTile(1)),
        "tile 2 is not next to the blank"
    );
    assert!(s.apply(HandPlayAction::SlideTile(3)));
    assert_eq!(s.hand_play.position, vec![1, 2, 3, 0]);
    assert_eq!(s.hand_play.moves, 1);
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| en(n).contains("Solved by hand in 1 move!")));
    assert!(s.apply(HandPlayAction::MoveBlank(Dir::Up)));
    assert_eq!(s.hand_play.position, vec![1, 0, 3, 2]);
    assert!(
        !s.apply(HandPlayAction::MoveBlank(Dir::Up)),
        "off the board"
    );
    assert_eq!(s.hand_play.moves, 2);
    assert_eq!(
        s.lab.setup.puzzle.start(),
        &[1, 2, 0, 3],
        "play never edits the puzzle"
    );
}

#[test]
fn hanoi_play_allows_legal_moves_only() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
    s.apply(Action::SetMode(Mode::HandPlay));
    assert!(s.apply(HandPlayAction::MoveDisk(HanoiMove { from: 0, to: 1 })));
    assert_eq!(s.hand_play.position, vec![1, 0]);
    // Disk 1 onto disk 0 is larger onto smaller: refused, with a reason.
    assert!(s.apply(HandPlayAction::MoveDisk(HanoiMove { from: 0, to: 1 })));
    assert_eq!(s.hand_play.position, vec![1, 0]);
    assert_eq!(s.hand_play.moves, 1);
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| n.kind == NoticeKind::Error));
    s.apply(HandPlayAction::MoveDisk(HanoiMove { from: 0, to: 2 }));
    s.apply(HandPlayAction::MoveDisk(HanoiMove { from: 1, to: 2 }));
    assert_eq!(s.hand_play.position, vec![2, 2]);
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| en(n).contains("Solved by hand in 3 moves")));
}
