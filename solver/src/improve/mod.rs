//! Anytime improvement of a sliding answer: wasted moves removed ([`remove_wasted`]), then the improvers that
//! know this board ([`improvers_for`]: the place a 5x5 pattern-database search plugs in), then windows of the
//! path re-optimised by IDA* between their end boards ([`window`]), windows growing while the budget lasts,
//! until a round finds nothing. On boards wider or taller than 5 the last quarter of the time goes to the lower
//! bound instead: iterations of IDA* from the start ([`bound::deepening`]). Every shorter answer goes to
//! [`Control::answer`] as a full `Report`; a cancel or the time limit keeps the best answer, which is returned
//! as solved.
//!
//! The budget: the control's time limit, else [`DEFAULT_IMPROVE_MS`]; and `limits.max_states` expansions over
//! all the improvement's searches, so that a run without a clock (wasm before the worker sets one, the tests)
//! still ends, and ends the same way every time.

mod beam;
#[cfg(not(target_arch = "wasm32"))]
mod portfolio;
mod tables;
mod variants;
mod wasted;
pub mod window;

pub use beam::BeamSearch;
pub use tables::FiveByFiveTables;
pub use variants::StagedStrategies;
pub use wasted::remove_wasted;

use crate::bound;
use crate::report::{Moves, Report, Said};
use crate::search::{Algorithm, Control, HelperClock, Stats, Status};
use crate::sliding::{moves_to_string, Dir, Shape};
use window::{shorter_path, Budget, Stop};

/// The improvement's time budget when the control sets none, in milliseconds.
pub const DEFAULT_IMPROVE_MS: u64 = 2500;

/// The window sizes tried, in moves, in order: a round at level L tries the first `7 + L` (up to 48 moves at
/// level 0, 96 at the last level).
const WINDOW_SIZES: [usize; 10] = [4, 8, 16, 24, 32, 40, 48, 64, 80, 96];

/// The most expansions one window's search may make at level 0; each level allows 4 times more.
const WINDOW_EXPANSIONS: u64 = 20_000;

/// The last level: a round there that shortens nothing ends the improvement.
const LAST_LEVEL: usize = 3;

/// The share of the time limit the beam schedules its widths within on 5x5 when the tables serve; their
/// near-optimal search, bounded by the beam's answer, takes the rest. Over the 50 Korf-Felner instances at 2 s
/// with the 6-6-6-6 tables, length / optimum 1.027 (worst 1.112) against 1.036 (1.087) for the tables alone and
/// 1.031 (1.112) for the beam alone; a half or 0.6 of the time gave 1.028-1.036. With the browser's window tables
/// and 16 MiB at 1.2 s, 1.032 (1.105) against 1.067 (1.126) for the tables alone.
const BEAM_SHARE_BEFORE_TABLES: f64 = 0.75;

/// The share of the time limit the bound's search ([`bound::deepening`]) takes after the answer's improvement,
/// on boards wider or taller than 5 (up to 5x5 the pattern databases bound and solve). On 5 random boards of
/// each size at 2 s, a quarter took len/LB from 1.43 to 1.33 on 6x6 and from 1.53 to 1.16 on 2x8, the answers
/// under 0.5% longer; half gained nothing more (each iteration costs 5 to 40 times the last).
const DEEPENING_SHARE: f64 = 0.25;

/// The share on boards of [`LARGEST_CELLS`] (8x8), where an iteration costs most and a quarter buys few: on 20
/// random boards at 2 s natively a tenth gave len/LB 1.462 against 1.466 for a quarter, with shorter answers; in
/// the browser, slower, a quarter left 8x8's answers 1.4% longer for no better bound.
const DEEPENING_SHARE_LARGEST: f64 = 0.10;

/// See [`DEEPENING_SHARE_LARGEST`].
const LARGEST_CELLS: usize = 64;

/// The share of the time the bound's search takes on `shape`: 0 up to 5x5.
fn deepening_share(shape: Shape) -> f64 {
    if shape.cells() >= LARGEST_CELLS {
        DEEPENING_SHARE_LARGEST
    } else if shape.width > 5 || shape.height > 5 {
        DEEPENING_SHARE
    } else {
        0.0
    }
}

