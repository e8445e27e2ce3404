//! The page's clocks: the playback's tick, and the watchdog that takes a solving worker that says nothing for
//! `SILENCE_MS` for dead. Both follow the state: they start, restart and stop as it changes. And the requests for
//! a garbage collection as the page renders.

use crate::page::state::playback::{speed_timing, PlaybackAction};
use crate::page::state::solve::SILENCE_MS;
use crate::page::state::{Action, SolveAction};
use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

/// Renders of the page between two requests for a garbage collection. Every render leaves garbage in the page's
/// Blink heap (a playback step ~0.1 MiB; the progress lines of a search or a build, 20 a second, less each), which
/// Chromium otherwise collects only tens of seconds later, and the heap keeps the pages it grew to: a build of the
/// 5x5 tables beside a playback grew it to ~20 MiB, still held after the tab was closed.
pub const COLLECT_EVERY_RENDERS: u32 = 32;

/// Asks for a garbage collection ([`crate::browser::collect_garbage_soon`]) after every `COLLECT_EVERY_RENDERS`
/// renders of the component that calls it (the page's root, which renders on every change of the state): while the
/// playback plays, a search reports its progress or the tables build; never while nothing changes.
#[hook]
pub fn use_collection_between_renders() {
    let renders = use_mut_ref(|| 0u32);
    use_effect(move || {
        let mut count = renders.borrow_mut();
        *count += 1;
        if count.is_multiple_of(COLLECT_EVERY_RENDERS) {
            crate::browser::collect_garbage_soon();
        }
    });
}

/// Ticks the playback while it plays, at the speed's interval.
#[hook]
pub fn use_playback_timer(playing: bool, speed: u8, dispatch: Callback<Action>) {
    use_effect_with((playing, speed), move |&(playing, speed)| {
        let interval = playing.then(|| {
            Interval::new(speed_timing(speed).0, move || {
                dispatch.emit(Action::Playback(PlaybackAction::Tick));
            })
        });
        move || drop(interval)
    });
}

/// Watches the solve request the worker is on (`(id, messages heard)`): silence for `SILENCE_MS` is reported.
#[hook]
pub fn use_silence_watchdog(watch: Option<(u64, u32)>, dispatch: Callback<Action>) {
    use_effect_with(watch, move |watch| {
        let timeout = watch.map(|(id, heard)| {
            Timeout::new(SILENCE_MS, move || {
                dispatch.emit(Action::Solve(SolveAction::Silent { id, heard }))
            })
        });
        move || drop(timeout)
    });
}
