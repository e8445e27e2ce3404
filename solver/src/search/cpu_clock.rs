//! This thread's CPU time as a clock (Linux): a budget counted in it gives a search the same work whatever else
//! the machine runs, so the native tools' figures taken on a shared machine are what an idle one would give.

use super::clock::Clock;

/// The CPU time this thread has run, in milliseconds, where the system tells it (Linux); `None` elsewhere.
///
/// `CLOCK_THREAD_CPUTIME_ID` rather than `/proc/thread-self/schedstat`: the latter is brought up to date only at
/// the scheduler's ticks, milliseconds apart, too coarse for a first answer that takes a fraction of one.
#[cfg(target_os = "linux")]
pub fn thread_cpu_ms() -> Option<f64> {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid, writable timespec for the call to fill; the call reads nothing else.
    let status = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut now) };
    (status == 0).then(|| now.tv_sec as f64 * 1e3 + now.tv_nsec as f64 / 1e6)
}

/// The CPU time this thread has run: not told on this system.
#[cfg(not(target_os = "linux"))]
pub fn thread_cpu_ms() -> Option<f64> {
    None
}

/// A clock of the CPU time of the thread that reads it, from when it was started. A search reads its clock on
/// its own thread, so a `Control` given this clock counts that search's CPU time.
///
/// ```
/// use solver::search::cpu_clock::ThreadCpuClock;
/// use solver::search::{Control, Limits};
/// // `None` where the system does not tell a thread's CPU time: the caller says so rather than running
/// // with a clock that never advances.
/// if let Some(clock) = ThreadCpuClock::start() {
///     let control = Control::new(Limits::default()).with_clock(clock);
///     assert!(control.elapsed_ms() >= 0.0);
/// }
/// ```
#[derive(Debug, Clone, Copy)]
pub struct ThreadCpuClock {
    start_ms: f64,
}

impl ThreadCpuClock {
    /// A clock at 0 now; `None` if this system does not tell a thread's CPU time.
    pub fn start() -> Option<ThreadCpuClock> {
        thread_cpu_ms().map(|start_ms| ThreadCpuClock { start_ms })
    }
}

impl Clock for ThreadCpuClock {
    fn elapsed_ms(&self) -> f64 {
        // Read once at the start, so it is readable; should a later read fail, the clock stays where it began
        // rather than jumping.
        thread_cpu_ms().map_or(0.0, |now| now - self.start_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_starts_at_zero_and_advances_with_this_threads_work() {
        let Some(clock) = ThreadCpuClock::start() else {
            return;
        };
        let before = clock.elapsed_ms();
        assert!((0.0..50.0).contains(&before), "{before}");
        let mut x = 1u64;
        let started = std::time::Instant::now();
        while started.elapsed().as_millis() < 30 {
            x = std::hint::black_box(x.wrapping_mul(6364136223846793005).wrapping_add(1));
        }
        let after = clock.elapsed_ms();
        assert!(after > before, "{before} then {after}");
    }
}
