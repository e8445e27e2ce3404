//! The heuristics the tuned IDA* updates move by move ([`Incremental`]): Manhattan distance, and the pattern
//! databases over one to three views, their ranks updated from the moved tile rather than recomputed.

use super::board::{Geometry, PDB_MAX_CELLS};
use super::heuristic::{Pdb, NO_GROUP};
use super::rank::rank;
use super::table::GroupTable;

/// The most groups a partition of 16 cells minus the blank can have.
const MAX_GROUPS: usize = PDB_MAX_CELLS - 1;

/// A heuristic that follows the search move by move instead of being recomputed.
pub(crate) trait Incremental {
    /// What `probe` learnt and `apply`/`revert` need.
    type Delta: Copy + Default;
    /// The value for the current board.
    fn value(&self) -> u32;
    /// A first, cheap lower bound on the value after the tile named `tile` (by its goal cell)
    /// slides from `from` to `to`; it fills part of `delta`.
    fn probe(&self, tile: usize, from: u8, to: u8, delta: &mut Self::Delta) -> u32;
    /// The full value after that move, given `probe`'s `first`; fills the rest of `delta`.
    /// Only a completed delta may be applied.
    fn complete(&self, tile: usize, from: u8, to: u8, first: u32, delta: &mut Self::Delta) -> u32;
    /// Makes the probed move the current board.
    fn apply(&mut self, tile: usize, from: u8, to: u8, delta: &Self::Delta);
    /// Undoes `apply`.
    fn revert(&mut self, tile: usize, from: u8, to: u8, delta: &Self::Delta);
    /// Bytes of tables it reads, for the memory estimate.
    fn memory_bytes(&self) -> u64;
}

/// Manhattan distance, updated by the moved tile's change.
pub(super) struct ManhattanEval {
    /// `distance[tile][cell]`, tiles named by goal cell.
    distance: [[u8; PDB_MAX_CELLS]; PDB_MAX_CELLS],
    h: u32,
}

impl ManhattanEval {
    pub(super) fn new(geometry: &Geometry, names: &[u8], blank_name: u8) -> ManhattanEval {
        let n = geometry.cells();
        let mut distance = [[0u8; PDB_MAX_CELLS]; PDB_MAX_CELLS];
        for (tile, row) in distance.iter_mut().enumerate().take(n) {
            for (cell, d) in row.iter_mut().enumerate().take(n) {
                *d = geometry.manhattan(tile, cell) as u8;
            }
        }
        let h = names
            .iter()
            .enumerate()
            .filter(|&(_, &t)| t != blank_name)
            .map(|(cell, &t)| distance[t as usize][cell] as u32)
            .sum();
        ManhattanEval { distance, h }
    }
}

impl Incremental for ManhattanEval {
    type Delta = ();

    #[inline(always)]
    fn value(&self) -> u32 {
        self.h
    }

    #[inline(always)]
    fn probe(&self, tile: usize, from: u8, to: u8, _: &mut ()) -> u32 {
        let row = &self.distance[tile];
        self.h + row[to as usize] as u32 - row[from as usize] as u32
    }

    #[inline(always)]
    fn complete(&self, _tile: usize, _from: u8, _to: u8, first: u32, _: &mut ()) -> u32 {
        first
    }

    #[inline(always)]
    fn apply(&mut self, tile: usize, from: u8, to: u8, _: &()) {
        let row = &self.distance[tile];
        self.h = self.h + row[to as usize] as u32 - row[from as usize] as u32;
    }

    #[inline(always)]
    fn revert(&mut self, tile: usize, from: u8, to: u8, _: &()) {
        let row = &self.distance[tile];
        self.h = self.h + row[from as usize] as u32 - row[to as usize] as u32;
    }

    fn memory_bytes(&self) -> u64 {
        std::mem::size_of::<Self>() as u64
    }
}

/// One group's table and rank weights, flattened for the hot loop.
#[derive(Clone, Copy)]
struct GroupRef<'a> {
    /// `weight[i]`: the place value of digit i of the rank, (n-i-1)(n-i-2)...(n-k+1).
    weight: [u32; PDB_MAX_CELLS],
    values: &'a [u8],
}

