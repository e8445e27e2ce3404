//! Browser tests (headless Chromium via wasm-bindgen-test): components render the test hooks, drags reach the
//! callbacks, the reducer and the URL work in wasm, and the worker protocol is plain JSON that JavaScript reads.
//!
//! Run: `CHROMEDRIVER=/usr/bin/chromedriver cargo test --target wasm32-unknown-unknown --test web`.
#![cfg(target_arch = "wasm32")]

use puzzle_lab::page::app::App;
use puzzle_lab::page::components::board::{Board, BoardProps};
use puzzle_lab::page::components::pegs::{Pegs, PegsProps};
use puzzle_lab::page::components::playback_bar::{PlaybackBar, PlaybackBarProps};
use puzzle_lab::page::components::puzzle_view::PuzzleView;
use puzzle_lab::page::components::status::{StatusLine, StatusProps};
use puzzle_lab::page::components::Interaction;
use puzzle_lab::page::hooks::store::{use_figures, Hub, StoreContext};
use puzzle_lab::page::state::playback::{PlaybackAction, SPEEDS};
use puzzle_lab::page::state::setup::Setup;
use puzzle_lab::page::state::solve::{bound_text, StatusName};
use puzzle_lab::page::state::{Action, Effect, PuzzleAction, PuzzleId, SolveAction, State};
use puzzle_lab::page::worker_client::{resolve, WorkerClient, WORKER_SCRIPT};
use puzzle_lab::page::{url, worker_client::WorkerEvent};
use puzzle_lab::protocol::{Failure, Request, RequestKind, Response, ResponseBody};
use solver::hanoi::HanoiMove;
use solver::query::PuzzleSpec;
use solver::{Moves, Report, Status};
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, PointerEvent, PointerEventInit};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh, visible root for one test.
fn root() -> Element {
    let document = gloo::utils::document();
    let div = document.create_element("div").unwrap();
    div.set_attribute("style", "width: 400px; position: relative")
        .unwrap();
    document.body().unwrap().append_child(&div).unwrap();
    div
}

fn by_testid(root: &Element, id: &str) -> Element {
    root.query_selector(&format!("[data-testid='{id}']"))
        .unwrap()
        .unwrap_or_else(|| panic!("no element with data-testid={id}"))
}

fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

fn pointer(kind: &str, x: f64, y: f64) -> PointerEvent {
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_cancelable(true);
    init.set_pointer_id(7);
    init.set_pointer_type("mouse");
    init.set_button(0);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    PointerEvent::new_with_event_init_dict(kind, &init).unwrap()
}

/// The centre of an element in viewport coordinates.
fn centre(el: &Element) -> (f64, f64) {
    let r = el.get_bounding_client_rect();
    (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0)
}

/// Renders a board with `props` into a fresh root, and returns the root once drawn.
async fn render_board(props: BoardProps) -> Element {
    let root = root();
    yew::Renderer::<Board>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    root
}

fn board_props(
    tiles: &[u8],
    interaction: Interaction,
    swaps: Rc<RefCell<Vec<(usize, usize)>>>,
    slides: Rc<RefCell<Vec<usize>>>,
) -> BoardProps {
    BoardProps {
        width: 3,
        height: 2,
        tiles: tiles.into(),
        goal: vec![1, 2, 3, 4, 5, 0].into(),
        interaction,
        step_ms: 0,
        label: "Start".into(),
        on_swap: Callback::from(move |pair| swaps.borrow_mut().push(pair)),
        on_slide: Callback::from(move |cell| slides.borrow_mut().push(cell)),
        hinted: None,
        groups: None,
    }
}

