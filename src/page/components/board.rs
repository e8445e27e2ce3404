//! The sliding grid: tiles keyed by number and placed with CSS transforms, dragged with pointer capture.
//!
//! In set-up a tile dropped on another cell swaps with it; in play a tap on a tile next to the blank (or a drag onto
//! the blank) slides it. Tiles are never re-created: only their `transform` changes, so moves animate.

use super::Interaction;
use crate::page::hooks::drag::{use_drag, Drag, Grid, UseDrag};
use crate::page::i18n::{use_lang, Lang, Play};
use std::rc::Rc;
use yew::prelude::*;

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
    /// Hand play: slide the tile in this cell.
    pub on_slide: Callback<usize>,
    /// Hand play: the cell whose tile the current hint slides, highlighted until the next move.
    #[prop_or_default]
    pub hinted: Option<usize>,
    /// A lesson's pattern-database groups: each tile's group (indexed by tile, 0 the blank), coloured and marked
    /// with the group's number (drawn by the style sheet, so that a tile's text stays its number alone, as its
    /// accessible name says); `NO_GROUP` for a tile in none.
    #[prop_or_default]
    pub groups: Option<Rc<[u8]>>,
}

/// In [`BoardProps::groups`], a tile that belongs to no group.
pub const NO_GROUP: u8 = u8::MAX;

/// How many group colours the style sheet defines (`.tile.group-0` ...); further groups reuse them, told apart by
/// their numbers.
const GROUP_COLOURS: u8 = 4;

#[component]
pub fn Board(props: &BoardProps) -> Html {
    let lang = use_lang();
    // A tile (by number) dragged from its cell.
    let drag = use_drag::<u8, usize>();
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

    let grid = Grid {
        cols: w,
        rows: h,
        slack_y: 0.0,
    };
    let listeners = {
        let interaction = props.interaction;
        let (on_swap, on_slide) = (props.on_swap.clone(), props.on_slide.clone());
        drag.listeners(grid, move |d, over| match interaction {
            Interaction::Edit => {
                if let Some(target) = over.filter(|&t| t != d.from) {
                    on_swap.emit((d.from, target));
                }
            }
            Interaction::HandPlay => {
                if d.is_tap() || over == Some(blank) {
                    on_slide.emit(d.from);
                }
            }
            Interaction::Locked => {}
        })
    };

    let dragging = drag.current();
    let view = TileView {
        props,
        lang,
        cell_of: &cell_of,
        blank,
        drag: &drag,
        dragging,
        picked: &picked,
    };
    let tiles: Html = (0..n).map(|tile| view.tile(tile as u8)).collect();
    let target = dragging
        .filter(|d| props.interaction == Interaction::Edit && !d.is_tap())
        .and_then(|d| d.target())
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
        props.interaction.mode_class(),
        dragging.is_some().then_some("is-dragging"),
    );
    html! {
        <div ref={drag.view()} {class} {style} role="group" aria-label={props.label.clone()} data-testid="board"
            data-size={format!("{w}x{h}")} data-tiles={data_tiles}
            onpointermove={listeners.on_move} onpointerup={listeners.on_up} onpointercancel={listeners.on_cancel}>
            { for target }
            { tiles }
        </div>
    }
}

/// What a tile's markup reads besides its own number: the board, where every tile stands, the drag under way and
/// the tile picked from the keyboard.
struct TileView<'a> {
    props: &'a BoardProps,
    lang: Lang,
    /// Each tile's cell, indexed by tile.
    cell_of: &'a [usize],
    blank: usize,
    drag: &'a UseDrag<u8, usize>,
    dragging: Option<Drag<u8, usize>>,
    picked: &'a UseStateHandle<Option<usize>>,
}

