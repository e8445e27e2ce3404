//! "The report's claims, checked": each claim beside a verdict that live runs decide, on one hard board (the
//! sliding-puzzle article's, whose own claim of 31 moves is checked last). BFS, A* with both heuristics and DFS at
//! two limits solve it towards 1..8 and the blank; BFS solves it once more towards the blank-first goal. Then the
//! report's own rules: its third heuristic, its tie rule, the complexity it leaves out, its DFS's one CLOSED list
//! (replayed on its case 3 beside the engine's DFS) and whether its boards reach its goal.

use super::figures::{
    CLAIM_BFS, CLAIM_DFS_CASE, CLAIM_DFS_LONG, CLAIM_DFS_SHORT, CLAIM_MANHATTAN, CLAIM_MISPLACED,
    CLAIM_OTHER_GOAL,
};
use super::replay::{
    first_found_limit, inversions, misplaced, relative_inversions, report_dfs, third_heuristic,
};
use super::text::{t, Line};
use super::{any_pending, bfs, board_words, count_num, dfs, eight, finished};
use super::{CASES, GOAL};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Lang};
use crate::page::lessons::figure::{use_auto_solve, LessonFigure};
use crate::page::state::{Action, PuzzleId};
use solver::search::DEFAULT_DFS_DEPTH;
use solver::{Algorithm, HeuristicName, Report};
use yew::prelude::*;

/// The sliding-puzzle article's board, said to need 31 moves to 1..8 and the blank.
pub const ARTICLE_START: [u8; 9] = [8, 0, 6, 5, 4, 7, 2, 3, 1];
/// The goal the article names: the tiles in order, the blank last.
pub const ROW_GOAL: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 0];
/// The goal for which its 31 holds: the blank first.
pub const BLANK_FIRST_GOAL: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
/// The claimed length.
const CLAIMED: u64 = 31;
/// The report's case 3, on which its DFS is replayed.
const CASE: super::Case = CASES[2];
/// DFS's smaller limit: above the shortest, below the engine's default.
const SHORT_LIMIT: u32 = 30;

/// What the runs say of a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Holds,
    Partly,
    Fails,
}

impl Verdict {
    fn word(self, lang: Lang) -> &'static str {
        t(
            lang,
            match self {
                Verdict::Holds => Line::VerdictHolds,
                Verdict::Partly => Line::VerdictPartly,
                Verdict::Fails => Line::VerdictFails,
            },
        )
    }

    fn code(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Partly => "partly",
            Verdict::Fails => "fails",
        }
    }
}

/// The runs a verdict is read from: every figure's finished report.
struct Runs {
    bfs: std::rc::Rc<Report>,
    misplaced: std::rc::Rc<Report>,
    manhattan: std::rc::Rc<Report>,
    dfs_short: std::rc::Rc<Report>,
    dfs_long: std::rc::Rc<Report>,
    other_goal: std::rc::Rc<Report>,
    /// The engine's DFS on the report's case 3, its limit at the case's shortest length.
    dfs_case: std::rc::Rc<Report>,
}

/// The report's DFS replayed on its case 3 (`replay.rs`): what it finds at a limit of the shortest length, the
/// first limit from there at which it finds a path, and that path's length and CLOSED.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Replayed {
    shortest: u32,
    at_shortest: Option<u32>,
    first_limit: Option<u32>,
    found: Option<u32>,
    closed: u64,
}

impl Replayed {
    fn compute() -> Replayed {
        let case = CASES[2];
        let shortest = case.moves.len() as u32;
        let at_shortest = report_dfs(&case.start, &GOAL, shortest).0;
        let first_limit = first_found_limit(&case.start, &GOAL, shortest);
        let (found, closed) = match first_limit {
            Some(limit) => report_dfs(&case.start, &GOAL, limit),
            None => (None, 0),
        };
        Replayed {
            shortest,
            at_shortest,
            first_limit,
            found,
            closed,
        }
    }
}

