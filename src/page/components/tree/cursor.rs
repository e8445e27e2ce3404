//! Where the stepper stands in the tree: the position shown, the node its step expanded, and (IDA*) the iteration
//! drawn. The drawing, the keyboard and the view's centre all read it.

use solver::search::tree::SearchTree;

/// The stepper's cursor, as the tree sees it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    /// Expansions shown (the whole run when the stepper shows it whole).
    pub at: usize,
    /// The node the last step shown expanded; `None` before the first step.
    pub current: Option<u32>,
    /// IDA*: the iteration of the current step (the first before any); 0 in the other searches.
    pub iteration: u32,
    /// The node the view centres on and the keyboard moves from: the current one, else the iteration's first.
    pub focus: Option<u32>,
    /// Whether the run is shown to its end, where the solution path is marked.
    pub finished: bool,
}

impl Cursor {
    /// The cursor at the stepper's `at` (`None`: the whole run) over a run of `total` expansions.
    pub fn new(tree: &SearchTree, at: Option<usize>, total: usize) -> Cursor {
        let position = at.unwrap_or(total).min(total);
        let current = position
            .checked_sub(1)
            .and_then(|i| tree.steps.get(i))
            .copied();
        let iteration = current.map_or(0, |id| tree.nodes[id as usize].iteration);
        let focus = current.or_else(|| {
            tree.nodes
                .iter()
                .position(|n| n.iteration == iteration)
                .map(|i| i as u32)
        });
        Cursor {
            at: position,
            current,
            iteration,
            focus,
            finished: at.is_none() || position == total,
        }
    }

    /// Which nodes are marked as the solution's: all of the path once the run is shown to its end, else none.
    pub fn on_path(&self, tree: &SearchTree) -> Vec<bool> {
        let mut marks = vec![false; tree.nodes.len()];
        if self.finished {
            for &id in &tree.path {
                marks[id as usize] = true;
            }
        }
        marks
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::tree::{NodeKind, TreeNode};
    use solver::search::Direction;

    fn node(parent: Option<u32>, iteration: u32, expanded: Option<u32>) -> TreeNode {
        TreeNode {
            parent,
            rank: 0,
            g: 0,
            h: None,
            kind: NodeKind::New,
            direction: Direction::Forward,
            born: 0,
            left: None,
            expanded,
            iteration,
        }
    }

    #[test]
    fn the_cursor_follows_the_step_and_its_iteration() {
        // IDA*: iteration 0 expands node 0; iteration 1 (nodes 2 and 3) expands node 2.
        let tree = SearchTree {
            nodes: vec![
                node(None, 0, Some(0)),
                node(Some(0), 0, None),
                node(None, 1, Some(1)),
                node(Some(2), 1, None),
            ],
            steps: vec![0, 2],
            path: vec![2, 3],
        };
        let start = Cursor::new(&tree, Some(0), 2);
        assert_eq!(
            (start.current, start.iteration, start.focus),
            (None, 0, Some(0))
        );
        assert!(!start.finished);
        assert_eq!(
            start.on_path(&tree),
            vec![false; 4],
            "no path before the end"
        );
        let second = Cursor::new(&tree, Some(2), 2);
        assert_eq!(
            (second.current, second.iteration, second.focus),
            (Some(2), 1, Some(2))
        );
        assert!(second.finished);
        assert_eq!(second.on_path(&tree), vec![false, false, true, true]);
        let whole = Cursor::new(&tree, None, 2);
        assert_eq!(
            whole,
            Cursor { at: 2, ..second },
            "the whole run is its last step"
        );
        assert_eq!(
            Cursor::new(&tree, Some(9), 2).at,
            2,
            "a cursor past the end stops there"
        );
    }
}
