//! What part of the drawing is in view, and what moves it: each step brings its node into view, the drawing is as
//! wide as its card, a drag pans, and the zoom buttons (and keys) zoom within bounds.

use super::layout::{px, TreeLayout, COLUMN, LEVEL};
use crate::page::components::export_menu::ExportImage;
use crate::page::i18n::{Lang, Tree};
use solver::search::trace::Trace;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The drawing's height in pixels; its width is the card's.
pub const HEIGHT: f64 = 340.0;
const MIN_ZOOM: f64 = 0.1;
const MAX_ZOOM: f64 = 3.0;
/// The zoom's step, by button and by key.
pub const ZOOM_STEP: f64 = 1.25;

/// What part of the drawing is in view: its centre (in pixels at zoom 1) and the zoom.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct View {
    pub cx: f64,
    pub cy: f64,
    pub zoom: f64,
}

impl View {
    /// The same centre at `zoom`, kept within the zoom's bounds.
    pub fn with_zoom(self, zoom: f64) -> View {
        View {
            zoom: zoom.clamp(MIN_ZOOM, MAX_ZOOM),
            ..self
        }
    }

    /// The rectangle in view of a drawing `width` pixels wide.
    pub fn window(self, width: f64) -> Window {
        let (w, h) = (width / self.zoom, HEIGHT / self.zoom);
        Window {
            left: self.cx - w / 2.0,
            top: self.cy - h / 2.0,
            w,
            h,
        }
    }
}

/// A rectangle of the drawing, in pixels at zoom 1.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Window {
    left: f64,
    top: f64,
    w: f64,
    h: f64,
}

impl Window {
    /// Whether a node at `(x, y)` is worth drawing: inside, or within a column or a level of the edge, so that one
    /// partly in view and the edges to it are drawn too.
    pub fn shows(&self, (x, y): (f64, f64)) -> bool {
        x >= self.left - COLUMN
            && x <= self.left + self.w + COLUMN
            && y >= self.top - LEVEL
            && y <= self.top + self.h + LEVEL
    }

    /// The SVG's `viewBox` for this rectangle.
    pub fn view_box(&self) -> String {
        format!(
            "{} {} {} {}",
            px(self.left),
            px(self.top),
            px(self.w),
            px(self.h)
        )
    }
}

/// The view, which each step (and each new run) centres on the cursor's node at the zoom it has.
#[hook]
pub fn use_view(
    trace: &Rc<Trace>,
    at: usize,
    focus: Option<u32>,
    places: &Rc<TreeLayout>,
) -> UseStateHandle<View> {
    let view = use_state_eq(|| View {
        cx: 0.0,
        cy: 0.0,
        zoom: 1.0,
    });
    let (follow, places) = (view.clone(), places.clone());
    use_effect_with((at, Rc::as_ptr(trace) as usize), move |_| {
        if let Some(id) = focus {
            let (cx, cy) = places.pixel(id as usize);
            follow.set(View {
                cx,
                // A level below the middle: the ancestors above it stay in view.
                cy: cy - LEVEL,
                zoom: follow.zoom,
            });
        }
    });
    view
}

/// The width of the element `svg_ref` holds, so the drawing is as wide as its card: read when the element's size
/// changes, by a `ResizeObserver`, which the browser calls after its own layout. Reading it after each redraw
/// instead would force a layout of the whole page on every change of the store, the lessons' big drawings with it.
#[hook]
pub fn use_card_width(svg_ref: &NodeRef) -> f64 {
    let width = use_state_eq(|| 640.0f64);
    {
        let (svg_ref, width) = (svg_ref.clone(), width.clone());
        use_effect_with((), move |_| {
            let element = svg_ref.cast::<web_sys::Element>();
            let measure = Closure::<dyn FnMut()>::new(move || {
                if let Some(el) = svg_ref.cast::<web_sys::Element>() {
                    let w = f64::from(el.client_width());
                    if w > 0.0 {
                        width.set(w);
                    }
                }
            });
            // Observing calls it once at once, then at every change of the element's size.
            let observer = web_sys::ResizeObserver::new(measure.as_ref().unchecked_ref()).ok();
            if let (Some(observer), Some(el)) = (&observer, &element) {
                observer.observe(el);
            }
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(measure);
            }
        });
    }
    *width
}

