//! Which groups of a board's tables a helper builds ([`Plan`]): those big enough to be worth a helper's start.

use crate::worker::tables;
use solver::pdb::{self, Geometry, Partition};
use solver::query::PuzzleSpec;

/// Groups with fewer table entries than this are built on the spot: a helper would take longer to start.
pub const HELPER_MIN_ENTRIES: usize = 1 << 20;

/// The tables of a board's default partition, to be built partly in helper workers.
#[derive(Debug, Clone)]
pub struct Plan {
    pub(super) geometry: Geometry,
    pub(super) partition: Partition,
    /// Indices of the groups built in helpers, one helper each.
    pub(super) helped: Vec<usize>,
}

impl Plan {
    /// The board the tables are for.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The blank's goal cell, which the tables depend on.
    pub fn blank(&self) -> u8 {
        self.partition.blank()
    }
}

/// A helper plan for the pattern databases `query` needs, when they are worth it: a `pdb` query on a board of at
/// most 16 cells whose partition has a big group (the 15-puzzle's 6-6-3: both 6-tile groups).
pub fn plan(query_text: &str) -> Option<Plan> {
    let query = solver::query::parse(query_text).ok()?;
    tables::key_for_query(&query)?;
    let PuzzleSpec::Sliding {
        width,
        height,
        goal,
        ..
    } = &query.puzzle
    else {
        return None;
    };
    let geometry = Geometry::new(*width, *height).ok()?;
    let blank = goal.iter().position(|&t| t == 0)? as u8;
    let partition = Partition::default_for(&geometry, blank).ok()?;
    plan_for(geometry, partition)
}

/// The plan for `partition` with every group built here, in slices.
pub fn plan_here(geometry: Geometry, partition: Partition) -> Plan {
    Plan {
        geometry,
        partition,
        helped: Vec::new(),
    }
}

/// The plan for `partition`: every group of at least `HELPER_MIN_ENTRIES` entries but the first gets a helper; the
/// others (the first big one too, when there are several) are built here while the helpers work. On two cores this
/// worker and one helper take as long as two helpers, and a helper costs the browser more at the peak than this
/// worker's growth (its own compiled code and heaps besides the build's working space); the growth goes when this
/// worker, idle, is retired (`Built::Tables::built_big_here`).
pub fn plan_for(geometry: Geometry, partition: Partition) -> Option<Plan> {
    let n = geometry.cells();
    let mut helped: Vec<usize> = partition
        .groups()
        .iter()
        .enumerate()
        .filter(|(_, cells)| {
            pdb::rank::placements(n, cells.len()).unwrap_or(0) >= HELPER_MIN_ENTRIES
        })
        .map(|(index, _)| index)
        .collect();
    if helped.len() > 1 {
        helped.remove(0);
    }
    (!helped.is_empty()).then_some(Plan {
        geometry,
        partition,
        helped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_of(width: u8, height: u8, blank: u8) -> Option<Plan> {
        let geometry = Geometry::new(width, height).ok()?;
        let partition = Partition::default_for(&geometry, blank).ok()?;
        plan_for(geometry, partition)
    }

    #[test]
    fn the_fifteen_puzzle_gives_its_second_six_tile_group_a_helper() {
        for blank in [0, 5, 15] {
            let plan = plan_of(4, 4, blank).expect("4x4 is worth a helper");
            let sizes: Vec<usize> = plan
                .helped
                .iter()
                .map(|&g| plan.partition.groups()[g].len())
                .collect();
            assert_eq!(sizes, vec![6], "blank {blank}");
            // The first 6-tile group and the 3-tile group are built by the solver worker itself.
            assert_eq!(plan.partition.groups().len(), 3, "blank {blank}");
            assert_eq!(plan.partition.groups()[0].len(), 6, "blank {blank}");
            assert!(!plan.helped.contains(&0), "blank {blank}");
        }
        // Small boards build on the spot.
        assert!(plan_of(3, 3, 8).is_none());
        assert!(plan_of(4, 3, 11).is_none());
    }

    #[test]
    fn only_pdb_queries_on_big_boards_get_a_plan() {
        let start = "puzzle=sliding&size=4x4&start=1,2,3,4,5,6,7,8,9,10,11,12,13,14,0,15";
        assert!(plan(&format!("{start}&algo=idastar&heuristic=pdb")).is_some());
        assert!(plan(&format!("{start}&algo=idastar&heuristic=manhattan")).is_none());
        assert!(
            plan("puzzle=sliding&size=3x3&start=1,2,3,4,5,6,7,0,8&algo=astar&heuristic=pdb")
                .is_none()
        );
        assert!(plan("not a query").is_none());
    }
}
