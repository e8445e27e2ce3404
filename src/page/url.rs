//! The page's address: the PUZZLE query string, read and written with the solver crate's one parser and printer.
//! A link that names a board's size but no start (`?puzzle=sliding&size=5x5`) opens a shuffled board of that size:
//! the page's own reading, since the parser (shared with the CLI, which needs a start) refuses it.
//!
//! Beside the PUZZLE keys (which the parser skips as unknown) a link may carry the page's own [`View`]: the move the
//! playback opens at (`at=12`) and the embedded layout (`embed=1`). Values that cannot be used are reported as
//! [`BadValue`]s, for a notice, and read as their defaults: never a failure of the whole link.

use crate::page::i18n::Lang;
use solver::query::{self, PuzzleSpec, Query, QueryError};
use solver::search::MAX_DFS_DEPTH;
use solver::sliding::{self, Shape};

/// Reads a query string (with or without `?`, or a whole URL). `None` for an empty one: the page opens with its
/// default puzzle. A sliding link without a start gets a uniformly random solvable one (from `seed`) for its goal.
pub fn read(search: &str, seed: u64) -> Option<Result<Query, QueryError>> {
    let puzzle_part = without_page_only_keys(search.trim().trim_start_matches('?'));
    let trimmed = puzzle_part.as_str();
    if trimmed.is_empty() {
        return None;
    }
    Some(match query::parse(trimmed) {
        Err(QueryError::Missing("start")) => with_shuffled_start(trimmed, seed),
        read => read,
    })
}

/// The keys a link may carry for the page around the puzzle (its language, a lesson), which name no puzzle: a link
/// of these alone opens the default puzzle.
const PAGE_ONLY_KEYS: [&str; 2] = ["lang", "lesson"];

/// `text` without its [`PAGE_ONLY_KEYS`] pairs.
fn without_page_only_keys(text: &str) -> String {
    text.split('&')
        .filter(|pair| {
            let key = pair.split_once('=').map_or(*pair, |(key, _)| key).trim();
            !PAGE_ONLY_KEYS.contains(&key)
        })
        .collect::<Vec<_>>()
        .join("&")
}

/// The first value of `key` in a query string (with or without `?`, or a whole URL; a `#fragment` is ignored).
pub fn read_key(search: &str, key: &str) -> Option<String> {
    let text = search.split_once('#').map_or(search, |(before, _)| before);
    let text = text.split_once('?').map_or(text, |(_, after)| after);
    text.split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(k, _)| k.trim() == key)
        .map(|(_, value)| value.trim().to_string())
}

/// The language a link names (`lang=zh`, `lang=en`, or a regional tag such as `zh-CN`), if it names one of ours.
pub fn read_lang(search: &str) -> Option<Lang> {
    read_key(search, "lang").and_then(|code| Lang::from_code(&code))
}

/// The current page's fragment without its `#` (`location.hash`), empty outside a browser.
pub fn current_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .map(|hash| hash.trim_start_matches('#').to_string())
        .unwrap_or_default()
}

/// Reads a link that lacks its start, as a sliding board shuffled towards its goal; the missing start stays an
/// error for a tower. Everything is read by the one parser: a one-tile start makes it name the board's size, then
/// the default goal stands in for the start while the rest of the link (its goal, algorithm, ...) is read.
fn with_shuffled_start(text: &str, seed: u64) -> Result<Query, QueryError> {
    let text = text.split_once('#').map_or(text, |(before, _)| before);
    let (width, height) = match query::parse(&format!("{text}&start=0")) {
        Err(QueryError::WrongTileCount {
            key: "start",
            width,
            height,
            ..
        }) => (width, height),
        // A tower (its start is a list of pegs): the missing start stays the link's problem.
        _ => return Err(QueryError::Missing("start")),
    };
    let stand_in = query::default_sliding_goal(width, height)
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let mut read = query::parse(&format!("{text}&start={stand_in}"))?;
    if let PuzzleSpec::Sliding {
        width,
        height,
        start,
        goal,
    } = &mut read.puzzle
    {
        let shape = Shape::new(*width, *height).map_err(|_| QueryError::Missing("start"))?;
        if let Ok(shuffled) = sliding::shuffle_solvable(shape, goal, seed) {
            *start = shuffled;
        }
    }
    Ok(read)
}

/// The canonical query string (without `?`) of the page's query, for the address bar.
pub fn write(query: &Query) -> String {
    query.to_query_string()
}

