//! The 8-puzzle lab lesson: a student's lab report on the 8-puzzle (DFS with a depth limit, BFS, A* counting
//! misplaced tiles) checked against the real engine. Its table run live, DFS and its depth limit, each of its
//! claims with a verdict, random boards, then scored exercises. Its words are in [`text`]; its figures are numbered
//! here (200 to 299) so that no two sections share an instance.
//!
//! The report's boards were pictures and are lost. They are rebuilt from its move strings: the goal
//! 1 2 3 / 8 0 4 / 7 6 5 is the one from which each string, undone, stays on the board, and from each start so
//! found the string is the only shortest path, so any optimal search returns it.

mod basics;
#[cfg(test)]
mod checks;
mod claims;
mod dfs;
mod exercises;
mod random;
mod replay;
mod report;
pub mod text;

use super::figure::sliding_setup;
use super::link::Lesson;
use super::section::Section;
use crate::format::duration_ms;
use crate::page::i18n::use_lang;
use crate::page::state::setup::Setup;
use crate::page::state::solve::Run;
use crate::page::state::{PuzzleId, State};
use solver::{Algorithm, HeuristicName, Report};
use std::rc::Rc;
use text::{t, Line};
use yew::prelude::*;

/// The figures' puzzle instances (`PuzzleId::Figure`), one number each.
mod figures {
    pub const REPORT_BFS: u32 = 200;
    /// DFS with its limit at the case's own length.
    pub const REPORT_DFS: u32 = 201;
    /// DFS with the engine's default limit.
    pub const REPORT_DFS_DEFAULT: u32 = 202;
    pub const REPORT_ASTAR: u32 = 203;
    pub const DFS_RUN: u32 = 210;
    pub const DFS_BFS: u32 = 211;
    pub const CLAIM_BFS: u32 = 220;
    pub const CLAIM_MISPLACED: u32 = 221;
    pub const CLAIM_MANHATTAN: u32 = 222;
    pub const CLAIM_DFS_SHORT: u32 = 223;
    pub const CLAIM_DFS_LONG: u32 = 224;
    pub const CLAIM_OTHER_GOAL: u32 = 225;
    /// The engine's DFS on the report's case 3, beside the report's DFS replayed.
    pub const CLAIM_DFS_CASE: u32 = 226;
    pub const RANDOM_BFS: u32 = 230;
    pub const RANDOM_MISPLACED: u32 = 231;
    pub const RANDOM_MANHATTAN: u32 = 232;
    pub const EX_FEWER_SHOWN: u32 = 240;
    pub const EX_FEWER_BFS: u32 = 241;
    pub const EX_FEWER_ASTAR: u32 = 242;
    pub const EX_HARD: u32 = 243;
    pub const EX_HARD_RUN: u32 = 244;
    pub const EX_DISTANCE: u32 = 245;
    pub const EX_DISTANCE_RUN: u32 = 246;
    pub const EX_PREDICT: u32 = 247;
}

/// The report's goal: the blank in the middle, the tiles around it clockwise.
pub const GOAL: [u8; 9] = [1, 2, 3, 8, 0, 4, 7, 6, 5];

/// The report's figures for one algorithm on one case: OPEN and CLOSED sizes and CPU time in ms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ReportRow {
    pub open: u64,
    pub closed: u64,
    pub ms: u64,
}

/// One of the report's worked cases: the start rebuilt from its answer, the answer, and its table (BFS, DFS, A*).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Case {
    pub start: [u8; 9],
    /// The operators every one of its searches printed: the blank's moves.
    pub moves: &'static str,
    pub bfs: ReportRow,
    pub dfs: ReportRow,
    pub astar: ReportRow,
    /// Whether its times include printing the search as it went (the report says so under each table).
    pub printed: bool,
}

const fn row(open: u64, closed: u64, ms: u64) -> ReportRow {
    ReportRow { open, closed, ms }
}

/// The report's three cases (its sections 5.1 to 5.3).
pub const CASES: [Case; 3] = [
    Case {
        start: [1, 3, 4, 8, 2, 0, 7, 6, 5],
        moves: "ULD",
        bfs: row(5, 5, 2),
        dfs: row(1, 47, 5),
        astar: row(1, 3, 62),
        printed: true,
    },
    Case {
        start: [2, 8, 3, 1, 6, 4, 7, 0, 5],
        moves: "UULDR",
        bfs: row(15, 21, 3),
        dfs: row(2, 55, 5),
        astar: row(1, 5, 67),
        printed: true,
    },
    Case {
        start: [2, 3, 8, 6, 1, 4, 0, 7, 5],
        moves: "URDRUULLDRRDLLUR",
        bfs: row(4280, 6856, 808),
        dfs: row(9, 4597, 211),
        astar: row(1, 567, 57),
        printed: false,
    },
];

/// An 8-puzzle figure: `start` to `goal`, solved by `algorithm` with `heuristic`.
pub fn eight(start: &[u8], goal: &[u8], algorithm: Algorithm, heuristic: HeuristicName) -> Setup {
    sliding_setup(3, 3, start, goal, algorithm, heuristic)
}

