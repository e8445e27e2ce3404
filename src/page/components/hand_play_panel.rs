//! Hand play's helper bar: the move count against the optimum, Hint (the best next move and the moves left),
//! Undo, Redo, "Solve from here", and a polite live region that reads each move out.

use crate::page::hooks::keys::use_hand_play_shortcuts;
use crate::page::i18n::{fill_html, use_lang, Play};
use crate::page::state::hand_play::{HandPlayAction, Hint, Optimum};
use crate::page::state::steps::{step_source, step_symbol, Step};
use crate::page::state::Action;
use solver::hanoi::peg_letter;
use solver::query::PuzzleSpec;
use solver::sliding::Shape;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct HandPlayPanelProps {
    pub puzzle: Rc<PuzzleSpec>,
    /// The position being played.
    pub position: Rc<[u8]>,
    pub moves: u32,
    /// The last move played (for the live region), if any.
    pub last: Option<Step>,
    pub can_undo: bool,
    pub can_redo: bool,
    pub hint: Hint,
    pub optimum: Optimum,
    pub solving: bool,
    pub dispatch: Callback<Action>,
}

#[component]
pub fn HandPlayPanel(props: &HandPlayPanelProps) -> Html {
    let lang = use_lang();
    use_hand_play_shortcuts(props.dispatch.clone());
    let emit = |a: HandPlayAction| {
        props
            .dispatch
            .reform(move |_: MouseEvent| Action::HandPlay(a))
    };
    let at_goal = *props.position == *props.puzzle.goal();

    let optimum: Html = match props.optimum {
        Optimum::Known(n) => html! { <strong data-testid="optimal-count">{ n }</strong> },
        Optimum::Unknown => {
            html! { <strong data-testid="optimal-count" aria-busy="true">{ "…" }</strong> }
        }
        Optimum::Unavailable => html! { <strong data-testid="optimal-count">{ "?" }</strong> },
    };
    let counter = html! {
        <p class="play-score" data-testid="play-score">
            { fill_html(lang.t(Play::YouMoves), vec![html! {
                <strong data-testid="move-counter">{ props.moves }</strong>
            }]) }
            <span class="sep" aria-hidden="true">{ " · " }</span>
            { fill_html(lang.t(Play::OptimalMoves), vec![optimum]) }
        </p>
    };

    let current = match &props.hint {
        Hint::Ready {
            position,
            next,
            left,
        } if **position == *props.position => Some((*next, *left)),
        _ => None,
    };
    let hint_text = match (&props.hint, current) {
        _ if at_goal => lang.t(Play::HintAtGoal).to_string(),
        (_, Some((None, _))) => lang.t(Play::HintAtGoal).to_string(),
        (_, Some((Some(step), _))) => lang.fill(
            Play::HintMove,
            &[&step_symbol(&props.puzzle, &props.position, step)],
        ),
        (Hint::Thinking, None) => lang.t(Play::HintThinking).to_string(),
        (Hint::Failed(why), None) => lang.fill(Play::HintUnavailable, &[&why.render(lang)]),
        _ => String::new(),
    };
    let hint_move = current
        .and_then(|(next, _)| next)
        .map(|s| step_symbol(&props.puzzle, &props.position, s))
        .unwrap_or_default();
    // The hinted move in words, for screen readers (the symbols above are for the eye): the board's hinted tile
    // or disk points here with aria-describedby.
    let hint_words = current
        .and_then(|(next, _)| next)
        .and_then(|step| hinted_words(lang, &props.puzzle, &props.position, step));
    let left = current.map(|(_, left)| left);
    let left_text = left.map(|n| {
        if n == 1 {
            lang.t(Play::MovesLeftOne).to_string()
        } else {
            lang.fill(Play::MovesLeft, &[&n])
        }
    });

    html! {
        <div class="play-panel" data-testid="play-panel">
            { counter }
            <div class="play-buttons" role="group" aria-label={lang.t(Play::HandPlayTools)}>
                <button type="button" data-testid="hint" class="primary" title={lang.t(Play::HintTitle)} aria-keyshortcuts="H"
                    disabled={props.solving || at_goal || matches!(props.hint, Hint::Thinking) || current.is_some()}
                    onclick={emit(HandPlayAction::Hint)}>{ lang.t(Play::Hint) }</button>
                <button type="button" data-testid="undo" disabled={!props.can_undo}
                    aria-keyshortcuts="Control+Z" onclick={emit(HandPlayAction::Undo)}>{ lang.t(Play::Undo) }</button>
                <button type="button" data-testid="redo" disabled={!props.can_redo}
                    aria-keyshortcuts="Control+Y" onclick={emit(HandPlayAction::Redo)}>{ lang.t(Play::Redo) }</button>
                <button type="button" data-testid="solve-from-here" title={lang.t(Play::SolveFromHereTitle)}
                    disabled={props.solving} onclick={emit(HandPlayAction::SolveFromHere)}>
                    { lang.t(Play::SolveFromHere) }
                </button>
            </div>
            <p class="play-hint" data-testid="hint-text" data-move={hint_move} aria-live="polite">
                { hint_text }
                if let Some(text) = left_text {
                    { " " }
                    <span data-testid="moves-left" data-left={left.unwrap_or_default().to_string()}>{ text }</span>
                }
                if let Some(words) = hint_words {
                    <span class="sr-only" id={crate::page::components::HINT_TEXT_ID} data-testid="hint-words">{ words }</span>
                }
            </p>
            <p class="sr-only" data-testid="announce" aria-live="polite">
                { announcement(lang, &props.puzzle, &props.position, props.last, props.moves, at_goal) }
            </p>
        </div>
    }
}

