//! The worker's remarks about a run's surroundings ([`Note`]), kept apart from what the run said.

use serde::{Deserialize, Serialize};

/// A remark the app's worker adds to a report about the run's surroundings (where the pattern databases came
/// from, how long building them took), kept apart from what the run said.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Note {
    /// The pattern databases were read from this browser's cache in `ms`.
    TablesRead { ms: f64 },
    /// The pattern databases were built and stored in this browser: the next visit skips the build.
    TablesStored,
    /// The stored pattern databases were unusable (`why`, the worker's English reason), so they were rebuilt and
    /// stored again.
    TablesRebuilt { why: String },
    /// This browser offers no IndexedDB here (`why`, the browser's words): the tables are rebuilt on every visit.
    NoTableStore { why: String },
    /// The browser's IndexedDB refused the tables (`why`, the browser's words): they are rebuilt next visit.
    TableStoreRefused { why: String },
    /// Building the tables took `ms`, in `helpers` helper workers (0: in the worker itself).
    BuildTook { ms: f64, helpers: u32 },
    /// The 5x5 answer was improved with a beam search and the 5x5 pattern databases.
    ImprovedWith5x5,
    /// The 5x5 pattern databases are being built in the background, `percent` done: answers are improved without
    /// them until then.
    Building5x5 { percent: u32 },
    /// The shortest answer was found on the 15-puzzle's quick 4-4-4-3 tables, built in `ms` (0: already held),
    /// while the 6-6-3 ones are built in the background for the next solves.
    ShortestOnQuickTables { ms: f64 },
}

impl Note {
    /// One example of every kind of note, for tests that render them all; [`Note::kind`]'s match keeps it complete.
    pub fn examples() -> Vec<Note> {
        vec![
            Note::TablesRead { ms: 812.5 },
            Note::TablesStored,
            Note::TablesRebuilt {
                why: "checksum".into(),
            },
            Note::NoTableStore {
                why: "SecurityError".into(),
            },
            Note::TableStoreRefused {
                why: "QuotaExceededError".into(),
            },
            Note::BuildTook {
                ms: 5750.0,
                helpers: 0,
            },
            Note::BuildTook {
                ms: 5750.0,
                helpers: 1,
            },
            Note::BuildTook {
                ms: 3100.0,
                helpers: 3,
            },
            Note::ImprovedWith5x5,
            Note::Building5x5 { percent: 42 },
            Note::ShortestOnQuickTables { ms: 41.5 },
        ]
    }

    /// The note's kind, numbered from 0 to [`Note::KINDS`] - 1.
    pub fn kind(&self) -> usize {
        match self {
            Note::TablesRead { .. } => 0,
            Note::TablesStored => 1,
            Note::TablesRebuilt { .. } => 2,
            Note::NoTableStore { .. } => 3,
            Note::TableStoreRefused { .. } => 4,
            Note::BuildTook { .. } => 5,
            Note::ImprovedWith5x5 => 6,
            Note::Building5x5 { .. } => 7,
            Note::ShortestOnQuickTables { .. } => 8,
        }
    }

    /// How many kinds of note there are.
    pub const KINDS: usize = 9;
}
