//! Set-up: links, edits, shuffles and scrambles, the choices offered, and the warnings before a run.

use super::*;

#[test]
fn an_empty_link_opens_a_solvable_shuffled_8_puzzle() {
    for seed in 0..20 {
        let s = Page::from_search("", seed);
        let PuzzleSpec::Sliding {
            width: 3,
            height: 3,
            start,
            goal,
        } = &s.lab.setup.puzzle
        else {
            panic!("expected a 3x3 board, got {:?}", s.lab.setup.puzzle);
        };
        let mut sorted = start.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..9).collect::<Vec<u8>>());
        assert_eq!(goal, &vec![1, 2, 3, 4, 5, 6, 7, 8, 0]);
        // On an odd-width board a start reaches the goal iff their tile inversion counts have equal parity.
        let inversions = |b: &[u8]| {
            let tiles: Vec<u8> = b.iter().copied().filter(|&t| t != 0).collect();
            (0..tiles.len())
                .flat_map(|i| (i + 1..tiles.len()).map(move |j| (i, j)))
                .filter(|&(i, j)| tiles[i] > tiles[j])
                .count()
        };
        assert_eq!(
            inversions(start) % 2,
            inversions(goal) % 2,
            "seed {seed} gave an unsolvable start {start:?}"
        );
        assert_eq!(s.status(), StatusName::Idle);
        assert!(s.notices.notice.is_none());
    }
}

#[test]
fn a_link_restores_the_puzzle_exactly() {
    let link = "?puzzle=sliding&size=3x2&start=4,1,2,5,0,3&goal=1,2,3,4,5,0&algo=idastar&heuristic=manhattan";
    let s = Page::from_search(link, 1);
    assert_eq!(
        s.lab.setup.puzzle,
        PuzzleSpec::Sliding {
            width: 3,
            height: 2,
            start: vec![4, 1, 2, 5, 0, 3],
            goal: vec![1, 2, 3, 4, 5, 0]
        }
    );
    assert_eq!(
        (s.lab.setup.algorithm, s.lab.setup.heuristic),
        (Algorithm::Idastar, HeuristicName::Manhattan)
    );
    assert_eq!(format!("?{}", s.query_string()), link);
    let h = Page::from_search(
        "puzzle=hanoi&pegs=4&disks=3&start=0,1,3&goal=3,3,3&algo=direct",
        1,
    );
    assert_eq!(
        h.query_string(),
        "puzzle=hanoi&pegs=4&disks=3&start=0,1,3&goal=3,3,3&algo=direct&heuristic=exact"
    );
}

#[test]
fn a_weighted_link_keeps_its_weight() {
    let link = "puzzle=sliding&size=2x2&start=1,2,0,3&goal=1,2,3,0&algo=weighted&heuristic=manhattan&weight=1.5";
    let s = Page::from_search(link, 1);
    assert_eq!(s.lab.setup.algorithm, Algorithm::Weighted);
    assert_eq!(s.query_string(), link);
}

#[test]
fn a_malformed_link_says_why_and_falls_back() {
    let s = Page::from_search("?puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,8,8", 5);
    let notice = s.notices.notice.clone().expect("a message");
    assert_eq!(notice.kind, NoticeKind::Error);
    assert!(
        en(&notice).contains("could not be read") && en(&notice).contains('8'),
        "{}",
        en(&notice)
    );
    assert!(matches!(
        s.lab.setup.puzzle,
        PuzzleSpec::Sliding {
            width: 3,
            height: 3,
            ..
        }
    ));
    assert_eq!(s.message(), Some(notice));
}

