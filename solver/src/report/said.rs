//! What a run says about its result, as values: one [`Said`] per clause (why it stopped, what its answer is
//! worth, what to try instead), with the numbers and names it speaks of. Its `Display` is the English clause; a
//! report's `message` is its clauses joined by [`sentence`], so the CLI's English and the page's rendering in the
//! reader's language (which reads the values) never disagree.

use crate::hanoi::DirectMethod;
use crate::rules::{large_board_advice, Algorithm};
use crate::search::outcome::plural_moves;
use crate::search::weighted::Weight;
use crate::sliding::{Shape, Unsolvable};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One clause of what a run says. A report's message is a list of them, the first saying how the run ended and
/// the others what that means (the answer's guarantee, its bound, why improving it stopped, advice).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub enum Said {
    /// Solved in `length` moves.
    Solved { length: u64 },
    /// Solved in `length` moves after the first answer of `first` moves was improved.
    SolvedImproved { length: u64, first: u64 },
    /// The answer is a shortest one.
    Shortest,
    /// The algorithm does not look for a shortest answer.
    NoGuarantee { algorithm: Algorithm },
    /// The heuristic (by its CLI name) can overestimate, so the algorithm's answer may not be a shortest one.
    Overestimates {
        heuristic: String,
        algorithm: Algorithm,
    },
    /// Depth-bounded DFS found an answer of `length` moves within its bound.
    WithinDepth { length: u64, max_depth: u32 },
    /// Weighted A* with an admissible heuristic: at most `weight` times the shortest.
    WeightedBound { weight: Weight, length: u64 },
    /// Weighted A* with a heuristic (CLI name) that can overestimate: no bound.
    WeightedNoBound {
        weight: Weight,
        heuristic: String,
        length: u64,
    },
    /// How far an answer of `length` moves can be from the shortest, given a proven lower bound.
    Bound { length: u64, lower_bound: u64 },
    /// The near-optimal search's answer, to a tenth of a percent of its lower bound.
    NearOptimal { length: u64, lower_bound: u64 },
    /// A tower solved by formula: which one, the length, and whether the moves are listed.
    Direct {
        method: DirectMethod,
        length: u64,
        listed: bool,
    },
    /// Improvement was cancelled; the answer shown is the best found.
    ImprovementCancelled,
    /// Improvement stopped at its time limit.
    ImprovementTimeLimit { ms: u64 },
    /// Improvement stopped at its budget of expansions.
    ImprovementBudget { expansions: u64 },
    /// No window of up to `largest` moves could be shortened.
    NoShorterWindow { largest: u64 },
    /// The person cancelled the search.
    Cancelled,
    /// The person cancelled while the pattern databases were being built.
    CancelledWhileBuilding,
    /// The search stopped at its time limit.
    TimeLimit { ms: u64 },
    /// The search stopped at its memory budget.
    MemoryLimit { bytes: u64 },
    /// The search stopped at the most states it may hold.
    StateLimit { max_states: u64 },
    /// The search numbered as many states as its identifiers can.
    IdRoom { states: u64 },
    /// The observer (the step-through's recorder) stopped the search at the most expansions it records.
    ObserverFull { expanded: u64 },
    /// Not run: the observer cannot follow a search of this puzzle.
    NotFollowed,
    /// The solution would be longer than the longest path the search keeps.
    PathTooLong { longest: u64 },
    /// Stopped without saying why.
    Stopped,
    /// No answer within the budget.
    NoAnswer,
    /// Every reachable state was searched and the goal is not among them.
    Exhausted,
    /// Depth-bounded DFS found nothing within its bound.
    DepthLimit { max_depth: u32 },
    /// Optimal solving of a board this large can take days: use weighted A*.
    LargeBoard { width: u8, height: u8 },
    /// A larger weight needs fewer states.
    LargerWeight,
    /// The start cannot reach the goal: the two parities that every move flips together disagree.
    Unsolvable {
        odd_permutation: bool,
        blank_distance: u64,
    },
    /// Not searched: the board is at least `bound` moves from the goal, too far for an optimal search within
    /// `seconds`.
    TooFarForOptimal {
        width: u8,
        height: u8,
        bound: u64,
        seconds: u64,
    },
    /// `algo=direct` on a sliding puzzle.
    DirectOnlyForHanoi,
    /// More disks than a search takes.
    TooManyDisks { disks: u8, most: u8 },
    /// The pattern databases asked for on a board larger than they cover.
    PdbTooLarge {
        width: u8,
        height: u8,
        most_cells: u64,
    },
    /// The direct solver on 4 or 5 pegs from a position that is not a whole tower.
    DirectFromAnyPosition { pegs: u8 },
    /// The query could not be read (`query` is its text: reading it again says why).
    Unreadable { query: String },
    /// Refused for a reason only the solver's internal checks give (the query was read, so the page never meets
    /// one): `detail` is the English reason.
    Refused { detail: String },
}

