//! An improver that solves the board again with the staged solver's other strategies (line order, which side of
//! a square region goes first, careful pair searches) and keeps the shortest: about 6% shorter on 8x8 and 11% on
//! 5x5 than the default strategy alone, for seven more runs of a few milliseconds each.

use super::{remove_wasted, Improver, Problem};
use crate::search::{Control, Stats};
use crate::sliding::Dir;
use crate::staged::{self, Strategy};

/// The staged solver's other strategies, as an [`Improver`].
#[derive(Debug, Clone, Copy, Default)]
pub struct StagedStrategies;

impl Improver for StagedStrategies {
    fn name(&self) -> &'static str {
        "the staged solver's other strategies"
    }

    fn improve(
        &mut self,
        problem: &Problem,
        best: &[Dir],
        control: &mut Control,
        _found: &mut dyn FnMut(&mut Control, &[Dir]),
    ) -> Option<Vec<Dir>> {
        let mut shortest: Option<Vec<Dir>> = None;
        let mut stats = Stats::default();
        for strategy in Strategy::all().filter(|&s| s != Strategy::default()) {
            if control.checkpoint(&mut stats).is_some() {
                break;
            }
            let Ok(answer) =
                staged::solve_with(problem.shape, problem.start, problem.goal, strategy)
            else {
                continue;
            };
            stats.expanded += answer.expanded;
            let moves = remove_wasted(problem.shape, problem.start, &answer.moves);
            let bar = shortest.as_ref().map_or(best.len(), Vec::len);
            if moves.len() < bar {
                shortest = Some(moves);
            }
        }
        shortest
    }
}
