//! The beam improver's own tests, on squares and rectangles.

use super::*;
use crate::search::Limits;
use crate::sliding::{moves_to_string, shuffle_solvable, Shape};

/// A random board of `width` x `height` towards the usual goal, from `seed`: (shape, goal, start, the staged
/// solver's answer).
fn shuffled(width: u8, height: u8, seed: u64) -> (Shape, Vec<u8>, Vec<u8>, Vec<Dir>) {
    let shape = Shape { width, height };
    let goal = shape.default_goal();
    let start = shuffle_solvable(shape, &goal, seed).unwrap();
    let first = crate::staged::solve(shape, &start, &goal).unwrap().moves;
    (shape, goal, start, first)
}

/// A control with a time limit of `limit_ms` on a clock that advances a millisecond each time it is read; `now`
/// holds the clock's time, which a test may set.
fn ticking(limit_ms: u64, now: &std::cell::Cell<f64>) -> Control<'_> {
    Control::new(Limits {
        time_limit_ms: Some(limit_ms),
        ..Limits::default()
    })
    .with_clock(crate::search::clock::FnClock::new(move || {
        now.set(now.get() + 1.0);
        now.get()
    }))
}

fn beam_on(shape: Shape, seed: u64, width: usize, shorter_than: usize) -> Option<Vec<Dir>> {
    beam_variant(shape, seed, width, 0, shorter_than)
}

fn beam_variant(
    shape: Shape,
    seed: u64,
    width: usize,
    variant: usize,
    shorter_than: usize,
) -> Option<Vec<Dir>> {
    let goal = shape.default_goal();
    let start = shuffle_solvable(shape, &goal, seed).unwrap();
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    let mut control = Control::new(Limits::default());
    let path = Beam::new()
        .search_variant(
            &problem,
            width,
            variant,
            shorter_than,
            &mut control,
            &mut Stats::default(),
        )
        .unwrap();
    if let Some(path) = &path {
        crate::check::check_sliding(
            shape.width,
            shape.height,
            &start,
            &goal,
            &moves_to_string(path),
        )
        .unwrap();
    }
    path
}

#[test]
fn a_beam_reaches_the_goal_shorter_than_the_staged_answer_the_same_way_every_time() {
    let shape = Shape {
        width: 6,
        height: 6,
    };
    for seed in 1..4 {
        let goal = shape.default_goal();
        let start = shuffle_solvable(shape, &goal, seed).unwrap();
        let staged = crate::staged::solve(shape, &start, &goal)
            .unwrap()
            .moves
            .len();
        let path = beam_on(shape, seed, 512, staged).expect("a beam of 512 solves 6x6");
        assert!(path.len() < staged, "{} against {staged}", path.len());
        assert_eq!(beam_on(shape, seed, 512, staged), Some(path));
    }
}

#[test]
fn the_bound_is_kept_and_every_size_replays() {
    for (w, h) in [(2u8, 2u8), (3, 3), (2, 8), (8, 3), (5, 5), (8, 8)] {
        let shape = Shape {
            width: w,
            height: h,
        };
        let Some(path) = beam_on(shape, 7, 256, 5000) else {
            continue;
        };
        // Nothing as long as the path found is returned under that bound.
        if let Some(shorter) = beam_on(shape, 7, 256, path.len()) {
            assert!(shorter.len() < path.len());
        }
        assert_eq!(beam_on(shape, 7, 256, path.len().min(1)), None);
    }
}

#[test]
fn the_improver_shortens_a_6x6_answer_within_a_state_budget() {
    let (shape, goal, start, first) = shuffled(6, 6, 9);
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    let mut control = Control::new(Limits {
        max_states: 300_000,
        ..Limits::default()
    });
    let mut heard = 0;
    let path = BeamSearch::default()
        .improve(&problem, &first, &mut control, &mut |_, _| heard += 1)
        .expect("shorter");
    assert!(heard >= 1);
    assert!(path.len() < first.len());
    crate::check::check_sliding(6, 6, &start, &goal, &moves_to_string(&path)).unwrap();
}

#[test]
fn the_widest_beam_a_budget_admits_runs_within_it_and_the_next_would_not() {
    assert_eq!(seen_bits(16 << 20), 18);
    assert_eq!(seen_bits(1 << 40), SEEN_BITS);
    assert_eq!(seen_bits(0), 14);
    let (shape, goal, start, first) = shuffled(8, 8, 11);
    let bar = first.len();
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    for budget in [4u64 << 20, 16 << 20] {
        let bits = seen_bits(budget);
        let widest = *WIDTHS
            .iter()
            .rev()
            .find(|&&w| fits(Some(budget), bits, w, bar))
            .unwrap();
        assert!(widest >= 256, "{budget}: {widest}");
        let run = |width| {
            let mut control = Control::new(Limits::default()).with_max_bytes(budget);
            let mut stats = Stats::default();
            let found = Beam::with_seen_bits(bits).search_variant(
                &problem,
                width,
                0,
                bar,
                &mut control,
                &mut stats,
            );
            (found, stats.peak_memory_bytes)
        };
        let (found, peak) = run(widest);
        let path = found.expect("the admitted width ran to its end");
        assert!(peak <= budget, "{budget}: {peak}");
        let path = path.expect("a shorter answer");
        crate::check::check_sliding(8, 8, &start, &goal, &moves_to_string(&path)).unwrap();
        // Twice as wide takes more than the budget, and the control stops it.
        assert!(!fits(Some(budget), bits, 2 * widest, bar));
        assert!(run(2 * widest).0.is_err(), "{budget}: {} ran", 2 * widest);
    }
}

