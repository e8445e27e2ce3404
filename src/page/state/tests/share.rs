//! Sharing a run: a link with `at=` re-solves its run on opening and shows it paused at that move; `embed=1`; bad
//! values; the links and the embed code the page copies.

use super::*;
use crate::page::state::notices::{Copied, NoticeAction};
use crate::page::state::share::ShareAction;
use crate::page::url;

const START: [u8; 6] = [4, 1, 2, 5, 0, 3];
const GOAL: [u8; 6] = [1, 2, 3, 4, 5, 0];

fn link(extra: &str) -> String {
    let list = |v: &[u8]| v.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    format!(
        "puzzle=sliding&size=3x2&start={}&goal={}&algo=idastar&heuristic=manhattan{extra}",
        list(&START),
        list(&GOAL)
    )
}

/// The shortest path of the test board, as the worker would answer it.
fn answer(s: &mut Page) -> usize {
    let path = bfs_path(3, 2, &START, &GOAL).expect("solvable");
    let n = path.len();
    let id = request_id(s);
    s.apply(reply(
        id,
        ResponseBody::Done {
            report: report(Status::Solved, Moves::Sliding(path), n as u64),
        },
    ));
    n
}

/// The position after the first `k` moves of the test board's answer, replayed here.
fn after(k: usize) -> Vec<u8> {
    let path = bfs_path(3, 2, &START, &GOAL).expect("solvable");
    let mut board = START.to_vec();
    for letter in path.chars().take(k) {
        let dir = Dir::from_letter(letter).expect("a letter");
        sliding::apply_move(
            Shape {
                width: 3,
                height: 2,
            },
            &mut board,
            dir,
        )
        .expect("legal");
    }
    board
}

#[test]
fn a_link_with_a_move_re_solves_its_run_and_opens_paused_there() {
    let mut s = Page::from_search(&format!("?{}", link("&at=3")), 1);
    assert_eq!(s.lab.open_at, Some(3));
    assert!(
        s.posted.is_empty(),
        "nothing is solved before the page opens"
    );
    // The address keeps the move until it is shown.
    assert_eq!(s.address(), link("&at=3"));
    assert!(s.apply(ShareAction::Opened));
    let Some(Request {
        kind: RequestKind::Solve { query, .. },
        ..
    }) = s.last_posted().cloned()
    else {
        panic!("the link's run was not solved")
    };
    assert_eq!(query, link(""), "the re-solve uses the link's algorithm");
    assert_eq!(s.status(), StatusName::Solving);
    assert!(
        !s.apply(ShareAction::Opened),
        "a second opening solves nothing"
    );
    answer(&mut s);
    let replay = s.lab.playback.replay.clone().expect("a replay");
    assert_eq!((replay.cursor, replay.playing), (3, false));
    assert_eq!(s.shown(), after(3).as_slice());
    assert_eq!(s.lab.open_at, None);
    assert_eq!(
        s.address(),
        link(""),
        "the move is shown: the address drops it"
    );
    // The run's own result is the message.
    assert!(s.message().is_some_and(|m| en(&m).starts_with("Solved in")));
}

#[test]
fn a_move_past_the_end_shows_the_end_with_a_notice() {
    let mut s = Page::from_search(&link("&at=40"), 1);
    s.apply(ShareAction::Opened);
    let n = answer(&mut s);
    let replay = s.lab.playback.replay.clone().expect("a replay");
    assert_eq!((replay.cursor, replay.playing), (n, false));
    assert_eq!(s.shown(), GOAL.as_slice());
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert_eq!(
        text,
        format!("The link opens at move 40, but the solution found has {n} moves: it is shown at its end.")
    );
}

#[test]
fn bad_values_are_named_and_the_page_opens_as_without_them() {
    let mut s = Page::from_search(&link("&at=twelve&embed=maybe"), 1);
    assert_eq!(s.lab.open_at, None);
    assert!(!s.share.embed);
    let notice = s.notices.notice.clone().expect("a notice");
    assert_eq!(notice.kind, NoticeKind::Error);
    assert_eq!(
        en(&notice),
        "The link's move 'at=twelve' is not a whole number of moves: the run opens at its start. \
         The link's 'embed=maybe' is neither 1 nor 0: the full page is shown."
    );
    // Nothing to open at: no search on opening, and the puzzle is the link's.
    assert!(!s.apply(ShareAction::Opened));
    assert!(s.posted.is_empty());
    assert_eq!(s.lab.setup.puzzle.start(), START.as_slice());
    // A bad link keeps its own notice, and the bad value is added to it.
    let s = Page::from_search("puzzle=sliding&size=3x3&start=1,2&at=x", 1);
    let text = s.notices.notice.as_ref().map(en).unwrap_or_default();
    assert!(text.contains("start") && text.contains("'at=x'"), "{text}");
}

#[test]
fn an_unsolvable_link_with_a_move_says_why_and_waits_for_nothing() {
    let mut s = Page::from_search(
        "puzzle=sliding&size=3x2&start=2,1,3,4,5,0&goal=1,2,3,4,5,0&at=3&embed=1",
        1,
    );
    assert!(s.apply(ShareAction::Opened));
    assert!(
        s.posted.is_empty(),
        "an unsolvable puzzle is never searched"
    );
    assert_eq!(s.lab.open_at, None);
    assert_eq!(s.status(), StatusName::Unsolvable);
    assert!(s.address().ends_with("&embed=1") && !s.address().contains("at="));
}