/// The clauses joined into the one English sentence of a report's message.
///
/// ```
/// use solver::report::{sentence, Said};
/// let said = [Said::Solved { length: 2 }, Said::Shortest];
/// assert_eq!(sentence(&said), "solved in 2 moves; this is a shortest solution");
/// ```
pub fn sentence(said: &[Said]) -> String {
    let clauses: Vec<String> = said.iter().map(Said::to_string).collect();
    clauses.join("; ")
}

impl fmt::Display for Said {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Said::Solved { length } => write!(f, "solved in {}", plural_moves(*length)),
            Said::SolvedImproved { length, first } => write!(
                f,
                "solved in {} (first answer {}, then improved)",
                plural_moves(*length),
                plural_moves(*first)
            ),
            Said::Shortest => f.write_str("this is a shortest solution"),
            Said::NoGuarantee { algorithm } => write!(
                f,
                "{} does not guarantee a shortest solution",
                algorithm.title()
            ),
            Said::Overestimates {
                heuristic,
                algorithm,
            } => write!(
                f,
                "the heuristic '{heuristic}' can overestimate, so {} does not guarantee a shortest solution",
                algorithm.title()
            ),
            Said::WithinDepth { length, max_depth } => write!(
                f,
                "found a solution of {} within the depth bound of {max_depth}; depth-first search does not look \
                 for a shortest one",
                plural_moves(*length)
            ),
            Said::WeightedBound { weight, length } => {
                let shortest = if *weight == Weight::MIN {
                    ", so a shortest solution"
                } else {
                    ""
                };
                write!(
                    f,
                    "at most {weight} x the shortest (weighted A*, w = {weight}): length {length}{shortest}"
                )
            }
            Said::WeightedNoBound {
                weight,
                heuristic,
                length,
            } => write!(
                f,
                "no bound (weighted A*, w = {weight}, with the heuristic '{heuristic}', which can overestimate): \
                 length {length}"
            ),
            Said::Bound {
                length,
                lower_bound,
            } => f.write_str(&super::bound_words(*length, *lower_bound)),
            Said::NearOptimal {
                length,
                lower_bound,
            } => write!(
                f,
                "at most {:.1}% longer than the shortest (lower bound {lower_bound})",
                near_optimal_percent(*length, *lower_bound)
            ),
            Said::Direct {
                method,
                length,
                listed,
            } => {
                write!(
                    f,
                    "{}: {length} moves, {}",
                    method.title(),
                    method.optimality()
                )?;
                if !listed {
                    f.write_str("; the moves are not listed: there are more than the listing cap allows")?;
                }
                f.write_str(" (solved directly, no search)")
            }
            Said::ImprovementCancelled => {
                f.write_str("improvement cancelled; this is the best answer found")
            }
            Said::ImprovementTimeLimit { ms } => {
                write!(f, "improvement stopped at the time limit of {ms} ms")
            }
            Said::ImprovementBudget { expansions } => write!(
                f,
                "improvement stopped at its budget of {expansions} expansions (max-states)"
            ),
            Said::NoShorterWindow { largest } => write!(
                f,
                "no window of up to {largest} moves could be shortened further"
            ),
            Said::Cancelled => f.write_str("cancelled by the user"),
            Said::CancelledWhileBuilding => {
                f.write_str("cancelled by the user while the pattern databases were built")
            }
            Said::TimeLimit { ms } => write!(
                f,
                "stopped at the time limit of {ms} ms before finding a solution"
            ),
            Said::MemoryLimit { bytes } => write!(
                f,
                "stopped at the memory limit: the search would need more than the {bytes} bytes ({} MiB) it may \
                 use (max-bytes = {bytes}) without finding the goal; use a stronger algorithm or heuristic, or a \
                 smaller puzzle",
                bytes >> 20
            ),
            Said::StateLimit { max_states } => write!(
                f,
                "stopped at the state limit: the search reached the most states it may hold (max-states = \
                 {max_states}) without finding the goal; raise the limit or use a stronger algorithm or heuristic"
            ),
            Said::IdRoom { states } => write!(
                f,
                "stopped at {states} states, the most this search can number"
            ),
            Said::ObserverFull { expanded } => write!(
                f,
                "stopped by its observer after {expanded} expansions, the most it records"
            ),
            Said::NotFollowed => {
                f.write_str("not run: its observer cannot follow a search of this puzzle")
            }
            Said::PathTooLong { longest } => write!(
                f,
                "stopped: the solution needs more than {longest} moves, the longest path kept"
            ),
            Said::Stopped => f.write_str("stopped"),
            Said::NoAnswer => f.write_str("no answer was found within the budget"),
            Said::Exhausted => f.write_str(
                "every reachable state was searched and the goal is not among them",
            ),
            Said::DepthLimit { max_depth } => write!(
                f,
                "no solution within the depth bound of {max_depth} moves (depth limit); raise the depth bound"
            ),
            Said::LargeBoard { width, height } => f.write_str(&large_board_advice(Shape {
                width: *width,
                height: *height,
            })),
            Said::LargerWeight => write!(
                f,
                "a larger weight (up to {}) needs fewer states, for a solution that may be longer",
                Weight::MAX
            ),
            Said::Unsolvable {
                odd_permutation,
                blank_distance,
            } => Unsolvable {
                odd_permutation: *odd_permutation,
                blank_distance: usize::try_from(*blank_distance).unwrap_or(usize::MAX),
            }
            .fmt(f),
            Said::TooFarForOptimal {
                width,
                height,
                bound,
                seconds,
            } => write!(
                f,
                "stopped before searching: this {} board is at least {bound} moves from the goal, and no optimal \
                 search of a board this large and this far out ends within the {seconds} s time limit; pick \
                 staged (an answer at once, with a proven bound on how far from the shortest it can be)",
                Shape {
                    width: *width,
                    height: *height
                }
            ),
            Said::DirectOnlyForHanoi => f.write_str(
                "direct solving is only for Tower of Hanoi: pick bfs, bibfs, dfs, astar, idastar, greedy, \
                 weighted or staged",
            ),
            Said::TooManyDisks { disks, most } => write!(
                f,
                "{disks} disks is too many to search (at most {most}); use the direct solver (algo=direct)"
            ),
            Said::PdbTooLarge {
                width,
                height,
                most_cells,
            } => write!(
                f,
                "the pattern databases cover boards of up to {most_cells} cells (4x4); a {} board takes \
                 linear-conflict, and optimal solving of boards this large is out of reach (days of CPU for 5x5)",
                Shape {
                    width: *width,
                    height: *height
                }
            ),
            Said::DirectFromAnyPosition { pegs } => write!(
                f,
                "direct solving from an arbitrary state on {pegs} pegs is not supported: use A* or BFS \
                 (on {pegs} pegs the direct solver moves a whole tower from one peg to another)"
            ),
            Said::Unreadable { query } => match crate::query::parse(query) {
                Err(e) => write!(f, "the puzzle could not be read: {e}"),
                Ok(_) => f.write_str("the puzzle could not be read"),
            },
            Said::Refused { detail } => f.write_str(detail),
        }
    }
}

