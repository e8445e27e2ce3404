//! A sliding board's search drawn as it runs, in a form a reader can read at 3x3: every state the run has reached,
//! one small cell each, in bands by g (moves from the start), CLOSED's cells first in the order they were expanded,
//! then OPEN's; the cell of the state being expanded is marked, and beside the bands that state's board with its
//! g, h and f. The bands' size is the whole run's, so cells fill in place as the cursor moves.
//!
//! It draws the worker's record of the real engine's run (`Trace`): nothing is searched here.

use super::drive::{counts_at, Side};
use crate::page::i18n::{fill, use_lang, Lang};
use solver::search::trace::Trace;
use std::fmt::Write;
use std::rc::Rc;
use yew::prelude::*;

/// The drawing's width in SVG units, and the room for each band's label.
const WIDTH: f64 = 520.0;
const LABEL: f64 = 46.0;
/// The tallest the bands may grow before their cells shrink.
const MAX_HEIGHT: f64 = 420.0;
/// A band's least height: its label's.
const BAND_MIN: f64 = 13.0;
/// The kinds of cell: expanded (CLOSED), waiting (OPEN), expanded next.
const KINDS: [&str; 3] = ["closed", "open", "current"];

/// Where the run stands after some expansions: CLOSED's and OPEN's states by g, the state about to be expanded.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Bands {
    /// For each g, how many expanded states (CLOSED) and how many waiting (OPEN).
    pub closed: Vec<u32>,
    pub open: Vec<u32>,
    /// The band and place among OPEN's cells of the state expanded next, if the run goes on.
    pub next: Option<(usize, usize)>,
}

/// The bands after `step` expansions of `trace`.
pub fn bands_at(trace: &Trace, step: usize) -> Bands {
    let shown = step.min(trace.expanded.len());
    let mut bands = Bands::default();
    let grow = |v: &mut Vec<u32>, g: usize| {
        if v.len() <= g {
            v.resize(g + 1, 0);
        }
    };
    let mut seen = std::collections::HashSet::new();
    // IDA* keeps nothing between iterations: its bands show the current one.
    let from = trace.pass_start(shown).min(shown);
    for s in trace.steps[..shown.min(trace.steps.len())]
        .iter()
        .zip(&trace.expanded[..shown])
        .skip(from)
    {
        // A state expanded again (reopened) stays one cell of CLOSED.
        if seen.insert(*s.1) {
            let g = s.0.g as usize;
            grow(&mut bands.closed, g);
            bands.closed[g] += 1;
        }
    }
    let next = trace
        .expanded
        .get(shown)
        .filter(|_| shown < trace.expanded.len());
    for (rank, g) in trace.open_states_at(shown) {
        let g = g as usize;
        grow(&mut bands.open, g);
        if Some(&rank) == next {
            bands.next = Some((g, bands.open[g] as usize));
        }
        bands.open[g] += 1;
    }
    let depth = bands.closed.len().max(bands.open.len());
    grow(&mut bands.closed, depth.saturating_sub(1));
    grow(&mut bands.open, depth.saturating_sub(1));
    bands
}

/// The room of each band for runs drawn side by side: the most any of them needs, so that their bands line up
/// and a cell is as large in each.
fn shared_room(traces: &[&Trace]) -> Vec<u32> {
    let mut shared: Vec<u32> = Vec::new();
    for trace in traces {
        widen(&mut shared, &room(trace));
    }
    shared
}

