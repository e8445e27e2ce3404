//! A best-first search's node ids by state: a dense table indexed by the puzzle's perfect rank where the space is
//! small (kept per thread from one search to the next), the compact hash [`NodeIndex`] elsewhere.

use super::visited::NodeIndex;
use super::Control;
use crate::Puzzle;
use std::cell::Cell;
use std::hash::Hash;

/// Dense node ids are used up to this many ranks (4 bytes a rank, 4 MiB): the 8-puzzle's 9! (1.4 MiB) and
/// smaller boards, not Hanoi with 13 disks (3^13 ranks) nor anything larger.
pub const DENSE_NODE_IDS_MAX: u64 = 1 << 20;

/// Node ids by state, as the best-first engine uses them. It runs its one engine on either form as a type
/// parameter ([`DenseIds`], [`HashedIds`]), so the choice is made once per search, not at every successor.
pub trait NodeIds<S>: Sized {
    /// Whether ids are found by rank (the engine then computes ranks and passes them).
    const DENSE: bool;
    /// Whether the bytes held grow with the search (by doubling), or are all taken at the start.
    const GROWS: bool;
    /// What a lookup found, and where a new node would be filed.
    type Lookup: Copy;

    /// Looks up `state`, whose rank is `rank` where the ids are dense (ignored where they are hashed); `is_it(id)`
    /// says whether node `id` holds `state`.
    fn lookup(&self, state: &S, rank: u64, is_it: impl Fn(u32) -> bool) -> Self::Lookup;

    /// The id `lookup` found, or where to file a new node: looked up again if a sibling filed since may have
    /// changed the answer.
    fn recheck(
        &self,
        lookup: Self::Lookup,
        is_it: impl Fn(u32) -> bool,
    ) -> Result<u32, Self::Lookup>;

    /// Files node `id` where `recheck` said it belongs. Ids are filed in order, from 0.
    fn file(&mut self, at: Self::Lookup, id: u32);

    /// Bytes held, for the memory estimate.
    fn bytes(&self) -> u64;
}

/// The form of node ids `puzzle`'s space takes: dense up to [`DENSE_NODE_IDS_MAX`] ranks if the table takes at
/// most half of the byte budget, hashed otherwise.
pub enum NodeIdsFor {
    Dense(DenseIds),
    Hashed(HashedIds),
}

impl NodeIdsFor {
    pub fn new<P: Puzzle>(puzzle: &P, control: &Control) -> Self {
        let ranks = puzzle.rank_count().filter(|&n| n <= DENSE_NODE_IDS_MAX);
        match ranks {
            Some(n) if control.over_memory_limit(2 * 4 * n).is_none() => {
                NodeIdsFor::Dense(DenseIds::new(n as usize))
            }
            _ => NodeIdsFor::Hashed(HashedIds(NodeIndex::new())),
        }
    }
}

/// The compact [`NodeIndex`], which keeps only a hash print and an id beside the node arena (a 5x5 board costs 8
/// bytes there instead of about 40 in a general hash map), and files a new node in the very slot its lookup found
/// empty: one probe, where a hash map's lookup and insert make two.
pub struct HashedIds(pub NodeIndex);

/// What a hashed lookup found: the node id, or where (under which hash and table size) a new node would be filed.
#[derive(Clone, Copy)]
pub struct HashLookup {
    found: Result<u32, usize>,
    hash: u64,
    slots: usize,
}

impl<S: Hash> NodeIds<S> for HashedIds {
    const DENSE: bool = false;
    const GROWS: bool = true;
    type Lookup = HashLookup;

    #[inline]
    fn lookup(&self, state: &S, _rank: u64, is_it: impl Fn(u32) -> bool) -> HashLookup {
        let hash = NodeIndex::hash(state);
        HashLookup {
            found: self.0.find(hash, is_it),
            hash,
            slots: self.0.slot_count(),
        }
    }

