//! The truth panel: every heuristic's value beside the true distance h* for the start, a chosen step of the solution
//! or the stepper's state; the chart along the solution with what it shows (admissibility, consistency,
//! dominance); and, for Tower of Hanoi, the race of A* with the seed article's heuristic against an admissible one.
//! Every number is the worker's (see `state::truth`).

use super::learn::LearnLink;
use crate::page::components::export_menu::ExportImage;
use crate::page::components::truth_chart::TruthChart;
use crate::page::i18n::{fill, use_lang, Heuristics, Lang, Text};
use crate::page::state::truth::{Leg, Probe, Racer, Shown, Truth, TruthAction};
use crate::page::state::Action;
use solver::hanoi::peg_letter;
use solver::truth::{Measured, Method};
use solver::{HeuristicName, Moves, PuzzleKind, Status};
use web_sys::HtmlInputElement;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct TruthPanelProps {
    /// The lesson section that explains this panel.
    #[prop_or_default]
    pub learn: Option<AttrValue>,
    pub truth: Truth,
    pub kind: PuzzleKind,
    /// Whether the stepper is on the page (small searches only).
    pub stepper: bool,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn TruthPanel(props: &TruthPanelProps) -> Html {
    let lang = use_lang();
    let t = &props.truth;
    let act = |a: TruthAction| {
        props
            .dispatch
            .reform(move |_: MouseEvent| Action::Truth(a.clone()))
    };
    if !t.open {
        return html! {
            <section class="card truth" data-testid="truth" aria-label={lang.t(Heuristics::Title)}>
                <h2>{ lang.t(Heuristics::Title) }</h2>
                <p class="muted">{ lang.t(Heuristics::Intro) }{ " " }<LearnLink href={props.learn.clone()} /></p>
                <button type="button" class="primary" data-testid="truth-open" onclick={act(TruthAction::Open)}>
                    { lang.t(Heuristics::Open) }
                </button>
            </section>
        };
    }
    let path = match &t.path {
        Probe::Measured(m) => Some(m.clone()),
        _ => None,
    };
    let step = match t.shown {
        Shown::Step(k) => k,
        Shown::Stepper => 0,
    };
    let status = match (t.shown, &t.path, &t.stepper) {
        (Shown::Stepper, _, Probe::Asked) | (Shown::Step(_), Probe::Asked, _) => Some(
            html! { <p class="muted" aria-live="polite">{ lang.t(Heuristics::Measuring) }</p> },
        ),
        (Shown::Stepper, _, Probe::Failed(why)) | (Shown::Step(_), Probe::Failed(why), _) => {
            Some(html! { <p class="error" data-testid="truth-error">{ why.render(lang) }</p> })
        }
        _ => None,
    };
    let on_step = props.dispatch.reform(|e: InputEvent| {
        let input: HtmlInputElement = e.target_unchecked_into();
        Action::Truth(TruthAction::Show(Shown::Step(
            input.value().parse().unwrap_or(0),
        )))
    });
    let on_pick = props
        .dispatch
        .reform(|k| Action::Truth(TruthAction::Show(Shown::Step(k))));
    let view_button = |shown: Shown, key: Heuristics, testid: &'static str| {
        let pressed = match (shown, t.shown) {
            (Shown::Step(0), Shown::Step(k)) => k == 0,
            (Shown::Step(_), Shown::Step(k)) => k > 0,
            (a, b) => a == b,
        };
        html! {
            <button type="button" data-testid={testid} aria-pressed={pressed.to_string()}
                onclick={act(TruthAction::Show(shown))}>{ lang.t(key) }</button>
        }
    };
    let moves = path.as_ref().map_or(0, |m| m.moves());
    html! {
        <section class="card truth" data-testid="truth" aria-label={lang.t(Heuristics::Title)}>
            <div class="truth-head">
                <h2>{ lang.t(Heuristics::Title) }</h2>
                <button type="button" data-testid="truth-close" onclick={act(TruthAction::Close)}>
                    { lang.t(Heuristics::Close) }
                </button>
            </div>
            <p class="muted">{ lang.t(Heuristics::Intro) }{ " " }<LearnLink href={props.learn.clone()} /></p>
            if let Some(m) = &path {
                <p class="muted" data-testid="truth-method">{ method_words(lang, m) }</p>
                { for m.not_built.iter().map(|&h| html! {
                    <p class="muted" data-testid="truth-not-built" data-heuristic={h.name()}>
                        { fill(lang.t(Heuristics::NotBuilt), &[&lang.heuristic(h)]) }
                    </p>
                }) }
            }
            <div class="truth-views" role="group" aria-label={lang.t(Heuristics::Title)}>
                { view_button(Shown::Step(0), Heuristics::ShowStart, "truth-show-start") }
                { view_button(Shown::Step(moves.max(1).min(step.max(1))), Heuristics::ShowStep, "truth-show-step") }
                if props.stepper {
                    { view_button(Shown::Stepper, Heuristics::ShowStepper, "truth-show-stepper") }
                }
                <button type="button" data-testid="truth-measure" onclick={act(TruthAction::Measure)}
                    disabled={matches!(t.path, Probe::Asked)}>{ lang.t(Heuristics::Measure) }</button>
            </div>
            if matches!(t.shown, Shown::Step(_)) && moves > 0 {
                <label class="truth-step">
                    <input type="range" data-testid="truth-step" min="0" max={moves.to_string()}
                        value={step.min(moves).to_string()} oninput={on_step} />
                    <span>{ fill(lang.t(Heuristics::StepOf), &[&step.min(moves), &moves]) }</span>
                </label>
            }
            if matches!(t.path, Probe::Measured(_)) && moves == 0 {
                <p class="muted" data-testid="truth-note">{ match t.too_long {
                    Some(n) => fill(lang.t(Heuristics::TooLong), &[&n, &solver::truth::MAX_PATH_MOVES]),
                    None => lang.t(Heuristics::NoSolution).to_string(),
                } }</p>
            }
            if t.shown == Shown::Stepper {
                <p class="muted">{ lang.t(if props.stepper { Heuristics::StepperNone } else { Heuristics::StepperOnly }) }</p>
            }
            { for status }
            { for t.shown_row().map(|(m, row)| table(lang, m, row, t.shown)) }
            if let Some(m) = path.clone().filter(|m| m.moves() > 0) {
                <TruthChart measured={m.clone()} step={step} on_pick={on_pick} />
                <ExportImage view="truth-chart" label={lang.t(Heuristics::Title)} />
                <ul class="truth-legend" aria-hidden="true">
                    <li class="truth-key truth-line">{ "h*" }</li>
                    { for m.heuristics.iter().enumerate().map(|(c, &h)| html! {
                        <li class={format!("truth-key hc-{c}")}>{ lang.heuristic(h) }</li>
                    }) }
                    <li class="truth-key over">{ lang.t(Heuristics::LegendOver) }</li>
                    <li class="truth-key jump">{ lang.t(Heuristics::LegendJump) }</li>
                </ul>
                { verdicts(lang, &m) }
            }
            if props.kind == PuzzleKind::Hanoi {
                { race(lang, t, act(TruthAction::Race)) }
            }
        </section>
    }
}

