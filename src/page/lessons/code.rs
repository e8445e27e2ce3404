//! The code beside a search: short pseudocode for BFS, depth-bounded DFS, A* and IDA*, written to do what the
//! engine does (BFS tests the goal when it generates it, A* when it expands it, ties to the larger g, a state's old
//! entries in OPEN skipped; DFS tests a state when it takes it, trying the moves in order), with the
//! lines that differ from the algorithm before it marked, and the line a search picture's cursor stands on
//! highlighted. The code is the same in both languages; its comments are translated.

use crate::page::i18n::{use_lang, Lang};
use yew::prelude::*;

/// A listing's line: the code, its comment in each language, and whether it differs from the listing before.
struct CodeLine {
    code: &'static str,
    en: &'static str,
    zh: &'static str,
    changed: bool,
}

const fn line(code: &'static str, en: &'static str, zh: &'static str) -> CodeLine {
    CodeLine {
        code,
        en,
        zh,
        changed: false,
    }
}

const fn changed(code: &'static str, en: &'static str, zh: &'static str) -> CodeLine {
    CodeLine {
        code,
        en,
        zh,
        changed: true,
    }
}

const BFS: &[CodeLine] = &[
    line("function bfs(start, goal):", "", ""),
    line("  if start = goal: return [start]", "", ""),
    line(
        "  OPEN ← queue [start]",
        "reached, waiting to be expanded",
        "已到达、等待扩展",
    ),
    line("  CLOSED ← {}", "expanded", "已扩展"),
    line(
        "  parent ← {start: none}",
        "every state reached, and from where",
        "每个到达过的状态及其来处",
    ),
    line("  while OPEN is not empty:", "", ""),
    line(
        "    s ← OPEN.pop_front()",
        "the oldest first: layer after layer",
        "先进先出：一层接一层",
    ),
    line("    CLOSED.add(s)", "", ""),
    line("    for each move from s to t:", "", ""),
    line(
        "      if t not in parent:",
        "new: in neither OPEN nor CLOSED",
        "新状态：既不在 OPEN 表中，也不在 CLOSED 表中",
    ),
    line("        parent[t] ← s", "", ""),
    line(
        "        if t = goal: return path(parent, t)",
        "tested when generated",
        "生成时就检查目标",
    ),
    line("        OPEN.push_back(t)", "", ""),
    line(
        "  return none",
        "every reachable state expanded",
        "所有可到达的状态都已扩展",
    ),
];

const DFS: &[CodeLine] = &[
    line("function dfs(start, goal, limit):", "", ""),
    changed(
        "  OPEN ← stack [(start, 0, none)]",
        "a stack, not a queue",
        "栈，而不是队列",
    ),
    changed(
        "  CLOSED ← {}",
        "the fewest moves each state was taken at",
        "每个状态被取出时的最少步数",
    ),
    line("  while OPEN is not empty:", "", ""),
    changed(
        "    (s, d, p) ← OPEN.pop()",
        "the newest first: deepest first",
        "后进先出：最深的先走",
    ),
    changed(
        "    if s in CLOSED and CLOSED[s] ≤ d: continue",
        "taken before, in as few moves",
        "以前取出过，步数不比现在多",
    ),
    changed("    CLOSED[s] ← d; parent[s] ← p", "", ""),
    changed(
        "    if s = goal: return path(parent, s)",
        "tested when taken",
        "取出时检查目标",
    ),
    changed(
        "    if d = limit: continue",
        "the depth limit cuts here",
        "深度界限在这里截断",
    ),
    changed(
        "    for each move from s to t, the last move first:",
        "so the first move comes out first",
        "这样第一种移动最先被取出",
    ),
    changed("      OPEN.push((t, d + 1, s))", "", ""),
    line("  return none", "none within the limit", "界限之内没有解"),
];

const ASTAR: &[CodeLine] = &[
    changed("function astar(start, goal, h):", "", ""),
    changed(
        "  OPEN ← priority queue [start] by f = g + h",
        "lowest f first",
        "f 最小的先出",
    ),
    line("  CLOSED ← {}", "expanded", "已扩展"),
    changed("  g ← {start: 0}; parent ← {start: none}", "", ""),
    line("  while OPEN is not empty:", "", ""),
    changed(
        "    s ← OPEN.pop_min()",
        "lowest f; ties: larger g, then newest",
        "f 最小；相等时取 g 大的，再相等取最新的",
    ),
    changed(
        "    if s in CLOSED: continue",
        "an old entry: s was filed again since, with a smaller g",
        "旧条目：s 之后又以更小的 g 放入过",
    ),
    changed(
        "    if s = goal: return path(parent, s)",
        "tested when expanded",
        "扩展时才检查目标",
    ),
    line("    CLOSED.add(s)", "", ""),
    line("    for each move from s to t:", "", ""),
    changed(
        "      if t not in g or g[s] + 1 < g[t]:",
        "new, or a shorter path",
        "新状态，或找到更短的路径",
    ),
    changed("        g[t] ← g[s] + 1; parent[t] ← s", "", ""),
    changed(
        "        CLOSED.remove(t); OPEN.push(t, g[t] + h(t))",
        "re-opens t if it was closed",
        "若 t 已在 CLOSED 表中，就此重新打开",
    ),
    line("  return none", "", ""),
];

