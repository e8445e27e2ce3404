//! "The article's claims, checked": what the article says of moves, paths, memory and complexity, each held
//! against a run on this page (BFS on 8 and on 10 disks, A* on 5) or against a count the solver's own move
//! generator makes, with the verdict in words.

use super::figures::{CLAIM_ASTAR5, CLAIM_BFS10, CLAIM_BFS8};
use super::text::{t, Line};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{
    big, bytes, hanoi_setup, num, solved, tower, use_auto_solve, use_figure_once,
};
use solver::hanoi::Hanoi;
use solver::{Algorithm, HeuristicName, Puzzle};
use yew::prelude::*;

/// The fewest and the most moves any state of `disks` disks on 3 pegs has, by the solver's own move generator.
pub fn moves_per_state(disks: u8) -> Option<(u64, u64)> {
    let tower = Hanoi::from_states(3, disks, 0, 0).ok()?;
    let (mut least, mut most) = (u64::MAX, 0);
    for s in 0..tower.state_count() {
        let mut n = 0;
        tower.for_each_successor(&s, |_, _| n += 1);
        least = least.min(n);
        most = most.max(n);
    }
    Some((least, most))
}

/// The article's O(b^d) for A*: b = 3 moves, d = 2^n - 1, as a number.
pub fn article_bound(disks: u8) -> f64 {
    3f64.powf(2f64.powi(i32::from(disks)) - 1.0)
}

#[component]
pub fn ClaimsSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[CLAIM_ASTAR5, CLAIM_BFS10, CLAIM_BFS8]);
    let bfs = |disks| {
        hanoi_setup(
            3,
            &tower(disks, 0),
            &tower(disks, 2),
            Algorithm::Bfs,
            HeuristicName::Misplaced,
        )
    };
    // Counted once: every state of five disks, by the engine's move generator.
    let moves = *use_memo((), |_| moves_per_state(5));
    use_figure_once(CLAIM_BFS8, move || bfs(8));
    use_figure_once(CLAIM_BFS10, move || bfs(10));
    use_figure_once(CLAIM_ASTAR5, || {
        hanoi_setup(
            3,
            &tower(5, 0),
            &tower(5, 2),
            Algorithm::Astar,
            HeuristicName::Misplaced,
        )
    });
    use_auto_solve(CLAIM_BFS8);
    use_auto_solve(CLAIM_BFS10);
    use_auto_solve(CLAIM_ASTAR5);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let run = |n| solved(state, n);
    let (b8, b10, a5) = (run(CLAIM_BFS8), run(CLAIM_BFS10), run(CLAIM_ASTAR5));
    let item = |id: &'static str, claim: Line, verdict: Html| {
        html! {
            <li data-claim={id}>
                <p class="claim-quote">{ t(lang, claim) }</p>
                <p class="claim-verdict" data-testid="claim-verdict">{ verdict }</p>
            </li>
        }
    };
    html! {
        <>
            <p>{ t(lang, Line::ClaimsText) }</p>
            <ol class="lesson-claims" data-testid="hanoi-claims">
                { item("moves", Line::ClaimMoves, fill_html(t(lang, Line::ClaimMovesVerdict), vec![
                    num("moves-states", Some(3u64.pow(5))),
                    num("moves-least", moves.map(|m| m.0)),
                    num("moves-most", moves.map(|m| m.1)),
                ])) }
                { item("parent", Line::ClaimParent, fill_html(t(lang, Line::ClaimParentVerdict), vec![
                    num("parent-length", b8.as_ref().map(|r| r.length)),
                    num("parent-formula", Some((1 << 8) - 1)),
                ])) }
                { item("memory", Line::ClaimMemory, fill_html(t(lang, Line::ClaimMemoryVerdict), vec![
                    num("memory-states", Some(3u64.pow(8))),
                    num("memory-expanded", b8.as_ref().map(|r| r.stats.expanded)),
                    bytes("memory-bytes", b8.as_ref().map(|r| r.stats.peak_memory_bytes)),
                ])) }
                { item("ten", Line::ClaimTen, fill_html(t(lang, Line::ClaimTenVerdict), vec![
                    num("ten-states", Some(3u64.pow(10))),
                    num("ten-expanded", b10.as_ref().map(|r| r.stats.expanded)),
                    bytes("ten-bytes", b10.as_ref().map(|r| r.stats.peak_memory_bytes)),
                ])) }
                { item("complexity", Line::ClaimComplexity, fill_html(t(lang, Line::ClaimComplexityVerdict), vec![
                    big("complexity-bound", Some(article_bound(5))),
                    num("complexity-states", Some(3u64.pow(5))),
                    num("complexity-expanded", a5.as_ref().map(|r| r.stats.expanded)),
                ])) }
            </ol>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_state_of_two_disks_or_more_has_two_or_three_moves() {
        assert_eq!(moves_per_state(1), Some((2, 2)));
        for disks in 2..=8 {
            assert_eq!(moves_per_state(disks), Some((2, 3)), "{disks} disks");
        }
    }

    #[test]
    fn the_articles_bound_dwarfs_the_graph() {
        assert!((article_bound(5) / 3f64.powi(31) - 1.0).abs() < 1e-9);
        assert!(article_bound(5) > 1e14 && 3u64.pow(5) == 243);
    }
}