/// How h* was found, in words.
fn method_words(lang: Lang, m: &Measured) -> String {
    match m.method {
        Method::Formula => lang.t(Heuristics::ByFormula).to_string(),
        Method::Table { states } => fill(
            lang.t(Heuristics::ByTable),
            &[&crate::format::count(states)],
        ),
        Method::Search {
            algorithm,
            heuristic,
            budget_ms,
        } => fill(
            lang.t(Heuristics::BySearch),
            &[
                &lang.algorithm(algorithm),
                &lang.heuristic(heuristic),
                &(budget_ms / 1000),
            ],
        ),
    }
}

/// The table of one position: h* and each heuristic's h (and f = g + h along the solution) against it.
fn table(lang: Lang, m: &Measured, row: usize, shown: Shown) -> Html {
    let Some(r) = m.rows.get(row) else {
        return html! {};
    };
    let g = matches!(shown, Shown::Step(_)).then_some(row as u32);
    html! {
        // A region that scrolls on a phone: focusable, so that the keyboard can scroll it too, and named apart from
        // the panel's own region.
        <div class="truth-table-scroll" tabindex="0" role="region" aria-label={lang.t(Heuristics::TableLabel)}>
        <table class="truth-table" data-testid="truth-table" data-step={row.to_string()}>
            <thead><tr>
                <th scope="col">{ lang.t(Heuristics::Heuristic) }</th>
                <th scope="col">{ "h" }</th>
                if g.is_some() { <th scope="col" class="f">{ lang.t(Heuristics::F) }</th> }
                <th scope="col">{ lang.t(Heuristics::Against) }</th>
            </tr></thead>
            <tbody>
                <tr class="truth-hstar" data-testid="truth-hstar" data-value={r.truth.map(|t| t.to_string())}>
                    <th scope="row">{ lang.t(Heuristics::HStar) }</th>
                    <td colspan={if g.is_some() { "3" } else { "2" }}>{ match r.truth {
                        Some(t) => t.to_string(),
                        None if matches!(m.method, Method::Search { .. }) => lang.t(Heuristics::Unknown).to_string(),
                        None => lang.t(Heuristics::Unreachable).to_string(),
                    } }</td>
                </tr>
                { for m.heuristics.iter().zip(&r.values).map(|(&h, &v)| {
                    let (words, over) = match r.truth {
                        Some(t) if v > t => (fill(lang.t(Heuristics::Over), &[&(v - t)]), true),
                        Some(t) if v == t => (lang.t(Heuristics::Equal).to_string(), false),
                        Some(t) => (fill(lang.t(Heuristics::Below), &[&(t - v)]), false),
                        None => (lang.t(Heuristics::NotJudged).to_string(), false),
                    };
                    html! {
                        <tr data-testid="truth-row" data-heuristic={h.name()} data-h={v.to_string()}
                            data-over={over.to_string()} class={classes!(over.then_some("over"))}>
                            <th scope="row">{ lang.heuristic(h) }</th>
                            <td>{ v }</td>
                            if let Some(g) = g { <td>{ g + v }</td> }
                            <td>{ words }</td>
                        </tr>
                    }
                }) }
            </tbody>
        </table>
        </div>
    }
}

