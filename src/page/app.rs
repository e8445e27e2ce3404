//! The page's layout. The store (`hooks::lab`) runs the reducer and its effects; the clocks, the keys and the address
//! bar follow the state; the components only read it and send actions. An embedded page (`embed=1`) shows only
//! the puzzle, the playback and the result.

use crate::browser::{self, fresh_seed};
use crate::page::components::board::Board;
use crate::page::components::compare::ComparePanel;
use crate::page::components::exercise::ExercisePanel;
use crate::page::components::export_menu::ExportMenu;
use crate::page::components::hand_play_panel::HandPlayPanel;
use crate::page::components::language::LanguageSwitch;
use crate::page::components::move_list::{self, MoveList};
use crate::page::components::pegs::Pegs;
use crate::page::components::playback_bar::PlaybackBar;
use crate::page::components::preview::Preview;
use crate::page::components::puzzle_controls::PuzzleControls;
use crate::page::components::solvability::Solvability;
use crate::page::components::solve_controls::SolveControls;
use crate::page::components::stats_table::StatsTable;
use crate::page::components::status::StatusLine;
use crate::page::components::stepper::SearchStepper;
use crate::page::components::tree::SearchTreePanel;
use crate::page::components::truth_panel::TruthPanel;
use crate::page::components::update_notice::UpdateNotice;
use crate::page::components::Interaction;
use crate::page::export::ExportContext;
use crate::page::export_run::file_stem;
use crate::page::export_svg::position_svg;
use crate::page::hooks::keys::use_page_keys;
use crate::page::hooks::lab::use_lab;
use crate::page::hooks::release::use_release;
use crate::page::hooks::timers::{use_playback_timer, use_silence_watchdog};
use crate::page::i18n::{self, Lang, Msg};
use crate::page::state::hand_play::HandPlayAction;
use crate::page::state::notices::{Copied, NoticeAction};
use crate::page::state::playback::{speed_timing, PlaybackAction};
use crate::page::state::setup::{heuristics_for, SetupAction, Side};
use crate::page::state::share::ShareAction;
use crate::page::state::solve::{bound_text, Run};
use crate::page::state::stepping::StepAction;
use crate::page::state::steps::{step_source, Step};
use crate::page::state::truth::TruthAction;
use crate::page::state::{Action, Mode, State};
use crate::page::url;
use solver::query::PuzzleSpec;
use std::rc::Rc;
use yew::prelude::*;

/// The longest slide or disk flight, in milliseconds, however slow the speed.
const MAX_STEP_MS: u32 = 320;

