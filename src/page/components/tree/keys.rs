//! The drawing's keyboard: Right and Left step, Home and End go to the ends, Up shows the parent and Down the first
//! expanded child, + and - zoom, 0 resets the zoom.

use super::layout::TreeLayout;
use super::viewport::{View, ZOOM_STEP};
use crate::page::state::stepping::StepAction;
use solver::search::trace::Trace;
use solver::search::tree::SearchTree;
use std::rc::Rc;
use yew::prelude::*;

/// What a key of the drawing's asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyCommand {
    Step(StepAction),
    ZoomIn,
    ZoomOut,
    ZoomReset,
    /// A key of the drawing's with nothing to do where the cursor is (Up at a root, Down at a leaf).
    Nothing,
}

/// What `key` asks for with the cursor's node at `focus`; `None` for a key the drawing leaves to the page.
pub fn key_command(
    key: &str,
    tree: &SearchTree,
    places: &TreeLayout,
    focus: Option<u32>,
) -> Option<KeyCommand> {
    let show = |node: Option<u32>| {
        node.map_or(KeyCommand::Nothing, |id| {
            KeyCommand::Step(StepAction::ShowNode(id))
        })
    };
    Some(match key {
        "ArrowRight" => KeyCommand::Step(StepAction::Forward),
        "ArrowLeft" => KeyCommand::Step(StepAction::Back),
        "Home" => KeyCommand::Step(StepAction::Go(Some(0))),
        "End" => KeyCommand::Step(StepAction::Go(Some(tree.steps.len()))),
        "ArrowUp" => show(focus.and_then(|id| tree.nodes[id as usize].parent)),
        "ArrowDown" => show(focus.and_then(|id| first_expanded_child(tree, places, id))),
        "+" | "=" => KeyCommand::ZoomIn,
        "-" | "_" => KeyCommand::ZoomOut,
        "0" => KeyCommand::ZoomReset,
        _ => return None,
    })
}

/// The drawing's key handler: a key it knows does its command and nothing else (the page does not scroll).
pub fn on_key(
    trace: Rc<Trace>,
    places: Rc<TreeLayout>,
    focus: Option<u32>,
    view: UseStateHandle<View>,
    on_step: Callback<StepAction>,
) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        let Some(tree) = trace.tree.as_deref() else {
            return;
        };
        let Some(command) = key_command(&e.key(), tree, &places, focus) else {
            return;
        };
        e.prevent_default();
        let v = *view;
        match command {
            KeyCommand::Step(action) => on_step.emit(action),
            KeyCommand::ZoomIn => view.set(v.with_zoom(v.zoom * ZOOM_STEP)),
            KeyCommand::ZoomOut => view.set(v.with_zoom(v.zoom / ZOOM_STEP)),
            KeyCommand::ZoomReset => view.set(v.with_zoom(1.0)),
            KeyCommand::Nothing => {}
        }
    })
}

/// The first child of `id` that was expanded, else its first child.
fn first_expanded_child(tree: &SearchTree, places: &TreeLayout, id: u32) -> Option<u32> {
    let kids = places.children.get(id as usize)?;
    kids.iter()
        .copied()
        .find(|&kid| tree.nodes[kid as usize].expanded.is_some())
        .or_else(|| kids.first().copied())
}

#[cfg(test)]
mod tests {
    use super::super::layout::layout;
    use super::*;
    use solver::search::tree::{NodeKind, TreeNode};
    use solver::search::Direction;

    fn node(parent: Option<u32>, expanded: Option<u32>) -> TreeNode {
        TreeNode {
            parent,
            rank: 0,
            g: parent.map_or(0, |_| 1),
            h: None,
            kind: NodeKind::New,
            direction: Direction::Forward,
            born: 0,
            left: None,
            expanded,
            iteration: 0,
        }
    }

    #[test]
    fn keys_climb_and_descend_the_tree() {
        // 0 expanded first, then its second child 2; child 1 and the leaf 3 never.
        let tree = SearchTree {
            nodes: vec![
                node(None, Some(0)),
                node(Some(0), None),
                node(Some(0), Some(1)),
                node(Some(2), None),
            ],
            steps: vec![0, 2],
            ..SearchTree::default()
        };
        let places = layout(&tree);
        let key = |k: &str, focus: u32| key_command(k, &tree, &places, Some(focus));
        let show = |id: u32| Some(KeyCommand::Step(StepAction::ShowNode(id)));
        assert_eq!(
            key("ArrowDown", 0),
            show(2),
            "the expanded child, not the first"
        );
        assert_eq!(key("ArrowDown", 2), show(3), "else the first child");
        assert_eq!(key("ArrowDown", 3), Some(KeyCommand::Nothing), "a leaf");
        assert_eq!(key("ArrowUp", 3), show(2));
        assert_eq!(key("ArrowUp", 0), Some(KeyCommand::Nothing), "the root");
        assert_eq!(
            key("End", 0),
            Some(KeyCommand::Step(StepAction::Go(Some(2))))
        );
        assert_eq!(key("=", 0), Some(KeyCommand::ZoomIn));
        assert_eq!(key("_", 0), Some(KeyCommand::ZoomOut));
        assert_eq!(key("a", 0), None, "left to the page");
    }
}