/// The page's own keys of a link: where the playback opens, whether the page is embedded, and DFS's depth limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct View {
    /// The move the run opens at (`at=12`): the link re-solves its run and shows it after that many moves.
    pub at: Option<usize>,
    /// `embed=1`: only the puzzle, the playback and the result, for a page that shows the app in an iframe.
    pub embed: bool,
    /// `depth=30`: the depth limit of `algo=dfs`, from 1 to the page's largest; absent, the default limit.
    pub depth: Option<u32>,
}

/// A page key of a link whose value cannot be used (it is read as its default): the key and the value as written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BadValue {
    pub key: &'static str,
    pub value: String,
}

/// Reads the page's own keys from a query string (with or without `?`, or a whole URL; a `#fragment` is ignored).
/// `at` must be a whole number of moves, `embed` 1 or 0 (`true`/`false`) and `depth` a whole number from 1 to
/// `MAX_DFS_DEPTH`; anything else is a [`BadValue`], read as no position, the full page and the default depth
/// limit. A key given twice keeps its first value and reports the second.
pub fn read_view(search: &str) -> (View, Vec<BadValue>) {
    let text = search.split_once('#').map_or(search, |(before, _)| before);
    let text = text.split_once('?').map_or(text, |(_, after)| after);
    let mut view = View::default();
    let mut bad = Vec::new();
    let (mut seen_at, mut seen_embed, mut seen_depth) = (false, false, false);
    for (key, value) in text.split('&').filter_map(|pair| pair.split_once('=')) {
        let value = value.trim();
        let (key, seen) = match key.trim() {
            "at" => ("at", &mut seen_at),
            "embed" => ("embed", &mut seen_embed),
            "depth" => ("depth", &mut seen_depth),
            _ => continue,
        };
        let fine = !*seen
            && match key {
                "at" => value.parse::<usize>().map(|at| view.at = Some(at)).is_ok(),
                "depth" => value
                    .parse::<u32>()
                    .ok()
                    .filter(|d| (1..=MAX_DFS_DEPTH).contains(d))
                    .map(|d| view.depth = Some(d))
                    .is_some(),
                _ => match value {
                    "1" | "true" => {
                        view.embed = true;
                        true
                    }
                    "0" | "false" => true,
                    _ => false,
                },
            };
        *seen = true;
        if !fine {
            bad.push(BadValue {
                key,
                value: value.to_string(),
            });
        }
    }
    (view, bad)
}

/// The query string of a link to the page: the PUZZLE's, then `depth`, `at` and `embed=1` when the view has them.
pub fn write_with_view(query: &Query, view: View) -> String {
    let mut text = write(query);
    if let Some(depth) = view.depth {
        text.push_str(&format!("&depth={depth}"));
    }
    if let Some(at) = view.at {
        text.push_str(&format!("&at={at}"));
    }
    if view.embed {
        text.push_str("&embed=1");
    }
    text
}

/// The HTML that shows a run on another page: an iframe of the embedded app at `base` (the app's address, a
/// sub-path included) with the query `link` (which should carry `embed=1`), titled `title`. The attribute values
/// are escaped, so the snippet pastes into any page as it is.
pub fn embed_code(base: &str, link: &str, title: &str) -> String {
    let src = format!("{base}?{link}");
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"720\" style=\"max-width: 560px; border: 0\" loading=\"lazy\"></iframe>",
        attribute(&src),
        attribute(title)
    )
}

