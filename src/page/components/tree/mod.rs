//! The search tree of the traced run, drawn as SVG: every node the real engine generated up to the stepper's step,
//! with g, h and f, the expansion order, the solution path, and duplicates and pruned children marked; IDA* one
//! iteration at a time with its threshold. It moves with the stepper (the state's `stepping` cursor): a click on a
//! node moves the stepper there (in the exercise, it is the learner's pick), and a step highlights its node.
//! Pan by dragging, zoom with the buttons; by keyboard: arrows step (Up: the parent, Down: the first expanded
//! child), + and - zoom, 0 resets the view, and each node drawn is a Tab stop that Enter or Space picks. Only the
//! nodes in view are drawn; the drawing follows the window's width.

use crate::page::components::export_menu::ExportImage;
use crate::page::i18n::{fill, use_lang, Lang, Msg};
use crate::page::state::exercise::{Exercise, ExerciseAction};
use crate::page::state::stepping::StepAction;
use crate::page::state::Action;
use crate::protocol::TREE_MAX_EXPANSIONS;
use gloo::events::EventListener;
use solver::search::trace::Trace;
use solver::search::tree::{NodeKind, SearchTree, TreeNode};
use solver::search::Direction;
use std::rc::Rc;
use layout::{layout, TreeLayout};
use yew::prelude::*;

mod layout;

/// Pixels between columns and between levels, at zoom 1.
const COLUMN: f64 = 30.0;
const LEVEL: f64 = 54.0;
const RADIUS: f64 = 11.0;
/// The drawing's height in pixels; its width is the card's.
const HEIGHT: f64 = 340.0;
const MIN_ZOOM: f64 = 0.1;
const MAX_ZOOM: f64 = 3.0;

#[derive(Properties, PartialEq)]
pub struct SearchTreeProps {
    pub trace: Rc<Trace>,
    /// The stepper's cursor.
    pub at: Option<usize>,
    pub exercise: Exercise,
    pub dispatch: Callback<Action>,
}

/// What part of the drawing is in view: its centre (in pixels at zoom 1) and the zoom.
#[derive(Debug, Clone, Copy, PartialEq)]
struct View {
    cx: f64,
    cy: f64,
    zoom: f64,
}

/// A pan in progress: where the pointer went down, and the view's centre then.
#[derive(Debug, Clone, Copy, Default)]
struct Drag {
    from: Option<(f64, f64, f64, f64)>,
}

/// The tree's card: the drawing, or why a run this large has none.
#[component]
pub fn SearchTreePanel(props: &SearchTreeProps) -> Html {
    let lang = use_lang();
    if props.trace.tree.is_some() {
        return html! {
            <TreeDrawing trace={props.trace.clone()} at={props.at} exercise={props.exercise.clone()}
                dispatch={props.dispatch.clone()} />
        };
    }
    html! {
        <div class="card tree-card" data-testid="tree-card">
            <h3>{ lang.t(Msg::TreeTitle) }</h3>
            <p class="muted" data-testid="tree-too-large">
                { fill(lang.t(Msg::TreeTooLarge), &[&too_large_count(&props.trace), &TREE_MAX_EXPANSIONS]) }
            </p>
        </div>
    }
}

