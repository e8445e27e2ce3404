//! IDA*: depth-first searches with a growing bound on f = g + h. Memory is only the current path and its
//! siblings (preallocated stacks, no allocation once warm); the move that undoes the parent's move is never tried.

use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::said::Said;
use crate::{Heuristic, Puzzle};

/// One level of the depth-first path: a state and the range of its children in the shared child buffer.
struct Frame<S> {
    state: S,
    g: u32,
    /// The heuristic's estimate for `state`, which its children's estimates are updated from.
    h: u32,
    first_child: usize,
    next_child: usize,
    children_end: usize,
}

/// IDA*: optimal when `heuristic` is admissible. `by_depth` counts expansions per f-bound.
pub fn idastar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
) -> Outcome<P::Move> {
    idastar_observed(puzzle, heuristic, control, &mut NoObserver)
}

/// [`idastar`] reporting each iteration and each expansion to `observer`.
pub fn idastar_observed<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let mut stats = Stats::default();
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let mut bound = heuristic.estimate(&start);
    let mut frames: Vec<Frame<P::State>> = Vec::with_capacity(256);
    let mut children: Vec<(u32, P::Move, P::State)> = Vec::with_capacity(1024);
    let mut path: Vec<P::Move> = Vec::with_capacity(256);
    let admissible = heuristic.admissible();
    let frame_bytes = std::mem::size_of::<Frame<P::State>>() + std::mem::size_of::<P::Move>();
    let child_bytes = std::mem::size_of::<(u32, P::Move, P::State)>();
    let result: Result<(), (Status, Said)> = 'iterations: loop {
        let mut next_bound = u32::MAX;
        frames.clear();
        children.clear();
        path.clear();
        if start == goal {
            break Ok(());
        }
        frames.push(Frame {
            state: start,
            g: 0,
            h: heuristic.estimate(&start),
            first_child: 0,
            next_child: 0,
            children_end: 0,
        });
        if O::ACTIVE {
            observer.iteration(bound);
        }
        if expand(
            puzzle,
            heuristic,
            &mut frames,
            &mut children,
            None,
            &mut stats,
            bound,
            observer,
        ) == Flow::Cancel
        {
            break Err(observer_stop(stats.expanded));
        }
        while let Some(top) = frames.last_mut() {
            if top.next_child == top.children_end {
                let first = top.first_child;
                frames.pop();
                children.truncate(first);
                path.pop();
                continue;
            }
            let (h, mv, state) = children[top.next_child];
            top.next_child += 1;
            let g = top.g + 1;
            let f = g + h;
            if f > bound {
                if O::ACTIVE {
                    observer.dropped(&state, g, Fate::Pruned);
                }
                next_bound = next_bound.min(f);
                continue;
            }
            path.push(mv);
            if state == goal {
                break 'iterations Ok(());
            }
            frames.push(Frame {
                state,
                g,
                h,
                first_child: 0,
                next_child: 0,
                children_end: 0,
            });
            stats.max_open = stats.max_open.max(frames.len() as u64);
            if stats.expanded % super::CHECK_EVERY == 0 {
                stats.memory(
                    (frames.capacity() * frame_bytes + children.capacity() * child_bytes) as u64,
                );
                if let Some(stop) = control.checkpoint(&mut stats) {
                    break 'iterations Err(stop);
                }
            }
            let undo = puzzle.inverse(mv);
            if expand(
                puzzle,
                heuristic,
                &mut frames,
                &mut children,
                Some(undo),
                &mut stats,
                bound,
                observer,
            ) == Flow::Cancel
            {
                break 'iterations Err(observer_stop(stats.expanded));
            }
        }
        if next_bound == u32::MAX {
            break Err((Status::Unsolvable, Said::Exhausted));
        }
        bound = next_bound;
    };
    stats.memory((frames.capacity() * frame_bytes + children.capacity() * child_bytes) as u64);
    stats.elapsed_ms = control.elapsed_ms();
    match result {
        Err((status, message)) => Outcome::stopped(Algorithm::Idastar, status, message, stats)
            .with_heuristic(heuristic.name()),
        Ok(()) => Outcome::solved_with_heuristic(
            Algorithm::Idastar,
            path,
            heuristic.name(),
            admissible,
            stats,
        ),
    }
}

/// Expands the top frame: appends its children (all but `undo`), best h first, and records their range; tells
/// `observer`, whose answer it returns.
#[allow(clippy::too_many_arguments)]
fn expand<P: Puzzle, H: Heuristic<P>, O: Observer<P::State>>(
    puzzle: &P,
    heuristic: &H,
    frames: &mut [Frame<P::State>],
    children: &mut Vec<(u32, P::Move, P::State)>,
    undo: Option<P::Move>,
    stats: &mut Stats,
    bound: u32,
    observer: &mut O,
) -> Flow {
    let Some(top) = frames.last_mut() else {
        return Flow::Continue;
    };
    stats.expand_at(bound as usize);
    let begin = children.len();
    let g = top.g + 1;
    puzzle.for_each_successor(&top.state, |mv, next| {
        stats.generated += 1;
        if Some(mv) == undo {
            stats.duplicates += 1;
            if O::ACTIVE {
                observer.generated(Generated::forward(
                    &top.state,
                    &next,
                    g,
                    None,
                    Fate::Duplicate,
                ));
            }
            return;
        }
        let h = heuristic.estimate_after(&top.state, top.h, &next);
        if O::ACTIVE {
            observer.generated(Generated::forward(&top.state, &next, g, Some(h), Fate::New));
        }
        children.push((h, mv, next));
    });
    // A stable insertion sort: at most a handful of children.
    let slice = &mut children[begin..];
    for i in 1..slice.len() {
        let mut j = i;
        while j > 0 && slice[j - 1].0 > slice[j].0 {
            slice.swap(j - 1, j);
            j -= 1;
        }
    }
    top.first_child = begin;
    top.next_child = begin;
    top.children_end = children.len();
    if !O::ACTIVE {
        return Flow::Continue;
    }
    let waiting: usize = frames.iter().map(|f| f.children_end - f.next_child).sum();
    let Some(top) = frames.last() else {
        return Flow::Continue;
    };
    observer.expanded(Expansion {
        state: &top.state,
        g: top.g,
        h: Some(top.h),
        open: waiting as u64,
        closed: 0,
        direction: Direction::Forward,
    })
}
