//! Breadth-first search: exhaustive, optimal in moves. Memory is two bits a state (depth mod 3, indexed by perfect
//! rank where the space fits) plus a queue of only the layer being expanded and the next; the path is walked back
//! from the goal by depth.

use super::visited::DepthMarks;
use super::{Algorithm, Control, Outcome, Stats, Status};
use crate::Puzzle;

/// The queue's first reservation, in states; it grows by doubling. It holds two layers at most (expanded layers
/// are dropped from its front), a small part of the states a search reaches.
const QUEUE_START: u64 = 1 << 16;

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
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let mut stats = Stats::default();
    // Dense marks are allocated whole: over the byte budget, stop before allocating them.
    if let Some((status, message)) = control.over_memory_limit(DepthMarks::planned_bytes(puzzle)) {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::stopped(Algorithm::Bfs, status, message, stats);
    }
    let mut marks = DepthMarks::new(puzzle);
    marks.mark(puzzle, &start, 0);
    if start == goal {
        stats.elapsed_ms = control.elapsed_ms();
        return Outcome::solved(Algorithm::Bfs, Vec::new(), true, stats);
    }
    // Dense marks are indexed by rank. Unless a rank is free to compute, each queued state keeps its rank
    // (below 2^30, so a u32) in a parallel queue, and a successor's rank is updated from its parent's; it keeps
    // the move that made it too, so that the move back (to a state already marked) costs nothing.
    let dense = marks.is_dense();
    let keep_ranks = dense && !P::RANK_IS_CHEAP;
    let rank_bytes = std::mem::size_of::<(u32, Option<P::Move>)>();
    let entry_bytes =
        (std::mem::size_of::<P::State>() + if keep_ranks { rank_bytes } else { 0 }) as u64;
    let memory = |queue: &Fifo<P::State>, marks: &DepthMarks<P::State>| {
        queue.capacity() as u64 * entry_bytes + marks.bytes(puzzle.state_bytes())
    };
    // What the next growth briefly needs on top: the queue and a hashed visited set grow by doubling, and the new
    // block (twice the old) is allocated while the old one is still held.
    let growth = |queue: &Fifo<P::State>, marks: &DepthMarks<P::State>| {
        2 * queue.capacity() as u64 * entry_bytes
            + if dense {
                0
            } else {
                2 * marks.bytes(puzzle.state_bytes())
            }
    };
    let budget = control.limits.max_states;
    // The first reservation leaves room, within a byte budget, for the marks and one doubling.
    let room = control.max_bytes().map_or(u64::MAX, |bytes| {
        bytes.saturating_sub(marks.bytes(puzzle.state_bytes())) / 3 / entry_bytes.max(1)
    });
    let reserve = puzzle
        .rank_count()
        .unwrap_or(budget)
        .min(budget)
        .min(room)
        .clamp(1, QUEUE_START) as usize;
    let mut queue = Fifo::with_capacity(reserve, start);
    let mut ranks = Fifo::with_capacity(if keep_ranks { reserve } else { 0 }, (0u32, None));
    queue.offer(start, true);
    ranks.offer((puzzle.rank(&start) as u32, None), keep_ranks);
    // The memory held when it was last checked against the budget (see below).
    let mut held = 0u64;
    // `done` states (the layers expanded before this one) have left the queue's front.
    let (mut head, mut depth, mut layer_start, mut done) = (0usize, 0usize, 0usize, 0usize);
    let stop = 'search: loop {
        // Expand the layer at `depth`, queue[head..layer_end]; its successors are queued behind it. The layers
        // before it are finished: their states stay only as marks.
        queue.drop_front(head);
        if keep_ranks {
            ranks.drop_front(head);
        }
        done += head;
        head = 0;
        let layer_end = queue.len();
        if head == layer_end {
            break Some((
                Status::Unsolvable,
                "the whole reachable space was searched and the goal is not in it".to_string(),
            ));
        }
        layer_start = head;
        let mark = DepthMarks::<P::State>::mark_of(depth + 1);
        stats.by_depth.push(0);
        while head < layer_end {
            if ((done + head) as u64 + 1).is_multiple_of(super::CHECK_EVERY) {
                stats.expanded = (done + head) as u64;
                stats.by_depth[depth] = (head - layer_start) as u64;
                stats.open_size((queue.len() - head) as u64);
                stats.closed = (done + head) as u64;
                stats.memory(memory(&queue, &marks));
                if let Some(stop) = control.checkpoint(&mut stats) {
                    break 'search Some(stop);
                }
            }
            if let Some(stop) = control.over_state_limit((done + queue.len()) as u64) {
                break 'search Some(stop);
            }
            // The byte budget is a bound, not a target: each time the queue or the visited set has grown, stop
            // if the next growth would pass it (one expansion queues far fewer states than a doubling adds).
            let now = memory(&queue, &marks);
            if now != held {
                held = now;
                stats.memory(held);
                if let Some(stop) = control.over_memory_limit(held + growth(&queue, &marks)) {
                    break 'search Some(stop);
                }
            }
            let state = queue.get(head);
            let (rank, back) = match (keep_ranks, dense) {
                (true, _) => {
                    let (rank, made_by) = ranks.get(head);
                    (u64::from(rank), made_by.map(|mv| puzzle.inverse(mv)))
                }
                (false, true) => (puzzle.rank(&state), None),
                (false, false) => (0, None),
            };
            head += 1;
            let mut found = false;
            puzzle.for_each_successor(&state, |mv, next| {
                stats.generated += 1;
                if Some(mv) == back {
                    stats.duplicates += 1;
                    return;
                }
                let next_rank = if dense {
                    puzzle.successor_rank(&state, rank, &next)
                } else {
                    0
                };
                // No branch on `fresh`: about a third of the successors are duplicates, at random.
                let fresh = marks.mark_ranked(&next, next_rank, mark);
                queue.offer(next, fresh);
                if keep_ranks {
                    ranks.offer((next_rank as u32, Some(mv)), fresh);
                }
                stats.duplicates += u64::from(!fresh);
                found |= fresh & (next == goal);
            });
            if found {
                break 'search None;
            }
        }
        stats.by_depth[depth] = (head - layer_start) as u64;
        depth += 1;
    };
    stats.expanded = (done + head) as u64;
    if let Some(layer) = stats.by_depth.get_mut(depth) {
        // Stopped inside the layer at `depth`.
        *layer = (head - layer_start) as u64;
    }
    stats.open_size((queue.len() - head) as u64);
    stats.closed = (done + head) as u64;
    stats.memory(memory(&queue, &marks));
    stats.elapsed_ms = control.elapsed_ms();
    match stop {
        Some((status, message)) => Outcome::stopped(Algorithm::Bfs, status, message, stats),
        None => {
            let moves = walk_back(puzzle, &marks, goal, depth + 1);
            Outcome::solved(Algorithm::Bfs, moves, true, stats)
        }
    }
}

