//! The sliding grid: tiles keyed by number and placed with CSS transforms, dragged with pointer capture.
//!
//! In set-up a tile dropped on another cell swaps with it; in play a tap on a tile next to the blank (or a drag onto
//! the blank) slides it. Tiles are never re-created: only their `transform` changes, so moves animate.

use super::Interaction;
use crate::i18n::{use_lang, Msg};
use std::rc::Rc;
use web_sys::{Element, PointerEvent};
use yew::prelude::*;

/// A pointer movement shorter than this (in CSS pixels) is a tap, not a drag.
const TAP_SLOP_PX: f64 = 8.0;

#[derive(Properties, PartialEq)]
pub struct BoardProps {
    pub width: u8,
    pub height: u8,
    /// Row-major, 0 the blank.
    pub tiles: Rc<[u8]>,
    /// The goal, to mark tiles already home.
    pub goal: Rc<[u8]>,
    pub interaction: Interaction,
    /// How long one slide takes, for the CSS transition.
    pub step_ms: u32,
    /// What the board shows, for screen readers ("Start position", ...).
    pub label: AttrValue,
    /// Set-up: swap the contents of two cells.
    pub on_swap: Callback<(usize, usize)>,
    /// Play: slide the tile in this cell.
    pub on_slide: Callback<usize>,
}

/// A tile being dragged.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Drag {
    tile: u8,
    from: usize,
    pointer: i32,
    x0: f64,
    y0: f64,
    dx: f64,
    dy: f64,
    /// The cell under the pointer, if on the board.
    over: Option<usize>,
}

impl Drag {
    fn is_tap(&self) -> bool {
        self.dx.hypot(self.dy) < TAP_SLOP_PX
    }
}

/// The cell of a `width` x `height` board under the point (x, y) of the viewport, if any.
fn cell_at(board: &Element, x: f64, y: f64, width: u8, height: u8) -> Option<usize> {
    let r = board.get_bounding_client_rect();
    if r.width() <= 0.0
        || r.height() <= 0.0
        || x < r.left()
        || y < r.top()
        || x >= r.right()
        || y >= r.bottom()
    {
        return None;
    }
    let (w, h) = (usize::from(width), usize::from(height));
    let col = (((x - r.left()) / r.width() * w as f64) as usize).min(w - 1);
    let row = (((y - r.top()) / r.height() * h as f64) as usize).min(h - 1);
    Some(row * w + col)
}

