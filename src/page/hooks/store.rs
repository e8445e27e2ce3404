//! The page's state and its dispatch as a context, so that a part placed anywhere on the page (a puzzle instance's
//! board, playback or solve controls) finds its instance by id and sends its actions, without every component
//! between the app and the part passing them down.

use crate::page::state::{Action, State};
use std::rc::Rc;
use yew::prelude::*;

/// The state as last drawn, and the way actions reach the reducer.
#[derive(Clone)]
pub struct Store {
    pub state: Rc<State>,
    pub dispatch: Callback<Action>,
}

impl PartialEq for Store {
    /// A new state is a new `Rc` (the reducer keeps the old one when nothing changed), so parts redraw only then.
    fn eq(&self, other: &Store) -> bool {
        Rc::ptr_eq(&self.state, &other.state) && self.dispatch == other.dispatch
    }
}

/// The store the app provides (`ContextProvider<Store>`). Outside one (a component test without it) there is
/// nothing to show.
#[hook]
pub fn use_store() -> Option<Store> {
    use_context::<Store>()
}