/// One board to improve an answer of: a valid, solvable start and goal of the shape.
#[derive(Debug, Clone, Copy)]
pub struct Problem<'p> {
    pub shape: Shape,
    pub start: &'p [u8],
    pub goal: &'p [u8],
}

/// Something that may find a shorter path than the best so far (the 5x5 pattern-database search is one).
pub trait Improver {
    /// Words for a person, e.g. "5x5 pattern databases".
    fn name(&self) -> &'static str;

    /// An admissible lower bound on the shortest solution, if this improver knows one. The loop asks before
    /// and after [`Improver::improve`] (a search may prove more on its way) and keeps the largest of all bounds
    /// and linear conflict.
    fn lower_bound(&mut self, problem: &Problem, control: &mut Control) -> Option<u64> {
        let _ = (problem, control);
        None
    }

    /// A path from start to goal (blank moves) shorter than `best`, or `None`. It may hand each better path to
    /// `found` as soon as it has one (the loop reports it at once), and returns its best at the end. It must
    /// call `control.checkpoint` at least every `CHECK_EVERY` expansions and return (`None`, or its best) as
    /// soon as that says stop. The loop replays every path it gets and ignores one that does not reach the goal.
    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>>;
}

/// The improvers run for a board, in order, after wasted moves are removed and before windows are re-optimised.
/// The one place to plug another in (by the board's shape, say, or the tables this process holds). `helper`: the
/// clock maker of a helper thread the run may search in (`Control::with_helper_thread`), if any.
pub fn improvers_for(problem: &Problem, helper: Option<HelperClock>) -> Vec<Box<dyn Improver>> {
    let mut improvers: Vec<Box<dyn Improver>> = Vec::new();
    // Up to 3x3 the staged solver's answer is already optimal.
    if problem.shape.width > 3 || problem.shape.height > 3 {
        improvers.push(Box::new(StagedStrategies));
    }
    // Last: each searches until the budget ends (the beam leaves the windows the time its next width would
    // not finish in). Where the 5x5 tables serve, each of the beam and their search finds the shorter answer on
    // different boards: with a helper thread they run side by side for the whole time; in one thread the beam
    // takes the first part of it and their search the rest, bounded by the beam's answer.
    if let Some(tables) = FiveByFiveTables::for_problem(problem) {
        #[cfg(not(target_arch = "wasm32"))]
        if let Some(helper_clock) = helper {
            improvers.push(Box::new(portfolio::Portfolio {
                tables,
                helper_clock,
            }));
            return improvers;
        }
        #[cfg(target_arch = "wasm32")]
        let _ = helper;
        improvers.push(Box::new(BeamSearch {
            share: BEAM_SHARE_BEFORE_TABLES,
        }));
        improvers.push(Box::new(tables));
    } else if problem.shape.width > 3 || problem.shape.height > 3 {
        improvers.push(Box::new(BeamSearch::default()));
    }
    improvers
}

/// Improves `first` (a solved answer from `algorithm`, whose search made `stats`) within `control`'s budget and
/// returns the best answer as a solved report. Every shorter answer, and the first, go to `control.answer`.
/// `lower_bound`: a proven bound the caller knows (the length of an answer known to be optimal), else the best
/// available for the start ([`bound::sliding_lower_bound`]) is used.
pub fn improve_answer(
    problem: &Problem,
    first: &[Dir],
    lower_bound: Option<u64>,
    algorithm: Algorithm,
    stats: Stats,
    control: &mut Control,
) -> Report {
    // A byte budget bounds the run's memory, which two threads would each take: one thread then.
    let helper = control
        .helper_clock()
        .filter(|_| control.max_bytes().is_none());
    let improvers = improvers_for(problem, helper);
    improve_with(
        problem,
        first,
        lower_bound,
        algorithm,
        stats,
        control,
        improvers,
    )
}

