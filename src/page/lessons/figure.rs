//! What every lesson figure shares. A figure is one or more puzzle instances of the page's store
//! ([`Action::AddFigure`]), each asking the worker through the one router like the lab's puzzle; some are placed as
//! boards ([`PuzzleBoard`]), others only run a search whose statistics the text quotes. This module holds the
//! figure's frame (caption said to screen readers, "Open in the lab"), the numbers quoted in a sentence, and the
//! hook that runs a figure's search whenever its puzzle or its choices change.

use crate::format;
use crate::page::hooks::store::{use_figures, use_store_quiet, Store};
use crate::page::i18n::{use_lang, Lang, Page};
use crate::page::state::playback::PlaybackAction;
use crate::page::state::setup::Setup;
use crate::page::state::solve::Run;
use crate::page::state::{Action, PuzzleId, SolveAction, State};
use crate::page::url;
use solver::query::PuzzleSpec;
use solver::{Algorithm, HeuristicName, Report, Status};
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// A tower for a figure: `start` to `goal` on `pegs` pegs, solved by `algorithm` with `heuristic`.
pub fn hanoi_setup(
    pegs: u8,
    start: &[u8],
    goal: &[u8],
    algorithm: Algorithm,
    heuristic: HeuristicName,
) -> Setup {
    let mut setup = Setup::with_puzzle(PuzzleSpec::Hanoi {
        pegs,
        disks: start.len() as u8,
        start: start.to_vec(),
        goal: goal.to_vec(),
    });
    setup.algorithm = algorithm;
    setup.heuristic = heuristic;
    setup
}

/// A sliding board for a figure: `start` to `goal` (row-major, 0 the blank) on a `width` x `height` board, solved
/// by `algorithm` with `heuristic`.
pub fn sliding_setup(
    width: u8,
    height: u8,
    start: &[u8],
    goal: &[u8],
    algorithm: Algorithm,
    heuristic: HeuristicName,
) -> Setup {
    let mut setup = Setup::with_puzzle(PuzzleSpec::Sliding {
        width,
        height,
        start: start.to_vec(),
        goal: goal.to_vec(),
    });
    setup.algorithm = algorithm;
    setup.heuristic = heuristic;
    setup
}

/// Every disk on `peg`: a whole tower of `disks` disks.
pub fn tower(disks: u8, peg: u8) -> Vec<u8> {
    vec![peg; usize::from(disks)]
}

/// The set-up of figure `number`, once it is on the page.
pub fn setup_of(state: &State, number: u32) -> Option<&Setup> {
    state.puzzle(PuzzleId::Figure(number)).map(|p| &p.setup)
}

/// The start of figure `number`'s tower, once it is on the page.
pub fn start_of(state: &State, number: u32) -> Option<Vec<u8>> {
    setup_of(state, number).map(|s| s.puzzle.start().to_vec())
}

/// Figure `number`'s report, once its search has ended with a solution.
pub fn solved(state: &State, number: u32) -> Option<Rc<Report>> {
    match &state.puzzle(PuzzleId::Figure(number))?.solve.run {
        Run::Finished(report) if report.status == Status::Solved => Some(report.clone()),
        _ => None,
    }
}

/// How many states figure `number`'s finished search expanded, and the length of its solution.
pub fn expanded_and_length(state: &State, number: u32) -> (Option<u64>, Option<u64>) {
    let report = solved(state, number);
    (
        report.as_ref().map(|r| r.stats.expanded),
        report.as_ref().map(|r| r.length),
    )
}

/// Figure `number`'s states expanded and length, counted only once its run is of `shown` (the start on screen):
/// until the figure follows, its numbers are of the board before.
pub fn result_if_shown(
    state: &State,
    number: u32,
    shown: &Option<Vec<u8>>,
) -> (Option<u64>, Option<u64>) {
    let fresh = start_of(state, number) == *shown;
    let (expanded, length) = expanded_and_length(state, number);
    (expanded.filter(|_| fresh), length.filter(|_| fresh))
}

/// Whether any of figures `numbers` is still searching, or not yet on the page.
pub fn any_solving(state: &State, numbers: &[u32]) -> bool {
    numbers.iter().any(|&n| {
        state
            .puzzle(PuzzleId::Figure(n))
            .is_none_or(|p| p.is_solving())
    })
}

/// Places figure `number` with `setup`, unless it already shows that very puzzle with those choices
/// ([`Action::PlaceFigure`]: the reducer decides, on the state as it is then).
pub fn place(dispatch: &Callback<Action>, number: u32, setup: Setup) {
    dispatch.emit(Action::PlaceFigure(number, Box::new(setup)));
}

