//! The improvement's beam search ([`solver::improve::BeamSearch`]) on its own, on square boards and rectangles:
//! every path it hands over (as it finds it, and at the end) replays to the goal, each shorter than the last and
//! than the answer it was given; it ends within a budget of expansions, and as soon as the control says stop.

use solver::check::check_sliding;
use solver::improve::{BeamSearch, Improver, Problem};
use solver::search::{Control, Flow, Limits};
use solver::sliding::{moves_to_string, shuffle_solvable, Dir, Shape};

/// The expansions a run may make: a few widths on 8x8, many on the small boards.
const EXPANSIONS: u64 = 400_000;

fn shape(width: u8, height: u8) -> Shape {
    Shape { width, height }
}

/// A random board of `shape` towards its usual goal, and the staged solver's answer.
fn board(shape: Shape, seed: u64) -> (Vec<u8>, Vec<u8>, Vec<Dir>) {
    let goal = shape.default_goal();
    let start = shuffle_solvable(shape, &goal, seed).unwrap();
    let first = solver::staged::solve(shape, &start, &goal).unwrap().moves;
    (start, goal, first)
}

fn replays(shape: Shape, start: &[u8], goal: &[u8], path: &[Dir]) {
    check_sliding(
        shape.width,
        shape.height,
        start,
        goal,
        &moves_to_string(path),
    )
    .unwrap_or_else(|e| panic!("{shape}: {e}"));
}

#[test]
fn every_path_replays_and_each_is_shorter_than_the_last_on_squares_and_rectangles() {
    for (size, seed) in [
        (shape(4, 4), 1),
        (shape(6, 6), 2),
        (shape(8, 8), 3),
        (shape(3, 8), 4),
        (shape(8, 3), 5),
        (shape(2, 8), 6),
        (shape(5, 8), 7),
        (shape(7, 4), 8),
    ] {
        let (start, goal, first) = board(size, seed);
        let problem = Problem {
            shape: size,
            start: &start,
            goal: &goal,
        };
        let mut control = Control::new(Limits {
            max_states: EXPANSIONS,
            ..Limits::default()
        });
        let mut heard: Vec<Vec<Dir>> = Vec::new();
        let best = BeamSearch::default().improve(&problem, &first, &mut control, &mut |_, path| {
            heard.push(path.to_vec())
        });
        let mut bar = first.len();
        for path in &heard {
            replays(size, &start, &goal, path);
            assert!(path.len() < bar, "{size}: {} not below {bar}", path.len());
            bar = path.len();
        }
        // The best is the last heard; on every one of these boards the beam betters the staged solver.
        assert_eq!(best.as_ref(), heard.last(), "{size}");
        let best = best.unwrap_or_else(|| panic!("{size}: nothing shorter than {}", first.len()));
        assert!(best.len() < first.len());
    }
}

#[test]
fn it_stops_at_the_first_checkpoint_that_says_stop() {
    let size = shape(8, 8);
    let (start, goal, first) = board(size, 9);
    let problem = Problem {
        shape: size,
        start: &start,
        goal: &goal,
    };
    // Cancelled at the first checkpoint: the hook is asked once, and nothing is found.
    let mut asked = 0;
    let found = {
        let mut control = Control::new(Limits::default()).with_progress(|_| {
            asked += 1;
            Flow::Cancel
        });
        BeamSearch::default().improve(&problem, &first, &mut control, &mut |_, _| {
            panic!("a cancelled beam found a path")
        })
    };
    assert_eq!(found, None);
    assert_eq!(asked, 1);
    // Cancelled at the tenth: what was found before replays, and nothing comes after the cancel.
    let mut asked = 0;
    let mut heard = 0;
    let found = {
        let mut control = Control::new(Limits::default()).with_progress(|_| {
            asked += 1;
            if asked >= 10 {
                Flow::Cancel
            } else {
                Flow::Continue
            }
        });
        BeamSearch::default().improve(&problem, &first, &mut control, &mut |_, _| heard += 1)
    };
    assert_eq!(asked, 10);
    if let Some(path) = found {
        assert!(heard > 0);
        replays(size, &start, &goal, &path);
        assert!(path.len() < first.len());
    }
}

#[test]
fn a_time_limit_already_passed_stops_it_at_once() {
    let size = shape(7, 7);
    let (start, goal, first) = board(size, 10);
    let problem = Problem {
        shape: size,
        start: &start,
        goal: &goal,
    };
    let mut control = Control::new(Limits {
        time_limit_ms: Some(0),
        ..Limits::default()
    });
    let found = BeamSearch::default().improve(&problem, &first, &mut control, &mut |_, _| {});
    assert_eq!(found, None);
}
