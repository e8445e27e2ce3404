//! The Hanoi lesson: the tower as a state search, in six short sections, each beside a live figure on the real
//! engine (a state and its code, the state graph and BFS's layers, BFS against A*, a heuristic that overestimates,
//! four pegs), then scored exercises. Its words are in [`text`]; its figures are numbered here so that no two
//! sections share an instance.

mod admissible;
mod claims;
mod exercises;
mod four;
mod graph;
mod race;
mod search_graph;
mod state;
pub mod text;

use super::link::Lesson;
use super::section::Section;
use crate::page::i18n::use_lang;
use text::{t, Line};
use yew::prelude::*;

/// The figures' puzzle instances (`PuzzleId::Figure`), one number each.
mod figures {
    pub const STATE: u32 = 1;
    pub const GRAPH: u32 = 2;
    pub const RACE_BFS: u32 = 3;
    pub const RACE_ASTAR: u32 = 4;
    pub const OVER_SHOWN: u32 = 5;
    pub const OVER_BFS: u32 = 15;
    pub const SEED_ASTAR: u32 = 6;
    pub const SEED_BFS: u32 = 7;
    pub const FS_FOUR: u32 = 8;
    pub const FS_THREE: u32 = 9;
    pub const FS_BFS: u32 = 10;
    pub const EX_FEWER_SHOWN: u32 = 11;
    pub const EX_FEWER_BFS: u32 = 18;
    pub const EX_FEWER_ASTAR: u32 = 19;
    pub const EX_OVER: u32 = 13;
    pub const EX_OVER_BFS: u32 = 16;
    pub const EX_DISTANCE: u32 = 14;
    pub const EX_DISTANCE_BFS: u32 = 17;
    pub const EX_PREDICT: u32 = 20;
    pub const CLAIM_BFS8: u32 = 21;
    pub const CLAIM_BFS10: u32 = 22;
    pub const CLAIM_ASTAR5: u32 = 23;
}

/// A section's title, by its anchor.
pub fn section_title(id: &str) -> Line {
    match id {
        "state" => Line::StateTitle,
        "graph" => Line::GraphTitle,
        "bfs-astar" => Line::RaceTitle,
        "admissible" => Line::AdmTitle,
        "four-pegs" => Line::FourTitle,
        "claims" => Line::ClaimsTitle,
        _ => Line::ExTitle,
    }
}

#[derive(Properties, PartialEq)]
pub struct HanoiLessonProps {
    /// The one section shown (an embedded section); `None` shows them all.
    #[prop_or_default]
    pub only: Option<&'static str>,
}

/// The lesson's title, introduction and sections.
#[component]
pub fn HanoiLesson(props: &HanoiLessonProps) -> Html {
    let lang = use_lang();
    let shown = |id: &str| props.only.is_none_or(|only| only == id);
    let section = |id: &'static str, body: Html| {
        let title = t(lang, section_title(id));
        shown(id).then(|| html! { <Section lesson={Lesson::Hanoi} {id} {title}>{ body }</Section> })
    };
    html! {
        <>
            if props.only.is_none() {
                <h1 class="lesson-title">{ t(lang, Line::Title) }</h1>
                <p class="lesson-intro">{ t(lang, Line::Intro) }</p>
            }
            { for section("state", html! { <state::StateSection /> }) }
            { for section("graph", html! { <graph::GraphSection /> }) }
            { for section("bfs-astar", html! { <race::RaceSection /> }) }
            { for section("admissible", html! { <admissible::AdmissibleSection /> }) }
            { for section("four-pegs", html! { <four::FourPegsSection /> }) }
            { for section("claims", html! { <claims::ClaimsSection /> }) }
            { for section("exercises", html! { <exercises::Exercises /> }) }
        </>
    }
}