#[wasm_bindgen_test]
async fn the_hinted_tile_is_highlighted_and_only_while_hinted() {
    // Blank in cell 4; the hint slides tile 1 (cell 1) down.
    let props = BoardProps {
        hinted: Some(1),
        ..board_props(
            &[4, 1, 2, 5, 0, 3],
            Interaction::HandPlay,
            Default::default(),
            Default::default(),
        )
    };
    let root = render_board(props).await;
    assert_eq!(count(&root, "[data-hinted='true']"), 1);
    let tile = by_testid(&root, "tile-1");
    assert!(tile.class_list().contains("hinted"));
    assert_eq!(
        tile.get_attribute("aria-describedby").as_deref(),
        Some(puzzle_lab::page::components::HINT_TEXT_ID)
    );
    let props = board_props(
        &[4, 1, 2, 5, 0, 3],
        Interaction::HandPlay,
        Default::default(),
        Default::default(),
    );
    let root = render_board(props).await;
    assert_eq!(
        count(&root, "[data-hinted='true'], .hinted, [aria-describedby]"),
        0
    );
}

#[wasm_bindgen_test]
async fn the_board_carries_its_test_hooks() {
    let props = board_props(
        &[4, 1, 2, 5, 0, 3],
        Interaction::Edit,
        Default::default(),
        Default::default(),
    );
    let root = render_board(props).await;
    let board = by_testid(&root, "board");
    assert_eq!(board.get_attribute("data-size").as_deref(), Some("3x2"));
    assert_eq!(
        board.get_attribute("data-tiles").as_deref(),
        Some("4,1,2,5,0,3")
    );
    assert_eq!(count(&root, "[data-testid^='tile-']"), 6);
    // Tile 5 sits in cell 3 (row 1, column 0): moved by a transform, not by its place in the DOM.
    let style = by_testid(&root, "tile-5")
        .get_attribute("style")
        .unwrap_or_default();
    assert!(style.contains("translate(0%, 100%)"), "{style}");
    let style = by_testid(&root, "tile-3")
        .get_attribute("style")
        .unwrap_or_default();
    assert!(style.contains("translate(200%, 100%)"), "{style}");
    // The grid takes touch drags itself.
    let touch = web_sys::window()
        .unwrap()
        .get_computed_style(&board)
        .unwrap()
        .unwrap();
    assert!(touch.get_property_value("touch-action").is_ok());
}

#[wasm_bindgen_test]
async fn dragging_a_tile_onto_a_cell_swaps_them_in_set_up() {
    let swaps = Rc::new(RefCell::new(Vec::new()));
    let props = board_props(
        &[4, 1, 2, 5, 0, 3],
        Interaction::Edit,
        swaps.clone(),
        Default::default(),
    );
    let root = render_board(props).await;
    // Without the stylesheet the board has no size: give it one so cells have coordinates.
    let board: HtmlElement = by_testid(&root, "board").dyn_into().unwrap();
    board
        .set_attribute("style", "position: relative; width: 300px; height: 200px")
        .unwrap();
    let tile = by_testid(&root, "tile-4");
    tile.set_attribute(
        "style",
        "position: absolute; left: 0; top: 0; width: 100px; height: 100px",
    )
    .unwrap();
    let (x, y) = centre(&tile);
    tile.dispatch_event(&pointer("pointerdown", x, y)).unwrap();
    yew::scheduler::flush().await;
    let r = board.get_bounding_client_rect();
    // Into the last cell (row 1, column 2).
    let (tx, ty) = (r.left() + 250.0, r.top() + 150.0);
    board
        .dispatch_event(&pointer("pointermove", tx, ty))
        .unwrap();
    yew::scheduler::flush().await;
    board.dispatch_event(&pointer("pointerup", tx, ty)).unwrap();
    yew::scheduler::flush().await;
    assert_eq!(*swaps.borrow(), vec![(0, 5)]);
}

