//! The near-optimal search's memory: boards packed 5 bits a cell, nodes in fixed blocks ([`Arena`]), the index
//! from boards to nodes ([`Index`]) and the open list's entries. Everything here is sized so that a byte
//! budget (the browser worker's) holds as many nodes as it can.

use std::cmp::Reverse;

use crate::pdb::board::DirCode;
use crate::sliding::Dir;

/// A board packed 5 bits a cell.
pub(super) type Packed = u128;

pub(super) fn pack(tiles: &[u8]) -> Packed {
    tiles
        .iter()
        .enumerate()
        .fold(0, |acc, (cell, &t)| acc | (t as Packed) << (5 * cell))
}

#[inline(always)]
pub(super) fn tile_at(board: Packed, cell: usize) -> u8 {
    (board >> (5 * cell)) as u8 & 31
}

/// The blank's move code (see `board::DirCode`) as a `Dir`.
pub(super) fn to_dir(code: DirCode) -> Dir {
    match code {
        0 => Dir::Up,
        1 => Dir::Down,
        2 => Dir::Left,
        _ => Dir::Right,
    }
}

pub(super) fn to_code(dir: Dir) -> DirCode {
    match dir {
        Dir::Up => 0,
        Dir::Down => 1,
        Dir::Left => 2,
        Dir::Right => 3,
    }
}

/// A node of the search: 28 bytes. Packed to 4-byte alignment: a `u128` board would otherwise
/// align the node to 16 bytes and pad it from 26 to 32, a seventh more of the byte budget that the
/// browser's worker holds for no more nodes. Fields are read and written by value (no references
/// into a packed struct).
#[derive(Debug, Clone, Copy)]
#[repr(C, packed(4))]
pub(super) struct Node {
    pub(super) board: Packed,
    pub(super) parent: u32,
    pub(super) g: u16,
    pub(super) h: u16,
    pub(super) blank: u8,
    /// The move that reached it (`NO_DIR` for the start).
    pub(super) dir: u8,
}

pub(super) const NO_DIR: u8 = 4;
/// The most children an expansion adds (the blank's moves but the one straight back, and the
/// start's four).
pub(super) const MAX_CHILDREN: usize = 4;
pub(super) const NODE_BYTES: u64 = std::mem::size_of::<Node>() as u64;
// On every target (the browser's wasm32 too): a change that pads the node fails to build.
const _: () = assert!(NODE_BYTES == 28);
/// g is kept in 12 bits of an open-list entry.
pub(super) const MAX_G: u32 = 4095;

/// The nodes, in blocks of 2^16 that never move: past the first block (which doubles as it
/// fills, so that a small search stays small) the arena grows by one block (2 MiB), never by a
/// doubled copy, so nearly all of a byte budget can hold nodes.
pub(super) struct Arena {
    pub(super) blocks: Vec<Vec<Node>>,
    pub(super) len: usize,
}

pub(super) const BLOCK_BITS: usize = 16;
pub(super) const BLOCK: usize = 1 << BLOCK_BITS;

impl Arena {
    pub(super) fn new() -> Arena {
        Arena {
            blocks: Vec::new(),
            len: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        self.blocks.truncate(1);
        if let Some(first) = self.blocks.first_mut() {
            first.clear();
        }
        self.len = 0;
    }

    pub(super) fn len(&self) -> usize {
        self.len
    }

    pub(super) fn push(&mut self, node: Node) {
        let block = self.len >> BLOCK_BITS;
        if block == self.blocks.len() {
            self.blocks
                .push(Vec::with_capacity(if block == 0 { 0 } else { BLOCK }));
        }
        self.blocks[block].push(node);
        self.len += 1;
    }

    pub(super) fn bytes(&self) -> u64 {
        let nodes: usize = self.blocks.iter().map(Vec::capacity).sum();
        nodes as u64 * NODE_BYTES + self.blocks.capacity() as u64 * 24
    }

    /// What pushing `adding` more nodes allocates: nothing while they fit, else a doubling of
    /// the first block or a new block.
    pub(super) fn growth(&self, adding: usize) -> u64 {
        let capacity: usize = self.blocks.iter().map(Vec::capacity).sum();
        if self.len + adding <= capacity {
            0
        } else if capacity < BLOCK {
            2 * capacity.max(4) as u64 * NODE_BYTES
        } else {
            BLOCK as u64 * NODE_BYTES
        }
    }
}

impl std::ops::Index<u32> for Arena {
    type Output = Node;

