//! The page's address: the PUZZLE query string, read and written with the solver crate's one parser and printer.

use solver::query::{self, Query, QueryError};

/// Reads a query string (with or without `?`, or a whole URL). `None` for an empty one: the page opens with its
/// default puzzle.
pub fn read(search: &str) -> Option<Result<Query, QueryError>> {
    let trimmed = search.trim().trim_start_matches('?');
    (!trimmed.is_empty()).then(|| query::parse(trimmed))
}

/// The canonical query string (without `?`) of the page's query, for the address bar.
pub fn write(query: &Query) -> String {
    query.to_query_string()
}

/// The current page's query string (`location.search`), empty outside a browser.
pub fn current_search() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

/// The current page's full address.
pub fn current_href() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
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
        assert!(read("").is_none());
        assert!(read("?").is_none());
        assert!(read("  ").is_none());
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
        let q = read(&format!("?{text}"))
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
            read(&text).and_then(Result::ok).map(|q| q.puzzle),
            Some(puzzle)
        );
    }

    #[test]
    fn malformed_links_name_the_problem() {
        let err = read("?puzzle=sliding&size=3x3&start=1,2,3").and_then(Result::err);
        assert!(err.is_some_and(|e| e.to_string().contains("start")));
    }
}
