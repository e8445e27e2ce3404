//! The Tower of Hanoi view: pegs labelled A, B, C..., disks keyed by size, stacked and moved with CSS transforms.
//!
//! In set-up any disk can be dragged to any peg, where it settles in its place by size; in play only a peg's top disk
//! can be dragged, and the drop is a move that must be legal.

use super::Interaction;
use crate::page::hooks::drag::{use_drag, Grid};
use crate::page::i18n::{use_lang, Play};
use solver::hanoi::{peg_letter, HanoiMove};
use std::rc::Rc;
use yew::prelude::*;

/// How far (in CSS pixels) above or below the view a drop still lands on the peg in that column.
const DROP_SLACK_PX: f64 = 40.0;

#[derive(Properties, PartialEq)]
pub struct PegsProps {
    pub pegs: u8,
    /// `position[i]` is the peg of disk i, disk 0 the smallest.
    pub position: Rc<[u8]>,
    pub goal: Rc<[u8]>,
    pub interaction: Interaction,
    /// How long one move takes, for the CSS transition.
    pub step_ms: u32,
    pub label: AttrValue,
    /// Set-up: put a disk on a peg.
    pub on_place: Callback<(u8, u8)>,
    /// Hand play: move the top disk of one peg onto another.
    pub on_move: Callback<HanoiMove>,
    /// Hand play: the move the current hint suggests (its disk and target peg highlighted until the next move).
    #[prop_or_default]
    pub hinted: Option<HanoiMove>,
}

#[component]
pub fn Pegs(props: &PegsProps) -> Html {
    let lang = use_lang();
    // A disk (by size) dragged from its peg.
    let drag = use_drag::<u8, u8>();
    // Keyboard moves: Enter or Space on a peg picks up its top disk, on another peg puts it there.
    let picked = use_state(|| None::<u8>);
    let pegs = props.pegs.max(1);
    let disks = props.position.len();
    let (level, top) = stacks(&props.position, pegs);
    let rows = disks.max(5) + 1;

    let grid = Grid {
        cols: usize::from(pegs),
        rows: 1,
        slack_y: DROP_SLACK_PX,
    };
    let listeners = {
        let interaction = props.interaction;
        let (on_place, on_move) = (props.on_place.clone(), props.on_move.clone());
        drag.listeners(grid, move |d, over| {
            let Some(to) = over.filter(|&to| to != d.from) else {
                return;
            };
            match interaction {
                Interaction::Edit => on_place.emit((d.item, to)),
                Interaction::HandPlay => on_move.emit(HanoiMove { from: d.from, to }),
                Interaction::Locked => {}
            }
        })
    };

    let dragging = drag.current();
    let columns = (0..pegs).map(|peg| {
        let over = dragging.and_then(|d| d.target()) == Some(peg);
        let style = format!("left: calc({peg} * 100% / {pegs}); width: calc(100% / {pegs})");
        let active = props.interaction != Interaction::Locked;
        let is_picked = *picked == Some(peg);
        let onkeydown = peg_keys(props, &picked, &top, peg);
        let hint_target = props.hinted.is_some_and(|m| m.to == peg);
        html! {
            <div key={u32::from(peg)} {style}
                class={classes!("peg", over.then_some("drop-over"), is_picked.then_some("picked"), hint_target.then_some("hint-target"))}
                data-hint-target={hint_target.then_some("true")}
                data-testid={format!("peg-{peg}")} data-peg={peg.to_string()}
                role={active.then_some("button")} tabindex={active.then_some("0")}
                aria-pressed={active.then(|| is_picked.to_string())} {onkeydown}
                aria-label={lang.fill(Play::PegLabel, &[&peg_letter(peg)])}>
                <span class="rod" aria-hidden="true" />
                <span class="peg-label">{ peg_letter(peg) }</span>
            </div>
        }
    });
    let disk_views: Html = (0..disks)
        .map(|disk| {
        let peg = props.position[disk].min(pegs - 1);
        let d = disk as u8;
        // Width as a share of a peg's column, from 25% (smallest) to 95% (largest).
        let share = 0.25 + 0.7 * (disk + 1) as f64 / disks as f64;
        // Centre on the peg: translate is in units of the disk's own size.
        let x = ((f64::from(peg) + 0.5) / share - 0.5) * 100.0;
        let y = -(level[disk] as f64) * 100.0;
        let movable = match props.interaction {
            Interaction::Edit => true,
            Interaction::HandPlay => top[usize::from(peg)] == Some(d),
            Interaction::Locked => false,
        };
        let dragged = dragging.filter(|g| g.item == d);
        let offset = dragged.map_or(String::new(), |g| g.offset_css());
        let hue = if disks > 1 { 280.0 * disk as f64 / (disks - 1) as f64 } else { 200.0 };
        let style = format!(
            "width: calc({share:.4} * 100% / {pegs}); height: calc(100% / {rows}); --hue: {hue:.0}; \
             transform: translate({x:.2}%, {y:.0}%){offset}"
        );
        let home = props.goal.get(disk) == Some(&peg);
        // The hinted disk is the top one of the hint's source peg.
        let hinted = props.hinted.is_some_and(|m| m.from == peg && top[usize::from(peg)] == Some(d));
        let class = classes!(
            "disk",
            movable.then_some("movable"),
            home.then_some("home"),
            dragged.is_some().then_some("dragging"),
            hinted.then_some("hinted"),
        );
        let on_down = drag.on_down(d, peg, movable);
        html! {
            <div key={u32::from(d)} {class} {style} data-testid={format!("disk-{d}")} data-disk={d.to_string()}
                data-peg={peg.to_string()} role="img" aria-label={lang.fill(Play::DiskLabel, &[&d, &peg_letter(peg)])}
                data-hinted={hinted.then_some("true")} aria-describedby={hinted.then_some(super::HINT_TEXT_ID)}
                onpointerdown={on_down}>
                <span class="face">{ d }</span>
            </div>
        }
        })
        .collect();
    let data_state = props
        .position
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let style = format!(
        "--pegs: {pegs}; --rows: {rows}; --step-ms: {}ms",
        props.step_ms
    );
    let class = classes!(
        "pegs",
        props.interaction.mode_class(),
        dragging.is_some().then_some("is-dragging"),
    );
    html! {
        <div ref={drag.view()} {class} {style} role="group" aria-label={props.label.clone()} data-testid="pegs"
            data-pegs={pegs.to_string()} data-disks={disks.to_string()} data-state={data_state}
            onpointermove={listeners.on_move} onpointerup={listeners.on_up} onpointercancel={listeners.on_cancel}>
            <div class="peg-columns">{ for columns }</div>
            <div class="disk-stack">{ disk_views }</div>
        </div>
    }
}