/// What the chart shows, in sentences: each heuristic's admissibility and consistency along the path, and dominance.
fn verdicts(lang: Lang, m: &Measured) -> Html {
    let known = m.rows.iter().filter(|r| r.truth.is_some()).count();
    let lines = m.heuristics.iter().map(|&h| {
        let over = m.overestimates(h);
        let jumps = m.jumps(h);
        let name = lang.heuristic(h);
        let admissible = if known == 0 {
            fill(lang.t(Heuristics::Unjudged), &[&name])
        } else if over.is_empty() {
            fill(lang.t(Heuristics::AdmissibleYes), &[&name])
        } else {
            fill(lang.t(Heuristics::AdmissibleNo), &[&name, &over.len(), &known])
        };
        let consistent = if jumps.is_empty() {
            lang.t(Heuristics::ConsistentYes).to_string()
        } else {
            fill(lang.t(Heuristics::ConsistentNo), &[&jumps.len(), &m.moves()])
        };
        html! {
            <li data-testid="truth-verdict" data-heuristic={h.name()} data-over={over.len().to_string()}
                data-jumps={jumps.len().to_string()}>{ fill(lang.t(Heuristics::VerdictLine), &[&admissible, &consistent]) }</li>
        }
    });
    let chains: Vec<_> = m
        .dominance_chains()
        .into_iter()
        .filter(|c| c.len() > 1)
        .collect();
    let dominance = match m.dominance_broken() {
        None => {
            let chains: Vec<String> = chains
                .iter()
                .map(|c| {
                    let names: Vec<&str> = c.iter().rev().map(|&h| lang.heuristic(h)).collect();
                    names.join(" ≥ ")
                })
                .collect();
            let between = if lang == Lang::Zh { "；" } else { "; " };
            fill(lang.t(Heuristics::DominanceHolds), &[&chains.join(between)])
        }
        Some(b) => fill(
            lang.t(Heuristics::DominanceBroken),
            &[
                &b.step,
                &lang.heuristic(b.stronger),
                &lang.heuristic(b.weaker),
            ],
        ),
    };
    let seed_over = m.overestimates(HeuristicName::SeedPower).len();
    html! {
        <>
            <ul class="truth-verdicts">{ for lines }</ul>
            if !chains.is_empty() {
                <p data-testid="truth-dominance" data-holds={m.dominance_broken().is_none().to_string()}>{ dominance }</p>
            }
            if seed_over > 0 {
                <p class="truth-seed" data-testid="truth-seed-over">{ fill(lang.t(Heuristics::SeedOver), &[&seed_over]) }</p>
            }
        </>
    }
}