impl TileView<'_> {
    /// Whether `tile`, in `cell`, may move: any tile in set-up, one beside the blank in hand play.
    fn movable(&self, tile: u8, cell: usize) -> bool {
        let w = usize::from(self.props.width);
        let (r1, c1, r2, c2) = (cell / w, cell % w, self.blank / w, self.blank % w);
        match self.props.interaction {
            Interaction::Edit => true,
            Interaction::HandPlay => tile != 0 && r1.abs_diff(r2) + c1.abs_diff(c2) == 1,
            Interaction::Locked => false,
        }
    }

    /// The group `tile` is coloured by, if it is in one.
    fn group(&self, tile: u8) -> Option<u8> {
        self.props
            .groups
            .as_ref()
            .and_then(|g| g.get(usize::from(tile)).copied())
            .filter(|&g| g != NO_GROUP && tile != 0)
    }

    /// Enter or Space on the tile in `cell`, if `keyable`: in hand play it slides; in set-up it is picked, or swapped
    /// with the tile picked before.
    fn on_key(&self, cell: usize, keyable: bool) -> Callback<KeyboardEvent> {
        let picked = self.picked.clone();
        let interaction = self.props.interaction;
        let (on_swap, on_slide) = (self.props.on_swap.clone(), self.props.on_slide.clone());
        Callback::from(move |e: KeyboardEvent| {
            if !keyable || !matches!(e.key().as_str(), "Enter" | " ") {
                return;
            }
            e.prevent_default();
            match (interaction, *picked) {
                (Interaction::HandPlay, _) => on_slide.emit(cell),
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
    }

    /// `tile` in its cell, placed by its transform (and the drag's offset while dragged).
    fn tile(&self, tile: u8) -> Html {
        let props = self.props;
        let w = usize::from(props.width);
        let cell = self.cell_of[usize::from(tile)];
        let (row, col) = (cell / w, cell % w);
        let home = props.goal.get(cell) == Some(&tile);
        let movable = self.movable(tile, cell);
        let edit = props.interaction == Interaction::Edit;
        let dragged = self.dragging.filter(|d| d.item == tile && edit);
        let offset = dragged.map_or(String::new(), |d| d.offset_css());
        let style = format!(
            "transform: translate({}%, {}%){offset}",
            col * 100,
            row * 100
        );
        let on_down = self.drag.on_down(tile, cell, movable);
        let label = if tile == 0 {
            self.lang.fill(Play::BlankLabel, &[&(row + 1), &(col + 1)])
        } else {
            self.lang
                .fill(Play::TileLabel, &[&tile, &(row + 1), &(col + 1)])
        };
        // Tiles a key can act on are buttons in the tab order; the rest are labelled images.
        let keyable = movable && (edit || tile != 0);
        let is_picked = edit && **self.picked == Some(cell);
        let on_key = self.on_key(cell, keyable);
        let hinted = tile != 0 && props.hinted == Some(cell);
        let group = self.group(tile);
        let class = classes!(
            "tile",
            (tile == 0).then_some("blank"),
            (home && tile != 0).then_some("home"),
            movable.then_some("movable"),
            dragged.is_some().then_some("dragging"),
            is_picked.then_some("picked"),
            hinted.then_some("hinted"),
            group.map(|g| format!("group group-{}", g % GROUP_COLOURS)),
        );
        html! {
            <div key={u32::from(tile)} {class} {style} data-testid={format!("tile-{tile}")} data-tile={tile.to_string()}
                data-group={group.map(|g| g.to_string())}
                data-mark={group.map(|g| (u32::from(g) + 1).to_string())}
                role={if keyable { "button" } else { "img" }} tabindex={keyable.then_some("0")}
                aria-pressed={(keyable && edit).then(|| is_picked.to_string())}
                aria-label={label} onpointerdown={on_down} onkeydown={on_key}
                data-hinted={hinted.then_some("true")} aria-describedby={hinted.then_some(super::HINT_TEXT_ID)}>
                if tile != 0 { <span class="face">{ tile }</span> }
            </div>
        }
    }
}
