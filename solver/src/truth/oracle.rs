//! Where h* comes from: the 3-peg formula, a BFS distance table from the goal (kept for the next call on the same
//! puzzle), or an optimal search per position within a shared budget.

use super::{Method, TruthError, SEARCH_BUDGET_MS, TABLE_MAX_STATES};
use crate::hanoi::{three_peg_distance, GroupBound, Hanoi};
use crate::pdb::Pdb;
use crate::rules::{HeuristicName, PuzzleSpec};
use crate::search::astar::astar;
use crate::search::clock::FnClock;
use crate::search::idastar::idastar;
use crate::search::{Control, Limits, Status};
use crate::sliding::{self, Cells, LinearConflict, Quints, Shape, SlidingPuzzle, SmallPuzzle};
use crate::{Algorithm, Heuristic, Puzzle};

/// A table entry no state has (yet): a state the goal cannot reach.
const UNSEEN: u8 = u8::MAX;

/// The most states one A* from a tower position may hold (4-5 pegs beyond the tables).
const SEARCH_MAX_STATES: u64 = 500_000;

/// The share of the budget the start's search may take, in percent (the rest goes to the other positions).
const START_SHARE_PERCENT: u64 = 60;

/// The puzzle a table was filled for: the kind and size of its space, and its goal.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    sliding: bool,
    size: (u8, u8),
    goal: Vec<u8>,
}

/// Finds true distances to the goal, and keeps the last distance table it filled.
#[derive(Debug, Default)]
pub struct Oracle {
    table: Option<(Key, Vec<u8>)>,
}

impl Oracle {
    /// h* of each position of `spec` (positions of its size; row 0 is the start, and when the last one is the goal
    /// they are taken as a path, one move apart), and how it was found. Boards beyond a table are searched with
    /// `pdb` (their pattern databases) when given, else with linear conflict.
    pub fn distances(
        &mut self,
        spec: &PuzzleSpec,
        positions: &[Vec<u8>],
        now: &dyn Fn() -> f64,
        pdb: Option<&Pdb>,
    ) -> Result<(Method, Vec<Option<u32>>), TruthError> {
        let refused = |e: &dyn std::fmt::Display| TruthError::Puzzle(e.to_string());
        match spec {
            PuzzleSpec::Hanoi { pegs: 3, goal, .. } => {
                let truths = positions
                    .iter()
                    .map(|p| three_peg_distance(p, goal).and_then(|d| u32::try_from(d).ok()))
                    .collect();
                Ok((Method::Formula, truths))
            }
            PuzzleSpec::Hanoi {
                pegs, disks, goal, ..
            } => {
                let hanoi = Hanoi::new(*pegs, *disks, goal, goal).map_err(|e| refused(&e))?;
                if hanoi.state_count() <= TABLE_MAX_STATES {
                    let key = Key {
                        sliding: false,
                        size: (*pegs, *disks),
                        goal: goal.clone(),
                    };
                    let table = self.table(key, &hanoi);
                    let truths = positions
                        .iter()
                        .map(|p| lookup(table, hanoi.encode(p)))
                        .collect();
                    return Ok((table_method(table), truths));
                }
                // The additive disk-group bound depends on the goal alone: built once for every position.
                let bound = GroupBound::new(&hanoi);
                let truths = search_each(goal, positions, now, |position, ms| {
                    let puzzle = Hanoi::new(*pegs, *disks, position, goal).ok()?;
                    let mut control = control(now, ms, SEARCH_MAX_STATES);
                    let outcome = astar(&puzzle, &bound, &mut control);
                    (outcome.status == Status::Solved).then_some(outcome.length as u32)
                });
                Ok((
                    search_method(Algorithm::Astar, HeuristicName::Exact),
                    truths,
                ))
            }
            PuzzleSpec::Sliding {
                width,
                height,
                goal,
                ..
            } => {
                let shape = Shape::new(*width, *height).map_err(|e| refused(&e))?;
                let fits_table = (1..=shape.cells() as u64).product::<u64>() <= TABLE_MAX_STATES;
                if fits_table {
                    let puzzle = SmallPuzzle::new(shape, goal, goal).map_err(|e| refused(&e))?;
                    let key = Key {
                        sliding: true,
                        size: (*width, *height),
                        goal: goal.clone(),
                    };
                    let table = self.table(key, &puzzle);
                    let mut truths = Vec::with_capacity(positions.len());
                    for p in positions {
                        let board = puzzle.board(p).map_err(|e| refused(&e))?;
                        truths.push(lookup(table, puzzle.rank(&board)));
                    }
                    return Ok((table_method(table), truths));
                }
                if let Some(pdb) = pdb.filter(|_| SmallPuzzle::fits(shape)) {
                    let truths =
                        search_sliding::<sliding::Nibbles, _>(shape, goal, positions, now, pdb);
                    return Ok((
                        search_method(Algorithm::Idastar, HeuristicName::Pdb),
                        truths,
                    ));
                }
                let truths = if SmallPuzzle::fits(shape) {
                    search_linear_conflict::<sliding::Nibbles>(shape, goal, positions, now)
                } else if SlidingPuzzle::<Quints>::fits(shape) {
                    search_linear_conflict::<Quints>(shape, goal, positions, now)
                } else {
                    search_linear_conflict::<sliding::Bytes>(shape, goal, positions, now)
                }
                .map_err(|e| refused(&e))?;
                Ok((
                    search_method(Algorithm::Idastar, HeuristicName::LinearConflict),
                    truths,
                ))
            }
        }
    }