/// The level of each disk on its peg (0 = bottom), and each peg's top disk. Larger disks lie below, so the stacks
/// are counted from the largest.
fn stacks(position: &[u8], pegs: u8) -> (Vec<usize>, Vec<Option<u8>>) {
    let mut level = vec![0usize; position.len()];
    let mut height = vec![0usize; usize::from(pegs)];
    let mut top: Vec<Option<u8>> = vec![None; usize::from(pegs)];
    for disk in (0..position.len()).rev() {
        let peg = usize::from(position[disk]).min(usize::from(pegs) - 1);
        level[disk] = height[peg];
        height[peg] += 1;
        top[peg] = Some(disk as u8);
    }
    (level, top)
}

/// Keyboard moves on a peg: Enter or Space picks up its top disk, and on another peg puts it there.
fn peg_keys(
    props: &PegsProps,
    picked: &UseStateHandle<Option<u8>>,
    top: &[Option<u8>],
    peg: u8,
) -> Callback<KeyboardEvent> {
    let picked = picked.clone();
    let top = top.to_vec();
    let interaction = props.interaction;
    let active = interaction != Interaction::Locked;
    let (on_place, on_move) = (props.on_place.clone(), props.on_move.clone());
    Callback::from(move |e: KeyboardEvent| {
        if !active || !matches!(e.key().as_str(), "Enter" | " ") {
            return;
        }
        e.prevent_default();
        match *picked {
            None if top[usize::from(peg)].is_some() => picked.set(Some(peg)),
            None => {}
            Some(from) if from == peg => picked.set(None),
            Some(from) => {
                picked.set(None);
                match (interaction, top[usize::from(from)]) {
                    (Interaction::Edit, Some(disk)) => on_place.emit((disk, peg)),
                    (Interaction::HandPlay, Some(_)) => on_move.emit(HanoiMove { from, to: peg }),
                    _ => {}
                }
            }
        }
    })
}
