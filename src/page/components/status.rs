//! The run's status line (`data-status`), its live progress, the solution length with its proven bound, and the
//! message line.

use crate::format;
use crate::page::i18n::{use_lang, Lang, Sharing, Solving, Text};
use crate::page::state::notices::{Notice, NoticeKind};
use crate::page::state::solve::{Progress, StatusName};
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct StatusProps {
    pub status: StatusName,
    /// Counters of the running search.
    pub progress: Option<Progress>,
    /// Whether the solve waits for the worker to finish another request first (a compare run's pair).
    #[prop_or_default]
    pub waiting: bool,
    /// The solution's length once solved (or the best so far while the solver improves it).
    pub length: Option<u64>,
    /// How far from the shortest that solution can be, from its proven lower bound.
    #[prop_or_default]
    pub bound: Option<Text>,
    pub message: Option<Notice>,
    /// A link to copy by hand, after Share.
    pub share_link: Option<AttrValue>,
    /// How far the background build of the 5x5 pattern databases is, while one runs.
    #[prop_or_default]
    pub tables_build: Option<f64>,
    /// Whether the message is a notice that can be dismissed (not a standing fact such as unsolvability).
    pub dismissable: bool,
    pub on_dismiss: Callback<()>,
}

#[component]
pub fn StatusLine(props: &StatusProps) -> Html {
    let lang = use_lang();
    let label = lang.t(match props.status {
        StatusName::Idle => Solving::StatusReady,
        StatusName::Solving => Solving::StatusSolving,
        StatusName::Solved => Solving::StatusSolved,
        StatusName::Unsolvable => Solving::StatusUnsolvable,
        StatusName::Limit => Solving::StatusLimit,
        StatusName::Cancelled => Solving::StatusCancelled,
        StatusName::Error => Solving::StatusError,
    });
    let detail = props
        .progress
        .as_ref()
        .map(|p| progress_detail(p, props.waiting, lang));
    let building = props.progress.as_ref().and_then(|p| p.building);
    let message = props.message.as_ref().map(|m| {
        let class = match m.kind {
            NoticeKind::Info => "message info",
            NoticeKind::Error => "message error",
        };
        (class, m.text_in(lang))
    });
    let on_dismiss = {
        let cb = props.on_dismiss.clone();
        Callback::from(move |_: MouseEvent| cb.emit(()))
    };
    let select_all = Callback::from(|e: FocusEvent| {
        let input: web_sys::HtmlInputElement = e.target_unchecked_into();
        input.select();
    });
    html! {
        <section class="status-card" aria-label={lang.t(Solving::Status)}>
            <div class={classes!("status", format!("status-{}", props.status))} data-testid="status"
                data-status={props.status.name()} role="status" aria-live="polite">
                <span class="status-dot" aria-hidden="true" />
                <span class="status-label">{ label }</span>
                if let Some(detail) = detail {
                    <span class="status-detail" data-testid="progress">{ detail }</span>
                }
            </div>
            if let Some(fraction) = building {
                <div class="build-progress">
                    <progress class="build" data-testid="build-progress" max="1" value={fraction.to_string()}
                        aria-label={lang.t(Solving::BuildingPdb)} />
                    <p class="build-note">
                        { lang.t(Solving::BuildNote) }
                    </p>
                </div>
            }
            if let Some(fraction) = props.tables_build {
                <div class="build-progress" data-testid="tables-build">
                    <label class="build-note">
                        { lang.fill(Solving::TablesBuilding, &[&format!("{:.0}", fraction * 100.0)]) }
                        <progress class="build" data-testid="tables-progress" max="1"
                            value={fraction.to_string()} />
                    </label>
                </div>
            }
            if let Some(length) = props.length {
                <p class="solution-length">
                    { crate::page::i18n::fill_html(
                        lang.t(if length == 1 { Solving::SolutionLengthOne } else { Solving::SolutionLength }),
                        vec![html! { <strong data-testid="solution-length">{ length }</strong> }],
                    ) }
                </p>
            }
            if let Some(bound) = &props.bound {
                <p class="solution-bound" data-testid="solution-bound">{ bound.render(lang) }</p>
            }
            <div class="message-row">
                <p class={message.as_ref().map_or("message", |m| m.0)} data-testid="message" aria-live="polite">
                    { message.map(|m| m.1).unwrap_or_default() }
                </p>
                if props.dismissable || props.share_link.is_some() {
                    <button type="button" class="dismiss" aria-label={lang.t(Solving::DismissMessage)} title={lang.t(Solving::Dismiss)}
                        onclick={on_dismiss}>{ "×" }</button>
                }
            </div>
            if let Some(link) = props.share_link.clone() {
                <input class="share-link" data-testid="share-link" type="text" readonly=true value={link}
                    aria-label={lang.t(Sharing::ShareLink)} onfocus={select_all} />
            }
        </section>
    }
}

