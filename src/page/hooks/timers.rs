//! The page's clocks: the playback's tick, and the watchdog that takes a solving worker that says nothing for
//! `SILENCE_MS` for dead. Both follow the state: they start, restart and stop as it changes.

use crate::page::state::playback::{speed_timing, PlaybackAction};
use crate::page::state::solve::SILENCE_MS;
use crate::page::state::{Action, SolveAction};
use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

/// Ticks the playback while it plays, at the speed's interval.
#[hook]
pub fn use_playback_timer(playing: bool, speed: u8, dispatch: Callback<Action>) {
    use_effect_with((playing, speed), move |&(playing, speed)| {
        let interval = playing.then(|| {
            Interval::new(speed_timing(speed).0, move || {
                dispatch.emit(Action::Playback(PlaybackAction::Tick))
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
