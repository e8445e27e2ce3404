//! The worker is told to get ready for a 5x5 board (`RequestKind::Prepare`: it reads the 5x5 pattern databases
//! back) as soon as the page shows one, once per worker, without holding up the requests that follow.

use super::*;
use crate::page::state::share::ShareAction;

/// The queries of the `Prepare` requests posted so far.
fn prepared(page: &Page) -> Vec<String> {
    page.posted
        .iter()
        .filter_map(|r| match &r.kind {
            RequestKind::Prepare { query } => Some(query.clone()),
            _ => None,
        })
        .collect()
}

#[test]
fn a_5x5_link_prepares_the_worker_at_once_and_only_once() {
    let mut page = Page::from_search("puzzle=sliding&size=5x5", 7);
    page.apply(ShareAction::Opened);
    let asked = prepared(&page);
    assert_eq!(asked.len(), 1, "{:?}", page.posted);
    assert!(asked[0].contains("size=5x5"), "{}", asked[0]);
    assert!(asked[0].contains("algo=staged"), "{}", asked[0]);
    // Another shuffle of the same size: the worker is already on it.
    page.apply(SetupAction::Shuffle { seed: 8 });
    assert_eq!(prepared(&page).len(), 1);
    // The solve goes out at once: the prepare waits for no answer in the router.
    page.apply(SolveAction::Solve);
    assert!(
        matches!(
            page.last_posted().map(|r| &r.kind),
            Some(RequestKind::Solve { .. })
        ),
        "{:?}",
        page.posted
    );
    let ids: std::collections::HashSet<u64> = page.posted.iter().map(|r| r.id).collect();
    assert_eq!(ids.len(), page.posted.len(), "every request has its own id");
}

#[test]
fn picking_5x5_prepares_and_a_fresh_worker_is_prepared_again() {
    let mut page = Page::new_default(3);
    page.apply(ShareAction::Opened);
    assert!(prepared(&page).is_empty(), "a 3x3 board reads no tables");
    page.apply(SetupAction::SetSize {
        width: 4,
        height: 4,
        seed: 1,
    });
    assert!(prepared(&page).is_empty(), "nor does 4x4 before its solve");
    page.apply(SetupAction::SetSize {
        width: 5,
        height: 5,
        seed: 2,
    });
    assert_eq!(prepared(&page).len(), 1);
    // Cancel replaces the worker: the fresh one is told too.
    page.apply(SolveAction::Solve);
    page.apply(SolveAction::Cancel);
    assert_eq!(prepared(&page).len(), 2, "{:?}", page.posted);
}

#[test]
fn another_algorithm_on_5x5_reads_no_tables() {
    let mut page = Page::from_search("puzzle=sliding&size=5x5&algo=weighted", 7);
    page.apply(ShareAction::Opened);
    assert!(prepared(&page).is_empty(), "{:?}", page.posted);
    page.apply(SetupAction::SetAlgorithm(Algorithm::Staged));
    assert_eq!(prepared(&page).len(), 1);
}
