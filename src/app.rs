//! The page: the reducer, the worker's life, the animation timer, the address bar and the keyboard, and the layout.

use crate::browser::{self, fresh_seed};
use crate::components::board::Board;
use crate::components::compare::ComparePanel;
use crate::components::keys::use_window_keys;
use crate::components::language::LanguageSwitch;
use crate::components::move_list::{self, MoveList};
use crate::components::pegs::Pegs;
use crate::components::play_panel::PlayPanel;
use crate::components::player::Player;
use crate::components::preview::Preview;
use crate::components::puzzle_controls::PuzzleControls;
use crate::components::solvability::Solvability;
use crate::components::solve_controls::SolveControls;
use crate::components::stats_table::StatsTable;
use crate::components::status::StatusLine;
use crate::components::stepper::SearchStepper;
use crate::components::Interaction;
use crate::i18n::{self, Lang, Msg};
use crate::protocol::{Response, ResponseBody};
use crate::state::{speed_timing, Action, Mode, Run, Side, State, SILENCE_MS};
use crate::url;
use crate::worker_client::{WorkerClient, WorkerEvent};
use gloo::timers::callback::{Interval, Timeout};
use solver::query::PuzzleSpec;
use solver::sliding::Dir;
use solver::Status;
use std::cell::RefCell;
use std::rc::Rc;
use yew::prelude::*;

/// The longest slide or disk flight, in milliseconds, however slow the speed.
const MAX_STEP_MS: u32 = 320;