/// The hinted move in words: "Hint: slide tile 5", "Hint: move the top disk of peg A to peg C".
fn hinted_words(
    lang: crate::page::i18n::Lang,
    puzzle: &PuzzleSpec,
    position: &[u8],
    step: Step,
) -> Option<String> {
    match step {
        Step::Slide(_) => {
            let cell = step_source(puzzle, position, step)?;
            Some(lang.fill(Play::HintedTile, &[position.get(cell)?]))
        }
        Step::Disk(mv) => Some(lang.fill(
            Play::HintedDisk,
            &[&peg_letter(mv.from), &peg_letter(mv.to)],
        )),
    }
}

/// What the live region says after a move.
fn announcement(
    lang: crate::page::i18n::Lang,
    puzzle: &PuzzleSpec,
    position: &[u8],
    last: Option<Step>,
    moves: u32,
    at_goal: bool,
) -> String {
    let Some(step) = last else {
        return String::new();
    };
    if at_goal {
        return lang.fill(Play::AnnounceGoal, &[&moves]);
    }
    match (step, puzzle) {
        (Step::Slide(dir), PuzzleSpec::Sliding { width, height, .. }) => {
            let shape = Shape {
                width: *width,
                height: *height,
            };
            // The blank moved `dir`, so the tile now sits where the blank came from.
            let Some(cell) = position
                .iter()
                .position(|&t| t == 0)
                .and_then(|blank| shape.step(blank, dir.opposite()))
            else {
                return String::new();
            };
            let w = usize::from(*width);
            let tile = position.get(cell).copied().unwrap_or(0);
            lang.fill(
                Play::AnnounceTile,
                &[&tile, &(cell / w + 1), &(cell % w + 1), &moves],
            )
        }
        (Step::Disk(mv), _) => {
            let disk = position.iter().position(|&p| p == mv.to).unwrap_or(0);
            lang.fill(Play::AnnounceDisk, &[&disk, &peg_letter(mv.to), &moves])
        }
        (Step::Slide(_), PuzzleSpec::Hanoi { .. }) => String::new(),
    }
}