    #[inline(always)]
    fn index(&self, id: u32) -> &Node {
        let id = id as usize;
        &self.blocks[id >> BLOCK_BITS][id & (BLOCK - 1)]
    }
}

impl std::ops::IndexMut<u32> for Arena {
    #[inline(always)]
    fn index_mut(&mut self, id: u32) -> &mut Node {
        let id = id as usize;
        &mut self.blocks[id >> BLOCK_BITS][id & (BLOCK - 1)]
    }
}

/// The most nodes `budget` holds beside an index of `index_bytes`: a node and an open entry
/// each, the arena in whole blocks.
pub(super) fn nodes_within(budget: u64, index_bytes: u64) -> u64 {
    let nodes = budget.saturating_sub(index_bytes) / (NODE_BYTES + 8);
    let block = BLOCK as u64;
    if nodes < block {
        nodes
    } else {
        nodes / block * block
    }
}

/// The most nodes one search holds: node numbers take 28 bits of an open-list entry and of an
/// index slot.
pub(super) const MAX_NODES: usize = (1 << ID_BITS) - 1;
const ID_BITS: u32 = 28;
const ID_MASK: u32 = (1 << ID_BITS) - 1;

/// The index from boards to nodes: open addressing over node numbers (plus one; 0 is empty),
/// at most half full, or three quarters where a byte budget leaves no room to double it. Each
/// slot's top 4 bits hold a tag of its board's hash: a probe passes a slot whose tag differs
/// without reading the node, a random read into the arena that would cost as much as the slot's.
pub(super) struct Index {
    pub(super) slots: Vec<u32>,
    pub(super) len: usize,
}

impl Index {
    pub(super) fn new() -> Index {
        Index {
            slots: vec![0; 1 << 12],
            len: 0,
        }
    }

    pub(super) fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = 0);
        self.len = 0;
    }

    /// The board's home slot, and its tag in a slot's top bits: bits of the hash below the
    /// home's (which takes the top bits, at most 28 of them while the table holds at most
    /// [`MAX_NODES`] at half load).
    #[inline(always)]
    fn home_and_tag(&self, board: Packed) -> (usize, u32) {
        let x = (board as u64) ^ ((board >> 64) as u64).rotate_left(29);
        let h = x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let home = (h >> (64 - self.slots.len().trailing_zeros())) as usize;
        (home, ((h >> 32) as u32) << ID_BITS)
    }

    /// Asks for `board`'s home slot to be brought into the cache, ahead of [`Index::find`].
    #[inline(always)]
    pub(super) fn prefetch(&self, board: Packed) {
        crate::search::prefetch(&self.slots[self.home_and_tag(board).0]);
    }

    /// The node holding `board`, or the slot where it would go.
    #[inline(always)]
    pub(super) fn find(&self, nodes: &Arena, board: Packed) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let (mut i, tag) = self.home_and_tag(board);
        loop {
            let s = self.slots[i];
            if s == 0 {
                return Err(i);
            }
            if s & !ID_MASK == tag && nodes[(s & ID_MASK) - 1].board == board {
                return Ok((s & ID_MASK) - 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Inserts node `id` (below [`MAX_NODES`]) holding `board` at `slot` (from `find`). The table
    /// never grows here: [`Index::fits`] says beforehand whether it must ([`Index::double`]).
    #[inline(always)]
    pub(super) fn insert(&mut self, slot: usize, id: u32, board: Packed) {
        debug_assert!((id as usize) < MAX_NODES);
        self.slots[slot] = (id + 1) | self.home_and_tag(board).1;
        self.len += 1;
    }

    /// Whether `adding` more entries keep the table at most half full (`full` false), or at
    /// most three quarters full (`full` true: linear probing stays short).
    pub(super) fn fits(&self, adding: usize, full: bool) -> bool {
        let entries = self.len + adding;
        if full {
            entries * 4 <= self.slots.len() * 3
        } else {
            entries * 2 <= self.slots.len()
        }
    }

    /// Doubles the table. While it rehashes, the old table and the new one are both held.
    pub(super) fn double(&mut self, nodes: &Arena) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for s in old.into_iter().filter(|&s| s != 0) {
            // The tag is the same at any size: only the home moves.
            let (mut i, _) = self.home_and_tag(nodes[(s & ID_MASK) - 1].board);
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = s;
        }
    }

    pub(super) fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * 4
    }
}

/// An open-list entry: the weighted f (hundredths), then larger g first, then the node.
#[inline(always)]
pub(super) fn entry(key: u32, g: u32, id: u32) -> Reverse<u64> {
    Reverse((key as u64) << 40 | ((MAX_G - g) as u64) << 28 | id as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_byte_budget_holds_a_node_per_28_bytes() {
        // The arena's blocks are what the budget counts: 2^16 nodes of 28 bytes each (not 32, as an aligned
        // u128 board would pad them to).
        let mut arena = Arena::new();
        for _ in 0..=BLOCK {
            arena.push(Node {
                board: 0,
                parent: 0,
                g: 0,
                h: 0,
                blank: 0,
                dir: 0,
            });
        }
        // The second block has room for all but one more; past that, a new block.
        assert_eq!(arena.growth(BLOCK - 1), 0);
        assert_eq!(arena.growth(BLOCK), BLOCK as u64 * 28);
        assert_eq!(std::mem::size_of::<Node>(), 28);
    }
}
