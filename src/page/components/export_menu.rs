//! Export buttons: [`ExportImage`] (a view as SVG and PNG: the one line a view adds, see `page::export`),
//! [`ExportMenu`] (the run as JSON and CSV, and a picture of the puzzle as shown) and [`CompareCsv`] (the compare
//! table). File names start with the page's [`ExportContext`] stem; failures go to the message line.

use crate::page::export::{download_image, download_text, ExportContext, ImageFormat};
use crate::page::export_run::{compare_file, run_csv, run_json};
use crate::page::i18n::{use_lang, Page, Sharing};
use crate::page::state::compare::CompareRun;
use solver::query::Query;
use solver::Report;
use std::rc::Rc;
use yew::prelude::*;

/// The page's export context, or a plain one outside the app (a test mounting one component).
#[hook]
fn use_export() -> ExportContext {
    use_context::<ExportContext>().unwrap_or_else(|| ExportContext {
        stem: "puzzle-lab".into(),
        on_error: Callback::from(|why: String| gloo::console::error!(why)),
    })
}

#[derive(Properties, PartialEq)]
pub struct ExportImageProps {
    /// The `data-testid` of the view's `<svg>` (or of the element holding it); it also ends the file's name.
    pub view: AttrValue,
    /// What the view is, for the buttons' labels ("Sierpinski view").
    pub label: AttrValue,
    /// For a view the page does not draw as SVG: draws its picture as an SVG document when a button is pressed.
    #[prop_or_default]
    pub draw: Option<Callback<(), String>>,
    /// The file name's start, for a view of more than the page's run (the compare charts); else the page's.
    #[prop_or_default]
    pub stem: Option<AttrValue>,
}

/// Two buttons, SVG and PNG, that download a picture of one view.
#[component]
pub fn ExportImage(props: &ExportImageProps) -> Html {
    let lang = use_lang();
    let export = use_export();
    let button = |format: ImageFormat| {
        let ext = format.extension();
        let onclick = {
            let (view, draw, export) = (props.view.clone(), props.draw.clone(), export.clone());
            let stem = props.stem.clone();
            Callback::from(move |_: MouseEvent| {
                let markup = draw.as_ref().map(|d| d.emit(()));
                let stem = stem.as_deref().unwrap_or(&export.stem);
                let name = format!("{stem}_{view}");
                let (view, on_error) = (view.clone(), export.on_error.clone());
                wasm_bindgen_futures::spawn_local(async move {
                    if let Err(why) = download_image(&view, markup, format, &name).await {
                        on_error.emit(why);
                    }
                });
            })
        };
        let label = lang.fill(
            Sharing::ExportImageLabel,
            &[&props.label, &ext.to_uppercase()],
        );
        html! {
            <button type="button" class="export-button" data-testid={format!("export-{ext}-{}", props.view)}
                title={label.clone()} aria-label={label} {onclick}>{ ext.to_uppercase() }</button>
        }
    };
    html! {
        <span class="export-image">{ button(ImageFormat::Svg) }{ button(ImageFormat::Png) }</span>
    }
}

#[derive(Properties, PartialEq)]
pub struct ExportMenuProps {
    /// The query of the run (the puzzle and the choices).
    pub query: Rc<Query>,
    /// The finished run's report, if there is one.
    pub report: Option<Rc<Report>>,
    /// The puzzle view's `data-testid` (`board` or `pegs`), for the picture's buttons and file name.
    pub view: AttrValue,
    /// Draws the position on show as an SVG document.
    pub draw: Callback<(), String>,
}

/// The stage's Export menu: the run as JSON (the CLI's format) and CSV, and a picture of the puzzle as shown.
#[component]
pub fn ExportMenu(props: &ExportMenuProps) -> Html {
    let lang = use_lang();
    let export = use_export();
    let text_button = |testid: &'static str,
                       label: Sharing,
                       ext: &'static str,
                       mime: &'static str| {
        let build: fn(&Query, &Report) -> String = if ext == "json" { run_json } else { run_csv };
        let onclick = {
            let (query, report, export) =
                (props.query.clone(), props.report.clone(), export.clone());
            Callback::from(move |_: MouseEvent| {
                let Some(report) = report.as_ref() else {
                    return;
                };
                let name = format!("{}.{ext}", export.stem);
                if let Err(why) = download_text(&name, mime, &build(&query, report)) {
                    export.on_error.emit(why);
                }
            })
        };
        html! {
            <button type="button" data-testid={testid} disabled={props.report.is_none()} {onclick}>
                { lang.t(label) }
            </button>
        }
    };
    html! {
        <details class="export-menu" data-testid="export-menu">
            <summary data-testid="export" title={lang.t(Sharing::ExportTitle)}>{ lang.t(Sharing::Export) }</summary>
            <div class="export-items">
                { text_button("export-json", Sharing::ExportRunJson, "json", "application/json") }
                { text_button("export-csv", Sharing::ExportRunCsv, "csv", "text/csv") }
                if props.report.is_none() {
                    <p class="muted small">{ lang.t(Sharing::ExportNoRun) }</p>
                }
                <p class="export-picture">
                    <span>{ lang.t(Sharing::ExportPicture) }</span>
                    <ExportImage view={props.view.clone()} label={lang.t(Page::PuzzleView)} draw={props.draw.clone()} />
                </p>
            </div>
        </details>
    }
}

#[derive(Properties, PartialEq)]
pub struct CompareCsvProps {
    pub run: CompareRun,
}

/// The compare table as CSV, one row per pair.
#[component]
pub fn CompareCsv(props: &CompareCsvProps) -> Html {
    let lang = use_lang();
    let export = use_export();
    let onclick = {
        let run = props.run.clone();
        Callback::from(move |_: MouseEvent| {
            let csv = crate::page::export_run::compare_csv(&run);
            if let Err(why) = download_text(&compare_file(&run.puzzle), "text/csv", &csv) {
                export.on_error.emit(why);
            }
        })
    };
    html! {
        <button type="button" class="export-button" data-testid="export-compare-csv" {onclick}
            disabled={props.run.is_running()}>{ lang.t(Sharing::ExportCompareCsv) }</button>
    }
}
