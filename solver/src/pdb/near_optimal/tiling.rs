//! Which groups of a tiling of the board share a pattern database table ([`Tiling`]): a board symmetry
//! maps moves to moves, so the table of a group serves each of its images.

use crate::pdb::board::{CellMap, Geometry};
use crate::pdb::partition::FIVE_BY_FIVE_GROUPS;

/// The superseded 5x5 tiling (five groups that no symmetry relates). Caches written while it was in use (a
/// disk cache, a browser's IndexedDB) may still hold its tables; those the present tiling does not share are
/// never read, so [`crate::pdb::WindowTables::earlier_partitions`] names them for deletion.
pub(super) const EARLIER_FIVE_BY_FIVE_GROUPS: [[u8; 5]; 5] = [
    [0, 1, 2, 5, 6],
    [3, 4, 7, 8, 9],
    [10, 15, 16, 20, 21],
    [11, 12, 13, 17, 22],
    [14, 18, 19, 23, 24],
];

/// Which groups of a tiling share a table. A board symmetry maps moves to moves, so it keeps
/// distances: a group that one maps onto an earlier group is read through that group's table, its
/// cells mapped; likewise a blank cell's smaller table (its group without it).
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Tiling {
    /// Per group: the group whose table serves it (itself when no symmetry maps it onto an earlier
    /// one) and the symmetry taking its cells onto that group's.
    pub(super) full: Vec<(usize, CellMap)>,
    /// Per blank cell: the smaller partition (index into `smaller`) serving it and the symmetry
    /// taking its group onto that partition's; `None` for a group of one cell (it counts zero).
    pub(super) small: Vec<Option<(usize, CellMap)>>,
    /// The smaller partitions that have tables: (a group serving itself, the blank cell taken out).
    pub(super) smaller: Vec<(usize, u8)>,
}

impl Tiling {
    pub(super) fn new(geometry: &Geometry, groups: &[Vec<u8>]) -> Tiling {
        let symmetries = geometry.all_symmetries();
        let mask = |cells: &mut dyn Iterator<Item = u8>| cells.fold(0u32, |m, c| m | 1 << c);
        let image = |s: &CellMap, group: &[u8]| mask(&mut group.iter().map(|&c| s[c as usize]));
        let masks: Vec<u32> = groups
            .iter()
            .map(|g| mask(&mut g.iter().copied()))
            .collect();
        let mut full: Vec<(usize, CellMap)> = Vec::with_capacity(groups.len());
        for group in groups {
            let served = (0..full.len())
                .filter(|&h| full[h].0 == h)
                .find_map(|h| {
                    let s = symmetries.iter().find(|s| image(s, group) == masks[h])?;
                    Some((h, *s))
                })
                .unwrap_or((full.len(), symmetries[0]));
            full.push(served);
        }
        let mut smaller = Vec::new();
        let small = (0..geometry.cells() as u8)
            .map(|blank| {
                let g = groups.iter().position(|g| g.contains(&blank))?;
                if groups[g].len() < 2 {
                    return None;
                }
                // The serving group and blank cell that come first, over the symmetries taking the group onto a
                // group that serves itself.
                let (h, s) = symmetries
                    .iter()
                    .filter_map(|s| {
                        let h = (0..groups.len())
                            .find(|&h| full[h].0 == h && image(s, &groups[g]) == masks[h])?;
                        Some((h, *s))
                    })
                    .min_by_key(|(h, s)| (*h, s[blank as usize]))?;
                let key = (h, s[blank as usize]);
                let k = smaller.iter().position(|&p| p == key).unwrap_or_else(|| {
                    smaller.push(key);
                    smaller.len() - 1
                });
                Some((k, s))
            })
            .collect();
        Tiling {
            full,
            small,
            smaller,
        }
    }

    /// The groups that serve themselves.
    pub(super) fn serving(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.full.len()).filter(|&g| self.full[g].0 == g)
    }
}

/// The 5x5 window groups ([`FIVE_BY_FIVE_GROUPS`]).
pub(super) fn five_by_five() -> Vec<Vec<u8>> {
    FIVE_BY_FIVE_GROUPS.iter().map(|g| g.to_vec()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn on_5x5_two_tables_serve_the_five_groups_and_seven_the_blank_cells() {
        let g = Geometry::new(5, 5).unwrap_or_else(|e| panic!("{e}"));
        let groups = five_by_five();
        let tiling = Tiling::new(&g, &groups);
        assert_eq!(tiling.serving().collect::<Vec<_>>(), vec![0, 2]);
        assert_eq!(tiling.smaller.len(), 7);
        for (group, &(h, map)) in groups.iter().zip(&tiling.full) {
            let mut image: Vec<u8> = group.iter().map(|&c| map[c as usize]).collect();
            image.sort_unstable();
            assert_eq!(image, groups[h]);
        }
        for blank in 0..25u8 {
            let Some((k, map)) = tiling.small[blank as usize] else {
                panic!("cell {blank} has a smaller table");
            };
            let (h, cell) = tiling.smaller[k];
            assert_eq!(map[blank as usize], cell);
            let group = groups
                .iter()
                .find(|g| g.contains(&blank))
                .map_or(0, |g| g.iter().fold(0u32, |m, &c| m | 1 << map[c as usize]));
            assert_eq!(group, groups[h].iter().fold(0u32, |m, &c| m | 1 << c));
        }
    }
}
