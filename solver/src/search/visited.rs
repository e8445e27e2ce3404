//! Visited sets and state indexes: dense arrays indexed by the puzzle's perfect rank where the space fits,
//! hash tables (with a fast non-cryptographic hasher) where it does not.

use crate::Puzzle;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

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

fn dense_ranks<P: Puzzle>(puzzle: &P, max: u64) -> Option<u64> {
    puzzle.rank_count().filter(|&n| n <= max)
}

/// BFS's visited set, which also remembers each state's depth modulo 3: two bits per rank where the space
/// fits (0 = unseen, else depth % 3 + 1), a hash map elsewhere. Depth mod 3 is enough to walk a shortest path
/// back from the goal (a neighbour's depth differs by at most one, and -1, 0, +1 differ mod 3), so BFS needs no
/// parent links: 2 bits a state instead of a pointer and a move.
pub enum DepthMarks<S> {
    Dense(Vec<u64>),
    Hash(HashMap<S, u8, FxBuild>),
}

impl<S: Copy + Eq + std::hash::Hash> DepthMarks<S> {
    pub fn new<P: Puzzle<State = S>>(puzzle: &P) -> Self {
        match dense_ranks(puzzle, DENSE_BITS_MAX) {
            Some(n) => DepthMarks::Dense(vec![0; n.div_ceil(32) as usize]),
            None => DepthMarks::Hash(HashMap::default()),
        }
    }

    /// The mark of `state`: 0 if unseen, else its depth % 3 + 1.
    #[inline]
    pub fn get<P: Puzzle<State = S>>(&self, puzzle: &P, state: &S) -> u8 {
        match self {
            DepthMarks::Dense(words) => {
                let r = puzzle.rank(state);
                ((words[(r >> 5) as usize] >> ((r & 31) * 2)) & 3) as u8
            }
            DepthMarks::Hash(map) => map.get(state).copied().unwrap_or(0),
        }
    }

    /// Marks `state` as reached at `depth` if it was unseen; true if it was.
    #[inline]
    pub fn mark<P: Puzzle<State = S>>(&mut self, puzzle: &P, state: &S, depth: usize) -> bool {
        let mark = (depth % 3) as u64 + 1;
        match self {
            DepthMarks::Dense(words) => {
                let r = puzzle.rank(state);
                let (word, shift) = ((r >> 5) as usize, (r & 31) * 2);
                let fresh = (words[word] >> shift) & 3 == 0;
                if fresh {
                    words[word] |= mark << shift;
                }
                fresh
            }
            DepthMarks::Hash(map) => {
                let mut fresh = false;
                map.entry(*state).or_insert_with(|| {
                    fresh = true;
                    mark as u8
                });
                fresh
            }
        }
    }

    /// Whether the marks are a dense array indexed by rank (so callers can pass ranks they already know).
    pub fn is_dense(&self) -> bool {
        matches!(self, DepthMarks::Dense(_))
    }

    /// Marks `next` with `mark` (from [`Self::mark_of`]) if it was unseen; true if it was. `rank` is its rank
    /// where the marks are dense, and ignored where they are hashed.
    #[inline]
    pub fn mark_ranked(&mut self, next: &S, rank: u64, mark: u8) -> bool {
        match self {
            DepthMarks::Dense(words) => {
                let (word, shift) = ((rank >> 5) as usize, (rank & 31) * 2);
                let fresh = (words[word] >> shift) & 3 == 0;
                words[word] |= u64::from(fresh) * (u64::from(mark) << shift);
                fresh
            }
            DepthMarks::Hash(map) => {
                let mut fresh = false;
                map.entry(*next).or_insert_with(|| {
                    fresh = true;
                    mark
                });
                fresh
            }
        }
    }

    /// The mark a state at `depth` carries.
    pub fn mark_of(depth: usize) -> u8 {
        (depth % 3) as u8 + 1
    }

    /// Bytes held, for the memory estimate.
    pub fn bytes(&self, state_bytes: usize) -> u64 {
        match self {
            DepthMarks::Dense(words) => words.len() as u64 * 8,
            DepthMarks::Hash(map) => map.capacity() as u64 * (state_bytes as u64 + 2) * 8 / 7,
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
