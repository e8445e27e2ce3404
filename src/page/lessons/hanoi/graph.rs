//! "The state graph, layer by layer": the app's Sierpinski view of the 3-peg tower, coloured by a real BFS run's
//! record (the worker's trace), grown one layer (one depth g) at a time.

use super::figures::GRAPH;
use super::text::{t, Line};
use crate::page::components::sierpinski::Sierpinski;
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang, Controls, Page};
use crate::page::lessons::figure::{
    hanoi_setup, num, tower, use_auto_solve, use_latest, LessonFigure,
};
use crate::page::state::{Action, PuzzleId, SolveAction};
use solver::hanoi::Hanoi;
use solver::search::trace::Trace;
use solver::{Algorithm, HeuristicName};
use yew::prelude::*;

const DISKS: u8 = 4;

/// How many states BFS expanded at each depth, from its record (depth 0 first).
pub fn layer_sizes(trace: &Trace) -> Vec<u64> {
    let mut sizes = Vec::new();
    for step in &trace.steps {
        let g = step.g as usize;
        if sizes.len() <= g {
            sizes.resize(g + 1, 0);
        }
        sizes[g] += 1;
    }
    sizes
}

#[component]
pub fn GraphSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[GRAPH]);
    // The layer shown: `None` is the whole run.
    let layer = use_state(|| Some(0usize));
    let on_pick = use_latest::<u64>();
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                let setup = hanoi_setup(
                    3,
                    &tower(DISKS, 0),
                    &tower(DISKS, 2),
                    Algorithm::Bfs,
                    HeuristicName::Misplaced,
                );
                d.emit(Action::AddFigure(GRAPH, Box::new(setup)));
            }
        });
    }
    use_auto_solve(GRAPH);
    let puzzle = store
        .as_ref()
        .and_then(|s| s.state.puzzle(PuzzleId::Figure(GRAPH)));
    let trace = puzzle.and_then(|p| p.solve.trace.clone());
    let solving = puzzle.is_none_or(|p| p.is_solving());
    let sizes = trace.as_deref().map(layer_sizes).unwrap_or_default();
    let last = sizes.len().saturating_sub(1);
    let shown = layer.map(|l| l.min(last));
    let upto = shown.map(|l| sizes.iter().take(l + 1).sum::<u64>() as usize);
    let total = trace.as_ref().map(|t| t.rank_count);
    let caption = match (shown, &trace) {
        (_, None) => html! { { lang.t(Page::LessonComputing) } },
        (Some(l), Some(_)) => fill_html(
            t(lang, Line::GraphLayer),
            vec![
                num("layer", Some(l as u64)),
                num("layer-depth", Some(l as u64)),
                num("layer-size", sizes.get(l).copied()),
                num("layer-so-far", upto.map(|u| u as u64)),
                num("states", total),
            ],
        ),
        (None, Some(tr)) => fill_html(
            t(lang, Line::GraphFull),
            vec![
                num("expanded", Some(tr.expanded.len() as u64)),
                num("length", Some(tr.path.len().saturating_sub(1) as u64)),
            ],
        ),
    };
    let step = |to: Option<usize>| {
        let layer = layer.clone();
        Callback::from(move |_: MouseEvent| layer.set(to))
    };
    // A click on a state makes it the start: the figure is placed again from there, and its BFS reruns.
    let on_pick = {
        let dispatch = store
            .as_ref()
            .map(|s| s.dispatch.clone())
            .unwrap_or_default();
        let layer = layer.clone();
        on_pick.set(Callback::from(move |code: u64| {
            if let Ok(graph) = Hanoi::from_states(3, DISKS, code, 0) {
                let setup = hanoi_setup(
                    3,
                    &graph.decode(code),
                    &tower(DISKS, 2),
                    Algorithm::Bfs,
                    HeuristicName::Misplaced,
                );
                dispatch.emit(Action::AddFigure(GRAPH, Box::new(setup)));
                layer.set(Some(0));
            }
        }))
    };
    // The start's code, ringed on the triangle.
    let start_code = puzzle.and_then(|p| {
        let start = p.setup.puzzle.start();
        Hanoi::new(3, DISKS, start, start)
            .ok()
            .map(|h| h.encode(start))
    });
    let dispatch = store.map(|s| s.dispatch).unwrap_or_default();
    let on_solve = dispatch
        .reform(|_: MouseEvent| Action::Puzzle(PuzzleId::Figure(GRAPH), SolveAction::Solve.into()));
    let at = shown.unwrap_or(last);
    html! {
        <>
            <p>{ t(lang, Line::GraphText) }</p>
            <LessonFigure lab={GRAPH} {caption}>
                <div class="lesson-graph">
                    <Sierpinski disks={DISKS} trace={trace.clone()} {upto} on_pick={Some(on_pick)} start={start_code} />
                </div>
                <div class="lesson-controls" role="group" aria-label={t(lang, Line::GraphTitle)}>
                    <button type="button" data-testid="solve" disabled={solving} onclick={on_solve}>
                        { lang.t(Controls::Solve) }</button>
                    <button type="button" data-testid="layer-prev" disabled={trace.is_none() || at == 0}
                        onclick={step(Some(at.saturating_sub(1)))}>{ t(lang, Line::GraphPrev) }</button>
                    <button type="button" data-testid="layer-next" disabled={trace.is_none() || shown.is_none_or(|l| l >= last)}
                        onclick={step(Some((at + 1).min(last)))}>{ t(lang, Line::GraphNext) }</button>
                    <button type="button" data-testid="layer-all" disabled={trace.is_none() || shown.is_none()}
                        onclick={step(None)}>{ t(lang, Line::GraphAll) }</button>
                </div>
                <p class="lesson-hint">{ t(lang, Line::GraphStart) }</p>
            </LessonFigure>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::trace::Step;
    use solver::search::Direction;

    #[test]
    fn layers_count_the_expansions_at_each_depth() {
        let step = |g| Step {
            g,
            h: None,
            direction: Direction::Forward,
        };
        let trace = Trace {
            steps: vec![step(0), step(1), step(1), step(2)],
            ..Trace::default()
        };
        assert_eq!(layer_sizes(&trace), vec![1, 2, 1]);
    }
}
