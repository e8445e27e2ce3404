//! Pointer dragging shared by the puzzle views: one drag at a time, captured on the view, hit-tested against the
//! view's grid of places (the board's cells, the Hanoi view's peg columns).
//!
//! The view decides what may be dragged and what a drop means (a swap, a slide, a move); this module only follows
//! the pointer from `pointerdown` to `pointerup` or `pointercancel`.

use web_sys::{DomRect, Element, PointerEvent};
use yew::prelude::*;

/// A pointer movement shorter than this (in CSS pixels) is a tap, not a drag.
pub const TAP_SLOP_PX: f64 = 8.0;

/// A thing being dragged (a tile, a disk) from its place (a cell, a peg).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Drag<Item, Place> {
    pub item: Item,
    pub from: Place,
    pointer: i32,
    x0: f64,
    y0: f64,
    /// How far the pointer has moved since it went down, in CSS pixels.
    pub dx: f64,
    pub dy: f64,
    /// The place under the pointer, if on the view.
    pub over: Option<Place>,
}

impl<Item, Place: Copy + PartialEq> Drag<Item, Place> {
    /// Whether the pointer stayed within the tap slop: a tap, not a drag.
    pub fn is_tap(&self) -> bool {
        self.dx.hypot(self.dy) < TAP_SLOP_PX
    }

    /// The place under the pointer when it is not the one the drag started from.
    pub fn target(&self) -> Option<Place> {
        self.over.filter(|&o| o != self.from)
    }

    /// The CSS transform that follows the pointer, appended to the item's own.
    pub fn offset_css(&self) -> String {
        format!(" translate({:.1}px, {:.1}px)", self.dx, self.dy)
    }
}

/// How a view is divided into places: `cols` x `rows` equal cells, numbered row-major from 0. `slack_y` pixels
/// above and below the view still count as its top and bottom rows (a disk dropped just above a peg lands on it).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Grid {
    pub cols: usize,
    pub rows: usize,
    pub slack_y: f64,
}

impl Grid {
    /// The place under the viewport point (x, y) of a view whose box is `(left, top, width, height)`, if any.
    pub fn place_at(
        self,
        (left, top, width, height): (f64, f64, f64, f64),
        x: f64,
        y: f64,
    ) -> Option<usize> {
        if self.cols == 0
            || self.rows == 0
            || width <= 0.0
            || height <= 0.0
            || x < left
            || x >= left + width
            || y < top - self.slack_y
            || y >= top + height + self.slack_y
        {
            return None;
        }
        // Casting saturates: a point in the slack above the view gives row 0, below it the last row.
        let col = (((x - left) / width * self.cols as f64) as usize).min(self.cols - 1);
        let row = (((y - top) / height * self.rows as f64) as usize).min(self.rows - 1);
        Some(row * self.cols + col)
    }

    /// The place under the viewport point (x, y) of `view`, as the view numbers its places.
    fn hit<Place: TryFrom<usize>>(self, view: &NodeRef, x: f64, y: f64) -> Option<Place> {
        let rect: DomRect = view.cast::<Element>()?.get_bounding_client_rect();
        let place = self.place_at((rect.left(), rect.top(), rect.width(), rect.height()), x, y)?;
        Place::try_from(place).ok()
    }
}

/// The pointer handlers a view puts on its outer element (which holds the capture).
pub struct DragListeners {
    pub on_move: Callback<PointerEvent>,
    pub on_up: Callback<PointerEvent>,
    pub on_cancel: Callback<PointerEvent>,
}

/// The current drag of a view and the view's element; see [`use_drag`].
pub struct UseDrag<Item: 'static, Place: 'static> {
    view: NodeRef,
    drag: UseStateHandle<Option<Drag<Item, Place>>>,
}

/// A view's drag state: put [`UseDrag::view`] on the view's outer element with the [`UseDrag::listeners`], and
/// [`UseDrag::on_down`] on each draggable item.
#[hook]
pub fn use_drag<Item, Place>() -> UseDrag<Item, Place>
where
    Item: Copy + 'static,
    Place: Copy + PartialEq + 'static,
{
    UseDrag {
        view: use_node_ref(),
        drag: use_state(|| None),
    }
}

fn client_point(e: &PointerEvent) -> (f64, f64) {
    (f64::from(e.client_x()), f64::from(e.client_y()))
}

