//! BFS's queue ([`Fifo`]): fixed-size blocks, read and written by runs, appended to without a branch.

/// BFS's queue, appended to without a branch on whether an item is kept: the slot past the end is always
/// written, and the length grows by one only for a kept item. It is kept in fixed-size blocks: growing adds a
/// block (no doubling that copies the whole queue and strands the old copy in a memory that never shrinks), and
/// the blocks the expanded layers leave at the front are reused at the back. It is read and written by runs
/// ([`Fifo::run`]): states read from one block while their successors go to the block being written, each
/// block with `slack` places past its size for what a run may append beyond it ([`Fifo::settle`] moves those
/// to the next block).
pub(super) struct Fifo<T> {
    /// Full blocks (the front one perhaps partly taken already).
    blocks: Vec<Box<[T]>>,
    /// The block being written, and how many of its items are kept.
    tail: Box<[T]>,
    tail_len: usize,
    /// Emptied blocks, kept for reuse.
    spare: Vec<Box<[T]>>,
    /// Items per block: `1 << shift`, then `slack` places more.
    shift: u32,
    slack: usize,
    /// The first item's place in `blocks[0]` (or in `tail` when no full block is left).
    start: usize,
    fill: T,
}

/// Appends to the block being written, during a run.
pub(super) struct Tail<'a, T> {
    free: &'a mut [T],
    /// Items kept so far.
    pub(super) kept: usize,
}

impl<T: Copy> Tail<'_, T> {
    /// Writes `item` past the end, and keeps it if `keep`.
    #[inline(always)]
    pub(super) fn offer(&mut self, item: T, keep: bool) {
        self.free[self.kept] = item;
        self.kept += usize::from(keep);
    }
}

impl<T: Copy> Fifo<T> {
    /// A queue holding `first`, in blocks of about `block` items (the power of two at or below it, at least 64)
    /// with `slack` places more.
    pub(super) fn new(block: usize, slack: usize, first: T) -> Self {
        let shift = block.max(1).ilog2().max(6);
        Fifo {
            blocks: Vec::new(),
            tail: vec![first; (1 << shift) + slack].into_boxed_slice(),
            tail_len: 1,
            spare: Vec::new(),
            shift,
            slack,
            start: 0,
            fill: first,
        }
    }

    /// A run: items `i..`, at most `n` of them and as far as their block goes, and the block being written,
    /// which takes `room() + slack` items more.
    pub(super) fn run(&mut self, i: usize, n: usize) -> (&[T], Tail<'_, T>) {
        let at = self.start + i;
        let (size, offset) = (1 << self.shift, at & ((1 << self.shift) - 1));
        let (written, free) = self.tail.split_at_mut(self.tail_len);
        let block = match self.blocks.get(at >> self.shift) {
            Some(full) => &full[offset..size],
            None => &written[offset..],
        };
        (&block[..n.min(block.len())], Tail { free, kept: 0 })
    }

    /// Ends a run that kept `kept` items: once the block being written is full, it joins the full blocks and
    /// what went past its size moves to the next one.
    pub(super) fn settle(&mut self, kept: usize) {
        self.tail_len += kept;
        let size = 1 << self.shift;
        if self.tail_len >= size {
            let fill = self.fill;
            let places = size + self.slack;
            let next = self
                .spare
                .pop()
                .unwrap_or_else(|| vec![fill; places].into_boxed_slice());
            let full = std::mem::replace(&mut self.tail, next);
            let over = self.tail_len - size;
            self.tail[..over].copy_from_slice(&full[size..self.tail_len]);
            self.blocks.push(full);
            self.tail_len = over;
        }
    }

    /// Drops the first `n` items (those already taken); emptied blocks go to the spares.
    pub(super) fn drop_front(&mut self, n: usize) {
        self.start += n;
        let emptied = (self.start >> self.shift).min(self.blocks.len());
        if emptied > 0 {
            self.spare.extend(self.blocks.drain(..emptied));
            self.start -= emptied << self.shift;
        }
    }

    pub(super) fn len(&self) -> usize {
        (self.blocks.len() << self.shift) + self.tail_len - self.start
    }

    /// Items the block being written takes before it is full (at least 1 between runs).
    pub(super) fn room(&self) -> usize {
        (1 << self.shift) - self.tail_len
    }

    /// Places per block.
    pub(super) fn block(&self) -> usize {
        self.tail.len()
    }

    /// Places in the blocks held (in use or spare): the queue's memory, in items.
    pub(super) fn capacity(&self) -> usize {
        (self.blocks.len() + 1 + self.spare.len()) * self.tail.len()
    }
}