    /// The distance table of `puzzle`'s goal: the one kept if it is for the same puzzle, else filled now.
    fn table<P: Puzzle>(&mut self, key: Key, puzzle: &P) -> &[u8] {
        if self.table.as_ref().is_none_or(|(k, _)| *k != key) {
            self.table = Some((key, distance_table(puzzle)));
        }
        self.table.as_ref().map_or(&[], |(_, t)| t.as_slice())
    }
}

fn table_method(table: &[u8]) -> Method {
    Method::Table {
        states: table.len() as u64,
    }
}

fn search_method(algorithm: Algorithm, heuristic: HeuristicName) -> Method {
    Method::Search {
        algorithm,
        heuristic,
        budget_ms: SEARCH_BUDGET_MS,
    }
}

fn lookup(table: &[u8], rank: u64) -> Option<u32> {
    match table.get(usize::try_from(rank).ok()?) {
        Some(&d) if d != UNSEEN => Some(u32::from(d)),
        _ => None,
    }
}

/// The distance of every ranked state to `puzzle`'s goal, by BFS from the goal (moves are reversible), layer by
/// layer; `UNSEEN` for states the goal does not reach. Distances above 254 would be cut to it; no space that fits
/// [`TABLE_MAX_STATES`] has any (the farthest 8-puzzle is 31 moves away, a 4-peg tower of 10 disks 49).
pub(crate) fn distance_table<P: Puzzle>(puzzle: &P) -> Vec<u8> {
    let count = puzzle.rank_count().unwrap_or(0).min(TABLE_MAX_STATES) as usize;
    let mut dist = vec![UNSEEN; count];
    let goal = puzzle.goal();
    let Some(slot) = dist.get_mut(puzzle.rank(&goal) as usize) else {
        return dist;
    };
    *slot = 0;
    let mut queue = vec![goal];
    let (mut head, mut layer_end, mut depth) = (0, 1, 0u8);
    while head < queue.len() {
        if head == layer_end {
            depth = depth.saturating_add(1).min(UNSEEN - 1);
            layer_end = queue.len();
        }
        let state = queue[head];
        head += 1;
        let next = depth.saturating_add(1).min(UNSEEN - 1);
        puzzle.for_each_successor(&state, |_, s| {
            if let Some(d) = dist.get_mut(puzzle.rank(&s) as usize) {
                if *d == UNSEEN {
                    *d = next;
                    queue.push(s);
                }
            }
        });
    }
    dist
}

/// A search's control: `ms` of time and `max_states` states, on the caller's clock.
fn control(now: &dyn Fn() -> f64, ms: u64, max_states: u64) -> Control<'_> {
    Control::new(Limits {
        max_states,
        time_limit_ms: Some(ms),
        ..Limits::default()
    })
    .with_clock(FnClock::new(now))
}

/// IDA* with linear conflict from each board (its tables depend on the goal alone: built once for every board).
fn search_linear_conflict<C: Cells>(
    shape: Shape,
    goal: &[u8],
    positions: &[Vec<u8>],
    now: &dyn Fn() -> f64,
) -> Result<Vec<Option<u32>>, sliding::SlidingError> {
    let heuristic = LinearConflict::new(&SlidingPuzzle::<C>::new(shape, goal, goal)?);
    Ok(search_sliding::<C, _>(
        shape, goal, positions, now, &heuristic,
    ))
}

/// IDA* with `heuristic` from each board.
fn search_sliding<C: Cells, H: Heuristic<SlidingPuzzle<C>>>(
    shape: Shape,
    goal: &[u8],
    positions: &[Vec<u8>],
    now: &dyn Fn() -> f64,
    heuristic: &H,
) -> Vec<Option<u32>> {
    search_each(goal, positions, now, |board, ms| {
        sliding::check_solvable(shape, board, goal).ok()?;
        let puzzle = SlidingPuzzle::<C>::new(shape, board, goal).ok()?;
        let mut control = control(now, ms, u64::MAX);
        let outcome = idastar(&puzzle, heuristic, &mut control);
        (outcome.status == Status::Solved).then_some(outcome.length as u32)
    })
}

/// h* of each position by `solve(position, milliseconds)` within [`SEARCH_BUDGET_MS`] in all.
///
/// The start is searched first. When the positions are a path ending at the goal and the start is as far from the
/// goal as the path is long, the path is a shortest one, and every position on it is exactly as far as the moves
/// left: `h*(i) <= n - i` by the path, and `h*(0) <= i + h*(i)`. Otherwise the positions are searched from the goal
/// back (the nearest, quickest first) until the budget is spent; the rest stay unknown.
fn search_each(
    goal: &[u8],
    positions: &[Vec<u8>],
    now: &dyn Fn() -> f64,
    mut solve: impl FnMut(&[u8], u64) -> Option<u32>,
) -> Vec<Option<u32>> {
    let started = now();
    let left = || SEARCH_BUDGET_MS.saturating_sub((now() - started).max(0.0) as u64);
    let mut truths = vec![None; positions.len()];
    let Some((start, rest)) = positions.split_first() else {
        return truths;
    };
    let path = !rest.is_empty() && positions.last().is_some_and(|p| p == goal);
    let first_ms = if path {
        SEARCH_BUDGET_MS * START_SHARE_PERCENT / 100
    } else {
        SEARCH_BUDGET_MS
    };
    truths[0] = solve(start, first_ms);
    let moves = rest.len() as u32;
    if path && truths[0] == Some(moves) {
        for (i, truth) in truths.iter_mut().enumerate() {
            *truth = Some(moves - i as u32);
        }
        return truths;
    }
    for i in (1..positions.len()).rev() {
        let ms = left();
        if ms == 0 {
            break;
        }
        truths[i] = solve(&positions[i], ms);
        if truths[i].is_none() {
            break;
        }
    }
    truths
}