/// The change one move makes to the pattern database lookups, per view.
#[derive(Clone, Copy)]
pub(super) struct PdbDelta<const V: usize> {
    group: [u8; V],
    old_rank: [u32; V],
    new_rank: [u32; V],
    old_value: [u8; V],
    new_value: [u8; V],
}

impl<const V: usize> Default for PdbDelta<V> {
    fn default() -> Self {
        PdbDelta {
            group: [NO_GROUP; V],
            old_rank: [0; V],
            new_rank: [0; V],
            old_value: [0; V],
            new_value: [0; V],
        }
    }
}

/// `at[cell]` when no group tile stands on the cell.
const EMPTY: u8 = 0xFF;

/// Additive pattern databases over `V` views (the plain lookup and its reflections).
///
/// Ranks are updated, not recomputed: when tile m of a group slides from cell a to cell b, only
/// digit m of the rank changes, by (b - a) less the group tiles of lower index strictly between
/// a and b, and the digits of the group tiles of higher index strictly between a and b change
/// by one each (see `rank::rank`). A sideways move has no cell between; a vertical one has
/// `width - 1`.
pub(super) struct PdbEval<'a, const V: usize> {
    /// Per view, the symmetry as a map on cells and on tile names (a tile is named by its goal cell).
    maps: [[u8; PDB_MAX_CELLS]; V],
    /// `group_of[name]` and `index_of[name]`: the group of a (view) tile and its digit in the rank.
    group_of: [u8; PDB_MAX_CELLS],
    index_of: [u8; PDB_MAX_CELLS],
    groups: [GroupRef<'a>; MAX_GROUPS],
    /// Per view, `at[cell]` = group << 4 | index of the group tile standing there, or `EMPTY`.
    at: [[u8; PDB_MAX_CELLS]; V],
    rank: [[u32; MAX_GROUPS]; V],
    value: [[u8; MAX_GROUPS]; V],
    sum: [u32; V],
    table_bytes: u64,
}

impl<'a, const V: usize> PdbEval<'a, V> {
    pub(super) fn new(pdb: &'a Pdb, names: &[u8]) -> PdbEval<'a, V> {
        let n = pdb.geometry().cells();
        let tables: &'a [GroupTable] = pdb.tables().groups();
        let mut groups = [GroupRef {
            weight: [0; PDB_MAX_CELLS],
            values: &[],
        }; MAX_GROUPS];
        let mut index_of = [0u8; PDB_MAX_CELLS];
        for (slot, table) in groups.iter_mut().zip(tables) {
            let k = table.cells().len();
            let mut w = 1u32;
            for i in (0..k).rev() {
                slot.weight[i] = w;
                w *= (n - i) as u32;
            }
            slot.values = table.values();
            for (i, &c) in table.cells().iter().enumerate() {
                index_of[c as usize] = i as u8;
            }
        }
        let mut maps = [[0u8; PDB_MAX_CELLS]; V];
        for (map, view) in maps.iter_mut().zip(pdb.views()) {
            *map = view.map;
        }
        let group_of = *pdb.group_of();
        let mut eval = PdbEval {
            maps,
            group_of,
            index_of,
            groups,
            at: [[EMPTY; PDB_MAX_CELLS]; V],
            rank: [[0; MAX_GROUPS]; V],
            value: [[0; MAX_GROUPS]; V],
            sum: [0; V],
            table_bytes: pdb.tables().memory_bytes() as u64,
        };
        for (v, map) in maps.iter().enumerate() {
            let mut pos = [0u8; PDB_MAX_CELLS];
            for (cell, &t) in names.iter().enumerate() {
                let (name, vcell) = (map[t as usize] as usize, map[cell]);
                pos[name] = vcell;
                if group_of[name] != NO_GROUP {
                    eval.at[v][vcell as usize] = group_of[name] << 4 | index_of[name];
                }
            }
            for (g, table) in tables.iter().enumerate() {
                let mut placed = [0u8; PDB_MAX_CELLS];
                for (slot, &c) in placed.iter_mut().zip(table.cells()) {
                    *slot = pos[c as usize];
                }
                let r = rank(n, &placed[..table.cells().len()]);
                eval.rank[v][g] = r as u32;
                eval.value[v][g] = table.values()[r];
                eval.sum[v] += eval.value[v][g] as u32;
            }
        }
        eval
    }

    /// The rank of group `g` in view `v` after its tile of index `m` slides from cell `a` to `b`.
    #[inline(always)]
    fn moved_rank(&self, v: usize, g: u8, m: u8, a: u8, b: u8) -> u32 {
        let weight = &self.groups[g as usize].weight;
        let mut rank = self.rank[v][g as usize] as i64;
        let (lo, hi, up) = if a < b { (a, b, true) } else { (b, a, false) };
        let sign: i64 = if up { 1 } else { -1 };
        let mut digit = b as i64 - a as i64;
        for c in lo + 1..hi {
            let entry = self.at[v][c as usize];
            if entry >> 4 == g {
                let j = entry & 0xF;
                if j < m {
                    digit -= sign;
                } else {
                    rank += sign * weight[j as usize] as i64;
                }
            }
        }
        (rank + digit * weight[m as usize] as i64) as u32
    }

    /// The value of view `v` after the move, filling `delta`'s slot for it.
    #[inline(always)]
    fn probe_view(&self, v: usize, tile: usize, from: u8, to: u8, delta: &mut PdbDelta<V>) -> u32 {
        let name = self.maps[v][tile] as usize;
        let g = self.group_of[name];
        delta.group[v] = g;
        if g == NO_GROUP {
            return self.sum[v];
        }
        let r = self.moved_rank(
            v,
            g,
            self.index_of[name],
            self.maps[v][from as usize],
            self.maps[v][to as usize],
        );
        let new_value = self.groups[g as usize].values[r as usize];
        let old_value = self.value[v][g as usize];
        delta.old_rank[v] = self.rank[v][g as usize];
        delta.new_rank[v] = r;
        delta.old_value[v] = old_value;
        delta.new_value[v] = new_value;
        self.sum[v] - old_value as u32 + new_value as u32
    }
}

impl<const V: usize> Incremental for PdbEval<'_, V> {
    type Delta = PdbDelta<V>;

