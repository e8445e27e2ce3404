//! Near-optimal search on boards of up to 25 cells (5x5 above all) with the pattern databases:
//! the tables paired with a goal ([`LargePdb`]), tables for any goal ([`WindowTables`]),
//! restarting weighted A* on them ([`search_near_optimal`]), window re-optimisation
//! ([`improve_windows`]), and the two combined ([`near_optimal_5x5`], [`solve_near_optimal`],
//! [`improve_5x5`]), each better answer reported as it is found.
//!
//! # The weighted search
//! Weighted A* (f = g + w h) with decreasing weights: the first run (w = 3) answers at once, each
//! later one (lower w) must beat the best answer so far, and every node whose g + h (h admissible)
//! cannot beat it is pruned. A run ends at its first better answer, or when its open list empties
//! (then no shorter answer exists at all: the best is proved shortest), and the next, lower weight
//! starts afresh. Closed nodes are reopened when reached by a shorter path, so the last run
//! (w = 1, A* with the incumbent as bound) is exact. Expansion is partial: a node's children whose
//! estimate does not fall wait behind it in the open list, and most are never stored (see
//! `Engine::run`). Memory is bounded by the `Control`'s byte and state budgets: 28 bytes a node (in
//! blocks that never move), 4 per index slot (load at most 1/2, or 3/4 where the budget is better
//! spent on nodes) and 8 per open entry, each growth checked against the byte budget before it
//! happens.
//!
//! # Natively, the 6-6-6-6 tables
//! When this process holds the 24-puzzle's 6-6-6-6 tables (`disk::prepare_tables_6666`), they
//! replace the window tables for every goal with the blank in a corner: for the weighted runs (the
//! usual goal has its blank in a corner) and for the windows that end on such a board. Paths come
//! out locally shortest then (windows of 30 to 50 moves rarely better them): what is left is
//! global, found by the lower weights; so each of their answers is polished by the windows, at the
//! path's corner boards too (searched backwards where a window starts there), before the next
//! weight, bounded by the polished length.

mod cells;
mod dual;
mod engine;
mod large;
mod nodes;
mod tiling;
mod windows;

pub use engine::{replay, search_near_optimal, NearOptimal};
pub use large::{GroupSource, LargePdb, WEIGHTS};
pub use windows::{improve_windows, WindowTables};

use crate::said::Said;
use windows::{improve_by_passes, LARGE_PASSES};

use engine::search_capped;

use crate::pdb::error::PdbError;
use crate::search::{Algorithm, Control, Outcome, Stats, Status};
use crate::sliding::Dir;

/// The first weights: answers within a few hundred thousand expansions, which the windows then
/// better.
const FIRST_WEIGHTS: [u32; 3] = [300, 200, 160];
/// The most expansions of each of those first runs.
const FIRST_CAP: u64 = 150_000;

/// The weights tried once the windows are done, while time is left: those below the weight of
/// the run that found the best answer so far.
const LATER_WEIGHTS: [u32; 14] = [
    250, 220, 200, 185, 170, 160, 150, 145, 140, 135, 130, 120, 110, 100,
];

/// A given answer at most this many times the tables' lower bound (which is about 0.8 of the optimum) is shorter
/// than the first weights' answers mostly are (with the windows, 1.13-1.21 x the optimum at 100 ms over the 50
/// Korf-Felner instances): the first weights are skipped, and the later ones start at [`CLOSE_TOP_WEIGHT`], since
/// the runs above it spend their time failing to beat it.
const CLOSE_GIVEN: f64 = 1.45;

/// The highest later weight tried after a close given answer (hundredths). Over the 50 instances at 1.2 s and
/// 16 MiB after the beam's 0.9 s: 1.033 x the optimum and 1.204 x the bound, against 1.034 and 1.264 with every
/// weight. At 2 s with the 6-6-6-6 tables: 1.027 and 1.171; from 1.5, 1.027 and 1.221; from 1.15, 1.030 and 1.133.
const CLOSE_TOP_WEIGHT: u32 = 130;

/// Whether a given answer of `length` moves is close ([`CLOSE_GIVEN`]) to the tables' `lower_bound`.
fn is_close(length: u32, lower_bound: u32) -> bool {
    f64::from(length) <= CLOSE_GIVEN * f64::from(lower_bound)
}

