//! The lab page's layout. The store (`hooks::lab`) runs the reducer and its effects, and is given to the parts on
//! the page as a context (`hooks::store`); the keys and the address bar follow the state; the components only read
//! it and send actions. The lab's puzzle is one puzzle instance, placed in parts (`components::puzzle_view`): its
//! board in the stage (with hand play laid over it), its playback under the board, its solve controls at the side.
//! An embedded page (`embed=1`) shows only the puzzle, the playback and the result.

use crate::browser::{self, fresh_seed};
use crate::page::components::compare::ComparePanel;
use crate::page::components::exercise::ExercisePanel;
use crate::page::components::export_menu::ExportMenu;
use crate::page::components::hand_play_panel::HandPlayPanel;
use crate::page::components::language::LanguageSwitch;
use crate::page::components::move_list::{self, MoveList};
use crate::page::components::preview::Preview;
use crate::page::components::puzzle_controls::PuzzleControls;
use crate::page::components::puzzle_view::{
    view_label, Played, PuzzleBoard, PuzzlePlayback, PuzzleSolveControls,
};
use crate::page::components::solvability::Solvability;
use crate::page::components::stats_table::StatsTable;
use crate::page::components::status::StatusLine;
use crate::page::components::stepper::SearchStepper;
use crate::page::components::tree::SearchTreePanel;
use crate::page::components::truth_panel::TruthPanel;
use crate::page::components::update_notice::UpdateNotice;
use crate::page::export::ExportContext;
use crate::page::export_run::file_stem;
use crate::page::export_svg::position_svg;
use crate::page::hooks::keys::use_page_keys;
use crate::page::hooks::lab::use_lab;
use crate::page::hooks::release::use_release;
use crate::page::hooks::store::StoreContext;
use crate::page::i18n::{self, Lang, Page, Sharing};
use crate::page::lessons::link::{href as lesson_href, Lesson, LessonLink};
use crate::page::lessons::page::LessonPage;
use crate::page::state::hand_play::HandPlayAction;
use crate::page::state::notices::{Copied, NoticeAction};
use crate::page::state::playback::PlaybackAction;
use crate::page::state::setup::{SetupAction, Side};
use crate::page::state::share::ShareAction;
use crate::page::state::solve::{bound_text, Run};
use crate::page::state::stepping::StepAction;
use crate::page::state::truth::TruthAction;
use crate::page::state::{Action, Mode, PuzzleId, State};
use crate::page::url;
use solver::query::PuzzleSpec;
use solver::Report;
use std::rc::Rc;
use yew::prelude::*;

#[component]
pub fn App() -> Html {
    let (state, hub) = use_lab(|| State::from_search(&url::current_search(), fresh_seed()));
    let dispatch = hub.dispatch();
    // A lesson link (`?lesson=hanoi#section`) opens the Lessons view, on the same store and worker.
    let lesson = use_memo((), |_| {
        LessonLink::read(&url::current_search(), &url::current_fragment())
    });
    // The interface language: a link's `lang=`, else the one remembered in local storage; given to every
    // component as a context.
    let lang =
        use_state(|| url::read_lang(&url::current_search()).unwrap_or_else(i18n::remembered));
    use_effect_with(*lang, |&l| i18n::apply(l));
    // One identity for the page's life: the lessons' frame then redraws only when the language changes.
    let on_language = {
        let set = lang.setter();
        use_callback((), move |l: Lang, _| set.set(l))
    };
    let lang = *lang;
    // Offline: the service worker, and a line when a newer release waits.
    let (release, on_reload) = use_release();
    use_page_keys(
        state.mode == Mode::HandPlay
            && matches!(state.lab.setup.puzzle, PuzzleSpec::Sliding { .. }),
        dispatch.clone(),
    );
    {
        // Every edit is in the address bar, without a history entry.
        let query = state.address();
        let lab = lesson.is_none();
        use_effect_with((query, lab), |(query, lab)| {
            if *lab {
                url::replace(query)
            }
        });
    }
    {
        // A link that names a move (or an embedded page) solves its run once the page is up.
        let d = dispatch.clone();
        use_effect_with((), move |_| d.emit(Action::Share(ShareAction::Opened)));
    }

    let store = StoreContext(hub);
    if let Some(link) = (*lesson).clone() {
        return html! {
            <ContextProvider<Lang> context={lang}>
            <ContextProvider<StoreContext> context={store}>
                <LessonPage {link} {lang} {on_language} />
            </ContextProvider<StoreContext>>
            </ContextProvider<Lang>>
        };
    }
    let report = finished_report(&state);
    let stage = stage(&state, &dispatch, lang, report.clone());
    let status = status_line(&state, &dispatch);
    let class = classes!(
        "app",
        browser::prefers_reduced_motion().then_some("reduced-motion"),
        state.share.embed.then_some("embed")
    );
    if state.share.embed {
        // The full app, at the same run and move, opens in a new tab (out of the host page's frame).
        let full = format!("{}?{}", url::app_base(), state.link(false));
        return html! {
            <ContextProvider<Lang> context={lang}>
            <ContextProvider<StoreContext> context={store}>
            <div {class} data-testid="embed">
                <main class="embed-layout">
                    <h1 class="sr-only">{ lang.t(Page::AppName) }</h1>
                    { stage }
                    { status }
                    <p class="embed-foot">
                        <a href={full} target="_blank" rel="noopener" data-testid="embed-open"
                            title={lang.t(Sharing::EmbedOpenFullTitle)}>{ lang.t(Sharing::EmbedOpenFull) }</a>
                    </p>
                </main>
            </div>
            </ContextProvider<StoreContext>>
            </ContextProvider<Lang>>
        };
    }
    let export = export_context(&state, &dispatch, report.as_deref());

    html! {
        <ContextProvider<Lang> context={lang}>
        <ContextProvider<ExportContext> context={export}>
        <ContextProvider<StoreContext> context={store}>
        <div {class}>
            { topbar(&state, &dispatch, lang, on_language) }
            <UpdateNotice {release} {on_reload} />
            // One landmark for the whole lab: the puzzle with its controls, then the panels under it.
            <main>
                <div class="layout">
                    { stage }
                    <aside class="side">
                        <PuzzleControls kind={state.lab.setup.kind()} dims={dims(&state.lab.setup.puzzle)}
                            mode={state.mode} editing={state.lab.setup.editing}
                            scramble_moves={state.lab.setup.scramble_moves} dispatch={dispatch.clone()} />
                        <PuzzleSolveControls id={PuzzleId::Lab} />
                        { status }
                        <StatsTable {report} />
                        { move_list(&state, &dispatch) }
                    </aside>
                </div>
                { lab_panels(&state, &dispatch, lang) }
            </main>
            <footer class="footer">
                { lang.t(Page::Footer) }
            </footer>
        </div>
        </ContextProvider<StoreContext>>
        </ContextProvider<ExportContext>>
        </ContextProvider<Lang>>
    }
}