/// [`improve_answer`] with these improvers.
fn improve_with(
    problem: &Problem,
    first: &[Dir],
    lower_bound: Option<u64>,
    algorithm: Algorithm,
    stats: Stats,
    control: &mut Control,
    improvers: Vec<Box<dyn Improver>>,
) -> Report {
    let best = remove_wasted(problem.shape, problem.start, first);
    let lower_bound = bound::with_parity_of(
        lower_bound.unwrap_or_else(|| {
            bound::sliding_lower_bound(problem.shape, problem.start, problem.goal)
        }),
        best.len() as u64,
    );
    let saved_limit = control.limits.time_limit_ms;
    control.limits.time_limit_ms = Some(saved_limit.unwrap_or(DEFAULT_IMPROVE_MS));
    let max_expanded = stats.expanded.saturating_add(control.limits.max_states);
    let mut run = Run {
        answer: Answer {
            problem: *problem,
            algorithm,
            first_length: first.len(),
            best,
            lower_bound,
        },
        budget: Budget::new(control, stats, max_expanded),
    };
    let first_report = run.report(None);
    run.budget.control.answer(&first_report);
    let time_limit = run
        .budget
        .control
        .limits
        .time_limit_ms
        .unwrap_or(DEFAULT_IMPROVE_MS);
    // The answer's improvement stops short of the limit, the bound's search takes the rest.
    let share = deepening_share(problem.shape);
    let improve_until = time_limit - (time_limit as f64 * share) as u64;
    run.budget.control.limits.time_limit_ms = Some(improve_until);
    let ended = match run.improve(improvers) {
        Ok(why) => why,
        Err(stop) => Some(match stop.status {
            Status::Cancelled => Said::ImprovementCancelled,
            _ if run.budget.control.elapsed_ms() >= improve_until as f64 => {
                Said::ImprovementTimeLimit { ms: time_limit }
            }
            _ => stop.said,
        }),
    };
    run.budget.control.limits.time_limit_ms = Some(time_limit);
    if ended != Some(Said::ImprovementCancelled) && share > 0.0 {
        run.deepen_bound();
    }
    let report = run.report(ended);
    run.budget.control.limits.time_limit_ms = saved_limit;
    report
}

/// The best answer of one improvement run, and what is known of it.
struct Answer<'p> {
    problem: Problem<'p>,
    algorithm: Algorithm,
    first_length: usize,
    best: Vec<Dir>,
    lower_bound: u64,
}

/// The state of one improvement run.
struct Run<'c, 'a, 'p> {
    answer: Answer<'p>,
    budget: Budget<'c, 'a>,
}

