//! The page's custom hooks: the store that runs the reducer and its effects, timers, keys and pointer drags.

pub mod drag;
pub mod keys;
pub mod lab;
pub mod timers;