#[test]
fn an_unsolvable_link_loads_and_explains() {
    let s = Page::from_search("puzzle=sliding&size=3x3&start=2,1,3,4,5,6,7,8,0", 5);
    assert_eq!(s.lab.setup.puzzle.start(), &[2, 1, 3, 4, 5, 6, 7, 8, 0]);
    assert_eq!(s.status(), StatusName::Unsolvable);
    let text = s.message().map(|m| en(&m)).unwrap_or_default();
    assert!(text.contains("cannot reach the goal"), "{text}");
    // The same parities in Chinese: an odd permutation (one swap), the blank on its goal cell (0, even).
    let zh = s
        .message()
        .map(|m| m.text_in(crate::page::i18n::Lang::Zh))
        .unwrap_or_default();
    assert!(
        zh.contains("方块相对目标是奇排列") && zh.contains("离目标格 0 步，是偶数"),
        "{zh}"
    );
    // Solving does not start a search: it says why at once.
    let mut s = s;
    assert!(s.apply(SolveAction::Solve));
    assert!(s.router.is_idle());
    assert_eq!(s.status(), StatusName::Unsolvable);
}

#[test]
fn choices_that_do_not_fit_the_puzzle_are_replaced_with_a_note() {
    let s = Page::from_search("puzzle=sliding&size=2x2&start=1,2,0,3&algo=direct", 1);
    assert_eq!(s.lab.setup.algorithm, Algorithm::Astar);
    assert!(s
        .notices
        .notice
        .clone()
        .is_some_and(|n| n.kind == NoticeKind::Info));
}

#[test]
fn set_up_edits_the_start_or_the_goal_and_forgets_the_run() {
    let mut s = sliding(2, 2, vec![1, 2, 3, 0], vec![1, 2, 3, 0]);
    assert!(s.apply(SetupAction::SwapCells(0, 3)));
    assert_eq!(s.lab.setup.puzzle.start(), &[0, 2, 3, 1]);
    assert!(s.apply(SetupAction::SetEditing(Side::Goal)));
    assert!(s.apply(SetupAction::SwapCells(1, 2)));
    assert_eq!(s.lab.setup.puzzle.goal(), &[1, 3, 2, 0]);
    assert_eq!(s.shown(), &[1, 3, 2, 0]);
    assert!(
        !s.apply(SetupAction::SwapCells(0, 9)),
        "an out-of-range cell is ignored"
    );
    s.apply(SolveAction::Solve);
    assert!(s.is_solving() || s.status() == StatusName::Unsolvable);
    let generation = s.router.generation();
    s.apply(SetupAction::SetEditing(Side::Start));
    s.apply(SetupAction::SwapCells(0, 1));
    assert_eq!(s.lab.solve.run, Run::Idle);
    assert!(s.router.is_idle());
    assert!(s.router.generation() >= generation);
}

#[test]
fn hanoi_set_up_places_any_disk_on_any_peg() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=4&disks=3&start=0,0,0", 1);
    assert!(s.apply(SetupAction::PlaceDisk { disk: 2, peg: 3 }));
    assert!(s.apply(SetupAction::PlaceDisk { disk: 0, peg: 1 }));
    assert_eq!(s.lab.setup.puzzle.start(), &[1, 0, 3]);
    assert!(
        !s.apply(SetupAction::PlaceDisk { disk: 0, peg: 4 }),
        "no peg 4"
    );
    assert!(
        !s.apply(SetupAction::PlaceDisk { disk: 3, peg: 0 }),
        "no disk 3"
    );
}

#[test]
fn shuffles_are_solvable_and_scrambles_stay_close() {
    let goal = vec![1, 2, 3, 4, 5, 0];
    for seed in 0..30 {
        let mut s = sliding(3, 2, goal.clone(), goal.clone());
        s.apply(SetupAction::Shuffle { seed });
        assert!(
            bfs_path(3, 2, s.lab.setup.puzzle.start(), &goal).is_some(),
            "seed {seed}: {:?}",
            s.lab.setup.puzzle.start()
        );
        s.apply(SetupAction::SetScrambleMoves(5));
        s.apply(SetupAction::Scramble { seed });
        let distance = bfs_path(3, 2, s.lab.setup.puzzle.start(), &goal).map(|p| p.len());
        assert!(
            distance.is_some_and(|d| d <= 5),
            "seed {seed}: {distance:?}"
        );
    }
    // Editing the goal shuffles the goal, solvable from the start.
    let mut s = sliding(3, 2, vec![4, 1, 2, 5, 0, 3], goal.clone());
    s.apply(SetupAction::SetEditing(Side::Goal));
    s.apply(SetupAction::Shuffle { seed: 9 });
    assert_eq!(s.lab.setup.puzzle.start(), &[4, 1, 2, 5, 0, 3]);
    assert!(bfs_path(3, 2, s.lab.setup.puzzle.start(), s.lab.setup.puzzle.goal()).is_some());
}

