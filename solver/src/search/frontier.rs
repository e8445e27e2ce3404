//! OPEN of the best-first engine (`astar.rs`), in two forms that give the same order: lowest f first, ties to the
//! larger g, then to the larger node id (the newest node: it keeps the search on the path it is extending, and
//! makes the order total, so that runs repeat exactly).
//!
//! - [`Buckets`], for A* (f = g + h, small integers): a list of node ids per (f, g), newest first. A push puts
//!   a new node first in its list and a pop takes from the lowest f's largest g, with no comparisons between
//!   entries.
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

/// Marks the end of a bucket's list (and an empty bucket or free list).
const NIL: u32 = u32::MAX;

/// The buckets of one f, by g.
#[derive(Default)]
struct Layer {
    /// `heads[g]`: the bucket's first entry (its largest node id), or `NIL`.
    heads: Vec<u32>,
    /// The largest g that may hold an entry.
    top: usize,
    /// Entries held in this layer.
    len: usize,
}

/// One entry of a bucket: a node id and the next entry of the same bucket (a smaller id), or `NIL`.
#[derive(Clone, Copy)]
struct Entry {
    id: u32,
    next: u32,
}

/// OPEN as buckets over integer f, then g: see the module's header. Each bucket is a list threaded through one
/// pool of entries, largest id first, so a push or a pop touches a layer's row of heads and the pool, with no
/// allocation per bucket; popped entries go to a free list that the next pushes reuse, so the pool holds as
/// many entries as OPEN ever did.
pub(crate) struct Buckets {
    /// `layers[f]`.
    layers: Vec<Layer>,
    entries: Vec<Entry>,
    /// The first free entry, or `NIL`.
    free: u32,
    /// The largest id pushed so far: a larger one goes first in its bucket without a look at the others.
    newest: Option<u32>,
    /// The lowest f that may hold an entry.
    low: usize,
    /// Entries held (stale ones included).
    len: usize,
    /// Bytes of the layers, their heads and the pool, kept as they grow.
    bytes: u64,
}

impl Default for Buckets {
    fn default() -> Self {
        Buckets {
            layers: Vec::new(),
            entries: Vec::new(),
            free: NIL,
            newest: None,
            low: 0,
            len: 0,
            bytes: 0,
        }
    }
}

/// Bytes of one head.
const HEAD: u64 = std::mem::size_of::<u32>() as u64;

impl Buckets {
    /// Adds the layers and heads up to (f, g): rarely, once the first few expansions have reached most of them.
    #[cold]
    fn make_room(&mut self, f: usize, g: usize) {
        if f >= self.layers.len() {
            self.bytes += (f + 1 - self.layers.len()) as u64 * std::mem::size_of::<Layer>() as u64;
            self.layers.resize_with(f + 1, Layer::default);
        }
        let layer = &mut self.layers[f];
        if g >= layer.heads.len() {
            self.bytes += (g + 1 - layer.heads.len()) as u64 * HEAD;
            layer.heads.resize(g + 1, NIL);
        }
    }

    /// A pool entry to fill: a free one, or a new one.
    #[inline(always)]
    fn take_entry(&mut self) -> u32 {
        if self.free != NIL {
            let at = self.free;
            self.free = self.entries[at as usize].next;
            return at;
        }
        let room = self.entries.capacity();
        self.entries.push(Entry { id: NIL, next: NIL });
        if self.entries.capacity() != room {
            self.bytes +=
                (self.entries.capacity() - room) as u64 * std::mem::size_of::<Entry>() as u64;
        }
        (self.entries.len() - 1) as u32
    }
}

impl Frontier for Buckets {
    #[inline(always)]
    fn push(&mut self, f: u64, g: u32, id: u32) {
        let (f, g) = (f as usize, g as usize);
        if f >= self.layers.len() || g >= self.layers[f].heads.len() {
            self.make_room(f, g);
        }
        let at = self.take_entry();
        let newest = self.newest.is_none_or(|newest| id > newest);
        let layer = &mut self.layers[f];
        let head = &mut layer.heads[g];
        if newest || *head == NIL || self.entries[*head as usize].id < id {
            self.entries[at as usize] = Entry { id, next: *head };
            *head = at;
        } else {
            // A node already numbered (its g fell): after the entries with larger ids, rarely far from the head.
            let mut before = *head as usize;
            loop {
                let next = self.entries[before].next;
                if next == NIL || self.entries[next as usize].id < id {
                    break;
                }
                before = next as usize;
            }
            self.entries[at as usize] = Entry {
                id,
                next: self.entries[before].next,
            };
            self.entries[before].next = at;
        }
        if newest {
            self.newest = Some(id);
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
            let at = layer.heads[layer.top];
            if at != NIL {
                let Entry { id, next } = self.entries[at as usize];
                layer.heads[layer.top] = next;
                self.entries[at as usize].next = self.free;
                self.free = at;
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
        // Seven layers, three heads in layer 4 and three in layer 6, and a pool of at least two entries.
        let entry = std::mem::size_of::<Entry>() as u64;
        assert!(open.bytes() >= 7 * std::mem::size_of::<Layer>() as u64 + 6 * HEAD + 2 * entry);
    }
}
