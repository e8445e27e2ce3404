//! What drives a pair of searches drawn side by side on the same puzzle (BFS and A*, BFS and DFS, A* and IDA*):
//! the two figures' runs (one following the other's puzzle), their records and results, the two pictures under
//! their searches' names, the scrubber over
//! their expansions, and the code of either beside them, its current line following a cursor the reader moves
//! line by line. Both pictures stand at the cursor's step; the code walks its own run's lines ([`Cursor`]). The
//! section holds the cursor (one-way: this part only asks to move it).

use super::code::{Cursor, LessonCode, Listing};
use crate::page::i18n::{fill, fill_html, use_lang, Lang};
use crate::page::lessons::figure::{num, use_auto_solve, use_follow};
use crate::page::state::setup::Setup;
use crate::page::state::{PuzzleId, State};
use solver::search::trace::Trace;
use solver::HeuristicName;
use std::rc::Rc;
use web_sys::HtmlInputElement;
use yew::prelude::*;

/// The sizes of OPEN and CLOSED after `step` expansions of a run (OPEN holds the start before the first). IDA*
/// keeps no CLOSED: its second number is its current iteration's expansions (its report's count for the
/// iteration's threshold, once the iteration is whole).
pub fn counts_at(trace: &Trace, step: usize) -> (u64, u64) {
    let total = trace.expanded.len();
    let shown = step.min(total);
    let open = match shown.checked_sub(1) {
        Some(i) => trace.open_after.get(i).map_or(0, |&o| u64::from(o)),
        None => u64::from(total > 0),
    };
    let closed = if trace.iterations.is_empty() {
        trace.closed_at(shown)
    } else {
        shown - trace.pass_start(shown).min(shown)
    };
    (open, closed as u64)
}

/// A search a pair draws: its name, the listing of its code, and the key of its numbers in the section's
/// sentences (`{key}-open`, `{key}-expanded`, ...) and of its picture (`data-figure`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Searcher {
    pub name: &'static str,
    pub listing: Listing,
    pub key: &'static str,
}

pub const BFS: Searcher = Searcher {
    name: "BFS",
    listing: Listing::Bfs,
    key: "bfs",
};
pub const ASTAR: Searcher = Searcher {
    name: "A*",
    listing: Listing::Astar,
    key: "astar",
};
pub const DFS: Searcher = Searcher {
    name: "DFS",
    listing: Listing::Dfs,
    key: "dfs",
};
pub const IDASTAR: Searcher = Searcher {
    name: "IDA*",
    listing: Listing::Idastar,
    key: "idastar",
};

/// One side of the pair: its search and its run's record.
#[derive(Clone, PartialEq)]
pub struct Side {
    pub searcher: Searcher,
    pub trace: Option<Rc<Trace>>,
}

impl Side {
    fn total(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.expanded.len())
    }
}

/// The pair's sides: `searchers[i]`'s run in figure `figures[i]`, its record drawn only when `keep` (given the
/// figure and the record) says it is of the puzzle shown.
pub fn pair_sides(
    state: &State,
    figures: [u32; 2],
    searchers: [Searcher; 2],
    keep: impl Fn(u32, &Trace) -> bool,
) -> [Side; 2] {
    let side = |i: usize| Side {
        searcher: searchers[i],
        trace: state
            .puzzle(PuzzleId::Figure(figures[i]))
            .and_then(|p| p.solve.trace.clone())
            .filter(|t| keep(figures[i], t)),
    };
    [side(0), side(1)]
}

/// Runs a pair: the following figure `figures[1]` placed with `follow(key)` whenever `key` (the leading figure's
/// puzzle and the follower's choices) changes, and both figures solved whenever their puzzle does, so that the two
/// runs are always of one puzzle.
#[hook]
pub fn use_pair_runs<K: PartialEq + 'static>(
    figures: [u32; 2],
    key: Option<K>,
    follow: impl Fn(&K) -> Setup + 'static,
) {
    use_follow(key, move |key| vec![(figures[1], follow(key))]);
    use_auto_solve(figures[0]);
    use_auto_solve(figures[1]);
}

