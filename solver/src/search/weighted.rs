//! Weighted A*: best-first on f = g + w*h with an exact rational weight w, bounded suboptimal
//! (the length is at most w x the shortest with an admissible heuristic), and its `Weight` type.
//!
//! It answers boards whose optimal solving is out of reach (a 5x5 takes days of CPU optimally) in a
//! fraction of a second: the larger w, the fewer states and the longer the solution, never beyond
//! w times the shortest.
//!
//! ```
//! use solver::search::weighted::{weighted_astar, Reopen, Weight};
//! use solver::sliding::{Shape, SlidingHeuristic, SmallPuzzle};
//! use solver::{Control, HeuristicName, Limits, Status};
//! let shape = Shape { width: 3, height: 3 };
//! let puzzle = SmallPuzzle::new(shape, &[8, 6, 7, 2, 5, 4, 3, 0, 1], &shape.default_goal()).unwrap();
//! let h = SlidingHeuristic::new(&puzzle, HeuristicName::LinearConflict).unwrap();
//! let w: Weight = "1.5".parse().unwrap();
//! let outcome = weighted_astar(&puzzle, &h, w, Reopen::Never, &mut Control::new(Limits::default()));
//! assert_eq!(outcome.status, Status::Solved);
//! // 31 moves is the shortest for this start, so the bound is 46.
//! assert!(outcome.length <= 46 && !outcome.optimal);
//! ```

use super::astar::Weights;
use super::visited::FxHasher;
use super::{Algorithm, Control, Outcome, Stats, Status};
use crate::{Heuristic, Puzzle};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::str::FromStr;

/// The weight w of weighted A*: an exact decimal from 1 to 10 with at most two decimals, held in
/// hundredths so that f = g + w*h is computed in integers, with no rounding to blur the bound.
///
/// ```
/// use solver::search::weighted::Weight;
/// use solver::search::astar::Weights;
/// let w: Weight = "1.5".parse().unwrap();
/// assert_eq!(w.weights(), Weights { g: 2, h: 3 });
/// assert_eq!(w.to_string(), "1.5");
/// assert_eq!("2.50".parse::<Weight>().unwrap().to_string(), "2.5");
/// assert!("0.5".parse::<Weight>().is_err());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Weight {
    hundredths: u16,
}

impl Weight {
    /// w = 1: plain A*.
    pub const MIN: Weight = Weight { hundredths: 100 };
    /// w = 10: little better than greedy search.
    pub const MAX: Weight = Weight { hundredths: 1000 };
    /// The weight used when a query names none: 2.5, the smallest of those measured that keeps
    /// 5x5 boards well inside the browser's 2 s. With linear conflict on the 50 Korf-Felner
    /// 24-puzzle instances (the `korf24` command) it expands at most about 150,000 states (about
    /// 0.1 s natively, 0.2 s in wasm) for solutions 1.50 x the shortest on average and 1.67 x at
    /// worst. w = 2.25 expands up to 600,000 (0.5 s, 1.1 s in wasm) and w = 2 up to 3.2 million
    /// (3.4 s, 512 MiB) on some of them.
    pub const DEFAULT: Weight = Weight { hundredths: 250 };

    /// The weight of `hundredths` / 100, if it lies in 1..=10.
    pub fn from_hundredths(hundredths: u16) -> Option<Weight> {
        (Self::MIN.hundredths..=Self::MAX.hundredths)
            .contains(&hundredths)
            .then_some(Weight { hundredths })
    }

    /// w x 100.
    pub fn hundredths(self) -> u16 {
        self.hundredths
    }

    /// w as a float, for display and ratios only (the search itself never rounds).
    pub fn as_f64(self) -> f64 {
        f64::from(self.hundredths) / 100.0
    }

    /// f = g + w*h scaled to integers: the fraction hundredths/100 in lowest terms, so that
    /// w = 1.5 gives f = 2g + 3h.
    pub fn weights(self) -> Weights {
        let divisor = gcd(u32::from(self.hundredths), 100);
        Weights {
            g: 100 / divisor,
            h: u32::from(self.hundredths) / divisor,
        }
    }

