//! Puzzle Lab's browser app: the Yew UI, its state, the URL format and the solver worker's protocol.
//!
//! Data flows one way: a UI event becomes an [`state::Action`], the reducer changes the [`state::State`] (and records a
//! request for the worker), the worker's reply comes back as another action, and the components only read the state.

pub mod app;
pub mod browser;
pub mod compare;
pub mod components;
pub mod format;
pub mod i18n;
pub mod play;
pub mod protocol;
pub mod state;
pub mod url;
pub mod worker;
pub mod worker_client;