#[wasm_bindgen_test]
async fn a_tap_next_to_the_blank_slides_in_play() {
    let slides = Rc::new(RefCell::new(Vec::new()));
    let props = board_props(
        &[4, 1, 2, 5, 0, 3],
        Interaction::HandPlay,
        Default::default(),
        slides.clone(),
    );
    let root = render_board(props).await;
    let board = by_testid(&root, "board");
    board
        .set_attribute("style", "position: relative; width: 300px; height: 200px")
        .unwrap();
    for (tile, cell) in [("tile-2", 2usize), ("tile-5", 3)] {
        let el = by_testid(&root, tile);
        let (x, y) = centre(&el);
        el.dispatch_event(&pointer("pointerdown", x, y)).unwrap();
        yew::scheduler::flush().await;
        board.dispatch_event(&pointer("pointerup", x, y)).unwrap();
        yew::scheduler::flush().await;
        let _ = cell;
    }
    // Tile 2 (cell 2) is not next to the blank (cell 4): only tile 5 (cell 3) slides.
    assert_eq!(*slides.borrow(), vec![3]);
    assert!(by_testid(&root, "tile-5").class_list().contains("movable"));
    assert!(!by_testid(&root, "tile-2").class_list().contains("movable"));
}

#[wasm_bindgen_test]
async fn the_pegs_show_each_disk_on_its_peg() {
    let root = root();
    let moves = Rc::new(RefCell::new(Vec::<HanoiMove>::new()));
    let props = PegsProps {
        pegs: 4,
        position: vec![0, 0, 1, 3].into(),
        goal: vec![3, 3, 3, 3].into(),
        interaction: Interaction::HandPlay,
        step_ms: 0,
        label: "Start".into(),
        on_place: Callback::noop(),
        on_move: {
            let moves = moves.clone();
            Callback::from(move |mv| moves.borrow_mut().push(mv))
        },
        hinted: None,
    };
    yew::Renderer::<Pegs>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let pegs = by_testid(&root, "pegs");
    assert_eq!(pegs.get_attribute("data-state").as_deref(), Some("0,0,1,3"));
    assert_eq!(count(&root, "[data-testid^='peg-']"), 4);
    assert_eq!(count(&root, "[data-testid^='disk-']"), 4);
    assert_eq!(
        by_testid(&root, "disk-2")
            .get_attribute("data-peg")
            .as_deref(),
        Some("1")
    );
    assert_eq!(
        by_testid(&root, "peg-3").text_content().as_deref(),
        Some("D")
    );
    // In play only the top disk of a peg may be taken: disk 0 on A, not disk 1 under it.
    assert!(by_testid(&root, "disk-0").class_list().contains("movable"));
    assert!(!by_testid(&root, "disk-1").class_list().contains("movable"));
}

#[wasm_bindgen_test]
async fn status_and_player_expose_their_hooks() {
    let root = root();
    let props = StatusProps {
        status: StatusName::Solved,
        progress: None,
        waiting: false,
        length: Some(31),
        bound: Some(bound_text(31, 29)),
        message: None,
        share_link: None,
        tables_build: None,
        dismissable: false,
        on_dismiss: Callback::noop(),
    };
    yew::Renderer::<StatusLine>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    assert_eq!(
        by_testid(&root, "status")
            .get_attribute("data-status")
            .as_deref(),
        Some("solved")
    );
    assert_eq!(
        by_testid(&root, "solution-length")
            .text_content()
            .as_deref(),
        Some("31")
    );
    assert_eq!(
        by_testid(&root, "solution-bound").text_content().as_deref(),
        Some("At most 7% longer than the shortest (lower bound 29 moves).")
    );

    let root = root_player();
    yew::scheduler::flush().await;
    let speed = by_testid(&root, "speed");
    assert_eq!(speed.get_attribute("type").as_deref(), Some("range"));
    assert_eq!(speed.get_attribute("max"), Some(SPEEDS.len().to_string()));
    assert!(
        by_testid(&root, "play").has_attribute("disabled"),
        "nothing to play yet"
    );
}

#[wasm_bindgen_test]
async fn a_solve_waiting_behind_a_compare_pair_says_so() {
    let root = root();
    let props = StatusProps {
        status: StatusName::Solving,
        progress: Some(Default::default()),
        waiting: true,
        length: None,
        bound: None,
        message: None,
        share_link: None,
        tables_build: None,
        dismissable: false,
        on_dismiss: Callback::noop(),
    };
    yew::Renderer::<StatusLine>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let progress = by_testid(&root, "progress")
        .text_content()
        .unwrap_or_default();
    assert!(progress.contains("compare run"), "{progress}");
}