    /// Whether `length` is within w times `shortest`, computed exactly.
    pub fn bounds(self, length: u64, shortest: u64) -> bool {
        u128::from(length) * 100 <= u128::from(shortest) * u128::from(self.hundredths)
    }
}

fn gcd(mut a: u32, mut b: u32) -> u32 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

impl Default for Weight {
    fn default() -> Self {
        Weight::DEFAULT
    }
}

/// The shortest decimal: `2`, `1.5`, `1.25`.
impl fmt::Display for Weight {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, part) = (self.hundredths / 100, self.hundredths % 100);
        match part {
            0 => write!(f, "{whole}"),
            p if p % 10 == 0 => write!(f, "{whole}.{}", p / 10),
            p => write!(f, "{whole}.{p:02}"),
        }
    }
}

/// Why a weight was refused; the text is kept as given (messages shorten a very long one).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WeightError {
    /// Not digits with at most one decimal point (`abc`, `-1`, `1e1`, `1.`).
    NotADecimal(String),
    /// A decimal with more than two digits after the point (other than trailing zeros).
    TooPrecise(String),
    /// A number outside 1..=10.
    OutOfRange(String),
}

impl fmt::Display for WeightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightError::NotADecimal(text) => write!(
                f,
                "weight '{}' is not a decimal number: write it like 2 or 1.5 (from 1 to 10)",
                shown(text)
            ),
            WeightError::TooPrecise(text) => write!(
                f,
                "weight '{}' has more than two decimals: round it, for example to 1.25",
                shown(text)
            ),
            WeightError::OutOfRange(text) => write!(
                f,
                "weight {} is out of range: use 1 to 10 (1 is plain A*; a larger weight is faster but \
                 its solutions may be longer, up to weight x the shortest)",
                shown(text)
            ),
        }
    }
}

impl std::error::Error for WeightError {}

/// At most 40 characters of input in a message.
fn shown(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().nth(40).is_some() {
        out.push_str("...");
    }
    out.escape_debug().to_string()
}

impl FromStr for Weight {
    type Err = WeightError;

    /// Reads `2`, `2.0`, `1.5`, `1.25` (surrounding spaces ignored).
    fn from_str(text: &str) -> Result<Weight, WeightError> {
        let trimmed = text.trim();
        let not_decimal = || WeightError::NotADecimal(text.to_string());
        let (whole, part) = trimmed.split_once('.').unwrap_or((trimmed, "0"));
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        if !digits(whole) || !digits(part) {
            return Err(not_decimal());
        }
        let part = part.trim_end_matches('0');
        if part.len() > 2 {
            return Err(WeightError::TooPrecise(text.to_string()));
        }
        // Leading zeros are harmless; a whole part past four digits is out of range anyway.
        let whole = whole.trim_start_matches('0');
        if whole.len() > 4 {
            return Err(WeightError::OutOfRange(text.to_string()));
        }
        let value = |digits: &str| {
            digits
                .bytes()
                .fold(0u32, |n, b| n * 10 + u32::from(b - b'0'))
        };
        // The fraction's digits are tenths then hundredths: "5" is 50 hundredths.
        let hundredths = value(whole) * 100 + value(part) * if part.len() == 1 { 10 } else { 1 };
        u16::try_from(hundredths)
            .ok()
            .and_then(Weight::from_hundredths)
            .ok_or_else(|| WeightError::OutOfRange(text.to_string()))
    }
}

/// One stored state: where it came from and its costs.
#[derive(Clone, Copy)]
struct Node<S, M> {
    state: S,
    parent: u32,
    g: u32,
    h: u32,
    closed: bool,
    mv: Option<M>,
}

/// A child of the node being expanded: its move, state, hash, and what the index said of it (its
/// node id, or the empty slot where it would go).
type Child<S, M> = (M, S, u64, Result<u32, usize>);

