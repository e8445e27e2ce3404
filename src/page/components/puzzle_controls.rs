//! Choosing and setting up the puzzle: kind, size (or pegs and disks), set-up or play, editing the goal, Shuffle and
//! Scramble.

use crate::browser::fresh_seed;
use crate::page::i18n::{use_lang, Controls, Lang};
use crate::page::state::setup::{SetupAction, Side, MAX_SCRAMBLE, UI_DISKS};
use crate::page::state::{Action, Mode};
use solver::query::{self, PuzzleKind};
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct PuzzleControlsProps {
    pub kind: PuzzleKind,
    /// Width and height (sliding) or pegs and disks (Hanoi).
    pub dims: (u8, u8),
    pub mode: Mode,
    pub editing: Side,
    pub scramble_moves: u32,
    pub dispatch: Callback<Action>,
}

/// A board's width and height.
type Size = (u8, u8);

/// Every board size: the squares, then the rectangles by area.
fn sizes() -> (Vec<Size>, Vec<Size>) {
    let squares = (query::MIN_SIDE..=query::MAX_SIDE)
        .map(|s| (s, s))
        .collect();
    let mut rectangles: Vec<Size> = (query::MIN_SIDE..=query::MAX_SIDE)
        .flat_map(|w| (query::MIN_SIDE..=query::MAX_SIDE).map(move |h| (w, h)))
        .filter(|(w, h)| w != h)
        .collect();
    rectangles.sort_by_key(|&(w, h)| (u16::from(w) * u16::from(h), h));
    (squares, rectangles)
}

fn select_value(e: &Event) -> String {
    let select: HtmlSelectElement = e.target_unchecked_into();
    select.value()
}

#[component]
pub fn PuzzleControls(props: &PuzzleControlsProps) -> Html {
    let lang = use_lang();
    let d = props.dispatch.clone();
    let on_kind = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Some(kind) = PuzzleKind::from_name(&select_value(&e)) {
                d.emit(Action::lab(SetupAction::SetKind {
                    kind,
                    seed: fresh_seed(),
                }));
            }
        })
    };
    let emit = |action: Action| {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.emit(action.clone()))
    };
    let on_edit_goal = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            d.emit(Action::lab(SetupAction::SetEditing(if input.checked() {
                Side::Goal
            } else {
                Side::Start
            })));
        })
    };
    let on_shuffle = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::lab(SetupAction::Shuffle { seed: fresh_seed() }))
        })
    };
    let on_scramble = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.emit(Action::lab(SetupAction::Scramble { seed: fresh_seed() }))
        })
    };
    let on_scramble_moves = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(k) = input.value().trim().parse::<u32>() {
                d.emit(Action::lab(SetupAction::SetScrambleMoves(k)));
            }
        })
    };

    let dims = size_fields(lang, props.kind, props.dims, &d);
    let play = props.mode == Mode::HandPlay;
    html! {
        <section class="card controls" aria-label={lang.t(Controls::Puzzle)}>
            <h2>{ lang.t(Controls::Puzzle) }</h2>
            <div class="row">
                <label class="field">
                    <span>{ lang.t(Controls::Kind) }</span>
                    <select data-testid="puzzle-kind" onchange={on_kind}>
                        <option value="sliding" selected={props.kind == PuzzleKind::Sliding}>{ lang.t(Controls::SlidingPuzzle) }</option>
                        <option value="hanoi" selected={props.kind == PuzzleKind::Hanoi}>{ lang.t(Controls::TowerOfHanoi) }</option>
                    </select>
                </label>
                { dims }
            </div>
            <div class="row">
                <div class="segmented" role="group" aria-label={lang.t(Controls::Mode)}>
                    <button type="button" data-testid="mode-setup" aria-pressed={(!play).to_string()}
                        class={classes!((!play).then_some("on"))} onclick={emit(Action::SetMode(Mode::Setup))}>
                        { lang.t(Controls::SetUp) }
                    </button>
                    <button type="button" data-testid="mode-play" aria-pressed={play.to_string()}
                        class={classes!(play.then_some("on"))} onclick={emit(Action::SetMode(Mode::HandPlay))}>
                        { lang.t(Controls::HandPlayMode) }
                    </button>
                </div>
                <label class={classes!("switch", play.then_some("disabled"))}>
                    <input type="checkbox" role="switch" data-testid="edit-goal" disabled={play}
                        checked={props.editing == Side::Goal} onchange={on_edit_goal} />
                    <span class="track" aria-hidden="true"><span class="thumb" /></span>
                    <span>{ lang.t(Controls::EditGoal) }</span>
                </label>
            </div>
            <div class="row">
                <button type="button" data-testid="shuffle" disabled={play} onclick={on_shuffle}
                    title={match props.kind {
                        PuzzleKind::Sliding => lang.t(Controls::ShuffleSlidingTitle),
                        PuzzleKind::Hanoi => lang.t(Controls::ShuffleHanoiTitle),
                    }}>{ lang.t(Controls::Shuffle) }</button>
                <div class="joined">
                    <button type="button" data-testid="scramble" disabled={play} onclick={on_scramble}
                        title={lang.t(Controls::ScrambleTitle)}>{ lang.t(Controls::Scramble) }</button>
                    <input type="number" data-testid="scramble-moves" min="1" max={MAX_SCRAMBLE.to_string()}
                        value={props.scramble_moves.to_string()} disabled={play} onchange={on_scramble_moves}
                        aria-label={lang.t(Controls::ScrambleMoves)} />
                    <span class="unit">{ lang.t(Controls::MovesUnit) }</span>
                </div>
            </div>
            <p class="muted small">
                { match (props.mode, props.kind) {
                    (Mode::HandPlay, PuzzleKind::Sliding) =>
                        lang.t(Controls::HelpPlaySliding),
                    (Mode::HandPlay, PuzzleKind::Hanoi) =>
                        lang.t(Controls::HelpPlayHanoi),
                    (Mode::Setup, PuzzleKind::Sliding) =>
                        lang.t(Controls::HelpSetupSliding),
                    (Mode::Setup, PuzzleKind::Hanoi) =>
                        lang.t(Controls::HelpSetupHanoi),
                } }
            </p>
        </section>
    }
}

