//! One puzzle instance on the page, found by its id in the page's store: its board or pegs ([`PuzzleBoard`]), its
//! playback controls ([`PuzzlePlayback`]) and its solve controls ([`PuzzleSolveControls`]), or all three together
//! ([`PuzzleView`], a figure). Each can be placed as many times as a page has instances; each sends its actions to
//! its own instance. The lab places the three parts of its own puzzle apart, in its own layout, and lays hand play
//! over the board ([`Played`]).
//!
//! An instance's clocks (the playback's tick and the silence watchdog) run with its board, which every placement
//! of an instance shows.

use super::board::Board;
use super::pegs::Pegs;
use super::playback_bar::PlaybackBar;
use super::solve_controls::SolveControls;
use super::Interaction;
use crate::page::hooks::store::use_puzzle_store;
use crate::page::hooks::timers::{use_playback_timer, use_silence_watchdog};
use crate::page::i18n::{use_lang, Lang, Page};
use crate::page::state::playback::{speed_timing, PlaybackAction};
use crate::page::state::puzzle::Puzzle;
use crate::page::state::setup::{heuristics_for, SetupAction, Side};
use crate::page::state::steps::{step_source, Step};
use crate::page::state::{Action, PuzzleAction, PuzzleId};
use solver::hanoi::HanoiMove;
use solver::query::PuzzleSpec;
use std::rc::Rc;
use yew::prelude::*;

/// The longest slide or disk flight, in milliseconds, however slow the speed.
const MAX_STEP_MS: u32 = 320;

/// Which instance a part shows.
#[derive(Properties, PartialEq)]
pub struct PuzzleIdProps {
    pub id: PuzzleId,
}

/// A whole puzzle instance, as a figure: its board, its playback and its solve controls.
#[component]
pub fn PuzzleView(props: &PuzzleIdProps) -> Html {
    let id = props.id;
    let number = match id {
        PuzzleId::Lab => "lab".to_string(),
        PuzzleId::Figure(n) => n.to_string(),
    };
    html! {
        <section class="puzzle-view card" data-puzzle={number}>
            <div class="view"><PuzzleBoard {id} /></div>
            <PuzzlePlayback {id} />
            <PuzzleSolveControls {id} />
        </section>
    }
}

/// Hand play laid over a board (the lab's): the position played, the hinted move, and where moves go.
#[derive(Clone, PartialEq)]
pub struct Played {
    pub position: Rc<[u8]>,
    /// The move the current hint suggests, highlighted until the next move.
    pub hinted: Option<Step>,
    /// A tile slid by hand (its cell).
    pub on_slide: Callback<usize>,
    /// A disk moved by hand.
    pub on_move: Callback<HanoiMove>,
}

#[derive(Properties, PartialEq)]
pub struct PuzzleBoardProps {
    pub id: PuzzleId,
    /// Hand play, when the page plays this instance by hand.
    #[prop_or_default]
    pub played: Option<Played>,
    /// Whether the board takes no edits (an embedded page).
    #[prop_or_default]
    pub locked: bool,
    /// A lesson's pattern-database groups, coloured on the tiles (see [`super::board::BoardProps::groups`]).
    #[prop_or_default]
    pub groups: Option<Rc<[u8]>>,
}

