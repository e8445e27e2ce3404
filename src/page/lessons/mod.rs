//! The Lessons view: lessons on search, each a sequence of short sections, a few sentences beside a live figure
//! that runs the real engine through the page's one router (see [`figure`]). It opens from the header's link and
//! from a link such as `?lesson=hanoi#graph` ([`link`]); `embed=1` shows one section alone. The general words
//! (contents, "Open in the lab") are in the page's language tables; each lesson keeps its own words beside it.

pub mod code;
pub mod drive;
pub mod eight;
pub mod exercise;
pub mod exercise_list;
pub mod fewer;
pub mod figure;
pub mod hand;
pub mod hanoi;
pub mod iterations;
pub mod layers;
pub mod link;
pub mod page;
pub mod predict;
pub mod section;
pub mod sliding;
