//! The searches (BFS, bidirectional BFS, bounded DFS, A*, IDA*, greedy, weighted A*) and what they share:
//! budgets, the progress/cancel hook, the observer hook that watches each expansion and each generated child
//! (`observer.rs`; the tracer in `trace.rs` is one, and records the search tree of `tree.rs`), statistics and the one
//! `Outcome` type they all return.

pub mod astar;
pub mod bfs;
pub mod bibfs;
pub mod clock;
#[cfg(not(target_arch = "wasm32"))]
pub mod cpu_clock;
pub mod dfs;
pub mod engine;
mod frontier;
pub mod greedy;
pub mod idastar;
pub mod observer;
pub mod outcome;
pub use crate::report::stats;
pub mod trace;
pub mod tree;
pub mod visited;
pub mod weighted;

pub use clock::Clock;
#[cfg(feature = "reverse-ties")]
pub use frontier::ties;
pub use observer::{Direction, Expansion, Fate, Generated, NoObserver, Observer};
pub use outcome::{Outcome, Status};
pub use stats::Stats;

pub use crate::rules::Algorithm;

use crate::report::{Moves, Report};
use crate::said::Said;

/// Asks the processor to bring `item` into the cache ahead of its use, so that the wait for a random read
/// overlaps other work (a hint: nothing else happens, and elsewhere than on x86-64 nothing at all).
#[inline(always)]
pub(crate) fn prefetch<T>(item: &T) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
        // SAFETY: a prefetch only hints the cache; SSE, which it needs, is in every x86-64 processor, and the
        // address is that of a live reference.
        unsafe { _mm_prefetch::<_MM_HINT_T0>((item as *const T).cast::<i8>()) };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = item;
}

/// The default number of states a search may hold.
pub const DEFAULT_MAX_STATES: u64 = 20_000_000;
/// The default depth bound of depth-bounded DFS.
pub const DEFAULT_DFS_DEPTH: u32 = 40;
/// The largest depth bound the page offers for depth-bounded DFS (its control, and a link's `depth=`).
pub const MAX_DFS_DEPTH: u32 = 200;

/// A search's budget: it stops with `Status::Limit` (never a panic or an out-of-memory) when one is hit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    /// The most states the search may hold at once (OPEN plus CLOSED, or the DFS/IDA* path).
    pub max_states: u64,
    /// Wall-clock limit in milliseconds, if any.
    pub time_limit_ms: Option<u64>,
    /// The depth bound of depth-bounded DFS.
    pub max_depth: u32,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_states: DEFAULT_MAX_STATES,
            time_limit_ms: None,
            max_depth: DEFAULT_DFS_DEPTH,
        }
    }
}

/// What the progress hook tells the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Cancel,
}

/// How often (in expansions) a search checks the clock and calls the progress hook.
pub const CHECK_EVERY: u64 = 4096;

/// Everything a search needs besides the puzzle: its budget, a clock, and the progress/cancel hook.
pub struct Control<'a> {
    pub limits: Limits,
    clock: Box<dyn Clock + 'a>,
    progress: Option<ProgressHook<'a>>,
    answer: Option<AnswerHook<'a>>,
    build_progress: Option<BuildHook<'a>>,
    /// An answer already found for this board (see [`Control::with_head_start`]).
    head_start: Option<Moves>,
    /// The clock of a helper thread, if the run may search in one (see [`Control::with_helper_thread`]).
    helper_clock: Option<HelperClock>,
    /// The memory budget in bytes of the search's own estimate, if any (see [`Control::with_max_bytes`]).
    max_bytes: Option<u64>,
    /// Set when [`Control::fit_states_to_memory`] lowered `limits.max_states`, so that hitting it is worded as
    /// the memory limit it stands for.
    states_capped_by_memory: bool,
}

/// Makes a helper thread's clock, in that thread (a thread's CPU clock is its own).
pub type HelperClock = fn() -> Box<dyn Clock>;

/// Called with every answer as it is found: the first, then each shorter one.
pub type AnswerHook<'a> = Box<dyn FnMut(&Report) + 'a>;

/// Called while a search prepares (a pattern database being built) with the fraction done, 0 to 1.
pub type BuildHook<'a> = Box<dyn FnMut(f64) + 'a>;

/// The progress/cancel hook: sees the statistics so far, says whether to go on.
pub type ProgressHook<'a> = Box<dyn FnMut(&Stats) -> Flow + 'a>;