/// The size fields: a board's size (sliding), or the pegs and disks (Hanoi).
fn size_fields(lang: Lang, kind: PuzzleKind, dims: (u8, u8), d: &Callback<Action>) -> Html {
    let on_size = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            let value = select_value(&e);
            if let Some((w, h)) = value.split_once('x') {
                if let (Ok(width), Ok(height)) = (w.parse(), h.parse()) {
                    d.emit(Action::lab(SetupAction::SetSize {
                        width,
                        height,
                        seed: fresh_seed(),
                    }));
                }
            }
        })
    };
    let on_pegs = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Ok(p) = select_value(&e).parse() {
                d.emit(Action::lab(SetupAction::SetPegs(p)));
            }
        })
    };
    let on_disks = {
        let d = d.clone();
        Callback::from(move |e: Event| {
            if let Ok(n) = select_value(&e).parse() {
                d.emit(Action::lab(SetupAction::SetDisks(n)));
            }
        })
    };
    let (a, b) = dims;
    match kind {
        PuzzleKind::Sliding => {
            let (squares, rectangles) = sizes();
            let option = |(w, h): Size| {
                let value = format!("{w}x{h}");
                let cells = usize::from(w) * usize::from(h);
                html! {
                    <option value={value.clone()} selected={(w, h) == (a, b)}>
                        { lang.fill(Controls::SizeOption, &[&value, &(cells - 1)]) }
                    </option>
                }
            };
            html! {
                <label class="field">
                    <span>{ lang.t(Controls::Size) }</span>
                    <select data-testid="size" onchange={on_size}>
                        <optgroup label={lang.t(Controls::Square)}>{ for squares.into_iter().map(option) }</optgroup>
                        <optgroup label={lang.t(Controls::Rectangle)}>{ for rectangles.into_iter().map(option) }</optgroup>
                    </select>
                </label>
            }
        }
        PuzzleKind::Hanoi => {
            let mut disk_choices: Vec<u8> = UI_DISKS.collect();
            if !disk_choices.contains(&b) {
                disk_choices.push(b);
            }
            html! {
                <>
                    <label class="field">
                        <span>{ lang.t(Controls::Pegs) }</span>
                        <select data-testid="peg-count" onchange={on_pegs}>
                            { for (query::MIN_PEGS..=query::MAX_PEGS).map(|p| html! {
                                <option value={p.to_string()} selected={p == a}>{ p }</option>
                            }) }
                        </select>
                    </label>
                    <label class="field">
                        <span>{ lang.t(Controls::Disks) }</span>
                        <select data-testid="disk-count" onchange={on_disks}>
                            { for disk_choices.into_iter().map(|n| html! {
                                <option value={n.to_string()} selected={n == b}>{ n }</option>
                            }) }
                        </select>
                    </label>
                </>
            }
        }
    }
}
