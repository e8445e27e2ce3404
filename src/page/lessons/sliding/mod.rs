//! The sliding-puzzle lesson: boards as states, which boards can be solved, BFS's memory, A*'s heuristics,
//! consistency, greedy best-first and weighted A* (taught before any exercise uses them), IDA*,
//! pattern databases and the big boards' bounded answers, each beside a live figure on the real engine, then
//! scored exercises. Its words are in [`text`]; its figures are numbered here (100 to 199) so that no two sections
//! share an instance.

mod bfs_memory;
mod big;
#[cfg(test)]
mod claims;
mod common;
mod consistency;
mod driven;
mod exercises;
mod greedy;
mod heuristics;
mod ida_drawn;
mod idastar;
mod pdb;
mod solvability;
mod state;
pub mod text;
mod text_watch;
mod watch;
mod weighted;

use super::link::Lesson;
use super::section::Section;
use crate::page::i18n::use_lang;
use text::{t, Line};
use yew::prelude::*;

/// The figures' puzzle instances (`PuzzleId::Figure`), one number each.
mod figures {
    pub const STATE: u32 = 100;
    pub const SOLVABLE: u32 = 101;
    pub const BFS_RUNS: [u32; 5] = [110, 111, 112, 113, 114];
    pub const HEURISTIC_RUNS: [u32; 3] = [120, 121, 122];
    pub const ARTICLE: u32 = 123;
    pub const WATCH: [u32; 2] = [170, 171];
    pub const ARTICLE_BLANK_FIRST: u32 = 124;
    pub const CONSISTENCY: u32 = 125;
    pub const GREEDY_RUN: u32 = 126;
    pub const GREEDY_ASTAR: u32 = 127;
    pub const WEIGHTED_RUN: u32 = 128;
    pub const WEIGHTED_ASTAR: u32 = 129;
    pub const IDA_RUN: u32 = 130;
    pub const IDA_ASTAR: u32 = 131;
    pub const IDA_DRAWN: [u32; 2] = [132, 133];
    pub const PDB_RUN: u32 = 140;
    pub const PDB_BOUND: u32 = 141;
    pub const BIG: u32 = 150;
    pub const EX_FEWER_SHOWN: u32 = 160;
    pub const EX_FEWER_MISPLACED: u32 = 161;
    pub const EX_FEWER_MANHATTAN: u32 = 162;
    pub const EX_OVER: u32 = 163;
    pub const EX_OVER_TRUE: u32 = 164;
    pub const EX_SOLVABLE: u32 = 165;
    pub const EX_PREDICT: u32 = 166;
}

/// A section's title, by its anchor.
pub fn section_title(id: &str) -> Line {
    match id {
        "state" => Line::StateTitle,
        "solvability" => Line::SolvabilityTitle,
        "bfs-memory" => Line::BfsMemoryTitle,
        "heuristics" => Line::HeuristicsTitle,
        "watch" => Line::WatchTitle,
        "consistency" => Line::ConsistencyTitle,
        "greedy" => Line::GreedyTitle,
        "weighted" => Line::WeightedTitle,
        "idastar" => Line::IdastarTitle,
        "pattern-databases" => Line::PdbTitle,
        "big-boards" => Line::BigTitle,
        _ => Line::ExTitle,
    }
}

#[derive(Properties, PartialEq)]
pub struct SlidingLessonProps {
    /// The one section shown (an embedded section); `None` shows them all.
    #[prop_or_default]
    pub only: Option<&'static str>,
}

/// The lesson's title, introduction and sections.
#[component]
pub fn SlidingLesson(props: &SlidingLessonProps) -> Html {
    let lang = use_lang();
    let shown = |id: &str| props.only.is_none_or(|only| only == id);
    let section = |id: &'static str, body: Html| {
        let title = t(lang, section_title(id));
        shown(id)
            .then(|| html! { <Section lesson={Lesson::Sliding} {id} {title}>{ body }</Section> })
    };
    html! {
        <>
            if props.only.is_none() {
                <h1 class="lesson-title">{ t(lang, Line::Title) }</h1>
                <p class="lesson-intro">{ t(lang, Line::Intro) }</p>
            }
            { for section("state", html! { <state::StateSection /> }) }
            { for section("solvability", html! { <solvability::SolvabilitySection /> }) }
            { for section("bfs-memory", html! { <bfs_memory::BfsMemorySection /> }) }
            { for section("heuristics", html! { <heuristics::HeuristicsSection /> }) }
            { for section("watch", html! { <watch::WatchSection /> }) }
            { for section("consistency", html! { <consistency::ConsistencySection /> }) }
            { for section("greedy", html! { <greedy::GreedySection /> }) }
            { for section("weighted", html! { <weighted::WeightedSection /> }) }
            { for section("idastar", html! { <idastar::IdastarSection /> }) }
            { for section("pattern-databases", html! { <pdb::PdbSection /> }) }
            { for section("big-boards", html! { <big::BigBoardsSection /> }) }
            { for section("exercises", html! { <exercises::Exercises /> }) }
        </>
    }
}
