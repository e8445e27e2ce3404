//! The teaching trace: the record of a small search that the step-through, the search tree, the Sierpinski view
//! and the nodes-by-depth chart draw (the tree for runs of at most `TREE_MAX_EXPANSIONS` expansions). It is the
//! query run again through the solver's one dispatch (`solver::run::solve_observed`) with the tracer's recorder as
//! its observer, and posted after the request's answer, so that it never delays the solution.

use crate::protocol::{
    TRACE_MAX_EXPANSIONS, TRACE_MAX_SLIDING_RANKS, TRACE_MAX_STATES, TREE_MAX_EXPANSIONS,
};
use solver::query::{self, PuzzleSpec};
use solver::search::trace::{traced_algorithm, Recorder, Trace};
use solver::search::{Control, Limits};

/// The teaching tracer's record of the search `query` asks for (DFS with the depth bound `max_depth`; the direct
/// and staged solvers shown by BFS), when its space is small enough: at most `TRACE_MAX_STATES` positions of a
/// tower, or `TRACE_MAX_SLIDING_RANKS` arrangements of a board, whose boards are recorded and whose search is cut
/// at `TRACE_MAX_EXPANSIONS` expansions. `None` for a larger space, or a query that searches nothing (it cannot be
/// read, is unsolvable, or runs the tuned IDA* on 4x4's tables): its solve reports why.
pub fn trace_request(query: &str, max_depth: u32) -> Option<Trace> {
    let mut query = query::parse(query).ok()?;
    let chosen = query.choice().algorithm;
    if traced_algorithm(chosen) != chosen {
        query.algorithm = Some(traced_algorithm(chosen));
    }
    let recorder =
        |cap, max_expanded| Recorder::new(cap, max_expanded, TREE_MAX_EXPANSIONS, |_| {});
    let mut recorder = match query.puzzle {
        PuzzleSpec::Hanoi { .. } => recorder(TRACE_MAX_STATES, usize::MAX),
        PuzzleSpec::Sliding { .. } => {
            recorder(TRACE_MAX_SLIDING_RANKS, TRACE_MAX_EXPANSIONS).with_boards()
        }
    };
    let mut control = Control::new(Limits {
        max_depth,
        ..Limits::default()
    });
    solver::run::solve_observed(&query, &mut control, &mut recorder);
    recorder.finish().ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use solver::search::DEFAULT_DFS_DEPTH;
    use solver::Algorithm;

    #[test]
    fn traces_cover_small_towers_only_and_follow_the_algorithm() {
        let bfs = trace_request(
            "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("81 states are traced");
        assert_eq!(bfs.rank_count, 81);
        assert_eq!(bfs.path.len(), 16, "2^4 - 1 moves");
        let astar = trace_request(
            "puzzle=hanoi&pegs=3&disks=4&start=0,0,0,0&goal=2,2,2,2&algo=astar&heuristic=exact",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        assert_eq!(
            astar.expanded.len(),
            15,
            "the exact heuristic expands only the path before the goal"
        );
        assert!(bfs.expanded.len() > astar.expanded.len());
        assert!(trace_request(
            "puzzle=hanoi&pegs=3&disks=8&start=0,0,0,0,0,0,0,0",
            DEFAULT_DFS_DEPTH
        )
        .is_none());
        assert!(trace_request(
            "puzzle=sliding&size=3x4&start=1,2,3,4,5,6,7,8,9,10,0,11",
            DEFAULT_DFS_DEPTH
        )
        .is_none());
        assert!(trace_request("puzzle=cube", DEFAULT_DFS_DEPTH).is_none());
        // DFS, greedy and IDA* are traced as the real engines run them (`solver::search::trace` records them
        // through their observer hook: greedy breaks ties towards the newer state).
        let tower = "puzzle=hanoi&pegs=3&disks=2&start=0,0&goal=2,2";
        let dfs = trace_request(&format!("{tower}&algo=dfs"), 40).expect("traced");
        assert_eq!(
            (dfs.algorithm, dfs.expanded.clone()),
            (Some(Algorithm::Dfs), vec![0, 1, 7, 6])
        );
        let greedy =
            trace_request(&format!("{tower}&algo=greedy&heuristic=misplaced"), 40).expect("traced");
        assert_eq!(
            (greedy.algorithm, greedy.expanded.clone()),
            (Some(Algorithm::Greedy), vec![0, 2, 5, 4, 3, 6])
        );
        let ida =
            trace_request(&format!("{tower}&algo=idastar&heuristic=exact"), 40).expect("traced");
        assert_eq!(ida.algorithm, Some(Algorithm::Idastar));
        let bounded = trace_request(&format!("{tower}&algo=dfs"), 2).expect("traced");
        assert!(
            bounded.path.is_empty(),
            "the depth bound reaches the tracer"
        );
    }

    #[test]
    fn sliding_traces_record_each_expanded_board_and_stop_at_the_cap() {
        // 2x3: every expansion is recorded with its board; the first is the start.
        let bfs = trace_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("360 states");
        assert!(!bfs.truncated);
        assert_eq!(bfs.boards.len(), bfs.expanded.len());
        assert_eq!(bfs.boards[0], vec![4, 1, 2, 5, 0, 3]);
        assert!(!bfs.path.is_empty());
        // Each recorded board is a permutation of the cells.
        for board in &bfs.boards {
            let mut sorted = board.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, vec![0, 1, 2, 3, 4, 5]);
        }
        let astar = trace_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=astar&heuristic=manhattan",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        assert_eq!(astar.path.len(), bfs.path.len(), "both shortest");
        assert!(astar.expanded.len() <= bfs.expanded.len());
        // 3x3, BFS on a far position: more than the cap of expansions, so the record is cut and says so.
        let far = trace_request(
            "puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("3x3 traced");
        assert!(far.truncated && far.path.is_empty());
        assert_eq!(far.expanded.len(), TRACE_MAX_EXPANSIONS);
        assert_eq!(far.boards.len(), TRACE_MAX_EXPANSIONS);
        // A* with linear conflict on a near one finishes within the cap.
        let near = trace_request(
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=astar&heuristic=linear-conflict",
            DEFAULT_DFS_DEPTH,
        )
        .expect("3x3 traced");
        assert!(!near.truncated);
        assert_eq!(near.path.len(), 3, "two moves");
        // A* on pattern databases is traced as A* on them, not as BFS: the same shortest path, fewer expansions.
        let pdb = trace_request(
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=astar&heuristic=pdb",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        assert_eq!(pdb.algorithm, Some(Algorithm::Astar));
        assert_eq!(pdb.path.len(), bfs.path.len());
        assert!(
            pdb.expanded.len() < bfs.expanded.len(),
            "{} against BFS's {}",
            pdb.expanded.len(),
            bfs.expanded.len()
        );
    }

    #[test]
    fn the_tree_comes_with_runs_of_up_to_two_thousand_expansions() {
        let near = trace_request(
            "puzzle=sliding&size=3x3&start=4,1,3,7,2,6,0,5,8&algo=astar&heuristic=manhattan",
            DEFAULT_DFS_DEPTH,
        )
        .expect("traced");
        let tree = near.tree.as_deref().expect("a small run's tree");
        assert_eq!(tree.steps.len(), near.expanded.len());
        assert_eq!(tree.path.len(), near.path.len());
        let six = trace_request(
            "puzzle=hanoi&pegs=3&disks=6&start=0,0,0,0,0,0&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("729 states");
        assert!(six.tree.is_some(), "Hanoi up to 6 disks");
        // 7 disks: BFS expands more than the tree's limit; the trace is whole, the tree is not given.
        let seven = trace_request(
            "puzzle=hanoi&pegs=3&disks=7&start=0,0,0,0,0,0,0&algo=bfs",
            DEFAULT_DFS_DEPTH,
        )
        .expect("2187 states");
        assert!(seven.expanded.len() > TREE_MAX_EXPANSIONS && !seven.truncated);
        assert!(seven.tree.is_none());
    }

    #[test]
    fn the_trace_is_the_run_whose_statistics_are_reported() {
        // For each search, the steps recorded are as many as the report's expansions: the stepper shows the
        // solver's own run, the pattern-database IDA* included (the generic engine on boards a trace covers).
        for query in [
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=idastar&heuristic=pdb",
            "puzzle=sliding&size=3x3&start=1,2,3,4,5,6,0,7,8&algo=idastar&heuristic=pdb",
            "puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5&algo=idastar&heuristic=pdb",
            "puzzle=sliding&size=3x3&start=8,6,7,2,5,4,3,0,1&algo=idastar&heuristic=pdb",
            "puzzle=sliding&size=3x2&start=4,1,2,5,0,3&algo=astar&heuristic=pdb",
            "puzzle=sliding&size=3x3&start=8,1,3,4,0,2,7,6,5&algo=greedy&heuristic=manhattan",
            "puzzle=hanoi&pegs=3&disks=3&start=0,0,0&algo=idastar&heuristic=exact",
        ] {
            let trace = trace_request(query, DEFAULT_DFS_DEPTH).expect("traced");
            let parsed = solver::query::parse(query).expect("a valid query");
            let report = solver::run::solve(
                &parsed,
                &mut solver::Control::new(solver::Limits::default()),
            );
            assert!(!trace.truncated, "{query}");
            assert_eq!(
                trace.expanded.len() as u64,
                report.stats.expanded,
                "{query}"
            );
            assert_eq!(trace.path.len() as u64, report.length + 1, "{query}");
        }
    }
}