/// The drawing of a run's tree (`trace.tree` is there).
#[component]
fn TreeDrawing(props: &SearchTreeProps) -> Html {
    let lang = use_lang();
    let trace = &props.trace;
    let total = trace.expanded.len();
    let empty = SearchTree::default();
    let tree = trace.tree.as_deref().unwrap_or(&empty);
    let places = {
        let trace = trace.clone();
        use_memo(Rc::as_ptr(&trace) as usize, move |_| {
            trace.tree.as_deref().map(layout).unwrap_or(TreeLayout {
                x: Vec::new(),
                y: Vec::new(),
                children: Vec::new(),
            })
        })
    };
    let at = props.at.unwrap_or(total).min(total);
    let current = at.checked_sub(1).and_then(|i| tree.steps.get(i)).copied();
    // IDA*: the iteration of the current step (the first before any).
    let iteration = current.map_or(0, |id| tree.nodes[id as usize].iteration);
    let focus = current.or_else(|| {
        tree.nodes
            .iter()
            .position(|n| n.iteration == iteration)
            .map(|i| i as u32)
    });
    let width = use_state_eq(|| 640.0f64);
    let view = use_state_eq(|| View {
        cx: 0.0,
        cy: 0.0,
        zoom: 1.0,
    });
    {
        // Each step (and each new run) brings its node into view.
        let (view, places) = (view.clone(), places.clone());
        let key = (at, Rc::as_ptr(trace) as usize);
        use_effect_with(key, move |_| {
            if let Some(id) = focus {
                let zoom = view.zoom;
                view.set(View {
                    cx: places.x[id as usize] * COLUMN,
                    // A level below the middle: the ancestors above it stay in view.
                    cy: places.y[id as usize] * LEVEL - LEVEL,
                    zoom,
                });
            }
        });
    }
    let svg_ref = use_node_ref();
    {
        // The drawing is as wide as its card: measured after each redraw, and when the window changes size.
        let measure = {
            let (svg_ref, width) = (svg_ref.clone(), width.clone());
            move || {
                if let Some(el) = svg_ref.cast::<web_sys::Element>() {
                    let w = f64::from(el.client_width());
                    if w > 0.0 {
                        width.set(w);
                    }
                }
            }
        };
        let on_resize = measure.clone();
        use_effect(measure);
        use_effect_with((), move |_| {
            let listener = web_sys::window()
                .map(|window| EventListener::new(&window, "resize", move |_| on_resize()));
            move || drop(listener)
        });
    }
    let drag = use_mut_ref(Drag::default);
    let v = *view;
    let (w, h) = (*width / v.zoom, HEIGHT / v.zoom);
    let (left, top) = (v.cx - w / 2.0, v.cy - h / 2.0);
    let in_view = |id: usize| {
        let (x, y) = (places.x[id] * COLUMN, places.y[id] * LEVEL);
        x >= left - COLUMN && x <= left + w + COLUMN && y >= top - LEVEL && y <= top + h + LEVEL
    };
    let finished = props.at.is_none() || at == total;
    let on_path: Vec<bool> = {
        let mut marks = vec![false; tree.nodes.len()];
        if finished {
            for &id in &tree.path {
                marks[id as usize] = true;
            }
        }
        marks
    };
    let verdict = props
        .exercise
        .verdict
        .as_ref()
        .filter(|v| v.position + 1 >= at && v.position <= at);
    let picking = props.exercise.active;
    let mut edges = Vec::new();
    let mut nodes = Vec::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        if !node.exists_at(at) || node.iteration != iteration || !in_view(id) {
            continue;
        }
        let (x, y) = (places.x[id] * COLUMN, places.y[id] * LEVEL);
        if let Some(parent) = node.parent {
            let (px, py) = (
                places.x[parent as usize] * COLUMN,
                places.y[parent as usize] * LEVEL,
            );
            let class = classes!(
                "tree-edge",
                (!shown_kind(node, at).enters_open()).then_some("dropped"),
                on_path[id].then_some("on-path")
            );
            edges.push(html! {
                <line key={id} class={class} x1={fmt(px)} y1={fmt(py + RADIUS)} x2={fmt(x)} y2={fmt(y - RADIUS)} />
            });
        }
        let state = node_state(node, at);
        let kind = shown_kind(node, at);
        let class = classes!(
            "tree-node",
            kind_class(kind),
            state,
            (current == Some(id as u32)).then_some("current"),
            on_path[id].then_some("on-path"),
            verdict.filter(|v| v.answer == id as u32).map(|_| "answer"),
            verdict
                .filter(|v| v.picked == id as u32 && !v.right())
                .map(|_| "wrong-pick"),
            node.direction
                .eq(&Direction::Backward)
                .then_some("backward"),
        );
        let label = node_label(lang, id, node);
        let pick = Action::Step(if picking {
            StepAction::Exercise(ExerciseAction::Pick(id as u32))
        } else {
            StepAction::ShowNode(id as u32)
        });
        let onclick = {
            let pick = pick.clone();
            props.dispatch.reform(move |_: MouseEvent| pick.clone())
        };
        // Enter or Space on a focused node does what a click does.
        let onkeydown = {
            let dispatch = props.dispatch.clone();
            Callback::from(move |e: KeyboardEvent| {
                if matches!(e.key().as_str(), "Enter" | " ") {
                    e.prevent_default();
                    e.stop_propagation();
                    dispatch.emit(pick.clone());
                }
            })
        };
        let number = node.f().unwrap_or(node.g);
        nodes.push(html! {
            <g key={id} class={class} transform={format!("translate({} {})", fmt(x), fmt(y))} data-testid="tree-node"
                data-node={id.to_string()} data-state={state} data-kind={kind_name(kind)}
                data-parent={node.parent.map(|p| p.to_string())}
                data-expanded={node.expanded.map(|s| s.to_string())} data-g={node.g.to_string()}
                data-h={node.h.map(|h| h.to_string())} tabindex="0" role="button" aria-label={label.clone()}
                {onclick} {onkeydown}>
                <title>{ label }</title>
                <circle r={fmt(RADIUS)} />
                <text dy="4">{ number }</text>
            </g>
        });
    }
    let zoom_by = |factor: f64| {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| {
            let v = *view;
            view.set(View {
                zoom: (v.zoom * factor).clamp(MIN_ZOOM, MAX_ZOOM),
                ..v
            });
        })
    };
    let onkeydown = {
        let (view, dispatch) = (view.clone(), props.dispatch.clone());
        let tree_nodes = trace.clone();
        let places = places.clone();
        Callback::from(move |e: KeyboardEvent| {
            let Some(tree) = tree_nodes.tree.as_deref() else {
                return;
            };
            let v = *view;
            let step = |a: StepAction| Some(Action::Step(a));
            let action = match e.key().as_str() {
                "ArrowRight" => step(StepAction::Forward),
                "ArrowLeft" => step(StepAction::Back),
                "Home" => step(StepAction::Go(Some(0))),
                "End" => step(StepAction::Go(Some(tree.steps.len()))),
                "ArrowUp" => focus
                    .and_then(|id| tree.nodes[id as usize].parent)
                    .and_then(|p| step(StepAction::ShowNode(p))),
                "ArrowDown" => focus
                    .and_then(|id| first_expanded_child(tree, &places, id))
                    .and_then(|c| step(StepAction::ShowNode(c))),
                "+" | "=" => {
                    view.set(View {
                        zoom: (v.zoom * 1.25).min(MAX_ZOOM),
                        ..v
                    });
                    None
                }
                "-" | "_" => {
                    view.set(View {
                        zoom: (v.zoom / 1.25).max(MIN_ZOOM),
                        ..v
                    });
                    None
                }
                "0" => {
                    view.set(View { zoom: 1.0, ..v });
                    None
                }
                _ => return,
            };
            e.prevent_default();
            if let Some(action) = action {
                dispatch.emit(action);
            }
        })
    };
    let onpointerdown = {
        let (drag, view) = (drag.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            drag.borrow_mut().from = Some((
                f64::from(e.client_x()),
                f64::from(e.client_y()),
                view.cx,
                view.cy,
            ));
        })
    };
    let onpointermove = {
        let (drag, view) = (drag.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((x0, y0, cx, cy)) = drag.borrow().from else {
                return;
            };
            if e.buttons() == 0 {
                return;
            }
            let v = *view;
            let (dx, dy) = (f64::from(e.client_x()) - x0, f64::from(e.client_y()) - y0);
            view.set(View {
                cx: cx - dx / v.zoom,
                cy: cy - dy / v.zoom,
                zoom: v.zoom,
            });
        })
    };
    let onpointerup = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.borrow_mut().from = None)
    };
    let counts = tree_counts(tree);
    let iterations = (!trace.iterations.is_empty()).then(|| {
        html! {
            <div class="tree-iterations" role="group" aria-label={lang.t(Msg::TreeIterations)}>
                <span class="muted">{ lang.t(Msg::TreeIterations) }</span>
                { for trace.iterations.iter().enumerate().map(|(k, it)| {
                    // Its first expansion shown.
                    let first = it.first_step as usize + 1;
                    let go = props.dispatch.reform(move |_: MouseEvent| Action::Step(StepAction::Go(Some(first))));
                    let shown = k as u32 == iteration;
                    html! {
                        <button type="button" class={classes!("tree-iteration", shown.then_some("shown"))}
                            data-testid="tree-iteration" data-threshold={it.threshold.to_string()}
                            aria-pressed={shown.to_string()} onclick={go}>
                            { fill(lang.t(Msg::TreeIteration), &[&(k + 1), &it.threshold]) }
                        </button>
                    }
                }) }
            </div>
        }
    });
    let detail = focus.map(|id| {
        let node = &tree.nodes[id as usize];
        html! { <p class="tree-detail" data-testid="tree-detail" data-node={id.to_string()}>{ node_label(lang, id as usize, node) }</p> }
    });
    let view_box = format!("{} {} {} {}", fmt(left), fmt(top), fmt(w), fmt(h));
    html! {
        <div class="card tree-card" data-testid="tree-card" data-nodes={tree.nodes.len().to_string()}
            data-current={current.map(|c| c.to_string())} data-iteration={iteration.to_string()}>
            <h3>{ lang.t(Msg::TreeTitle) }</h3>
            <p class="muted">{ lang.t(Msg::TreeIntro) }</p>
            <p class="muted tree-counts" data-testid="tree-counts">
                { fill(lang.t(Msg::TreeCounts), &[&counts.0, &total, &counts.1, &counts.2]) }
            </p>
            if tree.nodes.iter().any(|n| n.direction == Direction::Backward) {
                <p class="muted">{ lang.t(Msg::TreeSides) }</p>
            }
            { for iterations }
            <div class="tree-tools" role="group" aria-label={lang.t(Msg::TreeZoom)}>
                <button type="button" data-testid="tree-zoom-in" onclick={zoom_by(1.25)} aria-label={lang.t(Msg::TreeZoomIn)}>{ "+" }</button>
                <button type="button" data-testid="tree-zoom-out" onclick={zoom_by(0.8)} aria-label={lang.t(Msg::TreeZoomOut)}>{ "−" }</button>
                <button type="button" data-testid="tree-zoom-reset" onclick={zoom_by(1.0 / v.zoom)}>{ lang.t(Msg::TreeZoomReset) }</button>
                <span class="muted" data-testid="tree-zoom" data-zoom={format!("{:.2}", v.zoom)}>{ format!("{:.0}%", v.zoom * 100.0) }</span>
                <ExportImage view="search-tree" label={lang.t(Msg::TreeTitle)} />
            </div>
            <div class="tree-view" tabindex="0" role="group" data-testid="tree-view"
                aria-label={lang.t(Msg::TreeKeys)} {onkeydown}>
                <svg ref={svg_ref} data-testid="search-tree" class={classes!("search-tree", picking.then_some("picking"))}
                    viewBox={view_box} height={fmt(HEIGHT)} xmlns="http://www.w3.org/2000/svg"
                    role="group" aria-label={lang.t(Msg::TreeTitle)}
                    {onpointerdown} {onpointermove} onpointerup={onpointerup.clone()} onpointerleave={onpointerup}>
                    <g class="tree-edges">{ for edges }</g>
                    <g class="tree-nodes">{ for nodes }</g>
                </svg>
            </div>
            { for detail }
            <ul class="tree-legend" aria-label={lang.t(Msg::TreeLegend)}>
                { for [("closed", Msg::TreeLegendClosed), ("current", Msg::TreeLegendCurrent), ("open", Msg::TreeLegendOpen),
                       ("duplicate", Msg::TreeLegendDuplicate), ("pruned", Msg::TreeLegendPruned), ("on-path", Msg::TreeLegendPath)]
                    .into_iter().map(|(class, key)| html! {
                        <li><span class={classes!("swatch", class)} aria-hidden="true" />{ lang.t(key) }</li>
                    }) }
            </ul>
        </div>
    }
}

