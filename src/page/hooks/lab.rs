//! The page's store: it holds the [`State`], runs the reducer for each action, redraws the page when the state
//! changed, and carries out the effects the reducer hands back, in order: posting requests to the solver worker
//! and replacing the worker. The worker's events come back in as actions. Every `COLLECT_EVERY_CHANGES` changes it
//! asks for a garbage collection.

use crate::page::state::{Action, Effect, State};
use crate::page::worker_client::{WorkerClient, WorkerEvent};
use crate::protocol::{Response, ResponseBody, NO_REQUEST};
use std::cell::{Cell, RefCell};
use std::rc::{Rc, Weak};
use yew::prelude::*;

/// Changes of the state between two requests for a garbage collection ([`crate::browser::collect_garbage_soon`]).
/// Every redraw leaves garbage in the page's Blink heap (a playback step ~0.1 MiB; a search's or a build's progress
/// line, 20 a second, less), which Chromium otherwise collects only tens of seconds later, and the heap keeps the
/// pages it grew to: a 5x5 build beside a playback grew it to ~27 MiB (5 of them live), held after the tab closed.
/// Counted here, where every change passes (the playback's ticks, the worker's progress, the person's actions); no
/// request while nothing changes.
pub const COLLECT_EVERY_CHANGES: u32 = 32;

/// The store behind the page.
pub struct Lab {
    state: RefCell<Rc<State>>,
    /// Changes of the state so far (see `COLLECT_EVERY_CHANGES`).
    changes: Cell<u32>,
    client: RefCell<Option<WorkerClient>>,
    redraw: UseForceUpdateHandle,
    /// Itself, for the worker's events.
    me: Weak<Lab>,
}

impl Lab {
    /// The state now.
    pub fn state(&self) -> Rc<State> {
        self.state.borrow().clone()
    }

    /// Runs the reducer, redraws if anything changed, then carries out the effects.
    pub fn dispatch(&self, action: Action) {
        let (next, update) = {
            let mut next = (**self.state.borrow()).clone();
            let update = next.update(action);
            (next, update)
        };
        if update.changed {
            *self.state.borrow_mut() = Rc::new(next);
            self.redraw.force_update();
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
                drop(self.client.borrow_mut().take());
                if let Err(why) = self.spawn() {
                    self.dispatch(unavailable(NO_REQUEST, why));
                }
            }
            Effect::Post(request) => {
                let posted = match self.spawn_if_needed() {
                    Ok(()) => self
                        .client
                        .borrow()
                        .as_ref()
                        .map_or(Ok(()), |c| c.post(&request).map_err(|e| e.to_string())),
                    Err(why) => Err(why),
                };
                if let Err(why) = posted {
                    self.dispatch(unavailable(request.id, why));
                }
            }
        }
    }

    fn spawn_if_needed(&self) -> Result<(), String> {
        if self.client.borrow().is_some() {
            return Ok(());
        }
        self.spawn()
    }

    /// Starts a fresh worker whose events come back as actions.
    fn spawn(&self) -> Result<(), String> {
        let me = self.me.clone();
        let client = WorkerClient::spawn(move |event| {
            if let Some(lab) = me.upgrade() {
                lab.dispatch(Action::Worker(event));
            }
        })
        .map_err(|e| e.to_string())?;
        *self.client.borrow_mut() = Some(client);
        Ok(())
    }
}

/// A post that could not happen, as the worker's error for that request.
fn unavailable(id: u64, message: String) -> Action {
    Action::Worker(WorkerEvent::Message(Response {
        id,
        body: ResponseBody::Error { message },
    }))
}

/// The page's store, made once; its worker starts at once, so that it has loaded by the first Solve.
#[hook]
pub fn use_lab(init: impl FnOnce() -> State + 'static) -> (Rc<State>, Callback<Action>) {
    let redraw = use_force_update();
    let lab = use_memo((), move |_| {
        Rc::new_cyclic(|me| Lab {
            state: RefCell::new(Rc::new(init())),
            changes: Cell::new(0),
            client: RefCell::new(None),
            redraw,
            me: me.clone(),
        })
    });
    let dispatch = {
        let lab = Rc::downgrade(&*lab);
        use_memo((), move |_| {
            Callback::from(move |action: Action| {
                if let Some(lab) = lab.upgrade() {
                    lab.dispatch(action);
                }
            })
        })
    };
    {
        let lab = lab.clone();
        use_effect_with((), move |_| {
            if let Err(why) = lab.spawn() {
                lab.dispatch(unavailable(NO_REQUEST, why));
            }
        });
    }
    (lab.state(), (*dispatch).clone())
}