#[test]
fn a_link_notice_stays_over_the_re_solved_run() {
    let mut s = Page::from_search(&link("&at=2&embed=yes"), 1);
    s.apply(ShareAction::Opened);
    answer(&mut s);
    assert_eq!(s.lab.playback.replay.as_ref().map(|r| r.cursor), Some(2));
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(text.contains("'embed=yes'"), "{text}");
}

#[test]
fn an_embedded_page_solves_on_opening_and_waits_at_the_start() {
    let mut s = Page::from_search(&link("&embed=1"), 1);
    assert!(s.share.embed);
    assert!(s.apply(ShareAction::Opened));
    answer(&mut s);
    let replay = s.lab.playback.replay.clone().expect("a replay");
    assert_eq!((replay.cursor, replay.playing), (0, false));
    assert_eq!(
        s.address(),
        link("&embed=1"),
        "an embedded page stays embedded"
    );
    // Its links: the full app at the move shown, and the embed code's at the same move.
    s.apply(PlaybackAction::Seek(4));
    assert_eq!(s.link(false), link("&at=4"));
    assert_eq!(s.link(true), link("&at=4&embed=1"));
}

#[test]
fn an_edit_or_a_solve_before_the_answer_forgets_the_move() {
    let mut s = Page::from_search(&link("&at=3"), 1);
    s.apply(ShareAction::Opened);
    s.apply(SetupAction::SwapCells(0, 1));
    assert_eq!(s.lab.open_at, None);
    let mut s = Page::from_search(&link("&at=3"), 1);
    s.apply(ShareAction::Opened);
    s.apply(SolveAction::Solve);
    answer(&mut s);
    let replay = s.lab.playback.replay.clone().expect("a replay");
    assert_eq!(
        (replay.cursor, replay.playing),
        (0, true),
        "Solve by hand plays from the start"
    );
}

#[test]
fn the_shared_link_carries_the_move_shown_and_the_copies_are_confirmed() {
    let mut s = Page::from_search(&link(""), 1);
    assert_eq!(s.link(false), link(""), "no solution: no move");
    assert_eq!(s.link(true), link("&at=0&embed=1"));
    s.apply(SolveAction::Solve);
    answer(&mut s);
    s.apply(PlaybackAction::Seek(5));
    assert_eq!(s.link(false), link("&at=5"));
    // The link read back opens the same puzzle at the same move.
    let (view, bad) = url::read_view(&s.link(false));
    assert_eq!((view.at, view.embed, bad.len()), (Some(5), false, 0));

    let code = url::embed_code("https://example.org/lab/", &s.link(true), "Puzzle Lab");
    assert!(s.apply(NoticeAction::Copied {
        what: Copied::EmbedCode,
        text: code.clone(),
        copied: Ok(()),
    }));
    assert_eq!(
        s.notices.notice.as_ref().map(en).unwrap_or_default(),
        "Embed code copied to the clipboard: paste it into your page's HTML."
    );
    assert_eq!(s.notices.share_link.as_deref(), Some(code.as_str()));
    s.apply(NoticeAction::Copied {
        what: Copied::Link,
        text: "x".into(),
        copied: Err("denied".into()),
    });
    assert!(s
        .notices
        .notice
        .as_ref()
        .is_some_and(|n| en(n).contains("denied")));
    assert!(s.apply(NoticeAction::ExportFailed("no canvas".into())));
    assert_eq!(
        s.notices.notice.as_ref().map(en).unwrap_or_default(),
        "The export failed: no canvas. Try again, or try the other format."
    );
}

#[test]
fn a_dfs_link_carries_its_depth_limit_to_the_search_and_back_out() {
    let dfs = |extra: &str| {
        link(extra).replace(
            "algo=idastar&heuristic=manhattan",
            "algo=dfs&heuristic=manhattan",
        )
    };
    let mut s = Page::from_search(&dfs("&depth=12"), 1);
    assert_eq!(s.lab.setup.dfs_depth, 12);
    assert!(s.notices.notice.is_none());
    assert!(s.link(false).contains("&depth=12"), "{}", s.link(false));
    assert!(s.address().contains("&depth=12"));
    s.apply(SolveAction::Solve);
    let depth = s.posted.last().and_then(|r| match &r.kind {
        RequestKind::Solve { max_depth, .. } => *max_depth,
        _ => None,
    });
    assert_eq!(depth, Some(12), "the search gets the link's limit");
    // The default limit, and any other algorithm, write no depth.
    let s = Page::from_search(&dfs(""), 1);
    assert!(!s.link(false).contains("depth="));
    let s = Page::from_search(&link("&depth=12"), 1);
    assert!(!s.link(false).contains("depth="));
    // A limit out of range is named and read as the default.
    let s = Page::from_search(&dfs("&depth=500"), 1);
    assert_eq!(s.lab.setup.dfs_depth, solver::search::DEFAULT_DFS_DEPTH);
    let text = s.notices.notice.as_ref().map(en).unwrap_or_default();
    assert!(text.contains("'depth=500'"), "{text}");
}