impl<Item, Place> UseDrag<Item, Place>
where
    Item: Copy + 'static,
    Place: Copy + PartialEq + TryFrom<usize> + 'static,
{
    /// The view's element, which captures the pointer during a drag.
    pub fn view(&self) -> NodeRef {
        self.view.clone()
    }

    /// The drag under way, if any.
    pub fn current(&self) -> Option<Drag<Item, Place>> {
        *self.drag
    }

    /// The `pointerdown` handler of an item at `from`: unless it is not `movable` (or the press is not the main
    /// mouse button), starts a drag and captures the pointer on the view, so the view's handlers see the whole drag
    /// wherever the pointer goes.
    pub fn on_down(&self, item: Item, from: Place, movable: bool) -> Callback<PointerEvent> {
        let (drag, view) = (self.drag.clone(), self.view.clone());
        Callback::from(move |e: PointerEvent| {
            if !movable || (e.pointer_type() == "mouse" && e.button() != 0) {
                return;
            }
            e.prevent_default();
            if let Some(view) = view.cast::<Element>() {
                let _ = view.set_pointer_capture(e.pointer_id());
            }
            let (x0, y0) = client_point(&e);
            drag.set(Some(Drag {
                item,
                from,
                pointer: e.pointer_id(),
                x0,
                y0,
                dx: 0.0,
                dy: 0.0,
                over: Some(from),
            }));
        })
    }

    /// The view's handlers: a move follows the pointer over `grid`; a release ends the drag and calls `on_drop` with
    /// the drag and the place under the release point; a cancel ends it with no drop.
    pub fn listeners(
        &self,
        grid: Grid,
        on_drop: impl Fn(Drag<Item, Place>, Option<Place>) + 'static,
    ) -> DragListeners {
        let on_move = {
            let (drag, view) = (self.drag.clone(), self.view.clone());
            Callback::from(move |e: PointerEvent| {
                let Some(mut d) = *drag else {
                    return;
                };
                if d.pointer != e.pointer_id() {
                    return;
                }
                let (x, y) = client_point(&e);
                d.dx = x - d.x0;
                d.dy = y - d.y0;
                d.over = grid.hit(&view, x, y);
                drag.set(Some(d));
            })
        };
        let on_up = {
            let (drag, view) = (self.drag.clone(), self.view.clone());
            Callback::from(move |e: PointerEvent| {
                let Some(d) = *drag else {
                    return;
                };
                if d.pointer != e.pointer_id() {
                    return;
                }
                drag.set(None);
                let (x, y) = client_point(&e);
                on_drop(d, grid.hit(&view, x, y));
            })
        };
        let on_cancel = {
            let drag = self.drag.clone();
            Callback::from(move |_: PointerEvent| drag.set(None))
        };
        DragListeners {
            on_move,
            on_up,
            on_cancel,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A view's box: left 100, top 50, 300 x 300 pixels.
    const BOX: (f64, f64, f64, f64) = (100.0, 50.0, 300.0, 300.0);
    /// A 3x3 board.
    const BOARD: Grid = Grid {
        cols: 3,
        rows: 3,
        slack_y: 0.0,
    };

    fn drag(dx: f64, dy: f64, over: Option<usize>) -> Drag<u8, usize> {
        Drag {
            item: 5,
            from: 4,
            pointer: 1,
            x0: 0.0,
            y0: 0.0,
            dx,
            dy,
            over,
        }
    }

    #[test]
    fn a_board_grid_numbers_its_cells_row_major() {
        assert_eq!(BOARD.place_at(BOX, 100.0, 50.0), Some(0));
        assert_eq!(BOARD.place_at(BOX, 250.0, 200.0), Some(4));
        assert_eq!(BOARD.place_at(BOX, 399.9, 349.9), Some(8));
        assert_eq!(BOARD.place_at(BOX, 399.9, 50.0), Some(2));
    }

    #[test]
    fn points_off_the_view_hit_nothing() {
        assert_eq!(BOARD.place_at(BOX, 99.9, 200.0), None);
        assert_eq!(BOARD.place_at(BOX, 400.0, 200.0), None);
        assert_eq!(BOARD.place_at(BOX, 200.0, 49.9), None);
        assert_eq!(BOARD.place_at(BOX, 200.0, 350.0), None);
        // A view not laid out (hidden) has no places.
        assert_eq!(BOARD.place_at((0.0, 0.0, 0.0, 0.0), 0.0, 0.0), None);
    }

    #[test]
    fn the_slack_above_and_below_a_column_still_counts() {
        let pegs = Grid {
            cols: 4,
            rows: 1,
            slack_y: 40.0,
        };
        assert_eq!(pegs.place_at(BOX, 110.0, 15.0), Some(0));
        assert_eq!(pegs.place_at(BOX, 390.0, 385.0), Some(3));
        assert_eq!(pegs.place_at(BOX, 390.0, 9.9), None);
        assert_eq!(pegs.place_at(BOX, 390.0, 390.0), None);
    }

    #[test]
    fn a_short_movement_is_a_tap_and_the_start_is_no_target() {
        assert!(drag(3.0, 4.0, Some(4)).is_tap());
        assert!(!drag(6.0, 6.0, Some(4)).is_tap());
        assert_eq!(drag(30.0, 0.0, Some(4)).target(), None);
        assert_eq!(drag(30.0, 0.0, Some(5)).target(), Some(5));
        assert_eq!(drag(30.0, 0.0, None).target(), None);
        assert_eq!(
            drag(1.26, -2.0, None).offset_css(),
            " translate(1.3px, -2.0px)"
        );
    }
}
