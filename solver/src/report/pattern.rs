//! What a pattern-database estimate is made of: each group's table value at the start, for the board itself and
//! for each reflection the heuristic also looks up. The lessons draw it on the board, group by group.

use serde::{Deserialize, Serialize};

/// The pattern databases' lookups of one board.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PatternValues {
    /// Each group's tiles: the goal's tiles on the group's cells, in group order.
    pub groups: Vec<Vec<u8>>,
    /// One row per lookup, the board's own first, then each reflection's: each group's table value, in group
    /// order. A reflection's row counts the tiles that play each group's part in the mirrored board.
    pub lookups: Vec<Vec<u32>>,
}

impl PatternValues {
    /// Each lookup's sum over the groups (disjoint groups add up without overestimating).
    pub fn sums(&self) -> Vec<u32> {
        self.lookups.iter().map(|row| row.iter().sum()).collect()
    }

    /// The estimate: the largest of the sums.
    pub fn estimate(&self) -> u32 {
        self.sums().into_iter().max().unwrap_or(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_estimate_is_the_largest_lookup_s_sum() {
        let values = PatternValues {
            groups: vec![vec![1, 2], vec![3]],
            lookups: vec![vec![4, 3], vec![6, 2]],
        };
        assert_eq!(values.sums(), vec![7, 8]);
        assert_eq!(values.estimate(), 8);
    }
}
