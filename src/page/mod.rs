//! The main thread: the page. `app` lays it out and carries out the reducer's effects; `state` holds the state by
//! concern and the request router; `components` draw it; `hooks` hold the page's custom hooks; `url`, `i18n` and
//! `worker_client` are its address bar, its words and its side of the worker; `export*` its downloads; `lessons`
//! the Lessons view, whose figures are puzzle instances of the same store.

pub mod app;
pub mod components;
pub mod export;
pub mod export_run;
pub mod export_svg;
pub mod hooks;
pub mod i18n;
pub mod lessons;
pub mod state;
pub mod url;
pub mod worker_client;
