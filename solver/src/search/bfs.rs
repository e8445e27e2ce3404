//! Breadth-first search: exhaustive, optimal in moves. Memory is two bits a state (depth mod 3, indexed by perfect
//! rank where the space fits) plus a queue of only the layer being expanded and the next; the path is walked back
//! from the goal by depth.

mod queue;

use super::observer::{observer_stop, Direction, Expansion, Fate, Generated, NoObserver, Observer};
use super::visited::{mark_of, DepthMarks, MarksFor};
use super::{Algorithm, Control, Flow, MemoryWatch, Outcome, Stats, Status};
use crate::said::Said;
use crate::Puzzle;
use queue::Fifo;

/// The queue's block, in bytes (fewer for smaller spaces): the most states of this many bytes, a power of two. It
/// holds two layers at most (expanded layers are dropped from its front), a small part of the states a search
/// reaches. Blocks of at most 128 KiB stay below the allocator's threshold for fresh pages from the system, which a
/// larger block would pay for in page faults on every search (about 8% of an 8-puzzle BFS with 1 MiB blocks).
const QUEUE_BLOCK_BYTES: u64 = 128 << 10;

/// Solves `puzzle` by BFS. Optimal: the first time the goal is generated, its depth is the shortest distance.
///
/// ```
/// use solver::{search::bfs::bfs, sliding::SmallPuzzle, sliding::Shape, Control, Limits, Status};
/// let shape = Shape { width: 3, height: 3 };
/// let puzzle = SmallPuzzle::new(shape, &[1, 2, 3, 4, 5, 6, 0, 7, 8], &shape.default_goal()).unwrap();
/// let outcome = bfs(&puzzle, &mut Control::new(Limits::default()));
/// assert_eq!(outcome.status, Status::Solved);
/// assert_eq!(outcome.length, 2);
/// ```
pub fn bfs<P: Puzzle>(puzzle: &P, control: &mut Control) -> Outcome<P::Move> {
    bfs_observed(puzzle, control, &mut NoObserver)
}

/// [`bfs`] reporting each expansion to `observer`.
pub fn bfs_observed<P: Puzzle, O: Observer<P::State>>(
    puzzle: &P,
    control: &mut Control,
    observer: &mut O,
) -> Outcome<P::Move> {
    // Dense marks are allocated whole: over the byte budget, stop before allocating them.
    if let Some((status, message)) = control.over_memory_limit(MarksFor::planned_bytes(puzzle)) {
        let stats = Stats {
            elapsed_ms: control.elapsed_ms(),
            ..Stats::default()
        };
        return Outcome::stopped(Algorithm::Bfs, status, message, stats);
    }
    match MarksFor::new(puzzle) {
        MarksFor::Dense(marks) => search(puzzle, marks, control, observer, u64::MAX),
        MarksFor::Hash(marks) => search(puzzle, marks, control, observer, u64::MAX),
    }
}