/// What a section's board hands back when the reader changes it: figure `number` placed ([`place`]) on the
/// board heard, set up by `setup`.
pub fn placer(
    store: &Store,
    number: u32,
    setup: impl Fn(&[u8]) -> Setup + 'static,
) -> Callback<Vec<u8>> {
    let dispatch = store.dispatch.clone();
    Callback::from(move |start: Vec<u8>| place(&dispatch, number, setup(&start)))
}

/// Adds figure `number` with `setup` once, when the section appears.
#[hook]
pub fn use_figure_once(number: u32, setup: impl FnOnce() -> Setup + 'static) {
    let store = use_store_quiet();
    use_effect_with((), move |_| {
        if let Some(s) = store {
            if setup_of(&s.state, number).is_none() {
                s.dispatch
                    .emit(Action::AddFigure(number, Box::new(setup())));
            }
        }
    });
}

/// Places the figures `follow(key)` names (number and set-up) whenever `key` changes: figures that follow another
/// figure's puzzle and the reader's choices.
#[hook]
pub fn use_follow<K: PartialEq + 'static>(
    key: Option<K>,
    follow: impl Fn(&K) -> Vec<(u32, Setup)> + 'static,
) {
    let store = use_store_quiet();
    use_effect_with(key, move |key| {
        if let (Some(s), Some(key)) = (store, key) {
            for (number, setup) in follow(key) {
                place(&s.dispatch, number, setup);
            }
        }
    });
}

/// Runs figure `number`'s search when it appears and whenever its puzzle or choices change (an edit forgets the
/// run, leaving it idle): the text's numbers then always belong to the tower on screen. Its answer then rests at
/// the start, paused, so that the figure shows the tower the text talks about until the reader presses play.
#[hook]
pub fn use_auto_solve(number: u32) {
    let store = use_figures(&[number]);
    let id = PuzzleId::Figure(number);
    let key = store.as_ref().and_then(|s| {
        let puzzle = s.state.puzzle(id)?;
        let idle = matches!(puzzle.solve.run, Run::Idle);
        Some((puzzle.setup.query().to_query_string(), idle))
    });
    // Which answer is loaded, by its report's address: a figure placed again on the same board is solved again,
    // and its new answer must rest at the start too, even when no render saw it without one.
    let answered = store.as_ref().and_then(|s| {
        let puzzle = s.state.puzzle(id)?;
        puzzle.playback.replay.as_ref()?;
        match &puzzle.solve.run {
            Run::Finished(report) => Some(Rc::as_ptr(report) as usize),
            _ => None,
        }
    });
    let dispatch = store.map(|s| s.dispatch).unwrap_or_default();
    {
        let dispatch = dispatch.clone();
        use_effect_with(key, move |key| {
            if let Some((_, true)) = key {
                dispatch.emit(Action::Puzzle(id, SolveAction::Solve.into()));
            }
        });
    }
    use_effect_with(answered, move |answered| {
        if answered.is_some() {
            dispatch.emit(Action::Puzzle(id, PlaybackAction::Seek(0).into()));
        }
    });
}

/// A number quoted in a sentence, computed by a figure: "computing…" until its run has answered.
#[derive(Properties, PartialEq)]
pub struct NumProps {
    /// Its name for tests (`data-num`).
    pub name: AttrValue,
    pub value: Option<u64>,
}

#[component]
pub fn Num(props: &NumProps) -> Html {
    let lang = use_lang();
    match props.value {
        Some(v) => html! {
            <strong class="lesson-num" data-num={props.name.clone()} data-value={v.to_string()}>{ v }</strong>
        },
        None => html! {
            <strong class="lesson-num pending" data-num={props.name.clone()}>{ lang.t(Page::LessonComputing) }</strong>
        },
    }
}

/// What separates two sentences of a caption: a space in English, nothing after a Chinese full stop.
pub fn gap(lang: Lang) -> &'static str {
    match lang {
        Lang::En => " ",
        Lang::Zh => "",
    }
}

/// A quoted number as markup, for `fill_html`.
pub fn num(name: impl Into<AttrValue>, value: Option<u64>) -> Html {
    html! { <Num name={name.into()} {value} /> }
}

#[derive(Properties, PartialEq)]
pub struct QuotedProps {
    /// Its name for tests (`data-num`).
    pub name: AttrValue,
    /// The exact value for tests (`data-value`) and the value as a person reads it, once computed.
    pub value: Option<(String, String)>,
}

