//! OPEN of the best-first engine (`astar.rs`), in two forms that give the same order: lowest f first, ties to the
//! larger g, then to the larger node id (the newest node: it keeps the search on the path it is extending, and
//! makes the order total, so that runs repeat exactly).
//!
//! - [`Buckets`], for A* (f = g + h, small integers): a list of node ids per (f, g), newest first. A push puts
//!   a node first in its list and a pop takes from the lowest f's largest g, with no comparisons between
//!   entries.
//! - [`Heap`], for greedy and weighted A*, whose f (w_g g + w_h h, up to many hundreds of times the solution
//!   length) would need too many buckets: a binary heap of packed (f, g, id) entries.
//!
//! The engine files every node once, in the order of their ids (a node whose g falls is filed again as a new
//! node, the old one marked done), so each id is in OPEN at most once and always the newest when filed.

/// A switch for test builds only (feature `reverse-ties`): A*'s ties go to the smaller g instead. The lessons' test
/// flips it to show that the numbers a lesson quotes come from the engine's run (they change with it), never from
/// text. Without the feature the switch does not exist, and the order is always the header's.
#[cfg(feature = "reverse-ties")]
pub mod ties {
    use std::sync::atomic::{AtomicBool, Ordering};

    static SMALLER_G_FIRST: AtomicBool = AtomicBool::new(false);

    /// Sends A*'s ties to the smaller g (`true`) or back to the larger (`false`).
    pub fn set_smaller_g_first(on: bool) {
        SMALLER_G_FIRST.store(on, Ordering::Relaxed);
    }

    pub(crate) fn smaller_g_first() -> bool {
        SMALLER_G_FIRST.load(Ordering::Relaxed)
    }
}

/// OPEN: entries (f, g, node id), taken back in the order of the module's header.
pub(crate) trait Frontier {
    /// Files node `id` at cost `f` and depth `g`: each id once, in increasing order from 0.
    fn push(&mut self, f: u64, g: u32, id: u32);
    /// The next entry as (g, id); `None` when empty.
    fn pop(&mut self) -> Option<(u32, u32)>;
    /// Bytes held, for the memory estimate.
    fn bytes(&self) -> u64;
}

/// Marks the end of a bucket's list (and an empty bucket).
const NIL: u32 = u32::MAX;

/// The buckets of one f, by g.
#[derive(Default)]
struct Layer {
    /// `heads[g]`: the bucket's first node (its largest id), or `NIL`.
    heads: Vec<u32>,
    /// The largest g that may hold an entry.
    top: usize,
    /// Entries held in this layer.
    len: usize,
}

/// OPEN as buckets over integer f, then g: see the module's header. Each bucket is a list linked through
/// `next`, which has a place per node id: since ids are filed once and in increasing order, the newest goes
/// first by being put first, a push writes one link and one head, and a pop reads them back (4 bytes a node,
/// no allocation per bucket).
#[derive(Default)]
pub(crate) struct Buckets {
    /// `layers[f]`.
    layers: Vec<Layer>,
    /// `next[id]`: the node after `id` in its bucket (a smaller id), or `NIL`.
    next: Vec<u32>,
    /// The lowest f that may hold an entry.
    low: usize,
    /// Entries held.
    len: usize,
    /// Bytes of the layers and their heads, kept as they grow.
    layer_bytes: u64,
}

/// Bytes of one head or link.
const LINK: u64 = std::mem::size_of::<u32>() as u64;

impl Buckets {
    /// Adds the layers and heads up to (f, g): rarely, once the first few expansions have reached most of them.
    #[cold]
    fn make_room(&mut self, f: usize, g: usize) {
        if f >= self.layers.len() {
            self.layer_bytes +=
                (f + 1 - self.layers.len()) as u64 * std::mem::size_of::<Layer>() as u64;
            self.layers.resize_with(f + 1, Layer::default);
        }
        let layer = &mut self.layers[f];
        if g >= layer.heads.len() {
            self.layer_bytes += (g + 1 - layer.heads.len()) as u64 * LINK;
            layer.heads.resize(g + 1, NIL);
        }
    }
}

impl Frontier for Buckets {
    #[inline(always)]
    fn push(&mut self, f: u64, g: u32, id: u32) {
        debug_assert_eq!(id as usize, self.next.len(), "ids are filed once, in order");
        let (f, g) = (f as usize, g as usize);
        if f >= self.layers.len() || g >= self.layers[f].heads.len() {
            self.make_room(f, g);
        }
        let layer = &mut self.layers[f];
        self.next.push(layer.heads[g]);
        layer.heads[g] = id;
        layer.top = layer.top.max(g);
        layer.len += 1;
        self.low = self.low.min(f);
        self.len += 1;
    }

