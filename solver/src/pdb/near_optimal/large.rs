//! The tables paired with a goal on boards of up to 25 cells ([`LargePdb`]): each tile's group and place per view
//! (the plain lookup and a reflection), the dual lookups when the tables serve any goal, the estimate and the
//! lower bound.

use std::sync::Arc;

use super::cells::{
    connected, positions, preimages, MAX_GROUPS, MAX_GROUP_TILES, MAX_VIEWS, N, NO_GROUP,
};
use super::dual::DualTables;
use crate::pdb::board::{CellMap, Geometry};
use crate::pdb::error::PdbError;
use crate::pdb::rank::rank;
use crate::pdb::table::PdbTables;

/// The weights of the successive runs (hundredths): each run must beat the last answer.
pub const WEIGHTS: [u32; 9] = [300, 200, 160, 140, 130, 120, 115, 110, 100];

/// One way of reading the tables (the identity or a symmetry fixing the blank's goal cell; see
/// `heuristic::View`), precomputed per tile label: the group and index in it of the tile's
/// (mapped) goal cell, and per group the cell map (the view's, then the one taking the group onto
/// its table's cells).
#[derive(Debug, Clone)]
pub(super) struct LargeView {
    pub(super) maps: [[u8; N]; MAX_GROUPS],
    pub(super) group: [u8; N],
    pub(super) index: [u8; N],
    /// `tiles[g][i]`: the tile label playing index `i` of group `g`.
    pub(super) tiles: [[u8; MAX_GROUP_TILES]; MAX_GROUPS],
}

/// One group's table: the tables holding it and its index there.
#[derive(Debug, Clone)]
pub(super) struct GroupRef {
    pub(super) tables: Arc<PdbTables>,
    pub(super) index: usize,
}

/// Where a group's values come from: a group of some tables (`tables`, the group's `index` there) and
/// the board symmetry `map` that takes the group's goal cells onto that group's cells. A symmetry
/// maps moves to moves, so the table of a group serves each of its images: the identity for the
/// group itself, a rotation for a rotated copy (as the 5x5 window groups are).
#[derive(Debug, Clone)]
pub struct GroupSource {
    pub tables: Arc<PdbTables>,
    pub index: usize,
    pub map: CellMap,
}

/// Pattern database tables for a board of up to 25 cells paired with one goal: the additive
/// heuristic (the sum of the group tables), maximised over the reflection that fixes the blank's
/// goal cell. Admissible for the reasons given at `Pdb`. Its groups may come from one set of
/// tables ([`LargePdb::new`]) or from several ([`LargePdb::from_groups`], as [`super::WindowTables`]
/// does for any goal).
#[derive(Debug, Clone)]
pub struct LargePdb {
    pub(super) geometry: Geometry,
    pub(super) groups: Vec<GroupRef>,
    pub(super) goal: Vec<u8>,
    pub(super) views: Vec<LargeView>,
    pub(super) group_len: Vec<u8>,
    /// The dual lookups, maximised with the views (tables for any goal only: [`LargePdb::with_dual`]).
    pub(super) dual: Option<DualTables>,
}

impl LargePdb {
    /// Pairs `tables` (any board up to 25 cells) with `goal`, whose blank must sit on the cell
    /// the tables were built for.
    pub fn new(tables: Arc<PdbTables>, goal: &[u8]) -> Result<LargePdb, PdbError> {
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        if blank != tables.blank() {
            return Err(PdbError::GoalMismatch {
                tables_blank: tables.blank(),
                goal_blank: blank,
            });
        }
        let identity = tables.geometry().all_symmetries()[0];
        let groups = (0..tables.groups().len())
            .map(|index| GroupSource {
                tables: Arc::clone(&tables),
                index,
                map: identity,
            })
            .collect();
        LargePdb::from_groups(goal, groups)
    }