#[component]
pub fn ClaimsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[
        CLAIM_BFS,
        CLAIM_DFS_CASE,
        CLAIM_DFS_LONG,
        CLAIM_DFS_SHORT,
        CLAIM_MANHATTAN,
        CLAIM_MISPLACED,
        CLAIM_OTHER_GOAL,
    ]);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                let (s, g) = (&ARTICLE_START, &ROW_GOAL);
                let figures = [
                    (CLAIM_BFS, bfs(s, g)),
                    (
                        CLAIM_MISPLACED,
                        eight(s, g, Algorithm::Astar, HeuristicName::Misplaced),
                    ),
                    (
                        CLAIM_MANHATTAN,
                        eight(s, g, Algorithm::Astar, HeuristicName::Manhattan),
                    ),
                    (CLAIM_DFS_SHORT, dfs(s, g, SHORT_LIMIT)),
                    (CLAIM_DFS_LONG, dfs(s, g, DEFAULT_DFS_DEPTH)),
                    (CLAIM_OTHER_GOAL, bfs(s, &BLANK_FIRST_GOAL)),
                    (
                        CLAIM_DFS_CASE,
                        dfs(&CASE.start, &GOAL, CASE.moves.len() as u32),
                    ),
                ];
                for (n, setup) in figures {
                    d.emit(Action::AddFigure(n, Box::new(setup)));
                }
            }
        });
    }
    use_auto_solve(CLAIM_BFS);
    use_auto_solve(CLAIM_MISPLACED);
    use_auto_solve(CLAIM_MANHATTAN);
    use_auto_solve(CLAIM_DFS_SHORT);
    use_auto_solve(CLAIM_DFS_LONG);
    use_auto_solve(CLAIM_OTHER_GOAL);
    use_auto_solve(CLAIM_DFS_CASE);
    // A few thousand states for each limit tried: computed once.
    let replayed = use_memo((), |_| Replayed::compute());
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let all = [
        CLAIM_BFS,
        CLAIM_MISPLACED,
        CLAIM_MANHATTAN,
        CLAIM_DFS_SHORT,
        CLAIM_DFS_LONG,
        CLAIM_OTHER_GOAL,
        CLAIM_DFS_CASE,
    ];
    let runs = if any_pending(state, &all) {
        None
    } else {
        let f = |n| finished(state, n);
        match (
            f(CLAIM_BFS),
            f(CLAIM_MISPLACED),
            f(CLAIM_MANHATTAN),
            f(CLAIM_DFS_SHORT),
            f(CLAIM_DFS_LONG),
            f(CLAIM_OTHER_GOAL),
            f(CLAIM_DFS_CASE),
        ) {
            (
                Some(bfs),
                Some(misplaced),
                Some(manhattan),
                Some(dfs_short),
                Some(dfs_long),
                Some(other_goal),
                Some(dfs_case),
            ) => Some(Runs {
                bfs,
                misplaced,
                manhattan,
                dfs_short,
                dfs_long,
                other_goal,
                dfs_case,
            }),
            _ => None,
        }
    };
    let bfs_length = finished(state, CLAIM_BFS).map(|r| r.length);
    let caption = fill_html(
        t(lang, Line::ClaimsCaption),
        vec![
            html! { { board_words(&ARTICLE_START) } },
            html! { { board_words(&ROW_GOAL) } },
            count_num("board-length", bfs_length),
        ],
    );
    let claims = match &runs {
        Some(runs) => html! { <>{ claims(lang, runs) }{ report_rules(lang, runs, *replayed) }</> },
        None => html! { <li>{ lang.t(crate::page::i18n::Page::LessonComputing) }</li> },
    };
    html! {
        <>
            <p>{ fill_html(t(lang, Line::ClaimsText), vec![super::sliding_link(lang, "heuristics")]) }</p>
            <LessonFigure lab={CLAIM_MANHATTAN} {caption}>
                <div class="eight-stage">
                    <div class="view lesson-view eight-board" data-figure="claims">
                        <PuzzleBoard id={PuzzleId::Figure(CLAIM_BFS)} locked=true />
                    </div>
                    <PuzzlePlayback id={PuzzleId::Figure(CLAIM_BFS)} />
                </div>
            </LessonFigure>
            <ol class="eight-claims" data-testid="claims">{ claims }</ol>
        </>
    }
}

