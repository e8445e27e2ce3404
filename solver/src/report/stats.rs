//! The statistics every run reports: the seeds' table (steps, OPEN, CLOSED, time) and more.

use serde::{Deserialize, Serialize};

/// Counters of one search run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Nodes taken off OPEN and whose successors were generated.
    pub expanded: u64,
    /// Successors produced (including duplicates).
    pub generated: u64,
    /// The largest OPEN (frontier) size seen.
    pub max_open: u64,
    /// The CLOSED size at the end (states fully expanded and kept).
    pub closed: u64,
    /// Successors dropped because the state was already seen (or no better).
    pub duplicates: u64,
    /// An estimate of the peak memory the search used, in bytes.
    pub peak_memory_bytes: u64,
    /// Wall-clock time of the search, in milliseconds.
    pub elapsed_ms: f64,
    /// Nodes expanded at each depth (g for BFS/A*, f-bound iteration for IDA*), for charts.
    pub by_depth: Vec<u64>,
}

impl Stats {
    /// Counts one expansion at `depth`.
    #[inline]
    pub fn expand_at(&mut self, depth: usize) {
        self.expanded += 1;
        if depth >= self.by_depth.len() {
            self.by_depth.resize(depth + 1, 0);
        }
        self.by_depth[depth] += 1;
    }

    /// Records the current OPEN size.
    #[inline]
    pub fn open_size(&mut self, open: u64) {
        if open > self.max_open {
            self.max_open = open;
        }
    }

    /// Records a memory estimate, keeping the peak.
    #[inline]
    pub fn memory(&mut self, bytes: u64) {
        if bytes > self.peak_memory_bytes {
            self.peak_memory_bytes = bytes;
        }
    }
}