/// The engine, over the marks `puzzle`'s space takes (fresh ones), checking its limits at least every
/// `longest_run` expansions (tests compare runs of one).
///
/// Its loops stay in one function: they are the hot path, one pass over the queue layer by layer, and splitting
/// them would add a call for every state and pass the marks, the queue and the counters through it, where now
/// the counters live in registers across the successor closure.
fn search<P: Puzzle, M: DepthMarks<P::State>, O: Observer<P::State>>(
    puzzle: &P,
    mut marks: M,
    control: &mut Control,
    observer: &mut O,
    longest_run: u64,
) -> Outcome<P::Move> {
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let mut stats = Stats::default();
    marks.mark(puzzle, &start, 0);
    if start == goal {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::solved(Algorithm::Bfs, Vec::new(), true, stats);
    }
    // Dense marks are indexed by rank. Unless a rank is free to compute, each queued state keeps its rank
    // (below 2^30, so a u32) and a successor's rank is updated from its parent's. Each keeps the move back to
    // its parent too, so that this move (to a state already marked) is left out at no cost.
    let dense = M::DENSE;
    let keep_ranks = dense && !P::RANK_IS_CHEAP;
    let goal_rank = if dense { puzzle.rank(&goal) } else { 0 };
    let footprint = Footprint::of(puzzle, dense);
    let max_moves = puzzle.max_moves().max(1) as u64;
    let rank = keep_ranks.then(|| puzzle.rank(&start) as u32);
    let first = Queued {
        state: start,
        rank: rank.unwrap_or(0),
        back: None,
    };
    let reserve = block_entries(puzzle, control, &footprint, &marks);
    let mut queue = Fifo::new(reserve, max_moves as usize, first);
    let (mut generated, mut duplicates) = (0u64, 0u64);
    let mut watch = MemoryWatch::default();
    // `done` states (the layers expanded before this one) have left the queue's front.
    let (mut head, mut depth, mut layer_start, mut done) = (0usize, 0usize, 0usize, 0usize);
    let stop = 'search: loop {
        // Expand the layer at `depth`, queue[head..layer_end]; its successors are queued behind it. The layers
        // before it are finished: their states stay only as marks.
        queue.drop_front(head);
        done += head;
        head = 0;
        let layer_end = queue.len();
        if head == layer_end {
            break Some((Status::Unsolvable, Said::Exhausted));
        }
        layer_start = head;
        let mark = mark_of(depth + 1);
        stats.by_depth.push(0);
        while head < layer_end {
            if ((done + head) as u64 + 1).is_multiple_of(super::CHECK_EVERY) {
                let open = (queue.len() - head) as u64;
                let layer = (head - layer_start) as u64;
                let counts = (generated, duplicates);
                record(&mut stats, (done + head) as u64, counts, depth, layer, open);
                if let Some(stop) = control.checkpoint(&mut stats) {
                    break 'search Some(stop);
                }
            }
            if let Some(stop) = control.over_state_limit((done + queue.len()) as u64) {
                break 'search Some(stop);
            }
            let growth = footprint.growth(&queue, &marks);
            if let Some(stop) =
                watch.check(control, &mut stats, footprint.held(&queue, &marks), growth)
            {
                break 'search Some(stop);
            }
            let run = run_length(control, &queue, done, head, max_moves, dense).min(longest_run);
            let run_end =
                layer_end.min(head.saturating_add(usize::try_from(run).unwrap_or(usize::MAX)));
            // The run's states, read from one block of the queue, while their successors are appended.
            let held_before = queue.len();
            let (states, mut tail) = queue.run(head, run_end - head);
            let ended = 'run: {
                for &Queued { state, rank, back } in states {
                    let rank = match (keep_ranks, dense) {
                        (true, _) => u64::from(rank),
                        (false, true) => puzzle.rank(&state),
                        (false, false) => 0,
                    };
                    head += 1;
                    let g = depth as u32 + 1;
                    let mut found = false;
                    // The observer sees the move back generated too, as a duplicate; unobserved, it is left
                    // out.
                    let skip = if O::ACTIVE { None } else { back };
                    successors(puzzle, dense, &state, rank, skip, |mv, next, next_rank| {
                        if O::ACTIVE && Some(mv) == back {
                            let fate = Fate::Duplicate;
                            observer.generated(Generated::forward(&state, &next, g, None, fate));
                            return;
                        }
                        generated += 1;
                        // No branch on `fresh`: about a third of the successors are duplicates, at random.
                        let fresh = marks.mark_ranked(&next, next_rank, mark);
                        let queued = Queued {
                            state: next,
                            // Read only where ranks are kept (below 2^30 there).
                            rank: next_rank as u32,
                            back: Some(puzzle.inverse(mv)),
                        };
                        tail.offer(queued, fresh);
                        duplicates += u64::from(!fresh);
                        if O::ACTIVE {
                            let fate = if fresh { Fate::New } else { Fate::Duplicate };
                            observer.generated(Generated::forward(&state, &next, g, None, fate));
                        }
                        // A rank is perfect: where there is one, it names the goal in one comparison.
                        found |= fresh
                            & if dense {
                                next_rank == goal_rank
                            } else {
                                next == goal
                            };
                    });
                    // The move back, always legal, counts as generated and a duplicate.
                    let back_move = u64::from(back.is_some());
                    (generated, duplicates) = (generated + back_move, duplicates + back_move);
                    if O::ACTIVE {
                        let expansion = Expansion {
                            state: &state,
                            g: depth as u32,
                            h: None,
                            open: (held_before + tail.kept - head) as u64,
                            closed: (done + head) as u64,
                            direction: Direction::Forward,
                        };
                        if observer.expanded(expansion) == Flow::Cancel && !found {
                            break 'run Some(Some(observer_stop((done + head) as u64)));
                        }
                    }
                    if found {
                        break 'run Some(None);
                    }
                }
                None
            };
            let kept = tail.kept;
            queue.settle(kept);
            if let Some(stop) = ended {
                break 'search stop;
            }
        }
        stats.by_depth[depth] = (head - layer_start) as u64;
        depth += 1;
    };
    // Stopped inside the layer at `depth`, or found the goal there.
    let (open, layer) = ((queue.len() - head) as u64, (head - layer_start) as u64);
    record(
        &mut stats,
        (done + head) as u64,
        (generated, duplicates),
        depth,
        layer,
        open,
    );
    stats.memory(footprint.held(&queue, &marks));
    stats.elapsed_ms = control.elapsed_ms();
    match stop {
        Some((status, message)) => Outcome::stopped(Algorithm::Bfs, status, message, stats),
        None => {
            let moves = walk_back(puzzle, &marks, goal, depth + 1);
            Outcome::solved(Algorithm::Bfs, moves, true, stats)
        }
    }
}