#[component]
pub fn App() -> Html {
    let state = use_reducer(|| State::from_search(&url::current_search(), fresh_seed()));
    // The interface language: remembered in local storage, given to every component as a context.
    let lang = use_state(i18n::remembered);
    use_effect_with(*lang, |&l| i18n::apply(l));
    let lang_handle = lang.clone();
    let lang = *lang;
    let on_language = {
        let lang = lang_handle.clone();
        Callback::from(move |l: Lang| lang.set(l))
    };
    let dispatch = {
        let d = state.dispatcher();
        use_callback((), move |action: Action, _| d.dispatch(action))
    };
    use_worker(&state);
    use_timers(&state);
    use_keyboard(&state);
    {
        // Every edit is in the address bar, without a history entry.
        let query = state.query_string();
        use_effect_with(query, |query| url::replace(query));
    }

    let on_share = {
        let d = state.dispatcher();
        Callback::from(move |_: MouseEvent| {
            let d = d.clone();
            let link = url::current_href();
            wasm_bindgen_futures::spawn_local(async move {
                let copied = browser::copy_text(&link).await;
                d.dispatch(Action::Shared { link, copied });
            });
        })
    };

    let playing = state.replay.as_ref().is_some_and(|r| r.playing);
    let interaction = if state.mode == Mode::Play {
        Interaction::Play
    } else if state.is_solving() || playing {
        Interaction::Locked
    } else {
        Interaction::Edit
    };
    let step_ms = (speed_timing(state.speed).0 * 85 / 100).min(MAX_STEP_MS);
    let label: AttrValue = match (state.mode, state.editing, &state.replay) {
        (Mode::Play, _, _) => lang.t(Msg::ViewPlaying).into(),
        (Mode::Setup, Side::Goal, _) => lang.t(Msg::ViewEditingGoal).into(),
        (Mode::Setup, Side::Start, Some(r)) => lang
            .fill(Msg::ViewSolutionAt, &[&r.cursor, &r.len()])
            .into(),
        (Mode::Setup, Side::Start, None) => lang.t(Msg::ViewEditingStart).into(),
    };
    let shown: Rc<[u8]> = state.shown().into();
    // The thumbnail shows the position not on the board, and a click edits it.
    let (preview_title, preview_position, preview_side) = match state.editing {
        Side::Start => (lang.t(Msg::Goal), state.puzzle.goal(), Side::Goal),
        Side::Goal => (lang.t(Msg::Start), state.puzzle.start(), Side::Start),
    };
    let preview = (state.mode == Mode::Setup).then(|| {
        let (board, pegs) = match &state.puzzle {
            PuzzleSpec::Sliding { width, height, .. } => (Some((*width, *height)), 0),
            PuzzleSpec::Hanoi { pegs, .. } => (None, *pegs),
        };
        html! {
            <Preview title={preview_title} {board} {pegs} position={Rc::<[u8]>::from(preview_position)}
                on_open={dispatch.reform(move |()| Action::SetEditing(preview_side))} />
        }
    });
    let goal: Rc<[u8]> = state.puzzle.goal().into();
    // Play mode's hinted move, highlighted on the board until the next move.
    let hinted = (state.mode == Mode::Play)
        .then(|| state.assist.hinted_step(&state.play))
        .flatten();
    let view = match &state.puzzle {
        PuzzleSpec::Sliding { width, height, .. } => {
            let on_swap = dispatch.reform(|(a, b)| Action::SwapCells(a, b));
            let on_slide = dispatch.reform(Action::SlideTile);
            let hinted =
                hinted.and_then(|step| crate::play::step_source(&state.puzzle, &state.play, step));
            html! {
                <Board width={*width} height={*height} tiles={shown} {goal} {interaction} {step_ms}
                    label={label.clone()} {on_swap} {on_slide} {hinted} />
            }
        }
        PuzzleSpec::Hanoi { pegs, .. } => {
            let on_place = dispatch.reform(|(disk, peg)| Action::PlaceDisk { disk, peg });
            let on_move = dispatch.reform(Action::MoveDisk);
            let hinted = match hinted {
                Some(crate::state::Step::Disk(mv)) => Some(mv),
                _ => None,
            };
            html! {
                <Pegs pegs={*pegs} position={shown} {goal} {interaction} {step_ms} label={label.clone()}
                    {on_place} {on_move} {hinted} />
            }
        }
    };
    let dims = match &state.puzzle {
        PuzzleSpec::Sliding { width, height, .. } => (*width, *height),
        PuzzleSpec::Hanoi { pegs, disks, .. } => (*pegs, *disks),
    };
    let progress = match &state.run {
        Run::Solving(p) => Some(p.clone()),
        _ => None,
    };
    let report = match &state.run {
        Run::Finished(r) => Some(r.clone()),
        _ => None,
    };
    let length = report
        .as_ref()
        .filter(|r| r.status == Status::Solved)
        .map(|r| r.length);
    let replay = state.replay.as_ref();
    let total = replay.map_or(0, |r| r.len());
    let window = move_list::window(replay.map_or(0, |r| r.cursor), total);
    let reduced = browser::prefers_reduced_motion();

    html! {
        <ContextProvider<Lang> context={lang}>
        <div class={classes!("app", reduced.then_some("reduced-motion"))}>
            <header class="topbar">
                <div class="brand">
                    <span class="logo" aria-hidden="true">{ "◧" }</span>
                    <h1>{ lang.t(Msg::AppName) }</h1>
                    <span class="tagline">{ lang.t(Msg::Tagline) }</span>
                </div>
                <LanguageSwitch {lang} on_change={on_language} />
                <button type="button" class="share" data-testid="share" onclick={on_share}
                    title={lang.t(Msg::ShareTitle)}>{ lang.t(Msg::Share) }</button>
            </header>
            <main class="layout">
                <section class="stage card" aria-label={lang.t(Msg::PuzzleView)}>
                    <div class="stage-head">
                        <Solvability verdict={state.solvability()} />
                        <span class="view-label">{ label }</span>
                        { for preview }
                    </div>
                    <div class="view">{ view }</div>
                    if state.mode == Mode::Play {
                        <PlayPanel puzzle={Rc::new(state.puzzle.clone())} position={Rc::<[u8]>::from(state.play.as_slice())}
                            moves={state.play_moves} last={state.assist.history.last().copied()}
                            can_undo={!state.assist.history.is_empty()} can_redo={!state.assist.redo.is_empty()}
                            hint={state.assist.hint.clone()} optimum={state.assist.optimum}
                            solving={state.is_solving()} dispatch={dispatch.clone()} />
                    }
                    <Player position={replay.map(|r| (r.cursor, r.len()))} {playing} speed={state.speed}
                        on_toggle={dispatch.reform(|()| Action::TogglePlay)}
                        on_step_back={dispatch.reform(|()| Action::StepBack)}
                        on_step_forward={dispatch.reform(|()| Action::StepForward)}
                        on_seek={dispatch.reform(Action::Seek)}
                        on_speed={dispatch.reform(Action::SetSpeed)} />
                </section>
                <aside class="side">
                    <PuzzleControls kind={state.kind()} {dims} mode={state.mode} editing={state.editing}
                        scramble_moves={state.scramble_moves} dispatch={dispatch.clone()} />
                    <SolveControls kind={state.kind()} algorithm={state.algorithm} heuristic={state.heuristic}
                        heuristics={crate::state::heuristics_for(&state.puzzle)}
                        dfs_depth={state.dfs_depth} max_states={state.max_states} hints={state.hints()} solving={state.is_solving()}
                        dispatch={dispatch.clone()} />
                    <StatusLine status={state.status()} {progress} {length} message={state.message()}
                        share_link={state.share_link.clone().map(AttrValue::from)}
                        dismissable={state.notice.is_some()}
                        on_dismiss={dispatch.reform(|()| Action::DismissNotice)} />
                    <StatsTable {report} />
                    <MoveList {total} first={window.0} words={state.move_words(window.0, window.1)}
                        cursor={replay.map_or(0, |r| r.cursor)} on_seek={dispatch.reform(Action::Seek)} />
                </aside>
            </main>
            <div class="lab">
                <ComparePanel compare={state.compare.clone()} puzzle={state.puzzle.clone()}
                    solving={state.is_solving()} dispatch={dispatch.clone()} />
                if state.traceable() {
                    if let PuzzleSpec::Hanoi { disks, .. } = &state.puzzle {
                        <SearchStepper disks={*disks} trace={state.trace.clone()} algorithm={state.algorithm} />
                    } else if let PuzzleSpec::Sliding { width, .. } = &state.puzzle {
                        <SearchStepper disks={0} width={*width} trace={state.trace.clone()} algorithm={state.algorithm} />
                    }
                }
            </div>
            <footer class="footer">
                { lang.t(Msg::Footer) }
            </footer>
        </div>
        </ContextProvider<Lang>>
    }
}

