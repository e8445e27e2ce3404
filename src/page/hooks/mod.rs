//! The page's custom hooks: the store that runs the reducer and its effects (and its context, for the parts placed
//! on the page), a puzzle instance's timers, keys, pointer drags and the app's releases offline (the service
//! worker).

pub mod drag;
pub mod keys;
pub mod lab;
pub mod release;
pub mod store;
pub mod timers;
