//! Bidirectional BFS: one BFS from the start, one from the goal, a whole layer at a time on the smaller side.
//!
//! Optimality at the meeting point: a layer is always expanded to its end and the shortest of all meetings found in
//! it is kept. Stopping at the first meeting can return a path one move too long.

use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::visited::StateIndex;
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::said::Said;
use crate::Puzzle;

#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    depth: u32,
    /// The move from the parent to this node, in the direction the side searches.
    mv: Option<M>,
}

struct Side<S, M> {
    nodes: Vec<Node<S, M>>,
    index: StateIndex<S>,
    /// Nodes from `layer_start` on form the frontier (the deepest layer, not yet expanded).
    layer_start: usize,
}

impl<S: Copy + Eq + std::hash::Hash, M: Copy> Side<S, M> {
    fn new<P: Puzzle<State = S, Move = M>>(puzzle: &P, root: S) -> Self {
        let mut index = StateIndex::new(puzzle);
        index.insert(puzzle, &root, 0);
        Side {
            nodes: vec![Node {
                state: root,
                parent: 0,
                depth: 0,
                mv: None,
            }],
            index,
            layer_start: 0,
        }
    }

    fn frontier(&self) -> usize {
        self.nodes.len() - self.layer_start
    }

    fn bytes(&self, state_bytes: usize) -> u64 {
        self.node_bytes() + self.index.bytes(state_bytes)
    }

    fn node_bytes(&self) -> u64 {
        self.nodes.capacity() as u64 * std::mem::size_of::<Node<S, M>>() as u64
    }

    /// The larger of this side's structures that grow by doubling: its nodes, and its index if hashed.
    fn growing_bytes(&self, state_bytes: usize) -> u64 {
        let index = if self.index.is_dense() {
            0
        } else {
            self.index.bytes(state_bytes)
        };
        self.node_bytes().max(index)
    }

    /// The moves along parent links from the root to node `id`, root first.
    fn moves_to(&self, mut id: usize) -> Vec<M> {
        let mut moves = Vec::new();
        while let Some(mv) = self.nodes[id].mv {
            moves.push(mv);
            id = self.nodes[id].parent as usize;
        }
        moves.reverse();
        moves
    }
}

/// A meeting: node `forward` of the start side and node `backward` of the goal side hold the same state.
#[derive(Clone, Copy)]
struct Meeting {
    length: u32,
    forward: usize,
    backward: usize,
}

/// Solves `puzzle` by bidirectional BFS. Optimal.
pub fn bibfs<P: Puzzle>(puzzle: &P, control: &mut Control) -> Outcome<P::Move> {
    bibfs_observed(puzzle, control, &mut NoObserver)
}

