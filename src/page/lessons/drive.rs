//! What drives a pair of searches drawn side by side, BFS and A* on the same puzzle: the two figures' runs (A*
//! following BFS's puzzle), their records and results, the two pictures under their headings, the scrubber over
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

/// The sizes of OPEN and CLOSED after `step` expansions of a run (OPEN holds the start before the first).
pub fn counts_at(trace: &Trace, step: usize) -> (u64, u64) {
    let total = trace.expanded.len();
    let shown = step.min(total);
    let open = match shown.checked_sub(1) {
        Some(i) => trace.open_after.get(i).map_or(0, |&o| u64::from(o)),
        None => u64::from(total > 0),
    };
    (open, trace.closed_at(shown) as u64)
}

/// One side of the pair: its name, its run's record and the listing of its code.
#[derive(Clone, PartialEq)]
pub struct Side {
    pub name: &'static str,
    pub trace: Option<Rc<Trace>>,
    pub listing: Listing,
}

impl Side {
    fn total(&self) -> usize {
        self.trace.as_ref().map_or(0, |t| t.expanded.len())
    }
}

/// The pair's sides, BFS's figure `figures[0]` and A*'s `figures[1]`: a run's record is drawn only when `keep`
/// (given the figure and the record) says it is of the puzzle shown.
pub fn pair_sides(
    state: &State,
    figures: [u32; 2],
    keep: impl Fn(u32, &Trace) -> bool,
) -> [Side; 2] {
    let trace = |n: u32| {
        state
            .puzzle(PuzzleId::Figure(n))
            .and_then(|p| p.solve.trace.clone())
            .filter(|t| keep(n, t))
    };
    [
        Side {
            name: "BFS",
            trace: trace(figures[0]),
            listing: Listing::Bfs,
        },
        Side {
            name: "A*",
            trace: trace(figures[1]),
            listing: Listing::Astar,
        },
    ]
}

/// Runs a pair: A*'s figure `figures[1]` placed with `follow(key)` whenever `key` (BFS's puzzle and A*'s choices)
/// changes, and both figures solved whenever their puzzle does, so that the two runs are always of one puzzle.
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
/// and length, BFS's first.
pub fn pair_result(template: &str, results: [(Option<u64>, Option<u64>); 2]) -> Html {
    let [(bfs_expanded, bfs_length), (a_expanded, a_length)] = results;
    fill_html(
        template,
        vec![
            num("bfs-expanded", bfs_expanded),
            num("bfs-length", bfs_length),
            num("astar-expanded", a_expanded),
            num("astar-length", a_length),
        ],
    )
}

#[derive(Properties, PartialEq)]
pub struct PairPicturesProps {
    /// Each side's heading, BFS's first.
    pub headings: [&'static str; 2],
    /// Each side's picture of its run, BFS's first.
    pub pictures: [Html; 2],
}

/// The pair's two pictures side by side, each under its heading.
#[component]
pub fn PairPictures(props: &PairPicturesProps) -> Html {
    let side = |i: usize, figure: &'static str| {
        html! {
            <div class="lesson-side" data-figure={figure}>
                <h3>{ props.headings[i] }</h3>
                { props.pictures[i].clone() }
            </div>
        }
    };
    html! {
        <div class="lesson-pair search-pair">
            { side(0, "bfs") }
            { side(1, "astar") }
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
/// and both sides' counts there.
pub fn at_step(template: &str, step: usize, sides: &[Side; 2]) -> Html {
    let counts = |i: usize| sides[i].trace.as_ref().map(|t| counts_at(t, step));
    let (left, right) = (counts(0), counts(1));
    fill_html(
        template,
        vec![
            num("step", Some(step as u64)),
            num("bfs-open", left.map(|c| c.0)),
            num("bfs-closed", left.map(|c| c.1)),
            num("astar-open", right.map(|c| c.0)),
            num("astar-closed", right.map(|c| c.1)),
        ],
    )
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
    let line = side
        .trace
        .as_ref()
        .map(|_| cursor.line(side.listing, total, solved));
    let counts = side.trace.as_ref().map(|t| counts_at(t, step));
    let line_step = |forward: bool| {
        let (on_cursor, listing) = (props.drive.on_cursor.clone(), side.listing);
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
        let name = props.sides[i].name;
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
                    <span class="lesson-hint">{ fill(w.hint, &[&side.name]) }</span>
                </div>
                <LessonCode listing={side.listing} current={line} {counts} />
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
