//! How a lesson's exercises are scored: each answer against what the engine's real runs say. Pure, so that the
//! rules are tested without a page.

/// Which of two searches expanded fewer states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fewer {
    Bfs,
    Astar,
    /// They expanded as many.
    Tie,
}

impl Fewer {
    /// The answer the runs give: `bfs` and `astar` are their expansion counts.
    pub fn of(bfs: u64, astar: u64) -> Fewer {
        match bfs.cmp(&astar) {
            std::cmp::Ordering::Less => Fewer::Bfs,
            std::cmp::Ordering::Greater => Fewer::Astar,
            std::cmp::Ordering::Equal => Fewer::Tie,
        }
    }
}

/// "Which algorithm expands fewer nodes here?": right when the pick is what the runs say.
pub fn fewer_is_right(pick: Fewer, bfs: u64, astar: u64) -> bool {
    pick == Fewer::of(bfs, astar)
}

/// "Find a state where this heuristic overestimates": right when its estimate `h` is above the true distance.
pub fn overestimate_is_right(h: u64, distance: u64) -> bool {
    h > distance
}

/// "How many moves from here?": right when the guess is the shortest solution's length.
pub fn distance_is_right(guess: u64, distance: u64) -> bool {
    guess == distance
}

/// A lesson's score: the answers that were right, of the exercises answered or not.
pub fn score(answers: &[Option<bool>]) -> (usize, usize) {
    let right = answers.iter().filter(|a| **a == Some(true)).count();
    (right, answers.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_runs_decide_which_expands_fewer() {
        assert_eq!(Fewer::of(241, 237), Fewer::Astar);
        assert_eq!(Fewer::of(10, 12), Fewer::Bfs);
        assert_eq!(Fewer::of(5, 5), Fewer::Tie);
        assert!(fewer_is_right(Fewer::Astar, 241, 237));
        assert!(!fewer_is_right(Fewer::Bfs, 241, 237));
        assert!(!fewer_is_right(Fewer::Astar, 5, 5));
        assert!(fewer_is_right(Fewer::Tie, 5, 5));
    }

    #[test]
    fn an_overestimate_is_strictly_above_the_distance() {
        assert!(overestimate_is_right(7, 4));
        assert!(!overestimate_is_right(4, 4));
        assert!(!overestimate_is_right(0, 7));
    }

    #[test]
    fn a_distance_guess_must_be_exact_and_the_score_counts_right_answers() {
        assert!(distance_is_right(11, 11));
        assert!(!distance_is_right(12, 11));
        assert_eq!(score(&[Some(true), None, Some(false)]), (1, 3));
        assert_eq!(score(&[Some(true), Some(true), Some(true)]), (3, 3));
    }
}