/// A pair's two runs drawn in bands by g at `step` on boards `width` cells wide, with the same room per band so
/// that their bands line up, each named `labels[i]` for screen readers; and whether either record was cut short.
pub fn pair_layers(
    sides: &[Side; 2],
    step: usize,
    width: u8,
    labels: [&'static str; 2],
) -> ([Html; 2], bool) {
    let traces: Vec<_> = sides.iter().filter_map(|s| s.trace.as_deref()).collect();
    let room = Rc::new(shared_room(&traces));
    let truncated = traces.iter().any(|t| t.truncated);
    let picture = |i: usize| {
        html! {
            <SearchLayers trace={sides[i].trace.clone()} {step} {width} room={room.clone()} label={labels[i]} />
        }
    };
    ([picture(0), picture(1)], truncated)
}

/// The most cells each band ever holds over the whole run: its room, so that cells fill in place. Each IDA*
/// iteration starts again from the start, so its room is the largest iteration's.
fn room(trace: &Trace) -> Vec<u32> {
    let mut room = vec![1u32];
    let mut pass = vec![1u32];
    let mut joined = 0;
    for (step, s) in trace.steps.iter().enumerate() {
        if trace.starts_iteration(step) {
            widen(&mut room, &pass);
            pass = vec![1];
        }
        let upto = trace.opened_upto.get(step).map_or(joined, |&u| u as usize);
        let g = s.g as usize + 1;
        if upto > joined && pass.len() <= g {
            pass.resize(g + 1, 0);
        }
        if let Some(band) = pass.get_mut(g) {
            *band += (upto - joined) as u32;
        }
        joined = upto;
    }
    widen(&mut room, &pass);
    room
}

/// Raises each band of `room` to at least `other`'s.
fn widen(room: &mut Vec<u32>, other: &[u32]) {
    if room.len() < other.len() {
        room.resize(other.len(), 0);
    }
    for (r, &o) in room.iter_mut().zip(other) {
        *r = (*r).max(o);
    }
}

#[derive(Properties, PartialEq)]
pub struct SearchLayersProps {
    pub trace: Option<Rc<Trace>>,
    /// How many expansions are shown.
    pub step: usize,
    /// The board's width (its height follows from the boards recorded).
    pub width: u8,
    /// Each band's room (`shared_room` of the runs drawn side by side); this run's own when empty.
    #[prop_or_default]
    pub room: Rc<Vec<u32>>,
    /// The picture's name for screen readers.
    pub label: AttrValue,
}

#[component]
pub fn SearchLayers(props: &SearchLayersProps) -> Html {
    let lang = use_lang();
    let w = words(lang);
    let Some(trace) = props.trace.as_ref() else {
        return html! {
            <div class="search-layers" data-testid="search-picture" data-ready="false" data-expanded="0"
                data-open="0" data-total="0"><p class="muted">{ w.waiting }</p></div>
        };
    };
    let total = trace.expanded.len();
    let shown = props.step.min(total);
    let (open_count, _) = counts_at(trace, shown);
    let bands = bands_at(trace, shown);
    let room = if props.room.is_empty() {
        room(trace)
    } else {
        props.room.to_vec()
    };
    // The largest cells whose bands fit the height.
    let cell = [12.0, 10.0, 8.0, 6.0, 5.0, 4.0, 3.0]
        .into_iter()
        .find(|&c| height_of(&room, c) <= MAX_HEIGHT)
        .unwrap_or(3.0);
    let per_line = (((WIDTH - LABEL) / cell).floor() as usize).max(1);
    let mut y = 0.0;
    // One path per kind of cell, a square per state: thousands of states are three elements to draw, not
    // thousands, whenever the store changes or the scrubber moves.
    let mut paths = [String::new(), String::new(), String::new()];
    let mut counts = [0usize; 3];
    let mut labels = Vec::new();
    let side = cell * 0.8;
    for (g, &space) in room.iter().enumerate() {
        let lines = (space as usize).div_ceil(per_line).max(1);
        labels.push(html! {
            <text x="0" y={format!("{:.1}", y + 10.0)} class="band-label">{ format!("g = {g}") }</text>
        });
        let closed = bands.closed.get(g).copied().unwrap_or(0) as usize;
        let open = bands.open.get(g).copied().unwrap_or(0) as usize;
        for i in 0..(closed + open) {
            let kind = if i < closed {
                0
            } else if bands.next == Some((g, i - closed)) {
                2
            } else {
                1
            };
            let (col, row) = (i % per_line, i / per_line);
            let (x, top) = (LABEL + col as f64 * cell, y + row as f64 * cell);
            let _ = write!(
                paths[kind],
                "M{x:.1} {top:.1}h{side:.1}v{side:.1}h-{side:.1}z"
            );
            counts[kind] += 1;
        }
        y += band_height(lines, cell);
    }
    let cells = KINDS.iter().zip(paths).zip(counts).map(|((kind, d), count)| {
        html! {
            <path class={classes!("layer-cell", *kind)} data-kind={*kind} data-count={count.to_string()} {d} />
        }
    });
    let current = (shown < total).then_some(shown).or(total.checked_sub(1));
    let board = current.and_then(|i| trace.boards.get(i).map(|b| (i, b)));
    html! {
        <div class="search-layers" data-testid="search-picture" data-ready="true"
            data-expanded={shown.to_string()} data-open={open_count.to_string()} data-total={total.to_string()}
            data-truncated={trace.truncated.to_string()}>
            <svg viewBox={format!("0 0 {WIDTH} {:.0}", y.max(cell))} role="img" aria-label={props.label.clone()}>
                <title>{ props.label.clone() }</title>
                { for labels }
                { for cells }
            </svg>
            { for board.map(|(i, tiles)| {
                let step = trace.steps.get(i);
                let (g, h) = (step.map_or(0, |s| s.g), step.and_then(|s| s.h));
                let width = usize::from(props.width.max(1));
                html! {
                    <div class="layers-board" data-testid="layers-board">
                        <p class="muted">{ if shown < total { w.next } else { w.last } }</p>
                        <div class="mini-board" style={format!("grid-template-columns: repeat({width}, 1fr)")}
                            data-tiles={tiles.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(",")}>
                            { for tiles.iter().map(|&t| html! {
                                <span class={classes!("mini-tile", (t == 0).then_some("blank"))}>
                                    { if t == 0 { String::new() } else { t.to_string() } }</span>
                            }) }
                        </div>
                        <p class="layers-ghf">{ match h {
                            Some(h) => fill(w.ghf, &[&g, &h, &(g + h)]),
                            None => fill(w.g, &[&g]),
                        } }</p>
                    </div>
                }
            }) }
        </div>
    }
}

/// The bands' height with cells of side `cell`.
fn height_of(room: &[u32], cell: f64) -> f64 {
    let per_line = (((WIDTH - LABEL) / cell).floor() as usize).max(1);
    room.iter()
        .map(|&r| band_height((r as usize).div_ceil(per_line).max(1), cell))
        .sum()
}

/// The height of a band of `lines` lines of cells of side `cell`, with the gap under it.
fn band_height(lines: usize, cell: f64) -> f64 {
    (lines as f64 * cell).max(BAND_MIN) + 3.0
}

/// The legend under a pair of layered pictures.
#[component]
pub fn LayersLegend() -> Html {
    let w = words(use_lang());
    html! {
        <p class="legend search-legend">
            <span class="swatch layer-closed" />{ w.closed }
            <span class="swatch layer-open" />{ w.open }
            <span class="swatch layer-current" />{ w.current }
        </p>
    }
}

struct Words {
    waiting: &'static str,
    next: &'static str,
    last: &'static str,
    ghf: &'static str,
    g: &'static str,
    closed: &'static str,
    open: &'static str,
    current: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            waiting: "The search's record comes once it has run.",
            next: "Expanded next:",
            last: "Expanded last:",
            ghf: "g = {}, h = {}, f = {}",
            g: "g = {}",
            closed: "expanded (CLOSED), one cell a state, by g",
            open: "in OPEN",
            current: "expanded next",
        },
        Lang::Zh => Words {
            waiting: "搜索运行之后才有它的记录。",
            next: "下一个扩展：",
            last: "最后扩展：",
            ghf: "g = {}，h = {}，f = {}",
            g: "g = {}",
            closed: "已扩展（CLOSED），一个格子一个状态，按 g 分层",
            open: "在 OPEN 中",
            current: "下一个扩展",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::trace::Step;
    use solver::search::Direction;

    fn step(g: u32) -> Step {
        Step {
            g,
            h: None,
            direction: Direction::Forward,
        }
    }

    /// A run on a path 0 - 1 - 2 - 3 with a branch 1 - 4: expanded 0, 1, 4 (children 1; 2, 4; none).
    fn trace() -> Trace {
        Trace {
            expanded: vec![0, 1, 4],
            open_after: vec![1, 2, 1],
            opened: vec![1, 2, 4],
            opened_upto: vec![1, 3, 3],
            steps: vec![step(0), step(1), step(2)],
            rank_count: 5,
            ..Trace::default()
        }
    }

    #[test]
    fn bands_count_closed_and_open_by_g_and_mark_the_next() {
        let t = trace();
        let at0 = bands_at(&t, 0);
        assert_eq!(
            (at0.closed, at0.open, at0.next),
            (vec![0], vec![1], Some((0, 0)))
        );
        let at2 = bands_at(&t, 2);
        assert_eq!(at2.closed, vec![1, 1, 0]);
        assert_eq!(at2.open, vec![0, 0, 2]);
        assert_eq!(at2.next, Some((2, 1)), "4 joined after 2");
        let end = bands_at(&t, 3);
        assert_eq!(
            (end.closed, end.open, end.next),
            (vec![1, 1, 1], vec![0, 0, 1], None)
        );
        assert_eq!(room(&t), vec![1, 1, 2]);
    }

    /// IDA* on the same path, two iterations: the first expands 0 and 1 (1's children cut), the second 0, 1 and 2.
    #[test]
    fn an_idastar_iteration_starts_its_bands_afresh_and_the_room_is_the_largest_iterations() {
        use solver::search::trace::Iteration;
        let t = Trace {
            expanded: vec![0, 1, 0, 1, 2],
            open_after: vec![1, 1, 1, 1, 0],
            opened: vec![1, 2, 1, 2, 3],
            opened_upto: vec![1, 2, 3, 4, 5],
            dropped: vec![2],
            dropped_upto: vec![0, 0, 1, 1, 1],
            steps: vec![step(0), step(1), step(0), step(1), step(2)],
            iterations: vec![
                Iteration {
                    threshold: 1,
                    first_step: 0,
                },
                Iteration {
                    threshold: 2,
                    first_step: 2,
                },
            ],
            algorithm: Some(solver::Algorithm::Idastar),
            rank_count: 4,
            ..Trace::default()
        };
        // The first iteration's end: 0 and 1 expanded, 2 waiting.
        assert_eq!(bands_at(&t, 2).closed, vec![1, 1, 0]);
        assert_eq!(bands_at(&t, 2).open, vec![0, 0, 1]);
        // One expansion into the second: the start alone is expanded, its child waits.
        let second = bands_at(&t, 3);
        assert_eq!((second.closed, second.open), (vec![1, 0], vec![0, 1]));
        assert_eq!(room(&t), vec![1, 1, 1, 1]);
    }
}
