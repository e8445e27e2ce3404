//! A search drawn on the tower's state graph as it runs: the 3-peg graph laid out as its Sierpinski triangle
//! (`components::sierpinski`), every state coloured by what the recorded run had done to it after a given number
//! of expansions: expanded (in shades of their order), in OPEN, being expanded, never reached, with the start and
//! the goal ringed and, at the run's end, its path. Clicking a state picks it (the section makes it the start or
//! the goal).
//!
//! It draws the worker's record of the real engine's run (`Trace`): nothing is searched here.

use crate::page::components::sierpinski::{
    colour, default_corners, edge_lines, edges_of, path_line, picked_state, position,
    MAX_EDGE_DISKS,
};
use crate::page::i18n::{use_lang, Lang};
use crate::page::lessons::drive::counts_at;
use solver::search::trace::Trace;
use std::fmt::Write as _;
use std::rc::Rc;
use yew::prelude::*;

/// Side of the drawing, as in the lab's Sierpinski view.
const SIDE: f64 = 600.0;
const PAD: f64 = 18.0;

/// Shades of the expanded states, darker first: each shade is drawn as one element.
const SHADES: usize = 12;

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

/// What the run had done to a state after the shown expansions.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    Unreached,
    /// Expanded, in this shade of the order.
    Closed(usize),
    Open,
    Current,
}

#[component]
pub fn SearchGraph(props: &SearchGraphProps) -> Html {
    let disks = props.disks;
    let states = 3u64.pow(u32::from(disks));
    let points = use_points(disks);
    let trace = props.trace.as_ref().filter(|t| t.rank_count == states);
    let total = trace.map_or(0, |t| t.expanded.len());
    let shown = props.step.min(total);
    let open_count = trace.map_or(0, |t| counts_at(t, shown).0);
    let ended = trace.is_some_and(|_| props.step >= total);
    let mut kinds = vec![Kind::Unreached; points.len()];
    if let Some(t) = trace {
        for (i, &rank) in t.expanded.iter().take(shown).enumerate() {
            if let Some(kind) = kinds.get_mut(rank as usize) {
                *kind = Kind::Closed(i * SHADES / total.max(1));
            }
        }
        for (kind, open) in kinds.iter_mut().zip(t.open_at(shown)) {
            if open {
                *kind = Kind::Open;
            }
        }
        let current = (!ended).then(|| t.expanded.get(shown)).flatten();
        if let Some(kind) = current.and_then(|&r| kinds.get_mut(r as usize)) {
            *kind = Kind::Current;
        }
    }
    let r = radius(disks);
    // One path per kind (and per shade), a circle per state: the 729 states of six disks are a few elements to
    // draw whenever the run or the scrubber moves, not 729 to restyle.
    let mut unreached = Shape::default();
    let mut closed: Vec<Shape> = (0..SHADES).map(|_| Shape::default()).collect();
    let (mut open, mut current) = (Shape::default(), Shape::default());
    for (&kind, &(x, y)) in kinds.iter().zip(points.iter()) {
        let shape = match kind {
            Kind::Unreached => &mut unreached,
            Kind::Closed(shade) => &mut closed[shade.min(SHADES - 1)],
            Kind::Open => &mut open,
            Kind::Current => &mut current,
        };
        shape.circle(x, y, r);
    }
    let shades = closed.into_iter().enumerate().map(|(shade, shape)| {
        let fill = format!("fill:{}", colour(shade, SHADES));
        shape.draw("closed", Some(fill))
    });
    let height = SIDE * 3f64.sqrt() / 2.0 + 2.0 * PAD;
    let path = trace.filter(|_| ended).map(|t| path_line(&points, &t.path));
    let ring = |code: u64, class: &'static str| {
        let (x, y) = points.get(code as usize).copied().unwrap_or_default();
        html! {
            <circle class={classes!("sg-ring", class)} cx={format!("{x:.1}")} cy={format!("{y:.1}")}
                r={format!("{r:.2}")} data-ring={code.to_string()} />
        }
    };
    html! {
        <svg class="search-graph" data-testid="search-picture" data-expanded={shown.to_string()}
            data-open={open_count.to_string()} data-total={total.to_string()}
            data-ready={trace.is_some().to_string()}
            viewBox={format!("0 0 {} {height:.0}", SIDE + 2.0 * PAD)} role="img" aria-label={props.label.clone()}>
            <title>{ props.label.clone() }</title>
            <GraphEdges {disks} />
            <g class="sg-kinds">
                { unreached.draw("unreached", None) }
                { for shades }
                { open.draw("open", None) }
                { current.draw("current", None) }
            </g>
            { for path }
            <StateTargets {disks} on_pick={props.on_pick.clone()} />
            { ring(props.start, "start") }
            { ring(props.goal, "goal") }
        </svg>
    }
}

/// Where each state of `disks` disks is drawn, by its code.
#[hook]
fn use_points(disks: u8) -> Rc<Vec<(f64, f64)>> {
    let corners = default_corners();
    use_memo(disks, move |&disks| {
        (0..3u64.pow(u32::from(disks)))
            .map(|s| position(s, disks, corners))
            .collect::<Vec<_>>()
    })
}

/// A state's radius on a graph of `disks` disks.
fn radius(disks: u8) -> f64 {
    let unit = SIDE / ((1u64 << disks) as f64 - 1.0).max(1.0);
    (unit * 0.36).clamp(2.0, 14.0)
}

/// The states of one kind, as one path of circles.
#[derive(Default)]
struct Shape {
    d: String,
    count: usize,
}

impl Shape {
    fn circle(&mut self, x: f64, y: f64, r: f64) {
        let _ = write!(
            self.d,
            "M{:.1} {y:.1}a{r:.2} {r:.2} 0 1 0 {:.2} 0a{r:.2} {r:.2} 0 1 0 -{:.2} 0",
            x - r,
            2.0 * r,
            2.0 * r
        );
        self.count += 1;
    }

    /// The path, its kind and how many states it holds (`data-kind`, `data-count`, as the layered pictures).
    fn draw(self, kind: &'static str, style: Option<String>) -> Html {
        html! {
            <path class={classes!("sg-kind", kind)} data-kind={kind} data-count={self.count.to_string()}
                d={self.d} {style} />
        }
    }
}

#[derive(Properties, PartialEq)]
struct GraphEdgesProps {
    disks: u8,
}

/// The graph's moves, under the states: the same for every run of the tower, so drawn once for its number of
/// disks.
#[component]
fn GraphEdges(props: &GraphEdgesProps) -> Html {
    let disks = props.disks;
    let points = use_points(disks);
    let edges = use_memo(disks, |&disks| edges_of(disks));
    html! {
        if disks <= MAX_EDGE_DISKS {
            { edge_lines(&points, &edges) }
        }
    }
}

#[derive(Properties, PartialEq)]
struct StateTargetsProps {
    disks: u8,
    on_pick: Callback<u64>,
}

/// A clear target over each state, that a click picks (`data-state`): drawn once for the number of disks.
#[component]
fn StateTargets(props: &StateTargetsProps) -> Html {
    let points = use_points(props.disks);
    let r = radius(props.disks);
    html! {
        <g class="states" onclick={picked_state(props.on_pick.clone())}>
            { for points.iter().enumerate().map(|(s, &(x, y))| html! {
                <circle class="sg-state" cx={format!("{x:.1}")} cy={format!("{y:.1}")} r={format!("{r:.2}")}
                    data-state={s.to_string()} />
            }) }
        </g>
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