impl Run<'_, '_, '_> {
    /// Runs the improvers, then window rounds; `Ok` with why it ended when it ran out of ideas.
    fn improve(&mut self, improvers: Vec<Box<dyn Improver>>) -> Result<Option<Said>, Stop> {
        let problem = self.answer.problem;
        for mut improver in improvers {
            if self.proven() {
                break;
            }
            self.raise_bound(improver.as_mut());
            let best = self.answer.best.clone();
            let Run { answer, budget } = self;
            let stats = &budget.stats;
            let path = improver.improve(&problem, &best, budget.control, &mut |control, path| {
                answer.offer(path.to_vec(), control, stats)
            });
            self.raise_bound(improver.as_mut());
            if let Some(path) = path {
                self.offer(path);
            }
            self.budget.check()?;
        }
        // Rounds of windows of growing size; a round that shortens nothing raises the level (larger windows, more
        // expansions each), a round that does is repeated.
        let (mut level, mut largest) = (0, 0);
        loop {
            let mut shortened = false;
            let cap = WINDOW_EXPANSIONS << (2 * level);
            let mut whole = false;
            for &size in &WINDOW_SIZES[..WINDOW_SIZES.len() - LAST_LEVEL + level] {
                if self.proven() {
                    return Ok(None);
                }
                if whole {
                    break;
                }
                // A path no longer than the window is searched whole, once a round.
                let size = if size >= self.answer.best.len() {
                    whole = true;
                    self.answer.best.len()
                } else {
                    size
                };
                largest = largest.max(size);
                shortened |= self.window_pass(size, cap)?;
            }
            if !shortened {
                if level == LAST_LEVEL {
                    return Ok(Some(Said::NoShorterWindow {
                        largest: largest as u64,
                    }));
                }
                level += 1;
            }
        }
    }

    /// Raises the lower bound by iterations of IDA* from the start ([`bound::deepening`]) until the budget
    /// ends or the bound reaches the answer's length.
    fn deepen_bound(&mut self) {
        let Problem { shape, start, goal } = self.answer.problem;
        let length = self.answer.best.len() as u64;
        let budget = &mut self.budget;
        let proven = bound::deepening::deepening_bound(
            shape,
            start,
            goal,
            |iteration| iteration.bound < length,
            |work| budget.spend(work).is_ok(),
        );
        let proven = bound::with_parity_of(proven, length);
        self.answer.lower_bound = self.answer.lower_bound.max(proven);
    }

    /// Whether the best answer has reached the lower bound.
    fn proven(&self) -> bool {
        self.answer.best.len() as u64 <= self.answer.lower_bound
    }

    /// Raises the lower bound to what `improver` knows.
    fn raise_bound(&mut self, improver: &mut dyn Improver) {
        if let Some(bound) = improver.lower_bound(&self.answer.problem, self.budget.control) {
            let bound = bound::with_parity_of(bound, self.answer.best.len() as u64);
            self.answer.lower_bound = self.answer.lower_bound.max(bound);
        }
    }

    /// Takes `path` if it reaches the goal and is shorter, and tells the control.
    fn offer(&mut self, path: Vec<Dir>) {
        self.answer
            .offer(path, self.budget.control, &self.budget.stats);
    }

    /// One pass of windows of `size` moves along the path; whether any was shortened.
    fn window_pass(&mut self, size: usize, cap: u64) -> Result<bool, Stop> {
        let Problem { shape, start, .. } = self.answer.problem;
        let n = shape.cells();
        let stride = (size / 3).max(2);
        let mut path = self.answer.best.clone();
        let mut boards = boards_along(shape, start, &path);
        let mut shortened = false;
        let mut i = 0;
        while i + size <= path.len() {
            let (from, to) = (&boards[i * n..(i + 1) * n], &boards[(i + size) * n..]);
            let to = &to[..n];
            match shorter_path(shape, from, to, size, cap, &mut self.budget)? {
                Some(shorter) => {
                    let skip = shorter.len().max(1);
                    path.splice(i..i + size, shorter);
                    boards = boards_along(shape, start, &path);
                    shortened = true;
                    i += skip;
                }
                None => i += stride,
            }
        }
        if shortened {
            self.offer(path);
        }
        Ok(shortened)
    }

    /// The report of the best answer so far; `ended` says why improvement ended, if it has.
    fn report(&self, ended: Option<Said>) -> Report {
        self.answer
            .report(ended, &self.budget.stats, self.budget.control.elapsed_ms())
    }
}

impl Answer<'_> {
    /// Takes `path` if it reaches the goal and is shorter, and tells the control.
    fn offer(&mut self, path: Vec<Dir>, control: &mut Control, stats: &Stats) {
        let Problem { shape, start, goal } = self.problem;
        let letters = moves_to_string(&path);
        if path.len() >= self.best.len()
            || crate::check::check_sliding(shape.width, shape.height, start, goal, &letters)
                .is_err()
        {
            return;
        }
        self.best = remove_wasted(shape, start, &path);
        let report = self.report(None, stats, control.elapsed_ms());
        control.answer(&report);
    }

    /// The report of the best answer so far; `ended` says why improvement ended, if it has.
    fn report(&self, ended: Option<Said>, stats: &Stats, elapsed_ms: f64) -> Report {
        let length = self.best.len() as u64;
        let solved = if self.first_length == self.best.len() {
            Said::Solved { length }
        } else {
            Said::SolvedImproved {
                length,
                first: self.first_length as u64,
            }
        };
        let bound = Said::Bound {
            length,
            lower_bound: self.lower_bound,
        };
        let said: Vec<Said> = [solved, bound].into_iter().chain(ended).collect();
        let mut stats = stats.clone();
        stats.elapsed_ms = elapsed_ms;
        Report {
            optimal: length <= self.lower_bound,
            lower_bound: Some(self.lower_bound),
            stats,
            ..Report::new(
                Status::Solved,
                self.algorithm,
                Moves::Sliding(moves_to_string(&self.best)),
                length,
                said,
            )
        }
    }
}

