//! A puzzle instance's clocks: the playback's tick, and the watchdog that takes a solving worker that says nothing
//! for `SILENCE_MS` for dead. Both follow the instance's state: they start, restart and stop as it changes, and
//! their actions go to the instance they were started for.

use crate::page::state::playback::{speed_timing, PlaybackAction};
use crate::page::state::solve::SILENCE_MS;
use crate::page::state::{Action, PuzzleId, SolveAction};
use gloo::timers::callback::{Interval, Timeout};
use yew::prelude::*;

/// Ticks instance `id`'s playback while it plays, at the speed's interval.
#[hook]
pub fn use_playback_timer(id: PuzzleId, playing: bool, speed: u8, dispatch: Callback<Action>) {
    use_effect_with((id, playing, speed), move |&(id, playing, speed)| {
        let interval = playing.then(|| {
            Interval::new(speed_timing(speed).0, move || {
                dispatch.emit(Action::Puzzle(id, PlaybackAction::Tick.into()))
            })
        });
        move || drop(interval)
    });
}

/// Watches the solve request of instance `id` that the worker is on (`(request id, messages heard)`): silence for
/// `SILENCE_MS` is reported to the instance.
#[hook]
pub fn use_silence_watchdog(id: PuzzleId, watch: Option<(u64, u32)>, dispatch: Callback<Action>) {
    use_effect_with((id, watch), move |&(id, watch)| {
        let timeout = watch.map(|(request, heard)| {
            Timeout::new(SILENCE_MS, move || {
                let silent = SolveAction::Silent { id: request, heard };
                dispatch.emit(Action::Puzzle(id, silent.into()))
            })
        });
        move || drop(timeout)
    });
}