#[component]
pub fn Board(props: &BoardProps) -> Html {
    let lang = use_lang();
    let board_ref = use_node_ref();
    let drag = use_state(|| None::<Drag>);
    // Keyboard set-up: Enter or Space on a tile picks it, on another tile swaps the two.
    let picked = use_state(|| None::<usize>);
    let (w, h) = (usize::from(props.width), usize::from(props.height));
    let n = props.tiles.len();
    let mut cell_of = vec![0usize; n];
    for (cell, &tile) in props.tiles.iter().enumerate() {
        if let Some(slot) = cell_of.get_mut(usize::from(tile)) {
            *slot = cell;
        }
    }
    let blank = cell_of.first().copied().unwrap_or(0);
    let adjacent = |cell: usize| {
        let (r1, c1, r2, c2) = (cell / w, cell % w, blank / w, blank % w);
        r1.abs_diff(r2) + c1.abs_diff(c2) == 1
    };

    let on_move = {
        let drag = drag.clone();
        let board_ref = board_ref.clone();
        let (width, height) = (props.width, props.height);
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
            d.over = board_ref
                .cast::<Element>()
                .and_then(|b| cell_at(&b, x, y, width, height));
            drag.set(Some(d));
        })
    };
    let on_up = {
        let drag = drag.clone();
        let board_ref = board_ref.clone();
        let (width, height, interaction) = (props.width, props.height, props.interaction);
        let (on_swap, on_slide) = (props.on_swap.clone(), props.on_slide.clone());
        Callback::from(move |e: PointerEvent| {
            let Some(d) = *drag else {
                return;
            };
            if d.pointer != e.pointer_id() {
                return;
            }
            drag.set(None);
            let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
            let over = board_ref
                .cast::<Element>()
                .and_then(|b| cell_at(&b, x, y, width, height));
            match interaction {
                Interaction::Edit => {
                    if let Some(target) = over.filter(|&t| t != d.from) {
                        on_swap.emit((d.from, target));
                    }
                }
                Interaction::Play => {
                    if d.is_tap() || over == Some(blank) {
                        on_slide.emit(d.from);
                    }
                }
                Interaction::Locked => {}
            }
        })
    };
    let on_cancel = {
        let drag = drag.clone();
        Callback::from(move |_: PointerEvent| drag.set(None))
    };

    let dragging = *drag;
    let tiles: Html = (0..n)
        .map(|tile| {
        let cell = cell_of[tile];
        let (row, col) = (cell / w, cell % w);
        let tile = tile as u8;
        let home = props.goal.get(cell) == Some(&tile);
        let movable = match props.interaction {
            Interaction::Edit => true,
            Interaction::Play => tile != 0 && adjacent(cell),
            Interaction::Locked => false,
        };
        let dragged = dragging.filter(|d| d.tile == tile && props.interaction == Interaction::Edit);
        let offset = dragged.map_or(String::new(), |d| format!(" translate({:.1}px, {:.1}px)", d.dx, d.dy));
        let style = format!("transform: translate({}%, {}%){offset}", col * 100, row * 100);
        let class = classes!(
            "tile",
            (tile == 0).then_some("blank"),
            (home && tile != 0).then_some("home"),
            movable.then_some("movable"),
            dragged.is_some().then_some("dragging"),
        );
        let on_down = {
            let drag = drag.clone();
            let board_ref = board_ref.clone();
            let interaction = props.interaction;
            Callback::from(move |e: PointerEvent| {
                if !movable || interaction == Interaction::Locked || (e.pointer_type() == "mouse" && e.button() != 0) {
                    return;
                }
                e.prevent_default();
                if let Some(board) = board_ref.cast::<Element>() {
                    // Capture on the board: its handlers then see the whole drag, wherever the pointer goes.
                    let _ = board.set_pointer_capture(e.pointer_id());
                }
                let (x, y) = (f64::from(e.client_x()), f64::from(e.client_y()));
                drag.set(Some(Drag {
                    tile,
                    from: cell,
                    pointer: e.pointer_id(),
                    x0: x,
                    y0: y,
                    dx: 0.0,
                    dy: 0.0,
                    over: Some(cell),
                }));
            })
        };
        let label = if tile == 0 {
            lang.fill(Msg::BlankLabel, &[&(row + 1), &(col + 1)])
        } else {
            lang.fill(Msg::TileLabel, &[&tile, &(row + 1), &(col + 1)])
        };
        // Tiles a key can act on are buttons in the tab order; the rest are labelled images.
        let keyable = movable && (props.interaction == Interaction::Edit || tile != 0);
        let is_picked = props.interaction == Interaction::Edit && *picked == Some(cell);
        let on_key = {
            let picked = picked.clone();
            let interaction = props.interaction;
            let (on_swap, on_slide) = (props.on_swap.clone(), props.on_slide.clone());
            Callback::from(move |e: KeyboardEvent| {
                if !keyable || !matches!(e.key().as_str(), "Enter" | " ") {
                    return;
                }
                e.prevent_default();
                match (interaction, *picked) {
                    (Interaction::Play, _) => on_slide.emit(cell),
                    (Interaction::Edit, None) => picked.set(Some(cell)),
                    (Interaction::Edit, Some(from)) => {
                        picked.set(None);
                        if from != cell {
                            on_swap.emit((from, cell));
                        }
                    }
                    (Interaction::Locked, _) => {}
                }
            })
        };
        let class = classes!(class, is_picked.then_some("picked"));
        html! {
            <div key={u32::from(tile)} {class} {style} data-testid={format!("tile-{tile}")} data-tile={tile.to_string()}
                role={if keyable { "button" } else { "img" }} tabindex={keyable.then_some("0")}
                aria-pressed={(keyable && props.interaction == Interaction::Edit).then(|| is_picked.to_string())}
                aria-label={label} onpointerdown={on_down} onkeydown={on_key}>
                if tile != 0 { <span class="face">{ tile }</span> }
            </div>
        }
        })
        .collect();
    let target = dragging
        .filter(|d| props.interaction == Interaction::Edit && !d.is_tap())
        .and_then(|d| d.over.filter(|&o| o != d.from))
        .map(|cell| {
            let style = format!(
                "transform: translate({}%, {}%)",
                (cell % w) * 100,
                (cell / w) * 100
            );
            html! { <div key="drop-target" class="drop-target" {style} aria-hidden="true" /> }
        });
    let data_tiles = props
        .tiles
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let style = format!("--w: {w}; --h: {h}; --step-ms: {}ms", props.step_ms);
    let class = classes!(
        "board",
        match props.interaction {
            Interaction::Edit => "mode-edit",
            Interaction::Play => "mode-play",
            Interaction::Locked => "mode-locked",
        },
        dragging.is_some().then_some("is-dragging"),
    );
    html! {
        <div ref={board_ref} {class} {style} role="group" aria-label={props.label.clone()} data-testid="board"
            data-size={format!("{w}x{h}")} data-tiles={data_tiles}
            onpointermove={on_move} onpointerup={on_up} onpointercancel={on_cancel}>
            { for target }
            { tiles }
        </div>
    }
}
