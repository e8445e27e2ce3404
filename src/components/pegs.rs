//! The Tower of Hanoi view: pegs labelled A, B, C..., disks keyed by size, stacked and moved with CSS transforms.
//!
//! In set-up any disk can be dragged to any peg, where it settles in its place by size; in play only a peg's top disk
//! can be dragged, and the drop is a move that must be legal.

use super::Interaction;
use crate::i18n::{use_lang, Msg};
use solver::hanoi::{peg_letter, HanoiMove};
use std::rc::Rc;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

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
    /// Play: move the top disk of one peg onto another.
    pub on_move: Callback<HanoiMove>,
}

#[derive(Debug, Clone, Copy, PartialEq)]
struct Drag {
    disk: u8,
    from: u8,
    pointer: i32,
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    over: Option<u8>,
}

/// The peg column under viewport x, if inside the view.
fn peg_at(view: &Element, x: f64, y: f64, pegs: u8) -> Option<u8> {
    let r = view.get_bounding_client_rect();
    if r.width() <= 0.0
        || x < r.left()
        || x >= r.right()
        || y < r.top() - 40.0
        || y >= r.bottom() + 40.0
    {
        return None;
    }
    let peg = ((x - r.left()) / r.width() * f64::from(pegs)) as u8;
    Some(peg.min(pegs - 1))
}

#[component]
pub fn Pegs(props: &PegsProps) -> Html {
    let lang = use_lang();
    let view_ref = use_node_ref();
    let drag = use_state(|| None::<Drag>);
    // Keyboard moves: Enter or Space on a peg picks up its top disk, on another peg puts it there.
    let picked = use_state(|| None::<u8>);
    let pegs = props.pegs.max(1);
    let disks = props.position.len();
    // Level of each disk on its peg (0 = bottom): larger disks lie below, so count from the largest.
    let mut level = vec![0usize; disks];
    let mut height = vec![0usize; usize::from(pegs)];
    let mut top: Vec<Option<u8>> = vec![None; usize::from(pegs)];
    for disk in (0..disks).rev() {
        let peg = usize::from(props.position[disk]).min(usize::from(pegs) - 1);
        level[disk] = height[peg];
        height[peg] += 1;
        top[peg] = Some(disk as u8);
    }
    let rows = disks.max(5) + 1;

    let on_move = {
        let drag = drag.clone();
        let view_ref = view_ref.clone();
        Callback::from(move |e: PointerEvent| {
            let Some(mut d) = *drag else {
                return;
            };
            if d.pointer != e.pointer_id() {
                return;
            }
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            d.dx = x - d.x0;
            d.dy = y - d.y0;
            d.over = view_ref
                .cast::<Element>()
                .and_then(|v| peg_at(&v, x, y, pegs));
            drag.set(Some(d));
        })
    };
    let on_up = {
        let drag = drag.clone();
        let view_ref = view_ref.clone();
        let interaction = props.interaction;
        let (on_place, on_move) = (props.on_place.clone(), props.on_move.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(d) = *drag else {
                return;
            };
            if d.pointer != e.pointer_id() {
                return;
            }
            drag.set(None);
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            let Some(to) = view_ref
                .cast::<Element>()
                .and_then(|v| peg_at(&v, x, y, pegs))
            else {
                return;
            };
            if to == d.from {
                return;
            }
            match interaction {
                Interaction::Edit => on_place.emit((d.disk, to)),
                Interaction::Play => on_move.emit(HanoiMove { from: d.from, to }),
                Interaction::Locked => {}
            }
        })
    };
    let on_cancel = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.set(None))
    };

    let dragging = *drag;
    let columns = (0..pegs).map(|peg| {
        let over =
            dragging.and_then(|d| d.over) == Some(peg) && dragging.map(|d| d.from) != Some(peg);
        let style = format!("left: calc({peg} * 100% / {pegs}); width: calc(100% / {pegs})");
        let active = props.interaction != Interaction::Locked;
        let is_picked = *picked == Some(peg);
        let onkeydown = {
            let picked = picked.clone();
            let top = top.clone();
            let interaction = props.interaction;
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
                            (Interaction::Play, Some(_)) => on_move.emit(HanoiMove { from, to: peg }),
                            _ => {}
                        }
                    }
                }
            })
        };
        html! {
            <div key={u32::from(peg)} class={classes!("peg", over.then_some("drop-over"), is_picked.then_some("picked"))} {style}
                data-testid={format!("peg-{peg}")} data-peg={peg.to_string()}
                role={active.then_some("button")} tabindex={active.then_some("0")}
                aria-pressed={active.then(|| is_picked.to_string())} {onkeydown}
                aria-label={lang.fill(Msg::PegLabel, &[&peg_letter(peg)])}>
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
            Interaction::Play => top[usize::from(peg)] == Some(d),
            Interaction::Locked => false,
        };
        let dragged = dragging.filter(|g| g.disk == d);
        let offset = dragged.map_or(String::new(), |g| format!(" translate({:.1}px, {:.1}px)", g.dx, g.dy));
        let hue = if disks > 1 { 280.0 * disk as f64 / (disks - 1) as f64 } else { 200.0 };
        let style = format!(
            "width: calc({share:.4} * 100% / {pegs}); height: calc(100% / {rows}); --hue: {hue:.0}; \
             transform: translate({x:.2}%, {y:.0}%){offset}"
        );
        let home = props.goal.get(disk) == Some(&peg);
        let class = classes!(
            "disk",
            movable.then_some("movable"),
            home.then_some("home"),
            dragged.is_some().then_some("dragging"),
        );
        let on_down = {
            let drag = drag.clone();
            let view_ref = view_ref.clone();
            Callback::from(move |e: PointerEvent| {
                if !movable || (e.pointer_type() == "mouse" && e.button() != 0) {
                    return;
                }
                e.prevent_default();
                if let Some(view) = view_ref.cast::<Element>() {
                    let _ = view.set_pointer_capture(e.pointer_id());
                }
                let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
                drag.set(Some(Drag {
                    disk: d,
                    from: peg,
                    pointer: e.pointer_id(),
                    x0: x,
                    y0: y,
                    dx: 0.0,
                    dy: 0.0,
                    over: Some(peg),
                }));
            })
        };
        html! {
            <div key={u32::from(d)} {class} {style} data-testid={format!("disk-{d}")} data-disk={d.to_string()}
                data-peg={peg.to_string()} role="img" aria-label={lang.fill(Msg::DiskLabel, &[&d, &peg_letter(peg)])}
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
        match props.interaction {
            Interaction::Edit => "mode-edit",
            Interaction::Play => "mode-play",
            Interaction::Locked => "mode-locked",
        },
        dragging.is_some().then_some("is-dragging"),
    );
    html! {
        <div ref={view_ref} {class} {style} role="group" aria-label={props.label.clone()} data-testid="pegs"
            data-pegs={pegs.to_string()} data-disks={disks.to_string()} data-state={data_state}
            onpointermove={on_move} onpointerup={on_up} onpointercancel={on_cancel}>
            <div class="peg-columns">{ for columns }</div>
            <div class="disk-stack">{ disk_views }</div>
        </div>
    }
}
