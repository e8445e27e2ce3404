//! A clock that works everywhere: `std::time::Instant` natively, and on wasm32 whatever the host supplies.

/// Milliseconds since the clock started.
pub trait Clock {
    fn elapsed_ms(&self) -> f64;
}

/// A boxed clock is a clock (a helper thread's is made as a box, see `Control::with_helper_thread`).
impl<C: Clock + ?Sized> Clock for Box<C> {
    fn elapsed_ms(&self) -> f64 {
        (**self).elapsed_ms()
    }
}

/// A clock from any function returning milliseconds (for example `performance.now()` in a worker).
pub struct FnClock<F: Fn() -> f64> {
    now: F,
    start: f64,
}

impl<F: Fn() -> f64> FnClock<F> {
    pub fn new(now: F) -> Self {
        let start = now();
        FnClock { now, start }
    }
}

impl<F: Fn() -> f64> Clock for FnClock<F> {
    fn elapsed_ms(&self) -> f64 {
        (self.now)() - self.start
    }
}

/// The native clock.
#[cfg(not(target_arch = "wasm32"))]
pub struct InstantClock(std::time::Instant);

#[cfg(not(target_arch = "wasm32"))]
impl Clock for InstantClock {
    fn elapsed_ms(&self) -> f64 {
        self.0.elapsed().as_secs_f64() * 1000.0
    }
}

/// A new wall clock, natively (a helper thread's, see `Control::with_helper_thread`).
#[cfg(not(target_arch = "wasm32"))]
pub fn wall_clock() -> Box<dyn Clock> {
    Box::new(InstantClock(std::time::Instant::now()))
}

/// A clock that never advances: the wasm32 default, since `Instant::now` panics there.
/// The web worker replaces it with `performance.now()`.
pub struct StoppedClock;

impl Clock for StoppedClock {
    fn elapsed_ms(&self) -> f64 {
        0.0
    }
}

pub(crate) fn default_clock<'a>() -> Box<dyn Clock + 'a> {
    #[cfg(not(target_arch = "wasm32"))]
    {
        Box::new(InstantClock(std::time::Instant::now()))
    }
    #[cfg(target_arch = "wasm32")]
    {
        Box::new(StoppedClock)
    }
}
