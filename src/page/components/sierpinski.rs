//! The state graph of Tower of Hanoi on 3 pegs drawn as its Sierpinski triangle, coloured by the order the search
//! expanded the states, with the solution path highlighted.
//!
//! Layout: state s (the peg of disk i is base-3 digit i, disk 0 the smallest) is placed by descending from the largest
//! disk. With the corners of the current triangle named by peg, the largest remaining disk on peg p picks the
//! sub-triangle at corner p; inside it the corners of the other two pegs swap, because the move of that disk from p
//! to q is made with the smaller disks on the third peg r, so the tower on r must sit in the corner facing q. Every
//! move then joins two neighbouring points, and the three whole towers are the three corners.

use super::export_menu::ExportImage;
use crate::page::i18n::{fill, use_lang, Answer};
use solver::hanoi::Hanoi;
use solver::search::trace::Trace;
use solver::Puzzle;
use std::rc::Rc;
use yew::prelude::*;

/// The most disks drawn (3^7 = 2187 states).
pub const MAX_DISKS: u8 = crate::page::state::setup::TRACE_MAX_DISKS;
/// The most disks for which the edges are drawn too.
pub const MAX_EDGE_DISKS: u8 = 5;

/// Side of the drawing in SVG units.
const SIDE: f64 = 600.0;
/// Room around the triangle for the largest dots and their outline.
const PAD: f64 = 18.0;

#[derive(Properties, PartialEq)]
pub struct SierpinskiProps {
    pub disks: u8,
    /// The last traced search, if it was of this tower.
    pub trace: Option<Rc<Trace>>,
    /// Show only the first `upto` expansions (the step-through view), the last of them marked as current;
    /// `None` shows the whole search and its path.
    #[prop_or_default]
    pub upto: Option<usize>,
    /// The region's name, where a page shows more than one (by default "The state graph").
    #[prop_or_default]
    pub label: Option<AttrValue>,
    /// Hears the code of a state clicked, where the page lets a click pick a state.
    #[prop_or_default]
    pub on_pick: Option<Callback<u64>>,
    /// The state ringed as the search's start, where the page marks it.
    #[prop_or_default]
    pub start: Option<u64>,
}

/// The point of `state` of a `disks`-disk tower in a triangle with corners `corners` (peg 0 top, 1 bottom left,
/// 2 bottom right by default).
pub fn position(state: u64, disks: u8, mut corners: [(f64, f64); 3]) -> (f64, f64) {
    let digit = |disk: u8| ((state / 3u64.pow(u32::from(disk))) % 3) as usize;
    for disk in (0..disks).rev() {
        let p = digit(disk);
        let (q, r) = ((p + 1) % 3, (p + 2) % 3);
        // The sub-triangle's side, as a fraction of this one's: (2^k - 1) / (2^(k+1) - 1) units, k smaller disks.
        let k = f64::from(disk);
        let s = (k.exp2() - 1.0) / ((k + 1.0).exp2() - 1.0);
        let towards = |to: (f64, f64)| {
            let from = corners[p];
            (from.0 + s * (to.0 - from.0), from.1 + s * (to.1 - from.1))
        };
        let (toward_q, toward_r) = (towards(corners[q]), towards(corners[r]));
        corners[r] = toward_q;
        corners[q] = toward_r;
    }
    corners[0]
}

/// The default corners: an equilateral triangle standing on its base, peg A at the top.
pub fn default_corners() -> [(f64, f64); 3] {
    let h = SIDE * 3f64.sqrt() / 2.0;
    [
        (SIDE / 2.0 + PAD, PAD),
        (PAD, h + PAD),
        (SIDE + PAD, h + PAD),
    ]
}

