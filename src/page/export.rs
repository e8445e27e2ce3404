//! Downloads from the page: text files (the run's JSON and CSV, the compare table's CSV) and pictures of the views
//! as SVG or PNG.
//!
//! A picture is taken from a view's `<svg>`, found by `data-testid` (the `<svg>` itself, or the first one inside the
//! element with that id). The copy is made standalone: the computed styles its drawing needs are written inline
//! (the page's CSS and its colour variables do not travel with a file), it gets a background and a size in pixels.
//! PNG draws that SVG into a canvas at twice its size. Views drawn as HTML (the board, the pegs) pass their own
//! markup instead (`export_svg::position_svg`).
//!
//! Adding export to a view is one line in its component, beside its `<svg data-testid="my-view">`:
//!
//! ```ignore
//! <ExportImage view="my-view" label={lang.t(MyPanel::ViewTitle)} />
//! ```
//!
//! (`components::export_menu::ExportImage`): it draws an SVG and a PNG button (`data-testid="export-svg-my-view"`,
//! `"export-png-my-view"`) that download `puzzle-lab_<puzzle>_<algorithm>_my-view.svg` / `.png`, the name's start
//! coming from the page's [`ExportContext`].

use crate::browser::js_text;
use js_sys::{Array, Promise};
use std::rc::Rc;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Blob, BlobPropertyBag, CanvasRenderingContext2d, Document, Element, HtmlAnchorElement,
    HtmlCanvasElement, HtmlImageElement, Url,
};
use yew::Callback;

/// What every export button needs from the page: the start of the file names (the puzzle and the algorithm), and
/// where to report a failure (the message line).
#[derive(Clone, PartialEq)]
pub struct ExportContext {
    pub stem: Rc<str>,
    pub on_error: Callback<String>,
}

/// A picture's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageFormat {
    Svg,
    Png,
}

impl ImageFormat {
    pub fn extension(self) -> &'static str {
        match self {
            ImageFormat::Svg => "svg",
            ImageFormat::Png => "png",
        }
    }
}

/// The computed properties a standalone SVG needs to look as it does on the page.
const INLINED: [&str; 16] = [
    "fill",
    "fill-opacity",
    "stroke",
    "stroke-width",
    "stroke-opacity",
    "stroke-dasharray",
    "stroke-linecap",
    "stroke-linejoin",
    "opacity",
    "font-family",
    "font-size",
    "font-weight",
    "text-anchor",
    "dominant-baseline",
    "visibility",
    "display",
];
/// How much larger than on screen a PNG is drawn (sharp on high-density screens and in print).
const PNG_SCALE: f64 = 2.0;
/// How long a download's object URL lives (the browser has started the download long before).
const REVOKE_AFTER_MS: u32 = 30_000;

/// Downloads `text` as a file named `name` of type `mime`.
pub fn download_text(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = Array::of1(&JsValue::from_str(text));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob =
        Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| js_text(&e))?;
    download_blob(name, &blob)
}

/// Downloads a picture: the view `view`'s `<svg>` (or `markup`, an SVG document drawn from the state, for views
/// that are not SVG on the page) as SVG or PNG, named `name` (the extension is added).
pub async fn download_image(
    view: &str,
    markup: Option<String>,
    format: ImageFormat,
    name: &str,
) -> Result<(), String> {
    let (svg, width, height) = match markup {
        Some(markup) => {
            let (w, h) = markup_size(&markup).ok_or("the picture has no size")?;
            (markup, w, h)
        }
        None => standalone_svg(view)?,
    };
    let file = format!("{name}.{}", format.extension());
    let svg_blob = svg_blob(&svg)?;
    match format {
        ImageFormat::Svg => download_blob(&file, &svg_blob),
        ImageFormat::Png => {
            let png = png_blob(&svg_blob, width, height).await?;
            download_blob(&file, &png)
        }
    }
}

/// The view's `<svg>` as a standalone document, and its size in CSS pixels.
fn standalone_svg(view: &str) -> Result<(String, f64, f64), String> {
    let document = document()?;
    let holder = document
        .query_selector(&format!("[data-testid=\"{view}\"]"))
        .ok()
        .flatten()
        .ok_or_else(|| format!("the view '{view}' is not on the page"))?;
    let svg = if holder.tag_name().eq_ignore_ascii_case("svg") {
        holder
    } else {
        holder
            .query_selector("svg")
            .ok()
            .flatten()
            .ok_or_else(|| format!("the view '{view}' holds no picture"))?
    };
    let rect = svg.get_bounding_client_rect();
    let (width, height) = (
        rect.width().round().max(1.0),
        rect.height().round().max(1.0),
    );
    let copy: Element = svg
        .clone_node_with_deep(true)
        .map_err(|e| js_text(&e))?
        .dyn_into()
        .map_err(|_| "the picture could not be copied".to_string())?;
    inline_styles(&svg, &copy)?;
    let originals = svg.query_selector_all("*").map_err(|e| js_text(&e))?;
    let copies = copy.query_selector_all("*").map_err(|e| js_text(&e))?;
    for i in 0..originals.length().min(copies.length()) {
        let pair = (originals.item(i), copies.item(i));
        if let (Some(original), Some(copied)) = pair {
            if let (Ok(original), Ok(copied)) =
                (original.dyn_into::<Element>(), copied.dyn_into::<Element>())
            {
                inline_styles(&original, &copied)?;
            }
        }
    }
    let set = |name: &str, value: &str| copy.set_attribute(name, value).map_err(|e| js_text(&e));
    set("xmlns", "http://www.w3.org/2000/svg")?;
    set("width", &width.to_string())?;
    set("height", &height.to_string())?;
    // The card's colour behind the drawing: a file viewer's own background may be anything.
    let background = card_colour(&document);
    let style = copy.get_attribute("style").unwrap_or_default();
    set("style", &format!("{style}; background: {background}"))?;
    let back = document
        .create_element_ns(Some("http://www.w3.org/2000/svg"), "rect")
        .map_err(|e| js_text(&e))?;
    let (x, y, w, h) = view_box(&copy).unwrap_or((0.0, 0.0, width, height));
    for (name, value) in [("x", x), ("y", y), ("width", w), ("height", h)] {
        back.set_attribute(name, &value.to_string())
            .map_err(|e| js_text(&e))?;
    }
    back.set_attribute("fill", &background)
        .map_err(|e| js_text(&e))?;
    copy.insert_before(&back, copy.first_child().as_ref())
        .map_err(|e| js_text(&e))?;
    let text = web_sys::XmlSerializer::new()
        .and_then(|s| s.serialize_to_string(&copy))
        .map_err(|e| js_text(&e))?;
    Ok((text, width, height))
}