/// The expansions to name when the tree is not drawn: the record's, with "+" when it was cut.
fn too_large_count(trace: &Trace) -> String {
    let n = trace.expanded.len();
    if trace.truncated {
        format!("{n}+")
    } else {
        n.to_string()
    }
}

/// Nodes generated (roots left out, as the statistics count), duplicates, pruned.
fn tree_counts(tree: &SearchTree) -> (usize, usize, usize) {
    let count = |f: &dyn Fn(NodeKind) -> bool| tree.nodes.iter().filter(|n| f(n.kind)).count();
    (
        count(&|k| k != NodeKind::Root),
        count(&|k| matches!(k, NodeKind::DuplicateClosed | NodeKind::DuplicateOpen)),
        count(&|k| k == NodeKind::Pruned),
    )
}

/// The first child of `id` that was expanded, else its first child.
fn first_expanded_child(tree: &SearchTree, places: &TreeLayout, id: u32) -> Option<u32> {
    let kids = places.children.get(id as usize)?;
    kids.iter()
        .copied()
        .find(|&kid| tree.nodes[kid as usize].expanded.is_some())
        .or_else(|| kids.first().copied())
}

/// What a node is known to be at position `at`: a child DFS drops as a duplicate when it takes it off its stack is
/// a plain waiting child until then. (A child past the bound is marked at once: its g and h already say so.)
fn shown_kind(node: &TreeNode, at: usize) -> NodeKind {
    let duplicate = matches!(
        node.kind,
        NodeKind::DuplicateClosed | NodeKind::DuplicateOpen
    );
    match (node.left, node.expanded) {
        (Some(left), None) if at <= left as usize && duplicate => NodeKind::New,
        _ => node.kind,
    }
}

