//! The search tree of the traced run, drawn as SVG: every node the real engine generated up to the stepper's step,
//! with g, h and f, the expansion order, the solution path, and duplicates and pruned children marked; IDA* one
//! iteration at a time with its threshold. It moves with the stepper (the state's `stepping` cursor): a click on a
//! node moves the stepper there (in the exercise, it is the learner's pick), and a step highlights its node.
//! Pan by dragging, zoom with the buttons; by keyboard: arrows step (Up: the parent, Down: the first expanded
//! child), + and - zoom, 0 resets the view, and each node drawn is a Tab stop that Enter or Space picks. Only the
//! nodes in view are drawn; the drawing follows the window's width.
//!
//! Its parts: `layout` places the nodes, `cursor` is where the stepper stands in the tree, `viewport` what part is
//! in view and what moves it, `keys` the keyboard, `nodes` the nodes, edges and legend, `iterations` IDA*'s
//! iteration buttons.

mod cursor;
mod iterations;
mod keys;
mod layout;
mod nodes;
mod viewport;

use crate::page::components::learn::LearnLink;
use crate::page::i18n::{fill, use_lang, Tree};
use crate::page::state::exercise::Exercise;
use crate::page::state::stepping::StepAction;
use crate::protocol::TREE_MAX_EXPANSIONS;
use cursor::Cursor;
use iterations::iteration_buttons;
use keys::on_key;
use layout::{layout, px, TreeLayout};
use nodes::{detail, legend, TreeScene};
use solver::search::trace::Trace;
use solver::search::tree::{NodeKind, SearchTree};
use solver::search::Direction;
use std::rc::Rc;
use viewport::{use_card_width, use_pan, use_view, zoom_tools, HEIGHT};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct SearchTreeProps {
    /// The lesson section that explains this panel.
    #[prop_or_default]
    pub learn: Option<AttrValue>,
    pub trace: Rc<Trace>,
    /// The stepper's cursor.
    pub at: Option<usize>,
    pub exercise: Exercise,
    /// Moves the cursor, or picks a node in the exercise.
    pub on_step: Callback<StepAction>,
}

/// The tree's card: the drawing, or why a run this large has none.
#[component]
pub fn SearchTreePanel(props: &SearchTreeProps) -> Html {
    let lang = use_lang();
    if props.trace.tree.is_some() {
        return html! {
            <TreeDrawing trace={props.trace.clone()} at={props.at} exercise={props.exercise.clone()}
                on_step={props.on_step.clone()} />
        };
    }
    html! {
        <div class="card tree-card" data-testid="tree-card">
            <h3>{ lang.t(Tree::Title) }</h3>
            <p class="muted" data-testid="tree-too-large">
                { fill(lang.t(Tree::TooLarge), &[&too_large_count(&props.trace), &TREE_MAX_EXPANSIONS]) }
            </p>
        </div>
    }
}

/// The places of the run's nodes, laid out once per run.
#[hook]
fn use_layout(trace: &Rc<Trace>) -> Rc<TreeLayout> {
    let trace = trace.clone();
    use_memo(Rc::as_ptr(&trace) as usize, move |_| {
        trace.tree.as_deref().map(layout).unwrap_or_default()
    })
}

/// The drawing of a run's tree (`trace.tree` is there): the counts, the iterations, the zoom tools, the drawing
/// itself in its keyboard-driven frame, the cursor's node in words, and the legend.
#[component]
fn TreeDrawing(props: &SearchTreeProps) -> Html {
    let lang = use_lang();
    let trace = &props.trace;
    let empty = SearchTree::default();
    let tree = trace.tree.as_deref().unwrap_or(&empty);
    let places = use_layout(trace);
    let total = trace.expanded.len();
    let cursor = Cursor::new(tree, props.at, total);
    let view = use_view(trace, cursor.at, cursor.focus, &places);
    let svg_ref = use_node_ref();
    let width = use_card_width(&svg_ref);
    let window = view.window(width);
    let pan = use_pan(&view);
    let picking = props.exercise.active;
    let (edges, nodes) = TreeScene {
        lang,
        tree,
        places: &places,
        cursor,
        verdict: props
            .exercise
            .verdict
            .as_ref()
            .filter(|v| v.position + 1 >= cursor.at && v.position <= cursor.at),
        picking,
        on_step: &props.on_step,
    }
    .draw(|place| window.shows(place));
    let onkeydown = on_key(
        trace.clone(),
        places.clone(),
        cursor.focus,
        view.clone(),
        props.on_step.clone(),
    );
    let counts = tree_counts(tree);
    let iterations = iteration_buttons(lang, &trace.iterations, cursor.iteration, &props.on_step);
    html! {
        <div class="card tree-card" data-testid="tree-card" data-nodes={tree.nodes.len().to_string()}
            data-current={cursor.current.map(|c| c.to_string())} data-iteration={cursor.iteration.to_string()}>
            <h3>{ lang.t(Tree::Title) }</h3>
            <p class="muted">{ lang.t(Tree::Intro) }{ " " }<LearnLink href={props.learn.clone()} /></p>
            <p class="muted tree-counts" data-testid="tree-counts">
                { fill(lang.t(Tree::Counts), &[&counts.0, &total, &counts.1, &counts.2]) }
            </p>
            if tree.nodes.iter().any(|n| n.direction == Direction::Backward) {
                <p class="muted">{ lang.t(Tree::Sides) }</p>
            }
            { for iterations }
            { zoom_tools(lang, &view) }
            <div class="tree-view" tabindex="0" role="group" data-testid="tree-view"
                aria-label={lang.t(Tree::Keys)} {onkeydown}>
                <svg ref={svg_ref} data-testid="search-tree" class={classes!("search-tree", picking.then_some("picking"))}
                    viewBox={window.view_box()} height={px(HEIGHT)} xmlns="http://www.w3.org/2000/svg"
                    role="group" aria-label={lang.t(Tree::Title)}
                    onpointerdown={pan.down} onpointermove={pan.moved} onpointerup={pan.up.clone()} onpointerleave={pan.up}>
                    <g class="tree-edges">{ for edges }</g>
                    <g class="tree-nodes">{ for nodes }</g>
                </svg>
            </div>
            { for detail(lang, tree, cursor.focus) }
            { legend(lang) }
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
