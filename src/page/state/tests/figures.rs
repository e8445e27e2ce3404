//! Several puzzle instances on one page: the lab's puzzle and figures, each with its own set-up, solve run and
//! playback, all asking the one worker through the one router.

use super::*;
use crate::page::state::puzzle::PuzzleAction;

/// Three small boards, each with its own shortest answer.
const BOARDS: [[u8; 6]; 3] = [[1, 2, 3, 4, 0, 5], [1, 2, 3, 0, 4, 5], [4, 1, 2, 5, 0, 3]];
const GOAL: [u8; 6] = [1, 2, 3, 4, 5, 0];

fn board(start: [u8; 6]) -> Setup {
    Setup::with_puzzle(PuzzleSpec::Sliding {
        width: 3,
        height: 2,
        start: start.to_vec(),
        goal: GOAL.to_vec(),
    })
}

/// The lab on the first board, and figures 1 and 2 on the others.
fn page() -> Page {
    let mut s = Page::new(State::with_setup(board(BOARDS[0])));
    for (number, start) in [(1, BOARDS[1]), (2, BOARDS[2])] {
        assert!(s.apply(Action::AddFigure(number, Box::new(board(start)))));
    }
    s
}

const IDS: [PuzzleId; 3] = [PuzzleId::Lab, PuzzleId::Figure(1), PuzzleId::Figure(2)];

fn act(s: &mut Page, id: PuzzleId, action: impl Into<PuzzleAction>) -> bool {
    s.apply(Action::Puzzle(id, action.into()))
}

/// The id of instance `id`'s solve request, waiting or in flight.
fn request_of(s: &Page, id: PuzzleId) -> Option<u64> {
    s.router.id_of(|o| *o == Owner::Solve(id))
}

/// The worker's shortest answer for one of the boards.
fn answer(k: usize) -> ResponseBody {
    let path = bfs_path(3, 2, &BOARDS[k], &GOAL).expect("solvable");
    let n = path.len() as u64;
    ResponseBody::Done {
        report: report(Status::Solved, Moves::Sliding(path), n),
    }
}

fn instance(s: &Page, id: PuzzleId) -> &crate::page::state::puzzle::Puzzle {
    s.puzzle(id).expect("the instance is on the page")
}

#[test]
fn each_instance_solves_its_own_board_and_its_answer_reaches_it_alone() {
    let mut s = page();
    for id in IDS {
        assert!(act(&mut s, id, SolveAction::Solve));
    }
    let ids: Vec<u64> = IDS.iter().map(|&id| request_of(&s, id).unwrap()).collect();
    let sent: Vec<u64> = s.posted.iter().map(|r| r.id).collect();
    assert_eq!(
        sent,
        [ids[0]],
        "one request at a time, the first asked first"
    );
    for id in IDS {
        assert_eq!(instance(&s, id).status(), StatusName::Solving);
    }
    // Each answer goes to its own instance; the next request goes out as each one ends, in the order asked.
    for k in 0..3 {
        assert!(s.apply(reply(ids[k], answer(k))));
        let sent: Vec<u64> = s.posted.iter().map(|r| r.id).collect();
        assert_eq!(sent, ids[..(k + 2).min(3)], "after answer {k}");
        for (j, id) in IDS.into_iter().enumerate() {
            let expected = if j <= k {
                StatusName::Solved
            } else {
                StatusName::Solving
            };
            assert_eq!(
                instance(&s, id).status(),
                expected,
                "instance {j} after {k}"
            );
        }
        let mine = instance(&s, IDS[k]);
        let replay = mine.playback.replay.as_ref().expect("its answer plays");
        assert_eq!(
            replay.frame, BOARDS[k],
            "the answer starts on its own board"
        );
        let path = bfs_path(3, 2, &BOARDS[k], &GOAL).unwrap_or_default();
        assert_eq!(replay.len(), path.len());
    }
    // Every request named its own board; only the lab's asked for the quick tables (a figure shows the full
    // tables' run).
    for (k, request) in s.posted.iter().enumerate() {
        let RequestKind::Solve {
            query,
            quick_tables,
            ..
        } = &request.kind
        else {
            panic!("a solve request");
        };
        assert_eq!(*quick_tables, IDS[k] == PuzzleId::Lab, "{query}");
        let start: Vec<String> = BOARDS[k].iter().map(u8::to_string).collect();
        assert!(query.contains(&start.join(",")), "{query}");
    }
}

