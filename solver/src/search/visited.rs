//! Visited sets and state indexes: dense arrays indexed by the puzzle's perfect rank where the space fits,
//! hash tables (with a fast non-cryptographic hasher) where it does not.

use crate::Puzzle;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hash, Hasher};

/// Dense two-bit depth marks are used up to this many ranks (2^30 ranks = 256 MiB).
pub const DENSE_BITS_MAX: u64 = 1 << 30;
/// Dense id arrays (4 bytes a rank) are used up to this many ranks (64 MiB).
pub const DENSE_IDS_MAX: u64 = 1 << 24;

/// FxHash (as in rustc): one multiply per word. States are already well-mixed integers.
#[derive(Default, Clone, Copy)]
pub struct FxHasher(u64);

const FX_SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl Hasher for FxHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }
    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(FX_SEED);
    }
    #[inline]
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_u8(&mut self, n: u8) {
        self.write_u64(u64::from(n));
    }
    #[inline]
    fn write_usize(&mut self, n: usize) {
        self.write_u64(n as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // Fold the high bits down: hashbrown takes its bucket index from the low bits.
        self.0 ^ (self.0 >> 29)
    }
}

pub type FxBuild = BuildHasherDefault<FxHasher>;

/// The places of a dense table for `puzzle`, one per rank shifted by `class_shift` (see
/// [`Puzzle::RANK_CLASS_SHIFT`]; 0 for every rank), where there are at most `max`.
fn dense_ranks<P: Puzzle>(puzzle: &P, class_shift: u32, max: u64) -> Option<u64> {
    puzzle
        .rank_count()
        .map(|n| n >> class_shift)
        .filter(|&n| n <= max)
}

/// BFS's visited set, which also remembers each state's depth modulo 3: two bits per rank where the space
/// fits (0 = unseen, else depth % 3 + 1), a hash map elsewhere. Depth mod 3 is enough to walk a shortest path
/// back from the goal (a neighbour's depth differs by at most one, and -1, 0, +1 differ mod 3), so BFS needs no
/// parent links: 2 bits a state instead of a pointer and a move.
///
/// BFS runs its one engine on either form as a type parameter ([`DenseMarks`], [`HashMarks`]), so the choice is
/// made once per search, not at every successor.
pub trait DepthMarks<S>: Sized {
    /// Whether the marks are indexed by rank (so the engine computes ranks and passes them).
    const DENSE: bool;

    /// The mark of `state`: 0 if unseen, else its depth % 3 + 1.
    fn get<P: Puzzle<State = S>>(&self, puzzle: &P, state: &S) -> u8;

    /// Marks `next` with `mark` (from [`mark_of`]) if it was unseen; true if it was. `rank` is its rank where
    /// the marks are dense, and ignored where they are hashed.
    fn mark_ranked(&mut self, next: &S, rank: u64, mark: u8) -> bool;

    /// Bytes held, for the memory estimate.
    fn bytes(&self, state_bytes: usize) -> u64;

    /// Marks `state` as reached at `depth` if it was unseen; true if it was.
    #[inline]
    fn mark<P: Puzzle<State = S>>(&mut self, puzzle: &P, state: &S, depth: usize) -> bool {
        let rank = if Self::DENSE { puzzle.rank(state) } else { 0 };
        self.mark_ranked(state, rank, mark_of(depth))
    }
}

/// The mark a state at `depth` carries.
#[inline]
pub fn mark_of(depth: usize) -> u8 {
    (depth % 3) as u8 + 1
}

/// Two bits a rank, 32 ranks a word, indexed by the rank of the start's class (`rank >> class_shift`, see
/// [`Puzzle::RANK_CLASS_SHIFT`]): BFS marks only states reached from its start.
pub struct DenseMarks {
    words: Vec<u64>,
    class_shift: u32,
}

/// Marks by state, for spaces without a perfect rank or too large for [`DENSE_BITS_MAX`].
pub struct HashMarks<S>(HashMap<S, u8, FxBuild>);

/// The form of BFS's marks `puzzle`'s space takes: dense up to [`DENSE_BITS_MAX`] ranks, hashed above.
pub enum MarksFor<S> {
    Dense(DenseMarks),
    Hash(HashMarks<S>),
}

impl<S: Copy + Eq + std::hash::Hash> MarksFor<S> {
    pub fn new<P: Puzzle<State = S>>(puzzle: &P) -> Self {
        match dense_ranks(puzzle, P::RANK_CLASS_SHIFT, DENSE_BITS_MAX) {
            Some(n) => MarksFor::Dense(DenseMarks {
                words: vec![0; n.div_ceil(32) as usize],
                class_shift: P::RANK_CLASS_SHIFT,
            }),
            None => MarksFor::Hash(HashMarks::default()),
        }
    }

    /// The bytes [`MarksFor::new`] allocates at once for `puzzle`: the dense array, or nothing for a hash map.
    pub fn planned_bytes<P: Puzzle<State = S>>(puzzle: &P) -> u64 {
        dense_ranks(puzzle, P::RANK_CLASS_SHIFT, DENSE_BITS_MAX).map_or(0, |n| n.div_ceil(32) * 8)
    }
}