/// Text escaped for a double-quoted HTML attribute.
fn attribute(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('"', "&quot;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

/// The app's own address without query or fragment (`document.baseURI`: the `<base>` a sub-path build sets, so a
/// link made on any page of the app opens the app), empty outside a browser.
pub fn app_base() -> String {
    let base = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.base_uri().ok().flatten())
        .unwrap_or_default();
    let base = base.split_once('#').map_or(base.as_str(), |(b, _)| b);
    base.split_once('?').map_or(base, |(b, _)| b).to_string()
}

/// The current page's query string (`location.search`), empty outside a browser.
pub fn current_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// Puts `query` into the address bar without a new history entry or a reload; the path (a sub-path too) is kept.
pub fn replace(query: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let wanted = format!("?{query}");
    if window.location().search().ok().as_deref() == Some(wanted.as_str()) {
        return;
    }
    if let Ok(history) = window.history() {
        // Fails only for a URL of another origin, which a bare `?query` never is.
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&wanted));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_names_its_language_and_page_keys_alone_open_the_default_puzzle() {
        assert_eq!(read_lang("?lang=zh"), Some(Lang::Zh));
        assert_eq!(read_lang("lesson=hanoi&lang=en#state"), Some(Lang::En));
        assert_eq!(
            read_lang("https://x.org/a/?lang=zh-CN&embed=1"),
            Some(Lang::Zh)
        );
        assert_eq!(read_lang("?lang=fr"), None);
        assert_eq!(read_lang("?puzzle=hanoi"), None);
        assert_eq!(
            read_key("?lesson=hanoi#graph", "lesson").as_deref(),
            Some("hanoi")
        );
        assert_eq!(read("?lang=zh", 1), None);
        assert_eq!(read("?lesson=hanoi&lang=en", 1), None);
        let with_lang = read("?puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2&lang=zh", 1);
        let without = read("?puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2", 1);
        assert_eq!(with_lang, without);
    }
    use solver::query::PuzzleSpec;
    use solver::{Algorithm, HeuristicName};

    fn page_query(puzzle: &PuzzleSpec, algorithm: Algorithm, heuristic: HeuristicName) -> Query {
        Query {
            puzzle: puzzle.clone(),
            algorithm: Some(algorithm),
            heuristic: Some(heuristic),
            weight: None,
        }
    }

    #[test]
    fn empty_means_default() {
        assert!(read("", 1).is_none());
        assert!(read("?", 1).is_none());
        assert!(read("  ", 1).is_none());
    }

    #[test]
    fn a_size_without_a_start_opens_a_shuffled_board_of_that_size() {
        // The parser itself (and so the CLI) still refuses it.
        assert_eq!(
            query::parse("puzzle=sliding&size=5x5").err(),
            Some(QueryError::Missing("start"))
        );
        let mut starts = std::collections::HashSet::new();
        for seed in 1..=5 {
            let q = read("?puzzle=sliding&size=5x5", seed).and_then(Result::ok);
            let Some(Query {
                puzzle:
                    PuzzleSpec::Sliding {
                        width: 5,
                        height: 5,
                        start,
                        goal,
                    },
                algorithm: None,
                ..
            }) = q
            else {
                panic!("seed {seed}: not a 5x5 board without an algorithm: {q:?}");
            };
            assert_eq!(goal, query::default_sliding_goal(5, 5));
            let shape = Shape::new(5, 5).unwrap();
            assert_eq!(sliding::check_solvable(shape, &start, &goal), Ok(()));
            assert_ne!(start, goal, "seed {seed}: the board is not shuffled");
            starts.insert(start);
        }
        assert_eq!(starts.len(), 5, "five seeds gave the same board");
        // The rest of the link is read as usual: a goal of its own, a rectangle, an algorithm.
        let goal = "2,1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,0";
        let q = read(
            &format!("puzzle=sliding&size=8x3&goal={goal}&algo=staged"),
            9,
        )
        .and_then(Result::ok);
        let Some(Query {
            puzzle: PuzzleSpec::Sliding { start, goal: g, .. },
            algorithm,
            ..
        }) = q
        else {
            panic!("8x3 with a goal was not read: {q:?}");
        };
        assert_eq!(algorithm, Some(Algorithm::Staged));
        assert_eq!(
            g.iter().map(u8::to_string).collect::<Vec<_>>().join(","),
            goal
        );
        let shape = Shape::new(8, 3).unwrap();
        assert_eq!(sliding::check_solvable(shape, &start, &g), Ok(()));
        // Other problems are still named, and a tower still needs its start.
        let err = read("puzzle=sliding&size=9x9", 1).and_then(Result::err);
        assert!(err.is_some_and(|e| e.to_string().contains("9x9")));
        let err = read("puzzle=sliding&size=4x4&goal=1,2", 1).and_then(Result::err);
        assert!(err.is_some_and(|e| e.to_string().contains("goal")));
        let err = read("puzzle=hanoi&pegs=3&disks=4", 1).and_then(Result::err);
        assert_eq!(err, Some(QueryError::Missing("start")));
    }

    #[test]
    fn what_is_written_reads_back_the_same() {
        let puzzle = PuzzleSpec::Sliding {
            width: 4,
            height: 2,
            start: vec![1, 2, 3, 4, 5, 6, 0, 7],
            goal: vec![1, 2, 3, 4, 5, 6, 7, 0],
        };
        let text = write(&page_query(
            &puzzle,
            Algorithm::Idastar,
            HeuristicName::Manhattan,
        ));
        assert_eq!(
            text,
            "puzzle=sliding&size=4x2&start=1,2,3,4,5,6,0,7&goal=1,2,3,4,5,6,7,0&algo=idastar&heuristic=manhattan"
        );
        let q = read(&format!("?{text}"), 1)
            .and_then(Result::ok)
            .map(|q| (q.puzzle, q.algorithm, q.heuristic));
        assert_eq!(
            q,
            Some((
                puzzle,
                Some(Algorithm::Idastar),
                Some(HeuristicName::Manhattan)
            ))
        );
    }

    #[test]
    fn hanoi_round_trips() {
        let puzzle = PuzzleSpec::Hanoi {
            pegs: 4,
            disks: 3,
            start: vec![0, 1, 3],
            goal: vec![3, 3, 3],
        };
        let text = write(&page_query(&puzzle, Algorithm::Bfs, HeuristicName::Exact));
        assert_eq!(
            read(&text, 1).and_then(Result::ok).map(|q| q.puzzle),
            Some(puzzle)
        );
    }

    #[test]
    fn the_view_keys_are_read_beside_the_puzzle_and_written_after_it() {
        let link =
            "puzzle=sliding&size=2x2&start=1,2,0,3&goal=1,2,3,0&algo=dfs&depth=7&at=12&embed=1";
        let (view, bad) = read_view(&format!("?{link}#top"));
        assert_eq!(
            view,
            View {
                at: Some(12),
                embed: true,
                depth: Some(7),
            }
        );
        assert!(bad.is_empty());
        // The puzzle is read as ever (the parser skips the page's keys), and the link prints back the same.
        let q = read(link, 1).and_then(Result::ok).expect("the link reads");
        assert_eq!(write_with_view(&q, view), link);
        assert_eq!(write_with_view(&q, View::default()), write(&q));
        let (again, _) = read_view(&format!(
            "http://x.test/puzzle-lab/?{}",
            write_with_view(&q, view)
        ));
        assert_eq!(again, view);
        assert_eq!(
            read_view("embed=true&at=0").0,
            View {
                at: Some(0),
                embed: true,
                depth: None,
            }
        );
        assert_eq!(read_view("embed=0").0, View::default());
        assert_eq!(read_view("").0, View::default());
    }

    #[test]
    fn bad_view_values_are_reported_and_read_as_defaults() {
        for (text, key, value) in [
            ("at=abc", "at", "abc"),
            ("at=-3", "at", "-3"),
            ("at=", "at", ""),
            ("at=1.5", "at", "1.5"),
            (
                "at=99999999999999999999999",
                "at",
                "99999999999999999999999",
            ),
            ("embed=yes", "embed", "yes"),
            ("depth=0", "depth", "0"),
            ("depth=201", "depth", "201"),
            ("depth=ten", "depth", "ten"),
        ] {
            let (view, bad) = read_view(text);
            assert_eq!(view, View::default(), "{text}");
            assert_eq!(
                bad,
                vec![BadValue {
                    key,
                    value: value.into()
                }],
                "{text}"
            );
        }
        // Twice: the first value stands and the second is named.
        let (view, bad) = read_view("at=3&at=4&embed=1&embed=0");
        assert_eq!(
            view,
            View {
                at: Some(3),
                embed: true,
                depth: None,
            }
        );
        assert_eq!(read_view("depth=200").0.depth, Some(200));
        assert_eq!(
            bad.iter().map(|b| b.key).collect::<Vec<_>>(),
            ["at", "embed"]
        );
        // Keys that merely contain the names are not theirs.
        assert_eq!(read_view("that=1&embedded=1").0, View::default());
    }

    #[test]
    fn the_embed_code_is_an_iframe_whose_address_survives_html() {
        let code = embed_code(
            "https://example.org/puzzle-lab/",
            "puzzle=hanoi&pegs=3&disks=3&start=0,0,0&goal=2,2,2&algo=bfs&at=2&embed=1",
            "Puzzle Lab \"demo\"",
        );
        assert_eq!(
            code,
            "<iframe src=\"https://example.org/puzzle-lab/?puzzle=hanoi&amp;pegs=3&amp;disks=3&amp;start=0,0,0&amp;goal=2,2,2&amp;algo=bfs&amp;at=2&amp;embed=1\" title=\"Puzzle Lab &quot;demo&quot;\" width=\"100%\" height=\"720\" style=\"max-width: 560px; border: 0\" loading=\"lazy\"></iframe>"
        );
    }

    #[test]
    fn malformed_links_name_the_problem() {
        let err = read("?puzzle=sliding&size=3x3&start=1,2,3", 1).and_then(Result::err);
        assert!(err.is_some_and(|e| e.to_string().contains("start")));
    }
}