fn root_player() -> Element {
    let root = root();
    let props = PlaybackBarProps {
        position: None,
        playing: false,
        speed: 3,
        on_toggle: Callback::noop(),
        on_step_back: Callback::noop(),
        on_step_forward: Callback::noop(),
        on_seek: Callback::noop(),
        on_speed: Callback::noop(),
        waiting: None,
        on_show_waiting: Callback::noop(),
    };
    yew::Renderer::<PlaybackBar>::with_root_and_props(root.clone(), props).render();
    root
}

#[wasm_bindgen_test]
async fn player_renders_after_flush() {
    let root = root_player();
    yew::scheduler::flush().await;
    assert!(root
        .query_selector("[data-testid='step-forward']")
        .unwrap()
        .is_some());
}

#[wasm_bindgen_test]
fn the_reducer_runs_a_solve_in_wasm() {
    let mut s = State::from_search("puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2&algo=bfs", 1);
    // The worker has loaded: the router sends nothing before.
    s.update(Action::from(WorkerEvent::Message(Response {
        id: 0,
        body: ResponseBody::Ready,
    })));
    let update = s.update(SolveAction::Solve);
    let id = update
        .effects
        .iter()
        .find_map(|e| match e {
            Effect::Post(r) => Some(r.id),
            Effect::ReplaceWorker => None,
        })
        .unwrap();
    let report = Report {
        optimal: true,
        ..Report::new(
            Status::Solved,
            solver::Algorithm::Bfs,
            Moves::Hanoi(vec![[0, 1], [0, 2], [1, 2]]),
            3,
            solver::report::Said::Solved { length: 3 },
        )
    };
    s.update(Action::from(WorkerEvent::Message(Response {
        id,
        body: ResponseBody::Done { report },
    })));
    assert_eq!(s.status(), StatusName::Solved);
    s.update(PlaybackAction::Seek(3));
    assert_eq!(s.shown(), &[2, 2]);
}

#[wasm_bindgen_test]
fn the_url_round_trips_through_the_address_bar() {
    let before = url::current_search();
    let s = State::from_search(
        "puzzle=sliding&size=2x3&start=1,2,3,4,0,5&goal=1,2,3,4,5,0&algo=bfs&heuristic=misplaced",
        1,
    );
    url::replace(&s.query_string());
    let restored = State::from_search(&url::current_search(), 2);
    assert_eq!(restored.lab.setup.puzzle, s.lab.setup.puzzle);
    assert_eq!(
        (restored.lab.setup.algorithm, restored.lab.setup.heuristic),
        (s.lab.setup.algorithm, s.lab.setup.heuristic)
    );
    url::replace(before.trim_start_matches('?'));
}

#[wasm_bindgen_test]
fn protocol_messages_are_json_that_javascript_reads() {
    let request = Request {
        id: 42,
        kind: RequestKind::Solve {
            query: "puzzle=sliding&size=2x2&start=1,2,0,3".into(),
            max_states: 1000,
            time_limit_ms: Some(500),
            max_depth: None,
            cancel_token: None,
            trace: false,
            quick_tables: false,
        },
    };
    let parsed = js_sys::JSON::parse(&request.to_json()).unwrap();
    let id = js_sys::Reflect::get(&parsed, &"id".into()).unwrap();
    assert_eq!(id.as_f64(), Some(42.0));
    // A reply written by JavaScript (as the boot script does on a load failure) decodes.
    let js_reply = r#"{"id":0,"body":{"Error":{"failure":{"NotLoaded":{"detail":"404"}}}}}"#;
    let reply = Response::from_json(js_reply).unwrap();
    assert!(matches!(
        reply.body,
        ResponseBody::Error { failure: Failure::NotLoaded { ref detail } } if detail == "404"
    ));
}