/// Writes the search's counts so far into `stats`: `expanded` states, (`generated`, `duplicates`) successors,
/// `in_layer` of them expanded in the layer at `depth` (if it has begun), `open` still queued.
#[inline]
fn record(
    stats: &mut Stats,
    expanded: u64,
    (generated, duplicates): (u64, u64),
    depth: usize,
    in_layer: u64,
    open: u64,
) {
    stats.expanded = expanded;
    (stats.generated, stats.duplicates) = (generated, duplicates);
    if let Some(layer) = stats.by_depth.get_mut(depth) {
        *layer = in_layer;
    }
    stats.open_size(open);
    stats.closed = expanded;
}

/// The bytes the queue and the marks hold, and what their next growth adds.
struct Footprint {
    entry_bytes: u64,
    state_bytes: usize,
    dense: bool,
}

impl Footprint {
    /// The footprint of a search of `puzzle`, on dense marks or not.
    fn of<P: Puzzle>(puzzle: &P, dense: bool) -> Footprint {
        Footprint {
            entry_bytes: std::mem::size_of::<Queued<P::State, P::Move>>() as u64,
            state_bytes: puzzle.state_bytes(),
            dense,
        }
    }

    fn held<T: Copy, S, M: DepthMarks<S>>(&self, queue: &Fifo<T>, marks: &M) -> u64 {
        queue.capacity() as u64 * self.entry_bytes + marks.bytes(self.state_bytes)
    }

    /// What the next growth needs on top: the queue grows by a block; a hashed visited set by doubling, the new
    /// table allocated while the old one is still held.
    fn growth<T: Copy, S, M: DepthMarks<S>>(&self, queue: &Fifo<T>, marks: &M) -> u64 {
        queue.block() as u64 * self.entry_bytes
            + if self.dense {
                0
            } else {
                2 * marks.bytes(self.state_bytes)
            }
    }
}

/// The entries of one block of the queue: no more than [`QUEUE_BLOCK_BYTES`], the states of the space or the
/// state limit, and within a byte budget room for the marks, a block and the next one.
fn block_entries<P: Puzzle, M: DepthMarks<P::State>>(
    puzzle: &P,
    control: &Control,
    footprint: &Footprint,
    marks: &M,
) -> usize {
    let budget = control.limits.max_states;
    let entry_bytes = footprint.entry_bytes;
    let room = control.max_bytes().map_or(u64::MAX, |bytes| {
        bytes.saturating_sub(marks.bytes(footprint.state_bytes)) / 2 / entry_bytes.max(1)
    });
    puzzle
        .rank_count()
        .unwrap_or(budget)
        .min(budget)
        .min(room)
        .clamp(1, QUEUE_BLOCK_BYTES / entry_bytes) as usize
}