    /// A sibling filed since may have taken the empty slot found, or grown the table.
    #[inline]
    fn recheck(&self, lookup: HashLookup, is_it: impl Fn(u32) -> bool) -> Result<u32, HashLookup> {
        let found = match lookup.found {
            Err(at) if self.0.slot_count() != lookup.slots || !self.0.is_free(at) => {
                self.0.find(lookup.hash, is_it)
            }
            found => found,
        };
        found.map_err(|at| HashLookup {
            found: Err(at),
            slots: self.0.slot_count(),
            ..lookup
        })
    }

    #[inline]
    fn file(&mut self, at: HashLookup, id: u32) {
        if let Err(slot) = at.found {
            self.0.insert_at(slot, at.hash, id);
        }
    }

    fn bytes(&self) -> u64 {
        self.0.bytes()
    }
}

thread_local! {
    /// The dense table the last search on this thread left, and the base its ids started from next time.
    static KEPT: Cell<Option<(Vec<u32>, u32)>> = const { Cell::new(None) };
}

/// One u32 a rank: `base + id` for node `id` of this search. Entries below `base` are left by earlier searches
/// on this thread and mean "not filed": the table is cleared only when the bases run out of u32s, so a search
/// neither zeroes nor faults in 1.4 MiB to start, and when it ends the table goes back for the next search with
/// the base moved past every id it filed.
pub struct DenseIds {
    ids: Vec<u32>,
    base: u32,
    filed: u32,
}

impl DenseIds {
    /// A table of `ranks` entries: the one this thread kept if it has that size, else a fresh one.
    pub fn new(ranks: usize) -> Self {
        // Every state has one node, so ids stay below `ranks`, and `base + ranks` must fit in a u32 for an
        // entry below `base` to read as an id past every filed one.
        let room = |base: u32| u64::from(base) + ranks as u64 <= u64::from(u32::MAX);
        let (ids, base) = match KEPT.with(Cell::take) {
            Some((ids, base)) if ids.len() == ranks && room(base) => (ids, base),
            Some((mut ids, _)) if ids.len() == ranks => {
                ids.fill(0);
                (ids, 1)
            }
            _ => (vec![0; ranks], 1),
        };
        DenseIds {
            ids,
            base,
            filed: 0,
        }
    }

    #[inline]
    fn get(&self, rank: usize) -> Result<u32, usize> {
        let id = self.ids[rank].wrapping_sub(self.base);
        if id < self.filed {
            Ok(id)
        } else {
            Err(rank)
        }
    }
}

impl Drop for DenseIds {
    fn drop(&mut self) {
        let kept = (std::mem::take(&mut self.ids), self.base + self.filed);
        // During the thread's teardown the table is simply freed.
        let _ = KEPT.try_with(|cell| cell.set(Some(kept)));
    }
}

impl<S> NodeIds<S> for DenseIds {
    const DENSE: bool = true;
    const GROWS: bool = false;
    type Lookup = Result<u32, usize>;

    #[inline]
    fn lookup(&self, _state: &S, rank: u64, _is_it: impl Fn(u32) -> bool) -> Result<u32, usize> {
        self.get(rank as usize)
    }

    /// Read again: a sibling may be the same state (not on a sliding board, but a puzzle may make it so).
    #[inline]
    fn recheck(
        &self,
        lookup: Result<u32, usize>,
        _is_it: impl Fn(u32) -> bool,
    ) -> Result<u32, Result<u32, usize>> {
        let rank = match lookup {
            Ok(_) => return lookup.map_err(Err),
            Err(rank) => rank,
        };
        self.get(rank).map_err(Err)
    }

    #[inline]
    fn file(&mut self, at: Result<u32, usize>, id: u32) {
        if let Err(rank) = at {
            self.ids[rank] = self.base + id;
            self.filed = self.filed.max(id + 1);
        }
    }

    fn bytes(&self) -> u64 {
        self.ids.len() as u64 * 4
    }
}