    /// Pairs groups taken from several tables, each maybe through a symmetry ([`GroupSource`]),
    /// with `goal`. The groups (their goal cells: the tables' cells mapped back) must be disjoint
    /// and leave out the goal's blank cell, and each group's goal placement must leave the other
    /// cells connected, so that its table does not depend on where the blank starts (then tables
    /// built for another blank cell serve this goal).
    pub fn from_groups(goal: &[u8], groups: Vec<GroupSource>) -> Result<LargePdb, PdbError> {
        let bad = |reason: String| Err(PdbError::BadPartition { reason });
        let Some(geometry) = groups.first().map(|s| s.tables.geometry().clone()) else {
            return bad("there are no tables".to_string());
        };
        geometry.check_tiles("goal", goal)?;
        let blank = goal.iter().position(|&t| t == 0).unwrap_or(0) as u8;
        if groups.len() > MAX_GROUPS {
            return bad(format!(
                "the near-optimal search takes at most {MAX_GROUPS} groups"
            ));
        }
        // group_of[cell], index_of[cell]: where a goal cell sits in the partition.
        let mut group_of = [NO_GROUP; N];
        let mut index_of = [0u8; N];
        let mut refs = Vec::with_capacity(groups.len());
        let mut group_maps = Vec::with_capacity(groups.len());
        let symmetries = geometry.all_symmetries();
        for (g, GroupSource { tables, index, map }) in groups.into_iter().enumerate() {
            let Some(group) = tables.groups().get(index) else {
                return bad(format!("the tables have no group {index}"));
            };
            if tables.geometry() != &geometry || group.cells().len() > MAX_GROUP_TILES {
                return bad(format!(
                    "the near-optimal search takes groups of at most {MAX_GROUP_TILES} tiles on one board"
                ));
            }
            // The group's goal cells, in the table's order (only a symmetry keeps the table's distances).
            let n = geometry.cells();
            let symmetry = symmetries.iter().any(|s| s[..n] == map[..n]);
            let Some(cells) = preimages(&geometry, &map, group.cells()).filter(|_| symmetry) else {
                return bad("a group's cell map is not a symmetry of the board".to_string());
            };
            let mask = cells.iter().fold(0u32, |m, &c| m | 1 << c);
            // Built for this goal's blank cell (through the map), the table serves it whatever the placement.
            let served_as_built = map[blank as usize] == tables.blank();
            if !served_as_built && !connected(&geometry, geometry.all_cells() & !mask) {
                return bad(format!(
                    "group {cells:?} was built for the blank on cell {}, and its goal placement \
                     cuts the board, so it does not serve a goal with the blank on cell {blank}",
                    tables.blank()
                ));
            }
            for (i, &c) in cells.iter().enumerate() {
                if c == blank || group_of[c as usize] != NO_GROUP {
                    return bad(format!("cell {c} is the blank's or in two groups"));
                }
                group_of[c as usize] = g as u8;
                index_of[c as usize] = i as u8;
            }
            refs.push(GroupRef { tables, index });
            group_maps.push(map);
        }
        let mut view_maps = vec![symmetries[0]];
        view_maps.extend(
            geometry
                .symmetries_fixing(blank as usize)
                .into_iter()
                .take(MAX_VIEWS - 1),
        );
        let views = view_maps
            .into_iter()
            .map(|map| {
                let mut maps = [[0u8; N]; MAX_GROUPS];
                for (composed, group_map) in maps.iter_mut().zip(&group_maps) {
                    for (cell, m) in composed.iter_mut().enumerate() {
                        *m = group_map[map[cell] as usize];
                    }
                }
                let mut view = LargeView {
                    maps,
                    group: [NO_GROUP; N],
                    index: [0; N],
                    tiles: [[0; MAX_GROUP_TILES]; MAX_GROUPS],
                };
                for (cell, &t) in goal.iter().enumerate() {
                    if t == 0 {
                        continue;
                    }
                    let c = map[cell] as usize;
                    let (g, i) = (group_of[c], index_of[c]);
                    view.group[t as usize] = g;
                    view.index[t as usize] = i;
                    if g != NO_GROUP {
                        view.tiles[g as usize][i as usize] = t;
                    }
                }
                view
            })
            .collect();
        Ok(LargePdb {
            group_len: refs
                .iter()
                .map(|r| r.tables.groups()[r.index].cells().len() as u8)
                .collect(),
            geometry,
            groups: refs,
            goal: goal.to_vec(),
            views,
            dual: None,
        })
    }

    /// Adds the dual lookups `dual` (for this goal) to the maximum.
    pub(super) fn with_dual(mut self, dual: Option<DualTables>) -> LargePdb {
        self.dual = dual;
        self
    }

    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Bytes of the tables it reads (a table serving several groups counted once).
    pub fn memory_bytes(&self) -> usize {
        let mut seen: Vec<(*const PdbTables, usize)> = Vec::new();
        let mut bytes = 0;
        for r in &self.groups {
            let id = (Arc::as_ptr(&r.tables), r.index);
            if !seen.contains(&id) {
                seen.push(id);
                bytes += r.tables.groups()[r.index].values().len();
            }
        }
        bytes
    }

    /// The goal, row-major.
    pub fn goal(&self) -> &[u8] {
        &self.goal
    }

    /// Uses only the plain lookup, without the reflection.
    pub fn without_reflections(mut self) -> LargePdb {
        self.views.truncate(1);
        self
    }

    /// The value of group `g` under view `v`, the tiles standing on `pos[tile]`.
    #[inline(always)]
    pub(super) fn group_value(&self, v: usize, g: usize, pos: &[u8; N]) -> u32 {
        let view = &self.views[v];
        let k = self.group_len[g] as usize;
        let mut cells = [0u8; MAX_GROUP_TILES];
        for (cell, &t) in cells.iter_mut().zip(&view.tiles[g][..k]) {
            *cell = view.maps[g][pos[t as usize] as usize];
        }
        let n = self.geometry().cells();
        let group = &self.groups[g];
        group.tables.groups[group.index].value(rank(n, &cells[..k]), &cells[..k])
    }

    /// The heuristic value of `tiles` (row-major, 0 the blank); 0 for anything that is not a
    /// board of this geometry (check input with `Geometry::check_tiles` first).
    pub fn estimate(&self, tiles: &[u8]) -> u32 {
        if self.geometry().check_tiles("board", tiles).is_err() {
            return 0;
        }
        let pos = positions(tiles);
        let dual = self.dual.as_ref().map_or(0, |d| d.estimate(tiles, pos[0]));
        (0..self.views.len())
            .map(|v| {
                (0..self.group_len.len())
                    .map(|g| self.group_value(v, g, &pos))
                    .sum::<u32>()
            })
            .fold(dual, u32::max)
    }

    /// A lower bound on the shortest solution of `start`: the larger of the tables' value and
    /// linear conflict; 0 if `start` is not a board of this geometry.
    pub fn lower_bound(&self, start: &[u8]) -> u32 {
        let shape = self.geometry().shape();
        let conflict = crate::sliding::LargePuzzle::new(shape, start, &self.goal)
            .map(|puzzle| {
                let lc = crate::sliding::LinearConflict::new(&puzzle);
                crate::Heuristic::estimate(&lc, &crate::Puzzle::start(&puzzle))
            })
            .unwrap_or(0);
        self.estimate(start).max(conflict)
    }
}
