//! A search drawn on the tower's state graph as it runs: the 3-peg graph laid out as its Sierpinski triangle
//! (`components::sierpinski`), every state coloured by what the recorded run had done to it after a given number
//! of expansions: expanded (by order), in OPEN, being expanded, never reached, with the start and the goal ringed
//! and, at the run's end, its path. Clicking a state picks it (the section makes it the start or the goal).
//!
//! It draws the worker's record of the real engine's run (`Trace`): nothing is searched here.

use crate::page::components::sierpinski::{
    colour, default_corners, edge_lines, edges_of, path_line, picked_state, position,
    MAX_EDGE_DISKS,
};
use crate::page::i18n::{use_lang, Lang};
use crate::page::lessons::drive::counts_at;
use solver::search::trace::Trace;
use std::rc::Rc;
use yew::prelude::*;

/// Side of the drawing, as in the lab's Sierpinski view.
const SIDE: f64 = 600.0;
const PAD: f64 = 18.0;

#[derive(Properties, PartialEq)]
pub struct SearchGraphProps {
    pub disks: u8,
    /// The run's record, once the worker has sent it (for this tower).
    pub trace: Option<Rc<Trace>>,
    /// How many expansions are shown.
    pub step: usize,
    /// The start's and the goal's codes.
    pub start: u64,
    pub goal: u64,
    /// Hears the code of a state clicked.
    #[prop_or_default]
    pub on_pick: Callback<u64>,
    /// The picture's name for screen readers.
    pub label: AttrValue,
}

#[component]
pub fn SearchGraph(props: &SearchGraphProps) -> Html {
    let disks = props.disks;
    let states = 3u64.pow(u32::from(disks));
    let corners = default_corners();
    let points: Rc<Vec<(f64, f64)>> = use_memo(disks, move |&disks| {
        (0..3u64.pow(u32::from(disks)))
            .map(|s| position(s, disks, corners))
            .collect::<Vec<_>>()
    });
    let edges = use_memo(disks, |&disks| edges_of(disks));
    let trace = props.trace.as_ref().filter(|t| t.rank_count == states);
    let total = trace.map_or(0, |t| t.expanded.len());
    let shown = props.step.min(total);
    let open_count = trace.map_or(0, |t| counts_at(t, shown).0);
    let ended = trace.is_some_and(|_| props.step >= total);
    // What the run had done to each state after `shown` expansions.
    let mut order: Vec<Option<usize>> = vec![None; points.len()];
    let mut open = vec![false; points.len()];
    let mut current = None;
    if let Some(t) = trace {
        for (i, &rank) in t.expanded.iter().take(shown).enumerate() {
            if let Some(slot) = order.get_mut(rank as usize) {
                *slot = Some(i);
            }
        }
        open = t.open_at(shown);
        open.resize(points.len(), false);
        current = (!ended)
            .then(|| t.expanded.get(shown))
            .flatten()
            .map(|&r| r as usize);
    }
    let on_path: Vec<bool> = {
        let mut on = vec![false; points.len()];
        for &rank in trace
            .filter(|_| ended)
            .map(|t| t.path.as_slice())
            .unwrap_or_default()
        {
            if let Some(slot) = on.get_mut(rank as usize) {
                *slot = true;
            }
        }
        on
    };
    let unit = SIDE / ((1u64 << disks) as f64 - 1.0).max(1.0);
    let r = (unit * 0.36).clamp(2.0, 14.0);
    let height = SIDE * 3f64.sqrt() / 2.0 + 2.0 * PAD;
    let path = trace.filter(|_| ended).map(|t| path_line(&points, &t.path));
    html! {
        <svg class="search-graph" data-testid="search-picture" data-expanded={shown.to_string()}
            data-open={open_count.to_string()} data-total={total.to_string()}
            data-ready={trace.is_some().to_string()}
            viewBox={format!("0 0 {} {height:.0}", SIDE + 2.0 * PAD)} role="img" aria-label={props.label.clone()}>
            <title>{ props.label.clone() }</title>
            if disks <= MAX_EDGE_DISKS {
                { edge_lines(&points, &edges) }
            }
            { for path }
            <g class="states" onclick={picked_state(props.on_pick.clone())}>
                { for points.iter().enumerate().map(|(s, &(x, y))| {
                    let code = s as u64;
                    let kind = if current == Some(s) {
                        "current"
                    } else if open[s] {
                        "open"
                    } else if order[s].is_some() {
                        "closed"
                    } else {
                        "unreached"
                    };
                    let fill = match order[s] {
                        Some(i) if kind == "closed" => colour(i, total.max(1)),
                        _ => String::new(),
                    };
                    html! {
                        <circle cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={format!("{r:.2}")}
                            class={classes!("sg-state", kind, on_path[s].then_some("on-path"),
                                (code == props.start).then_some("start"), (code == props.goal).then_some("goal"))}
                            style={(!fill.is_empty()).then(|| format!("fill:{fill}"))}
                            data-state={s.to_string()} data-kind={kind} />
                    }
                }) }
            </g>
        </svg>
    }
}

/// The legend under a pair of pictures: what each colour and ring means.
#[component]
pub fn SearchLegend() -> Html {
    let w = words(use_lang());
    html! {
        <p class="legend search-legend">
            <span class="swatch sg-closed" />{ w.closed }
            <span class="swatch sg-open" />{ w.open }
            <span class="swatch sg-current" />{ w.current }
            <span class="swatch sg-start" />{ w.start }
            <span class="swatch sg-goal" />{ w.goal }
            <span class="swatch sg-path" />{ w.path }
        </p>
    }
}

struct Words {
    closed: &'static str,
    open: &'static str,
    current: &'static str,
    start: &'static str,
    goal: &'static str,
    path: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            closed: "expanded (CLOSED), darker first",
            open: "in OPEN",
            current: "being expanded",
            start: "start",
            goal: "goal",
            path: "the path found",
        },
        Lang::Zh => Words {
            closed: "已扩展（CLOSED），颜色越深越早",
            open: "在 OPEN 中",
            current: "正在扩展",
            start: "起点",
            goal: "目标",
            path: "找到的路径",
        },
    }
}