impl<'a> Control<'a> {
    /// A control with the given limits, the platform's default clock and no progress hook.
    pub fn new(limits: Limits) -> Self {
        Control {
            limits,
            clock: clock::default_clock(),
            progress: None,
            answer: None,
            build_progress: None,
            head_start: None,
            helper_clock: None,
            max_bytes: None,
            states_capped_by_memory: false,
        }
    }

    /// Sets a memory budget: the search stops with `Status::Limit`, and a message naming `bytes`, once its own
    /// estimate of the memory it holds (`Stats::peak_memory_bytes`, checked every `CHECK_EVERY` expansions)
    /// passes it. A browser worker, whose memory is finite and never shrinks, budgets in bytes rather than states.
    pub fn with_max_bytes(mut self, bytes: u64) -> Self {
        self.max_bytes = Some(bytes);
        self
    }

    /// The memory budget in bytes, if one was set.
    pub fn max_bytes(&self) -> Option<u64> {
        self.max_bytes
    }

    /// Lowers `limits.max_states` to the states of `state_bytes` each that fit in three quarters of the memory
    /// budget (a quarter is left to the visited set or index), so that a search holding `max_states` states stays
    /// within the budget. Conservative for BFS, which keeps only two layers of states (and two bits for each state
    /// seen). No effect without a memory budget or when `max_states` is lower already.
    pub fn fit_states_to_memory(&mut self, state_bytes: u64) {
        if let Some(bytes) = self.max_bytes {
            let fit = bytes / 4 * 3 / state_bytes.max(1);
            if fit < self.limits.max_states {
                self.limits.max_states = fit;
                self.states_capped_by_memory = true;
            }
        }
    }

    /// Replaces the clock (the web worker supplies `performance.now()`).
    pub fn with_clock(mut self, clock: impl Clock + 'a) -> Self {
        self.clock = Box::new(clock);
        self
    }

    /// Sets the hook called every `CHECK_EVERY` expansions; returning `Flow::Cancel` stops the search.
    pub fn with_progress(mut self, hook: impl FnMut(&Stats) -> Flow + 'a) -> Self {
        self.progress = Some(Box::new(hook));
        self
    }

    /// Sets the hook called with every answer as it is found: the first one, then each shorter one while the
    /// answer is improved (a full `Report`: status `Solved`, the moves, length, lower bound and message). The
    /// report the run returns repeats the last one, its message perhaps saying why improvement stopped.
    pub fn with_answer(mut self, hook: impl FnMut(&Report) + 'a) -> Self {
        self.answer = Some(Box::new(hook));
        self
    }

    /// Hands the run an answer already found for the same board (a first answer shown while tables were built):
    /// a solver that improves its answer starts from it when it is shorter than its own first, so that the run
    /// never ends on an answer longer than one already shown. Others ignore it. It is checked before it is used.
    pub fn with_head_start(mut self, moves: Option<Moves>) -> Self {
        self.head_start = moves;
        self
    }

    /// Lets the run search in a second thread beside this one, on the clock `clock` makes there, for the same
    /// time limit (natively: the CLI; the browser's worker has one thread).
    pub fn with_helper_thread(mut self, clock: HelperClock) -> Self {
        self.helper_clock = Some(clock);
        self
    }

    /// The clock maker of [`Control::with_helper_thread`], if a helper thread is allowed.
    pub fn helper_clock(&self) -> Option<HelperClock> {
        self.helper_clock
    }

    /// The answer handed over by [`Control::with_head_start`], if any.
    pub fn head_start(&self) -> Option<&Moves> {
        self.head_start.as_ref()
    }

    /// Tells the answer hook (if any) about an answer.
    pub fn answer(&mut self, report: &Report) {
        if let Some(hook) = self.answer.as_mut() {
            hook(report);
        }
    }

    /// Sets the hook told how far a preparation step (building a pattern database) has got.
    pub fn with_build_progress(mut self, hook: impl FnMut(f64) + 'a) -> Self {
        self.build_progress = Some(Box::new(hook));
        self
    }

    /// Reports the fraction done of a preparation step.
    pub fn build_progress(&mut self, fraction: f64) {
        if let Some(hook) = self.build_progress.as_mut() {
            hook(fraction);
        }
    }

    /// Milliseconds since this control's clock started.
    pub fn elapsed_ms(&self) -> f64 {
        self.clock.elapsed_ms()
    }