/// BFS's queue, appended to without a branch on whether an item is kept: the slot past the end is always
/// written, and the length grows by one only for a kept item. The slots grow ahead in steps, rarely.
struct Fifo<T> {
    slots: Vec<T>,
    len: usize,
}

impl<T: Copy> Fifo<T> {
    /// Room reserved for `capacity` items; `fill` is written into slots before they are used.
    fn with_capacity(capacity: usize, fill: T) -> Self {
        // Slack past the items: the slot past the end is always written, and one expansion may queue several
        // states before the state budget is checked.
        let mut slots = Vec::with_capacity(capacity + 64);
        slots.push(fill);
        Fifo { slots, len: 0 }
    }

    /// Writes `item` past the end, and keeps it if `keep`.
    #[inline]
    fn offer(&mut self, item: T, keep: bool) {
        self.slots[self.len] = item;
        self.len += usize::from(keep);
        if self.len == self.slots.len() {
            let room = self.slots.capacity() - self.slots.len();
            // Grow within the reserved room while there is some: a step past it would double the whole queue.
            let step = match self.slots.len().clamp(16, 1 << 16) {
                step if room > 0 => step.min(room),
                step => step,
            };
            self.slots.resize(self.slots.len() + step, item);
        }
    }

    /// Drops the first `n` items (those already taken).
    fn drop_front(&mut self, n: usize) {
        self.slots.drain(..n);
        self.len -= n;
    }

    #[inline]
    fn get(&self, i: usize) -> T {
        self.slots[i]
    }

    fn len(&self) -> usize {
        self.len
    }

    fn capacity(&self) -> usize {
        self.slots.capacity()
    }
}

/// The moves from the start to `goal` (found at `depth`): from the goal, step to any neighbour marked one layer
/// shallower, and invert each step (every move has an inverse).
fn walk_back<P: Puzzle>(
    puzzle: &P,
    marks: &DepthMarks<P::State>,
    goal: P::State,
    depth: usize,
) -> Vec<P::Move> {
    let mut moves = Vec::with_capacity(depth);
    let mut at = goal;
    for d in (1..=depth).rev() {
        let wanted = DepthMarks::<P::State>::mark_of(d - 1);
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