#[test]
fn hanoi_scrambles_are_legal_positions_near_the_goal() {
    let mut s = Page::from_search("puzzle=hanoi&pegs=3&disks=5&start=0,0,0,0,0", 1);
    for seed in 0..20 {
        s.apply(SetupAction::SetScrambleMoves(3));
        s.apply(SetupAction::Scramble { seed });
        let start = s.lab.setup.puzzle.start();
        assert!(start.iter().all(|&p| p < 3));
        // Three moves from the tower on peg C: the two largest disks cannot have moved.
        assert_eq!(&start[3..], &[2, 2], "seed {seed}: {start:?}");
        s.apply(SetupAction::Shuffle { seed });
        assert!(s.lab.setup.puzzle.start().iter().all(|&p| p < 3));
    }
}

#[test]
fn switching_kind_and_size_keeps_choices_valid() {
    let mut s = Page::new_default(1);
    s.apply(SetupAction::SetHeuristic(HeuristicName::Manhattan));
    s.apply(SetupAction::SetKind {
        kind: PuzzleKind::Hanoi,
        seed: 1,
    });
    assert_eq!(s.lab.setup.kind(), PuzzleKind::Hanoi);
    assert!(s.lab.setup.heuristic.applies_to(PuzzleKind::Hanoi));
    s.apply(SetupAction::SetAlgorithm(Algorithm::Direct));
    s.apply(SetupAction::SetDisks(7));
    assert_eq!(s.lab.setup.puzzle.start(), &[0; 7]);
    assert_eq!(s.lab.setup.puzzle.goal(), &[2; 7]);
    s.apply(SetupAction::SetPegs(5));
    assert_eq!(s.lab.setup.puzzle.goal(), &[4; 7]);
    s.apply(SetupAction::SetKind {
        kind: PuzzleKind::Sliding,
        seed: 1,
    });
    assert_eq!(
        s.lab.setup.algorithm,
        Algorithm::Astar,
        "direct is for Hanoi only"
    );
    assert!(s.lab.setup.heuristic.applies_to(PuzzleKind::Sliding));
    assert!(s.apply(SetupAction::SetSize {
        width: 5,
        height: 4,
        seed: 2
    }));
    assert_eq!(s.lab.setup.puzzle.goal().len(), 20);
    assert!(!s.apply(SetupAction::SetSize {
        width: 9,
        height: 4,
        seed: 2
    }));
}

#[test]
fn pattern_databases_are_offered_up_to_16_cells() {
    let mut s = Page::from_search(
        "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15&heuristic=pdb",
        1,
    );
    assert_eq!(s.lab.setup.heuristic, HeuristicName::Pdb);
    assert!(notes(&s).iter().any(|h| h.contains("Pattern databases")));
    s.apply(SetupAction::SetSize {
        width: 5,
        height: 4,
        seed: 1,
    });
    assert_eq!(
        s.lab.setup.heuristic,
        HeuristicName::LinearConflict,
        "20 cells: no pattern databases"
    );
    assert!(!s.apply(SetupAction::SetHeuristic(HeuristicName::Pdb)));
    let linked = Page::from_search("puzzle=sliding&size=5x5&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&heuristic=pdb", 1);
    assert_eq!(linked.lab.setup.heuristic, HeuristicName::LinearConflict);
    assert!(linked
        .notices
        .notice
        .clone()
        .is_some_and(|n| en(&n).contains("pdb")));
}