    /// The periodic check: updates the elapsed time, calls the hook, enforces the time limit.
    /// Returns `Some(status, clause)` if the search must stop.
    pub fn checkpoint(&mut self, stats: &mut Stats) -> Option<(Status, Said)> {
        stats.elapsed_ms = self.clock.elapsed_ms();
        if let Some(hook) = self.progress.as_mut() {
            if hook(stats) == Flow::Cancel {
                return Some((Status::Cancelled, Said::Cancelled));
            }
        }
        if let Some(stop) = self.over_memory_limit(stats.peak_memory_bytes) {
            return Some(stop);
        }
        if let Some(ms) = self.limits.time_limit_ms {
            if stats.elapsed_ms >= ms as f64 {
                return Some((Status::Limit, Said::TimeLimit { ms }));
            }
        }
        None
    }

    /// The memory-budget check: `Some` with the limit's clause if `bytes` exceeds the budget set by
    /// [`Control::with_max_bytes`].
    pub fn over_memory_limit(&self, bytes: u64) -> Option<(Status, Said)> {
        let limit = self.max_bytes.filter(|&limit| bytes > limit)?;
        Some((Status::Limit, Said::MemoryLimit { bytes: limit }))
    }

    /// The most states a search may hold (`Limits::max_states`).
    #[inline]
    pub fn max_states(&self) -> u64 {
        self.limits.max_states
    }

    /// The state-budget check: `Some` with the limit's clause if `held` exceeds `max_states`.
    pub fn over_state_limit(&self, held: u64) -> Option<(Status, Said)> {
        if let Some(limit) = self.max_bytes.filter(|_| self.states_capped_by_memory) {
            return (held > self.limits.max_states)
                .then_some((Status::Limit, Said::MemoryLimit { bytes: limit }));
        }
        (held > self.limits.max_states).then_some((
            Status::Limit,
            Said::StateLimit {
                max_states: self.limits.max_states,
            },
        ))
    }
}

/// Keeps a growing search within its byte budget as a bound, not a target: each time the search's memory estimate
/// has changed (a structure grew), it is recorded, and the search must stop if the next growth would pass the
/// budget. Structures that double allocate the new block while the old one is still held, so their next growth
/// briefly needs twice their size on top; one expansion adds far less than a doubling makes room for, so checking
/// once per expansion is enough.
#[derive(Debug, Default)]
pub(crate) struct MemoryWatch {
    held: u64,
}

impl MemoryWatch {
    /// `held`: the estimate now; `growth`: what the next growth may add on top of it.
    #[inline]
    pub(crate) fn check(
        &mut self,
        control: &Control,
        stats: &mut Stats,
        held: u64,
        growth: u64,
    ) -> Option<(Status, Said)> {
        if held == self.held {
            return None;
        }
        self.check_growth(control, stats, held, growth)
    }

    /// For a search that knows what grows next: records `held` and checks `held + growth` (the new blocks about to
    /// be allocated while the old ones are held) whenever `held` changed or something is about to grow.
    #[inline]
    pub(crate) fn check_growth(
        &mut self,
        control: &Control,
        stats: &mut Stats,
        held: u64,
        growth: u64,
    ) -> Option<(Status, Said)> {
        if held == self.held && growth == 0 {
            return None;
        }
        self.held = held;
        stats.memory(held);
        control.over_memory_limit(held + growth)
    }
}

/// What the next growth of structures that double may add: the largest of them, twice (see [`MemoryWatch`]).
pub(crate) fn doubling_growth(parts: &[u64]) -> u64 {
    2 * parts.iter().copied().max().unwrap_or(0)
}

/// Random boards the storage tests compare their two forms on: six 3x3 and six 2x4 (4 wide, 2 high).
#[cfg(test)]
pub(crate) fn sample_boards() -> Vec<crate::sliding::SmallPuzzle> {
    use crate::sliding::{shuffle_solvable, Shape, SmallPuzzle};
    let mut boards = Vec::new();
    for (width, height) in [(3, 3), (4, 2)] {
        let shape = Shape { width, height };
        let goal = shape.default_goal();
        for seed in 0..6 {
            let start = shuffle_solvable(shape, &goal, seed).expect("a board");
            boards.push(SmallPuzzle::new(shape, &start, &goal).expect("a puzzle"));
        }
    }
    boards
}