/// How much longer than `lower_bound` an answer of `length` moves is, in percent (the near-optimal search's
/// figure, given to a tenth).
pub fn near_optimal_percent(length: u64, lower_bound: u64) -> f64 {
    (length as f64 / lower_bound.max(1) as f64 - 1.0) * 100.0
}

impl From<Said> for Vec<Said> {
    fn from(said: Said) -> Vec<Said> {
        vec![said]
    }
}

impl Said {
    /// One example of every kind of clause, for tests that render them all. A new kind must be added to
    /// [`Said::kind`]'s match, which makes the tests notice a kind missing here.
    pub fn examples() -> Vec<Said> {
        let weight = Weight::DEFAULT;
        vec![
            Said::Solved { length: 31 },
            Said::SolvedImproved {
                length: 120,
                first: 152,
            },
            Said::Shortest,
            Said::NoGuarantee {
                algorithm: Algorithm::Greedy,
            },
            Said::Overestimates {
                heuristic: "seed-power".into(),
                algorithm: Algorithm::Astar,
            },
            Said::WithinDepth {
                length: 24,
                max_depth: 40,
            },
            Said::WeightedBound {
                weight,
                length: 133,
            },
            Said::WeightedBound {
                weight: Weight::MIN,
                length: 22,
            },
            Said::WeightedNoBound {
                weight,
                heuristic: "seed-power".into(),
                length: 140,
            },
            Said::Bound {
                length: 110,
                lower_bound: 100,
            },
            Said::Bound {
                length: 100,
                lower_bound: 100,
            },
            Said::Bound {
                length: 12,
                lower_bound: 0,
            },
            Said::NearOptimal {
                length: 120,
                lower_bound: 112,
            },
            Said::Direct {
                method: DirectMethod::Classic,
                length: 1_048_575,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::ThreePegPath,
                length: 9,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::FrameStewart { pegs: 4 },
                length: 129,
                listed: true,
            },
            Said::Direct {
                method: DirectMethod::FrameStewart { pegs: 5 },
                length: 1_000_000_000,
                listed: false,
            },
            Said::ImprovementCancelled,
            Said::ImprovementTimeLimit { ms: 2000 },
            Said::ImprovementBudget {
                expansions: 2_000_000,
            },
            Said::NoShorterWindow { largest: 40 },
            Said::Cancelled,
            Said::CancelledWhileBuilding,
            Said::TimeLimit { ms: 10_000 },
            Said::MemoryLimit { bytes: 84 << 20 },
            Said::StateLimit {
                max_states: 2_000_000,
            },
            Said::IdRoom { states: 1 << 32 },
            Said::ObserverFull { expanded: 5000 },
            Said::NotFollowed,
            Said::PathTooLong { longest: 255 },
            Said::Stopped,
            Said::NoAnswer,
            Said::Exhausted,
            Said::DepthLimit { max_depth: 40 },
            Said::LargeBoard {
                width: 5,
                height: 5,
            },
            Said::LargerWeight,
            Said::Unsolvable {
                odd_permutation: true,
                blank_distance: 0,
            },
            Said::Unsolvable {
                odd_permutation: false,
                blank_distance: 3,
            },
            Said::TooFarForOptimal {
                width: 5,
                height: 5,
                bound: 62,
                seconds: 10,
            },
            Said::DirectOnlyForHanoi,
            Said::TooManyDisks {
                disks: 20,
                most: 16,
            },
            Said::PdbTooLarge {
                width: 5,
                height: 5,
                most_cells: 16,
            },
            Said::DirectFromAnyPosition { pegs: 4 },
            Said::Unreadable {
                query: "puzzle=sliding&size=9x9".into(),
            },
            Said::Refused {
                detail: "the start board is not valid".into(),
            },
        ]
    }