/// The instance's board or pegs, at the position it shows, with its clocks.
#[component]
pub fn PuzzleBoard(props: &PuzzleBoardProps) -> Html {
    let lang = use_lang();
    let id = props.id;
    let store = use_puzzle_store(id);
    let puzzle = store.as_ref().and_then(|s| s.state.puzzle(id));
    let (playing, speed) = puzzle.map_or((false, 1), |p| (p.playback.playing(), p.playback.speed));
    let watch = store
        .as_ref()
        .zip(puzzle)
        .and_then(|(s, p)| p.solve_watch(&s.state.router));
    let dispatch = store
        .as_ref()
        .map(|s| s.dispatch.clone())
        .unwrap_or_default();
    use_playback_timer(id, playing, speed, dispatch.clone());
    use_silence_watchdog(id, watch, dispatch.clone());
    let Some(puzzle) = puzzle else {
        return Html::default();
    };
    let played = props.played.as_ref();
    let interaction = if played.is_some() {
        Interaction::HandPlay
    } else if puzzle.is_solving() || playing || props.locked {
        Interaction::Locked
    } else {
        Interaction::Edit
    };
    let step_ms = (speed_timing(speed).0 * 85 / 100).min(MAX_STEP_MS);
    let label: AttrValue = view_label(lang, puzzle, played.is_some()).into();
    let shown: Rc<[u8]> = match played {
        Some(p) => p.position.clone(),
        None => puzzle.shown().into(),
    };
    let spec = &puzzle.setup.puzzle;
    let goal: Rc<[u8]> = spec.goal().into();
    let edit = move |action: SetupAction| Action::Puzzle(id, action.into());
    let on_slide = played.map(|p| p.on_slide.clone()).unwrap_or_default();
    let on_move = played.map(|p| p.on_move.clone()).unwrap_or_default();
    let hinted = played.and_then(|p| p.hinted.map(|step| (step, p.position.clone())));
    match spec {
        PuzzleSpec::Sliding { width, height, .. } => {
            let on_swap = dispatch.reform(move |(a, b)| edit(SetupAction::SwapCells(a, b)));
            let hinted = hinted.and_then(|(step, at)| step_source(spec, &at, step));
            html! {
                <Board width={*width} height={*height} tiles={shown} {goal} {interaction} {step_ms}
                    {label} {on_swap} {on_slide} {hinted} groups={props.groups.clone()} />
            }
        }
        PuzzleSpec::Hanoi { pegs, .. } => {
            let on_place =
                dispatch.reform(move |(disk, peg)| edit(SetupAction::PlaceDisk { disk, peg }));
            let hinted = match hinted {
                Some((Step::Disk(mv), _)) => Some(mv),
                _ => None,
            };
            html! {
                <Pegs pegs={*pegs} position={shown} {goal} {interaction} {step_ms} {label}
                    {on_place} {on_move} {hinted} />
            }
        }
    }
}

/// What an instance's board shows, in words (its label for screen readers, and the lab's view label): the
/// position played by hand, the goal or the start being edited, or the solution's move.
pub fn view_label(lang: Lang, puzzle: &Puzzle, played: bool) -> String {
    match (played, puzzle.setup.editing, &puzzle.playback.replay) {
        (true, _, _) => lang.t(Page::ViewHandPlay).into(),
        (false, Side::Goal, _) => lang.t(Page::ViewEditingGoal).into(),
        (false, Side::Start, Some(r)) => lang.fill(Page::ViewSolutionAt, &[&r.cursor, &r.len()]),
        (false, Side::Start, None) => lang.t(Page::ViewEditingStart).into(),
    }
}

/// The instance's playback controls.
#[component]
pub fn PuzzlePlayback(props: &PuzzleIdProps) -> Html {
    let id = props.id;
    let Some(store) = use_puzzle_store(id) else {
        return Html::default();
    };
    let Some(puzzle) = store.state.puzzle(id) else {
        return Html::default();
    };
    let playback = &puzzle.playback;
    let replay = playback.replay.as_ref();
    let act = |action: PlaybackAction| {
        store
            .dispatch
            .reform(move |()| Action::Puzzle(id, action.into()))
    };
    html! {
        <PlaybackBar position={replay.map(|r| (r.cursor, r.len()))} playing={playback.playing()}
            speed={playback.speed}
            on_toggle={act(PlaybackAction::Toggle)}
            on_step_back={act(PlaybackAction::StepBack)}
            on_step_forward={act(PlaybackAction::StepForward)}
            on_seek={store.dispatch.reform(move |k| Action::Puzzle(id, PlaybackAction::Seek(k).into()))}
            on_speed={store.dispatch.reform(move |v| Action::Puzzle(id, PlaybackAction::SetSpeed(v).into()))}
            waiting={playback.waiting.as_ref().map(|r| r.len())}
            on_show_waiting={act(PlaybackAction::ShowWaiting)} />
    }
}

/// The instance's solve controls: algorithm, heuristic, budgets, warnings, Solve and Cancel.
#[component]
pub fn PuzzleSolveControls(props: &PuzzleIdProps) -> Html {
    let id = props.id;
    let Some(store) = use_puzzle_store(id) else {
        return Html::default();
    };
    let Some(puzzle) = store.state.puzzle(id) else {
        return Html::default();
    };
    let setup = &puzzle.setup;
    let dispatch = store
        .dispatch
        .reform(move |action: PuzzleAction| Action::Puzzle(id, action));
    html! {
        <SolveControls kind={setup.kind()} algorithm={setup.algorithm}
            heuristic={setup.heuristic} heuristics={heuristics_for(&setup.puzzle)}
            dfs_depth={setup.dfs_depth} max_states={setup.max_states}
            hints={setup.hints()} solving={puzzle.is_solving()}
            {dispatch} />
    }
}