#[test]
fn hints_warn_before_the_run() {
    let mut s = Page::new_default(1);
    assert!(notes(&s).is_empty(), "{:?}", notes(&s));
    s.apply(SetupAction::SetAlgorithm(Algorithm::Dfs));
    assert!(notes(&s).iter().any(|h| h.contains("not optimal")));
    s.apply(SetupAction::SetAlgorithm(Algorithm::Greedy));
    assert!(notes(&s).iter().any(|h| h.contains("not optimal")));
    s.apply(SetupAction::SetAlgorithm(Algorithm::Bfs));
    assert!(
        notes(&s).is_empty(),
        "BFS fits the 8-puzzle's 181,440 states"
    );
    s.apply(SetupAction::SetSize {
        width: 4,
        height: 4,
        seed: 1,
    });
    // A fresh size brings the page's own choice; BFS picked again is warned about.
    s.apply(SetupAction::SetAlgorithm(Algorithm::Bfs));
    assert!(
        notes(&s)
            .iter()
            .any(|h| h.contains("limit") && h.contains("1.0 × 10^13")),
        "{:?}",
        notes(&s)
    );
    assert_eq!(Page::new_default(1).lab.setup.state_space(), 181_440.0);
    let mut h = Page::from_search(
        "puzzle=hanoi&pegs=4&disks=3&start=0,1,0&goal=3,3,3&algo=direct",
        1,
    );
    assert!(
        notes(&h).iter().any(|t| t.contains("not a single tower")),
        "{:?}",
        notes(&h)
    );
    h.apply(SetupAction::PlaceDisk { disk: 1, peg: 0 });
    assert!(notes(&h).is_empty(), "{:?}", notes(&h));
    let mut h = Page::from_search(
        "puzzle=hanoi&pegs=5&disks=12&start=0,0,0,0,0,0,0,0,0,0,0,0&algo=astar",
        1,
    );
    assert!(
        notes(&h)
            .iter()
            .any(|t| t.contains("may stop at its limit")),
        "{:?}",
        notes(&h)
    );
    h.apply(SetupAction::SetDisks(6));
    assert!(
        notes(&h).is_empty(),
        "5^6 positions fit the budget: {:?}",
        notes(&h)
    );
}

#[test]
fn reducer_notices_read_in_the_chosen_language() {
    let bad = Page::from_search("?puzzle=sliding&size=9x9", 1);
    let notice = bad.notices.notice.clone().expect("a bad link is explained");
    assert!(notice
        .text_in(Lang::En)
        .starts_with("This link could not be read"));
    let zh = notice.text_in(Lang::Zh);
    assert!(zh.starts_with("无法读取此链接"), "{zh}");
    let mut cancelled = State::new_default(1);
    cancelled.lab.solve.run = Run::Cancelled;
    let notice = cancelled.message().expect("a cancelled run says so");
    assert!(notice.text_in(Lang::En).starts_with("Cancelled"));
    assert!(notice.text_in(Lang::Zh).starts_with("已取消"));
    // A link's choice that does not fit is explained with the names in the chosen language.
    let linked = Page::from_search(
        "puzzle=sliding&size=5x5&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0,24&heuristic=pdb",
        1,
    );
    // What a notice reads in English and in Chinese.
    let reads = |notice: &Notice, en: &str, zh: &str| {
        assert_eq!(notice.text_in(Lang::En), en);
        assert_eq!(notice.text_in(Lang::Zh), zh);
    };
    reads(
        &linked.notices.notice.clone().expect("the unusable heuristic is explained"),
        "The heuristic pdb does not apply to this sliding puzzle; using Manhattan + linear conflict.",
        "启发函数 pdb 不适用于这个滑块拼图；改用曼哈顿距离 + 线性冲突。",
    );
    // The warnings before a run, and a refused drop, follow the language too.
    let mut dfs = State::new_default(1);
    dfs.lab.setup.algorithm = Algorithm::Dfs;
    dfs.lab.setup.dfs_depth = 17;
    let warnings = dfs.lab.setup.hints();
    assert_eq!(warnings.len(), 1);
    assert!(warnings[0].render(Lang::En).contains("within 17 moves"));
    let zh = warnings[0].render(Lang::Zh);
    assert!(zh.contains("17 步以内") && !zh.contains("DFS"), "{zh}");
    let mut tower = Page::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
    tower.apply(Action::SetMode(Mode::HandPlay));
    tower.apply(HandPlayAction::MoveDisk(HanoiMove { from: 0, to: 1 }));
    assert!(tower.apply(HandPlayAction::MoveDisk(HanoiMove { from: 0, to: 1 })));
    reads(
        &tower
            .notices
            .notice
            .clone()
            .expect("a refused drop is explained"),
        "Disk 1 cannot go onto peg B: its top disk 0 is smaller.",
        "圆盘 1 不能放到柱 B 上：那里顶部的圆盘 0 更小。",
    );
}