/// A value quoted in a sentence that is not a plain count: "computing…" until its run has answered.
#[component]
pub fn Quoted(props: &QuotedProps) -> Html {
    let lang = use_lang();
    match &props.value {
        Some((exact, shown)) => html! {
            <strong class="lesson-num" data-num={props.name.clone()} data-value={exact.clone()}>{ shown }</strong>
        },
        None => html! {
            <strong class="lesson-num pending" data-num={props.name.clone()}>{ lang.t(Page::LessonComputing) }</strong>
        },
    }
}

/// A count quoted in a sentence or a table, with thousands separators ("181,440"); its exact value for tests.
pub fn count(name: impl Into<AttrValue>, value: Option<u64>) -> Html {
    let value = value.map(|v| (v.to_string(), format::count(v)));
    html! { <Quoted name={name.into()} {value} /> }
}

/// A byte size quoted in a sentence ("1.2 MiB"), its exact bytes for tests.
pub fn bytes(name: &'static str, value: Option<u64>) -> Html {
    let value = value.map(|b| (b.to_string(), format::bytes(b)));
    html! { <Quoted name={name} {value} /> }
}

/// A count too large for any integer ("1.0 × 10^13"), its value in scientific notation for tests.
pub fn big(name: &'static str, value: Option<f64>) -> Html {
    let value = value.map(|v| (format!("{v:e}"), format::big_count(v)));
    html! { <Quoted name={name} {value} /> }
}

/// A piece of text quoted in a sentence (a board's list of tiles, a list of thresholds), the same for tests.
pub fn words(name: &'static str, value: Option<String>) -> Html {
    let value = value.map(|v| (v.clone(), v));
    html! { <Quoted name={name} {value} /> }
}

#[derive(Properties, PartialEq)]
pub struct LessonFigureProps {
    /// The figure whose puzzle and algorithm "Open in the lab" opens.
    pub lab: u32,
    /// What the figure shows, in words: said to screen readers when it changes.
    pub caption: Html,
    /// Whether "Open in the lab" is offered: an exercise holds it back until answered, since the lab would tell.
    #[prop_or(true)]
    pub open_in_lab: bool,
    #[prop_or_default]
    pub children: Html,
}

/// A figure's frame: its content, its caption (a live region) and "Open in the lab".
#[component]
pub fn LessonFigure(props: &LessonFigureProps) -> Html {
    let lang = use_lang();
    let store = use_figures(&[props.lab]);
    let lab = store
        .as_ref()
        .filter(|_| props.open_in_lab)
        .and_then(|s| setup_of(&s.state, props.lab))
        .map(|setup| {
            let view = url::View {
                depth: setup.link_depth(),
                ..url::View::default()
            };
            lab_href(&url::write_with_view(&setup.query(), view), lang)
        });
    html! {
        <figure class="lesson-figure">
            { props.children.clone() }
            <figcaption aria-live="polite" data-testid="figure-caption">{ props.caption.clone() }</figcaption>
            if let Some(href) = lab {
                <a class="open-in-lab" {href} target="_blank" rel="noopener" data-testid="open-in-lab"
                    title={lang.t(Page::LessonOpenInLabTitle)}>{ lang.t(Page::LessonOpenInLab) }</a>
            }
        </figure>
    }
}

/// A link to the lab on this PUZZLE query, in this language.
pub fn lab_href(query: &str, lang: Lang) -> String {
    format!("{}?{query}&lang={}", url::app_base(), lang.code())
}

/// A callback to hand a heavy drawing (a state graph of hundreds of states): one identity for the component's
/// life, so that the new closure each render makes does not count as a change of the drawing's props and redraw
/// it; a call runs the handler the latest render gave to [`Latest::set`].
pub struct Latest<IN> {
    handler: Rc<RefCell<Callback<IN>>>,
    stable: Callback<IN>,
}

impl<IN: 'static> Latest<IN> {
    /// Makes `handler` the one a call runs, and returns the callback to hand on.
    pub fn set(&self, handler: Callback<IN>) -> Callback<IN> {
        *self.handler.borrow_mut() = handler;
        self.stable.clone()
    }
}

#[hook]
pub fn use_latest<IN: 'static>() -> Latest<IN> {
    let handler = use_mut_ref(Callback::noop);
    let stable = {
        let handler = handler.clone();
        use_memo((), move |_| {
            Callback::from(move |input: IN| {
                // Cloned first: the handler may render, and a render sets it again.
                let now = handler.borrow().clone();
                now.emit(input);
            })
        })
    };
    Latest {
        handler,
        stable: (*stable).clone(),
    }
}
