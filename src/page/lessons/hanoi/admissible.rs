//! "When a heuristic overestimates": the article's 2^(k+1) - 1 (the solver's `seed-power`) on a tower the reader
//! arranges, its value against the true distance (a BFS run of the same tower), and on four pegs A* with it
//! returning a longer path than BFS.

use super::figures::{OVER_BFS, OVER_SHOWN, SEED_ASTAR, SEED_BFS};
use super::text::{t, Line};
use crate::page::components::puzzle_view::{PuzzleBoard, PuzzlePlayback};
use crate::page::hooks::store::use_figures;
use crate::page::i18n::{fill_html, use_lang};
use crate::page::lessons::figure::{
    expanded_and_length, hanoi_setup, num, place, setup_of, start_of, tower, use_auto_solve,
    LessonFigure,
};
use crate::page::state::{Action, PuzzleId};
use solver::hanoi::{Hanoi, SeedPower};
use solver::{Algorithm, Heuristic, HeuristicName, Puzzle};
use yew::prelude::*;

/// A 3-peg tower where the heuristic overestimates: disk 2 on A, the smaller two already aside on B.
const OVER_START: [u8; 3] = [1, 1, 0];
/// Four pegs, three disks: found with the solver (every 3-disk start towards peg D tried), A* with the heuristic
/// returns a path one move longer than BFS's from here.
const LONGER_START: [u8; 3] = [0, 2, 0];

/// The seed heuristic's value at `start` towards `goal` on `pegs` pegs: the solver's own `SeedPower`.
pub(super) fn seed_power(pegs: u8, start: &[u8], goal: &[u8]) -> Option<u64> {
    let hanoi = Hanoi::new(pegs, start.len() as u8, start, goal).ok()?;
    Some(u64::from(SeedPower::new(&hanoi).estimate(&hanoi.start())))
}

/// A lower bound on the moves from `position` to the whole tower on peg `goal`: 2^k, k the largest disk off that
/// peg (0 at the goal). Disk k's last move lands on the goal peg with every smaller disk on the third peg, from
/// where those k disks need 2^k - 1 more moves; the test below holds it under the true distance of every state.
pub fn two_to_k(position: &[u8], goal: u8) -> u64 {
    position
        .iter()
        .rposition(|&peg| peg != goal)
        .map_or(0, |k| 1u64 << k)
}