#[test]
fn a_weight_travels_with_weighted_a_star_only() {
    let s = Page::from_search(
        "puzzle=sliding&size=2x2&start=1,2,0,3&algo=weighted&weight=1.5",
        1,
    );
    assert!(
        s.query_string().contains("weight=1.5"),
        "{}",
        s.query_string()
    );
    let mut s = s;
    s.apply(SetupAction::SetAlgorithm(Algorithm::Astar));
    assert!(!s.query_string().contains("weight"), "{}", s.query_string());
}

#[test]
fn the_pages_own_choice_follows_every_fresh_board_and_every_shuffle() {
    use solver::rules::default_choice;
    let choice = |s: &Page| (s.lab.setup.algorithm, s.lab.setup.heuristic);
    let default = |s: &Page| {
        let c = default_choice(&s.lab.setup.puzzle);
        (
            c.algorithm,
            c.heuristic.unwrap_or(HeuristicName::LinearConflict),
        )
    };
    let mut s = Page::new_default(1);
    assert_eq!(
        choice(&s),
        (Algorithm::Astar, HeuristicName::LinearConflict)
    );
    for (width, height, algorithm) in [
        (4, 4, Algorithm::Idastar),
        (3, 5, Algorithm::Staged),
        (2, 8, Algorithm::Staged),
        (5, 5, Algorithm::Staged),
        (8, 3, Algorithm::Staged),
        (8, 8, Algorithm::Staged),
        (2, 2, Algorithm::Astar),
    ] {
        s.apply(SetupAction::SetAlgorithm(Algorithm::Bfs));
        assert!(s.apply(SetupAction::SetSize {
            width,
            height,
            seed: 3
        }));
        assert_eq!(choice(&s), default(&s), "{width}x{height}");
        assert_eq!(s.lab.setup.algorithm, algorithm, "{width}x{height}");
        if algorithm == Algorithm::Idastar {
            assert_eq!(
                s.lab.setup.heuristic,
                HeuristicName::Pdb,
                "{width}x{height}"
            );
        }
    }
    // Shuffle, of the start or of the goal, brings the page's choice back; Scramble and edits keep the person's.
    s.apply(SetupAction::SetSize {
        width: 5,
        height: 5,
        seed: 3,
    });
    for side in [Side::Start, Side::Goal] {
        s.apply(SetupAction::SetEditing(side));
        s.apply(SetupAction::SetAlgorithm(Algorithm::Greedy));
        s.apply(SetupAction::Scramble { seed: 4 });
        s.apply(SetupAction::SwapCells(0, 1));
        assert_eq!(s.lab.setup.algorithm, Algorithm::Greedy);
        s.apply(SetupAction::Shuffle { seed: 5 });
        assert_eq!(
            choice(&s),
            (Algorithm::Staged, HeuristicName::LinearConflict)
        );
    }
    // Links: one naming no algorithm gets the page's choice; a named algorithm keeps its own (with the usual
    // heuristic when the link names none, as in the CLI).
    let fifteen = "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
    assert_eq!(
        choice(&Page::from_search(fifteen, 1)),
        (Algorithm::Idastar, HeuristicName::Pdb)
    );
    assert_eq!(
        choice(&Page::from_search(&format!("{fifteen}&algo=astar"), 1)),
        (Algorithm::Astar, HeuristicName::LinearConflict)
    );
    let sized = Page::from_search("?puzzle=sliding&size=6x6", 7);
    assert_eq!(sized.lab.setup.shape(), Shape::new(6, 6).ok());
    assert_eq!(sized.lab.setup.algorithm, Algorithm::Staged);
    assert_ne!(
        sized.lab.setup.puzzle.start(),
        sized.lab.setup.puzzle.goal()
    );
    assert_eq!(sized.lab.setup.solvability(), Ok(()));
    assert!(sized.notices.notice.is_none(), "{:?}", sized.notices.notice);
    assert!(
        sized.query_string().contains("&start="),
        "{}",
        sized.query_string()
    );
    // The staged solver is for boards only.
    assert!(!super::super::setup::algorithms_for(PuzzleKind::Hanoi).contains(&Algorithm::Staged));
}

