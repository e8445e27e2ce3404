//! What can go wrong with pattern databases, as one error type with messages a person can act on.

use std::fmt;

/// What can go wrong with pattern databases: bad input, a partition that does not fit, a
/// damaged or foreign file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdbError {
    /// The board is not between 2x2 and 16 cells.
    UnsupportedSize { width: u8, height: u8 },
    /// A start or goal board is malformed; `what` names it.
    BadBoard { what: &'static str, reason: String },
    /// The partition is not usable.
    BadPartition { reason: String },
    /// The tables were built for a goal whose blank sits elsewhere.
    GoalMismatch { tables_blank: u8, goal_blank: u8 },
    /// `PdbBuilder::into_tables` was called before the build finished.
    BuildUnfinished,
    /// The bytes do not start with the pattern database header.
    NotAPdbFile,
    /// The bytes come from another version of the format.
    UnsupportedVersion { found: u32, expected: u32 },
    /// The bytes end early.
    Truncated { expected: usize, found: usize },
    /// The checksum does not match: the bytes were damaged.
    ChecksumMismatch { stored: u64, computed: u64 },
    /// The header describes something impossible.
    CorruptHeader { reason: String },
    /// The file holds the tables of another partition (`found` and `wanted` are [`super::PdbTables::key`]s).
    OtherPartition { found: String, wanted: String },
    /// Reading or writing a file failed.
    Io { path: String, reason: String },
}

impl fmt::Display for PdbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PdbError::UnsupportedSize { width, height } => write!(
                f,
                "{width}x{height} is out of range: pattern databases are built for boards from 2x2 up to 25 cells, \
                 and the optimal pattern-database search takes boards of up to 16 cells"
            ),
            PdbError::BadBoard { what, reason } => write!(f, "the {what} board is not valid: {reason}"),
            PdbError::BadPartition { reason } => write!(f, "the pattern partition is not valid: {reason}"),
            PdbError::GoalMismatch { tables_blank, goal_blank } => write!(
                f,
                "these pattern databases were built for goals with the blank on cell {tables_blank}, \
                 but this goal has it on cell {goal_blank}; build them for this goal"
            ),
            PdbError::BuildUnfinished => write!(f, "the pattern database build is not finished; keep calling step()"),
            PdbError::NotAPdbFile => write!(f, "this is not a pattern database file (wrong header); rebuild it"),
            PdbError::UnsupportedVersion { found, expected } => write!(
                f,
                "this pattern database file has format version {found}, this program reads version {expected}; rebuild it"
            ),
            PdbError::Truncated { expected, found } => write!(
                f,
                "the pattern database file is truncated: {found} bytes where {expected} were expected; rebuild it"
            ),
            PdbError::ChecksumMismatch { stored, computed } => write!(
                f,
                "the pattern database file is corrupt: checksum {computed:016x} where {stored:016x} was stored; rebuild it"
            ),
            PdbError::CorruptHeader { reason } => {
                write!(f, "the pattern database file is corrupt: {reason}; rebuild it")
            }
            PdbError::OtherPartition { found, wanted } => write!(
                f,
                "the pattern database file holds the tables of partition {found}, not of {wanted}; rebuild it"
            ),
            PdbError::Io { path, reason } => write!(f, "{path}: {reason}"),
        }
    }
}

impl std::error::Error for PdbError {}