/// How many states a run may expand after the checks that precede it, `done + head` expanded so far: a run's
/// states can be due for them again only up to the next checkpoint, while the states held cannot pass the state
/// limit (one expansion adds at most `max_moves`), and, on `dense` marks, before the queue can add a block (the
/// memory held changes only then; hashed marks grow with every state). A run also ends where the block it reads
/// from does.
#[inline]
fn run_length<T: Copy>(
    control: &Control,
    queue: &Fifo<T>,
    done: usize,
    head: usize,
    max_moves: u64,
    dense: bool,
) -> u64 {
    let to_checkpoint = super::CHECK_EVERY - ((done + head) as u64 + 1) % super::CHECK_EVERY;
    let held_states = (done + queue.len()) as u64;
    let to_state_limit = (control.max_states().saturating_sub(held_states) / max_moves) + 1;
    let to_block = if dense {
        (queue.room() as u64 - 1) / max_moves + 1
    } else {
        1
    };
    to_checkpoint.min(to_state_limit).min(to_block)
}

/// The successors of `state` but `skip`, with their ranks where `ranked` (else 0).
#[inline(always)]
fn successors<P: Puzzle>(
    puzzle: &P,
    ranked: bool,
    state: &P::State,
    rank: u64,
    skip: Option<P::Move>,
    mut visit: impl FnMut(P::Move, P::State, u64),
) {
    if ranked {
        puzzle.for_each_ranked_successor_except(state, rank, skip, visit);
    } else {
        puzzle.for_each_successor_except(state, skip, |mv, next| visit(mv, next, 0));
    }
}

/// A queued state, with its rank where BFS keeps ranks (else unread) and the move back to its parent (the
/// inverse of the move that made it, worked out when it is queued, off the path from reading a state to its
/// successors).
#[derive(Clone, Copy)]
struct Queued<S, M> {
    state: S,
    rank: u32,
    back: Option<M>,
}