const IDASTAR: &[CodeLine] = &[
    line("function idastar(start, goal, h):", "", ""),
    changed(
        "  bound ← h(start)",
        "no OPEN, no CLOSED: a threshold on f",
        "没有 OPEN 表和 CLOSED 表：只有 f 的阈值",
    ),
    changed("  loop:", "", ""),
    changed(
        "    r ← search(start, 0, bound)",
        "one depth-first iteration",
        "一轮深度优先搜索",
    ),
    changed("    if r = FOUND: return the path searched", "", ""),
    changed("    if r = ∞: return none", "", ""),
    changed(
        "    bound ← r",
        "the smallest f that was cut",
        "被剪掉的最小 f",
    ),
    changed("function search(s, g, bound):", "", ""),
    changed(
        "  if g + h(s) > bound: return g + h(s)",
        "cut: f over the threshold",
        "剪枝：f 超过阈值",
    ),
    line(
        "  if s = goal: return FOUND",
        "tested when expanded",
        "扩展时才检查目标",
    ),
    changed("  min ← ∞", "", ""),
    changed(
        "  for each move from s to t, except back to s's parent:",
        "",
        "不走回头路",
    ),
    changed(
        "    r ← search(t, g + 1, bound); if r = FOUND: return FOUND",
        "",
        "",
    ),
    changed("    min ← min(min, r)", "", ""),
    changed("  return min", "", ""),
];

/// The listings shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Listing {
    Bfs,
    Dfs,
    Astar,
    Idastar,
}

impl Listing {
    fn lines(self) -> &'static [CodeLine] {
        match self {
            Listing::Bfs => BFS,
            Listing::Dfs => DFS,
            Listing::Astar => ASTAR,
            Listing::Idastar => IDASTAR,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Listing::Bfs => "BFS",
            Listing::Dfs => "DFS",
            Listing::Astar => "A*",
            Listing::Idastar => "IDA*",
        }
    }

    /// The listing its marked lines differ from.
    fn before(self) -> Option<Listing> {
        match self {
            Listing::Bfs => None,
            Listing::Dfs | Listing::Astar => Some(Listing::Bfs),
            Listing::Idastar => Some(Listing::Astar),
        }
    }

    /// The lines (1-based) one expansion walks through, in order: take the state from OPEN, (A*: test it,)
    /// close it, generate its children, file them.
    pub fn phases(self) -> &'static [usize] {
        match self {
            Listing::Bfs => &[7, 8, 9, 13],
            Listing::Dfs => &[5, 6, 7, 8, 9, 10, 11],
            Listing::Astar => &[6, 8, 9, 10, 13],
            Listing::Idastar => &[9, 10, 12, 13],
        }
    }

    /// The line a run stands on before its first expansion.
    pub fn first_line(self) -> usize {
        match self {
            Listing::Bfs => 3,
            Listing::Dfs => 2,
            Listing::Astar => 2,
            Listing::Idastar => 2,
        }
    }

    /// The line a run stands on when an iteration begins (IDA*'s threshold raised).
    fn pass_line(self) -> usize {
        match self {
            Listing::Idastar => 7,
            other => other.loop_line(),
        }
    }

    /// The line a run comes back to between expansions.
    pub fn loop_line(self) -> usize {
        match self {
            Listing::Bfs => 6,
            Listing::Dfs => 4,
            Listing::Astar => 5,
            Listing::Idastar => 12,
        }
    }

    /// The line a run ends on: the goal found, or not.
    pub fn last_line(self, solved: bool) -> usize {
        match (self, solved) {
            (Listing::Bfs, true) => 12,
            (Listing::Bfs, false) => 14,
            (Listing::Dfs, true) => 8,
            (Listing::Dfs, false) => 12,
            (Listing::Astar, true) => 8,
            (Listing::Astar, false) => 14,
            (Listing::Idastar, true) => 5,
            (Listing::Idastar, false) => 6,
        }
    }

    /// The whole listing as text, its comments in `lang`: what Copy puts on the clipboard.
    pub fn text(self, lang: Lang) -> String {
        self.lines()
            .iter()
            .map(|l| {
                let comment = comment(l, lang);
                if comment.is_empty() {
                    l.code.to_string()
                } else {
                    format!("{}  // {comment}", l.code)
                }
            })
            .collect::<Vec<_>>()
            .join("\n")
    }
}

