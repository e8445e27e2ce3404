//! The `exact` heuristic on 4 and 5 pegs ([`GroupBound`]): an additive pattern database over disjoint groups of
//! disks, each group's table filled by a breadth-first search at construction.

use super::puzzle::Hanoi;
use crate::rules::HeuristicName;
use crate::{Heuristic, Puzzle};

/// The most disks in one group of a [`GroupBound`]: a group's table has `pegs^size` one-byte entries (5^8 = 390,625).
pub const MAX_GROUP_DISKS: u8 = 8;

/// The group size [`GroupBound::new`] uses on `pegs` pegs: tables of 65,536 entries on 4 pegs, 78,125 on 5.
pub fn default_group_disks(pegs: u8) -> u8 {
    match pegs {
        0..=4 => 8,
        _ => 7,
    }
}

/// A table entry no state has yet (during the BFS that fills a table).
const UNSEEN: u8 = u8::MAX;
/// The largest distance a table stores; longer ones are cut down to it, which keeps the bound admissible.
const MAX_STORED: u8 = u8::MAX - 1;

/// A contiguous run of disks with its own distance table.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Group {
    /// The smallest disk of the group.
    low: u8,
    size: u8,
    /// `pegs^low`: dividing a state by it brings the group's digits to the bottom.
    shift: u64,
    /// `pegs^size`: the remainder by it keeps only the group's digits.
    modulus: u64,
    /// Index into `GroupBound::tables`.
    table: usize,
}

/// The `exact` heuristic on 4 and 5 pegs: an additive pattern database over disjoint groups of disks. Admissible.
///
/// The disks are cut into runs of consecutive sizes, the largest disks first (`n = 20`, groups of 8: disks 12-19,
/// 4-11 and 0-3). For each run a table built at construction by BFS holds the exact distance, on the same pegs, from
/// every placement of that run *alone* (the other disks removed) to the run's goal placement. The estimate is the sum
/// of the tables' entries.
///
/// Why it never overestimates: drop the disks outside a group from any solution and what remains is a legal solution
/// for the group alone (a disk that may land on a peg still may once smaller disks are removed), so the solution makes
/// at least the group's table distance in moves of that group's disks. The groups share no disk and each move moves one
/// disk, so the sum is a lower bound too. With `n <= group size` there is one group and the estimate is the exact
/// distance. Groups whose goal placements coincide (as for a goal tower) share one table.
///
/// It works on 3 pegs as well, but there [`super::ThreePegExact`] is exact for every size.
#[derive(Debug, Clone)]
pub struct GroupBound {
    groups: Vec<Group>,
    tables: Vec<Vec<u8>>,
}

impl GroupBound {
    /// The bound with groups of [`default_group_disks`] disks.
    pub fn new(puzzle: &Hanoi) -> Self {
        Self::build(puzzle, default_group_disks(puzzle.pegs()))
    }

    /// The bound with groups of `size` disks (checked by [`GroupBound::with_group_size`]).
    pub(super) fn build(puzzle: &Hanoi, size: u8) -> Self {
        let pegs = puzzle.pegs();
        let mut groups: Vec<Group> = Vec::new();
        let mut tables = Vec::new();
        // Goal placements already tabled, as (size, goal digits of the group) -> table index.
        let mut tabled: Vec<(u8, u64, usize)> = Vec::new();
        let mut high = puzzle.disks();
        while high > 0 {
            let low = high.saturating_sub(size);
            let size = high - low;
            let shift = puzzle.pow[usize::from(low)];
            let modulus = u64::from(pegs).pow(u32::from(size));
            let goal = (puzzle.goal() / shift) % modulus;
            let table = match tabled.iter().find(|&&(s, g, _)| s == size && g == goal) {
                Some(&(_, _, index)) => index,
                None => {
                    tables.push(distance_table(pegs, size, goal));
                    tabled.push((size, goal, tables.len() - 1));
                    tables.len() - 1
                }
            };
            groups.push(Group {
                low,
                size,
                shift,
                modulus,
                table,
            });
            high = low;
        }
        GroupBound { groups, tables }
    }

    /// The groups as `(smallest disk, largest disk)`, the largest disks first.
    pub fn groups(&self) -> Vec<(u8, u8)> {
        self.groups
            .iter()
            .map(|g| (g.low, g.low + g.size - 1))
            .collect()
    }

    /// True if there is one group: then the estimate is the exact distance.
    pub fn is_exact(&self) -> bool {
        self.groups.len() == 1
    }

    /// Bytes held by the distance tables.
    pub fn table_bytes(&self) -> usize {
        self.tables.iter().map(Vec::len).sum()
    }
}

/// Distances from every placement of `size` disks on `pegs` pegs to `goal`, by BFS (moves are reversible).
fn distance_table(pegs: u8, size: u8, goal: u64) -> Vec<u8> {
    let mut sub = Hanoi::blank(pegs, size);
    sub.start = goal;
    sub.goal = goal;
    let count = sub.state_count() as usize;
    let mut dist = vec![UNSEEN; count];
    let mut queue: Vec<u32> = Vec::with_capacity(count);
    dist[goal as usize] = 0;
    queue.push(goal as u32);
    let mut head = 0;
    while let Some(&state) = queue.get(head) {
        head += 1;
        let next_distance = dist[state as usize].saturating_add(1).min(MAX_STORED);
        sub.for_each_successor(&u64::from(state), |_, next| {
            let slot = &mut dist[next as usize];
            if *slot == UNSEEN {
                *slot = next_distance;
                queue.push(next as u32);
            }
        });
    }
    dist
}

impl Heuristic<Hanoi> for GroupBound {
    #[inline]
    fn estimate(&self, state: &u64) -> u32 {
        self.groups
            .iter()
            .map(|g| {
                let index = ((state / g.shift) % g.modulus) as usize;
                self.tables[g.table].get(index).map_or(0, |&d| u32::from(d))
            })
            .sum()
    }

    fn admissible(&self) -> bool {
        true
    }

    fn name(&self) -> &'static str {
        HeuristicName::Exact.name()
    }
}
