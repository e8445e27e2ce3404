//! The "predict the next expansion" exercise on the stepper: the OPEN nodes at the current step as buttons (the
//! tree's nodes can be clicked too), the score, and the verdict with the rule in a sentence. The answer is the
//! node the engine expanded next, from the trace (`state::exercise`), shown in `data-answer` for tests.

use crate::page::i18n::{fill, use_lang, Lang, Tree};
use crate::page::state::exercise::{question, Exercise, ExerciseAction, Rule, TieBreak, Verdict};
use crate::page::state::stepping::StepAction;
use solver::search::trace::Trace;
use solver::Algorithm;
use std::rc::Rc;
use yew::prelude::*;

#[derive(Properties, PartialEq)]
pub struct ExerciseProps {
    pub trace: Rc<Trace>,
    /// The stepper's cursor.
    pub at: Option<usize>,
    pub exercise: Exercise,
    /// Starts or stops the exercise, and takes the picks.
    pub on_step: Callback<StepAction>,
}

#[component]
pub fn ExercisePanel(props: &ExerciseProps) -> Html {
    let lang = use_lang();
    let trace = &props.trace;
    let (Some(tree), Some(algorithm)) = (trace.tree.as_deref(), trace.algorithm) else {
        return html! {};
    };
    let ex = &props.exercise;
    if Rule::of(algorithm).is_none() {
        return html! {
            <div class="card exercise" data-testid="exercise">
                <h3>{ lang.t(Tree::ExerciseTitle) }</h3>
                <p class="muted">{ lang.t(Tree::ExerciseCovers) }</p>
            </div>
        };
    }
    let total = trace.expanded.len();
    let at = props.at.unwrap_or(total).min(total);
    let toggle = props
        .on_step
        .reform(|_: MouseEvent| StepAction::Exercise(ExerciseAction::Toggle));
    let asked = ex.active.then(|| question(trace, at)).flatten();
    let body = ex.active.then(|| match &asked {
        None => html! { <p class="muted" data-testid="exercise-done">{ lang.t(Tree::ExerciseDone) }</p> },
        Some(q) => html! {
            <>
                <p data-testid="exercise-prompt">
                    { fill(lang.t(Tree::ExercisePrompt), &[&(at + 1), &lang.algorithm(algorithm)]) }
                </p>
                <p class="muted">
                    if q.open.len() == 1 { { lang.t(Tree::ExerciseOpenOne) } }
                    else { { fill(lang.t(Tree::ExerciseOpen), &[&q.open.len()]) } }
                </p>
                <div class="exercise-options" role="group" aria-label={lang.t(Tree::ExerciseTitle)}>
                    { for q.open.iter().map(|&id| {
                        let node = &tree.nodes[id as usize];
                        let pick = props.on_step.reform(move |_: MouseEvent| {
                            StepAction::Exercise(ExerciseAction::Pick(id))
                        });
                        let words = match (node.h, node.f()) {
                            (Some(h), Some(f)) => format!("#{id} · g {} · h {h} · f {f}", node.g),
                            _ => format!("#{id} · g {}", node.g),
                        };
                        html! {
                            <button type="button" class="exercise-option" data-testid="exercise-option"
                                data-node={id.to_string()} onclick={pick}>{ words }</button>
                        }
                    }) }
                </div>
            </>
        },
    });
    let verdict = ex
        .verdict
        .as_ref()
        .filter(|_| ex.active)
        .map(|v| verdict_view(lang, algorithm, v));
    html! {
        <div class="card exercise" data-testid="exercise" data-active={ex.active.to_string()}
            data-position={at.to_string()} data-answer={asked.as_ref().map(|q| q.answer.to_string())}>
            <h3>{ lang.t(Tree::ExerciseTitle) }</h3>
            <p class="muted">{ lang.t(Tree::ExerciseIntro) }</p>
            <div class="exercise-head">
                <button type="button" data-testid="exercise-toggle" aria-pressed={ex.active.to_string()}
                    class={classes!(ex.active.then_some("primary"))} onclick={toggle}>
                    { lang.t(if ex.active { Tree::ExerciseStop } else { Tree::ExerciseStart }) }
                </button>
                <span class="exercise-score" data-testid="exercise-score" data-right={ex.right.to_string()}
                    data-asked={ex.asked.to_string()} aria-live="polite">
                    { fill(lang.t(Tree::ExerciseScore), &[&ex.right, &ex.asked]) }
                </span>
            </div>
            { for verdict }
            { for body }
        </div>
    }
}

/// The verdict's line in words: right, or what was picked, at which step of which search, and its answer. The
/// lab's panel and a lesson's caption both say it.
pub fn verdict_words(lang: Lang, algorithm: Algorithm, v: &Verdict) -> String {
    let name = lang.algorithm(algorithm);
    if v.right() {
        fill(
            lang.t(Tree::ExerciseRight),
            &[&(v.position + 1), &name, &v.answer],
        )
    } else {
        fill(
            lang.t(Tree::ExerciseWrong),
            &[&v.picked, &(v.position + 1), &name, &v.answer],
        )
    }
}

/// The verdict: right or wrong, the rule in a sentence, and the tie or DFS's drops where there were any.
fn verdict_view(lang: Lang, algorithm: Algorithm, v: &Verdict) -> Html {
    let head = verdict_words(lang, algorithm, v);
    let rule = lang.t(match v.rule {
        Rule::Fifo => Tree::RuleFifo,
        Rule::DepthFirst => Tree::RuleDepthFirst,
        Rule::LowestF => Tree::RuleLowestF,
        Rule::LowestH => Tree::RuleLowestH,
    });
    let tie = v.tie.map(|(count, by)| {
        let key = if v.rule == Rule::LowestH { "h" } else { "f" };
        let by = lang.t(match by {
            TieBreak::LargerG => Tree::TieLargerG,
            TieBreak::Newest => Tree::TieNewest,
            TieBreak::EngineOrder => Tree::TieEngineOrder,
        });
        fill(lang.t(Tree::ExerciseTie), &[&count, &key, &by])
    });
    let skipped = (v.skipped > 0).then(|| fill(lang.t(Tree::ExerciseSkipped), &[&v.skipped]));
    html! {
        <div class={classes!("exercise-verdict", if v.right() { "right" } else { "wrong" })}
            data-testid="exercise-verdict" data-right={v.right().to_string()} data-answer={v.answer.to_string()}
            role="status">
            <p><strong>{ head }</strong></p>
            <p data-testid="exercise-rule">{ rule }</p>
            if let Some(tie) = tie {
                <p data-testid="exercise-tie">{ tie }</p>
            }
            if let Some(skipped) = skipped {
                <p>{ skipped }</p>
            }
        </div>
    }
}