#[component]
pub fn App() -> Html {
    let (state, dispatch) = use_lab(|| State::from_search(&url::current_search(), fresh_seed()));
    // The interface language: remembered in local storage, given to every component as a context.
    let lang = use_state(i18n::remembered);
    use_effect_with(*lang, |&l| i18n::apply(l));
    let lang_handle = lang.clone();
    let lang = *lang;
    let on_language = {
        let lang = lang_handle.clone();
        Callback::from(move |l: Lang| lang.set(l))
    };
    // Offline: the service worker, and a line when a newer release waits.
    let (release, on_reload) = use_release();
    let playing = state.playback.playing();
    use_playback_timer(playing, state.playback.speed, dispatch.clone());
    use_silence_watchdog(state.solve_watch(), dispatch.clone());
    use_page_keys(
        state.mode == Mode::HandPlay && matches!(state.setup.puzzle, PuzzleSpec::Sliding { .. }),
        dispatch.clone(),
    );
    {
        // Every edit is in the address bar, without a history entry.
        let query = state.address();
        use_effect_with(query, |query| url::replace(query));
    }
    {
        // A link that names a move (or an embedded page) solves its run once the page is up.
        let d = dispatch.clone();
        use_effect_with((), move |_| d.emit(Action::Share(ShareAction::Opened)));
    }

    // Share and Copy embed code: a link to the run at the playback's move, or an iframe of it.
    let copy = |what: Copied| {
        let (d, state) = (dispatch.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            let base = url::app_base();
            let text = match what {
                Copied::Link => format!("{base}?{}", state.link(false)),
                Copied::EmbedCode => {
                    url::embed_code(&base, &state.link(true), lang.t(Msg::AppName))
                }
            };
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let copied = browser::copy_text(&text).await;
                d.emit(Action::Notice(NoticeAction::Copied { what, text, copied }));
            });
        })
    };
    let embed = state.share.embed;

    let interaction = if state.mode == Mode::HandPlay {
        Interaction::HandPlay
    } else if state.is_solving() || playing || embed {
        Interaction::Locked
    } else {
        Interaction::Edit
    };
    let puzzle = &state.setup.puzzle;
    let replay = state.playback.replay.as_ref();
    let step_ms = (speed_timing(state.playback.speed).0 * 85 / 100).min(MAX_STEP_MS);
    let label: AttrValue = match (state.mode, state.setup.editing, replay) {
        (Mode::HandPlay, _, _) => lang.t(Msg::ViewHandPlay).into(),
        (Mode::Setup, Side::Goal, _) => lang.t(Msg::ViewEditingGoal).into(),
        (Mode::Setup, Side::Start, Some(r)) => lang
            .fill(Msg::ViewSolutionAt, &[&r.cursor, &r.len()])
            .into(),
        (Mode::Setup, Side::Start, None) => lang.t(Msg::ViewEditingStart).into(),
    };
    let shown: Rc<[u8]> = state.shown().into();
    // The thumbnail shows the position not on the board, and a click edits it.
    let (preview_title, preview_position, preview_side) = match state.setup.editing {
        Side::Start => (lang.t(Msg::Goal), puzzle.goal(), Side::Goal),
        Side::Goal => (lang.t(Msg::Start), puzzle.start(), Side::Start),
    };
    let preview = (state.mode == Mode::Setup && !embed).then(|| {
        let (board, pegs) = match puzzle {
            PuzzleSpec::Sliding { width, height, .. } => (Some((*width, *height)), 0),
            PuzzleSpec::Hanoi { pegs, .. } => (None, *pegs),
        };
        html! {
            <Preview title={preview_title} {board} {pegs} position={Rc::<[u8]>::from(preview_position)}
                on_open={dispatch.reform(move |()| Action::Setup(SetupAction::SetEditing(preview_side)))} />
        }
    });
    let goal: Rc<[u8]> = puzzle.goal().into();
    // Hand play's hinted move, highlighted on the board until the next move.
    let hinted = (state.mode == Mode::HandPlay)
        .then(|| state.hand_play.hinted_step())
        .flatten();
    let view = match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => {
            let on_swap = dispatch.reform(|(a, b)| Action::Setup(SetupAction::SwapCells(a, b)));
            let on_slide =
                dispatch.reform(|cell| Action::HandPlay(HandPlayAction::SlideTile(cell)));
            let hinted =
                hinted.and_then(|step| step_source(puzzle, &state.hand_play.position, step));
            html! {
                <Board width={*width} height={*height} tiles={shown} {goal} {interaction} {step_ms}
                    label={label.clone()} {on_swap} {on_slide} {hinted} />
            }
        }
        PuzzleSpec::Hanoi { pegs, .. } => {
            let on_place =
                dispatch.reform(|(disk, peg)| Action::Setup(SetupAction::PlaceDisk { disk, peg }));
            let on_move = dispatch.reform(|mv| Action::HandPlay(HandPlayAction::MoveDisk(mv)));
            let hinted = match hinted {
                Some(Step::Disk(mv)) => Some(mv),
                _ => None,
            };
            html! {
                <Pegs pegs={*pegs} position={shown} {goal} {interaction} {step_ms} label={label.clone()}
                    {on_place} {on_move} {hinted} />
            }
        }
    };
    let dims = match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => (*width, *height),
        PuzzleSpec::Hanoi { pegs, disks, .. } => (*pegs, *disks),
    };
    let progress = match &state.solve.run {
        Run::Solving(p) => Some(p.clone()),
        _ => None,
    };
    let report = match &state.solve.run {
        Run::Finished(r) => Some(r.clone()),
        _ => None,
    };
    // The answer shown: the finished run's, or the best so far of one still improving it.
    let answer = state.solve.answer();
    let length = answer.map(|r| r.length);
    let bound = answer.and_then(|r| r.lower_bound.map(|lb| bound_text(r.length, lb)));
    let total = replay.map_or(0, |r| r.len());
    let window = move_list::window(replay.map_or(0, |r| r.cursor), total);
    let reduced = browser::prefers_reduced_motion();
    let on_stepper = dispatch.reform(|at| Action::Truth(TruthAction::StepperAt(at)));
    // File names say the puzzle and the algorithm: the finished run's, else the choices made.
    let export = {
        let (algorithm, heuristic) = match &report {
            Some(r) => (r.algorithm, r.heuristic.clone()),
            None => (
                state.setup.algorithm,
                Some(state.setup.heuristic.to_string()),
            ),
        };
        ExportContext {
            stem: file_stem(puzzle, algorithm, heuristic.as_deref()).into(),
            on_error: dispatch.reform(|why| Action::Notice(NoticeAction::ExportFailed(why))),
        }
    };
    let view_id = match puzzle {
        PuzzleSpec::Sliding { .. } => "board",
        PuzzleSpec::Hanoi { .. } => "pegs",
    };
    let draw = {
        let (puzzle, shown) = (puzzle.clone(), state.shown().to_vec());
        Callback::from(move |()| position_svg(&puzzle, &shown))
    };

    let stage = html! {
        <section class="stage card" aria-label={lang.t(Msg::PuzzleView)}>
            <div class="stage-head">
                <Solvability verdict={state.setup.solvability()} />
                <span class="view-label">{ label }</span>
                { for preview }
                if !embed {
                    <ExportMenu query={Rc::new(state.setup.query())} report={report.clone()}
                        view={view_id} {draw} />
                }
            </div>
            <div class="view">{ view }</div>
            if state.mode == Mode::HandPlay {
                <HandPlayPanel puzzle={Rc::new(puzzle.clone())}
                    position={Rc::<[u8]>::from(state.hand_play.position.as_slice())}
                    moves={state.hand_play.moves} last={state.hand_play.history.last().copied()}
                    can_undo={!state.hand_play.history.is_empty()} can_redo={!state.hand_play.redo.is_empty()}
                    hint={state.hand_play.hint.clone()} optimum={state.hand_play.optimum}
                    solving={state.is_solving()} dispatch={dispatch.clone()} />
            }
            <PlaybackBar position={replay.map(|r| (r.cursor, r.len()))} {playing} speed={state.playback.speed}
                on_toggle={dispatch.reform(|()| Action::Playback(PlaybackAction::Toggle))}
                on_step_back={dispatch.reform(|()| Action::Playback(PlaybackAction::StepBack))}
                on_step_forward={dispatch.reform(|()| Action::Playback(PlaybackAction::StepForward))}
                on_seek={dispatch.reform(|k| Action::Playback(PlaybackAction::Seek(k)))}
                on_speed={dispatch.reform(|v| Action::Playback(PlaybackAction::SetSpeed(v)))}
                waiting={state.playback.waiting.as_ref().map(|r| r.len())}
                on_show_waiting={dispatch.reform(|()| Action::Playback(PlaybackAction::ShowWaiting))} />
        </section>
    };
    let status = html! {
        <StatusLine status={state.status()} {progress} waiting={state.solve_waiting()} {length} {bound}
            message={state.message()}
            share_link={state.notices.share_link.clone().map(AttrValue::from)}
            tables_build={state.tables_build}
            dismissable={state.notices.notice.is_some()}
            on_dismiss={dispatch.reform(|()| Action::Notice(NoticeAction::Dismiss))} />
    };
    let class = classes!(
        "app",
        reduced.then_some("reduced-motion"),
        embed.then_some("embed")
    );
    if embed {
        // The full app, at the same run and move, opens in a new tab (out of the host page's frame).
        let full = format!("{}?{}", url::app_base(), state.link(false));
        return html! {
            <ContextProvider<Lang> context={lang}>
            <div {class} data-testid="embed">
                <main class="embed-layout">
                    { stage }
                    { status }
                    <p class="embed-foot">
                        <a href={full} target="_blank" rel="noopener" data-testid="embed-open"
                            title={lang.t(Msg::EmbedOpenFullTitle)}>{ lang.t(Msg::EmbedOpenFull) }</a>
                    </p>
                </main>
            </div>
            </ContextProvider<Lang>>
        };
    }
    let on_go = dispatch.reform(|to| Action::Step(StepAction::Go(to)));

    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<ExportContext> context={export}>
        <div {class}>
            <header class="topbar">
                <div class="brand">
                    <span class="logo" aria-hidden="true">{ "◧" }</span>
                    <h1>{ lang.t(Msg::AppName) }</h1>
                    <span class="tagline">{ lang.t(Msg::Tagline) }</span>
                </div>
                <LanguageSwitch {lang} on_change={on_language} />
                <div class="share-buttons">
                    <button type="button" class="share" data-testid="share" onclick={copy(Copied::Link)}
                        title={lang.t(Msg::ShareTitle)}>{ lang.t(Msg::Share) }</button>
                    <button type="button" class="share" data-testid="embed-code" onclick={copy(Copied::EmbedCode)}
                        title={lang.t(Msg::EmbedCodeTitle)}>{ lang.t(Msg::EmbedCode) }</button>
                </div>
            </header>
            <UpdateNotice {release} {on_reload} />
            <main class="layout">
                { stage }
                <aside class="side">
                    <PuzzleControls kind={state.setup.kind()} {dims} mode={state.mode} editing={state.setup.editing}
                        scramble_moves={state.setup.scramble_moves} dispatch={dispatch.clone()} />
                    <SolveControls kind={state.setup.kind()} algorithm={state.setup.algorithm}
                        heuristic={state.setup.heuristic} heuristics={heuristics_for(puzzle)}
                        dfs_depth={state.setup.dfs_depth} max_states={state.setup.max_states}
                        hints={state.setup.hints()} solving={state.is_solving()}
                        dispatch={dispatch.clone()} />
                    { status }
                    <StatsTable {report} />
                    <MoveList {total} first={window.0} words={state.playback.move_words(puzzle, window.0, window.1)}
                        cursor={replay.map_or(0, |r| r.cursor)}
                        on_seek={dispatch.reform(|k| Action::Playback(PlaybackAction::Seek(k)))} />
                </aside>
            </main>
            <div class="lab">
                <ComparePanel compare={state.compare.clone()} puzzle={puzzle.clone()}
                    solving={state.is_solving()} dispatch={dispatch.clone()} />
                <TruthPanel truth={state.truth.clone()} kind={state.setup.kind()} stepper={state.setup.traceable()}
                    dispatch={dispatch.clone()} />
                if state.setup.traceable() {
                    if let PuzzleSpec::Hanoi { disks, .. } = puzzle {
                        <SearchStepper disks={*disks} trace={state.solve.trace.clone()} algorithm={state.setup.algorithm}
                            at={state.stepping.at} on_go={on_go.clone()} on_current={on_stepper.clone()} />
                    } else if let PuzzleSpec::Sliding { width, .. } = puzzle {
                        <SearchStepper disks={0} width={*width} trace={state.solve.trace.clone()} algorithm={state.setup.algorithm}
                            at={state.stepping.at} on_go={on_go.clone()} on_current={on_stepper} />
                    }
                    if let Some(trace) = state.solve.trace.clone() {
                        <div class="tree-lab">
                            <SearchTreePanel trace={trace.clone()} at={state.stepping.at}
                                exercise={state.stepping.exercise.clone()} dispatch={dispatch.clone()} />
                            <ExercisePanel {trace} at={state.stepping.at}
                                exercise={state.stepping.exercise.clone()} dispatch={dispatch.clone()} />
                        </div>
                    }
                }
            </div>
            <footer class="footer">
                { lang.t(Msg::Footer) }
            </footer>
        </div>
        </ContextProvider<ExportContext>>
        </ContextProvider<Lang>>
    }
}
