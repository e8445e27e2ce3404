//! One dispatch: a query run with the tracer's recorder as its observer (the step-through's run) answers what the
//! same query run without one (the CLI's and the worker's run) does, with the same statistics, and the record has
//! one step for each expansion those statistics count. Every search, on boards and towers, the pattern databases
//! included.
//! `cargo test -p solver --test observers dispatch::`

use solver::search::trace::{Recorder, TraceError};
use solver::{query, run, Control, Limits, Report, Stats, Status};

/// The queries, each with the step-through's DFS bound.
fn queries() -> Vec<String> {
    let boards = [
        "puzzle=sliding&size=3x2&start=4,1,2,5,0,3",
        "puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5",
        "puzzle=sliding&size=2x2&start=3,1,2,0",
    ];
    let towers = [
        "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0",
        "puzzle=hanoi&pegs=4&disks=3&start=0,1,0&goal=3,3,3",
    ];
    let mut all = Vec::new();
    for board in boards {
        for algo in ["bfs", "bibfs", "dfs"] {
            all.push(format!("{board}&algo={algo}"));
        }
        for algo in ["astar", "idastar", "greedy", "weighted"] {
            for heuristic in ["misplaced", "manhattan", "linear-conflict", "pdb"] {
                all.push(format!("{board}&algo={algo}&heuristic={heuristic}"));
            }
        }
        // What runs when the query names nothing.
        all.push(board.to_string());
    }
    for tower in towers {
        for algo in ["bfs", "bibfs", "dfs"] {
            all.push(format!("{tower}&algo={algo}"));
        }
        for algo in ["astar", "idastar", "greedy", "weighted"] {
            for heuristic in ["misplaced", "exact", "seed-power"] {
                all.push(format!("{tower}&algo={algo}&heuristic={heuristic}"));
            }
        }
        all.push(tower.to_string());
    }
    all
}

fn limits() -> Limits {
    Limits {
        max_depth: 24,
        ..Limits::default()
    }
}

/// The statistics without the time they took, which no two runs share.
fn untimed(stats: &Stats) -> Stats {
    Stats {
        elapsed_ms: 0.0,
        ..stats.clone()
    }
}

fn assert_same(what: &str, plain: &Report, traced: &Report) {
    assert_eq!(plain.status, traced.status, "{what}");
    assert_eq!(plain.moves, traced.moves, "{what}");
    assert_eq!(plain.length, traced.length, "{what}");
    assert_eq!(plain.optimal, traced.optimal, "{what}");
    assert_eq!(plain.lower_bound, traced.lower_bound, "{what}");
    assert_eq!(plain.algorithm, traced.algorithm, "{what}");
    assert_eq!(plain.heuristic, traced.heuristic, "{what}");
    assert_eq!(plain.message, traced.message, "{what}");
    assert_eq!(untimed(&plain.stats), untimed(&traced.stats), "{what}");
}

#[test]
fn the_traced_run_is_the_plain_run_with_the_same_answer_and_statistics() {
    let queries = queries();
    assert!(queries.len() > 80, "{}", queries.len());
    for text in queries {
        let query = query::parse(&text).expect("a valid query");
        let plain = run::solve(&query, &mut Control::new(limits()));
        let mut recorder = Recorder::new(1 << 20, usize::MAX, 0, |_| {}).with_boards();
        let traced = run::solve_observed(&query, &mut Control::new(limits()), &mut recorder);
        assert_same(&text, &plain, &traced);
        let trace = recorder.finish().expect("a small space is traced");
        assert!(!trace.truncated, "{text}");
        assert_eq!(trace.expanded.len() as u64, plain.stats.expanded, "{text}");
        assert_eq!(trace.algorithm, Some(plain.algorithm), "{text}");
        if plain.status == Status::Solved {
            assert_eq!(trace.path.len() as u64, plain.length + 1, "{text}");
        }
        let boards = query.puzzle.shape().is_some();
        let expected = if boards { trace.expanded.len() } else { 0 };
        assert_eq!(trace.boards.len(), expected, "{text}");
    }
}

#[test]
fn runs_that_search_nothing_an_observer_follows_leave_no_record() {
    let cases = [
        // The closed form and the staged solver search no puzzle space.
        "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&algo=direct",
        "puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5&algo=staged",
        // Refused before any search.
        "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,8,7,0&algo=bfs",
    ];
    for text in cases {
        let query = query::parse(text).expect("a valid query");
        let plain = run::solve(&query, &mut Control::new(limits()));
        let mut recorder = Recorder::new(1 << 20, usize::MAX, 0, |_| {});
        let traced = run::solve_observed(&query, &mut Control::new(limits()), &mut recorder);
        assert_same(text, &plain, &traced);
        assert_eq!(recorder.finish(), Err(TraceError::NotSearched), "{text}");
    }
    // A space past the recorder's cap is refused before the engine starts.
    let query = query::parse("puzzle=hanoi&pegs=3&disks=8&start=0,0,0,0,0,0,0,0&algo=bfs").unwrap();
    let mut recorder = Recorder::new(2187, usize::MAX, 0, |_| {});
    let refused = run::solve_observed(&query, &mut Control::new(limits()), &mut recorder);
    assert_eq!(refused.stats.expanded, 0);
    assert_eq!(
        recorder.finish(),
        Err(TraceError::TooLarge {
            ranks: 6561,
            cap: 2187
        })
    );
}
