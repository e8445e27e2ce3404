//! Visited sets and state indexes: dense arrays indexed by the puzzle's perfect rank where the space fits,
//! hash tables (with a fast non-cryptographic hasher) where it does not.

use crate::Puzzle;
use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasherDefault, Hasher};

/// Dense bit sets are used up to this many ranks (2^30 bits = 128 MiB).
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

fn dense_ranks<P: Puzzle>(puzzle: &P, max: u64) -> Option<u64> {
    puzzle.rank_count().filter(|&n| n <= max)
}

/// A set of states: a bit per rank, or a hash set.
pub enum SeenSet<S> {
    Bits(Vec<u64>),
    Hash(HashSet<S, FxBuild>),
}

impl<S: Copy + Eq + std::hash::Hash> SeenSet<S> {
    pub fn new<P: Puzzle<State = S>>(puzzle: &P) -> Self {
        match dense_ranks(puzzle, DENSE_BITS_MAX) {
            Some(n) => SeenSet::Bits(vec![0; n.div_ceil(64) as usize]),
            None => SeenSet::Hash(HashSet::default()),
        }
    }

    /// Inserts `state`; true if it was not there before.
    #[inline]
    pub fn insert<P: Puzzle<State = S>>(&mut self, puzzle: &P, state: &S) -> bool {
        match self {
            SeenSet::Bits(bits) => {
                let r = puzzle.rank(state);
                let (word, bit) = ((r >> 6) as usize, 1u64 << (r & 63));
                let fresh = bits[word] & bit == 0;
                bits[word] |= bit;
                fresh
            }
            SeenSet::Hash(set) => set.insert(*state),
        }
    }

    /// Bytes held, for the memory estimate.
    pub fn bytes(&self, state_bytes: usize) -> u64 {
        match self {
            SeenSet::Bits(bits) => bits.len() as u64 * 8,
            // hashbrown: one control byte plus the slot per bucket, buckets ~ 8/7 of the items.
            SeenSet::Hash(set) => set.capacity() as u64 * (state_bytes as u64 + 1) * 8 / 7,
        }
    }
}

/// A map from state to a node id (an index into the search's node arena).
/// The dense form stores id + 1, so that a fresh all-zero array (which the allocator hands out as untouched
/// zero pages) means "unseen" and costs nothing to set up.
pub enum StateIndex<S> {
    Dense(Vec<u32>),
    Hash(HashMap<S, u32, FxBuild>),
}

/// Whether a search is expected to touch a large share of the space (BFS, DFS) or a small one (A*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// A dense array pays off: most of it gets used.
    Exhaustive,
    /// A hash table wins: an informed search touches few states, and first-touching the pages of a
    /// dense array (page faults) would cost more than the whole search.
    Informed,
}

impl<S: Copy + Eq + std::hash::Hash> StateIndex<S> {
    pub fn new<P: Puzzle<State = S>>(puzzle: &P, reach: Reach) -> Self {
        let max = if reach == Reach::Exhaustive {
            DENSE_IDS_MAX
        } else {
            0
        };
        match dense_ranks(puzzle, max) {
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

    pub fn bytes(&self, state_bytes: usize) -> u64 {
        match self {
            StateIndex::Dense(ids) => ids.len() as u64 * 4,
            StateIndex::Hash(map) => map.capacity() as u64 * (state_bytes as u64 + 5) * 8 / 7,
        }
    }
}

/// Finds the move that leads from `from` to `to` (used only to rebuild a path, never in a hot loop).
pub fn move_between<P: Puzzle>(puzzle: &P, from: &P::State, to: &P::State) -> Option<P::Move> {
    let mut found = None;
    puzzle.for_each_successor(from, |mv, next| {
        if found.is_none() && next == *to {
            found = Some(mv);
        }
    });
    found
}

/// Rebuilds the move list from a chain of states (start first).
pub fn moves_along<P: Puzzle>(puzzle: &P, states: &[P::State]) -> Vec<P::Move> {
    states
        .windows(2)
        .filter_map(|pair| move_between(puzzle, &pair[0], &pair[1]))
        .collect()
}