/// Adds the counters of a later search to `stats`.
fn merge_stats(stats: &mut Stats, later: &Stats) {
    stats.expanded += later.expanded;
    stats.generated += later.generated;
    stats.duplicates += later.duplicates;
    stats.max_open = stats.max_open.max(later.max_open);
    stats.closed = stats.closed.max(later.closed);
    stats.peak_memory_bytes = stats.peak_memory_bytes.max(later.peak_memory_bytes);
    for (i, &n) in later.by_depth.iter().enumerate() {
        if i >= stats.by_depth.len() {
            stats.by_depth.resize(i + 1, 0);
        }
        stats.by_depth[i] += n;
    }
}

/// Whether the answers are also polished by the windows at their corner boards ([`at_corners`]), and the
/// later weights' answers by every window before the next weight ([`polish`]): natively, when the weighted
/// runs search on the 6-6-6-6 tables, whose answers come seconds apart; the browser's runs go on as before.
fn polishes(_tables: &WindowTables, _goal: &[u8]) -> bool {
    #[cfg(not(target_arch = "wasm32"))]
    return windows::six_six_for(_tables.geometry(), _goal).is_some();
    #[cfg(target_arch = "wasm32")]
    false
}

/// [`windows::improve_at_anchors`] at the boards of `path` with the blank in a corner, on the 6-6-6-6 tables
/// (natively, when this process holds them); nothing in WebAssembly, which has none.
fn at_corners(
    _tables: &WindowTables,
    _start: &[u8],
    _path: &[Dir],
    _control: &mut Control,
    _stats: &mut Stats,
    _on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    #[cfg(not(target_arch = "wasm32"))]
    return windows::improve_at_anchors(
        _tables.geometry(),
        _start,
        _path,
        |board| windows::six_six_for(_tables.geometry(), board),
        _control,
        _stats,
        _on_answer,
    );
    #[cfg(target_arch = "wasm32")]
    None
}

