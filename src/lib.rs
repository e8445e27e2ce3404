//! Puzzle Lab's browser app. Two threads, one folder each: [`page`] is the main thread (the Yew page, its state,
//! the address bar and the worker client), [`worker`] the solver's Web Worker; [`protocol`] is what they say to each
//! other. [`browser`] and [`format`] are small helpers both use.
//!
//! Data flows one way: a UI event becomes a [`page::state::Action`], the reducer changes the
//! [`page::state::State`] and hands back effects (requests for the worker, through one request router), the
//! worker's replies come back as actions, and the components only read the state.

pub mod browser;
pub mod format;
pub mod page;
pub mod protocol;
pub mod worker;