#[test]
fn an_answer_for_one_instance_leaves_the_others_and_the_labs_concerns_alone() {
    let mut s = page();
    act(&mut s, PuzzleId::Figure(2), SolveAction::Solve);
    let id = request_of(&s, PuzzleId::Figure(2)).expect("posted");
    s.notices.notice = Some(Notice::info(crate::page::i18n::Solving::NoticeCancelled));
    assert!(s.apply(reply(id, answer(2))));
    assert_eq!(s.status(), StatusName::Idle, "the lab's run is untouched");
    assert!(s.lab.playback.replay.is_none());
    assert!(instance(&s, PuzzleId::Figure(1)).playback.replay.is_none());
    assert!(
        s.notices.notice.is_some(),
        "a figure's answer puts no notice up"
    );
    // A figure's edit forgets its own run only.
    assert!(act(
        &mut s,
        PuzzleId::Figure(2),
        SetupAction::SwapCells(0, 1)
    ));
    let figure = instance(&s, PuzzleId::Figure(2));
    assert_eq!(figure.status(), StatusName::Unsolvable);
    assert!(figure.playback.replay.is_none());
    assert_eq!(s.lab.setup.puzzle.start(), BOARDS[0]);
    assert!(s.notices.notice.is_some());
}

#[test]
fn a_cancel_of_one_instance_leaves_the_others_running() {
    let mut s = page();
    for id in IDS {
        act(&mut s, id, SolveAction::Solve);
    }
    let ids: Vec<u64> = IDS.iter().map(|&id| request_of(&s, id).unwrap()).collect();
    let generation = s.router.generation();
    // Figure 1 waits in the queue: it leaves it, and the worker is kept.
    assert!(act(&mut s, PuzzleId::Figure(1), SolveAction::Cancel));
    assert_eq!(
        instance(&s, PuzzleId::Figure(1)).status(),
        StatusName::Cancelled
    );
    assert_eq!(request_of(&s, PuzzleId::Figure(1)), None);
    assert_eq!(
        s.router.generation(),
        generation,
        "a waiting request costs no worker"
    );
    assert_eq!(s.status(), StatusName::Solving);
    // The lab's request is in flight: cancelling it replaces the worker, and figure 2 goes to the fresh one.
    assert!(act(&mut s, PuzzleId::Lab, SolveAction::Cancel));
    assert_eq!(s.status(), StatusName::Cancelled);
    assert_ne!(s.router.generation(), generation);
    assert_eq!(s.last_posted().map(|r| r.id), Some(ids[2]));
    assert_eq!(
        instance(&s, PuzzleId::Figure(2)).status(),
        StatusName::Solving
    );
    // A late answer for a cancelled request reaches nobody; figure 2's own answer reaches it.
    assert!(!s.apply(reply(ids[0], answer(0))));
    assert!(!s.apply(reply(ids[1], answer(1))));
    assert!(s.apply(reply(ids[2], answer(2))));
    assert_eq!(
        instance(&s, PuzzleId::Figure(2)).status(),
        StatusName::Solved
    );
    assert_eq!(s.status(), StatusName::Cancelled);
}

