//! On 5x5 with the tables, where the control allows a helper thread (natively): the beam search in this thread
//! and the tables' near-optimal search in the helper, both for the whole time, the shorter answer kept. Each finds
//! the shorter answer on different boards (over the 50 Korf-Felner instances at 2 s each, the beam's are shorter on
//! 15, the tables' on 12), so two threads give what one thread splitting its time between them cannot. The beam's
//! answers are reported as it finds them; the tables' come when their search ends.

use std::sync::atomic::{AtomicBool, Ordering};

use super::{beam, FiveByFiveTables, Improver, Problem};
use crate::search::{Control, Flow, HelperClock, Limits, Stats, Status};
use crate::sliding::Dir;

/// The beam here, the tables' search in a helper thread.
pub struct Portfolio {
    pub tables: FiveByFiveTables,
    pub helper_clock: HelperClock,
}

impl Improver for Portfolio {
    fn name(&self) -> &'static str {
        "beam search beside the 5x5 pattern databases"
    }

    fn lower_bound(&mut self, problem: &Problem, control: &mut Control) -> Option<u64> {
        self.tables.lower_bound(problem, control)
    }

    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>> {
        // The helper's clock starts now: its limit is what this one's leaves.
        let limits = Limits {
            time_limit_ms: control
                .limits
                .time_limit_ms
                .map(|ms| ms.saturating_sub(control.elapsed_ms() as u64)),
            ..control.limits
        };
        // No byte budget here: `improve_answer` allows a helper thread only without one.
        debug_assert!(control.max_bytes().is_none());
        let (tables, helper_clock) = (&mut self.tables, self.helper_clock);
        let cancelled = AtomicBool::new(false);
        let (beam, searched) = std::thread::scope(|scope| {
            let helper = scope.spawn(|| {
                let mut helper = Control::new(limits)
                    .with_clock(helper_clock())
                    .with_progress(|_| {
                        if cancelled.load(Ordering::Relaxed) {
                            Flow::Cancel
                        } else {
                            Flow::Continue
                        }
                    });
                tables.improve(problem, best, &mut helper, &mut |_, _| {})
            });
            // The progress hook, asked whether to cancel the helper too, sees the beams' counts.
            let mut stats = Stats::default();
            let beam = beam::beams(problem, best, control, &mut stats, found);
            let stopped = control.checkpoint(&mut stats);
            if stopped.is_some_and(|(status, _)| status == Status::Cancelled) {
                cancelled.store(true, Ordering::Relaxed);
            }
            (beam, helper.join().ok().flatten())
        });
        match (beam, searched) {
            (Some(beam), Some(searched)) if searched.len() < beam.len() => Some(searched),
            (None, searched) => searched,
            (beam, _) => beam,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::improve::BeamSearch;
    use crate::pdb::{Geometry, WindowTables};
    use crate::sliding::{moves_to_string, shuffle_solvable, Shape};

    /// 5x5 window tables of 3-cell groups: small enough for a test.
    fn small_tables() -> FiveByFiveTables {
        let cells: Vec<u8> = (0..25).collect();
        let groups = cells.chunks(3).map(|c| c.to_vec()).collect();
        let geometry = Geometry::new(5, 5).unwrap();
        FiveByFiveTables::new(WindowTables::build_for(geometry, groups, |_| {}).unwrap())
    }

    /// A control that ends each search at `max_states` expansions, with no clock limit: the same run every time.
    fn control<'a>() -> Control<'a> {
        Control::new(Limits {
            max_states: 20_000,
            time_limit_ms: None,
            ..Limits::default()
        })
    }

    #[test]
    fn the_portfolio_keeps_the_shorter_of_the_beams_and_the_tables_answers() {
        let shape = Shape {
            width: 5,
            height: 5,
        };
        let goal = shape.default_goal();
        let small = small_tables();
        // On seed 1 the beam's answer is the shorter, on seed 2 the tables'.
        for seed in [1, 2] {
            let start = shuffle_solvable(shape, &goal, seed).unwrap();
            let problem = Problem {
                shape,
                start: &start,
                goal: &goal,
            };
            let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
            let length = |path: &Option<Vec<Dir>>| path.as_ref().map_or(first.len(), Vec::len);
            let beam =
                BeamSearch::default().improve(&problem, &first, &mut control(), &mut |_, _| {});
            let tables = small
                .clone()
                .improve(&problem, &first, &mut control(), &mut |_, _| {});
            let mut reported = Vec::new();
            let mut portfolio = Portfolio {
                tables: small.clone(),
                helper_clock: crate::search::clock::wall_clock,
            };
            let mut main = control();
            let bound_before = portfolio.lower_bound(&problem, &mut main);
            let both = portfolio.improve(&problem, &first, &mut main, &mut |_, path| {
                reported.push(path.len())
            });
            let both = both.unwrap_or_else(|| panic!("seed {seed}: neither shortened it"));
            crate::check::check_sliding(5, 5, &start, &goal, &moves_to_string(&both)).unwrap();
            assert_eq!(
                both.len(),
                length(&beam).min(length(&tables)),
                "seed {seed}: beam {}, tables {}",
                length(&beam),
                length(&tables)
            );
            // The beam's answers are reported as found, in this thread.
            assert_eq!(reported.last().copied(), beam.as_ref().map(Vec::len));
            // The tables' bound is still the improver's, raised by what their search proved.
            let bound_after = portfolio.lower_bound(&problem, &mut main);
            assert!(bound_before <= bound_after && bound_after.unwrap() <= both.len() as u64);
        }
    }
}
