//! The playback controls (the solution's animation): step back, play/pause, step forward, a scrubber over the moves, and the speed;
//! and, when a shorter solution waits to be shown, a button that shows it.

use crate::page::i18n::{use_lang, Answer};
use crate::page::state::playback::SPEEDS;
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PlaybackBarProps {
    /// Moves played so far and the solution's length; `None` when there is no solution to show.
    pub position: Option<(usize, usize)>,
    pub playing: bool,
    pub speed: u8,
    pub on_toggle: Callback<()>,
    pub on_step_back: Callback<()>,
    pub on_step_forward: Callback<()>,
    pub on_seek: Callback<usize>,
    pub on_speed: Callback<u8>,
    /// The length of a shorter solution that waits until the playback rests at the start or the end.
    #[prop_or_default]
    pub waiting: Option<usize>,
    #[prop_or_default]
    pub on_show_waiting: Callback<()>,
}

#[component]
pub fn PlaybackBar(props: &PlaybackBarProps) -> Html {
    let lang = use_lang();
    let (cursor, len) = props.position.unwrap_or((0, 0));
    let none = props.position.is_none();
    // Both `input` (while dragging) and `change` (scripts, keyboards) carry the new value.
    let on_seek = range_value(&props.on_seek);
    let on_speed = range_value(&props.on_speed);
    let click = |cb: &Callback<()>| {
        let cb = cb.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let (play_label, play_icon) = if props.playing {
        (lang.t(Answer::Pause), Icon::Pause)
    } else if !none && cursor >= len {
        (lang.t(Answer::Replay), Icon::Replay)
    } else {
        (lang.t(Answer::PlaybackPlay), Icon::Play)
    };
    html! {
        <div class="player" data-testid="player" data-step={cursor.to_string()} data-steps={len.to_string()}
            data-playing={props.playing.to_string()}>
            <div class="player-buttons">
                <button type="button" class="icon" data-testid="step-back" title={lang.t(Answer::StepBack)} aria-label={lang.t(Answer::StepBack)}
                    disabled={none || cursor == 0} onclick={click(&props.on_step_back)}>{ icon(Icon::Back) }</button>
                <button type="button" class="icon primary" data-testid="play" title={play_label} aria-label={play_label}
                    aria-pressed={props.playing.to_string()} disabled={none || len == 0}
                    onclick={click(&props.on_toggle)}>{ icon(play_icon) }</button>
                <button type="button" class="icon" data-testid="step-forward" title={lang.t(Answer::StepForward)}
                    aria-label={lang.t(Answer::StepForward)} disabled={none || cursor >= len}
                    onclick={click(&props.on_step_forward)}>{ icon(Icon::Forward) }</button>
                <span class="player-count" aria-live="off">
                    if none { { lang.t(Answer::NoSolutionYet) } } else { { lang.fill(Answer::MoveOf, &[&cursor, &len]) } }
                </span>
            </div>
            <label class="range scrubber">
                <span class="sr-only">{ lang.t(Answer::ScrubberLabel) }</span>
                <input type="range" data-testid="scrubber" min="0" max={len.to_string()} step="1"
                    value={cursor.to_string()} disabled={none} oninput={on_seek.reform(Event::from)}
                    onchange={on_seek} />
            </label>
            <label class="range speed">
                <span>{ lang.t(Answer::Speed) }</span>
                <input type="range" data-testid="speed" min="1" max={SPEEDS.len().to_string()} step="1"
                    value={props.speed.to_string()} oninput={on_speed.reform(Event::from)} onchange={on_speed}
                    aria-label={lang.t(Answer::SpeedLabel)} />
            </label>
            if let Some(moves) = props.waiting {
                <button type="button" class="show-waiting" data-testid="show-waiting"
                    onclick={click(&props.on_show_waiting)}>{ lang.fill(Answer::ShowWaiting, &[&moves]) }</button>
            }
        </div>
    }
}

/// A range input's handler that parses its value and passes it on.
fn range_value<T: std::str::FromStr + 'static>(cb: &Callback<T>) -> Callback<Event> {
    let cb = cb.clone();
    Callback::from(move |e: Event| {
        let input: HtmlInputElement = e.target_unchecked_into();
        if let Ok(value) = input.value().parse::<T>() {
            cb.emit(value);
        }
    })
}

#[derive(Clone, Copy)]
enum Icon {
    Back,
    Play,
    Pause,
    Replay,
    Forward,
}

/// The buttons' icons as inline SVG (icon fonts and symbol glyphs vary between systems).
fn icon(which: Icon) -> Html {
    let path = match which {
        Icon::Back => "M6 5h2v14H6zM20 5v14L9.5 12z",
        Icon::Play => "M7 4.5v15L19.5 12z",
        Icon::Pause => "M6 5h4v14H6zM14 5h4v14h-4z",
        Icon::Replay => "M12 5a7 7 0 1 1-6.93 8h2.02A5 5 0 1 0 12 7v3L7.5 6 12 2z",
        Icon::Forward => "M16 5h2v14h-2zM4 5v14l10.5-7z",
    };
    html! {
        <svg class="svg-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
            <path d={path} fill="currentColor" />
        </svg>
    }
}
