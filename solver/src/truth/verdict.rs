//! What h and h* say together along a path: where a heuristic overestimates (so it is not admissible), where it
//! changes by more than one in a move (so it is not consistent), and whether each admissible heuristic stays at or
//! above the one before it in its chain (dominance).

use super::Measured;
use crate::rules::HeuristicName;

/// A place where a stronger heuristic fell below a weaker one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Broken {
    /// The row (moves from the start).
    pub step: usize,
    pub weaker: HeuristicName,
    pub stronger: HeuristicName,
}

impl Measured {
    /// The rows where `h` is above h* (rows whose h* is unknown are not judged).
    pub fn overestimates(&self, h: HeuristicName) -> Vec<usize> {
        let Some(column) = self.column(h) else {
            return Vec::new();
        };
        self.rows
            .iter()
            .enumerate()
            .filter(|(_, row)| matches!((row.truth, row.values.get(column)), (Some(t), Some(&v)) if v > t))
            .map(|(i, _)| i)
            .collect()
    }

    /// The moves (from row i to row i + 1) where `h` changes by more than 1. A consistent heuristic drops by at most
    /// the move's cost, 1; every move can be undone, so it rises by at most 1 too (else the move back drops more).
    pub fn jumps(&self, h: HeuristicName) -> Vec<usize> {
        let Some(column) = self.column(h) else {
            return Vec::new();
        };
        let values: Vec<u32> = self
            .rows
            .iter()
            .filter_map(|row| row.values.get(column).copied())
            .collect();
        values
            .windows(2)
            .enumerate()
            .filter(|(_, pair)| pair[0].abs_diff(pair[1]) > 1)
            .map(|(i, _)| i)
            .collect()
    }

    /// The admissible heuristics measured, as chains, weakest first, each of which should hold at every position:
    /// misplaced, Manhattan, linear conflict (misplaced, exact on towers); and Manhattan, pattern databases (each
    /// group's table counts at least its tiles' Manhattan distances; they are not ordered against linear
    /// conflict, so they form a chain of their own).
    pub fn dominance_chains(&self) -> Vec<Vec<HeuristicName>> {
        let measured = |h: &HeuristicName| self.column(*h).is_some();
        let main: Vec<HeuristicName> = self
            .heuristics
            .iter()
            .copied()
            .filter(|h| h.is_admissible() && *h != HeuristicName::Pdb)
            .collect();
        let tables = [HeuristicName::Manhattan, HeuristicName::Pdb];
        let mut chains = vec![main];
        if tables.iter().all(measured) {
            chains.push(tables.to_vec());
        }
        chains
    }

    /// The first row and pair where a chain breaks, or `None` if every chain holds at every row.
    pub fn dominance_broken(&self) -> Option<Broken> {
        let chains = self.dominance_chains();
        (0..self.rows.len()).find_map(|step| {
            chains.iter().flat_map(|c| c.windows(2)).find_map(|pair| {
                let (weaker, stronger) = (pair[0], pair[1]);
                let below = self.value(step, stronger)? < self.value(step, weaker)?;
                below.then_some(Broken {
                    step,
                    weaker,
                    stronger,
                })
            })
        })
    }
}