fn comment(line: &CodeLine, lang: Lang) -> &'static str {
    match lang {
        Lang::En => line.en,
        Lang::Zh => line.zh,
    }
}

/// Where a cursor over a traced run stands: after `step` expansions, at `phase` of the next one: 0 at the loop's
/// head (before the first expansion: the set-up), then 1, 2, ... the lines of [`Listing::phases`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Cursor {
    pub step: usize,
    pub phase: usize,
}

impl Cursor {
    /// The cursor after `step` expansions, at the loop's head.
    pub fn at(step: usize) -> Cursor {
        Cursor { step, phase: 0 }
    }

    /// The line of `listing` this cursor stands on, in a run of `total` expansions that found the goal or not;
    /// `new_pass`: the next expansion begins an iteration.
    pub fn line(self, listing: Listing, total: usize, solved: bool, new_pass: bool) -> usize {
        match (self.step >= total, self.phase) {
            (true, _) => listing.last_line(solved),
            (false, 0) if self.step == 0 => listing.first_line(),
            (false, 0) if new_pass => listing.pass_line(),
            (false, 0) => listing.loop_line(),
            (false, p) => {
                let phases = listing.phases();
                phases[(p - 1).min(phases.len() - 1)]
            }
        }
    }

    /// One line on: the next line of this expansion, or the next expansion's loop head.
    pub fn next(self, listing: Listing, total: usize) -> Cursor {
        if self.step >= total {
            self
        } else if self.phase < listing.phases().len() {
            Cursor {
                phase: self.phase + 1,
                ..self
            }
        } else {
            Cursor::at(self.step + 1)
        }
    }

    /// One line back.
    pub fn back(self, listing: Listing) -> Cursor {
        match (self.step, self.phase) {
            (0, 0) => self,
            (step, 0) => Cursor {
                step: step - 1,
                phase: listing.phases().len(),
            },
            (step, phase) => Cursor {
                step,
                phase: phase - 1,
            },
        }
    }
}

/// The component's own words.
fn words(lang: Lang, listing: Listing) -> [&'static str; 5] {
    let idastar = listing == Listing::Idastar;
    match lang {
        Lang::En => [
            "{} in pseudocode",
            "Copy",
            "marked: what changed from {}",
            if idastar {
                "on the stack {} · expansions in this iteration {}"
            } else {
                "OPEN {} · CLOSED {}"
            },
            "Line {}:",
        ],
        Lang::Zh => [
            "{} 的伪代码",
            "复制",
            "标记的行：与 {} 不同之处",
            if idastar {
                "栈中 {} 个 · 本轮已扩展 {} 次"
            } else {
                "OPEN {} · CLOSED {}"
            },
            "第 {} 行：",
        ],
    }
}

#[derive(Properties, PartialEq)]
pub struct LessonCodeProps {
    pub listing: Listing,
    /// The line (1-based) being carried out, if a cursor stands on the listing.
    #[prop_or_default]
    pub current: Option<usize>,
    /// OPEN's and CLOSED's sizes where the cursor stands (IDA*'s stack and its iteration's expansions): the
    /// same as the search picture's.
    #[prop_or_default]
    pub counts: Option<(u64, u64)>,
}

