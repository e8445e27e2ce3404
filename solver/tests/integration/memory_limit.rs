//! The memory budget in bytes (`Control::with_max_bytes`): a search stops at it with a message naming it, the
//! states a BFS may hold are bounded by it, and a budget with room changes nothing.

use solver::hanoi::Hanoi;
use solver::search::{astar, bfs, Control, Limits};
use solver::Status;

fn query(text: &str) -> solver::query::Query {
    solver::query::parse(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// BFS over 4^9 = 262,144 tower positions, the goal in the far corner.
const TOWER_4X9: &str =
    "puzzle=hanoi&pegs=4&disks=9&start=0,0,0,0,0,0,0,0,0&goal=3,3,3,3,3,3,3,3,3&algo=bfs";

#[test]
fn a_search_over_its_byte_budget_stops_and_names_the_budget() {
    // The full search holds two layers of the queue (8 bytes a state) and 2 bits a state (64 KiB): give it
    // half of what it holds unbudgeted.
    let needed = solver::run::solve(&query(TOWER_4X9), &mut Control::new(Limits::default()))
        .stats
        .peak_memory_bytes;
    let limit = needed / 2;
    let mut control = Control::new(Limits::default()).with_max_bytes(limit);
    let report = solver::run::solve(&query(TOWER_4X9), &mut control);
    assert_eq!(report.status, Status::Limit, "{}", report.message);
    assert!(
        report.message.contains("memory limit") && report.message.contains(&limit.to_string()),
        "{}",
        report.message
    );
    assert_eq!(report.length, 0);
}

#[test]
fn a_budget_with_room_changes_nothing() {
    let mut unlimited = Control::new(Limits::default());
    let plain = solver::run::solve(&query(TOWER_4X9), &mut unlimited);
    let mut control = Control::new(Limits::default()).with_max_bytes(64 << 20);
    let budgeted = solver::run::solve(&query(TOWER_4X9), &mut control);
    assert_eq!(plain.status, Status::Solved, "{}", plain.message);
    assert_eq!(budgeted.status, Status::Solved, "{}", budgeted.message);
    assert_eq!(budgeted.length, plain.length);
    assert_eq!(budgeted.stats.expanded, plain.stats.expanded);
    assert!(budgeted.stats.peak_memory_bytes <= 64 << 20);
}

#[test]
fn the_states_held_are_bounded_by_three_quarters_of_the_budget() {
    let limits = Limits {
        max_states: 1_000_000,
        ..Limits::default()
    };
    // 8-byte states, 1 MiB: at most 98,304 states.
    let mut control = Control::new(limits).with_max_bytes(1 << 20);
    control.fit_states_to_memory(8);
    assert_eq!(control.limits.max_states, 98_304);
    let tower = Hanoi::new(4, 9, &[0; 9], &[3; 9]).unwrap_or_else(|e| panic!("{e}"));
    let outcome = bfs::bfs(&tower, &mut control);
    assert_eq!(outcome.status, Status::Limit);
    assert!(
        outcome.message().contains("memory limit"),
        "{}",
        outcome.message()
    );
    // A lower state budget stays as it is, and is worded as the state limit.
    let mut control = Control::new(Limits {
        max_states: 1_000,
        ..Limits::default()
    })
    .with_max_bytes(1 << 20);
    control.fit_states_to_memory(8);
    assert_eq!(control.limits.max_states, 1_000);
    let outcome = astar::astar(&tower, &solver::puzzle::Zero, &mut control);
    assert_eq!(outcome.status, Status::Limit);
    assert!(
        outcome.message().contains("max-states = 1000"),
        "{}",
        outcome.message()
    );
    // Without a byte budget nothing is lowered.
    let mut control = Control::new(limits);
    control.fit_states_to_memory(8);
    assert_eq!(control.limits.max_states, 1_000_000);
}

/// Checks a search run with a byte budget of `limit`: it held no more than that at any time, and it either solved
/// or stopped at the memory limit, saying so. Returns whether it stopped.
fn within_budget(label: &str, limit: u64, held: u64, status: Status, message: &str) -> bool {
    assert!(
        held <= limit,
        "{label}: held {held} bytes, over {limit} ({status:?}: {message})"
    );
    if status == Status::Limit {
        assert!(message.contains("memory limit"), "{label}: {message}");
        true
    } else {
        assert_eq!(status, Status::Solved, "{label}: {message}");
        false
    }
}

#[test]
fn a_bfs_stopped_by_its_byte_budget_never_held_more() {
    // Budgets from a quarter of what the search needs to all of it: whatever the search holds when it stops
    // (depth marks, and a queue that has just grown) stays within the budget, and every budget below what the
    // unbudgeted search held stops it, with a message naming that budget.
    let tower = Hanoi::new(4, 9, &[0; 9], &[3; 9]).unwrap_or_else(|e| panic!("{e}"));
    let needed = bfs::bfs(&tower, &mut Control::new(Limits::default()))
        .stats
        .peak_memory_bytes;
    let mut stopped = 0;
    for kib in [96u64, 160, 256, 384, 512, 768, 1024, 1536, 2048] {
        let limit = kib << 10;
        let mut control = Control::new(Limits::default()).with_max_bytes(limit);
        let o = bfs::bfs(&tower, &mut control);
        let label = format!("BFS at {kib} KiB");
        let stop = within_budget(
            &label,
            limit,
            o.stats.peak_memory_bytes,
            o.status,
            &o.message(),
        );
        if limit < needed {
            assert!(
                stop,
                "{label}: the search needs {needed} bytes, yet it {:?}",
                o.status
            );
            assert!(
                o.message().contains(&format!("max-bytes = {limit}")),
                "{label}: {}",
                o.message()
            );
            stopped += 1;
        }
    }
    assert!(
        stopped >= 5,
        "only {stopped} budgets were below the {needed} bytes needed"
    );
}

#[test]
fn a_best_first_search_stopped_by_its_byte_budget_never_held_more() {
    // A* without a heuristic over 4^9 tower positions needs about 20 MiB; budgets from 1 MiB up to all of it.
    let tower = Hanoi::new(4, 9, &[0; 9], &[3; 9]).unwrap_or_else(|e| panic!("{e}"));
    let mut stopped = 0;
    for mib in [1u64, 2, 3, 5, 8, 12, 16, 24, 32] {
        let limit = mib << 20;
        let mut control = Control::new(Limits::default()).with_max_bytes(limit);
        let o = astar::astar(&tower, &solver::puzzle::Zero, &mut control);
        let label = format!("A* at {mib} MiB");
        stopped += usize::from(within_budget(
            &label,
            limit,
            o.stats.peak_memory_bytes,
            o.status,
            &o.message(),
        ));
    }
    assert!(stopped > 0, "no budget was small enough to stop the search");
}

#[test]
fn bidirectional_bfs_and_dfs_stopped_by_their_byte_budgets_never_held_more() {
    // The 15-puzzle's space is far too big for these budgets; hashed visited sets grow until they stop.
    let board = "puzzle=sliding&size=4x4&start=14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3&goal=0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15";
    for algo in ["bibfs", "dfs&depth=60"] {
        for mib in [1u64, 2, 4, 8, 16] {
            let limit = mib << 20;
            let mut control = Control::new(Limits::default()).with_max_bytes(limit);
            let r = solver::run::solve(&query(&format!("{board}&algo={algo}")), &mut control);
            let label = format!("{algo} at {mib} MiB");
            let held = r.stats.peak_memory_bytes;
            assert!(
                within_budget(&label, limit, held, r.status, &r.message),
                "{label}: {}",
                r.message
            );
        }
    }
}