/// `path` shortened by windows on the window tables, then by the windows at its corner boards; `None` if
/// neither shortens it.
fn polish(
    tables: &mut WindowTables,
    start: &[u8],
    path: &[Dir],
    control: &mut Control,
    stats: &mut Stats,
    mut on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Option<Vec<Dir>> {
    let windowed = improve_windows(tables, start, path, control, stats, &mut on_answer);
    let best = windowed.as_deref().unwrap_or(path);
    at_corners(tables, start, best, control, stats, &mut on_answer).or(windowed)
}

/// The near-optimal search for any start and goal (5x5 above all; any board `tables` cover):
/// weighted A* runs on the tables for a first answer (w = 3, 2 and 1.6, each capped at 150,000
/// expansions), then window re-optimisation until no window betters the path, then weighted A*
/// runs with lower weights (below the one that found the best answer, down to 1), each bounded
/// by the best path so far, until
/// `control` stops it (time, memory, states, cancel). Calls `on_answer` with each better path;
/// returns the best path (`None` if none was found, or none shorter than `bound`) with the
/// lower bound, `optimal` when it is proved shortest.
pub fn near_optimal_5x5(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    bound: Option<&[Dir]>,
    control: &mut Control,
    mut on_answer: impl FnMut(&mut Control, &[Dir]),
) -> Result<NearOptimal, PdbError> {
    let pdb = tables.pdb_for(goal)?;
    let given = bound.map(|b| b.len() as u32);
    let close = given.is_some_and(|g| is_close(g, pdb.lower_bound(start)));
    let top_weight = close.then_some(CLOSE_TOP_WEIGHT);
    let first_weights: &[u32] = if close { &[] } else { &FIRST_WEIGHTS };
    let mut found = search_capped(
        &pdb,
        start,
        given,
        first_weights,
        FIRST_CAP,
        control,
        &mut on_answer,
    )?;
    // A first run stopped by the byte budget (not the time, nor a cancel) leaves time for the
    // windows, whose searches are small.
    if found.optimal || found.stop.is_some() && control.checkpoint(&mut found.stats).is_some() {
        return Ok(found);
    }
    let Some(first) = found.moves.clone().or_else(|| bound.map(<[Dir]>::to_vec)) else {
        return Ok(found);
    };
    let mut stats = std::mem::take(&mut found.stats);
    if let Some(better) =
        improve_windows(tables, start, &first, control, &mut stats, &mut on_answer)
    {
        found.moves = Some(better);
    }
    let polishing = polishes(tables, goal);
    if polishing {
        let best = found.moves.as_deref().unwrap_or(&first);
        if let Some(better) = at_corners(tables, start, best, control, &mut stats, &mut on_answer) {
            found.moves = Some(better);
        }
    }
    // The time left: lower weights, each bounded by the best path so far.
    let best_len = found
        .moves
        .as_ref()
        .map(Vec::len)
        .or(given.map(|g| g as usize));
    if let Some(best_len) = best_len {
        let weights: Vec<u32> = LATER_WEIGHTS
            .iter()
            .copied()
            .filter(|&w| found.weight.is_none_or(|best| w < best))
            .filter(|&w| top_weight.is_none_or(|top| w <= top))
            .collect();
        // With the 6-6-6-6 tables, each weight's answer is polished by windows before the next weight,
        // bounded by the polished length; else the weights run on, as in the browser.
        let rounds: Vec<&[u32]> = if polishing {
            weights.chunks(1).collect()
        } else {
            vec![&weights]
        };
        let mut best_len = best_len;
        for round in rounds {
            let later = search_capped(
                &pdb,
                start,
                Some(best_len as u32),
                round,
                u64::MAX,
                control,
                &mut on_answer,
            )?;
            merge_stats(&mut stats, &later.stats);
            found.optimal = later.optimal;
            found.lower_bound = found.lower_bound.max(later.lower_bound);
            found.stop = later.stop;
            if let Some(moves) = later.moves {
                found.weight = later.weight;
                let polished = polishing
                    .then(|| polish(tables, start, &moves, control, &mut stats, &mut on_answer))
                    .flatten();
                let moves = polished.unwrap_or(moves);
                best_len = moves.len();
                found.moves = Some(moves);
            }
            if found.optimal || found.stop.is_some() {
                break;
            }
        }
        // The weights stopped at the byte budget with time left: large windows, whose searches
        // are smaller, take the rest.
        let best = found.moves.clone().or_else(|| bound.map(<[Dir]>::to_vec));
        if let Some(best) =
            best.filter(|_| !found.optimal && control.checkpoint(&mut stats).is_none())
        {
            if let Some(better) = improve_by_passes(
                tables,
                start,
                &best,
                &LARGE_PASSES,
                control,
                &mut stats,
                &mut on_answer,
            ) {
                found.moves = Some(better);
            }
        }
    }
    if let Some(moves) = &found.moves {
        if moves.len() as u32 <= found.lower_bound {
            found.optimal = true;
        }
        if found.optimal {
            found.lower_bound = moves.len() as u32;
        }
    }
    stats.elapsed_ms = control.elapsed_ms();
    found.stats = stats;
    Ok(found)
}

/// The 5x5 improver: a path from `start` to `goal` strictly shorter than `best` (blank
/// moves), or `None`, by [`near_optimal_5x5`] bounded by `best`, each better path handed to
/// `on_answer` as it is found; and the lower bound the search proved (`None` if it could not
/// run). Stops as `control` says (time, states, bytes, cancel) with the best found so far.
pub fn improve_5x5(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    best: &[Dir],
    control: &mut Control,
    on_answer: impl FnMut(&mut Control, &[Dir]),
) -> (Option<Vec<Dir>>, Option<u32>) {
    match near_optimal_5x5(tables, start, goal, Some(best), control, on_answer) {
        Ok(found) => (
            found.moves.filter(|moves| moves.len() < best.len()),
            Some(found.lower_bound),
        ),
        Err(_) => (None, None),
    }
}

/// Solves `start` for `goal` near-optimally with [`near_optimal_5x5`]: an outcome with the best
/// path found within `control`'s budget, `optimal` when proved shortest; its message gives the
/// lower bound.
pub fn solve_near_optimal(
    tables: &mut WindowTables,
    start: &[u8],
    goal: &[u8],
    control: &mut Control,
) -> Outcome<Dir> {
    match near_optimal_5x5(tables, start, goal, None, control, |_, _| {}) {
        Err(e) => Outcome::stopped(
            Algorithm::Weighted,
            Status::Invalid,
            Said::Refused {
                detail: e.to_string(),
            },
            Stats::default(),
        ),
        Ok(found) => match found.moves {
            Some(moves) => {
                let length = moves.len() as u64;
                let mut outcome =
                    Outcome::solved(Algorithm::Weighted, moves, found.optimal, found.stats);
                if !found.optimal {
                    outcome.said[1] = Said::NearOptimal {
                        length,
                        lower_bound: u64::from(found.lower_bound),
                    };
                }
                outcome.with_heuristic(super::PDB_HEURISTIC_NAME)
            }
            None => {
                let (status, message) = found.stop.unwrap_or((Status::Limit, Said::NoAnswer));
                Outcome::stopped(Algorithm::Weighted, status, message, found.stats)
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::check_sliding;
    use crate::pdb::board::Geometry;
    use crate::pdb::PdbTables;
    use crate::pdb::{Partition, PdbBuilder};
    use crate::search::Limits;
    use std::sync::Arc;

    fn geometry(w: u8, h: u8) -> Geometry {
        Geometry::new(w, h).unwrap_or_else(|e| panic!("{e}"))
    }

    fn tables(g: &Geometry, partition: &Partition) -> Arc<PdbTables> {
        let mut builder = PdbBuilder::new(g, partition);
        while !builder.step(1 << 18) {}
        Arc::new(builder.into_tables().unwrap_or_else(|e| panic!("{e}")))
    }

    /// 5x5 tables of eight 3-tile groups (rows of three cells): small enough for a test.
    fn small_five_by_five(blank: u8) -> Arc<PdbTables> {
        let g = geometry(5, 5);
        let cells: Vec<u8> = (0..25).filter(|&c| c != blank).collect();
        let groups = cells.chunks(3).map(|c| c.to_vec()).collect();
        tables(
            &g,
            &Partition::new(&g, blank, groups).unwrap_or_else(|e| panic!("{e}")),
        )
    }

    /// 5x5 window tables of 3-cell groups (row-major runs, the last cell alone): small enough
    /// for a test.
    fn small_windows() -> WindowTables {
        let cells: Vec<u8> = (0..25).collect();
        let groups = cells.chunks(3).map(|c| c.to_vec()).collect();
        WindowTables::build_for(geometry(5, 5), groups, |_| {}).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A random walk of `len` moves of the blank from `goal` (never straight back).
    fn walk(g: &Geometry, goal: &[u8], len: usize, seed: u64) -> Vec<u8> {
        let mut board = goal.to_vec();
        let mut blank = board.iter().position(|&t| t == 0).unwrap_or(0);
        let mut last = usize::MAX;
        let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        for _ in 0..len {
            let moves: Vec<usize> = g
                .moves(blank)
                .iter()
                .map(|&(_, to)| to as usize)
                .filter(|&to| to != last)
                .collect();
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let to = moves[(x % moves.len() as u64) as usize];
            board.swap(blank, to);
            last = blank;
            blank = to;
        }
        board
    }

    fn letters(moves: &[Dir]) -> String {
        moves.iter().map(|d| d.letter()).collect()
    }

    #[test]
    fn the_heuristic_never_exceeds_the_distance_on_the_whole_3x3_space() {
        let g = geometry(3, 3);
        for blank in [8u8, 4, 1] {
            let mut goal: Vec<u8> = (1..9).collect();
            goal.insert(blank as usize, 0);
            let partition = Partition::default_for(&g, blank).unwrap_or_else(|e| panic!("{e}"));
            let pdb =
                LargePdb::new(tables(&g, &partition), &goal).unwrap_or_else(|e| panic!("{e}"));
            // Every reachable board, in a fixed order (the lower bound is sampled from it).
            let mut dist: Vec<(Vec<u8>, u32)> = crate::sliding::tests::distances(3, 3, &goal)
                .into_iter()
                .collect();
            dist.sort_unstable();
            let mut exact = 0;
            for (i, (board, d)) in dist.iter().enumerate() {
                let (h, d) = (pdb.estimate(board), *d);
                assert!(h <= d, "{board:?}: h {h} > distance {d}");
                // The bound adds linear conflict, whose line tables are built per call: every 61st board (its
                // admissibility is tested over whole spaces with the sliding heuristics).
                if i % 61 == 0 {
                    assert!(pdb.lower_bound(board) <= d);
                }
                exact += usize::from(h == d);
            }
            assert_eq!(dist.len(), 181_440);
            assert!(exact > 1000, "the tables are informative");
        }
    }

    #[test]
    fn near_optimal_answers_replay_and_respect_the_bounds_on_5x5() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        for (len, seed) in [(30, 1), (50, 2), (70, 3)] {
            let start = walk(&g, &goal, len, seed);
            let mut answers = Vec::new();
            let mut control = Control::new(Limits {
                max_states: 2_000_000,
                ..Limits::default()
            })
            .with_max_bytes(84 << 20);
            let found = search_near_optimal(&pdb, &start, None, &WEIGHTS, &mut control, |_, m| {
                answers.push(m.len())
            })
            .unwrap_or_else(|e| panic!("{e}"));
            let moves = found
                .moves
                .unwrap_or_else(|| panic!("walk {len}: {:?}", found.stop));
            assert_eq!(check_sliding(5, 5, &start, &goal, &letters(&moves)), Ok(()));
            assert!(found.lower_bound as usize <= moves.len());
            assert!(
                found.lower_bound as usize <= len,
                "admissible: the walk bounds the distance"
            );
            assert!(
                answers.windows(2).all(|w| w[1] < w[0]),
                "each answer better: {answers:?}"
            );
            assert_eq!(answers.last(), Some(&moves.len()));
            if found.optimal {
                assert_eq!(found.lower_bound as usize, moves.len());
                assert!(moves.len() <= len);
            }
            let mut windows = small_windows();
            let mut control = Control::new(Limits {
                max_states: 2_000_000,
                ..Limits::default()
            });
            let outcome = solve_near_optimal(&mut windows, &start, &goal, &mut control);
            assert_eq!(outcome.status, Status::Solved);
            assert_eq!(
                check_sliding(5, 5, &start, &goal, &letters(&outcome.moves)),
                Ok(())
            );
        }
    }

    #[test]
    fn the_improver_shortens_a_padded_path_or_says_none() {
        let g = geometry(5, 5);
        let mut windows = small_windows();
        // A goal with the blank inside, and a start a walk away.
        let mut goal: Vec<u8> = (1..25).collect();
        goal.insert(12, 0);
        let start = walk(&g, &goal, 40, 7);
        let limits = Limits {
            max_states: 2_000_000,
            ..Limits::default()
        };
        let first =
            solve_near_optimal(&mut windows, &start, &goal, &mut Control::new(limits)).moves;
        assert_eq!(check_sliding(5, 5, &start, &goal, &letters(&first)), Ok(()));
        // The answer with a detour (right and back) is longer.
        let padded: Vec<Dir> = first
            .iter()
            .copied()
            .chain([Dir::Right, Dir::Left])
            .collect();
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&padded)),
            Ok(())
        );
        let (better, proven) = improve_5x5(
            &mut windows,
            &start,
            &goal,
            &padded,
            &mut Control::new(limits),
            |_, _| {},
        );
        let better = better.unwrap_or_else(|| panic!("a shorter path exists"));
        assert!(proven.is_some_and(|b| b as usize <= better.len()));
        assert!(better.len() < padded.len());
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&better)),
            Ok(())
        );
        // Windows alone shorten it too (the detour is inside a window).
        let mut stats = Stats::default();
        let mut control = Control::new(limits);
        let windowed = improve_windows(
            &mut windows,
            &start,
            &padded,
            &mut control,
            &mut stats,
            |_, _| {},
        )
        .unwrap_or_else(|| panic!("a window holds the detour"));
        assert!(windowed.len() <= first.len());
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&windowed)),
            Ok(())
        );
        // Nothing beats a path as short as the lower bound.
        let pdb = windows.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
        let lb = pdb.lower_bound(&start) as usize;
        assert!(lb <= better.len());
        if better.len() == lb {
            assert!(improve_5x5(
                &mut windows,
                &start,
                &goal,
                &better,
                &mut Control::new(limits),
                |_, _| {},
            )
            .0
            .is_none());
        }
    }

    #[test]
    fn a_close_given_answer_starts_the_weights_at_1_3_and_is_still_shortened() {
        assert!(is_close(145, 100) && !is_close(146, 100) && !is_close(1, 0));
        let g = geometry(5, 5);
        let mut windows = small_windows();
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let limits = Limits {
            max_states: 2_000_000,
            ..Limits::default()
        };
        let start = walk(&g, &goal, 60, 11);
        let lb = windows
            .pdb_for(&goal)
            .unwrap_or_else(|e| panic!("{e}"))
            .lower_bound(&start);
        let first =
            solve_near_optimal(&mut windows, &start, &goal, &mut Control::new(limits)).moves;
        // Two detours from the goal's corner, where the blank ends: still close to the bound.
        let mut padded = first.clone();
        padded.extend([Dir::Left, Dir::Right, Dir::Up, Dir::Down]);
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&padded)),
            Ok(())
        );
        assert!(
            is_close(padded.len() as u32, lb),
            "{} moves, bound {lb}",
            padded.len()
        );
        let mut answers = Vec::new();
        let found = near_optimal_5x5(
            &mut windows,
            &start,
            &goal,
            Some(&padded),
            &mut Control::new(limits),
            |_, m| answers.push(m.len()),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let better = found.moves.unwrap_or_else(|| panic!("the detours can go"));
        assert!(better.len() < padded.len() && better.len() <= first.len());
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&better)),
            Ok(())
        );
        assert!(answers.iter().all(|&n| n < padded.len()), "{answers:?}");
        // No run above the close start's weight: the answer came from the windows or a low weight.
        assert!(
            found.weight.is_none_or(|w| w <= CLOSE_TOP_WEIGHT),
            "{:?}",
            found.weight
        );
    }

    #[test]
    fn windows_at_anchors_shorten_a_padded_path_forwards_and_backwards() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let tables = small_five_by_five(24);
        // Anchors: the boards with the blank on cell 24, the tables' blank cell.
        let pdb_at = |board: &[u8]| {
            (board.iter().position(|&t| t == 0) == Some(24))
                .then(|| LargePdb::new(Arc::clone(&tables), board).ok())
                .flatten()
        };
        // A start with the blank on cell 24, so that it is an anchor too (a window there is searched
        // backwards): a walk, then the blank brought down and right.
        let mut start = walk(&g, &goal, 40, 5);
        let mut blank = start.iter().position(|&t| t == 0).unwrap_or(0);
        while blank != 24 {
            let to = if blank % 5 < 4 { blank + 1 } else { blank + 5 };
            start.swap(blank, to);
            blank = to;
        }
        let limits = Limits {
            max_states: 2_000_000,
            ..Limits::default()
        };
        let first = solve_near_optimal(
            &mut small_windows(),
            &start,
            &goal,
            &mut Control::new(limits),
        )
        .moves;
        // Detours at the start (only a backward window from the start holds the first) and before the end.
        let mut padded = vec![Dir::Up, Dir::Down];
        padded.extend(&first[..first.len() - 4]);
        padded.extend([Dir::Left, Dir::Right]);
        padded.extend(&first[first.len() - 4..]);
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&padded)),
            Ok(())
        );
        let mut answers = Vec::new();
        let better = windows::improve_at_anchors(
            &g,
            &start,
            &padded,
            pdb_at,
            &mut Control::new(limits),
            &mut Stats::default(),
            |_, m| answers.push(m.len()),
        )
        .unwrap_or_else(|| panic!("the detours are in windows at anchors"));
        assert!(
            better.len() <= padded.len() - 4,
            "{} of {}",
            better.len(),
            padded.len()
        );
        assert_eq!(answers.last(), Some(&better.len()));
        assert_eq!(
            check_sliding(5, 5, &start, &goal, &letters(&better)),
            Ok(())
        );
        // A path undone leads back.
        let end = replay(&g, &start, &better).unwrap_or_else(|| panic!("replays"));
        assert_eq!(replay(&g, &end, &windows::undone(&better)), Some(start));
    }

    #[test]
    fn a_goals_smaller_table_is_built_once_per_process() {
        let g = geometry(5, 5);
        // The blank on cell 13 (group [12, 13, 14]): its table is of cells 12 and 14.
        let mut goal: Vec<u8> = (1..25).collect();
        goal.insert(13, 0);
        let key = crate::pdb::partition_key(
            &g,
            &Partition::new(&g, 13, vec![vec![12, 14]]).unwrap_or_else(|e| panic!("{e}")),
        );
        let first = small_windows()
            .pdb_for(&goal)
            .unwrap_or_else(|e| panic!("{e}"));
        let cached = crate::pdb::held::cached_tables(&key).expect("installed in the cache");
        // Another set of tables for the same board takes it from there, the same one.
        let mut again = small_windows();
        let second = again.pdb_for(&goal).unwrap_or_else(|e| panic!("{e}"));
        assert!(second
            .groups
            .iter()
            .any(|r| Arc::ptr_eq(&r.tables, &cached)));
        let start = walk(&g, &goal, 30, 9);
        assert_eq!(first.estimate(&start), second.estimate(&start));
    }

    #[test]
    fn the_open_lists_floor_raises_the_bound_and_never_passes_the_optimum() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        let mut raised = 0;
        for seed in 1..=6 {
            let start = walk(&g, &goal, 44, seed);
            // The optimum: A* (weight 1) to the end proves it.
            let mut control = Control::new(Limits::default()).with_max_bytes(256 << 20);
            let exact = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
            assert!(exact.optimal, "seed {seed}: {:?}", exact.stop);
            let optimum = exact.moves.map_or(0, |m| m.len()) as u32;
            assert_eq!(exact.lower_bound, optimum);
            // Runs cut short (by their expansion cap, or the state budget) prove less, never too much.
            for cap in [200, 2_000, 20_000] {
                let mut control = Control::new(Limits {
                    max_states: 3 * cap,
                    ..Limits::default()
                });
                let found = search_capped(
                    &pdb,
                    &start,
                    None,
                    &[300, 150, 120, 100],
                    cap,
                    &mut control,
                    |_, _| {},
                )
                .unwrap_or_else(|e| panic!("{e}"));
                let estimate = pdb.lower_bound(&start);
                assert!(
                    estimate <= found.lower_bound && found.lower_bound <= optimum,
                    "seed {seed}, cap {cap}: estimate {estimate}, bound {}, optimum {optimum}",
                    found.lower_bound
                );
                if let Some(moves) = &found.moves {
                    assert!(moves.len() as u32 >= found.lower_bound);
                    assert_eq!(check_sliding(5, 5, &start, &goal, &letters(moves)), Ok(()));
                }
                raised += usize::from(found.lower_bound > estimate);
            }
        }
        assert!(raised > 0, "the floor never raised the start's estimate");
    }

    #[test]
    fn a_weighted_run_stores_the_children_whose_estimate_falls_and_defers_the_rest() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        for seed in [11, 12, 13] {
            let start = walk(&g, &goal, 400, seed);
            let mut control = Control::new(Limits::default());
            let capped = search_capped(&pdb, &start, None, &[150], 20_000, &mut control, |_, _| {})
                .unwrap_or_else(|e| panic!("{e}"));
            // Fully expanded, a run stores 2.1-2.3 nodes an expansion here (every child not seen before).
            let (stored, expanded) = (capped.stats.closed, capped.stats.expanded);
            assert!(
                stored <= expanded && expanded > 1000,
                "seed {seed}: {stored} nodes stored for {expanded} expansions"
            );
            if let Some(moves) = &capped.moves {
                assert_eq!(check_sliding(5, 5, &start, &goal, &letters(moves)), Ok(()));
            }
        }
    }

    #[test]
    fn budgets_stop_the_search_and_bad_input_is_refused() {
        let g = geometry(5, 5);
        let goal: Vec<u8> = (1..25).chain([0]).collect();
        let pdb = LargePdb::new(small_five_by_five(24), &goal).unwrap_or_else(|e| panic!("{e}"));
        let start = walk(&g, &goal, 400, 11);
        let mut control = Control::new(Limits {
            max_states: 1000,
            ..Limits::default()
        });
        let found = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(found.moves.is_none());
        assert!(matches!(found.stop, Some((Status::Limit, _))));
        let mut control = Control::new(Limits::default()).with_max_bytes(1 << 20);
        let found = search_near_optimal(&pdb, &start, None, &[100], &mut control, |_, _| {})
            .unwrap_or_else(|e| panic!("{e}"));
        assert!(matches!(found.stop, Some((Status::Limit, _))));
        assert!(found.stats.peak_memory_bytes <= 1 << 20);
        let mut unsolvable = start.clone();
        let (a, b) = if unsolvable[0] != 0 && unsolvable[1] != 0 {
            (0, 1)
        } else {
            (2, 3)
        };
        unsolvable.swap(a, b);
        let mut control = Control::new(Limits::default());
        assert!(
            search_near_optimal(&pdb, &unsolvable, None, &WEIGHTS, &mut control, |_, _| {})
                .is_err()
        );
        assert!(
            search_near_optimal(&pdb, &[1, 2, 3], None, &WEIGHTS, &mut control, |_, _| {}).is_err()
        );
        assert!(
            LargePdb::new(small_five_by_five(0), &goal).is_err(),
            "blank elsewhere"
        );
    }

    #[test]
    fn five_by_five_tables_round_trip_byte_for_byte() {
        let t = small_five_by_five(24);
        let bytes = t.to_bytes();
        let back = PdbTables::from_bytes(&bytes).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(&back, t.as_ref());
        assert_eq!(back.to_bytes(), bytes);
    }
}