/// The race of A* with the seed heuristic against A* with an admissible one.
fn race(lang: Lang, t: &Truth, on_run: Callback<MouseEvent>) -> Html {
    let leg = |racer: Racer| {
        let name = lang.heuristic(racer.heuristic());
        let testid = match racer {
            Racer::Seed => "truth-race-seed",
            Racer::Admissible => "truth-race-admissible",
        };
        let (words, length) = match &t.race[racer as usize] {
            Leg::Idle => return html! {},
            Leg::Running => (fill(lang.t(Heuristics::RaceRunning), &[&name]), None),
            Leg::Done(r) if r.status == Status::Solved => (
                fill(
                    lang.t(Heuristics::RaceLeg),
                    &[&name, &r.length, &crate::format::count(r.stats.expanded)],
                ),
                Some(r.length),
            ),
            Leg::Done(r) => {
                let said: Vec<String> = r.said.iter().map(|s| Text::said(s).render(lang)).collect();
                let said = said.join(" ");
                (fill(lang.t(Heuristics::RaceStopped), &[&name, &said]), None)
            }
            Leg::Failed(why) => (why.render(lang), None),
        };
        html! { <li data-testid={testid} data-length={length.map(|l| l.to_string())}>{ words }</li> }
    };
    let solved = |racer: Racer| match &t.race[racer as usize] {
        Leg::Done(r) if r.status == Status::Solved => Some(r.clone()),
        _ => None,
    };
    let verdict = solved(Racer::Seed).zip(solved(Racer::Admissible)).map(|(seed, best)| {
        let longer = seed.length > best.length;
        let words = if longer {
            fill(lang.t(Heuristics::RaceLonger), &[&seed.length, &best.length])
        } else {
            fill(lang.t(Heuristics::RaceSame), &[&seed.length])
        };
        html! {
            <>
                <p class={classes!("truth-race-verdict", longer.then_some("over"))} data-testid="truth-race-verdict"
                    data-longer={longer.to_string()}>{ words }</p>
                <details class="truth-race-path">
                    <summary>{ lang.t(Heuristics::RacePath) }</summary>
                    <p class="mono" data-testid="truth-race-path">{ path_words(&seed.moves) }</p>
                </details>
            </>
        }
    });
    html! {
        <div class="truth-race" data-testid="truth-race">
            <p class="muted">{ lang.t(Heuristics::RaceIntro) }</p>
            <button type="button" data-testid="truth-race-run" onclick={on_run} disabled={t.racing()}>
                { lang.t(Heuristics::RaceRun) }
            </button>
            <ul>{ leg(Racer::Seed) }{ leg(Racer::Admissible) }</ul>
            { for verdict }
        </div>
    }
}

/// A tower solution as peg letters: "A→C B→C …".
fn path_words(moves: &Moves) -> String {
    match moves {
        Moves::Hanoi(pairs) => pairs
            .iter()
            .map(|&[from, to]| format!("{}→{}", peg_letter(from), peg_letter(to)))
            .collect::<Vec<_>>()
            .join(" "),
        Moves::Sliding(letters) => letters.clone(),
    }
}