/// The worker: a fresh one per `worker_generation` (the old one is terminated), and each new request posted.
#[hook]
fn use_worker(state: &UseReducerHandle<State>) {
    let client: Rc<RefCell<Option<WorkerClient>>> = use_mut_ref(|| None);
    let spawn = {
        let d = state.dispatcher();
        move || WorkerClient::spawn(move |event| d.dispatch(Action::Worker(event)))
    };
    {
        let client = client.clone();
        let d = state.dispatcher();
        let spawn = spawn.clone();
        use_effect_with(state.worker_generation, move |_| {
            match spawn() {
                Ok(c) => *client.borrow_mut() = Some(c),
                Err(e) => d.dispatch(Action::Worker(unavailable(0, e.to_string()))),
            }
            // Dropping the client terminates its worker.
            move || drop(client.borrow_mut().take())
        });
    }
    {
        let d = state.dispatcher();
        use_effect_with(state.outbox.clone(), move |outbox| {
            let Some(request) = outbox else {
                return;
            };
            let mut slot = client.borrow_mut();
            if slot.is_none() {
                match spawn() {
                    Ok(c) => *slot = Some(c),
                    Err(e) => {
                        return d.dispatch(Action::Worker(unavailable(request.id, e.to_string())))
                    }
                }
            }
            if let Some(Err(e)) = slot.as_ref().map(|c| c.post(request)) {
                drop(slot);
                d.dispatch(Action::Worker(unavailable(request.id, e.to_string())));
            }
        });
    }
}

fn unavailable(id: u64, message: String) -> WorkerEvent {
    WorkerEvent::Message(Response {
        id,
        body: ResponseBody::Error { message },
    })
}

/// The animation's ticking and the solver's silence watchdog.
#[hook]
fn use_timers(state: &UseReducerHandle<State>) {
    let playing = state.replay.as_ref().is_some_and(|r| r.playing);
    {
        let d = state.dispatcher();
        use_effect_with((playing, state.speed), move |&(playing, speed)| {
            let interval = playing
                .then(|| Interval::new(speed_timing(speed).0, move || d.dispatch(Action::Tick)));
            move || drop(interval)
        });
    }
    let watch = match &state.run {
        Run::Solving(p) => Some((p.id, p.heard)),
        _ => None,
    };
    let d = state.dispatcher();
    use_effect_with(watch, move |watch| {
        let timeout = watch.map(|(id, heard)| {
            Timeout::new(SILENCE_MS, move || {
                d.dispatch(Action::WorkerSilent { id, heard })
            })
        });
        move || drop(timeout)
    });
}

/// Arrow keys slide tiles in play mode (the tile moves the way the arrow points); Escape cancels a search.
#[hook]
fn use_keyboard(state: &UseReducerHandle<State>) {
    let d = state.dispatcher();
    let sliding_play =
        state.mode == Mode::Play && matches!(state.puzzle, PuzzleSpec::Sliding { .. });
    use_window_keys(sliding_play, move |&sliding_play, e| {
        if e.ctrl_key() || e.meta_key() {
            return;
        }
        let blank = match e.key().as_str() {
            "Escape" => {
                // Stops a compare run too (nothing happens if none is running).
                d.dispatch(Action::Compare(crate::compare::CompareAction::CancelAll));
                return d.dispatch(Action::Cancel);
            }
            _ if !sliding_play => return,
            // The tile moves with the arrow, so the blank moves against it.
            "ArrowUp" => Dir::Down,
            "ArrowDown" => Dir::Up,
            "ArrowLeft" => Dir::Right,
            "ArrowRight" => Dir::Left,
            _ => return,
        };
        e.prevent_default();
        d.dispatch(Action::MoveBlank(blank));
    });
}