/// The finished run's report, if the lab's run has finished.
fn finished_report(state: &State) -> Option<Rc<Report>> {
    match &state.lab.solve.run {
        Run::Finished(r) => Some(r.clone()),
        _ => None,
    }
}

/// Width and height (sliding) or pegs and disks (Hanoi).
fn dims(puzzle: &PuzzleSpec) -> (u8, u8) {
    match puzzle {
        PuzzleSpec::Sliding { width, height, .. } => (*width, *height),
        PuzzleSpec::Hanoi { pegs, disks, .. } => (*pegs, *disks),
    }
}

/// The header: the app's name, the language, and Share and Copy embed code.
fn topbar(
    state: &Rc<State>,
    dispatch: &Callback<Action>,
    lang: Lang,
    on_language: Callback<Lang>,
) -> Html {
    // Share and Copy embed code: a link to the run at the playback's move, or an iframe of it.
    let copy = |what: Copied| {
        let (d, state) = (dispatch.clone(), state.clone());
        Callback::from(move |_: MouseEvent| {
            let base = url::app_base();
            let text = match what {
                Copied::Link => format!("{base}?{}", state.link(false)),
                Copied::EmbedCode => {
                    url::embed_code(&base, &state.link(true), lang.t(Page::AppName))
                }
            };
            let d = d.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let copied = browser::copy_text(&text).await;
                d.emit(Action::Notice(NoticeAction::Copied { what, text, copied }));
            });
        })
    };
    html! {
        <header class="topbar">
            <div class="brand">
                <span class="logo" aria-hidden="true">{ "◧" }</span>
                <h1>{ lang.t(Page::AppName) }</h1>
                <span class="tagline">{ lang.t(Page::Tagline) }</span>
            </div>
            <LanguageSwitch {lang} on_change={on_language} />
            <a class="lessons-link" data-testid="lessons-link"
                href={format!("?{}", lesson_href(Lesson::Hanoi, lang, None, false))}>{ lang.t(Page::Lessons) }</a>
            <div class="share-buttons">
                <button type="button" class="share" data-testid="share" onclick={copy(Copied::Link)}
                    title={lang.t(Sharing::ShareTitle)}>{ lang.t(Sharing::Share) }</button>
                <button type="button" class="share" data-testid="embed-code" onclick={copy(Copied::EmbedCode)}
                    title={lang.t(Sharing::EmbedCodeTitle)}>{ lang.t(Sharing::EmbedCode) }</button>
            </div>
        </header>
    }
}