#[test]
fn a_figure_taken_away_withdraws_its_request_and_one_placed_again_starts_afresh() {
    let mut s = page();
    act(&mut s, PuzzleId::Lab, SolveAction::Solve);
    act(&mut s, PuzzleId::Figure(1), SolveAction::Solve);
    act(&mut s, PuzzleId::Figure(2), SolveAction::Solve);
    let lab = request_of(&s, PuzzleId::Lab).expect("posted");
    assert!(s.apply(Action::RemoveFigure(1)));
    assert!(!s.apply(Action::RemoveFigure(1)), "already gone");
    assert!(s.puzzle(PuzzleId::Figure(1)).is_none());
    assert_eq!(request_of(&s, PuzzleId::Figure(1)), None);
    assert!(!act(&mut s, PuzzleId::Figure(1), SolveAction::Solve));
    // Figure 2 placed again: its waiting request goes, and it starts idle on its new board.
    assert!(s.apply(Action::AddFigure(2, Box::new(board(BOARDS[0])))));
    assert_eq!(request_of(&s, PuzzleId::Figure(2)), None);
    let figure = instance(&s, PuzzleId::Figure(2));
    assert_eq!(figure.status(), StatusName::Idle);
    assert_eq!(figure.setup.puzzle.start(), BOARDS[0]);
    // The lab's run was never disturbed.
    assert!(s.apply(reply(lab, answer(0))));
    assert_eq!(s.status(), StatusName::Solved);
    assert!(s.router.is_idle());
}

#[test]
fn each_instance_plays_its_own_answer() {
    let mut s = page();
    for id in IDS {
        act(&mut s, id, SolveAction::Solve);
    }
    for (k, id) in IDS.into_iter().enumerate() {
        let request = request_of(&s, id).expect("asked");
        s.apply(reply(request, answer(k)));
    }
    act(&mut s, PuzzleId::Figure(1), PlaybackAction::Seek(1));
    act(&mut s, PuzzleId::Figure(2), PlaybackAction::Seek(2));
    let cursor = |s: &Page, id| {
        instance(s, id)
            .playback
            .replay
            .as_ref()
            .map(|r| (r.cursor, r.playing))
    };
    assert_eq!(cursor(&s, PuzzleId::Figure(1)), Some((1, false)));
    assert_eq!(cursor(&s, PuzzleId::Figure(2)), Some((2, false)));
    assert_eq!(cursor(&s, PuzzleId::Lab), Some((0, true)), "still playing");
    // The silence watchdog of one instance does not stop another's run.
    act(&mut s, PuzzleId::Figure(1), SolveAction::Solve);
    let request = request_of(&s, PuzzleId::Figure(1)).expect("asked");
    assert!(!act(
        &mut s,
        PuzzleId::Figure(2),
        SolveAction::Silent {
            id: request,
            heard: 0
        }
    ));
    assert!(act(
        &mut s,
        PuzzleId::Figure(1),
        SolveAction::Silent {
            id: request,
            heard: 0
        }
    ));
    assert_eq!(
        instance(&s, PuzzleId::Figure(1)).status(),
        StatusName::Error
    );
    assert_eq!(
        instance(&s, PuzzleId::Figure(2)).status(),
        StatusName::Solved
    );
}

#[test]
fn a_figure_is_shared_between_states_until_an_action_changes_it() {
    let mut s = page();
    let before = s.figures.clone();
    assert!(act(&mut s, PuzzleId::Figure(2), SolveAction::Solve));
    assert!(
        std::rc::Rc::ptr_eq(&before[&1], &s.figures[&1]),
        "figure 1 was copied, though only figure 2 changed"
    );
    assert!(!std::rc::Rc::ptr_eq(&before[&2], &s.figures[&2]));
    // Placed again on the board it shows, figure 1 stays as it is; on another board it is a new figure.
    assert!(!s.apply(Action::PlaceFigure(1, Box::new(board(BOARDS[1])))));
    assert!(std::rc::Rc::ptr_eq(&before[&1], &s.figures[&1]));
    assert!(s.apply(Action::PlaceFigure(1, Box::new(board(BOARDS[0])))));
    assert_eq!(
        instance(&s, PuzzleId::Figure(1)).setup.puzzle.start(),
        &BOARDS[0]
    );
}