/// One claim: the report's words, the verdict, the runs' numbers.
fn claim(lang: Lang, id: &'static str, quote: Line, verdict: Verdict, evidence: Html) -> Html {
    html! {
        <li class="eight-claim" data-claim={id} data-verdict={verdict.code()}>
            <p class="eight-quote">{ t(lang, quote) }</p>
            <p><strong class={classes!("eight-verdict", verdict.code())}>{ verdict.word(lang) }</strong>
                { " " }{ evidence }</p>
        </li>
    }
}

fn claims(lang: Lang, r: &Runs) -> Html {
    let both = |a: &Report, b: &Report| {
        if a.length == b.length {
            Verdict::Holds
        } else {
            Verdict::Fails
        }
    };
    let shortest = claim(
        lang,
        "bfs-shortest",
        Line::ClaimBfsQuote,
        both(&r.bfs, &r.manhattan),
        fill_html(
            t(lang, Line::ClaimBfsEvidence),
            vec![
                count_num("bfs-length", Some(r.bfs.length)),
                count_num("manhattan-length", Some(r.manhattan.length)),
            ],
        ),
    );
    let misplaced = claim(
        lang,
        "misplaced-optimal",
        Line::ClaimMisplacedQuote,
        both(&r.misplaced, &r.bfs),
        fill_html(
            t(lang, Line::ClaimMisplacedEvidence),
            vec![
                count_num("misplaced-length", Some(r.misplaced.length)),
                count_num("bfs-length", Some(r.bfs.length)),
            ],
        ),
    );
    let (a, m, b, d) = (
        r.misplaced.stats.expanded,
        r.manhattan.stats.expanded,
        r.bfs.stats.expanded,
        r.dfs_long.stats.expanded,
    );
    let fastest = match (a < b && m < b, d < b) {
        (true, true) => Verdict::Holds,
        (true, false) => Verdict::Partly,
        _ => Verdict::Fails,
    };
    let fastest = claim(
        lang,
        "heuristic-fastest",
        Line::ClaimFastestQuote,
        fastest,
        fill_html(
            t(lang, Line::ClaimFastestEvidence),
            vec![
                count_num("manhattan-expanded", Some(m)),
                count_num("misplaced-expanded", Some(a)),
                count_num("bfs-expanded", Some(b)),
                count_num("dfs-limit", Some(u64::from(DEFAULT_DFS_DEPTH))),
                count_num("dfs-expanded", Some(d)),
            ],
        ),
    );
    let unstable = claim(
        lang,
        "dfs-unstable",
        Line::ClaimDfsQuote,
        if r.dfs_short.length != r.dfs_long.length {
            Verdict::Partly
        } else {
            Verdict::Fails
        },
        fill_html(
            t(lang, Line::ClaimDfsEvidence),
            vec![
                count_num("short-limit", Some(u64::from(SHORT_LIMIT))),
                count_num("dfs-short-length", Some(r.dfs_short.length)),
                count_num("long-limit", Some(u64::from(DEFAULT_DFS_DEPTH))),
                count_num("dfs-long-length", Some(r.dfs_long.length)),
                count_num("bfs-length", Some(r.bfs.length)),
            ],
        ),
    );
    let article = claim(
        lang,
        "article-31",
        Line::ClaimArticleQuote,
        if r.bfs.length == CLAIMED {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        fill_html(
            t(lang, Line::ClaimArticleEvidence),
            vec![
                count_num("bfs-length", Some(r.bfs.length)),
                html! { { board_words(&BLANK_FIRST_GOAL) } },
                count_num("other-goal-length", Some(r.other_goal.length)),
            ],
        ),
    );
    html! { <>{ shortest }{ misplaced }{ fastest }{ unstable }{ article }</> }
}

/// The claims on the report's own rules, after its conclusions.
fn report_rules(lang: Lang, r: &Runs, replayed: Replayed) -> Html {
    let (s, g) = (&ARTICLE_START, &ROW_GOAL);
    let h3 = u64::from(third_heuristic(s, g));
    let goal_inversions = u64::from(inversions(&GOAL));
    let third = claim(
        lang,
        "third-heuristic",
        Line::ClaimThirdQuote,
        if h3 <= r.bfs.length {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        fill_html(
            t(lang, Line::ClaimThirdEvidence),
            vec![
                count_num("third-misplaced", Some(u64::from(misplaced(s, g)))),
                count_num(
                    "third-inversions",
                    Some(u64::from(relative_inversions(s, g))),
                ),
                count_num("third-estimate", Some(h3)),
                count_num("bfs-length", Some(r.bfs.length)),
                count_num("goal-inversions", Some(goal_inversions)),
                count_num("goal-estimate", Some(3 * goal_inversions)),
            ],
        ),
    );
    let ties = claim(
        lang,
        "goal-ties",
        Line::ClaimTiesQuote,
        if r.misplaced.length == r.bfs.length {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        fill_html(
            t(lang, Line::ClaimTiesEvidence),
            vec![
                count_num("misplaced-length", Some(r.misplaced.length)),
                count_num("bfs-length", Some(r.bfs.length)),
                count_num("misplaced-expanded", Some(r.misplaced.stats.expanded)),
            ],
        ),
    );
    // The report says this of itself, and it is so: no run decides it. The evidence supplies what it leaves out.
    let complexity = claim(
        lang,
        "complexity",
        Line::ClaimComplexityQuote,
        Verdict::Holds,
        fill_html(
            t(lang, Line::ClaimComplexityEvidence),
            vec![
                count_num("bfs-expanded", Some(r.bfs.stats.expanded)),
                count_num("bfs-open", Some(r.bfs.stats.max_open)),
                count_num("manhattan-expanded", Some(r.manhattan.stats.expanded)),
                count_num("manhattan-open", Some(r.manhattan.stats.max_open)),
            ],
        ),
    );
    let engine_found = r.dfs_case.status == solver::Status::Solved;
    let missed = claim(
        lang,
        "dfs-closed-misses",
        Line::ClaimMissQuote,
        if replayed.at_shortest.is_none() && engine_found {
            Verdict::Fails
        } else {
            Verdict::Holds
        },
        fill_html(
            t(lang, Line::ClaimMissEvidence),
            vec![
                count_num("miss-shortest", Some(u64::from(replayed.shortest))),
                count_num("miss-limit", Some(u64::from(replayed.shortest))),
                count_num("miss-first-limit", replayed.first_limit.map(u64::from)),
                count_num("miss-found", replayed.found.map(u64::from)),
                count_num("miss-closed", Some(replayed.closed)),
                count_num("miss-report-length", Some(CASE.moves.len() as u64)),
                count_num("miss-report-closed", Some(CASE.dfs.closed)),
                count_num("miss-engine-limit", Some(u64::from(replayed.shortest))),
                count_num(
                    "miss-engine-length",
                    engine_found.then_some(r.dfs_case.length),
                ),
            ],
        ),
    );
    let reachable = CASES
        .iter()
        .filter(|c| bfs(&c.start, &GOAL).solvability().is_ok())
        .count() as u64;
    let reach = claim(
        lang,
        "goal-reachable",
        Line::ClaimReachQuote,
        if reachable == CASES.len() as u64 {
            Verdict::Holds
        } else {
            Verdict::Fails
        },
        fill_html(
            t(lang, Line::ClaimReachEvidence),
            vec![
                count_num("reach-cases", Some(reachable)),
                count_num("reach-total", Some(CASES.len() as u64)),
                count_num("goal-inversions", Some(goal_inversions)),
            ],
        ),
    );
    html! { <>{ third }{ ties }{ complexity }{ missed }{ reach }</> }
}