/// A listing beside a search: its lines (the current one highlighted and announced politely), what changed from
/// the listing before, OPEN's and CLOSED's sizes, and Copy.
#[component]
pub fn LessonCode(props: &LessonCodeProps) -> Html {
    let lang = use_lang();
    let listing = props.listing;
    let [title, copy, marked, counts, announce] = words(lang, listing);
    let on_copy = {
        let text = listing.text(lang);
        Callback::from(move |_: MouseEvent| {
            let text = text.clone();
            wasm_bindgen_futures::spawn_local(async move {
                // Where the clipboard is refused the code stays selectable on the page.
                let _ = crate::browser::copy_text(&text).await;
            });
        })
    };
    let fill = crate::page::i18n::fill;
    let current = props.current;
    // The line's number in words, then its code (the same in every language).
    let spoken = current.and_then(|n| {
        listing
            .lines()
            .get(n.wrapping_sub(1))
            .map(|l| (n, l.code.trim()))
    });
    html! {
        <div class="lesson-code" data-testid="lesson-code" data-listing={listing.name()}
            data-current={current.map(|c| c.to_string())}>
            <div class="code-head">
                <span class="code-title">{ fill(title, &[&listing.name()]) }</span>
                <button type="button" class="code-copy" data-testid="code-copy" onclick={on_copy}>{ copy }</button>
            </div>
            // Focusable, so that a keyboard can scroll a listing wider than a phone.
            // `translate="no"`: the code is the same in every language; only its comments are translated.
            <pre tabindex="0" aria-label={fill(title, &[&listing.name()])}><code translate="no">
                { for listing.lines().iter().enumerate().map(|(i, l)| {
                    let n = i + 1;
                    let here = current == Some(n);
                    let note = comment(l, lang);
                    html! {
                        <span class={classes!("code-line", l.changed.then_some("changed"), here.then_some("current"))}
                            data-line={n.to_string()} aria-current={here.then_some("step")}>
                            <span class="code-no" aria-hidden="true">{ format!("{n:>2} ") }</span>
                            { l.code }
                            if !note.is_empty() {
                                <span class="code-comment" translate="yes">{ format!("  // {note}") }</span>
                            }
                            { "\n" }
                        </span>
                    }
                }) }
            </code></pre>
            <p class="code-foot">
                { for listing.before().map(|b| html! {
                    <span class="code-marked"><span class="swatch changed" aria-hidden="true" />
                        { fill(marked, &[&b.name()]) }</span>
                }) }
                { for props.counts.map(|(open, closed)| html! {
                    <span class="code-counts" data-testid="code-counts">{ fill(counts, &[&open, &closed]) }</span>
                }) }
            </p>
            <p class="sr-only" aria-live="polite" data-testid="code-announce">
                { for spoken.map(|(n, code)| html! {
                    <>{ fill(announce, &[&n]) }{ " " }<code translate="no">{ code }</code></>
                }) }
            </p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const ALL: [Listing; 4] = [Listing::Bfs, Listing::Dfs, Listing::Astar, Listing::Idastar];

    #[test]
    fn every_line_a_cursor_names_exists_and_listings_are_short() {
        for listing in ALL {
            let n = listing.lines().len();
            assert!((10..=15).contains(&n), "{listing:?}: {n} lines");
            let ends = [
                listing.first_line(),
                listing.loop_line(),
                listing.pass_line(),
                listing.last_line(true),
                listing.last_line(false),
            ];
            for &line in listing.phases().iter().chain(&ends) {
                assert!((1..=n).contains(&line), "{listing:?}: line {line}");
            }
        }
    }

    #[test]
    fn the_phases_name_the_lines_that_do_what_they_say() {
        let code = |listing: Listing, line: usize| listing.lines()[line - 1].code;
        assert!(code(Listing::Bfs, Listing::Bfs.phases()[0]).contains("pop_front"));
        assert!(code(Listing::Astar, Listing::Astar.phases()[0]).contains("pop_min"));
        assert!(code(Listing::Bfs, Listing::Bfs.last_line(true)).contains("t = goal"));
        assert!(code(Listing::Astar, Listing::Astar.last_line(true)).contains("s = goal"));
        assert!(code(Listing::Bfs, *Listing::Bfs.phases().last().unwrap()).contains("push"));
        assert!(code(Listing::Astar, *Listing::Astar.phases().last().unwrap()).contains("push"));
    }

    #[test]
    fn a_cursor_walks_one_expansion_line_by_line_then_the_next() {
        let listing = Listing::Astar;
        let mut cursor = Cursor::default();
        let mut lines = vec![cursor.line(listing, 3, true, false)];
        for _ in 0..7 {
            cursor = cursor.next(listing, 3);
            lines.push(cursor.line(listing, 3, true, false));
        }
        assert_eq!(lines, vec![2, 6, 8, 9, 10, 13, 5, 6]);
        assert_eq!(cursor, Cursor { step: 1, phase: 1 });
        for _ in 0..7 {
            cursor = cursor.back(listing);
        }
        assert_eq!(cursor, Cursor::default());
        let end = Cursor::at(3);
        assert_eq!(end.next(listing, 3), end);
        assert_eq!(end.line(listing, 3, true, false), 8);
        // IDA* raises its threshold between iterations.
        let code = |line: usize| Listing::Idastar.lines()[line - 1].code;
        assert!(code(Cursor::at(5).line(Listing::Idastar, 9, true, true)).contains("bound ← r"));
        assert!(
            code(Cursor::at(5).line(Listing::Idastar, 9, true, false)).contains("for each move")
        );
    }

    #[test]
    fn the_copied_text_carries_the_comments_in_the_readers_language() {
        let en = Listing::Bfs.text(Lang::En);
        let zh = Listing::Bfs.text(Lang::Zh);
        assert!(en.contains("OPEN.pop_front()  // the oldest first"));
        assert!(zh.contains("OPEN.pop_front()  // 先进先出"));
        assert_eq!(en.lines().count(), BFS.len());
        // The code itself is the same in both.
        let code = |t: &str| {
            t.lines()
                .map(|l| l.split("  //").next().unwrap_or_default().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(code(&en), code(&zh));
    }
}
