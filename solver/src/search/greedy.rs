//! Greedy best-first search lives in `astar.rs` (the same engine with f = h); this module re-exports it.

pub use super::astar::{greedy, greedy_observed};