    /// The clause's kind, numbered from 0 to [`Said::KINDS`] - 1 in the order of the enum: the match that keeps
    /// [`Said::examples`] complete.
    pub fn kind(&self) -> usize {
        match self {
            Said::Solved { .. } => 0,
            Said::SolvedImproved { .. } => 1,
            Said::Shortest => 2,
            Said::NoGuarantee { .. } => 3,
            Said::Overestimates { .. } => 4,
            Said::WithinDepth { .. } => 5,
            Said::WeightedBound { .. } => 6,
            Said::WeightedNoBound { .. } => 7,
            Said::Bound { .. } => 8,
            Said::NearOptimal { .. } => 9,
            Said::Direct { .. } => 10,
            Said::ImprovementCancelled => 11,
            Said::ImprovementTimeLimit { .. } => 12,
            Said::ImprovementBudget { .. } => 13,
            Said::NoShorterWindow { .. } => 14,
            Said::Cancelled => 15,
            Said::CancelledWhileBuilding => 16,
            Said::TimeLimit { .. } => 17,
            Said::MemoryLimit { .. } => 18,
            Said::StateLimit { .. } => 19,
            Said::IdRoom { .. } => 20,
            Said::ObserverFull { .. } => 21,
            Said::NotFollowed => 22,
            Said::PathTooLong { .. } => 23,
            Said::Stopped => 24,
            Said::NoAnswer => 25,
            Said::Exhausted => 26,
            Said::DepthLimit { .. } => 27,
            Said::LargeBoard { .. } => 28,
            Said::LargerWeight => 29,
            Said::Unsolvable { .. } => 30,
            Said::TooFarForOptimal { .. } => 31,
            Said::DirectOnlyForHanoi => 32,
            Said::TooManyDisks { .. } => 33,
            Said::PdbTooLarge { .. } => 34,
            Said::DirectFromAnyPosition { .. } => 35,
            Said::Unreadable { .. } => 36,
            Said::Refused { .. } => 37,
        }
    }