/// The node ids by state: open addressing with linear probing over 8-byte slots, each holding the
/// top 32 bits of the state's hash above the node id + 1 (0 is an empty slot). The states
/// themselves stay in the node arena, so a 5x5 board costs 16 to 32 bytes here instead of the
/// 37 to 74 of a general hash map (a 24-byte key and a value, at its load factor), and a lookup
/// that finds nothing (most of them) is usually one slot read.
///
/// A state's home slot is taken from the top bits of its hash, which the slot keeps: growing the
/// table refiles every slot from its own bits, in order, without visiting the node arena.
struct Index {
    slots: Vec<u64>,
    /// log2 of the number of slots (at most 32: the home slot comes from the kept 32 bits).
    bits: u32,
    len: usize,
}

/// The fewest slots; a power of two.
const INDEX_MIN_SLOTS: usize = 1 << 12;

impl Index {
    fn new() -> Self {
        Index {
            slots: vec![0; INDEX_MIN_SLOTS],
            bits: INDEX_MIN_SLOTS.trailing_zeros(),
            len: 0,
        }
    }

    /// The home slot of a hash (or of a filed slot, whose top 32 bits are the hash's).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash >> (64 - self.bits)) as usize
    }

    #[inline]
    fn hash<S: Hash>(state: &S) -> u64 {
        let mut hasher = FxHasher::default();
        state.hash(&mut hasher);
        hasher.finish()
    }

    /// The id of `state` (whose hash is `hash`), or the empty slot where it belongs.
    #[inline]
    fn find<S: Eq, M>(&self, nodes: &[Node<S, M>], state: &S, hash: u64) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let print = hash >> 32;
        let mut at = self.home(hash);
        loop {
            let slot = self.slots[at];
            if slot == 0 {
                return Err(at);
            }
            if slot >> 32 == print {
                let id = (slot as u32).wrapping_sub(1);
                if nodes[id as usize].state == *state {
                    return Ok(id);
                }
            }
            at = (at + 1) & mask;
        }
    }

    /// Files node `id` (whose state hashes to `hash`) in the empty slot `at` that `find` gave,
    /// then grows the table if it is half full. Ids are below `u32::MAX`.
    #[inline]
    fn insert_at(&mut self, at: usize, hash: u64, id: u32) {
        self.slots[at] = (hash & !u64::from(u32::MAX)) | u64::from(id + 1);
        self.len += 1;
        if 2 * self.len > self.slots.len() && self.bits < 32 {
            self.grow();
        }
    }

    /// Doubles the table. Slots are refiled in their old order, which is nearly the order of
    /// their home slots, so the writes sweep the new table almost sequentially.
    fn grow(&mut self) {
        let doubled = vec![0; 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.bits += 1;
        let mask = self.slots.len() - 1;
        // A run that wraps past the end leaves its first slots at the start of the old table,
        // ahead of their homes: refiling never overwrites, so any order is correct.
        for slot in old.into_iter().filter(|&slot| slot != 0) {
            let mut at = self.home(slot);
            while self.slots[at] != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }

    fn bytes(&self) -> u64 {
        self.slots.capacity() as u64 * 8
    }
}

/// OPEN as a binary heap of entries that order themselves: f (which can pass 2^32, with a large h
/// and a weight of many hundredths) in the high 64 bits, then the complement of g so that ties on
/// f go to the deeper node, then the complement of the node id: among equal f and g the newest
/// node first, which keeps the search on the path it is extending (on the 24-puzzle it halved the
/// worst case at w = 2.5 and w = 2 against oldest-first), and makes the order total, so that runs
/// repeat exactly.
/// A node whose g improves is pushed again; the old entry goes stale and is skipped when popped
/// (its g no longer matches), which is cheaper than keeping heap positions.
struct Open {
    heap: Vec<u128>,
}

impl Open {
    #[inline]
    fn entry(weights: Weights, g: u32, h: u32, id: u32) -> u128 {
        let f = u64::from(weights.g) * u64::from(g) + u64::from(weights.h) * u64::from(h);
        (u128::from(f) << 64) | (u128::from(u32::MAX - g) << 32) | u128::from(u32::MAX - id)
    }

    /// The node id and the g of an entry.
    #[inline]
    fn parts(entry: u128) -> (u32, u32) {
        (u32::MAX - entry as u32, u32::MAX - (entry >> 32) as u32)
    }

    fn push(&mut self, entry: u128) {
        let mut pos = self.heap.len();
        self.heap.push(entry);
        while pos > 0 {
            let parent = (pos - 1) / 2;
            if self.heap[parent] <= entry {
                break;
            }
            self.heap[pos] = self.heap[parent];
            pos = parent;
        }
        self.heap[pos] = entry;
    }

    fn pop(&mut self) -> Option<u128> {
        let top = *self.heap.first()?;
        let last = self.heap.pop()?;
        let len = self.heap.len();
        if len > 0 {
            let mut pos = 0;
            loop {
                let left = 2 * pos + 1;
                if left >= len {
                    break;
                }
                let right = left + 1;
                let child = if right < len && self.heap[right] < self.heap[left] {
                    right
                } else {
                    left
                };
                if last <= self.heap[child] {
                    break;
                }
                self.heap[pos] = self.heap[child];
                pos = child;
            }
            self.heap[pos] = last;
        }
        Some(top)
    }
}

/// What weighted A* does with a state it has expanded when a shorter path to it turns up.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reopen {
    /// Expand it again: the bound holds for every admissible heuristic.
    Always,
    /// Keep the first expansion: fewer expansions (a third fewer on the 24-puzzle), and the bound
    /// still holds if the heuristic is consistent (|h(s) - h(t)| <= 1 across every move, h = 0 at
    /// the goal), as Manhattan distance and linear conflict are (Likhachev, Gordon and Thrun,
    /// ARA*, 2003).
    Never,
}