/// The stage: the lab's puzzle with its label, the thumbnail of the other side, the export menu, hand play and
/// the playback.
fn stage(
    state: &State,
    dispatch: &Callback<Action>,
    lang: Lang,
    report: Option<Rc<Report>>,
) -> Html {
    let embed = state.share.embed;
    let setup = &state.lab.setup;
    let puzzle = &setup.puzzle;
    let hand_play = state.mode == Mode::HandPlay;
    let label = view_label(lang, &state.lab, hand_play);
    // The thumbnail shows the position not on the board, and a click edits it.
    let (preview_title, preview_position, preview_side) = match setup.editing {
        Side::Start => (lang.t(Page::Goal), puzzle.goal(), Side::Goal),
        Side::Goal => (lang.t(Page::Start), puzzle.start(), Side::Start),
    };
    let preview = (state.mode == Mode::Setup && !embed).then(|| {
        let (board, pegs) = match puzzle {
            PuzzleSpec::Sliding { width, height, .. } => (Some((*width, *height)), 0),
            PuzzleSpec::Hanoi { pegs, .. } => (None, *pegs),
        };
        html! {
            <Preview title={preview_title} {board} {pegs} position={Rc::<[u8]>::from(preview_position)}
                on_open={dispatch.reform(move |()| Action::lab(SetupAction::SetEditing(preview_side)))} />
        }
    });
    // Hand play is laid over the board: its position, its hinted move (until the next move), its moves.
    let played = hand_play.then(|| Played {
        position: state.hand_play.position.as_slice().into(),
        hinted: state.hand_play.hinted_step(),
        on_slide: dispatch.reform(|cell| Action::HandPlay(HandPlayAction::SlideTile(cell))),
        on_move: dispatch.reform(|mv| Action::HandPlay(HandPlayAction::MoveDisk(mv))),
    });
    let view_id = match puzzle {
        PuzzleSpec::Sliding { .. } => "board",
        PuzzleSpec::Hanoi { .. } => "pegs",
    };
    let draw = {
        let (puzzle, shown) = (puzzle.clone(), state.shown().to_vec());
        Callback::from(move |()| position_svg(&puzzle, &shown))
    };
    html! {
        <section class="stage card" aria-label={lang.t(Page::PuzzleView)}>
            <div class="stage-head">
                <Solvability verdict={setup.solvability()} />
                <span class="view-label">{ label }</span>
                { for preview }
                if !embed {
                    <ExportMenu query={Rc::new(setup.query())} {report} view={view_id} {draw} />
                }
            </div>
            <div class="view"><PuzzleBoard id={PuzzleId::Lab} {played} locked={embed} /></div>
            if hand_play {
                <HandPlayPanel puzzle={Rc::new(puzzle.clone())}
                    position={Rc::<[u8]>::from(state.hand_play.position.as_slice())}
                    moves={state.hand_play.moves} last={state.hand_play.history.last().copied()}
                    can_undo={!state.hand_play.history.is_empty()} can_redo={!state.hand_play.redo.is_empty()}
                    hint={state.hand_play.hint.clone()} optimum={state.hand_play.optimum}
                    solving={state.is_solving()} dispatch={dispatch.clone()} />
            }
            <PuzzlePlayback id={PuzzleId::Lab} />
        </section>
    }
}

/// The status line of the lab's run, with the page's notices.
fn status_line(state: &State, dispatch: &Callback<Action>) -> Html {
    let progress = match &state.lab.solve.run {
        Run::Solving(p) => Some(p.clone()),
        _ => None,
    };
    // The answer shown: the finished run's, or the best so far of one still improving it.
    let answer = state.lab.solve.answer();
    let length = answer.map(|r| r.length);
    let bound = answer.and_then(|r| r.lower_bound.map(|lb| bound_text(r.length, lb)));
    html! {
        <StatusLine status={state.status()} {progress} waiting={state.solve_waiting()} {length} {bound}
            message={state.message()}
            share_link={state.notices.share_link.clone().map(AttrValue::from)}
            tables_build={state.tables_build}
            dismissable={state.notices.notice.is_some()}
            on_dismiss={dispatch.reform(|()| Action::Notice(NoticeAction::Dismiss))} />
    }
}

/// File names say the puzzle and the algorithm: the finished run's, else the choices made.
fn export_context(
    state: &State,
    dispatch: &Callback<Action>,
    report: Option<&Report>,
) -> ExportContext {
    let setup = &state.lab.setup;
    let (algorithm, heuristic) = match report {
        Some(r) => (r.algorithm, r.heuristic.clone()),
        None => (setup.algorithm, Some(setup.heuristic.to_string())),
    };
    ExportContext {
        stem: file_stem(&setup.puzzle, algorithm, heuristic.as_deref()).into(),
        on_error: dispatch.reform(|why| Action::Notice(NoticeAction::ExportFailed(why))),
    }
}

