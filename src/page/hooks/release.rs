//! The app offline: registers the service worker (static/sw.js) of a stamped release and follows the releases it
//! installs, so that the page can say when a newer one is ready and switch to it when the person asks.
//!
//! Only a release stamped by scripts/build.sh (`<html data-release="...">`, see scripts/stamp-release.mjs) registers
//! the worker: a `trunk serve` page never does, and the unstamped sw.js a dev server serves removes an earlier
//! release's worker by itself. The worker and its scope are resolved against `document.baseURI`, so a build for a
//! sub-path (`/puzzle-lab/`) keeps its own. Update policy (docs/architecture.md, "Offline"): a new release downloads in
//! the background and waits; the page offers a reload; when a new release takes over (this tab's reload, or another
//! tab's), every tab of the app reloads into it, so no tab runs one release's page against another's files.

use crate::browser::js_text;
use std::cell::Cell;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    RegistrationOptions, ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration,
    ServiceWorkerState,
};
use yew::prelude::*;

/// The service worker's script, beside the page.
pub const SERVICE_WORKER: &str = "sw.js";
/// What the page tells a waiting release to make it take over now (static/sw.js listens for it).
const SKIP_WAITING: &str = "skip-waiting";

/// Where this page stands among the app's releases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Release {
    /// This page is the newest release known (or the page keeps no release offline: unstamped, or no service
    /// workers in this browser).
    Current,
    /// A newer release is downloaded and waits; a reload switches to it.
    UpdateReady,
    /// The person asked for the newer release: the page reloads once it has taken over.
    Switching,
}

/// Registers the service worker once, and returns where this page stands and the callback that switches to a
/// waiting release.
#[hook]
pub fn use_release() -> (Release, Callback<()>) {
    let release = use_state(|| Release::Current);
    let registration = use_mut_ref(|| None::<ServiceWorkerRegistration>);
    {
        let set = release.setter();
        let registration = registration.clone();
        use_effect_with((), move |()| {
            wasm_bindgen_futures::spawn_local(async move {
                match register(move |r| set.set(r)).await {
                    Ok(found) => *registration.borrow_mut() = found,
                    // The app works as before, only not offline: worth a note in the console, not a notice.
                    Err(why) => gloo::console::warn!(format!(
                        "Puzzle Lab will not work offline here: the service worker could not be registered ({why})"
                    )),
                }
            });
        });
    }
    let switch = {
        let set = release.setter();
        Callback::from(move |()| {
            set.set(Release::Switching);
            let waiting = registration.borrow().as_ref().and_then(|r| r.waiting());
            match waiting {
                // The page reloads on `controllerchange`, once the new release has taken over.
                Some(worker) => {
                    if worker
                        .post_message(&JsValue::from_str(SKIP_WAITING))
                        .is_err()
                    {
                        reload();
                    }
                }
                None => reload(),
            }
        })
    };
    (*release, switch)
}

/// The registration of this page's service worker, or `None` where the page keeps no release offline. `on_change`
/// hears when a newer release waits.
async fn register(
    on_change: impl Fn(Release) + Clone + 'static,
) -> Result<Option<ServiceWorkerRegistration>, String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let document = window.document().ok_or("no document")?;
    let stamped = document
        .document_element()
        .is_some_and(|root| root.has_attribute("data-release"));
    let navigator = window.navigator();
    // Absent outside secure contexts (plain http other than localhost) and in some private modes.
    let supported =
        js_sys::Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    if !stamped || !supported {
        return Ok(None);
    }
    let container = navigator.service_worker();
    let base = document
        .base_uri()
        .ok()
        .flatten()
        .ok_or("the page has no base URL")?;
    let resolve = |path: &str| {
        web_sys::Url::new_with_base(path, &base)
            .map(|u| u.href())
            .map_err(|e| js_text(&e))
    };
    let options = RegistrationOptions::new();
    options.set_scope(&resolve("./")?);
    // Registering again what is registered fetches nothing (so it works offline); the browser looks for a new
    // release itself on each visit.
    let registration: ServiceWorkerRegistration =
        JsFuture::from(container.register_with_options(&resolve(SERVICE_WORKER)?, &options))
            .await
            .map_err(|e| js_text(&e))?
            .dyn_into()
            .map_err(|_| "the browser answered with something other than a registration")?;

    // A first visit's worker takes control without a reload; an update taking over reloads every tab into it.
    let controlled = Rc::new(Cell::new(container.controller().is_some()));
    let on_controller = Closure::<dyn FnMut()>::new(move || {
        if controlled.replace(true) {
            reload();
        }
    });
    container.set_oncontrollerchange(Some(on_controller.as_ref().unchecked_ref()));
    // The page's handlers live as long as the page (the app is never unmounted).
    on_controller.forget();

    if registration.waiting().is_some() && container.controller().is_some() {
        on_change(Release::UpdateReady);
    }
    if let Some(installing) = registration.installing() {
        follow(installing, container.clone(), on_change.clone());
    }
    let on_found = {
        let registration = registration.clone();
        Closure::<dyn FnMut()>::new(move || {
            if let Some(installing) = registration.installing() {
                follow(installing, container.clone(), on_change.clone());
            }
        })
    };
    registration.set_onupdatefound(Some(on_found.as_ref().unchecked_ref()));
    on_found.forget();
    Ok(Some(registration))
}

/// Watches a release being installed: once it is installed while an older one controls the page, it waits, and
/// the page says so.
fn follow(
    worker: ServiceWorker,
    container: ServiceWorkerContainer,
    on_change: impl Fn(Release) + 'static,
) {
    let watched = worker.clone();
    let on_state = Closure::<dyn FnMut()>::new(move || {
        if watched.state() == ServiceWorkerState::Installed && container.controller().is_some() {
            on_change(Release::UpdateReady);
        }
    });
    worker.set_onstatechange(Some(on_state.as_ref().unchecked_ref()));
    // One per release installed while the page is open.
    on_state.forget();
}

fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}
