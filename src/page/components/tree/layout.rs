//! Where each node of a search tree is drawn: its level is its g, and its column comes from a tidy layout (each leaf
//! takes the next column, a parent sits over the middle of its children). IDA*'s iterations are laid out one by one
//! from column 0 (one is drawn at a time); bidirectional BFS's goal-side tree sits to the right of the start side's.

use solver::search::tree::SearchTree;

/// Columns between the two trees of a bidirectional search.
const SIDE_GAP: f64 = 2.0;
/// Pixels between columns and between levels, at zoom 1.
pub const COLUMN: f64 = 30.0;
pub const LEVEL: f64 = 54.0;

/// The places of a tree's nodes, in columns and levels.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TreeLayout {
    /// Each node's column (a parent's may be halfway between two).
    pub x: Vec<f64>,
    /// Each node's level: its g.
    pub y: Vec<f64>,
    /// Each node's children, in the order they were generated.
    pub children: Vec<Vec<u32>>,
}

impl TreeLayout {
    /// Where node `id` is drawn, in pixels at zoom 1.
    pub fn pixel(&self, id: usize) -> (f64, f64) {
        (self.x[id] * COLUMN, self.y[id] * LEVEL)
    }
}

/// A length in the drawing as its SVG attributes hold it: one decimal.
pub fn px(v: f64) -> String {
    format!("{v:.1}")
}

/// Lays `tree` out.
pub fn layout(tree: &SearchTree) -> TreeLayout {
    let n = tree.nodes.len();
    let mut children = vec![Vec::new(); n];
    let mut roots = Vec::new();
    for (id, node) in tree.nodes.iter().enumerate() {
        match node.parent {
            Some(parent) => children[parent as usize].push(id as u32),
            None => roots.push(id as u32),
        }
    }
    let mut x = vec![0.0; n];
    let mut next_column = 0.0;
    let mut last_iteration = None;
    for &root in &roots {
        let iteration = tree.nodes[root as usize].iteration;
        if last_iteration.is_some_and(|last| last != iteration) {
            next_column = 0.0;
        } else if last_iteration.is_some() {
            next_column += SIDE_GAP;
        }
        last_iteration = Some(iteration);
        // Post-order without recursion: a node is placed once all its children are.
        let mut stack = vec![(root, false)];
        while let Some((id, children_done)) = stack.pop() {
            let kids = &children[id as usize];
            if children_done || kids.is_empty() {
                x[id as usize] = match (kids.first(), kids.last()) {
                    (Some(&first), Some(&last)) => (x[first as usize] + x[last as usize]) / 2.0,
                    _ => {
                        next_column += 1.0;
                        next_column - 1.0
                    }
                };
                continue;
            }
            stack.push((id, true));
            stack.extend(kids.iter().rev().map(|&kid| (kid, false)));
        }
    }
    let y = tree.nodes.iter().map(|node| f64::from(node.g)).collect();
    TreeLayout { x, y, children }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::tree::{NodeKind, TreeNode};
    use solver::search::Direction;

    fn node(parent: Option<u32>, g: u32, iteration: u32) -> TreeNode {
        TreeNode {
            parent,
            rank: 0,
            g,
            h: None,
            kind: if parent.is_none() {
                NodeKind::Root
            } else {
                NodeKind::New
            },
            direction: Direction::Forward,
            born: 0,
            left: None,
            expanded: None,
            iteration,
        }
    }

    #[test]
    fn leaves_take_columns_and_parents_sit_over_their_children() {
        // 0 has children 1 and 2; 1 has 3 and 4; then IDA*'s next iteration starts over at column 0.
        let tree = SearchTree {
            nodes: vec![
                node(None, 0, 0),
                node(Some(0), 1, 0),
                node(Some(0), 1, 0),
                node(Some(1), 2, 0),
                node(Some(1), 2, 0),
                node(None, 0, 1),
                node(Some(5), 1, 1),
            ],
            ..SearchTree::default()
        };
        let l = layout(&tree);
        assert_eq!(l.x, vec![1.25, 0.5, 2.0, 0.0, 1.0, 0.0, 0.0]);
        assert_eq!(l.y, vec![0.0, 1.0, 1.0, 2.0, 2.0, 0.0, 1.0]);
        assert_eq!(l.children[1], vec![3, 4]);
        // Two roots of one run (bidirectional BFS): the second tree starts past a gap.
        let two = SearchTree {
            nodes: vec![node(None, 0, 0), node(None, 0, 0)],
            ..SearchTree::default()
        };
        assert_eq!(layout(&two).x, vec![0.0, 1.0 + SIDE_GAP]);
    }
}