/// Where a node stands at position `at`: expanded (CLOSED), waiting in OPEN, or neither (dropped).
fn node_state(node: &TreeNode, at: usize) -> &'static str {
    match node.expanded {
        Some(step) if (step as usize) < at => "closed",
        _ if node.open_at(at) => "open",
        _ => "dropped",
    }
}

fn kind_name(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::Root => "root",
        NodeKind::New => "new",
        NodeKind::Improved => "improved",
        NodeKind::DuplicateClosed => "duplicate-closed",
        NodeKind::DuplicateOpen => "duplicate-open",
        NodeKind::Pruned => "pruned",
    }
}

/// The class of a node's kind: a duplicate, a pruned child, or a node kept.
fn kind_class(kind: NodeKind) -> &'static str {
    match kind {
        NodeKind::DuplicateClosed | NodeKind::DuplicateOpen => "duplicate",
        NodeKind::Pruned => "pruned",
        NodeKind::Root | NodeKind::New | NodeKind::Improved => "kept",
    }
}

/// A node in words: its number, g, h, f and what it is.
fn node_label(lang: Lang, id: usize, node: &TreeNode) -> String {
    let kind = lang.t(match node.kind {
        NodeKind::Root => Msg::NodeRoot,
        NodeKind::New => Msg::NodeNew,
        NodeKind::Improved => Msg::NodeImproved,
        NodeKind::DuplicateClosed => Msg::NodeDuplicateClosed,
        NodeKind::DuplicateOpen => Msg::NodeDuplicateOpen,
        NodeKind::Pruned => Msg::NodePruned,
    });
    let mut text = match (node.h, node.f()) {
        (Some(h), Some(f)) => fill(lang.t(Msg::NodeCosts), &[&id, &node.g, &h, &f, &kind]),
        _ => fill(lang.t(Msg::NodeDepth), &[&id, &node.g, &kind]),
    };
    if let Some(step) = node.expanded {
        text.push_str(&fill(lang.t(Msg::NodeExpandedAt), &[&(step + 1)]));
    }
    text
}

fn fmt(v: f64) -> String {
    format!("{v:.1}")
}
