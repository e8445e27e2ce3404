//! "The report's claims, checked": each claim beside a verdict that live runs decide, on one hard board (the
//! sliding-puzzle article's, whose own claim of 31 moves is checked last). BFS, A* with both heuristics and DFS at
//! two limits solve it towards 1..8 and the blank; BFS solves it once more towards the blank-first goal.

use super::figures::{
    CLAIM_BFS, CLAIM_DFS_LONG, CLAIM_DFS_SHORT, CLAIM_MANHATTAN, CLAIM_MISPLACED, CLAIM_OTHER_GOAL,
};
use super::text::{t, Line};
use super::{any_pending, bfs, board_words, count_num, dfs, eight, finished};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_store;
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
}

#[component]
pub fn ClaimsSection() -> Html {
    let lang = use_lang();
    let store = use_store();
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
        ) {
            (
                Some(bfs),
                Some(misplaced),
                Some(manhattan),
                Some(dfs_short),
                Some(dfs_long),
                Some(other_goal),
            ) => Some(Runs {
                bfs,
                misplaced,
                manhattan,
                dfs_short,
                dfs_long,
                other_goal,
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
        Some(runs) => claims(lang, runs),
        None => html! { <li>{ lang.t(crate::page::i18n::Msg::LessonComputing) }</li> },
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