#[component]
pub fn Sierpinski(props: &SierpinskiProps) -> Html {
    let lang = use_lang();
    let disks = props.disks.min(MAX_DISKS);
    let states = 3u64.pow(u32::from(disks));
    let corners = default_corners();
    let points: Rc<Vec<(f64, f64)>> = use_memo(disks, move |&disks| {
        (0..3u64.pow(u32::from(disks)))
            .map(|s| position(s, disks, corners))
            .collect::<Vec<_>>()
    });
    let trace = props.trace.as_ref().filter(|t| t.rank_count == states);
    // Expansion order of each state (None: never expanded), and the path's states.
    let mut order: Vec<Option<usize>> = vec![None; points.len()];
    let mut on_path = vec![false; points.len()];
    let shown = trace.map_or(0, |t| {
        props.upto.unwrap_or(t.expanded.len()).min(t.expanded.len())
    });
    let current = props
        .upto
        .and_then(|n| n.checked_sub(1))
        .and_then(|i| trace.and_then(|t| t.expanded.get(i)))
        .map(|&rank| rank as usize);
    let whole = props.upto.is_none();
    if let Some(trace) = trace {
        for (i, &rank) in trace.expanded.iter().take(shown).enumerate() {
            if let Some(slot) = order.get_mut(rank as usize) {
                *slot = Some(i);
            }
        }
        for &rank in trace.path.iter().filter(|_| whole) {
            if let Some(slot) = on_path.get_mut(rank as usize) {
                *slot = true;
            }
        }
    }
    let explored = trace.map_or(0, |t| t.expanded.len());
    let path_len = trace.map_or(0, |t| t.path.len());
    // Dot radius: a third of the distance between neighbours (the triangle has 2^n - 1 unit sides).
    let unit = SIDE / ((1u64 << disks) as f64 - 1.0).max(1.0);
    let r = (unit * 0.36).clamp(1.2, 14.0);
    let edges = if disks <= MAX_EDGE_DISKS {
        edges_of(disks)
    } else {
        Vec::new()
    };
    let height = SIDE * 3f64.sqrt() / 2.0 + 2.0 * PAD;
    let path = trace.filter(|_| whole).map(|t| path_line(&points, &t.path));
    html! {
        <section class="card sierpinski"
            aria-label={props.label.clone().unwrap_or_else(|| lang.t(Answer::SierpinskiTitle).into())}>
            <h2>{ lang.t(Answer::SierpinskiTitle) }</h2>
            <ExportImage view="sierpinski" label={lang.t(Answer::SierpinskiTitle)} />
            <p class="muted">{ fill(lang.t(Answer::SierpinskiCaption), &[&disks, &states]) }</p>
            <svg data-testid="sierpinski" data-states={states.to_string()} data-explored={explored.to_string()}
                data-path={path_len.to_string()} data-shown={shown.to_string()} viewBox={format!("0 0 {} {height:.0}", SIDE + 2.0 * PAD)}
                role="img" aria-label={fill(lang.t(Answer::SierpinskiCaption), &[&disks, &states])}>
                { edge_lines(&points, &edges) }
                { for path }
                <g class="states" onclick={props.on_pick.clone().map(picked_state)}>
                    { for points.iter().enumerate().map(|(s, &(x, y))| {
                        let fill_colour = match order[s] {
                            Some(i) => colour(i, explored.max(shown)),
                            None => "var(--unexplored, #d8dce3)".to_string(),
                        };
                        html! {
                            <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={format!("{r:.2}")}
                                class={classes!("state", on_path[s].then_some("on-path"), (current == Some(s)).then_some("current"),
                                    props.on_pick.is_some().then_some("pickable"),
                                    (props.start == Some(s as u64)).then_some("start"))}
                                data-state={s.to_string()} fill={fill_colour} />
                        }
                    }) }
                </g>
            </svg>
            <p class="legend">
                if trace.is_some() {
                    <span class="swatch explored" />{ fill(lang.t(Answer::SierpinskiExplored), &[&explored]) }
                    <span class="swatch path" />{ fill(lang.t(Answer::SierpinskiPath), &[&path_len]) }
                    <span class="swatch unexplored" />{ lang.t(Answer::SierpinskiUnexplored) }
                } else {
                    { lang.t(Answer::SierpinskiHint) }
                }
            </p>
        </section>
    }
}