/// The progress line's words: waiting behind another request; a first answer with its bound, while the tables for
/// the shortest are built or searched; the best so far of a solver improving it, or waiting for a build to improve
/// it; a build; the search's counters.
fn progress_detail(p: &Progress, waiting: bool, lang: Lang) -> String {
    if waiting {
        return lang.t(Solving::ProgressWaiting).to_string();
    }
    if let Some(first) = p.first_answer_detail() {
        return first.render(lang);
    }
    match (p.building, &p.best) {
        (None, Some(best)) => lang.fill(
            Solving::ProgressImproving,
            &[
                &best.length,
                &format::count(p.expanded),
                &format::duration_ms(p.elapsed_ms),
            ],
        ),
        (Some(fraction), Some(best)) => lang.fill(
            Solving::ProgressImprovingBuilding,
            &[
                &best.length,
                &format!("{:.0}", fraction * 100.0),
                &format::duration_ms(p.elapsed_ms),
            ],
        ),
        (Some(fraction), None) => lang.fill(
            Solving::ProgressBuilding,
            &[
                &format!("{:.0}", fraction * 100.0),
                &format::duration_ms(p.elapsed_ms),
            ],
        ),
        (None, None) => lang.fill(
            Solving::ProgressNodes,
            &[
                &format::count(p.expanded),
                &format::count(p.generated),
                &format::duration_ms(p.elapsed_ms),
            ],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::page::state::solve::Progress;
    use solver::report::{Moves, Said};
    use solver::{Algorithm, Report, Status};
    use std::rc::Rc;

    fn staged(length: u64) -> Rc<Report> {
        let moves = "LR".repeat(length as usize / 2);
        Rc::new(Report::new(
            Status::Solved,
            Algorithm::Staged,
            Moves::Sliding(moves),
            length,
            Said::Solved { length },
        ))
    }

    #[test]
    fn an_answer_waiting_for_its_tables_shows_with_the_builds_progress_in_both_languages() {
        let mut p = Progress {
            asked: Some(Algorithm::Staged),
            best: Some(staged(110)),
            building: Some(0.37),
            elapsed_ms: 1500.0,
            ..Progress::default()
        };
        let en = progress_detail(&p, false, Lang::En);
        assert!(
            en.starts_with("Improving: best so far 110 moves; building the pattern databases for a shorter answer… 37% · "),
            "{en}"
        );
        let zh = progress_detail(&p, false, Lang::Zh);
        assert!(
            zh.starts_with("正在改进：目前最好 110 步；") && zh.contains("37%"),
            "{zh}"
        );
        // Once the build is over, the improvement's own counters.
        p.building = None;
        p.expanded = 1234;
        let en = progress_detail(&p, false, Lang::En);
        assert!(
            en.starts_with("Improving: best so far 110 moves · 1,234 nodes expanded"),
            "{en}"
        );
        // A build with no answer yet says only the build.
        p.best = None;
        p.building = Some(0.5);
        let en = progress_detail(&p, false, Lang::En);
        assert!(en.starts_with("Building pattern databases… 50% · "), "{en}");
    }
}
