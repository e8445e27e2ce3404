//! The tree's nodes and edges as the stepper's position shows them, each node in words too, and the legend of the
//! marks they carry: expanded (closed), waiting (open) or dropped, a duplicate or pruned child, the current node, the
//! solution path, and in the exercise the right answer and a wrong pick.

use super::cursor::Cursor;
use super::layout::{px, TreeLayout};
use crate::page::i18n::{fill, Lang, Tree};
use crate::page::state::exercise::{ExerciseAction, Verdict};
use crate::page::state::stepping::StepAction;
use solver::search::tree::{NodeKind, SearchTree, TreeNode};
use solver::search::Direction;
use yew::prelude::*;

/// A node's circle's radius in pixels at zoom 1; edges run from the bottom of one to the top of the next.
const RADIUS: f64 = 11.0;

/// Everything the nodes' drawing reads.
pub struct TreeScene<'a> {
    pub lang: Lang,
    pub tree: &'a SearchTree,
    pub places: &'a TreeLayout,
    pub cursor: Cursor,
    /// The exercise's verdict on the pick at this step, if there is one to show.
    pub verdict: Option<&'a Verdict>,
    /// Whether the exercise waits for a pick: a click then picks a node instead of showing it.
    pub picking: bool,
    pub on_step: &'a Callback<StepAction>,
}

impl TreeScene<'_> {
    /// The edges and the nodes to draw: those of the cursor's iteration that exist at its step and that `shows`
    /// (the view) takes at their place.
    pub fn draw(&self, shows: impl Fn((f64, f64)) -> bool) -> (Vec<Html>, Vec<Html>) {
        let on_path = self.cursor.on_path(self.tree);
        let mut edges = Vec::new();
        let mut nodes = Vec::new();
        for (id, node) in self.tree.nodes.iter().enumerate() {
            if !node.exists_at(self.cursor.at)
                || node.iteration != self.cursor.iteration
                || !shows(self.places.pixel(id))
            {
                continue;
            }
            if let Some(parent) = node.parent {
                edges.push(self.edge(id, node, parent, on_path[id]));
            }
            nodes.push(self.node(id, node, on_path[id]));
        }
        (edges, nodes)
    }

    /// The line from a node's parent down to it.
    fn edge(&self, id: usize, node: &TreeNode, parent: u32, on_path: bool) -> Html {
        let (x, y) = self.places.pixel(id);
        let (parent_x, parent_y) = self.places.pixel(parent as usize);
        let class = classes!(
            "tree-edge",
            (!shown_kind(node, self.cursor.at).enters_open()).then_some("dropped"),
            on_path.then_some("on-path")
        );
        html! {
            <line key={id} class={class} x1={px(parent_x)} y1={px(parent_y + RADIUS)} x2={px(x)} y2={px(y - RADIUS)} />
        }
    }

    /// A node: its circle with its f (or g), its data for the tests and the exercise, and a click or Enter that
    /// shows it (or, in the exercise, picks it).
    fn node(&self, id: usize, node: &TreeNode, on_path: bool) -> Html {
        let at = self.cursor.at;
        let (x, y) = self.places.pixel(id);
        let state = node_state(node, at);
        let kind = shown_kind(node, at);
        let verdict = self.verdict;
        let class = classes!(
            "tree-node",
            kind_class(kind),
            state,
            (self.cursor.current == Some(id as u32)).then_some("current"),
            on_path.then_some("on-path"),
            verdict.filter(|v| v.answer == id as u32).map(|_| "answer"),
            verdict
                .filter(|v| v.picked == id as u32 && !v.right())
                .map(|_| "wrong-pick"),
            node.direction
                .eq(&Direction::Backward)
                .then_some("backward"),
        );
        let label = node_label(self.lang, id, node);
        let pick = if self.picking {
            StepAction::Exercise(ExerciseAction::Pick(id as u32))
        } else {
            StepAction::ShowNode(id as u32)
        };
        let onclick = { self.on_step.reform(move |_: MouseEvent| pick) };
        // Enter or Space on a focused node does what a click does.
        let onkeydown = {
            let on_step = self.on_step.clone();
            Callback::from(move |e: KeyboardEvent| {
                if matches!(e.key().as_str(), "Enter" | " ") {
                    e.prevent_default();
                    e.stop_propagation();
                    on_step.emit(pick);
                }
            })
        };
        let number = node.f().unwrap_or(node.g);
        html! {
            <g key={id} class={class} transform={format!("translate({} {})", px(x), px(y))} data-testid="tree-node"
                data-node={id.to_string()} data-state={state} data-kind={kind_name(kind)}
                data-parent={node.parent.map(|p| p.to_string())}
                data-expanded={node.expanded.map(|s| s.to_string())} data-g={node.g.to_string()}
                data-h={node.h.map(|h| h.to_string())} tabindex="0" role="button" aria-label={label.clone()}
                {onclick} {onkeydown}>
                <title>{ label }</title>
                <circle r={px(RADIUS)} />
                <text dy="4">{ number }</text>
            </g>
        }
    }
}

/// The cursor's node in words, under the drawing.
pub fn detail(lang: Lang, tree: &SearchTree, focus: Option<u32>) -> Option<Html> {
    focus.map(|id| {
        let node = &tree.nodes[id as usize];
        html! { <p class="tree-detail" data-testid="tree-detail" data-node={id.to_string()}>{ node_label(lang, id as usize, node) }</p> }
    })
}

/// The legend of the nodes' marks.
pub fn legend(lang: Lang) -> Html {
    html! {
        <ul class="tree-legend" aria-label={lang.t(Tree::Legend)}>
            { for [("closed", Tree::LegendClosed), ("current", Tree::LegendCurrent), ("open", Tree::LegendOpen),
                   ("duplicate", Tree::LegendDuplicate), ("pruned", Tree::LegendPruned), ("on-path", Tree::LegendPath)]
                .into_iter().map(|(class, key)| html! {
                    <li><span class={classes!("swatch", class)} aria-hidden="true" />{ lang.t(key) }</li>
                }) }
        </ul>
    }
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

/// A kind's name in the node's `data-kind`.
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
        NodeKind::Root => Tree::NodeRoot,
        NodeKind::New => Tree::NodeNew,
        NodeKind::Improved => Tree::NodeImproved,
        NodeKind::DuplicateClosed => Tree::NodeDuplicateClosed,
        NodeKind::DuplicateOpen => Tree::NodeDuplicateOpen,
        NodeKind::Pruned => Tree::NodePruned,
    });
    let mut text = match (node.h, node.f()) {
        (Some(h), Some(f)) => fill(lang.t(Tree::NodeCosts), &[&id, &node.g, &h, &f, &kind]),
        _ => fill(lang.t(Tree::NodeDepth), &[&id, &node.g, &kind]),
    };
    if let Some(step) = node.expanded {
        text.push_str(&fill(lang.t(Tree::NodeExpandedAt), &[&(step + 1)]));
    }
    text
}
