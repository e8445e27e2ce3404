//! The limits of the near-optimal search's lookups (cells, groups, views) and the cell helpers that pairing
//! tables with a goal needs: where each tile stands, whether free cells are connected, which cells a
//! symmetry maps onto a group.

use crate::pdb::board::{CellMap, Geometry, PDB_TABLE_MAX_CELLS};

/// The cells the lookups' arrays hold: the largest board's.
pub(super) const N: usize = PDB_TABLE_MAX_CELLS;
/// A tile in no group (it counts zero).
pub(super) const NO_GROUP: u8 = u8::MAX;
/// The most tiles a group holds on these boards (see `Partition::new`).
pub(super) const MAX_GROUP_TILES: usize = 6;
/// The most groups a view has.
pub(super) const MAX_GROUPS: usize = 12;
/// Lookups maximised: the plain one and at most one reflection.
pub(super) const MAX_VIEWS: usize = 2;

/// Whether the cells of `free` form one region.
pub(super) fn connected(geometry: &Geometry, free: u32) -> bool {
    let Some(first) = (0..geometry.cells()).find(|&c| free & (1 << c) != 0) else {
        return true;
    };
    let mut region = 1u32 << first;
    loop {
        let mut grown = region;
        for c in 0..geometry.cells() {
            if region & (1 << c) != 0 {
                grown |= geometry.neighbours(c) & free;
            }
        }
        if grown == region {
            return region == free;
        }
        region = grown;
    }
}

/// The cells that the board symmetry `map` takes onto `cells`, in their order; `None` if `map` does not
/// map the board's cells one to one.
pub(super) fn preimages(geometry: &Geometry, map: &CellMap, cells: &[u8]) -> Option<Vec<u8>> {
    let n = geometry.cells();
    let mut inverse = [u8::MAX; N];
    for (cell, &m) in map.iter().enumerate().take(n) {
        let slot = inverse
            .get_mut(m as usize)
            .filter(|s| (m as usize) < n && **s == u8::MAX)?;
        *slot = cell as u8;
    }
    cells
        .iter()
        .map(|&c| inverse.get(c as usize).copied().filter(|&p| p != u8::MAX))
        .collect()
}

/// `pos[tile]`: the cell each tile stands on.
pub(super) fn positions(tiles: &[u8]) -> [u8; N] {
    let mut pos = [0u8; N];
    for (cell, &t) in tiles.iter().enumerate().take(N) {
        pos[(t as usize).min(N - 1)] = cell as u8;
    }
    pos
}