impl<S> Default for HashMarks<S> {
    fn default() -> Self {
        HashMarks(HashMap::default())
    }
}

impl<S> DepthMarks<S> for DenseMarks {
    const DENSE: bool = true;

    #[inline]
    fn get<P: Puzzle<State = S>>(&self, puzzle: &P, state: &S) -> u8 {
        let r = puzzle.rank(state) >> self.class_shift;
        ((self.words[(r >> 5) as usize] >> ((r & 31) * 2)) & 3) as u8
    }

    #[inline(always)]
    fn mark_ranked(&mut self, _next: &S, rank: u64, mark: u8) -> bool {
        let r = rank >> self.class_shift;
        let (word, shift) = ((r >> 5) as usize, (r & 31) * 2);
        let fresh = (self.words[word] >> shift) & 3 == 0;
        self.words[word] |= u64::from(fresh) * (u64::from(mark) << shift);
        fresh
    }

    fn bytes(&self, _state_bytes: usize) -> u64 {
        self.words.len() as u64 * 8
    }
}

impl<S: Copy + Eq + std::hash::Hash> DepthMarks<S> for HashMarks<S> {
    const DENSE: bool = false;

    #[inline]
    fn get<P: Puzzle<State = S>>(&self, _puzzle: &P, state: &S) -> u8 {
        self.0.get(state).copied().unwrap_or(0)
    }

    #[inline(always)]
    fn mark_ranked(&mut self, next: &S, _rank: u64, mark: u8) -> bool {
        let mut fresh = false;
        self.0.entry(*next).or_insert_with(|| {
            fresh = true;
            mark
        });
        fresh
    }

    fn bytes(&self, state_bytes: usize) -> u64 {
        self.0.capacity() as u64 * (state_bytes as u64 + 2) * 8 / 7
    }
}

/// A map from state to a node id, for the searches that touch a large share of the space (bidirectional BFS, DFS;
/// the best-first engine has its own index). The dense form stores id + 1, so that a fresh all-zero array (which the
/// allocator hands out as untouched zero pages) means "unseen" and costs nothing to set up.
pub enum StateIndex<S> {
    Dense(Vec<u32>),
    Hash(HashMap<S, u32, FxBuild>),
}

impl<S: Copy + Eq + std::hash::Hash> StateIndex<S> {
    pub fn new<P: Puzzle<State = S>>(puzzle: &P) -> Self {
        match dense_ranks(puzzle, 0, DENSE_IDS_MAX) {
            Some(n) => StateIndex::Dense(vec![0; n as usize]),
            None => StateIndex::Hash(HashMap::with_capacity_and_hasher(
                1 << 12,
                FxBuild::default(),
            )),
        }
    }

    #[inline]
    pub fn get<P: Puzzle<State = S>>(&self, puzzle: &P, state: &S) -> Option<u32> {
        match self {
            StateIndex::Dense(ids) => {
                let id = ids[puzzle.rank(state) as usize];
                id.checked_sub(1)
            }
            StateIndex::Hash(map) => map.get(state).copied(),
        }
    }

    #[inline]
    pub fn insert<P: Puzzle<State = S>>(&mut self, puzzle: &P, state: &S, id: u32) {
        match self {
            StateIndex::Dense(ids) => ids[puzzle.rank(state) as usize] = id + 1,
            StateIndex::Hash(map) => {
                map.insert(*state, id);
            }
        }
    }

    /// Whether the index is a dense array, allocated whole (a hash map grows as it fills).
    pub fn is_dense(&self) -> bool {
        matches!(self, StateIndex::Dense(_))
    }

    pub fn bytes(&self, state_bytes: usize) -> u64 {
        match self {
            StateIndex::Dense(ids) => ids.len() as u64 * 4,
            StateIndex::Hash(map) => map.capacity() as u64 * (state_bytes as u64 + 5) * 8 / 7,
        }
    }
}

/// The node ids of a best-first search by state: open addressing with linear probing over 8-byte slots, each
/// holding the top 32 bits of the state's hash above the node id + 1 (0 is an empty slot). The states themselves
/// stay in the search's node arena (the caller compares them), so a 5x5 board costs 16 to 32 bytes here instead
/// of the 37 to 74 of a general hash map (a 24-byte key and a value, at its load factor), and a lookup that finds
/// nothing (most of them) is usually one slot read.
///
/// A state's home slot is taken from the top bits of its hash, which the slot keeps: growing the table refiles
/// every slot from its own bits, in order, without visiting the node arena.
pub struct NodeIndex {
    slots: Vec<u64>,
    /// log2 of the number of slots (at most 32: the home slot comes from the kept 32 bits).
    bits: u32,
    len: usize,
}

/// The fewest slots; a power of two. 16,384 slots (128 KiB) hold 8,192 nodes at half load: the hardest 8-puzzle
/// never refiles them (growing twice from 4,096 slots was 6% of its A*).
const INDEX_MIN_SLOTS: usize = 1 << 14;

impl Default for NodeIndex {
    fn default() -> Self {
        Self::new()
    }
}

