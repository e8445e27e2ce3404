//! The step-through's cursor over the traced run, shared by the stepper and the search tree so that they move
//! together (a click on a node moves the stepper to it; a step highlights its node), and the exercise played on it.
//! A new trace puts the cursor back on the whole search; the exercise's score stays.

use super::exercise::{Exercise, ExerciseAction};
use solver::search::trace::Trace;

/// Where the step-through is.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Stepping {
    /// `None`: the whole search; `Some(n)`: the first n expansions.
    pub at: Option<usize>,
    pub exercise: Exercise,
}

/// The step-through's actions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StepAction {
    /// To the first n expansions (`None`: the whole search).
    Go(Option<usize>),
    Forward,
    Back,
    /// To a node of the tree: the step that expanded it, or, for one never expanded, the step that generated it.
    ShowNode(u32),
    Exercise(ExerciseAction),
}

impl Stepping {
    /// The expansions shown, out of `total`.
    pub fn position(&self, total: usize) -> usize {
        self.at.unwrap_or(total).min(total)
    }

    /// Applies `action` to the cursor over `trace`; whether anything changed.
    pub fn apply(&mut self, action: StepAction, trace: Option<&Trace>) -> bool {
        let Some(trace) = trace else {
            return false;
        };
        let total = trace.expanded.len();
        let before = self.clone();
        let here = self.position(total);
        match action {
            StepAction::Go(to) => self.at = to.map(|n| n.min(total)),
            StepAction::Forward => self.at = Some((here + 1).min(total)),
            StepAction::Back => self.at = Some(here.saturating_sub(1)),
            StepAction::ShowNode(id) => {
                let node = trace.tree.as_deref().and_then(|t| t.nodes.get(id as usize));
                if let Some(node) = node {
                    let at = node.expanded.map_or(node.born, |step| step + 1);
                    self.at = Some((at as usize).min(total));
                }
            }
            StepAction::Exercise(ExerciseAction::Toggle) => {
                self.exercise.active = !self.exercise.active;
                self.exercise.verdict = None;
                if self.exercise.active && self.at.is_none() {
                    self.at = Some(0);
                }
            }
            StepAction::Exercise(ExerciseAction::Pick(id)) => {
                let right = self.exercise.pick(trace, here, id).map(|v| v.right());
                if right == Some(true) {
                    // The engine's step is shown: the next question follows.
                    self.at = Some((here + 1).min(total));
                }
            }
        }
        *self != before
    }

    /// A new run's trace: back to the whole search, the exercise's score kept.
    pub fn restart(&mut self) {
        self.at = None;
        self.exercise.verdict = None;
    }
}
