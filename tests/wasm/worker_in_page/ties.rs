//! The lessons quote their engines' numbers, never typed-in ones: with A*'s ties sent the other way (the solver's
//! `reverse-ties` switch, in this test build only), the Hanoi lesson's "BFS against A*" shows another count of
//! expansions, and each time the very count the worker's own code gives for the figure's query.
//!
//! The page's worker here is this thread: each request the router posts is answered by the worker's
//! `solve_request`, the function the real worker runs.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test -p puzzle-lab --target wasm32-unknown-unknown
//! --features reverse-ties --test worker_in_page ties::`.
#![cfg(target_arch = "wasm32")]

use puzzle_lab::page::hooks::store::{Hub, StoreContext};
use puzzle_lab::page::lessons::hanoi::HanoiLesson;
use puzzle_lab::page::state::{Action, Effect, State};
use puzzle_lab::page::worker_client::WorkerEvent;
use puzzle_lab::protocol::{RequestKind, Response, ResponseBody, NO_REQUEST};
use puzzle_lab::worker::solve::solve_request;
use solver::search::{ties, Limits};
use std::cell::RefCell;
use std::rc::{Rc, Weak};
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// The page's store with the worker in this thread.
struct InProcess {
    state: RefCell<Rc<State>>,
    redraw: RefCell<Option<Callback<()>>>,
    me: Weak<InProcess>,
}

impl InProcess {
    fn new() -> Rc<InProcess> {
        Rc::new_cyclic(|me| InProcess {
            state: RefCell::new(Rc::new(State::new_default(1))),
            redraw: RefCell::new(None),
            me: me.clone(),
        })
    }

    /// The reducer, as the app's store runs it; each solve is answered after the current dispatch.
    fn dispatch(&self, action: Action) {
        let mut next = (**self.state.borrow()).clone();
        let update = next.update(action);
        *self.state.borrow_mut() = Rc::new(next);
        if let Some(redraw) = self.redraw.borrow().as_ref() {
            redraw.emit(());
        }
        for effect in update.effects {
            let Effect::Post(request) = effect else {
                continue;
            };
            let RequestKind::Solve {
                query,
                max_states,
                time_limit_ms,
                ..
            } = request.kind
            else {
                continue;
            };
            let me = self.me.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let limits = Limits {
                    max_states,
                    time_limit_ms,
                    ..Limits::default()
                };
                let report =
                    solve_request(&query, limits, None, js_sys::Date::now, |_| {}, || false);
                if let Some(me) = me.upgrade() {
                    me.dispatch(done(request.id, report));
                }
            });
        }
    }
}

fn done(id: u64, report: solver::Report) -> Action {
    Action::from(WorkerEvent::Message(Response {
        id,
        body: ResponseBody::Done { report },
    }))
}

#[derive(Properties)]
struct PageProps {
    lab: Rc<InProcess>,
}

impl PartialEq for PageProps {
    fn eq(&self, other: &PageProps) -> bool {
        Rc::ptr_eq(&self.lab, &other.lab)
    }
}

/// The lesson's "BFS against A*" section alone, on the in-process store.
#[component]
fn LessonSection(props: &PageProps) -> Html {
    let redraw = use_force_update();
    let lab = props.lab.clone();
    *lab.redraw.borrow_mut() = Some(Callback::from(move |_| redraw.force_update()));
    let state = lab.state.borrow().clone();
    let hub = {
        let state = state.clone();
        (*use_memo((), move |_| {
            Hub::new(state, Callback::from(move |action| lab.dispatch(action)))
        }))
        .clone()
    };
    if !Rc::ptr_eq(&hub.state(), &state) {
        hub.keep(state);
        hub.announce();
    }
    html! {
        <ContextProvider<StoreContext> context={StoreContext(hub)}>
            <HanoiLesson only={Some("bfs-astar")} />
        </ContextProvider<StoreContext>>
    }
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |done, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&done, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// The value of the number `name` once the figure has computed it (within 20 s).
async fn shown(root: &Element, name: &str) -> u64 {
    for _ in 0..400 {
        yew::scheduler::flush().await;
        let el = root
            .query_selector(&format!("[data-num='{name}'][data-value]"))
            .unwrap();
        if let Some(value) = el.and_then(|e| e.get_attribute("data-value")) {
            return value.parse().unwrap();
        }
        sleep(50).await;
    }
    panic!("the lesson never showed {name}");
}

/// The figure's own query, from its "Open in the lab" link (`...?QUERY&lang=en`).
fn figure_query(root: &Element) -> String {
    let link = root
        .query_selector("[data-figure='astar']")
        .unwrap()
        .and_then(|side| side.closest("figure").unwrap())
        .and_then(|figure| {
            figure
                .query_selector("[data-testid='open-in-lab']")
                .unwrap()
        })
        .and_then(|a| a.get_attribute("href"))
        .expect("the figure links to the lab");
    let query = link.split_once('?').unwrap().1;
    query.trim_end_matches("&lang=en").to_string()
}

#[wasm_bindgen_test]
async fn the_lessons_numbers_follow_the_engines_tie_breaking() {
    let mut counts = Vec::new();
    for smaller_g_first in [false, true] {
        ties::set_smaller_g_first(smaller_g_first);
        let document = web_sys::window().unwrap().document().unwrap();
        let root = document.create_element("div").unwrap();
        document.body().unwrap().append_child(&root).unwrap();
        let lab = InProcess::new();
        // The worker has loaded: the router sends nothing before.
        lab.dispatch(Action::from(WorkerEvent::Message(Response {
            id: NO_REQUEST,
            body: ResponseBody::Ready,
        })));
        let app = yew::Renderer::<LessonSection>::with_root_and_props(
            root.clone(),
            PageProps { lab: lab.clone() },
        )
        .render();
        let count = shown(&root, "astar-expanded").await;
        let query = figure_query(&root);
        let engine = solve_request(
            &query,
            Limits::default(),
            None,
            js_sys::Date::now,
            |_| {},
            || false,
        );
        assert_eq!(
            count, engine.stats.expanded,
            "the lesson shows {count} expansions, the engine counts {} for {query} (ties to the smaller g: \
             {smaller_g_first})",
            engine.stats.expanded
        );
        counts.push(count);
        app.destroy();
        root.remove();
    }
    ties::set_smaller_g_first(false);
    assert_ne!(
        counts[0], counts[1],
        "A*'s ties sent the other way changed no count, so this test could not tell a computed number from a \
         typed one"
    );
}
