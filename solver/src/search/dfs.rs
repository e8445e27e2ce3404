//! Depth-bounded depth-first search, as in the 8-puzzle lab report: finds *a* solution within the bound, not a
//! shortest one. A state is searched again only when reached at a smaller depth than before, so the work is
//! bounded by (states within the bound) x (depth bound) rather than exponential.

use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::visited::StateIndex;
use super::{Algorithm, Control, Flow, Outcome, Stats, Status};
use crate::said::Said;
use crate::Puzzle;

struct Frame<S> {
    state: S,
    depth: u32,
    first_child: usize,
    next_child: usize,
}

/// Depth-first search to at most `control.limits.max_depth` moves. Never labelled optimal.
pub fn dfs<P: Puzzle>(puzzle: &P, control: &mut Control) -> Outcome<P::Move> {
    dfs_observed(puzzle, control, &mut NoObserver)
}

/// [`dfs`] reporting each expansion to `observer`.
pub fn dfs_observed<P: Puzzle, O: Observer<P::State>>(
    puzzle: &P,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    let max_depth = control.limits.max_depth;
    let mut stats = Stats::default();
    let (start, goal) = (puzzle.start(), puzzle.goal());
    // The smallest depth each state was reached at.
    let mut reached = StateIndex::new(puzzle);
    let mut known = 1u64;
    reached.insert(puzzle, &start, 0);
    let mut frames = vec![Frame {
        state: start,
        depth: 0,
        first_child: 0,
        next_child: 0,
    }];
    let mut children: Vec<(P::Move, P::State)> = Vec::with_capacity(1024);
    let mut path: Vec<P::Move> = Vec::with_capacity(max_depth.min(1 << 16) as usize);
    let mut hit_bound = false;
    // The bytes of the frames, the children and the index; their sum is the memory estimate.
    let parts = |frames: usize, children: usize, reached: &StateIndex<P::State>| {
        [
            (frames * std::mem::size_of::<Frame<P::State>>()) as u64,
            (children * std::mem::size_of::<(P::Move, P::State)>()) as u64,
            reached.bytes(puzzle.state_bytes()),
        ]
    };
    let memory = |frames: usize, children: usize, reached: &StateIndex<P::State>| {
        parts(frames, children, reached).iter().sum::<u64>()
    };
    let mut watch = super::MemoryWatch::default();
    let result: Result<(), (Status, Said)> = if start == goal {
        Ok(())
    } else if expand(
        puzzle,
        &mut frames,
        &mut children,
        &mut stats,
        known,
        observer,
    ) == Flow::Cancel
    {
        Err(observer_stop(stats.expanded))
    } else {
        loop {
            let Some(top) = frames.last_mut() else {
                break Err(if hit_bound {
                    (Status::Limit, Said::DepthLimit { max_depth })
                } else {
                    (Status::Unsolvable, Said::Exhausted)
                });
            };
            if top.next_child == children.len() {
                let first = top.first_child;
                frames.pop();
                children.truncate(first);
                path.pop();
                continue;
            }
            let (mv, state) = children[top.next_child];
            top.next_child += 1;
            let depth = top.depth + 1;
            match reached.get(puzzle, &state) {
                Some(d) if d <= depth => {
                    stats.duplicates += 1;
                    if O::ACTIVE {
                        observer.dropped(&state, depth, Fate::Duplicate);
                    }
                    continue;
                }
                Some(_) => {}
                None => known += 1,
            }
            reached.insert(puzzle, &state, depth);
            path.push(mv);
            if state == goal {
                break Ok(());
            }
            if let Some(stop) = control.over_state_limit(known) {
                break Err(stop);
            }
            // All three grow by doubling, except a dense index (allocated whole).
            let [frame_bytes, child_bytes, index_bytes] =
                parts(frames.capacity(), children.capacity(), &reached);
            let growing_index = if reached.is_dense() { 0 } else { index_bytes };
            let growth = super::doubling_growth(&[frame_bytes, child_bytes, growing_index]);
            let held = frame_bytes + child_bytes + index_bytes;
            if let Some(stop) = watch.check(control, &mut stats, held, growth) {
                break Err(stop);
            }
            if depth >= max_depth {
                if O::ACTIVE {
                    observer.dropped(&state, depth, Fate::Pruned);
                }
                hit_bound = true;
                path.pop();
                continue;
            }
            frames.push(Frame {
                state,
                depth,
                first_child: 0,
                next_child: 0,
            });
            stats.max_open = stats.max_open.max(frames.len() as u64);
            if stats.expanded % super::CHECK_EVERY == 0 {
                if let Some(stop) = control.checkpoint(&mut stats) {
                    break Err(stop);
                }
            }
            if expand(
                puzzle,
                &mut frames,
                &mut children,
                &mut stats,
                known,
                observer,
            ) == Flow::Cancel
            {
                break Err(observer_stop(stats.expanded));
            }
        }
    };
    stats.closed = known;
    stats.memory(memory(frames.capacity(), children.capacity(), &reached));
    stats.elapsed_ms = control.elapsed_ms();
    match result {
        Err((status, message)) => Outcome::stopped(Algorithm::Dfs, status, message, stats),
        Ok(()) => {
            let mut outcome = Outcome::solved(Algorithm::Dfs, path, false, stats);
            outcome.said = vec![Said::WithinDepth {
                length: outcome.length,
                max_depth,
            }];
            outcome
        }
    }
}

/// Expands the top frame: appends its children and records where they start; tells `observer`, whose answer it
/// returns. `known`: the states reached so far.
fn expand<P: Puzzle, O: Observer<P::State>>(
    puzzle: &P,
    frames: &mut [Frame<P::State>],
    children: &mut Vec<(P::Move, P::State)>,
    stats: &mut Stats,
    known: u64,
    observer: &mut O,
) -> Flow {
    let Some(top) = frames.last_mut() else {
        return Flow::Continue;
    };
    stats.expand_at(top.depth as usize);
    top.first_child = children.len();
    top.next_child = children.len();
    let g = top.depth + 1;
    puzzle.for_each_successor(&top.state, |mv, next| {
        stats.generated += 1;
        if O::ACTIVE {
            observer.generated(Generated::forward(&top.state, &next, g, None, Fate::New));
        }
        children.push((mv, next));
    });
    if !O::ACTIVE {
        return Flow::Continue;
    }
    // The children not yet visited: each frame's range runs to where the next frame's starts.
    let ends = frames.iter().skip(1).map(|f| f.first_child);
    let waiting: usize = frames
        .iter()
        .zip(ends.chain(std::iter::once(children.len())))
        .map(|(frame, end)| end - frame.next_child)
        .sum();
    let Some(top) = frames.last() else {
        return Flow::Continue;
    };
    observer.expanded(Expansion {
        state: &top.state,
        g: top.depth,
        h: None,
        open: waiting as u64,
        closed: known,
        direction: Direction::Forward,
    })
}