#[component]
pub fn AdmissibleSection() -> Html {
    let lang = use_lang();
    let store = use_figures(&[OVER_BFS, OVER_SHOWN, SEED_ASTAR, SEED_BFS]);
    {
        let dispatch = store.as_ref().map(|s| s.dispatch.clone());
        use_effect_with((), move |_| {
            if let Some(d) = dispatch {
                let goal = tower(3, 2);
                let shown = hanoi_setup(
                    3,
                    &OVER_START,
                    &goal,
                    Algorithm::Bfs,
                    HeuristicName::SeedPower,
                );
                d.emit(Action::AddFigure(OVER_SHOWN, Box::new(shown)));
                let four_goal = tower(3, 3);
                let seed = hanoi_setup(
                    4,
                    &LONGER_START,
                    &four_goal,
                    Algorithm::Astar,
                    HeuristicName::SeedPower,
                );
                let bfs = hanoi_setup(
                    4,
                    &LONGER_START,
                    &four_goal,
                    Algorithm::Bfs,
                    HeuristicName::Misplaced,
                );
                d.emit(Action::AddFigure(SEED_ASTAR, Box::new(seed)));
                d.emit(Action::AddFigure(SEED_BFS, Box::new(bfs)));
            }
        });
    }
    // The true distance of the tower shown: a BFS of the same start, run again whenever the reader moves a disk.
    let shown_start = store.as_ref().and_then(|s| start_of(&s.state, OVER_SHOWN));
    {
        let store = store.clone();
        use_effect_with(shown_start.clone(), move |start| {
            if let (Some(s), Some(start)) = (store, start) {
                let setup = hanoi_setup(
                    3,
                    start,
                    &tower(3, 2),
                    Algorithm::Bfs,
                    HeuristicName::Misplaced,
                );
                place(&s.dispatch, OVER_BFS, setup);
            }
        });
    }
    use_auto_solve(OVER_BFS);
    use_auto_solve(SEED_ASTAR);
    use_auto_solve(SEED_BFS);
    let Some(store) = store else {
        return Html::default();
    };
    let state = &store.state;
    let h = shown_start
        .as_deref()
        .and_then(|s| seed_power(3, s, &tower(3, 2)));
    // The distance belongs to the tower shown only once the BFS figure has that very start.
    let current = start_of(state, OVER_BFS) == shown_start;
    let distance = expanded_and_length(state, OVER_BFS).1.filter(|_| current);
    let verdict = match (h, distance) {
        (Some(h), Some(d)) if h > d => fill_html(
            t(lang, Line::AdmOver),
            vec![num("overestimate", Some(h - d))],
        ),
        (Some(_), Some(_)) => html! { { t(lang, Line::AdmNotOver) } },
        _ => Html::default(),
    };
    let bound = shown_start.as_deref().map(|s| two_to_k(s, 2));
    let caption = html! {
        <>
            { fill_html(t(lang, Line::AdmShown), vec![num("h", h), num("distance", distance)]) }
            { " " }<span data-testid="verdict">{ verdict }</span>
        </>
    };
    let correct = fill_html(
        t(lang, Line::AdmCorrect),
        vec![num("bound", bound), num("bound-distance", distance)],
    );
    let (_, seed_length) = expanded_and_length(state, SEED_ASTAR);
    let (_, bfs_length) = expanded_and_length(state, SEED_BFS);
    let four_caption = fill_html(
        t(lang, Line::AdmFourResult),
        vec![
            num("seed-length", seed_length),
            num("bfs-length", bfs_length),
        ],
    );
    let four_ready = setup_of(state, SEED_ASTAR).is_some();
    html! {
        <>
            <p>{ t(lang, Line::AdmText) }</p>
            <LessonFigure lab={OVER_SHOWN} {caption}>
                <div class="view lesson-view" data-figure="overestimate">
                    <PuzzleBoard id={PuzzleId::Figure(OVER_SHOWN)} />
                </div>
            </LessonFigure>
            <p data-testid="adm-correct">{ correct }</p>
            <p>{ t(lang, Line::AdmFourText) }</p>
            <LessonFigure lab={SEED_ASTAR} caption={four_caption}>
                if four_ready {
                    <div class="lesson-pair">
                        <div class="lesson-side" data-figure="seed-astar">
                            <h3>{ "A* · 2^(k+1) - 1" }</h3>
                            <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(SEED_ASTAR)} /></div>
                            <PuzzlePlayback id={PuzzleId::Figure(SEED_ASTAR)} />
                        </div>
                        <div class="lesson-side" data-figure="seed-bfs">
                            <h3>{ t(lang, Line::RaceBfs) }</h3>
                            <div class="view lesson-view"><PuzzleBoard id={PuzzleId::Figure(SEED_BFS)} /></div>
                            <PuzzlePlayback id={PuzzleId::Figure(SEED_BFS)} />
                        </div>
                    </div>
                }
            </LessonFigure>
            <p class="lesson-article">{ t(lang, Line::AdmArticle) }</p>
        </>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Exact distances to the tower on peg 2 of every state of `disks` disks: a BFS from the goal written here.
    fn distances(disks: u8) -> Vec<u64> {
        let tower = Hanoi::from_states(3, disks, 0, 0).unwrap();
        let goal = tower.encode(&vec![2; usize::from(disks)]);
        let mut dist = vec![u64::MAX; tower.state_count() as usize];
        dist[goal as usize] = 0;
        let mut frontier = vec![goal];
        while !frontier.is_empty() {
            let mut next = Vec::new();
            for &s in &frontier {
                tower.for_each_successor(&s, |_, t| {
                    if dist[t as usize] == u64::MAX {
                        dist[t as usize] = dist[s as usize] + 1;
                        next.push(t);
                    }
                });
            }
            frontier = next;
        }
        dist
    }

    #[test]
    fn two_to_k_never_overestimates_and_is_sometimes_exact() {
        for disks in 1..=7u8 {
            let tower = Hanoi::from_states(3, disks, 0, 0).unwrap();
            let dist = distances(disks);
            let mut exact = 0;
            for s in 0..tower.state_count() {
                let bound = two_to_k(&tower.decode(s), 2);
                assert!(bound <= dist[s as usize], "{disks} disks, state {s}");
                exact += u32::from(bound == dist[s as usize]);
            }
            assert!(
                exact > 1,
                "{disks} disks: the bound is reached away from the goal"
            );
        }
        assert_eq!(two_to_k(&OVER_START, 2), 4);
        // The article's 2^(k+1) - 1 is above the truth at that same state.
        assert_eq!(
            distances(3)[Hanoi::new(3, 3, &OVER_START, &OVER_START)
                .unwrap()
                .encode(&OVER_START) as usize],
            4
        );
    }

    #[test]
    fn the_seed_heuristic_is_the_solvers() {
        assert_eq!(seed_power(3, &OVER_START, &[2, 2, 2]), Some(7));
        assert_eq!(seed_power(3, &[2, 2, 2], &[2, 2, 2]), Some(0));
        assert_eq!(seed_power(4, &LONGER_START, &[3, 3, 3]), Some(7));
    }
}