/// The page's preselection, the default of a query naming nothing (what the CLI and the worker run) and hand play's
/// optimal choice, for every board of 2x2 to 8x8 and towers of every peg count, are the solver's own rules
/// (`default_choice`, `optimal_choice`); hand play's is the default wherever the default is optimal.
#[test]
fn the_preselection_the_query_default_and_hand_play_follow_the_spec_for_every_size() {
    use solver::rules::{default_choice, default_heuristic, optimal_choice};
    let mut pages = Vec::new();
    for width in 2..=8u8 {
        for height in 2..=8u8 {
            let mut s = Page::new_default(1);
            s.apply(SetupAction::SetSize {
                width,
                height,
                seed: 7,
            });
            pages.push(s);
        }
    }
    assert_eq!(pages.len(), 49);
    for pegs in 3..=5u8 {
        for disks in [1u8, 7, 24, 25] {
            let start = vec!["0"; usize::from(disks)].join(",");
            let link = format!("puzzle=hanoi&pegs={pegs}&disks={disks}&start={start}");
            pages.push(Page::from_search(&link, 1));
        }
    }
    for mut s in pages {
        let puzzle = s.lab.setup.puzzle.clone();
        let default = default_choice(&puzzle);
        let preselected = (s.lab.setup.algorithm, s.lab.setup.heuristic);
        let heuristic = default
            .heuristic
            .unwrap_or_else(|| default_heuristic(&puzzle));
        assert_eq!(preselected, (default.algorithm, heuristic), "{puzzle:?}");
        let query = solver::query::parse(&s.query_string()).expect("the page's own query");
        assert_eq!(query.choice(), default, "{puzzle:?}");
        let naming_nothing = solver::Query::new(puzzle.clone());
        assert_eq!(naming_nothing.choice(), default, "{puzzle:?}");
        let optimal = optimal_choice(&puzzle);
        assert_eq!(optimal_method(&puzzle), optimal, "{puzzle:?}");
        // Hand play differs from an optimal default only on 3 pegs (the closed form) and past the disks a search
        // takes.
        let closed_form_or_too_many = match &puzzle {
            PuzzleSpec::Hanoi { pegs, disks, .. } => {
                *pegs == 3 || *disks > solver::query::MAX_SEARCH_DISKS
            }
            PuzzleSpec::Sliding { .. } => false,
        };
        if default.is_optimal() && !closed_form_or_too_many {
            assert_eq!(optimal, Some(default), "{puzzle:?}");
        }
        // Play asks the worker for the optimum from the start with that choice, when there is one.
        let before = s.posted.len();
        s.apply(Action::SetMode(Mode::HandPlay));
        let asked = s.posted[before..].iter().find_map(|r| match &r.kind {
            RequestKind::Solve { query, .. } => solver::query::parse(query).ok(),
            _ => None,
        });
        assert_eq!(asked.map(|q| q.choice()), optimal, "{puzzle:?}");
    }
}