/// [`bibfs`] reporting each expansion, and which search made it, to `observer`.
pub fn bibfs_observed<P: Puzzle, O: Observer<P::State>>(
    puzzle: &P,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let mut stats = Stats::default();
    let mut watch = super::MemoryWatch::default();
    let (start, goal) = (puzzle.start(), puzzle.goal());
    if start == goal {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::solved(Algorithm::Bibfs, Vec::new(), true, stats);
    }
    let mut sides = [Side::new(puzzle, start), Side::new(puzzle, goal)];
    let state_bytes = puzzle.state_bytes();
    let mut best: Option<Meeting> = None;
    let stop = loop {
        // Expand the smaller frontier; an empty frontier means the two searches can never meet.
        let (fwd, bwd) = (sides[0].frontier(), sides[1].frontier());
        if fwd == 0 || bwd == 0 {
            break Some((Status::Unsolvable, Said::Exhausted));
        }
        let which = usize::from(bwd < fwd);
        let (this, other) = if which == 0 {
            let (a, b) = sides.split_at_mut(1);
            (&mut a[0], &b[0])
        } else {
            let (a, b) = sides.split_at_mut(1);
            (&mut b[0], &a[0])
        };
        let (layer_from, layer_to) = (this.layer_start, this.nodes.len());
        let direction = [Direction::Forward, Direction::Backward][which];
        let mut halted = None;
        for id in layer_from..layer_to {
            let node = this.nodes[id];
            stats.expand_at(node.depth as usize);
            if stats.expanded % super::CHECK_EVERY == 0 {
                if let Some(stop) = control.checkpoint(&mut stats) {
                    halted = Some(stop);
                    break;
                }
            }
            let held = (this.nodes.len() + other.nodes.len()) as u64;
            if let Some(stop) = control.over_state_limit(held) {
                halted = Some(stop);
                break;
            }
            // Both sides' nodes and hashed indexes grow by doubling.
            let (bytes, growth) = (
                this.bytes(state_bytes) + other.bytes(state_bytes),
                super::doubling_growth(&[
                    this.growing_bytes(state_bytes),
                    other.growing_bytes(state_bytes),
                ]),
            );
            if let Some(stop) = watch.check(control, &mut stats, bytes, growth) {
                halted = Some(stop);
                break;
            }
            puzzle.for_each_successor(&node.state, |mv, next| {
                stats.generated += 1;
                let known = this.index.get(puzzle, &next).is_some();
                if O::ACTIVE {
                    let fate = if known { Fate::Duplicate } else { Fate::New };
                    let (parent, state, g, h) = (&node.state, &next, node.depth + 1, None);
                    observer.generated(Generated {
                        parent,
                        state,
                        g,
                        h,
                        fate,
                        direction,
                    });
                }
                if known {
                    stats.duplicates += 1;
                    return;
                }
                let child = this.nodes.len();
                this.nodes.push(Node {
                    state: next,
                    parent: id as u32,
                    depth: node.depth + 1,
                    mv: Some(mv),
                });
                this.index.insert(puzzle, &next, child as u32);
                if let Some(partner) = other.index.get(puzzle, &next) {
                    let length = node.depth + 1 + other.nodes[partner as usize].depth;
                    if best.is_none_or(|b| length < b.length) {
                        let (forward, backward) = if which == 0 {
                            (child, partner as usize)
                        } else {
                            (partner as usize, child)
                        };
                        best = Some(Meeting {
                            length,
                            forward,
                            backward,
                        });
                    }
                }
            });
            if O::ACTIVE {
                let expansion = Expansion {
                    state: &node.state,
                    g: node.depth,
                    h: None,
                    // This side's nodes after this one, and the other side's frontier.
                    open: (this.nodes.len() - id - 1 + other.frontier()) as u64,
                    closed: (this.layer_start + other.layer_start + id + 1 - layer_from) as u64,
                    direction,
                };
                if observer.expanded(expansion) == Flow::Cancel {
                    halted = Some(observer_stop(stats.expanded));
                    break;
                }
            }
        }
        this.layer_start = layer_to;
        stats.open_size((sides[0].frontier() + sides[1].frontier()) as u64);
        if halted.is_some() {
            break halted;
        }
        if best.is_some() {
            break None;
        }
    };
    stats.closed = (sides[0].layer_start + sides[1].layer_start) as u64;
    stats.memory(sides[0].bytes(state_bytes) + sides[1].bytes(state_bytes));
    stats.elapsed_ms = control.elapsed_ms();
    match (stop, best) {
        (Some((status, message)), _) => Outcome::stopped(Algorithm::Bibfs, status, message, stats),
        (None, Some(meeting)) => {
            let mut moves = sides[0].moves_to(meeting.forward);
            // The goal side's moves lead away from the goal: walk them back, each inverted.
            let back = sides[1].moves_to(meeting.backward);
            moves.extend(back.iter().rev().map(|&mv| puzzle.inverse(mv)));
            Outcome::solved(Algorithm::Bibfs, moves, true, stats)
        }
        // The loop only ends without a stop once a meeting is known; kept total rather than panicking.
        (None, None) => {
            Outcome::stopped(Algorithm::Bibfs, Status::Unsolvable, Said::Exhausted, stats)
        }
    }
}