/// The pointer handlers that pan the view by dragging.
pub struct Pan {
    pub down: Callback<PointerEvent>,
    pub moved: Callback<PointerEvent>,
    /// For the pointer going up and for it leaving the drawing: either ends the drag.
    pub up: Callback<PointerEvent>,
}

/// Panning by dragging: the view's centre moves against the pointer, by the pointer's travel at the view's zoom.
#[hook]
pub fn use_pan(view: &UseStateHandle<View>) -> Pan {
    // Where the pointer went down, and the view's centre then; `None` when no drag is on.
    let from = use_mut_ref(|| None::<(f64, f64, f64, f64)>);
    let down = {
        let (from, view) = (from.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            *from.borrow_mut() = Some((
                f64::from(e.client_x()),
                f64::from(e.client_y()),
                view.cx,
                view.cy,
            ));
        })
    };
    let moved = {
        let (from, view) = (from.clone(), view.clone());
        Callback::from(move |e: PointerEvent| {
            let Some((x0, y0, cx, cy)) = *from.borrow() else {
                return;
            };
            if e.buttons() == 0 {
                return;
            }
            let v = *view;
            let (dx, dy) = (f64::from(e.client_x()) - x0, f64::from(e.client_y()) - y0);
            view.set(View {
                cx: cx - dx / v.zoom,
                cy: cy - dy / v.zoom,
                zoom: v.zoom,
            });
        })
    };
    let up = Callback::from(move |_: PointerEvent| *from.borrow_mut() = None);
    Pan { down, moved, up }
}

/// The zoom buttons, the zoom in words, and the export of the drawing.
pub fn zoom_tools(lang: Lang, view: &UseStateHandle<View>) -> Html {
    let zoom_by = |factor: f64| {
        let view = view.clone();
        Callback::from(move |_: MouseEvent| {
            let v = *view;
            view.set(v.with_zoom(v.zoom * factor));
        })
    };
    let zoom = view.zoom;
    html! {
        <div class="tree-tools" role="group" aria-label={lang.t(Tree::Zoom)}>
            <button type="button" data-testid="tree-zoom-in" onclick={zoom_by(ZOOM_STEP)} aria-label={lang.t(Tree::ZoomIn)}>{ "+" }</button>
            <button type="button" data-testid="tree-zoom-out" onclick={zoom_by(1.0 / ZOOM_STEP)} aria-label={lang.t(Tree::ZoomOut)}>{ "−" }</button>
            <button type="button" data-testid="tree-zoom-reset" onclick={zoom_by(1.0 / zoom)}>{ lang.t(Tree::ZoomReset) }</button>
            <span class="muted" data-testid="tree-zoom" data-zoom={format!("{zoom:.2}")}>{ format!("{:.0}%", zoom * 100.0) }</span>
            <ExportImage view="search-tree" label={lang.t(Tree::Title)} />
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_is_the_view_at_its_zoom() {
        let view = View {
            cx: 100.0,
            cy: 50.0,
            zoom: 2.0,
        };
        let window = view.window(400.0);
        assert_eq!(window.view_box(), "0.0 -35.0 200.0 170.0");
        assert!(window.shows((0.0, 0.0)));
        assert!(
            window.shows((200.0 + COLUMN, 0.0)),
            "a column past the edge is drawn"
        );
        assert!(!window.shows((201.0 + COLUMN, 0.0)));
        assert!(!window.shows((100.0, -36.0 - LEVEL)));
        assert_eq!(view.with_zoom(9.0).zoom, MAX_ZOOM);
        assert_eq!(view.with_zoom(0.0).zoom, MIN_ZOOM);
        assert_eq!(view.with_zoom(1.5), View { zoom: 1.5, ..view });
    }
}
