//! What a run answers to the outside world (CLI JSON, the web worker): one serde type for both puzzles, and the one
//! printer of the CLI's JSON object ([`to_json`]), which the command line and the page's export share.

pub use crate::said::{
    bound_excess, bound_words, near_optimal_percent, sentence, BoundExcess, Note, Said,
};

use crate::rules::{Algorithm, PuzzleKind};
mod pattern;
pub mod stats;
mod status;

pub use pattern::PatternValues;
use serde::{Deserialize, Serialize};
pub use stats::Stats;
pub use status::Status;
use std::borrow::Cow;

/// The moves of a solution, in the PUZZLE format's words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// Sliding: one letter per move, U/D/L/R, the direction the BLANK moves.
    Sliding(String),
    /// Hanoi: `[from, to]` peg pairs, pegs numbered from 0.
    Hanoi(Vec<[u8; 2]>),
}

impl Default for Moves {
    fn default() -> Self {
        Moves::Sliding(String::new())
    }
}

/// The answer to one PUZZLE query.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Report {
    pub status: Status,
    /// Solution length (a u64: direct Hanoi solvers go up to 2^63 - 1 moves).
    pub length: u64,
    pub moves: Moves,
    /// False when the move list was left out because it is over the listing cap.
    pub moves_listed: bool,
    pub optimal: bool,
    /// A proven lower bound on the length of a shortest solution (an admissible heuristic's estimate of the start,
    /// or the length itself for an optimal answer), where one is known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lower_bound: Option<u64>,
    pub algorithm: Algorithm,
    pub heuristic: Option<String>,
    pub stats: Stats,
    /// What the run says, clause by clause, as values the page words in its reader's language.
    pub said: Vec<Said>,
    /// `said` in English, one sentence ([`sentence`]): what the CLI prints.
    pub message: String,
    /// Remarks added around the run rather than by it (the app's worker: where the pattern databases came from,
    /// how long their build took).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<Note>,
    /// A search on the pattern databases: what the start's table estimate is made of, group by group (the page's
    /// lessons draw it; the CLI's JSON leaves it out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pattern_values: Option<Box<PatternValues>>,
}

impl Report {
    /// A report of these essentials: its moves all listed, not marked optimal, no heuristic, statistics or notes.
    pub fn new(
        status: Status,
        algorithm: Algorithm,
        moves: Moves,
        length: u64,
        said: impl Into<Vec<Said>>,
    ) -> Report {
        let said = said.into();
        Report {
            status,
            length,
            moves,
            moves_listed: true,
            optimal: false,
            lower_bound: None,
            algorithm,
            heuristic: None,
            stats: Stats::default(),
            message: sentence(&said),
            said,
            notes: Vec::new(),
            pattern_values: None,
        }
    }

    /// Adds a clause to what the report says (its English message follows).
    pub fn say(&mut self, said: Said) {
        self.said.push(said);
        self.message = sentence(&self.said);
    }
}

/// A report for input that cannot be run: `Status::Invalid`, saying why.
pub fn invalid(algorithm: Algorithm, why: Said) -> Report {
    Report {
        moves_listed: false,
        ..Report::new(Status::Invalid, algorithm, Moves::default(), 0, why)
    }
}

/// Where the pattern databases of one answer came from (`built`, `disk` or `memory`), how long readying them
/// took, apart from the search's own `stats.elapsed_ms`, and which they are (`name`: `6-6-3`, `7-8`, ...).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tables {
    pub source: &'static str,
    pub ms: f64,
    pub name: String,
}

/// The JSON object of one answer, keys in the documented order (`solve --help`, OUTPUT).
#[derive(Serialize)]
struct Json<'a> {
    status: Status,
    length: u64,
    moves: Option<Cow<'a, Moves>>,
    optimal: bool,
    /// A proven lower bound on the shortest length, where one is known (solved puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    lower_bound: Option<u64>,
    algorithm: Option<Algorithm>,
    heuristic: Option<&'a str>,
    stats: &'a Stats,
    message: &'a str,
    /// `null` when the search used no pattern databases (or, from the page, when their origin is not known).
    tables: Option<Tables>,
}

/// The CLI's JSON object of one answer (`solve --json`, one line). `kind` is the puzzle's kind when the query could
/// be read (`None`: `moves` and `algorithm` are `null`); an unsolved puzzle lists no moves (`[]` or `""`), and a
/// solved one whose list was left out gives `null`. Times are rounded to the microsecond.
///
/// ```
/// use solver::report::{to_json, Report, Moves, Said};
/// use solver::{Algorithm, PuzzleKind, Status};
/// let said = Said::Solved { length: 2 };
/// let report = Report::new(Status::Solved, Algorithm::Bfs, Moves::Sliding("LU".into()), 2, said);
/// let json = to_json(&report, Some(PuzzleKind::Sliding), None);
/// assert!(json.starts_with(r#"{"status":"solved","length":2,"moves":"LU","optimal":false,"algorithm":"bfs""#));
/// ```
pub fn to_json(report: &Report, kind: Option<PuzzleKind>, tables: Option<Tables>) -> String {
    let moves = match (kind, report.status) {
        (None, _) => None,
        (Some(_), Status::Solved) if report.moves_listed => Some(Cow::Borrowed(&report.moves)),
        (Some(_), Status::Solved) => None,
        (Some(PuzzleKind::Sliding), _) => Some(Cow::Owned(Moves::Sliding(String::new()))),
        (Some(PuzzleKind::Hanoi), _) => Some(Cow::Owned(Moves::Hanoi(Vec::new()))),
    };
    // The clock's useful resolution is a microsecond; more digits are float noise.
    let micro = |ms: f64| (ms * 1000.0).round() / 1000.0;
    let stats = Stats {
        elapsed_ms: micro(report.stats.elapsed_ms),
        ..report.stats.clone()
    };
    let json = Json {
        status: report.status,
        length: report.length,
        moves,
        optimal: report.optimal,
        lower_bound: report.lower_bound,
        algorithm: kind.map(|_| report.algorithm),
        heuristic: report.heuristic.as_deref(),
        stats: &stats,
        message: &report.message,
        tables: tables.map(|t| Tables {
            ms: micro(t.ms),
            ..t
        }),
    };
    // Plain data (strings, numbers, vectors) always serialises; the fallback only keeps the type honest.
    serde_json::to_string(&json).unwrap_or_else(|_| {
        r#"{"status":"invalid","message":"the answer could not be written as JSON"}"#.to_string()
    })
}
