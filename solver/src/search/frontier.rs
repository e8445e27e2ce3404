//! OPEN of the best-first engine (`astar.rs`), in two forms that give the same order: lowest f first, ties to the
//! larger g, then to the larger node id (the newest node: it keeps the search on the path it is extending, and
//! makes the order total, so that runs repeat exactly).
//!
//! - [`Buckets`], for A* (f = g + h, small integers): a stack of node ids per (f, g). A push is an append and a
//!   pop takes from the lowest f's largest g, with no comparisons between entries.
//! - [`Heap`], for greedy and weighted A*, whose f (w_g g + w_h h, up to many hundreds of times the solution
//!   length) would need too many buckets: a binary heap of packed (f, g, id) entries.
//!
//! Both are lazy: a node whose g falls (a shorter path to it, or a reopening) gets a new entry, and the old one
//! stays until it comes up, when the engine sees that its g is out of date and skips it. So neither knows a
//! node's position, and the OPEN size the engine reports is its own count of open nodes, not the entries here.

/// OPEN: entries (f, g, node id), taken back in the order of the module's header.
pub(crate) trait Frontier {
    /// Files node `id` at cost `f` and depth `g`.
    fn push(&mut self, f: u64, g: u32, id: u32);
    /// The next entry as (g, id), stale ones included; `None` when empty.
    fn pop(&mut self) -> Option<(u32, u32)>;
    /// Bytes held, for the memory estimate.
    fn bytes(&self) -> u64;
}

/// The stacks of one f, by g.
#[derive(Default)]
struct Layer {
    /// `by_g[g]`: node ids in increasing order (so the newest is popped first).
    by_g: Vec<Vec<u32>>,
    /// The largest g that may hold an entry.
    top: usize,
    /// Entries held in this layer.
    len: usize,
}

/// OPEN as buckets over integer f, then g: see the module's header. Stacks keep their room when emptied (a later
/// push reuses it), so after the first few expansions pushes do not allocate.
#[derive(Default)]
pub(crate) struct Buckets {
    /// `by_f[f]`.
    layers: Vec<Layer>,
    /// The lowest f that may hold an entry.
    low: usize,
    /// Entries held (stale ones included).
    len: usize,
    /// Bytes of the stacks and their headers, kept as they grow.
    bytes: u64,
}

impl Buckets {
    /// Adds the layers and stacks up to (f, g): rarely, once the first few expansions have reached most of them.
    #[cold]
    fn make_room(&mut self, f: usize, g: usize) {
        if f >= self.layers.len() {
            self.bytes += (f + 1 - self.layers.len()) as u64 * std::mem::size_of::<Layer>() as u64;
            self.layers.resize_with(f + 1, Layer::default);
        }
        let layer = &mut self.layers[f];
        if g >= layer.by_g.len() {
            self.bytes += (g + 1 - layer.by_g.len()) as u64 * HEADER;
            layer.by_g.resize_with(g + 1, Vec::new);
        }
    }
}

/// Bytes of one `Vec` header.
const HEADER: u64 = std::mem::size_of::<Vec<u32>>() as u64;

impl Frontier for Buckets {
    #[inline(always)]
    fn push(&mut self, f: u64, g: u32, id: u32) {
        let (f, g) = (f as usize, g as usize);
        if f >= self.layers.len() || g >= self.layers[f].by_g.len() {
            self.make_room(f, g);
        }
        let layer = &mut self.layers[f];
        let stack = &mut layer.by_g[g];
        let room = stack.capacity();
        match stack.last() {
            // A node already numbered (its g fell): into its place by id, rarely far from the end.
            Some(&last) if last > id => {
                let at = stack.partition_point(|&other| other < id);
                stack.insert(at, id);
            }
            _ => stack.push(id),
        }
        if stack.capacity() != room {
            self.bytes += (stack.capacity() - room) as u64 * 4;
        }
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
        loop {
            if let Some(id) = layer.by_g[layer.top].pop() {
                layer.len -= 1;
                self.len -= 1;
                return Some((layer.top as u32, id));
            }
            // The layer holds an entry, so a smaller g has it.
            layer.top -= 1;
        }
    }

    fn bytes(&self) -> u64 {
        self.bytes
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
        // (f, g, id), pushed out of order, an old id among them (a node whose g fell).
        let entries = [
            (5, 2, 7),
            (4, 1, 3),
            (5, 3, 8),
            (4, 1, 9),
            (5, 3, 2),
            (3, 0, 0),
            (5, 3, 11),
            (4, 2, 4),
        ];
        let expected = vec![
            (0, 0),
            (2, 4),
            (1, 9),
            (1, 3),
            (3, 11),
            (3, 8),
            (3, 2),
            (2, 7),
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
        open.push(6, 1, 1);
        assert_eq!(open.pop(), Some((1, 1)));
        // An inconsistent heuristic can lower f below what was popped.
        open.push(4, 2, 2);
        open.push(6, 2, 3);
        assert_eq!(drain(&mut open), vec![(2, 2), (2, 3)]);
        assert!(open.bytes() >= 7 * std::mem::size_of::<Layer>() as u64 + 3 * HEADER + 4);
    }
}