    #[inline(always)]
    fn value(&self) -> u32 {
        self.sum.iter().copied().max().unwrap_or(0)
    }

    #[inline(always)]
    fn probe(&self, tile: usize, from: u8, to: u8, delta: &mut PdbDelta<V>) -> u32 {
        self.probe_view(0, tile, from, to, delta)
    }

    #[inline(always)]
    fn complete(&self, tile: usize, from: u8, to: u8, first: u32, delta: &mut PdbDelta<V>) -> u32 {
        let mut best = first;
        for v in 1..V {
            best = best.max(self.probe_view(v, tile, from, to, delta));
        }
        best
    }

    #[inline(always)]
    fn apply(&mut self, _tile: usize, from: u8, to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let (a, b) = (
                self.maps[v][from as usize] as usize,
                self.maps[v][to as usize] as usize,
            );
            self.at[v].swap(a, b);
            let g = delta.group[v];
            if g != NO_GROUP {
                let g = g as usize;
                self.rank[v][g] = delta.new_rank[v];
                self.value[v][g] = delta.new_value[v];
                self.sum[v] = self.sum[v] - delta.old_value[v] as u32 + delta.new_value[v] as u32;
            }
        }
    }

    #[inline(always)]
    fn revert(&mut self, _tile: usize, from: u8, to: u8, delta: &PdbDelta<V>) {
        for v in 0..V {
            let (a, b) = (
                self.maps[v][from as usize] as usize,
                self.maps[v][to as usize] as usize,
            );
            self.at[v].swap(a, b);
            let g = delta.group[v];
            if g != NO_GROUP {
                let g = g as usize;
                self.rank[v][g] = delta.old_rank[v];
                self.value[v][g] = delta.old_value[v];
                self.sum[v] = self.sum[v] - delta.new_value[v] as u32 + delta.old_value[v] as u32;
            }
        }
    }

    fn memory_bytes(&self) -> u64 {
        self.table_bytes + std::mem::size_of::<Self>() as u64
    }
}