#[test]
fn the_value_is_updated_move_by_move_and_zero_on_the_goal_alone() {
    use crate::sliding::SplitMix64;
    for (w, h) in [(8u8, 8u8), (3, 8), (5, 4)] {
        let shape = Shape {
            width: w,
            height: h,
        };
        let goal = shuffle_solvable(shape, &shape.default_goal(), 3).unwrap();
        let start = shuffle_solvable(shape, &goal, 4).unwrap();
        let puzzle = SlidingPuzzle::<Bytes>::new(shape, &start, &goal).unwrap();
        for variant in VARIANTS {
            let guide = Penalised::new(&puzzle, variant);
            let mut rng = SplitMix64::new(5);
            let (mut board, mut value) = (puzzle.start(), guide.value(&puzzle.start()));
            for _ in 0..2000 {
                let mut next = Vec::new();
                puzzle.for_each_successor(&board, |_, b| next.push(b));
                let pick = next[(rng.next_u64() % next.len() as u64) as usize];
                value = guide.value_after(&board, value, &pick);
                board = pick;
                assert_eq!(value, guide.value(&board));
                assert_eq!(value == 0, board == puzzle.goal());
                // At least Manhattan distance plus linear conflict.
                assert!(value >= LinearConflict::new(&puzzle).estimate(&board));
            }
            assert_eq!(guide.value(&puzzle.goal()), 0);
        }
    }
}

#[test]
fn every_variant_replays_and_repeats_itself() {
    let shape = Shape {
        width: 7,
        height: 5,
    };
    for variant in 0..VARIANTS.len() + 1 {
        let path = beam_variant(shape, 3, 256, variant, 5000).expect("a beam of 256 solves 7x5");
        assert_eq!(beam_variant(shape, 3, 256, variant, 5000), Some(path));
    }
}

#[test]
fn tails_beamed_along_a_staged_answer_shorten_it_and_every_path_found_replays() {
    // The staged answer on 7x7 is far from the beam's: a tail's beam from any board along it is shorter.
    let shape = Shape {
        width: 7,
        height: 7,
    };
    let goal = shape.default_goal();
    let start = shuffle_solvable(shape, &goal, 2).unwrap();
    let staged = crate::staged::solve(shape, &start, &goal).unwrap().moves;
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    let mut control = Control::new(Limits {
        time_limit_ms: Some(60_000),
        ..Limits::default()
    });
    let mut path = staged.clone();
    let mut lengths = Vec::new();
    // A run said to take twice the limit fits not even the first tail (half of it): nothing is tried.
    let whole = (128, 120_000.0);
    let shortened = tail_beams(
        &mut Beam::new(),
        &problem,
        &mut path,
        whole,
        &mut control,
        &mut Stats::default(),
        &mut |_, found| lengths.push(found.len()),
    );
    assert!(!shortened && lengths.is_empty() && path == staged);
    // A run said to cost nothing fits tails until the limit (here about a second of them).
    let mut control = Control::new(Limits {
        time_limit_ms: Some(1_000),
        ..Limits::default()
    });
    let shortened = tail_beams(
        &mut Beam::new(),
        &problem,
        &mut path,
        (128, 0.0),
        &mut control,
        &mut Stats::default(),
        &mut |_, found| {
            crate::check::check_sliding(7, 7, &start, &goal, &moves_to_string(found)).unwrap();
            lengths.push(found.len());
        },
    );
    assert!(shortened && path.len() < staged.len());
    assert!(lengths.windows(2).all(|w| w[1] < w[0]), "{lengths:?}");
    assert_eq!(lengths.last(), Some(&path.len()));
}

/// A beam given a share of the time limit schedules its widths within that share, stops there, and leaves the
/// control's limit as it found it; with the whole limit the same beam goes on past that point. The clock
/// advances a millisecond each time it is read, so the runs are the same every time.
#[test]
fn a_beam_given_a_share_of_the_time_ends_within_it_and_restores_the_limit() {
    let (shape, goal, start, first) = shuffled(5, 5, 7);
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    let ended_at = |share: f64| {
        let now = std::cell::Cell::new(0.0);
        let mut control = ticking(800, &now);
        let path = BeamSearch { share }.improve(&problem, &first, &mut control, &mut |_, _| {});
        assert_eq!(control.limits.time_limit_ms, Some(800));
        if let Some(path) = path {
            assert!(path.len() < first.len());
            crate::check::check_sliding(5, 5, &start, &goal, &moves_to_string(&path)).unwrap();
        }
        control.elapsed_ms()
    };
    let (quarter, whole) = (ended_at(0.25), ended_at(1.0));
    assert!(
        quarter <= 200.0 + 2.0,
        "a quarter of 800 ms ended at {quarter}"
    );
    assert!(whole > 200.0, "the whole limit ended at {whole}");
}

/// On a board that beams tails (7x7), a beam that starts late, past the share of the time where the widths stop
/// doubling (when the improvers before it took that long), still runs its first width and shortens the staged
/// answer. The clock is set to 500 of 1,000 ms once the control holds it, and advances a millisecond each read.
#[test]
fn a_beam_that_starts_late_still_runs_its_first_width() {
    let (shape, goal, start, first) = shuffled(7, 7, 3);
    let problem = Problem {
        shape,
        start: &start,
        goal: &goal,
    };
    let now = std::cell::Cell::new(0.0);
    let mut control = ticking(1_000, &now);
    now.set(500.0);
    let path = BeamSearch::default().improve(&problem, &first, &mut control, &mut |_, _| {});
    let path = path.expect("a beam that starts at half the limit still runs");
    assert!(
        path.len() < first.len(),
        "{} against {}",
        path.len(),
        first.len()
    );
    crate::check::check_sliding(7, 7, &start, &goal, &moves_to_string(&path)).unwrap();
}
