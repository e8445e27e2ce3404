//! The page's store: it holds the [`State`] (in the [`Hub`] the page's parts listen to), runs the reducer for each
//! action, redraws the app's frame and tells the hub's parts when the reducer says the page changed, and carries
//! out the effects the reducer hands back, in order: starting a fresh solver worker (one [`WorkerClient`] per
//! worker) and posting requests to it. It decides nothing about the worker: the router in the
//! state does. The worker's events come back in as actions. It also asks for a garbage collection every
//! `COLLECT_EVERY_CHANGES` changes, and shows the router's count of retired workers on the page's root element.

use crate::page::hooks::store::Hub;
use crate::page::state::router::Retired;
use crate::page::state::{Action, Effect, State};
use crate::page::worker_client::{WorkerClient, WorkerEvent};
use crate::protocol::{Failure, Response, ResponseBody, NO_REQUEST};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use yew::prelude::*;

/// Changes of the state between two requests for a garbage collection ([`crate::browser::collect_garbage_soon`]).
/// Every redraw leaves garbage in the page's Blink heap (a playback step ~0.1 MiB; a search's or a build's progress
/// line, 20 a second, less), which Chromium otherwise collects only tens of seconds later, and the heap keeps the
/// pages it grows to, even after the tab closes. Counted here because every change passes here (the playback's
/// ticks, the worker's progress, the person's actions), even while a fast playback keeps the page's own effects
/// from running; nothing is asked while nothing changes.
pub const COLLECT_EVERY_CHANGES: u32 = 32;

/// The store behind the page.
pub struct Lab {
    /// The state, and the parts that listen for its changes.
    hub: Rc<Hub>,
    /// Changes of the state so far (see `COLLECT_EVERY_CHANGES`).
    changes: Cell<u32>,
    /// The current worker; `None` only when it could not be started.
    client: RefCell<Option<WorkerClient>>,
    redraw: UseForceUpdateHandle,
    /// Itself, for the worker's events.
    me: Weak<Lab>,
}

impl Lab {
    /// The state now.
    pub fn state(&self) -> Rc<State> {
        self.hub.state()
    }

    /// Runs the reducer, keeps the new state and redraws if the reducer says the page changed, then carries out
    /// the effects. A change of the router alone (a worker that has loaded, crashed idle or is retired) shows
    /// nothing but is kept too; otherwise the old state (the same `Rc`) stays.
    pub fn dispatch(&self, action: Action) {
        let (next, update, router_changed) = {
            let now = self.hub.state();
            let mut next = (*now).clone();
            let update = next.update(action);
            let router_changed = next.router != now.router;
            if next.router.retired() != now.router.retired() {
                show_retired(next.router.retired());
            }
            (next, update, router_changed)
        };
        if update.changed || router_changed {
            self.hub.keep(Rc::new(next));
        }
        if update.changed {
            self.redraw.force_update();
            self.hub.announce();
            let changes = self.changes.get().wrapping_add(1);
            self.changes.set(changes);
            if changes.is_multiple_of(COLLECT_EVERY_CHANGES) {
                crate::browser::collect_garbage_soon();
            }
        }
        for effect in update.effects {
            self.carry_out(effect);
        }
    }

    fn carry_out(&self, effect: Effect) {
        match effect {
            Effect::ReplaceWorker => {
                // Dropping the client terminates its worker.
                let old = self.client.borrow_mut().take();
                drop(old);
                self.spawn();
            }
            Effect::Post(request) => {
                let posted = match self.client.borrow().as_ref() {
                    Some(client) => client.post(&request).map_err(|e| Failure::Unreachable {
                        detail: e.to_string(),
                    }),
                    None => Err(Failure::NotRunning),
                };
                if let Err(why) = posted {
                    self.dispatch(unavailable(request.id, why));
                }
            }
        }
    }

    /// Starts a fresh worker whose events come back as actions; if it cannot start, the router hears why as a
    /// worker that could not load.
    fn spawn(&self) {
        let me = self.me.clone();
        let client = WorkerClient::spawn(move |event| {
            if let Some(lab) = me.upgrade() {
                lab.dispatch(Action::from(event));
            }
        });
        match client {
            Ok(client) => *self.client.borrow_mut() = Some(client),
            Err(why) => self.dispatch(unavailable(
                NO_REQUEST,
                Failure::Unreachable {
                    detail: why.to_string(),
                },
            )),
        }
    }
}

/// A post that could not happen, as the worker's error for that request (or, for `NO_REQUEST`, a worker that
/// could not start).
fn unavailable(id: u64, failure: Failure) -> Action {
    Action::from(WorkerEvent::Message(Response {
        id,
        body: ResponseBody::Error { failure },
    }))
}

/// Shows the workers retired so far on the page's root element (`data-solver-retired`, and the last one's memory
/// in `data-solver-retired-bytes`), where tests and measurements read them.
fn show_retired(retired: Retired) {
    let root = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element());
    if let Some(root) = root {
        let _ = root.set_attribute("data-solver-retired", &retired.count.to_string());
        let _ = root.set_attribute(
            "data-solver-retired-bytes",
            &retired.memory_bytes.to_string(),
        );
    }
}

/// The page's store, made once. Its worker starts as the page mounts (the router starts out waiting for it), so
/// that it has loaded by the first Solve.
#[hook]
pub fn use_lab(init: impl FnOnce() -> State + 'static) -> (Rc<State>, Rc<Hub>) {
    let redraw = use_force_update();
    let lab = use_memo((), move |_| {
        Rc::new_cyclic(|me: &Weak<Lab>| {
            let lab = me.clone();
            let dispatch = Callback::from(move |action: Action| {
                if let Some(lab) = lab.upgrade() {
                    lab.dispatch(action);
                }
            });
            Lab {
                hub: Hub::new(Rc::new(init()), dispatch),
                changes: Cell::new(0),
                client: RefCell::new(None),
                redraw,
                me: me.clone(),
            }
        })
    });
    {
        let lab = lab.clone();
        use_effect_with((), move |_| lab.spawn());
    }
    (lab.state(), lab.hub.clone())
}