/// Writes `original`'s computed values of the [`INLINED`] properties into `copy`'s `style`.
fn inline_styles(original: &Element, copy: &Element) -> Result<(), String> {
    let window = web_sys::window().ok_or("no browser window")?;
    let Ok(Some(computed)) = window.get_computed_style(original) else {
        return Ok(());
    };
    let mut style = String::new();
    for name in INLINED {
        if let Ok(value) = computed.get_property_value(name) {
            if !value.is_empty() {
                style.push_str(&format!("{name}: {value}; "));
            }
        }
    }
    copy.set_attribute("style", style.trim_end())
        .map_err(|e| js_text(&e))
}

/// The page's card colour (`--card`), in which the views are drawn.
fn card_colour(document: &Document) -> String {
    document
        .query_selector(".card")
        .ok()
        .flatten()
        .and_then(|card| {
            web_sys::window()?
                .get_computed_style(&card)
                .ok()
                .flatten()?
                .get_property_value("background-color")
                .ok()
        })
        .filter(|c| !c.is_empty() && c != "rgba(0, 0, 0, 0)")
        .unwrap_or_else(|| "#ffffff".to_string())
}

/// An SVG element's `viewBox`, if it has a valid one.
fn view_box(svg: &Element) -> Option<(f64, f64, f64, f64)> {
    let text = svg.get_attribute("viewBox")?;
    let numbers: Vec<f64> = text
        .split([' ', ','])
        .filter(|s| !s.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    match numbers[..] {
        [x, y, w, h] if w > 0.0 && h > 0.0 => Some((x, y, w, h)),
        _ => None,
    }
}

/// The `width` and `height` of an SVG document's opening tag (as `export_svg` writes them).
fn markup_size(markup: &str) -> Option<(f64, f64)> {
    let head = markup.split('>').next()?;
    let read = |name: &str| -> Option<f64> {
        head.split(&format!(" {name}=\""))
            .nth(1)?
            .split('"')
            .next()?
            .parse()
            .ok()
    };
    Some((read("width")?, read("height")?))
}

fn svg_blob(svg: &str) -> Result<Blob, String> {
    let parts = Array::of1(&JsValue::from_str(svg));
    let options = BlobPropertyBag::new();
    options.set_type("image/svg+xml;charset=utf-8");
    Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| js_text(&e))
}

/// The SVG drawn into a canvas of `PNG_SCALE` times its size, as a PNG.
async fn png_blob(svg: &Blob, width: f64, height: f64) -> Result<Blob, String> {
    let url = Url::create_object_url_with_blob(svg).map_err(|e| js_text(&e))?;
    let image = HtmlImageElement::new().map_err(|e| js_text(&e))?;
    image.set_src(&url);
    let decoded = JsFuture::from(image.decode()).await;
    let _ = Url::revoke_object_url(&url);
    decoded.map_err(|e| format!("the picture could not be drawn ({})", js_text(&e)))?;
    let canvas: HtmlCanvasElement = document()?
        .create_element("canvas")
        .map_err(|e| js_text(&e))?
        .dyn_into()
        .map_err(|_| "no canvas".to_string())?;
    canvas.set_width((width * PNG_SCALE).round() as u32);
    canvas.set_height((height * PNG_SCALE).round() as u32);
    let context: CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(|e| js_text(&e))?
        .ok_or("this browser gives no canvas to draw in")?
        .dyn_into()
        .map_err(|_| "no 2D canvas".to_string())?;
    context
        .draw_image_with_html_image_element_and_dw_and_dh(
            &image,
            0.0,
            0.0,
            width * PNG_SCALE,
            height * PNG_SCALE,
        )
        .map_err(|e| js_text(&e))?;
    let encoded = Promise::new(&mut |resolve, reject| {
        if let Err(e) = canvas.to_blob_with_type(&resolve, "image/png") {
            let _ = reject.call1(&JsValue::NULL, &e);
        }
    });
    let blob = JsFuture::from(encoded).await.map_err(|e| js_text(&e))?;
    blob.dyn_into::<Blob>()
        .map_err(|_| "the canvas could not be encoded as PNG".to_string())
}

/// Starts the browser's download of `blob` as `name`.
fn download_blob(name: &str, blob: &Blob) -> Result<(), String> {
    let url = Url::create_object_url_with_blob(blob).map_err(|e| js_text(&e))?;
    let link: HtmlAnchorElement = document()?
        .create_element("a")
        .map_err(|e| js_text(&e))?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    link.set_href(&url);
    link.set_download(name);
    link.click();
    gloo::timers::callback::Timeout::new(REVOKE_AFTER_MS, move || {
        let _ = Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

fn document() -> Result<Document, String> {
    web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| "no page to export from".to_string())
}
