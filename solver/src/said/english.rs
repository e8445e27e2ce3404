//! The English clause of each [`Said`]: the CLI's words, and a report's `message`.

use super::{bound_words, near_optimal_percent, plural_moves, Said};
use crate::rules::{large_board_advice, Weight};
use crate::sliding::{Shape, Unsolvable};
use std::fmt::{self, Display};

/// The clauses on what an answer is worth; the others are worded by [`Said::stop_words`].
impl Display for Said {
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
            } => f.write_str(&bound_words(*length, *lower_bound)),
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
            other => other.stop_words(f),
        }
    }
}

impl Said {
    /// The clauses on why a run or its improvement stopped, and what to try instead; the refusals are worded by
    /// [`Said::refusal_words`].
    fn stop_words(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
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
            other => other.refusal_words(f),
        }
    }

    /// The clauses on why a puzzle or a choice was refused.
    fn refusal_words(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
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
            // Worded by `fmt` and `stop_words`, which hand on only the refusals; the tests word every kind.
            _ => Ok(()),
        }
    }
}