#[wasm_bindgen_test]
fn the_worker_url_follows_the_base_path() {
    let url = resolve("https://example.test/puzzle-lab/index.html").unwrap();
    assert!(
        url.starts_with(&format!(
            "https://example.test/puzzle-lab/{WORKER_SCRIPT}?v="
        )),
        "{url}"
    );
}

#[wasm_bindgen_test]
async fn the_whole_app_mounts_and_shuffles() {
    let root = root();
    yew::Renderer::<App>::with_root(root.clone()).render();
    yew::scheduler::flush().await;
    let board = by_testid(&root, "board");
    assert_eq!(board.get_attribute("data-size").as_deref(), Some("3x3"));
    assert_eq!(
        by_testid(&root, "status")
            .get_attribute("data-status")
            .as_deref(),
        Some("idle")
    );
    for id in [
        "solve",
        "cancel",
        "shuffle",
        "share",
        "play",
        "step-forward",
        "step-back",
        "speed",
        "algorithm",
        "heuristic",
        "puzzle-kind",
        "size",
        "mode-play",
        "mode-setup",
        "edit-goal",
        "scramble",
    ] {
        by_testid(&root, id);
    }
    let before = board.get_attribute("data-tiles");
    let shuffle: HtmlElement = by_testid(&root, "shuffle").dyn_into().unwrap();
    // Twenty shuffles all equal to the first arrangement would be a broken shuffle (odds 1 in 181,440^20).
    let mut changed = false;
    for _ in 0..20 {
        shuffle.click();
        yew::scheduler::flush().await;
        changed |= board.get_attribute("data-tiles") != before;
    }
    assert!(changed);
    assert!(url::current_search().contains(&board.get_attribute("data-tiles").unwrap()));
    root.set_inner_html("");
}

/// A worker from inline JavaScript, to drive the client through its protocol.
fn blob_worker(js: &str) -> String {
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(js));
    let bag = web_sys::BlobPropertyBag::new();
    bag.set_type("text/javascript");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &bag).unwrap();
    web_sys::Url::create_object_url_with_blob(&blob).unwrap()
}

