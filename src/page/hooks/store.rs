//! The page's state and its dispatch as a context, so that a part placed anywhere on the page (a puzzle instance's
//! board, playback or solve controls, a lesson's section) finds its instance by id and sends its actions, without
//! every component between the app and the part passing them down.
//!
//! The context itself never changes: it is the [`Hub`], which holds the state as last reduced and tells each part
//! that listens when the state changes. A part says what of the state it draws (its key: the lab's whole state,
//! or some figures of a lesson), and is drawn again only when that changed. A lesson's figures change a few
//! times for each edit of a board (placed, answered, traced), and each change then redraws the one section that
//! shows them, not the whole lesson.

use crate::page::state::puzzle::Puzzle;
use crate::page::state::{Action, PuzzleId, State};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use yew::prelude::*;

/// What a part reads: the state as last reduced, and the way actions reach the reducer.
#[derive(Clone)]
pub struct Store {
    pub state: Rc<State>,
    pub dispatch: Callback<Action>,
}

/// A part's listener: it hears each new state.
type Listener = Rc<dyn Fn(&Rc<State>)>;

/// The state as last reduced, and the parts that listen for its changes.
pub struct Hub {
    state: RefCell<Rc<State>>,
    dispatch: Callback<Action>,
    listeners: RefCell<Vec<(u64, Listener)>>,
    next_listener: Cell<u64>,
}

impl Hub {
    pub fn new(state: Rc<State>, dispatch: Callback<Action>) -> Rc<Hub> {
        Rc::new(Hub {
            state: RefCell::new(state),
            dispatch,
            listeners: RefCell::new(Vec::new()),
            next_listener: Cell::new(0),
        })
    }

    /// The state now.
    pub fn state(&self) -> Rc<State> {
        self.state.borrow().clone()
    }

    /// The way actions reach the reducer.
    pub fn dispatch(&self) -> Callback<Action> {
        self.dispatch.clone()
    }

    /// Keeps `state` as the state now, without telling anyone (a change that shows nothing).
    pub fn keep(&self, state: Rc<State>) {
        *self.state.borrow_mut() = state;
    }

    /// Tells every listening part of the state now.
    pub fn announce(&self) {
        let state = self.state();
        // A copy of the list: a part may mount or unmount while it hears.
        let listeners: Vec<Listener> = self
            .listeners
            .borrow()
            .iter()
            .map(|(_, l)| l.clone())
            .collect();
        for listener in listeners {
            listener(&state);
        }
    }

    fn store(&self) -> Store {
        Store {
            state: self.state(),
            dispatch: self.dispatch.clone(),
        }
    }

    /// Adds a listener until the returned guard is dropped.
    fn listen(self: &Rc<Hub>, listener: Listener) -> Listening {
        let id = self.next_listener.get();
        self.next_listener.set(id + 1);
        self.listeners.borrow_mut().push((id, listener));
        Listening {
            hub: Rc::downgrade(self),
            id,
        }
    }
}

/// A listener on the hub, taken off when dropped (with the part that holds it).
struct Listening {
    hub: std::rc::Weak<Hub>,
    id: u64,
}

impl Drop for Listening {
    fn drop(&mut self) {
        if let Some(hub) = self.hub.upgrade() {
            hub.listeners.borrow_mut().retain(|(id, _)| *id != self.id);
        }
    }
}

/// The context the app provides (`ContextProvider<StoreContext>`): the one hub, the same for the page's life.
#[derive(Clone)]
pub struct StoreContext(pub Rc<Hub>);

impl PartialEq for StoreContext {
    fn eq(&self, other: &StoreContext) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// Some figures of a lesson, each compared by address: a figure's `Rc` is new exactly when an action changed it.
pub struct Figures(Vec<Option<Rc<Puzzle>>>);

impl Figures {
    pub fn of(state: &State, numbers: &[u32]) -> Figures {
        Figures(
            numbers
                .iter()
                .map(|n| state.figures.get(n).cloned())
                .collect(),
        )
    }
}

impl PartialEq for Figures {
    fn eq(&self, other: &Figures) -> bool {
        self.0.len() == other.0.len()
            && self.0.iter().zip(&other.0).all(|pair| match pair {
                (Some(a), Some(b)) => Rc::ptr_eq(a, b),
                (None, None) => true,
                _ => false,
            })
    }
}

/// A whole state, compared by address (held, so that no later state can take the address).
pub struct Whole(Rc<State>);

impl PartialEq for Whole {
    fn eq(&self, other: &Whole) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

/// How a part reads its key from a state.
type Read<K> = Box<dyn Fn(&Rc<State>) -> K>;

/// What the part last drew from, and how it reads that from a state.
struct Seen<K> {
    key: Option<K>,
    read: Option<Read<K>>,
}

/// The store, for a part drawn from `key(state)`: it is drawn again whenever that changes (and, as any component,
/// when its own props or state do). Outside an app (a component test without one) there is nothing to show.
#[hook]
pub fn use_store_where<K: PartialEq + 'static>(
    key: impl Fn(&Rc<State>) -> K + 'static,
) -> Option<Store> {
    let hub = use_context::<StoreContext>().map(|c| c.0);
    let redraw = use_force_update();
    let seen = use_mut_ref(|| Seen::<K> {
        key: None,
        read: None,
    });
    let store = hub.as_ref().map(|h| h.store());
    {
        let mut seen = seen.borrow_mut();
        seen.key = store.as_ref().map(|s| key(&s.state));
        seen.read = Some(Box::new(key));
    }
    // Listening from the first drawing on (not from an effect, after it), so that no change between the two is
    // missed; the guard lives as long as the part.
    let _listening = use_mut_ref(|| {
        hub.map(|hub| {
            let seen = seen.clone();
            hub.listen(Rc::new(move |state: &Rc<State>| {
                let mut seen = seen.borrow_mut();
                let key = seen.read.as_ref().map(|read| read(state));
                if key != seen.key {
                    seen.key = key;
                    redraw.force_update();
                }
            }))
        })
    });
    store
}

/// The store, for a part that only sends actions, and reads the state (as of its last drawing) in its effects:
/// never drawn again for a change of the state.
#[hook]
pub fn use_store_quiet() -> Option<Store> {
    use_store_where(|_: &Rc<State>| ())
}

/// The store, for a part drawn from figures `numbers` only (a lesson's section and its hooks).
#[hook]
pub fn use_figures(numbers: &[u32]) -> Option<Store> {
    let numbers = numbers.to_vec();
    use_store_where(move |state: &Rc<State>| Figures::of(state, &numbers))
}

/// The store, for a part drawn from puzzle instance `id`: a figure with its request's watch (the router's), or,
/// for the lab's puzzle, any of the state, which the lab's parts read beside the puzzle.
#[hook]
pub fn use_puzzle_store(id: PuzzleId) -> Option<Store> {
    use_store_where(move |state: &Rc<State>| match id {
        PuzzleId::Lab => (Some(Whole(state.clone())), None),
        PuzzleId::Figure(n) => {
            let watch = state.puzzle(id).and_then(|p| p.solve_watch(&state.router));
            (None, Some((Figures::of(state, &[n]), watch)))
        }
    })
}