/// Every board along `moves` from `start`, one after another in one buffer (the moves are legal: they come
/// from a solver, and windows are replaced only by legal paths between the same boards).
fn boards_along(shape: Shape, start: &[u8], moves: &[Dir]) -> Vec<u8> {
    let n = shape.cells();
    let mut boards = Vec::with_capacity((moves.len() + 1) * n);
    boards.extend_from_slice(start);
    let mut blank = start.iter().position(|&t| t == 0).unwrap_or(0);
    for &dir in moves {
        let from = boards.len() - n;
        boards.extend_from_within(from..);
        if let Some(to) = shape.step(blank, dir) {
            let now = boards.len() - n;
            boards.swap(now + blank, now + to);
            blank = to;
        }
    }
    boards
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Limits;
    use crate::sliding::shuffle_solvable;

    #[test]
    fn a_window_with_a_detour_is_shortened_and_still_replays() {
        let shape = Shape {
            width: 4,
            height: 4,
        };
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, 3).unwrap();
        let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
        // A detour with no inverse pair or revisited board is still a detour: the blank goes round a 2x3 block.
        let mut control = Control::new(Limits {
            max_states: 200_000,
            ..Limits::default()
        });
        let report = improve_answer(
            &Problem {
                shape,
                start: &start,
                goal: &goal,
            },
            &first,
            None,
            Algorithm::Staged,
            Stats::default(),
            &mut control,
        );
        assert_eq!(report.status, Status::Solved);
        assert!(report.length <= first.len() as u64);
        let spec =
            crate::query::PuzzleSpec::sliding(4, 4, start.clone(), Some(goal.clone())).unwrap();
        crate::check::check_report(&spec, &report).unwrap();
        assert!(report.lower_bound.unwrap() <= report.length);
    }

    /// An improver that hands over the paths it is given, one at a time, noting how many answers the control had
    /// heard after each; then it knows a bound.
    struct Scripted {
        paths: Vec<Vec<Dir>>,
        heard: std::rc::Rc<std::cell::Cell<usize>>,
        heard_after: std::rc::Rc<std::cell::RefCell<Vec<usize>>>,
        bound_after: u64,
        done: bool,
    }

    impl Improver for Scripted {
        fn name(&self) -> &'static str {
            "scripted"
        }

        fn lower_bound(&mut self, _: &Problem, _: &mut Control) -> Option<u64> {
            self.done.then_some(self.bound_after)
        }

        fn improve(
            &mut self,
            _: &Problem,
            _: &[Dir],
            control: &mut Control,
            found: &mut dyn FnMut(&mut Control, &[Dir]),
        ) -> Option<Vec<Dir>> {
            for path in &self.paths {
                found(control, path);
                self.heard_after.borrow_mut().push(self.heard.get());
            }
            self.done = true;
            None
        }
    }

    #[test]
    fn an_improvers_answers_are_reported_as_found_and_its_bound_is_kept() {
        use crate::staged::{solve_with, Strategy};
        let shape = Shape {
            width: 5,
            height: 5,
        };
        let goal = shape.default_goal();
        // A board whose other staged strategies give two answers shorter than the default one, each shorter
        // than the last.
        let (start, first, mut better) = (1..40)
            .find_map(|seed| {
                let start = shuffle_solvable(shape, &goal, seed).unwrap();
                let first = remove_wasted(
                    shape,
                    &start,
                    &crate::staged::solve(shape, &start, &goal).unwrap().moves,
                );
                let mut better: Vec<Vec<Dir>> = Strategy::all()
                    .filter_map(|s| solve_with(shape, &start, &goal, s).ok())
                    .map(|a| remove_wasted(shape, &start, &a.moves))
                    .filter(|m| m.len() < first.len())
                    .collect();
                better.sort_by_key(|m| std::cmp::Reverse(m.len()));
                better.dedup_by_key(|m| m.len());
                (better.len() >= 2).then_some((start, first, better))
            })
            .expect("a board with two shorter answers");
        better.truncate(2);
        let mut broken = better[1].clone();
        broken.pop();
        let lengths = [first.len(), better[0].len(), better[1].len()];
        let initial = crate::bound::sliding_lower_bound(shape, &start, &goal);
        let heard = std::rc::Rc::new(std::cell::Cell::new(0));
        let heard_after = std::rc::Rc::default();
        let improver = Box::new(Scripted {
            // The first again (not shorter), then a shorter one, one that is no solution, a shorter one.
            paths: vec![first.clone(), better[0].clone(), broken, better[1].clone()],
            heard: heard.clone(),
            heard_after: std::rc::Rc::clone(&heard_after),
            bound_after: initial + 2,
            done: false,
        });
        let mut seen = Vec::new();
        let report = {
            let mut control = Control::new(Limits {
                max_states: 1,
                ..Limits::default()
            })
            .with_answer(|r: &Report| {
                heard.set(heard.get() + 1);
                seen.push((r.length, r.lower_bound));
            });
            improve_with(
                &Problem {
                    shape,
                    start: &start,
                    goal: &goal,
                },
                &first,
                None,
                Algorithm::Staged,
                Stats::default(),
                &mut control,
                vec![improver],
            )
        };
        // Each shorter answer was reported at once, while the improver ran: after the first (at the start), one
        // more after the second path and one more after the fourth.
        assert_eq!(*heard_after.borrow(), vec![1, 2, 2, 3]);
        let lengths_seen: Vec<u64> = seen.iter().map(|s| s.0).collect();
        assert_eq!(lengths_seen, lengths.map(|l| l as u64).to_vec());
        assert_eq!(report.length, lengths[2] as u64);
        let bound = bound::with_parity_of(initial + 2, report.length);
        assert_eq!(report.lower_bound, Some(bound));
        let spec =
            crate::query::PuzzleSpec::sliding(5, 5, start.clone(), Some(goal.clone())).unwrap();
        crate::check::check_report(&spec, &report).unwrap();
    }

    #[test]
    fn past_5x5_the_bound_is_raised_by_search_after_the_improvement() {
        let shape = Shape {
            width: 6,
            height: 6,
        };
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, 5).unwrap();
        let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
        let initial = bound::sliding_lower_bound(shape, &start, &goal);
        // A quarter of 400 ms is hundreds of times what the first iterations on a 6x6 board take.
        let mut control = Control::new(Limits {
            time_limit_ms: Some(400),
            ..Limits::default()
        });
        let problem = Problem {
            shape,
            start: &start,
            goal: &goal,
        };
        let report = improve_answer(
            &problem,
            &first,
            None,
            Algorithm::Staged,
            Stats::default(),
            &mut control,
        );
        let proven = report.lower_bound.unwrap();
        assert!(
            proven > bound::with_parity_of(initial, report.length) && proven <= report.length,
            "initial {initial}, proven {proven}, length {}",
            report.length
        );
        let spec =
            crate::query::PuzzleSpec::sliding(6, 6, start.clone(), Some(goal.clone())).unwrap();
        crate::check::check_report(&spec, &report).unwrap();
    }

    #[test]
    fn every_answer_goes_to_the_hook_shorter_each_time() {
        let shape = Shape {
            width: 5,
            height: 5,
        };
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, 11).unwrap();
        let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
        let mut seen = Vec::new();
        let report = {
            let mut control = Control::new(Limits {
                max_states: 100_000,
                ..Limits::default()
            })
            .with_answer(|r: &Report| seen.push(r.length));
            improve_answer(
                &Problem {
                    shape,
                    start: &start,
                    goal: &goal,
                },
                &first,
                None,
                Algorithm::Staged,
                Stats::default(),
                &mut control,
            )
        };
        assert!(!seen.is_empty());
        assert!(seen.windows(2).all(|w| w[1] < w[0]), "{seen:?}");
        assert_eq!(seen.last().copied(), Some(report.length));
        assert!(report.length < first.len() as u64);
    }
}