/// Weighted A* on f = g + w*h.
///
/// With an admissible heuristic the solution is at most w times the shortest (w = 1: a shortest
/// one), and the outcome's message says so: "at most 2 x the shortest (weighted A*, w = 2): length
/// 133". With an inadmissible one there is no bound, and the message says that instead.
/// `reopen` must be [`Reopen::Always`] unless the heuristic is consistent, or the bound is lost.
pub fn weighted_astar<P: Puzzle, H: Heuristic<P>>(
    puzzle: &P,
    heuristic: &H,
    weight: Weight,
    reopen: Reopen,
    control: &mut Control,
) -> Outcome<P::Move> {
    let weights = weight.weights();
    let mut stats = Stats::default();
    let (start, goal) = (puzzle.start(), puzzle.goal());
    let mut nodes: Vec<Node<P::State, P::Move>> = Vec::new();
    let mut index = Index::new();
    let mut open = Open { heap: Vec::new() };
    let h0 = heuristic.estimate(&start);
    nodes.push(Node {
        state: start,
        parent: 0,
        g: 0,
        h: h0,
        closed: false,
        mv: None,
    });
    let start_hash = Index::hash(&start);
    if let Err(at) = index.find(&nodes, &start, start_hash) {
        index.insert_at(at, start_hash, 0);
    }
    open.push(Open::entry(weights, 0, h0, 0));
    let node_bytes = std::mem::size_of::<Node<P::State, P::Move>>() as u64;
    let memory = |nodes: &Vec<Node<P::State, P::Move>>, open: &Open, index: &Index| {
        nodes.capacity() as u64 * node_bytes
            + open.heap.capacity() as u64 * std::mem::size_of::<u128>() as u64
            + index.bytes()
    };
    // Node ids are u32s: a budget past them stops there (a search that large would not fit in
    // memory anyway). Each expansion adds at most a few hundred nodes.
    let id_room = u64::from(u32::MAX) - 1024;
    let mut children: Vec<Child<P::State, P::Move>> = Vec::with_capacity(32);
    let mut closed = 0u64;
    let result: Result<u32, (Status, String)> = loop {
        let Some(entry) = open.pop() else {
            break Err((
                Status::Unsolvable,
                "every reachable state was searched and the goal is not among them".into(),
            ));
        };
        let (id, pushed_g) = Open::parts(entry);
        let node = nodes[id as usize];
        if node.closed || pushed_g != node.g {
            // A stale entry: the node was reached more cheaply since, or already expanded.
            continue;
        }
        if node.state == goal {
            break Ok(id);
        }
        nodes[id as usize].closed = true;
        closed += 1;
        stats.open_size(open.heap.len() as u64 + 1);
        stats.expand_at(node.g as usize);
        if stats.expanded % super::CHECK_EVERY == 0 {
            stats.closed = closed;
            stats.memory(memory(&nodes, &open, &index));
            if let Some(stop) = control.checkpoint(&mut stats) {
                break Err(stop);
            }
        }
        if let Some(stop) = control.over_state_limit(nodes.len() as u64) {
            break Err(stop);
        }
        if nodes.len() as u64 > id_room {
            break Err((
                Status::Limit,
                format!("stopped at {id_room} states, the most weighted A* can number"),
            ));
        }
        let g = node.g + 1;
        let back = node.mv.map(|mv| puzzle.inverse(mv));
        // Look every child up before handling any: the lookups are independent cache misses
        // that the processor then waits for together rather than one after another.
        children.clear();
        puzzle.for_each_successor(&node.state, |mv, next| {
            // The parent is never improved on by its child: skip it without a lookup.
            if Some(mv) != back {
                let hash = Index::hash(&next);
                children.push((mv, next, hash, index.find(&nodes, &next, hash)));
            }
        });
        let slots_before = index.slots.len();
        for &(mv, next, hash, found) in &children {
            stats.generated += 1;
            // A sibling filed just before may have taken the slot, or grown the table.
            let found = match found {
                Err(at) if index.slots.len() == slots_before && index.slots[at] == 0 => found,
                Err(_) => index.find(&nodes, &next, hash),
                Ok(_) => found,
            };
            match found {
                Err(at) => {
                    let child = nodes.len() as u32;
                    let h = heuristic.estimate_after(&node.state, node.h, &next);
                    nodes.push(Node {
                        state: next,
                        parent: id,
                        g,
                        h,
                        closed: false,
                        mv: Some(mv),
                    });
                    index.insert_at(at, hash, child);
                    open.push(Open::entry(weights, g, h, child));
                }
                Ok(other)
                    if g < nodes[other as usize].g
                        && (reopen == Reopen::Always || !nodes[other as usize].closed) =>
                {
                    let known = &mut nodes[other as usize];
                    if known.closed {
                        known.closed = false;
                        closed -= 1;
                    }
                    known.g = g;
                    known.parent = id;
                    known.mv = Some(mv);
                    open.push(Open::entry(weights, g, known.h, other));
                }
                Ok(_) => stats.duplicates += 1,
            }
        }
    };
    stats.closed = closed;
    stats.memory(memory(&nodes, &open, &index));
    stats.elapsed_ms = control.elapsed_ms();
    let outcome = match result {
        Err((status, message)) => Outcome::stopped(Algorithm::Weighted, status, message, stats),
        Ok(goal_id) => {
            let mut moves = Vec::with_capacity(nodes[goal_id as usize].g as usize);
            let mut at = goal_id as usize;
            while let Some(mv) = nodes[at].mv {
                moves.push(mv);
                at = nodes[at].parent as usize;
            }
            moves.reverse();
            let admissible = heuristic.admissible();
            let optimal = admissible && weight == Weight::MIN;
            let mut outcome = Outcome::solved(Algorithm::Weighted, moves, optimal, stats);
            outcome.message = guarantee(weight, admissible, heuristic.name(), outcome.length);
            outcome
        }
    };
    outcome.with_heuristic(heuristic.name())
}

/// The label of a weighted A* solution: its bound, or that it has none.
pub fn guarantee(weight: Weight, admissible: bool, heuristic: &str, length: u64) -> String {
    if !admissible {
        return format!(
            "no bound (weighted A*, w = {weight}, with the heuristic '{heuristic}', which can \
             overestimate): length {length}"
        );
    }
    let shortest = if weight == Weight::MIN {
        ", so a shortest solution"
    } else {
        ""
    };
    format!(
        "at most {weight} x the shortest (weighted A*, w = {weight}): length {length}{shortest}"
    )
}