/// One listener for every state of a drawing: a click on a state's dot tells `on_pick` its code (`data-state`).
/// Thousands of dots then carry no listener of their own, which keeps each redraw cheap.
pub fn picked_state(on_pick: Callback<u64>) -> Callback<MouseEvent> {
    Callback::from(move |e: MouseEvent| {
        let code = e
            .target_dyn_into::<web_sys::Element>()
            .and_then(|el| el.get_attribute("data-state"))
            .and_then(|v| v.parse::<u64>().ok());
        if let Some(code) = code {
            on_pick.emit(code);
        }
    })
}

/// The graph's moves as lines between the points of their states.
pub fn edge_lines(points: &[(f64, f64)], edges: &[(usize, usize)]) -> Html {
    html! {
        <g class="edges">
            { for edges.iter().map(|&(a, b)| {
                let (p, q) = (points[a], points[b]);
                html! { <line x1={format!("{:.1}", p.0)} y1={format!("{:.1}", p.1)}
                    x2={format!("{:.1}", q.0)} y2={format!("{:.1}", q.1)} /> }
            }) }
        </g>
    }
}

/// A solution's path, its states given by rank, as one line through their points.
pub fn path_line(points: &[(f64, f64)], path: &[u64]) -> Html {
    let pts = path
        .iter()
        .filter_map(|&rank| points.get(rank as usize))
        .map(|(x, y)| format!("{x:.1},{y:.1}"))
        .collect::<Vec<_>>()
        .join(" ");
    html! { <polyline class="path" points={pts} /> }
}

/// The colour of the `i`-th of `n` expanded states: from deep blue (first) to pale yellow (last).
pub fn colour(i: usize, n: usize) -> String {
    let f = if n > 1 {
        i as f64 / (n - 1) as f64
    } else {
        0.0
    };
    let hue = 230.0 - 180.0 * f;
    let light = 32.0 + 38.0 * f;
    format!("hsl({hue:.0}, 75%, {light:.0}%)")
}

/// Every move of the tower once, as a pair of states (smaller first).
pub fn edges_of(disks: u8) -> Vec<(usize, usize)> {
    let Ok(tower) = Hanoi::from_states(3, disks, 0, 0) else {
        return Vec::new();
    };
    let mut edges = Vec::new();
    for s in 0..tower.state_count() {
        tower.for_each_successor(&s, |_, next| {
            if next > s {
                edges.push((s as usize, next as usize));
            }
        });
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    fn distance(a: (f64, f64), b: (f64, f64)) -> f64 {
        ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
    }

    #[test]
    fn towers_are_corners_and_every_move_is_one_unit_long() {
        let corners = default_corners();
        for disks in 1..=6u8 {
            let unit = SIDE / ((1u64 << disks) as f64 - 1.0);
            let all = 3u64.pow(disks.into());
            // Whole towers (all digits equal) land on the corners.
            for peg in 0..3u64 {
                let tower = (0..disks).fold(0, |s, _| s * 3 + peg);
                let p = position(tower, disks, corners);
                assert!(
                    distance(p, corners[peg as usize]) < 1e-6,
                    "{disks} disks, peg {peg}"
                );
            }
            let edges = edges_of(disks);
            assert_eq!(
                edges.len() as u64,
                3 * (all - 1) / 2,
                "the Hanoi graph's edge count"
            );
            for (a, b) in edges {
                let d = distance(
                    position(a as u64, disks, corners),
                    position(b as u64, disks, corners),
                );
                assert!(
                    (d - unit).abs() < 1e-6,
                    "{disks} disks: move {a}-{b} is {d}, not {unit}"
                );
            }
            // All points are distinct.
            let mut pts: Vec<(i64, i64)> = (0..all)
                .map(|s| {
                    let p = position(s, disks, corners);
                    ((p.0 * 1000.0) as i64, (p.1 * 1000.0) as i64)
                })
                .collect();
            pts.sort_unstable();
            pts.dedup();
            assert_eq!(pts.len() as u64, all);
        }
    }
}