async fn sleep(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

/// Waits up to 5 s for `n` events.
async fn wait_for(events: &Rc<RefCell<Vec<WorkerEvent>>>, n: usize) {
    for _ in 0..100 {
        if events.borrow().len() >= n {
            return;
        }
        sleep(50).await;
    }
    panic!("expected {n} worker events, got {:?}", events.borrow());
}

fn solve_request(id: u64) -> Request {
    Request {
        id,
        kind: RequestKind::Solve {
            query: format!("q{id}"),
            max_states: 10,
            time_limit_ms: None,
            max_depth: None,
            cancel_token: None,
            trace: false,
            quick_tables: false,
        },
    }
}

fn recorder() -> (
    Rc<RefCell<Vec<WorkerEvent>>>,
    impl Fn(WorkerEvent) + 'static,
) {
    let events = Rc::new(RefCell::new(Vec::new()));
    let sink = events.clone();
    (events, move |e| sink.borrow_mut().push(e))
}

#[wasm_bindgen_test]
async fn replies_arrive_in_order_after_ready() {
    // Says Ready only after a while, then answers each request with a progress and an error echoing its query.
    let url = blob_worker(
        r#"setTimeout(() => postMessage(JSON.stringify({ id: 0, body: "Ready" })), 100);
           onmessage = (e) => {
             const r = JSON.parse(e.data);
             postMessage(JSON.stringify({ id: r.id, body: { Progress: { expanded: 1, generated: 2, elapsed_ms: 3 } } }));
             postMessage(JSON.stringify({ id: r.id, body: { Error: { failure: { Unreachable: { detail: "echo " + r.kind.Solve.query } } } } }));
           };"#,
    );
    let (events, sink) = recorder();
    let client = WorkerClient::spawn_at(url, sink).unwrap();
    wait_for(&events, 1).await;
    client.post(&solve_request(5)).unwrap();
    wait_for(&events, 3).await;
    let events = events.borrow();
    assert!(matches!(
        &events[0],
        WorkerEvent::Message(Response {
            id: 0,
            body: ResponseBody::Ready
        })
    ));
    assert!(matches!(
        &events[1],
        WorkerEvent::Message(Response {
            id: 5,
            body: ResponseBody::Progress { expanded: 1, .. }
        })
    ));
    assert!(
        matches!(&events[2], WorkerEvent::Message(Response { id: 5, body: ResponseBody::Error { failure: Failure::Unreachable { detail } } }) if detail == "echo q5")
    );
}

#[wasm_bindgen_test]
async fn a_crashing_worker_is_reported_and_a_fresh_client_is_a_fresh_worker() {
    let url = blob_worker(
        r#"postMessage(JSON.stringify({ id: 0, body: "Ready" }));
           onmessage = () => { throw new Error("RuntimeError: unreachable"); };"#,
    );
    let (events, sink) = recorder();
    let client = WorkerClient::spawn_at(url.clone(), sink).unwrap();
    wait_for(&events, 1).await;
    client.post(&solve_request(1)).unwrap();
    wait_for(&events, 2).await;
    assert!(
        matches!(&events.borrow()[1], WorkerEvent::Crashed(why) if why.contains("unreachable")),
        "{:?}",
        events.borrow()
    );
    // The router replaces it (the store drops the client and starts another): a fresh worker says Ready, takes the
    // request, and crashes again.
    drop(client);
    let (fresh, sink) = recorder();
    let client = WorkerClient::spawn_at(url, sink).unwrap();
    wait_for(&fresh, 1).await;
    client.post(&solve_request(2)).unwrap();
    wait_for(&fresh, 2).await;
    assert!(matches!(
        &fresh.borrow()[0],
        WorkerEvent::Message(Response {
            body: ResponseBody::Ready,
            ..
        })
    ));
    assert!(matches!(&fresh.borrow()[1], WorkerEvent::Crashed(_)));
    assert_eq!(
        events.borrow().len(),
        2,
        "the dropped client heard nothing more"
    );
}

#[wasm_bindgen_test]
async fn an_unreadable_reply_is_a_crash_that_says_so() {
    let url = blob_worker(r#"postMessage("not json");"#);
    let (events, sink) = recorder();
    let _client = WorkerClient::spawn_at(url, sink).unwrap();
    wait_for(&events, 1).await;
    assert!(
        matches!(&events.borrow()[0], WorkerEvent::Crashed(why) if why.contains("could not be read")),
        "{:?}",
        events.borrow()
    );
}

#[wasm_bindgen_test]
async fn dropping_the_client_terminates_its_worker() {
    // The worker would answer every 20 ms forever; after the drop nothing more may arrive.
    let url = blob_worker(
        r#"postMessage(JSON.stringify({ id: 0, body: "Ready" }));
           setInterval(() => postMessage(JSON.stringify({ id: 9, body: { Progress: { expanded: 0, generated: 0, elapsed_ms: 0 } } })), 20);"#,
    );
    let (events, sink) = recorder();
    let client = WorkerClient::spawn_at(url, sink).unwrap();
    wait_for(&events, 2).await;
    drop(client);
    let heard = events.borrow().len();
    sleep(200).await;
    assert_eq!(events.borrow().len(), heard);
}

#[wasm_bindgen_test]
async fn each_solve_carries_a_cancel_token_that_lives_until_its_answer() {
    let report = Report {
        optimal: true,
        ..Report::new(
            Status::Solved,
            solver::Algorithm::Bfs,
            Moves::Sliding(String::new()),
            0,
            solver::report::Said::Solved { length: 0 },
        )
    };
    let report_json = serde_json::to_string(&report).unwrap();
    // Reports whether the token is alive (expanded 1 or 0), answers, then polls the token and says 99 once it is gone.
    let url = blob_worker(&format!(
        r#"postMessage(JSON.stringify({{ id: 0, body: "Ready" }}));
           function alive(url) {{
             try {{ const x = new XMLHttpRequest(); x.open("GET", url, false); x.send(); return true; }} catch (e) {{ return false; }}
           }}
           onmessage = (e) => {{
             const r = JSON.parse(e.data);
             const url = r.kind.Solve.cancel_token;
             const say = (n) => postMessage(JSON.stringify({{ id: r.id, body: {{ Progress: {{ expanded: n, generated: 0, elapsed_ms: 0 }} }} }}));
             say(url && alive(url) ? 1 : 0);
             postMessage(JSON.stringify({{ id: r.id, body: {{ Done: {{ report: {report_json} }} }} }}));
             const timer = setInterval(() => {{ if (!alive(url)) {{ clearInterval(timer); say(99); }} }}, 20);
           }};"#
    ));
    let (events, sink) = recorder();
    let client = WorkerClient::spawn_at(url, sink).unwrap();
    wait_for(&events, 1).await;
    client.post(&solve_request(3)).unwrap();
    wait_for(&events, 4).await;
    let expanded = |i: usize| match &events.borrow()[i] {
        WorkerEvent::Message(Response {
            body: ResponseBody::Progress { expanded, .. },
            ..
        }) => *expanded,
        other => panic!("expected progress, got {other:?}"),
    };
    assert_eq!(expanded(1), 1, "the token is alive while the request runs");
    assert!(matches!(
        &events.borrow()[2],
        WorkerEvent::Message(Response {
            id: 3,
            body: ResponseBody::Done { .. }
        })
    ));
    assert_eq!(
        expanded(3),
        99,
        "the token is revoked once the request is answered"
    );
}

/// Two figures beside each other, from a store whose dispatch records the actions the parts send.
#[derive(Properties, PartialEq)]
struct TwoFiguresProps {
    state: Rc<State>,
    dispatch: Callback<Action>,
}

#[component]
fn TwoFigures(props: &TwoFiguresProps) -> Html {
    let hub = {
        let (state, dispatch) = (props.state.clone(), props.dispatch.clone());
        (*use_memo((), move |_| Hub::new(state, dispatch))).clone()
    };
    if !Rc::ptr_eq(&hub.state(), &props.state) {
        hub.keep(props.state.clone());
        hub.announce();
    }
    html! {
        <ContextProvider<StoreContext> context={StoreContext(hub)}>
            <PuzzleView id={PuzzleId::Figure(1)} />
            <PuzzleView id={PuzzleId::Figure(2)} />
        </ContextProvider<StoreContext>>
    }
}

#[wasm_bindgen_test]
async fn two_instances_of_the_puzzle_view_each_show_their_own_puzzle_and_send_to_it() {
    let board = Setup::with_puzzle(PuzzleSpec::Sliding {
        width: 3,
        height: 2,
        start: vec![4, 1, 2, 5, 0, 3],
        goal: vec![1, 2, 3, 4, 5, 0],
    });
    let tower = Setup::with_puzzle(PuzzleSpec::Hanoi {
        pegs: 3,
        disks: 3,
        start: vec![0, 0, 1],
        goal: vec![2, 2, 2],
    });
    let mut state = State::new_default(1);
    state.update(Action::AddFigure(1, Box::new(board)));
    state.update(Action::AddFigure(2, Box::new(tower)));
    let sent = Rc::new(RefCell::new(Vec::new()));
    let props = TwoFiguresProps {
        state: Rc::new(state),
        dispatch: {
            let sent = sent.clone();
            Callback::from(move |action| sent.borrow_mut().push(action))
        },
    };
    let root = root();
    yew::Renderer::<TwoFigures>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let figure = |number: &str| {
        root.query_selector(&format!("[data-puzzle='{number}']"))
            .unwrap()
            .unwrap_or_else(|| panic!("no figure {number}"))
    };
    let (first, second) = (figure("1"), figure("2"));
    assert_eq!(count(&root, "[data-testid='board']"), 1);
    assert_eq!(count(&root, "[data-testid='pegs']"), 1);
    let board = by_testid(&first, "board");
    assert_eq!(
        board.get_attribute("data-tiles").as_deref(),
        Some("4,1,2,5,0,3")
    );
    let pegs = by_testid(&second, "pegs");
    assert_eq!(pegs.get_attribute("data-state").as_deref(), Some("0,0,1"));
    // Each figure has its own playback and solve controls, and each sends to its own instance.
    for (figure, id) in [
        (&first, PuzzleId::Figure(1)),
        (&second, PuzzleId::Figure(2)),
    ] {
        by_testid(figure, "player");
        by_testid(figure, "solve")
            .dyn_into::<HtmlElement>()
            .unwrap()
            .click();
        assert_eq!(
            sent.borrow().last(),
            Some(&Action::Puzzle(id, PuzzleAction::Solve(SolveAction::Solve)))
        );
    }
    assert_eq!(sent.borrow().len(), 2);
}

#[derive(Properties, PartialEq)]
struct CountedProps {
    hub: StoreContext,
    /// How many times the part has been drawn.
    drawn: Rc<Cell<u32>>,
}

/// A part drawn from figure 1 only, counting its drawings, under the hub it is given.
#[component]
fn FigureOnePart(props: &CountedProps) -> Html {
    html! {
        <ContextProvider<StoreContext> context={props.hub.clone()}>
            <FigureOne drawn={props.drawn.clone()} />
        </ContextProvider<StoreContext>>
    }
}

#[derive(Properties, PartialEq)]
struct DrawnProps {
    drawn: Rc<Cell<u32>>,
}

#[component]
fn FigureOne(props: &DrawnProps) -> Html {
    let store = use_figures(&[1]);
    props.drawn.set(props.drawn.get() + 1);
    let start = store
        .and_then(|s| {
            s.state
                .puzzle(PuzzleId::Figure(1))
                .map(|p| p.setup.puzzle.start().to_vec())
        })
        .unwrap_or_default();
    html! { <p data-testid="figure-one">{ format!("{start:?}") }</p> }
}

#[wasm_bindgen_test]
async fn a_part_drawn_from_one_figure_is_drawn_again_only_when_that_figure_changes() {
    let board = |start: [u8; 6]| {
        Box::new(Setup::with_puzzle(PuzzleSpec::Sliding {
            width: 3,
            height: 2,
            start: start.to_vec(),
            goal: vec![1, 2, 3, 4, 5, 0],
        }))
    };
    let mut state = State::new_default(1);
    state.update(Action::AddFigure(1, board([1, 2, 3, 4, 0, 5])));
    state.update(Action::AddFigure(2, board([1, 2, 3, 0, 4, 5])));
    let hub = Hub::new(Rc::new(state), Callback::noop());
    let drawn = Rc::new(Cell::new(0));
    let root = root();
    let props = CountedProps {
        hub: StoreContext(hub.clone()),
        drawn: drawn.clone(),
    };
    yew::Renderer::<FigureOnePart>::with_root_and_props(root.clone(), props).render();
    yew::scheduler::flush().await;
    let text = || {
        by_testid(&root, "figure-one")
            .text_content()
            .unwrap_or_default()
    };
    assert_eq!(text(), "[1, 2, 3, 4, 0, 5]");
    let mounted = drawn.get();
    let change = |action: Action| {
        let mut next = (*hub.state()).clone();
        assert!(next.update(action).changed);
        hub.keep(Rc::new(next));
        hub.announce();
    };
    change(Action::AddFigure(2, board([4, 1, 2, 5, 0, 3])));
    yew::scheduler::flush().await;
    assert_eq!(
        drawn.get(),
        mounted,
        "figure 2 changed, and the part of figure 1 was drawn again"
    );
    change(Action::AddFigure(1, board([4, 1, 2, 5, 0, 3])));
    yew::scheduler::flush().await;
    assert_eq!(drawn.get(), mounted + 1);
    assert_eq!(text(), "[4, 1, 2, 5, 0, 3]");
}