/// "BFS expanded {} states and found {} moves; A* expanded {} ...": `template` filled with each side's states expanded
/// and length, the left side's first.
pub fn pair_result(
    template: &str,
    searchers: [Searcher; 2],
    results: [(Option<u64>, Option<u64>); 2],
) -> Html {
    let mut values = Vec::new();
    for (searcher, (expanded, length)) in searchers.iter().zip(results) {
        values.push(num(format!("{}-expanded", searcher.key), expanded));
        values.push(num(format!("{}-length", searcher.key), length));
    }
    fill_html(template, values)
}

#[derive(Properties, PartialEq)]
pub struct PairPicturesProps {
    /// Each side's search, the left one first.
    pub searchers: [Searcher; 2],
    /// Each side's picture of its run, the left one first.
    pub pictures: [Html; 2],
    /// Each side's heading, where the lesson words it otherwise than the search's name.
    #[prop_or_default]
    pub headings: Option<[&'static str; 2]>,
}

/// The pair's two pictures side by side, each under its search's name.
#[component]
pub fn PairPictures(props: &PairPicturesProps) -> Html {
    let side = |i: usize| {
        html! {
            <div class="lesson-side" data-figure={props.searchers[i].key}>
                <h3>{ props.headings.map_or(props.searchers[i].name, |h| h[i]) }</h3>
                { props.pictures[i].clone() }
            </div>
        }
    };
    html! {
        <div class="lesson-pair search-pair">
            { side(0) }
            { side(1) }
        </div>
    }
}

/// A pair's cursor and which side's code is shown, held by the section (`use_drive`).
#[derive(Clone, PartialEq)]
pub struct Drive {
    pub cursor: Cursor,
    pub code_of: usize,
    pub on_cursor: Callback<Cursor>,
    pub on_code_of: Callback<usize>,
}

/// A section's cursor over its pair, first at `step` (past the runs' ends: both whole), with the right side's
/// code shown.
#[hook]
pub fn use_drive(step: usize) -> Drive {
    let cursor = use_state(|| Cursor::at(step));
    let code_of = use_state(|| 1usize);
    Drive {
        cursor: *cursor,
        code_of: *code_of,
        on_cursor: Callback::from(move |c| cursor.set(c)),
        on_code_of: Callback::from(move |i| code_of.set(i)),
    }
}

/// "After {} expansions, BFS holds {} in OPEN and {} in CLOSED; A* {} and {}": `template` filled with the step
/// and both sides' counts there, the left side's first.
pub fn at_step(template: &str, step: usize, sides: &[Side; 2]) -> Html {
    let mut values = vec![num("step", Some(step as u64))];
    for side in sides {
        let counts = side.trace.as_ref().map(|t| counts_at(t, step));
        let key = side.searcher.key;
        values.push(num(format!("{key}-open"), counts.map(|c| c.0)));
        values.push(num(format!("{key}-closed"), counts.map(|c| c.1)));
    }
    fill_html(template, values)
}

#[derive(Properties, PartialEq)]
pub struct HeuristicPickProps {
    pub label: AttrValue,
    /// Its test id.
    pub name: AttrValue,
    pub choices: &'static [HeuristicName],
    pub value: HeuristicName,
    pub on_pick: Callback<HeuristicName>,
}

/// A*'s heuristic for a drawn pair, picked from `choices`.
#[component]
pub fn HeuristicPick(props: &HeuristicPickProps) -> Html {
    let lang = use_lang();
    let on_change = {
        let (choices, on_pick) = (props.choices, props.on_pick.clone());
        Callback::from(move |e: Event| {
            let select: web_sys::HtmlSelectElement = e.target_unchecked_into();
            if let Some(&h) = choices.iter().find(|h| h.name() == select.value()) {
                on_pick.emit(h);
            }
        })
    };
    html! {
        <label>{ props.label.clone() }{ " " }
            <select data-testid={props.name.clone()} onchange={on_change}>
                { for props.choices.iter().map(|&h| html! {
                    <option value={h.name()} selected={h == props.value}>{ lang.heuristic(h) }</option>
                }) }
            </select>
        </label>
    }
}

/// The cursor shown: the step both pictures stand at (the longest run's end at most).
pub fn step_shown(cursor: Cursor, sides: &[Side; 2]) -> usize {
    cursor.step.min(sides[0].total().max(sides[1].total()))
}

#[derive(Properties, PartialEq)]
pub struct DrivePaneProps {
    pub sides: [Side; 2],
    pub drive: Drive,
    /// What the pair holds at the cursor, in the lesson's words.
    #[prop_or_default]
    pub children: Html,
}

/// The scrubber, the sentence of where both runs stand, and the code of one side with its line buttons.
#[component]
pub fn DrivePane(props: &DrivePaneProps) -> Html {
    let lang = use_lang();
    let w = words(lang);
    let longest = props.sides[0].total().max(props.sides[1].total());
    let step = step_shown(props.drive.cursor, &props.sides);
    let on_scrub = {
        let on_cursor = props.drive.on_cursor.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(n) = input.value().parse::<usize>() {
                on_cursor.emit(Cursor::at(n));
            }
        })
    };
    let side = &props.sides[props.drive.code_of.min(1)];
    let total = side.total();
    // Past its own run's end, a side stands at its end.
    let cursor = Cursor {
        step: step.min(total),
        phase: if props.drive.cursor.step > total {
            0
        } else {
            props.drive.cursor.phase
        },
    };
    let solved = side.trace.as_ref().is_some_and(|t| !t.path.is_empty());
    let listing = side.searcher.listing;
    let new_pass = side
        .trace
        .as_ref()
        .is_some_and(|t| t.starts_iteration(cursor.step));
    let line = side
        .trace
        .as_ref()
        .map(|_| cursor.line(listing, total, solved, new_pass));
    let counts = side.trace.as_ref().map(|t| counts_at(t, step));
    let line_step = |forward: bool| {
        let on_cursor = props.drive.on_cursor.clone();
        Callback::from(move |_: MouseEvent| {
            on_cursor.emit(if forward {
                cursor.next(listing, total)
            } else {
                cursor.back(listing)
            });
        })
    };
    let pick = |i: usize| {
        let on = props.drive.on_code_of.clone();
        let name = props.sides[i].searcher.name;
        html! {
            <button type="button" aria-pressed={(props.drive.code_of == i).to_string()}
                data-testid={format!("code-of-{}", if i == 0 { "left" } else { "right" })}
                data-listing={name} onclick={Callback::from(move |_| on.emit(i))}>{ name }</button>
        }
    };
    html! {
        <>
            <div class="lesson-scrub">
                <label>{ w.scrubber }{ " " }
                    <input type="range" data-testid="search-scrubber" min="0" max={longest.to_string()}
                        value={step.to_string()} oninput={on_scrub} disabled={longest == 0} />
                </label>
                <p class="lesson-at-step" data-testid="at-step">{ props.children.clone() }</p>
            </div>
            <div class="lesson-code-pane">
                <div class="lesson-controls" role="group" aria-label={w.code_of}>
                    { w.code_of }{ " " }{ pick(0) }{ pick(1) }
                    <button type="button" data-testid="line-back" onclick={line_step(false)}
                        disabled={cursor == Cursor::default()}>{ w.back }</button>
                    <button type="button" data-testid="line-next" onclick={line_step(true)}
                        disabled={cursor.step >= total}>{ w.next }</button>
                    <span class="lesson-hint">{ fill(w.hint, &[&side.searcher.name]) }</span>
                </div>
                <LessonCode {listing} current={line} {counts} />
            </div>
        </>
    }
}

struct Words {
    scrubber: &'static str,
    code_of: &'static str,
    back: &'static str,
    next: &'static str,
    hint: &'static str,
}

fn words(lang: Lang) -> Words {
    match lang {
        Lang::En => Words {
            scrubber: "Expansions shown",
            code_of: "Code of",
            back: "◀ Line",
            next: "Line ▶",
            hint: "The line buttons walk {}'s run one line at a time; both pictures follow.",
        },
        Lang::Zh => Words {
            scrubber: "显示的扩展次数",
            code_of: "显示代码：",
            back: "◀ 上一行",
            next: "下一行 ▶",
            hint: "用行按钮一行一行地走完 {} 的运行过程，两幅图随之变化。",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_counts_are_the_records_at_each_step() {
        let trace = Trace {
            expanded: vec![0, 1, 2],
            open_after: vec![2, 3, 1],
            ..Trace::default()
        };
        assert_eq!(counts_at(&trace, 0), (1, 0));
        assert_eq!(counts_at(&trace, 2), (3, 2));
        assert_eq!(counts_at(&trace, 9), (1, 3));
        assert_eq!(counts_at(&Trace::default(), 0), (0, 0));
    }
}