thread_local! {
    /// The index of the thread's last best-first search, kept at its first size: the next search clears it
    /// rather than allocating (and faulting in) 128 KiB again.
    static SPARE_INDEX: std::cell::Cell<Option<NodeIndex>> = const { std::cell::Cell::new(None) };
}

impl NodeIndex {
    /// An empty index: the one the thread kept ([`NodeIndex::keep_for_reuse`]), cleared, or a new one.
    pub fn reused() -> Self {
        match SPARE_INDEX.with(std::cell::Cell::take) {
            Some(mut index) => {
                index.slots.fill(0);
                index.len = 0;
                index
            }
            None => Self::new(),
        }
    }

    /// Keeps this index for the thread's next search if it has its first size: a larger one (from a large
    /// search) is freed, so a thread never holds more than 128 KiB between searches.
    pub fn keep_for_reuse(self) {
        if self.slots.len() == INDEX_MIN_SLOTS {
            SPARE_INDEX.with(|spare| spare.set(Some(self)));
        }
    }

    pub fn new() -> Self {
        NodeIndex {
            slots: vec![0; INDEX_MIN_SLOTS],
            bits: INDEX_MIN_SLOTS.trailing_zeros(),
            len: 0,
        }
    }

    /// The hash a state is filed under: FxHash without its final fold, since the index reads the top bits, the
    /// best mixed of a multiply.
    #[inline]
    pub fn hash<S: Hash>(state: &S) -> u64 {
        let mut hasher = FxHasher::default();
        state.hash(&mut hasher);
        hasher.0
    }

    /// The home slot of a hash (or of a filed slot, whose top 32 bits are the hash's).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }

    /// The id of the state hashing to `hash` (`is_it(id)` says whether node `id` holds that state), or the empty
    /// slot where it belongs.
    #[inline]
    pub fn find(&self, hash: u64, is_it: impl Fn(u32) -> bool) -> Result<u32, usize> {
        self.probe(hash, is_it)
            .map(|at| Self::id_in(self.slots[at]))
    }

    /// The slot holding the state hashing to `hash` for which `is_it(id)` holds, or the empty slot where it belongs.
    #[inline]
    fn probe(&self, hash: u64, is_it: impl Fn(u32) -> bool) -> Result<usize, usize> {
        let mask = self.slots.len() - 1;
        let print = hash >> 32;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return Err(at);
            }
            if slot >> 32 == print && is_it(Self::id_in(slot)) {
                return Ok(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The node id a filed slot holds.
    #[inline]
    fn id_in(slot: u64) -> u32 {
        (slot as u32).wrapping_sub(1)
    }

    /// The number of slots (it changes only when the table grows).
    #[inline]
    pub fn slot_count(&self) -> usize {
        self.slots.len()
    }

    /// Points the slot of node `old`, whose state hashes to `hash`, at node `new` (a newer node of that state).
    pub fn refile(&mut self, hash: u64, old: u32, new: u32) {
        if let Ok(at) = self.probe(hash, |id| id == old) {
            self.slots[at] = (self.slots[at] & !u64::from(u32::MAX)) | u64::from(new + 1);
        }
    }

    /// Files node `id` (whose state hashes to `hash`) in the empty slot `at` that `find` gave, then grows the
    /// table if it is half full. Ids are below `u32::MAX`.
    #[inline]
    pub fn insert_at(&mut self, at: usize, hash: u64, id: u32) {
        self.slots[at] = (hash & !u64::from(u32::MAX)) | u64::from(id + 1);
        self.len += 1;
        if 2 * self.len > self.slots.len() && self.bits < 32 {
            self.grow();
        }
    }

    /// Doubles the table. Slots are refiled in their old order, which is nearly the order of their home slots,
    /// so the writes sweep the new table almost sequentially.
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.bits += 1;
        let mask = self.slots.len() - 1;
        // A run that wraps past the end leaves its first slots at the start of the old table, ahead of their
        // homes: refiling never overwrites, so any order is correct.
        for slot in old.into_iter().filter(|&slot| slot != 0) {
            let mut at = self.home(slot);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }

    /// Bytes held, for the memory estimate.
    pub fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_index_comes_back_empty_and_a_grown_one_is_not_kept() {
        // Start from no spare, whatever ran before on this thread.
        drop(NodeIndex::reused());
        let mut index = NodeIndex::reused();
        let hash = NodeIndex::hash(&42u64);
        let at = index.find(hash, |_| true).unwrap_err();
        index.insert_at(at, hash, 7);
        assert_eq!(index.find(hash, |id| id == 7), Ok(7));
        index.keep_for_reuse();
        let mut index = NodeIndex::reused();
        assert_eq!(
            index.find(hash, |_| true),
            Err(at),
            "a kept index is cleared"
        );
        for k in 0..INDEX_MIN_SLOTS as u64 {
            let hash = NodeIndex::hash(&k);
            let at = index.find(hash, |_| false).unwrap_err();
            index.insert_at(at, hash, k as u32);
        }
        assert!(index.slot_count() > INDEX_MIN_SLOTS);
        index.keep_for_reuse();
        assert_eq!(NodeIndex::reused().slot_count(), INDEX_MIN_SLOTS);
    }
}