/// The moves from the start to `goal` (found at `depth`): from the goal, step to any neighbour marked one layer
/// shallower, and invert each step (every move has an inverse).
fn walk_back<P: Puzzle, M: DepthMarks<P::State>>(
    puzzle: &P,
    marks: &M,
    goal: P::State,
    depth: usize,
) -> Vec<P::Move> {
    let mut moves = Vec::with_capacity(depth);
    let mut at = goal;
    for d in (1..=depth).rev() {
        let wanted = mark_of(d - 1);
        let mut step = None;
        puzzle.for_each_successor(&at, |mv, prev| {
            if step.is_none() && marks.get(puzzle, &prev) == wanted {
                step = Some((mv, prev));
            }
        });
        // A state at depth d was reached from one at depth d - 1, so a step always exists.
        let Some((mv, prev)) = step else { break };
        moves.push(puzzle.inverse(mv));
        at = prev;
    }
    moves.reverse();
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::visited::HashMarks;
    use crate::search::{sample_boards, Limits};

    /// The engine on dense marks and on hashed marks: the same statistics (but for the memory estimate) and the
    /// same path, on random 3x3 and 2x4 boards.
    #[test]
    fn dense_and_hashed_marks_search_alike() {
        for puzzle in sample_boards() {
            let label = format!("{} {:?}", puzzle.shape(), puzzle.tiles(&puzzle.start()));
            let MarksFor::Dense(dense) = MarksFor::new(&puzzle) else {
                panic!("{label}: the space fits dense marks");
            };
            let run = |outcome: Outcome<_>| {
                let mut stats = outcome.stats.clone();
                (stats.peak_memory_bytes, stats.elapsed_ms) = (0, 0.0);
                (outcome.status, outcome.moves, stats)
            };
            let control = || Control::new(Limits::default());
            let a = run(search(
                &puzzle,
                dense,
                &mut control(),
                &mut NoObserver,
                u64::MAX,
            ));
            let hashed = HashMarks::default();
            let b = run(search(
                &puzzle,
                hashed,
                &mut control(),
                &mut NoObserver,
                u64::MAX,
            ));
            assert_eq!(a.0, Status::Solved, "{label}");
            assert_eq!(a, b, "{label}");
        }
    }

    /// An 8-puzzle 31 moves from the default goal, the most there is: BFS expands nearly all of the space.
    fn far_eight() -> crate::sliding::SmallPuzzle {
        let shape = crate::sliding::Shape {
            width: 3,
            height: 3,
        };
        let far = [8, 6, 7, 2, 5, 4, 3, 0, 1];
        crate::sliding::SmallPuzzle::new(shape, &far, &shape.default_goal()).expect("a puzzle")
    }

    /// The limits are checked once a run of states, yet they stop BFS where a check before every expansion
    /// would: the same outcome, message and statistics with runs as with runs of one, at state limits and
    /// byte budgets across a search (the 8-puzzle and Hanoi), and the progress hook called every
    /// `CHECK_EVERY` expansions on the dot.
    #[test]
    fn runs_of_states_stop_where_a_check_per_state_would() {
        fn outcome<P: Puzzle>(puzzle: &P, limits: Limits, bytes: u64, run: u64) -> String {
            let control = &mut Control::new(limits).with_max_bytes(bytes);
            let MarksFor::Dense(marks) = MarksFor::new(puzzle) else {
                panic!("a dense space");
            };
            let mut outcome = search(puzzle, marks, control, &mut NoObserver, run);
            outcome.stats.elapsed_ms = 0.0;
            format!(
                "{:?}",
                (outcome.status, outcome.said, outcome.moves, outcome.stats)
            )
        }
        let puzzle = far_eight();
        let hanoi = crate::hanoi::Hanoi::new(4, 9, &[0; 9], &[3; 9]).expect("a tower");
        let mut stops = 0;
        for step in 1..60u64 {
            let limits = Limits {
                max_states: step * 2_999,
                ..Limits::default()
            };
            let bytes = (64 << 10) + step * (9 << 10);
            for (limits, bytes) in [(limits, u64::MAX), (Limits::default(), bytes)] {
                let a = outcome(&puzzle, limits, bytes, u64::MAX);
                assert_eq!(a, outcome(&puzzle, limits, bytes, 1), "{limits:?} {bytes}");
                let b = outcome(&hanoi, limits, bytes, u64::MAX);
                assert_eq!(b, outcome(&hanoi, limits, bytes, 1), "{limits:?} {bytes}");
                stops +=
                    usize::from(a.starts_with("(Limit")) + usize::from(b.starts_with("(Limit"));
            }
        }
        assert!(stops > 100, "{stops} stops");
        let mut seen = Vec::new();
        let mut control = Control::new(Limits::default()).with_progress(|stats| {
            seen.push(stats.expanded);
            Flow::Continue
        });
        assert_eq!(bfs(&puzzle, &mut control).status, Status::Solved);
        drop(control);
        let every = super::super::CHECK_EVERY;
        assert_eq!(seen.len() as u64, 181_439 / every);
        assert!(
            seen.iter()
                .enumerate()
                .all(|(i, &n)| n + 1 == (i as u64 + 1) * every),
            "{seen:?}"
        );
    }

    /// A byte budget stops the search on either form of marks, naming the budget.
    #[test]
    fn both_forms_of_marks_stop_at_the_byte_budget() {
        let puzzle = far_eight();
        let limit = 160 << 10;
        let control = || Control::new(Limits::default()).with_max_bytes(limit);
        let MarksFor::Dense(dense) = MarksFor::new(&puzzle) else {
            panic!("the 8-puzzle fits dense marks");
        };
        let outcomes = [
            search(&puzzle, dense, &mut control(), &mut NoObserver, u64::MAX),
            search(
                &puzzle,
                HashMarks::default(),
                &mut control(),
                &mut NoObserver,
                u64::MAX,
            ),
        ];
        for outcome in outcomes {
            assert_eq!(outcome.status, Status::Limit, "{}", outcome.message());
            assert!(
                outcome.message().contains(&format!("max-bytes = {limit}")),
                "{}",
                outcome.message()
            );
            assert!(outcome.stats.peak_memory_bytes <= limit);
        }
    }
}