/// A BFS of `start` to `goal` (its heuristic is never read).
pub fn bfs(start: &[u8], goal: &[u8]) -> Setup {
    eight(start, goal, Algorithm::Bfs, HeuristicName::Misplaced)
}

/// A depth-limited DFS of `start` to `goal`.
pub fn dfs(start: &[u8], goal: &[u8], limit: u32) -> Setup {
    let mut setup = eight(start, goal, Algorithm::Dfs, HeuristicName::Misplaced);
    setup.dfs_depth = limit;
    setup
}

/// Figure `number`'s report once its search has ended, found a solution or not (a depth limit's "none within the
/// bound" is an answer DFS's figures quote).
pub fn finished(state: &State, number: u32) -> Option<Rc<Report>> {
    match &state.puzzle(PuzzleId::Figure(number))?.solve.run {
        Run::Finished(report) => Some(report.clone()),
        _ => None,
    }
}

/// Whether any of `numbers` is still without an answer.
pub fn any_pending(state: &State, numbers: &[u32]) -> bool {
    numbers.iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving() || matches!(p.solve.run, Run::Idle))
    })
}

/// The solution's moves as letters (the blank's), for a sliding report.
pub fn letters(report: &Report) -> String {
    match &report.moves {
        solver::Moves::Sliding(s) => s.clone(),
        solver::Moves::Hanoi(_) => String::new(),
    }
}

/// A run's time as quoted in a sentence or a table: "computing…" until it has answered. Below the clock's
/// resolution in hundredths of a millisecond it reads "< 0.01 ms", not a run that took no time.
pub fn time(name: &'static str, report: Option<&Report>) -> Html {
    let shown = |ms: f64| {
        if ms < 0.01 {
            "< 0.01 ms".to_string()
        } else {
            duration_ms(ms)
        }
    };
    match report {
        Some(r) => html! {
            <span class="lesson-num lesson-time" data-ms={name}>{ shown(r.stats.elapsed_ms) }</span>
        },
        None => super::figure::num(name, None),
    }
}

/// A count quoted in a sentence, with thousands separators: the lessons' one quoted count.
pub use super::figure::count as count_num;

/// A board in words, row by row, the blank as "_": "2 8 3 / 1 6 4 / 7 _ 5".
pub fn board_words(tiles: &[u8]) -> String {
    tiles
        .chunks(3)
        .map(|row| {
            row.iter()
                .map(|&t| {
                    if t == 0 {
                        "_".to_string()
                    } else {
                        t.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A link to the sliding-puzzle lesson's `section`, named in `lang`.
pub fn sliding_link(lang: crate::page::i18n::Lang, section: &str) -> Html {
    let to = super::link::href(Lesson::Sliding, lang, Some(section), false);
    html! {
        <a href={format!("?{to}")} data-testid="sliding-link">{ t(lang, Line::SlidingLesson) }</a>
    }
}

/// A section's title, by its anchor.
pub fn section_title(id: &str) -> Line {
    match id {
        "basics" => Line::BasicsTitle,
        "report" => Line::ReportTitle,
        "dfs" => Line::DfsTitle,
        "claims" => Line::ClaimsTitle,
        "random" => Line::RandomTitle,
        _ => Line::ExTitle,
    }
}

#[derive(Properties, PartialEq)]
pub struct EightLessonProps {
    /// The one section shown (an embedded section); `None` shows them all.
    #[prop_or_default]
    pub only: Option<&'static str>,
}

/// The lesson's title, introduction and sections.
#[component]
pub fn EightLesson(props: &EightLessonProps) -> Html {
    let lang = use_lang();
    let shown = |id: &str| props.only.is_none_or(|only| only == id);
    let section = |id: &'static str, body: Html| {
        let title = t(lang, section_title(id));
        shown(id).then(|| html! { <Section lesson={Lesson::Eight} {id} {title}>{ body }</Section> })
    };
    html! {
        <>
            if props.only.is_none() {
                <h1 class="lesson-title">{ t(lang, Line::Title) }</h1>
                <p class="lesson-intro">{ t(lang, Line::Intro) }</p>
            }
            { for section("basics", html! { <basics::BasicsSection /> }) }
            { for section("report", html! { <report::ReportSection /> }) }
            { for section("dfs", html! { <dfs::DfsSection /> }) }
            { for section("claims", html! { <claims::ClaimsSection /> }) }
            { for section("random", html! { <random::RandomSection /> }) }
            { for section("exercises", html! { <exercises::Exercises /> }) }
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::checks::run;
    use super::*;

    #[test]
    fn each_rebuilt_case_gives_the_reports_moves_to_bfs_and_a_star() {
        for case in CASES {
            for setup in [
                bfs(&case.start, &GOAL),
                eight(
                    &case.start,
                    &GOAL,
                    Algorithm::Astar,
                    HeuristicName::Misplaced,
                ),
            ] {
                let report = run(&setup);
                assert_eq!(letters(&report), case.moves);
                assert!(report.optimal);
            }
        }
    }

    #[test]
    fn boards_read_row_by_row_with_the_blank_as_a_gap() {
        assert_eq!(board_words(&GOAL), "1 2 3 / 8 _ 4 / 7 6 5");
    }
}