    #[inline(always)]
    fn pop(&mut self) -> Option<(u32, u32)> {
        if self.len == 0 {
            return None;
        }
        while self.layers[self.low].len == 0 {
            self.low += 1;
        }
        let layer = &mut self.layers[self.low];
        #[cfg(feature = "reverse-ties")]
        if ties::smaller_g_first() {
            // The layer holds an entry, so some g up to `top` has one; `top` stays an upper bound.
            let g = layer.heads[..=layer.top].iter().position(|&id| id != NIL)?;
            let id = layer.heads[g];
            layer.heads[g] = self.next[id as usize];
            layer.len -= 1;
            self.len -= 1;
            return Some((g as u32, id));
        }
        loop {
            let id = layer.heads[layer.top];
            if id != NIL {
                layer.heads[layer.top] = self.next[id as usize];
                layer.len -= 1;
                self.len -= 1;
                return Some((layer.top as u32, id));
            }
            // The layer holds an entry, so a smaller g has it.
            layer.top -= 1;
        }
    }

    fn bytes(&self) -> u64 {
        self.layer_bytes + self.next.capacity() as u64 * LINK
    }
}

/// OPEN as a binary heap (the smallest entry first) of (f, !g, !id) packed in a `u128`: f can pass 2^32 with a
/// large h and a weight of many hundredths.
#[derive(Default)]
pub(crate) struct Heap {
    heap: Vec<u128>,
}

impl Heap {
    #[inline]
    fn entry(f: u64, g: u32, id: u32) -> u128 {
        (u128::from(f) << 64) | (u128::from(u32::MAX - g) << 32) | u128::from(u32::MAX - id)
    }

    /// Puts `entry` at `pos` or above it, wherever it belongs.
    #[inline]
    fn sift_up(&mut self, mut pos: usize, entry: u128) {
        while pos > 0 {
            let parent = (pos - 1) / 2;
            let above = self.heap[parent];
            if above <= entry {
                break;
            }
            self.heap[pos] = above;
            pos = parent;
        }
        self.heap[pos] = entry;
    }
}

impl Frontier for Heap {
    #[inline]
    fn push(&mut self, f: u64, g: u32, id: u32) {
        let entry = Self::entry(f, g, id);
        self.heap.push(entry);
        self.sift_up(self.heap.len() - 1, entry);
    }

    #[inline]
    fn pop(&mut self) -> Option<(u32, u32)> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        let len = self.heap.len();
        if len > 0 {
            // Floyd's pop: the hole at the root goes down to a leaf along the smaller children (one comparison a
            // level), then the last entry, which usually belongs near the bottom, goes up.
            let mut pos = 0;
            loop {
                let left = 2 * pos + 1;
                if left >= len {
                    break;
                }
                let right = left + 1;
                let child = if right < len && self.heap[right] < self.heap[left] {
                    right
                } else {
                    left
                };
                self.heap[pos] = self.heap[child];
                pos = child;
            }
            self.sift_up(pos, last);
        }
        Some((u32::MAX - (top >> 32) as u32, u32::MAX - top as u32))
    }

    fn bytes(&self) -> u64 {
        self.heap.capacity() as u64 * std::mem::size_of::<u128>() as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pops everything: (g, id) in order.
    fn drain(open: &mut impl Frontier) -> Vec<(u32, u32)> {
        std::iter::from_fn(|| open.pop()).collect()
    }

    #[test]
    fn both_forms_give_lowest_f_then_largest_g_then_newest() {
        // (f, g, id), ids in order, their (f, g) not.
        let entries = [
            (5, 2, 0),
            (4, 1, 1),
            (5, 3, 2),
            (4, 1, 3),
            (5, 3, 4),
            (3, 0, 5),
            (5, 3, 6),
            (4, 2, 7),
        ];
        let expected = vec![
            (0, 5),
            (2, 7),
            (1, 3),
            (1, 1),
            (3, 6),
            (3, 4),
            (3, 2),
            (2, 0),
        ];
        let (mut buckets, mut heap) = (Buckets::default(), Heap::default());
        for &(f, g, id) in &entries {
            buckets.push(f, g, id);
            heap.push(f, g, id);
        }
        assert_eq!(drain(&mut buckets), expected);
        assert_eq!(drain(&mut heap), expected);
        assert!(buckets.pop().is_none() && heap.pop().is_none());
    }

    #[test]
    fn buckets_take_pushes_below_the_lowest_f_and_count_their_bytes() {
        let mut open = Buckets::default();
        open.push(6, 1, 0);
        assert_eq!(open.pop(), Some((1, 0)));
        // An inconsistent heuristic can lower f below what was popped.
        open.push(4, 2, 1);
        open.push(6, 2, 2);
        assert_eq!(drain(&mut open), vec![(2, 1), (2, 2)]);
        // Seven layers, three heads in layer 4 and three in layer 6, and a link for each of the three nodes.
        let layer = std::mem::size_of::<Layer>() as u64;
        assert!(open.bytes() >= 7 * layer + 6 * LINK + 3 * LINK);
    }
}