/// The solution's moves in words, a window around the playback's move.
fn move_list(state: &State, dispatch: &Callback<Action>) -> Html {
    let replay = state.lab.playback.replay.as_ref();
    let total = replay.map_or(0, |r| r.len());
    let cursor = replay.map_or(0, |r| r.cursor);
    let window = move_list::window(cursor, total);
    let words = state
        .lab
        .playback
        .move_words(&state.lab.setup.puzzle, window.0, window.1);
    html! {
        <MoveList {total} first={window.0} {words} {cursor}
            on_seek={dispatch.reform(|k| Action::lab(PlaybackAction::Seek(k)))} />
    }
}

/// The lab's panels under the puzzle: compare, the truth, and the step-through of a traced run.
fn lab_panels(state: &State, dispatch: &Callback<Action>, lang: Lang) -> Html {
    let puzzle = &state.lab.setup.puzzle;
    let learn = |panel: Panel| -> Option<AttrValue> {
        let (lesson, section) = lesson_of(panel, puzzle);
        Some(format!("?{}", lesson_href(lesson, lang, Some(section), false)).into())
    };
    let on_stepper = dispatch.reform(|at| Action::Truth(TruthAction::StepperAt(at)));
    let on_go = dispatch.reform(|to| Action::lab(StepAction::Go(to)));
    let on_step = dispatch.reform(Action::lab);
    let trace = state.lab.solve.trace.clone();
    let algorithm = state.lab.setup.algorithm;
    html! {
        <div class="lab">
            <ComparePanel compare={state.compare.clone()} puzzle={puzzle.clone()} learn={learn(Panel::Compare)}
                solving={state.is_solving()} dispatch={dispatch.clone()} />
            <TruthPanel truth={state.truth.clone()} kind={state.lab.setup.kind()} learn={learn(Panel::Truth)}
                stepper={state.lab.setup.traceable()} dispatch={dispatch.clone()} />
            if state.lab.setup.traceable() {
                if let PuzzleSpec::Hanoi { disks, .. } = puzzle {
                    <SearchStepper disks={*disks} trace={trace.clone()} {algorithm} learn={learn(Panel::Stepper)}
                        at={state.lab.stepping.at} on_go={on_go.clone()} on_current={on_stepper.clone()} />
                } else if let PuzzleSpec::Sliding { width, .. } = puzzle {
                    <SearchStepper disks={0} width={*width} trace={trace.clone()} {algorithm} learn={learn(Panel::Stepper)}
                        at={state.lab.stepping.at} on_go={on_go.clone()} on_current={on_stepper} />
                }
                if let Some(trace) = trace {
                    <div class="tree-lab">
                        <SearchTreePanel trace={trace.clone()} at={state.lab.stepping.at} learn={learn(Panel::Tree)}
                            exercise={state.lab.stepping.exercise.clone()} on_step={on_step.clone()} />
                        <ExercisePanel {trace} at={state.lab.stepping.at}
                            exercise={state.lab.stepping.exercise.clone()} {on_step} />
                    </div>
                }
            }
        </div>
    }
}

/// The lab's panels that a lesson section explains.
#[derive(Clone, Copy)]
enum Panel {
    Compare,
    Truth,
    Stepper,
    Tree,
}

/// The lesson section that explains `panel` on this kind of puzzle.
fn lesson_of(panel: Panel, puzzle: &PuzzleSpec) -> (Lesson, &'static str) {
    let hanoi = matches!(puzzle, PuzzleSpec::Hanoi { .. });
    match (panel, hanoi) {
        (Panel::Compare | Panel::Stepper, true) => (Lesson::Hanoi, "bfs-astar"),
        (Panel::Truth, true) => (Lesson::Hanoi, "admissible"),
        (Panel::Tree, true) => (Lesson::Hanoi, "graph"),
        (Panel::Compare, false) => (Lesson::Sliding, "heuristics"),
        (Panel::Truth, false) => (Lesson::Sliding, "consistency"),
        (Panel::Stepper, false) => (Lesson::Sliding, "watch"),
        (Panel::Tree, false) => (Lesson::Eight, "dfs"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_panel_links_a_section_its_lesson_has() {
        let hanoi = PuzzleSpec::Hanoi {
            pegs: 3,
            disks: 3,
            start: vec![0; 3],
            goal: vec![2; 3],
        };
        let sliding = PuzzleSpec::Sliding {
            width: 3,
            height: 3,
            start: vec![1, 2, 3, 4, 5, 6, 7, 0, 8],
            goal: vec![1, 2, 3, 4, 5, 6, 7, 8, 0],
        };
        for puzzle in [hanoi, sliding] {
            for panel in [Panel::Compare, Panel::Truth, Panel::Stepper, Panel::Tree] {
                let (lesson, section) = lesson_of(panel, &puzzle);
                assert!(lesson.sections().contains(&section), "{section}");
            }
        }
    }
}