    /// How many kinds of clause there are.
    pub const KINDS: usize = 38;
}

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
    /// The 5x5 answer was improved with the 5x5 pattern databases.
    ImprovedWith5x5,
    /// The 5x5 pattern databases are being built in the background, `percent` done: answers are improved without
    /// them until then.
    Building5x5 { percent: u32 },
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
        }
    }

    /// How many kinds of note there are.
    pub const KINDS: usize = 8;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_examples_hold_every_kind() {
        let mut said: Vec<usize> = Said::examples().iter().map(Said::kind).collect();
        said.dedup();
        assert_eq!(said, (0..Said::KINDS).collect::<Vec<_>>());
        let mut notes: Vec<usize> = Note::examples().iter().map(Note::kind).collect();
        notes.dedup();
        assert_eq!(notes, (0..Note::KINDS).collect::<Vec<_>>());
    }

    #[test]
    fn every_clause_reads_back_from_json_and_has_english_words() {
        for said in Said::examples() {
            let json = serde_json::to_string(&said).unwrap_or_default();
            let back: Option<Said> = serde_json::from_str(&json).ok();
            assert_eq!(back.as_ref(), Some(&said), "{json}");
            assert!(!said.to_string().is_empty() && !said.to_string().contains("{}"));
        }
        for note in Note::examples() {
            let json = serde_json::to_string(&note).unwrap_or_default();
            let back: Option<Note> = serde_json::from_str(&json).ok();
            assert_eq!(back.as_ref(), Some(&note), "{json}");
        }
    }

    #[test]
    fn an_unreadable_query_says_why_in_the_parsers_words() {
        let said = Said::Unreadable {
            query: "puzzle=sliding&size=9x9".into(),
        };
        let why = crate::query::parse("puzzle=sliding&size=9x9")
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(!why.is_empty());
        assert_eq!(
            said.to_string(),
            format!("the puzzle could not be read: {why}")
        );
    }
}
